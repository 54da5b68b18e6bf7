"""Output helpers shared by the subcommands: reading input, printing a document (Markdown,
record, chunks), writing side files, a progress bar. Kept light: no converter imports.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, TextIO

# Outputs this tool writes; never taken as inputs when walking folders.
OUTPUT_SUFFIXES = (".md", ".json")
# What a folder walk converts (files named on the command line are converted whatever
# their name).
INPUT_SUFFIXES = (".html", ".htm", ".xhtml", ".shtml", ".pdf", ".warc", ".warc.gz")
PARTS_SUFFIX = ".parts"  # folder beside a WARC holding its records' files


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


def output_stem(source: Path) -> Path:
    """`dir/name.html` -> `dir/name`; `dir/a.warc.gz` -> `dir/a` (outputs add .md/.json)."""
    name = source.name
    lowered = name.lower()
    for suffix in sorted(INPUT_SUFFIXES, key=len, reverse=True):
        if lowered.endswith(suffix) and len(name) > len(suffix):
            return source.with_name(name[: -len(suffix)])
    return source.with_name(source.stem) if source.suffix else source.with_name(name)


def write_side_files(doc: Any, source: Path) -> list[Path]:
    """Write `name.md` (when converted) and `name.json` beside `source`.

    A document with parts (a WARC) also gets `name.parts/NNNN.md|json`, one pair per
    record, numbered from 1 in archive order. Returns the paths written.
    """
    stem = output_stem(source)
    written = write_pair(doc, stem)
    if doc.parts:
        folder = Path(str(stem) + PARTS_SUFFIX)
        folder.mkdir(exist_ok=True)
        for number, part in enumerate(doc.parts, start=1):
            written += write_pair(part, folder / f"{number:04d}")
    return written


def write_pair(doc: Any, stem: Path) -> list[Path]:
    """`stem.md` (when converted) and `stem.json`; returns the paths written."""
    written = []
    if doc.error is None:
        md_path = Path(str(stem) + ".md")
        md_path.write_text(doc.markdown, encoding="utf-8")
        written.append(md_path)
    json_path = Path(str(stem) + ".json")
    json_path.write_text(json.dumps(doc.record(), ensure_ascii=False, indent=2) + "\n",
                         encoding="utf-8")
    written.append(json_path)
    return written


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
