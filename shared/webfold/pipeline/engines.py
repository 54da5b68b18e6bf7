"""The OCR engine and the renderer as Lambda invokes of the container functions.

`LambdaOcrEngine` implements `webfold.pdf.ocr.OcrEngine` and `LambdaRenderer`
implements `webfold.web.render.Renderer`: the converter calls them exactly like the local
Tesseract engine and Chromium renderer. Documents never travel in a payload (Lambda
caps them at 6 MB): a page image goes to a scratch key in the bucket and the OCR
function reads it from there; the render function writes the page's HTML to a scratch
key and returns the key. Scratch objects are deleted after use (and live under a
prefix the bucket's lifecycle rule may expire, in case a caller dies first).

The payload formats (`ocr_request`, `OcrPage.to_dict`, ...) are shared with the two
handlers in `functions/ocr` and `functions/render`.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from webfold.errors import ConversionError
from webfold.pipeline.resources import SCRATCH_PREFIX

_MAX_RENDERED_BYTES = 50_000_000
# How long an invoke may take beyond its work's own budget: a container image's cold
# start and the reply. botocore's default (60 s, then two retries) would send a long
# invoke again while the first may still be running, and fail it only after 180 s.
INVOKE_MARGIN_S = 10.0
INVOKE_CONNECT_TIMEOUT_S = 5.0


def invoke_client(budget_s: float) -> Any:
    """A boto3 Lambda client for synchronous invokes whose work may take `budget_s`.

    It waits `budget_s + INVOKE_MARGIN_S` for the answer and sends each invoke once: an
    invoke that timed out on this side may have run (or still runs), and a second one
    would do the work twice. A failed invoke is the caller's retryable failure, and the
    message's redelivery is the retry.
    """
    import boto3
    from botocore.config import Config

    return boto3.client("lambda", config=Config(
        read_timeout=budget_s + INVOKE_MARGIN_S, connect_timeout=INVOKE_CONNECT_TIMEOUT_S,
        retries={"total_max_attempts": 1}))


def scratch_key(suffix: str) -> str:
    return f"{SCRATCH_PREFIX}{uuid.uuid4().hex}{suffix}"


def ocr_page_from_answer(data: Any) -> Any:
    """The OCR function's JSON answer as an `OcrPage`; `ocr_failed` if it is malformed."""
    from webfold.pdf.ocr import OcrPage

    try:
        return OcrPage.from_dict(data)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        return OcrPage(width=0, height=0, error=ConversionError(
            "ocr_failed", f"the OCR function answered nonsense: {exc}"))


@dataclass(kw_only=True, eq=False)  # an engine equals only itself
class _FunctionCaller:
    """A container function and the bucket its payloads pass through.

    `client_for_budget(seconds)` gives the Lambda client for an invoke whose work may
    take that long (`invoke_client`, cached per budget, or a local stand-in).
    """

    client_for_budget: Callable[[float], Any]
    s3: Any
    bucket: str
    function_name: str


class LambdaOcrEngine(_FunctionCaller):
    """OCR through the OCR container function: image to a scratch key, invoke, delete."""

    def recognize(self, image: bytes, *, lang: str, timeout_s: float) -> Any:
        """See `webfold.pdf.ocr.OcrEngine.recognize`; AWS failures are `ocr_failed`."""
        from webfold.pdf.ocr import OcrPage

        key = scratch_key(".png")
        try:
            self.s3.put_object(Bucket=self.bucket, Key=key, Body=image, ContentType="image/png")
            payload = {"bucket": self.bucket, "key": key, "lang": lang, "timeout_s": timeout_s}
            answer = invoke(self.client_for_budget(timeout_s), self.function_name, payload)
        except (ClientError, BotoCoreError, ValueError) as exc:
            return OcrPage(width=0, height=0,
                           error=ConversionError("ocr_failed", f"OCR function: {exc}"))
        finally:
            _delete_quietly(self.s3, self.bucket, key)
        return ocr_page_from_answer(answer)


class LambdaRenderer(_FunctionCaller):
    """Rendering through the render container function, which writes the HTML to S3."""

    def render(self, request: Any) -> Any:
        """See `webfold.web.render.Renderer.render`; AWS failures are `render_failed`."""
        from webfold.web.render import RenderResult

        key = scratch_key(".html")
        try:
            answer = invoke(self.client_for_budget(request.timeout_s), self.function_name,
                            {"request": request.to_dict(), "bucket": self.bucket, "key": key})
            result = RenderResult.from_dict({k: v for k, v in answer.items() if k != "html_key"})
            if result.error is None and answer.get("html_key"):
                body = self.s3.get_object(Bucket=self.bucket, Key=answer["html_key"])["Body"]
                result.html = body.read(_MAX_RENDERED_BYTES).decode("utf-8", "replace")
        except (ClientError, BotoCoreError, ValueError, KeyError, TypeError) as exc:
            return RenderResult(url=request.url, error=ConversionError(
                "render_failed", f"render function: {exc}"))
        finally:
            _delete_quietly(self.s3, self.bucket, key)
        return result


def invoke(lambda_client: Any, function_name: str, payload: dict[str, Any]) -> dict[str, Any]:
    """A synchronous invoke; raises ValueError when the function itself failed."""
    resp = lambda_client.invoke(FunctionName=function_name, InvocationType="RequestResponse",
                                Payload=json.dumps(payload).encode("utf-8"))
    body = resp["Payload"].read()
    if resp.get("FunctionError"):
        raise ValueError(f"{function_name} failed: {body[:300].decode('utf-8', 'replace')}")
    answer = json.loads(body)
    if not isinstance(answer, dict):
        raise ValueError(f"{function_name} answered {type(answer).__name__}, not an object")
    return answer


def _delete_quietly(s3: Any, bucket: str, key: str) -> None:
    try:
        s3.delete_object(Bucket=bucket, Key=key)
    except (ClientError, BotoCoreError):
        pass  # the scratch prefix expires by lifecycle rule anyway
