"""An article with an inline teaser ("Leggi anche: ...") between its paragraphs and a
labelled list of other headlines after it, in each language the rules name: the
paragraphs stay, the teaser and the list go. The page is built here from one template;
the texts are original."""

import pytest

import webfold

PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>
<meta property="og:type" content="article"></head><body>
<header><a href="/">Site</a> <a href="/a">A</a> <a href="/b">B</a></header>
<main><article><h1>{title}</h1><p>{p1}</p>
<p class="inline-teaser"><strong>{label}</strong> <a href="/other">{teaser}</a></p>
<p>{p2}</p><p>{p3}</p></article>
<section><h2>{more}</h2><ul><li><a href="/x1">{t1}</a></li><li><a href="/x2">{t2}</a></li>
<li><a href="/x3">{t3}</a></li></ul></section></main><footer>© Site</footer></body></html>"""

LANGUAGES = {
    "it": dict(title="Il comune rinnova la piazza del mercato", label="Leggi anche:",
               teaser="Parcheggi gratuiti in centro fino a maggio",
               p1="I lavori di rifacimento della piazza del mercato inizieranno a settembre e "
                  "dureranno circa sette mesi, secondo il calendario presentato ieri.",
               p2="Durante il cantiere le bancarelle del sabato si sposteranno nel cortile "
                  "della vecchia scuola elementare, a pochi passi dalla stazione.",
               p3="Il progetto prevede nuove alberature, una fontana e l'illuminazione a led "
                  "lungo tutto il perimetro della piazza.",
               more="Potrebbe interessarti", t1="Nuova pista ciclabile verso il lago",
               t2="Chiude la biblioteca per lavori", t3="Festa del patrono: il programma"),
    "pt": dict(title="Prefeitura renova a praça do mercado", label="Leia também:",
               teaser="Estacionamento gratuito no centro até maio",
               p1="As obras de reforma da praça do mercado começam em setembro e devem durar "
                  "cerca de sete meses, segundo o cronograma apresentado ontem.",
               p2="Durante a obra, a feira de sábado passa para o pátio da antiga escola "
                  "primária, perto da estação.",
               p3="O projeto prevê novas árvores, uma fonte e iluminação de led em todo o "
                  "perímetro da praça.",
               more="Veja também", t1="Nova ciclovia até o lago",
               t2="Biblioteca fecha para obras", t3="Festa do padroeiro: a programação"),
    "nl": dict(title="Gemeente vernieuwt het marktplein", label="Lees ook:",
               teaser="Gratis parkeren in het centrum tot mei",
               p1="De werkzaamheden aan het marktplein beginnen in september en duren "
                  "ongeveer zeven maanden, zo bleek gisteren in de gemeenteraad.",
               p2="Tijdens de bouw verhuist de zaterdagmarkt naar het plein achter de oude "
                  "basisschool, vlak bij het station.",
               p3="Het plan omvat nieuwe bomen, een fontein en ledverlichting rond het hele "
                  "plein.",
               more="Meer nieuws", t1="Nieuw fietspad naar het meer",
               t2="Bibliotheek sluit voor verbouwing", t3="Kermis: het programma"),
    "es": dict(title="El ayuntamiento renueva la plaza del mercado", label="Te puede interesar:",
               teaser="Aparcamiento gratis en el centro hasta mayo",
               p1="Las obras de la plaza del mercado empezarán en septiembre y durarán unos "
                  "siete meses, según el calendario presentado ayer en el pleno.",
               p2="Durante las obras, el mercadillo del sábado se trasladará al patio del "
                  "antiguo colegio, junto a la estación.",
               p3="El proyecto incluye nuevos árboles, una fuente e iluminación led en todo el "
                  "perímetro de la plaza.",
               more="Más noticias", t1="Nuevo carril bici hasta el lago",
               t2="La biblioteca cierra por obras", t3="Fiestas patronales: el programa"),
    "fr": dict(title="La mairie rénove la place du marché", label="Lire aussi :",
               teaser="Stationnement gratuit en centre-ville jusqu'en mai",
               p1="Les travaux de la place du marché commenceront en septembre et dureront "
                  "environ sept mois, selon le calendrier présenté hier.",
               p2="Pendant le chantier, le marché du samedi s'installera dans la cour de "
                  "l'ancienne école, près de la gare.",
               p3="Le projet prévoit de nouveaux arbres, une fontaine et un éclairage led sur "
                  "tout le pourtour de la place.",
               more="Sur le même sujet", t1="Une nouvelle piste cyclable vers le lac",
               t2="La médiathèque ferme pour travaux", t3="Fête patronale : le programme"),
    "de": dict(title="Stadt erneuert den Marktplatz", label="Auch interessant:",
               teaser="Kostenlos parken in der Innenstadt bis Mai",
               p1="Die Arbeiten am Marktplatz beginnen im September und dauern rund sieben "
                  "Monate, wie gestern im Stadtrat vorgestellt wurde.",
               p2="Während der Bauzeit zieht der Samstagsmarkt auf den Hof der alten "
                  "Grundschule nahe dem Bahnhof.",
               p3="Geplant sind neue Bäume, ein Brunnen und LED-Beleuchtung rund um den "
                  "ganzen Platz.",
               more="Weitere Nachrichten", t1="Neuer Radweg zum See",
               t2="Bücherei schließt für Umbau", t3="Stadtfest: das Programm"),
    "pl": dict(title="Miasto odnawia rynek", label="Czytaj także:",
               teaser="Bezpłatny parking w centrum do maja",
               p1="Prace przy przebudowie rynku rozpoczną się we wrześniu i potrwają około "
                  "siedmiu miesięcy, wynika z harmonogramu przedstawionego wczoraj.",
               p2="Na czas budowy sobotni targ przeniesie się na dziedziniec dawnej szkoły "
                  "podstawowej, niedaleko dworca.",
               p3="Projekt przewiduje nowe drzewa, fontannę i oświetlenie led wokół całego "
                  "rynku.",
               more="Zobacz również", t1="Nowa ścieżka rowerowa nad jezioro",
               t2="Biblioteka zamknięta na czas remontu", t3="Dni miasta: program"),
    "zh": dict(title="市政府翻新集市广场", label="延伸阅读：",
               teaser="市中心五月前免费停车",
               p1="集市广场的改造工程将于九月开工，预计持续约七个月，这是昨天在市议会上公布的时间表。",
               p2="施工期间，周六集市将搬到火车站附近的老小学院子里，摊位数量保持不变。",
               p3="方案包括新种的树木、一座喷泉，以及环绕整个广场的节能照明。",
               more="相关阅读", t1="通往湖边的新自行车道", t2="图书馆闭馆装修",
               t3="庙会节目单公布"),
    "ar": dict(title="البلدية تجدد ساحة السوق", label="اقرأ أيضا:",
               teaser="مواقف مجانية في وسط المدينة حتى مايو",
               p1="تبدأ أعمال تجديد ساحة السوق في سبتمبر وتستمر نحو سبعة أشهر، وفق الجدول الذي "
                  "عرض أمس على المجلس البلدي.",
               p2="خلال الأشغال ينتقل سوق السبت إلى ساحة المدرسة الابتدائية القديمة قرب محطة "
                  "القطار.",
               p3="يتضمن المشروع أشجارا جديدة ونافورة وإنارة موفرة للطاقة حول الساحة كلها.",
               more="الأكثر قراءة", t1="مسار جديد للدراجات نحو البحيرة",
               t2="المكتبة تغلق للصيانة", t3="برنامج مهرجان المدينة"),
}


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_an_inline_teaser_and_a_list_of_headlines_go_in_every_language(lang):
    texts = LANGUAGES[lang]
    html = PAGE.format(lang=lang, **texts)
    md = webfold.convert(html.encode(), url=f"https://news.example.{lang}/story").markdown
    kept = [texts[k] for k in ("title", "p1", "p2", "p3")]
    gone = [texts[k] for k in ("label", "teaser", "more", "t1", "t2", "t3")]
    assert all(t in md for t in kept), md
    assert not [t for t in gone if t in md], md
