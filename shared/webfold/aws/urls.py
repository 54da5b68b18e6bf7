"""Scraping one URL from a queue message into outputs (the `ingest_url` core).

A message is `{"url": ..., "render": "auto"|"always"|"never", "select": ..., "key": ...}`
(`url` required). The URL is fetched conditionally (the validators of the last fetch),
converted, and written to `scrapes/<host>/<path>.md|.json` or the message's key. The
outputs are rewritten only when the Markdown changed; the URL state records every
fetch either way.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from typing import Any

from webfold.aws.keys import given_stem, scrape_stem, source_suffix
from webfold.aws.outcome import Outcome, RetryableFailure
from webfold.aws.s3io import write_document
from webfold.aws.urlstate import UrlState, load_state, save_state
from webfold.convert import SELECT_MODES, ConvertOptions
from webfold.document import Document
from webfold.errors import ConversionError
from webfold.fetch import RENDER_MODES, Validators, scrape

_FIELDS = frozenset({"url", "render", "select", "key"})
_MAX_URL_CHARS = 8_192
_RETRYABLE_CLIENT_STATUSES = frozenset({408, 425, 429})


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
    if not url.lower().startswith(("http://", "https://")):
        return ConversionError("bad_message", "`url` must be an http or https URL")
    if render not in RENDER_MODES:
        return ConversionError("bad_message", f"`render` must be one of {RENDER_MODES}")
    if select is not None and select not in SELECT_MODES:
        return ConversionError("bad_message", f"`select` must be one of {SELECT_MODES}")
    if key is not None and not _valid_key(key):
        return ConversionError("bad_message", "`key` must be a relative key that does not end "
                                              "in a source suffix (.html, .pdf, .warc ...)")
    return UrlMessage(url=url.strip(), render=render, select=select, key=key)


def _valid_key(key: object) -> bool:
    return (isinstance(key, str) and 0 < len(key) <= 900 and not key.startswith("/")
            and source_suffix(key) is None and ".." not in key.split("/"))


def ingest(msg: UrlMessage, *, s3: Any, bucket: str, table: Any, options: ConvertOptions,
           renderer: Any = None, now: float | None = None) -> Outcome:
    """Fetch, convert and (when changed) write one URL; record its state.

    `renderer` (a `webfold.render.Renderer`, or None for none) renders pages that need a
    browser.
    Returns `converted`, `unchanged` (304, or the same Markdown as last time: nothing
    rewritten) or `failed` (a permanent failure, its JSON record written). Raises
    `RetryableFailure` for a retryable one (timeout, 5xx, blocked, storage).
    """
    moment = int(now if now is not None else time.time())
    state = load_state(table, msg.url)
    watched = bool(state and state.interval_s)
    doc = _scrape(msg, state, options, renderer)
    fetched = {"last_fetched": moment, "last_error": None}
    if doc.error is not None and doc.error.code == "not_modified":
        save_state(table, msg.url, fetched, watched=watched)
        return Outcome("unchanged", doc_type=doc.type)
    if doc.error is not None and _worth_retrying(doc):
        save_state(table, msg.url, {"last_error": doc.error.code}, watched=watched)
        raise RetryableFailure(doc.error)
    stem = msg.stem
    http = doc.extra.get("http") or {}
    content_hash = hashlib.sha256(doc.markdown.encode("utf-8")).hexdigest() if doc.ok else None
    fetched.update(etag=http.get("etag"), last_modified=http.get("last_modified"))
    if doc.ok and state and state.content_hash == content_hash and state.stem == stem:
        save_state(table, msg.url, fetched, watched=watched)
        return Outcome("unchanged", doc_type=doc.type, bytes_in=doc.bytes_in)
    keys = write_document(s3, bucket, stem, doc)
    if doc.ok:
        fetched.update(content_hash=content_hash, stem=stem, last_changed=moment)
    else:
        fetched["last_error"] = doc.error.code if doc.error else None
    save_state(table, msg.url, fetched, watched=watched)
    return Outcome("converted" if doc.ok else "failed", tuple(keys), doc.error, doc.type,
                   doc.bytes_in)


def _worth_retrying(doc: Document) -> bool:
    """Retryable by its code, except a client error: a 404 or 410 stays one on retry."""
    assert doc.error is not None
    status = (doc.extra.get("http") or {}).get("status")
    if doc.error.code == "http_error" and isinstance(status, int) and 400 <= status < 500:
        return status in _RETRYABLE_CLIENT_STATUSES
    return doc.error.retryable


def _scrape(msg: UrlMessage, state: UrlState | None, options: ConvertOptions,
            renderer: Any) -> Document:

    # Conditional only when the outputs of the last fetch are where this message wants them.
    written = state is not None and state.content_hash and state.stem == msg.stem
    validators = Validators(state.etag, state.last_modified) if written and state else None
    return scrape(msg.url, render=msg.render, select=msg.select or options.select,
                  settings=options.settings, validators=validators, renderer=renderer)
