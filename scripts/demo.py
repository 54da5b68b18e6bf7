"""`make demo`: the whole Webfold pipeline on this machine, no AWS account, no network.

Starts moto's server on 127.0.0.1 as the AWS API, creates the stack's bucket, queues
(with dead-letter queues) and tables, wires the S3 notifications, and drives the real
handlers from a local dispatcher. It uploads the sample documents from events/samples/
(HTML, PDF, WARC), puts a URL served from 127.0.0.1 on the URL queue, puts a second one
on the watch list and ticks the rescrape schedule once, runs until the queues are
drained, prints each output key with one line of its JSON record, and copies the
outputs to out/<key> so they can be opened as files.

Handler logs and metrics (Powertools JSON, as CloudWatch would get them) go to
out/demo-handlers.log.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))  # the development stack (devstack/) is not an installed package
SAMPLES = REPO / "events" / "samples"
OUT_DIR = REPO / "out"  # the outputs are copied here as out/<key>
LOG_PATH = OUT_DIR / "demo-handlers.log"
SAMPLE_PDF = "tide-tables.pdf"


def ensure_sample_pdf() -> None:
    """Write a small two-page PDF sample when events/samples has none."""
    if any(p.suffix == ".pdf" for p in SAMPLES.iterdir()):
        return
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Tide Tables, Northern Harbour", fontsize=20)
    page.insert_text((72, 120), "High water is at dawn and at dusk all through the week.",
                     fontsize=11)
    page.insert_text((72, 140), "Low water falls near noon; the outer bar dries at springs.",
                     fontsize=11)
    page = doc.new_page()
    page.insert_text((72, 80), "Notes for Small Craft", fontsize=16)
    page.insert_text((72, 110), "Keep to the marked channel when the ebb runs hard.",
                     fontsize=11)
    doc.save(SAMPLES / SAMPLE_PDF)
    doc.close()


def serve_samples() -> http.server.ThreadingHTTPServer:
    """Serve events/samples/ on 127.0.0.1 (an ephemeral port) in a background thread."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(SAMPLES))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def sample_files() -> list[Path]:
    """The samples the stack's S3 notifications would convert."""
    from webfold.outputs import SOURCE_SUFFIXES

    return sorted(p for p in SAMPLES.iterdir() if p.name.lower().endswith(SOURCE_SUFFIXES))


def run(stack: object, log: object) -> int:
    from devstack.bucket import (
        drop_files,
        failed_records,
        mirror_outputs,
        output_keys,
        print_outputs,
        queue_urls,
    )
    from webfold.pipeline.urlstate import state_table, watch_url

    names, s3, sqs = stack.names, stack.client("s3"), stack.client("sqs")
    server = serve_samples()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    html = [p.name for p in sample_files() if p.suffix in (".html", ".htm")]
    print(f"webfold demo: AWS API (moto) at {stack.endpoint}, samples served at {base}")
    uploaded = drop_files(s3, names.bucket, sample_files(), "samples/")
    print("uploaded  " + ", ".join(uploaded))
    page_urls = [f"{base}/{name}" for name in html]
    if page_urls:
        queue_urls(sqs, names.urls_queue_url, page_urls[:1])
        print(f"queued    {page_urls[0]}")
        watched = page_urls[-1] if len(page_urls) > 1 else page_urls[0]
        watch_url(state_table(stack, names.url_state_table), watched, 3600,
                  render="never", key=f"watched/{Path(watched).stem}")
        print(f"watching  {watched} (hourly); ticking the rescrape schedule once")
    started = time.perf_counter()
    with contextlib.redirect_stdout(log):
        dispatcher = stack.dispatcher()
        stack.tick()
        report = dispatcher.drain()
    elapsed = time.perf_counter() - started
    server.shutdown()
    print(f"\n{report.received} messages handled in {elapsed:.1f} s, {report.failed} sent back; "
          "outputs:\n")
    keys = output_keys(s3, names.bucket, set())
    print_outputs(s3, names.bucket, keys)
    copied = mirror_outputs(s3, names.bucket, keys, OUT_DIR)
    dead = [q for q in (names.objects_dlq_url, names.urls_dlq_url) if _depth(sqs, q)]
    failed = failed_records(s3, names.bucket, keys)
    print("\ndead-letter queues: " + (", ".join(dead) if dead else "empty"))
    print("failed records: " + (", ".join(k for k, _ in failed) if failed else "none"))
    print(f"outputs copied to {OUT_DIR.relative_to(REPO)}/ ({len(copied)} files)")
    print(f"handler logs and metrics: {LOG_PATH.relative_to(REPO)}")
    return 1 if dead or failed else 0


def _depth(sqs: object, queue_url: str) -> int:
    attrs = sqs.get_queue_attributes(QueueUrl=queue_url,
                                     AttributeNames=["ApproximateNumberOfMessages"])
    return int(attrs["Attributes"]["ApproximateNumberOfMessages"])


def main() -> int:
    from devstack.stack import LocalStack

    ensure_sample_pdf()
    LOG_PATH.parent.mkdir(exist_ok=True)
    stack = LocalStack()
    try:
        stack.start()
        os.environ.update(stack.environ())
        with LOG_PATH.open("w", encoding="utf-8") as log:
            return run(stack, log)
    finally:
        stack.stop()


if __name__ == "__main__":
    sys.exit(main())
