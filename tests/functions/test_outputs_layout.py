"""One output layout for every entry point: the CLI's `convert` and `warc --out`, and the
S3 pipeline name a WARC's outputs alike, and every source suffix reaches every edge."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from fn_samples import page_html, warc_bytes

from webfold import outputs
from webfold.cli import convert as convert_cli
from webfold.cli import warc as warc_cli
from webfold.pipeline import resources

PAGES = {
    "https://example.org/lights": page_html("Lights", "Forty-two lights on the wall."),
    "https://example.org/tides?week=3": page_html("Tides", "High water comes at dawn."),
}


def run_cli(module, argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="webfold")
    module.add_parser(parser.add_subparsers(dest="command"))
    return module.run(parser.parse_args(argv))


def relative_files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def test_a_warcs_outputs_are_named_alike_by_convert_warc_out_and_the_pipeline(
        tmp_path, s3, names, dispatcher):
    archive = warc_bytes(PAGES)
    beside = tmp_path / "beside"
    beside.mkdir()
    (beside / "site.warc.gz").write_bytes(archive)
    assert run_cli(convert_cli, ["convert", str(beside)]) == 0
    from_convert = relative_files(beside) - {"site.warc.gz"}

    (tmp_path / "site.warc.gz").write_bytes(archive)
    out = tmp_path / "out"
    assert run_cli(warc_cli, ["warc", str(tmp_path / "site.warc.gz"), "--out", str(out)]) == 0
    from_warc_out = relative_files(out)

    s3.put_object(Bucket=names.bucket, Key="crawls/site.warc.gz", Body=archive)
    dispatcher.drain()
    listed = s3.list_objects_v2(Bucket=names.bucket, Prefix="crawls/")["Contents"]
    from_pipeline = {o["Key"].removeprefix("crawls/") for o in listed} - {"site.warc.gz"}

    assert from_convert == from_warc_out == from_pipeline
    records = sorted(n for n in from_pipeline if n.endswith(".md"))
    assert len(records) == 2 and "site.json" in from_pipeline
    # The names come from the record (URI, date, offset), not a counter that shifts.
    assert any(n.startswith("site.parts/example.org_lights-") for n in records), records


def test_the_local_stack_routes_every_suffix_the_cli_converts(s3, names, dispatcher,
                                                              local_stack):
    rule = local_stack.client("events").describe_rule(Name=resources.OBJECTS_RULE)
    keys = json.loads(rule["EventPattern"])["detail"]["object"]["key"]
    assert {k["suffix"]["equals-ignore-case"] for k in keys} == set(outputs.SOURCE_SUFFIXES)
    s3.put_object(Bucket=names.bucket, Key="site/index.shtml",
                  Body=page_html("Included", "Server side includes still exist."))
    dispatcher.drain()
    md = s3.get_object(Bucket=names.bucket, Key="site/index.md")["Body"].read().decode()
    assert "Server side includes still exist." in md
