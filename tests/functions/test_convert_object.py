"""convert_object end to end: moto's own S3 -> EventBridge -> SQS delivery, the real handler."""

from __future__ import annotations

import json
from urllib.parse import quote

from fn_samples import ARTICLE_HTML, load_event, page_html, pdf_bytes, warc_bytes

from devstack.handlers import LocalContext, load_handler


def keys(s3, bucket: str) -> set[str]:
    return {o["Key"] for o in s3.list_objects_v2(Bucket=bucket).get("Contents", [])}


def record(s3, bucket: str, key: str) -> dict:
    return json.loads(s3.get_object(Bucket=bucket, Key=key)["Body"].read())


def queue_depth(sqs, url: str) -> int:
    attrs = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=[
        "ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"])["Attributes"]
    return int(attrs["ApproximateNumberOfMessages"]) + int(
        attrs["ApproximateNumberOfMessagesNotVisible"])


def test_html_object_gives_markdown_and_record_beside_it(s3, names, dispatcher):
    put = s3.put_object(Bucket=names.bucket, Key="docs/harbour.html", Body=ARTICLE_HTML)
    etag = put["ETag"].strip('"')
    report = dispatcher.drain()
    assert report.failed == 0
    md = s3.get_object(Bucket=names.bucket, Key="docs/harbour.md")
    assert md["ContentType"].startswith("text/markdown")
    assert md["Metadata"]["source-etag"] == etag
    assert "forty-two working lights" in md["Body"].read().decode()
    rec = s3.get_object(Bucket=names.bucket, Key="docs/harbour.json")
    assert rec["ContentType"] == "application/json"
    data = json.loads(rec["Body"].read())
    assert data["schema"] == 1 and data["type"] == "html" and data["error"] is None
    assert data["source"] == f"s3://{names.bucket}/docs/harbour.html"
    assert data["source_etag"] == etag
    assert data["metadata"]["title"] == "Harbour Lights Survey"


def test_pdf_object_gives_markdown_and_record(s3, names, dispatcher):
    s3.put_object(Bucket=names.bucket, Key="reports/tides.pdf", Body=pdf_bytes())
    dispatcher.drain()
    md = s3.get_object(Bucket=names.bucket, Key="reports/tides.md")["Body"].read().decode()
    assert "northern harbour" in md
    data = record(s3, names.bucket, "reports/tides.json")
    assert data["type"] == "pdf" and data["error"] is None
    assert [p["route"] for p in data["pages"]] == ["native"]


def test_warc_object_gives_one_pair_per_record(s3, names, dispatcher):
    archive = warc_bytes({
        "https://example.org/lights": page_html("Lights", "Forty-two lights on the wall."),
        "https://example.org/tides?week=3": page_html("Tides", "High water comes at dawn."),
    })
    s3.put_object(Bucket=names.bucket, Key="crawls/site.warc.gz", Body=archive)
    dispatcher.drain()
    found = keys(s3, names.bucket)
    record_mds = sorted(k for k in found
                        if k.startswith("crawls/site.parts/") and k.endswith(".md"))
    assert len(record_mds) == 2
    assert all(k[:-3] + ".json" in found for k in record_mds)
    texts = [s3.get_object(Bucket=names.bucket, Key=k)["Body"].read().decode()
             for k in record_mds]
    assert any("Forty-two lights" in t for t in texts)
    assert any("High water comes at dawn" in t for t in texts)
    summary = record(s3, names.bucket, "crawls/site.json")
    assert summary["type"] == "warc" and summary["warc"]["converted"] == 2
    assert "crawls/site.md" not in found


def test_markdown_upload_produces_nothing(s3, names, dispatcher):
    s3.put_object(Bucket=names.bucket, Key="notes/readme.md", Body=b"# Notes\n")
    s3.put_object(Bucket=names.bucket, Key="notes/data.json", Body=b"{}")
    report = dispatcher.drain()
    assert report.received == 0  # the rule matches source suffixes only
    assert keys(s3, names.bucket) == {"notes/readme.md", "notes/data.json"}


def test_key_with_spaces_plus_and_non_ascii(s3, names, dispatcher):
    key = "inbox/Q3 report + notes été.html"
    s3.put_object(Bucket=names.bucket, Key=key, Body=ARTICLE_HTML)
    report = dispatcher.drain()
    assert report.failed == 0
    stem = "inbox/Q3 report + notes été"
    assert {stem + ".md", stem + ".json"} <= keys(s3, names.bucket)
    md = s3.get_object(Bucket=names.bucket, Key=stem + ".md")
    assert md["Metadata"]["source-key"] == quote(key, safe="/")
    assert record(s3, names.bucket, stem + ".json")["source"] == f"s3://{names.bucket}/{key}"


def test_permanent_failure_is_written_as_a_record_and_counts_done(s3, sqs, names, dispatcher):
    s3.put_object(Bucket=names.bucket, Key="bad/fake.pdf", Body=b"this is not a pdf at all")
    report = dispatcher.drain()
    assert report.failed == 0
    data = record(s3, names.bucket, "bad/fake.json")
    assert data["error"]["code"] == "not_pdf" and data["error"]["retryable"] is False
    assert "bad/fake.md" not in keys(s3, names.bucket)
    assert queue_depth(sqs, names.objects_queue_url) == 0
    assert queue_depth(sqs, names.objects_dlq_url) == 0


def test_poison_message_reaches_the_dead_letter_queue_after_its_retries(sqs, names, dispatcher):
    # An event for a bucket nobody can read: a retryable storage failure every time.
    event = load_event("s3_object_created_sqs.json")
    body = json.loads(event["Records"][0]["body"])
    body["detail"]["bucket"]["name"] = "no-such-bucket-anywhere"
    sqs.send_message(QueueUrl=names.objects_queue_url, MessageBody=json.dumps(body))
    report = dispatcher.drain()
    assert report.failed == 3  # MAX_RECEIVE_COUNT deliveries, then the redrive policy
    assert queue_depth(sqs, names.objects_queue_url) == 0
    dead = sqs.receive_message(QueueUrl=names.objects_dlq_url, MaxNumberOfMessages=10)
    assert [json.loads(m["Body"]) for m in dead["Messages"]] == [body]


def test_same_event_twice_converts_once(s3, names):
    handler = load_handler("convert_object")
    event = load_event("s3_object_created_sqs.json")
    key = "inbox/Q3 report + notes été.html"
    s3.put_object(Bucket=names.bucket, Key=key, Body=ARTICLE_HTML)
    first = handler.lambda_handler(event, LocalContext("convert_object"))
    assert first == {"batchItemFailures": []}
    md_key = "inbox/Q3 report + notes été.md"
    s3.delete_object(Bucket=names.bucket, Key=md_key)  # a second conversion would rewrite it
    second = handler.lambda_handler(event, LocalContext("convert_object"))
    assert second == {"batchItemFailures": []}
    assert md_key not in keys(s3, names.bucket)


def test_only_retryable_failures_go_back(s3, names):
    handler = load_handler("convert_object")
    event = load_event("s3_object_created_sqs.json")
    good, retry, permanent = (json.loads(json.dumps(event["Records"][0])) for _ in range(3))
    s3.put_object(Bucket=names.bucket, Key="ok/page.html", Body=ARTICLE_HTML)
    for rec, bucket, key, msg_id in ((good, names.bucket, "ok%2Fpage.html", "good"),
                                     (retry, "no-such-bucket-anywhere", "x.html", "retry"),
                                     (permanent, names.bucket, "gone%2Fmissing.html", "gone")):
        body = json.loads(rec["body"])
        body["detail"]["bucket"]["name"] = bucket
        body["detail"]["object"].update(key=key, etag=msg_id)
        rec.update(body=json.dumps(body), messageId=msg_id)
    response = handler.lambda_handler({"Records": [good, retry, permanent]},
                                      LocalContext("convert_object"))
    assert response == {"batchItemFailures": [{"itemIdentifier": "retry"}]}
    assert record(s3, names.bucket, "gone/missing.json")["error"]["code"] == "source_missing"
    assert "ok/page.md" in keys(s3, names.bucket)


def test_unreadable_message_becomes_an_error_record(s3, names):
    handler = load_handler("convert_object")
    event = load_event("bad_message_sqs.json")
    response = handler.lambda_handler(event, LocalContext("convert_object"))
    assert response == {"batchItemFailures": []}
    rejected = sorted(k for k in keys(s3, names.bucket) if k.startswith("rejected/"))
    # The first is not JSON; the second is JSON but no S3 event.
    assert rejected == ["rejected/webfold-objects/b4d0b4d0-0000-4000-8000-00000000bad1.json",
                        "rejected/webfold-objects/b4d0b4d0-0000-4000-8000-00000000bad2.json"]
    assert {record(s3, names.bucket, k)["error"]["code"] for k in rejected} == {"bad_message"}


def test_an_event_without_its_object_is_rejected_not_retried(s3, names):
    handler = load_handler("convert_object")
    event = load_event("s3_object_created_sqs.json")
    event["Records"][0]["body"] = json.dumps({"source": "aws.s3",
                                              "detail-type": "Object Created",
                                              "detail": {"bucket": {}}})
    response = handler.lambda_handler(event, LocalContext("convert_object"))
    assert response == {"batchItemFailures": []}
    assert any(k.startswith("rejected/webfold-objects/") for k in keys(s3, names.bucket))


def test_an_object_over_the_cap_is_refused_without_reading_it_all(s3, names):
    from webfold.contract import ConvertOptions
    from webfold.pipeline.objects import ObjectRef, convert_object
    from webfold.settings import Settings

    s3.put_object(Bucket=names.bucket, Key="big/page.html", Body=ARTICLE_HTML * 10)
    options = ConvertOptions(select="all", settings=Settings(max_bytes=len(ARTICLE_HTML)))
    outcome = convert_object(s3, ObjectRef(names.bucket, "big/page.html"), options)
    assert outcome.status == "failed" and outcome.error.code == "too_large"
    assert record(s3, names.bucket, "big/page.json")["error"]["code"] == "too_large"
    assert "big/page.md" not in keys(s3, names.bucket)


def test_office_objects_are_noticed_and_converted(s3, names, dispatcher, tmp_path):
    """Each Office suffix passes the objects rule (moto applies the same pattern) and
    converts by content."""
    import importlib.util
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "scripts" / "office_corpus.py"
    spec = importlib.util.spec_from_file_location("office_corpus_for_s3", script)
    corpus = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = corpus  # its dataclasses look their module up
    spec.loader.exec_module(corpus)
    cases = corpus.build_corpus(tmp_path, variants=1)
    for case in cases:
        s3.put_object(Bucket=names.bucket, Key=f"inbox/{case.path.name}",
                      Body=case.path.read_bytes())
    report = dispatcher.drain()
    assert report.failed == 0
    for case in cases:
        stem = case.path.name.rsplit(".", 1)[0]
        data = record(s3, names.bucket, f"inbox/{stem}.json")
        assert data["type"] == case.kind and data["error"] is None, data
        body = s3.get_object(Bucket=names.bucket, Key=f"inbox/{stem}.md")["Body"].read()
        assert body.strip()
