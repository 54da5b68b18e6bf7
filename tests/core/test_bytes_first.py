"""The bytes decide, not the name: compressed uploads are opened, binary data is refused.

An object named `x.html` may hold gzip (a static-site upload) or random bytes; the
converter must neither trust the suffix nor return replacement-character garbage.
"""

from __future__ import annotations

import gzip
import json
import random
import zlib
from pathlib import Path

import brotli
import pytest

from webfold import Settings, convert
from webfold.cli import main
from webfold.sniff import StreamInfo, sniff

PAGE = ("<html><head><title>Harbour</title></head><body><article><h1>Harbour tides</h1>"
        + "<p>The harbour tide rises twice a day and the tables list both times.</p>" * 8
        + "</article></body></html>").encode("utf-8")
NOISE = random.Random(7).randbytes(64 * 1024)


def test_random_bytes_named_html_are_unsupported_not_garbage() -> None:
    assert sniff(NOISE[:4096], StreamInfo.from_hints(url=None, content_type="text/html",
                                                     filename="x.html")) == "binary"
    doc = convert(NOISE, filename="x.html", content_type="text/html")
    assert doc.error is not None and doc.error.code == "unsupported_type"
    assert ".html" in doc.error.message and doc.markdown == ""
    assert doc.record()["bytes_in"] == len(NOISE)


@pytest.mark.parametrize("pack", [gzip.compress, zlib.compress], ids=["gzip", "zlib"])
def test_compressed_html_under_an_html_name_is_opened(pack) -> None:
    doc = convert(pack(PAGE), filename="index.html", select="all")
    assert doc.ok, doc.error
    assert doc.markdown.startswith("# Harbour tides\n") and "\ufffd" not in doc.markdown
    assert any("compressed" in w for w in doc.warnings)
    assert doc.bytes_in == len(pack(PAGE))


def test_a_gzip_bomb_stops_at_the_size_cap() -> None:
    bomb = gzip.compress(b"<p>" + b" " * 3_000_000)
    doc = convert(bomb, filename="index.html", settings=Settings(max_bytes=1_000_000))
    assert doc.error is not None and doc.error.code == "too_large"


def test_text_that_only_looks_compressed_is_text() -> None:
    doc = convert(b"x^2 grows faster than 2x for every x above two.", filename="note.html",
                  select="all")
    assert doc.ok and doc.markdown.startswith("x^2 grows")


def test_legacy_charsets_and_utf16_are_not_binary() -> None:
    text = "<p>Grüße aus Köln, 東京の天気は晴れ</p>"
    for data in (text.encode("cp1252", "ignore"), text.encode("shift_jis", "ignore"),
                 text.encode("utf-16-le"), text.encode("utf-16")):
        assert sniff(data, StreamInfo.from_hints(url=None, content_type=None,
                                                 filename="p.html")) == "html"


def test_brotli_has_no_magic_so_it_needs_a_declared_coding() -> None:
    # Brotli output carries no signature: by bytes alone it is binary, never garbage text.
    doc = convert(brotli.compress(PAGE * 4), filename="index.html")
    assert doc.error is not None and doc.error.code == "unsupported_type"


def test_cli_answers_binary_and_gzip_by_their_bytes(tmp_path: Path, capsys) -> None:
    noise = tmp_path / "x.html"
    noise.write_bytes(NOISE)
    assert main(["md", str(noise), "--json"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["error"]["code"] == "unsupported_type"
    packed = tmp_path / "index.html"
    packed.write_bytes(gzip.compress(PAGE))
    assert main(["md", str(packed), "--all-blocks"]) == 0
    assert capsys.readouterr().out.startswith("# Harbour tides\n")
