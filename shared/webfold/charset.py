"""Bytes to text for HTML: which encoding, decided the way browsers decide it.

Order: byte order mark, then the Content-Type charset, then a prescan of the first
1024 bytes for `<meta charset>` / `http-equiv="Content-Type"`, then valid UTF-8, then a
detector (charset-normalizer) for undeclared pages, then UTF-8 with replacement.
Labels are mapped the WHATWG way (latin-1 means windows-1252, gb2312 means GB18030,
Shift_JIS means the Windows superset cp932). Decoding never raises: bad bytes become
U+FFFD.
"""

from __future__ import annotations

import codecs
import re

PRESCAN_BYTES = 1024
DETECT_BYTES = 65_536  # the detector looks at this much of an undeclared page
CP1252_TIE = 0.1  # windows-1252 wins when this close to the detector's best guess

_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF32_LE, "utf-32-le"),
         (codecs.BOM_UTF32_BE, "utf-32-be"), (codecs.BOM_UTF16_LE, "utf-16-le"),
         (codecs.BOM_UTF16_BE, "utf-16-be"))
# WHATWG label -> the Python codec that decodes what browsers decode for it.
_ALIASES = {
    "iso-8859-1": "cp1252", "iso8859-1": "cp1252", "latin1": "cp1252", "latin-1": "cp1252",
    "l1": "cp1252", "ascii": "cp1252", "us-ascii": "cp1252", "windows-1252": "cp1252",
    "iso-8859-9": "cp1254", "latin5": "cp1254", "iso-8859-11": "cp874", "tis-620": "cp874",
    "gb2312": "gb18030", "gbk": "gb18030", "gb_2312-80": "gb18030", "x-gbk": "gb18030",
    "shift_jis": "cp932", "shift-jis": "cp932", "sjis": "cp932", "x-sjis": "cp932",
    "ms_kanji": "cp932", "windows-31j": "cp932", "euc-kr": "cp949", "ks_c_5601-1987": "cp949",
    "big5": "big5hkscs", "x-mac-roman": "mac-roman", "utf8": "utf-8", "unicode-1-1-utf-8": "utf-8",
}
_META = re.compile(rb"<meta[^>]*?charset\s*=\s*[\"']?\s*([A-Za-z0-9_:.+-]+)", re.I)


def codec_for(label: str | None) -> str | None:
    """The Python codec name for an encoding label, or None when unknown."""
    if not label:
        return None
    label = label.strip().strip("\"'").lower()
    name = _ALIASES.get(label, label)
    try:
        return codecs.lookup(name).name
    except LookupError:
        return None


def sniff_bom(data: bytes) -> tuple[str | None, int]:
    """(codec, BOM length) for a byte order mark at the start of `data`."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            return name, len(bom)
    return None, 0


def prescan(data: bytes) -> str | None:
    """The codec a `<meta>` in the first 1024 bytes declares (a UTF-16 label means UTF-8)."""
    match = _META.search(data[:PRESCAN_BYTES])
    if match is None:
        return None
    name = codec_for(match.group(1).decode("ascii", "ignore"))
    if name and name.startswith("utf-16"):
        return "utf-8"  # an ASCII-compatible page cannot really be UTF-16 (WHATWG)
    return name


def detect(data: bytes) -> str | None:
    """A detector's guess for undeclared, non-UTF-8 bytes; None when it has none."""
    from charset_normalizer import from_bytes

    matches = list(from_bytes(data[:DETECT_BYTES]))
    if not matches:
        return None
    best = matches[0]
    for match in matches:  # windows-1252 is the web's legacy default among near-ties
        if (match.encoding == "cp1252" and match.chaos <= best.chaos + CP1252_TIE
                and match.coherence >= best.coherence - CP1252_TIE):
            return "cp1252"
    return codec_for(best.encoding)


def markup_for_parser(data: bytes, declared: str | None = None) -> tuple[bytes | str, str]:
    """(markup, codec) for the HTML parser: UTF-8 bytes go as they are (Lexbor reads
    UTF-8 itself, a third faster than parsing a decoded str, with U+FFFD for bad bytes),
    declared, or undeclared and valid as `decode` would read them; anything else is
    decoded to str as `decode` does. Never raises."""
    name, skip = _declared_codec(data, declared)
    if name == "utf-8" or (name is None and _utf16_without_bom(data) is None
                           and _is_utf8(data)):
        return data[skip:], "utf-8"
    return _decode(data, name, skip)


def decode(data: bytes, declared: str | None = None) -> tuple[str, str]:
    """(text, codec used) for HTML bytes; `declared` is a Content-Type charset label.

    Never raises: undecodable bytes become U+FFFD. A declared charset Python cannot
    decode is ignored and the next rule decides.
    """
    return _decode(data, *_declared_codec(data, declared))


def _declared_codec(data: bytes, declared: str | None) -> tuple[str | None, int]:
    """(codec, BOM length) from the BOM, else `declared`, else the `<meta>` prescan."""
    name, skip = sniff_bom(data)
    if name is None:
        name = codec_for(declared) or prescan(data)
    return name, skip


def _decode(data: bytes, name: str | None, skip: int) -> tuple[str, str]:
    """Decode with `name`; without one, UTF-16 sniffing, strict UTF-8, then the detector."""
    if name is None:
        name = _utf16_without_bom(data)
    if name is None:
        try:
            return data.decode("utf-8"), "utf-8"
        except UnicodeDecodeError:
            name = _detect_safely(data) or "utf-8"
    return data[skip:].decode(name, errors="replace"), name


def _is_utf8(data: bytes) -> bool:
    if data.isascii():
        return True
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _detect_safely(data: bytes) -> str | None:
    try:
        return detect(data)
    except Exception:  # the detector is a heuristic; a failure only means "no guess"
        return None


def _utf16_without_bom(data: bytes) -> str | None:
    """UTF-16 text without a BOM: ASCII markup leaves every other byte NUL."""
    head = data[:512]
    if len(head) < 8 or head.count(0) < len(head) // 3:
        return None
    even = head[0::2].count(0)
    odd = head[1::2].count(0)
    return "utf-16-be" if even > odd else "utf-16-le"
