"""Benchmark the HTML path on the WCXB development pages.

Median and p90 ms/page of `webfold.convert(..., select="all")` beside the median of
bare Lexbor parsing in the same run, their ratio, and the peak memory of the process.
Times are CPU time of this process (`time.process_time`), parse and conversion
interleaved page by page, so a busy shared machine inflates both alike. Pages are read
one at a time, so the peak memory is the converter's, not the corpus's.

    .venv/bin/python scripts/bench_html.py [--data DIR] [--limit N] [--select all|main]
    .venv/bin/python scripts/bench_html.py --segmentation [--every N]

`--segmentation` instead scores what the walk gives the selector (WCXB scorer of
scripts/wcxb.py): mean F1 of keeping every visible block, and of the oracle that keeps
exactly the blocks labelled main content (webfold.selector.labels), the ceiling any
selector on these blocks can reach.
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


def time_pages(files: list[Path], convert) -> dict[str, list[float]]:
    """Per page, interleaved so all see the same load: Lexbor parsing the bytes (the
    baseline: its fastest input), parsing the decoded str, and the conversion of the
    bytes (charset decoding included)."""
    times: dict[str, list[float]] = {"parse": [], "parse_str": [], "convert": []}
    clock = time.process_time
    for path in files:
        page = gzip.decompress(path.read_bytes())
        text = page.decode("utf-8", "replace")
        t0 = clock()
        LexborHTMLParser(page)
        t1 = clock()
        LexborHTMLParser(text)
        t2 = clock()
        convert(page)
        t3 = clock()
        times["parse"].append((t1 - t0) * 1000)
        times["parse_str"].append((t2 - t1) * 1000)
        times["convert"].append((t3 - t2) * 1000)
    return times


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--select", default="all", choices=("all", "main", "precision"))
    parser.add_argument("--segmentation", action="store_true",
                        help="score keep-all and oracle F1 instead of timing")
    parser.add_argument("--every", type=int, default=1, help="with --segmentation: every Nth page")
    args = parser.parse_args(argv)
    if not (args.data / "html").is_dir():
        print(f"bench_html: no pages under {args.data}/html", file=sys.stderr)
        return 2
    if args.segmentation:
        return segmentation(args.data, args.every)
    files = sorted((args.data / "html").glob("*.html.gz"))[:args.limit]

    errors: list[str] = []

    def convert(page: bytes) -> None:
        doc = webfold.convert(page, content_type="text/html", select=args.select)
        if doc.error is not None:
            errors.append(doc.error.code)

    time_pages(files[:WARM_UP_PAGES], convert)
    errors.clear()
    times = time_pages(files, convert)
    parse_ms, convert_ms = times["parse"], times["convert"]
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    parse_median = statistics.median(parse_ms)
    convert_median = statistics.median(convert_ms)
    print(f"pages: {len(files)} (warm-up {WARM_UP_PAGES}), select={args.select}, "
          f"errors: {len(errors)} {sorted(set(errors))}")
    print("| measure | median ms/page | p90 ms/page |")
    print("|---|---|---|")
    print(f"| Lexbor parse alone (bytes) | {parse_median:.2f} | "
          f"{percentile(parse_ms, 0.9):.2f} |")
    print(f"| Lexbor parse alone (decoded str) | {statistics.median(times['parse_str']):.2f} | "
          f"{percentile(times['parse_str'], 0.9):.2f} |")
    print(f"| webfold.convert(select={args.select!r}) | {convert_median:.2f} | "
          f"{percentile(convert_ms, 0.9):.2f} |")
    print(f"| ratio convert / parse (bytes) | {convert_median / parse_median:.1f}x | |")
    print(f"| peak memory (ru_maxrss) | {peak_mb:.0f} MB | |")
    return 0


def segmentation(data_dir: Path, every: int) -> int:
    """Print keep-all and oracle F1 per page type on every `every`-th page."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import wcxb  # scripts/wcxb.py: the benchmark's loader and scorer
    from webfold.markdown import join_blocks
    from webfold.selector.labels import label_blocks

    rows: dict[str, list[tuple[float, float]]] = {}
    for page in wcxb.iter_pages(wcxb.page_ids(data_dir)[::every], data_dir):
        doc = webfold.convert(page.html, url=page.url, select="all")
        keep_all = wcxb.score_markdown(doc.markdown, page.main_content).f1
        kept = [b for b in doc.blocks if b.kept]
        for block, label in zip(kept, label_blocks([b.text for b in kept], page.main_content),
                                strict=True):
            block.kept = bool(label)
        oracle = wcxb.score_markdown(join_blocks(kept), page.main_content).f1
        rows.setdefault(page.page_type, []).append((keep_all, oracle))
    every_row = [r for v in rows.values() for r in v]
    print(f"pages: {len(every_row)} (every {every})")
    print("| page type | pages | keep-all F1 | oracle F1 |")
    print("|---|---|---|---|")
    for kind in [*wcxb.PAGE_TYPES, "all"]:
        values = every_row if kind == "all" else rows.get(kind, [])
        if values:
            print(f"| {kind} | {len(values)} | {statistics.mean(v[0] for v in values):.3f} | "
                  f"{statistics.mean(v[1] for v in values):.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
