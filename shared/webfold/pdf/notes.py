"""Footnotes: raised note marks in the body and the notes at the page foot they cite.

A mark is a span of one to three digits after text on a body-size line, set smaller
than the line and raised above its baseline ("farms.¹"). A note is a line in type
smaller than the body, after the page's marks, that starts with the same number (as a
raised span of its own, as Word and LaTeX set it, or run into the text, "1The", as
LibreOffice does). Only a mark and a note that match on one page are linked: the mark
becomes a GFM reference (`[^1]`), the note a definition; anything else stays as text.
"""

from __future__ import annotations

import re

from webfold.pdf.layout import Item
from webfold.pdf.model import Span

MARK_SIZE = 0.8  # a mark is set at most this share of its line's size
RAISE = 0.15  # and its bottom sits this many of its sizes above the line's
NOTE_SIZE = 0.92  # notes are set at most this share of the body size
_DIGITS = re.compile(r"^\d{1,3}$")
_LEAD_NUMBER = re.compile(r"^\s*(\d{1,3})(?:[.)]\s*|\s+|(?=[^\W\d_]))(?=\S)")


def link_notes(pages: list[tuple[int, list[Item]]], body: float) -> dict[int, str]:
    """Link the marks and notes of each (page number, ordered items) pair: a linked
    mark's span gets its note's label (`Span.note`), a note's line loses its number.
    Returns the label of each note's first line, by `id` of its item. Labels are the
    printed numbers, with the page in front where a number was used before ("3-1")."""
    starts: dict[int, str] = {}
    used: set[str] = set()
    for number, items in pages:
        marks = _marks(items, body)
        if not marks:
            continue
        last_mark = max(k for k, _ in marks.values())
        notes = {}
        for k, it in enumerate(items):
            if k > last_mark and it.line is not None and it.size <= NOTE_SIZE * body:
                found = _note_number(it.line.spans)
                if found is not None and found in marks and found not in notes:
                    notes[found] = it
        for printed, it in notes.items():
            label = printed if printed not in used else f"{number}-{printed}"
            used.add(label)
            marks[printed][1].note = label
            _drop_number(it.line.spans)
            starts[id(it)] = label
    return starts


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
    return (first, match.group(1), False) if match else None
