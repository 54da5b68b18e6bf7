"""Text the font cannot vouch for: U+FFFD glyphs dropped with a warning, unmapped fonts to OCR."""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf
import pytest

from webfold import Settings, convert
from webfold.pdf.model import Line, PageLines, Span
from webfold.pdf.native import drop_undecodable

_PROSE = ("Ferries ran twice a day from the old pier, and the fish market stayed open until "
          "the tide came in.")
ROBUST = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "pdf-dev" / "robust"


def _line(*texts: str) -> Line:
    spans = [Span(text=t, bbox=(0.0, 0.0, 10.0, 10.0), size=10.0) for t in texts]
    return Line(spans=spans, bbox=(0.0, 0.0, 10.0 * len(texts), 10.0))


def test_drop_undecodable_removes_the_characters_and_emptied_lines():
    page = PageLines(number=1, width=100.0, height=100.0,
                     lines=[_line("t\ufffd\ufffdt", "\ufffd"), _line("\ufffd "), _line("clean")])
    assert drop_undecodable(page) == 4
    assert [line.text for line in page.lines] == ["tt", "clean"]
    assert len(page.lines[0].spans) == 1


def test_drop_undecodable_leaves_clean_pages_alone():
    page = PageLines(number=1, width=100.0, height=100.0, lines=[_line("a", "b")])
    assert drop_undecodable(page) == 0
    assert [line.text for line in page.lines] == ["ab"]


@pytest.mark.skipif(not ROBUST.is_dir(), reason=f"robust PDFs not present at {ROBUST}")
@pytest.mark.parametrize("name,count,snippet", [("issue7769.pdf", 1, "Scan here to make a")])
def test_real_files_warn_once_per_page(name, count, snippet):
    doc = convert((ROBUST / name).read_bytes(), settings=Settings(ocr=False))
    assert doc.ok, doc.error
    assert "\ufffd" not in doc.markdown
    assert snippet in doc.markdown
    plural = "" if count == 1 else "s"
    assert f"page 1: {count} character{plural} could not be decoded" in doc.warnings


@pytest.mark.skipif(not ROBUST.is_dir(), reason=f"robust PDFs not present at {ROBUST}")
def test_truetype_without_cmap_is_not_taken_as_text():
    # Armenian glyphs in an embedded TrueType font with no cmap table and no ToUnicode:
    # the codes read as "'>in"; the page goes to OCR instead (skipped with OCR off).
    doc = convert((ROBUST / "TrueType_without_cmap.pdf").read_bytes(), settings=Settings(ocr=False))
    assert doc.ok, doc.error
    assert ">in" not in doc.markdown
    assert doc.pages[0].route == "skipped"
    assert "fonts without a Unicode mapping" in doc.pages[0].reason


@pytest.mark.skipif(not ROBUST.is_dir(), reason=f"robust PDFs not present at {ROBUST}")
def test_unmapped_glyphs_with_ascii_codes_read_as_their_codes():
    # A font whose ToUnicode map covers the glyphs of the heading's "text1" but for the
    # "ex" and the "1": its letters were dropped as undecodable ("# tt"), where pypdf and
    # get_text() read "text1".
    doc = convert((ROBUST / "issue14821.pdf").read_bytes(), settings=Settings(ocr=False))
    assert doc.markdown.startswith("# text1\n")
    assert not any("could not be decoded" in w for w in doc.warnings)


def _without_a_mapped_space(doc: pymupdf.Document, codes: int = 1) -> bytes:
    """`doc` with the space of its Helvetica (and the next `codes` - 1 codes) mapped to no
    glyph name (`.notdef`), as some PDF writers leave them: MuPDF reads them as U+FFFD."""
    notdef = "/.notdef" * codes
    for xref in {font[0] for page in doc for font in page.get_fonts() if font[3] == "Helvetica"}:
        doc.xref_set_key(xref, "Encoding", "<</Type/Encoding/BaseEncoding/WinAnsiEncoding"
                                           f"/Differences[32{notdef}]>>")
    return doc.tobytes()


def test_spaces_without_a_unicode_mapping_are_spaces():
    # One line in a font whose space has no mapping, beside prose in a sound font: the
    # unmapped glyphs were dropped as undecodable, and the line's words ran together.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 100), "The pumps were checked at noon by the crew.", fontname="helv")
    page.insert_text((72, 130), _PROSE, fontname="tiro")
    md = convert(_without_a_mapped_space(doc), settings=Settings(ocr=False)).markdown
    assert "The pumps were checked at noon by the crew." in md
    assert _PROSE in md


def test_a_page_whose_spaces_have_no_unicode_mapping_is_read_natively():
    # Every space of the page unmapped: past the junk share, so the page went to OCR
    # (skipped with OCR off) although every letter decodes.
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 100), "The pumps were checked at noon by the crew.")
    converted = convert(_without_a_mapped_space(doc), settings=Settings(ocr=False))
    assert converted.pages[0].route == "native"
    assert converted.markdown == "The pumps were checked at noon by the crew.\n"


def test_a_page_whose_ascii_glyphs_have_no_unicode_mapping_is_read_by_their_codes():
    # Every printable ASCII code of the font unmapped (a tax form's fonts carried a
    # two-byte ToUnicode map over one-byte codes): the page went to OCR as garbled,
    # while pypdf and get_text() read the codes as the characters they are.
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 100), "Total addition modifications, lines 20a to 20f")
    converted = convert(_without_a_mapped_space(doc, codes=95), settings=Settings(ocr=False))
    assert converted.pages[0].route == "native"
    assert converted.markdown == "Total addition modifications, lines 20a to 20f\n"
    assert converted.warnings == []


def test_a_lone_unmapped_glyph_is_not_spelled_by_its_code():
    # An icon before a CV's heading, drawn from a font that maps its code "j" to no
    # Unicode: the code says nothing of the glyph (an envelope), so it is left out.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 100), "j ", fontname="cour")
    page.insert_text((86, 100), "Work experience", fontname="helv")
    for xref in {font[0] for font in page.get_fonts() if font[3] == "Courier"}:
        doc.xref_set_key(xref, "Encoding", "<</Type/Encoding/BaseEncoding/WinAnsiEncoding"
                                           "/Differences[106/.notdef]>>")
    assert convert(doc.tobytes(), settings=Settings(ocr=False)).markdown == "Work experience\n"


def _pdf(objects: list[bytes]) -> bytes:
    """A PDF from its objects (numbered from 1, the catalog first), with a cross-reference
    table."""
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    return out + b"trailer\n<</Size %d/Root 1 0 R>>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, table)


def test_checkbox_glyphs_of_a_symbol_font_are_boxes_beside_their_labels():
    # A form: Wingdings boxes (code 1, no Unicode mapping) in front of Helvetica labels.
    content = (b"BT /F2 12 Tf 20 150 Td <01> Tj /F1 12 Tf 20 0 Td (I agree to the terms.) Tj ET\n"
               b"BT /F2 12 Tf 20 130 Td <01> Tj /F1 12 Tf 20 0 Td (Send me the news.) Tj ET")
    data = _pdf([
        b"<</Type/Catalog/Pages 2 0 R>>", b"<</Type/Pages/Kids[3 0 R]/Count 1>>",
        b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Resources<</Font<</F1 4 0 R"
        b"/F2 5 0 R>>>>/Contents 6 0 R>>",
        b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>",
        b"<</Type/Font/Subtype/TrueType/BaseFont/Wingdings-Regular/FirstChar 1/LastChar 1"
        b"/Widths[700]>>",
        b"<</Length %d>>stream\n%s\nendstream" % (len(content), content)])
    doc = convert(data)
    assert doc.markdown == "\u2610 I agree to the terms.\n\n\u2610 Send me the news.\n"
    assert doc.warnings == []


def _private_use_font_page(font: bytes, codes: list[bytes], content: bytes) -> bytes:
    """A page with Helvetica as /F1 and, as /F2, a symbol font named `font` whose one-byte
    `codes` (hex) map to U+F000 above them, as Word and LibreOffice write symbol fonts."""
    pairs = b"".join(b"<%s><F0%s>" % (code, code) for code in codes)
    cmap = (b"/CIDInit/ProcSet findresource begin 12 dict begin begincmap/CMapName/B def "
            b"1 begincodespacerange<00><FF>endcodespacerange %d beginbfchar%sendbfchar "
            b"endcmap CMapName currentdict/CMap defineresource pop end end" % (len(codes), pairs))
    return _pdf([
        b"<</Type/Catalog/Pages 2 0 R>>", b"<</Type/Pages/Kids[3 0 R]/Count 1>>",
        b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 400 200]/Resources<</Font<</F1 4 0 R"
        b"/F2 5 0 R>>>>/Contents 6 0 R>>",
        b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>",
        b"<</Type/Font/Subtype/TrueType/BaseFont/%s/FirstChar 0/LastChar 255"
        b"/Widths[%s]/ToUnicode 7 0 R>>" % (font, b" ".join([b"600"] * 256)),
        b"<</Length %d>>stream\n%s\nendstream" % (len(content), content),
        b"<</Length %d>>stream\n%s\nendstream" % (len(cmap), cmap)])


@pytest.mark.parametrize("font", [b"Wingdings-Regular", b"OpenSymbol"])
def test_wingdings_boxes_in_the_private_use_area_are_boxes_not_bullets(font):
    # Word's Insert > Symbol boxes keep the Wingdings code 0xF000 up (U+F0A8 empty,
    # U+F0FE ticked); LibreOffice draws them from OpenSymbol with the same codes. At a
    # line's start a private-use glyph was taken for a list bullet: the choices on one
    # line became a list three levels deep and the tick was lost.
    choices = [(110, b"A8", b" Summer only"), (200, b"FE", b" All year"),
               (280, b"A8", b" Not yet known")]
    content = b"BT /F1 10 Tf 20 150 Td (Supply needed:) Tj ET\n" + b"\n".join(
        b"BT /F2 10 Tf %d 150 Td <%s> Tj /F1 10 Tf 7 0 Td (%s) Tj ET" % (x, code, label)
        for x, code, label in choices)
    markdown = convert(_private_use_font_page(font, [b"A8", b"FE"], content)).markdown
    assert "\u2610 Summer only" in markdown and "\u2611 All year" in markdown
    assert "\u2610 Not yet known" in markdown
    assert "\u2022" not in markdown and "- " not in markdown


def test_a_symbol_opening_a_wrapped_line_is_no_bullet():
    # Symbol's alpha (U+F061) wrapped to the start of a line, a space before "of": a
    # symbol of the sentence, which went on as a list item cut from its paragraph. The
    # Symbol bullet (U+F0B7) a tab before its item stays a bullet.
    content = (b"BT /F1 10 Tf 20 170 Td (The mean flow rose by twelve litres a second and the "
               b"slope) Tj ET\n"
               b"BT /F2 10 Tf 20 158 Td <61> Tj /F1 10 Tf 6 0 Td ( of the bed fell to a "
               b"fifth of its old value.) Tj ET\n"
               b"BT /F2 10 Tf 20 130 Td <B7> Tj /F1 10 Tf 18 0 Td (Embankments were "
               b"rebuilt) Tj ET\n"
               b"BT /F2 10 Tf 20 118 Td <B7> Tj /F1 10 Tf 18 0 Td (Culverts were "
               b"cleared) Tj ET")
    markdown = convert(_private_use_font_page(b"OpenSymbol", [b"61", b"B7"], content)).markdown
    assert markdown.split("\n\n") == [
        "The mean flow rose by twelve litres a second and the slope \u03b1 of the bed fell "
        "to a fifth of its old value.", "- Embankments were rebuilt\n- Culverts were cleared\n"]


@pytest.mark.parametrize("font", [b"Symbol", b"OpenSymbol"])
def test_symbol_codes_in_running_text_are_their_characters(font):
    # Word's Insert > Symbol: degree, plus-minus, less-or-equal and mu written 0xF000 up
    # in the private-use area, which no reader can read.
    content = (b"BT /F1 10 Tf 20 150 Td (The water was 11.4 ) Tj /F2 10 Tf <B0> Tj /F1 10 Tf "
               b"(C ) Tj /F2 10 Tf <B1> Tj /F1 10 Tf ( 0.3, nitrate ) Tj /F2 10 Tf <A3> Tj "
               b"/F1 10 Tf ( 5 mg/l and solids 14 ) Tj /F2 10 Tf <6D> Tj /F1 10 Tf (g/l.) Tj ET")
    data = _private_use_font_page(font, [b"B0", b"B1", b"A3", b"6D"], content)
    assert convert(data).markdown == (
        "The water was 11.4 \u00b0C \u00b1 0.3, nitrate \u2264 5 mg/l and solids 14 "
        "\u03bcg/l.\n")


def _helvetica_page(content: bytes) -> bytes:
    return _pdf([
        b"<</Type/Catalog/Pages 2 0 R>>", b"<</Type/Pages/Kids[3 0 R]/Count 1>>",
        b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Resources<</Font<</F1 4 0 R>>>>"
        b"/Contents 5 0 R>>",
        b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>",
        b"<</Length %d>>stream\n%s\nendstream" % (len(content), content)])


# UTF-16 shown in a one-byte font (issue18059.pdf: "\0D\0E\0F..."), and codes that are
# all NUL: text layers of NUL characters.
NUL_LAYERS = {
    "utf16_in_a_simple_font": b"BT /F1 12 Tf 20 150 Td <005200650070006F00720074> Tj ET\n"
                              b"BT /F1 12 Tf 20 130 Td <0052006900760065007200200047> Tj ET",
    "nul_codes_only": b"BT /F1 12 Tf 20 150 Td <000000000000> Tj 0 -20 Td <00000000> Tj ET",
}


@pytest.mark.parametrize("name", NUL_LAYERS)
def test_nul_text_layers_are_garbled_and_go_to_ocr(name):
    doc = convert(_helvetica_page(NUL_LAYERS[name]), settings=Settings(ocr=False))
    assert doc.ok, doc.error
    [page] = doc.pages
    assert page.route == "skipped" and page.reason.startswith("garbled text layer")
    assert doc.markdown == ""
    assert "pages not read (need OCR): 1" in doc.warnings


def test_nul_text_layer_without_tesseract_is_a_typed_ocr_failure(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))  # no tesseract binary on it
    doc = convert(_helvetica_page(NUL_LAYERS["utf16_in_a_simple_font"]))
    [page] = doc.pages
    assert page.route == "skipped"
    assert page.reason.startswith("garbled text layer") and "OCR failed (ocr_failed)" in page.reason
    assert any("tesseract is not installed" in w for w in doc.warnings)
    assert doc.markdown == ""


_GOOD_LINES = "Ferries ran twice a day from the old pier and the fish market stayed open late."


_JUNK = b"<01020304050607080B0C0E0F1011121314151617>"


def _partly_garbled_page(below: bytes = b"BT /F2 12 Tf 20 110 Td " + _JUNK + b" Tj 0 -20 Td "
                         + _JUNK + b" Tj ET") -> bytes:
    """Two lines that read well in Helvetica (F1), and below them two lines in Courier
    (F2) whose codes are control characters (a font whose codes say nothing), or what
    `below` draws: a layer garbled in places, as a magazine's InDesign export set some
    runs in a shifted-code font."""
    content = (b"BT /F1 12 Tf 20 170 Td (Ferries ran twice a day from the old pier) Tj "
               b"0 -20 Td (and the fish market stayed open late.) Tj ET\n" + below)
    return _pdf([
        b"<</Type/Catalog/Pages 2 0 R>>", b"<</Type/Pages/Kids[3 0 R]/Count 1>>",
        b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Resources<</Font<</F1 4 0 R"
        b"/F2 5 0 R>>>>/Contents 6 0 R>>",
        b"<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>",
        b"<</Type/Font/Subtype/Type1/BaseFont/Courier/Encoding/WinAnsiEncoding>>",
        b"<</Length %d>>stream\n%s\nendstream" % (len(content), content)])


def test_a_layer_garbled_in_places_keeps_the_lines_that_read_well_without_ocr():
    doc = convert(_partly_garbled_page(), settings=Settings(ocr=False))
    [page] = doc.pages
    assert page.route == "native" and page.reason.startswith("garbled text layer")
    assert doc.markdown.split() == _GOOD_LINES.split()
    assert "page 1: 2 garbled lines not read (OCR off)" in doc.warnings
    assert not any(w.startswith("pages not read") for w in doc.warnings)


def test_a_layer_garbled_in_places_takes_from_ocr_only_the_words_on_the_garbled_lines():
    from webfold.contract import ConvertOptions
    from webfold.pdf.ocr import OcrPage, OcrWord

    class Engine:  # reads the whole page: the good lines again, the garbled ones, a logo
        def recognize(self, image: bytes, *, lang: str, timeout_s: float) -> OcrPage:
            width, height = (int.from_bytes(image[at:at + 4], "big") for at in (16, 20))
            scale = width / 300  # pixels per point

            def word(text: str, x: float, top: float, n: int) -> OcrWord:
                box = (round(x * scale), round(top * scale), round((x + 40) * scale),
                       round((top + 10) * scale))
                return OcrWord(text, box, 95.0, 1, 1, n)

            return OcrPage(width=width, height=height, words=[
                word("Ferries", 20, 20, 1), word("ran", 70, 20, 1),
                word("Tickets", 20, 80, 3), word("sold", 70, 80, 3),
                word("aboard.", 20, 100, 4), word("Logo", 200, 150, 5)])

    doc = convert(_partly_garbled_page(), options=ConvertOptions(ocr=Engine()))
    [page] = doc.pages
    assert page.route == "ocr" and page.reason.endswith("2 readable lines kept from the text layer")
    assert re.findall(r"[\w.]+", doc.markdown) == (_GOOD_LINES + " Tickets sold aboard.").split()


# A line that reads well but for a run of junk in its middle: a title set in the
# shifted-code font within a sentence of good text.
_MIXED_LINE = (b"BT /F1 12 Tf 20 110 Td (Tickets sold) Tj /F2 12 Tf " + _JUNK
               + b" Tj /F1 12 Tf (aboard.) Tj ET")


def test_a_line_garbled_in_its_middle_keeps_its_readable_words_without_ocr():
    doc = convert(_partly_garbled_page(_MIXED_LINE), settings=Settings(ocr=False))
    [page] = doc.pages
    assert page.route == "native" and page.reason.startswith("garbled text layer")
    assert doc.markdown.split() == (_GOOD_LINES + " Tickets sold aboard.").split()
    assert "page 1: 1 garbled run in a readable line not read (OCR off)" in doc.warnings


def test_ocr_reads_only_the_garbled_run_of_a_line_and_its_words_go_in_its_place():
    from webfold.contract import ConvertOptions
    from webfold.pdf.ocr import OcrPage, OcrWord

    class Engine:  # reads the whole line: its readable words again, and the junk run's
        def recognize(self, image: bytes, *, lang: str, timeout_s: float) -> OcrPage:
            width, height = (int.from_bytes(image[at:at + 4], "big") for at in (16, 20))
            scale = width / 300  # pixels per point

            def word(text: str, x: float) -> OcrWord:
                box = (round(x * scale), round(80 * scale), round((x + 30) * scale),
                       round(90 * scale))
                return OcrWord(text, box, 95.0, 1, 1, 1)

            return OcrPage(width=width, height=height, words=[
                word("Tickets", 20), word("sold", 60), word("daily", 120), word("on", 170),
                word("aboard.", 240)])

    doc = convert(_partly_garbled_page(_MIXED_LINE), options=ConvertOptions(ocr=Engine()))
    [page] = doc.pages
    assert page.route == "ocr" and page.reason.endswith("3 readable lines kept from the text layer")
    assert re.findall(r"[\w.]+", doc.markdown) == (
        _GOOD_LINES + " Tickets sold daily on aboard.").split()


def _ruled_table(left: tuple[str, ...], right: tuple[str, ...],
                 fontfile: str | None = None) -> pymupdf.Document:
    """A page with a ruled table of three rows, `left` and `right` its two columns, set in
    Helvetica or the font in `fontfile`."""
    doc = pymupdf.open()
    page = doc.new_page()
    font = {"fontname": "f0"} if fontfile else {}
    if fontfile:
        page.insert_font(fontname="f0", fontfile=fontfile)
    for y in (100, 120, 140, 160):
        page.draw_line((72, y), (400, y))
    for x in (72, 236, 400):
        page.draw_line((x, 100), (x, 160))
    for row, y in enumerate((114, 134, 154)):
        page.insert_text((78, y), left[row], fontsize=10, **font)
        page.insert_text((242, y), right[row], fontsize=10, **font)
    return doc


def test_control_characters_leave_the_table_finders_cells_as_they_leave_the_lines():
    # A font that maps its quotes and dashes to control codes: the finder reads the
    # page's text itself, so its cells carried "\x01" into the Markdown.
    doc = _ruled_table(("Region", "North\x03East", "South"), ("Sales", "1200", "dell\x01Impresa"))
    markdown = convert(doc.tobytes(), settings=Settings(ocr=False)).markdown
    assert "| NorthEast | 1200 |\n| South | dellImpresa |" in markdown
    assert not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f]", markdown)


@pytest.mark.skipif(not Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf").exists(),
                    reason="DejaVu Sans is not installed")
def test_undecodable_glyphs_leave_right_to_left_table_cells_read_from_their_glyphs():
    # A dotted-circle glyph with no Unicode before an Arabic mark (a font's table of
    # vowel signs): right-to-left cells are rebuilt from the page's glyphs, which kept
    # the U+FFFD the page's lines lose.
    doc = _ruled_table(("Latin", "shadda", "fatha"), ("عربي", "\ufffd\u0651 ب", "\ufffd\u064e د"),
                       fontfile="/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    markdown = convert(doc.tobytes(), settings=Settings(ocr=False)).markdown
    assert "| shadda | ب ّ |\n| fatha | د َ |" in markdown
    assert "\ufffd" not in markdown


def test_a_glyph_mapped_to_a_lone_surrogate_leaves_the_table_finders_cells():
    # A ToUnicode map sending a code to half a UTF-16 pair (<D80C>, as in a TeX font
    # encoding guide's glyph tables): PyMuPDF's per-glyph text holds the lone surrogate,
    # which no output can encode; the page's lines read it as U+FFFD and lose it.
    doc = _ruled_table(("Region", "North", "South"), ("Sales", "1200", "A700"))
    [font] = [xref for xref in range(1, doc.xref_length())
              if doc.xref_get_key(xref, "Type")[1] == "/Font"]
    cmap = (b"/CIDInit/ProcSet findresource begin 12 dict begin begincmap/CMapName/S def "
            b"1 begincodespacerange<00><FF>endcodespacerange 1 beginbfchar<41><D80C>endbfchar "
            b"endcmap CMapName currentdict/CMap defineresource pop end end")
    stream = doc.get_new_xref()
    doc.update_object(stream, "<<>>")
    doc.update_stream(stream, cmap)
    doc.xref_set_key(font, "ToUnicode", f"{stream} 0 R")
    markdown = convert(doc.tobytes(), settings=Settings(ocr=False)).markdown
    assert "| North | 1200 |\n| South | 700 |" in markdown
    markdown.encode("utf-8")


def test_a_code_mapped_to_a_noncharacter_is_dropped():
    # A ToUnicode entry may map a code to a Unicode noncharacter (bidi's manual, set with
    # XeTeX, maps one to U+FFFF): no text interchanges those, and in the Markdown it
    # showed as junk after the word.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 100), _PROSE[:40] + "~", fontname="helv", fontsize=11)
    cmap = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /NonChar"
            b" def 1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfchar <7E> <FFFF>"
            b" endbfchar endcmap CMapName currentdict /CMap defineresource pop end end")
    for xref in {font[0] for font in page.get_fonts()}:
        stream = doc.get_new_xref()
        doc.update_object(stream, "<<>>")
        doc.update_stream(stream, cmap)
        doc.xref_set_key(xref, "ToUnicode", f"{stream} 0 R")
    md = convert(doc.tobytes(), settings=Settings(ocr=False)).markdown
    assert md.strip() == _PROSE[:40].strip(), repr(md)
