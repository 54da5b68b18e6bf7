r"""Tables of public table test suites: PDFs and the tables their suites expect.

A development set of other people's PDFs, made with tools the table rules were not
written on, each table known cell by cell. The files and expectations come from the
source distributions of three table extractors on the package index (fetched through
the index's JSON API, the index pip itself uses, each checked against its sha256):

- tabula-py 2.10.0, `tests/resources/`: `data.pdf` (mtcars on page 1: `data_1.csv`;
  iris and ToothGrowth on pages 2-3: `data_2-3.csv`, whose cells tabula ran together,
  split here back into words), `campaign_donors.pdf` (`campaign_donors.csv`, without
  the empty column that tabula's column guides add), `MultiColumn.pdf` (two tables side
  by side read as two areas: `MultiColumn.csv` split at its row 25, where the second
  area starts) and `data_dtype.pdf` (an invoice's itemised charges:
  `data_dtype_template_expected.csv`). The CSVs are tabula's output that its tests hold
  true.
- PyMuPDF 2.1, `tests/resources/` and `tests/test_tables.py`: cells its tests assert
  (`small-table.pdf`, `strict-yes-no.pdf`, `test-styled-table.pdf` with the Markdown
  markup removed, `chinese-tables.pdf` from the pickle the test compares with), the
  rotated pages of `test_2812` (a 8 x 5 grid of `cell[i][j]` drawn on pages turned 0,
  90, 180 and 270 degrees, made here by the test's own code), `battery-file-22.pdf`
  (no table: any table found is a false one) and files whose tests assert only the
  tables' count or shape (`dotted-gridlines.pdf`, `test_3179.pdf`, `test_2979.pdf`,
  `test_3062.pdf` on a rotated page), where the expected cells are PyMuPDF's own
  `find_tables()` output: kind `pymupdf-findtables`, a peer's output, not a truth.
- img2table 2.0.0, `examples/data/`: `tables.pdf` with the four tables of
  `tables.xlsx`, img2table's own extraction shipped beside it as the example's result.

Each case has a `kind` (`SOURCE-how`: how its expectation was made), as in the table
corpus (`pdf_table_corpus.TableCase`, whose scorer `bench_pdf.py --corpus public`
reuses); `text` is empty: these suites give no reference text. Files go to an ignored
folder (default `.pdf-public-tables/`) with a `cases.json` manifest; a later run reuses
them unless `--rebuild`.

    python scripts/pdf_public_tables.py [--out DIR] [--rebuild]
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import pickle
import re
import sys
import tarfile
import urllib.parse
import urllib.request
from pathlib import Path
from typing import NoReturn

import pymupdf

from pdf_engine_corpus import manifest_cases
from pdf_table_corpus import TableCase

REPO = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO / ".pdf-public-tables"
SDISTS = {"tabula-py": "2.10.0", "pymupdf": "2.1", "img2table": "2.0.0"}
_MARKUP = re.compile(r"\*\*|~~|`|(?<!\w)_|_(?!\w)")


def _index_url() -> str:
    """The package index pip uses (its JSON API lives under it)."""
    from pip._internal.models.index import PyPI

    return PyPI.url


def fetch_sdist(name: str, version: str, out: Path) -> tarfile.TarFile:
    """The source distribution of `name` `version`, downloaded once into `out`."""
    base = _index_url()
    with urllib.request.urlopen(urllib.parse.urljoin(base, f"pypi/{name}/json"),
                                timeout=60) as reply:
        release = json.load(reply)["releases"][version]
    sdist = next(f for f in release if f["packagetype"] == "sdist")
    path = out / "sdists" / sdist["filename"]
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        with urllib.request.urlopen(urllib.parse.urljoin(base, sdist["url"]),
                                    timeout=300) as reply:
            data = reply.read()
        if hashlib.sha256(data).hexdigest() != sdist["digests"]["sha256"]:
            raise RuntimeError(f"{sdist['filename']}: sha256 differs from the index's")
        path.write_bytes(data)
    return tarfile.open(path)


def sdist_member(archive: tarfile.TarFile, suffix: str) -> bytes:
    """The bytes of the one archive member whose path ends with `suffix`."""
    member = next(m for m in archive.getmembers() if m.name.endswith(suffix))
    handle = archive.extractfile(member)
    assert handle is not None
    return handle.read()


def save_file(out: Path, source: str, name: str, data: bytes) -> str:
    path = out / source / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return str(path.relative_to(out))


def _csv_rows(data: bytes) -> list[list[str]]:
    return [[c.strip() for c in row] for row in csv.reader(io.StringIO(data.decode("utf-8")))]


def _without_empty_columns(rows: list[list[str]]) -> list[list[str]]:
    keep = [c for c in range(max(len(r) for r in rows))
            if any(c < len(r) and r[c] for r in rows)]
    return [[r[c] if c < len(r) else "" for c in keep] for r in rows]


def _word_tables(rows: list[list[str]]) -> list[list[list[str]]]:
    """Tables of one word per cell from CSV rows whose cells were run together: every
    row split into its words; a row of one word (a page number) dropped; a row without
    a number (a header) starts a new table, and a header one cell short of its body
    gets an empty first cell (the unlabelled column of row names)."""
    tables: list[list[list[str]]] = []
    for row in rows:
        words = " ".join(row).split()
        if len(words) < 2:
            continue
        if not any(re.fullmatch(r"[\d.]+", w) for w in words):
            tables.append([words])
        else:
            tables[-1].append(words)
    for table in tables:
        width = max(len(r) for r in table)
        if len(table[0]) == width - 1:
            table[0].insert(0, "")
    return tables


def tabula_cases(out: Path) -> list[TableCase]:
    archive = fetch_sdist("tabula-py", SDISTS["tabula-py"], out)
    res = "tests/resources/"
    files = {n: save_file(out, "tabula", n, sdist_member(archive, res + n))
             for n in ("data.pdf", "campaign_donors.pdf", "MultiColumn.pdf", "data_dtype.pdf")}
    columns = _csv_rows(sdist_member(archive, res + "MultiColumn.csv"))
    second = next(i for i, r in enumerate(columns) if r[0] == "25")
    return [
        TableCase("tabula-data", "tabula-csv", files["data.pdf"], "",
                  [_csv_rows(sdist_member(archive, res + "data_1.csv"))] +
                  _word_tables(_csv_rows(sdist_member(archive, res + "data_2-3.csv")))),
        TableCase("tabula-campaign-donors", "tabula-csv", files["campaign_donors.pdf"], "",
                  [_without_empty_columns(
                      _csv_rows(sdist_member(archive, res + "campaign_donors.csv")))]),
        TableCase("tabula-multicolumn", "tabula-csv", files["MultiColumn.pdf"], "",
                  [columns[:second], columns[second:]]),
        TableCase("tabula-data-dtype", "tabula-csv", files["data_dtype.pdf"], "",
                  [_csv_rows(sdist_member(archive, res + "data_dtype_template_expected.csv"))]),
    ]


class _PlainUnpickler(pickle.Unpickler):
    """Lists, tuples, strings and numbers only: the pickle comes from a download."""

    def find_class(self, module: str, name: str) -> NoReturn:
        raise pickle.UnpicklingError(f"{module}.{name} is not plain data")


def _cells(table: list[list[str | None]]) -> list[list[str]]:
    return [[" ".join((c or "").split()) for c in row] for row in table]


def _markdown_table(markdown: str) -> list[list[str]]:
    rows = [line[1:-1].split("|") for line in markdown.splitlines()
            if line.startswith("|") and not line.startswith("|---")]
    return [[" ".join(_MARKUP.sub("", c).replace("<br>", " ").split()) for c in r] for r in rows]


def _rotated_grid_pdf() -> tuple[bytes, list[list[list[str]]]]:
    """PyMuPDF's test_2812 document (its code): one 8 x 5 grid on each of four pages
    turned 0, 90, 180 and 270 degrees; every page reads as the same table."""
    doc = pymupdf.open()
    for rotation in (0, 90, 180, 270):
        turned = rotation in (90, 270)
        page = doc.new_page(width=595 if turned else 842, height=842 if turned else 595)
        rows, cols = (5, 8) if turned else (8, 5)
        cells = pymupdf.make_table(page.rect + (72, 72, -72, -72), rows=rows, cols=cols)
        for i in range(rows):
            for j in range(cols):
                page.draw_rect(cells[i][j])
        for i in range(rows):
            for j in range(cols):
                label = {0: f"cell[{i}][{j}]", 90: f"cell[{j}][{rows - i - 1}]",
                         180: f"cell[{rows - i - 1}][{cols - j - 1}]",
                         270: f"cell[{cols - j - 1}][{i}]"}[rotation]
                page.insert_textbox(cells[i][j], label, rotate=rotation,
                                    align=pymupdf.TEXT_ALIGN_CENTER)
        page.set_rotation(rotation)
        page.clean_contents()
    grid = [[f"cell[{i}][{j}]" for j in range(5)] for i in range(8)]
    return doc.tobytes(), [grid] * 4


def pymupdf_cases(out: Path) -> list[TableCase]:
    archive = fetch_sdist("pymupdf", SDISTS["pymupdf"], out)
    res = "tests/resources/"

    def save(name: str) -> str:
        return save_file(out, "pymupdf", name, sdist_member(archive, res + name))

    pickled = sdist_member(archive, res + "chinese-tables.pickle")
    chinese = _PlainUnpickler(io.BytesIO(pickled)).load()
    cases = [
        TableCase("pymupdf-small-table", "pymupdf-asserted", save("small-table.pdf"), "", [[
            ["Boiling Points °C", "min", "max", "avg"],
            ["Noble gases", "-269", "-62", "-170.5"],
            ["Nonmetals", "-253", "4827", "414.1"],
            ["Metalloids", "335", "3900", "741.5"],
            ["Metals", "357", ">5000", "2755.9"]]]),
        TableCase("pymupdf-strict-yes-no", "pymupdf-asserted", save("strict-yes-no.pdf"), "",
                  [_markdown_table(
                      "|Header1|Header2|Header3|\n|---|---|---|\n"
                      "|Col11<br>Col12|Col21<br>Col22|Col31<br>Col32<br>Col33|\n"
                      "|Col13|Col23|Col34<br>Col35|\n|Col14|Col24|Col36|\n"
                      "|Col15|Col25<br>Col26||\n")]),
        TableCase("pymupdf-styled-table", "pymupdf-asserted", save("test-styled-table.pdf"), "",
                  [_markdown_table(
                      "|Column 1|Column 2|Column 3|\n|---|---|---|\n"
                      "|Zelle (0,0)|**Bold (0,1)**|Zelle (0,2)|\n"
                      "|~~Strikeout (1,0), Zeile 1~~<br>~~Hier kommt Zeile 2.~~|Zelle (1,1)|"
                      "~~Strikeout (1,2)~~|\n"
                      "|**`Bold-monospaced`**<br>**`(2,0)`**|_Italic (2,1)_|"
                      "**_Bold-italic_**<br>**_(2,2)_**|\n"
                      "|Zelle (3,0)|~~**Bold-strikeout**~~<br>~~**(3,1)**~~|Zelle (3,2)|\n")]),
        TableCase("pymupdf-chinese-tables", "pymupdf-asserted", save("chinese-tables.pdf"), "",
                  [_cells(t) for t in chinese["extracts"]]),
        TableCase("pymupdf-battery-file", "pymupdf-asserted", save("battery-file-22.pdf"), "",
                  []),
    ]
    rotated, grids = _rotated_grid_pdf()
    cases.append(TableCase("pymupdf-rotated-grid", "pymupdf-asserted",
                           save_file(out, "pymupdf", "test-2812.pdf", rotated), "", grids))
    for name in ("dotted-gridlines.pdf", "test_3179.pdf", "test_2979.pdf", "test_3062.pdf"):
        path = save(name)
        with pymupdf.open(out / path) as doc:
            tables = [_cells(t.extract()) for page in doc for t in page.find_tables().tables]
        cases.append(TableCase(f"pymupdf-{Path(name).stem.replace('_', '-')}",
                               "pymupdf-findtables", path, "", tables))
    return cases


def img2table_cases(out: Path) -> list[TableCase]:
    import openpyxl

    archive = fetch_sdist("img2table", SDISTS["img2table"], out)
    path = save_file(out, "img2table", "tables.pdf",
                     sdist_member(archive, "examples/data/tables.pdf"))
    book = openpyxl.load_workbook(io.BytesIO(sdist_member(archive, "examples/data/tables.xlsx")))
    tables = [[[str(c) if c is not None else "" for c in row]
               for row in sheet.iter_rows(values_only=True)] for sheet in book]
    return [TableCase("img2table-tables", "img2table-xlsx", path, "", tables)]


def build(out: Path = DEFAULT_OUT, rebuild: bool = False) -> list[TableCase]:
    """The set in `out`: read from its manifest, or made (and the manifest written)."""
    return manifest_cases(out, TableCase,
                          lambda: tabula_cases(out) + pymupdf_cases(out) + img2table_cases(out),
                          rebuild)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args(argv)
    cases = build(args.out, args.rebuild)
    for case in cases:
        print(f"{case.name:30} {case.kind:20} {len(case.tables)} tables "
              f"{sum(len(t) for t in case.tables):>4} rows")
    print(f"{len(cases)} files, {sum(len(c.tables) for c in cases)} tables")
    return 0


if __name__ == "__main__":
    sys.exit(main())
