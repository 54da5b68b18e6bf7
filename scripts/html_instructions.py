"""Count the instructions `webfold.convert` spends per WCXB page, under valgrind: a measure
of an exact speedup that the load of a shared machine does not move.

    PYTHONPATH=shared .venv/bin/python scripts/html_instructions.py [--limit 150] [--select main]

Runs this script under `valgrind --tool=callgrind`, with PYTHONHASHSEED=0, the package
byte-compiled first and one BLAS thread: it reads the first `--limit` pages, converts a
page to load the model, then converts each page with `--select` inside one
`itertools.starmap` (no code of the package uses it), and callgrind counts only inside
`starmap_next` (`--toggle-collect`), thread by thread (`--separate-threads`): only the
conversions' own instructions, in the thread that runs them. Counting the whole process
instead (cachegrind, minus a run converting nothing) also counted the idle threads of
the libraries spinning, whose count follows the machine's load: two runs of one tree
beside other work came out up to 2% apart, where this count stays within 0.1%.
Instructions are no time: cache misses are not counted.
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import subprocess
import sys
import tempfile
from collections import deque
from itertools import starmap
from pathlib import Path

import wcxb
import webfold


def _convert_pages(limit: int, select: str) -> None:
    pages = [(page.html, page.url or None) for page in wcxb.iter_pages(wcxb.page_ids()[:limit])]
    webfold.convert(b"<p>warm up</p>", select="main")  # imports and the model's session

    def convert(html: bytes, url: str | None) -> None:
        webfold.convert(html, url=url, select=select)

    deque(starmap(convert, pages), maxlen=0)  # what callgrind counts (see the docstring)


def _instructions(limit: int, select: str) -> int:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", "--separate-threads=yes",
                   "--toggle-collect=starmap_next", f"--callgrind-out-file={out}",
                   sys.executable, __file__, "--limit", str(limit), "--under-valgrind", select]
        env = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
        subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        return sum(int(count) for path in Path(folder).glob("callgrind.out*")  # one a thread
                   for count in re.findall(r"^summary: (\d+)", path.read_text(), re.MULTILINE))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=150, help="first N WCXB pages")
    parser.add_argument("--select", default="main", choices=("main", "precision", "all"))
    parser.add_argument("--under-valgrind", metavar="SELECT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.under_valgrind:  # the run valgrind counts
        _convert_pages(args.limit, args.under_valgrind)
        return 0
    compileall.compile_dir(Path(webfold.__file__).parent, quiet=1)
    spent = _instructions(args.limit, args.select)
    print(f"{spent / args.limit / 1e6:.2f} M instructions/page, select={args.select}, "
          f"{args.limit} pages ({webfold.__file__})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
