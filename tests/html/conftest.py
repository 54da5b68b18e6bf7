"""Fixtures for the HTML path tests: the golden-file comparison."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "html"
REGEN = os.environ.get("WEBFOLD_REGEN") == "1"


def check_golden(name: str, actual: str) -> None:
    """Compare `actual` with `<name>.expected.md`; on a mismatch write `<name>.actual.md`
    and fail with a unified diff. `WEBFOLD_REGEN=1` rewrites the expected file instead."""
    expected_path = FIXTURES / f"{name}.expected.md"
    actual_path = FIXTURES / f"{name}.actual.md"
    if REGEN:
        expected_path.write_text(actual, encoding="utf-8")
        actual_path.unlink(missing_ok=True)
        return
    if not expected_path.exists():
        actual_path.write_text(actual, encoding="utf-8")
        pytest.fail(f"no {expected_path.name}; wrote {actual_path.name} "
                    "(WEBFOLD_REGEN=1 accepts it)")
    expected = expected_path.read_text(encoding="utf-8")
    if actual == expected:
        actual_path.unlink(missing_ok=True)
        return
    actual_path.write_text(actual, encoding="utf-8")
    diff = "".join(difflib.unified_diff(
        expected.splitlines(keepends=True), actual.splitlines(keepends=True),
        fromfile=expected_path.name, tofile=actual_path.name))
    pytest.fail(f"{name}: output differs from the golden file\n{diff}")


@pytest.fixture
def golden():
    return check_golden
