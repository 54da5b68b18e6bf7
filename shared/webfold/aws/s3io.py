"""S3 object I/O for the pipeline: a capped streamed read and the output writes.

Failures come back as `ConversionError` values: `source_missing` (permanent) when the
object is gone, `too_large` (permanent) over the cap, `storage_failed` (retryable) for
anything else S3 says. Writes raise `RetryableFailure`, since a failed write is always
worth another try.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from botocore.exceptions import BotoCoreError, ClientError

from webfold.aws.keys import RECORD_SUFFIX, REJECTED_PREFIX, markdown_key, record_key
from webfold.aws.outcome import RetryableFailure
from webfold.document import SCHEMA_VERSION, Document
from webfold.errors import ConversionError

MARKDOWN_CONTENT_TYPE = "text/markdown; charset=utf-8"
RECORD_CONTENT_TYPE = "application/json"
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


@dataclass(frozen=True, slots=True)
class OpenObject:
    """An object being read: its streaming body (close it) and what S3 says about it."""

    body: Any
    etag: str
    content_type: str | None
    length: int


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
                      content_type=resp.get("ContentType"), length=resp.get("ContentLength", 0))


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
                        content_type=opened.content_type)


def _too_large(size: int, cap: int) -> ConversionError:
    return ConversionError("too_large", f"at least {size} bytes is over the {cap} byte cap")


def write_document(s3: Any, bucket: str, stem: str, doc: Document, *,
                   source_key: str | None = None, source_etag: str | None = None,
                   markdown: bool = True) -> list[str]:
    """Write `stem.md` (when asked and the conversion succeeded) and `stem.json` (always).

    The outputs carry their content types and, as user metadata, the source's key and
    ETag. Returns the keys written; raises `RetryableFailure` when S3 refuses a write.
    """
    metadata: dict[str, str] = {}
    if source_key is not None:
        metadata["source-key"] = quote(source_key, safe="/")  # metadata must be ASCII
    if source_etag:
        metadata["source-etag"] = source_etag
    written: list[str] = []
    if markdown and doc.ok:
        md_key = markdown_key(stem)
        put_bytes(s3, bucket, md_key, doc.markdown.encode("utf-8"), MARKDOWN_CONTENT_TYPE,
                  metadata)
        written.append(md_key)
    json_key = record_key(stem)
    put_bytes(s3, bucket, json_key, record_bytes(doc.record()), RECORD_CONTENT_TYPE, metadata)
    written.append(json_key)
    return written


def record_bytes(record: dict[str, Any]) -> bytes:
    return json.dumps(record, ensure_ascii=False, indent=1, default=str).encode("utf-8")


def put_bytes(s3: Any, bucket: str, key: str, body: bytes, content_type: str,
              metadata: dict[str, str] | None = None) -> None:
    """One PutObject; raises `RetryableFailure(storage_failed)` when it fails."""
    try:
        s3.put_object(Bucket=bucket, Key=key, Body=body, ContentType=content_type,
                      Metadata=metadata or {})
    except (ClientError, BotoCoreError) as exc:
        raise RetryableFailure(
            ConversionError("storage_failed", f"put s3://{bucket}/{key}: {exc}")) from exc


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


def write_given_up(s3: Any, bucket: str, stem: str, source: str, error: ConversionError,
                   deliveries: int) -> list[str]:
    """Write the record of a retryable failure on its last delivery, before the message
    goes to the dead-letter queue, so the failure shows beside the source too.

    Best effort: returns [] when even that write fails (the message is kept either way).
    """
    doc = Document(type="unknown", error=error, source=source)
    doc.warnings.append(f"gave up after {deliveries} deliveries; the message is in the "
                        "dead-letter queue and can be redriven")
    try:
        return write_document(s3, bucket, stem, doc, markdown=False)
    except RetryableFailure:
        return []
