"""ingest_url and rescrape end to end: a real HTTP server on 127.0.0.1, moto for AWS."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime

from fn_samples import ARTICLE_HTML, load_event, page_html

from devstack.handlers import LocalContext, load_handler, scheduler_event
from webfold.pipeline.keys import url_stem
from webfold.pipeline.urlstate import load_state, save_state, watch_url


def url_event(*bodies: dict | str) -> dict:
    template = load_event("url_message_sqs.json")["Records"][0]
    records = []
    for i, body in enumerate(bodies):
        rec = dict(template, messageId=f"msg-{i}")
        rec["body"] = body if isinstance(body, str) else json.dumps(body)
        records.append(rec)
    return {"Records": records}


def table(local_stack, names):
    return local_stack.resource("dynamodb").Table(names.url_state_table)


def test_sample_url_event_writes_outputs_and_state(s3, names, http_site, local_stack):
    base, site = http_site
    site.pages["/article.html"] = (ARTICLE_HTML, "text/html; charset=utf-8")
    event = load_event("url_message_sqs.json")
    body = json.loads(event["Records"][0]["body"])
    body["url"] = f"{base}/article.html"
    event["Records"][0]["body"] = json.dumps(body)
    handler = load_handler("ingest_url")
    assert handler.lambda_handler(event, LocalContext("ingest_url")) == {"batchItemFailures": []}
    stem = "scrapes/" + url_stem(body["url"])
    md = s3.get_object(Bucket=names.bucket, Key=stem + ".md")
    assert md["ContentType"].startswith("text/markdown")
    assert "forty-two working lights" in md["Body"].read().decode()
    rec = json.loads(s3.get_object(Bucket=names.bucket, Key=stem + ".json")["Body"].read())
    assert rec["source"] == body["url"] and rec["http"]["status"] == 200
    state = load_state(table(local_stack, names), body["url"])
    assert state is not None and state.etag and state.content_hash and state.stem == stem
    assert state.last_changed == state.last_fetched


def test_unchanged_page_is_not_rewritten(s3, names, http_site, dispatcher, sqs, local_stack):
    base, site = http_site
    url = f"{base}/news/today/"
    site.pages["/news/today/"] = (page_html("Today", "The ferry runs late on Sundays."),
                                  "text/html")
    message = json.dumps({"url": url, "render": "never", "key": "feeds/today.md"})
    sqs.send_message(QueueUrl=names.urls_queue_url, MessageBody=message)
    assert dispatcher.drain().failed == 0
    first = s3.get_object(Bucket=names.bucket, Key="feeds/today.md")["Body"].read()
    assert b"ferry runs late" in first
    # Mark the output: a rewrite would replace the mark.
    s3.put_object(Bucket=names.bucket, Key="feeds/today.md", Body=b"mark")
    sqs.send_message(QueueUrl=names.urls_queue_url, MessageBody=message)
    assert dispatcher.drain().failed == 0
    assert s3.get_object(Bucket=names.bucket, Key="feeds/today.md")["Body"].read() == b"mark"
    assert site.not_modified.get("/news/today/") == 1  # the conditional GET was answered 304
    # A changed page is written again.
    site.pages["/news/today/"] = (page_html("Today", "The ferry is cancelled by storm."),
                                  "text/html")
    sqs.send_message(QueueUrl=names.urls_queue_url, MessageBody=message)
    dispatcher.drain()
    assert b"cancelled by storm" in s3.get_object(Bucket=names.bucket,
                                                  Key="feeds/today.md")["Body"].read()
    state = load_state(table(local_stack, names), url)
    assert state.last_changed >= state.last_fetched - 1


def test_bad_messages_become_error_records_not_retries(s3, names):
    handler = load_handler("ingest_url")
    response = handler.lambda_handler(load_event("bad_message_sqs.json"),
                                      LocalContext("ingest_url"))
    assert response == {"batchItemFailures": []}
    listed = s3.list_objects_v2(Bucket=names.bucket, Prefix="rejected/webfold-urls/")
    found = sorted(o["Key"] for o in listed["Contents"])
    assert len(found) == 2
    codes = {json.loads(s3.get_object(Bucket=names.bucket, Key=k)["Body"].read())["error"]["code"]
             for k in found}
    assert codes == {"bad_message"}


def test_only_retryable_url_failures_go_back(names, http_site):
    base, site = http_site
    site.pages["/ok"] = (ARTICLE_HTML, "text/html")
    handler = load_handler("ingest_url")
    event = url_event({"url": f"{base}/ok", "render": "never"},
                      {"url": f"{base}/missing", "render": "never"},  # 404: permanent
                      {"url": "http://127.0.0.1:9/closed", "render": "never"})  # refused
    response = handler.lambda_handler(event, LocalContext("ingest_url"))
    assert response == {"batchItemFailures": [{"itemIdentifier": "msg-2"}]}


def test_rescrape_tick_queues_only_what_is_due(names, sqs, local_stack):
    states = table(local_stack, names)
    now = int(time.time())
    watch_url(states, "https://example.org/never-fetched", 3600)
    watch_url(states, "https://example.org/fresh", 3600, render="never")
    watch_url(states, "https://example.org/stale", 600, key="watched/stale")
    save_state(states, "https://example.org/fresh", {"last_fetched": now - 60}, watched=True)
    save_state(states, "https://example.org/stale", {"last_fetched": now - 601}, watched=True)
    save_state(states, "https://example.org/unwatched", {"last_fetched": now - 10**6},
               watched=False)
    handler = load_handler("rescrape")
    tick = scheduler_event(datetime.fromtimestamp(now, UTC))
    assert handler.lambda_handler(tick, LocalContext("rescrape")) == {"queued": 2}
    got = sqs.receive_message(QueueUrl=names.urls_queue_url, MaxNumberOfMessages=10)
    bodies = sorted((json.loads(m["Body"]) for m in got["Messages"]), key=lambda b: b["url"])
    assert bodies == [{"url": "https://example.org/never-fetched", "render": "auto"},
                      {"url": "https://example.org/stale", "render": "auto",
                       "key": "watched/stale"}]
    # The next tick, before those fetches ran, queues nothing again.
    assert handler.lambda_handler(tick, LocalContext("rescrape")) == {"queued": 0}


def test_sample_scheduler_tick_is_accepted(names):
    handler = load_handler("rescrape")
    assert handler.lambda_handler(load_event("scheduler_tick.json"),
                                  LocalContext("rescrape")) == {"queued": 0}


def test_a_url_that_keeps_failing_reaches_the_dlq_with_its_record_written(
        s3, sqs, names, http_site, dispatcher):
    base, site = http_site
    site.statuses["/down"] = 503
    url = f"{base}/down"
    sqs.send_message(QueueUrl=names.urls_queue_url, MessageBody=json.dumps({"url": url}))
    report = dispatcher.drain()
    assert report.failed == 3
    dead = sqs.receive_message(QueueUrl=names.urls_dlq_url, MaxNumberOfMessages=10)
    assert [json.loads(m["Body"])["url"] for m in dead["Messages"]] == [url]
    stem = "scrapes/" + url_stem(url)
    rec = json.loads(s3.get_object(Bucket=names.bucket, Key=stem + ".json")["Body"].read())
    assert rec["error"]["code"] == "http_error" and rec["source"] == url
    assert any("dead-letter queue" in w for w in rec["warnings"])
