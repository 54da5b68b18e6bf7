"""The one result type of every conversion path, and the unit it is built from.

`Document.record()` is the JSON record: the same object serialised, never a second
structure kept in sync by hand. Bump `SCHEMA_VERSION` when a field changes meaning.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from webfold.errors import ConversionError

SCHEMA_VERSION = 1


@dataclass(slots=True)
class Block:
    """One block of a document: what the selector scores and the renderer writes.

    `markdown` is the block's rendered Markdown (already prefixed for its list level or
    quote depth), `text` its plain text. The remaining fields are the facts the main
    content selector needs, collected during the single DOM walk (HTML) or page read
    (PDF); they cost nothing to keep and nothing is re-parsed later.
    """

    # heading, paragraph, list_item, code, table, quote, image, rule, definition, caption,
    # math (display math), footnote (a footnote definition; written at the end)
    kind: str
    markdown: str
    text: str
    index: int = 0  # position in document order
    tag: str = ""  # the element that made the block (p, li, h2, pre, table, td, div ...)
    heading_level: int = 0  # 1..6 for headings
    path: tuple[str, ...] = ()  # ancestor tag names, root first (html, body, ...)
    tokens: tuple[str, ...] = ()  # class and id tokens of the ancestors and the block, lowercased
    ancestors: tuple[int, ...] = ()  # walk ids of the ancestor elements, root first
    link_chars: int = 0  # characters of text inside <a>
    flags: int = 0  # bit set of BlockFlag values (inside main/article/nav/..., hidden-ish)
    page: int | None = None  # 1-based page number (PDF)
    kept: bool = True  # set by the selector
    score: float | None = None  # selector probability, when a model scored it
    # The lists and blockquotes the block sits in, outermost first, as ids unique within
    # the document: consecutive list items sharing a list form one tight list, blocks
    # sharing a quote one quote (`webfold.markdown.join_blocks`). Every converter fills
    # them; HTML with walk ids, PDF with its list runs.
    lists: tuple[int, ...] = ()
    quotes: tuple[int, ...] = ()
    # The selector's code of `tokens` (`selector.features.tokens_code`), which the HTML walk
    # works out once per element; -1 when not worked out (the selector codes `tokens`).
    token_code: int = -1


class BlockFlag:
    """Bits for `Block.flags`: the semantic containers a block sits in."""

    MAIN = 1 << 0
    ARTICLE = 1 << 1
    NAV = 1 << 2
    ASIDE = 1 << 3
    HEADER = 1 << 4
    FOOTER = 1 << 5
    FORM = 1 << 6
    LINK_LIST = 1 << 7  # a list item that is mostly one link
    IN_TABLE = 1 << 8
    IN_LIST = 1 << 9
    IN_QUOTE = 1 << 10
    IN_FIGURE = 1 << 11
    SECTION = 1 << 12
    ITEMPROP_CONTENT = 1 << 13  # inside [itemprop=articleBody|text|description]
    COMMENT = 1 << 14  # inside an element whose class/id says comment
    PAYLOAD = 1 << 15  # recovered from an embedded app payload, not the DOM
    HIDDEN = 1 << 16  # inside a hidden subtree (only with walk(include_hidden=True))
    NOSCRIPT = 1 << 17  # inside <noscript> (only with walk(include_hidden=True))
    UNSEEN = HIDDEN | NOSCRIPT  # either: a reader does not see it before scripts run
    # Bits from here on are not selector features (they came after the model).
    CALLOUT = 1 << 18  # inside a callout or admonition (written as a GitHub alert)
    ADMONITION = 1 << 20  # inside an admonition (`admonition warning`) or role=note
    MATH = 1 << 19  # holds math (inline `$…$` or a display `math` block)


@dataclass(slots=True)
class Metadata:
    title: str | None = None
    author: str | None = None
    date: str | None = None
    language: str | None = None
    canonical_url: str | None = None
    description: str | None = None
    site_name: str | None = None
    page_type: str | None = None  # og:type / JSON-LD @type, as declared
    publisher: str | None = None  # e-books: the OPF dc:publisher


@dataclass(slots=True)
class PageInfo:
    """Per-page facts of a paged document (PDF)."""

    number: int  # 1-based
    route: str  # native | ocr | skipped
    chars: int = 0
    reason: str | None = None  # why OCR or why skipped; on a native page, a step that failed
    elapsed_ms: float = 0.0


@dataclass(frozen=True, slots=True, kw_only=True)
class HttpFacts:
    """What the fetch of a URL answered (the record's `http`), for a scraped or crawled page."""

    status: int | None  # of the final response; None when no response came
    url: str  # as asked for
    final_url: str  # after redirects
    redirects: int
    attempts: int  # tries of the final hop
    content_type: str | None
    bytes: int  # of the decoded body
    etag: str | None
    last_modified: str | None
    verdict: str | None  # ok | blocked | empty, for HTML


@dataclass(frozen=True, slots=True, kw_only=True)
class RenderFacts:
    """What the browser saw of a rendered page (the record's `render`)."""

    status: int | None  # of the main document response
    final_url: str | None
    blocked_requests: int  # requests the guard refused


@dataclass(frozen=True, slots=True, kw_only=True)
class ScrapeFacts:
    """How a scraped page was obtained: the record's `route`, `escalated`, `timings_ms`,
    `content_sha256` and (when a browser rendered it) `render`."""

    route: str  # fetch | render
    escalated: str | None  # why a fetched page went to the browser ("empty: ...")
    timings_ms: dict[str, float]  # fetch, render, convert, total
    content_sha256: str | None  # of the Markdown, for change detection; None when empty
    render: RenderFacts | None = None


@dataclass(slots=True)
class Document:
    """The result of converting one document. Never raised; failures sit in `error`."""

    type: str  # html | pdf | warc | unknown
    markdown: str = ""
    blocks: list[Block] = field(default_factory=list)
    metadata: Metadata = field(default_factory=Metadata)
    warnings: list[str] = field(default_factory=list)
    error: ConversionError | None = None
    source: str | None = None  # URL, S3 URI or file path as given
    charset: str | None = None
    base: str | None = None  # the base URL links were resolved against
    bytes_in: int = 0
    elapsed_ms: float = 0.0
    pages: list[PageInfo] = field(default_factory=list)
    parts: list[Document] = field(default_factory=list)  # WARC: one document per record
    http: HttpFacts | None = None  # scraped or crawled pages
    scrape: ScrapeFacts | None = None  # scraped pages
    template_blocks_dropped: int | None = None  # crawled HTML pages: blocks dropped as template
    extra: dict[str, Any] = field(default_factory=dict)  # WARC and pipeline facts (warc, ...)

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def blocks_kept(self) -> int:
        return sum(1 for b in self.blocks if b.kept)

    def record(self, *, include_markdown: bool = False) -> dict[str, Any]:
        """The JSON record (schema 1) as a plain dict, ready for `json.dumps`."""
        rec: dict[str, Any] = {
            "schema": SCHEMA_VERSION,
            "source": self.source,
            "type": self.type,
            "charset": self.charset,
            "base": self.base,
            "bytes_in": self.bytes_in,
            "blocks_total": len(self.blocks),
            "blocks_kept": self.blocks_kept,
            "bytes_markdown": len(self.markdown.encode("utf-8")),
            "elapsed_ms": round(self.elapsed_ms, 3),
            "metadata": asdict(self.metadata),
            "warnings": list(self.warnings),
            "error": self.error.to_dict() if self.error else None,
        }
        if self.pages:
            rec["pages"] = [asdict(p) for p in self.pages]
        if self.parts:
            rec["parts"] = len(self.parts)
        rec.update(self._web_facts())
        rec.update(self.extra)
        if include_markdown:
            rec["markdown"] = self.markdown
        return rec

    def _web_facts(self) -> dict[str, Any]:
        # In the order the record has always had them: render, http, then the scrape's own.
        rec: dict[str, Any] = {}
        scrape = self.scrape
        if scrape is not None and scrape.render is not None:
            rec["render"] = asdict(scrape.render)
        if self.http is not None or scrape is not None:
            rec["http"] = asdict(self.http) if self.http is not None else None
        if scrape is not None:
            rec.update(route=scrape.route, escalated=scrape.escalated,
                       timings_ms=dict(scrape.timings_ms), content_sha256=scrape.content_sha256)
        if self.template_blocks_dropped is not None:
            rec["template_blocks_dropped"] = self.template_blocks_dropped
        return rec


def failed(doc_type: str, code: str, message: str, **fields: Any) -> Document:
    """A `Document` that carries only an error (and whatever facts are known)."""
    return Document(type=doc_type, error=ConversionError(code, message), **fields)
