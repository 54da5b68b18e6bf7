"""Small pure renderers the walk calls: escaping, code, links, images and pipe tables."""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit, uses_relative

from webfold.document import Block

_SPACE = frozenset(" \t\n\r\f\v\xa0")
# Characters that would read as Markdown syntax anywhere in a line. `_` only at a word
# edge: intraword underscores (snake_case) never start emphasis in CommonMark; `&` only
# where it starts an entity. One character class first lets the engine skip to candidates.
_ESCAPE = re.compile(r"[\\`*\[\]<_&](?:(?<=[\\`*\[\]<])|(?<![0-9A-Za-z]_)(?<=_)"
                     r"|(?<=_)(?![0-9A-Za-z])|(?<=&)(?=#?[0-9A-Za-z]+;))")
# Syntax that only counts at the start of a line.
_LINE_START = re.compile(r"^([#>+=-]|~~~|\d{1,9}[.)](?=\s|$))")
_LIST_MARKER = re.compile(r"(?:> )*\s*(?:[-*+]|\d{1,9}[.)]) ")
_LIST_TAGS = frozenset({"ul", "ol", "menu", "dir"})
_LINE_START_CHARS = frozenset("#>+=~-0123456789")
_BACKTICKS = re.compile(r"`+")
_LANG = re.compile(r"(?:^|\s)(?:language|lang|highlight(?:-source)?|brush:)-?([A-Za-z0-9_+#.-]+)")
_UNSAFE_SCHEMES = ("javascript:", "vbscript:", "data:", "file:")
_CONTROL = re.compile(r"[\x00-\x20\x7f]+")
_ORIGINS: dict[str, str] = {}  # base URL -> scheme://host, for root-relative links
_PAGES: dict[str, str | None] = {}  # base URL -> urljoin(base, "#"), for in-page links
SMALL_DATA_IMAGE = 2048  # data: image URIs up to this many characters are kept
_DATA_IMAGE = re.compile(r"data:image/(?:png|gif|jpeg|jpg|webp);base64,[A-Za-z0-9+/=]+$")


def collapse(text: str) -> str:
    """HTML whitespace collapsing: runs of whitespace become one space (edges kept as one).

    str.split is about ten times faster than a regex here; it also folds no-break
    spaces, which read the same in Markdown.
    """
    if text.isprintable() and "  " not in text:
        return text  # single spaces only (other whitespace is unprintable): most text nodes
    core = " ".join(text.split())
    if not core:
        return " " if text else ""
    if text[0] in _SPACE:
        core = " " + core
    if text[-1] in _SPACE:
        core += " "
    return core


def escape(text: str) -> str:
    """Backslash-escape characters that Markdown would read as syntax."""
    return _ESCAPE.sub(_backslashed, text)


def _backslashed(match: re.Match[str]) -> str:
    return "\\" + match[0]  # a function: Python 3.11 expands a "\\\g<0>" template in Python


def escape_line_start(line: str) -> str:
    """Escape a heading, quote, list or rule marker at the start of a line."""
    if not line or line[0] not in _LINE_START_CHARS:
        return line
    match = _LINE_START.match(line)
    if match is None:
        return line
    marker = match.group(1)
    if marker[0].isdigit():
        return marker[:-1] + "\\" + marker[-1] + line[len(marker):]
    return "\\" + line


def code_span(text: str) -> str:
    """Inline code with one more backtick than the longest run inside it."""
    text = collapse(text)
    if not text.strip():
        return ""
    runs = _BACKTICKS.findall(text)
    ticks = "`" * (max(map(len, runs)) + 1 if runs else 1)
    if text.startswith("`") or text.endswith("`"):
        text = f" {text} "
    return f"{ticks}{text}{ticks}"


def fence(code: str, language: str) -> str:
    """A fenced code block keeping the code's whitespace; the fence outgrows any backtick run."""
    code = code.strip("\n")
    runs = _BACKTICKS.findall(code)
    longest = max(map(len, runs)) if runs else 0
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{language}\n{code}\n{ticks}"


def code_language(*class_values: str | None) -> str:
    """The language named by a language-x / lang-x / highlight-x class, or ''."""
    for value in class_values:
        if value:
            match = _LANG.search(value)
            if match:
                return match.group(1).lower()
    return ""


def safe_url(raw: str | None, base: str | None, *, image: bool = False) -> str | None:
    """`raw` resolved against `base`, or None when empty or an unsafe scheme.

    javascript:, vbscript:, file: and data: targets are refused; a data: URI is kept only
    for an image in a common format and under `SMALL_DATA_IMAGE` characters.
    """
    if raw is None:
        return None
    url = raw.strip()
    if not url:
        return None
    head = url[:16]
    if " " in head or not head.isprintable():  # the regex only for the rare head it changes
        head = _CONTROL.sub("", head)
    lowered = head.lower()
    if lowered.startswith(_UNSAFE_SCHEMES):
        if image and len(url) <= SMALL_DATA_IMAGE and _DATA_IMAGE.match(url.replace(" ", "")):
            return url.replace(" ", "")
        return None
    if base and not lowered.startswith(("http:", "https:", "mailto:", "tel:")):
        url = _resolve(base, url)
        if url is None:
            return None
    if " " in url or "(" in url or ")" in url:
        url = url.replace(" ", "%20").replace("(", "%28").replace(")", "%29")
    return url


def _resolve(base: str, url: str) -> str | None:
    """urljoin, with the common root-relative case done without it (a hot path)."""
    if url[0] == "/" and url[1:2] != "/" and "/." not in url:  # no dot segments to resolve
        origin = _ORIGINS.get(base)
        if origin is None:
            try:
                parts = urlsplit(base)
                origin = f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""
            except ValueError:  # a malformed base ("https://[::1/x"): urljoin fails below
                origin = ""
            if len(_ORIGINS) > 1000:
                _ORIGINS.clear()
            _ORIGINS[base] = origin
        if origin:
            return origin + url
    elif url[0] == "#" and "\t" not in url and "\n" not in url and "\r" not in url:
        page = _page(base)  # urljoin would drop these three characters
        if page is not None:
            return page + url if len(url) > 1 else page
    try:
        return urljoin(base, url)
    except ValueError:
        return None


def _page(base: str) -> str | None:
    """`base` without its fragment, as urljoin writes it when it appends a link's fragment;
    None when urljoin would not resolve against `base` or fails on it."""
    if base not in _PAGES:
        if len(_PAGES) > 1000:
            _PAGES.clear()
        try:
            resolves = urlsplit(base).scheme in uses_relative
            _PAGES[base] = urljoin(base, "#") if resolves else None
        except ValueError:
            _PAGES[base] = None
    return _PAGES[base]


def srcset_best(srcset: str) -> str | None:
    """The widest candidate of a srcset (by its `w`/`x` descriptor), else the first."""
    best, best_size = None, -1.0
    for candidate in srcset.split(","):
        parts = candidate.split()
        if not parts:
            continue
        size = 0.0
        if len(parts) > 1 and parts[1][:-1].replace(".", "", 1).isdigit():
            size = float(parts[1][:-1])
        if size > best_size:
            best, best_size = parts[0], size
    return best


def image_source(attrs: dict[str, str | None]) -> str | None:
    """The address an <img> shows, preferring lazy-loading attributes over placeholders."""
    for name in ("data-src", "data-lazy-src", "data-original", "data-lazy", "data-url"):
        value = attrs.get(name)
        if value:
            return value  # lazy loaders keep the real address here, a placeholder in src
    src = attrs.get("src")
    if src and (not src.startswith("data:") or len(src) > 200):
        return src
    for name in ("data-srcset", "srcset", "data-lazy-srcset"):
        value = attrs.get(name)
        if value:
            best = srcset_best(value)
            if best:
                return best
    return src or None


def link(label: str, url: str | None) -> str:
    """`[label](url)`, or just the label when the target is missing or unsafe."""
    if not url or not label:
        return label
    return f"[{label}]({url})"


def image(alt: str, url: str | None) -> str:
    if not url:
        return ""
    return f"![{escape(collapse(alt)).strip()}]({url})"


def pipe_table(rows: list[list[str]]) -> str:
    """A pipe table from rendered cell rows; the first row is the header row.

    A table without header cells gets its first row promoted, since a pipe table
    needs a header. Short rows are padded to the widest.
    """
    width = max(len(row) for row in rows)
    grid = [row + [""] * (width - len(row)) for row in rows]
    lines = ["| " + " | ".join(grid[0]) + " |", "|" + "---|" * width]
    lines.extend("| " + " | ".join(row) + " |" for row in grid[1:])
    return "\n".join(lines)


def table_cell(markdown: str) -> str:
    """A cell's inline Markdown made safe inside a pipe table row."""
    return collapse(markdown.replace("|", "\\|")).strip()


def join_blocks(blocks: list[Block]) -> str:
    """The Markdown of the kept blocks, blank lines between them.

    Items of one list (nested lists included) are joined by single newlines, a tight
    list; blocks of one blockquote are joined by a `>` line so they stay one quote.
    """
    parts: list[str] = []
    previous: Block | None = None
    for block in blocks:
        if not block.kept or not block.markdown:
            continue
        if previous is not None:
            parts.append(_separator(previous, block))
        parts.append(block.markdown)
        previous = block
    return "".join(parts) + "\n" if parts else ""


def _separator(previous: Block, block: Block) -> str:
    if (previous.kind == "list_item" and block.kind == "list_item"
            and _LIST_MARKER.match(block.markdown)
            and (_innermost(block, _LIST_TAGS) in previous.ancestors  # same or outer list
                 or _innermost(previous, _LIST_TAGS) in block.ancestors)):  # a nested list
        return "\n"
    if block.markdown[0] == ">" and previous.markdown[0] == ">":
        quote = _innermost(previous, ("blockquote",))
        if quote and (quote in block.ancestors or _innermost(block, ("blockquote",))
                      in previous.ancestors):
            return "\n>\n"
    return "\n\n"


def _innermost(block: Block, tags: tuple[str, ...] | frozenset[str]) -> int:
    """Walk id of the block's innermost ancestor with one of `tags` (0: none)."""
    for tag, ancestor in zip(reversed(block.path), reversed(block.ancestors), strict=False):
        if tag in tags:
            return ancestor
    return 0
