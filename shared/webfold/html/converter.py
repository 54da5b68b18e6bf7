"""`HtmlConverter`: HTML bytes to a `Document`, through one parse and one DOM walk.

decode (charset.py) -> parse (Lexbor) -> React's streamed segments put in place
(streaming.py) -> walk (blocks) -> metadata -> thin-page payload recovery -> selector ->
Markdown joined from the kept blocks. A page that declares no author takes the name in a
byline the selector dropped from the text.
"""

from __future__ import annotations

from dataclasses import replace

from selectolax.lexbor import LexborHTMLParser

from webfold import selector
from webfold.charset import markup_for_parser
from webfold.contract import ConvertOptions
from webfold.document import Block, BlockFlag, Document, failed
from webfold.errors import ConversionError
from webfold.html import payloads, streaming
from webfold.html.metadata import extract
from webfold.html.urls import safe_url
from webfold.html.walk import close_iframes, walk
from webfold.markdown import join_blocks
from webfold.sniff import StreamInfo

THIN_PAGE_WORDS = 50  # below this many words, app payloads are searched for the text


class HtmlConverter:
    """HTML and XHTML (and plain text, read as one paragraph run) to Markdown."""

    def convert(self, data: bytes, info: StreamInfo, options: ConvertOptions) -> Document:
        """Convert HTML bytes; `info.charset` and `info.url` are honoured when given.

        Fails (as a value) with `too_large` over `settings.max_html_bytes` and `empty`
        when the page has no text at all; otherwise always returns Markdown.
        """
        cap = options.settings.max_html_bytes
        if len(data) > cap:
            return failed("html", "too_large", f"{len(data)} bytes is over the {cap} byte HTML cap")
        markup, charset = markup_for_parser(data, info.charset)
        return convert_text(markup, info.url, options.select, charset=charset,
                            include_comments=options.include_comments)


def convert_text(markup: str | bytes, url: str | None, select: str, *,
                 charset: str = "utf-8", include_comments: bool = False) -> Document:
    """Convert HTML given as text (or UTF-8 bytes); the core of `HtmlConverter.convert`.

    Hidden subtrees and `<noscript>` are walked only for a thin page (see
    `_rescue_thin_page`); a page whose `<noscript><iframe .../>` swallowed the rest is
    parsed again with its iframes closed. Never raises for odd markup.
    """
    tree = _parse(markup)
    base = base_url(tree, url)
    result = walk(tree.root, base)
    if result.open_iframe:
        tree = _parse(close_iframes(markup))
        result = walk(tree.root, base)
    head = tree.head
    scripts = (head.css("script") if head is not None else []) + result.scripts
    facts = extract(tree, scripts, base)
    blocks = result.blocks
    warnings: list[str] = []
    ld_text = payloads.structured_text(facts.jsonld)
    if not result.has_words(THIN_PAGE_WORDS):
        blocks = _rescue_thin_page(tree, base, blocks, scripts, ld_text, warnings)
    page = selector.PageContext(url=url, metadata=facts.metadata,
                                jsonld_types=facts.jsonld_types, og_type=facts.og_type,
                                structured_text=ld_text)
    selection = selector.apply(blocks, page, select, include_comments=include_comments)
    warnings.extend(selection.warnings)
    metadata = facts.metadata
    if metadata.author is None and selection.byline_author:  # a declared author wins
        metadata = replace(metadata, author=selection.byline_author)
    doc = Document(type="html", markdown=join_blocks(blocks), blocks=blocks,
                   metadata=metadata, warnings=warnings, charset=charset, base=base)
    if not doc.markdown:
        doc.error = ConversionError("empty", "the page has no text content")
    return doc


def _parse(markup: str | bytes) -> LexborHTMLParser:
    """The page's tree as a browser shows it once React's streamed segments are in place."""
    tree = LexborHTMLParser(markup)
    streaming.complete(tree, markup)
    return tree


def _rescue_thin_page(tree: LexborHTMLParser, base: str | None, blocks: list[Block],
                      scripts: list, ld_text: str, warnings: list[str]) -> list[Block]:
    """More text for a page under `THIN_PAGE_WORDS` words, or its blocks unchanged.

    First the content the page hides until its scripts run (a `hidden` hydration wrapper,
    Discourse's `<noscript>` posts) when that holds real text; then app payloads.
    """
    words = sum(len(b.text.split()) for b in blocks)
    if words < THIN_PAGE_WORDS:
        hidden = walk(tree.root, base, include_hidden=True).blocks
        hidden_words = sum(len(b.text.split()) for b in hidden)
        if hidden_words >= THIN_PAGE_WORDS and hidden_words > 2 * words:
            for block in hidden:
                block.flags &= ~BlockFlag.UNSEEN
            blocks, words = hidden, hidden_words
            warnings.append("thin page: used the content the page hides until scripts run")
    recovered, source = payloads.recover(scripts, ld_text, base, words)
    if recovered:
        for block in recovered:
            block.index = len(blocks)
            blocks.append(block)
        warnings.append(f"thin page: text recovered from the {source} payload")
    return blocks


def base_url(tree: LexborHTMLParser, url: str | None) -> str | None:
    """The URL relative links resolve against: `<base href>` (itself resolved), else `url`."""
    # `tags` walks the tree without the CSS engine: less time than css_first("base[href]")
    node = next((n for n in tree.tags("base") if "href" in n.attributes), None)
    if node is not None:
        href = safe_url(node.attributes.get("href"), url)
        if href and href.lower().startswith(("http:", "https:")):
            return href
    return url
