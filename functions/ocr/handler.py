"""ocr (container image): one page image in S3 -> Tesseract's words with their boxes.

Invoked by `webfold.pipeline.engines.LambdaOcrEngine` with
`{"bucket", "key", "lang", "timeout_s"}`; the key must sit under the scratch prefix.
Answers the `OcrPage` as JSON (`OcrPage.to_dict`); failures are in its
`error`, never raised.
"""

from __future__ import annotations

import time

import boto3
from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext

from webfold.errors import ConversionError
from webfold.pdf.ocr import OcrPage, local_engine
from webfold.pipeline.resources import SCRATCH_PREFIX
from webfold.pipeline.s3io import read_object

logger = Logger()
tracer = Tracer()
metrics = Metrics()
s3 = boto3.client("s3")
engine = local_engine()
MAX_IMAGE_BYTES = 50_000_000
REPLY_MARGIN_S = 2.0  # leave time to answer before Lambda's own timeout


def _failed(code: str, message: str) -> dict:
    return OcrPage(width=0, height=0, error=ConversionError(code, message)).to_dict()


@logger.inject_lambda_context
@tracer.capture_lambda_handler
@metrics.log_metrics(capture_cold_start_metric=True)
def lambda_handler(event: dict, context: LambdaContext) -> dict:
    bucket, key = event.get("bucket"), event.get("key")
    lang, timeout_s = event.get("lang", "eng"), event.get("timeout_s", 60)
    if not (isinstance(bucket, str) and isinstance(key, str) and key.startswith(SCRATCH_PREFIX)
            and isinstance(lang, str) and isinstance(timeout_s, (int, float))):
        return _failed("bad_message", f"need bucket, key under {SCRATCH_PREFIX}, lang, timeout_s")
    image = read_object(s3, bucket, key, max_bytes=MAX_IMAGE_BYTES)
    if isinstance(image, ConversionError):
        return _failed("ocr_failed", f"page image: {image.message}")
    budget = min(float(timeout_s), context.get_remaining_time_in_millis() / 1000 - REPLY_MARGIN_S)
    started = time.perf_counter()
    page = engine.recognize(image.data, lang=lang, timeout_s=max(budget, 1.0))
    metrics.add_metric(name="PagesRead", unit=MetricUnit.Count, value=1)
    metrics.add_metric(name="LatencyMs", unit=MetricUnit.Milliseconds,
                       value=(time.perf_counter() - started) * 1000)
    if page.error is not None:
        logger.warning("ocr failed", extra={"error": page.error.to_dict()})
    return page.to_dict()
