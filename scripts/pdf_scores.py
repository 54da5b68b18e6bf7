"""Scores for converter output against a reference text: CER, word F1, heading and row recall.

Both sides are compared as plain text: Markdown markup stripped (headings, emphasis,
links, images, fences, table pipes, list and quote markers), Unicode NFKC (so Arabic
presentation forms equal their letters), whitespace collapsed.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
# A GFM footnote reference or definition label is its number as printed ("farms.1").
_NOTE_LABEL = re.compile(r"\[\^([^\]\s]+)\]:?")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_HTML_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_FENCE = re.compile(r"^\s*(```|~~~).*$", re.M)
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+", re.M)
_QUOTE = re.compile(r"^\s*(>\s?)+", re.M)
_LIST = re.compile(r"^\s*([-*+\u2022\u00b7\u25aa\u25e6]|\d{1,3}[.)])\s+", re.M)
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$", re.M)
_EMPHASIS = re.compile(r"(\*\*|__|\*|`)")
_UNDERSCORE_EMPH = re.compile(r"(?<!\w)_(\S[^_]*?)_(?!\w)")
_RULE = re.compile(r"^\s*([-*_]\s*){3,}$", re.M)
_SPACE = re.compile(r"\s+")
_WORD = re.compile(r"\w+")
# A backslash-escaped punctuation character is that character as text, not syntax: it is
# parked in the private-use area while the syntax is stripped, then put back. Put back as
# a plain tool's text has it after the stripping: `*` and `` ` `` are dropped and `|`
# is a space wherever they stand there, so an escaped one counts the same.
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")
# A backslash ending a line is a hard line break (CommonMark), no text.
_HARD_BREAK = re.compile(r"(?<!\\)\\\n")
_PARK = 0xE000
# A run of three or more underscores inside a line is a form's blank, not emphasis: a
# reference's plain `____` and Webfold's escaped `\_\_\_\_` are the same text.
_BLANK = re.compile(r"_{3,}")
_UNPARK = {_PARK + c: chr(c) for c in range(33, 127)} | {
    _PARK + ord("*"): "", _PARK + ord("`"): "", _PARK + ord("|"): " "}
_CELL_SPLIT = re.compile(r"(?<!\\)\|")


def plain_text(markdown: str) -> str:
    """Markdown (or plain text) -> normalised plain text, whitespace collapsed."""
    text = _HARD_BREAK.sub("\n", markdown)
    text = _ESCAPED.sub(lambda m: chr(_PARK + ord(m.group(1))), text)
    text = unicodedata.normalize("NFKC", text)
    text = _NOTE_LABEL.sub(r"\1", text)
    text = _IMAGE.sub(" ", text)
    text = _LINK.sub(r"\1", text)
    text = _HTML_TAG.sub(" ", text)
    text = _FENCE.sub(" ", text)
    text = _TABLE_RULE.sub(" ", text)
    text = _RULE.sub(" ", text)
    text = _BLANK.sub(lambda m: chr(_PARK + ord("_")) * len(m.group()), text)
    text = _HEADING.sub("", text)
    text = _QUOTE.sub("", text)
    text = _LIST.sub("", text)
    text = text.replace("|", " ")
    text = _EMPHASIS.sub("", text)
    text = _UNDERSCORE_EMPH.sub(r"\1", text)
    return _SPACE.sub(" ", text.translate(_UNPARK)).strip()


def levenshtein(a: str, b: str) -> int:
    """Edit distance (insert, delete, substitute), bit-parallel (Hyyrö): O(len(a) * len(b)/w)."""
    if len(a) < len(b):
        a, b = b, a
    m = len(b)
    if m == 0:
        return len(a)
    peq: dict[str, int] = {}
    for i, ch in enumerate(b):
        peq[ch] = peq.get(ch, 0) | (1 << i)
    full = (1 << m) - 1
    top = 1 << (m - 1)
    pv, mv, score = full, 0, m
    for ch in a:
        eq = peq.get(ch, 0)
        xv = eq | mv
        xh = (((eq & pv) + pv) ^ pv) | eq
        ph = mv | (~(xh | pv) & full)
        mh = pv & xh
        if ph & top:
            score += 1
        elif mh & top:
            score -= 1
        ph = ((ph << 1) | 1) & full
        mh = (mh << 1) & full
        pv = mh | (~(xv | ph) & full)
        mv = ph & xv
    return score


def cer(reference: str, hypothesis: str) -> float:
    """Character error rate of `hypothesis` against `reference`, both normalised first.

    Edit distance divided by the reference length; 0.0 is perfect and values above 1.0
    are possible (much extra text). An empty reference scores 0.0 only for empty output.
    """
    ref, hyp = plain_text(reference), plain_text(hypothesis)
    if not ref:
        return 0.0 if not hyp else 1.0
    return levenshtein(ref, hyp) / len(ref)


def word_f1(reference: str, hypothesis: str) -> float:
    """F1 of the word multisets (case-folded, order ignored) of the normalised texts."""
    ref = Counter(_WORD.findall(plain_text(reference).casefold()))
    hyp = Counter(_WORD.findall(plain_text(hypothesis).casefold()))
    overlap = sum((ref & hyp).values())
    if not overlap:
        return 1.0 if not ref and not hyp else 0.0
    precision = overlap / sum(hyp.values())
    recall = overlap / sum(ref.values())
    return 2 * precision * recall / (precision + recall)


def markdown_headings(markdown: str) -> list[str]:
    """The text of every ATX heading (`# ...`) in `markdown`, normalised."""
    return [plain_text(m) for m in re.findall(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$", markdown, re.M)]


def heading_recall(expected: list[str], markdown: str) -> float | None:
    """Share of expected headings that appear as Markdown headings (None if none expected).

    Compared case- and space-insensitively: this scores finding the heading, not its
    spacing ("و Python" in a reference, "وPython" in the PDF's text layer).
    """
    if not expected:
        return None
    found = {_spaceless(h) for h in markdown_headings(markdown)}
    return sum(1 for h in expected if _spaceless(h) in found) / len(expected)


def markdown_table_rows(markdown: str) -> list[list[str]]:
    """The cells of every pipe-table row in `markdown` (separator rows skipped)."""
    rows = []
    for line in markdown.splitlines():
        line = line.strip()
        if not line.startswith("|") or _TABLE_RULE.match(line):
            continue
        rows.append([plain_text(cell) for cell in _CELL_SPLIT.split(_inner(line))])
    return rows


def _inner(row: str) -> str:
    """A pipe-table row without its outer pipes, one each side: `|a||` has an empty
    last cell (stripping every pipe would lose it)."""
    row = row[1:] if row.startswith("|") else row
    return row[:-1] if row.endswith("|") and not row.endswith("\\|") else row


def table_row_recall(expected: list[list[str]], markdown: str) -> float | None:
    """Share of expected table rows found as pipe-table rows (None if none expected).

    Rows are given with merged cells expanded; an output row also matches when a merged
    cell's repeats are left empty (a cell equal to the one above or to its left).
    """
    if not expected:
        return None
    got = markdown_table_rows(markdown)
    found = 0
    for i, row in enumerate(expected):
        above = expected[i - 1] if i else None
        if any(_row_matches(row, above, candidate) for candidate in got):
            found += 1
    return found / len(expected)


def _row_matches(row: list[str], above: list[str] | None, got: list[str]) -> bool:
    if len(got) != len(row):
        return False
    for c, (want, have) in enumerate(zip(row, got, strict=True)):
        if _key(want) == _key(have):
            continue
        merged = (above is not None and c < len(above) and above[c] == want) or (
            c > 0 and row[c - 1] == want)
        if have.strip() or not merged:
            return False
    return True


def _key(text: str) -> str:
    return plain_text(text).casefold()


def _spaceless(text: str) -> str:
    return "".join(_key(text).split())


def markdown_tables(markdown: str) -> list[list[list[str]]]:
    """Every pipe table in `markdown` as rows of normalised cells (separator rows skipped)."""
    tables: list[list[list[str]]] = []
    current: list[list[str]] = []
    for line in markdown.splitlines() + [""]:
        stripped = line.strip()
        if stripped.startswith("|"):
            if not _TABLE_RULE.match(stripped):
                current.append([plain_text(c) for c in _CELL_SPLIT.split(_inner(stripped))])
            continue
        if current:
            tables.append(current)
            current = []
    return tables


def table_scores(expected: list[list[str]],
                 tables: list[list[list[str]]]) -> tuple[float, float, float]:
    """(cell recall, row recall, column count right) of one expected table against the
    output table sharing most cells with it; (0, 0, 0) when there is none.

    Cells are compared normalised and case-folded, as multisets; a merged cell's repeat
    (a cell equal to the one above or to its left) is found when the output leaves it
    empty, as a row is in `table_row_recall`, so a spanning label written once counts as
    whole; the column count is right when the matched table's widest row has as many
    cells as the expected table's.
    """
    want = Counter(_key(c) for row in expected for c in row if _key(c))
    repeats = Counter(_key(c) for i, row in enumerate(expected) for k, c in enumerate(row)
                      if _key(c) and ((k and row[k - 1] == c) or (
                          i and k < len(expected[i - 1]) and expected[i - 1][k] == c)))
    best, best_overlap = None, 0
    for table in tables:
        got = Counter(_key(c) for row in table for c in row if _key(c))
        empty = sum(1 for row in table for c in row if not _key(c))
        left_empty = sum(((want - got) & repeats).values())
        overlap = sum((want & got).values()) + min(left_empty, empty)
        if overlap > best_overlap:
            best, best_overlap = table, overlap
    if best is None or not want:
        return 0.0, 0.0, 0.0
    found = sum(1 for i, row in enumerate(expected)
                if any(_row_matches(row, expected[i - 1] if i else None, got) for got in best))
    columns = max(len(r) for r in best) == max(len(r) for r in expected)
    return best_overlap / sum(want.values()), found / len(expected), float(columns)
