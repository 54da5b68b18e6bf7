"""`webfold warc FILE.warc[.gz] [--out DIR | --jsonl]`: convert every HTML/PDF record.

Streams the archive (memory stays flat whatever its size). `--out DIR` writes what
`webfold convert` writes beside the archive, into DIR: `DIR/name.parts/<record>.md|json`
and `DIR/name.json` (the layout is `webfold.outputs`). Without `--out` or `--jsonl`,
prints each converted record's Markdown under a comment naming its URI and date. A
progress bar goes to stderr on a terminal; a summary of counts always does.
Exit 0 when no record failed, 1 when some did (their records say why), 2 when the file
cannot be opened.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from webfold.cli.output import Progress, add_select_options, print_record_line, write_archive


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "warc", help="convert the HTML and PDF responses of a WARC archive",
        description="Convert every HTML/PDF response record of a WARC (.warc or .warc.gz).")
    parser.add_argument("file", metavar="FILE", help="a .warc or .warc.gz file")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--out", metavar="DIR",
                       help="write DIR/name.json and one .md and .json per record in "
                            "DIR/name.parts/")
    where.add_argument("--jsonl", action="store_true",
                       help="print one JSON record (with its Markdown) per line")
    add_select_options(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    from webfold.contract import ConvertOptions
    from webfold.settings import Settings

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
    progress = Progress(size)
    options = ConvertOptions(select=args.select, settings=settings)
    with handle:
        try:
            counts = _convert(handle, args, options, out_dir, size, progress)
        except OSError as exc:
            progress.close()
            print(f"webfold warc: {exc}", file=sys.stderr)
            return 2
    progress.close()
    print(f"webfold warc: {args.file}: {counts.summary()}", file=sys.stderr)
    if counts.records == 0:
        print("webfold warc: no WARC records found", file=sys.stderr)
        return 1
    return 1 if counts.failed else 0


def _convert(handle: Any, args: argparse.Namespace, options: Any, out_dir: Path | None,
             size: int, progress: Progress) -> Any:
    from webfold.convert import convert
    from webfold.outputs import output_stem
    from webfold.warc import WarcCounts, iter_warc, part_markdown

    if out_dir is not None:
        stem = out_dir / output_stem(Path(args.file).name)
        return write_archive(handle, stem, options, source=args.file, size=size,
                             progress=progress)
    counts = WarcCounts()
    for item in iter_warc(handle, convert=convert, options=options):
        counts.add(item)
        doc = item.document
        if doc is not None and args.jsonl:
            print_record_line(doc)
        elif doc is not None and doc.ok and doc.markdown:
            print(part_markdown(doc))
        progress.update(item.offset, f"{counts.records} records")
    return counts
