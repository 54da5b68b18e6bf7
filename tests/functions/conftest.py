"""One embedded moto server for the session; every test gets fresh resources in it.

The handlers are imported once (their clients live at module level, bound to the
server's endpoint); each test applies the stack's environment with monkeypatch and
resets moto's state, so nothing leaks into other test areas.
"""

from __future__ import annotations

import hashlib
import http.server
import threading
from collections.abc import Iterator

import pytest

from devstack.stack import LocalStack, StackNames


@pytest.fixture(scope="session")
def local_stack() -> Iterator[LocalStack]:
    stack = LocalStack()
    stack.start()
    yield stack
    stack.stop()


@pytest.fixture
def names(local_stack: LocalStack, monkeypatch: pytest.MonkeyPatch) -> StackNames:
    stack_names = local_stack.reset()
    for key, value in local_stack.environ().items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("POWERTOOLS_METRICS_NAMESPACE", "webfold-test")
    # The pipeline is under test, not the trained selector: keep every block, so the
    # outputs do not move when the model is retrained.
    monkeypatch.setenv("WEBFOLD_SELECT", "all")
    return stack_names


@pytest.fixture
def s3(local_stack: LocalStack, names: StackNames):
    return local_stack.client("s3")


@pytest.fixture
def sqs(local_stack: LocalStack, names: StackNames):
    return local_stack.client("sqs")


@pytest.fixture
def dispatcher(local_stack: LocalStack, names: StackNames):
    return local_stack.dispatcher()


class Pages:
    """What the test server serves: path -> (body, content type); counts every GET."""

    def __init__(self) -> None:
        self.pages: dict[str, tuple[bytes, str]] = {}
        self.hits: dict[str, int] = {}
        self.not_modified: dict[str, int] = {}
        self.statuses: dict[str, int] = {}  # path -> an error status to answer with


@pytest.fixture
def http_site() -> Iterator[tuple[str, Pages]]:
    """A real HTTP server on 127.0.0.1 with ETags and conditional GET."""
    pages = Pages()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the http.server API)
            pages.hits[self.path] = pages.hits.get(self.path, 0) + 1
            if self.path in pages.statuses:
                self.send_error(pages.statuses[self.path])
                return
            if self.path not in pages.pages:
                self.send_error(404)
                return
            body, ctype = pages.pages[self.path]
            etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
            if self.headers.get("If-None-Match") == etag:
                pages.not_modified[self.path] = pages.not_modified.get(self.path, 0) + 1
                self.send_response(304)
                self.send_header("ETag", etag)
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("ETag", etag)
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", pages
    server.shutdown()
    server.server_close()
