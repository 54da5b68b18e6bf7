"""app.py's context handling and the constructs' deployment flags (no full synth)."""

from __future__ import annotations

import app as infra_app
import pytest
from aws_cdk import App, Stack
from aws_cdk.assertions import Match, Template
from infra_helpers import cdk_json_context

from webfold_infra import constants
from webfold_infra.storage import Storage


def test_a_missing_layer_build_says_how_to_build_it(tmp_path):
    app = App(context={constants.CONTEXT_LAYER_ZIP: str(tmp_path / "nothing")})
    with pytest.raises(FileNotFoundError, match="layers/converter/build.py --arch arm64"):
        infra_app.config_from_context(app)


def test_context_sets_arch_versioning_and_paths(tmp_path):
    layer_zip = tmp_path / "layer.zip"
    layer_zip.write_bytes(b"")
    app = App(
        context={
            constants.CONTEXT_ARCH: "x86_64",
            constants.CONTEXT_VERSIONING: "true",
            constants.CONTEXT_LAYER_ZIP: str(layer_zip),
            constants.CONTEXT_ALARM_EMAIL: "ops@example.org",
        }
    )
    config = infra_app.config_from_context(app)
    assert (config.arch, config.versioned, config.layer_zip) == ("x86_64", True, layer_zip)
    assert config.functions_dir == constants.FUNCTIONS_DIR
    assert config.alarm_email == "ops@example.org"


def test_defaults_are_arm64_without_versioning(tmp_path):
    (tmp_path / "layer.zip").write_bytes(b"")
    app = App(context={constants.CONTEXT_LAYER_ZIP: str(tmp_path / "layer.zip")})
    config = infra_app.config_from_context(app)
    assert (config.arch, config.versioned, config.alarm_email) == ("arm64", False, None)


def test_an_unknown_arch_is_refused(tmp_path):
    app = App(context={constants.CONTEXT_ARCH: "riscv", constants.CONTEXT_LAYER_ZIP: str(tmp_path)})
    with pytest.raises(ValueError, match="arm64 or x86_64"):
        infra_app.config_from_context(app)


def test_versioning_flag_versions_the_bucket_and_expires_old_versions():
    stack = Stack(App(context=cdk_json_context()), "Probe")
    Storage(stack, "Storage", versioned=True)
    template = Template.from_stack(stack)
    template.has_resource_properties(
        "AWS::S3::Bucket",
        {
            "VersioningConfiguration": {"Status": "Enabled"},
            "LifecycleConfiguration": {
                "Rules": Match.array_with(
                    [
                        {
                            "NoncurrentVersionExpiration": {
                                "NoncurrentDays": constants.NONCURRENT_VERSION_EXPIRY_DAYS
                            },
                            "Status": "Enabled",
                        }
                    ]
                )
            },
        },
    )
