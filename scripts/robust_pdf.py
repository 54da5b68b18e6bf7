"""Run every PDF under some folders through the CLI as a user runs it, each in a subprocess.

Each file runs twice, `webfold pdf FILE --json` and `webfold pdf FILE` (OCR as the
default settings have it unless `--no-ocr`), each with a timeout, and the CLI contract is
checked: the --json stdout is exactly one JSON object; the plain stdout is that record's
Markdown and nothing else (nothing a library printed; compared only when no page went to
OCR, which renders at the resolution the page's time budget has left, so two runs of an
OCR'd page may read differently); the exit code matches the record
(0 without an error, 1 with its typed error) in both runs; no traceback on stderr; no
empty Markdown without a warning or an error saying why; no garbled Markdown
(replacement, control or private-use characters, unassigned code points, `(cid:N)`) beyond
what PyMuPDF's `get_text()` or pypdf reads from the same pages.

An outcome is one of: ok, partial (warnings or skipped pages), error (a typed error),
crash (a traceback, a signal, an exit code the record does not explain, or the error
`internal`: an exception the converter caught), hang (over the timeout), contract (stdout
not as the contract says), empty (empty Markdown, nothing says why), junk (garbled where
the references are clean). Prints one row per file that is not ok or partial, the slowest
files, and a table per folder given.

A file whose bytes were swept already (the same SHA-256, in this sweep or in a row of
the `--rows` file it appends to) is not run again: real corpora hold many copies of one
file, and a sweep cut short goes on with the files it has not reached.

    python scripts/robust_pdf.py [DIR ...] [--timeout S] [--jobs N] [--no-ocr] [--rows FILE]

Exit 1 when any file crashed, hung, broke the contract, came out empty or junk.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import time
import unicodedata
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from webfold.pdf.route import UNMAPPED_MARK
from webfold.settings import Settings

DEFAULT_DIR = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "pdf-dev" / "robust"
FAILURES = ("crash", "hang", "contract", "empty", "junk")
OUTCOMES = ("ok", "partial", "error", *FAILURES)

_CID = re.compile(r"\(cid:\d+\)")
_JUNK_CATEGORIES = frozenset({"Cc", "Co", "Cn", "Cs"})

# The junk PyMuPDF and pypdf read from each page: the floor a conversion is held to.
_REFERENCE = r"""
import json, sys, pymupdf, pypdf
sys.path.insert(0, sys.argv[2])
from robust_pdf import junk_count
with pymupdf.open(sys.argv[1]) as doc:
    mupdf = [junk_count(page.get_text()) for page in doc]
try:
    reader = pypdf.PdfReader(sys.argv[1])
    other = [junk_count(page.extract_text() or "") for page in reader.pages]
except Exception:
    other = mupdf
print(json.dumps(sum(min(a, b) for a, b in zip(mupdf, other, strict=False))))
"""


def junk_count(text: str) -> int:
    """Garbled characters in `text`: U+FFFD, controls other than whitespace, private-use,
    surrogate and unassigned code points, and each `(cid:N)` placeholder (an unmapped
    mark after a right-to-left letter is a missing vowel sign, not junk)."""
    text = UNMAPPED_MARK.sub("", text)
    placeholders = len(_CID.findall(text))
    return placeholders + sum(1 for ch in _CID.sub("", text)
                              if ch not in "\t\n\r" and (ch == "\ufffd" or unicodedata.category(ch)
                                                         in _JUNK_CATEGORIES))


def _cli(path: Path, ocr: bool, json_out: bool,
         timeout: float) -> subprocess.CompletedProcess | None:
    argv = [sys.executable, "-m", "webfold", "pdf", str(path)]
    argv += [] if ocr else ["--no-ocr"]
    argv += ["--json"] if json_out else []
    try:
        return subprocess.run(argv, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None


def _reference_junk(path: Path, timeout: float) -> int | None:
    try:
        done = subprocess.run([sys.executable, "-c", _REFERENCE, str(path),
                               str(Path(__file__).parent)],
                              capture_output=True, text=True, timeout=timeout)
        return int(done.stdout) if done.returncode == 0 else None
    except (subprocess.TimeoutExpired, ValueError):
        return None


def run_one(path: Path, timeout: float, ocr: bool, sha256: str = "") -> dict:
    """Both CLI runs of `path` and the contract checks; the row for the table."""
    row: dict = {"file": str(path), "sha256": sha256, "outcome": "ok", "detail": ""}
    started = time.perf_counter()
    as_json = _cli(path, ocr, True, timeout)
    row["seconds"] = round(time.perf_counter() - started, 2)
    plain = _cli(path, ocr, False, timeout) if as_json is not None else None
    if as_json is None or plain is None:
        return {**row, "outcome": "hang", "detail": "json" if as_json is None else "plain"}
    for name, done in (("json", as_json), ("plain", plain)):
        err = done.stderr.decode("utf-8", "replace")
        if "Traceback" in err or done.returncode not in (0, 1):
            last = " | ".join(err.strip().splitlines()[-2:])
            return {**row, "outcome": "crash", "detail": f"{name} exit {done.returncode}: {last}"}
    try:
        record = json.loads(as_json.stdout.decode("utf-8"))
        assert isinstance(record, dict)
    except (UnicodeDecodeError, ValueError, AssertionError):
        return {**row, "outcome": "contract", "detail": "--json stdout is not one JSON object: "
                + repr(as_json.stdout[:80])}
    error = (record.get("error") or {}).get("code")
    pages = record.get("pages", [])
    row.update(error=error, pages=len(pages), warnings=len(record["warnings"]),
               skipped=sum(p["route"] == "skipped" for p in pages),
               ocr=sum(p["route"] == "ocr" for p in pages),
               ms_per_page=round(record["elapsed_ms"] / max(len(pages), 1), 1),
               max_page_ms=max((p["elapsed_ms"] for p in pages), default=0.0))
    expected = 1 if error else 0
    markdown = record.get("markdown", "")
    if as_json.returncode != expected or plain.returncode != expected:
        return {**row, "outcome": "crash", "detail": f"exit {as_json.returncode}/"
                f"{plain.returncode} for a record with error {error}"}
    if plain.stdout.decode("utf-8", "replace").strip() != markdown.strip():
        if not row["ocr"]:
            return {**row, "outcome": "contract",
                    "detail": "plain stdout is not the record's Markdown"}
        # OCR renders at the resolution the page's budget has left: two runs may differ.
        row["detail"] = "plain run's OCR read differs"
    if error:  # `internal` is a bug the converter caught, not a verdict on the file
        return {**row, "outcome": "crash" if error == "internal" else "error",
                "detail": record["error"]["message"][:100]}
    if not markdown.strip() and not record["warnings"]:
        return {**row, "outcome": "empty"}
    if (junk := junk_count(markdown)) > 0:
        floor = _reference_junk(path, timeout)
        row["junk"] = junk
        if floor is not None and junk > floor:
            return {**row, "outcome": "junk",
                    "detail": f"{junk} junk characters, references {floor}"}
    if row["skipped"] or row["warnings"]:
        row["outcome"] = "partial"
    return row


def _pdfs(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.suffix.lower() == ".pdf" and p.is_file())


def distinct(files: list[Path], seen: set[str]) -> list[tuple[Path, str]]:
    """`files` whose contents are in none of `seen` (SHA-256 hex digests) nor in an
    earlier file of the list, with their digests; `seen` takes the new ones."""
    out = []
    for path in files:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        if digest not in seen:
            seen.add(digest)
            out.append((path, digest))
    return out


def _swept(rows: Path | None) -> set[str]:
    """The digests of the files a `--rows` file has rows of already."""
    if rows is None or not rows.exists():
        return set()
    with rows.open(encoding="utf-8") as lines:
        return {json.loads(line).get("sha256") for line in lines if line.strip()} - {"", None}


def _table(corpora: dict[str, list[dict]]) -> None:
    print(f"\n{'corpus':28} {'files':>5} " + " ".join(f"{o:>8}" for o in OUTCOMES)
          + f" {'max ms/page':>11}  errors by code")
    for name, rows in corpora.items():
        counts = Counter(r["outcome"] for r in rows)
        errors = Counter(r["error"] for r in rows if r.get("error"))
        slowest = max((r.get("ms_per_page", 0.0) for r in rows), default=0.0)
        print(f"{name[:28]:28} {len(rows):5} " + " ".join(f"{counts[o]:8}" for o in OUTCOMES)
              + f" {slowest:11.0f}  " + ", ".join(f"{k} {v}" for k, v in sorted(errors.items())))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", type=Path, default=[DEFAULT_DIR])
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per CLI run")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-ocr", action="store_true")
    parser.add_argument("--rows", type=Path, help="also write each file's row to this JSONL file")
    args = parser.parse_args()
    budget_ms = Settings.from_env(os.environ).pdf_page_budget_s * 1000
    corpora: dict[str, list[dict]] = {}
    seen = _swept(args.rows)
    sink = args.rows.open("a", encoding="utf-8") if args.rows else None
    for folder in args.folders:
        found = _pdfs(folder)
        if not found:
            print(f"no PDFs in {folder}", file=sys.stderr)
            return 2
        files = distinct(found, seen)
        print(f"{folder}: {len(files)} of {len(found)} files to sweep, the rest swept already "
              "(the same bytes)", file=sys.stderr)

        def one(file: tuple[Path, str]) -> dict:
            path, digest = file
            row = run_one(path, args.timeout, not args.no_ocr, digest)
            if sink:
                sink.write(json.dumps(row) + "\n")
                sink.flush()
            return row

        with ThreadPoolExecutor(args.jobs) as pool:
            corpora[folder.name or str(folder)] = rows = list(pool.map(one, files))
        for r in rows:
            if r["outcome"] not in ("ok", "partial"):
                print(f"{r['outcome']:8} {r.get('error') or '':10} {r['file']}: {r['detail']}")
        over = [r for r in rows if r.get("max_page_ms", 0) > budget_ms]
        for r in over:
            print(f"over the page budget: {r['file']}: a page took {r['max_page_ms']:.0f} ms")
    rows = [r for rs in corpora.values() for r in rs]
    print("\nslowest (ms/page, s total for both runs' first):")
    for r in sorted(rows, key=lambda r: -r.get("ms_per_page", 0))[:10]:
        print(f"{r.get('ms_per_page', 0):9.0f} ms/page {r['seconds']:7.1f} s "
              f"{r.get('pages', '?'):>4} pages  {r['file']}")
    _table(corpora)
    return 1 if any(r["outcome"] in FAILURES for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
