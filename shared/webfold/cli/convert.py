"""`webfold convert PATH...`: convert files and folders, writing outputs beside each source.

For `dir/name.ext` it writes `dir/name.md` (when converted) and `dir/name.json` (always:
the record says why a file failed). A WARC is streamed record by record (any size) into
`dir/name.parts/<record>.md|json`, one pair per record, and `dir/name.json` with its
counts (the layout is `webfold.outputs`). Folders are walked recursively for the source
suffixes of `webfold.outputs`; files named on the command line are converted whatever
their extension, except this tool's own .md/.json outputs, which are never inputs. A source
whose `name.json` already exists is skipped unless `--force`. A progress bar on a
terminal (stderr), a summary line at the end. Exit 0 when all converted, 1 when any
failed, 2 when a PATH does not exist (nothing is converted then).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from webfold import outputs
from webfold.cli import output


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "convert", help="convert files and folders; write name.md and name.json beside each",
        description="Convert HTML, PDF and WARC files (folders are walked) and write "
                    "name.md and name.json beside each source.")
    parser.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    parser.add_argument("--force", action="store_true",
                        help="convert again even when the outputs already exist")
    output.add_select_options(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    from webfold.settings import Settings

    missing = [p for p in args.paths if not os.path.exists(p)]
    if missing:
        print(f"webfold convert: {missing[0]}: no such file or folder", file=sys.stderr)
        return 2
    try:
        settings = Settings.from_env(os.environ)
    except ValueError as exc:
        print(f"webfold convert: {exc}", file=sys.stderr)
        return 2
    sources = list(dict.fromkeys(collect_sources(args.paths)))
    counts = {"converted": 0, "failed": 0, "skipped": 0}
    progress = output.Progress(len(sources))
    started = time.monotonic()
    for done, source in enumerate(sources, start=1):
        progress.update(done - 1, source.name)
        outcome = convert_one(source, args.select, settings, args.force)
        counts[outcome] += 1
        if outcome == "failed":
            progress.close()
            print(f"webfold convert: failed: {source} (see its .json)", file=sys.stderr)
    progress.update(len(sources))
    progress.close()
    elapsed = time.monotonic() - started
    print(f"webfold convert: {counts['converted']} converted, {counts['failed']} failed, "
          f"{counts['skipped']} skipped in {elapsed:.1f} s", file=sys.stderr)
    return 1 if counts["failed"] else 0


def collect_sources(paths: list[str]) -> Iterator[Path]:
    """The files to convert, in order: named files as given, folders walked (sorted)."""
    for name in paths:
        path = Path(name)
        if path.is_dir():
            for found in sorted(path.rglob("*")):
                if found.is_file() and _is_input(found) and not _inside_parts(found, path):
                    yield found
        elif not path.name.lower().endswith(outputs.OUTPUT_SUFFIXES):
            yield path


def convert_one(source: Path, select: str | None, settings: Any, force: bool) -> str:
    """Convert one file and write its outputs: "converted", "failed" or "skipped"."""
    stem = Path(outputs.output_stem(str(source)))
    if not force and Path(str(stem) + outputs.RECORD_SUFFIX).exists():
        return "skipped"
    try:
        ok = _convert_file(source, stem, select, settings)
    except OSError as exc:
        print(f"webfold convert: cannot write beside {source}: {exc.strerror or exc}",
              file=sys.stderr)
        return "failed"
    return "converted" if ok else "failed"


def _convert_file(source: Path, stem: Path, select: str, settings: Any) -> bool:
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
            options = ConvertOptions(select=select, settings=settings)
            counts = output.write_archive(source, stem, options, source=str(source),
                                          size=source.stat().st_size)
            return counts.verdict()[0] is None
        doc = convert(data, filename=str(source), select=select, settings=settings)
    doc.source = str(source)
    output.write_document(doc, stem)
    return doc.ok


def _is_input(path: Path) -> bool:
    return outputs.source_suffix(path.name) is not None


def _inside_parts(path: Path, root: Path) -> bool:
    """Whether `path` sits in a `name.parts/` folder this tool wrote for a WARC."""
    return any(p.name.endswith(outputs.PARTS_SUFFIX) for p in path.relative_to(root).parents)
