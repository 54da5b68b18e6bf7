"""A PDF development corpus made by real engines, with the text each file should yield.

Two producers, each from sources whose text is known:

- headless Chromium (through Playwright, the system browser, JavaScript and network
  off) prints WCXB development pages and pages written here (multi-column CSS, tables
  with and without borders, header-rule-only and coloured-cell tables, right-to-left
  Arabic, a manual with a contents list, numbered headings three deep, note and
  warning boxes, step lists, code, a running header and page numbers). The reference
  text is the page's `innerText` as the browser laid it out, so hidden boilerplate and
  the running header are not expected; a saved page is printed with every box in the
  flow, unclipped, and its images unseen, so that it prints that text (`_PRINT_AS_READ`);
  written tables are known cell by cell.
- LibreOffice (`soffice --headless --convert-to pdf`) converts Word documents made
  here with python-docx (headings, lists, a table with merged cells, headers and
  footers, right-to-left paragraphs; a form booklet; a listing; a Persian and an Arabic
  report with Latin words, digits and a right-to-left table; a report in Calibri and
  Cambria, set in Carlito and Caladea, with a cover page, a contents field, numbered
  headings, two-level lists, a two-column hyphenated section, a shaded borderless table,
  a table over two pages with its header row repeated, captions and "Page X of Y"; a
  filled-in form with check boxes in MS Gothic, Wingdings, DejaVu and as form fields,
  and fill-in lines;
  a letter with address blocks; a CV with a borderless layout table; a technical report
  with Symbol-font symbols in its sentences and Wingdings bullets) and flat ODF written here
  (a long report; a two-column paper with its abstract across the page, footnotes, an
  equation line, captions and references; a memo in Word's metric fonts with footnotes;
  a bulletin with two boxed frames side by side, footnotes and endnotes, a lettered
  list, a borderless table with a shaded header and "Page X of Y"; a newsletter page with
  a drop cap and a boxed note the text flows around).

Files go to an ignored folder (default `.pdf-engine-corpus/`) with a `cases.json`
manifest; a later run reuses them unless `--rebuild`. A producer that is not installed
is skipped with a message.

    python scripts/pdf_engine_corpus.py [--out DIR] [--wcxb N] [--rebuild]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gzip
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TypeVar

REPO = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO / ".pdf-engine-corpus"
WCXB_DIR = REPO / ".." / "shared" / "data" / "wcxb-dev"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--no-first-run",
                 "--disable-component-update", "--disable-sync"]
WCXB_PAGES = 60  # development pages printed, spread over the page types
WCXB_MAX_HTML = 400_000  # bytes of HTML: bigger pages print to dozens of PDF pages
SOFFICE_TIMEOUT_S = 120
PRINT_TIMEOUT_S = 60  # per Chromium page: lay out, read innerText, print


@dataclass(slots=True)
class EngineCase:
    """One PDF made by a real engine and what a converter should get out of it."""

    name: str
    source: str  # chromium-wcxb | chromium-written | libreoffice
    path: str
    text: str  # reference plain text in reading order
    tables: list[list[list[str]]] = field(default_factory=list)  # rows of cells, per table
    headings: list[str] = field(default_factory=list)


# --- pages written here (Chromium) -------------------------------------------------------

_STYLE = ("body{font-family:'DejaVu Sans',sans-serif;font-size:11pt;margin:0}"
          "h1{font-size:20pt}h2{font-size:15pt}td,th{padding:3pt 8pt;text-align:left}")

PRODUCE = [
    "Wheat", "Barley", "Oats", "Rye", "Maize", "Sorghum", "Millet", "Rice",
]


def _table_html(rows: list[list[str]], attrs: str = "", head: int = 1) -> str:
    out = [f"<table {attrs}>"]
    for i, row in enumerate(rows):
        tag = "th" if i < head else "td"
        out.append("<tr>" + "".join(f"<{tag}>{html.escape(c)}</{tag}>" for c in row) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def _harvest_rows(seed: int, count: int = 7) -> list[list[str]]:
    rows = [["Crop", "Area (ha)", "Yield (t/ha)", "Region"]]
    regions = ["North", "South", "East", "West", "Central"]
    for i in range(count):
        k = (seed * 7 + i * 3) % len(PRODUCE)
        rows.append([PRODUCE[k], f"{(seed + 3) * 117 + i * 41:,}", f"{2 + (seed + i) % 5}.{i}",
                     regions[(seed + i) % len(regions)]])
    return rows


_INTRO = ("The survey below lists the main crops grown in each region last season, with "
          "the sown area and the average yield reported by the district offices.")
_OUTRO = ("Figures for the coming season will be published once the spring reports "
          "from every district office have been checked.")


def _table_page(title: str, table: str) -> str:
    return (f"<h1>{title}</h1><p>{_INTRO}</p>{table}<p>{_OUTRO}</p>")


def _written_pages() -> list[tuple[str, str, list[list[list[str]]]]]:
    """(name, body HTML, tables) for each written page."""
    pages = []
    rows = _harvest_rows(1)
    pages.append(("table_bordered", _table_page("Harvest survey", _table_html(
        rows, 'style="border-collapse:collapse" border="1" cellpadding="4"')), [rows]))
    rows = _harvest_rows(2)
    pages.append(("table_borderless", _table_page("Harvest survey without rules", _table_html(
        rows, 'style="border:none"')), [rows]))
    rows = _harvest_rows(3)
    rule = ("<style>table.r{border-collapse:collapse;border-top:1.5px solid #000;"
            "border-bottom:1.5px solid #000}table.r th{border-bottom:1px solid #000}</style>")
    pages.append(("table_header_rule", rule + _table_page("Harvest survey with rules", _table_html(
        rows, 'class="r"')), [rows]))
    rows = _harvest_rows(4)
    fill = ("<style>table.c{border-collapse:separate;border-spacing:3px}"
            "table.c td{background:#dde6f0}table.c th{background:#2f4f7f;color:#fff}</style>")
    pages.append(("table_coloured_cells", fill + _table_page("Harvest survey in colour",
                                                           _table_html(rows, 'class="c"')),
                  [rows]))
    paras = "".join(f"<p>{_INTRO} {_OUTRO} Section {n} repeats this for the record.</p>"
                    for n in range(1, 9))
    pages.append(("multi_column", "<h1>Two columns of prose</h1>"
                  f"<div style='column-count:2;column-gap:24pt'>{paras}</div>", []))
    ar_rows = [["المحصول", "المساحة", "المنطقة"], ["القمح", "1200", "الشمال"],
               ["الشعير", "950", "الجنوب"], ["الذرة", "430", "الشرق"]]
    arabic = ("<h1>تقرير الحصاد</h1><p>يعرض الجدول التالي المحاصيل الرئيسية في كل منطقة "
              "خلال الموسم الماضي.</p>" + _table_html(ar_rows, 'border="1" '
                                                     'style="border-collapse:collapse"') +
              "<p>سَتُنْشَرُ أَرْقَامُ المَوْسِمِ القَادِمِ بَعْدَ مُرَاجَعَةِ التَّقَارِيرِ.</p>")
    pages.append(("rtl_arabic", f"<div dir='rtl' lang='ar'>{arabic}</div>", [ar_rows]))
    return pages


# --- Chromium ---------------------------------------------------------------------------

# A saved page printed as it stands prints text its innerText does not hold, and holds text
# it does not print: a fixed box (a cookie banner) is printed on every page, a body of the
# screen's height with its overflow hidden prints one page of many, and an image that cannot
# load (the network is off) prints its alt text. Every element is set in the flow, unclipped,
# and images are laid out unseen, so that what is printed is the innerText read.
_PRINT_AS_READ = ("<style>*{position:static!important;overflow:visible!important;"
                  "max-height:none!important}html,body{height:auto!important}"
                  "img{visibility:hidden!important}</style>")


def _printable(page_html: str) -> str:
    """`page_html` without scripts and with `_PRINT_AS_READ` last in its head (first in the
    page when it has no head), so its rules follow the page's own."""
    page_html = re.sub(r"<script\b.*?</script\s*>", "", page_html, flags=re.S | re.I)
    head_end = re.search(r"</head\s*>", page_html, re.I)
    at = head_end.start() if head_end else 0
    return page_html[:at] + _PRINT_AS_READ + page_html[at:]


def chromium_ready() -> bool:
    """Whether Playwright and the Chromium it drives are installed; says why not."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        print("skipping Chromium: playwright is not installed", file=sys.stderr)
        return False
    if not Path(CHROMIUM).exists():
        print(f"skipping Chromium: {CHROMIUM} is absent", file=sys.stderr)
        return False
    return True


def chromium_cases(out: Path, wcxb_pages: int) -> list[EngineCase]:
    """Print the written pages and `wcxb_pages` WCXB pages; [] without Playwright/Chromium."""
    if not chromium_ready():
        return []
    head = f"<html><head><meta charset='utf-8'><style>{_STYLE}</style></head>"
    sources = [(f"html_{name}", "chromium-written", f"{head}<body>{body}</body></html>", tables,
                None) for name, body, tables in _written_pages()]
    sources.append(("html_manual", "chromium-written", _manual_html(head), [], _MANUAL_TITLE))
    sources += [(name, "chromium-wcxb", text, [], None) for name, text in _wcxb_pages(wcxb_pages)]
    return asyncio.run(_print_all(out, sources))


async def _print_all(out: Path,
                     sources: list[tuple[str, str, str, list, str | None]]) -> list[EngineCase]:
    from playwright.async_api import async_playwright

    cases = []
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = await browser.new_context(java_script_enabled=False, offline=True)
        await context.route("**/*", lambda route: route.abort())
        for name, source, page_html, tables, running in sources:
            page = await context.new_page()
            path = out / f"{name}.pdf"
            try:  # a page whose layout never ends (seen on one WCXB page) is left out
                text = await asyncio.wait_for(_print(page, page_html, path, running),
                                              PRINT_TIMEOUT_S)
            except Exception as exc:  # one page failing to print leaves the rest
                print(f"  chromium {name}: {type(exc).__name__}: {exc}", file=sys.stderr)
                path.unlink(missing_ok=True)
                continue
            finally:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(page.close(), 10)
            if text.strip():  # a page that prints nothing (all of it drawn by script) is no case
                cases.append(EngineCase(name, source, path.name, text, tables))
        await browser.close()
    return cases


async def _print(page, page_html: str, path: Path, running: str | None = None) -> str:
    """Lay `page_html` out, print it to `path`; the page's innerText. With `running`, every
    page gets it as a running header and its page number as a footer (neither is in the
    innerText: furniture is not expected)."""
    await page.set_content(page_html, wait_until="domcontentloaded", timeout=20_000)
    text = await page.evaluate("document.body ? document.body.innerText : ''")
    furniture = {}
    if running is not None:
        small = "font-size:8pt;width:100%;text-align:center;font-family:'DejaVu Sans'"
        furniture = {"display_header_footer": True,
                     "header_template": f"<div style=\"{small}\">{html.escape(running)}</div>",
                     "footer_template": f"<div style=\"{small}\">Page <span class="
                                        "'pageNumber'></span></div>"}
    await page.pdf(path=str(path), format="A4", print_background=True,
                   margin={"top": "20mm" if running else "15mm", "bottom": "20mm" if running
                           else "15mm", "left": "15mm", "right": "15mm"}, **furniture)
    return text


_MANUAL_TITLE = "RG-200 rain gauge: user manual"
_MANUAL_SECTIONS = [
    ("1", "Getting started", [
        "The RG-200 measures rainfall with a tipping bucket and stores one reading every "
        "ten minutes. This manual covers setting up the gauge, reading its memory and "
        "looking after it through the year.",
        ("note", "Note: keep the packing foam until the gauge has been tested on site; the "
                 "bucket must travel locked."),
    ]),
    ("1.1", "What is in the box", [
        ("ul", ["The gauge body with its funnel", "A mounting bracket and four bolts",
                "The USB reader cable", "This manual"]),
    ]),
    ("1.2", "Choosing a site", [
        "Set the gauge on open ground at least twice as far from any tree or wall as the "
        "obstacle is tall. The rim must be level and one foot above the grass.",
        ("warning", "Warning: never mount the gauge on a roof. Wind over the roof edge "
                    "blows the rain past the funnel and the readings come out far too low."),
    ]),
    ("2", "Installation", [
        "Fix the bracket to a post before you put the gauge on it.",
    ]),
    ("2.1", "Mounting the gauge", [
        ("ol", ["Drive the post into the ground until it stands firm.",
                "Bolt the bracket to the post with the arrow pointing up.",
                "Slide the gauge onto the bracket and tighten the clamp.",
                "Check with the bubble level that the rim is flat."]),
    ]),
    ("2.1.1", "Unlocking the bucket", [
        "Remove the funnel and pull the red tab out of the bucket. The bucket should tip "
        "freely from side to side; if it sticks, see section 3.2.",
    ]),
    ("2.2", "Reading the memory", [
        "Connect the reader cable and run the command below. It writes one line for every "
        "stored reading, with the time and the rain in tenths of a millimetre.",
        ("code", ["$ rg200 dump --port /dev/ttyUSB0 --since 2026-03-01",
                  "2026-03-01T09:00 0.4", "2026-03-01T09:10 1.2",
                  "# totals per day", "$ rg200 dump --daily > march.csv"]),
    ]),
    ("3", "Maintenance", [
        "Clean the funnel once a month and after every storm.",
    ]),
    ("3.1", "Cleaning", [
        ("ol", ["Lift off the funnel.", "Brush out leaves and insects.",
                "Rinse the bucket with clean water only."]),
        ("note", "Note: do not use soap or oil on the bucket; a film of either changes the "
                 "amount of water it takes to tip it."),
    ]),
    ("3.2", "Troubleshooting", [
        "If the gauge records no rain during a shower, check that the bucket tips and that "
        "the cable is dry. A reading that doubles is usually a bucket that bounces; tighten "
        "the stop screws half a turn.",
    ]),
]


def _manual_html(head: str) -> str:
    """A printed manual: a contents list with dot leaders and page numbers, numbered
    headings three deep, note and warning boxes, step and bullet lists, a code listing."""
    style = ("<style>.toc div{display:flex}.toc .dots{flex:1;border-bottom:1px dotted #000;"
             "margin:0 4pt 4pt}.box{border:1px solid #444;background:#f2f2f2;padding:6pt;"
             "margin:8pt 0}.warn{border:2px solid #a00;background:#fde}"
             "pre{font-family:'DejaVu Sans Mono';font-size:9pt;background:#eee;padding:6pt}"
             "h3{font-size:12pt}h4{font-size:11pt}</style>")
    pages = {"1": 2, "2": 3, "3": 4}
    toc = "".join(
        f"<div><span>{num} {html.escape(title)}</span><span class='dots'></span>"
        f"<span>{pages[num.split('.')[0]]}</span></div>"
        for num, title, _ in _MANUAL_SECTIONS if num.count(".") < 2)
    parts = [f"<h1>{html.escape(_MANUAL_TITLE)}</h1><h2>Contents</h2><div class='toc'>{toc}</div>"]
    for num, title, blocks in _MANUAL_SECTIONS:
        level = 2 + num.count(".")
        brk = " style='break-before:page'" if "." not in num else ""
        parts.append(f"<h{level}{brk}>{num} {html.escape(title)}</h{level}>")
        for block in blocks:
            if isinstance(block, str):
                parts.append(f"<p>{html.escape(block)}</p>")
            elif block[0] in ("ul", "ol"):
                items = "".join(f"<li>{html.escape(i)}</li>" for i in block[1])
                parts.append(f"<{block[0]}>{items}</{block[0]}>")
            elif block[0] == "code":
                parts.append("<pre>" + html.escape("\n".join(block[1])) + "</pre>")
            else:
                kind = "box warn" if block[0] == "warning" else "box"
                parts.append(f"<div class='{kind}'>{html.escape(block[1])}</div>")
    return f"{head.replace('</head>', style + '</head>')}<body>{''.join(parts)}</body></html>"


def _wcxb_pages(count: int) -> list[tuple[str, str]]:
    """(name, HTML without scripts) of `count` WCXB development pages: the page types
    (article, forum, product, ...) in turn, each type's pages taken evenly spaced through
    it, single-page apps (drawn by script, nothing to print) and huge pages left out."""
    html_dir = WCXB_DIR / "html"
    meta_path = WCXB_DIR / "metadata.json"
    if count <= 0 or not html_dir.is_dir() or not meta_path.exists():
        if count > 0:
            print(f"skipping WCXB pages: {html_dir} is absent", file=sys.stderr)
        return []
    meta = json.loads(meta_path.read_text(encoding="utf-8"))["files"]
    by_type: dict[str, list[Path]] = {}
    for path in sorted(html_dir.glob("*.html.gz")):
        info = meta.get(path.name.split(".")[0], {})
        if not info.get("spa", False):
            by_type.setdefault(info.get("page_type", "other"), []).append(path)
    queues = {t: _spread(paths) for t, paths in sorted(by_type.items())}
    picked: list[tuple[str, str]] = []
    while len(picked) < count and any(queues.values()):
        for queue in queues.values():
            while queue and len(picked) < count:
                path = queue.pop(0)
                raw = gzip.decompress(path.read_bytes())
                if len(raw) <= WCXB_MAX_HTML:
                    picked.append((f"wcxb_{path.name.split('.')[0]}",
                                   _printable(raw.decode("utf-8", "replace"))))
                    break
    return picked


def _spread(paths: list[Path]) -> list[Path]:
    """`paths` reordered so that any prefix is spread evenly through the list (bit-reversed
    positions: first, middle, quarters, ...)."""
    n = len(paths)
    bits = max(1, (n - 1).bit_length())
    order = sorted(range(1 << bits), key=lambda i: int(f"{i:0{bits}b}"[::-1], 2))
    return [paths[i] for i in order if i < n]


# --- LibreOffice ------------------------------------------------------------------------

def find_soffice() -> str | None:
    return shutil.which("soffice") or shutil.which("libreoffice")


def soffice_convert(soffice: str, sources: list[Path], out: Path, cases: list[Any],
                    timeout_s: float) -> list[Any]:
    """Convert `sources` to PDF into `out` in one LibreOffice run (a profile of its own);
    the `cases` (with `name` and `path`) whose PDF came out, the others reported."""
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run(
            [soffice, f"-env:UserInstallation=file://{profile}", "--headless",
             "--convert-to", "pdf", "--outdir", str(out), *map(str, sources)],
            capture_output=True, text=True, timeout=timeout_s)
    made = []
    for case in cases:
        if (out / case.path).exists():
            made.append(case)
        else:
            print(f"  libreoffice {case.name}: no PDF ({done.stderr.strip()[:200]})",
                  file=sys.stderr)
    return made


def libreoffice_cases(out: Path) -> list[EngineCase]:
    """Word documents made here, converted by LibreOffice; [] without it or python-docx."""
    soffice = find_soffice()
    try:
        import docx  # noqa: F401
    except ImportError:
        print("skipping LibreOffice: python-docx is not installed", file=sys.stderr)
        return []
    if soffice is None:
        print("skipping LibreOffice: soffice is not on PATH", file=sys.stderr)
        return []
    made = [_docx_report(out), _docx_rtl(out), _docx_form_booklet(out), _docx_listing(out),
            _fodt_long_report(out), _fodt_paper(out), _fodt_memo(out), _docx_persian(out),
            _docx_arabic_report(out), _docx_word_report(out), _docx_connection_form(out),
            _docx_letter(out), _docx_cv(out), _docx_lab_report(out), _fodt_bulletin(out),
            _fodt_newsletter(out)]
    sources = [next(p for p in (out / f"{c.name}.docx", out / f"{c.name}.fodt") if p.exists())
               for c in made]
    return soffice_convert(soffice, sources, out, made, SOFFICE_TIMEOUT_S)


def _docx_report(out: Path) -> EngineCase:
    import docx

    document = docx.Document()
    section = document.sections[0]
    section.header.paragraphs[0].text = "District harvest report"
    section.footer.paragraphs[0].text = "Prepared by the statistics office"
    texts, headings = [], []

    def add(kind: str, text: str) -> None:
        if kind.startswith("Heading") or kind == "Title":
            document.add_heading(text, level=0 if kind == "Title" else int(kind[-1]))
            headings.append(text)
        else:
            document.add_paragraph(text, style=kind)
        texts.append(text)

    add("Title", "Harvest report for the valley districts")
    add("Normal", _INTRO)
    add("Heading 1", "1 Methods")
    add("Normal", "Each district office counted the sown area from the field registers and "
                  "weighed a sample of the harvest from every tenth farm.")
    for item in ("Field registers from every village", "Sample weights from the mills",
                 "Rainfall from the three weather stations"):
        add("List Bullet", item)
    add("Heading 2", "1.1 Counting rules")
    for item in ("Count every field once", "Weigh grain after drying", "Report by the end of May"):
        add("List Number", item)
    add("Heading 1", "2 Results")
    add("Normal", "The table gives the area and the yield by crop; the region cell spans the "
                  "crops grown there.")
    rows = [["Region", "Crop", "Area (ha)"], ["North", "Wheat", "1,200"],
            ["North", "Barley", "950"], ["South", "Maize", "430"], ["South", "Rice", "610"]]
    table = document.add_table(rows=len(rows), cols=3)
    table.style = "Table Grid"
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if c == 0 and r in (2, 4):
                continue
            table.cell(r, c).text = value
    for top in (1, 3):
        table.cell(top, 0).merge(table.cell(top + 1, 0))
    texts.append("\n".join(" ".join(r) for r in rows))
    add("Normal", _OUTRO)
    path = out / "lo_report.docx"
    document.save(path)
    return EngineCase("lo_report", "libreoffice", "lo_report.pdf", "\n\n".join(texts), [rows],
                      headings)


def _docx_rtl(out: Path) -> EngineCase:
    import docx
    from docx.oxml.ns import qn
    from docx.oxml.parser import OxmlElement

    document = docx.Document()
    texts = ["تقرير الحصاد في الوادي",
             "يعرض هذا التقرير المحاصيل الرئيسية في كل منطقة خلال الموسم الماضي مع المساحة "
             "المزروعة ومتوسط الإنتاج.",
             "سَتُنْشَرُ أَرْقَامُ المَوْسِمِ القَادِمِ بَعْدَ مُرَاجَعَةِ تَقَارِيرِ الرَّبِيعِ.",
             "وقد شارك في العمل أكثر من ثلاثين مكتباً في القرى والمدن."]
    for text in texts:
        paragraph = document.add_paragraph()
        bidi = OxmlElement("w:bidi")
        paragraph._p.get_or_add_pPr().append(bidi)
        run = paragraph.add_run(text)
        rtl = OxmlElement("w:rtl")
        run._r.get_or_add_rPr().append(rtl)
        fonts = run._r.rPr.get_or_add_rFonts()
        fonts.set(qn("w:cs"), "DejaVu Sans")
    path = out / "lo_rtl.docx"
    document.save(path)
    return EngineCase("lo_rtl", "libreoffice", "lo_rtl.pdf", "\n\n".join(texts))


_FORM_FIELDS = ["Family name", "Given names", "Date of birth", "Street and number",
                "Postcode and town", "Telephone", "Email address", "Number of the field",
                "Area of the field in hectares", "Crop grown last year", "Nearest river"]
_FORM_CHOICES = ["Owner of the field", "Tenant of the field", "Member of a cooperative"]


def _docx_form_booklet(out: Path) -> EngineCase:
    """A form whose three applicant pages are identical but for their number: the same
    labels at the same heights on every page, at the top and bottom too."""
    import docx
    from docx.enum.text import WD_BREAK
    from docx.shared import Cm, Pt

    document = docx.Document()
    section = document.sections[0]  # a form fills its page: narrow margins, spaced fields
    section.top_margin = section.bottom_margin = Cm(1)
    texts, headings = [], []
    document.add_heading("Application for irrigation water", level=0)
    headings.append("Application for irrigation water")
    intro = ("Fill in one page for each applicant of the household. Write in capital letters "
             "and tick one box in the second part. Return the form to the district office "
             "before the first of March.")
    document.add_paragraph(intro)
    texts += ["Application for irrigation water", intro]
    for n in range(1, 4):
        document.paragraphs[-1].add_run().add_break(WD_BREAK.PAGE)
        office = "For office use: file number ____________"
        document.add_paragraph(office)
        texts.append(office)
        title = f"Part A: applicant {n} of 3"
        document.add_heading(title, level=1)
        headings.append(title)
        texts.append(title)
        for label in _FORM_FIELDS:
            field = document.add_paragraph(f"{label}: ____________________________")
            field.paragraph_format.space_after = Pt(30)
            texts.append(f"{label}: ____________________________")
        document.add_heading("Part B: right to the water", level=2)
        headings.append("Part B: right to the water")
        texts.append("Part B: right to the water")
        for choice in _FORM_CHOICES:
            document.add_paragraph(f"\u2610 {choice}")
            texts.append(f"\u2610 {choice}")
        closing = ("I declare that the answers above are true and complete to the best of "
                   "my knowledge.")
        document.add_paragraph(closing)
        document.add_paragraph("Signature: ____________________   Date: ____________")
        texts += [closing, "Signature: ____________________ Date: ____________"]
    document.save(out / "lo_form_booklet.docx")
    return EngineCase("lo_form_booklet", "libreoffice", "lo_form_booklet.pdf", "\n\n".join(texts),
                      headings=headings)


_LISTING = [
    "def yearly_totals(readings):",
    "    \"\"\"Sum the daily readings of each year.\"\"\"",
    "    totals = {}",
    "    for day, value in readings:",
    "        year = day.year",
    "",
    "        # a missing reading counts as nothing",
    "        totals[year] = totals.get(year, 0) + (value or 0)",
    "    return totals",
    "",
    "",
    "def wettest(totals):",
    "    return max(totals, key=totals.get)",
]


def _docx_listing(out: Path) -> EngineCase:
    """A manual page: prose, one code listing with blank lines inside it, prose."""
    import docx
    from docx.shared import Pt

    document = docx.Document()
    title = "Computing the yearly rainfall"
    before = ("The function below adds up the daily rain gauge readings for every year in the "
              "record. Days without a reading are counted as dry, which the report states in "
              "its notes on method.")
    after = ("Call the second function on the result to find the wettest year; ties go to the "
             "earlier year because the dictionary keeps the order of insertion.")
    document.add_heading(title, level=1)
    document.add_paragraph(before)
    for line in _LISTING:
        paragraph = document.add_paragraph()
        paragraph.paragraph_format.space_after = Pt(0)
        run = paragraph.add_run(line)
        run.font.name = "DejaVu Sans Mono"
        run.font.size = Pt(9)
    document.add_paragraph()
    document.add_paragraph(after)
    document.save(out / "lo_listing.docx")
    listing = "\n".join(_LISTING)
    return EngineCase("lo_listing", "libreoffice", "lo_listing.pdf",
                      "\n\n".join([title, before, listing, after]), headings=[title])


# A report written as flat ODF (LibreOffice's own format, which python-docx cannot make):
# a cover page, a contents page with dot leaders, numbered headings, footnotes, a running
# header, a footer with page numbers, a two-column section, numbered and bulleted lists,
# and a long table whose header row repeats on every page it runs over.
_FODT_HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
 xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
 xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
 office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls>
 <style:font-face style:name="DejaVu Serif" svg:font-family="'DejaVu Serif'"
  xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"/>
 <style:font-face style:name="DejaVu Sans" svg:font-family="'DejaVu Sans'"
  xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"/>
</office:font-face-decls>
<office:styles>
 <style:style style:name="Standard" style:family="paragraph">
  <style:paragraph-properties fo:margin-bottom="0.2cm" fo:text-align="justify"/>
  <style:text-properties style:font-name="DejaVu Serif" fo:font-size="10.5pt"/></style:style>
 <style:style style:name="Title" style:family="paragraph" style:parent-style-name="Standard">
  <style:paragraph-properties fo:text-align="center" fo:margin-top="6cm"/>
  <style:text-properties style:font-name="DejaVu Sans" fo:font-size="24pt"
   fo:font-weight="bold"/></style:style>
 <style:style style:name="Subtitle" style:family="paragraph" style:parent-style-name="Standard">
  <style:paragraph-properties fo:text-align="center" fo:margin-bottom="0.5cm"/>
  <style:text-properties style:font-name="DejaVu Sans" fo:font-size="15pt"/></style:style>
 <style:style style:name="Cover" style:family="paragraph" style:parent-style-name="Standard">
  <style:paragraph-properties fo:text-align="center"/>
  <style:text-properties fo:font-size="12pt"/></style:style>
 <style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph"
  style:parent-style-name="Standard" style:default-outline-level="1">
  <style:paragraph-properties fo:break-before="page" fo:margin-bottom="0.3cm"
   fo:text-align="start"/>
  <style:text-properties style:font-name="DejaVu Sans" fo:font-size="16pt"
   fo:font-weight="bold"/></style:style>
 <style:style style:name="Heading_20_2" style:display-name="Heading 2" style:family="paragraph"
  style:parent-style-name="Standard" style:default-outline-level="2">
  <style:paragraph-properties fo:margin-top="0.3cm" fo:text-align="start"/>
  <style:text-properties style:font-name="DejaVu Sans" fo:font-size="13pt"
   fo:font-weight="bold"/></style:style>
 <style:style style:name="Contents" style:family="paragraph" style:parent-style-name="Standard">
  <style:paragraph-properties fo:text-align="start"><style:tab-stops>
   <style:tab-stop style:position="17cm" style:type="right" style:leader-style="dotted"
    style:leader-text="."/></style:tab-stops></style:paragraph-properties></style:style>
 <style:style style:name="Footnote" style:family="paragraph" style:parent-style-name="Standard">
  <style:text-properties fo:font-size="8.5pt"/></style:style>
 <style:style style:name="Furniture" style:family="paragraph" style:parent-style-name="Standard">
  <style:paragraph-properties fo:text-align="center"/>
  <style:text-properties fo:font-size="9pt"/></style:style>
 <style:style style:name="Cell" style:family="paragraph" style:parent-style-name="Standard">
  <style:paragraph-properties fo:text-align="start" fo:margin-bottom="0cm"/></style:style>
</office:styles>
<office:automatic-styles>
 <style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="21cm"
  fo:page-height="29.7cm" fo:margin-top="1.2cm" fo:margin-bottom="1.2cm" fo:margin-left="2cm"
  fo:margin-right="2cm"/>
  <style:header-style><style:header-footer-properties fo:min-height="0.5cm"
   fo:margin-bottom="0.5cm"/></style:header-style>
  <style:footer-style><style:header-footer-properties fo:min-height="0.5cm"
   fo:margin-top="0.5cm"/></style:footer-style></style:page-layout>
 <text:list-style style:name="Numbers"><text:list-level-style-number text:level="1"
  style:num-suffix="." style:num-format="1"><style:list-level-properties
  text:space-before="0.6cm" text:min-label-width="0.6cm"/></text:list-level-style-number>
 </text:list-style>
 <style:style style:name="TwoColumns" style:family="section"><style:section-properties>
  <style:columns fo:column-count="2" fo:column-gap="0.8cm"/></style:section-properties>
 </style:style>
 <style:style style:name="Grid" style:family="table"><style:table-properties
  style:width="17cm" table:align="left"/></style:style>
 <style:style style:name="GridCell" style:family="table-cell"><style:table-cell-properties
  fo:border="0.5pt solid #000000" fo:padding="0.08cm"/></style:style>
</office:automatic-styles>
<office:master-styles>
 <style:master-page style:name="Standard" style:page-layout-name="pm1">
  <style:header><text:p text:style-name="Furniture">Valley water survey: annual report
  </text:p></style:header>
  <style:footer><text:p text:style-name="Furniture">Page <text:page-number
   text:select-page="current"/></text:p></style:footer>
 </style:master-page>
</office:master-styles>
<office:body><office:text>
"""
_FODT_TAIL = "</office:text></office:body></office:document>\n"

_STATIONS = ["Ash Ford", "Bramble Hill", "Cold Spring", "Deep Dale", "Elm Bridge", "Fox Lane",
             "Green Weir", "High Moor", "Iron Gate", "Juniper Rise"]


def _fodt_long_report(out: Path) -> EngineCase:
    texts: list[str] = []
    headings: list[str] = []
    body: list[str] = []

    def para(style: str, text: str, expected: str | None = None) -> None:
        body.append(f'<text:p text:style-name="{style}">{text}</text:p>')
        texts.append(expected if expected is not None else html.unescape(
            re.sub(r"<[^>]+>", "", text)))

    def heading(level: int, text: str) -> None:
        body.append(f'<text:h text:style-name="Heading_20_{level}" '
                    f'text:outline-level="{level}">{html.escape(text)}</text:h>')
        texts.append(text)
        headings.append(text)

    def note(n: int, text: str) -> str:
        return (f'<text:note text:id="ftn{n}" text:note-class="footnote"><text:note-citation>'
                f'{n}</text:note-citation><text:note-body><text:p text:style-name="Footnote">'
                f"{html.escape(text)}</text:p></text:note-body></text:note>")

    title = "Valley Water Survey"
    body.append(f'<text:p text:style-name="Title">{title}</text:p>')
    texts.append(title)
    headings.append(title)
    para("Subtitle", "Annual report on rainfall, rivers and wells")
    para("Cover", "Prepared by the district hydrology office")
    para("Cover", "March 2026")
    heading(1, "Contents")
    sections = [("1 Introduction", 3), ("2 Methods", 4), ("2.1 Rain gauges", 4),
                ("2.2 River levels", 4), ("3 Results", 5), ("4 Station records", 6)]
    for name, page in sections:
        para("Contents", f"{name}<text:tab/>{page}", f"{name} {page}")
    heading(1, "1 Introduction")
    notes = ["The first survey was made in 1962 with eleven gauges.",
             "Two gauges were moved in 2019; their records are joined."]
    intro = ("The valley survey has measured rainfall and river levels since the first "
             "gauges were set up on the hill farms")
    body.append(f'<text:p text:style-name="Standard">{intro}.{note(1, notes[0])} This report '
                "covers the twelve months to the end of February and compares them with the "
                "long record.</text:p>")
    texts.append(f"{intro}.1 This report covers the twelve months to the end of February and "
                 "compares them with the long record.")
    para("Standard", "Every station is read by a volunteer at nine in the morning. The readings "
                     "are sent to the district office each week and checked against the "
                     "neighbouring stations before they enter the record.")
    texts.append(f"1 {notes[0]}")
    heading(1, "2 Methods")
    heading(2, "2.1 Rain gauges")
    gauge = ("The standard gauge is a copper funnel of five inches across set one foot above "
             "the ground")
    body.append(f'<text:p text:style-name="Standard">{gauge}.{note(2, notes[1])}</text:p>')
    texts.append(f"{gauge}.2")
    para("Standard", "Readings are made in three steps:")
    steps = ["Empty the inner can into the measuring glass.",
             "Read the level at eye height and write it down.",
             "Return the can and check the funnel for leaves."]
    body.append('<text:list text:style-name="Numbers">' + "".join(
        f'<text:list-item><text:p text:style-name="Standard">{s}</text:p></text:list-item>'
        for s in steps) + "</text:list>")
    texts += [f"{n}. {s}" for n, s in enumerate(steps, start=1)]
    heading(2, "2.2 River levels")
    columns = [("River levels are read from painted boards at six bridges. A board shows the "
                "height of the water above a fixed mark in centimetres, and the reader notes "
                "the time and the colour of the water."),
               ("In flood the boards can be hard to reach, so four bridges also carry a float "
                "recorder that draws the level on a paper chart. The charts are changed on "
                "the first day of each month and kept at the office."),
               ("Where the two disagree the chart is taken, since a board read from the bank "
                "in heavy rain is often a few centimetres out. The differences are listed in "
                "the station records at the end of this report."),
               ("Levels below the lowest mark are written as dry. This happened on three "
                "rivers in August, the first time since the dry summer recorded in the long "
                "record."), ]
    body.append('<text:section text:style-name="TwoColumns" text:name="Columns">')
    for text in columns:
        para("Standard", text)
    body.append("</text:section>")
    texts.append(f"2 {notes[1]}")
    heading(1, "3 Results")
    para("Standard", "The year was wetter than the long average in the hills and drier in "
                     "the valley floor. The main points are:")
    points = ["Rainfall on the hill stations was a tenth above the average.",
              "The valley stations had their driest August in thirty years.",
              "No river rose above the flood mark during the year."]
    body.append("<text:list>" + "".join(  # LibreOffice's default bullets: OpenSymbol glyphs
        f'<text:list-item><text:p text:style-name="Standard">{p}</text:p></text:list-item>'
        for p in points) + "</text:list>")
    texts += [f"\u2022 {p}" for p in points]
    heading(1, "4 Station records")
    para("Standard", "Monthly rainfall in millimetres at each station, with the number of "
                     "days on which rain fell.")
    rows = [["Station", "Month", "Rain (mm)", "Rain days"]]
    months = ["March", "April", "May", "June", "July", "August", "September", "October",
              "November", "December", "January", "February"]
    for k, station in enumerate(_STATIONS):
        for m, month in enumerate(months[:8]):
            rows.append([station, month, str(40 + (k * 13 + m * 7) % 90),
                         str(6 + (k + m * 3) % 15)])
    cells = lambda row: "".join(  # noqa: E731
        f'<table:table-cell table:style-name="GridCell" office:value-type="string">'
        f'<text:p text:style-name="Cell">{html.escape(c)}</text:p></table:table-cell>'
        for c in row)
    body.append('<table:table table:name="Records" table:style-name="Grid">'
                '<table:table-column table:number-columns-repeated="4"/>'
                f"<table:table-header-rows><table:table-row>{cells(rows[0])}</table:table-row>"
                "</table:table-header-rows>"
                + "".join(f"<table:table-row>{cells(r)}</table:table-row>" for r in rows[1:])
                + "</table:table>")
    texts.append("\n".join(" ".join(r) for r in rows))
    para("Standard", "The records are kept at the district office and may be read there on "
                     "any weekday morning.")
    (out / "lo_long_report.fodt").write_text(_FODT_HEAD + "\n".join(body) + _FODT_TAIL,
                                             encoding="utf-8")
    return EngineCase("lo_long_report", "libreoffice", "lo_long_report.pdf", "\n\n".join(texts),
                      [rows], headings)


def _fodt(body: list[str], running: str, serif: str, sans: str, table_width: str) -> str:
    """A flat ODF document of `body` in the long report's styles without its cover page:
    `running` as the header, page numbers in the footer, the fonts and the table width
    given (a heading 1 still starts a page)."""
    head = _FODT_HEAD.replace("Valley water survey: annual report\n  ", html.escape(running))
    head = head.replace("DejaVu Serif", serif).replace("DejaVu Sans", sans)
    head = head.replace('fo:margin-top="6cm"', 'fo:margin-top="0.5cm"')
    head = head.replace('style:width="17cm"', f'style:width="{table_width}"')
    return head + "\n".join(body) + _FODT_TAIL


def _note(n: int, text: str) -> str:
    return (f'<text:note text:id="ftn{n}" text:note-class="footnote"><text:note-citation>'
            f'{n}</text:note-citation><text:note-body><text:p text:style-name="Footnote">'
            f"{html.escape(text)}</text:p></text:note-body></text:note>")


def _p(style: str, text: str) -> str:
    return f'<text:p text:style-name="{style}">{text}</text:p>'


def _h(level: int, text: str) -> str:
    return (f'<text:h text:style-name="Heading_20_{level}" text:outline-level="{level}">'
            f"{html.escape(text)}</text:h>")


def _grid(rows: list[list[str]], name: str) -> str:
    def cells(row: list[str]) -> str:
        return "".join(f'<table:table-cell table:style-name="GridCell" office:value-type='
                       f'"string"><text:p text:style-name="Cell">{html.escape(c)}</text:p>'
                       "</table:table-cell>" for c in row)
    return (f'<table:table table:name="{name}" table:style-name="Grid">'
            f'<table:table-column table:number-columns-repeated="{len(rows[0])}"/>'
            + "".join(f"<table:table-row>{cells(r)}</table:table-row>" for r in rows)
            + "</table:table>")


_PAPER_BODY = [
    ("1 Introduction", [
        "Small upland catchments answer rain within hours, and the gauges that watch them "
        "are often read by hand once a day.{1} A daily total hides the storm that caused a "
        "flood, so the shape of the rain within the day has to be guessed from nearby "
        "stations with recorders.",
        "This paper compares three ways of making that guess on eleven catchments of the "
        "valley survey and asks how much of the error comes from the distance between the "
        "gauges rather than from the method itself.",
    ]),
    ("2 Data and methods", [
        "We used the hourly records of four tipping-bucket gauges and the daily readings of "
        "twenty-six manual gauges from 2015 to 2024. Days with a missing hourly value were "
        "left out, which removed about one day in forty.{2}",
        "Each daily total was split into hours by the pattern of the nearest recorder, by "
        "the mean pattern of all four, and by a weighted mean with weights falling with the "
        "square of the distance:",
        "EQ",
        "where d is the distance to recorder i and the sum runs over the four recorders.",
    ]),
    ("3 Results", [
        "Table 1 gives the mean absolute error of the peak hourly rain for each method. The "
        "weighted mean was best on nine of the eleven catchments, and the nearest recorder "
        "was best on the two that lie beside one.",
        "TABLE",
        "The error grew with the distance to the nearest recorder, as Figure 1 shows, by "
        "about a tenth of a millimetre for every kilometre.",
        "Figure 1: Error of the peak hourly rain against the distance to the nearest recorder.",
    ]),
    ("4 Discussion", [
        "Two things limit the weighted pattern. The first is that showers in summer are "
        "small, often smaller than the spacing of the recorders, so that a storm can fall "
        "between them and leave no trace in any hourly record.{3} The second is that the "
        "weights ignore the hills, which lift the rain on their western sides.",
        "A pattern weighted by height as well as by distance did no better on our data, but "
        "the four recorders all stand below three hundred metres, and a recorder on the "
        "ridge would be needed to test it fairly.",
        "The manual gauges themselves add an error of their own. A reading made an hour late "
        "moves rain from one day to the next, and on the days with the heaviest rain the "
        "volunteers were the most likely to be late, since the roads were flooded.",
        "Finally, the method assumes that the rain of a day falls in one pattern across the "
        "whole valley. Fronts that cross the valley from the west reach the far gauges up to "
        "two hours later, which a single pattern cannot show; shifting the pattern by the "
        "travel time of the front is left for later work.",
    ]),
    ("5 Conclusions", [
        "A weighted pattern is a sound default for splitting daily rain, but no method makes "
        "up for a recorder that is too far away. New recorders should go where the gap is "
        "widest rather than where access is easiest.",
    ]),
]
_PAPER_NOTES = {1: "The survey's volunteers read the gauges at nine in the morning.",
                2: "Most of these days fall in the winters of 2017 and 2021.",
                3: "A summer shower covers about four square kilometres."}
_PAPER_REFERENCES = [
    "[1] A. Brook and C. Dale. Rain in small catchments. Journal of Hydrology, 41(2):11-29, 2012.",
    "[2] E. Fell. Splitting daily rainfall into hours. Water Resources Notes, 7:101-118, 2018.",
    "[3] G. Hart, I. Jones and K. Lee. Gauge networks and flood warnings. Report 12, Valley "
    "Survey Office, 2021.",
]


def _fodt_paper(out: Path) -> EngineCase:
    """A two-column paper: title, authors and abstract across the page, numbered sections
    in two columns with footnotes at the page foot, an equation line, a table and a figure
    caption, references; a running header and page numbers."""
    title = "Splitting daily rainfall into hours on small catchments"
    authors = "Mara Fields and Tomas Weir, District Hydrology Office"
    abstract = ("Abstract. Daily rain gauge totals are split into hours with the pattern of "
                "nearby recorders. We compare three ways of doing so on eleven catchments and "
                "find that a distance-weighted pattern halves the error of the peak hour, "
                "while the distance to the nearest recorder sets a floor no method removes.")
    body = [_p("Title", html.escape(title)), _p("Cover", html.escape(authors)),
            _p("Standard", html.escape(abstract)),
            '<text:section text:style-name="TwoColumns" text:name="Body">']
    texts, headings = [title, authors, abstract], [title]
    rows = [["Method", "Error (mm)", "Best on"], ["Nearest recorder", "1.9", "2"],
            ["Mean of four", "2.4", "0"], ["Weighted mean", "1.2", "9"]]
    equation = "w = d^-2 / sum(d^-2) (1)"
    for heading, paras in _PAPER_BODY:
        body.append(_h(2, heading))
        texts.append(heading)
        headings.append(heading)
        for para in paras:
            if para == "EQ":
                body.append(_p("Cover", html.escape(equation)))
                texts.append(equation)
            elif para == "TABLE":
                caption = "Table 1: Mean absolute error of the peak hourly rain."
                body += [_p("Standard", caption), _grid(rows, "Errors")]
                texts += [caption, "\n".join(" ".join(r) for r in rows)]
            else:
                marked = html.escape(para)
                for n, note in _PAPER_NOTES.items():
                    marked = marked.replace(f"{{{n}}}", _note(n, note))
                body.append(_p("Standard", marked))
                texts.append(re.sub(r"\{(\d)\}", r"\1", para))
    body.append(_h(2, "References"))
    texts.append("References")
    headings.append("References")
    for ref in _PAPER_REFERENCES:
        body.append(_p("Standard", html.escape(ref)))
        texts.append(ref)
    body.append("</text:section>")
    texts += [f"{n} {note}" for n, note in _PAPER_NOTES.items()]  # at the pages' feet
    (out / "lo_paper.fodt").write_text(
        _fodt(body, "Valley Hydrology Notes 12 (2026)", "Liberation Serif", "Liberation Sans",
              "8cm"), encoding="utf-8")
    return EngineCase("lo_paper", "libreoffice", "lo_paper.pdf", "\n\n".join(texts), [rows],
                      headings)


def _fodt_memo(out: Path) -> EngineCase:
    """A Word-style memo in Liberation fonts (Times New Roman and Arial metrics): a
    running header, page numbers, footnotes over two pages, a bullet list and a table."""
    texts, headings, body = [], [], []
    title = "Memorandum on the spring maintenance round"
    body.append(_p("Subtitle", html.escape(title)))
    texts.append(title)
    headings.append(title)
    notes = {1: "Stations are listed in the order of the round, not by name.",
             2: "The spare parts were ordered in January and arrived on 14 February.",
             3: "See the station records of last year for the earlier readings."}
    paras = [
        "To all station volunteers. The spring round of maintenance starts on the first "
        "Monday of April and takes three weeks.{1} Each station is visited once, and the "
        "volunteer is asked to be there for the hour of the visit.",
        "The team will clean the funnels, replace worn buckets and check every gauge against "
        "a test can of known volume. New buckets are on hand for all stations.{2}",
        "Please have the following ready for the visit:",
        "LIST",
        "Where a gauge has read high or low since the autumn, the team will compare it with "
        "its neighbours on the day.{3} The stations and the week of their visit are:",
        "TABLE",
        "Questions about the round go to the district office, which also keeps the "
        "timetable up to date as the weather allows.",
    ] * 3
    items = ["The station notebook", "The key to the gauge enclosure",
             "A note of any damage seen since the autumn"]
    rows = [["Station", "Week", "Team"], ["Ash Ford", "1", "North"],
            ["Cold Spring", "1", "South"], ["Elm Bridge", "2", "North"],
            ["Green Weir", "3", "South"]]
    seen: set[int] = set()
    for k, para in enumerate(paras):
        if para == "LIST":
            body.append("<text:list>" + "".join(
                f'<text:list-item>{_p("Standard", html.escape(i))}</text:list-item>'
                for i in items) + "</text:list>")
            texts += [f"\u2022 {i}" for i in items]
        elif para == "TABLE":
            body.append(_grid(rows, f"Round{k}"))
            texts.append("\n".join(" ".join(r) for r in rows))
        else:
            if k and k % 7 == 0:
                team = f"Repeated for team {k // 7 + 1}"
                if k == 14:  # a heading 1 starts a page: the notes of page 1 sit above it
                    texts += [f"{n} {note}" for n, note in notes.items()]
                body.append(_h(1 if k == 14 else 2, team))
                texts.append(team)
                headings.append(team)
            marked = html.escape(para)
            for n, note in notes.items():
                if f"{{{n}}}" in para and n not in seen:
                    marked = marked.replace(f"{{{n}}}", _note(n, note))
                    seen.add(n)
                    para = para.replace(f"{{{n}}}", str(n))
                marked = marked.replace(f"{{{n}}}", "")
                para = para.replace(f"{{{n}}}", "")
            body.append(_p("Standard", marked))
            texts.append(para)
    (out / "lo_memo.fodt").write_text(
        _fodt(body, "District hydrology office: memorandum", "Liberation Serif",
              "Liberation Sans", "17cm"), encoding="utf-8")
    return EngineCase("lo_memo", "libreoffice", "lo_memo.pdf", "\n\n".join(texts), [rows],
                      headings)


def _docx_rtl_report(out: Path, name: str, font: str, lang: str, title: str,
                     paragraphs: list[str], rows: list[list[str]]) -> EngineCase:
    """A right-to-left report from Word: a title in the Heading 1 style (a size set on
    the run alone is the Latin size, which right-to-left text does not use), paragraphs
    with Latin words and digits inside, a table whose first column is on the right, a
    header and a page footer."""
    import docx
    from docx.oxml.ns import qn
    from docx.oxml.parser import OxmlElement

    def rtl(paragraph, text: str) -> None:
        paragraph._p.get_or_add_pPr().append(OxmlElement("w:bidi"))
        run = paragraph.add_run(text)
        run._r.get_or_add_rPr().append(OxmlElement("w:rtl"))
        fonts = run._r.rPr.get_or_add_rFonts()
        for key in ("w:cs", "w:ascii", "w:hAnsi"):
            fonts.set(qn(key), font)
        language = OxmlElement("w:lang")
        language.set(qn("w:bidi"), lang)
        run._r.rPr.append(language)

    document = docx.Document()
    section = document.sections[0]
    rtl(section.header.paragraphs[0], title)
    rtl(section.footer.paragraphs[0], "1")
    rtl(document.add_paragraph(style="Heading 1"), title)
    for text in paragraphs[:2]:
        rtl(document.add_paragraph(), text)
    table = document.add_table(rows=len(rows), cols=len(rows[0]))
    table.style = "Table Grid"
    table._tbl.tblPr.append(OxmlElement("w:bidiVisual"))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            cell = table.cell(r, c)
            rtl(cell.paragraphs[0], value)
    for text in paragraphs[2:]:
        rtl(document.add_paragraph(), text)
    document.save(out / f"{name}.docx")
    texts = [title, *paragraphs[:2], "\n".join(" ".join(r) for r in rows), *paragraphs[2:]]
    return EngineCase(name, "libreoffice", f"{name}.pdf", "\n\n".join(texts), [rows], [title])


def _docx_persian(out: Path) -> EngineCase:
    title = "گزارش باران‌سنجی سال ۱۴۰۴"
    return _docx_rtl_report(out, "lo_persian", "DejaVu Sans", "fa-IR", title, [
        "این گزارش داده‌های باران‌سنج‌های دره را برای دوازده ماه گذشته خلاصه می‌کند. "
        "اندازه‌گیری‌ها با دستگاه RG-200 و نرم‌افزار Webfold نسخهٔ 2.5 انجام شده است.",
        "در مجموع 26 ایستگاه دستی و 4 ایستگاه خودکار در این بررسی شرکت داشتند و میانگین "
        "بارش سالانه ۴۱۲ میلی‌متر بود.",
        "جدول بالا بیشترین بارش روزانه را در هر ایستگاه نشان می‌دهد. بارش‌های تابستان کمتر "
        "از میانگین بلندمدت بود.",
        "برای اطلاعات بیشتر با دفتر آب‌شناسی منطقه به نشانی info@valley.example تماس بگیرید.",
    ], [["ایستگاه", "بارش (mm)", "تاریخ"], ["آب‌باریک", "48", "1404/02/11"],
        ["چشمه‌سرد", "61", "1404/08/03"], ["پل نارون", "39", "1404/09/27"]])


def _docx_arabic_report(out: Path) -> EngineCase:
    title = "التقرير السنوي لمحطات المطر"
    return _docx_rtl_report(out, "lo_arabic_report", "Amiri", "ar-SA", title, [
        "يلخص هذا التقرير قراءات محطات المطر في الوادي خلال عام 2025، وقد جُمعت البيانات "
        "بجهاز RG-200 وأُرسلت إلى المكتب كل أسبوع.",
        "بلغ عدد المحطات اليدوية 26 محطة، إضافة إلى 4 محطات آلية، وكان متوسط الهطول السنوي "
        "412 ملم، أي أعلى من المعدل بنسبة 10%.",
        "يبين الجدول أعلاه أكبر هطول يومي في كل محطة. وكانت أمطار الصيف أقل من المعدل "
        "الطويل الأمد في جميع المحطات.",
        "للاستفسار يُرجى مراسلة مكتب الهيدرولوجيا على العنوان info@valley.example.",
    ], [["المحطة", "الهطول (ملم)", "التاريخ"], ["عين الماء", "48", "2025-03-11"],
        ["الجسر القديم", "61", "2025-10-03"], ["وادي السدر", "39", "2025-12-27"]])


# --- Word documents of the kinds real reports and forms have ---------------------------

def _ooxml(tag: str, **attrs: str):
    """A WordprocessingML element `w:tag` with `w:` attributes."""
    from docx.oxml.ns import qn
    from docx.oxml.parser import OxmlElement

    element = OxmlElement(f"w:{tag}")
    for key, value in attrs.items():
        element.set(qn(f"w:{key}"), value)
    return element


def _field(paragraph, instruction: str, shown: str) -> None:
    """A Word field (PAGE, NUMPAGES, ...) in `paragraph`, `shown` as its last result."""
    for kind, text in (("begin", None), (None, instruction), ("separate", None), (None, shown),
                       ("end", None)):
        run = paragraph.add_run()
        if kind is not None:
            run._r.append(_ooxml("fldChar", fldCharType=kind))
        elif text == instruction:
            instr = _ooxml("instrText")
            instr.text = f" {instruction} "
            run._r.append(instr)
        else:
            run.text = text


def _contents_tabs(paragraph, number_cm: float, page_cm: float) -> None:
    """Word's contents-entry tabs: a left stop after the number, a right stop with a dot
    leader for the page."""
    from docx.enum.text import WD_TAB_ALIGNMENT, WD_TAB_LEADER
    from docx.shared import Cm

    stops = paragraph.paragraph_format.tab_stops
    stops.add_tab_stop(Cm(number_cm), WD_TAB_ALIGNMENT.LEFT)
    stops.add_tab_stop(Cm(page_cm), WD_TAB_ALIGNMENT.RIGHT, WD_TAB_LEADER.DOTS)


def _style_font(style, font: str) -> None:
    """Set `style` in `font`, its theme-font references (which Word prefers) removed."""
    from docx.oxml.ns import qn

    style.font.name = font
    fonts = style.element.get_or_add_rPr().get_or_add_rFonts()
    for key in ("w:asciiTheme", "w:hAnsiTheme", "w:eastAsiaTheme", "w:cstheme"):
        fonts.attrib.pop(qn(key), None)


def _shade(cell, fill: str) -> None:
    cell._tc.get_or_add_tcPr().append(_ooxml("shd", val="clear", color="auto", fill=fill))


def _heading_numbering(document) -> str:
    """A multi-level list for Heading 1 and 2 ("1", "1.1"), as Word's outline numbering;
    its numId."""
    numbering = document.part.numbering_part.element
    abstract = _ooxml("abstractNum", abstractNumId="90")
    for level, text in enumerate(("%1", "%1.%2")):
        lvl = _ooxml("lvl", ilvl=str(level))
        for child in (_ooxml("start", val="1"), _ooxml("numFmt", val="decimal"),
                      _ooxml("lvlText", val=text), _ooxml("lvlJc", val="left")):
            lvl.append(child)
        ppr = _ooxml("pPr")
        ppr.append(_ooxml("ind", left="567", hanging="567"))
        lvl.append(ppr)
        abstract.append(lvl)
    numbering.insert(0, abstract)
    num = _ooxml("num", numId="90")
    num.append(_ooxml("abstractNumId", val="90"))
    numbering.append(num)
    return "90"


def _numbered(paragraph, num_id: str, level: int) -> None:
    numpr = _ooxml("numPr")
    numpr.append(_ooxml("ilvl", val=str(level)))
    numpr.append(_ooxml("numId", val=num_id))
    paragraph._p.get_or_add_pPr().insert(0, numpr)


def _columns(section, count: int) -> None:
    sect = section._sectPr
    for old in sect.findall(_ooxml("cols").tag):
        sect.remove(old)
    sect.append(_ooxml("cols", num=str(count), space="567"))


_WR_SECTIONS = [
    ("Introduction", 1, [
        "The district water board asked for a single account of the year's work on the "
        "irrigation channels, written for the members of the board and for the farmers "
        "who pay the water rate. This report gives that account in plain terms.",
        ("bullets", [("The state of the channels after the winter floods", 0),
                     ("The repairs made and those still outstanding", 0),
                     ("Embankments", 1), ("Sluice gates", 1),
                     ("The money spent and the budget for next year", 0)]),
    ]),
    ("Background", 1, [
        "Most of the channels were dug between 1890 and 1925 and have been repaired piece "
        "by piece ever since. Their condition varies considerably from one stretch to the "
        "next, which makes any general statement about them approximate.",
    ]),
    ("Earlier surveys", 2, [
        "Two surveys came before this one. The first, in 1978, walked every channel and "
        "recorded each sluice; the second, in 2004, measured the flow at thirty points.",
    ]),
    ("Inspection and repairs", 1, [
        "TWOCOL",
    ]),
    ("How the inspection was done", 2, [
        "Each team followed the same procedure on every stretch it inspected:",
        ("numbers", [("Walk the stretch and photograph every fault", 0),
                     ("Measure the depth of silt at each marker", 0),
                     ("Below the sluice gates", 1), ("At the bends", 1),
                     ("Enter the findings in the register the same day", 0)]),
    ]),
    ("Costs", 1, [
        "The table below summarises the spending of the year by kind of work. All figures "
        "are in thousands and include the value of the volunteers' time.",
        "SHADED",
        "The register of repaired stretches follows; it runs over more than one page.",
        "LONG",
    ]),
    ("Conclusions", 1, [
        "The channels are in better order than a year ago, but the embankments of the lower "
        "district still need work that the present budget cannot pay for. The board is asked "
        "to approve the programme set out in the appendix.",
    ]),
]
_WR_TWO_COLUMN = [
    "The inspection began in the first week of April, once the spring floods had gone "
    "down, and finished at the end of June. Six teams of two walked the channels, "
    "recording every breach, every blocked culvert and every sluice gate that would not "
    "close. Their notes were typed up each evening and checked against the register of "
    "the previous year, so that recurring faults could be recognised immediately.",
    "Repairs followed the inspection wherever the weather allowed. Embankments were "
    "rebuilt with clay taken from the channel bed, which also deepened the channel; "
    "culverts were cleared by hand or, where necessary, replaced with concrete pipes of "
    "the same diameter. Administrative arrangements with the landowners were "
    "straightforward because the board had written to every one of them beforehand.",
]
_WR_COSTS = [["Kind of work", "Budget", "Spent", "Difference"],
             ["Embankments", "120.0", "134.5", "-14.5"], ["Culverts", "45.0", "38.2", "6.8"],
             ["Sluice gates", "60.0", "61.9", "-1.9"], ["Survey", "15.0", "12.4", "2.6"]]


def _docx_word_report(out: Path) -> EngineCase:
    """A report as Word users make one, in Calibri and Cambria (LibreOffice sets them in
    the metric-compatible Carlito and Caladea): a cover page, a contents field with its
    dot leaders, numbered headings, bulleted and numbered lists two levels deep, a
    two-column section of justified, hyphenated text, a borderless table with a shaded
    header row, a ruled table over two pages whose header row repeats, captions, a
    header and a "Page X of Y" footer."""
    import docx
    from docx.enum.section import WD_SECTION
    from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_BREAK
    from docx.shared import Pt, RGBColor

    document = docx.Document()
    document.settings.element.append(_ooxml("autoHyphenation"))
    for style, font in (("Normal", "Calibri"), ("Title", "Cambria"), ("Heading 1", "Cambria"),
                        ("Heading 2", "Cambria")):
        _style_font(document.styles[style], font)
    section = document.sections[0]
    header = section.header.paragraphs[0]
    header.text = "Irrigation channels: annual report 2025"
    header.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    footer = section.footer.paragraphs[0]
    footer.alignment = WD_ALIGN_PARAGRAPH.CENTER
    footer.add_run("Page ")
    _field(footer, "PAGE", "1")
    footer.add_run(" of ")
    _field(footer, "NUMPAGES", "5")
    texts: list[str] = []
    headings: list[str] = []
    title = "Irrigation Channels of the Lower Valley"
    cover = document.add_paragraph(title, style="Title")
    cover.paragraph_format.space_before = Pt(180)
    headings.append(title)
    subtitle = "Annual report of the district water board for 2025"
    document.add_paragraph(subtitle, style="Subtitle")
    by = ["Prepared by the engineering committee", "Adopted on 12 March 2026"]
    for line in by:
        document.add_paragraph(line).alignment = WD_ALIGN_PARAGRAPH.CENTER
    texts += [title, subtitle, *by]
    document.paragraphs[-1].add_run().add_break(WD_BREAK.PAGE)
    document.add_paragraph("Contents", style="TOC Heading")
    texts.append("Contents")
    numbers, entries = [0, 0], []
    for name, level, _ in _WR_SECTIONS:
        numbers[level - 1:] = [numbers[level - 1] + 1, 0][: 3 - level]
        entries.append((".".join(str(n) for n in numbers[:level]), name, level))
    pages = {1: 3, 2: 3, 3: 3, 4: 3, 5: 4, 6: 4, 7: 5}
    for k, (number, name, level) in enumerate(entries):
        entry = document.add_paragraph()
        entry.paragraph_format.left_indent = Pt(12 * (level - 1))
        _contents_tabs(entry, 1.2 + 0.4 * level, 16)
        if k == 0:
            entry.add_run()._r.append(_ooxml("fldChar", fldCharType="begin"))
            instr = _ooxml("instrText")
            instr.text = ' TOC \\o "1-2" \\h \\z \\u '
            entry.add_run()._r.append(instr)
            entry.add_run()._r.append(_ooxml("fldChar", fldCharType="separate"))
        entry.add_run(f"{number}\t{name}\t{pages[k + 1]}")
        texts.append(f"{number} {name} {pages[k + 1]}")
    document.paragraphs[-1].add_run()._r.append(_ooxml("fldChar", fldCharType="end"))
    document.paragraphs[-1].add_run().add_break(WD_BREAK.PAGE)
    num_id = _heading_numbering(document)
    caption_no = 0
    works = ["Embankment rebuilt", "Culvert cleared", "Gate replaced", "Silt removed",
             "Lining patched"]
    long_rows = [["Stretch", "Channel", "Work done", "Length (m)"]] + [
        [f"S-{101 + k}", ["North", "Mill", "Lower", "Cross"][k % 4], works[(k * 3) % 5],
         str(40 + (k * 37) % 260)] for k in range(46)]
    for (number, name, level), (_, _, blocks) in zip(entries, _WR_SECTIONS, strict=True):
        heading = document.add_heading(name, level=level)
        _numbered(heading, num_id, level - 1)
        texts.append(f"{number} {name}")
        headings.append(f"{number} {name}")
        for block in blocks:
            if isinstance(block, tuple):
                kind, items = block
                counters = [0, 0]
                for text, depth in items:
                    style = ("List Bullet" if kind == "bullets" else "List Number") + (
                        " 2" if depth else "")
                    document.add_paragraph(text, style=style)
                    counters[depth:] = [counters[depth] + 1, 0][: 2 - depth]
                    marker = "\u2022" if kind == "bullets" else f"{counters[depth]}."
                    texts.append(f"{marker} {text}")
            elif block == "TWOCOL":
                document.add_section(WD_SECTION.CONTINUOUS)
                _columns(document.sections[-1], 2)
                for text in _WR_TWO_COLUMN:
                    paragraph = document.add_paragraph(text)
                    paragraph.alignment = WD_ALIGN_PARAGRAPH.JUSTIFY
                    texts.append(text)
                document.add_section(WD_SECTION.CONTINUOUS)
                _columns(document.sections[-1], 1)
            elif block == "SHADED":
                caption_no += 1
                caption = f"Table {caption_no}: Spending by kind of work"
                document.add_paragraph(caption, style="Caption")
                table = document.add_table(rows=len(_WR_COSTS), cols=4)
                for r, row in enumerate(_WR_COSTS):
                    for c, value in enumerate(row):
                        cell = table.cell(r, c)
                        run = cell.paragraphs[0].add_run(value)
                        if r == 0:
                            _shade(cell, "1F4E79")
                            run.bold = True
                            run.font.color.rgb = RGBColor(0xFF, 0xFF, 0xFF)
                        elif r % 2 == 0:
                            _shade(cell, "DEEAF6")
                texts += [caption, "\n".join(" ".join(r) for r in _WR_COSTS)]
            elif block == "LONG":
                caption_no += 1
                caption = f"Table {caption_no}: Register of repaired stretches"
                document.add_paragraph(caption, style="Caption")
                rows = long_rows
                table = document.add_table(rows=len(rows), cols=4)
                table.style = "Table Grid"
                for r, row in enumerate(rows):
                    for c, value in enumerate(row):
                        table.cell(r, c).text = value
                table.rows[0]._tr.get_or_add_trPr().append(_ooxml("tblHeader"))
                for cell in table.rows[0].cells:
                    cell.paragraphs[0].runs[0].bold = True
                texts += [caption, "\n".join(" ".join(r) for r in rows)]
            else:
                paragraph = document.add_paragraph(block)
                paragraph.alignment = WD_ALIGN_PARAGRAPH.JUSTIFY
                texts.append(block)
    document.save(out / "lo_word_report.docx")
    return EngineCase("lo_word_report", "libreoffice", "lo_word_report.pdf", "\n\n".join(texts),
                      [_WR_COSTS, long_rows], headings)


def _tab_stops(paragraph, *positions_cm: float) -> None:
    from docx.shared import Cm

    for position in positions_cm:
        paragraph.paragraph_format.tab_stops.add_tab_stop(Cm(position))


def _wingdings(paragraph, char: str) -> None:
    """A Wingdings symbol as Word inserts one (Insert > Symbol): `w:sym`, no text."""
    paragraph.add_run()._r.append(_ooxml("sym", font="Wingdings", char=char))


def _form_checkbox(paragraph, name: str, checked: bool) -> None:
    """A Word check box form field (Developer > Legacy tools): drawn, no glyph."""
    data = _ooxml("ffData")
    box = _ooxml("checkBox")
    box.append(_ooxml("sizeAuto"))
    box.append(_ooxml("default", val="1" if checked else "0"))
    for child in (_ooxml("name", val=name), _ooxml("enabled"), box):
        data.append(child)
    begin = _ooxml("fldChar", fldCharType="begin")
    begin.append(data)
    paragraph.add_run()._r.append(begin)
    instr = _ooxml("instrText")
    instr.text = " FORMCHECKBOX "
    paragraph.add_run()._r.append(instr)
    paragraph.add_run()._r.append(_ooxml("fldChar", fldCharType="end"))


_CONNECTION_FIELDS = [("Reference number", "WB-2026-0412"), ("Family name", "Brook"),
                      ("Given names", "Anna Maria"), ("Address of the property", "7 Mill Lane"),
                      ("Postcode and town", "VT4 2QP Valley Town"),
                      ("Telephone", "01234 567 890"), ("Parcel number", "118/3")]


def _docx_connection_form(out: Path) -> EngineCase:
    """A filled-in application form from Word: label and value pairs aligned by a tab
    stop, check boxes as text (☐ ☒ in MS Gothic, set in a substitute), as Wingdings
    symbols (Insert > Symbol, which LibreOffice maps to OpenSymbol), as check box form
    fields (drawn squares) and as DejaVu glyphs, questions in a ruled table with Yes / No
    boxes, fill-in lines of underscores."""
    import docx
    from docx.shared import Pt

    document = docx.Document()
    texts, headings = [], []
    title = "Application for a water connection"
    document.add_heading(title, level=0)
    intro = ("Please complete every part of this form and return it to the district water "
             "board. Tick the boxes that apply; an application without a parcel number cannot "
             "be processed.")
    document.add_paragraph(intro)
    texts += [title, intro]
    headings.append(title)

    def heading(text: str) -> None:
        document.add_heading(text, level=1)
        texts.append(text)
        headings.append(text)

    heading("Part 1: Applicant")
    for label, value in _CONNECTION_FIELDS:
        field = document.add_paragraph(f"{label}:\t{value}")
        _tab_stops(field, 6)
        field.paragraph_format.space_after = Pt(4)
        texts.append(f"{label}: {value}")
    heading("Part 2: Connection")
    line = document.add_paragraph("Type of connection:\t")
    _tab_stops(line, 5, 8.5, 12)
    for k, (mark, choice) in enumerate((("\u2610", "Domestic"), ("\u2612", "Agricultural"),
                                        ("\u2610", "Industrial"))):
        box = line.add_run(mark)
        box.font.name = "MS Gothic"
        line.add_run(f" {choice}" + ("\t" if k < 2 else ""))
    texts.append("Type of connection: \u2610 Domestic \u2612 Agricultural \u2610 Industrial")
    line = document.add_paragraph("Supply needed:\t")
    _tab_stops(line, 5, 8.5, 12)
    for k, (char, choice) in enumerate((("F0A8", "Summer only"), ("F0FE", "All year"),
                                        ("F0A8", "Not yet known"))):
        _wingdings(line, char)
        line.add_run(f" {choice}" + ("\t" if k < 2 else ""))
    texts.append("Supply needed: \u2610 Summer only \u2611 All year \u2610 Not yet known")
    line = document.add_paragraph("Preferred contact:\t")
    _tab_stops(line, 5, 8.5, 12)
    for k, (choice, checked) in enumerate((("Letter", True), ("Telephone", False),
                                           ("Email", False))):
        _form_checkbox(line, f"contact{k}", checked)
        line.add_run(f" {choice}" + ("\t" if k < 2 else ""))
    texts.append("Preferred contact: \u2612 Letter \u2610 Telephone \u2610 Email")
    questions = [("Is the property connected to the mains today?", False),
                 ("Does the property have a well of its own?", True),
                 ("Will the water be used for livestock?", True),
                 ("Is the parcel in a flood zone?", False)]
    table = document.add_table(rows=len(questions) + 1, cols=3)
    table.style = "Table Grid"
    rows = [["Question", "Yes", "No"]]
    for c, value in enumerate(rows[0]):
        table.cell(0, c).text = value
        table.cell(0, c).paragraphs[0].runs[0].bold = True
    for r, (question, yes) in enumerate(questions, start=1):
        marks = ("\u2612", "\u2610") if yes else ("\u2610", "\u2612")
        row = [question, *marks]
        for c, value in enumerate(row):
            run = table.cell(r, c).paragraphs[0].add_run(value)
            run.font.name = "DejaVu Sans"
        rows.append(row)
    texts.append("\n".join(" ".join(r) for r in rows))
    heading("Part 3: Declaration")
    declaration = ("I declare that the information given on this form is correct. I agree to "
                   "the board's conditions of supply and to the inspection of the connection "
                   "before it is used.")
    document.add_paragraph(declaration)
    texts.append(declaration)
    for line_text in ("Signature: ______________________________   Date: ______________",
                      "Name in capitals: ______________________________"):
        document.add_paragraph(line_text).paragraph_format.space_before = Pt(18)
        texts.append(" ".join(line_text.split()))
    office = "For office use only. Received by: __________ Approved: \u2610 yes \u2610 no"
    run = document.add_paragraph().add_run(office)
    run.font.size = Pt(8)
    texts.append(office)
    document.save(out / "lo_connection_form.docx")
    return EngineCase("lo_connection_form", "libreoffice", "lo_connection_form.pdf",
                      "\n\n".join(texts), [rows], headings)


def _docx_letter(out: Path) -> EngineCase:
    """A business letter: the sender's block on the right, the date, the recipient's
    block on the left, a bold subject line, justified paragraphs, the closing and an
    enclosure line; Times New Roman (set in Liberation Serif)."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt

    document = docx.Document()
    _style_font(document.styles["Normal"], "Times New Roman")
    texts: list[str] = []

    def block(lines: list[str], align=None, space_after: int = 12) -> None:
        for k, text in enumerate(lines):
            paragraph = document.add_paragraph(text)
            paragraph.alignment = align
            paragraph.paragraph_format.space_after = Pt(space_after if k == len(lines) - 1
                                                        else 0)
        texts.append("\n".join(lines))

    block(["District Water Board", "4 Mill Lane", "Valley Town VT1 1AA",
           "Telephone 01234 500 600"], WD_ALIGN_PARAGRAPH.RIGHT)
    block(["Ms Anna Brook", "7 Mill Lane", "Valley Town VT4 2QP"], space_after=18)
    block(["17 March 2026"], WD_ALIGN_PARAGRAPH.RIGHT)
    subject = "Your application for a water connection, reference WB-2026-0412"
    document.add_paragraph().add_run(subject).bold = True
    texts.append(subject)
    body = [
        "Dear Ms Brook,",
        "Thank you for your application of 2 March for an agricultural connection to the "
        "parcel 118/3. The board considered it at its meeting of 15 March and has agreed to "
        "supply water all year, subject to the conditions enclosed with this letter.",
        "Before the connection can be made, an inspector must see the pipe between the road "
        "and the meter. Please telephone the office to arrange a visit; the inspection is "
        "free of charge, and the connection is usually made within two weeks of it.",
        "The first bill will be sent at the end of the quarter in which the meter is fitted. "
        "If you have any questions in the meantime, please do not hesitate to write to me.",
        "Yours sincerely,",
    ]
    for text in body:
        paragraph = document.add_paragraph(text)
        paragraph.alignment = WD_ALIGN_PARAGRAPH.JUSTIFY
        texts.append(text)
    document.add_paragraph()
    block(["Tomas Weir", "Chief Engineer"])
    block(["Enclosure: Conditions of supply (2 pages)"])
    document.save(out / "lo_letter.docx")
    return EngineCase("lo_letter", "libreoffice", "lo_letter.pdf", "\n\n".join(texts))


_CV_JOBS = [
    ("2019 \u2013 present", "Hydrologist, District Water Board, Valley Town",
     ["Runs the network of thirty rain gauges and six river stations",
      "Wrote the board's flood warning procedure, adopted in 2022"]),
    ("2014 \u2013 2019", "Field technician, Upland Survey Office",
     ["Installed and serviced tipping-bucket recorders",
      "Trained forty volunteer observers"]),
]


def _docx_cv(out: Path) -> EngineCase:
    """A CV in Calibri (set in Carlito): the name large, a contact line, section headings
    ruled below, the experience as a borderless two-column table (dates beside each post,
    bullets inside the cell), education and skills as label and value pairs."""
    import docx
    from docx.shared import Cm, Pt

    document = docx.Document()
    _style_font(document.styles["Normal"], "Calibri")
    texts: list[str] = []
    headings: list[str] = []
    name = document.add_paragraph().add_run("Mara Fields")
    name.font.size = Pt(26)
    name.bold = True
    contact = "12 Orchard Row, Valley Town \u00b7 01234 777 888 \u00b7 mara.fields@example.org"
    document.add_paragraph(contact)
    texts += ["Mara Fields", contact]

    def heading(text: str) -> None:
        paragraph = document.add_paragraph()
        run = paragraph.add_run(text.upper())
        run.bold = True
        run.font.size = Pt(13)
        borders = _ooxml("pBdr")
        borders.append(_ooxml("bottom", val="single", sz="6", space="1", color="1F4E79"))
        paragraph._p.get_or_add_pPr().append(borders)
        texts.append(text.upper())

    heading("Profile")
    profile = ("Hydrologist with eleven years of field and office work on small upland "
               "catchments, from installing gauges to writing flood warning procedures. "
               "Looking for a post that combines field work with the analysis of records.")
    document.add_paragraph(profile)
    texts.append(profile)
    heading("Experience")
    table = document.add_table(rows=len(_CV_JOBS), cols=2)
    table.autofit = False
    for r, (dates, post, duties) in enumerate(_CV_JOBS):
        left, right = table.cell(r, 0), table.cell(r, 1)
        left.width, right.width = Cm(3.5), Cm(12.5)
        left.text = dates
        right.paragraphs[0].add_run(post).bold = True
        for duty in duties:
            right.add_paragraph(duty, style="List Bullet")
        texts.append("\n".join([dates, post, *(f"\u2022 {d}" for d in duties)]))
    heading("Education")
    for dates, what in (("2010 \u2013 2014", "BSc Geography, University of the North"),
                        ("2016", "Certificate in Hydrometry, Water Institute")):
        paragraph = document.add_paragraph(f"{dates}\t{what}")
        _tab_stops(paragraph, 3.7)
        texts.append(f"{dates} {what}")
    heading("Skills")
    for label, value in (("Languages", "English (native), German (good), French (basic)"),
                         ("Software", "Python, R, QGIS, HEC-RAS"),
                         ("Licences", "Driving licence B, first aid certificate")):
        paragraph = document.add_paragraph()
        paragraph.add_run(f"{label}:").bold = True
        paragraph.add_run(f" {value}")
        texts.append(f"{label}: {value}")
    document.save(out / "lo_cv.docx")
    return EngineCase("lo_cv", "libreoffice", "lo_cv.pdf", "\n\n".join(texts), [], headings)


_BULLETIN_FRAMES = [
    ("Key figures", ["412 mm of rain fell in the year, a tenth above the average.",
                     "Thirty stations reported on at least 350 days."]),
    ("What changed", ["Two stations moved to higher ground in May.",
                      "Readings are now sent by text message every morning."]),
]
_FRAME_STYLES = (
    '<style:style style:name="Box" style:family="graphic"><style:graphic-properties '
    'style:wrap="none" style:vertical-pos="top" style:vertical-rel="paragraph" '
    'style:horizontal-pos="from-left" style:horizontal-rel="paragraph" '
    'fo:border="0.5pt solid #1f4e79" fo:padding="0.2cm" fo:background-color="#e8eef6"/>'
    "</style:style>"
    '<style:style style:name="Side" style:family="graphic"><style:graphic-properties '
    'style:wrap="parallel" style:vertical-pos="top" style:vertical-rel="paragraph" '
    'style:horizontal-pos="right" style:horizontal-rel="paragraph" fo:margin-left="0.4cm" '
    'fo:border="0.5pt solid #1f4e79" fo:padding="0.2cm" fo:background-color="#e8eef6"/>'
    "</style:style>"
    '<style:style style:name="DropCap" style:family="paragraph" style:parent-style-name='
    '"Standard"><style:paragraph-properties><style:drop-cap style:lines="3" '
    'style:length="1" style:distance="0.1cm"/></style:paragraph-properties></style:style>'
    '<style:style style:name="BoxText" style:family="paragraph" style:parent-style-name='
    '"Cell"><style:text-properties fo:font-size="10.5pt"/></style:style>'
    '<style:style style:name="BoxTitle" style:family="paragraph" style:parent-style-name='
    '"BoxText"><style:text-properties fo:font-weight="bold"/></style:style>'
    '<style:style style:name="Plain" style:family="table-cell"><style:table-cell-properties '
    'fo:border="none" fo:padding="0.08cm"/></style:style>'
    '<style:style style:name="Shaded" style:family="table-cell"><style:table-cell-properties '
    'fo:border="none" fo:padding="0.08cm" fo:background-color="#d9d9d9"/></style:style>'
    '<text:list-style style:name="Letters"><text:list-level-style-number text:level="1" '
    'style:num-suffix=")" style:num-format="a"><style:list-level-properties '
    'text:space-before="0.6cm" text:min-label-width="0.6cm"/></text:list-level-style-number>'
    "</text:list-style>")


def _fodt_bulletin(out: Path) -> EngineCase:
    """A two-page bulletin as word processors make them: two boxed text frames side by
    side under the title, footnotes at the page foot and endnotes gathered at the end, a
    lettered list, a borderless table with a shaded header row, a figure caption and a
    "Page X of Y" footer."""
    draw = ('xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
            'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"')
    texts: list[str] = []
    headings: list[str] = []
    body: list[str] = []
    title = "Rain gauge bulletin, spring 2026"
    body.append(_h(1, title).replace('"Heading_20_1"', '"Heading_20_2"', 1))
    texts.append(title)
    headings.append(title)
    intro = ("This bulletin goes to every volunteer observer twice a year. It sums up the "
             "readings of the past season and lists the changes to the network.")
    body.append(_p("Standard", html.escape(intro)))
    texts.append(intro)
    frames = []
    for k, (name, lines) in enumerate(_BULLETIN_FRAMES):
        inner = _p("BoxTitle", html.escape(name)) + "".join(
            _p("BoxText", html.escape(line)) for line in lines)
        frames.append(f'<draw:frame {draw} draw:style-name="Box" draw:name="Box{k}" '
                      f'text:anchor-type="paragraph" svg:x="{k * 8.7}cm" svg:y="0cm" '
                      f'svg:width="8.3cm" draw:z-index="{k}"><draw:text-box '
                      f'fo:min-height="2.8cm">{inner}</draw:text-box></draw:frame>')
        texts += [name, *lines]
    body.append(_p("Standard", "".join(frames)))
    notes = {1: "A station that misses more than a week is left out of the averages.",
             2: "The old sites are kept as reserve stations for one more year."}
    endnotes = {1: "Monthly totals for every station are on the board's website.",
                2: "The next bulletin appears in October."}

    def prose(text: str) -> None:
        marked, expected = html.escape(text), text
        for n, note in notes.items():
            marked = marked.replace(f"{{f{n}}}", _note(n, note))
            expected = expected.replace(f"{{f{n}}}", str(n))
        roman = {1: "i", 2: "ii"}
        for n, note in endnotes.items():
            marked = marked.replace(f"{{e{n}}}", _note(n, note).replace(
                'text:note-class="footnote"', 'text:note-class="endnote"').replace(
                f'text:id="ftn{n}"', f'text:id="edn{n}"'))
            expected = expected.replace(f"{{e{n}}}", roman[n])
        body.append(_p("Standard", marked))
        texts.append(expected)

    body.append(_h(2, "The season in brief"))
    texts.append("The season in brief")
    headings.append("The season in brief")
    prose("March was dry and mild, and the first heavy rain came only in the second week of "
          "April. Most stations recorded their wettest day on 19 April, when a slow front "
          "crossed the valley from the west.{f1}")
    prose("May and June were close to the average. Thunderstorms in late June gave very "
          "different totals at neighbouring stations, which is why the board asks observers "
          "to note the time of every storm.{e1}")
    prose("Observers are asked to check three things before each reading:")
    steps = ["that the funnel is clear of leaves and insects,",
             "that the measuring glass is dry and clean,",
             "that the can stands upright in its housing."]
    body.append('<text:list text:style-name="Letters">' + "".join(
        f'<text:list-item>{_p("Standard", html.escape(s))}</text:list-item>' for s in steps)
        + "</text:list>")
    texts += [f"{chr(97 + k)}) {s}" for k, s in enumerate(steps)]
    body.append(_h(2, "Changes to the network"))
    texts.append("Changes to the network")
    headings.append("Changes to the network")
    prose("Two stations moved to higher ground in May after the river flooded their old "
          "sites twice in one winter.{f2} The table gives the old and the new heights.")
    rows = [["Station", "Old height (m)", "New height (m)", "Moved on"],
            ["Ash Ford", "112", "148", "6 May"], ["Elm Bridge", "97", "131", "20 May"]]
    cells = lambda row, style: "".join(  # noqa: E731
        f'<table:table-cell table:style-name="{style}" office:value-type="string">'
        f'<text:p text:style-name="Cell">{html.escape(c)}</text:p></table:table-cell>'
        for c in row)
    body.append('<table:table table:name="Moves" table:style-name="Grid">'
                '<table:table-column table:number-columns-repeated="4"/>'
                f'<table:table-row>{cells(rows[0], "Shaded")}</table:table-row>'
                + "".join(f'<table:table-row>{cells(r, "Plain")}</table:table-row>'
                          for r in rows[1:]) + "</table:table>")
    texts.append("\n".join(" ".join(r) for r in rows))
    caption = "Figure 1: The new site of the Ash Ford gauge, above the flood line."
    body.append(_p("Cover", html.escape(caption)))
    texts.append(caption)
    prose("From this summer the readings are sent by text message every morning; the paper "
          "forms remain in use as a reserve.{e2} Thank you to every observer for another "
          "year of careful work.")
    texts += [f"{n} {note}" for n, note in notes.items()]
    texts += [f"{r} {note}" for r, note in zip(("i", "ii"), endnotes.values(), strict=True)]
    head = _fodt([], "Valley rain gauge network", "Liberation Serif", "Liberation Sans",
                 "17cm")
    head = head.replace("</office:automatic-styles>",
                        _FRAME_STYLES + "</office:automatic-styles>")
    head = head.replace('text:select-page="current"/>', 'text:select-page="current"/> of '
                        "<text:page-count/>")
    document = head.replace(_FODT_TAIL, "\n".join(body) + _FODT_TAIL)
    (out / "lo_bulletin.fodt").write_text(document, encoding="utf-8")
    return EngineCase("lo_bulletin", "libreoffice", "lo_bulletin.pdf", "\n\n".join(texts),
                      [rows], headings)


def _bullet_numbering(document, num_id: str, font: str, char: str) -> str:
    """A one-level bullet list whose bullet is `char` in `font` (Word's Wingdings and
    Symbol bullets, private-use codes); its numId."""
    numbering = document.part.numbering_part.element
    abstract = _ooxml("abstractNum", abstractNumId=num_id)
    lvl = _ooxml("lvl", ilvl="0")
    for child in (_ooxml("start", val="1"), _ooxml("numFmt", val="bullet"),
                  _ooxml("lvlText", val=char), _ooxml("lvlJc", val="left")):
        lvl.append(child)
    ppr = _ooxml("pPr")
    ppr.append(_ooxml("ind", left="720", hanging="360"))
    rpr = _ooxml("rPr")
    rpr.append(_ooxml("rFonts", ascii=font, hAnsi=font, hint="default"))
    lvl.append(ppr)
    lvl.append(rpr)
    abstract.append(lvl)
    numbering.insert(0, abstract)
    num = _ooxml("num", numId=num_id)
    num.append(_ooxml("abstractNumId", val=num_id))
    numbering.append(num)
    return num_id


# Running text with Symbol-font characters as Word's Insert > Symbol writes them: pieces
# of text and (Symbol code, the character it draws).
_LAB_SENTENCES = [
    ["The mean water temperature at the mill was 11.4 ", ("F0B0", "\u00b0"), "C ",
     ("F0B1", "\u00b1"), " 0.3 ", ("F0B0", "\u00b0"), "C over the twelve visits, and the "
     "temperature coefficient ", ("F061", "\u03b1"), " of the conductivity probe was "
     "taken as 0.021 per degree."],
    ["Nitrate stayed ", ("F0A3", "\u2264"), " 5 mg/l at every visit; the change in pH "
     "between the weir and the bridge, ", ("F044", "\u0394"), "pH, never exceeded 0.2, and "
     "the suspended solids averaged 14 ", ("F06D", "\u03bc"), "g per litre more below the "
     "outfall than above it."],
]


def _docx_lab_report(out: Path) -> EngineCase:
    """A technical report from Word: symbols inserted from the Symbol font in running
    text (degree, plus-minus, Greek letters, less-or-equal: private-use codes in the
    PDF), bullet lists with Wingdings squares, arrows and ticks, and a short table."""
    import docx
    from docx.enum.text import WD_ALIGN_PARAGRAPH

    document = docx.Document()
    _style_font(document.styles["Normal"], "Calibri")
    texts: list[str] = []
    headings: list[str] = []

    def heading(text: str, level: int) -> None:
        document.add_heading(text, level=level)
        texts.append(text)
        headings.append(text)

    heading("Water quality of the mill stream", 1)
    intro = ("The district laboratory sampled the mill stream once a month from March to "
             "February at three points: above the village, at the mill weir and below the "
             "outfall of the treatment works.")
    document.add_paragraph(intro).alignment = WD_ALIGN_PARAGRAPH.JUSTIFY
    texts.append(intro)
    heading("Results", 2)
    for sentence in _LAB_SENTENCES * 2:
        paragraph = document.add_paragraph()
        paragraph.alignment = WD_ALIGN_PARAGRAPH.JUSTIFY
        expected = []
        for piece in sentence:
            if isinstance(piece, tuple):
                paragraph.add_run()._r.append(_ooxml("sym", font="Symbol", char=piece[0]))
                expected.append(piece[1])
            else:
                paragraph.add_run(piece)
                expected.append(piece)
        texts.append("".join(expected))
    lists = [("Wingdings", "\uf0a7", "The samples were taken:",
              ["in clean glass bottles rinsed with stream water,",
               "at a depth of 20 cm in the middle of the stream,",
               "before ten in the morning on every visit."]),
             ("Wingdings", "\uf0d8", "Next steps for the board:",
              ["Ask the treatment works for its discharge records",
               "Add a fourth sampling point at the ford"]),
             ("Wingdings", "\uf0fc", "Checked before each visit:",
              ["Probe calibrated against the buffer solutions",
               "Cool box and ice packs ready"])]
    for k, (font, char, lead, items) in enumerate(lists):
        document.add_paragraph(lead)
        texts.append(lead)
        num_id = _bullet_numbering(document, str(91 + k), font, char)
        for item in items:
            _numbered(document.add_paragraph(item), num_id, 0)
            texts.append(f"\u2022 {item}")
    heading("Sampling points", 2)
    rows = [["Point", "Distance (km)", "Mean pH", "Nitrate (mg/l)"],
            ["Above the village", "0.0", "7.4", "2.1"], ["Mill weir", "1.8", "7.3", "2.9"],
            ["Below the outfall", "3.1", "7.1", "4.6"]]
    table = document.add_table(rows=len(rows), cols=4)
    table.style = "Light List Accent 1"
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            table.cell(r, c).text = value
    texts.append("\n".join(" ".join(r) for r in rows))
    closing = ("The stream meets the standard for fishing waters at all three points. The "
               "laboratory will repeat the survey next year with the fourth point added.")
    document.add_paragraph(closing).alignment = WD_ALIGN_PARAGRAPH.JUSTIFY
    texts.append(closing)
    document.save(out / "lo_lab_report.docx")
    return EngineCase("lo_lab_report", "libreoffice", "lo_lab_report.pdf", "\n\n".join(texts),
                      [rows], headings)



_NEWSLETTER_PARAS = [
    "The valley's volunteer observers met in the village hall in March for the first "
    "time in three years. Forty-two of them came, some from the farthest stations on the "
    "ridge, and the evening ran an hour later than planned because nobody wanted to leave "
    "before every question about the new gauges had been answered.",
    "The board's engineer showed how the new gauges send their readings by text message "
    "every morning, and how the paper forms will be kept as a reserve for the days when "
    "the network fails. Several observers asked whether the old copper gauges would be "
    "taken away; they will not, since the board wants a few years of readings from both "
    "side by side before it trusts the new ones alone.",
    "After the break the district hydrologist went through the year's records station by "
    "station. The wettest day was 19 April, when a slow front crossed the valley from the "
    "west and three stations on the ridge recorded more than sixty millimetres. The driest "
    "month was August, the driest for thirty years in the valley floor.",
    "The evening closed with thanks to the three observers who retired this year after "
    "more than forty years of readings between them, and with a reminder that new "
    "volunteers are always welcome: the board supplies the gauge, the forms and the "
    "training, and asks only for a few minutes every morning.",
]


def _fodt_newsletter(out: Path) -> EngineCase:
    """A newsletter page: a drop cap opening the first paragraph, a boxed note at the
    right of the second that the text flows around, a running header and a page number
    (one page: nothing repeats to show them as furniture)."""
    draw = ('xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
            'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"')
    title = "Observers meet again after three years"
    box = ("In numbers: 42 observers at the meeting, 30 stations reporting, 3 observers "
           "retiring after 40 years between them.")
    body = [_h(2, title), _p("DropCap", html.escape(_NEWSLETTER_PARAS[0])),
            _p("Standard", f'<draw:frame {draw} draw:style-name="Side" draw:name="Side" '
               'text:anchor-type="paragraph" svg:width="5.5cm" draw:z-index="0">'
               f'<draw:text-box fo:min-height="2cm">{_p("BoxText", html.escape(box))}'
               f"</draw:text-box></draw:frame>{html.escape(_NEWSLETTER_PARAS[1])}"),
            *(_p("Standard", html.escape(text)) for text in _NEWSLETTER_PARAS[2:])]
    document = _fodt(body, "Valley observers' newsletter", "Liberation Serif",
                     "Liberation Sans", "17cm")
    document = document.replace("</office:automatic-styles>",
                                _FRAME_STYLES + "</office:automatic-styles>")
    (out / "lo_newsletter.fodt").write_text(document, encoding="utf-8")
    # The box beside the second paragraph is read after it: left before right.
    texts = [title, *_NEWSLETTER_PARAS[:2], box, *_NEWSLETTER_PARAS[2:]]
    return EngineCase("lo_newsletter", "libreoffice", "lo_newsletter.pdf", "\n\n".join(texts),
                      [], [title])


# --- manifest ---------------------------------------------------------------------------

C = TypeVar("C")  # a corpus's case type


def manifest_cases(out: Path, case_type: type[C], make: Callable[[], list[C]],
                      rebuild: bool) -> list[C]:
    """The cases of the corpus in `out`: read from its manifest, or made by `make` (and
    the manifest written), for every corpus script."""
    manifest = out / "cases.json"
    if manifest.exists() and not rebuild:
        return [case_type(**c) for c in json.loads(manifest.read_text(encoding="utf-8"))]
    out.mkdir(parents=True, exist_ok=True)
    cases = make()
    manifest.write_text(json.dumps([asdict(c) for c in cases], ensure_ascii=False, indent=1),
                        encoding="utf-8")
    return cases


def build(out: Path, wcxb_pages: int = WCXB_PAGES, rebuild: bool = False) -> list[EngineCase]:
    """The corpus in `out`: read from its manifest, or made (and the manifest written)."""
    return manifest_cases(out, EngineCase,
                          lambda: chromium_cases(out, wcxb_pages) + libreoffice_cases(out),
                          rebuild)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--wcxb", type=int, default=WCXB_PAGES, help="WCXB pages to print")
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args(argv)
    for case in build(args.out, args.wcxb, args.rebuild):
        size = (args.out / case.path).stat().st_size
        print(f"{case.name:24} {case.source:17} {size:>8} B  {len(case.text):>6} chars  "
              f"{len(case.tables)} tables")
    return 0


if __name__ == "__main__":
    sys.exit(main())
