"""Fixtures for the Office tests: variant 0 of every generated format, built once."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def load_corpus_module():
    """scripts/office_corpus.py as a module (scripts/ is not a package)."""
    name = "webfold_office_corpus"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / "office_corpus.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def samples(tmp_path_factory):
    """kind -> Case for the golden sample of each format (variant 0)."""
    cases = load_corpus_module().build_corpus(tmp_path_factory.mktemp("office"), variants=1)
    return {case.kind: case for case in cases}


@pytest.fixture(scope="session")
def corpus_module():
    return load_corpus_module()
