"""React's streamed segments put in place before the walk (`webfold.html.streaming`)."""

from __future__ import annotations

import re
from pathlib import Path

from selectolax.lexbor import LexborHTMLParser

import webfold
from webfold.html import streaming

PAGE = Path(__file__).resolve().parents[1] / "fixtures" / "html" / "react_streamed.html"
BODY = "A starter kept in a cold kitchen slows down rather than dies."
NESTED = "## Waking it up"  # a boundary inside a segment, completed after it moved
SEGMENT = "If a grey liquid gathers on top"  # an `$RS` segment inside a segment
_CALLS = re.compile(r"<script>\$R[CS]\([^<]*</script>")


def markdown(html: str | bytes) -> str:
    return webfold.convert(html, url="https://example.com/", select="all").markdown


def test_streamed_body_appears_once_in_place_and_the_fallbacks_go() -> None:
    out = markdown(PAGE.read_bytes())
    assert "Loading" not in out
    for text in (BODY, NESTED, SEGMENT, "[A rye starter from scratch]"):
        assert out.count(text) == 1, text
    order = [out.index(t) for t in ("strength.", BODY, NESTED, SEGMENT, "## Further reading",
                                    "[A rye starter", "Filed under")]
    assert order == sorted(order)
    assert "A segment no script completes" not in out  # no call: still hidden


def test_segments_without_completion_scripts_stay_as_they_are() -> None:
    html = _CALLS.sub("", PAGE.read_text("utf-8"))
    out = markdown(html)
    assert out.count("Loading…") == 2
    assert BODY not in out and NESTED not in out and SEGMENT not in out
    tree = LexborHTMLParser(html)
    before = tree.html
    streaming.complete(tree, html)
    assert tree.html == before


def test_a_boundary_without_its_closing_comment_is_left_alone() -> None:
    # the parser cannot tell where such a fallback ends: removing up to the end of its
    # parent, as the browser's script would, takes the rest of the page with it
    html = ('<main><h1>Title</h1><!--$?--><template id="B:0"></template><p>Loading…</p>'
            '<p>The rest of the page.</p></main>'
            '<div hidden id="S:0"><p>Late text.</p></div><script>$RC("B:0","S:0")</script>')
    tree = LexborHTMLParser(html)
    before = tree.html
    streaming.complete(tree, html)
    assert tree.html == before


def test_a_call_naming_a_missing_element_changes_nothing() -> None:
    html = ('<main><!--$?--><template id="B:0"></template><p>Loading…</p><!--/$--></main>'
            '<div hidden id="S:0"><p>Late text.</p></div>'
            '<script>$RC("B:7","S:0");$RS("S:0","P:4")</script>')
    tree = LexborHTMLParser(html)
    before = tree.html
    streaming.complete(tree, html)
    assert tree.html == before


def test_a_fallback_holding_nested_boundaries_goes_whole() -> None:
    html = ('<main><!--$?--><template id="B:0"></template><div><p>Loading…</p></div>'
            '<!--$--><p>Inner fallback</p><!--/$--><!--/$--><p>After.</p></main>'
            '<div hidden id="S:0"><p>Late text.</p></div><script>$RC("B:0","S:0")</script>')
    tree = LexborHTMLParser(html)
    streaming.complete(tree, html)
    main = tree.css_first("main")
    assert main.html == "<main><!--$?--><p>Late text.</p><!--/$--><p>After.</p></main>"
    assert tree.css_first('[id="S:0"]') is None


def test_a_page_saved_without_scripts_shows_its_segments() -> None:
    # A saved copy without any script can never run the calls; the live page showed the
    # segments' text. A segment goes where its P: placeholder stands; a boundary's content,
    # whose B: template only the lost call named, is shown where it is.
    html = re.sub(r"<script>.*?</script>", "", PAGE.read_text("utf-8"), flags=re.S)
    assert "<script" not in html
    out = markdown(html)
    for text in (BODY, NESTED, SEGMENT, "A segment no script completes"):
        assert out.count(text) == 1, text
    saved = ('<main><h1>Title</h1><template id="B:0"></template><p>Loading…</p>'
             '<section><template id="P:1"></template></section></main>'
             '<div hidden id="S:1"><p>Placed text.</p></div>'
             '<div hidden id="S:0"><p>Late text.</p></div>')
    tree = LexborHTMLParser(saved)
    streaming.complete(tree, saved)
    assert tree.css_first("section").html == "<section><p>Placed text.</p></section>"
    assert tree.css_first('[id="S:0"]').attributes == {"id": "S:0"}


def test_the_byte_scan_finds_a_call_at_either_end_of_the_markup() -> None:
    # the numpy prefilter before the call regex reads the bytes after each "$": a call
    # cut short by the end of the markup, or starting its first byte, is still seen
    assert streaming._may_call(b'$RC("B:0","S:0")<p>x</p>')
    assert streaming._may_call(b"<p>x</p>$RS(")
    assert not streaming._may_call(b"<p>x</p>$RS")
    assert not streaming._may_call(b"<p>$ 5, $RC-(</p>$")


def test_the_byte_scan_reads_on_past_the_dollars_it_reads_one_by_one() -> None:
    # a page of jQuery holds thousands of "$": numpy reads those after the first ones
    many = b"$('a');" * (streaming._DOLLARS_ONE_BY_ONE + 5)
    assert streaming._may_call(many + b'$RS("S:1","P:1")')
    assert streaming._may_call(many + b"$RC(")
    assert not streaming._may_call(many + b"$RC")
    assert not streaming._may_call(many)
