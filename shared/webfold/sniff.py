"""Deciding what a byte string is, from its first bytes first and its hints second.

Reading never consumes the input: sniffing looks at a prefix of the same bytes the
chosen converter then reads.
"""

from __future__ import annotations

import io
import zipfile
import zlib
from dataclasses import dataclass

from webfold.outputs import (
    CSV_SUFFIXES,
    DOCX_SUFFIXES,
    EPUB_SUFFIXES,
    HTML_SUFFIXES,
    ODS_SUFFIXES,
    PDF_SUFFIXES,
    PPTX_SUFFIXES,
    WARC_SUFFIXES,
    XLSX_SUFFIXES,
    source_suffix,
)

HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
PDF_TYPES = frozenset({"application/pdf", "application/x-pdf"})
WARC_TYPES = frozenset({"application/warc", "application/x-warc"})
CSV_TYPES = frozenset({"text/csv", "application/csv", "text/tab-separated-values"})
# ZIP containers by extension (a hint for a ZIP whose directory is gone).
OFFICE_EXTENSIONS = {suffix: doc_type for suffixes, doc_type in (
    (DOCX_SUFFIXES, "docx"), (PPTX_SUFFIXES, "pptx"), (XLSX_SUFFIXES, "xlsx"),
    (ODS_SUFFIXES, "ods"), (EPUB_SUFFIXES, "epub")) for suffix in suffixes}
# The content types that name an OOXML package's main part.
_OOXML_MAIN = ((b"wordprocessingml.document.main+xml", "docx"),
               (b"ms-word.document.macroEnabled.main+xml", "docx"),
               (b"presentationml.presentation.main+xml", "pptx"),
               (b"ms-powerpoint.presentation.macroEnabled.main+xml", "pptx"),
               (b"spreadsheetml.sheet.main+xml", "xlsx"),
               (b"ms-excel.sheet.macroEnabled.main+xml", "xlsx"))
# Main part names, found in the local headers when the central directory is gone.
_OOXML_PARTS = ((b"word/document.xml", "docx"), (b"ppt/presentation.xml", "pptx"),
                (b"xl/workbook.xml", "xlsx"))
_PACKAGE_MIMETYPES = {b"application/epub+zip": "epub",
                      b"application/vnd.oasis.opendocument.spreadsheet": "ods"}
ZIP_MAGIC = b"PK\x03\x04"
CFB_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # OLE compound file (legacy Office)
# The stream an encrypted OOXML file keeps inside its compound file, as UTF-16 LE.
_ENCRYPTED_PACKAGE = "EncryptedPackage".encode("utf-16-le")

# Bytes below space that text never holds: all but tab, newlines, form feed and escape.
_CONTROL_BYTES = bytes(b for b in range(32) if b not in (9, 10, 12, 13, 27))
_HTML_MARKERS = (b"<!doctype html", b"<html", b"<head", b"<body", b"<meta", b"<title",
                 b"<div", b"<p", b"<!--", b"<script", b"<?xml", b"<h1", b"<table", b"<a ")


@dataclass(frozen=True, slots=True, kw_only=True)
class StreamInfo:
    """What the caller knows about the input besides its bytes."""

    mimetype: str | None = None
    charset: str | None = None  # from a Content-Type header
    extension: str | None = None  # lowercased, with the dot: ".html", ".warc.gz"
    filename: str | None = None
    url: str | None = None

    @classmethod
    def from_hints(cls, *, url: str | None, content_type: str | None,
                   filename: str | None) -> StreamInfo:
        mimetype, charset = parse_content_type(content_type)
        name = filename or (url_path(url) if url else None)
        return cls(mimetype=mimetype, charset=charset, extension=extension_of(name),
                   filename=filename, url=url)


def url_path(url: str) -> str:
    """The path of `url` without query and fragment: a bare host ("example.net") names
    no file, so its suffix is no extension."""
    rest = url.split("?", 1)[0].split("#", 1)[0]
    scheme, sep, after = rest.partition("://")
    return after.partition("/")[2] if sep else rest


def parse_content_type(value: str | None) -> tuple[str | None, str | None]:
    """`text/html; charset=UTF-8` -> ("text/html", "utf-8")."""
    if not value:
        return None, None
    parts = value.split(";")
    mimetype = parts[0].strip().lower() or None
    charset = None
    for param in parts[1:]:
        key, _, val = param.partition("=")
        if key.strip().lower() == "charset":
            charset = val.strip().strip("\"'").lower() or None
    return mimetype, charset


def extension_of(name: str | None) -> str | None:
    if not name:
        return None
    base = name.rsplit("/", 1)[-1].lower()
    known = source_suffix(base)  # a compound one (.warc.gz) as a whole
    if known is not None:
        return known
    if "." not in base:
        return None
    return "." + base.rsplit(".", 1)[-1]


def sniff(data: bytes, info: StreamInfo) -> str:
    """The document type of `data` (the whole input, or its first KB): html, pdf, warc,
    docx, pptx, xlsx, ods, epub, csv, `encrypted_office` (a password-protected OOXML
    package), `not_pdf` (named or declared PDF without its header), `binary` (bytes no
    text format has, whatever the name says) or unknown.

    Magic bytes win over hints (a PDF named .html is a PDF); hints decide when the
    bytes say nothing definite. A ZIP's type is read from its parts (the OOXML
    `[Content_Types].xml`, the ODF/EPUB `mimetype`), which needs the whole input.
    """
    head = data[:4096]
    if head.startswith(ZIP_MAGIC):
        return zip_type(data, info)
    if head.startswith(CFB_MAGIC):
        return "encrypted_office" if _ENCRYPTED_PACKAGE in data else "binary"
    stripped = head.lstrip(b"\xef\xbb\xbf\x00\t\r\n ")
    if stripped.startswith(b"%PDF-") or b"%PDF-" in head[:1024]:
        return "pdf"
    if stripped.startswith(b"WARC/"):
        return "warc"
    if head[:2] == b"\x1f\x8b" and gunzips_to_warc(head):
        return "warc"
    if info.mimetype in PDF_TYPES or info.extension in PDF_SUFFIXES:
        return "pdf" if not stripped else "not_pdf"
    if info.mimetype in WARC_TYPES or info.extension in WARC_SUFFIXES:
        return "warc"
    if _is_binary(head):
        return "binary"  # whatever its name says: no converter reads it
    if (info.mimetype in CSV_TYPES or info.extension in CSV_SUFFIXES) and _is_text(head):
        return "csv"
    if info.mimetype in HTML_TYPES or info.extension in HTML_SUFFIXES:
        return "html"
    if _looks_like_html(head):
        return "html"
    if info.mimetype is None and info.extension in (None, ".txt") and _is_text(head):
        return "html"  # plain text reads fine through the HTML path as one paragraph run
    return "unknown"


def zip_type(data: bytes, info: StreamInfo) -> str:
    """docx, pptx, xlsx, ods or epub for a ZIP container, else unknown.

    The package `mimetype` (stored first, so it sits in the head) names ODF and EPUB;
    OOXML names its main part in `[Content_Types].xml`. A ZIP whose directory is gone
    (truncated) is named by its part names or, failing that, its extension, so that its
    converter reports it `damaged` rather than the type `unknown`.
    """
    if data[30:38] == b"mimetype":
        value = data[38:38 + 64]
        for mimetype, doc_type in _PACKAGE_MIMETYPES.items():
            if value.startswith(mimetype):
                return doc_type
        return "unknown"
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            with archive.open("[Content_Types].xml") as part:
                types = part.read(1_000_000)
    except KeyError:
        return _package_type(data, info)
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, NotImplementedError, RuntimeError):
        return _damaged_zip_type(data, info)
    for content_type, doc_type in _OOXML_MAIN:
        if content_type in types:
            return doc_type
    return "unknown"


def _package_type(data: bytes, info: StreamInfo) -> str:
    """An ODF/EPUB package whose `mimetype` entry is not the first one."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            value = archive.read("mimetype")[:64] if "mimetype" in archive.namelist() else b""
    except (zipfile.BadZipFile, ValueError, OSError, EOFError, NotImplementedError, RuntimeError):
        return _damaged_zip_type(data, info)
    return _PACKAGE_MIMETYPES.get(value.strip(), "unknown")


def _damaged_zip_type(data: bytes, info: StreamInfo) -> str:
    for name, doc_type in _OOXML_PARTS:
        if name in data:
            return doc_type
    return OFFICE_EXTENSIONS.get(info.extension or "", "unknown")


def gunzips_to_warc(head: bytes) -> bool:
    """Whether `head` (the start of a gzip member) decompresses to a WARC record header."""
    try:
        return zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(head, 16).startswith(b"WARC/")
    except zlib.error:
        return False


def _is_binary(head: bytes) -> bool:
    """Control bytes no text has (over 2% of the first 2 KB), unless it is UTF-16 markup."""
    sample = head[:2048]
    if sample.startswith((b"\xff\xfe", b"\xfe\xff")):
        return False
    controls = len(sample) - len(sample.translate(None, _CONTROL_BYTES))
    if controls <= len(sample) // 50:
        return False
    return not (sample.count(0) > len(sample) // 3 and _looks_like_html(sample))


def _looks_like_html(head: bytes) -> bool:
    sample = head[:2048]
    if sample.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16 byte order marks
        sample = sample.decode("utf-16", "ignore").encode("ascii", "ignore")
    elif sample.count(0) > len(sample) // 3:  # UTF-16 without a BOM: ASCII markup, NUL bytes
        codec = "utf-16-be" if sample[0::2].count(0) > sample[1::2].count(0) else "utf-16-le"
        sample = sample.decode(codec, "ignore").encode("ascii", "ignore")
    lowered = sample.lower()
    return any(marker in lowered for marker in _HTML_MARKERS)


def _is_text(head: bytes) -> bool:
    if not head:
        return False
    sample = head[:2048]
    return b"\x00" not in sample and sum(b < 9 for b in sample) == 0
