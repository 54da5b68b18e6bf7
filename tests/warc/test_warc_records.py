"""iter_warc and WarcConverter on real WARC bytes built with warcio."""

from __future__ import annotations

import gzip
import io
import zlib

import brotli
import pymupdf
import pytest
from warc_builders import (
    Rec,
    article,
    build_warc,
    chunked,
    gzip_member_offsets,
    plain_record_offsets,
)
from warcio.warcwriter import WARCWriter

import webfold
from webfold.contract import ConvertOptions
from webfold.convert import convert
from webfold.settings import Settings
from webfold.warc import WarcCounts, iter_warc

ALL = ConvertOptions(select="all")


def items(data: bytes, options: ConvertOptions = ALL) -> list:
    return list(iter_warc(io.BytesIO(data), convert=convert, options=options))


def converted(data: bytes) -> dict:
    return {i.uri: i.document for i in items(data) if i.status == "converted"}


def mixed_archive() -> list[Rec]:
    return [
        Rec("http://example.com/a", article("Flood season", "Alpha paragraph.")),
        Rec("http://example.com/a", rec_type="request", headers=[("Host", "example.com")]),
        Rec("http://example.com/logo.png", b"\x89PNG\r\n\x1a\n" + b"\0" * 64,
            headers=[("Content-Type", "image/png")]),
        Rec("http://example.com/missing", article("Not found", "Gone."), status="404 Not Found"),
        Rec("http://example.com/b", article("Ferry notes", "Bravo paragraph."),
            date="2024-05-07T01:02:03Z"),
        Rec("http://example.com/meta", b"key: value\n", rec_type="metadata",
            headers=[]),
    ]


@pytest.mark.parametrize("gz", [False, True], ids=["plain", "gzip"])
def test_html_responses_convert_and_the_rest_is_counted(gz):
    found = items(build_warc(mixed_archive(), gz=gz))
    counts = WarcCounts()
    for item in found:
        counts.add(item)
    assert counts.to_dict() == {
        "records": 7, "converted": 2, "failed": 0,
        "skipped": {"http 4xx": 1, "metadata record": 1, "request record": 1,
                    "type image/png": 1, "warcinfo record": 1}}
    docs = {i.uri: i.document for i in found if i.status == "converted"}
    assert "Alpha paragraph." in docs["http://example.com/a"].markdown
    bravo = docs["http://example.com/b"]
    assert "Bravo paragraph." in bravo.markdown
    assert bravo.source == "http://example.com/b"
    assert bravo.type == "html"
    assert bravo.extra["warc"]["date"] == "2024-05-07T01:02:03Z"
    assert bravo.extra["warc"]["http_status"] == 200
    assert bravo.extra["warc"]["record_id"].startswith("<urn:uuid:")
    assert bravo.record()["warc"]["date"] == "2024-05-07T01:02:03Z"


def test_charset_only_in_the_http_header_decodes_windows_1252():
    page = (b"<html><body><p>Caf\xe9 cr\xe8me br\xfbl\xe9e, \x93quoted\x94 \x96 done.</p>"
            b"</body></html>")
    data = build_warc([Rec("http://example.com/fr", page,
                           headers=[("Content-Type", "text/html; charset=windows-1252")])],
                      gz=False)
    doc = converted(data)["http://example.com/fr"]
    assert "Café crème brûlée, “quoted” – done." in doc.markdown


@pytest.mark.parametrize("coding", ["gzip", "deflate", "br", "gzip, br"])
def test_content_coding_is_decoded(coding):
    body = article("Encoded", f"Payload sent with {coding}.")
    encoders = {"gzip": gzip.compress, "deflate": zlib.compress, "br": brotli.compress}
    stored = body
    for name in [c.strip() for c in coding.split(",")]:
        stored = encoders[name](stored)
    data = build_warc([Rec("http://example.com/enc", stored, headers=[
        ("Content-Type", "text/html"), ("Content-Encoding", coding)])], gz=True)
    doc = converted(data)["http://example.com/enc"]
    assert f"Payload sent with {coding}." in doc.markdown


def test_chunked_transfer_coding_is_undone():
    body = gzip.compress(article("Chunks", "Sent in fifty byte chunks."))
    data = build_warc([Rec("http://example.com/c", chunked(body), headers=[
        ("Content-Type", "text/html"), ("Transfer-Encoding", "chunked"),
        ("Content-Encoding", "gzip")])], gz=False)
    doc = converted(data)["http://example.com/c"]
    assert "Sent in fifty byte chunks." in doc.markdown
    assert not any("chunk" in w for w in doc.warnings)


@pytest.mark.parametrize(("uri", "headers"), [
    ("http://example.com/r.pdf", [("Content-Type", "application/pdf")]),
    # A PDF body recorded as HTML, or as nothing, at an address naming no PDF.
    ("http://example.com/r.html", [("Content-Type", "text/html; charset=utf-8")]),
    ("http://example.com/r", []),
], ids=["pdf", "labelled-html", "unlabelled"])
def test_pdf_record_goes_to_the_pdf_path(uri, headers):
    pdf = pymupdf.open()
    page = pdf.new_page()
    page.insert_text((72, 100), "Quarterly water levels report", fontsize=14)
    page.insert_text((72, 130), "The gauge at the old mill read four metres.", fontsize=11)
    data = build_warc([Rec(uri, pdf.tobytes(), headers=headers)], gz=True)
    [item] = [i for i in items(data) if i.record_type == "response"]
    doc = item.document
    assert doc.type == "pdf"
    assert item.status == "converted", doc.error
    assert "The gauge at the old mill read four metres." in doc.markdown


@pytest.mark.parametrize("gz", [False, True], ids=["plain", "gzip"])
def test_truncated_last_record_fails_and_earlier_ones_survive(gz):
    data = build_warc([Rec("http://example.com/1", article("One", "First page.")),
                       Rec("http://example.com/2", article("Two", "Second page."))], gz=gz)
    found = items(data[:-120])
    statuses = [(i.status, i.uri) for i in found if i.record_type != "warcinfo"]
    assert statuses[0] == ("converted", "http://example.com/1")
    assert statuses[-1][0] == "failed"
    assert found[-1].document.error.code == "damaged"
    assert "First page." in found[1].document.markdown


@pytest.mark.parametrize("gz", [False, True], ids=["plain", "gzip"])
def test_a_garbled_record_in_the_middle_does_not_stop_the_rest(gz):
    data = build_warc([Rec("http://example.com/1", article("One", "First page.")),
                       Rec("http://example.com/2", article("Two", "Second page.")),
                       Rec("http://example.com/3", article("Three", "Third page."))], gz=gz)
    starts = gzip_member_offsets(data) if gz else plain_record_offsets(data)
    assert len(starts) == 4
    broken = bytearray(data)
    middle = starts[2]
    broken[middle:middle + 40] = b"\x00garbage that is not a record header!!\x00"
    found = items(bytes(broken))
    assert [i.status for i in found if i.status != "skipped"] == [
        "converted", "failed", "converted"]
    assert found[-1].uri == "http://example.com/3"
    assert "Third page." in found[-1].document.markdown


def test_a_non_seekable_stream_is_read_too():
    class Pipe:  # only read(), like a socket or an S3 body
        def __init__(self, data: bytes) -> None:
            self.inner = io.BytesIO(data)

        def read(self, size: int = -1) -> bytes:
            return self.inner.read(size)

    data = build_warc(mixed_archive(), gz=True)
    found = list(iter_warc(Pipe(data), convert=convert, options=ALL))
    assert sum(i.status == "converted" for i in found) == 2


def test_a_gzip_bomb_payload_stops_at_the_cap():
    bomb = gzip.compress(b"<p>" + b"a" * 5_000_000 + b"</p>")
    data = build_warc([Rec("http://example.com/bomb", bomb, headers=[
        ("Content-Type", "text/html"), ("Content-Encoding", "gzip")])], gz=True)
    options = ConvertOptions(select="all", settings=Settings(max_bytes=1_000_000))
    [bomb_item] = [i for i in items(data, options) if i.record_type == "response"]
    assert bomb_item.status == "failed"
    assert bomb_item.document.error.code == "too_large"


def test_an_oversized_stored_payload_fails_without_reading_it_whole():
    big = b"<p>" + b"b" * 300_000 + b"</p>"
    data = build_warc([Rec("http://example.com/big", big),
                       Rec("http://example.com/small", article("Small", "Still read."))],
                      gz=False)
    options = ConvertOptions(select="all", settings=Settings(max_bytes=100_000))
    found = [i for i in items(data, options) if i.record_type == "response"]
    assert [i.status for i in found] == ["failed", "converted"]
    assert found[0].document.error.code == "too_large"


def test_a_payload_that_is_itself_a_warc_is_skipped_not_recursed():
    inner = build_warc([Rec("http://example.com/x", article("Inner", "Nested."))], gz=False)
    data = build_warc([Rec("http://example.com/nested", inner)], gz=False)
    [nested] = [i for i in items(data) if i.record_type == "response"]
    assert nested.status == "skipped"


def test_a_corrupt_content_coding_falls_back_to_the_stored_bytes_with_a_warning():
    data = build_warc([Rec("http://example.com/lie", article("Plain", "Header lied."), headers=[
        ("Content-Type", "text/html"), ("Content-Encoding", "gzip")])], gz=False)
    doc = converted(data)["http://example.com/lie"]
    assert "Header lied." in doc.markdown
    assert any("did not decode" in w for w in doc.warnings)


def test_convert_on_warc_bytes_gives_one_part_per_record():
    data = build_warc(mixed_archive(), gz=True)
    doc = webfold.convert(data, select="all")
    assert doc.ok and doc.type == "warc"
    assert [p.source for p in doc.parts] == ["http://example.com/a", "http://example.com/b"]
    assert doc.extra["warc"]["converted"] == 2
    assert doc.record()["parts"] == 2
    assert "<!-- webfold:record http://example.com/b 2024-05-07T01:02:03Z -->" in doc.markdown
    assert "Bravo paragraph." in doc.markdown


def test_an_archive_with_nothing_to_convert_is_empty():
    doc = webfold.convert(build_warc([], gz=False))
    assert doc.type == "warc"
    assert doc.error.code == "empty"


def test_a_hostile_target_uri_cannot_close_the_record_comment():
    uri = "http://example.com/--><script>alert(1)</script>"
    data = build_warc([Rec(uri, article("Hostile", "Tricky address."))], gz=False)
    doc = webfold.convert(data, select="all")
    first_line = doc.markdown.splitlines()[0]
    assert first_line.startswith("<!-- webfold:record ") and first_line.endswith(" -->")
    assert first_line.count(">") == 1
    assert "<script>" not in doc.markdown


def test_a_dns_response_record_is_not_mistaken_for_a_page():
    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=False)
    writer.write_record(writer.create_warc_record(
        "dns:example.com", "response", payload=io.BytesIO(b"20240506 example.com. 300 IN A "
                                                          b"93.184.216.34\n"),
        warc_content_type="text/dns"))
    [item] = items(buf.getvalue())
    assert (item.status, item.reason) == ("skipped", "non-http response")


def test_an_archive_whose_every_record_fails_is_damaged_not_a_warning():
    broken_pdf = [("Content-Type", "application/pdf")]
    data = build_warc([Rec(f"http://example.com/{n}.pdf", b"not a pdf at all", broken_pdf)
                       for n in range(2)], gz=False)
    doc = webfold.convert(data)
    assert [p.error.code for p in doc.parts] == ["not_pdf", "not_pdf"]
    assert doc.error is not None and doc.error.code == "damaged"
    assert "2 failed" in doc.error.message
