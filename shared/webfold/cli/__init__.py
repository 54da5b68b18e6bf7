"""The `webfold` command line: one module per subcommand, each with `add_parser` and `run`.

Subcommand modules keep heavy imports inside `run`, so `webfold --help` stays fast.
Exit codes: 0 done, 1 some document failed (its record says why), 2 unusable input or
arguments (one line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import importlib
import sys

# Subcommand modules under webfold.cli, in the order `--help` lists them.
SUBCOMMANDS = ("md", "convert", "pdf", "warc", "crawl", "scrape")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="webfold", description="HTML, WARC and PDF to clean Markdown plus a JSON record.")
    parser.add_argument("--version", action="version", version="webfold 0.1.0")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in SUBCOMMANDS:
        module = importlib.import_module(f"webfold.cli.{name}")
        sp = module.add_parser(sub)
        sp.set_defaults(run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        print("webfold: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
