"""The SSRF guard on literal and resolved addresses, in every spelling a resolver takes."""

from __future__ import annotations

import ipaddress

import pytest

from webfold.errors import ConversionError
from webfold.web.urlguard import Target, check_url, ip_literal, refusal


def resolver_for(table: dict[str, list[str]]):
    def resolve(host: str, port: int) -> list[str]:
        if host not in table:
            raise OSError(f"unknown host {host}")
        return table[host]
    return resolve


def refused(url: str, **kwargs: object) -> ConversionError:
    result = check_url(url, **kwargs)  # type: ignore[arg-type]
    assert isinstance(result, ConversionError), f"{url} was let through: {result}"
    return result


@pytest.mark.parametrize("url", [
    "http://127.0.0.1/", "http://127.8.9.10:8080/", "http://10.0.0.1/", "http://172.16.5.4/",
    "http://192.168.1.1/", "http://169.254.169.254/latest/meta-data/", "http://0.0.0.0/",
    "http://100.64.0.1/", "http://224.0.0.1/", "http://240.0.0.1/", "http://255.255.255.255/",
    "http://[::1]/", "http://[::]/", "http://[fe80::1]/", "http://[fc00::1]/",
    "http://[fd00:ec2::254]/", "http://[ff02::1]/", "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:10.0.0.1]/", "http://[::ffff:a9fe:a9fe]/", "http://[64:ff9b::a00:1]/",
    "http://[2002:a00:1::]/", "http://[::127.0.0.1]/",
    # inet_aton spellings of 127.0.0.1 and 10.0.0.1 that resolvers and browsers accept
    "http://2130706433/", "http://0x7f000001/", "http://0177.0.0.1/", "http://0x7f.1/",
    "http://127.1/", "http://017700000001/", "http://167772161/", "http://012.0.0.1/",
    "https://127.0.0.1./",
    # parser confusion: userinfo, fragments, case, full-width dots, percent-encoding
    "http://example.com@127.0.0.1/", "http://user:pw@10.0.0.1/", "http://127.0.0.1#@example.com/",
    "HTTP://127.0.0.1/", "http://0/", "http://127.000.000.001/", "http://127。0。0。1/",
    "http://%31%32%37.0.0.1/", "http://0x7f.0x0.0x0.0x1/", "http://[0:0:0:0:0:ffff:127.0.0.1]/",
    "http://[fe80::1%25eth0]/",
])
def test_literal_internal_addresses_are_refused(url: str) -> None:
    assert refused(url).code == "forbidden_address"


@pytest.mark.parametrize(("host", "expected"), [
    ("2130706433", "127.0.0.1"), ("0x7f.1", "127.0.0.1"), ("0177.0.0.01", "127.0.0.1"),
    ("10.1", "10.0.0.1"), ("192.168.257", "192.168.1.1"), ("::ffff:7f00:1", "::ffff:7f00:1"),
    ("example.com", None), ("1.2.3.4.5", None), ("256.1.1.1", None), ("0x", "0.0.0.0"),
    ("08.1.1.1", None),
])
def test_ip_literal_reads_what_resolvers_read(host: str, expected: str | None) -> None:
    got = ip_literal(host)
    assert (str(got) if got else None) == expected


@pytest.mark.parametrize("answers", [
    ["10.0.0.5"], ["192.168.0.10"], ["::1"], ["fe80::1%eth0"], ["::ffff:192.168.0.1"],
    ["93.184.216.34", "10.0.0.5"],  # one bad address among good ones is enough to refuse
    ["2606:2800:220:1:248:1893:25c8:1946", "fc00::7"],
])
def test_resolved_internal_addresses_are_refused(answers: list[str]) -> None:
    error = refused("https://intranet.example/", resolver=resolver_for({"intranet.example":
                                                                          answers}))
    assert error.code == "forbidden_address"
    assert "intranet.example" in error.message


def test_localhost_by_name_is_refused_through_the_system_resolver() -> None:
    error = refused("http://localhost:8080/")
    assert error.code == "forbidden_address" and "loopback" in error.message


def test_public_addresses_pass_and_are_the_ones_to_connect_to() -> None:
    result = check_url("https://www.example.org:8443/a?b=1",
                       resolver=resolver_for({"www.example.org": ["93.184.216.34",
                                                                  "2606:2800:220:1::1"]}))
    assert isinstance(result, Target)
    assert result.port == 8443 and result.host == "www.example.org"
    assert [str(a) for a in result.addresses] == ["93.184.216.34", "2606:2800:220:1::1"]


def test_a_literal_public_address_needs_no_resolver() -> None:
    def no_dns(host: str, port: int) -> list[str]:
        raise AssertionError("resolved a literal")
    assert isinstance(check_url("http://8.8.8.8/", resolver=no_dns), Target)
    assert isinstance(check_url("http://[::ffff:8.8.8.8]/", resolver=no_dns), Target)


def test_idn_hosts_are_resolved_in_their_ascii_form() -> None:
    seen: list[str] = []

    def resolve(host: str, port: int) -> list[str]:
        seen.append(host)
        return ["93.184.216.34"]
    assert isinstance(check_url("http://bücher.example/", resolver=resolve), Target)
    assert seen == ["xn--bcher-kva.example"]


@pytest.mark.parametrize("url", ["http://127.0.0.1/", "http://127.9.9.9/", "http://[::1]/",
                                 "http://2130706433/", "http://[::ffff:127.0.0.1]/"])
def test_allow_loopback_lets_loopback_through(url: str) -> None:
    assert isinstance(check_url(url, allow_loopback=True), Target)


@pytest.mark.parametrize("url", ["http://10.0.0.1/", "http://169.254.169.254/", "http://0.0.0.0/",
                                 "http://[fe80::1]/", "http://192.168.0.1/", "http://[::]/",
                                 "http://[::ffff:10.0.0.1]/"])
def test_allow_loopback_lets_nothing_else_through(url: str) -> None:
    assert refused(url, allow_loopback=True).code == "forbidden_address"


@pytest.mark.parametrize("url", ["ftp://example.com/", "file:///etc/passwd", "javascript:alert(1)",
                                 "gopher://127.0.0.1:25/", "/relative/path", "not a url",
                                 "http://", "http://[::1/"])
def test_non_http_or_malformed_urls_are_bad_url(url: str) -> None:
    assert refused(url).code == "bad_url"


def test_a_name_that_does_not_resolve_is_fetch_failed() -> None:
    assert refused("http://nowhere.invalid/", resolver=resolver_for({})).code == "fetch_failed"


@pytest.mark.parametrize(("address", "reason"), [
    ("127.0.0.1", "loopback"), ("10.1.2.3", "private"), ("169.254.1.1", "link-local"),
    ("224.1.1.1", "multicast"), ("0.0.0.0", "unspecified"), ("::ffff:10.0.0.1", "private"),
    ("100.100.100.100", "not globally routable"),
])
def test_refusal_names_the_reason(address: str, reason: str) -> None:
    assert reason in (refusal(ipaddress.ip_address(address)) or "")
