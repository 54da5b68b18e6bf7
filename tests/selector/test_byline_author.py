"""The author a page that declares none gets from the byline the selector drops from its
text (`rules.byline_author`, `Selection.byline_author`); declared authors win."""

from pathlib import Path

import numpy as np
import pytest
from selectolax.lexbor import LexborHTMLParser

import webfold
from webfold.html.walk import walk
from webfold.selector import PageContext, choose, rules
from webfold.selector.features import block_features

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "selector" / "bylines"
URL = "https://kestlebay.example.org/notes/"


@pytest.mark.parametrize(("text", "author"), [
    ("By Mara Quinlan", "Mara Quinlan"),
    ("By Mara Quinlan | 14 March 2026", "Mara Quinlan"),
    ("by Mara Quinlan, 14 March 2026", "Mara Quinlan"),
    ("By Mara Quinlan on 14 March 2026", "Mara Quinlan"),
    ("By Mara Quinlan Published 14 March 2026", "Mara Quinlan"),
    ("By Mara Quinlan, Harbour Correspondent", "Mara Quinlan"),
    ("14 March 2026 · By Mara Quinlan · 4 min read", "Mara Quinlan"),
    ("March 14, 2026 by Mara Quinlan", "Mara Quinlan"),
    ("ByMara Quinlan", "Mara Quinlan"),
    ("Words by Ana Ruiz and Tom Berg", "Ana Ruiz and Tom Berg"),
    ("By Ana Ruiz, Tom Berg and Li Wei", "Ana Ruiz, Tom Berg and Li Wei"),
    ("Written by: Jan van der Berg", "Jan van der Berg"),
    ("Von Jana Roth", "Jana Roth"),
    ("Par Élise Martin, publié le 3 mai 2026", "Élise Martin"),
    ("By Wren TalbotPublished: Feb 3, 2026", "Wren Talbot"),
    ("By Wren TalbotFeb 3, 2026", "Wren Talbot"),
    ("Von Jana RothAktualisiert am 3. Mai 2026", "Jana Roth"),
    ("By Ian MacLeod4 min read", "Ian MacLeod"),
    ("By Ann McDonald", "Ann McDonald"),
    ("By A. J. Neal View In Digital Edition", None),
    ("By 2030, a higher wall should guard the harbour.", None),
    ("By Tuesday the council will vote on it.", None),
    ("Published on 14 March 2026", None),
    ("Von der Stadt bezahlt", None),
])
def test_the_name_of_a_byline_runs_up_to_a_date_or_a_separator(text, author):
    assert rules.byline_author(text) == author


def _convert(name: str, select: str = "main") -> webfold.Document:
    doc = webfold.convert((FIXTURES / name).read_bytes(), url=URL, select=select)
    assert doc.ok, doc.error
    return doc


def test_a_byline_dropped_under_the_title_of_a_page_without_an_author_names_it():
    doc = _convert("undeclared_author.html")
    assert "Mara Quinlan" not in doc.markdown
    assert doc.metadata.author == "Mara Quinlan"
    assert doc.record()["metadata"]["author"] == "Mara Quinlan"


def test_an_articles_byline_of_two_names_gives_both_as_written():
    doc = _convert("two_names_article.html")
    assert "Ana Ruiz" not in doc.markdown
    assert doc.metadata.author == "Ana Ruiz and Tom Berg"


def test_a_byline_run_into_its_date_line_names_the_author_without_the_label():
    # Two spans side by side: "By Wren Talbot" and "Published: Feb 3, 2026".
    doc = _convert("run_on_byline.html")
    assert "Wren Talbot" not in doc.markdown
    assert doc.metadata.author == "Wren Talbot"


def test_a_byline_under_a_standfirst_goes_and_names_the_author():
    # Title, a standfirst of one sentence, then the byline: the lead runs past the
    # standfirst to the byline (`rules._lead_end`); the standfirst stays.
    doc = _convert("standfirst_then_byline.html")
    assert "keep an old pan black" in doc.markdown
    assert "Odile Fairweather" not in doc.markdown and "6 min read" not in doc.markdown
    assert doc.metadata.author == "Odile Fairweather"


def test_a_declared_author_wins_over_the_dropped_byline():
    doc = _convert("declared_author.html")
    assert "Mara Quinlan" not in doc.markdown
    assert doc.metadata.author == "M. Quinlan"


def test_a_sentence_led_by_a_year_is_no_byline():
    doc = _convert("by_a_year.html")
    assert "By 2030, a higher wall" in doc.markdown
    assert doc.metadata.author is None


def test_all_blocks_keep_the_byline_in_the_text_and_add_no_author():
    doc = _convert("undeclared_author.html", select="all")
    assert "By Mara Quinlan | 14 March 2026" in doc.markdown
    assert doc.metadata.author is None


STORY = ("<h1>The ferry timetable changes on Monday</h1><p>By Mara Quinlan | 14 March 2026</p>"
         "<p>From Monday the first ferry to the island leaves at half past seven, twenty "
         "minutes later than in winter.</p><p>The last boat back stays at six in the evening, "
         "and a second afternoon crossing is added on Saturdays.</p><p>Bicycles still travel "
         "free, but dogs now need a lead on the lower deck as well as the upper one.</p>")


@pytest.mark.parametrize("page", [PageContext(og_type="article"), PageContext()],
                         ids=["article", "undeclared"])
def test_a_byline_the_cut_dropped_under_the_title_still_names_the_author(page):
    menu = "".join(f"<li><a href=/{i}>Section {i}</a></li>" for i in range(rules.SHORT_PAGE))
    blocks = walk(LexborHTMLParser(f"<ul>{menu}</ul>{STORY}").root, None).blocks
    matrix = block_features(blocks, page)
    story = [0.9, None, 0.9, 0.9, 0.9]  # the title, the byline and the story's paragraphs
    for byline_score in (0.9, 0.01):  # kept by the cut, then dropped by the rules; or by it
        story[1] = byline_score
        scores = np.array([0.01] * rules.SHORT_PAGE + story)
        choice = choose(blocks, page, matrix, scores, 0.25, 1.0)
        assert choice.kept.tolist() == [False] * rules.SHORT_PAGE + [True, False, True, True, True]
        assert choice.byline_author == "Mara Quinlan"
