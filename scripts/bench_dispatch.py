"""The local stack's watch loop: documents/s with each way of polling the two queues.

Starts the moto stack of `devstack`, uploads N generated HTML pages (their S3
notifications fill the objects queue; the URL queue stays empty), then runs the loop
`python -m devstack --watch` runs (poll with a 1 s wait, list the new outputs) until
every page has its record, timing it. Two pollers in the same run, stack reset between:

- `each-waits`: every queue is long-polled in turn, 1 s each (the dispatcher before):
  an empty queue costs a second per round while the other one has work;
- `idle-waits`: `devstack.dispatcher.Dispatcher.poll`: every queue without waiting,
  one long poll only when all were empty.

    .venv/bin/python scripts/bench_dispatch.py            # 300 pages, one round each
    .venv/bin/python scripts/bench_dispatch.py --docs 100 --rounds 3

Measured (2 cores shared with other jobs, load average 7.5-8.7), 300 pages, one round:
each-waits 99.1 s (3.0 docs/s), idle-waits 74.5 s (4.0 docs/s): a quarter of the wall
time was the empty URL queue's long poll.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import time
from collections.abc import Callable

from devstack.bucket import output_keys
from devstack.dispatcher import BatchReport, Dispatcher
from devstack.stack import LocalStack
from webfold.outputs import RECORD_SUFFIX

WORDS = ("river ferry mill market bridge school harbour quay weir lock barge current "
         "flood meadow orchard lane chapel tavern granary stable forge cottage hedge").split()
WAIT_S = 1  # what the watch loop passes


def page(rng: random.Random, n: int) -> bytes:
    paragraphs = "".join(
        "<p>" + " ".join(rng.choice(WORDS) for _ in range(rng.randint(30, 60))) + ".</p>"
        for _ in range(rng.randint(3, 8)))
    return (f"<html><head><title>Page {n}</title></head><body><article><h1>Page {n}</h1>"
            f"{paragraphs}</article></body></html>").encode()


def each_waits(dispatcher: Dispatcher) -> BatchReport:
    report = BatchReport()
    for route in dispatcher.routes:
        dispatcher._receive(route, WAIT_S, report)
    return report


def idle_waits(dispatcher: Dispatcher) -> BatchReport:
    return dispatcher.poll(wait_s=WAIT_S)


def run_once(stack: LocalStack, docs: int, poll: Callable[[Dispatcher], BatchReport]) -> float:
    """Seconds from the first poll until every page's record is in the bucket."""
    names = stack.reset()
    s3 = stack.client("s3")
    rng = random.Random(7)
    for n in range(docs):
        s3.put_object(Bucket=names.bucket, Key=f"bench/page{n:04d}.html", Body=page(rng, n))
    dispatcher = stack.dispatcher()
    seen: set[str] = set()
    started = time.perf_counter()
    while sum(k.endswith(RECORD_SUFFIX) for k in seen) < docs:
        poll(dispatcher)
        seen.update(output_keys(s3, names.bucket, seen))
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--docs", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    stack = LocalStack()
    stack.start()
    os.environ.update(stack.environ())
    os.environ["WEBFOLD_SELECT"] = "all"  # the loop is measured, not the selector
    results: dict[str, list[float]] = {"each-waits": [], "idle-waits": []}
    try:
        with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
            for _ in range(args.rounds):
                for name, poll in (("each-waits", each_waits), ("idle-waits", idle_waits)):
                    results[name].append(run_once(stack, args.docs, poll))
    finally:
        stack.stop()
    print(f"{args.docs} HTML pages through the watch loop, {args.rounds} round(s), medians")
    print(f"{'poller':<12} {'seconds':>8} {'docs/s':>7}")
    for name, times in results.items():
        median = statistics.median(times)
        print(f"{name:<12} {median:>8.1f} {args.docs / median:>7.1f}")


if __name__ == "__main__":
    main()
