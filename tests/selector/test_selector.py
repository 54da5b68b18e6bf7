"""The trained selector end to end through `webfold.convert`, on hand-written pages."""

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import webfold
from webfold.selector import NOTHING_SELECTED
from webfold.selector import model as selector_model
from webfold.selector.features import BLOCK_FEATURES, block_features

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "selector"


def _convert(name: str, select: str = "main", url: str = "https://example.com/page"):
    doc = webfold.convert((FIXTURES / name).read_bytes(), url=url, select=select)
    assert doc.ok, doc.error
    return doc


def test_forum_thread_keeps_all_ten_posts():
    doc = _convert("forum_thread.html", url="https://forum.example.com/t/descale/1234")
    for opening in ("My single boiler machine", "Citric acid works well", "Check your manual",
                    "Honestly the best fix", "Thanks everyone", "Supermarket jugs mostly",
                    "If the flow is really weak", "Good point about the gicleur",
                    "Update: I descaled", "Great result"):
        assert opening in doc.markdown
    assert "Powered by Discourse" not in doc.markdown
    assert "Grinder retention tips" not in doc.markdown


def test_product_page_keeps_description_and_specs_drops_recommendations():
    doc = _convert("product_page.html", url="https://shop.example.com/p/trailblazer-40")
    assert "ventilated back panel keeps air moving" in doc.markdown
    assert "side stretch pockets" in doc.markdown.lower()
    assert "Recycled ripstop nylon" in doc.markdown
    for card in ("Summit 25L Daypack", "Ridge 55L Trekking Pack", "Titanium Camp Mug"):
        assert card not in doc.markdown
    assert "Store locator" not in doc.markdown


def test_article_drops_related_links_and_comments_teaser():
    doc = _convert("article_page.html", url="https://news.example.com/2025/07/city-trees")
    # the page title is part of the content here, so it stays as the first heading
    assert doc.markdown.startswith("# How city trees cool neighbourhoods in a heatwave\n")
    assert "Trees cool streets in two ways" in doc.markdown
    assert "Residents can request a tree" in doc.markdown
    assert "Heat pumps sales double" not in doc.markdown
    assert "Join the conversation" not in doc.markdown
    assert "All rights reserved" not in doc.markdown


def test_all_keeps_every_visible_block_and_scores_nothing():
    doc = _convert("article_page.html", select="all")
    assert "Heat pumps sales double" in doc.markdown
    assert all(b.kept and b.score is None for b in doc.blocks)


def test_precision_keeps_a_subset_of_main():
    main = _convert("product_page.html", select="main")
    strict = _convert("product_page.html", select="precision")
    assert strict.blocks_kept <= main.blocks_kept
    assert all(b.score is not None and 0.0 <= b.score <= 1.0 for b in main.blocks)


def test_model_loads_once_per_process():
    first = selector_model.default_model()
    _convert("article_page.html")
    session = first.session
    _convert("forum_thread.html")
    assert selector_model.default_model() is first
    assert first.session is session


def test_nothing_passing_the_threshold_keeps_the_whole_page(tmp_path):
    strict_dir = tmp_path / "model"
    shutil.copytree(selector_model.MODEL_DIR, strict_dir)
    config_path = strict_dir / selector_model.CONFIG_FILE
    config = json.loads(config_path.read_text("utf-8"))
    config["thresholds"] = {"main": 1.01, "precision": 1.01}  # no probability reaches it
    config_path.write_text(json.dumps(config), "utf-8")
    with selector_model.using(selector_model.SelectorModel(strict_dir)):
        doc = _convert("article_page.html")
    everything = _convert("article_page.html", select="all")
    assert NOTHING_SELECTED.format(mode="main") in doc.warnings
    assert doc.markdown == everything.markdown


def test_features_are_one_deterministic_code_path():
    doc = _convert("product_page.html", select="all")
    from webfold.selector import PageContext

    page = PageContext(url="https://shop.example.com/p/trailblazer-40")
    first = block_features(doc.blocks, page)
    second = block_features(doc.blocks, page)
    assert first.shape == (len(doc.blocks), len(BLOCK_FEATURES))
    assert first.dtype == np.float32 and np.isfinite(first).all()
    np.testing.assert_array_equal(first, second)


def test_unknown_mode_is_refused():
    with pytest.raises(ValueError):
        webfold.convert("<p>x</p>", select="everything")


_TAGS = ("p", "div", "li", "ul", "a", "h1", "h2", "td", "table", "span", "nav", "article",
         "main", "pre", "noscript", "section", "form", "footer")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_TAGS), st.text(max_size=40),
                          st.sampled_from(("", " class='post'", " hidden", " id='menu'"))),
                max_size=30))
def test_any_tag_soup_converts_without_raising(parts):
    html = "".join(f"<{tag}{attrs}>{text}" for tag, text, attrs in parts)
    doc = webfold.convert(html or "<p>x</p>", select="main")
    if doc.ok:
        assert all(b.score is None or 0.0 <= b.score <= 1.0 for b in doc.blocks)
        assert doc.blocks_kept >= 1
