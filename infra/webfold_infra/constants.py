"""Names, sizes, timeouts and context flags of the stack, in one place.

Resource names and environment variable names come from `webfold.pipeline.resources`, the
source suffixes from `webfold.outputs`; the local moto stack (devstack/) reads the same,
so AWS and one machine agree on them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from aws_cdk import aws_logs as logs

from webfold import outputs
from webfold.pipeline import resources

REPO = Path(__file__).resolve().parents[2]
FUNCTIONS_DIR = REPO / "functions"
LAYER_BUILD_DIR = REPO / "build" / "layers"  # written by layers/converter/build.py

STACK_NAME = "WebfoldStack"
SERVICE_NAME = resources.PROJECT  # POWERTOOLS_SERVICE_NAME
METRICS_NAMESPACE = "Webfold"  # POWERTOOLS_METRICS_NAMESPACE
LOG_LEVEL = "INFO"
HANDLER = "handler.lambda_handler"  # functions/<name>/handler.py

# cdk.json / `cdk synth -c key=value` flags
CONTEXT_ARCH = "webfold:arch"  # "arm64" (default) or "x86_64"
CONTEXT_VERSIONING = "webfold:versioning"  # "true" keeps object versions in the bucket
CONTEXT_LAYER_ZIP = "webfold:layerZip"  # a built layer zip (default: per arch, below)
CONTEXT_FUNCTIONS_DIR = "webfold:functionsDir"
CONTEXT_ALARM_EMAIL = "webfold:alarmEmail"  # optional subscriber of the alarm topic
DEFAULT_ARCH = "arm64"


@dataclass(frozen=True, slots=True)
class FunctionSpec:
    name: str  # the folder under functions/
    memory_mb: int
    timeout_s: int


# convert_object calls ocr synchronously and ingest_url calls render: each caller's
# timeout covers its callee's plus its own work.
CONVERT_OBJECT = FunctionSpec("convert_object", memory_mb=2048, timeout_s=600)
INGEST_URL = FunctionSpec("ingest_url", memory_mb=1024, timeout_s=120)
RESCRAPE = FunctionSpec("rescrape", memory_mb=256, timeout_s=60)
OCR = FunctionSpec("ocr", memory_mb=3008, timeout_s=300)
RENDER = FunctionSpec("render", memory_mb=2048, timeout_s=90)
ZIP_FUNCTIONS = (CONVERT_OBJECT, INGEST_URL, RESCRAPE)
IMAGE_FUNCTIONS = (OCR, RENDER)
EPHEMERAL_STORAGE_MB = 2048  # /tmp for large PDFs and WARCs, Chromium's profile

# Queues: visibility timeout = resources.visibility_timeout_s(consumer timeout).
MAX_RECEIVE_COUNT = resources.MAX_RECEIVE_COUNT
QUEUE_RETENTION_DAYS = 4
DLQ_RETENTION_DAYS = 14  # the longest SQS allows: time to look at the poison
OBJECTS_BATCH_SIZE = 4
URLS_BATCH_SIZE = 10
MAX_BATCHING_WINDOW_S = 5
# Cost ceilings: the most concurrent invocations each queue may drive.
OBJECTS_MAX_CONCURRENCY = 20
URLS_MAX_CONCURRENCY = 10

SOURCE_SUFFIXES = outputs.SOURCE_SUFFIXES  # the objects rule and the read grants
# EventBridge -> objects queue: retries of a failed delivery, then the objects DLQ.
SOURCE_EVENT_RETRY_ATTEMPTS = 8
SOURCE_EVENT_MAX_AGE_HOURS = 24
RESCRAPE_EVERY_MINUTES = 15
LOG_RETENTION = logs.RetentionDays.ONE_MONTH
ACCESS_LOG_EXPIRY_DAYS = 90
NONCURRENT_VERSION_EXPIRY_DAYS = 30  # when versioning is on

# Alarms
DLQ_DEPTH_THRESHOLD = 1  # any message in a dead-letter queue is worth a look
ERROR_RATE_THRESHOLD_PERCENT = 5
ALARM_PERIOD_MINUTES = 5
ALARM_EVALUATION_PERIODS = 3
