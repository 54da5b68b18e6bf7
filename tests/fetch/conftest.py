"""Fixtures: the real HTTP server on 127.0.0.1 (`site`) and fetch settings for it."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from fetch_site import Handler, QuietServer, Site, payloads

from webfold.settings import Settings
from webfold.web.fetch import RobotsCache


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    server = QuietServer(("127.0.0.1", 0), Handler)
    state = Site(port=server.server_address[1])
    Handler.site = state
    Handler.payloads = payloads()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield state
    server.shutdown()
    server.server_close()


@pytest.fixture
def settings() -> Settings:
    """Loopback allowed (the server is on 127.0.0.1), short deadlines, small caps."""
    return Settings(allow_loopback=True, fetch_timeout_s=5.0, connect_timeout_s=2.0,
                    fetch_max_bytes=1_000_000)


@pytest.fixture(autouse=True)
def fresh_robots(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new default robots.txt cache per test: what one test's server said about
    robots.txt must not decide another's (tests that pass their own cache are unaffected)."""
    monkeypatch.setattr("webfold.web.fetch.DEFAULT_ROBOTS_CACHE", RobotsCache())
