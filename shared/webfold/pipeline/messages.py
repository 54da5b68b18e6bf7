"""The URL queue's message: `{"url", "render", "select", "key"}`, validated.

Kept apart from the fetch code so `rescrape`, which only writes messages, does not
import the fetcher.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from webfold.contract import SELECT_MODES
from webfold.errors import ConversionError
from webfold.outputs import source_suffix
from webfold.pipeline.keys import given_stem, scrape_stem
from webfold.web import RENDER_MODES

_FIELDS = frozenset({"url", "render", "select", "key"})
_MAX_URL_CHARS = 8_192


@dataclass(frozen=True, slots=True)
class UrlMessage:
    url: str
    render: str = "auto"
    select: str | None = None  # None: the function's configured default
    key: str | None = None  # output stem; None: scrapes/<host>/<path>

    @property
    def stem(self) -> str:
        return given_stem(self.key) if self.key else scrape_stem(self.url)

    def body(self) -> str:
        fields = {"url": self.url, "render": self.render, "select": self.select, "key": self.key}
        return json.dumps({k: v for k, v in fields.items() if v is not None})


def parse_message(body: str) -> UrlMessage | ConversionError:
    """Validate a message body; a `bad_message` error says what is wrong with it."""
    try:
        data = json.loads(body)
    except json.JSONDecodeError as exc:
        return ConversionError("bad_message", f"not JSON: {exc}")
    if not isinstance(data, dict):
        return ConversionError("bad_message", "the message is not a JSON object")
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        return ConversionError("bad_message",
                               f"unknown fields {unknown}; allowed {sorted(_FIELDS)}")
    url, render = data.get("url"), data.get("render", "auto")
    select, key = data.get("select"), data.get("key")
    if not isinstance(url, str) or not url.strip() or len(url) > _MAX_URL_CHARS:
        return ConversionError("bad_message", "`url` must be a non-empty string")
    url = url.strip()
    if not url.lower().startswith(("http://", "https://")):
        return ConversionError("bad_message", "`url` must be an http or https URL")
    if render not in RENDER_MODES:
        return ConversionError("bad_message", f"`render` must be one of {RENDER_MODES}")
    if select is not None and select not in SELECT_MODES:
        return ConversionError("bad_message", f"`select` must be one of {SELECT_MODES}")
    if key is not None and not _valid_key(key):
        return ConversionError("bad_message", "`key` must be a relative key that does not end "
                                              "in a source suffix (.html, .pdf, .warc ...)")
    return UrlMessage(url=url, render=render, select=select, key=key)


def _valid_key(key: object) -> bool:
    return (isinstance(key, str) and 0 < len(key) <= 900 and not key.startswith("/")
            and source_suffix(key) is None and ".." not in key.split("/"))
