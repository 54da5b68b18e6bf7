"""Count the WCXB development pages that carry math, footnotes, callouts, task lists or
table captions, as the HTML converter sees them.

Per kind: the pages with at least one such block among all visible blocks
(`select="all"`), the blocks, and the pages where the main-content selection
(`select="main"`) keeps at least one of them. Read from the converter's blocks:
math is a `math` block or `BlockFlag.MATH`, a footnote a `footnote` definition, a
callout `BlockFlag.CALLOUT` (an admonition, kept by the selector inside the content
region, also `BlockFlag.ADMONITION`), a task a list item written `[x]`/`[ ]`, a caption a table
written with a line above it.

    .venv/bin/python scripts/fidelity_counts.py [--data DIR] [--every N]
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
from collections.abc import Callable
from pathlib import Path

import webfold
from webfold.document import Block, BlockFlag

DEFAULT_DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "wcxb-dev"
_TASK = re.compile(r"(?:> )*\s*(?:[-*+]|\d{1,9}[.)]) \[[ x]\] ")

KINDS: dict[str, Callable[[Block], bool]] = {
    "math": lambda b: b.kind == "math" or bool(b.flags & BlockFlag.MATH),
    "footnote definitions": lambda b: b.kind == "footnote",
    "callouts": lambda b: bool(b.flags & BlockFlag.CALLOUT),
    "of which admonitions": lambda b: bool(b.flags & BlockFlag.ADMONITION),
    "task list items": lambda b: b.kind == "list_item" and _TASK.match(b.markdown) is not None,
    "table captions": lambda b: b.kind == "table" and not b.markdown.startswith("|"),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--every", type=int, default=1, help="every Nth page only")
    args = parser.parse_args(argv)
    files = sorted((args.data / "html").glob("*.html.gz"))[::args.every]
    if not files:
        print(f"fidelity_counts: no pages under {args.data}/html", file=sys.stderr)
        return 2

    pages = {k: 0 for k in KINDS}
    blocks = {k: 0 for k in KINDS}
    kept = {k: 0 for k in KINDS}
    for path in files:
        html = gzip.decompress(path.read_bytes())
        every = [b for b in webfold.convert(html, content_type="text/html", select="all").blocks
                 if b.markdown]  # a callout's unwritten title block is not counted
        found = {k: sum(1 for b in every if test(b)) for k, test in KINDS.items()}
        if not any(found.values()):
            continue
        main_blocks = webfold.convert(html, content_type="text/html", select="main").blocks
        for kind, count in found.items():
            if count:
                pages[kind] += 1
                blocks[kind] += count
                kept[kind] += any(b.kept and b.markdown and KINDS[kind](b) for b in main_blocks)
    print(f"pages: {len(files)} (every {args.every}) under {args.data.name}")
    print("| kind | pages | blocks | pages where select=main keeps some |")
    print("|---|---|---|---|")
    for kind in KINDS:
        print(f"| {kind} | {pages[kind]} | {blocks[kind]} | {kept[kind]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
