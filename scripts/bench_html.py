"""Benchmark the HTML path on the WCXB development pages.

Median and p90 ms/page of `webfold.convert(..., select="all")` beside the median of
bare Lexbor parsing in the same run, their ratio, and the peak memory of the process.

    .venv/bin/python scripts/bench_html.py [--data DIR] [--limit N] [--select all|main]
"""

from __future__ import annotations

import argparse
import gzip
import resource
import statistics
import sys
import time
from pathlib import Path

from selectolax.lexbor import LexborHTMLParser

import webfold

DEFAULT_DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "wcxb-dev"
WARM_UP_PAGES = 50


def load_pages(data_dir: Path, limit: int | None) -> list[bytes]:
    files = sorted((data_dir / "html").glob("*.html.gz"))[:limit]
    return [gzip.decompress(f.read_bytes()) for f in files]


def time_each(pages: list[bytes], fn) -> list[float]:
    times = []
    for page in pages:
        started = time.perf_counter()
        fn(page)
        times.append((time.perf_counter() - started) * 1000)
    return times


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--select", default="all", choices=("all", "main", "precision"))
    args = parser.parse_args(argv)
    if not (args.data / "html").is_dir():
        print(f"bench_html: no pages under {args.data}/html", file=sys.stderr)
        return 2
    pages = load_pages(args.data, args.limit)
    # Both timings read the same UTF-8 bytes; the parse baseline gets them decoded, as
    # Lexbor needs text, and the conversion includes its own charset decoding.
    texts = [p.decode("utf-8", "replace") for p in pages]

    errors: list[str] = []

    def convert(page: bytes) -> None:
        doc = webfold.convert(page, content_type="text/html", select=args.select)
        if doc.error is not None:
            errors.append(doc.error.code)

    def parse(text: str) -> None:
        LexborHTMLParser(text)

    time_each(pages[:WARM_UP_PAGES], convert)
    time_each(texts[:WARM_UP_PAGES], parse)
    parse_ms = time_each(texts, parse)
    errors.clear()
    convert_ms = time_each(pages, convert)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    parse_median = statistics.median(parse_ms)
    convert_median = statistics.median(convert_ms)
    print(f"pages: {len(pages)} (warm-up {WARM_UP_PAGES}), select={args.select}, "
          f"errors: {len(errors)} {sorted(set(errors))}")
    print("| measure | median ms/page | p90 ms/page |")
    print("|---|---|---|")
    print(f"| Lexbor parse alone | {parse_median:.2f} | {percentile(parse_ms, 0.9):.2f} |")
    print(f"| webfold.convert(select={args.select!r}) | {convert_median:.2f} | "
          f"{percentile(convert_ms, 0.9):.2f} |")
    print(f"| ratio convert / parse | {convert_median / parse_median:.1f}x | |")
    print(f"| peak memory (ru_maxrss) | {peak_mb:.0f} MB | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
