"""The pages and routes of the real HTTP server the fetch tests start on 127.0.0.1: every
case the fetcher must handle: charsets, redirect chains, slow and endless bodies, compression bombs,
429/5xx with Retry-After, 304s, robots.txt, a PDF, bot walls and an app shell."""

from __future__ import annotations

import collections
import gzip
import http.server
import time
import zlib
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit

import brotli

ARTICLE_TEXT = ("Der Fluss führt im Frühjahr viel Wasser. Die Brücke über die Aare wurde "
                "1852 gebaut und 1998 erneuert; sie trägt heute Fußgänger und Radfahrer.")
ROBOTS = b"User-agent: *\nDisallow: /private/\n\nUser-agent: otherbot\nDisallow: /\n"
# Served to Host big-robots.test: 800 KB, a rule at the top, one past the 500 KB read.
HUGE_ROBOTS = (b"User-agent: *\nDisallow: /private/\n" + b"# padding padding\n" * 45_000
               + b"Disallow: /article\n")


def html_page(title: str, body: str) -> str:
    return (f"<!doctype html><html><head><title>{title}</title></head><body><article>"
            f"<h1>{title}</h1>{body}</article></body></html>")


ARTICLE = html_page("Die Brücke", f"<p>{ARTICLE_TEXT}</p><p>{ARTICLE_TEXT}</p>")
SHIFT_JIS_PAGE = ('<html><head><meta charset="shift_jis"><title>日本語</title></head><body>'
                  '<article><h1>日本語のページ</h1><p>これは日本語で書かれた段落です。'
                  '文字コードは文書の中で宣言されています。</p></article></body></html>')
KOI8_PAGE = html_page("Привет", "<p>Это абзац на русском языке, закодированный в KOI8-R, "
                                "чтобы проверить кодировку из заголовка.</p>")
CHALLENGE = (b"<!DOCTYPE html><html><head><title>Just a moment...</title>"
             b"<script>window._cf_chl_opt={cvId:'3',cType:'managed'};</script></head>"
             b"<body><div class='main-wrapper'><h1>Checking if the site connection is secure"
             b"</h1><noscript>Enable JavaScript and cookies to continue</noscript></div>"
             b"<script src='/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1'></script>"
             b"</body></html>")
DATADOME = (b"<html><head><title>example.com</title></head><body>"
            b"<script>var dd={'cid':'AHrlqAAAAAMA','hsh':'x','t':'fe',"
            b"'host':'geo.captcha-delivery.com'}"
            b"</script><script src='https://ct.captcha-delivery.com/c.js'></script></body></html>")
APP_SHELL = (b"<!doctype html><html><head><title>App</title><script defer src='/static/app.js'>"
             b"</script></head><body><noscript>You need to enable JavaScript to run this app."
             b"</noscript><div id='root'></div><script>document.getElementById('root').innerHTML"
             b" = '<article><h1>Built by script</h1><p>This paragraph was written by the page "
             b"script after load, so a plain fetch sees an empty shell and nothing else.</p>"
             b"<p>A second paragraph from the same script, long enough to be kept.</p>"
             b"</article>';</script></body></html>")
NEXT_SHELL = (b"<html><head><title>Next</title></head><body><div id='__next'></div>"
              b"<script id='__NEXT_DATA__' type='application/json'>{\"props\":{\"pageProps\":"
              b"{\"article\":{\"title\":\"Rebuilding the old bridge\",\"body\":\"The council"
              b" agreed on Monday to rebuild the old bridge over the river next spring. Work "
              b"will take eight months and the crossing stays open for walkers.\"}}}}</script>"
              b"<script src='/_next/static/chunks/main.js'></script></body></html>")
LATE = (b"<html><head><title>Late</title></head><body><article><h1>Waiting</h1>"
        b"<p>The first paragraph is in the HTML itself and is long enough to keep.</p>"
        b"</article><script>setTimeout(function () { var p = document.createElement('p');"
        b" p.id = 'late'; p.textContent = 'Late text arrived after a pause, built by script.';"
        b" document.querySelector('article').appendChild(p); }, 700);</script></body></html>")
LAZY = (b"<html><head><title>Lazy</title></head><body><article><h1>Lazy</h1>"
        b"<p>The top of a long page, with a tall spacer below it.</p>"
        b"<div style='height:5000px'></div><div id='more'></div></article><script>"
        b"window.addEventListener('scroll', function () { if (window.scrollY > 3000 && "
        b"!document.getElementById('lazy')) { var p = document.createElement('p'); p.id = 'lazy';"
        b" p.textContent = 'Lazy paragraph loaded when the reader scrolled to the bottom.';"
        b" document.getElementById('more').appendChild(p); } });</script></body></html>")
LEAKY = (b"<html><head><title>Leaky</title></head><body><article><h1>Leaky page</h1>"
         b"<p id='out'>This page tries to read internal addresses from the browser.</p>"
         b"<img src='http://169.254.169.254/latest/meta-data/iam'>"
         b"<iframe src='/to-private'></iframe></article><script>"
         b"fetch('http://10.0.0.1/secret').catch(function () {});</script></body></html>")
BUSY = (b"<html><head><title>Busy</title></head><body><p>Spinning forever.</p>"
        b"<script>while (true) {}</script></body></html>")
CAPTCHA_ARTICLE = html_page("Why sites show a captcha", "".join(
    f"<p>Paragraph {i}: some sites load g-recaptcha or hCaptcha widgets on login forms; "
    f"this article explains why, and is long enough to be a real page.</p>" for i in range(30)))


def make_pdf() -> bytes:
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "Fetched PDF document", fontsize=20)
    page.insert_text((72, 110), "This PDF was generated by the test and served over HTTP.",
                     fontsize=11)
    data = doc.tobytes()
    doc.close()
    return data


def make_blank_pdf() -> bytes:
    """A PDF with a drawing and no text: converts fine, to empty Markdown."""
    import pymupdf

    doc = pymupdf.open()
    doc.new_page().draw_rect(pymupdf.Rect(72, 72, 300, 200))
    data = doc.tobytes()
    doc.close()
    return data


@dataclass
class Site:
    """What the server saw, for tests that count requests."""

    port: int
    hits: collections.Counter[str] = field(default_factory=collections.Counter)
    hosts: list[str] = field(default_factory=list)
    headers: dict[str, dict[str, str]] = field(default_factory=dict)

    def url(self, path: str, host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}{path}"


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    site: Site
    payloads: dict[str, bytes]

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        parts = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        key = parts.path + ("?" + query["id"] if "id" in query else "")
        self.site.hits[key] += 1
        self.site.hosts.append(self.headers.get("Host", ""))
        self.site.headers[parts.path] = {k.lower(): v for k, v in self.headers.items()}
        route = ROUTES.get(parts.path) or next(
            (fn for prefix, fn in PREFIX_ROUTES if parts.path.startswith(prefix)), None)
        if route is None:
            self.send(404, b"<p>not found</p>")
        else:
            route(self, parts.path, query, self.site.hits[key])

    def send(self, status: int, body: bytes, content_type: str = "text/html",
             **headers: str) -> None:
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name.replace("_", "-"), value)
        self.end_headers()
        self.wfile.write(body)

    def redirect(self, location: str, status: int = 302) -> None:
        self.send(status, b"", Location=location)


def _redirect_chain(h: Handler, path: str, q: dict[str, str], n: int) -> None:
    left = int(path.rsplit("/", 1)[1])
    h.redirect(f"/chain/{left - 1}" if left > 0 else "/article")


def _flaky(h: Handler, path: str, q: dict[str, str], n: int) -> None:
    if n <= int(q.get("fail", "1")):
        if q.get("status") == "drop":
            h.close_connection = True  # no response at all: a connection error
            return
        extra = {"Retry_After": q["retry"]} if "retry" in q else {}
        h.send(int(q.get("status", "503")), b"<p>try again</p>", **extra)
    else:
        h.send(200, ARTICLE.encode())


def _slow(h: Handler, path: str, q: dict[str, str], n: int) -> None:
    time.sleep(float(q.get("s", "2")))
    h.send(200, ARTICLE.encode())


def _drip(h: Handler, path: str, q: dict[str, str], n: int) -> None:
    h.send_response(200)
    h.send_header("Content-Type", "text/html")
    h.end_headers()
    try:
        for _ in range(100):
            h.wfile.write(b"<p>drip</p>")
            h.wfile.flush()
            time.sleep(0.1)
    except OSError:
        pass
    h.close_connection = True


def _endless(h: Handler, path: str, q: dict[str, str], n: int) -> None:
    h.send_response(200)
    h.send_header("Content-Type", "text/html")
    h.end_headers()
    chunk = b"<p>" + b"endless " * 1000 + b"</p>\n"
    try:
        while True:
            h.wfile.write(chunk)
    except OSError:
        pass
    h.close_connection = True


def _coded(h: Handler, path: str, q: dict[str, str], n: int) -> None:
    coding = path.rsplit("/", 1)[1]
    h.send(200, h.payloads[path], Content_Encoding="deflate" if coding == "raw-deflate"
           else coding)


def _etag(h: Handler, path: str, q: dict[str, str], n: int) -> None:
    validators = {"ETag": '"v1"', "Last_Modified": "Sun, 29 Nov 2026 10:00:00 GMT"}
    if h.headers.get("If-None-Match") == '"v1"' or (
            path.endswith("/lm") and h.headers.get("If-Modified-Since")):
        h.send(304, b"", content_type="", **validators)
    else:
        h.send(200, ARTICLE.encode(), **validators)


def _declared_big(h: Handler, path: str, q: dict[str, str], n: int) -> None:
    h.send_response(200)
    h.send_header("Content-Type", "text/html")
    h.send_header("Content-Length", "50000000")
    h.end_headers()
    h.wfile.write(b"<p>only the start</p>")
    h.close_connection = True


ROUTES = {
    "/robots.txt": lambda h, p, q, n: h.send(200, HUGE_ROBOTS if h.headers.get(
        "Host", "").startswith("big-robots.test") else ROBOTS, "text/plain"),
    "/article": lambda h, p, q, n: h.send(200, ARTICLE.encode(), "text/html; charset=utf-8"),
    "/xhtml": lambda h, p, q, n: h.send(200, ARTICLE.encode(), "application/xhtml+xml"),
    "/private/page": lambda h, p, q, n: h.send(200, ARTICLE.encode()),
    "/cp1252": lambda h, p, q, n: h.send(200, ARTICLE.encode("cp1252"),
                                         "text/html; charset=windows-1252"),
    "/koi8": lambda h, p, q, n: h.send(200, KOI8_PAGE.encode("koi8_r"),
                                       "text/html; charset=koi8-r"),
    "/shift-jis": lambda h, p, q, n: h.send(200, SHIFT_JIS_PAGE.encode("shift_jis"), "text/html"),
    "/to-private": lambda h, p, q, n: h.redirect("http://10.0.0.1/admin"),
    "/to-metadata": lambda h, p, q, n: h.redirect("http://169.254.169.254/latest/meta-data/"),
    "/to-decimal": lambda h, p, q, n: h.redirect("http://167772161/"),
    "/to-mapped": lambda h, p, q, n: h.redirect("http://[::ffff:10.0.0.1]/"),
    "/to-ftp": lambda h, p, q, n: h.redirect("ftp://example.com/file"),
    "/to-scheme-relative": lambda h, p, q, n: h.redirect("//169.254.169.254/latest/"),
    "/to-userinfo": lambda h, p, q, n: h.redirect("http://example.com@10.0.0.1/", 307),
    "/to-garbage": lambda h, p, q, n: h.redirect("http://[::1"),
    "/no-location": lambda h, p, q, n: h.send(302, b""),
    "/flaky": _flaky,
    "/slow": _slow,
    "/drip": _drip,
    "/endless": _endless,
    "/etag": _etag,
    "/etag/lm": _etag,
    "/pdf": lambda h, p, q, n: h.send(200, h.payloads["pdf"], "application/pdf"),
    "/blank-pdf": lambda h, p, q, n: h.send(200, h.payloads["blank-pdf"], "application/pdf"),
    "/pdf-octet": lambda h, p, q, n: h.send(200, h.payloads["pdf"], "application/octet-stream"),
    "/report.html": lambda h, p, q, n: h.send(200, h.payloads["pdf"], "text/html; charset=utf-8"),
    "/json": lambda h, p, q, n: h.send(200, b'{"a": 1}', "application/json"),
    "/png": lambda h, p, q, n: h.send(200, b"\x89PNG\r\n\x1a\n" + b"\0" * 64, "image/png"),
    "/forbidden": lambda h, p, q, n: h.send(403, b"<p>Forbidden</p>"),
    "/missing": lambda h, p, q, n: h.send(404, b"<p>Not found</p>"),
    "/challenge": lambda h, p, q, n: h.send(200, CHALLENGE),
    "/challenge-403": lambda h, p, q, n: h.send(403, CHALLENGE),
    "/challenge-503": lambda h, p, q, n: h.send(503, CHALLENGE),
    "/cf-mitigated": lambda h, p, q, n: h.send(503, b"<p>wait</p>", Cf_Mitigated="challenge"),
    "/datadome": lambda h, p, q, n: h.send(200, DATADOME),
    "/shell": lambda h, p, q, n: h.send(200, APP_SHELL),
    "/next-shell": lambda h, p, q, n: h.send(200, NEXT_SHELL),
    "/static/app.js": lambda h, p, q, n: h.send(200, b"/* bundle */", "text/javascript"),
    "/late": lambda h, p, q, n: h.send(200, LATE),
    "/lazy": lambda h, p, q, n: h.send(200, LAZY),
    "/leaky": lambda h, p, q, n: h.send(200, LEAKY),
    "/busy": lambda h, p, q, n: h.send(200, BUSY),
    "/captcha-article": lambda h, p, q, n: h.send(200, CAPTCHA_ARTICLE.encode()),
    "/empty-body": lambda h, p, q, n: h.send(200, b""),
    "/big-declared": _declared_big,
}
PREFIX_ROUTES = [("/chain/", _redirect_chain), ("/coded/", _coded), ("/bomb/", _coded)]


class QuietServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        pass  # clients hanging up mid-body is what several tests do on purpose


def payloads() -> dict[str, bytes]:
    page = ARTICLE.encode()
    zeros = b"\0" * 10_000_000  # decodes to 10 MB; the tests cap at 1 MB
    raw = zlib.compressobj(9, zlib.DEFLATED, -zlib.MAX_WBITS)
    return {
        "pdf": make_pdf(),
        "blank-pdf": make_blank_pdf(),
        "/coded/gzip": gzip.compress(page),
        "/coded/deflate": zlib.compress(page),
        "/coded/raw-deflate": raw.compress(page) + raw.flush(),
        "/coded/br": brotli.compress(page),
        "/bomb/gzip": gzip.compress(zeros, 9),
        "/bomb/br": brotli.compress(zeros, quality=5),
        "/bomb/deflate": zlib.compress(zeros, 9),
    }
