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


def _helvetica_line_mapped(text: str, mapping: dict[str, int]) -> bytes:
    """A page with one Helvetica line whose ToUnicode maps the characters of `mapping`
    to other code points, as a font with expert glyphs maps its small capitals."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 200), text, fontname="helv", fontsize=11)
    pairs = " ".join(f"<{ord(c):02X}> <{u:04X}>" for c, u in mapping.items())
    cmap = ("/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName "
            "/Adobe-Identity-UCS def /CMapType 2 def 1 begincodespacerange <00> <FF> "
            f"endcodespacerange {len(mapping)} beginbfchar {pairs} endbfchar endcmap "
            "CMapName currentdict /CMap defineresource pop end end")
    stream = doc.get_new_xref()
    doc.update_object(stream, "<<>>")
    doc.update_stream(stream, cmap.encode())
    doc.xref_set_key(page.get_fonts()[0][0], "ToUnicode", f"{stream} 0 R")
    return doc.tobytes()


def test_small_capitals_and_old_style_figures_read_as_letters_and_digits() -> None:
    # Fonts with Adobe's expert glyphs map small capitals and old-style figures to
    # private-use codes (U+F773 "ssmall", U+F730 "zerooldstyle"); such a page read as a
    # garbled layer and went to OCR.
    data = _helvetica_line_mapped("Version 2.01 of the simurgh package, 2013",
                                  {"0": 0xF730, "1": 0xF731, "2": 0xF732, "3": 0xF733,
                                   "s": 0xF773, "m": 0xF76D, "u": 0xF775})
    page = pymupdf.open(stream=data)[0]
    assert "\uf773i\uf76d\uf775rgh" in page.get_text()
    assert [line.text for line in read_page(page, 1).lines] == [
        "Version 2.01 of the simurgh package, 2013"]
