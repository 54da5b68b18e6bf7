"""A page's vector drawings and the rules they draw, for the table finders, the
reading order (a form's boxes parted by a drawn rule) and the headings (a form's box
labels)."""

from __future__ import annotations

from typing import Any

import pymupdf

from webfold.pdf.model import BBox, PageLines, centre_in

MAX_DRAWINGS = 5_000  # pages with more paths are plots or maps; skip the finder
DOT_SIZE = 3.0  # points: a filled box smaller both ways is a dot of a dotted rule ...
DOT_GAP = 2.0  # ... when the next dot of its row is at most this far ...
DOT_RULE = 10.0  # ... and the row spans this long


def page_paths(page: Any) -> list[dict[str, Any]]:
    """The page's vector paths (`get_cdrawings()`), a page of more than `MAX_DRAWINGS`
    with the dots of its dotted rules joined (`_dotted_rules`); [] for a page still
    over it (a plot or a map) or whose drawings cannot be read."""
    try:
        paths = page.get_cdrawings()
    except Exception:
        return []
    if len(paths) > MAX_DRAWINGS:
        paths = _dotted_rules(paths)
    return [] if len(paths) > MAX_DRAWINGS else paths


def _dotted_rules(paths: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`paths` with each row or column of dots (filled boxes under `DOT_SIZE` points
    both ways, thinner one way, at most `DOT_GAP` apart) spanning `DOT_RULE` points or
    more drawn as one stroked line instead: a table ruled in dotted lines draws
    thousands of dots, as many paths as a plot."""
    runs: dict[tuple[bool, float], list[tuple[float, float, float, dict[str, Any]]]] = {}
    rest = []
    for path in paths:
        items = path.get("items", ())
        if path.get("type") == "f" and len(items) == 1 and items[0][0] == "re":
            x0, y0, x1, y1 = items[0][1]
            if max(x1 - x0, y1 - y0) < DOT_SIZE and x1 - x0 != y1 - y0:
                across = x1 - x0 > y1 - y0
                key = (across, round((y0 + y1 if across else x0 + x1) / 2, 1))
                runs.setdefault(key, []).append((x0, x1, y1 - y0, path) if across
                                                else (y0, y1, x1 - x0, path))
                continue
        rest.append(path)
    for (across, pos), dots in runs.items():
        dots.sort(key=lambda d: d[0])
        group = [dots[0]]
        for dot in dots[1:] + [None]:
            if dot is not None and dot[0] - group[-1][1] <= DOT_GAP:
                group.append(dot)
                continue
            start, end, width = group[0][0], max(d[1] for d in group), group[0][2]
            if end - start < DOT_RULE:
                rest += [d[3] for d in group]
            else:
                a, b = ((start, pos), (end, pos)) if across else ((pos, start), (pos, end))
                rest.append({"items": [("l", a, b)], "type": "s", "width": width,
                             "color": (0.0, 0.0, 0.0), "closePath": False,
                             "lineCap": (0, 0, 0), "lineJoin": 0.0, "dashes": "[] 0",
                             "stroke_opacity": 1.0, "seqno": group[0][3].get("seqno", 0),
                             "layer": "", "rect": (*a, *b)})
            group = [dot] if dot is not None else []
    return rest


# A box this many times as tall as its label leaves room to fill in: a form's box. A
# heading's shaded band or a rule above and below it sits closer.
BOX_ROOM = 2.0
# A box holding this many words or more holds text, not a label and its value: a
# framed note under its heading, a page's frame.
BOX_TEXT_WORDS = 16
EDGE_SLACK = 1.0  # points a label's box may run over the rules around it
GRID_REACH = 3.0  # points a rule runs on past a box's corner when the box is a grid's


def mark_boxed_labels(page_lines: PageLines, paths: list[dict[str, Any]], page: BBox) -> None:
    """Mark (`Line.boxed`) each upright line of `page_lines` that stands in a drawn box
    (`_box_around`) of rules on the `page`'s area (a printed web page's backdrop runs
    off it), tall enough to write in (`BOX_ROOM`) and holding little text
    (`BOX_TEXT_WORDS`, with the line's own): a form's label ("15 Credits", "(FUTA
    Liaison)"), set bold or numbered as a section's title is, heads no section. Taken
    after the ruled tables, so the lines left are in boxes that make no table. The
    vertical rules are the page's own (`PageLines.vertical_rules`, joined once a page
    for the reading order too)."""
    upright = [ln for ln in page_lines.lines if abs(ln.direction[1]) < 0.02 and ln.text.strip()]
    if not upright:
        return
    x0, y0, x1, y1 = (v + d for v, d in zip(page, (-EDGE_SLACK, -EDGE_SLACK, EDGE_SLACK,
                                                   EDGE_SLACK), strict=True))
    horizontal, vertical = joined(segments(paths)[0]), page_lines.vertical_rules()
    horizontal = [r for r in horizontal if y0 <= r[0] <= y1 and r[1] >= x0 and r[2] <= x1]
    vertical = [r for r in vertical if x0 <= r[0] <= x1 and r[1] >= y0 and r[2] <= y1]
    words: dict[BBox, int] = {}  # box -> the words of the lines in it, for its labels
    for line in upright:
        box = _box_around(line.bbox, horizontal, vertical)
        if box is None or box[3] - box[1] < BOX_ROOM * (line.bbox[3] - line.bbox[1]):
            continue
        if box not in words:
            words[box] = sum(len(ln.text.split()) for ln in upright if centre_in(ln.bbox, box))
        line.boxed = words[box] < BOX_TEXT_WORDS


def _box_around(bbox: BBox, horizontal: list[tuple[float, float, float]],
                vertical: list[tuple[float, float, float]]) -> BBox | None:
    """The box of a grid around `bbox`: the nearest rules above and below it, each
    running all along it, closed by a vertical rule on one side at least, the other side
    a rule too or where both of those rules end (a form's box open at the page's margin),
    one of its rules running on past a corner into the next box (a frame, a web page's
    card, ends at its corners); None where there is none."""
    x0, y0, x1, y1 = bbox
    across = [r for r in horizontal if r[1] <= x0 + EDGE_SLACK and r[2] >= x1 - EDGE_SLACK]
    down = [r for r in vertical if r[1] <= y0 + EDGE_SLACK and r[2] >= y1 - EDGE_SLACK]
    top = max((r for r in across if r[0] <= y0 + EDGE_SLACK), default=None)
    bottom = min((r for r in across if r[0] >= y1 - EDGE_SLACK), default=None)
    left = max((r for r in down if r[0] <= x0 + EDGE_SLACK), default=None)
    right = min((r for r in down if r[0] >= x1 - EDGE_SLACK), default=None)
    if top is None or bottom is None or (left is None and right is None):
        return None
    sides = [r for r in (left, right) if r is not None]
    if left is None and abs(top[1] - bottom[1]) <= 2 * EDGE_SLACK:
        left = (max(top[1], bottom[1]), top[0], bottom[0])
    if right is None and abs(top[2] - bottom[2]) <= 2 * EDGE_SLACK:
        right = (min(top[2], bottom[2]), top[0], bottom[0])
    if left is None or right is None:
        return None
    box = (left[0], top[0], right[0], bottom[0])
    crossed = any(r[1] < box[1] - GRID_REACH or r[2] > box[3] + GRID_REACH for r in sides) or any(
        r[1] < box[0] - GRID_REACH or r[2] > box[2] + GRID_REACH for r in (top, bottom))
    return box if crossed else None


def vertical_rules(paths: list[dict[str, Any]]) -> list[tuple[float, float, float]]:
    """The vertical rules (x, y0, y1) of a page's `paths` (`page_paths`), collinear pieces
    joined, in its unrotated space (as its text lines are). Listing a page's drawings
    costs 1-3 ms: the reading order asks only where narrow white parts a region."""
    return joined(segments(paths)[1])


def segments(paths: list[dict[str, Any]], matrix: Any = None
             ) -> tuple[list[tuple[float, float, float]], list[tuple[float, float, float]]]:
    """(horizontal (y, x0, x1), vertical (x, y0, y1)) line segments of `paths`, carried
    by `matrix` when one is given."""
    horizontal: list[tuple[float, float, float]] = []  # y, x0, x1
    vertical: list[tuple[float, float, float]] = []  # x, y0, y1
    for path in paths:
        for item in path.get("items", ()):
            if item[0] == "l":
                pieces = [(*item[1], *item[2])]
            elif item[0] == "re":
                x0, y0, x1, y1 = item[1]
                pieces = [(x0, y0, x1, y0), (x0, y1, x1, y1), (x0, y0, x0, y1),
                          (x1, y0, x1, y1)]
            else:
                continue
            for a, b, c, d in pieces:
                if matrix is not None:
                    (a, b), (c, d) = pymupdf.Point(a, b) * matrix, pymupdf.Point(c, d) * matrix
                _add_rule(a, b, c, d, horizontal, vertical)
    return horizontal, vertical


def joined(rules: list[tuple[float, float, float]]) -> list[tuple[float, float, float]]:
    """(position, start, end) segments with collinear touching pieces joined into one."""
    out: list[tuple[float, float, float]] = []
    for pos, start, end in sorted(rules, key=lambda r: (round(r[0]), r[1])):
        if out and abs(out[-1][0] - pos) < 1 and start <= out[-1][2] + 2:
            out[-1] = (out[-1][0], out[-1][1], max(out[-1][2], end))
        else:
            out.append((pos, start, end))
    return out


def _add_rule(x0: float, y0: float, x1: float, y1: float,
              horizontal: list[tuple[float, float, float]],
              vertical: list[tuple[float, float, float]]) -> None:
    if abs(y1 - y0) < 1 and abs(x1 - x0) > 5:
        horizontal.append((y0, min(x0, x1), max(x0, x1)))
    elif abs(x1 - x0) < 1 and abs(y1 - y0) > 5:
        vertical.append((x0, min(y0, y1), max(y0, y1)))
