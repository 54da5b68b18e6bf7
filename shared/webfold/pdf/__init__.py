"""PDF to Markdown (PyMuPDF): native text in reading order, structure, tables, OCR by page."""

import os

# PyMuPDF's table finder prints an advert for its layout package to stdout the first time
# it runs; the CLI's stdout is the Markdown or JSON. Every module here imports PyMuPDF
# after this package, so this is set before the check reads it.
os.environ["PYMUPDF_SUGGEST_LAYOUT_ANALYZER"] = "0"
