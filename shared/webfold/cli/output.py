"""Output helpers shared by the subcommands: reading input, printing a document (Markdown,
record, chunks), writing the output items of `webfold.outputs` to files, a progress bar.
Kept light: converters are imported only by the function that streams an archive.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from webfold.outputs import OutputItem, archive_record_items, document_items


def add_select_options(parser: argparse.ArgumentParser) -> None:
    """`--all-blocks | --precision`: the selection mode; `args.select` is None when neither
    is given (`webfold.convert` then takes `Settings.select`: "main" unless WEBFOLD_SELECT
    says)."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--all-blocks", dest="select", action="store_const", const="all",
                       help="keep every visible block (no main-content selection)")
    group.add_argument("--precision", dest="select", action="store_const", const="precision",
                       help="stricter main-content selection")


def add_output_options(parser: argparse.ArgumentParser) -> None:
    """`--json`, `--chunk N`, `--jsonl`: how one document is printed."""
    parser.add_argument("--json", action="store_true",
                        help="print the JSON record with the Markdown inside")
    parser.add_argument("--chunk", type=int, metavar="N",
                        help="print chunks of about N characters (heading/page bounds) as JSON")
    parser.add_argument("--jsonl", action="store_true", help="with --chunk: one chunk per line")


def check_output_options(args: argparse.Namespace) -> None:
    """Raise ValueError for option combinations that make no sense."""
    if args.jsonl and not args.chunk:
        raise ValueError("--jsonl needs --chunk")
    if args.chunk is not None and args.chunk < 1:
        raise ValueError("--chunk must be at least 1")


def read_input(path: str) -> bytes:
    """The bytes of `path` ("-" is stdin). Raises OSError with a readable message."""
    if path == "-":
        return sys.stdin.buffer.read()
    file = Path(path)
    if file.is_dir():
        raise IsADirectoryError(f"{path}: is a directory")
    return file.read_bytes()


def print_document(doc: Any, args: argparse.Namespace, stream: TextIO | None = None) -> None:
    """Print `doc` as `args` ask: chunks, the JSON record, or its Markdown (to stdout)."""
    stream = stream or sys.stdout
    if args.chunk:
        print_chunks(doc, args.chunk, jsonl=args.jsonl, stream=stream)
    elif args.json:
        stream.write(json.dumps(doc.record(include_markdown=True), ensure_ascii=False,
                                indent=2) + "\n")
    elif doc.markdown:
        stream.write(doc.markdown)


def print_chunks(doc: Any, size: int, *, jsonl: bool, stream: TextIO | None = None) -> None:
    """Chunks of `doc` as JSON: one object per line (`jsonl`) or one indented array."""
    stream = stream or sys.stdout
    from webfold.chunk import chunk_document

    records = [chunk.record() for chunk in chunk_document(doc, max_chars=size)]
    if jsonl:
        for record in records:
            stream.write(json.dumps(record, ensure_ascii=False) + "\n")
    else:
        stream.write(json.dumps(records, ensure_ascii=False, indent=2) + "\n")


def print_record_line(doc: Any, stream: TextIO | None = None) -> None:
    """The record with its Markdown as one JSON line (for --jsonl runs over many)."""
    stream = stream or sys.stdout
    stream.write(json.dumps(doc.record(include_markdown=True), ensure_ascii=False) + "\n")


def report(prog: str, doc: Any, stream: TextIO | None = None) -> int:
    """Warnings and the error of `doc` on stderr; the exit code (0 ok, 1 failed)."""
    stream = stream or sys.stderr
    for warning in doc.warnings:
        print(f"{prog}: warning: {warning}", file=stream)
    if doc.error is not None:
        print(f"{prog}: {doc.error.code}: {doc.error.message}", file=stream)
        return 1
    return 0


def write_items(items: Iterable[OutputItem]) -> list[Path]:
    """Write each item to the file it names (folders made as needed); returns the paths."""
    written = []
    for item in items:
        path = Path(item.name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(item.data)
        written.append(path)
    return written


def write_document(doc: Any, stem: Path) -> list[Path]:
    """`stem.md` (when converted) and `stem.json`; returns the paths written."""
    return write_items(document_items(str(stem), doc))


def write_archive(archive: Path | BinaryIO, stem: Path, options: Any, *, source: str,
                  size: int, progress: Progress | None = None) -> Any:
    """Stream a WARC (a path or an open file) record by record into
    `stem.parts/<record>.md|json`, then write `stem.json`.

    Memory stays flat whatever the archive's size (`webfold.warc.iter_warc`). Returns
    the counts (`webfold.warc.WarcCounts`); raises OSError when the archive cannot be
    opened or an output cannot be written.
    """
    from webfold.convert import convert
    from webfold.warc import WarcCounts, iter_warc

    counts = WarcCounts()
    for item in iter_warc(archive, convert=convert, options=options):
        counts.add(item)
        if item.document is not None:
            write_items(archive_record_items(str(stem), item.document, item.uri, item.date,
                                             item.offset))
        if progress is not None:
            progress.update(item.offset, f"{counts.records} records")
    write_items(document_items(str(stem), counts.archive_document(source, size),
                               markdown=False))
    return counts


class Progress:
    """A one-line progress bar on a terminal (stderr); silent elsewhere."""

    WIDTH = 30
    INTERVAL_S = 0.1

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        self.total = max(total, 1)
        self.stream = stream = stream or sys.stderr
        self.enabled = stream.isatty()
        self._last = 0.0

    def update(self, done: int, label: str = "") -> None:
        now = time.monotonic()
        if not self.enabled or (now - self._last < self.INTERVAL_S and done < self.total):
            return
        self._last = now
        filled = int(self.WIDTH * done / self.total)
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} {label[-40:]:<40}")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\r" + " " * (self.WIDTH + 60) + "\r")
            self.stream.flush()
