"""`PptxConverter`: slide decks read straight from their OOXML parts.

One `## Slide N: title` section per slide in presentation order; on each slide the
shapes in reading order (top to bottom, then left to right; placeholders placed where
their layout puts them), text frames as paragraphs or nested lists, tables, charts as
their title and a table of their cached values, pictures as image markers with their
alt text, then the speaker notes under `### Notes`. Parts are parsed with a parser
that refuses DTDs (`archive.read_xml`); the package is opened under the archive caps.
"""

from __future__ import annotations

import time
import zipfile
from dataclasses import dataclass
from xml.etree.ElementTree import Element

from webfold.contract import ConvertOptions
from webfold.document import Document, failed
from webfold.office.archive import ArchiveError, has, open_archive, read_xml, relationships
from webfold.office.diagram import DGM, nested_list, smartart_html, text_of
from webfold.office.metadata import core_properties
from webfold.office.render import ImageWriter, escape, to_document
from webfold.sniff import StreamInfo

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
PRESENTATION = "ppt/presentation.xml"
TITLE_TYPES = frozenset({"title", "ctrTitle"})
LIST_PLACEHOLDERS = frozenset({"body", "obj", None})  # None: a content placeholder (idx only)
MAX_GROUP_DEPTH = 20


@dataclass(slots=True)
class _Slide:
    part: str
    rels: dict[str, tuple[str, str]]  # id -> (type suffix, target part or URL)
    layout: dict[tuple[str | None, str | None], tuple[int, int]]  # placeholder -> offset


class PptxConverter:
    """PPTX (and PPTM) to Markdown, one section per slide."""

    def convert(self, data: bytes, info: StreamInfo, options: ConvertOptions) -> Document:
        """Convert a slide deck. Errors as values: damaged (not a ZIP, truncated, no
        presentation part, bad XML), too_large (archive caps), encrypted, empty. Slides
        left when `office_budget_s` runs out are skipped with a warning."""
        try:
            archive = open_archive(data, options.settings, check_xml=False)
            if not has(archive, PRESENTATION):
                raise ArchiveError("damaged", "the package has no ppt/presentation.xml")
            metadata = core_properties(archive)
            warnings: list[str] = []
            markup = _deck_html(archive, ImageWriter(options.image_dir, warnings), warnings,
                                time.monotonic() + options.settings.office_budget_s)
        except ArchiveError as error:
            return failed("pptx", error.code, error.message)
        return to_document("pptx", markup, metadata, warnings)


def _deck_html(archive: zipfile.ZipFile, images: ImageWriter, warnings: list[str],
               deadline: float) -> str:
    rels = relationships(archive, PRESENTATION)
    order = [sid.get(f"{R}id") for sid in read_xml(archive, PRESENTATION).iter(f"{P}sldId")]
    parts = [rels[rid][1] for rid in order if rid in rels]
    out = ["<html><body>"]
    for number, part in enumerate(parts, start=1):
        if number > 1 and time.monotonic() > deadline:
            warnings.append(f"time budget ran out: slides {number}-{len(parts)} were skipped")
            break
        out.append(_slide_html(archive, part, number, images))
    out.append("</body></html>")
    return "".join(out)


def _slide_html(archive: zipfile.ZipFile, part: str, number: int, images: ImageWriter) -> str:
    rels = relationships(archive, part)
    layout = next((t for k, t in rels.values() if k == "slideLayout"), None)
    slide = _Slide(part, rels, _layout_offsets(archive, layout) if layout else {})
    root = read_xml(archive, part)
    tree = root.find(f"{P}cSld/{P}spTree")
    shapes = _ordered(list(tree) if tree is not None else [], slide)
    title = ""
    body: list[str] = []
    for shape in shapes:
        if not title and _placeholder(shape)[0] in TITLE_TYPES:
            title = _plain(shape)
            if title:
                continue
        body.append(_shape_html(archive, shape, slide, images, 0))
    heading = f"Slide {number}: {title}" if title else f"Slide {number}"
    notes = next((t for k, t in rels.values() if k == "notesSlide"), None)
    notes_html = _notes_html(archive, notes) if notes and has(archive, notes) else ""
    return f"<h2>{escape(heading)}</h2>{''.join(body)}{notes_html}"


def _layout_offsets(archive: zipfile.ZipFile,
                    layout: str) -> dict[tuple[str | None, str | None], tuple[int, int]]:
    """Where the layout puts each placeholder, by (type, idx) and by type alone."""
    if not has(archive, layout):
        return {}
    offsets: dict[tuple[str | None, str | None], tuple[int, int]] = {}
    for shape in read_xml(archive, layout).iter(f"{P}sp"):
        kind, idx = _placeholder(shape)
        offset = _own_offset(shape)
        if offset is not None and (kind is not None or idx is not None):
            offsets[(kind, idx)] = offset
            offsets.setdefault((kind, None), offset)
    return offsets


def _placeholder(shape: Element) -> tuple[str | None, str | None]:
    """(type, idx) of a placeholder shape; ("", None) for any other shape."""
    for nv in shape:
        ph = nv.find(f"{P}nvPr/{P}ph")
        if ph is not None:
            return ph.get("type") or (None if ph.get("idx") else "body"), ph.get("idx")
    return "", None


def _own_offset(shape: Element) -> tuple[int, int] | None:
    for path in (f"{P}spPr/{A}xfrm/{A}off", f"{P}xfrm/{A}off", f"{P}grpSpPr/{A}xfrm/{A}off"):
        off = shape.find(path)
        if off is not None:
            try:
                return int(off.get("y", 0)), int(off.get("x", 0))
            except ValueError:
                return None
    return None


def _ordered(shapes: list[Element], slide: _Slide) -> list[Element]:
    """Shapes in reading order: by top, then left; a title placeholder first."""
    keyed = []
    for index, shape in enumerate(shapes):
        if shape.tag not in (f"{P}sp", f"{P}graphicFrame", f"{P}pic", f"{P}grpSp"):
            continue
        kind, idx = _placeholder(shape)
        offset = _own_offset(shape)
        if offset is None and kind != "":
            offset = slide.layout.get((kind, idx)) or slide.layout.get((kind, None))
        top, left = offset or (0, 0)
        keyed.append((0 if kind in TITLE_TYPES else 1, top, left, index, shape))
    return [item[-1] for item in sorted(keyed, key=lambda item: item[:4])]


def _shape_html(archive: zipfile.ZipFile, shape: Element, slide: _Slide,
                images: ImageWriter, depth: int) -> str:
    tag = shape.tag
    if tag == f"{P}sp":
        body = shape.find(f"{P}txBody")
        if body is None:
            return ""
        kind, _ = _placeholder(shape)
        return _text_html(body, slide, as_list=kind in LIST_PLACEHOLDERS)
    if tag == f"{P}pic":
        return _picture_html(archive, shape, slide, images)
    if tag == f"{P}graphicFrame":
        table = shape.find(f"{A}graphic/{A}graphicData/{A}tbl")
        if table is not None:
            return _table_html(table, slide)
        chart = shape.find(f"{A}graphic/{A}graphicData/{C}chart")
        if chart is not None:
            part = _related(archive, slide, chart.get(f"{R}id"))
            return _chart_html(part) if part is not None else ""
        diagram = shape.find(f"{A}graphic/{A}graphicData/{DGM}relIds")
        if diagram is not None:
            part = _related(archive, slide, diagram.get(f"{R}dm"))
            return smartart_html(part) if part is not None else ""
        return ""
    if tag == f"{P}grpSp" and depth < MAX_GROUP_DEPTH:
        return "".join(_shape_html(archive, child, slide, images, depth + 1)
                       for child in _ordered(list(shape), slide))
    return ""


def _related(archive: zipfile.ZipFile, slide: _Slide, rel_id: str | None) -> Element | None:
    """The parsed part a slide relationship points to; None when it is not there."""
    rel = slide.rels.get(rel_id or "")
    return read_xml(archive, rel[1]) if rel and has(archive, rel[1]) else None


def _runs_html(paragraph: Element, slide: _Slide) -> str:
    out = []
    for run in paragraph:
        if run.tag == f"{A}br":
            out.append("<br>")
            continue
        if run.tag not in (f"{A}r", f"{A}fld"):
            continue
        text = escape("".join(t.text or "" for t in run.iter(f"{A}t")))
        if not text:
            continue
        props = run.find(f"{A}rPr")
        if props is not None:
            if props.get("b") in ("1", "true"):
                text = f"<strong>{text}</strong>"
            if props.get("i") in ("1", "true"):
                text = f"<em>{text}</em>"
            link = props.find(f"{A}hlinkClick")
            rel = slide.rels.get(link.get(f"{R}id") or "") if link is not None else None
            if rel and rel[0] == "hyperlink":
                text = f'<a href="{escape(rel[1])}">{text}</a>'
        out.append(text)
    return "".join(out)


def _text_html(body: Element, slide: _Slide, *, as_list: bool) -> str:
    """A text frame: paragraphs, and runs of list items nested by level (`a:pPr@lvl`)."""
    out: list[str] = []
    items: list[tuple[int, str]] = []
    for paragraph in body.iter(f"{A}p"):
        html = _runs_html(paragraph, slide)
        if not html.strip():
            continue
        props = paragraph.find(f"{A}pPr")
        bullet = props is not None and (props.find(f"{A}buChar") is not None
                                        or props.find(f"{A}buAutoNum") is not None)
        no_bullet = props is not None and props.find(f"{A}buNone") is not None
        if (as_list and not no_bullet) or bullet:
            level = min(_int(props.get("lvl") if props is not None else None), 8) + 1
            items.append((level, html))
            continue
        if items:
            out.append(nested_list(items))
            items = []
        out.append(f"<p>{html}</p>")
    if items:
        out.append(nested_list(items))
    return "".join(out)


def _plain(shape: Element) -> str:
    body = shape.find(f"{P}txBody")
    return text_of(body) if body is not None else ""


def _picture_html(archive: zipfile.ZipFile, shape: Element, slide: _Slide,
                  images: ImageWriter) -> str:
    props = shape.find(f"{P}nvPicPr/{P}cNvPr")
    alt = (props.get("descr") or "") if props is not None else ""
    blip = shape.find(f"{P}blipFill/{A}blip")
    rel = slide.rels.get(blip.get(f"{R}embed") or "") if blip is not None else None
    part = rel[1] if rel else f"{slide.part}#picture"
    target = images.target(part, lambda: archive.read(part), None)
    if target is None:
        return f"<p>{escape(alt)}</p>" if alt else ""
    return f'<p><img src="{escape(target)}" alt="{escape(alt)}"></p>'


def _table_html(table: Element, slide: _Slide) -> str:
    rows = []
    for r, row in enumerate(table.iter(f"{A}tr")):
        cells = []
        for cell in row.iter(f"{A}tc"):
            tag = "th" if r == 0 else "td"
            if cell.get("hMerge") or cell.get("vMerge"):
                cells.append(f"<{tag}></{tag}>")  # covered by a merged cell: stays empty
                continue
            body = cell.find(f"{A}txBody")
            text = "<br>".join(h for h in (_runs_html(p, slide) for p in body.iter(f"{A}p"))
                               if h) if body is not None else ""
            cells.append(f"<{tag}>{text}</{tag}>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    if not rows:
        return ""
    return f"<table><thead>{rows[0]}</thead><tbody>{''.join(rows[1:])}</tbody></table>"


def _chart_html(chart: Element) -> str:
    """A chart's title and its cached series values: one row per category."""
    title_node = chart.find(f"{C}chart/{C}title")
    title = " ".join("".join(t.text or "" for t in title_node.iter(f"{A}t")).split()) \
        if title_node is not None else ""
    names, columns, categories = [], [], {}
    for series in chart.iter(f"{C}ser"):
        name = " ".join(v.text or "" for v in series.iter(f"{C}v") if _under(series, v, "tx"))
        names.append(name.strip() or f"Series {len(names) + 1}")
        cat = series.find(f"{C}cat")
        if cat is None:
            cat = series.find(f"{C}xVal")  # scatter and bubble charts
        if cat is not None:
            for point in cat.iter(f"{C}pt"):
                categories.setdefault(_int(point.get("idx")), point.findtext(f"{C}v") or "")
        values = {}
        val = series.find(f"{C}val")
        if val is None:
            val = series.find(f"{C}yVal")
        if val is not None:
            for point in val.iter(f"{C}pt"):
                values[_int(point.get("idx"))] = _number(point.findtext(f"{C}v") or "")
        columns.append(values)
    heading = f"<p>Chart: {escape(title)}</p>" if title else "<p>Chart</p>"
    if not columns:
        return heading
    indexes = sorted(set(categories) | {i for col in columns for i in col})
    head = "".join(f"<th>{escape(n)}</th>" for n in ["Category", *names])
    body = "".join(
        "<tr>" + f"<td>{escape(categories.get(i, str(i + 1)))}</td>"
        + "".join(f"<td>{escape(col.get(i, ''))}</td>" for col in columns) + "</tr>"
        for i in indexes)
    return f"{heading}<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _under(series: Element, value: Element, child: str) -> bool:
    node = series.find(f"{C}{child}")
    return node is not None and any(v is value for v in node.iter(f"{C}v"))


def _notes_html(archive: zipfile.ZipFile, part: str) -> str:
    root = read_xml(archive, part)
    texts = []
    for shape in root.iter(f"{P}sp"):
        if _placeholder(shape)[0] == "body":
            body = shape.find(f"{P}txBody")
            if body is not None:
                texts.append(_text_html(body, _Slide(part, {}, {}), as_list=False))
    notes = "".join(texts)
    return f"<h3>Notes</h3>{notes}" if notes else ""


def _number(text: str) -> str:
    """A cached chart value as written: 7.0 -> 7, 3.25 stays."""
    try:
        value = float(text)
    except ValueError:
        return text
    return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)


def _int(value: str | None) -> int:
    try:
        return max(int(value or 0), 0)
    except ValueError:
        return 0
