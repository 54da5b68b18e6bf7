r"""A PDF table corpus made by real engines, every table known cell by cell.

Three producers, from sources written here with a seeded random mix of styles:

- headless Chromium (Playwright, the system browser, JavaScript and network off)
  prints HTML tables: full grid, no borders, a rule under every row, booktabs (top,
  header and bottom rules), zebra row fills, coloured cells with white gaps, column-
  and row-spanning headers, wrapped multi-line cells, right-aligned numbers, empty
  cells, wide tables in a small font, long tables across pages, landscape pages, a
  table beside prose, two tables on a page, captions and footnotes, right-to-left
  tables; and pages with no table at all (a flow chart of boxes, a card grid), where
  any table found is a false one. A second batch (its own random stream, so the first
  batch's files stay as they were) adds kinds of the public table suites: header cells
  of two or three lines, amounts with footnote markers, two tables side by side, and a
  table inside a two-column paper.
- LibreOffice (`soffice --headless --convert-to pdf`) converts Word files made with
  python-docx: grid, no borders, built-in table styles, merged cells; in the second
  batch a two-level header whose groups span columns, with empty body cells.
- PyMuPDF draws financial statements (labels with dot leaders, right-aligned amounts
  in year columns, no rules) and plain right-aligned number tables.

A third batch (its own random stream again) comes from engines the table rules were
not written on, the closest stand-in here for tables of other people's documents:

- LibreOffice Calc prints spreadsheets made with openpyxl: a title, typed cells under
  number formats (amounts, dates, percentages: the text shown is the formatted value),
  no gridlines printed (Calc's default), all borders, a rule under the header only,
  a two-level header merged across its columns, wrapped text in tall rows.
- reportlab lays out `Table`s in typical `TableStyle`s: no lines, LINEABOVE/LINEBELOW
  on the header and the last row, zebra ROWBACKGROUNDS, INNERGRID and BOX, SPAN
  headers, wrapped `Paragraph` cells.
- pdflatex typesets `tabular`s: booktabs rules, `|l|r|` grids with `\hline`,
  `\multicolumn` group headers under `\cmidrule`, a small table in a two-column article.

A fourth batch (its own random stream) gives Word tables the styles only the Chromium
pages had, and turns pages round:

- LibreOffice converts Word files with a header ruled above and below (and the last row
  under, or not) and no other lines; shaded cells (a dark header in white type, body
  rows in light fills) without lines; a right-to-left table (`bidiVisual`, Arabic
  cells); a wide table in a landscape section.
- Chromium's landscape tables are stored turned: each page portrait, its content drawn
  sideways under a /Rotate of 90 or 270 that shows it upright, as print drivers and
  scanners store landscape pages.

A fifth batch (its own random stream) gives statements and long tables as offices print
them: Calc sheets of a statement (a title merged across, section rows, indented items,
subtotals over a rule, a total over a double rule, losses in brackets by number format)
and long sheets whose header row prints on every page; Writer statements typed without
a table (amounts at right tab stops, the first over dot leaders); Chromium statements of
an annual report (a note column, section titles spanning the row, no borders); reportlab
`LongTable`s over several pages with their header repeated.

Calc (Debian libreoffice-calc-nogui), reportlab (the bench extra) and pdflatex (Debian
texlive-latex-recommended) are corpus-only tools, not in `setup_system.sh`.

Each case has a `kind` (what it tests); expected tables are rows of cells with merged
cells repeated into every grid cell they cover (the scorer accepts the repeats empty).
Files go to an ignored folder (default `.pdf-table-corpus/`) with a `cases.json`
manifest; a later run reuses them unless `--rebuild`. A producer that is not
installed is skipped with a message.

    python scripts/pdf_table_corpus.py [--out DIR] [--per-kind N] [--seed N] [--rebuild]
"""

from __future__ import annotations

import argparse
import copy
import html
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pdf_engine_corpus import (
    CHROMIUM,
    CHROMIUM_ARGS,
    chromium_ready,
    find_soffice,
    manifest_cases,
    soffice_convert,
)

REPO = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO / ".pdf-table-corpus"
PER_KIND = 5  # seeded variants of every kind
SOFFICE_TIMEOUT_S = 300
SEED = 20261201


@dataclass(slots=True)
class TableCase:
    """One PDF and the tables (and text) a converter should get out of it."""

    name: str
    kind: str  # what the case tests: chromium-grid, libreoffice-merged, pymupdf-leaders, ...
    path: str
    text: str  # reference plain text: prose and cells, in reading order
    tables: list[list[list[str]]] = field(default_factory=list)  # rows of cells, per table


# --- cell content -----------------------------------------------------------------------

WORDS = ("harbour valley river station market bridge north south east west central upper "
         "lower old new green stone mill forest lake hill field castle garden park road "
         "school church farm village town port bay island coast mountain spring summer "
         "winter autumn copper iron silver timber grain wool cotton salt coal glass paper "
         "brick cloth leather rope sugar coffee tea wine oil steel tin lead zinc").split()
HEADS = ("Region District Site Item Product Category Group Type Owner Status Source Route "
         "Supplier Account Sector Branch Project Unit Grade Class").split()
NUM_HEADS = ("Count Total Area Weight Share Price Cost Revenue Volume Rate Length Budget "
             "Income Output Change Score Index Stock Orders Visits").split()
LONG = ("delivered late because the road was closed for repairs",
        "checked again by the district office after the spring floods",
        "includes the two new mills that opened in the autumn",
        "estimate only; the full count follows in the next report",
        "moved to the eastern warehouse until the roof is mended",
        "shared between the two villages under the old agreement")
AR_WORDS = ("القمح الشعير الذرة الأرز المنطقة الشمال الجنوب الشرق الغرب المساحة الإنتاج "
            "المدينة القرية السوق النهر الوادي الميناء المصنع المزرعة الحقل").split()


def _label(rng: random.Random, words: int = 2) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, words))).capitalize()


def _number(rng: random.Random, kind: str) -> str:
    if kind == "int":
        return f"{rng.randint(3, 98_000):,}"
    if kind == "money":
        return f"${rng.randint(10, 9_999):,}.{rng.randint(0, 99):02d}"
    if kind == "pct":
        return f"{rng.uniform(0, 99):.1f}%"
    if kind == "dec":
        return f"{rng.uniform(0, 50):.2f}"
    if kind == "date":
        return f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    return f"{rng.choice('ABCDEFGHKMPRT')}{rng.choice('ABCDEFGHKMPRT')}-{rng.randint(100, 9999)}"


def _columns(rng: random.Random, count: int) -> list[str]:
    """Column types: the first a label, the rest a mix of numbers, codes and labels."""
    kinds = ["label"]
    for _ in range(count - 1):
        kinds.append(rng.choice(["int", "money", "pct", "dec", "date", "code", "label", "int"]))
    return kinds


def _grid(rng: random.Random, rows: int, cols: int, *, long_text: bool = False,
          empty: float = 0.0) -> list[list[str]]:
    """A header row and `rows` body rows of `cols` cells; `empty` is the chance a body
    cell (not in the first column) is left empty."""
    kinds = _columns(rng, cols)
    if long_text:
        kinds[rng.randrange(1, cols)] = "long"
    heads = rng.sample(HEADS, 1) + rng.sample(NUM_HEADS, cols - 1)
    heads = [h if k != "label" or c == 0 else rng.choice(HEADS) for c, (h, k) in
             enumerate(zip(heads, kinds, strict=True))]
    out = [heads]
    for _ in range(rows):
        row = []
        for c, k in enumerate(kinds):
            if c and rng.random() < empty:
                row.append("")
            elif k == "label":
                row.append(_label(rng, 3 if c == 0 else 2))
            elif k == "long":
                row.append(rng.choice(LONG))
            else:
                row.append(_number(rng, k))
        out.append(row)
    _distinct_first_column(out)
    return out


def _distinct_first_column(rows: list[list[str]]) -> None:
    """Row labels made distinct (row recall would accept a duplicate row twice)."""
    seen: set[str] = set()
    for row in rows[1:]:
        while row[0] in seen:
            row[0] += " " + WORDS[len(seen) % len(WORDS)]
        seen.add(row[0])


# --- Chromium pages ---------------------------------------------------------------------

STYLES = ("grid", "none", "hrules", "booktabs", "zebra", "cellfill")
PROSE = ("The district offices sent their counts at the end of the season. The table "
         "gathers them as reported, before the checks of the statistics office.",
         "Figures are rounded to the nearest unit; a blank cell means the office sent no "
         "figure for that item. Totals are computed from the unrounded counts.",
         "Where two offices share a site, the site is listed once under the office that "
         "keeps its register, and the other office's counts are added to it.")


def _css(style: str, rng: random.Random, font_pt: float, name: str) -> str:
    pad = f"{rng.choice([1, 2, 3, 4])}pt {rng.choice([4, 6, 8, 10])}pt"
    base = (f"table.{name}{{font-size:{font_pt}pt;border-collapse:collapse}}"
            f"table.{name} td,table.{name} th{{padding:{pad};text-align:left;"
            f"vertical-align:{rng.choice(['top', 'middle', 'baseline'])}}}")
    rule = f"{rng.choice([0.5, 0.75, 1, 1.5])}px solid #{rng.choice(['000', '444', '888'])}"
    if style == "grid":
        return base + f"table.{name} td,table.{name} th{{border:{rule}}}"
    if style == "hrules":
        return base + f"table.{name} tr{{border-bottom:{rule}}}"
    if style == "booktabs":
        return base + (f"table.{name}{{border-top:2px solid #000;border-bottom:2px solid #000}}"
                       f"table.{name} thead tr:last-child th{{border-bottom:{rule}}}")
    if style == "zebra":
        fill = rng.choice(["#eef2f7", "#f2f2f2", "#e8f4e8", "#fdf3e1"])
        head = rng.choice(["#2f4f7f", "#444", "#7a2e2e"])
        return base + (f"table.{name} tbody tr:nth-child(even){{background:{fill}}}"
                       f"table.{name} th{{background:{head};color:#fff}}")
    if style == "cellfill":
        gap = rng.choice([2, 3, 4])
        return (base.replace("border-collapse:collapse", f"border-collapse:separate;"
                             f"border-spacing:{gap}px") +
                f"table.{name} td{{background:{rng.choice(['#dde6f0', '#e6e6e6', '#e2efd9'])}}}"
                f"table.{name} th{{background:{rng.choice(['#2f4f7f', '#5b9bd5', '#404040'])};"
                "color:#fff}")
    return base  # none


def _thead(cells: list[str]) -> str:
    return "<tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in cells) + "</tr>"


def _table_html(rows: list[list[str]], name: str, numeric_right: bool,
                head_html: str | None = None, body_html: list[str] | None = None,
                caption: str = "") -> str:
    head = head_html if head_html is not None else _thead(rows[0])
    body = body_html or []
    if not body:
        for row in rows[1:]:
            tds = []
            for c, cell in enumerate(row):
                right = numeric_right and c and cell[:1] in "$0123456789"
                tds.append(f"<td{' style=text-align:right' if right else ''}>"
                           f"{html.escape(cell)}</td>")
            body.append("<tr>" + "".join(tds) + "</tr>")
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return (f"<table class='{name}'>{cap}<thead>{head}</thead><tbody>{''.join(body)}</tbody>"
            "</table>")


def _spanning_header(rng: random.Random, rows: list[list[str]]) -> tuple[str, list[list[str]]]:
    """A two-level header: the first column spans both header rows, then groups of two
    columns under a spanning year. Returns the header HTML and the expected header rows."""
    cols = len(rows[0])
    groups, c = [], 1
    while c < cols:
        width = 2 if cols - c >= 2 else 1
        groups.append((c, width))
        c += width
    years = [str(2019 + i) for i in range(len(groups))]
    top = [rows[0][0]] + [""] * (cols - 1)
    top_html = f"<tr><th rowspan=2>{html.escape(rows[0][0])}</th>"
    for (start, width), year in zip(groups, years, strict=True):
        top_html += f"<th colspan={width}>{year}</th>"
        for k in range(start, start + width):
            top[k] = year
    top_html += "</tr>"
    sub_html = "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in rows[0][1:]) + "</tr>"
    return top_html + sub_html, [top, rows[0]]


def _rowspan_body(rng: random.Random, rows: list[list[str]]) -> tuple[list[str], list[list[str]]]:
    """Body rows whose first column groups 2-3 rows under one spanning cell."""
    body, expected, r = [], [], 1
    groups = rng.sample(HEADS, len(HEADS))
    g = 0
    while r < len(rows):
        span = min(rng.choice([2, 3]), len(rows) - r)
        label = groups[g % len(groups)] + f" {g + 1}"
        g += 1
        for k in range(span):
            row = rows[r + k]
            tds = "".join(f"<td>{html.escape(c)}</td>" for c in row[1:])
            first = f"<td rowspan={span}>{html.escape(label)}</td>" if k == 0 else ""
            body.append(f"<tr>{first}{tds}</tr>")
            expected.append([label] + row[1:])
        r += span
    return body, expected


FOOT_MARKS = ("*", "†", "a", "b")
HEAD_WORDS = ("total", "per site", "in tonnes", "last year", "this year", "(est.)", "change")


def _multiline_header(rng: random.Random, rows: list[list[str]]) -> tuple[str, list[list[str]]]:
    """Header cells of two or three lines (`<br>` in the cell), some of one line. Returns
    the header HTML and the expected rows (a header cell's lines joined by spaces)."""
    heads = []
    for c, head in enumerate(rows[0]):
        extra = [] if c == 0 and rng.random() < 0.5 else rng.sample(HEAD_WORDS,
                                                                    rng.choice([1, 1, 2]))
        heads.append([head, *extra])
    head_html = "<tr>" + "".join("<th>" + "<br>".join(html.escape(t) for t in h) + "</th>"
                                 for h in heads) + "</tr>"
    return head_html, [[" ".join(h) for h in heads]] + rows[1:]


def _marked_body(rng: random.Random, rows: list[list[str]]) -> tuple[list[str], list[list[str]]]:
    """Body rows where some cells carry a footnote marker: a superscript letter or sign
    after the amount ("1,250*", "3.5%a"). Returns the body HTML and the expected rows."""
    body, expected = [], [rows[0]]
    for row in rows[1:]:
        tds, cells = [], []
        for c, cell in enumerate(row):
            mark = rng.choice(FOOT_MARKS[:2]) if c and rng.random() < 0.25 else ""
            tds.append(f"<td>{html.escape(cell)}<sup>{mark}</sup></td>" if mark
                       else f"<td>{html.escape(cell)}</td>")
            cells.append(cell + mark)
        body.append("<tr>" + "".join(tds) + "</tr>")
        expected.append(cells)
    return body, expected


def _rtl_rows(rng: random.Random, rows: int, cols: int) -> list[list[str]]:
    out = [[" ".join(rng.sample(AR_WORDS, 1)) for _ in range(cols)]]
    for _ in range(rows):
        out.append([rng.choice(AR_WORDS) + " " + rng.choice(AR_WORDS)] +
                   [f"{rng.randint(10, 9999)}" for _ in range(cols - 1)])
    _distinct_first_column(out)
    return out


def _chromium_page(kind: str, rng: random.Random, name: str) -> tuple[str, list, list[str], bool]:
    """(body HTML, expected tables, text blocks, landscape) for one written page."""
    style = kind.removeprefix("chromium-") if kind.removeprefix("chromium-") in STYLES else \
        rng.choice(STYLES)
    font = rng.choice([8, 9, 10, 11, 12])
    cols, nrows = rng.randint(3, 6), rng.randint(4, 12)
    numeric_right = rng.random() < 0.5
    css = _css(style, rng, font, name)
    intro = rng.choice(PROSE)
    texts, tables, body, landscape = [intro], [], [f"<p>{intro}</p>"], False
    rows = _grid(rng, nrows, cols)
    head_html = body_html = None
    caption = footnote = ""
    expected = rows
    if kind == "chromium-colspan":
        head_html, heads = _spanning_header(rng, rows)
        expected = heads + rows[1:]
    elif kind == "chromium-rowspan":
        body_html, body_rows = _rowspan_body(rng, rows)
        expected = [rows[0]] + body_rows
    elif kind == "chromium-wrapped":
        rows = _grid(rng, nrows, cols, long_text=True)
        expected = rows
        css += f"table.{name}{{width:{rng.choice([60, 75, 90])}%}}"
    elif kind == "chromium-numeric":
        rows = [rows[0]] + [[r[0]] + [_number(rng, rng.choice(["int", "money", "dec"]))
                                      for _ in r[1:]] for r in rows[1:]]
        expected, numeric_right = rows, True
    elif kind == "chromium-empty":
        rows = _grid(rng, nrows, cols, empty=0.25)
        expected = rows
    elif kind == "chromium-wide":
        cols = rng.randint(8, 12)
        rows = _grid(rng, nrows, cols)
        expected = rows
        css = _css(style, rng, rng.choice([6, 7, 7.5]), name)
    elif kind == "chromium-long":
        rows = _grid(rng, rng.randint(45, 80), cols)
        expected = rows
    elif kind in ("chromium-landscape", "chromium-turned"):
        cols = rng.randint(6, 10)
        rows = _grid(rng, nrows, cols)
        expected, landscape = rows, True
    elif kind == "chromium-caption":
        caption = f"Table {rng.randint(1, 9)}: {_label(rng, 3)} by {rows[0][0].lower()}"
        footnote = "Note: " + rng.choice(PROSE)
    elif kind == "chromium-rtl":
        rows = _rtl_rows(rng, nrows, cols)
        expected = rows
    elif kind == "chromium-paper":  # a table narrow enough for a column of a paper
        rows = _grid(rng, nrows, rng.randint(2, 3))
        expected = rows
        css += f"table.{name}{{font-size:{rng.choice([7, 8, 9])}pt}}"
    elif kind == "chromium-multihead":
        head_html, expected = _multiline_header(rng, rows)
    elif kind == "chromium-footmarks":
        body_html, expected = _marked_body(rng, rows)
        footnote = " ".join(f"{m} {rng.choice(LONG).capitalize()}." for m in FOOT_MARKS[:2])
    table = _table_html(rows, name, numeric_right, head_html, body_html, caption)
    if caption:
        texts.append(caption)
    if kind == "chromium-beside":
        prose = " ".join(rng.sample(PROSE, 3))
        side = rng.choice(["left", "right"])
        body.append(f"<div style='float:{side};width:{rng.choice([50, 55, 60])}%;"
                    f"margin:0 12pt'>{table}</div><p>{prose}</p><p>{prose}</p>")
        texts += [prose, prose]
    elif kind == "chromium-side":
        other = _grid(rng, rng.randint(3, 8), rng.randint(2, 3))
        table2 = _table_html(other, name, numeric_right)
        body.append(f"<div style='display:flex;gap:{rng.choice([18, 24, 36])}pt;"
                    f"align-items:flex-start'>{table}{table2}</div>")
        tables.append(other)
    elif kind == "chromium-paper":
        prose = [" ".join(rng.sample(PROSE, 3)) for _ in range(4)]
        paras = [f"<p style='text-align:justify'>{html.escape(t)}</p>" for t in prose]
        at = rng.randint(1, 3)
        body.append(f"<div style='columns:2;column-gap:{rng.choice([14, 18, 24])}pt'>"
                    f"{''.join(paras[:at])}{table}{''.join(paras[at:])}</div>")
        texts += prose
    elif kind == "chromium-two":
        other = _grid(rng, rng.randint(3, 8), rng.randint(2, 5))
        table2 = _table_html(other, name, numeric_right)
        mid = rng.choice(PROSE)
        body.append(f"{table}<p>{mid}</p>{table2}")
        texts += [mid]
        tables.append(other)
    else:
        body.append(table)
    if footnote:
        body.append(f"<p style='font-size:{font - 1}pt'>{html.escape(footnote)}</p>")
        texts.append(footnote)
    outro = rng.choice(PROSE)
    body.append(f"<p>{outro}</p>")
    texts.append(outro)
    tables.insert(0, expected)
    page = f"<style>{css}</style>" + "".join(body)
    if kind == "chromium-rtl":
        page = f"<div dir='rtl' lang='ar'>{page}</div>"
    texts[1:1] = ["\n".join(" ".join(r) for r in t) for t in tables]
    return page, tables, texts, landscape


def _diagram_page(rng: random.Random, variant: int) -> tuple[str, list[str]]:
    """A page with boxes laid out in rows and columns that is no table: a flow chart
    (bordered boxes joined by arrows) or a grid of cards holding sentences."""
    if variant % 2 == 0:
        steps = [_label(rng, 3) for _ in range(rng.choice([6, 9]))]
        cells = "".join(f"<div style='border:1px solid #000;padding:8pt;margin:14pt;"
                        f"text-align:center'>{html.escape(s)}</div>" for s in steps)
        page = (f"<p>{PROSE[0]}</p><div style='display:grid;grid-template-columns:repeat(3,1fr);"
                f"gap:20pt'>{cells}</div><p>{PROSE[1]}</p>")
        return page, [PROSE[0], *steps, PROSE[1]]
    cards = [rng.choice(LONG).capitalize() + ". " + rng.choice(PROSE) for _ in range(4)]
    cells = "".join(f"<div style='background:#eef2f7;padding:10pt'>{html.escape(c)}</div>"
                    for c in cards)
    page = (f"<p>{PROSE[2]}</p><div style='display:grid;grid-template-columns:1fr 1fr;"
            f"gap:12pt'>{cells}</div>")
    return page, [PROSE[2], *cards]


CHROMIUM_KINDS = tuple(f"chromium-{s}" for s in STYLES) + tuple(
    f"chromium-{k}" for k in ("colspan", "rowspan", "wrapped", "numeric", "empty", "wide",
                              "long", "landscape", "beside", "two", "caption", "rtl"))
# The second batch: kinds of the public table suites (camelot, tabula, pdfplumber tests).
WIDER_KINDS = tuple(f"chromium-{k}" for k in ("multihead", "footmarks", "side", "paper"))
# The fourth batch: a landscape page stored turned (`_store_turned`).
TURNED_KINDS = ("chromium-turned",)


def chromium_cases(out: Path, per_kind: int, rng: random.Random,
                   kinds: tuple[str, ...] = CHROMIUM_KINDS,
                   diagrams: bool = True) -> list[TableCase]:
    """Every Chromium kind of `kinds` `per_kind` times, plus diagram pages when
    `diagrams`; [] without Chromium."""
    sources = []
    for kind in kinds:
        for i in range(per_kind):
            name = f"{kind.replace('-', '_')}_{i}"
            sources.append((name, kind, *_chromium_page(kind, rng, f"t{i}")))
    for i in range(per_kind if diagrams else 0):
        page, texts = _diagram_page(rng, i)
        sources.append((f"chromium_diagram_{i}", "chromium-diagram", page, [], texts, False))
    return print_chromium(out, sources, rng)


def print_chromium(out: Path, sources: list[tuple[str, str, str, list, list[str], bool]],
                   rng: random.Random) -> list[TableCase]:
    """Print each (name, kind, body HTML, tables, texts, landscape) of `sources` into
    `out` with Chromium; the cases whose PDF came out ([] without Chromium)."""
    if not chromium_ready():
        return []
    from playwright.sync_api import sync_playwright
    family = ("'DejaVu Sans',sans-serif", "'DejaVu Serif',serif",
              "'DejaVu Sans Condensed',sans-serif")
    cases = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(java_script_enabled=False, offline=True)
        context.route("**/*", lambda route: route.abort())
        for name, kind, body, tables, texts, landscape in sources:
            font = rng.choice(family)
            page_html = (f"<html><head><meta charset='utf-8'><style>body{{font-family:{font};"
                         f"font-size:11pt;margin:0}}</style></head><body>{body}</body></html>")
            page = context.new_page()
            path = out / f"{name}.pdf"
            try:
                page.set_content(page_html, wait_until="domcontentloaded", timeout=20_000)
                page.pdf(path=str(path), format=rng.choice(["A4", "Letter"]),
                         landscape=landscape, print_background=True,
                         margin={"top": "15mm", "bottom": "15mm", "left": "15mm",
                                 "right": "15mm"})
            except Exception as exc:  # one page failing to print leaves the rest
                print(f"  chromium {name}: {type(exc).__name__}: {exc}", file=sys.stderr)
                continue
            finally:
                page.close()
            if kind == "chromium-turned":
                _store_turned(path, rng.choice([90, 270]))
            cases.append(TableCase(name, kind, path.name, "\n\n".join(texts), tables))
        browser.close()
    return cases


def _store_turned(path: Path, rotation: int) -> None:
    """Rewrite the PDF at `path` with each page stored a quarter turn round (its content
    drawn sideways on a page of swapped width and height) under a /Rotate of `rotation`
    that shows it as printed: how print drivers and scanners store landscape pages."""
    import pymupdf

    with pymupdf.open(path) as source:
        turned = pymupdf.open()
        for page in source:
            new = turned.new_page(width=page.rect.height, height=page.rect.width)
            new.show_pdf_page(new.rect, source, page.number, rotate=rotation)
            new.set_rotation(rotation)
        data = turned.tobytes(garbage=3, deflate=True)
    path.write_bytes(data)


# --- LibreOffice ------------------------------------------------------------------------

LO_KINDS = ("libreoffice-grid", "libreoffice-none", "libreoffice-styled", "libreoffice-merged")
WIDER_LO_KINDS = ("libreoffice-spanhead",)
# The fourth batch: the Chromium styles Word tables had not had, and a landscape section.
STYLED_LO_KINDS = ("libreoffice-headrule", "libreoffice-shaded", "libreoffice-rtl",
                   "libreoffice-landscape")
DOCX_STYLES = ("Light Shading", "Light Shading Accent 1", "Light List Accent 1",
               "Medium Shading 1 Accent 1", "Light Grid Accent 1", "Medium List 1")


def _docx_case(out: Path, kind: str, name: str, rng: random.Random) -> TableCase:
    import docx
    from docx.shared import Pt

    document = docx.Document()
    intro, outro = rng.choice(PROSE), rng.choice(PROSE)
    document.add_paragraph(intro)
    cols = rng.randint(3, 6)
    rows = _grid(rng, rng.randint(4, 10), cols, long_text=rng.random() < 0.3,
                 empty=0.2 if kind == "libreoffice-spanhead" else 0.0)
    table = document.add_table(rows=len(rows), cols=cols)
    if kind == "libreoffice-grid":
        table.style = "Table Grid"
    elif kind == "libreoffice-styled":
        table.style = rng.choice(DOCX_STYLES)
    elif kind in ("libreoffice-merged", "libreoffice-spanhead"):
        table.style = "Table Grid"
    expected = [list(r) for r in rows]
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            table.cell(r, c).text = value
    if kind == "libreoffice-spanhead":
        expected = _docx_group_header(table, rows, expected)
    if kind == "libreoffice-merged":
        # a header spanning the last two columns, and the first column merged down in pairs
        a, b = table.cell(0, cols - 2), table.cell(0, cols - 1)
        merged = a.merge(b)
        merged.text = rows[0][cols - 2]
        expected[0][cols - 1] = rows[0][cols - 2]
        for top in range(1, len(rows) - 1, 3):
            label = expected[top][0]
            cell = table.cell(top, 0).merge(table.cell(top + 1, 0))
            cell.text = label
            expected[top + 1][0] = label
    size = Pt(rng.choice([8, 9, 10, 11]))
    for row in table.rows:
        for cell in row.cells:
            for paragraph in cell.paragraphs:
                for run in paragraph.runs:
                    run.font.size = size
    document.add_paragraph(outro)
    document.save(out / f"{name}.docx")
    text = "\n\n".join([intro, "\n".join(" ".join(r) for r in rows), outro])
    return TableCase(name, kind, f"{name}.pdf", text, [expected])


def _docx_group_header(table: Any, rows: list[list[str]],
                       expected: list[list[str]]) -> list[list[str]]:
    """A header row put above `table`'s own: its first cell merged down into the header
    below, then years each spanning two columns. Returns the expected rows."""
    cols = len(rows[0])
    top = table.rows[0]._tr
    top.addprevious(copy.deepcopy(top))
    first = [rows[0][0]] + [""] * (cols - 1)
    for c in range(1, cols, 2):
        year = str(2019 + c // 2)
        last = min(c + 1, cols - 1)
        cell = table.cell(0, c).merge(table.cell(0, last)) if last > c else table.cell(0, c)
        cell.text = year
        first[c:last + 1] = [year] * (last - c + 1)
    table.cell(0, 0).merge(table.cell(1, 0)).text = rows[0][0]
    return [first] + expected


def _docx_styled_case(out: Path, kind: str, name: str, rng: random.Random) -> TableCase:
    """A Word table of a `STYLED_LO_KINDS` kind: no borders but rules over and under the
    header (and under the last row, booktabs-like, or not); cells shaded (a dark header in
    white type, body rows in one or two light fills); right to left (the first column on
    the right, Arabic text); or a wide table on a landscape page, ruled or not."""
    import docx
    from docx.enum.section import WD_ORIENT
    from docx.oxml.ns import qn
    from docx.shared import Pt, RGBColor

    document = docx.Document()
    intro, outro = rng.choice(PROSE), rng.choice(PROSE)
    document.add_paragraph(intro)
    cols = rng.randint(7, 10) if kind == "libreoffice-landscape" else rng.randint(3, 6)
    nrows = rng.randint(4, 10)
    rows = _rtl_rows(rng, nrows, cols) if kind == "libreoffice-rtl" else _grid(rng, nrows, cols)
    if kind == "libreoffice-landscape":
        section = document.sections[0]
        section.orientation = WD_ORIENT.LANDSCAPE
        section.page_width, section.page_height = section.page_height, section.page_width
    table = document.add_table(rows=len(rows), cols=cols)
    if kind in ("libreoffice-rtl", "libreoffice-landscape") and rng.random() < 0.5:
        table.style = "Table Grid"
    if kind == "libreoffice-rtl":
        table._tbl.tblPr.append(_oxml("w:bidiVisual"))
    size = Pt(rng.choice([8, 9, 10, 11]))
    rule, last_rule = str(rng.choice([4, 8, 12])), rng.random() < 0.5
    fills = rng.sample(["DDE6F0", "E6E6E6", "E2EFD9", "FDF3E1", "FFFFFF"], 2)
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            cell = table.cell(r, c)
            paragraph = cell.paragraphs[0]
            run = paragraph.add_run(value)
            run.font.size = size
            if kind == "libreoffice-rtl":
                paragraph._p.get_or_add_pPr().append(_oxml("w:bidi"))
                run._r.get_or_add_rPr().append(_oxml("w:rtl"))
                run._r.rPr.get_or_add_rFonts().set(qn("w:cs"), "DejaVu Sans")
            elif kind == "libreoffice-headrule":
                edges = {"top": rule, "bottom": rule} if r == 0 else {}
                if r == len(rows) - 1 and last_rule:
                    edges["bottom"] = rule
                _cell_borders(cell, edges)
            elif kind == "libreoffice-shaded":
                run.font.bold = r == 0
                if r == 0:
                    run.font.color.rgb = RGBColor(0xFF, 0xFF, 0xFF)
                _cell_fill(cell, "2F4F7F" if r == 0 else fills[r % 2])
    document.add_paragraph(outro)
    document.save(out / f"{name}.docx")
    text = "\n\n".join([intro, "\n".join(" ".join(r) for r in rows), outro])
    return TableCase(name, kind, f"{name}.pdf", text, [rows])


def _oxml(tag: str, **attributes: str) -> Any:
    from docx.oxml.ns import qn
    from docx.oxml.parser import OxmlElement

    element = OxmlElement(tag)
    for key, value in attributes.items():
        element.set(qn(f"w:{key}"), value)
    return element


def _cell_borders(cell: Any, edges: dict[str, str]) -> None:
    """Single black rules of the given eighths of a point on `edges` of a Word cell."""
    borders = _oxml("w:tcBorders")
    for edge, size in edges.items():
        borders.append(_oxml(f"w:{edge}", val="single", sz=size, space="0", color="000000"))
    cell._tc.get_or_add_tcPr().append(borders)


def _cell_fill(cell: Any, colour: str) -> None:
    cell._tc.get_or_add_tcPr().append(_oxml("w:shd", val="clear", color="auto", fill=colour))


def libreoffice_cases(out: Path, per_kind: int, rng: random.Random,
                      kinds: tuple[str, ...] = LO_KINDS) -> list[TableCase]:
    """Word files made here of every kind of `kinds`, converted by LibreOffice; [] without
    it or python-docx."""
    soffice = find_soffice()
    try:
        import docx  # noqa: F401
    except ImportError:
        print("skipping LibreOffice: python-docx is not installed", file=sys.stderr)
        return []
    if soffice is None:
        print("skipping LibreOffice: soffice is not on PATH", file=sys.stderr)
        return []
    made = [(_docx_styled_case if kind in STYLED_LO_KINDS else _docx_case)(
        out, kind, f"{kind.replace('-', '_')}_{i}", rng) for kind in kinds for i in range(per_kind)]
    return soffice_convert(soffice, [out / f"{c.name}.docx" for c in made], out, made,
                           SOFFICE_TIMEOUT_S)


# --- PyMuPDF-drawn statements -------------------------------------------------------------

def _statement(out: Path, name: str, rng: random.Random, leaders: bool) -> TableCase:
    """A statement drawn with PyMuPDF: labels (with dot leaders when `leaders`), amounts
    right-aligned under year headings, no rules."""
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    size = rng.choice([9, 10, 11])
    font = rng.choice(["helv", "tiro"])
    title = f"Statement of {_label(rng, 2).lower()} accounts"
    page.insert_text((60, 70), title, fontsize=size + 4, fontname=font)
    years = [str(2025 - k) for k in range(rng.choice([2, 3]))]
    right_edges = [400 + 80 * k for k in range(len(years))]
    y = 110
    for year, edge in zip(years, right_edges, strict=True):
        w = pymupdf.get_text_length(year, fontname=font, fontsize=size)
        page.insert_text((edge - w, y), year, fontsize=size, fontname=font)
    expected = [[""] + years]
    labels = rng.sample([f"{w.capitalize()} {v}" for w in WORDS[:40] for v in
                         ("income", "costs", "fees", "stock", "loans", "grants")], 12)
    for label in labels[: rng.randint(6, 12)]:
        y += size * 1.6
        page.insert_text((60, y), label, fontsize=size, fontname=font)
        if leaders:
            x = 60 + pymupdf.get_text_length(label, fontname=font, fontsize=size) + 4
            dot_w = pymupdf.get_text_length(". ", fontname=font, fontsize=size)
            count = int((right_edges[0] - 70 - x) / dot_w)
            page.insert_text((x, y), ". " * count, fontsize=size, fontname=font)
        row = [label]
        for edge in right_edges:
            amount = f"{rng.randint(100, 99_999):,}"
            if rng.random() < 0.15:
                amount = f"({amount})"
            w = pymupdf.get_text_length(amount, fontname=font, fontsize=size)
            page.insert_text((edge - w, y), amount, fontsize=size, fontname=font)
            row.append(amount)
        expected.append(row)
    note = "Amounts in thousands; figures in brackets are losses."
    page.insert_text((60, y + 40), note, fontsize=size - 1, fontname=font)
    doc.save(out / f"{name}.pdf")
    text = "\n\n".join([title, "\n".join(" ".join(r) for r in expected), note])
    return TableCase(name, "pymupdf-leaders" if leaders else "pymupdf-statement",
                     f"{name}.pdf", text, [expected])


def pymupdf_cases(out: Path, per_kind: int, rng: random.Random) -> list[TableCase]:
    return [_statement(out, f"pymupdf_{'leaders' if lead else 'statement'}_{i}", rng, lead)
            for lead in (True, False) for i in range(per_kind)]


# --- the third batch: engines the table rules were not written on -----------------------

CALC_KINDS = ("calc-plain", "calc-borders", "calc-headrule", "calc-merged", "calc-wrapped")
REPORTLAB_KINDS = ("reportlab-plain", "reportlab-linebelow", "reportlab-zebra",
                   "reportlab-grid", "reportlab-span", "reportlab-wrapped")
LATEX_KINDS = ("latex-booktabs", "latex-grid", "latex-multicolumn", "latex-twocolumn")
TITLES = ("Table {n}. {what} by {head}", "{what}, by {head} ({n} offices)",
          "Annex {n}: {what}")


@dataclass(slots=True)
class _Typed:
    """A spreadsheet cell: the value written, its number format, and the text shown."""

    value: Any
    shown: str
    number_format: str = "General"


def _typed(rng: random.Random, kind: str) -> _Typed:
    """A cell of a column of `kind` as a spreadsheet holds it: numbers, dates and
    amounts are values under a number format (what a reader sees is the formatted text)."""
    import datetime

    if kind == "int":
        v = rng.randint(3, 98_000)
        return _Typed(v, f"{v:,}", "#,##0")
    if kind == "money":
        cents = rng.randint(1_000, 999_999)
        return _Typed(cents / 100, f"${cents // 100:,}.{cents % 100:02d}", '"$"#,##0.00')
    if kind == "pct":
        k = rng.randint(0, 990)
        return _Typed(k / 1000, f"{k // 10}.{k % 10}%", "0.0%")
    if kind == "dec":
        k = rng.randint(0, 5000)
        return _Typed(k / 100, f"{k // 100}.{k % 100:02d}", "0.00")
    if kind == "date":
        day = datetime.date(2025, rng.randint(1, 12), rng.randint(1, 28))
        return _Typed(day, day.isoformat(), "yyyy-mm-dd")
    text = _number(rng, "code") if kind == "code" else (
        rng.choice(LONG) if kind == "long" else _label(rng, 2))
    return _Typed(text, text)


def _typed_grid(rng: random.Random, rows: int, cols: int,
                long_text: bool = False) -> list[list[_Typed]]:
    """A header row and `rows` typed body rows (`_grid`'s mix, as spreadsheet values)."""
    kinds = _columns(rng, cols)
    if long_text:
        kinds[rng.randrange(1, cols)] = "long"
    heads = rng.sample(HEADS, 1) + rng.sample(NUM_HEADS, cols - 1)
    out = [[_Typed(h, h) for h in heads]]
    for _ in range(rows):
        row = [_Typed(v := _label(rng, 3), v)]
        row += [_typed(rng, k) for k in kinds[1:]]
        out.append(row)
    labels = [[r[0].shown] for r in out]
    _distinct_first_column(labels)
    for row, (label,) in zip(out, labels, strict=True):
        row[0] = _Typed(label, label)
    return out


def _title(rng: random.Random, head: str) -> str:
    return rng.choice(TITLES).format(n=rng.randint(1, 9), what=_label(rng, 3),
                                     head=head.lower())


def _xlsx_case(out: Path, kind: str, name: str, rng: random.Random) -> TableCase:
    """A sheet as people make them: a title, a blank row, a bold header (two levels for
    calc-merged, the groups merged across their columns), typed body cells, a note under
    it; no gridlines printed (Calc's default), borders only where the kind says."""
    import openpyxl
    from openpyxl.styles import Alignment, Border, Font, Side
    from openpyxl.utils import get_column_letter

    cols = rng.randint(3, 6)
    grid = _typed_grid(rng, rng.randint(4, 14), cols, long_text=kind == "calc-wrapped")
    shown = [[c.shown for c in row] for row in grid]
    book = openpyxl.Workbook()
    sheet = book.active
    title, note = _title(rng, shown[0][0]), "Source: " + rng.choice(PROSE)
    sheet.cell(1, 1, title).font = Font(bold=True, size=rng.choice([12, 14]))
    top = 3
    expected = [list(r) for r in shown]
    if kind == "calc-merged":
        first = [shown[0][0]] + [""] * (cols - 1)
        sheet.cell(top, 1, shown[0][0]).font = Font(bold=True)
        sheet.merge_cells(start_row=top, start_column=1, end_row=top + 1, end_column=1)
        for c in range(1, cols, 2):
            year, last = str(2019 + c // 2), min(c + 1, cols - 1)
            cell = sheet.cell(top, c + 1, year)
            cell.font, cell.alignment = Font(bold=True), Alignment(horizontal="center")
            if last > c:
                sheet.merge_cells(start_row=top, start_column=c + 1, end_row=top,
                                  end_column=last + 1)
            first[c:last + 1] = [year] * (last - c + 1)
        expected.insert(0, first)
        top += 1
    size = rng.choice([9, 10, 11])
    thin = Side(style="thin")
    for r, row in enumerate(grid):
        for c, typed in enumerate(row):
            if kind == "calc-merged" and r == 0 and c == 0:
                continue  # the merged cell above holds the first heading
            cell = sheet.cell(top + r, c + 1, typed.value)
            cell.number_format = typed.number_format
            cell.font = Font(bold=r == 0, size=size)
            if kind == "calc-wrapped":
                cell.alignment = Alignment(wrap_text=True, vertical="top")
            if kind == "calc-borders":
                cell.border = Border(left=thin, right=thin, top=thin, bottom=thin)
            elif kind == "calc-headrule" and r == 0:
                cell.border = Border(bottom=Side(style="medium"))
    sheet.cell(top + len(grid) + 1, 1, note).font = Font(italic=True, size=size - 1)
    for c in range(cols):
        width = max(len(row[c]) for row in shown)
        if kind == "calc-wrapped" and any(grid[r][c].shown in LONG for r in range(1, len(grid))):
            width = rng.randint(18, 26)
            for r, row in enumerate(shown):  # Calc keeps a row's stored height: room to wrap
                lines = -(-len(row[c]) // width)
                sheet.row_dimensions[top + r].height = lines * size * 1.25 + 3
        sheet.column_dimensions[get_column_letter(c + 1)].width = width * size / 10 + 3
    sheet.sheet_properties.pageSetUpPr.fitToPage = True
    sheet.page_setup.fitToWidth, sheet.page_setup.fitToHeight = 1, 0
    book.save(out / f"{name}.xlsx")
    text = "\n\n".join([title, "\n".join(" ".join(r) for r in shown), note])
    return TableCase(name, kind, f"{name}.pdf", text, [expected])


def calc_cases(out: Path, per_kind: int, rng: random.Random) -> list[TableCase]:
    """Spreadsheets made here with openpyxl, printed by LibreOffice Calc; [] without it."""
    soffice = find_soffice()
    if soffice is None:
        print("skipping LibreOffice Calc: soffice is not on PATH", file=sys.stderr)
        return []
    if not any(Path(p).exists() for p in CALC_MODULES):
        print("skipping LibreOffice Calc: Calc is not installed", file=sys.stderr)
        return []
    made = [_xlsx_case(out, kind, f"{kind.replace('-', '_')}_{i}", rng)
            for kind in CALC_KINDS for i in range(per_kind)]
    return soffice_convert(soffice, [out / f"{c.name}.xlsx" for c in made], out, made,
                           SOFFICE_TIMEOUT_S)


CALC_MODULES = ("/usr/lib/libreoffice/program/libscfiltlo.so",
                "/usr/lib/libreoffice/program/libsclo.so")


def _reportlab_case(out: Path, kind: str, name: str, rng: random.Random) -> TableCase:
    """A reportlab story: a paragraph, a `Table` in the kind's `TableStyle`, a paragraph."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4, letter
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    styles = getSampleStyleSheet()
    cols = rng.randint(3, 6)
    rows = _grid(rng, rng.randint(4, 14), cols, long_text=kind == "reportlab-wrapped",
                 empty=0.1 if kind == "reportlab-plain" else 0.0)
    expected = [list(r) for r in rows]
    size = rng.choice([8, 9, 10])
    cell_style = styles["BodyText"].clone("cell", fontSize=size, leading=size * 1.2)
    data: list[list[Any]] = [list(r) for r in rows]
    widths = None
    if kind == "reportlab-wrapped":
        long_col = next(c for c in range(cols) if rows[1][c] in LONG)
        data = [[Paragraph(html.escape(v), cell_style) if c == long_col and r else v
                 for c, v in enumerate(row)] for r, row in enumerate(rows)]
        widths = [None] * cols
        widths[long_col] = rng.choice([110, 130, 150])
    commands: list[tuple] = [("FONTSIZE", (0, 0), (-1, -1), size),
                             ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold")]
    numeric = [c for c in range(1, cols) if all(r[c][:1] in "$0123456789" for r in rows[1:])]
    commands += [("ALIGN", (c, 1), (c, -1), "RIGHT") for c in numeric]
    if kind == "reportlab-linebelow":
        commands += [("LINEABOVE", (0, 0), (-1, 0), 1, colors.black),
                     ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
                     ("LINEBELOW", (0, -1), (-1, -1), 1, colors.black)]
    elif kind == "reportlab-zebra":
        commands += [("ROWBACKGROUNDS", (0, 1), (-1, -1),
                      [colors.white, rng.choice([colors.whitesmoke, colors.lightgrey,
                                                 colors.HexColor("#e8eef7")])]),
                     ("BACKGROUND", (0, 0), (-1, 0), rng.choice([colors.darkblue,
                                                                 colors.HexColor("#444444")])),
                     ("TEXTCOLOR", (0, 0), (-1, 0), colors.white)]
    elif kind in ("reportlab-grid", "reportlab-wrapped"):
        commands += [("INNERGRID", (0, 0), (-1, -1), 0.25, colors.black),
                     ("BOX", (0, 0), (-1, -1), 0.25, colors.black)]
    elif kind == "reportlab-span":
        top = [rows[0][0]] + [""] * (cols - 1)
        groups = [""] * cols
        for c in range(1, cols, 2):
            year, last = str(2019 + c // 2), min(c + 1, cols - 1)
            groups[c] = year
            top[c:last + 1] = [year] * (last - c + 1)
            if last > c:
                commands.append(("SPAN", (c, 0), (last, 0)))
        data.insert(0, [rows[0][0]] + groups[1:])
        expected.insert(0, top)
        commands += [("SPAN", (0, 0), (0, 1)), ("VALIGN", (0, 0), (0, 1), "MIDDLE"),
                     ("ALIGN", (1, 0), (-1, 0), "CENTER"),
                     ("FONTNAME", (0, 1), (-1, 1), "Helvetica-Bold"),
                     ("LINEBELOW", (0, 1), (-1, 1), 0.5, colors.black)]
        if rng.random() < 0.5:
            commands += [("INNERGRID", (0, 0), (-1, -1), 0.25, colors.grey),
                         ("BOX", (0, 0), (-1, -1), 0.5, colors.black)]
    table = Table(data, colWidths=widths, style=TableStyle(commands),
                  hAlign=rng.choice(["LEFT", "CENTER"]))
    intro, outro = rng.choice(PROSE), rng.choice(PROSE)
    title = _title(rng, rows[0][0])
    doc = SimpleDocTemplate(str(out / f"{name}.pdf"), pagesize=rng.choice([A4, letter]),
                            title=title)
    doc.build([Paragraph(html.escape(intro), styles["BodyText"]),
               Paragraph(html.escape(title), styles["Heading4"]), table, Spacer(1, 12),
               Paragraph(html.escape(outro), styles["BodyText"])])
    text = "\n\n".join([intro, title, "\n".join(" ".join(r) for r in rows), outro])
    return TableCase(name, kind, f"{name}.pdf", text, [expected])


def reportlab_cases(out: Path, per_kind: int, rng: random.Random) -> list[TableCase]:
    """reportlab `Table`s of every kind of `REPORTLAB_KINDS`; [] without reportlab."""
    try:
        import reportlab  # noqa: F401
    except ImportError:
        print("skipping reportlab: it is not installed", file=sys.stderr)
        return []
    return [_reportlab_case(out, kind, f"{kind.replace('-', '_')}_{i}", rng)
            for kind in REPORTLAB_KINDS for i in range(per_kind)]


_TEX_SPECIAL = re.compile(r"([$%&#_])")


def _tex(text: str) -> str:
    return _TEX_SPECIAL.sub(r"\\\1", text)


def _latex_source(kind: str, rng: random.Random) -> tuple[str, list[list[str]], list[str]]:
    """(LaTeX source, expected table, text blocks in reading order) of one article."""
    two = kind == "latex-twocolumn"
    cols = rng.randint(2, 3) if two else rng.randint(3, 6)
    rows = _grid(rng, rng.randint(4, 12), cols)
    expected = [list(r) for r in rows]
    numeric = [c for c in range(cols) if c and all(r[c][:1] in "$0123456789" for r in rows[1:])]
    align = ["r" if c in numeric else "l" for c in range(cols)]
    line = lambda r: " & ".join(_tex(c) for c in r) + r" \\"  # noqa: E731
    head, body = [line(rows[0])], [line(r) for r in rows[1:]]
    if kind == "latex-grid":
        spec = "|" + "|".join(align) + "|"
        rule_top = rule_mid = rule_end = r"\hline"
        body = [b + r" \hline" for b in body]
    else:
        spec = "".join(align)
        rule_top, rule_mid, rule_end = r"\toprule", r"\midrule", r"\bottomrule"
    if kind == "latex-multicolumn":
        top, cells, cmid = [""] * cols, [""], []
        for c in range(1, cols, 2):
            year, last = str(2019 + c // 2), min(c + 1, cols - 1)
            top[c:last + 1] = [year] * (last - c + 1)
            cells.append(rf"\multicolumn{{{last - c + 1}}}{{c}}{{{year}}}")
            cmid.append(rf"\cmidrule(lr){{{c + 1}-{last + 1}}}")
        head.insert(0, " & ".join(cells) + r" \\ " + " ".join(cmid))
        expected.insert(0, top)
    caption = _title(rng, rows[0][0])
    size = rng.choice([r"\small", r"\footnotesize", ""]) if not two else r"\small"
    table = "\n".join([r"\begin{table}[h]", r"\centering", size, rf"\caption{{{_tex(caption)}}}",
                       rf"\begin{{tabular}}{{{spec}}}", rule_top, *head, rule_mid, *body,
                       rule_end, r"\end{tabular}", r"\end{table}"])
    paras = [" ".join(rng.sample(PROSE, 3)) for _ in range(6 if two else 2)]
    at = rng.randint(1, len(paras) - 1)
    source = "\n".join([
        rf"\documentclass[{'twocolumn,' if two else ''}10pt]{{article}}",
        r"\usepackage{booktabs}", r"\pagestyle{empty}", r"\begin{document}",
        *[p + "\n" for p in paras[:at]], table, *["\n" + p for p in paras[at:]],
        r"\end{document}"])
    table_text = "\n".join(" ".join(r) for r in expected)
    return source, expected, [*paras[:at], caption, table_text, *paras[at:]]


def latex_cases(out: Path, per_kind: int, rng: random.Random) -> list[TableCase]:
    """Articles with `tabular` tables typeset by pdflatex; [] without it."""
    import shutil
    import subprocess

    pdflatex = shutil.which("pdflatex")
    if pdflatex is None:
        print("skipping LaTeX: pdflatex is not on PATH", file=sys.stderr)
        return []
    cases = []
    for kind in LATEX_KINDS:
        for i in range(per_kind):
            name = f"{kind.replace('-', '_')}_{i}"
            source, expected, texts = _latex_source(kind, rng)
            (out / f"{name}.tex").write_text(source, encoding="utf-8")
            done = subprocess.run([pdflatex, "-interaction=nonstopmode", "-halt-on-error",
                                   f"-output-directory={out}", str(out / f"{name}.tex")],
                                  capture_output=True, text=True, timeout=120)
            if done.returncode or not (out / f"{name}.pdf").exists():
                print(f"  pdflatex {name}: failed ({done.stdout[-300:]})", file=sys.stderr)
                continue
            cases.append(TableCase(name, kind, f"{name}.pdf", "\n\n".join(texts), [expected]))
    return cases


# --- the fifth batch: statements and long tables as offices print them -----------------

STATEMENT_KINDS = ("calc-totals", "calc-pages", "writer-leaders", "chromium-statement",
                   "reportlab-long")
SECTIONS = ("Current assets", "Non-current assets", "Current liabilities", "Operating income",
            "Operating costs", "Financing", "Investments", "Other items")


@dataclass(slots=True)
class _StatementRow:
    """A row of a statement: a section's title (no amounts), an item, or a total."""

    role: str  # "section", "item", "subtotal" or "total"
    label: str
    amounts: list[int] = field(default_factory=list)


def _statement_rows(rng: random.Random, years: int) -> list[_StatementRow]:
    """Two to four sections, each a title, items and a subtotal, then a grand total."""
    rows, grand = [], [0] * years
    labels = rng.sample([f"{w.capitalize()} {v}" for w in WORDS[:40] for v in
                         ("income", "costs", "fees", "stock", "loans", "grants", "reserves")],
                        40)
    for title in rng.sample(SECTIONS, rng.randint(2, 4)):
        rows.append(_StatementRow("section", title))
        sums = [0] * years
        for _ in range(rng.randint(2, 5)):
            amounts = [rng.randint(-9_000, 99_000) if rng.random() < 0.15 else
                       rng.randint(100, 99_000) for _ in range(years)]
            rows.append(_StatementRow("item", labels.pop(), amounts))
            sums = [s + a for s, a in zip(sums, amounts, strict=True)]
        rows.append(_StatementRow("subtotal", f"Total {title.lower()}", sums))
        grand = [g + s for g, s in zip(grand, sums, strict=True)]
    rows.append(_StatementRow("total", rng.choice(["Net total", "Balance", "Net result"]),
                              grand))
    return rows


def _amount(value: int) -> str:
    """An amount as statements print it: thousands grouped, a loss in brackets."""
    return f"({-value:,})" if value < 0 else f"{value:,}"


def _statement_table(rows: list[_StatementRow], head: list[str], notes: dict[int, str],
                     span_sections: bool) -> list[list[str]]:
    """The expected table of a statement: `head`, then a row per statement row, a note
    column after the label when `notes` has any; a section title fills its row's cells
    when it spans them (`span_sections`), else only the first."""
    cols = len(head)
    out = [head]
    for i, row in enumerate(rows):
        if row.role == "section":
            out.append([row.label] * cols if span_sections else [row.label] + [""] * (cols - 1))
            continue
        note = [notes.get(i, "")] if notes else []
        out.append([row.label, *note, *map(_amount, row.amounts)])
    return out


def _xlsx_statement_case(out: Path, kind: str, name: str, rng: random.Random) -> TableCase:
    """A sheet printed by Calc without gridlines. calc-totals: a title merged across the
    table, years over amount columns (losses in brackets by number format), section rows,
    indented items, bold subtotals over a rule and a grand total over a double rule.
    calc-pages: a typed table of 70 to 130 rows over several pages, its header row set
    to print on every page (the sheet's print titles), ruled under or not."""
    import openpyxl
    from openpyxl.styles import Alignment, Border, Font, Side
    from openpyxl.utils import get_column_letter

    book = openpyxl.Workbook()
    sheet = book.active
    size = rng.choice([9, 10, 11])
    note = "Source: " + rng.choice(PROSE)
    if kind == "calc-pages":
        cols = rng.randint(3, 6)
        grid = _typed_grid(rng, rng.randint(70, 130), cols)
        shown = [[c.shown for c in row] for row in grid]
        title = _title(rng, shown[0][0])
        rule = rng.random() < 0.5
        for r, row in enumerate(grid):
            for c, typed in enumerate(row):
                cell = sheet.cell(r + 3, c + 1, typed.value)
                cell.number_format = typed.number_format
                cell.font = Font(bold=r == 0, size=size)
                if r == 0 and rule:
                    cell.border = Border(bottom=Side(style="thin"))
        sheet.print_title_rows = "3:3"
        widths = [max(len(row[c]) for row in shown) for c in range(cols)]
        expected, table_text = shown, "\n".join(" ".join(r) for r in shown)
    else:
        years = [str(2025 - k) for k in range(rng.choice([2, 3]))]
        rows = _statement_rows(rng, len(years))
        title = f"Statement of {_label(rng, 2).lower()} accounts"
        head = ["", *years]
        for c, year in enumerate(years):
            cell = sheet.cell(3, c + 2, year)
            cell.font, cell.alignment = Font(bold=True, size=size), Alignment(horizontal="right")
            cell.border = Border(bottom=Side(style="thin"))
        thin, double = Side(style="thin"), Side(style="double")
        for r, row in enumerate(rows):
            label = sheet.cell(r + 4, 1, row.label)
            label.font = Font(bold=row.role != "item", italic=row.role == "section", size=size)
            label.alignment = Alignment(indent=1 if row.role == "item" else 0)
            for c, value in enumerate(row.amounts):
                cell = sheet.cell(r + 4, c + 2, value)
                cell.number_format = "#,##0;(#,##0)"
                cell.font = Font(bold=row.role != "item", size=size)
                if row.role == "subtotal":
                    cell.border = Border(top=thin)
                elif row.role == "total":
                    cell.border = Border(top=thin, bottom=double)
        expected = _statement_table(rows, head, {}, span_sections=False)
        widths = [max(len(r[0]) for r in expected) + 2] + [9] * len(years)
        table_text = "\n".join(" ".join(c for c in r if c) for r in expected)
    sheet.cell(1, 1, title).font = Font(bold=True, size=size + 3)
    if kind == "calc-totals":
        sheet.merge_cells(start_row=1, start_column=1, end_row=1, end_column=len(widths))
        sheet.cell(1, 1).alignment = Alignment(horizontal="center")
    sheet.cell(len(expected) + 4, 1, note).font = Font(italic=True, size=size - 1)
    for c, width in enumerate(widths):
        sheet.column_dimensions[get_column_letter(c + 1)].width = width * size / 10 + 3
    sheet.sheet_properties.pageSetUpPr.fitToPage = True
    sheet.page_setup.fitToWidth, sheet.page_setup.fitToHeight = 1, 0
    book.save(out / f"{name}.xlsx")
    return TableCase(name, kind, f"{name}.pdf", "\n\n".join([title, table_text, note]),
                     [expected])


def _docx_leaders_case(out: Path, name: str, rng: random.Random) -> TableCase:
    """A statement typed in Writer as people do without a table: each row a paragraph,
    its amounts at right-aligned tab stops, the first reached over dot leaders; section
    titles in bold, subtotals and the total in bold."""
    import docx
    from docx.enum.text import WD_TAB_ALIGNMENT, WD_TAB_LEADER
    from docx.shared import Cm, Pt

    document = docx.Document()
    title = f"Statement of {_label(rng, 2).lower()} accounts"
    document.add_heading(title, level=2)
    intro = rng.choice(PROSE)
    document.add_paragraph(intro)
    years = [str(2025 - k) for k in range(rng.choice([2, 3]))]
    rows = _statement_rows(rng, len(years))
    size = Pt(rng.choice([9, 10, 11]))
    last, step = rng.choice([14.0, 15.0, 16.0]), rng.choice([2.2, 2.6, 3.0])
    stops = [last - step * k for k in reversed(range(len(years)))]  # within the 16.5 cm text

    def line(texts: list[str], bold: bool, leaders: bool, indent: bool) -> None:
        paragraph = document.add_paragraph()
        fmt = paragraph.paragraph_format
        fmt.space_after, fmt.space_before = Pt(rng.choice([0, 1, 2])), Pt(0)
        if indent:
            fmt.left_indent = Cm(0.5)
        for k, stop in enumerate(stops):
            fmt.tab_stops.add_tab_stop(Cm(stop), WD_TAB_ALIGNMENT.RIGHT,
                                       WD_TAB_LEADER.DOTS if leaders and k == 0
                                       else WD_TAB_LEADER.SPACES)
        run = paragraph.add_run("\t".join(texts))
        run.font.size, run.font.bold = size, bold

    line(["", *years], True, False, False)
    for row in rows:
        if row.role == "section":
            line([row.label], True, False, False)
        else:
            line([row.label, *map(_amount, row.amounts)], row.role != "item", True,
                 row.role == "item")
    outro = "Amounts in thousands; figures in brackets are losses."
    document.add_paragraph(outro)
    document.save(out / f"{name}.docx")
    expected = _statement_table(rows, ["", *years], {}, span_sections=False)
    table_text = "\n".join(" ".join(c for c in r if c) for r in expected)
    return TableCase(name, "writer-leaders", f"{name}.pdf",
                     "\n\n".join([title, intro, table_text, outro]), [expected])


def _chromium_statement(rng: random.Random, name: str) -> tuple[str, list, list[str], bool]:
    """(body HTML, expected tables, text blocks, landscape) of an annual report's
    statement: no borders, a note column, section titles spanning the row, indented
    items, subtotals under a rule over their amounts, the total over a double rule."""
    years = [str(2025 - k) for k in range(rng.choice([2, 3]))]
    rows = _statement_rows(rng, len(years))
    notes = {i: str(rng.randint(3, 24)) for i, r in enumerate(rows)
             if r.role == "item" and rng.random() < 0.4}
    head = ["", "Note", *years]
    font = rng.choice([8, 9, 10, 11])
    css = (f"table.{name}{{font-size:{font}pt;border-collapse:collapse;"
           f"width:{rng.choice([70, 85, 100])}%}}"
           f"table.{name} td,table.{name} th{{padding:1pt 6pt;text-align:right}}"
           f"table.{name} td:first-child,table.{name} th.s{{text-align:left}}"
           f"table.{name} td.i{{padding-left:14pt}}"
           f"table.{name} tr.sub td.a{{border-top:1px solid #000;font-weight:bold}}"
           f"table.{name} tr.tot td{{font-weight:bold}}"
           f"table.{name} tr.tot td.a{{border-top:1px solid #000;border-bottom:3px double #000}}")
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = [f"<tr>{cells}</tr>"]
    for i, row in enumerate(rows):
        if row.role == "section":
            body.append(f"<tr><th class=s colspan={len(head)}>{html.escape(row.label)}</th></tr>")
            continue
        cls = {"item": "", "subtotal": "sub", "total": "tot"}[row.role]
        amounts = "".join(f"<td class=a>{_amount(a)}</td>" for a in row.amounts)
        body.append(f"<tr class='{cls}'><td{' class=i' if row.role == 'item' else ''}>"
                    f"{html.escape(row.label)}</td><td>{notes.get(i, '')}</td>{amounts}</tr>")
    title = f"Statement of {_label(rng, 2).lower()} accounts"
    intro, outro = rng.choice(PROSE), "The notes on the following pages are part of the statement."
    page = (f"<style>{css}</style><h3>{html.escape(title)}</h3><p>{intro}</p>"
            f"<table class='{name}'>{''.join(body)}</table><p>{outro}</p>")
    expected = _statement_table(rows, head, notes, span_sections=True)
    table_text = "\n".join(" ".join(dict.fromkeys(c for c in r if c)) for r in expected)
    return page, [expected], [title, intro, table_text, outro], False


def _reportlab_long_case(out: Path, name: str, rng: random.Random) -> TableCase:
    """A reportlab `LongTable` of 60 to 110 rows over several pages, its header row
    repeated on each (`repeatRows`), with no lines, zebra rows or a header rule."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4, letter
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import LongTable, Paragraph, SimpleDocTemplate, TableStyle

    styles = getSampleStyleSheet()
    cols = rng.randint(3, 6)
    rows = _grid(rng, rng.randint(60, 110), cols)
    size = rng.choice([8, 9, 10])
    commands: list[tuple] = [("FONTSIZE", (0, 0), (-1, -1), size),
                             ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold")]
    numeric = [c for c in range(1, cols) if all(r[c][:1] in "$0123456789" for r in rows[1:])]
    commands += [("ALIGN", (c, 0), (c, -1), "RIGHT") for c in numeric]
    look = rng.choice(["none", "zebra", "headrule"])
    if look == "zebra":
        commands.append(("ROWBACKGROUNDS", (0, 1), (-1, -1),
                         [colors.white, rng.choice([colors.whitesmoke, colors.lightgrey])]))
    elif look == "headrule":
        commands.append(("LINEBELOW", (0, 0), (-1, 0), 0.75, colors.black))
    title = _title(rng, rows[0][0])
    intro, outro = rng.choice(PROSE), rng.choice(PROSE)
    doc = SimpleDocTemplate(str(out / f"{name}.pdf"), pagesize=rng.choice([A4, letter]),
                            title=title)
    doc.build([Paragraph(html.escape(title), styles["Heading4"]),
               Paragraph(html.escape(intro), styles["BodyText"]),
               LongTable(rows, repeatRows=1, style=TableStyle(commands)),
               Paragraph(html.escape(outro), styles["BodyText"])])
    text = "\n\n".join([title, intro, "\n".join(" ".join(r) for r in rows), outro])
    return TableCase(name, "reportlab-long", f"{name}.pdf", text, [rows])


def statement_cases(out: Path, per_kind: int, rng: random.Random) -> list[TableCase]:
    """Every kind of `STATEMENT_KINDS` `per_kind` times, each skipped without its tool."""
    names = {kind: [f"{kind.replace('-', '_')}_{i}" for i in range(per_kind)]
             for kind in STATEMENT_KINDS}
    office: list[TableCase] = []
    soffice = find_soffice()
    if soffice is None:
        print("skipping Calc and Writer: soffice is not on PATH", file=sys.stderr)
    else:
        if any(Path(p).exists() for p in CALC_MODULES):
            office += [_xlsx_statement_case(out, kind, name, rng)
                       for kind in ("calc-totals", "calc-pages") for name in names[kind]]
        else:
            print("skipping LibreOffice Calc: Calc is not installed", file=sys.stderr)
        office += [_docx_leaders_case(out, name, rng) for name in names["writer-leaders"]]
        sources = [out / f"{c.name}.{'docx' if c.kind == 'writer-leaders' else 'xlsx'}"
                   for c in office]
        office = soffice_convert(soffice, sources, out, office, SOFFICE_TIMEOUT_S)
    pages = [(name, "chromium-statement", *_chromium_statement(rng, f"s{i}"))
             for i, name in enumerate(names["chromium-statement"])]
    cases = office + print_chromium(out, pages, rng)
    try:
        import reportlab  # noqa: F401
    except ImportError:
        print("skipping reportlab: it is not installed", file=sys.stderr)
        return cases
    return cases + [_reportlab_long_case(out, name, rng) for name in names["reportlab-long"]]

# --- manifest ---------------------------------------------------------------------------

def build(out: Path, per_kind: int = PER_KIND, rebuild: bool = False,
          seed: int = SEED) -> list[TableCase]:
    """The corpus in `out`: read from its manifest, or made (and the manifest written).

    Another `seed` makes other tables of the same kinds: a check that a change holds
    beyond the files it was made on."""
    def make() -> list[TableCase]:
        rng = random.Random(seed)
        cases = (chromium_cases(out, per_kind, rng) + libreoffice_cases(out, per_kind, rng) +
                 pymupdf_cases(out, per_kind, rng))
        wider = random.Random(seed + 1)  # the second batch leaves the first one's files be
        cases += (chromium_cases(out, per_kind, wider, WIDER_KINDS, diagrams=False) +
                  libreoffice_cases(out, per_kind, wider, WIDER_LO_KINDS))
        third = random.Random(seed + 2)  # engines the rules were not written on, likewise apart
        cases += (calc_cases(out, per_kind, third) + reportlab_cases(out, per_kind, third)
                  + latex_cases(out, per_kind, third))
        fourth = random.Random(seed + 3)  # styles one engine lacked, turned pages; apart too
        cases += (libreoffice_cases(out, per_kind, fourth, STYLED_LO_KINDS) +
                  chromium_cases(out, per_kind, fourth, TURNED_KINDS, diagrams=False))
        fifth = random.Random(seed + 4)  # statements and long tables; apart too
        return cases + statement_cases(out, per_kind, fifth)

    return manifest_cases(out, TableCase, make, rebuild)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--per-kind", type=int, default=PER_KIND,
                        help="seeded variants of every kind")
    parser.add_argument("--seed", type=int, default=SEED,
                        help="another seed: other tables of the same kinds (into another --out)")
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args(argv)
    cases = build(args.out, args.per_kind, args.rebuild, args.seed)
    for case in cases:
        print(f"{case.name:30} {case.kind:22} {len(case.tables)} tables "
              f"{sum(len(t) for t in case.tables):>4} rows")
    print(f"{len(cases)} files, {sum(len(c.tables) for c in cases)} tables")
    return 0


if __name__ == "__main__":
    sys.exit(main())
