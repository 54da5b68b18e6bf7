"""Fetching a URL safely, politely and within a deadline: the transport (edge module; httpx).

`fetch_url` returns the bytes of one URL as a `FetchResult`; `preflight` says whether a
URL may be requested at all. Converting what came is `webfold.web.scrape`'s job: this
module never imports a converter. Every hop is vetted by `webfold.web.urlguard` and
connected to the exact address that was checked (the URL's host is replaced by that
address; the Host header and the TLS SNI/certificate name keep the real host), so DNS
cannot be rebound between the check and the connection."""

from __future__ import annotations

import email.utils
import functools
import ssl
import threading
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field

import brotli
import httpx

from webfold.contentcoding import ContentDecoder, TooLarge
from webfold.document import HttpFacts
from webfold.errors import ConversionError
from webfold.settings import DEFAULT_SETTINGS, Settings
from webfold.sniff import HTML_TYPES, PDF_TYPES, StreamInfo, parse_content_type, sniff
from webfold.web.pageclass import classify_html
from webfold.web.robots import MAX_ROBOTS_BYTES, RobotsRules
from webfold.web.urlguard import Resolver, Target, check_url, system_resolver

REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
BLOCKED_STATUSES = frozenset({401, 403, 429})
RETRYABLE_CLIENT_STATUSES = frozenset({408, 425})  # timeouts: another try may pass
ERROR_BODY_MAX_BYTES = 1_000_000  # read of an error page, to tell a bot wall from an outage
BACKOFF_BASE_S = 0.25  # first retry waits this long, doubling after each try
BACKOFF_MAX_S = 4.0
ROBOTS_TTL_S = 3_600.0
ACCEPT = "text/html,application/xhtml+xml,application/pdf;q=0.9,*/*;q=0.1"
ACCEPT_ENCODING = "gzip, deflate, br"


@dataclass(frozen=True, slots=True)
class Validators:
    """What the previous fetch of a URL said about its version, for a conditional GET."""

    etag: str | None = None
    last_modified: str | None = None

    def headers(self) -> dict[str, str]:
        out = {}
        if self.etag:
            out["If-None-Match"] = self.etag
        if self.last_modified:
            out["If-Modified-Since"] = self.last_modified
        return out


@dataclass(slots=True)
class FetchResult:
    """The outcome of fetching one URL. `error` is None only when `body` is a page to
    convert; a blocked or empty page keeps its body so a caller can still look."""

    url: str
    final_url: str
    status: int | None = None
    headers: dict[str, str] = field(default_factory=dict)  # final response, names lowercased
    body: bytes = b""  # decoded content (content coding removed)
    doc_type: str | None = None  # html | pdf: the converter the type routes to
    redirects: int = 0
    attempts: int = 0
    verdict: str | None = None  # pageclass verdict for HTML: ok | blocked | empty
    error: ConversionError | None = None
    elapsed_ms: float = 0.0

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def content_type(self) -> str | None:
        return self.headers.get("content-type")

    @property
    def validators(self) -> Validators:
        return Validators(self.headers.get("etag"), self.headers.get("last-modified"))

    def facts(self) -> HttpFacts:
        """What this fetch answered: the `http` part of a scrape or crawl record."""
        return HttpFacts(status=self.status, url=self.url, final_url=self.final_url,
                         redirects=self.redirects, attempts=self.attempts,
                         content_type=self.content_type, bytes=len(self.body),
                         etag=self.validators.etag,
                         last_modified=self.validators.last_modified, verdict=self.verdict)


class Deadline:
    """A total time budget shared by every step of one fetch."""

    def __init__(self, seconds: float) -> None:
        self.ends = time.monotonic() + seconds

    def remaining(self) -> float:
        return max(0.0, self.ends - time.monotonic())

    def timeout(self, connect_s: float) -> httpx.Timeout:
        left = max(self.remaining(), 0.001)
        return httpx.Timeout(left, connect=min(connect_s, left))


class RobotsCache:
    """robots.txt rules per scheme://host:port, kept for `ttl_s` seconds. Thread-safe."""

    def __init__(self, ttl_s: float = ROBOTS_TTL_S) -> None:
        self.ttl_s = ttl_s
        self._rules: dict[str, tuple[float, RobotsRules]] = {}
        self._lock = threading.Lock()

    def get(self, origin: str) -> RobotsRules | None:
        with self._lock:
            hit = self._rules.get(origin)
        if hit is None or time.monotonic() - hit[0] > self.ttl_s:
            return None
        return hit[1]

    def put(self, origin: str, rules: RobotsRules) -> None:
        with self._lock:
            self._rules[origin] = (time.monotonic(), rules)


DEFAULT_ROBOTS_CACHE = RobotsCache()


@dataclass(frozen=True, slots=True)
class _Fetcher:
    """The fixed parts of one fetch, passed down the hop and retry helpers."""

    client: httpx.Client
    settings: Settings
    resolver: Resolver
    deadline: Deadline
    sleep: Callable[[float], None]
    extra_headers: dict[str, str]


def fetch_url(
    url: str,
    *,
    settings: Settings = DEFAULT_SETTINGS,
    validators: Validators | None = None,
    respect_robots: bool | None = None,
    resolver: Resolver = system_resolver,
    robots_cache: RobotsCache | None = None,
    client: httpx.Client | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> FetchResult:
    """GET `url` within `settings.fetch_timeout_s`, guarded on every hop.

    In: an absolute http(s) URL; `validators` from an earlier fetch make the request
    conditional; `respect_robots` overrides `settings.respect_robots`; `resolver`,
    `client` and `sleep` are edge dependencies a caller may supply.
    Out: a `FetchResult`. Its `error` (never raised) is one of bad_url,
    forbidden_address, robots_disallowed, too_many_redirects, too_large, timeout,
    fetch_failed, http_error, blocked, empty, not_modified, unsupported_type.
    """
    started = time.perf_counter()
    own_client = client is None
    client = client or new_client()
    fetcher = _Fetcher(client, settings, resolver, Deadline(settings.fetch_timeout_s), sleep,
                       validators.headers() if validators else {})
    try:
        result = FetchResult(url=url, final_url=url)
        _fetch_into(result, fetcher, respect_robots,
                    robots_cache if robots_cache is not None else DEFAULT_ROBOTS_CACHE)
    finally:
        if own_client:
            client.close()
    result.elapsed_ms = (time.perf_counter() - started) * 1000
    return result


def new_client() -> httpx.Client:
    """An httpx client for `fetch_url`: no redirects followed by httpx, no proxies from
    the environment (a proxy would resolve the host again)."""
    # No kept-alive connections: the pool is keyed by address, and a TLS connection
    # verified for one host must not be reused for another host on the same address.
    return httpx.Client(follow_redirects=False, trust_env=False, verify=_tls_context(),
                        limits=httpx.Limits(max_keepalive_connections=0))


@functools.cache
def _tls_context() -> ssl.SSLContext:
    # Loading the CA bundle (certifi, as httpx does) costs about 45 ms; one context
    # serves every client.
    return httpx.create_ssl_context()


def _fetch_into(result: FetchResult, fetcher: _Fetcher, respect_robots: bool | None,
                robots_cache: RobotsCache) -> None:
    robots = fetcher.settings.respect_robots if respect_robots is None else respect_robots
    response = _follow(result, fetcher, robots_cache if robots else None)
    if response is None:
        return
    try:
        result.status = response.status_code
        result.headers = {k.lower(): v for k, v in response.headers.items()}
        error = _status_error(response.status_code, result)
        if error is None:
            error = _read_and_route(response, result, fetcher)
        elif error.code == "http_error" and response.status_code >= 500:
            error = _bot_wall(response, result, fetcher) or error
        result.error = error
    finally:
        response.close()


def _bot_wall(response: httpx.Response, result: FetchResult,
              fetcher: _Fetcher) -> ConversionError | None:
    """`blocked` when a 5xx is really a challenge page (Cloudflare's used to be 503s)."""
    if "html" not in (result.content_type or ""):
        return None
    body = read_body(response, fetcher.deadline, min(fetcher.settings.fetch_max_bytes,
                                                     ERROR_BODY_MAX_BYTES), truncate=True)
    if isinstance(body, ConversionError):
        return None
    verdict = classify_html(body)
    if verdict.kind != "blocked":
        return None
    result.body, result.doc_type, result.verdict = body, "html", verdict.kind
    return ConversionError("blocked", f"{result.status} and {verdict.reason}")


def _follow(result: FetchResult, fetcher: _Fetcher,
            robots_cache: RobotsCache | None) -> httpx.Response | None:
    """Follow redirects one hop at a time; the final response is returned unread."""
    url = result.url
    for hop in range(fetcher.settings.max_redirects + 1):
        target = check_url(url, allow_loopback=fetcher.settings.allow_loopback,
                           resolver=fetcher.resolver)
        result.final_url = url
        if isinstance(target, ConversionError):
            result.error = target
            return None
        if robots_cache is not None:
            result.error = _robots_error(target, fetcher, robots_cache)
            if result.error:
                return None
        response = _get_with_retries(target, fetcher, result)
        if response is None:
            return None
        location = response.headers.get("location")
        if response.status_code not in REDIRECT_STATUSES or not location:
            result.redirects = hop
            return response
        response.close()
        url = str(target.url.join(location).copy_with(fragment=None))
        result.attempts = 0
    result.redirects = fetcher.settings.max_redirects + 1
    result.error = ConversionError(
        "too_many_redirects", f"more than {fetcher.settings.max_redirects} redirects")
    return None


def _get_with_retries(target: Target, fetcher: _Fetcher,
                      result: FetchResult) -> httpx.Response | None:
    """One hop's GET, retried with backoff on connection errors, 429 and 5xx.

    A `Retry-After` is honoured when it fits in the deadline; when it does not, the
    response is returned as it is (429 becomes `blocked`, 5xx `http_error`).
    """
    retries = fetcher.settings.fetch_retries
    for attempt in range(retries + 1):
        result.attempts += 1
        outcome = _send(target, fetcher)
        last = attempt == retries
        backoff = min(BACKOFF_BASE_S * 2**attempt, BACKOFF_MAX_S)
        if isinstance(outcome, httpx.Response):
            if outcome.status_code not in RETRY_STATUSES or last \
                    or "cf-mitigated" in outcome.headers:  # a challenge: asking again won't help
                return outcome
            asked = _retry_after_s(outcome.headers.get("retry-after"))
            wait = backoff if asked is None else asked
            if wait >= fetcher.deadline.remaining():
                return outcome
            outcome.close()
        else:
            wait = backoff
            if outcome.code != "fetch_failed" or last or wait >= fetcher.deadline.remaining():
                result.error = outcome
                return None
        fetcher.sleep(wait)
    return None


def _retry_after_s(value: str | None) -> float | None:
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def _send(target: Target, fetcher: _Fetcher) -> httpx.Response | ConversionError:
    """GET `target` at each of its checked addresses until one connects."""
    settings = fetcher.settings
    request_headers = {"Host": target.url.netloc.decode("ascii"),
                       "User-Agent": settings.user_agent, "Accept": ACCEPT,
                       "Accept-Encoding": ACCEPT_ENCODING, **fetcher.extra_headers}
    extensions = {"sni_hostname": target.host} if target.url.scheme == "https" else {}
    error = ConversionError("fetch_failed", f"no address to connect to for {target.host}")
    for address in target.addresses:
        if fetcher.deadline.remaining() <= 0:
            return ConversionError("timeout", f"the {settings.fetch_timeout_s:g} s deadline "
                                              "ran out")
        request = fetcher.client.build_request(
            "GET", target.url.copy_with(host=str(address), fragment=None),
            headers=request_headers, extensions=extensions,
            timeout=fetcher.deadline.timeout(settings.connect_timeout_s))
        try:
            return fetcher.client.send(request, stream=True)
        except httpx.TimeoutException as exc:
            if isinstance(exc, httpx.ConnectTimeout) and fetcher.deadline.remaining() > 0:
                error = ConversionError("fetch_failed", f"connecting to {address} timed out")
                continue
            return ConversionError("timeout", f"{target.host}: {type(exc).__name__}")
        except httpx.RemoteProtocolError as exc:
            if "location header" in str(exc):  # httpx vets a Location before we see it
                return ConversionError("bad_url", f"redirect to an invalid URL: {exc}")
            error = ConversionError("fetch_failed", f"{target.host} ({address}): {exc}")
        except (httpx.TransportError, OSError) as exc:
            error = ConversionError("fetch_failed", f"{target.host} ({address}): "
                                                    f"{type(exc).__name__}: {exc}")
    return error


def _status_error(status: int, result: FetchResult) -> ConversionError | None:
    if status == 304:
        return ConversionError("not_modified", "304: unchanged since the validators given")
    if status in BLOCKED_STATUSES or "cf-mitigated" in result.headers:
        tries = f" after {result.attempts} tries" if status == 429 else ""
        return ConversionError("blocked", f"the server answered {status}{tries}")
    if status in REDIRECT_STATUSES:
        return ConversionError("http_error", f"{status} redirect without a Location")
    if not 200 <= status < 300:
        # A client error (404, 410, ...) answers the same on retry; timeouts and 5xx may not.
        return ConversionError("http_error", f"the server answered {status}",
                               retry=status >= 500 or status in RETRYABLE_CLIENT_STATUSES)
    return None


def _read_and_route(response: httpx.Response, result: FetchResult,
                    fetcher: _Fetcher) -> ConversionError | None:
    """Read the body under the caps, then route it by type and classify HTML."""
    mimetype, _ = parse_content_type(result.content_type)
    if mimetype and mimetype not in HTML_TYPES | PDF_TYPES | _SNIFFED_TYPES:
        return ConversionError("unsupported_type", f"content type {mimetype} is not HTML "
                                                   "or PDF")
    body = read_body(response, fetcher.deadline, fetcher.settings.fetch_max_bytes)
    if isinstance(body, ConversionError):
        return body
    result.body = body
    info = StreamInfo.from_hints(url=None, content_type=result.content_type, filename=None)
    doc_type = sniff(body[:4096], info) if body.strip() else "html"
    if doc_type not in ("html", "pdf"):
        return ConversionError("unsupported_type", f"the body of type {mimetype or 'unknown'}"
                                                   " is neither HTML nor PDF")
    result.doc_type = doc_type
    if doc_type == "html":
        verdict = classify_html(body)
        result.verdict = verdict.kind
        if verdict.kind != "ok":
            return ConversionError(verdict.kind, verdict.reason)
    return None


# Types that say nothing definite: the bytes decide (a PDF served as octet-stream).
_SNIFFED_TYPES = frozenset({"application/octet-stream", "binary/octet-stream",
                            "application/download", "application/x-download"})


def read_body(response: httpx.Response, deadline: Deadline, cap: int, *,
              truncate: bool = False) -> bytes | ConversionError:
    """The response body with its content coding removed, at most `cap` bytes.

    Streamed: stops reading as soon as the wire bytes or the decoded bytes pass `cap`
    (`too_large`, so a compression bomb costs at most `cap` bytes of memory; with
    `truncate`, the first `cap` bytes instead) or the deadline runs out (`timeout`).
    An unknown or broken coding is `fetch_failed`.
    """
    declared = response.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > cap and not truncate:
        return ConversionError("too_large", f"Content-Length {declared} is over the {cap} "
                                            "byte cap")
    decoder = ContentDecoder.for_header(response.headers.get("content-encoding", ""), cap)
    if isinstance(decoder, ConversionError):
        return decoder
    received = 0
    try:
        for chunk in response.iter_raw():  # as it arrives, so the deadline is checked
            received += len(chunk)
            if received > cap and not truncate:
                return ConversionError("too_large", f"the body is over the {cap} byte cap")
            decoder.feed(chunk)
            if received > cap:
                return decoder.output()[:cap]
            if deadline.remaining() <= 0:
                return ConversionError("timeout", "the deadline ran out reading the body")
        return decoder.finish()
    except TooLarge:
        if truncate:
            return decoder.output()[:cap]
        return ConversionError("too_large", f"the decoded body is over the {cap} byte cap")
    except (zlib.error, brotli.error) as exc:
        return ConversionError("fetch_failed", f"broken content coding: {exc}")
    except httpx.TimeoutException:
        return ConversionError("timeout", "the deadline ran out reading the body")
    except httpx.TransportError as exc:
        return ConversionError("fetch_failed", f"the body broke off: {type(exc).__name__}")


def _robots_error(target: Target, fetcher: _Fetcher,
                  cache: RobotsCache) -> ConversionError | None:
    """`robots_disallowed` when the host's robots.txt forbids `target` for our agent."""
    origin = f"{target.url.scheme}://{target.url.netloc.decode('ascii')}"
    rules = cache.get(origin)
    if rules is None:
        rules = _fetch_robots(origin, fetcher)
        if isinstance(rules, ConversionError):
            return rules
        cache.put(origin, rules)
    path = target.url.raw_path.decode("ascii")
    if rules.allows(fetcher.settings.user_agent, path):
        return None
    return ConversionError("robots_disallowed", f"robots.txt of {origin} disallows {path}")


def _fetch_robots(origin: str, fetcher: _Fetcher) -> RobotsRules | ConversionError:
    """RFC 9309: 4xx means no rules; an answer we cannot read (5xx, network) fails the
    fetch with that error rather than guessing either way."""
    robots_settings = fetcher.settings.replace(max_redirects=5, fetch_max_bytes=MAX_ROBOTS_BYTES)
    sub = _Fetcher(fetcher.client, robots_settings, fetcher.resolver, fetcher.deadline,
                   fetcher.sleep, {})
    result = FetchResult(url=origin + "/robots.txt", final_url=origin + "/robots.txt")
    response = _follow(result, sub, None)
    if response is None:
        assert result.error is not None
        if result.error.code in ("fetch_failed", "timeout"):  # the host, not its robots.txt
            return result.error
        return ConversionError(result.error.code, f"robots.txt: {result.error.message}",
                               retry=result.error.retry)
    try:
        if 400 <= response.status_code < 500:
            return RobotsRules.allow_all()
        if response.status_code >= 300:
            return ConversionError("http_error", f"robots.txt answered {response.status_code}")
        body = read_body(response, fetcher.deadline, MAX_ROBOTS_BYTES, truncate=True)
    finally:
        response.close()
    if isinstance(body, ConversionError):
        return body
    return RobotsRules.parse(body.decode("utf-8", "replace"))  # the first 500 KB (RFC 9309)


def preflight(url: str, *, settings: Settings = DEFAULT_SETTINGS,
              respect_robots: bool | None = None, resolver: Resolver = system_resolver,
              robots_cache: RobotsCache | None = None) -> ConversionError | None:
    """Whether `url` may be requested at all, without requesting it: the guard, then
    robots.txt (fetched and cached). None when allowed, else the error (bad_url,
    forbidden_address, robots_disallowed, or what fetching robots.txt ran into)."""
    target = check_url(url, allow_loopback=settings.allow_loopback, resolver=resolver)
    if isinstance(target, ConversionError):
        return target
    if not (settings.respect_robots if respect_robots is None else respect_robots):
        return None
    with new_client() as client:
        fetcher = _Fetcher(client, settings, resolver, Deadline(settings.fetch_timeout_s),
                           time.sleep, {})
        return _robots_error(target, fetcher,
                             robots_cache if robots_cache is not None else DEFAULT_ROBOTS_CACHE)
