"""`python -m devstack`: one-shot, --watch and --aws, each in its own process."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from fn_samples import ARTICLE_HTML, pdf_bytes

REPO = Path(__file__).resolve().parents[2]  # `python -m devstack` runs from here


def run_local(*args: str, env: dict[str, str] | None = None,
              **popen: Any) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "devstack", *args], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "WEBFOLD_SELECT": "all", **(env or {})},
                            **popen)


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # as a shell's background job has it


def test_dropped_files_are_converted_and_listed(tmp_path):
    (tmp_path / "harbour.html").write_bytes(ARTICLE_HTML)
    (tmp_path / "tides.pdf").write_bytes(pdf_bytes())
    out_dir = tmp_path / "out"
    proc = run_local("--drop", str(tmp_path / "harbour.html"), str(tmp_path / "tides.pdf"),
                     "--out", str(out_dir))
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    lines = out.splitlines()
    assert lines[0] == "inbox/harbour.md"
    assert lines[1].startswith("inbox/harbour.json  {") and '"error": null' in lines[1]
    assert len(lines) == 4 and lines[2] == "inbox/tides.md"
    assert '"type": "pdf"' in lines[3] and '"pages": 1' in lines[3]
    # The listed outputs are files to open, and the handler log has logs and metrics.
    assert sorted(str(p.relative_to(out_dir)) for p in out_dir.rglob("*") if p.is_file()) == [
        "handlers.log", "inbox/harbour.json", "inbox/harbour.md", "inbox/tides.json",
        "inbox/tides.md"]
    assert "harbour" in (out_dir / "inbox" / "harbour.md").read_text(encoding="utf-8").lower()
    log = (out_dir / "handlers.log").read_text(encoding="utf-8")
    assert '"message":"object handled"' in log and '"CloudWatchMetrics"' in log
    assert f"outputs copied to {out_dir}/; handler logs and metrics: {out_dir}/handlers.log" \
        in err


def test_a_failed_or_unsupported_drop_exits_1_and_is_named(tmp_path):
    (tmp_path / "harbour.html").write_bytes(ARTICLE_HTML)
    (tmp_path / "fake.pdf").write_bytes(b"no pdf at all")
    (tmp_path / "letter.doc").write_bytes(b"\xd0\xcf\x11\xe0")
    proc = run_local("--drop", str(tmp_path / "harbour.html"), str(tmp_path / "fake.pdf"),
                     str(tmp_path / "letter.doc"), "--out", str(tmp_path / "out"))
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 1, err
    assert "inbox/harbour.md" in out.splitlines() and "Traceback" not in err
    assert "devstack: failed: inbox/fake.json (not_pdf: " in err
    assert f"devstack: not converted: {tmp_path / 'letter.doc'} (no notification" in err


def test_a_missing_file_is_an_argument_error(tmp_path):
    proc = run_local("--drop", str(tmp_path / "nope.html"))
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and "no such file" in err and out == ""
    proc = run_local("--aws", "--watch")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and "--watch" in err and out == ""


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "term"])
def test_watch_keeps_serving_until_interrupted(tmp_path, stop):
    (tmp_path / "harbour.html").write_bytes(ARTICLE_HTML)
    # Started with SIGINT ignored, as under a non-interactive shell's `&`: Ctrl-C must
    # still stop it (it hung there before).
    proc = run_local("--watch", "--drop", str(tmp_path / "harbour.html"), "--out",
                     str(tmp_path / "out"), preexec_fn=_ignore_sigint)
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
        proc.send_signal(stop)
        _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0
    assert "devstack: outputs copied to" in err


def test_aws_mode_drops_into_the_named_stack_and_waits_for_the_records(
        tmp_path, local_stack, names, dispatcher):
    # The "deployed stack" is the embedded one; this test plays the event source mappings.
    (tmp_path / "harbour.html").write_bytes(ARTICLE_HTML)
    env = {**local_stack.environ(), "WEBFOLD_BUCKET": names.bucket,
           "WEBFOLD_URLS_QUEUE_URL": names.urls_queue_url}
    proc = run_local("--aws", "--wait-s", "60", "--prefix", "in/", "--drop",
                     str(tmp_path / "harbour.html"), "--out", str(tmp_path / "out"), env=env)
    while proc.poll() is None:
        dispatcher.poll()
        time.sleep(0.2)
    out, err = proc.communicate()
    assert proc.returncode == 0, err
    assert out.startswith("in/harbour.json  {") and '"type": "html"' in out
    assert (tmp_path / "out" / "in" / "harbour.json").is_file()


def test_aws_mode_without_credentials_is_one_line(tmp_path):
    (tmp_path / "harbour.html").write_bytes(ARTICLE_HTML)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AWS_", "WEBFOLD_"))}
    env.update({"WEBFOLD_BUCKET": "webfold-documents", "AWS_DEFAULT_REGION": "us-east-1",
                "WEBFOLD_URLS_QUEUE_URL": "https://sqs.us-east-1.amazonaws.com/0/urls",
                "AWS_SHARED_CREDENTIALS_FILE": str(tmp_path / "none"),
                "AWS_CONFIG_FILE": str(tmp_path / "none"), "AWS_EC2_METADATA_DISABLED": "true"})
    proc = subprocess.run([sys.executable, "-m", "devstack", "--aws", "--out",
                           str(tmp_path / "out"), "--drop", str(tmp_path / "harbour.html")],
                          env=env, cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == "devstack --aws: NoCredentialsError: Unable to locate credentials\n"


def test_aws_mode_needs_the_stack_names(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("WEBFOLD_")}
    proc = subprocess.run([sys.executable, "-m", "devstack", "--aws"], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "WEBFOLD_BUCKET" in proc.stderr


def test_the_dispatcher_waits_only_when_every_queue_is_empty(local_stack, names, s3, dispatcher):
    class Recording:
        """The real SQS client, noting how long each receive may wait."""

        def __init__(self, sqs) -> None:
            self.sqs, self.waits = sqs, []

        def __getattr__(self, name):
            return getattr(self.sqs, name)

        def receive_message(self, **kwargs):
            self.waits.append((kwargs["QueueUrl"], kwargs["WaitTimeSeconds"]))
            return self.sqs.receive_message(**kwargs)

    recording = Recording(dispatcher.sqs)
    dispatcher.sqs = recording
    s3.put_object(Bucket=names.bucket, Key="inbox/harbour.html", Body=ARTICLE_HTML)
    for _ in range(30):  # the notification arrives within a few polls
        recording.waits.clear()
        if dispatcher.poll(wait_s=1).received:
            break
    assert [wait for _, wait in recording.waits] == [0, 0]  # work waiting: nobody waits
    recording.waits.clear()
    assert dispatcher.drain().failed == 0 and all(w == 0 for _, w in recording.waits)
    idle = []
    for _ in range(2):
        recording.waits.clear()
        assert dispatcher.poll(wait_s=1).received == 0
        assert [w for _, w in recording.waits] == [0, 0, 1]  # idle: one long poll, one queue
        idle.append(recording.waits[-1][0])
    assert idle[0] != idle[1]  # the queues take turns
