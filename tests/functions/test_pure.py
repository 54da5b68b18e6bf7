"""The pure parts of the pipeline edge: keys, messages, due computation, lazy imports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from webfold.outputs import output_stem, source_suffix
from webfold.pipeline.keys import url_stem
from webfold.pipeline.messages import RENDER_MODES, UrlMessage, parse_message
from webfold.pipeline.urlstate import UrlState
from webfold.pipeline.watch import due_messages, is_due, tick_time

REPO = Path(__file__).resolve().parents[2]


def test_outputs_are_named_after_the_source_without_its_suffix():
    assert output_stem("a/b/Report.PDF") == "a/b/Report"
    assert output_stem("crawl.warc.gz") == "crawl"
    assert source_suffix("notes.md") is None and source_suffix("data.json") is None
    with pytest.raises(ValueError):
        output_stem("a/b/page.md")


@pytest.mark.parametrize(("url", "stem"), [
    ("https://Example.com/a/b.html", "example.com/a/b"),
    ("https://example.com/docs/", "example.com/docs/index"),
    ("https://example.com", "example.com/index"),
    ("http://127.0.0.1:8080/x", "127.0.0.1_8080/x"),
    ("https://example.com/../../etc/passwd", "example.com/etc/passwd"),
    ("https://example.com/caf%C3%A9/menu", "example.com/café/menu"),
    ("https://example.com/report.pdf", "example.com/report"),
])
def test_url_stems_stay_inside_their_host_folder(url, stem):
    assert url_stem(url) == stem


def test_a_query_gives_a_stable_distinct_stem():
    one, two = url_stem("https://e.org/p?id=1"), url_stem("https://e.org/p?id=2")
    assert one != two and one.startswith("e.org/p_") and one == url_stem("https://e.org/p?id=1")


@pytest.mark.parametrize("body", [
    "{not json", "[]", '"https://e.org"', "{}",
    json.dumps({"url": "https://e.org", "colour": "red"}),
    json.dumps({"url": "ftp://e.org/file"}),
    json.dumps({"url": "javascript:alert(1)"}),
    json.dumps({"url": "https://e.org", "render": "sometimes"}),
    json.dumps({"url": "https://e.org", "select": "everything"}),
    json.dumps({"url": "https://e.org", "key": "out/page.html"}),  # would trigger itself
    json.dumps({"url": "https://e.org", "key": "/abs/page"}),
    json.dumps({"url": "https://e.org", "key": "a/../../b"}),
    json.dumps({"url": 42}),
])
def test_bad_url_messages_are_refused_with_a_reason(body):
    error = parse_message(body)
    assert not isinstance(error, UrlMessage)
    assert error.code == "bad_message" and not error.retryable


def test_a_good_message_round_trips():
    message = parse_message(json.dumps({"url": " https://e.org/a ", "render": "never",
                                        "key": "feeds/a.md"}))
    assert message == UrlMessage(url="https://e.org/a", render="never", key="feeds/a.md")
    assert message.stem == "feeds/a"
    assert parse_message(message.body()) == message


def test_render_modes_are_the_fetchers():
    from webfold.web.scrape import RENDER_MODES as FETCH_RENDER_MODES

    assert FETCH_RENDER_MODES == RENDER_MODES


def test_due_is_the_interval_since_the_last_fetch_or_queueing():
    now = 10_000
    assert is_due(UrlState(url="u", interval_s=60), now)  # never fetched
    assert not is_due(UrlState(url="u", interval_s=60, last_fetched=now - 59), now)
    assert is_due(UrlState(url="u", interval_s=60, last_fetched=now - 60), now)
    assert not is_due(UrlState(url="u", interval_s=60, last_fetched=now - 600,
                               last_enqueued=now - 5), now)
    assert not is_due(UrlState(url="u", last_fetched=0), now)  # not watched
    queued = due_messages([UrlState(url="a", interval_s=1, render="always", key="k/a"),
                           UrlState(url="b", interval_s=10**9, last_fetched=now)], now)
    assert queued == [UrlMessage(url="a", render="always", key="k/a")]


def test_tick_time_reads_the_scheduled_time():
    assert tick_time({"scheduled_time": "2026-11-30T06:00:00Z"}) == 1796018400
    assert abs(tick_time({}) - tick_time({"scheduled_time": "garbage"})) <= 1


LAZY_IMPORTS = {  # the dev stack (moto, devstack) never loads in a handler
    "convert_object": ("pymupdf", "fitz", "onnxruntime", "numpy", "playwright", "warcio",
                       "moto", "devstack"),
    "rescrape": ("httpx", "selectolax", "pymupdf", "onnxruntime", "numpy", "moto", "devstack"),
    "ingest_url": ("pymupdf", "onnxruntime", "numpy", "moto", "devstack"),
}


@pytest.mark.parametrize("function", sorted(LAZY_IMPORTS))
def test_handlers_import_nothing_heavy_at_cold_start(function):
    heavy = LAZY_IMPORTS[function]
    code = ("import importlib.util, sys\n"
            f"spec = importlib.util.spec_from_file_location('h', {str(REPO / 'functions' / function / 'handler.py')!r})\n"  # noqa: E501
            "spec.loader.exec_module(importlib.util.module_from_spec(spec))\n"
            f"print([m for m in {heavy!r} if m in sys.modules])\n")
    env = {**os.environ, "WEBFOLD_BUCKET": "b", "WEBFOLD_IDEMPOTENCY_TABLE": "i",
           "WEBFOLD_URL_STATE_TABLE": "u", "WEBFOLD_URLS_QUEUE_URL": "http://127.0.0.1:9/q",
           "AWS_DEFAULT_REGION": "us-east-1", "POWERTOOLS_TRACE_DISABLED": "1",
           "WEBFOLD_RENDER_FUNCTION": "render", "WEBFOLD_OCR_FUNCTION": "ocr"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.strip() == "[]", out.stdout
