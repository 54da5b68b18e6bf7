"""`webfold warc FILE.warc[.gz] [--out DIR | --jsonl]`: convert every HTML/PDF record.

Streams the archive (memory stays flat whatever its size); FILE may be `-` for stdin.
`--out DIR` writes what `webfold convert` writes beside the archive, into DIR:
`DIR/name.parts/<record>.md|json` and `DIR/name.json` (the layout is `webfold.outputs`;
`stdin` names an archive read from `-`). Without `--out`, prints each converted record
(`--format markdown`, the default, `text` or `html`) under a comment naming its URI and
date; `--jsonl` (or `--format json`) prints one JSON record per line; `-o FILE` writes
what would be printed into FILE. A progress line goes to stderr on a terminal (records,
MB read); a summary of counts always does. Exit 0 when no record failed, 1 when some did
or the file is not a WARC (`not_warc`), 2 when the file cannot be opened or an output
cannot be written.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from webfold.cli import output

STDIN_NAME = "stdin.warc"  # what `--out` names an archive read from `-`


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "warc", help="convert the HTML and PDF responses of a WARC archive",
        description="Convert every HTML/PDF response record of a WARC (.warc or .warc.gz).")
    parser.add_argument("file", metavar="FILE", help="a .warc or .warc.gz file (- for stdin)")
    output.add_many_documents_options(
        parser, out_help="write DIR/name.json and one .md and .json per record in DIR/name.parts/")
    return parser


def run(args: argparse.Namespace) -> int:
    from webfold.contract import ConvertOptions
    from webfold.settings import Settings

    try:
        output.check_many_documents_options(args)
        settings = Settings.from_env(os.environ)
        handle, size = _open(args.file)
        out_dir = Path(args.out) if args.out else None
        if out_dir is not None:
            out_dir.mkdir(parents=True, exist_ok=True)
        stream = output.open_output(args.output) if out_dir is None else sys.stdout
    except (OSError, ValueError) as exc:
        print(f"webfold warc: {output.input_error(exc)}", file=sys.stderr)
        return 2
    progress = output.Progress(size)
    options = ConvertOptions(select=args.select, settings=settings,
                             include_comments=args.comments)
    with handle:
        try:
            counts = _convert(handle, args, options, out_dir, stream, size, progress)
        except OSError as exc:
            progress.close()
            print(f"webfold warc: {output.input_error(exc)}", file=sys.stderr)
            return 2
        finally:
            if stream is not sys.stdout:
                stream.close()
    progress.close()
    if counts.not_warc is not None:
        print(f"webfold warc: {args.file}: not_warc: {counts.not_warc}", file=sys.stderr)
        return 1
    print(f"webfold warc: {args.file}: {counts.summary()}", file=sys.stderr)
    if counts.records == 0:
        print("webfold warc: no WARC records found", file=sys.stderr)
        return 1
    return 1 if counts.failed else 0


def _open(path: str) -> tuple[BinaryIO, int]:
    """The archive and its size in bytes (0 for stdin: the progress shows MB only)."""
    if path == "-":
        return os.fdopen(os.dup(sys.stdin.fileno()), "rb"), 0
    output.check_input_path(path)
    return open(path, "rb"), os.path.getsize(path)  # noqa: SIM115 (closed by the caller)


def _convert(handle: BinaryIO, args: argparse.Namespace, options: Any, out_dir: Path | None,
             stream: TextIO, size: int, progress: output.Progress) -> Any:
    from webfold.convert import convert
    from webfold.outputs import output_stem
    from webfold.warc import WarcCounts, iter_warc, record_heading

    if out_dir is not None:
        name = STDIN_NAME if args.file == "-" else Path(args.file).name
        return output.write_archive(handle, out_dir / output_stem(name), options,
                                    source=args.file, size=size, progress=progress)
    counts = WarcCounts()
    for item in iter_warc(handle, convert=convert, options=options):
        counts.add(item)
        if item.document is not None and counts.not_warc is None:
            output.emit_document(item.document, record_heading(item.document), stream, args)
        progress.update(item.offset, output.archive_progress(counts, item.offset))
    return counts

