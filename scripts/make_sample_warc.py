"""Write `events/samples/gazette.warc.gz`, the small archive the demo converts.

Deterministic (fixed record ids and dates), so re-running it gives the same bytes:
five HTML pages of one made-up site (one windows-1252 with the charset only in the
HTTP header, one gzip content-encoded), one PDF made with PyMuPDF, one image, the
request records a crawler writes, and a 404.

    .venv/bin/python scripts/make_sample_warc.py
"""

from __future__ import annotations

import gzip
import io
from pathlib import Path

import pymupdf
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

OUT = Path(__file__).resolve().parents[1] / "events" / "samples" / "gazette.warc.gz"
SITE = "http://gazette.example"
DATE = "2024-05-06T07:08:{:02d}Z"

STORIES = [
    ("flood", "Flood season", "The river rose slowly through the night and covered the lower "
     "fields with a hand's depth of brown water. Farmers moved their animals to the high "
     "pasture before dawn."),
    ("ferry", "Ferry timetable", "The ferry leaves the north landing every forty minutes and "
     "stops running when the current is too strong. Tickets are sold on board."),
    ("mill", "The old mill", "Built in 1790, the mill ground grain for four villages until the "
     "weir was breached in a winter storm. The wheel still turns on feast days."),
]


def page(title: str, body: str) -> str:
    return (f"<!doctype html><html><head><title>{title}</title></head><body>"
            f"<nav><a href='{SITE}/'>Home</a> <a href='{SITE}/about'>About</a></nav>"
            f"<main><article><h1>{title}</h1><p>{body}</p></article></main>"
            "<footer><p>River Valley Gazette</p></footer></body></html>")


def report_pdf() -> bytes:
    doc = pymupdf.open()
    pdf_page = doc.new_page()
    pdf_page.insert_text((72, 90), "Water levels, May", fontsize=18)
    pdf_page.insert_text((72, 130), "The gauge at the old mill read four metres on Tuesday.",
                         fontsize=11)
    return doc.tobytes(garbage=4, deflate=True, no_new_id=True)


def responses() -> list[tuple[str, list[tuple[str, str]], bytes, str]]:
    """(path, HTTP headers, stored payload, status) in crawl order."""
    utf8 = [("Content-Type", "text/html; charset=utf-8")]
    out = [(f"/{slug}", utf8, page(t, b).encode("utf-8"), "200 OK") for slug, t, b in STORIES]
    cafe = page("Café crème", "The quay café serves crème brûlée on “market” Saturdays.")
    out.append(("/cafe", [("Content-Type", "text/html; charset=windows-1252")],
                cafe.encode("cp1252"), "200 OK"))
    zipped = gzip.compress(page("Bridge repairs", "Engineers found cracks in two of the "
                                "stone arches.").encode("utf-8"), mtime=0)
    out.append(("/bridge", [("Content-Type", "text/html"), ("Content-Encoding", "gzip")],
                zipped, "200 OK"))
    out.append(("/report.pdf", [("Content-Type", "application/pdf")], report_pdf(), "200 OK"))
    out.append(("/logo.png", [("Content-Type", "image/png")], b"\x89PNG\r\n\x1a\n" + bytes(32),
                "200 OK"))
    out.append(("/gone", [("Content-Type", "text/html")], b"<p>Not found</p>", "404 Not Found"))
    return out


def main() -> None:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=True)
    for n, (path, headers, body, status) in enumerate(responses()):
        uri = SITE + path
        warc = {"WARC-Date": DATE.format(n)}
        ids = [f"<urn:uuid:00000000-0000-4000-8000-{2 * n + k:012d}>" for k in (0, 1)]
        request = StatusAndHeaders(f"GET {path} HTTP/1.1", [("Host", "gazette.example")],
                                   is_http_request=True)
        writer.write_record(writer.create_warc_record(
            uri, "request", http_headers=request, payload=io.BytesIO(b""),
            warc_headers_dict={**warc, "WARC-Record-ID": ids[0]}))
        http = StatusAndHeaders(status, headers, protocol="HTTP/1.1")
        writer.write_record(writer.create_warc_record(
            uri, "response", http_headers=http, payload=io.BytesIO(body),
            warc_headers_dict={**warc, "WARC-Record-ID": ids[1]}))
    OUT.write_bytes(buf.getvalue())
    print(f"wrote {OUT} ({len(buf.getvalue())} bytes)")


if __name__ == "__main__":
    main()
