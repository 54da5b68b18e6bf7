"""convert_object: S3 "Object Created" events (EventBridge -> SQS) -> Markdown + JSON beside them.

Each SQS message carries one EventBridge event of the objects rule
(`webfold.pipeline.resources.source_event_pattern`). Each object is converted once per
(bucket, key, etag); a retryable failure sends the message back, a permanent one is
written as a JSON record and counts as done.
"""

from __future__ import annotations

import json
import os

import boto3
from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.utilities.batch import (
    BatchProcessor,
    EventType,
    process_partial_response,
)
from aws_lambda_powertools.utilities.data_classes import S3EventBridgeNotificationEvent
from aws_lambda_powertools.utilities.data_classes.sqs_event import SQSRecord
from aws_lambda_powertools.utilities.idempotency import (
    DynamoDBPersistenceLayer,
    IdempotencyConfig,
    idempotent_function,
)
from aws_lambda_powertools.utilities.typing import LambdaContext

from webfold.errors import ConversionError
from webfold.outputs import output_stem
from webfold.pipeline import resources
from webfold.pipeline.objects import ObjectRef, convert_object
from webfold.pipeline.outcome import FailurePlace
from webfold.pipeline.records import QueueEdge, handle_record, run_measured
from webfold.pipeline.runtime import convert_options

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
EDGE = QueueEdge(resources.OBJECTS_QUEUE, s3, os.environ[resources.ENV_BUCKET], logger, metrics)


@idempotent_function(data_keyword_argument="obj", persistence_store=persistence,
                     config=idempotency)
def convert_once(obj: dict) -> dict:
    outcome = run_measured(EDGE, lambda: convert_object(s3, ObjectRef(**obj), OPTIONS),
                           "object handled", {"object": obj})
    return outcome.to_dict()


def notified_objects(raw: str) -> list[dict] | ConversionError:
    """The object an S3 "Object Created" event names, or an error for junk.

    The key arrives form-encoded (`+` for a space), as in S3 notifications; Powertools'
    `S3EventBridgeNotificationObject.key` decodes it once.
    """
    try:
        event = S3EventBridgeNotificationEvent(json.loads(raw))
        if event.source != resources.S3_SOURCE or event.detail_type != resources.OBJECT_CREATED:
            return ConversionError("bad_message", "not an S3 Object Created event")
        obj = event.detail.object
        return [{"bucket": event.detail.bucket.name, "key": obj.key, "etag": obj.etag or None}]
    except json.JSONDecodeError as exc:
        return ConversionError("bad_message", f"not JSON: {exc}")
    except (KeyError, TypeError, AttributeError) as exc:
        return ConversionError("bad_message", f"not an S3 Object Created event: {exc!r}")


def failure_place(obj: dict) -> FailurePlace:
    ref = ObjectRef(**obj)
    return FailurePlace(output_stem(ref.key), ref.uri, ref.etag)


@tracer.capture_method
def record_handler(record: SQSRecord) -> None:
    handle_record(EDGE, record, parse=notified_objects, run=lambda obj: convert_once(obj=obj),
                  failure_place=failure_place)


@logger.inject_lambda_context
@tracer.capture_lambda_handler
@metrics.log_metrics(capture_cold_start_metric=True)
def lambda_handler(event: dict, context: LambdaContext) -> dict:
    idempotency.register_lambda_context(context)
    return process_partial_response(event=event, record_handler=record_handler,
                                    processor=processor, context=context)
