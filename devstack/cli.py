"""`python -m devstack`: the Webfold pipeline on this machine, or fed into a deployed stack.

    python -m devstack --drop page.html report.pdf   # convert, print the outputs, stop
    python -m devstack --watch                       # keep serving (Ctrl-C stops)
    python -m devstack --aws --drop page.html        # the deployed stack instead

Run from the repository root (the handlers are loaded from `functions/`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from pathlib import Path
from typing import Any

from devstack.bucket import drop_files, output_keys, print_outputs, queue_urls
from devstack.stack import LocalStack
from webfold.pipeline import resources as r


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m devstack",
        description="Run the Webfold pipeline on this machine (moto as AWS) or against "
                    "the deployed stack (--aws).")
    parser.add_argument("--drop", nargs="+", type=Path, default=[], metavar="PATH",
                        help="upload these files to the documents bucket")
    parser.add_argument("--url", nargs="+", default=[], metavar="URL",
                        help="put these URLs on the URL queue")
    parser.add_argument("--prefix", default="inbox/", help="key prefix for dropped files")
    parser.add_argument("--watch", action="store_true",
                        help="keep running: poll the queues, tick the rescrape schedule, "
                             "print outputs as they appear (Ctrl-C stops)")
    parser.add_argument("--tick-s", type=float, default=60.0,
                        help="seconds between rescrape ticks with --watch")
    parser.add_argument("--aws", action="store_true",
                        help=f"use the deployed stack (names from {r.ENV_BUCKET} and "
                             f"{r.ENV_URLS_QUEUE}, credentials from the environment)")
    parser.add_argument("--wait-s", type=float, default=300.0,
                        help="with --aws: how long to wait for the outputs")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Exit 0 when every expected output appeared, 1 otherwise, 2 for bad arguments."""
    args = build_parser().parse_args(argv)
    missing = [str(p) for p in args.drop if not p.is_file()]
    if missing:
        print(f"devstack: no such file: {', '.join(missing)}", file=sys.stderr)
        return 2
    if args.aws and args.watch:
        print("devstack: --watch serves the local stack; in AWS the stack itself runs",
              file=sys.stderr)
        return 2
    if args.aws:
        return run_against_aws(args)
    stack = LocalStack()
    try:
        stack.start()
        os.environ.update(stack.environ())
        out = sys.stdout
        # Handler logs and metrics (what CloudWatch would get) go to stderr; outputs to stdout.
        with contextlib.redirect_stdout(sys.stderr):
            return run_local(stack, args, out)
    except KeyboardInterrupt:
        return 0
    finally:
        stack.stop()


def run_local(stack: LocalStack, args: argparse.Namespace, out: Any) -> int:
    assert stack.names is not None
    names, s3, sqs = stack.names, stack.client("s3"), stack.client("sqs")
    dispatcher = stack.dispatcher()
    drop_files(s3, names.bucket, args.drop, args.prefix)
    queue_urls(sqs, names.urls_queue_url, args.url)
    if not args.watch:
        dispatcher.drain()
        print_outputs(s3, names.bucket, output_keys(s3, names.bucket, set()), out)
        return 0
    print(f"devstack: AWS API at {stack.endpoint} (any credentials), bucket "
          f"{names.bucket}, URL queue {names.urls_queue_url}; Ctrl-C stops", file=out,
          flush=True)
    seen: set[str] = set()
    next_tick = 0.0
    while True:
        if time.monotonic() >= next_tick:
            stack.tick()
            next_tick = time.monotonic() + args.tick_s
        dispatcher.poll(wait_s=1)
        new = output_keys(s3, names.bucket, seen)
        print_outputs(s3, names.bucket, new, out)
        seen.update(new)
        out.flush()


def run_against_aws(args: argparse.Namespace) -> int:
    """Drop files and URLs into the deployed stack and wait for their records."""
    import boto3

    from webfold.outputs import RECORD_SUFFIX, output_stem
    from webfold.pipeline.keys import scrape_stem

    try:
        bucket, queue = os.environ[r.ENV_BUCKET], os.environ[r.ENV_URLS_QUEUE]
    except KeyError as exc:
        print(f"devstack --aws: set {exc.args[0]} (from the stack's outputs)",
              file=sys.stderr)
        return 2
    s3, sqs = boto3.client("s3"), boto3.client("sqs")
    dropped = drop_files(s3, bucket, args.drop, args.prefix)
    queue_urls(sqs, queue, args.url)
    stems = [output_stem(k) for k in dropped] + [scrape_stem(u) for u in args.url]
    expected = [stem + RECORD_SUFFIX for stem in stems]
    deadline = time.monotonic() + args.wait_s
    pending = list(expected)
    while pending and time.monotonic() < deadline:
        pending = [k for k in pending if not _exists(s3, bucket, k)]
        if pending:
            time.sleep(2)
    print_outputs(s3, bucket, [k for k in expected if k not in pending])
    for key in pending:
        print(f"{key}  (not there after {args.wait_s:g} s)")
    return 1 if pending else 0


def _exists(s3: Any, bucket: str, key: str) -> bool:
    from botocore.exceptions import ClientError

    try:
        s3.head_object(Bucket=bucket, Key=key)
    except ClientError:
        return False
    return True
