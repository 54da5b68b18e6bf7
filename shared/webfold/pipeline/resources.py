"""Resource names and the environment variables that carry them into the functions.

The CDK stack (infra/) and the local moto stack (devstack/) create resources from these same
names, so a handler finds the same things in AWS and on one machine.
"""

from __future__ import annotations

from typing import Any

from webfold.outputs import SOURCE_SUFFIXES

PROJECT = "webfold"

# Logical names; in AWS the stack appends its own unique suffixes and passes the real
# names to the functions through the environment variables below.
DOCUMENTS_BUCKET = "webfold-documents"
OBJECTS_QUEUE = "webfold-objects"
OBJECTS_DLQ = "webfold-objects-dlq"
OBJECTS_RULE = "webfold-objects"  # the EventBridge rule feeding the objects queue
URLS_QUEUE = "webfold-urls"
URLS_DLQ = "webfold-urls-dlq"
URL_STATE_TABLE = "webfold-url-state"
IDEMPOTENCY_TABLE = "webfold-idempotency"

ENV_BUCKET = "WEBFOLD_BUCKET"
ENV_URLS_QUEUE = "WEBFOLD_URLS_QUEUE_URL"
ENV_URL_STATE_TABLE = "WEBFOLD_URL_STATE_TABLE"
ENV_IDEMPOTENCY_TABLE = "WEBFOLD_IDEMPOTENCY_TABLE"
ENV_OCR_FUNCTION = "WEBFOLD_OCR_FUNCTION"
ENV_RENDER_FUNCTION = "WEBFOLD_RENDER_FUNCTION"

MAX_RECEIVE_COUNT = 3  # deliveries before a message goes to its dead-letter queue
# A queue's visibility timeout is this many times its consumer's timeout (AWS's advice
# for Lambda event sources), in AWS and locally. Two things follow: a message is not
# handed to a second consumer while a slow batch still runs, and a delivery killed
# mid-message (timeout, out of memory) leaves an idempotency record whose in-progress
# expiry (the consumer's remaining time, `register_lambda_context`) has passed before
# the message comes back, so the redelivery does the work instead of meeting
# IdempotencyAlreadyInProgressError.
VISIBILITY_TIMEOUT_FACTOR = 6


def visibility_timeout_s(consumer_timeout_s: int) -> int:
    """The visibility timeout of a queue whose consumer times out after `consumer_timeout_s`."""
    return VISIBILITY_TIMEOUT_FACTOR * consumer_timeout_s


# Table keys and TTL attributes (the CDK tables and the local ones use the same).
URL_STATE_KEY = "url"  # partition key (S): the URL as given in the message
URL_STATE_TTL_ATTR = "expires_at"  # epoch seconds; set only on URLs nobody watches
IDEMPOTENCY_KEY = "id"  # Powertools DynamoDBPersistenceLayer defaults
IDEMPOTENCY_TTL_ATTR = "expiration"
# The watch list lives in the URL state table: an item with `interval_s` (N) is watched
# and re-scraped by `rescrape` when `interval_s` has passed since it was last fetched.
WATCH_INTERVAL_ATTR = "interval_s"

# The input the EventBridge Scheduler target passes to `rescrape` (a Scheduler context
# attribute, filled in at each tick); `rescrape` computes what is due against it.
SCHEDULER_INPUT = '{"scheduled_time": "<aws.scheduler.scheduled-time>"}'

# Page images for the OCR function and rendered HTML from the render function pass
# through here (payloads stay small); the bucket's lifecycle rule expires the prefix
# after a day. Only the OCR function reads it, only the render function writes it.
SCRATCH_PREFIX = "tmp/webfold-scratch/"


# New sources reach the objects queue as S3 events through EventBridge, not as S3
# notifications: S3 suffix filters (and IAM key patterns) are case-sensitive, so
# `REPORT.PDF` or `page.HtMl` would never be notified, while an EventBridge rule
# matches a suffix with `equals-ignore-case` in one rule for every case form (the
# alternative, one S3 filter per case form, is 256 filters for the suffixes today).
S3_SOURCE = "aws.s3"
OBJECT_CREATED = "Object Created"


def source_event_pattern(bucket_name: Any) -> dict[str, Any]:
    """The EventBridge pattern of the objects rule: an object created in `bucket_name`
    whose key ends in a source suffix of `webfold.outputs`, whatever its case. The CDK
    rule and the local stack's rule are both made from this."""
    return {
        "source": [S3_SOURCE],
        "detail-type": [OBJECT_CREATED],
        "detail": {
            "bucket": {"name": [bucket_name]},
            "object": {"key": [{"suffix": {"equals-ignore-case": suffix}}
                               for suffix in SOURCE_SUFFIXES]},
        },
    }
