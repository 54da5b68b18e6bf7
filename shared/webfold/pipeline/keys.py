"""Object keys of the pipeline: naming a URL's outputs.

Pure functions; no AWS calls. How a source's outputs are named is `webfold.outputs`.
"""

from __future__ import annotations

import hashlib
import re
from urllib.parse import unquote, urlsplit

from webfold.outputs import OUTPUT_SUFFIXES, source_suffix

SCRAPES_PREFIX = "scrapes/"
REJECTED_PREFIX = "rejected/"  # error records for queue messages that could not be read

_UNSAFE = re.compile(r"[^\w.~!$&'()+,;=:@-]+")  # \w includes non-ASCII letters
_MAX_SEGMENT = 200  # S3 keys are at most 1024 bytes; keep every path segment well short


def url_stem(url: str) -> str:
    """A key stem for a URL: `host/path`, `index` for a directory, the query as a hash.

    `https://Example.com/a/b.html?x=1` -> `example.com/a/b_<8 hex>`. A source suffix is
    dropped so the stem plus `.md` / `.json` never looks like a source.
    """
    parts = urlsplit(url)
    host = (parts.hostname or "unknown-host").lower()
    if parts.port:
        host = f"{host}_{parts.port}"
    path = parts.path or "/"
    if path.endswith("/"):
        path += "index"
    suffix = source_suffix(path)
    if suffix:
        path = path[: -len(suffix)]
    segments = [_safe_segment(s) for s in path.split("/") if s and s not in (".", "..")]
    stem = "/".join([host, *segments]) if segments else f"{host}/index"
    if parts.query:
        stem += "_" + hashlib.sha256(parts.query.encode("utf-8")).hexdigest()[:8]
    return stem


def scrape_stem(url: str) -> str:
    """Where `ingest_url` writes a URL's outputs when the message names no key."""
    return SCRAPES_PREFIX + url_stem(url)


def given_stem(key: str) -> str:
    """The stem for a key named in a URL message (`out/page.md` -> `out/page`)."""
    for suffix in OUTPUT_SUFFIXES:
        if key.endswith(suffix):
            return key[: -len(suffix)]
    return key


def _safe_segment(segment: str) -> str:
    decoded = unquote(segment)  # in a URL path `+` is a plus, not a space
    cleaned = _UNSAFE.sub("_", decoded).strip("._") or "_"
    return cleaned[:_MAX_SEGMENT]
