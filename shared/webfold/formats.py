"""The output formats of a converted document, all written from its kept blocks.

`render(doc, "markdown" | "text" | "html" | "json")` is what the CLI prints. Plain text
and HTML are not a second extraction: they are the same kept `Block`s the Markdown was
joined from, written another way. Which list or quote a block sits in comes from its
fields (`kind`, `heading_level`, `tag`, `lists`, `quotes`); the rest from its own
Markdown, which is this package's dialect (`webfold/markdown.py`): the prefixes a block
carries (`> `, list indent and marker) and its inline syntax (escapes, `**`, `*`, `~~`,
code spans, links, images, `<sup>`/`<sub>`) are read back exactly, never guessed from
someone else's Markdown. (Carrying inline links and emphasis as fields would mean a
second rendering in the DOM walk's hot path; the Markdown already holds them losslessly.)

Plain text is mostly each block's own `text` (the converters' plain words); tables are
written row by row from their cells. To write a new block kind, add one function to
`HTML_BLOCKS` and one to `TEXT_BLOCKS`; a kind missing there is written as a paragraph.
Math is TeX in text and `\\(…\\)` / `\\[…\\]` spans in HTML (what MathJax and KaTeX read);
footnotes are `[1]` in text and linked `<sup>` notes in HTML; an alert keeps its kind and a
task item its state in both.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from webfold.document import Block, BlockFlag, Document, Metadata

FORMATS = ("markdown", "text", "html", "json")
FRONT_MATTER_FIELDS = ("title", "author", "date", "language", "canonical_url")

_QUOTE = re.compile(r"^(?:> ?)+")
_LIST_ITEM = re.compile(r"^( *)([-*+]|\d{1,9}[.)]) ")
_FENCE = re.compile(r"^(`{3,}|~{3,})(.*)$")
_SAFE_SCHEMES = ("http:", "https:", "mailto:", "tel:", "#", "/", "data:image/")
_TAGS = {"**": "strong", "*": "em", "~~": "del"}
_RAW_TAGS = ("<sup>", "</sup>", "<sub>", "</sub>")
_SPECIAL = re.compile(r"[\\`\[!*~<\n]")  # where inline syntax can start
_SPECIAL_MATH = re.compile(r"[\\`\[!*~<\n$]")  # and `$` in a block that holds inline math
_NOTE_REF = re.compile(r"\[\^([^\]\s]+)\](?!:)")
_NOTE_DEF = re.compile(r"\[\^([^\]\s]+)\]: ?")
_ALERT = re.compile(r"\[!([A-Z]+)\]\n?")
_TASK = ("[x] ", "[ ] ")


def render(doc: Document, fmt: str, *, with_metadata: bool = False) -> str:
    """`doc` written as `fmt` (one of `FORMATS`); "" when it has no content.

    `with_metadata` puts YAML front matter (title, author, date, language, canonical
    URL, source) on Markdown. "json" is the record with the Markdown inside.
    Raises ValueError for an unknown format.
    """
    if fmt == "markdown":
        if not doc.markdown:
            return ""
        return front_matter(doc.metadata, doc.source) + doc.markdown if with_metadata \
            else doc.markdown
    if fmt == "text":
        if doc.parts:  # an archive: its converted records one after another
            return "\n".join(to_text(p.blocks) for p in doc.parts if p.ok and p.blocks)
        return to_text(doc.blocks)
    if fmt == "html":
        if not doc.ok:
            return ""
        if doc.parts:
            return _page(doc.metadata, "".join(
                f"<article>\n{html_body(p.blocks)}</article>\n"
                for p in doc.parts if p.ok and p.blocks))
        return to_html(doc.blocks, doc.metadata)
    if fmt == "json":
        return json.dumps(doc.record(include_markdown=True), ensure_ascii=False, indent=2) + "\n"
    raise ValueError(f"format must be one of {FORMATS}, not {fmt!r}")


def front_matter(metadata: Metadata, source: str | None) -> str:
    """YAML front matter of the known metadata fields and the source (JSON-quoted values,
    which YAML reads as strings whatever they hold)."""
    values = {name: getattr(metadata, name) for name in FRONT_MATTER_FIELDS}
    values["source"] = source
    lines = [f"{name}: {json.dumps(value, ensure_ascii=False)}"
             for name, value in values.items() if value]
    return "---\n" + "".join(line + "\n" for line in lines) + "---\n\n"


# -- reading a block back ----------------------------------------------------------------

@dataclass(slots=True)
class _Shape:
    """A block with its container prefixes taken off: what the writers work from."""

    block: Block
    body: str  # the block's own Markdown, without quote and list prefixes
    quote: int = 0  # blockquote depth
    indent: int = -1  # list item: the marker's indent; -1 not a list item
    marker: str = ""  # "-" or "3." for list items
    continues: bool = False  # a list item's later paragraph (no marker of its own)


def _shape(block: Block) -> _Shape:
    lines = block.markdown.split("\n")
    quote = 0
    match = _QUOTE.match(lines[0])
    if match:
        quote = match.group(0).count(">")
        lines = [_QUOTE.sub("", line, count=1) for line in lines]
    shape = _Shape(block, "\n".join(lines), quote)
    if block.kind != "list_item":
        shape.body = _dedent(lines)
        return shape
    item = _LIST_ITEM.match(lines[0])
    if item is None:  # a later paragraph of the item above
        shape.continues = True
        shape.indent = len(lines[0]) - len(lines[0].lstrip(" "))
        shape.body = _dedent(lines)
        return shape
    shape.indent, shape.marker = len(item.group(1)), item.group(2)
    width = item.end()
    rest = [lines[0][width:]] + [line[width:] if line[:width].isspace() else line.lstrip()
                                 for line in lines[1:]]
    shape.body = "\n".join(rest)
    return shape


def _dedent(lines: list[str]) -> str:
    pad = len(lines[0]) - len(lines[0].lstrip(" "))
    if not pad:
        return "\n".join(lines)
    return "\n".join(line[pad:] if line[:pad].isspace() else line for line in lines)


def _kept(blocks: list[Block]) -> list[_Shape]:
    return [_shape(b) for b in blocks if b.kept and b.markdown]


# -- inline Markdown, read into a small tree ---------------------------------------------

@dataclass(slots=True)
class _Node:
    tag: str  # "" plain text, "code", "a", "img", "br", "strong", "em", "del", "sup", "sub"
    text: str = ""
    href: str | None = None
    children: list[_Node] = field(default_factory=list)


def _inline(source: str, *, math: bool = False) -> list[_Node]:
    """The inline nodes of one Markdown run of this package's dialect; with `math`, `$…$`
    is inline TeX (only blocks flagged MATH hold it: elsewhere `$` is a dollar)."""
    special = _SPECIAL_MATH if math else _SPECIAL
    if special.search(source) is None:  # most runs: plain words
        return [_Node("", source)] if source else []
    root = _Node("")
    stack = [root]
    buf: list[str] = []
    i, n = 0, len(source)

    def flush() -> None:
        if buf:
            stack[-1].children.append(_Node("", "".join(buf)))
            buf.clear()

    while i < n:
        found = special.search(source, i)
        if found is None:
            buf.append(source[i:])
            break
        if found.start() > i:
            buf.append(source[i:found.start()])
            i = found.start()
        ch = source[i]
        if ch == "\\" and i + 1 < n:
            if source[i + 1] == "\n":  # a hard line break
                flush()
                stack[-1].children.append(_Node("br"))
            else:
                buf.append(source[i + 1])
            i += 2
        elif ch == "`":
            end, code = _code_span(source, i)
            if end < 0:
                buf.append(ch)
                i += 1
            else:
                flush()
                stack[-1].children.append(_Node("code", code))
                i = end
        elif ch == "$" and source.find("$", i + 1) > i + 1:
            end = source.find("$", i + 1)
            flush()
            stack[-1].children.append(_Node("math", source[i + 1:end]))
            i = end + 1
        elif ch == "[" and (note := _NOTE_REF.match(source, i)) is not None:
            flush()
            stack[-1].children.append(_Node("noteref", note[1]))
            i = note.end()
        elif ch == "[" or ch == "!" and source.startswith("![", i):
            link = _link(source, i)
            if link is None:
                buf.append(ch)
                i += 1
                continue
            flush()
            node, i = link
            stack[-1].children.append(node)
        elif ch == "*" or source.startswith("~~", i):
            mark = source[i:i + 2] if source.startswith(("**", "~~"), i) else "*"
            flush()
            i += len(mark)
            _toggle(stack, _TAGS[mark])
        elif ch == "<" and source.startswith(_RAW_TAGS, i):
            raw = next(t for t in _RAW_TAGS if source.startswith(t, i))
            flush()
            i += len(raw)
            _toggle(stack, raw.strip("</>"))
        else:  # a line break inside a run, or a character that starts no syntax here
            buf.append(" " if ch == "\n" else ch)
            i += 1
    flush()
    return root.children


def _toggle(stack: list[_Node], tag: str) -> None:
    """Close `tag` when it is open (closing anything opened inside it), else open it."""
    for depth in range(len(stack) - 1, 0, -1):
        if stack[depth].tag == tag:
            del stack[depth:]
            return
    node = _Node(tag)
    stack[-1].children.append(node)
    stack.append(node)


def _code_span(source: str, start: int) -> tuple[int, str]:
    run = len(source) - len(source[start:].lstrip("`"))
    ticks = source[start:run]
    end = source.find(ticks, run)
    while end >= 0 and source[end + len(ticks):end + len(ticks) + 1] == "`":
        end = source.find(ticks, end + len(ticks) + 1)
    if end < 0:
        return -1, ""
    code = source[run:end]
    if len(code) > 2 and code[0] == " " and code[-1] == " ":
        code = code[1:-1]
    return end + len(ticks), code


def _link(source: str, start: int) -> tuple[_Node, int] | None:
    """`[label](url)` or `![alt](url)` at `start`: the node and the index after it."""
    image = source[start] == "!"
    open_at = start + 1 if image else start
    depth, i = 0, open_at
    while i < len(source):
        ch = source[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth == 0:
                break
        i += 1
    else:
        return None
    if not source.startswith("(", i + 1):
        return None
    close = source.find(")", i + 2)
    if close < 0:
        return None
    label, url = source[open_at + 1:i], source[i + 2:close]
    if image:
        return _Node("img", _plain(_inline(label)), url), close + 1
    return _Node("a", href=url, children=_inline(label)), close + 1


def _plain(nodes: list[_Node]) -> str:
    parts = []
    for node in nodes:
        if node.tag == "br":
            parts.append("\n")
        elif node.tag in ("", "code", "math"):
            parts.append(node.text)
        elif node.tag == "noteref":
            parts.append(f"[{node.text}]")
        elif node.tag != "img":
            parts.append(_plain(node.children))
    return "".join(parts)


def _html_inline(nodes: list[_Node]) -> str:
    parts = []
    for node in nodes:
        if node.tag == "":
            parts.append(html.escape(node.text, quote=False))
        elif node.tag == "br":
            parts.append("<br>")
        elif node.tag == "code":
            parts.append(f"<code>{html.escape(node.text, quote=False)}</code>")
        elif node.tag == "math":  # TeX as MathJax and KaTeX read it (pandoc's form)
            parts.append(f'<span class="math inline">\\({html.escape(node.text, quote=False)}'
                         '\\)</span>')
        elif node.tag == "noteref":
            label = html.escape(node.text)
            parts.append(f'<sup><a href="#fn-{label}">{label}</a></sup>')
        elif node.tag == "img":
            if _safe(node.href) and not (node.href or "").startswith("#"):  # PDF markers
                parts.append(f'<img src="{html.escape(node.href or "")}" '
                             f'alt="{html.escape(node.text)}">')
        elif node.tag == "a":
            inner = _html_inline(node.children)
            parts.append(f'<a href="{html.escape(node.href or "")}">{inner}</a>'
                         if _safe(node.href) else inner)
        elif node.children:
            parts.append(f"<{node.tag}>{_html_inline(node.children)}</{node.tag}>")
    return "".join(parts)


def _safe(url: str | None) -> bool:
    """The converters already refuse unsafe links; this keeps the HTML writer safe alone."""
    if not url:
        return False
    lowered = url.strip().lower()
    return lowered.startswith(_SAFE_SCHEMES) or ":" not in lowered.split("/", 1)[0]


# -- block writers: one per kind ---------------------------------------------------------

def _table_rows(body: str) -> list[list[str]]:
    lines = [line for line in body.split("\n") if line.strip()]
    rows = [_cells(line) for i, line in enumerate(lines) if i != 1]
    return rows


def _cells(line: str) -> list[str]:
    line = line.strip()
    line = line[1:] if line.startswith("|") else line
    line = line[:-1] if line.endswith("|") and not line.endswith("\\|") else line
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", line)]


def _code_body(body: str) -> tuple[str, str]:
    lines = body.split("\n")
    match = _FENCE.match(lines[0].strip())
    if match is None or len(lines) < 2:
        return "", body
    return match.group(2).strip(), "\n".join(lines[1:-1])


def _html_heading(shape: _Shape) -> str:
    level = shape.block.heading_level or min(len(shape.body) - len(shape.body.lstrip("#")), 6)
    return f"<h{level}>{_run(shape, shape.body.lstrip('#').strip())}</h{level}>"


def _run(shape: _Shape, source: str) -> str:
    """`source`, inline Markdown of `shape`'s block, as HTML."""
    return _html_inline(_inline(source, math=bool(shape.block.flags & BlockFlag.MATH)))


def _html_paragraph(shape: _Shape) -> str:
    alert = _ALERT.match(shape.body)
    if alert:  # a GitHub alert's kind line, then its text
        rest = _run(shape, shape.body[alert.end():])
        return f"<p><strong>{alert[1].title()}:</strong> {rest}</p>"
    return f"<p>{_run(shape, shape.body)}</p>"


def _html_math(shape: _Shape) -> str:
    return f'<div class="math display">\\[{html.escape(shape.block.text, quote=False)}\\]</div>'


def _html_footnote(shape: _Shape) -> str:
    note = _NOTE_DEF.match(shape.body)
    if note is None:
        return _html_paragraph(shape)
    label = html.escape(note[1])
    first, *more = (p.strip() for p in shape.body[note.end():].split("\n\n"))
    html_note = f'<p class="footnote" id="fn-{label}"><sup>{label}</sup> {_run(shape, first)}</p>'
    if not more:
        return html_note
    rest = "".join(f"<p>{_run(shape, p)}</p>" for p in more)
    return f'<div class="footnote">{html_note}{rest}</div>'


def _html_code(shape: _Shape) -> str:
    language, code = _code_body(shape.body)
    attr = f' class="language-{html.escape(language)}"' if language else ""
    return f"<pre><code{attr}>{html.escape(code, quote=False)}</code></pre>"


def _html_table(shape: _Shape) -> str:
    rows = _table_rows(shape.body)
    if not rows:
        return ""
    head = "".join(f"<th>{_run(shape, c)}</th>" for c in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{_run(shape, c)}</td>" for c in row)
                   + "</tr>" for row in rows[1:])
    return (f"<table><thead><tr>{head}</tr></thead>"
            + (f"<tbody>{body}</tbody>" if body else "") + "</table>")


def _html_item(shape: _Shape) -> str:
    """A list item's own line bare in its <li>; its later paragraphs as <p>."""
    body = shape.body
    task = body.startswith(_TASK) and not shape.continues
    inline = _run(shape, body[4:] if task else body)
    if task:
        checked = " checked" if body.startswith("[x]") else ""
        inline = f'<input type="checkbox" disabled{checked}> {inline}'
    return f"<p>{inline}</p>" if shape.continues else inline


def _html_rule(shape: _Shape) -> str:
    return "<hr>"


def _html_definition(shape: _Shape) -> str:
    if shape.block.tag == "dd" or shape.body.startswith(": "):
        return f"<dd>{_run(shape, shape.body.removeprefix(': '))}</dd>"
    return f"<dt>{_html_inline(_inline(shape.body))}</dt>"


HTML_BLOCKS: dict[str, Callable[[_Shape], str]] = {
    "heading": _html_heading,
    "paragraph": _html_paragraph,
    "list_item": _html_item,  # the item's content; the list around it is structural
    "quote": _html_paragraph,
    "caption": _html_paragraph,
    "image": _html_paragraph,
    "code": _html_code,
    "table": _html_table,
    "rule": _html_rule,
    "definition": _html_definition,
    "math": _html_math,
    "footnote": _html_footnote,
}


def _text_words(shape: _Shape) -> str:
    alert = _ALERT.match(shape.body)
    if alert:  # a GitHub alert keeps its kind: "Warning: ..."
        return f"{alert[1].title()}: {shape.block.text.strip()}"
    if "[^" in shape.body:  # note references read as [1], which the block's text drops
        return _plain(_inline(shape.body, math=bool(shape.block.flags & BlockFlag.MATH))).strip()
    return shape.block.text.strip()  # the converters' own plain text of the block


def _text_item(shape: _Shape) -> str:
    task = shape.body[:4] if shape.body.startswith(_TASK) and not shape.continues else ""
    return task + _text_words(shape)


def _text_footnote(shape: _Shape) -> str:
    note = _NOTE_DEF.match(shape.body)
    return f"[{note[1]}] {shape.block.text.strip()}" if note else _text_words(shape)


def _text_table(shape: _Shape) -> str:
    return "\n".join("\t".join(_plain(_inline(c)).strip() for c in row)
                     for row in _table_rows(shape.body))


def _text_nothing(shape: _Shape) -> str:
    return ""


TEXT_BLOCKS: dict[str, Callable[[_Shape], str]] = {
    "heading": _text_words,
    "paragraph": _text_words,
    "list_item": _text_item,
    "quote": _text_words,
    "caption": _text_words,
    "image": _text_nothing,  # no words to read
    "code": _text_words,
    "table": _text_table,  # its `text` runs the cells together; the rows are kept here
    "rule": _text_nothing,
    "definition": _text_words,
    "math": _text_words,  # the TeX: a block's text is its formula
    "footnote": _text_footnote,
}


# -- whole documents ---------------------------------------------------------------------

def to_text(blocks: list[Block]) -> str:
    """Plain text of the kept blocks: no Markdown syntax, blank lines between blocks,
    list items one per line (bullets "•", numbers kept, two spaces per level)."""
    parts: list[str] = []
    levels: list[int] = []  # indents of the open list levels
    previous: _Shape | None = None
    for shape in _kept(blocks):
        text = TEXT_BLOCKS.get(shape.block.kind, _text_words)(shape)
        if not text:
            continue
        if shape.indent >= 0 and not shape.continues:
            _enter_list(levels, shape.indent)
            bullet = "•" if shape.marker in "-*+" else shape.marker
            lead = "  " * (len(levels) - 1)
            text = lead + bullet + " " + text.replace("\n", "\n" + lead + "  ")
        elif shape.indent < 0:
            levels.clear()
        if parts:
            tight = previous is not None and previous.indent >= 0 and shape.indent >= 0 \
                and not shape.continues and _one_list(previous.block, shape.block)
            parts.append("\n" if tight else "\n\n")
        parts.append(text)
        previous = shape
    return "".join(parts) + "\n" if parts else ""


def _one_list(previous: Block, block: Block) -> bool:
    """Whether two list items sit in one list (or one nests in the other), as far as the
    converter's list ids say."""
    if not previous.lists or not block.lists:
        return True
    return block.lists[-1] in previous.lists or previous.lists[-1] in block.lists


def _enter_list(levels: list[int], indent: int) -> None:
    while levels and indent < levels[-1]:
        levels.pop()
    if not levels or indent > levels[-1]:
        levels.append(indent)


def to_html(blocks: list[Block], metadata: Metadata | None = None) -> str:
    """A standalone HTML5 document of the kept blocks: semantic elements only (h1-h6, p,
    ul/ol/li, blockquote, pre/code, table, dl, a, img, strong, em ...), no attribute
    from the source page but link and image targets and a code block's language."""
    return _page(metadata or Metadata(), html_body(blocks))


def html_body(blocks: list[Block]) -> str:
    """The elements of the kept blocks, without the page around them."""
    body = _HtmlBody()
    for shape in _kept(blocks):
        body.add(shape)
    return body.finish()


def _page(metadata: Metadata, body: str) -> str:
    lang = f' lang="{html.escape(metadata.language)}"' if metadata.language else ""
    title = f"<title>{html.escape(metadata.title)}</title>\n" if metadata.title else ""
    return (f'<!DOCTYPE html>\n<html{lang}>\n<head>\n<meta charset="utf-8">\n{title}'
            f"</head>\n<body>\n{body}</body>\n</html>\n")


class _HtmlBody:
    """Writes block HTML inside the containers the blocks sit in: quotes, lists and
    definition lists are opened and closed as the blocks enter and leave them. Which
    quote or list a block is in comes from `Block.quotes` and `Block.lists` (ids), its
    list level from its marker's indent (PDF lists share one id)."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.quotes: tuple[int, ...] = ()  # ids of the open blockquotes, outermost first
        self.lists: list[tuple[int, str, int | None]] = []  # open: (indent, ul|ol, list id)
        self.in_dl = False

    def add(self, shape: _Shape) -> None:
        inner = HTML_BLOCKS.get(shape.block.kind, _html_paragraph)(shape)
        if not inner:
            return
        in_list = shape.indent >= 0 or (shape.block.kind == "code" and self.lists
                                        and shape.block.markdown.startswith(" "))
        if not in_list:
            self._close_lists(-1)
        quotes = shape.block.quotes or (0,) * shape.quote  # a converter without quote ids
        if quotes != self.quotes:
            self._close_lists(-1)
            self._close_dl()
            self._set_quotes(quotes)
        if shape.block.kind == "definition":
            if not self.in_dl:
                self.out.append("<dl>\n")
                self.in_dl = True
        else:
            self._close_dl()
        if shape.indent >= 0 and not shape.continues:
            self._open_item(shape)
            self.out.append(inner)
        else:
            self.out.append(inner + ("" if self.lists else "\n"))

    def _open_item(self, shape: _Shape) -> None:
        kind = "ul" if shape.marker in "-*+" else "ol"
        list_id = shape.block.lists[-1] if shape.block.lists else None
        if self.lists and shape.indent <= self.lists[-1][0]:
            self._close_lists(shape.indent)
            if self.lists and self.lists[-1][0] == shape.indent:
                self.out.append("</li>\n")
        top = self.lists[-1] if self.lists else None
        if top is not None and top[0] == shape.indent and (top[1] != kind or list_id != top[2]):
            self.out.append(f"</{self.lists.pop()[1]}>\n")  # another list at the same level
            top = self.lists[-1] if self.lists else None
        if top is None or shape.indent > top[0]:
            start = shape.marker.rstrip(".)")
            attr = f' start="{start}"' if kind == "ol" and start != "1" else ""
            self.out.append(f"\n<{kind}{attr}>\n" if self.lists else f"<{kind}{attr}>\n")
            self.lists.append((shape.indent, kind, list_id))
        self.out.append("<li>")

    def _close_lists(self, indent: int) -> None:
        while self.lists and self.lists[-1][0] > indent:
            self.out.append(f"</li>\n</{self.lists.pop()[1]}>\n")

    def _close_dl(self) -> None:
        if self.in_dl:
            self.out.append("</dl>\n")
            self.in_dl = False

    def _set_quotes(self, quotes: tuple[int, ...]) -> None:
        shared = 0
        while (shared < min(len(quotes), len(self.quotes))
               and quotes[shared] == self.quotes[shared]):
            shared += 1
        self.out.append("</blockquote>\n" * (len(self.quotes) - shared))
        self.out.append("<blockquote>\n" * (len(quotes) - shared))
        self.quotes = quotes

    def finish(self) -> str:
        self._close_lists(-1)
        self._close_dl()
        self._set_quotes(())
        return "".join(self.out)

