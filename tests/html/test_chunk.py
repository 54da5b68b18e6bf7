"""Chunking at heading, block and page boundaries."""

from __future__ import annotations

import re

import pytest

import webfold
from webfold.chunk import chunk_document
from webfold.document import Block, Document


def test_chunks_follow_headings_and_know_their_path() -> None:
    html = ("<h1>Guide</h1><p>" + "intro words " * 20 + "</p><h2>Install</h2><p>"
            + "install words " * 20 + "</p><h3>Linux</h3><p>apt get</p><h2>Use</h2><p>run it</p>")
    doc = webfold.convert(html, select="all")
    chunks = chunk_document(doc, max_chars=300)
    # a heading starts a new chunk once the current one is half full; a chunk's heading
    # path is the one in force where it starts
    assert [c.headings for c in chunks] == [("Guide",), ("Guide", "Install"),
                                            ("Guide", "Install", "Linux")]
    assert chunks[1].markdown.startswith("## Install")
    assert chunks[2].markdown.startswith("### Linux") and "## Use" in chunks[2].markdown
    assert all(len(c.markdown) <= 300 for c in chunks)
    assert "".join(c.markdown for c in chunks).count("words") == 40


def test_long_block_splits_between_words() -> None:
    doc = webfold.convert("<p>" + "alpha beta gamma " * 100 + "</p>", select="all")
    chunks = chunk_document(doc, max_chars=120)
    assert len(chunks) > 5 and all(len(c.markdown) <= 120 for c in chunks)
    assert all(w in ("alpha", "beta", "gamma") for c in chunks for w in c.markdown.split())


def test_pages_of_a_paged_document() -> None:
    blocks = [Block(kind="paragraph", markdown=f"page {n} " + "x" * 60, text="", page=n)
              for n in (1, 1, 2, 3)]
    chunks = chunk_document(Document(type="pdf", blocks=blocks), max_chars=150)
    assert [c.pages for c in chunks] == [(1,), (2, 3)] or [c.pages for c in chunks] == [
        (1,), (2,), (3,)]
    assert chunks[0].record()["pages"] == [1]


def test_markdown_only_document_and_bad_size() -> None:
    doc = Document(type="warc", markdown="# A\n\ntext a\n\n# B\n\ntext b\n")
    chunks = chunk_document(doc, max_chars=10)
    assert [c.headings for c in chunks] == [("A",), ("A",), ("B",), ("B",)]
    with pytest.raises(ValueError):
        chunk_document(doc, max_chars=0)


FOOTNOTED = (b"<article><h1>Bees</h1>"
             + b"".join(b"<p>" + f"Paragraph {n} about hives".encode() + b" words" * 12
                        + (f'<sup><a href="#fn{n}">{n}</a></sup>'.encode() if n in (1, 4) else b"")
                        + b"</p>" for n in range(1, 7))
             + b'<ol class="footnotes"><li id="fn1">First source.</li>'
             + b'<li id="fn4">Fourth source, cited late.</li></ol></article>')


def test_footnote_definitions_travel_with_the_chunks_citing_them() -> None:
    doc = webfold.convert(FOOTNOTED, select="all")
    chunks = chunk_document(doc, max_chars=250)
    assert len(chunks) >= 3
    cited = set()
    for chunk in chunks:
        refs = set(re.findall(r"\[\^(\w+)\](?!:)", chunk.markdown))
        defs = set(re.findall(r"^\[\^(\w+)\]: ", chunk.markdown, re.MULTILINE))
        assert refs == defs, chunk.markdown  # each cited note defined in the same chunk
        cited |= refs
    assert cited == {"1", "4"}
    assert sum(c.markdown.count("[^1]: First source.") for c in chunks) == 1


def test_display_math_is_never_split_and_inline_math_stays_whole() -> None:
    formula = " + ".join(f"x_{{{i}}}^{{2}}" for i in range(60))
    html = (f'<p>Intro words here.</p><math display="block" alttext="{formula}"><mi>x</mi></math>'
            f'<p>{"word " * 30}<math alttext="a + b + c + d + e"><mi>a</mi></math> '
            f'{"tail " * 30}</p>')
    chunks = chunk_document(webfold.convert(html, select="all"), max_chars=120)
    for chunk in chunks:
        assert chunk.markdown.count("$$") % 2 == 0, chunk.markdown
        assert chunk.markdown.replace("$$", "").count("$") % 2 == 0, chunk.markdown
    assert any(formula in c.markdown for c in chunks)
    assert any("$a + b + c + d + e$" in c.markdown for c in chunks)


def test_markdown_only_document_keeps_notes_and_formulas_whole() -> None:
    doc = Document(type="warc", markdown="Text[^a] here.\n\n$$\nx = y + z\n$$\n\n"
                                          "More text.\n\n[^a]: The note.\n")
    chunks = chunk_document(doc, max_chars=20)
    assert "[^a]: The note." in chunks[0].markdown and "[^a] here" in chunks[0].markdown
    assert any(c.markdown == "$$\nx = y + z\n$$" for c in chunks)


CALLOUT_PAGE = (
    "<main><h1>Setup guide</h1><p>Install the tool with the package manager of your system "
    "before you start the service for the first time.</p>"
    "<div class='admonition warning'><p class='admonition-title'>Warning</p>"
    "<p>Back up the configuration folder before upgrading, because the upgrade rewrites "
    "every file in it.</p><p>Keep the backup for at least one week after the upgrade so you "
    "can roll back if something breaks later.</p><p>Restoring the backup is done by copying "
    "the folder back and restarting the service.</p></div><p>After the upgrade, check the "
    "service log before you route traffic back to the node.</p></main>")


@pytest.mark.parametrize("size", [200, 60])
def test_a_chunk_opening_inside_a_callout_says_its_kind(size: int) -> None:
    doc = webfold.convert(CALLOUT_PAGE, select="all")
    assert "> [!WARNING]\n> Back up" in doc.markdown
    chunks = [c.markdown for c in chunk_document(doc, max_chars=size)]
    quoted = [c for c in chunks if c.startswith(">")]
    assert len(quoted) >= 2  # the callout is cut at least once
    assert all(c.startswith("> [!WARNING]\n> ") for c in quoted)
    # every line of a quoted chunk is quoted, even where a line was cut between words
    assert all(line.startswith(">") for c in quoted for line in c.split("\n"))
    words = " ".join(c.replace("> [!WARNING]", "").replace(">", " ") for c in quoted).split()
    assert " ".join(words).startswith("Back up the configuration folder")
    assert " ".join(words).endswith("restarting the service.")
