"""Score `webfold.convert` and Trafilatura on Trafilatura's evaluation pages (dev half).

    .venv/bin/python scripts/eval_trafilatura.py             # both, per language
    .venv/bin/python scripts/eval_trafilatura.py --committed # the committed model
    .venv/bin/python scripts/eval_trafilatura.py --pages pages.jsonl  # and per page
    .venv/bin/python scripts/eval_trafilatura.py --misses misses.jsonl  # and each miss

Each page goes through `webfold.convert(html_bytes, url=url, select=mode)` for mode in
main and precision, and through `trafilatura.extract(html_bytes, url=url)` (2.3.1,
the `bench` extra; its default settings: no comments, tables kept) in the same run.
Scored with the corpus's own rule (`scripts/trafdev.py`): counts of `with` segments
found and `without` segments leaked, summed over pages; F = 2tp/(2tp+fp+fn). Pages
are grouped by the language the page declares (`<html lang>`, primary subtag).

`--pages FILE` also writes one JSON line per page: its key, domain and language, and
per mode the four counts with the `with` segments missed and the `without` segments
leaked, to set Webfold's failures beside Trafilatura's page by page.

`--misses FILE` writes one JSON line per miss of the main mode: the page's key, the kind
("fp" a `without` segment kept, "fn" a `with` segment dropped), the segment, and where it
sits: for a leak, the share of our Markdown's plain text before it and the nearest kept
heading above; for either, the first block holding its start (index, kind, tag, score,
whether kept, the class/id tokens around it), to group the misses by structure.

Webfold is scored by the fold model that did not train on the page when the fold
models of `scripts/train_selector.py final` cover these pages (training on them), else
by the committed model, which then never saw them. The script says which.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

import trafdev
import webfold
from selector_work import FOLD_DIR
from webfold.selector import model as selector_model

PEER = "trafilatura"
MODES = ("main", "precision", PEER)
MISS_TOKENS = 6  # class/id tokens of a missed segment's block (the nearest) in `--misses`
SEGMENT_START = 40  # characters of a segment's start looked for in the blocks
MIN_LANGUAGE_PAGES = 10  # languages with fewer pages are reported together as "other"
FOLD_PREFIX = "traf:"  # fold-map keys of these pages (WCXB pages use their file id)


def fold_models() -> tuple[dict[str, int], list[selector_model.SelectorModel]] | None:
    """The page -> fold map and fold models, when they cover these pages."""
    path = FOLD_DIR / "folds.json"
    if not path.exists():
        return None
    fold_map = json.loads(path.read_text("utf-8"))
    if not any(k.startswith(FOLD_PREFIX) for k in fold_map):
        return None
    n_folds = max(fold_map.values()) + 1
    return fold_map, [selector_model.SelectorModel(FOLD_DIR / f"fold{k}") for k in range(n_folds)]


def peer_text(page: trafdev.Page) -> str:
    import trafilatura

    return trafilatura.extract(page.html, url=page.url or None) or ""


def language(doc) -> str:
    return ((doc.metadata.language or "").lower().replace("_", "-").split("-")[0]
            or "unknown")


def page_line(page: trafdev.Page, lang: str, texts: dict[str, str]) -> str:
    """The JSON line of `--pages`: per mode the counts, segments missed and leaked."""
    modes = {}
    for mode, text in texts.items():
        flat = trafdev.collapse(text)
        missed = [s for s in page.with_segments if trafdev.collapse(s) not in flat]
        leaked = [s for s in page.without_segments if trafdev.collapse(s) in flat]
        modes[mode] = {"tp": len(page.with_segments) - len(missed), "fn": len(missed),
                       "fp": len(leaked), "tn": len(page.without_segments) - len(leaked),
                       "missed": missed, "leaked": leaked}
    return json.dumps({"key": page.key, "domain": page.domain, "lang": lang, **modes},
                      ensure_ascii=False)


def _holding_block(blocks, segment: str, kept_only: bool) -> dict:
    """Where a segment's start sits among the page's blocks (`--misses`)."""
    start = trafdev.collapse(segment)[:SEGMENT_START]
    for block in blocks:
        if kept_only and not block.kept:
            continue
        text = trafdev.collapse(block.text)
        if start and (start in text or len(text) >= 20 and text in start):
            return {"block": block.index, "block_kind": block.kind, "tag": block.tag,
                    "score": None if block.score is None else round(block.score, 3),
                    "kept": block.kept, "tokens": list(block.tokens[-MISS_TOKENS:])}
    return {"block": None}


def miss_lines(page: trafdev.Page, doc, plain: str) -> list[str]:
    """The `--misses` lines of one page: each leaked and each missed segment, where it sits
    in our Markdown (leaks) and the block holding it."""
    flat = trafdev.collapse(plain)
    headings = [(b.index, b.text) for b in doc.blocks if b.kept and b.kind == "heading"]
    lines = []
    for kind, segments, found in (("fp", page.without_segments, True),
                                  ("fn", page.with_segments, False)):
        for segment in segments:
            at = flat.find(trafdev.collapse(segment))
            if (at >= 0) != found:
                continue
            where = _holding_block(doc.blocks, segment, kept_only=found)
            if found:
                where["at"] = round(at / max(len(flat), 1), 3)
                where["heading"] = next((text for i, text in reversed(headings)
                                         if where["block"] is not None and i < where["block"]),
                                        None)
            lines.append(json.dumps({"key": page.key, "kind": kind, "segment": segment, **where},
                                    ensure_ascii=False))
    return lines


def evaluate(keys: list[str], committed: bool, pages_out=None, misses_out=None
             ) -> tuple[dict[str, dict[str, trafdev.Counts]], Counter]:
    """Counts per mode and language ("all" for the total), and pages per language;
    with `pages_out` (a text file), one `page_line` per page written to it, with
    `misses_out` the `miss_lines` of the main mode."""
    folds = None if committed else fold_models()
    print("webfold scored by " + ("the fold models (out of fold)" if folds else
                                  "the committed model"), file=sys.stderr)
    counts: dict[str, dict[str, trafdev.Counts]] = defaultdict(
        lambda: defaultdict(trafdev.Counts))
    pages: Counter = Counter()
    for page in trafdev.iter_pages(keys):
        model = folds[1][folds[0][FOLD_PREFIX + page.key]] if folds else None
        lang = "unknown"
        texts = {}
        for mode in MODES:
            if mode == PEER:
                texts[mode] = peer_text(page)
                page_counts = trafdev.score_text(texts[mode], page)
            else:
                if model is None:
                    doc = webfold.convert(page.html, url=page.url or None, select=mode)
                else:
                    with selector_model.using(model):
                        doc = webfold.convert(page.html, url=page.url or None, select=mode)
                lang = language(doc)
                texts[mode] = trafdev.markdown_to_plain("" if doc.error else doc.markdown)
                page_counts = trafdev.score_text(texts[mode], page)
                if misses_out is not None and mode == "main":
                    misses_out.writelines(line + "\n" for line in
                                          miss_lines(page, doc, texts[mode]))
            counts[mode]["all"].add(page_counts)
            counts[mode][lang].add(page_counts)
        pages[lang] += 1
        if pages_out is not None:
            pages_out.write(page_line(page, lang, texts) + "\n")
    return counts, pages


def print_table(counts: dict[str, dict[str, trafdev.Counts]], pages: Counter) -> None:
    languages = [k for k in counts[PEER] if k != "all"]
    main_langs = [k for k, n in pages.most_common() if n >= MIN_LANGUAGE_PAGES]
    print("pages: " + " ".join(f"{k} {pages[k]}" for k in main_langs)
          + f" other {sum(pages.values()) - sum(pages[k] for k in main_langs)}")
    for mode in MODES:
        other = trafdev.Counts()
        for k in languages:
            if k not in main_langs:
                other.add(counts[mode][k])
        row = counts[mode]["all"]
        cells = " ".join(f"{k} {counts[mode][k].f:.3f}" for k in main_langs)
        print(f"{mode:<12} F {row.f:.4f}  P {row.precision:.4f}  R {row.recall:.4f}  "
              f"acc {row.accuracy:.4f}  (tp {row.tp} fn {row.fn} fp {row.fp} tn {row.tn}) | "
              f"{cells} other {other.f:.3f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--committed", action="store_true",
                        help="score with the committed model even when fold models exist")
    parser.add_argument("--limit", type=int, default=None, help="first N pages only")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    parser.add_argument("--pages", type=Path, default=None,
                        help="also write one JSON line per page here")
    parser.add_argument("--misses", type=Path, default=None,
                        help="also write one JSON line per leaked or missed segment here")
    args = parser.parse_args()
    if not trafdev.DATA_DIR.exists():
        print(f"no data at {trafdev.DATA_DIR}", file=sys.stderr)
        return 2
    keys = trafdev.page_keys()[:args.limit]
    with contextlib.ExitStack() as stack:
        pages_out, misses_out = (stack.enter_context(path.open("w", encoding="utf-8"))
                                 if path else None for path in (args.pages, args.misses))
        counts, pages = evaluate(keys, args.committed, pages_out, misses_out)
    print_table(counts, pages)
    if args.json:
        figures = {mode: {lang: {"f": c.f, "precision": c.precision, "recall": c.recall,
                                 "accuracy": c.accuracy} for lang, c in by_lang.items()}
                   for mode, by_lang in counts.items()}
        args.json.write_text(json.dumps(figures, indent=1) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
