"""`webfold.outputs`: what is a source, what its outputs are called, the items written."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from webfold import outputs
from webfold.convert import convert
from webfold.document import Document
from webfold.sniff import StreamInfo, sniff

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "warc"))
from warc_builders import Rec, article, build_warc  # noqa: E402


@pytest.mark.parametrize(("name", "stem"), [
    ("a/b/Report.PDF", "a/b/Report"), ("crawl.warc.gz", "crawl"), ("x/site.WARC", "x/site"),
    ("page.shtml", "page"), ("notes.txt", "notes"), ("dir.v2/README", "dir.v2/README"),
])
def test_outputs_are_named_after_the_source_without_its_suffix(name, stem):
    assert outputs.output_stem(name) == stem


def test_an_output_is_never_a_source():
    for name in ("page.md", "page.json", "x.parts/host-0123456789.json"):
        assert outputs.source_suffix(name) is None
        with pytest.raises(ValueError):
            outputs.output_stem(name)
    # S3 refuses overlapping suffix filters for one event type: none may end another.
    for a in outputs.SOURCE_SUFFIXES:
        assert a == a.lower()
        assert all(a == b or not a.endswith(b) for b in outputs.SOURCE_SUFFIXES), a


def test_every_html_suffix_is_html_to_the_sniffer():
    for suffix in outputs.HTML_SUFFIXES:
        info = StreamInfo.from_hints(url=None, content_type=None, filename="x" + suffix)
        assert sniff(b"plain words", info) == "html", suffix


def test_a_documents_items_are_its_markdown_and_record():
    doc = Document(type="html", markdown="# Quay\n", source="q.html")
    md, record = outputs.document_items("out/q", doc)
    assert (md.name, md.data, md.content_type) == ("out/q.md", b"# Quay\n",
                                                   outputs.MARKDOWN_CONTENT_TYPE)
    assert record.name == "out/q.json" and record.content_type == outputs.RECORD_CONTENT_TYPE
    assert json.loads(record.data)["source"] == "q.html"
    doc.error = convert(b"").error  # failed: the record only, it says why
    assert [i.name for i in outputs.document_items("out/q", doc)] == ["out/q.json"]


def test_a_warc_in_memory_and_streamed_name_its_records_alike():
    from webfold.warc import iter_warc

    data = build_warc([Rec("http://example.com/a", article("A", "First.")),
                       Rec("http://example.com/b?x=1", article("B", "Second."))], gz=True)
    in_memory = outputs.document_items("s/site", convert(data, select="all"), markdown=False)
    streamed = [i.name for item in iter_warc(io.BytesIO(data), convert=convert)
                if item.document is not None
                for i in outputs.archive_record_items("s/site", item.document, item.uri,
                                                      item.date, item.offset)]
    parts = [i.name for i in in_memory if i.name.startswith("s/site.parts/")]
    assert parts == streamed and len(parts) == 4
    assert parts[0].startswith("s/site.parts/example.com_a-") and parts[0].endswith(".md")
    assert "s/site.json" in [i.name for i in in_memory]


def test_record_names_never_leave_their_folder():
    for uri in ("http://example.com/../../etc/passwd", "../../x", None, "http://[::1"):
        name = outputs.record_stem(uri, None, 7)
        assert "/" not in name and not name.startswith(".") and len(name) <= 131
