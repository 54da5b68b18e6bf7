"""What the pipeline remembers about each URL, in the URL state table (DynamoDB).

One item per URL: the validators of the last response (ETag, Last-Modified) for a
conditional GET, the hash of the last Markdown written, when it was last fetched and
last changed, where its outputs go, and, for a watched URL, its re-scrape interval and
the message options the re-scrape sends. Updates only SET their own attributes, so
the watch settings a user wrote survive every fetch.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from webfold.errors import ConversionError
from webfold.pipeline import resources as r
from webfold.pipeline.outcome import RetryableFailure

UNWATCHED_TTL_S = 30 * 24 * 3600  # state of a URL nobody watches is dropped after this


@dataclass(frozen=True, slots=True)
class UrlState:
    url: str
    etag: str | None = None
    last_modified: str | None = None
    content_hash: str | None = None
    stem: str | None = None  # outputs went to stem.md / stem.json
    last_fetched: int | None = None  # epoch seconds
    last_changed: int | None = None
    last_error: str | None = None
    interval_s: int | None = None  # watched: re-scrape this often
    last_enqueued: int | None = None  # when rescrape last queued it
    render: str | None = None  # message options a re-scrape sends
    select: str | None = None
    key: str | None = None

    @classmethod
    def from_item(cls, item: dict[str, Any]) -> UrlState:
        fields = {name: item.get(name) for name in cls.__slots__ if name in item}
        return cls(**{k: int(v) if isinstance(v, Decimal) else v for k, v in fields.items()})


def state_table(session_or_resource: Any, name: str) -> Any:
    """The boto3 `Table` for the URL state table."""
    return session_or_resource.resource("dynamodb").Table(name)


def load_state(table: Any, url: str) -> UrlState | None:
    """The stored state of `url`, or None; raises `RetryableFailure` if DynamoDB fails."""
    try:
        item = table.get_item(Key={r.URL_STATE_KEY: url}, ConsistentRead=True).get("Item")
    except (ClientError, BotoCoreError) as exc:
        raise _storage_failure("read", url, exc) from exc
    return UrlState.from_item(item) if item else None


def save_state(table: Any, url: str, changes: dict[str, Any], *, watched: bool) -> None:
    """SET `changes` on the URL's item (creating it), leaving other attributes alone.

    An unwatched URL's item gets a TTL so one-off scrapes do not pile up; raises
    `RetryableFailure` if DynamoDB fails.
    """
    values = dict(changes)
    if not watched and values.get("last_fetched") is not None:
        values[r.URL_STATE_TTL_ATTR] = int(values["last_fetched"]) + UNWATCHED_TTL_S
    names = {f"#a{i}": name for i, name in enumerate(values)}
    expr = ", ".join(f"#a{i} = :v{i}" for i in range(len(values)))
    try:
        table.update_item(
            Key={r.URL_STATE_KEY: url}, UpdateExpression=f"SET {expr}",
            ExpressionAttributeNames=names,
            ExpressionAttributeValues={f":v{i}": v for i, v in enumerate(values.values())})
    except (ClientError, BotoCoreError) as exc:
        raise _storage_failure("write", url, exc) from exc


def watch_url(table: Any, url: str, interval_s: int, *, render: str = "auto",
              select: str | None = None, key: str | None = None) -> None:
    """Put `url` on the watch list: `rescrape` queues it every `interval_s` seconds."""
    if interval_s <= 0:
        raise ValueError("interval_s must be positive")
    changes: dict[str, Any] = {r.WATCH_INTERVAL_ATTR: interval_s, "render": render}
    if select:
        changes["select"] = select
    if key:
        changes["key"] = key
    save_state(table, url, changes, watched=True)
    table.update_item(Key={r.URL_STATE_KEY: url},
                      UpdateExpression=f"REMOVE {r.URL_STATE_TTL_ATTR}")


def _storage_failure(action: str, url: str, exc: Exception) -> RetryableFailure:
    error = ConversionError("storage_failed", f"{action} URL state of {url}: {exc}")
    return RetryableFailure(error)
