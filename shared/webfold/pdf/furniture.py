"""Running headers, footers and page numbers: lines in a page margin that repeat.

A line is furniture when it sits wholly inside the top or bottom margin band, is short
and set no larger than the body text, and the same text, digits ignored, appears at
about the same height on several pages whose bodies differ; a bare page label ("3",
"Page 3 of 9", "- 3 -", "iii") in a margin band (the side bands too) goes when it is
the page's own number or when enough pages have one. Text turned along a side margin
(a running title set vertically, an archive stamp) repeats like a header does. On a
one-page file, where nothing can repeat, a margin line that may run and repeats a line
of the page set larger (a word processor's header with the document's title) goes. Not
on longer files: their running headers repeat across pages, and a browser's print of a
long web page has menu entries that repeat its headings in every band.

Pages that repeat wholesale, digits ignored (a form printed once per applicant), keep
their margin lines: what repeats there is the page, not a running header. Horizontal lines in the
side bands are body text (a form's labels, a table's first column), whatever repeats.
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
MAX_WORDS = 20  # a running header or footer is a line, not a paragraph
_DIGITS = re.compile(r"\d+")
# A page label: "9", "Page 3 of 9", "- 3 -", or a roman numeral ("iii", "XI").
PAGE_NUMBER = re.compile(
    r"^\s*(?:page|seite|p\.)?\s*[-–—(\[]?\s*(?:\d{1,4}|(?=[ivxlcdm])m{0,3}(?:cm|cd|d?c{0,3})"
    r"(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3}))\s*[-–—)\]]?(?:\s*(?:of|/|von)\s*\d{1,4})?\s*$",
    re.I)


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
    # Printed page numbers need not match the page's place in the file ("9" on the third
    # page, "iii" in a preface): labels in the margins of enough pages are numbering.
    labelled = sum(1 for page, page_keys in zip(pages, keys, strict=True)
                   if any(k is not None and PAGE_NUMBER.match(ln.text)
                          for ln, k in zip(page.lines, page_keys, strict=True)))
    removed = 0
    for page, page_keys in zip(pages, keys, strict=True):
        kept = []
        larger = {_words(ln.text) for ln in page.lines
                  if max(s.size for s in ln.spans) > MAX_SIZE_RATIO * body
                  } if len(pages) == 1 else set()
        for line, key in zip(page.lines, page_keys, strict=True):
            label = key is not None and PAGE_NUMBER.match(line.text)
            running = key is not None and key[2] and (len(seen[key]) >= need
                                                       or _words(line.text) in larger)
            if running or (label and (labelled >= need or _own_number(page, line))):
                removed += 1
            else:
                kept.append(line)
        page.lines = kept
    return removed


def _body_text(page: PageLines, page_keys: list) -> str:
    """The page's text outside the margin bands, digits folded: equal on pages that repeat
    wholesale ("applicant 1 of 3", "applicant 2 of 3")."""
    return _DIGITS.sub("#", "\n".join(line.text for line, key in
                                      zip(page.lines, page_keys, strict=True) if key is None))


def _words(text: str) -> str:
    return " ".join(text.lower().split())


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
