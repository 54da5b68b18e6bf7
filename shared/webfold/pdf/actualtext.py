"""A page's horizontal glyphs as drawn, each ActualText cluster spelled by its ActualText.

Producers shaping Arabic write each cluster of a letter and its marks as glyphs wrapped
in an ActualText span that says what they spell. LibreOffice draws the mark glyph, then
the letter glyph, whose ToUnicode entry is the cluster it first appeared in ("أَ"), so
the glyphs' own Unicode is wrong wherever the letter comes again with another mark or
none, and some mark glyphs have none; the ActualText is right. MuPDF's text page puts
the ActualText at the first glyph without width and emits some glyphs' own characters
too, and PyMuPDF's page dictionary drops a line's last span when it has no width (where
the marks land): "وأرسلت" for "وأُرسلت". Read here from the drawing itself, a cluster is
one glyph whose text is its ActualText and whose box spans its glyphs.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

import pymupdf
from pymupdf import mupdf


@dataclass(slots=True)
class Glyph:
    """One glyph (or ActualText cluster) as drawn: its text, its advance along the baseline
    from `x0` to `x1`, the baseline `y` and the font size, in the page's text coordinates;
    `mark` for a glyph of combining marks only (drawn beside its letter's glyph)."""

    text: str
    x0: float
    x1: float
    y: float
    size: float
    mark: bool = False
    cluster: bool = False


class _GlyphDevice(mupdf.FzDevice2):
    """Keeps the glyphs of horizontal text filled on the page in drawing order, with the
    ActualText spans around them. Text drawn outside ActualText is kept unread (its text
    object and baseline) until `glyphs` knows which baselines hold clusters."""

    def __init__(self) -> None:
        super().__init__()
        self.use_virtual_fill_text()
        self.use_virtual_begin_metatext()
        self.use_virtual_end_metatext()
        # Glyphs, and text spans not read yet: (text object kept alive, span, baseline,
        # size, transform) with the transform's a, e, d, f.
        self.drawn: list[Glyph | tuple[Any, ...]] = []
        self.open: list[tuple[str | None, int]] = []  # ActualText (or None), first entry
        self.spans: list[tuple[str, int, int]] = []  # ActualText, its entries [start, end)

    def begin_metatext(self, ctx: Any, meta: int, text: str | None) -> None:
        actual = text if meta == mupdf.FZ_METATEXT_ACTUALTEXT and text else None
        self.open.append((actual, len(self.drawn)))

    def end_metatext(self, ctx: Any) -> None:
        if self.open:
            text, start = self.open.pop()
            if text is not None and start < len(self.drawn):
                self.spans.append((text, start, len(self.drawn)))

    def fill_text(self, ctx: Any, text: Any, ctm: Any, *_: Any) -> None:
        a, b, c, d, e, f = ctm.a, ctm.b, ctm.c, ctm.d, ctm.e, ctm.f
        if abs(b) > 1e-6 or abs(c) > 1e-6:
            return
        inside = any(t is not None for t, _ in self.open)
        kept = None if inside else mupdf.FzText(mupdf.ll_fz_keep_text(text))
        span = text.head
        while span:
            trm = span.trm
            if span.len and abs(trm.b) < 1e-6 and abs(trm.c) < 1e-6 and trm.a * a > 0:
                transform = (a, e, d, f, trm.a * a)
                if inside:
                    self.drawn += _read_span(span, *transform)
                else:
                    y = d * mupdf.FzTextSpan(span).items(0).y + f
                    self.drawn.append((kept, span, y, transform))
            span = span.next


def _read_span(span: Any, a: float, e: float, d: float, f: float, size: float) -> list[Glyph]:
    out: list[Glyph] = []
    items = mupdf.FzTextSpan(span)
    font = span.font
    for i in range(span.len):
        item = items.items(i)
        char = chr(item.ucs) if 0 < item.ucs < 0x110000 else "\ufffd"
        if item.gid < 0 and out:  # more characters of the glyph before
            out[-1].text += char
            continue
        x = a * item.x + e
        advance = mupdf.ll_fz_advance_glyph(font, item.gid, 0) * size if item.gid >= 0 else 0.0
        out.append(Glyph(char, x, x + advance, d * item.y + f, size,
                         mark=unicodedata.category(char) == "Mn"))
    return out


def glyphs(page: pymupdf.Page) -> list[Glyph] | None:
    """The glyphs of horizontal text drawn on `page` on the baselines (within half a font
    size) of its ActualText spans, in drawing order, each ActualText span made one `Glyph`
    (`cluster` set) with the span's text over all its glyphs' boxes, on the baseline of
    its widest glyph. None when the page has no ActualText span. Costs one run of the
    page's content and some microseconds a glyph read: 5-8 ms a page of vowelled Arabic."""
    device = _GlyphDevice()
    mupdf.fz_run_page(page.this, device, mupdf.FzMatrix(), mupdf.FzCookie())
    if not device.spans:
        return None
    drawn = device.drawn
    merged: list[Glyph | tuple[Any, ...]] = []
    end = 0
    for text, start, stop in sorted(device.spans, key=lambda s: (s[1], -s[2])):
        members = [g for g in drawn[start:stop] if isinstance(g, Glyph)]
        if start < end or not members:  # nested in the span before, or nothing drawn
            continue
        merged += drawn[end:start]
        widest = max(members, key=lambda g: g.x1 - g.x0)
        merged.append(Glyph(text, min(g.x0 for g in members), max(g.x1 for g in members),
                            widest.y, widest.size, cluster=True))
        end = stop
    merged += drawn[end:]
    baselines = [(g.y, g.size) for g in merged if isinstance(g, Glyph) and g.cluster]
    out: list[Glyph] = []
    for entry in merged:
        if isinstance(entry, Glyph):
            out.append(entry)
        else:
            _, span, y, transform = entry
            if any(abs(y - by) <= 0.5 * max(size, transform[4]) for by, size in baselines):
                out += _read_span(span, *transform)
    return out
