"""The server-side request forgery guard: which URLs and addresses may be fetched.

Pure except for `system_resolver`, the one DNS edge, which callers may replace. Every
hop of a fetch (and every request a rendered page makes) goes through `check_url`,
and the connection then goes to the exact address that was checked, so a second DNS
answer cannot rebind the host to an internal address.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

import httpx

from webfold.errors import ConversionError

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
# host, port -> the addresses the host resolves to (as strings). Raises OSError on failure.
Resolver = Callable[[str, int], Sequence[str]]

ALLOWED_SCHEMES = ("http", "https")
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_IPV4_COMPATIBLE = ipaddress.ip_network("::/96")


@dataclass(frozen=True, slots=True)
class Target:
    """A URL that passed the guard, with the addresses it may be connected to."""

    url: httpx.URL
    host: str  # as written in the URL, lowercased, no brackets
    port: int
    addresses: tuple[IPAddress, ...]


def system_resolver(host: str, port: int) -> list[str]:
    """The operating system's answer for `host` (all families), in its order."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    seen: list[str] = []
    for info in infos:
        addr = str(info[4][0])
        if addr not in seen:
            seen.append(addr)
    return seen


def parse_url(url: str) -> httpx.URL | ConversionError:
    """`url` as an absolute http(s) URL with a host, or a `bad_url` error."""
    try:
        parsed = httpx.URL(url.strip())
    except (httpx.InvalidURL, TypeError, ValueError) as exc:
        return ConversionError("bad_url", f"not a valid URL: {exc}")
    if parsed.scheme not in ALLOWED_SCHEMES:
        return ConversionError("bad_url", f"only http and https URLs are fetched, not "
                                          f"{parsed.scheme or 'a relative URL'!r}")
    if not parsed.host:
        return ConversionError("bad_url", "the URL has no host")
    return parsed


def ip_literal(host: str) -> IPAddress | None:
    """The address `host` denotes without DNS, in every form a resolver accepts.

    Besides dotted quads and IPv6 this reads the inet_aton forms that resolvers and
    browsers honour: `2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1`.
    """
    host = unquote(host).strip("[]").rstrip(".").lower()  # browsers decode %31 in hosts
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    return _inet_aton(host)


def _inet_aton(host: str) -> ipaddress.IPv4Address | None:
    parts = host.split(".")
    if not 1 <= len(parts) <= 4:
        return None
    numbers: list[int] = []
    for part in parts:
        try:
            if part.startswith(("0x", "0X")):
                numbers.append(int(part[2:] or "0", 16))
            elif len(part) > 1 and part.startswith("0"):
                numbers.append(int(part, 8))
            else:
                numbers.append(int(part, 10))
        except ValueError:
            return None
    *head, last = numbers
    if any(n > 255 for n in head) or last >= 256 ** (5 - len(numbers)):
        return None
    value = last
    for i, n in enumerate(head):
        value |= n << (24 - 8 * i)
    return ipaddress.IPv4Address(value)


def refusal(address: IPAddress, *, allow_loopback: bool = False) -> str | None:
    """Why `address` must not be connected to, or None when it is a public address.

    IPv6 forms that carry an IPv4 address (mapped, compatible, 6to4, NAT64, Teredo)
    are judged by the IPv4 address they carry as well. `allow_loopback` lets exactly
    127.0.0.0/8 and ::1 through.
    """
    embedded = _embedded_ipv4(address)
    if embedded is not None:
        inner = refusal(embedded, allow_loopback=allow_loopback)
        if inner:
            return f"{inner} (embedded in {address})"
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
            return None  # a mapped address is exactly the IPv4 address it carries
    if address.is_loopback:
        return None if allow_loopback else "loopback"
    for name in ("unspecified", "multicast", "link_local", "private", "reserved"):
        if getattr(address, f"is_{name}"):
            return name.replace("_", "-")
    if isinstance(address, ipaddress.IPv6Address) and address.is_site_local:
        return "site-local"
    if not address.is_global:
        return "not globally routable"
    return None


def _embedded_ipv4(address: IPAddress) -> ipaddress.IPv4Address | None:
    if not isinstance(address, ipaddress.IPv6Address):
        return None
    if address.ipv4_mapped:
        return address.ipv4_mapped
    if address.sixtofour:
        return address.sixtofour
    if address.teredo:
        return address.teredo[1]
    if address in _NAT64 or (address in _IPV4_COMPATIBLE and int(address) > 1):
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return None


def check_url(url: str, *, allow_loopback: bool = False,
              resolver: Resolver = system_resolver) -> Target | ConversionError:
    """Parse, resolve and vet `url` before anything connects to it.

    Returns a `Target` whose addresses are all allowed, or an error: `bad_url` (not an
    absolute http(s) URL), `forbidden_address` (a literal or ANY resolved address is
    internal), `fetch_failed` (the name does not resolve).
    """
    parsed = parse_url(url)
    if isinstance(parsed, ConversionError):
        return _refused_literal(url, allow_loopback) or parsed
    host = parsed.raw_host.decode("ascii").lower()  # IDNA-encoded, what DNS sees
    port = parsed.port or (443 if parsed.scheme == "https" else 80)
    literal = ip_literal(host)
    if literal is not None:
        addresses: list[IPAddress] = [literal]
    else:
        try:
            answers = resolver(host, port)
            addresses = [ipaddress.ip_address(a.split("%", 1)[0]) for a in answers]
        except (OSError, UnicodeError, ValueError) as exc:
            return ConversionError("fetch_failed", f"cannot resolve {host}: {exc}")
        if not addresses:
            return ConversionError("fetch_failed", f"{host} resolves to no address")
    for address in addresses:
        reason = refusal(address, allow_loopback=allow_loopback)
        if reason:
            return ConversionError("forbidden_address",
                                   f"{host} is {address}, a {reason} address")
    return Target(url=parsed, host=host, port=port, addresses=tuple(addresses))


def _refused_literal(url: str, allow_loopback: bool) -> ConversionError | None:
    # httpx rejects some spellings a browser accepts (0177.0.0.1); name the real problem.
    try:
        parts = urlsplit(url.strip())
        host = parts.hostname if parts.scheme.lower() in ALLOWED_SCHEMES else None
    except ValueError:
        return None
    literal = ip_literal(host) if host else None
    reason = refusal(literal, allow_loopback=allow_loopback) if literal else None
    if reason:
        return ConversionError("forbidden_address", f"{host} is {literal}, a {reason} address")
    return None

