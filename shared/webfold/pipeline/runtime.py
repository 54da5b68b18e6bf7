"""What a handler reads from its environment once, at cold start.

On AWS the OCR engine and the renderer are the container functions named by
`WEBFOLD_OCR_FUNCTION` / `WEBFOLD_RENDER_FUNCTION`; without them (one machine) they are
the local Tesseract engine and the local Chromium, called in-process.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from webfold.contract import ConvertOptions
from webfold.pipeline import resources as r
from webfold.settings import Settings


def convert_options(environ: Mapping[str, str]) -> ConvertOptions:
    """Converter options from `WEBFOLD_*` variables; raises ValueError on a bad value.

    A bad setting should stop the function at cold start, loudly, rather than convert
    with a limit nobody asked for.
    """
    settings = Settings.from_env(environ)
    ocr = None
    if environ.get(r.ENV_OCR_FUNCTION):
        from webfold.pipeline.engines import LambdaOcrEngine

        ocr = LambdaOcrEngine(**_invoke_parts(environ, r.ENV_OCR_FUNCTION))
    return ConvertOptions(settings=settings, ocr=ocr)


def renderer(environ: Mapping[str, str]) -> Any:
    """The render function when one is configured, else the local Chromium (None when
    this machine has no Chromium: pages that need rendering then fail `render_failed`)."""
    if environ.get(r.ENV_RENDER_FUNCTION):
        from webfold.pipeline.engines import LambdaRenderer

        return LambdaRenderer(**_invoke_parts(environ, r.ENV_RENDER_FUNCTION))
    from webfold.web.render import local_renderer

    return local_renderer()


def _invoke_parts(environ: Mapping[str, str], function_var: str) -> dict[str, Any]:
    import boto3

    from webfold.pipeline.engines import invoke_client

    return {"client_for_budget": functools.lru_cache(maxsize=8)(invoke_client),
            "s3": boto3.client("s3"), "bucket": environ[r.ENV_BUCKET],
            "function_name": environ[function_var]}
