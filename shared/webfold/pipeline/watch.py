"""The watch list and the re-scrape tick: which watched URLs are due, and queueing them.

A watched URL is a URL state item with `interval_s`. It is due when that long has
passed since it was last fetched and since it was last queued (so a tick that comes
before the queued fetch has run does not queue it twice). Never fetched: due at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import Any

from boto3.dynamodb.conditions import Attr

from webfold.pipeline import resources as r
from webfold.pipeline.messages import UrlMessage
from webfold.pipeline.urlstate import UrlState, save_state

SQS_BATCH = 10  # SendMessageBatch takes at most ten entries


def is_due(state: UrlState, now: int) -> bool:
    """True when a watched URL should be fetched again at `now` (epoch seconds)."""
    if not state.interval_s:
        return False
    last = max(state.last_fetched or 0, state.last_enqueued or 0)
    return now >= last + state.interval_s


def due_messages(states: Iterable[UrlState], now: int) -> list[UrlMessage]:
    """The URL messages to queue for the due states, in the order given."""
    return [UrlMessage(url=s.url, render=s.render or "auto", select=s.select, key=s.key)
            for s in states if is_due(s, now)]


def scan_watched(table: Any) -> Iterator[UrlState]:
    """Every watched item of the URL state table (a paginated scan)."""
    kwargs: dict[str, Any] = {"FilterExpression": Attr(r.WATCH_INTERVAL_ATTR).exists()}
    while True:
        page = table.scan(**kwargs)
        for item in page.get("Items", []):
            yield UrlState.from_item(item)
        if "LastEvaluatedKey" not in page:
            return
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def enqueue(sqs: Any, queue_url: str, messages: list[UrlMessage]) -> list[UrlMessage]:
    """Send the messages in batches of ten; returns the ones SQS accepted."""
    sent: list[UrlMessage] = []
    for start in range(0, len(messages), SQS_BATCH):
        batch = messages[start:start + SQS_BATCH]
        entries = [{"Id": str(i), "MessageBody": m.body()} for i, m in enumerate(batch)]
        resp = sqs.send_message_batch(QueueUrl=queue_url, Entries=entries)
        sent += [batch[int(ok["Id"])] for ok in resp.get("Successful", [])]
    return sent


def rescrape_tick(table: Any, sqs: Any, queue_url: str, now: int) -> list[UrlMessage]:
    """Queue every due watched URL and mark it queued; returns what was queued.

    A URL SQS refused stays unmarked and is tried again on the next tick.
    """
    sent = enqueue(sqs, queue_url, due_messages(scan_watched(table), now))
    for message in sent:
        save_state(table, message.url, {"last_enqueued": now}, watched=True)
    return sent


def tick_time(event: dict[str, Any]) -> int:
    """The scheduled time of a scheduler event (`scheduled_time`, ISO 8601) in epoch
    seconds; the current time when it is missing or unreadable."""
    raw = event.get("scheduled_time") if isinstance(event, dict) else None
    try:
        return int(datetime.fromisoformat(str(raw).replace("Z", "+00:00")).timestamp())
    except ValueError:
        return int(datetime.now(UTC).timestamp())


