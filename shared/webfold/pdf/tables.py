"""Ruled tables as pipe tables: PyMuPDF's table finder behind a cheap gate and checks.

Tables without vertical rules (borderless, header rules only, coloured cells) are
found from text alignment in `webfold.pdf.aligned`: PyMuPDF's text strategy cut words
in half at guessed column edges ("Recov | ery") and ran on every page with three
rules of one width.

`find_tables` costs tens of milliseconds, so it only runs on pages whose vector
drawings hold enough horizontal and vertical rules to make a grid. What it finds must
look like a table (at least two rows and two columns, mostly filled cells, no prose
paragraph in a box); merged cells are expanded by repeating their text into every
grid cell they cover, when it is a label (`MAX_REPEATED_WORDS`).
"""

from __future__ import annotations

import bisect
import itertools
import math
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pymupdf
from pymupdf.table import extract_text

from webfold.document import Block
from webfold.markdown import escape, pipe_table, table_cell
from webfold.pdf.bidi import visual_to_logical
from webfold.pdf.drawings import joined, segments
from webfold.pdf.layout import BASELINE_SLACK, is_rtl, is_turned
from webfold.pdf.model import SPACE_WIDTH, BBox, Line, centre_in, first_word_width
from webfold.pdf.native import glyph_lines, without_undecodable
from webfold.pdf.route import image_cover

_LETTER = re.compile(r"[^\W\d_]")
# An amount, a date, a code of digits: a number under a number is the next row's, never
# a wrapped line (numbers do not break across lines).
NUMBER = re.compile(r"^[\s$€£¥(+\-\u2212]*\d[\d\s.,:/%)\-]*$")

MIN_RULES = 3  # vertical rules crossing two horizontal ones before the finder runs
MIN_FILLED = 0.5  # share of non-empty cells a table needs
MAX_ONE_TEXT = 0.5  # share of the filled cells one text may fill (merged cells repeat)
MAX_MEAN_CELL_CHARS = 200  # longer cells are boxed prose, not a table
MIN_ROWS_OF_TEXT = 2  # text lines inside the grid before it can be a table
MAX_IMAGE_COVER = 0.3  # a grid this much covered by images is a figure
HIGHLIGHT_CLEAR = 1.5  # points between a filled box's side and a vertical rule it touches
OPEN_SIDE_MIN = 5.0  # points from the outermost vertical rule to the rules' end: a column
EDGE_SLACK = 2.0  # points: a one-row grid's cell edge this close to a table's column edge
# Words a merged cell may hold to be repeated into each row it spans: a label. A longer
# text (a chart's column of depths spanning 60 rows) stays in its first row only.
MAX_REPEATED_WORDS = 8
# Line heights under a cell's line within which its next line lies (set at the cell's
# line gap); a line with a blank line between lies two or more under it.
WRAPPED_LEADING = 1.5
SAME_LINE = 0.5  # line heights between two baselines of one line's pieces
# Rows a body without rules between them must read as: two lines beside two lines under
# a ruled row are as often one row's cells, each of two lines.
MIN_BODY_ROWS = 3
# Points two left edges down a column may lie apart and still be one edge (flush left).
ALIGNED_EDGE = 1.0
# Spaces (at the line's size) that at least part two text columns set in one ruled column:
# wider than a word space, even one stretched in a justified line.
MIN_RUN_GAP = 3


@dataclass(slots=True)
class FoundTable:
    bbox: BBox
    block: Block


def find_tables(page: Any, paths: list[dict[str, Any]], lines: list[Line],
                image_boxes: Callable[[], list[BBox]]) -> list[FoundTable]:
    """The tables on one `pymupdf.Page` that pass the checks, as Markdown blocks.

    `paths` are the page's vector paths (`page_paths`), `lines` its text lines,
    `image_boxes` lists its images (called only for a
    grid with text in it; listing decodes them): the finder only runs,
    clipped to each grid of rules (`grid_areas`) with text inside that is not mostly
    pictures (a figure's frame and callouts). Returns [] when there is none or the
    finder fails (a broken drawing must not lose the page's text).
    """
    out = []
    columns: list[list[tuple[float, float]]] = []  # each found table's column x-ranges
    one_rows: list[tuple[Any, list[str]]] = []  # one-row grids: a table's totals, maybe
    # A grid of two horizontal rules holds one row of cells: no table, at most a table's
    # totals set apart under it (`_attach_under`). Such grids go to the finder last, and
    # only once a taller grid gave a table: a table drawn as a box per row is as many
    # grids, each a finder's run (5-6 ms) for nothing.
    for grid in sorted(grid_areas(paths), key=lambda g: len(g.ys) == 2):
        if len(grid.ys) == 2 and not out:
            break
        area = grid.area
        if _lines_inside(lines, area) < MIN_ROWS_OF_TEXT or not grid.has_a_row_of_cells(lines):
            continue
        # Rules and lines are in the unrotated page space; the finder works in the turned
        # page's (a /Rotate 90 page's table is found upright there).
        turned = page.rotation != 0
        if not turned and _mostly_sideways(lines, area):
            continue  # a turned figure or table: the finder's rows would be its columns
        x0, y0, x1, y1 = area
        shifted = [(b[0] - x0, b[1] - y0, b[2] - x0, b[3] - y0) for b in image_boxes()]
        if image_cover(shifted, x1 - x0, y1 - y0) >= MAX_IMAGE_COVER:
            continue
        try:
            clip = pymupdf.Rect(area) * page.rotation_matrix if turned else area
            # use_layout=False: once anything in the process imports pymupdf.layout
            # (pymupdf4llm does), the finder would run its ONNX layout model on every call
            # (table_merged: 9 ms -> 400-650 ms) and keep only the tables that model sees.
            # The page's drawings are handed over (the finder would draw the page again:
            # 1-20 ms) but on a turned page, which the finder turns upright first.
            drawn = None if turned else _drawings(_without_highlights(paths))
            found = page.find_tables(clip=clip, use_layout=False, paths=drawn,
                                     add_lines=None if turned else grid.open_sides(page.rect,
                                                                                   lines))
        except Exception:  # PyMuPDF raises assorted errors on odd vector content
            continue
        for tab in found.tables:
            rows, header_repeats = _expanded_rows(tab, [] if turned else lines)
            box = tab.bbox
            if rows is not None and not turned and _form_box_row(tab, paths):
                rows, box = rows[1:], (box[0], tab.rows[1].bbox[1], box[2], box[3])
                header_repeats = [(r - 1, c) for r, c in header_repeats if r]
            if rows is not None and _looks_like_table(rows):
                for r, c in header_repeats:
                    rows[r][c] = ""
                box = pymupdf.Rect(box) * page.derotation_matrix if turned else box
                out.append(FoundTable(bbox=tuple(box), block=table_block(rows)))
                columns.append(_column_spans(tab))
            elif rows is not None and len(rows) == 1 and not turned:
                one_rows.append((tab, rows[0]))
    # A grid drawn inside a larger one (a form's boxed figures within its ruled rows)
    # gives the finder a table of its own over cells the larger table holds already.
    kept = [k for k, table in enumerate(out) if not any(
        j != k and _inside(table.bbox, other.bbox) for j, other in enumerate(out))]
    out, columns = [out[k] for k in kept], [columns[k] for k in kept]
    for tab, row in one_rows:
        _attach_under(out, columns, tab, row, lines)
    return out


def _form_box_row(tab: Any, paths: list[dict[str, Any]]) -> bool:
    """True when the first of the finder's rows is a form's row of boxes drawn on top of
    the table, not its header: every cell spans two columns or more, and one holds a
    horizontal rule inside it (not on its edges) across half its width or more, a line to
    write on or an address window, which no table's cell holds (a tax form's "Fax
    Number" / "Mail to" / "Other" boxes over a ruled table whose rules they share)."""
    try:
        table_rows = tab.rows
        cells = table_rows[0].cells
    except Exception:
        return False
    if len(table_rows) < 2 or cells[0] is None or any(
            box is not None and (k + 1 == len(cells) or cells[k + 1] is not None)
            for k, box in enumerate(cells)):
        return False
    rules = horizontal_rules(paths)
    return any(y0 + 1 < y < y1 - 1 and x0 - 1 <= rx0 and rx1 <= x1 + 1
               and rx1 - rx0 >= 0.5 * (x1 - x0)
               for x0, y0, x1, y1 in filter(None, cells) for y, rx0, rx1 in rules)


def _inside(box: BBox, area: BBox) -> bool:
    """True when `box` lies within `area` (a point of slack) and is smaller."""
    return (area[0] - 1 <= box[0] and area[1] - 1 <= box[1] and box[2] <= area[2] + 1
            and box[3] <= area[3] + 1 and box != area)


def _column_spans(tab: Any) -> list[tuple[float, float]]:
    """The x-range of each column of the finder's table `tab`: its narrowest cell's (a
    merged cell, kept in the first column it covers, runs on over the next)."""
    spans = []
    for c in range(tab.col_count):
        boxes = [row.cells[c] for row in tab.rows if row.cells[c] is not None]
        spans.append((min((b[0] for b in boxes), default=math.inf),
                      min((b[2] for b in boxes), default=math.inf)))
    return spans


def _attach_under(out: list[FoundTable], columns: list[list[tuple[float, float]]], tab: Any,
                  row: list[str], lines: list[Line]) -> None:
    """A grid of one row (no table: `_looks_like_table`) set under a table found on the
    page, within two of its own heights and no line between, whose cells meet at the
    table's column edges becomes that table's last row: its totals, each cell under the
    first column it spans (a label over the first columns, then the sums). Else its
    text stays the page's. Left to right tables only (a right-to-left one's columns are
    turned)."""
    cells = tab.rows[0].cells
    if any(b is None for b in cells) or any(is_rtl(c) for c in row):
        return
    x0, top, x1, bottom = tab.bbox
    for i, table in enumerate(out):
        gap = top - table.bbox[3]
        if not 0 <= gap <= 2 * (bottom - top) or min(x1, table.bbox[2]) <= max(
                x0, table.bbox[0]) or any(table.bbox[3] < (ln.bbox[1] + ln.bbox[3]) / 2 < top
                                          for ln in lines):
            continue
        rows = [r.split("\t") for r in table.block.text.splitlines()]
        lefts = [a for a, _ in columns[i]]
        if any(is_rtl(c) for r in rows for c in r):
            return
        totals = [""] * len(lefts)
        for k, (box, text) in enumerate(zip(cells, row, strict=True)):
            at = 0 if k == 0 else next((j for j, a in enumerate(lefts)
                                        if abs(a - box[0]) <= EDGE_SLACK), None)
            if at is None or (k + 1 < len(cells) and not any(
                    abs(b - box[2]) <= EDGE_SLACK for _, b in columns[i])):
                return  # a cell edge off the table's columns: no row of it
            totals[at] = text
        out[i] = FoundTable(bbox=(min(x0, table.bbox[0]), table.bbox[1],
                                  max(x1, table.bbox[2]), bottom),
                            block=table_block(rows + [totals]))
        return


@dataclass(slots=True)
class Grid:
    """A connected set of rules: its box and the x / y positions of its rules."""

    area: BBox
    xs: list[float]
    ys: list[float]

    def open_sides(self, page_box: Any, lines: list[Line]
                   ) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Vertical lines closing the grid where its horizontal rules run on past its
        outermost vertical rule, with upright text in between (a plot's frame and
        legend, set turned on a portrait page, has none): at the rules' ends, or at the
        page's edge for rules that run off the page. A table ruled only between its
        columns (LaTeX's `{l|r|r}` under `\\hline`s) or wider than the page and cut
        there draws no rule outside its first or last column, whose cells are cells of
        the table. [] for a closed grid."""
        x0, y0, x1, y1 = self.area
        out = []
        for edge, outer in ((max(x0 + 2, page_box[0]), self.xs[0]),
                            (min(x1 - 2, page_box[2]), self.xs[-1])):
            a, b = min(edge, outer), max(edge, outer)
            if b - a > OPEN_SIDE_MIN and any(
                    a < (ln.bbox[0] + ln.bbox[2]) / 2 < b and not is_turned(ln, 1.0, 0.0)
                    and y0 < (ln.bbox[1] + ln.bbox[3]) / 2 < y1 for ln in lines):
                out.append(((edge, y0 + 2), (edge, y1 - 2)))
        return out

    def has_a_row_of_cells(self, lines: list[Line]) -> bool:
        """True when some row of the grid holds text in two of its cells: a frame around
        a column of text, or boxes stacked in a sidebar, do not."""
        seen: dict[int, int] = {}
        for line in lines:
            cx, cy = (line.bbox[0] + line.bbox[2]) / 2, (line.bbox[1] + line.bbox[3]) / 2
            c, r = bisect.bisect(self.xs, cx), bisect.bisect(self.ys, cy)
            if 0 < c < len(self.xs) and 0 < r < len(self.ys):
                if seen.setdefault(r, c) != c:
                    return True
        return False


def grid_areas(paths: list[dict[str, Any]]) -> list[Grid]:
    """Where ruled tables may be, from a page's `get_cdrawings()` paths: the box of each
    connected set of rules in which one horizontal rule is crossed by at least `MIN_RULES`
    vertical rules that each cross two horizontal ones (collinear pieces joined first:
    browsers draw a rule per cell).

    Boxes side by side are no grid, and the finder, whose cost grows with the text in
    its clip, runs on each grid alone rather than on the box around all of them (a
    printed web page: 0.9 of the page, 150 ms, no table). Tables without vertical rules
    are found from text alignment, in `webfold.pdf.aligned`.
    """
    horizontal, vertical = (joined(rules[:400]) for rules in segments(paths))
    crosses = [[h for h, (y, h0, h1) in enumerate(horizontal)
                if h0 - 2 <= x <= h1 + 2 and y0 - 2 <= y <= y1 + 2]
               for x, y0, y1 in vertical]
    group = list(range(len(horizontal)))  # union-find over horizontal rules
    for hs in crosses:
        if len(hs) >= 2:
            for h in hs[1:]:
                group[_root(group, h)] = _root(group, hs[0])
    grids: dict[int, list[int]] = {}
    for v, hs in enumerate(crosses):
        if len(hs) >= 2:
            grids.setdefault(_root(group, hs[0]), []).append(v)
    areas = []
    for verticals in grids.values():
        counts = Counter(h for v in verticals for h in crosses[v])
        if max(counts.values()) < MIN_RULES:
            continue
        boxes = [(vertical[v][0], vertical[v][1], vertical[v][0], vertical[v][2])
                 for v in verticals]
        boxes += [(horizontal[h][1], horizontal[h][0], horizontal[h][2], horizontal[h][0])
                  for h in counts]
        area = (min(b[0] for b in boxes) - 2, min(b[1] for b in boxes) - 2,
                max(b[2] for b in boxes) + 2, max(b[3] for b in boxes) + 2)
        areas.append(Grid(area, sorted({vertical[v][0] for v in verticals}),
                          sorted({horizontal[h][0] for h in counts})))
    return areas


def horizontal_rules(paths: list[dict[str, Any]], matrix: Any = None
                     ) -> list[tuple[float, float, float]]:
    """The horizontal rules (y, x0, x1) drawn by `paths`, collinear pieces joined; with a
    `pymupdf.Matrix`, of the paths carried by it (a turned page's rules as it is shown)."""
    return joined(segments(paths, matrix)[0])


def shape_boxes(paths: list[dict[str, Any]], matrix: Any = None) -> list[BBox]:
    """The boxes of the closed shapes `paths` draw (filled paths, rectangles, closed
    strokes: frames, fills, a cell's shading); with a `pymupdf.Matrix`, carried by it."""
    out = []
    for path in paths:
        if "f" in path.get("type", "") or path.get("closePath") or any(
                item[0] in ("re", "qu") for item in path.get("items", ())):
            box = pymupdf.Rect(path["rect"]) * matrix if matrix is not None else path["rect"]
            out.append(tuple(box))
    return out


def _drawings(paths: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`paths` as `page.get_drawings()` gives them (points, rectangles and quads as
    PyMuPDF objects, the path keys filled in), new dicts each call: the finder appends
    to a closed path's items."""
    out = []
    for path in paths:
        new = dict(path)
        new["rect"] = pymupdf.Rect(path["rect"])
        items = []
        for cmd, *rest in path["items"]:
            if cmd == "re":
                items.append(("re", pymupdf.Rect(rest[0]).normalize(), rest[1]))
            elif cmd == "qu":
                items.append(("qu", pymupdf.Quad(rest[0])))
            else:
                items.append((cmd, *(pymupdf.Point(p) for p in rest)))
        new["items"] = items
        if new["type"] in ("f", "s"):
            for key in _DRAWING_KEYS:
                new.setdefault(key, None)
        out.append(new)
    return out


def _without_highlights(paths: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`paths` less the filled boxes without a stroke that stand between two stroked
    vertical rules beside them, touching neither them nor another filled box beside
    them: a highlight behind a cell's words (Word's text shading), whose edges are no
    column's. Coloured cells reach their rules or each other."""
    verticals = segments([p for p in paths if "s" in p.get("type", "")])[1]
    boxes = [item[1] for p in paths if p.get("type") == "f"
             for item in p.get("items", ()) if item[0] == "re"]

    def highlight(path: dict[str, Any]) -> bool:
        if path.get("type") != "f" or not path.get("items") or any(
                item[0] != "re" for item in path["items"]):
            return False
        for item in path["items"]:
            x0, y0, x1, y1 = item[1]
            beside = [x for x, top, bottom in verticals if top < y1 and bottom > y0]
            if not (any(x < x0 - HIGHLIGHT_CLEAR for x in beside) and any(
                    x > x1 + HIGHLIGHT_CLEAR for x in beside)):
                return False
            # The other boxes' edges are read only as far as the first one touching: a
            # zebra table's fills, each beside the next, would be read all for each.
            edges = itertools.chain(beside, (e for b in boxes if b is not item[1]
                                             and b[1] < y1 and b[3] > y0 for e in (b[0], b[2])))
            if any(abs(x - x0) <= HIGHLIGHT_CLEAR or abs(x - x1) <= HIGHLIGHT_CLEAR
                   for x in edges):
                return False
        return True

    return [p for p in paths if not highlight(p)]


_DRAWING_KEYS = ("closePath", "fill", "color", "width", "lineCap", "lineJoin", "dashes",
                 "stroke_opacity", "fill_opacity", "even_odd")


def _root(group: list[int], h: int) -> int:
    while group[h] != h:
        group[h] = group[group[h]]
        h = group[h]
    return h


def _lines_inside(lines: list[Line], area: BBox) -> int:
    return sum(1 for ln in lines if centre_in(ln.bbox, area))


def _mostly_sideways(lines: list[Line], area: BBox) -> bool:
    """True when most text lines in `area` are not written left to right: set sideways
    on the page, with the grid (a turned plot's legend, whose letters the finder also
    reads out of order: "= A 0.25")."""
    inside = [ln for ln in lines if centre_in(ln.bbox, area)]
    return sum(is_turned(ln, 1.0, 0.0) for ln in inside) * 2 > len(inside)


def _expanded_rows(tab: Any, lines: list[Line]
                   ) -> tuple[list[list[str]] | None, list[tuple[int, int]]]:
    """The table's cell texts, merged cells repeated; right-to-left tables with their
    first column the rightmost, as read. `lines` (the page's, in the finder's space)
    re-split rows the finder took as one cell (`_resplit_rows`). Also the (row, column)
    positions of the repeats in a grouped header's lower row (`_under_groups`): they
    fill the grid as the table is checked, but one header spanning both rows is written
    once. (None, []) when the finder's cells cannot be read."""
    try:
        table_rows = tab.rows  # worked out anew from the cells each time it is asked for
        cells = _cell_texts(tab, table_rows)
        boxes = [row.cells for row in table_rows]
        bands = [(row.bbox[1], row.bbox[3]) for row in table_rows]
    except Exception:
        return None, []
    if len(cells) != len(boxes):
        return None, []
    # The finder reads the page's text itself: what the lines lost as undecodable goes.
    rows = [[join_cell_lines(without_undecodable(c).split("\n")) if c is not None else None
             for c in row] for row in cells]
    if lines:
        _line_texts(rows, boxes, lines)
        _resplit_rows(rows, boxes, lines)
        _unboxed_lines(rows, boxes, bands, lines)
        rows, boxes = _split_unruled_rows(rows, boxes, lines)
        rows, boxes = _split_shared_columns(rows, boxes, lines)
    rtl = [(r, c) for r, row in enumerate(rows) for c, value in enumerate(row)
           if value and is_rtl(value) and boxes[r][c] is not None]
    # Right-to-left cells from their glyphs, as the page's lines are (the finder orders
    # a zero-width non-joiner by its box: "آ ‌بباریک"); on a turned page, the finder's.
    rebuilt = (glyph_lines(tab.page, [boxes[r][c] for r, c in rtl]) if rtl and lines
               else [[] for _ in rtl])
    for (r, c), cell_lines in zip(rtl, rebuilt, strict=True):
        rows[r][c] = join_cell_lines(cell_lines) or visual_to_logical(rows[r][c])
    if lines:
        _without_lines_across(rows, boxes, lines, tab.bbox)
    header_repeats = []
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if value is None:
                row[c] = _covering(rows, boxes, r, c)
                if row[c] and _under_groups(boxes, r):
                    header_repeats.append((r, c))
    out = [[c or "" for c in row] for row in rows]
    if len(rtl) * 2 > sum(1 for row in out for c in row if _LETTER.search(c)):  # digits: either way
        out = [row[::-1] for row in out]
        header_repeats = [(r, len(out[r]) - 1 - c) for r, c in header_repeats]
    return out, header_repeats


def _cell_texts(tab: Any, table_rows: list[Any]) -> list[list[str | None]]:
    """What `tab.extract()` gives (`table_rows` are `tab.rows`): each cell's text from
    the finder's characters whose middle lies in it, in the finder's order. A row's
    characters are looked up by the height of their middles, where `extract` reads
    through all the characters of its clip for each row (a long table: its rows times
    its characters)."""
    chars = tab._chars  # the characters the finder read in its clip, kept on the table
    middles = sorted(((c["top"] + c["bottom"]) / 2, k) for k, c in enumerate(chars)
                     if not math.isnan(c["top"] + c["bottom"]))  # a NaN lies in no cell
    heights = [m for m, _ in middles]
    out = []
    for row in table_rows:
        top, bottom = row.bbox[1], row.bbox[3]
        band = middles[bisect.bisect_left(heights, top):bisect.bisect_left(heights, bottom)]
        row_chars = [chars[k] for k in sorted(k for _, k in band)]
        texts: list[str | None] = []
        for cell in row.cells:
            if cell is None:
                texts.append(None)
                continue
            x0, y0, x1, y1 = cell
            inside = [c for c in row_chars if x0 <= (c["x0"] + c["x1"]) / 2 < x1
                      and y0 <= (c["top"] + c["bottom"]) / 2 < y1]
            texts.append(extract_text(inside, x_shift=x0, y_shift=y0) if inside else "")
        out.append(texts)
    return out


def _line_texts(rows: list[list[str | None]], boxes: list[list[Any]],
                lines: list[Line]) -> None:
    """Cell texts from the page's own lines where they hold the same letters as the
    finder's: the finder orders a ligature's letters by glyph position ("ofif ce" for
    "office"), the lines have them as written. Right-to-left cells are rebuilt from their
    glyphs instead (`glyph_lines`)."""
    tops = [min((b[1] for b in row if b is not None), default=0.0) for row in boxes]
    found: dict[tuple[int, int], list[Line]] = {}
    for line in lines:
        cx, cy = (line.bbox[0] + line.bbox[2]) / 2, (line.bbox[1] + line.bbox[3]) / 2
        r = bisect.bisect(tops, cy) - 1
        if r < 0:
            continue
        for c, box in enumerate(boxes[r]):
            if box is not None and box[0] <= cx <= box[2] and box[1] <= cy <= box[3]:
                found.setdefault((r, c), []).append(line)
                break
    for (r, c), inside in found.items():
        value = rows[r][c]
        if not value or is_rtl(value):
            continue
        text = join_cell_lines([ln.text for ln in sorted(inside, key=lambda ln: (ln.bbox[1],
                                                                                 ln.bbox[0]))])
        if text != value and sorted(text.replace(" ", "")) == sorted(value.replace(" ", "")):
            rows[r][c] = text


def _without_lines_across(rows: list[list[str | None]], boxes: list[list[Any]],
                          lines: list[Line], bbox: BBox) -> None:
    """Cells that a text line from off the table runs into keep only the lines inside
    them: prose set over a table that overflows its float starts in the table's last
    column, the finder clips its letters into those cells ("VoluWmheere t" for "Volume"
    under "Where two"), and the line stays text (its centre is off the table)."""
    across = [ln for ln in lines if not centre_in(ln.bbox, bbox, pad=1.0)
              and _crosses(ln.bbox, bbox)]
    for r, row_boxes in enumerate(boxes):
        for c, box in enumerate(row_boxes):
            if box is None or rows[r][c] is None or not any(_crosses(ln.bbox, box)
                                                            for ln in across):
                continue
            inside = sorted((ln for ln in lines if centre_in(ln.bbox, box)),
                            key=lambda ln: (ln.bbox[1], ln.bbox[0]))
            rows[r][c] = join_cell_lines([ln.text for ln in inside])


def _crosses(line: BBox, box: BBox) -> bool:
    """True when a text line lies in `box` by more than half its height and a point."""
    wide = min(line[2], box[2]) - max(line[0], box[0])
    high = min(line[3], box[3]) - max(line[1], box[1])
    return wide > 1 and high > 0.5 * (line[3] - line[1])


def _resplit_rows(rows: list[list[str | None]], boxes: list[list[Any]],
                  lines: list[Line]) -> None:
    """Rows the finder read as one cell across the table (a row shaded edge to edge has
    no rule between its cells) whose text lines each fit a column of the table's fullest
    row: those lines become that row's cells again."""
    full = _full_row(boxes)
    if full is None:
        return
    for r, row_boxes in enumerate(boxes):
        present = [b for b in row_boxes if b is not None]
        if len(present) != 1 or len(row_boxes) != len(full):
            continue
        box = present[0]
        inside = [ln for ln in lines if centre_in(ln.bbox, box)]
        if len(inside) < 2 or any(is_rtl(ln.text) for ln in inside):
            continue  # right-to-left cells are read by the finder, reordered below
        texts: list[list[str]] = [[] for _ in full]
        for ln in sorted(inside, key=lambda ln: (ln.bbox[1], ln.bbox[0])):
            k = next((k for k, col in enumerate(full) if col[0] - 1 <= ln.bbox[0]
                      and ln.bbox[2] <= col[2] + 1), None)
            if k is None:
                break  # a line across columns: the row is one cell after all
            texts[k].append(_clean(ln.text))
        else:
            if sum(1 for t in texts if t) >= 2:
                rows[r] = [" ".join(t) for t in texts]


def _full_row(boxes: list[list[Any]]) -> list[Any] | None:
    """The finder's fullest row, whose cells give the table's columns; None when it has
    fewer than two, or a cell spans two of its columns."""
    full = max(boxes, key=lambda row: sum(b is not None for b in row))
    return None if any(b is None for b in full) or len(full) < 2 else full


def _split_unruled_rows(rows: list[list[str | None]], boxes: list[list[Any]],
                        lines: list[Line]) -> tuple[list[list[str | None]], list[list[Any]]]:
    """`rows` and `boxes` with the body of a table ruled around and between its columns
    and under its header, but not between its rows, read row by row: the finder gives
    such a body as one row of tall cells, each cell's lines run together ("HPRT RAD51
    ATR"). Applies when the table's rules across its whole width (`_row_groups`) part
    it into a header and one body, of at least two columns all closed by one rule at the
    bottom, in which some cell of the first (key) column holds several rows
    (`_key_rows`), `MIN_BODY_ROWS` in all.

    Rules drawn across the key column alone (closing a key cell beside a cell that spans
    on) bound rows: each line goes to the key cell of its height, and to the row of that
    cell whose key lines are nearest its baseline (a cell centred or set low in a tall
    row lies nearer its own row's key; at equal distances, the row above). Rows and
    columns from the page's lines, as `_resplit_rows` reads them; unchanged when a line
    runs across two columns or is right to left, or when the rows do not read across
    (`_read_across`)."""
    full = _full_row(boxes)
    if full is None:
        return rows, boxes
    groups = _row_groups(boxes)
    if len(groups) != 2:
        return rows, boxes
    first, end = groups[1]
    keys = [boxes[r][0] for r in range(first, end)]
    if any(key is None for key in keys) or any(len(boxes[r]) != len(full)
                                               for r in range(first, end)):
        return rows, boxes
    columns = [(b[0], b[2]) for b in full]
    body = [b for row in boxes[first:end] for b in row if b is not None]
    bottom = max(b[3] for b in body)
    if any(max((b[3] for b in body if b[0] <= (x0 + x1) / 2 <= b[2]), default=-math.inf)
           < bottom - 1 for x0, x1 in columns):
        return rows, boxes  # a column ends above the others (boxes side by side) or is empty
    tops = [key[1] for key in keys]
    placed = _placed_lines(lines, columns, tops, bottom)
    if placed is None:
        return rows, boxes
    split = [_key_rows([ln for c, ln in cell if c == 0], columns[0], len(keys) > 1)
             for cell in placed]
    if all(len(key_rows) < 2 for key_rows in split) or sum(map(len, split)) < MIN_BODY_ROWS \
            or not _read_across(placed, split):
        return rows, boxes
    new_rows: list[list[str | None]] = []
    new_boxes: list[list[Any]] = []
    for k, (cell, key_rows) in enumerate(zip(placed, split, strict=True)):
        texts: list[list[list[Line]]] = [[[] for _ in columns] for _ in key_rows or [[]]]
        for c, ln in cell:
            texts[_nearest_row(key_rows, ln)][c].append(ln)
        cell_bottom = tops[k + 1] if k + 1 < len(tops) else bottom
        edges = [tops[k]] + [
            (max(_middle(ln) for col in upper for ln in col)
             + min(_middle(ln) for col in lower for ln in col)) / 2
            for upper, lower in itertools.pairwise(texts)] + [cell_bottom]
        for row, y0, y1 in zip(texts, edges, edges[1:], strict=False):
            new_rows.append([join_cell_lines([ln.text for ln in sorted(
                col, key=lambda ln: (ln.baseline, ln.bbox[0]))]) for col in row])
            new_boxes.append([(x0, y0, x1, y1) for x0, x1 in columns])
    return rows[:first] + new_rows + rows[end:], boxes[:first] + new_boxes + boxes[end:]


def _split_shared_columns(rows: list[list[str | None]], boxes: list[list[Any]],
                          lines: list[Line]) -> tuple[list[list[str | None]], list[list[Any]]]:
    """`rows` and `boxes` with each ruled column that holds two text columns
    (`_second_run_cut`) made two columns, parted there (a line goes to the side its middle
    is on): a vendor and its catalogue number set side by side within one pair of rules
    read "Cell Signaling 2197", under a header "Vendor Catalog number"."""
    full = _full_row(boxes)
    if full is None or any(len(row) != len(full) for row in boxes):
        return rows, boxes
    top = min(b[1] for row in boxes for b in row if b is not None)
    bottom = max(b[3] for row in boxes for b in row if b is not None)
    table_lines = [ln for ln in lines if ln.text.strip()
                   and centre_in(ln.bbox, (full[0][0], top, full[-1][2], bottom))]
    for c in range(len(full) - 1, -1, -1):  # from the right: the columns left of c stay put
        column = [ln for ln in table_lines if full[c][0] <= (ln.bbox[0] + ln.bbox[2]) / 2
                  <= full[c][2]]
        cells = [[ln for ln in column if centre_in(ln.bbox, row[c])] if row[c] is not None
                 else [] for row in boxes]
        cut = _second_run_cut(cells, [row[c] for row in boxes], full[c])
        if cut is None:
            continue
        for r, (row, row_boxes) in enumerate(zip(rows, boxes, strict=True)):
            box = row_boxes[c]
            parts: list[str | None] = [None, None]
            halves: list[Any] = [None, None]
            if box is not None:
                ordered = sorted(cells[r], key=lambda ln: (ln.baseline, ln.bbox[0]))
                parts = [join_cell_lines([ln.text for ln in ordered
                                          if ((ln.bbox[0] + ln.bbox[2]) / 2 >= cut) == second])
                         for second in (False, True)]
                halves = [(box[0], box[1], cut, box[3]), (cut, box[1], box[2], box[3])]
            rows[r] = row[:c] + parts + row[c + 1:]
            boxes[r] = row_boxes[:c] + halves + row_boxes[c + 1:]
    return rows, boxes


def _second_run_cut(cells: list[list[Line]], column_boxes: list[Any],
                    ruled: Any) -> float | None:
    """Where a second text column inside one ruled column (`ruled`, the fullest row's
    cell) parts from the first, from each row's lines there (`cells`, the cells' boxes
    `column_boxes`): in every one of at least `MIN_BODY_ROWS` body rows, lines in two
    runs, the first's flush at one left edge, the second's at another, a gap of
    `MIN_RUN_GAP` spaces or more between them; and the header cell (the first with text)
    holding lines over each run, a space or more apart somewhere in that gap, none across
    it (a header centred over its run, or wider than it, reaches into the gap). The cut
    is the gap's middle. None otherwise: wrapped prose starts each line at one edge,
    "label  value" pairs start their values where each label ends."""
    if any(b is not None and (abs(b[0] - ruled[0]) > ALIGNED_EDGE
                              or abs(b[2] - ruled[2]) > ALIGNED_EDGE) for b in column_boxes):
        return None  # a cell spanning into the next column
    filled = [cell for cell in cells if cell]
    if len(filled) <= MIN_BODY_ROWS or any(is_rtl(ln.text) for cell in filled for ln in cell):
        return None
    header, body = filled[0], filled[1:]
    left = min(ln.bbox[0] for ln in body[0])
    edge = min((ln.bbox[0] for ln in body[0] if ln.bbox[0] > left + ALIGNED_EDGE), default=None)
    if edge is None:
        return None

    def gap_before(ln: Line) -> bool:
        return edge - ln.bbox[2] >= MIN_RUN_GAP * SPACE_WIDTH * ln.spans[0].size

    for cell in body:
        first = [ln for ln in cell if ln.bbox[0] < edge - ALIGNED_EDGE]
        second = [ln for ln in cell if ln.bbox[0] >= edge - ALIGNED_EDGE]
        if not first or not second or any(
                abs(ln.bbox[0] - left) > ALIGNED_EDGE or not gap_before(ln) for ln in first) \
                or any(ln.bbox[0] > edge + ALIGNED_EDGE for ln in second):
            return None
    first_end = max(ln.bbox[2] for cell in body for ln in cell if ln.bbox[0] < edge - ALIGNED_EDGE)
    cut = (first_end + edge) / 2
    over_first = [ln for ln in header if (ln.bbox[0] + ln.bbox[2]) / 2 < cut]
    over_second = [ln for ln in header if (ln.bbox[0] + ln.bbox[2]) / 2 >= cut]
    if not over_first or not over_second:
        return None
    white = (min(edge, *(ln.bbox[0] for ln in over_second))
             - max(first_end, *(ln.bbox[2] for ln in over_first)))
    return cut if white >= SPACE_WIDTH * max(ln.spans[0].size for ln in header) else None


def _placed_lines(lines: list[Line], columns: list[tuple[float, float]], tops: list[float],
                  bottom: float) -> list[list[tuple[int, Line]]] | None:
    """The worded lines between `tops[0]` and `bottom` within the `columns`, as (column,
    line) for each key cell (the cells of the first column start at `tops`); None when
    one runs across two columns or is right to left."""
    placed: list[list[tuple[int, Line]]] = [[] for _ in tops]
    for ln in lines:
        cx, cy = (ln.bbox[0] + ln.bbox[2]) / 2, (ln.bbox[1] + ln.bbox[3]) / 2
        if not (columns[0][0] <= cx <= columns[-1][1] and tops[0] <= cy <= bottom
                and ln.text.strip()):
            continue
        c = next((c for c, (x0, x1) in enumerate(columns)
                  if x0 - 1 <= ln.bbox[0] and ln.bbox[2] <= x1 + 1), None)
        if c is None or is_rtl(ln.text):
            return None
        placed[bisect.bisect(tops, cy) - 1].append((c, ln))
    return placed


def _read_across(placed: list[list[tuple[int, Line]]], split: list[list[list[Line]]]) -> bool:
    """True when more of the key rows than not have a line of another column level with
    one of their key lines (baselines within `BASELINE_SLACK` of the smaller type): a
    table's rows read across it, where blocks of text side by side (a cover's panels, a
    card's picture caption beside its story) do not line up."""
    level = total = 0
    for cell, key_rows in zip(placed, split, strict=True):
        others = [ln for c, ln in cell if c]
        for row in key_rows:
            total += 1
            level += any(abs(a.baseline - b.baseline) <= BASELINE_SLACK * min(
                a.spans[0].size, b.spans[0].size) for a in row for b in others)
    return level * 2 > total


def _row_groups(boxes: list[list[Any]]) -> list[tuple[int, int]]:
    """The finder's rows in runs (first, end) between the rules drawn across the whole
    table: a cell spanning down over a row's top joins the two rows. One run when the
    rows are out of order."""
    tops = [min((b[1] for b in row if b is not None), default=math.inf) for row in boxes]
    if tops != sorted(tops):
        return [(0, len(boxes))]
    joined = [False] * len(boxes)
    for row in boxes:
        for b in row:
            if b is not None:  # the rows whose tops lie inside the cell
                for r in range(bisect.bisect_right(tops, b[1] + 1),
                               bisect.bisect_left(tops, b[3] - 1)):
                    joined[r] = True
    starts = [r for r in range(1, len(boxes)) if not joined[r]]
    return list(zip([0, *starts], [*starts, len(boxes)], strict=True)) if boxes else []


def _key_rows(key_lines: list[Line], column: tuple[float, float],
              ruled: bool) -> list[list[Line]]:
    """A key cell's lines (the first column's) as rows, top to bottom: each line starts a
    row but for the next line of a wrapped cell, set within `WRAPPED_LEADING` line
    heights under the line above, in a key cell ruled off on its own (`ruled`: the
    author's rules close its cells) or where its first word would not have fitted after
    the line above within the column's rules (a word wrap: a paragraph in a cell; a
    column sized to its widest entry, as LaTeX's are, has only its padding to spare); a
    number under a number starts a row (`NUMBER`)."""
    out: list[list[Line]] = []
    for ln in sorted(key_lines, key=lambda ln: ln.baseline):
        if out:
            above = out[-1][-1]
            height = max(above.bbox[3] - above.bbox[1], 1.0)
            gap = ln.baseline - above.baseline
            word = first_word_width(ln.bbox, ln.text) + SPACE_WIDTH * ln.spans[0].size
            numbers = (NUMBER.match(above.text) and NUMBER.match(ln.text)
                       and not above.text.rstrip().endswith("-"))  # "2025-" / "02-08"
            if gap < SAME_LINE * height or (gap < WRAPPED_LEADING * height and not numbers and (
                    ruled or above.bbox[2] - above.bbox[0] + word > column[1] - column[0])):
                out[-1].append(ln)
                continue
        out.append([ln])
    return out


def _nearest_row(key_rows: list[list[Line]], line: Line) -> int:
    """The row of `key_rows` whose key lines' baselines lie nearest that of `line`, the
    upper one of two as near (a row's lines read down from its key line); 0 for a cell
    without key lines."""
    y = line.baseline
    spans = [(row[0].baseline, row[-1].baseline) for row in key_rows]
    distances = [max(top - y, y - bottom, 0.0) for top, bottom in spans]
    return distances.index(min(distances)) if distances else 0


def _middle(line: Line) -> float:
    return (line.bbox[1] + line.bbox[3]) / 2


def _unboxed_lines(rows: list[list[str | None]], boxes: list[list[Any]],
                   bands: list[tuple[float, float]], lines: list[Line]) -> None:
    """Cells for the lines inside the table that no cell of the finder holds: a table
    shaded on every other row, with a filled box in one column of the rows between
    ("PASS" in green), comes back with those rows made of that box alone, and their other
    lines were lost. Each such line fills the empty position of its row (`bands`, top
    and bottom) under the column of the table's fullest row its x-range fits in; a line
    across columns is left out, as before."""
    full = _full_row(boxes)
    if full is None:
        return
    present = [b for row in boxes for b in row if b is not None]
    found: dict[tuple[int, int], list[Line]] = {}
    for line in lines:
        cy = (line.bbox[1] + line.bbox[3]) / 2
        r = next((r for r, (top, bottom) in enumerate(bands) if top <= cy <= bottom), None)
        if r is None or len(boxes[r]) != len(full) or any(
                centre_in(line.bbox, b) for b in present):
            continue
        c = next((c for c, col in enumerate(full)
                  if col[0] - 1 <= line.bbox[0] and line.bbox[2] <= col[2] + 1), None)
        if c is not None and boxes[r][c] is None and rows[r][c] is None:
            found.setdefault((r, c), []).append(line)
    for (r, c), inside in found.items():
        rows[r][c] = join_cell_lines([ln.text for ln in sorted(
            inside, key=lambda ln: (ln.bbox[1], ln.bbox[0]))])


def _covering(rows: list[list[str | None]], boxes: list[list[Any]], r: int, c: int) -> str:
    """Text of the merged cell that covers grid position (r, c) from above; "" for one that
    spans columns (a spanning header repeated across its columns reads as many headers)
    or holds more than a label (`MAX_REPEATED_WORDS`)."""
    for k in range(c - 1, -1, -1):
        if boxes[r][k] is not None:
            if _spans_to(boxes[r][k], boxes, c, axis=0):
                return ""
            break
    for k in range(r - 1, -1, -1):
        if c < len(boxes[k]) and boxes[k][c] is not None:
            text = rows[k][c] or ""
            if len(text.split()) > MAX_REPEATED_WORDS:
                return ""
            return text if _spans_to(boxes[k][c], boxes, r, axis=1) else ""
    return ""


def _under_groups(boxes: list[list[Any]], r: int) -> bool:
    """True when every cell of row `r` lies right under a wider cell of the row above: the
    lower row of a grouped header ("Rate period" over "From" and "To")."""
    above = [b for b in boxes[r - 1] if b is not None] if r > 0 else []
    present = [b for b in boxes[r] if b is not None]
    return bool(present) and all(any(
        a[0] - 1 <= b[0] and b[2] <= a[2] + 1 and abs(a[3] - b[1]) <= 1
        and a[2] - a[0] > b[2] - b[0] + 1 for a in above) for b in present)


def _spans_to(box: Any, boxes: list[list[Any]], index: int, axis: int) -> bool:
    if axis == 0:  # does `box` reach the middle of column `index`?
        xs = [(row[index][0] + row[index][2]) / 2 for row in boxes
              if index < len(row) and row[index] is not None]
        return bool(xs) and box[2] >= min(xs)
    ys = [(b[1] + b[3]) / 2 for b in boxes[index] if b is not None]
    return bool(ys) and box[3] >= min(ys)


def _looks_like_table(rows: list[list[str]]) -> bool:
    """True for a grid of at least two rows and columns, mostly filled, not a diagram
    (one text over most cells), not boxed prose, and not a form's blank boxes (labels
    over empty rows: an exam sheet's score and marker boxes)."""
    cells = [c for row in rows for c in row]
    filled = [c for c in cells if c]
    if len(rows) < 2 or max(len(r) for r in rows) < 2 or not filled:
        return False
    if not any(c for row in rows[1:] for c in row):
        return False
    if len(filled) < MIN_FILLED * len(cells):
        return False
    if Counter(filled).most_common(1)[0][1] > MAX_ONE_TEXT * len(filled):
        return False  # a diagram's boxes: one label over many grid cells
    return sum(len(c) for c in filled) / len(filled) <= MAX_MEAN_CELL_CHARS


def _clean(text: str) -> str:
    return " ".join(text.split())


def join_cell_lines(lines: list[str]) -> str:
    """A cell's text from its lines, top to bottom: joined by spaces, but a line ending
    in a hyphen runs on into the next ("2025-" / "02-08", "FP-" / "7170": a cell too
    narrow breaks a date or a code only at its hyphens)."""
    text = ""
    for line in lines:
        part = _clean(line)
        if part:
            text += part if not text or text.endswith("-") else " " + part
    return text


def table_block(rows: list[list[str]]) -> Block:
    """A pipe-table block from rows of plain cell texts, the first row the header."""
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    text = "\n".join("\t".join(r) for r in rows)
    cells = [[table_cell(escape(c)) for c in r] for r in rows]
    return Block(kind="table", markdown=pipe_table(cells), text=text, tag="table")
