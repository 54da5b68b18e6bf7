"""Output helpers shared by the subcommands: reading input, printing a document (Markdown,
record, chunks), writing the output items of `webfold.outputs` to files, a progress bar.
Kept light: converters are imported only by the function that streams an archive.
"""

from __future__ import annotations

import argparse
import errno
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
    says). `--comments`: `args.comments`, the converter's `include_comments`."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--all-blocks", dest="select", action="store_const", const="all",
                       help="keep every visible block (no main-content selection)")
    group.add_argument("--precision", dest="select", action="store_const", const="precision",
                       help="stricter main-content selection")
    parser.add_argument("--comments", action="store_true",
                        help="keep the reader comments under an article (forum posts are "
                             "kept either way)")


def add_format_options(parser: argparse.ArgumentParser) -> None:
    """`--format`, `--json` (short for `--format json`), `--with-metadata`, `-o FILE`."""
    from webfold.formats import FORMATS

    parser.add_argument("--format", choices=FORMATS, default="markdown",
                        help="what to print: markdown (default), plain text, HTML, or the "
                             "JSON record with the Markdown inside")
    parser.add_argument("--json", dest="format", action="store_const", const="json",
                        help="short for --format json")
    parser.add_argument("--with-metadata", action="store_true",
                        help="Markdown: title, author, date, language, canonical URL and "
                             "source as YAML front matter")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="write to FILE instead of stdout")


def add_many_documents_options(parser: argparse.ArgumentParser, out_help: str) -> None:
    """For commands that print many documents (`warc`, `crawl`): `--out DIR` (described by
    `out_help`) or `--jsonl`, then `add_format_options` and `add_select_options`."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--out", metavar="DIR", help=out_help)
    where.add_argument("--jsonl", dest="format", action="store_const", const="json",
                       help="print one JSON record (with its Markdown) per line")
    add_format_options(parser)
    add_select_options(parser)
    parser.set_defaults(format="markdown")  # --jsonl shares the destination of --format


def check_many_documents_options(args: argparse.Namespace) -> None:
    """`check_output_options`, and `--out DIR` and `-o FILE` are not both given."""
    check_output_options(args)
    if args.out and args.output:
        raise ValueError("--out DIR and -o FILE: choose one")


def add_chunk_options(parser: argparse.ArgumentParser) -> None:
    """`--chunk N`, `--jsonl`: print one document as chunks."""
    parser.add_argument("--chunk", type=int, metavar="N",
                        help="print chunks of about N characters (heading/page bounds) as JSON")
    parser.add_argument("--jsonl", action="store_true", help="with --chunk: one chunk per line")


def check_output_options(args: argparse.Namespace) -> None:
    """Raise ValueError for option combinations that make no sense."""
    chunk = getattr(args, "chunk", None)
    if getattr(args, "jsonl", False) and not chunk:
        raise ValueError("--jsonl needs --chunk")
    if chunk is not None and chunk < 1:
        raise ValueError("--chunk must be at least 1")
    if args.with_metadata and (args.format != "markdown" or chunk):
        raise ValueError("--with-metadata goes with --format markdown")


def read_input(path: str) -> bytes:
    """The bytes of `path` ("-" is stdin). Raises OSError with a readable message."""
    if path == "-":
        return sys.stdin.buffer.read()
    check_input_path(path)
    return Path(path).read_bytes()


def check_input_path(path: str) -> None:
    """Raise OSError when `path` names no file to read: empty (which `Path` would take
    for the working folder) or a folder."""
    if not path:
        raise FileNotFoundError(errno.ENOENT, "an empty path names no file", "''")
    if Path(path).is_dir():
        raise IsADirectoryError(errno.EISDIR, "is a directory", path)


def input_error(exc: BaseException) -> str:
    """One line for an unreadable input or unusable option: "FILE: No such file ..."."""
    if isinstance(exc, OSError) and exc.strerror and exc.filename:
        return f"{exc.filename}: {exc.strerror}"
    return str(exc)


def document_output(doc: Any, args: argparse.Namespace) -> str:
    """`doc` as `args` ask: chunks, or `--format` (see `webfold.formats.render`)."""
    from webfold.formats import render

    if getattr(args, "chunk", None):
        return chunks_output(doc, args.chunk, jsonl=args.jsonl)
    if args.format != "json" and not doc.ok:
        return ""
    return render(doc, args.format, with_metadata=args.with_metadata)


def chunks_output(doc: Any, size: int, *, jsonl: bool) -> str:
    """Chunks of `doc` as JSON: one object per line (`jsonl`) or one indented array."""
    from webfold.chunk import chunk_document

    records = [chunk.record() for chunk in chunk_document(doc, max_chars=size)]
    if jsonl:
        return "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records)
    return json.dumps(records, ensure_ascii=False, indent=2) + "\n"


def write_output(text: str, path: str | None) -> None:
    """`text` to stdout, or into the file `path` ("-" is stdout). Nothing empty is written.
    Raises OSError when the file cannot be written."""
    if not text:
        return
    if path is None or path == "-":
        sys.stdout.write(text)
        return
    Path(path).write_text(text, encoding="utf-8")


def open_output(path: str | None) -> TextIO:
    """stdout, or the file `path` opened for writing (for output written piece by piece).
    Raises OSError."""
    if path is None or path == "-":
        return sys.stdout
    return open(path, "w", encoding="utf-8")  # noqa: SIM115 (the caller closes it)


def record_line(doc: Any) -> str:
    """The record with its Markdown as one JSON line (for --jsonl runs over many)."""
    return json.dumps(doc.record(include_markdown=True), ensure_ascii=False) + "\n"


def emit_document(doc: Any, heading: str, stream: TextIO, args: argparse.Namespace) -> None:
    """One document of many (a WARC's records, a crawl's pages) on `stream`: its JSON line
    for `--format json`, else, when it converted, `heading` (a comment line naming it)
    and the document in `args.format`."""
    from webfold.formats import render

    if args.format == "json":
        stream.write(record_line(doc))
    elif doc.ok:
        body = render(doc, args.format, with_metadata=args.with_metadata).strip()
        if body:
            stream.write(f"{heading}\n\n{body}\n\n")


def finish(prog: str, doc: Any, args: argparse.Namespace) -> int:
    """Write `doc` as `args` ask, report its warnings and error: the exit code (0 done,
    1 the document failed, 2 the output file cannot be written)."""
    try:
        write_output(document_output(doc, args), args.output)
    except OSError as exc:
        print(f"{prog}: {input_error(exc)}", file=sys.stderr)
        return 2
    return report(prog, doc)


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
        if item.document is not None and counts.not_warc is None:
            write_items(archive_record_items(str(stem), item.document, item.uri, item.date,
                                             item.offset))
        if progress is not None:
            progress.update(item.offset, archive_progress(counts, item.offset))
    write_items(document_items(str(stem), counts.archive_document(source, size),
                               markdown=False))
    return counts


def archive_progress(counts: Any, offset: int) -> str:
    """The progress label of an archive being read: records so far and MB read."""
    return f"{counts.records} records, {offset / 1e6:.1f} MB"


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

    def step(self, done: int, total: int, label: str = "") -> None:
        """`done` of `total` (which may change as work is found): the callback the core
        calls through `ConvertOptions.progress`."""
        self.total = max(total, 1)
        self.update(done, label)

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\r" + " " * (self.WIDTH + 60) + "\r")
            self.stream.flush()
