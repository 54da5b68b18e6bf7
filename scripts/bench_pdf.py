"""PDF benchmark: Webfold beside pymupdf4llm and plain `page.get_text()` on two corpora.

(1) `../shared/data/pdf-dev/reference`: real PDFs with `.md` / `.txt` reference text
(headings and pipe-table rows of a `.md` reference are scored too); (2) the generated
hard-case corpus from `scripts/pdf_corpus.py` with its expected text, headings and rows.
Per file and tool: normalised CER, word F1, heading recall, table row recall (where the
file has them) and wall ms/page (median of --repeats runs; OCR runs in tesseract
subprocesses, which CPU time would miss); means at the bottom of each
table. Each tool runs over all files before the next starts.

    .venv/bin/python scripts/bench_pdf.py                    # both corpora, all tools
    .venv/bin/python scripts/bench_pdf.py --corpus generated --tools webfold
    .venv/bin/python scripts/bench_pdf.py --gate             # exit 1 if a hard case > 0.03
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pymupdf

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pdf_corpus import Case, build_corpus  # noqa: E402
from pdf_scores import (  # noqa: E402
    cer,
    heading_recall,
    markdown_headings,
    markdown_table_rows,
    table_row_recall,
    word_f1,
)

REFERENCE_DIR = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "pdf-dev" / \
    "reference"
HARD_CASE_MAX_CER = 0.03
TOOLS = ("webfold", "pymupdf4llm", "get_text")


@dataclass(slots=True)
class Score:
    cer: float
    f1: float
    headings: float | None
    rows: float | None
    ms_page: float


def reference_items(directory: Path) -> list[Case]:
    """Every PDF in `directory` with a `.md` or `.txt` reference beside it, as a `Case`
    (the generated corpus's record of a file and what it should yield)."""
    items = []
    for pdf in sorted(directory.glob("*.pdf")):
        md, txt = pdf.with_suffix(".md"), pdf.with_suffix(".txt")
        if md.exists():
            ref = md.read_text(encoding="utf-8")
            items.append(Case(pdf.stem, pdf, ref, markdown_headings(ref),
                              markdown_table_rows(ref)))
        elif txt.exists():
            kind = "scan" if pdf.stem.startswith("ocr_") else "native"
            items.append(Case(pdf.stem, pdf, txt.read_text(encoding="utf-8"), kind=kind))
    return items


def run_webfold(path: Path) -> str:
    from webfold.convert import convert

    doc = convert(path.read_bytes(), filename=path.name)
    if doc.error is not None:
        print(f"  webfold {path.name}: {doc.error.code}: {doc.error.message}", file=sys.stderr)
    return doc.markdown


def run_pymupdf4llm(path: Path) -> str:
    import pymupdf4llm

    with contextlib.redirect_stdout(io.StringIO()):
        return pymupdf4llm.to_markdown(str(path))


def run_get_text(path: Path) -> str:
    with pymupdf.open(path) as doc:
        return "\n".join(page.get_text() for page in doc)


RUNNERS: dict[str, Callable[[Path], str]] = {
    "webfold": run_webfold, "pymupdf4llm": run_pymupdf4llm, "get_text": run_get_text}


def score(item: Case, tool: str, repeats: int) -> Score:
    """Run `tool` on one file `repeats` times; score its output, time the median run.

    A crash scores as empty output.
    """
    with pymupdf.open(item.path) as doc:
        pages = max(doc.page_count, 1)
    times, out = [], ""
    for _ in range(repeats):
        started = time.perf_counter()
        try:
            out = RUNNERS[tool](item.path)
        except Exception as exc:  # a competitor crashing is a result, not a benchmark failure
            print(f"  {tool} {item.name}: {type(exc).__name__}: {exc}", file=sys.stderr)
            out = ""
        times.append((time.perf_counter() - started) * 1000 / pages)
    return Score(cer(item.text, out), word_f1(item.text, out),
                 heading_recall(item.headings, out), table_row_recall(item.table_rows, out),
                 statistics.median(times))


def _fmt(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _mean(values: list[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.fmean(present) if present else None


def print_table(title: str, items: list[Case], tools: list[str],
                results: dict[tuple[str, str], Score]) -> None:
    cols = "  ".join(f"{t:>37}" for t in tools)
    sub = "  ".join(f"{'CER':>7}{'F1':>7}{'head':>7}{'rows':>7}{'ms/p':>9}" for _ in tools)
    print(f"\n{title}\n{'file':24}{cols}\n{'':24}{sub}")
    for item in items:
        cells = []
        for t in tools:
            s = results[(item.name, t)]
            cells.append(f"{_fmt(s.cer):>7}{_fmt(s.f1):>7}{_fmt(s.headings, 2):>7}"
                         f"{_fmt(s.rows, 2):>7}{s.ms_page:>9.1f}")
        print(f"{item.name[:23]:24}" + "  ".join(cells))
    cells = []
    for t in tools:
        rows = [results[(i.name, t)] for i in items]
        cells.append(f"{_fmt(_mean([r.cer for r in rows])):>7}"
                     f"{_fmt(_mean([r.f1 for r in rows])):>7}"
                     f"{_fmt(_mean([r.headings for r in rows]), 2):>7}"
                     f"{_fmt(_mean([r.rows for r in rows]), 2):>7}"
                     f"{statistics.median(r.ms_page for r in rows):>9.1f}")
    print(f"{'mean (ms/p: median)':24}" + "  ".join(cells))
    native = [results[(i.name, "webfold")].ms_page for i in items if i.kind == "native"]
    if "webfold" in tools and native:
        print(f"webfold native-text files: median {statistics.median(native):.1f} ms/page")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", choices=("reference", "generated", "both"), default="both")
    parser.add_argument("--tools", default=",".join(TOOLS),
                        help=f"comma-separated, from {', '.join(TOOLS)}")
    parser.add_argument("--repeats", type=int, default=3,
                        help="runs per file for the fast tools (median wall time); "
                             "pymupdf4llm runs once")
    parser.add_argument("--gate", action="store_true",
                        help=f"exit 1 when a generated hard case scores CER > {HARD_CASE_MAX_CER}")
    args = parser.parse_args(argv)
    tools = [t for t in args.tools.split(",") if t]
    if any(t not in RUNNERS for t in tools):
        parser.error(f"--tools: choose from {', '.join(TOOLS)}")
    pymupdf.TOOLS.mupdf_display_errors(False)
    pymupdf.set_messages(path=os.devnull)  # pymupdf4llm reports its parser steps there
    with tempfile.TemporaryDirectory() as tmp:
        corpora = []
        if args.corpus in ("reference", "both"):
            if REFERENCE_DIR.is_dir():
                corpora.append(("reference: ../shared/data/pdf-dev/reference",
                                reference_items(REFERENCE_DIR)))
            else:
                print(f"skipping the reference corpus: {REFERENCE_DIR} is absent", file=sys.stderr)
        if args.corpus in ("generated", "both"):
            corpora.append(("generated hard cases (scripts/pdf_corpus.py)",
                            build_corpus(Path(tmp))))
        for t in tools:  # imports and first-call set-up stay out of the timings
            RUNNERS[t](corpora[-1][1][0].path)
        failed = []
        for title, items in corpora:
            # One tool at a time over every file: a tool's leftovers (pymupdf4llm switches on
            # pymupdf.layout, fills caches) never land in another tool's timing.
            results = {(i.name, t): score(i, t, 1 if t == "pymupdf4llm" else args.repeats)
                       for t in tools for i in items}
            print_table(title, items, tools, results)
            if title.startswith("generated") and "webfold" in tools:
                failed += [i.name for i in items
                           if results[(i.name, "webfold")].cer > HARD_CASE_MAX_CER]
    if failed:
        print(f"\nhard cases over CER {HARD_CASE_MAX_CER}: {', '.join(failed)}")
    return 1 if args.gate and failed else 0


if __name__ == "__main__":
    sys.exit(main())
