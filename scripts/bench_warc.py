"""Streaming a large WARC: records/s, MB/s and resident memory while `iter_warc` reads it.

Builds a gzip WARC of generated pages in /tmp (written record by record, never held in
memory), then streams it once through `webfold.warc.iter_warc` and prints throughput
and memory: the resident set at the start, its peak, and how much it grew between the
first 20% of the file and the end (flat streaming means close to zero).

    .venv/bin/python scripts/bench_warc.py                 # 250 MB archive
    .venv/bin/python scripts/bench_warc.py --size-mb 1024  # 1 GB

Measured (2 cores shared with other jobs, load average ~7.7, --select all because the
selector model was not in the tree yet): 1,024 MB gzip, 398,768 records (179,446 pages
converted, 219,322 requests/images skipped) in 244.9 s: 1,628 records/s, 733 pages/s,
4.2 MB/s; RSS 39 MB at 20% and at the end, peak 39 MB (growth +0.0 MB).
"""

from __future__ import annotations

import argparse
import io
import random
import time
from pathlib import Path

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from webfold.contract import ConvertOptions
from webfold.convert import convert
from webfold.warc import WarcCounts, iter_warc

WORDS = ("river ferry mill market bridge school harbour quay weir lock barge current "
         "flood meadow orchard lane chapel tavern granary stable forge cottage hedge "
         "willow alder heron otter trout eel reed marsh spring autumn winter summer "
         "morning evening storm rain frost thaw tide landing timber stone brick slate").split()


def page(rng: random.Random, n: int) -> bytes:
    def sentence() -> str:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 20))).capitalize() + "."

    paragraphs = "".join(f"<p>{' '.join(sentence() for _ in range(5))}</p>"
                         for _ in range(rng.randint(10, 30)))
    return (f"<!doctype html><html><head><title>Story {n}</title></head><body>"
            "<nav><ul><li><a href='/'>Home</a></li><li><a href='/news'>News</a></li></ul></nav>"
            f"<main><article><h1>Story {n}: {sentence()}</h1>{paragraphs}</article></main>"
            "<footer><p>River Valley Gazette</p></footer></body></html>").encode()


def build(path: Path, size_mb: int) -> int:
    """Write a gzip WARC of about `size_mb` MB: responses, requests, some images."""
    rng = random.Random(5)
    target = size_mb * 1_000_000
    records = 0
    with path.open("wb") as fh:
        writer = WARCWriter(fh, gzip=True)
        while fh.tell() < target:
            uri = f"http://gazette.example/story/{records}"
            request = StatusAndHeaders("GET /story HTTP/1.1", [("Host", "gazette.example")],
                                       is_http_request=True)
            writer.write_record(writer.create_warc_record(uri, "request", http_headers=request,
                                                          payload=io.BytesIO(b"")))
            if records // 2 % 10 == 9:
                kind, body = "image/png", b"\x89PNG\r\n\x1a\n" + rng.randbytes(20_000)
            else:
                kind, body = "text/html; charset=utf-8", page(rng, records)
            http = StatusAndHeaders("200 OK", [("Content-Type", kind)], protocol="HTTP/1.1")
            writer.write_record(writer.create_warc_record(uri, "response", http_headers=http,
                                                          payload=io.BytesIO(body)))
            records += 2
    return records


def rss_mb(field: str = "VmRSS") -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return 0.0


def stream(path: Path, select: str) -> None:
    size = path.stat().st_size
    counts = WarcCounts()
    start_rss = rss_mb()
    at_20 = None
    started = time.perf_counter()
    for item in iter_warc(path, convert=convert, options=ConvertOptions(select=select)):
        counts.add(item)
        if at_20 is None and item.offset >= size * 0.2:
            at_20 = rss_mb()
    elapsed = time.perf_counter() - started
    end_rss = rss_mb()
    print(f"archive      {size / 1e6:,.0f} MB gzip, {counts.summary()}")
    print(f"time         {elapsed:,.1f} s: {counts.records / elapsed:,.0f} records/s, "
          f"{counts.converted / elapsed:,.0f} pages/s, {size / 1e6 / elapsed:,.1f} MB/s")
    print(f"memory       RSS at start {start_rss:,.0f} MB, at 20% {at_20 or 0:,.0f} MB, at end "
          f"{end_rss:,.0f} MB, peak {rss_mb('VmHWM'):,.0f} MB; growth 20%->end "
          f"{end_rss - (at_20 or end_rss):+,.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=int, default=250)
    parser.add_argument("--path", type=Path, default=Path("/tmp/webfold-bench.warc.gz"))
    parser.add_argument("--select", default="main", choices=("main", "precision", "all"))
    parser.add_argument("--keep", action="store_true", help="keep the archive afterwards")
    args = parser.parse_args()
    if not args.path.exists() or args.path.stat().st_size < args.size_mb * 1_000_000:
        started = time.perf_counter()
        records = build(args.path, args.size_mb)
        print(f"built        {args.path} ({records} records) in "
              f"{time.perf_counter() - started:,.0f} s")
    try:
        stream(args.path, args.select)
    finally:
        if not args.keep:
            args.path.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
