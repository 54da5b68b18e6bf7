"""The demo's sample archive (events/samples/gazette.warc.gz) converts as the demo expects."""

from __future__ import annotations

from pathlib import Path

from webfold.contract import ConvertOptions
from webfold.convert import convert
from webfold.warc import WarcCounts, iter_warc

SAMPLE = Path(__file__).resolve().parents[2] / "events" / "samples" / "gazette.warc.gz"


def test_sample_archive_converts_six_records():
    counts = WarcCounts()
    docs = {}
    for item in iter_warc(SAMPLE, convert=convert, options=ConvertOptions(select="all")):
        counts.add(item)
        if item.document is not None:
            docs[item.uri] = item.document
    assert counts.to_dict() == {"records": 16, "converted": 6, "failed": 0, "skipped": {
        "http 4xx": 1, "request record": 8, "type image/png": 1}}
    assert "crème brûlée on “market” Saturdays" in docs["http://gazette.example/cafe"].markdown
    assert docs["http://gazette.example/report.pdf"].type == "pdf"
