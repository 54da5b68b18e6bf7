"""From ordered lines to Markdown blocks: headings, paragraphs, lists, code, emphasis.

Font sizes are clustered against the body size (the size carrying most characters):
larger sizes are heading levels, largest first; short bold lines, numbered section
titles and entries of the document outline are headings too. Lines are re-flowed into
paragraphs across line breaks (a hyphen is dropped only where a word was split), list
markers start list items, monospace runs become fenced code.
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter
from dataclasses import dataclass, field

from webfold.document import Block
from webfold.markdown import (
    code_span,
    escape,
    escape_line_start,
    fence,
    footnote_definition,
    footnote_ref,
)
from webfold.pdf.furniture import PAGE_NUMBER
from webfold.pdf.layout import BASELINE_SLACK, Item
from webfold.pdf.model import (
    HEADING_SIZE_RATIO,
    BBox,
    Span,
    first_word_width,
    is_code,
    is_heading_size,
)
from webfold.pdf.notes import link_notes
from webfold.pdf.tables import table_block

MAX_HEADING_CHARS = 160
MAX_BOLD_HEADING_WORDS = 14
OCR_HEADING_RATIO = 1.2  # OCR sizes are estimated from word boxes: a clearer margin
COVER_MAX_BODY_WORDS = 60  # body-size words on a first page over which it is no cover
WIDE_LINE_GAP = 2.5  # font sizes: the widest line gap read as double spacing, not a break
WRAPPED_MIN_WORDS = 8  # a line that wrapped holds a measure of words (a short line is a title)
# A line ending a sentence short of its column's edge by more than the next line's first
# word and this many font sizes (a space, and slack for a width read from a character
# count) ended its paragraph: the word would have fitted (`_first_word_fits`).
WORD_ROOM_SLACK = 1.0
SHORT_LINE = 2 / 3  # of its column's measure: a line this short was broken by hand
EDGE_REACH = 3.0  # font sizes short of its column's edge a wrapped line may end
EDGE_LINES = 3  # lines reaching an edge that make it a column's (`_common_edge`)
COLUMN_SLACK = 1.0  # points: lines starting this close start at one column edge
CODE_BLANK_LINES = 6.0  # gap, in font sizes, over which monospace lines are two listings
# A bold line whose description starts on the next line this many font sizes further right
# is the term of a hanging paragraph (a man page's option, a glossary entry), no heading;
# a paragraph's first-line indent is about one to two.
TERM_INDENT = 2.5
SAME_LINE_GAP = 4.0  # font sizes: a justified word gap, narrower than a column gutter
ENTRY_GAP = 2.0  # font sizes of white before a form line's number repeated in its entry box
# Font sizes from a field's label to its value in a column of values (a tab stop or two
# on); an index's entry across the page in the next column stands further.
FIELD_VALUE_GAP = 8.0
# A document hyphenates where this many lines, and this share of the lines that run on in
# lower case, end splitting a word no line writes whole (`document_hyphenates`).
HYPHEN_BREAKS_MIN = 3
HYPHEN_BREAK_SHARE = 0.08
_BULLET = re.compile(r"^\s*([•●○◦▪▫■□‣⁃∙·\-–—*➢►▶✓✔])\s+")
# A list number in parentheses is followed by text, not by more digits: "(440) 768-1350"
# is a phone number's area code.
_NUMBERED = re.compile(r"^\s*(?!\(\d{1,3}\)\s+\d)\(?(\d{1,3}|[a-z]|[ivx]{1,4})([.)])\s+(?=\S)")
_SECTION = re.compile(r"^\s*(\d{1,2}(?:\.\d{1,2}){0,4})\.?\s+\S")
# "2.1 Methods", "3 Results": a section number (several levels, or one without a dot so
# it is no list marker) before a capitalised title.
_NUMBERED_TITLE = re.compile(r"^\s*(\d{1,2}(?:\.\d{1,2}){1,4}|\d{1,2})\s+[A-Z][^\s]*")
# "12 March 2026", "3 Mai, 2025": a day, a month's name, a year; a date, not a numbered
# section title (one titled by a single word and a year, "3 Census 2021", reads as a
# date too: a month's name is told from a word by no rule short of a word list).
_DATE = re.compile(r"^\s*\d{1,2}\.?\s+[^\W\d_]+\.?,?\s+\d{4}\s*$")
# "12 Orchard Row, Bristol BS1 4QT": a house number, a capitalised street name and a
# comma before the next part of an address; a section's title is no comma-separated
# list ("2.1 Data, methods" keeps its dotted number: no house number has one).
_ADDRESS = re.compile(r"^\s*\d{1,4}\s+[A-Z][^,]*,")
_SENTENCE_END = re.compile(r"[.!?:;\u3002\uff01\uff1f]['\")\]\u300d\u300f\uff09]?\s*$")
# A field's label starting a line: up to three words of letters and its colon ("Name:",
# "Font Scale:", "E-mail:"); no time ("10:30"), address ("http://") or phrase ("Cambridge,
# Mass.:").
_FIELD_LABEL = re.compile(r"^\s*[^\W\d_]+(?:[ -][^\W\d_]+){0,2} ?:(?:\s|$)")
# A table-of-contents entry: a title, a run of leader dots, a page number.
_LEADER = re.compile(r"(?:\.\s?){4,}\s*\S{1,8}\s*$|\u2026{2,}\s*\S{1,8}\s*$")
# The words a table's and a figure's (or a code listing's) caption start with, in the languages
# of the documents we read (lower case): "Table 3:", "Tabelle 2", "表 22：", "جدول ۳-۱", "Рис. 4".
_TABLE_WORDS = ("table", "tab.", "tabelle", "tableau", "tabla", "tabella", "tabela", "tabel",
                "tabell", "tablo", "tabulka", "taulukko", "таблица", "таблиця", "табл.",
                "πίνακας", "טבלה", "جدول", "الجدول", "表", "표")
_FIGURE_WORDS = ("figure", "fig.", "figura", "figuur", "abbildung", "abb.", "rysunek", "rys.",
                 "obrázek", "obr.", "şekil", "рисунок", "рис.", "σχήμα", "איור", "شکل", "شكل",
                 "الشكل", "图", "圖", "図", "그림", "listing")
# The words a source line under a table or chart starts with, before its colon ("Source:",
# "Quelle:", "资料来源："): a note on where the figures come from, never a heading.
_SOURCE_WORDS = ("source", "sources", "quelle", "quellen", "fuente", "fuentes", "fonte",
                 "fontes", "bron", "źródło", "источник", "المصدر", "资料来源", "數據來源",
                 "数据来源", "資料來源", "来源", "來源", "出典", "出所", "출처")


# Letters of the scripts whose lines join without a space (`_CJK`, their punctuation and
# full-width forms too): kana, CJK ideographs, Hangul.
_CJK_LETTER_RANGES = "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af"


def _caption_label(words: tuple[str, ...]) -> re.Pattern[str]:
    """A caption's label: one of `words` (no longer word: "Tablet", "Figures"), its number
    ("3", "2.1", "A1", "IV", "۱۵ . ۳") and after it the line's end, a space, a colon, a
    dot or a dash, or a CJK character ("表22现金"): no title "Table of Contents"."""
    return re.compile(r"^\s*(?i:" + "|".join(re.escape(word) for word in words)
                      + r")(?![^\W\d_])\s*(?:[A-Z]?\d+|[IVXLC]+|[A-Z])(?:\s?[.\-\u2013]\s?\d+)*"
                      r"(?=$|[\s.:\-\u2013\u2014\uff0e\uff1a]|[" + _CJK_LETTER_RANGES + "])")


# A caption is a paragraph whatever its style; a table's moves above its table.
_TABLE_CAPTION = _caption_label(_TABLE_WORDS)
_FIGURE_CAPTION = _caption_label(_FIGURE_WORDS)
_SOURCE_LINE = re.compile(r"^\s*(?i:" + "|".join(re.escape(word) for word in _SOURCE_WORDS)
                          + r")\s*[:\uff1a]")
# A word that starts with a letter, past any opening punctuation (`_has_word`).
_WORD_START = re.compile(r"(?:^|\s)[^\w\s]*[^\W\d_]")
_DOTS_AND_SPACES = re.compile(r"[.\s]*")
_DOT_RUN = re.compile(r"\s*(?:\.\s?){4,}\s*|\s*\u2026{2,}\s*")
# A word with its inner hyphens ("data-driven"), and a hyphen it ends with, if any.
_WORD = re.compile(r"[^\W_]+(?:[-\u2010][^\W_]+)*[-\u2010]?")
# Scripts written without spaces between words; their punctuation (U+3000-303F) too.
_CJK = re.compile("[\u3000-\u303f" + _CJK_LETTER_RANGES + "\uff00-\uffef]")
# Compound-word heads that keep their hyphen across a line break ("self-\nlocking").
_KEEP_HYPHEN = frozenset({
    "self", "well", "non", "all", "half", "cross", "long", "short", "high", "low", "multi",
    "semi", "anti", "ex", "co", "post", "pre", "one", "two", "three", "four", "five", "ten",
    "so", "full", "part", "first", "second", "third", "real", "open", "end", "user", "state",
})


@dataclass(slots=True)
class Styles:
    """Document-wide facts the classifier needs."""

    body_size: float
    heading_levels: dict[float, int]  # rounded size -> heading level
    bold_level: int  # level of short bold body-size headings
    line_gap: float  # usual gap between lines of one paragraph, as a share of the size
    outline: dict[str, int] = field(default_factory=dict)  # normalised title -> level
    # Lines ending above this y (points) at no more than body size are no headings: a
    # running header where nothing repeats to show it (a one-page file).
    header_band: float = 0.0
    # Lines of a cover page set smaller than its title (subtitle, authors, date): no
    # headings, they introduce nothing (ids of the `Line`s).
    cover_lines: frozenset[int] = frozenset()
    words: Counter[str] = field(default_factory=Counter)  # `document_words`
    hyphenates: bool = False  # `document_hyphenates`
    page_widths: dict[int, float] = field(default_factory=dict)  # page number -> points


@dataclass(slots=True)
class _Row:
    item: Item
    page: int
    text: str
    size: float
    bold: bool  # every span bold, or every span italic: a run-in heading's emphasis
    mono: bool
    page_lines: list[Item]  # the line items of its page (`_column_end`)
    at: int  # its own place among them
    page_items: list[Item]  # every item of its page, tables and images too (`_broken_short`)


def document_styles(pages: list[list[Item]], outline: list[tuple[int, str]]) -> Styles:
    """Body size, heading size levels and the usual line gap of the whole document.
    Lines turned across their page's direction are left out: they head nothing. The body
    size is the one most worded characters are set in: spans without a letter (a chart's
    tick numerals, times, codes) are labels, however many, unless nothing else is."""
    chars: Counter[float] = Counter()
    worded: Counter[float] = Counter()
    for items in pages:
        for it in items:
            if it.line is not None and not it.turned:
                for span in it.line.spans:
                    size, count = round(span.size * 2) / 2, len(span.text.strip())
                    chars[size] += count
                    if any(ch.isalpha() for ch in span.text):
                        worded[size] += count
    body = (worded or chars).most_common(1)[0][0] if chars else 10.0
    total = sum(chars.values()) or 1
    big = sorted((s for s, n in chars.items()
                  if is_heading_size(s, body) and n < 0.3 * total),
                 reverse=True)
    levels: dict[float, int] = {}
    for size in big:
        levels[size] = min(len(set(levels.values())) + 1, 4)
    words = document_words(pages)
    return Styles(body_size=body, heading_levels=levels, bold_level=min(len(levels) + 1, 6),
                  line_gap=_usual_gap(pages),
                  outline={_norm(t): min(max(lvl, 1), 6) for lvl, t in outline if _norm(t)},
                  cover_lines=_cover_lines(pages[0] if pages else [], body),
                  words=words, hyphenates=document_hyphenates(pages, words))


def _cover_lines(items: list[Item], body: float) -> frozenset[int]:
    """The lines of a first page that are no headings although set larger than the body:
    on a cover page (no table or contents list, under `COVER_MAX_BODY_WORDS` words at body
    size or smaller) every line set smaller than its largest line, the title; on the
    first page of a paper, the title block (`_title_block`)."""
    lines = [it for it in items if it.line is not None and it.line.text.strip()]
    if not lines:
        return frozenset()
    title = max(it.size for it in lines)
    words = sum(len(it.line.text.split()) for it in lines if it.size <= body + 0.25)
    # A page with a table or a contents list is no cover page.
    table = any(it.payload is not None and it.payload.kind == "table" for it in items) or any(
        it.line.contents for it in lines)
    if table or words >= COVER_MAX_BODY_WORDS:
        return _title_block(lines, title, body)
    return frozenset(id(it.line) for it in lines if it.size < title - 0.5)


def _title_block(lines: list[Item], title: float, body: float) -> frozenset[int]:
    """The lines under the title of a first page, down to where the text starts: authors,
    affiliations, e-mail, dates, centred or as wide as the page's text, smaller than the
    title. The first line that is none of these ends the block: one set bold (a section
    title such as "Abstract"), numbered (a date that starts with its day, or an address
    with its house number, is no number), at the title's size, short and not centred (a
    heading at the margin), or prose (a full measure of words at body size)."""
    if title < body * HEADING_SIZE_RATIO:
        return frozenset()
    left, right = min(it.box[0] for it in lines), max(it.box[2] for it in lines)
    middle, measure = (left + right) / 2, right - left
    start = next(i for i, it in enumerate(lines) if it.size >= title - 0.5)
    while start < len(lines) and lines[start].size >= title - 0.5:
        start += 1
    block = []
    for it in lines[start:]:
        text = it.line.text.strip()
        spans = [s for s in it.line.spans if s.text.strip()]
        width = it.box[2] - it.box[0]
        centred = (abs((it.box[0] + it.box[2]) / 2 - middle) <= it.size
                   and it.box[0] > left + 2 * it.size)
        full = width >= 0.8 * measure
        prose = full and it.size <= body + 0.25 and len(text.split()) >= WRAPPED_MIN_WORDS
        numbered = ((_SECTION.match(text) or _NUMBERED_TITLE.match(text))
                    and not _numbered_no_title(text))
        if (it.size >= title - 0.5 or all(s.bold for s in spans) or numbered or prose
                or not (centred or full)):
            break
        block.append(id(it.line))
    return frozenset(block)


def _usual_gap(pages: list[list[Item]]) -> float:
    """The gap between the lines of a paragraph, in font sizes: the median of the gaps
    under one size; where there are none (double spacing, Arabic fonts with tall line
    heights such as Amiri's), the median of those under a wrapped line (as wide as the
    page's text, a measure's worth of words) near the smallest such gap."""
    solid, wrapped = [], []
    for items in pages:
        widths = [it.box[2] - it.box[0] for it in items if it.line is not None]
        full = 0.8 * max(widths, default=0.0)
        for a, b in zip(items, items[1:], strict=False):
            if a.line is None or b.line is None or abs(a.size - b.size) > 0.5:
                continue
            gap = (b.box[1] - a.box[3]) / max(a.size, 1.0)
            if gap < -0.1 or b.box[0] >= a.box[2] or a.box[0] >= b.box[2]:
                continue
            if gap <= 1.0:
                solid.append(gap)
            elif (gap <= WIDE_LINE_GAP and a.box[2] - a.box[0] >= full
                  and len(a.text.split()) >= WRAPPED_MIN_WORDS):
                wrapped.append(gap)
    if len(solid) >= 3:
        return statistics.median(solid)
    wide = [g for g in wrapped if g <= min(wrapped, default=0.0) + 0.2]
    return statistics.median(wide) if len(wide) >= 2 and not solid else 0.35


def build_blocks(pages: list[tuple[int, list[Item]]], styles: Styles) -> list[Block]:
    """Markdown blocks for the ordered items of each (page number, items) pair."""
    blocks: list[Block] = []
    markers: list[float] = []  # marker x of the open list levels, outermost first
    notes = link_notes(pages, styles.body_size)  # item id -> label, of each note's first line
    group: list[_Row] = []
    kind = ""
    placed: dict[int, BBox] = {}  # id of a table or image block -> its box on its page
    for number, items in pages:
        page_lines = [it for it in items if it.line is not None]
        places = {id(it): k for k, it in enumerate(page_lines)}
        for it in items:
            if it.payload is not None:
                _flush(blocks, kind, group, styles, markers, notes)
                group, kind = [], ""
                it.payload.page = number
                blocks.append(it.payload)
                placed[id(it.payload)] = it.box
                continue
            row = _row(it, number, page_lines, places[id(it)], items)
            if not row.text.strip("\u2022 "):  # bullets of no item: icons, glyphs of nothing
                continue
            row_kind = "footnote" if id(it) in notes else _classify(row, group, kind, styles)
            if row_kind == "+":
                group.append(row)
                continue
            _flush(blocks, kind, group, styles, markers, notes)
            group, kind = [row], row_kind
    _flush(blocks, kind, group, styles, markers, notes)
    blocks = _joined_tables(blocks, placed)
    _captions_above_tables(blocks)
    for i, block in enumerate(blocks):
        block.index = i
    return blocks


def _joined_tables(blocks: list[Block], placed: dict[int, BBox]) -> list[Block]:
    """Two tables as wide with nothing between them are one: a table broken by a page
    (a header row repeated at the top of the next page goes), over as many pages as it
    runs, or a header drawn as ruled cells over a body set without rules; but not two
    tables side by side on a page (their boxes, in `placed` by block id, share rows),
    nor the same table printed again (every row the piece above's: a copy standing
    alone, not more rows)."""
    out: list[Block] = []
    last_page = last_piece = None  # the last table's last page and the rows put on it
    for block in blocks:
        last = out[-1] if out else None
        if (last is not None and block.kind == "table" and last.kind == "table"
                and last_page is not None and block.page in (last_page, last_page + 1)
                and not (block.page == last.page and _side_by_side(placed.get(id(last)),
                                                                   placed.get(id(block))))):
            above = [row.split("\t") for row in last.text.splitlines()]
            below = [row.split("\t") for row in block.text.splitlines()]
            if len(above[0]) == len(below[0]) and below != last_piece:
                joined = table_block(above + (below[1:] if below[0] == above[0] else below))
                joined.page = last.page
                out[-1] = joined
                last_page, last_piece = block.page, below
                continue
        out.append(block)
        last_page = block.page
        last_piece = [row.split("\t") for row in block.text.splitlines()]
    return out


def _side_by_side(a: BBox | None, b: BBox | None) -> bool:
    """True when boxes `a` and `b` share more than half the height of the shorter one (one
    beside the other, not a header row over its body)."""
    if a is None or b is None:
        return False
    return min(a[3], b[3]) - max(a[1], b[1]) > 0.5 * min(a[3] - a[1], b[3] - b[1])


def _captions_above_tables(blocks: list[Block]) -> None:
    """A table's caption set below it moves above it, where HTML tables have theirs;
    not when the table has its caption above it already, nor when the caption stands
    between it and the next table and some caption stands between it and the table
    before it (captions set above their tables: this one is the next table's)."""
    for i in range(len(blocks) - 1):
        table, caption = blocks[i], blocks[i + 1]
        if table.kind != "table" or not _is_caption(caption) or (i and _is_caption(blocks[i - 1])):
            continue
        if i + 2 < len(blocks) and blocks[i + 2].kind == "table":
            start = next((k + 1 for k in range(i - 1, -1, -1) if blocks[k].kind == "table"), 0)
            if any(_is_caption(b) for b in blocks[start:i]):
                continue
        blocks[i], blocks[i + 1] = caption, table


def _is_caption(block: Block) -> bool:
    return block.kind == "paragraph" and _TABLE_CAPTION.match(block.text) is not None


def _row(it: Item, page: int, page_lines: list[Item], at: int, page_items: list[Item]) -> _Row:
    spans = [s for s in it.line.spans if s.text.strip()]
    # A note mark raised beside a bold title ("Linebreak" + "a)") leaves it bold.
    base = it.line.origin[1] if it.line.origin is not None else math.inf
    unmarked = [s for s in spans if s.size >= 0.8 * it.size or s.bbox[3] > base] or spans
    bold = bool(spans) and (all(s.bold for s in unmarked) or all(s.italic for s in spans))
    mono = is_code(it.line)
    return _Row(item=it, page=page, text=it.line.text.strip(), size=it.size, bold=bold,
                mono=mono, page_lines=page_lines, at=at, page_items=page_items)


def _classify(row: _Row, group: list[_Row], kind: str, st: Styles) -> str:
    """The kind of block `row` starts, or "+" when it continues the current group."""
    level = _heading_level(row, st)
    if row.mono and not level and not _typed_value(row, st):
        return "+" if kind == "code" and _code_goes_on(group, row) else "code"
    starts = _starts_new(row, group, kind, st)
    if kind == "footnote" and not starts:
        return "+"
    if level and (starts or kind == "heading") and not _BULLET.match(row.text):
        if kind == "heading" and not starts and _heading_level(group[-1], st) == level:
            return "+"
        return "heading"
    if _BULLET.match(row.text) or _NUMBERED.match(row.text):
        return "list_item"
    if kind == "list_item" and not starts and row.item.box[0] > group[0].item.box[0] + 1:
        return "+"
    if kind == "paragraph" and not starts:
        return "+"
    return "paragraph"


def _heading_level(row: _Row, st: Styles) -> int:
    text = row.text
    if (row.item.turned or len(text) > MAX_HEADING_CHARS or not _has_word(text)
            or PAGE_NUMBER.match(text) or _LEADER.search(text) or row.item.line.contents):
        return 0
    if row.item.box[3] <= st.header_band and row.size <= st.body_size + 0.25:
        return 0
    if (_TABLE_CAPTION.match(text) or _FIGURE_CAPTION.match(text) or _SOURCE_LINE.match(text)
            or id(row.item.line) in st.cover_lines):
        return 0
    outlined = st.outline.get(_norm(text)) if st.outline else None
    if outlined:
        return outlined
    level = st.heading_levels.get(round(row.size * 2) / 2, 0)
    if level and row.mono and _typed_value(row, st):
        return 0
    if level and (row.item.line.source != "ocr" or row.size >= OCR_HEADING_RATIO * st.body_size):
        return level
    # Set at the body's size, a form's label in its box is bold or numbered as a
    # section's title is (`drawings.mark_boxed_labels`).
    short = len(text.split()) <= MAX_BOLD_HEADING_WORDS and not _SENTENCE_END.search(text)
    if not short or text.endswith(",") or row.item.line.boxed:
        return 0
    numbered = _NUMBERED_TITLE.match(text)
    if numbered and _numbered_entry(row, numbered.group(1)):
        return 0
    section = _SECTION.match(text)
    if row.bold:
        if _hanging_term(row):
            return 0
        return min(st.bold_level + (section.group(1).count(".") if section else 0), 6)
    if (numbered and not _numbered_no_title(text) and abs(row.size - st.body_size) <= 0.5
            and row.item.line.source != "ocr" and not _numbered_run(row)):
        return min(st.bold_level + numbered.group(1).count("."), 6)
    return 0


def _typed_value(row: _Row, st: Styles) -> bool:
    """Whether monospace `row`, set larger than the body, is a value typed into a form
    ("PO Box 3217", a name): its page sets a number in the same type and size on a line
    of its own ("3811", "01/06/2022", "0."), as a form filled in by a typewriter or a
    program does. A section title in a typewriter face heads a page of prose; a listing
    at the body's size keeps its output lines ("42") and stays code."""
    size = round(row.size * 2) / 2
    if not row.mono or size not in st.heading_levels:
        return False
    return any(round(other.size * 2) / 2 == size and is_code(other.line)
               and not _has_word(other.text) and any(ch.isdigit() for ch in other.text)
               for other in row.page_lines)


def _has_word(text: str) -> bool:
    """Whether `text` has a word to read as a title: one starting with a letter
    ("Results", "LR_Element", "A", "(b)"). Codes and numbers alone ("24a 24b 24c", a
    form's line labels stacked in its margin; "7a"; "1040NR") head nothing."""
    return _WORD_START.search(text) is not None


def _numbered_no_title(text: str) -> bool:
    """Whether `text`, starting with a number, is a date or a street address: no numbered
    section title."""
    return bool(_DATE.match(text) or _ADDRESS.match(text))


def _numbered_run(row: _Row) -> bool:
    """Whether the line set right above or right under `row` at its left edge is numbered
    at the same depth too ("12 Scholarship grants" over "13 Business income", a form's
    numbered lines; "4 Wages" over "5 Rents", a list): a section heads a body, and two
    titles of one depth with nothing between them head nothing. A title over its first
    subsection ("2 Methods" over "2.1 Data") is one depth apart. Lines elsewhere on the
    page (a form's box numbers at the right) may come between them in reading order."""
    box = row.item.box
    above = below = None
    for other in row.page_lines:
        if other is row.item or abs(other.box[0] - box[0]) > row.size:
            continue
        if other.box[1] >= box[3] - 0.3 * row.size and (
                below is None or other.box[1] < below.box[1]):
            below = other
        elif other.box[3] <= box[1] + 0.3 * row.size and (
                above is None or other.box[3] > above.box[3]):
            above = other
    return any(other is not None and _same_depth_numbers(other.text, row.text)
               and max(other.box[1] - box[3], box[1] - other.box[3]) <= row.size
               for other in (above, below))


def _numbered_entry(row: _Row, number: str) -> bool:
    """Whether `row`, starting with `number`, is a form's line: the number stands again
    alone at the row's right, the box its amount is entered in ("14 Multiply line 13 by
    2%" ... "14"), as a line level with it or as the last piece of its text set
    `ENTRY_GAP` font sizes or more after the rest. A section's title repeats no number of
    its own ("2 Absorbers at z > 2" ends in a word of its title)."""
    spans = [s for s in row.item.line.spans if s.text.strip()]
    if len(spans) > 2 and spans[-1].text.strip() == number and \
            spans[-1].bbox[0] - spans[-2].bbox[2] >= ENTRY_GAP * row.size:
        return True
    box = row.item.box
    return any(other.text.strip() == number and other.box[0] > box[2]
               and abs(other.box[3] - box[3]) <= BASELINE_SLACK * row.size
               for other in row.page_lines)


def _number_in_line_size(row: _Row) -> bool:
    """Whether the number starting `row` is set in its line's type size: a form's line
    number is, a manuscript's review line number in the margin is smaller (and numbers
    every line of a paragraph)."""
    first = next(s for s in row.item.line.spans if s.text.strip())
    return first.size >= 0.9 * row.size


def _numbered_after(group: list[_Row], lines: list[BBox], row: _Row) -> bool:
    """Whether `row` starts a numbered line like the one that starts the entry `group`
    ends (`lines`: its visual lines' boxes): a number of one depth
    (`_same_depth_numbers`), in its line's type size, where that line starts. That line is
    `group`'s last, or its first when every line after the first is hung under its text
    (a form's box "16 Schedule K-3 is attached if" over "checked", then "17 ..." at the
    number's edge; a numbered list's entries wrapped under their text)."""
    head = group[-1]
    if len(lines) > 1 and all(box[0] > lines[0][0] + 0.8 * row.size for box in lines[1:]):
        head = group[0]
    return (abs(row.item.box[0] - head.item.box[0]) <= row.size
            and _same_depth_numbers(head.text, row.text)
            and _number_in_line_size(head) and _number_in_line_size(row))


def _same_depth_numbers(a: str, b: str) -> bool:
    """Whether lines `a` and `b` both start with a section-like number of one depth."""
    first, second = _NUMBERED_TITLE.match(a), _NUMBERED_TITLE.match(b)
    return bool(first and second
                and first.group(1).count(".") == second.group(1).count("."))


def _hanging_term(row: _Row) -> bool:
    """Whether bold `row` is the term of a hanging paragraph (a man page's option, a
    glossary entry): its description starts `TERM_INDENT` font sizes further right, on
    the same baseline, or on the next line when the term itself is indented from the
    page's text edge (a section heading at that edge has its body indented under it too),
    and the line after that, when set close under it, is not plain text back at the
    term's edge (a paragraph's first-line indent). Items and code under a heading are
    indented too, and are not descriptions."""
    below = row.page_lines[row.at + 1:row.at + 3]
    if not below:
        return False
    first, box = below[0], row.item.box
    beside = abs(first.box[3] - box[3]) < 0.2 * row.size
    if (first.box[1] - box[3] > row.size or first.box[0] < box[0] + TERM_INDENT * row.size
            or _BULLET.match(first.text) or _NUMBERED.match(first.text)
            or is_code(first.line)):
        return False
    if not beside and box[0] < min(it.box[0] for it in row.page_lines) + row.size:
        return False
    if len(below) > 1 and below[1].box[1] - first.box[3] <= row.size and \
            abs(below[1].box[0] - box[0]) <= COLUMN_SLACK:
        return next(s.bold for s in below[1].line.spans if s.text.strip())  # the next term
    return True


def _code_goes_on(group: list[_Row], row: _Row) -> bool:
    """A monospace line goes on with the listing above it across blank lines (a listing's
    functions sit apart by two or more), unless it starts left of the listing's edge, and
    across a page break (at the top of the next page)."""
    prev = group[-1]
    if prev.page + 1 == row.page:
        return True
    left = min(r.item.box[0] for r in group)
    return _near(prev, row, CODE_BLANK_LINES) and row.item.box[0] >= left - 0.5 * row.size


def _near(prev: _Row, row: _Row, lines: float) -> bool:
    gap = row.item.box[1] - prev.item.box[3]
    return prev.page == row.page and -0.3 * row.size <= gap <= lines * row.size


def _starts_new(row: _Row, group: list[_Row], kind: str, st: Styles) -> bool:
    """True when `row` cannot continue the paragraph (or heading/list item) `group`."""
    if not group or kind in ("code", ""):
        return True
    prev = group[-1]
    if prev.page != row.page:
        return not _continues_across_pages(prev, row)
    if _LEADER.search(prev.text) or prev.item.line.contents or row.item.line.contents:
        return True  # one table-of-contents entry per line
    b = row.item.box
    if kind == "paragraph" and _same_line_after(prev, row):
        return False  # a justified line MuPDF cut at its widest word gaps, a field's value
    lines = _line_boxes(group)
    a = lines[-1]
    gap = (b[1] - a[3]) / max(row.size, 1.0)
    ocr = row.item.line.source == "ocr"  # word-box sizes vary: looser bounds
    max_gap = max(st.line_gap + 0.3, 1.0) if ocr else st.line_gap + 0.3
    if gap < -0.3 or gap > max_gap or abs(prev.size - row.size) > (0.3 if ocr else 0.1) * row.size:
        return True
    if b[0] >= a[2] or a[0] >= b[2]:  # no horizontal overlap: another column
        return True
    if _numbered_after(group, lines, row):
        return True  # a form's numbered lines, a list's entries: one block each
    if prev.bold != row.bold and kind == "heading":
        return True
    # Right-to-left lines, and left-to-right ones of a right-to-left paragraph, start at
    # their right edge.
    sign = -1.0 if row.item.rtl or row.item.line.rtl_paragraph else 1.0
    starts = [sign * (box[2] if sign < 0 else box[0]) for box in lines]
    ends = [sign * (box[0] if sign < 0 else box[2]) for box in lines]
    start = sign * (b[2] if sign < 0 else b[0])
    if len(lines) >= 2 and kind == "paragraph":
        if _hanging(starts, start, row.size):
            if abs(start - starts[1]) > 0.8 * row.size:
                return True  # out of the hanging indent: the next entry
        elif start > min(starts) + 0.8 * row.size:
            return True  # first-line indent of the next paragraph
    end = sign * (b[0] if sign < 0 else b[2])
    if not _SENTENCE_END.search(prev.text) or (kind == "heading" and prev.text.endswith(":")):
        return False  # a title broken after its colon goes on ("Sample Title:" / "with ...")
    return ends[-1] < max(*ends, end) - 3 * row.size or (
        kind == "paragraph" and _first_word_fits(prev, row, sign < 0, st))


def _hanging(starts: list[float], start: float, size: float) -> bool:
    """Whether the lines of a paragraph starting at `starts` (and the next, at `start`)
    are set with a hanging indent, as a bibliography's entries are: every line after the
    first starting together, further in than the first, two or more of them (with the
    next line; two lines alone may be ragged, as centred or right-aligned ones are)."""
    indented = starts[1:] if len(starts) >= 3 else [*starts[1:], start]
    return (max(indented) - min(indented) <= COLUMN_SLACK
            and starts[1] > starts[0] + 0.8 * size)


def _hand_broken(group: list[_Row]) -> list[list[_Row]]:
    """The rows of paragraph `group` in runs between the line breaks set by hand
    (`_broken_short`), and between the lines of a field list (`_field_after`): a
    signature block's "By:", "Name:" and "Title:", a table of settings."""
    lines = [group[:1]]
    start = 0  # where in `group` the visual line the last row is on starts
    for k, (prev, row) in enumerate(zip(group, group[1:], strict=False), start=1):
        if prev.page == row.page and _same_line_after(prev, row):
            lines[-1].append(row)
            continue
        if prev.page == row.page and (_broken_short(prev, row)
                                      or _field_after(group[start:k], row)):
            lines.append([row])
        else:
            lines[-1].append(row)
        start = k
    return lines


def _field_after(line: list[_Row], row: _Row) -> bool:
    """Whether visual `line` (its pieces) and `row`, the next line, are lines of a field
    list: both start with a label and its colon (`_FIELD_LABEL`), and `line` is a table's
    row (its label a piece apart from its value), or either has a field set beside it
    (`_field_beside`: a form's fields in two columns, "Supervisor: ..." level with "Date:
    ..."), or `line` holds under `WRAPPED_MIN_WORDS` words, no measure of prose, splitting
    no word at its end, and `row`'s label in lower case follows the end of a sentence. A
    paragraph opening with a run-in label ("Note: ...") fills its measure, a line of prose
    starting with a word and a colon ("correctly:") follows a line that does not start
    so, and a narrow column's sentence runs on into a line starting "carried out:"."""
    text = " ".join(r.text for r in line)
    if not (_FIELD_LABEL.match(text) and _FIELD_LABEL.match(row.text)):
        return False
    if (_label_alone(line[0].text) and len(line) > 1) or any(
            _field_beside(r) for r in (line[0], row)):
        return True  # a table of fields: the label set apart from its value, or fields beside
    return (len(text.split()) < WRAPPED_MIN_WORDS and not text.endswith(("-", "\u2010"))
            and (not row.text[:1].islower() or bool(_SENTENCE_END.search(text))))


def _field_beside(row: _Row) -> bool:
    """Whether another field's line (its label and colon, `_FIELD_LABEL`, and under
    `WRAPPED_MIN_WORDS` words) stands on `row`'s baseline, apart from it: the rows of a
    form's fields set in two columns, each a line of its own however long its value. A
    line of prose in the next column of a paper fills its measure."""
    box, size = row.item.box, row.size
    return any(it is not row.item and abs(it.box[3] - box[3]) < 0.2 * size
               and (it.box[0] >= box[2] or it.box[2] <= box[0])
               and _FIELD_LABEL.match(it.text) is not None
               and len(it.text.split()) < WRAPPED_MIN_WORDS for it in row.page_lines)


def _broken_short(prev: _Row, row: _Row) -> bool:
    """Whether line `prev` was broken by hand before `row`: both are short (under
    `SHORT_LINE` of their column's measure; `prev` under `WRAPPED_MIN_WORDS` words, no
    measure of prose) and the first word of `row` would have fitted on `prev`'s line
    with room to spare, nothing being set beside them (an address block, a signature, a
    title page's centred lines: lines, not a paragraph; lines beside a table or an image
    are a narrow column of their own). The column's edges are those `EDGE_LINES` lines
    of the page reach (`_common_edge`) of the lines starting, ending or centred where
    `prev` is (left-, right-aligned or centred lines). Prose wraps only when the next
    word does not fit, and justified lines fill the measure (a line ending where another
    of its run does, `_column_run`, is justified, in however narrow a box); a word split
    at a line end was wrapped too. A line without a word (a menu's "|") is no line of its
    own."""
    size, a, b = row.size, prev.item.box, row.item.box
    if (len(prev.text.split()) >= WRAPPED_MIN_WORDS or _hyphen_break(prev.text, row.text)
            or not (_WORD.search(prev.text) and _WORD.search(row.text))
            or any(it is not prev.item and abs(it.box[2] - a[2]) <= COLUMN_SLACK
                   for it in _column_run(prev, False))):
        return False
    column = [it.box for it in row.page_lines
              if min(abs(it.box[0] - a[0]), abs(it.box[2] - a[2]),
                     abs(it.box[0] + it.box[2] - a[0] - a[2]) / 2) <= COLUMN_SLACK]
    left = -_common_edge([-box[0] for box in column], size)
    right = _common_edge([box[2] for box in column], size)
    measure = right - left
    if max(a[2] - a[0], b[2] - b[0]) > SHORT_LINE * measure or (
            a[2] - a[0] + first_word_width(b, row.text) + WORD_ROOM_SLACK * size > measure):
        return False
    return not any(_beside(it.box, line, left, right) for it in row.page_items
                   for line in (a, b))


def _common_edge(ends: list[float], size: float) -> float:
    """The furthest end that `EDGE_LINES` of `ends` reach (end within `EDGE_REACH` font
    sizes short of it); the furthest of all when fewer are given. Lines of a column end
    at its edge or a word short of it; a title set across the page over two columns ends
    further, in a line or two."""
    ends = sorted(ends, reverse=True)
    return next((e for e in ends if sum(e - EDGE_REACH * size <= x <= e for x in ends)
                 >= EDGE_LINES), ends[0])


def _beside(box: BBox, line: BBox, left: float, right: float) -> bool:
    """Whether `box` is set beside `line` (the two apart, one's middle within the other's
    height), between `left` and `right`."""
    return ((line[1] < (box[1] + box[3]) / 2 < line[3] or box[1] < (line[1] + line[3]) / 2 < box[3])
            and (box[0] >= line[2] or box[2] <= line[0]) and box[0] < right and box[2] > left)


def _line_boxes(group: list[_Row]) -> list[BBox]:
    """The boxes of the visual lines of `group`: pieces of one line (`_same_line_after`)
    united."""
    boxes: list[BBox] = []
    for k, r in enumerate(group):
        if k and _same_line_after(group[k - 1], r):
            x0, y0, x1, y1 = boxes[-1]
            boxes[-1] = (x0, min(y0, r.item.box[1]), max(x1, r.item.box[2]),
                         max(y1, r.item.box[3]))
        else:
            boxes.append(r.item.box)
    return boxes


def _same_line_after(prev: _Row, row: _Row) -> bool:
    """Whether `row` goes on `prev`'s line: one baseline, one size, `row` starting right
    after `prev` ends, less than `SAME_LINE_GAP` font sizes on, or `FIELD_VALUE_GAP` after
    a field's label alone (`_FIELD_LABEL`; its value set in a column of values: "Font:"
    ... "HM XKayhan", no label of its own: "Greek:" beside "Cyrillic:"). Reading order
    puts pieces of one column's line next to each other (a column gutter keeps them
    apart, and a grid is read row by row); a narrow justified column stretches its word
    gaps (a bibliography's URLs and names) past the gap under which MuPDF and the layout
    join fragments."""
    a, b, size = prev.item.box, row.item.box, row.size
    if not (abs(b[3] - a[3]) < 0.2 * size and abs(prev.size - size) <= 0.1 * size
            and b[0] >= a[2]):
        return False
    gap = b[0] - a[2]
    return gap < SAME_LINE_GAP * size or (
        gap < FIELD_VALUE_GAP * size and (prev.bold or not row.bold)  # no title after it
        and _field_value(prev.item, row.item, prev.page_lines))


def _field_value(label: Item, value: Item, lines: list[Item]) -> bool:
    """Whether line `value`, on `label`'s baseline after it, is the value of the field
    `label` names: `label` is a label alone (`_label_alone`), `value` none, and another
    label alone of the page's `lines` on the row over or under it starts where `label`
    does with a line starting where `value` does on its baseline: a table of fields, its
    labels in one column, their values in the next. A label ending a line beside the next
    column's lines ("AO:" in a change history) has no such neighbour row."""
    if not _label_alone(label.text) or _FIELD_LABEL.match(value.text):
        return False
    near = [it for it in lines if it is not label and it is not value  # rows next to it
            and abs(it.box[3] - label.box[3]) <= 2 * label.size]
    return any(abs(other.box[0] - label.box[0]) <= COLUMN_SLACK and _label_alone(other.text)
               and any(abs(it.box[0] - value.box[0]) <= COLUMN_SLACK
                       and abs(it.box[3] - other.box[3]) < 0.2 * it.size for it in near)
               for other in near)


def _label_alone(text: str) -> bool:
    """Whether `text` is a field's label and its colon and nothing more ("Font Scale:")."""
    label = _FIELD_LABEL.match(text)
    return label is not None and label.end() >= len(text.rstrip())


def _first_word_fits(prev: _Row, row: _Row, rtl: bool, st: Styles) -> bool:
    """True when the first word of `row` (its width read from its share of the line's
    characters) and `WORD_ROOM_SLACK` font sizes fit between the end of `prev` and its
    column's edge (`_column_end`; right to left, the left edge): a line that wrapped had
    no room for the next word, so `prev` ended its paragraph there."""
    word = first_word_width(row.item.box, row.text)
    a = prev.item.box
    room = a[0] - _column_end(prev, rtl, st) if rtl else _column_end(prev, rtl, st) - a[2]
    return room >= word + WORD_ROOM_SLACK * row.size


def _column_end(row: _Row, rtl: bool, st: Styles) -> float:
    """Where the lines of the column `row` is set in end (right to left: their left edge):
    the far end of the widest line of its run (`_column_run`). When every line of the run
    ends a sentence (none wrapped, so none shows the column's measure: one-line
    paragraphs) and nothing on the page is set beside the run, at least the page's text
    margin on its start side mirrored (pages have even side margins)."""
    run = _column_run(row, rtl)
    box = row.item.box
    edge = min(it.box[0] for it in run) if rtl else max(it.box[2] for it in run)
    width = st.page_widths.get(row.page)
    if width is None or not all(_SENTENCE_END.search(it.text) for it in run):
        return edge
    top, bottom = min(it.box[1] for it in run), max(it.box[3] for it in run)
    if any(it.box[3] > top and it.box[1] < bottom
           and (it.box[2] <= box[0] if rtl else it.box[0] >= box[2]) for it in row.page_lines):
        return edge
    if rtl:
        return min(edge, width - max(it.box[2] for it in row.page_lines))
    return max(edge, width - min(it.box[0] for it in row.page_lines))


def _column_run(row: _Row, rtl: bool) -> list[Item]:
    """The lines read before and after `row` on its page, one under the next at most a
    font size apart (no paragraph spacing), of its size and starting where it starts
    (right to left: at its right edge), with it: the lines of its column there."""
    lines, size = row.page_lines, row.size
    side = 2 if rtl else 0
    at = row.at
    run = [row.item]
    for step in (-1, 1):
        last, k = row.item, at + step
        while 0 <= k < len(lines):
            it = lines[k]
            gap = last.box[1] - it.box[3] if step < 0 else it.box[1] - last.box[3]
            if (abs(it.box[side] - last.box[side]) > COLUMN_SLACK or abs(it.size - size) > 0.5
                    or not -0.3 * size <= gap <= size):
                break
            run.append(it)
            last, k = it, k + step
    return run


def _continues_across_pages(prev: _Row, row: _Row) -> bool:
    return (abs(prev.size - row.size) < 0.5 and not _SENTENCE_END.search(prev.text)
            and row.text[:1].islower())


def _flush(blocks: list[Block], kind: str, group: list[_Row], st: Styles,
           markers: list[float], notes: dict[int, str]) -> None:
    if kind != "list_item":
        markers.clear()
    if not group:
        return
    page = group[0].page
    if kind == "footnote":
        runs = _flow(group, st)
        blocks.append(Block(kind="footnote", markdown=footnote_definition(
            notes[id(group[0].item)], _markdown(runs)), text=_plain(runs), tag="p", page=page))
        return
    if kind == "code":
        text = _code_text(group)
        blocks.append(Block(kind="code", markdown=fence(text, ""), text=text, tag="pre",
                            page=page))
        return
    if kind == "heading":
        level = _heading_level(group[0], st) or st.bold_level
        text = _plain(_flow(group, st))
        blocks.append(Block(kind="heading", markdown=f"{'#' * level} {escape(text)}", text=text,
                            tag=f"h{level}", heading_level=level, page=page))
        return
    lines = _hand_broken(group) if kind == "paragraph" else [group]
    if len(lines) > 1:  # lines broken by hand: hard breaks
        flowed = [_flow(line, st) for line in lines]
        blocks.append(Block(kind="paragraph", markdown="\\\n".join(
            escape_line_start(_markdown(runs)) for runs in flowed),
            text="\n".join(_plain(runs) for runs in flowed), tag="p", page=page))
        return
    runs = _flow(group, st)
    if kind == "list_item":  # its number read before its leader dots are rewritten
        blocks.append(_list_item(runs, group, markers, page))
        return
    runs = _with_leaders(runs, group)
    blocks.append(Block(kind="paragraph", markdown=escape_line_start(_markdown(runs)),
                        text=_plain(runs), tag="p", page=page))


# A PDF has no list containers: consecutive list items are one list, nested by indent.
PDF_LIST = (1,)


def _with_leaders(runs: list[Span], group: list[_Row]) -> list[Span]:
    """`runs` of a one-line `group` ending in leader dots with the dots written as three
    (a contents line's); other runs as they are. Run after a list item's number is cut
    off: the dots may begin right after it ("17. ...:"), and would take its period."""
    if len(group) == 1 and _LEADER.search(group[0].text):
        return [_with_text(r, _DOT_RUN.sub(" ... ", r.text)) for r in _leaders_joined(runs)]
    return runs


def _leaders_joined(runs: list[Span]) -> list[Span]:
    """`runs` with neighbours of nothing but dots and spaces joined into one: TeX sets
    every leader dot on its own, and MuPDF makes each a span."""
    out: list[Span] = []
    for run in runs:
        if out and _DOTS_AND_SPACES.fullmatch(run.text) and \
                _DOTS_AND_SPACES.fullmatch(out[-1].text):
            out[-1] = _with_text(out[-1], out[-1].text + run.text)
        else:
            out.append(run)
    return out


def _list_item(runs: list[Span], group: list[_Row], markers: list[float], page: int) -> Block:
    text = _plain(runs)
    bullet = _BULLET.match(text)
    if bullet:
        marker, cut = "-", bullet.end()
    else:
        num = _NUMBERED.match(text)
        label, punct = num.group(1), num.group(2)
        marker = f"{label}." if label.isdigit() else f"- {label}{punct}"
        cut = num.end()
    runs = _with_leaders(_drop_prefix(runs, cut), group)
    depth = _list_depth(group[0], markers)
    pad = "   " * depth if marker[0].isdigit() else "  " * depth
    return Block(kind="list_item", markdown=f"{pad}{marker} {escape_line_start(_markdown(runs))}",
                 text=_plain(runs), tag="li", page=page, lists=PDF_LIST)


def _list_depth(row: _Row, markers: list[float]) -> int:
    """Nesting depth from the marker's x against the open list levels (updated)."""
    x = row.item.box[0]
    step = 0.8 * row.size
    while markers and x < markers[-1] - step:
        markers.pop()
    if not markers or x > markers[-1] + step:
        markers.append(x)
    else:
        markers[-1] = x
    return len(markers) - 1


def _drop_prefix(runs: list[Span], count: int) -> list[Span]:
    out = []
    for run in runs:
        if count >= len(run.text):
            count -= len(run.text)
            continue
        out.append(_with_text(run, run.text[count:]))
        count = 0
    return out


def _code_text(group: list[_Row]) -> str:
    widths = [(s.bbox[2] - s.bbox[0]) / len(s.text) for r in group for s in r.item.line.spans
              if len(s.text) >= 4]
    char_w = statistics.median(widths) if widths else 0.6 * group[0].size
    left: dict[int, float] = {}  # page -> the listing's edge there (facing pages' margins differ)
    for r in group:
        left[r.page] = min(left.get(r.page, r.item.box[0]), r.item.box[0])
    steps = [b.item.box[1] - a.item.box[1] for a, b in zip(group, group[1:], strict=False)
             if a.page == b.page and 0 < b.item.box[1] - a.item.box[1] < 1.6 * b.size]
    pitch = statistics.median(steps) if steps else 1.2 * group[0].size
    lines: list[str] = []
    for i, r in enumerate(group):
        prev = group[i - 1]
        if i and prev.page == r.page:  # blank lines kept: as many as the gap holds
            lines += [""] * max(0, round((r.item.box[1] - prev.item.box[1]) / pitch) - 1)
        pad = max(0, round((r.item.box[0] - left[r.page]) / max(char_w, 1.0)))
        lines.append(" " * pad + r.item.line.text.rstrip())
    return "\n".join(lines).replace("```", "`\u200b``")


def _flow(group: list[_Row], st: Styles) -> list[Span]:
    """The spans of `group` re-flowed into one run of text (line breaks joined; the
    document's words and whether it hyphenates tell a split word from a compound's
    hyphen)."""
    runs: list[Span] = []
    for row in group:
        spans = [s for s in row.item.line.spans if s.text]
        if not spans:
            continue
        if runs:
            _join_line(runs, spans[0], st)
        runs.extend(spans)
    if runs:
        runs[0] = _with_text(runs[0], runs[0].text.lstrip())
        runs[-1] = _with_text(runs[-1], runs[-1].text.rstrip())
    return runs


def _join_line(runs: list[Span], nxt: Span, st: Styles) -> None:
    last = runs[-1]
    head = last.text.rstrip()
    tail = nxt.text.lstrip()
    if head.endswith("\u00ad"):
        runs[-1] = _with_text(last, head[:-1])
    elif _hyphen_break(head, tail) and _split_word(_word_before(runs), tail, st):
        runs[-1] = _with_text(last, head[:-1])
    elif head.endswith(("-", "\u2010", "/")) or (_CJK.match(head[-1:]) and _CJK.match(tail[:1])):
        runs[-1] = _with_text(last, head)
    else:
        runs[-1] = _with_text(last, head + " ")


def _split_word(before: str, tail: str, st: Styles) -> bool:
    """True when "before-" at a line end and `tail` on the next line are one word split
    by hyphenation, not a compound ("data-driven") whose hyphen stays. The document's
    own words decide first (`_seen_split`); without them, only a document that
    hyphenates (`document_hyphenates`) splits words, and then not where both halves are
    words elsewhere (the tail counted once for this line). Engines that never hyphenate
    (browsers, word processors by default) break lines only at real hyphens: "machine-"
    and "readable" are no split word although neither is written elsewhere."""
    head = before.casefold()
    if head in _KEEP_HYPHEN:
        return False
    rest = _first_word(tail)
    seen = _seen_split(head, rest, st.words)
    if seen is not None:
        return seen
    return st.hyphenates and not (st.words[head] >= 1 and st.words[rest] >= 2)


def _first_word(tail: str) -> str:
    after = _WORD.match(tail.casefold())
    return after.group(0).rstrip("-\u2010") if after else ""


def _seen_split(head: str, rest: str, words: Counter[str]) -> bool | None:
    """Whether case-folded "head-" at a line end and `rest` on the next are one word, by
    the document's `words`: the compound written whole elsewhere keeps the hyphen
    (False), the word written whole joins (True); None when neither is written."""
    if words[f"{head}-{rest}"]:
        return False
    if words[head + rest]:
        return True
    return None


def document_words(pages: list[list[Item]]) -> Counter[str]:
    """Case-folded words of every line, compounds whole ("data-driven"); a word cut by a
    hyphen at a line end is not counted."""
    words: Counter[str] = Counter()
    for items in pages:
        for it in items:
            if it.line is not None:
                words.update(w for w in _WORD.findall(it.line.text.casefold())
                             if not w.endswith(("-", "\u2010")))
    return words


def document_hyphenates(pages: list[list[Item]], words: Counter[str]) -> bool:
    """True when the document splits words at line ends: a line ends in "head-", the
    next starts with `rest` and "headrest" is written whole elsewhere (`_seen_split`);
    or, where no split word is written whole (a short report), lines end at a hyphen
    too often for compounds alone: at least `HYPHEN_BREAKS_MIN` times and on at least
    `HYPHEN_BREAK_SHARE` of the lines whose sentence runs on in lower case. A line
    breaks at a compound's hyphen only when the word it cannot fit is a compound (one
    line in a hundred of prose, under one in twenty-five in printed web pages); an
    engine that hyphenates splits a long word on one line in ten or more."""
    breaks = runs_on = 0
    for items in pages:
        lines = [it.line.text for it in items if it.line is not None]
        for above, below in zip(lines, lines[1:], strict=False):
            end, start = above.rstrip(), below.lstrip()
            runs_on += start[:1].islower()
            if not _hyphen_break(end, start):
                continue
            head = _last_word(end[:-1]).casefold()
            if head in _KEEP_HYPHEN:
                continue
            if _seen_split(head, _first_word(start), words):
                return True
            breaks += 1
    return breaks >= HYPHEN_BREAKS_MIN and breaks >= HYPHEN_BREAK_SHARE * runs_on


def _hyphen_break(end: str, start: str) -> bool:
    """True when a line ending in `end` (right-stripped) breaks at a hyphen after a letter
    and the next line, starting `start` (left-stripped), goes on in lower case: a word
    split by hyphenation or a compound broken at its hyphen (`_split_word` tells)."""
    return len(end) >= 2 and end[-1] in "-\u2010" and end[-2].isalpha() and start[:1].islower()


def _word_before(runs: list[Span]) -> str:
    return _last_word("".join(r.text for r in runs[-3:]).rstrip()[:-1])


def _last_word(text: str) -> str:
    return re.split(r"[^\w]", text)[-1] if text else ""


def _with_text(span: Span, text: str) -> Span:
    # By hand, not dataclasses.replace: this runs for every line joined (2.2 us -> 0.5 us).
    return Span(text=text, bbox=span.bbox, size=span.size, bold=span.bold, italic=span.italic,
                mono=span.mono, font=span.font, link=span.link, note=span.note)


def _plain(runs: list[Span]) -> str:
    return " ".join("".join(r.text for r in runs).split())


def _markdown(runs: list[Span]) -> str:
    """Inline Markdown: **bold**, *italic*, `code`, [links](uri), styles merged per run;
    text that Markdown would read as syntax is escaped."""
    merged: list[list] = []
    for r in runs:
        style = (r.bold, r.italic, r.mono and not r.text.isspace(), r.link, r.note)
        if merged and r.note is None and (merged[-1][0] == style or not r.text.strip()):
            merged[-1][1] += r.text
        else:
            merged.append([style, r.text])
    if all(m[0][0] for m in merged if m[1].strip()):  # all bold: emphasis adds nothing
        merged = [[(False, *m[0][1:]), m[1]] for m in merged]
    out = []
    for (bold, italic, mono, link, note), text in merged:
        core = text.strip()
        lead = text[: len(text) - len(text.lstrip())]
        trail = text[len(text.rstrip()):]
        if note is not None:
            out.append(lead + footnote_ref(note) + trail)
            continue
        if not core:
            out.append(text)
            continue
        core = code_span(core) if mono else escape(core)
        if italic:
            core = f"*{core}*"
        if bold:
            core = f"**{core}**"
        if link:
            core = f"[{core}]({link})"
        out.append(lead + core + trail)
    return " ".join("".join(out).split())


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())
