"""Office documents, e-books and spreadsheets: DOCX, PPTX, XLSX, ODS, CSV and EPUB.

Each format has its converter module (imported by `webfold.convert` on first use); the
containers are opened through `archive` under the same caps, and every reader turns
its format into semantic HTML that the HTML path renders with `select="all"`, so
escaping, lists, links and tables are written by one set of Markdown rules.
"""
