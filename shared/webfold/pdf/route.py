"""Which route a PDF page takes: its own text layer (`native`) or OCR (`ocr`).

Decided from what the native read already produced (the page's `Line`s and image
boxes), so routing costs no rendering: a page goes to OCR when it has no alphanumeric
text, when it is a scan (images cover at least half of it, its text is sparser than
`SCAN_MAX_ALNUM_PER_KPT2` and lies mostly on the images, e.g. a stamp or a page number on
a scanned page; a caption beside a big figure is no scan), or when
its text layer is garbled (raw glyph codes, private-use or unassigned code points,
replacement characters, `(cid:N)` junk, Latin-1 mojibake); of a page garbled only in
places, the text that reads well (`readable_parts`) is kept beside OCR's reading of the
rest. `skipped` is never decided here: the converter skips pages when OCR is off or its
page budget is spent.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from webfold.pdf.model import BBox, Line, PageLines, Span, centre_in

SCAN_MIN_IMAGE_COVER = 0.5  # fraction of the page area covered by images
SCAN_MAX_ALNUM_PER_KPT2 = 0.4  # alphanumeric characters per 1000 pt² below which a scan wins
GARBLED_MIN_SCORE = 0.1  # junk characters per visible character that make a layer garbled
MOJIBAKE_MIN_SHARE = 0.6  # share of letters from Latin-1 Supplement (Ã, å, ...) that is mojibake
MOJIBAKE_MIN_LETTERS = 5
UNMAPPED_FONT_MIN_SHARE = 0.5  # share of a page's text in unmapped fonts that sends it to OCR
GARBLED_LAYER = "garbled text layer"  # the reason of a page sent to OCR for its junk

# A replacement or private-use character right after a Hebrew or Arabic letter or mark is
# a vowel or shadda glyph the font maps to no code point (Arabic fonts draw marks and
# mark pairs as their own glyphs): an unmapped mark, not a garbled layer.
UNMAPPED_MARK = re.compile(r"(?<=[\u0591-\u05f4\u0610-\u06ff\u0750-\u077f\u08a0-\u08ff"
                           r"\ufb1d-\ufdff\ufe70-\ufefc])[\ufffd\ue000-\uf8ff]+")
# Junk within a word: a control code or U+FFFD between two letters (the lookahead lets
# gaps share a letter: "A\x03B\x03C" has two).
# A page is searched for the junk first: a search for the letter before it tries every
# letter of the page.
_WORD_JUNK_CLASS = r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffd]"
_WORD_JUNK = re.compile(_WORD_JUNK_CLASS)
_JUNK_IN_WORD = re.compile(rf"[^\W\d_]{_WORD_JUNK_CLASS}+(?=[^\W\d_])")
SHIFTED_MIN_GAPS = 5  # junk gaps within words that make a font's codes shifted
_ALNUM = re.compile(r"[^\W_]")
_CID = re.compile(r"\(cid:\d+\)|<cid:\d+>|\bcid\d{1,5}\b")
_JUNK_CATEGORIES = frozenset({"Cc", "Co", "Cn", "Cs"})  # controls, private use, unassigned


@dataclass(frozen=True, slots=True)
class PageRoute:
    """Where a page goes (`native` or `ocr`) and why (None for native). `garbled`: sent
    to OCR for junk in its text layer, so the text that reads well (`readable_parts`)
    is kept beside OCR's reading of the rest."""

    route: Literal["native", "ocr"]
    reason: str | None = None
    garbled: bool = False


NATIVE = PageRoute("native")


@dataclass(frozen=True, slots=True)
class PageFonts:
    """Names (with and without the subset prefix) of a page's fonts that need a warning:
    `unmapped`, drawn right but mapped to no Unicode (`unmapped_font_share`), and
    `unknown_glyphs`, whose glyphs cannot be known (`unknown_glyph_fonts`)."""

    unmapped: frozenset[str] = frozenset()
    unknown_glyphs: frozenset[str] = frozenset()


@dataclass(slots=True)
class FontCache:
    """The font verdicts of one document: font xref -> drawn without a Unicode mapping,
    font xref -> glyphs unknown, and the names of such fonts per shared /Resources object
    (office suites give every page the same one; listing a page's fonts costs 0.3-1.6
    ms) or per page with resources of its own."""

    unmapped: dict[int, bool] = field(default_factory=dict)
    unknown_glyphs: dict[int, bool] = field(default_factory=dict)
    names_by_resources: dict[int, PageFonts] = field(default_factory=dict)


def page_route(page: Any, page_lines: PageLines, font_cache: FontCache | None = None,
               image_boxes: Callable[[], list[BBox]] | None = None) -> PageRoute:
    """Decide `native` or `ocr` for one page.

    `page` is the `pymupdf.Page` (asked for its fonts; None skips that); `image_boxes`
    lists its image boxes (`native.image_infos`), called only when the text is sparse;
    `page_lines` the native lines; `font_cache` keeps the font verdicts of one document.
    Returns the `PageRoute`, its reason saying why OCR. Never raises
    for odd pages: a page whose images or fonts cannot be listed counts as having none.
    """
    text = "".join([line.text for line in page_lines.lines])
    counts = Counter(text)
    alnum = sum(count for ch, count in counts.items() if ch.isalnum())
    score = _junk_share(text, counts)
    if score >= GARBLED_MIN_SCORE:  # a layer of only NULs or control codes too
        return PageRoute("ocr", f"{GARBLED_LAYER} (junk score {score:.2f})", garbled=True)
    # A font whose codes are shifted off its letters, the spaces among them control codes
    # ("BGD\x03HK\x03RNFFDSSN"), garbles its runs however clean the rest of the page. A
    # math extension or icon font draws junk too, but as glyphs of their own, not within
    # words, and an Arabic font's unmapped vowel glyphs are marks.
    if _WORD_JUNK.search(text) and _JUNK_IN_WORD.search(text) and (shifted := sorted({
            font[0] for font, font_text in _garbled_fonts(page_lines).items()
            if len(_JUNK_IN_WORD.findall(UNMAPPED_MARK.sub("", font_text))) >= SHIFTED_MIN_GAPS})):
        return PageRoute("ocr", f"{GARBLED_LAYER} in {', '.join(shifted)}", garbled=True)
    if alnum == 0:
        return PageRoute("ocr", "no text layer")
    if page is not None:
        share = unmapped_font_share(page, page_lines,
                                    FontCache() if font_cache is None else font_cache)
        if share >= UNMAPPED_FONT_MIN_SHARE:
            return PageRoute("ocr", f"{share:.0%} of the text in fonts without a Unicode mapping")
    area = max(page_lines.width * page_lines.height, 1.0)
    density = alnum / (area / 1000.0)
    if density >= SCAN_MAX_ALNUM_PER_KPT2:
        return NATIVE
    boxes = image_boxes() if image_boxes is not None else []
    cover = image_cover(boxes, page_lines.width, page_lines.height)
    if cover >= SCAN_MIN_IMAGE_COVER and _share_on_images(page_lines, boxes) >= 0.5:
        return PageRoute("ocr", f"scanned page: images cover {cover:.0%}, "
                                f"{density:.2f} alphanumeric characters per 1000 pt²")
    return NATIVE


@dataclass(slots=True)
class Readable:
    """What of a page whose layer is garbled reads well (`readable_parts`)."""

    lines: list[Line]  # lines with readable words, a junk run within one left as a `gap`
    garbled: list[Line]  # lines without any, for OCR to read whole
    # A blank span standing in a readable line for a run of junk, where OCR's words go.
    gaps: list[tuple[Line, Span]] = field(default_factory=list)


def readable_parts(page_lines: PageLines) -> Readable | None:
    """The text of a page whose layer is garbled that reads well, or None when none
    does. A layer is often garbled only in places: a magazine's InDesign export set some
    runs in a system font whose codes are shifted and whose spaces are control codes,
    beside paragraphs, and titles within those runs' lines, in the embedded font of the
    same name that read well. A line reads well whole when it has no junk character
    and none of its spans with letters or digits is set in a font whose text on the
    page is garbled (`_garbled_fonts`); of another line, its words without junk are
    kept when it has any, each run of junk between them becoming a gap. A garbled font
    may draw clean-looking nonsense too (shifted codes that land on letters:
    "SRQLHG]LDãHN"), so none of its text is kept; a font with a stray unmapped ligature
    ("di\ufffdcile") is no garbled one, and a line's spaces and stops set in a garbled
    font do not make it garbled."""
    garbled_fonts = _garbled_fonts(page_lines)
    out = Readable(lines=[], garbled=[])
    for line in page_lines.lines:
        if garbage_score(line.text) == 0.0 and not any(
                _font(span) in garbled_fonts for span in line.spans if _ALNUM.search(span.text)):
            out.lines.append(line)
            continue
        pieces = [piece for span in line.spans for piece in _pieces(span, garbled_fonts)]
        if not any(not junk and _ALNUM.search(span.text) for span, junk in pieces):
            out.garbled.append(line)
            continue
        spans: list[Span] = []
        gaps: list[Span] = []
        for span, junk in pieces:
            if gaps and spans[-1] is gaps[-1] and (junk or not span.text.strip()):
                gaps[-1].bbox = _union(gaps[-1].bbox, span.bbox)  # the junk run goes on
            elif junk:
                gaps.append(replace(span, text=" ", link=None, note=None))
                spans.append(gaps[-1])
            else:
                spans.append(span)
        # The line is where its readable words are: MuPDF may have run a line on from
        # a column of junk into the next column's text. Its text page's words are the
        # junk's too, so it has no key into them.
        bbox = functools.reduce(_union, [span.bbox for span in spans
                                         if not any(span is gap for gap in gaps)])
        kept = Line(spans=spans, bbox=bbox, direction=line.direction,
                    origin=None if line.origin is None else (bbox[0], line.origin[1]),
                    rtl_paragraph=line.rtl_paragraph)
        out.lines.append(kept)
        out.gaps += [(kept, gap) for gap in gaps]
    return out if out.lines else None


_TOKEN = re.compile(r"\s*\S+\s*")  # a word with the spaces around it


def _pieces(span: Span, garbled_fonts: dict[tuple[str, bool, bool, bool, bool], str]
            ) -> list[tuple[Span, bool]]:
    """`span` as (piece, junk) pairs: whole when set in a garbled font (junk), blank or
    clean; else word by word, each word's box its share of the span's characters."""
    if not span.text.strip():
        return [(span, False)]
    if _font(span) in garbled_fonts:
        return [(span, True)]
    if garbage_score(span.text) == 0.0:
        return [(span, False)]
    x0, y0, x1, y1 = span.bbox
    step = (x1 - x0) / len(span.text)
    return [(replace(span, text=m[0], bbox=(x0 + step * m.start(), y0, x0 + step * m.end(), y1)),
             garbage_score(m[0]) > 0.0) for m in _TOKEN.finditer(span.text)]


def _union(a: BBox, b: BBox) -> BBox:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _garbled_fonts(page_lines: PageLines) -> dict[tuple[str, bool, bool, bool, bool], str]:
    """The fonts (name and style) whose text on the page is garbled (`GARBLED_MIN_SCORE`),
    each with that text."""
    texts: dict[tuple[str, bool, bool, bool, bool], list[str]] = {}
    for line in page_lines.lines:
        for span in line.spans:
            texts.setdefault(_font(span), []).append(span.text)
    return {font: text for font, parts in texts.items()
            if garbage_score(text := " ".join(parts)) >= GARBLED_MIN_SCORE}


def _font(span: Span) -> tuple[str, bool, bool, bool, bool]:
    return span.font, span.bold, span.italic, span.mono, span.serif


def _share_on_images(page_lines: PageLines, boxes: list[BBox]) -> float:
    """Share of the page's alphanumerics in lines lying on an image. A scan's stray text
    (a stamp, a page number) sits on the scan; a figure page's caption and prose sit
    beside the picture, and that page is read natively."""
    total = on = 0
    for line in page_lines.lines:
        n = sum(1 for ch in line.text if ch.isalnum())
        total += n
        if any(centre_in(line.bbox, box) for box in boxes):
            on += n
    return on / total if total else 1.0


def garbage_score(text: str) -> float:
    """Share of visible characters that are junk, 0.0 (clean) .. 1.0 (all junk).

    Junk: control characters other than tab/newline, private-use, surrogate and
    unassigned code points, U+FFFD (but not as an `UNMAPPED_MARK` after a right-to-left
    letter), `(cid:N)` placeholders; and, when at least
    `MOJIBAKE_MIN_SHARE` of the letters are Latin-1 Supplement letters (Cyrillic read
    as cp1252: "Îãëàâëåíèå"), all of those letters.
    """
    return _junk_share(text, Counter(text))


def _junk_share(text: str, counts: Counter[str]) -> float:
    """`garbage_score` of `text`, its characters counted in `counts` (counting a page's
    text is most of the cost, and `page_route` counts it for the alphanumerics too)."""
    # Every placeholder spells "cid": a substring test spares most pages the regex.
    cid_chars = sum(len(m) for m in _CID.findall(text)) if "cid" in text else 0
    if cid_chars:
        text = _CID.sub("", text)
        counts = Counter(text)
    visible = 0
    junk = 0
    letters = 0
    latin1 = 0
    for ch, count in counts.items():  # each distinct character once: a page has few
        if ch.isspace() and ch not in "\x1c\x1d\x1e\x1f\x85":
            continue
        visible += count
        if ch == "\ufffd" or unicodedata.category(ch) in _JUNK_CATEGORIES:
            junk += count
        elif ch.isalpha():
            letters += count
            if "\u00c0" <= ch <= "\u00ff":
                latin1 += count
    if letters >= MOJIBAKE_MIN_LETTERS and latin1 >= MOJIBAKE_MIN_SHARE * letters:
        junk += latin1
    if junk:
        marks = sum(len(m) for m in UNMAPPED_MARK.findall(text))
        junk -= marks
        visible -= marks
    total = visible + cid_chars
    return (junk + cid_chars) / total if total else 0.0


def unmapped_font_share(page: Any, page_lines: PageLines, cache: FontCache) -> float:
    """Share (0..1) of the page's characters drawn in fonts whose codes say nothing about
    their glyphs: embedded TrueType fonts with neither a ToUnicode map nor a cmap table
    (TrueType_without_cmap.pdf shows Armenian glyphs as "'>in"). `cache` holds the
    verdicts of one document. 0.0 when the fonts cannot be listed."""
    try:
        names = _page_fonts(page, cache).unmapped
    except Exception:  # a broken font dictionary: leave the decision to the text itself
        return 0.0
    if not names:
        return 0.0
    total = unmapped = 0
    for line in page_lines.lines:
        for span in line.spans:
            total += len(span.text)
            unmapped += len(span.text) if span.font in names else 0
    return unmapped / total if total else 0.0


def unknown_glyph_fonts(page: Any, page_lines: PageLines, cache: FontCache) -> list[str]:
    """Names of the fonts of the page's text whose glyphs cannot be known: CID fonts
    (Identity-H or -V, of no character collection) neither embedded nor mapped to
    Unicode. Their codes are glyph ids
    of a font the file does not hold: MuPDF reads them through a substitute's glyph
    order, right only where the two orders agree, and draws the substitute's glyphs (or,
    without a font descriptor, each code's low byte as a letter: "$QG" for "And"), so OCR
    reads garbage from them. A span of no font name is counted in them: MuPDF names no
    font it could not load (one without a descriptor). [] when the fonts cannot be
    listed."""
    try:
        names = _page_fonts(page, cache).unknown_glyphs
    except Exception:  # a broken font dictionary: nothing to say about it
        return []
    used = {span.font for line in page_lines.lines for span in line.spans} if names else set()
    return sorted({name.split("+", 1)[-1] for name in (names if "" in used else names & used)})


def _page_fonts(page: Any, cache: FontCache) -> PageFonts:
    """The page's fonts that need a warning, kept per /Resources object shared by pages
    and per page with resources of its own (both object numbers, never the same)."""
    doc = page.parent
    kind, value = doc.xref_get_key(page.xref, "Resources")
    key = int(value.split()[0]) if kind == "xref" else page.xref
    if key in cache.names_by_resources:
        return cache.names_by_resources[key]
    unmapped: set[str] = set()
    unknown: set[str] = set()
    for xref, ext, kind, basefont, _name, encoding, *_ in page.get_fonts():
        if xref not in cache.unmapped:
            cache.unmapped[xref] = kind == "TrueType" and _lacks_unicode(doc, xref)
            cache.unknown_glyphs[xref] = (kind == "Type0" and ext == "n/a"
                                          and encoding in ("Identity-H", "Identity-V")
                                          and doc.xref_get_key(xref, "ToUnicode")[0] == "null"
                                          and _cid_ordering(doc, xref) in (None, "Identity"))
        for verdicts, names in ((cache.unmapped, unmapped), (cache.unknown_glyphs, unknown)):
            if verdicts[xref]:
                names |= {basefont, basefont.split("+", 1)[-1]}
    found = cache.names_by_resources[key] = PageFonts(frozenset(unmapped), frozenset(unknown))
    return found


_FIRST_REFERENCE = re.compile(r"\[\s*(\d+) \d+ R")


def _cid_ordering(doc: Any, xref: int) -> str | None:
    """The character collection (CIDSystemInfo's Ordering) of the Type0 font `xref`'s
    CID font: "Japan1", "GB1" and the like map their CIDs to Unicode by the collection,
    "Identity" by nothing; None when it cannot be read."""
    kind, value = doc.xref_get_key(xref, "DescendantFonts")
    if kind == "xref":  # the array is an object of its own
        value = doc.xref_object(int(value.split()[0]))
    first = _FIRST_REFERENCE.match(value.strip())
    if first is None:
        return None
    kind, ordering = doc.xref_get_key(int(first[1]), "CIDSystemInfo/Ordering")
    return ordering if kind == "string" else None


def _lacks_unicode(doc: Any, xref: int) -> bool:
    if doc.xref_get_key(xref, "ToUnicode")[0] != "null":
        return False
    kind, descriptor = doc.xref_get_key(xref, "FontDescriptor")
    if kind != "xref":
        return False
    kind, file = doc.xref_get_key(int(descriptor.split()[0]), "FontFile2")
    if kind != "xref":
        return False  # not embedded: the reader maps the standard font's names itself
    head = doc.xref_stream(int(file.split()[0]))[:12 + 16 * 64]
    if len(head) < 12 or head[:4] == b"ttcf":
        return False
    tables = int.from_bytes(head[4:6], "big")
    tags = {head[12 + 16 * i:16 + 16 * i] for i in range(min(tables, 64))}
    return b"cmap" not in tags


def image_cover(boxes: list[BBox], width: float, height: float) -> float:
    """Fraction of the page (0..1) covered by the union of `boxes`, clipped to the page."""
    clipped = []
    for x0, y0, x1, y1 in boxes:
        x0, x1 = max(0.0, min(x0, x1)), min(width, max(x0, x1))
        y0, y1 = max(0.0, min(y0, y1)), min(height, max(y0, y1))
        if x1 > x0 and y1 > y0:
            clipped.append((x0, y0, x1, y1))
    if not clipped or width <= 0 or height <= 0:
        return 0.0
    if len(clipped) > 64:  # many tiles: the sum is close enough and bounded
        return min(1.0, sum((b[2] - b[0]) * (b[3] - b[1]) for b in clipped) / (width * height))
    xs = sorted({b[0] for b in clipped} | {b[2] for b in clipped})
    covered = 0.0
    for left, right in zip(xs, xs[1:], strict=False):
        spans = sorted((b[1], b[3]) for b in clipped if b[0] <= left and b[2] >= right)
        covered += (right - left) * _covered_length(spans)
    return min(1.0, covered / (width * height))


def _covered_length(spans: list[tuple[float, float]]) -> float:
    total = 0.0
    end = float("-inf")
    for start, stop in spans:
        if stop <= end:
            continue
        total += stop - max(start, end)
        end = stop
    return total
