"""Webfold: HTML, WARC and PDF to clean Markdown plus a JSON record."""

from __future__ import annotations

from typing import TYPE_CHECKING

from webfold.contract import ConvertOptions
from webfold.convert import convert
from webfold.document import Block, Document, Metadata, PageInfo
from webfold.errors import ERROR_CODES, ConversionError
from webfold.settings import DEFAULT_SETTINGS, Settings

if TYPE_CHECKING:
    from webfold.web.render import Renderer

__all__ = [
    "Block",
    "ConversionError",
    "ConvertOptions",
    "Document",
    "ERROR_CODES",
    "Metadata",
    "PageInfo",
    "Settings",
    "convert",
    "scrape",
]
__version__ = "0.1.0"


def scrape(
    url: str,
    *,
    settings: Settings = DEFAULT_SETTINGS,
    select: str | None = None,
    include_comments: bool = False,
    render: str = "auto",
    renderer: Renderer | None = None,
    wait_for_ms: int = 0,
    wait_selector: str | None = None,
    scroll: bool = False,
    respect_robots: bool | None = None,
) -> Document:
    """Fetch `url` safely and convert it, rendering it in a browser when it needs one.

    As `webfold scrape` does: a blocked page or an empty app shell is rendered with
    `renderer`, by default the local Chromium (none installed: the fetch's error stays).
    `render` is "auto", "always" (skip the plain fetch) or "never". The internal-address
    guard and robots.txt (unless `respect_robots=False`) always apply. Failures are
    values in `Document.error` (fetch_failed, robots_disallowed, blocked, render_failed,
    ...); raises ValueError only for an unknown `render` or `select`. `include_comments`
    keeps an article's reader comments, as for `convert`.
    The web modules are imported on the first call, so `import webfold` stays light.
    """
    from webfold.web.render import local_renderer
    from webfold.web.scrape import scrape as fetch_and_convert

    if renderer is None and render != "never":
        renderer = local_renderer()
    return fetch_and_convert(url, settings=settings, select=select,
                             include_comments=include_comments, render=render,
                             renderer=renderer, wait_for_ms=wait_for_ms,
                             wait_selector=wait_selector, scroll=scroll,
                             respect_robots=respect_robots)
