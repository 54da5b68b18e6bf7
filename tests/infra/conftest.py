"""Synthesise WebfoldStack once per test session (a synth costs 6-14 s).

The layer asset is a small stand-in zip: the template does not depend on the layer's
contents (tests/infra/test_layer.py builds and checks the real one). The functions
are the real `functions/<name>/` folders.
"""

from __future__ import annotations

import os
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
INFRA = REPO / "infra"
os.environ.setdefault("JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION", "20")
sys.path.insert(0, str(INFRA))

import app as infra_app  # noqa: E402
from aws_cdk import App  # noqa: E402
from aws_cdk.assertions import Template  # noqa: E402
from infra_helpers import cdk_json_context  # noqa: E402

from webfold_infra import constants  # noqa: E402
from webfold_infra.stack import WebfoldStack  # noqa: E402


@dataclass(frozen=True)
class Synth:
    stack: WebfoldStack
    template: Template
    resources: dict  # logical id -> resource, from the synthesised template
    outdir: Path


def stub_layer_zip(root: Path) -> Path:
    layer_zip = root / "layer.zip"
    with zipfile.ZipFile(layer_zip, "w") as archive:
        archive.writestr("python/webfold/__init__.py", "")
    return layer_zip


def synthesise(outdir: Path, **context: str) -> tuple[App, WebfoldStack]:
    """Build and synthesise the app as `app.py` does, with extra context."""
    app = App(context={**cdk_json_context(), **context}, outdir=str(outdir))
    _, stack = infra_app.build_app(app)
    try:
        app.synth()
    except RuntimeError as error:  # cdk-nag's validation failure: show its report
        report = outdir / "validation-report.json"
        details = report.read_text() if report.exists() else ""
        pytest.fail(f"synth failed: {error}\n{details}")
    return app, stack


@pytest.fixture(scope="session")
def synth(tmp_path_factory: pytest.TempPathFactory) -> Synth:
    missing = [
        f"functions/{spec.name}/Dockerfile"
        for spec in constants.IMAGE_FUNCTIONS
        if not (constants.FUNCTIONS_DIR / spec.name / "Dockerfile").exists()
    ]
    if missing:
        pytest.fail(f"the stack builds its container functions from {missing}: not found")
    root = tmp_path_factory.mktemp("infra")
    layer_zip = stub_layer_zip(root)
    _, stack = synthesise(
        root / "cdk.out",
        **{
            constants.CONTEXT_LAYER_ZIP: str(layer_zip),
            constants.CONTEXT_FUNCTIONS_DIR: str(constants.FUNCTIONS_DIR),
        },
    )
    template = Template.from_stack(stack)
    return Synth(stack, template, template.to_json()["Resources"], root / "cdk.out")
