"""The functions of `functions/` run in this process, as Lambda would run them.

`load_handler` imports a handler module from its folder; `LocalContext` is the context
object they get; `LocalLambdaClient` answers a boto3 Lambda client's `invoke` with them
(moto cannot run functions without Docker), so the OCR and render engines work on one
machine exactly as against AWS.
"""

from __future__ import annotations

import importlib.util
import io
import json
import sys
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import Any

REPO = Path(__file__).resolve().parents[1]
FUNCTIONS_DIR = REPO / "functions"


def load_handler(name: str) -> ModuleType:
    """Import `functions/<name>/handler.py` under the unique module name `webfold_fn_<name>`.

    The functions are not a package (each is deployed alone); a module already loaded is
    returned as is, since handlers keep their clients at module level.
    """
    module_name = f"webfold_fn_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, FUNCTIONS_DIR / name / "handler.py")
    if spec is None or spec.loader is None:
        raise ImportError(f"no handler for function {name!r} in {FUNCTIONS_DIR}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[module_name]
        raise
    return module


@dataclass(slots=True)
class LocalContext:
    """The parts of the Lambda context object the handlers and Powertools read."""

    function_name: str
    timeout_s: float = 900.0
    memory_limit_in_mb: int = 1024
    aws_request_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    log_group_name: str = "local"
    log_stream_name: str = "local"
    _deadline: float = field(default=0.0, repr=False)

    def __post_init__(self) -> None:
        self._deadline = time.monotonic() + self.timeout_s

    @property
    def invoked_function_arn(self) -> str:
        return f"arn:aws:lambda:local:000000000000:function:{self.function_name}"

    def get_remaining_time_in_millis(self) -> int:
        return max(0, int((self._deadline - time.monotonic()) * 1000))


def scheduler_event(now: datetime | None = None) -> dict:
    """The input the EventBridge Scheduler target gives `rescrape` (see resources)."""
    moment = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {"scheduled_time": moment}


class LocalLambdaClient:
    """The `invoke` call of a boto3 Lambda client, answered by the handlers in-process.

    moto cannot run functions without Docker; this runs `functions/<name>/handler.py`
    (the OCR and render functions included) with a real JSON round trip of the payload,
    so the Lambda engines work on one machine exactly as against AWS.
    """

    def invoke(self, *, FunctionName: str, Payload: bytes,  # noqa: N803 (boto3's names)
               InvocationType: str = "RequestResponse") -> dict[str, Any]:
        handler = load_handler(FunctionName)
        try:
            answer = handler.lambda_handler(json.loads(Payload), LocalContext(FunctionName))
        except Exception as exc:  # Lambda reports an unhandled error as FunctionError
            error = {"errorType": type(exc).__name__, "errorMessage": str(exc)}
            return {"StatusCode": 200, "FunctionError": "Unhandled",
                    "Payload": io.BytesIO(json.dumps(error).encode())}
        return {"StatusCode": 200, "Payload": io.BytesIO(json.dumps(answer).encode())}
