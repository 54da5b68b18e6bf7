"""Score `webfold.convert` and Trafilatura on the short synthetic pages.

    .venv/bin/python scripts/eval_short_pages.py            # main, all and Trafilatura
    .venv/bin/python scripts/eval_short_pages.py --no-peer  # Webfold only

The pages (`tests/fixtures/selector/short/`) are small hand-written pages of the kinds
in Mozilla Readability's test suite: paragraphs split by `<br>`, `<font>` and `<center>`
markup, hidden nodes, lazy images, inline SVG, data and layout tables, right-to-left
text, metadata-only heads, a title unlike the H1, text in `<div>`s without `<p>`,
scripts and comments, link tables, embedded video, a note of two paragraphs under a
header and over a footer, an `<article>` beside a larger `<aside>`, a sidebar first in
the DOM, share buttons as lists; and (since 2026-12-06) a blog post with an author card
and a "Related" strip, a recipe card, loose text in `<div>`s split by `<br>` with a lazy
image and SVG, a figure with its caption beside a pull quote in an `<aside>`, footnotes,
an interview of bold questions and named answers, an event's definition list, a signed
letter and a list of bold-led tips; and (since the night of 2026-12-06) a two-paragraph
notice under lazy image and SVG logo with three longer teasers after it; and (since
2026-12-07) a note of four short paragraphs under a byline with a lazy avatar, a lazy
`data-src` picture with its `<noscript>` twin, SVG icons and "Also on ..." excerpts
after it; and (since the evening of 2026-12-07) a Medium-style story with a lazy
figure, claps and a "Written by" card, a note with an inline SVG chart and an
`<address>` byline, a post whose `<picture>` has lazy sources with a hidden newsletter
box and an author's aside, and a blog post of three short sections with tags and
archives after it, a WordPress post under Jetpack's share, like and related boxes and a
local wiki's stub with an infobox, a stub notice and categories; and (since the night of
2026-12-07) a local paper's story under a dateline with a lazy `data-lazy-src` picture
and its caption, a Blogger post of `<span>` text split by `<br>`s under the blog's linked
H1 and over its post footer, a how-to with an inline SVG diagram, a "Words by" line and
steps, and a profile with a lazy video embed under the author's avatar, name and reading
time; and (since 2026-12-07, html-quality16) 24 pages of the kinds of issue #10 in
markup habits the set lacked, written as a stranger would: docs pages with a code tabs
widget and copy buttons, highlight.js spans in a `<pre>` without `<code>` under a copy
button (German), a doctest `<pre>` (French) and a highlighter's line-number table; a
product's `<dl>` of `<div>`-wrapped pairs in a tab panel, a spec table of `<td>` pairs in
a tab panel (Spanish), spec rows of `<span>` pairs in list items (Polish) and a spec
table in a `<details>` accordion; a story before "More from" cards that are
`<article>`s, a story under a headline ticker beside "Les plus lus" (French) and a blog
post over "Im Trend" excerpts (German); a post over a Disqus-like thread, a WordPress
`ol.commentlist` (Spanish), a `<section id=comments>` of nested `<article>`s without
class names (Polish) and a reply tree of lists that names no comments (French); a forum
thread of `<article>` posts that declares nothing and a Q&A page in microdata (Chinese);
loose text after images in a grid column and `<br>`-split text under `<strong>` heads
in ISO-8859-1 (German); a meal plan of day tables repeating their rows and a programme
repeating its slots (Spanish); pages of metadata, lazy `data-srcset` images and an SVG
icon, of a lazy image and an SVG logo (Arabic) and of sections around an SVG figure;
and (html-quality17) stories over reader comments under "3 条评论", "コメント（3件）",
"ความคิดเห็น 2 รายการ" and "댓글 2" in containers whose names say nothing, and 17 more in
habits neither set used: a phpBB topic of table rows under an "Author | Message" header,
a Q&A page of vote columns and comment lists, a mailing-list archive's `<pre>` message, a
Chinese forum of numbered floors; product pages with a `<td>` class-pair table (French),
a `<strong>`-led spec list (Italian) and a `<th>`-row table under a tab row (German); a
Sphinx function `<dl>` with a field list, a mandoc man page, an MkDocs page of radio
tabs and an admonition (Spanish); stories with "Leggi anche"-like lists, "Читайте
также" cards, "İlgili Haberler", "LEIA TAMBÉM" inside the text and "Meest gelezen"
beside comments (Italian, Russian, Turkish, Portuguese, Dutch); texts are original.
Each `NAME.html` has its main text in `NAME.txt` (the title heading included). Each
page goes through
`webfold.convert(html, url=URL, select=mode)` for mode in main and all (committed
model), and through
`trafilatura.extract(html, url=URL)` (2.3.1, the `bench` extra, default settings,
which leave out the title heading), and is scored with WCXB's word F1
(`scripts/wcxb.py`). Printed: per page and mean F1 of each.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import wcxb
import webfold

PAGES_DIR = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "selector" / "short"
URL = "https://example.com/tests/{name}/"  # a neutral address: no forum or shop path
MODES = ("main", "all")
PEER = "trafilatura"


def page_names() -> list[str]:
    """The names of the pages, sorted (each has NAME.html and NAME.txt)."""
    return sorted(p.stem for p in PAGES_DIR.glob("*.html"))


def expected_text(name: str) -> str:
    return (PAGES_DIR / f"{name}.txt").read_text("utf-8")


def page_f1(name: str, mode: str) -> float:
    """Word F1 of one page's Markdown in `mode` (main|precision|all) against its text."""
    html = (PAGES_DIR / f"{name}.html").read_bytes()
    markdown = webfold.convert(html, url=URL.format(name=name), select=mode).markdown
    return wcxb.score_markdown(markdown, expected_text(name)).f1


def peer_f1(name: str) -> float:
    import trafilatura

    html = (PAGES_DIR / f"{name}.html").read_bytes()
    text = trafilatura.extract(html, url=URL.format(name=name)) or ""
    return wcxb.score_tokens(wcxb.tokens(text), wcxb.tokens(expected_text(name))).f1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-peer", action="store_true", help="Webfold only")
    args = parser.parse_args()
    columns = MODES if args.no_peer else (*MODES, PEER)
    names = page_names()
    rows = {name: [peer_f1(name) if c == PEER else page_f1(name, c) for c in columns]
            for name in names}
    width = max(map(len, names))
    print(f"{'page':<{width}}  " + "  ".join(f"{c:>11}" for c in columns))
    for name, values in rows.items():
        print(f"{name:<{width}}  " + "  ".join(f"{v:>11.3f}" for v in values))
    means = [sum(v[k] for v in rows.values()) / len(rows) for k in range(len(columns))]
    print(f"{'mean of ' + str(len(rows)):<{width}}  " + "  ".join(f"{m:>11.4f}" for m in means))
    return 0


if __name__ == "__main__":
    sys.exit(main())
