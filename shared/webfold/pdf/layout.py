"""Reading order for one page: column by column, full-width blocks in place.

Lines are first moved into the page's reading frame (the dominant writing direction
turned horizontal, so a page rotated 15 degrees reads like an upright one), fragments
on one baseline are joined, and the page is cut recursively: at vertical gutters into
columns (left to right, right to left on right-to-left pages), otherwise at the widest
horizontal gaps into bands. Tables and images ride along as placed items.
"""

from __future__ import annotations

import math
import re
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from webfold.pdf.model import BBox, Line, PageBudget, PageLines, Span, VerticalRule, is_code

MAX_DEPTH = 60  # recursion guard for the cuts; deeper regions are read row by row
JOIN_GAP = 0.6  # fragments closer than this many font sizes are one line (gutters are wider)
# Font sizes by which a piece's first glyph may start off where the glyph before it ends and
# the two still touch: positions rounded to a twentieth of a point fall within it down to
# 4 pt type; an index entry run up to the next column's, 0.16 pt off at 9 pt, does not.
TOUCH_SLACK = 0.015
# Share of the word space a page draws in a font (`PageLines.space_advances`) under which
# white between two pieces set in it is no word space: a producer that draws its spaces
# drew one wherever a word ends, and white it left without one is placement: a form's
# pieces of a word stood 0.25-0.34 of a space apart, a gap set on purpose (a thin space
# of 0.12 sizes beside Helvetica's 0.28) stands further. Gaps this narrow are looked up
# only under `NEAR_GAP` sizes.
NEAR_SPACE_SHARE = 0.4
NEAR_GAP = 0.15
LEADER_GAP = 12.0  # a fragment ending in leader dots reaches its page number this far away
# A run-in heading ("Keywords", "General Terms" set bold or italic) sits a quad or so
# before the plain text it introduces on the same line; a column gutter beside a short
# emphasised line is wider than this.
RUN_IN_GAP = 1.5
RUN_IN_MAX_WORDS = 6
# A gap between label/value columns more than this many times as wide as the gap on the
# other side of a narrow column is a gutter between two grids, not one of a grid's.
GRID_GAP_RATIO = 2.0
# Font sizes of white between two line cores, one under the other, up to which they are
# lines of one paragraph (set solid to 1.2 leading: 0.1 to 0.3); a heading over columns
# stands further off, as do the rows of a form's grid.
PARAGRAPH_GAP = 0.5
RULE_SLACK = 2.0  # points a drawn rule may fall short of the white it parts (`_ruled`)
RULE_SHARE = 0.5  # share of a region's height a rule between two halves runs down (`_rule_bands`)
# Rows of lines each half beside such a rule holds, and the share of the page's text
# width it spans (a row of boxes has one row; a grid's label and value columns are narrow).
RULE_HALF_ROWS = 3
RULE_HALF_WIDTH = 0.25
RULE_BESIDE_SHARE = 0.75  # share of the region's lines beside it (the rest: title and footer rows)
# A heading over columns stands further off the first lines under it than this many
# times the white between its own column's lines (double-spaced text's lines are far apart).
HEAD_LEADING = 1.5
# Font sizes the middles of two lines of one centred cell may lie apart, and each of
# their edges must lie further apart than (lines sharing an edge are set flush).
CENTRE_SLACK = 0.15
CELL_WHITE = 1.5  # font sizes of white beside each line of such a cell on its row, or a rule
BASELINE_SLACK = 0.35  # font sizes two baselines may lie apart and still be one row's
# Steps a spent page budget leaves out (`PageBudget.spent`), as its warning names them.
CENTRED_CELLS_STEP = "centred cells"
LINE_NUMBERS_STEP = "line numbers"
MARK_SIZE = 0.8  # a raised mark (a note's number, a citation) is set at most this share of
# its line's size, and starts at most MARK_GAP of the line's sizes from where the line ends
# (a word space is 0.25-0.33 of a size)
MARK_GAP = 0.2
_RTL = re.compile(r"[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")
_ALPHA = re.compile(r"[^\W\d_]")
_WORD = re.compile(r"[^\W\d_]{2,}")  # a word: a mark has none ("a", "*", "†" are marks)
_RTL_DIGIT = re.compile(r"[\u0660-\u0669\u06f0-\u06f9]")
_LEADER_END = re.compile(r"(?:\.\s?){4,}$|\u2026{2,}$")
# What leader dots lead to: page numbers ("12", "3, 94", "1-6", "xii").
_PAGE_REFS = re.compile(r"^[\s\d,\u2013-]+$|^\s*(?=[ivxlcdm])m{0,3}(?:cm|cd|d?c{0,3})"
                        r"(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})\s*$", re.I)
# A section number set apart from its title ("5.1   Methods", "A.", "IV.").
_SECTION_NUMBER = re.compile(r"^\s*(?:\d{1,2}(?:\.\d{1,2}){0,4}\.?|[A-Z]\.|[IVX]{1,5}\.)\s*$")
# A form's box number before the box's label ("4a Guaranteed payments", "14 Credits").
_BOX_NUMBER = re.compile(r"^\s*(\d{1,3})[a-z]?\s+[^\W\d_]")
_MARKER = r"(?:[☐☑☒•●○◦▪▫■□‣⁃∙·\-–—*➢►▶✓✔]|\(?\d{1,3}[.)]|\(?[a-z][.)])"
LONE_MARKER = re.compile(rf"^\s*{_MARKER}\s*$")
_MARKED = re.compile(rf"^\s*{_MARKER}\s")  # a list item's line


@dataclass(slots=True)
class Item:
    """A line, table or image placed in the reading frame.

    `box` is the frame box (for lines the core of the glyphs: baseline minus 0.75 size
    to baseline plus 0.15 size, so lines set solid still have gaps between them).
    """

    box: BBox
    size: float
    line: Line | None = None
    payload: Any = None  # a table or image block, placed where its box is
    rtl: bool = False
    # Written across the page's direction: a stamp along a margin, a figure's axis label.
    turned: bool = False
    # A number in the margin numbering the lines of running text (`_number_lines`).
    line_number: bool = False
    # A number in the margin numbering the lines of a code listing (`_number_lines`).
    listing_number: bool = False
    # The next line of the centred cell this line starts or goes on (`_centred_cells`).
    under: Item | None = None

    @property
    def text(self) -> str:
        return self.line.text if self.line is not None else ""


@dataclass(slots=True)
class Gutter:
    """A white stripe the reading order cuts a region of the page at: from `x0` to `x1`
    between two columns that fill the region from `top` to `bottom`, `sides` the boxes of
    the two columns' lines (left, right)."""

    x0: float
    x1: float
    top: float
    bottom: float
    sides: tuple[list[BBox], list[BBox]]


def order_page(page: PageLines, placed: list[tuple[BBox, Any]] = (),
               budget: PageBudget | None = None) -> list[Item]:
    """The page's lines plus `placed` (page box, payload) pairs in reading order, its
    footer row's lines (`Line.footer`) last; once the page's `budget` is spent, the rest
    of its fragments stay apart and its centred cells unlinked."""
    cos, sin = dominant_direction(page.lines)
    rules = page.vertical_rules if (cos, sin) == (1.0, 0.0) else list
    budget = budget or PageBudget()
    spaces = page.space_advances if (cos, sin) == (1.0, 0.0) else dict
    items = _join_fragments([_line_item(line, cos, sin) for line in page.lines
                             if not line.footer], rules, budget, spaces)
    footer = _join_fragments([_line_item(line, cos, sin) for line in page.lines
                              if line.footer], rules, budget, spaces)
    _centred_cells(items, rules, budget)
    items += [Item(box=_turn_box(box, cos, sin), size=0.0, payload=p) for box, p in placed]
    if not items:
        return _by_rows(footer)
    sizes = [it.size for it in items if it.line is not None]
    rtl = sum(it.rtl for it in items) * 2 > len(sizes) if sizes else False
    return _cut(items, _Measures(_gutter_width(sizes), _text_width(items), rules), rtl, 0) \
        + _by_rows(footer)


def column_gutters(lines: list[Line]) -> list[Gutter]:
    """The gutters between columns that `order_page` reads `lines` (a page's, upright)
    column by column at, in page space; [] for a page written in another direction.
    Only white a gutter wide counts: the lines do not show the rules `order_page` also
    cuts narrower white at (`_ruled`)."""
    if dominant_direction(lines) != (1.0, 0.0):
        return []
    budget = PageBudget()
    items = _join_fragments([_line_item(line, 1.0, 0.0) for line in lines], list, budget)
    if not items:
        return []
    _centred_cells(items, list, budget)
    found: list[Gutter] = []
    measures = _Measures(_gutter_width([it.size for it in items]), _text_width(items), list)
    _cut(items, measures, False, 0, found)
    return found


@dataclass(frozen=True, slots=True)
class _Measures:
    """What every cut of a page judges its region by: the narrowest white between two
    columns, the width of the page's text (a grid's cells are narrow on the page,
    however much of a region cut down to the grid they fill), and the page's drawn
    vertical rules (asked for only where white narrower than a gutter parts a region)."""

    gutter: float
    width: float
    rules: Callable[[], list[VerticalRule]]


def _text_width(items: list[Item]) -> float:
    return max(it.box[2] for it in items) - min(it.box[0] for it in items)


def _gutter_width(sizes: list[float]) -> float:
    """The narrowest white between two columns, from the lines' font `sizes`."""
    return max(4.0, 0.8 * statistics.median(sizes)) if sizes else 8.0


def dominant_direction(lines: list[Line]) -> tuple[float, float]:
    """The writing direction (cos, sin) carrying most characters; (1, 0) when near it."""
    weights: dict[tuple[int, int], float] = {}
    for line in lines:
        key = (round(line.direction[0] * 100), round(line.direction[1] * 100))
        weights[key] = weights.get(key, 0.0) + len(line.text)
    if not weights:
        return 1.0, 0.0
    cx, sy = max(weights, key=weights.__getitem__)
    norm = math.hypot(cx, sy) or 1.0
    cos, sin = cx / norm, sy / norm
    if abs(sin) < 0.02 and cos > 0:
        return 1.0, 0.0
    return cos, sin


def is_turned(line: Line, cos: float, sin: float) -> bool:
    """True when `line` is written in another direction than (`cos`, `sin`), the page's
    (`dominant_direction`)."""
    return abs(line.direction[0] - cos) >= 0.02 or abs(line.direction[1] - sin) >= 0.02


def is_rtl(text: str) -> bool:
    """True when most letters of `text` are Hebrew or Arabic; for text without letters,
    when it has Arabic-Indic or Persian digits (numbers only right-to-left text writes:
    a table cell "٤١٢")."""
    if _RTL.search(text) is None:  # most lines: no list of letters built (the digits are RTL too)
        return False
    letters = _ALPHA.findall(text)
    if not letters:
        return bool(_RTL_DIGIT.search(text))
    return len(_RTL.findall(text)) * 2 > len(letters)


def _turn(x: float, y: float, cos: float, sin: float) -> tuple[float, float]:
    return x * cos + y * sin, -x * sin + y * cos


def _turn_box(box: BBox, cos: float, sin: float) -> BBox:
    if sin == 0.0 and cos == 1.0:
        return box
    pts = [_turn(x, y, cos, sin) for x in (box[0], box[2]) for y in (box[1], box[3])]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def _line_size(line: Line) -> float:
    best, size = -1, 0.0
    for span in line.spans:
        n = len(span.text.strip())
        if n > best:
            best, size = n, span.size
    return size or max(1.0, line.bbox[3] - line.bbox[1])


def _line_item(line: Line, cos: float, sin: float) -> Item:
    size = _line_size(line)
    x0, y0, x1, y1 = line.bbox
    dc, ds = line.direction
    turned = is_turned(line, cos, sin)
    if line.origin is None:  # OCR: a word box, no baseline
        h = y1 - y0
        box = _turn_box((x0, y0 + 0.15 * h, x1, y1 - 0.1 * h), cos, sin)
    elif turned:
        box = _turn_box(line.bbox, cos, sin)
    elif sin == 0.0:
        box = (x0, line.origin[1] - 0.75 * size, x1, line.origin[1] + 0.15 * size)
    else:
        ox, oy = _turn(line.origin[0], line.origin[1], cos, sin)
        h = 1.2 * size
        ac, as_ = abs(dc), abs(ds)
        w = (x1 - x0 - h * as_) / ac if ac >= as_ else (y1 - y0 - h * ac) / as_
        box = (ox, oy - 0.75 * size, ox + max(w, size), oy + 0.15 * size)
    return Item(box=box, size=size, line=line, rtl=is_rtl(line.text), turned=turned)


def _join_fragments(items: list[Item], rules: Callable[[], list[VerticalRule]],
                    budget: PageBudget,
                    spaces: Callable[[], dict[str, float]] = dict) -> list[Item]:
    """Join pieces of one visual line (same baseline, small gap) into one line; pieces
    with a drawn vertical rule (`rules`, the page's) between them stay apart: they stand
    in two boxes of a form. A listing's line number with no code to join, a blank line's,
    goes: alone it would be a paragraph that cuts the listing in two. Pieces reached
    once the `budget` is spent stay as they are; `spaces` gives the word spaces the page
    draws (`PageLines.space_advances`), for telling pieces of a word from two words."""
    items = sorted(items, key=lambda it: (it.box[3], it.box[0]))
    _number_lines(items, budget)
    out: list[Item] = []
    for it in items:
        k = None if budget.spent("joining fragments") else _partner(out, it, items, rules)
        if k is None:
            out.append(it)
        else:
            out[k] = _merge(out[k], it, spaces)
    return [it for it in out if not it.listing_number]


def _partner(done: list[Item], it: Item, items: list[Item],
             rules: Callable[[], list[VerticalRule]]) -> int | None:
    """Index in `done` (among the last few) of the fragment `it` continues, if any
    (`items`: all the page's, for a run-in heading's check; `rules`: the page's vertical
    rules, asked for only when white parts the two). A line written across the
    page's direction (a stamp up a margin) continues none and none continues it: its box
    in the reading frame is no baseline, however level its foot stands with a line's."""
    if it.turned:
        return None
    for k in range(len(done) - 1, max(len(done) - 7, -1), -1):
        prev = done[k]
        if prev.turned:
            continue
        left, right = (prev, it) if prev.box[0] <= it.box[0] else (it, prev)
        if left.listing_number and is_code(right.line) and right.box[0] > left.box[2] and \
                abs(left.box[3] - right.box[3]) <= BASELINE_SLACK * left.size:
            return k
        level = _level(prev, it)
        raised = not level and (_raised_mark(prev, it, items) or _raised_mark(it, prev, items))
        if not level and not raised and not _marker_level(left, right):
            continue  # on another line either way (the texts' patterns need not be read)
        lone = not left.line_number and (LONE_MARKER.match(left.text)
                                         or _SECTION_NUMBER.match(left.text))
        if not (_marker_level(left, right) if lone and LONE_MARKER.match(left.text)
                else level or raised):
            continue
        gap = right.box[0] - left.box[2]
        leads = _LEADER_END.search(left.text) and _PAGE_REFS.match(right.text)
        limit = (5.0 if lone else LEADER_GAP if leads else
                 RUN_IN_GAP if _runs_in(left.line, right.line) and not _fills_column(left, items)
                 else JOIN_GAP) * it.size
        if -0.5 * it.size <= gap <= limit and not (gap > 0 and any(
                left.box[2] - RULE_SLACK <= x <= right.box[0] + RULE_SLACK
                and y0 <= it.box[1] and y1 >= it.box[3] for x, y0, y1 in rules())):
            return k
    return None


def _level(a: Item, b: Item) -> bool:
    """True when `a` and `b` share a baseline (`_same_baseline`) at about one size."""
    return _same_baseline(a, b) and abs(a.size - b.size) <= 0.3 * b.size


def _same_baseline(a: Item, b: Item) -> bool:
    """True when the baselines of `a` and `b` lie within BASELINE_SLACK of the larger's
    font size."""
    return abs(a.box[3] - b.box[3]) <= BASELINE_SLACK * max(a.size, b.size)


def _raised_mark(mark: Item, line: Item, items: list[Item]) -> bool:
    """True when `mark` is a raised mark of `line`: in type `MARK_SIZE` of the line's or
    smaller, its baseline off the line's by more than `BASELINE_SLACK` of its own size,
    upwards, its middle within the line's height, with no word in it (a citation's
    "[4] [5]", a note's number, letter or dagger), touching the line's end or start
    (`_touches`) and no number of a margin column (`_in_number_column`, of the page's
    `items`). A browser sets a citation so, and MuPDF may read it as a block of its own:
    `_level` does not join it, and left apart it cut the sentence in three paragraphs
    ("above sea level" / "[4] [5]" / "."). A draft's line numbers are set small beside
    the lines, level with their upper half, a gap away from them."""
    return mark.size <= MARK_SIZE * line.size and _marker_level(mark, line) and \
        _baseline(line) - _baseline(mark) > BASELINE_SLACK * mark.size and \
        not _WORD.search(mark.text) and _touches(mark, line) and \
        not _in_number_column(mark, items)


def _touches(mark: Item, line: Item) -> bool:
    """True when `mark` starts within `MARK_GAP` of `line`'s sizes of where the line ends,
    or ends so near where it starts (a note's number before the note)."""
    gap = mark.box[0] - line.box[2] if mark.box[0] >= line.box[0] else line.box[0] - mark.box[2]
    return abs(gap) <= MARK_GAP * line.size


def _in_number_column(mark: Item, items: list[Item]) -> bool:
    """True when `mark` is a whole number with another whole number straight above or
    below it on the page (their middles within its size): a margin column numbering the
    lines or rows, which `_number_lines` may not have marked (its lines start in upper
    case)."""
    if not mark.text.strip().isdecimal():
        return False
    middle = (mark.box[0] + mark.box[2]) / 2
    return any(it is not mark and it.line is not None and it.text.strip().isdecimal()
               and abs((it.box[0] + it.box[2]) / 2 - middle) <= mark.size for it in items)


def _baseline(it: Item) -> float:
    """The baseline of a line's item in the reading frame (`_line_item` sets its box's
    bottom 0.15 of its size under it)."""
    return it.box[3] - 0.15 * it.size


def _marker_level(marker: Item, line: Item) -> bool:
    """True when a list `marker` stands level with `line`: its middle within the line's
    height, whatever its size (a word processor's bullet is set in a symbol font at less
    than half the text's size, raised off the baseline to the middle of the letters)."""
    middle = (marker.box[1] + marker.box[3]) / 2
    return line.box[1] <= middle <= line.box[3]


def _number_lines(items: list[Item], budget: PageBudget) -> None:
    """Mark the line numbers among `items` (lines sorted by their bottoms): three whole
    numbers or more rising down one margin column (their middles within a font size),
    half of them or more level with a line on their right that goes on with the sentence
    above it (starts in lower case), not a line of code. A list's numbers start its
    items; line numbers (a draft's, a pleading's) stand beside every line, and, joined to
    their lines as a list's are, landed in the middle of sentences ("torquent 2
    efficitur"). Two numbers or more rising down a column, each level with a line of
    code on its right or with nothing (a blank line), two of them with code, number a
    listing's lines (LaTeX's documented sources: MuPDF cuts a number from a line
    indented deep, or from a three-digit number's line): each starts its line, however
    wide the white between them. Columns reached once the `budget` is spent stay
    unmarked."""
    numbers = [it for it in items if it.line is not None and it.text.strip().isdecimal()]
    columns: list[list[Item]] = []
    for it in numbers:
        if budget.spent(LINE_NUMBERS_STEP):
            return
        middle = (it.box[0] + it.box[2]) / 2
        column = next((c for c in columns
                       if abs((c[0].box[0] + c[0].box[2]) / 2 - middle) <= it.size), None)
        if column is None:
            columns.append([it])
        else:
            column.append(it)
    for column in columns:
        values = [int(it.text) for it in column]
        if len(column) < 2 or any(a >= b for a, b in zip(values, values[1:], strict=False)):
            continue
        beside = []
        for it in column:
            if budget.spent(LINE_NUMBERS_STEP):
                return
            beside.append(_beside(it, items))
        lines = [line for line in beside if line is not None]  # none beside a blank line
        if len(lines) >= 2 and all(is_code(line.line) for line in lines):
            for it in column:
                it.listing_number = True
        elif len(column) >= 3 and sum(_goes_on(line) for line in beside) * 2 >= len(column):
            for it in column:
                it.line_number = True


def _beside(number: Item, items: list[Item]) -> Item | None:
    """The first line level with `number` on its right, if any."""
    right = [it for it in items if it.line is not None and it.box[0] > number.box[2]
             and abs(it.box[3] - number.box[3]) <= BASELINE_SLACK * number.size]
    return min(right, key=lambda it: it.box[0], default=None)


def _goes_on(line: Item | None) -> bool:
    """True when `line` (beside a number) starts in lower case and is no code."""
    return line is not None and line.text.lstrip()[:1].islower() and not is_code(line.line)


def _centred_cells(items: list[Item], rules: Callable[[], list[VerticalRule]],
                   budget: PageBudget) -> None:
    """Link each line of `items` to the line right under it (`Item.under`) when the two
    are lines of one centred cell: the next line overlapping it below stands at most
    `PARAGRAPH_GAP` off, in the same type size, their middles within `CENTRE_SLACK` of
    a size and neither of their edges, the first sharing no edge with the line over it
    nor the second with the line under it (lines sharing an edge are set flush: an
    index's entries), both worded (`_worded`), no code, each parted from the lines
    level with it by `CELL_WHITE` or by a drawn rule (`rules`, the page's), and another
    such pair beside them: a row of boxes' headings wrapped over lines, "Date of" over
    "Registration", not two words of justified lines whose gaps MuPDF left unjoined,
    two codes of a table's column ("68,918 DG-3664"), or an index entry over the next
    one. Read row by row across the row, the cells' first lines came first, then all
    their second lines. Linking stops once the `budget` is spent."""
    lines = [it for it in items if it.line is not None and not it.turned
             and not it.line_number and not is_code(it.line)]
    white = _white_beside(lines, budget)
    if white is None:
        return
    lines.sort(key=lambda it: it.box[1])
    under: dict[int, Item] = {}  # the next line under each line at a paragraph's leading
    for k, a in enumerate(lines):
        if budget.spent(CENTRED_CELLS_STEP):
            return
        reach = a.box[3] + PARAGRAPH_GAP * a.size
        for j in range(k + 1, len(lines)):  # by index: a slice would copy the rest each time
            b = lines[j]
            if b.box[1] > reach:
                break
            if b.box[1] >= a.box[3] - CENTRE_SLACK * a.size and b.box[0] < a.box[2] \
                    and a.box[0] < b.box[2]:  # under `a`, not level with it
                under[id(a)] = b
                break
    over = {id(b): a for a in lines if (b := under.get(id(a))) is not None}
    pairs: list[tuple[Item, Item]] = []
    for a in lines:
        b = under.get(id(a))
        if b is None:
            continue
        if budget.spent(CENTRED_CELLS_STEP):
            return
        slack = CENTRE_SLACK * a.size
        left, right = b.box[0] - a.box[0], b.box[2] - a.box[2]
        flush = [n for n, x in ((over.get(id(a)), a), (under.get(id(b)), b)) if n is not None
                 and (abs(n.box[0] - x.box[0]) <= slack or abs(n.box[2] - x.box[2]) <= slack)]
        if (abs(a.size - b.size) <= 0.1 * a.size and abs(left + right) <= 2 * slack
                and min(abs(left), abs(right)) > slack and not flush
                and _worded(a.text) and _worded(b.text)
                and all(x1 - x0 >= CELL_WHITE * it.size or any(
                    x0 - RULE_SLACK <= x <= x1 + RULE_SLACK and y0 <= it.box[1]
                    and y1 >= it.box[3] for x, y0, y1 in rules())
                    for it in (a, b) for x0, x1 in white[id(it)])):
            pairs.append((a, b))
    for a, b in pairs:  # a row of such cells: some other one beside this one
        if budget.spent(CENTRED_CELLS_STEP):
            return
        if any(c is not a and (c.box[2] < a.box[0] or a.box[2] < c.box[0])
               and c.box[1] < b.box[3] and a.box[1] < d.box[3] for c, d in pairs):
            a.under = b


def _worded(text: str) -> bool:
    """True when `text` has letters, at least as many as figures (not a code or amount)."""
    letters = len(_ALPHA.findall(text))
    return letters > 0 and letters >= sum(ch.isdigit() for ch in text)


def _white_beside(lines: list[Item], budget: PageBudget
                  ) -> dict[int, list[tuple[float, float]]] | None:
    """For each of `lines`, the white (x0, x1) between it and the nearest line level with
    it on either side (`_same_baseline`), where there is one; None once the `budget` is
    spent."""
    ordered = sorted(lines, key=lambda it: it.box[3])
    white: dict[int, list[tuple[float, float]]] = {}
    for k, a in enumerate(ordered):
        if budget.spent(CENTRED_CELLS_STEP):
            return None
        left, right = -math.inf, math.inf
        for step in (-1, 1):
            j = k + step
            while 0 <= j < len(ordered) and \
                    _same_baseline(ordered[j], a):
                other = ordered[j]
                if other.box[2] <= a.box[0] + a.size:
                    left = max(left, other.box[2])
                else:
                    right = min(right, other.box[0])
                j += step
        white[id(a)] = [(x0, x1) for x0, x1 in ((left, a.box[0]), (a.box[2], right))
                        if math.isfinite(x1 - x0)]
    return white


def _runs_in(label: Line, text: Line) -> bool:
    """True when `label` is a run-in heading of `text` on its right: a few words set bold
    (or italic) before text that is not."""
    heads = [s for s in label.spans if s.text.strip()]
    body = [s for s in text.spans if s.text.strip()]
    if not heads or not body or len(label.text.split()) > RUN_IN_MAX_WORDS:
        return False
    if all(s.bold for s in heads):
        return not body[0].bold
    return all(s.italic for s in heads) and not body[0].italic


def _fills_column(label: Item, items: list[Item]) -> bool:
    """True when a line of text right above or below `label`, not emphasised throughout,
    starts and ends where it does: `label` is a whole line of a column (justified text),
    not a run-in heading, and what stands on its right across a narrow gutter is the
    next column's. A form's one-letter labels stacked bold ("a", "b") are no column."""
    reach = 2.0 * label.size
    return any(other is not label and other.line is not None
               and 0.0 < abs(other.box[3] - label.box[3]) <= reach
               and abs(other.box[0] - label.box[0]) <= 1.0
               and abs(other.box[2] - label.box[2]) <= 1.0
               and not _emphasised(other.line) for other in items)


def _emphasised(line: Line) -> bool:
    """True when every span of `line` with text is bold, or every one italic."""
    spans = [s for s in line.spans if s.text.strip()]
    return bool(spans) and (all(s.bold for s in spans) or all(s.italic for s in spans))


def _touching(left: Item, right: Item, spaces: Callable[[], dict[str, float]]) -> bool:
    """True when native left-to-right piece `right` starts where `left`'s last glyph
    ends, on its baseline and in its size, both within `TOUCH_SLACK` of the size: pieces
    of one word (a form drawing a word's last letter apart, "physicia" + "n"; the glyphs
    of a vertical Japanese line). MuPDF's boxes run from a glyph's origin to the end of
    its advance, so the gap between them is the white the page drew: a space's advance
    or more between two words (TeX's glue shrinks it by a third at most), less than
    nothing where pieces stand one over the other (a subscript under a superscript, a
    fraction's numbers). Right-to-left pieces join right piece first, so where two touch
    on the page is not where their texts meet. A list's marker ("•") stays apart from its
    item however near it is set: read as one word the item is no longer a list's. On a
    page that draws its word spaces (`spaces`), white under `NEAR_SPACE_SHARE` of the
    left piece's font's space is no word gap either."""
    slack = TOUCH_SLACK * left.size
    if not (left.line.source == right.line.source == "native" and not (left.rtl or right.rtl)
            and not LONE_MARKER.match(left.text) and left.size == right.size
            and abs(left.box[3] - right.box[3]) <= slack):
        return False
    gap = right.box[0] - left.box[2]
    if abs(gap) <= slack:
        return True
    if not 0 < gap < NEAR_GAP * left.size:
        return False
    space = spaces().get(left.line.spans[-1].font)
    return space is not None and gap < NEAR_SPACE_SHARE * space * left.size


def _merge(a: Item, b: Item, spaces: Callable[[], dict[str, float]]) -> Item:
    left, right = (a, b) if a.box[0] <= b.box[0] else (b, a)
    first, second = (right, left) if (a.rtl or b.rtl) else (left, right)
    spans = list(first.line.spans)
    joint = first.line.text[-1:] + second.line.text[:1]
    if joint and not joint[0].isspace() and not joint[-1].isspace() and \
            not _touching(left, right, spaces):
        s0 = spans[-1]
        spans.append(Span(text=" ", bbox=s0.bbox, size=s0.size, bold=s0.bold, italic=s0.italic,
                          mono=s0.mono, font=s0.font))
    spans += second.line.spans
    la, lb = first.line, second.line
    bbox = (min(la.bbox[0], lb.bbox[0]), min(la.bbox[1], lb.bbox[1]),
            max(la.bbox[2], lb.bbox[2]), max(la.bbox[3], lb.bbox[3]))
    line = Line(spans=spans, bbox=bbox, direction=la.direction, source=la.source,
                confidence=la.confidence, origin=left.line.origin,
                rtl_paragraph=la.rtl_paragraph or lb.rtl_paragraph, boxed=la.boxed and lb.boxed)
    box = (left.box[0], min(a.box[1], b.box[1]), max(a.box[2], b.box[2]), max(a.box[3], b.box[3]))
    return Item(box=box, size=max(a.size, b.size), line=line, rtl=a.rtl or b.rtl)


def _cut(items: list[Item], measures: _Measures, rtl: bool, depth: int,
         gutters: list[Gutter] | None = None) -> list[Item]:
    """`items` in reading order; each vertical cut made is added to `gutters` (when given)."""
    if len(items) <= 1 or depth > MAX_DEPTH:
        return _by_rows(items)
    bands = _spanner_bands(items, measures)
    if bands:
        return [it for band in bands for it in _cut(band, measures, rtl, depth + 1, gutters)]
    columns = _vertical_split(items, measures)
    if columns and (bands := _head_over_columns(columns, rtl)):
        return [it for band in bands for it in _cut(band, measures, rtl, depth + 1, gutters)]
    if columns:
        if gutters is not None:
            top, bottom = min(it.box[1] for it in items), max(it.box[3] for it in items)
            gutters += [Gutter(max(it.box[2] for it in a), min(it.box[0] for it in b), top, bottom,
                               ([it.box for it in a], [it.box for it in b]))
                        for a, b in zip(columns, columns[1:], strict=False)]
        foot = _foot_notes(columns)
        if rtl:
            columns.reverse()
        return [it for col in columns for it in _cut(col, measures, rtl, depth + 1, gutters)] + \
            _by_rows(foot)
    bands = _rule_bands(items, measures, rtl) or _horizontal_split(items)
    if bands:
        return [it for band in bands for it in _cut(band, measures, rtl, depth + 1, gutters)]
    return _by_rows(items)


def _head_over_columns(columns: list[list[Item]], rtl: bool) -> list[list[Item]] | None:
    """A heading band and the columns under it, when lines of a column read after the
    first stand above the top of every other column, set off from the rest by a gap
    wider than a line's leading, most of them off their column's left edge (a centred
    title over a form's label column and its grid): read column by column, the title
    came after the column to its left. Lines on their column's edge above a shorter
    column start that column's text and stay in it."""
    order = columns[::-1] if rtl else columns
    for k, col in enumerate(order[1:], start=1):
        others = min(it.box[1] for j, c in enumerate(order) if j != k for it in c)
        head = [it for it in col if it.box[3] <= others]
        body = [it for it in col if it.box[3] > others]
        if not head or not body:
            continue
        rest = [it for c in order for it in c if it.box[3] > others]
        size = max(it.size for it in head) or 10.0
        gap = min(it.box[1] for it in rest) - max(it.box[3] for it in head)
        edge = min(it.box[0] for it in body)
        on_edge = sum(1 for it in head if abs(it.box[0] - edge) <= size)
        if gap > max(PARAGRAPH_GAP * size, HEAD_LEADING * _leading(body)) and \
                on_edge * 2 < len(head):
            return [head, rest]
    return None


def _leading(items: list[Item]) -> float:
    """The median white between a line of `items` and the one right under it (0 for
    fewer than two)."""
    lines = sorted((it for it in items if it.line is not None), key=lambda it: it.box[1])
    gaps = [b.box[1] - a.box[3] for a, b in zip(lines, lines[1:], strict=False)
            if b.box[1] > a.box[3] and b.box[0] < a.box[2] and a.box[0] < b.box[2]]
    return statistics.median(gaps) if gaps else 0.0


def _spanner_bands(items: list[Item], measures: _Measures) -> list[list[Item]] | None:
    """Bands between the items that cross the text's column gutters (full-width lines,
    figures), when the lines alone show columns; each spanner is a band of its own."""
    lines = [it for it in items if it.line is not None]
    if len(lines) < 4 or len(lines) == len(items):
        return None
    cols = _vertical_split(lines, measures)
    if not cols:
        return None
    edges = [(max(it.box[2] for it in a), min(it.box[0] for it in b))
             for a, b in zip(cols, cols[1:], strict=False)]
    spanners = [it for it in items if it.line is None
                and any(it.box[0] < right and it.box[2] > left for left, right in edges)]
    if not spanners:
        return None
    spanners.sort(key=lambda it: it.box[1])
    spanning = {id(sp) for sp in spanners}
    rest = [it for it in items if id(it) not in spanning]
    bands: list[list[Item]] = []
    for sp in spanners:
        above = [it for it in rest if (it.box[1] + it.box[3]) / 2 < sp.box[1]]
        rest = [it for it in rest if (it.box[1] + it.box[3]) / 2 >= sp.box[1]]
        if above:
            bands.append(above)
        bands.append([sp])
    if rest:
        bands.append(rest)
    return bands if len(bands) > 1 else None


def _foot_notes(columns: list[list[Item]]) -> list[Item]:
    """Lines taken out of the bottom of `columns` that are the page's notes, not a
    column's end: a run of lines in a smaller type than the columns' text, set off by a
    gap, below the bottom of every other column (footnotes fill the page width under
    all columns but are often short enough to fit one). They are read after every column."""
    sizes = [it.size for col in columns for it in col if it.line is not None]
    if not sizes:
        return []
    body = statistics.median(sizes)
    foot: list[Item] = []
    for k, col in enumerate(columns):
        others = [it.box[3] for j, c in enumerate(columns) if j != k for it in c]
        floor = max(others) if others else math.inf
        col.sort(key=lambda it: it.box[1])
        n = len(col)
        while n > 1 and col[n - 1].line is not None and col[n - 1].box[1] > floor and \
                col[n - 1].size < 0.9 * body:
            n -= 1
        if n == len(col) or n == 0:
            continue
        gap = col[n].box[1] - max(it.box[3] for it in col[:n])
        if gap >= 1.5 * body:
            foot += col[n:]
            del col[n:]
    return foot


def _by_rows(items: list[Item]) -> list[Item]:
    """`items` row by row, top to bottom, each row left to right. A row is a run of items
    whose bottoms lie within half a font size of its first one's, whatever their sizes
    (a code line's small line number beside it is on its row); the rows a centred cell's
    lines stand on (`_centred_cells`) are one row, in which each cell is read whole."""
    rows: list[list[Item]] = []
    for it in sorted(items, key=lambda it: it.box[3]):
        if rows and it.box[3] - rows[-1][0].box[3] <= 0.5 * max(
                it.size or 10.0, rows[-1][0].size or 10.0):
            rows[-1].append(it)
        else:
            rows.append([it])
    cells = _centred_cells_in(items)
    if not cells:
        return [it for row in rows for it in sorted(row, key=lambda it: it.box[0])]
    row_of = {id(it): k for k, row in enumerate(rows) for it in row}
    last = list(range(len(rows)))  # last[k]: the last row the row k is one with
    for cell in cells:
        first = row_of[id(cell[0])]
        last[first] = max(last[first], *(row_of[id(it)] for it in cell))
    out: list[Item] = []
    k = 0
    while k < len(rows):
        end = last[k]
        j = k
        while j <= end:
            end = max(end, last[j])
            j += 1
        out += _read_cells_whole(rows[k:j], cells) if j > k + 1 else sorted(
            rows[k], key=lambda it: it.box[0])
        k = j
    return out


def _centred_cells_in(items: list[Item]) -> list[list[Item]]:
    """The centred cells of two lines or more among `items`, each top to bottom."""
    inside = {id(it) for it in items}
    below = {id(it.under) for it in items if it.under is not None and id(it.under) in inside}
    cells = []
    for it in items:
        if it.under is None or id(it.under) not in inside or id(it) in below:
            continue
        cell = [it]
        while cell[-1].under is not None and id(cell[-1].under) in inside:
            cell.append(cell[-1].under)
        cells.append(cell)
    return cells


def _read_cells_whole(rows: list[list[Item]], cells: list[list[Item]]) -> list[Item]:
    """`rows` that centred `cells` join, read column by column: each cell whole, and the
    other items a column holds (items overlapping across, or under `CELL_WHITE` apart:
    a list's sign beside its item) row by row."""
    row_of = {id(it): k for k, row in enumerate(rows) for it in row}
    starts = {id(cell[0]): cell for cell in cells if id(cell[0]) in row_of}
    held = {id(it) for cell in starts.values() for it in cell[1:]}
    units = sorted((starts.get(id(it), [it]) for row in rows for it in row if id(it) not in held),
                   key=lambda unit: min(it.box[0] for it in unit))
    columns: list[list[list[Item]]] = []
    right = -math.inf
    for unit in units:
        x0, x1 = min(it.box[0] for it in unit), max(it.box[2] for it in unit)
        if columns and x0 < right + CELL_WHITE * unit[0].size:
            columns[-1].append(unit)
            right = max(right, x1)
        else:
            columns.append([unit])
            right = x1
    out: list[Item] = []
    for column in columns:
        column.sort(key=lambda unit: (row_of[id(unit[0])], unit[0].box[0]))
        out += [it for unit in column for it in unit]
    return out


def _vertical_split(items: list[Item], measures: _Measures) -> list[list[Item]] | None:
    """`items` cut into columns at white stripes a gutter wide (`measures.gutter`); or of
    any width beside a line written across the page (a stamp up the margin, set close
    to the text: a column of its own, not a line amid a paragraph's), or with a drawn
    rule down it from the region's top to its bottom (a form's boxes side by side, their
    text a few points off the rule between them: each box is read whole)."""
    spans = sorted(items, key=lambda it: it.box[0])
    top, bottom = min(it.box[1] for it in items), max(it.box[3] for it in items)
    groups: list[list[Item]] = [[spans[0]]]
    right, turned = spans[0].box[2], spans[0].turned
    for it in spans[1:]:
        gap = it.box[0] - right
        if gap >= (0.0 if it.turned or turned else measures.gutter) or (
                gap > 0 and _ruled(right, it.box[0], top, bottom, measures)):
            groups.append([it])
            turned = it.turned
        else:
            groups[-1].append(it)
            turned = turned and it.turned
        right = max(right, it.box[2])
    if len(groups) < 2 or not _side_by_side(groups):
        return None
    groups = _grids_joined(groups, items, measures.width)
    return groups if len(groups) > 1 else None


def _ruled(x0: float, x1: float, top: float, bottom: float, measures: _Measures) -> bool:
    """True when a drawn vertical rule runs down the white from `x0` to `x1` from `top`
    to `bottom` (within `RULE_SLACK` points)."""
    return any(x0 - RULE_SLACK <= x <= x1 + RULE_SLACK and y0 <= top + RULE_SLACK
               and y1 >= bottom - RULE_SLACK for x, y0, y1 in measures.rules())


def _rule_bands(items: list[Item], measures: _Measures, rtl: bool) -> list[list[Item]] | None:
    """`items` cut over the top and under the bottom of a drawn vertical rule down
    `RULE_SHARE` of the region or more, with lines on both sides of it level with each
    other, `RULE_HALF_ROWS` rows of them or more and `RULE_HALF_WIDTH` of the page's text
    wide, and none across it, the rows over and under it reaching both sides of it and
    holding no more than the rest of `RULE_BESIDE_SHARE` of the lines, and at the rule:
    a form's two halves under its title and over its footer rows,
    in reading order (the rows over the rule, each half whole, the rows under it), not
    row by row across both (their boxes' rows line up by chance; a table's ruled grid is
    found as a table). None when there is no such rule."""
    spans = sorted(items, key=lambda it: it.box[1])
    if not any(_level(a, b) and (a.box[2] < b.box[0] or b.box[2] < a.box[0])
               for a, b in zip(spans, spans[1:], strict=False)):
        return None  # no lines side by side: the page's rules are not asked for
    top, bottom = min(it.box[1] for it in items), max(it.box[3] for it in items)
    for x, y0, y1 in sorted(measures.rules(), key=lambda r: r[1] - r[2]):  # longest first
        if y1 - y0 < RULE_SHARE * (bottom - top):
            break
        top_in, bottom_in = y0 - RULE_SLACK, y1 + RULE_SLACK
        above = [it for it in items if it.box[1] < top_in]
        below = [it for it in items if it.box[1] >= top_in and it.box[3] > bottom_in]
        if not above and not below:
            continue  # the rule runs down the whole region: `_vertical_split`'s
        if len(above) + len(below) > (1 - RULE_BESIDE_SHARE) * len(items) or any(
                band and not (min(it.box[0] for it in band) < x < max(it.box[2] for it in band))
                for band in (above, below)):
            continue  # columns going on over or under the rule's ends: the page's columns
        beside = [it for it in items if top_in <= it.box[1] and it.box[3] <= bottom_in]
        left = [it for it in beside if it.box[2] <= x + RULE_SLACK]
        right = [it for it in beside if it.box[0] >= x - RULE_SLACK]
        halves = [right, left] if rtl else [left, right]
        if len(left) + len(right) == len(beside) and all(
                len({round(it.box[3]) for it in half}) >= RULE_HALF_ROWS for half in halves
        ) and (all(_text_width(half) >= RULE_HALF_WIDTH * measures.width for half in halves)
               or _numbered_in_turn(*halves)) and _side_by_side([left, right]):
            return [band for band in (above, *halves, below) if band]
    return None


def _numbered_in_turn(first: list[Item], second: list[Item]) -> bool:
    """True when `first` and `second`, two halves beside a rule in reading order, each
    hold `RULE_HALF_ROWS` lines or more starting with a box number (`_BOX_NUMBER`), rising
    down the half, and the second half's numbers go on after the first's: a form's two
    columns of numbered boxes (1-13 beside 14-21), however narrow, whose own numbers say
    they are read one after the other. A label/value grid's values are no numbered
    labels, and a list numbered across its two columns (1, 2 level) does not go on."""
    numbers = []
    for half in (first, second):
        found = [int(m.group(1)) for it in sorted(half, key=lambda it: it.box[1])
                 if (m := _BOX_NUMBER.match(it.text))]
        if len(found) < RULE_HALF_ROWS or any(
                a > b for a, b in zip(found, found[1:], strict=False)):
            return False
        numbers.append(found)
    return numbers[0][-1] < numbers[1][0]


def _side_by_side(groups: list[list[Item]]) -> bool:
    """True when some item of each group stands level with (shares height with) an item
    of the next one: columns run side by side. Short lines set against alternate edges
    one under another (English lines at the left between right-aligned Arabic ones) are
    one column read top to bottom."""
    for a, b in zip(groups, groups[1:], strict=False):
        if not any(min(x.box[3], y.box[3]) - max(x.box[1], y.box[1]) > 0 for x in a for y in b):
            return False
    return True


def _grids_joined(groups: list[list[Item]], items: list[Item],
                  page_width: float) -> list[list[Item]]:
    """`groups` with each label/value grid made one group, to be read by rows: a narrow
    group (its items' median width under a fifth of the region's; or of `page_width`,
    the page's text, when it and the neighbour both look like a column of cells
    (`_cells`), not labels wrapped over a line or two side by side in a figure or a
    form: a grid cut out alone fills its region)
    joins a neighbour when most items of either stand on the other's rows (short cells on shared
    baselines; a lone header line level with the page's first line), unless the gap to
    it is over `GRID_GAP_RATIO` times the gap to its other neighbour. The gutters left
    are columns': a reference card's two columns of label/value rows are read one after
    the other, and lines turned along a margin (a stamp) join nothing, however level
    two columns' lines are with each other."""
    width = max(it.box[2] for it in items) - min(it.box[0] for it in items)
    joined = [False] * (len(groups) - 1)  # joined[k]: groups k and k + 1 are one grid
    for k, group in enumerate(groups):
        own = [it for it in group if not it.turned]
        if not own or all(it.line_number for it in own):
            continue
        median = statistics.median(it.box[2] - it.box[0] for it in own)
        if median >= 0.2 * page_width:
            continue
        near = {n: _group_gap(groups[n], group) for n in (k - 1, k + 1) if 0 <= n < len(groups)}
        for n, gap in near.items():
            if median >= 0.2 * width and not (_cells(own) and _cells(groups[n])):
                continue
            if gap <= GRID_GAP_RATIO * min(near.values()) and (
                    _mostly_level(groups[n], own) or _mostly_level(own, groups[n])):
                joined[min(n, k)] = True
    out = [list(groups[0])]
    for k, group in enumerate(groups[1:]):
        if joined[k]:
            out[-1] += group
        else:
            out.append(list(group))
    return out


def _cells(items: list[Item]) -> bool:
    """True when `items` look like a grid's column, a cell a row: three lines or more,
    none a list item (a list set in two columns runs down the first), none running on
    into the line right under it at a paragraph's leading (`PARAGRAPH_GAP`) by ending in
    a hyphen or with the next starting in lower case."""
    lines = sorted((it for it in items if it.line is not None), key=lambda it: it.box[1])
    if len(lines) < 3 or any(_MARKED.match(it.text) for it in lines):
        return False
    return not any(
        b.box[1] - a.box[3] <= PARAGRAPH_GAP * a.size and b.box[0] < a.box[2]
        and a.box[0] < b.box[2]
        and (a.text.rstrip().endswith("-") or b.text.lstrip()[:1].islower())
        for a, b in zip(lines, lines[1:], strict=False))


def _mostly_level(items: list[Item], others: list[Item]) -> bool:
    """True when three in five of `items` or more stand on a row of `others`."""
    rows = {round(it.box[3]) for it in others}
    level = sum(1 for it in items if any(abs(round(it.box[3]) - r) <= 2 for r in rows))
    return level * 5 >= 3 * len(items)


def _group_gap(a: list[Item], b: list[Item]) -> float:
    """The white between two groups of a vertical split, one left of the other."""
    return max(min(it.box[0] for it in b) - max(it.box[2] for it in a),
               min(it.box[0] for it in a) - max(it.box[2] for it in b))


def _horizontal_split(items: list[Item]) -> list[list[Item]] | None:
    """`items` cut into bands at the widest white stripes across them, never between two
    lines of a centred cell (`_centred_cells`)."""
    spans = sorted(items, key=lambda it: it.box[1])
    at = {id(it): i for i, it in enumerate(spans)}
    held = [(at[id(it)], at[id(it.under)]) for it in spans
            if it.under is not None and id(it.under) in at]
    gaps: list[tuple[int, float]] = []
    bottom = spans[0].box[3]
    for i, it in enumerate(spans[1:], start=1):
        if it.box[1] > bottom and not any(a < i <= b for a, b in held):
            gaps.append((i, it.box[1] - bottom))
        bottom = max(bottom, it.box[3])
    if not gaps:
        return None
    widest = max(g for _, g in gaps)
    cuts = [i for i, g in gaps if g >= widest - 0.5]
    bounds = [0, *cuts, len(spans)]
    return [spans[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]
