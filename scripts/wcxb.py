"""WCXB development split: loading pages and the benchmark's scoring rule.

The scoring rule is reimplemented from the data README (dataset commit c039d5e):
tokens are `re.findall(r"\\w+", text.lower())`; per page, overlap is the size of the
multiset intersection of predicted and reference tokens; precision = overlap /
predicted, recall = overlap / reference, F1 their harmonic mean; an empty reference
scores 1.0 only against an empty prediction; an empty prediction scores 0. Markdown is
projected to plain text first (links keep their label, images are dropped, heading,
list, quote, emphasis and table markers are removed).

Used by `scripts/train_selector.py`, `scripts/eval_wcxb.py` and `tests/selector/`.
"""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "wcxb-dev"
PAGE_TYPES = ("article", "documentation", "service", "forum", "collection", "listing", "product")
_TYPE_ALIASES = {"category": "collection"}

_TOKEN = re.compile(r"\w+")
_IMAGE = re.compile(r"!\[((?:[^\[\]]|\[[^\]]*\])*)\]\((?:[^()]|\([^)]*\))*\)")
_LINK = re.compile(r"\[((?:[^\[\]]|\[[^\]]*\])*)\]\((?:[^()]|\([^)]*\))*\)")
_HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>")
_FENCE = re.compile(r"^\s*(```+|~~~+).*$", re.MULTILINE)
_LINE_MARKERS = re.compile(
    r"^[ \t]*(?:>[ \t]?)*[ \t]*(?:#{1,6}[ \t]+|[-*+][ \t]+|\d{1,9}[.)][ \t]+)?", re.MULTILINE)
_EMPHASIS_US = re.compile(r"(?<![\\\w])_+|(?<![\\])_+(?!\w)")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>~])")


@dataclass(frozen=True, slots=True)
class Page:
    """One dev page: its id, type, URL, registered domain, HTML and ground truth."""

    file_id: str
    page_type: str
    url: str
    domain: str
    html: bytes
    main_content: str
    with_snippets: tuple[str, ...]
    without_snippets: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Score:
    precision: float
    recall: float
    f1: float


def tokens(text: str) -> list[str]:
    """The benchmark's tokens: lowercased `\\w+` runs (Unicode; digits and `_` included)."""
    return _TOKEN.findall(text.lower())


def markdown_to_text(markdown: str) -> str:
    """Project Markdown to the plain text the benchmark scores (see module docstring)."""
    text = _IMAGE.sub("", markdown)
    text = _LINK.sub(r"\1", text)
    text = _HTML_TAG.sub("", text)
    text = _FENCE.sub("", text)
    text = _LINE_MARKERS.sub("", text)
    text = _EMPHASIS_US.sub("", text)
    return _ESCAPE.sub(r"\1", text)


def score_tokens(predicted: list[str], reference: list[str]) -> Score:
    """Precision, recall and F1 of one page from its two token lists."""
    if not reference:
        value = 1.0 if not predicted else 0.0
        return Score(value, value, value)
    if not predicted:
        return Score(0.0, 0.0, 0.0)
    overlap = sum((Counter(predicted) & Counter(reference)).values())
    precision = overlap / len(predicted)
    recall = overlap / len(reference)
    f1 = 0.0 if overlap == 0 else 2 * precision * recall / (precision + recall)
    return Score(precision, recall, f1)


def score_markdown(markdown: str, reference_text: str) -> Score:
    """Score a Markdown extraction against a plain-text reference."""
    return score_tokens(tokens(markdown_to_text(markdown)), tokens(reference_text))


def snippet_found(snippet: str, text: str) -> bool:
    """Whether a GT snippet occurs in the extraction, compared on token sequences."""
    needle = " ".join(tokens(snippet))
    return bool(needle) and needle in " ".join(tokens(text))


def registered_domain(host: str) -> str:
    """The registrable part of a host name (a small public-suffix heuristic)."""
    labels = host.lower().strip(".").split(".")
    if labels and labels[0] == "www":
        labels = labels[1:]
    second_level = {"co", "com", "org", "net", "ac", "gov", "edu", "ne", "or", "go", "gv"}
    if len(labels) >= 3 and len(labels[-1]) == 2 and labels[-2] in second_level:
        return ".".join(labels[-3:])
    return ".".join(labels[-2:])


def page_ids(data_dir: Path = DATA_DIR) -> list[str]:
    """Sorted file ids of every page that has both HTML and ground truth."""
    return sorted(p.name[:-5] for p in (data_dir / "ground-truth").glob("*.json")
                  if (data_dir / "html" / f"{p.name[:-5]}.html.gz").exists())


def load_page(file_id: str, data_dir: Path = DATA_DIR) -> Page:
    """Read one page's gzipped HTML and its ground-truth record."""
    record = json.loads((data_dir / "ground-truth" / f"{file_id}.json").read_text("utf-8"))
    truth = record["ground_truth"]
    page_type = record["_internal"]["page_type"]["primary"]
    url = record.get("url") or ""
    host = re.sub(r"^[a-z]+://", "", url).split("/")[0].split(":")[0]
    return Page(
        file_id=file_id,
        page_type=_TYPE_ALIASES.get(page_type, page_type),
        url=url,
        domain=registered_domain(host),
        html=gzip.decompress((data_dir / "html" / f"{file_id}.html.gz").read_bytes()),
        main_content=truth.get("main_content") or "",
        with_snippets=tuple(truth.get("with") or ()),
        without_snippets=tuple(truth.get("without") or ()),
    )


def iter_pages(ids: list[str] | None = None, data_dir: Path = DATA_DIR) -> Iterator[Page]:
    """Every dev page (or the given ids) in id order."""
    for file_id in ids if ids is not None else page_ids(data_dir):
        yield load_page(file_id, data_dir)
