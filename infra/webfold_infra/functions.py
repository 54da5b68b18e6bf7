"""The five functions: three zip functions on the converter layer, two container images."""

from __future__ import annotations

from pathlib import Path

from aws_cdk import Duration, RemovalPolicy, Size
from aws_cdk import aws_ecr_assets as ecr_assets
from aws_cdk import aws_lambda as lambda_
from aws_cdk import aws_logs as logs
from constructs import Construct

from webfold.pipeline import resources
from webfold_infra import constants
from webfold_infra.constants import FunctionSpec
from webfold_infra.nag import BASIC_EXECUTION_ROLE, XRAY_WILDCARD, acknowledge

PYTHON_RUNTIME = lambda_.Runtime.PYTHON_3_12  # the layer's bytecode is built for 3.12
ASSET_EXCLUDES = ["__pycache__", "*.pyc", "Dockerfile", "*_event.json", "tests"]
ARCHITECTURES = {"arm64": lambda_.Architecture.ARM_64, "x86_64": lambda_.Architecture.X86_64}
# Besides its own folder, what a container image's Dockerfile may copy from the repository.
IMAGE_CONTEXT = ("shared/webfold", "layers/converter/requirements.txt")
PLATFORMS = {"arm64": ecr_assets.Platform.LINUX_ARM64, "x86_64": ecr_assets.Platform.LINUX_AMD64}


class Functions(Construct):
    """convert_object, ingest_url and rescrape (zip + layer); ocr and render (images).

    Each function gets Powertools settings, X-Ray tracing, JSON logs into its own log
    group with a retention, and only the environment variables it uses. Grants and
    triggers are wired by the stack, which sees the other resources.
    """

    def __init__(
        self,
        scope: Construct,
        construct_id: str,
        *,
        arch: str,
        layer_zip: Path,
        functions_dir: Path,
    ) -> None:
        super().__init__(scope, construct_id)
        self._arch = arch
        self._functions_dir = functions_dir
        self.layer = lambda_.LayerVersion(
            self,
            "ConverterLayer",
            code=lambda_.Code.from_asset(str(layer_zip)),  # uploaded as built
            compatible_runtimes=[PYTHON_RUNTIME],
            compatible_architectures=[ARCHITECTURES[arch]],
            description="webfold converter: selectolax, onnxruntime, PyMuPDF, Powertools",
        )
        self.ocr = self._image_function(constants.OCR)
        self.render = self._image_function(constants.RENDER)
        self.convert_object = self._zip_function(
            constants.CONVERT_OBJECT, {resources.ENV_OCR_FUNCTION: self.ocr.function_name}
        )
        self.ingest_url = self._zip_function(
            constants.INGEST_URL, {resources.ENV_RENDER_FUNCTION: self.render.function_name}
        )
        self.rescrape = self._zip_function(constants.RESCRAPE, {})
        self.all = (self.convert_object, self.ingest_url, self.rescrape, self.ocr, self.render)

    def _zip_function(self, spec: FunctionSpec, environment: dict[str, str]) -> lambda_.Function:
        function = lambda_.Function(
            self,
            _construct_id(spec),
            code=lambda_.Code.from_asset(
                str(self._functions_dir / spec.name), exclude=ASSET_EXCLUDES
            ),
            handler=constants.HANDLER,
            runtime=PYTHON_RUNTIME,
            layers=[self.layer],
            **self._common(spec, environment),
        )
        acknowledge(
            function,
            "Python 3.12 on purpose: the converter layer's native wheels and bytecode are "
            "built for 3.12 (layers/converter/build.py); move both together.",
            "AwsSolutions-L1",
        )
        return _acknowledge_role(function)

    def _image_function(self, spec: FunctionSpec) -> lambda_.DockerImageFunction:
        # The image needs the converter package, so its build context is the repository
        # (the parent of functions/) cut down to what the Dockerfile may copy. Synth only
        # fingerprints that context; `cdk deploy` builds the image.
        root, folder = self._functions_dir.parent, self._functions_dir.name
        keep = {f"{folder}/{spec.name}", *IMAGE_CONTEXT}
        code = lambda_.DockerImageCode.from_image_asset(
            str(root),
            file=f"{folder}/{spec.name}/Dockerfile",
            platform=PLATFORMS[self._arch],
            exclude=[*_image_context_excludes(root, keep), "**/__pycache__", "**/*.pyc"],
        )
        function = lambda_.DockerImageFunction(
            self, _construct_id(spec), code=code, **self._common(spec, {})
        )
        return _acknowledge_role(function)

    def _common(self, spec: FunctionSpec, environment: dict[str, str]) -> dict:
        log_group = logs.LogGroup(
            self,
            f"{_construct_id(spec)}Logs",
            retention=constants.LOG_RETENTION,
            removal_policy=RemovalPolicy.DESTROY,
        )
        return {
            "architecture": ARCHITECTURES[self._arch],
            "memory_size": spec.memory_mb,
            "timeout": Duration.seconds(spec.timeout_s),
            "ephemeral_storage_size": Size.mebibytes(constants.EPHEMERAL_STORAGE_MB),
            "tracing": lambda_.Tracing.ACTIVE,
            "logging_format": lambda_.LoggingFormat.JSON,
            "log_group": log_group,
            "environment": {**_powertools_environment(spec), **environment},
        }


def _image_context_excludes(root: Path, keep: set[str], relative: str = "") -> list[str]:
    """Exclude patterns that leave only `keep` (paths relative to `root`) in the context.

    Listing what to drop, rather than `*` plus `!keep` lines, lets the fingerprint skip
    whole folders such as .venv/ instead of walking them to look for re-inclusions.
    """
    excludes = []
    for child in sorted((root / relative).iterdir()):
        path = f"{relative}{child.name}"
        if path in keep:
            continue
        if any(k.startswith(f"{path}/") for k in keep):
            excludes += _image_context_excludes(root, keep, f"{path}/")
        else:
            excludes.append(path)
    return excludes


def _acknowledge_role(function: lambda_.Function) -> lambda_.Function:
    acknowledge(
        function,
        "AWSLambdaBasicExecutionRole only lets the function write its own CloudWatch logs.",
        BASIC_EXECUTION_ROLE,
    )
    acknowledge(
        function,
        "X-Ray tracing: xray:PutTraceSegments and PutTelemetryRecords have no "
        "resource-level permissions, so their resource is '*'.",
        XRAY_WILDCARD,
    )
    return function


def _powertools_environment(spec: FunctionSpec) -> dict[str, str]:
    return {
        "POWERTOOLS_SERVICE_NAME": spec.name,
        "POWERTOOLS_METRICS_NAMESPACE": constants.METRICS_NAMESPACE,
        "POWERTOOLS_LOG_LEVEL": constants.LOG_LEVEL,
    }


def _construct_id(spec: FunctionSpec) -> str:
    return "".join(part.capitalize() for part in spec.name.split("_"))
