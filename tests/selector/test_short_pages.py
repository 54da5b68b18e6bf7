"""The short synthetic pages (`scripts/eval_short_pages.py`): every page's word F1 under
select="main" (committed model) stays at or above its pinned floor, a little under what
it reached when the floor was set. Floors only ever rise."""

import pytest

from eval_short_pages import page_f1, page_names

FLOORS = {  # set 2026-12-03 at one point under the reached F1, rounded down
    "article_big_aside": 0.99,
    "bare_minutes": 0.99,
    "br_letters": 0.99,
    "byline_short_article": 0.99,
    "code_snippet_post": 0.99,
    "cookie_banner_note": 0.99,
    "de_short_verein": 0.99,
    "deep_wrappers": 0.99,
    "div_blog_big_sidebar": 0.99,
    "div_ids_layout": 0.99,
    "div_paragraphs": 0.99,
    "div_site_header": 0.99,
    "docs_h1_code": 0.99,
    "download_links_table": 0.99,
    "figure_captions": 0.99,
    "filler_article_aside_meta": 0.99,
    "filler_divs_br_meta": 0.99,
    "filler_sections_svg": 0.99,
    "filler_words": 0.99,
    "font_center": 0.89,
    "fr_short_news": 0.99,
    "glossary_short": 0.99,
    "hentry_post": 0.99,
    "hidden_bits": 0.99,
    "howto_steps": 0.99,
    "layout_tables": 0.99,
    "lazy_gallery": 0.99,
    "loose_text_columns": 0.99,
    "loose_text_menu_above": 0.99,
    "meta_only_head": 0.99,
    "nine_paragraphs": 0.99,
    "one_long_paragraph": 0.99,
    "poem_br": 0.99,
    "post_with_comment_form": 0.99,
    "product_spec_short": 0.93,
    "quotes_interview": 0.99,
    "related_links_after": 0.97,
    "rtl_arabic_bakery": 0.99,
    "script_comments": 0.99,
    "sidebar_first": 0.99,
    "span_text_divs": 0.99,
    "svg_icons": 0.99,
    "table_news_br": 0.95,
    "tide_table": 0.99,
    "tiny_note": 0.99,
    "title_mismatch": 0.99,
    "video_embed": 0.99,
}


def test_every_page_has_a_floor():
    assert sorted(FLOORS) == page_names()


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_the_page_keeps_its_main_text(name):
    assert page_f1(name, "main") >= FLOORS[name]
