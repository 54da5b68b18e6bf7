"""Quality gate: every generated hard case through `webfold.convert`, scored like the
benchmark (scripts/bench_pdf.py). Floors only ever rise."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from webfold.convert import convert

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from pdf_corpus import Case, build_corpus  # noqa: E402
from pdf_scores import cer, heading_recall, table_row_recall  # noqa: E402

MAX_CER = 0.03  # the target for every hard case
MIN_HEADING_RECALL = 1.0
MIN_TABLE_ROW_RECALL = 1.0

CASES = ["two_column", "two_column_scrambled", "rotated_15", "rotate_90", "headings",
         "bold_headings", "table_merged", "table_borderless", "table_header_rule",
         "table_coloured", "table_rtl", "table_rotate_90", "running_headers", "front_matter",
         "lists", "code",
         "chinese", "cyrillic", "arabic", "arabic_diacritics", "scan_clean", "scan_noisy",
         "scan_rot90", "scan_rot180", "scan_stamp", "mixed"]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Case]:
    return {c.name: c for c in build_corpus(tmp_path_factory.mktemp("corpus"))}


def test_the_gate_covers_every_generated_case(corpus: dict[str, Case]) -> None:
    assert sorted(corpus) == sorted(CASES)


@pytest.mark.parametrize("name", CASES)
def test_hard_case_meets_the_floors(corpus: dict[str, Case], name: str) -> None:
    case = corpus[name]
    if case.kind != "native" and shutil.which("tesseract") is None:
        pytest.skip("the tesseract binary is not installed")
    doc = convert(case.path.read_bytes(), filename=case.path.name)
    assert doc.ok, doc.error
    assert cer(case.text, doc.markdown) <= MAX_CER, doc.markdown
    recall = heading_recall(case.headings, doc.markdown)
    assert recall is None or recall >= MIN_HEADING_RECALL, doc.markdown
    rows = table_row_recall(case.table_rows, doc.markdown)
    assert rows is None or rows >= MIN_TABLE_ROW_RECALL, doc.markdown
