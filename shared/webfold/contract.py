"""What every converter agrees on: the options it is given and the one method it has.

Below the registry (`webfold.convert`), so converters import this and never the registry
back; a container format (WARC) is handed the registry's `convert` when it is made.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from webfold.settings import DEFAULT_SETTINGS, Settings

if TYPE_CHECKING:
    from webfold.document import Document
    from webfold.sniff import StreamInfo

SELECT_MODES = ("main", "precision", "all")


@dataclass(frozen=True, slots=True, kw_only=True)
class ConvertOptions:
    """Everything a converter may need besides the bytes.

    `select` None means `settings.select`; `webfold.convert` resolves it, so a converter
    always sees one of `SELECT_MODES`.
    """

    select: str | None = None
    include_comments: bool = False  # keep reader comments under an article (HTML)
    settings: Settings = DEFAULT_SETTINGS
    ocr: Any = None  # an OCR engine (webfold.pdf.ocr); None = the local default
    pages: tuple[int, ...] | None = None  # 1-based page numbers to read (PDF)
    # Write images here (PDF, DOCX, PPTX, EPUB) and point the markers at them. PDF links
    # image_dir/name (resolving from where a relative image_dir does) and writes no
    # marker without it.
    image_dir: str | None = None
    # Called as (done, total, label) while a long document is read (PDF pages), for a
    # progress line; None when nobody watches.
    progress: Callable[[int, int, str], None] | None = None


class Converter(Protocol):
    def convert(self, data: bytes, info: StreamInfo, options: ConvertOptions) -> Document:
        """Convert `data`; failures come back as `Document.error`, never raised."""
        ...


class ConvertFn(Protocol):
    """The registry's entry point, as a container converter is given it."""

    def __call__(self, data: bytes | str, *, url: str | None = None,
                 content_type: str | None = None, filename: str | None = None,
                 options: ConvertOptions | None = None) -> Document: ...
