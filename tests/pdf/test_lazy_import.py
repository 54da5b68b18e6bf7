"""HTML-only processes never import PyMuPDF: the PDF path loads it on first use."""

from __future__ import annotations

import subprocess
import sys

CHILD = """
import sys
import webfold
import webfold.cli.pdf
webfold.convert(b"<html><body><p>Hello there, reader.</p></body></html>")
print("pymupdf" in sys.modules, "fitz" in sys.modules)
"""


def test_html_conversion_does_not_import_pymupdf():
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", "False"]
