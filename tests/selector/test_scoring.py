"""The WCXB scoring rule as reimplemented in scripts/wcxb.py."""

import pytest

import wcxb


def test_tokens_are_lowercased_unicode_word_runs():
    assert wcxb.tokens("Héllo, WORLD_2 — naïve!") == ["héllo", "world_2", "naïve"]


def test_perfect_and_disjoint_extractions():
    assert wcxb.score_markdown("The cat sat.", "the cat sat").f1 == 1.0
    assert wcxb.score_markdown("dog", "the cat sat").f1 == 0.0


def test_duplicated_text_costs_precision():
    score = wcxb.score_markdown("a b a b", "a b")
    assert score.recall == 1.0
    assert score.precision == 0.5
    assert score.f1 == pytest.approx(2 / 3)


def test_empty_reference_and_empty_prediction():
    assert wcxb.score_markdown("", "").f1 == 1.0
    assert wcxb.score_markdown("something", "").f1 == 0.0
    assert wcxb.score_markdown("", "something").f1 == 0.0


def test_markdown_is_projected_to_text():
    markdown = (
        "# Title\n\n"
        "Read [the guide](https://example.com/guide_v2?x=1) now ![logo](/img/logo.png)\n\n"
        "1. first\n2. second\n\n"
        "- **bold** and _em_ and snake\\_case\n\n"
        "> quoted\n\n"
        "| a | b |\n| --- | --- |\n| 1 | 2 |\n\n"
        "```python\nprint(x)\n```\n"
    )
    text = wcxb.markdown_to_text(markdown)
    assert wcxb.tokens(text) == [
        "title", "read", "the", "guide", "now", "first", "second", "bold", "and", "em",
        "and", "snake_case", "quoted", "a", "b", "1", "2", "print", "x",
    ]


def test_snippet_matching_uses_token_sequences():
    assert wcxb.snippet_found("Log In", "please **log** in here")
    assert not wcxb.snippet_found("Log In", "login")


def test_registered_domain():
    assert wcxb.registered_domain("cloud.google.com") == "google.com"
    assert wcxb.registered_domain("www.bbc.co.uk") == "bbc.co.uk"
    assert wcxb.registered_domain("example.org") == "example.org"
