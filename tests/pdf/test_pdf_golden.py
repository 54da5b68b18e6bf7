"""Golden Markdown for every generated hard case (scripts/pdf_corpus.py).

On a mismatch the test writes `<name>.actual.md` beside the expected file and shows the
diff. Regenerate on purpose with `WEBFOLD_REGEN=1`.
"""

from __future__ import annotations

import difflib
import os
import shutil
from pathlib import Path

import pytest

from webfold import convert

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "pdf"
NAMES = [
    "two_column", "two_column_scrambled", "rotated_15", "rotate_90", "headings",
    "bold_headings", "table_merged", "table_borderless", "table_header_rule",
    "table_coloured", "table_rtl", "table_rotate_90", "running_headers", "front_matter", "lists",
    "code", "chinese",
    "cyrillic", "arabic", "arabic_diacritics", "scan_clean", "scan_noisy", "scan_rot90",
    "scan_rot180", "scan_stamp", "mixed",
]
HAS_TESSERACT = shutil.which("tesseract") is not None


@pytest.mark.parametrize("name", NAMES)
def test_golden_markdown(name, corpus):
    case = corpus[name]
    if case.kind != "native" and not HAS_TESSERACT:
        pytest.skip("tesseract binary not installed (scanned pages need OCR)")
    doc = convert(case.path.read_bytes(), filename=case.path.name)
    assert doc.ok, doc.error
    expected_path = FIXTURES / f"{name}.expected.md"
    actual_path = FIXTURES / f"{name}.actual.md"
    if os.environ.get("WEBFOLD_REGEN") == "1" or not expected_path.exists():
        expected_path.write_text(doc.markdown, encoding="utf-8")
    expected = expected_path.read_text(encoding="utf-8")
    if case.kind != "native":  # OCR letter case wobbles with the engine's threads and build
        same = " ".join(doc.markdown.lower().split()) == " ".join(expected.lower().split())
    else:
        same = doc.markdown == expected
    if not same:
        actual_path.write_text(doc.markdown, encoding="utf-8")
        diff = "".join(difflib.unified_diff(expected.splitlines(True),
                                            doc.markdown.splitlines(True),
                                            str(expected_path), str(actual_path)))
        pytest.fail(f"Markdown differs from the golden file:\n{diff}")
    actual_path.unlink(missing_ok=True)


@pytest.mark.parametrize("name", [n for n in NAMES if not n.startswith("scan")])
def test_expected_text_and_routes(name, corpus):
    """The plain text matches the generator's expectation word for word (native pages)."""
    case = corpus[name]
    if case.kind != "native":
        pytest.skip("mixed file: OCR text is checked by the golden test")
    doc = convert(case.path.read_bytes())
    assert " ".join(b.text for b in doc.blocks).split() == case.text.split()
    if case.table_rows:
        table = next(b for b in doc.blocks if b.kind == "table")
        assert [line.split("\t") for line in table.text.splitlines()] == case.table_rows
    assert all(p.route == "native" for p in doc.pages)
    for heading in case.headings:
        assert any(b.kind == "heading" and b.text == heading for b in doc.blocks), heading
