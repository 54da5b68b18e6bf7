"""The pipeline under faults: nothing lost, nothing wrong, nothing stale.

Each test puts the local stack (moto on 127.0.0.1, the real handlers and dispatcher)
through one fault and checks that every document ends with a true record.
"""

from __future__ import annotations

import gzip
import http.server
import json
import random
import threading
import time
import zlib

import brotli
import pytest
from fn_samples import ARTICLE_HTML, page_html, pdf_bytes, warc_bytes

from devstack.handlers import LocalContext, load_handler
from devstack.stack import aws_shaped_s3_event
from webfold.contract import ConvertOptions
from webfold.pipeline.keys import url_stem
from webfold.settings import Settings


class Killed(BaseException):
    """The process dies mid-message (Lambda's timeout, out of memory): nothing after
    this point runs, not even Powertools' clean-up of its in-progress record."""


def keys(s3, bucket: str) -> set[str]:
    return {o["Key"] for o in s3.list_objects_v2(Bucket=bucket).get("Contents", [])}


def record(s3, bucket: str, key: str) -> dict:
    return json.loads(s3.get_object(Bucket=bucket, Key=key)["Body"].read())


def dead_letters(sqs, url: str) -> list[dict]:
    return sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10).get("Messages", [])


def kill_first_conversion(monkeypatch: pytest.MonkeyPatch) -> None:
    handler = load_handler("convert_object")
    real = handler.convert_object
    calls = []

    def dies_once(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise Killed
        return real(*args, **kwargs)

    monkeypatch.setattr(handler, "convert_object", dies_once)


def encrypted_pdf() -> bytes:
    import pymupdf

    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Sealed tide tables.")
    data = doc.tobytes(encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="tide", owner_pw="o")
    doc.close()
    return data


def deliver_without_hiding(sqs, queue_url: str, function_name: str) -> None:
    """Receive the queue's messages leaving them visible (an early redelivery will find
    them at once) and hand them to the real handler as its event source mapping would."""
    got = sqs.receive_message(QueueUrl=queue_url, MaxNumberOfMessages=10, VisibilityTimeout=0,
                              AttributeNames=["All"])
    records = [{"messageId": m["MessageId"], "receiptHandle": m["ReceiptHandle"],
                "body": aws_shaped_s3_event(m["Body"]), "attributes": m["Attributes"],
                "messageAttributes": {}, "eventSource": "aws:sqs",
                "eventSourceARN": "arn:aws:sqs:us-east-1:123456789012:webfold-objects",
                "awsRegion": "us-east-1"} for m in got["Messages"]]
    load_handler(function_name).lambda_handler({"Records": records},
                                               LocalContext(function_name))


# --- 2. the last delivery always leaves a record -------------------------------------


def test_killed_handler_is_converted_when_the_message_comes_back(
        s3, sqs, names, local_stack, monkeypatch):
    # The queue's visibility timeout is derived from the consumer's timeout, and the
    # in-progress record expires with the consumer's remaining time: when the message
    # comes back, the record of the killed delivery has expired and the work runs.
    names = local_stack.reset(consumer_timeout_s=1)
    dispatcher = local_stack.dispatcher()
    kill_first_conversion(monkeypatch)
    s3.put_object(Bucket=names.bucket, Key="k/harbour.html", Body=ARTICLE_HTML)
    with pytest.raises(Killed):
        dispatcher.drain()
    attrs = sqs.get_queue_attributes(QueueUrl=names.objects_queue_url,
                                     AttributeNames=["VisibilityTimeout"])["Attributes"]
    time.sleep(int(attrs["VisibilityTimeout"]) + 0.5)
    assert dispatcher.drain().failed == 0
    assert "k/harbour.md" in keys(s3, names.bucket)
    assert record(s3, names.bucket, "k/harbour.json")["error"] is None
    assert dead_letters(sqs, names.objects_dlq_url) == []


def test_redeliveries_into_an_in_progress_record_end_with_a_record(
        s3, sqs, names, dispatcher, monkeypatch):
    # Redeliveries before the killed delivery's in-progress record expired (a message
    # received with a short visibility, a duplicate event): each meets
    # IdempotencyAlreadyInProgressError, and the last one still leaves a record.
    kill_first_conversion(monkeypatch)
    s3.put_object(Bucket=names.bucket, Key="k/harbour.html", Body=ARTICLE_HTML)
    with pytest.raises(Killed):
        deliver_without_hiding(sqs, names.objects_queue_url, "convert_object")
    assert dispatcher.drain().failed == 2  # deliveries 2 and 3; then the redrive policy
    assert len(dead_letters(sqs, names.objects_dlq_url)) == 1
    data = record(s3, names.bucket, "k/harbour.json")
    assert data["error"]["code"] == "internal"
    assert data["given_up"]["exception"] == "IdempotencyAlreadyInProgressError"
    assert "IdempotencyAlreadyInProgressError" in data["error"]["message"]


def test_a_broken_idempotency_table_ends_with_a_record_naming_the_exception(
        s3, sqs, names, dispatcher, local_stack):
    local_stack.client("dynamodb").delete_table(TableName=names.idempotency_table)
    put = s3.put_object(Bucket=names.bucket, Key="t/harbour.html", Body=ARTICLE_HTML)
    report = dispatcher.drain()
    assert report.failed == 3
    assert len(dead_letters(sqs, names.objects_dlq_url)) == 1
    data = record(s3, names.bucket, "t/harbour.json")
    assert data["given_up"] == {"deliveries": 3,
                                "exception": "IdempotencyPersistenceLayerError"}
    assert data["source"] == f"s3://{names.bucket}/t/harbour.html"
    assert data["source_etag"] == put["ETag"].strip('"')


# --- 4. a failing newer version leaves no stale Markdown ------------------------------


def test_a_good_source_replaced_by_a_failing_one_leaves_no_stale_markdown(
        s3, names, dispatcher):
    s3.put_object(Bucket=names.bucket, Key="r/tides.pdf", Body=pdf_bytes())
    dispatcher.drain()
    assert "r/tides.md" in keys(s3, names.bucket)
    put = s3.put_object(Bucket=names.bucket, Key="r/tides.pdf", Body=encrypted_pdf())
    assert dispatcher.drain().failed == 0
    assert "r/tides.md" not in keys(s3, names.bucket)
    data = record(s3, names.bucket, "r/tides.json")
    assert data["error"]["code"] == "encrypted"
    assert data["source_etag"] == put["ETag"].strip('"')


def test_a_newer_archive_leaves_no_stale_record_outputs(s3, names, dispatcher):
    """A WARC replaced by one with fewer records (or none readable) keeps only the parts
    the new version wrote: the record outputs of the old one are gone."""
    old = {f"https://gazette.example/{n}": page_html(n.title(), f"The {n} story in full.")
           for n in ("mill", "weir", "lock")}
    s3.put_object(Bucket=names.bucket, Key="a/site.warc.gz", Body=warc_bytes(old))
    dispatcher.drain()
    parts = {k for k in keys(s3, names.bucket) if k.startswith("a/site.parts/")}
    assert len(parts) == 6
    newer = {"https://gazette.example/mill": page_html("Mill", "The mill story, updated.")}
    s3.put_object(Bucket=names.bucket, Key="a/site.warc.gz", Body=warc_bytes(newer))
    dispatcher.drain()
    now = {k for k in keys(s3, names.bucket) if k.startswith("a/site.parts/")}
    assert len(now) == 2 and all("mill" in k for k in now)
    assert record(s3, names.bucket, "a/site.json")["error"] is None
    s3.put_object(Bucket=names.bucket, Key="a/site.warc.gz", Body=b"WARC/1.0\r\nbroken")
    dispatcher.drain()
    assert not any("mill" in k for k in keys(s3, names.bucket))
    assert record(s3, names.bucket, "a/site.json")["error"] is not None


def test_a_source_over_the_cap_after_a_good_one_leaves_no_stale_markdown(
        s3, names, dispatcher, monkeypatch):
    s3.put_object(Bucket=names.bucket, Key="c/page.html", Body=ARTICLE_HTML)
    dispatcher.drain()
    assert "c/page.md" in keys(s3, names.bucket)
    handler = load_handler("convert_object")
    small = ConvertOptions(select="all", settings=Settings(max_bytes=len(ARTICLE_HTML)))
    monkeypatch.setattr(handler, "OPTIONS", small)  # the cap a deployment configured
    put = s3.put_object(Bucket=names.bucket, Key="c/page.html", Body=ARTICLE_HTML * 3)
    dispatcher.drain()
    assert "c/page.md" not in keys(s3, names.bucket)
    data = record(s3, names.bucket, "c/page.json")
    assert data["error"]["code"] == "too_large"
    assert data["source_etag"] == put["ETag"].strip('"')


def url_outputs(s3, names, url: str) -> tuple[str, set[str]]:
    stem = "scrapes/" + url_stem(url)
    return stem, keys(s3, names.bucket)


def test_a_url_going_from_200_to_404_leaves_no_stale_markdown_and_is_not_rewritten(
        s3, sqs, names, http_site, dispatcher):
    base, site = http_site
    site.pages["/gone"] = (ARTICLE_HTML, "text/html")
    url = f"{base}/gone"
    body = json.dumps({"url": url, "render": "never"})
    sqs.send_message(QueueUrl=names.urls_queue_url, MessageBody=body)
    dispatcher.drain()
    stem, found = url_outputs(s3, names, url)
    assert stem + ".md" in found
    del site.pages["/gone"]
    sqs.send_message(QueueUrl=names.urls_queue_url, MessageBody=body)
    assert dispatcher.drain().failed == 0
    stem, found = url_outputs(s3, names, url)
    assert stem + ".md" not in found
    assert record(s3, names.bucket, stem + ".json")["error"]["code"] == "http_error"
    # The same 404 on the next re-scrape: nothing changed, nothing rewritten.
    s3.put_object(Bucket=names.bucket, Key=stem + ".json", Body=b"mark")
    sqs.send_message(QueueUrl=names.urls_queue_url, MessageBody=body)
    assert dispatcher.drain().failed == 0
    assert s3.get_object(Bucket=names.bucket, Key=stem + ".json")["Body"].read() == b"mark"
    assert site.hits["/gone"] == 3  # it was fetched each time


def test_a_url_going_from_200_to_500_gives_up_without_stale_markdown(
        s3, sqs, names, http_site, dispatcher):
    base, site = http_site
    site.pages["/flaky"] = (ARTICLE_HTML, "text/html")
    url = f"{base}/flaky"
    body = json.dumps({"url": url, "render": "never"})
    sqs.send_message(QueueUrl=names.urls_queue_url, MessageBody=body)
    dispatcher.drain()
    site.statuses["/flaky"] = 500
    sqs.send_message(QueueUrl=names.urls_queue_url, MessageBody=body)
    assert dispatcher.drain().failed == 3
    stem, found = url_outputs(s3, names, url)
    assert stem + ".md" not in found
    data = record(s3, names.bucket, stem + ".json")
    assert data["error"]["code"] == "http_error"
    assert data["given_up"]["exception"] == "RetryableFailure"
    # Back to 200 with the very same page: written again, since the record said failed.
    del site.statuses["/flaky"]
    sqs.send_message(QueueUrl=names.urls_queue_url, MessageBody=body)
    assert dispatcher.drain().failed == 0
    assert stem + ".md" in keys(s3, names.bucket)
    assert record(s3, names.bucket, stem + ".json")["error"] is None


# --- 5. a long invoke is sent once ---------------------------------------------------


@pytest.fixture
def slow_lambda():
    """A Lambda invoke endpoint on 127.0.0.1 that answers an empty OCR page after
    `sleep_s`; counts the invokes it received."""
    from webfold.pdf.ocr import OcrPage

    calls: list[float] = []
    answer = json.dumps(OcrPage(width=1, height=1).to_dict()).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        sleep_s = 0.0

        def do_POST(self) -> None:  # noqa: N802 (the http.server API)
            calls.append(time.monotonic())
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            time.sleep(Handler.sleep_s)
            try:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)
            except OSError:
                pass  # the caller gave up and closed the connection

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", Handler, calls
    server.shutdown()
    server.server_close()


def test_an_invoke_that_outlives_its_budget_is_sent_once(s3, names, slow_lambda, monkeypatch):
    from webfold.pipeline import resources
    from webfold.pipeline.engines import INVOKE_MARGIN_S
    from webfold.pipeline.runtime import convert_options

    endpoint, handler, calls = slow_lambda
    budget_s = 1.0
    handler.sleep_s = budget_s + INVOKE_MARGIN_S + 3  # the OCR function hangs past it
    monkeypatch.setenv("AWS_ENDPOINT_URL_LAMBDA", endpoint)
    environ = {resources.ENV_OCR_FUNCTION: "ocr", resources.ENV_BUCKET: names.bucket}
    engine = convert_options(environ).ocr
    started = time.monotonic()
    page = engine.recognize(b"\x89PNG page image", lang="eng", timeout_s=budget_s)
    waited = time.monotonic() - started
    assert page.error is not None and page.error.code == "ocr_failed"
    assert waited < handler.sleep_s  # it stopped waiting when the budget was spent
    time.sleep(1.0)  # a retry would arrive at once
    assert len(calls) == 1


# --- 1. the bytes decide, not the name ----------------------------------------------


@pytest.mark.parametrize(("coding", "compress"), [
    ("gzip", lambda data: gzip.compress(data)),
    ("br", lambda data: brotli.compress(data)),  # no magic bytes: only the declared coding
    ("deflate", lambda data: zlib.compress(data)),
])
def test_an_object_stored_with_a_content_encoding_is_converted_decoded(
        s3, names, dispatcher, coding, compress):
    s3.put_object(Bucket=names.bucket, Key=f"enc/{coding}.html", Body=compress(ARTICLE_HTML),
                  ContentEncoding=coding, ContentType="text/html")
    assert dispatcher.drain().failed == 0
    data = record(s3, names.bucket, f"enc/{coding}.json")
    assert data["error"] is None and data["type"] == "html"
    md = s3.get_object(Bucket=names.bucket, Key=f"enc/{coding}.md")["Body"].read().decode()
    assert "forty-two working lights" in md and "\ufffd" not in md


def test_a_content_encoding_bomb_is_refused_at_the_cap(s3, names, monkeypatch):
    from webfold.pipeline.objects import ObjectRef, convert_object

    bomb = brotli.compress(b"<p>" + b"a" * 5_000_000 + b"</p>")
    s3.put_object(Bucket=names.bucket, Key="enc/bomb.html", Body=bomb, ContentEncoding="br")
    options = ConvertOptions(select="all", settings=Settings(max_bytes=1_000_000))
    outcome = convert_object(s3, ObjectRef(names.bucket, "enc/bomb.html"), options)
    assert outcome.error is not None and outcome.error.code == "too_large"
    assert "br" in outcome.error.message


def test_random_bytes_named_html_are_an_unsupported_type_record(s3, names, dispatcher):
    noise = random.Random(15).randbytes(64 * 1024)
    s3.put_object(Bucket=names.bucket, Key="noise/x.html", Body=noise)
    assert dispatcher.drain().failed == 0
    data = record(s3, names.bucket, "noise/x.json")
    assert data["error"]["code"] == "unsupported_type"
    assert "noise/x.md" not in keys(s3, names.bucket)


# --- 3. a suffix in any case is a source ---------------------------------------------


def test_upper_and_mixed_case_suffixes_are_converted(s3, names, dispatcher):
    s3.put_object(Bucket=names.bucket, Key="case/REPORT.PDF", Body=pdf_bytes())
    s3.put_object(Bucket=names.bucket, Key="case/INDEX.HTML", Body=ARTICLE_HTML)
    s3.put_object(Bucket=names.bucket, Key="case/page.HtMl", Body=ARTICLE_HTML)
    s3.put_object(Bucket=names.bucket, Key="case/notes.MD", Body=b"# an output name")
    assert dispatcher.drain().failed == 0
    found = keys(s3, names.bucket)
    for stem in ("case/REPORT", "case/INDEX", "case/page"):
        assert {stem + ".md", stem + ".json"} <= found, stem
        assert record(s3, names.bucket, stem + ".json")["error"] is None
    assert "case/notes.json" not in found
