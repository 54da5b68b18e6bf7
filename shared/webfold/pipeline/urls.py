"""Scraping one URL from a queue message into outputs (the `ingest_url` core).

A message (`webfold.pipeline.messages`) names the URL and how to treat it. The URL is
fetched conditionally (the validators of the last fetch), converted, and written to
`scrapes/<host>/<path>.md|.json` or the message's key. The outputs are rewritten only
when the Markdown changed; the URL state records every fetch either way.
"""

from __future__ import annotations

import time
from typing import Any

from webfold.contract import ConvertOptions
from webfold.document import Document
from webfold.pipeline.messages import UrlMessage
from webfold.pipeline.outcome import Outcome, RetryableFailure
from webfold.pipeline.s3io import write_document
from webfold.pipeline.urlstate import UrlState, load_state, save_state
from webfold.web.fetch import Validators
from webfold.web.scrape import scrape


def ingest(msg: UrlMessage, *, s3: Any, bucket: str, table: Any, options: ConvertOptions,
           renderer: Any = None, now: float | None = None) -> Outcome:
    """Fetch, convert and (when changed) write one URL; record its state.

    `renderer` (a `webfold.web.render.Renderer`, or None) renders pages that need a browser.
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
    if doc.error is not None and doc.error.retryable:
        save_state(table, msg.url, {"last_error": doc.error.code}, watched=watched)
        raise RetryableFailure(doc.error)
    stem = msg.stem
    content_hash = doc.scrape.content_sha256 if doc.ok and doc.scrape else None
    http = doc.http  # None when rendered without a fetch: the validators are cleared
    fetched.update(etag=http.etag if http else None,
                   last_modified=http.last_modified if http else None)
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


def _scrape(msg: UrlMessage, state: UrlState | None, options: ConvertOptions,
            renderer: Any) -> Document:

    # Conditional only when the outputs of the last fetch are where this message wants them.
    written = state is not None and state.content_hash and state.stem == msg.stem
    validators = Validators(state.etag, state.last_modified) if written and state else None
    return scrape(msg.url, render=msg.render, select=msg.select or options.select,
                  settings=options.settings, validators=validators, renderer=renderer)
