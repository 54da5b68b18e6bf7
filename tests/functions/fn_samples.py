"""Real documents generated for the handler tests (HTML, PDF with PyMuPDF, WARC with warcio)
and the sample events of events/ they load."""

from __future__ import annotations

import io
import json
from pathlib import Path

EVENTS = Path(__file__).resolve().parents[2] / "events"


def load_event(name: str) -> dict:
    return json.loads((EVENTS / name).read_text(encoding="utf-8"))


ARTICLE_HTML = b"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Harbour Lights Survey</title></head>
<body><main><article>
<h1>Harbour Lights Survey</h1>
<p>The survey counted forty-two working lights along the northern harbour wall, each one
checked by hand during the winter storms of the last season.</p>
<p>Keepers reported that the oldest lamps still burn paraffin and need refilling twice a
week, while the newer ones run on small solar panels.</p>
</article></main></body></html>
"""


def page_html(title: str, sentence: str) -> bytes:
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title></head>"
            f"<body><main><h1>{title}</h1><p>{sentence}</p><p>{sentence} Again, for length: "
            f"{sentence}</p></main></body></html>").encode()


def pdf_bytes(text: str = "Quarterly tide tables for the northern harbour.") -> bytes:
    import pymupdf as fitz

    doc = fitz.open()
    page = doc.new_page()
    page.insert_text((72, 72), "Tide Tables", fontsize=20)
    page.insert_text((72, 110), text, fontsize=11)
    page.insert_text((72, 130), "High water at dawn, low water at noon, all week long.",
                     fontsize=11)
    data = doc.tobytes()
    doc.close()
    return data


def warc_bytes(pages: dict[str, bytes], *, gzip: bool = True) -> bytes:
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter

    out = io.BytesIO()
    writer = WARCWriter(out, gzip=gzip)
    for url, body in pages.items():
        headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8"),
                                              ("Content-Length", str(len(body)))],
                                   protocol="HTTP/1.1")
        record = writer.create_warc_record(url, "response", payload=io.BytesIO(body),
                                           http_headers=headers)
        writer.write_record(record)
    return out.getvalue()
