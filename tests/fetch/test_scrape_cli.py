"""`webfold scrape` against the real server on 127.0.0.1."""

from __future__ import annotations

import argparse
import json
import socket

import pytest
from fetch_site import Site

import webfold
from webfold.cli import scrape as scrape_cli
from webfold.errors import ERROR_CODES
from webfold.web.render import local_renderer


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="webfold")
    scrape_cli.add_parser(parser.add_subparsers(dest="command"))
    return scrape_cli.run(parser.parse_args(["scrape", *argv]))


def test_prints_markdown(site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    assert run([site.url("/cp1252"), "--allow-loopback", "--all-blocks"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Die Brücke") and "Fußgänger" in out


def test_json_prints_the_record(site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    assert run([site.url("/chain/1"), "--allow-loopback", "--all-blocks", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["http"]["status"] == 200 and record["http"]["redirects"] == 2
    assert record["http"]["final_url"] == site.url("/article")
    assert record["route"] == "fetch" and "total" in record["timings_ms"]
    assert "Die Brücke" in record["markdown"] and record["error"] is None


@pytest.mark.parametrize(("argv", "expected"), [
    (["/article"], "forbidden_address"),  # loopback needs --allow-loopback
    (["/to-private", "--allow-loopback"], "forbidden_address"),
    (["/private/page", "--allow-loopback"], "robots_disallowed"),
    (["/chain/10", "--allow-loopback"], "too_many_redirects"),
    (["/slow?s=2", "--allow-loopback", "--timeout", "0.5"], "timeout"),
    (["/json", "--allow-loopback"], "unsupported_type"),
])
def test_a_failed_scrape_exits_non_zero_with_its_code(
        site: Site, capsys: pytest.CaptureFixture[str], argv: list[str], expected: str) -> None:
    assert run([site.url(argv[0]), *argv[1:], "--json"]) == 1
    captured = capsys.readouterr()
    record = json.loads(captured.out)
    assert record["error"]["code"] == expected and expected in ERROR_CODES
    assert f": {expected}: " in captured.err


def test_ignore_robots(site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    assert run([site.url("/private/page"), "--allow-loopback", "--ignore-robots",
                "--all-blocks"]) == 0
    assert "Die Brücke" in capsys.readouterr().out


def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["http://example.com/", "--timeout", "0"]) == 2
    with pytest.raises(SystemExit) as exc:
        run(["http://example.com/", "--all-blocks", "--precision"])
    assert exc.value.code == 2


def test_a_bad_url_is_a_record_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["file:///etc/passwd"]) == 1
    assert "bad_url" in capsys.readouterr().err


def test_text_format_into_an_output_file(site: Site, tmp_path, capsys) -> None:
    target = tmp_path / "page.txt"
    assert run([site.url("/cp1252"), "--allow-loopback", "--all-blocks", "--format", "text",
                "-o", str(target)]) == 0
    assert capsys.readouterr().out == ""
    text = target.read_text(encoding="utf-8")
    assert text.startswith("Die Brücke") and "Fußgänger" in text and "#" not in text


def test_a_refused_connection_is_not_a_robots_failure(capsys) -> None:
    with socket.socket() as probe:  # a port nothing listens on once closed
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert run([f"http://127.0.0.1:{port}/page", "--allow-loopback"]) == 1
    err = capsys.readouterr().err
    assert ": fetch_failed: " in err and "Connection refused" in err and "robots" not in err


@pytest.mark.skipif(local_renderer() is None, reason="no Chromium (or Playwright) here")
def test_a_wait_selector_that_never_matched_is_a_warning(site: Site, capsys) -> None:
    assert run([site.url("/late", host="localhost"), "--allow-loopback", "--all-blocks",
                "--render", "--wait-selector", "#never", "--timeout", "12"]) == 0
    captured = capsys.readouterr()
    assert "warning: render: gave up waiting for selector '#never'" in captured.err
    assert captured.out.strip()


def test_the_library_scrape_is_the_cli_scrape(site: Site, settings) -> None:
    doc = webfold.scrape(site.url("/cp1252"), settings=settings, select="all")
    assert doc.ok and doc.markdown.startswith("# Die Brücke")
    assert doc.source == site.url("/cp1252") and doc.record()["route"] == "fetch"
