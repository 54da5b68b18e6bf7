"""convert_object: S3 ObjectCreated notifications (through SQS) -> Markdown + JSON beside them.

Each SQS message carries one S3 notification. Each object is converted once per
(bucket, key, etag); a retryable failure sends the message back, a permanent one is
written as a JSON record and counts as done.
"""

from __future__ import annotations

import json
import os
import time

import boto3
from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.utilities.batch import (
    BatchProcessor,
    EventType,
    process_partial_response,
)
from aws_lambda_powertools.utilities.data_classes import S3Event
from aws_lambda_powertools.utilities.data_classes.sqs_event import SQSRecord
from aws_lambda_powertools.utilities.idempotency import (
    DynamoDBPersistenceLayer,
    IdempotencyConfig,
    idempotent_function,
)
from aws_lambda_powertools.utilities.typing import LambdaContext

from webfold.aws import resources
from webfold.aws.keys import decode_key, output_stem
from webfold.aws.objects import ObjectRef, convert_object
from webfold.aws.outcome import RetryableFailure
from webfold.aws.runtime import convert_options
from webfold.aws.s3io import write_given_up, write_rejected
from webfold.aws.telemetry import count_failure, count_outcome
from webfold.errors import ConversionError

logger = Logger()
tracer = Tracer()
metrics = Metrics()
processor = BatchProcessor(event_type=EventType.SQS)
# Clients from boto3's default session: one per service, not a session per component.
persistence = DynamoDBPersistenceLayer(table_name=os.environ[resources.ENV_IDEMPOTENCY_TABLE],
                                       boto3_client=boto3.client("dynamodb"))
idempotency = IdempotencyConfig(expires_after_seconds=24 * 3600)
s3 = boto3.client("s3")
OPTIONS = convert_options(os.environ)
BUCKET = os.environ[resources.ENV_BUCKET]


@idempotent_function(data_keyword_argument="obj", persistence_store=persistence,
                     config=idempotency)
def convert_once(obj: dict) -> dict:
    started = time.perf_counter()
    try:
        outcome = convert_object(s3, ObjectRef(**obj), OPTIONS)
    except RetryableFailure as exc:
        count_failure(exc.error)
        logger.warning("retryable failure, back to the queue", extra={"error": exc.error.to_dict()})
        raise
    count_outcome(metrics, outcome, (time.perf_counter() - started) * 1000)
    logger.info("object handled", extra={"object": obj, **outcome.to_dict()})
    return outcome.to_dict()


def notified_objects(raw: str) -> list[dict] | ConversionError:
    """The objects an S3 notification names: [] for s3:TestEvent, an error for junk."""
    try:
        body = json.loads(raw)
        if isinstance(body, dict) and body.get("Event") == "s3:TestEvent":
            return []  # S3 sends one when the notification is set up
        return [{"bucket": rec.s3.bucket.name, "key": decode_key(rec.s3.get_object.key),
                 "etag": rec.s3.get_object.etag or None} for rec in S3Event(body).records]
    except json.JSONDecodeError as exc:
        return ConversionError("bad_message", f"not JSON: {exc}")
    except (KeyError, TypeError, AttributeError) as exc:
        return ConversionError("bad_message", f"not an S3 notification: {exc!r}")


@tracer.capture_method
def record_handler(record: SQSRecord) -> None:
    logger.set_correlation_id(record.message_id)  # each message's logs, not the batch's
    objects = notified_objects(record.body)
    if isinstance(objects, ConversionError):
        key = write_rejected(s3, BUCKET, resources.OBJECTS_QUEUE, record.message_id,
                             record.body, objects)
        count_failure(objects)
        logger.warning("bad message", extra={"record_key": key, "error": objects.message})
        return
    for obj in objects:
        try:
            convert_once(obj=obj)
        except RetryableFailure as exc:
            deliveries = int(record.attributes.approximate_receive_count)
            if deliveries >= resources.MAX_RECEIVE_COUNT:
                ref = ObjectRef(**obj)
                write_given_up(s3, ref.bucket, output_stem(ref.key), ref.uri, exc.error,
                               deliveries)
            raise


@logger.inject_lambda_context
@tracer.capture_lambda_handler
@metrics.log_metrics(capture_cold_start_metric=True)
def lambda_handler(event: dict, context: LambdaContext) -> dict:
    idempotency.register_lambda_context(context)
    return process_partial_response(event=event, record_handler=record_handler,
                                    processor=processor, context=context)
