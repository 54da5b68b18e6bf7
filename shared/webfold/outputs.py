"""What counts as a source and what the outputs of a document are called: one home.

Pure: names and bytes, no I/O. The CLI writes these items to files, the pipeline to S3
objects; the S3 notifications, the IAM read grants, the CLI's folder walk and the
sniffer's extension hints all read the suffixes here.

Layout, for a source `dir/name.ext` (its stem is `dir/name`):

    dir/name.md                      the Markdown (when converted)
    dir/name.json                    the JSON record (always: it says why a source failed)
    dir/name.parts/<record>.md|json  a WARC's records, one pair each

A record's name is `<host_path>-<hash>`, the hash over its target URI, WARC-Date and
byte offset (`record_stem`). Two choices, each for a reason:

- Named from the record, not numbered: the same archive gives the same names on every
  run, and a record that starts (or stops) converting does not shift the names of the
  records after it, so a re-run overwrites each record's outputs with its own.
- The folder is `name.parts/`, not `name.warc/`: a folder named after the archive would
  collide with the archive `name.warc` itself on a file system, and no output (folder
  or file) may end in a source suffix, or writing it would trigger another conversion.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

HTML_SUFFIXES = (".html", ".htm", ".xhtml", ".shtml")
PDF_SUFFIXES = (".pdf",)
WARC_SUFFIXES = (".warc", ".warc.gz")
DOCX_SUFFIXES = (".docx",)
PPTX_SUFFIXES = (".pptx",)
XLSX_SUFFIXES = (".xlsx",)
ODS_SUFFIXES = (".ods",)
EPUB_SUFFIXES = (".epub",)
CSV_SUFFIXES = (".csv",)
OFFICE_SUFFIXES = DOCX_SUFFIXES + PPTX_SUFFIXES + XLSX_SUFFIXES + ODS_SUFFIXES + EPUB_SUFFIXES
# Names that are converted: by the CLI's folder walk, by an S3 notification, by the IAM
# read grant. S3 suffix filters are case-sensitive (these are lowercase); the CLI
# matches them whatever the case.
SOURCE_SUFFIXES = HTML_SUFFIXES + PDF_SUFFIXES + WARC_SUFFIXES + OFFICE_SUFFIXES + CSV_SUFFIXES

# Formats people drop in that no converter reads: extension -> what it is, for the
# `unsupported_type` message. One that becomes a source suffix is no longer described.
UNSUPPORTED_FORMATS: dict[str, str] = {
    ".doc": "a Word 97-2003 document", ".odt": "an OpenDocument text",
    ".xls": "an Excel 97-2003 workbook", ".ppt": "a PowerPoint 97-2003 presentation",
    ".rtf": "an RTF document",
    ".png": "an image", ".jpg": "an image", ".jpeg": "an image", ".gif": "an image",
    ".webp": "an image", ".tiff": "an image", ".zip": "a ZIP archive",
}


def describe_extension(extension: str | None) -> str | None:
    """What a file with `extension` is when no converter reads it ("a Word document");
    None for a source suffix or an extension not in `UNSUPPORTED_FORMATS`."""
    if not extension or extension in SOURCE_SUFFIXES:
        return None
    return UNSUPPORTED_FORMATS.get(extension)


MARKDOWN_SUFFIX = ".md"
RECORD_SUFFIX = ".json"
OUTPUT_SUFFIXES = (MARKDOWN_SUFFIX, RECORD_SUFFIX)  # never a source
PARTS_SUFFIX = ".parts"  # the folder beside a WARC holding its records' outputs
MARKDOWN_CONTENT_TYPE = "text/markdown; charset=utf-8"
RECORD_CONTENT_TYPE = "application/json"

_UNSAFE_STEM = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(frozen=True, slots=True)
class OutputItem:
    """One output: its name (a path or an object key), its bytes and content type."""

    name: str
    data: bytes
    content_type: str


def source_suffix(name: str) -> str | None:
    """The source suffix `name` ends with, whatever its case (`.warc.gz` wins over a
    shorter match), or None."""
    lowered = name.lower()
    for suffix in sorted(SOURCE_SUFFIXES, key=len, reverse=True):
        if lowered.endswith(suffix) and len(name) > len(suffix):
            return suffix
    return None


def output_stem(name: str) -> str:
    """`dir/name.html` -> `dir/name`, `dir/a.warc.gz` -> `dir/a`: what outputs are named after.

    A name without a source suffix loses its last extension (`notes.txt` -> `notes`).
    Raises ValueError for an output name (`.md`, `.json`): converting an output would
    overwrite it.
    """
    suffix = source_suffix(name)
    if suffix is not None:
        return name[: -len(suffix)]
    if name.lower().endswith(OUTPUT_SUFFIXES):
        raise ValueError(f"an output, not a source: {name!r}")
    head, _, base = name.rpartition("/")
    if "." in base.lstrip("."):
        base = base[: base.rindex(".")]
    return f"{head}/{base}" if head else base


def parts_prefix(stem: str) -> str:
    """`dir/name` -> `dir/name.parts/`, where a WARC's record outputs go."""
    return stem + PARTS_SUFFIX + "/"


def record_stem(uri: str | None, date: str | None, offset: int) -> str:
    """The name of one record (or crawled page): readable from its URI, made unique by a
    hash of all three arguments.

    Only `[A-Za-z0-9._-]`, no leading dot, at most about 130 characters: it can never
    name a folder or step out of the one it is written into.
    """
    try:
        parts = urlsplit(uri or "")
        readable = f"{parts.hostname}{parts.path}" if parts.hostname else (uri or "record")
        if parts.hostname and parts.query:
            readable += "_" + parts.query
    except ValueError:  # e.g. a malformed IPv6 host
        readable = "record"
    readable = _UNSAFE_STEM.sub("_", readable).strip("._-")[:120] or "record"
    digest = hashlib.sha1(f"{uri}\0{date}\0{offset}".encode()).hexdigest()[:10]
    return f"{readable}-{digest}"


def record_bytes(record: dict[str, Any]) -> bytes:
    """A JSON record as written to a file or an object."""
    return (json.dumps(record, ensure_ascii=False, indent=2, default=str) + "\n").encode("utf-8")


def document_items(stem: str, doc: Any, *, markdown: bool = True) -> list[OutputItem]:
    """The outputs of `doc` (a `webfold.document.Document`) named after `stem`.

    `stem.md` when converted (and `markdown`), `stem.json` always; a document with parts
    (a WARC converted in memory) adds each part's pair under `stem.parts/`, named as
    `archive_record_items` names a streamed record.
    """
    items = []
    if markdown and doc.error is None:
        items.append(OutputItem(stem + MARKDOWN_SUFFIX, doc.markdown.encode("utf-8"),
                                MARKDOWN_CONTENT_TYPE))
    items.append(OutputItem(stem + RECORD_SUFFIX, record_bytes(doc.record()),
                            RECORD_CONTENT_TYPE))
    for part in doc.parts:
        facts = part.extra.get("warc") or {}
        items += archive_record_items(stem, part, part.source, facts.get("date"),
                                      facts.get("offset", 0))
    return items


def archive_record_items(stem: str, doc: Any, uri: str | None, date: str | None,
                         offset: int) -> list[OutputItem]:
    """The outputs of one WARC record of the archive whose stem is `stem`."""
    return document_items(parts_prefix(stem) + record_stem(uri, date, offset), doc)

