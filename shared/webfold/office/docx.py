"""`DocxConverter`: Word documents read from their OOXML parts into semantic HTML,
which the HTML path renders with `select="all"`.

Headings by paragraph style (Title, Heading 1-6 and styles based on them, outline
levels), paragraphs, bold and italic runs, hyperlinks (relationships, anchors and
HYPERLINK fields), nested numbered and bulleted lists from the numbering part, tables
with spans (covered cells stay empty, as in HTML), footnotes and endnotes as Markdown
footnotes, images as markers with their alt text, text boxes after their paragraph.
Left out: comments, deleted text, the table of contents, headers and footers. Parts are
parsed with a parser that refuses DTDs; `office_budget_s` stops the body walk with a
warning. Why this reader rather than mammoth or python-docx: see the README.
"""

from __future__ import annotations

import re
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from xml.etree.ElementTree import Element

from webfold.contract import ConvertOptions
from webfold.document import Document, failed
from webfold.office.archive import (
    ArchiveError,
    has,
    open_archive,
    read,
    read_xml,
    relationships,
)
from webfold.office.diagram import DGM, smartart_html
from webfold.office.metadata import core_properties
from webfold.office.render import ImageWriter, escape, to_document
from webfold.sniff import StreamInfo

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
WP = "{http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing}"
MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
VML = "{urn:schemas-microsoft-com:vml}"
DOCUMENT = "word/document.xml"
MAX_HEADING = 6
BUDGET_CHECK_EVERY = 256  # body elements between two looks at the clock
_HEADING_NAME = re.compile(r"^heading\s*([1-9])$", re.I)
_TOC_NAME = re.compile(r"^toc\s*(?:heading|\d)$", re.I)
_HYPERLINK_FIELD = re.compile(r'^\s*HYPERLINK\s+(?:\\l\s+)?"([^"]+)"')
# Run children that hold no text for the reader (and whose subtrees are skipped).
_SKIPPED = frozenset(f"{W}{t}" for t in (
    "del", "moveFrom", "commentRangeStart", "commentRangeEnd", "commentReference",
    "rPr", "pPr", "proofErr", "bookmarkStart", "bookmarkEnd", "lastRenderedPageBreak",
    "instrText", "delText", "annotationRef", "footnoteRef", "endnoteRef", "sectPr"))
_CONTAINERS = frozenset(f"{W}{t}" for t in ("ins", "smartTag", "customXml", "moveTo", "dir",
                                            "bdo"))


class DocxConverter:
    """DOCX (and DOCM) to Markdown."""

    def convert(self, data: bytes, info: StreamInfo, options: ConvertOptions) -> Document:
        """Convert a Word document. Errors as values: damaged (not a ZIP, truncated, no
        document part, bad XML or a DTD), too_large (archive caps), encrypted, empty.
        A body longer than `office_budget_s` is cut with a warning."""
        warnings: list[str] = []
        try:
            archive = open_archive(data, options.settings, check_xml=False)
            if not has(archive, DOCUMENT):
                raise ArchiveError("damaged", "the package has no word/document.xml")
            metadata = core_properties(archive)
            reader = _Reader(archive, ImageWriter(options.image_dir, warnings), warnings,
                             time.monotonic() + options.settings.office_budget_s)
            markup = reader.html()
        except ArchiveError as error:
            return failed("docx", error.code, error.message)
        return to_document("docx", markup, metadata, warnings)


@dataclass(slots=True)
class _Style:
    name: str = ""
    based_on: str | None = None
    outline: int | None = None  # 0-based outline level
    num: tuple[str, int] | None = None  # (numId, ilvl) the style numbers its paragraphs with


@dataclass(slots=True)
class _Paragraph:
    kind: str  # heading | item | paragraph | skip
    html: str
    level: int = 0  # heading level, or list depth (1-based)
    ordered: bool = False
    num_id: str = ""  # the list a list item belongs to
    number: int = 1  # an ordered item's number at its level (Word's count over the document)
    after: list[str] = field(default_factory=list)  # blocks of its text boxes and diagrams


class _Reader:
    """One document: its styles, numbering, relationships and the notes referenced."""

    def __init__(self, archive: zipfile.ZipFile, images: ImageWriter, warnings: list[str],
                 deadline: float):
        self.archive = archive
        self.images = images
        self.warnings = warnings
        self.deadline = deadline
        self.styles = _styles(archive)
        self.formats = _numbering(archive)
        self.counts: dict[str, list[int]] = {}  # numId -> the last number at each level
        self.rels = relationships(archive, DOCUMENT)
        self.notes: list[tuple[str, str]] = []  # (kind, id) in reference order
        self.part_rels = self.rels

    def html(self) -> str:
        root = read_xml(self.archive, DOCUMENT)
        body = root.find(f"{W}body")
        out = ["<html><body>"]
        if body is not None:
            out.extend(self.blocks(body, check_budget=True))
        out.append(self.notes_html())
        out.append("</body></html>")
        return "".join(out)

    # -- block level -------------------------------------------------------------------
    def blocks(self, container: Element, *, check_budget: bool = False) -> Iterator[str]:
        """HTML for the paragraphs and tables of a body, cell, note or text box."""
        items: list[_Paragraph] = []
        for count, child in enumerate(_block_children(container)):
            if check_budget and count % BUDGET_CHECK_EVERY == 0 and count and \
                    time.monotonic() > self.deadline:
                self.warnings.append("time budget ran out: the rest of the document was "
                                     "not read")
                break
            if child.tag == f"{W}p":
                paragraph = self.paragraph(child)
                if paragraph.kind == "item":
                    if items and paragraph.level == 1 and items[0].num_id != paragraph.num_id:
                        yield _list_html(items)  # another list starts
                        items = []
                    items.append(paragraph)
                    continue
                if items:
                    yield _list_html(items)
                    items = []
                if paragraph.kind == "heading":
                    yield f"<h{paragraph.level}>{paragraph.html}</h{paragraph.level}>"
                elif paragraph.kind == "paragraph" and paragraph.html.strip():
                    yield f"<p>{paragraph.html}</p>"
                yield from paragraph.after
            elif child.tag == f"{W}tbl":
                if items:
                    yield _list_html(items)
                    items = []
                yield self.table(child)
        if items:
            yield _list_html(items)

    def paragraph(self, node: Element) -> _Paragraph:
        props = node.find(f"{W}pPr")
        style_id = _val(props.find(f"{W}pStyle")) if props is not None else None
        name = self.styles[style_id].name if style_id in self.styles else ""
        if _TOC_NAME.match(name):
            return _Paragraph("skip", "")
        after: list[str] = []
        html = self.inline(node, after)
        level = self.heading_level(style_id, props)
        if level:
            return _Paragraph("heading", html, level, after=after)
        num = self.numbering(style_id, props)
        if num is not None and html.strip():
            num_id, ilvl = num
            level = self.formats.get(num_id, {}).get(ilvl, _Level())
            return _Paragraph("item", html, min(ilvl, 8) + 1, level.format != "bullet", num_id,
                              self.count(num_id, ilvl, level.start), after)
        return _Paragraph("paragraph", html, after=after)

    def count(self, num_id: str, ilvl: int, start: int) -> int:
        """The number of the next item of list `num_id` at level `ilvl`: Word counts a
        list over the whole document (a list interrupted by a paragraph goes on at 3),
        and a deeper level starts again under each item above it."""
        counts = self.counts.setdefault(num_id, [])
        del counts[ilvl + 1:]
        counts.extend([0] * (ilvl + 1 - len(counts)))
        counts[ilvl] = counts[ilvl] + 1 if counts[ilvl] else start
        return counts[ilvl]

    def heading_level(self, style_id: str | None, props: Element | None) -> int:
        outline = props.find(f"{W}outlineLvl") if props is not None else None
        if outline is not None:
            return _heading(_int(_val(outline)) + 1)
        for style in self._chain(style_id):
            if style.name.lower() == "title":
                return 1
            match = _HEADING_NAME.match(style.name)
            if match:
                return _heading(int(match[1]))
            if style.outline is not None:
                return _heading(style.outline + 1)
        return 0

    def numbering(self, style_id: str | None, props: Element | None) -> tuple[str, int] | None:
        """(numId, ilvl) of a list paragraph, from its own properties or its style's."""
        own = props.find(f"{W}numPr") if props is not None else None
        if own is not None:
            num_id = _val(own.find(f"{W}numId"))
            ilvl = _int(_val(own.find(f"{W}ilvl")))
            if num_id is not None:
                return (num_id, ilvl) if num_id != "0" else None
        for style in self._chain(style_id):
            if style.num is not None:
                return style.num if style.num[0] != "0" else None
        return None

    def _chain(self, style_id: str | None) -> Iterator[_Style]:
        seen = set()
        while style_id in self.styles and style_id not in seen:
            seen.add(style_id)
            style = self.styles[style_id]
            yield style
            style_id = style.based_on

    def table(self, node: Element) -> str:
        rows = []
        for row in node.findall(f"{W}tr") + node.findall(f"{W}sdt/{W}sdtContent/{W}tr"):
            cells = []
            for cell in row.findall(f"{W}tc") + row.findall(f"{W}sdt/{W}sdtContent/{W}tc"):
                props = cell.find(f"{W}tcPr")
                span = _int(_val(props.find(f"{W}gridSpan"))) if props is not None else 0
                merge = props.find(f"{W}vMerge") if props is not None else None
                covered = merge is not None and _val(merge) in (None, "continue")
                inner = "" if covered else "".join(self.blocks(cell))
                colspan = f' colspan="{span}"' if span > 1 else ""
                cells.append(f"<td{colspan}>{inner}</td>")
            rows.append("<tr>" + "".join(cells) + "</tr>")
        if not rows:
            return ""
        # A Word table is data even when its cells hold paragraphs (which make an HTML
        # table read as a layout grid): an empty <thead> tells the HTML path so.
        return f"<table><thead></thead><tbody>{''.join(rows)}</tbody></table>"

    # -- inline level ------------------------------------------------------------------
    def inline(self, paragraph: Element, after: list[str]) -> str:
        runs = _Runs()
        self._inline_children(paragraph, runs, after, None)
        return runs.html()

    def _inline_children(self, node: Element, runs: _Runs, after: list[str],
                         link: str | None) -> None:
        for child in node:
            tag = child.tag
            if tag in _SKIPPED:
                continue
            if tag == f"{W}r":
                self._run(child, runs, after, link)
            elif tag == f"{W}hyperlink":
                self._inline_children(child, runs, after, self._link(child) or link)
            elif tag == f"{W}fldSimple":
                match = _HYPERLINK_FIELD.match(child.get(f"{W}instr") or "")
                self._inline_children(child, runs, after, match[1] if match else link)
            elif tag == f"{W}sdt":
                content = child.find(f"{W}sdtContent")
                if content is not None:
                    self._inline_children(content, runs, after, link)
            elif tag in _CONTAINERS or tag == f"{MC}AlternateContent":
                self._inline_children(_chosen(child), runs, after, link)

    def _link(self, node: Element) -> str | None:
        rel = self.part_rels.get(node.get(f"{R}id") or "")
        if rel is not None and rel[0] == "hyperlink":
            return rel[1] + ("#" + node.get(f"{W}anchor") if node.get(f"{W}anchor") else "")
        anchor = node.get(f"{W}anchor")
        return "#" + anchor if anchor else None

    def _run(self, run: Element, runs: _Runs, after: list[str], link: str | None) -> None:
        props = run.find(f"{W}rPr")
        bold = _on(props, "b")
        italic = _on(props, "i")
        for child in run:
            tag = child.tag
            if tag == f"{W}t":
                runs.add(escape(child.text or ""), bold, italic, runs.field_link or link)
            elif tag in (f"{W}tab", f"{W}ptab"):
                runs.add(" ", bold, italic, runs.field_link or link)
            elif tag in (f"{W}br", f"{W}cr"):
                if child.get(f"{W}type") not in ("page", "column"):
                    runs.add("<br>", False, False, None)
            elif tag == f"{W}noBreakHyphen":
                runs.add("-", bold, italic, link)
            elif tag == f"{W}fldChar":
                runs.field(child.get(f"{W}fldCharType"))
            elif tag == f"{W}instrText":
                runs.instruction(child.text or "")
            elif tag in (f"{W}footnoteReference", f"{W}endnoteReference"):
                kind = "footnote" if tag == f"{W}footnoteReference" else "endnote"
                self.notes.append((kind, child.get(f"{W}id") or ""))
                n = len(self.notes)
                runs.add(f'<sup><a href="#fn-{n}">{n}</a></sup>', False, False, None)
            elif tag in (f"{W}drawing", f"{W}pict", f"{MC}AlternateContent"):
                self._drawing(_chosen(child) if tag == f"{MC}AlternateContent" else child,
                              runs, after)

    def _drawing(self, node: Element, runs: _Runs, after: list[str]) -> None:
        """Pictures as image markers (alt text from the drawing's description); text
        boxes as paragraphs and SmartArt as a list after the one that anchors them."""
        diagram = next(node.iter(f"{DGM}relIds"), None)
        if diagram is not None:
            rel = self.part_rels.get(diagram.get(f"{R}dm") or "")
            if rel and has(self.archive, rel[1]):
                after.append(smartart_html(read_xml(self.archive, rel[1])))
            return
        for doc_pr in node.iter(f"{WP}docPr"):
            alt = doc_pr.get("descr") or doc_pr.get("title") or ""
            runs.add(self._image(node, alt), False, False, None)
            break
        else:
            for shape in node.iter(f"{VML}shape"):
                data = shape.find(f"{VML}imagedata")
                if data is not None:
                    rel = self.part_rels.get(data.get(f"{R}id") or "")
                    runs.add(self._image_for(rel, shape.get("alt") or ""), False, False, None)
        for box in node.iter(f"{W}txbxContent"):
            after.extend(f"<p>{p}</p>" for p in (self.inline(p, after)
                                                 for p in box.iter(f"{W}p")) if p.strip())
            break  # a text box's fallback copy (VML) repeats it

    def _image(self, node: Element, alt: str) -> str:
        blip = next(node.iter(f"{A}blip"), None)
        rel = self.part_rels.get(blip.get(f"{R}embed") or "") if blip is not None else None
        return self._image_for(rel, alt)

    def _image_for(self, rel: tuple[str, str] | None, alt: str) -> str:
        if rel is None or rel[0] != "image" or not has(self.archive, rel[1]):
            return ""
        part = rel[1]
        target = self.images.target(part, lambda: read(self.archive, part), None)
        if target is None:
            return escape(alt)
        return f'<img src="{escape(target)}" alt="{escape(alt)}">'

    # -- notes -------------------------------------------------------------------------
    def notes_html(self) -> str:
        """The footnotes and endnotes referenced, in reference order, as the note list the
        HTML footnote rule reads (`webfold.html.footnotes`): one `<li id>` of paragraphs
        each, so they come out as `[^1]: ...` like a web page's notes."""
        if not self.notes:
            return ""
        bodies = {kind: self._note_bodies(kind) for kind in ("footnote", "endnote")}
        items = []
        for n, (kind, note_id) in enumerate(self.notes, start=1):
            items.append(f'<li id="fn-{n}">{bodies[kind].get(note_id, "")}</li>')
        return '<section class="footnotes"><ol>' + "".join(items) + "</ol></section>"

    def _note_bodies(self, kind: str) -> dict[str, str]:
        part = f"word/{kind}s.xml"
        if not has(self.archive, part):
            return {}
        saved, self.part_rels = self.part_rels, relationships(self.archive, part)
        try:
            bodies = {}
            for note in read_xml(self.archive, part).iter(f"{W}{kind}"):
                texts = (self.inline(p, []) for p in note.iter(f"{W}p"))
                bodies[note.get(f"{W}id") or ""] = "".join(f"<p>{t}</p>" for t in texts
                                                           if t.strip())
            return bodies
        finally:
            self.part_rels = saved


class _Runs:
    """Inline pieces of one paragraph, adjacent ones with the same emphasis and link
    merged (Word splits runs at every edit), plus the state of complex fields."""

    def __init__(self) -> None:
        self.pieces: list[tuple[str, bool, bool, str | None]] = []
        self.field_link: str | None = None
        self._instr: list[str] = []
        self._depth = 0

    def add(self, html: str, bold: bool, italic: bool, link: str | None) -> None:
        if not html:
            return
        if self.pieces and self.pieces[-1][1:] == (bold, italic, link):
            self.pieces[-1] = (self.pieces[-1][0] + html, bold, italic, link)
        else:
            self.pieces.append((html, bold, italic, link))

    def field(self, kind: str | None) -> None:
        if kind == "begin":
            self._depth += 1
            self._instr = []
        elif kind == "separate":
            match = _HYPERLINK_FIELD.match("".join(self._instr))
            if match:
                value = match[1]
                self.field_link = value if "://" in value or value.startswith(
                    ("mailto:", "#")) else "#" + value
        elif kind == "end":
            self._depth = max(self._depth - 1, 0)
            self.field_link = None

    def instruction(self, text: str) -> None:
        self._instr.append(text)

    def html(self) -> str:
        out = []
        for html, bold, italic, link in self.pieces:
            if bold and html.strip():
                html = f"<strong>{html}</strong>"
            if italic and html.strip():
                html = f"<em>{html}</em>"
            if link:
                html = f'<a href="{escape(link)}">{html}</a>'
            out.append(html)
        return "".join(out)


def _block_children(container: Element) -> Iterator[Element]:
    """Paragraphs and tables in order, looking through block-level content controls
    (except a table of contents) and markup-compatibility choices."""
    for child in container:
        tag = child.tag
        if tag in (f"{W}p", f"{W}tbl"):
            yield child
        elif tag == f"{W}sdt":
            gallery = child.find(f"{W}sdtPr/{W}docPartObj/{W}docPartGallery")
            if gallery is not None and "contents" in (_val(gallery) or "").lower():
                continue
            content = child.find(f"{W}sdtContent")
            if content is not None:
                yield from _block_children(content)
        elif tag in _CONTAINERS or tag == f"{MC}AlternateContent":
            yield from _block_children(_chosen(child))


def _chosen(node: Element) -> Element:
    """The branch of an `mc:AlternateContent` a reader takes (the first choice)."""
    if node.tag != f"{MC}AlternateContent":
        return node
    choice = node.find(f"{MC}Choice")
    return choice if choice is not None else (node.find(f"{MC}Fallback") or node)


def _list_html(items: list[_Paragraph]) -> str:
    """Nested `<ol>`/`<ul>` for list paragraphs (a deeper one nests in the one before)."""
    out: list[str] = []
    stack: list[str] = []
    for item in items:
        tag = "ol" if item.ordered else "ul"
        if item.level > len(stack):
            while len(stack) < item.level:
                stack.append(tag)
                first = len(stack) == item.level and item.ordered and item.number != 1
                out.append(f'<ol start="{item.number}">' if first else f"<{tag}>")
        else:
            out.append("</li>")
            while len(stack) > item.level:
                out.append(f"</{stack.pop()}></li>")
        out.append(f"<li>{item.html}")
        out.extend(item.after)
    out.append("</li>")
    while stack:
        out.append(f"</{stack.pop()}>" + ("</li>" if stack else ""))
    return "".join(out)


def _styles(archive: zipfile.ZipFile) -> dict[str, _Style]:
    if not has(archive, "word/styles.xml"):
        return {}
    styles = {}
    for node in read_xml(archive, "word/styles.xml").iter(f"{W}style"):
        style = _Style(name=_val(node.find(f"{W}name")) or "",
                       based_on=_val(node.find(f"{W}basedOn")))
        props = node.find(f"{W}pPr")
        if props is not None:
            outline = props.find(f"{W}outlineLvl")
            if outline is not None and _int(_val(outline)) < 9:
                style.outline = _int(_val(outline))
            num = props.find(f"{W}numPr")
            if num is not None and _val(num.find(f"{W}numId")) is not None:
                style.num = (_val(num.find(f"{W}numId")) or "0",
                             _int(_val(num.find(f"{W}ilvl"))))
        styles[node.get(f"{W}styleId") or ""] = style
    return styles


@dataclass(frozen=True, slots=True)
class _Level:
    format: str = "decimal"  # numFmt: decimal, bullet, lowerRoman ...
    start: int = 1


def _numbering(archive: zipfile.ZipFile) -> dict[str, dict[int, _Level]]:
    """numId -> {ilvl: its format and start} from the numbering part (a num's
    `startOverride` replaces its abstract list's start)."""
    if not has(archive, "word/numbering.xml"):
        return {}
    root = read_xml(archive, "word/numbering.xml")
    abstract = {}
    for node in root.iter(f"{W}abstractNum"):
        abstract[node.get(f"{W}abstractNumId")] = {
            _int(lvl.get(f"{W}ilvl")): _Level(_val(lvl.find(f"{W}numFmt")) or "decimal",
                                              _start(_val(lvl.find(f"{W}start"))))
            for lvl in node.iter(f"{W}lvl")}
    formats = {}
    for node in root.iter(f"{W}num"):
        levels = dict(abstract.get(_val(node.find(f"{W}abstractNumId")), {}))
        for override in node.iter(f"{W}lvlOverride"):
            start = _val(override.find(f"{W}startOverride"))
            if start is not None:
                ilvl = _int(override.get(f"{W}ilvl"))
                levels[ilvl] = replace(levels.get(ilvl, _Level()), start=_start(start))
        formats[node.get(f"{W}numId") or ""] = levels
    return formats


def _val(node: Element | None) -> str | None:
    return node.get(f"{W}val") if node is not None else None


def _on(props: Element | None, name: str) -> bool:
    """A toggle run property (bold, italic): present and not switched off."""
    if props is None:
        return False
    node = props.find(f"{W}{name}")
    return node is not None and _val(node) not in ("0", "false", "off")


def _heading(level: int) -> int:
    return min(max(level, 1), MAX_HEADING)


def _start(value: str | None) -> int:
    """A list level's first number (`w:start`, `w:startOverride`): 1 when not given."""
    return 1 if value is None else _int(value)


def _int(value: str | None) -> int:
    try:
        return max(int(value or 0), 0)
    except ValueError:
        return 0
