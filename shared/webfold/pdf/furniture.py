"""Running headers, footers and page numbers: lines in a page margin that repeat.

A line is furniture when it sits wholly inside a margin band (top, bottom, left or
right edge of the page), is set no larger than the body text, and the same text,
digits ignored, appears at about the same height on several pages; a bare page label
("3", "Page 3 of 9", "- 3 -", "iii") in a margin band goes too when it is the page's
own number or when enough pages have one.
"""

from __future__ import annotations

import re
from collections import Counter

from webfold.pdf.model import Line, PageLines

TOP_SHARE = 0.10  # top band depth as a share of the page height (running headers)
BOTTOM_SHARE = 0.16  # bottom band (LaTeX page numbers sit at 85% of the height)
SIDE_SHARE = 0.12  # left and right bands, as a share of the page width
MAX_SIZE_RATIO = 1.05  # furniture is set no larger than the body text
MIN_REPEAT_SHARE = 0.3  # share of pages a margin text must appear on to count as running
_DIGITS = re.compile(r"\d+")
# A page label: "9", "Page 3 of 9", "- 3 -", or a roman numeral ("iii", "XI").
PAGE_NUMBER = re.compile(
    r"^\s*(?:page|seite|p\.)?\s*[-–—(\[]?\s*(?:\d{1,4}|(?=[ivxlcdm])m{0,3}(?:cm|cd|d?c{0,3})"
    r"(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3}))\s*[-–—)\]]?(?:\s*(?:of|/|von)\s*\d{1,4})?\s*$",
    re.I)


def strip_furniture(pages: list[PageLines]) -> int:
    """Remove running headers, footers and page numbers from `pages` in place.

    Returns the number of lines removed. On a single page only its own page number goes
    (nothing can repeat there).
    """
    body = _body_size(pages)
    keys = [[_key(page, line, body) for line in page.lines] for page in pages]
    seen: dict[tuple[str, int], set[int]] = {}
    for page, page_keys in zip(pages, keys, strict=True):
        for key in page_keys:
            if key is not None:
                seen.setdefault(key, set()).add(page.number)
    need = max(2, MIN_REPEAT_SHARE * len(pages))
    # Printed page numbers need not match the page's place in the file ("9" on the third
    # page, "iii" in a preface): labels in the margins of enough pages are numbering.
    labelled = sum(1 for page, page_keys in zip(pages, keys, strict=True)
                   if any(k is not None and PAGE_NUMBER.match(ln.text)
                          for ln, k in zip(page.lines, page_keys, strict=True)))
    removed = 0
    for page, page_keys in zip(pages, keys, strict=True):
        kept = []
        for line, key in zip(page.lines, page_keys, strict=True):
            label = key is not None and PAGE_NUMBER.match(line.text) and labelled >= need
            if key is not None and (len(seen[key]) >= need or label or _own_number(page, line)):
                removed += 1
            else:
                kept.append(line)
        page.lines = kept
    return removed


def _own_number(page: PageLines, line: Line) -> bool:
    return bool(PAGE_NUMBER.match(line.text)) and _DIGITS.findall(line.text)[:1] == [
        str(page.number)]


def _body_size(pages: list[PageLines]) -> float:
    sizes: Counter[float] = Counter()
    for page in pages:
        for line in page.lines:
            for span in line.spans:
                sizes[round(span.size, 1)] += len(span.text)
    return sizes.most_common(1)[0][0] if sizes else 0.0


def _key(page: PageLines, line: Line, body: float) -> tuple[str, int] | None:
    """(text with digits folded, height bucket) for a small margin line; None elsewhere."""
    x0, y0, x1, y1 = line.bbox
    w, h = page.width, page.height
    in_band = (y1 <= TOP_SHARE * h or y0 >= h - BOTTOM_SHARE * h
               or x1 <= SIDE_SHARE * w or x0 >= w - SIDE_SHARE * w)
    if not in_band or max(s.size for s in line.spans) > MAX_SIZE_RATIO * body:
        return None
    text = " ".join(_DIGITS.sub("#", line.text).lower().split())
    if not text:
        return None
    return text, round((y0 + y1) / 2 / (0.02 * h))
