"""`webfold crawl` on a folder and on a served site."""

from __future__ import annotations

import argparse
import json

from site_pages import COOKIE, site_files

from webfold.cli import crawl as crawl_cli


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="webfold")
    crawl_cli.add_parser(parser.add_subparsers(dest="command"))
    return crawl_cli.run(parser.parse_args(["crawl", *argv]))


def write_site(folder):
    folder.mkdir()
    for name, html in site_files().items():
        (folder / name).write_text(html, encoding="utf-8")
    return folder


def test_folder_to_out_dir_reports_template_blocks(tmp_path, capsys):
    site = write_site(tmp_path / "site")
    out = tmp_path / "out"
    assert run([str(site), "--out", str(out), "--all-blocks"]) == 0
    mds = sorted(out.glob("*.md"))
    assert len(mds) == 6 and len(list(out.glob("*.json"))) == 6
    assert mds[0].name.startswith("bridge.html-")
    assert all(COOKIE not in p.read_text(encoding="utf-8") for p in mds)
    record = json.loads(mds[0].with_suffix(".json").read_text(encoding="utf-8"))
    assert record["template_blocks_dropped"] >= 2
    err = capsys.readouterr().err
    assert "6 pages: 6 converted, 0 failed;" in err and "blocks dropped as template" in err


def test_site_crawl_as_json_lines(site, capsys):
    base, _hits = site
    assert run([base + "/", "--allow-loopback", "--max-pages", "2", "--jsonl",
                "--all-blocks"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["source"] for r in records] == [base + "/", base + "/about.html"]
    assert all(r["http"]["status"] == 200 for r in records)


def test_loopback_without_the_flag_fails_with_exit_one(site, capsys):
    base, _hits = site
    assert run([base + "/", "--jsonl"]) == 1
    [record] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert record["error"]["code"] == "forbidden_address"


def test_unusable_targets_exit_two(tmp_path, capsys):
    assert run([str(tmp_path / "missing")]) == 2
    assert run([str(tmp_path), "--max-pages", "0"]) == 2
    assert "not a folder or an http(s) URL" in capsys.readouterr().err


def test_folder_as_plain_text_into_a_file(tmp_path, capsys):
    site = write_site(tmp_path / "site")
    target = tmp_path / "pages.txt"
    assert run([str(site), "--format", "text", "-o", str(target)]) == 0
    assert capsys.readouterr().out == ""
    text = target.read_text(encoding="utf-8")
    assert text.count("<!-- webfold:page ") == 6
    assert "Flood season" in text and "# Flood season" not in text  # text, not Markdown
    assert COOKIE not in text


def test_folder_with_metadata_front_matter(tmp_path, capsys):
    site = write_site(tmp_path / "site")
    assert run([str(site), "--with-metadata"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n---\ntitle: ") == 6  # front matter under each page's comment


def test_out_dir_and_output_file_together_exit_two(tmp_path, capsys):
    site = write_site(tmp_path / "site")
    assert run([str(site), "--out", str(tmp_path / "o"), "-o", str(tmp_path / "f")]) == 2
    assert "choose one" in capsys.readouterr().err
