"""`webfold pdf FILE`: one PDF to Markdown (or text, HTML, its JSON record, or chunks).

FILE may be `-` for stdin; `-o FILE` writes the output there. A progress line on a
terminal (stderr) counts the pages read and OCR'd. Exit 0 when converted, 1 when the
document failed (the message or record says why), 2 for unusable arguments or an
unreadable file.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from typing import Any

from webfold.cli import output

_PAGES = re.compile(r"^\s*\d+\s*(?:-\s*\d+\s*)?(?:,\s*\d+\s*(?:-\s*\d+\s*)?)*$")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "pdf", help="convert a PDF (native text, OCR for scanned pages)",
        description="Convert one PDF to Markdown: reading order, headings, tables, and OCR "
                    "for pages without a usable text layer.")
    parser.add_argument("file", metavar="FILE", help="the PDF file (- for stdin)")
    parser.add_argument("--no-ocr", action="store_true",
                        help="never run OCR; pages that need it are listed as skipped")
    parser.add_argument("--ocr-lang", metavar="LANGS",
                        help="Tesseract languages, e.g. eng+deu (default auto: the pack for "
                             "the script Tesseract detects on each page where installed, "
                             "else eng, and a Latin page whose words are French, German "
                             "or Spanish read again with that pack)")
    parser.add_argument("--ocr-max-pages", type=int, metavar="N", help="OCR at most N pages")
    parser.add_argument("--ocr-max-dim", type=int, metavar="PX",
                        help="longest side of a page rendered for OCR, in pixels")
    parser.add_argument("--ocr-timeout", type=float, metavar="S", help="OCR timeout per page")
    parser.add_argument("--pages", metavar="RANGES", help="pages to read, e.g. 1-5 or 1,3,7-9")
    parser.add_argument("--images", metavar="DIR",
                        help="write the images into DIR and point the markers at them")
    output.add_format_options(parser)
    output.add_chunk_options(parser)
    return parser


def parse_pages(text: str) -> tuple[int, ...]:
    """"1-5,8" -> (1, 2, 3, 4, 5, 8). Raises ValueError for anything else."""
    if not _PAGES.match(text):
        raise ValueError(f"--pages: {text!r} is not a page list like 1-5 or 1,3,7-9")
    pages: set[int] = set()
    for part in text.split(","):
        first, _, last = part.partition("-")
        lo, hi = int(first), int(last or first)
        if lo < 1 or hi < lo or hi - lo > 100_000:
            raise ValueError(f"--pages: {part.strip()!r} is not a valid range")
        pages.update(range(lo, hi + 1))
    return tuple(sorted(pages))


def _settings(args: argparse.Namespace) -> Any:
    from webfold.settings import Settings

    changes: dict[str, Any] = {}
    if args.no_ocr:
        changes["ocr"] = False
    for arg, name in (("ocr_lang", "ocr_lang"), ("ocr_max_pages", "ocr_max_pages"),
                      ("ocr_max_dim", "ocr_max_dim"), ("ocr_timeout", "ocr_timeout_s")):
        value = getattr(args, arg)
        if value is not None:
            if not isinstance(value, str) and value < 0:
                raise ValueError(f"--{arg.replace('_', '-')} must not be negative")
            changes[name] = value
    return Settings.from_env(os.environ).replace(**changes)


def run(args: argparse.Namespace) -> int:
    from webfold.contract import ConvertOptions
    from webfold.convert import convert

    try:
        output.check_output_options(args)
        settings = _settings(args)
        pages = parse_pages(args.pages) if args.pages else None
        data = output.read_input(args.file)
    except (OSError, ValueError) as exc:
        print(f"webfold pdf: {output.input_error(exc)}", file=sys.stderr)
        return 2
    progress = output.Progress(0)
    options = ConvertOptions(settings=settings, pages=pages, image_dir=args.images,
                             progress=progress.step)
    filename = None if args.file == "-" else args.file
    doc = convert(data, filename=filename, content_type="application/pdf", options=options)
    progress.close()
    doc.source = filename
    return output.finish("webfold pdf", doc, args)
