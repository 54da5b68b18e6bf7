"""A page's own text layer as `Line`s: one page dictionary per page.

Lines whose text shows a known MuPDF artefact are mended from their glyphs: right-to-left
lines with ActualText clusters (vowelled Arabic from Chromium and LibreOffice, whose
characters MuPDF misplaces, doubles or loses) from the page's drawn glyphs
(`actualtext`), spaces in letter gaps (letter-spaced type) on a text page clipped to
those lines, reversed lam-alef ligatures from the page's raw dictionary.
Spans keep their size, bold/italic/monospace style and the link annotation they sit
under; lines keep their writing direction and baseline origin so layout can read
rotated text in its own frame. Nothing here decides order or structure.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import re
import statistics
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pymupdf

from webfold.pdf import actualtext
from webfold.pdf.bidi import (
    RTL_LETTER,
    is_one_rtl_run,
    mirrored_brackets,
    unmirror,
    visual_to_logical,
)
from webfold.pdf.drawings import page_paths, vertical_rules
from webfold.pdf.layout import JOIN_GAP, is_rtl
from webfold.pdf.model import BBox, Line, PageBudget, PageLines, Span, centre_in
from webfold.pdf.route import UNMAPPED_MARK

# Whitespace kept as written (layout joins lines itself); ligatures expanded to letters;
# text outside the page box dropped. No image blocks: images come from get_image_info.
TEXT_FLAGS = pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_MEDIABOX_CLIP

_FLAG_ITALIC = 2
_FLAG_SERIF = 4
_FLAG_MONO = 8
_FLAG_BOLD = 16
_BOLD_NAME = re.compile(r"bold|black|heavy|semibold|demi", re.I)
_ITALIC_NAME = re.compile(r"italic|oblique|slanted", re.I)
# Not "code": it matches "ArialUnicodeMS". Subset prefixes ("ABCDEF+CMTT10") stay in names.
# Anonymous Pro, newtx's typewriter ("newtxtt") and URW's Courier clone ("NimbusMonL") come
# without the fixed-pitch flag.
_MONO_NAME = re.compile(r"mono|courier|consol|menlo|inconsolata|sourcecode|firacode|jetbrains|"
                        r"typewriter|cmtt|anonymous|txtt|nimbusmon", re.I)
# Span text as written: invisibles out, and Adobe's expert glyphs (small capitals and
# old-style figures, which fonts such as Minion and Garamond Premier give private-use
# codes: U+F761 "Asmall", U+F730 "zerooldstyle", U+F7E0 "Agravesmall") back to the
# ASCII and Latin-1 characters they are drawn for, 0xF700 below them.
_SPAN_TEXT = str.maketrans({
    **dict.fromkeys(map(ord, "\u200b\ufeff\x00")),
    **{cp: cp - 0xF700 for cp in [*range(0xF721, 0xF77F), *range(0xF7A1, 0xF800)]},
})
# Zero-width (non-)joiners spell words in joining scripts (Persian "می‌کند", Indic
# conjuncts) and are kept there; elsewhere they are stray invisibles.
# The same Arabic mark twice on one letter is one mark drawn twice (LibreOffice maps the
# mark glyph of a letter-and-mark cluster to the cluster again: "أََ"); no word has it.
_ARABIC_MARKS = "\u064b-\u065f\u0670"  # vowel marks, shadda, sukun, dagger alef
_DOUBLED_MARK = re.compile(f"([{_ARABIC_MARKS}])\\1+")
# Arabic marks on a line without a right-to-left letter are strays: MuPDF puts the last
# mark of a vowelled line at the end of the line above it (LibreOffice's ActualText).
_ARABIC_MARK = re.compile(f"[{_ARABIC_MARKS}]")
_STRAY_JOINER = re.compile("(?<![\u0600-\u08ff\ufb50-\ufdff\ufe70-\ufefc\u0900-\u0dff])"
                           "[\u200c\u200d]")
_UNDECODABLE = "\ufffd"
_UNDECODABLE_CHAR = re.compile(_UNDECODABLE)
_UNDECODABLE_RUN = re.compile(_UNDECODABLE + "+")
_PRIVATE_USE = re.compile("[\ue000-\uf8ff]")
_LEAD_PRIVATE_USE = re.compile("^(\\s*)[\ue000-\uf8ff](?=\\s|$)")
# Control characters, lone UTF-16 surrogates (a ToUnicode entry mapping a code to half a
# pair: PyMuPDF's per-glyph text holds it, and no output can encode it) and Unicode's
# noncharacters (U+FDD0-U+FDEF and the last two code points of each plane, which no text
# interchanges: a ToUnicode entry mapping a code to U+FFFF, as XeTeX's sources of bidi do).
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef"
                      + "".join(chr(plane << 16 | 0xFFFE) + chr(plane << 16 | 0xFFFF)
                                for plane in range(17)) + "]")
_UNMAPPED_SYMBOL = re.compile("[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffd]")
# Symbol fonts whose unmapped codes are pictures: in forms, mostly boxes to tick.
_SYMBOL_FONT = re.compile(r"wingding|dingbat|webding|marlett", re.I)
CHECKBOX = "\u2610"
# Word's boxes to tick from Wingdings (Insert > Symbol) keep the font's code 0xF000 up in
# the private-use area, and LibreOffice, drawing them from OpenSymbol, keeps the code:
# empty, ticked and crossed boxes, not the bullets other private-use glyphs at a line's
# start are (`symbol_glyphs`). Symbol's codes there (a club, two brace pieces) start no
# line in practice.
_WINGDINGS_FONT = re.compile(r"wingding|opensymbol", re.I)
_WINGDINGS_BOXES = str.maketrans({0xF0A8: CHECKBOX, 0xF0FE: "\u2611", 0xF0FD: "\u2612"})
# Adobe's Symbol encoding, codes 0x20-0x7E and 0xA0-0xFE ("\0": a piece of a tall
# bracket or a logo, nothing of its own). Word's Insert > Symbol writes them 0xF000 up in
# the private-use area in a font named Symbol, and LibreOffice keeps the codes, drawing
# them from OpenSymbol: "\uf061" is alpha, "\uf0b0" the degree sign.
_SYMBOL_ENCODED_FONT = re.compile(r"symbol", re.I)
_SYMBOL_CODES = str.maketrans({
    0xF000 + code: char for start, chars in (
        (0x20, " !∀#∃%&∋()∗+,−./0123456789:;<=>?≅ΑΒΧΔΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ[∴]⊥_\0"
               "αβχδεφγηιϕκλμνοπθρστυϖωξψζ{|}∼"),
        (0xA0, "€ϒ′≤⁄∞ƒ♣♦♥♠↔←↑→↓°±″≥×∝∂•÷≠≡≈…\0\0↵ℵℑℜ℘⊗⊕∅∩∪⊃⊇⊄⊂⊆∈∉∠∇\0\0\0∏√⋅¬∧∨⇔⇐⇑⇒⇓◊〈"
               "\0\0\0∑\0\0\0\0\0\0\0\0\0\0\0〉∫⌠\0⌡\0\0\0\0\0\0\0\0\0"))
    for code, char in enumerate(chars, start) if char != "\0"})
# A list bullet drawn as a path (browsers draw disc and square markers so): a filled
# dot or square this many font sizes across, at most `BULLET_REACH` sizes before the
# line's first letter, level with its lower-case letters, in a neutral colour (black or
# grey, as text is; a chart legend's keys are coloured).
BULLET_SIZE = (0.15, 0.6)
BULLET_REACH = 2.0
BULLET_MAX_PT = 12.0  # no bullet is drawn wider than this (a filter before the sizes)
SYMBOL_WORD_GAP = 0.6  # font sizes: a space after a symbol; a bullet's tab is wider
CHECKBOX_SIDE = (0.7, 1.4)  # font sizes: a drawn box to tick is about the text's height
# A drop cap: one letter set at least this many times the size of the lines beside it,
# which start within one of their font sizes of its right edge.
DROP_CAP_SIZE = 2.0
_MARKED = re.compile(r"^\s*[\u2022\u25cf\u25aa\u25a0\-\u2013*]")
# Letter-spaced lines: words this short on average (MuPDF cut them; English prose
# averages 4.5+), type this wide (font sizes per visible character: the median line of
# the development files is 0.59, letter-spaced ones 0.63-0.8). One page in eight of
# those files has such a line and pays ~2 ms for a text page clipped to it.
SHORT_WORDS = 3.6
WIDE_SET = 0.6
# A word gap is at least this many font sizes wider than the widest letter gap: a space
# advance is 0.25-0.33 em in text fonts, letter gaps vary by a few hundredths.
WORD_GAP_STEP = 0.1
LETTER_GAP_MAX = 0.2  # under a space's advance (Helvetica 0.28 em, condensed faces 0.2)
WORD_GAP_MIN = 0.15  # font sizes between two glyphs drawn without a space between them
PLACEHOLDER_SLACK = 0.05  # font sizes a glyph drawn over a space may stand off its box
# A right-to-left line MuPDF read out of order opens with punctuation (a sentence's full
# stop, which ends it) or with a space (the one between a right-to-left run and the Latin
# word or number after it, which MuPDF moves to the line's start: "سال۱۴۰۴").
_MISPLACED_START = re.compile(r"^\s*[^\w\s]|^\s")
# Sentence punctuation a left-to-right line of a right-to-left paragraph ends with, drawn
# first, at its left, right before the line's first letter or digit (".item").
_LEAD_SENTENCE_END = re.compile(r"[.!?:;,]+(?=[^\W_])")
# Such a line is right-aligned: it ends within this many font sizes of the right edge of
# the page's text and starts further than an indent (Word's half inch is 3 em at 12 pt)
# from its left edge; a left-to-right paragraph opening with ".NET" starts at the left.
ALIGN_SLACK = 1.0
INDENT_MAX = 4.0
_ALEFS = "\u0622\u0623\u0625\u0627"
_ALEF = "\u0627"
_ALEF_FORMS = (0x0627, 0xFE8D, 0xFE8E)  # as the glyph's Unicode: the letter, its shaped forms
_LAM = "\u0644"
_LAM_ALEF = re.compile(f"[{_ALEFS}]\u0644")


def read_page(page: Any, number: int,
              paths: Callable[[], list[dict[str, Any]]] | None = None) -> PageLines:
    """The text lines and image boxes of one `pymupdf.Page` (1-based `number`).

    Coordinates are the page's unrotated space in points, origin top-left. The lines'
    vertical rules come from `paths`, the page's drawings listed when first asked for
    (a caller that lists them for its tables too passes its own; `page_paths` by
    default). Raises whatever PyMuPDF raises for a broken page; the converter turns
    that into a warning.
    """
    if paths is None:
        paths = functools.cache(lambda: page_paths(page))
    rect = page.rect if page.rotation == 0 else page.cropbox
    textpage = page.get_textpage(flags=TEXT_FLAGS)
    data = textpage.extractDICT()
    _fill_placeholders(data, textpage)  # first: its raw dictionary matches `data` line by line
    if _any_span(data, _UNDECODABLE_CHAR):
        _unmapped_codes(page, data)
    if _any_span(data, RTL_LETTER):
        if (raw := _raw_dict(textpage)) is not None:
            _restore_dropped_alefs(page, data, raw)
            if _any_zero_width_span(data) and (drawn := actualtext.glyphs(page)):
                _spell_clusters(data, drawn)
            _mend_bidi_lines(data, raw)
            if _any_span(data, _LAM_ALEF):
                _fix_lam_alef(data, raw)
        _unmirror_brackets(data)
    spaced = [ln for ln in _dict_lines(data) if _looks_letter_spaced(ln)]
    if spaced:
        _drop_false_spaces(page, spaced)
    links = _uri_links(page)
    lines: list[Line] = []
    for b, block in enumerate(data.get("blocks", ())):
        for k, raw in enumerate(block.get("lines", ())):
            line = _line(raw, links)
            if line is not None:
                # As the text page's word list numbers them; a line read from the drawn
                # glyphs has none (those words are MuPDF's misread clusters).
                line.key = None if raw.get("drawn") else (b, k)
                lines.append(line)
    return PageLines(number=number, width=rect.width, height=rect.height, lines=lines,
                     textpage=textpage, vertical_rules=functools.cache(
                         lambda: vertical_rules(paths())),
                     space_advances=functools.cache(lambda: drawn_space_advances(page)))


def drawn_space_advances(page: Any) -> dict[str, float]:
    """Font name -> the median advance, in font sizes, of the space glyphs `page` draws
    in that font. MuPDF adds a space wherever white parts two glyphs; a text page read
    without those holds only the spaces the producer drew (a word processor's, a
    browser's: TeX draws none). About as costly as reading the page's text once."""
    raw = _raw_dict(page.get_textpage(flags=TEXT_FLAGS | pymupdf.TEXT_INHIBIT_SPACES))
    widths: dict[str, list[float]] = {}
    for line in _dict_lines(raw or {}):
        for span in line["spans"]:
            widths.setdefault(span["font"], []).extend(
                (c["bbox"][2] - c["bbox"][0]) / span["size"] for c in span["chars"]
                if c["c"] == " " and span["size"] > 0)
    return {font: statistics.median(w) for font, w in widths.items() if w}


def drop_undecodable(page_lines: PageLines) -> int:
    """Remove U+FFFD (glyphs the font maps to no Unicode), control characters, lone
    surrogates, noncharacters, and private-use marks after right-to-left letters
    (`route.UNMAPPED_MARK`), from native `page_lines` in place; spans and lines left
    without visible text go too. Returns how many were removed.

    Run after routing: a page mostly made of such glyphs has gone to OCR by then, so what
    is left is a few stray glyphs in otherwise good text.
    """
    removed = 0
    kept: list[Line] = []
    for line in page_lines.lines:
        text = line.text
        if (_UNDECODABLE in text or _CONTROL.search(text)
                or (_PRIVATE_USE.search(text) and UNMAPPED_MARK.search(text))):
            for span in line.spans:
                before = len(span.text)
                span.text = without_undecodable(span.text)
                removed += before - len(span.text)
            line.spans = [s for s in line.spans if s.text]
            if not line.text.strip():
                continue
        kept.append(line)
    page_lines.lines = kept
    return removed


def without_undecodable(text: str) -> str:
    """`text` less what `drop_undecodable` removes from a page's lines: U+FFFD, control
    characters, lone surrogates, noncharacters and private-use marks after right-to-left
    letters. For text read from the page apart from its lines (the table finder's cells)."""
    return _CONTROL.sub("", UNMAPPED_MARK.sub("", text)).replace(_UNDECODABLE, "")


def symbol_glyphs(page_lines: PageLines) -> None:
    """Private-use symbol codes as what they draw, in native `page_lines` in place.

    A private-use glyph alone at the start of a line (Word's Symbol-font bullet U+F0B7,
    its Wingdings squares, arrows and ticks, LibreOffice's OpenSymbol ones) is a list
    bullet: written "•", so lists stay lists. Not where a lower-case word follows it
    within `SYMBOL_WORD_GAP` font sizes: that is a symbol of a sentence the line goes on
    with (Symbol's α, U+F061, in "slope α of 0.2" wrapped before it), and bullets stand
    a tab before their item. Other private-use codes in a Symbol font are the
    characters Symbol's encoding gives them (`_SYMBOL_CODES`).

    Run after routing: a layer mostly made of private-use codes has gone to OCR by then.
    """
    for line in page_lines.lines:
        spans = [s for s in line.spans if s.text.strip()]
        if spans and _LEAD_PRIVATE_USE.match(spans[0].text) and not _symbol_in_sentence(spans):
            spans[0].text = _LEAD_PRIVATE_USE.sub(lambda m: f"{m.group(1)}\u2022", spans[0].text,
                                                  count=1)
        for span in spans:
            if _PRIVATE_USE.search(span.text) and _SYMBOL_ENCODED_FONT.search(span.font):
                span.text = span.text.translate(_SYMBOL_CODES)


def drop_caps(page_lines: PageLines, budget: PageBudget | None = None) -> None:
    """Put each drop cap of native `page_lines` back in front of its paragraph's first
    line ("T" + "he valley"), in place: read alone, the big letter became a heading of
    one letter and the first word lost it.

    A drop cap is a line of one letter, `DROP_CAP_SIZE` times the lines beside it or more,
    standing on the baseline of the paragraph's second line or a later one (Word's and
    LibreOffice's drop caps do): two lines or more start just right of it, their
    baselines from its top down to its own, and the first of them starts with a letter.
    Caps not looked at once the page's `budget` is spent stay where they are.
    """
    budget = budget or PageBudget()
    # By baseline, so each cap looks only at the lines of its own height: a page of
    # many one-letter lines (200,000 tiny spans) stays linear, not one pass per letter.
    placed = sorted((line for line in page_lines.lines if line.origin is not None),
                    key=lambda line: line.origin[1])
    baselines = [line.origin[1] for line in placed]
    caps = [line for line in page_lines.lines if line.origin is not None
            and len(text := line.text.strip()) == 1 and text.isalpha()]
    gone = set()
    for cap in caps:
        if budget.spent("drop caps"):
            break
        size, base = max(s.size for s in cap.spans), cap.origin[1]
        band = placed[bisect.bisect_left(baselines, cap.bbox[1]):
                      bisect.bisect_right(baselines, base + 0.2 * size)]
        beside = [line for line in band
                  if 0 <= (gap := line.bbox[0] - cap.bbox[2]) <= size / DROP_CAP_SIZE
                  and line is not cap and (line_size := max(s.size for s in line.spans))
                  * DROP_CAP_SIZE <= size and gap <= line_size]
        if (len(beside) < 2 or abs(beside[-1].origin[1] - base) > 0.2 * beside[-1].spans[0].size
                or not beside[0].text.lstrip()[:1].isalpha()):
            continue
        first = next(s for s in beside[0].spans if s.text.strip())
        first.text = cap.text.strip() + first.text.lstrip()
        gone.add(id(cap))
    if gone:
        page_lines.lines = [line for line in page_lines.lines if id(line) not in gone]


def _symbol_in_sentence(spans: list[Span]) -> bool:
    """Whether the private-use glyph opening `spans` (those with text) runs on into a
    lower-case word: in its own span, or a space after it in one."""
    first = spans[0]
    after = first.text.strip()[1:]
    if after:
        return after.lstrip()[:1].islower()
    return (len(spans) > 1 and spans[1].text.lstrip()[:1].islower()
            and spans[1].bbox[0] - first.bbox[2] <= SYMBOL_WORD_GAP * first.size)


def drawn_bullets(page_lines: PageLines, paths: list[dict[str, Any]]) -> None:
    """A small filled dot or square in black or grey drawn just before a left-to-right
    line's first letter (`BULLET_SIZE`, `BULLET_REACH`) is its list bullet: written "•"
    before the line's text, the line's box grown over it, so the list stays a list.
    `paths` are the page's vector paths (`page.get_cdrawings()`); `page_lines` is edited
    in place."""
    dots: dict[int, list[tuple[float, ...]]] = {}  # by the middle's height, 4 pt steps
    for path in paths:
        x0, y0, x1, y1 = path["rect"]
        side = max(x1 - x0, y1 - y0)
        fill = path.get("fill")  # grey, RGB or CMYK: neutral when its first three agree
        if (path.get("type") in ("f", "fs") and fill and 0 < side <= BULLET_MAX_PT
                and abs((x1 - x0) - (y1 - y0)) <= 0.25 * side
                and max(fill[:3]) - min(fill[:3]) <= 0.1):
            dots.setdefault(int((y0 + y1) / 8), []).append((x0, y0, x1, y1))
    if not dots:
        return
    for line in page_lines.lines:
        if line.direction != (1.0, 0.0) or line.origin is None or _MARKED.match(line.text):
            continue
        size, base = line.spans[0].size, line.origin[1]
        near = [d for k in range(int((base - size) / 4), int(base / 4) + 1)
                for d in dots.get(k, ())]
        for x0, y0, x1, y1 in near:
            if (BULLET_SIZE[0] * size <= max(x1 - x0, y1 - y0) <= BULLET_SIZE[1] * size
                    and 0 <= line.bbox[0] - x1 <= BULLET_REACH * size
                    and base - 0.8 * size <= (y0 + y1) / 2 <= base):
                line.spans.insert(0, Span(text="\u2022 ", bbox=(x0, y0, x1, y1), size=size,
                                          font=line.spans[0].font))
                line.bbox = (x0, *line.bbox[1:])
                break


def drawn_checkboxes(page_lines: PageLines, paths: list[dict[str, Any]]) -> None:
    """A square drawn in outline just before a left-to-right line's first word (Word's
    and LibreOffice's check box form fields: no glyph, a stroked square of about the
    text's height, `CHECKBOX_SIDE`, within one font size of the word) is a box to tick:
    written "☐" before the line's text, "☒" when strokes inside it cross it corner to
    corner, the line's box grown over it. `paths` as for `drawn_bullets`; `page_lines`
    is edited in place. A first word of one letter (a form's boxes for one letter each)
    takes none."""
    squares: dict[int, list[BBox]] = {}  # by the bottom's height, 8 pt steps
    for path in paths:
        x0, y0, x1, y1 = path["rect"]
        if (path.get("type") == "s" and len(path["items"]) == 1 and path["items"][0][0] == "re"
                and 0 < x1 - x0 <= BULLET_MAX_PT * 2 and abs((x1 - x0) - (y1 - y0))
                <= 0.1 * (x1 - x0)):
            squares.setdefault(int(y1 / 8), []).append((x0, y0, x1, y1))
    if not squares:
        return
    for line in page_lines.lines:
        if line.direction != (1.0, 0.0) or line.origin is None:
            continue
        size, base = line.spans[0].size, line.origin[1]
        near = [b for k in range(int((base - 0.3 * size) / 8), int((base + 2 * size) / 8) + 1)
                for b in squares.get(k, ())]
        words = line.text.split() if near else None
        if not words or len(words[0]) < 2 or _MARKED.match(line.text):
            continue
        for box in near:
            x0, y0, x1, y1 = box
            if (CHECKBOX_SIDE[0] * size <= x1 - x0 <= CHECKBOX_SIDE[1] * size
                    and 0 <= line.bbox[0] - x1 <= size and y0 <= base <= y1 + 0.3 * size):
                mark = "\u2612" if _crossed(box, paths) else CHECKBOX
                line.spans.insert(0, Span(text=f"{mark} ", bbox=box, size=size,
                                          font=line.spans[0].font))
                line.bbox = (x0, *line.bbox[1:])
                break


def _crossed(box: BBox, paths: list[dict[str, Any]]) -> bool:
    """Whether stroked lines inside `box` run from corner to corner both ways (an X)."""
    x0, y0, x1, y1 = box
    pad = 0.15 * (x1 - x0)
    ways = set()
    for path in paths:
        for cmd, *points in path["items"] if path.get("type") == "s" else ():
            if cmd != "l":
                continue
            (ax, ay), (bx, by) = points
            if all(x0 - pad <= x <= x1 + pad and y0 - pad <= y <= y1 + pad
                   for x, y in points) and min(abs(bx - ax), abs(by - ay)) >= 0.6 * (x1 - x0):
                ways.add((bx - ax) * (by - ay) > 0)
    return len(ways) == 2


def _unmirror_brackets(data: dict[str, Any]) -> None:
    """Turn back the brackets of the right-to-left lines of page dictionary `data` (edited
    in place) where the page draws them mirrored (`bidi.mirrored_brackets`)."""
    texts = [("".join(s["text"] for s in ln["spans"]), ln) for ln in _dict_lines(data)]
    rtl = [(text, ln) for text, ln in texts if is_rtl(text)]
    if mirrored_brackets([text for text, _ in rtl]):
        for _, line in rtl:
            for span in line["spans"]:
                span["text"] = unmirror(span["text"])


def _fix_lam_alef(data: dict[str, Any], raw: dict[str, Any]) -> None:
    """Put lam before alef where MuPDF split a lam-alef ligature glyph backwards.

    The ligature's alef comes out first and with zero width ("اإل" for "الإ"); a real
    alef followed by lam ("ال", the article) has width and is left alone.
    """
    for block, raw_block in zip(data.get("blocks", ()), raw.get("blocks", ()), strict=False):
        for line, raw_line in zip(block.get("lines", ()), raw_block.get("lines", ()),
                                  strict=False):
            for span, raw_span in zip(line["spans"], raw_line["spans"], strict=False):
                if _LAM_ALEF.search(span["text"]):
                    span["text"] = _ligature_order(raw_span.get("chars", ()), span["text"])


def _restore_dropped_alefs(page: Any, data: dict[str, Any], raw: dict[str, Any]) -> None:
    """Put back the alefs MuPDF drops before a lam-alef ligature ("الاسم": the article's
    alef, then the ligature's lam and alef). MuPDF writes the ligature's alef without
    width at the ligature's right end, where the alef drawn before it starts, takes that
    one for a copy and leaves a space in its gap inside a line ("ب لاسم" for "بالاسم").
    Where the page draws an alef glyph there (`get_texttrace`, read only for pages with
    such a ligature; 1-6 ms), it goes back into raw dictionary `raw` and page dictionary `data`
    (edited alike, so the repairs after this match them), the space in its place out."""
    found = []  # (dict span, raw span, index of the ligature's alef, raw line, dict line)
    for block, raw_block in zip(data.get("blocks", ()), raw.get("blocks", ()), strict=False):
        for line, raw_line in zip(block.get("lines", ()), raw_block.get("lines", ()),
                                  strict=False):
            for span, raw_span in zip(line["spans"], raw_line["spans"], strict=False):
                chars = raw_span["chars"]
                for i, (c, n) in enumerate(itertools.pairwise(chars)):
                    if (c["c"] == _ALEF and c["bbox"][2] - c["bbox"][0] < 0.05
                            and n["c"] == _LAM and abs(n["bbox"][2] - c["bbox"][0]) < 0.05):
                        found.append((span, raw_span, i, raw_line, line))
    if not found:
        return
    drawn = [(ch[3], ch[2][1]) for span in page.get_texttrace() for ch in span["chars"]
             if ch[0] in _ALEF_FORMS and ch[3][2] - ch[3][0] > 0.05]
    for span, raw_span, i, raw_line, line in reversed(found):  # later indices first
        c = raw_span["chars"][i]
        x, y = c["bbox"][0], c["origin"][1]
        size = raw_span["size"] or 1.0
        box = next((b for b, base in drawn if abs(b[0] - x) < 0.3 and abs(base - y) < 0.3 * size),
                   None)
        if box is None or any(ch["c"] == _ALEF and abs(ch["bbox"][0] - x) < 0.3
                              and ch["bbox"][2] - ch["bbox"][0] > 0.05
                              for sp in raw_line["spans"] for ch in sp["chars"]):
            continue  # no alef drawn there, or MuPDF kept it
        raw_span["chars"].insert(i, dict(c, c=_ALEF, bbox=(box[0], c["bbox"][1], box[2],
                                                          c["bbox"][3])))
        span["text"] = span["text"][:i] + _ALEF + span["text"][i:]
        _drop_gap_space(line, raw_line, x, box[2])
        for ln in (line, raw_line):
            ln["bbox"] = (*ln["bbox"][:2], max(ln["bbox"][2], box[2]), ln["bbox"][3])


def _drop_gap_space(line: dict[str, Any], raw_line: dict[str, Any], x0: float,
                    x1: float) -> None:
    """The space MuPDF put in the gap from `x0` to `x1` of a line (page dictionary `line`
    and raw dictionary `raw_line`, edited alike) taken out."""
    for span, raw_span in zip(line["spans"], raw_line["spans"], strict=False):
        for i, c in enumerate(raw_span["chars"]):
            if c["c"] == " " and abs(c["bbox"][0] - x0) < 0.3 and c["bbox"][2] <= x1 + 0.5:
                del raw_span["chars"][i]
                span["text"] = span["text"][:i] + span["text"][i + 1:]
                return


def _unmapped_codes(page: Any, data: dict[str, Any]) -> None:
    """Spell each glyph of page dictionary `data` that its font maps to no Unicode
    (U+FFFD) by its character code where that code is a printable ASCII character, as
    pypdf and PyMuPDF's own plain text do: a ToUnicode map that leaves the space out (the
    words of a line would run together) or that covers none of a simple font's codes (a
    two-byte map over one-byte codes: every letter of the page lost, and the page sent
    to OCR for its junk share). Only a glyph within a word is spelled (a run of unmapped
    glyphs, or one touching a letter or digit) and a space anywhere: a lone glyph is an
    icon or a symbol whose code says nothing (an icon font's envelope is "j", TeX's
    integral sign "Z"). Codes below the space or past ASCII (a symbol font's private
    codes, glyph indexes) stay unmapped. The codes come from a second text page
    that spells unmapped glyphs by their codes; it may cut a line into other spans, or
    space a span's words otherwise at its ends. A line or span whose characters do not
    line up with it is left as it is."""
    coded = page.get_textpage(flags=TEXT_FLAGS | pymupdf.TEXT_CID_FOR_UNKNOWN_UNICODE)
    for line, coded_line in zip(_dict_lines(data), _dict_lines(coded.extractDICT()),
                                strict=False):
        spans, coded_spans = line["spans"], coded_line["spans"]
        if line["bbox"] != coded_line["bbox"] or \
                not any(_UNDECODABLE in span["text"] for span in spans):
            continue
        if len(spans) == len(coded_spans):
            for span, coded_span in zip(spans, coded_spans, strict=True):
                span["text"] = _spelled(span["text"], coded_span["text"])
            continue
        codes = _spelled("".join(span["text"] for span in spans),
                         "".join(span["text"] for span in coded_spans))
        at = 0
        for span in spans:
            span["text"], at = codes[at:at + len(span["text"])], at + len(span["text"])


def _spelled(text: str, codes: str) -> str:
    """`text` with each U+FFFD within a word spelled by the printable ASCII code at its
    place in `codes` (`_unmapped_codes`); where `codes` has spaces more or fewer at its
    ends (a space the unmapped text lost), its ends are taken."""
    if len(codes) != len(text):
        core = codes.strip()
        if len(core) != len(text.strip()):
            return text
        lead = len(codes) - len(codes.lstrip())
        return codes[:lead] + _spelled(text.strip(), core) + codes[lead + len(core):]
    out = list(text)
    for run in _UNDECODABLE_RUN.finditer(text):
        start, end = run.span()
        in_word = end - start > 1 or any(0 <= k < len(text) and text[k].isalnum()
                                         for k in (start - 1, end))
        for k in range(start, end):
            if codes[k] == " " or (in_word and " " < codes[k] <= "~"):
                out[k] = codes[k]
    return "".join(out)


def _fill_placeholders(data: dict[str, Any], textpage: Any) -> None:
    """Put a glyph drawn over a space of another line in that space's place. A producer
    whose font lacks a character (Word: "‐" in Bookman, drawn in Segoe UI; a maths
    font's parenthesis) sets a space in the text's font as the character's placeholder
    and draws the character over it from another font; MuPDF reads the character as a
    line of its own, which was read apart from its word ("855 781 ‐" for "855‐781").
    The glyph (one or two characters, horizontal) must lie inside the space's box (to
    `PLACEHOLDER_SLACK` of the size), on its baseline and in its size. Glyph boxes come
    from the raw dictionary, read only where a one-glyph line lies over another's span."""
    hosts = _over_spans(data)
    if not hosts or (raw := _raw_dict(textpage)) is None:
        return
    raw_spans = {id(s): r for d, r in zip(_dict_lines(data), _dict_lines(raw), strict=False)
                 for s, r in zip(d["spans"], r["spans"], strict=False)}
    filled = set()
    for glyph_line, span in hosts:
        glyph = glyph_line["spans"][0]
        chars = raw_spans.get(id(span), {}).get("chars", ())
        if "".join(c["c"] for c in chars) != span["text"]:
            continue
        slack = PLACEHOLDER_SLACK * glyph["size"]
        for n, c in enumerate(chars):
            if c["c"] == " " and c["bbox"][0] - slack <= glyph["bbox"][0] \
                    and glyph["bbox"][2] <= c["bbox"][2] + slack:
                span["text"] = span["text"][:n] + glyph["text"] + span["text"][n + 1:]
                filled.add(id(glyph_line))
                break
    for block in data.get("blocks", ()):
        if "lines" in block:
            block["lines"] = [ln for ln in block["lines"] if id(ln) not in filled]


def _over_spans(data: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(line, span): each horizontal line of one glyph or two (no space, none of a
    font's private codes: those are dropped or mapped later) lying over a span of another
    horizontal line, on its baseline and in its size, with a space. Spans are looked up
    by baseline: a page of one-glyph lines (vertical CJK set glyph by glyph) stays linear."""
    lines = [ln for ln in _dict_lines(data) if ln["dir"] == (1.0, 0.0)]
    glyphs = [ln for ln in lines if len(ln["spans"]) == 1 and not _PRIVATE_USE.search(
        ln["spans"][0]["text"]) and 1 <= len(ln["spans"][0]["text"].strip())
        == len(ln["spans"][0]["text"]) <= 2]
    if not glyphs:
        return []
    rows = sorted(((s["origin"][1], k, s, ln) for k, ln in enumerate(lines)
                   for s in ln["spans"] if " " in s["text"]), key=lambda row: row[:2])
    baselines = [row[0] for row in rows]
    out = []
    for ln in glyphs:
        glyph = ln["spans"][0]
        slack = PLACEHOLDER_SLACK * glyph["size"]
        y = glyph["origin"][1]
        out += [(ln, s) for _, _, s, other in rows[bisect.bisect_left(baselines, y - slack):
                                                   bisect.bisect_right(baselines, y + slack)]
                if other is not ln and abs(s["size"] - glyph["size"]) <= slack
                and s["bbox"][0] - slack <= glyph["bbox"][0]
                and glyph["bbox"][2] <= s["bbox"][2] + slack][:1]
    return out


def _any_zero_width_span(data: dict[str, Any]) -> bool:
    """Whether a span of page dictionary `data` has visible text but no width: what MuPDF
    makes of an ActualText cluster."""
    return any(s["bbox"][2] - s["bbox"][0] < 0.01 and s["text"].strip()
               for ln in _dict_lines(data) for s in ln["spans"])


def _raw_dict(textpage: Any) -> dict[str, Any] | None:
    """The text page's raw dictionary (a box per glyph), or None where a glyph's
    character code lies outside Unicode (a font's private encoding: PyMuPDF's `chr()`
    fails on it and only the per-glyph dictionary breaks, the page dictionary reads). The
    repairs that need glyph positions then leave the lines as MuPDF read them."""
    try:
        return textpage.extractRAWDICT()
    except SystemError:  # raised from the ValueError of `chr()` inside PyMuPDF
        return None


def _dict_lines(data: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The lines of a page dictionary (or raw dictionary), block by block."""
    for block in data.get("blocks", ()):
        yield from block.get("lines", ())


def _raw_lines(raw: dict[str, Any]) -> Iterator[tuple[Any, list[dict[str, Any]], str]]:
    """Each line of raw dictionary `raw` as (bbox, its characters, their text)."""
    for line in _dict_lines(raw):
        chars = [c for span in line["spans"] for c in span["chars"]]
        yield line["bbox"], chars, "".join(c["c"] for c in chars)


def _any_span(data: dict[str, Any], pattern: re.Pattern[str]) -> bool:
    """Whether the text of any span of page dictionary `data` has `pattern`."""
    return any(pattern.search(s["text"]) for ln in _dict_lines(data) for s in ln["spans"])


def _mend_bidi_lines(data: dict[str, Any], raw: dict[str, Any]) -> None:
    """Rebuild from glyph positions the right-to-left lines MuPDF got out of order: a
    line it cut into pieces where Latin words or numbers sit inside it, one that opens
    with punctuation or a space (`_MISPLACED_START`), one whose letters step rightwards
    (drawn left to right, read as drawn) or whose digits step leftwards. `data` is
    edited in place (the first piece takes the line's text, the others are emptied);
    lines another repair changed (their text is not the raw dictionary's) stay as they
    are."""
    chars_of = {}
    for bbox, chars, text in _raw_lines(raw):
        chars_of[(_box_key(bbox), text)] = chars
    lines = [ln for ln in _dict_lines(data)
             if tuple(ln.get("dir", (1.0, 0.0))) == (1.0, 0.0) and ln["spans"]]
    groups = _baseline_pieces(lines)
    texts_of = [["".join(s["text"] for s in ln["spans"]) for ln in group] for group in groups]
    rtl = [is_rtl("".join(texts)) for texts in texts_of]
    left = min((ln["bbox"][0] for ln in lines), default=0.0)
    right = max((ln["bbox"][2] for ln in lines), default=0.0)
    for group, texts, group_rtl in zip(groups, texts_of, rtl, strict=True):
        if not group_rtl:
            if any(rtl) and _right_aligned(group, left, right):
                _end_punctuation_last(group)
            continue
        pieces = [chars_of.get((_box_key(ln["bbox"]), t)) for ln, t in zip(group, texts,
                                                                            strict=True)]
        if any(p is None for p in pieces) or (len(group) == 1 and not _MISPLACED_START.match(
                texts[0]) and not _runs_rightwards(pieces[0])
                and not _number_runs_leftwards(pieces[0]) and not _opens_on_the_left(pieces[0])):
            continue
        _one_line(group, logical_text(pieces))


def _one_line(group: list[dict[str, Any]], text: str,
              reach: tuple[float, float] | None = None) -> None:
    """Dictionary lines `group` (one visual line) made one line of `text`: the first takes
    it over their joint box (widened to `reach`, x0 to x1, when given) in its first span's
    style, the others are emptied."""
    first = group[0]
    box = functools.reduce(_union, (ln["bbox"] for ln in group[1:]), first["bbox"])
    if reach is not None:
        box = (min(box[0], reach[0]), box[1], max(box[2], reach[1]), box[3])
    for ln in group[1:]:
        ln["spans"] = []
    first["bbox"] = box
    first["spans"] = [dict(first["spans"][0], text=text, bbox=box)]


def _spell_clusters(data: dict[str, Any], drawn: list[actualtext.Glyph]) -> None:
    """Read each right-to-left visual line of the page's `drawn` glyphs that holds an
    ActualText cluster from those glyphs: the lines of page dictionary `data` on it (their
    boxes hold its baseline and overlap it) become one line of its text. Where MuPDF wrote
    several such pieces as one line (a table row whose cells stand a gap apart), each
    piece drawn on it becomes a line of its own (`_split_lines`). The lines changed no
    longer match the raw dictionary, so no later repair reads them again, nor the text
    page's words (they are marked `drawn`)."""
    lines = [ln for ln in _dict_lines(data)
             if tuple(ln.get("dir", (1.0, 0.0))) == (1.0, 0.0) and ln["spans"]]
    found: list[tuple[list[dict[str, Any]], list[actualtext.Glyph], tuple[float, float]]] = []
    for row in _drawn_lines(drawn):
        reach = min(g.x0 for g in row), max(g.x1 for g in row)
        y = max((g for g in row if not g.mark), key=lambda g: g.x1 - g.x0, default=row[0]).y
        mine = [ln for ln in lines if ln["bbox"][1] <= y <= ln["bbox"][3]
                and ln["bbox"][0] < reach[1] and ln["bbox"][2] > reach[0]]
        if mine:
            found.append((mine, row, reach))
    spelled = [(mine, row, reach, text) for mine, row, reach in found
               if any(g.cluster for g in row) and is_rtl(text := _drawn_text(row))]
    claims = Counter(id(ln) for mine, _, _, _ in spelled for ln in mine)
    # A line two pieces claim is cut, and so is every line a piece on it claims too.
    shared = {id(ln): ln for mine, _, _, _ in spelled
              if any(claims[id(ln)] > 1 for ln in mine) for ln in mine}
    for mine, _, reach, text in spelled:
        if not any(id(ln) in shared for ln in mine):
            # Over the glyphs' own width too: MuPDF gives a cluster's characters none.
            _one_line(mine, text, reach)
            mine[0]["drawn"] = True
    if shared:
        for block in data.get("blocks", ()):
            if any(id(ln) in shared for ln in block.get("lines", ())):
                _split_lines(block, shared, found)


def _split_lines(block: dict[str, Any], shared: dict[int, dict[str, Any]],
                 found: list[tuple[list[dict[str, Any]], list[actualtext.Glyph],
                                   tuple[float, float]]]) -> None:
    """The lines of page-dictionary `block` that are in `shared` emptied, and one line per
    drawn piece on them (`found`: each piece's dictionary lines, glyphs and x-extent)
    added after the block's lines (so the others keep the text page's numbering): read
    from its glyphs in the style of the line's first span, over the piece's width."""
    here = {id(ln) for ln in block["lines"]} & shared.keys()
    for mine, row, (x0, x1) in found:
        own = [ln for ln in mine if id(ln) in here]
        text = _drawn_text(row) if own else ""
        if text.strip():
            top, bottom = min(ln["bbox"][1] for ln in own), max(ln["bbox"][3] for ln in own)
            box = (x0, top, x1, bottom)
            style = own[0]["spans"][0]
            origin = (box[0], style.get("origin", box[2:])[1])
            block["lines"].append(dict(own[0], bbox=box, drawn=True, spans=[
                dict(style, text=text, bbox=box, origin=origin)]))
    for ln in block["lines"]:
        if id(ln) in here:
            ln["spans"] = []


def _drawn_lines(drawn: list[actualtext.Glyph]) -> list[list[actualtext.Glyph]]:
    """Glyphs grouped into visual lines, each in drawing order: one baseline (within half
    a font size: marks are drawn off it), cut where glyphs stand more than `JOIN_GAP`
    font sizes apart (as layout cuts fragments)."""
    rows: list[tuple[float, float, list[actualtext.Glyph]]] = []  # baseline, size, glyphs
    for g in drawn:
        row = next((r for r in reversed(rows) if abs(r[0] - g.y) <= 0.5 * max(g.size, r[1])),
                   None)
        if row is None:
            rows.append((g.y, g.size, [g]))
        else:
            row[2].append(g)
    out = []
    for _, size, row in rows:
        order = sorted(range(len(row)), key=lambda i: row[i].x0)
        cut = [0] * len(row)
        reach, part = -math.inf, 0
        for i in order:
            if row[i].x0 - reach > JOIN_GAP * size and reach > -math.inf:
                part += 1
            cut[i] = part
            reach = max(reach, row[i].x1)
        for k in range(part + 1):
            out.append([g for g, c in zip(row, cut, strict=True) if c == k])
    return out


def _drawn_text(glyphs: list[actualtext.Glyph]) -> str:
    """The right-to-left line drawn as `glyphs` (drawing order) in logical order: each
    mark glyph joined to its letter's glyph (the next one drawn when letters are drawn
    left to right, as shaping engines lay out right-to-left runs, else the one before), a
    glyph of several letters split over its box, a space where two glyphs stand a word
    gap apart without one; marks in canonical order (NFC), as typed text has them."""
    letters = [g for g in glyphs if not g.mark]
    rightwards = 2 * sum(b.x0 > a.x0 for a, b in zip(letters, letters[1:], strict=False)) >= \
        len(letters) - 1
    units: list[tuple[actualtext.Glyph, list[str]]] = []
    waiting: list[str] = []
    for g in glyphs:
        if not g.mark:
            units.append((g, waiting if rightwards else []))
            waiting = []
        elif rightwards or not units:
            waiting.append(g.text)
        else:
            units[-1][1].append(g.text)
    if units and waiting:
        units[-1][1].extend(waiting)
    units.sort(key=lambda u: u[0].x0)
    chars: list[dict[str, Any]] = []
    for n, (g, marks) in enumerate(units):
        y0, y1 = g.y - g.size, g.y
        if n and g.x0 - units[n - 1][0].x1 >= WORD_GAP_MIN * g.size and not (
                g.text[:1].isspace() or units[n - 1][0].text[-1:].isspace()):
            x = units[n - 1][0].x1
            chars.append({"c": " ", "bbox": (x, y0, g.x0, y1)})
        if len(g.text) == 1 and not marks:
            chars.append({"c": g.text, "bbox": (g.x0, y0, g.x1, y1)})
        else:
            chars += _glyph_chars(g.text + "".join(marks), g.x0, g.x1, y0, y1)
    return unicodedata.normalize("NFC", logical_text([chars]))


def _glyph_chars(text: str, x0: float, x1: float, y0: float, y1: float
                 ) -> list[dict[str, Any]]:
    """Raw-dictionary characters for a glyph box spelling `text`: its letters share the box
    (the first on the right when they are right-to-left), each mark follows its letter
    without width."""
    step = (x1 - x0) / (sum(1 for ch in text if not _has_mark(ch)) or 1)
    rtl = is_rtl(text)
    out: list[dict[str, Any]] = []
    n = 0
    for ch in text:
        if _has_mark(ch) and out:
            x = out[-1]["bbox"][0]
            out.append({"c": ch, "bbox": (x, y0, x, y1)})
            continue
        left = x1 - (n + 1) * step if rtl else x0 + n * step
        out.append({"c": ch, "bbox": (left, y0, left + step, y1)})
        n += 1
    return out


def _right_aligned(group: list[dict[str, Any]], left: float, right: float) -> bool:
    """Whether visual line `group` ends at the right edge of the page's text (`right`) and
    starts well in from its left edge (`left`): a line of a right-to-left paragraph. A
    left-to-right paragraph's line starts at the left edge, or an indent in."""
    size = max(s["size"] for ln in group for s in ln["spans"])
    x0 = min(ln["bbox"][0] for ln in group)
    x1 = max(ln["bbox"][2] for ln in group)
    return right - x1 <= ALIGN_SLACK * size and x0 - left > INDENT_MAX * size


def _end_punctuation_last(group: list[dict[str, Any]]) -> None:
    """A left-to-right line of a right-to-left paragraph ends, in logical order, with the
    sentence punctuation the bidi algorithm drew at its left (neutrals between a
    left-to-right run and the paragraph's end take the paragraph's direction): ".item" is
    "item.". The pieces of visual line `group` are edited in place, styles kept, and
    marked `rtl_paragraph`."""
    spans = [s for ln in group for s in ln["spans"]]
    lead = _LEAD_SENTENCE_END.match("".join(s["text"] for s in spans))
    if lead is None:
        return
    left = len(lead.group(0))
    for span in spans:
        cut = min(left, len(span["text"]))
        span["text"], left = span["text"][cut:], left - cut
    next(s for s in reversed(spans) if s["text"])["text"] += lead.group(0)[::-1]
    for ln in group:
        ln["spans"] = [s for s in ln["spans"] if s["text"]]
        ln["rtl_paragraph"] = True


def logical_text(pieces: list[list[dict[str, Any]]]) -> str:
    """The right-to-left line whose pieces (each a list of raw-dictionary characters, as
    MuPDF read them) are `pieces`, in logical order, rebuilt from the glyph positions."""
    return visual_to_logical(_visual_text(pieces))


def glyph_lines(page: Any, boxes: list[BBox]) -> list[list[str]]:
    """The lines of glyphs whose centres lie in each of `boxes` (on an unrotated page),
    top to bottom, each visual line (one baseline) rebuilt by `logical_text`: the cells
    of a right-to-left table read as the page's lines are (without what
    `drop_undecodable` removes from those). Where the boxes hold ActualText
    clusters (MuPDF's characters for them have no width), the lines are read from the
    drawn glyphs (`actualtext.glyphs`), as `read_page` reads such lines. No lines (the
    callers keep their own text) where the glyphs cannot be listed (`_raw_dict`)."""
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    raw = _raw_dict(page.get_textpage(flags=TEXT_FLAGS, clip=(x0, y0, x1, y1)))
    if raw is None:
        return [[] for _ in boxes]
    chars = [(c, span["size"]) for line in _dict_lines(raw) for span in line["spans"]
             for c in span["chars"]]
    if any(c["bbox"][2] - c["bbox"][0] < 0.01 and c["c"].strip() for c, _ in chars) and (
            drawn := actualtext.glyphs(page)):
        return [_drawn_cell_lines(drawn, box) for box in boxes]
    out = []
    for box in boxes:
        rows: list[tuple[float, float, list[dict[str, Any]]]] = []  # baseline, size, chars
        for c, size in chars:
            if not centre_in(c["bbox"], box):
                continue
            y = c["origin"][1]
            row = next((r for r in rows if abs(r[0] - y) <= 0.35 * max(size, r[1])), None)
            if row is None:
                rows.append((y, size, [c]))
            else:
                row[2].append(c)
        texts = (without_undecodable(logical_text([row]))
                 for _, _, row in sorted(rows, key=lambda r: r[0]))
        out.append([text for text in texts if text.strip()])
    return out


def _drawn_cell_lines(drawn: list[actualtext.Glyph], box: BBox) -> list[str]:
    """The visual lines of the `drawn` glyphs standing in `box` (their middle on the
    baseline's side of it), top to bottom, each in logical order (`_drawn_text`)."""
    inside = [g for g in drawn
              if centre_in((g.x0, g.y - 0.5 * g.size, g.x1, g.y), box)]
    rows = sorted(_drawn_lines(inside), key=lambda row: row[0].y) if inside else []
    return [text for row in rows if (text := _drawn_text(row)).strip()]


def _runs_rightwards(chars: list[dict[str, Any]]) -> bool:
    """True when MuPDF's order of a right-to-left line steps right from one letter to
    the next (in logical order they step left, across Latin and numbers too): words or
    letters drawn left to right (Chromium with some Arabic fonts) read as drawn."""
    letters = [c["bbox"] for c in chars if RTL_LETTER.match(c["c"]) and not _has_mark(c["c"])]
    return any(b[0] > a[2] + 1.0 for a, b in zip(letters, letters[1:], strict=False))


def _opens_on_the_left(chars: list[dict[str, Any]]) -> bool:
    """True when MuPDF's order of a right-to-left line opens with a Latin word or number
    drawn left of the line's right-to-left letters: it read the line's start at the left
    ("2.0 الإصدار" for "الإصدار 2.0"). A Latin word that opens the line in logical order
    stands at its right end."""
    visible = [c for c in chars if c["c"].strip()]
    if not visible or RTL_LETTER.match(visible[0]["c"]) or not visible[0]["c"].isalnum():
        return False
    letter = next((c for c in visible if RTL_LETTER.match(c["c"])), None)
    return letter is not None and visible[0]["bbox"][2] <= letter["bbox"][0] + 1.0


def _number_runs_leftwards(chars: list[dict[str, Any]]) -> bool:
    """True when two digits in a row of MuPDF's order of a right-to-left line step left:
    a number drawn right to left (Chromium's Arabic-Indic digits), which reads left to
    right ("٢١٤" for "٤١٢")."""
    return any(a["c"].isdigit() and b["c"].isdigit() and b["bbox"][2] < a["bbox"][0] + 1.0
               for a, b in zip(chars, chars[1:], strict=False))


def _box_key(bbox: Any) -> tuple[float, ...]:
    return tuple(round(v, 1) for v in bbox)


def _baseline_pieces(lines: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Dictionary lines grouped into visual lines: one baseline, gaps under `JOIN_GAP`
    font sizes (as layout joins fragments). MuPDF cuts a right-to-left line where its
    direction changes; two pieces a word gap apart (`WORD_GAP_MIN`) whose facing ends
    are both right-to-left text are two lines it kept apart (table cells set close
    together), not one it cut, and stay apart."""
    def baseline(ln: dict[str, Any]) -> float:
        return ln["spans"][0].get("origin", ln["bbox"][2:])[1]

    def rtl_end(ln: dict[str, Any], side: int) -> bool:
        end = (max if side else min)(ln["spans"], key=lambda s: s["bbox"][side * 2])
        return is_one_rtl_run(end["text"])

    groups: list[list[dict[str, Any]]] = []
    for ln in sorted(lines, key=lambda ln: (baseline(ln), ln["bbox"][0])):
        size = max(s["size"] for s in ln["spans"]) or 1.0
        for group in groups[-4:]:
            last = max(group, key=lambda g: g["bbox"][2])
            gap = ln["bbox"][0] - last["bbox"][2]
            if (abs(baseline(group[0]) - baseline(ln)) <= 0.35 * size
                    and -0.5 * size <= gap <= JOIN_GAP * size
                    and not (gap >= WORD_GAP_MIN * size and rtl_end(last, 1) and rtl_end(ln, 0))):
                group.append(ln)
                break
        else:
            groups.append([ln])
    return groups


def _visual_text(pieces: list[list[dict[str, Any]]]) -> str:
    """The characters of a line's pieces left to right on the page, each combining mark
    after the letter it belongs to (the one MuPDF read before it, else the nearest); the
    zero-width alef of a lam-alef ligature (MuPDF reads it before or after the lam, at
    the lam's end) left of its lam."""
    bases: list[tuple[dict[str, Any], list[str]]] = []
    at: dict[int, float] = {}  # where a lam-alef ligature's alef goes: left of its lam
    for chars in pieces:
        own = None
        for i, c in enumerate(chars):
            if c["c"] in _ALEFS and c["bbox"][2] - c["bbox"][0] < 0.05:
                lam = next((n for n in chars[max(i - 1, 0):i + 2] if n["c"] == "\u0644"), None)
                if lam is not None:
                    at[id(c)] = lam["bbox"][0] - 0.01
            if not _has_mark(c["c"]):
                own = (c, [])
                bases.append(own)
            elif own is not None and own[0]["c"].strip():
                own[1].append(c["c"])
            else:
                x = c["bbox"][0]
                near = min(bases or [(c, [])], key=lambda b: max(b[0]["bbox"][0] - x,
                                                                 x - b[0]["bbox"][2], 0.0))
                if near[0] is not c:
                    near[1].append(c["c"])
    bases.sort(key=lambda b: at.get(id(b[0]), (b[0]["bbox"][0] + b[0]["bbox"][2]) / 2))
    return "".join(c["c"] + "".join(marks) for c, marks in bases)


def _has_mark(text: str) -> bool:
    return any(unicodedata.category(ch) == "Mn" for ch in text)


def _looks_letter_spaced(line: dict[str, Any]) -> bool:
    """True for a horizontal left-to-right line whose text looks cut up by spaces MuPDF
    put into wide letter gaps: several one-letter words ("O R D E R"), or short words in
    wide-set type ("Speci fies th at"). Only such lines pay for reading their characters."""
    if tuple(line.get("dir", (1.0, 0.0))) != (1.0, 0.0) or not line["spans"]:
        return False
    text = "".join(s["text"] for s in line["spans"])
    tokens = text.split()
    if len(tokens) < 3 or is_rtl(text):  # right-to-left glyphs run right to left: no gaps
        return False
    single = sum(1 for t in tokens if len(t) == 1 and t.isalpha())
    if single >= 3 and single * 5 >= 2 * len(tokens):
        return True
    visible = sum(len(t) for t in tokens)
    if len(tokens) < 4 or visible > SHORT_WORDS * len(tokens):
        return False
    size = max(s["size"] for s in line["spans"])
    width = line["bbox"][2] - line["bbox"][0]
    return size > 0 and width >= WIDE_SET * visible * size


def _drop_false_spaces(page: Any, lines: list[dict[str, Any]]) -> None:
    """Remove the spaces MuPDF inserted into letter gaps of `lines` (page dictionary
    lines, edited in place), deciding from the glyph positions of a text page clipped
    to them; lines whose characters cannot be matched stay as they are."""
    clip = pymupdf.Rect()
    for line in lines:
        clip |= line["bbox"]
    raw = _raw_dict(page.get_textpage(flags=TEXT_FLAGS, clip=clip))
    if raw is None:
        return
    found = {}
    for bbox, chars, text in _raw_lines(raw):
        found.setdefault(text, []).append((bbox, chars))
    for line in lines:
        text = "".join(s["text"] for s in line["spans"])
        chars = next((chars for bbox, chars in found.get(text, ())
                      if max(abs(a - b) for a, b in zip(bbox, line["bbox"], strict=True)) < 1.0),
                     None)
        if chars is None:
            continue
        keep = _word_spaces(chars, max(s["size"] for s in line["spans"]))
        if keep is None:
            continue
        i = 0
        for span in line["spans"]:
            n = len(span["text"])
            span["text"] = "".join(c for c, k in zip(span["text"], keep[i:i + n], strict=True)
                                   if k)
            i += n


def _word_spaces(chars: list[dict[str, Any]], size: float) -> list[bool] | None:
    """Which of a line's characters (rawdict "c" and "bbox", left to right) to keep: a
    space stays only where the gap between the letters around it is a word gap.

    The line's own gaps decide: sorted, they rise in small steps through the letter
    gaps (kerning, letter spacing) and then jump by at least `WORD_GAP_STEP` font sizes
    to the word gaps (a space's advance). Without such a jump every gap is alike: all
    letter gaps when even the widest is under `LETTER_GAP_MAX` font sizes ("LO G I N"),
    else left alone (all word gaps, as in "a b c", or too wide to tell). None when
    nothing would change.
    """
    visible = [i for i, c in enumerate(chars) if not c["c"].isspace()]
    gaps = [chars[b]["bbox"][0] - chars[a]["bbox"][2] for a, b in zip(visible, visible[1:],
                                                                       strict=False)]
    if len(gaps) < 3:
        return None
    ordered = sorted(gaps)
    step = WORD_GAP_STEP * size
    cut = next((lo for lo, hi in zip(ordered, ordered[1:], strict=False) if hi - lo >= step),
               None)
    if cut is None:
        if ordered[-1] >= LETTER_GAP_MAX * size:
            return None
        cut = ordered[-1]
    keep = [True] * len(chars)
    for (a, b), gap in zip(zip(visible, visible[1:], strict=False), gaps, strict=True):
        if gap <= cut:
            for k in range(a + 1, b):
                keep[k] = False
    return keep if not all(keep) else None


def _ligature_order(chars: list[dict[str, Any]], fallback: str) -> str:
    if "".join(c["c"] for c in chars) != fallback:
        return fallback
    out: list[str] = []
    i = 0
    while i < len(chars):
        c = chars[i]["c"]
        x0, _, x1, _ = chars[i]["bbox"]
        if (c in _ALEFS and x1 - x0 < 0.05 and i + 1 < len(chars)
                and chars[i + 1]["c"] == "\u0644"):
            out += ["\u0644", c]
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def image_infos(page: Any, *, xrefs: bool) -> list[dict[str, Any]]:
    """The page's images as dicts with "bbox" (and "xref", "width", "height" when
    `xrefs`: PyMuPDF then decodes every image to match it, so ask only to write them).
    Images drawn inline in the content stream are no image objects: they have no xref
    to write, and a page with no image objects lists them by decoding them (as a scan
    made of inline strips is found). [] when the page has no images or they cannot be
    listed."""
    try:
        if not page.get_images():
            return [] if xrefs else [{"bbox": tuple(info["bbox"]), "xref": 0}
                                     for info in page.get_image_info() if "bbox" in info]
        if xrefs:
            return page.get_image_info(xrefs=True)
        # An image-keeping text page lists image boxes without decoding the pixels.
        textpage = page.get_textpage(flags=TEXT_FLAGS | pymupdf.TEXT_PRESERVE_IMAGES)
        return [{"bbox": tuple(b[:4]), "xref": 0} for b in textpage.extractBLOCKS() if b[6] == 1]
    except Exception:  # a broken image dictionary must not lose the page's text
        return []


def _line(raw: dict[str, Any], links: list[tuple[BBox, str]]) -> Line | None:
    pieces = [(s, text) for s in raw.get("spans", ()) if (text := _span_text(s))]
    if not pieces:
        return None
    # Justified text comes as one span per word and one per gap (430 a page in LaTeX
    # output), all alike: one span per run of a style (unless links need the pieces).
    runs = [[piece] for piece in pieces] if links else [
        list(run) for _, run in itertools.groupby(pieces, key=_style_key)]
    spans: list[Span] = []
    for run in runs:
        first = run[0][0]
        text = run[0][1] if len(run) == 1 else "".join(t for _, t in run)
        if _UNMAPPED_SYMBOL.search(text) and _SYMBOL_FONT.search(first.get("font", "")):
            text = _UNMAPPED_SYMBOL.sub(CHECKBOX, text)
        elif _PRIVATE_USE.search(text) and _WINGDINGS_FONT.search(first.get("font", "")):
            text = text.translate(_WINGDINGS_BOXES)
        span = _span(first, text, links)
        if len(run) > 1:
            span.bbox = functools.reduce(_union, (s["bbox"] for s, _ in run[1:]), span.bbox)
        spans.append(span)
    text = "".join(s.text for s in spans)
    if _ARABIC_MARK.search(text) and not RTL_LETTER.search(_ARABIC_MARK.sub("", text)):
        for span in spans:
            span.text = _ARABIC_MARK.sub("", span.text)
        text = "".join(s.text for s in spans)
    if not text.strip():
        return None
    first = raw["spans"][0]
    return Line(spans=spans, bbox=tuple(raw["bbox"]), direction=tuple(raw.get("dir", (1.0, 0.0))),
                origin=tuple(first.get("origin", raw["bbox"][:2])),
                rtl_paragraph=raw.get("rtl_paragraph", False))


def _span_text(s: dict[str, Any]) -> str:
    text = s.get("text", "").translate(_SPAN_TEXT)
    if text.isascii():  # no joiner, no Arabic mark
        return text
    return _DOUBLED_MARK.sub(r"\1", _STRAY_JOINER.sub("", text))


def _style_key(piece: tuple[dict[str, Any], str]) -> tuple[Any, ...]:
    s = piece[0]
    return s.get("font"), s.get("size"), s.get("flags"), s.get("color")


def _span(s: dict[str, Any], text: str, links: list[tuple[BBox, str]]) -> Span:
    flags = s.get("flags", 0)
    font = s.get("font", "")
    bold, italic, mono = _name_style(font)
    bbox = tuple(s["bbox"])
    return Span(
        text=text,
        bbox=bbox,
        size=round(float(s.get("size", 0.0)), 2),
        bold=bool(flags & _FLAG_BOLD) or bold,
        italic=bool(flags & _FLAG_ITALIC) or italic,
        mono=bool(flags & _FLAG_MONO) or mono,
        font=font,
        serif=bool(flags & _FLAG_SERIF),
        link=_link_at(bbox, links) if links else None,
    )


@functools.lru_cache(maxsize=1024)
def _name_style(font: str) -> tuple[bool, bool, bool]:
    # A page has thousands of spans in a handful of fonts: three searches per font, not span.
    return (bool(_BOLD_NAME.search(font)), bool(_ITALIC_NAME.search(font)),
            bool(_MONO_NAME.search(font)))


def _union(a: BBox, b: Any) -> BBox:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _uri_links(page: Any) -> list[tuple[BBox, str]]:
    # MuPDF's own link list, walked by hand: `page.get_links()` resolves every internal
    # link's destination and lists the page's annotations again for each link (3-4 ms a
    # page on a printed web page full of anchors), for links that are dropped here anyway.
    out = []
    first = page.first_link
    link = first.this if first else None
    while link is not None and link.m_internal:
        uri = link.m_internal.uri
        if uri and pymupdf.mupdf.fz_is_external_link(uri) and _safe_uri(uri):
            r = link.rect()
            out.append(((r.x0, r.y0, r.x1, r.y1), uri))
        link = link.next()
    return out


def _safe_uri(uri: str) -> bool:
    # A link target goes into Markdown verbatim: only ordinary schemes, no script URLs.
    scheme = uri.split(":", 1)[0].strip().lower()
    return scheme in ("http", "https", "mailto", "ftp") and not any(c in uri for c in " \n<>")


def _link_at(bbox: BBox, links: list[tuple[BBox, str]]) -> str | None:
    return next((uri for area, uri in links if centre_in(bbox, area, pad=1.0)), None)
