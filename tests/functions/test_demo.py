"""`make demo` runs scripts/demo.py: it must work on a machine with no AWS and no network."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_demo_converts_every_sample_and_the_urls():
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AWS_", "WEBFOLD_"))}
    env["WEBFOLD_SELECT"] = "all"  # the pipeline is under test here, not the trained selector
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "demo.py")], env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    records = [line for line in lines if ".json  {" in line]
    assert records and all('"error": null' in line for line in records), done.stdout
    keys = {line.split("  ")[0] for line in lines}
    for sample in (REPO / "events" / "samples").iterdir():
        stem = sample.name.removesuffix(".gz").rsplit(".", 1)[0]
        assert f"samples/{stem}.json" in keys, sample.name
    assert any(k.startswith("samples/") and ".parts/" in k and k.endswith(".md") for k in keys)
    assert any(k.startswith("scrapes/127.0.0.1_") and k.endswith(".md") for k in keys)
    assert any(k.startswith("watched/") and k.endswith(".md") for k in keys)
    assert "dead-letter queues: empty" in lines
    assert "outputs copied to out/ (" in done.stdout
    for key in keys & {k for k in keys if k.endswith((".md", ".json"))}:
        assert (REPO / "out" / key).is_file(), key
    log = (REPO / "out" / "demo-handlers.log").read_text(encoding="utf-8").splitlines()
    assert any('"message":"object handled"' in line for line in log)  # the handlers' logs
    assert any('"Documents"' in line and "CloudWatchMetrics" in line for line in log)  # metrics
