"""Chunking at heading, block and page boundaries."""

from __future__ import annotations

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
