"""A forward proxy on 127.0.0.1 that applies the SSRF guard to everything a browser does.

Chromium launched with `--proxy-server` pointing here (and `<-loopback>` so that
loopback goes through it too) sends every connection through this proxy: the page,
each sub-request, every redirect hop, WebSockets, service workers. Each one is vetted by
`webfold.web.urlguard.check_url` and connected to the exact address that was checked, so
neither a redirect nor a second DNS answer can reach an internal address. Refused
connections get a 403 and are listed in `blocked`.

Plain HTTP requests are forwarded one per connection (`Connection: close`), which keeps
the proxy a byte pipe: it never parses a response.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Iterator

from webfold.errors import ConversionError
from webfold.web.urlguard import Resolver, Target, check_url, system_resolver

MAX_HEAD_BYTES = 65_536
CONNECT_TIMEOUT_S = 10.0
_REFUSAL = b"refused by the webfold guard"
_REFUSED = (b"HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n"
            b"Connection: close\r\n\r\n%s" % (len(_REFUSAL), _REFUSAL))
_BAD_GATEWAY = b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
_HOP_HEADERS = (b"proxy-connection", b"connection", b"keep-alive", b"proxy-authorization")


class GuardProxy:
    """Start with `with GuardProxy(...) as proxy:`; `proxy.port` is where it listens."""

    def __init__(self, *, allow_loopback: bool = False,
                 resolver: Resolver = system_resolver) -> None:
        self.allow_loopback = allow_loopback
        self.resolver = resolver
        self.blocked: list[str] = []
        self._server = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._server.getsockname()[1]
        self._closed = threading.Event()

    def __enter__(self) -> GuardProxy:
        threading.Thread(target=self._accept, daemon=True, name="guard-proxy").start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._closed.set()
        self._server.close()

    def _accept(self) -> None:
        while not self._closed.is_set():
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        with client, contextlib.suppress(OSError):  # either side may hang up at any point
            head = _read_head(client)
            if head is None:
                return
            head, rest = head
            request_line, _, headers = head.partition(b"\r\n")
            parts = request_line.split(b" ")
            if len(parts) != 3:
                return
            method, target, version = parts
            if method == b"CONNECT":
                url = f"https://{target.decode('latin-1')}/"
            else:
                url = target.decode("latin-1")
            checked = self._check(url)
            if isinstance(checked, ConversionError):
                if checked.code == "fetch_failed":  # the name does not resolve
                    client.sendall(_BAD_GATEWAY)
                    return
                self.blocked.append(url if method != b"CONNECT" else target.decode("latin-1"))
                client.sendall(_REFUSED)
                return
            with self._connect(checked) as upstream:
                if upstream is None:
                    client.sendall(_BAD_GATEWAY)
                    return
                if method == b"CONNECT":
                    client.sendall(b"HTTP/1.1 200 Connection Established\r\n\r\n")
                    upstream.sendall(rest)  # bytes the client sent before our answer
                else:
                    path = checked.url.raw_path or b"/"
                    upstream.sendall(b" ".join((method, path, version)) + b"\r\n"
                                     + _forward_headers(headers) + rest)
                _pipe(client, upstream)

    def _check(self, url: str) -> Target | ConversionError:
        checked = check_url(url, allow_loopback=self.allow_loopback, resolver=self.resolver)
        if isinstance(checked, Target) and checked.port == self.port and any(
                a.is_loopback for a in checked.addresses):
            return ConversionError("forbidden_address", "a request to the guard proxy itself")
        return checked

    @contextlib.contextmanager
    def _connect(self, target: Target) -> Iterator[socket.socket | None]:
        sock = None
        for address in target.addresses:
            try:
                sock = socket.create_connection((str(address), target.port),
                                                timeout=CONNECT_TIMEOUT_S)
                sock.settimeout(None)
                break
            except OSError:
                continue
        try:
            yield sock
        finally:
            if sock is not None:
                sock.close()


def _read_head(sock: socket.socket) -> tuple[bytes, bytes] | None:
    data = b""
    while b"\r\n\r\n" not in data:
        if len(data) > MAX_HEAD_BYTES:
            return None
        try:
            chunk = sock.recv(8192)
        except OSError:
            return None
        if not chunk:
            return None
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    return head, rest


def _forward_headers(headers: bytes) -> bytes:
    kept = [line for line in headers.split(b"\r\n")
            if line and line.split(b":", 1)[0].strip().lower() not in _HOP_HEADERS]
    return b"".join(line + b"\r\n" for line in kept) + b"Connection: close\r\n\r\n"


def _pipe(a: socket.socket, b: socket.socket) -> None:
    """Copy bytes both ways until both directions are done."""
    other = threading.Thread(target=_copy, args=(b, a), daemon=True)
    other.start()
    _copy(a, b)
    other.join()


def _copy(src: socket.socket, dst: socket.socket) -> None:
    try:
        while chunk := src.recv(65_536):
            dst.sendall(chunk)
    except OSError:
        pass
    with contextlib.suppress(OSError):
        dst.shutdown(socket.SHUT_WR)
