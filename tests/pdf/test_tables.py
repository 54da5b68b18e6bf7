"""Tables: ruled grids, rule-only (booktabs) tables, and prose that must stay prose."""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf
import pytest

from webfold import convert

PROSE = [
    "The river rose slowly through the night and reached the old stone bridge by dawn.",
    "Farmers in the valley moved their cattle to the higher fields before the rain came.",
    "A small team of engineers checked every pump along the eastern canal that morning.",
]


def test_booktabs_table_without_vertical_rules():
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Levels measured at the four stations.", fontsize=11)
    for y in (100, 118, 190):
        page.draw_line((72, y), (400, y))
    rows = [["Station", "Level", "Change"], ["North", "3.2", "+0.4"], ["South", "2.9", "-0.1"],
            ["East", "4.1", "+1.0"], ["West", "3.3", "0.0"]]
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            page.insert_text((76 + 120 * c, 113 if r == 0 else 118 + 16 * r), text, fontsize=10)
    page.insert_text((72, 220), "Text below the table continues the report.", fontsize=11)
    result = convert(doc.tobytes())
    tables = [b for b in result.blocks if b.kind == "table"]
    assert len(tables) == 1
    assert tables[0].markdown.splitlines()[0] == "| Station | Level | Change |"
    assert [line.split("\t") for line in tables[0].text.splitlines()] == rows
    kinds = [b.kind for b in result.blocks]
    assert kinds == ["paragraph", "table", "paragraph"]


def test_rules_between_paragraphs_are_not_a_table():
    doc = pymupdf.open()
    page = doc.new_page()
    y = 100
    for text in PROSE:
        page.draw_line((72, y - 14), (520, y - 14))
        page.insert_text((72, y), text, fontsize=11)
        y += 40
    page.draw_line((72, y - 14), (520, y - 14))
    result = convert(doc.tobytes())
    assert not [b for b in result.blocks if b.kind == "table"]
    assert result.markdown.count("\n\n") == 2


def test_boxed_paragraph_is_not_a_table():
    doc = pymupdf.open()
    page = doc.new_page()
    page.draw_rect(pymupdf.Rect(66, 80, 530, 150))
    for k, text in enumerate(PROSE):
        page.insert_text((72, 100 + 16 * k), text, fontsize=11)
    result = convert(doc.tobytes())
    assert not [b for b in result.blocks if b.kind == "table"]
    assert "old stone bridge by dawn." in result.markdown


def test_table_cells_escape_pipes_and_markdown_but_text_stays_plain():
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [["Code", "Meaning"], ["a|b", "either *a* or b"], ["n*", "[reserved]"]]
    for y in (100, 118, 136, 154):
        page.draw_line((72, y), (400, y))
    for x in (72, 200, 400):
        page.draw_line((x, 100), (x, 154))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            page.insert_text((76 + 128 * c, 113 + 18 * r), text, fontsize=10)
    tables = [b for b in convert(doc.tobytes()).blocks if b.kind == "table"]
    assert len(tables) == 1
    assert tables[0].markdown.splitlines()[2:] == [r"| a\|b | either \*a\* or b |",
                                                   r"| n\* | \[reserved\] |"]
    assert [line.split("\t") for line in tables[0].text.splitlines()] == rows


def _grid(page, xs, ys, *, open_cells=()):
    """Rules of a grid at `xs` / `ys`; `open_cells` are (row, column) cells whose left
    rule is left out (merged with the cell before)."""
    for y in ys:
        page.draw_line((xs[0], y), (xs[-1], y))
    for c, x in enumerate(xs):
        for r, (top, bottom) in enumerate(zip(ys, ys[1:], strict=False)):
            if (r, c) not in open_cells:
                page.draw_line((x, top), (x, bottom))


def test_a_header_spanning_two_columns_is_written_once():
    doc = pymupdf.open()
    page = doc.new_page()
    xs, ys = [72, 172, 272, 372], [100, 120, 140, 160, 180]
    _grid(page, xs, ys, open_cells={(0, 2)})
    rows = [["Station", "Levels", ""], ["", "Spring", "Autumn"], ["North", "3.2", "2.8"],
            ["South", "2.9", "2.4"]]
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if text:
                page.insert_text((xs[c] + 4, ys[r] + 14), text, fontsize=10)
    tables = [b for b in convert(doc.tobytes()).blocks if b.kind == "table"]
    assert len(tables) == 1
    assert tables[0].markdown.count("Levels") == 1


def test_header_cells_beside_a_grouped_header_are_written_once():
    # A two-row header: "Period" spans two columns over "From" and "To"; "Station" and
    # "Rate" span both header rows. They were repeated into the second row, which then
    # read as a second header ("Station | From | To | Rate").
    doc = pymupdf.open()
    page = doc.new_page()
    xs, ys = [72, 172, 262, 352, 442], [100, 120, 140, 160, 180]
    for y in ys:
        page.draw_line((xs[0] if y != 120 else xs[1], y), (xs[-1] if y != 120 else xs[3], y))
    for x in xs:
        page.draw_line((x, 100 if x != 262 else 120), (x, 180))
    for x, y, text in [(76, 124, "Station"), (176, 114, "Period"), (356, 124, "Rate"),
                       (176, 134, "From"), (266, 134, "To"), (76, 154, "North"),
                       (176, 154, "2019"), (266, 154, "2021"), (356, 154, "3.2"),
                       (76, 174, "South"), (176, 174, "2020"), (266, 174, "2022"),
                       (356, 174, "2.9")]:
        page.insert_text((x, y), text, fontsize=10)
    [table] = [b for b in convert(doc.tobytes()).blocks if b.kind == "table"]
    assert table.text.splitlines()[:2] == ["Station\tPeriod\t\tRate", "\tFrom\tTo\t"]


def test_a_diagram_of_boxes_is_not_a_table():
    doc = pymupdf.open()
    page = doc.new_page()
    # A flow chart: three wide boxes over a grid of rules, one label each.
    xs, ys = [72, 150, 228, 306, 384, 462], [100, 140, 180, 220]
    _grid(page, xs, ys, open_cells={(r, c) for r in range(3) for c in (1, 2, 3, 4)})
    for r, label in enumerate(["Collect the field registers", "Weigh the samples",
                               "Publish the report"]):
        page.insert_text((80, ys[r] + 24), label, fontsize=10)
    blocks = convert(doc.tobytes()).blocks
    assert [b.kind for b in blocks] == ["paragraph"] * 3


def test_a_caption_below_a_table_is_written_above_it_as_a_paragraph():
    doc = pymupdf.open()
    page = doc.new_page()
    xs, ys = [72, 172, 272], [100, 120, 140, 160]
    _grid(page, xs, ys)
    for r, row in enumerate([["Station", "Level"], ["North", "3.2"], ["South", "2.9"]]):
        for c, text in enumerate(row):
            page.insert_text((xs[c] + 4, ys[r] + 14), text, fontsize=10)
    page.insert_text((72, 180), "Table 1: Levels at two stations.", fontname="hebo", fontsize=10)
    page.insert_text((72, 210), "The levels fell overnight at both stations.", fontsize=10)
    blocks = convert(doc.tobytes()).blocks
    assert [(b.kind, b.text[:8]) for b in blocks] == [
        ("paragraph", "Table 1:"), ("table", "Station\t"), ("paragraph", "The leve")]


DEJAVU_BOLD = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
AMIRI_BOLD = Path("/usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Bold.ttf")


@pytest.mark.parametrize(("caption", "fontname", "fontfile", "size"), [
    ("Tabella 2 Livelli alle due stazioni", "hebo", None, 10),
    ("Tabela 2 - Níveis nas duas estações", "hebo", None, 10),
    ("Tabel 2: Waterstanden bij twee stations", "hebo", None, 10),
    ("Tablo 2. İki istasyondaki seviyeler", "hebo", None, 10),
    ("Таблица 2 Уровни на двух станциях", "dejavu", DEJAVU_BOLD, 10),
    ("表 22：两个站的水位", "china-s", None, 13),
    ("表2 两个站的水位", "china-s", None, 13),
    ("جدول ٢ مستويات المحطتين", "amiri", AMIRI_BOLD, 12),
])
def test_a_caption_in_any_language_below_a_table_is_written_above_it_as_a_paragraph(
        caption, fontname, fontfile, size):
    # A bold (or larger) caption under its ruled table: "Tabella 2", "表 22：", "جدول ٢"
    # name a table as "Table 2" does. It was a heading under the table (test_4699's
    # "表 22：现金流量表"), or a paragraph left below it.
    if fontfile and not fontfile.exists():
        pytest.skip(f"{fontfile.name} is not installed")
    doc = pymupdf.open()
    page = doc.new_page()
    if fontfile:
        page.insert_font(fontname=fontname, fontfile=str(fontfile))
    xs, ys = [72, 172, 272], [100, 120, 140, 160]
    _grid(page, xs, ys)
    for r, row in enumerate([["Station", "Level"], ["North", "3.2"], ["South", "2.9"]]):
        for c, text in enumerate(row):
            page.insert_text((xs[c] + 4, ys[r] + 14), text, fontsize=10)
    drawn = caption[::-1] if fontname == "amiri" else caption  # on paper right to left
    page.insert_text((72, 184), drawn, fontname=fontname, fontsize=size)
    for k, line in enumerate(PROSE):
        page.insert_text((72, 214 + 14 * k), line, fontsize=10)
    blocks = convert(doc.tobytes()).blocks
    assert [(b.kind, b.text.split()[0]) for b in blocks[:3]] == [
        ("paragraph", caption.split()[0]), ("table", "Station"), ("paragraph", "The")]


@pytest.mark.parametrize("caption", [
    "Figure 2: Flow at the upper weir", "Fig. 2 Flow at the upper weir",
    "Abb. 2 Abfluss am oberen Wehr", "图 2 上游堰的流量", "图2：上游堰的流量"])
def test_a_bold_figure_caption_under_its_picture_is_no_heading(caption):
    # A figure (a framed picture) with its caption under it in bold, then prose: the
    # caption names the figure, it heads no section (a thesis's "Figure 4.1 ...", a
    # Chinese thesis's "图1 模板工作流" were headings).
    blocks = _bold_line_under_a_picture(caption)
    assert [b.kind for b in blocks if b.text.startswith(caption[:2])] == ["paragraph"]
    assert all(b.kind != "heading" for b in blocks)



@pytest.mark.parametrize("line", [
    "Source: district gauge records", "Quelle: Pegelstände des Bezirks", "资料来源：区水文站",
    "Listing 2-1: Reading the gauges"])
def test_a_bold_source_line_or_listing_caption_is_no_heading(line):
    # A source line under a table or chart ("资料来源：Wind", "Source: ...") and a code
    # listing's caption ("Listing 2-1: ...") in bold name where the figures come from or
    # what the listing is; they head no section.
    blocks = _bold_line_under_a_picture(line)
    assert [b.kind for b in blocks if b.text.startswith(line[:2])] == ["paragraph"]
    assert all(b.kind != "heading" for b in blocks)


def _bold_line_under_a_picture(line: str) -> list:
    """The blocks of a page with a framed picture, `line` in bold under it (CJK in a CJK
    font, set larger), then prose."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.draw_rect(pymupdf.Rect(72, 80, 300, 200), fill=(0.6, 0.7, 0.9))
    cjk = bool(re.match(r"[\u3400-\u9fff]", line))
    page.insert_text((72, 220), line, fontname="china-s" if cjk else "hebo",
                     fontsize=13 if cjk else 10)
    for k, text in enumerate(PROSE):
        page.insert_text((72, 250 + 14 * k), text, fontsize=10)
    return convert(doc.tobytes()).blocks

@pytest.mark.parametrize("title", [
    "Table of contents", "Tabla de contenidos", "Figures and diagrams", "Tablet computers"])
def test_a_heading_starting_with_a_caption_word_stays_a_heading(title):
    # "Table", "Tabla", "Figure" start a caption only before the table's number.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 90), title, fontname="hebo", fontsize=10)
    for k, line in enumerate(PROSE):
        page.insert_text((72, 110 + 14 * k), line, fontsize=10)
    blocks = convert(doc.tobytes()).blocks
    assert (blocks[0].kind, blocks[0].text) == ("heading", title)


def test_a_caption_between_two_tables_under_captions_set_above_stays_with_the_next():
    # A tax booklet's worksheet: each table's caption above it, a note between the first
    # caption and its table. The second caption, right under the first table, was moved
    # above that table as if captions were set below.
    doc = pymupdf.open()
    page = doc.new_page()
    xs = [72, 172, 272]
    page.insert_text((72, 90), "Table 1: Levels at two stations.", fontname="hebo", fontsize=10)
    page.insert_text((72, 106), "Read at noon.", fontsize=10)
    for caption, top, rows in (
            (None, 120, [["Station", "Level"], ["North", "3.2"], ["South", "2.9"]]),
            ("Table 2: Flows at two weirs.", 220, [["Weir", "Flow"], ["Upper", "14"],
                                                  ["Lower", "11"]])):
        if caption:
            page.insert_text((72, top - 14), caption, fontname="hebo", fontsize=10)
        ys = [top + 20 * r for r in range(len(rows) + 1)]
        _grid(page, xs, ys)
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                page.insert_text((xs[c] + 4, ys[r] + 14), text, fontsize=10)
    blocks = convert(doc.tobytes()).blocks
    assert [(b.kind, b.text[:8]) for b in blocks] == [
        ("paragraph", "Table 1:"), ("paragraph", "Read at "), ("table", "Station\t"),
        ("paragraph", "Table 2:"), ("table", "Weir\tFlo")]


def test_rows_between_shaded_rows_keep_their_cells():
    # A word processor's banded style: a ruled frame and header, every other body row's
    # cells filled, the rows between them drawn with no rule inside.
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [["Site", "Count", "Owner"], ["North mill", "1,204", "Council"],
            ["Old bridge", "98", "Board"], ["Stone farm", "7,310", "Trust"],
            ["Lake port", "415", "Harbour"], ["Green lane", "66", "Parish"]]
    xs, top, pitch = [72, 216, 360, 504], 100, 16
    for r, row in enumerate(rows):
        y0 = top + pitch * r
        if r % 2 == 1:
            for x0, x1 in zip(xs, xs[1:], strict=False):
                page.draw_rect(pymupdf.Rect(x0, y0, x1, y0 + pitch), color=None,
                               fill=(0.83, 0.87, 0.93))
        for x, text in zip(xs, row, strict=False):
            page.insert_text((x + 4, y0 + 12), text, fontsize=10)
    bottom = top + pitch * len(rows)
    for y in (top, top + pitch, bottom):
        page.draw_line((xs[0], y), (xs[-1], y))
    for x in xs:
        page.draw_line((x, top), (x, bottom if x in (xs[0], xs[-1]) else top + pitch))
    result = convert(doc.tobytes())
    tables = [b for b in result.blocks if b.kind == "table"]
    assert [[line.split("\t") for line in t.text.splitlines()] for t in tables] == [rows]


def test_rows_between_shaded_rows_keep_their_text_beside_a_column_filled_on_every_row():
    # A report's banded table drawn in fills alone: every other row's cells shaded grey,
    # the result column green on every row. The finder comes back with each row between
    # the shaded ones made of its green box alone; its other lines were lost.
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [["North mill", "1,204", "PASS", "Council"], ["Old bridge", "98", "PASS", "Board"],
            ["Stone farm", "7,310", "FAIL", "Trust"], ["Lake port", "415", "PASS", "Harbour"],
            ["Green lane", "66", "PASS", "Parish"], ["West quay", "3,021", "FAIL", "Port"]]
    xs, top, pitch = [72, 216, 300, 360, 504], 100, 16
    for r, row in enumerate(rows):
        y0 = top + pitch * r
        for c, (x0, x1) in enumerate(zip(xs, xs[1:], strict=False)):
            if c == 2:
                page.draw_rect(pymupdf.Rect(x0, y0, x1, y0 + pitch), color=None,
                               fill=(0.83, 0.93, 0.85))
            elif r % 2 == 0:
                page.draw_rect(pymupdf.Rect(x0, y0, x1, y0 + pitch), color=None,
                               fill=(0.93, 0.94, 0.95))
        for x, text in zip(xs, row, strict=False):
            page.insert_text((x + 4, y0 + 12), text, fontsize=10)
    result = convert(doc.tobytes())
    for row in rows:
        assert row[0] in result.markdown
    tables = [b for b in result.blocks if b.kind == "table"]
    assert [[line.split("\t") for line in t.text.splitlines()] for t in tables] == [rows]


def test_a_ruled_section_inside_a_ruled_form_is_written_once():
    # A tax form's frame rules the whole page and, in one of its rows, a section of
    # figures ruled on its own (grey boxes of blanked-out values): the finder reads a
    # table from each grid, one inside the other, and the section's figures came twice.
    doc = pymupdf.open()
    page = doc.new_page()
    for x in (36, 328, 576):
        page.draw_line((x, 70), (x, 758), width=0.5)
    for y in range(72, 468, 24):
        page.draw_line((36, y), (576, y), width=0.5)
        page.insert_text((44, y + 14), f"Line {y} of the form", fontsize=8)
        page.insert_text((340, y + 14), f"Box {y} amount", fontsize=8)
    page.draw_line((36, 758), (576, 758), width=0.5)
    for r, label in enumerate(["Profit", "Loss", "Capital"]):
        y = 468 + 12 * r
        page.insert_text((54, y + 10), label, fontsize=8)
        page.insert_text((101, y + 10), "0.0000000 %", fontsize=10)
        page.insert_text((217, y + 10), f"38{r}1", fontsize=10)
        page.draw_rect(pymupdf.Rect(252, y + 1.5, 287, y + 11.5), color=(0.5, 0.5, 0.5),
                       fill=(0.5, 0.5, 0.5), width=0.5)
        page.insert_text((253, y + 8), "redacted", fontsize=6, color=(1, 1, 1))
        page.draw_line((54, y + 12.5), (324, y + 12.5), width=0.5)
    page.draw_line((191, 468.5), (191, 504.5), width=0.5)
    markdown = convert(doc.tobytes()).markdown
    assert [markdown.count(f"38{r}1") for r in range(3)] == [1, 1, 1], markdown


def test_a_forms_row_of_boxes_on_top_of_a_ruled_table_is_no_row_of_it():
    # A form's three boxes to fill in (lines to write on in the first), drawn on top of
    # a ruled table whose column rules they share: the finder read them as the table's
    # first row, each box a cell spanning several columns, over the table's own header.
    doc = pymupdf.open()
    page = doc.new_page()
    xs, ys = [40, 130, 190, 250, 330, 430, 500, 560], [220, 250, 270, 290, 310]
    _grid(page, xs, ys)
    for x in (40, 250, 430, 560):
        page.draw_line((x, 100), (x, 220))
    page.draw_line((40, 100), (560, 100))
    for y in (150, 190):  # lines to write on
        page.draw_line((42, y), (240, y))
    for x, y, text in [(44, 114, "Fax number:"), (44, 164, "Attention:"),
                       (254, 114, "Mail to:"), (254, 134, "Harbour Office, North Quay"),
                       (434, 114, "Other (remarks):")]:
        page.insert_text((x, y), text, fontsize=9)
    rows = [["Berth", "From", "To", "Vessel", "Tonnage", "Fee", "Paid"],
            ["North 1", "May 2", "May 4", "Osprey", "1,200", "340", "yes"],
            ["North 2", "May 3", "May 9", "Kestrel", "860", "410", "no"],
            ["South 1", "May 5", "May 6", "Heron", "2,050", "290", "yes"]]
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            page.insert_text((xs[c] + 4, ys[r] + 14), text, fontsize=9)
    result = convert(doc.tobytes())
    [table] = [b for b in result.blocks if b.kind == "table"]
    assert [line.split("\t") for line in table.text.splitlines()] == rows, table.text
    assert "Fax number:" in result.markdown and "Harbour Office" in result.markdown


def test_a_date_broken_at_its_hyphen_in_a_narrow_cell_is_one_word():
    doc = pymupdf.open()
    page = doc.new_page()
    xs, ys = [72, 172, 222, 322], [100, 120, 150, 180, 210]
    _grid(page, xs, ys)
    rows = [["Site", "Date", "Owner"], ["North mill", "2025-02-04", "Town council"],
            ["Old bridge", "2025-11-19", "River board"], ["Stone farm", "2025-07-30", "Trust"]]
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if c == 1 and r:  # the cell is too narrow for a date: it breaks after a hyphen
                page.insert_text((xs[c] + 4, ys[r] + 12), text[:8], fontsize=10)
                page.insert_text((xs[c] + 4, ys[r] + 25), text[8:], fontsize=10)
            else:
                page.insert_text((xs[c] + 4, ys[r] + 14), text, fontsize=10)
    tables = [b for b in convert(doc.tobytes()).blocks if b.kind == "table"]
    assert [[line.split("\t") for line in t.text.splitlines()] for t in tables] == [rows]


def test_prose_laid_over_a_table_s_last_column_stays_out_of_its_cells():
    # A table wider than the float it sits in: the paragraph beside it starts inside its
    # last column and runs on far past it.
    doc = pymupdf.open()
    page = doc.new_page()
    xs, ys = [72, 152, 232, 312], [100, 120, 140, 160, 180]
    _grid(page, xs, ys)
    rows = [["Site", "Count", "Amount"], ["North", "1,204", "$8,395"], ["South", "98", "$6,232"],
            ["East", "7,310", "$9,060"]]
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            page.insert_text((xs[c] + 4, ys[r] + 14), text, fontsize=10)
    for k, text in enumerate(PROSE):
        page.insert_text((270, 104 + 26 * k), " ".join(text.split()[:9]), fontsize=10)
    result = convert(doc.tobytes())
    tables = [[row.split("\t") for row in b.text.splitlines()] for b in result.blocks
              if b.kind == "table"]
    assert tables == [rows]
    assert "Farmers in the valley moved their cattle to the" in result.markdown


def test_a_ruled_table_wider_than_a_chromium_page_keeps_its_cut_column(chromium_pdf):
    # Chromium cuts the table at the page's edge: the last column shown has no closing
    # rule (its horizontal rules run on) and only the start of its text. It stays the
    # table's last column, not loose lines around the table.
    rows = [[f"Heading number {c}" for c in range(1, 9)]] + [
        [f"value {r}{c} long text" for c in range(1, 9)] for r in range(1, 5)]
    cells = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    data = chromium_pdf("<style>table{width:1400px;border-collapse:collapse}"
                        "td{border:1px solid black;white-space:nowrap;padding:2px 8px}</style>"
                        f"<p>The table below is wider than the page.</p><table>{cells}</table>"
                        "<p>After the table.</p>")
    doc = convert(data, filename="wide.pdf")
    assert [b.kind for b in doc.blocks] == ["paragraph", "table", "paragraph"]
    table = [row.split("\t") for row in doc.blocks[1].text.split("\n")]
    assert [row[:6] for row in table] == [row[:6] for row in rows]
    assert [len(row) for row in table] == [7] * 5  # the cut column, its cells' start
    assert all(rows[r][6].startswith(row[6]) and row[6] for r, row in enumerate(table))


def test_a_table_ruled_only_between_its_columns_keeps_its_outer_columns():
    # LaTeX's {r|r|r|l} under \hline: rules across the table and between its columns,
    # none outside the first and last column, whose cells are the table's all the same.
    doc = pymupdf.open()
    page = doc.new_page()
    xs, ys = [72, 160, 240, 320, 400], [100, 116, 132, 148, 164]
    for y in ys:
        page.draw_line((xs[0], y), (xs[-1], y))
    for x in xs[1:-1]:
        page.draw_line((x, ys[0]), (x, ys[-1]))
    rows = [["Sample", "Width", "Length", "Species"], ["A12", "3.5", "1.4", "setosa"],
            ["B07", "3.0", "4.7", "versicolor"], ["C31", "3.3", "6.0", "virginica"]]
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            page.insert_text((xs[c] + 4, ys[r] + 12), text, fontsize=10)
    tables = [b for b in convert(doc.tobytes()).blocks if b.kind == "table"]
    assert len(tables) == 1
    assert [line.split("\t") for line in tables[0].text.splitlines()] == rows


def test_a_ruled_table_of_few_repeated_codes_is_a_table():
    # A risk matrix: a class label over four rows each, a group heading over three
    # columns, and a handful of codes repeated down and across, none in most cells.
    doc = pymupdf.open()
    page = doc.new_page()
    body = [["E1", "QM", "QM", "QM"], ["E2", "QM", "QM", "A"], ["E3", "QM", "A", "B"],
            ["E4", "A", "B", "C"], ["E1", "QM", "QM", "A"], ["E2", "QM", "A", "B"],
            ["E3", "A", "B", "C"], ["E4", "B", "C", "D"]]
    xs, ys = [72, 142, 212, 282, 352, 422], [100 + 16 * r for r in range(len(body) + 3)]
    # No rule across a class label's rows, nor under the two headings beside the group
    # heading, whose cell spans C1-C3.
    for r, y in enumerate(ys):
        page.draw_line((xs[0] if r in (0, 2, 6, 10) else xs[2 if r == 1 else 1], y),
                       (xs[-1], y))
    for x in xs:
        page.draw_line((x, ys[1] if x in xs[3:5] else ys[0]), (x, ys[-1]))
    page.insert_text((xs[0] + 4, ys[0] + 20), "Severity", fontsize=10)
    page.insert_text((xs[1] + 4, ys[0] + 20), "Exposure", fontsize=10)
    page.insert_text((xs[2] + 60, ys[0] + 12), "Controllability", fontsize=10)
    for c, text in enumerate(["C1", "C2", "C3"]):
        page.insert_text((xs[c + 2] + 4, ys[1] + 12), text, fontsize=10)
    for k, label in enumerate(["S1", "S2"]):
        page.insert_text((xs[0] + 4, ys[2 + 4 * k] + 36), label, fontsize=10)
    for r, row in enumerate(body):
        for c, text in enumerate(row):
            page.insert_text((xs[c + 1] + 4, ys[r + 2] + 12), text, fontsize=10)
    tables = [b for b in convert(doc.tobytes()).blocks if b.kind == "table"]
    assert len(tables) == 1
    rows = [line.split("\t") for line in tables[0].text.splitlines()]
    assert rows[2:] == [["S1", *row] for row in body[:4]] + [["S2", *row] for row in body[4:]]


def test_a_ruled_box_of_text_set_sideways_is_not_a_table():
    # A plot turned on a portrait page: its legend's frame and sample strokes make a grid,
    # its labels run bottom to top. Read upright, the grid's rows are its columns.
    doc = pymupdf.open()
    page = doc.new_page()
    xs, ys = [100, 130, 160, 190], [200, 260, 320]
    _grid(page, xs, ys)
    labels = [["A = 0.25", "A = 0.5", "A = 0.75"], ["B = 0.25", "B = 0.5", "B = 0.75"]]
    for r, row in enumerate(labels):
        for c, text in enumerate(row):
            page.insert_text((xs[c] + 18, ys[r + 1] - 6), text, fontsize=9, rotate=90)
    assert not [b for b in convert(doc.tobytes()).blocks if b.kind == "table"]


def test_highlighted_words_in_a_ruled_table_make_no_columns():
    # Word's text shading: a filled box behind some words of the middle column, clear of
    # its rules; its sides are no column edges.
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [["Header1", "Header2", "Header3"], ["Col11", "Col21", "Col31"],
            ["Col13", "Col23", "Col34"], ["Col14", "Col24", "Col36"]]
    xs, ys = [72, 155, 217, 285], [72, 88, 104, 120, 136]
    for r in range(1, len(rows)):
        width = pymupdf.get_text_length(rows[r][1], fontsize=10)
        page.draw_rect(pymupdf.Rect(xs[1] + 4, ys[r] + 1, xs[1] + 6 + width, ys[r + 1]),
                       color=None, fill=(1, 1, 0))
    _grid(page, xs, ys)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            page.insert_text((xs[c] + 5, ys[r] + 12), text, fontsize=10)
    tables = [b for b in convert(doc.tobytes()).blocks if b.kind == "table"]
    assert len(tables) == 1
    assert [line.split("\t") for line in tables[0].text.splitlines()] == rows


def test_a_table_ruled_in_dotted_lines_of_thousands_of_dots_is_a_table():
    # Each rule drawn as a row of tiny filled boxes, one path each: more paths than a page
    # of a plot has, but rows of dots, which are rules.
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [["Town", "Seats", "Class", "Voters"], ["Corvara", "1", "", ""],
            ["Farindola", "", "INF", ""], ["Salle", "", "", "698"], ["Vicoli", "1", "", ""],
            ["Atri", "", "INF", ""], ["Pineto", "", "", "13.363"]]
    xs, ys = [72, 222, 322, 422, 522], [100 + 20 * r for r in range(len(rows) + 1)]
    shape = page.new_shape()
    for y in ys:
        for k in range(int((xs[-1] - xs[0]) / 0.8)):
            shape.draw_rect(pymupdf.Rect(xs[0] + 0.8 * k, y, xs[0] + 0.8 * k + 0.6, y + 0.4))
            shape.finish(color=None, fill=(0, 0, 0))
    for x in xs:
        for k in range(int((ys[-1] - ys[0]) / 0.8)):
            shape.draw_rect(pymupdf.Rect(x, ys[0] + 0.8 * k, x + 0.4, ys[0] + 0.8 * k + 0.6))
            shape.finish(color=None, fill=(0, 0, 0))
    shape.commit()
    assert len(page.get_cdrawings()) > 5_000
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            page.insert_text((xs[c] + 4, ys[r] + 14), text, fontsize=10)
    tables = [b for b in convert(doc.tobytes()).blocks if b.kind == "table"]
    assert len(tables) == 1
    assert [line.split("\t") for line in tables[0].text.splitlines()] == rows


def test_a_ruled_totals_row_under_a_table_is_its_last_row():
    # A grid of one row set just under a ruled table, its cells on the table's column
    # edges (the label over the first two): the table's totals, not a table of its own
    # nor three loose paragraphs.
    doc = pymupdf.open()
    page = doc.new_page()
    xs, ys = [72, 172, 272, 352, 432], [100, 120, 140, 160, 180]
    _grid(page, xs, ys)
    rows = [["District", "Office", "Sites", "Staff"], ["North", "Mill road", "12", "40"],
            ["South", "Old bridge", "9", "31"], ["East", "Stone farm", "7", "22"]]
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            page.insert_text((xs[c] + 4, ys[r] + 14), text, fontsize=10)
    total = [72, 272, 352, 432]  # ten points under the table
    _grid(page, total, [190, 210])
    for x, text in zip(total, ["All districts", "28", "93"], strict=False):
        page.insert_text((x + 4, 204), text, fontsize=10)
    tables = [b for b in convert(doc.tobytes()).blocks if b.kind == "table"]
    assert [t.text.splitlines() for t in tables] == [
        ["\t".join(r) for r in rows] + ["All districts\t\t28\t93"]]


def test_a_ruled_grid_of_blank_boxes_under_its_labels_is_a_form_not_a_table():
    # An exam sheet's score boxes: a row of labels over boxes left empty to be filled
    # in by hand.
    doc = pymupdf.open()
    page = doc.new_page()
    _grid(page, [72, 152, 232], [100, 120, 150])
    for x, text in ((76, "Score"), (156, "Marker")):
        page.insert_text((x, 114), text, fontsize=10)
    page.insert_text((72, 180), PROSE[0], fontsize=10)
    result = convert(doc.tobytes())
    assert not [b for b in result.blocks if b.kind == "table"]
    assert "Score" in result.markdown and "Marker" in result.markdown


def test_a_long_text_spanning_rows_is_written_once_and_a_label_repeated():
    # A well log's chart: the depths column is one cell over every row of the table. Each
    # row repeated all the depths (four times the page's words); a short label spanning
    # two rows is still repeated into both.
    doc = pymupdf.open()
    page = doc.new_page()
    xs = [72, 172, 352, 452]
    # Rules between the body rows only where a cell ends: "Quaternary" spans the first
    # two rows, the depths all three.
    for y, left, right in [(100, 72, 452), (120, 72, 452), (140, 352, 452), (160, 72, 172),
                           (160, 352, 452), (180, 72, 452)]:
        page.draw_line((left, y), (right, y))
    for x in xs:
        page.draw_line((x, 100), (x, 180))
    for x, y, text in [(76, 114, "Era"), (176, 114, "Depths (m)"), (356, 114, "Rock"),
                       (76, 134, "Quaternary"), (76, 174, "Neogene"),
                       (176, 134, "36.00 138.00 294.00 352.00 448.00"),
                       (176, 146, "502.00 504.00 538.69 551.55 614.82"),
                       (356, 134, "gravel"), (356, 154, "sand"), (356, 174, "marl")]:
        page.insert_text((x, y), text, fontsize=9)
    [table] = [b for b in convert(doc.tobytes()).blocks if b.kind == "table"]
    assert table.markdown.count("538.69") == 1
    assert table.markdown.count("Quaternary") == 2


def test_a_table_drawn_as_a_box_per_row_never_runs_the_finder_on_its_rows(monkeypatch):
    # Each row ruled as a box of its own, the rows a few points apart (a browser's
    # border-spacing): every box is a grid of one row, which is no table, so PyMuPDF's
    # finder is not run on them (5-6 ms each) and the table comes from the text's
    # alignment.
    doc = pymupdf.open()
    page = doc.new_page()
    xs = [72, 192, 292, 392]
    rows = [["Route", "Stops", "Minutes"], ["Harbour loop", "14", "52"],
            ["Hill line", "9", "31"], ["Market shuttle", "6", "18"], ["Night owl", "21", "75"]]
    for r, row in enumerate(rows):
        top = 100 + 26 * r
        _grid(page, xs, [top, top + 20])
        for c, text in enumerate(row):
            page.insert_text((xs[c] + 4, top + 14), text, fontsize=10)
    asked = []
    finder = pymupdf.Page.find_tables
    monkeypatch.setattr(pymupdf.Page, "find_tables",
                        lambda self, *a, **k: asked.append(1) or finder(self, *a, **k))
    tables = [b for b in convert(doc.tobytes()).blocks if b.kind == "table"]
    assert asked == []
    assert [t.text.splitlines() for t in tables] == [["\t".join(r) for r in rows]]


def test_cell_texts_read_what_the_finder_s_own_extract_reads():
    """`tables._cell_texts` reads the characters the finder kept on the table (a private
    attribute of the pinned PyMuPDF) where `extract()` rescans its clip for every row; an
    upgrade that moves them fails here, not in the output."""
    from webfold.pdf.tables import _cell_texts

    doc = pymupdf.open()
    page = doc.new_page()
    xs, ys = [72, 172, 272, 372], [100 + 20 * r for r in range(13)]
    _grid(page, xs, ys, open_cells={(0, 2)})
    for r in range(12):
        for c in range(3):
            if (r, c) != (0, 2):
                page.insert_text((xs[c] + 4, ys[r] + 14), f"r{r} c{c} office", fontsize=10)
    tables = page.find_tables().tables
    assert len(tables) == 1
    table = tables[0]
    assert _cell_texts(table, table.rows) == table.extract()
    assert table.extract()[0][2] is None and table.extract()[11][1] == "r11 c1 office"


def _boxed_table(page, xs, top, header, bottom, key_rules=()):
    """A box ruled between its columns and under its header row, with no rule between
    its body rows but for `key_rules`, drawn across the first column alone."""
    for y in (top, header, bottom):
        page.draw_line((xs[0], y), (xs[-1], y))
    for y in key_rules:
        page.draw_line((xs[0], y), (xs[1], y))
    for x in xs:
        page.draw_line((x, top), (x, bottom))


def _table_rows(result):
    return [[line.split("\t") for line in t.text.splitlines()]
            for t in result.blocks if t.kind == "table"]


def test_a_boxed_table_without_rules_between_its_body_rows_keeps_its_rows():
    # A spreadsheet's table ruled around and between its columns and under its header,
    # nothing between its rows; each gene's two primers on two lines. The finder gives
    # one body row whose cells ran all genes and all primers together.
    doc = pymupdf.open()
    page = doc.new_page()
    xs = [72, 172, 372]
    genes = [("HPRT", "ATGCTGAGGATTTGG", "CAGAGGGCTACAATG"),
             ("ATR", "ACATTTGTGACTGGA", "TCCACAATTGGTGAC"),
             ("CHK2", "ACTCTGCTGGCTGAG", "GACTCCCGAGACATC"),
             ("ATM", "GTGGCCGCTCTCTAC", "ATGTTCTAGTTGACG")]
    _boxed_table(page, xs, 80, 100, 100 + 28 * len(genes) + 4)
    page.insert_text((76, 94), "Gene", fontsize=10)
    page.insert_text((176, 94), "Primers", fontsize=10)
    for k, (gene, forward, reverse) in enumerate(genes):
        y = 114 + 28 * k
        page.insert_text((76, y), gene, fontsize=10)
        page.insert_text((176, y), forward, fontsize=10)
        page.insert_text((176, y + 14), reverse, fontsize=10)
    assert _table_rows(convert(doc.tobytes())) == [
        [["Gene", "Primers"]] + [[g, f"{a} {b}"] for g, a, b in genes]]


def test_a_wrapped_key_cell_ruled_off_in_its_column_stays_one_row():
    # The same table going on with two rows whose first cells wrap over two lines, ruled
    # off in the first column only: the primers' column runs on as one cell beside them.
    # The rules bound the rows of the cell that spans on; each ruled key cell is one row.
    doc = pymupdf.open()
    page = doc.new_page()
    _boxed_table(page, [72, 172, 372], 80, 100, 220, key_rules=(160, 190))
    for x, y, text in [(76, 94, "Gene"), (176, 94, "Primers"),
                       (76, 114, "HPRT"), (176, 114, "ATGCTGAGGATTTGG"),
                       (176, 128, "CAGAGGGCTACAATG"), (76, 142, "ATR"),
                       (176, 142, "ACATTTGTGACTGGA"), (176, 156, "TCCACAATTGGTGAC"),
                       (76, 172, "CCNE1"), (176, 172, "C6:ACCGGGTTTACC"),
                       (76, 184, "siRNA target"), (176, 184, "C8:CAAGATTTCTTT"),
                       (76, 202, "RAD51"), (76, 214, "siRNA target"),
                       (176, 214, "AAGGGAATTAGTG")]:
        page.insert_text((x, y), text, fontsize=10)
    assert _table_rows(convert(doc.tobytes())) == [
        [["Gene", "Primers"], ["HPRT", "ATGCTGAGGATTTGG CAGAGGGCTACAATG"],
         ["ATR", "ACATTTGTGACTGGA TCCACAATTGGTGAC"],
         ["CCNE1 siRNA target", "C6:ACCGGGTTTACC C8:CAAGATTTCTTT"],
         ["RAD51 siRNA target", "AAGGGAATTAGTG"]]]


def test_a_cell_centred_in_a_tall_unruled_row_stays_in_its_row():
    # A row made tall by a vendor's name on two lines, every cell centred in it: the
    # name's first line stands nearer the row above's baseline than the row's own top
    # does, but nearer its own row's key line than any other.
    doc = pymupdf.open()
    page = doc.new_page()
    xs = [72, 192, 312, 392]
    _boxed_table(page, xs, 80, 100, 175)
    rows = [["Antibody", "Vendor", "Dilution"], ["CHK2", "Cell Signal", "1:1000"],
            ["GAPDH", "Proteintech", "1:2000"], ["Kit", "Vector Laboratory", "1:500"],
            ["Tubulin", "Sigma", "1:200"]]
    for c, text in enumerate(rows[0]):
        page.insert_text((xs[c] + 4, 94), text, fontsize=10)
    # Rows 15 points tall, the third 30: each row's one-line cells on its middle.
    for r, middle in enumerate((107.5, 122.5, 145, 167.5), start=1):
        for c, text in enumerate(rows[r]):
            parts = text.split() if r == 3 and c == 1 else [text]
            for k, part in enumerate(parts):
                offset = 6.5 * (2 * k - len(parts) + 1)
                page.insert_text((xs[c] + 4, middle + 3.5 + offset), part, fontsize=10)
    assert _table_rows(convert(doc.tobytes())) == [rows]


def test_a_table_ruled_between_its_rows_keeps_cells_of_several_lines_whole():
    # Every row ruled, cells holding a few lines each (short lines broken by hand, not
    # by the column's width): each ruled row is one row, its lines one cell.
    doc = pymupdf.open()
    page = doc.new_page()
    xs, ys = [72, 192, 412], [80, 100, 150, 200]
    _grid(page, xs, ys)
    rows = [["Site", "Notes"],
            ["North mill / Upper race", "Weir cleared / Gate oiled / Pump 2 off"],
            ["Old bridge / East arch", "Silt on piers / Rail loose / Lamp out"]]
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            for k, part in enumerate(text.split(" / ")):
                page.insert_text((xs[c] + 4, ys[r] + 14 + 14 * k), part, fontsize=10)
    assert _table_rows(convert(doc.tobytes())) == [
        [[cell.replace(" /", "") for cell in row] for row in rows]]


def test_a_boxed_table_s_one_body_row_of_wrapped_paragraphs_stays_one_row():
    # A box ruled between its columns and under its header over a single body row: the
    # first cell's words wrap at the column's edge, so its lines are one cell's.
    doc = pymupdf.open()
    page = doc.new_page()
    xs = [72, 150, 380]
    _boxed_table(page, xs, 80, 100, 160)
    for x, y, text in [(76, 94, "Term"), (154, 94, "Meaning"),
                       (76, 114, "Seasonal flood"), (76, 128, "plain"),
                       (154, 114, "Land beside a river that the water"),
                       (154, 128, "covers in most wet seasons, left"),
                       (154, 142, "to grazing and hay in summer")]:
        page.insert_text((x, y), text, fontsize=10)
    assert _table_rows(convert(doc.tobytes())) == [
        [["Term", "Meaning"], ["Seasonal flood plain", "Land beside a river that the water "
                                                       "covers in most wet seasons, left to "
                                                       "grazing and hay in summer"]]]


def _centred(page, x0, x1, y, text):
    width = pymupdf.get_text_length(text, fontsize=10)
    page.insert_text(((x0 + x1 - width) / 2, y), text, fontsize=10)


def test_key_lines_centred_in_their_column_wrap_only_where_the_next_word_did_not_fit():
    # A statistics table with its row names centred: "95% confidence" / "interval" is a
    # name wrapped at the column's width; "p value" under "interval" would have fitted
    # after it, so it is the next row's (a short centred line ends far from the edge).
    doc = pymupdf.open()
    page = doc.new_page()
    xs = [72, 160, 240, 320]
    _boxed_table(page, xs, 80, 100, 168)
    rows = [["", "North", "South"], ["Pearson r", "0.50", "0.81"],
            ["95% confidence interval", "0.18 to 0.73", "0.61 to 0.91"],
            ["p value", "0.0022", "0.0100"]]
    for c in (1, 2):
        _centred(page, xs[c], xs[c + 1], 94, rows[0][c])
    for y, parts in ((114, [["Pearson r"], ["0.50"], ["0.81"]]),
                     (132, [["95% confidence", "interval"], ["0.18 to", "0.73"],
                            ["0.61 to", "0.91"]]),
                     (160, [["p value"], ["0.0022"], ["0.0100"]])):
        for c, lines in enumerate(parts):
            for k, text in enumerate(lines):
                _centred(page, xs[c], xs[c + 1], y + 12 * k, text)
    assert _table_rows(convert(doc.tobytes())) == [rows]


def test_numbers_under_numbers_in_the_key_column_are_rows():
    # Scores as wide as their column, centred, one a row: a number under a number starts
    # a row, whatever the room beside it (numbers do not wrap).
    doc = pymupdf.open()
    page = doc.new_page()
    xs = [72, 108, 208]
    rows = [["Score", "Word"], ["0.000", "unicameral"], ["0.000", "gruffly"],
            ["0.125", "kingly"], ["0.250", "windsock"]]
    _boxed_table(page, xs, 80, 100, 100 + 14 * (len(rows) - 1) + 4)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            _centred(page, xs[c], xs[c + 1], 94 + 14 * r + (2 if r else 0), text)
    assert _table_rows(convert(doc.tobytes())) == [rows]


def test_two_boxes_side_by_side_are_not_read_as_rows():
    # A diagram's two class boxes drawn side by side, each a title over its attributes,
    # the right one shorter: no table whose body rows were run together.
    doc = pymupdf.open()
    page = doc.new_page()
    for y, x1 in ((100, 360), (120, 360)):
        page.draw_line((72, y), (x1, y))
    page.draw_line((72, 184), (216, 184))
    page.draw_line((216, 144), (360, 144))
    for x, bottom in ((72, 184), (216, 184), (360, 144)):
        page.draw_line((x, 100), (x, bottom))
    for x, y, text in [(90, 114, "MillEvent"), (234, 114, "FlowEvent"),
                       (76, 134, "- SiteName: char"), (76, 148, "- SiteID: UUID"),
                       (76, 162, "- Status: code"), (76, 176, "- Kind: code"),
                       (220, 134, "- Definition: code")]:
        page.insert_text((x, y), text, fontsize=10)
    assert all(len(table) <= 2 for table in _table_rows(convert(doc.tobytes())))


def test_a_column_sized_to_its_widest_entry_keeps_one_entry_a_row():
    # LaTeX's `l` column hugs its widest entry: a short entry under it would not have
    # fitted after it within the padding, yet it is the next row's, as it fits within
    # the column's rules.
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [["Key", "Description"], ["b for bottom", "at the bottom of a page"],
            ["p for page", "on a page of floats"], ["H for HERE", "here, harder"],
            ["!", "force the choice"]]
    width = max(pymupdf.get_text_length(row[0], fontsize=10) for row in rows)
    xs = [72, 72 + width + 12, 300]
    _boxed_table(page, xs, 80, 100, 100 + 12 * (len(rows) - 1) + 4)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            page.insert_text((xs[c] + 6, 94 + 12 * r + (2 if r else 0)), text, fontsize=10)
    assert _table_rows(convert(doc.tobytes())) == [rows]


def test_a_boxed_card_whose_two_panels_do_not_line_up_is_not_split_into_rows():
    # A card: a title bar over a picture's caption lines beside a story, set in their own
    # leading. The lines of the two panels never stand level, so no rows are read.
    doc = pymupdf.open()
    page = doc.new_page()
    _boxed_table(page, [72, 250, 500], 80, 100, 220)
    page.insert_text((76, 94), "Name", fontsize=10)
    page.insert_text((254, 94), "Story", fontsize=10)
    for k, text in enumerate(["Mitsiky", "Member since 2015", "Role: Team Mascot"]):
        page.insert_text((76, 164 + 19 * k), text, fontsize=10)
    for k, text in enumerate(["I am a dog of four years and have been the",
                              "team's mascot for two of them; I take my job",
                              "seriously, and try to make everyone smile.",
                              "My goal is to catch a squirrel this year."]):
        page.insert_text((254, 116 + 13.5 * k), text, fontsize=10)
    assert all(len(table) <= 2 for table in _table_rows(convert(doc.tobytes())))


def test_a_row_of_one_box_under_a_header_of_three_stays_a_table():
    # A shop page's three delivery choices ruled as a row of boxes, a button's box under
    # the first alone: the finder's second row has one cell and two empty places, which
    # no unruled body's split reads (and must not fail on).
    doc = pymupdf.open()
    page = doc.new_page()
    xs = [72, 150, 220, 300]
    _grid(page, xs, [100, 140])
    page.draw_line((72, 160), (160, 160))
    for x in (72, 160):
        page.draw_line((x, 140), (x, 160))
    for x, y, text in [(80, 130, "Pickup"), (154, 130, "Delivery"), (224, 130, "Shipping"),
                       (78, 154, "Add to cart")]:
        page.insert_text((x, y), text, fontsize=10)
    assert _table_rows(convert(doc.tobytes())) == [
        [["Pickup", "Delivery", "Shipping"], ["Add to cart", "", ""]]]


def test_a_ruled_row_of_two_line_cells_under_another_ruled_row_stays_one_row():
    # A piece of a table drawn as a grid of its own, two ruled rows: the second's name
    # and its two options each on two lines, level with each other. Two lines beside two
    # lines are one row's cells as often as two rows; the rule above makes no header.
    doc = pymupdf.open()
    page = doc.new_page()
    xs = [72, 184, 400]
    _grid(page, xs, [100, 142, 170])
    for x, y, text in [(78, 124, "Type"), (190, 111, "phd (dissertation)"),
                       (190, 124, "ms (thesis)"), (190, 137, "ma (thesis)"),
                       (78, 154, "Section numbering"), (190, 154, "sectionnumbers"),
                       (78, 167, "(see section 5.3)"), (190, 167, "sectionletters")]:
        page.insert_text((x, y), text, fontsize=10)
    assert _table_rows(convert(doc.tobytes())) == [
        [["Type", "phd (dissertation) ms (thesis) ma (thesis)"],
         ["Section numbering (see section 5.3)", "sectionnumbers sectionletters"]]]


def test_a_turned_page_s_table_reads_the_same_after_another_library_turned_off_glyph_fitting():
    # pymupdf4llm switches PyMuPDF's ascender/descender fitting off for the whole process;
    # a conversion after it must read its table cells as before, and leave the switch as
    # it found it.
    doc = pymupdf.open()
    page = doc.new_page()
    page.set_rotation(90)
    upright = page.derotation_matrix
    xs, ys = [72, 172, 272, 372], [100, 116, 132, 148, 164]
    rows = [["Fix type", "Course", "Distance"], ["Final fix", "143.76", "5.28"],
            ["Missed approach", "256.46", "11.83"], ["Holding fix", "029.22", "6.50"]]
    for y in ys:
        page.draw_line(pymupdf.Point(xs[0], y) * upright, pymupdf.Point(xs[-1], y) * upright)
    for x in xs:
        page.draw_line(pymupdf.Point(x, ys[0]) * upright, pymupdf.Point(x, ys[-1]) * upright)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            page.insert_text(pymupdf.Point(xs[c] + 4, ys[r] + 12) * upright, text, fontsize=10,
                             rotate=90)
    before = pymupdf.TOOLS.unset_quad_corrections()
    pymupdf.TOOLS.unset_quad_corrections(True)
    try:
        tables = [b for b in convert(doc.tobytes()).blocks if b.kind == "table"]
        assert pymupdf.TOOLS.unset_quad_corrections()
    finally:
        pymupdf.TOOLS.unset_quad_corrections(before)
    assert len(tables) == 1
    assert [line.split("\t") for line in tables[0].text.splitlines()] == rows


def _shared_column_table(page, ruled_rows, rows, right_edges):
    """A table of three ruled columns whose middle one holds two runs of text a row:
    each row's second and third texts, the third set at `right_edges[r]` (points into
    the middle column). Rules between the body rows when `ruled_rows`."""
    xs, pitch = [72, 172, 352, 432], 15
    ys = [80, 80 + pitch] + [80 + pitch * (r + 1) for r in range(1, len(rows))]
    if ruled_rows:
        _grid(page, xs, ys)
    else:
        _boxed_table(page, xs, ys[0], ys[1], ys[-1])
    for r, (key, left, right, last) in enumerate(rows):
        y = ys[r] + 11
        for x, text in ((xs[0] + 3, key), (xs[1] + 3, left), (xs[1] + right_edges[r], right),
                        (xs[2] + 3, last)):
            page.insert_text((x, y), text, fontsize=10)


ANTIBODIES = [("Antibody", "Vendor", "Catalog", "Dilution"),
              ("CHK2", "Cell Signal", "2197", "1:1000"),
              ("pATR", "Cell Signal", "2853", "1:1000"),
              ("GAPDH", "Proteintech", "60004", "1:10000"),
              ("CCNE1", "Sigma", "HPA018169", "1:2000"),
              ("Tubulin", "Millipore", "05-636", "1:200")]


@pytest.mark.parametrize("ruled_rows", [True, False])
def test_a_ruled_column_holding_two_aligned_text_columns_is_two_columns(ruled_rows):
    # A vendor and its catalogue number set as two text columns, each under a header of
    # its own, inside one ruled column: the cells read "Cell Signal 2197" and the header
    # "Vendor Catalog" where the table has four columns.
    doc = pymupdf.open()
    page = doc.new_page()
    _shared_column_table(page, ruled_rows, ANTIBODIES, [90] * len(ANTIBODIES))
    assert _table_rows(convert(doc.tobytes())) == [[list(row) for row in ANTIBODIES]]


def test_a_second_text_column_under_a_header_wider_than_it_is_a_column_too():
    # The same table, its second header "Catalog number" centred over the catalogue
    # numbers and wider than they are: it starts left of their edge, in the white
    # between the two runs, and the ruled column stayed one ("Cell Signal 2197").
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [("Antibody", "Vendor", "Catalog number", "Dilution"), *ANTIBODIES[1:]]
    _shared_column_table(page, True, rows, [81] + [90] * (len(rows) - 1))
    assert _table_rows(convert(doc.tobytes())) == [[list(row) for row in rows]]


def test_a_ruled_cell_of_pairs_that_do_not_align_or_of_wrapped_prose_stays_one_cell():
    # "label  value" pairs whose values start wherever their labels end, and a column of
    # prose wrapped over two lines: no second text column runs down the rows.
    doc = pymupdf.open()
    page = doc.new_page()
    pairs = [("Site", "Gauge", "Reading", "Note"), ("North", "Level", "3.2 m", "dry"),
             ("South", "Flow rate", "12 l/s", "wet"), ("East", "Depth", "1.4 m", "dry"),
             ("West", "Temperature", "9 C", "cold")]
    edges = [40, 33, 52, 35, 70]
    _shared_column_table(page, True, pairs, edges)
    prose = doc.new_page()
    xs, ys = [72, 172, 352], [80, 95, 125, 155, 185]
    _grid(prose, xs, ys)
    notes = [("Site", "Notes"), ("North", "The weir was cleared and", "the gate oiled."),
             ("South", "Silt lay on the piers and", "the rail was loose."),
             ("East", "Pump two was off for a", "week in the rain.")]
    prose.insert_text((75, 91), "Site", fontsize=10)
    prose.insert_text((175, 91), "Notes", fontsize=10)
    for r, (key, *lines) in enumerate(notes[1:], start=1):
        prose.insert_text((75, ys[r] + 11), key, fontsize=10)
        for k, text in enumerate(lines):
            prose.insert_text((175, ys[r] + 11 + 12 * k), text, fontsize=10)
    assert _table_rows(convert(doc.tobytes())) == [
        [[key, f"{left} {right}", last] for key, left, right, last in pairs],
        [["Site", "Notes"]] + [[key, " ".join(lines)] for key, *lines in notes[1:]]]
