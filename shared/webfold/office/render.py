"""Semantic HTML from a reader to a `Document`, through the HTML path with nothing dropped.

Also the images the readers share: with an image folder, each image is written there
once and linked as `folder/name` (as PDF links them); without one, or when an image
cannot be written, its alt text stands in its place, as a browser shows it, and no
marker points at nothing.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path

from webfold.document import Document, Metadata
from webfold.errors import ConversionError
from webfold.html.converter import convert_text

_EXTENSIONS = {"image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif",
               "image/bmp": ".bmp", "image/tiff": ".tif", "image/svg+xml": ".svg",
               "image/webp": ".webp", "image/x-emf": ".emf", "image/x-wmf": ".wmf"}
_SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def escape(text: str | None) -> str:
    return html.escape(text or "", quote=True)


def to_document(doc_type: str, markup: str, metadata: Metadata,
                warnings: list[str]) -> Document:
    """The `Document` of a reader's HTML: every block kept, `metadata` and `warnings`
    from the reader; `empty` when no text came out."""
    doc = convert_text(markup, None, "all")
    doc.type = doc_type
    doc.metadata = metadata
    doc.warnings = warnings + [w for w in doc.warnings if w not in warnings]
    doc.charset = None
    if doc.error is not None and doc.error.code == "empty":
        doc.error = ConversionError("empty", f"the {doc_type.upper()} file has no text content")
    return doc


class ImageWriter:
    """The images of one document; with `folder`, each image written there once."""

    def __init__(self, folder: str | None, warnings: list[str]):
        self.folder = Path(folder) if folder else None
        self.warnings = warnings
        self.written: dict[str, str] = {}  # part name -> link

    def target(self, part: str, read: Callable[[], bytes],
               content_type: str | None) -> str | None:
        """The link for the image stored at `part` (`folder/name`), or None when no image
        is written; `read()` returns its bytes (called once per part, with a folder)."""
        if self.folder is None:
            return None
        if part in self.written:
            return self.written[part]
        stem = _SAFE_NAME.sub("-", part.rsplit("/", 1)[-1].rsplit(".", 1)[0]) or "image"
        suffix = _EXTENSIONS.get(content_type or "", "." + part.rsplit(".", 1)[-1].lower()
                                 if "." in part else ".bin")
        name = f"image-{len(self.written) + 1}-{stem}{suffix}"
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            (self.folder / name).write_bytes(read())
        except Exception as exc:  # a broken part, a full disk: its alt text stands in
            self.warnings.append(f"image {part} could not be written ({type(exc).__name__})")
            return None
        self.written[part] = (self.folder / name).as_posix()
        return self.written[part]
