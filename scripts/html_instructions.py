"""Count the instructions `webfold.convert` spends per WCXB page, under valgrind: a measure
of an exact speedup that the load of a shared machine does not move.

    PYTHONPATH=shared .venv/bin/python scripts/html_instructions.py [--limit 150] [--select main]

Runs this script twice under `valgrind --tool=cachegrind`, with PYTHONHASHSEED=0 and the
package byte-compiled first and one BLAS thread (so neither the hash seed, nor compiling,
nor an idle thread spinning moves the count):
once reading the first `--limit` pages and converting nothing, once converting each of
them with `--select`; the difference per page is the conversions' instructions. Run one
after the other from one shell, a tree gives the same count to 0.01%; the same tree run
in the background beside another came out 3% off, so compare trees run in sequence, in
one place. Instructions are no time: cache misses are not counted.
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import subprocess
import sys
from pathlib import Path

import wcxb
import webfold

NOTHING = "none"  # the baseline run: pages read, none converted


def _convert_pages(limit: int, select: str) -> None:
    pages = [(page.html, page.url or None) for page in wcxb.iter_pages(wcxb.page_ids()[:limit])]
    webfold.convert(b"<p>warm up</p>", select="main")  # imports and the model's session
    if select != NOTHING:
        for html, url in pages:
            webfold.convert(html, url=url, select=select)


def _instructions(limit: int, select: str) -> int:
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
               "--cachegrind-out-file=/dev/null", sys.executable, __file__,
               "--limit", str(limit), "--under-valgrind", select]
    # One BLAS thread: OpenBLAS's idle threads spin, and valgrind counts their spinning.
    env = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
    run = subprocess.run(command, env=env,
                         capture_output=True, text=True, check=True)
    return int(re.search(r"I\s+refs:\s+([\d,]+)", run.stderr).group(1).replace(",", ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=150, help="first N WCXB pages")
    parser.add_argument("--select", default="main", choices=("main", "precision", "all"))
    parser.add_argument("--under-valgrind", metavar="SELECT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.under_valgrind:  # the run valgrind counts: convert with this mode, or none
        _convert_pages(args.limit, args.under_valgrind)
        return 0
    compileall.compile_dir(Path(webfold.__file__).parent, quiet=1)
    spent = _instructions(args.limit, args.select) - _instructions(args.limit, NOTHING)
    print(f"{spent / args.limit / 1e6:.2f} M instructions/page, select={args.select}, "
          f"{args.limit} pages ({webfold.__file__})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
