"""The OCR and render container handlers, reached through the Lambda-invoke engines.

The engines go through S3 scratch keys (moto) and a JSON round trip of the payload;
`LocalLambdaClient` runs the real handler in-process where AWS would invoke it.
"""

from __future__ import annotations

import json
import shutil

import pytest

from devstack.handlers import LocalLambdaClient
from webfold.contract import ConvertOptions
from webfold.pipeline.engines import LambdaOcrEngine, LambdaRenderer, invoke
from webfold.pipeline.objects import ObjectRef, convert_object
from webfold.pipeline.resources import SCRATCH_PREFIX
from webfold.settings import Settings

needs_tesseract = pytest.mark.skipif(shutil.which("tesseract") is None,
                                     reason="tesseract is not installed")


def scanned_pdf(lines: list[str]) -> bytes:
    """A PDF whose only page is an image of text: nothing to extract without OCR."""
    import pymupdf

    text_doc = pymupdf.open()
    page = text_doc.new_page(width=420, height=300)
    for i, line in enumerate(lines):
        page.insert_text((40, 60 + 34 * i), line, fontsize=22)
    png = page.get_pixmap(dpi=200).tobytes("png")
    scan = pymupdf.open()
    scan.new_page(width=420, height=300).insert_image(pymupdf.Rect(0, 0, 420, 300), stream=png)
    data = scan.tobytes()
    scan.close()
    text_doc.close()
    return data


def local_client(budget_s: float) -> LocalLambdaClient:
    return LocalLambdaClient()


def scratch_keys(s3, bucket: str) -> list[str]:
    listed = s3.list_objects_v2(Bucket=bucket, Prefix=SCRATCH_PREFIX)
    return [o["Key"] for o in listed.get("Contents", [])]


@needs_tesseract
def test_scanned_pdf_object_is_read_by_the_ocr_function(s3, names):
    engine = LambdaOcrEngine(client_for_budget=local_client, s3=s3, bucket=names.bucket,
                             function_name="ocr")
    s3.put_object(Bucket=names.bucket, Key="scans/notice.pdf",
                  Body=scanned_pdf(["HARBOUR CLOSED TODAY", "Storm warning"]))
    options = ConvertOptions(select="all", settings=Settings(), ocr=engine)
    outcome = convert_object(s3, ObjectRef(names.bucket, "scans/notice.pdf"), options)
    assert outcome.status == "converted", outcome
    md = s3.get_object(Bucket=names.bucket, Key="scans/notice.md")["Body"].read().decode()
    assert "HARBOUR CLOSED TODAY" in md.upper()
    record = json.loads(s3.get_object(Bucket=names.bucket, Key="scans/notice.json")["Body"].read())
    assert [p["route"] for p in record["pages"]] == ["ocr"]
    assert scratch_keys(s3, names.bucket) == []  # the page image was cleaned up


@needs_tesseract
def test_ocr_function_refuses_keys_outside_the_scratch_prefix(s3, names):
    answer = invoke(LocalLambdaClient(), "ocr", {"bucket": names.bucket, "key": "inbox/a.png",
                                                  "lang": "eng", "timeout_s": 5})
    assert answer["error"]["code"] == "bad_message"


@pytest.mark.skipif(shutil.which("chromium") is None, reason="chromium is not installed")
def test_render_function_writes_the_dom_and_the_engine_reads_it(s3, names, http_site):
    from webfold.web.render import RenderRequest

    base, site = http_site
    site.pages["/app"] = (b"<html><body><div id=app></div><script>document.getElementById("
                          b"'app').innerHTML='<h1>Rendered harbour</h1><p>Built by script.</p>'"
                          b"</script></body></html>", "text/html")
    renderer = LambdaRenderer(client_for_budget=local_client, s3=s3, bucket=names.bucket,
                              function_name="render")
    result = renderer.render(RenderRequest(url=f"{base}/app", timeout_s=20, allow_loopback=True))
    assert result.error is None, result.error
    assert "<h1>Rendered harbour</h1>" in result.html
    assert scratch_keys(s3, names.bucket) == []
