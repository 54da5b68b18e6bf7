"""Math, footnote definitions and callouts inside the content region are kept."""

from __future__ import annotations

import numpy as np

import webfold
from webfold.document import BlockFlag
from webfold.selector import rules

PAGE = """<html><body>
<div class="sidebar"><div class="admonition note"><p>Sidebar note about the newsletter.</p></div>
<p>Sidebar text of some length about other things entirely.</p></div>
<div class="post">
<p>The first paragraph of the post, long enough to be prose and carry the region.
<sup><a href="#fn1">1</a></sup></p>
<math display="block" alttext="x^2 + y^2 = 1"><mi>x</mi></math>
<p>The second paragraph of the post, long enough to be prose and carry the region.</p>
<div class="admonition warning"><p>Do not divide by zero.</p></div>
<div class="callout"><p>Subscribe to the newsletter of this post for more of it.</p></div>
<div class="description note"><p>The author of this post writes about numbers.</p></div>
<ol class="footnotes"><li id="fn1">A textbook, page nine.</li></ol>
</div>
</body></html>"""


def test_region_blocks_are_kept_and_those_outside_are_not() -> None:
    blocks = webfold.convert(PAGE, select="all").blocks
    # what a model might keep: the two paragraphs of the post, nothing else
    kept = np.array([b.kind == "paragraph" and "of the post" in b.text for b in blocks])
    words = np.array([len(b.text.split()) for b in blocks], dtype=float)
    region = rules.content_region(blocks, kept, words)
    assert region >= 0
    after = rules.keep_marked(blocks, kept, region)
    by_text = {b.text: bool(k) for b, k in zip(blocks, after, strict=True)}
    assert by_text["x^2 + y^2 = 1"]
    assert by_text["Do not divide by zero."]
    assert by_text["A textbook, page nine."]
    assert not by_text["Sidebar note about the newsletter."]  # a callout, but outside
    assert not by_text["Subscribe to the newsletter of this post for more of it."]  # no kind
    assert not by_text["The author of this post writes about numbers."]  # a kind, no marker
    assert not by_text["Sidebar text of some length about other things entirely."]
    added = sorted(b.kind for b, now, before in zip(blocks, after, kept, strict=True)
                   if now and not before)
    assert added == ["footnote", "math", "paragraph"]  # the callout's block is a paragraph
    assert any(b.flags & BlockFlag.ADMONITION for b in blocks if b.text == "Do not divide by zero.")
    assert all(b.flags & BlockFlag.CALLOUT and not b.flags & BlockFlag.ADMONITION
               for b in blocks if b.text.startswith("Subscribe"))


def test_nothing_kept_means_no_region() -> None:
    blocks = webfold.convert(PAGE, select="all").blocks
    none = np.zeros(len(blocks), dtype=bool)
    words = np.ones(len(blocks))
    assert rules.content_region(blocks, none, words) == -1
    assert not rules.keep_marked(blocks, none, -1).any()


def test_the_region_holds_two_kept_blocks_not_one_paragraphs_wrapper() -> None:
    # The title and a description wrapped in a tab panel are kept; the spec table in the
    # next panel is inside the region (the product), not outside the description's wrapper.
    page = ("<html><body><main><h1>Ridgeback tent</h1><div class=tabs><div id=desc><p>A tunnel"
            " tent that pitches outer first, so the inner stays dry in the rain, with two "
            "porches.</p></div><div id=specs><table><tr><th>Weight</th><td>2.1 kg</td></tr>"
            "</table></div></div></main></body></html>")
    blocks = webfold.convert(page, select="all").blocks
    kept = np.array([b.kind != "table" for b in blocks])
    words = np.array([len(b.text.split()) for b in blocks], dtype=float)
    region = rules.content_region(blocks, kept, words)
    table = next(i for i, b in enumerate(blocks) if b.kind == "table")
    assert rules.inside(blocks, region, np.array([table])).tolist() == [True]
