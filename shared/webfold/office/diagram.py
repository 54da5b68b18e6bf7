"""DrawingML shared by the DOCX and PPTX readers: SmartArt diagrams, whose text lives in
a data part of their own, and the nested `<ul>` both write lists of levels with."""

from __future__ import annotations

from xml.etree.ElementTree import Element

from webfold.office.render import escape

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
DGM = "{http://schemas.openxmlformats.org/drawingml/2006/diagram}"


def text_of(body: Element) -> str:
    """The plain text of a DrawingML text body: its paragraphs' runs, whitespace collapsed,
    the paragraphs joined by a space."""
    lines = ("".join(t.text or "" for t in p.iter(f"{A}t")) for p in body.iter(f"{A}p"))
    return " ".join(" ".join(line.split()) for line in lines if line.strip())


def smartart_html(data: Element) -> str:
    """A SmartArt diagram's text from its data model: the text points as a nested list,
    ordered and nested as the diagram's parent-of connections say (a cycle, or a point
    reached twice, is read once)."""
    texts, kinds = {}, {}
    for point in data.iter(f"{DGM}pt"):
        key = point.get("modelId") or ""
        kinds[key] = point.get("type") or "node"
        body = point.find(f"{DGM}t")
        if body is not None:
            texts[key] = escape(text_of(body))
    children: dict[str, list[tuple[int, str]]] = {}
    for link in data.iter(f"{DGM}cxn"):
        if (link.get("type") or "parOf") == "parOf":
            children.setdefault(link.get("srcId") or "", []).append(
                (_order(link.get("srcOrd")), link.get("destId") or ""))
    items: list[tuple[int, str]] = []
    seen: set[str] = set()
    stack = [(0, key) for key, kind in kinds.items() if kind == "doc"]
    while stack:
        level, key = stack.pop()
        if key in seen:
            continue
        seen.add(key)
        if kinds.get(key) == "node" and texts.get(key):
            items.append((min(level, 9), texts[key]))
        below = sorted(children.get(key, []), reverse=True)
        stack.extend((level + 1, child) for _, child in below if kinds.get(child) != "doc")
    return nested_list(items) if items else ""


def nested_list(items: list[tuple[int, str]]) -> str:
    """`<ul>` markup for (level, item) pairs, a deeper item nested in the one before."""
    out: list[str] = []
    depth = 0
    for level, html in items:
        if level > depth:
            out.append("<ul>" * (level - depth))
        else:
            out.append("</li>" + "</ul></li>" * (depth - level))
        out.append(f"<li>{html}")
        depth = level
    out.append("</li>" + "</ul></li>" * (depth - 1) + "</ul>")
    return "".join(out)


def _order(value: str | None) -> int:
    try:
        return int(value or 0)
    except ValueError:
        return 0
