"""Hostile and broken PDFs end in a typed error or partial output, never a crash or hang."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import zlib
from pathlib import Path

import pymupdf
import pytest

from webfold import Settings, convert
from webfold.contract import ConvertOptions
from webfold.errors import ERROR_CODES


def _text_pdf(pages: int = 3) -> bytes:
    doc = pymupdf.open()
    for n in range(pages):
        page = doc.new_page()
        page.insert_text((72, 100), f"Page {n + 1} says hello to the reader.", fontsize=11)
    return doc.tobytes()


def _raw_pdf(objects: list[bytes]) -> bytes:
    """A PDF from numbered object bodies (1-based) with a correct xref table."""
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % off for off in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, xref)
    return bytes(out)


def _assert_handled(doc) -> None:
    if doc.error is not None:
        assert doc.error.code in ERROR_CODES
        assert doc.error.code != "internal", doc.error.message
    else:
        assert doc.pages, "a document without an error reports its pages"


def test_truncated_file_gives_partial_output_or_typed_error():
    data = _text_pdf(5)
    for cut in (len(data) // 2, len(data) - 40, 200):
        _assert_handled(convert(data[:cut], filename="cut.pdf"))


def test_garbage_after_the_header_is_a_typed_error():
    rng = random.Random(7)
    data = b"%PDF-1.7\n" + bytes(rng.randrange(256) for _ in range(20_000))
    doc = convert(data)
    assert doc.error is not None and doc.error.code in ("damaged", "empty")


def test_zero_pages_is_empty():
    data = _raw_pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                     b"<< /Type /Pages /Kids [] /Count 0 >>"])
    doc = convert(data)
    assert doc.error is not None and doc.error.code in ("empty", "damaged")


def test_decompression_bomb_page_is_skipped_with_a_warning():
    bomb = zlib.compress(b" " * 120_000_000, 9)
    data = _raw_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(bomb) + bomb + b"\nendstream",
    ])
    doc = convert(data)
    assert doc.ok
    assert doc.pages[0].route == "skipped"
    assert any("inflates" in w for w in doc.warnings)


def test_page_tree_loop_claiming_ten_thousand_pages_ends():
    data = _raw_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 10000 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
    ])
    doc = convert(data, settings=Settings(pdf_max_pages=200))
    _assert_handled(doc)
    if doc.ok:
        assert len(doc.pages) <= 200


def test_password_protected_file_is_encrypted_error():
    src = pymupdf.open(stream=_text_pdf(1))
    data = src.tobytes(encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="secret", owner_pw="own")
    doc = convert(data)
    assert doc.error is not None and doc.error.code == "encrypted"


def test_owner_password_only_opens_with_the_empty_password():
    src = pymupdf.open(stream=_text_pdf(1))
    data = src.tobytes(encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="", owner_pw="own",
                       permissions=0)
    doc = convert(data)
    assert doc.ok and "hello to the reader" in doc.markdown


def test_pdf_name_without_header_is_not_pdf():
    doc = convert(b"<html>not a pdf</html>", filename="report.pdf")
    assert doc.error is not None and doc.error.code == "not_pdf"


def test_spent_page_budget_still_returns_the_text():
    doc = convert(_text_pdf(5), settings=Settings(pdf_page_budget_s=0.0))
    assert doc.ok
    assert "Page 5 says hello" in doc.markdown
    assert any("budget" in w for w in doc.warnings)


def test_a_page_skipped_for_the_budget_is_named_among_the_pages_needing_ocr():
    doc_in = pymupdf.open()
    page = doc_in.new_page()
    page.insert_text((72, 100), "Native text on page one.", fontsize=11)
    doc_in.new_page()  # no text at all: would need OCR
    doc = convert(doc_in.tobytes(), settings=Settings(pdf_page_budget_s=0.0))
    assert doc.pages[1].route == "skipped" and "budget" in doc.pages[1].reason
    assert "pages not read (need OCR): 2" in doc.warnings


class _ForbiddenEngine:
    def recognize(self, image: bytes, *, lang: str, timeout_s: float):
        raise AssertionError("OCR must not run")


def test_no_ocr_never_starts_the_engine_and_names_the_pages():
    doc_in = pymupdf.open()
    doc_in.new_page()  # no text at all: would need OCR
    page = doc_in.new_page()
    page.insert_text((72, 100), "Native text on page two.", fontsize=11)
    options = ConvertOptions(settings=Settings(ocr=False), ocr=_ForbiddenEngine())
    doc = convert(doc_in.tobytes(), options=options)
    assert doc.ok
    assert [p.route for p in doc.pages] == ["skipped", "native"]
    assert "OCR off" in doc.pages[0].reason
    assert any("need OCR" in w and "1" in w for w in doc.warnings)
    assert "Native text on page two." in doc.markdown


@pytest.mark.parametrize("pages,expected", [((2,), ["Page 2"]), ((1, 3, 99), ["Page 1", "Page 3"])])
def test_page_selection(pages, expected):
    doc = convert(_text_pdf(3), options=ConvertOptions(pages=pages))
    assert [p.number for p in doc.pages] == [int(e.split()[1]) for e in expected]
    for text in expected:
        assert text in doc.markdown


def test_a_failing_table_step_keeps_the_page_text_and_names_page_and_step(monkeypatch):
    # The containment is under test, not the finder: the aligned-table step raises on
    # page 2 only, as a PyMuPDF error on odd vector content would.
    from webfold.pdf import converter

    real = converter.find_aligned_tables

    def failing_on_page_2(lines, textpage, drawn, page):
        if page.number == 1:
            raise ValueError("odd vector content")
        return real(lines, textpage, drawn, page)

    monkeypatch.setattr(converter, "find_aligned_tables", failing_on_page_2)
    rows = [["Station", "Level", "Change"], ["North", "3.2", "+0.4"], ["South", "2.9", "-0.1"],
            ["East", "4.1", "+1.0"], ["West", "3.3", "0.0"]]
    doc = pymupdf.open()
    for intro in ("Levels measured on Monday at the four stations.",
                  "On Tuesday the gauges were read again after the storm."):
        page = doc.new_page()
        page.insert_text((72, 80), intro, fontsize=11)
        for y in (100, 118, 190):
            page.draw_line((72, y), (400, y))
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                page.insert_text((76 + 120 * c, 113 if r == 0 else 118 + 16 * r), text,
                                 fontsize=10)
    result = convert(doc.tobytes(), filename="levels.pdf")
    assert result.error is None
    assert [b.page for b in result.blocks if b.kind == "table"] == [1]
    second = result.markdown.split("after the storm.")[1]
    assert all(cell in second for row in rows for cell in row)
    record = result.record()
    assert [p["route"] for p in record["pages"]] == ["native", "native"]
    assert record["pages"][0]["reason"] is None
    assert record["pages"][1]["reason"] == (
        "aligned tables failed (ValueError: odd vector content)")
    assert ("page 2: aligned tables failed (ValueError: odd vector content); its text is kept "
            "without them") in record["warnings"]


def test_a_structure_tree_with_a_cycle_does_not_hang_the_page_drawing(public_pdf):
    # A PowerPoint export whose tagged structure tree loops: MuPDF walking it to draw a
    # page (the table finder's header colours) never returned. Run apart, so a hang fails.
    script = ("import sys; from webfold import convert; "
              "doc = convert(open(sys.argv[1], 'rb').read(), filename='slides.pdf'); "
              "print(doc.error is None and 'BRCA1' in doc.markdown)")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "shared")}
    slides = public_pdf("pymupdf/test_2548.pdf")
    done = subprocess.run([sys.executable, "-c", script, str(slides)],
                          capture_output=True, text=True, timeout=90, env=env)
    assert done.stdout.strip() == "True", done.stderr[-2000:]
