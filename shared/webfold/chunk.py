"""Split a converted document into chunks of about N characters for retrieval.

Chunks end at block boundaries, preferring a heading (a new section) or, for PDFs, a
new page once the chunk is at least half full; a single block longer than N is split
at line breaks, then between words, never inside a word or an inline `$…$` formula; a
display formula (`$$` lines around it) is never split. Footnote definitions go with the
chunks that reference them (each such chunk carries a copy; a note no chunk references
ends the last one). A chunk that opens inside a callout repeats its `[!KIND]` line, and a
quoted line split between words keeps its `>` prefix on every piece. Each chunk knows the
heading path it sits under and the pages it covers. A document with `parts` (a WARC) is
chunked part by part.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from webfold.document import Block, Document
from webfold.markdown import footnote_defined, footnote_refs, join_blocks

PREFER_BREAK_AT = 0.5  # a heading or page break ends a chunk once it is this full
_WORD = re.compile(r"\S*\$[^$\n]+\$\S*|\S+")  # a word, an inline formula kept whole
_ALERT_LINE = re.compile(r"(?:> ?)+\[![A-Z]+\]$")  # `> [!NOTE]`, `> > [!TIP]` ...
_QUOTE_PREFIX = re.compile(r"(?:> ?)+")


@dataclass(frozen=True, slots=True)
class Chunk:
    """One chunk: its Markdown, the headings above it (outermost first), its pages."""

    index: int
    markdown: str
    headings: tuple[str, ...]
    pages: tuple[int, ...]
    source: str | None = None

    def record(self) -> dict[str, Any]:
        return {"chunk": self.index, "source": self.source, "headings": list(self.headings),
                "pages": list(self.pages), "chars": len(self.markdown),
                "markdown": self.markdown}


def chunk_document(doc: Document, *, max_chars: int) -> list[Chunk]:
    """The document's kept content as chunks of at most about `max_chars` characters.

    Raises ValueError when `max_chars` < 1. A failed or empty document gives [].
    """
    if max_chars < 1:
        raise ValueError("max_chars must be at least 1")
    chunks: list[Chunk] = []
    for part in doc.parts or [doc]:
        blocks = [b for b in part.blocks if b.kept and b.markdown]
        if not blocks and part.markdown.strip():
            blocks = _blocks_from_markdown(part.markdown)
        for markdown, headings, pages in _pack(blocks, max_chars):
            chunks.append(Chunk(len(chunks), markdown, headings, pages, part.source))
    return chunks


def _pack(blocks: list[Block], max_chars: int) -> list[tuple[str, tuple[str, ...], tuple]]:
    out: list[tuple[str, tuple[str, ...], tuple]] = []
    path: dict[int, str] = {}  # heading level -> text, for the heading path
    notes = _definitions(blocks)  # label -> footnote definition block
    unreferenced = dict(notes)
    current: list[Block] = []
    cited: dict[str, Block] = {}  # the definitions the current chunk references
    size = 0
    start_path: tuple[str, ...] = ()

    def close() -> None:
        if current:
            pages = tuple(sorted({b.page for b in current if b.page is not None}))
            chunk = current + list(cited.values())
            out.append((join_blocks(chunk).rstrip("\n"), start_path, pages))
            current.clear()
            cited.clear()

    alerts: dict[int, str] = {}  # quote id -> the `> [!KIND]` line that opened it
    for block in blocks:
        if block.kind == "footnote" and notes:
            continue  # written with the chunks that reference it
        first_line = block.markdown.split("\n", 1)[0]
        if block.quotes and _ALERT_LINE.fullmatch(first_line):
            alerts.setdefault(block.quotes[-1], first_line)
        for piece in _split_block(block, max_chars):
            refs = _new_refs(piece, notes, cited)
            length = len(piece.markdown) + 2 + sum(len(notes[r].markdown) + 2 for r in refs)
            new_page = bool(current) and piece.page is not None and piece.page != current[-1].page
            boundary = piece.kind == "heading" or new_page
            if current and (size + length > max_chars
                            or boundary and size >= PREFER_BREAK_AT * max_chars):
                close()
                size = 0
                refs = _new_refs(piece, notes, cited)
                length = len(piece.markdown) + 2 + sum(len(notes[r].markdown) + 2 for r in refs)
            for ref in refs:
                cited[ref] = notes[ref]
                unreferenced.pop(ref, None)
            if piece.kind == "heading" and piece.heading_level:
                for level in [lv for lv in path if lv >= piece.heading_level]:
                    del path[level]
                path[piece.heading_level] = piece.text
            if not current:
                start_path = tuple(path[lv] for lv in sorted(path))
                piece = _reopened_alert(piece, alerts)
            current.append(piece)
            size += length
    cited.update(unreferenced)
    close()
    return out


def _definitions(blocks: list[Block]) -> dict[str, Block]:
    """The footnote definitions among `blocks`, by label."""
    notes = {}
    for block in blocks:
        if block.kind == "footnote":
            label = footnote_defined(block.markdown)
            if label is not None:
                notes[label] = block
    return notes


def _new_refs(piece: Block, notes: dict[str, Block], cited: dict[str, Block]) -> list[str]:
    """Labels of the definitions `piece` references that the chunk does not carry yet."""
    return list(dict.fromkeys(r for r in footnote_refs(piece.markdown)
                              if r in notes and r not in cited))


def _reopened_alert(piece: Block, alerts: dict[int, str]) -> Block:
    """`piece` with its callout's `[!KIND]` line in front when it continues a callout
    begun in an earlier chunk (a chunk read alone still says what kind of note it is)."""
    alert = next((alerts[q] for q in reversed(piece.quotes) if q in alerts), None)
    if alert is None or piece.markdown.startswith(alert):
        return piece
    return dataclasses.replace(piece, markdown=f"{alert}\n{piece.markdown}")


def _split_block(block: Block, max_chars: int) -> list[Block]:
    """The block itself, or line-sized (then word-sized) pieces when it is too long; a
    display formula stays whole."""
    if len(block.markdown) <= max_chars or block.kind == "math":
        return [block]
    lines = [part for line in block.markdown.split("\n") for part in _split_line(line, max_chars)]
    if len(lines) > 1 and _ALERT_LINE.fullmatch(lines[0]):
        lines[:2] = [f"{lines[0]}\n{lines[1]}"]  # a callout's kind stays with its first line
    pieces = _fill(lines, "\n", max_chars)
    return [dataclasses.replace(block, markdown=p, text=p) for p in pieces]


def _split_line(line: str, max_chars: int) -> list[str]:
    """`line`, or pieces of it between words; a quoted line's pieces each keep its `>`."""
    if len(line) <= max_chars:
        return [line]
    match = _QUOTE_PREFIX.match(line)
    prefix = match[0] if match else ""
    body = line[len(prefix):]
    words = _WORD.findall(body) if "$" in body else body.split(" ")
    return [prefix + piece for piece in _fill(words, " ", max(1, max_chars - len(prefix)))]


def _fill(parts: Iterable[str], sep: str, max_chars: int) -> list[str]:
    """`parts` joined by `sep` greedily into strings of at most `max_chars` (a part longer
    than that stands alone)."""
    filled: list[str] = []
    buffer = ""
    for part in parts:
        if buffer and len(buffer) + 1 + len(part) > max_chars:
            filled.append(buffer)
            buffer = part
        else:
            buffer = f"{buffer}{sep}{part}" if buffer else part
    if buffer:
        filled.append(buffer)
    return filled


def _blocks_from_markdown(markdown: str) -> list[Block]:
    """Blocks for a document that kept only its Markdown: one per paragraph."""
    blocks = []
    for para in markdown.split("\n\n"):
        para = para.strip("\n")
        if not para:
            continue
        level = len(para) - len(para.lstrip("#"))
        if 1 <= level <= 6 and para[level:level + 1] == " " and "\n" not in para:
            blocks.append(Block(kind="heading", markdown=para, text=para[level + 1:],
                                heading_level=level))
        elif footnote_defined(para) is not None:
            blocks.append(Block(kind="footnote", markdown=para, text=para))
        elif para.startswith("$$\n") and para.endswith("\n$$"):
            blocks.append(Block(kind="math", markdown=para, text=para))
        else:
            blocks.append(Block(kind="paragraph", markdown=para, text=para))
    return blocks
