"""`webfold warc` end to end on archives written to a temp folder."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys

from warc_builders import Rec, article, build_warc

from webfold.cli import warc as warc_cli


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="webfold")
    warc_cli.add_parser(parser.add_subparsers(dest="command"))
    return warc_cli.run(parser.parse_args(["warc", *argv]))


def archive(tmp_path, records, *, gz=True, cut=0):
    data = build_warc(records, gz=gz)
    path = tmp_path / ("in.warc.gz" if gz else "in.warc")
    path.write_bytes(data[:len(data) - cut])
    return path


PAGES = [
    Rec("http://example.com/news/flood?day=1", article("Flood", "Water everywhere.")),
    Rec("http://example.com/../../etc/passwd", article("Sneaky", "Path games.")),
    Rec("http://example.com/img.png", b"\x89PNG\r\n\x1a\n", headers=[("Content-Type",
                                                                      "image/png")]),
]


def test_out_writes_md_and_json_per_record_inside_the_folder(tmp_path, capsys):
    out = tmp_path / "out"
    assert run([str(archive(tmp_path, PAGES)), "--out", str(out), "--all-blocks"]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["in.json", "in.parts"]
    parts = out / "in.parts"
    names = sorted(p.name for p in parts.iterdir())
    assert len(names) == 4 and all(p.is_file() for p in parts.iterdir())
    assert all(not n.startswith(".") and "/" not in n for n in names)
    flood = [n for n in names if n.startswith("example.com_news_flood_day_1-")]
    assert sorted(n.rsplit(".", 1)[1] for n in flood) == ["json", "md"]
    md = (parts / flood[0].replace(".json", ".md")).read_text(encoding="utf-8")
    assert "Water everywhere." in md
    record = json.loads((parts / flood[0].replace(".md", ".json")).read_text(encoding="utf-8"))
    assert record["source"] == "http://example.com/news/flood?day=1"
    assert record["warc"]["date"] == "2024-05-06T07:08:09Z"
    summary = capsys.readouterr().err
    assert "4 records: 2 converted, 0 failed, 2 skipped" in summary


def test_jsonl_prints_one_record_per_line(tmp_path, capsys):
    assert run([str(archive(tmp_path, PAGES, gz=False)), "--jsonl", "--all-blocks"]) == 0
    lines = capsys.readouterr().out.splitlines()
    records = [json.loads(line) for line in lines]
    assert [r["source"] for r in records] == [
        "http://example.com/news/flood?day=1", "http://example.com/../../etc/passwd"]
    assert "Water everywhere." in records[0]["markdown"]


def test_default_prints_markdown_under_record_comments(tmp_path, capsys):
    assert run([str(archive(tmp_path, PAGES[:1])), "--all-blocks"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("<!-- webfold:record http://example.com/news/flood?day=1 ")
    assert "Water everywhere." in out


def test_a_failed_record_makes_the_exit_code_one(tmp_path, capsys):
    path = archive(tmp_path, PAGES[:2], gz=False, cut=100)
    assert run([str(path), "--jsonl", "--all-blocks"]) == 1
    records = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert records[-1]["error"]["code"] == "damaged"
    assert "Water everywhere." in records[0]["markdown"]


def test_a_missing_file_exits_two(tmp_path, capsys):
    assert run([str(tmp_path / "nope.warc")]) == 2
    assert "nope.warc" in capsys.readouterr().err


def test_a_terminal_gets_a_progress_bar_and_pipes_do_not(tmp_path, capsys, monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert run([str(archive(tmp_path, PAGES)), "--jsonl", "--all-blocks"]) == 0
    shown = terminal.getvalue()
    assert "\r[" in shown and "records" in shown and "4 records: 2 converted" in shown
    monkeypatch.undo()
    assert run([str(archive(tmp_path, PAGES)), "--jsonl", "--all-blocks"]) == 0
    assert "\r[" not in capsys.readouterr().err


def test_convert_streams_an_archive_larger_than_the_input_cap(tmp_path, monkeypatch):
    from webfold.cli import convert as convert_cli

    pages = [Rec(f"http://example.com/p{i}", article(f"Page {i}", "Streamed, not buffered."))
             for i in range(8)]
    path = archive(tmp_path, pages)
    cap = path.stat().st_size // 2  # every record fits, the whole archive does not
    monkeypatch.setenv("WEBFOLD_MAX_BYTES", str(cap))
    parser = argparse.ArgumentParser(prog="webfold")
    convert_cli.add_parser(parser.add_subparsers(dest="command"))
    assert convert_cli.run(parser.parse_args(["convert", str(path), "--all-blocks"])) == 0
    summary = json.loads((tmp_path / "in.json").read_text(encoding="utf-8"))
    assert summary["type"] == "warc" and summary["error"] is None
    assert summary["warc"]["converted"] == 8
    records = sorted((tmp_path / "in.parts").glob("*.md"))
    assert len(records) == 8
    assert all("Streamed, not buffered." in p.read_text(encoding="utf-8") for p in records)


def test_jsonl_into_an_output_file(tmp_path, capsys):
    target = tmp_path / "records.jsonl"
    assert run([str(archive(tmp_path, PAGES)), "--jsonl", "-o", str(target), "--all-blocks"]) == 0
    assert capsys.readouterr().out == ""
    records = [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 2 and "Water everywhere." in records[0]["markdown"]


def test_text_format_under_record_comments(tmp_path, capsys):
    assert run([str(archive(tmp_path, PAGES[:1])), "--all-blocks", "--format", "text"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("<!-- webfold:record http://example.com/news/flood?day=1 ")
    assert "\n\nFlood\n\nWater everywhere. " in out and "# Flood" not in out


def test_reads_the_archive_from_stdin(tmp_path):
    data = build_warc(PAGES, gz=True)
    result = subprocess.run([sys.executable, "-m", "webfold", "warc", "-", "--jsonl",
                             "--all-blocks"], input=data, capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["source"] for r in records][:1] == ["http://example.com/news/flood?day=1"]
    assert b"4 records: 2 converted" in result.stderr


def test_a_file_that_is_not_a_warc_is_one_line(tmp_path):
    page = tmp_path / "page.warc"
    page.write_text("<html><body><p>Just a page.</p></body></html>\n" * 40)
    result = subprocess.run([sys.executable, "-m", "webfold", "warc", str(page)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == (f"webfold warc: {page}: not_warc: not a WARC archive (no WARC/1.x "
                             "record header in its first KB, and not gzip)\n")


def test_comments_flag_keeps_an_articles_comments(tmp_path, capsys):
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "fixtures" / "selector"
            / "article_comments.html").read_bytes()
    path = archive(tmp_path, [Rec("http://example.com/2026/01/sourdough", page)])
    assert run([str(path)]) == 0
    assert "seed-tray heat mat" not in capsys.readouterr().out
    assert run([str(path), "--comments"]) == 0
    assert "seed-tray heat mat" in capsys.readouterr().out
