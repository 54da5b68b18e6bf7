"""Footnotes and endnotes: raised note marks in the body and the notes they cite.

A mark is a span of one to three digits, or a lower-case roman numeral (Word's and
LibreOffice's endnote numbers), after text on a body-size line, set smaller than the
line and raised above its baseline ("farms.¹"). A note is a line in type smaller than
the body that starts with the same number (as a raised span of its own, as Word and
LaTeX set it, or run into the text, "1The", "iiThe", as LibreOffice does): a footnote
after its marks on the mark's page, an endnote after the document's last body-size line
for a mark no note on its own page matched. Only a mark and a note that match are
linked: the mark becomes a GFM reference (`[^1]`), the note a definition; anything else
stays as text.
"""

from __future__ import annotations

import re

from webfold.pdf.layout import MARK_SIZE, Item
from webfold.pdf.model import Span

RAISE = 0.15  # a mark's bottom sits this many of its sizes above the line's
NOTE_SIZE = 0.92  # notes are set at most this share of the body size
_DIGITS = re.compile(r"^(?:\d{1,3}|[ivx]{1,5})$")
# Run into the text, a roman numeral is told from the word it starts by a capital.
_LEAD_NUMBER = re.compile(r"^\s*(?:(\d{1,3})(?:[.)]\s*|\s+|(?=[^\W\d_]))|"
                          r"([ivx]{1,5})(?:[.)]\s*|\s+|(?=[A-Z])))(?=\S)")


def link_notes(pages: list[tuple[int, list[Item]]], body: float) -> dict[int, str]:
    """Link the marks and notes of each (page number, ordered items) pair: a linked
    mark's span gets its note's label (`Span.note`), a note's line loses its number.
    Returns the label of each note's first line, by `id` of its item. Labels are the
    printed numbers, with the page in front where a number was used before ("3-1")."""
    starts: dict[int, str] = {}
    used: set[str] = set()
    waiting: dict[str, tuple[int, Span]] = {}  # marks no note on their page matched
    for number, items in pages:
        marks = _marks(items, body)
        if not marks:
            continue
        last_mark = max(k for k, _ in marks.values())
        notes = _notes(items[last_mark + 1:], marks, body)
        for printed, it in notes.items():
            _link(printed, marks[printed][1], it, number, used, starts)
        for printed, mark in marks.items():
            if printed not in notes:
                waiting.setdefault(printed, mark)
    if waiting:
        last_body = max(((p, k) for p, (_, items) in enumerate(pages)
                         for k, it in enumerate(items)
                         if it.line is not None and it.size > NOTE_SIZE * body),
                        default=(0, -1))
        for p, (number, items) in enumerate(pages[last_body[0]:], start=last_body[0]):
            after = [it for it in (items[last_body[1] + 1:] if p == last_body[0] else items)
                     if id(it) not in starts]  # the last page's own footnotes are taken
            for printed, it in _notes(after, waiting, body).items():
                _link(printed, waiting.pop(printed)[1], it, number, used, starts)
    return starts


def _notes(items: list[Item], marks: dict[str, tuple[int, Span]],
           body: float) -> dict[str, Item]:
    """The first line of `items` in note type starting with each mark's number."""
    notes: dict[str, Item] = {}
    for it in items:
        if it.line is not None and it.size <= NOTE_SIZE * body:
            found = _note_number(it.line.spans)
            if found is not None and found in marks and found not in notes:
                notes[found] = it
    return notes


def _link(printed: str, mark: Span, note: Item, page: int, used: set[str],
          starts: dict[int, str]) -> None:
    label = printed if printed not in used else f"{page}-{printed}"
    used.add(label)
    mark.note = label
    _drop_number(note.line.spans)
    starts[id(note)] = label


def _marks(items: list[Item], body: float) -> dict[str, tuple[int, Span]]:
    """The raised number spans of the body lines, by number (the first of each)."""
    found: dict[str, tuple[int, Span]] = {}
    for k, it in enumerate(items):
        if it.line is None or it.size < NOTE_SIZE * body:
            continue
        spans = it.line.spans
        for i, span in enumerate(spans):
            text = span.text.strip()
            if i == 0 or not _DIGITS.match(text) or text in found:
                continue
            j = i - 1  # the text the mark follows; spaces between are the join of two pieces
            while j > 0 and not spans[j].text.strip():
                j -= 1
            before = spans[j]
            if (before.text[-1:].strip() and span.size <= MARK_SIZE * before.size
                    and span.bbox[3] <= before.bbox[3] - RAISE * span.size):
                for between in spans[j + 1:i]:
                    between.text = ""
                found[text] = (k, span)
    return found


def _note_number(spans: list[Span]) -> str | None:
    found = _lead_number(spans)
    return found[1] if found else None


def _drop_number(spans: list[Span]) -> None:
    first, _, raised = _lead_number(spans)
    first.text = "" if raised else _LEAD_NUMBER.sub("", first.text, count=1)


def _lead_number(spans: list[Span]) -> tuple[Span, str, bool] | None:
    """The first span with text, the note number it starts with, and whether that number
    is a raised span of its own (before the note's text) rather than run into it."""
    first = next((s for s in spans if s.text.strip()), None)
    if first is None:
        return None
    if _DIGITS.match(first.text.strip()) and len(spans) > 1:
        return first, first.text.strip(), True
    match = _LEAD_NUMBER.match(first.text)
    return (first, match.group(1) or match.group(2), False) if match else None
