"""Borderless tables found from text alignment: cells written as one text line, cells
wrapped onto several lines, statements with leader dots, a paragraph beside a table."""

from __future__ import annotations

import math

import pymupdf
import pytest

from webfold import convert
from webfold.pdf.layout import column_gutters
from webfold.pdf.native import read_page

INTRO = "The offices sent their counts at the end of the season, as listed below."
OUTRO = "Figures for the next season follow once every office has sent its report."


def _tables(data: bytes) -> list[list[list[str]]]:
    result = convert(data)
    assert result.ok, result.error
    return [[row.split("\t") for row in b.text.splitlines()] for b in result.blocks
            if b.kind == "table"]


def _write_row(page: pymupdf.Page, y: float, cells: list[str], xs: list[float],
               size: float = 10, font: str = "helv") -> None:
    for x, text in zip(xs, cells, strict=True):
        page.insert_text((x, y), text, fontsize=size, fontname=font)


def test_cells_close_together_in_one_text_line_are_split_at_the_gaps():
    rows = [["Site", "Count", "Owner"], ["North mill", "1,204", "Town council"],
            ["Old bridge", "98", "River board"], ["Stone farm", "7,310", "Private owner"],
            ["Lake port", "415", "Harbour trust"]]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    # Columns 6.5 pt apart: MuPDF joins neighbouring cells into one text line.
    widths = [max(pymupdf.get_text_length(r[c], fontsize=10) for r in rows) for c in range(3)]
    xs = [72, 72 + widths[0] + 6.5, 72 + widths[0] + widths[1] + 13]
    for r, row in enumerate(rows):
        _write_row(page, 110 + 14 * r, row, xs)
    page.insert_text((72, 200), OUTRO, fontsize=10)
    data = doc.tobytes()
    with pymupdf.open(stream=data) as check:  # the premise: cells do share lines
        texts = [ln.text for ln in read_page(check[0], 1).lines]
    assert sum(1 for t in texts if any(f"{a} {b}" in t for row in rows
                                       for a, b in zip(row, row[1:], strict=False))) >= 2
    assert _tables(data) == [rows]


def test_cells_wrapped_onto_several_lines_are_one_cell():
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    xs = [72, 170, 250]
    body = [("Wheat", "1,200", ["delivered late because", "the road was closed"]),
            ("Barley", "950", ["checked again by the", "district office after", "the floods"]),
            ("Oats", "430", ["estimate only"]),
            ("Rye", "610", ["moved to the eastern", "warehouse"])]
    y = 110
    _write_row(page, y, ["Crop", "Area", "Note"], xs)
    for crop, area, note in body:
        y += 20  # rows 20 pt apart, the lines of a cell 12 pt
        _write_row(page, y, [crop, area, note[0]], xs)
        for k, more in enumerate(note[1:], 1):
            page.insert_text((xs[2], y + 12 * k), more, fontsize=10)
        y += 12 * (len(note) - 1)
    page.insert_text((72, y + 40), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [[["Crop", "Area", "Note"]] + [
        [crop, area, " ".join(note)] for crop, area, note in body]]


def test_numbers_under_numbers_are_rows_not_wrapped_lines():
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [["", "2025", "2024"], ["Fees", "1,250", "1,100"], ["Grants", "(340)", "96"],
            ["Loans", "12,001", "9,870"]]
    for r, row in enumerate(rows):
        y = 100 + 12 * r  # tight: each row a line height under the last
        page.insert_text((72, y), row[0], fontsize=10)
        for edge, amount in zip((300, 380), row[1:], strict=True):
            page.insert_text((edge - pymupdf.get_text_length(amount, fontsize=10), y), amount,
                             fontsize=10)
    assert _tables(doc.tobytes()) == [rows]


def test_statement_labels_lose_their_leader_dots_but_contents_stay_lines():
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [["", "2025", "2024"], ["Revenue", "77,944", "16,241"],
            ["Operating costs", "99,980", "17,621"], ["Grants received", "45,624", "45,895"]]
    for r, row in enumerate(rows):
        y = 100 + 16 * r
        if row[0]:
            dots = " ." * int((260 - 80 - pymupdf.get_text_length(row[0], fontsize=10)) / 5)
            page.insert_text((72, y), row[0] + dots, fontsize=10)
        for edge, amount in zip((330, 400), row[1:], strict=True):
            page.insert_text((edge - pymupdf.get_text_length(amount, fontsize=10), y), amount,
                             fontsize=10)
    contents = doc.new_page()
    for k, (title, number) in enumerate([("Introduction", "1"), ("Methods", "5"),
                                         ("Results", "9"), ("Discussion", "14")]):
        dots = " ." * int((300 - pymupdf.get_text_length(title, fontsize=10)) / 5)
        contents.insert_text((72, 100 + 16 * k), title + dots, fontsize=10)
        contents.insert_text((420, 100 + 16 * k), number, fontsize=10)
    result = convert(doc.tobytes())
    tables = [b for b in result.blocks if b.kind == "table"]
    assert [[row.split("\t") for row in t.text.splitlines()] for t in tables] == [rows]
    assert "Methods ... 5" in result.markdown


def _amounts(page: pymupdf.Page, y: float, amounts: list[str], edges: tuple[float, ...],
             font: str = "helv") -> None:
    for edge, amount in zip(edges, amounts, strict=True):
        page.insert_text((edge - pymupdf.get_text_length(amount, fontname=font, fontsize=10), y),
                         amount, fontsize=10, fontname=font)


STATEMENT = [("Current assets", [("Cash at bank", "12,400", "9,870"), ("Stock", "3,115", "2,980")],
              ("Total current assets", "15,515", "12,850")),
             ("Liabilities", [("Loans", "(4,200)", "(5,000)"), ("Creditors", "1,980", "2,210"),
                              ("Taxes due", "640", "590")],
              ("Total liabilities", "(1,580)", "(2,200)"))]


def _statement_rows() -> list[list[str]]:
    rows = [["", "2025", "2024"]]
    for title, items, total in STATEMENT:
        rows += [[title, "", ""], *[list(item) for item in items], list(total)]
    return rows


def test_section_titles_of_a_statement_stay_rows_of_its_table():
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    y = 110
    _amounts(page, y, ["2025", "2024"], (330, 400))
    for title, items, total in STATEMENT:
        y += 14
        page.insert_text((72, y), title, fontsize=10, fontname="hebo")
        for label, *amounts in items:
            y += 14
            page.insert_text((84, y), label, fontsize=10)  # items indented under the title
            _amounts(page, y, amounts, (330, 400))
        y += 14
        page.insert_text((72, y), total[0], fontsize=10, fontname="hebo")
        _amounts(page, y, list(total[1:]), (330, 400), font="hebo")
    page.insert_text((72, y + 40), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [_statement_rows()]


def test_leader_dots_run_into_the_amount_part_the_label_from_it():
    # A word processor's tab leaders: the label, its dots and the amount at the stop
    # written as one text ("Cash at bank.......12,400"), the dots touching the amount.
    doc = pymupdf.open()
    page = doc.new_page()
    y = 110
    _amounts(page, y, ["2025", "2024"], (330, 400))
    dot = pymupdf.get_text_length(".", fontsize=10)
    for title, items, total in STATEMENT:
        y += 14
        page.insert_text((72, y), title, fontsize=10)
        for label, first, second in [*items, total]:
            y += 14
            x = 84 if (label, first, second) in items else 72
            room = 330 - x - pymupdf.get_text_length(label + first, fontsize=10)
            _amounts(page, y, [label + "." * int(room / dot) + first, second], (330, 400))
    data = doc.tobytes()
    with pymupdf.open(stream=data) as check:  # the premise: the dots run into the amount
        words = [w[4] for w in check[0].get_text("words")]
    assert any(w.startswith("bank...") and w.endswith("12,400") for w in words)
    assert _tables(data) == [_statement_rows()]


def test_an_amount_a_space_before_the_next_column_s_text_line_is_a_cell_of_its_own():
    # A spreadsheet's print: amounts right-aligned to their column's edge, the next
    # column's text left-aligned a point after it, each cell written as a line of its
    # own (column by column) and the text wrapped onto a second line in tall rows.
    rows = [["Site", "Count", "Note"],
            ["North mill", "1,204", "delivered late because the road was closed"],
            ["Old bridge", "98", "checked again by the district office"],
            ["Stone farm", "7,310", "moved to the eastern warehouse"],
            ["Lake port", "415", "shared between the two villages"]]
    doc = pymupdf.open()
    page = doc.new_page()
    edge = 200
    for r, (site, count, _) in enumerate(rows):  # the first two columns, row by row
        y = 100 + 30 * r
        page.insert_text((72, y), site, fontsize=10)
        x = edge - pymupdf.get_text_length(count, fontsize=10) if r else 150
        page.insert_text((x, y), count, fontsize=10)
    for r, (_, _, note) in enumerate(rows):  # then the notes, wrapped after three words
        words = note.split()
        page.insert_text((edge + 1.5, 100 + 30 * r), " ".join(words[:3]), fontsize=10)
        if words[3:]:
            page.insert_text((edge + 1.5, 112 + 30 * r), " ".join(words[3:]), fontsize=10)
    data = doc.tobytes()
    with pymupdf.open(stream=data) as check:  # the premise: amount and note are two lines
        texts = [ln.text for ln in read_page(check[0], 1).lines]
    assert "1,204" in texts and "delivered late because" in texts
    assert _tables(data) == [rows]


def _latex_contents_line(page: pymupdf.Page, y: float, number: str, title: str, label: str,
                         chapter: bool) -> None:
    """One line of a LaTeX contents page: a chapter's number in a column of its own and
    its page number without leaders, in bold; a section's number indented, its title,
    leader dots each set on its own at a fixed pitch, its page number right-aligned."""
    font = "hebo" if chapter else "helv"
    page.insert_text((72 if chapter else 87, y), number, fontsize=10, fontname=font)
    page.insert_text((87 if chapter else 110, y), title, fontsize=10, fontname=font)
    if not chapter:
        start = 110 + pymupdf.get_text_length(title, fontsize=10) + 3
        for k in range(math.ceil(start / 7.7), 52):  # TeX aligns leaders on a grid
            page.insert_text((7.7 * k, y), ".", fontsize=10)
    page.insert_text((430 - pymupdf.get_text_length(label, fontname=font, fontsize=10), y),
                     label, fontsize=10, fontname=font)


def test_a_latex_contents_list_is_lines_not_a_table():
    entries = [("1", "Documentation", "3"), ("1.1", "Introduction", "3"),
               ("1.2", "Numbers", "3"), ("1.3", "Scratch registers", "4"),
               ("2", "Implementation", "6"), ("2.1", "Identification", "6"),
               ("2.2", "Argument killers", "9"), ("2.3", "List helpers", "12")]
    doc = pymupdf.open()
    for part in (entries[:5], entries[5:]):  # broken by a page, as a long one is
        page = doc.new_page()
        for k, (number, title, label) in enumerate(part):
            _latex_contents_line(page, 100 + 14 * k, number, title, label, "." not in number)
    result = convert(doc.tobytes())
    assert not [b for b in result.blocks if b.kind == "table"]
    # Leader dots are written as three; a chapter's line has none.
    assert [b.text for b in result.blocks] == [
        f"{number} {title} {label}" if "." not in number else f"{number} {title} ... {label}"
        for number, title, label in entries]
    assert {b.kind for b in result.blocks} == {"paragraph"}


def _glued_contents_line(page: pymupdf.Page, y: float, number: str, title: str,
                         label: str) -> None:
    """One line of a word processor's contents page: a chapter's number, in bold, in a
    column of its own, a section's number indented under its title; the title, its leader
    dots and its page number one text line (no gap between leaders and number)."""
    chapter = "." not in number
    font, size = ("hebo", 12) if chapter else ("helv", 10)
    page.insert_text((72 if chapter else 86, y), number, fontsize=size, fontname=font)
    text = title + " "
    while pymupdf.get_text_length(f"{text}. {label}", fontsize=size, fontname=font) < 300:
        text += "."
    page.insert_text((102, y), f"{text} {label}", fontsize=size, fontname=font)


# Page numbers, or a template's placeholders for them.
@pytest.mark.parametrize("labels", [("14", "14", "15", "16", "16", "17"),
                                    ("1", "*", "*", "*", "*", "*")])
def test_a_contents_list_with_leaders_run_into_the_page_numbers_is_lines_not_a_table(labels):
    titles = [("1", "LOCATION OF THE PROJECT"), ("1.1", "GEOGRAPHIC LOCATION"),
              ("1.2", "LAND REGISTRY"), ("2", "HOW THE PLANT WORKS"),
              ("2.1", "GENERAL PRINCIPLES"), ("2.2", "ORDER OF DEFINITION")]
    entries = [(number, title, label) for (number, title), label in zip(titles, labels,
                                                                         strict=True)]
    doc = pymupdf.open()
    page = doc.new_page()
    for k, entry in enumerate(entries):
        _glued_contents_line(page, 100 + 20 * k, *entry)
    result = convert(doc.tobytes())
    assert [(b.kind, b.text) for b in result.blocks] == [
        ("paragraph", f"{number} {title} ... {label}") for number, title, label in entries]


def test_a_contents_list_without_numbers_or_leaders_is_lines_not_a_table():
    entries = [("Introduction", "1"), ("The system", "2"), ("Some examples", "3"),
               ("Some assurances", "5"), ("Configuration possibilities", "5")]
    doc = pymupdf.open()
    page = doc.new_page()
    for k, (title, label) in enumerate(entries):  # page numbers right-aligned at 300
        page.insert_text((72, 100 + 14 * k), title, fontsize=10)
        page.insert_text((300 - pymupdf.get_text_length(label, fontsize=10), 100 + 14 * k),
                         label, fontsize=10)
    result = convert(doc.tobytes())
    assert [b.text for b in result.blocks] == [f"{title} {label}" for title, label in entries]


def test_a_contents_list_with_pages_numbered_within_chapters_is_lines_not_a_table():
    # A thesis's contents list numbers pages within each chapter ("2-1"), without leaders.
    entries = [("Preface", "iii"), ("List of Figures", "v"), ("Abstract", "vii"),
               ("I. The first chapter", "1-1"), ("1.1 The first section", "1-1"),
               ("1.2 The second section", "1-4"), ("II. The second chapter", "2-1"),
               ("2.1 A section in the second chapter", "2-1"), ("III. Conclusions", "3-1"),
               ("Appendix A. Data", "A-1"), ("Vita", "VITA-1")]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((300 - pymupdf.get_text_length("Page", fontsize=10), 86), "Page",
                     fontsize=10)
    for k, (title, label) in enumerate(entries):
        page.insert_text((72, 110 + 16 * k), title, fontsize=10)
        page.insert_text((300 - pymupdf.get_text_length(label, fontsize=10), 110 + 16 * k),
                         label, fontsize=10)
    texts = [b.text for b in convert(doc.tobytes()).blocks]
    assert texts[-len(entries):] == [f"{title} {label}" for title, label in entries]


@pytest.mark.parametrize("rows", [
    [("Age group", "Years"), ("Children", "5-12"), ("Young people", "13-24"),
     ("Adults", "25-64"), ("Older people", "65-99")],
    [("Aircraft", "Type"), ("Fighter", "F-16"), ("Bomber", "B-52"), ("Tanker", "KC-135")]])
def test_ranges_or_codes_beside_titles_are_no_contents_list(rows):
    doc = pymupdf.open()
    page = doc.new_page()
    for k, (title, label) in enumerate(rows):
        page.insert_text((72, 110 + 16 * k), title, fontsize=10)
        page.insert_text((300 - pymupdf.get_text_length(label, fontsize=10), 110 + 16 * k),
                         label, fontsize=10)
    assert _tables(doc.tobytes()) == [[list(row) for row in rows]]


def test_a_running_header_over_a_contents_list_is_no_entry_of_it():
    entries = [("1 Introduction", "1"), ("2 Methods", "3"), ("3 Results", "8"),
               ("4 Discussion", "12")]
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [("Contents", "7")] + entries  # the page's running header, its number at right
    for k, (title, label) in enumerate(rows):
        page.insert_text((72, 80 + 16 * k), title, fontsize=10)
        page.insert_text((300 - pymupdf.get_text_length(label, fontsize=10), 80 + 16 * k),
                         label, fontsize=10)
    texts = [b.text for b in convert(doc.tobytes()).blocks]
    assert texts[-4:] == [f"{title} {label}" for title, label in entries]
    assert "Contents 7" not in texts


def test_a_first_page_with_a_contents_list_is_no_cover_page():
    # A cover page's lines under its title are no headings; a contents page's heading is.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Rain gauge: user manual", fontsize=20)
    page.insert_text((72, 120), "Contents", fontsize=14)
    for k, (title, label) in enumerate([("1 Getting started", "2"), ("1.1 The box", "2"),
                                        ("2 Installation", "3"), ("3 Maintenance", "4")]):
        page.insert_text((72, 150 + 16 * k), title, fontsize=10)
        page.insert_text((300 - pymupdf.get_text_length(label, fontsize=10), 150 + 16 * k),
                         label, fontsize=10)
    blocks = convert(doc.tobytes()).blocks
    assert [(b.kind, b.text) for b in blocks[:3]] == [
        ("heading", "Rain gauge: user manual"), ("heading", "Contents"),
        ("paragraph", "1 Getting started 2")]


def test_a_code_listing_with_line_numbers_is_no_table():
    # A LaTeX package's documented source: line numbers in a small roman type, the code
    # in typewriter type, whose spaces are wider than the gap between two cells.
    code = ["\\TMP@EnsureCode{33}{12}% !", "\\TMP@EnsureCode{39}{12}% '",
            "\\TMP@EnsureCode{42}{12}% *", "\\TMP@EnsureCode{43}{12}% +"]
    doc = pymupdf.open()
    page = doc.new_page()
    for k, line in enumerate(code):
        page.insert_text((72, 100 + 11 * k), str(125 + k), fontsize=7)
        page.insert_text((86, 100 + 11 * k), line, fontsize=9, fontname="cour")
    result = convert(doc.tobytes())
    assert [b.kind for b in result.blocks] == ["code"]
    assert result.blocks[0].text.splitlines()[0] == "125 \\TMP@EnsureCode{33}{12}% !"


@pytest.mark.parametrize("rotation", [90, 270])
def test_a_borderless_table_on_a_page_stored_turned_is_found(rotation: int) -> None:
    # A landscape page stored as print drivers store it: portrait, its content drawn
    # sideways, under a /Rotate that shows it upright. Its lines run down the stored page.
    rows = [["Site", "Count", "Owner", "Share"], ["North mill", "1,204", "Town", "12%"],
            ["Old bridge", "98", "River board", "3%"], ["Stone farm", "7,310", "Private", "40%"],
            ["Lake port", "415", "Harbour", "9%"]]
    landscape = pymupdf.open()
    page = landscape.new_page(width=842, height=595)
    page.insert_text((72, 80), INTRO, fontsize=10)
    for r, row in enumerate(rows):
        _write_row(page, 110 + 16 * r, row, [72, 200, 300, 420])
    page.insert_text((72, 220), OUTRO, fontsize=10)
    doc = pymupdf.open()
    stored = doc.new_page(width=595, height=842)
    stored.show_pdf_page(stored.rect, landscape, 0, rotate=rotation)
    stored.set_rotation(rotation)
    result = convert(doc.tobytes())
    assert _tables(doc.tobytes()) == [rows]
    assert result.markdown.index(INTRO) < result.markdown.index("North mill") < \
        result.markdown.index(OUTRO)


def test_boxes_of_a_class_diagram_side_by_side_are_no_table():
    # Two objects of a class diagram drawn as filled frames, their attributes level with
    # each other: the lines line up as a table's columns would, each column in a box of
    # its own.
    objects = [("margret", ["kenntVerleiher1", "kenntVerleiher2", "kenntEhemann",
                            "hatFormular", "alter = 28", "name = MARGRET",
                            "nimmAn(formular)"], 92),
               ("manni", ["hatFormular", "kenntMieter1", "kenntMieter2", "name = MANNI",
                          "lieblingslied = HOCH", "singeLied", "erledigeFormalitaet"], 239)]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    for name, attributes, x in objects:
        page.draw_rect((x - 3, 160, x + 120, 240), color=(0, 0, 0), fill=(0.9, 0.9, 0.9))
        page.insert_text((x + 30, 169), name, fontsize=8)
        for k, attribute in enumerate(attributes):  # the methods set a little apart
            page.insert_text((x, 181 + 8.4 * k + (3.5 if k == 6 else 0)), attribute,
                             fontsize=8)
    page.insert_text((72, 280), OUTRO, fontsize=10)
    result = convert(doc.tobytes())
    assert not [b for b in result.blocks if b.kind == "table"]
    assert "erledigeFormalitaet" in result.markdown


def test_two_columns_of_a_forms_boxes_parted_by_a_rule_are_no_table():
    # A tax form's part in two columns of numbered boxes, a drawn rule down between them;
    # each box's rules end at that rule, the left column's at other heights than the
    # right's, and the labels stop well short of it (2-3 line heights): the boxes' lines
    # stand level by chance, and were read as a four-column table.
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    left = [("1", 108, "Ordinary income (loss)", 7), ("2", 132, "Net rental of moorings", 6),
            ("3", 156, "Other rental income (loss)", 7), ("4a", 180, "Payments for pilots", 6)]
    right = [("14", 108, "Self-employed boat earnings"), ("15", 144, "Credits"),
             ("16", 180, "Schedule P-3 is attached if")]
    for _, y, label, size in left:
        page.insert_text((346, y - 0.5), label, fontsize=size)
    for _, y, label in right:
        page.insert_text((465, y - 0.5), label, fontsize=7)
    page.insert_text((465, 191.5), "checked", fontsize=7)
    # The box numbers come last in the content, as the form's filler wrote them: MuPDF
    # keeps them lines of their own.
    for number, y, _, _ in left:
        page.insert_text((341 - 4 * len(number), y), number, fontsize=8, fontname="hebo")
    for number, y, _ in right:
        page.insert_text((454, y), number, fontsize=8, fontname="hebo")
    for y, x0, x1 in ((120.5, 328, 576), (132.5, 450.4, 576), (144.5, 328, 450.4),
                      (156.5, 450.4, 576), (168.5, 328, 576), (192.5, 328, 576)):
        page.draw_line((x0, y), (x1, y), width=0.5)
    for x, top in ((450.4, 96.5), (327.6, 72.5)):
        page.draw_line((x, top), (x, 600), width=0.5)
    result = convert(doc.tobytes())
    assert not [b for b in result.blocks if b.kind == "table"], result.markdown
    assert "Schedule P-3 is attached if" in result.markdown


def test_a_book_index_is_no_table():
    # Entries and their page numbers, set apart by a gap (a two-column index's entries
    # line up as a table's columns would).
    entries = [("\\labelitemi", "3, 14"), ("\\labelitemii", "3, 17"),
               ("\\labelitemiii", "3, 20"), ("legge (ambiente)", "5, 63"),
               ("lemma (ambiente)", "77, 78"), ("lista", "12")]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Index", fontsize=14)
    for k, (entry, pages) in enumerate(entries):
        page.insert_text((72, 110 + 13 * k), entry, fontsize=10)
        page.insert_text((200, 110 + 13 * k), pages, fontsize=10)
    result = convert(doc.tobytes())
    assert not [b for b in result.blocks if b.kind == "table"]
    assert "77, 78" in result.markdown


def test_an_index_whose_page_lists_break_after_a_comma_is_no_table():
    # An index's page lists set with their spaces stretched: the first page and its comma
    # stand apart from the next page as a cell of their own in every row.
    entries = [("caption (package)", "39,", "41"), ("figure (env.)", "27,", "33"),
               ("label", "20,", "24"), ("table (env.)", "8,", "12")]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Index", fontsize=14)
    for k, (entry, first, rest) in enumerate(entries):
        page.insert_text((72, 110 + 13 * k), entry, fontsize=10)
        page.insert_text((200, 110 + 13 * k), first, fontsize=10)
        page.insert_text((240, 110 + 13 * k), rest, fontsize=10)
    result = convert(doc.tobytes())
    assert not [b for b in result.blocks if b.kind == "table"]
    assert "27, 33" in result.markdown


def test_a_change_history_in_two_columns_is_no_table():
    # LaTeX's change history: version labels, entries wrapped over lines with the page
    # number level with their last line, set in two columns (no column headed).
    left = [("v1.0", ""), ("General: First draft.", "1"), ("v1.1a", ""),
            ("General: New concept: redefine the", ""), ("internal commands etc.", "1"),
            ("v1.1b", ""), ("General: Font used to", ""), ("specify the font.", "3")]
    right = [("v2.0a", ""), ("General: New implementation and", ""),
             ("new documentation.", "1"), ("v2.0b", ""), ("General: Spaces removed", ""),
             ("from the macros.", "9"), ("v2.0c", ""), ("General: Documentation.", "5")]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Change History", fontsize=14)
    for x, edge, entries in ((72, 270, left), (310, 508, right)):
        for k, (text, number) in enumerate(entries):
            page.insert_text((x, 110 + 12 * k), text, fontsize=9)
            if number:
                width = pymupdf.get_text_length(number, fontsize=9)
                page.insert_text((edge - width, 110 + 12 * k), number, fontsize=9)
    result = convert(doc.tobytes())
    assert not [b for b in result.blocks if b.kind == "table"]
    assert "General: Spaces removed" in result.markdown


def test_an_index_with_one_page_an_entry_is_lines_not_a_table():
    # LaTeX's index: each entry, its leader dots and its page number, right-aligned; no
    # page lists ("3, 14") tell it from a table of names and figures, the entries' order
    # and the figures' column without a heading do.
    entries = [("headheight", "30"), ("headsep", "31"), ("helvet (package)", "8"),
               ("hyperref (package)", "1"), ("hyphenation", "12")]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((120, 95), "H", fontsize=9, fontname="hebo")
    for k, (entry, number) in enumerate(entries):
        text = entry + " "
        while pymupdf.get_text_length(text + " .", fontsize=9) < 96:
            text += " ."
        page.insert_text((72, 110 + 11 * k), text, fontsize=9)
        page.insert_text((184 - pymupdf.get_text_length(number, fontsize=9), 110 + 11 * k),
                         number, fontsize=9)
    blocks = convert(doc.tobytes()).blocks
    assert [b.kind for b in blocks] == ["heading"] + ["paragraph"] * len(entries)
    assert [b.text.split()[-1] for b in blocks[1:]] == [number for _, number in entries]


def test_an_index_in_two_columns_with_pages_in_the_entries_cells_is_no_table():
    # A package manual's index set in two columns, each entry's pages after it in the
    # same line ("graphicx (package) 5"), some entries with a page list, a letter over
    # each group: the columns' lines pair up as a table's rows would.
    left = ["C", "caption (package) 5", "cleveref (package) 5, 6",
            "course/id (option) 12, 16", "csquotes (package) 5"]
    right = ["graphicx (package) 5", "I", "institute (option) 12, 17",
             "institute logo (option) 12", "intro (option) 14"]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Index", fontsize=14)
    for x, entries in ((72, left), (310, right)):
        for k, text in enumerate(entries):
            page.insert_text((x, 110 + 12 * k), text, fontsize=9,
                             fontname="hebo" if len(text) == 1 else "helv")
    result = convert(doc.tobytes())
    assert not [b for b in result.blocks if b.kind == "table"]
    assert "graphicx (package) 5" in result.markdown


def test_names_set_in_columns_are_no_table():
    # A class's manual lists the packages it needs four to a line, each centred in its
    # column, all in one font: no heading, no figure, one word a cell.
    names = ["xkeyval", "etoolbox", "fancyhdr", "fancybox", "ifthen", "lastpage", "listings",
             "appendix", "amsmath", "amssymb", "amsfonts", "amsbsy", "longtable", "multirow",
             "hhline", "tabularx"]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    for k, name in enumerate(names):
        width = pymupdf.get_text_length(name, fontsize=10)
        page.insert_text((150 + 80 * (k % 4) - width / 2, 110 + 16 * (k // 4)), name,
                         fontsize=10)
    page.insert_text((72, 190), OUTRO, fontsize=10)
    result = convert(doc.tobytes())
    assert not [b for b in result.blocks if b.kind == "table"]
    assert "multirow" in result.markdown


def test_lines_numbered_at_the_margin_are_no_table():
    prose = ["The authors thank the editors of the journal for their",
             "patience with the many drafts of this paper, and the",
             "referees for the care with which they read each of them",
             "and for the questions that made the second half clearer."]
    doc = pymupdf.open()
    page = doc.new_page()
    for k, line in enumerate(prose):  # a draft's line numbers, right-aligned at 50
        number = str(k + 1)
        page.insert_text((50 - pymupdf.get_text_length(number, fontsize=8), 100 + 13 * k),
                         number, fontsize=8)
        page.insert_text((72, 100 + 13 * k), line, fontsize=10)
    result = convert(doc.tobytes())
    assert not [b for b in result.blocks if b.kind == "table"]
    assert "patience with the many drafts" in result.markdown


def test_a_list_of_references_is_no_table():
    references = [("[1]", ["G. Kavoulakis and G. Baym, Phys. Rev. B 53, 7227 (1996)."]),
                  ("[2]", ["O. Roslyak and J. Birman, PRB to be published (2007)."]),
                  ("[3]", ["D. Frohlich, G. Dasbach, G. B. Hogersthal, M. Bayer,",
                           "Phys. Rev. B 73, 245304 (2006)."]),
                  ("[4]", ["A. Hickman, Annual Report of the Mill (2004)."])]
    doc = pymupdf.open()
    page = doc.new_page()
    y = 100
    for label, lines in references:  # hanging labels, the text indented beside them
        page.insert_text((72, y), label, fontsize=9)
        for line in lines:
            page.insert_text((92, y), line, fontsize=9)
            y += 11
        y += 2
    result = convert(doc.tobytes())
    assert not [b for b in result.blocks if b.kind == "table"]
    assert "O. Roslyak and J. Birman" in result.markdown


def test_a_list_beside_a_column_of_justified_prose_is_no_table():
    # A two-column page: a nomenclature list in the left column, on the baselines of the
    # right column's justified paragraph.
    symbols = [("A", "Constant parameter"), ("t", "Time [s]"), ("y", "Position [m]"),
               ("v", "Velocity [m/s]"), ("k", "Spring constant")]
    words = ("This method enables numerical computations within the document itself. By "
             "combining this with plots drawn from the same data, the need for separate "
             "numerical packages can be reduced, and every figure stays in step with the "
             "text that describes it.").split()
    lines: list[list[str]] = [[]]
    for word in words:  # filled to 200 pt, as a paragraph is set
        if pymupdf.get_text_length(" ".join(lines[-1] + [word]), fontsize=10) > 200:
            lines.append([])
        lines[-1].append(word)
    doc = pymupdf.open()
    page = doc.new_page()
    for k, ((symbol, name), line) in enumerate(zip(symbols, lines, strict=False)):
        y = 100 + 12 * k
        page.insert_text((60, y), symbol, fontsize=10)
        page.insert_text((80, y), name, fontsize=10)
        widths = [pymupdf.get_text_length(w, fontsize=10) for w in line]
        gap = (200 - sum(widths)) / (len(line) - 1)  # justified to the column's edge
        x = 320.0
        for word, width in zip(line, widths, strict=True):
            page.insert_text((x, y), word, fontsize=10)
            x += width + gap
    result = convert(doc.tobytes())
    tables = [b for b in result.blocks if b.kind == "table"]
    assert not [t for t in tables if "numerical" in t.text]
    assert "same data, the need for separate numerical" in result.markdown


def test_leader_dots_set_wide_apart_stay_with_their_label():
    # A LaTeX nomenclature: symbol, description, leader dots 7 pt apart (each its own
    # text), the unit at the right.
    rows = [["Re", "Reynolds number (diameter)", "[-]"], ["x", "Coordinate", "[m]"],
            ["a", "Acceleration", "[m/s2]"], ["t", "Moment", "[N m]"]]
    doc = pymupdf.open()
    page = doc.new_page()
    for k, (symbol, name, unit) in enumerate(rows):
        y = 100 + 14 * k
        page.insert_text((72, y), symbol, fontsize=10)
        page.insert_text((110, y), name, fontsize=10)
        start = 110 + pymupdf.get_text_length(name, fontsize=10) + 4
        for x in range(math.ceil(start / 7) * 7, 340, 7):
            page.insert_text((x, y), ".", fontsize=10)
        page.insert_text((360, y), unit, fontsize=10)
    assert _tables(doc.tobytes()) == [rows]


def test_a_lone_dot_sign_in_a_table_of_symbols_is_a_cell():
    rows = [["Command", "Symbol"], ["\\textsection", "\u00a7"],
            ["\\textperiodcentered", "\u00b7"], ["\\textparagraph", "\u00b6"],
            ["\\textcopyright", "\u00a9"]]
    doc = pymupdf.open()
    page = doc.new_page()
    for k, row in enumerate(rows):
        _write_row(page, 100 + 14 * k, row, [72, 250])
    assert _tables(doc.tobytes()) == [rows]


def test_displayed_equations_and_their_numbers_are_no_table():
    doc = pymupdf.open()
    page = doc.new_page()
    for k, (formula, number) in enumerate([("E = m c2", "(1)"), ("a2 + b2 = c2", "(2)"),
                                           ("F = m a", "(3)"), ("p = m v", "(B2a)")]):
        page.insert_text((250, 100 + 24 * k), formula, fontsize=10)
        page.insert_text((500, 100 + 24 * k), number, fontsize=10)
    result = convert(doc.tobytes())
    assert not [b for b in result.blocks if b.kind == "table"]


def test_one_sign_before_every_line_is_a_list_marker():
    doc = pymupdf.open()
    page = doc.new_page()
    for k, text in enumerate(["Jones et al. (1990)", "Jones et al. (1990, chap. 2)",
                              "(Jones et al., 1990)", "(see Jones et al., 1990)"]):
        page.insert_text((100, 100 + 14 * k), "\u00bb", fontsize=10)  # as natbib's "⇒"
        page.insert_text((130, 100 + 14 * k), text, fontsize=10)
    result = convert(doc.tobytes())
    assert not [b for b in result.blocks if b.kind == "table"]
    assert "Jones et al. (1990, chap. 2)" in result.markdown


def test_a_paragraph_beside_a_table_is_not_a_column_of_it():
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [["Site", "Count", "Owner"], ["North mill", "1,204", "Council"],
            ["Old bridge", "98", "Board"], ["Stone farm", "7,310", "Trust"],
            ["Lake port", "415", "Owner"]]
    for r, row in enumerate(rows):
        _write_row(page, 100 + 18 * r, row, [72, 150, 200])
    prose = ["The offices sent their counts at the end", "of the season, and the board checked",
             "every figure against the registers kept", "in the town hall before the list was",
             "printed. Where two offices share a site,",
             "the site is listed once, under the office",
             "that keeps its register, as agreed before", "by all the offices of the valley."]
    for k, text in enumerate(prose):  # beside the table and on below it, 13 pt apart
        page.insert_text((300, 100 + 13 * k), text, fontsize=10)
    result = convert(doc.tobytes())
    tables = [[row.split("\t") for row in b.text.splitlines()] for b in result.blocks
              if b.kind == "table"]
    assert tables == [rows]
    assert "checked every figure against the registers" in result.markdown


def test_a_wrapped_cell_beside_the_start_of_a_paragraph_stays_in_its_row():
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [["Site", "Count", "Owner"], ["North mill", "1,204", "Council"],
            ["Old bridge", "98", "Board"], ["Stone farm", "7,310", "Trust"],
            ["Lake port", "415", "Owner"]]
    for r, row in enumerate(rows):
        _write_row(page, 100 + 18 * r, row, [72, 150, 200])
    page.insert_text((72, 184), "and quay", fontsize=10)  # "Lake port and quay" wraps
    rows[-1][0] += " and quay"
    first = ["The offices sent their counts at the end", "of the season, and the board checked",
             "every figure against the registers kept", "in the town hall, before the lists."]
    second = ["Where two offices share a site, the site", "is listed once, under the office that",
              "keeps its register, as agreed before by", "all the offices of the whole valley."]
    # The second paragraph starts beside the wrapped line, under a white line beside the
    # row's first line.
    for y, text in [*((100 + 13 * k, t) for k, t in enumerate(first)),
                    *((184 + 13 * k, t) for k, t in enumerate(second))]:
        page.insert_text((300, y), text, fontsize=10)
    assert _tables(doc.tobytes()) == [rows]


def test_labels_set_in_the_middle_of_their_rows_keep_their_lines():
    # Labels that wrap, set in the middle of their rows: a label's first line sits just
    # over its next lines, nearer to them than to the row above.
    body = [(["Wool"], "57,212", "84.9%"), (["Leather", "central"], "62,040", "85.2%"),
            (["Forest", "zinc", "timber"], "49,596", "87.9%"), (["Sugar"], "33,228", "35.3%"),
            (["Cotton", "green"], "7,301", "40.5%")]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    xs, pitch = [72, 170, 250], 11.5
    _write_row(page, 110, ["Item", "Count", "Share"], xs)
    top = 118.0
    for label, count, share in body:
        for k, text in enumerate(label):
            page.insert_text((xs[0], top + 9 + pitch * k), text, fontsize=10)
        _write_row(page, top + 9 + pitch * (len(label) - 1) / 2, [count, share], xs[1:])
        top += pitch * len(label) + 4
    page.insert_text((72, top + 30), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [[["Item", "Count", "Share"]] + [
        [" ".join(label), count, share] for label, count, share in body]]


def test_a_narrow_paragraph_beside_a_table_is_not_a_column_of_it():
    # Lines of five words or fewer, as in a narrow column, but run on at their own
    # pitch over the white between the table's rows.
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [["Site", "Count", "Share", "Owner"], ["North mill", "1,204", "12.5%", "Council"],
            ["Old bridge", "98", "3.1%", "Board"], ["Stone farm", "7,310", "40.2%", "Trust"],
            ["Lake port", "415", "9.9%", "Owner"], ["West gate", "2,060", "7.4%", "Board"]]
    for r, row in enumerate(rows):
        _write_row(page, 100 + 22 * r, row, [72, 150, 200, 250])
    prose = ("The offices sent their counts at the end of the season and the board "
             "checked every figure against the registers kept in the town hall before "
             "the list was printed. Where two offices share a site the site is listed "
             "once under the office that keeps its register").split()
    for k in range(0, len(prose), 4):  # four words a line, 13 pt apart, on below the table
        page.insert_text((330, 97 + 13 * (k // 4)), " ".join(prose[k:k + 4]), fontsize=10)
    assert _tables(doc.tobytes()) == [rows]


def test_a_table_broken_by_a_page_is_one_table_with_its_header_once():
    doc = pymupdf.open()
    head = ["Site", "Count", "Owner"]
    body = [[f"Site {k}", f"{100 + 7 * k:,}", ["Council", "Board", "Trust"][k % 3]]
            for k in range(1, 13)]
    for part in (body[:6], body[6:]):
        page = doc.new_page()
        for r, row in enumerate([head] + part):  # the header repeated on each page
            _write_row(page, 100 + 16 * r, row, [72, 200, 300])
    page.insert_text((72, 260), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [[head] + body]


def test_a_table_broken_over_three_pages_is_one_table_with_its_header_once():
    doc = pymupdf.open()
    head = ["Site", "Count", "Owner"]
    body = [[f"Site {k}", f"{100 + 7 * k:,}", ["Council", "Board", "Trust"][k % 3]]
            for k in range(1, 16)]
    for part in (body[:5], body[5:10], body[10:]):
        page = doc.new_page()
        for r, row in enumerate([head] + part):  # the header repeated on each page
            _write_row(page, 100 + 16 * r, row, [72, 200, 300])
    page.insert_text((72, 260), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [[head] + body]


def test_the_same_table_printed_on_each_page_is_a_table_a_page():
    # Each page holds the whole table again (not its header over more rows): copies,
    # each standing alone, not a table continued.
    doc = pymupdf.open()
    rows = [["Site", "Count", "Owner"]] + [
        [f"Site {k}", f"{100 + 7 * k:,}", ["Council", "Board", "Trust"][k % 3]]
        for k in range(1, 6)]
    for _ in range(3):
        page = doc.new_page()
        for r, row in enumerate(rows):
            _write_row(page, 100 + 16 * r, row, [72, 200, 300])
    assert _tables(doc.tobytes()) == [rows] * 3


def test_paragraphs_side_by_side_are_no_table():
    doc = pymupdf.open()
    page = doc.new_page()
    left = ["Shared between the two villages under", "the old agreement, the mill keeps its",
            "register in the town hall and sends", "its counts to the office every spring."]
    right = ["Delivered late because the road was", "closed for repairs, the figures of the",
             "eastern district arrived in the summer", "and were checked again in the autumn."]
    for k, (a, b) in enumerate(zip(left, right, strict=True)):  # two cards, one line pitch
        page.insert_text((72, 100 + 13 * k), a, fontsize=10)
        page.insert_text((320, 100 + 13 * k), b, fontsize=10)
    result = convert(doc.tobytes())
    assert not [b for b in result.blocks if b.kind == "table"]
    assert "mill keeps its register" in result.markdown


def test_a_label_spanning_two_rows_set_in_their_middle_is_in_both():
    # Browsers centre a row-spanning cell vertically: its line sits across the boundary
    # of the two rows it spans, overlapping both, in a column where they have no text.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    xs = [72, 170, 250]
    _write_row(page, 110, ["Group", "Date", "Count"], xs)
    expected = [["Group", "Date", "Count"]]
    y = 110
    for label, body in (("Mills", [("2025-02-19", "34,655"), ("2025-03-02", "4,686")]),
                        ("Farms", [("2025-09-03", "40,159"), ("2025-12-21", "408")]),
                        ("Ports", [("2025-11-05", "5,287"), ("2025-10-08", "58,304")])):
        _write_row(page, y + 22, ["", *body[0]], xs)
        _write_row(page, y + 44, ["", *body[1]], xs)
        page.insert_text((xs[0], y + 33), label, fontsize=10)  # between its two rows
        expected += [[label, *body[0]], [label, *body[1]]]
        y += 44
    page.insert_text((72, y + 40), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [expected]


def test_labels_spanning_rows_set_at_their_top_are_in_every_row():
    # A row-spanning cell set at the top of its rows: its label on the first row, the
    # first cells of the rows under it empty, their other cells filled.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    xs = [72, 170, 250]
    _write_row(page, 110, ["Group", "Date", "Count"], xs)
    expected = [["Group", "Date", "Count"]]
    y = 128
    for label, span in (("Mills", 2), ("Farms", 3), ("Ports", 1), ("Docks", 2)):
        for k in range(span):
            body = [f"2025-0{span}-1{k}", f"{(y + 3) * 17:,}"]
            _write_row(page, y, [label if k == 0 else "", *body], xs)
            expected.append([label, *body])
            y += 18
    page.insert_text((72, y + 30), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [expected]


def test_a_label_spanning_three_rows_set_in_their_middle_is_in_all_three():
    # Browsers centre a row-spanning cell: over three rows it sits on the middle row,
    # the first and last rows' cells empty (the table's first cell too: no label is set
    # at the top of its rows).
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    xs = [72, 170, 250]
    _write_row(page, 110, ["Group", "Date", "Count"], xs)
    expected = [["Group", "Date", "Count"]]
    y = 110
    for label, body in (("Farms", [("2025-09-03", "40,159"), ("2025-12-21", "408"),
                                   ("2025-10-04", "1,922")]),
                        ("Mills", [("2025-02-19", "34,655"), ("2025-03-02", "4,686"),
                                   ("2025-03-09", "711")]),
                        ("Ports", [("2025-11-05", "5,287"), ("2025-10-08", "58,304"),
                                   ("2025-10-28", "3,016")])):
        for k, cells in enumerate(body):
            _write_row(page, y + 22 * (k + 1), ["", *cells], xs)
            expected.append([label, *cells])
        middle = y + 22 * (len(body) + 1) / 2  # the middle of the label's rows
        page.insert_text((xs[0], middle), label, fontsize=10)
        y += 22 * len(body)
    page.insert_text((72, y + 40), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [expected]


def _justified_line(page: pymupdf.Page, x: float, y: float, words: list[str]) -> None:
    """Words set apart as justification spreads a line: even gaps of 0.65 font sizes
    (MuPDF still reads one line; cells are cut at 0.55)."""
    for word in words:
        page.insert_text((x, y), word, fontsize=10)
        x += pymupdf.get_text_length(word, fontsize=10) + 6.5


def test_a_table_in_one_column_of_a_justified_two_column_paper_is_found():
    # Beside the table the other column's prose shares its rows, above and below it its
    # own column's prose covers its column stripes; justified lines have wide word gaps.
    prose = ("the offices sent their counts at the end of the season and the table "
             "gathers them as reported before the checks of the statistics office where "
             "two offices share a site the site is listed once under the office that "
             "keeps its register").split()
    doc = pymupdf.open()
    page = doc.new_page()
    for column, x in enumerate((50, 310)):
        y, at = 80, 0
        for k in range(24 if column else 6):
            words = (prose * 3)[at:at + 7]
            at = (at + 7) % len(prose)
            _justified_line(page, x, y, words)
            y += 13
            if not column and k == 2:
                y += 215  # room for the table, below
    rows = [["Site", "Count", "Owner"], ["North mill", "1,204", "Town council"],
            ["Old bridge", "98", "River board"], ["Stone farm", "7,310", "Private owner"],
            ["Lake port", "415", "Harbour trust"]]
    for r, row in enumerate(rows):
        _write_row(page, 140 + 20 * r, row, [56, 150, 200])
    with pymupdf.open(stream=doc.tobytes()) as check:  # the premise: the gaps are wide
        page_lines = read_page(check[0], 1)
        words = page_lines.textpage.extractWORDS()
        first = [w for w in words if (w[5], w[6]) == page_lines.lines[0].key]
        assert first[1][0] - first[0][2] > 0.55 * 10
    assert _tables(doc.tobytes()) == [rows]


def _side_by_side_page(right_rows: int, ruled: bool = False
                       ) -> tuple[bytes, list[list[str]], list[list[str]]]:
    """Two tables without vertical rules side by side, 60 points of white between them
    (their own column gaps are under 30), each with a header; the right one `right_rows`
    rows long; with `ruled`, each has a rule under every row, as far as its own columns."""
    left = [["Site", "Count", "Owner"], ["North mill", "1,204", "Town"],
            ["Old bridge", "98", "River board"], ["Stone farm", "7,310", "Private"],
            ["East gate", "412", "Town"], ["Salt works", "2,085", "Guild"]]
    right = [["Port", "Ships"], ["Harbour", "31"], ["Quay", "12"], ["Dock", "7"],
             ["Pier", "4"], ["Jetty", "9"]][:right_rows]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    for r in range(len(left)):
        y = 110 + 16 * r
        _write_row(page, y, left[r], [72, 150, 200])
        if ruled:
            page.draw_line((68, y + 4), (268, y + 4))
        if r < len(right):
            _write_row(page, y, right[r], [330, 400])
            if ruled:
                page.draw_line((326, y + 4), (440, y + 4))
    page.insert_text((72, 110 + 16 * len(left) + 30), OUTRO, fontsize=10)
    return doc.tobytes(), left, right


def test_two_tables_side_by_side_are_two_tables_but_one_wide_table_stays_one():
    data, left, right = _side_by_side_page(right_rows=4)
    assert _tables(data) == [left, right]
    # Rows side by side all the way down: two tables when each has its own rules ...
    data, left, right = _side_by_side_page(right_rows=6, ruled=True)
    assert _tables(data) == [left, right]
    # ... and without rules one table, however wide one gap is.
    data, left, right = _side_by_side_page(right_rows=6)
    assert _tables(data) == [[a + b for a, b in zip(left, right, strict=True)]]


def test_header_cells_that_all_wrap_onto_two_lines_are_one_header_row():
    # Every header cell has two lines (bold, like the first): as many cells as the line
    # above, yet the next lines of the same cells, not a row of their own.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    xs = [72, 170, 250]
    _write_row(page, 110, ["Site", "Count", "Owner"], xs, font="hebo")
    _write_row(page, 122, ["name", "this year", "of record"], xs, font="hebo")
    body = [["North mill", "1,204", "Town council"], ["Old bridge", "98", "River board"],
            ["Stone farm", "7,310", "Private owner"]]
    for r, row in enumerate(body):
        _write_row(page, 142 + 16 * r, row, xs)
    page.insert_text((72, 220), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [[["Site name", "Count this year", "Owner of record"],
                                       *body]]


def test_a_paragraph_as_tall_as_the_table_beside_it_is_not_a_column_of_it():
    # The paragraph starts and ends level with the table (nothing runs on past it or into
    # the lines around it), but its lines follow one another at their own pitch, 13 pt,
    # beside rows 17 pt apart: some rows hold two of its lines, others none level with
    # their cells.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    rows = [["Site", "Count", "Owner"], ["North mill", "1,204", "Council"],
            ["Old bridge", "98", "Board"], ["Stone farm", "7,310", "Trust"],
            ["Lake port", "415", "Owner"], ["West gate", "2,060", "Board"],
            ["Salt works", "311", "Guild"]]
    for r, row in enumerate(rows):
        _write_row(page, 110 + 17 * r, row, [320, 400, 450], size=9)
    prose = ["The offices sent their counts at the end", "of the season, and the board checked",
             "every figure against the registers kept", "in the town hall before the list was",
             "printed. Where two offices share a site,", "the site is listed once, under the",
             "office that keeps its register, as agreed", "by all the offices of the valley."]
    for k, text in enumerate(prose):
        page.insert_text((72, 110 + 13 * k), text, fontsize=10)
    page.insert_text((72, 260), OUTRO, fontsize=10)
    result = convert(doc.tobytes())
    tables = [[row.split("\t") for row in b.text.splitlines()] for b in result.blocks
              if b.kind == "table"]
    assert tables == [rows]
    assert "the board checked every figure against the registers" in result.markdown


def test_two_tables_side_by_side_are_parted_beside_a_wide_gap_within_one_of_them():
    # The white between the tables (60 pt) is under 1.5 times the widest gap inside the
    # left one (44 pt: its last column set wide, as a wrapped or stretched column is) but
    # three times the gaps between most columns (20 pt).
    left = [["Site", "Count", "Owner"], ["North mill", "1,204", "Town"],
            ["Old bridge", "98", "River board"], ["Stone farm", "7,310", "Private"],
            ["East gate", "412", "Town"], ["Salt works", "2,085", "Guild"]]
    right = [["Port", "Ships"], ["Harbour", "31"], ["Quay", "12"], ["Dock", "7"]]

    def width(rows: list[list[str]], c: int) -> float:
        return max(pymupdf.get_text_length(r[c], fontsize=10) for r in rows)

    xs = [72.0]
    xs.append(xs[0] + width(left, 0) + 20)
    xs.append(xs[1] + width(left, 1) + 44)
    xs.append(xs[2] + width(left, 2) + 60)
    xs.append(xs[3] + width(right, 0) + 20)
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    for r, row in enumerate(left):
        _write_row(page, 110 + 16 * r, row + (right[r] if r < len(right) else []),
                   xs[:3] + (xs[3:] if r < len(right) else []))
    page.insert_text((72, 230), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [left, right]


def test_tables_side_by_side_each_ruling_its_rows_are_parted_where_their_rules_stop():
    # A deal summary: parties, assets and notes side by side, 8 pt of white between them,
    # narrower than the notes' own gap before their right-aligned balances; each table
    # draws a rule under each of its rows, as far as its own columns. The notes' first
    # column went to the tables beside it, or all were read as one.
    parties = [["Party", "Name"], ["Issuer", "North Mill Ltd"], ["Trustee", "River Bank"],
               ["Manager", "Stone Farm LLC"], ["Agent", "East Gate"],
               ["Auditor", "Salt Works"]]
    assets = [["Asset", "Count"], ["Term loan", "293"], ["Revolver", "12"], ["Bond", "4"]]
    notes = [["Notes", "Balance", "Rate"], ["Class A-1", "256,000,000", "1.52%"],
             ["Class A-2", "16,000,000", "1.72%"], ["Class B", "24,000,000", "2.00%"],
             ["Class C", "8,000,000", "5.84%"]]

    def write(rows: list[list[str]], x: float, edges: list[float], pitch: float) -> None:
        for r, row in enumerate(rows):
            y = 110 + pitch * r
            page.insert_text((x, y), row[0], fontsize=10)
            for text, edge in zip(row[1:], edges, strict=True):  # right-aligned
                page.insert_text((edge - pymupdf.get_text_length(text, fontsize=10), y), text,
                                 fontsize=10)
            page.draw_line((x - 2, y + 4), (edges[-1] + 2, y + 4))

    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    write(parties, 72, [200], 16)
    write(assets, 210, [290], 21)
    write(notes, 300, [430, 480], 19)
    page.insert_text((72, 240), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [parties, assets, notes]


def test_one_of_two_tables_side_by_side_is_not_parted_again():
    # The left table has a wide gap of its own (44 pt, before its numbers) and a row whose
    # first two cells both wrap: on their own its first two columns have a row more than
    # its last two, yet it is one table.
    left = [["Site", "Name", "Count", "Share"], ["North", "Mill", "1,204", "12%"],
            ["Old", "Bridge", "98", "3%"], ["Upper cotton", "Mountain paper", "7,310", "40%"],
            ["East", "Gate", "412", "9%"], ["Salt", "Works", "2,085", "7%"]]
    right = [["Port", "Ships"], ["Harbour", "31"], ["Quay", "12"], ["Dock", "7"]]
    lines = [[r[0].split()[0], r[1].split()[0], *r[2:]] for r in left]  # as set, wrapped
    columns = [[row[c] for row in lines] for c in range(4)] + [[row[c] for row in right]
                                                              for c in range(2)]
    xs = [72.0]
    for texts, gap in zip(columns, (20, 44, 20, 66), strict=False):  # white after each
        xs.append(xs[-1] + max(pymupdf.get_text_length(t, fontsize=10) for t in texts) + gap)
    xs.append(xs[-1] + max(pymupdf.get_text_length(t, fontsize=10) for t in columns[4]) + 20)
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    y = 110.0
    for r, row in enumerate(left):
        if r < len(right):
            _write_row(page, y, right[r], xs[4:])
        if r == 3:  # "Upper" / "cotton", "Mountain" / "paper"
            _write_row(page, y, ["Upper", "Mountain", *row[2:]], xs[:4])
            y += 11
            _write_row(page, y, ["cotton", "paper"], xs[:2])
        else:
            _write_row(page, y, row, xs[:4])
        y += 16
    page.insert_text((72, y + 30), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [left, right]


def test_two_tables_side_by_side_whose_rows_line_up_part_when_their_columns_repeat():
    # No rules, every row of one level with a row of the other: two tables when the
    # header repeats (one table set in two halves, or two of one kind) or the
    # columns hold the same kinds of cell in the same order; a last column of words on
    # the right keeps them one.
    left = [["Site", "Count", "Date"], ["North mill", "1,204", "2025-03-02"],
            ["Old bridge", "98", "2025-04-19"], ["Stone farm", "7,310", "2025-05-08"],
            ["East gate", "412", "2025-06-21"]]
    halves = [["Site", "Count", "Date"], ["Lake port", "31", "2025-07-02"],
              ["West quay", "1,112", "2025-08-14"], ["Salt works", "7", "2025-09-30"],
              ["Mill pond", "4,006", "2025-10-11"]]
    ports = [["Port", "Ships", "Since"], ["Harbour", "31", "2024-01-12"],
             ["Quay", "12", "2024-02-03"], ["Dock", "7", "2024-03-28"],
             ["Pier", "4", "2024-04-09"]]
    owners = [[*row[:2], "Town" if r else "Owner"] for r, row in enumerate(ports)]
    for right, want in ((halves, [left, halves]), (ports, [left, ports]),
                        (owners, [[a + b for a, b in zip(left, owners, strict=True)]])):
        doc = pymupdf.open()
        page = doc.new_page()
        page.insert_text((72, 80), INTRO, fontsize=10)
        for r, (a, b) in enumerate(zip(left, right, strict=True)):
            _write_row(page, 110 + 16 * r, a + b, [72, 150, 190, 340, 418, 458])
        page.insert_text((72, 220), OUTRO, fontsize=10)
        assert _tables(doc.tobytes()) == want


def test_labels_spanning_rows_in_a_later_column_are_in_every_row_they_span():
    # A middle column's cells span two or three rows, set in the middle of them (across
    # the boundary of two rows, or on the middle one of three); the blank cell of the
    # last column is a figure not given and stays blank.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    xs = [72, 170, 250, 330]
    _write_row(page, 110, ["Site", "Season", "Count", "Note"], xs)
    expected = [["Site", "Season", "Count", "Note"]]
    y, n = 110, 0
    for season, span in (("Spring", 2), ("Summer", 3), ("Autumn", 2)):
        for k in range(span):
            n += 1
            row = [f"Site {n}", season, f"{n * 137:,}", "" if n == 4 else ["late", "early"][n % 2]]
            _write_row(page, y + 22 * (k + 1), [row[0], "", *row[2:]], xs)
            expected.append(row)
        page.insert_text((xs[1], y + 22 * (span + 1) / 2 + 0.01), season, fontsize=10)
        y += 22 * span
    page.insert_text((72, y + 40), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [expected]


def test_a_paragraph_line_run_into_a_cell_beside_it_keeps_its_text():
    # A form: questions with yes/no boxes beside them, and more questions below the
    # boxes, so the questions are a paragraph beside the table. One question ends close
    # enough to its "yes" for MuPDF to write both as one line: the table takes the "yes"
    # piece of that line, and the question's own piece stays text.
    doc = pymupdf.open()
    page = doc.new_page()
    questions = ["Did you eat anything before going to bed?",
                 "Did you drink any alcohol before you went to bed?",
                 "Did you listen to any soothing or relaxing music?",
                 "Did you do any relaxation techniques, stretching, etc. to help you relax?",
                 "Did you take a warm shower or bath?",
                 "Write down anything else that kept you awake at night.",
                 "Bring this sheet to your next visit to the sleep clinic."]
    yes_x = 72 + pymupdf.get_text_length(questions[3], fontsize=10) + 6.5
    for k, question in enumerate(questions):
        page.insert_text((72, 100 + 12 * k), question, fontsize=10)
        if k < 5:
            page.insert_text((yes_x, 100 + 12 * k), "yes", fontname="hebo", fontsize=10)
            page.insert_text((yes_x + 30, 100 + 12 * k), "no", fontname="hebo", fontsize=10)
    assert any(ln.text.startswith(questions[3]) and ln.text.endswith("yes")
               for ln in read_page(page, 1).lines)
    result = convert(doc.tobytes())
    assert [q for q in questions if q not in result.markdown] == []
    # The "yes" piece keeps its own bold (not the question's plain style), and bold boxes
    # row under row, each repeating the one above, are rows, not one header's lines.
    tables = [b.text.splitlines() for b in result.blocks if b.kind == "table"]
    assert tables == [["yes\tno"] * 5]


def _wrapped_rows_page(rows: list[list[list[str]]], rules: bool) -> bytes:
    """A borderless table (rules between rows when `rules`) whose cells are given as their
    lines: lines 12 pt apart, rows padded 6 pt more, in columns 110 pt wide."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    xs = [72, 182, 292]
    y = 110
    for row in rows:
        for x, lines in zip(xs, row, strict=True):
            for k, text in enumerate(lines):
                page.insert_text((x, y + 12 * k), text, fontsize=10)
        y += 12 * max(len(lines) for lines in row) + 6
        if rules:
            page.draw_line((72, y - 12), (400, y - 12), width=0.5)
    page.insert_text((72, y + 30), OUTRO, fontsize=10)
    return doc.tobytes()


WRAPPED_ROWS = [
    [["Station"], ["Reading taken"], ["Notes of the"]],
    [["North bridge", "gauge"], ["Water rose by", "twelve centimetres"],
     ["Gauge cleaned of", "weeds before it"]],
    [["Old mill weir"], ["Level steady"], ["Fish ladder open"]],
    [["South ford and", "its gauge"], ["Water fell by four", "after rain"],
     ["Path to the gauge", "under water"]],
    [["East reservoir"], ["Spillway closed"], ["Valve house shut"]],
]


@pytest.mark.parametrize("rules", [False, True])
def test_rows_whose_every_cell_wraps_stay_one_row(rules: bool) -> None:
    # The second line of every cell of a row: as many cells as the line above, set at the
    # cells' line gap (rows stand further apart), and each first line full (the next
    # word would not have fitted before the column's widest line ends).
    assert _tables(_wrapped_rows_page(WRAPPED_ROWS, rules)) == [
        [[" ".join(cell) for cell in row] for row in WRAPPED_ROWS]]


def test_rows_of_short_cells_close_together_stay_rows() -> None:
    # Rows in pairs, each pair closer than the pairs are: the cells of a pair's first row
    # are not full (the word under them would have fitted), so the pair is two rows.
    rows = [[["Site"], ["Crop"], ["Owner"]],
            [["Mill", "Ford"], ["Oats", "Rye"], ["Town", "Trust"]],
            [["Farm of the hill", "Port"], ["Wheat and barley", "Hay"],
             ["Private owner", "Board"]]]
    assert _tables(_wrapped_rows_page(rows, False)) == [
        [["Site", "Crop", "Owner"], ["Mill", "Oats", "Town"], ["Ford", "Rye", "Trust"],
         ["Farm of the hill", "Wheat and barley", "Private owner"], ["Port", "Hay", "Board"]]]


@pytest.mark.parametrize("rule", ["", "tr{border-bottom:1px solid #000}"])
def test_chromium_rows_whose_every_cell_wraps_stay_one_row(chromium_pdf, rule: str) -> None:
    # Narrow columns: every cell of the first body row wraps (the label too), others in
    # some cells; with or without a rule under each row.
    rows = [["Station", "Reading taken in the morning", "Notes written by the observer"],
            ["North bridge gauge", "Water rose by twelve centimetres overnight",
             "Gauge cleaned of weeds before the reading"],
            ["Old mill weir", "Level steady since the previous week",
             "Fish ladder open and running freely"],
            ["South ford", "Water fell by four centimetres after rain",
             "Path to the gauge flooded in places"],
            ["East reservoir", "Spillway closed for the whole of the day",
             "Valve house door repaired by the crew"]]
    cells = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    data = chromium_pdf("<style>table{border-collapse:collapse;width:380px;font-size:11pt}"
                        f"td{{padding:3px 12px;vertical-align:top}}{rule}</style>"
                        f"<p>{INTRO}</p><table>{cells}</table><p>{OUTRO}</p>")
    assert _tables(data) == [rows]


CENTRED_ROWS = [
    [["Site"], ["Crop"], ["Notes of the", "observer"]],
    [["North mill"], ["Oats"], ["Gauge cleaned of", "weeds first"]],
    [["Old bridge"], ["Wheat and", "barley"], ["Level steady"]],
    [["Stone farm"], ["Rye"], ["Fish ladder open", "and running"]],
    [["Lake port"], ["Hay"], ["Path to the gauge", "flooded"]],
]


def test_cells_of_two_lines_centred_in_their_row_are_one_cell() -> None:
    # A browser centres each cell in its row: a cell of two lines has its lines half a
    # pitch over and under its row's one-line cells. Lines 15 pt apart and 13.7 pt tall
    # overlap those by less than half a line, so each line makes a visual row of its own.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    xs, pitch, y = [72, 160, 250], 15, 110
    for row in CENTRED_ROWS:
        for x, lines in zip(xs, row, strict=True):
            first = y + pitch / 2 - pitch * (len(lines) - 1) / 2
            for k, text in enumerate(lines):
                page.insert_text((x, first + pitch * k), text, fontsize=10)
        y += 2 * pitch + 8
    page.insert_text((72, y + 30), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [[[" ".join(c) for c in row] for row in CENTRED_ROWS]]


def test_chromium_cells_centred_in_their_rows_are_one_cell(chromium_pdf) -> None:
    # Chromium's own centring (td's vertical-align: middle), the notes wrapping in a
    # narrow last column.
    rows = [[" ".join(c) for c in row] for row in CENTRED_ROWS]
    cells = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    data = chromium_pdf("<style>table{border-collapse:collapse;font-size:9pt}"
                        "td{padding:1px 8px}td:last-child{width:7em}</style>"
                        f"<p>{INTRO}</p><table>{cells}</table><p>{OUTRO}</p>")
    assert _tables(data) == [rows]


# A sheet printed as spreadsheets print it: headings at the left of their cells, amounts
# right-aligned to the cells' right edges, text left-aligned after them.
SHEET = [["Site", "Amount", "Code"], ["North mill", "$5,941.24", "AH-6951"],
         ["Old bridge", "$768.73", "AD-9803"], ["Stone farm", "$12,353.42", "GG-9946"],
         ["Lake port", "$1,967.98", "AM-2179"]]


def _sheet_page(amounts_end: float, codes_at: float) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    for r, (label, amount, code) in enumerate(SHEET):
        y = 110 + 14 * r
        page.insert_text((72, y), label, fontsize=10, fontname="hebo" if r == 0 else "helv")
        if r == 0:
            page.insert_text((150, y), amount, fontsize=10, fontname="hebo")
        else:
            width = pymupdf.get_text_length(amount, fontsize=10)
            page.insert_text((amounts_end - width, y), amount, fontsize=10)
        page.insert_text((codes_at, y), code, fontsize=10, fontname="hebo" if r == 0 else "helv")
    page.insert_text((72, 200), OUTRO, fontsize=10)
    return doc.tobytes()


def test_headings_set_apart_from_the_amounts_under_them_head_their_columns():
    # "Amount" ends before the widest amount starts: no column runs through both.
    assert _tables(_sheet_page(amounts_end=250, codes_at=270)) == [SHEET]


def test_amounts_a_space_before_the_next_columns_text_are_cells_of_their_own():
    space = pymupdf.get_text_length(" ", fontsize=10)
    data = _sheet_page(amounts_end=210, codes_at=210 + space)
    with pymupdf.open(stream=data) as check:  # the premise: amount and code share a line
        texts = [ln.text for ln in read_page(check[0], 1).lines]
    assert "$5,941.24 AH-6951" in texts
    assert _tables(data) == [SHEET]


def test_paragraph_lines_under_a_table_with_words_at_its_column_edges_stay_whole():
    """Two lines of a paragraph under a table whose words start, by chance, at the left
    edge of the table's last column, after words that end level: the table keeps its
    columns and the paragraph its lines."""
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [["Site", "Count", "Owner"], ["North mill", "1,204", "Town council"],
            ["Old bridge", "98", "River board"], ["Stone farm", "7,310", "Private owner"]]
    for r, row in enumerate(rows):
        _write_row(page, 100 + 14 * r, row, [72, 170, 250])
    lead = ["Counts are sent", "Sums are given"]
    for k, start in enumerate(lead):  # each line's next word starts at x = 250
        width = pymupdf.get_text_length(start + " ", fontsize=10)
        page.insert_text((250 - width, 170 + 12 * k), start, fontsize=10)
        page.insert_text((250, 170 + 12 * k), "by every office at the end of the season.",
                         fontsize=10)
    result = convert(doc.tobytes())
    assert _tables(doc.tobytes()) == [rows]
    assert "Counts are sent by every office" in result.markdown


def test_a_paragraph_line_in_two_pieces_under_a_table_is_no_row_of_it():
    """TeX sets a wider space after a sentence; MuPDF writes such a line of the paragraph
    under a table as two lines, a row of two cells across the table's columns."""
    rows = [["Site", "Count", "Owner"], ["North mill", "1,204", "Town council"],
            ["Old bridge", "98", "River board"], ["Stone farm", "7,310", "Private owner"]]
    doc = pymupdf.open()
    page = doc.new_page()
    for r, row in enumerate(rows):
        _write_row(page, 100 + 14 * r, row, [72, 170, 250])
    first = "The offices sent their counts at the end of May."  # it ends in the last column
    width = pymupdf.get_text_length(first, fontsize=10)
    page.insert_text((72, 162), first, fontsize=10)
    page.insert_text((72 + width + 8, 162), "The rest follow.", fontsize=10)
    data = doc.tobytes()
    with pymupdf.open(stream=data) as check:  # the premise: the line is in two pieces
        texts = [ln.text for ln in read_page(check[0], 1).lines]
    assert first in texts and "The rest follow." in texts
    assert 250 < 72 + width < 300
    assert _tables(data) == [rows]
    assert first in convert(data).markdown


def test_group_labels_centred_over_their_columns_head_a_row_of_their_own():
    # A spreadsheet's two-level header: each group's label centred across the gutter of
    # its two columns (covering both), a line above the headings, in the same bold.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    xs = [72, 170, 230, 290, 350]
    rows = [["Site", "Count", "Rate", "Visits", "Opened"],
            ["North mill", "1,204", "12%", "310", "2025-02-19"],
            ["Old bridge", "98", "3%", "102", "2025-03-02"],
            ["Stone farm", "7,310", "41%", "72", "2025-09-03"]]
    for label, (a, b) in (("Counted in 2019", (170, 255)), ("Visited in 2020", (290, 400))):
        width = pymupdf.get_text_length(label, fontsize=10, fontname="hebo")
        page.insert_text(((a + b - width) / 2, 110), label, fontsize=10, fontname="hebo")
    _write_row(page, 122, rows[0], xs, font="hebo")
    for r, row in enumerate(rows[1:]):
        _write_row(page, 136 + 14 * r, row, xs)
    page.insert_text((72, 200), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [[["", "Counted in 2019", "", "Visited in 2020", ""],
                                       *rows]]


def test_a_label_straddling_a_group_row_and_the_headings_heads_both():
    # A report's two-level header: years centred over their two columns (inside the
    # second one's width), the first column's heading set in the middle of both header
    # rows, a rule under the headings.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    xs = [72, 200, 260, 330, 390]
    rows = [["Project", "Share", "Category", "Supplier", "Count"],
            ["South", "2.1%", "Bridge", "Iron rope", "68,870"],
            ["Paper lead", "73.7%", "Road wine", "Rope", "21,404"],
            ["Mill", "64.7%", "New", "Lead", "25,737"],
            ["Salt paper", "85.3%", "Copper", "Sugar", "88,077"]]
    for year, (a, b) in (("2019", (1, 2)), ("2020", (3, 4))):
        right = xs[b] + max(pymupdf.get_text_length(row[b], fontsize=10) for row in rows)
        width = pymupdf.get_text_length(year, fontsize=10)
        page.insert_text(((xs[a] + right - width) / 2, 120), year, fontsize=10)
    page.insert_text((72, 129), rows[0][0], fontsize=10)
    _write_row(page, 138, rows[0][1:], xs[1:], font="hebo")
    page.draw_line((72, 142), (440, 142), width=0.5)
    for r, row in enumerate(rows[1:]):
        _write_row(page, 156 + 18 * r, row, xs)
    page.insert_text((72, 240), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [[["Project", "2019", "", "2020", ""], *rows]]


def test_a_group_label_between_right_aligned_columns_heads_both():
    # Figures right-aligned under wider headings, a year centred over the white between
    # its two columns, and the first column's heading straddling both header rows.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    rights = [300, 350, 420]
    rows = [["Project", "Volume", "Revenue", "Rate"],
            ["Timber town", "28.1%", "17.05", "42.70"],
            ["Mountain upper", "76.7%", "37.29", "29.80"],
            ["Garden coast", "35.1%", "14.65", "28.26"],
            ["Coal", "66.9%", "19.49", "31.97"]]

    def right_aligned(y: float, cells: list[str], font: str = "helv") -> None:
        for right, text in zip(rights, cells, strict=True):
            width = pymupdf.get_text_length(text, fontsize=10, fontname=font)
            page.insert_text((right - width, y), text, fontsize=10, fontname=font)

    left = rights[0] - pymupdf.get_text_length("Volume", fontsize=10, fontname="hebo")
    width = pymupdf.get_text_length("2019", fontsize=10)
    page.insert_text(((left + rights[1] - width) / 2, 120), "2019", fontsize=10)
    page.insert_text((rights[2] - width, 120), "2020", fontsize=10)
    page.insert_text((72, 129), rows[0][0], fontsize=10)
    right_aligned(138, rows[0][1:], font="hebo")
    page.draw_line((72, 142), (440, 142), width=0.5)
    for r, row in enumerate(rows[1:]):
        page.insert_text((72, 156 + 18 * r), row[0], fontsize=10)
        right_aligned(156 + 18 * r, row[1:])
    page.insert_text((72, 240), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [[["Project", "2019", "", "2020"], *rows]]


def test_group_labels_over_the_first_of_their_columns_stay_a_row_of_their_own():
    # A browser's two-level header: each year set at the left of the first of its two
    # columns, the first column's heading on the top line alone (spanning both header
    # rows); the headings' line has cells where the years' has none.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    xs = [72, 160, 250, 320, 400]
    rows = [["Class", "Sector", "Score", "Stock", "Income"],
            ["Copper", "River paper", "684", "$825.17", "90,879"],
            ["Cloth road", "Mill grain", "64,779", "$6,840.89", "3,402"],
            ["Wine school", "Wool east", "62,921", "$263.59", "96,494"],
            ["Old town", "Central cotton", "81,077", "$2,267.49", "76,792"]]
    _write_row(page, 120, ["Class", "2019", "2020"], [xs[0], xs[1], xs[3]], font="hebo")
    _write_row(page, 133, rows[0][1:], xs[1:], font="hebo")
    for r, row in enumerate(rows[1:]):
        _write_row(page, 150 + 14 * r, row, xs)
    page.insert_text((72, 240), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [[["Class", "2019", "", "2020", ""],
                                       ["", *rows[0][1:]], *rows[1:]]]


def test_a_name_running_over_into_the_next_column_keeps_the_columns_apart():
    # One surname too long for its column runs on into the next one (a space from the
    # first name: one text line); every other row leaves the white between them.
    rows = [["Surname", "Name", "Amount", "Date"], ["Mena", "Juan", "10.000,00", "09/10/2013"],
            ["Molle", "Matias", "10.000,00", "09/10/2013"],
            ["Valsangiacomo Blanco", "Fernando", "20.000,00", "09/10/2013"],
            ["Perazzo", "Pablo", "10.000,00", "09/10/2013"],
            ["Picardi", "Franco", "5.000,00", "09/10/2013"],
            ["Pisoni", "Carlos", "10.000,00", "09/10/2013"]]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    xs = [72, 150, 260, 360]
    for r, row in enumerate(rows):
        y = 110 + 16 * r
        if r == 3:  # the surname runs up to the name, one space apart
            _write_row(page, y, [f"{row[0]} {row[1]}"] + row[2:], [xs[0]] + xs[2:])
        else:
            _write_row(page, y, row, xs)
    page.insert_text((72, 240), OUTRO, fontsize=10)
    tables = _tables(doc.tobytes())
    assert len(tables) == 1
    assert tables[0][0] == rows[0]
    assert [r for i, r in enumerate(tables[0]) if i != 3] == [r for i, r in enumerate(rows)
                                                               if i != 3]
    assert tables[0][3][2:] == rows[3][2:]


def test_rows_of_figures_numbered_without_a_header_are_a_table():
    # Row numbers 1, 2, 3 in the first column beside amounts: a table of figures, not a
    # listing's numbered lines.
    rows = [[str(r + 1), f"{(37 * r) % 90 + 10}.{r}", f"{(53 * r) % 70 + 20}"] for r in range(8)]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    for r, row in enumerate(rows):
        _write_row(page, 110 + 14 * r, row, [72, 130, 190])
    page.insert_text((72, 240), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [rows]


def test_figures_rising_down_a_column_beside_small_numbers_are_no_contents_list():
    # Counts and running totals: the last column only goes up, like a contents list's
    # page numbers, but no row has a title in words.
    counts = [3, 5, 8, 12, 4, 9, 11, 6]
    totals = [sum(counts[:r + 1]) for r in range(len(counts))]
    rows = [[str(c), f"{c * 1.5:.1f}", str(t)] for c, t in zip(counts, totals, strict=True)]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    for r, row in enumerate(rows):
        _write_row(page, 110 + 14 * r, row, [72, 130, 190])
    page.insert_text((72, 240), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [rows]


_PROSE = ("the committee met twice during the spring and agreed that every office should "
          "send its counts before the end of the season so that the figures can be checked "
          "against the registers kept by each district and published in the autumn report "
          "together with the notes of the inspectors").split()


def test_the_end_of_one_text_column_beside_the_others_lines_is_no_table():
    # The last lines of a paper's text (a heading, three short lines) beside the other
    # column's references, which run on down the page: rows of two cells, short beside
    # long, with the page's gutter between them.
    doc = pymupdf.open()
    page = doc.new_page()
    ending = ["Acknowledgments", "We thank the referees.", "We thank the printers.",
              "We thank the district offices."]
    for k, text in enumerate(ending):
        page.insert_text((50, 80 + 12 * k), text, fontsize=10,
                         fontname="hebo" if k == 0 else "helv")
    for k in range(36):  # one reference a line, its author in bold
        author = _PROSE[k % len(_PROSE)].title()
        page.insert_text((310, 80 + 12 * k), author, fontsize=10, fontname="hebo")
        page.insert_text((313 + pymupdf.get_text_length(author, "hebo", 10), 80 + 12 * k),
                         " ".join((_PROSE * 3)[5 * k:5 * k + 6]), fontsize=10)
    result = convert(doc.tobytes())
    assert result.ok, result.error
    assert not [b for b in result.blocks if b.kind == "table"]
    text = " ".join(b.text for b in result.blocks)
    assert all(line in text for line in ending[1:])


def test_a_table_across_the_page_over_two_text_columns_stays_a_table():
    # Its middle gap lies on the gutter of the two text columns under it, but its cells
    # are short on both sides.
    rows = [["Site", "Count", "Owner", "Checked"], ["North mill", "1,204", "Town council", "May"],
            ["Old bridge", "98", "River board", "June"],
            ["Stone farm", "7,310", "Private owner", "July"],
            ["Lake port", "415", "Harbour trust", "May"]]
    doc = pymupdf.open()
    page = doc.new_page()
    for r, row in enumerate(rows):
        _write_row(page, 80 + 16 * r, row, [50, 140, 210, 310])
    for x in (50, 310):
        for k in range(40):
            page.insert_text((x, 200 + 12 * k), " ".join((_PROSE * 3)[7 * k:7 * k + 7]),
                             fontsize=10)
    with pymupdf.open(stream=doc.tobytes()) as check:  # the premise: a gutter beside the table
        gutters = column_gutters(read_page(check[0], 1).lines)
        assert any(g.x0 < 300 < g.x1 and g.top < 80 and g.bottom > 400 for g in gutters)
    assert _tables(doc.tobytes()) == [rows]


def _spread(page: pymupdf.Page, y: float, text: str, x0: float, x1: float) -> None:
    """`text` set justified from `x0` to `x1`: its word gaps widened alike."""
    words = text.split()
    widths = [pymupdf.get_text_length(w, fontsize=10) for w in words]
    gap = (x1 - x0 - sum(widths)) / (len(words) - 1)
    for word, width in zip(words, widths, strict=True):
        page.insert_text((x0, y), word, fontsize=10)
        x0 += width + gap


def test_lines_of_a_justified_paragraph_in_pieces_lining_up_are_no_table():
    # Three lines written in pieces where justification set a space wide (a sentence's
    # end), the gaps of the three falling one under another: a white stripe through rows
    # of several cells. Every row is a whole line of lower-case prose, edge to edge.
    lines = ["the committee met twice during the spring and",
             "agreed that every office should send its counts",
             "before the end of the season so that the figures",
             ("can be checked again.", "then the registers"),
             ("kept by each district", "and published in"),
             ("the autumn report with", "the notes of the"),
             "inspectors and the remarks of the district clerks",
             "who had read the registers before they were sent"]
    doc = pymupdf.open()
    page = doc.new_page()
    for k, line in enumerate(lines):
        if isinstance(line, tuple):
            _spread(page, 100 + 12 * k, line[0], 72, 180)
            _spread(page, 100 + 12 * k, line[1], 192, 300)
        else:
            _spread(page, 100 + 12 * k, line, 72, 300)
    result = convert(doc.tobytes())
    assert result.ok, result.error
    assert [b.kind for b in result.blocks] == ["paragraph"]
    assert result.blocks[0].text == " ".join(
        " ".join(line) if isinstance(line, tuple) else line for line in lines)


def test_a_table_whose_rows_fill_the_width_with_figures_stays_a_table():
    rows = [["Top", "37", "mm (1.46 in)", "0.75 in (19 mm)"],
            ["Bottom", "19", "mm (0.75 in)", "0.75 in (19 mm)"],
            ["Left", "20", "mm (0.79 in)", "0.79 in (20 mm)"],
            ["Right", "20", "mm (0.79 in)", "0.79 in (20 mm)"]]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    for r, row in enumerate(rows):
        last = 300 - pymupdf.get_text_length(row[3], fontsize=10)  # set right
        _write_row(page, 110 + 12 * r, row, [72, 130, 150, last])
    page.insert_text((72, 180), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [rows]


def test_labels_ending_in_a_colon_beside_their_values_are_lines_not_a_table():
    # A thesis's title page: fields of a form, one "label: value" pair a line.
    fields = [("Student:", "Ada Byron"), ("Matriculation number:", "1337, T21"),
              ("Company:", "Analytical Engines Ltd"), ("Advisor:", "Prof. Charles Babbage")]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((150, 120), "On the Engine of Differences", fontsize=20)
    page.insert_text((230, 160), "Bachelor thesis", fontsize=12)
    for k, (label, value) in enumerate(fields):
        _write_row(page, 500 + 16 * k, [label, value], [120, 300])
    result = convert(doc.tobytes())
    assert result.ok, result.error
    assert not [b for b in result.blocks if b.kind == "table"]
    assert [b.text for b in result.blocks][-4:] == [f"{a} {b}" for a, b in fields]


def test_a_forms_fields_beside_a_gutter_stay_a_table():
    # Long answers beside their labels, a reading-order gutter between them that runs on
    # down the page (short notes under both sides, far below): the answers' column ends
    # with the rows.
    rows = [["Name", "Click or tap here to enter text."],
            ["Id", "Click or tap here to enter text."], ["Age", "Click or tap to enter a date."],
            ["Organization", "Click or tap to enter a date."]]
    doc = pymupdf.open()
    page = doc.new_page()
    for r, row in enumerate(rows):
        _write_row(page, 80 + 14 * r, row, [78, 311], size=11)
    for k, note in enumerate(["First note", "Second note", "Third note"]):
        page.insert_text((72, 250 + 22 * k), note, fontsize=11)
        page.insert_text((354, 240 + 22 * k), note.upper(), fontsize=11)
    with pymupdf.open(stream=doc.tobytes()) as check:  # the premise: a gutter beside the rows
        gutters = column_gutters(read_page(check[0], 1).lines)
        assert any(g.x0 < 200 < g.x1 and g.top < 80 and g.bottom > 250 for g in gutters)
    assert _tables(doc.tobytes()) == [rows]


def test_a_contents_list_in_one_column_beside_the_others_lines_is_no_table():
    # The left column's entries reach their page numbers, a column of their own, over
    # leader dots; the right column's entries are one line each. Level rows, three
    # columns: no column of page numbers at the right edge.
    left = [("1 Introduction", "1"), ("2 Usage", "2"), ("2.1 Options", "2"),
            ("2.2 Commands", "3"), ("2.3 Environments", "3"), ("3 Fonts", "4")]
    right = [f"4.{k + 1} {name} {'.' * 12} {number}" for k, (name, number) in enumerate(
        [("Captions", 7), ("Floats", 8), ("Tables", 8), ("Figures", 9), ("Notes", 10),
         ("Index", 11)])]
    doc = pymupdf.open()
    page = doc.new_page()
    for k, ((title, number), other) in enumerate(zip(left, right, strict=True)):
        y = 100 + 13 * k
        page.insert_text((50, y), title, fontsize=10)
        start = 56 + pymupdf.get_text_length(title, fontsize=10)
        page.insert_text((start, y), " ." * int((240 - start) / 5.6), fontsize=10)
        page.insert_text((262 - pymupdf.get_text_length(number, fontsize=10), y), number,
                         fontsize=10)
        page.insert_text((310, y), other, fontsize=10)
    result = convert(doc.tobytes())
    assert result.ok, result.error
    assert not [b for b in result.blocks if b.kind == "table"]
    text = "\n".join(b.text for b in result.blocks)
    assert all(title in text and other.split(" .")[0] in text
               for (title, _), other in zip(left, right, strict=True))


def test_a_table_numbering_its_rows_beside_rising_figures_stays_a_table():
    # Its first columns could read as a contents list: numbers, then figures that never
    # go down; no leader dots, no section numbers of several levels.
    rows = [["Case", "Diameter", "f [Hz]", "We", "St"], ["1", "0.5", "731", "117", "0.15"],
            ["2", "0.5", "1799", "620", "0.16"], ["3", "1.0", "2054", "815", "0.21"],
            ["4", "1.0", "3120", "954", "0.22"]]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    for r, row in enumerate(rows):
        _write_row(page, 110 + 14 * r, row, [72, 130, 200, 260, 320])
    page.insert_text((72, 200), OUTRO, fontsize=10)
    assert _tables(doc.tobytes()) == [rows]


def test_a_numbered_list_set_in_two_columns_is_no_table():
    # Items run down the left column and on in the right one, level with each other.
    items = ["Fourscore", "and seven", "years ago", "our fathers", "brought forth",
             "on this", "continent", "a new nation"]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), INTRO, fontsize=10)
    for k, item in enumerate(items):
        page.insert_text((72 + 150 * (k // 4), 110 + 14 * (k % 4)), f"{k + 1}. {item}",
                         fontsize=10)
    page.insert_text((72, 200), OUTRO, fontsize=10)
    result = convert(doc.tobytes())
    assert result.ok, result.error
    assert [b.text for b in result.blocks if b.kind == "list_item"] == items


@pytest.mark.parametrize("family", ["AnonymousPro", "newtxtt", "NimbusMonL-Regu"])
def test_code_in_a_typewriter_font_not_flagged_fixed_pitch_is_no_table(family: str) -> None:
    # A BibTeX entry, its "=" signs aligned, in a typewriter family whose font the PDF
    # does not mark fixed-pitch (MuPDF reports no monospace flag for it).
    entry = [("author", "{Pikirayi, I.},"), ("title", "{The Future of Archaeology},"),
             ("journal", "{Antiquity},"), ("volume", "{89},"), ("year", "{2015},")]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "The entry below is written in the bibliography file.",
                     fontsize=10)
    page.insert_text((72, 100), "@article{pikirayi2015,", fontsize=10, fontname="Cour")
    for k, (key, value) in enumerate(entry):
        _write_row(page, 112 + 12 * k, [key, "=", value], [80, 160, 175], font="Cour")
    page.insert_text((72, 200), "It is cited by its key in the text of the paper.", fontsize=10)
    for xref in range(1, doc.xref_length()):
        if doc.xref_get_key(xref, "BaseFont")[1] == "/Courier":
            doc.xref_set_key(xref, "BaseFont", f"/{family}")
    data = doc.tobytes()
    with pymupdf.open(stream=data) as check:  # the premise: no monospace flag
        spans = [s for b in check[0].get_text("dict")["blocks"] for ln in b.get("lines", [])
                 for s in ln["spans"] if s["font"] == family]
        assert spans and not any(s["flags"] & 8 for s in spans)
    result = convert(data)
    assert result.ok, result.error
    assert not [b for b in result.blocks if b.kind == "table"]
    code = "\n".join(b.text for b in result.blocks if b.kind == "code")
    assert all(key in code and value in code for key, value in entry)


def test_a_footer_line_far_under_a_table_at_the_page_foot_is_no_row():
    # The table runs down to the bottom margin; the page's footer ("Annex 2", "Page 3
    # of 9") sits in the margin band, a row pitch and more below the last row, under
    # the table's right columns: no row of it.
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    xs = [72, 200, 330, 450]
    rows = [["Name", "Code", "Date", "Amount"]] + [
        [f"Donor {k}", f"{20 + k}-{1000 + 37 * k}", "09/10/2013", f"$ {5 + k % 4}.000,00"]
        for k in range(1, 42)]
    for r, row in enumerate(rows):
        _write_row(page, 60 + 16 * r, row, xs)
    page.insert_text((330, 60 + 16 * len(rows) + 12), "Annex 2", fontsize=10)
    page.insert_text((450, 60 + 16 * len(rows) + 12), "Page 3 of 9", fontsize=10)
    assert _tables(doc.tobytes()) == [rows]
    assert "Annex 2" in convert(doc.tobytes()).markdown


@pytest.mark.parametrize("label", ["Page 26 of 29", "第 26 页 共 29 页"])
def test_a_footer_row_with_the_page_count_under_a_table_at_the_page_foot_is_no_row(label):
    # A one-page excerpt of a report: a cash flow table ends at the foot of the page, the
    # footer row ("Read the notices ...", "Page 26 of 29", the publisher) a row and a half
    # under its last row, starting where its first column does; nothing repeats on one
    # page to show the row for furniture. It was the table's last row.
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    xs = [45, 330, 390, 450, 510]
    rows = [["Item", "2020", "2021", "2022", "2023"],
            ["Net profit", "806", "948", "1,536", "1,819"],
            ["Depreciation", "120", "131", "140", "152"],
            ["Working capital", "-35", "12", "-8", "20"]]
    for r, row in enumerate(rows):
        _write_row(page, 735 + 16 * r, row, xs)
    footer = [(40, "Read the notices at the end of this report"), (300, label),
              (480, "Harbour Research")]
    for x, text in footer:
        page.insert_text((x, 816), text, fontsize=8,
                         fontname="china-s" if text == label else "helv")
    data = doc.tobytes()
    assert _tables(data) == [rows]
    markdown = convert(data).markdown
    assert markdown.index("Read the notices") > markdown.index("Working capital"), markdown


def test_a_label_straddling_two_rows_comes_once_into_a_side_of_tables_side_by_side(
        public_pdf):
    # A loan deal summary with ruled tables side by side (PyMuPDF's test_4017): a label
    # set between two rows of one side is joined to both rows; the side, parted at the
    # rules, took the line twice ("Miscellaneous Information Miscellaneous Information").
    # No generated layout made a straddled line reach a parted side, hence the real file.
    deal = public_pdf("pymupdf/test_4017.pdf").read_bytes()
    markdown = convert(deal, filename="deal.pdf").markdown
    lines = [line for line in markdown.splitlines() if "Miscellaneous Information" in line]
    assert lines and all(line.count("Miscellaneous Information") == 1 for line in lines), lines


def test_a_group_label_over_two_headings_beside_the_first_heading_stays_in_the_header():
    # An unruled header (a tax worksheet's): the first heading in four lines, half a line
    # off the other headings' two; a group label of six words centred over columns 2-3
    # is level with its first line. The label is no line of a paragraph above the table.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((42, 500), "Table 1 for Line 3 Above", fontsize=8)
    for k, text in enumerate(["IF the age at", "annuity starting", "date (see page", "13) was"]):
        page.insert_text((42, 525 + 12.4 * k), text, fontsize=8)
    page.insert_text((207, 525), "AND your annuity starting date was", fontsize=8)
    for x, first in ((168, "before November 19, 1996,"), (281, "after November 18, 1996,")):
        page.insert_text((x, 544.7), first, fontsize=8)
        page.insert_text((x, 557.1), "enter on line 3", fontsize=8)
    body = [("55 or under", "300", "360"), ("56-60", "260", "310"), ("61-65", "240", "260"),
            ("66-70", "170", "210"), ("71 or older", "120", "160")]
    for r, row in enumerate(body):
        _write_row(page, 582.8 + 13.5 * r, list(row), [42, 213, 329], size=8)
    [table] = _tables(doc.tobytes())
    assert table[0] == ["IF the age at annuity starting", "AND your annuity starting date was", ""]
    assert table[1][1:] == ["before November 19, 1996,", "after November 18, 1996,"]
    assert table[-len(body):] == [list(row) for row in body]


def test_a_footnote_under_a_borderless_table_is_no_row_of_it():
    # A footnote's marker at the left edge, its lines wrapped beside it across the
    # table's columns, line-gap close under the last row: a paragraph, not a row.
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [["Region", "Sites", "Staff", "Budget"], ["North", "12", "140", "2,300"],
            ["South", "9", "95", "1,750"], ["East", "15", "210", "3,020"],
            ["West", "7", "66", "1,120"]]
    xs = [56, 250, 350, 450]
    for r, row in enumerate(rows):
        _write_row(page, 100 + 14 * r, row, xs)
    note = ["Budgets are in thousands of euros and include the grants paid by the",
            "regional councils during the year, less the amounts returned to them",
            "before the accounts were closed at the end of the financial year."]
    page.insert_text((56, 170), "(1)", fontsize=10)
    for k, text in enumerate(note):
        page.insert_text((74, 170 + 12 * k), text, fontsize=10)
    assert _tables(doc.tobytes()) == [rows]


def _right_aligned(page: pymupdf.Page, right: float, y: float, text: str, size: float) -> None:
    page.insert_text((right - pymupdf.get_text_length(text, fontsize=size), y), text,
                     fontsize=size)


def test_a_statement_with_dollar_signs_apart_from_its_amounts_is_one_table():
    # "$" set at the left of an amount's cell, apart from the figure: the gap after it
    # is inside a cell, and the statement's widest gap is no gutter between two tables.
    doc = pymupdf.open()
    page = doc.new_page()
    size = 6
    rights = [233, 291, 344, 396, 448, 501, 557]
    heads = [["Cash", "settlements"], ["Rate", "decreases"], ["Other", "other terms (2)"],
             ["Total"], ["Written", "lost (3)"], ["Average", "rate", "change", "after",
                                                 "decreases"],
             ["Balance", "with", "a rate", "cut", "decreases (4)"]]
    for right, head in zip(rights, heads, strict=True):
        for k, word in enumerate(head):
            _right_aligned(page, right, 105 - 6 * (len(head) - 1 - k), word, size)
    page.insert_text((478, 69), "Effects of changes", fontsize=size)  # over the last two
    labels = ["Shops", "Offices", "Storage", "Farms", "Homes", "Cards", "Cars", "Boats",
              "Total"]
    body = []
    for r, label in enumerate(labels):
        y = 120 + 10 * r
        row = [str(7 * r + k * 13 + 2) for k in range(5)] + [f"{r + 1}.{k}5" for k in (2,)] + [
            str(40 + 9 * r)]
        page.insert_text((40, y), label, fontsize=size)
        for right, text in zip(rights, row, strict=True):
            _right_aligned(page, right, y, text, size)
        if r in (0, len(labels) - 1):
            page.insert_text((183, y), "$", fontsize=size)
            page.insert_text((508, y), "$", fontsize=size)
        body.append(row)
    tables = _tables(doc.tobytes())
    assert len(tables) == 1
    assert [row[-1] for row in tables[0][-len(labels):]] == [row[-1] for row in body]


def test_a_tightly_set_table_with_a_header_running_over_its_widest_gap_is_one_table():
    # Rows 13.7 pt apart in 11 pt type: each row's box reaches into the next. The second
    # heading runs on over the widest gap, into the third column's heading.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((147.5, 110), "Station", fontsize=11)
    page.insert_text((238, 110), "Mean rainfall in mmDeviation", fontsize=11)
    page.insert_text((411, 110), "Trend", fontsize=11)
    body = []
    names = ["NORTHPORT", "ELM", "CROSSWAY", "FENBY", "OAKHILL", "MARSH", "KILN", "ASHFORD",
             "BAY", "REDCLIFF", "MOOR", "WEIR"]
    for r, name in enumerate(names):
        row = [name, f"0.{97 - 3 * r}{'1357' * (r % 3)}", f"{r + 1}.{r}1E-0{r % 9 + 1}",
               f"{9 - r % 9}.2{r}E-03"]
        y = 124 + 13.7 * r
        page.insert_text((147.5, y), row[0], fontsize=11)
        page.insert_text((238, y), row[1], fontsize=11)
        _right_aligned(page, 399.4, y, row[2], 11)
        page.insert_text((411, y), row[3], fontsize=11)
        body.append(row)
    [table] = _tables(doc.tobytes())
    assert table[-len(body):] == body


def test_a_caption_centred_over_a_table_beside_its_label_stays_out_of_it():
    # "Table 3" over the first column, the caption's words centred over the others: a
    # caption, not a group's label (that sits beside a heading set in more lines).
    doc = pymupdf.open()
    page = doc.new_page()
    caption = "Table at full column width with values in math mode"
    width = pymupdf.get_text_length(caption, fontsize=9)
    xs = [72, 190, 290, 390]
    page.insert_text((72, 100), "Table 3", fontsize=9)
    page.insert_text(((xs[1] + 420 - width) / 2, 100), caption, fontsize=9)
    rows = [["Case", "Load", "Span", "Ratio"], ["A", "1.20", "4.5", "0.27"],
            ["B", "2.35", "6.0", "0.39"], ["C", "3.10", "7.5", "0.41"],
            ["D", "4.05", "9.0", "0.45"]]
    for r, row in enumerate(rows):
        _write_row(page, 116 + 12 * r, row, xs, size=9)
    assert _tables(doc.tobytes()) == [rows]
