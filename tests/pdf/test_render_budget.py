"""The OCR render is bounded by the page's time left: no budget left means a typed
`timeout` before the engine is asked; a generous budget keeps the full resolution."""

from __future__ import annotations

import pymupdf

from webfold.errors import ConversionError
from webfold.pdf.ocr import OCR_DPI, OcrPage, _zoom_within, ocr_page
from webfold.settings import Settings


class _MustNotRun:
    def recognize(self, image: bytes, *, lang: str, timeout_s: float) -> OcrPage:
        raise AssertionError("the engine was asked although the render budget was spent")


def _blank_page() -> tuple[pymupdf.Document, pymupdf.Page]:
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=400)
    page.draw_rect(pymupdf.Rect(20, 20, 280, 380), color=(0, 0, 0))
    return doc, page


def test_no_budget_left_is_a_timeout_without_ocr() -> None:
    doc, page = _blank_page()
    result = ocr_page(page, settings=Settings(), engine=_MustNotRun(), render_budget_s=0.0)
    assert isinstance(result, ConversionError)
    assert result.code == "timeout"
    doc.close()


def test_a_cheap_page_keeps_its_resolution() -> None:
    doc, page = _blank_page()
    zoom = OCR_DPI / 72.0
    assert _zoom_within(page.get_displaylist(), zoom, budget_s=60.0) == zoom
    doc.close()
