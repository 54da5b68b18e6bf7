"""The CDK app: `npx cdk synth` / `npx cdk deploy` from this folder (see cdk.json)."""

from __future__ import annotations

import sys
from pathlib import Path

from aws_cdk import App

sys.path.insert(0, str(Path(__file__).resolve().parent))  # webfold_infra, without installing

from webfold_infra import constants  # noqa: E402
from webfold_infra.nag import add_checks  # noqa: E402
from webfold_infra.stack import StackConfig, WebfoldStack  # noqa: E402


def config_from_context(app: App) -> StackConfig:
    """The deployment's options from `cdk.json` / `-c key=value`; raises on a bad one."""
    arch = app.node.try_get_context(constants.CONTEXT_ARCH) or constants.DEFAULT_ARCH
    if arch not in ("arm64", "x86_64"):
        raise ValueError(f"{constants.CONTEXT_ARCH} must be arm64 or x86_64, not {arch!r}")
    layer_zip = Path(
        app.node.try_get_context(constants.CONTEXT_LAYER_ZIP)
        or constants.LAYER_BUILD_DIR / f"converter-{arch}.zip"
    )
    if not layer_zip.is_file():
        raise FileNotFoundError(
            f"no built layer at {layer_zip}: run "
            f"`.venv/bin/python layers/converter/build.py --arch {arch}` first"
        )
    functions_dir = app.node.try_get_context(constants.CONTEXT_FUNCTIONS_DIR)
    return StackConfig(
        arch=arch,
        versioned=str(app.node.try_get_context(constants.CONTEXT_VERSIONING)).lower() == "true",
        layer_zip=layer_zip,
        functions_dir=Path(functions_dir) if functions_dir else constants.FUNCTIONS_DIR,
        alarm_email=app.node.try_get_context(constants.CONTEXT_ALARM_EMAIL),
    )


def build_app(app: App | None = None) -> tuple[App, WebfoldStack]:
    """The app with its one stack and cdk-nag checks; the tests synthesise this too."""
    app = app or App()
    stack = WebfoldStack(app, constants.STACK_NAME, config=config_from_context(app))
    add_checks(app)
    return app, stack


if __name__ == "__main__":
    cdk_app, _ = build_app()
    cdk_app.synth()
