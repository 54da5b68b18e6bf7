"""Office files through the shared entry points: sniffing by content, lazy imports, the
CLI (`webfold md`, `webfold convert`) and the S3 source suffixes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

from webfold.cli import main
from webfold.outputs import SOURCE_SUFFIXES, source_suffix
from webfold.sniff import StreamInfo, sniff

KINDS = ["docx", "pptx", "xlsx", "ods", "epub"]


@pytest.mark.parametrize("kind", KINDS)
def test_containers_are_sniffed_by_content_whatever_their_name(kind, samples):
    data = samples[kind].path.read_bytes()
    for name in (None, "upload.bin", "page.html", "report.pdf"):
        assert sniff(data, StreamInfo(filename=name, extension=name and "." +
                                      name.rsplit(".", 1)[1])) == kind, name


def test_csv_is_sniffed_by_extension_or_type_when_the_bytes_are_text(samples):
    data = samples["csv"].path.read_bytes()
    assert sniff(data, StreamInfo.from_hints(url=None, content_type=None,
                                             filename="x.csv")) == "csv"
    assert sniff(data, StreamInfo.from_hints(url=None, content_type="text/csv",
                                             filename=None)) == "csv"
    assert sniff(b"a,b\n1,2\n", StreamInfo()) == "html"  # no hint: plain text, as before


CHILD = """
import sys
import webfold
webfold.convert(b"<html><body><p>Hello there, reader.</p></body></html>")
print(any(m in sys.modules for m in ("openpyxl", "webfold.office")))
"""


def test_html_conversion_imports_no_office_code():
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False"]


def test_every_office_suffix_is_a_source_of_the_cli_walk_and_the_pipeline():
    for suffix in (".docx", ".pptx", ".xlsx", ".ods", ".csv", ".epub"):
        assert suffix in SOURCE_SUFFIXES
        assert source_suffix(f"reports/Q3{suffix.upper()}") == suffix


def test_md_converts_a_docx_and_writes_its_images(tmp_path, samples, capsys):
    images = tmp_path / "images"
    assert main(["md", str(samples["docx"].path), "--images", str(images)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# ") and "[^1]: " in out
    written = [p.name for p in images.iterdir()]
    assert len(written) == 1 and f"]({(images / written[0]).as_posix()})" in out


def test_convert_walks_a_folder_of_office_files(tmp_path, samples, capsys):
    for case in samples.values():
        shutil.copy(case.path, tmp_path / case.path.name)
    assert main(["convert", str(tmp_path)]) == 0
    for case in samples.values():
        stem = case.path.name.rsplit(".", 1)[0]
        record = json.loads((tmp_path / f"{stem}.json").read_text())
        assert record["type"] == case.kind and record["error"] is None
        assert (tmp_path / f"{stem}.md").read_text().strip()
    assert "6 converted, 0 failed" in capsys.readouterr().err
