"""Snippets that must (not) come out of the real reference PDFs in ../shared/data."""

from __future__ import annotations

from pathlib import Path

import pytest

from webfold import Settings, convert

REFERENCE = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "pdf-dev" / "reference"

pytestmark = pytest.mark.skipif(not REFERENCE.is_dir(),
                                reason=f"reference PDFs not present at {REFERENCE}")

VECTORS = [
    # two columns with figures between them: each column read top to bottom
    ("amt_handbook_sample.pdf",
     ["clamped to the supporting structure by the nut and bolt",
      "Boots Self-Locking Nut\n\nThe Boots self-locking nut is of one piece"],
     ["clamped the most common"]),
    # Arabic in logical order, lam-alef ligatures the right way round
    ("right_to_left_01.pdf", ["# تحسين الإنتاجية وحل المشكلات"], ["اإلنتاجية", "المشكالت"]),
    # a lone page's own page number is furniture
    ("minimal-document.pdf", ["takimata sanctus est Lorem ipsum dolor sit amet."], ["\n1\n"]),
    ("multi_page.pdf", ["## The Evolution of the Word Processor",
                        "- **IBM MT/ST (Magnetic Tape/Selectric Typewriter)**:"], []),
]


@pytest.mark.parametrize("name,must,must_not", VECTORS)
def test_reference_snippets(name, must, must_not):
    doc = convert((REFERENCE / name).read_bytes(), settings=Settings(ocr=False))
    assert doc.ok, doc.error
    text = doc.markdown.replace("*", "") if name.startswith("amt") else doc.markdown
    for snippet in must:
        assert snippet in text
    for snippet in must_not:
        assert snippet not in f"\n{text}"
