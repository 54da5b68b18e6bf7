"""Footnotes as GFM: `[^1]` where the page references a note, `[^1]: First source.` for it.

The walk recognises a container of note definitions by its class or id (`footnotes`,
Pandoc/kramdown/Hugo/Sphinx; `references`/`reflist`, Wikipedia; see `NOTES_TOKENS`) and
makes one `footnote` block per definition in it (an element with an id), its back-links
(`↩`, `^`, `role="doc-backlink"`) removed. References need no work in the walk: they are
ordinary in-page links (`<sup><a href="#fn1">1</a></sup>`, `role="doc-noteref"`,
Wikipedia's `#cite_note-…`), and `link_references` turns each rendered link to a
definition into `[^label]` afterwards, labelling the note by the link's text. Pages
without a definitions container pay nothing.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

from webfold import markdown as md
from webfold.document import Block

# Class tokens (or ids) of an element holding a page's note definitions.
NOTES_TOKENS = frozenset({"footnotes", "footnote", "footnote-list", "footnotes-list", "references",
                          "reflist", "notelist", "refbegin", "endnotes", "doc-endnotes"})
# A note written inline where it is referenced (LaTeXML, arXiv): its class token, the
# element with its text and the mark(s) numbering it.
INLINE_NOTE_TOKEN = "ltx_role_footnote"
INLINE_NOTE_CONTENT = ".ltx_note_content"
INLINE_NOTE_MARK = ".ltx_note_mark, .ltx_tag_note"
# One definition inside such a container: an element with an id.
DEFINITIONS = "li[id], [role=doc-footnote][id], aside[id], div.footnote[id], dt[id]"
# Back-links from a definition to its references, and Sphinx's bracketed label.
_BACKLINKS = (".mw-cite-backlink, [role=doc-backlink], .footnote-back, .footnote-backref,"
              " .reversefootnote, .fn-backref, .backrefs, .fn-bracket, span.label")
_ARROWS = frozenset({"↩", "↩︎", "↑", "^", "⤴", "⮌", "[return]"})
# A rendered in-page link: optional <sup> around it, its label, the page, the fragment.
_REFERENCE = re.compile(r"(<sup>)?\[((?:\\.|[^\[\]\\\n]){1,40})\]\(([^()\s#]*)#([^()\s#]+)\)"
                        r"(</sup>)?")
_LABEL_JUNK = re.compile(r"</?sup>|[\\\[\]()*_]")
_LABEL = re.compile(r"[\w-]{1,30}")


def drop_backlinks(definition: LexborNode) -> None:
    """Remove the back-links (and Sphinx's label) from a definition, in the tree itself."""
    for node in definition.css(_BACKLINKS):
        node.decompose()
    for anchor in definition.css("a[href^='#']"):
        if (anchor.text() or "").strip() in _ARROWS:
            anchor.decompose()


def link_references(blocks: list[Block], notes: dict[str, Block], page: str | None,
                    taken: set[str]) -> None:
    """Rewrite links to the definitions in `notes` (element id -> its `footnote` block,
    whose markdown is the note's text) as `[^label]` and prefix each definition with its
    `[^label]: `. `page` is the page's own URL as links were resolved against it (None:
    links were left relative); `taken` the labels already given (it grows). A note no
    link references stays where it stood as a plain paragraph: a definition nobody cites
    is not shown by a GFM renderer."""
    labels: dict[str, str] = {}  # element id -> label

    def reference(match: re.Match[str]) -> str:
        target = match[4]
        if target not in notes or match[3] not in ("", page):
            return match[0]
        label = labels.get(target)
        if label is None:
            label = note_label(match[2], target, taken)
            labels[target] = label
        ref = md.footnote_ref(label)
        if match[1] and match[5]:
            return ref
        return (match[1] or "") + ref + (match[5] or "")

    for block in blocks:
        if block.kind != "footnote" and "#" in block.markdown:
            block.markdown = _REFERENCE.sub(reference, block.markdown)
    for target, block in notes.items():
        label = labels.get(target)
        if label is None:
            block.kind = "paragraph"
        else:
            block.markdown = md.footnote_definition(label, block.markdown)


def note_label(link_text: str, target: str, taken: set[str]) -> str:
    """The note's label: the reference's text ("[1]" -> 1, "note 2" -> note-2), else the
    definition's id, else note-N; unique among `taken`, which it joins."""
    for raw in (link_text, target):
        label = "-".join(_LABEL_JUNK.sub("", raw).split())
        if _LABEL.fullmatch(label) and label not in taken:
            taken.add(label)
            return label
    label, n = f"note-{len(taken) + 1}", len(taken) + 1
    while label in taken:
        n += 1
        label = f"note-{n}"
    taken.add(label)
    return label
