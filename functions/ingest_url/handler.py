"""ingest_url: SQS messages naming a URL -> scraped Markdown + JSON, URL state in DynamoDB.

A bad message is written as an error record and counts as done; a retryable failure
(timeout, 5xx, a blocked page) goes back to the queue; unchanged content is not
rewritten.
"""

from __future__ import annotations

import os
import time

import boto3
from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.utilities.batch import (
    BatchProcessor,
    EventType,
    process_partial_response,
)
from aws_lambda_powertools.utilities.data_classes.sqs_event import SQSRecord
from aws_lambda_powertools.utilities.typing import LambdaContext

from webfold.aws import resources
from webfold.aws.messages import parse_message
from webfold.aws.outcome import RetryableFailure
from webfold.aws.runtime import convert_options, renderer
from webfold.aws.s3io import write_given_up, write_rejected
from webfold.aws.telemetry import count_failure, count_outcome
from webfold.aws.urls import ingest
from webfold.aws.urlstate import state_table
from webfold.errors import ConversionError

logger = Logger()
tracer = Tracer()
metrics = Metrics()
processor = BatchProcessor(event_type=EventType.SQS)
s3 = boto3.client("s3")
table = state_table(boto3, os.environ[resources.ENV_URL_STATE_TABLE])
OPTIONS = convert_options(os.environ)
RENDERER = renderer(os.environ)
BUCKET = os.environ[resources.ENV_BUCKET]


@tracer.capture_method
def record_handler(record: SQSRecord) -> None:
    logger.set_correlation_id(record.message_id)  # each message's logs, not the batch's
    message = parse_message(record.body)
    if isinstance(message, ConversionError):
        key = write_rejected(s3, BUCKET, resources.URLS_QUEUE, record.message_id, record.body,
                             message)
        count_failure(message)
        logger.warning("bad message", extra={"record_key": key, "error": message.message})
        return
    started = time.perf_counter()
    try:
        outcome = ingest(message, s3=s3, bucket=BUCKET, table=table, options=OPTIONS,
                         renderer=RENDERER)
    except RetryableFailure as exc:
        count_failure(exc.error)
        logger.warning("retryable failure, back to the queue", extra={"error": exc.error.to_dict()})
        deliveries = int(record.attributes.approximate_receive_count)
        if deliveries >= resources.MAX_RECEIVE_COUNT:
            write_given_up(s3, BUCKET, message.stem, message.url, exc.error, deliveries)
        raise
    count_outcome(metrics, outcome, (time.perf_counter() - started) * 1000)
    logger.info("url handled", extra={"url": message.url, **outcome.to_dict()})


@logger.inject_lambda_context
@tracer.capture_lambda_handler
@metrics.log_metrics(capture_cold_start_metric=True)
def lambda_handler(event: dict, context: LambdaContext) -> dict:
    return process_partial_response(event=event, record_handler=record_handler,
                                    processor=processor, context=context)
