"""The local stand-in for Lambda's SQS event source mappings.

Polls each queue, hands the messages to the real handler as a real SQS event, deletes
the messages the handler did not report in `batchItemFailures` and makes the failed
ones visible again at once. Redelivery counts and the move to the dead-letter queue
are the queue's own redrive policy (moto implements it), exactly as in AWS.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from devstack.handlers import LocalContext

Handler = Callable[[dict, Any], Any]
BATCH_SIZE = 10  # the SQS maximum for one receive, and Lambda's default batch size


@dataclass(frozen=True, slots=True)
class QueueRoute:
    """A queue and the handler its event source mapping invokes."""

    function_name: str
    queue_url: str
    queue_arn: str
    handler: Handler
    timeout_s: int  # what the handler's context reports as its timeout
    # The body as AWS would deliver it, where moto's differs (see devstack.stack).
    aws_body: Callable[[str], str] = str


@dataclass(slots=True)
class BatchReport:
    received: int = 0
    failed: int = 0


class Dispatcher:
    """Drives handlers from queues: each `poll` receives once from every queue without
    waiting, and only when all of them were empty waits on one of them (in turn)."""

    def __init__(self, sqs: Any, routes: list[QueueRoute], region: str) -> None:
        self.sqs = sqs
        self.routes = routes
        self.region = region
        self._next_wait = 0  # which queue the next idle poll waits on

    def poll(self, wait_s: int = 0) -> BatchReport:
        """Receive one batch from every queue and hand it to its handler; when every
        queue was empty, long-poll one of them for up to `wait_s` seconds.

        Waiting on each queue in turn cost a second per empty queue on every round while
        another queue had work (a third of the wall time of a 300-document run).
        """
        report = BatchReport()
        for route in self.routes:
            self._receive(route, 0, report)
        if report.received or not wait_s or not self.routes:
            return report
        route = self.routes[self._next_wait % len(self.routes)]
        self._next_wait += 1
        self._receive(route, wait_s, report)
        return report

    def _receive(self, route: QueueRoute, wait_s: int, report: BatchReport) -> None:
        resp = self.sqs.receive_message(
            QueueUrl=route.queue_url, MaxNumberOfMessages=BATCH_SIZE,
            WaitTimeSeconds=wait_s, AttributeNames=["All"], MessageAttributeNames=["All"])
        messages = resp.get("Messages", [])
        if messages:
            report.received += len(messages)
            report.failed += self._deliver(route, messages)

    def drain(self, timeout_s: float = 120.0) -> BatchReport:
        """Poll until every queue stays empty (failed messages are retried until they
        succeed or the redrive policy moves them to their dead-letter queue)."""
        total = BatchReport()
        deadline = time.monotonic() + timeout_s
        idle_rounds = 0
        while idle_rounds < 2 and time.monotonic() < deadline:
            report = self.poll()
            total.received += report.received
            total.failed += report.failed
            idle_rounds = idle_rounds + 1 if report.received == 0 else 0
        return total

    def _deliver(self, route: QueueRoute, messages: list[dict]) -> int:
        event = {"Records": [self._sqs_record(route, m) for m in messages]}
        context = LocalContext(route.function_name, route.timeout_s)
        try:
            response = route.handler(event, context) or {}
            failed_ids = {f["itemIdentifier"] for f in response.get("batchItemFailures", [])}
        except Exception:  # a crashed invocation fails the whole batch, as in Lambda
            # (a killed one, a BaseException, escapes: its messages stay in flight until
            # their visibility timeout, as in Lambda)
            failed_ids = {m["MessageId"] for m in messages}
        done = [m for m in messages if m["MessageId"] not in failed_ids]
        for start in range(0, len(done), BATCH_SIZE):
            self.sqs.delete_message_batch(QueueUrl=route.queue_url, Entries=[
                {"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]}
                for i, m in enumerate(done[start:start + BATCH_SIZE])])
        for m in messages:
            if m["MessageId"] in failed_ids:  # back on the queue now, not after the timeout
                self.sqs.change_message_visibility(QueueUrl=route.queue_url,
                                                   ReceiptHandle=m["ReceiptHandle"],
                                                   VisibilityTimeout=0)
        return len(failed_ids)

    def _sqs_record(self, route: QueueRoute, message: dict) -> dict:
        body = route.aws_body(message["Body"])
        return {
            "messageId": message["MessageId"],
            "receiptHandle": message["ReceiptHandle"],
            "body": body,
            "attributes": message.get("Attributes", {}),
            "messageAttributes": message.get("MessageAttributes", {}),
            "md5OfBody": hashlib.md5(body.encode()).hexdigest(),
            "eventSource": "aws:sqs",
            "eventSourceARN": route.queue_arn,
            "awsRegion": self.region,
        }
