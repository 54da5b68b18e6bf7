"""Limits, timeouts and defaults in one place.

Defaults live in code. `Settings.from_env(environ)` applies validated overrides named
`WEBFOLD_<FIELD>` (e.g. `WEBFOLD_MAX_BYTES=10000000`); the core never reads the
environment itself — the CLI and the handlers call `from_env` at their edge.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    max_bytes: int = 50_000_000  # input size cap for any document
    max_html_bytes: int = 20_000_000
    # Main-content selection
    select: str = "main"  # main | precision | all
    # PDF
    pdf_page_budget_s: float = 10.0  # time budget for one page's native extraction
    pdf_max_pages: int = 2_000
    ocr: bool = True
    # Tesseract languages ("eng+deu"), or "auto": by the script OSD sees, and for a Latin
    # page by the function words of its English reading
    ocr_lang: str = "auto"
    ocr_max_pages: int = 50
    ocr_max_dim: int = 3_000  # longest side of a rendered page, pixels
    ocr_timeout_s: float = 60.0  # per page
    # Office documents, e-books and spreadsheets (ZIP containers and CSV)
    office_max_unzipped_bytes: int = 200_000_000  # declared size of all archive members
    office_max_members: int = 20_000  # entries in one archive
    office_budget_s: float = 30.0  # then the rest (slides, sheets, chapters) is skipped
    sheet_max_cells: int = 100_000  # cells of one sheet's used range written as a table
    # Fetching
    user_agent: str = "WebfoldBot/0.1 (+https://github.com/webfold)"
    fetch_timeout_s: float = 20.0  # total deadline
    connect_timeout_s: float = 5.0
    fetch_max_bytes: int = 20_000_000
    max_redirects: int = 10
    fetch_retries: int = 2  # extra tries after a connection error, 429 or 5xx
    allow_loopback: bool = False
    respect_robots: bool = True
    # Rendering
    render_timeout_s: float = 30.0
    # Crawling one site (webfold crawl): page budget and template removal
    crawl_max_pages: int = 50
    template_min_share: float = 0.5  # a block on at least this share of the pages ...
    template_min_pages: int = 3  # ... and on at least this many pages is site template

    def replace(self, **changes: object) -> Settings:
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> Settings:
        """Defaults overridden by `WEBFOLD_*` variables; raises ValueError on a bad value."""
        changes: dict[str, object] = {}
        for f in dataclasses.fields(cls):
            raw = environ.get(f"WEBFOLD_{f.name.upper()}")
            if raw is None:
                continue
            changes[f.name] = _parse(f.name, f.type, raw)
        return cls(**changes)


def _parse(name: str, type_name: object, raw: str) -> object:
    kind = str(type_name)
    try:
        if kind == "bool":
            if raw.lower() in ("1", "true", "yes", "on"):
                return True
            if raw.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(raw)
        if kind == "int":
            value: object = int(raw)
        elif kind == "float":
            value = float(raw)
        else:
            return raw
    except ValueError:
        raise ValueError(f"WEBFOLD_{name.upper()}: {raw!r} is not a valid {kind}") from None
    if value < 0:  # type: ignore[operator]
        raise ValueError(f"WEBFOLD_{name.upper()}: must not be negative")
    return value


DEFAULT_SETTINGS = Settings()
