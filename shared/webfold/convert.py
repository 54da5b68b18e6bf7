"""The one entry point: bytes (or text) plus hints in, a `Document` out.

Converters are looked up by sniffed type and imported lazily, so a process that only
ever sees HTML never pays for importing PyMuPDF.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
import re
import time
import zlib
from typing import Any, BinaryIO

from webfold.contentcoding import TooLarge, compression_of, decode_content
from webfold.contract import SELECT_MODES, Converter, ConvertOptions
from webfold.document import Document, failed
from webfold.outputs import describe_extension
from webfold.settings import Settings
from webfold.sniff import OFFICE_EXTENSIONS, StreamInfo, gunzips_to_warc, sniff

# sniffed type -> "module:Class"; imported on first use.
_REGISTRY: dict[str, str] = {
    "html": "webfold.html.converter:HtmlConverter",
    "pdf": "webfold.pdf.converter:PdfConverter",
    "warc": "webfold.warc:WarcConverter",
    "docx": "webfold.office.docx:DocxConverter",
    "pptx": "webfold.office.pptx:PptxConverter",
    "xlsx": "webfold.office.sheets:XlsxConverter",
    "ods": "webfold.office.sheets:OdsConverter",
    "csv": "webfold.office.sheets:CsvConverter",
    "epub": "webfold.office.epub:EpubConverter",
}
# Container formats: their converter is made with this module's `convert`, for the
# documents inside, so no converter imports the registry back.
_CONTAINERS = frozenset({"warc"})
_loaded: dict[str, Converter] = {}


def _converter(doc_type: str) -> Converter:
    conv = _loaded.get(doc_type)
    if conv is None:
        module_name, _, class_name = _REGISTRY[doc_type].partition(":")
        cls = getattr(importlib.import_module(module_name), class_name)
        conv = cls(convert) if doc_type in _CONTAINERS else cls()
        _loaded[doc_type] = conv
    return conv


# A str longer than this, or holding markup or a line break, is never taken for a path.
PATH_LIKE_MAX_CHARS = 1024


def convert(
    data: bytes | str | os.PathLike[str] | BinaryIO,
    *,
    url: str | None = None,
    content_type: str | None = None,
    filename: str | None = None,
    select: str | None = None,
    include_comments: bool | None = None,
    settings: Settings | None = None,
    options: ConvertOptions | None = None,
) -> Document:
    """Convert a document to Markdown plus its record: HTML, XHTML, WARC, PDF, DOCX, PPTX,
    XLSX, ODS, CSV or EPUB (see `webfold.sniff`).

    `data` is the document: bytes; a `str` of already-decoded text; an `os.PathLike`
    (`pathlib.Path`), read here; or a binary file object (`open(..., "rb")`), read to
    its end. A `str` is always document text and never opened as a file, since text from
    an untrusted page may read "/etc/passwd"; a short `str` without markup that names an
    existing file fails with `bad_input` saying to pass `pathlib.Path(...)`, rather than
    converting the name as text. The record's `source` is `url`, else `filename`, else
    the path or the file object's name. `url` is the document's address,
    used as the base for relative links; `content_type` an HTTP Content-Type (its charset
    wins over the document's own declaration); `filename` a name whose extension is a
    hint. `select` is "main" (the trained selector), "precision" (stricter) or "all";
    None takes `settings.select` (so `WEBFOLD_SELECT`; "main" by default).
    `include_comments` keeps the reader comments under an article (dropped by default;
    the posts of a forum or Q&A page are kept either way). `options` carries the rest
    (OCR engine, pages, image folder); `select`, `include_comments` and `settings` given
    here win over the ones in `options`.
    Never raises for bad input: the returned `Document.error` says what went wrong.
    Raises ValueError for an unknown `select` (a caller bug, not bad input).
    """
    started = time.perf_counter()
    options = resolve_options(options, select=select, include_comments=include_comments,
                              settings=settings)
    settings = options.settings
    data, named, problem = _read_data(data)
    filename = filename or named
    source = url or filename
    if problem is not None:
        return failed("unknown", "bad_input", problem, source=source)
    info = StreamInfo.from_hints(url=url, content_type=content_type, filename=filename)
    if isinstance(data, str):
        data = _utf8(data)
        info = StreamInfo(mimetype=info.mimetype or "text/html", charset="utf-8",
                          extension=info.extension, filename=filename, url=url)
    if not isinstance(data, (bytes, bytearray, memoryview)):
        return failed("unknown", "bad_input", f"expected bytes or str, got {type(data).__name__}",
                      source=source)
    data = bytes(data)
    size = len(data)
    if size > settings.max_bytes:
        return failed("unknown", "too_large",
                      f"{size} bytes is over the {settings.max_bytes} byte cap",
                      source=source, bytes_in=size)
    if not data or data.isspace():  # not data.strip(), which copies the whole input
        return failed("unknown", "empty", "the input is empty", source=source, bytes_in=size)
    data, coding = _decompressed(data, settings.max_bytes)
    if data is None:
        return failed("unknown", "too_large", f"{coding} content decompresses to over the "
                      f"{settings.max_bytes} byte cap", source=source, bytes_in=size)
    doc_type = sniff(data, info)
    if doc_type not in _REGISTRY:
        doc = _refused(doc_type, info)
        doc.source, doc.bytes_in = source, size
        return doc
    try:
        doc = _converter(doc_type).convert(data, info, options)
    except RecursionError:
        doc = failed(doc_type, "damaged", "the document is nested too deeply to read")
    except MemoryError:
        doc = failed(doc_type, "too_large", "ran out of memory reading the document")
    except Exception as exc:  # a converter bug must not escape to the caller
        doc = failed(doc_type, "internal", f"{type(exc).__name__}: {exc}")
    doc.source = doc.source or source
    doc.bytes_in = size
    if coding:
        doc.warnings.insert(0, f"the bytes were {coding}-compressed; converted what they hold")
    doc.elapsed_ms = (time.perf_counter() - started) * 1000
    return doc


def _refused(doc_type: str, info: StreamInfo) -> Document:
    """The error of a sniffed type no converter takes, naming what the bytes are."""
    if doc_type == "not_pdf":
        return failed("pdf", "not_pdf", "named or declared PDF but has no %PDF- header")
    if doc_type == "encrypted_office":
        return failed(OFFICE_EXTENSIONS.get(info.extension or "", "unknown"), "encrypted",
                      "an encrypted Office file (a password-protected package)")
    known = describe_extension(info.extension)
    if known:
        message = f"{info.extension} is {known}"
    elif doc_type == "binary":
        suffix = f" named {info.extension}" if info.extension else ""
        message = f"binary data{suffix} that is no known format"
    else:
        message = f"not a type Webfold reads (content type {info.mimetype or 'unknown'})"
    return failed("unknown", "unsupported_type", message)


def _decompressed(data: bytes, cap: int) -> tuple[bytes | None, str | None]:
    """`data` without a gzip or zlib layer its magic bytes show (a gzipped WARC stays: its
    converter streams it), and the coding removed; (None, coding) past `cap`. A stream
    that only looks compressed and does not decode is returned as it is."""
    coding = compression_of(data[:2])
    if coding is None or coding == "gzip" and gunzips_to_warc(data[:4096]):
        return data, None
    try:
        return decode_content(data, [coding], cap), coding
    except TooLarge:
        return None, coding
    except zlib.error:
        return data, None


def resolve_options(options: ConvertOptions | None, *, select: str | None = None,
                    include_comments: bool | None = None,
                    settings: Settings | None = None) -> ConvertOptions:
    """`options` with the arguments given applied, and `select` resolved: an explicit
    mode wins, then the options' own, then `settings.select`.

    Raises ValueError for an unknown mode (a caller bug, not bad input).
    """
    options = options or ConvertOptions()
    settings = settings or options.settings
    mode = select or options.select or settings.select
    if mode not in SELECT_MODES:
        raise ValueError(f"select must be one of {SELECT_MODES}, not {mode!r}")
    comments = options.include_comments if include_comments is None else include_comments
    if (mode != options.select or settings is not options.settings
            or comments != options.include_comments):
        options = dataclasses.replace(options, select=mode, settings=settings,
                                      include_comments=comments)
    return options


def _utf8(text: str) -> bytes:
    """`text` as UTF-8, a lone surrogate (half a UTF-16 pair, which no encoding holds) as
    U+FFFD, as a browser's string conversion makes it."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return re.sub("[\ud800-\udfff]", "\ufffd", text).encode("utf-8")


def _read_data(data: Any) -> tuple[Any, str | None, str | None]:
    """`convert`'s input as (bytes or str, the name it came with, why it cannot be read).

    Paths and binary file objects are read; a `str` is text, never opened (see `convert`).
    """
    if isinstance(data, os.PathLike):
        name = os.fspath(data)
        try:
            with open(name, "rb") as handle:
                return handle.read(), str(name), None
        except OSError as exc:
            return b"", str(name), f"cannot read {name}: {exc.strerror or exc}"
    if hasattr(data, "read") and not isinstance(data, (bytes, bytearray, memoryview, str)):
        name = getattr(data, "name", None)
        name = name if isinstance(name, str) else None
        try:
            content = data.read()
        except OSError as exc:
            return b"", name, f"cannot read the file object: {exc.strerror or exc}"
        if isinstance(content, str):
            return b"", name, "the file object is open in text mode: open it with 'rb'"
        return content, name, None
    if isinstance(data, str) and _names_a_file(data):
        return b"", None, (f"{data!r} is a file name, but a str is converted as document "
                           "text: pass pathlib.Path(...) to convert the file")
    return data, None, None


def _names_a_file(text: str) -> bool:
    candidate = text.strip()
    if not candidate or len(candidate) > PATH_LIKE_MAX_CHARS or "<" in candidate \
            or "\n" in candidate:
        return False
    return os.path.isfile(candidate)
