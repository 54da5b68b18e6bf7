"""Arabic printed by headless Chromium reads as words: Chromium puts every vowelled
cluster in an ActualText span, which MuPDF turns into zero-width characters, marks
first, with spaces between the clusters ("َذ َه َب"); those lines are read from the
glyphs instead. Table cells close together that MuPDF writes as one line are cut at
their gap with each word's own letters."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pytest

from webfold.convert import convert

PrintPdf = Callable[[str], bytes]  # the `chromium_pdf` fixture
VOWELLED = "ذَهَبَ الوَلَدُ إِلَى المَدْرَسَةِ صَبَاحًا وَقَرَأَ دَرْسَهُ الجَدِيدَ مَعَ أَصْدِقَائِهِ"
PLAIN = "يعرض هذا السطر نصا بلا حركات للمقارنة"


def test_vowelled_arabic_from_chromium_keeps_its_words(chromium_pdf: PrintPdf) -> None:
    data = chromium_pdf(f"<div dir='rtl' lang='ar'><p>{VOWELLED}</p><p>{PLAIN}</p></div>")
    doc = convert(data, filename="page.pdf")
    assert doc.error is None
    paragraphs = doc.markdown.strip().split("\n\n")
    assert paragraphs[-1] == PLAIN
    words = paragraphs[0].split()
    assert not any(unicodedata.category(w[0]) == "Mn" for w in words)  # no mark first
    assert words == VOWELLED.split()


def test_right_to_left_cells_of_a_borderless_table_read_in_logical_order(
        chromium_pdf: PrintPdf) -> None:
    # No rules: the table is found from the alignment of its lines. MuPDF writes a row's
    # first two cells as one line (its words in the order drawn, the line then rebuilt in
    # logical order) and reads Chromium's Arabic-Indic digits backwards ("٢١٤"); every
    # cell comes out once, in logical order.
    rows = [["المحطة", "الهطول mm", "التاريخ"], ["عين الماء", "48", "2025-03-11"],
            ["الجسر القديم RG-200", "61", "2025-10-03"], ["وادي السدر", "39 ملم", "2025-12-27"],
            ["بئر الشيخ", "٤١٢", "١٤٠٤/٠٢/١١"]]
    table = "".join("<tr>" + "".join(f"<td style='padding:2px 30px'>{c}</td>" for c in row)
                    + "</tr>" for row in rows)
    data = chromium_pdf("<div dir='rtl' lang='ar'><p>يعرض الجدول التالي قراءات "
                      f"المحطات.</p><table style='border-collapse:collapse'>{table}</table>"
                      "<p>انتهى الجدول.</p></div>")
    doc = convert(data, filename="page.pdf")
    assert doc.error is None
    assert [b.text.split("\n") for b in doc.blocks if b.kind == "table"] == [
        ["\t".join(row) for row in rows]]


def test_right_to_left_table_cells_written_on_one_line_keep_their_words(
        chromium_pdf: PrintPdf) -> None:
    # Cells 8 pt apart: MuPDF writes a two-word label and the number beside it as one
    # line, its text in logical order while its word boxes run left to right.
    rows = [["المنطقة", "الحقل", "القرية"], ["الجنوب النهر", "1422", "4262"],
            ["الغرب الأرز", "3322", "7409"], ["الشمال الذرة", "7889", "1159"],
            ["المنطقة الشرق", "9882", "6345"]]
    cells = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    data = chromium_pdf("<style>table{border-collapse:collapse;font-size:11pt}"
                      "td{padding:2pt 4pt}</style><div dir='rtl' lang='ar'>"
                      f"<p>تجمع هذه الصفحة أرقام المناطق</p><table>{cells}</table>"
                      "<p>أرسلت المكاتب أرقامها في نهاية الموسم</p></div>")
    doc = convert(data, filename="page.pdf")
    assert doc.error is None
    table = [line for line in doc.markdown.splitlines() if line.startswith("|")]
    assert table[:1] + table[2:] == ["| " + " | ".join(row) + " |" for row in rows]


@pytest.mark.parametrize("header", ["th", "td"])
def test_header_cells_of_a_tight_right_to_left_table_are_its_first_row(
        chromium_pdf: PrintPdf, header: str) -> None:
    # Cells 6px apart, no rules: MuPDF writes each header cell as a line of its own, a
    # third of a font size from the next, and the body's label and number as one line.
    # The header cells are neither one line with no spaces between them ("الاسمالمدينة")
    # nor one cell; the header is the table's first row, one cell per column.
    rows = [["الاسم", "المدينة", "العمر", "الرقم"], ["سعاد", "حلب", "34", "118"],
            ["يوسف", "عمان", "27", "905"], ["ليلى", "بيروت", "41", "372"],
            ["كريم", "صنعاء", "19", "640"]]
    cells = "".join("<tr>" + "".join(f"<{tag}>{c}</{tag}>" for c in row) + "</tr>"
                    for row, tag in zip(rows, [header] + ["td"] * len(rows), strict=False))
    data = chromium_pdf("<style>table{border-collapse:collapse} th,td{padding:1px 3px}</style>"
                        "<div dir='rtl' lang='ar'><p>يعرض الجدول التالي بيانات الأعضاء.</p>"
                        f"<table>{cells}</table><p>انتهى الجدول.</p></div>")
    doc = convert(data, filename="page.pdf")
    assert doc.error is None
    table = [line for line in doc.markdown.splitlines() if line.startswith("|")]
    assert table[:1] + table[2:] == ["| " + " | ".join(row) + " |" for row in rows]
    assert [b.text for b in doc.blocks if b.kind != "table"] == [
        "يعرض الجدول التالي بيانات الأعضاء.", "انتهى الجدول."]


def test_english_paragraph_of_a_right_to_left_page_keeps_its_full_stop_at_the_end(
        chromium_pdf: PrintPdf) -> None:
    # Chromium draws the paragraph's full stop at the left of its last line: ".item".
    english = ("The committee approved the budget for the coming year and asked the office "
               "to send the report for that item.")
    data = chromium_pdf(f"<div dir='rtl' lang='ar' style='width: 420px'><p>{PLAIN}.</p>"
                                f"<p>{english}</p><p>Short English line.</p></div>")
    paragraphs = convert(data, filename="page.pdf").markdown.strip().split("\n\n")
    assert paragraphs == [f"{PLAIN}.", english, "Short English line."]


def test_english_paragraphs_beside_right_to_left_ones_keep_their_leading_punctuation(
        chromium_pdf: PrintPdf) -> None:
    # Left-to-right paragraphs on a page with right-to-left ones: a line opening with
    # punctuation is not a right-to-left paragraph's last line with its full stop drawn
    # at the left.
    english = [".NET 8 runtime", ".NET 8 runtime is required on every server of the survey "
               "office, and the installer checks for it before the gauges are read."]
    body = "".join(f"<p>{text}</p>" for text in english)
    data = chromium_pdf(f"<div dir='rtl' lang='ar'><p>{PLAIN}.</p></div>"
                                f"<div>{body}</div><div dir='rtl' lang='ar'><p>{PLAIN}.</p></div>")
    paragraphs = convert(data, filename="page.pdf").markdown.strip().split("\n\n")
    assert paragraphs == [f"{PLAIN}.", *english, f"{PLAIN}."]


@pytest.mark.parametrize("style", ["td{padding:2px 30px}",
                                   "table,td{border:1px solid black} td{padding:3px 10px}"])
def test_vowelled_right_to_left_cells_keep_their_marks_once_each(chromium_pdf: PrintPdf,
                                                                 style: str) -> None:
    # Chromium puts each vowelled cluster in an ActualText span and MuPDF writes a row's
    # cells as one line: every cell is read from its own glyphs, marks and all, once, in
    # logical order (with or without ruling lines).
    rows = [["الاسمُ", "المَدِينَةُ", "العَدَدُ"], ["مُحَمَّدٌ", "القَاهِرَةُ", "12"],
            ["فَاطِمَةُ الزَّهْرَاءُ", "دِمَشْقُ", "7"], ["عَلِيٌّ", "بَغْدَادُ الجَدِيدَةُ", "30"],
            ["خَدِيجَةُ", "تُونِسُ", "5"]]
    cells = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    data = chromium_pdf(f"<style>table{{border-collapse:collapse}}{style}</style>"
                      "<div dir='rtl' lang='ar'><p>يَعْرِضُ الجَدْوَلُ التَّالِي الأَسْمَاءَ.</p>"
                      f"<table>{cells}</table><p>انْتَهَى الجَدْوَلُ.</p></div>")
    doc = convert(data, filename="page.pdf")
    assert doc.error is None
    assert [b.text.split("\n") for b in doc.blocks if b.kind == "table"] == [
        ["\t".join(row) for row in rows]]
    assert [b.text for b in doc.blocks if b.kind != "table"] == [
        "يَعْرِضُ الجَدْوَلُ التَّالِي الأَسْمَاءَ.", "انْتَهَى الجَدْوَلُ."]



def test_vowelled_right_to_left_cells_that_wrap_in_a_borderless_table_stay_whole(
        chromium_pdf: PrintPdf) -> None:
    # Lines read from the drawn glyphs span the glyphs (MuPDF gives a cluster's characters
    # no width) and are not cut again at MuPDF's word gaps: each cell whole, its wrapped
    # lines joined.
    rows = [["الاسمُ", "المُلَاحَظَةُ"],
            ["مُحَمَّدٌ", "ذَهَبَ الوَلَدُ إِلَى المَدْرَسَةِ صَبَاحًا وَقَرَأَ دَرْسَهُ"],
            ["فَاطِمَةُ", "كَتَبَتِ الرِّسَالَةَ"],
            ["عَلِيٌّ", "سَافَرَ إِلَى بَغْدَادَ مَعَ أَصْدِقَائِهِ فِي الصَّيْفِ"]]
    cells = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    data = chromium_pdf("<style>table{border-collapse:collapse} td{padding:4px 14px;"
                        "width:120px;vertical-align:top}</style><div dir='rtl' lang='ar'>"
                        f"<p>يَعْرِضُ الجَدْوَلُ التَّالِي.</p><table>{cells}</table>"
                        "<p>انْتَهَى.</p></div>")
    doc = convert(data, filename="page.pdf")
    assert [b.text.split("\n") for b in doc.blocks if b.kind == "table"] == [
        ["\t".join(row) for row in rows]]

def test_short_english_lines_of_a_right_to_left_page_keep_their_place_and_text(
        chromium_pdf: PrintPdf) -> None:
    # A line of one Arabic word and a number: MuPDF reads the number first, at the
    # line's left ("2.0 الإصدار"); lines of English alone, or of a full stop, stay put.
    texts = [PLAIN, "Version 2.0", "أرسلت المكاتب أرقامها في نهاية الموسم", ".", "الإصدار 2.0",
             "صدر الإصدار Version 2.0 من البرنامج.", PLAIN]
    body = "".join(f"<p>{text}</p>" for text in texts)
    data = chromium_pdf(f"<div dir='rtl' lang='ar' style='width: 420px'>{body}</div>")
    assert convert(data, filename="page.pdf").markdown.strip().split("\n\n") == texts


def test_short_english_lines_set_left_between_right_aligned_arabic_read_in_place(
        chromium_pdf: PrintPdf) -> None:
    # Left-aligned English lines between right-aligned Arabic ones leave a white stripe
    # down the page, but no line stands beside another: one column, read top to bottom.
    texts = [text for n in range(2, 7) for text in
             ("أرسلت المكاتب أرقامها", f"Version {n}.0", "وصلت التقارير من القرى")]
    body = "".join(f"<p dir='ltr' style='text-align:left'>{t}</p>" if t.startswith("Version")
                   else f"<p>{t}</p>" for t in texts)
    data = chromium_pdf(f"<div dir='rtl' lang='ar' style='width: 500px'>{body}</div>")
    assert convert(data, filename="page.pdf").markdown.strip().split("\n\n") == texts


@pytest.mark.parametrize("rtl", [True, False])
def test_one_line_paragraphs_set_without_spacing_stay_apart(chromium_pdf: PrintPdf,
                                                            rtl: bool) -> None:
    # No margin between the paragraphs: the line gap is a paragraph's own. Each line ends
    # a sentence short of the column's edge with room for the next line's first word, so
    # it ended its paragraph (a line that wrapped had no room for it).
    texts = ([PLAIN + ".", "أرسلت المكاتب أرقامها في نهاية الموسم.", "انتهى الجدول.", PLAIN + "."]
             if rtl else ["The survey lists the crops of each region.", "Figures follow in May.",
                          "The office checks them.", "The survey lists the crops of each region."])
    body = "".join(f"<p>{text}</p>" for text in texts)
    attrs = " dir='rtl' lang='ar'" if rtl else ""
    data = chromium_pdf(f"<style>p{{margin:0}}</style><div{attrs}>{body}</div>")
    assert convert(data, filename="page.pdf").markdown.strip().split("\n\n") == texts


def test_lines_of_a_wrapped_paragraph_ending_sentences_stay_one_paragraph(
        chromium_pdf: PrintPdf) -> None:
    # Sentences ending at line ends inside a paragraph that wrapped: the next word never
    # fits after them, so the paragraph stays whole, in either direction.
    english = " ".join(["The office checks every figure." ] * 12)
    arabic = " ".join([PLAIN + "."] * 10)
    data = chromium_pdf(f"<div style='width:300px'><p>{english}</p></div>"
                        f"<div dir='rtl' lang='ar' style='width:300px'><p>{arabic}</p></div>")
    assert convert(data, filename="page.pdf").markdown.strip().split("\n\n") == [english, arabic]


def test_an_alef_before_a_lam_alef_ligature_is_kept(chromium_pdf: PrintPdf) -> None:
    # "الاسم": the article's alef, then the lam-alef ligature. MuPDF writes the ligature's
    # alef without width where the alef before it starts, drops that one as a copy and
    # leaves a space in its gap ("ب لاسم"); the drawn alef is put back, in text and cells.
    text = "الاسم بالاسم والانتخابات في الاتحاد"
    rows = [["الاسم", "الاتحاد", "العدد"], ["القاهرة", "بالاسم", "12"], ["دمشق", "الانتخابات", "7"]]
    cells = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    data = chromium_pdf("<style>table{border-collapse:collapse} td{border:1px solid black;"
                        f"padding:3px 10px}}</style><div dir='rtl' lang='ar'><p>{text}</p>"
                        f"<table>{cells}</table></div>")
    doc = convert(data, filename="page.pdf")
    assert [b.text for b in doc.blocks if b.kind != "table"] == [text]
    assert [b.text.split("\n") for b in doc.blocks if b.kind == "table"] == [
        ["\t".join(row) for row in rows]]
