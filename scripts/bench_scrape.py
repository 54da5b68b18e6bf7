"""Benchmark acquisition: fetch, scrape (fetch + convert) and render, against 127.0.0.1.

    .venv/bin/python scripts/bench_scrape.py [--runs 30] [--renders 3]

A threaded `http.server` on 127.0.0.1 serves a 60 KB article and an app shell. Prints
the median and p90 wall time of `fetch_url` (guard, robots from a warm cache, GET,
classification), of `scrape(select="all")` (the same plus conversion), of the guard
alone (`check_url` on a literal address), and of a full render in headless Chromium
(child process, Playwright driver, browser launch, page, DOM out) when one is present.
Wall time: the network part is what is being measured.
"""

from __future__ import annotations

import argparse
import http.server
import statistics
import threading
import time
from collections.abc import Callable

from webfold.settings import Settings
from webfold.web.fetch import RobotsCache, fetch_url
from webfold.web.render import RenderRequest, local_renderer
from webfold.web.scrape import scrape
from webfold.web.urlguard import check_url

PARAGRAPH = ("<p>The bridge over the river was built in 1852 and renewed in 1998; today it "
             "carries walkers and cyclists between the old town and the station.</p>")
ARTICLE = ("<!doctype html><html><head><title>Bench</title></head><body><nav><a href='/'>Home"
           "</a></nav><article><h1>Bench article</h1>" + PARAGRAPH * 400
           + "</article></body></html>").encode()
SHELL = (b"<!doctype html><html><head><title>App</title></head><body><div id='root'></div>"
         b"<script>document.getElementById('root').innerHTML = '<h1>Built</h1><p>Text built"
         b" by script after load.</p>';</script></body></html>")


class _Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:  # noqa: N802
        body = {"/article": ARTICLE, "/shell": SHELL}.get(self.path, b"")
        self.send_response(200 if body else 404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def _timed(fn: Callable[[], object], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        times.append((time.perf_counter() - started) * 1000)
    return times


def _report(name: str, times: list[float]) -> None:
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
    print(f"{name:<34} median {statistics.median(times):8.2f} ms   p90 {p90:8.2f} ms   "
          f"(n={len(times)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--renders", type=int, default=3)
    args = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    settings = Settings(allow_loopback=True)
    cache = RobotsCache()
    fetch_url(f"{base}/article", settings=settings, robots_cache=cache)  # warm robots + imports
    scrape(f"{base}/article", settings=settings, select="all")
    print(f"article: {len(ARTICLE) / 1000:.0f} KB")
    _report("check_url (literal address)",
            _timed(lambda: check_url(f"{base}/article", allow_loopback=True), args.runs * 10))
    _report("fetch_url (warm robots cache)",
            _timed(lambda: fetch_url(f"{base}/article", settings=settings, robots_cache=cache),
                   args.runs))
    _report("scrape select=all (fetch+convert)",
            _timed(lambda: scrape(f"{base}/article", settings=settings, select="all"),
                   args.runs))
    renderer = local_renderer()
    if renderer is None or args.renders < 1:
        print("render: skipped (no Chromium or Playwright, or --renders 0)")
    else:
        request = RenderRequest(url=f"{base}/shell", allow_loopback=True, timeout_s=30)
        _report("render app shell (Chromium)",
                _timed(lambda: renderer.render(request), args.renders))
    server.shutdown()


if __name__ == "__main__":
    main()
