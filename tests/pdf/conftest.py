"""Fixtures for the PDF tests: the generated hard-case corpus, built once per session."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


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
