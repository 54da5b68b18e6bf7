"""Adversarial PDFs made here (issue #11's robustness targets): each ends in Markdown, a
warning that says what was lost, or a typed error, in bounded time; through the CLI too."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pymupdf
from test_hostile import _raw_pdf

from webfold.pdf.native import drop_caps, read_page

SHARED = Path(__file__).resolve().parents[2] / "shared"
HELVETICA = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"


def _one_page(content: bytes, *, box: bytes = b"[0 0 595 842]", resources: bytes = b"",
              more: tuple[bytes, ...] = ()) -> bytes:
    """A one-page PDF drawing `content` (deflated), with Helvetica as /F1; `more` are
    objects 6 on (`resources` may name them)."""
    stream = zlib.compress(content)
    return _raw_pdf([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox %s /Resources << /Font << /F1 4 0 R >> %s >>"
        b" /Contents 5 0 R >>" % (box, resources),
        HELVETICA,
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream",
        *more,
    ])


def _letter_grid(count: int) -> bytes:
    """`count` one-letter text objects in rows of 200 across the page, each its own line."""
    rows = max(count // 200, 1)
    ops = [b"/F1 %.1f Tf 1 0 0 1 %.1f %.1f Tm (%c) Tj" % (
        1 + (i % 3) * 0.5, 10 + (i % 200) * 2.9, 830 - (i // 200) * (800 / rows), 65 + i % 26)
        for i in range(count)]
    return _one_page(b"BT\n" + b"\n".join(ops) + b"\nET")


def _cli(path: Path, *args: str) -> tuple[subprocess.CompletedProcess, dict]:
    done = subprocess.run([sys.executable, "-m", "webfold", "pdf", str(path), "--json", *args],
                          capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(SHARED), "PATH": "/usr/bin:/bin"})
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    return done, json.loads(done.stdout)


def test_many_one_letter_lines_look_for_drop_caps_only_beside_each_letter():
    # Every one-letter line is a drop cap candidate; each looked through all the page's
    # lines (10,000 lines: 97 s), so a page of tiny spans never ended.
    page = pymupdf.open(stream=_letter_grid(20_000))[0]
    lines = read_page(page, 1)
    assert len(lines.lines) > 15_000
    started = time.perf_counter()
    drop_caps(lines)
    assert time.perf_counter() - started < 20  # the old pass: about 400 s
    assert len(lines.lines) > 15_000  # no letter in the grid is anyone's drop cap
