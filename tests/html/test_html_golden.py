"""Whole documents against golden Markdown: every HTML rule the converter promises."""

from __future__ import annotations

from pathlib import Path

import pytest

import webfold

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "html"

PAGE_URL = "https://example.com/dir/page.html"
CASES = sorted(p.name.removesuffix(".html") for p in FIXTURES.glob("*.html"))


@pytest.mark.parametrize("name", CASES)
def test_golden(name: str, golden) -> None:
    data = (FIXTURES / f"{name}.html").read_bytes()
    doc = webfold.convert(data, url=PAGE_URL, select="all")
    assert doc.error is None, doc.error
    golden(name, doc.markdown)


def test_every_fixture_has_a_golden_file() -> None:
    missing = [n for n in CASES if not (FIXTURES / f"{n}.expected.md").exists()]
    assert not missing
