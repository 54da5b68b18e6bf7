"""Feeding the stack and reading what it wrote: drop files, queue URLs, list outputs."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from webfold.outputs import OUTPUT_SUFFIXES, RECORD_SUFFIX, source_suffix
from webfold.pipeline.messages import UrlMessage


def output_summary(record: dict[str, Any]) -> str:
    """One line of a JSON record: type, title, sizes, pages or records, error."""
    fields: dict[str, Any] = {"type": record.get("type")}
    title = (record.get("metadata") or {}).get("title")
    if title:
        fields["title"] = title[:60]
    for name in ("blocks_kept", "bytes_markdown"):
        # An archive's are its records'; a failed document has none.
        if name in record and record.get("type") != "warc" and not record.get("error"):
            fields[name] = record[name]
    if record.get("pages"):
        fields["pages"] = len(record["pages"])
    if isinstance(record.get("warc"), dict) and "converted" in record["warc"]:
        fields["records"] = record["warc"]["converted"]  # an archive, not one of its records
    if record.get("route"):
        fields["route"] = record["route"]
    error = record.get("error")
    fields["error"] = error.get("code") if isinstance(error, dict) else error
    return json.dumps(fields, ensure_ascii=False, separators=(", ", ": "))


def print_outputs(s3: Any, bucket: str, keys: list[str], out: Any = sys.stdout) -> None:
    """Print each output key; a record key with one line of its JSON record."""
    for key in keys:
        if key.endswith(RECORD_SUFFIX):
            record = json.loads(s3.get_object(Bucket=bucket, Key=key)["Body"].read())
            print(f"{key}  {output_summary(record)}", file=out)
        else:
            print(key, file=out)


def output_keys(s3: Any, bucket: str, exclude: set[str]) -> list[str]:
    """Every .md/.json key in the bucket that is not in `exclude`, sorted."""
    found: list[str] = []
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket):
        found += [o["Key"] for o in page.get("Contents", [])
                  if o["Key"].endswith(OUTPUT_SUFFIXES) and o["Key"] not in exclude]
    return sorted(found, key=lambda k: (k.rsplit(".", 1)[0], k.endswith(RECORD_SUFFIX)))


def failed_records(s3: Any, bucket: str, keys: list[str]) -> list[tuple[str, str]]:
    """(record key, "code: message") of every record among `keys` that holds an error."""
    failed = []
    for key in keys:
        if key.endswith(RECORD_SUFFIX):
            record = json.loads(s3.get_object(Bucket=bucket, Key=key)["Body"].read())
            error = record.get("error")
            if isinstance(error, dict):
                failed.append((key, f"{error.get('code')}: {error.get('message')}"))
    return failed


def mirror_outputs(s3: Any, bucket: str, keys: list[str], folder: Path) -> list[Path]:
    """Copy the objects `keys` to `folder/<key>`, so the outputs can be opened as files.
    A key that would leave `folder` (`..`, an absolute path) is not copied."""
    root = folder.resolve()
    written = []
    for key in keys:
        target = (root / key).resolve()
        if not target.is_relative_to(root) or target == root:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(s3.get_object(Bucket=bucket, Key=key)["Body"].read())
        written.append(target)
    return written


def unsupported_drops(paths: list[Path]) -> list[Path]:
    """The files no S3 notification fires for (their suffix is not a source suffix)."""
    return [p for p in paths if source_suffix(p.name) is None]


def drop_files(s3: Any, bucket: str, paths: list[Path], prefix: str) -> list[str]:
    """Upload local files under `prefix`; returns their keys."""
    keys = []
    for path in paths:
        key = prefix + path.name
        s3.put_object(Bucket=bucket, Key=key, Body=path.read_bytes())
        keys.append(key)
    return keys


def queue_urls(sqs: Any, queue_url: str, urls: list[str]) -> None:
    for url in urls:
        sqs.send_message(QueueUrl=queue_url, MessageBody=UrlMessage(url).body())
