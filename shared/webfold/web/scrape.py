"""Scraping one URL: fetch, convert, and render in a browser when the page needs one.

`scrape` is the one orchestrator of the web edge: `webfold.web.fetch` brings the bytes
(transport only), `webfold.convert` turns them into a `Document`, and a blocked page or
an empty app shell goes to a `webfold.web.render.Renderer`. The Markdown is hashed here,
once; what happened on the way is typed on the `Document` (`http`, `scrape`).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from webfold.convert import convert
from webfold.document import BlockFlag, Document, RenderFacts, ScrapeFacts, failed
from webfold.errors import ConversionError
from webfold.settings import DEFAULT_SETTINGS, Settings
from webfold.web import RENDER_MODES
from webfold.web.fetch import FetchResult, Validators, fetch_url, preflight
from webfold.web.pageclass import classify_html
from webfold.web.urlguard import Resolver, system_resolver

if TYPE_CHECKING:
    from webfold.web.render import Renderer, RenderResult



def scrape(
    url: str,
    *,
    settings: Settings = DEFAULT_SETTINGS,
    render: str = "auto",
    select: str | None = None,
    include_comments: bool = False,
    validators: Validators | None = None,
    renderer: Renderer | None = None,
    wait_for_ms: int = 0,
    wait_selector: str | None = None,
    scroll: bool = False,
    respect_robots: bool | None = None,
    resolver: Resolver = system_resolver,
) -> Document:
    """Fetch `url` (rendering it when needed) and convert it: a URL in, a `Document` out.

    `render`: "never" converts what the fetch returned; "auto" (default) sends blocked
    pages and empty app shells to `renderer` when one is given; "always" skips the
    fetch and renders (robots.txt and the guard still apply). `select` is the
    converter's selection mode (None: `settings.select`, as for `convert`) and
    `include_comments` keeps an article's reader comments (`webfold.convert`);
    `validators` make the fetch conditional.
    The document gains `http` (status, final URL, redirects, validators...; None when
    not fetched) and `scrape` (`route` fetch | render, `escalated`: why a fetched page
    was rendered, `timings_ms`, `content_sha256` of the Markdown for change detection,
    `render` facts). Failures are values in `Document.error`: every `fetch_url` code
    plus render_failed and the converter's. Raises ValueError for an unknown `render`.
    """
    if render not in RENDER_MODES:
        raise ValueError(f"render must be one of {RENDER_MODES}, not {render!r}")
    started = time.perf_counter()
    timings: dict[str, float] = {}
    fetched: FetchResult | None = None
    escalated: str | None = None
    doc: Document | None = None
    rendered: RenderFacts | None = None
    if render == "always":
        gate = preflight(url, settings=settings, respect_robots=respect_robots, resolver=resolver)
        doc = _failed(url, gate) if gate else None
    else:
        fetched = fetch_url(url, settings=settings, validators=validators, resolver=resolver,
                            respect_robots=respect_robots)
        timings["fetch"] = fetched.elapsed_ms
        doc = fetched_document(fetched, select=select, include_comments=include_comments,
                               settings=settings, timings=timings)
        if renderer is not None and render == "auto" and doc.error is not None \
                and doc.error.code in ("blocked", "empty"):
            escalated = f"{doc.error.code}: {doc.error.message}"
            doc = None
    if doc is None:
        if renderer is None:
            doc = _failed(url, ConversionError("render_failed", "no renderer is available"))
        else:
            doc, rendered = _rendered(url, renderer, settings, select, include_comments,
                                      timings, RenderOptions(wait_for_ms, wait_selector, scroll))
    doc.source = url
    timings["total"] = (time.perf_counter() - started) * 1000
    doc.http = fetched.facts() if fetched else None
    doc.scrape = ScrapeFacts(
        route="render" if render == "always" or "render" in timings else "fetch",
        escalated=escalated, timings_ms={k: round(v, 1) for k, v in timings.items()},
        content_sha256=hashlib.sha256(doc.markdown.encode()).hexdigest() if doc.ok else None,
        render=rendered)
    return doc


@dataclass(frozen=True, slots=True)
class RenderOptions:
    wait_for_ms: int = 0
    wait_selector: str | None = None
    scroll: bool = False


def _failed(url: str, error: ConversionError, doc_type: str = "unknown") -> Document:
    return Document(type=doc_type, error=error, source=url)


def fetched_document(fetched: FetchResult, *, select: str | None = None,
                     include_comments: bool = False, settings: Settings = DEFAULT_SETTINGS,
                     timings: dict[str, float] | None = None) -> Document:
    """A `FetchResult` as a `Document`: converted when the fetch succeeded, else failed
    with the fetch's error. An app shell (`empty`) is converted too, and kept when the
    converter recovered its text from the data the app embeds (Next.js, Nuxt ...): that
    spares a browser. `timings` (if given) gains "convert" in ms."""
    timings = {} if timings is None else timings
    shell = fetched.error is not None and fetched.error.code == "empty"
    if fetched.error is not None and not shell:
        return _fetch_failure(fetched)
    started = time.perf_counter()
    doc = convert(fetched.body, url=fetched.final_url, content_type=fetched.content_type,
                  select=select, include_comments=include_comments, settings=settings)
    timings["convert"] = (time.perf_counter() - started) * 1000
    if shell and not (doc.ok and any(b.kept and b.flags & BlockFlag.PAYLOAD
                                     for b in doc.blocks)):
        doc = _fetch_failure(fetched)
    return doc


def _fetch_failure(fetched: FetchResult) -> Document:
    """The failed `Document` of a fetch, keeping its error and how many bytes came."""
    assert fetched.error is not None
    doc = _failed(fetched.url, fetched.error, fetched.doc_type or "unknown")
    doc.bytes_in = len(fetched.body)
    return doc


def rendered_document(result: RenderResult, *, select: str | None = None,
                      include_comments: bool = False,
                      settings: Settings = DEFAULT_SETTINGS) -> Document:
    """The `Document` of a rendered page: its DOM converted with the final URL as base.
    A failed render becomes a failed `Document` carrying the render's error."""
    url = result.final_url or result.url
    if result.error is not None:
        return failed("html", result.error.code, result.error.message, source=result.url)
    doc = convert(result.html.encode("utf-8"), url=url, select=select, settings=settings,
                  include_comments=include_comments, content_type="text/html; charset=utf-8")
    doc.warnings.extend(result.warnings)
    return doc


def _rendered(url: str, renderer: Renderer, settings: Settings, select: str | None,
              include_comments: bool, timings: dict[str, float],
              options: RenderOptions) -> tuple[Document, RenderFacts | None]:
    """The rendered page's `Document` and, unless the browser met a bot wall, what the
    browser saw of it."""
    from webfold.web.render import RenderRequest  # the browser edge loads only when used

    request = RenderRequest(url=url, wait_for_ms=options.wait_for_ms,
                            wait_selector=options.wait_selector, scroll=options.scroll,
                            timeout_s=settings.render_timeout_s,
                            allow_loopback=settings.allow_loopback,
                            user_agent=settings.user_agent)
    result = renderer.render(request)
    timings["render"] = result.elapsed_ms
    if result.error is None:
        verdict = classify_html(result.html.encode("utf-8"))
        if verdict.kind == "blocked":  # the browser got the bot wall too
            blocked = ConversionError("blocked", f"rendered: {verdict.reason}")
            return _failed(url, blocked, "html"), None
    started = time.perf_counter()
    doc = rendered_document(result, select=select, include_comments=include_comments,
                            settings=settings)
    timings["convert"] = (time.perf_counter() - started) * 1000
    return doc, RenderFacts(status=result.status, final_url=result.final_url,
                            blocked_requests=len(result.blocked_requests))
