"""Tables without ruling lines: text lines aligned in columns across consecutive rows.

Engines that lay out tables (browsers, office suites) write each cell as its own text
line, so a borderless table, one with only a header rule, or one drawn as coloured
boxes shows up as rows of several short lines side by side whose x-ranges fall into
the same columns row after row. A run of such rows is a table when its columns are
separated by white vertical stripes through every row, it has at least `MIN_ROWS`
rows and `MIN_COLUMNS` columns, most cells are filled, and cells are short (prose set
in two columns has long lines and stays prose). Cell text comes from the page's own
lines; right-to-left cells are rebuilt from their glyphs as the page's lines are (a
line MuPDF wrote across cells has its words in no cell's order); on right-to-left
tables the first column is the rightmost one, as it is read. Two tables side by side,
whose rows need not line up, are parted at the white stripe between them
(`_side_by_side`); a label spanning rows is repeated into each of them
(`_repeat_spanning_labels`).
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import itertools
import math
import operator
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pymupdf

from webfold.pdf.bidi import is_one_rtl_run
from webfold.pdf.furniture import BOTTOM_SHARE
from webfold.pdf.layout import LONE_MARKER, Gutter, column_gutters, is_rtl
from webfold.pdf.model import (
    SPACE_WIDTH,
    BBox,
    Line,
    Span,
    VerticalRule,
    centre_in,
    first_word_width,
    is_code,
)
from webfold.pdf.native import glyph_lines
from webfold.pdf.tables import NUMBER, join_cell_lines

MIN_ROWS = 3  # a header and two body rows
# Columns this many line heights apart or closer may be a form's boxes side by side
# (`_boxes_side_by_side`); a rule ending this many points off the white between them
# ends there.
BOX_GAP = 1.5
BOX_RULE_END = 2.0
MIN_COLUMNS = 2
SECTION_ROW_CELLS = 3  # cells of the row under a statement's section title (`_section_title`)
LIST_COLUMNS = 3  # one-word names set in so many columns or more: a list (`_words_in_columns`)
MAX_CELL_WORDS = 6  # mean words per filled cell; more is prose in columns
MIN_FILLED = 0.6  # share of the grid's cells holding text
# Lines on one row closer than this many font sizes are one cell (below `CELL_GAP`).
SAME_CELL_GAP = 0.5
MAX_ROW_GAP = 2.5  # rows further apart than this many line heights end a table
FOOTER_PITCHES = 1.5  # a footer line sits this many row pitches or more under the last row
COLUMN_SLACK = 1.0  # points: x-ranges this close are one column
LABEL_CENTRE = 0.15  # a group label's centre lies this share of its columns' width from theirs
MIN_CELL_ROWS = 2  # every column holds text in at least this many rows
# A white stripe between columns stays one when a single row's text runs over it and at
# least this many other rows hold cells on both sides of it.
OVERFLOW_MIN_ROWS = 5
# A white stripe through a run's rows, its widest, this many times as wide as the
# median gap between its columns, and this many font sizes wider, parts two tables side
# by side (a flex or float gap of an em or more beside cells' padding; the median, as a
# wrapped or stretched column leaves a wide gap of its own).
GUTTER_RATIO = 1.5
GUTTER_EXCESS = 1.0
PROSE_LINE_WORDS = 6  # words a line of a paragraph beside a table has (median)
MIN_CROSSINGS = 2  # ... or times its lines run over the white between the table's rows
# ... or its lines run at one pitch of their own (gaps alike within this many line
# heights, for this share of them), off the level of that many of the table's rows.
PITCH_SLACK = 0.1
PITCH_SHARE = 0.75
LEVEL_SLACK = 0.25  # line heights between the middles of a row's cell and a line level with it
NEAR_LINES = 4.0  # line heights around a row where the lines of its cells' columns are seen
# Line heights between the middle of a cell centred in its row and the middle of the row's
# other cells: an engine centres to a fraction of a point.
CENTRE_SLACK = 0.1
BASELINE_SLACK = 0.05  # line heights: lines set at one pitch repeat it but for rounding
# Cells of a row with a cell centred in it: a heading level with two lines of the other
# text column, a two-cell row of its own, is not taken for one.
CENTRED_ROW_CELLS = 3
# Engines that put table cells close together get them written as one text line
# ("56,962 Town island" for the cells "56,962" and "Town island"; MuPDF joins text less
# than about 0.8 font sizes apart); a gap between words of this many font sizes (a space
# is 0.25-0.4) separates cells within a line.
CELL_GAP = 0.55
MIN_LEADER_DOTS = 3  # dots, each a word or piece of its own, in a run: leaders
JUSTIFIED_MIN_WORDS = 4  # a line of this many words, each a cell gap apart, ...
JUSTIFIED_GAP_SPREAD = 0.05  # ... with gaps alike within this many font sizes is justified
# A line under a cell's line is that cell's next line when the gap between them is at
# most this many line heights (when the cell's own line gap is not known yet) ...
WRAP_GAP = 0.45
WRAP_GAP_SLACK = 0.15  # ... or at most the cell's own line gap plus this many heights
# Rows whose every cell wraps: the rows stand this many line heights further apart than
# a cell's lines do (a cell's padding, top and bottom).
ROW_PAD = 0.15
_LEADER = re.compile(r"(?:\s*[.\u2026\u00b7]){3,}\s*$")
# A page number: "14", "xi", or a page numbered within its chapter or appendix, "2-1",
# "A-3", "VITA-1" (`_CHAPTER_PAGE`).
_PAGE_LABEL = re.compile(r"^(?:\d{1,4}|(?:\d{1,2}|[A-Z]{1,6})[-–]\d{1,3}|[ivxlc]{1,7})$", re.I)
_CHAPTER_PAGE = re.compile(r"^(\d{1,2}|[A-Z]{1,6})[-–](\d{1,3})$", re.I)
# Leader dots run into the page label at the end of one cell ("．．．．１", "PROJET ..... 14",
# "Preface.......iii"; a template's placeholder, "．．．．＊"): MuPDF writes leaders set
# close to their page number as one line.
_LEADER_TO_PAGE = re.compile(
    r"(?:[.\u2026\u00b7\uff0e]\s*){3,}(\d{1,4}|[ivxlc]{1,7}|[\u2160-\u217f]|[*\uff0a])$", re.I)
_DOTS = re.compile(r"[.\u2026\u00b7]+")
# Leader dots run into an amount within one word: "Rent.......1,250", "loans....(3,046)".
_LEADER_TO_AMOUNT = re.compile(r"^(.*?)([.\u2026\u00b7]{3,})(\(?[$€£¥]?\d[\d,.]*\)?%?)$")
# A book index's page numbers after an entry: "3, 14", "99–101, 128" (a comma and a space
# between them: "1,204" is one number), or a list cut after a comma that goes on in the
# next cell or line ("28, 29," | "30"; "39,"), or leader dots cut from the entry they
# follow.
_PAGE_LIST = re.compile(
    r"\b\d{1,4}(?:[–-]\d{1,4})?(?:(?:, \d{1,4}(?:[–-]\d{1,4})?)+,?|,)$")
# An index entry of words and its one page after a space: "graphicx (package) 5"
# (`_index_entries`).
_ENTRY_PAGE = re.compile(r"^[^\W\d_][^\d]* \d{1,4}$")
_PAGE_NUMBERS = re.compile(r"^\d{1,4}(?:,? \d{1,4})*$")  # "7", "5 5", "12, 14"
_CUT_LEADER = re.compile(r"^(?:[.\u2026\u00b7]\s*){3,}")
_EQUATION_NUMBER = re.compile(r"^\(\w{1,6}\)$")  # "(3)", "(B2a)" beside displayed math
_REFERENCE = re.compile(r"^\[[^\]\s]{1,12}\]$")  # "[12]", "[Knu84]": a reference's label
# A list item's text after its marker: "• Item", "▶Section", "3. Step", "(b) case",
# "(B) answer" ("1.5", "-3" and a cell of a tick alone are no items).
_MARKED_ITEM = re.compile(r"^(?:[•●○◦▪▫■‣⁃∙➢►▶]\s*|(?:\(?\d{1,3}[.)]|\(?[a-z][.)]|\([A-Z]\))\s+)\S")
_SUBSECTION = re.compile(r"^(?:\d{1,2}|[A-Z])(?:\.\d{1,2}){1,4}\.?$")  # "3.4", "A.2.1"
# "3", "2.1", "A.2", "IV", "VI.1.": a section's number at the start of a contents line.
_SECTION_NUMBER = re.compile(
    r"^(?:(?:\d{1,2}|[IVXL]{1,6})(?:\.\d{1,2}){0,4}|[A-Z](?:\.\d{1,2}){1,4})\.?(?:\s|$)")
Rule = tuple[float, float, float]  # a horizontal rule: y, x0, x1
_Mark = tuple[float, Any, "int | None", float]  # `_column_start_cuts`
_DIGITS = re.compile(r"\d+")
_LETTERS = re.compile(r"[^\W\d_]+")
_CURRENCY = re.compile(r"^\s*[$€£¥]\s*$")  # a sign set apart at the left of its amount's cell
_WORD_LINE = operator.itemgetter(5, 6)  # (block, line) of an `extractWORDS` word: `Line.key`


@dataclass(slots=True)
class _Row:
    top: float
    bottom: float
    cells: list[list[Line]] = field(default_factory=list)  # segments, left to right
    line_height: float = 0.0  # of one text line (a row of wrapped cells is taller)

    @property
    def height(self) -> float:
        return self.line_height or self.bottom - self.top


@dataclass(slots=True)
class AlignedTable:
    bbox: BBox
    # Cell texts, first row the header, in reading column order; [] for a contents list
    # (`_is_contents`), no table: its entries are in `rest`.
    rows: list[list[str]]
    lines: list[Line]  # the page lines the table is made of
    cells: list[Line] = field(default_factory=list)  # those lines, or their pieces, in cells
    # Lines that go back to the page in place of `lines`: pieces of them in no table's
    # cells (a paragraph's line MuPDF ran into the cell beside it), or a contents list's
    # entries, each row's lines joined into one.
    rest: list[Line] = field(default_factory=list)


@dataclass(slots=True)
class Drawn:
    """What a page draws, as it is shown, that tells tables apart, each asked for only
    when a table needs it: its horizontal rules (`_side_by_side`), the boxes of its
    closed shapes, frames and fills (`_framed_apart`), and its vertical rules
    (`_boxes_side_by_side`; none where the page is stored turned)."""

    rules: Callable[[], list[Rule]]
    shapes: Callable[[], list[BBox]]
    verticals: Callable[[], list[VerticalRule]] = list


def find_aligned_tables(lines: list[Line], textpage: Any, drawn: Drawn,
                        page: Any = None) -> list[AlignedTable]:
    """Tables made of upright `lines` aligned in columns (see the module docstring).

    `textpage` is the native text page the lines came from: its word boxes split lines
    that run across cells (`CELL_GAP`); without it (None) lines are taken whole. `drawn`
    gives the page's rules and shapes. `page` (the `pymupdf.Page`) gives right-to-left
    cells their text from the glyphs; without it they keep the lines' text. On a page
    stored turned (/Rotate) the lines are looked at as the page is shown
    (`_turned_page_tables`; `drawn` gives them as shown too). Returns the tables top to
    bottom, each with the page lines it is made of and the pieces of them it left out
    (`rest`); lines not in a table are left alone. Never raises.
    """
    if page is not None and page.rotation:
        return _turned_page_tables(lines, textpage, drawn, page)
    # A code listing's indents and word gaps align like columns.
    upright = [ln for ln in lines if abs(ln.direction[1]) < 0.02 and ln.direction[0] > 0
               and ln.text.strip() and not is_code(ln)]
    whole: dict[int, Line] = {}  # id of a piece of a line -> the line
    if textpage is not None and len(upright) >= MIN_ROWS:
        upright = _split_at_cell_gaps(upright, textpage, whole)
    cut_lines: dict[int, list[Line]] = {}  # id of a line -> its pieces
    for piece in upright:
        if id(piece) in whole:
            cut_lines.setdefault(id(whole[id(piece)]), []).append(piece)
    gutters = functools.cache(lambda: column_gutters(lines))
    tables = _tables_of(upright, whole, drawn, gutters, page, in_columns=True)
    in_cells = {id(ln) for table in tables for ln in table.cells}
    for table in tables:
        table.rest += [p for line in table.lines if id(line) in cut_lines
                      for p in cut_lines.pop(id(line)) if id(p) not in in_cells]
    return tables


def _turned_page_tables(lines: list[Line], textpage: Any, drawn: Drawn,
                        page: Any) -> list[AlignedTable]:
    """The tables of a page stored turned (a landscape page under /Rotate 90: its lines
    run down the stored page), found among its lines and words turned as the page is
    shown (`_ShownWords`), cells keeping their lines' text; boxes, cells and new lines
    are carried back to the stored page."""
    shown = [_moved(ln, page.rotation_matrix) for ln in lines]
    stored = {id(turned): line for turned, line in zip(shown, lines, strict=True)}
    back = page.derotation_matrix
    words = None if textpage is None else _ShownWords(textpage, page.rotation_matrix)
    tables = find_aligned_tables(shown, words, drawn)
    for table in tables:
        table.bbox = _moved_box(table.bbox, back)
        table.lines = [stored[id(ln)] for ln in table.lines]
        table.cells = [stored.get(id(ln)) or _moved(ln, back) for ln in table.cells]
        table.rest = [_moved(ln, back) for ln in table.rest]
    return tables


@dataclass(slots=True)
class _ShownWords:
    """A text page's words as its turned page is shown: `extractWORDS` with each word's
    box carried by `matrix`."""

    textpage: Any
    matrix: Any

    def extractWORDS(self) -> list[tuple]:  # noqa: N802 (the text page's own name)
        return [(*_moved_box(w[:4], self.matrix), *w[4:]) for w in self.textpage.extractWORDS()]


def _moved(line: Line, matrix: Any) -> Line:
    """A copy of `line` with its boxes, origin and direction carried by `matrix`."""
    dx, dy = line.direction
    return dataclasses.replace(
        line, spans=[dataclasses.replace(s, bbox=_moved_box(s.bbox, matrix)) for s in line.spans],
        bbox=_moved_box(line.bbox, matrix),
        direction=(matrix.a * dx + matrix.c * dy, matrix.b * dx + matrix.d * dy),
        origin=None if line.origin is None else tuple(pymupdf.Point(line.origin) * matrix))


def _moved_box(box: BBox, matrix: Any) -> BBox:
    """The box around `box` carried by `matrix` (a quarter turn keeps it a box)."""
    return tuple(pymupdf.Rect(box) * matrix)


def _tables_of(lines: list[Line], whole: dict[int, Line], drawn: Drawn,
               gutters: Callable[[], list[Gutter]], page: Any, in_columns: bool,
               side: bool = False) -> list[AlignedTable]:
    """The tables among `lines`: runs of rows of several cells. A run that is no table
    but has white stripes through all its rows is looked at again column by column when
    `in_columns`: a table in one column of a two-column paper shares its rows with the
    lines of the other column's prose (and with the prose above and below it in its own
    column, whose lines cover its columns' stripes). The lines of one `side` of two
    tables side by side are parted again only where rules show a third table
    (`_ruled_gutter`: a gap before right-aligned numbers, its rows made anew, is no
    third table's)."""
    rows = _rows(lines)
    foot = page.rect.y1 - BOTTOM_SHARE * page.rect.height if page is not None else None
    tables: list[AlignedTable] = []
    run: list[_Row] = []
    for i, row in enumerate(rows + [None]):
        if row is not None and (len(row.cells) >= MIN_COLUMNS or run and _section_title(
                row, rows[i + 1] if i + 1 < len(rows) else None)) and (
                not run or row.top - run[-1].bottom <= MAX_ROW_GAP * max(run[-1].height, 1.0)):
            run.append(row)
            continue
        run = _without_prose_rows(run)
        if len(run) >= MIN_ROWS:
            start = rows.index(run[0])
            around = [rows[start - 1]] if start else []
            around += [row] if row is not None else []
            table_rows = _without_prose(run, around)
            cells = _without_footer(table_rows, foot)
            found = _side_by_side(cells, whole, drawn, gutters, page, ruled_only=side)
            found = found or _tables_in(cells, whole, drawn, page)
            cut = _page_gutter(table_rows, gutters) if found else None
            if cut is not None:  # lines of the page's two text columns: each looked at alone
                found = [table for lines in _sides(table_rows, cut)
                         for table in _tables_of(lines, whole, drawn, gutters, page,
                                                 in_columns=False)]
            if not found and in_columns:
                for x0, x1 in _columns(run):
                    inside = [ln for r in run for seg in r.cells
                              if x0 <= _span(seg)[0] and _span(seg)[1] <= x1 for ln in seg]
                    found += _tables_of(inside, whole, drawn, gutters, page, in_columns=False)
            tables += found
        run = [row] if row is not None and len(row.cells) >= MIN_COLUMNS else []
    return tables


def _section_title(row: _Row, below: _Row | None) -> bool:
    """True when `row` is one short line in the first column of the table row `below`,
    ending before that row's second cell starts, no larger than that row's text and no
    further above it than a row gap, over a row of `SECTION_ROW_CELLS` cells or more with
    an amount: a section's title in a statement ("Current assets" over its items), which
    goes on the table's rows rather than ending it. (A heading over a page's label and
    value lines, or a résumé's, is set larger or stands over words; an author's line in
    a journal's contents stands between titles and their pages, two cells.)"""
    if len(row.cells) != 1 or below is None or len(below.cells) < SECTION_ROW_CELLS:
        return False
    x0, x1 = _span(row.cells[0])
    size = max(span.size for ln in row.cells[0] for span in ln.spans)
    return (_visual_line_words(row.cells[0]) < PROSE_LINE_WORDS
            and x0 <= _span(below.cells[0])[1] and x1 < _span(below.cells[1])[0]
            and below.top - row.bottom <= MAX_ROW_GAP * max(row.height, 1.0)
            and size <= max(span.size for seg in below.cells for ln in seg for span in ln.spans)
            and any(NUMBER.match(_cell_text(seg)) for seg in below.cells[1:]))


def _page_gutter(run: list[_Row], gutters: Callable[[], list[Gutter]]) -> float | None:
    """Where the run is cut by a gutter of the page's text columns (`layout.column_gutters`)
    running beside all its rows and on past them, `MIN_ROWS` line heights or more above or
    below, with lines of prose on one side (`PROSE_LINE_WORDS` words, by the median of its
    visual lines: `_visual_line_words`) whose column runs on, a line under or over the
    run: the rows are lines of two text columns side by side (the end of a paper's text
    beside its references, a list beside a paragraph), no table's. None for a run no
    such gutter cuts: a table set across the page, over or under two text columns, has
    short cells on both sides of the gutter; cards or a form's fields end with their
    rows. The page's gutters are asked for only where a side holds prose."""
    columns = _columns(run)
    height = _median_height([ln for row in run for seg in row.cells for ln in seg])
    top, bottom = run[0].top, run[-1].bottom
    for a, b in zip(columns, columns[1:], strict=False):
        cut = (a[1] + b[0]) / 2
        prose = [_visual_line_words(lines) >= PROSE_LINE_WORDS for lines in _sides(run, cut)]
        if not any(prose):
            continue
        for gutter in gutters():
            if min(gutter.x1, b[0]) <= max(gutter.x0, a[1]) or gutter.top > top + height or \
                    gutter.bottom < bottom - height:
                continue  # not in this gap, or not beside every row
            if (top - gutter.top) + (gutter.bottom - bottom) < MIN_ROWS * height:
                continue  # no farther than the run: a table's own columns
            if any(side_prose and any(bottom < box[1] <= bottom + height
                                      or top - height <= box[3] < top for box in boxes)
                   for side_prose, boxes in zip(prose, gutter.sides, strict=True)):
                return cut
    return None


def _sides(run: list[_Row], cut: float) -> tuple[list[Line], list[Line]]:
    """The lines of the run left and right of `cut`, an x on a white stripe through it."""
    lines = [ln for row in run for seg in row.cells for ln in seg]
    return [ln for ln in lines if ln.bbox[2] <= cut], [ln for ln in lines if ln.bbox[2] > cut]


def _without_footer(run: list[_Row], foot: float | None) -> list[_Row]:
    """The run less its last row when that is the page's footer line: in the bottom
    margin band (below `foot`), `FOOTER_PITCHES` row pitches or more under the row above
    it, and clear of the table's first column ("Annex 2 ... Page 3 of 9" under the right
    columns; a totals row names itself in the first column)."""
    if foot is None or len(run) <= MIN_ROWS or run[-1].top < foot:
        return run
    pitches = sorted(b.top - a.top for a, b in itertools.pairwise(run[:-1]))
    first = _columns(run[:-1])[0]
    if (run[-1].top - run[-2].top >= FOOTER_PITCHES * pitches[len(pitches) // 2]
            and _span(run[-1].cells[0])[0] > first[1]):
        return run[:-1]
    return run


def _without_prose_rows(run: list[_Row]) -> list[_Row]:
    """The run less its first and last rows that are lines of a paragraph above or below
    the table: a line of `PROSE_LINE_WORDS` words across two columns of the table's rows
    (those with the run's most common number of cells and no such long line). A
    paragraph's line that MuPDF wrote in two pieces (TeX's wider space after a sentence)
    is a row of two cells, line-gap close to the table's first or last row. Only a run
    whose other rows hold no such long line is cut. A first row whose long line is a
    group's label (`_group_label_row`) stays: it heads the columns under it."""
    if len(run) <= MIN_ROWS:
        return run
    width = Counter(len(row.cells) for row in run).most_common(1)[0][0]
    core = [row for row in run if len(row.cells) == width and not _prose_line_in(row, None)]
    if len(core) < MIN_ROWS:
        return run
    columns = _columns(core)
    label_row = _group_label_row(run[0], columns)
    start, end = 0, len(run)
    while start < end and _prose_line_in(run[start], columns) and not (start == 0 and label_row):
        start += 1
    while end > start and _prose_line_in(run[end - 1], columns):
        end -= 1
    kept = run[start:end]
    inside = kept[1:] if start == 0 and label_row else kept
    if len(kept) < MIN_ROWS or any(_prose_line_in(row, None) for row in inside):
        return run  # long lines inside too: a paragraph or a page of them, left as it was
    return kept


def _group_label_row(row: _Row, columns: list[tuple[float, float]]) -> bool:
    """True when each long cell of `row` (`PROSE_LINE_WORDS` words a line) lies over two
    or more of `columns`, centred over them (`LABEL_CENTRE`), with a cell of two lines or
    more clear of them before it: a group's label over its columns' headings, level with
    the first lines of the first heading, set in more lines than the others. A
    paragraph's line starts where the table does; a caption centred over the table
    beside its one-line label ("Table 3") is no group's label."""
    long = [seg for seg in row.cells if _visual_line_words(seg) >= PROSE_LINE_WORDS]
    for seg in long:
        x0, x1 = _span(seg)
        over = [c for c in columns if _overlaps((x0, x1), c)]
        if len(over) < 2 or abs((x0 + x1) - (over[0][0] + over[-1][1])) / 2 > \
                LABEL_CENTRE * (over[-1][1] - over[0][0]):
            return False
        if not any(_span(other)[1] < over[0][0] and len(_level_rows(other)) >= 2
                   for other in row.cells):
            return False
    return bool(long)


def _prose_line_in(row: _Row, columns: list[tuple[float, float]] | None) -> bool:
    """True when a cell of `row` has lines of `PROSE_LINE_WORDS` words or more (by the
    median of its visual lines, `_visual_line_words`: a footnote under a table, its lines
    joined as a wrapped cell beside its marker), over two or more of `columns` (when
    given)."""
    for seg in row.cells:
        if _visual_line_words(seg) >= PROSE_LINE_WORDS and (
                columns is None or sum(_overlaps(_span(seg), c) for c in columns) >= 2):
            return True
    return False


def _side_by_side(run: list[_Row], whole: dict[int, Line], drawn: Drawn,
                  gutters: Callable[[], list[Gutter]], page: Any,
                  ruled_only: bool = False) -> list[AlignedTable]:
    """The tables of a run that holds two tables side by side, left one first; [] for a
    run that is one table.

    Two tables they are when a white stripe through every row, with at least
    `MIN_COLUMNS` columns on each side, is where each side's horizontal rules stop while
    rules cross gaps between other columns (`_ruled_gutter`: each table ruled its own
    rows); or when the widest such stripe is wider than the median of the other gaps
    between the run's columns by `GUTTER_RATIO` times and by `GUTTER_EXCESS` font sizes
    (within one table most gaps are its cells' padding; the gap after a column of lone
    currency signs, `_sign_columns`, is inside a cell, no padding) and the two sides do not share
    their rows (`_own_rows`) or each has rules of its own (`_ruled_apart`); with
    `ruled_only` (a side of two tables), only the first. Each side must be a table on
    its own. Each side's rows are made again from its own lines: a wrapped cell on one
    side no longer joins rows of the other."""
    columns = _columns(run)
    gaps = [b[0] - a[1] for a, b in zip(columns, columns[1:], strict=False)]
    inner = gaps[MIN_COLUMNS - 1:len(gaps) - MIN_COLUMNS + 1]
    if not inner:
        return []
    size = max(run[0].cells[0][0].spans[0].size, 1.0)
    k = _ruled_gutter(run, columns, drawn.rules(), size)
    if k is None and ruled_only:
        return []
    if k is None:
        k = max(range(len(inner)), key=inner.__getitem__) + MIN_COLUMNS - 1
        signs = _sign_columns(run, columns)
        others = sorted(g for i, g in enumerate(gaps) if i != k and i not in signs)
        median = others[len(others) // 2]
        if gaps[k] < GUTTER_RATIO * median or gaps[k] - median < GUTTER_EXCESS * size:
            return []
    cut = columns[k][1]
    segs = [seg for row in run for seg in row.cells]
    # Once each: a label straddling two rows is in both (`_join_straddling`).
    parts = ([seg for seg in segs if _span(seg)[1] <= cut],
             [seg for seg in segs if _span(seg)[0] > cut])
    sides = tuple(list({id(ln): ln for seg in part for ln in seg}.values()) for part in parts)
    left, right = _rows(sides[0]), _rows(sides[1])
    if not _own_rows(left, right) and not _repeats(left, right) and not _ruled_apart(
            run, (cut, columns[k + 1][0]), drawn.rules(), size):
        return []
    found = [_tables_of(lines, whole, drawn, gutters, page, in_columns=False, side=True)
             for lines in sides]
    return found[0] + found[1] if found[0] and found[1] else []


def _sign_columns(run: list[_Row], columns: list[tuple[float, float]]) -> set[int]:
    """Indexes of `columns` whose every cell in the run is a lone currency sign: a
    statement sets "$" at the left edge of an amount's cell, apart from the figure."""
    texts: dict[int, list[str]] = {}
    for row in run:
        for seg in row.cells:
            x0, x1 = _span(seg)
            for k, (a, b) in enumerate(columns):
                if a - COLUMN_SLACK <= x0 and x1 <= b + COLUMN_SLACK:
                    texts.setdefault(k, []).append(_cell_text(seg))
    return {k for k, found in texts.items() if all(_CURRENCY.match(t) for t in found)}


def _repeats(a: list[_Row], b: list[_Row]) -> bool:
    """True when two sides of a run hold as many columns, and their header rows read the
    same or their columns hold cells of the same shapes in the same order (`_shape`): a
    table set in two halves side by side, or two tables of one kind. One wide table
    does not repeat its columns' kinds across a gap."""
    if len(a) < MIN_ROWS or len(b) < MIN_ROWS:
        return False
    grids = [_grid(rows) for rows in (a, b)]
    if len(grids[0][0]) != len(grids[1][0]):
        return False
    heads = [[" ".join(_cell_text(c).split()).casefold() for c in grid[0]] for grid in grids]
    if all(heads[0]) and heads[0] == heads[1]:
        return True
    kinds = []
    for grid in grids:
        shapes = []
        for k in range(len(grid[0])):
            found = Counter(_shape(_cell_text(row[k])) for row in grid[1:] if row[k])
            shapes.append(found.most_common(1)[0][0] if found else "")
        kinds.append(shapes)
    return kinds[0] == kinds[1] and any(kind != "text" for kind in kinds[0])


def _shape(text: str) -> str:
    """What a cell holds: "text" for words, else its characters with digit runs as 9 and
    letter runs as a, group commas dropped ("$5,107.23" and "$979.64" are "$9.9",
    "2025-08-04" is "9-9-9", "KP-560" is "a-9")."""
    if _DIGITS.search(text) is None:
        return "text"
    return _LETTERS.sub("a", _DIGITS.sub("9", text.replace(",", "")))


def _ruled_gutter(run: list[_Row], columns: list[tuple[float, float]], rules: list[Rule],
                  size: float) -> int | None:
    """The gap after column k of the run (with `MIN_COLUMNS` columns on each side) that
    is `_ruled_apart`, the widest of them, when the rules among the run's rows cross
    another gap more often than they stop at it: tables side by side, each ruling its
    own rows (a shaded row, a header rule), their gutter no wider than their own gaps
    (a deal summary's parties, assets and notes). None when there is none: a table
    whose every cell draws its own rule, with a gap at each column, is one table."""
    gutters = [(b[0] - a[1], k) for k, (a, b) in enumerate(zip(columns, columns[1:],
                                                                strict=False))
               if MIN_COLUMNS - 1 <= k < len(columns) - MIN_COLUMNS
               and _ruled_apart(run, (a[1], b[0]), rules, size)]
    if not gutters or not any(
            crossed > stopped for stopped, crossed in (
                _rule_ends(run, (a[1], b[0]), rules, size)
                for a, b in zip(columns, columns[1:], strict=False))):
        return None
    return max(gutters)[1]


def _ruled_apart(run: list[_Row], gutter: tuple[float, float], rules: list[Rule],
                 size: float) -> bool:
    """True when more horizontal rules among the run's rows stop in the gutter, on both
    sides of it, than cross it: each table drew its own (a title's rule over both may
    cross it)."""
    stopped, crossed = _rule_ends(run, gutter, rules, size)
    return stopped > crossed


def _rule_ends(run: list[_Row], gutter: tuple[float, float], rules: list[Rule],
               size: float) -> tuple[int, int]:
    """(rules among the run's rows that end in the gutter on its left side or start in it
    on its right side, whichever are fewer; rules that cross it). A rule may start up to
    a font size (`size`) past the gutter: a shaded row's box reaches out of its text
    less than the text sits in from the box."""
    height = max(run[0].height, 1.0)
    near = [(x0, x1) for y, x0, x1 in rules
            if run[0].top - height <= y <= run[-1].bottom + height]
    left, right = gutter
    ends = sum(1 for _, x1 in near if left - 1 <= x1 <= right)
    starts = sum(1 for x0, _ in near if left <= x0 <= right + size)
    return min(ends, starts), sum(1 for x0, x1 in near if x0 < left and x1 > right)


def _own_rows(a: list[_Row], b: list[_Row]) -> bool:
    """True when two sides of a run keep rows of their own: a row of the side with fewer
    rows lies beside no row or several rows of the other (the rows of one table lie side
    by side, however their cells wrap), or one side's rows end before the other's or
    begin after them. A table with an empty row on one side, in its middle, shares its
    rows. A row lies beside another when they overlap by half a line height, as lines
    of one visual row do (`_level_rows`): set tight, a row's box reaches into the next."""
    if len(a) > len(b):
        a, b = b, a
    matched = []
    for row in a:
        beside = [i for i, other in enumerate(b)
                  if min(other.bottom, row.bottom) - max(other.top, row.top)
                  >= 0.5 * min(row.height, other.height)]
        if len(beside) != 1:
            return True
        matched.append(beside[0])
    return len(a) < len(b) and (matched[0] > 0 or matched[-1] < len(b) - 1)


def _without_prose(run: list[_Row], around: list[_Row]) -> list[_Row]:
    """The run with a paragraph set beside the table taken out: an edge column of long
    lines (`PROSE_LINE_WORDS` words each, by the median) or whose lines run over the white
    between the table's rows (`_crossings`), when its text runs on past the table's other
    columns, or on, line-gap close, into the row just above or below the run, or its lines
    follow one another at a pitch of their own (`_own_pitch`). The rows are made again
    from the table's own lines (a cell's wrapped line set beside a line of the paragraph
    made a row of its own: it is its cell's next line again); rows left with one cell go."""
    columns = _columns(run)
    if len(columns) <= MIN_COLUMNS:
        return run
    inner = (columns[1][0], columns[-2][1])
    for edge in (columns[0], columns[-1]):
        segs = [seg for row in run for seg in row.cells if _overlaps(_span(seg), edge)]
        rest = [ln for row in run for seg in row.cells if not _overlaps(_span(seg), edge)
                for ln in seg]
        if _median_words(segs) < PROSE_LINE_WORDS and _crossings(run, edge,
                                                                  inner) < MIN_CROSSINGS:
            continue
        if not _runs_on(segs, rest, around, edge) and not _own_pitch(run, edge, inner):
            continue
        return [row for row in _rows(rest) if len(row.cells) >= MIN_COLUMNS]
    return run


def _runs_on(segs: list[list[Line]], rest: list[Line], around: list[_Row],
             edge: tuple[float, float]) -> bool:
    """True when the lines of `segs` reach a line height past the table's other lines
    (`rest`), or run on, line-gap close, into the `edge` column of a row `around` the run."""
    mine = [ln for seg in segs for ln in seg]
    height = max(mine[0].bbox[3] - mine[0].bbox[1], 1.0)
    if (max(ln.bbox[3] for ln in mine) > max(ln.bbox[3] for ln in rest) + height or
            min(ln.bbox[1] for ln in mine) < min(ln.bbox[1] for ln in rest) - height):
        return True
    return any(_flows_into(seg, other) for seg in segs for row in around
               for other in row.cells if _overlaps(_span(other), edge))


def _own_pitch(run: list[_Row], edge: tuple[float, float],
               inner: tuple[float, float]) -> bool:
    """True when the lines of the `edge` column follow one another at one pitch
    (`_pitch`) that is neither the pitch of the run's rows, as its `inner` columns set
    them, nor that of the column next to it, and `MIN_CROSSINGS` of those rows have their
    first line level with none of its lines: a paragraph's lines run on at their own
    leading; a column's cells keep to their rows (rows are padded, so a cell's wrapped
    lines are closer than the rows are), and the outer column of a second table beside
    the first keeps to that table's rows."""
    mine = [ln for row in run for seg in row.cells if _overlaps(_span(seg), edge)
            for ln in seg]
    pitch = _pitch(mine)
    if pitch is None:
        return False
    height = _median_height(mine)
    columns = _columns(run)
    near = columns[1] if edge == columns[0] else columns[-2]
    beside = _pitch([ln for row in run for seg in row.cells if _overlaps(_span(seg), near)
                     for ln in seg])
    if beside is not None and abs(beside - pitch) <= PITCH_SLACK * height:
        return False
    firsts = []  # the top line of each row's inner cells
    for row in run:
        own = [ln for seg in row.cells if inner[0] <= _span(seg)[0] and _span(seg)[1] <= inner[1]
               for ln in seg]
        if own:
            firsts.append(min(own, key=lambda ln: ln.bbox[1]))
    steps = sorted(b.bbox[1] - a.bbox[1] for a, b in zip(firsts, firsts[1:], strict=False))
    if not steps or abs(steps[len(steps) // 2] - pitch) <= PITCH_SLACK * height:
        return False  # the rows' own pitch: one line to a row
    middles = [(ln.bbox[1] + ln.bbox[3]) / 2 for ln in mine]
    off = sum(all(abs(m - (ln.bbox[1] + ln.bbox[3]) / 2) > LEVEL_SLACK * height for m in middles)
              for ln in firsts)
    return off >= MIN_CROSSINGS


def _pitch(lines: list[Line]) -> float | None:
    """The pitch at which `lines` follow one another, top to bottom, when they do at one
    pitch: their gaps alike within `PITCH_SLACK` line heights, `PITCH_SHARE` of them (a
    paragraph break may stand among them); None for fewer than `MIN_ROWS` + 1 lines or
    lines that do not."""
    if len(lines) <= MIN_ROWS:
        return None
    tops = sorted(ln.bbox[1] for ln in lines)
    height = _median_height(lines)
    gaps = [b - a for a, b in zip(tops, tops[1:], strict=False)]
    pitch = sorted(gaps)[len(gaps) // 2]
    if pitch < 0.5 * height or sum(abs(g - pitch) <= PITCH_SLACK * height
                                   for g in gaps) < PITCH_SHARE * len(gaps):
        return None
    return pitch


def _median_height(lines: list[Line]) -> float:
    return sorted(ln.bbox[3] - ln.bbox[1] for ln in lines)[len(lines) // 2]


def _crossings(run: list[_Row], edge: tuple[float, float],
               inner: tuple[float, float]) -> int:
    """How many times lines of the `edge` column reach across the white between two of
    the run's rows (as the cells of its `inner` columns, from x0 to x1, set them), into
    the next row or the last one. A cell's lines stay in their row; a paragraph's lines
    run on at their own pitch, over the rows' gaps."""
    count = 0
    for a, b in zip(run, run[1:], strict=False):
        own = [[ln for seg in row.cells if inner[0] <= _span(seg)[0] and _span(seg)[1] <= inner[1]
                for ln in seg] for row in (a, b)]
        mine = [[ln for seg in row.cells if _overlaps(_span(seg), edge) for ln in seg]
                for row in (a, b)]
        if not own[0] or not own[1]:
            continue
        bottom, top = max(ln.bbox[3] for ln in own[0]), min(ln.bbox[1] for ln in own[1])
        if any(ln.bbox[3] - top > 0.2 * (ln.bbox[3] - ln.bbox[1]) for ln in mine[0]) or any(
                bottom - ln.bbox[1] > 0.2 * (ln.bbox[3] - ln.bbox[1]) for ln in mine[1]):
            count += 1
    return count


def _visual_line_words(lines: list[Line]) -> int:
    """The median number of words on a visual line of `lines` (pieces of a justified line,
    cut where its spaces are wide, counted together)."""
    if len(lines) == 1:  # most cells: one line, one visual line
        return len(lines[0].text.split())
    words = sorted(sum(len(ln.text.split()) for seg in row.cells for ln in seg)
                   for row in _level_rows(lines))
    return words[len(words) // 2] if words else 0


def _median_words(cells: Any) -> int:
    words = sorted(len(ln.text.split()) for cell in cells for ln in cell)
    return words[len(words) // 2] if words else 0


def _flows_into(seg: list[Line], other: list[Line]) -> bool:
    """True when `other` is the line just above or below the text of `seg` (line-gap apart)."""
    top, bottom = min(ln.bbox[1] for ln in seg), max(ln.bbox[3] for ln in seg)
    o_top, o_bottom = min(ln.bbox[1] for ln in other), max(ln.bbox[3] for ln in other)
    height = max(seg[0].bbox[3] - seg[0].bbox[1], 1.0)
    limit = _wrap_limit(seg, height)
    return -0.2 * height <= o_top - bottom <= limit or -0.2 * height <= top - o_bottom <= limit


def _split_at_cell_gaps(lines: list[Line], textpage: Any,
                        whole: dict[int, Line]) -> list[Line]:
    """`lines` with each line that has a gap of `CELL_GAP` between words cut there into
    pieces (plain text, the line's size); `whole` records each piece's line."""
    try:
        words = textpage.extractWORDS()
    except Exception:  # no word boxes: lines stay whole
        return lines
    by_line: dict[tuple[int, int], list[tuple]] = {}
    for key, run in itertools.groupby(words, key=_WORD_LINE):  # a line's words come together
        by_line.setdefault(key, []).extend(part for word in run for part in _leaders_apart(word))
    cuts = _column_start_cuts(lines, by_line)
    out: list[Line] = []
    for line in lines:
        found = by_line.get(line.key) if line.key is not None else None
        pieces = _pieces(line, found, cuts.get(line.key, set())) if found and len(
            found) > 1 else None
        if not pieces:
            out.append(line)
            continue
        for piece in pieces:
            whole[id(piece)] = line
        out += pieces
    return out


def _leaders_apart(word: tuple) -> list[tuple]:
    """An `extractWORDS` word whose leader dots run into the amount after them
    ("income.......67,147": a tab stop's leaders written as text, set up to the amount
    right-aligned at the stop) as two words, the label with its dots and the amount; any
    other word alone. The word's box is shared out by its characters, a dot counted half
    a digit or letter wide (as in the common text faces), the label's box ending at its
    last letter: the dots are white between the two cells."""
    match = _LEADER_TO_AMOUNT.match(word[4])
    if match is None or not match[1]:
        return [word]  # dots alone before a number: a contents line's ("... 42"), left whole
    label, dots, amount = match.groups()
    x0, y0, x1, y1 = word[:4]
    unit = (x1 - x0) / (len(label) + len(amount) + len(dots) / 2)
    return [(x0, y0, x0 + unit * len(label), y1, label + dots, *word[5:]),
            (x1 - unit * len(amount), y0, x1, y1, amount, *word[5:])]


def _column_start_cuts(lines: list[Line],
                       by_line: dict[tuple[int, int], list[tuple]]) -> dict[Any, set[int]]:
    """Words that start a cell though they follow the word before by a space only:
    `Line.key` -> indexes of such words in its `extractWORDS` words.

    A spreadsheet sized to its text sets a right-aligned amount a space before the
    left-aligned text of the next column ("$5,941.24 AH-6951" as one line). That
    column's edge still shows: a line starts there (its header), and under it, row after
    row, a word starts there after a gap, and the words before those gaps end at one x
    (the amounts' right edge). Lines in a column, each within `MAX_ROW_GAP` line heights
    of the one above, the first a line starting at that x, the rest lines starting there
    or with such a word, `MIN_ROWS` and half of them with such a word, make those words
    cells' first words. (Two lines of a paragraph under a table can have words at one of
    its columns' edges, after words that end level, by chance.)"""
    # (x, line, word index or None, end of the word before it)
    marks: list[_Mark] = [(ln.bbox[0], ln, None, 0.0) for ln in lines]
    starts = sorted(m[0] for m in marks)
    for line in lines:
        words = by_line.get(line.key) if line.key is not None else None
        if not words or len(words) < 2:
            continue
        order = sorted(range(len(words)), key=lambda i: words[i][0])
        for a, b in zip(order, order[1:], strict=False):
            x = words[b][0]
            # Only a word near some line's start can be in a column with it.
            k = bisect.bisect_left(starts, x - COLUMN_SLACK)
            if x > words[a][2] and k < len(starts) and starts[k] <= x + COLUMN_SLACK:
                marks.append((x, line, b, words[a][2]))
    marks.sort(key=operator.itemgetter(0))
    cuts: dict[Any, set[int]] = {}
    group: list[_Mark] = []
    for mark in marks + [None]:
        if mark is not None and group and mark[0] - group[0][0] <= COLUMN_SLACK:
            group.append(mark)
            continue
        if sum(m[2] is not None for m in group) >= MIN_ROWS - 1:
            _cut_chains(sorted(group, key=lambda m: m[1].bbox[1]), cuts)
        group = [mark] if mark is not None else []
    return cuts


def _cut_chains(column: list[_Mark], cuts: dict[Any, set[int]]) -> None:
    """Marks of one x, top to bottom, into chains of lines close under one another;
    the words of the chains that begin with a line's start and hold enough words after
    level ends go to `cuts` (`_column_start_cuts`)."""
    chain: list[_Mark] = []
    for mark in column + [None]:
        if mark is not None and chain and mark[1].bbox[1] - chain[-1][1].bbox[3] <= (
                MAX_ROW_GAP * max(chain[-1][1].bbox[3] - chain[-1][1].bbox[1], 1.0)):
            if mark[1].bbox[1] >= chain[-1][1].bbox[3] - 0.5 * (mark[1].bbox[3] - mark[1].bbox[1]):
                chain.append(mark)
            continue
        ends = [m[3] for m in chain if m[2] is not None]
        if chain and chain[0][2] is None and len(ends) >= max(MIN_ROWS, len(chain) / 2) \
                and max(ends) - min(ends) <= COLUMN_SLACK:
            for _, line, index, _ in chain:
                if index is not None:
                    cuts.setdefault(line.key, set()).add(index)
        chain = [mark] if mark is not None else []


def _pieces(line: Line, words: list[tuple], starts: set[int]) -> list[Line] | None:
    """The line cut at wide gaps between its words (in visual order) and before the
    words of `starts` (`_column_start_cuts`); None if it is not cut.

    A piece's words are read left to right, or right to left when they are in a
    right-to-left script."""
    size = line.spans[0].size
    gap = CELL_GAP * max(size, 1.0)
    order = sorted(range(len(words)), key=[w[0] for w in words].__getitem__)
    leaders = {order[k] for k in _leader_dots([words[i][4] for i in order])}
    groups: list[list[int]] = [[order[0]]]
    right = words[order[0]][2]
    for i in order[1:]:
        w = words[i]
        if (w[0] - right >= gap or i in starts) and i not in leaders:
            groups.append([i])
        else:
            groups[-1].append(i)
        if w[2] > right:
            right = w[2]
    if len(groups) == 1 or _justified(groups, words, size):
        return None
    texts = _word_texts(line, words)
    pieces = []
    for group in groups:
        # Words right to left in a right-to-left cell: MuPDF keeps a line's words in
        # whichever order the engine wrote them.
        rtl = is_rtl(" ".join(texts[i] for i in group))
        group.sort(key=lambda i: -words[i][0] if rtl else words[i][0])
        box = (min(words[i][0] for i in group), line.bbox[1],
               max(words[i][2] for i in group), line.bbox[3])
        text = " ".join(texts[i] for i in group)
        # The style of the run the piece starts in (a bold label's, a plain value's).
        first = next((s for s in line.spans if s.text.strip()
                      and centre_in(tuple(words[group[0]][:4]), s.bbox, pad=0.5)), line.spans[0])
        span = Span(text=text, bbox=box, size=size, bold=first.bold, italic=first.italic,
                    mono=first.mono, font=first.font)
        origin = (box[0], line.origin[1]) if line.origin is not None else None
        pieces.append(Line(spans=[span], bbox=box, direction=line.direction,
                           source=line.source, origin=origin, key=line.key))
    return pieces


def _justified(groups: list[list[int]], words: list[tuple], size: float) -> bool:
    """True for a line of prose set justified: every word apart, the gaps between them
    all alike (justification spreads a line's spare width evenly over its word gaps),
    most words in lower case. A table's header of one-word cells can have even gaps
    too (each column as wide as its header plus padding), but its words are names."""
    if len(groups) < JUSTIFIED_MIN_WORDS or any(len(g) != 1 for g in groups):
        return False
    if sum(words[g[0]][4][:1].islower() for g in groups) * 2 < len(groups):
        return False
    gaps = [words[b[0]][0] - words[a[0]][2] for a, b in zip(groups, groups[1:], strict=False)]
    return max(gaps) - min(gaps) <= JUSTIFIED_GAP_SPREAD * max(size, 1.0)


def _word_texts(line: Line, words: list[tuple]) -> list[str]:
    """The words' texts cut from the line's own text where the letters add up: the line
    has the reader's repairs (right-to-left ligatures put back in order).

    The line reads its words in logical order, the word boxes come in the order they
    were written (a right-to-left label's words left to right, the number beside it
    last): each piece of the line's text goes to the word with the same letters."""
    compact = "".join(line.text.split())
    if len(compact) != sum(len(w[4]) for w in words):
        return [w[4] for w in words]
    out: dict[int, str] = {}
    at = 0
    while at < len(compact):  # the lengths add up: every word is taken once
        k = next((k for k, w in enumerate(words) if k not in out
                  and sorted(compact[at:at + len(w[4])]) == sorted(w[4])), None)
        if k is None:
            return [w[4] for w in words]
        out[k] = compact[at:at + len(words[k][4])]
        at += len(words[k][4])
    return [out[k] for k in range(len(words))]


def _rows(lines: list[Line]) -> list[_Row]:
    """Lines grouped into visual rows (`_level_rows`), each row's lines merged into cell
    segments at gaps under `SAME_CELL_GAP` sizes, except a line after an amount that
    starts where `MIN_ROWS` lines start (a spreadsheet's right-aligned amount a space
    before the next column's left-aligned text, written as lines of their own: the
    column's edge shows in its heading and the rows under it)."""
    rows = _join_centred(_level_rows(lines))
    starts = sorted(ln.bbox[0] for ln in lines)
    for row in rows:
        row.cells.sort(key=lambda seg: seg[0].bbox[0])
        leaders = _leader_dots(["".join(seg[0].text.split()) for seg in row.cells])
        merged: list[list[Line]] = []
        for k, seg in enumerate(row.cells):
            if merged:
                prev = merged[-1][-1]
                size = prev.spans[0].size if prev.spans else prev.bbox[3] - prev.bbox[1]
                x = seg[0].bbox[0]
                column_edge = NUMBER.match(prev.text) and bisect.bisect_right(
                    starts, x + COLUMN_SLACK) - bisect.bisect_left(starts, x - COLUMN_SLACK) \
                    >= MIN_ROWS
                # Pieces of one line were cut at cells' edges (`_split_at_cell_gaps`).
                if (seg[0].key is None or seg[0].key != prev.key) and not column_edge and \
                        x - prev.bbox[2] < _same_cell_gap(prev, seg[0]) * max(size, 1.0) or \
                        k in leaders:
                    merged[-1] += seg
                    continue
            merged.append(seg)
        row.cells = merged
    return _join_straddling(_join_wrapped(rows))


def _level_rows(lines: list[Line]) -> list[_Row]:
    """Lines grouped into visual rows (vertical overlap of at least half the smaller
    line), top to bottom, each line a cell of its own."""
    rows: list[_Row] = []
    for line in sorted(lines, key=lambda ln: ((ln.bbox[1] + ln.bbox[3]) / 2, ln.bbox[0])):
        y0, y1 = line.bbox[1], line.bbox[3]
        last = rows[-1] if rows else None
        if last is not None:
            overlap = min(last.bottom, y1) - max(last.top, y0)
            if overlap >= 0.5 * min(last.height, y1 - y0):
                last.cells.append([line])
                last.top, last.bottom = min(last.top, y0), max(last.bottom, y1)
                continue
        rows.append(_Row(y0, y1, [[line]], y1 - y0))
    return rows


def _join_centred(rows: list[_Row]) -> list[_Row]:
    """Visual rows joined where a cell of two lines is set centred on its row's one-line
    cells (a browser centres a table cell in its row): its first line overlaps theirs from
    above and its second from below, by less than half a line each, so `_level_rows` made
    a row of one of them or of both. The rows over and under a row that overlap it join
    it when their lines pair off into such cells (`_centred_cells`)."""
    out: list[_Row] = []
    k = 0
    while k < len(rows):
        row = rows[k]
        above = out[-1] if out and out[-1].bottom > row.top else None
        below = rows[k + 1] if k + 1 < len(rows) and rows[k + 1].top < row.bottom else None
        found = None
        if above is not None or below is not None:
            near = _lines_near(rows, k, NEAR_LINES * row.height)
            # Both rows, else either alone (the other one's lines pairing with none).
            tries = [(above, below), (above, None), (None, below)]
            found = next(((over, under, cells) for over, under in tries if over or under
                          if (cells := _centred_cells(row, over, under, near)) is not None),
                         None)
        if found is None:
            out.append(row)
            k += 1
            continue
        over, under, cells = found
        if over is not None:
            out.pop()
        joined = [r for r in (over, row, under) if r is not None]
        out.append(_Row(joined[0].top, max(r.bottom for r in joined), cells, row.height))
        k += 1 if under is None else 2
    return out


def _lines_near(rows: list[_Row], k: int, reach: float) -> list[Line]:
    """The lines of the rows around `rows[k]` (rows by their middles, top to bottom) that
    lie within `reach` points of it."""
    lo, hi = rows[k].top - reach, rows[k].bottom + reach
    start, end = k, k + 1
    while start > 0 and rows[start - 1].bottom >= lo:
        start -= 1
    while end < len(rows) and rows[end].top <= hi:
        end += 1
    return [ln for r in rows[start:end] for seg in r.cells for ln in seg]


def _centred_cells(row: _Row, above: _Row | None, below: _Row | None,
                   near: list[Line]) -> list[list[Line]] | None:
    """The cells of `row` with the lines of `above` and `below` paired off into cells of
    two lines centred on it, `CENTRED_ROW_CELLS` or more; None unless each line of
    `above` has its next line (`_next_line`) in `row`, where `row` has a cell in its
    column, else in `below`; each line of `below` not so taken has its line over it in
    `row`; each pair is a cell of its own, no line of those `near` it going on from it
    (`_goes_on`: the lines of a paragraph, or of a taller cell, run on); each pair's
    middle is level, within `CENTRE_SLACK` line heights, with the middle of `row`'s
    lines left alone; and the row so made stands apart, no other line `near` it reaching
    into it (a table's rows are padded)."""
    rows = [r for r in (above, row, below) if r is not None]
    if any(len(seg) > 1 for r in rows for seg in r.cells):
        return None  # a row joined already
    own = [seg[0] for seg in row.cells]
    unders = [seg[0] for seg in below.cells] if below is not None else []
    pairs: list[list[Line]] = []
    paired: set[int] = set()
    for seg in above.cells if above is not None else []:
        column = [ln for ln in own if _overlaps(_span(seg), _span([ln]))]
        second = next((ln for ln in column or unders if _next_line(seg[0], ln)), None)
        if second is None or id(second) in paired:
            return None
        pairs.append([seg[0], second])
        paired |= {id(seg[0]), id(second)}
    for line in unders:
        if id(line) not in paired:
            first = next((ln for ln in own if id(ln) not in paired and _next_line(ln, line)),
                         None)
            if first is None:
                return None
            pairs.append([first, line])
            paired |= {id(first), id(line)}
    alone = [ln for ln in own if id(ln) not in paired]
    if not pairs or not alone or len(pairs) + len(alone) < CENTRED_ROW_CELLS:
        return None
    middle = sorted((ln.bbox[1] + ln.bbox[3]) / 2 for ln in alone)[len(alone) // 2]
    if any(abs((a.bbox[1] + b.bbox[3]) / 2 - middle) > CENTRE_SLACK * row.height
           or any(_goes_on(a, b, ln) for ln in near) for a, b in pairs):
        return None
    cells = [[ln] for ln in alone] + pairs
    mine = {id(ln) for cell in cells for ln in cell}
    top, bottom = min(c[0].bbox[1] for c in cells), max(c[-1].bbox[3] for c in cells)
    if any(min(bottom, ln.bbox[3]) - max(top, ln.bbox[1]) > 0.2 * row.height
           for ln in near if id(ln) not in mine):
        return None  # lines beside it reach into it: lines of text columns side by side
    return sorted(cells, key=lambda c: _span(c)[0])


def _goes_on(first: Line, second: Line, line: Line) -> bool:
    """True when `line`, in the column of the two lines `first` and `second`, stands no
    further over the first or under the second than they stand apart, baseline to
    baseline (within `BASELINE_SLACK` line heights): the column's text runs on (a cell's
    lines stand closer than its row stands to the next, by its padding: a point or two)."""
    pitch, height = second.baseline - first.baseline, max(first.bbox[3] - first.bbox[1], 1.0)
    step = max(first.baseline - line.baseline, line.baseline - second.baseline)
    return _overlaps(_span([first]), _span([line])) and 0 < step <= pitch + \
        BASELINE_SLACK * height


def _next_line(first: Line, second: Line) -> bool:
    """True when `second` is the line under `first` in one cell: flush with it at the left
    or the right (within `COLUMN_SLACK`; a fraction's numerator and denominator are
    centred on each other), a line gap under it (`WRAP_GAP`), in its style."""
    height = max(first.bbox[3] - first.bbox[1], 1.0)
    gap = second.bbox[1] - first.bbox[3]
    return (min(abs(first.bbox[0] - second.bbox[0]), abs(first.bbox[2] - second.bbox[2]))
            <= COLUMN_SLACK and -0.2 * height <= gap <= WRAP_GAP * height
            and _style(first.spans[-1]) == _style(second.spans[0]))


def _leader_dots(texts: list[str]) -> set[int]:
    """Indexes of `texts` (a row's words or pieces, left to right) that are leader dots:
    runs of `MIN_LEADER_DOTS` or more texts of nothing but dots. TeX sets leader dots wide
    apart, each on its own; they stay with the label they follow. A lone "·" or "…" is
    a cell of its own (a table of symbols)."""
    out: set[int] = set()
    run: list[int] = []
    for k, text in enumerate([*texts, ""]):
        if text and _DOTS.fullmatch(text):
            run.append(k)
            continue
        if len(run) >= MIN_LEADER_DOTS:
            out.update(run)
        run = []
    return out


def _same_cell_gap(left: Line, right: Line) -> float:
    """Font sizes under which line `right` beside line `left` is in the same cell: two
    lines of right-to-left text alone a space apart are one line MuPDF kept apart (it cuts
    such a line only where it holds Latin words or numbers), so cells set closer than
    `SAME_CELL_GAP` (a right-to-left header's) stay apart."""
    if is_one_rtl_run(left.text) and is_one_rtl_run(right.text):
        return SPACE_WIDTH
    return SAME_CELL_GAP


def _span(seg: list[Line]) -> tuple[float, float]:
    if len(seg) == 1:  # most cells are one line; asked for again and again
        box = seg[0].bbox
        return box[0], box[2]
    return min(ln.bbox[0] for ln in seg), max(ln.bbox[2] for ln in seg)


def _join_wrapped(rows: list[_Row]) -> list[_Row]:
    """Visual rows joined where cells wrap onto more lines: a row with fewer cells than
    the one above (or as many, all bold: a header) whose every cell sits directly under
    a cell of it (line-gap apart) is those cells' next lines; and a row with fewer cells
    directly above a fuller one is its cells' first lines (cells set in the middle or at
    the bottom of a tall row). A row that could be either, the next lines of the row
    above or the first lines of the row below, goes to the one it is closer to: labels
    set in the middle of their rows have their first line just over the next lines. A
    section's title over indented rows (`_title_over_indented`) joins neither."""
    out: list[_Row] = []
    title = False  # whether the row last put out is a section's title: nothing joins it
    for k, row in enumerate(rows):
        last = out[-1] if out and not title else None
        below = rows[k + 1] if k + 1 < len(rows) else None
        title = below is not None and _title_over_indented(row, below)
        if title:
            out.append(row)
            continue
        wraps = last is not None and _every_cell_wraps(out, row, below, rows[max(0, k - 12):k + 12])
        if last is not None and row.cells and _continues(last, row, wraps) and not (
                below is not None and _continues(row, below) and _nearer_below(last, row, below)):
            for seg in row.cells:
                x0, x1 = _span(seg)
                home = next((c for c in last.cells if _overlaps(_span(c), (x0, x1))), None)
                if home is None:
                    last.cells.append(seg)
                else:
                    home += seg
            last.cells.sort(key=lambda c: _span(c)[0])
            last.top, last.bottom = min(last.top, row.top), max(last.bottom, row.bottom)
            continue
        out.append(row)
    return out


def _title_over_indented(row: _Row, below: _Row) -> bool:
    """True when `row` is one line over a row of several cells whose first cell is
    indented under it, each starting with a capital or a figure: a statement's section
    title over its items ("Current assets" over "  Cash at bank  12,400"), not a
    wrapped label's first line (its next line starts where it does, or in lower case
    under a hanging indent)."""
    if len(row.cells) != 1 or len(row.cells[0]) != 1 or len(below.cells) < MIN_COLUMNS:
        return False
    line, item = row.cells[0][0], min(below.cells[0], key=lambda ln: ln.bbox[1])
    return (item.bbox[0] - line.bbox[0] > COLUMN_SLACK and item.bbox[0] < line.bbox[2]
            and not line.text.lstrip()[:1].islower() and not item.text.lstrip()[:1].islower())


def _nearer_below(above: _Row, row: _Row, below: _Row) -> bool:
    """True when each cell of `row` is closer to the cell under it in `below` than to the
    one over it in `above`, by a tenth of a line height or more."""
    for seg in row.cells:
        span = _span(seg)
        over = [ln for c in above.cells if _overlaps(_span(c), span) for ln in c]
        under = [ln for c in below.cells if _overlaps(_span(c), span) for ln in c]
        if not over or not under:
            return False
        up = min(ln.bbox[1] for ln in seg) - max(ln.bbox[3] for ln in over)
        down = min(ln.bbox[1] for ln in under) - max(ln.bbox[3] for ln in seg)
        if down > up - 0.1 * max(seg[0].bbox[3] - seg[0].bbox[1], 1.0):
            return False
    return True


def _join_straddling(rows: list[_Row]) -> list[_Row]:
    """A row of fewer cells set across the boundary of the two rows around it (it
    overlaps both, in columns where neither has a cell) is a cell spanning those two
    rows, set in the middle of them: it joins both (a cell spanning rows repeats down, as
    in ruled tables)."""
    out: list[_Row] = []
    for k, row in enumerate(rows):
        above = out[-1] if out else None
        below = rows[k + 1] if k + 1 < len(rows) else None
        if above is not None and below is not None and _straddles(above, row, below):
            for target in (above, below):
                target.cells = sorted(target.cells + row.cells, key=lambda c: _span(c)[0])
            continue
        out.append(row)
    return out


def _straddles(above: _Row, row: _Row, below: _Row) -> bool:
    """True when `row` overlaps the rows around it, which hold their cells in the same
    columns, or `above` fewer cells, all over the span of `below`'s (two rows of one
    table, the second under a row of group labels, not lines of paragraphs side by
    side), and its cells lie in columns where neither has one."""
    if len(row.cells) >= len(above.cells) or len(above.cells) > len(below.cells):
        return False
    if not (row.top < above.bottom and row.bottom > below.top and above.bottom <= below.top):
        return False
    if len(above.cells) < len(below.cells):
        left, right = _span(below.cells[0])[0], _span(below.cells[-1])[1]
        if not all(left - COLUMN_SLACK <= _span(a)[0] and _span(a)[1] <= right + COLUMN_SLACK
                   for a in above.cells):
            return False
    elif not all(_overlaps(_span(a), _span(b)) for a, b in zip(above.cells, below.cells,
                                                                strict=True)):
        return False
    spans = [_span(c) for c in above.cells + below.cells]
    return not any(_overlaps(_span(seg), span) for seg in row.cells for span in spans)


def _every_cell_wraps(out: list[_Row], row: _Row, below: _Row | None,
                      near: list[_Row]) -> bool:
    """True when `row`, under the last row of `out` with as many cells (two or more),
    holds the next lines of all of its cells: the two stand closer than the row above them
    stands to the one before it, or `below` to `row` (rows of as many cells: the table's),
    by `ROW_PAD` line heights (rows are padded; a cell's lines are set at its line gap);
    no cell of `row` is a number; and the first word under each cell's last line would
    not have fitted after it before its column's edge (`_room`), an edge that some wider
    line of a column shows (when every line over the row is its column's widest, nothing
    says they are full)."""
    group = out[-1]
    if len(row.cells) != len(group.cells) or len(row.cells) < MIN_COLUMNS:
        return False
    height = max(row.line_height, 1.0)
    gap = row.top - group.bottom
    apart = [b.top - a.bottom for a, b in ((out[-2] if len(out) > 1 else None, group),
                                           (row, below))
             if a is not None and b is not None and len(a.cells) == len(b.cells)]
    if not apart or max(apart) - gap < ROW_PAD * height:
        return False
    known = False
    for cell, seg in zip(group.cells, row.cells, strict=True):
        line, under = max(cell, key=lambda ln: ln.bbox[3]), seg[0]
        if not under.text.split() or NUMBER.match(under.text):  # a figure under a label:
            return False  # the next row
        word = first_word_width(under.bbox, under.text)
        room = _room(line, near)
        if word + SPACE_WIDTH * max(line.spans[0].size, 1.0) <= room:
            return False
        known = known or room > COLUMN_SLACK
    return known


def _room(line: Line, near: list[_Row]) -> float:
    """Points between the end of `line` and the edge of its column: where the widest line
    ends among the cells that start (right to left: end) where it does in those of the
    `near` rows that have several cells (a paragraph above or below the table may start
    where its first column does)."""
    rtl = is_rtl(line.text)
    edge = 2 if rtl else 0
    column = [ln for r in near if len(r.cells) >= MIN_COLUMNS for seg in r.cells for ln in seg
              if abs(ln.bbox[edge] - line.bbox[edge]) <= COLUMN_SLACK] or [line]
    if rtl:
        return line.bbox[0] - min(ln.bbox[0] for ln in column)
    return max(ln.bbox[2] for ln in column) - line.bbox[2]


def _continues(group: _Row, row: _Row, wraps: bool = False) -> bool:
    """True when `row` holds the next lines of cells of `group` (see `_join_wrapped`).

    A row with as many cells is the next row, unless every cell of `group` wraps into it
    (`wraps`: `_every_cell_wraps`) or both are set in bold throughout: header cells that
    all wrap (the body under a header is plain), where no cell repeats the line above it
    (bold "yes" and "no" boxes row after row are rows)."""
    if len(row.cells) == len(group.cells) and not wraps and (not all(
            span.bold for r in (group, row) for seg in r.cells for ln in seg
            for span in ln.spans if span.text.strip()) or _repeats_above(group, row)):
        return False
    homes: set[int] = set()
    own: list[list[Line]] = []  # cells of `row` with nothing over them
    for seg in row.cells:
        span = _span(seg)
        home = [c for c in group.cells if _overlaps(_span(c), span)]
        if len(home) > 1 or (home and id(home[0]) in homes):
            return False  # a line across several cells, or cells under one line: no wrap
        if not home:
            own.append(seg)
            continue
        homes.add(id(home[0]))
        above = max(home[0], key=lambda ln: ln.bbox[3])
        below = min(seg, key=lambda ln: ln.bbox[1])
        if (NUMBER.match(above.text) and NUMBER.match(below.text)
                and not above.text.rstrip().endswith("-")):  # "2025-" / "02-08" is broken
            return False
        if _style(above.spans[-1]) != _style(below.spans[0]):
            return False  # a bold header over a plain body cell: two rows
        height = max(above.bbox[3] - above.bbox[1], 1.0)
        gap = min(ln.bbox[1] for ln in seg) - above.bbox[3]
        if gap < -0.2 * height or gap > _wrap_limit(home[0], height):
            return False
    # The fuller row may bring cells of its own (a row's cells set low in a tall row; a
    # contents entry's wrapped title and its page, under its number). A worded cell of
    # `group` with nothing under it, beside cells going on, over a row whose own cells are
    # words too, is a heading spanning down beside a row of group labels over their
    # headings: two header rows. The sparser row may not bring cells of its own, unless it
    # is the later, shorter continuation (every cell of `row` then sits under one above).
    if len(row.cells) > len(group.cells):
        alone = [c for c in group.cells if id(c) not in homes]
        return bool(homes) and not (alone and all(
            not NUMBER.match(_cell_text(c)) for c in alone + own))
    return bool(homes) and len(homes) == len(row.cells)


def _repeats_above(group: _Row, row: _Row) -> bool:
    """True when a cell of `row` reads as the last line of the cell of `group` above it."""
    return any(seg[0].text.strip() == cell[-1].text.strip()
               for seg, cell in zip(row.cells, group.cells, strict=True))


def _style(span: Span) -> tuple[str, float, bool]:
    return span.font, round(span.size, 1), span.bold


def _wrap_limit(cell: list[Line], height: float) -> float:
    """Largest gap under the cell's last line that still continues it: its own line gap
    (when it already has two lines) plus a little, else `WRAP_GAP` line heights."""
    ys = sorted((ln.bbox[1], ln.bbox[3]) for ln in cell)
    gaps = [b[0] - a[1] for a, b in zip(ys, ys[1:], strict=False) if b[0] >= a[1] - 0.2 * height]
    if gaps:
        return max(0.0, min(gaps)) + WRAP_GAP_SLACK * height
    return WRAP_GAP * height


def _overlaps(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return min(a[1], b[1]) - max(a[0], b[0]) > 0


def _grid(run: list[_Row]) -> list[list[list[Line]]]:
    """The run's lines by row and column (`_columns`), each cell its lines. A first
    row's label in one column but centred over it and the empty column before it, both
    headed in the second row, is a group's label over both, in the first
    (`_centred_over_pair`)."""
    columns = _columns(run)
    grid: list[list[list[Line]]] = []
    for r, row in enumerate(run):
        cells: list[list[Line]] = [[] for _ in columns]
        for index, seg in enumerate(row.cells):
            x0, x1 = _span(seg)
            k = next((i for i, (a, b) in enumerate(columns) if a - COLUMN_SLACK <= x0 and
                      x1 <= b + COLUMN_SLACK), None)
            if k is None:  # a label over several columns (`_labels_over`), in the first
                k = next((i for i, c in enumerate(columns) if _overlaps(c, (x0, x1))),
                         index)  # or a header's cell apart: `_heads_fit`
            cells[k] += seg
        if r == 1:  # headings under a first row of group labels
            head = grid[0]
            for k in range(1, len(columns)):
                if head[k] and not head[k - 1] and cells[k - 1] and cells[k] and \
                        _centred_over_pair(_span(head[k]), columns[k - 1], columns[k]):
                    head[k - 1], head[k] = head[k], []
        grid.append(cells)
    return grid


def _centred_over_pair(span: tuple[float, float], left: tuple[float, float],
                       right: tuple[float, float]) -> bool:
    """True when `span` is centred over the neighbouring columns `left` and `right`
    together (within `LABEL_CENTRE` of their width) and over neither alone: a group's
    label set over two columns, narrower than one of them."""
    middle = (span[0] + span[1]) / 2
    return abs(middle - (left[0] + right[1]) / 2) <= LABEL_CENTRE * (right[1] - left[0]) \
        and all(abs(middle - (a + b) / 2) > LABEL_CENTRE * (b - a) for a, b in (left, right))


def _tables_in(run: list[_Row], whole: dict[int, Line], drawn: Drawn,
               page: Any) -> list[AlignedTable]:
    columns = _columns(run)
    if len(columns) < MIN_COLUMNS:
        return []
    grid = _grid(run)
    if _is_contents(grid):
        return [_contents(grid, whole)]  # "Methods . . . 5": one entry a line
    beside = _contents_beside(grid)
    if beside is not None:
        return [_contents(beside, whole)]  # the other column's lines stay text
    if all(_median_words(row[k] for row in grid) >= PROSE_LINE_WORDS
           for k in range(len(columns))):
        return []  # paragraphs side by side (cards, text columns): no cell is short
    texts = [[_cell_text(c) for c in row] for row in grid]
    filled = [t for row in texts for t in row if t]
    if len(filled) < MIN_FILLED * len(columns) * len(run):
        return []
    if sum(len(t.split()) for t in filled) > MAX_CELL_WORDS * len(filled):
        return []
    if any(sum(1 for row in texts if row[k]) < MIN_CELL_ROWS for k in range(len(columns))):
        return []
    if all(not row[0] or LONE_MARKER.match(row[0]) or _REFERENCE.match(row[0])
           for row in texts) or _line_numbers(texts) or _numbered_titles(
            texts) or _one_symbol([row[0] for row in texts]) or _marked_items(texts) or \
            _index_entries(texts) or _wrapped_entries(texts):
        return []  # bullets, numbers or "[12]" beside their items: a list; numbered lines
    if _words_in_columns(grid, texts):
        return []  # names set in columns (the packages a class needs): a list
    if any(_justified_prose([row[k] for row in grid]) for k in range(len(columns))):
        return []  # a column of a page set in two, beside the other's lines
    if _justified_lines(run):
        return []  # lines of a justified paragraph, cut at their widest spaces
    if all(_EQUATION_NUMBER.match(row[-1]) for row in texts if row[-1]):
        return []  # displayed equations and their numbers
    if _framed_apart(grid, drawn.shapes()):
        return []  # boxes of a diagram, lining up by chance
    if _boxes_side_by_side(grid, drawn.rules(), drawn.verticals):
        return []  # a form's boxes side by side, each read whole
    if _labelled_values(texts) or _sorted_entries(texts):
        return [_entries(grid, whole, range(len(grid)))]  # "Advisor: Dr. Name"; an index
    cells = [ln for row in run for seg in row.cells for ln in seg]
    lines = list({id(w): w for w in (whole.get(id(ln), ln) for ln in cells)}.values())
    if page is not None:
        _glyph_texts(texts, grid, page)
    worded = [t for row in texts for t in row if any(c.isalpha() for c in t)]
    if sum(is_rtl(t) for t in worded) * 2 > len(worded):
        texts, grid = [row[::-1] for row in texts], [row[::-1] for row in grid]
    _repeat_spanning_labels(grid, texts)
    return [AlignedTable(bbox=_box(cells), rows=texts, lines=lines, cells=cells)]


def _framed_apart(grid: list[list[list[Line]]], shapes: list[BBox]) -> bool:
    """True when two or more columns of the grid each have lines of two rows or more in
    a closed shape that holds no line of another column: the boxes of a diagram (a class
    diagram's classes, a flow chart's steps) or cards side by side, whose lines line up
    by chance. A table's fills and frames hold one row (a shaded row, a coloured cell) or
    all its columns (a frame round it)."""
    columns = [[(r, ln) for r, row in enumerate(grid) for ln in row[k]]
               for k in range(len(grid[0]))]
    x0, y0, x1, y1 = _box([ln for column in columns for _, ln in column])
    near = [s for s in shapes if s[0] < x1 and s[2] > x0 and s[1] < y1 and s[3] > y0]
    owned = 0
    for k, column in enumerate(columns):
        others = [ln for j, other in enumerate(columns) if j != k for _, ln in other]
        if any(len({r for r, ln in column if centre_in(ln.bbox, shape)}) >= 2
               and not any(centre_in(ln.bbox, shape) for ln in others) for shape in near):
            owned += 1
    return owned >= 2


def _boxes_side_by_side(grid: list[list[list[Line]]], rules: list[Rule],
                        verticals: Callable[[], list[VerticalRule]]) -> bool:
    """True when two neighbouring columns of the grid, a few points apart (`BOX_GAP` line
    heights) or parted by a vertical rule down all the grid's rows, each have a
    horizontal rule between the grid's rows end at the white between them with none at
    that height on the other side: boxes side by side, each side's boxes ending where
    the other's go on (a form's panels parted by a rule, their lines level by chance; a
    tax form's labels end well short of the rule between its two columns of boxes). A
    table's rules between rows run across its columns, stop at its gaps on both sides
    alike, or, under a merged cell, on one side only."""
    lines = [ln for row in grid for cell in row for ln in cell]
    _, top, _, bottom = _box(lines)
    height = _median_height(lines)
    inside = [rule for rule in rules if top < rule[0] < bottom]
    for k in range(len(grid[0]) - 1):
        left = max(ln.bbox[2] for row in grid for ln in row[k])
        right = min(ln.bbox[0] for row in grid for ln in row[k + 1])
        if right - left > BOX_GAP * height and not any(
                left < x < right and y0 <= top and bottom <= y1 for x, y0, y1 in verticals()):
            continue
        ends = [(y, x1 <= right + BOX_RULE_END) for y, x0, x1 in inside
                if left - BOX_RULE_END <= x1 <= right + BOX_RULE_END
                or left - BOX_RULE_END <= x0 <= right + BOX_RULE_END]
        alone = {from_left for y, from_left in ends if not any(
            abs(y - other) <= 1 and side != from_left for other, side in ends)}
        if alone == {True, False}:
            return True
    return False


def _line_numbers(texts: list[list[str]]) -> bool:
    """True when the first column of `texts` holds the numbers of the lines beside them:
    each filled cell one more than the one before, no heading over them (a listing's or
    a draft's line numbers; a table numbering its rows heads that column), and words
    beside them (a table of figures numbering its rows without a header is a table)."""
    numbers = [row[0] for row in texts if row[0]]
    return len(numbers) >= MIN_ROWS and all(text.isdigit() for text in numbers) and all(
        int(b) == int(a) + 1 for a, b in zip(numbers, numbers[1:], strict=False)) and not all(
        NUMBER.match(text) for row in texts for text in row[1:] if text)


def _marked_items(texts: list[list[str]]) -> bool:
    """True when half the filled cells or more start with a list marker before their text
    (`_MARKED_ITEM`): a list set in columns (numbered lines run down one column and on in
    the next, the entries of a navigation panel, a multiple choice's answers side by
    side), not a table."""
    filled = [text for row in texts for text in row if text]
    return sum(1 for text in filled if _MARKED_ITEM.match(text)) * 2 >= len(filled)


def _index_entries(texts: list[list[str]]) -> bool:
    """True when more than half the rows hold a cell ending in a list of page numbers
    (`_PAGE_LIST`, a list cut after a comma too) or starting with leader dots cut from its
    entry: a book's index set in columns, its entries, leaders and page numbers parted at
    their gaps, not a table (a table's figures are one number a cell, and no cell ends
    in a comma after a number). Once some row shows such a list, an entry of words and
    its one page in a cell ("graphicx (package) 5", `_ENTRY_PAGE`) counts too: an index
    whose entries keep their pages in the same cell, the two columns of the page side by
    side."""
    listed = [any(_PAGE_LIST.search(t) or _CUT_LEADER.match(t) for t in row) for row in texts]
    paged = sum(1 for row, lists in zip(texts, listed, strict=True)
                if lists or any(_ENTRY_PAGE.match(t) for t in row))
    return any(listed) and paged * 2 > len(texts)


def _wrapped_entries(texts: list[list[str]]) -> bool:
    """True when the last column, and any other holding page numbers alone
    (`_PAGE_NUMBERS`), has no heading (its first cell empty or a number), and these
    columns are empty in a quarter of their body rows or more, mostly where the column
    of words before goes on: entries wrapped over several lines, each page number level
    with an entry's last line (a change history or an index set in columns), the pages
    of a column repeating or going down somewhere (a form numbers its lines 1, 2, 3). A
    table heads its columns of figures, and a cell's wrapped lines join into one row."""
    pages = [k for k in range(1, len(texts[0]))
             if all(_PAGE_NUMBERS.match(row[k]) for row in texts if row[k])]
    if len(texts[0]) - 1 not in pages or any(
            texts[0][k] and not _PAGE_NUMBERS.match(texts[0][k]) for k in pages):
        return False
    if all(_counts_up([int(row[k].split()[0].rstrip(",")) for row in texts if row[k]])
           for k in pages):
        return False  # a form's line numbers, each line its own
    open_cells = [row[k - 1] for k in pages for row in texts[1:] if not row[k]]
    going_on = sum(1 for text in open_cells if any(c.isalpha() for c in text))
    return len(open_cells) * 4 >= len(pages) * (len(texts) - 1) and \
        going_on * 2 >= len(open_cells)


def _counts_up(numbers: list[int]) -> bool:
    """True when each number is greater than the one before."""
    return all(b > a for a, b in itertools.pairwise(numbers))


def _sorted_entries(texts: list[list[str]]) -> bool:
    """True for two columns whose second holds page numbers alone, no heading over them,
    beside entries in alphabetical order, `MIN_ROWS` or more of them worded ("\\headheight",
    "helvet (package)", "hyperref (package)"): an index whose entries have one page each,
    its leader dots dropped, an entry's further pages on rows of their own. A table
    heads its column of figures; a contents list runs in page order (`_is_contents`).
    Each row is one entry a line."""
    if len(texts[0]) != 2 or not all(page.isdigit() for _, page in texts if page):
        return False
    keys = ["".join(filter(str.isalpha, entry.casefold())) for entry, _ in texts]
    keys = [key for key in keys if key]
    return len(keys) >= MIN_ROWS and keys == sorted(keys)


def _one_symbol(texts: list[str]) -> bool:
    """True when `texts`, a first column, are one sign that is no word or number, the same
    in every row ("⇒" before each example): markers of a list, as `LONE_MARKER`'s are. A
    cell of several ("* * *" down a wrapped row) is a table's column of signs."""
    return len(set(texts)) == 1 and len(texts[0]) == 1 and not texts[0].isalnum() \
        and not texts[0].isspace()


def _numbered_titles(texts: list[list[str]]) -> bool:
    """True for two columns of section numbers, some of several levels ("3.4.1"), and
    the titles beside them: numbered headings set with a quad between, not a table."""
    return len(texts[0]) == 2 and all(
        _SECTION_NUMBER.match(number) and title[:1].isalpha() for number, title in texts) and any(
        _SUBSECTION.match(number) for number, _ in texts)


def _words_in_columns(grid: list[list[list[Line]]], texts: list[list[str]]) -> bool:
    """True for three columns or more whose every cell is one word of letters ("xkeyval",
    "etoolbox"), all set in one style: names set in columns, running on row after row, no
    heading over them. A table's first row heads its columns, set apart (bold, another
    font), or a cell holds a figure or a phrase."""
    spans = [span for row in grid for cell in row for ln in cell for span in ln.spans
             if span.text.strip()]
    return len(texts[0]) >= LIST_COLUMNS and all(
        len(text.split()) == 1 and text[:1].isalpha() for row in texts for text in row
        if text) and len({_style(span) for span in spans}) == 1


def _justified_prose(column: list[list[Line]]) -> bool:
    """True when `column` holds lines of justified prose, not cells: `MIN_ROWS` or more
    of its cells, and half of them, are single lines of `PROSE_LINE_WORDS` words or more
    ending at one x (a text column's right edge). Cells of a table's column end ragged,
    or right-aligned with a few words each; a cell's own wrapped lines are one cell."""
    filled = [cell for cell in column if cell]
    ends = sorted(cell[0].bbox[2] for cell in filled
                  if len(cell) == 1 and len(_cell_text(cell).split()) >= PROSE_LINE_WORDS)
    level = max((bisect.bisect_right(ends, end + COLUMN_SLACK) - k
                 for k, end in enumerate(ends)), default=0)
    return level >= MIN_ROWS and level * 2 >= len(filled)


def _justified_lines(run: list[_Row]) -> bool:
    """True when every row of the run is one visual line of `PROSE_LINE_WORDS` words or
    more, all from one left edge to one right edge, and most of their words are in lower
    case: lines of a justified paragraph that MuPDF or `_split_at_cell_gaps` cut where
    justification set their spaces wide (a sentence's end, a word in another font), the
    pieces of a few lines lining up by chance. A table's rows that fill its width (figures
    set right) are names, figures and units."""
    words = [w for row in run for seg in row.cells for ln in seg for w in ln.text.split()]
    if sum(w[:1].islower() for w in words) * 2 < len(words):
        return False
    left = min(_span(seg)[0] for row in run for seg in row.cells)
    right = max(_span(seg)[1] for row in run for seg in row.cells)
    for row in run:
        lines = [ln for seg in row.cells for ln in seg]
        if len(_level_rows(lines)) > 1 or _visual_line_words(lines) < PROSE_LINE_WORDS:
            return False
        if _span(row.cells[0])[0] > left + COLUMN_SLACK or \
                _span(row.cells[-1])[1] < right - COLUMN_SLACK:
            return False
    return True


def _repeat_spanning_labels(grid: list[list[list[Line]]], texts: list[list[str]]) -> None:
    """Labels that span rows repeated into each row they span, as a ruled table's merged
    cells are (`tables._covering`), column by column from the last (in reading order):
    an inner group's labels are in place before the outer group's rows are looked at.

    Without rules a spanning label shows as body rows whose cell in its column is empty
    (their cells after it all filled) next to a label. Where it sits tells which rows it
    spans: a table that sets such labels in the middle of their rows (one straddling
    two rows is in both, `_join_straddling`; or an empty first cell before the first
    label) has each label halfway down its span, as many rows under it as over it; a
    table that sets them at the top has them on the first row of their span. Past the
    first column, where a blank cell is as often a figure not given, only labels set in
    the middle count, and only when one straddles two rows or two span rows. Rows that
    fit neither stay as they are."""
    for k in range(len(texts[0]) - 1, -1, -1):
        for r, label in _spanned_rows(grid, texts, k).items():
            texts[r][k] = texts[label][k]


def _spanned_rows(grid: list[list[list[Line]]], texts: list[list[str]],
                  k: int) -> dict[int, int]:
    """Body rows of column `k` that a label spanning rows covers -> the label's row; {}
    for a column whose blank cells fit no spanning labels (`_repeat_spanning_labels`)."""
    body = range(1, len(texts))
    open_rows = [r for r in body if not texts[r][k] and all(texts[r][k + 1:])]
    labels = [r for r in body if texts[r][k]]
    if not open_rows or not labels:
        return {}
    # A label's rows: runs of rows holding the same lines (a straddling label).
    spans: list[list[int]] = []
    for r in labels:
        if spans and spans[-1][-1] == r - 1 and grid[r][k] == grid[r - 1][k]:
            spans[-1].append(r)
        else:
            spans.append([r])
    straddling = any(len(rows) > 1 for rows in spans)
    middle = straddling or open_rows[0] < labels[0]
    if k and not middle:
        return {}
    owner: dict[int, int] = {}  # open row -> the label row whose text it takes
    free = set(open_rows)
    for rows in spans:
        if middle:
            above = 0
            while rows[0] - above - 1 in free:
                above += 1
            taken = [*range(rows[0] - above, rows[0]), *range(rows[-1] + 1, rows[-1] + 1 + above)]
            if not free.issuperset(taken):
                return {}  # not halfway down its span: the table is read as it is
        else:
            taken = []
            while rows[-1] + len(taken) + 1 in free:
                taken.append(rows[-1] + len(taken) + 1)
        for r in taken:
            owner[r] = rows[0]
            free.discard(r)
    if middle and free:
        return {}
    if k and not straddling and len(set(owner.values())) < 2:
        return {}
    return owner


def _glyph_texts(texts: list[list[str]], grid: list[list[list[Line]]], page: Any) -> None:
    """Right-to-left cells of `texts` (edited in place) from the glyphs of their lines'
    boxes on `page`, each visual line in logical order (`native.glyph_lines`)."""
    rtl = [(r, k) for r, row in enumerate(texts) for k, text in enumerate(row) if is_rtl(text)]
    if not rtl:
        return
    boxes = [_box(grid[r][k]) for r, k in rtl]
    for (r, k), cell_lines in zip(rtl, glyph_lines(page, boxes), strict=True):
        texts[r][k] = _LEADER.sub("", join_cell_lines(cell_lines)) or texts[r][k]


def _box(lines: list[Line]) -> BBox:
    """The box around `lines`."""
    return (min(ln.bbox[0] for ln in lines), min(ln.bbox[1] for ln in lines),
            max(ln.bbox[2] for ln in lines), max(ln.bbox[3] for ln in lines))


def _columns(run: list[_Row]) -> list[tuple[float, float]]:
    """The x-ranges covered by the run's cell segments, merged where they overlap: the
    white stripes between them go through every row.

    A header whose cells stand apart from the body's columns (a spreadsheet's headings
    sit at the left of their cells, the amounts under them at the right) is left out
    when it has one cell per body column, each between the body columns beside its own
    (`_heads_fit`): the body's columns are the table's, and the header's cells go to
    them in order (`_grid`). So is a first row of labels each over one or more of the
    body's columns, some over several (`_labels_over`: a group row above the headings,
    each group's label centred across its columns' gutters); each goes to the first
    column it covers. Both can come together: a row of group labels over such a header
    (a label straddling the two, `_join_straddling`, in both)."""
    return _columns_of(run, _merged_spans(run))


def _columns_of(run: list[_Row], columns: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """`_columns` of `run`, its `_merged_spans` given (the body's of a run one row longer)."""
    if len(run) <= MIN_ROWS - 1:
        return columns
    body = _merged_spans(run[1:])
    if (len(body) < len(columns) and _heads_fit(run[0], body)) or (
            len(body) > len(columns) and _labels_over(run[0], body)):
        return body
    if len(run) > MIN_ROWS and len(run[0].cells) < len(run[1].cells):
        below = _columns_of(run[1:], body)
        if _labels_over(run[0], below):
            return below
    return columns


def _labels_over(head: _Row, body: list[tuple[float, float]]) -> bool:
    """True when `head` has fewer cells than `body` has columns, each over at least one
    of them, and some over several, each of those centred over the columns it covers
    (a group's label; a line of text running across columns starts at the first)."""
    if len(head.cells) >= len(body):
        return False
    wide = False
    for seg in head.cells:
        x0, x1 = _span(seg)
        over = [column for column in body if _overlaps((x0, x1), column)]
        if not over:
            return False
        if len(over) > 1:
            left, right = over[0][0], over[-1][1]
            if abs((x0 + x1) - (left + right)) / 2 > LABEL_CENTRE * (right - left):
                return False
            wide = True
    return wide


def _heads_fit(head: _Row, body: list[tuple[float, float]]) -> bool:
    """True when `head` has one cell per column of `body`, the k-th of them clear of
    the columns before and after the k-th column."""
    if len(head.cells) != len(body) or len(body) < MIN_COLUMNS:
        return False
    for k, seg in enumerate(head.cells):
        x0, x1 = _span(seg)
        if (k and x0 <= body[k - 1][1]) or (k + 1 < len(body) and x1 >= body[k + 1][0]):
            return False
    return True


def _merged_spans(run: list[_Row]) -> list[tuple[float, float]]:
    """The x-ranges of the run's cell segments merged where they overlap, parted again
    at each white stripe that one row alone runs over (`_overflows`)."""
    columns = _merged([_span(seg) for row in run for seg in row.cells])
    if len(run) <= OVERFLOW_MIN_ROWS:
        return columns
    for a, b in _overflows(run):
        columns = [part for x0, x1 in columns
                   for part in ([(x0, a), (b, x1)] if x0 < a and b < x1 else [(x0, x1)])]
    return columns


def _merged(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    columns: list[tuple[float, float]] = []
    for x0, x1 in sorted(spans):
        if columns and x0 <= columns[-1][1] + COLUMN_SLACK:
            columns[-1] = (columns[-1][0], max(columns[-1][1], x1))
        else:
            columns.append((x0, x1))
    return columns


def _overflows(run: list[_Row]) -> list[tuple[float, float]]:
    """White stripes, as wide as a gap between cells (`CELL_GAP`), between the cells of
    every row of the run but one, whose text runs over them: a name too long for its
    column running on into the next one, a footer line under the table across two of
    its columns (a header wider than the numbers under it leaves less white), a cell's
    few words (`MAX_CELL_WORDS`; a line of prose MuPDF ran across two cards is no
    cell), with `OVERFLOW_MIN_ROWS` other rows holding cells on both sides. Left edge to
    right edge of the white the other rows leave, left to right."""
    gap = CELL_GAP * max(run[0].cells[0][0].spans[0].size, 1.0)
    spans = [[_span(seg) for seg in row.cells] for row in run]
    # A row holds a cell wholly left of x when its earliest cell end is, right of x when
    # its latest cell start is.
    earliest_end = [min((x1 for _, x1 in row), default=math.inf) for row in spans]
    latest_start = [max((x0 for x0, _ in row), default=-math.inf) for row in spans]
    events = sorted((x, start, i) for i, row in enumerate(spans) for x0, x1 in _merged(row)
                    for x, start in ((x0, 1), (x1, -1)))
    # x-range, the rows over it; None over two rows or more (only a piece under one row
    # or none is looked at, and a set of a long table's rows for every piece made the
    # walk quadratic in its rows)
    pieces: list[tuple[float, float, frozenset[int] | None]] = []
    active: Counter[int] = Counter()
    for (x, start, i), following in zip(events, events[1:], strict=False):
        active[i] += start
        if not active[i]:
            del active[i]
        if following[0] > x:
            pieces.append((x, following[0], frozenset(active) if len(active) <= 1 else None))
    stripes = []
    for k, (_, _, rows) in enumerate(pieces):
        if rows is None or len(rows) != 1:
            continue
        lo = hi = k
        while lo > 0 and (near := pieces[lo - 1][2]) is not None and near <= rows:
            lo -= 1
        while hi + 1 < len(pieces) and (near := pieces[hi + 1][2]) is not None and near <= rows:
            hi += 1
        a, b = pieces[lo][0], pieces[hi][1]
        if lo == 0 or hi + 1 == len(pieces) or b - a < gap or (a, b) in stripes:
            continue
        crossing = next(iter(rows))
        over = [seg for seg, span in zip(run[crossing].cells, spans[crossing], strict=True)
                if _overlaps(span, (a, b))]
        apart = sum(1 for i in range(len(run))
                    if i != crossing and earliest_end[i] <= a and latest_start[i] >= b)
        if apart >= OVERFLOW_MIN_ROWS and all(
                len(_cell_text(seg).split()) <= MAX_CELL_WORDS for seg in over):
            stripes.append((a, b))
    return stripes


def _contents_beside(grid: list[list[list[Line]]]) -> list[list[list[Line]]] | None:
    """The rows of a contents list in the first columns of the grid, beside other text
    in the rest (a contents list filling one column of a page set in two, level with the
    other column's lines, which a page number's column does not reach): the most columns,
    fewer than all, whose rows (those with text there) are a contents list that leader
    dots or section numbers show (`_is_contents` `beside`). None when there is none."""
    for k in range(len(grid[0]) - 1, MIN_COLUMNS - 1, -1):
        left = [row[:k] for row in grid if any(row[:k])]
        if len(left) >= MIN_ROWS and _is_contents(left, beside=True):
            return left
    return None


def _is_contents(grid: list[list[list[Line]]], beside: bool = False) -> bool:
    """True for a contents list: its last column holds page labels (a first row apart: a
    "Page" heading), the page numbers never going down the list (a running header or
    footer caught in the first or last row apart), and more than half its
    rows reach them over leader dots; or, the labels mostly numbers (not a column of "x"
    marks), more than half its rows start with a section number ("2.1 Methods", a
    chapter's "3" in a column of its own; LaTeX sets a chapter's page number without
    leaders) and goes on in words (rows of figures numbered 1, 2, 3 are a table), or
    every row is titled in words and ends in a page label (no heading row: a table heads
    its column of figures). A list `beside` other text needs leader dots, or section
    numbers some of several levels ("2.1"): a table's first columns can be a row's
    number, a title and a year. A contents list is one too when more than half its rows'
    last cells end in leader dots run into a page label (`_LEADER_TO_PAGE`), the labels
    never going down: a row without them is a title wrapped onto the next line (two
    such lists side by side, leaders in other columns too, are not one list's rows). A
    statement's leaders run to amounts ("1,250", "(340)"); a table's figures go up and
    down."""
    labels = [_cell_text(row[-1]) for row in grid]
    glued = [m.group(1) for m in map(_LEADER_TO_PAGE.search, labels) if m]
    if len(glued) * 2 > len(grid) and _in_page_order(glued) is not None and not any(
            _LEADER_TO_PAGE.search(_cell_text(cell)) for row in grid for cell in row[:-1]):
        return True
    if not all(_PAGE_LABEL.match(text) for text in labels[1:] if text):
        return False
    chapter_pages = [m for m in map(_CHAPTER_PAGE.match, labels) if m]
    if chapter_pages and not any(m[1].isdigit() and int(m[2]) <= int(m[1])
                                 for m in chapter_pages):
        return False  # ranges ("18-25") or codes ("F-16"): a chapter's pages start at 1
    if sum(1 for text in labels if _PAGE_LABEL.match(text)) * 2 <= len(grid):
        return False
    if _in_page_order(labels) is None:
        return False
    numbers = [text for text in labels if text.isdigit() or _CHAPTER_PAGE.match(text)]
    titles = [[cell for cell in row[:-1] if cell] for row in grid]
    dotted = sum(1 for cells in titles if cells and _LEADER.search(cells[-1][-1].text))
    if dotted * 2 > len(grid):
        return True
    if len(numbers) * 2 <= len(grid):
        return False
    worded = [any(c.isalpha() for c in _cell_text([ln for cell in cells for ln in cell]))
              for cells in titles]
    numbered = sum(1 for cells, words in zip(titles, worded, strict=True)
                   if words and _SECTION_NUMBER.match(_cell_text(cells[0])))
    if beside:  # a table's first column can number its rows
        firsts = [_cell_text(cells[0]) for cells in titles if cells]
        return numbered * 2 > len(grid) and any(_SUBSECTION.match(text.split()[0])
                                                for text in firsts if text.split())
    return numbered * 2 > len(grid) or (
        all(_PAGE_LABEL.match(text) for text in labels) and all(worded))


def _in_page_order(labels: list[str]) -> range | None:
    """The rows of a contents list whose page `labels` never go down: all of them, or all
    but a first or last row out of order (a running header or footer caught in the run);
    None when the numbers go up and down."""
    for rows in (range(len(labels)), range(1, len(labels)), range(len(labels) - 1)):
        numbers = [n for n in (_page_number(labels[r]) for r in rows) if n is not None]
        if numbers == sorted(numbers):
            return rows
    return None


def _page_number(label: str) -> tuple[int, ...] | None:
    """Where a page label stands in a book: (14,) for "14", (2, 1) for the first page of
    chapter 2 numbered within it, "2-1"; None for a roman numeral, an appendix's page
    ("A-1") or no page number."""
    if label.isdigit():
        return (int(label),)
    chapter_page = _CHAPTER_PAGE.match(label)
    if chapter_page is None or not chapter_page[1].isdigit():
        return None
    return int(chapter_page[1]), int(chapter_page[2])


def _labelled_values(texts: list[list[str]]) -> bool:
    """True for two columns of labels ending in a colon and their values ("Advisor: |
    Dr. Name" on a thesis's title page, "#1: | the box" under a macro): the fields of a
    form or the terms of a list, one pair a line, not a table (a table heads its columns
    and leaves the colons out). Every label ends in one; a row without a label carries
    its value on."""
    labels = [row[0] for row in texts if row[0]]
    return len(texts[0]) == 2 and len(labels) * 2 > len(texts) and all(
        label.endswith((":", "\uff1a")) for label in labels)


def _contents(grid: list[list[list[Line]]], whole: dict[int, Line]) -> AlignedTable:
    """A contents list found as a run of rows: no table, each row one `contents` line
    (`_entries`: number, title, leader dots if any, page number). A running header or
    footer caught in the run (`_in_page_order`) keeps its lines."""
    rows = _in_page_order([_cell_text(row[-1]) for row in grid]) or range(len(grid))
    return _entries(grid, whole, rows)


def _entries(grid: list[list[list[Line]]], whole: dict[int, Line],
             rows: range) -> AlignedTable:
    """A run of rows that is no table but a list of one entry a line: the page lines of
    each row of `rows` joined into one `contents` line (a paragraph of its own; its last
    cell's lines after the others', a page number after a title however it wraps), the
    other rows' lines kept as they are."""
    cells = [ln for row in grid for cell in row for ln in cell]
    entries = [ln for r, row in enumerate(grid) if r not in rows
               for ln in _page_lines([ln for cell in row for ln in cell], whole)]
    for row in (grid[r] for r in rows):
        title = _page_lines([ln for cell in row[:-1] for ln in cell], whole)
        lines = title + [ln for ln in _page_lines(row[-1], whole) if ln not in title]
        spans = _joined_spans(lines)
        if spans:
            entries.append(Line(spans=spans, bbox=_box(lines), direction=lines[0].direction,
                                source=lines[0].source, origin=lines[0].origin,
                                contents=True))
    originals = _page_lines(cells, whole)
    return AlignedTable(bbox=_box(cells), rows=[], lines=originals, cells=cells, rest=entries)


def _page_lines(cells: list[Line], whole: dict[int, Line]) -> list[Line]:
    """The page lines `cells` (lines or pieces of them) come from, once each, top to
    bottom and left to right along each visual line."""
    lines = list({id(w): w for w in (whole.get(id(ln), ln) for ln in cells)}.values())
    return [ln for row in _rows(lines) for seg in row.cells for ln in seg] if len(
        lines) > 1 else lines


def _joined_spans(lines: list[Line]) -> list[Span]:
    """The spans of `lines`, in order, a space between two lines where neither has one."""
    spans: list[Span] = []
    for line in lines:
        if spans and not spans[-1].text[-1:].isspace() and not line.text[:1].isspace():
            spans.append(_plain_span(spans[-1], " "))
        spans += line.spans
    return spans


def _plain_span(span: Span, text: str) -> Span:
    """`text` in plain type after `span` (no code or emphasis runs on over it)."""
    return Span(text=text, bbox=span.bbox, size=span.size, font=span.font)


def _cell_text(lines: list[Line]) -> str:
    # "Revenue . . . . ." in a statement is the label "Revenue".
    return _LEADER.sub("", join_cell_lines([ln.text for ln in lines]))
