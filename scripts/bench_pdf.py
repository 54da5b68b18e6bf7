"""PDF benchmark: Webfold beside pypdf, PyMuPDF `get_text()`, pymupdf4llm and pdfplumber.

Corpora: (1) `../shared/data/pdf-dev/reference`: real PDFs with `.md` / `.txt` reference
text (headings and pipe-table rows of a `.md` reference are scored too); (2) the
generated hard-case corpus from `scripts/pdf_corpus.py` with its expected text,
headings and rows; (3) the real-engine corpus from `scripts/pdf_engine_corpus.py`
(Chromium and LibreOffice PDFs; built on first use into its ignored folder), scored
per source with table cell recall, row recall and column count right as well; (4) the
table corpus from `scripts/pdf_table_corpus.py` (Chromium, LibreOffice and PyMuPDF
tables of many styles, plus pages with none), scored per kind the same way, with the
count of extra tables (output tables beyond the expected ones: diagrams read as tables,
a table split in two); (5) with `--corpus public` only (it downloads them once), the
tables of public table test suites from `scripts/pdf_public_tables.py`, scored per
source the same way and per file (a file without reference text scores tables only);
(6) with `--corpus scans` only (it downloads them once), the real scans of
`scripts/pdf_scan_corpus.py`, one row per page: Webfold (default settings, OCR language
"auto") beside plain `tesseract --psm 1 -l eng` (orientation detection in the reading,
what OCRmyPDF runs) on the very image Webfold's OCR engine was sent, each with CER
against the reference (where there is one), CER against the reading of the same scan
upright (turned and skewed copies), the orientation read (right or wrong against the
page's known turn) and ms/page (Webfold: the whole conversion; tesseract: its one
process, rendering not counted).
Per file and tool: normalised CER, word F1, heading recall, table row recall (where the
file has them) and wall ms/page (median of --repeats runs; OCR runs in tesseract
subprocesses, which CPU time would miss); means at the bottom of each
table. Each tool runs over all files before the next starts. pdfplumber runs
`extract_tables` only, on files with expected tables.

    .venv/bin/python scripts/bench_pdf.py                    # all corpora, all tools
    .venv/bin/python scripts/bench_pdf.py --corpus engine --tools webfold,pypdf
    .venv/bin/python scripts/bench_pdf.py --corpus tables --tools webfold,pymupdf4llm,pdfplumber
    .venv/bin/python scripts/bench_pdf.py --corpus public --tools webfold,pymupdf4llm,pdfplumber
    .venv/bin/python scripts/bench_pdf.py --corpus scans
    .venv/bin/python scripts/bench_pdf.py --gate             # exit 1 if a hard case > 0.03
    .venv/bin/python scripts/bench_pdf.py --speed            # native ms/page only, interleaved

`--speed` times only: over every file of the chosen corpora whose pages Webfold reads
natively (with `--corpus all`, the odd files of `pdf-dev/robust` too), each repeat runs
Webfold, `get_text()` and pypdf on one file before the next file (so a load spike on
the shared machine hits all three alike), and prints the median ms/page per tool and
per corpus with Webfold's ratio to the others.
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
from typing import TYPE_CHECKING

import pymupdf

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pdf_corpus import Case, build_corpus  # noqa: E402
from pdf_engine_corpus import DEFAULT_OUT as ENGINE_DIR  # noqa: E402
from pdf_engine_corpus import build as build_engine_corpus  # noqa: E402
from pdf_public_tables import DEFAULT_OUT as PUBLIC_DIR  # noqa: E402
from pdf_public_tables import build as build_public_tables  # noqa: E402
from pdf_scan_corpus import DEFAULT_OUT as SCAN_DIR  # noqa: E402
from pdf_scan_corpus import ScanCase  # noqa: E402
from pdf_scan_corpus import build as build_scan_corpus  # noqa: E402
from pdf_scores import (  # noqa: E402
    cer,
    heading_recall,
    markdown_headings,
    markdown_table_rows,
    markdown_tables,
    plain_text,
    table_row_recall,
    table_scores,
    word_f1,
)
from pdf_table_corpus import DEFAULT_OUT as TABLE_DIR  # noqa: E402
from pdf_table_corpus import build as build_table_corpus  # noqa: E402

if TYPE_CHECKING:
    from webfold.pdf.ocr import OcrPage

REFERENCE_DIR = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "pdf-dev" / \
    "reference"
ROBUST_DIR = REFERENCE_DIR.parent / "robust"  # odd files without reference text: timed only
HARD_CASE_MAX_CER = 0.03
TOOLS = ("webfold", "pypdf", "get_text", "pymupdf4llm", "pdfplumber")
TEXT_TOOLS = ("webfold", "pypdf", "get_text", "pymupdf4llm")
TABLE_TOOLS = ("webfold", "pymupdf4llm", "pdfplumber")


@dataclass(slots=True)
class Score:
    cer: float | None
    f1: float | None
    headings: float | None
    rows: float | None
    ms_page: float
    tables: list[tuple[float, float, float]] | None = None  # per expected table
    found: int | None = None  # tables in the output (None: the tool finds none)


@dataclass(slots=True)
class Output:
    """What a tool made of a file: text (None for a tables-only tool) and its tables."""

    text: str | None
    tables: list[list[list[str]]] | None  # None: the tool does not find tables


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


def run_webfold(path: Path) -> Output:
    from webfold.convert import convert

    doc = convert(path.read_bytes(), filename=path.name)
    if doc.error is not None:
        print(f"  webfold {path.name}: {doc.error.code}: {doc.error.message}", file=sys.stderr)
    return Output(doc.markdown, markdown_tables(doc.markdown))


def run_pymupdf4llm(path: Path) -> Output:
    import pymupdf4llm

    with contextlib.redirect_stdout(io.StringIO()):
        markdown = pymupdf4llm.to_markdown(str(path))
    return Output(markdown, markdown_tables(markdown))


def run_get_text(path: Path) -> Output:
    with pymupdf.open(path) as doc:
        return Output("\n".join(page.get_text() for page in doc), None)


def run_pypdf(path: Path) -> Output:
    import pypdf

    reader = pypdf.PdfReader(path)
    return Output("\n".join(page.extract_text() or "" for page in reader.pages), None)


def run_pdfplumber(path: Path) -> Output:
    import pdfplumber

    tables = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for table in page.extract_tables():
                tables.append([[plain_text(c or "") for c in row] for row in table])
    return Output(None, tables)


RUNNERS: dict[str, Callable[[Path], Output]] = {
    "webfold": run_webfold, "pypdf": run_pypdf, "get_text": run_get_text,
    "pymupdf4llm": run_pymupdf4llm, "pdfplumber": run_pdfplumber}


def score(item: Case, tool: str, repeats: int) -> Score:
    """Run `tool` on one file `repeats` times; score its output, time the median run.

    A crash scores as empty output.
    """
    with pymupdf.open(item.path) as doc:
        pages = max(doc.page_count, 1)
    times, out = [], Output("", [])
    for _ in range(repeats):
        started = time.perf_counter()
        try:
            out = RUNNERS[tool](item.path)
        except Exception as exc:  # a competitor crashing is a result, not a benchmark failure
            print(f"  {tool} {item.name}: {type(exc).__name__}: {exc}", file=sys.stderr)
            out = Output("" if tool in TEXT_TOOLS else None, [])
        times.append((time.perf_counter() - started) * 1000 / pages)
    tables = None
    if out.tables is not None and item.tables:
        tables = [table_scores(t, out.tables) for t in item.tables]
    found = None if out.tables is None else len(out.tables)
    if out.text is None or not item.text:
        return Score(None, None, None, None, statistics.median(times), tables, found)
    return Score(cer(item.text, out.text), word_f1(item.text, out.text),
                 heading_recall(item.headings, out.text),
                 table_row_recall(item.table_rows, out.text), statistics.median(times), tables,
                 found)


def _fmt(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _mean(values: list[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.fmean(present) if present else None


def engine_items(out: Path) -> list[Case]:
    """The real-engine corpus as `Case`s, its source (chromium-wcxb, ...) in `note`.

    Names must differ from the generated corpus's: results are keyed by name and tool."""
    return [Case(c.name, out / c.path, c.text, c.headings, tables=c.tables, note=c.source)
            for c in build_engine_corpus(out)]


def table_items(out: Path) -> list[Case]:
    """The table corpus as `Case`s, each file's kind (chromium-booktabs, ...) in `note`."""
    return [Case(c.name, out / c.path, c.text, tables=c.tables, note=c.kind)
            for c in build_table_corpus(out)]


def public_items(out: Path) -> list[Case]:
    """The public table suites' files as `Case`s, each file's source and how its tables
    are known (tabula-csv, pymupdf-asserted, ...) in `note`."""
    return [Case(c.name, out / c.path, c.text, tables=c.tables, note=c.kind)
            for c in build_public_tables(out)]


def print_table_files(title: str, items: list[Case], tools: list[str],
                      results: dict[tuple[str, str], Score]) -> None:
    """Per file and tool: table cell / row recall / column count right (means over the
    file's expected tables) and tables found against tables expected."""
    print(f"\n{title}\n{'file':28}" + "".join(f"{t:>30}" for t in tools))
    print(f"{'':28}" + f"{'cells':>8}{'rows':>7}{'cols':>7}{'found':>8}" * len(tools))
    for item in items:
        cells = []
        for t in tools:
            s = results[(item.name, t)]
            means = [_fmt(_mean([x[k] for x in s.tables]), 2) if s.tables else "-"
                     for k in range(3)]
            found = "-" if s.found is None else f"{s.found}/{len(item.tables)}"
            cells.append(f"{means[0]:>8}{means[1]:>7}{means[2]:>7}{found:>8}")
        print(f"{item.name[:27]:28}" + "".join(cells))


def print_sources(items: list[Case], tools: list[str],
                  results: dict[tuple[str, str], Score]) -> None:
    """Per source and tool: mean CER / word F1, table cell / row recall / column count
    right (means over tables), extra tables, median ms/page; then the same per producer
    (a source's name up to its first dash: chromium, calc, latex, ...) and over all
    sources."""
    print(f"\n{'source':22}{'tool':13}{'files':>6}{'CER':>8}{'F1':>8}{'cells':>8}{'rows':>8}"
          f"{'cols':>8}{'extra':>7}{'ms/p':>9}")
    sources = sorted({i.note for i in items})
    producers = sorted({s.split("-")[0] + "-*" for s in sources})
    for source in sources + producers + ["all"]:
        group = [i for i in items if source in ("all", i.note, i.note.split("-")[0] + "-*")]
        for t in tools:
            pairs = [(i, results[(i.name, t)]) for i in group if (i.name, t) in results]
            if not pairs:
                continue
            scores = [s for _, s in pairs]
            tables = [ts for s in scores if s.tables for ts in s.tables]
            cells = [_fmt(_mean([x[k] for x in tables]), 2) if tables else "-" for k in range(3)]
            extra = sum(max(0, s.found - len(i.tables)) for i, s in pairs if s.found is not None)
            print(f"{source:22}{t:13}{len(scores):>6}{_fmt(_mean([s.cer for s in scores])):>8}"
                  f"{_fmt(_mean([s.f1 for s in scores])):>8}{cells[0]:>8}{cells[1]:>8}"
                  f"{cells[2]:>8}{extra:>7}{statistics.median(s.ms_page for s in scores):>9.1f}")


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


SPEED_TOOLS = ("webfold", "get_text", "pypdf")


def native_pages(path: Path) -> int:
    """Page count of a file Webfold reads wholly from its text layer; 0 for any other
    (OCR'd, skipped or failing pages would time something else)."""
    from webfold.convert import convert
    from webfold.settings import Settings

    doc = convert(path.read_bytes(), filename=path.name, settings=Settings(ocr=False))
    if doc.error is not None or not doc.pages or any(p.route != "native" for p in doc.pages):
        return 0
    return len(doc.pages)


def speed(corpora: list[tuple[str, list[Case]]], repeats: int) -> None:
    """Median ms/page of `SPEED_TOOLS` on the native files of each corpus, interleaved
    per file and repeat; per file the median of its repeats."""
    everything: dict[str, list[float]] = {t: [] for t in SPEED_TOOLS}
    print(f"\n{'corpus':44}{'files':>6}{'pages':>6}" + "".join(f"{t:>10}" for t in SPEED_TOOLS)
          + f"{'x get_text':>11}{'x pypdf':>9}")
    for title, items in corpora:
        files = [(i.path, n) for i in items if (n := native_pages(i.path))]
        per_file: dict[str, list[float]] = {t: [] for t in SPEED_TOOLS}
        for path, pages in files:
            times: dict[str, list[float]] = {t: [] for t in SPEED_TOOLS}
            for _ in range(repeats):
                for t in SPEED_TOOLS:
                    started = time.perf_counter()
                    RUNNERS[t](path)
                    times[t].append((time.perf_counter() - started) * 1000 / pages)
            for t in SPEED_TOOLS:
                per_file[t].append(statistics.median(times[t]))
                everything[t].append(per_file[t][-1])
        if files:
            _speed_row(title.split(" (")[0], len(files), sum(n for _, n in files), per_file)
    if everything["webfold"]:
        _speed_row("all", len(everything["webfold"]), None, everything)


def _speed_row(title: str, files: int, pages: int | None,
               per_file: dict[str, list[float]]) -> None:
    med = {t: statistics.median(v) for t, v in per_file.items()}
    print(f"{title[:43]:44}{files:>6}{pages if pages is not None else '':>6}"
          + "".join(f"{med[t]:>10.2f}" for t in SPEED_TOOLS)
          + f"{med['webfold'] / med['get_text']:>11.1f}{med['webfold'] / med['pypdf']:>9.2f}")


@dataclass(slots=True)
class ScanReading:
    text: str
    rotation: int | None  # degrees turned counter-clockwise, as the reader saw it
    ms: float


class _RecordingEngine:
    """The local Tesseract engine, keeping the image it was sent and what it made of it."""

    def __init__(self) -> None:
        from webfold.pdf.ocr import local_engine

        self.engine = local_engine()
        self.images: list[bytes] = []
        self.rotations: list[int] = []

    def recognize(self, image: bytes, *, lang: str, timeout_s: float) -> OcrPage:
        self.images.append(image)
        page = self.engine.recognize(image, lang=lang, timeout_s=timeout_s)
        self.rotations.append(page.rotation)
        return page


def read_scan(case: ScanCase, out: Path) -> tuple[ScanReading, ScanReading | None]:
    """Webfold's reading of one scanned page, and plain tesseract's of the image Webfold's
    engine was sent (None when Webfold sent none: a page read natively)."""
    import pytesseract
    from PIL import Image

    from webfold.contract import ConvertOptions
    from webfold.convert import convert
    from webfold.pdf.ocr import reading_rotation, tesseract_words

    engine = _RecordingEngine()
    data = (out / case.path).read_bytes()
    started = time.perf_counter()
    doc = convert(data, filename=Path(case.path).name,
                  options=ConvertOptions(ocr=engine, pages=(case.page,)))
    webfold = ScanReading(doc.markdown, engine.rotations[0] if engine.rotations else None,
                          (time.perf_counter() - started) * 1000)
    if not engine.images:
        return webfold, None
    started = time.perf_counter()
    with Image.open(io.BytesIO(engine.images[0])) as image:
        table = pytesseract.image_to_data(image, lang="eng", config="--psm 1",
                                          output_type=pytesseract.Output.DICT)
    ms = (time.perf_counter() - started) * 1000
    words = tesseract_words(table)
    paragraphs: dict[tuple[int, int], list[str]] = {}
    for w in words:
        paragraphs.setdefault((w.block, w.paragraph), []).append(w.text)
    text = "\n\n".join(" ".join(ws) for ws in paragraphs.values())
    return webfold, ScanReading(text, reading_rotation(words) if words else None, ms)


def scan_bench(out: Path) -> None:
    """One row per scanned page of the scan corpus: Webfold and plain tesseract."""
    cases = build_scan_corpus(out)
    readings = {c.name: read_scan(c, out) for c in cases}
    head = f"{'CER':>7}{'upright':>8}{'turn':>6}{'ms/p':>8}"
    print(f"\nreal scans (scripts/pdf_scan_corpus.py, {out.name})\n{'page':20}{'ref':12}"
          f"{'turned':>7}  {'webfold':^29}  {'tesseract --psm 1':^29}\n{'':39}{head}  {head}")
    totals: dict[str, list[tuple[float | None, float | None, bool | None, float]]] = {
        "webfold": [], "tesseract": []}
    for case in cases:
        cells = []
        for tool, reading in zip(("webfold", "tesseract"), readings[case.name], strict=True):
            if reading is None:
                cells.append(f"{'(no OCR)':>29}")
                continue
            ref = cer(case.text, reading.text) if case.text is not None else None
            twin = readings[case.upright][tool == "tesseract"] if case.upright else None
            upright = cer(twin.text, reading.text) if twin is not None else None
            right = None if reading.rotation is None else reading.rotation == case.turned
            totals[tool].append((ref, upright, right, reading.ms))
            turn = "-" if right is None else f"{reading.rotation}{'' if right else '!'}"
            cells.append(f"{_fmt(ref):>7}{_fmt(upright):>8}{turn:>6}{reading.ms:>8.0f}")
        print(f"{case.name[:19]:20}{case.reference:12}{case.turned:>7}  " + "  ".join(cells))
    cells = []
    for rows in totals.values():
        wrong = sum(1 for r in rows if r[2] is False)
        cells.append(f"{_fmt(_mean([r[0] for r in rows])):>7}{_fmt(_mean([r[1] for r in rows])):>8}"
                     f"{wrong:>5}!{statistics.median(r[3] for r in rows):>8.0f}")
    print(f"{'mean (wrong turns; ms: median)':39}" + "  ".join(cells))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", choices=("reference", "generated", "engine", "tables",
                                             "public", "scans", "all"),
                        default="all", help="all: every corpus but public and scans")
    parser.add_argument("--tools", default=",".join(TOOLS),
                        help=f"comma-separated, from {', '.join(TOOLS)}")
    parser.add_argument("--repeats", type=int, default=3,
                        help="runs per file for the fast tools (median wall time); "
                             "pymupdf4llm runs once")
    parser.add_argument("--table-corpus", type=Path, default=TABLE_DIR,
                        help="the table corpus folder (another seed's, built with "
                             "pdf_table_corpus.py --seed N --out DIR)")
    parser.add_argument("--gate", action="store_true",
                        help=f"exit 1 when a generated hard case scores CER > {HARD_CASE_MAX_CER}")
    parser.add_argument("--speed", action="store_true",
                        help="only time the native files: webfold, get_text and pypdf "
                             "interleaved per file, median ms/page")
    args = parser.parse_args(argv)
    tools = [t for t in args.tools.split(",") if t]
    if any(t not in RUNNERS for t in tools):
        parser.error(f"--tools: choose from {', '.join(TOOLS)}")
    pymupdf.TOOLS.mupdf_display_errors(False)
    pymupdf.set_messages(path=os.devnull)  # pymupdf4llm reports its parser steps there
    if args.corpus == "scans":
        scan_bench(SCAN_DIR)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        corpora = []
        if args.corpus in ("reference", "all"):
            if REFERENCE_DIR.is_dir():
                corpora.append(("reference: ../shared/data/pdf-dev/reference",
                                reference_items(REFERENCE_DIR)))
            else:
                print(f"skipping the reference corpus: {REFERENCE_DIR} is absent", file=sys.stderr)
        if args.corpus in ("generated", "all"):
            corpora.append(("generated hard cases (scripts/pdf_corpus.py)",
                            build_corpus(Path(tmp))))
        if args.corpus in ("engine", "all"):
            corpora.append((f"real engines (scripts/pdf_engine_corpus.py, {ENGINE_DIR.name})",
                            engine_items(ENGINE_DIR)))
        if args.corpus in ("tables", "all"):
            corpora.append((f"tables (scripts/pdf_table_corpus.py, {args.table_corpus.name})",
                            table_items(args.table_corpus)))
        if args.corpus == "public":
            corpora.append((f"public (scripts/pdf_public_tables.py, {PUBLIC_DIR.name})",
                            public_items(PUBLIC_DIR)))
        if args.speed:
            if args.corpus == "all" and ROBUST_DIR.is_dir():
                corpora.append(("robust: ../shared/data/pdf-dev/robust",
                                [Case(p.stem, p, "") for p in sorted(ROBUST_DIR.glob("*.pdf"))]))
            for t in SPEED_TOOLS:
                RUNNERS[t](corpora[-1][1][0].path)  # imports and first-call set-up stay out
            speed(corpora, args.repeats)
            return 0
        # One tool at a time over every file of every corpus, pymupdf4llm last: importing
        # it switches on pymupdf.layout for the whole process (PyMuPDF's table finder then
        # runs the layout model), so no other tool may run after it.
        tools.sort(key=lambda t: t == "pymupdf4llm")
        results: dict[tuple[str, str], Score] = {}
        for t in tools:
            RUNNERS[t](corpora[-1][1][0].path)  # imports and first-call set-up stay out
            for title, items in corpora:
                results.update({(i.name, t): score(i, t, 1 if t == "pymupdf4llm" else
                                                   args.repeats)
                                for i in items
                                if t != "pdfplumber" or i.tables
                                or title.startswith(("tables", "public"))})
        failed = []
        for title, items in corpora:
            text_tools = [t for t in tools if t in TEXT_TOOLS]
            if title.startswith("public"):
                print_table_files(title, items, tools, results)
            else:
                print_table(title, items, text_tools, results)
            if title.startswith(("real engines", "tables", "public")):
                print_sources(items, tools, results)
            if title.startswith("generated") and "webfold" in tools:
                failed += [i.name for i in items
                           if results[(i.name, "webfold")].cer > HARD_CASE_MAX_CER]
    if failed:
        print(f"\nhard cases over CER {HARD_CASE_MAX_CER}: {', '.join(failed)}")
    return 1 if args.gate and failed else 0


if __name__ == "__main__":
    sys.exit(main())
