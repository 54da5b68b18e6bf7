"""A generated corpus of Office documents, spreadsheets and e-books with known content.

`build_corpus(out_dir, variants)` writes DOCX (python-docx), PPTX (python-pptx), XLSX
(openpyxl), ODS, CSV and EPUB (plain zip and XHTML) files, deterministically (fixed seeds,
fixed timestamps), and returns a `Case` per file: the words it holds, its headings,
tables (header rows), and list items, which `scripts/bench_office.py` scores converters
against. Variant 0 of each format is the golden-file sample of `tests/office`.

    python scripts/office_corpus.py OUT_DIR [VARIANTS]   # writes the files, prints cases
"""

from __future__ import annotations

import datetime as dt
import io
import random
import struct
import sys
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

WORDS = (
    "harbour lantern meadow copper orchard pebble summit willow beacon canyon delta "
    "ember fjord glacier hollow inlet juniper kestrel lagoon marble nectar oasis prairie "
    "quarry ridge saffron thicket upland valley wharf yarrow zephyr anchor bramble cedar "
    "dune estuary fern granite heather ivy jetty kelp larch moss nettle oak plover reed "
    "sorrel tide umber vetch wren alder basalt chalk dew"
).split()
FIXED_TIME = dt.datetime(2024, 3, 1, 12, 0, 0)


@dataclass(slots=True)
class Case:
    """One generated file and what a faithful conversion holds."""

    name: str
    kind: str  # docx | pptx | xlsx | ods | csv | epub
    path: Path
    words: list[str] = field(default_factory=list)  # every word of body text, in order
    headings: list[str] = field(default_factory=list)  # heading texts
    tables: list[list[str]] = field(default_factory=list)  # header row of each table
    list_items: list[str] = field(default_factory=list)
    absent: list[str] = field(default_factory=list)  # text that must not appear (comments, TOC)


class Text:
    """Deterministic sentences, and the record of every word handed out."""

    def __init__(self, seed: int, case: Case):
        self.rng = random.Random(seed)
        self.case = case

    def words(self, count: int) -> str:
        chosen = [self.rng.choice(WORDS) for _ in range(count)]
        self.case.words.extend(chosen)
        return " ".join(chosen)

    def sentence(self, count: int = 9) -> str:
        text = self.words(count)
        return text[0].upper() + text[1:] + "."

    def heading(self, count: int = 3) -> str:
        text = self.words(count).title()
        self.case.headings.append(text)
        return text

    def item(self, count: int = 4) -> str:
        text = self.words(count)
        self.case.list_items.append(text)
        return text


def png(width: int = 32, height: int = 24, colour: tuple[int, int, int] = (40, 120, 200)) -> bytes:
    """A small solid PNG, written without an imaging library."""
    raw = b"".join(b"\x00" + bytes(colour) * width for _ in range(height))

    def chunk(tag: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + tag + body
                + struct.pack(">I", zlib.crc32(tag + body) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b""))


# -- DOCX ------------------------------------------------------------------------------

def build_docx(path: Path, seed: int) -> Case:
    import docx
    from docx.shared import Inches

    case = Case(path.stem, "docx", path)
    text = Text(seed, case)
    document = docx.Document()
    document.core_properties.title = "Field Notes " + str(seed)
    document.core_properties.author = "Ada Reed"
    document.core_properties.language = "en-GB"
    document.core_properties.created = FIXED_TIME
    document.core_properties.modified = FIXED_TIME
    document.core_properties.last_modified_by = "Ada Reed"
    document.add_paragraph(text.heading(), style="Title")
    intro = document.add_paragraph(text.sentence() + " ")
    intro.add_run(text.words(2)).bold = True
    intro.add_run(" " + text.words(3) + " ")
    intro.add_run(text.words(2)).italic = True
    intro.add_run(" " + text.words(2) + " ")
    _hyperlink(intro, "https://example.org/notes", text.words(2))
    intro.add_run(".")
    document.add_heading(text.heading(), level=1)
    note_paragraph = document.add_paragraph(text.sentence())
    comment_text = "REVIEWER-ONLY remark about the draft"
    case.absent.append(comment_text)
    document.add_comment(note_paragraph.runs, text=comment_text, author="Reviewer")
    footnote_paragraph = document.add_paragraph(text.sentence())
    document.add_heading(text.heading(), level=2)
    for bullet in (True, False):  # as Word writes a list with a nested item (one Tab in)
        num_id = _multilevel_list(document, bullet)
        for level in (0, 1, 0):
            _list_item(document.add_paragraph(text.item(), style="List Paragraph"), num_id,
                       level)
    document.add_heading(text.heading(), level=3)
    rows = 4 + seed % 3
    table = document.add_table(rows=rows, cols=3)
    header = [text.words(1).title() for _ in range(3)]
    case.tables.append(header)
    for j, name in enumerate(header):
        table.cell(0, j).text = name
    table.cell(1, 0).merge(table.cell(2, 0))  # a cell spanning two rows
    table.cell(rows - 1, 1).merge(table.cell(rows - 1, 2))  # and one spanning two columns
    for i in range(1, rows):
        for j in range(3):
            if (i, j) not in ((2, 0), (rows - 1, 2)):  # the merged-away halves
                table.cell(i, j).text = text.words(2)
    picture_paragraph = document.add_paragraph()
    picture_paragraph.add_run().add_picture(io.BytesIO(png()), width=Inches(1))
    alt = text.words(3)
    picture_paragraph._p.xpath(".//wp:docPr")[0].set("descr", alt)
    document.add_heading(text.heading(), level=1)
    for _ in range(2 + seed % 3):
        document.add_paragraph(text.sentence(12))
    footnote = text.sentence(6)
    endnote = text.sentence(5)
    out = io.BytesIO()
    document.save(out)
    data = _add_notes(out.getvalue(), footnote_paragraph, footnote, endnote)
    path.write_bytes(data)
    return case


def _multilevel_list(document, bullet: bool) -> int:
    """A new three-level list definition in the numbering part; its numId."""
    from docx.oxml import parse_xml

    numbering = document.part.numbering_part.element
    abstract_id = 100 + len(numbering.findall(f"{{{_W}}}abstractNum"))
    num_id = abstract_id
    levels = "".join(
        f'<w:lvl w:ilvl="{i}"><w:start w:val="1"/><w:numFmt w:val="'
        f'{"bullet" if bullet else "decimal"}"/><w:lvlText w:val="'
        f'{"•" if bullet else f"%{i + 1}."}"/><w:pPr><w:ind w:left="{720 * (i + 1)}" '
        f'w:hanging="360"/></w:pPr></w:lvl>' for i in range(3))
    abstract = parse_xml(f'<w:abstractNum xmlns:w="{_W}" w:abstractNumId="{abstract_id}">'
                         f'<w:multiLevelType w:val="multilevel"/>{levels}</w:abstractNum>')
    first_num = numbering.find(f"{{{_W}}}num")
    if first_num is not None:
        first_num.addprevious(abstract)
    else:
        numbering.append(abstract)
    numbering.append(parse_xml(f'<w:num xmlns:w="{_W}" w:numId="{num_id}"><w:abstractNumId '
                               f'w:val="{abstract_id}"/></w:num>'))
    return num_id


def _list_item(paragraph, num_id: int, level: int) -> None:
    from docx.oxml.ns import qn
    from docx.oxml.parser import OxmlElement

    numbering = OxmlElement("w:numPr")
    ilvl = OxmlElement("w:ilvl")
    ilvl.set(qn("w:val"), str(level))
    num = OxmlElement("w:numId")
    num.set(qn("w:val"), str(num_id))
    numbering.append(ilvl)
    numbering.append(num)
    paragraph._p.get_or_add_pPr().append(numbering)


def build_long_docx(path: Path, paragraphs: int) -> None:
    """A long report (for timing): headings every 20 paragraphs, some bold runs."""
    import docx

    document = docx.Document()
    text = Text(7, Case(path.stem, "docx", path))
    for i in range(paragraphs):
        if i % 20 == 0:
            document.add_heading(text.words(3).title(), level=1 + (i // 20) % 3)
        paragraph = document.add_paragraph(text.sentence(14) + " ")
        paragraph.add_run(text.words(2)).bold = True
    document.save(path)


def _hyperlink(paragraph, url: str, label: str) -> None:
    from docx.opc.constants import RELATIONSHIP_TYPE
    from docx.oxml.ns import qn
    from docx.oxml.parser import OxmlElement

    rel = paragraph.part.relate_to(url, RELATIONSHIP_TYPE.HYPERLINK, is_external=True)
    link = OxmlElement("w:hyperlink")
    link.set(qn("r:id"), rel)
    run = OxmlElement("w:r")
    text = OxmlElement("w:t")
    text.text = label
    run.append(text)
    link.append(run)
    paragraph._p.append(link)


_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def _notes_part(kind: str, body: str) -> bytes:
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
            f'<w:{kind}s xmlns:w="{_W}">'
            f'<w:{kind} w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p>'
            f'</w:{kind}><w:{kind} w:type="continuationSeparator" w:id="0"><w:p><w:r>'
            f'<w:continuationSeparator/></w:r></w:p></w:{kind}>'
            f'<w:{kind} w:id="1"><w:p><w:r><w:t xml:space="preserve">{body}</w:t></w:r></w:p>'
            f'</w:{kind}></w:{kind}s>').encode()


def _add_notes(data: bytes, paragraph, footnote: str, endnote: str) -> bytes:
    """Add a footnote and an endnote part (python-docx writes neither) and references
    to them at the end of the paragraph whose text ends the XML `paragraph` element."""
    anchor = paragraph.text
    refs = ('<w:r><w:footnoteReference w:id="1"/></w:r><w:r><w:endnoteReference w:id="1"/>'
            '</w:r>')
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            body = src.read(item.filename)
            if item.filename == "word/document.xml":
                marker = f"{anchor}</w:t></w:r>".encode()
                body = body.replace(marker, marker + refs.encode(), 1)
            elif item.filename == "word/_rels/document.xml.rels":
                body = body.replace(b"</Relationships>", (
                    b'<Relationship Id="rIdFn" Type="http://schemas.openxmlformats.org/'
                    b'officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/>'
                    b'<Relationship Id="rIdEn" Type="http://schemas.openxmlformats.org/'
                    b'officeDocument/2006/relationships/endnotes" Target="endnotes.xml"/>'
                    b"</Relationships>"))
            elif item.filename == "[Content_Types].xml":
                body = body.replace(b"</Types>", (
                    b'<Override PartName="/word/footnotes.xml" ContentType="application/'
                    b'vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/>'
                    b'<Override PartName="/word/endnotes.xml" ContentType="application/'
                    b'vnd.openxmlformats-officedocument.wordprocessingml.endnotes+xml"/>'
                    b"</Types>"))
            dst.writestr(_fixed(item.filename), body)
        dst.writestr(_fixed("word/footnotes.xml"), _notes_part("footnote", footnote))
        dst.writestr(_fixed("word/endnotes.xml"), _notes_part("endnote", endnote))
    return out.getvalue()


def _fixed(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=(2024, 3, 1, 12, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


# -- PPTX ------------------------------------------------------------------------------

def build_pptx(path: Path, seed: int) -> Case:
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    case = Case(path.stem, "pptx", path)
    text = Text(seed, case)
    deck = Presentation()
    deck.core_properties.title = "Deck " + str(seed)
    deck.core_properties.created = FIXED_TIME
    deck.core_properties.modified = FIXED_TIME
    title_slide = deck.slides.add_slide(deck.slide_layouts[0])
    title_slide.shapes.title.text = text.heading()
    title_slide.placeholders[1].text = text.sentence(5)
    bullets = deck.slides.add_slide(deck.slide_layouts[1])
    bullets.shapes.title.text = text.heading()
    frame = bullets.placeholders[1].text_frame
    frame.text = text.item()
    for level in (1, 0, 1):
        paragraph = frame.add_paragraph()
        paragraph.text = text.item()
        paragraph.level = level
    bullets.notes_slide.notes_text_frame.text = text.sentence(7)
    table_slide = deck.slides.add_slide(deck.slide_layouts[5])
    table_slide.shapes.title.text = text.heading()
    rows = 3 + seed % 2
    shape = table_slide.shapes.add_table(rows, 3, Inches(1), Inches(2), Inches(6), Inches(2))
    header = [text.words(1).title() for _ in range(3)]
    case.tables.append(header)
    for j, name in enumerate(header):
        shape.table.cell(0, j).text = name
    for i in range(1, rows):
        for j in range(3):
            shape.table.cell(i, j).text = text.words(1)
    lower = table_slide.shapes.add_textbox(Inches(1), Inches(5), Inches(6), Inches(1))
    lower.text_frame.text = text.sentence(6)
    upper = table_slide.shapes.add_textbox(Inches(1), Inches(1.3), Inches(6), Inches(0.5))
    upper.text_frame.text = text.sentence(4)  # added last, sits above the table
    chart_slide = deck.slides.add_slide(deck.slide_layouts[5])
    chart_slide.shapes.title.text = text.heading()
    data = CategoryChartData()
    categories = [text.words(1).title() for _ in range(3)]
    data.categories = categories
    series = text.words(1).title()
    data.add_series(series, (12.5, 7.0, 3.25))
    case.words.extend(["12.5", "7", "3.25"])
    chart = chart_slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(2),
                                         Inches(6), Inches(4), data).chart
    chart.has_title = True
    chart.chart_title.text_frame.text = text.words(3)
    case.tables.append(["Category", series])
    picture = chart_slide.shapes.add_picture(io.BytesIO(png()), Inches(7.5), Inches(6))
    alt = text.words(3)
    picture._element.nvPicPr.cNvPr.set("descr", alt)
    out = io.BytesIO()
    deck.save(out)
    path.write_bytes(_refix_zip(out.getvalue()))
    return case


def _refix_zip(data: bytes) -> bytes:
    """The same package with fixed member timestamps (a deterministic file)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            dst.writestr(_fixed(item.filename), src.read(item.filename))
    return out.getvalue()


# -- Spreadsheets ----------------------------------------------------------------------

def sheet_rows(text: Text, seed: int, rows: int) -> list[list[object]]:
    header = ["Site", "Count", "Ratio", "Seen"]
    rng = random.Random(seed)
    body: list[list[object]] = []
    for i in range(rows):
        body.append([text.words(1), rng.randint(1, 999), round(rng.random(), 3),
                     dt.date(2023, 1 + i % 12, 1 + i % 27)])
    return [header, *body]


def build_xlsx(path: Path, seed: int) -> Case:
    import openpyxl

    case = Case(path.stem, "xlsx", path)
    text = Text(seed, case)
    book = openpyxl.Workbook()
    first = book.active
    first.title = "Sites"
    rows = sheet_rows(text, seed, 5 + seed % 4)
    case.tables.append([str(v) for v in rows[0]])
    case.headings.append("Sites")
    for row in rows:
        first.append(row)
    last = len(rows)
    first.cell(row=last + 1, column=1, value="Total")
    first.cell(row=last + 1, column=2, value=f"=SUM(B2:B{last})")
    second = book.create_sheet("Notes")
    case.headings.append("Notes")
    second.append(["Topic", "Remark"])
    case.tables.append(["Topic", "Remark"])
    for _ in range(3):
        second.append([text.words(1), text.sentence(5)])
    book.properties.created = FIXED_TIME
    book.properties.modified = FIXED_TIME
    out = io.BytesIO()
    book.save(out)
    data = _with_cached_sum(out.getvalue(), rows)
    path.write_bytes(_refix_zip(data))
    return case


def _with_cached_sum(data: bytes, rows: list[list[object]]) -> bytes:
    """openpyxl writes formulas without results (Excel computes them on open); write the
    cached value Excel would store, so readers of cached values see the total."""
    total = sum(int(row[1]) for row in rows[1:])
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            body = src.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                body = body.replace(f"<f>SUM(B2:B{len(rows)})</f><v></v>".encode(),
                                    f"<f>SUM(B2:B{len(rows)})</f><v>{total}</v>".encode())
                body = body.replace(f"<f>SUM(B2:B{len(rows)})</f><v/>".encode(),
                                    f"<f>SUM(B2:B{len(rows)})</f><v>{total}</v>".encode())
            dst.writestr(item.filename, body)
    return out.getvalue()


_ODS_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
           'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
           'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')


def build_ods(path: Path, seed: int) -> Case:
    from xml.sax.saxutils import escape

    case = Case(path.stem, "ods", path)
    text = Text(seed, case)
    rows = sheet_rows(text, seed, 4 + seed % 3)
    case.headings.append("Survey")
    case.tables.append([str(v) for v in rows[0]])
    cells = []
    for row in rows:
        out = []
        for value in row:
            if isinstance(value, dt.date):
                out.append(f'<table:table-cell office:value-type="date" '
                           f'office:date-value="{value.isoformat()}"><text:p>'
                           f'{value.strftime("%d/%m/%Y")}</text:p></table:table-cell>')
            elif isinstance(value, (int, float)):
                out.append(f'<table:table-cell office:value-type="float" office:value="{value}">'
                           f'<text:p>{value}</text:p></table:table-cell>')
            else:
                out.append(f'<table:table-cell office:value-type="string"><text:p>'
                           f'{escape(str(value))}</text:p></table:table-cell>')
        out.append('<table:table-cell table:number-columns-repeated="1020"/>')
        cells.append("<table:table-row>" + "".join(out) + "</table:table-row>")
    cells.append('<table:table-row table:number-rows-repeated="1048000">'
                 '<table:table-cell table:number-columns-repeated="1024"/></table:table-row>')
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {_ODS_NS}>'
               f'<office:body><office:spreadsheet><table:table table:name="Survey">'
               f'{"".join(cells)}</table:table></office:spreadsheet></office:body>'
               f'</office:document-content>')
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(_stored("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr(_fixed("content.xml"), content)
        archive.writestr(_fixed("META-INF/manifest.xml"), _MANIFEST_ODS)
    return case


_MANIFEST_ODS = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest='
                 '"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry '
                 'manifest:full-path="/" manifest:media-type="application/vnd.oasis.'
                 'opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.'
                 'xml" manifest:media-type="text/xml"/></manifest:manifest>')


def _stored(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=(2024, 3, 1, 12, 0, 0))
    info.compress_type = zipfile.ZIP_STORED
    return info


CSV_ENCODINGS = (("utf-8-sig", ","), ("cp1252", ";"), ("cp932", "\t"))
_CSV_EXTRA = {"cp1252": ["café", "crème", "Zürich"], "cp932": ["東京", "大阪", "札幌"],
              "utf-8-sig": ["naïve", "façade", "Ørsted"]}


def build_csv(path: Path, seed: int) -> Case:
    encoding, delimiter = CSV_ENCODINGS[seed % len(CSV_ENCODINGS)]
    case = Case(path.stem, "csv", path)
    text = Text(seed, case)
    header = ["Name", "Place", "Amount"]
    case.tables.append(header)
    lines = [delimiter.join(header)]
    places = _CSV_EXTRA[encoding]
    rng = random.Random(seed)
    for i in range(6 + seed % 5):
        place = places[i % len(places)]
        case.words.append(place)
        amount = f"{rng.randint(1, 99)}"
        case.words.append(amount)
        lines.append(delimiter.join([text.words(1), place, amount]))
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode(encoding))
    return case


# -- EPUB ------------------------------------------------------------------------------

def build_epub(path: Path, seed: int) -> Case:
    case = Case(path.stem, "epub", path)
    text = Text(seed, case)
    title = "The Book Of " + WORDS[seed % len(WORDS)].title()
    chapters = []
    for number in (1, 2, 3):
        heading = text.heading()
        body = "".join(f"<p>{text.sentence(10)}</p>" for _ in range(2 + seed % 2))
        chapters.append((f"chapter{number}.xhtml", heading, body))
    toc_label = "CONTENTS-ONLY label"
    case.absent.append(toc_label)
    spine_order = [chapters[0], chapters[2], chapters[1]]  # manifest order differs from spine
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(_stored("mimetype"), "application/epub+zip")
        archive.writestr(_fixed("META-INF/container.xml"), _CONTAINER)
        archive.writestr(_fixed("OEBPS/content.opf"), _opf(title, chapters, spine_order))
        archive.writestr(_fixed("OEBPS/nav.xhtml"), _nav(toc_label, chapters))
        for name, heading, body in chapters:
            archive.writestr(_fixed(f"OEBPS/{name}"), _xhtml(heading, body))
    words, headings = [], []
    for _, heading, body in spine_order:  # the expected order is the spine's
        headings.append(heading)
        words.extend(heading.lower().split())
        words.extend(body.replace("<p>", " ").replace("</p>", " ").replace(".", "").split())
    case.words = [w.lower() for w in words]
    case.headings = headings
    return case


_CONTAINER = ('<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:'
              'opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf"'
              ' media-type="application/oebps-package+xml"/></rootfiles></container>')


def _opf(title: str, chapters: list, spine: list) -> str:
    items = "".join(f'<item id="c{i}" href="{name}" media-type="application/xhtml+xml"/>'
                    for i, (name, _, _) in enumerate(chapters, start=1))
    ids = {name: f"c{i}" for i, (name, _, _) in enumerate(chapters, start=1)}
    refs = "".join(f'<itemref idref="{ids[name]}"/>' for name, _, _ in spine)
    return ('<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf"'
            ' version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/'
            f'elements/1.1/"><dc:identifier id="id">urn:uuid:0000</dc:identifier><dc:title>'
            f'{title}</dc:title><dc:creator>Mira Holt</dc:creator><dc:creator>Tom Vale'
            '</dc:creator><dc:language>en</dc:language><dc:publisher>Northwind Press'
            '</dc:publisher><dc:date>2021-05-04</dc:date></metadata><manifest>'
            '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" '
            f'properties="nav"/>{items}</manifest><spine><itemref idref="nav" linear="no"/>'
            f'{refs}</spine></package>')


def _nav(label: str, chapters: list) -> str:
    links = "".join(f'<li><a href="{name}">{heading}</a></li>' for name, heading, _ in chapters)
    return ('<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" '
            'xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head>'
            f'<body><nav epub:type="toc"><h1>{label}</h1><ol>{links}</ol></nav></body></html>')


def _xhtml(heading: str, body: str) -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html><html xmlns="http://www.w3.org'
            f'/1999/xhtml"><head><title>{heading}</title></head><body><h1>{heading}</h1>'
            f'{body}</body></html>')


BUILDERS: dict[str, tuple[str, Callable[[Path, int], Case]]] = {
    "docx": (".docx", build_docx), "pptx": (".pptx", build_pptx),
    "xlsx": (".xlsx", build_xlsx), "ods": (".ods", build_ods),
    "csv": (".csv", build_csv), "epub": (".epub", build_epub),
}


def build_corpus(out_dir: Path, variants: int = 1,
                 kinds: tuple[str, ...] = tuple(BUILDERS)) -> list[Case]:
    """Write `variants` files of each kind into `out_dir`; their `Case`s."""
    out_dir.mkdir(parents=True, exist_ok=True)
    cases = []
    for kind in kinds:
        suffix, builder = BUILDERS[kind]
        for seed in range(variants):
            cases.append(builder(out_dir / f"{kind}-{seed:02d}{suffix}", seed))
    return cases


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    variants = int(argv[1]) if len(argv) > 1 else 1
    for case in build_corpus(Path(argv[0]), variants):
        print(f"{case.path}  {len(case.words)} words, {len(case.headings)} headings, "
              f"{len(case.tables)} tables, {len(case.list_items)} list items")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
