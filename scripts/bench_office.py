"""Office, spreadsheet and e-book conversion beside MarkItDown on the generated corpus.

    python scripts/bench_office.py [--variants 5] [--out out/office-corpus]

Builds `scripts/office_corpus.py` (N files per format, known content), converts each file
with Webfold, MarkItDown and, for DOCX, the two routes not taken, kept here to measure
them: mammoth's HTML through the HTML path (with the styles part cut to the styles in
use, as that route had it) and a python-docx reader. Prints per format and converter:
text recall (generated words found, as a multiset), headings, tables (header row as a
pipe row) and list items found, and the median time per file; then the time each DOCX
route takes on one long generated document (`--long` paragraphs). Needs the `test`
(generators) and `bench` (MarkItDown, mammoth) extras.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "shared"))


def _corpus_module():
    spec = importlib.util.spec_from_file_location("office_corpus", REPO / "scripts" /
                                                  "office_corpus.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["office_corpus"] = module
    spec.loader.exec_module(module)
    return module


def webfold_md(path: Path) -> str:
    from webfold import convert

    doc = convert(path.read_bytes(), filename=path.name)
    return doc.markdown


def markitdown_md(path: Path) -> str:
    global _MARKITDOWN
    if _MARKITDOWN is None:
        from markitdown import MarkItDown

        _MARKITDOWN = MarkItDown(enable_plugins=False)
    try:
        return _MARKITDOWN.convert(str(path)).text_content
    except Exception as exc:  # unsupported format (ODS, EPUB in some versions)
        return f"<failed: {type(exc).__name__}>"


_MARKITDOWN = None


def python_docx_md(path: Path) -> str:
    """A direct reader on python-docx: styles to headings, numPr to list levels, tables
    cell by cell, runs with bold/italic. python-docx has no footnote, endnote or
    hyperlink-run API, so those need raw XML on top."""
    import docx
    from docx.oxml.ns import qn

    document = docx.Document(str(path))
    out: list[str] = []
    body = document.element.body
    for child in body.iterchildren():
        if child.tag == qn("w:p"):
            paragraph = docx.text.paragraph.Paragraph(child, document)
            text = "".join(f"**{r.text}**" if r.bold else f"*{r.text}*" if r.italic else r.text
                           for r in paragraph.runs).strip()
            if not text:
                continue
            style = paragraph.style.name if paragraph.style is not None else ""
            num = child.find(f"{qn('w:pPr')}/{qn('w:numPr')}")
            if style == "Title":
                out.append("# " + text)
            elif style.startswith("Heading ") and style[8:].isdigit():
                out.append("#" * int(style[8:]) + " " + text)
            elif num is not None:
                level = num.find(qn("w:ilvl"))
                depth = int(level.get(qn("w:val"))) if level is not None else 0
                out.append("  " * depth + "- " + text)
            else:
                out.append(text)
        elif child.tag == qn("w:tbl"):
            table = docx.table.Table(child, document)
            rows = [[cell.text.strip() for cell in row.cells] for row in table.rows]
            if rows:
                out.append("| " + " | ".join(rows[0]) + " |")
                out.append("|" + "---|" * len(rows[0]))
                out.extend("| " + " | ".join(r) + " |" for r in rows[1:])
    return "\n\n".join(out) + "\n"


_STYLE = re.compile(rb'<w:style\b[^>]*?w:styleId="([^"]*)"[^>]*>.*?</w:style>', re.S)
_STYLE_REF = re.compile(rb'<w:(?:pStyle|rStyle|tblStyle|basedOn|link|numStyleLink|styleLink)'
                        rb' w:val="([^"]*)"')


def _lean_styles(data: bytes) -> bytes:
    """The package with styles.xml cut to the styles in use (and their bases)."""
    import zipfile

    archive = zipfile.ZipFile(io.BytesIO(data))
    styles = archive.read("word/styles.xml")
    wanted = set()
    for name in archive.namelist():
        if name.startswith("word/") and name.endswith(".xml") and name != "word/styles.xml":
            wanted.update(_STYLE_REF.findall(archive.read(name)))
    definitions = {m[1]: m[0] for m in _STYLE.finditer(styles)}
    kept, queue = set(), list(wanted)
    while queue:
        style_id = queue.pop()
        if style_id not in kept and style_id in definitions:
            kept.add(style_id)
            queue.extend(_STYLE_REF.findall(definitions[style_id]))
    lean = _STYLE.sub(lambda m: m[0] if m[1] in kept or b'w:default="1"' in m[0][:200]
                      else b"", styles)
    lean = re.sub(rb"<w:latentStyles\b.*?</w:latentStyles>", b"", lean, flags=re.S)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as copy:
        for member in archive.infolist():
            if member.filename != "word/stylesWithEffects.xml":
                copy.writestr(member.filename, lean if member.filename == "word/styles.xml"
                              else archive.read(member.filename))
    return out.getvalue()


def mammoth_route_md(path: Path) -> str:
    """DOCX -> mammoth's semantic HTML -> the HTML path with select="all"."""
    import mammoth

    from webfold.html.converter import convert_text

    style_map = "p[style-name='Title'] => h1:fresh"
    html = mammoth.convert_to_html(io.BytesIO(_lean_styles(path.read_bytes())),
                                   style_map=style_map).value
    html = html.replace("<table>", "<table><thead></thead>")
    return convert_text(f"<html><body>{html}</body></html>", None, "all").markdown


CONVERTERS: dict[str, Callable[[Path], str]] = {
    "webfold": webfold_md, "markitdown": markitdown_md, "mammoth-route": mammoth_route_md,
    "python-docx": python_docx_md}
DOCX_ONLY = ("mammoth-route", "python-docx")


def scores(case, markdown: str) -> dict[str, float]:
    tokens = Counter(re.findall(r"\d+\.\d+|\w+", markdown.lower()))
    wanted = Counter(w.lower().strip(".") for w in case.words)
    found = sum(min(n, tokens[w]) for w, n in wanted.items())
    lines = [" ".join(line.split()) for line in markdown.splitlines()]
    heading_lines = [line.lstrip("#").strip() for line in lines if line.startswith("#")]
    headings = sum(any(h in line for line in heading_lines) for h in case.headings)
    row_lines = {re.sub(r"\s*\|\s*", "|", line).strip("|") for line in lines
                 if line.startswith("|")}
    tables = sum("|".join(h) in row_lines for h in case.tables)
    items = sum(any(re.match(rf"(?:[-*+]|\d+\.) {re.escape(item)}$", line.strip())
                    for line in lines) for item in case.list_items)
    return {"recall": found / max(sum(wanted.values()), 1),
            "headings": _share(headings, len(case.headings)),
            "tables": _share(tables, len(case.tables)),
            "lists": _share(items, len(case.list_items))}


def _share(found: int, total: int) -> float:
    return found / total if total else float("nan")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", type=int, default=5)
    parser.add_argument("--out", type=Path, default=REPO / "out" / "office-corpus")
    parser.add_argument("--long", type=int, default=3000, metavar="PARAGRAPHS")
    args = parser.parse_args(argv)
    corpus = _corpus_module()
    cases = corpus.build_corpus(args.out, args.variants)
    results: dict[tuple[str, str], list[dict[str, float]]] = {}
    for case in cases:
        for name, converter in CONVERTERS.items():
            if name in DOCX_ONLY and case.kind != "docx":
                continue
            converter(case.path)  # warm: imports and first-use costs are not timed
            started = time.perf_counter()
            markdown = converter(case.path)
            elapsed = (time.perf_counter() - started) * 1000
            row = scores(case, markdown)
            row["ms"] = elapsed
            results.setdefault((case.kind, name), []).append(row)
    print(f"{len(cases)} files ({args.variants} per format) from scripts/office_corpus.py\n")
    print(f"{'format':<13} {'converter':<13} {'recall':>7} {'headings':>9} {'tables':>7} "
          f"{'lists':>6} {'median ms':>10}")
    for (kind, name), rows in results.items():
        cells = [_mean(rows, key) for key in ("recall", "headings", "tables", "lists")]
        ms = statistics.median(r["ms"] for r in rows)
        print(f"{kind:<13} {name:<13} " + " ".join(f"{c:>{w}}" for c, w in
                                                    zip(cells, (7, 9, 7, 6), strict=True))
              + f" {ms:>10.1f}")
    long_docx = args.out / "long.docx"
    corpus.build_long_docx(long_docx, args.long)
    print(f"\none DOCX of {args.long} paragraphs ({long_docx.stat().st_size // 1024} KB), "
          "seconds:")
    for name, converter in CONVERTERS.items():
        runs = []
        for _ in range(3):
            started = time.perf_counter()
            converter(long_docx)
            runs.append(time.perf_counter() - started)
        print(f"  {name:<14} {statistics.median(runs):7.2f}  (median of 3)")
    return 0


def _mean(rows: list[dict[str, float]], key: str) -> str:
    values = [r[key] for r in rows if r[key] == r[key]]  # NaN: nothing of that kind
    return f"{statistics.mean(values):.3f}" if values else "-"


if __name__ == "__main__":
    sys.exit(main())
