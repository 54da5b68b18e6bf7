"""WARC archives built in the test with warcio: real bytes, nothing on disk."""

from __future__ import annotations

import io
import zlib
from dataclasses import dataclass, field

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

ARTICLE = (
    "<!doctype html><html><head><title>{title}</title></head><body>"
    "<nav><a href='/'>Home</a> <a href='/about'>About</a></nav>"
    "<main><article><h1>{title}</h1>"
    "<p>{body} The river rose slowly through the night, and by morning the lower "
    "fields were under a hand's depth of brown water that smelled of clay.</p>"
    "<p>Farmers moved their animals to the high pasture before dawn, and the ferry "
    "stopped running until the current eased in the afternoon.</p>"
    "</article></main></body></html>"
)


def article(title: str, body: str) -> bytes:
    return ARTICLE.format(title=title, body=body).encode("utf-8")


@dataclass
class Rec:
    """One record to write: an HTML response unless said otherwise."""

    uri: str
    body: bytes = b""
    headers: list[tuple[str, str]] = field(
        default_factory=lambda: [("Content-Type", "text/html; charset=utf-8")])
    status: str = "200 OK"
    rec_type: str = "response"
    date: str = "2024-05-06T07:08:09Z"


def build_warc(records: list[Rec], *, gz: bool) -> bytes:
    """A WARC (one gzip member per record when `gz`): a warcinfo record, then `records`.

    Payloads are stored exactly as given (already chunked or compressed when the test
    says so), as a crawler stores what came over the wire.
    """
    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=gz)
    writer.write_record(writer.create_warcinfo_record("test.warc", {"software": "pytest"}))
    for rec in records:
        http = None
        if rec.rec_type == "response":
            http = StatusAndHeaders(rec.status, list(rec.headers), protocol="HTTP/1.1")
        elif rec.rec_type == "request":
            http = StatusAndHeaders("GET / HTTP/1.1", list(rec.headers), is_http_request=True)
        record = writer.create_warc_record(
            rec.uri, rec.rec_type, payload=io.BytesIO(rec.body), http_headers=http,
            warc_headers_dict={"WARC-Date": rec.date})
        writer.write_record(record)
    return buf.getvalue()


def gzip_member_offsets(data: bytes) -> list[int]:
    """Start offsets of the gzip members of a per-record gzip WARC."""
    offsets, pos = [], 0
    while pos < len(data):
        offsets.append(pos)
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        inflater.decompress(data[pos:])
        pos = len(data) - len(inflater.unused_data)
    return offsets


def plain_record_offsets(data: bytes) -> list[int]:
    """Start offsets of the records of an uncompressed WARC."""
    offsets = [0]
    pos = data.find(b"\r\n\r\nWARC/1.")
    while pos != -1:
        offsets.append(pos + 4)
        pos = data.find(b"\r\n\r\nWARC/1.", pos + 4)
    return offsets


def chunked(body: bytes, size: int = 50) -> bytes:
    """`body` in HTTP/1.1 chunked transfer coding."""
    out = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + size]), body[i:i + size])
                   for i in range(0, len(body), size))
    return out + b"0\r\n\r\n"
