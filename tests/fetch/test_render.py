"""Rendering in real headless Chromium against the real server on 127.0.0.1."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fetch_site import Site

from webfold.settings import Settings
from webfold.web.render import (
    CHROMIUM_FLAGS,
    ChromiumRenderer,
    RenderRequest,
    find_chromium,
    local_renderer,
)
from webfold.web.scrape import scrape

RENDERER = local_renderer()
pytestmark = pytest.mark.skipif(RENDERER is None,
                                reason="no Chromium binary (or Playwright) on this machine")


def render(site: Site, path: str, **options: object) -> object:
    assert RENDERER is not None
    options.setdefault("timeout_s", 15)
    return RENDERER.render(RenderRequest(url=site.url(path, host="localhost"),
                                         allow_loopback=True, **options))  # type: ignore[arg-type]


def test_an_app_shell_is_rendered_and_converted(site: Site, settings: Settings) -> None:
    doc = scrape(site.url("/shell"), settings=settings, select="all", renderer=RENDERER)
    assert doc.ok, doc.error
    assert "Built by script" in doc.markdown and "second paragraph" in doc.markdown
    record = doc.record()
    assert record["route"] == "render" and record["escalated"].startswith("empty")
    assert record["render"]["status"] == 200


def test_wait_selector_waits_for_content_built_later(site: Site, settings: Settings) -> None:
    doc = scrape(site.url("/late"), settings=settings, select="all", render="always",
                 renderer=RENDERER, wait_selector="#late")
    assert doc.ok, doc.error
    assert "Late text arrived" in doc.markdown and doc.record()["http"] is None


def test_scrolling_loads_lazy_content(site: Site) -> None:
    result = render(site, "/lazy", scroll=True)
    assert result.error is None, result.error  # type: ignore[attr-defined]
    assert "Lazy paragraph loaded" in result.html  # type: ignore[attr-defined]


def test_the_browser_cannot_reach_internal_addresses(site: Site) -> None:
    result = render(site, "/leaky")
    assert result.error is None, result.error  # type: ignore[attr-defined]
    blocked = " ".join(result.blocked_requests)  # type: ignore[attr-defined]
    assert "169.254.169.254" in blocked  # an image
    assert "10.0.0.1" in blocked  # a script's fetch, and the iframe's redirect hop
    assert "Leaky page" in result.html  # type: ignore[attr-defined]
    navigated = render(site, "/to-metadata")  # the page itself redirects inward
    assert navigated.error is not None  # type: ignore[attr-defined]
    assert navigated.error.code == "forbidden_address"  # type: ignore[attr-defined]


def test_the_url_handed_to_the_browser_is_guarded() -> None:
    assert RENDERER is not None
    result = RENDERER.render(RenderRequest(url="http://169.254.169.254/latest/meta-data/"))
    assert result.error is not None and result.error.code == "forbidden_address"


def test_a_page_stuck_in_a_script_loop_times_out(site: Site) -> None:
    result = render(site, "/busy", timeout_s=4)
    assert result.error is not None  # type: ignore[attr-defined]
    assert result.error.code == "timeout"  # type: ignore[attr-defined]


@pytest.fixture
def user_browser() -> Iterator[str]:
    """A Chromium the 'user' runs with DevTools open; yields its ws:// address."""
    profile = tempfile.TemporaryDirectory(prefix="webfold-user-browser-",
                                          ignore_cleanup_errors=True)
    proc = subprocess.Popen(
        [str(find_chromium()), "--headless", "--no-sandbox", *CHROMIUM_FLAGS,
         "--remote-debugging-port=0", f"--user-data-dir={profile.name}", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert proc.stderr is not None
        for _ in range(200):
            line = proc.stderr.readline()
            found = re.search(r"DevTools listening on (ws://\S+)", line)
            if found:
                yield found.group(1)
                assert proc.poll() is None, "rendering closed the user's browser"
                break
        else:
            pytest.fail("the browser never printed its DevTools address")
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the browser and its helpers: its own session
        proc.wait()
        profile.cleanup()


def test_a_users_browser_over_cdp(site: Site, user_browser: str) -> None:
    renderer = ChromiumRenderer(browser_ws=user_browser)
    result = renderer.render(RenderRequest(url=site.url("/leaky", host="localhost"),
                                           allow_loopback=True, timeout_s=15))
    assert result.error is None, result.error
    assert "Leaky page" in result.html
    assert "169.254.169.254" in " ".join(result.blocked_requests)


def test_a_render_that_outlives_its_budget_is_killed(site: Site, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # The child keeps its own deadline, so the kill is a backstop; pull it in front of
    # the child's deadline to see it work.
    monkeypatch.setattr("webfold.web.render.KILL_GRACE_S", -8.0)
    # A temporary folder of this test's own: other renders on the machine make profiles too.
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    result = render(site, "/busy", timeout_s=10)
    assert result.error is not None and "killed" in result.error.message  # type: ignore[attr-defined]
    assert not list(tmp_path.glob("webfold-chrome-*"))  # the killed child's profile is gone
