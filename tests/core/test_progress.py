"""Progress lines of the long commands, read from a real terminal (a pty) on stderr;
nothing of them when stderr is not a terminal."""

from __future__ import annotations

import functools
import io
import os
import pty
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pymupdf
import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter


def on_a_terminal(argv: list[str]) -> tuple[int, str]:
    """Run `webfold argv` with stderr on a pty: the exit code and what the terminal got."""
    leader, follower = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "webfold", *argv], stdout=subprocess.PIPE,
                               stderr=follower)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the pty closes with the process
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.communicate(timeout=120)
    os.close(leader)
    return process.returncode, b"".join(chunks).decode("utf-8", "replace")


def test_pdf_counts_pages(tmp_path: Path) -> None:
    pdf = pymupdf.open()
    for n in range(3):
        pdf.new_page().insert_text((72, 90), f"Page {n} holds a line of text.", fontsize=12)
    pdf.save(tmp_path / "three.pdf")
    code, terminal = on_a_terminal(["pdf", str(tmp_path / "three.pdf"), "--no-ocr"])
    assert code == 0 and "/3 pages, 0 by OCR" in terminal and "\r[" in terminal
    piped = subprocess.run([sys.executable, "-m", "webfold", "pdf", str(tmp_path / "three.pdf"),
                            "--no-ocr"], capture_output=True, text=True, timeout=120)
    assert piped.returncode == 0 and piped.stderr == ""


def test_warc_counts_records_and_megabytes(tmp_path: Path) -> None:
    buffer = io.BytesIO()
    writer = WARCWriter(buffer, gzip=True)
    for n in range(3):
        body = f"<html><body><h1>Page {n}</h1><p>Some words of page {n}.</p></body></html>"
        headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
        writer.write_record(writer.create_warc_record(
            f"http://example.com/{n}", "response", payload=io.BytesIO(body.encode()),
            http_headers=headers))
    (tmp_path / "three.warc.gz").write_bytes(buffer.getvalue())
    code, terminal = on_a_terminal(["warc", str(tmp_path / "three.warc.gz"), "--jsonl"])
    assert code == 0 and " records, 0.0 MB" in terminal and "3 records: 3 converted" in terminal


@pytest.fixture
def served(tmp_path: Path):
    for n in range(4):
        link = f"<a href='/p{n + 1}.html'>next</a>" if n < 3 else ""
        (tmp_path / f"p{n}.html").write_text(
            f"<html><body><h1>Page {n}</h1><p>Words of page {n} and more words.</p>{link}"
            "</body></html>")
    handler = functools.partial(_Quiet, directory=str(tmp_path))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def test_crawl_counts_pages_of_the_budget(served: str) -> None:
    code, terminal = on_a_terminal(["crawl", served + "/p0.html", "--allow-loopback",
                                    "--max-pages", "3", "--jsonl", "--all-blocks"])
    assert code == 0 and "/3 pages fetched, " in terminal and "queued" in terminal
