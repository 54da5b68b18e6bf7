"""`python -m devstack`: the Webfold pipeline on this machine, or fed into a deployed stack.

    python -m devstack --drop page.html report.pdf   # convert, print the outputs, stop
    python -m devstack --watch                       # keep serving (Ctrl-C stops)
    python -m devstack --aws --drop page.html        # the deployed stack instead

Run from the repository root (the handlers are loaded from `functions/`). The outputs
listed are also copied to `--out DIR` (default `out/`, as `DIR/<key>`), and the
handlers' logs and metrics (Powertools JSON, what CloudWatch would get) go to
`DIR/handlers.log`; both paths are printed at the end (stderr). Exit 0 when every
document converted, 1 when one failed, was not converted (a file whose suffix no
notification fires for) or did not appear, 2 for unusable arguments or when AWS cannot
be reached (one line, no traceback).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

from devstack.bucket import (
    drop_files,
    failed_records,
    mirror_outputs,
    output_keys,
    print_outputs,
    queue_urls,
    unsupported_drops,
)
from devstack.stack import LocalStack
from webfold.outputs import SOURCE_SUFFIXES
from webfold.pipeline import resources as r

HANDLER_LOG = "handlers.log"  # in --out DIR


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
    parser.add_argument("--out", type=Path, default=Path("out"), metavar="DIR",
                        help="copy the outputs to DIR/<key> and write DIR/handlers.log "
                             "(default: out)")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Exit 0 when every document converted, 1 otherwise, 2 for bad arguments."""
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
    log_path = args.out / HANDLER_LOG
    try:
        args.out.mkdir(parents=True, exist_ok=True)
        log_path.touch()
    except OSError as exc:
        print(f"devstack: {log_path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    _stop_on_signals()
    stack = LocalStack()
    try:
        stack.start()
        os.environ.update(stack.environ())
        out, err = sys.stdout, sys.stderr
        # Handler logs, metrics and warnings (what CloudWatch would get) go to the log;
        # outputs to stdout, this tool's own lines to stderr. The handlers bind their log
        # stream when `dispatcher()` loads them.
        with log_path.open("w", encoding="utf-8") as log, contextlib.redirect_stdout(log), \
                contextlib.redirect_stderr(log):
            return run_local(stack, args, out, err)
    except KeyboardInterrupt:
        return 0
    finally:
        stack.stop()
        print(f"devstack: outputs copied to {args.out}/; handler logs and metrics: "
              f"{log_path}", file=sys.stderr)


def _stop_on_signals() -> None:
    """Ctrl-C and SIGTERM stop the local stack cleanly (server stopped, outputs copied).
    A process started in the background by a non-interactive shell inherits SIGINT
    ignored, and Python then leaves it so: `--watch` would never stop on Ctrl-C."""
    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, stop)


def run_local(stack: LocalStack, args: argparse.Namespace, out: Any, err: Any) -> int:
    assert stack.names is not None
    names, s3, sqs = stack.names, stack.client("s3"), stack.client("sqs")
    dispatcher = stack.dispatcher()
    drop_files(s3, names.bucket, args.drop, args.prefix)
    queue_urls(sqs, names.urls_queue_url, args.url)
    if not args.watch:
        dispatcher.drain()
        keys = output_keys(s3, names.bucket, set())
        print_outputs(s3, names.bucket, keys, out)
        mirror_outputs(s3, names.bucket, keys, args.out)
        dead = sum(_depth(sqs, q) for q in (names.objects_dlq_url, names.urls_dlq_url))
        return verdict(failed_records(s3, names.bucket, keys), unsupported_drops(args.drop),
                       [f"{dead} message(s) in the dead-letter queues"] if dead else [], err)
    print(f"devstack: AWS API at {stack.endpoint} (any credentials), bucket "
          f"{names.bucket}, URL queue {names.urls_queue_url}; Ctrl-C stops", file=out,
          flush=True)
    verdict([], unsupported_drops(args.drop), [], err)
    seen: set[str] = set()
    next_tick = 0.0
    while True:
        if time.monotonic() >= next_tick:
            stack.tick()
            next_tick = time.monotonic() + args.tick_s
        dispatcher.poll(wait_s=1)
        new = output_keys(s3, names.bucket, seen)
        print_outputs(s3, names.bucket, new, out)
        mirror_outputs(s3, names.bucket, new, args.out)
        seen.update(new)
        out.flush()


def verdict(failed: list[tuple[str, str]], unsupported: list[Path], missing: list[str],
            err: Any = None) -> int:
    """Name what did not convert (on `err`, stderr by default); the exit code (0 all
    converted, 1 not)."""
    err = err or sys.stderr
    for key, error in failed:
        print(f"devstack: failed: {key} ({error})", file=err)
    for path in unsupported:
        print(f"devstack: not converted: {path} (no notification fires for its suffix; "
              "sources are " + " ".join(SOURCE_SUFFIXES) + ")", file=err)
    for line in missing:
        print(f"devstack: {line}", file=err)
    return 1 if failed or unsupported or missing else 0


def _depth(sqs: Any, queue_url: str) -> int:
    attrs = sqs.get_queue_attributes(QueueUrl=queue_url,
                                     AttributeNames=["ApproximateNumberOfMessages"])
    return int(attrs["Attributes"]["ApproximateNumberOfMessages"])


def run_against_aws(args: argparse.Namespace) -> int:
    """Drop files and URLs into the deployed stack and wait for their records. AWS that
    cannot be reached (no credentials, no region, no network, access denied) is one
    line and exit 2."""
    from botocore.exceptions import BotoCoreError, ClientError

    try:
        bucket, queue = os.environ[r.ENV_BUCKET], os.environ[r.ENV_URLS_QUEUE]
    except KeyError as exc:
        print(f"devstack --aws: set {exc.args[0]} (from the stack's outputs)",
              file=sys.stderr)
        return 2
    try:
        return _feed_aws(args, bucket, queue)
    except (BotoCoreError, ClientError) as exc:
        print(f"devstack --aws: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2


def _feed_aws(args: argparse.Namespace, bucket: str, queue: str) -> int:
    import boto3

    from webfold.outputs import RECORD_SUFFIX, output_stem
    from webfold.pipeline.keys import scrape_stem

    s3, sqs = boto3.client("s3"), boto3.client("sqs")
    unsupported = unsupported_drops(args.drop)
    dropped = drop_files(s3, bucket, [p for p in args.drop if p not in unsupported],
                         args.prefix)
    queue_urls(sqs, queue, args.url)
    stems = [output_stem(k) for k in dropped] + [scrape_stem(u) for u in args.url]
    expected = [stem + RECORD_SUFFIX for stem in stems]
    deadline = time.monotonic() + args.wait_s
    pending = list(expected)
    while pending and time.monotonic() < deadline:
        pending = [k for k in pending if not _exists(s3, bucket, k)]
        if pending:
            time.sleep(2)
    arrived = [k for k in expected if k not in pending]
    print_outputs(s3, bucket, arrived)
    mirror_outputs(s3, bucket, arrived, args.out)
    print(f"devstack: records copied to {args.out}/", file=sys.stderr)
    return verdict(failed_records(s3, bucket, arrived), unsupported,
                   [f"{key}: not there after {args.wait_s:g} s" for key in pending])


def _exists(s3: Any, bucket: str, key: str) -> bool:
    from botocore.exceptions import ClientError

    try:
        s3.head_object(Bucket=bucket, Key=key)
    except ClientError:
        return False
    return True
