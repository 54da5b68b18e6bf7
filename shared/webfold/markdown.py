"""Format-neutral Markdown writing: escaping, code spans and fences, links, images, one
pipe-table writer, and one `join_blocks` that every converter's blocks go through.

Nothing here knows where a block came from: the joining rule reads only `Block` fields
(`kind`, `lists`, `quotes`) that the HTML walk and the PDF structure step both fill, so a
document's Markdown and its chunks joined are the same text whatever the format.
"""

from __future__ import annotations

import re

from webfold.document import Block

_SPACE = frozenset(" \t\n\r\f\v\xa0")
# Characters that would read as Markdown syntax anywhere in a line. `_` only at a word
# edge: intraword underscores (snake_case) never start emphasis in CommonMark; `&` only
# where it starts an entity. One character class first lets the engine skip to candidates.
_ESCAPE = re.compile(r"[\\`*\[\]<_&](?:(?<=[\\`*\[\]<])|(?<![0-9A-Za-z]_)(?<=_)"
                     r"|(?<=_)(?![0-9A-Za-z])|(?<=&)(?=#?[0-9A-Za-z]+;))")
# Syntax that only counts at the start of a line.
_LINE_START = re.compile(r"^([#>+=-]|~~~|\d{1,9}[.)](?=\s|$))")
_LIST_MARKER = re.compile(r"\s*(?:> )*\s*(?:[-*+]|\d{1,9}[.)]) ")
_QUOTE_LEAD = re.compile(r" *>(?: ?>)*")  # a quoted line's prefix: `>`, `> >`, `  >` (in an item)
_LINE_START_CHARS = frozenset("#>+=~-0123456789")
_BACKTICKS = re.compile(r"`+")
_NOTE_REF = re.compile(r"\[\^([^\]\s]+)\](?!:)")  # a footnote reference, not a definition
_NOTE_DEF = re.compile(r"\[\^([^\]\s]+)\]: ")


def collapse(text: str) -> str:
    """HTML whitespace collapsing: runs of whitespace become one space (edges kept as one).

    str.split is about ten times faster than a regex here; it also folds no-break
    spaces, which read the same in Markdown. Soft hyphens (U+00AD) are dropped.
    """
    if text.isprintable() and "  " not in text:
        return text  # single spaces only (other whitespace is unprintable): most text nodes
    if "\xad" in text:  # soft hyphens are unprintable too: invisible, and they split words
        text = text.replace("\xad", "")
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
    # Most text holds none of `_ESCAPE`'s characters. Each looked for by `in` (memchr)
    # costs 2.5x fewer instructions than one search of the character class, whose
    # engine tests the text character by character (the HTML walk escapes every text).
    if ("_" in text or "*" in text or "[" in text or "]" in text or "&" in text
            or "<" in text or "`" in text or "\\" in text):
        return _ESCAPE.sub(_backslashed, text)
    return text


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


def link(label: str, url: str | None) -> str:
    """`[label](url)`, or just the label when the target is missing or unsafe."""
    if not url or not label:
        return label
    return f"[{label}]({url})"


def image(alt: str, url: str | None) -> str:
    if not url:
        return ""
    return f"![{escape(collapse(alt)).strip()}]({url})"


def heading(level: int, text: str) -> str:
    """An ATX heading of `text` (already escaped Markdown) at `level` (1-6)."""
    return "#" * min(max(level, 1), 6) + " " + text


def math(tex: str, display: bool) -> str:
    """`$tex$` inline, `$$` fence lines around it for display math."""
    return f"$$\n{tex}\n$$" if display else f"${tex}$"


def footnote_ref(label: str) -> str:
    return f"[^{label}]"


def footnote_definition(label: str, body: str) -> str:
    """A GFM footnote definition: `[^label]: body`; the paragraphs after the first of a
    body of several (blank-line separated) are indented four spaces, as GFM continues one."""
    first, _, rest = body.partition("\n\n")
    if not rest:
        return f"[^{label}]: {body}"
    more = "\n".join(f"    {line}" if line else "" for line in rest.split("\n"))
    return f"[^{label}]: {first}\n\n{more}"


def footnote_refs(markdown: str) -> list[str]:
    """The labels `markdown` cites (`[^label]`, not a definition's own), in order."""
    return _NOTE_REF.findall(markdown) if "[^" in markdown else []


def footnote_defined(markdown: str) -> str | None:
    """The label a footnote definition defines, or None when `markdown` is not one."""
    match = _NOTE_DEF.match(markdown)
    return match[1] if match else None


def comment_line(*fields: str) -> str:
    """An HTML comment line naming `fields` (a record's URI, a date): untrusted text, so
    no `<` or `>` in it may end the comment early."""
    text = " ".join(fields).replace("<", "%3C").replace(">", "%3E")
    return f"<!-- {text} -->"


def alert_line(kind: str) -> str:
    """The first line of a GitHub alert (`[!NOTE]`); the caller adds the quote prefix."""
    return f"[!{kind}]"


def task_marker(done: bool) -> str:
    """What opens a task list item's text: `[x] ` done, `[ ] ` open."""
    return "[x] " if done else "[ ] "


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
    list; blocks of one blockquote (or callout) are joined by a `>` line so they stay one
    quote. Which list or quote a block sits in comes from `Block.lists` and
    `Block.quotes`. Footnote definitions stay where the document had them (GFM renders
    them at the end wherever they are), so the text keeps the source's reading order; a
    definition met before the block citing it (a note inline in its paragraph) follows
    that block.
    """
    kept = _notes_after_citations([b for b in blocks if b.kept and b.markdown])
    parts: list[str] = []
    previous: Block | None = None
    for block in kept:
        if previous is not None:
            parts.append(_separator(previous, block))
        parts.append(block.markdown)
        previous = block
    return "".join(parts) + "\n" if parts else ""


def _notes_after_citations(blocks: list[Block]) -> list[Block]:
    """`blocks` with each footnote definition that comes before its first citation moved
    to just after the citing block; definitions nothing later cites stay in place."""
    if all(block.kind != "footnote" for block in blocks):  # most pages: no citation to read
        return blocks
    waiting: dict[str, list[Block]] = {}  # label -> definitions met before any citation
    cited: set[str] = set()
    out: list[Block] = []
    for block in blocks:
        if block.kind == "footnote":
            label = footnote_defined(block.markdown)
            if label is not None and label not in cited:
                waiting.setdefault(label, []).append(block)
                continue
        out.append(block)
        for label in footnote_refs(block.markdown):
            cited.add(label)
            out.extend(waiting.pop(label, ()))
    for held in waiting.values():  # cited nowhere after them: where they were, at the end
        out.extend(held)
    return out


def _separator(previous: Block, block: Block) -> str:
    if (previous.kind == "list_item" and block.kind == "list_item"
            and previous.lists and block.lists and _LIST_MARKER.match(block.markdown)
            and (block.lists[-1] in previous.lists  # the same list, or back to an outer one
                 or previous.lists[-1] in block.lists)):  # a list nested in the previous
        return "\n"
    if (previous.quotes and block.quotes
            and (previous.quotes[-1] in block.quotes or block.quotes[-1] in previous.quotes)):
        before, after = _QUOTE_LEAD.match(previous.markdown), _QUOTE_LEAD.match(block.markdown)
        if before and after:  # the outer of the two quote prefixes, as a blank quoted line
            return f"\n{min(before[0], after[0], key=len)}\n"
    return "\n\n"
