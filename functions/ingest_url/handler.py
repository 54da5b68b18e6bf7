"""ingest_url: SQS messages naming a URL -> scraped Markdown + JSON, URL state in DynamoDB.

A bad message is written as an error record and counts as done; a retryable failure
(timeout, 5xx, a blocked page) goes back to the queue; unchanged content is not
rewritten.
"""

from __future__ import annotations

import os

import boto3
from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.utilities.batch import (
    BatchProcessor,
    EventType,
    process_partial_response,
)
from aws_lambda_powertools.utilities.data_classes.sqs_event import SQSRecord
from aws_lambda_powertools.utilities.typing import LambdaContext

from webfold.errors import ConversionError
from webfold.pipeline import resources
from webfold.pipeline.messages import UrlMessage, parse_message
from webfold.pipeline.outcome import FailurePlace
from webfold.pipeline.records import QueueEdge, handle_record, run_measured
from webfold.pipeline.runtime import convert_options, renderer
from webfold.pipeline.urls import ingest
from webfold.pipeline.urlstate import state_table

logger = Logger()
tracer = Tracer()
metrics = Metrics()
processor = BatchProcessor(event_type=EventType.SQS)
s3 = boto3.client("s3")
table = state_table(boto3, os.environ[resources.ENV_URL_STATE_TABLE])
OPTIONS = convert_options(os.environ)
RENDERER = renderer(os.environ)
EDGE = QueueEdge(resources.URLS_QUEUE, s3, os.environ[resources.ENV_BUCKET], logger, metrics)


def parse(body: str) -> list[UrlMessage] | ConversionError:
    message = parse_message(body)
    return message if isinstance(message, ConversionError) else [message]


def ingest_one(message: UrlMessage) -> None:
    run_measured(EDGE, lambda: ingest(message, s3=s3, bucket=EDGE.bucket, table=table,
                                      options=OPTIONS, renderer=RENDERER),
                 "url handled", {"url": message.url})


@tracer.capture_method
def record_handler(record: SQSRecord) -> None:
    handle_record(EDGE, record, parse=parse, run=ingest_one,
                  failure_place=lambda message: FailurePlace(message.stem, message.url))


@logger.inject_lambda_context
@tracer.capture_lambda_handler
@metrics.log_metrics(capture_cold_start_metric=True)
def lambda_handler(event: dict, context: LambdaContext) -> dict:
    return process_partial_response(event=event, record_handler=record_handler,
                                    processor=processor, context=context)
