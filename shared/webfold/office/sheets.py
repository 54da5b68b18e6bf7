"""Spreadsheets: `XlsxConverter` (openpyxl), `OdsConverter` (ODF content.xml) and
`CsvConverter`, all written the same way.

One `## name` section per sheet (a CSV is one sheet without a heading) holding its used
range as a pipe table, the first row as the header. Formulas come out as their cached
values, dates as ISO dates (a time only when there is one), numbers to 15 significant
digits as Excel shows them. Empty rows before and after the data and empty trailing
columns are trimmed. A sheet over `sheet_max_cells` is cut with a warning; reading
stops when `office_budget_s` runs out (warning too).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import time
import warnings
from collections.abc import Iterable, Iterator
from typing import Any

from webfold import markdown as md
from webfold.charset import decode
from webfold.contract import ConvertOptions
from webfold.document import Block, Document, failed
from webfold.errors import ConversionError
from webfold.office.archive import ArchiveError, has, open_archive, read_xml
from webfold.office.metadata import core_properties
from webfold.settings import Settings
from webfold.sniff import StreamInfo

CSV_DELIMITERS = ",;\t|"
CSV_SNIFF_CHARS = 64_000
MAX_COLUMNS = 16_384  # Excel's widest sheet; ODS repeats past it are trailing filler


class _Sheets:
    """Sheets written one after another into blocks, under the cell cap and the budget."""

    def __init__(self, settings: Settings):
        self.cap = settings.sheet_max_cells
        self.deadline = time.monotonic() + settings.office_budget_s
        self.blocks: list[Block] = []
        self.warnings: list[str] = []
        self.out_of_time = False

    def add(self, name: str | None, rows: Iterable[list[str]]) -> None:
        """Write one sheet; the first 1024 rows are read whatever the budget says."""
        grid: list[list[str]] = []
        cells = 0
        pending_empty = 0
        for count, row in enumerate(rows):
            if count and count % 1024 == 0 and time.monotonic() > self.deadline:
                self.out_of_time = True
                self.warnings.append(f"time budget ran out in sheet {name or 1}: "
                                     "the rest was not read")
                break
            while row and not row[-1]:
                row.pop()
            if not row:
                pending_empty += 1
                continue
            if grid and pending_empty:
                grid.extend([] for _ in range(pending_empty))
            pending_empty = 0
            cells += max(len(row), max((len(r) for r in grid[:1]), default=0))
            if cells > self.cap:
                self.warnings.append(f"sheet {name or 1}: cut after {len(grid)} rows, over "
                                     f"the {self.cap}-cell cap")
                break
            grid.append(row)
        if name is not None:
            self._block("heading", md.heading(2, md.escape(md.collapse(name))), name, level=2)
        if grid:
            rendered = [[md.table_cell(md.escape(md.collapse(cell))) for cell in row]
                        for row in grid]
            text = " ".join(cell for row in grid for cell in row if cell)
            self._block("table", md.pipe_table(rendered), text)

    def stop_before(self, index: int, total: int) -> bool:
        """Whether to skip sheets `index`.. (1-based; the first is always read)."""
        if not self.out_of_time and index > 1 and time.monotonic() > self.deadline:
            self.out_of_time = True
            self.warnings.append(f"time budget ran out: sheets {index}-{total} were skipped")
        return self.out_of_time

    def _block(self, kind: str, markdown: str, text: str, level: int = 0) -> None:
        self.blocks.append(Block(kind=kind, markdown=markdown, text=text,
                                 index=len(self.blocks), tag="table" if kind == "table" else "h2",
                                 heading_level=level))

    def document(self, doc_type: str) -> Document:
        doc = Document(type=doc_type, markdown=md.join_blocks(self.blocks), blocks=self.blocks,
                       warnings=self.warnings)
        if not any(b.kind == "table" for b in self.blocks):
            doc.error = ConversionError("empty", "no sheet holds any value")
        return doc


def cell_text(value: object) -> str:
    """A cell value as a spreadsheet shows it: ISO dates, 15 significant digits."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, dt.datetime):
        if value.time() == dt.time(0):
            return value.date().isoformat()
        return value.isoformat(sep=" ", timespec="seconds")
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, float):
        return f"{value:.15g}"
    return str(value)


# -- XLSX ------------------------------------------------------------------------------

class XlsxConverter:
    """XLSX (and XLSM) workbooks through openpyxl, read-only, cached values."""

    def convert(self, data: bytes, info: StreamInfo, options: ConvertOptions) -> Document:
        """Convert a workbook. Errors as values: damaged, too_large (archive caps),
        encrypted, empty (no sheet holds a value)."""
        try:
            archive = open_archive(data, options.settings)
            if not has(archive, "xl/workbook.xml"):
                raise ArchiveError("damaged", "the package has no xl/workbook.xml")
            metadata = core_properties(archive)
        except ArchiveError as error:
            return failed("xlsx", error.code, error.message)
        import openpyxl

        sheets = _Sheets(options.settings)
        with warnings.catch_warnings(record=True) as caught:  # openpyxl warns on stderr
            warnings.simplefilter("always")
            error = _read_workbook(openpyxl, data, sheets)
        if error is not None:
            return error
        sheets.warnings.extend(dict.fromkeys(f"openpyxl: {w.message}" for w in caught))
        doc = sheets.document("xlsx")
        doc.metadata = metadata
        return doc


def _read_workbook(openpyxl: Any, data: bytes, sheets: _Sheets) -> Document | None:
    """Every sheet of the workbook into `sheets`; a failed `Document` when it is broken."""
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a broken workbook
        return failed("xlsx", "damaged", f"the workbook cannot be read ({type(exc).__name__}"
                                         f": {exc})")
    try:
        for index, sheet in enumerate(book.worksheets, start=1):
            if sheets.stop_before(index, len(book.worksheets)):
                break
            rows = ([cell_text(v) for v in row[:MAX_COLUMNS]]
                    for row in sheet.iter_rows(values_only=True))
            sheets.add(sheet.title, rows)
    except Exception as exc:
        return failed("xlsx", "damaged", f"a sheet cannot be read ({type(exc).__name__})")
    finally:
        book.close()
    return None


# -- ODS -------------------------------------------------------------------------------

OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"


class OdsConverter:
    """OpenDocument spreadsheets, read from content.xml."""

    def convert(self, data: bytes, info: StreamInfo, options: ConvertOptions) -> Document:
        """Convert an ODS file. Errors as values: damaged, too_large, encrypted, empty."""
        sheets = _Sheets(options.settings)
        try:
            archive = open_archive(data, options.settings, check_xml=False)
            root = read_xml(archive, "content.xml")
        except ArchiveError as error:
            return failed("ods", error.code, error.message)
        tables = list(root.iter(f"{TABLE}table"))
        for index, table in enumerate(tables, start=1):
            if sheets.stop_before(index, len(tables)):
                break
            sheets.add(table.get(f"{TABLE}name") or "Sheet", _ods_rows(table, sheets.cap))
        return sheets.document("ods")


def _ods_rows(table, cap: int) -> Iterator[list[str]]:
    """Rows of an ODS table with repeats expanded only as far as they hold values
    (a sheet's trailing filler repeats a million empty rows)."""
    for row in table.iter(f"{TABLE}table-row"):
        cells: list[str] = []
        for cell in row:
            if cell.tag not in (f"{TABLE}table-cell", f"{TABLE}covered-table-cell"):
                continue
            value = _ods_value(cell)
            repeat = min(_repeat(cell, "number-columns-repeated"), MAX_COLUMNS)
            if value:
                cells.extend([value] * min(repeat, MAX_COLUMNS - len(cells)))
            elif len(cells) < MAX_COLUMNS:
                cells.extend([""] * min(repeat, MAX_COLUMNS - len(cells)))
        while cells and not cells[-1]:
            cells.pop()
        repeat = _repeat(row, "number-rows-repeated")
        if not cells:
            repeat = min(repeat, 1)  # empty filler: one stands for all
        for _ in range(min(repeat, cap + 1)):
            yield list(cells)


def _ods_value(cell) -> str:
    kind = cell.get(f"{OFFICE}value-type")
    if kind in ("float", "percentage", "currency"):
        try:
            return cell_text(float(cell.get(f"{OFFICE}value") or ""))
        except ValueError:
            pass
    elif kind == "date":
        value = cell.get(f"{OFFICE}date-value") or ""
        return value[:10] if value.endswith("T00:00:00") or len(value) == 10 else value
    elif kind == "boolean":
        return "TRUE" if cell.get(f"{OFFICE}boolean-value") == "true" else "FALSE"
    elif kind == "time":
        return cell.get(f"{OFFICE}time-value") or ""
    return " ".join("".join(p.itertext()) for p in cell.iter(f"{TEXT}p")).strip()


def _repeat(node, name: str) -> int:
    try:
        return max(int(node.get(f"{TABLE}{name}") or 1), 1)
    except ValueError:
        return 1


# -- CSV -------------------------------------------------------------------------------

class CsvConverter:
    """CSV and TSV: the charset and the delimiter detected, one table."""

    def convert(self, data: bytes, info: StreamInfo, options: ConvertOptions) -> Document:
        """Convert delimited text; `info.charset` wins over detection. Errors as values:
        empty (no values), damaged (a field over the csv module's limit)."""
        text, charset = decode(data, info.charset)
        delimiter = sniff_delimiter(text[:CSV_SNIFF_CHARS])
        sheets = _Sheets(options.settings)
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        try:
            sheets.add(None, ([cell.strip() for cell in row] for row in reader))
        except csv.Error as exc:
            return failed("csv", "damaged", f"the file cannot be read as CSV ({exc})")
        doc = sheets.document("csv")
        doc.charset = charset
        doc.extra["delimiter"] = delimiter
        return doc


def sniff_delimiter(sample: str) -> str:
    """The delimiter of a CSV sample: csv.Sniffer among `CSV_DELIMITERS`, else the one
    that splits the first lines into the same number of fields most often."""
    lines = [line for line in sample.splitlines()[:50] if line.strip()]
    if len(lines) > 1:
        lines = lines[:-1]  # the sample may end inside a line
    try:
        return csv.Sniffer().sniff("\n".join(lines), delimiters=CSV_DELIMITERS).delimiter
    except csv.Error:
        pass
    best, best_score = ",", 0
    for delimiter in CSV_DELIMITERS:
        counts = [line.count(delimiter) for line in lines]
        if counts and min(counts) > 0:
            score = max(counts.count(c) for c in set(counts)) * 100 + min(counts)
            if score > best_score:
                best, best_score = delimiter, score
    return best
