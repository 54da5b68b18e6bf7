"""Real-world born-digital PDFs: the PDF documentation of Debian packages.

Debian's documentation packages ship PDFs made by real engines (pdfTeX, XeTeX, LuaTeX,
dvipdfmx, ...) in many layouts: LaTeX manuals, two-column journal and conference
papers, theses, posters, letters, CVs, with watermarks and margin stamps. There is no
ground truth; `scripts/pdf_agreement.py --corpus real` measures them against pypdf and
PyMuPDF `get_text()`.

The packages are fetched with `apt-get download` (nothing is installed) into an ignored
folder (default `.pdf-real-corpus/`), each unpacked with `dpkg -x` into a folder of its
own, and a deterministic sample is picked per package: the files of at most `MAX_PAGES`
pages whose path hashes lowest. A `cases.json` manifest lists them with their package;
a later run reuses what is there unless `--rebuild`.

    python scripts/pdf_real_corpus.py [--out DIR] [--rebuild]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO / ".pdf-real-corpus"
# Package -> files sampled from it. The publishers' classes are the papers, posters,
# theses and letters; the LaTeX base documentation is single-column manuals; the Arabic
# package's are Arabic and Persian documents typeset by XeLaTeX and LuaLaTeX (right to
# left, bidi brackets, Quran citations, expert-glyph fonts). (gnuplot's manual, the
# other often-cited one, has hundreds of pages: over `MAX_PAGES`.)
SAMPLE = {
    "texlive-publishers-doc": 70,
    "texlive-latex-base-doc": 25,
    "asymptote-doc": 5,
    "texlive-lang-arabic": 20,
}
MAX_PAGES = 24  # longer files are left out, so a run over every page stays short


def fetch(out: Path, package: str, rebuild: bool) -> Path:
    """The folder `package` is unpacked in, downloading and unpacking it when needed."""
    tree = out / package
    if tree.is_dir() and not rebuild:
        return tree
    debs = out / "debs"
    debs.mkdir(parents=True, exist_ok=True)
    for old in debs.glob(f"{package}_*.deb"):
        old.unlink()
    subprocess.run(["apt-get", "download", package], cwd=debs, check=True,
                   capture_output=True)
    deb = next(debs.glob(f"{package}_*.deb"))
    shutil.rmtree(tree, ignore_errors=True)
    subprocess.run(["dpkg", "-x", str(deb), str(tree)], check=True)
    return tree


def sample(tree: Path, count: int) -> list[Path]:
    """`count` PDFs of `tree` with at most `MAX_PAGES` pages, those whose path inside
    the package hashes lowest (the same files on every run)."""
    import pymupdf

    pymupdf.TOOLS.mupdf_display_errors(False)

    def rank(path: Path) -> str:
        return hashlib.sha1(str(path.relative_to(tree)).encode()).hexdigest()

    picked: list[Path] = []
    for path in sorted(tree.rglob("*.pdf"), key=rank):
        try:
            with pymupdf.open(path) as doc:
                pages = doc.page_count
        except Exception:  # an unreadable file is no sample of born-digital text
            continue
        if 0 < pages <= MAX_PAGES:
            picked.append(path)
            if len(picked) == count:
                break
    return picked


def build(out: Path, rebuild: bool) -> list[dict[str, str]]:
    """The sampled cases ({"source": package, "path": relative to `out`}), written to
    `out/cases.json`."""
    cases = []
    for package, count in SAMPLE.items():
        tree = fetch(out, package, rebuild)
        cases += [{"source": package, "path": str(p.relative_to(out))}
                  for p in sample(tree, count)]
    (out / "cases.json").write_text(json.dumps(cases, indent=1), encoding="utf-8")
    return cases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--rebuild", action="store_true", help="download and unpack again")
    args = parser.parse_args(argv)
    cases = build(args.out, args.rebuild)
    for package in SAMPLE:
        print(f"{package:24} {sum(c['source'] == package for c in cases):>4} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
