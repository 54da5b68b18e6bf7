"""The benchmark's text scores (scripts/pdf_scores.py): normalisation, edit distance,
word F1, heading and table-row recall."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from webfold import markdown

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from pdf_scores import (  # noqa: E402
    cer,
    heading_recall,
    levenshtein,
    markdown_table_rows,
    markdown_tables,
    plain_text,
    table_row_recall,
    table_scores,
    word_f1,
)


def slow_levenshtein(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def test_bit_parallel_levenshtein_equals_the_textbook_one() -> None:
    rng = random.Random(7)
    for _ in range(500):
        a = "".join(rng.choice("ab c") for _ in range(rng.randint(0, 40)))
        b = "".join(rng.choice("ab c") for _ in range(rng.randint(0, 40)))
        assert levenshtein(a, b) == slow_levenshtein(a, b)
    assert levenshtein("", "abc") == 3 and levenshtein("kitten", "sitting") == 3


def test_markup_is_stripped_before_comparing() -> None:
    md = ("# Title\n\nSome **bold** and _italic_ text with a [link](http://x.test).\n\n"
          "- first item\n1. second item\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\n"
          "```python\nprint(1)\n```\n\n![figure](img.png)\n\n> quoted")
    assert plain_text(md) == ("Title Some bold and italic text with a link. first item "
                              "second item A B 1 2 print(1) quoted")
    assert plain_text("snake_case_name stays") == "snake_case_name stays"
    assert plain_text("ﻣﺮﺣﺒﺎ") == "مرحبا"  # presentation forms compare as letters


def test_escaped_characters_are_text_not_markup() -> None:
    assert plain_text(r"\# 3\. rose \[a\] a\_b [\[source\]](u)") == "# 3. rose [a] a_b [source]"


def test_characters_a_plain_text_loses_count_alike_escaped() -> None:
    # A plain tool's text has no escapes: its literal "*" and "`" go with the emphasis
    # and code marks and its "|" is a space, wherever they stand; Webfold's escaped ones
    # count the same.
    plain = "rose *all* 3 * 4 `x` a|b"
    assert plain_text(markdown.escape(plain).replace("|", "\\|")) == plain_text(plain) \
        == "rose all 3 4 x a b"
    assert markdown_table_rows("| a\\|b | \\*c |\n|---|---|") == [["a b", "c"]]


def test_a_hard_line_break_is_no_text() -> None:
    # A backslash ending a line is a line break; an escaped one ("\\\\") stays text.
    assert plain_text("Ms Anna Brook\\\n7 Mill Lane") == "Ms Anna Brook 7 Mill Lane"
    assert plain_text("C:\\\\\nnext") == "C:\\ next"


def test_a_form_blank_is_the_same_text_plain_or_escaped() -> None:
    # A reference keeps a form's blank as plain underscores, Webfold escapes each one.
    plain = "Family name: ____________ and __bold__"
    escaped = "Family name: " + "\\_" * 12 + " and **bold**"
    assert plain_text(plain) == plain_text(escaped) == "Family name: ____________ and bold"
    assert cer(plain, escaped) == 0.0


def test_footnote_labels_are_their_numbers() -> None:
    assert plain_text("farms.[^1] More.\n\n[^1]: Since 1962.") == "farms.1 More. 1 Since 1962."


def test_cer_and_word_f1() -> None:
    assert cer("The river rose.", "# The  river\nrose.") == 0.0
    assert cer("abcd", "abxd") == pytest.approx(0.25)
    assert cer("", "") == 0.0 and cer("", "junk") == 1.0
    assert word_f1("a b c d", "a b c d") == 1.0
    assert word_f1("a b c d", "a b") == pytest.approx(2 * 1.0 * 0.5 / 1.5)
    assert word_f1("a b", "") == 0.0


def test_heading_recall_counts_markdown_headings_only() -> None:
    md = "# Annual Report\n\nRainfall and Rivers\n\n### **Costs**\n"
    assert heading_recall(["Annual Report", "Rainfall and Rivers", "Costs"], md) == \
        pytest.approx(2 / 3)
    assert heading_recall([], md) is None
    assert heading_recall(["بلغة R و Python"], "# بلغة R وPython") == 1.0


def test_table_rows_match_with_merged_cells_repeated_or_left_empty() -> None:
    rows = [["Region", "Units"], ["North", "120"], ["North", "80"], ["South", "95"]]
    repeated = "| Region | Units |\n|---|---|\n| North | 120 |\n| North | 80 |\n| South | 95 |"
    empty = "| Region | Units |\n|---|---|\n| North | 120 |\n|  | 80 |\n| South | 95 |"
    wrong = "| Region | Units |\n|---|---|\n| North | 120 |\n|  | 80 |\n|  | 95 |"
    assert table_row_recall(rows, repeated) == 1.0
    assert table_row_recall(rows, empty) == 1.0
    assert table_row_recall(rows, wrong) == 0.75
    assert table_row_recall(rows, "Region Units North 120") == 0.0
    assert table_row_recall([], repeated) is None


def test_table_cells_of_a_span_count_whole_written_once_or_repeated() -> None:
    # A year spanning two columns and a row label spanning both header rows: written
    # once with its repeats left empty, or repeated, the table is whole; a cell lost
    # is not found, nor a repeat where the output has no empty cell for it.
    expected = [["Site", "2019", "2019"], ["Site", "Cost", "Budget"], ["Mill", "12", "30"]]
    once = "| Site | 2019 | |\n|---|---|---|\n| | Cost | Budget |\n| Mill | 12 | 30 |"
    repeated = "| Site | 2019 | 2019 |\n|---|---|---|\n| Site | Cost | Budget |\n| Mill | 12 | 30 |"
    lost = "| Site | 2019 | |\n|---|---|---|\n| | Cost | Budget |\n| Mill | | 30 |"
    merged = "| Site | 2019 Cost | Budget |\n|---|---|---|\n| Mill | 12 | 30 |"
    assert table_scores(expected, markdown_tables(once)) == (1.0, 1.0, 1.0)
    assert table_scores(expected, markdown_tables(repeated)) == (1.0, 1.0, 1.0)
    assert table_scores(expected, markdown_tables(lost))[0] == 8 / 9
    assert table_scores(expected, markdown_tables(merged))[0] == 5 / 9


def test_a_compact_pipe_row_keeps_its_empty_last_cell() -> None:
    # pymupdf4llm writes rows without spaces: "|Col15|Col25||" has three cells.
    assert markdown_table_rows("|a|b||\n|---|---|---|\n|x||z|") == [["a", "b", ""],
                                                                   ["x", "", "z"]]
