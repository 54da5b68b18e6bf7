"""Trafilatura's evaluation pages (development half): loading and the scoring rule.

The rule is Trafilatura's own (`tests/eval_common.py`, restated in the data README):
the extraction is projected to plain text (Markdown through `wcxb.markdown_to_text`:
link labels kept, markup dropped), every run of whitespace becomes one space, in the
segments too; per page a `with` segment found as a substring is a true positive, one
missing a false negative; a `without` segment found is a false positive, one missing a
true negative; a failed conversion finds nothing. Counts are summed over all pages:
precision = tp/(tp+fp), recall = tp/(tp+fn), accuracy = (tp+tn)/all, F = 2tp/(2tp+fp+fn).

Used by `scripts/eval_trafilatura.py`, `scripts/train_selector.py` and `tests/selector/`.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import wcxb

DATA_DIR = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "trafilatura-dev"
_SPACE = re.compile(r"\s+")
# Markup `wcxb.markdown_to_text` leaves (its tokens ignore it; substrings do not):
# unescaped emphasis and code-span markers, hard-break backslashes, table pipes and rules.
_INLINE_MARKS = re.compile(r"(?<!\\)(?:\*+|`+)|\\(?=\n)")
_TABLE_RULE = re.compile(r"^[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*$", re.MULTILINE)
_PIPE = re.compile(r"(?<!\\)\|")


@dataclass(frozen=True, slots=True)
class Page:
    """One evaluation page: its key in `evaldata.json`, URL, host, bytes and segments."""

    key: str
    url: str
    domain: str
    html: bytes
    with_segments: tuple[str, ...]
    without_segments: tuple[str, ...]


@dataclass(slots=True)
class Counts:
    """The four counts of the rule, summed over pages."""

    tp: int = 0
    fn: int = 0
    fp: int = 0
    tn: int = 0

    def add(self, other: Counts) -> None:
        self.tp += other.tp
        self.fn += other.fn
        self.fp += other.fp
        self.tn += other.tn

    @property
    def precision(self) -> float:
        return self.tp / max(self.tp + self.fp, 1)

    @property
    def recall(self) -> float:
        return self.tp / max(self.tp + self.fn, 1)

    @property
    def accuracy(self) -> float:
        return (self.tp + self.tn) / max(self.tp + self.tn + self.fp + self.fn, 1)

    @property
    def f(self) -> float:
        return 2 * self.tp / max(2 * self.tp + self.fp + self.fn, 1)


def collapse(text: str) -> str:
    """Every run of whitespace as one space, ends stripped."""
    return _SPACE.sub(" ", text).strip()


def score_text(text: str, page: Page) -> Counts:
    """The counts of one page for an extraction already projected to plain text."""
    flat = collapse(text)
    found = [collapse(s) in flat for s in page.with_segments]
    leaked = [collapse(s) in flat for s in page.without_segments]
    return Counts(tp=sum(found), fn=len(found) - sum(found), fp=sum(leaked),
                  tn=len(leaked) - sum(leaked))


def markdown_to_plain(markdown: str) -> str:
    """Markdown projected to the plain text the rule compares: `wcxb.markdown_to_text`
    after dropping emphasis/code markers, hard-break backslashes and table pipes."""
    text = _TABLE_RULE.sub("", markdown)
    text = _PIPE.sub(" ", _INLINE_MARKS.sub("", text))
    return wcxb.markdown_to_text(text)


def score_markdown(markdown: str, page: Page) -> Counts:
    return score_text(markdown_to_plain(markdown), page)


def _host(url: str) -> str:
    return re.sub(r"^[a-z]+://", "", url).split("/")[0].split(":")[0]


def page_keys(data_dir: Path = DATA_DIR) -> list[str]:
    """Every page key of `evaldata.json` whose HTML is present, sorted."""
    records = json.loads((data_dir / "evaldata.json").read_text("utf-8"))
    return sorted(k for k, r in records.items() if (data_dir / "html" / f"{r['file']}.gz").exists())


def iter_pages(keys: list[str] | None = None, data_dir: Path = DATA_DIR) -> Iterator[Page]:
    """The pages (all, or the given keys) in key order. A key is the page's URL, or
    `hard::<file>` for pages saved without one; the domain of those is the file's stem."""
    records = json.loads((data_dir / "evaldata.json").read_text("utf-8"))
    for key in keys if keys is not None else page_keys(data_dir):
        record = records[key]
        url = "" if key.startswith("hard::") else key
        host = _host(url) if url else record["file"].rsplit("-", 1)[0]
        yield Page(key=key, url=url, domain=wcxb.registered_domain(host),
                   html=gzip.decompress((data_dir / "html" / f"{record['file']}.gz").read_bytes()),
                   with_segments=tuple(record.get("with") or ()),
                   without_segments=tuple(record.get("without") or ()))
