"""Run every PDF of a folder through `webfold.convert`, each in its own subprocess.

Prints one row per file (outcome, error code, pages by route, warnings, characters,
junk score of the Markdown, seconds) and the totals. An outcome is one of:
ok (text), partial (text plus warnings or skipped pages), error (a typed error),
crash (the child died or printed a traceback), hang (over the timeout), junk (the
Markdown carries raw glyph codes: `route.garbage_score` at or over the garbled floor).

    python scripts/robust_pdf.py [DIR] [--timeout S] [--jobs N] [--no-ocr]

Exit 1 when any file crashed, hung or produced junk.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from webfold.pdf.route import GARBLED_MIN_SCORE

DEFAULT_DIR = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "pdf-dev" / "robust"

_CHILD = r"""
import json, sys
from webfold import Settings, convert
from webfold.contract import ConvertOptions
from webfold.pdf.route import garbage_score
data = open(sys.argv[1], "rb").read()
settings = Settings(ocr=sys.argv[2] == "1")
doc = convert(data, filename=sys.argv[1], options=ConvertOptions(settings=settings))
routes = {}
for p in doc.pages:
    routes[p.route] = routes.get(p.route, 0) + 1
print(json.dumps({"error": doc.error.code if doc.error else None, "routes": routes,
                  "warnings": len(doc.warnings), "chars": len(doc.markdown),
                  "junk": garbage_score(doc.markdown)}))
"""


def run_one(path: Path, timeout: float, ocr: bool) -> dict:
    """Convert `path` in a child process; the row for the table."""
    started = time.perf_counter()
    try:
        proc = subprocess.run([sys.executable, "-c", _CHILD, str(path), "1" if ocr else "0"],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"file": path.name, "outcome": "hang", "seconds": timeout}
    row = {"file": path.name, "seconds": round(time.perf_counter() - started, 2)}
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines or "Traceback" in proc.stderr:
        row.update(outcome="crash", detail=proc.stderr.strip().splitlines()[-1:] or "")
        return row
    result = json.loads(lines[-1])
    row.update(result)
    skipped = result["routes"].get("skipped", 0)
    if result["error"]:
        row["outcome"] = "error"
    elif result["junk"] >= GARBLED_MIN_SCORE:
        row["outcome"] = "junk"
    elif skipped or result["warnings"]:
        row["outcome"] = "partial"
    else:
        row["outcome"] = "ok"
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT_DIR)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-ocr", action="store_true")
    args = parser.parse_args()
    files = sorted(args.folder.glob("*.pdf"))
    if not files:
        print(f"no PDFs in {args.folder}", file=sys.stderr)
        return 2
    with ThreadPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(lambda f: run_one(f, args.timeout, not args.no_ocr), files))
    print(f"{'file':48} {'outcome':8} {'error':10} {'routes':28} {'warn':>4} {'chars':>7} "
          f"{'junk':>5} {'s':>6}")
    for r in rows:
        routes = ",".join(f"{k}={v}" for k, v in sorted(r.get("routes", {}).items()))
        print(f"{r['file'][:48]:48} {r['outcome']:8} {r.get('error') or '':10} {routes[:28]:28} "
              f"{r.get('warnings', ''):>4} {r.get('chars', ''):>7} {r.get('junk', 0):5.2f} "
              f"{r['seconds']:6.2f}")
    counts = Counter(r["outcome"] for r in rows)
    errors = Counter(r.get("error") for r in rows if r.get("error"))
    print(f"\n{len(rows)} files: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    if errors:
        print("errors: " + ", ".join(f"{k} {v}" for k, v in sorted(errors.items())))
    for r in rows:
        if r["outcome"] == "crash":
            print(f"crash {r['file']}: {r.get('detail')}")
    return 1 if counts["crash"] or counts["hang"] or counts["junk"] else 0


if __name__ == "__main__":
    sys.exit(main())
