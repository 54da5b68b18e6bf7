"""Text recovery from embedded app payloads, for thin pages (client-rendered apps).

A page whose DOM holds under `THIN_PAGE_WORDS` words often ships its content as data
for the client: Next.js (`__NEXT_DATA__` and app-router flight chunks
`self.__next_f.push`), Nuxt (`__NUXT_DATA__`, `window.__NUXT__`), SvelteKit
(`data-sveltekit-fetched`, `__sveltekit_`), Remix (`window.__remixContext`), Angular
transfer state (`ng-state` / `*-state` JSON) and JSON-LD (`articleBody`, `text`,
`description`). Every framework is read the same way: the string literals of the
payload are decoded, prose-like strings kept in order, HTML strings walked like a page.
The payload with the most words wins. Only the scripts the walk saw outside hidden
subtrees are offered, so hidden payloads are never used.
"""

from __future__ import annotations

import json
import re
from typing import Any

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webfold import markdown as md
from webfold.document import Block, BlockFlag
from webfold.html.walk import walk

MAX_PAYLOAD_CHARS = 5_000_000  # a payload larger than this is not read
MIN_WORDS = 5  # a string needs this many words to count as prose
MAX_NESTING = 3  # JSON inside JSON strings is read this many levels deep
# A JSON/JS string literal, unrolled so long payloads need no backtracking stack.
_STRING = re.compile(r'"([^"\\\n]*(?:\\.[^"\\\n]*)*)"')
_WORD = re.compile(r"[^\W\d_]{2,}[.,;:!?)\"']?$")  # a plain word, maybe with punctuation
MIN_CHARS = 20  # shorter string literals are never prose
MAX_STRINGS = 20_000  # string literals read from one payload at most
_HTML_HINT = re.compile(r"</?(?:p|div|h[1-6]|li|ul|ol|br|span|strong|em|a|blockquote|table)\b",
                        re.I)
_NOT_PROSE = re.compile(r"^(?:https?:|/|\.|#|\$|[a-z]+:[a-z])|function\s*\(|=>|[{};]\s*$", re.I)
_ANGULAR_ESCAPES = (("&q;", '"'), ("&s;", "'"), ("&l;", "<"), ("&g;", ">"), ("&a;", "&"))
_JSONLD_TEXT_KEYS = ("articleBody", "text", "description")


def structured_text(objects: list[dict[str, Any]]) -> str:
    """JSON-LD articleBody / text / description of the page's objects, joined."""
    parts = []
    for obj in objects:
        for key in _JSONLD_TEXT_KEYS:
            value = obj.get(key)
            if isinstance(value, str) and value.strip():
                parts.append(value.strip())
    return "\n\n".join(dict.fromkeys(parts))


def recover(scripts: list[LexborNode], ld_text: str, base: str | None,
            dom_words: int) -> tuple[list[Block], str]:
    """Blocks recovered from the richest payload that beats the DOM, and its name;
    `ld_text` is the page's `structured_text`.

    Returns ([], "") when no payload has more words than `dom_words`. Undecodable or
    oversized payloads are skipped, never raised.
    """
    candidates: dict[str, list[str]] = {}
    for script in scripts:
        name, raw = _identify(script)
        if name:
            candidates.setdefault(name, []).append(raw)
    best: tuple[list[Block], str] = ([], "")
    best_words = dom_words
    for name, raws in candidates.items():
        strings = _flight_strings(raws) if name == "Next.js flight" else _strings("\n".join(raws))
        blocks = _blocks(strings, base)
        words = sum(len(b.text.split()) for b in blocks)
        if words > best_words:
            best, best_words = (blocks, name), words
    if len(ld_text.split()) > best_words:
        paragraphs = [p for p in re.split(r"\n\s*\n|\r\n\s*\r\n", ld_text) if p.strip()]
        best = (_blocks(paragraphs, base), "JSON-LD")
    return best


def _identify(script: LexborNode) -> tuple[str, str]:
    attrs = script.attributes
    element_id = (attrs.get("id") or "").lower()
    kind = (attrs.get("type") or "").lower()
    if kind == "application/ld+json":
        return "", ""
    raw = script.text() or ""
    if not raw or len(raw) > MAX_PAYLOAD_CHARS:
        return "", ""
    if element_id == "__next_data__":
        return "Next.js", raw
    if "self.__next_f" in raw:
        return "Next.js flight", raw
    if element_id == "__nuxt_data__" or "window.__NUXT__" in raw:
        return "Nuxt", raw
    if "data-sveltekit-fetched" in attrs or "__sveltekit_" in raw:
        return "SvelteKit", raw
    if "window.__remixContext" in raw:
        return "Remix", raw
    if element_id in ("ng-state", "serverapp-state") or (
            element_id.endswith("-state") and kind == "application/json"):
        for escaped, plain in _ANGULAR_ESCAPES:
            raw = raw.replace(escaped, plain)
        return "Angular", raw
    return "", ""


def _strings(raw: str, depth: int = 0) -> list[str]:
    """The decoded string literals of a JSON or JavaScript payload, in order; a literal
    that itself holds JSON (SvelteKit's fetched bodies) is read too, a few levels deep."""
    found: list[str] = []
    for match in _STRING.finditer(raw):
        if len(found) >= MAX_STRINGS:
            break
        literal = match.group(1)
        if len(literal) < MIN_CHARS:
            continue
        try:
            value = json.loads(f'"{literal}"')
        except ValueError:
            continue
        if depth < MAX_NESTING and value.lstrip()[:1] in ("{", "["):
            found.extend(_strings(value, depth + 1))
        else:
            found.append(value)
    return found


def _flight_strings(raws: list[str]) -> list[str]:
    """Next.js app-router flight data: the pushed chunks, joined, then read as a payload."""
    chunks = [s for raw in raws for s in _strings(raw)]
    return _strings("".join(chunks))


def _blocks(strings: list[str], base: str | None) -> list[Block]:
    blocks: list[Block] = []
    seen: set[str] = set()
    for value in strings:
        value = value.strip()
        if value in seen or not _is_prose(value):
            continue
        seen.add(value)
        if _HTML_HINT.search(value):
            found = walk(LexborHTMLParser(value).root, base).blocks
        else:
            text = md.collapse(value).strip()
            found = [Block(kind="paragraph", markdown=md.escape_line_start(md.escape(text)),
                           text=text, tag="script", path=("script",))]
        for block in found:
            block.flags |= BlockFlag.PAYLOAD
            block.index = len(blocks)
            blocks.append(block)
    return blocks


def _is_prose(value: str) -> bool:
    if _HTML_HINT.search(value):
        return True
    words = value.split()
    if len(words) < MIN_WORDS or _NOT_PROSE.search(value):
        return False
    plain = sum(1 for word in words if _WORD.match(word))  # class lists and font stacks fail
    return plain >= MIN_WORDS and plain >= 0.7 * len(words)
