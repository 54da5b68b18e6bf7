"""HTTPS to the pinned address: SNI and the certificate check use the host's name."""

from __future__ import annotations

import datetime
import ssl
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from fetch_site import ARTICLE, Handler, QuietServer, Site

from webfold.settings import Settings
from webfold.web.fetch import FetchResult, RobotsCache, fetch_url


def _name(common: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common)])


def _certificate(subject: str, issuer: str, key: ec.EllipticCurvePrivateKey,
                 signer: ec.EllipticCurvePrivateKey, *, ca: bool) -> x509.Certificate:
    now = datetime.datetime.now(datetime.UTC)
    builder = (x509.CertificateBuilder().subject_name(_name(subject)).issuer_name(_name(issuer))
               .public_key(key.public_key()).serial_number(x509.random_serial_number())
               .not_valid_before(now - datetime.timedelta(days=1))
               .not_valid_after(now + datetime.timedelta(days=1))
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
    if not ca:
        builder = builder.add_extension(x509.SubjectAlternativeName(
            [x509.DNSName(subject)]), critical=False)
    return builder.sign(signer, hashes.SHA256())


@pytest.fixture(scope="module")
def tls_site(site: Site, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path,
                                                                                   list[str]]]:
    """The test site over TLS with a certificate for `pinned.test` from a test CA."""
    folder = tmp_path_factory.mktemp("tls")
    ca_key, leaf_key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(
        ec.SECP256R1())
    ca = _certificate("Webfold Test CA", "Webfold Test CA", ca_key, ca_key, ca=True)
    leaf = _certificate("pinned.test", "Webfold Test CA", leaf_key, ca_key, ca=False)
    (folder / "ca.pem").write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    (folder / "leaf.pem").write_bytes(leaf.public_bytes(serialization.Encoding.PEM))
    (folder / "leaf.key").write_bytes(leaf_key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption()))
    server_names: list[str] = []
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(folder / "leaf.pem", folder / "leaf.key")
    context.sni_callback = lambda sock, name, ctx: server_names.append(name)  # type: ignore

    server = QuietServer(("127.0.0.1", 0), Handler)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1], folder / "ca.pem", server_names
    server.shutdown()
    server.server_close()


def fetch_tls(url: str, ca: Path) -> FetchResult:
    client = httpx.Client(verify=ssl.create_default_context(cafile=str(ca)),
                          follow_redirects=False, trust_env=False)
    with client:
        return fetch_url(url, settings=Settings(allow_loopback=True, fetch_timeout_s=5),
                         resolver=lambda host, port: ["127.0.0.1"], client=client,
                         robots_cache=RobotsCache(), sleep=lambda s: None)


def test_the_name_is_sent_as_sni_and_checked_on_the_certificate(
        tls_site: tuple[int, Path, list[str]], site: Site) -> None:
    port, ca, server_names = tls_site
    result = fetch_tls(f"https://pinned.test:{port}/article", ca)
    assert result.ok, result.error
    assert result.body == ARTICLE.encode()
    assert "pinned.test" in server_names  # SNI, though the connection went to 127.0.0.1
    assert site.headers["/article"]["host"] == f"pinned.test:{port}"


def test_a_certificate_for_another_name_is_refused(tls_site: tuple[int, Path, list[str]]) -> None:
    port, ca, _ = tls_site
    result = fetch_tls(f"https://impostor.test:{port}/article", ca)
    assert result.error is not None and result.error.code == "fetch_failed"
    assert "CERTIFICATE_VERIFY_FAILED" in result.error.message or "certificate" in \
        result.error.message.lower()
