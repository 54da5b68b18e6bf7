"""The pure parts of fetching: robots.txt rules, page classification, content codings."""

from __future__ import annotations

import gzip
import zlib

import brotli
import pytest
from fetch_site import APP_SHELL, ARTICLE, CAPTCHA_ARTICLE, CHALLENGE, DATADOME

from webfold.contentcoding import ContentDecoder, TooLarge
from webfold.errors import ConversionError
from webfold.web.pageclass import classify_html
from webfold.web.robots import RobotsRules, product_token

UA = "WebfoldBot/0.1 (+https://github.com/webfold)"
ROBOTS = """\
# comments and unknown lines are ignored
Sitemap: https://example.com/sitemap.xml
User-agent: *
Disallow: /private/
Allow: /private/press/
Disallow: /*.pdf$
Disallow: /search?

User-agent: WebfoldBot
User-agent: OtherBot
Disallow: /no-webfold
Crawl-delay: 3

User-agent: GreedyBot
Disallow: /
"""


@pytest.mark.parametrize(("agent", "path", "allowed"), [
    ("Mozilla/5.0", "/", True),
    ("Mozilla/5.0", "/private/x", False),
    ("Mozilla/5.0", "/private/press/release", True),  # longest match wins
    ("Mozilla/5.0", "/files/report.pdf", False),
    ("Mozilla/5.0", "/files/report.pdf?x=1", True),  # $ anchors the end
    ("Mozilla/5.0", "/search?q=x", False),
    ("Mozilla/5.0", "/search", True),
    (UA, "/private/x", True),  # a named group replaces the * group entirely
    (UA, "/no-webfold/page", False),
    ("otherbot/2", "/no-webfold", False),
    ("GreedyBot", "/anything", False),
    ("GreedyBot", "/robots.txt", True),
])
def test_robots_rules(agent: str, path: str, allowed: bool) -> None:
    assert RobotsRules.parse(ROBOTS).allows(agent, path) is allowed


def test_robots_percent_encoding_and_empty_disallow() -> None:
    rules = RobotsRules.parse("User-agent: *\nDisallow: /%7Ejoe/\nDisallow:\n")
    assert not rules.allows(UA, "/~joe/page")
    assert rules.allows(UA, "/joe/")
    assert RobotsRules.parse("User-agent: *\nDisallow:\n").allows(UA, "/x")
    assert RobotsRules.allow_all().allows(UA, "/x")
    assert not RobotsRules.disallow_all().allows(UA, "/x")


def test_product_token() -> None:
    assert product_token(UA) == "webfoldbot"
    assert product_token("curl") == "curl"


SHORT_PROTECTED = ("<html><head><script src='https://js.datadome.co/tags.js'></script></head>"
                   "<body><article><h1>Short news</h1><p>" + "The council met on Monday "
                   "and agreed to rebuild the old bridge over the river next spring. " * 6
                   + "</p></article></body></html>").encode()


@pytest.mark.parametrize(("html", "kind"), [
    (CHALLENGE, "blocked"),
    (DATADOME, "blocked"),
    (b"<html><head><title>Attention Required! | Cloudflare</title></head><body>"
     b"<p>Sorry, you have been blocked</p></body></html>", "blocked"),
    (b"<html><body><div id='px-captcha'></div><p>Press & Hold to confirm you are a human"
     b"</p><script src='/abc/init.js'></script></body></html>", "blocked"),
    (b"<html><head><title>Access Denied</title></head><body><h1>Access Denied</h1>"
     b"Reference #18.abc <p>https://errors.edgesuite.net/18.abc</p></body></html>", "blocked"),
    (APP_SHELL, "empty"),
    (b"<html><body><div id='__next'></div><script src='/_next/static/chunks/main.js'>"
     b"</script></body></html>", "empty"),
    (ARTICLE.encode(), "ok"),
    # a short but real page protected by DataDome's ordinary tag is no challenge
    (SHORT_PROTECTED, "ok"),
    (b"<html><body><div class='g-recaptcha' data-sitekey='x'></div>"
     b"<script src='https://www.google.com/recaptcha/api.js'></script></body></html>", "blocked"),
    (CAPTCHA_ARTICLE.encode(), "ok"),  # mentions captchas but is a long real page
    (b"<html><body><p>Short page, no scripts.</p></body></html>", "ok"),
])
def test_page_classification(html: bytes, kind: str) -> None:
    assert classify_html(html).kind == kind


PAGE = ARTICLE.encode() * 20


@pytest.mark.parametrize(("header", "encoded"), [
    ("gzip", gzip.compress(PAGE)),
    ("x-gzip", gzip.compress(PAGE)),
    ("deflate", zlib.compress(PAGE)),
    ("deflate", zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS).compress(PAGE)
     + zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS).flush()),
    ("br", brotli.compress(PAGE)),
    ("gzip, br", brotli.compress(gzip.compress(PAGE))),  # applied in order, removed in reverse
    ("identity", PAGE),
    ("", PAGE),
])
def test_content_codings_decode_in_small_chunks(header: str, encoded: bytes) -> None:
    if header == "deflate" and encoded[:1] != b"x":
        raw = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
        encoded = raw.compress(PAGE) + raw.flush()
    decoder = ContentDecoder.for_header(header, cap=len(PAGE))
    assert isinstance(decoder, ContentDecoder)
    for i in range(0, len(encoded), 7):
        decoder.feed(encoded[i:i + 7])
    assert decoder.finish() == PAGE


@pytest.mark.parametrize(("header", "bomb"), [
    ("gzip", gzip.compress(b"\0" * 5_000_000)),
    ("deflate", zlib.compress(b"\0" * 5_000_000)),
    ("br", brotli.compress(b"\0" * 5_000_000)),
])
def test_compression_bombs_stop_at_the_cap(header: str, bomb: bytes) -> None:
    decoder = ContentDecoder.for_header(header, cap=100_000)
    assert isinstance(decoder, ContentDecoder)
    with pytest.raises(TooLarge):
        decoder.feed(bomb)
        decoder.finish()
    assert decoder.size <= 100_000


def test_unknown_coding_is_an_error_value() -> None:
    error = ContentDecoder.for_header("zstd", cap=10)
    assert isinstance(error, ConversionError) and error.code == "fetch_failed"
