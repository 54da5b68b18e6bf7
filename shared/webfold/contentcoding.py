"""Removing HTTP content codings (gzip, deflate, br) with a hard cap on the output.

Pure and streamed: a compression bomb costs at most `cap` bytes of memory, because
every decompressor call is told how much output it may produce.
"""

from __future__ import annotations

import zlib
from typing import Any

import brotli

from webfold.errors import ConversionError


class TooLarge(Exception):
    """The decoded output passed the cap."""


class ContentDecoder:
    """Removes a stack of content codings (gzip, deflate, br) with a cap on the output."""

    def __init__(self, codings: list[str], cap: int) -> None:
        self.stages = [_Stage(coding, cap) for coding in reversed(codings)]
        self.cap = cap
        self.parts: list[bytes] = []
        self.size = 0

    @classmethod
    def for_header(cls, header: str, cap: int) -> ContentDecoder | ConversionError:
        codings = codings_of(header)
        unknown = [c for c in codings if c not in KNOWN_CODINGS]
        if unknown:
            return ConversionError("fetch_failed", f"unknown content coding {unknown[0]!r}")
        return cls(codings, cap)

    def feed(self, data: bytes) -> None:
        for stage in self.stages:
            data = stage.feed(data)
        self._keep(data)

    def finish(self) -> bytes:
        data = b""
        for stage in self.stages:
            data = stage.feed(data) + stage.flush()
        self._keep(data)
        return self.output()

    def output(self) -> bytes:
        """What was decoded so far (after `TooLarge`: a little past the cap at most)."""
        return b"".join(self.parts)

    def _keep(self, data: bytes) -> None:
        if data:
            self.parts.append(data)
        self.size += len(data)
        if self.size > self.cap:
            raise TooLarge


KNOWN_CODINGS = ("gzip", "x-gzip", "deflate", "br")


def codings_of(header: str) -> list[str]:
    """The codings a Content-Encoding value names, lowercased, `identity` left out."""
    codings = [c.strip().lower() for c in header.split(",")]
    return [c for c in codings if c and c != "identity"]


def compression_of(head: bytes) -> str | None:
    """The content coding whose magic bytes start `head` ("gzip" or "deflate"), or None.

    Brotli has no magic bytes: only a declared coding names it.
    """
    if head[:2] == b"\x1f\x8b":
        return "gzip"
    if len(head) > 1 and head[0] == 0x78 and (head[0] << 8 | head[1]) % 31 == 0:
        return "deflate"
    return None


def decode_content(data: bytes, codings: list[str], cap: int) -> bytes:
    """`data` with `codings` (outermost last, as in a header) removed, at most `cap` bytes.

    Raises TooLarge past the cap, and zlib.error or brotli.error on a broken stream.
    """
    decoder = ContentDecoder(codings, cap)
    decoder.feed(data)
    return decoder.finish()


class _Stage:
    def __init__(self, coding: str, cap: int) -> None:
        self.coding = coding
        self.cap = cap
        self.out = 0
        self.engine: Any = None
        if coding == "br":
            self.engine = brotli.Decompressor()
        elif coding in ("gzip", "x-gzip"):
            self.engine = zlib.decompressobj(16 + zlib.MAX_WBITS)

    def feed(self, data: bytes) -> bytes:
        if not data:
            return b""
        if self.engine is None:  # deflate: zlib-wrapped as the RFC says, or raw as some send
            wrapped = len(data) > 1 and data[0] & 0x0F == 8 and (data[0] << 8 | data[1]) % 31 == 0
            self.engine = zlib.decompressobj(zlib.MAX_WBITS if wrapped else -zlib.MAX_WBITS)
        if isinstance(self.engine, brotli.Decompressor):
            out = self.engine.process(data, output_buffer_limit=self.cap - self.out + 1)
            if not self.engine.can_accept_more_data():
                raise TooLarge
        else:
            if self.engine.eof:
                return b""  # trailing bytes after the stream end are ignored
            out = self.engine.decompress(data, self.cap - self.out + 1)
            if self.engine.unconsumed_tail:
                raise TooLarge
        self.out += len(out)
        if self.out > self.cap:
            raise TooLarge
        return out

    def flush(self) -> bytes:
        if self.engine is None or isinstance(self.engine, brotli.Decompressor):
            return b""
        return self.engine.flush()  # small: input is never left unconsumed (see feed)
