"""Real-document layouts the held-out files have and the generated corpus lacked:
right-to-left lines with Latin words and numbers inside (MuPDF cuts them into pieces
and leaves spaces and full stops on the wrong side), Persian zero-width non-joiners,
right-to-left tables of mostly numbers, footnotes under two columns, tall line spacing.
PDFs are written here by PyMuPDF, or by LibreOffice where it is installed."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pymupdf
import pytest

from webfold import convert

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
needs_dejavu = pytest.mark.skipif(not (DEJAVU / "DejaVuSans.ttf").exists(),
                                  reason="DejaVu Sans is not installed")
SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")


def _html_pdf(html: str, css: str = "") -> bytes:
    doc = pymupdf.open()
    page = doc.new_page()
    css = ("@font-face {font-family: dv; src: url(DejaVuSans.ttf);} * {font-family: dv; "
           "font-size: 12pt} " + css)
    page.insert_htmlbox(pymupdf.Rect(72, 72, 523, 770), html, css=css,
                        archive=pymupdf.Archive(str(DEJAVU)))
    return doc.tobytes()


def _paragraphs(data: bytes) -> list[str]:
    doc = convert(data, filename="doc.pdf")
    assert doc.error is None
    return [p for p in doc.markdown.strip().split("\n\n") if p]


PERSIAN = ("این گزارش داده‌ها را با دستگاه RG-200 و نرم‌افزار Webfold نسخهٔ 2.5 در سال "
           "۱۴۰۴ خلاصه می‌کند.")
ARABIC = "بلغ عدد المحطات 26 محطة، أي أعلى من المعدل بنسبة 10%."


@needs_dejavu
def test_right_to_left_lines_with_latin_and_numbers_read_in_logical_order() -> None:
    # MuPDF's layout engine drops the non-joiners (they become spaces); the order is the test.
    data = _html_pdf(f'<p dir="rtl">{PERSIAN}</p><p dir="rtl">{ARABIC}</p>')
    raw = pymupdf.open(stream=data)[0].get_text()
    assert "10\n%\n." in raw  # MuPDF's pieces: the sign and the full stop on lines of their own
    assert _paragraphs(data) == [PERSIAN.replace("\u200c", " "), ARABIC]


@needs_dejavu
def test_english_line_opening_with_punctuation_on_a_right_to_left_page_keeps_it() -> None:
    # A right-to-left paragraph draws an English line's closing full stop at its left
    # (".item" is "item."), but these English paragraphs are left to right: they start
    # at the left edge the page's text starts at, and ".NET" stays ".NET".
    plain = "يعرض هذا السطر نصا بلا حركات للمقارنة."
    english = [".NET 8 runtime", ".NET 8 runtime is required on every server.",
               "...and the gauges were read again."]
    body = "".join(f"<p>{text}</p>" for text in english)
    data = _html_pdf(f'<p dir="rtl">{plain}</p>{body}<p dir="rtl">{plain}</p>')
    assert _paragraphs(data) == [plain, *english, plain]


def test_visual_order_to_logical_keeps_numbers_signs_and_addresses() -> None:
    from webfold.pdf.bidi import visual_to_logical

    def visual(logical_runs: list[tuple[str, bool]]) -> str:
        # A right-to-left paragraph laid out: runs right to left, right-to-left letters too.
        return "".join(t if ltr else t[::-1] for t, ltr in reversed(logical_runs))

    runs = [("بنسبة ", False), ("10%", True), (" والعنوان ", False),
            ("info@valley.example", True), (" سنة ", False), ("۱۴۰۴", True), (".", False)]
    assert visual_to_logical(visual(runs)) == "".join(t for t, _ in runs)


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice is not installed")
def test_libreoffice_persian_keeps_its_non_joiners_spaces_and_full_stops(tmp_path: Path) -> None:
    docx = pytest.importorskip("docx")

    text = ("در مجموع 26 ایستگاه دستی و 4 ایستگاه خودکار در این بررسی شرکت داشتند و "
            "میانگین بارش سالانه ۴۱۲ میلی‌متر بود. این گزارش داده‌های باران‌سنج‌ها را با "
            "دستگاه RG-200 خلاصه می‌کند.")
    document = docx.Document()
    _rtl_run(document.add_paragraph(), text)
    data = _libreoffice_pdf(document, tmp_path)
    assert "\u200c" in pymupdf.open(stream=data)[0].get_text()
    assert _paragraphs(data) == [text]


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice is not installed")
def test_libreoffice_persian_table_cells_keep_their_non_joiners(tmp_path: Path) -> None:
    # PyMuPDF's table finder orders a cell's glyphs by their boxes, and a non-joiner's box
    # overlaps the letters beside it: "آ ‌ببند" for "آب‌بند". Cells are rebuilt from the
    # glyphs as lines are.
    docx = pytest.importorskip("docx")
    from docx.oxml.parser import OxmlElement

    rows = [["نام", "شمار", "سال"], ["آب‌بند کهنه", "12", "1320"], ["شب‌بو", "45", "1351"],
            ["دست‌ساز", "9", "1398"], ["خانه‌ها", "30", "1402"]]
    document = docx.Document()
    table = document.add_table(rows=len(rows), cols=len(rows[0]))
    table.style = "Table Grid"
    table._tbl.tblPr.append(OxmlElement("w:bidiVisual"))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            _rtl_run(table.cell(r, c).paragraphs[0], value)
    data = _libreoffice_pdf(document, tmp_path)
    md = convert(data, filename="t.pdf").markdown
    assert [line for line in md.splitlines() if line.startswith("|")] == [
        "| نام | شمار | سال |", "|---|---|---|", "| آب‌بند کهنه | 12 | 1320 |",
        "| شب‌بو | 45 | 1351 |", "| دست‌ساز | 9 | 1398 |", "| خانه‌ها | 30 | 1402 |"]


def _rtl_run(paragraph, text: str, font: str = "DejaVu Sans") -> None:
    """`text` as a right-to-left run of a Word paragraph, set in `font`."""
    from docx.oxml.ns import qn
    from docx.oxml.parser import OxmlElement

    paragraph._p.get_or_add_pPr().append(OxmlElement("w:bidi"))
    run = paragraph.add_run(text)
    run._r.get_or_add_rPr().append(OxmlElement("w:rtl"))
    run._r.rPr.get_or_add_rFonts().set(qn("w:cs"), font)


VOWELLED = "ذَهَبَ الوَلَدُ إِلَى المَدْرَسَةِ صَبَاحًا وَقَرَأَ دَرْسَهُ الجَدِيدَ مَعَ أَصْدِقَائِهِ"
PARTLY_VOWELLED = "جُمعت البيانات بجهاز RG-200 وأُرسلت إلى المكتب كل أسبوع."
AMIRI = Path("/usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Regular.ttf")


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice is not installed")
@pytest.mark.parametrize("font", [
    pytest.param("DejaVu Sans", marks=needs_dejavu),
    pytest.param("Amiri", marks=pytest.mark.skipif(not AMIRI.exists(),
                                                   reason="Amiri is not installed"))])
def test_libreoffice_vowelled_arabic_keeps_every_mark_on_its_letter(tmp_path: Path,
                                                                   font: str) -> None:
    # LibreOffice writes a letter with its mark as a mark glyph, a letter glyph and an
    # ActualText; the letter glyph's ToUnicode is the cluster it first came in ("أَ"),
    # wrong where it comes again with another mark ("أُ") or none ("إلى"), and MuPDF
    # misplaces, doubles or drops the ActualText's characters.
    docx = pytest.importorskip("docx")

    document = docx.Document()
    for text in (VOWELLED, PARTLY_VOWELLED):
        _rtl_run(document.add_paragraph(), text, font)
    data = _libreoffice_pdf(document, tmp_path)
    assert "وأُرسلت" not in pymupdf.open(stream=data)[0].get_text()  # MuPDF loses its mark
    assert _paragraphs(data) == [VOWELLED, PARTLY_VOWELLED]


def _libreoffice_pdf(document, tmp_path: Path) -> bytes:
    """The python-docx `document` printed to PDF by LibreOffice."""
    document.save(tmp_path / "doc.docx")
    subprocess.run([SOFFICE, f"-env:UserInstallation=file://{tmp_path / 'profile'}",
                    "--headless", "--convert-to", "pdf", "--outdir", str(tmp_path),
                    str(tmp_path / "doc.docx")], check=True, capture_output=True, timeout=180)
    return (tmp_path / "doc.pdf").read_bytes()


@needs_dejavu
def test_right_to_left_table_of_mostly_numbers_starts_at_its_rightmost_column() -> None:
    rows = [["المحطة", "الهطول", "التاريخ"], ["عين الماء", "48", "2025-03-11"],
            ["الجسر القديم", "61", "2025-10-03"], ["وادي السدر", "39", "2025-12-27"]]
    # Laid out as a right-to-left table is (MuPDF's HTML boxes do not mirror tables):
    # the first column on the right.
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row[::-1]) + "</tr>"
                   for row in rows)
    data = _html_pdf(f'<div dir="rtl"><table>{body}</table></div>',
                     "table {border-collapse: collapse} td {border: 1px solid black; "
                     "padding: 4pt 10pt}")
    md = convert(data, filename="t.pdf").markdown
    table = [line for line in md.splitlines() if line.startswith("|")]
    assert table[0] == "| المحطة | الهطول | التاريخ |"
    assert table[2] == "| عين الماء | 48 | 2025-03-11 |"


BODY = ("The gauges of the upper valley were read each morning by the volunteers of the "
        "survey, who sent the readings to the office at the end of every week. ")


def test_footnotes_under_two_columns_come_after_both_columns() -> None:
    doc = pymupdf.open()
    page = doc.new_page()  # 595 x 842
    left = pymupdf.Rect(50, 60, 290, 700)
    right = pymupdf.Rect(305, 60, 545, 400)  # the right column ends higher
    assert page.insert_textbox(left, "Left column. " + BODY * 6, fontsize=10) > 0
    assert page.insert_textbox(right, "Right column. " + BODY * 3, fontsize=10) > 0
    page.draw_line((50, 745), (170, 745))  # the note separator
    page.insert_text((50, 760), "1 The first gauge was set up in 1962.", fontsize=8)
    page.insert_text((50, 771), "2 Two gauges were moved in 2019.", fontsize=8)
    md = convert(doc.tobytes(), filename="notes.pdf").markdown
    assert md.index("Left column.") < md.index("Right column.") < md.index("1 The first gauge")
    assert md.index("1 The first gauge") < md.index("2 Two gauges")


def test_double_spaced_paragraphs_stay_whole() -> None:
    sentences = " ".join(BODY.strip() for _ in range(4))
    html = f"<p>{sentences}</p><p>{sentences}</p>"
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_htmlbox(pymupdf.Rect(72, 72, 523, 800), html,
                        css="p {font-family: sans-serif; font-size: 11pt; line-height: 2.4; "
                            "margin-bottom: 30pt}")
    paragraphs = _paragraphs(doc.tobytes())
    assert paragraphs == [sentences] * 2


def _noted_page(note_numbers: tuple[str, ...]) -> bytes:
    """Body lines at 11 pt with raised 7 pt marks after "farms." and "dry."; notes in
    9 pt at the page foot for `note_numbers`; a raised "2" in "m2" that is no mark."""
    doc = pymupdf.open()
    page = doc.new_page()
    y = 100
    for before, mark, after in (("The gauges stand on the hill farms.", "1", " They are read"),
                                ("each morning, and a day without rain is dry.", "2",
                                 " A field of"),
                                ("ten m", "2", " holds one gauge.")):
        x = 72 + pymupdf.get_text_length(before, fontsize=11)
        page.insert_text((72, y), before, fontsize=11)
        page.insert_text((x, y - 4), mark, fontsize=7)
        page.insert_text((x + pymupdf.get_text_length(mark, fontsize=7), y), after, fontsize=11)
        y += 15
    notes = {"1": "The first gauges were set up in 1962.", "2": "Under a tenth of a millimetre."}
    for k, n in enumerate(note_numbers):
        page.insert_text((72, 760 + 12 * k), f"{n} {notes[n]}", fontsize=9)
    return doc.tobytes()


def test_raised_marks_matched_by_notes_at_the_foot_become_footnotes() -> None:
    md = convert(_noted_page(("1", "2")), filename="notes.pdf").markdown
    assert "hill farms.[^1] They are read" in md
    assert "is dry.[^2] A field of" in md
    assert "ten m2 holds" in md  # the second "2" has its note already: text
    assert md.rstrip().endswith("[^1]: The first gauges were set up in 1962.\n\n"
                                "[^2]: Under a tenth of a millimetre.")


def test_a_raised_number_without_a_note_stays_text() -> None:
    md = convert(_noted_page(("1",)), filename="notes.pdf").markdown
    assert "farms.[^1]" in md and "[^2]" not in md
    assert "is dry.2 A field of" in md


def test_endnotes_after_the_last_body_line_are_linked_to_their_marks() -> None:
    # Word's and LibreOffice's endnotes: raised roman marks in the body, the notes on a
    # page after it, their numbers run into the text ("iMonthly"), as LibreOffice
    # writes them. A page's own footnote is still its footnote; a note-size line above
    # body text, starting with a mark's number, is no endnote.
    doc = pymupdf.open()
    page = doc.new_page()
    y = 100
    for before, mark, after in (("Most stations had their wettest day in April.", "i",
                                 " The front came from"),
                                ("the west, and the paper forms stay as a reserve.", "ii",
                                 " Thank you all."),
                                ("Two stations moved to higher ground in May.", "1",
                                 " Their old sites flooded.")):
        x = 72 + pymupdf.get_text_length(before, fontsize=11)
        page.insert_text((72, y), before, fontsize=11)
        page.insert_text((x, y - 4), mark, fontsize=7)
        page.insert_text((x + pymupdf.get_text_length(mark, fontsize=7), y), after, fontsize=11)
        y += 15
    page.insert_text((72, 80), "ii Stations in the table read since 1962.", fontsize=9)
    page.insert_text((72, 760), "1 The old sites are reserve stations.", fontsize=9)
    page = doc.new_page()
    page.insert_text((72, 72), "iMonthly totals are on the website.", fontsize=9)
    page.insert_text((72, 86), "iiThe next bulletin appears in October.", fontsize=9)
    md = convert(doc.tobytes(), filename="endnotes.pdf").markdown
    assert "wettest day in April.[^i] The front" in md
    assert "as a reserve.[^ii] Thank you all." in md
    assert "higher ground in May.[^1] Their old" in md
    assert "ii Stations in the table read since 1962." in md
    assert md.rstrip().endswith("[^1]: The old sites are reserve stations.\n\n"
                                "[^i]: Monthly totals are on the website.\n\n"
                                "[^ii]: The next bulletin appears in October.")


@needs_dejavu
def test_a_mark_drawn_twice_on_one_letter_is_one_mark() -> None:
    # LibreOffice's vowelled Arabic: the mark glyph maps to the letter and mark again.
    data = _html_pdf('<p dir="rtl">سَتُنْشَرُ أََرْقَامُ المَوْسِمِ</p>')
    assert "أََ" in pymupdf.open(stream=data)[0].get_text()
    assert _paragraphs(data) == ["سَتُنْشَرُ أَرْقَامُ المَوْسِمِ"]


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice is not installed")
def test_space_before_a_number_or_latin_word_ending_a_right_to_left_line_stays(
        tmp_path: Path) -> None:
    # LibreOffice draws a right-to-left line ending in a number or a Latin word as one
    # piece, and MuPDF reads the space at the join first: " گزارش سال۱۴۰۴". Rebuilt from
    # the glyphs, the space is back between the words.
    docx = pytest.importorskip("docx")

    texts = ["گزارش باران‌سنجی سال ۱۴۰۴", "برای اطلاعات بیشتر به نشانی info@valley.example",
             "التقرير السنوي لعام ٢٠٢٥", "التقرير السنوي لعام 2025"]
    document = docx.Document()
    for text in texts:
        _rtl_run(document.add_paragraph(), text)
    data = _libreoffice_pdf(document, tmp_path)
    assert pymupdf.open(stream=data)[0].get_text().startswith(" گزارش باران‌سنجی سال۱۴۰۴")
    assert _paragraphs(data) == texts


ENGLISH = ("The committee approved the budget for the coming year and asked the office to "
           "send the report for that item.")


@needs_dejavu
def test_english_sentence_on_a_right_to_left_page_ends_with_its_full_stop() -> None:
    # In a right-to-left paragraph the bidi algorithm draws the full stop of a Latin
    # sentence at its left: MuPDF reads it as a piece of its own before the words.
    data = _html_pdf(f'<div dir="rtl"><p>{ARABIC}</p><p>Please send the report. Then call '
                     'us.</p></div>')
    assert "call us\n.\n" in pymupdf.open(stream=data)[0].get_text()
    assert _paragraphs(data) == [ARABIC, "Please send the report. Then call us."]


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice is not installed")
def test_libreoffice_english_paragraphs_of_a_right_to_left_document_stay_whole(
        tmp_path: Path) -> None:
    docx = pytest.importorskip("docx")

    texts = [ARABIC, ENGLISH, "Short English line.", ARABIC]
    document = docx.Document()
    for text in texts:
        _rtl_run(document.add_paragraph(), text)
    data = _libreoffice_pdf(document, tmp_path)
    assert "that item\n.\n" in pymupdf.open(stream=data)[0].get_text()
    assert _paragraphs(data) == texts


def test_a_line_opening_with_a_full_stop_on_a_left_to_right_page_is_left_alone() -> None:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 100), "The service runs on the framework called", fontsize=11)
    page.insert_text((72, 114), ".NET and keeps its logs for a year.", fontsize=11)
    assert _paragraphs(doc.tobytes()) == [
        "The service runs on the framework called .NET and keeps its logs for a year."]


@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice is not installed")
def test_libreoffice_short_english_lines_between_vowelled_ones_keep_their_text(
        tmp_path: Path) -> None:
    # MuPDF puts the last mark of a vowelled line at the end of the English line above
    # it ("OKِ"); an Arabic mark on a line without an Arabic letter is dropped. (One-line
    # paragraphs without spacing between them are lines of one block: only the words of
    # the blocks' text are checked.)
    docx = pytest.importorskip("docx")

    texts = [ARABIC, "Version 2.0", ARABIC, ".", "الإصدار 2.0", "OK",
             "سَتُنْشَرُ أَرْقَامُ المَوْسِمِ القَادِمِ", "Release notes", ARABIC]
    document = docx.Document()
    document.styles["Normal"].font.name = "DejaVu Sans"  # the Latin runs' font as well
    for text in texts:
        _rtl_run(document.add_paragraph(), text)
    data = _libreoffice_pdf(document, tmp_path)
    assert "OK\u0650" in pymupdf.open(stream=data)[0].get_text()
    blocks = convert(data, filename="doc.pdf").blocks
    assert " ".join(b.text for b in blocks).split() == " ".join(texts).split()


@pytest.mark.skipif(not AMIRI.exists(), reason="Amiri is not installed")
def test_a_page_with_ornate_parentheses_is_read_when_mupdf_cannot_list_its_glyphs() -> None:
    # MuPDF stores U+FD3E/U+FD3F of a right-to-left run as a code outside Unicode, and
    # PyMuPDF's per-glyph dictionary then raises; the page must still be read (it was
    # skipped as unreadable, losing a whole Quran citation page of a real document).
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_font(fontname="amiri", fontfile=str(AMIRI))
    page.insert_text((72, 100), "\ufd3e\u0627\u0644\u0644\u0647\ufd3f", fontname="amiri",
                     fontsize=14)
    page.insert_text((72, 130), "The verse above is quoted from the first chapter.", fontsize=11)
    data = doc.tobytes()
    with pytest.raises(SystemError):
        pymupdf.open(stream=data)[0].get_textpage().extractRAWDICT()
    result = convert(data, filename="verse.pdf")
    assert result.error is None and result.pages[0].route == "native"
    assert "The verse above is quoted from the first chapter." in result.markdown
    assert "\u0647" in result.markdown  # the Arabic line too


def _amiri_lines_pdf(visual_lines: list[str]) -> bytes:
    """A page of Amiri lines drawn left to right as given: visual order, as on paper."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_font(fontname="amiri", fontfile=str(AMIRI))
    for n, line in enumerate(visual_lines):
        page.insert_text((72, 100 + 24 * n), line, fontname="amiri", fontsize=14)
    return doc.tobytes()


@pytest.mark.skipif(not AMIRI.exists(), reason="Amiri is not installed")
@pytest.mark.parametrize(("left", "right"), [("(«", ")»"), (")»", "(«")])
def test_brackets_of_right_to_left_text_open_before_they_close(left: str, right: str) -> None:
    # XeTeX and LuaTeX draw the opening bracket of a right-to-left run with the closing
    # bracket's glyph and map it to ")", so MuPDF reads "نص )مثال قصير( في"; Chromium and
    # LibreOffice map it to "(". Either way the text opens before it closes.
    first, inside, quoted, last = "هذا نص", "مثال قصير", "نقل", "في سطر"
    drawn = (f"{last[::-1]} {left[1]}{quoted[::-1]}{right[1]} {left[0]}{inside[::-1]}"
             f"{right[0]} {first[::-1]}")
    assert _paragraphs(_amiri_lines_pdf([drawn])) == [
        f"{first} ({inside}) «{quoted}» {last}"]


@pytest.mark.skipif(not AMIRI.exists(), reason="Amiri is not installed")
def test_a_right_to_left_piece_touching_a_latin_line_keeps_its_space() -> None:
    # Pieces that touch join without a space (a word drawn in pieces), but a right-to-left
    # piece joins its line right piece first: where it touches the Latin text on the page
    # (after "so:") is not where the two texts meet, and joined there without a space
    # a word of each script ran together ("قصيرAn").
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_font(fontname="amiri", fontfile=str(AMIRI))
    latin = "An Arabic word may stand in a Latin line like so:"
    page.insert_text((72, 100), latin, fontname="helv", fontsize=12)
    page.insert_text((72, 130), "A second paragraph follows the first one.", fontsize=12)
    x = 72 + pymupdf.get_text_length(latin, "helv", 12)
    page.insert_text((x, 100), "مثال قصير"[::-1], fontname="amiri", fontsize=12)
    words = convert(doc.tobytes(), filename="mixed.pdf").markdown.split()
    assert "قصير" in words and "so:" in words, words
    assert not [w for w in words if re.search("[\u0600-\u06ff]", w) and re.search("[A-Za-z]", w)], \
        words
