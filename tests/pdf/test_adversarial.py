"""Adversarial PDFs made here (issue #11's robustness targets): each ends in Markdown, a
warning that says what was lost, or a typed error, in bounded time; through the CLI too."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zlib
from pathlib import Path

import pymupdf
import pytest
from test_hostile import _raw_pdf

from webfold import Settings, convert
from webfold.pdf.furniture import strip_furniture
from webfold.pdf.native import drop_caps, read_page

SHARED = Path(__file__).resolve().parents[2] / "shared"
HELVETICA = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"


def _one_page(content: bytes, *, box: bytes = b"[0 0 595 842]", resources: bytes = b"",
              more: tuple[bytes, ...] = ()) -> bytes:
    """A one-page PDF drawing `content` (deflated), with Helvetica as /F1; `more` are
    objects 6 on (`resources` may name them)."""
    stream = zlib.compress(content)
    return _raw_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox %s /Resources << /Font << /F1 4 0 R >> %s >>"
        b" /Contents 5 0 R >>" % (box, resources),
        HELVETICA,
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream",
        *more,
    ])


def _letter_grid(count: int, letters: bytes = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                 height: float = 800) -> bytes:
    """`count` one-letter text objects in rows of 200 across the page from its top down
    `height` points, each its own line."""
    rows = max(count // 200, 1)
    ops = [b"/F1 %.1f Tf 1 0 0 1 %.1f %.1f Tm (%c) Tj" % (
        1 + (i % 3) * 0.5, 10 + (i % 200) * 2.9, 830 - (i // 200) * (height / rows),
        letters[i % len(letters)]) for i in range(count)]
    return _one_page(b"BT\n" + b"\n".join(ops) + b"\nET")


def _cli(path: Path, *args: str) -> tuple[subprocess.CompletedProcess, dict]:
    done = subprocess.run([sys.executable, "-m", "webfold", "pdf", str(path), "--json", *args],
                          capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(SHARED), "PATH": "/usr/bin:/bin"})
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    return done, json.loads(done.stdout)


class _TooManySteps(Exception):
    pass


def _steps(limit: int, work, *args) -> int:
    """The lines of the package's code `work(*args)` runs, counted by a trace function:
    work that grows with the square of a page's lines shows as a count, where a clock
    would show the machine's load too. Stops with `_TooManySteps` past `limit`, so an
    unbounded pass fails at once rather than after its minutes."""
    count = 0

    def each_line(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
            if count > limit:
                raise _TooManySteps(f"over {limit:,} lines run")
        return each_line

    sys.settrace(lambda frame, event, arg: each_line
                 if frame.f_code.co_filename.startswith(str(SHARED)) else None)
    try:
        work(*args)
    finally:
        sys.settrace(None)
    return count


def test_many_one_letter_lines_look_for_drop_caps_only_beside_each_letter():
    # Every one-letter line is a drop cap candidate; each looked through all the page's
    # lines (8,000 lines: 64 million looks), so a page of tiny spans never ended. Beside
    # each letter are the 200 of its row: 4.8 million lines run.
    page = pymupdf.open(stream=_letter_grid(8_000))[0]
    lines = read_page(page, 1)
    assert len(lines.lines) > 7_000
    assert _steps(12_000_000, drop_caps, lines) > 1_000_000  # the pass did run
    assert len(lines.lines) > 7_000  # no letter in the grid is anyone's drop cap


def test_many_page_number_like_letters_in_a_margin_are_compared_only_with_their_neighbours():
    # Each "i", "v" or "x" in a margin band could be a page label; each was compared with
    # every other (52 million lines run for 8,000 of them): now with those of its row and
    # the rows near it (7.9 million).
    page = pymupdf.open(stream=_letter_grid(8_000, letters=b"ivx", height=70))[0]
    lines = read_page(page, 1)
    assert len(lines.lines) > 7_000
    assert _steps(20_000_000, strip_furniture, [lines]) > 1_000_000


def _three_pages() -> bytes:
    doc = pymupdf.open()
    for n in range(1, 4):
        doc.new_page().insert_text((72, 100), f"Page {n} says hello to the reader.", fontsize=11)
    return doc.tobytes()


@pytest.mark.parametrize("break_xref", [
    lambda d: re.sub(rb"(\d{10}) 00000 n", lambda m: b"%010d 00000 n" % (int(m[1]) + 7), d),
    lambda d: re.sub(rb"startxref\n\d+", b"startxref\n999999", d),
    lambda d: d[:d.rfind(b"xref")] + b"%%EOF\n",
], ids=["offsets-off", "startxref-past-the-end", "no-xref"])
def test_a_broken_xref_mupdf_repairs_keeps_every_page_and_says_so(break_xref):
    doc = convert(break_xref(_three_pages()), filename="broken.pdf")
    assert doc.ok and [p.route for p in doc.pages] == ["native"] * 3
    assert all(f"Page {n} says hello" in doc.markdown for n in (1, 2, 3))
    assert any("damaged" in w and "rebuilt" in w for w in doc.warnings)


def _object_stream_pdf(*, holds_itself: bool, extends_itself: bool) -> bytes:
    """Pages, page and font in object stream 5, listed by an xref stream; the stream may
    list itself among its own objects, or /Extends itself."""
    content = b"BT /F1 12 Tf 72 700 Td (Read from an object stream) Tj ET"
    inside = [b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
              b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources"
              b" << /Font << /F1 4 0 R >> >> /Contents 6 0 R >>", HELVETICA]
    header, body = b"", b""
    for number, obj in zip((2, 3, 4), inside, strict=True):
        header += b"%d %d " % (number, len(body))
        body += obj + b"\n"
    extends = b" /Extends 5 0 R" if extends_itself else b""
    out = bytearray(b"%PDF-1.7\n")
    at = {1: len(out)}
    out += b"1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n"
    at[5] = len(out)
    out += (b"5 0 obj\n<< /Type /ObjStm /N 3 /First %d /Length %d%s >>\nstream\n"
            % (len(header), len(header + body), extends) + header + body
            + b"\nendstream\nendobj\n")
    at[6] = len(out)
    out += b"6 0 obj\n<< /Length %d >>\nstream\n" % len(content) + content + \
        b"\nendstream\nendobj\n"
    entries = [(0, 0, 65535), (1, at[1], 0), (2, 5, 0), (2, 5, 1), (2, 5, 2),
               (2, 5, 3) if holds_itself else (1, at[5], 0), (1, at[6], 0), (1, len(out), 0)]
    table = b"".join(bytes([kind]) + a.to_bytes(4, "big") + b.to_bytes(2, "big")
                     for kind, a, b in entries)
    xref = len(out)
    out += (b"7 0 obj\n<< /Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R /Length %d >>\nstream\n"
            % len(table) + table + b"\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n" % xref)
    return bytes(out)


@pytest.mark.parametrize(("holds_itself", "extends_itself"), [(True, False), (False, True)],
                         ids=["stream-in-itself", "extends-itself"])
def test_an_object_stream_loop_ends_with_the_page_read(holds_itself, extends_itself):
    doc = convert(_object_stream_pdf(holds_itself=holds_itself, extends_itself=extends_itself))
    assert doc.ok and "Read from an object stream" in doc.markdown


@pytest.mark.parametrize("box", [b"[0 0 0 0]", b"[0 0 595 0]", b"[595 842 0 0]", b"null",
                                 b"[0 0 /a (b)]", b"[0 0 14400000 14400000]"],
                         ids=["zero", "flat", "reversed", "null", "not-numbers", "huge"])
def test_an_odd_media_box_still_reads_the_page(box):
    doc = convert(_one_page(b"BT /F1 12 Tf 72 100 Td (Text in an odd box) Tj ET", box=box))
    assert doc.ok and "Text in an odd box" in doc.markdown


def test_text_in_a_negative_media_box_is_read():
    # MuPDF turns [0 0 -595 -842] into [-595 -842 0 0] as viewers do: text set there shows.
    doc = convert(_one_page(b"BT /F1 12 Tf -500 -100 Td (Text below the origin) Tj ET",
                            box=b"[0 0 -595 -842]"))
    assert doc.ok and "Text below the origin" in doc.markdown


def _one_pixel_page(matrix: bytes) -> bytes:
    pixel = zlib.compress(b"\x00")
    return _one_page(b"q %s cm /Im1 Do Q" % matrix, resources=b"/XObject << /Im1 6 0 R >>",
                     more=(b"<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace"
                           b" /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length %d"
                           b" >>\nstream\n" % len(pixel) + pixel + b"\nendstream",))


@pytest.mark.parametrize("matrix", [b"595 0 0 842 0 0", b"1 0 0 1 100 100"],
                         ids=["page-sized", "one-point"])
def test_an_image_only_page_of_one_pixel_goes_to_ocr_and_says_nothing_was_found(
        matrix, tmp_path):
    path = tmp_path / "pixel.pdf"
    path.write_bytes(_one_pixel_page(matrix))
    done, record = _cli(path)
    assert done.returncode == 0
    assert record["pages"][0]["route"] == "ocr" and record["markdown"] == ""
    assert record["warnings"] == ["no text found on any page"]


DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
SENTENCE = "Quarterly results were strong across every region."
# ToUnicode sending A-Z to private-use codes, as some subset fonts' maps do.
PRIVATE_USE_CMAP = (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName"
                    b" /P def 1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfrange"
                    b" <41> <5A> <E041> endbfrange endcmap CMapName currentdict /CMap"
                    b" defineresource pop end end")


def _without_to_unicode() -> bytes:
    """Text in an embedded TrueType font whose ToUnicode map is taken out: MuPDF reads its
    glyph ids as the characters (DejaVu's: the letters' codes less 29, "4XDUWHUO")."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_font(fontname="F0", fontfile=str(DEJAVU))
    page.insert_text((72, 100), SENTENCE, fontname="F0", fontsize=12)
    for xref in range(1, doc.xref_length()):
        if doc.xref_get_key(xref, "ToUnicode")[0] != "null":
            doc.xref_set_key(xref, "ToUnicode", "null")
    return doc.tobytes()


def _private_use_map() -> bytes:
    cmap = zlib.compress(PRIVATE_USE_CMAP)
    return _one_page(b"BT /F1 14 Tf 72 700 Td (HELLO WORLD IN CAPITALS) Tj 0 -20 Td"
                     b" (A SECOND LINE OF THEM) Tj ET",
                     more=(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(cmap)
                           + cmap + b"\nendstream",)).replace(
        HELVETICA, HELVETICA[:-2] + b"/ToUnicode 6 0 R >>")


@pytest.mark.parametrize("make", [
    pytest.param(_without_to_unicode, marks=pytest.mark.skipif(
        not DEJAVU.exists(), reason="DejaVu Sans not installed")),
    _private_use_map,
], ids=["no-to-unicode", "private-use"])
def test_glyphs_without_a_unicode_reading_are_never_emitted_and_the_page_is_named(make):
    doc = convert(make(), settings=Settings(ocr=False))
    assert doc.ok and doc.markdown == ""
    assert doc.pages[0].route == "skipped" and "garbled" in doc.pages[0].reason
    assert "pages not read (need OCR): 1" in doc.warnings


@pytest.mark.skipif(not DEJAVU.exists(), reason="DejaVu Sans not installed")
def test_glyphs_without_a_unicode_reading_are_read_by_ocr():
    doc = convert(_without_to_unicode())
    assert doc.ok and doc.pages[0].route == "ocr"
    assert "strong across every region" in doc.markdown and "4XDUWHUO" not in doc.markdown


def test_a_page_of_more_lines_than_any_table_page_is_read_without_the_table_finders(monkeypatch):
    # The table finders compare lines with lines: a page of 40,000 one-letter lines kept
    # the aligned-table finder 200 s past the page's budget. The densest page of the
    # corpora has 2,619 lines.
    from webfold.pdf import converter

    def finder_must_not_run(*args, **kwargs):
        raise AssertionError("a table finder ran")

    monkeypatch.setattr(converter, "find_tables", finder_must_not_run)
    monkeypatch.setattr(converter, "find_aligned_tables", finder_must_not_run)
    doc = convert(_letter_grid(converter.MAX_TABLE_PAGE_LINES + 1_000),
                  settings=Settings(ocr=False))
    assert doc.ok and doc.pages[0].route == "native" and doc.pages[0].reason is None
    assert len(doc.markdown) > 5_000
    [warning] = [w for w in doc.warnings if "tables" in w]
    assert re.fullmatch(r"page 1: \d+ lines, over 5000; read as text without looking for "
                        r"tables", warning)


def test_a_pages_text_page_is_let_go_once_the_page_is_read(monkeypatch):
    # MuPDF's text page of each page was kept to the end of the document: 455 MB at the
    # 2,000-page cap for pages of 22 short lines, 194 MB without.
    import weakref

    from webfold.pdf import converter

    made: list[weakref.ref] = []
    get_textpage = pymupdf.Page.get_textpage

    def recorded(page, *args, **kwargs):
        textpage = get_textpage(page, *args, **kwargs)
        made.append(weakref.ref(textpage))
        return textpage

    alive_at_the_end: list[int] = []
    build_blocks = converter.build_blocks

    def counting(*args, **kwargs):
        alive_at_the_end.append(sum(ref() is not None for ref in made))
        return build_blocks(*args, **kwargs)

    monkeypatch.setattr(pymupdf.Page, "get_textpage", recorded)
    monkeypatch.setattr(converter, "build_blocks", counting)
    doc = pymupdf.open()
    for n in range(1, 21):
        doc.new_page().insert_text((72, 100), f"Page {n} says hello to the reader.")
    result = convert(doc.tobytes(), settings=Settings(ocr=False))
    assert result.ok and "Page 20 says hello" in result.markdown
    assert len(made) >= 20 and alive_at_the_end == [0]


def test_a_numbered_item_of_nothing_but_leader_dots_keeps_its_number():
    # "17. ...:" (a literate program's elided step): the leader dots were rewritten
    # before the number was read and took its period, and the whole file failed as
    # internal (AttributeError).
    doc = pymupdf.open()
    page = doc.new_page()
    for k, text in enumerate(["16. Define commands that appear not to eat spaces:",
                              "17. ...:", "18. For typesetting the titles:"]):
        page.insert_text((72, 100 + 40 * k), text, fontsize=11)
    result = convert(doc.tobytes(), settings=Settings(ocr=False))
    assert result.ok, result.error
    assert "16. Define commands" in result.markdown and "17. ...:" in result.markdown


def test_a_spent_page_budget_leaves_out_the_steps_inside_the_page_and_names_them():
    # The budget was checked only between steps: a page of 200,000 one-letter spans took
    # 82 s, drop caps and the reading order's joins and centred cells each looping over
    # every letter past the budget. Now each of them stops once the page's time is spent.
    doc = convert(_letter_grid(4_000), settings=Settings(ocr=False, pdf_page_budget_s=0.0))
    assert doc.ok and doc.pages[0].route == "native"
    assert len(re.findall(r"[A-Z]", doc.markdown)) == 4_000  # every letter still read
    [warning] = [w for w in doc.warnings if "budget" in w]
    assert warning.startswith("page 1: over the 0.0s budget; left out: ")
    left_out = warning.split("left out: ")[1].split(", ")
    assert {"drop caps", "joining fragments", "centred cells"} <= set(left_out)


def test_a_page_budget_not_spent_leaves_nothing_out():
    doc = convert(_letter_grid(400), settings=Settings(ocr=False))
    assert doc.ok and not [w for w in doc.warnings if "budget" in w]


def _unembedded_cid_font() -> bytes:
    """Two lines in a CID font (Identity-H) neither embedded nor mapped to Unicode, its
    codes the glyph ids of a TrueType font in the standard Macintosh order ("A" is 36),
    its CID font without a descriptor (MuPDF then reads each code's low byte)."""
    def ids(text: str) -> bytes:
        return "".join("%04X" % (3 if c == " " else ord(c) - 29) for c in text).encode()

    content = b"BT /F1 12 Tf 72 700 Td <%s> Tj 0 -16 Td <%s> Tj ET" % (
        ids("And next of all the reader turns the page"), ids("to find the second line"))
    stream = zlib.compress(content)
    return _raw_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R"
        b" >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type0 /BaseFont /Calibri /Encoding /Identity-H"
        b" /DescendantFonts [6 0 R] >>",
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Calibri /CIDSystemInfo << /Registry"
        b" (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 600 >>",
    ])


UNKNOWN_GLYPHS = ('font "Calibri" (pages 1): a CID font neither embedded nor mapped to '
                  "Unicode; its glyphs cannot be known, so its text cannot be read (OCR would "
                  "read a substitute's glyphs)")


def test_a_cid_font_without_its_glyphs_is_not_read_by_ocr_and_says_so():
    # Without a descriptor MuPDF draws each code's low byte in a substitute ("$QG" for
    # "And"), and OCR read that drawing back as the page's text, without a word of warning.
    doc = convert(_unembedded_cid_font())
    assert doc.ok and doc.markdown == "" and UNKNOWN_GLYPHS in doc.warnings
    assert doc.pages[0].route == "skipped"
    assert "glyphs cannot be known (Calibri), not OCR'd" in doc.pages[0].reason
    assert "pages not read (need OCR): 1" not in doc.warnings  # OCR would be no help
