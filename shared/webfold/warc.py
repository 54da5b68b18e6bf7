"""WARC archives: every HTML or PDF `response` record through the same converter.

Two entries, one policy:

- `iter_warc(path_or_fileobj)` streams an archive of any size (plain or gzip, one
  record at a time) and yields a `WarcItem` per record: converted, failed or skipped.
  Memory stays flat: at most one record's payload (capped at `Settings.max_bytes`)
  and its `Document` are held at once. The CLI and the Lambda handler use this.
- `WarcConverter` (what `webfold.convert(warc_bytes)` reaches) is for small archives
  that already sit in memory, up to the `max_bytes` cap `convert` puts on any input:
  it collects the same items into one `Document(type="warc")` whose `parts` are the
  converted and failed records.

A record is converted when it is a `response` with a 2xx status whose payload is HTML,
XHTML or PDF. The HTTP head is skipped, chunked transfer coding undone, the content
coding (gzip, deflate, br) decoded under the size cap, and the charset of the record's
`Content-Type` header wins over the page's own. Every other record is skipped with a
reason and counted. A broken record becomes a failed item and the rest go on; after an
unreadable record in a seekable file, reading resumes at the next record header.
"""

from __future__ import annotations

import io
import os
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, BinaryIO

import brotli
from warcio.archiveiterator import ArchiveIterator
from warcio.limitreader import LimitReader

from webfold import markdown
from webfold.contentcoding import ContentDecoder, TooLarge
from webfold.contract import ConvertFn, ConvertOptions
from webfold.document import Document, failed
from webfold.errors import ConversionError
from webfold.sniff import (
    HTML_TYPES,
    PDF_TYPES,
    StreamInfo,
    gunzips_to_warc,
    parse_content_type,
    sniff,
)

# Declared types that say nothing about the payload; the bytes decide for these.
_VAGUE_TYPES = frozenset({"application/octet-stream", "binary/octet-stream",
                          "application/unknown", "text/plain"})
_CHUNK = 1 << 16
_RESYNC_WINDOW = 1 << 20


class _PayloadError(Exception):
    """A record payload that cannot be read: carries an error code and a message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(slots=True)
class WarcItem:
    """One record of an archive and what became of it.

    `status` is "converted" (`document` holds the result), "failed" (`document` holds
    the error, a broken or unconvertible record) or "skipped" (`reason` says why).
    """

    offset: int  # byte offset of the record in the (possibly compressed) file
    record_type: str  # response, request, warcinfo, ... ("" when unreadable)
    uri: str | None
    date: str | None
    status: str
    document: Document | None = None
    reason: str | None = None


@dataclass(slots=True)
class WarcCounts:
    """Running totals over the items of one archive."""

    records: int = 0
    converted: int = 0
    failed: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    not_warc: str | None = None  # why the input is not an archive at all

    def add(self, item: WarcItem) -> None:
        error = item.document.error if item.document is not None else None
        if error is not None and error.code == "not_warc":
            self.not_warc = error.message
        self.records += 1
        if item.status == "converted":
            self.converted += 1
        elif item.status == "failed":
            self.failed += 1
        else:
            key = item.reason or "other"
            self.skipped[key] = self.skipped.get(key, 0) + 1

    def to_dict(self) -> dict[str, Any]:
        return {"records": self.records, "converted": self.converted, "failed": self.failed,
                "skipped": dict(sorted(self.skipped.items()))}

    def verdict(self) -> tuple[ConversionError | None, list[str]]:
        """The archive's own error and warnings from its counts (every path uses this).

        Nothing converted is an error: `empty` when no record was HTML or PDF, `damaged`
        when every candidate record failed; some failed records are a warning.
        """
        if self.not_warc is not None:
            return ConversionError("not_warc", self.not_warc), []
        if self.converted == 0:
            code = "empty" if self.failed == 0 else "damaged"
            return ConversionError(code, "no record converted: " + self.summary()), []
        if self.failed:
            return None, [f"{self.failed} of {self.records} records failed"]
        return None, []

    def archive_document(self, source: str | None, bytes_in: int) -> Document:
        """The archive's own `Document` (type warc): these counts, its verdict, no parts."""
        doc = Document(type="warc", source=source, bytes_in=bytes_in,
                       extra={"warc": self.to_dict()})
        doc.error, doc.warnings = self.verdict()
        return doc

    def summary(self) -> str:
        """One line, e.g. `12 records: 9 converted, 1 failed, 2 skipped (request 2)`."""
        skipped = sum(self.skipped.values())
        line = (f"{self.records} records: {self.converted} converted, {self.failed} failed, "
                f"{skipped} skipped")
        if self.skipped:
            line += " (" + ", ".join(f"{k} {v}" for k, v in sorted(self.skipped.items())) + ")"
        return line


def iter_warc(source: str | os.PathLike[str] | BinaryIO, *, convert: ConvertFn,
              options: ConvertOptions | None = None) -> Iterator[WarcItem]:
    """Stream the records of a WARC file (plain or gzip) as `WarcItem`s.

    `source` is a path or a binary file object (seekable or not: an S3 body works).
    Every payload goes through `convert` (the registry's `webfold.convert`) with
    `options`. Never raises for a
    broken archive: unreadable or truncated records come out as failed items with code
    `damaged`; a record over `options.settings.max_bytes` fails with `too_large`.
    Raises OSError only when a path cannot be opened.
    """
    options = options or ConvertOptions()
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as fh:
            yield from _iter_file(fh, convert, options)
    else:
        yield from _iter_file(source, convert, options)


def _iter_file(fh: BinaryIO, convert: ConvertFn, options: ConvertOptions) -> Iterator[WarcItem]:
    seekable = _seekable(fh)
    head = _head(fh, seekable)
    if head and not is_warc_head(head):
        doc = failed("unknown", "not_warc", "not a WARC archive (no WARC/1.x record header "
                     "in its first KB, and not gzip)")
        yield WarcItem(offset=0, record_type="", uri=None, date=None, status="failed",
                       document=doc)
        return
    while True:
        archive = ArchiveIterator(fh)
        # warcio writes a raw warning to stderr when a record is not followed by its blank
        # lines (a Content-Length that lies) and counts it in `err_count`; the count becomes
        # a failed item here instead, so the cut record is reported where records are.
        archive.INC_RECORD = ""
        errors, previous = 0, None
        try:
            for record in archive:
                if archive.err_count != errors and previous is not None:
                    yield _overrun(previous)
                errors = archive.err_count
                item = _item(record, archive, convert, options)
                previous = item
                yield item
        except Exception as exc:  # warcio raises many types on a broken record
            offset = archive.offset
            yield _broken(offset, f"unreadable record ({type(exc).__name__}: {exc})")
            if not seekable or _resync(fh, offset + 1) is None:
                return
        else:
            if archive.err_count != errors and previous is not None:
                yield _overrun(previous)
            tail = _unread_tail(archive)
            if tail:
                yield _broken(archive.offset, f"truncated or unreadable data ({tail} bytes "
                                              "at the end)")
            return


def is_warc_head(head: bytes) -> bool:
    """Whether the first KB of a file can be a WARC archive: gzip, or a record header in
    it (a damaged first record still leaves the next ones to read)."""
    return head[:2] == b"\x1f\x8b" or b"WARC/1." in head


def _head(fh: BinaryIO, seekable: bool) -> bytes | None:
    """The first KB of `fh` without consuming it; None when that cannot be done."""
    peek = getattr(fh, "peek", None)
    if peek is not None:
        try:
            return peek(1024)[:1024]
        except (OSError, ValueError):
            return None
    if not seekable:
        return None
    position = fh.tell()
    head = fh.read(1024)
    fh.seek(position)
    return head


def _seekable(fh: BinaryIO) -> bool:
    try:
        return bool(fh.seekable())
    except (AttributeError, OSError, ValueError):
        return False


def _unread_tail(archive: ArchiveIterator) -> int:
    """Bytes read from the file past the end of the last whole record (a cut gzip member)."""
    try:
        consumed = archive.fh.tell()
    except (OSError, ValueError):
        return 0
    return max(0, consumed - archive.offset)


def _resync(fh: BinaryIO, position: int) -> int | None:
    """Seek `fh` to the next plausible record start at or after `position`, or None."""
    fh.seek(position)
    carry = b""
    base = position
    while True:
        window = fh.read(_RESYNC_WINDOW)
        if not window:
            return None
        data = carry + window
        hit = _record_start(data)
        if hit is not None:
            fh.seek(base + hit)
            return base + hit
        keep = min(len(data), 16)
        carry = data[-keep:]
        base += len(data) - keep


def _record_start(data: bytes) -> int | None:
    plain = data.find(b"\nWARC/1.")
    gz = data.find(b"\x1f\x8b\x08")
    while gz != -1 and not gunzips_to_warc(data[gz:gz + 4096]):
        gz = data.find(b"\x1f\x8b\x08", gz + 1)
    hits = [h for h in (plain + 1 if plain != -1 else -1, gz) if h != -1]
    return min(hits) if hits else None


def _overrun(previous: WarcItem) -> WarcItem:
    """The failed item for bytes left over after `previous`: its record declared fewer
    bytes than it holds, so its document lacks its end."""
    return _broken(previous.offset, f"stray bytes after the record for {previous.uri}: its "
                                    "Content-Length is short, so its document is cut; "
                                    "the record")


def _broken(offset: int, message: str) -> WarcItem:
    doc = failed("unknown", "damaged", f"{message} at offset {offset}")
    doc.extra["warc"] = {"offset": offset}
    return WarcItem(offset=offset, record_type="", uri=None, date=None, status="failed",
                    document=doc)


def _item(record: Any, archive: ArchiveIterator, convert: ConvertFn,
          options: ConvertOptions) -> WarcItem:
    headers = record.rec_headers
    offset = archive.offset
    item = WarcItem(offset=offset, record_type=record.rec_type or "",
                    uri=headers.get_header("WARC-Target-URI"),
                    date=headers.get_header("WARC-Date"), status="skipped")
    if record.rec_type != "response":
        if _truncated(record.raw_stream):
            return _failed(item, record, None, "damaged", "record truncated or header incomplete")
        item.reason = f"{item.record_type} record"
        return item
    if not (item.uri or "").lower().startswith(("http://", "https://")):
        item.reason = "non-http response"  # dns:, ftp: ... records hold no web page
        return item
    http = record.http_headers
    status = _status(http)
    if status is not None and not 200 <= status < 300:
        item.reason = f"http {status // 100}xx"
        return item
    content_type = http.get_header("Content-Type") if http else None
    try:
        body, warnings = _payload(record, http, options.settings.max_bytes)
    except _PayloadError as exc:
        return _failed(item, record, status, exc.code, str(exc))
    if not body.strip():
        item.reason = "empty payload"
        return item
    route = _route(body[:4096], content_type, item.uri)
    if route is None:
        item.reason = f"type {parse_content_type(content_type)[0] or 'unknown'}"
        return item
    cut_reason = headers.get_header("WARC-Truncated")
    if cut_reason:
        warnings.append(f"the crawler truncated this record ({cut_reason})")
    doc = convert(body, url=item.uri, content_type=content_type, options=options)
    doc.source = item.uri
    doc.warnings[:0] = warnings
    doc.extra["warc"] = _record_facts(item, record, status)
    item.status = "converted" if doc.ok else "failed"
    item.document = doc
    return item


def _failed(item: WarcItem, record: Any, status: int | None, code: str, message: str) -> WarcItem:
    item.status = "failed"
    item.document = failed("unknown", code, f"{message} at offset {item.offset}", source=item.uri)
    item.document.extra["warc"] = _record_facts(item, record, status)
    return item


def _truncated(stream: Any) -> bool:
    """Drain a record block; True when it ends before its declared length (or has none)."""
    if not isinstance(stream, LimitReader):
        return True
    while stream.read(_CHUNK):
        pass
    return stream.limit > 0


def _record_facts(item: WarcItem, record: Any, status: int | None) -> dict[str, Any]:
    return {"date": item.date, "record_id": record.rec_headers.get_header("WARC-Record-ID"),
            "offset": item.offset, "http_status": status}


def _status(http: Any) -> int | None:
    if http is None:
        return None
    try:
        return int(http.get_statuscode())
    except (TypeError, ValueError):
        return None


def _route(head: bytes, content_type: str | None, uri: str | None) -> str | None:
    """html or pdf when the payload goes to a converter, None when it is skipped."""
    mimetype, _ = parse_content_type(content_type)
    if head.lstrip().startswith(b"%PDF-"):
        return "pdf"
    if mimetype in HTML_TYPES:
        return "html" if not head.lstrip().startswith(b"WARC/") else None
    if mimetype in PDF_TYPES:
        return "pdf"
    if mimetype is not None and mimetype not in _VAGUE_TYPES:
        return None
    kind = sniff(head, StreamInfo.from_hints(url=uri, content_type=content_type, filename=None))
    return kind if kind in ("html", "pdf") else None


def _payload(record: Any, http: Any, cap: int) -> tuple[bytes, list[str]]:
    """The entity body of a response record: read under `cap`, de-chunked, decoded."""
    stream = record.raw_stream
    raw = stream.read(cap + 1)
    if len(raw) > cap:
        raise _PayloadError("too_large", f"payload is over the {cap} byte cap")
    if _truncated(stream):
        declared = record.length if record.length is not None else "?"
        raise _PayloadError("damaged", f"record truncated: block shorter than its declared "
                                       f"{declared} bytes")
    warnings: list[str] = []
    if http is not None and "chunked" in (http.get_header("Transfer-Encoding") or "").lower():
        try:
            raw = _dechunk(raw)
        except ValueError:
            warnings.append("Transfer-Encoding says chunked but the body is not; used as stored")
    coding = (http.get_header("Content-Encoding") or "").strip().lower() if http else ""
    if coding and coding != "identity":
        raw = _decode_with_fallback(raw, coding, cap, warnings)
    return raw, warnings


def _decode_with_fallback(raw: bytes, coding: str, cap: int, warnings: list[str]) -> bytes:
    decoder = ContentDecoder.for_header(coding, cap)
    if isinstance(decoder, ConversionError):
        warnings.append(f"{decoder.message}; used the payload as stored")
        return raw
    try:
        decoder.feed(raw)
        return decoder.finish()
    except TooLarge:
        raise _PayloadError("too_large", f"{coding} payload decodes to over {cap} bytes") from None
    except (zlib.error, brotli.error) as exc:
        # Some crawlers store the decoded body but keep the header; the bytes decide.
        warnings.append(f"Content-Encoding {coding} did not decode ({exc}); used as stored")
        return raw


def _dechunk(data: bytes) -> bytes:
    """Undo chunked transfer coding; ValueError when `data` is not chunked."""
    out = bytearray()
    pos = 0
    while True:
        end = data.find(b"\r\n", pos)
        if end == -1:
            raise ValueError("chunk size line missing")
        size_field = data[pos:end].split(b";", 1)[0].strip()
        try:
            size = int(size_field, 16)
        except ValueError:
            raise ValueError(f"bad chunk size {size_field[:20]!r}") from None
        if size == 0:
            return bytes(out)
        pos = end + 2
        if pos + size > len(data):
            raise ValueError("chunk runs past the end of the body")
        out += data[pos:pos + size]
        pos += size + 2


class WarcConverter:
    """A WARC archive held in memory -> `Document(type="warc")` with one part per record.

    For archives larger than a few tens of MB use `iter_warc` on the file instead
    (`convert` refuses inputs over `Settings.max_bytes` anyway). Made by the registry
    with its `convert`, which every record's payload goes back through.
    """

    def __init__(self, convert: ConvertFn) -> None:
        self._convert = convert

    def convert(self, data: bytes, info: StreamInfo, options: ConvertOptions) -> Document:
        """Convert every HTML/PDF response record of `data`; counts go in `extra["warc"]`.

        The archive's own error comes from `WarcCounts.verdict` (`empty`, `damaged`);
        failed records sit in `parts` with their error.
        """
        counts = WarcCounts()
        parts: list[Document] = []
        for item in iter_warc(io.BytesIO(data), convert=self._convert, options=options):
            counts.add(item)
            if item.document is not None:
                parts.append(item.document)
        doc = counts.archive_document(info.url or info.filename, len(data))
        doc.parts = parts
        doc.markdown = "\n\n".join(part_markdown(p) for p in parts if p.ok and p.markdown)
        return doc


def part_markdown(part: Document) -> str:
    """A converted record's Markdown under a comment naming its target URI and date."""
    return f"{record_heading(part)}\n\n{part.markdown.strip()}\n"


def record_heading(part: Document) -> str:
    """The comment line that names a record's target URI and date above its output."""
    date = (part.extra.get("warc") or {}).get("date") or ""
    return markdown.comment_line("webfold:record", part.source or "", date)

