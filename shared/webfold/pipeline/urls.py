"""Scraping one URL from a queue message into outputs (the `ingest_url` core).

A message (`webfold.pipeline.messages`) names the URL and how to treat it. The URL is
fetched conditionally (the validators of the last fetch), converted, and written to
`scrapes/<host>/<path>.md|.json` or the message's key. The outputs are rewritten only
when what they say changed (the Markdown, or a permanent failure: a failure also
deletes the Markdown of the last good fetch); the URL state records every fetch.
"""

from __future__ import annotations

import hashlib
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
    Returns `converted`, `unchanged` (304, or the same Markdown or the same permanent
    failure as last time: nothing rewritten) or `failed` (a permanent failure, its JSON
    record written). Raises `RetryableFailure` for a retryable one (timeout, 5xx,
    blocked, storage).
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
        # Forget what was written: if the retries run out, the given-up record replaces
        # it (webfold.pipeline.records), and the next good fetch must be written again.
        save_state(table, msg.url, {"last_error": doc.error.code, "content_hash": None},
                   watched=watched)
        raise RetryableFailure(doc.error)
    stem = msg.stem
    written_hash = _written_hash(doc)
    http = doc.http  # None when rendered without a fetch: the validators are cleared
    fetched.update(etag=http.etag if http else None,
                   last_modified=http.last_modified if http else None)
    if doc.error is not None:
        fetched["last_error"] = doc.error.code
    if (written_hash is not None and state and state.content_hash == written_hash
            and state.stem == stem):
        # The same Markdown, or the same permanent failure, as the outputs already say.
        save_state(table, msg.url, fetched, watched=watched)
        return Outcome("unchanged", error=doc.error, doc_type=doc.type, bytes_in=doc.bytes_in)
    keys = write_document(s3, bucket, stem, doc)
    fetched.update(content_hash=written_hash, stem=stem)
    if doc.ok:
        fetched["last_changed"] = moment
    save_state(table, msg.url, fetched, watched=watched)
    return Outcome("converted" if doc.ok else "failed", tuple(keys), doc.error, doc.type,
                   doc.bytes_in)


def _written_hash(doc: Document) -> str | None:
    """What the outputs at the stem say: the content hash the scrape computed (None
    without one), or the failure's hash."""
    if doc.error is None:
        return doc.scrape.content_sha256 if doc.scrape else None
    failure = f"{doc.error.code}\0{doc.error.message}"
    return "failed:" + hashlib.sha256(failure.encode("utf-8")).hexdigest()


def _scrape(msg: UrlMessage, state: UrlState | None, options: ConvertOptions,
            renderer: Any) -> Document:

    # Conditional only when the Markdown of the last fetch is where this message wants it.
    written = (state is not None and state.content_hash and state.stem == msg.stem
               and not state.content_hash.startswith("failed:"))
    validators = Validators(state.etag, state.last_modified) if written and state else None
    return scrape(msg.url, render=msg.render, select=msg.select or options.select,
                  settings=options.settings, validators=validators, renderer=renderer)
