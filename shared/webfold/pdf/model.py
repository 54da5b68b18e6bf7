"""The text units shared by the native reader and the OCR route, in PDF points.

Native extraction (PyMuPDF's page dictionary) and OCR (Tesseract word boxes mapped
back to page coordinates) both produce `Line`s, so reading order, paragraphs and
headings are worked out by one code path whatever the route.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

BBox = tuple[float, float, float, float]  # x0, y0, x1, y1 in points, origin top-left
VerticalRule = tuple[float, float, float]  # a drawn vertical rule: x, y0, y1
HEADING_SIZE_RATIO = 1.12  # a size this much above the body size is a heading size
SPACE_WIDTH = 0.25  # font sizes a space between two words takes


def is_heading_size(size: float, body: float) -> bool:
    """True when type of `size` stands out from `body` text as a heading's does: by
    `HEADING_SIZE_RATIO` and by a point at least."""
    return size >= body * HEADING_SIZE_RATIO and size >= body + 1


def centre_in(box: BBox, area: BBox, pad: float = 0.0) -> bool:
    """True when the centre of `box` lies inside `area` grown by `pad` points on each side."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return area[0] - pad <= cx <= area[2] + pad and area[1] - pad <= cy <= area[3] + pad


def first_word_width(box: BBox, text: str) -> float:
    """The width of the first word of `text`, a line drawn over `box`, read from its share
    of the line's characters (no glyph widths needed); 0 for a line without words."""
    text = text.strip()
    return (box[2] - box[0]) * len(text.split()[0]) / len(text) if text else 0.0


def is_code(line: Line) -> bool:
    """True for a line of a code listing: monospace throughout, but for a line number set
    in another type before it (LaTeX's documented sources, listings)."""
    spans = [s for s in line.spans if s.text.strip()]
    return any(s.mono for s in spans) and all(s.mono or s.text.strip().isdigit() for s in spans)


@dataclass(slots=True)
class Span:
    text: str
    bbox: BBox
    size: float  # font size in points (OCR: estimated from the word height)
    bold: bool = False
    italic: bool = False
    mono: bool = False
    font: str = ""
    # MuPDF's serif flag: one name can stand for two fonts of a page, an embedded subset
    # and a system font, that only this tells apart (`route.readable_parts`).
    serif: bool = False
    link: str | None = None  # URI when the span sits under a link annotation
    note: str | None = None  # label of the footnote a raised note mark cites (`pdf.notes`)


@dataclass(slots=True)
class Line:
    spans: list[Span]
    bbox: BBox
    direction: tuple[float, float] = (1.0, 0.0)  # writing direction (cos, sin)
    source: str = "native"  # native | ocr
    confidence: float | None = None  # OCR mean word confidence, 0..100
    origin: tuple[float, float] | None = None  # baseline start of the first span (native)
    key: tuple[int, int] | None = None  # (block, line) in the native text page
    # A left-to-right line the bidi repair found set in a right-to-left paragraph (its
    # sentence punctuation drawn at its left): the paragraph starts at the right edge.
    rtl_paragraph: bool = False
    # An entry of a contents list or a form's "label: value" pair, its row's pieces joined
    # (`aligned`): a paragraph of its own, never a heading (a chapter's entry is set bold,
    # without leader dots).
    contents: bool = False
    # A form's label: a short line alone in a drawn box with room to fill in
    # (`drawings.mark_boxed_labels`), never a heading whatever its type.
    boxed: bool = False
    # A line of its page's footer row (`furniture.mark_footer_row`): no table's, read
    # after the page's body.
    footer: bool = False

    @property
    def baseline(self) -> float:
        """The y of the line's baseline: its origin's, else its box's bottom (OCR)."""
        return self.origin[1] if self.origin is not None else self.bbox[3]

    @property
    def text(self) -> str:
        # Asked hundreds of times a page: a list joins faster than a generator.
        spans = self.spans
        return spans[0].text if len(spans) == 1 else "".join([s.text for s in spans])


@dataclass(slots=True)
class PageLines:
    """All lines of one page plus what the layout step needs to know about the page."""

    number: int  # 1-based
    width: float
    height: float
    lines: list[Line] = field(default_factory=list)
    # The native text page the lines came from (word boxes for table cells); None for OCR.
    textpage: Any = None
    # The page's drawn vertical rules, listed when the reading order first asks (a white
    # stripe narrower than a gutter between two sides of a region: a form's boxes side by
    # side); none for OCR lines.
    vertical_rules: Callable[[], list[VerticalRule]] = list
    # Font name -> the advance (in font sizes) of the word spaces the page draws in that
    # font, listed when the reading order first asks; empty where the page draws none (TeX
    # sets its word spaces as white) and for OCR lines.
    space_advances: Callable[[], dict[str, float]] = dict


@dataclass(slots=True)
class PageBudget:
    """The seconds one page may take (`Settings.pdf_page_budget_s`). A step that can be
    left out asks `spent(step)` as it goes and stops when told, the page keeping what it
    had: checked only between steps, a page of 200,000 one-letter spans took 82 s. The
    clock runs only inside `running()`, as pages are read one after another and ordered
    once all are read. Without seconds given, it never runs out."""

    seconds: float = math.inf
    used: float = 0.0
    since: float | None = None  # when the clock was last started, while it runs
    left_out: list[str] = field(default_factory=list)  # steps cut short, in order

    @contextlib.contextmanager
    def running(self) -> Iterator[None]:
        self.since = time.perf_counter()
        try:
            yield
        finally:
            self.used += time.perf_counter() - self.since
            self.since = None

    def left_s(self) -> float:
        """Seconds left of the budget (negative once over it)."""
        running = time.perf_counter() - self.since if self.since is not None else 0.0
        return self.seconds - self.used - running

    def spent(self, step: str) -> bool:
        """True once the budget is spent, `step` then noted as left out (or cut short)."""
        if self.left_s() > 0:
            return False
        if step not in self.left_out:
            self.left_out.append(step)
        return True
