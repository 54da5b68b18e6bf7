"""`EpubConverter`: e-books, chapter by chapter in spine order through the HTML path.

container.xml names the package document (OPF); its metadata (title, creators,
language, publisher, date) goes into `Metadata`; its spine gives the chapters, each
converted with `select="all"`. The table of contents (the EPUB 3 nav document, the
EPUB 2 guide's `toc` reference, the NCX) is left out of the body. Package XML is parsed
with a parser that refuses DTDs; chapters go to the HTML parser, which expands no
entities.
"""

from __future__ import annotations

import re
import time
import zipfile
from urllib.parse import unquote

from webfold.contract import ConvertOptions
from webfold.document import Block, Document, Metadata, failed
from webfold.errors import ConversionError
from webfold.html.converter import convert_text
from webfold.markdown import join_blocks
from webfold.office.archive import ArchiveError, has, open_archive, read, read_xml, resolve
from webfold.office.render import ImageWriter
from webfold.sniff import StreamInfo

OPF = "{http://www.idpf.org/2007/opf}"
DC = "{http://purl.org/dc/elements/1.1/}"
CONTAINER = "{urn:oasis:names:tc:opendocument:xmlns:container}"
CHAPTER_TYPES = frozenset({"application/xhtml+xml", "text/html", "application/xml"})
_IMAGE_REF = re.compile(r"(!\[[^\]]*\]\()([^)\s]+)(\))")


class EpubConverter:
    """EPUB 2 and 3 to Markdown."""

    def convert(self, data: bytes, info: StreamInfo, options: ConvertOptions) -> Document:
        """Convert an e-book. Errors as values: damaged (not a ZIP, truncated, no
        package document, bad package XML), too_large, encrypted, empty. Chapters left
        when `office_budget_s` runs out are skipped with a warning."""
        try:
            archive = open_archive(data, options.settings, check_xml=False)
            opf_part = _package_part(archive)
            opf = read_xml(archive, opf_part)
            metadata = _metadata(opf)
            chapters = _chapters(opf, opf_part)
            warnings: list[str] = []
            images = ImageWriter(options.image_dir, warnings)
            blocks = _read_chapters(archive, chapters, images, warnings,
                                    time.monotonic() + options.settings.office_budget_s)
        except ArchiveError as error:
            return failed("epub", error.code, error.message)
        for index, block in enumerate(blocks):
            block.index = index
        doc = Document(type="epub", markdown=join_blocks(blocks), blocks=blocks,
                       metadata=metadata, warnings=warnings)
        if not doc.markdown:
            doc.error = ConversionError("empty", "the e-book has no text content")
        return doc


def _package_part(archive: zipfile.ZipFile) -> str:
    root = read_xml(archive, "META-INF/container.xml")
    for rootfile in root.iter(f"{CONTAINER}rootfile"):
        path = rootfile.get("full-path")
        if path and has(archive, path):
            return path
    raise ArchiveError("damaged", "container.xml names no package document in the archive")


def _metadata(opf) -> Metadata:
    meta = opf.find(f"{OPF}metadata")
    if meta is None:
        return Metadata()

    def texts(tag: str) -> list[str]:
        return [" ".join(n.text.split()) for n in meta.iter(f"{DC}{tag}") if n.text and
                n.text.strip()]

    def first(tag: str) -> str | None:
        found = texts(tag)
        return found[0] if found else None

    authors = texts("creator")
    return Metadata(title=first("title"), author=", ".join(authors) or None,
                    language=first("language"), publisher=first("publisher"),
                    date=first("date"), description=first("description"))


def _chapters(opf, opf_part: str) -> list[str]:
    """Chapter parts in spine order, without the table of contents."""
    items = {}
    skipped = set()
    for item in opf.iter(f"{OPF}item"):
        href = resolve(opf_part, unquote(item.get("href") or ""))
        items[item.get("id")] = (href, item.get("media-type") or "")
        if "nav" in (item.get("properties") or "").split():
            skipped.add(href)
    for reference in opf.iter(f"{OPF}reference"):  # EPUB 2 guide
        if (reference.get("type") or "").lower() == "toc":
            skipped.add(resolve(opf_part, unquote((reference.get("href") or "").split("#")[0])))
    chapters = []
    for ref in opf.iter(f"{OPF}itemref"):
        href, media_type = items.get(ref.get("idref"), ("", ""))
        if href and media_type in CHAPTER_TYPES and href not in skipped and href not in chapters:
            chapters.append(href)
    return chapters


def _read_chapters(archive: zipfile.ZipFile, chapters: list[str], images: ImageWriter,
                   warnings: list[str], deadline: float) -> list[Block]:
    blocks: list[Block] = []
    offset = 0
    for number, part in enumerate(chapters, start=1):
        if number > 1 and time.monotonic() > deadline:
            warnings.append(f"time budget ran out: chapters {number}-{len(chapters)} skipped")
            break
        if not has(archive, part):
            warnings.append(f"chapter {part} is missing from the archive")
            continue
        doc = convert_text(read(archive, part), None, "all")
        for block in doc.blocks:
            block.lists = tuple(i + offset for i in block.lists)  # ids unique per chapter:
            block.quotes = tuple(i + offset for i in block.quotes)  # made unique per book
            if block.kind == "image" or "![" in block.markdown:
                block.markdown = _IMAGE_REF.sub(
                    lambda m, p=part: _image(archive, p, m, images), block.markdown)
        offset = max((i for b in doc.blocks for i in b.lists + b.quotes), default=offset) + 1
        blocks.extend(doc.blocks)
    return blocks


def _image(archive: zipfile.ZipFile, chapter: str, found: re.Match[str],
           images: ImageWriter) -> str:
    """An image of a chapter linked to its written file, or its alt text when none is."""
    src = found[2]
    if ":" in src.split("/", 1)[0]:  # an absolute URL (http:, data:): as the book has it
        return found[0]
    part = resolve(chapter, unquote(src.split("#")[0]))
    if not has(archive, part):
        return found[0]
    target = images.target(part, lambda: read(archive, part), None)
    return found[1] + target + found[3] if target is not None else found[1][2:-2]
