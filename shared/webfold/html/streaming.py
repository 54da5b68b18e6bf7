"""React's streamed server rendering, completed in the tree as the browser completes it.

React 18 and later (Fizz; Next.js, Remix) send the parts of a page that finish late at
the end of the body, each in a hidden segment (`<div hidden id="S:1">`), followed by an
inline script call that moves it into place:

- `$RC("B:1","S:1")` (completeBoundary) replaces a Suspense boundary's fallback, the
  nodes from the `<!--$?-->` comment just before `<template id="B:1">` up to its matching
  `<!--/$-->`, with the segment's children;
- `$RS("S:2","P:2")` (completeSegment) puts the segment's children where
  `<template id="P:2">` stands and removes the template.

The walk skips hidden elements, so without this a page streamed this way loses what
came late (often the article body) and keeps the fallback ("Loading..."). A call is
done only when both its elements exist and, for a boundary, its comments enclose the
fallback among the template's siblings; otherwise the page is left as it is.

A page saved without any script (a saved or cleaned copy: no call can ever run, and
what a reader of the live page saw is the segments' text) has its hidden segments
shown: a segment where its `P:` placeholder stands, a boundary's content where it is.
A page that has scripts but no call for a segment keeps it hidden (React did not
complete it, or its call is in a part never sent).
"""

from __future__ import annotations

import re

import numpy as np
from selectolax.lexbor import LexborHTMLParser, LexborNode

_CALL = re.compile(r'\$R([CS])\("([^"\\<]+)","([^"\\<]+)"\)')  # $RC("B:0","S:0")
_CALL_BYTES = re.compile(_CALL.pattern.encode())
_OPENS = frozenset({"$", "$?", "$!", "$~", "&"})  # comments opening a boundary (React 19)
_CLOSES = frozenset({"/$", "/&"})
# `_may_call` reads this many `$` one by one before numpy takes the rest (12 of 298 WCXB
# pages hold more; the median page 12): 36 us a page there, numpy alone 64, the regex 138.
_DOLLARS_ONE_BY_ONE = 256
_COMMENT = "-comment"


def complete(tree: LexborHTMLParser, markup: str | bytes) -> None:
    """Do, in document order, every `$RC`/`$RS` call written in `markup` on `tree`, the
    tree parsed from it.

    The calls are read from the markup, where the page's inline scripts hold them:
    reading each script's text from the tree costs more than the parse on pages with large
    script payloads, and a page without calls pays one scan of its bytes (`_may_call`)
    or, decoded, of its text. Never raises; a call whose elements are missing (or were
    taken out by an earlier call) or out of shape changes nothing. On markup without any
    `<script`, the hidden segments are shown instead (`_show_segments`).
    """
    if isinstance(markup, bytes):
        calls = [tuple(part.decode("utf-8", "replace") for part in call)
                 for call in _CALL_BYTES.findall(markup)] if _may_call(markup) else []
    else:
        calls = _CALL.findall(markup)
    if not calls:
        if _saved_without_scripts(markup):
            _show_segments(tree)
        return
    wanted = {name for _, first, second in calls for name in (first, second)}
    by_id: dict[str, LexborNode] = {}
    for node in tree.css("[id]"):  # one pass: a query per id costs as much as the parse
        if node.id in wanted:
            by_id.setdefault(node.id, node)
    for kind, first, second in calls:
        first_node, second_node = by_id.get(first), by_id.get(second)
        if not (_in_document(first_node) and _in_document(second_node)):
            continue
        if kind == "C":
            _complete_boundary(first_node, second_node)
        elif not _inside(second_node, first_node):
            _move_children(first_node, second_node)
            second_node.decompose(recursive=False)


def _may_call(markup: bytes) -> bool:
    """Whether `markup` holds `$R?(`, which every call starts with: the bytes after each
    `$` are read, where the regex tested every byte of the markup for a call that nearly
    no page holds. `find` jumps to the next `$` (most pages hold a dozen); past
    `_DOLLARS_ONE_BY_ONE` of them numpy compares the bytes after all the others at once."""
    at = markup.find(b"$")
    for _ in range(_DOLLARS_ONE_BY_ONE):
        if at < 0:
            return False
        if markup[at + 1:at + 2] == b"R" and markup[at + 3:at + 4] == b"(":
            return True
        at = markup.find(b"$", at + 1)
    if at < 0:
        return False
    octets = np.frombuffer(markup, dtype=np.uint8, offset=at)
    dollars = np.flatnonzero(octets[:-3] == ord("$"))
    return bool(((octets[dollars + 1] == ord("R")) & (octets[dollars + 3] == ord("("))).any())


def _saved_without_scripts(markup: str | bytes) -> bool:
    """Whether `markup` holds no script at all and a hidden segment's id (the first
    `<script` is found early on nearly every page, so the scan stops there)."""
    if isinstance(markup, bytes):
        return b"<script" not in markup and b'id="S:' in markup
    return "<script" not in markup and 'id="S:' in markup


def _show_segments(tree: LexborHTMLParser) -> None:
    """Show the hidden segments of a page saved without its scripts: each where its
    placeholder `<template id="P:n">` stands (`$RS` always pairs S:n with P:n), or else
    where it is (a boundary's content: only the call, gone with the scripts, named its
    `B:` template; the fallback, whose comments such copies lose too, stays)."""
    segments = tree.css('div[hidden][id^="S:"]')
    if not segments:
        return
    placeholders = {node.id: node for node in tree.css('template[id^="P:"]')}
    for segment in segments:
        placeholder = placeholders.get("P:" + segment.id[2:])
        if placeholder is not None and not _inside(placeholder, segment):
            _move_children(segment, placeholder)
            placeholder.decompose(recursive=False)
        else:
            del segment.attrs["hidden"]


def _complete_boundary(template: LexborNode, segment: LexborNode) -> None:
    opening = template.prev
    if opening is None or opening.tag != _COMMENT or opening.comment_content not in _OPENS:
        return
    end = _boundary_end(template)
    if end is None or _inside(end, segment):
        return
    end.insert_before(segment, move=True)  # out of the fallback first, as React takes it out
    node = template
    while node.mem_id != segment.mem_id:
        following = node.next
        node.decompose(recursive=False)
        node = following
    _move_children(segment, end)


def _boundary_end(template: LexborNode) -> LexborNode | None:
    """The comment closing the boundary `template` opens, among its next siblings."""
    depth = 0
    node = template.next
    while node is not None:
        if node.tag == _COMMENT:
            data = node.comment_content
            if data in _CLOSES:
                if depth == 0:
                    return node
                depth -= 1
            elif data in _OPENS:
                depth += 1
        node = node.next
    return None


def _move_children(segment: LexborNode, before: LexborNode) -> None:
    """Move `segment`'s children before `before`, in order, and take the emptied segment out."""
    for child in list(segment.iter(include_text=True)):
        before.insert_before(child, move=True)
    segment.decompose(recursive=False)


def _inside(node: LexborNode, ancestor: LexborNode) -> bool:
    """Whether `node` is `ancestor` or lies under it."""
    target = ancestor.mem_id
    while node is not None:
        if node.mem_id == target:
            return True
        node = node.parent
    return False


def _in_document(node: LexborNode | None) -> bool:
    """Whether `node` exists and is still in the tree (taken-out nodes are detached, not
    freed: `decompose(recursive=False)`, so a node found before a call stays safe to read)."""
    while node is not None:
        if node.tag == "-document":
            return True
        node = node.parent
    return False
