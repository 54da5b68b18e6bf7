"""The shell both queue handlers wrap around one SQS record.

`handle_record` sets the log correlation id, writes a message that cannot be read as an
error record under `rejected/` (it counts as done), runs each task the message names,
and on the last delivery of a failure, whatever raised it, writes a record beside the
source before the message goes to the dead-letter queue: a `RetryableFailure` with its
own error, anything else (`IdempotencyAlreadyInProgressError` after a killed delivery,
`IdempotencyPersistenceLayerError` from a broken table, a bug) as `internal`, naming the
exception. So every document ends with a record, never only in a dead-letter queue.
`run_measured` times one task and reports its outcome (metrics, one log line); a
handler calls it where the work runs, inside its idempotency wrapper when it has one,
so a replayed task is not counted twice.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from webfold.errors import ConversionError
from webfold.pipeline.outcome import FailurePlace, Outcome, RetryableFailure
from webfold.pipeline.resources import MAX_RECEIVE_COUNT
from webfold.pipeline.s3io import write_given_up, write_rejected
from webfold.pipeline.telemetry import count_failure, count_outcome

if TYPE_CHECKING:
    from aws_lambda_powertools import Logger, Metrics
    from aws_lambda_powertools.utilities.data_classes.sqs_event import SQSRecord

Task = TypeVar("Task")


@dataclass(frozen=True, slots=True)
class QueueEdge:
    """What a queue handler shares with the shell: its queue, bucket, logger, metrics."""

    queue: str  # the logical queue name, under which rejected messages are filed
    s3: Any
    bucket: str
    logger: Logger
    metrics: Metrics


def handle_record(edge: QueueEdge, record: SQSRecord, *,
                  parse: Callable[[str], Sequence[Task] | ConversionError],
                  run: Callable[[Task], object],
                  failure_place: Callable[[Task], FailurePlace]) -> None:
    """Handle one SQS record: `parse` its body into tasks and `run` each.

    `failure_place(task)` says where the failure record of a task is written when its
    last delivery fails, and what it describes. Re-raises what `run` raised (the batch
    processor then reports the record as failed, so it comes back); a bad message
    never raises.
    """
    edge.logger.set_correlation_id(record.message_id)  # each message's logs, not the batch's
    tasks = parse(record.body)
    if isinstance(tasks, ConversionError):
        key = write_rejected(edge.s3, edge.bucket, edge.queue, record.message_id, record.body,
                             tasks)
        count_failure(tasks)
        edge.logger.warning("bad message", extra={"record_key": key, "error": tasks.message})
        return
    for task in tasks:
        try:
            run(task)
        except Exception as exc:  # any failure: the message comes back or goes to the DLQ
            if not isinstance(exc, RetryableFailure):
                edge.logger.exception("unexpected failure, back to the queue")
            deliveries = int(record.attributes.approximate_receive_count)
            if deliveries >= MAX_RECEIVE_COUNT:
                write_given_up(edge.s3, edge.bucket, failure_place(task), failure_error(exc),
                               deliveries, type(exc).__name__)
            raise


def failure_error(exc: Exception) -> ConversionError:
    """The error a failed delivery is recorded with: a `RetryableFailure`'s own, else
    `internal` naming the exception."""
    if isinstance(exc, RetryableFailure):
        return exc.error
    return ConversionError("internal", f"{type(exc).__name__}: {exc}"[:1000])


def run_measured(edge: QueueEdge, work: Callable[[], Outcome], what: str,
                 facts: dict[str, Any]) -> Outcome:
    """Run `work`, count its outcome and log `what` with `facts`; re-raises a
    `RetryableFailure` after counting and logging it."""
    started = time.perf_counter()
    try:
        outcome = work()
    except RetryableFailure as exc:
        count_failure(exc.error)
        edge.logger.warning("retryable failure, back to the queue",
                            extra={"error": exc.error.to_dict()})
        raise
    count_outcome(edge.metrics, outcome, (time.perf_counter() - started) * 1000)
    edge.logger.info(what, extra={**facts, **outcome.to_dict()})
    return outcome
