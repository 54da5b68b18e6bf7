"""`webfold scrape URL`: fetch a page safely (rendering it when it needs a browser) and
print its Markdown, or `--format text|html|json` (`--json` for short); `-o FILE` writes
it there. Warnings (a `--wait-selector` that never matched ...) go to stderr. Exit 0
done, 1 the page failed (its code on stderr), 2 unusable arguments."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from webfold.cli import output


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "scrape", help="fetch a URL and convert it (renders blocked pages and app shells)",
        description="Fetch URL (guarded against internal addresses, robots.txt respected) "
                    "and print its Markdown. Blocked pages and empty app shells are rendered "
                    "in headless Chromium when one is available.")
    p.add_argument("url", metavar="URL")
    p.add_argument("--render", action="store_true",
                   help="always render in headless Chromium (skip the plain fetch)")
    p.add_argument("--wait-for", type=int, default=0, metavar="MS",
                   help="when rendering, wait this long after the page settles")
    p.add_argument("--wait-selector", metavar="CSS",
                   help="when rendering, wait for this selector instead of network idle")
    p.add_argument("--scroll", action="store_true",
                   help="when rendering, scroll to the bottom to load lazy content")
    p.add_argument("--browser", metavar="WS",
                   help="render in the browser at this DevTools address (ws://...)")
    p.add_argument("--timeout", type=float, metavar="S",
                   help="deadline for the fetch and for rendering, seconds")
    p.add_argument("--allow-loopback", action="store_true",
                   help="allow 127.0.0.0/8 and ::1 (tests, the local stack); nothing else")
    p.add_argument("--ignore-robots", action="store_true", help="do not consult robots.txt")
    output.add_format_options(p)
    output.add_select_options(p)
    return p


def run(args: argparse.Namespace) -> int:
    from webfold import scrape
    from webfold.settings import Settings
    from webfold.web.render import local_renderer

    try:
        output.check_output_options(args)
        settings = Settings.from_env(os.environ)
    except ValueError as exc:
        print(f"webfold scrape: {exc}", file=sys.stderr)
        return 2
    changes: dict[str, object] = {"allow_loopback": args.allow_loopback or settings.allow_loopback}
    if args.timeout is not None:
        if args.timeout <= 0:
            print("webfold scrape: --timeout must be positive", file=sys.stderr)
            return 2
        changes.update(fetch_timeout_s=args.timeout, render_timeout_s=args.timeout)
    settings = settings.replace(**changes)
    doc = scrape(args.url, settings=settings, select=args.select, include_comments=args.comments,
                 render="always" if args.render else "auto",
                 renderer=local_renderer(args.browser), wait_for_ms=max(args.wait_for, 0),
                 wait_selector=args.wait_selector, scroll=args.scroll,
                 respect_robots=False if args.ignore_robots else None)
    return output.finish(f"webfold scrape: {args.url}", doc, args)
