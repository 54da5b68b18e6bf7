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
from webfold.aws.keys import decode_key
from webfold.aws.objects import ObjectRef, convert_object
from webfold.aws.outcome import RetryableFailure
from webfold.aws.runtime import convert_options
from webfold.aws.s3io import write_rejected
from webfold.aws.telemetry import count_failure, count_outcome
from webfold.errors import ConversionError

logger = Logger()
tracer = Tracer()
metrics = Metrics()
processor = BatchProcessor(event_type=EventType.SQS)
persistence = DynamoDBPersistenceLayer(table_name=os.environ[resources.ENV_IDEMPOTENCY_TABLE])
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


@tracer.capture_method
def record_handler(record: SQSRecord) -> None:
    logger.set_correlation_id(record.message_id)  # each message's logs, not the batch's
    try:
        body = json.loads(record.body)
    except json.JSONDecodeError as exc:
        error = ConversionError("bad_message", f"not JSON: {exc}")
        key = write_rejected(s3, BUCKET, resources.OBJECTS_QUEUE, record.message_id,
                             record.body, error)
        count_failure(error)
        logger.warning("bad message", extra={"record_key": key})
        return
    if not isinstance(body, dict) or "Records" not in body:  # s3:TestEvent and the like
        logger.info("not an object notification", extra={"event": str(body)[:200]})
        return
    for s3_record in S3Event(body).records:
        obj = s3_record.s3.get_object
        convert_once(obj={"bucket": s3_record.s3.bucket.name, "key": decode_key(obj.key),
                          "etag": obj.etag or None})


@logger.inject_lambda_context
@tracer.capture_lambda_handler
@metrics.log_metrics(capture_cold_start_metric=True)
def lambda_handler(event: dict, context: LambdaContext) -> dict:
    idempotency.register_lambda_context(context)
    return process_partial_response(event=event, record_handler=record_handler,
                                    processor=processor, context=context)
