"""Plain text, HTML and front matter written from the kept blocks of real conversions."""

from __future__ import annotations

from html.parser import HTMLParser

import pymupdf
import pytest

from webfold import convert
from webfold.document import Block
from webfold.formats import HTML_BLOCKS, TEXT_BLOCKS, render, to_html, to_text

PAGE = """<html lang="en"><head><title>Tide tables</title>
<meta name="author" content="A. Keeper"><link rel="canonical" href="https://port.example/tides">
</head><body><nav><a href="/">Home</a></nav><main>
<h1 class="hero" id="top" style="color:red">Tide <em>tables</em></h1>
<p class="lead" data-track="x">High water at <a href="/hw" class="btn">the quay</a>, with
<code>a|b</code> &amp; <strong>bold</strong> and a literal *star*.</p>
<ul><li>one</li><li>two<ul><li>two-a</li></ul></li><li>three</li></ul>
<ol start="3"><li>third</li><li>fourth</li></ol>
<blockquote><p>Quoted line.</p><p>Second.</p></blockquote>
<pre><code class="language-python">x = 1 &lt; 2
print(x)</code></pre>
<table><tr><th>Port</th><th>Time</th></tr>
<tr><td><a href="https://p.example/a">A|port</a></td><td>06:00</td></tr></table>
<dl><dt>Neap</dt><dd>small range</dd></dl>
<p><img src="/chart.png" alt="chart"></p><p>line one<br>line two</p><hr>
<p><a href="javascript:alert(1)">no script</a> # not a heading</p>
</main></body></html>"""


@pytest.fixture(scope="module")
def doc():
    converted = convert(PAGE, url="https://port.example/t/", select="all")
    assert converted.ok
    return converted


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.open: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs.extend(attrs)
        if tag not in ("br", "hr", "img", "meta"):
            self.open.append(tag)

    def handle_endtag(self, tag):
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open[-1:]}"
        self.open.pop()


def test_html_is_semantic_balanced_and_without_source_attributes(doc) -> None:
    out = render(doc, "html")
    parser = _Tags()
    parser.feed(out)
    assert not parser.open  # every element closed, in order
    for tag in ("h1", "em", "p", "a", "code", "strong", "ul", "ol", "li", "blockquote",
                "pre", "table", "thead", "th", "td", "dl", "dt", "dd", "img", "br", "hr"):
        assert tag in parser.tags, tag
    names = {name for name, _ in parser.attrs}
    assert names <= {"lang", "charset", "href", "src", "alt", "class", "start"}
    assert 'class="language-python"' in out and out.count("class=") == 1
    assert '<a href="https://port.example/hw">the quay</a>' in out
    assert "<code>a|b</code> &amp; <strong>bold</strong> and a literal *star*." in out
    assert "<li>two\n<ul>\n<li>two-a</li>\n</ul>\n</li>" in out
    assert '<ol start="3">' in out and "x = 1 &lt; 2\nprint(x)</code></pre>" in out
    assert '<td><a href="https://p.example/a">A|port</a></td>' in out
    assert '<img src="https://port.example/chart.png" alt="chart">' in out
    assert "line one<br>line two" in out and "Home" not in out  # nav dropped, as in Markdown
    assert "javascript" not in out and "<p>no script # not a heading</p>" in out
    assert "<title>Tide tables</title>" in out and '<html lang="en">' in out


def test_text_has_the_words_and_no_markdown_syntax(doc) -> None:
    out = render(doc, "text")
    assert out.startswith("Tide tables\n\nHigh water at the quay, with a|b & bold")
    assert "• one\n• two\n  • two-a\n• three" in out and "3. third\n4. fourth" in out
    assert "Port\tTime\nA|port\t06:00" in out and "x = 1 < 2\nprint(x)" in out
    assert "a literal *star*." in out  # the page's own asterisks stay
    for syntax in ("# ", "**", "](", "|---", "```", "> ", "\\", "![", "---"):
        assert syntax not in out.replace("# not a heading", ""), syntax


def test_text_and_html_come_from_the_kept_blocks_only() -> None:
    related = "".join(f"<li><a href='/r{k}'>Related story {k}</a></li>" for k in range(5))
    reports = "".join(f"<p>Report {k}: the river rose through the night and the fields were "
                      "under water by morning.</p>" for k in range(6))
    page = (f"<html><body><div class='sidebar related'><ul>{related}</ul></div><article>"
            f"<h1>Flood</h1>{reports}</article><div class='share'>Share this on social</div>"
            "</body></html>")
    doc = convert(page, select="main")
    dropped = [b.text for b in doc.blocks if not b.kept]
    assert doc.ok and "Related story 3" in dropped and "Share this on social" in dropped
    text, markup = render(doc, "text"), render(doc, "html")
    assert "Report 5:" in text and "Report 5:" in markup
    assert not any(t in text or t in markup for t in dropped)


def test_separate_lists_and_quotes_stay_separate() -> None:
    doc = convert("<ul><li>a</li><li>b</li></ul><ul><li>c</li></ul><blockquote><p>q1</p>"
                  "</blockquote><blockquote><p>q2</p><blockquote><p>inner</p></blockquote>"
                  "</blockquote>", select="all")
    body = render(doc, "html").split("<body>\n")[1]
    assert body.startswith("<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ul>\n<li>c</li>\n</ul>\n"
                           "<blockquote>\n<p>q1</p>\n</blockquote>\n<blockquote>\n<p>q2</p>\n"
                           "<blockquote>\n<p>inner</p>\n</blockquote>\n</blockquote>\n")
    assert render(doc, "text").startswith("• a\n• b\n\n• c\n\nq1")


def test_front_matter_on_markdown(doc) -> None:
    out = render(doc, "markdown", with_metadata=True)
    head, _, body = out.partition("\n---\n\n")
    assert head.splitlines() == ["---", 'title: "Tide tables"', 'author: "A. Keeper"',
                                 'language: "en"',
                                 'canonical_url: "https://port.example/tides"',
                                 'source: "https://port.example/t/"']
    assert body == doc.markdown


def test_front_matter_quotes_hostile_metadata() -> None:
    doc = convert('<html><head><title>a: "b"\n---\nc: d</title></head><body><p>Body text.</p>'
                  "</body></html>", select="all")
    head = render(doc, "markdown", with_metadata=True).split("\n---\n\n")[0]
    assert head.splitlines()[1] == 'title: "a: \\"b\\" --- c: d"'


def test_pdf_blocks_render_as_text_and_html() -> None:
    pdf = pymupdf.open()
    page = pdf.new_page()
    page.insert_text((72, 90), "Harbour Rules", fontsize=22)
    for k in range(6):
        page.insert_text((72, 130 + 16 * k), f"Rule {k} keeps the quay clear of nets.",
                         fontsize=11)
    doc = convert(pdf.tobytes(), filename="rules.pdf")
    assert doc.ok and doc.markdown.startswith("# Harbour Rules")
    assert "<h1>Harbour Rules</h1>" in render(doc, "html")
    text = render(doc, "text")
    assert text.startswith("Harbour Rules\n\n") and "#" not in text


def test_an_archive_is_written_record_by_record() -> None:
    from io import BytesIO

    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    buffer = BytesIO()
    writer = WARCWriter(buffer, gzip=False)
    for n, title in enumerate(("Weir", "Lock")):
        body = f"<html><body><h1>{title}</h1><p>Record {n} words.</p></body></html>".encode()
        headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
        writer.write_record(writer.create_warc_record(
            f"http://example.com/{n}", "response", payload=BytesIO(body), http_headers=headers))
    doc = convert(buffer.getvalue(), select="all")
    assert doc.ok and doc.type == "warc" and len(doc.parts) == 2
    assert render(doc, "text") == "Weir\n\nRecord 0 words.\n\nLock\n\nRecord 1 words.\n"
    markup = render(doc, "html")
    assert markup.count("<article>") == 2 and markup.index("<h1>Weir</h1>") < markup.index(
        "<h1>Lock</h1>") and "<!--" not in markup


def test_every_block_kind_has_a_writer_in_both_formats() -> None:
    kinds = {"heading", "paragraph", "list_item", "code", "table", "quote", "image", "rule",
             "definition", "caption", "math", "footnote"}
    assert set(HTML_BLOCKS) == set(TEXT_BLOCKS) == kinds
    odd = Block(kind="sidebar", markdown="A *new* kind.", text="A new kind.")
    assert to_html([odd]).count("<p>A <em>new</em> kind.</p>") == 1
    assert to_text([odd]) == "A new kind.\n"


FIDELITY_PAGE = """<html><body><article><h1>Mass and energy</h1>
<p>Einstein wrote <math><semantics><mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi>
<mn>2</mn></msup></mrow><annotation encoding="application/x-tex">E = mc^2</annotation>
</semantics></math> in 1905 and paid $5 for paper.<sup id="r1"><a href="#fn1">1</a></sup></p>
<math display="block"><semantics><mi>a</mi>
<annotation encoding="application/x-tex">\\int_0^1 x\\,dx = \\tfrac12</annotation>
</semantics></math>
<p>A price of $3 and $4 in a paragraph without math stays two dollar amounts.</p>
<div class="admonition warning"><p class="admonition-title">Warning</p>
<p>Do not divide by zero.</p></div>
<ul><li><input type="checkbox" checked> done</li><li><input type="checkbox"> open</li></ul>
<ol class="footnotes"><li id="fn1">First source. <a href="#r1">\u21a9</a></li></ol>
</article></body></html>"""


def test_math_notes_alerts_and_tasks_survive_text_and_html() -> None:
    """Issue 16: the same semantics in every format: TeX in text, TeX for MathJax/KaTeX in
    HTML, notes as [1] and links, the alert's kind, the task's state."""
    doc = convert(FIDELITY_PAGE, select="all")
    assert "$E = mc^2$" in doc.markdown and "[^1]: First source." in doc.markdown
    text = render(doc, "text")
    assert "Einstein wrote E = mc^2 in 1905 and paid $5 for paper.[1]" in text
    assert "\\int_0^1 x\\,dx = \\tfrac12" in text and "$$" not in text
    assert "Warning: Do not divide by zero." in text
    assert "[x] done" in text and "[ ] open" in text and "[1] First source." in text
    markup = render(doc, "html")
    assert '<span class="math inline">\\(E = mc^2\\)</span> in 1905 and paid $5' in markup
    assert '<div class="math display">\\[\\int_0^1 x\\,dx = \\tfrac12\\]</div>' in markup
    assert "<p>A price of $3 and $4 in a paragraph without math" in markup
    assert '<sup><a href="#fn-1">1</a></sup>' in markup
    assert '<p class="footnote" id="fn-1"><sup>1</sup> First source.</p>' in markup
    assert "<strong>Warning:</strong> Do not divide by zero." in markup
    assert '<input type="checkbox" disabled checked> done' in markup
    assert '<input type="checkbox" disabled> open' in markup


def test_a_note_of_several_paragraphs_keeps_them_in_markdown_and_html() -> None:
    page = ("<article><p>The river rose in one night<a href='#n1'>1</a> and fell again.</p>"
            "<ol class='footnotes'><li id='n1'><p>Read at the bridge gauge.</p>"
            "<p>The gauge was recalibrated in 2019.</p></li></ol></article>")
    doc = convert(page, select="all")
    assert doc.markdown.endswith("[^1]: Read at the bridge gauge.\n\n"
                                 "    The gauge was recalibrated in 2019.\n")
    markup = render(doc, "html")
    assert ('<div class="footnote"><p class="footnote" id="fn-1"><sup>1</sup> Read at the '
            "bridge gauge.</p><p>The gauge was recalibrated in 2019.</p></div>") in markup
    text = render(doc, "text")
    assert "[1] Read at the bridge gauge. The gauge was recalibrated in 2019." in text
