"""The convert entry, sniffing, error values and settings: the contract every path shares."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest

from webfold import ERROR_CODES, ConversionError, Settings, convert
from webfold.sniff import StreamInfo, extension_of, parse_content_type, sniff


def info(**hints: str | None) -> StreamInfo:
    return StreamInfo.from_hints(url=hints.get("url"), content_type=hints.get("content_type"),
                                 filename=hints.get("filename"))


@pytest.mark.parametrize(
    ("head", "hints", "expected"),
    [
        (b"%PDF-1.7\n%\xe2\xe3", {}, "pdf"),
        (b"%PDF-1.4 ...", {"filename": "page.html"}, "pdf"),  # magic beats the name
        (b"WARC/1.1\r\nWARC-Type: warcinfo\r\n", {}, "warc"),
        (gzip.compress(b"WARC/1.0\r\nWARC-Type: response\r\n"), {}, "warc"),
        (b"<!DOCTYPE html><html><body>x</body></html>", {}, "html"),
        ("<html><p>é</p></html>".encode("utf-16"), {}, "html"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", {}, "binary"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", {"filename": "x.pdf"}, "not_pdf"),
        (b"plain words only", {"content_type": "text/html"}, "html"),
        (b"\x00\x01\x02binary", {"content_type": "application/octet-stream"}, "binary"),
        (b"\x00\x01\x02binary", {"filename": "page.html"}, "binary"),  # bytes beat the name
        # A page opening with a server's warnings, at a bare host: ".net" is no file type.
        (b"<br />\n<b>Warning</b>: deprecated in <b>x.php</b><br />\n" * 60,
         {"url": "http://www.harbour-tides.example.net"}, "html"),
    ],
)
def test_sniff_prefers_magic_bytes_over_hints(head: bytes, hints: dict, expected: str) -> None:
    assert sniff(head, info(**hints)) == expected


def test_content_type_and_extension_parsing() -> None:
    assert parse_content_type('text/HTML; Charset="Shift_JIS"') == ("text/html", "shift_jis")
    assert parse_content_type(None) == (None, None)
    assert extension_of("s3/path/crawl.WARC.GZ") == ".warc.gz"
    assert extension_of("https://x.test/a/b") is None
    assert info(url="https://x.test").extension is None  # a host names no file
    assert info(url="https://x.test/").extension is None
    assert info(url="https://x.test/doc.pdf?download=1#p2").extension == ".pdf"


@pytest.mark.parametrize(
    ("data", "hints", "code"),
    [
        (b"", {}, "empty"),
        (b"   \n\t ", {}, "empty"),
        (b"\x89PNG\r\n\x1a\n" + bytes(range(256)), {}, "unsupported_type"),
        (b"GIF89a\x00\x00", {"filename": "scan.pdf"}, "not_pdf"),
    ],
)
def test_bad_input_is_a_typed_error_not_an_exception(data: bytes, hints: dict, code: str) -> None:
    doc = convert(data, **hints)
    assert doc.error is not None and doc.error.code == code
    assert doc.markdown == ""
    record = json.loads(json.dumps(doc.record()))
    assert record["schema"] == 1
    assert record["error"]["code"] == code
    assert record["bytes_in"] == len(data)


def test_size_cap_comes_from_settings() -> None:
    doc = convert(b"<p>" + b"x" * 2000 + b"</p>", settings=Settings(max_bytes=1000))
    assert doc.error is not None and doc.error.code == "too_large"


def test_select_and_settings_given_directly_win_over_options() -> None:
    from webfold.contract import ConvertOptions

    page = b"<nav><a href='/'>Home</a></nav><p>" + b"word " * 300 + b"</p>"
    options = ConvertOptions(select="all", settings=Settings(max_bytes=100))
    assert convert(page, options=options).error.code == "too_large"
    doc = convert(page, options=options, settings=Settings())
    assert doc.ok and all(b.kept and b.score is None for b in doc.blocks)  # "all" kept
    picked = convert(page, options=options, select="main", settings=Settings())
    assert picked.ok and all(b.score is not None for b in picked.blocks)


def test_non_bytes_input_is_bad_input() -> None:
    doc = convert(12345)  # type: ignore[arg-type]
    assert doc.error is not None and doc.error.code == "bad_input"


def test_unknown_select_mode_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="select"):
        convert(b"<p>x</p>", select="best")


def test_error_codes_are_a_closed_set_with_retry_flags() -> None:
    with pytest.raises(ValueError):
        ConversionError("made_up", "x")
    assert ConversionError("timeout", "slow").retryable is True
    assert ConversionError("encrypted", "locked").retryable is False
    assert all(isinstance(r, bool) and msg for r, msg in ERROR_CODES.values())


def test_settings_from_env_validates_overrides() -> None:
    s = Settings.from_env({"WEBFOLD_MAX_BYTES": "1234", "WEBFOLD_OCR": "off",
                           "WEBFOLD_OCR_LANG": "eng+deu", "WEBFOLD_FETCH_TIMEOUT_S": "2.5"})
    assert (s.max_bytes, s.ocr, s.ocr_lang, s.fetch_timeout_s) == (1234, False, "eng+deu", 2.5)
    with pytest.raises(ValueError, match="WEBFOLD_MAX_BYTES"):
        Settings.from_env({"WEBFOLD_MAX_BYTES": "lots"})
    with pytest.raises(ValueError, match="negative"):
        Settings.from_env({"WEBFOLD_OCR_TIMEOUT_S": "-1"})
    assert Settings.from_env({}) == Settings()


SELECTOR_ARTICLE = (Path(__file__).resolve().parents[1] / "fixtures" / "selector"
                    / "article_page.html").read_bytes()


def test_settings_select_reaches_library_callers(monkeypatch: pytest.MonkeyPatch) -> None:
    """`Settings.select` (and so WEBFOLD_SELECT) is the default of `convert(select=None)`."""
    main = convert(SELECTOR_ARTICLE)
    everything = convert(SELECTOR_ARTICLE, select="all")
    assert main.blocks_kept < everything.blocks_kept == len(everything.blocks)
    by_settings = convert(SELECTOR_ARTICLE, settings=Settings(select="all"))
    assert by_settings.blocks_kept == everything.blocks_kept
    monkeypatch.setenv("WEBFOLD_SELECT", "all")
    from_env = convert(SELECTOR_ARTICLE, settings=Settings.from_env(os.environ))
    assert from_env.markdown == everything.markdown
    # An explicit mode still wins over the settings' one.
    assert convert(SELECTOR_ARTICLE, select="main",
                   settings=Settings(select="all")).markdown == main.markdown
