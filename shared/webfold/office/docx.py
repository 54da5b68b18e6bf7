"""`DocxConverter`: Word documents through mammoth's semantic HTML and the HTML path.

mammoth reads the OOXML (styles to headings, numbering to nested lists, tables with
their spans, hyperlinks, footnotes and endnotes, images with alt text; comments are
left out) and writes plain semantic HTML, which the HTML path renders with
`select="all"`. Why mammoth over a direct reader (python-docx): see the README,
"Office documents and e-books".
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any
from xml.parsers.expat import ExpatError

from webfold.contract import ConvertOptions
from webfold.document import Document, failed
from webfold.office.archive import ArchiveError, has, open_archive, read
from webfold.office.metadata import core_properties
from webfold.office.render import ImageWriter, to_document
from webfold.sniff import StreamInfo

# mammoth's defaults plus the styles it leaves as paragraphs.
STYLE_MAP = """
p[style-name='Title'] => h1:fresh
p[style-name='Subtitle'] => p:fresh
"""


STYLES_PART = "word/styles.xml"
LEAN_STYLES_BYTES = 64_000
_STYLE = re.compile(rb'<w:style\b[^>]*?w:styleId="([^"]*)"[^>]*>.*?</w:style>', re.S)
_STYLE_REF = re.compile(rb'<w:(?:pStyle|rStyle|tblStyle|basedOn|link|numStyleLink|styleLink)'
                        rb' w:val="([^"]*)"')
_LATENT = re.compile(rb"<w:latentStyles\b.*?</w:latentStyles>", re.S)
_DEFAULT = b'w:default="1"'
_NOTE_REF = re.compile(r"<sup>\[\\\[(\d+)\\\]\]\(#(?:foot|end)note-\d+\)</sup>")
_NOTE_ITEM = re.compile(r"^(\d+)\. (.*?) ?\[↑\]\(#(?:foot|end)note-ref-\d+\)$", re.M)


class DocxConverter:
    """DOCX (and DOCM) to Markdown."""

    def convert(self, data: bytes, info: StreamInfo, options: ConvertOptions) -> Document:
        """Convert a Word document. Errors as values: damaged (not a ZIP, truncated, no
        document part, bad XML), too_large (archive caps), encrypted, empty."""
        try:
            archive = open_archive(data, options.settings)
            if not has(archive, "word/document.xml"):
                raise ArchiveError("damaged", "the package has no word/document.xml")
            metadata = core_properties(archive)
        except ArchiveError as error:
            return failed("docx", error.code, error.message)
        warnings: list[str] = []
        images = ImageWriter(options.image_dir, warnings)
        try:
            markup = _html(lean_styles(archive, data), images)
        except (KeyError, ExpatError, zipfile.BadZipFile, EOFError, ValueError) as exc:
            return failed("docx", "damaged", f"the document cannot be read ({exc})")
        doc = to_document("docx", markup, metadata, warnings)
        doc.markdown = footnotes(doc.markdown)
        return doc


def lean_styles(archive: zipfile.ZipFile, data: bytes) -> bytes:
    """The package with `word/styles.xml` cut to the styles the text uses (with the
    styles they are based on or linked to) and without latent styles, when the part is
    over `LEAN_STYLES_BYTES`; else `data` as it is.

    mammoth parses every part with minidom, about ten times slower than a C parser, and
    templates carry hundreds of unused style definitions (python-docx's: 164 styles,
    340 KB): the styles part is then most of the conversion time. Styles are matched
    with the `w:` prefix every Word producer writes; any other prefix prunes nothing.
    """
    if not has(archive, STYLES_PART) or archive.getinfo(STYLES_PART).file_size < LEAN_STYLES_BYTES:
        return data
    styles = read(archive, STYLES_PART)
    wanted = set()
    for name in archive.namelist():
        if name.startswith("word/") and name.endswith(".xml") and name != STYLES_PART:
            wanted.update(_STYLE_REF.findall(read(archive, name)))
    definitions = {m[1]: m[0] for m in _STYLE.finditer(styles)}
    kept, queue = set(), list(wanted)
    while queue:
        style_id = queue.pop()
        if style_id in kept or style_id not in definitions:
            continue
        kept.add(style_id)
        queue.extend(_STYLE_REF.findall(definitions[style_id]))  # basedOn, link, numbering

    def keep(match: re.Match[bytes]) -> bytes:
        return match[0] if match[1] in kept or _DEFAULT in match[0][:200] else b""

    lean = _LATENT.sub(b"", _STYLE.sub(keep, styles))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as copy:
        for member in archive.infolist():
            if member.filename != "word/stylesWithEffects.xml":  # never read by mammoth
                body = lean if member.filename == STYLES_PART else read(archive, member.filename)
                copy.writestr(member.filename, body)
    return out.getvalue()


def _html(data: bytes, images: ImageWriter) -> str:
    import mammoth

    counter = iter(range(1, 1_000_000))

    def image_source(image: Any) -> dict[str, str]:
        def read() -> bytes:
            with image.open() as stream:
                return stream.read()
        return {"src": images.target(f"word/media/image{next(counter)}", read,
                                     image.content_type)}

    result = mammoth.convert_to_html(io.BytesIO(data), style_map=STYLE_MAP,
                                     convert_image=mammoth.images.img_element(image_source))
    # A Word table is data even when its cells hold paragraphs (which make an HTML table
    # read as a layout grid): an empty <thead> tells the HTML path so.
    return "<html><body>" + result.value.replace("<table>", "<table><thead></thead>") + \
        "</body></html>"


def footnotes(markdown: str) -> str:
    """mammoth's note references and its closing note list as Markdown footnotes:
    `<sup>[\\[1\\]](#footnote-1)</sup>` -> `[^1]`, `1. text [↑](#footnote-ref-1)` ->
    `[^1]: text`."""
    markdown = _NOTE_REF.sub(r"[^\1]", markdown)
    return _NOTE_ITEM.sub(r"[^\1]: \2", markdown)
