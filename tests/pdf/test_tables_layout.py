"""The table finder never hands pages to PyMuPDF's layout model, even when another
library in the process (pymupdf4llm) has switched that model on: tables stay those the
rules and checks find, and a page costs milliseconds, not the model's half second."""

from __future__ import annotations

import pymupdf
import pytest

from webfold import Settings, convert


def _layout_model_must_not_run(*args: object, **kwargs: object) -> None:
    raise AssertionError("find_tables asked the layout model")


def test_tables_found_with_the_layout_model_switched_on(corpus, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(pymupdf, "_get_layout", _layout_model_must_not_run)
    case = corpus["table_merged"]
    doc = convert(case.path.read_bytes(), settings=Settings(ocr=False))
    assert doc.ok, doc.error
    assert [b.kind for b in doc.blocks].count("table") == 1
    assert "|---|" in doc.markdown
