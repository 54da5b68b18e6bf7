"""cdk-nag AwsSolutions: the stack has no unacknowledged finding, and every
acknowledgement carries a reason."""

from __future__ import annotations

import json

import pytest
from aws_cdk import App, Stack, Validations
from aws_cdk import aws_s3 as s3
from cdk_nag import AwsSolutionsChecks

ACKNOWLEDGED = "aws:cdk:acknowledged-rules"


def acknowledgements(outdir) -> dict[str, dict[str, str]]:
    """construct path -> {rule id: reason}, from the synthesised stack's metadata."""
    metadata = json.loads((outdir / "WebfoldStack.metadata.json").read_text())
    found: dict[str, dict[str, str]] = {}
    for path, entries in metadata.items():
        for entry in entries:
            if entry["type"] == ACKNOWLEDGED:
                found.setdefault(path, {}).update(entry["data"])
    return found


def test_synth_reports_no_awssolutions_violation(synth):
    report = synth.outdir / "validation-report.json"
    plugin_reports = json.loads(report.read_text())["pluginReports"] if report.exists() else []
    violations = [v for r in plugin_reports for v in r.get("violations", [])]
    assert violations == []


def test_every_acknowledgement_says_why(synth):
    found = acknowledgements(synth.outdir)
    assert found, "the stack acknowledges findings; none were recorded"
    for path, rules in found.items():
        for rule, reason in rules.items():
            assert "AwsSolutions-" in rule, (path, rule)
            assert len(reason.split()) >= 8, (path, rule, reason)


def test_only_the_expected_kinds_of_finding_are_acknowledged(synth):
    rules = {rule for rules in acknowledgements(synth.outdir).values() for rule in rules}
    kinds = {rule.split("AwsSolutions-")[1].split("[")[0] for rule in rules}
    # IAM4: Lambda's basic execution role; IAM5: X-Ray '*', key-suffix wildcards, the
    # scheduler's invoke on versions; L1: Python 3.12 for the layer; S1: the log bucket.
    assert kinds == {"IAM4", "IAM5", "L1", "S1"}
    iam5 = {rule.split("[", 1)[1] for rule in rules if "IAM5" in rule}
    assert not [r for r in iam5 if r.startswith("Action::")], iam5


def test_the_checks_are_live_an_unlogged_bucket_stops_synth(tmp_path):
    app = App(outdir=str(tmp_path))
    s3.Bucket(Stack(app, "Probe"), "Bucket", enforce_ssl=True)
    Validations.of(app).add_plugins(AwsSolutionsChecks(app))
    with pytest.raises(RuntimeError, match="ValidationFailed"):
        app.synth()
    report = json.loads((tmp_path / "validation-report.json").read_text())
    rules = {v["ruleName"] for r in report["pluginReports"] for v in r["violations"]}
    assert "AwsSolutions-S1" in rules
