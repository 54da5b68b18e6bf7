"""`webfold md` and `webfold convert`: outputs, side files, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pymupdf
import pytest

from webfold.cli import main

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PAGE = ("<html><head><title>Quay</title></head><body><h1>Quay</h1>"
        "<p>See <a href='/tides'>tides</a>.</p><h2>More</h2><p>Second section text.</p>"
        "</body></html>")


@pytest.fixture
def page(tmp_path: Path) -> Path:
    path = tmp_path / "quay.html"
    path.write_text(PAGE, encoding="utf-8")
    return path


def test_md_prints_markdown_with_base(page: Path, capsys) -> None:
    assert main(["md", str(page), "--base", "https://port.example/a/", "--all-blocks"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Quay\n") and "[tides](https://port.example/tides)" in out


def test_md_json_record(page: Path, capsys) -> None:
    assert main(["md", str(page), "--json", "--all-blocks"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["schema"] == 1 and record["type"] == "html"
    assert record["source"] == str(page) and record["markdown"].startswith("# Quay")
    assert record["metadata"]["title"] == "Quay" and record["error"] is None


def test_md_json_record_names_the_author_of_a_dropped_byline(capsys) -> None:
    page = FIXTURES / "selector" / "bylines" / "undeclared_author.html"
    assert main(["md", str(page), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["metadata"]["author"] == "Mara Quinlan"
    assert "Mara Quinlan" not in record["markdown"]


def test_md_chunks_as_jsonl_and_array(page: Path, capsys) -> None:
    assert main(["md", str(page), "--all-blocks", "--chunk", "30", "--jsonl"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) >= 2 and lines[-1]["headings"] == ["Quay", "More"]
    assert main(["md", str(page), "--all-blocks", "--chunk", "10000"]) == 0
    chunks = json.loads(capsys.readouterr().out)
    assert len(chunks) == 1 and chunks[0]["markdown"].startswith("# Quay")


def test_md_reads_stdin(monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "stdin", _Stdin(b"<p>from stdin</p>"))
    assert main(["md", "-", "--all-blocks"]) == 0
    assert capsys.readouterr().out == "from stdin\n"


@pytest.mark.parametrize("argv", [["md", "/no/such/file.html"], ["md", "."],
                                  ["md", "x.html", "--jsonl"], ["md", "x.html", "--chunk", "0"]])
def test_md_unusable_input_exits_2_with_one_line(argv: list[str], capsys) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("webfold md: ")


def test_md_failed_document_exits_1(tmp_path: Path, capsys) -> None:
    shell = tmp_path / "shell.html"
    shell.write_text("<html><body><script>boot()</script></body></html>")
    assert main(["md", str(shell), "--all-blocks"]) == 1
    assert "empty" in capsys.readouterr().err


def test_no_traceback_from_the_installed_command(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "webfold", "md", str(tmp_path / "none.html")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and result.stderr.count("\n") == 1


def test_md_formats_text_html_and_front_matter(page: Path, capsys) -> None:
    assert main(["md", str(page), "--all-blocks", "--format", "text"]) == 0
    assert capsys.readouterr().out == "Quay\n\nSee tides.\n\nMore\n\nSecond section text.\n"
    assert main(["md", str(page), "--all-blocks", "--format", "html", "--base",
                 "https://port.example/"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("<!DOCTYPE html>") and "<title>Quay</title>" in out
    assert '<p>See <a href="https://port.example/tides">tides</a>.</p>' in out
    assert main(["md", str(page), "--all-blocks", "--with-metadata"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f'---\ntitle: "Quay"\nsource: {json.dumps(str(page))}\n---\n\n# Quay')
    assert main(["md", str(page), "--format", "text", "--with-metadata"]) == 2
    assert "--with-metadata" in capsys.readouterr().err


def test_md_writes_the_output_file(page: Path, tmp_path: Path, capsys) -> None:
    target = tmp_path / "quay.txt"
    assert main(["md", str(page), "--all-blocks", "--format", "text", "-o", str(target)]) == 0
    assert capsys.readouterr().out == "" and target.read_text().startswith("Quay\n")
    assert main(["md", str(page), "--json", "--output", str(tmp_path / "quay.json")]) == 0
    assert json.loads((tmp_path / "quay.json").read_text())["markdown"].startswith("# Quay")
    assert main(["md", str(page), "-o", str(tmp_path / "no" / "dir.md")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No such file or directory" in err


def test_md_names_a_known_unsupported_type(tmp_path: Path, capsys) -> None:
    doc = tmp_path / "letter.doc"  # Word 97-2003: an OLE compound file, not OOXML
    doc.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(range(256)) * 4)
    assert main(["md", str(doc)]) == 1
    assert capsys.readouterr().err == ("webfold md: unsupported_type: .doc is a Word 97-2003 "
                                       "document\n")


def test_md_points_a_url_to_scrape(capsys) -> None:
    assert main(["md", "https://port.example/tides"]) == 2
    assert capsys.readouterr().err == ("webfold md: https://port.example/tides is a URL: use "
                                       "`webfold scrape https://port.example/tides`\n")


def test_md_and_pdf_word_a_missing_file_the_same(tmp_path: Path, capsys) -> None:
    for command, name in (("md", "nope.html"), ("pdf", "nope.pdf")):
        assert main([command, str(tmp_path / name)]) == 2
        err = capsys.readouterr().err
        assert err == f"webfold {command}: {tmp_path / name}: No such file or directory\n"


def test_an_empty_path_names_no_file(capsys) -> None:
    # Path("") is the working folder: the message named a folder the user never gave.
    for command in ("md", "pdf", "warc"):
        assert main([command, ""]) == 2
        assert capsys.readouterr().err == f"webfold {command}: '': an empty path names no file\n"


def test_convert_writes_side_files_walks_folders_and_skips(tmp_path: Path, capsys) -> None:
    (tmp_path / "a.html").write_text(PAGE)
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "b.htm").write_text("<p>bee</p>")
    (sub / "notes.txt").write_text("not walked")
    (sub / "old.md").write_text("# never an input")
    assert main(["convert", str(tmp_path), "--all-blocks"]) == 0
    assert (tmp_path / "a.md").read_text().startswith("# Quay")
    assert json.loads((tmp_path / "a.json").read_text())["blocks_kept"] == 4
    assert (sub / "b.md").read_text() == "bee\n" and (sub / "b.json").exists()
    assert not (sub / "notes.json").exists() and not (sub / "old.json").exists()
    assert "2 converted, 0 failed, 0 skipped" in capsys.readouterr().err
    assert main(["convert", str(tmp_path), "--all-blocks"]) == 0
    assert "0 converted, 0 failed, 2 skipped" in capsys.readouterr().err
    assert main(["convert", str(tmp_path), "--all-blocks", "--force"]) == 0
    assert "2 converted" in capsys.readouterr().err


def test_convert_failure_exits_1_and_record_says_why(tmp_path: Path, capsys) -> None:
    (tmp_path / "good.html").write_text("<p>fine</p>")
    (tmp_path / "bad.pdf").write_bytes(b"this is no pdf")
    assert main(["convert", str(tmp_path), "--all-blocks"]) == 1
    record = json.loads((tmp_path / "bad.json").read_text())
    assert record["error"]["code"] == "not_pdf" and not (tmp_path / "bad.md").exists()
    assert (tmp_path / "good.md").exists()
    assert "1 converted, 1 failed" in capsys.readouterr().err


def test_convert_missing_path_exits_2(tmp_path: Path, capsys) -> None:
    (tmp_path / "a.html").write_text("<p>x</p>")
    assert main(["convert", str(tmp_path / "a.html"), str(tmp_path / "missing")]) == 2
    assert not (tmp_path / "a.json").exists()
    assert capsys.readouterr().err.count("\n") == 1


def test_convert_out_mirrors_the_input_tree(tmp_path: Path, capsys) -> None:
    src = tmp_path / "site"
    (src / "deep" / "er").mkdir(parents=True)
    (src / "index.html").write_text(PAGE)
    (src / "deep" / "er" / "leaf.htm").write_text("<p>leaf text</p>")
    lone = tmp_path / "lone.html"
    lone.write_text("<p>alone</p>")
    out = tmp_path / "out"
    assert main(["convert", str(src), str(lone), "--out", str(out), "--all-blocks"]) == 0
    assert sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()) == [
        "deep/er/leaf.json", "deep/er/leaf.md", "index.json", "index.md", "lone.json",
        "lone.md"]
    assert (out / "deep" / "er" / "leaf.md").read_text() == "leaf text\n"
    record = json.loads((out / "index.json").read_text())
    assert record["source"] == str(src / "index.html")
    assert not list(src.rglob("*.md")) and not (tmp_path / "lone.md").exists()
    err = capsys.readouterr().err
    assert "3 converted, 0 failed, 0 skipped" in err and f"outputs in {out}" in err
    assert main(["convert", str(src), "--out", str(out)]) == 0
    assert "0 converted, 0 failed, 2 skipped" in capsys.readouterr().err


def test_convert_retries_files_whose_record_is_an_error(tmp_path: Path, capsys) -> None:
    broken = tmp_path / "report.pdf"
    broken.write_bytes(b"not a pdf yet")
    assert main(["convert", str(tmp_path)]) == 1
    assert json.loads((tmp_path / "report.json").read_text())["error"]["code"] == "not_pdf"
    capsys.readouterr()
    assert main(["convert", str(tmp_path)]) == 1  # tried again, still broken: not "done"
    assert "0 converted, 1 failed, 0 skipped" in capsys.readouterr().err
    page = pymupdf.open()
    page.new_page().insert_text((72, 90), "Fixed now, with enough words to read.", fontsize=14)
    page.save(broken)
    assert main(["convert", str(tmp_path)]) == 0
    assert "1 converted, 0 failed, 0 skipped" in capsys.readouterr().err
    assert (tmp_path / "report.md").read_text().strip() == "Fixed now, with enough words to read."


def test_convert_names_unsupported_files(tmp_path: Path, capsys) -> None:
    (tmp_path / "a.html").write_text("<p>fine</p>")
    (tmp_path / "letter.doc").write_bytes(b"\xd0\xcf\x11\xe0")
    (tmp_path / "notes.txt").write_text("words")
    assert main(["convert", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert (f"1 converted, 0 failed, 0 skipped, 2 unsupported ({tmp_path / 'letter.doc'}, "
            f"{tmp_path / 'notes.txt'}) in ") in err


def test_convert_says_an_output_is_not_a_source(tmp_path: Path, capsys) -> None:
    (tmp_path / "a.md").write_text("# A")
    assert main(["convert", str(tmp_path / "a.md")]) == 2
    assert capsys.readouterr().err == (f"webfold convert: {tmp_path / 'a.md'}: not a source "
                                       "(.md and .json are what this tool writes)\n")


class _Stdin:
    def __init__(self, data: bytes) -> None:
        import io

        self.buffer = io.BytesIO(data)


COMMENTED = Path(__file__).resolve().parents[1] / "fixtures" / "selector" / "article_comments.html"


def test_md_and_convert_keep_article_comments_only_with_the_flag(tmp_path: Path, capsys) -> None:
    assert main(["md", str(COMMENTED)]) == 0
    assert "seed-tray heat mat" not in capsys.readouterr().out
    assert main(["md", str(COMMENTED), "--comments"]) == 0
    assert "seed-tray heat mat" in capsys.readouterr().out
    page = tmp_path / "post.html"
    page.write_bytes(COMMENTED.read_bytes())
    assert main(["convert", str(page), "--comments"]) == 0
    assert "seed-tray heat mat" in (tmp_path / "post.md").read_text("utf-8")
