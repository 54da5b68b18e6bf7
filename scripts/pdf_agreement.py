"""Where Webfold loses or adds text on real PDFs, found without ground truth.

For every real PDF we have (`pdf-dev/reference`, the odd files of `pdf-dev/robust`, the
real-engine corpus of `scripts/pdf_engine_corpus.py`), Webfold's text (Markdown syntax
stripped as `pdf_scores.plain_text` does) is compared with pypdf's and PyMuPDF
`get_text()`'s. Words both baselines agree on (the multiset intersection of their
case-folded words, words split at a line end joined) are the consensus:

- recall: share of the consensus words Webfold has (missing ones were dropped);
- extra: share of Webfold's words beyond what either baseline has (duplicated text);
- order: CER of Webfold against `get_text()` on the pages where `get_text()` finds one
  column (its blocks never side by side), so word order on plain pages shows;
- bigrams: share of Webfold's word bigrams (over all pages) that `get_text()`'s text
  has too, pypdf's share beside it: columns read line by line across the page (two
  lines interleaved) show here, where the one-column CER does not look.

`--corpus dev` reads the development files; `--corpus real` the real-world TeX PDFs of
`scripts/pdf_real_corpus.py` (ranked by bigram shortfall against pypdf); `--corpus
public` the real non-TeX PDFs that PDF libraries ship, from `scripts/pdf_public_text.py`
(ranked by missing + extra + bigram shortfall, so lost, added and reordered text all
show). Only files where the two baselines agree with each other (word F1 >= AGREE) are
ranked; the dev table lists them by loss (missing + extra), worst first. The closing
lines give each package's means and those of all ranked files. OCR is off: a page routed
to OCR shows up as dropped text with its route in the `ocr` column. Each file runs in
its own subprocess under a timeout.

    python scripts/pdf_agreement.py [--corpus dev|real|public] [--jobs 2] [--top 30] [--dump DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pdf_engine_corpus import DEFAULT_OUT as ENGINE_DIR  # noqa: E402
from pdf_public_text import DEFAULT_OUT as PUBLIC_TEXT_DIR  # noqa: E402
from pdf_real_corpus import DEFAULT_OUT as REAL_DIR  # noqa: E402
from pdf_scores import levenshtein, plain_text  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "pdf-dev"
AGREE = 0.9  # baseline word F1 over which the baselines are taken as agreeing
TIMEOUT_S = 120
MIN_WORDS = 20  # consensus words a file needs to be ranked
MAX_ORDER_CHARS = 20_000  # per page: longer pages are cut for the order CER
BEHIND = 0.03  # bigram share under pypdf's by more than this: a file read out of order
_WORD = re.compile(r"\w+")
# A word split at a line end ("com-\nmand"): the baselines keep the halves, Webfold
# joins them; every text is measured with them joined, so that is no loss.
_LINE_END_HYPHEN = re.compile(r"(?<=[^\W\d_])-[ \t]*\n\s*(?=[^\W\d_])")


def _words(text: str) -> Counter[str]:
    return Counter(_word_list(text))


def _word_list(text: str) -> list[str]:
    return _WORD.findall(plain_text(text).casefold())


def _bigrams(text: str) -> Counter[tuple[str, str]]:
    words = _word_list(_LINE_END_HYPHEN.sub("", text))
    return Counter(zip(words, words[1:], strict=False))


def _bigram_share(text: str, reference: Counter[tuple[str, str]]) -> float:
    """Share of the word bigrams of `text` that `reference` has too (as a multiset)."""
    pairs = _bigrams(text)
    return sum((pairs & reference).values()) / max(1, sum(pairs.values()))


def _f1(a: Counter[str], b: Counter[str]) -> float:
    overlap = sum((a & b).values())
    if not overlap:
        return 1.0 if not a and not b else 0.0
    p, r = overlap / sum(b.values()), overlap / sum(a.values())
    return 2 * p * r / (p + r)


def _one_column(page) -> bool:
    """True when no two text blocks of `page` sit side by side."""
    boxes = [b[:4] for b in page.get_text("blocks") if b[6] == 0 and b[4].strip()]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            v = min(a[3], b[3]) - max(a[1], b[1])
            if v > 0.5 * min(a[3] - a[1], b[3] - b[1]) and (a[2] <= b[0] or b[2] <= a[0]):
                return False
    return True


def measure(path: Path) -> dict:
    """The three texts of one file and the agreement figures (run in a subprocess)."""
    import pymupdf
    import pypdf

    from webfold.convert import convert
    from webfold.settings import Settings

    pymupdf.TOOLS.mupdf_display_errors(False)
    doc = convert(path.read_bytes(), filename=path.name, settings=Settings(ocr=False))
    wf = doc.markdown
    by_page: dict[int, list[str]] = {}
    for block in doc.blocks:
        by_page.setdefault(block.page or 0, []).append(block.markdown)
    with pymupdf.open(path) as pdf:
        gt_pages = [page.get_text() for page in pdf]
        single = [_one_column(page) for page in pdf]
    try:
        pp = "\n".join(p.extract_text() or "" for p in pypdf.PdfReader(path).pages)
    except Exception as exc:  # a baseline failing leaves the file unranked
        pp = ""
        print(f"pypdf {path.name}: {type(exc).__name__}", file=sys.stderr)
    gt = "\n".join(gt_pages)
    w = _words(wf)
    p, g = (_words(_LINE_END_HYPHEN.sub("", text)) for text in (pp, gt))
    consensus, either = p & g, p | g
    edits = chars = 0
    for n, (text, one) in enumerate(zip(gt_pages, single, strict=True), start=1):
        ref = plain_text(text)[:MAX_ORDER_CHARS]
        if not one or len(ref) < 200:
            continue
        hyp = plain_text("\n\n".join(by_page.get(n, [])))[:MAX_ORDER_CHARS]
        edits += levenshtein(ref, hyp)
        chars += len(ref)
    n_cons, n_w = sum(consensus.values()), sum(w.values())
    gt_pairs = _bigrams(gt)
    return {
        "agree": _f1(p, g),
        "recall": sum((w & consensus).values()) / n_cons if n_cons else 1.0,
        "extra": sum((w - either).values()) / n_w if n_w else 0.0,
        "order": edits / chars if chars else None,
        "bigrams": _bigram_share(wf, gt_pairs),
        "bigrams_pypdf": _bigram_share(pp, gt_pairs),
        "words": n_cons,
        "ocr": sum(1 for pg in doc.pages if pg.route != "native"),
        "error": doc.error.code if doc.error else None,
        "missing": [t for t, _ in (consensus - w).most_common(12)],
        "added": [t for t, _ in (w - either).most_common(12)],
        "texts": {"webfold": wf, "pypdf": pp, "get_text": gt},
    }


def files(engine: Path) -> list[tuple[str, Path]]:
    """(corpus, path) of every development PDF we have."""
    out = [("reference", p) for p in sorted((DATA / "reference").glob("*.pdf"))]
    out += [("robust", p) for p in sorted((DATA / "robust").glob("*.pdf"))]
    if (engine / "cases.json").exists():
        for case in json.loads((engine / "cases.json").read_text(encoding="utf-8")):
            out.append((case["source"], engine / case["path"]))
    else:
        print(f"no engine corpus in {engine}: run scripts/pdf_engine_corpus.py", file=sys.stderr)
    return out


def manifest_files(folder: Path, script: str) -> list[tuple[str, Path]]:
    """(package, path) of every file in the `cases.json` of a corpus `script` built."""
    manifest = folder / "cases.json"
    if not manifest.exists():
        print(f"no corpus in {folder}: run scripts/{script}", file=sys.stderr)
        return []
    return [(case["source"], folder / case["path"])
            for case in json.loads(manifest.read_text(encoding="utf-8"))]


def _run(path: Path) -> dict | None:
    env = dict(os.environ)  # PYTHONPATH chooses the Webfold measured (default: this tree's)
    env.setdefault("PYTHONPATH", str(Path(__file__).resolve().parents[1] / "shared"))
    try:
        done = subprocess.run([sys.executable, __file__, "--one", str(path)], env=env,
                              capture_output=True, text=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        print(f"{path.name}: timed out", file=sys.stderr)
        return None
    if done.returncode != 0:
        print(f"{path.name}: exit {done.returncode}: {done.stderr.strip()[-200:]}",
              file=sys.stderr)
        return None
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--one", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--corpus", choices=("dev", "real", "public"), default="dev")
    parser.add_argument("--engine", type=Path, default=ENGINE_DIR)
    parser.add_argument("--real", type=Path, default=REAL_DIR)
    parser.add_argument("--public", type=Path, default=PUBLIC_TEXT_DIR)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--only", default="", help="substring a file name must contain")
    parser.add_argument("--agree", type=float, default=AGREE,
                        help="baseline word F1 from which a file is ranked")
    parser.add_argument("--dump", type=Path, help="write the three texts of ranked files here")
    args = parser.parse_args(argv)
    if args.one:
        json.dump(measure(args.one), sys.stdout)
        return 0
    listed = {"dev": lambda: files(args.engine),
              "real": lambda: manifest_files(args.real, "pdf_real_corpus.py"),
              "public": lambda: manifest_files(args.public, "pdf_public_text.py")}[args.corpus]()
    todo = [(c, p) for c, p in listed if args.only in str(p)]
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda item: _run(item[1]), todo))
    rows = [(c, p, r) for (c, p), r in zip(todo, results, strict=True) if r is not None]
    def loss(r: dict) -> float:
        shortfall = r["bigrams_pypdf"] - r["bigrams"]
        if args.corpus == "real":
            return shortfall
        return 1 - r["recall"] + r["extra"] + (max(0.0, shortfall) if args.corpus == "public"
                                               else 0.0)

    ranked = sorted(((c, p, r) for c, p, r in rows
                     if r["agree"] >= args.agree and r["words"] >= MIN_WORDS),
                    key=lambda x: -loss(x[2]))
    print(f"{len(rows)} files read, {len(ranked)} with agreeing baselines "
          f"(word F1 >= {args.agree})")
    print(f"{'corpus':23}{'file':34}{'words':>7}{'agree':>7}{'recall':>8}{'extra':>7}"
          f"{'order':>7}{'bigr':>6}{'pypdf':>6}{'ocr':>4}  missing / added")
    for corpus, path, r in ranked[:args.top]:
        order = "-" if r["order"] is None else f"{r['order']:.3f}"
        name = f"{path.parent.name}/{path.name}"[-33:]  # many real files are "example.pdf"
        print(f"{corpus:23}{name:34}{r['words']:>7}{r['agree']:>7.3f}"
              f"{r['recall']:>8.3f}{r['extra']:>7.3f}{order:>7}{r['bigrams']:>6.3f}"
              f"{r['bigrams_pypdf']:>6.3f}{r['ocr']:>4}  "
              f"{' '.join(r['missing'][:6])} / {' '.join(r['added'][:6])}")
        if args.dump:
            args.dump.mkdir(parents=True, exist_ok=True)
            for tool, text in r["texts"].items():
                (args.dump / f"{path.stem}.{tool}.txt").write_text(text, encoding="utf-8")
    groups = [(c, [r for k, _, r in ranked if k == c]) for c in sorted({c for c, _, _ in ranked})]
    for corpus, group in groups + [("all", [r for _, _, r in ranked])] if ranked else []:
        orders = [r["order"] for r in group if r["order"] is not None]
        behind = sum(1 for r in group if r["bigrams"] < r["bigrams_pypdf"] - BEHIND)
        print(f"{corpus:23} {len(group):>4} files  mean recall "
              f"{sum(r['recall'] for r in group) / len(group):.3f}  mean extra "
              f"{sum(r['extra'] for r in group) / len(group):.3f}  mean order CER "
              f"{(sum(orders) / len(orders)) if orders else float('nan'):.3f}  mean bigrams "
              f"{sum(r['bigrams'] for r in group) / len(group):.3f} (pypdf "
              f"{sum(r['bigrams_pypdf'] for r in group) / len(group):.3f}, {behind} files "
              f"behind it by > {BEHIND})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
