"""`webfold crawl DIR|URL [--max-pages N]`: convert one site's pages, minus its template.

DIR is a folder of saved pages; URL starts a breadth-first crawl of same-origin links
(robots.txt respected, every hop guarded). Blocks that recur across the pages (menus,
footers, cookie notices) are dropped, and the summary on stderr says how many.
Output as for `webfold warc`: each converted page on stdout under a comment naming it
(`--format markdown`, the default, `text` or `html`), `--jsonl` (or `--format json`) one
JSON record per line, `-o FILE` what would be printed into FILE, or `--out DIR` one
`.md` and `.json` per page. Exit 0 when every page converted, 1 when some failed, 2 for
unusable arguments or an output that cannot be written.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from webfold.cli import output


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "crawl", help="convert the pages of one site and drop its repeated template",
        description="Convert a folder of saved pages, or crawl a site from URL, and remove "
                    "blocks that recur across its pages.")
    parser.add_argument("target", metavar="DIR|URL", help="a folder of pages or a start URL")
    parser.add_argument("--max-pages", type=int, metavar="N",
                        help="page budget (default: WEBFOLD_CRAWL_MAX_PAGES or 50)")
    parser.add_argument("--allow-loopback", action="store_true",
                        help="let the crawl reach 127.0.0.0/8 and ::1 (tests, local stack)")
    output.add_many_documents_options(parser, out_help="write one .md and one .json per page")
    return parser


def run(args: argparse.Namespace) -> int:
    from webfold.contract import ConvertOptions
    from webfold.settings import Settings
    from webfold.web.crawl import crawl_folder, crawl_site

    try:
        output.check_many_documents_options(args)
        settings = Settings.from_env(os.environ)
    except ValueError as exc:
        print(f"webfold crawl: {exc}", file=sys.stderr)
        return 2
    if args.max_pages is not None:
        if args.max_pages < 1:
            print("webfold crawl: --max-pages must be at least 1", file=sys.stderr)
            return 2
        settings = settings.replace(crawl_max_pages=args.max_pages)
    if args.allow_loopback:
        settings = settings.replace(allow_loopback=True)
    progress = output.Progress(settings.crawl_max_pages)
    options = ConvertOptions(select=args.select, settings=settings,
                             include_comments=args.comments)
    if Path(args.target).is_dir():
        result = crawl_folder(args.target, options=options)
    elif args.target.startswith(("http://", "https://")):
        result = crawl_site(args.target, options=options, progress=progress.step)
        progress.close()
    else:
        print(f"webfold crawl: {args.target}: not a folder or an http(s) URL", file=sys.stderr)
        return 2
    try:
        _write(result.documents, args)
    except OSError as exc:
        print(f"webfold crawl: {output.input_error(exc)}", file=sys.stderr)
        return 2
    print(f"webfold crawl: {args.target}: {result.summary()}", file=sys.stderr)
    return 1 if result.failed or not result.documents else 0


def _write(documents: list[Any], args: argparse.Namespace) -> None:
    from webfold.markdown import comment_line
    from webfold.outputs import record_stem

    if args.out:
        out_dir = Path(args.out)
        out_dir.mkdir(parents=True, exist_ok=True)
        for index, doc in enumerate(documents):
            output.write_document(doc, out_dir / record_stem(doc.source, None, index))
        return
    stream = output.open_output(args.output)
    try:
        for doc in documents:
            heading = comment_line("webfold:page", doc.source or "")
            output.emit_document(doc, heading, stream, args)
    finally:
        if stream is not sys.stdout:
            stream.close()
