"""`webfold pdf` through its own parser and `run` (stdout/stderr captured)."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pymupdf
import pytest

from webfold.cli import pdf as pdf_cli


def _run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="webfold")
    sub = parser.add_subparsers()
    pdf_cli.add_parser(sub)
    return pdf_cli.run(parser.parse_args(["pdf", *argv]))


@pytest.fixture()
def three_pages(tmp_path):
    doc = pymupdf.open()
    for n in range(1, 4):
        page = doc.new_page()
        page.insert_text((72, 90), f"Chapter {n}", fontsize=20)
        for k in range(12):
            page.insert_text((72, 130 + 16 * k), f"Line {k} of chapter {n} tells its story.",
                             fontsize=11)
    doc.new_page()  # blank: needs OCR
    path = tmp_path / "book.pdf"
    doc.save(path)
    return path


def test_markdown_to_stdout(three_pages, capsys):
    assert _run([str(three_pages), "--no-ocr", "--pages", "1-2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Chapter 1\n") and "# Chapter 2" in out and "Chapter 3" not in out


def test_json_record_names_routes(three_pages, capsys):
    assert _run([str(three_pages), "--no-ocr", "--json"]) == 0
    captured = capsys.readouterr()
    record = json.loads(captured.out)
    assert [p["route"] for p in record["pages"]] == ["native", "native", "native", "skipped"]
    assert "(need OCR): 4" in captured.err


def test_chunks_know_their_pages(three_pages, capsys):
    assert _run([str(three_pages), "--no-ocr", "--chunk", "400", "--jsonl"]) == 0
    chunks = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(chunks) >= 3
    assert [c["pages"][0] for c in chunks][:1] == [1]
    assert {p for c in chunks for p in c["pages"]} == {1, 2, 3}


@pytest.mark.parametrize("argv", [["--pages", "x"], ["--jsonl"], ["--chunk", "0"],
                                  ["--ocr-max-pages", "-1"]])
def test_bad_arguments_exit_2(three_pages, argv, capsys):
    assert _run([str(three_pages), *argv]) == 2
    assert capsys.readouterr().err.startswith("webfold pdf:")


def test_missing_file_exit_2(tmp_path, capsys):
    assert _run([str(tmp_path / "nope.pdf")]) == 2


def test_failed_document_exit_1(tmp_path, capsys):
    path = tmp_path / "fake.pdf"
    path.write_bytes(b"<html>no</html>")
    assert _run([str(path)]) == 1
    assert "not_pdf" in capsys.readouterr().err


def test_reads_stdin_and_writes_the_output_file(three_pages, tmp_path):
    target = tmp_path / "book.html"
    result = subprocess.run([sys.executable, "-m", "webfold", "pdf", "-", "--no-ocr",
                             "--pages", "1", "--format", "html", "-o", str(target)],
                            input=three_pages.read_bytes(), capture_output=True, timeout=120)
    assert result.returncode == 0 and result.stdout == b""
    html = target.read_text(encoding="utf-8")
    assert "<h1>Chapter 1</h1>" in html and "Chapter 2" not in html


def test_text_format_has_no_markdown(three_pages, capsys):
    assert _run([str(three_pages), "--no-ocr", "--pages", "2", "--format", "text"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Chapter 2\n\nLine 0 of chapter 2") and "#" not in out


def test_pages_past_the_end_are_an_error(three_pages, capsys):
    assert _run([str(three_pages), "--no-ocr", "--pages", "30"]) == 1
    assert capsys.readouterr().err == ("webfold pdf: bad_input: page 30 asked for, but the PDF "
                                       "has 4 pages\n")
    assert _run([str(three_pages), "--no-ocr", "--pages", "3-9"]) == 0
    assert "warning: pages 5-9 asked for, but the PDF has 4 pages" in capsys.readouterr().err


def test_json_stdout_parses_when_the_table_finder_runs(tmp_path):
    # PyMuPDF prints an advert on stdout the first time its table finder runs in a
    # process: only a fresh process shows it, so the CLI runs as one.
    doc = pymupdf.open()
    page = doc.new_page()
    for y in (100, 120, 140, 160):
        page.draw_line((72, y), (400, y))
    for x in (72, 236, 400):
        page.draw_line((x, 100), (x, 160))
    for row, y in enumerate((114, 134, 154)):
        page.insert_text((78, y), ("Region", "North", "South")[row], fontsize=10)
        page.insert_text((242, y), ("Sales", "1200", "950")[row], fontsize=10)
    path = tmp_path / "table.pdf"
    doc.save(path)
    done = subprocess.run([sys.executable, "-m", "webfold", "pdf", str(path), "--no-ocr",
                           "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert "| Region | Sales |" in record["markdown"]


def _five_pages() -> bytes:
    doc = pymupdf.open()
    for n in range(1, 6):
        doc.new_page().insert_text((72, 100), f"Page {n} says hello to the reader.", fontsize=11)
    return doc.tobytes()


def _encrypted() -> bytes:
    return pymupdf.open(stream=_five_pages()).tobytes(
        encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="secret", owner_pw="owner")


@pytest.mark.parametrize(("make", "code"), [
    (lambda: b"", "empty"),
    (lambda: _five_pages()[:200], "damaged"),  # the header, cut before any page
    (_encrypted, "encrypted"),
    (lambda: b"<!DOCTYPE html><html><body><p>Moved</p></body></html>", "not_pdf"),
    (lambda: b"\x89PNG\r\n\x1a\n" + bytes(64), "not_pdf"),
])
def test_bad_input_is_a_typed_error_in_the_json_record_and_exit_1(tmp_path, capsys, make, code):
    path = tmp_path / "input.pdf"
    path.write_bytes(make())
    assert _run([str(path), "--no-ocr", "--json"]) == 1
    captured = capsys.readouterr()
    record = json.loads(captured.out)
    assert record["error"]["code"] == code and record["markdown"] == ""
    assert f"webfold pdf: {code}: " in captured.err


def test_a_truncated_file_keeps_the_pages_before_the_cut_and_says_so(tmp_path, capsys):
    data = _five_pages()
    path = tmp_path / "cut.pdf"
    path.write_bytes(data[:len(data) // 2])
    assert _run([str(path), "--no-ocr", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert "Page 1 says hello" in record["markdown"]
    assert any("damaged" in w for w in record["warnings"])
    assert any(p["route"] == "skipped" for p in record["pages"])
