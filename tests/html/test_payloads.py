"""Thin pages: text recovered from app payloads, never from hidden subtrees."""

from __future__ import annotations

import json

import webfold
from webfold.document import BlockFlag

PROSE_A = "The library reopens on Monday with longer hours for students and visitors alike."
PROSE_B = "Members can now borrow up to twelve books at a time from any branch in the city."


def shell(scripts: str, body: str = "<div id='app'></div>") -> str:
    return f"<html><head><title>App</title></head><body>{body}{scripts}</body></html>"


def assert_recovered(doc: webfold.Document, framework: str) -> None:
    assert doc.ok, doc.error
    assert PROSE_A in doc.markdown and PROSE_B in doc.markdown
    assert any(framework in w for w in doc.warnings), doc.warnings
    assert all(b.flags & BlockFlag.PAYLOAD for b in doc.blocks if PROSE_A in b.text)


def test_nuxt_data_and_window_nuxt() -> None:
    data = json.dumps([{"data": 1}, PROSE_A, PROSE_B, "short", "/path/to/thing"])
    doc = webfold.convert(shell(f'<script id="__NUXT_DATA__" type="application/json">{data}'
                                "</script>"), select="all")
    assert_recovered(doc, "Nuxt")
    js = f"window.__NUXT__=(function(a,b){{return {{data:[{{body:{json.dumps(PROSE_A)}," \
         f"more:{json.dumps(PROSE_B)}}}]}}}}(1,2));"
    assert_recovered(webfold.convert(shell(f"<script>{js}</script>"), select="all"), "Nuxt")


def test_sveltekit_fetched_data() -> None:
    body = json.dumps({"items": [{"text": PROSE_A}, {"text": PROSE_B}]})
    payload = json.dumps({"status": 200, "body": body})
    doc = webfold.convert(shell('<script type="application/json" data-sveltekit-fetched '
                                f'data-url="/api">{payload}</script>'), select="all")
    assert_recovered(doc, "SvelteKit")


def test_remix_context() -> None:
    ctx = json.dumps({"state": {"loaderData": {"routes/post": {"a": PROSE_A, "b": PROSE_B}}}})
    doc = webfold.convert(shell(f"<script>window.__remixContext = {ctx};</script>"),
                          select="all")
    assert_recovered(doc, "Remix")


def test_angular_transfer_state_with_escapes() -> None:
    state = json.dumps({"post": {"body": PROSE_A, "summary": PROSE_B}}).replace('"', "&q;")
    doc = webfold.convert(shell(f'<script id="ng-state" type="application/json">{state}'
                                "</script>"), select="all")
    assert_recovered(doc, "Angular")


def test_payload_html_strings_become_markdown() -> None:
    data = json.dumps({"props": {"html": f"<h2>Opening hours</h2><p>{PROSE_A}</p>"
                                          f"<ul><li>{PROSE_B}</li></ul>"}})
    doc = webfold.convert(shell(f'<script id="__NEXT_DATA__" type="application/json">{data}'
                                "</script>"), select="all")
    assert_recovered(doc, "Next.js")
    assert "## Opening hours" in doc.markdown and f"- {PROSE_B}" in doc.markdown


def test_no_recovery_on_a_page_with_enough_text() -> None:
    words = " ".join(["word"] * 80)
    data = json.dumps({"props": {"text": PROSE_A}})
    doc = webfold.convert(shell(f'<script id="__NEXT_DATA__" type="application/json">{data}'
                                "</script>", f"<p>{words}</p>"), select="all")
    assert PROSE_A not in doc.markdown and not doc.warnings


def test_payloads_inside_hidden_subtrees_are_ignored() -> None:
    data = json.dumps({"props": {"a": PROSE_A, "b": PROSE_B}})
    hidden = f'<div style="display:none"><script id="__NEXT_DATA__">{data}</script></div>'
    doc = webfold.convert(shell(hidden, "<p>Tiny page.</p>"), select="all")
    assert PROSE_A not in doc.markdown


def test_app_shell_without_payload_is_empty() -> None:
    doc = webfold.convert(shell("<script>console.log('boot')</script>"), select="all")
    assert doc.error is not None and doc.error.code == "empty"


def test_hidden_hydration_wrapper_is_used_on_an_otherwise_empty_page() -> None:
    text = " ".join(["Harbour news paragraph with plenty of words."] * 10)
    doc = webfold.convert(f"<body><div hidden><h1>News</h1><p>{text}</p></div></body>",
                          select="all")
    assert doc.ok and "# News" in doc.markdown
    assert any("hides" in w for w in doc.warnings)
