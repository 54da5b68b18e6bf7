"""render (container image): a URL in headless Chromium -> its DOM as HTML in S3.

Invoked by `webfold.pipeline.engines.LambdaRenderer` with `{"request": RenderRequest dict,
"bucket", "key"}`; the key must sit under the scratch prefix. Writes the HTML there
and answers the `RenderResult` without its HTML plus `html_key`. The function's own
settings decide whether loopback addresses may be rendered, not the caller.
"""

from __future__ import annotations

import dataclasses
import os

import boto3
from aws_lambda_powertools import Logger, Metrics, Tracer
from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext

from webfold.errors import ConversionError
from webfold.pipeline.resources import SCRATCH_PREFIX
from webfold.pipeline.s3io import put_bytes
from webfold.settings import Settings
from webfold.web.render import ChromiumRenderer, RenderRequest, RenderResult, find_chromium

logger = Logger()
tracer = Tracer()
metrics = Metrics()
s3 = boto3.client("s3")
SETTINGS = Settings.from_env(os.environ)
# In the image a wrapper adds the flags Lambda's sandbox needs (see the Dockerfile).
renderer = ChromiumRenderer(executable=os.environ.get("WEBFOLD_CHROMIUM") or find_chromium())
REPLY_MARGIN_S = 5.0  # the renderer kills the browser this much before Lambda's timeout


def _parse(event: dict) -> tuple[RenderRequest, str, str] | ConversionError:
    try:
        request = RenderRequest.from_dict(event["request"])
        bucket, key = event["bucket"], event["key"]
    except (KeyError, TypeError) as exc:
        return ConversionError("bad_message", f"need request, bucket and key: {exc}")
    if not (isinstance(bucket, str) and isinstance(key, str) and key.startswith(SCRATCH_PREFIX)):
        return ConversionError("bad_message", f"the key must sit under {SCRATCH_PREFIX}")
    return request, bucket, key


@logger.inject_lambda_context
@tracer.capture_lambda_handler
@metrics.log_metrics(capture_cold_start_metric=True)
def lambda_handler(event: dict, context: LambdaContext) -> dict:
    parsed = _parse(event)
    if isinstance(parsed, ConversionError):
        return {**RenderResult(url=str(event.get("request")), error=parsed).to_dict(),
                "html_key": None}
    request, bucket, key = parsed
    budget = context.get_remaining_time_in_millis() / 1000 - REPLY_MARGIN_S
    request = dataclasses.replace(request, allow_loopback=SETTINGS.allow_loopback,
                                  timeout_s=max(1.0, min(request.timeout_s, budget)))
    result = renderer.render(request)
    html_key = None
    if result.error is None:
        put_bytes(s3, bucket, key, result.html.encode("utf-8"), "text/html; charset=utf-8")
        html_key = key
    metrics.add_metric(name="PagesRendered", unit=MetricUnit.Count, value=1)
    metrics.add_metric(name="LatencyMs", unit=MetricUnit.Milliseconds, value=result.elapsed_ms)
    if result.error is not None:
        logger.warning("render failed", extra={"url": request.url, "error": result.error.to_dict()})
    result.html = ""
    return {**result.to_dict(), "html_key": html_key}
