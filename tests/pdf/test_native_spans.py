"""The native read keeps one span per run of a style: words placed one by one (justified
text) do not come back as a span per word and per gap, and a style change still splits."""

from __future__ import annotations

import pymupdf

from webfold.pdf.native import read_page


def _words_placed_one_by_one(page: pymupdf.Page, words: list[str], x: float) -> float:
    for word in words:
        page.insert_text((x, 100), word, fontsize=10)
        x += pymupdf.get_text_length(word, fontsize=10) + 6
    return x


def test_words_of_one_style_are_one_span() -> None:
    doc = pymupdf.open()
    page = doc.new_page()
    x = _words_placed_one_by_one(page, "Lorem ipsum dolor sit amet".split(), 50)
    page.insert_text((x, 100), "bold", fontsize=10, fontname="hebo")
    lines = read_page(page, 1).lines
    assert [line.text for line in lines] == ["Lorem ipsum dolor sit amet bold"]
    spans = lines[0].spans
    assert [s.text.strip() for s in spans] == ["Lorem ipsum dolor sit amet", "bold"]
    assert [s.bold for s in spans] == [False, True]
    assert spans[0].bbox[0] < 51 and spans[0].bbox[2] > 150  # the union of the words
    doc.close()


def test_linked_words_keep_their_own_spans() -> None:
    doc = pymupdf.open()
    page = doc.new_page()
    _words_placed_one_by_one(page, ["see", "here", "now"], 50)
    here = page.search_for("here")[0]
    page.insert_link({"kind": pymupdf.LINK_URI, "from": here, "uri": "https://example.org/"})
    page = doc.reload_page(page)  # links are read back from the saved annotations
    spans = read_page(page, 1).lines[0].spans
    assert [(s.text, s.link) for s in spans if s.text.strip()] == [
        ("see", None), ("here", "https://example.org/"), ("now", None)]
    doc.close()
