"""Fixtures for the PDF tests: the generated hard-case corpus, built once per session,
PDFs printed by headless Chromium, and files of the public born-digital corpus."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# Where scripts/pdf_public_text.py puts the PDFs it fetches from the package index.
PUBLIC_TEXT = REPO / ".pdf-public-text"


def load_corpus_module():
    """scripts/pdf_corpus.py as a module (scripts/ is not a package)."""
    name = "webfold_pdf_corpus"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / "pdf_corpus.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def corpus(tmp_path_factory):
    """name -> Case for every generated hard case."""
    cases = load_corpus_module().build_corpus(tmp_path_factory.mktemp("pdf_corpus"))
    return {case.name: case for case in cases}


@pytest.fixture
def chromium_pdf(tmp_path: Path) -> Callable[[str], bytes]:
    """A function printing an HTML `<body>` (UTF-8) to PDF bytes with headless Chromium;
    the test is skipped on a machine without Chromium."""
    from webfold.web.render import CHROMIUM_FLAGS, find_chromium

    chromium = find_chromium()
    if chromium is None:
        pytest.skip("no Chromium binary on this machine")

    def print_pdf(body: str) -> bytes:
        page = tmp_path / "page.html"
        page.write_text(f"<html><head><meta charset='utf-8'></head><body>{body}</body></html>",
                        encoding="utf-8")
        out = tmp_path / "page.pdf"
        subprocess.run([str(chromium), "--headless", "--no-sandbox", *CHROMIUM_FLAGS,
                        f"--user-data-dir={tmp_path / 'profile'}", "--no-pdf-header-footer",
                        f"--print-to-pdf={out}", str(page)],
                       check=True, capture_output=True, timeout=120)
        return out.read_bytes()

    return print_pdf


@pytest.fixture
def public_pdf() -> Callable[[str], Path]:
    """A function giving the path of a file of the public born-digital corpus ("pymupdf/
    test_2548.pdf"); the test is skipped when the corpus is not built (a clean clone)."""

    def path(name: str) -> Path:
        file = PUBLIC_TEXT / name
        if not file.exists():
            pytest.skip("the public born-digital corpus is not built "
                        "(scripts/pdf_public_text.py fetches it from the package index)")
        return file

    return path
