"""Office, spreadsheet and e-book conversion beside MarkItDown on the generated corpus.

    python scripts/bench_office.py [--variants 5] [--out out/office-corpus]

Builds `scripts/office_corpus.py` (N files per format, known content), converts each file
with Webfold, MarkItDown (the `bench` extra) and, for DOCX, a direct python-docx reader
(the route not taken, kept here to measure it), and prints per format and converter:
text recall (generated words found, as a multiset), headings, tables (header row as a
pipe row) and list items found, and the median time per file.
"""

from __future__ import annotations

import argparse
import importlib.util
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


CONVERTERS: dict[str, Callable[[Path], str]] = {
    "webfold": webfold_md, "markitdown": markitdown_md, "python-docx": python_docx_md}


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
    args = parser.parse_args(argv)
    cases = _corpus_module().build_corpus(args.out, args.variants)
    results: dict[tuple[str, str], list[dict[str, float]]] = {}
    for case in cases:
        for name, converter in CONVERTERS.items():
            if name == "python-docx" and case.kind != "docx":
                continue
            converter(case.path)  # warm: imports and first-use costs are not timed
            started = time.perf_counter()
            markdown = converter(case.path)
            elapsed = (time.perf_counter() - started) * 1000
            row = scores(case, markdown)
            row["ms"] = elapsed
            results.setdefault((case.kind, name), []).append(row)
    print(f"{len(cases)} files ({args.variants} per format) from scripts/office_corpus.py\n")
    print(f"{'format':<6} {'converter':<12} {'recall':>7} {'headings':>9} {'tables':>7} "
          f"{'lists':>6} {'median ms':>10}")
    for (kind, name), rows in results.items():
        cells = [_mean(rows, key) for key in ("recall", "headings", "tables", "lists")]
        ms = statistics.median(r["ms"] for r in rows)
        print(f"{kind:<6} {name:<12} " + " ".join(f"{c:>{w}}" for c, w in
                                                  zip(cells, (7, 9, 7, 6), strict=True))
              + f" {ms:>10.1f}")
    return 0


def _mean(rows: list[dict[str, float]], key: str) -> str:
    values = [r[key] for r in rows if r[key] == r[key]]  # NaN: nothing of that kind
    return f"{statistics.mean(values):.3f}" if values else "-"


if __name__ == "__main__":
    sys.exit(main())
