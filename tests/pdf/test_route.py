"""The per-page route rule on real generated pages: native text stays native, scans,
stamped scans and garbled text layers go to OCR, a searchable scan stays native."""

from __future__ import annotations

import sys
from pathlib import Path

import pymupdf
import pytest

from webfold.pdf.model import Line, PageLines, Span
from webfold.pdf.native import image_infos, read_page
from webfold.pdf.route import PageRoute, garbage_score, image_cover, page_route, readable_parts

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))
from pdf_corpus import build_corpus, paragraphs  # noqa: E402

ROBUST = REPO / ".." / "shared" / "data" / "pdf-dev" / "robust"
NATIVE_CASES = ["two_column", "two_column_scrambled", "rotated_15", "rotate_90", "headings",
                "bold_headings", "table_merged", "running_headers", "lists", "code", "chinese",
                "cyrillic", "arabic"]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return {c.name: c.path for c in build_corpus(tmp_path_factory.mktemp("corpus"))}


def _route(page: pymupdf.Page) -> tuple[str, str | None]:
    decision = page_route(page, read_page(page, page.number + 1), image_boxes=lambda: [
        info["bbox"] for info in image_infos(page, xrefs=False)])
    return decision.route, decision.reason


def routes(path: Path) -> list[tuple[str, str | None]]:
    with pymupdf.open(path) as doc:
        return [_route(page) for page in doc]


@pytest.mark.parametrize("name", NATIVE_CASES)
def test_born_digital_pages_stay_native(corpus: dict[str, Path], name: str) -> None:
    assert {route for route, _ in routes(corpus[name])} == {"native"}


@pytest.mark.parametrize("name", ["scan_clean", "scan_noisy", "scan_rot90", "scan_rot180"])
def test_image_only_pages_go_to_ocr(corpus: dict[str, Path], name: str) -> None:
    assert routes(corpus[name]) == [("ocr", "no text layer")]


def test_a_stamp_on_a_scan_does_not_make_it_native(corpus: dict[str, Path]) -> None:
    [(route, reason)] = routes(corpus["scan_stamp"])
    assert route == "ocr"
    assert reason is not None and reason.startswith("scanned page: images cover 100%")


def test_mixed_file_routes_page_by_page(corpus: dict[str, Path]) -> None:
    assert [route for route, _ in routes(corpus["mixed"])] == ["native", "ocr"]


def test_searchable_scan_with_invisible_text_layer_stays_native(tmp_path: Path) -> None:
    paras = paragraphs(61, 3, 2)
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_image(page.rect, pixmap=pymupdf.Pixmap(pymupdf.csGRAY, (0, 0, 400, 560)))
    page.insert_textbox(pymupdf.Rect(72, 72, 523, 770), "\n\n".join(paras), fontsize=12,
                        render_mode=3)  # invisible, as OCR software writes it
    doc.save(tmp_path / "searchable.pdf")
    assert routes(tmp_path / "searchable.pdf") == [("native", None)]


def test_title_page_with_a_small_logo_stays_native(tmp_path: Path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_image(pymupdf.Rect(250, 100, 350, 200),
                      pixmap=pymupdf.Pixmap(pymupdf.csGRAY, (0, 0, 64, 64)))
    page.insert_text((200, 400), "Annual Report", fontsize=24)
    doc.save(tmp_path / "title.pdf")
    assert routes(tmp_path / "title.pdf") == [("native", None)]


def _lines(*texts: str) -> PageLines:
    lines = [Line(spans=[Span(text=t, bbox=(72, 72 + 14 * i, 500, 84 + 14 * i), size=11)],
                  bbox=(72, 72 + 14 * i, 500, 84 + 14 * i)) for i, t in enumerate(texts)]
    return PageLines(number=1, width=595, height=842, lines=lines)


# Text layers as PyMuPDF reads them from the pdf.js robust files (glyph ids, UTF-16 read
# as bytes, private-use symbol codes, cp1251 read as Latin-1, unassigned code points).
GARBLED = [
    "\x00\x07\x00\x08\x00\t\x00\n\x00\x0b\x00\x0c",
    "3/$1B/$72B\x15\x13\x14\x17B\x15\x13\x14\x18\n*UXSD\x035R]NãDG\x03\x10\x03,,\x03%",
    "\uf8f2\uf8f3",
    "Îãëàâëåíèå",
    "䋴䋮䋶㩷◲ᤃ\u0c4f\u0d50ဳ\n㪆\u0c4f\u0d50ဳ",
    "(cid:12)(cid:15)(cid:7) (cid:44)(cid:3)",
    "\ufffd\ufffd\ufffd report \ufffd\ufffd",
]
CLEAN = [
    "The river rose slowly through the night.",
    "Durée de la réunion: deux heures, à l'hôtel de ville.",
    "Grüße aus Köln, Düsseldorf und Österreich.",
    "Река медленно поднималась всю ночь.",
    "河水在夜里慢慢上涨，早上到了石桥。",
    "ارتفع النهر ببطء طوال الليل",
    "ﻣﺮﺣﺒﺎ ﺑﺎﻟﻌﺎﻟﻢ",  # Arabic presentation forms are real letters
    "سَتُنْشَرُ أَرْقَامُ المَوْسِمِ القَادِمِ",  # vowel marks are letters' marks, not junk
    # Shadda-vowel glyphs an Arabic font maps to nothing (U+FFFD) or to private use: marks.
    "شَد\ufffd الر\ufffdجُلُ الحَبْلَ وَمَد\ufffd يَدَهُ عَد\ufffd التُّج\ufffdارُ",
    "شَد\uf0b2 الر\uf0b2جُلُ الحَبْلَ وَمَد\uf0b2 يَدَهُ عَد\uf0b2 التُّج\uf0b2ارُ",
    "Issue 6901: f ﬀ ﬁ ﬃ",
    "Scan here to make a donation!\x01 Thank you for your support of our work.",
]


def test_a_garbled_layer_with_letters_says_so() -> None:
    decision = page_route(None, _lines(GARBLED[1]))
    assert decision.route == "ocr" and decision.garbled
    assert decision.reason is not None and decision.reason.startswith("garbled text layer")


@pytest.mark.parametrize("text", GARBLED)
def test_garbled_text_layers_go_to_ocr(text: str) -> None:
    assert garbage_score(text) >= 0.1
    assert page_route(None, _lines(text)).route == "ocr"


@pytest.mark.parametrize("text", CLEAN)
def test_clean_text_in_any_script_is_not_garbled(text: str) -> None:
    assert garbage_score(text) < 0.1


def test_no_alphanumeric_text_means_ocr() -> None:
    assert page_route(None, _lines("  ", "— · —")) == PageRoute("ocr", "no text layer")


def test_image_cover_is_the_union_clipped_to_the_page() -> None:
    assert image_cover([], 100, 100) == 0.0
    assert image_cover([(0, 0, 50, 100), (25, 0, 75, 100)], 100, 100) == pytest.approx(0.75)
    assert image_cover([(-50, -50, 50, 50)], 100, 100) == pytest.approx(0.25)
    assert image_cover([(0, 0, 200, 200), (10, 10, 20, 20)], 100, 100) == pytest.approx(1.0)


@pytest.mark.skipif(not ROBUST.is_dir(), reason="../shared/data/pdf-dev/robust is not present")
@pytest.mark.parametrize("name", ["issue5801.pdf", "issue4650.pdf", "issue2833.pdf"])
def test_real_garbled_text_layers_go_to_ocr(name: str) -> None:
    assert routes(ROBUST / name)[0][0] == "ocr"


def test_figure_page_with_its_caption_beside_the_picture_stays_native() -> None:
    # A report page that is mostly one chart: images cover over half the page and there
    # is little text, but the text sits beside the picture, not on it: no scan.
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_image(pymupdf.Rect(40, 60, 555, 600),
                      pixmap=pymupdf.Pixmap(pymupdf.csRGB, (0, 0, 300, 320)))
    page.insert_text((60, 640), "Figure 4: Monthly rainfall at the hill stations.", fontsize=10)
    page.insert_text((60, 660), "Source: district hydrology office.", fontsize=10)
    doc = pymupdf.open("pdf", doc.tobytes())
    [(route, reason)] = [_route(p) for p in doc]
    assert (route, reason) == ("native", None)


def test_an_inline_image_is_listed_and_a_page_of_one_is_a_scan() -> None:
    # An image drawn inline in the content stream (BI ... ID ... EI) is no image object:
    # `page.get_images()` does not list it, so image_infos finds it by its drawing.
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((60, 820), "12", fontsize=9)  # a page number: the page's only text
    pixels = bytes(range(16)) * 4
    stream = (b"q 535 0 0 760 30 40 cm BI /W 8 /H 8 /CS /G /BPC 8 ID " + pixels
              + b"\nEI Q\n")
    xref = doc.get_new_xref()
    doc.update_object(xref, "<<>>")
    doc.update_stream(xref, stream)
    contents = doc.xref_get_key(page.xref, "Contents")[1]
    doc.xref_set_key(page.xref, "Contents", f"[{contents} {xref} 0 R]")
    page = pymupdf.open("pdf", doc.tobytes())[0]
    assert not page.get_images()
    assert [tuple(round(v) for v in info["bbox"]) for info in image_infos(page, xrefs=False)] \
        == [(30, 42, 565, 802)]
    assert image_infos(page, xrefs=True) == []  # nothing to write: it has no xref
    assert _route(page)[0] == "ocr"


PROSE_LINE = "Ferries ran twice a day from the old pier, and the market stayed open."


def test_readable_parts_leave_out_all_text_of_a_font_that_draws_junk() -> None:
    # Shifted codes: the font's spaces are control codes, and on a line of one word its
    # letters look clean ("SRQLHG]LDãHN"); the same name with another style flag is
    # another font (an embedded subset beside a system font) and reads well.
    def line(text: str, font: str, serif: bool = False) -> Line:
        return Line(spans=[Span(text=text, bbox=(0, 0, 10, 10), size=10, font=font,
                                serif=serif)], bbox=(0, 0, 10, 10))

    lines = [line("3/$1B\x03/$72B\x03\x03", "ArialBlack"), line("SRQLHG]LDãHN", "ArialBlack"),
             line("9HQX\x03DX\x03FLQpPD", "Georgia", serif=True),
             line("à lui seul un condensé", "Georgia"), line("Le langage pur", "Bodoni")]
    readable = readable_parts(PageLines(number=1, width=100, height=100, lines=lines))
    assert readable is not None and readable.gaps == []
    assert [ln.text for ln in readable.lines] == ["à lui seul un condensé", "Le langage pur"]
    assert readable.garbled == lines[:3]


def _font_line(text: str, font: str, y: float = 0.0) -> Line:
    return Line(spans=[Span(text=text, bbox=(0, y, 200, y + 10), size=10, font=font)],
                bbox=(0, y, 200, y + 10))


def test_a_font_with_shifted_codes_sends_a_page_of_good_text_to_ocr() -> None:
    # Most of the page reads well (junk share under GARBLED_MIN_SCORE), but one font's
    # codes are shifted and its spaces are control codes: its runs are nonsense, and
    # the page goes to OCR, keeping the lines of the other fonts.
    good = [_font_line(PROSE_LINE, "Aller-Italic", 12.0 * k) for k in range(12)]
    shifted = _font_line("BGD\x03HK\x03RNFFDSSN\x03S@KD\x03PT@MCN\x03RH\x03CNM@", "Aller", 200)
    page = PageLines(number=1, width=400, height=400, lines=[*good, shifted])
    assert garbage_score("".join(line.text for line in page.lines)) < 0.1
    assert page_route(None, page) == PageRoute("ocr", "garbled text layer in Aller", garbled=True)
    readable = readable_parts(page)
    assert readable is not None and (readable.lines, readable.garbled) == (good, [shifted])


def test_a_math_or_icon_font_of_unmapped_glyphs_leaves_a_page_native() -> None:
    # Big delimiters or icons without a Unicode mapping: junk, but glyphs of their own,
    # not letters of words whose spaces went astray.
    good = [_font_line(PROSE_LINE, "CMR10", 12.0 * k) for k in range(12)]
    glyphs = _font_line(" ".join(["\ufffd\ufffd"] * 6), "CMEX10", 200)
    assert page_route(None, PageLines(number=1, width=400, height=400,
                                      lines=[*good, glyphs])).route == "native"


def test_readable_parts_keep_a_font_with_a_stray_unmapped_ligature() -> None:
    # Of a garbled page: an unmapped "ffi" in one line of a font that reads well elsewhere
    # sends that word to OCR, not all the font's lines; a line whose spaces are set in
    # the garbled font still reads well.
    garbled = _font_line("9HQX\x03DX\x03FLQpPD\x03SDU\x03OH\x03GRFXPHQWDLUH", "Georgia")
    ligature = _font_line("di\ufffdcile da praticare", "Aller-Italic", 20)
    clean = _font_line("questa curvatura", "Aller-Italic", 40)
    spaced = Line(spans=[Span(text="la morale", bbox=(0, 60, 50, 70), size=10, font="Aller-Italic"),
                         Span(text=" ", bbox=(50, 60, 53, 70), size=10, font="Georgia"),
                         Span(text="si muta", bbox=(53, 60, 90, 70), size=10, font="Aller-Italic")],
                  bbox=(0, 60, 90, 70))
    page = PageLines(number=1, width=400, height=400, lines=[garbled, ligature, clean, spaced])
    readable = readable_parts(page)
    assert readable is not None and readable.garbled == [garbled]
    assert readable.lines[1:] == [clean, spaced]
    [(line, gap)] = readable.gaps
    assert line is readable.lines[0] and line.text == " da praticare"
    assert gap.bbox == pytest.approx((0, 20, 80, 30))  # "di\ufffdcile ": 8 of 20 characters


def test_readable_parts_keep_the_words_of_a_line_around_a_run_of_a_garbled_font() -> None:
    # A film's title set in the embedded font within a line of the shifted-code one, and
    # the other way round: the title stays, each run of junk between becomes one gap.
    def span(text: str, font: str, x: float) -> Span:
        return Span(text=text, bbox=(x, 0, x + 10 * len(text), 10), size=10, font=font)

    mixed = Line(spans=[span("le présent ", "GeorgiaSub", 0),
                        span("\x03\x03F\x03HVW\x03OD", "Georgia", 110), span(" ", "Aller", 220),
                        span("GUDPDWXUJLH", "Georgia", 230), span("Francisca", "GeorgiaSub", 340),
                        span("\x03GRQW", "Georgia", 430)],
                 bbox=(0, 0, 480, 10))
    shifted = _font_line("9HQX\x03DX\x03FLQpPD\x03SDU\x03OH\x03GRFXPHQWDLUH", "Georgia", 20)
    readable = readable_parts(PageLines(number=1, width=500, height=100, lines=[mixed, shifted]))
    assert readable is not None and readable.garbled == [shifted]
    [kept] = readable.lines
    assert [(line, gap.bbox) for line, gap in readable.gaps] == [
        (kept, (110, 0, 340, 10)), (kept, (430, 0, 480, 10))]
    # The line is where its readable words are (MuPDF may run a line on across columns).
    assert kept.text == "le présent  Francisca " and kept.bbox == (0, 0, 430, 10)


def test_nothing_of_a_page_reads_well() -> None:
    assert readable_parts(_lines(GARBLED[1])) is None
