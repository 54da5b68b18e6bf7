"""The short synthetic pages (`scripts/eval_short_pages.py`): every page's word F1 under
select="main" (committed model) stays at or above its pinned floor, a little under what
it reached when the floor was set. Floors only ever rise."""

import pytest

from eval_short_pages import page_f1, page_names

FLOORS = {  # set 2026-12-03 two points under the reached F1, rounded down
    "actu_slider_plus_lus": 0.98,  # 2026-12-07 html-quality16: 1.000
    "article_big_aside": 0.98,
    "author_card_related": 0.98,  # 2026-12-06 evening: 0.977 before the author's byline rule
    "bare_minutes": 0.98,
    "billet_fil_reponses_fr": 0.98,  # 2026-12-07 html-quality16: 0.779 before `_nested_entries`
    "blog_im_trend_auszuege": 0.98,  # 2026-12-07 html-quality16: 0.967 before "4 Min.", 1.000
    "br_letters": 0.98,
    "byline_lazy_avatar_note": 0.98,  # 2026-12-07: 1.000
    "byline_short_article": 0.98,
    "code_snippet_post": 0.98,
    "cookie_banner_note": 0.98,
    "dateline_lazy_caption": 0.98,  # 2026-12-07 late: 1.000
    "de_short_verein": 0.98,
    "deep_wrappers": 0.98,
    "div_blog_big_sidebar": 0.98,
    "div_br_lazy_svg": 0.98,  # 2026-12-06 evening: 1.000
    "div_ids_layout": 0.98,  # 2026-12-06 evening: 0.988 -> 1.000 with `before_title`
    "div_paragraphs": 0.98,
    "div_site_header": 0.93,
    "docs_admonicion_pestanas_es": 0.95,  # 2026-12-07 html-quality17: 0.973, tabs run together
    "docs_h1_code": 0.98,
    "docs_hljs_kopieren": 0.98,  # 2026-12-07 html-quality16: 1.000
    "docs_man_page": 0.98,  # 2026-12-07 html-quality17: 1.000
    "docs_pre_tt_fr": 0.98,  # 2026-12-07 html-quality16: 1.000
    "docs_pygments_linenos": 0.93,  # 2026-12-07 html-quality16: 0.958, the line numbers kept
    "docs_sphinx_dl_function": 0.98,  # 2026-12-07 html-quality17: 1.000
    "docs_tabs_install": 0.98,  # 2026-12-07 html-quality16: 1.000
    "download_links_table": 0.98,
    "entrada_commentlist_es": 0.98,  # 2026-12-07 html-quality16: 1.000
    "event_notice_dl": 0.98,  # 2026-12-06 evening: 1.000
    "figure_captions": 0.98,
    "figure_pull_quote": 0.98,  # 2026-12-06 evening: 1.000
    "filler_article_aside_meta": 0.98,
    "filler_divs_br_meta": 0.98,
    "filler_sections_svg": 0.98,
    "filler_words": 0.98,
    "font_center": 0.88,
    "footnoted_essay": 0.96,  # 2026-12-06 evening: 0.987
    "forum_phpbb_tabellen": 0.79,  # 2026-12-07 html-quality17: 0.708 as a data table, 0.812
    "forum_thread_articles": 0.98,  # 2026-12-07 html-quality16: 1.000
    "fr_short_news": 0.98,
    "gisa_daetgeul_ko": 0.98,  # 2026-12-07 html-quality17: 0.938 before "기자" and "입력" bylines
    "glossary_short": 0.98,
    "h2_sections_tags": 0.98,  # 2026-12-07: 1.000
    "haber_yorumlar_tr": 0.98,  # 2026-12-07 html-quality17: 1.000
    "hentry_post": 0.98,
    "hidden_bits": 0.98,
    "howto_steps": 0.98,
    "interview_speakers": 0.98,  # 2026-12-06 evening: 1.000
    "jetpack_share_like": 0.98,  # 2026-12-07: 1.000
    "khao_khwamkhithen_th": 0.98,  # 2026-12-07 html-quality17: 0.951 before Thai word counts
    "kiji_komento_ja": 0.98,  # 2026-12-07 html-quality17: 0.957 before CJK word counts
    "layout_tables": 0.98,
    "lazy_gallery": 0.98,
    "loose_text_after_figures": 0.98,  # 2026-12-07 html-quality16: 1.000
    "loose_text_columns": 0.98,
    "loose_text_menu_above": 0.98,
    "lose_text_br_de": 0.98,  # 2026-12-07 html-quality16: 1.000
    "mailing_list_archive": 0.88,  # 2026-12-07 html-quality17: 0.766, message links; 0.906
    "meal_plan_day_tables": 0.98,  # 2026-12-07 html-quality16: 1.000
    "medium_figure_claps": 0.98,  # 2026-12-07: 1.000
    "meta_only_head": 0.98,
    "news_more_from_cards": 0.98,  # 2026-12-07 html-quality16: 1.000
    "nieuws_reacties_nl": 0.98,  # 2026-12-07 html-quality17: 0.943, 13-word byline; 1.000
    "nine_paragraphs": 0.98,
    "noticia_leia_tambem_pt": 0.98,  # 2026-12-07 html-quality17: 1.000
    "notizia_correlati_commenti_it": 0.98,  # 2026-12-07 html-quality17: 0.966 before "di" bylines
    "novosti_chitaite_takzhe_ru": 0.98,  # 2026-12-07 html-quality17: 1.000
    "one_line_paragraphs": 0.98,  # 2026-12-06: 1.000
    "one_long_paragraph": 0.98,
    "open_letter_signed": 0.98,  # 2026-12-06 evening: 1.000
    "picture_sources_bio": 0.98,  # 2026-12-07: 1.000
    "pl_paywall_offer": 0.98,  # 2026-12-06 late: 0.716 before `paywall_tails`, 1.000 with it
    "poem_br": 0.98,
    "post_disqus_thread": 0.98,  # 2026-12-07 html-quality16: 0.819 before "4 Comments Login"
    "post_with_comment_form": 0.98,
    "prodotto_elenco_specifiche_it": 0.90,  # 2026-12-07 html-quality17: 0.925, its item code kept
    "product_details_accordion": 0.86,  # 2026-12-07 html-quality16: 0.887, vendor, no price
    "product_dl_tabpanel": 0.98,  # 2026-12-07 html-quality16: 1.000
    "product_spec_short": 0.96,
    "producto_ficha_tabla": 0.83,  # 2026-12-07 html-quality16: 0.859, price out, tabs in
    "produit_fiche_technique_fr": 0.95,  # 2026-12-07 html-quality17: 0.976, no price
    "produkt_lista_parametrow": 0.77,  # 2026-12-07 html-quality16: 0.795, spans run together
    "produkt_merkmale_tabelle_de": 0.94,  # 2026-12-07 html-quality17: 0.961, no price
    "programa_jornadas_es": 0.98,  # 2026-12-07 html-quality16: 1.000
    "qa_vote_columns": 0.96,  # 2026-12-07 html-quality17: 0.986
    "quotes_interview": 0.98,
    "rdb_arabic_lazy_svg": 0.98,  # 2026-12-07 html-quality16: 0.971 before captions as labels
    "rdb_meta_lazy_srcset": 0.98,  # 2026-12-07 html-quality16: 1.000
    "rdb_sections_svg_figure": 0.98,  # 2026-12-07 html-quality16: 1.000
    "recipe_card_short": 0.98,  # 2026-12-06 evening: 1.000
    "related_links_after": 0.98,
    "rtl_arabic_bakery": 0.98,
    "script_comments": 0.98,
    "share_button_lists": 0.98,  # 2026-12-06: 0.924 before `share_lists`, 1.000 with it
    "sidebar_first": 0.98,
    "site_note_after_story": 0.85,  # 2026-12-06: 0.875, the site's note after the story kept
    "span_br_post_footer": 0.98,  # 2026-12-07 late: 0.964, a blog's linked H1 its name
    "span_text_divs": 0.98,
    "svg_chart_note": 0.98,  # 2026-12-07: 0.975 before `address_bylines`, 1.000 with it
    "svg_figure_steps": 0.98,  # 2026-12-07 late: 0.973, "Words by" under the title
    "svg_icons": 0.98,
    "table_news_br": 0.98,
    "tide_table": 0.98,
    "tiezi_louceng_zh": 0.65,  # 2026-12-07 html-quality17: 0.677, floor/date/reply lines kept
    "tiny_note": 0.98,
    "tips_bold_leads": 0.98,  # 2026-12-06 evening: 1.000
    "title_mismatch": 0.98,
    "two_paragraphs_long_teasers": 0.98,  # 2026-12-06 night: 1.000
    "video_embed": 0.98,
    "video_embed_continue": 0.98,  # 2026-12-07 late: 0.978, author and reading time
    "wenda_microdata_zh": 0.76,  # 2026-12-07 html-quality16: 0.784, votes and names kept
    "wiki_stub_infobox": 0.98,  # 2026-12-07: 1.000
    "wpis_sekcja_komentarzy_pl": 0.99,  # 2026-12-07 html-quality16: 0.985 before "sierpnia"
    "xinwen_pinglun_zh": 0.98,  # 2026-12-07 html-quality17: 0.828 before CJK word counts
}


def test_every_page_has_a_floor():
    assert sorted(FLOORS) == page_names()


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_the_page_keeps_its_main_text(name):
    assert page_f1(name, "main") >= FLOORS[name]
