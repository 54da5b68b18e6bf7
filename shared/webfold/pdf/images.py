"""Images in the flow: with an image directory, a Markdown image where each picture sits.

Each image is written once (by xref): JPEG streams byte for byte as stored, everything
else as PNG, and the link is the directory as given joined with the file name, so it
resolves from where a relative directory is resolved (the working directory, where
`webfold pdf` prints the Markdown). Without a directory, or when an image cannot be
written, there is nothing to point at and no marker is written. Tiny images (rules,
bullets, spacer pixels) get none either.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pymupdf

from webfold.document import Block
from webfold.pdf.model import BBox

MIN_SIDE_PT = 24.0  # smaller images are decoration
MAX_PIXELS = 60_000_000  # larger images are not decoded for writing (decompression bombs)


@dataclass(slots=True)
class PlacedImage:
    bbox: BBox
    block: Block


def page_images(page: Any, number: int, infos: list[dict[str, Any]], image_dir: str | None,
                written: dict[int, str]) -> tuple[list[PlacedImage], list[str]]:
    """Image blocks for one page (`infos` from `page.get_image_info(xrefs=True)`) plus
    warnings for images that could not be written.

    `written` maps xref -> file name across pages so a logo repeated on every page is
    written once. Never raises for a broken image: it gets a marker and a warning.
    """
    placed: list[PlacedImage] = []
    warnings: list[str] = []
    if not image_dir:
        return placed, warnings
    for info in infos:
        x0, y0, x1, y1 = info["bbox"]
        xref = info.get("xref", 0)
        if (x1 - x0 < MIN_SIDE_PT or y1 - y0 < MIN_SIDE_PT or not xref
                or _inside(info["bbox"], placed)):
            continue
        name, warning = _write(page.parent, xref, info, Path(image_dir), written)
        if warning:
            warnings.append(f"page {number}: {warning}")
        if name is None:
            continue
        block = Block(kind="image", markdown=f"![]({_link(image_dir, name)})", text="",
                      tag="img", page=number)
        placed.append(PlacedImage(bbox=(x0, y0, x1, y1), block=block))
    return placed, warnings


def _link(image_dir: str, name: str) -> str:
    target = (Path(image_dir) / name).as_posix()
    # CommonMark: a destination with spaces or parentheses goes in angle brackets.
    return f"<{target}>" if any(c in target for c in " ()<>") else target


def _inside(bbox: BBox, placed: list[PlacedImage]) -> bool:
    # Figures drawn as many stacked image pieces get one marker, for the outermost piece.
    x0, y0, x1, y1 = bbox
    return any(p.bbox[0] - 2 <= x0 and p.bbox[1] - 2 <= y0 and x1 <= p.bbox[2] + 2
               and y1 <= p.bbox[3] + 2 for p in placed)


def _write(doc: Any, xref: int, info: dict[str, Any], out: Path,
           written: dict[int, str]) -> tuple[str | None, str | None]:
    if xref in written:
        return written[xref], None
    if info.get("width", 0) * info.get("height", 0) > MAX_PIXELS:
        return None, f"image {xref} is over {MAX_PIXELS} pixels; not written"
    try:
        out.mkdir(parents=True, exist_ok=True)
        extracted = doc.extract_image(xref)
        if extracted and extracted.get("ext") in ("jpeg", "jpg") and not extracted.get("smask"):
            name = f"image-{xref}.jpg"
            (out / name).write_bytes(extracted["image"])
        else:
            name = f"image-{xref}.png"
            (out / name).write_bytes(_png(doc, xref, extracted))
    except Exception as exc:  # broken stream, unsupported colour space, disk full
        return None, f"image {xref} could not be written ({type(exc).__name__})"
    written[xref] = name
    return name, None


def _png(doc: Any, xref: int, extracted: dict[str, Any] | None) -> bytes:
    pix = pymupdf.Pixmap(doc, xref)
    smask = (extracted or {}).get("smask")
    if smask:
        pix = pymupdf.Pixmap(pix, pymupdf.Pixmap(doc, smask))
    if pix.colorspace and pix.colorspace.n > 3:
        pix = pymupdf.Pixmap(pymupdf.csRGB, pix)
    return pix.tobytes("png")
