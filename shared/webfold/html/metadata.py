"""Page metadata from JSON-LD, OpenGraph, meta tags, `<title>` and `<html lang>`.

Structured data wins over meta tags, which win over `<title>`: JSON-LD and OpenGraph
are written for machines and rarely carry the site-name suffix a `<title>` has. A page
that declares no author gets the name in the byline the selector drops from its text
(`webfold.html.converter`); declared authors win.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from selectolax.lexbor import LexborHTMLParser, LexborNode

from webfold.document import Metadata
from webfold.html.urls import safe_url

MAX_JSONLD_CHARS = 2_000_000  # larger JSON-LD blocks are skipped, not parsed
_CONTENT_TYPES = ("article", "posting", "product", "recipe", "review", "question", "report",
                  "webpage", "howto", "event", "course", "jobposting", "book", "movie")


@dataclass(slots=True)
class PageFacts:
    """Metadata plus the structured facts the selector and payload recovery use."""

    metadata: Metadata
    jsonld: list[dict[str, Any]] = field(default_factory=list)  # every JSON-LD object, flat
    jsonld_types: tuple[str, ...] = ()
    og_type: str | None = None


def extract(tree: LexborHTMLParser, scripts: list[LexborNode], base: str | None) -> PageFacts:
    """Metadata of a parsed page; `scripts` are the visible <script> elements.

    Broken JSON-LD is skipped; missing fields stay None. Never raises for odd markup.
    """
    meta = _meta_tags(tree)
    objects = jsonld_objects(scripts)
    types = tuple(t for obj in objects for t in _types(obj))
    main = _main_object(objects)
    title_node = tree.css_first("title")
    html_attrs = tree.root.attributes if tree.root is not None else {}
    canonical = tree.css_first('link[rel="canonical" i]')
    metadata = Metadata(
        title=_first(main.get("headline"), meta.get("og:title"), meta.get("twitter:title"),
                     title_node.text() if title_node is not None else None, main.get("name")),
        author=_first(_name(main.get("author")), meta.get("author"),
                      meta.get("article:author"), meta.get("dc.creator")),
        date=_first(main.get("datePublished"), meta.get("article:published_time"),
                    meta.get("date"), meta.get("dc.date"), meta.get("pubdate"),
                    main.get("dateCreated"), main.get("dateModified")),
        language=_first(html_attrs.get("lang"), meta.get("content-language"),
                        meta.get("og:locale"), main.get("inLanguage")),
        canonical_url=safe_url(_first(
            canonical.attributes.get("href") if canonical is not None else None,
            meta.get("og:url")), base),
        description=_first(meta.get("description"), meta.get("og:description"),
                           meta.get("twitter:description"), main.get("description")),
        site_name=_first(meta.get("og:site_name"), _name(main.get("publisher"))),
        page_type=_first(meta.get("og:type"), types[0] if types else None),
    )
    return PageFacts(metadata=metadata, jsonld=objects, jsonld_types=types,
                     og_type=meta.get("og:type"))


def jsonld_objects(scripts: list[LexborNode]) -> list[dict[str, Any]]:
    """Every JSON-LD object in the given scripts, `@graph` members flattened out."""
    objects: list[dict[str, Any]] = []
    for script in scripts:
        kind = (script.attributes.get("type") or "").strip().lower()
        if kind != "application/ld+json":
            continue
        raw = (script.text() or "").strip()
        if not raw or len(raw) > MAX_JSONLD_CHARS:
            continue
        raw = raw.removeprefix("<!--").removesuffix("-->").strip()
        raw = raw.removeprefix("//<![CDATA[").removesuffix("//]]>").strip()
        try:
            data = json.loads(raw, strict=False)
        except (ValueError, RecursionError):
            continue
        pending = data if isinstance(data, list) else [data]
        while pending:
            item = pending.pop(0)
            if isinstance(item, dict):
                objects.append(item)
                graph = item.get("@graph")
                if isinstance(graph, list):
                    pending.extend(graph)
            elif isinstance(item, list):
                pending.extend(item)
    return objects


def _meta_tags(tree: LexborHTMLParser) -> dict[str, str]:
    found: dict[str, str] = {}
    for node in tree.tags("meta"):  # as css("meta"), without the CSS engine's cost
        attrs = node.attributes
        key = attrs.get("property") or attrs.get("name") or attrs.get("http-equiv")
        content = attrs.get("content")
        if key and content and content.strip():
            found.setdefault(key.strip().lower(), content.strip())
    return found


def _types(obj: dict[str, Any]) -> list[str]:
    kind = obj.get("@type")
    if isinstance(kind, str):
        return [kind]
    if isinstance(kind, list):
        return [k for k in kind if isinstance(k, str)]
    return []


def _main_object(objects: list[dict[str, Any]]) -> dict[str, Any]:
    for obj in objects:
        if any(key in t.lower() for t in _types(obj) for key in _CONTENT_TYPES):
            return obj
    return objects[0] if objects else {}


def _name(value: Any) -> str | None:
    if isinstance(value, list):
        names = [n for n in (_name(v) for v in value) if n]
        return ", ".join(names) or None
    if isinstance(value, dict):
        return _text(value.get("name"))
    return _text(value)


def _text(value: Any) -> str | None:
    if isinstance(value, str) and value.strip():
        return " ".join(value.split())
    return None


def _first(*values: Any) -> str | None:
    for value in values:
        text = _text(value)
        if text:
            return text
    return None
