"""The sample pages in events/samples: snippet vectors (must / must not include)."""

from __future__ import annotations

from pathlib import Path

import pytest

import webfold

SAMPLES = Path(__file__).resolve().parents[2] / "events" / "samples"
VECTORS = {
    "article.html": (
        ["# Why the Lighthouse Keepers Kept Logbooks", "2. Wind direction and force",
         "| December | 31 | 455 |", "```python", "> — Dr Hanne Solberg",
         "![A keeper's logbook open at January 1862]"
         "(https://quarterly.example/images/logbook-1862.jpg)"],
        ["We use cookies", "Accept all", "Subscribe", "Advertisement", "Most read",
         "Privacy", "analytics"],
    ),
    "legacy-cafe.html": (
        ["# Café du Port", "| Fischbrötchen „Nordsee“ | 4,50 € |", "Öffnungszeiten: täglich"],
        ["\ufffd"],
    ),
}


@pytest.mark.parametrize("name", sorted(VECTORS))
def test_sample_snippets(name: str) -> None:
    must, must_not = VECTORS[name]
    data = (SAMPLES / name).read_bytes()
    doc = webfold.convert(data, url="https://quarterly.example/history/lighthouse-logbooks",
                          filename=name, select="all")
    assert doc.ok, doc.error
    for snippet in must:
        assert snippet in doc.markdown, snippet
    for snippet in must_not:
        assert snippet not in doc.markdown, snippet
