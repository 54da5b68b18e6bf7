"""rescrape: on each EventBridge Scheduler tick, queue the watched URLs that are due.

The scheduler's input is `{"scheduled_time": "<aws.scheduler.scheduled-time>"}`; due is
computed against that time, so a late tick does not shift the schedule.
"""

from __future__ import annotations

import os

import boto3
from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext

from webfold.pipeline import resources
from webfold.pipeline.urlstate import state_table
from webfold.pipeline.watch import rescrape_tick, tick_time

logger = Logger()
tracer = Tracer()
metrics = Metrics()
sqs = boto3.client("sqs")
table = state_table(boto3, os.environ[resources.ENV_URL_STATE_TABLE])
QUEUE_URL = os.environ[resources.ENV_URLS_QUEUE]


@logger.inject_lambda_context
@tracer.capture_lambda_handler
@metrics.log_metrics(capture_cold_start_metric=True)
def lambda_handler(event: dict, context: LambdaContext) -> dict:
    now = tick_time(event)
    queued = rescrape_tick(table, sqs, QUEUE_URL, now)
    metrics.add_metric(name="UrlsQueued", unit=MetricUnit.Count, value=len(queued))
    logger.info("rescrape tick", extra={"now": now, "queued": [m.url for m in queued]})
    return {"queued": len(queued)}
