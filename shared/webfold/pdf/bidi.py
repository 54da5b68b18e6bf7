"""Right-to-left text from the order of its glyphs on the page to logical order.

MuPDF reads a right-to-left line in logical order as long as it holds one direction;
where Latin words or numbers sit inside it, it cuts the line into pieces and leaves
the spaces and punctuation at the joins on the wrong side ("دستگاهRG-200",
".المکتب"). PyMuPDF's table finder orders a cell's characters left to right on the
page. Both are mended by reading the glyphs left to right and turning that visual
order into logical order, as a right-to-left paragraph is laid out: runs of Latin
letters and numbers read left to right, everything else right to left.
"""

from __future__ import annotations

import re
import unicodedata

_LTR = "A-Za-z0-9\u00c0-\u024f\u0660-\u0669\u06f0-\u06f9"
# Latin letters and numbers, with the separators inside them ("RG-200", "2025-03-11",
# "info@valley.example", "Liberation Serif") and the signs that go with a number
# ("10%", "$5"), read left to right even inside right-to-left text; every other run is
# reversed. Arabic-Indic and Persian digits run left to right as well.
_LTR_RUN = re.compile(f"[$€£#+]?[{_LTR}]+(?:[\\s.,:/@_&+-]+[{_LTR}]+)*[%‰°]?|[^{_LTR}]+")
_LTR_RUN_START = re.compile(f"[$€£#+]?[{_LTR}]")
_MARKS = "\u064b-\u065f\u0670\u06d6-\u06ed\u0591-\u05c7"
_MARK_BEFORE_BASE = re.compile(f"([{_MARKS}]+)([^{_MARKS}\\s])")
RTL_LETTER = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")
_SHAPED = re.compile(r"[\ufb50-\ufdff\ufe70-\ufefe]")


def is_one_rtl_run(text: str) -> bool:
    """Whether `text` is right-to-left letters and neutrals alone: no Latin letter and no
    number (a run read left to right inside it), so one run in one direction."""
    return RTL_LETTER.search(text) is not None and _LTR_RUN_START.search(text) is None


def visual_to_logical(text: str) -> str:
    """A right-to-left `text` read left to right on the page in logical order: the runs
    reversed, the letters of the right-to-left runs too; Latin and number runs keep
    their order, combining marks stay after their letter; Arabic presentation forms
    (shaped glyphs) become their letters, as in MuPDF's own lines."""
    runs = [m.group(0) for m in _LTR_RUN.finditer(text)]
    out = []
    for run in reversed(runs):
        if _LTR_RUN_START.match(run):
            out.append(run)
        else:
            out.append(_MARK_BEFORE_BASE.sub(r"\2\1", run[::-1]))
    logical = "".join(out).strip()
    return _SHAPED.sub(lambda m: unicodedata.normalize("NFKC", m.group(0)), logical)


# Brackets a right-to-left line draws mirrored (Unicode's Bidi_Mirrored pairs in text).
_MIRRORED = str.maketrans("()[]{}«»", ")(][}{»«")
_OPENERS, _CLOSERS = "([{«", ")]}»"


def mirrored_brackets(texts: list[str]) -> bool:
    """Whether the brackets of right-to-left `texts` (a page's lines) read turned:
    XeTeX and LuaTeX draw an opening bracket of a right-to-left run with the glyph of
    the closing one and map it to what it looks like, ")مثال(", while Chromium and
    LibreOffice map it to the character written. Decided over the page: turned when the
    mirrored reading pairs its brackets with fewer faults."""
    joined = "".join(texts)
    if not any(ch in _CLOSERS for ch in joined):
        return False
    return _bracket_faults(joined.translate(_MIRRORED)) < _bracket_faults(joined)


def unmirror(text: str) -> str:
    """`text` with its brackets turned back (see `mirrored_brackets`)."""
    return text.translate(_MIRRORED)


def _bracket_faults(text: str) -> int:
    """Closing brackets with no opening one before them, plus opening ones never closed."""
    faults = depth = 0
    for ch in text:
        if ch in _OPENERS:
            depth += 1
        elif ch in _CLOSERS:
            if depth:
                depth -= 1
            else:
                faults += 1
    return faults + depth
