"""Rendering a page in headless Chromium (edge module; Playwright over DevTools).

`ChromiumRenderer.render(RenderRequest)` loads the page in a child process that is
killed at a hard timeout (a page stuck in a script loop cannot hang the caller), waits
for network idle or a selector, optionally scrolls to the bottom, and returns the
serialised DOM as a `RenderResult` (converting it is `webfold.web.scrape`'s job).
Any object with the same `render` method is a `Renderer` (the Lambda render function
is called the same way); requests and results travel as plain dicts (`to_dict` /
`from_dict`).

The guard of `webfold.web.urlguard` applies to the URL handed to the browser and to
every connection the page makes: a browser we launch goes through `webfold.web.guardproxy`
(every hop vetted and pinned to its checked address); a user's browser (`browser_ws`)
through route interception.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from webfold.errors import ConversionError
from webfold.settings import DEFAULT_SETTINGS
from webfold.web.guardproxy import GuardProxy
from webfold.web.urlguard import check_url

CHROMIUM_PATHS = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
CHROMIUM_FLAGS = (
    "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--no-first-run", "--disable-component-update", "--disable-sync",
    "--disable-default-apps", "--disable-extensions", "--mute-audio",
    "--disable-domain-reliability", "--disable-client-side-phishing-detection", "--no-pings",
    # Everything must go through the guard proxy: no QUIC, no WebRTC UDP around it.
    "--disable-quic", "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
)
KILL_GRACE_S = 3.0  # the child's own deadline is the request's; the kill comes this much later
NETWORK_IDLE_MAX_MS = 10_000  # pages that poll forever never go idle; stop waiting then
SCROLL_STEPS = 20
SCROLL_PAUSE_MS = 250


@dataclass(frozen=True, slots=True, kw_only=True)
class RenderRequest:
    url: str
    wait_for_ms: int = 0  # extra wait after load (and after the selector, when given)
    wait_selector: str | None = None  # wait for this CSS selector instead of network idle
    scroll: bool = False  # scroll to the bottom to trigger lazy content
    timeout_s: float = DEFAULT_SETTINGS.render_timeout_s
    allow_loopback: bool = False
    user_agent: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RenderRequest:
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


@dataclass(slots=True, kw_only=True)
class RenderResult:
    url: str
    final_url: str | None = None
    status: int | None = None  # of the main document response
    html: str = ""
    error: ConversionError | None = None
    blocked_requests: list[str] = field(default_factory=list)  # refused by the guard
    warnings: list[str] = field(default_factory=list)
    elapsed_ms: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["error"] = {"code": self.error.code, "message": self.error.message} \
            if self.error else None
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RenderResult:
        fields = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        err = fields.pop("error", None)
        return cls(**fields, error=ConversionError(err["code"], err["message"]) if err else None)


class Renderer(Protocol):
    def render(self, request: RenderRequest) -> RenderResult:
        """Render `request.url`; failures come back in `RenderResult.error`, never raised."""
        ...


def find_chromium() -> str | None:
    """The path of a local Chromium, or None."""
    for path in CHROMIUM_PATHS:
        if os.access(path, os.X_OK):
            return path
    return shutil.which("chromium")


def local_renderer(browser_ws: str | None = None) -> ChromiumRenderer | None:
    """A renderer for this machine: the user's browser at `browser_ws`, else the local
    Chromium; None when there is neither or Playwright is not installed."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        return None
    executable = find_chromium()
    if browser_ws is None and executable is None:
        return None
    return ChromiumRenderer(executable=executable, browser_ws=browser_ws)


@dataclass(frozen=True, slots=True)
class ChromiumRenderer:
    """Renders in a child process (`python -m webfold.web.render`) killed at the hard timeout."""

    executable: str | None = None
    browser_ws: str | None = None  # ws://... of a browser the user runs (connect over CDP)

    def render(self, request: RenderRequest) -> RenderResult:
        """Render in a child process; `timeout` when it outlives the request's budget,
        `render_failed` when it dies or answers nonsense."""
        started = time.perf_counter()
        # The profile belongs to this process: a killed child cannot clean up after itself.
        profile = tempfile.mkdtemp(prefix="webfold-chrome-")
        payload = json.dumps({"request": request.to_dict(), "executable": self.executable,
                              "browser_ws": self.browser_ws, "profile_dir": profile})
        proc = subprocess.Popen([sys.executable, "-m", "webfold.web.render"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True)  # its own group, Chromium included
        try:
            out, err = proc.communicate(payload.encode(), timeout=request.timeout_s + KILL_GRACE_S)
        except subprocess.TimeoutExpired:
            _kill_group(proc.pid)
            proc.communicate()
            _kill_browsers_using(profile)  # Playwright starts Chromium in its own group
            return RenderResult(url=request.url, elapsed_ms=_ms(started), error=ConversionError(
                "timeout", f"rendering took longer than {request.timeout_s:g} s; killed"))
        finally:
            _kill_group(proc.pid)
            shutil.rmtree(profile, ignore_errors=True)
        return _parse_child_answer(request, out, err, proc.returncode, started)


def _kill_browsers_using(profile: str) -> None:
    """Kill the Chromium processes started with `profile` as their user-data-dir: ours,
    found by the unique path in their command line (Linux /proc; elsewhere a no-op)."""
    marker = profile.encode()
    for entry in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if marker in entry.read_bytes():
                os.kill(int(entry.parent.name), signal.SIGKILL)
        except (OSError, ValueError):
            continue  # gone already, or not ours to read


def _parse_child_answer(request: RenderRequest, out: bytes, err: bytes, returncode: int,
                        started: float) -> RenderResult:
    try:
        result = RenderResult.from_dict(json.loads(out.decode().strip().splitlines()[-1]))
    except (ValueError, IndexError, KeyError, TypeError):
        tail = err.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no output"]
        return RenderResult(url=request.url, elapsed_ms=_ms(started), error=ConversionError(
            "render_failed", f"the render process failed (exit {returncode}): {tail[0][:300]}"))
    result.elapsed_ms = _ms(started)
    return result


def _kill_group(pgid: int) -> None:
    try:  # a Chromium helper left behind by the child must not outlive the render
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000


def render_in_process(request: RenderRequest, *, executable: str | None = None,
                      browser_ws: str | None = None,
                      profile_dir: str | None = None) -> RenderResult:
    """Render in this process (what the child runs; the Lambda render container may call
    it directly). The guard runs before the browser starts; failures are values:
    forbidden_address, bad_url, fetch_failed, timeout, render_failed."""
    started = time.perf_counter()
    checked = check_url(request.url, allow_loopback=request.allow_loopback)
    if isinstance(checked, ConversionError):
        return RenderResult(url=request.url, error=checked)
    try:
        result = _run_session(request, executable=executable, browser_ws=browser_ws,
                              profile_dir=profile_dir)
    except _Refused as exc:
        result = RenderResult(url=request.url, blocked_requests=[str(exc)], error=ConversionError(
            "forbidden_address", f"the page navigated to a forbidden address: {exc}"))
    except Exception as exc:  # Playwright raises many kinds; all mean the render failed
        result = RenderResult(url=request.url, error=_playwright_error(exc))
    result.elapsed_ms = _ms(started)
    return result


def _playwright_error(exc: Exception) -> ConversionError:
    name = type(exc).__name__
    first = (str(exc).strip().splitlines() or [""])[0][:300]
    code = "timeout" if "Timeout" in name else "render_failed"
    return ConversionError(code, f"{name}: {first}")


def _run_session(request: RenderRequest, *, executable: str | None, browser_ws: str | None,
                 profile_dir: str | None) -> RenderResult:
    """One browser session. A browser we launch sends everything through the guard
    proxy (redirects and DNS included); a user's browser over CDP is guarded by route
    interception, which sees each request but not the hops of a redirect."""
    from playwright.sync_api import sync_playwright  # heavy; only the render path pays

    deadline = time.monotonic() + request.timeout_s
    result = RenderResult(url=request.url)
    guard = _RequestGuard(request.allow_loopback)
    options: dict[str, Any] = {"service_workers": "block", "user_agent": request.user_agent}
    with contextlib.ExitStack() as stack:  # closed in reverse: the profile goes last
        profile = profile_dir or stack.enter_context(tempfile.TemporaryDirectory(
            prefix="webfold-chrome-", ignore_cleanup_errors=True))
        pw = stack.enter_context(sync_playwright())
        if browser_ws:
            browser = pw.chromium.connect_over_cdp(browser_ws, timeout=_left_ms(deadline))
            stack.callback(browser.close)  # over CDP this only disconnects
            context = browser.new_context(**options)
            blocked = guard.blocked
        else:
            proxy = stack.enter_context(GuardProxy(allow_loopback=request.allow_loopback))
            context = pw.chromium.launch_persistent_context(
                profile, executable_path=executable, headless=True,
                args=[*CHROMIUM_FLAGS, f"--proxy-server=http://127.0.0.1:{proxy.port}",
                      "--proxy-bypass-list=<-loopback>"],
                timeout=_left_ms(deadline), **options)
            blocked = proxy.blocked
        stack.callback(context.close)
        page = context.new_page()
        if browser_ws:
            page.route("**/*", guard.route)
            page.route_web_socket("**/*", guard.websocket)
        response = _goto(page, request.url, deadline, blocked)
        result.status = response.status if response else None
        _settle(page, request, deadline, result.warnings)
        result.final_url = page.url
        if not page.url.startswith(("about:", "data:")):  # where the page ended up
            final = check_url(page.url, allow_loopback=request.allow_loopback)
            if isinstance(final, ConversionError) and final.code == "forbidden_address":
                raise _Refused(page.url)
        result.html = page.content()
        result.blocked_requests = list(blocked)
    return result


def _goto(page: Any, url: str, deadline: float, blocked: list[str]) -> Any:
    from playwright.sync_api import Error as PlaywrightError

    try:
        return page.goto(url, wait_until="domcontentloaded", timeout=_left_ms(deadline))
    except PlaywrightError as exc:
        if blocked and any(f"ERR_{kind}" in str(exc) for kind in _REFUSAL_ERRORS):
            raise _Refused(blocked[-1]) from None
        raise


# How Chromium reports a navigation the guard refused (route abort, proxy 403 on CONNECT).
_REFUSAL_ERRORS = ("BLOCKED_BY_CLIENT", "TUNNEL_CONNECTION_FAILED")


class _Refused(Exception):
    """The page's own navigation went to an address the guard refuses."""


def _settle(page: Any, request: RenderRequest, deadline: float, warnings: list[str]) -> None:
    """Wait for the selector or network idle, scroll, then the extra wait; a wait that
    runs out leaves a warning and the DOM as it is (degrade, don't fail)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        if request.wait_selector:
            page.wait_for_selector(request.wait_selector, state="attached",
                                   timeout=_left_ms(deadline))
        else:
            page.wait_for_load_state("networkidle",
                                     timeout=min(_left_ms(deadline), NETWORK_IDLE_MAX_MS))
    except PlaywrightTimeout:
        what = f"selector {request.wait_selector!r}" if request.wait_selector else "network idle"
        warnings.append(f"render: gave up waiting for {what}")
    if request.scroll:
        _scroll_to_bottom(page, deadline)
    if request.wait_for_ms:
        page.wait_for_timeout(min(request.wait_for_ms, max(_left_ms(deadline) - 500, 0)))


def _scroll_to_bottom(page: Any, deadline: float) -> None:
    height = -1
    for _ in range(SCROLL_STEPS):
        if _left_ms(deadline) < 2 * SCROLL_PAUSE_MS:
            return
        new_height = page.evaluate(
            "() => { window.scrollTo(0, document.documentElement.scrollHeight);"
            " return document.documentElement.scrollHeight; }")
        if new_height == height:
            return
        height = new_height
        page.wait_for_timeout(SCROLL_PAUSE_MS)


class _RequestGuard:
    """Route handlers that refuse every request and WebSocket to a forbidden address."""

    def __init__(self, allow_loopback: bool) -> None:
        self.allow_loopback = allow_loopback
        self.blocked: list[str] = []
        self._verdicts: dict[str, bool] = {}  # scheme://host:port -> allowed

    def allows(self, url: str) -> bool:
        scheme = url.split(":", 1)[0].lower()
        if scheme in ("data", "blob", "about"):
            return True  # no network involved
        origin = url.split("/", 3)[:3]
        key = "/".join(origin)
        if key not in self._verdicts:
            checked = check_url(url, allow_loopback=self.allow_loopback)
            self._verdicts[key] = not isinstance(checked, ConversionError)
        return self._verdicts[key]

    def route(self, route: Any) -> None:
        url = route.request.url
        if self.allows(url):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort("blockedbyclient")

    def websocket(self, ws: Any) -> None:
        http_url = "http" + ws.url[2:] if ws.url.startswith("ws") else ws.url
        if self.allows(http_url):
            ws.connect_to_server()
        else:
            self.blocked.append(ws.url)
            ws.close()


def _left_ms(deadline: float) -> float:
    return max(1.0, (deadline - time.monotonic()) * 1000)


def _child_main() -> int:
    job = json.loads(sys.stdin.read())
    result = render_in_process(RenderRequest.from_dict(job["request"]),
                               executable=job.get("executable"), browser_ws=job.get("browser_ws"),
                               profile_dir=job.get("profile_dir"))
    sys.stdout.write(json.dumps(result.to_dict()) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(_child_main())
