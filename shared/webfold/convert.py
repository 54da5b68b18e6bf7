"""The one entry point: bytes (or text) plus hints in, a `Document` out.

Converters are looked up by sniffed type and imported lazily, so a process that only
ever sees HTML never pays for importing PyMuPDF.
"""

from __future__ import annotations

import dataclasses
import importlib
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from webfold.document import Document, failed
from webfold.settings import DEFAULT_SETTINGS, Settings
from webfold.sniff import StreamInfo, sniff

SELECT_MODES = ("main", "precision", "all")


@dataclass(frozen=True, slots=True, kw_only=True)
class ConvertOptions:
    """Everything a converter may need besides the bytes. Built by `convert`."""

    select: str = "main"
    settings: Settings = DEFAULT_SETTINGS
    ocr: Any = None  # an OCR engine (webfold.pdf.ocr); None = the local default
    pages: tuple[int, ...] | None = None  # 1-based page numbers to read (PDF)
    image_dir: str | None = None  # write PDF images here and point the markers at them
    extra: dict[str, Any] = field(default_factory=dict)


class Converter(Protocol):
    def convert(self, data: bytes, info: StreamInfo, options: ConvertOptions) -> Document:
        """Convert `data`; failures come back as `Document.error`, never raised."""
        ...


# sniffed type -> "module:Class"; imported on first use.
_REGISTRY: dict[str, str] = {
    "html": "webfold.html.converter:HtmlConverter",
    "pdf": "webfold.pdf.converter:PdfConverter",
    "warc": "webfold.warc:WarcConverter",
}
_loaded: dict[str, Converter] = {}


def _converter(doc_type: str) -> Converter:
    conv = _loaded.get(doc_type)
    if conv is None:
        module_name, _, class_name = _REGISTRY[doc_type].partition(":")
        conv = getattr(importlib.import_module(module_name), class_name)()
        _loaded[doc_type] = conv
    return conv


def convert(
    data: bytes | str,
    *,
    url: str | None = None,
    content_type: str | None = None,
    filename: str | None = None,
    select: str | None = None,
    settings: Settings | None = None,
    options: ConvertOptions | None = None,
) -> Document:
    """Convert an HTML, XHTML, WARC or PDF document to Markdown plus its record.

    `data` is the raw bytes (or already-decoded text). `url` is the document's address,
    used as the base for relative links; `content_type` an HTTP Content-Type (its charset
    wins over the document's own declaration); `filename` a name whose extension is a
    hint. `select` is "main" (the trained selector; the default), "precision" (stricter)
    or "all". `options` carries the rest (OCR engine, pages, image folder); `select` and
    `settings` given here win over the ones in `options`.
    Never raises for bad input: the returned `Document.error` says what went wrong.
    Raises ValueError for an unknown `select` (a caller bug, not bad input).
    """
    started = time.perf_counter()
    options = options or ConvertOptions()
    if select is not None or settings is not None:
        options = dataclasses.replace(options, select=select or options.select,
                                      settings=settings or options.settings)
    if options.select not in SELECT_MODES:
        raise ValueError(f"select must be one of {SELECT_MODES}, not {options.select!r}")
    settings = options.settings
    info = StreamInfo.from_hints(url=url, content_type=content_type, filename=filename)
    source = url or filename
    if isinstance(data, str):
        data = data.encode("utf-8")
        info = StreamInfo(mimetype=info.mimetype or "text/html", charset="utf-8",
                          extension=info.extension, filename=filename, url=url)
    if not isinstance(data, (bytes, bytearray, memoryview)):
        return failed("unknown", "bad_input", f"expected bytes or str, got {type(data).__name__}",
                      source=source)
    data = bytes(data)
    if len(data) > settings.max_bytes:
        return failed("unknown", "too_large",
                      f"{len(data)} bytes is over the {settings.max_bytes} byte cap",
                      source=source, bytes_in=len(data))
    if not data.strip():
        return failed("unknown", "empty", "the input is empty", source=source, bytes_in=len(data))
    doc_type = sniff(data[:4096], info)
    if doc_type == "not_pdf":
        return failed("pdf", "not_pdf", "named or declared PDF but has no %PDF- header",
                      source=source, bytes_in=len(data))
    if doc_type not in _REGISTRY:
        return failed("unknown", "unsupported_type",
                      f"not HTML, XHTML, WARC or PDF (content type {info.mimetype or 'unknown'})",
                      source=source, bytes_in=len(data))
    try:
        doc = _converter(doc_type).convert(data, info, options)
    except RecursionError:
        doc = failed(doc_type, "damaged", "the document is nested too deeply to read")
    except MemoryError:
        doc = failed(doc_type, "too_large", "ran out of memory reading the document")
    except Exception as exc:  # a converter bug must not escape to the caller
        doc = failed(doc_type, "internal", f"{type(exc).__name__}: {exc}")
    doc.source = doc.source or source
    doc.bytes_in = len(data)
    doc.elapsed_ms = (time.perf_counter() - started) * 1000
    return doc
