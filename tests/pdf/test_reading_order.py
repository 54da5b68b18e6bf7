"""Reading order of real-world page furniture around columns: watermarks drawn across
the page, stamps turned along a margin."""

from __future__ import annotations

import re
import textwrap

import pymupdf
import pytest

from webfold.convert import convert
from webfold.pdf.drawings import page_paths
from webfold.pdf.layout import order_page
from webfold.pdf.native import read_page

LEFT = ("The harbour office opened its new survey of the eastern quay in early spring, "
        "when the water was still cold and the boats stayed in. Divers measured the old "
        "stone walls and found that the lower courses had moved since the last count. "
        "The engineers asked for a second season of work before any repair was planned.")
RIGHT = ("Farmers in the valley moved their cattle to the high fields before the rain, "
         "as their parents had done, and the river rose slowly through the night. By "
         "morning it had reached the stone bridge, and the mill stood idle for a week "
         "while the miller waited for the water to fall back into its bed.")


def _column(page: pymupdf.Page, x: float, text: str, width: float = 230) -> None:
    """`text` set line by line from (x, 100) in 10 pt Times, lines 12 pt apart."""
    words, line, y = text.split(), [], 100.0
    for word in words:
        if pymupdf.get_text_length(" ".join([*line, word]), "tiro", 10) > width and line:
            page.insert_text((x, y), " ".join(line), fontname="tiro", fontsize=10)
            line, y = [], y + 12
        line.append(word)
    page.insert_text((x, y), " ".join(line), fontname="tiro", fontsize=10)


def _two_columns() -> tuple[pymupdf.Document, pymupdf.Page]:
    doc = pymupdf.open()
    page = doc.new_page()  # A4: 595 x 842
    _column(page, 60, LEFT)
    _column(page, 310, RIGHT)
    return doc, page


def _assert_columns_read_in_turn(markdown: str) -> None:
    text = " ".join(markdown.split())
    assert LEFT in text, markdown
    assert RIGHT in text, markdown
    assert text.index(LEFT) < text.index(RIGHT)


def test_a_diagonal_watermark_across_two_columns_is_left_out():
    # A light grey "DRAFT" at 150 pt, drawn at 55 degrees over both columns and the gutter
    # between them (as LaTeX's draftwatermark and word processors set it).
    doc, page = _two_columns()
    turn = pymupdf.Matrix(55)
    page.insert_text((150, 420), "DRAFT", fontname="hebo", fontsize=150, color=(0.8, 0.8, 0.8),
                     morph=(pymupdf.Point(150, 420), turn))
    result = convert(doc.tobytes())
    _assert_columns_read_in_turn(result.markdown)
    assert "DRAFT" not in result.markdown
    assert any("DRAFT" in w for w in result.warnings)


def test_small_line_numbers_stay_on_the_rows_of_their_code_lines():
    # LaTeX's doc package numbers code lines in a smaller type at the left: on each row
    # the number comes first, whatever the sizes of the two.
    code = [r"\def\@addtocurcol{%", r"\@insertfalse", r"\@setfloattypecounts",
            r"\ifnum \@fpstype=8", r"\else", r"\ifnum \@fpstype=24", r"\global \@testtrue",
            r"\fi", r"\fi", r"\endgroup"]
    doc = pymupdf.open()
    page = doc.new_page()
    for k, text in enumerate(code):
        y = 120 + 11 * k
        page.insert_text((60, y), str(301 + k), fontname="helv", fontsize=7)
        page.insert_text((90, y), text, fontname="cour", fontsize=9)
    text = " ".join(convert(doc.tobytes()).markdown.replace("`", " ").split())
    tokens = [str(301 + k) + " " + line for k, line in enumerate(code)]
    at = [text.find(token) for token in tokens]
    assert -1 not in at and at == sorted(at), text


def test_a_stamp_along_the_margin_beside_two_columns_is_no_heading():
    # arXiv stamps a paper's first page with its identifier, set vertically in 20 pt
    # along the left margin, larger than the paper's title.
    doc, page = _two_columns()
    page.insert_text((150, 70), "Surveys of the Eastern Quay", fontname="tiro", fontsize=16)
    stamp = "arXiv:2401.01234v2 [cs.CL] 14 Mar 2024"
    page.insert_text((35, 600), stamp, fontname="tiro", fontsize=20, rotate=90,
                     color=(0.5, 0.5, 0.5))
    result = convert(doc.tobytes())
    _assert_columns_read_in_turn(result.markdown)
    headings = [(b.heading_level, b.text) for b in result.blocks if b.kind == "heading"]
    assert headings == [(1, "Surveys of the Eastern Quay")]
    assert result.metadata.title == "Surveys of the Eastern Quay"
    assert stamp in result.markdown.replace("\\", "")


def test_a_stamp_set_close_beside_a_column_stays_out_of_its_paragraph():
    # A form's stamp runs up the margin a few points from the text, its foot level with
    # a line's baseline: it was joined to that line as the line's first words, the
    # joined line taking the stamp's height, and then read amid the paragraph.
    doc, page = _two_columns()
    stamp = "FILED WITH THE BOARD"
    page.insert_text((56, 136), stamp, fontname="helv", fontsize=7, rotate=90)
    text = " ".join(convert(doc.tobytes()).markdown.split())
    _assert_columns_read_in_turn(text)
    assert stamp in text
    assert f"{stamp} and found" not in text


SENDER = [("1. Sender", ["NORTH MILL TRADING COMPANY", "ZONE OF THE OLD HARBOUR WORKS",
                         "56120 STONEBRIDGE"]),
          ("2. Receiver", ["GREEN LANE IMPORT GROUP", "902-1 MAIN BUILDING, RIVER PLAZA",
                           "518001 WEST QUAY"])]
ORIGIN = [("3. Number", ["2024 05 13 10718390"]), ("4. Country of origin", ["UNION OF PROVINCES"]),
          ("5. Remarks", ["J142748 SEALED AT PORT"])]


@pytest.mark.parametrize("gap", [3, 4])
def test_a_form_s_boxes_side_by_side_are_read_box_by_box(gap):
    # A certificate's boxes in two columns parted by one drawn rule, their lines on one
    # grid of rows and `gap` points off the rule (a line of the left box runs up to it):
    # the lines were read as a two-column table, or across the rule row by row, the
    # lines either side of it 6 points apart joined as one.
    doc = pymupdf.open()
    page = doc.new_page()
    rule, top, pitch = 300, 60, 14
    for boxes, x_text, x0, x1 in ((SENDER, 60, 56, rule), (ORIGIN, rule + gap, rule, 540)):
        row = 0
        for label, values in boxes:
            page.draw_line((x0, top + pitch * row), (x1, top + pitch * row), width=0.5)
            for k, text in enumerate([label, *values]):
                size = 9 if k == 0 else 11
                x = x_text
                if x_text < rule and k == 2:
                    x = rule - gap - pymupdf.get_text_length(text, "helv", size)
                page.insert_text((x, top + pitch * (row + k) + 11), text, fontsize=size,
                                 fontname="helv")
            row += len(values) + 1
        page.draw_line((x0, top + pitch * row), (x1, top + pitch * row), width=0.5)
    page.draw_line((rule, top), (rule, top + pitch * 8), width=0.5)
    result = convert(doc.tobytes())
    assert not [b for b in result.blocks if b.kind == "table"], result.markdown
    text = " ".join(result.markdown.split())
    boxes = [" ".join([label, *values]) for label, values in SENDER + ORIGIN]
    assert all(box in text for box in boxes), text
    assert [text.index(box) for box in boxes] == sorted(text.index(box) for box in boxes)


NOTE = ("The partner reports each share below on the return for the year in which the "
        "firm's year ends. Shares of income are taxed whether or not the firm paid them "
        "out, and a loss is allowed only up to the partner's basis in the firm at the end "
        "of the year. Keep this copy with your records; the firm has sent one to the tax "
        "office, which compares it with your return.")
SHARES = ["1 Ordinary business income (loss)", "1,200", "2 Rental income", "310",
          "3 Interest", "45", "4 Dividends", "980"]


def test_a_form_s_halves_under_its_title_row_are_read_half_by_half():
    # A tax form's two halves parted by a drawn rule from under its title row down, the
    # short lines of the right half level with the left half's: the title row over the
    # rule kept the rule from parting the page, and the halves were read row by row
    # across both ("...on the return 1 Ordinary income for the year...").
    doc = pymupdf.open()
    page = doc.new_page()
    rule, top = 300, 100
    page.insert_text((60, top - 6), "Schedule K", fontsize=14, fontname="hebo")
    page.insert_text((rule + 6, top - 6), "Part III", fontsize=9, fontname="hebo")
    _column(page, 60, NOTE)  # from y 100, 12 pt apart
    for k, text in enumerate(SHARES):
        page.insert_text((rule + 6, top + 12 * k), text, fontsize=10, fontname="tiro")
    page.draw_line((rule, top - 10), (rule, top + 12 * len(SHARES)), width=0.5)
    with pymupdf.open(stream=doc.tobytes()) as check:
        lines = read_page(check[0], 1, lambda: page_paths(check[0]))
        texts = [it.text for it in order_page(lines)]
    note = [t for t in texts if t not in SHARES]
    assert texts == note + SHARES, texts
    assert note[:2] == ["Schedule K", "Part III"] and " ".join(note[2:]) == NOTE


def _half_of_boxes(left: list[str], right: list[str], drop: float) -> list[str]:
    """The reading order of a form page: a note in its left half and, right of a drawn
    rule, a titled half whose lines `left` and `right` (one per box, 24 pt apart, the
    right's starting `drop` points lower) stand in two columns 115 pt wide, under a fifth of
    the page's text, parted by a rule from under the title down, over a footer line."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((60, 94), "Schedule K", fontsize=14, fontname="hebo")
    _column(page, 60, NOTE)
    page.draw_line((300, 80), (300, 400), width=0.5)
    page.insert_text((306, 94), "Part III Partner's share of the year's income", fontsize=9,
                     fontname="hebo")
    page.draw_line((423, 100), (423, 100 + 24 * len(left)), width=0.5)
    for x, texts, first in ((306, left, 110), (428, right, 110 + drop)):
        for k, text in enumerate(texts):
            page.insert_text((x, first + 24 * k), text, fontsize=9, fontname="helv")
    page.insert_text((306, 116 + 24 * len(left)), "See the attached statement", fontsize=9,
                     fontname="helv")
    with pymupdf.open(stream=doc.tobytes()) as check:
        lines = read_page(check[0], 1, lambda: page_paths(check[0]))
        return [it.text for it in order_page(lines)]


BOXES_LEFT = ["1 Business income", "2 Rental income", "3 Other rental", "4a Payments",
              "4b Guaranteed", "5 Interest"]
BOXES_RIGHT = ["6 Self-employment", "7 Credits", "8 Schedule attached", "9 Minimum tax"]


def test_a_form_half_s_two_columns_of_numbered_boxes_are_read_column_by_column():
    # The K-1's Part III: boxes 1-13 down one column, 14-21 down the next, each column
    # narrower than a quarter of the page's text, their rows level by the form's grid:
    # read row by row across both ("1 ... 6 ... 2 ... 7").
    texts = _half_of_boxes(BOXES_LEFT, BOXES_RIGHT, 24)
    boxes = [t for t in texts if t in BOXES_LEFT + BOXES_RIGHT]
    assert boxes == BOXES_LEFT + BOXES_RIGHT, texts
    assert texts[-1] == "See the attached statement", texts


@pytest.mark.parametrize("left, right", [
    (["1 Wages", "2 Rents", "3 Interest", "4 Dividends"], ["1,200", "310", "45", "980"]),
    (["1 Wages", "3 Interest", "5 Royalties", "7 Gains"], ["2 Rents", "4 Dividends",
                                                           "6 Credits", "8 Other"]),
], ids=["labels and values", "numbered across"])
def test_a_form_half_s_grid_beside_a_rule_stays_read_row_by_row(left, right):
    # Labels beside their values, or boxes numbered across the row (1 beside 2): the
    # numbers do not go on from one column to the next, and each row is read across.
    texts = _half_of_boxes(left, right, 0)
    cells = [t for t in texts if t in left + right]
    assert cells == [t for pair in zip(left, right, strict=True) for t in pair], texts


def test_leader_dots_ending_a_line_of_an_index_column_do_not_reach_into_the_next():
    # An index in two columns 10 pt apart: where an entry's page numbers do not fit, its
    # leader dots end the line at the column's edge and the numbers go to the next line.
    # The dots lead to page numbers only, not to the next column's entry level with them.
    left = [("\\addtocounter", "12"), ("\\addvspace", None), (None, "31, 45, 118"),
            ("\\alph", "7"), ("\\Alph", "7"), ("\\arabic", "9")]
    right = [("\\baselineskip", "14"), ("\\baselinestretch", "3"), ("\\bfseries", "22"),
             ("\\bigskip", "40"), ("\\boldmath", "41"), ("\\bottomfraction", "65")]
    doc = pymupdf.open()
    page = doc.new_page()
    for x, entries in ((60, left), (200, right)):
        for k, (name, refs) in enumerate(entries):
            y = 100 + 11 * k
            if name is not None:
                page.insert_text((x, y), name, fontname="cour", fontsize=9)
            used = pymupdf.get_text_length(name or "", "cour", 9)
            dots = " ." * int((120 - used - 30) / 4.5) if name is not None else ""
            page.insert_text((x + used, y), dots, fontname="tiro", fontsize=9)
            if refs is not None:
                page.insert_text((x + 130 - pymupdf.get_text_length(refs, "tiro", 9), y), refs,
                                 fontname="tiro", fontsize=9)
            elif name is not None:  # the dots run on to the column's edge
                page.insert_text((x + 90, y), " ." * 8, fontname="tiro", fontsize=9)
    # The reading order itself: so regular an index is also a table to the table finder.
    text = " ".join(it.text for it in order_page(read_page(doc[0], 1)))
    at = [text.find(name + " ") for name, _ in left + right if name is not None]
    assert -1 not in at and at == sorted(at), text


def test_a_level_watermark_under_two_columns_is_left_out():
    # "CONFIDENTIAL" set level in 60 pt light grey across both columns, the text drawn
    # over it: a line that large with lines of text inside its box is no heading.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((50, 150), "CONFIDENTIAL", fontname="hebo", fontsize=60,
                     color=(0.85, 0.85, 0.85))
    _column(page, 60, LEFT)
    _column(page, 310, RIGHT)
    result = convert(doc.tobytes())
    _assert_columns_read_in_turn(result.markdown)
    assert "CONFIDENTIAL" not in result.markdown
    assert any("CONFIDENTIAL" in w for w in result.warnings)


@pytest.mark.parametrize("x", [35, 570], ids=["left margin", "right margin"])
def test_two_long_columns_read_in_turn_beside_a_stamp_along_either_margin(x):
    # The stamp is a narrow column of its own beside the two; level with neither, it
    # does not make their lines, level with each other, a label/value grid.
    doc = pymupdf.open()
    page = doc.new_page()
    _column(page, 60, " ".join([LEFT] * 5))
    _column(page, 310, " ".join([RIGHT] * 5))
    page.insert_text((x, 500), "arXiv:2401.01234v2 [cs.CL] 14 Mar 2024", fontname="tiro",
                     fontsize=20, rotate=90, color=(0.5, 0.5, 0.5))
    text = " ".join(convert(doc.tobytes()).markdown.split())
    left, right = " ".join([LEFT] * 5), " ".join([RIGHT] * 5)
    assert left in text and right in text, text
    assert text.index(left) < text.index(right)


def test_margin_line_numbers_beside_two_columns_keep_the_columns_apart():
    # A review copy numbers the lines of each column in its outer margin, level with
    # them. The numbers are a grid with their own column only; the columns still read
    # one after the other. (The reading order itself: so regular a page of rows is also
    # a table to the table finder.)
    doc = pymupdf.open()
    page = doc.new_page()
    _column(page, 60, LEFT)
    _column(page, 310, RIGHT)
    for k in range(5):
        page.insert_text((40, 100 + 12 * k), str(k + 1), fontname="helv", fontsize=7)
        page.insert_text((548, 100 + 12 * k), str(k + 6), fontname="helv", fontsize=7)
    text = " ".join(it.text for it in order_page(read_page(doc[0], 1)))
    assert text.index("the eastern") < text.index("work before") < text.index("Farmers")


def test_a_centred_title_over_a_side_column_is_read_before_the_column():
    # A report head: a title centred on the page, then a narrow column at the left margin
    # level with the text beside it. The title starts right of the side column, so a
    # column cut put it in the right-hand column, read after the side column.
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for y, text in ((52, "Harbour Survey Office"), (66, "Eastern Quay Station 12"),
                    (80, "Northport, Sea District 14")):
        width = pymupdf.get_text_length(text, "tiro", 11)
        page.insert_text(((612 - width) / 2, y), text, fontname="tiro", fontsize=11)
    _column(page, 45, LEFT, width=140)
    _column(page, 300, RIGHT, width=250)
    text = " ".join(convert(doc.tobytes()).markdown.split())
    assert text.index("Northport") < text.index("The harbour office"), text
    assert LEFT in text and RIGHT in text, text


def test_a_grid_of_narrow_cells_cut_out_alone_is_read_row_by_row():
    # A tax form's line codes and their entry codes: two narrow columns of one-word
    # cells, one pair a row, between text lines across the page. Cut out between those
    # lines, the grid fills its own region, where its cells were not narrow, and it was
    # read column by column: all the line codes, then all the entry codes.
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((45, 80), "20   State additions to the partner's share of income",
                     fontname="helv", fontsize=9)
    rows = [(100 + 13 * k, f"20{letter}", "EA") for k, letter in enumerate("abcdef")]
    for y, code, _ in rows:  # drawn a column at a time, as the form's software did
        page.insert_text((45, y), code, fontname="hebo", fontsize=8)
    for y, _, entry in rows:
        page.insert_text((72, y), entry, fontname="hebo", fontsize=8)
    page.insert_text((45, 200), "21   Total addition modifications of column A, lines 20a "
                     "through 20f, carried to the summary", fontname="helv", fontsize=9)
    # The reading order itself: so regular a grid is also a table to the table finder.
    text = " ".join(it.text for it in order_page(read_page(doc[0], 1)))
    assert "20a EA 20b EA 20c EA 20d EA 20e EA 20f EA" in text, text


def test_two_wrapped_labels_side_by_side_are_read_one_after_the_other():
    # A figure's two labels next to each other, each wrapped over lines ("Corrected
    # posi-/tion of the ball"): narrow on the page, but text, not a grid's cells.
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _column(page, 60, LEFT, width=480)
    for x, lines in ((150, ("Corrected posi-", "tion of the", "ball")),
                     (250, ("Predicted", "position of", "the ball"))):
        for k, line in enumerate(lines):
            page.insert_text((x, 200 + 9 * k), line, fontname="helv", fontsize=7)
    page.insert_text((60, 260), "Fig. 1. Tracking the ball from one frame to the next.",
                     fontname="tiro", fontsize=10)
    text = " ".join(it.text for it in order_page(read_page(doc[0], 1)))
    assert "Corrected posi- tion of the ball" in text, text
    assert "Predicted position of the ball" in text, text


def test_line_numbers_in_the_margin_stay_out_of_the_sentences():
    # A draft's numbered lines: a whole number in the left margin beside every line of
    # double-spaced text, the first line indented. Joined to their lines as a numbered
    # list's markers are, the numbers landed in the middle of sentences ("... spring, 2
    # when ..."), and the indented first line, above the margin's first number once a
    # page number's place was cleared, stood apart as if a heading.
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    words, lines, line = f"{LEFT} {RIGHT}".split(), [], []
    for word in words:
        width = 450 - (36 if not lines else 0)
        if pymupdf.get_text_length(" ".join([*line, word]), "tiro", 12) > width and line:
            lines.append(" ".join(line))
            line = []
        line.append(word)
    lines.append(" ".join(line))
    for k, text in enumerate(lines):
        y = 100 + 24 * k
        page.insert_text((61 + (36 if k == 0 else 0), y), text, fontname="tiro", fontsize=12)
        if k:  # the first line's number left out, as a page's furniture can be
            page.insert_text((32, y), str(k + 1), fontname="helv", fontsize=12)
    text = " ".join(convert(doc.tobytes()).markdown.split())
    assert f"{LEFT} {RIGHT}" in text, text


def test_small_bullets_raised_to_the_letters_middle_start_their_items():
    # A word processor's bullets: a symbol font at less than half the text's size, raised
    # off the baseline, a column gap before the items' text. They were a column read
    # before every item (and each its own paragraph).
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((54, 100), "The office may respond to a missed test by:", fontsize=10)
    items = ["Encouraging me to improve my adherence.", "Changing this agreement.",
             "Increasing my monitoring.", "Reporting me to the board."]
    for i, text in enumerate(items):
        y = 124 + 18 * i
        page.insert_text((54, y - 2.5), "\u2022", fontsize=4.5)
        page.insert_text((71, y), text, fontsize=10)
    md = convert(doc.tobytes()).markdown
    assert md.strip().endswith("\n".join(f"- {text}" for text in items))


def _justified_pdf(lines: list[tuple[float, float, bool, str]], width: float) -> bytes:
    """A page of `lines` (x, baseline from the top, bold, text) in 10 pt Helvetica, each
    stretched to `width` by its word spacing (Tw), as justified text is set."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=300)
    page.insert_text((10, 10), "x", fontname="helv", fontsize=10)  # the fonts' resources
    page.insert_text((10, 20), "x", fontname="hebo", fontsize=10)
    names = {basefont: name for *_, basefont, name, _ in page.get_fonts()}
    ops = []
    for x, y, bold, text in lines:
        font = "hebo" if bold else "helv"
        spacing = (width - pymupdf.get_text_length(text, font, 10)) / text.count(" ")
        name = names["Helvetica-Bold" if bold else "Helvetica"]
        ops.append(f"BT /{name} 10 Tf {spacing:.2f} Tw {x} {300 - y} Td ({text}) Tj ET")
    first, *rest = page.get_contents()
    doc.update_stream(first, "\n".join(ops).encode())
    for xref in rest:
        doc.update_stream(xref, b"")
    return doc.tobytes()


def test_a_bold_line_of_a_justified_column_is_no_run_in_heading_of_the_next_column():
    # A textbook's two justified columns 12 pt apart at 10 pt: a line of the left column
    # set bold throughout ("Nel peso della responsabilita risiede") stands level with a
    # plain line of the right one. Joined to it as a run-in heading is to its text, the
    # line bridged the gutter and both columns were read line by line across.
    left = ["The harbour office opened its survey", "Divers measured the old walls",
            "and found the lower courses moved", "since the last count was made."]
    right = ["Farmers moved their cattle to the", "high fields before the rain came",
             "as their parents had done, and the", "river rose slowly through the night."]
    lines = [(40, 100 + 12 * k, k == 1, text) for k, text in enumerate(left)]
    lines += [(212, 100 + 12 * k, False, text) for k, text in enumerate(right)]
    text = " ".join(convert(_justified_pdf(lines, 160)).markdown.replace("*", "").split())
    assert " ".join(left) in text and " ".join(right) in text, text


def _numbered_listing(code: list[str], indent: list[int]) -> str:
    """Markdown of a page with a listing numbered from 97 in a small serif type at the
    left margin, each line indented `indent` characters (a blank line numbered too)."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 100), "Some commands offered a starred form of the hook.",
                     fontname="tiro", fontsize=10)
    for k, (text, depth) in enumerate(zip(code, indent, strict=True)):
        y = 120 + 11 * k
        page.insert_text((60, y), str(97 + k), fontname="tiro", fontsize=7)
        page.insert_text((90 + 10.8 * depth, y), text, fontname="cour", fontsize=9)
    return convert(doc.tobytes()).markdown


_HOOK_CODE = [r"\DeclareDocumentCommand \AtBeginOfClassFile {smm}", r"{\IfBooleanTF{#1}%",
              r"{\@ifclassloaded{#2}%", r"{#3}%", r"{\AddToHook{class/#2/before}{#3}}}%",
              r"{\AddToHook{class/#2/before}{#3}}%", "}"]


def test_a_listings_line_numbers_join_their_lines_however_deep_the_indent():
    # LaTeX's doc package numbers code lines in a smaller serif type at the left margin;
    # MuPDF cuts a number from its line where the code is indented deep (or the number
    # has three digits): each number still starts its line, and the listing is one fence.
    md = _numbered_listing(_HOOK_CODE, [0, 1, 2, 4, 4, 1, 0])
    assert md.count("```") == 2, md
    fence = md.split("```")[1]
    assert [line.split()[0] for line in fence.strip().splitlines()] == \
        [str(97 + k) for k in range(len(_HOOK_CODE))], md


def test_a_listings_numbered_blank_line_does_not_hide_its_line_numbers():
    # A blank line of the listing keeps its number, with nothing beside it.
    code = [*_HOOK_CODE[:3], "", *_HOOK_CODE[3:]]
    md = _numbered_listing(code, [0, 1, 2, 0, 4, 4, 1, 0])
    lines = md.splitlines()
    for k, text in enumerate(code):
        if text:
            assert f"{97 + k} {text}" in lines, md



def test_a_listings_numbered_blank_line_stays_in_its_fence_without_its_number():
    # The blank line's number, with no code to start, is no paragraph of its own: the
    # listing stays one fence and no bare "100" stands between its halves.
    code = [*_HOOK_CODE[:3], "", *_HOOK_CODE[3:]]
    md = _numbered_listing(code, [0, 1, 2, 0, 4, 4, 1, 0])
    assert md.count("```") == 2, md
    assert "100" not in md.splitlines(), md
    assert f"101 {code[4]}" in md.split("```")[1], md

VEHICLE_HEADS = [("Registration Authority and RTO Location",), ("Date of", "Registration"),
                 ("CNG/LPG/Bi", "Fuel"),
                 ("Lease / Hire / Hypothecation (Name and", "address of concerned parties)"),
                 ("Colour of the", "Vehicle"), ("Seating", "Capacity")]
VEHICLE_VALUES = ["GURGAON", "10/04/2015", "Diesel", "", "", "5"]


@pytest.mark.parametrize("edges, ruled", [
    ((17, 160, 236, 294, 459, 519, 580), False),  # cells set well apart: white parts them
    ((17, 160, 216, 270, 420, 470, 520), True),  # a point or so apart: their boxes' rules
])
def test_a_row_of_boxes_with_centred_headings_wrapped_over_lines_reads_each_box_whole(
        edges, ruled):
    # An insurance schedule's row of shaded boxes, each heading centred in its box and
    # wrapped over one to two lines, the values in a row of boxes under them: read row by
    # row across, the boxes' first lines came first, then all their second lines
    # ("Date of CNG/LPG/Bi Lease / Hire ... Seating / Registration Fuel address ...").
    doc = pymupdf.open()
    page = doc.new_page(width=596, height=842)
    page.insert_text((17, 200), "The vehicle insured under this policy is described below.",
                     fontname="helv", fontsize=9)
    top, pitch, size = 230, 9, 7.5
    for k, lines in enumerate(VEHICLE_HEADS):
        x0, x1 = edges[k] + 1, edges[k + 1] - 1
        page.draw_rect((x0, top, x1, top + 26), color=(0.3, 0.3, 0.3) if ruled else None,
                       fill=(0.85, 0.85, 0.85), width=0.5)
        page.draw_rect((x0, top + 28, x1, top + 44), color=(0.6, 0.6, 0.6), width=0.5)
        first = top + 16 - pitch * (len(lines) - 1) / 2
        for j, text in enumerate(lines):
            width = pymupdf.get_text_length(text, "hebo", size)
            page.insert_text(((x0 + x1 - width) / 2, first + pitch * j), text,
                             fontname="hebo", fontsize=size)
        width = pymupdf.get_text_length(VEHICLE_VALUES[k], "helv", size)
        page.insert_text(((x0 + x1 - width) / 2, top + 39), VEHICLE_VALUES[k],
                         fontname="helv", fontsize=size)
    with pymupdf.open(stream=doc.tobytes()) as check:
        lines = read_page(check[0], 1, lambda: page_paths(check[0]))
        text = " ".join(it.text for it in order_page(lines))
    heads = [" ".join(lines) for lines in VEHICLE_HEADS]
    assert all(head in text for head in heads), text
    assert [text.index(head) for head in heads] == sorted(text.index(head) for head in heads)
    assert text.index("Seating Capacity") < text.index("Diesel"), text


def test_a_raised_citation_read_apart_from_its_line_stays_in_its_sentence():
    # A browser's print sets citations raised in smaller type ("level[4] [5]."), and
    # MuPDF may read them as a block of their own, drawn after the page's text: their
    # baseline lies a third of the text size over the line's, and left apart they cut
    # the sentence into three paragraphs ("... (Tibet)" / "[1] [2]" / ".").
    doc = pymupdf.open()
    page = doc.new_page()
    first = "The survey found that the old quay walls had moved since the last count"
    second = "along the eastern side (Tibet)"
    page.insert_text((60, 100), first, fontname="helv", fontsize=10.5)
    page.insert_text((60, 116), second, fontname="helv", fontsize=10.5)
    end = 60 + pymupdf.get_text_length(second, "helv", 10.5)
    cite = "[1] [2]"
    width = pymupdf.get_text_length(cite, "helv", 7.9)
    page.insert_text((end + width + 2.5, 116), ".", fontname="helv", fontsize=10.5)
    page.insert_text((60, 148), "A second paragraph follows the first one.", fontname="helv",
                     fontsize=10.5)
    page.insert_text((end + 1.2, 112.3), cite, fontname="helv", fontsize=7.9)
    paragraphs = convert(doc.tobytes()).markdown.strip().split("\n\n")
    assert len(paragraphs) == 2, paragraphs
    assert " ".join(paragraphs[0].split()).startswith(f"{first} {second}"), paragraphs
    assert "\\[1\\] \\[2\\]" in paragraphs[0] and paragraphs[0].endswith("."), paragraphs


@pytest.mark.parametrize("gap", [20.0, 1.5])
def test_a_drafts_small_line_numbers_beside_its_lines_stay_out_of_them(gap):
    # A manuscript's review line numbers (acmart's authordraft, aomart) are set small in
    # the margin, level with the upper half of each line: raised and small as a note's
    # mark is, but a gap away from the text (20 pt), or, set close (1.5 pt), one of a
    # column of numbers. Taken for marks they went into the headings and sentences
    # ("# 20 Survey of the Quay", "... the boats 23 stayed in").
    doc = pymupdf.open()
    page = doc.new_page()
    lines = ["Survey of the Quay", *textwrap.wrap(LEFT, 62)]
    for n, text in enumerate(lines):
        page.insert_text((90, 100 + 13 * n), text, fontname="tiro", fontsize=14 if n == 0 else 10)
    for n in range(len(lines)):
        number = str(20 + n)
        x = 90 - gap - pymupdf.get_text_length(number, "helv", 6.6)
        page.insert_text((x, 97.5 + 13 * n), number, fontname="helv", fontsize=6.6)
    md = convert(doc.tobytes()).markdown
    assert "# Survey of the Quay" in md, md
    assert not re.search(r"\d [A-Za-z]", md), md


def test_pieces_of_a_word_drawn_touching_join_without_a_space():
    # A form's text drawn piece by piece, a word's last letter after the rest of the
    # page ("physicia" ... "n"): MuPDF reads the two as lines of their own, and joined
    # with a space the word came out split ("The physicia n is legally ..."). Pieces a
    # word space apart keep the space between them.
    doc = pymupdf.open()
    page = doc.new_page()
    head, word_gap = "The physicia", "Services are billed"
    page.insert_text((60, 100), head, fontname="helv", fontsize=10)
    page.insert_text((60, 116), word_gap, fontname="helv", fontsize=10)
    page.insert_text((60, 148), "A second paragraph follows the first one.", fontname="helv",
                     fontsize=10)
    page.insert_text((60 + pymupdf.get_text_length(head, "helv", 10), 100),
                     "n is legally authorized to practice where he furnished the services.",
                     fontname="helv", fontsize=10)
    page.insert_text((60 + pymupdf.get_text_length(word_gap + " ", "helv", 10), 116),
                     "by the month.", fontname="helv", fontsize=10)
    md = convert(doc.tobytes()).markdown
    lines = md.splitlines()
    assert "The physician is legally authorized to practice where he furnished the services." \
        in lines, md
    assert "Services are billed by the month." in lines, md


def test_pieces_a_thin_space_apart_or_stacked_keep_their_space():
    # Pieces that do not touch are two words however narrow the white between them: two
    # numbers a thin space apart ("1 4"), a fraction's numbers one over the other, a
    # subscript under a superscript ("ds" with 2 over 1). Glued, they read "14", "ds21".
    doc = pymupdf.open()
    page = doc.new_page()
    lead = "The sample counts were"
    page.insert_text((60, 100), lead, fontname="helv", fontsize=10)
    page.insert_text((60, 130), "The metric reads", fontname="helv", fontsize=10)
    page.insert_text((60, 160), "A second paragraph follows the first one.", fontname="helv",
                     fontsize=10)
    x = 60 + pymupdf.get_text_length(lead + " ", "helv", 10)
    page.insert_text((x, 100), "1", fontname="helv", fontsize=10)
    four = x + pymupdf.get_text_length("1", "helv", 10) + 1.2
    x = 60 + pymupdf.get_text_length("The metric reads ds", "helv", 10)
    page.insert_text((60 + pymupdf.get_text_length("The metric reads ", "helv", 10), 130),
                     "ds", fontname="helv", fontsize=10)
    page.insert_text((x, 126), "2", fontname="helv", fontsize=7)
    page.insert_text((x, 132.5), "1", fontname="helv", fontsize=7)
    page.insert_text((four, 100), "4", fontname="helv", fontsize=10)  # drawn apart from "1"
    md = convert(doc.tobytes()).markdown
    assert "1 4" in md and "14" not in md, md
    assert "21" not in md and "12" not in md, md


def test_a_list_marker_set_touching_its_item_stays_a_marker():
    # A list's bullet may end where its item's first letter starts (a TeX list whose
    # label box runs up to the text): the two touch, yet glued ("•not use") the item was
    # no longer read as a list's.
    doc = pymupdf.open()
    page = doc.new_page()
    items = ["not use the margin, so the look is slightly", "different from the rest."]
    for n, text in enumerate(items):
        page.insert_text((80, 100 + 14 * n), text, fontname="helv", fontsize=10)
    for n in range(len(items)):  # drawn after the items: MuPDF reads them apart
        x = 80 - pymupdf.get_text_length("\u2022", "helv", 10)
        page.insert_text((x, 100 + 14 * n), "\u2022", fontname="helv", fontsize=10)
    md = convert(doc.tobytes()).markdown
    assert "\u2022not" not in md and "\u2022different" not in md, md
    assert all(f"- {text}" in md for text in items), md


def test_a_glyph_drawn_over_a_placeholder_space_takes_its_place():
    # A producer whose font lacks a character sets a space in the text's font in its
    # place and draws the character over it from another font (Word's "‐" in Segoe UI
    # over a Bookman space in "855‐781"). MuPDF reads the character as a line of its own,
    # which was read apart from its word ("855 781 ‐"). A glyph drawn beside a space, not
    # over it, keeps its place.
    doc = pymupdf.open()
    page = doc.new_page()
    lead, other = "The rate rose to 4 5 per cent in the spring.", "The office stays open."
    page.insert_text((60, 100), lead, fontname="helv", fontsize=10)
    page.insert_text((60, 130), other, fontname="helv", fontsize=10)
    x = 60 + pymupdf.get_text_length("The rate rose to 4", "helv", 10)
    page.insert_text((x, 100), ".", fontname="tiro", fontsize=10)
    x = 60 + pymupdf.get_text_length(other, "helv", 10)
    page.insert_text((x + 6, 130), "*", fontname="tiro", fontsize=10)
    md = convert(doc.tobytes()).markdown
    assert "The rate rose to 4.5 per cent in the spring." in md.splitlines(), md
    assert "The office stays open. \\*" in md.splitlines(), md


def test_pieces_nearer_than_the_drawn_space_join_where_spaces_are_drawn():
    # A word processor draws its word spaces as glyphs, and set a word's last letter
    # apart from the rest, 0.06-0.08 sizes off where the glyph before it ends ("L'ORGANISM"
    # + "E", a form's field): no word space, which would be drawn, is there. White as
    # narrow between two pieces on a page that draws no spaces (TeX's: a thin space
    # between two numbers, "1 4") stays a word gap.
    def page_with(spaces_drawn: bool) -> str:
        doc = pymupdf.open()
        page = doc.new_page()
        for y, text in ((100, "The organism"), (130, "A second paragraph follows here.")):
            if spaces_drawn:
                page.insert_text((60, y), text, fontname="helv", fontsize=10)
                continue
            x = 60.0
            for word in text.split():  # each word drawn apart, as TeX sets them
                page.insert_text((x, y), word, fontname="helv", fontsize=10)
                x += pymupdf.get_text_length(word + " ", "helv", 10)
        # drawn after the next line, as the form drew it: MuPDF reads it as a line apart
        x = 60 + pymupdf.get_text_length("The organism", "helv", 10) + 0.7
        page.insert_text((x, 100), "e", fontname="helv", fontsize=10)
        return convert(doc.tobytes()).markdown

    assert "The organisme" in page_with(True).splitlines(), page_with(True)
    assert "The organism e" in page_with(False).splitlines(), page_with(False)
