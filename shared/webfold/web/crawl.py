"""The pages of one site, converted together, minus what every page repeats.

Main-content selection works page by page and sometimes keeps a menu, a footer or a
cookie notice. Across a site those blocks give themselves away by recurring: a block
whose normalised text is on at least `template_min_share` of the pages and on at least
`template_min_pages` pages is site template and is dropped (`remove_template`, pure).

Pages come from a folder of saved pages (`crawl_folder`) or from a breadth-first crawl
of same-origin links (`crawl_site`, through `webfold.web.fetch`: every hop guarded,
robots.txt respected, a page budget of `Settings.crawl_max_pages`).
"""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urldefrag, urljoin, urlsplit

from selectolax.lexbor import LexborHTMLParser

from webfold.contract import ConvertOptions
from webfold.convert import convert
from webfold.document import Block, Document, failed
from webfold.markdown import join_blocks
from webfold.outputs import HTML_SUFFIXES

if TYPE_CHECKING:
    from webfold.web.fetch import FetchResult

# Links to these are not pages; following them would only spend the budget.
_NOT_PAGES = frozenset({
    ".png", ".jpg", ".jpeg", ".gif", ".webp", ".svg", ".ico", ".css", ".js", ".json",
    ".xml", ".zip", ".gz", ".tar", ".mp3", ".mp4", ".webm", ".avi", ".mov", ".woff",
    ".woff2", ".ttf", ".exe", ".dmg", ".iso"})
_SPACE = re.compile(r"\s+")
_QUEUE_PER_PAGE = 10  # links kept waiting per page of budget: bounds memory on link farms


@dataclass(slots=True)
class TemplateReport:
    """What template removal found across the converted pages of a site."""

    pages: int = 0  # pages compared
    recurring: int = 0  # distinct block texts that count as template
    blocks_dropped: int = 0  # kept blocks set to not kept, over all pages


@dataclass(slots=True)
class CrawlResult:
    """Every page tried (converted or failed) and what was left out, in crawl order."""

    documents: list[Document] = field(default_factory=list)
    template: TemplateReport = field(default_factory=TemplateReport)
    skipped: Counter[str] = field(default_factory=Counter)  # reason -> count

    @property
    def failed(self) -> int:
        return sum(1 for d in self.documents if not d.ok)

    def summary(self) -> str:
        """One line: pages, failures, template blocks dropped, skips."""
        line = (f"{len(self.documents)} pages: {len(self.documents) - self.failed} converted, "
                f"{self.failed} failed; {self.template.blocks_dropped} blocks dropped as "
                f"template ({self.template.recurring} recurring)")
        if self.skipped:
            line += "; skipped " + ", ".join(f"{k} {v}" for k, v in sorted(self.skipped.items()))
        return line


def block_key(block: Block) -> str | None:
    """A block's identity across pages: its kind and its text casefolded with whitespace
    collapsed (its Markdown for blocks without text, such as images), None when blank.
    The kind keeps a page's heading apart from the menu item that links to it."""
    raw = block.text if block.text.strip() else block.markdown
    key = _SPACE.sub(" ", raw).strip().casefold()
    return f"{block.kind}:{key}" if key else None


def remove_template(docs: list[Document], *, min_share: float, min_pages: int) -> TemplateReport:
    """Drop kept blocks that recur across the HTML pages in `docs`; re-join their Markdown.

    A block is template when its `block_key` is on >= `min_share` of the pages and on
    >= `min_pages` pages. Failed and non-HTML documents are left alone. Each page's
    `template_blocks_dropped` says how many of its blocks went; a page whose
    every kept block is template keeps them all (with a warning) rather than go empty.
    """
    pages = [d for d in docs if d.ok and d.type == "html" and d.blocks]
    seen_on: Counter[str] = Counter()
    for doc in pages:
        seen_on.update({k for b in doc.blocks if b.kept and (k := block_key(b))})
    threshold = max(min_pages, min_share * len(pages))
    template = {k for k, n in seen_on.items() if n >= threshold}
    report = TemplateReport(pages=len(pages), recurring=len(template))
    if not template:
        return report
    for doc in pages:
        drop = [b for b in doc.blocks if b.kept and block_key(b) in template]
        if len(drop) == doc.blocks_kept:
            doc.warnings.append("every kept block recurs across the site; kept them all")
            drop = []
        for block in drop:
            block.kept = False
        doc.template_blocks_dropped = len(drop)
        if drop:
            doc.markdown = join_blocks(doc.blocks)
        report.blocks_dropped += len(drop)
    return report


def crawl_folder(folder: str | Path, *, options: ConvertOptions | None = None) -> CrawlResult:
    """Convert the saved pages (.html, .htm, .xhtml, .shtml) under `folder`, then remove
    the site template.

    Pages are taken in path order up to `settings.crawl_max_pages` (the rest are counted
    as skipped). A page over `settings.max_bytes` or unreadable is a failed document;
    each document's `source` is its path relative to `folder`. Raises OSError only when
    `folder` itself cannot be listed.
    """
    options = options or ConvertOptions()
    settings = options.settings
    root = Path(folder)
    files = sorted(p for p in root.rglob("*") if p.suffix.lower() in HTML_SUFFIXES
                   and p.is_file())
    result = CrawlResult()
    if len(files) > settings.crawl_max_pages:
        result.skipped["over page budget"] = len(files) - settings.crawl_max_pages
    for path in files[:settings.crawl_max_pages]:
        result.documents.append(_convert_file(path, root, options))
    result.template = remove_template(result.documents, min_share=settings.template_min_share,
                                      min_pages=settings.template_min_pages)
    return result


def _convert_file(path: Path, root: Path, options: ConvertOptions) -> Document:
    name = path.relative_to(root).as_posix()
    try:
        size = path.stat().st_size
        if size > options.settings.max_bytes:
            return failed("html", "too_large", f"{size} bytes is over the "
                          f"{options.settings.max_bytes} byte cap", source=name, bytes_in=size)
        data = path.read_bytes()
    except OSError as exc:
        return failed("unknown", "bad_input", f"cannot read {name}: {exc.strerror}",
                      source=name)
    doc = convert(data, filename=path.name, options=options)
    doc.source = name
    return doc


def crawl_site(start_url: str, *, options: ConvertOptions | None = None,
               progress: Callable[[int, int, str], None] | None = None) -> CrawlResult:
    """Breadth-first crawl from `start_url` over links to the same origin, then remove
    the site template.

    Every page goes through `webfold.web.fetch.fetch_url` with `options.settings` (SSRF
    guard on every hop, `allow_loopback`, robots.txt via one cache for the crawl,
    deadlines and caps). At most `settings.crawl_max_pages` pages are fetched; pages
    robots.txt disallows are counted as skipped, not fetched. A page that fails (blocked,
    http_error, ...) is a failed document carrying that code. `progress`, when given, is
    called before each fetch with (pages fetched, page budget, a label).
    """
    from webfold.web.fetch import RobotsCache, fetch_url, new_client

    options = options or ConvertOptions()
    settings = options.settings
    result = CrawlResult()
    start = _normalise(start_url, start_url)
    if start is None:
        result.documents.append(failed("unknown", "bad_url", f"not an http(s) URL: {start_url!r}",
                                       source=start_url))
        return result
    origin = _origin(start)
    queue, seen, done = deque([start]), {start}, set()
    robots = RobotsCache()
    with new_client() as client:
        while queue and len(result.documents) < settings.crawl_max_pages:
            if progress is not None:
                progress(len(result.documents), settings.crawl_max_pages,
                         f"pages fetched, {len(queue)} queued")
            fetched = fetch_url(queue.popleft(), settings=settings, robots_cache=robots,
                                client=client)
            if fetched.error and fetched.error.code == "robots_disallowed":
                result.skipped["robots_disallowed"] += 1
                continue
            if fetched.final_url in done:
                result.skipped["duplicate after redirect"] += 1
                continue
            done.add(fetched.final_url)
            result.documents.append(_page_document(fetched, options))
            if fetched.ok and fetched.doc_type == "html" and _origin(fetched.final_url) == origin:
                room = settings.crawl_max_pages * _QUEUE_PER_PAGE - len(queue)
                for link in page_links(fetched.body, fetched.final_url)[:max(room, 0)]:
                    if link not in seen and _origin(link) == origin:
                        seen.add(link)
                        queue.append(link)
    result.skipped["over page budget"] += len(queue)
    result.skipped = +result.skipped  # drop zero counts
    result.template = remove_template(result.documents, min_share=settings.template_min_share,
                                      min_pages=settings.template_min_pages)
    return result


def _page_document(fetched: FetchResult, options: ConvertOptions) -> Document:
    from webfold.web.scrape import fetched_document

    doc = fetched_document(fetched, select=options.select,
                           include_comments=options.include_comments, settings=options.settings)
    doc.source = fetched.url
    doc.http = fetched.facts()
    return doc


def page_links(body: bytes, base: str) -> list[str]:
    """The http(s) links of an HTML page, absolute, without fragments, in page order.

    Skips rel=nofollow links and links to files that are not pages (images, scripts,
    archives...). Never raises for odd markup or malformed hrefs.
    """
    tree = LexborHTMLParser(body)
    base_tag = tree.css_first("base[href]")
    if base_tag is not None:
        base = _normalise(base_tag.attributes.get("href") or "", base) or base
    links: dict[str, None] = {}  # ordered set: a link farm's thousands of hrefs stay linear
    for anchor in tree.css("a[href]"):
        if "nofollow" in (anchor.attributes.get("rel") or "").lower().split():
            continue
        url = _normalise(anchor.attributes.get("href") or "", base)
        if url is not None:
            links[url] = None
    return list(links)


def _normalise(href: str, base: str) -> str | None:
    try:
        url = urldefrag(urljoin(base, href.strip())).url
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            return None
        _ = parts.port  # raises ValueError on a bad port
    except ValueError:
        return None
    suffix = parts.path.rsplit("/", 1)[-1].rpartition(".")[2].lower()
    if "." in parts.path.rsplit("/", 1)[-1] and f".{suffix}" in _NOT_PAGES:
        return None
    return url


def _origin(url: str) -> tuple[str, str, int | None]:
    parts = urlsplit(url)
    default = {"http": 80, "https": 443}.get(parts.scheme)
    return parts.scheme, (parts.hostname or "").lower(), parts.port or default
