"""Structure details on small generated PDFs: links, hyphenation, emphasis, images, CLI."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pymupdf
import pytest
from PIL import Image

from webfold import convert
from webfold.cli.pdf import parse_pages
from webfold.contract import ConvertOptions


def _page_with(lines: list[tuple[str, str, float]], size: float = 11.0) -> pymupdf.Document:
    """One page; each (text, fontname, y)."""
    doc = pymupdf.open()
    page = doc.new_page()
    for text, font, y in lines:
        page.insert_text((72, y), text, fontname=font, fontsize=size)
    return doc


def test_hyphen_dropped_only_where_a_word_was_split():
    # "water" is written whole further on: "wa-ter" is a split word, so the document
    # hyphenates, and "ar-rived" (written nowhere else) is split as well.
    doc = _page_with([("The engineers checked the pumps and the wa-", "helv", 100),
                      ("ter level was measured by a self-", "helv", 114),
                      ("locking gauge before the storm ar-", "helv", 128),
                      ("rived. By noon the water was high.", "helv", 142)])
    md = convert(doc.tobytes()).markdown
    assert "the water level" in md
    assert "self-locking gauge" in md
    assert "the storm arrived." in md


def test_a_document_that_never_splits_a_word_keeps_its_line_end_hyphens():
    # A browser's print: no line-end hyphen joins a word written whole elsewhere, so
    # "machine-" and "hand-" end lines at the hyphens of compounds, whose halves are
    # written nowhere else.
    doc = _page_with([("The office keeps its records machine-", "helv", 100),
                      ("readable, and the gauges are hand-", "helv", 114),
                      ("finished by the workshop in the valley.", "helv", 128)])
    md = convert(doc.tobytes()).markdown
    assert "records machine-readable, and the gauges are hand-finished by" in md


def test_a_document_splitting_words_it_writes_nowhere_whole_joins_them():
    # A short hyphenated report (LibreOffice or Word with hyphenation on): three of its
    # six lines end in a split word, none of them written whole anywhere, so no word
    # proves the document hyphenates; that so many lines end at a hyphen does. A
    # compound head ("self-") keeps its hyphen all the same.
    doc = _page_with([("The inspection found the channels in fair order, but im-", "helv", 100),
                      ("mediately after the floods the teams replaced the di-", "helv", 114),
                      ("ameter of every culvert, be-", "helv", 128),
                      ("cause the old pipes were too small for the self-", "helv", 142),
                      ("cleaning gates the board had bought in the spring, and they", "helv", 156),
                      ("finished in June.", "helv", 170)])
    md = convert(doc.tobytes()).markdown
    assert "but immediately after the floods" in md
    assert "replaced the diameter of every culvert, because the old pipes" in md
    assert "the self-cleaning gates" in md


def test_compound_hyphen_at_a_line_end_stays():
    # Browsers and word processors break lines at real hyphens only. The document's own
    # words tell a compound from a split word: "user-tested" is written whole elsewhere;
    # "data" and "driven" are both words of the text; "sur-vey" is neither.
    doc = _page_with([("The office runs a user-tested and data-", "helv", 100),
                      ("driven survey of the data each spring, driven by the user-", "helv", 114),
                      ("tested forms and a short sur-", "helv", 128),
                      ("vey of the wells.", "helv", 142)])
    md = convert(doc.tobytes()).markdown
    assert "data-driven survey" in md
    assert "user-tested forms" in md
    assert "short survey of the wells" in md


def test_bold_italic_and_links():
    doc = _page_with([("Plain words then", "helv", 100)])
    page = doc[0]
    page.insert_text((170, 100), "strong", fontname="hebo", fontsize=11)
    page.insert_text((210, 100), "and", fontname="helv", fontsize=11)
    page.insert_text((232, 100), "slanted.", fontname="heit", fontsize=11)
    page.insert_text((72, 114), "See the report online.", fontname="helv", fontsize=11)
    rect = pymupdf.Rect(110, 104, 150, 117)
    page.insert_link({"kind": pymupdf.LINK_URI, "from": rect, "uri": "https://example.org/r"})
    page.insert_link({"kind": pymupdf.LINK_URI, "from": pymupdf.Rect(72, 104, 90, 117),
                      "uri": "javascript:alert(1)"})
    md = convert(doc.tobytes()).markdown
    assert "**strong**" in md and "*slanted.*" in md
    assert "](https://example.org/r)" in md
    assert "javascript" not in md


_BODIES = ["The pier was repaired in spring and stays.", "Ferries ran twice a day and it stays.",
           "The fish market moved north but stays.", "A new crane arrived late and stays."]


def test_running_header_and_page_numbers_removed_over_pages():
    doc = pymupdf.open()
    for n, body in enumerate(_BODIES, start=1):
        page = doc.new_page()
        page.insert_text((72, 40), "Harbour Office Quarterly", fontsize=9)
        page.insert_text((72, 200), body, fontsize=11)
        page.insert_text((290, 810), str(n), fontsize=9)
    md = convert(doc.tobytes()).markdown
    assert "Harbour Office Quarterly" not in md
    assert md.count("stays.") == 4
    assert "\n3\n" not in f"\n{md}\n"


def test_page_numbers_under_every_line_go_above_the_bottom_band():
    # LaTeX on A4 paper sets the page number at 83% of the page's height, above the
    # bottom band; it is still each page's lowest line, at one place on every page.
    doc = pymupdf.open()
    for n, body in enumerate(_BODIES, start=9):
        page = doc.new_page(width=595, height=842)
        page.insert_text((72, 200), body, fontsize=11)
        page.insert_text((72, 650), "The tide tables are posted at the gate.", fontsize=11)
        page.insert_text((294, 700), str(n), fontsize=10)
    md = convert(doc.tobytes()).markdown
    assert md.count("stays.") == 4 and md.count("at the gate.") == 4
    assert not any(f"\n{n}\n" in f"\n{md}\n" for n in range(9, 13)), md


@pytest.mark.parametrize("label", ["Página 1 de 1", "Seite 1 von 1", "Strona 1 z 1",
                                   "Стр. 1 из 1", "Page 1 of 1"])
def test_a_one_page_files_own_page_label_goes_in_other_languages_too(label):
    # Nothing repeats on one page: the footer goes as the page's own number.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 200), _BODIES[0], fontsize=11)
    page.insert_text((250, 810), label, fontsize=9,
                     fontname="helv" if label.isascii() else "tiro")
    md = convert(doc.tobytes()).markdown
    assert "stays." in md
    assert label not in md


def test_a_forms_line_numbers_low_on_its_page_are_no_page_labels():
    # A tax form's last rows stand in the bottom band, each with its line number before
    # it and an amount box after it; its second page is labelled "Page 2" at the top. The
    # numbers stand in a column, one over another, where no other page has a number: no
    # page labels, unlike "Page 2".
    rows = ["Additional income from Schedule 1", "Add lines 1 to 8. This is your total",
            "Adjustments to income from Schedule 1"]
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 200), _BODIES[0], fontsize=11)
    for n, (y, row) in enumerate(zip((740, 760, 780), rows, strict=True), start=8):
        page.insert_text((50, y), str(n), fontsize=9)
        page.insert_text((72, y), row, fontsize=9)
        page.insert_text((520, y), "$", fontsize=9)
    page = doc.new_page()
    page.insert_text((530, 30), "Page 2", fontsize=9)
    page.insert_text((72, 200), _BODIES[1], fontsize=11)
    md = convert(doc.tobytes()).markdown
    for n, row in enumerate(rows, start=8):
        assert f"{n} {row}" in md
    assert "Page 2" not in md


def test_page_labels_at_alternate_corners_go_and_a_column_of_line_numbers_stays():
    # Facing pages number their outer corners, right on odd pages and left on even ones;
    # each page's listing numbers its lines in the left margin. A page label stands where
    # the other pages have theirs, across the page or at its mirror, one in its band; line
    # numbers stand one over another in a column.
    doc = pymupdf.open()
    for n, body in enumerate(_BODIES, start=1):
        page = doc.new_page()
        page.insert_text((72, 150), body, fontsize=11)
        for k in range(1, 4):
            page.insert_text((40, 180 + 14 * k), str(10 + k), fontsize=11)
            page.insert_text((80, 180 + 14 * k), f"step_{k}(harbour)", fontsize=11)
        page.insert_text((540 if n % 2 else 50, 810), str(20 + n), fontsize=9)
    md = convert(doc.tobytes()).markdown
    assert all(str(20 + n) not in md for n in range(1, 5))
    assert md.count("step_3(harbour)") == 4
    assert all(len(re.findall(rf"(?<!\S){10 + k}(?!\S)", md)) == 4 for k in range(1, 4))


def _labelled_pages(labels: list[str], x: float, y: float) -> bytes:
    """One page for each of `labels`: a body line, and the label at (`x`, `y`)."""
    doc = pymupdf.open()
    for n, label in enumerate(labels):
        page = doc.new_page()
        page.insert_text((72, 200), f"{_BODIES[n % 4]} (part {n + 1})", fontsize=11)
        page.insert_text((x, y), label, fontsize=9)
    return doc.tobytes()


def test_a_numbering_started_anew_at_the_back_goes_too():
    # Pages 21-24 of a journal, then a last page numbered "i" where the others have
    # their numbers: a roman number after arabic ones, no sequence, the same place.
    md = convert(_labelled_pages(["21", "22", "23", "24", "i"], 295, 820)).markdown
    assert md.count("(part") == 5
    assert re.search(r"(?m)^(2[1-4]|i)$", md) is None


def test_a_page_label_set_a_line_lower_under_a_two_line_running_header_goes():
    # Printed numbers 11-14 at the top right, level with the running header; on the third
    # page the header wraps onto two lines and the number stands level with the second.
    doc = pymupdf.open()
    for n, body in enumerate(_BODIES, start=1):
        page = doc.new_page()
        page.insert_text((72, 40), "1.3 Results of the harbour survey", fontsize=9)
        y = 40
        if n == 3:
            page.insert_text((72, 56), "and of the works on the northern pier", fontsize=9)
            y = 56
        page.insert_text((520, y), str(10 + n), fontsize=9)
        page.insert_text((72, 200), body, fontsize=11)
    md = convert(doc.tobytes()).markdown
    assert md.count("stays.") == 4
    assert re.search(r"(?<!\S)1[1-4](?!\S)", md) is None


def test_a_footer_number_set_a_little_larger_than_the_body_goes_and_a_headings_stays():
    # A booklet in 9.5 pt: its footer row holds the booklet's title at the left and the
    # printed number "- 2 -" at 10 pt bold in the middle, alone in its part of the row.
    # On the third page a numbered heading falls in the bottom band, its number "3" a
    # line of its own (MuPDF parts it from its title, 1.2 sizes away): the number is the
    # heading's, not a page label, though it is the page's own number.
    doc = pymupdf.open()
    for n, body in enumerate(_BODIES, start=1):
        page = doc.new_page()
        for k in range(6):
            page.insert_text((72, 200 + 12 * k), f"{body} Line {k + 1} of the notes.",
                             fontsize=9.5)
        if n == 3:
            page.insert_text((72, 740), "3", fontname="hebo", fontsize=10)
            page.insert_text((90, 740), "Results of the survey", fontname="hebo", fontsize=10)
            page.insert_text((72, 754), "The survey ran for a month and stays.", fontsize=9.5)
        page.insert_text((72, 800), "Notes for the Harbour Permit", fontname="hebo", fontsize=9)
        page.insert_text((290, 800), f"- {n + 1} -", fontname="hebo", fontsize=10)
    md = convert(doc.tobytes()).markdown
    assert md.count("Line 6 of the notes.") == 4
    assert re.search(r"- [2-5] -", md) is None, md
    assert re.search(r"\b3\b.{0,8}Results of the survey", md), md


def test_a_page_number_well_below_a_contents_column_is_no_line_of_it():
    # A contents page: entries with their page references at the right, one under
    # another, and well below the last one the page's own number at the same right edge.
    # Type boxes are taller than the type; the space between the lines tells.
    doc = pymupdf.open()
    for n, body in enumerate(_BODIES, start=1):
        page = doc.new_page()
        page.insert_text((72, 200), body, fontsize=11)
        if n == 2:
            for k, y in enumerate((760, 774), start=1):
                page.insert_text((72, y), f"Chapter {k}. The harbour", fontsize=10)
                page.insert_text((520, y), str(40 + k), fontsize=10)
        page.insert_text((526, 800 if n == 2 else 820), str(n), fontsize=10)
    md = convert(doc.tobytes()).markdown
    assert re.search(r"(?m)^41$", md) and re.search(r"(?m)^42$", md)
    assert re.search(r"(?m)^2$", md) is None


def test_pages_repeated_wholesale_keep_their_margin_lines():
    # A form printed once per applicant: the same lines at the same heights on every page,
    # the top and bottom bands included, only the applicant's number changing. What
    # repeats is the page, not a running header; the page numbers still go.
    doc = pymupdf.open()
    for n in range(1, 4):
        page = doc.new_page()
        page.insert_text((72, 40), "For office use: file number ________", fontsize=11)
        page.insert_text((72, 120), f"Part A: applicant {n} of 3", fontsize=11)
        page.insert_text((72, 160), "Family name: ____________________", fontsize=11)
        page.insert_text((72, 780), "Signature: ____________ Date: ______", fontsize=11)
        page.insert_text((290, 820), str(n), fontsize=9)
    md = convert(doc.tobytes()).markdown
    assert md.count("For office use") == 3
    assert md.count("Signature:") == 3
    assert "\n2\n" not in f"\n{md}\n"


def test_a_repeated_notice_in_the_bottom_margin_is_kept_whole():
    # A form's legal notice at the foot of every page: its first line is too long to be a
    # running footer, its last line is short and repeats like one. A paragraph is kept or
    # dropped whole; the running footer set right under the notice's last sentence still
    # goes.
    notice = ("The law on records of 6 January 1978 applies to the answers given on this "
              "form and grants a right of access")
    doc = pymupdf.open()
    for body in _BODIES:
        page = doc.new_page()
        page.insert_text((72, 200), body, fontsize=11)
        page.insert_text((40, 790), notice, fontsize=8)
        page.insert_text((40, 800), "and of correction to the data held on you by the office.",
                         fontsize=8)
        page.insert_text((40, 810), "Harbour Office Quarterly", fontsize=8)
    md = convert(doc.tobytes()).markdown
    assert md.count("grants a right of access and of correction to the data held") == 4
    assert "Harbour Office Quarterly" not in md


def test_labels_in_the_side_margin_are_body_text():
    # A form's labels start at the page edge on every page; horizontal lines in the side
    # bands are no furniture (only page labels and text turned along the edge are).
    doc = pymupdf.open()
    for body in _BODIES:
        page = doc.new_page()
        page.insert_text((20, 300), "Name", fontsize=11)
        page.insert_text((120, 300), body, fontsize=11)
        page.insert_text((20, 400), "Notes", fontsize=11)
        page.insert_text((120, 400), "None given.", fontsize=11)
    md = convert(doc.tobytes()).markdown
    assert md.count("Name") == 4 and md.count("Notes") == 4


def _jpeg() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (120, 80), (200, 30, 30)).save(buf, "JPEG", quality=80)
    return buf.getvalue()


def test_images_written_jpeg_unchanged_png_otherwise(tmp_path):
    jpeg = _jpeg()
    png = io.BytesIO()
    Image.new("RGB", (60, 60), (0, 90, 200)).save(png, "PNG")
    doc = _page_with([("Before the pictures.", "helv", 100), ("After the pictures.", "helv", 500)])
    doc[0].insert_image(pymupdf.Rect(72, 150, 272, 283), stream=jpeg)
    doc[0].insert_image(pymupdf.Rect(72, 300, 172, 400), stream=png.getvalue())
    out = tmp_path / "img"
    result = convert(doc.tobytes(), options=ConvertOptions(image_dir=str(out)))
    files = sorted(p.name for p in out.iterdir())
    assert len(files) == 2
    jpg = next(p for p in out.iterdir() if p.suffix == ".jpg")
    assert jpg.read_bytes() == jpeg
    assert next(p for p in out.iterdir() if p.suffix == ".png").read_bytes()[:4] == b"\x89PNG"
    md = result.markdown
    assert md.index("Before") < md.index(f"![]({out.as_posix()}/{jpg.name})") < md.index("After")


def test_no_image_marker_without_directory():
    doc = _page_with([("Caption text below.", "helv", 300)])
    doc[0].insert_image(pymupdf.Rect(72, 100, 272, 233), stream=_jpeg())
    md = convert(doc.tobytes()).markdown
    assert md == "Caption text below.\n"


def test_cli_image_links_resolve_to_the_written_files(tmp_path):
    doc = _page_with([("Before the picture.", "helv", 100), ("After it.", "helv", 400)])
    doc[0].insert_image(pymupdf.Rect(72, 150, 272, 283), stream=_jpeg())
    (tmp_path / "in").mkdir()
    doc.save(tmp_path / "in" / "pictures.pdf")
    done = subprocess.run([sys.executable, "-m", "webfold", "pdf", "in/pictures.pdf",
                           "--images", "out dir/img"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    links = re.findall(r"!\[[^\]]*\]\(<?([^)>]+)>?\)", done.stdout)
    assert len(links) == 1
    assert (tmp_path / links[0]).is_file()
    assert (tmp_path / links[0]).parent == tmp_path / "out dir" / "img"


def test_blocks_carry_page_numbers_and_page_routes():
    doc = pymupdf.open()
    for n in range(1, 4):
        doc.new_page().insert_text((72, 300), f"Text on page {n}.", fontsize=11)
    result = convert(doc.tobytes())
    assert [b.page for b in result.blocks] == [1, 2, 3]
    record = result.record()
    assert [p["route"] for p in record["pages"]] == ["native"] * 3


def test_parse_pages():
    assert parse_pages("1-3,7") == (1, 2, 3, 7)
    assert parse_pages("5") == (5,)
    for bad in ("0", "3-1", "a", "1-", ""):
        with pytest.raises(ValueError):
            parse_pages(bad)


def test_numbered_sections_and_outline_make_headings():
    doc = pymupdf.open()
    page = doc.new_page()
    body = "The pumps were checked and the levels were written into the log book."
    y = 90
    for text in ("1 Introduction", body, "2.1 Field Methods", body, "Appendix Tables", body):
        page.insert_text((72, y), text, fontsize=11)
        y += 40
    doc.set_toc([[1, "Appendix Tables", 1]])
    result = convert(doc.tobytes())
    headings = {b.text: b.heading_level for b in result.blocks if b.kind == "heading"}
    assert set(headings) == {"1 Introduction", "2.1 Field Methods", "Appendix Tables"}
    assert headings["2.1 Field Methods"] == headings["1 Introduction"] + 1
    assert headings["Appendix Tables"] == 1


def test_right_to_left_columns_read_right_column_first():
    from pathlib import Path

    dejavu = Path("/usr/share/fonts/truetype/dejavu")
    if not (dejavu / "DejaVuSans.ttf").exists():
        pytest.skip("DejaVu Sans (Arabic glyphs) not installed")
    right = "ارتفع النهر ببطء طوال الليل ووصل إلى الجسر الحجري القديم عند الفجر."
    left = "نقل المزارعون في الوادي ماشيتهم إلى الحقول العالية قبل المطر."
    css = "@font-face {font-family: dv; src: url(DejaVuSans.ttf);} p {font-family: dv;}"
    doc = pymupdf.open()
    page = doc.new_page()
    archive = pymupdf.Archive(str(dejavu))
    page.insert_htmlbox(pymupdf.Rect(320, 72, 523, 300), f'<p dir="rtl">{right}</p>', css=css,
                        archive=archive)
    page.insert_htmlbox(pymupdf.Rect(72, 72, 275, 300), f'<p dir="rtl">{left}</p>', css=css,
                        archive=archive)
    md = convert(doc.tobytes()).markdown
    assert md.index("ارتفع") < md.index("نقل")
    assert "الجسر الحجري القديم" in md


def test_text_that_reads_as_markdown_syntax_is_escaped():
    doc = _page_with([("# 3 pumps were checked; *all* passed [see log].", "helv", 100),
                      ("A second paragraph follows after a wide gap here.", "helv", 160)])
    result = convert(doc.tobytes())
    first = result.blocks[0]
    assert first.kind == "paragraph"
    assert first.markdown == r"\# 3 pumps were checked; \*all\* passed \[see log\]."
    assert first.text == "# 3 pumps were checked; *all* passed [see log]."


def test_chunks_joined_are_the_document_markdown_lists_included(corpus) -> None:
    """PDF and HTML blocks go through one join: a list stays tight in chunks too."""
    from webfold.chunk import chunk_document

    doc = convert(corpus["lists"].path.read_bytes())
    assert doc.ok, doc.error
    items = [b for b in doc.blocks if b.kind == "list_item"]
    assert len(items) >= 4 and all(b.lists for b in items)
    [whole] = chunk_document(doc, max_chars=10 * len(doc.markdown))
    assert whole.markdown == doc.markdown.rstrip("\n")
    first, second = items[0].markdown, items[1].markdown
    assert f"{first}\n{second}" in doc.markdown  # consecutive items: one tight list


def test_running_header_of_a_one_page_file_is_not_its_title():
    doc = pymupdf.open()
    page = doc.new_page()  # 842 pt high: the header sits in the top tenth
    page.insert_text((72, 40), "Valley Water Board - Internal", fontname="hebo", fontsize=9)
    page.insert_text((72, 120), "Flood Report", fontname="hebo", fontsize=18)
    for k in range(6):
        page.insert_text((72, 150 + 14 * k), f"Line {k} of the report tells what happened.",
                         fontname="helv", fontsize=11)
    result = convert(doc.tobytes())
    assert [b.text for b in result.blocks if b.kind == "heading"] == ["Flood Report"]
    assert result.metadata.title == "Flood Report"
    assert result.markdown.startswith("Valley Water Board - Internal\n\n# Flood Report\n")


def test_a_charts_tick_numerals_do_not_set_the_body_size():
    # A report page of small charts: their axes' numerals, 4.5 pt, outnumber the words of
    # the page's 11 pt text. Sized by them, the 9 pt footer would stand out as a heading.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Tide Gauge Report", fontname="hebo", fontsize=18)
    for k in range(3):
        page.insert_text((72, 110 + 14 * k), f"Chart {k + 1} shows the levels of the week.",
                         fontsize=11)
    for chart in range(3):
        for tick in range(5):
            page.insert_text((72 + 160 * chart, 200 + 12 * tick), f"{4 - tick}.5", fontsize=4.5)
        page.insert_text((80 + 160 * chart, 262), "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14",
                         fontsize=4.5)
    page.insert_text((72, 800), "Prepared by the gauge office", fontsize=9)
    result = convert(doc.tobytes())
    assert [b.text for b in result.blocks if b.kind == "heading"] == ["Tide Gauge Report"]
    assert "Prepared by the gauge office" in result.markdown


def test_running_header_repeating_the_title_of_a_one_page_file_goes():
    # A word processor's header with the document's title, over the title set larger:
    # nothing repeats across pages, but the margin line repeats a larger line of its page.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 40), "Flood Report", fontname="helv", fontsize=11)
    page.insert_text((72, 120), "Flood Report", fontname="hebo", fontsize=18)
    for k in range(6):
        page.insert_text((72, 150 + 14 * k), f"Line {k} of the report tells what happened.",
                         fontname="helv", fontsize=11)
    page.insert_text((72, 800), "Line 5 of the report tells what happened.", fontname="helv",
                     fontsize=11)  # a footer as long as a body line: the same size, kept
    md = convert(doc.tobytes()).markdown
    assert md.startswith("# Flood Report\n\nLine 0 of the report")
    assert md.count("Flood Report") == 1
    assert md.count("Line 5 of the report") == 2


def test_cover_page_has_one_title_heading():
    # A report's cover: title, subtitle, office and date in falling sizes, no body text.
    # Only the title is a heading; the chapter heading of the next page stays one.
    doc = pymupdf.open()
    cover = doc.new_page()
    for text, size, y in [("Valley Water Survey", 26, 250),
                          ("Annual report on the rivers", 16, 290),
                          ("Prepared by the hydrology office", 13, 330), ("March 2026", 13, 350)]:
        cover.insert_text((72, y), text, fontsize=size)
    page = doc.new_page()
    page.insert_text((72, 100), "1 Introduction", fontsize=16)
    for i, body in enumerate(_BODIES):
        page.insert_text((72, 130 + 14 * i), body, fontsize=11)
    md = convert(doc.tobytes()).markdown
    headings = [ln for ln in md.splitlines() if ln.startswith("#")]
    assert headings[0] == "# Valley Water Survey"
    assert "\nAnnual report on the rivers\n" in md and "March 2026" in md
    assert len(headings) == 2 and headings[1].endswith(" 1 Introduction")


_PROSE = ("The gauges of the upper valley were read each morning by the volunteers of the "
          "survey, who sent the readings to the office at the end of every week. ")


def _first_page(block: list[tuple[str, str, float, float]], prose_at: float) -> str:
    """The Markdown of a first page: (text, font, size, baseline y) lines centred, then
    two columns of body prose from `prose_at`."""
    doc = pymupdf.open()
    page = doc.new_page()  # 595 pt wide
    for text, font, size, y in block:
        page.insert_text(((595 - pymupdf.get_text_length(text, font, size)) / 2, y), text,
                         fontname=font, fontsize=size)
    for x0 in (72, 310):
        assert page.insert_textbox((x0, prose_at, x0 + 213, 780), _PROSE * 8, fontsize=10) > 0
    return convert(doc.tobytes()).markdown


def test_title_block_of_a_paper_is_one_title_heading():
    # Authors, affiliation, e-mail and date sit centred under the title, smaller than it
    # (the authors still at a heading size: 12 pt over a 10 pt body), above the text.
    md = _first_page([("Counting rain on steep ground", "hebo", 22, 100),
                      ("Ada Brook and Lev Stone", "helv", 12, 130),
                      ("Upper Valley Survey, Hill Road 4", "heit", 10, 146),
                      ("ada.brook@survey.example", "helv", 10, 158),
                      ("March 2026", "helv", 10, 176)], prose_at=200)
    assert [ln for ln in md.splitlines() if ln.startswith("#")] == [
        "# Counting rain on steep ground"]
    assert "\n\nAda Brook and Lev Stone\n\n" in md and "\n\nMarch 2026\n\n" in md


def test_title_block_ends_at_a_section_heading():
    # A bold "Abstract" or a numbered section title under the title block: headings.
    for section in (("Abstract", "hebo"), ("1 Measuring in the hills", "helv")):
        md = _first_page([("Counting rain on steep ground", "hebo", 22, 100),
                          ("Ada Brook and Lev Stone", "helv", 12, 130),
                          (*section, 12, 170)], prose_at=185)
        assert [ln for ln in md.splitlines() if ln.startswith("#")] == [
            "# Counting rain on steep ground", f"## {section[0]}"]
        assert "\n\nAda Brook and Lev Stone\n\n" in md


def test_a_date_starting_with_its_day_stays_in_the_title_block():
    # "12 March 2026" opens with a number as "1 Introduction" does: a date all the same,
    # a paragraph of the title block; the numbered sections under it stay headings.
    md = _first_page([("Counting rain on steep ground", "hebo", 22, 100),
                      ("Ada Brook and Lev Stone", "helv", 12, 130),
                      ("12 March 2026", "helv", 10, 150),
                      ("Upper Valley Survey, Hill Road 4", "helv", 10, 172)], prose_at=200)
    assert [ln for ln in md.splitlines() if ln.startswith("#")] == [
        "# Counting rain on steep ground"]
    assert "\n\n12 March 2026\n\nUpper Valley Survey, Hill Road 4\n\n" in md
    for section in ("1 Introduction", "2.1 Method"):
        md = _first_page([("Counting rain on steep ground", "hebo", 22, 100),
                          ("12 March 2026", "helv", 10, 130),
                          (section, "helv", 12, 170)], prose_at=185)
        assert [ln for ln in md.splitlines() if ln.startswith("#")] == [
            "# Counting rain on steep ground", f"## {section}"]
        assert "\n\n12 March 2026\n\n" in md


def test_a_heading_at_the_margin_under_a_title_stays_a_heading():
    # A report's first page: no bold and no number, but short and at the left margin.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 100), "Harvest of the valley districts", fontname="hebo", fontsize=22)
    page.insert_text((72, 140), "Summary of the year", fontsize=14)
    assert page.insert_textbox((72, 155, 523, 780), _PROSE * 12, fontsize=10) > 0
    md = convert(doc.tobytes()).markdown
    assert [ln for ln in md.splitlines() if ln.startswith("#")] == [
        "# Harvest of the valley districts", "## Summary of the year"]


def test_code_listing_with_blank_lines_is_one_fence():
    # Two functions of one listing sit two blank lines apart: one fence, blanks kept.
    code = ["def totals(readings):", "    out = {}", "    return out", None, None,
            "def wettest(totals):", "    return max(totals)"]
    doc = _page_with([("The listing below adds up the readings of each year.", "helv", 100)])
    for i, line in enumerate(code):
        if line is not None:
            doc[0].insert_text((72, 130 + 12 * i), line, fontname="cour", fontsize=10)
    doc[0].insert_text((72, 240), "Call the second function on the result.", fontsize=11)
    md = convert(doc.tobytes()).markdown
    assert md.count("```") == 2
    assert "    return out\n\n\ndef wettest(totals):" in md


def test_a_listing_over_facing_pages_keeps_its_indents_on_each_page():
    # Facing pages set their text block at different left margins (the inner margin is
    # the wider): a listing running on over the page break is one fence, and each line is
    # indented from its own page's edge of the listing, not the other page's.
    code = [["def totals(readings):", "    out = {}", "    for r in readings:"],
            ["        out[r.year] = r.rain", "    return out", "totals(all_readings)"]]
    doc = pymupdf.open()
    for left, lines in zip((100, 60), code, strict=True):
        page = doc.new_page()
        y = 700 - 12 * len(lines) if left == 100 else 72
        page.insert_text((left, y - 24 if left == 100 else 800),
                         "The listing adds up the readings." if left == 100 else
                         "Call it on every reading.", fontsize=11)
        for i, line in enumerate(lines):
            page.insert_text((left, y + 12 * i), line, fontname="cour", fontsize=10)
    md = convert(doc.tobytes()).markdown
    assert md.count("```") == 2, md
    assert "\n".join(code[0] + code[1]) in md, md


OPENSYMBOL = Path("/usr/share/fonts/truetype/libreoffice/opens___.ttf")


@pytest.mark.skipif(not OPENSYMBOL.exists(), reason="LibreOffice's OpenSymbol font is absent")
def test_private_use_bullet_glyphs_make_a_list():
    # LibreOffice draws list bullets from OpenSymbol, whose codes are private-use (U+E12C);
    # Word's Symbol-font bullet is U+F0B7. Alone before an item's text they are bullets.
    doc = pymupdf.open()
    page = doc.new_page()
    items = ["Milk from the farm", "Bread from the mill", "Eggs from the hens"]
    for i, (glyph, text) in enumerate(zip("\ue12c\ue12c\ue12c", items, strict=True)):
        page.insert_text((72, 100 + 14 * i), glyph, fontname="osym", fontfile=str(OPENSYMBOL),
                         fontsize=11)
        page.insert_text((90, 100 + 14 * i), text, fontsize=11)
    md = convert(doc.tobytes()).markdown
    assert md.strip() == "- Milk from the farm\n- Bread from the mill\n- Eggs from the hens"


def test_run_in_heading_and_its_text_are_one_paragraph():
    # A paper's front matter: an emphasised label a quad before its text on one line, the
    # text wrapping to a short last line under the label. One paragraph, label in bold.
    doc = pymupdf.open()
    page = doc.new_page()
    y = 100
    for label, text, rest in (
            ("General Terms", "Design, Experimentation, Measurement and", "Time."),
            ("Keywords", "JavaScript, just-in-time compilation, traces.", None)):
        width = pymupdf.get_text_length(label, fontname="hebo", fontsize=10)
        page.insert_text((72, y), label, fontname="hebo", fontsize=10)
        page.insert_text((72 + width + 10, y), text, fontsize=10)
        if rest:
            y += 12
            page.insert_text((72, y), rest, fontsize=10)
        y += 20
    md = convert(doc.tobytes()).markdown
    assert md.strip() == ("**General Terms** Design, Experimentation, Measurement and Time.\n\n"
                          "**Keywords** JavaScript, just-in-time compilation, traces.")


def test_japanese_lines_join_without_spaces_and_a_full_stop_ends_a_paragraph():
    # Japanese writes no spaces: lines join directly, at CJK punctuation too ("（以下" /
    # "「速結"); a short line ending in "。" ends its paragraph as "." does.
    lines = ["ねじなし端子であって、工具を用いずに電線の接続を行うことがで",
             "きる速結端子又はスプリング式ねじなし端子と称されるもの（以下",
             "「速結端子」という。）であること。",
             "ポリエチレン絶縁電線に裸線をより合わせて引込用に使用されるデュプ",
             "レックス絶縁電線と称されるものは、対象外として取り扱う。"]
    doc = pymupdf.open()
    page = doc.new_page()
    for i, text in enumerate(lines):
        page.insert_text((72, 100 + 15 * i), text, fontname="japan", fontsize=12)
    md = convert(doc.tobytes()).markdown
    assert md.strip().split("\n\n") == ["".join(lines[:3]), "".join(lines[3:])]


def test_bullets_drawn_as_dots_make_a_list_but_legend_keys_do_not():
    # Browsers draw list markers as filled paths, not glyphs: a black dot before each
    # item's first letter is its bullet. A chart legend's coloured keys are no bullets.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 100), "What is in the box:", fontsize=11)
    items = ["The gauge body with its funnel", "A mounting bracket and four bolts",
             "The USB reader cable"]
    for i, text in enumerate(items):
        y = 118 + 14 * i
        page.draw_circle((62, y - 3.5), 1.9, color=None, fill=(0, 0, 0))
        page.insert_text((72, y), text, fontsize=11)
    for i, (label, colour) in enumerate([("Rain", (0.1, 0.7, 0.2)), ("Snow", (0.2, 0.3, 0.9))]):
        y = 200 + 14 * i
        page.draw_rect((60, y - 7, 66, y - 1), color=None, fill=colour)
        page.insert_text((72, y), f"{label} in the hills, by month", fontsize=11)
    md = convert(doc.tobytes()).markdown
    assert "\n".join(f"- {t}" for t in items) in md
    assert "Rain in the hills, by month" in md and "- Rain" not in md and "• " not in md


def test_a_bulleted_line_set_large_is_a_list_item_not_a_heading():
    doc = _page_with([("The shop sells gauges, funnels and spare buckets to the farms.", "helv",
                       100)])
    for i, text in enumerate(["\u2022 Shop", "\u2022 Support"]):
        doc[0].insert_text((72, 130 + 22 * i), text, fontsize=16)
    md = convert(doc.tobytes()).markdown
    assert md.rstrip().endswith("- Shop\n- Support")


def test_terms_of_hanging_paragraphs_are_no_headings():
    # A man page's options: the bold term at an indent, its description a tab further
    # right on the same line or under it. Section headings at the text edge stay
    # headings, and so does a bold title over a paragraph with a first-line indent.
    doc = pymupdf.open()
    page = doc.new_page()

    def put(x: float, y: float, text: str, bold: bool = False) -> None:
        page.insert_text((x, y + 100), text, fontsize=10, fontname="hebo" if bold else "helv")

    put(72, 80, "OPTIONS", bold=True)
    put(108, 94, "Copy the named files to the destination.")
    put(108, 112, "-b", bold=True)
    put(144, 112, "like backup but does not accept an argument")
    put(108, 128, "--copy-contents", bold=True)
    put(144, 140, "copy the contents of special files when recursive,")
    put(144, 152, "device files and named pipes among them")
    put(108, 168, "-d", bold=True)
    put(144, 168, "same as no dereference with links preserved")
    put(72, 200, "Results", bold=True)
    put(108, 214, "The copies were made in a third of the time, and the archive")
    put(72, 226, "kept every link and every named pipe of the source tree.")
    result = convert(doc.tobytes(), filename="cp.pdf")
    headings = [b.markdown for b in result.blocks if b.kind == "heading"]
    assert headings == ["# OPTIONS", "# Results"]
    assert "copy the contents of special files when recursive," in result.markdown


def test_a_title_broken_after_its_colon_is_one_heading_with_its_note_mark():
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 200), "Extraction at Scale:", fontsize=18, fontname="hebo")
    page.insert_text((72, 222), "Lessons from Real Documents", fontsize=18, fontname="hebo")
    width = pymupdf.get_text_length("Lessons from Real Documents", fontname="hebo", fontsize=18)
    page.insert_text((73 + width, 217), "a)", fontsize=9)  # a raised note mark, not bold
    for n in range(6):
        page.insert_text((72, 260 + 13 * n), "Body text of the paper goes on here with enough "
                         f"words to read as prose, line {n}.", fontsize=10)
    result = convert(doc.tobytes(), filename="paper.pdf")
    headings = [b.markdown for b in result.blocks if b.kind == "heading"]
    assert headings == ["# Extraction at Scale: Lessons from Real Documentsa)"]


def test_a_justified_line_stretched_past_the_word_gap_stays_in_its_paragraph():
    # A narrow justified column stretches a line's word gaps to two or three font sizes
    # (a bibliography entry with a long name or address): its pieces, and the lines
    # after them, are one paragraph, not a paragraph per word.
    doc = pymupdf.open()
    page = doc.new_page()
    x = 72.0
    for word in ["[5]", "Matthew", "McKague.", "Self-testing", "in"]:
        page.insert_text((x, 200), word, fontsize=10)
        x += pymupdf.get_text_length(word, fontsize=10) + 24
    for y, text in [(212, "parallel with many devices. Quantum 1, page 1 of 2017,"),
                    (224, "with its code and data given at the journal's site.")]:
        page.insert_text((72, y), text, fontsize=10)
    result = convert(doc.tobytes(), filename="refs.pdf")
    assert [b.markdown for b in result.blocks] == [
        "\\[5\\] Matthew McKague. Self-testing in parallel with many devices. Quantum 1, "
        "page 1 of 2017, with its code and data given at the journal's site."]


def test_a_drop_cap_is_the_first_letter_of_its_paragraph():
    # Word's and LibreOffice's drop cap: one letter three lines tall, standing on the
    # third line's baseline, the paragraph's first lines set right of it. Read alone it
    # was a heading "T" and the paragraph began "he valley".
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 136), "T", fontsize=44)
    lines = ["he valley survey has measured rainfall and river levels since",
             "the first gauges were set up on the hill farms, and every",
             "station is read by a volunteer at nine in the morning. The",
             "readings are sent to the district office each week and checked",
             "against the neighbouring stations before they enter the record."]
    for k, text in enumerate(lines):
        page.insert_text((72 if k > 2 else 102, 110 + 13 * k), text, fontsize=11)
    md = convert(doc.tobytes()).markdown
    assert md == ("The valley survey has measured rainfall and river levels since the first "
                  "gauges were set up on the hill farms, and every station is read by a "
                  "volunteer at nine in the morning. The readings are sent to the district "
                  "office each week and checked against the neighbouring stations before "
                  "they enter the record.\n")


def test_check_boxes_drawn_as_squares_are_boxes_before_their_labels():
    # Word's and LibreOffice's check box form fields: no glyph, a stroked square of the
    # text's height before the label, crossed corner to corner when ticked. Read as text
    # alone, the answers were gone. Boxes of one letter each (a form's name field) take
    # no box mark.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 100), "Preferred contact:", fontsize=11)
    for x, label, ticked in ((180, "Letter", True), (250, "Telephone", False)):
        page.draw_rect(pymupdf.Rect(x, 90, x + 10, 100), color=(0, 0, 0), width=0.5)
        if ticked:
            page.draw_line((x, 90), (x + 10, 100), color=(0, 0, 0), width=0.5)
            page.draw_line((x + 10, 90), (x, 100), color=(0, 0, 0), width=0.5)
        page.insert_text((x + 12, 100), label, fontsize=11)
    for k, letter in enumerate("BROOK"):
        page.draw_rect(pymupdf.Rect(72 + 12 * k, 130, 84 + 12 * k, 142), color=(0, 0, 0),
                       width=0.5)
        page.insert_text((75 + 12 * k, 140), letter, fontsize=11)
    md = convert(doc.tobytes()).markdown
    assert "\u2612 Letter" in md and "\u2610 Telephone" in md
    assert "\u2610 B" not in md and "\u2610 R" not in md


def test_a_street_address_is_no_numbered_heading():
    # A CV's contact line starts with a house number before a capitalised street name,
    # as "3 Results" starts with a section number; the comma after the street (a list
    # of address parts) shows it is no title. A numbered title still is one.
    doc = pymupdf.open()
    page = doc.new_page()
    body = "The pumps were checked and the levels were written into the log book."
    for k, text in enumerate(("Jane Brook", "12 Orchard Row, Bristol BS1 4QT",
                              "3 Results", body)):
        page.insert_text((72, 90 + 30 * k), text, fontsize=11)
    headings = [b.text for b in convert(doc.tobytes()).blocks if b.kind == "heading"]
    assert headings == ["3 Results"]



def test_a_phone_number_with_its_area_code_in_parentheses_is_no_list_item():
    # A contact block: "(440) 768-1350" starts as a list number "(3)" does, but a list
    # number in parentheses is followed by text, not by more digits of a number. A
    # numbered item in parentheses still is one.
    doc = pymupdf.open()
    page = doc.new_page()
    for k, text in enumerate(("Ohio Craft Guild", "(440) 768-1350",
                              "(2) Bring the pots to the kiln by noon.")):
        page.insert_text((72, 90 + 30 * k), text, fontsize=11)
    blocks = convert(doc.tobytes()).blocks
    assert [(b.kind, b.text) for b in blocks] == [
        ("paragraph", "Ohio Craft Guild"), ("paragraph", "(440) 768-1350"),
        ("list_item", "Bring the pots to the kiln by noon.")]

def test_hanging_indent_paragraphs_stay_whole():
    # A bibliography: each entry's first line at the margin, its other lines indented.
    # The third line starts where the second does, no first-line indent of a new
    # paragraph; the next entry starts back at the margin (after a line ending in no
    # full stop, as an entry ending in its pages or a URL does).
    doc = pymupdf.open()
    page = doc.new_page()
    entries = [
        ["Brook, J. and Hale, M. (2019). Rainfall and river levels in the upland",
         "valleys: twenty years of volunteer gauges read each morning at nine and",
         "checked against the district office's stations. Water Records 12, 1-20"],
        ["Hale, M. (2021). The district office and its neighbouring stations: how",
         "the weekly readings are sent, checked and entered into the long record",
         "of the valley survey since the first gauges. Survey Notes 4, 33-41."],
    ]
    y = 100
    for entry in entries:
        for k, text in enumerate(entry):
            page.insert_text((72 if k == 0 else 90, y), text, fontsize=11)
            y += 13
    texts = [b.text for b in convert(doc.tobytes()).blocks]
    assert texts == [" ".join(entry) for entry in entries]


def _wrapped(text: str, width: float, size: float = 11.0) -> list[str]:
    """`text` broken greedily into lines of at most `width` points (Helvetica)."""
    lines = [""]
    for word in text.split():
        joined = f"{lines[-1]} {word}".strip()
        if lines[-1] and pymupdf.get_text_length(joined, fontsize=size) > width:
            lines.append(word)
        else:
            lines[-1] = joined
    return lines


def test_lines_broken_by_hand_are_lines_and_ragged_prose_one_paragraph():
    # A letter's address block: short lines ending far before the column's edge, each
    # leaving room for the next line's first word, and no full stops. Prose set ragged
    # right wraps only when the next word does not fit, and stays one paragraph.
    doc = pymupdf.open()
    page = doc.new_page()
    address = ["Ms Anna Brook", "7 Mill Lane", "Valley Town VT4 2QP"]
    prose = ("Thank you for your application for an agricultural connection to the parcel "
             "by the river which the board considered at its meeting in March and agreed "
             "to supply all year subject to the conditions enclosed with this letter and "
             "the inspection of the pipe between the road and the meter by the district")
    lines = _wrapped(prose, 450)
    assert len(lines) >= 3
    for k, text in enumerate(address):
        page.insert_text((72, 100 + 13 * k), text, fontsize=11)
    for k, text in enumerate(lines):
        page.insert_text((72, 160 + 13 * k), text, fontsize=11)
    result = convert(doc.tobytes())
    assert result.markdown == ("Ms Anna Brook\\\n7 Mill Lane\\\nValley Town VT4 2QP\n\n"
                               + prose + "\n")
    assert result.blocks[0].text == "\n".join(address)


def test_form_codes_stacked_in_a_larger_type_are_no_heading():
    # A tax form's line labels stacked down its margin, set larger than the text: codes,
    # no title. They were one heading ("## 24a 24b 24c"); a titled line in that type
    # is still a heading.
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Additions to itemized deductions", fontname="hebo", fontsize=12)
    body = ("Enter each addition on its own line with the letter of the schedule it comes "
            "from, and carry the total to the line below.")
    page.insert_textbox((72, 92, 500, 140), body, fontsize=9)
    for i, code in enumerate(("24a", "24b", "24c")):
        page.insert_text((72, 160 + 14 * i), code, fontname="hebo", fontsize=12)
    md = convert(doc.tobytes()).markdown
    assert md.startswith("# Additions to itemized deductions\n")
    assert "#" not in md.split("\n", 1)[1]
    assert "24a 24b 24c" in md


def test_a_listing_line_at_the_foot_of_pages_is_no_running_footer():
    # An events listing printed over pages: each event's dates line ("Mar 16-20 26") is a
    # line of the listing. Pages that happen to end on one hold the same text, digits
    # ignored, in their bottom band; it is the listing's, as the same lines in every
    # page's body show. The real footer repeats in no body and goes.
    towns = ["Oban", "Wick", "Largs", "Troon", "Ayr", "Girvan", "Stranraer", "Portree",
             "Mallaig", "Ullapool", "Thurso", "Lerwick", "Kirkwall", "Stromness", "Buckie",
             "Banff", "Macduff", "Peterhead", "Fraserburgh", "Montrose", "Arbroath"]
    doc = pymupdf.open()
    event = 0
    for _ in range(4):
        page = doc.new_page()
        y = 80.0
        while y < 800:
            town = towns[event % len(towns)]
            event += 1
            page.insert_text((72, y), f"{town} harbour meetup, {town} quay", fontsize=11)
            page.insert_text((72, y + 15), f"Mar {event % 20 + 1}-{event % 20 + 4} 26",
                             fontsize=9)
            y += 40
        page.insert_text((72, 830), "Events of the harbour towns", fontsize=8)
    md = convert(doc.tobytes()).markdown
    assert md.count("harbour meetup") == event
    assert len(re.findall(r"^Mar \d+-\d+ 26$", md, re.M)) == event
    assert "Events of the harbour towns" not in md


def _form_and_report() -> bytes:
    """A form page (numbered and bold box labels in a grid of drawn boxes whose rows do
    not line up, a value in some, room to write in each, one box open at the left
    margin) and a report page (a bold heading over prose, one in a shaded band, one
    heading a framed note, one a card's title)."""
    doc = pymupdf.open()
    form = doc.new_page()
    intro = ("Complete every box below in ink. Amounts are in whole units and the form is "
             "returned to the office that sent it within thirty days of the date shown.")
    form.insert_textbox((40, 40, 560, 80), intro, fontname="helv", fontsize=9)
    left = [("1 Ordinary business income", "0."), ("2 Net rental income", ""),
            ("3 Interest income", "12."), ("4 Royalties", "")]
    right = [("5 Credits", ""), ("6 Distributions", "40."), ("7 Other information", "")]
    for column, x0, x1, top, height in ((left, 40, 300, 100, 40), (right, 300, 560, 110, 52)):
        for k, (label, value) in enumerate(column):
            y = top + k * height
            form.draw_rect((x0, y, x1, y + height), width=0.5)
            form.insert_text((x0 + 4, y + 11), label, fontname="helv", fontsize=9)
            if value:
                form.insert_text((x1 - 30, y + height - 6), value, fontname="helv", fontsize=9)
    form.draw_line((40, 330), (240, 330), width=0.5)  # open at the left margin, its right
    form.draw_line((40, 372), (240, 372), width=0.5)  # rule running on down a column
    form.draw_line((240, 330), (240, 420), width=0.5)
    form.insert_text((44, 342), "Contact office", fontname="hebo", fontsize=9)
    report = doc.new_page()
    prose = ("The survey teams walked each transect twice, once at dawn and once at dusk, "
             "and counted every bird seen or heard within fifty metres of the line. ") * 3
    report.insert_text((40, 60), "Methods", fontname="hebo", fontsize=9)
    report.insert_textbox((40, 66, 560, 140), prose, fontname="helv", fontsize=9)
    report.draw_rect((38, 150, 562, 163), color=None, fill=(0.85, 0.85, 0.85))
    report.insert_text((40, 160), "Results", fontname="hebo", fontsize=9)
    report.insert_textbox((40, 168, 560, 240), prose, fontname="helv", fontsize=9)
    report.draw_rect((36, 250, 564, 340), width=0.5)
    report.insert_text((40, 262), "Note on sampling", fontname="hebo", fontsize=9)
    report.insert_textbox((40, 268, 560, 336), prose, fontname="helv", fontsize=9)
    report.draw_rect((36, 360, 300, 420), width=0.5)  # a card: its frame ends at its corners
    report.insert_text((40, 372), "Field notes", fontname="hebo", fontsize=9)
    report.insert_text((40, 386), "Read the diaries", fontname="helv", fontsize=9)
    return doc.tobytes()


def test_a_forms_box_labels_are_no_headings_a_reports_headings_stay():
    # Each label sits alone in a drawn box with room to write in, set at the body's size
    # and numbered or bold, as a section's title is: the box says it labels a value.
    # A report's bold headings stay: one in a shaded band as tight as its line, one
    # heading a framed note whose prose fills the frame, one a card's title (a frame
    # whose rules end at its corners: no grid of boxes).
    md = convert(_form_and_report()).markdown
    headings = [line for line in md.splitlines() if line.startswith("#")]
    for label in ("1 Ordinary business income", "2 Net rental income", "5 Credits",
                  "7 Other information", "Contact office"):
        assert label in md
        assert not any(label in h for h in headings), headings
    for title in ("Methods", "Results", "Note on sampling", "Field notes"):
        assert any(h.lstrip("#").strip() == title for h in headings), headings


def test_a_forms_numbered_lines_are_no_headings():
    # A tax form's lines: a bold number, a short label and leader dots drawn as marks up
    # to the column of boxes, one under another with nothing between them. A report's
    # numbered sections each head a paragraph; a title right over its first subsection
    # ("2 Methods" over "2.1 Field Data") is one depth apart and stays a heading.
    doc = pymupdf.open()
    form = doc.new_page()
    labels = ("Wages and tips from your employer", "Taxable interest on savings",
              "Ordinary dividends received", "Business income or loss",
              "Unemployment compensation paid", "Other income of any kind")
    for k, label in enumerate(labels):
        y = 120 + 13 * k
        form.insert_text((60, y), str(k + 8), fontsize=9, fontname="hebo")
        form.insert_text((75, y), label, fontsize=9)
        for x in range(280, 445, 12):
            form.draw_rect(pymupdf.Rect(x, y - 1, x + 1, y), fill=(0, 0, 0))
        form.draw_line((450, y - 10), (560, y - 10))
    form.draw_line((450, 110), (450, 188))
    form.insert_text((60, 300), "Enter the total of the lines above on the next page of "
                     "this return, and keep a copy of it.", fontsize=9)
    report = doc.new_page()
    body = "The pumps were checked and the levels were written into the log book."
    y = 90
    for text in ("1 Introduction", body, body, "2 Methods", "2.1 Field Data", body,
                 "3 Results", body):
        report.insert_text((72, y), text, fontsize=9)
        y += 14 if text == "2 Methods" else 30
    headings = [b.text for b in convert(doc.tobytes()).blocks if b.kind == "heading"]
    assert headings == ["1 Introduction", "2 Methods", "2.1 Field Data", "3 Results"]


def test_a_forms_numbered_box_wrapped_under_its_text_ends_before_the_next_box():
    # A form's numbered boxes one under another at the line pitch, box 16's label
    # wrapped onto a second line hung under its text, box 17 back at the numbers' edge:
    # "16 ... if checked 17 Alternative ..." ran into one paragraph.
    doc = pymupdf.open()
    page = doc.new_page()
    boxes = [(120, "15", "Credits"), (132, "16", "Schedule K-3 is attached if"),
             (144, None, "checked"), (156, "17", "Alternative min tax (AMT) items"),
             (168, "18", "Tax-exempt income and")]
    for y, number, label in boxes:
        if number:
            page.insert_text((300, y), number, fontsize=8, fontname="hebo")
        page.insert_text((312, y), label, fontsize=8)
    texts = [b.text for b in convert(doc.tobytes()).blocks]
    assert texts == ["15 Credits", "16 Schedule K-3 is attached if checked",
                     "17 Alternative min tax (AMT) items", "18 Tax-exempt income and"
                     ], texts


def test_a_forms_numbered_line_with_its_number_in_its_entry_box_is_no_heading():
    # A form's numbered lines, one wrapped onto an indented second line, the next set a
    # line and a half under it and under that: numbered titles alone to the run rule
    # ("14 Multiply ..."). Each line's number stands again in the box its amount goes
    # in, at the right of its row, read apart or as the end of its own line ("16 Total
    # ...    16", set bold). A report's numbered sections repeat no number and stay
    # headings, one ending in a number of its own ("3 Results for 3").
    doc = pymupdf.open()
    form = doc.new_page()
    lines = [(100, "12", "Add lines 9 through 11", None, 360),
             (113, "13", "Enter the amount from Form", "1040NR, line 36", 260),
             (148, "14", "Multiply line 13 by 2% (.02)", None, 360),
             (170, "15", "Subtract line 14 from line 12", None, 460)]
    for y, number, label, more, _ in lines:
        form.insert_text((97, y), number, fontsize=9, fontname="hebo")
        form.insert_text((110, y), label, fontsize=9)
        if more:
            form.insert_text((118, y + 11), more, fontsize=9)
    for y, number, _, more, x in lines:  # each in its box in one of the amount columns
        y = y + 11 if more else y
        form.draw_rect(pymupdf.Rect(x - 4, y - 12, x + 16, y + 3))
        form.insert_text((x, y - 1.5), number, fontsize=9, fontname="hebo")
    y = 200
    form.insert_text((97, y), "16 Total of the lines above", fontsize=9, fontname="hebo")
    form.insert_text((250, y), "16", fontsize=9, fontname="hebo")
    form.insert_text((97, y + 40), "Enter the total of the lines above on the next page of "
                     "this return, and keep a copy of it.", fontsize=9)
    report = doc.new_page()
    body = "The pumps were checked and the levels were written into the log book."
    y = 90
    for text in ("1 Introduction", body, body, "2 Methods", body, "3 Results for 3", body):
        report.insert_text((72, y), text, fontsize=9)
        y += 30
    headings = [b.text for b in convert(doc.tobytes()).blocks if b.kind == "heading"]
    assert headings == ["1 Introduction", "2 Methods", "3 Results for 3"]


def test_values_typed_into_a_form_in_courier_are_no_headings():
    # A form filled in by a program: its labels and notes in a small proportional type,
    # the values in 10 pt Courier over them, the amounts as numbers in the same type. The
    # values are larger than the body but head nothing, and are no code listing either.
    doc = pymupdf.open()
    page = doc.new_page()
    note = "Enter the partner's name, address, city, state and ZIP code as shown on the return."
    y = 80
    for label, value in (("Partnership's name and address", "Harbour Lane Partners"),
                         ("Street address", "PO Box 3217"), ("City and state", "Ogden, UT"),
                         ("Ordinary business income", "3811"),
                         ("Tax year beginning", "01/06/2022")):
        page.insert_text((60, y), label, fontsize=7)
        page.insert_text((60, y + 13), value, fontname="cour", fontsize=10)
        page.insert_text((300, y), note, fontsize=7)
        page.insert_text((300, y + 9), note, fontsize=7)
        y += 34
    blocks = convert(doc.tobytes()).blocks
    assert not [b.text for b in blocks if b.kind in ("heading", "code")]
    assert "PO Box 3217" in " ".join(b.text for b in blocks)


def test_a_title_in_a_typewriter_face_over_prose_stays_a_heading():
    # A manual's sections titled by a function's name in Courier, larger than its prose,
    # and a listing at the prose's size whose output is a number: the titles head.
    doc = pymupdf.open()
    page = doc.new_page()
    body = "The function reads the options given on the command line and returns them."
    y = 90
    for title in ("parse_args", "print_usage"):
        page.insert_text((72, y), title, fontname="cour", fontsize=14)
        for k in range(3):
            page.insert_text((72, y + 22 + 13 * k), body, fontsize=10)
        page.insert_text((90, y + 72), "count(options)", fontname="cour", fontsize=10)
        page.insert_text((90, y + 84), "42", fontname="cour", fontsize=10)
        y += 130
    headings = [b.text for b in convert(doc.tobytes()).blocks if b.kind == "heading"]
    assert headings == ["parse_args", "print_usage"]


def test_a_signature_block_keeps_its_lines():
    # A letter's signature block set in the right half ("By:" over "Name:" and "Title:"
    # indented under the signature), its lines as long as the block is wide: read as one
    # paragraph ("By: /s/ ... Name: ... Title: ...").
    doc = pymupdf.open()
    page = doc.new_page()
    prose = ("This amendment may be executed in two or more counterparts, each of which "
             "shall be an original, with the same effect as if the signatures were upon "
             "the same instrument, and may be delivered by electronic mail.")
    for k, text in enumerate(_wrapped(prose, 480, 10)):
        page.insert_text((60, 80 + 12 * k), text, fontsize=10, fontname="tiro")
    page.insert_text((348, 140), "Very truly yours,", fontsize=10, fontname="tiro")
    page.insert_text((348, 164), "HARBOUR LANE PARTNERS, LLC", fontsize=10, fontname="tibo")
    signature = [(348, "By: /s/ Edward Silvera"), (369, "Name: Edward Silvera"),
                 (369, "Title: Chief Operating Officer")]
    for k, (x, text) in enumerate(signature):
        page.insert_text((x, 190 + 13 * k), text, fontsize=10, fontname="tiro")
    texts = [b.text for b in convert(doc.tobytes()).blocks]
    assert texts[-1] == "\n".join(text for _, text in signature), texts


def test_a_title_page_s_table_of_settings_keeps_a_line_for_each_setting():
    # A sample document's title page: each setting's label and its colon in one column,
    # its value in typewriter type in the next, in the title page's type. Each value went
    # on the line after its label ("Font Scale: 4.5 Line penalty: 8 Stretch:"), the
    # first and last apart from their labels ("Font:" / "Kayhan").
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((200, 120), "Kashida Samples", fontsize=24, fontname="hebo")
    settings = [("Font:", "Kayhan"), ("Font Scale:", "4.5"), ("Line penalty:", "8"),
                ("Stretch:", "0.14em plus 5.5em"), ("Colour:", "red")]
    for k, (label, value) in enumerate(settings):
        page.insert_text((190, 300 + 18 * k), label, fontsize=14)
        page.insert_text((300, 300 + 18 * k), value, fontsize=14, fontname="cour")
    body = doc.new_page()
    for k, text in enumerate(_wrapped(" ".join([_PROSE] * 3), 450, 10)):
        body.insert_text((72, 80 + 12 * k), text, fontsize=10)
    texts = [b.text for b in convert(doc.tobytes()).blocks]
    assert texts[1] == "\n".join(f"{label} {value}" for label, value in settings), texts


def test_a_forms_fields_in_two_columns_keep_a_line_each_however_long_the_value():
    # A report form's head: fields down the left ("Student:", "Thesis:", "Supervisor:"),
    # two more at the right on the first and third rows. The thesis title runs to eight
    # words, a measure of prose, and its line ran on into "Supervisor: ...".
    doc = pymupdf.open()
    page = doc.new_page()
    left = [("Student:", "Mara Quintel"),
            ("Thesis:", "Tidal currents under a winter ice shelf edge"),
            ("Supervisor:", "Ilse Brandvold")]
    right = {0: ("Cycle:", "XXXI"), 2: ("Date:", "May 3, 2026")}
    for k, (label, value) in enumerate(left):
        y = 200 + 15 * k
        page.insert_text((50, y), label, fontsize=12, fontname="tiro")
        page.insert_text((52 + pymupdf.get_text_length(label, "tiro", 12), y), " " + value,
                         fontsize=12, fontname="tibo")
        if k in right:
            page.insert_text((440, y), " ".join(right[k]), fontsize=12, fontname="tiro")
    markdown = convert(doc.tobytes()).markdown
    lines = [line.rstrip("\\") for line in markdown.splitlines()]
    assert "Thesis: **Tidal currents under a winter ice shelf edge**" in lines, markdown
    assert "Supervisor: **Ilse Brandvold**" in lines, markdown


def test_a_paragraph_opening_with_a_label_stays_one_paragraph():
    # Prose that opens with "Note:" wraps as prose does; a later line starting with a
    # word and its colon ("Levels:") under a line that does not is no field list either.
    doc = pymupdf.open()
    page = doc.new_page()
    lines = ["Note: the pumps were checked before the storm came in from the sea and",
             "the engineers on duty wrote down what each gauge read at the quay wall.",
             "Levels: every gauge read high by midnight, and the harbour master closed",
             "the lower road to the boats until the water had fallen back to the wall."]
    for k, text in enumerate(lines):
        page.insert_text((72, 100 + 13 * k), text, fontsize=11)
    texts = [b.text for b in convert(doc.tobytes()).blocks]
    assert texts == [" ".join(lines)], texts
