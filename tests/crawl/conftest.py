"""A tiny site served over real HTTP on 127.0.0.1 for the crawl tests."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from site_pages import TOPICS, page

ROBOTS = "User-agent: *\nDisallow: /private/\n"


def site_routes() -> dict[str, str]:
    """Path -> HTML: an index linking every topic, topics linking onwards, a private page."""
    routes = {"/": page("index", "River Valley Gazette", "Stories from along the river, "
                        "collected every week by our reporters.",
                        links=tuple(f"/{slug}.html" for slug, _, _ in TOPICS)
                        + ("/private/draft.html", "/logo.png", "http://example.org/away",
                           "/flood.html#comments"))}
    for slug, title, body in TOPICS:
        routes[f"/{slug}.html"] = page(slug, title, body, links=("/",))
    routes["/about.html"] = page("about", "About the Gazette", "A weekly paper, run by "
                                 "volunteers since the year the bridge first opened.")
    routes["/contact.html"] = page("contact", "Contact", "Write to the newsroom at the quay, "
                                   "or leave a note with the harbour master.")
    routes["/private/draft.html"] = page("draft", "Draft", "Not for the crawler, ever.")
    return routes


class _Handler(BaseHTTPRequestHandler):
    routes: dict[str, str] = {}
    hits: list[str] = []

    def do_GET(self) -> None:
        self.hits.append(self.path)
        if self.path == "/robots.txt":
            self._send(200, "text/plain", ROBOTS.encode())
        elif self.path in self.routes:
            self._send(200, "text/html; charset=utf-8", self.routes[self.path].encode())
        else:
            self._send(404, "text/plain", b"not here")

    def _send(self, status: int, content_type: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def site():
    """(base URL, list of requested paths) for a server that lives for one test."""
    handler = type("Handler", (_Handler,), {"routes": site_routes(), "hits": []})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", handler.hits
    finally:
        server.shutdown()
        server.server_close()
