"""HTML-only helpers for addresses: safe link targets, lazy and responsive images, code
languages named by classes. Markdown writing itself is format-neutral (`webfold.markdown`)."""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlsplit, uses_relative

_LANG = re.compile(r"(?:^|\s)(?:language|lang|highlight(?:-source)?|brush:)-?([A-Za-z0-9_+#.-]+)")
_UNSAFE_SCHEMES = ("javascript:", "vbscript:", "data:", "file:")
_CONTROL = re.compile(r"[\x00-\x20\x7f]+")
_ORIGINS: dict[str, str] = {}  # base URL -> scheme://host, for root-relative links
_PAGES: dict[str, str | None] = {}  # base URL -> urljoin(base, "#"), for in-page links
SMALL_DATA_IMAGE = 2048  # data: image URIs up to this many characters are kept
_DATA_IMAGE = re.compile(r"data:image/(?:png|gif|jpeg|jpg|webp);base64,[A-Za-z0-9+/=]+$")


def code_language(*class_values: str | None) -> str:
    """The language named by a language-x / lang-x / highlight-x class, or ''."""
    for value in class_values:
        if value:
            match = _LANG.search(value)
            if match:
                return match.group(1).lower()
    return ""


def safe_url(raw: str | None, base: str | None, *, image: bool = False) -> str | None:
    """`raw` resolved against `base`, or None when empty or an unsafe scheme.

    javascript:, vbscript:, file: and data: targets are refused; a data: URI is kept only
    for an image in a common format and under `SMALL_DATA_IMAGE` characters.
    """
    if raw is None:
        return None
    url = raw.strip()
    if not url:
        return None
    head = url[:16]
    if " " in head or not head.isprintable():  # the regex only for the rare head it changes
        head = _CONTROL.sub("", head)
    lowered = head.lower()
    if lowered.startswith(_UNSAFE_SCHEMES):
        if image and len(url) <= SMALL_DATA_IMAGE and _DATA_IMAGE.match(url.replace(" ", "")):
            return url.replace(" ", "")
        return None
    if base and not lowered.startswith(("http:", "https:", "mailto:", "tel:")):
        url = _resolve(base, url)
        if url is None:
            return None
    if " " in url or "(" in url or ")" in url:
        url = url.replace(" ", "%20").replace("(", "%28").replace(")", "%29")
    return url


def _resolve(base: str, url: str) -> str | None:
    """urljoin, with the common root-relative case done without it (a hot path)."""
    if url[0] == "/" and url[1:2] != "/" and "/." not in url:  # no dot segments to resolve
        origin = _ORIGINS.get(base)
        if origin is None:
            try:
                parts = urlsplit(base)
                origin = f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""
            except ValueError:  # a malformed base ("https://[::1/x"): urljoin fails below
                origin = ""
            if len(_ORIGINS) > 1000:
                _ORIGINS.clear()
            _ORIGINS[base] = origin
        if origin:
            return origin + url
    elif url[0] == "#" and "\t" not in url and "\n" not in url and "\r" not in url:
        page = _page(base)  # urljoin would drop these three characters
        if page is not None:
            return page + url if len(url) > 1 else page
    try:
        return urljoin(base, url)
    except ValueError:
        return None


def _page(base: str) -> str | None:
    """`base` without its fragment, as urljoin writes it when it appends a link's fragment;
    None when urljoin would not resolve against `base` or fails on it."""
    if base not in _PAGES:
        if len(_PAGES) > 1000:
            _PAGES.clear()
        try:
            resolves = urlsplit(base).scheme in uses_relative
            _PAGES[base] = urljoin(base, "#") if resolves else None
        except ValueError:
            _PAGES[base] = None
    return _PAGES[base]


def srcset_best(srcset: str) -> str | None:
    """The widest candidate of a srcset (by its `w`/`x` descriptor), else the first."""
    best, best_size = None, -1.0
    for candidate in srcset.split(","):
        parts = candidate.split()
        if not parts:
            continue
        size = 0.0
        if len(parts) > 1 and parts[1][:-1].replace(".", "", 1).isdigit():
            size = float(parts[1][:-1])
        if size > best_size:
            best, best_size = parts[0], size
    return best


def image_source(attrs: dict[str, str | None]) -> str | None:
    """The address an <img> shows, preferring lazy-loading attributes over placeholders."""
    for name in ("data-src", "data-lazy-src", "data-original", "data-lazy", "data-url"):
        value = attrs.get(name)
        if value:
            return value  # lazy loaders keep the real address here, a placeholder in src
    src = attrs.get("src")
    if src and (not src.startswith("data:") or len(src) > 200):
        return src
    for name in ("data-srcset", "srcset", "data-lazy-srcset"):
        value = attrs.get(name)
        if value:
            best = srcset_best(value)
            if best:
                return best
    return src or None
