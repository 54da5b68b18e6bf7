"""A PDF development corpus made by real engines, with the text each file should yield.

Two producers, each from sources whose text is known:

- headless Chromium (through Playwright, the system browser, JavaScript and network
  off) prints WCXB development pages and pages written here (multi-column CSS, tables
  with and without borders, header-rule-only and coloured-cell tables, right-to-left
  Arabic). The reference text is the page's `innerText` as the browser laid it out, so
  hidden boilerplate is not expected; written tables are known cell by cell.
- LibreOffice (`soffice --headless --convert-to pdf`) converts Word documents made
  here with python-docx: headings, lists, a table with merged cells, headers and
  footers, right-to-left paragraphs.

Files go to an ignored folder (default `.pdf-engine-corpus/`) with a `cases.json`
manifest; a later run reuses them unless `--rebuild`. A producer that is not installed
is skipped with a message.

    python scripts/pdf_engine_corpus.py [--out DIR] [--wcxb N] [--rebuild]
"""

from __future__ import annotations

import argparse
import gzip
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO / ".pdf-engine-corpus"
WCXB_DIR = REPO / ".." / "shared" / "data" / "wcxb-dev"
CHROMIUM = "/usr/bin/chromium"
WCXB_PAGES = 16  # every k-th development page, k chosen to spread them over the set
WCXB_MAX_HTML = 400_000  # bytes of HTML: bigger pages print to dozens of PDF pages
SOFFICE_TIMEOUT_S = 120


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

def _strip_scripts(page_html: str) -> str:
    return re.sub(r"<script\b.*?</script\s*>", "", page_html, flags=re.S | re.I)


def chromium_cases(out: Path, wcxb_pages: int) -> list[EngineCase]:
    """Print the written pages and `wcxb_pages` WCXB pages; [] without Playwright/Chromium."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("skipping Chromium: playwright is not installed", file=sys.stderr)
        return []
    if not Path(CHROMIUM).exists():
        print(f"skipping Chromium: {CHROMIUM} is absent", file=sys.stderr)
        return []
    head = f"<html><head><meta charset='utf-8'><style>{_STYLE}</style></head>"
    sources = [(f"html_{name}", "chromium-written", f"{head}<body>{body}</body></html>", tables)
               for name, body, tables in _written_pages()]
    sources += [(name, "chromium-wcxb", text, []) for name, text in _wcxb_pages(wcxb_pages)]
    cases = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--disable-background-networking", "--no-first-run",
            "--disable-component-update", "--disable-sync"])
        context = browser.new_context(java_script_enabled=False, offline=True)
        context.route("**/*", lambda route: route.abort())
        for name, source, page_html, tables in sources:
            page = context.new_page()
            try:
                page.set_content(page_html, wait_until="domcontentloaded", timeout=20_000)
                text = page.evaluate("document.body ? document.body.innerText : ''")
                path = out / f"{name}.pdf"
                page.pdf(path=str(path), format="A4", print_background=True,
                         margin={"top": "15mm", "bottom": "15mm", "left": "15mm",
                                 "right": "15mm"})
            except Exception as exc:  # one page failing to print leaves the rest
                print(f"  chromium {name}: {type(exc).__name__}: {exc}", file=sys.stderr)
                continue
            finally:
                page.close()
            if text.strip():  # a page that prints nothing (all of it drawn by script) is no case
                cases.append(EngineCase(name, source, path.name, text, tables))
        browser.close()
    return cases


def _wcxb_pages(count: int) -> list[tuple[str, str]]:
    """(name, HTML without scripts) of `count` WCXB development pages spread over the set."""
    html_dir = WCXB_DIR / "html"
    if count <= 0 or not html_dir.is_dir():
        if count > 0:
            print(f"skipping WCXB pages: {html_dir} is absent", file=sys.stderr)
        return []
    files = sorted(html_dir.glob("*.html.gz"))
    step = max(1, len(files) // (count * 2))
    picked = []
    for path in files[::step]:
        raw = gzip.decompress(path.read_bytes())
        if len(raw) > WCXB_MAX_HTML:
            continue
        picked.append((f"wcxb_{path.name.split('.')[0]}",
                       _strip_scripts(raw.decode("utf-8", "replace"))))
        if len(picked) == count:
            break
    return picked


# --- LibreOffice ------------------------------------------------------------------------

def _soffice() -> str | None:
    return shutil.which("soffice") or shutil.which("libreoffice")


def libreoffice_cases(out: Path) -> list[EngineCase]:
    """Word documents made here, converted by LibreOffice; [] without it or python-docx."""
    soffice = _soffice()
    try:
        import docx  # noqa: F401
    except ImportError:
        print("skipping LibreOffice: python-docx is not installed", file=sys.stderr)
        return []
    if soffice is None:
        print("skipping LibreOffice: soffice is not on PATH", file=sys.stderr)
        return []
    made = [_docx_report(out), _docx_rtl(out)]
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run(
            [soffice, f"-env:UserInstallation=file://{profile}", "--headless",
             "--convert-to", "pdf", "--outdir", str(out), *[str(out / f"{c.name}.docx")
                                                            for c in made]],
            capture_output=True, text=True, timeout=SOFFICE_TIMEOUT_S)
    cases = []
    for case in made:
        if (out / case.path).exists():
            cases.append(case)
        else:
            print(f"  libreoffice {case.name}: no PDF ({done.stderr.strip()[:200]})",
                  file=sys.stderr)
    return cases


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


# --- manifest ---------------------------------------------------------------------------

def build(out: Path, wcxb_pages: int = WCXB_PAGES, rebuild: bool = False) -> list[EngineCase]:
    """The corpus in `out`: read from its manifest, or made (and the manifest written)."""
    manifest = out / "cases.json"
    if manifest.exists() and not rebuild:
        return [EngineCase(**c) for c in json.loads(manifest.read_text(encoding="utf-8"))]
    out.mkdir(parents=True, exist_ok=True)
    cases = chromium_cases(out, wcxb_pages) + libreoffice_cases(out)
    manifest.write_text(json.dumps([asdict(c) for c in cases], ensure_ascii=False, indent=1),
                        encoding="utf-8")
    return cases


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
