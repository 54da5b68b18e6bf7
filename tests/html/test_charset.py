"""Charset decoding: BOM, Content-Type, meta prescan, detection; never raises."""

from __future__ import annotations

import pytest

import webfold
from webfold.charset import codec_for, decode, markup_for_parser, prescan

FRENCH = "Le garçon a mangé une crème brûlée — « déjà vu » à Noël. € 5"
JAPANESE = "東京の天気は晴れです。明日は雨が降るでしょう。日本語のテキストをたくさん書きます。"
CHINESE = "北京今天天气很好，明天可能会下雨。这是一段用于测试编码检测的中文文本，内容足够长。"


def page(body: str, head: str = "") -> str:
    return f"<html><head>{head}<title>t</title></head><body><p>{body}</p></body></html>"


@pytest.mark.parametrize(("text", "codec", "label"), [
    (FRENCH, "cp1252", "windows-1252"),
    (FRENCH, "cp1252", "iso-8859-1"),  # latin-1 labels mean windows-1252 (the euro sign)
    (JAPANESE, "shift_jis", "shift_jis"),
    (CHINESE, "gbk", "gbk"),
    (CHINESE, "gb2312", "gb2312"),
])
def test_meta_charset_declaration(text: str, codec: str, label: str) -> None:
    data = page(text, f'<meta charset="{label}">').encode(codec)
    doc = webfold.convert(data, select="all")
    assert text in doc.markdown


def test_http_equiv_declaration() -> None:
    head = '<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">'
    doc = webfold.convert(page(JAPANESE, head).encode("shift_jis"), select="all")
    assert JAPANESE in doc.markdown
    assert doc.charset == "cp932"


def test_content_type_wins_over_meta() -> None:
    data = page(FRENCH, '<meta charset="utf-8">').encode("cp1252")
    doc = webfold.convert(data, content_type="text/html; charset=windows-1252", select="all")
    assert FRENCH in doc.markdown


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_with_and_without_bom(codec: str) -> None:
    data = page(JAPANESE + " " + FRENCH).encode(codec)
    doc = webfold.convert(data, select="all")
    assert JAPANESE in doc.markdown and FRENCH in doc.markdown


def test_utf8_bom_is_dropped() -> None:
    doc = webfold.convert(b"\xef\xbb\xbf" + page(FRENCH).encode("utf-8"), select="all")
    assert doc.markdown.startswith("Le garçon")


@pytest.mark.parametrize(("text", "codec"), [(JAPANESE * 3, "shift_jis"), (CHINESE * 3, "gbk"),
                                             (FRENCH * 3, "cp1252")])
def test_undeclared_pages_are_detected(text: str, codec: str) -> None:
    doc = webfold.convert(page(text).encode(codec), select="all")
    assert text[:20] in doc.markdown


def test_undeclared_utf8_goes_to_the_parser_as_bytes() -> None:
    data = page(FRENCH + " " + JAPANESE).encode("utf-8")
    assert markup_for_parser(data) == (data, "utf-8")  # Lexbor reads it: no decode, no re-encode
    declared = page(FRENCH + " " + JAPANESE, '<meta charset="utf-8">').encode("utf-8")
    assert webfold.convert(data, select="all").markdown == webfold.convert(
        declared, select="all").markdown
    ascii_utf16 = page("plain words").encode("utf-16-le")  # valid UTF-8 too: NULs are ASCII
    markup, codec = markup_for_parser(ascii_utf16)
    assert codec == "utf-16-le" and "plain words" in markup
    markup, codec = markup_for_parser(page(FRENCH * 3).encode("cp1252"))
    assert codec == "cp1252" and FRENCH in markup


def test_invalid_bytes_never_raise() -> None:
    data = b"<p>ok \xff\xfe\xfa broken \x80\x81 bytes</p>"
    doc = webfold.convert(data, content_type="text/html; charset=utf-8", select="all")
    assert doc.ok
    assert "ok" in doc.markdown and "\ufffd" in doc.markdown


def test_unknown_declared_label_is_ignored() -> None:
    text, codec = decode(page(FRENCH, '<meta charset="x-no-such">').encode("utf-8"))
    assert codec == "utf-8" and FRENCH in text


def test_decode_helpers() -> None:
    assert codec_for("Latin1") == "cp1252"
    assert codec_for("nonsense") is None
    assert prescan(b'<meta charset="utf-16">') == "utf-8"  # ASCII bytes cannot be UTF-16
    assert prescan(b"<p>no declaration</p>") is None
