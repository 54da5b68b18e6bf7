"""The Markdown helpers' shortcuts give exactly what the plain definitions give."""

from __future__ import annotations

from urllib.parse import urljoin

import pytest

import webfold
from webfold import markdown as md
from webfold.html import urls

WHITESPACE = [c for c in map(chr, range(0x3001)) if c.isspace()]


def collapse_by_definition(text: str) -> str:
    text = text.replace("\xad", "")  # soft hyphens are invisible: dropped
    core = " ".join(text.split())
    if not core:
        return " " if text else ""
    return (" " if text[0] in " \t\n\r\f\v\xa0" else "") + core + (
        " " if text[-1] in " \t\n\r\f\v\xa0" else "")


@pytest.mark.parametrize("text", [
    "", " ", "  ", "word", " two words ", "a  b", "a\tb", "a\nb", "\xa0", "a\xa0b",
    "a\u2003b", "\u3000x", "zero\u200bwidth", "tail\n", "é ü ß", "Ver\xadnat\xadschwein",
    "\xad", " \xad ", "soft\xad  hyphen", *WHITESPACE,
    *(f"a{c}b" for c in WHITESPACE), *(f"{c}a {c}" for c in WHITESPACE),
])
def test_collapse_matches_its_definition(text: str) -> None:
    assert md.collapse(text) == collapse_by_definition(text)


def test_soft_hyphens_leave_no_trace_in_the_markdown() -> None:
    doc = webfold.convert("<p>Ver&shy;nat&shy;schwein vom Gam\u00adbe\u00adro</p>")
    assert doc.markdown == "Vernatschwein vom Gambero\n"


@pytest.mark.parametrize(("text", "escaped"), [
    ("plain text", "plain text"),
    ("snake_case stays", "snake_case stays"),
    ("_lead and trail_", "\\_lead and trail\\_"),
    ("__init__", "\\_\\_init\\_\\_"),
    ("a_ _b", "a\\_ \\_b"),
    ("Q&A & more", "Q&A & more"),
    ("&amp; &#38; &x", "\\&amp; \\&#38; &x"),
    ("[link](url) <tag> `code` *em* back\\slash",
     "\\[link\\](url) \\<tag> \\`code\\` \\*em\\* back\\\\slash"),
])
def test_escape(text: str, escaped: str) -> None:
    assert md.escape(text) == escaped


@pytest.mark.parametrize("char", [chr(c) for c in range(0x20, 0x7f)])
def test_escape_shortcut_looks_for_every_character_the_pattern_escapes(char: str) -> None:
    # `escape` tests for its characters one by one before the pattern: the two lists
    # must agree, or a character the pattern escapes would pass through unescaped.
    for text in (char, f" {char} ", f"{char}x{char}", f"{char}#1;", f"a{char}"):
        assert md.escape(text) == md._ESCAPE.sub(md._backslashed, text)


BASES = ["https://example.com/a/b.html?q=1#top", "https://example.com", "http://x.org/p;params",
         "HTTP://Example.com/A?", "mailto:someone@example.com", "javascript:void(0)",
         "ftp://host/dir/", "https://[::1]/x", "relative/base"]


@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("fragment", ["#", "#top", "#a:b", "#a#b", "#a b", "#é", "#x?y",
                                      "#a\tb", "#/p/../q"])
def test_fragment_links_resolve_as_urljoin_does(base: str, fragment: str) -> None:
    expected = urljoin(base, fragment)
    if " " in expected or "(" in expected or ")" in expected:
        expected = expected.replace(" ", "%20").replace("(", "%28").replace(")", "%29")
    assert urls.safe_url(fragment, base) == expected


@pytest.mark.parametrize("raw", ["javascript:alert(1)", "java\tscript:alert(1)",
                                 "java\x00script:x", "JAVASCRIPT:x", "\x01javascript:x",
                                 "vbscript:x", "file:///etc/passwd", "data:text/html,x"])
def test_unsafe_schemes_are_refused_whatever_hides_in_the_scheme(raw: str) -> None:
    assert urls.safe_url(raw, "https://example.com/") is None


def test_plain_links_resolve() -> None:
    assert urls.safe_url("/p", "https://example.com/a/b") == "https://example.com/p"
    assert urls.safe_url("c d", "https://example.com/a/b") == "https://example.com/a/c%20d"
    assert urls.safe_url("https://other.org/x", "https://example.com/") == "https://other.org/x"


def test_links_against_a_base_urljoin_rejects_are_dropped() -> None:
    assert urls.safe_url("#top", "https://[::1/broken") is None
    assert urls.safe_url("page.html", "https://[::1/broken") is None
    assert urls.safe_url("/root", "https://[::1/broken") is None


def test_a_malformed_page_url_keeps_the_link_text_and_converts() -> None:
    doc = webfold.convert('<p>See <a href="/x">the page</a> and <a href="#top">top</a>.</p>',
                          url="https://[::1/broken", select="all")
    assert doc.ok, doc.error
    assert doc.markdown == "See the page and top.\n"
