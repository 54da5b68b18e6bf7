"""Least privilege: each function's role allows what it calls, on what it touches."""

from __future__ import annotations

import fnmatch

from infra_helpers import actions_on, arn_of, as_list, logical_id, role_statements, statements_with

from webfold import outputs
from webfold.pipeline import resources

SCRATCH = f"{resources.SCRATCH_PREFIX}*"
OUTPUTS = {"*.md", "*.json"}


def s3_grants(synth, function) -> dict[str, set[str]]:
    """S3 action -> the key patterns (or "<bucket>") it is allowed on, for one function."""
    bucket = synth.stack.storage.documents
    grants: dict[str, set[str]] = {}
    for statement in role_statements(synth.resources, function):
        for action in actions_on([statement]):
            if not action.startswith("s3:"):
                continue
            for resource in as_list(statement["Resource"]):
                if resource == arn_of(bucket):
                    grants.setdefault(action, set()).add("<bucket>")
                    continue
                first, pattern = resource["Fn::Join"][1]
                assert first == arn_of(bucket), resource
                grants.setdefault(action, set()).add(pattern.removeprefix("/"))
    return grants


def test_convert_object_reads_sources_writes_outputs_and_uses_scratch(synth):
    sources = {"*.???", "*.????", "*.?????", "*.????.??"}
    assert s3_grants(synth, synth.stack.functions.convert_object) == {
        "s3:GetObject": sources,
        "s3:ListBucket": {"<bucket>"},
        "s3:PutObject": OUTPUTS | {SCRATCH},
        # a failing newer version's stale Markdown; a replaced archive's stale parts
        "s3:DeleteObject": {"*.md", "*.parts/*", SCRATCH},
    }


def test_convert_object_may_read_every_suffix_the_cli_converts_in_any_case(synth):
    grants = s3_grants(synth, synth.stack.functions.convert_object)["s3:GetObject"]
    for key in ("a/index.shtml", "REPORT.PDF", "page.HtMl", "INDEX.HTML", "c/Site.WARC.GZ",
                *(f"x{suffix}" for suffix in outputs.SOURCE_SUFFIXES)):
        assert any(fnmatch.fnmatchcase(key, pattern) for pattern in grants), key


def test_ingest_url_writes_outputs_and_reads_only_rendered_html(synth):
    assert s3_grants(synth, synth.stack.functions.ingest_url) == {
        "s3:PutObject": OUTPUTS,
        "s3:GetObject": {SCRATCH},
        "s3:DeleteObject": {"*.md", SCRATCH},
    }


def test_container_functions_touch_only_the_scratch_prefix(synth):
    f = synth.stack.functions
    assert s3_grants(synth, f.ocr) == {"s3:GetObject": {SCRATCH}}
    assert s3_grants(synth, f.render) == {"s3:PutObject": {SCRATCH}}


def test_rescrape_touches_no_objects_and_only_sends_to_the_urls_queue(synth):
    statements = role_statements(synth.resources, synth.stack.functions.rescrape)
    assert s3_grants(synth, synth.stack.functions.rescrape) == {}
    sqs_statements = [s for s in statements if any(a.startswith("sqs:") for a in actions_on([s]))]
    assert actions_on(sqs_statements) == {
        "sqs:SendMessage", "sqs:GetQueueAttributes", "sqs:GetQueueUrl",
    }  # fmt: skip
    assert all(s["Resource"] == arn_of(synth.stack.queues.urls) for s in sqs_statements)
    dynamo = {a for a in actions_on(statements) if a.startswith("dynamodb:")}
    writes = {a for a in dynamo if "Write" in a or "Put" in a or "Update" in a or "Delete" in a}
    assert writes == {"dynamodb:UpdateItem"}  # marks the URLs it queued, nothing else


def test_only_the_callers_may_invoke_ocr_and_render(synth):
    f = synth.stack.functions
    callers = {}
    for function in f.all:
        statements = role_statements(synth.resources, function)
        for statement in statements_with(statements, "lambda:InvokeFunction"):
            callers[function.node.id] = as_list(statement["Resource"])
    assert callers == {"ConvertObject": [arn_of(f.ocr)], "IngestUrl": [arn_of(f.render)]}


def test_tables_are_granted_only_where_used(synth):
    f, t = synth.stack.functions, synth.stack.tables
    tables_of = {}
    for function in f.all:
        dynamo = [
            s for s in role_statements(synth.resources, function)
            if any(a.startswith("dynamodb:") for a in actions_on([s]))
        ]  # fmt: skip
        tables_of[function.node.id] = {
            r["Fn::GetAtt"][0] for s in dynamo for r in as_list(s["Resource"]) if "Fn::GetAtt" in r
        }
    url_state, idempotency = logical_id(t.url_state), logical_id(t.idempotency)
    assert tables_of == {
        "ConvertObject": {idempotency},
        "IngestUrl": {url_state},
        "Rescrape": {url_state},
        "Ocr": set(),
        "Render": set(),
    }


def test_no_role_allows_an_action_wildcard_on_s3_dynamodb_or_sqs(synth):
    for function in synth.stack.functions.all:
        for action in actions_on(role_statements(synth.resources, function)):
            service, _, name = action.partition(":")
            if service in ("s3", "dynamodb", "lambda"):
                assert "*" not in name, (function.node.id, action)
