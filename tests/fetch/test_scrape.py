"""scrape: URL in, Document out, through the real server and the real converters.

Content assertions use select="all" so they test fetching and charset routing, not the
main-content selector (tested in its own area).
"""

from __future__ import annotations

import hashlib
import json

import pytest
from fetch_site import APP_SHELL, CHALLENGE, Site

from webfold.document import Document, RenderFacts
from webfold.settings import Settings
from webfold.web.fetch import Validators
from webfold.web.render import RenderRequest, RenderResult
from webfold.web.scrape import scrape


def code(doc: Document) -> str | None:
    return doc.error.code if doc.error else None


class StaticRenderer:
    """A Renderer that answers with fixed HTML: the contract a Lambda render function
    fulfils (the real Chromium renderer is tested in test_render.py)."""

    def __init__(self, html: str) -> None:
        self.html = html
        self.requests: list[RenderRequest] = []

    def render(self, request: RenderRequest) -> RenderResult:
        self.requests.append(request)
        return RenderResult(url=request.url, final_url=request.url, status=200, html=self.html,
                            elapsed_ms=1.0)


@pytest.mark.parametrize(("path", "must_include"), [
    ("/cp1252", ["Die Brücke", "Fußgänger"]),
    ("/koi8", ["Это абзац на русском языке"]),
    ("/shift-jis", ["日本語のページ", "これは日本語で書かれた段落です"]),  # charset from <meta>
    ("/coded/br", ["Die Brücke"]),
])
def test_pages_convert_in_their_charset(site: Site, settings: Settings, path: str,
                                        must_include: list[str]) -> None:
    doc = scrape(site.url(path), settings=settings, select="all")
    assert doc.ok, doc.error
    for text in must_include:
        assert text in doc.markdown


def test_the_record_carries_the_fetch_facts(site: Site, settings: Settings) -> None:
    doc = scrape(site.url("/chain/2"), settings=settings, select="all")
    assert doc.ok, doc.error
    record = json.loads(json.dumps(doc.record()))
    assert record["source"] == site.url("/chain/2")
    assert record["http"]["status"] == 200 and record["http"]["redirects"] == 3
    assert record["http"]["final_url"] == site.url("/article")
    assert record["route"] == "fetch" and record["escalated"] is None
    assert set(record["timings_ms"]) >= {"fetch", "convert", "total"}
    assert len(record["content_sha256"]) == 64
    assert doc.base == site.url("/article") or doc.base is None


def test_the_selection_mode_comes_from_the_settings_unless_given(site: Site,
                                                                 settings: Settings) -> None:
    every_block = scrape(site.url("/article"), settings=settings.replace(select="all"))
    main = scrape(site.url("/article"), settings=settings)
    assert every_block.ok and main.ok
    assert every_block.blocks_kept == len(every_block.blocks) > main.blocks_kept
    given = scrape(site.url("/article"), settings=settings.replace(select="all"), select="main")
    assert given.markdown == main.markdown


@pytest.mark.parametrize("path", ["/pdf", "/report.html"])  # the latter sent as text/html
def test_a_pdf_goes_the_pdf_path(site: Site, settings: Settings, path: str) -> None:
    doc = scrape(site.url(path), settings=settings, select="all")
    assert doc.ok, doc.error
    assert doc.type == "pdf" and "Fetched PDF document" in doc.markdown


def test_validators_round_trip_to_not_modified(site: Site, settings: Settings) -> None:
    first = scrape(site.url("/etag"), settings=settings, select="all")
    http = first.record()["http"]
    again = scrape(site.url("/etag"), settings=settings, select="all",
                   validators=Validators(http["etag"], http["last_modified"]))
    assert code(again) == "not_modified" and again.record()["http"]["status"] == 304
    assert again.markdown == ""


@pytest.mark.parametrize(("path", "expected"), [
    ("/to-metadata", "forbidden_address"), ("/chain/11", "too_many_redirects"),
    ("/private/page", "robots_disallowed"), ("/json", "unsupported_type"),
    ("/challenge", "blocked"), ("/shell", "empty"), ("/missing", "http_error"),
])
def test_failures_are_values_with_a_closed_code(site: Site, settings: Settings, path: str,
                                                expected: str) -> None:
    doc = scrape(site.url(path), settings=settings)
    assert code(doc) == expected
    record = doc.record()
    assert record["error"]["code"] == expected and record["route"] == "fetch"


def test_bad_urls_fail_without_raising(settings: Settings) -> None:
    assert code(scrape("ftp://example.com/x", settings=settings)) == "bad_url"
    assert code(scrape("http://10.0.0.1/", settings=settings)) == "forbidden_address"


def test_an_app_shell_whose_payload_has_the_text_needs_no_browser(site: Site,
                                                                   settings: Settings) -> None:
    renderer = StaticRenderer("<p>should not be asked</p>")
    doc = scrape(site.url("/next-shell"), settings=settings, select="all", renderer=renderer)
    assert doc.ok, doc.error
    assert "rebuild the old bridge" in doc.markdown
    assert doc.record()["route"] == "fetch" and doc.record()["http"]["verdict"] == "empty"
    assert renderer.requests == []


def test_an_app_shell_escalates_to_the_renderer(site: Site, settings: Settings) -> None:
    renderer = StaticRenderer("<html><body><article><h1>Built by script</h1><p>The page "
                              "after its script ran, with the text a reader sees.</p>"
                              "</article></body></html>")
    doc = scrape(site.url("/shell"), settings=settings, select="all", renderer=renderer)
    assert doc.ok, doc.error
    assert "Built by script" in doc.markdown
    record = doc.record()
    assert record["route"] == "render" and record["escalated"].startswith("empty")
    assert record["http"]["verdict"] == "empty" and "render" in record["timings_ms"]
    assert renderer.requests[0].allow_loopback and renderer.requests[0].url == site.url("/shell")


def test_the_typed_facts_are_what_the_record_says(site: Site, settings: Settings) -> None:
    renderer = StaticRenderer("<html><body><article><h1>Built by script</h1><p>The page "
                              "after its script ran, with the text a reader sees.</p>"
                              "</article></body></html>")
    doc = scrape(site.url("/shell"), settings=settings, select="all", renderer=renderer)
    assert doc.ok and doc.http is not None and doc.scrape is not None
    assert doc.scrape.content_sha256 == hashlib.sha256(doc.markdown.encode()).hexdigest()
    assert doc.scrape.render == RenderFacts(status=200, final_url=site.url("/shell"),
                                            blocked_requests=0)
    record = doc.record()
    keys = list(record)
    assert keys[keys.index("error") + 1:] == ["render", "http", "route", "escalated",
                                              "timings_ms", "content_sha256"]
    assert record["render"] == {"status": 200, "final_url": site.url("/shell"),
                                "blocked_requests": 0}
    assert record["http"]["verdict"] == doc.http.verdict == "empty"
    assert record["content_sha256"] == doc.scrape.content_sha256


def test_a_render_that_still_shows_a_bot_wall_is_blocked(site: Site, settings: Settings) -> None:
    renderer = StaticRenderer(CHALLENGE.decode())
    doc = scrape(site.url("/challenge"), settings=settings, renderer=renderer)
    assert code(doc) == "blocked" and doc.record()["route"] == "render"


def test_render_never_and_always(site: Site, settings: Settings) -> None:
    renderer = StaticRenderer(APP_SHELL.decode())
    assert code(scrape(site.url("/shell"), settings=settings, render="never",
                       renderer=renderer)) == "empty"
    assert renderer.requests == []
    assert code(scrape(site.url("/article"), settings=settings, render="always")) == \
        "render_failed"  # no renderer at all
    disallowed = scrape(site.url("/private/page"), settings=settings, render="always",
                        renderer=renderer)
    assert code(disallowed) == "robots_disallowed" and disallowed.record()["route"] == "render"
    assert renderer.requests == []
    with pytest.raises(ValueError):
        scrape(site.url("/article"), settings=settings, render="sometimes")


def test_a_document_without_text_still_has_a_content_hash(site: Site, settings: Settings) -> None:
    """Change detection (and so the conditional re-fetch) works for text-less PDFs too."""
    doc = scrape(site.url("/blank-pdf"), settings=settings, select="all")
    assert doc.ok and doc.type == "pdf" and doc.markdown == ""
    assert doc.scrape.content_sha256 == hashlib.sha256(b"").hexdigest()
