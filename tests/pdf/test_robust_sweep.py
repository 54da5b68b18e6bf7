"""scripts/robust_pdf.py sweeps each distinct file once: copies of one file (real corpora
hold many) and files a cut-short sweep's rows cover already are not run again."""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "robust_pdf.py"


def _script():
    spec = importlib.util.spec_from_file_location("robust_pdf", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_copies_of_one_file_and_files_in_the_rows_already_are_swept_once(tmp_path):
    robust = _script()
    for name, body in (("a.pdf", b"%PDF-1.4 one"), ("b.pdf", b"%PDF-1.4 two"),
                       ("copy-of-a.pdf", b"%PDF-1.4 one"), ("c.pdf", b"%PDF-1.4 three")):
        (tmp_path / name).write_bytes(body)
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps({"file": "elsewhere/c.pdf", "outcome": "ok", "sha256":
                                hashlib.sha256(b"%PDF-1.4 three").hexdigest()}) + "\n"
                    + json.dumps({"file": "an old row without a digest", "outcome": "ok"}) + "\n")
    seen = robust._swept(rows)
    files = robust.distinct(robust._pdfs(tmp_path), seen)
    assert [path.name for path, _ in files] == ["a.pdf", "b.pdf"]
    assert files[0][1] == hashlib.sha256(b"%PDF-1.4 one").hexdigest()
    assert robust.distinct(robust._pdfs(tmp_path), seen) == []  # a second folder: all seen
