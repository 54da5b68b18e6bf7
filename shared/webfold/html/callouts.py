"""Callouts and admonitions as GitHub alerts: `> [!NOTE]`, `> [!TIP]`, `> [!IMPORTANT]`,
`> [!WARNING]`, `> [!CAUTION]`.

A callout is a container (`CALLOUT_TAGS`) whose class says so: `admonition` (Sphinx, MkDocs
Material, Docusaurus `theme-admonition-*`), `callout` / `callout-*`, `markdown-alert`
(GitHub), or exactly one of the five kinds (`note`, `tip`, `important`, `warning`,
`caution`); or an `<aside role="note">`. Its kind comes from the first class token
naming one (`admonition danger` is a CAUTION); a callout naming none is a NOTE. Only an
admonition (`is_admonition`: a marker class and a kind, `admonition warning`,
`callout-tip`, `markdown-alert-note`) or `role="note"` carries `BlockFlag.ADMONITION`,
which the selector keeps inside the content region: a bare `.callout` is as often a
promotion box, and a bare `.note` an author box.
"""

from __future__ import annotations

import re

# The elements a callout is made of: a list item, paragraph or cell with such a class
# keeps its own structure.
CALLOUT_TAGS = frozenset({"div", "aside", "section", "details", "blockquote", "article"})
_MARKER_PARTS = frozenset({"admonition", "callout"})
# Parts of the class of a callout's title or body, not of the callout itself.
_INNER_PARTS = frozenset({"title", "heading", "header", "content", "body", "icon", "label",
                          "text", "inner"})
KIND_TOKENS = frozenset({"note", "tip", "important", "warning", "caution"})
_KIND_WORDS = {
    "note": "NOTE", "info": "NOTE", "information": "NOTE", "seealso": "NOTE", "todo": "NOTE",
    "abstract": "NOTE", "summary": "NOTE", "example": "NOTE", "remark": "NOTE",
    "tip": "TIP", "hint": "TIP", "success": "TIP", "check": "TIP",
    "important": "IMPORTANT", "attention": "IMPORTANT",
    "warning": "WARNING", "warn": "WARNING",
    "caution": "CAUTION", "danger": "CAUTION", "error": "CAUTION", "bug": "CAUTION",
    "failure": "CAUTION",
}
_PARTS = re.compile(r"[-_]+")
# A callout's title line saying only its kind ("Note", "Warning:") is the alert line's.
_TITLES = frozenset({*_KIND_WORDS, "see also", "danger", "tip", "tips"})
_TITLE_LEAD = re.compile(r"\*\*([A-Za-z ]{2,12}?)\s*:?\*\*\s*:?\s+(?=\S)")


def may_be_callout(classes: str) -> bool:
    """A cheap first test on a lowercased class attribute (`is_callout` decides)."""
    return "admonition" in classes or "callout" in classes or "markdown-alert" in classes


def is_callout(tokens: tuple[str, ...]) -> bool:
    """Whether an element with these lowercased class tokens is a callout."""
    for token in tokens:
        if token in KIND_TOKENS:
            return True
        parts = _PARTS.split(token)
        if (not _MARKER_PARTS.isdisjoint(parts) or token.startswith("markdown-alert")) \
                and _INNER_PARTS.isdisjoint(parts):
            return True
    return False


def callout_kind(tokens: tuple[str, ...]) -> str | None:
    """The alert kind the class tokens name, or None (the callout is written as a NOTE)."""
    for token in tokens:
        for part in _PARTS.split(token):
            kind = _KIND_WORDS.get(part)
            if kind is not None:
                return kind
    return None


def drop_title_lead(markdown: str) -> str:
    """A callout's first block without a bold lead that only names the kind
    ("**Note:** Arrays start at zero." -> "Arrays start at zero."), as MDN writes them."""
    match = _TITLE_LEAD.match(markdown)
    if match is None or match[1].lower() not in _TITLES:
        return markdown
    return markdown[match.end():]


def is_admonition(tokens: tuple[str, ...]) -> bool:
    """Whether a callout's class tokens hold both a marker and a kind (see module doc)."""
    marked = False
    for token in tokens:
        parts = _PARTS.split(token)
        if not _MARKER_PARTS.isdisjoint(parts) or token.startswith("markdown-alert"):
            marked = True
            break
    return marked and callout_kind(tokens) is not None


def is_title(text: str) -> bool:
    """Whether a callout's first block is only its kind's title ("Note", "Warning:")."""
    return text.strip().rstrip(":").strip().lower() in _TITLES
