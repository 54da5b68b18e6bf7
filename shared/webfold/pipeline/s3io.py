"""S3 object I/O for the pipeline: a capped streamed read and the output writes.

Failures come back as `ConversionError` values: `source_missing` (permanent) when the
object is gone, `too_large` (permanent) over the cap, `storage_failed` (retryable) for
anything else S3 says. Writes raise `RetryableFailure`, since a failed write is always
worth another try.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from botocore.exceptions import BotoCoreError, ClientError

from webfold.document import SCHEMA_VERSION, Document
from webfold.errors import ConversionError
from webfold.outputs import (
    MARKDOWN_SUFFIX,
    RECORD_CONTENT_TYPE,
    RECORD_SUFFIX,
    OutputItem,
    document_items,
    record_bytes,
)
from webfold.pipeline.keys import REJECTED_PREFIX
from webfold.pipeline.outcome import FailurePlace, RetryableFailure

_CHUNK = 1 << 20
_MISSING = frozenset({"NoSuchKey", "404", "NotFound"})
_REJECTED_BODY_CHARS = 10_000


@dataclass(frozen=True, slots=True)
class SourceObject:
    bucket: str
    key: str
    data: bytes
    etag: str
    content_type: str | None
    content_encoding: str | None = None  # as stored: the bytes are still encoded


@dataclass(frozen=True, slots=True)
class OpenObject:
    """An object being read: its streaming body (close it) and what S3 says about it."""

    body: Any
    etag: str
    content_type: str | None
    length: int
    content_encoding: str | None = None


def open_object(s3: Any, bucket: str, key: str) -> OpenObject | ConversionError:
    """Start reading `s3://bucket/key`; `source_missing` or `storage_failed` on failure."""
    try:
        resp = s3.get_object(Bucket=bucket, Key=key)
    except ClientError as exc:
        code = exc.response.get("Error", {}).get("Code", "")
        if code in _MISSING:
            return ConversionError("source_missing", f"s3://{bucket}/{key} does not exist")
        return ConversionError("storage_failed", f"get s3://{bucket}/{key}: {code or exc}")
    except BotoCoreError as exc:
        return ConversionError("storage_failed", f"get s3://{bucket}/{key}: {exc}")
    return OpenObject(body=resp["Body"], etag=resp.get("ETag", "").strip('"'),
                      content_type=resp.get("ContentType"), length=resp.get("ContentLength", 0),
                      content_encoding=resp.get("ContentEncoding"))


def read_object(s3: Any, bucket: str, key: str, *, max_bytes: int
                ) -> SourceObject | ConversionError:
    """Read `s3://bucket/key` in chunks, stopping as soon as it passes `max_bytes`.

    Returns the bytes with the object's ETag (unquoted) and content type, or an error:
    `source_missing`, `too_large` or `storage_failed` (the only retryable one).
    """
    opened = open_object(s3, bucket, key)
    if isinstance(opened, ConversionError):
        return opened
    try:
        if opened.length > max_bytes:
            return _too_large(opened.length, max_bytes)
        chunks: list[bytes] = []
        size = 0
        for chunk in opened.body.iter_chunks(_CHUNK):
            size += len(chunk)
            if size > max_bytes:
                return _too_large(size, max_bytes)
            chunks.append(chunk)
    except (BotoCoreError, OSError) as exc:
        return ConversionError("storage_failed", f"read s3://{bucket}/{key}: {exc}")
    finally:
        opened.body.close()
    return SourceObject(bucket=bucket, key=key, data=b"".join(chunks), etag=opened.etag,
                        content_type=opened.content_type,
                        content_encoding=opened.content_encoding)


def decoded_data(source: SourceObject, cap: int) -> bytes | ConversionError:
    """The object's bytes with its declared `ContentEncoding` (gzip, deflate, br) removed,
    at most `cap` bytes. Brotli has no magic bytes, so only the declared coding opens it.

    `too_large` past the cap, `unsupported_type` for a coding no one can remove,
    `damaged` when the bytes do not decode as declared.
    """
    import brotli

    from webfold.contentcoding import KNOWN_CODINGS, TooLarge, codings_of, decode_content

    header = source.content_encoding or ""
    codings = codings_of(header)
    if not codings:
        return source.data
    unknown = [c for c in codings if c not in KNOWN_CODINGS]
    if unknown:
        return ConversionError("unsupported_type", f"stored with ContentEncoding {header!r}: "
                               f"{unknown[0]!r} is not one of {KNOWN_CODINGS}")
    try:
        return decode_content(source.data, codings, cap)
    except TooLarge:
        return ConversionError("too_large", f"stored {header}-encoded; it decodes to over "
                                            f"the {cap} byte cap")
    except (zlib.error, brotli.error) as exc:
        return ConversionError("damaged", f"stored with ContentEncoding {header!r} but "
                                          f"does not decode: {exc}")


def _too_large(size: int, cap: int) -> ConversionError:
    return ConversionError("too_large", f"at least {size} bytes is over the {cap} byte cap")


def source_metadata(source_key: str | None, source_etag: str | None) -> dict[str, str]:
    """The user metadata every output carries: the source's key and ETag."""
    metadata: dict[str, str] = {}
    if source_key is not None:
        metadata["source-key"] = quote(source_key, safe="/")  # metadata must be ASCII
    if source_etag:
        metadata["source-etag"] = source_etag
    return metadata


def write_items(s3: Any, bucket: str, items: Iterable[OutputItem],
                metadata: dict[str, str] | None = None) -> list[str]:
    """Put each item (`webfold.outputs`) as an object named by it; returns the keys.

    Raises `RetryableFailure` when S3 refuses a write.
    """
    written = []
    for item in items:
        put_bytes(s3, bucket, item.name, item.data, item.content_type, metadata)
        written.append(item.name)
    return written


def write_document(s3: Any, bucket: str, stem: str, doc: Document, *,
                   source_key: str | None = None, source_etag: str | None = None,
                   markdown: bool = True) -> list[str]:
    """Write the outputs of `doc` named after `stem` (`webfold.outputs.document_items`).

    The outputs carry their content types and, as user metadata, the source's key and
    ETag. A failed document (with `markdown`) first deletes `stem.md`: the Markdown of
    an earlier version must not stay beside the record saying this one failed. Returns
    the keys written; raises `RetryableFailure` when S3 refuses a write or the delete.
    """
    if markdown and doc.error is not None:
        delete_key(s3, bucket, stem + MARKDOWN_SUFFIX)
    return write_items(s3, bucket, document_items(stem, doc, markdown=markdown),
                       source_metadata(source_key, source_etag))


def put_bytes(s3: Any, bucket: str, key: str, body: bytes, content_type: str,
              metadata: dict[str, str] | None = None) -> None:
    """One PutObject; raises `RetryableFailure(storage_failed)` when it fails."""
    try:
        s3.put_object(Bucket=bucket, Key=key, Body=body, ContentType=content_type,
                      Metadata=metadata or {})
    except (ClientError, BotoCoreError) as exc:
        raise RetryableFailure(
            ConversionError("storage_failed", f"put s3://{bucket}/{key}: {exc}")) from exc


def delete_key(s3: Any, bucket: str, key: str) -> None:
    """One DeleteObject (a missing key is fine); raises `RetryableFailure` when it fails."""
    try:
        s3.delete_object(Bucket=bucket, Key=key)
    except (ClientError, BotoCoreError) as exc:
        raise RetryableFailure(
            ConversionError("storage_failed", f"delete s3://{bucket}/{key}: {exc}")) from exc


def delete_stale(s3: Any, bucket: str, prefix: str, keep: Iterable[str]) -> list[str]:
    """Delete the keys under `prefix` that are not in `keep` (outputs an older version of
    a source wrote and the newer one did not); the keys deleted. Raises `RetryableFailure`
    when S3 refuses the listing or a delete."""
    kept = set(keep)
    stale: list[str] = []
    try:
        for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix):
            stale += [o["Key"] for o in page.get("Contents", []) if o["Key"] not in kept]
    except (ClientError, BotoCoreError) as exc:
        raise RetryableFailure(
            ConversionError("storage_failed", f"list s3://{bucket}/{prefix}: {exc}")) from exc
    for key in stale:
        delete_key(s3, bucket, key)
    return stale


def write_rejected(s3: Any, bucket: str, queue: str, message_id: str, body: str,
                   error: ConversionError) -> str:
    """Write the error record of a queue message that could not be read; returns its key.

    The message counts as done (retrying it cannot help); the record keeps the body so
    the sender can see what was wrong with it.
    """
    key = f"{REJECTED_PREFIX}{queue}/{message_id}{RECORD_SUFFIX}"
    record = {"schema": SCHEMA_VERSION, "queue": queue, "message_id": message_id,
              "body": body[:_REJECTED_BODY_CHARS], "error": error.to_dict()}
    put_bytes(s3, bucket, key, record_bytes(record), RECORD_CONTENT_TYPE)
    return key


def write_given_up(s3: Any, bucket: str, place: FailurePlace, error: ConversionError,
                   deliveries: int, exception: str) -> list[str]:
    """Write the record of a failure on its last delivery, before the message goes to
    the dead-letter queue, so the failure shows beside the source too. The record's
    `given_up` names the deliveries and the exception that ended the last one.

    Best effort: returns [] when even that write fails (the message is kept either way).
    """
    extra: dict[str, Any] = {"given_up": {"deliveries": deliveries, "exception": exception}}
    if place.source_etag:
        extra["source_etag"] = place.source_etag
    doc = Document(type="unknown", error=error, source=place.source, extra=extra)
    doc.warnings.append(f"gave up after {deliveries} deliveries; the message is in the "
                        "dead-letter queue and can be redriven")
    try:
        return write_document(s3, bucket, place.stem, doc, source_etag=place.source_etag)
    except RetryableFailure:
        return []
