"""PDF to Markdown (PyMuPDF): native text in reading order, structure, tables, OCR by page."""
