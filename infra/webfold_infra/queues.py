"""The objects and URLs queues, each with its dead-letter queue."""

from __future__ import annotations

from aws_cdk import Duration
from aws_cdk import aws_sqs as sqs
from constructs import Construct

from webfold.pipeline import resources
from webfold_infra import constants


class Queues(Construct):
    """`objects` (S3 notifications) and `urls` (URL messages) with their DLQs.

    A queue's visibility timeout is `resources.visibility_timeout_s` of the timeout of
    the function that consumes it (the local stack derives its own the same way).
    """

    def __init__(self, scope: Construct, construct_id: str) -> None:
        super().__init__(scope, construct_id)
        self.objects_dlq = _dead_letter_queue(self, "ObjectsDlq")
        self.objects = _work_queue(
            self, "Objects", self.objects_dlq, constants.CONVERT_OBJECT.timeout_s
        )
        self.urls_dlq = _dead_letter_queue(self, "UrlsDlq")
        self.urls = _work_queue(self, "Urls", self.urls_dlq, constants.INGEST_URL.timeout_s)


def _dead_letter_queue(scope: Construct, construct_id: str) -> sqs.Queue:
    return sqs.Queue(
        scope,
        construct_id,
        encryption=sqs.QueueEncryption.SQS_MANAGED,
        enforce_ssl=True,
        retention_period=Duration.days(constants.DLQ_RETENTION_DAYS),
    )


def _work_queue(
    scope: Construct, construct_id: str, dlq: sqs.Queue, consumer_timeout_s: int
) -> sqs.Queue:
    # SSE-SQS rather than KMS: S3 notifications cannot publish to a queue encrypted
    # with the AWS-managed KMS key.
    return sqs.Queue(
        scope,
        construct_id,
        encryption=sqs.QueueEncryption.SQS_MANAGED,
        enforce_ssl=True,
        retention_period=Duration.days(constants.QUEUE_RETENTION_DAYS),
        visibility_timeout=Duration.seconds(resources.visibility_timeout_s(consumer_timeout_s)),
        dead_letter_queue=sqs.DeadLetterQueue(
            queue=dlq, max_receive_count=constants.MAX_RECEIVE_COUNT
        ),
    )
