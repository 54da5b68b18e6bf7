"""The generated hard-case PDF corpus, with the text each file should yield.

`build_corpus(out_dir)` writes one PDF per case with PyMuPDF, deterministically (fixed
seeds, no timestamps, no new file IDs), and returns the `Case`s: the expected plain
text in reading order (running headers and page numbers excluded), the expected
headings and table rows (merged cells expanded). Scans are text pages rendered to
images, degraded with PIL and numpy (blur, noise, skew, turns) and inserted into a new
PDF as the page's only content.

    python scripts/pdf_corpus.py OUT_DIR     # writes the PDFs and prints the cases
"""

from __future__ import annotations

import io
import random
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pymupdf
from PIL import Image, ImageFilter

A4 = (595.0, 842.0)
MARGIN = 72.0
BODY_SIZE = 11.0
SCAN_DPI = 200
DEJAVU_DIR = Path("/usr/share/fonts/truetype/dejavu")

SENTENCES = [
    "The river rose slowly through the night and reached the old stone bridge by dawn.",
    "Farmers in the valley moved their cattle to the higher fields before the rain.",
    "A small team of engineers checked every pump along the eastern canal.",
    "By noon the water had started to fall and the roads were open again.",
    "The town council met in the library to plan the repairs for the coming month.",
    "Most of the damage was found in the cellars of the houses near the market.",
    "Volunteers carried sandbags from the station to the school on Mill Street.",
    "The weather service expects a dry and quiet week with light winds from the west.",
    "Children returned to their classes on Thursday after three days at home.",
    "Insurance experts will visit the affected streets during the next two weeks.",
    "A new warning system will send messages to every phone in the district.",
    "The bakery on the corner gave free bread to the workers on the bridge.",
    "Local historians say the last flood of this size happened ninety years ago.",
    "Ferry services across the lake will run on the summer timetable from Monday.",
    "The museum will show photographs of the flood in a small exhibition next spring.",
    "Several families are staying with relatives until their homes are dry.",
    "The mayor thanked the fire brigade for its work during the long night.",
    "Engineers will inspect the dam again after the snow melts in the mountains.",
    "Shops in the old town reopened with reduced hours on Saturday morning.",
    "A report on the causes of the flood is due before the end of the year.",
]


@dataclass(slots=True)
class Case:
    """One generated PDF and what a converter should get out of it."""

    name: str
    path: Path
    text: str  # expected plain text in reading order, blocks separated by blank lines
    headings: list[str] = field(default_factory=list)
    table_rows: list[list[str]] = field(default_factory=list)  # merged cells expanded
    tables: list[list[list[str]]] = field(default_factory=list)  # rows of cells, per table
    kind: str = "native"  # native | scan | mixed
    note: str = ""


@dataclass(slots=True)
class _Placed:
    """One line of text at a position (baseline origin, points)."""

    x: float
    y: float
    text: str
    font: str = "helv"
    size: float = BODY_SIZE


def paragraphs(seed: int, count: int, sentences: int = 3) -> list[str]:
    """`count` distinct paragraphs of `sentences` sentences each, chosen by `seed`."""
    rng = random.Random(seed)
    order = rng.sample(range(len(SENTENCES)), len(SENTENCES))
    out = []
    for i in range(count):
        picked = [SENTENCES[order[(i * sentences + j) % len(order)]] for j in range(sentences)]
        out.append(" ".join(picked))
    return out


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    fnt = pymupdf.Font(font)
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if current and fnt.text_length(trial, fontsize=size) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


class _Flow:
    """Places headings and paragraphs top to bottom inside one column box."""

    def __init__(self, x0: float, x1: float, y: float) -> None:
        self.x0, self.x1, self.y = x0, x1, y
        self.placed: list[_Placed] = []

    def block(self, text: str, *, font: str = "helv", size: float = BODY_SIZE,
              after: float = 0.8) -> None:
        for line in _wrap(text, font, size, self.x1 - self.x0):
            self.y += size * 1.25
            self.placed.append(_Placed(self.x0, self.y, line, font, size))
        self.y += size * after


def _write(page: pymupdf.Page, placed: list[_Placed]) -> None:
    for item in placed:
        page.insert_text((item.x, item.y), item.text, fontname=item.font, fontsize=item.size)


def _save(doc: pymupdf.Document, path: Path) -> Path:
    doc.set_metadata({"producer": "webfold pdf_corpus", "creator": "webfold pdf_corpus"})
    doc.subset_fonts()  # embedded CJK/DejaVu fonts shrink from megabytes to kilobytes
    doc.save(path, garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return path


def _article_page(doc: pymupdf.Document, title: str, paras: list[str],
                  *, font: str = "helv", size: float = BODY_SIZE) -> None:
    page = doc.new_page(width=A4[0], height=A4[1])
    flow = _Flow(MARGIN, A4[0] - MARGIN, MARGIN)
    flow.block(title, font="hebo", size=18, after=1.0)
    for para in paras:
        flow.block(para, font=font, size=size)
    _write(page, flow.placed)


def _join(*blocks: str) -> str:
    return "\n\n".join(blocks)


# --- native cases -------------------------------------------------------------------------


def _two_column(out: Path, *, scrambled: bool) -> Case:
    name = "two_column_scrambled" if scrambled else "two_column"
    title = "Flood Report for the Valley"
    paras = paragraphs(11 if scrambled else 7, 6, 2)
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    head = _Flow(MARGIN, A4[0] - MARGIN, MARGIN)
    head.block(title, font="hebo", size=20, after=1.2)
    gutter = 24.0
    mid = A4[0] / 2
    left = _Flow(MARGIN, mid - gutter / 2, head.y)
    right = _Flow(mid + gutter / 2, A4[0] - MARGIN, head.y)
    for para in paras[:3]:
        left.block(para)
    for para in paras[3:]:
        right.block(para)
    placed = head.placed + left.placed + right.placed
    if scrambled:  # the content stream no longer follows the reading order
        random.Random(5).shuffle(placed)
    _write(page, placed)
    return Case(name, _save(doc, out / f"{name}.pdf"), _join(title, *paras), [title],
                note="content stream shuffled" if scrambled else "")


def _rotated_15(out: Path) -> Case:
    paras = paragraphs(3, 2, 2)
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    flow = _Flow(MARGIN, 420, 200)
    for para in paras:
        flow.block(para)
    pivot = pymupdf.Point(MARGIN, 200)
    for item in flow.placed:
        page.insert_text((item.x, item.y), item.text, fontname=item.font,
                         fontsize=item.size, morph=(pivot, pymupdf.Matrix(-15)))
    return Case("rotated_15", _save(doc, out / "rotated_15.pdf"), _join(*paras),
                note="all text turned 15 degrees")


def _rotate_90(out: Path) -> Case:
    title = "Notes on the Pump Station"
    paras = paragraphs(4, 3)
    doc = pymupdf.open()
    _article_page(doc, title, paras)
    doc[0].set_rotation(90)
    return Case("rotate_90", _save(doc, out / "rotate_90.pdf"), _join(title, *paras), [title],
                note="/Rotate 90 on the page")


def _headings(out: Path) -> Case:
    h1, h2a, h3, h2b = ("Annual Water Report", "Rainfall and Rivers", "Measuring stations",
                        "Repairs and Costs")
    paras = paragraphs(9, 4, 2)
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    flow = _Flow(MARGIN, A4[0] - MARGIN, MARGIN)
    flow.block(h1, size=24, after=0.8)
    flow.block(paras[0])
    flow.block(h2a, size=17, after=0.6)
    flow.block(paras[1])
    flow.block(h3, size=13.5, after=0.5)
    flow.block(paras[2])
    flow.block(h2b, size=17, after=0.6)
    flow.block(paras[3])
    _write(page, flow.placed)
    text = _join(h1, paras[0], h2a, paras[1], h3, paras[2], h2b, paras[3])
    return Case("headings", _save(doc, out / "headings.pdf"), text, [h1, h2a, h3, h2b],
                note="three heading sizes")


def _bold_headings(out: Path) -> Case:
    heads = ["Background", "What happened on Tuesday", "Next steps"]
    paras = paragraphs(13, 3, 3)
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    flow = _Flow(MARGIN, A4[0] - MARGIN, MARGIN)
    blocks = []
    for head, para in zip(heads, paras, strict=True):
        flow.block(head, font="hebo", size=BODY_SIZE, after=0.3)
        flow.block(para)
        blocks += [head, para]
    _write(page, flow.placed)
    return Case("bold_headings", _save(doc, out / "bold_headings.pdf"), _join(*blocks), heads,
                note="bold body-size headings")


def _table(out: Path) -> Case:
    title = "Sales by Region"
    intro = "The table below lists the units sold and the revenue for each region."
    header = ["Region", "Product", "Units", "Revenue"]
    rows = [["North", "Widgets", "120", "2400"], ["North", "Gadgets", "80", "3200"],
            ["South", "Widgets", "95", "1900"], ["South", "Gadgets", "60", "2400"],
            ["West", "Widgets", "70", "1400"]]
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    flow = _Flow(MARGIN, A4[0] - MARGIN, MARGIN)
    flow.block(title, font="hebo", size=18)
    flow.block(intro)
    _write(page, flow.placed)
    col_w, row_h = 110.0, 22.0
    top = flow.y + 10
    grid = [header, *rows]
    right = MARGIN + col_w * len(header)
    for r in range(len(grid) + 1):  # horizontal rules; the merged cell has no inner rule
        y = top + r * row_h
        x_start = MARGIN + col_w if r == 2 else MARGIN  # "North" spans rows 1 and 2
        page.draw_line((x_start, y), (right, y), width=0.8)
    for c in range(len(header) + 1):
        x = MARGIN + c * col_w
        page.draw_line((x, top), (x, top + len(grid) * row_h), width=0.8)
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if r == 2 and c == 0:
                continue  # the merged cell's text sits in the first of its rows
            font = "hebo" if r == 0 else "helv"
            y = top + r * row_h + (row_h + 10 if r == 1 and c == 0 else 15)
            page.insert_text((MARGIN + c * col_w + 5, y), cell, fontname=font, fontsize=10)
    outro = "Totals are given in thousands of euros and exclude tax."
    page.insert_text((MARGIN, top + len(grid) * row_h + 30), outro, fontname="helv",
                     fontsize=BODY_SIZE)
    cells = " ".join(" ".join(row) for row in grid)
    return Case("table_merged", _save(doc, out / "table_merged.pdf"),
                _join(title, intro, cells, outro), [title], [header, *rows],
                note="ruled table, first column merged over two rows")


CROPS = [["Crop", "Area (ha)", "Yield (t/ha)", "Region"], ["Wheat", "1,200", "3.1", "North"],
         ["Barley", "950", "2.8", "South"], ["Maize", "430", "5.6", "East"],
         ["Oats", "615", "2.2", "West"], ["Rye", "290", "2.5", "North"]]


def _unruled_table(out: Path, style: str) -> Case:
    """A table whose columns show only in where the text sits: no rules (`borderless`),
    a rule above, below and under the header (`header_rule`), or cells drawn as filled
    boxes with white gaps between them (`coloured`)."""
    title = "Harvest by Crop"
    intro = "The district offices reported these areas and yields for the last season."
    outro = "Yields are averages over every farm that reported before the end of May."
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    flow = _Flow(MARGIN, A4[0] - MARGIN, MARGIN)
    flow.block(title, font="hebo", size=18)
    flow.block(intro)
    _write(page, flow.placed)
    col_x = [MARGIN, MARGIN + 110, MARGIN + 210, MARGIN + 320]
    col_w, row_h, top = [104.0, 94.0, 104.0, 90.0], 20.0, flow.y + 12
    right = col_x[-1] + col_w[-1]
    for r, row in enumerate(CROPS):
        y = top + r * row_h
        if style == "coloured":
            fill = (0.18, 0.31, 0.5) if r == 0 else (0.87, 0.9, 0.94)
            for x, w in zip(col_x, col_w, strict=True):
                page.draw_rect(pymupdf.Rect(x, y, x + w, y + row_h - 2), color=None, fill=fill)
        for c, cell in enumerate(row):
            page.insert_text((col_x[c] + 4, y + 14), cell, fontname="hebo" if r == 0 else "helv",
                             fontsize=10, color=(1, 1, 1) if style == "coloured" and r == 0
                             else (0, 0, 0))
    if style == "header_rule":
        for y in (top - 1, top + row_h - 1, top + len(CROPS) * row_h):
            page.draw_line((MARGIN, y), (right, y), width=0.8)
    page.insert_text((MARGIN, top + len(CROPS) * row_h + 30), outro, fontname="helv",
                     fontsize=BODY_SIZE)
    cells = " ".join(" ".join(row) for row in CROPS)
    name = f"table_{style}"
    return Case(name, _save(doc, out / f"{name}.pdf"), _join(title, intro, cells, outro),
                [title], CROPS, tables=[CROPS], note=f"table without vertical rules: {style}")


def _table_rotate_90(out: Path) -> Case:
    """A landscape table with a full grid on a portrait page stored turned (/Rotate 90)."""
    intro = "Water levels measured at the four stations this week, in metres."
    rows = [["Station", "Level", "Change"], ["North", "3.2", "+0.4"], ["South", "2.9", "-0.1"],
            ["East", "4.1", "+1.0"], ["West", "3.3", "0.0"]]
    src = pymupdf.open()
    page = src.new_page(width=A4[1], height=A4[0])
    xs, ys = [MARGIN, 222.0, 372.0, 522.0], [100.0 + 24 * k for k in range(len(rows) + 1)]
    for y in ys:
        page.draw_line((xs[0], y), (xs[-1], y), width=0.8)
    for x in xs:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.8)
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            page.insert_text((xs[c] + 5, ys[r] + 16), cell, fontname="hebo" if r == 0 else "helv",
                             fontsize=BODY_SIZE)
    page.insert_text((MARGIN, 80), intro, fontname="helv", fontsize=BODY_SIZE)
    doc = pymupdf.open()
    turned = doc.new_page(width=A4[0], height=A4[1])
    turned.show_pdf_page(turned.rect, src, 0, rotate=90)
    turned.set_rotation(90)
    cells = " ".join(" ".join(row) for row in rows)
    return Case("table_rotate_90", _save(doc, out / "table_rotate_90.pdf"), _join(intro, cells),
                table_rows=rows, tables=[rows], note="ruled table on a /Rotate 90 page")


def _rtl_table(out: Path) -> Case:
    intro = "يعرض الجدول التالي المحاصيل الرئيسية في كل منطقة."
    rows = [["المحصول", "المساحة", "المنطقة"], ["القمح", "1200", "الشمال"],
            ["الشعير", "950", "الجنوب"], ["الذرة", "430", "الشرق"]]
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    css = ("@font-face {font-family: dv; src: url(DejaVuSans.ttf);} * {font-family: dv; "
           "font-size: 12pt} table {border-collapse: collapse} td {border: 1px solid black; "
           "padding: 4pt 10pt}")
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    html = f'<div dir="rtl"><p>{intro}</p><table dir="rtl">{body}</table></div>'
    page.insert_htmlbox(pymupdf.Rect(MARGIN, MARGIN, A4[0] - MARGIN, 500), html, css=css,
                        archive=pymupdf.Archive(str(DEJAVU_DIR)))
    # MuPDF lays the table's columns out left to right; a right-to-left reader starts at
    # the right, so the expected rows run from the rightmost cell.
    read = [row[::-1] for row in rows]
    cells = " ".join(" ".join(row) for row in read)
    return Case("table_rtl", _save(doc, out / "table_rtl.pdf"), _join(intro, cells),
                table_rows=read, tables=[read], note="ruled right-to-left table")


def _front_matter(out: Path) -> Case:
    """A contents page with dot leaders, then chapters whose section numbers are set apart
    from their titles; bold page labels in the footer that are not the file's page
    numbers ("ii", then "7", "8")."""
    entries = [("1 Introduction", "1"), ("1.1 Scope of the survey", "2"),
               ("2 Methods", "5"), ("2.1 Counting the fields", "7")]
    sections = [("1", "Introduction", paragraphs(61, 1, 3)), ("1.1", "Scope of the survey",
                paragraphs(63, 1, 3)), ("2", "Methods", paragraphs(65, 1, 3)),
                ("2.1", "Counting the fields", paragraphs(67, 1, 3))]
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    page.insert_text((MARGIN, MARGIN + 20), "Contents", fontname="hebo", fontsize=18)
    for k, (title, number) in enumerate(entries):
        y = MARGIN + 60 + k * 20
        dots = " ." * int((380 - pymupdf.get_text_length(title, "helv", BODY_SIZE)) / 5.5)
        page.insert_text((MARGIN, y), f"{title}{dots}", fontname="helv", fontsize=BODY_SIZE)
        page.insert_text((A4[0] - MARGIN - 12, y), number, fontname="helv", fontsize=BODY_SIZE)
    labels = ["ii", "7", "8"]
    texts, headings = ["Contents", *[f"{t} ... {n}" for t, n in entries]], ["Contents"]
    for chunk in (sections[:2], sections[2:]):
        page = doc.new_page(width=A4[0], height=A4[1])
        y = MARGIN
        for number, title, paras in chunk:
            y += 30
            page.insert_text((MARGIN, y), number, fontname="hebo", fontsize=14)
            page.insert_text((MARGIN + 36, y), title, fontname="hebo", fontsize=14)
            flow = _Flow(MARGIN, A4[0] - MARGIN, y + 4)
            for para in paras:
                flow.block(para)
            _write(page, flow.placed)
            y = flow.y
            texts += [f"{number} {title}", *paras]
            headings.append(f"{number} {title}")
    for page, label in zip(doc, labels, strict=True):
        page.insert_text((A4[0] / 2, A4[1] - 40), label, fontname="hebo", fontsize=BODY_SIZE)
    return Case("front_matter", _save(doc, out / "front_matter.pdf"), _join(*texts), headings,
                note="contents with dot leaders, numbered headings, page labels")


def _running_headers(out: Path) -> Case:
    paras = paragraphs(21, 10, 2)
    doc = pymupdf.open()
    for number in range(1, 6):
        page = doc.new_page(width=A4[0], height=A4[1])
        page.insert_text((MARGIN, 40), "Northwind Quarterly Review", fontname="helv", fontsize=9)
        page.insert_text((A4[0] - MARGIN - 60, 40), "March 2026", fontname="helv", fontsize=9)
        flow = _Flow(MARGIN, A4[0] - MARGIN, MARGIN)
        for para in paras[(number - 1) * 2:number * 2]:
            flow.block(para)
        _write(page, flow.placed)
        page.insert_text((A4[0] / 2 - 15, A4[1] - 36), f"Page {number}", fontname="helv",
                         fontsize=9)
    return Case("running_headers", _save(doc, out / "running_headers.pdf"), _join(*paras),
                note="header, date and page number repeated on five pages")


def _lists(out: Path) -> Case:
    title = "Camping Checklist"
    bullets = ["Tent, poles and pegs", "Sleeping bag and mat", "Water filter and bottles"]
    steps = ["Check the weather forecast.", "Tell a friend where you are going.",
             "Pack the food the night before."]
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    flow = _Flow(MARGIN, A4[0] - MARGIN, MARGIN)
    flow.block(title, font="hebo", size=18)
    flow.block("Bring the following items:")
    placed = list(flow.placed)
    y = flow.y
    for item in bullets:
        y += BODY_SIZE * 1.4
        placed += [_Placed(MARGIN + 10, y, "\u2022"), _Placed(MARGIN + 24, y, item)]
    y += BODY_SIZE * 1.6
    placed.append(_Placed(MARGIN, y, "Before you leave:"))
    for i, item in enumerate(steps, 1):
        y += BODY_SIZE * 1.4
        placed += [_Placed(MARGIN + 10, y, f"{i}."), _Placed(MARGIN + 24, y, item)]
    _write(page, placed)
    text = _join(title, "Bring the following items:", *bullets, "Before you leave:", *steps)
    return Case("lists", _save(doc, out / "lists.pdf"), text, [title],
                note="bullet and numbered list (markers are not part of the text)")


def _code(out: Path) -> Case:
    title = "Reading the Sensor"
    intro = "The function below converts a raw reading into a water level in metres."
    code = ["def water_level(raw: int) -> float:", "    offset = 512",
            "    return (raw - offset) / 100.0", "", "print(water_level(812))"]
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    flow = _Flow(MARGIN, A4[0] - MARGIN, MARGIN)
    flow.block(title, font="hebo", size=18)
    flow.block(intro)
    for line in code:
        flow.y += 10 * 1.3
        if line:
            flow.placed.append(_Placed(MARGIN + 12, flow.y, line, "cour", 10))
    flow.y += 12
    flow.block("It prints 3.0 for a raw reading of 812.")
    _write(page, flow.placed)
    text = _join(title, intro, "\n".join(code), "It prints 3.0 for a raw reading of 812.")
    return Case("code", _save(doc, out / "code.pdf"), text, [title], note="monospace block")


def _font_case(out: Path, name: str, lines: list[str], font: pymupdf.Font, note: str) -> Case:
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    page.insert_font(fontname="F0", fontbuffer=font.buffer)
    y = MARGIN
    for line in lines:
        y += 22
        page.insert_text((MARGIN, y), line, fontname="F0", fontsize=13)
    return Case(name, _save(doc, out / f"{name}.pdf"), _join(*lines), note=note)


def _chinese(out: Path) -> Case:
    lines = ["河水在夜里慢慢上涨，早上到了石桥。", "农民在下雨以前把牛赶到了高处。",
             "工程师检查了东边运河的每一个水泵。"]
    return _font_case(out, "chinese", lines, pymupdf.Font("cjk"), "embedded Droid Sans Fallback")


def _cyrillic(out: Path) -> Case:
    lines = ["Река медленно поднималась всю ночь.", "Утром вода дошла до старого моста.",
             "Инженеры проверили каждый насос на канале."]
    font = pymupdf.Font(fontfile=str(DEJAVU_DIR / "DejaVuSans.ttf"))
    return _font_case(out, "cyrillic", lines, font, "embedded DejaVu Sans")


def _arabic(out: Path) -> Case:
    paras = ["ارتفع النهر ببطء طوال الليل ووصل إلى الجسر الحجري القديم عند الفجر.",
             "نقل المزارعون في الوادي ماشيتهم إلى الحقول العالية قبل المطر."]
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    css = "@font-face {font-family: dv; src: url(DejaVuSans.ttf);} p {font-family: dv; " \
          "font-size: 13pt; margin-bottom: 10pt}"
    html = "".join(f'<p dir="rtl">{p}</p>' for p in paras)
    page.insert_htmlbox(pymupdf.Rect(MARGIN, MARGIN, A4[0] - MARGIN, 400), html, css=css,
                        archive=pymupdf.Archive(str(DEJAVU_DIR)))
    return Case("arabic", _save(doc, out / "arabic.pdf"), _join(*paras),
                note="right-to-left, shaped (presentation forms), embedded DejaVu Sans")


def _arabic_diacritics(out: Path) -> Case:
    paras = ["شَدَّ الرَّجُلُ الحَبْلَ وَمَدَّ يَدَهُ.", "رَدَّ المُعَلِّمُ عَلَى كُلِّ سُؤَالٍ.",
             "عَدَّ التُّجَّارُ المَالَ مَرَّتَيْنِ."]
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    css = "@font-face {font-family: dv; src: url(DejaVuSans.ttf);} p {font-family: dv; " \
          "font-size: 14pt; margin-bottom: 10pt}"
    html = "".join(f'<p dir="rtl">{p}</p>' for p in paras)
    page.insert_htmlbox(pymupdf.Rect(MARGIN, MARGIN, A4[0] - MARGIN, 400), html, css=css,
                        archive=pymupdf.Archive(str(DEJAVU_DIR)))
    # DejaVu draws shadda with a vowel as one glyph that maps to no code point: the text
    # layer has a replacement character there, so those pairs cannot come back.
    kept = [re.sub("[\u064b-\u0650]?\u0651[\u064b-\u0650]?", "", p) for p in paras]
    return Case("arabic_diacritics", _save(doc, out / "arabic_diacritics.pdf"), _join(*kept),
                note="vowelled Arabic; shadda-vowel glyphs without Unicode")


# --- scans --------------------------------------------------------------------------------


def scan_image(title: str, paras: list[str], degrade: Callable[[Image.Image], Image.Image]
               | None = None) -> Image.Image:
    """A text page (title + paragraphs, 12 pt Helvetica) rendered at `SCAN_DPI`, degraded."""
    doc = pymupdf.open()
    _article_page(doc, title, paras, size=12)
    pix = doc[0].get_pixmap(dpi=SCAN_DPI, colorspace=pymupdf.csGRAY)
    image = Image.frombytes("L", (pix.width, pix.height), pix.samples)
    doc.close()
    return degrade(image) if degrade else image


def _blur_noise_skew(image: Image.Image) -> Image.Image:
    image = image.filter(ImageFilter.GaussianBlur(1.1))
    pixels = np.asarray(image, dtype=np.float32)
    noise = np.random.default_rng(42).normal(0.0, 22.0, pixels.shape)
    image = Image.fromarray(np.clip(pixels + noise, 0, 255).astype(np.uint8), "L")
    return image.rotate(-4.0, resample=Image.BICUBIC, fillcolor=255)


def _scan_page(doc: pymupdf.Document, image: Image.Image, quality: int = 80) -> pymupdf.Page:
    buf = io.BytesIO()
    image.save(buf, format="JPEG", quality=quality)
    width, height = (v * 72.0 / SCAN_DPI for v in image.size)
    page = doc.new_page(width=width, height=height)
    page.insert_image(page.rect, stream=buf.getvalue())
    return page


def _scan_case(out: Path, name: str, seed: int, note: str,
               degrade: Callable[[Image.Image], Image.Image] | None = None,
               quality: int = 80) -> Case:
    title = "Report of the Harbour Office"
    paras = paragraphs(seed, 3, 2)
    doc = pymupdf.open()
    _scan_page(doc, scan_image(title, paras, degrade), quality)
    return Case(name, _save(doc, out / f"{name}.pdf"), _join(title, *paras), [title],
                kind="scan", note=note)


def _scan_stamp(out: Path) -> Case:
    title = "Letter to the Harbour Office"
    stamp = "RECEIVED 14 MARCH 2026"
    paras = paragraphs(31, 3, 2)
    doc = pymupdf.open()
    page = _scan_page(doc, scan_image(title, paras))
    page.insert_text((MARGIN, 40), stamp, fontname="hebo", fontsize=12, color=(0.1, 0.1, 0.5))
    return Case("scan_stamp", _save(doc, out / "scan_stamp.pdf"), _join(stamp, title, *paras),
                [title], kind="scan", note="scan with a native text stamp on top")


def _mixed(out: Path) -> Case:
    title1, title2 = "Part One: The Survey", "Part Two: The Scanned Letter"
    paras1, paras2 = paragraphs(41, 2, 2), paragraphs(43, 2, 2)
    doc = pymupdf.open()
    _article_page(doc, title1, paras1)
    _scan_page(doc, scan_image(title2, paras2))
    return Case("mixed", _save(doc, out / "mixed.pdf"), _join(title1, *paras1, title2, *paras2),
                [title1, title2], kind="mixed", note="page 1 native, page 2 scanned")


def build_corpus(out_dir: str | Path) -> list[Case]:
    """Write every hard-case PDF into `out_dir` (created if needed); return the cases.

    Deterministic: the same bytes on every run with the same PyMuPDF and Pillow.
    Raises what PyMuPDF or Pillow raise when the directory is not writable.
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    return [
        _two_column(out, scrambled=False),
        _two_column(out, scrambled=True),
        _rotated_15(out),
        _rotate_90(out),
        _headings(out),
        _bold_headings(out),
        _table(out),
        _unruled_table(out, "borderless"),
        _unruled_table(out, "header_rule"),
        _unruled_table(out, "coloured"),
        _rtl_table(out),
        _table_rotate_90(out),
        _running_headers(out),
        _front_matter(out),
        _lists(out),
        _code(out),
        _chinese(out),
        _cyrillic(out),
        _arabic(out),
        _arabic_diacritics(out),
        _scan_case(out, "scan_clean", 51, "clean 200 dpi scan"),
        _scan_case(out, "scan_noisy", 53, "blurred, noisy, skewed 4 degrees, JPEG q55",
                   _blur_noise_skew, quality=55),
        _scan_case(out, "scan_rot90", 55, "scan turned 90 degrees",
                   lambda im: im.transpose(Image.Transpose.ROTATE_90)),
        _scan_case(out, "scan_rot180", 57, "scan turned 180 degrees",
                   lambda im: im.transpose(Image.Transpose.ROTATE_180)),
        _scan_stamp(out),
        _mixed(out),
    ]


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: pdf_corpus.py OUT_DIR", file=sys.stderr)
        return 2
    for case in build_corpus(argv[0]):
        print(f"{case.name:22} {case.kind:7} {case.path.stat().st_size:>8} B  {case.note}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
