"""Whole documents against golden Markdown: every HTML rule the converter promises."""

from __future__ import annotations

from pathlib import Path

import pytest

import webfold
from webfold.chunk import chunk_document

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


# Pages whose chunked output is pinned too: notes travel with their references, formulas
# stay whole (see webfold.chunk).
CHUNKED = ("math", "footnotes_pandoc", "footnotes_paragraphs", "footnotes_wikipedia", "callouts")
CHUNK_CHARS = 300


@pytest.mark.parametrize("name", CHUNKED)
def test_chunked_golden(name: str, golden) -> None:
    data = (FIXTURES / f"{name}.html").read_bytes()
    doc = webfold.convert(data, url=PAGE_URL, select="all")
    chunks = chunk_document(doc, max_chars=CHUNK_CHARS)
    golden(f"{name}.chunks", "".join(f"<!-- chunk {c.index} -->\n{c.markdown}\n\n"
                                     for c in chunks))
