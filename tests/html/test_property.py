"""Hostile input: random tag soup and random bytes never raise and give valid UTF-8."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import webfold
from webfold.contract import ConvertOptions
from webfold.html.converter import HtmlConverter
from webfold.sniff import StreamInfo

TAGS = ["p", "div", "span", "a", "b", "i", "em", "strong", "ul", "ol", "li", "table", "tr",
        "td", "th", "pre", "code", "h1", "h3", "blockquote", "br", "img", "hr", "dl", "dt",
        "dd", "script", "style", "nav", "noscript", "template", "svg", "select", "form", "sup"]
ATTRS = ['href="javascript:x"', 'href="/r"', 'src="data:image/png;base64,AA=="', "hidden",
         'style="display:none"', 'class="ad cookie-banner"', 'colspan="9999"', 'rowspan="-3"',
         'start="x"', 'value="2"', 'class="language-py"', 'srcset=",,, 3w"', 'aria-hidden=true']
TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=20)

piece = st.one_of(
    TEXT,
    st.builds(lambda t, a: f"<{t} {a}>", st.sampled_from(TAGS), st.sampled_from(ATTRS + [""])),
    st.builds(lambda t: f"</{t}>", st.sampled_from(TAGS)),
    st.sampled_from(["&amp;", "&nbsp;", "&#0;", "&#x110000;", "&bogus;", "<!--", "-->",
                     "<![CDATA[", "*", "_", "`", "[", "]", "#", "|", "\n", "<br><br>"]),
)
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check(doc: webfold.Document) -> None:
    doc.markdown.encode("utf-8")  # raises on lone surrogates
    for block in doc.blocks:
        block.text.encode("utf-8")
    assert doc.error is None or doc.error.code != "internal", doc.error


@FAST
@given(st.lists(piece, max_size=60))
def test_random_tag_soup(pieces: list[str]) -> None:
    html = "".join(pieces)
    check(webfold.convert(html.encode("utf-8", "surrogatepass"), content_type="text/html",
                          select="all"))


@FAST
@given(st.binary(max_size=400))
def test_random_bytes_as_html(data: bytes) -> None:
    check(webfold.convert(data, content_type="text/html", select="all"))
    # and straight through the HTML converter, whatever the sniffer would have said
    check(HtmlConverter().convert(data, StreamInfo(mimetype="text/html"),
                                  ConvertOptions(select="all")))


@FAST
@given(st.binary(max_size=200), st.sampled_from(["utf-8", "shift_jis", "utf-16", "bogus", "gbk"]))
def test_random_bytes_with_declared_charset(data: bytes, charset: str) -> None:
    doc = webfold.convert(b"<p>" + data, content_type=f"text/html; charset={charset}",
                          select="all")
    check(doc)


@FAST
@given(st.lists(piece, max_size=60))
def test_random_tag_soup_writes_balanced_html_and_text(pieces: list[str]) -> None:
    from html.parser import HTMLParser

    from webfold.formats import render

    doc = webfold.convert("".join(pieces), select="all")
    if not doc.ok:
        return
    text, markup = render(doc, "text"), render(doc, "html")
    text.encode("utf-8")
    open_tags: list[str] = []

    class Balance(HTMLParser):
        def handle_starttag(self, tag, attrs):
            assert not any(name.startswith("on") or (value or "").lower().lstrip()
                           .startswith("javascript:") for name, value in attrs)
            if tag not in ("br", "hr", "img", "meta"):
                open_tags.append(tag)

        def handle_endtag(self, tag):
            assert open_tags and open_tags[-1] == tag, (tag, open_tags, markup)
            open_tags.pop()

    Balance().feed(markup)
    assert not open_tags and "<script" not in markup
