"""fetch_url against a real HTTP server on 127.0.0.1."""

from __future__ import annotations

import pytest
from fetch_site import ARTICLE, KOI8_PAGE, Site

from webfold.settings import Settings
from webfold.web.fetch import FetchResult, RobotsCache, Validators, fetch_url


def fetch(url: str, settings: Settings, **kwargs: object) -> FetchResult:
    kwargs.setdefault("robots_cache", RobotsCache())
    return fetch_url(url, settings=settings, **kwargs)  # type: ignore[arg-type]


def code(result: FetchResult) -> str | None:
    return result.error.code if result.error else None


def test_a_page_comes_back_with_its_facts(site: Site, settings: Settings) -> None:
    result = fetch(site.url("/article"), settings)
    assert result.ok, result.error
    assert result.status == 200 and result.doc_type == "html" and result.verdict == "ok"
    assert result.body == ARTICLE.encode()
    assert result.redirects == 0 and result.final_url == site.url("/article")
    seen = site.headers["/article"]
    assert seen["user-agent"] == settings.user_agent
    assert seen["host"] == f"127.0.0.1:{site.port}"


def test_user_agent_is_configurable(site: Site, settings: Settings) -> None:
    fetch(site.url("/xhtml"), settings.replace(user_agent="TestAgent/9"))
    assert site.headers["/xhtml"]["user-agent"] == "TestAgent/9"


def test_the_host_is_resolved_once_and_the_checked_address_is_used(
        site: Site, settings: Settings) -> None:
    answers = iter([["127.0.0.1"], ["10.0.0.1"]])  # a rebinding DNS: public first, then not
    calls: list[str] = []

    def rebinding(host: str, port: int) -> list[str]:
        calls.append(host)
        return next(answers)
    result = fetch(f"http://pinned.test:{site.port}/article", settings, resolver=rebinding,
                   respect_robots=False)
    assert result.ok, result.error
    assert calls == ["pinned.test"]
    assert f"pinned.test:{site.port}" in site.hosts  # the Host header keeps the name


def test_a_name_resolving_to_loopback_is_refused_before_any_connection(
        site: Site, settings: Settings) -> None:
    before = sum(site.hits.values())
    result = fetch(f"http://internal.test:{site.port}/article", settings.replace(
        allow_loopback=False), resolver=lambda h, p: ["127.0.0.1"])
    assert code(result) == "forbidden_address"
    assert sum(site.hits.values()) == before


@pytest.mark.parametrize("path", ["/to-private", "/to-metadata", "/to-decimal", "/to-mapped",
                                  "/to-scheme-relative", "/to-userinfo"])
def test_a_redirect_to_an_internal_address_is_refused(site: Site, settings: Settings,
                                                      path: str) -> None:
    result = fetch(site.url(path), settings)
    assert code(result) == "forbidden_address"
    assert result.final_url != site.url(path)  # it is the refused hop


@pytest.mark.parametrize("path", ["/to-ftp", "/to-garbage"])
def test_a_redirect_to_another_scheme_or_garbage_is_bad_url(site: Site, settings: Settings,
                                                            path: str) -> None:
    assert code(fetch(site.url(path), settings)) == "bad_url"


def test_ten_redirects_are_followed_eleven_are_too_many(site: Site, settings: Settings) -> None:
    ten = fetch(site.url("/chain/9"), settings)  # /chain/9 .. /chain/0 -> /article: 10 hops
    assert ten.ok and ten.redirects == 10 and ten.final_url == site.url("/article")
    eleven = fetch(site.url("/chain/10"), settings)
    assert code(eleven) == "too_many_redirects"


def test_a_redirect_without_location_is_http_error(site: Site, settings: Settings) -> None:
    assert code(fetch(site.url("/no-location"), settings)) == "http_error"


def test_robots_txt_disallows_and_can_be_overridden(site: Site, settings: Settings) -> None:
    cache = RobotsCache()
    assert code(fetch(site.url("/private/page"), settings, robots_cache=cache)) == \
        "robots_disallowed"
    assert fetch(site.url("/private/page"), settings, robots_cache=cache,
                 respect_robots=False).ok
    assert code(fetch(site.url("/article"), settings.replace(user_agent="OtherBot/1"),
                      robots_cache=RobotsCache())) == "robots_disallowed"


def test_a_huge_robots_txt_is_read_up_to_500_kb(site: Site, settings: Settings) -> None:
    def resolve(host: str, port: int) -> list[str]:
        return ["127.0.0.1"]
    big = f"http://big-robots.test:{site.port}"
    assert code(fetch(f"{big}/private/page", settings, resolver=resolve)) == "robots_disallowed"
    assert fetch(f"{big}/article", settings, resolver=resolve).ok  # its rule is past 500 KB


def test_robots_txt_is_fetched_once_per_host(site: Site, settings: Settings) -> None:
    cache = RobotsCache()
    before = site.hits["/robots.txt"]
    for path in ("/article", "/xhtml", "/cp1252"):
        assert fetch(site.url(path), settings, robots_cache=cache).ok
    assert site.hits["/robots.txt"] == before + 1


def test_the_deadline_ends_a_slow_response(site: Site, settings: Settings) -> None:
    # the page would arrive after 3 s; the 0.5 s deadline ends the fetch first
    result = fetch(site.url("/slow?s=3"), settings.replace(fetch_timeout_s=0.5),
                   respect_robots=False)
    assert code(result) == "timeout"


def test_the_deadline_ends_a_dripping_body(site: Site, settings: Settings) -> None:
    result = fetch(site.url("/drip"), settings.replace(fetch_timeout_s=0.6),
                   respect_robots=False)
    assert code(result) == "timeout"


def test_an_endless_body_stops_at_the_cap(site: Site, settings: Settings) -> None:
    result = fetch(site.url("/endless"), settings.replace(fetch_max_bytes=200_000))
    assert code(result) == "too_large"
    assert result.body == b""


def test_a_declared_length_over_the_cap_is_not_read(site: Site, settings: Settings) -> None:
    assert code(fetch(site.url("/big-declared"), settings)) == "too_large"


@pytest.mark.parametrize("coding", ["gzip", "deflate", "raw-deflate", "br"])
def test_content_codings_are_decoded(site: Site, settings: Settings, coding: str) -> None:
    result = fetch(site.url(f"/coded/{coding}"), settings)
    assert result.ok, result.error
    assert result.body == ARTICLE.encode()


@pytest.mark.parametrize("coding", ["gzip", "deflate", "br"])
def test_compression_bombs_stop_at_the_decoded_cap(site: Site, settings: Settings,
                                                   coding: str) -> None:
    result = fetch(site.url(f"/bomb/{coding}"), settings)  # 10 MB of zeros, cap 1 MB
    assert code(result) == "too_large"


def test_429_is_retried_honouring_retry_after(site: Site, settings: Settings) -> None:
    waits: list[float] = []
    result = fetch(site.url("/flaky?id=r429&fail=2&status=429&retry=1"), settings,
                   sleep=waits.append)
    assert result.ok, result.error
    assert result.attempts == 3 and waits == [1.0, 1.0]


def test_5xx_is_retried_with_backoff(site: Site, settings: Settings) -> None:
    waits: list[float] = []
    result = fetch(site.url("/flaky?id=r503&fail=2&status=503"), settings, sleep=waits.append)
    assert result.ok and result.attempts == 3
    assert waits[0] > 0 and waits[1] == 2 * waits[0]


def test_connection_errors_are_retried(site: Site, settings: Settings) -> None:
    result = fetch(site.url("/flaky?id=drop&fail=1&status=drop"), settings, sleep=lambda s: None)
    assert result.ok, result.error
    assert result.attempts == 2


def test_429_after_the_retries_is_blocked(site: Site, settings: Settings) -> None:
    result = fetch(site.url("/flaky?id=always429&fail=99&status=429&retry=0"), settings,
                   sleep=lambda s: None)
    assert code(result) == "blocked" and result.status == 429
    assert result.attempts == settings.fetch_retries + 1


def test_a_retry_after_past_the_deadline_is_not_waited_for(site: Site,
                                                           settings: Settings) -> None:
    waits: list[float] = []
    result = fetch(site.url("/flaky?id=late&fail=9&status=503&retry=3600"), settings,
                   sleep=waits.append)
    assert code(result) == "http_error" and result.status == 503
    assert waits == [] and result.attempts == 1


def test_a_port_nobody_listens_on_is_fetch_failed(settings: Settings) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # bound but not listening: connections are refused
        result = fetch(f"http://127.0.0.1:{port}/", settings, sleep=lambda s: None,
                       respect_robots=False)
    assert code(result) == "fetch_failed" and result.attempts == settings.fetch_retries + 1


@pytest.mark.parametrize(("path", "expected"), [
    ("/forbidden", "blocked"), ("/challenge-403", "blocked"), ("/missing", "http_error"),
    ("/challenge-503", "blocked"),  # a bot wall behind a 5xx is still a bot wall
    ("/flaky?id=outage&fail=9&status=503", "http_error"),  # an outage is not
])
def test_error_statuses(site: Site, settings: Settings, path: str, expected: str) -> None:
    assert code(fetch(site.url(path), settings, sleep=lambda s: None)) == expected


@pytest.mark.parametrize(("path", "retryable"), [
    ("/missing", False),  # a 404 answers the same tomorrow
    ("/flaky?id=outage2&fail=9&status=503", True),
    ("/flaky?id=slow408&fail=9&status=408", True),
])
def test_http_errors_say_whether_a_retry_can_help(site: Site, settings: Settings, path: str,
                                                  retryable: bool) -> None:
    error = fetch(site.url(path), settings, sleep=lambda s: None).error
    assert error is not None and error.code == "http_error"
    assert error.retryable is retryable and error.to_dict()["retryable"] is retryable


def test_a_cloudflare_challenge_header_is_blocked_without_retrying(site: Site,
                                                                   settings: Settings) -> None:
    result = fetch(site.url("/cf-mitigated"), settings, sleep=lambda s: None)
    assert code(result) == "blocked" and result.attempts == 1


def test_conditional_requests_and_304(site: Site, settings: Settings) -> None:
    first = fetch(site.url("/etag"), settings)
    assert first.ok and first.validators == Validators('"v1"', "Sun, 29 Nov 2026 10:00:00 GMT")
    again = fetch(site.url("/etag"), settings, validators=first.validators)
    assert code(again) == "not_modified" and again.status == 304
    assert site.headers["/etag"]["if-none-match"] == '"v1"'
    by_date = fetch(site.url("/etag/lm"), settings,
                    validators=Validators(last_modified="Sun, 29 Nov 2026 10:00:00 GMT"))
    assert code(by_date) == "not_modified"
    assert not first.error and not again.error.retryable  # type: ignore[union-attr]


@pytest.mark.parametrize(("path", "doc_type"), [
    ("/article", "html"), ("/xhtml", "html"), ("/pdf", "pdf"), ("/pdf-octet", "pdf"),
    ("/report.html", "pdf"),  # a PDF body sent as text/html: the bytes win
])
def test_the_type_routes_the_body(site: Site, settings: Settings, path: str,
                                  doc_type: str) -> None:
    result = fetch(site.url(path), settings)
    assert result.ok, result.error
    assert result.doc_type == doc_type


@pytest.mark.parametrize("path", ["/json", "/png"])
def test_other_types_are_unsupported(site: Site, settings: Settings, path: str) -> None:
    assert code(fetch(site.url(path), settings)) == "unsupported_type"


@pytest.mark.parametrize(("path", "verdict"), [
    ("/challenge", "blocked"), ("/datadome", "blocked"), ("/shell", "empty"),
    ("/captcha-article", "ok"),
])
def test_pages_are_classified(site: Site, settings: Settings, path: str, verdict: str) -> None:
    result = fetch(site.url(path), settings)
    assert result.verdict == verdict
    assert code(result) == (None if verdict == "ok" else verdict)
    assert result.body  # a blocked or empty page keeps its body for the caller


def test_koi8_bytes_arrive_untouched(site: Site, settings: Settings) -> None:
    result = fetch(site.url("/koi8"), settings)
    assert result.body == KOI8_PAGE.encode("koi8_r")
    assert result.content_type == "text/html; charset=koi8-r"
