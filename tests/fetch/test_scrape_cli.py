"""`webfold scrape` against the real server on 127.0.0.1."""

from __future__ import annotations

import argparse
import json

import pytest
from fetch_site import Site

from webfold.cli import scrape as scrape_cli
from webfold.errors import ERROR_CODES


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
