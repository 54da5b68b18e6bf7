"""Converting one S3 object and writing its outputs beside it (the `convert_object` core).

`s3://bucket/path/name.html` gives `path/name.md` + `path/name.json`; an object stored
with a `ContentEncoding` (gzip, deflate, br) is decoded first, within the size cap. A
WARC is streamed from S3 record by record (`webfold.warc.iter_warc`, memory stays flat)
and gives
`path/name.json` (the archive's record and counts) plus one pair per converted or
failed record under `path/name.parts/` (the layout is `webfold.outputs`); parts an older
version of the archive wrote and this one did not are deleted. Permanent
failures are written as a JSON record carrying the error; retryable ones raise
`RetryableFailure` and write nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from webfold.contract import ConvertOptions
from webfold.convert import convert
from webfold.document import failed
from webfold.errors import ConversionError
from webfold.outputs import (
    WARC_SUFFIXES,
    archive_record_items,
    document_items,
    output_stem,
    parts_prefix,
    source_suffix,
)
from webfold.pipeline.outcome import Outcome, RetryableFailure
from webfold.pipeline.s3io import (
    decoded_data,
    delete_stale,
    open_object,
    read_object,
    source_metadata,
    write_document,
    write_items,
)


@dataclass(frozen=True, slots=True)
class ObjectRef:
    """One object named by an S3 event, its key already decoded."""

    bucket: str
    key: str
    etag: str | None = None

    @property
    def uri(self) -> str:
        return f"s3://{self.bucket}/{self.key}"


def convert_object(s3: Any, ref: ObjectRef, options: ConvertOptions) -> Outcome:
    """Read, convert and write the outputs of one source object.

    Returns `skipped` for a key that is not a source, `converted` with the keys written,
    or `failed` with the error record's key for a permanent failure. Raises
    `RetryableFailure` for a retryable one (S3 trouble, a timeout, a converter bug).
    """
    suffix = source_suffix(ref.key)
    if suffix is None:
        return Outcome("skipped")
    if suffix in WARC_SUFFIXES:
        return _convert_archive(s3, ref, options)
    stem = output_stem(ref.key)
    source = read_object(s3, ref.bucket, ref.key, max_bytes=options.settings.max_bytes)
    if isinstance(source, ConversionError):
        return _source_failure(s3, ref, stem, source)
    data = decoded_data(source, options.settings.max_bytes)
    if isinstance(data, ConversionError):
        return _source_failure(s3, ref, stem, data, source.etag)
    doc = convert(data, filename=ref.key, content_type=source.content_type,
                  select=options.select, options=options)
    if doc.error is not None and doc.error.retryable:
        raise RetryableFailure(doc.error)
    doc.source = ref.uri
    doc.extra["source_etag"] = source.etag
    keys = write_document(s3, ref.bucket, stem, doc, source_key=ref.key, source_etag=source.etag)
    return Outcome("converted" if doc.ok else "failed", tuple(keys), doc.error, doc.type,
                   len(source.data))


def _source_failure(s3: Any, ref: ObjectRef, stem: str, error: ConversionError,
                    etag: str | None = None) -> Outcome:
    if error.retryable:
        raise RetryableFailure(error)
    etag = etag or ref.etag
    doc = failed("unknown", error.code, error.message, source=ref.uri,
                  extra={"source_etag": etag})
    keys = write_document(s3, ref.bucket, stem, doc, source_key=ref.key, source_etag=etag)
    return Outcome("failed", tuple(keys), doc.error)


def _convert_archive(s3: Any, ref: ObjectRef, options: ConvertOptions) -> Outcome:
    from webfold.warc import WarcCounts, iter_warc

    stem = output_stem(ref.key)
    opened = open_object(s3, ref.bucket, ref.key)
    if isinstance(opened, ConversionError):
        return _source_failure(s3, ref, stem, opened)
    metadata = source_metadata(ref.key, opened.etag)
    counts = WarcCounts()
    keys: list[str] = []
    try:
        for item in iter_warc(opened.body, convert=convert, options=options):
            counts.add(item)
            if item.document is None:  # skipped: a request, warcinfo, a non-2xx response
                continue
            item.document.extra["archive"] = ref.uri
            keys += write_items(s3, ref.bucket, archive_record_items(
                stem, item.document, item.uri, item.date, item.offset), metadata)
    finally:
        opened.body.close()
    summary = counts.archive_document(ref.uri, opened.length)
    summary.extra["source_etag"] = opened.etag
    keys += write_items(s3, ref.bucket, document_items(stem, summary, markdown=False), metadata)
    delete_stale(s3, ref.bucket, parts_prefix(stem), keys)  # records the new version lacks
    return Outcome("converted" if summary.ok else "failed", tuple(keys), summary.error,
                   "warc", opened.length)
