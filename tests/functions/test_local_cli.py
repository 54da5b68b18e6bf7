"""`python -m devstack`: one-shot, --watch and --aws, each in its own process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from fn_samples import ARTICLE_HTML, pdf_bytes

REPO = Path(__file__).resolve().parents[2]  # `python -m devstack` runs from here


def run_local(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "devstack", *args], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "WEBFOLD_SELECT": "all", **(env or {})})


def test_dropped_files_are_converted_and_listed(tmp_path):
    (tmp_path / "harbour.html").write_bytes(ARTICLE_HTML)
    (tmp_path / "tides.pdf").write_bytes(pdf_bytes())
    proc = run_local("--drop", str(tmp_path / "harbour.html"), str(tmp_path / "tides.pdf"))
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    lines = out.splitlines()
    assert lines[0] == "inbox/harbour.md"
    assert lines[1].startswith("inbox/harbour.json  {") and '"error": null' in lines[1]
    assert len(lines) == 4 and lines[2] == "inbox/tides.md"
    assert '"type": "pdf"' in lines[3] and '"pages": 1' in lines[3]


def test_a_missing_file_is_an_argument_error(tmp_path):
    proc = run_local("--drop", str(tmp_path / "nope.html"))
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and "no such file" in err and out == ""
    proc = run_local("--aws", "--watch")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and "--watch" in err and out == ""


def test_watch_keeps_serving_until_interrupted(tmp_path):
    (tmp_path / "harbour.html").write_bytes(ARTICLE_HTML)
    proc = run_local("--watch", "--drop", str(tmp_path / "harbour.html"))
    seen: list[str] = []
    deadline = time.monotonic() + 90
    try:
        while time.monotonic() < deadline and "inbox/harbour.md" not in seen:
            line = proc.stdout.readline()
            if not line:
                break
            seen.append(line.split("  ")[0].strip())  # the key, without its record line
        assert seen[0].startswith("devstack: AWS API at http://127.0.0.1:")
        assert "inbox/harbour.md" in seen
        assert proc.poll() is None  # still serving
    finally:
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)
    assert proc.returncode == 0


def test_aws_mode_drops_into_the_named_stack_and_waits_for_the_records(
        tmp_path, local_stack, names, dispatcher):
    # The "deployed stack" is the embedded one; this test plays the event source mappings.
    (tmp_path / "harbour.html").write_bytes(ARTICLE_HTML)
    env = {**local_stack.environ(), "WEBFOLD_BUCKET": names.bucket,
           "WEBFOLD_URLS_QUEUE_URL": names.urls_queue_url}
    proc = run_local("--aws", "--wait-s", "60", "--prefix", "in/", "--drop",
                     str(tmp_path / "harbour.html"), env=env)
    while proc.poll() is None:
        dispatcher.poll()
        time.sleep(0.2)
    out, err = proc.communicate()
    assert proc.returncode == 0, err
    assert out.startswith("in/harbour.json  {") and '"type": "html"' in out


def test_aws_mode_needs_the_stack_names(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("WEBFOLD_")}
    proc = subprocess.run([sys.executable, "-m", "devstack", "--aws"], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "WEBFOLD_BUCKET" in proc.stderr
