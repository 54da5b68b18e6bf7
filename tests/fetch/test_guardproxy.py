"""The guard proxy a launched browser must use, driven by a plain HTTP client."""

from __future__ import annotations

import httpx
import pytest
from fetch_site import ARTICLE, Site

from webfold.web.guardproxy import GuardProxy


def through(proxy: GuardProxy, url: str) -> httpx.Response:
    with httpx.Client(proxy=f"http://127.0.0.1:{proxy.port}", trust_env=False,
                      follow_redirects=False, timeout=5) as client:
        return client.get(url)


def test_allowed_requests_are_forwarded_to_the_checked_address(site: Site) -> None:
    with GuardProxy(allow_loopback=True,
                    resolver=lambda host, port: ["127.0.0.1"]) as proxy:
        response = through(proxy, f"http://named.test:{site.port}/article?x=1")
    assert response.status_code == 200 and response.content == ARTICLE.encode()
    assert site.headers["/article"]["host"] == f"named.test:{site.port}"
    assert "proxy-connection" not in site.headers["/article"]
    assert proxy.blocked == []


@pytest.mark.parametrize("url", ["http://10.0.0.1/admin", "http://169.254.169.254/latest/",
                                 "http://[::ffff:192.168.0.1]/", "http://2130706433/"])
def test_internal_addresses_get_a_403_and_are_listed(url: str) -> None:
    with GuardProxy() as proxy:
        response = through(proxy, url)
    assert response.status_code == 403 and b"webfold guard" in response.content
    assert len(proxy.blocked) == 1  # (httpx writes an IPv6 host without its brackets)


def test_loopback_needs_allow_loopback_and_the_proxy_never_reaches_itself(site: Site) -> None:
    with GuardProxy() as proxy:
        assert through(proxy, site.url("/article")).status_code == 403
    with GuardProxy(allow_loopback=True) as proxy:
        assert through(proxy, f"http://127.0.0.1:{proxy.port}/").status_code == 403


def test_tunnels_to_internal_addresses_are_refused() -> None:
    with GuardProxy() as proxy, pytest.raises(httpx.ProxyError):
        through(proxy, "https://169.254.169.254/")
    assert proxy.blocked == ["169.254.169.254:443"]
