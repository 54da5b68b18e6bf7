"""Hostile archives: whatever the bytes, iter_warc ends and never raises."""

from __future__ import annotations

import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from warc_builders import Rec, article, build_warc

from webfold.contract import ConvertOptions
from webfold.convert import convert
from webfold.warc import WarcCounts, iter_warc

PLAIN = build_warc([Rec("http://example.com/1", article("One", "First.")),
                    Rec("http://example.com/2", article("Two", "Second."))], gz=False)
GZ = build_warc([Rec("http://example.com/1", article("One", "First.")),
                 Rec("http://example.com/2", article("Two", "Second."))], gz=True)


def drain(data: bytes) -> WarcCounts:
    counts = WarcCounts()
    for item in iter_warc(io.BytesIO(data), convert=convert, options=ConvertOptions(select="all")):
        counts.add(item)
        assert item.status in ("converted", "failed", "skipped")
        assert (item.document is None) == (item.status == "skipped")
        if item.status == "failed":
            assert item.document.error is not None
    return counts


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.sampled_from([PLAIN, GZ]),
       edits=st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.binary(min_size=1,
                                                                              max_size=8)),
                      min_size=1, max_size=4),
       cut=st.floats(0.05, 1.0))
def test_mutated_archives_end_without_raising(base, edits, cut):
    data = bytearray(base[:max(1, int(len(base) * cut))])
    for where, junk in edits:
        at = int(where * len(data))
        data[at:at + len(junk)] = junk
    counts = drain(bytes(data))
    assert counts.records >= 1


def test_declared_lengths_that_lie_are_damaged_not_fatal():
    lying = PLAIN.replace(b"Content-Length: ", b"Content-Length: 9", 1)
    counts = drain(lying)
    assert counts.failed >= 1


def test_random_bytes_and_empty_input():
    assert drain(b"").records == 0
    assert drain(bytes(range(256)) * 8).failed >= 1


def _shorten_declared_length(data: bytes, record: int, by: int) -> bytes:
    """`data` with the Content-Length of WARC record number `record` lowered by `by`."""
    import re

    headers = [m for m in re.finditer(rb"WARC-Type: [^\r]*\r\n(?:[^\r]+\r\n)*?Content-Length: "
                                      rb"(\d+)\r\n", data)]
    match = headers[record]
    length = int(match.group(1)) - by
    return data[:match.start(1)] + str(length).encode() + data[match.end(1):]


def test_a_short_content_length_is_a_failed_item_not_a_raw_library_warning(capfd):
    three = build_warc([Rec("http://example.com/1", article("One", "First.")),
                        Rec("http://example.com/2", article("Two", "Second.")),
                        Rec("http://example.com/3", article("Three", "Third."))], gz=False)
    for record in (2, 3):  # a record in the middle, and the last one
        items = list(iter_warc(io.BytesIO(_shorten_declared_length(three, record, 20)),
                               convert=convert, options=ConvertOptions(select="all")))
        failed = [i for i in items if i.status == "failed"]
        assert len(failed) == 1, [i.status for i in items]
        message = failed[0].document.error.message
        assert f"record for http://example.com/{record}" in message
        assert "Content-Length is short" in message
        assert [i.uri for i in items if i.status == "converted"] == [
            "http://example.com/1", "http://example.com/2", "http://example.com/3"]
    assert "WARNING" not in capfd.readouterr().err  # warcio's own line is not printed
