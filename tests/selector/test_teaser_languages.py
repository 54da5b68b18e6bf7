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


CARDS_PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8">
<title>{title}</title><meta property="og:type" content="article"></head><body>
<div class="top"><a href="/">Site</a> <a href="/a">A</a> <a href="/b">B</a></div>
<div class="story"><h1>{title}</h1>{story}</div>
<div class="box"><h3>{label}</h3>{cards}</div><div class="foot">© Site</div></body></html>"""

# A short story, then a label and three cards of a linked headline and its one-sentence
# excerpt, which hold more words than the story: the label alone says they are teasers.
TEASER_CARDS = {
    "en": ("Comet visible to the naked eye this week", "More in Science",
           ["A comet discovered in January will be visible without binoculars from Tuesday, "
            "weather permitting.",
            "Look low in the west about an hour after sunset, below and to the left of Venus.",
            "It should brighten until Friday before fading quickly as it moves away from the "
            "Sun."],
           [("Why the Moon looks bigger on the horizon", "The effect is an illusion of the "
             "brain, and a simple test with a coin held at arm's length proves it."),
            ("A new map of the Milky Way", "Astronomers have charted nearly two billion stars "
             "in the most detailed map of our galaxy so far."),
            ("How to photograph meteors", "A tripod, a wide lens and a long exposure are all "
             "you need on a clear night away from street lights.")]),
    "de": ("Stadtbücherei verlängert Öffnungszeiten", "Im Trend",
           ["Die Stadtbücherei öffnet ab dem ersten März auch samstags bis 16 Uhr, zwei "
            "Stunden länger als bisher.",
            "Möglich wird das durch zwei neue Teilzeitstellen, die der Stadtrat im Herbst "
            "bewilligt hat.",
            "Die Rückgabe über den Außenautomaten bleibt rund um die Uhr möglich."],
           [("Neuer Radweg an der Hauptstraße", "Der Radweg wird zwei Meter breit und von der "
             "Fahrbahn durch einen Grünstreifen getrennt."),
            ("Wochenmarkt zieht um", "Ab April stehen die Stände auf dem Kirchplatz, weil der "
             "Marktplatz neu gepflastert wird."),
            ("Hallenbad schließt für Sanierung", "Das Bad bleibt von Juni bis Dezember "
             "geschlossen, Schulklassen weichen ins Nachbarbad aus.")]),
    "fr": ("La médiathèque ouvre le dimanche", "Tendances",
           ["La médiathèque municipale ouvrira le dimanche après-midi à partir du mois de "
            "septembre, une première dans la ville.",
            "Cette ouverture est financée pour moitié par l'État dans le cadre d'un programme "
            "national.",
            "Les horaires de semaine restent inchangés, avec une nocturne le jeudi jusqu'à "
            "vingt heures."],
           [("Le marché de Noël s'agrandit", "Quarante chalets s'installeront cette année sur "
             "la place, contre trente l'an dernier."),
            ("Travaux sur la ligne de tram", "La circulation des rames sera interrompue deux "
             "week-ends de suite entre la gare et le centre."),
            ("Une nouvelle piste cyclable", "La piste reliera le lycée au parc des sports en "
             "longeant le canal sur trois kilomètres.")]),
    "es": ("El ayuntamiento amplía el horario de la piscina", "Más noticias",
           ["La piscina municipal abrirá desde las siete de la mañana a partir de junio, una "
            "hora antes que el año pasado.",
            "El cambio responde a las peticiones de los nadadores que entrenan antes de ir a "
            "trabajar.",
            "El precio del abono de temporada se mantiene en cuarenta euros para los "
            "empadronados."],
           [("Cortes de tráfico por las fiestas", "La calle Mayor estará cerrada al tráfico "
             "del jueves al domingo por la tarde durante las fiestas."),
            ("Nuevo carril bici en la avenida", "El carril tendrá dos kilómetros y conectará "
             "la estación con el campus universitario."),
            ("El mercado abre los domingos", "Los puestos de fruta y verdura abrirán también "
             "los domingos por la mañana desde abril.")]),
    "pl": ("Nowy most na Wiśle otwarty dla pieszych", "Najczęściej czytane",
           ["Most pieszo-rowerowy połączył w sobotę dwa brzegi Wisły w centrum miasta po dwóch "
            "latach budowy.",
            "Konstrukcja ma czterysta metrów długości i szerokie tarasy widokowe nad nurtem "
            "rzeki.",
            "Miasto planuje w przyszłym roku dobudować przystań dla kajaków u wschodniego "
            "przyczółka."],
           [("Remont dworca potrwa do jesieni", "Podróżni muszą liczyć się z utrudnieniami "
             "przy wejściu od strony placu, gdzie trwa wymiana schodów."),
            ("Nowe linie autobusowe od marca", "Dwie nowe linie połączą osiedla na północy z "
             "centrum i kursować będą co kwadrans."),
            ("Park miejski z nowym placem zabaw", "Plac zabaw ma huśtawki dla dzieci z "
             "niepełnosprawnościami i piaskownicę pod zadaszeniem.")]),
    "zh": ("地铁新线周六开通", "猜你喜欢",
           ["地铁五号线将于本周六上午九点正式开通运营，全线共设十八座车站。",
            "开通初期，列车高峰时段发车间隔为四分钟，平峰时段为六分钟。",
            "市民可使用交通卡或手机扫码乘车，首月票价打八折。"],
           [("公交线路调整公告", "下月起三条公交线路将调整走向，以便与地铁新线的车站换乘。"),
            ("新图书馆下月开放", "新图书馆共有五层，设有儿童阅览室和二十四小时自助借还区。"),
            ("城市公园夜间延长开放", "夏季期间城市公园将开放至晚上十点，并增加夜间照明和巡逻。")]),
}


@pytest.mark.parametrize("lang", sorted(TEASER_CARDS))
def test_teaser_cards_with_excerpts_under_their_label_go_after_a_short_story(lang):
    title, label, story, cards = TEASER_CARDS[lang]
    html = CARDS_PAGE.format(
        lang=lang, title=title, label=label, story="".join(f"<p>{p}</p>" for p in story),
        cards="".join(f'<div class="card"><h4><a href="/x{i}">{headline}</a></h4><p>{excerpt}'
                      "</p></div>" for i, (headline, excerpt) in enumerate(cards)))
    md = webfold.convert(html.encode(), url="https://example.com/tests/cards/").markdown
    assert all(text in md for text in (title, *story)), md
    gone = [label, *(text for card in cards for text in card)]
    assert not [text for text in gone if text in md], md
