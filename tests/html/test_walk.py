"""The DOM walk: block segmentation and every Block field the selector reads."""

from __future__ import annotations

from dataclasses import fields

from selectolax.lexbor import LexborHTMLParser

import webfold
from webfold.document import Block, BlockFlag
from webfold.html.walk import walk


def blocks_of(html: str, **kwargs) -> list[Block]:
    return walk(LexborHTMLParser(html).root, "https://example.com/", **kwargs).blocks


def test_block_field_order_is_what_the_walk_passes_positionally() -> None:
    names = [f.name for f in fields(Block)][:11]
    assert names == ["kind", "markdown", "text", "index", "tag", "heading_level", "path",
                     "tokens", "ancestors", "link_chars", "flags"]


def test_every_field_is_filled() -> None:
    html = ('<html><body><main class="Content"><article id="Post">'
            '<h2>Title</h2><p class="lead x">See <a href="/a">the link</a> now.</p>'
            '</article></main></body></html>')
    heading, para = blocks_of(html)
    assert (heading.kind, heading.tag, heading.heading_level, heading.index) == ("heading", "h2",
                                                                                 2, 0)
    assert heading.markdown == "## Title" and heading.text == "Title"
    assert para.kind == "paragraph" and para.index == 1 and para.tag == "p"
    assert para.path == ("html", "body", "main", "article", "p")
    assert para.tokens == ("content", "post", "lead", "x")
    assert len(para.ancestors) == len(para.path) and para.ancestors[:4] == heading.ancestors[:4]
    assert para.ancestors[-1] != heading.ancestors[-1]
    assert para.link_chars == len("the link")
    assert para.flags & BlockFlag.MAIN and para.flags & BlockFlag.ARTICLE
    assert para.markdown == "See [the link](https://example.com/a) now."


def test_one_block_per_paragraph_level_element() -> None:
    html = ("<body><p>one</p><ul><li>two</li><li>three<ul><li>four</li></ul></li></ul>"
            "<pre>five</pre><table><tr><th>a</th></tr><tr><td>b</td></tr></table>"
            "<blockquote><p>six</p><p>seven</p></blockquote><dl><dt>eight</dt><dd>nine</dd></dl>"
            "<figure><img src='/x.png'><figcaption>ten</figcaption></figure><hr></body>")
    kinds = [(b.kind, b.text) for b in blocks_of(html)]
    assert kinds == [("paragraph", "one"), ("list_item", "two"), ("list_item", "three"),
                     ("list_item", "four"), ("code", "five"), ("table", "a b"),
                     ("quote", "six"), ("quote", "seven"), ("definition", "eight"),
                     ("definition", "nine"), ("image", ""), ("caption", "ten"), ("rule", "")]


def test_nested_list_items_carry_their_indent_and_flags() -> None:
    items = blocks_of("<ol start='4'><li>a<ul><li>b<a href='/x'>link text</a></li></ul></li></ol>")
    assert [b.markdown for b in items] == ["4. a", "   - b[link text](https://example.com/x)"]
    assert all(b.flags & BlockFlag.IN_LIST for b in items)
    assert items[1].flags & BlockFlag.LINK_LIST


def test_text_runs_split_at_double_br_and_blocks_never_mid_sentence() -> None:
    html = ("<div>First sentence, <b>still</b> the first.<br>Same run.<br><br>Second run."
            "<div>Inner.</div>After inner.</div>")
    assert [b.text for b in blocks_of(html)] == [
        "First sentence, still the first.\nSame run.", "Second run.", "Inner.", "After inner."]


def test_inline_elements_do_not_split_a_run() -> None:
    html = "<td>Price: <span>12</span> <em>EUR</em> <custom-x>ok</custom-x> end</td>"
    assert [b.text for b in blocks_of(html)] == ["Price: 12 EUR", "ok", "end"]


def test_an_inline_element_styled_as_a_box_is_a_block_of_its_own() -> None:
    # A card's linked title over its excerpt, and a spec row's label over its value, set
    # by the style attribute: a browser breaks the line around each, so their words do
    # not run together; an inline-block stays in the line, a link stays a link.
    html = ('<div><a href="/p"><span style="display:block">Firing glazes</span>'
            '<span style="DISPLAY: flex">Cone six in a home kiln</span></a></div>'
            '<div><label style="display:block">Material</label><span style="display:'
            'table-cell">Stoneware</span></div>'
            '<p>Glaze <span style="display:inline-block">matt</span> white</p>')
    assert [b.markdown for b in blocks_of(html)] == [
        "[Firing glazes](https://example.com/p)",
        "[Cone six in a home kiln](https://example.com/p)", "Material", "Stoneware",
        "Glaze matt white"]


def test_flex_and_grid_items_are_set_apart_by_a_space() -> None:
    # The parent's style makes each child a flex or grid item, which a browser shows
    # apart: a spec list's label and value, a card's date and title, a rating's figures.
    # A row stays one line; children that are no items still run together.
    html = ('<ul class="specs"><li style="display: flex; gap: 1em"><span>Material</span>'
            '<span>Stoneware</span></li><li style="display:grid"><b>Capacity'
            '<small>approx.</small></b>350 ml</li>'
            '<li style="display:Inline-Grid"><span>Glaze</span>matte green</li></ul>'
            '<div class="card" style="display:flex"><time datetime="2026-11-02">2 Nov 2026'
            '</time><a href="/notes/kiln">Firing the new kiln</a></div>'
            '<p>Rated <span style="display:inline-flex"><em>4.8</em><span>of 5</span></span>'
            ' by <span>buy</span><span>ers</span>.</p>'
            '<div style="display:flexible"><span>Kiln</span><span>log</span></div>')
    assert [b.markdown for b in blocks_of(html)] == [
        "- Material Stoneware", "- **Capacityapprox.** 350 ml", "- Glaze matte green",
        "2 Nov 2026 [Firing the new kiln](https://example.com/notes/kiln)",
        "Rated *4.8* of 5 by buyers.", "Kilnlog"]


def test_hidden_and_noscript_default_is_dropped() -> None:
    html = ("<body><p>visible</p><div style='display:none'><p>tab</p></div>"
            "<noscript><p>posts</p></noscript></body>")
    assert [b.text for b in blocks_of(html)] == ["visible"]


def test_collapsed_disclosure_panels_are_walked() -> None:
    html = ("<body><p>visible</p>"
            "<div class='accordion-collapse' style='display:none'><p>description</p></div>"
            "<div role='tabpanel' hidden><p>specifications</p></div>"
            "<div id='faq-answer-collapse' aria-hidden='true'><p>answer</p></div>"
            "<div class='modal' aria-hidden='true'><p>size guide</p></div>"
            "<div class='tooltip' style='display: none'><p>error</p></div></body>")
    assert [b.text for b in blocks_of(html)] == ["visible", "description", "specifications",
                                                 "answer"]


def test_an_aria_hidden_link_is_on_screen() -> None:
    html = ("<body><article><h2><a href='/s'>Storm lifts</a></h2>"
            "<p><a href='/s' aria-hidden='true' tabindex='-1'>The ferry sails again.</a></p>"
            "<p><span aria-hidden='true'>icon-arrow</span>More</p></article></body>")
    assert [b.text for b in blocks_of(html)] == ["Storm lifts", "The ferry sails again.",
                                                 "More"]


def test_include_hidden_gives_flagged_blocks() -> None:
    html = ("<body><p>visible</p><div style='display:none'><p>tab</p></div>"
            "<noscript><p>posts</p></noscript><nav><p>menu</p></nav></body>")
    found = {b.text: b.flags for b in blocks_of(html, include_hidden=True)}
    assert set(found) == {"visible", "tab", "posts"}  # furniture stays dropped
    assert not found["visible"] & (BlockFlag.HIDDEN | BlockFlag.NOSCRIPT)
    assert found["tab"] & BlockFlag.HIDDEN and found["posts"] & BlockFlag.NOSCRIPT


def test_ruby_annotations_do_not_run_into_the_text() -> None:
    html = ("<p><ruby>港<rp>(</rp><rt>みなと</rt><rp>)</rp></ruby>の<ruby>船<rt>ふね</rt></ruby>"
            "が<ruby>出<rt>で</rt></ruby>ます。</p>")
    assert [b.text for b in blocks_of(html)] == ["港の船が出ます。"]


def test_a_header_left_open_does_not_take_the_page_with_it() -> None:
    # The parser nests everything after an unclosed <header> inside it: main and the
    # article's title are the tell. A site header with a logo h1 or article cards goes.
    left_open = ("<body><header><div class=logo>Harbour Gazette</div><nav><a href=/>Home</a>"
                 "</nav><div id=page><main><article><h1>Ferry timetable changes</h1>"
                 "<p>The winter timetable starts on Monday.</p></article></main>"
                 "<footer>Contact us</footer></body>")
    assert [b.text for b in blocks_of(left_open)] == [
        "Harbour Gazette", "Ferry timetable changes", "The winter timetable starts on Monday."]
    chrome = ("<body><header><h1>Harbour Gazette</h1><article><h3>Tide tables</h3></article>"
              "</header><main><p>The winter timetable starts on Monday.</p></main></body>")
    assert [b.text for b in blocks_of(chrome)] == ["The winter timetable starts on Monday."]


def test_an_announcement_aside_left_open_does_not_take_the_page_with_it() -> None:
    # A banner <aside> whose markup is not closed holds the rest of the page once parsed;
    # main or an article's title inside it are the tell. A sidebar of teasers goes.
    left_open = ("<body><aside class=announcement><div><a href=/news><span>We moved to a "
                 "new office</span></div></a><nav><a href=/>Home</a></nav><main><article>"
                 "<h1>Tuning a wasm runtime</h1><p>Cold starts fell to a millisecond once "
                 "the module cache was warm.</p></article></main><footer>Contact</footer>"
                 "</body>")
    assert [b.text for b in blocks_of(left_open)] == [
        "We moved to a new office", "Tuning a wasm runtime",
        "Cold starts fell to a millisecond once the module cache was warm."]
    sidebar = ("<body><main><p>Cold starts fell to a millisecond.</p></main><aside><article>"
               "<h3>Older post</h3></article></aside></body>")
    assert [b.text for b in blocks_of(sidebar)] == ["Cold starts fell to a millisecond."]


def test_a_form_with_nothing_to_fill_in_is_a_wrapper_and_its_text_is_walked() -> None:
    # Forum software sets a thread's posts in a moderation form with hidden inputs only;
    # a search box, a sign-in form and a reply box stay furniture.
    thread = ("<body><form action='/search'><input type=search name=q><button>Go</button>"
              "<p>Search the forum</p></form>"
              "<h2>Which glue holds slate tiles?</h2>"
              "<form action='/quickmod' method=post><input type=hidden name=sid value=9f1>"
              "<div class=post><div class=inner>I am laying slate on a balcony and wonder "
              "which adhesive copes with frost.</div></div>"
              "<div class=post><div class=inner>A flexible cement adhesive rated C2 has held "
              "mine through six winters.</div></div></form>"
              "<form action='/login' method=post><p>Sign in to reply</p>"
              "<input type=text name=user><input type=password name=pass></form>"
              "<form action='/reply'><p>Quick reply</p><textarea name=body></textarea></form>"
              "</body>")
    assert [b.text for b in blocks_of(thread)] == [
        "Which glue holds slate tiles?",
        "I am laying slate on a balcony and wonder which adhesive copes with frost.",
        "A flexible cement adhesive rated C2 has held mine through six winters."]


def test_menus_and_landmark_roles_are_furniture_as_their_tags_are() -> None:
    # A dropdown's choices (ARIA menu or menubar, GitHub's <details-menu>) are no more
    # the page's text than a <select>'s options; role=navigation is a <nav> and
    # role=contentinfo a <footer>. A role wrapping the page does not take it away.
    page = ("<body><div role='navigation'><a href='/'>Home</a> <a href='/blog'>Blog</a></div>"
            "<main><h1>Rising repositories</h1><details><summary>Language</summary>"
            "<details-menu><a href='?l=c'>C</a> <a href='?l=go'>Go</a></details-menu></details>"
            "<div role='menu'><a role='menuitem' href='?since=daily'>Since yesterday</a></div>"
            "<ul role='menubar'><li><a href='/explore'>Explore</a></li></ul>"
            "<p>Projects whose stars grew fastest this week.</p></main>"
            "<div role='contentinfo'><p>© 2026 Codeshelf · Terms · Privacy</p></div></body>")
    assert [b.text for b in blocks_of(page)] == [
        "Rising repositories", "Language", "Projects whose stars grew fastest this week."]
    wrapper = ("<body><div role=navigation><main><h1>Harbor tiles</h1><p>Vector tiles served "
               "from object storage.</p></main></div></body>")
    assert [b.text for b in blocks_of(wrapper)] == [
        "Harbor tiles", "Vector tiles served from object storage."]


def test_a_self_closed_iframe_in_noscript_does_not_swallow_the_page() -> None:
    # A tag manager's `<noscript><iframe ... /></noscript>`: iframe is no void element, so
    # a parser that does not run scripts reads everything after it as the iframe's text.
    story = "<p>The winter timetable starts on Monday and runs until the end of March.</p>"
    html = ("<html><body><noscript><iframe src='https://tags.example/ns.html' height='0' "
            "width='0' style='display: none' /></noscript>"
            f"<main><h1>Ferry timetable changes</h1>{story * 20}</main></body></html>")
    for markup in (html, html.encode()):
        doc = webfold.convert(markup, select="all")
        assert doc.markdown.startswith("# Ferry timetable changes\n\nThe winter timetable")
        assert "iframe" not in doc.markdown


def test_comment_and_itemprop_flags() -> None:
    html = ("<div class='comment-list'><p>c</p></div>"
            "<div itemprop='articleBody'><p>body</p></div>")
    comment, body = blocks_of(html)
    assert comment.flags & BlockFlag.COMMENT and not body.flags & BlockFlag.COMMENT
    assert body.flags & BlockFlag.ITEMPROP_CONTENT


def test_ten_thousand_nested_elements() -> None:
    depth = 10_000
    html = "<div>" * depth + "deep text" + "</div>" * depth + "<p>after</p>"
    doc = webfold.convert(html, select="all")
    assert doc.ok
    assert doc.markdown == "deep text\n\nafter\n"
    assert len(doc.blocks[0].path) <= 64 + 1


def test_ten_thousand_nested_inline_and_lists() -> None:
    html = "<span>" * 5_000 + "x" + "</span>" * 5_000 + "<ul><li>" * 3_000 + "y"
    doc = webfold.convert(html, select="all")
    assert doc.ok and "x" in doc.markdown and "y" in doc.markdown


def test_a_table_whose_cell_breaks_paragraphs_is_a_layout_grid() -> None:
    grid = ("<table><tr><td><a href=/>Front page</a><br><a href=/news/>News</a></td>"
            "<td><b>Ferry fares to rise</b><br><br>Fares will rise by four percent.<br> <br>"
            "Residents keep their discount.</td></tr><tr><td>Archive</td><td>Published every"
            " Thursday.</td></tr></table>")
    assert [(b.kind, b.text) for b in blocks_of(grid)] == [
        ("paragraph", "Front page\nNews"), ("paragraph", "Ferry fares to rise"),
        ("paragraph", "Fares will rise by four percent."),
        ("paragraph", "Residents keep their discount."), ("paragraph", "Archive"),
        ("paragraph", "Published every Thursday.")]
    address = ("<table><tr><td>Office</td><td>2 Quay Street<br>Porthcurrick</td></tr>"
               "<tr><td>Phone</td><td>01234 567890</td></tr></table>")
    assert [b.kind for b in blocks_of(address)] == ["table"]


def test_a_headed_table_of_posts_in_cells_is_a_layout_grid() -> None:
    post = ("Loosen the screws on the motor's base, throw the blades by hand to find where "
            "they move freely, and tighten it again there. A motor that shifted a millimetre "
            "binds its pin in the tiebar hole, and then it buzzes without throwing at all.")
    forum = ("<table><tr><th>Author</th><th>Message</th></tr><tr><td><b>Denholm</b><br>"
             "Posts: 57</td><td><table><tr><td>Post subject: Re: buzzing</td><td>Posted: "
             f"Tue Nov 24</td></tr></table><div>{post}</div></td></tr></table>")
    assert [b.kind for b in blocks_of(forum)] == ["paragraph"] * 6
    assert blocks_of(forum)[-1].text == post
    infobox = ("<table><tr><th>Harbour</th><td><table><tr><td>Berths</td><td>40</td></tr>"
               "</table>Dredged every spring.</td></tr><tr><th>Opened</th><td>1888</td></tr>"
               "</table>")
    assert [b.kind for b in blocks_of(infobox)] == ["table"]


def test_permalinks_beside_headings_leave_no_trace() -> None:
    page = (
        '<main><h1>Configuration<a class="headerlink" href="#configuration">¶</a></h1>'
        '<p>Sphinx writes a pilcrow after every heading and many words after it.</p>'
        '<h2 id="i">Install<a class="headerlink" href="#i">#</a></h2><p>MkDocs writes a hash.</p>'
        '<h2 id="u">Usage<a href="#u" class="hash-link" aria-label="Direct link">\u200b</a></h2>'
        '<p>Docusaurus writes a zero-width space.</p>'
        '<h3 id="n">Notes <a href="#n">🔗</a></h3><p>See <a href="#fn1">1</a> and '
        '<a href="#top">top</a>; an empty <a href>link</a> stays text.</p></main>')
    md = webfold.convert(page, select="all").markdown
    headings = [line for line in md.splitlines() if line.startswith("#")]
    assert headings == ["# Configuration", "## Install", "## Usage", "### Notes"], md
    assert "[1](#fn1)" in md and "[top](#top)" in md and "link stays text" in md, md


def test_mediawiki_edit_links_and_skip_links_are_furniture() -> None:
    page = (
        '<a class="mw-jump-link" href="#content">Jump to content</a><div id="content">'
        '<h2><span class="mw-headline" id="Geology">Geology</span><span class="mw-editsection">'
        '<span class="mw-editsection-bracket">[</span><a href="/w/index.php?action=edit&amp;'
        'section=1">edit</a><span class="mw-editsection-bracket">]</span></span></h2>'
        '<p>The tarn lies in a hollow scoured by ice.</p></div>')
    md = webfold.convert(page, select="all").markdown
    assert md == "## Geology\n\nThe tarn lies in a hollow scoured by ice.\n", md


def test_code_keeps_its_line_breaks_and_leaves_line_numbers_out() -> None:
    page = (
        '<main><p>Hexo sets a gutter of line numbers in a table beside the code.</p>'
        '<figure class="highlight"><table><tr><td class="gutter"><pre><span class="line">1'
        '</span><br><span class="line">2</span><br></pre></td><td class="code"><pre>'
        '<span class="line">from datetime import date</span><br><span class="line">'
        'print(date.today())</span><br></pre></td></tr></table></figure>'
        '<p>Rouge puts its gutter inside the block.</p><pre class="highlight"><code>'
        '<table class="rouge-table"><tr><td class="rouge-gutter gl"><pre class="lineno">1\n2\n'
        '</pre></td><td class="rouge-code"><pre>x = 1\ny = x + 1\n</pre></td></tr></table>'
        '</code></pre><p>Pygments numbers each line.</p><pre><code><span class="linenos">1'
        '</span>first = 1\n<span class="linenos">2</span>second = 2\n</code></pre></main>')
    md = webfold.convert(page, select="all").markdown
    fences = md.split("```")[1::2]
    assert fences == ["\nfrom datetime import date\nprint(date.today())\n",
                      "\nx = 1\ny = x + 1\n", "\nfirst = 1\nsecond = 2\n"], md


def test_code_leaves_out_the_style_sheets_and_scripts_inside_it() -> None:
    # CSS-in-JS (Emotion) writes a <style> into the element it styles, here a listing's
    # line-number span and an inline code span; a browser shows none of their code.
    page = (
        '<main><p>Install the helper library with Composer first.</p><pre><code>'
        '<span><style>.css-519pyc{opacity:0.5;padding-left:1.5rem}</style>1</span>'
        'composer require twilio/sdk\n</code></pre><p>Then set <code>'
        '<style>#sbi .btn{background:#c89159}</style><span>TWILIO_TOKEN</span>'
        '<script>track("code")</script></code> in the shell.</p></main>')
    md = webfold.convert(page, select="all").markdown
    assert md.split("```")[1] == "\n1composer require twilio/sdk\n", md
    assert "Then set `TWILIO_TOKEN` in the shell." in md, md
    assert "css" not in md and "track" not in md, md
