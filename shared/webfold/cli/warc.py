"""`webfold warc FILE.warc[.gz] [--out DIR | --jsonl]`: convert every HTML/PDF record.

Streams the archive (memory stays flat whatever its size). Without `--out` or
`--jsonl`, prints each converted record's Markdown under a comment naming its URI and
date. A progress bar goes to stderr on a terminal; a summary of counts always does.
Exit 0 when no record failed, 1 when some did (their records say why), 2 when the file
cannot be opened.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from webfold.cli.output import Progress, add_select_options, print_record_line, write_pair


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "warc", help="convert the HTML and PDF responses of a WARC archive",
        description="Convert every HTML/PDF response record of a WARC (.warc or .warc.gz).")
    parser.add_argument("file", metavar="FILE", help="a .warc or .warc.gz file")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--out", metavar="DIR",
                       help="write one .md and one .json per record into DIR")
    where.add_argument("--jsonl", action="store_true",
                       help="print one JSON record (with its Markdown) per line")
    add_select_options(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    from webfold.contract import ConvertOptions
    from webfold.convert import convert
    from webfold.settings import Settings
    from webfold.warc import WarcCounts, iter_warc

    try:
        settings = Settings.from_env(os.environ)
        size = os.path.getsize(args.file)
        out_dir = Path(args.out) if args.out else None
        if out_dir is not None:
            out_dir.mkdir(parents=True, exist_ok=True)
        handle = open(args.file, "rb")  # closed by the with-block below
    except (OSError, ValueError) as exc:
        print(f"webfold warc: {exc}", file=sys.stderr)
        return 2
    counts = WarcCounts()
    progress = Progress(size)
    with handle:
        options = ConvertOptions(select=args.select, settings=settings)
        for item in iter_warc(handle, convert=convert, options=options):
            counts.add(item)
            if item.document is not None:
                _emit(item, out_dir, args.jsonl)
            progress.update(item.offset, f"{counts.records} records")
    progress.close()
    print(f"webfold warc: {args.file}: {counts.summary()}", file=sys.stderr)
    if counts.records == 0:
        print("webfold warc: no WARC records found", file=sys.stderr)
        return 1
    return 1 if counts.failed else 0


def _emit(item: Any, out_dir: Path | None, jsonl: bool) -> None:
    from webfold.warc import part_markdown, record_stem

    doc = item.document
    if jsonl:
        print_record_line(doc)
    elif out_dir is not None:
        write_pair(doc, out_dir / record_stem(item.uri, item.date, item.offset))
    elif doc.ok and doc.markdown:
        print(part_markdown(doc))
