"""Office documents, e-books and spreadsheets: DOCX, PPTX, XLSX, ODS, CSV and EPUB.

Each format has its converter module (imported by `webfold.convert` on first use); the
containers are opened through `archive` under the same caps. The document readers
(DOCX, PPTX, EPUB) write semantic HTML that the HTML path renders with `select="all"`,
so escaping, lists, links and tables follow one set of Markdown rules; spreadsheets go
straight to pipe tables through the same `webfold.markdown` writers.
"""
