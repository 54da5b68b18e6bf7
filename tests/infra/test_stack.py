"""WebfoldStack's template: every resource and property the pipeline relies on."""

from __future__ import annotations

import json

from aws_cdk.assertions import Match
from infra_helpers import (
    actions_on,
    arn_of,
    as_list,
    logical_id,
    of_type,
    role_statements,
)

from webfold import outputs
from webfold.pipeline import resources
from webfold_infra import constants


def test_documents_bucket_is_encrypted_private_logged_and_unversioned_by_default(synth):
    documents = synth.resources[logical_id(synth.stack.storage.documents)]["Properties"]
    assert documents["BucketEncryption"]["ServerSideEncryptionConfiguration"] == [
        {"ServerSideEncryptionByDefault": {"SSEAlgorithm": "AES256"}}
    ]
    assert documents["PublicAccessBlockConfiguration"] == {
        "BlockPublicAcls": True,
        "BlockPublicPolicy": True,
        "IgnorePublicAcls": True,
        "RestrictPublicBuckets": True,
    }
    assert documents["LoggingConfiguration"]["DestinationBucketName"] == {
        "Ref": logical_id(synth.stack.storage.access_logs)
    }
    assert "VersioningConfiguration" not in documents
    rules = documents["LifecycleConfiguration"]["Rules"]
    assert {"ExpirationInDays": 1, "Prefix": resources.SCRATCH_PREFIX, "Status": "Enabled"} in rules


def test_both_buckets_refuse_requests_without_tls(synth):
    for bucket in (synth.stack.storage.documents, synth.stack.storage.access_logs):
        synth.template.has_resource_properties(
            "AWS::S3::BucketPolicy",
            {
                "Bucket": {"Ref": logical_id(bucket)},
                "PolicyDocument": {
                    "Statement": Match.array_with(
                        [
                            Match.object_like(
                                {
                                    "Effect": "Deny",
                                    "Action": "s3:*",
                                    "Condition": {"Bool": {"aws:SecureTransport": "false"}},
                                }
                            )
                        ]
                    )
                },
            },
        )


def test_work_queues_redrive_to_their_dlq_after_max_receives(synth):
    q = synth.stack.queues
    for queue, dlq in ((q.objects, q.objects_dlq), (q.urls, q.urls_dlq)):
        props = synth.resources[logical_id(queue)]["Properties"]
        assert props["RedrivePolicy"] == {
            "deadLetterTargetArn": arn_of(dlq),
            "maxReceiveCount": resources.MAX_RECEIVE_COUNT,
        }
        assert props["SqsManagedSseEnabled"] is True


def test_queue_visibility_is_six_times_its_consumer_timeout(synth):
    # Longer than the consumer can run, so a killed delivery's in-progress idempotency
    # record (it expires with the consumer's remaining time) is gone when the message
    # returns; the local stack derives its visibility from the same function.
    q, f = synth.stack.queues, synth.stack.functions
    for queue, consumer in ((q.objects, f.convert_object), (q.urls, f.ingest_url)):
        timeout = synth.resources[logical_id(consumer)]["Properties"]["Timeout"]
        visibility = synth.resources[logical_id(queue)]["Properties"]["VisibilityTimeout"]
        assert visibility == 6 * timeout == resources.visibility_timeout_s(timeout)


def test_every_queue_is_encrypted_and_tls_only(synth):
    queues = of_type(synth.resources, "AWS::SQS::Queue")
    assert len(queues) == 4
    assert all(r["Properties"]["SqsManagedSseEnabled"] for r in queues.values())
    policies = of_type(synth.resources, "AWS::SQS::QueuePolicy").values()
    tls_denied = {
        queue["Ref"]
        for policy in policies
        for statement in policy["Properties"]["PolicyDocument"]["Statement"]
        if statement.get("Condition") == {"Bool": {"aws:SecureTransport": "false"}}
        for queue in policy["Properties"]["Queues"]
    }
    assert tls_denied == set(queues)


def source_rule(synth) -> dict:
    (rule,) = of_type(synth.resources, "AWS::Events::Rule").values()
    return rule["Properties"]


def test_the_bucket_sends_its_events_to_eventbridge_and_has_no_s3_filters(synth):
    (notifications,) = of_type(synth.resources, "Custom::S3BucketNotifications").values()
    props = notifications["Properties"]
    assert props["BucketName"] == {"Ref": logical_id(synth.stack.storage.documents)}
    assert props["NotificationConfiguration"] == {"EventBridgeConfiguration": {}}


def test_the_objects_rule_is_the_shared_pattern_with_case_insensitive_suffixes(synth):
    rule = source_rule(synth)
    bucket = {"Ref": logical_id(synth.stack.storage.documents)}
    assert rule["EventPattern"] == resources.source_event_pattern(bucket)
    keys = rule["EventPattern"]["detail"]["object"]["key"]
    assert {k["suffix"]["equals-ignore-case"] for k in keys} == set(outputs.SOURCE_SUFFIXES)
    (target,) = rule["Targets"]
    assert target["Arn"] == arn_of(synth.stack.queues.objects)
    assert target["DeadLetterConfig"]["Arn"] == arn_of(synth.stack.queues.objects_dlq)


def test_the_objects_rule_matches_what_the_local_stack_sends(synth):
    # moto matches the same pattern (devstack.stack puts it); the keys a source and an
    # output may have, in the event shape S3 sends.
    from moto.events.models import EventPattern

    bucket = {"Ref": logical_id(synth.stack.storage.documents)}
    synthesized = json.dumps(source_rule(synth)["EventPattern"])
    pattern = EventPattern.load(synthesized.replace(json.dumps(bucket), '"documents"'))

    def event(key: str, bucket_name: str = "documents") -> dict:
        return {"source": "aws.s3", "detail-type": "Object Created",
                "detail": {"bucket": {"name": bucket_name}, "object": {"key": key}}}

    for key in ("REPORT.PDF", "INDEX.HTML", "page.HtMl", "a/b.warc.gz", "x.SHTML"):
        assert pattern.matches_event(event(key)), key
    for key in ("a.md", "a.json", "page.html.md", "x.parts/h-0123456789.json", "notes.txt"):
        assert not pattern.matches_event(event(key)), key
    assert not pattern.matches_event(event("REPORT.PDF", "another-bucket"))


def test_outputs_never_match_a_source_suffix():
    written = ["a.md", "a.json", "page.html.md", "x.parts/host_p-0123456789.json",
               "x.warc.gz.md", "b.pdf.json"]
    for key in written:
        assert not key.endswith(outputs.SOURCE_SUFFIXES), key
    for a in outputs.SOURCE_SUFFIXES:  # a key has one source suffix, the longest
        for b in outputs.SOURCE_SUFFIXES:
            assert a == b or not a.endswith(b), (a, b)


def test_zip_functions_run_the_handler_on_the_layer_arm64_with_powertools(synth):
    f = synth.stack.functions
    layer_ref = {"Ref": logical_id(f.layer)}
    for spec, function in (
        (constants.CONVERT_OBJECT, f.convert_object),
        (constants.INGEST_URL, f.ingest_url),
        (constants.RESCRAPE, f.rescrape),
    ):
        props = synth.resources[logical_id(function)]["Properties"]
        assert props["Handler"] == "handler.lambda_handler"
        assert props["Runtime"] == "python3.12"
        assert props["Architectures"] == ["arm64"]
        assert props["Layers"] == [layer_ref]
        assert (props["MemorySize"], props["Timeout"]) == (spec.memory_mb, spec.timeout_s)
        assert props["TracingConfig"] == {"Mode": "Active"}
        assert props["LoggingConfig"]["LogFormat"] == "JSON"
        env = props["Environment"]["Variables"]
        assert env["POWERTOOLS_SERVICE_NAME"] == spec.name
        assert env["POWERTOOLS_METRICS_NAMESPACE"] == constants.METRICS_NAMESPACE


def test_layer_is_for_python_312_on_the_function_architecture(synth):
    synth.template.has_resource_properties(
        "AWS::Lambda::LayerVersion",
        {"CompatibleRuntimes": ["python3.12"], "CompatibleArchitectures": ["arm64"]},
    )


def test_ocr_and_render_are_container_images_built_for_arm64(synth):
    f = synth.stack.functions
    for spec, function in ((constants.OCR, f.ocr), (constants.RENDER, f.render)):
        props = synth.resources[logical_id(function)]["Properties"]
        assert props["PackageType"] == "Image"
        assert "ImageUri" in props["Code"]
        assert props["Architectures"] == ["arm64"]
        assert (props["MemorySize"], props["Timeout"]) == (spec.memory_mb, spec.timeout_s)
        assert props["TracingConfig"] == {"Mode": "Active"}
    images = json.loads((synth.outdir / "WebfoldStack.assets.json").read_text())["dockerImages"]
    platforms = {image["source"].get("platform") for image in images.values()}
    assert platforms == {"linux/arm64"}
    assert len(images) == 2


def test_each_function_gets_the_names_it_uses(synth):
    f, t = synth.stack.functions, synth.stack.tables

    def env(function):
        return synth.resources[logical_id(function)]["Properties"]["Environment"]["Variables"]

    bucket = {"Ref": logical_id(synth.stack.storage.documents)}
    assert [env(g).get(resources.ENV_BUCKET) for g in f.all] == [bucket, bucket, None, None, None]
    assert env(f.convert_object)[resources.ENV_OCR_FUNCTION] == {"Ref": logical_id(f.ocr)}
    assert env(f.ingest_url)[resources.ENV_RENDER_FUNCTION] == {"Ref": logical_id(f.render)}
    assert env(f.rescrape)[resources.ENV_URLS_QUEUE] == {"Ref": logical_id(synth.stack.queues.urls)}
    assert env(f.convert_object)[resources.ENV_IDEMPOTENCY_TABLE] == {
        "Ref": logical_id(t.idempotency)
    }
    for function in (f.ingest_url, f.rescrape):
        assert env(function)[resources.ENV_URL_STATE_TABLE] == {"Ref": logical_id(t.url_state)}
    assert resources.ENV_URL_STATE_TABLE not in env(f.convert_object)


def test_callers_outlast_their_callees():
    assert constants.CONVERT_OBJECT.timeout_s > constants.OCR.timeout_s
    assert constants.INGEST_URL.timeout_s > constants.RENDER.timeout_s


def test_event_source_mappings_report_batch_item_failures_with_a_ceiling(synth):
    q, f = synth.stack.queues, synth.stack.functions
    c = constants
    expected = {
        logical_id(f.convert_object): (q.objects, c.OBJECTS_BATCH_SIZE, c.OBJECTS_MAX_CONCURRENCY),
        logical_id(f.ingest_url): (q.urls, c.URLS_BATCH_SIZE, c.URLS_MAX_CONCURRENCY),
    }
    mappings = of_type(synth.resources, "AWS::Lambda::EventSourceMapping").values()
    assert len(mappings) == 2
    for mapping in mappings:
        props = mapping["Properties"]
        queue, batch_size, concurrency = expected[props["FunctionName"]["Ref"]]
        assert props["EventSourceArn"] == arn_of(queue)
        assert props["FunctionResponseTypes"] == ["ReportBatchItemFailures"]
        assert props["BatchSize"] == batch_size
        assert props["ScalingConfig"] == {"MaximumConcurrency": concurrency}
        assert props["MaximumBatchingWindowInSeconds"] == constants.MAX_BATCHING_WINDOW_S


def test_tables_have_the_shared_keys_ttl_and_recovery(synth):
    t = synth.stack.tables
    for table, key, ttl in (
        (t.url_state, resources.URL_STATE_KEY, resources.URL_STATE_TTL_ATTR),
        (t.idempotency, resources.IDEMPOTENCY_KEY, resources.IDEMPOTENCY_TTL_ATTR),
    ):
        props = synth.resources[logical_id(table)]["Properties"]
        assert props["KeySchema"] == [{"AttributeName": key, "KeyType": "HASH"}]
        assert props["AttributeDefinitions"] == [{"AttributeName": key, "AttributeType": "S"}]
        assert props["TimeToLiveSpecification"] == {"AttributeName": ttl, "Enabled": True}
        assert props["BillingMode"] == "PAY_PER_REQUEST"
        assert props["SSESpecification"]["SSEEnabled"] is True
        (replica,) = props["Replicas"]
        assert replica["PointInTimeRecoverySpecification"] == {"PointInTimeRecoveryEnabled": True}


def test_scheduler_ticks_rescrape_through_its_own_role(synth):
    schedule = synth.stack.schedule
    props = synth.resources[logical_id(schedule.schedule)]["Properties"]
    assert props["ScheduleExpression"] == f"rate({constants.RESCRAPE_EVERY_MINUTES} minutes)"
    assert props["State"] == "ENABLED"
    assert props["Target"]["Input"] == resources.SCHEDULER_INPUT
    assert props["Target"]["Arn"] == arn_of(synth.stack.functions.rescrape)
    assert props["Target"]["RoleArn"] == arn_of(schedule.role)
    trust = synth.resources[logical_id(schedule.role)]["Properties"]["AssumeRolePolicyDocument"]
    principals = [s["Principal"]["Service"] for s in trust["Statement"]]
    assert principals == ["scheduler.amazonaws.com"]
    statements = role_statements(synth.resources, schedule)
    assert actions_on(statements) == {"lambda:InvokeFunction"}
    rescrape_arn = arn_of(synth.stack.functions.rescrape)
    for statement in statements:
        for resource in as_list(statement["Resource"]):
            assert resource == rescrape_arn or rescrape_arn in resource.get("Fn::Join", [0, []])[1]


def test_only_the_objects_rule_may_send_to_the_objects_queue(synth):
    objects = {"Ref": logical_id(synth.stack.queues.objects)}
    policies = [
        p["Properties"]
        for p in of_type(synth.resources, "AWS::SQS::QueuePolicy").values()
        if objects in p["Properties"]["Queues"]
    ]
    allows = [
        s for p in policies for s in p["PolicyDocument"]["Statement"] if s["Effect"] == "Allow"
    ]
    (allow,) = allows
    assert allow["Principal"] == {"Service": "events.amazonaws.com"}
    assert "sqs:SendMessage" in as_list(allow["Action"])
    assert allow["Condition"]["ArnEquals"]["aws:SourceArn"] == arn_of(
        synth.stack.source_events.rule)


def test_stack_outputs_the_names_local_aws_mode_reads(synth):
    outputs = synth.template.find_outputs("*")
    described = {o["Description"].split("=")[0].removeprefix("export ") for o in outputs.values()}
    assert described == {resources.ENV_BUCKET, resources.ENV_URLS_QUEUE,
                         resources.ENV_URL_STATE_TABLE}
