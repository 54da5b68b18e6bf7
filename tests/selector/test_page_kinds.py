"""What a reader needs on each kind of page, through `webfold.convert` with the committed
model and the structure rules (`webfold.selector.rules`), on hand-written pages."""

from pathlib import Path

import pytest

import webfold

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "selector"


def _markdown(name: str, url: str, **options) -> str:
    doc = webfold.convert((FIXTURES / name).read_bytes(), url=url, **options)
    assert doc.ok, doc.error
    return doc.markdown


def test_docs_page_keeps_its_code_block():
    md = _markdown("docs_code.html", "https://docs.example.com/docs/config/")
    assert "# Reading a config file" in md
    assert "raises `ConfigError` when a key is misspelt" in md
    assert '```python\nfrom quillpad import load_config\n' in md
    assert 'print(settings["sync"]["interval"])' in md
    assert "All rights reserved" not in md


def test_product_page_keeps_its_spec_table():
    md = _markdown("product_specs.html", "https://shop.example.com/p/harbour-mug")
    assert "| Material | Stoneware |" in md
    assert "| Color | Slate |" in md
    assert "| Care | Dishwasher safe |" in md
    assert "thick base keeps coffee warm" in md
    for other in ("Tide Bowl", "Ember Teapot", "Free shipping"):
        assert other not in md


def test_article_drops_the_teaser_lists_after_it():
    md = _markdown("article_teasers.html", "https://gazette.example.com/news/ferry-cut")
    assert "sail only four times a day" in md
    assert "full timetable of nine crossings returns" in md
    for teaser in ("Most popular", "Storm warning lifted", "You may also like",
                   "Bridge tolls to rise", "Drivers will pay forty cents",
                   "took eleven months to build"):
        assert teaser not in md


ARTICLE_URL = "https://crumbnotes.example.com/2026/01/sourdough-stopped-rising"
COMMENTS = ("seed-tray heat mat", "change the feeding ratio", "one part starter to five parts")


def test_article_comments_are_dropped_by_default():
    md = _markdown("article_comments.html", ARTICLE_URL)
    assert "four degrees colder at night" in md
    assert "the open crumb I had missed" in md
    assert "3 Comments" not in md
    for comment in COMMENTS:
        assert comment not in md


@pytest.mark.parametrize("select", ["main", "precision"])
def test_article_comments_are_kept_when_asked_for(select):
    md = _markdown("article_comments.html", ARTICLE_URL, select=select, include_comments=True)
    assert "four degrees colder at night" in md
    for comment in COMMENTS:
        assert comment in md
    assert md.index("the open crumb I had missed") < md.index("seed-tray heat mat")


def test_comments_option_reaches_the_converter_through_options():
    doc = webfold.convert((FIXTURES / "article_comments.html").read_bytes(), url=ARTICLE_URL,
                          options=webfold.ConvertOptions(include_comments=True))
    assert "seed-tray heat mat" in doc.markdown


@pytest.mark.parametrize("include_comments", [False, True])
def test_forum_thread_keeps_every_post_either_way(include_comments):
    md = _markdown("forum_thread.html", "https://forum.example.com/t/descale/1234",
                   include_comments=include_comments)
    for opening in ("My single boiler machine", "Citric acid works well", "Check your manual",
                    "Honestly the best fix", "Thanks everyone", "Supermarket jugs mostly",
                    "If the flow is really weak", "Good point about the gicleur",
                    "Update: I descaled", "Great result"):
        assert opening in md


def test_loose_text_after_images_is_the_content_not_the_menu():
    md = _markdown("loose_text_article.html", "https://bergbriefe.example.de/alm-sommer.html")
    assert "mit vierzig Kühen auf die obere Weide" in md
    assert "zwanzig Kilo Bergkäse" in md
    assert "bis der Regen weiterzog" in md
    for menu in ("Startseite", "Galerie", "Impressum"):
        assert menu not in md


def test_repeated_lines_inside_the_content_stay_and_chrome_repeats_go():
    md = _markdown("repeated_lines.html", "https://plates.example.com/plans/weekday")
    assert md.count("Meal 1: porridge with grated apple and cinnamon") == 3
    assert md.count("Meal 2: a handful of walnuts and one pear") == 3
    assert "barley risotto with peas and lemon" in md
    assert md.count("Share this plan on Facebook") <= 1
