"""`webfold convert PATH... [--out DIR]`: convert files and folders, writing each
source's outputs beside it, or under DIR in the same tree.

For `dir/name.ext` it writes `dir/name.md` (when converted) and `dir/name.json` (always:
the record says why a file failed); with `--out OUT`, `OUT/<path below the folder
given>/name.md|json` instead (a file named on the command line goes to `OUT/name.*`).
A WARC is streamed record by record (any size) into `name.parts/<record>.md|json`, one
pair per record, and `name.json` with its counts (the layout is `webfold.outputs`).
Folders are walked recursively for the source suffixes of `webfold.outputs`; the other
files found there are counted and named as unsupported. Files named on the command line
are converted whatever their extension, except this tool's own .md/.json outputs, which
are not sources (exit 2). A source whose record exists without an error is skipped
unless `--force`; one whose record holds an error is converted again. A progress bar
on a terminal (stderr), a summary line at the end. Exit 0 when all converted, 1 when
any failed, 2 when a PATH does not exist or is not a source (nothing is converted then).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from webfold import outputs
from webfold.cli import output

MAX_NAMED = 10  # unsupported files named in the summary; the rest are counted


@dataclass(slots=True)
class Source:
    """A file to convert and where its outputs go (`target`: the path they are named from)."""

    path: Path
    target: Path


@dataclass(slots=True)
class Walk:
    sources: list[Source] = field(default_factory=list)
    unsupported: list[Path] = field(default_factory=list)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "convert", help="convert files and folders; write name.md and name.json beside each",
        description="Convert HTML, PDF and WARC files (folders are walked) and write "
                    "name.md and name.json beside each source, or under --out DIR.")
    parser.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    parser.add_argument("--out", metavar="DIR",
                        help="write the outputs under DIR, mirroring the input tree")
    parser.add_argument("--force", action="store_true",
                        help="convert again even when the outputs already exist")
    output.add_select_options(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    from webfold.settings import Settings

    problem = _unusable(args.paths)
    if problem:
        print(f"webfold convert: {problem}", file=sys.stderr)
        return 2
    try:
        settings = Settings.from_env(os.environ)
    except ValueError as exc:
        print(f"webfold convert: {exc}", file=sys.stderr)
        return 2
    found = collect_sources(args.paths, Path(args.out) if args.out else None)
    counts = {"converted": 0, "failed": 0, "skipped": 0}
    progress = output.Progress(len(found.sources))
    started = time.monotonic()
    for done, source in enumerate(found.sources, start=1):
        progress.update(done - 1, source.path.name)
        outcome = convert_one(source, args.select, settings, args.force,
                              include_comments=args.comments)
        counts[outcome] += 1
        if outcome == "failed":
            progress.close()
            print(f"webfold convert: failed: {source.path} (see its .json)", file=sys.stderr)
    progress.update(len(found.sources))
    progress.close()
    elapsed = time.monotonic() - started
    print(f"webfold convert: {counts['converted']} converted, {counts['failed']} failed, "
          f"{counts['skipped']} skipped{_unsupported(found.unsupported)} in {elapsed:.1f} s",
          file=sys.stderr)
    if args.out:
        print(f"webfold convert: outputs in {args.out}", file=sys.stderr)
    return 1 if counts["failed"] else 0


def _unusable(paths: list[str]) -> str | None:
    for name in paths:
        if not os.path.exists(name):
            return f"{name}: no such file or folder"
        if os.path.isfile(name) and name.lower().endswith(outputs.OUTPUT_SUFFIXES):
            return f"{name}: not a source (.md and .json are what this tool writes)"
    return None


def _unsupported(paths: list[Path]) -> str:
    if not paths:
        return ""
    names = ", ".join(str(p) for p in paths[:MAX_NAMED])
    more = f" and {len(paths) - MAX_NAMED} more" if len(paths) > MAX_NAMED else ""
    return f", {len(paths)} unsupported ({names}{more})"


def collect_sources(paths: list[str], out_dir: Path | None = None) -> Walk:
    """The files to convert, in order (named files as given, folders walked sorted), and
    the files a walk found that no converter reads."""
    found = Walk()
    seen: set[Path] = set()
    for name in paths:
        path = Path(name)
        for file, relative in _files(path, found):
            if file not in seen:
                seen.add(file)
                target = file if out_dir is None else out_dir / relative
                found.sources.append(Source(file, target))
    return found


def _files(path: Path, found: Walk) -> Iterator[tuple[Path, Path]]:
    if not path.is_dir():
        yield path, Path(path.name)
        return
    for file in sorted(path.rglob("*")):
        if not file.is_file() or _inside_parts(file, path):
            continue
        if _is_input(file):
            yield file, file.relative_to(path)
        elif not file.name.lower().endswith(outputs.OUTPUT_SUFFIXES):
            found.unsupported.append(file)


def convert_one(source: Source, select: str | None, settings: Any, force: bool, *,
                include_comments: bool = False) -> str:
    """Convert one file and write its outputs: "converted", "failed" or "skipped"."""
    stem = Path(outputs.output_stem(str(source.target)))
    if not force and _done(Path(str(stem) + outputs.RECORD_SUFFIX)):
        return "skipped"
    try:
        stem.parent.mkdir(parents=True, exist_ok=True)
        ok = _convert_file(source.path, stem, select, settings, include_comments)
    except OSError as exc:
        print(f"webfold convert: cannot write the outputs of {source.path}: "
              f"{exc.strerror or exc}", file=sys.stderr)
        return "failed"
    return "converted" if ok else "failed"


def _done(record_path: Path) -> bool:
    """Whether a record exists there and says the conversion worked (errors are retried)."""
    try:
        record = json.loads(record_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(record, dict) and record.get("error") is None


def _convert_file(source: Path, stem: Path, select: str | None, settings: Any,
                  include_comments: bool) -> bool:
    """Convert and write; True when converted. A WARC streams, anything else is read
    whole (under the cap). Raises OSError when an output cannot be written."""
    from webfold.contract import ConvertOptions
    from webfold.convert import convert
    from webfold.document import failed
    from webfold.sniff import StreamInfo, sniff

    info = StreamInfo.from_hints(url=None, content_type=None, filename=str(source))
    try:
        with source.open("rb") as handle:
            head = handle.read(4096)
            data = None if sniff(head, info) == "warc" else head + handle.read()
    except OSError as exc:
        doc = failed("unknown", "bad_input", f"cannot read the file: {exc.strerror or exc}",
                     source=str(source))
    else:
        if data is None:
            options = ConvertOptions(select=select, settings=settings,
                                     include_comments=include_comments)
            counts = output.write_archive(source, stem, options, source=str(source),
                                          size=source.stat().st_size)
            return counts.verdict()[0] is None
        doc = convert(data, filename=str(source), select=select,
                      include_comments=include_comments, settings=settings)
    doc.source = str(source)
    output.write_document(doc, stem)
    return doc.ok


def _is_input(path: Path) -> bool:
    return outputs.source_suffix(path.name) is not None


def _inside_parts(path: Path, root: Path) -> bool:
    """Whether `path` sits in a `name.parts/` folder this tool wrote for a WARC."""
    return any(p.name.endswith(outputs.PARTS_SUFFIX) for p in path.relative_to(root).parents)
