"""`webfold md FILE`: one document (HTML, or any type the converter reads) to Markdown.

Prints the Markdown, or `--format text|html|json` (`--json` for short), or with
`--chunk N` the chunks as JSON (`--jsonl`: one per line); `-o FILE` writes it there.
FILE may be `-` for stdin. Exit 0 when converted, 1 when the document failed (stderr
and the record say why), 2 for an unreadable file or unusable options (one line on
stderr).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from webfold.cli import output


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "md", help="convert one document to Markdown on stdout",
        description="Convert one document (HTML, XHTML, PDF, WARC, DOCX, PPTX, XLSX, ODS, "
                    "CSV, EPUB) to clean Markdown.")
    parser.add_argument("file", metavar="FILE", help="the document (- for stdin)")
    parser.add_argument("--base", metavar="URL",
                        help="the page's address: relative links are resolved against it")
    parser.add_argument("--images", metavar="DIR",
                        help="write the images of a PDF, DOCX, PPTX or EPUB into DIR and point "
                             "the markers at them")
    output.add_format_options(parser)
    output.add_chunk_options(parser)
    output.add_select_options(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    from webfold.contract import ConvertOptions
    from webfold.convert import convert
    from webfold.settings import Settings

    if args.file.lower().startswith(("http://", "https://")):
        print(f"webfold md: {args.file} is a URL: use `webfold scrape {args.file}`",
              file=sys.stderr)
        return 2
    try:
        output.check_output_options(args)
        settings = Settings.from_env(os.environ)
        data = output.read_input(args.file)
    except (OSError, ValueError) as exc:
        print(f"webfold md: {output.input_error(exc)}", file=sys.stderr)
        return 2
    filename = None if args.file == "-" else args.file
    doc = convert(data, url=args.base, filename=filename, select=args.select,
                  include_comments=args.comments, settings=settings,
                  options=ConvertOptions(image_dir=args.images))
    if doc.source is None or doc.source == args.base:
        doc.source = filename or args.base
    return output.finish("webfold md", doc, args)
