"""Running headers, footers and page numbers: lines in a page margin that repeat.

A line is furniture when it sits wholly inside the top or bottom margin band, is short
and set no larger than the body text, and the same text, digits ignored, appears at
about the same height on several pages whose bodies differ; a bare page label ("3",
"Page 3 of 9", "Página 3 de 9", "- 3 -", "iii") in a margin band (the side bands too)
goes when it is the page's own number or when enough pages have one where it stands, the
number going up as the pages do, or where the label of the page before or after stands
(`_page_labels`); a column of numbers (a form's line numbers, a listing's) holds no page
label. Text turned along a side margin (a running title set vertically, an archive stamp)
repeats like a header does. On a
one-page file, where nothing can repeat, a margin line that may run and repeats a line
of the page set larger (a word processor's header with the document's title) goes. Not
on longer files: their running headers repeat across pages, and a browser's print of a
long web page has menu entries that repeat its headings in every band.

A running line that is a line of a margin paragraph with a line too long to run (the
short last line of a notice whose first line is a sentence) stays with it, and so does a
line of a listing that falls at the foot of several pages: its text, digits ignored, is
twice or more a whole line of the bodies of as many pages.

Pages that repeat wholesale, digits ignored (a form printed once per applicant), keep
their margin lines: what repeats there is the page, not a running header. Horizontal lines in the
side bands are body text (a form's labels, a table's first column), whatever repeats.

Watermarks ("DRAFT" across the page, "CONFIDENTIAL" under the text) go too, page by page
(`strip_watermarks`).
"""

from __future__ import annotations

import bisect
import operator
import re
from collections import Counter

from webfold.pdf.layout import dominant_direction, is_turned
from webfold.pdf.model import Line, PageLines, centre_in, is_heading_size

TOP_SHARE = 0.10  # top band depth as a share of the page height (running headers)
BOTTOM_SHARE = 0.16  # bottom band (LaTeX page numbers sit at 85% of the height)
SIDE_SHARE = 0.12  # left and right bands, as a share of the page width
MAX_SIZE_RATIO = 1.05  # furniture is set no larger than the body text
MIN_REPEAT_SHARE = 0.3  # share of pages a margin text must appear on to count as running
MAX_WORDS = 20  # a running header or footer is a line, not a paragraph
LINE_GAP = 0.5  # font sizes between the boxes of two lines of one paragraph, at most
INDENT = 2.0  # font sizes a paragraph's first line may be indented by
COLUMN_PITCH = 2.5  # font sizes between the middles of two lines of a column, at most
WATERMARK_SIZE = 3.0  # a watermark is set at least this many times the page's body size
# Font sizes of space on each side of a page number set larger than the body in a footer
# or header row (`_larger_label`): a heading's number stands a space from its title.
CELL_GAP = 2.0
_DIGITS = re.compile(r"\d+")
_SENTENCE_END = re.compile(r"[.!?\u2026][\"'\u201d\u2019)]?\s*$")
# A page label: "9", "Page 3 of 9", "- 3 -", or a roman numeral ("iii", "XI"); "page"
# and "of" in the languages of the Latin and Cyrillic scripts most documents come in
# ("Seite 3 von 9", "Página 3 de 9", "Strona 3 z 9", "Стр. 3 из 9").
_PAGE_WORD = (r"(?:page|seite|p\.|p[áa]gina|p[áa]g\.|pag\.|strona|str\.|sida|side|blad|"
              r"страница|стр\.)")
_OF_WORD = r"(?:of|/|von|de|di|sur|z|av|af|van|из)"
PAGE_NUMBER = re.compile(
    rf"^\s*{_PAGE_WORD}?\s*[-–—(\[]?\s*(?:\d{{1,4}}|(?=[ivxlcdm]+\b)m{{0,3}}(?:cm|cd|d?c{{0,3}})"
    r"(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})(?<=[ivxlcdm]))\s*[-–—)\]]?"
    rf"(?:\s*{_OF_WORD}\s*\d{{1,4}})?\s*$",
    re.I)
# A page label that names itself and the page count, which no table's cell does: "Page 3
# of 9", "第 3 页 共 9 页" (Chinese: "page 3, 9 pages in all").
_PAGE_OF_COUNT = re.compile(
    rf"^\s*(?:{_PAGE_WORD}\s*(\d{{1,4}})\s*{_OF_WORD}\s*(\d{{1,4}})"
    r"|第\s*(\d{1,4})\s*页\s*[,，]?\s*共\s*(\d{1,4})\s*页)\s*$", re.I)


def strip_furniture(pages: list[PageLines]) -> int:
    """Remove running headers, footers and page numbers from `pages` in place.

    Returns the number of lines removed. On a single page only its own page number and a
    margin copy of a larger line go (nothing can repeat there).
    """
    body = _body_size(pages)
    keys = [[_key(page, line, body) for line in page.lines] for page in pages]
    bodies = [_body_text(page, page_keys) for page, page_keys in zip(pages, keys, strict=True)]
    seen: dict[tuple[str, int], set[str]] = {}  # key -> the bodies of the pages it is on
    for page_keys, text in zip(keys, bodies, strict=True):
        for key in page_keys:
            if key is not None:
                seen.setdefault(key, set()).add(text)
    need = max(2, MIN_REPEAT_SHARE * len(pages))
    listed = _listed_in_bodies({key for key, texts in seen.items() if len(texts) >= need},
                               bodies, need)
    page_labels = _page_labels(pages, keys, need, body)
    removed = 0
    for page, page_keys, labels in zip(pages, keys, page_labels, strict=True):
        larger = {_words(ln.text) for ln in page.lines
                  if max(s.size for s in ln.spans) > MAX_SIZE_RATIO * body
                  } if len(pages) == 1 else set()
        running = set()
        for i, (line, key) in enumerate(zip(page.lines, page_keys, strict=True)):
            if i not in labels and key is not None and key[2] and ((len(seen[key]) >= need
                                                  and key[0] not in listed)
                                                 or _words(line.text) in larger):
                running.add(i)
        gone = labels | (running - _in_kept_paragraphs(page.lines, page_keys, running, labels))
        removed += len(gone)
        page.lines = [line for i, line in enumerate(page.lines) if i not in gone]
    return removed


def mark_footer_row(page: PageLines) -> None:
    """Mark `page`'s footer row (`Line.footer`): the lowest row of the page, in the bottom
    band, holding a page label with the page count (`_PAGE_OF_COUNT`, the number no
    larger than the count; its pieces joined where they stand under a font size apart:
    MuPDF writes "第", "26", "页" apart), and whatever stands level with it (a notice, the
    publisher's name). Known on the page alone, so before tables are looked for: a table
    ending near the foot of the page took the row as its last, and on a one-page excerpt
    nothing repeats to show it for furniture (it is kept there, read last)."""
    upright = [ln for ln in page.lines if ln.text.strip() and abs(ln.direction[1]) <= 0.5]
    if not upright:
        return
    lowest = max(upright, key=lambda ln: ln.bbox[3])
    middle = (lowest.bbox[1] + lowest.bbox[3]) / 2
    row = sorted((ln for ln in upright if ln.bbox[1] <= middle <= ln.bbox[3]
                  or lowest.bbox[1] <= (ln.bbox[1] + ln.bbox[3]) / 2 <= lowest.bbox[3]),
                 key=lambda ln: ln.bbox[0])
    if min(ln.bbox[1] for ln in row) < (1 - BOTTOM_SHARE) * page.height:
        return
    runs = [[row[0]]]
    for left, right in zip(row, row[1:], strict=False):
        if right.bbox[0] - left.bbox[2] < max(s.size for s in left.spans):
            runs[-1].append(right)
        else:
            runs.append([right])
    for run in runs:
        label = _PAGE_OF_COUNT.match(" ".join(ln.text.strip() for ln in run))
        if label and operator.le(*(int(g) for g in label.groups() if g is not None)):
            for ln in row:
                ln.footer = True
            return


def strip_watermarks(page: PageLines) -> list[str]:
    """Remove the watermarks of one page from `page` in place; return their texts.

    A watermark is a line set at least `WATERMARK_SIZE` times the page's body text and
    either turned away from the page's writing direction (a diagonal "DRAFT") or drawn
    under other lines (a level "CONFIDENTIAL" over the text: two lines or more have their
    middle in its box). It is no part of the text it lies under: read in order it lands
    in mid-paragraph as a heading, and its box, across the page, hides the gutters
    between columns so that they are read line by line across. A caller names it in a
    warning rather than lose it silently.
    """
    body = _body_size([page])
    cos, sin = dominant_direction(page.lines)
    marks: list[Line] = []
    for line in page.lines:
        if max(s.size for s in line.spans) < WATERMARK_SIZE * body:
            continue
        if is_turned(line, cos, sin) or sum(1 for other in page.lines if other is not line
                         and centre_in(other.bbox, line.bbox)) >= 2:
            marks.append(line)
    if marks:
        gone = {id(line) for line in marks}
        page.lines = [line for line in page.lines if id(line) not in gone]
    return [" ".join(line.text.split()) for line in marks]


def _in_kept_paragraphs(lines: list[Line], keys: list, running: set[int],
                        labels: set[int]) -> set[int]:
    """The `running` lines that are lines of a margin paragraph with a line too long to
    run (a repeated notice at the foot of a form: its long first line cannot run, its
    short last line can), so such a paragraph is kept whole. Only such a line keeps its
    neighbours: not a body line above the band (a browser's cookie notice printed on
    every page reaching down into it), nor a short kept line (a list of links in a web
    page's footer, one under another)."""
    kept = [i for i, key in enumerate(keys)
            if key is not None and not key[2] and i not in running and i not in labels]
    saved: set[int] = set()
    while True:
        more = {i for i in running - saved
                if any(_one_paragraph(lines[i], lines[j]) for j in kept)}
        if not more:
            return saved
        saved |= more
        kept += more


def _one_paragraph(a: Line, b: Line) -> bool:
    """True when one of two horizontal lines is the next line of the other's paragraph:
    the same size, the same left edge (the upper one may be indented), at most a line gap
    between them, and the upper line does not end a sentence (after one, a link or a
    label of its own may follow)."""
    upper, lower = (a, b) if a.bbox[1] <= b.bbox[1] else (b, a)
    size = max(s.size for s in upper.spans)
    if abs(a.direction[1]) > 0.5 or abs(b.direction[1]) > 0.5 or size <= 0 or \
            _SENTENCE_END.search(upper.text):
        return False
    return (abs(max(s.size for s in lower.spans) - size) <= (MAX_SIZE_RATIO - 1) * size
            and -INDENT * size <= lower.bbox[0] - upper.bbox[0] <= 0.25 * size
            and upper.bbox[1] + 0.5 * size < lower.bbox[1]
            and lower.bbox[1] - upper.bbox[3] <= LINE_GAP * size)


def _body_text(page: PageLines, page_keys: list) -> str:
    """The page's text outside the margin bands, digits folded: equal on pages that repeat
    wholesale ("applicant 1 of 3", "applicant 2 of 3")."""
    return _DIGITS.sub("#", "\n".join(line.text for line, key in
                                      zip(page.lines, page_keys, strict=True) if key is None))


def _listed_in_bodies(keys: set[tuple[str, int, bool]], bodies: list[str],
                      need: float) -> set[str]:
    """The texts of the repeating margin `keys` that are whole lines of the body twice or
    more on each of `need` pages or more: a listing's line ("Mar 16-20 26" under each
    event) that falls at the foot of some pages, not a running line, which a page's body
    holds once at most (a chapter's title over its first page, a form's footer set higher
    on a page of its own)."""
    texts = {key[0] for key in keys if any(ch.isalpha() for ch in key[0])}
    if not texts:  # a number alone is numbering, a page's or a listing's, whatever repeats
        return set()
    pages_with: Counter[str] = Counter()
    for body in bodies:
        lines = Counter(" ".join(line.lower().split()) for line in body.split("\n"))
        pages_with.update(text for text in texts if lines[text] >= 2)
    return {text for text in texts if pages_with[text] >= need}


def _words(text: str) -> str:
    return " ".join(text.lower().split())


def _page_labels(pages: list[PageLines], keys: list[list], need: float,
                 body: float) -> list[set[int]]:
    """For each page, the indices of its lines that are its printed page label.

    A label is a `PAGE_NUMBER` line in a margin band, alone there: no other such line of
    its page in the same band on the line above or below it (a column of numbers at a
    page's foot is a form's line numbers or a listing's, not numbering). Printed page
    numbers need not match the page's place in the file ("9" on the third page, "iii" in
    a preface), so a label is known by where the other pages have theirs: in the same
    band, at the same height and across the page at the same place or its mirror (outer
    corners alternate on facing pages), the number going up as the pages do. One such
    line per band (of two, the one more pages agree with), on pages enough to count as
    numbering. Then a page's line where the label of the page before or after it stands
    is its label whatever its number (a slide's frame number repeated on each overlay, a
    numbering started anew at the back); and a page's own number goes wherever it stands
    alone.

    Candidates are looked up by their numbering: two of one numbering have the number
    less the page's number in common, so each is compared with the few that share it
    and with those of the other kind (roman or arabic), not with every page's."""
    found = [_label_candidates(page, page_keys, body)
             for page, page_keys in zip(pages, keys, strict=True)]
    # By page within each numbering and kind: a page's own candidates are skipped whole (a
    # page of thousands of "i" in its header had compared each with all the others).
    numbering: dict[tuple[bool, int, str], dict[int, list[tuple]]] = {}
    kinds: dict[tuple[bool, str], dict[int, list[tuple]]] = {}
    for p, candidates in enumerate(found):
        for c in candidates:
            (roman, value), side = c[3], _side(c[2])
            numbering.setdefault((roman, value - pages[p].number, side), {}).setdefault(
                p, []).append(c)
            kinds.setdefault((roman, side), {}).setdefault(p, []).append(c)

    def agreeing(p: int, label: tuple) -> set[int]:
        """The other pages with a candidate where `label` of page `p` stands, the number
        going up as the pages do, or roman on a page before arabic on a later one."""
        (roman, value), side = label[3], _side(label[2])
        same = {q for q, cs in numbering[roman, value - pages[p].number, side].items()
                if q != p and any(_same_place(pages[p], label, pages[q], c) for c in cs)}
        other_kind = {q for q, cs in kinds.get((not roman, side), {}).items()
                      if q != p and (q > p) == roman
                      and any(_same_place(pages[p], label, pages[q], c) for c in cs)}
        return same | other_kind

    placed: list[list[tuple]] = []
    for p, candidates in enumerate(found):
        support = {c[0]: len(agreeing(p, c)) for c in candidates}
        labels: list[tuple] = []
        for band in {c[2] for c in candidates if support[c[0]]}:
            in_band = [c for c in candidates if c[2] == band and support[c[0]]]
            if len(_distinct(in_band)) > 1:  # the one most pages agree with, if any
                most = max(support[c[0]] for c in in_band)
                in_band = [c for c in in_band if support[c[0]] == most]
            if len(_distinct(in_band)) == 1:
                labels += in_band
        placed.append(labels)
    own = [[c for c in candidates if _own_number(page, c[1])]
           for page, candidates in zip(pages, found, strict=True)]
    if sum(1 for labels in placed if labels) >= need:
        for order in (range(1, len(pages)), range(len(pages) - 2, -1, -1)):
            for p in order:
                q = p - 1 if order.step > 0 else p + 1
                placed[p] += _where_labels_stand(pages[p], found[p], placed[p] + own[p],
                                                 pages[q], placed[q])
    else:
        placed = [[] for _ in pages]
    return [{c[0] for c in labels + own_labels} for labels, own_labels in zip(placed, own,
                                                                              strict=True)]


def _label_candidates(page: PageLines, page_keys: list,
                      body: float) -> list[tuple[int, Line, str, tuple[bool, int]]]:
    """(index, line, band, value) of the `PAGE_NUMBER` lines in `page`'s margin bands
    but those in a column of them (one on the line above or below another in its band).
    The page's lowest line, alone on its row, stands in the bottom band wherever the
    band's edge is (LaTeX on A4 paper sets the page number at 83% of the page's height,
    over the band; a contents entry's page number on the last row is no label). A number
    set a little larger than the body may be a label too (`_larger_label`)."""
    lowest = max(page.lines, key=lambda line: line.bbox[1], default=None)
    if lowest is not None and any(line is not lowest and line.bbox[3] > lowest.bbox[1]
                                  for line in page.lines):
        lowest = None
    numbers = [(i, line, key) for i, (line, key)
               in enumerate(zip(page.lines, page_keys, strict=True))
               if PAGE_NUMBER.match(line.text)]
    rows = _Rows(page.lines) if any(key is None for _, _, key in numbers) else None
    candidates = [(i, line, "bottom" if key is None and line is lowest else _band(page, line),
                   _label_value(line.text))
                  for i, line, key in numbers
                  if key is not None or line is lowest or _larger_label(page, rows, line, body)]
    # Each compared only with those of its band whose middles are near enough for
    # `_one_above_other`: a page of thousands of letters (tiny spans) stays near linear.
    in_column: set[int] = set()
    for band in {c[2] for c in candidates}:
        group = sorted((c for c in candidates if c[2] == band),
                       key=lambda c: c[1].bbox[1] + c[1].bbox[3])
        middles = [c[1].bbox[1] + c[1].bbox[3] for c in group]  # twice each middle
        reach = 2 * COLUMN_PITCH * max((s.size for c in group for s in c[1].spans), default=0)
        for c, middle in zip(group, middles, strict=True):
            near = group[bisect.bisect_left(middles, middle - reach):
                         bisect.bisect_right(middles, middle + reach)]
            if any(_one_above_other(c[1], d[1]) for d in near):
                in_column.add(c[0])
    return [c for c in candidates if c[0] not in in_column]


class _Rows:
    """A page's lines by their tops, to find those a height crosses without looking at
    every line: a page of thousands of number-like letters in its header band had made
    `_larger_label` a pass over the page per letter."""

    def __init__(self, lines: list[Line]) -> None:
        self.lines = sorted(lines, key=lambda line: line.bbox[1])
        self.tops = [line.bbox[1] for line in self.lines]
        self.tallest = max((line.bbox[3] - line.bbox[1] for line in lines), default=0.0)

    def crossing(self, y: float) -> list[Line]:
        """The lines whose boxes `y` falls strictly inside, top to bottom."""
        start = bisect.bisect_right(self.tops, y - self.tallest)
        return [line for line in self.lines[start:bisect.bisect_left(self.tops, y)]
                if line.bbox[3] > y]


def _larger_label(page: PageLines, rows: _Rows, line: Line, body: float) -> bool:
    """True when `line`, set larger than the body but not at a heading's size, stands in
    the top or bottom band with `CELL_GAP` font sizes or more between it and the other
    lines of its row: a footer's "- 34 -" in 10 pt bold under 9.5 pt text, beside the
    document's title. A heading's number stands a space from its title, and one in a
    side band hangs by its heading: neither is a label."""
    x0, y0, x1, y1 = line.bbox
    size = max(s.size for s in line.spans)
    if (is_heading_size(size, body) or abs(line.direction[1]) > 0.5
            or TOP_SHARE * page.height < y1 and y0 < page.height - BOTTOM_SHARE * page.height):
        return False
    middle = (y0 + y1) / 2
    return not any(other is not line and other.bbox[0] - CELL_GAP * size < x1
                   and x0 < other.bbox[2] + CELL_GAP * size for other in rows.crossing(middle))


def _where_labels_stand(page: PageLines, candidates: list[tuple], labels: list[tuple],
                        next_page: PageLines, next_labels: list[tuple]) -> list[tuple]:
    """The candidates of `page` that stand where a label of the neighbouring `next_page`
    stands, in a band where `page` has no label yet (`labels`, its own number among
    them), when one line does; up to a line lower or higher when its number carries on
    the label's (a running header of two lines sets the number level with its second)."""
    taken = {label[2] for label in labels}
    pages_on = next_page.number - page.number
    new: list[tuple] = []
    for label in next_labels:
        there = [c for c in candidates if c[2] not in taken and _same_place(
            page, c, next_page, label,
            lines=2 if c[3][0] == label[3][0] and label[3][1] - c[3][1] == pages_on else 1)]
        if len(_distinct(there)) == 1:
            new += there
            taken.add(there[0][2])
    return new


def _distinct(candidates: list[tuple]) -> set[tuple[str, int]]:
    """The lines of `candidates` told apart by text and height: a line drawn twice over
    itself (a bold face faked) counts once."""
    return {(c[1].text, round(c[1].bbox[1])) for c in candidates}


def _same_place(page: PageLines, label: tuple, other_page: PageLines, other: tuple,
                lines: int = 1) -> bool:
    """True when `other`, a label candidate of `other_page`, stands where `label` of
    `page` does: in the same band (or in the side band across the page, as on facing
    pages), as far from its edge within `lines` line heights, with its left edge, right
    edge or middle where `label`'s is along the band (a top or bottom band's also where
    its mirror across the page is)."""
    _, line, band, _ = label
    _, other_line, other_band, _ = other
    sides = {band, other_band} <= {"left", "right"}
    if other_band != band and not sides:
        return False
    tolerance = max(line.bbox[3] - line.bbox[1], other_line.bbox[3] - other_line.bbox[1])
    if abs(_from_edge(page, line, band)
           - _from_edge(other_page, other_line, other_band)) > lines * tolerance:
        return False
    (x0, y0, x1, y1), (u0, v0, u1, v1) = line.bbox, other_line.bbox
    along = [((y0, y1), (v0, v1))] if sides else [
        ((x0, x1), (u0, u1)), ((x0, x1), (other_page.width - u1, other_page.width - u0))]
    return any(min(abs(a0 - b0), abs(a1 - b1), abs(a0 + a1 - b0 - b1) / 2) <= tolerance
               for (a0, a1), (b0, b1) in along)


def _one_above_other(a: Line, b: Line) -> bool:
    """True when lines `a` and `b` share some width and one stands on the line above the
    other, as lines of a column do: their middles no more than `COLUMN_PITCH` font sizes
    apart (boxes can be far taller than the type, so their gap tells less), and more than
    half a size (a line drawn twice over itself is one line)."""
    (a0, a1, a2, a3), (b0, b1, b2, b3) = a.bbox, b.bbox
    size = max(s.size for s in a.spans + b.spans)
    pitch = abs(a1 + a3 - b1 - b3) / 2
    return a0 < b2 and b0 < a2 and 0.5 * size < pitch <= COLUMN_PITCH * size


def _side(band: str) -> str:
    """The band a label pairs across: the left and right bands are one (facing pages)."""
    return "side" if band in ("left", "right") else band


def _band(page: PageLines, line: Line) -> str:
    """The margin band a margin line is in: top, bottom, left or right (a corner's line
    is in the top or bottom band)."""
    if line.bbox[3] <= TOP_SHARE * page.height:
        return "top"
    if line.bbox[1] >= page.height - BOTTOM_SHARE * page.height:
        return "bottom"
    return "left" if line.bbox[2] <= SIDE_SHARE * page.width else "right"


def _from_edge(page: PageLines, line: Line, band: str) -> float:
    """How far the middle of `line` is from the page edge its `band` runs along."""
    middle_y, middle_x = (line.bbox[1] + line.bbox[3]) / 2, (line.bbox[0] + line.bbox[2]) / 2
    return {"top": middle_y, "bottom": page.height - middle_y, "left": middle_x,
            "right": page.width - middle_x}[band]


_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}
_NUMERAL = re.compile(r"\b[ivxlcdm]+\b")


def _label_value(text: str) -> tuple[bool, int]:
    """(roman, value) of a `PAGE_NUMBER` text: (False, 3) for "Page 3 of 9", (True, 4)
    for "iv"."""
    digits = _DIGITS.search(text)
    if digits:
        return False, int(digits[0])
    values = [_ROMAN[ch] for ch in _NUMERAL.findall(text.lower())[-1]]
    return True, sum(-v if v < w else v for v, w in zip(values, values[1:] + [0], strict=True))


def _own_number(page: PageLines, line: Line) -> bool:
    return _DIGITS.findall(line.text)[:1] == [str(page.number)]


def _body_size(pages: list[PageLines]) -> float:
    sizes: Counter[float] = Counter()
    for page in pages:
        for line in page.lines:
            for span in line.spans:
                sizes[round(span.size, 1)] += len(span.text)
    return sizes.most_common(1)[0][0] if sizes else 0.0


def _key(page: PageLines, line: Line, body: float) -> tuple[str, int, bool] | None:
    """(text with digits folded, height bucket, may run) for a small margin line; None
    elsewhere. Only short lines in the top or bottom band, or turned along a side, may run;
    a horizontal side-band line is kept unless it is a page label."""
    x0, y0, x1, y1 = line.bbox
    w, h = page.width, page.height
    top_bottom = y1 <= TOP_SHARE * h or y0 >= h - BOTTOM_SHARE * h
    side = x1 <= SIDE_SHARE * w or x0 >= w - SIDE_SHARE * w
    if not (top_bottom or side) or max(s.size for s in line.spans) > MAX_SIZE_RATIO * body:
        return None
    text = " ".join(_DIGITS.sub("#", line.text).lower().split())
    if not text:
        return None
    turned = abs(line.direction[1]) > 0.5
    may_run = (top_bottom or turned) and len(text.split()) <= MAX_WORDS
    return text, round((y0 + y1) / 2 / (0.02 * h)), may_run
