"""The structure rules after the model's cut (`webfold.selector.rules`), on walked HTML."""

import numpy as np
from selectolax.lexbor import LexborHTMLParser

from webfold.html.walk import walk
from webfold.selector import PageContext, block_words, rules
from webfold.selector.features import block_features


def _blocks(html: str):
    blocks = walk(LexborHTMLParser(html).root, None).blocks
    matrix = block_features(blocks, PageContext())
    words = block_words(matrix)
    return blocks, words, rules.BlockKinds.from_features(matrix, words)


ARTICLE = ("<p>" + "The river rose through the night and the market square flooded. " * 4
           + "</p>")


def test_region_is_the_element_holding_the_kept_text():
    blocks, words, kinds = _blocks(f"<div id=a><ul><li><a href=/>Home</a></li></ul></div>"
                            f"<div id=b>{ARTICLE}{ARTICLE}<pre>x = 1</pre></div>")
    kept = np.array([False, True, True, False])
    region = rules.content_region(blocks, kept, words)
    assert region == blocks[1].ancestors[-2]
    passed = np.array([False, True, True, True])
    assert kinds.structure.tolist() == [False, False, False, True]
    assert rules.keep_structure(blocks, kept, region, passed, kinds.structure).tolist() == [
        False, True, True, True]
    assert not rules.keep_structure(blocks, kept, region, passed & kept, kinds.structure)[3]


def test_a_german_teaser_heading_after_the_article_opens_a_dropped_section():
    blocks, words, kinds = _blocks(f"<article>{ARTICLE}</article><div class=box><h3>Das könnte Sie "
                            "auch interessieren</h3><ul><li><a href=/1>Neue Brücke eröffnet"
                            "</a></li><li><a href=/2>Stadtfest verschoben</a></li></ul></div>"
                            "<p>Impressum und Datenschutz</p>")
    kept = np.ones(len(blocks), dtype=bool)
    assert rules.teaser_blocks(blocks, kept, words, kinds, article=True).tolist() == [
        False, True, True, True, False]


def test_comments_under_an_article_but_not_on_a_thread_page():
    blocks, words, kinds = _blocks(f"<article>{ARTICLE}</article><div id=comments><h2>2 Kommentare"
                            "</h2><div class=comment><p>Bei uns stand das Wasser auch im Keller."
                            "</p></div></div>")
    kept = np.ones(len(blocks), dtype=bool)
    comments = rules.comment_blocks(blocks, kept, words, kinds, article=True, thread=False)
    assert comments.tolist() == [False, True, True]
    assert not rules.comment_blocks(blocks, kept, words, kinds, article=True, thread=True).any()


def test_thread_pages_by_structured_data_or_address():
    assert rules.is_thread_page(frozenset({"qapage"}), "https://example.com/x")
    assert rules.is_thread_page(frozenset(), "https://example.com/forum/viewtopic.php?t=4")
    assert rules.is_thread_page(frozenset({"article"}), "https://www.warriorforum.com/a/1-b.html")
    assert not rules.is_thread_page(frozenset({"blogposting"}), "https://example.com/2026/post")


def test_a_read_also_link_inside_the_text_is_dropped():
    blocks, words, kinds = _blocks(f"<article>{ARTICLE}<p>À lire aussi » <a href=/x>Les ponts "
                                   f"de Paris fermés</a></p>{ARTICLE}</article>")
    kept = np.ones(len(blocks), dtype=bool)
    assert rules.teaser_blocks(blocks, kept, words, kinds, article=True).tolist() == [
        False, True, False]
