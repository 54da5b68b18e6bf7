"""Metadata from JSON-LD, OpenGraph, meta tags, <title> and <html lang>."""

from __future__ import annotations

import webfold


def test_article_metadata_from_every_source() -> None:
    html = """<html lang="de"><head><title>Title tag | Site</title>
    <meta name="description" content="Meta description.">
    <meta property="og:title" content="OG title"><meta property="og:type" content="article">
    <meta property="og:site_name" content="Site">
    <link rel="canonical" href="/canonical/path">
    <script type="application/ld+json">{"@context":"https://schema.org","@graph":[
      {"@type":"WebSite","name":"Site"},
      {"@type":"BlogPosting","headline":"LD headline","datePublished":"2024-05-01",
       "author":[{"@type":"Person","name":"A. Writer"},{"@type":"Person","name":"B. Editor"}]}
    ]}</script></head><body><p>Text.</p></body></html>"""
    meta = webfold.convert(html, url="https://example.com/x/y", select="all").metadata
    assert meta.title == "LD headline"
    assert meta.author == "A. Writer, B. Editor"
    assert meta.date == "2024-05-01"
    assert meta.language == "de"
    assert meta.canonical_url == "https://example.com/canonical/path"
    assert meta.description == "Meta description."
    assert meta.site_name == "Site"
    assert meta.page_type == "article"


def test_fallbacks_to_meta_and_title() -> None:
    html = """<html><head><title> Plain   title </title><meta name="author" content="Sam">
    <meta property="article:published_time" content="2023-01-02T03:04:05Z"></head>
    <body><p>x</p></body></html>"""
    meta = webfold.convert(html, select="all").metadata
    assert (meta.title, meta.author, meta.date) == ("Plain title", "Sam", "2023-01-02T03:04:05Z")
    assert meta.language is None and meta.canonical_url is None


def test_broken_json_ld_is_skipped() -> None:
    html = ('<head><script type="application/ld+json">{"@type": "Article", broken</script>'
            '<script type="application/ld+json"><!-- {"@type":"Product","name":"Kettle"} -->'
            '</script></head><body><p>x</p></body>')
    doc = webfold.convert(html, select="all")
    assert doc.ok and doc.metadata.title == "Kettle" and doc.metadata.page_type == "Product"


def test_record_carries_the_metadata() -> None:
    record = webfold.convert("<html lang=fr><title>T</title><p>x</p>", select="all").record()
    assert record["schema"] == 1 and record["type"] == "html"
    assert record["metadata"]["title"] == "T" and record["metadata"]["language"] == "fr"
    assert record["blocks_total"] == record["blocks_kept"] == 1
