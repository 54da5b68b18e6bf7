"""Score `webfold.convert` on the WCXB development split, and time it.

    .venv/bin/python scripts/eval_wcxb.py            # quality (out-of-fold) + speed
    .venv/bin/python scripts/eval_wcxb.py --quality  # quality only
    .venv/bin/python scripts/eval_wcxb.py --speed    # speed only
    .venv/bin/python scripts/eval_wcxb.py --quality --main-only  # select="main", no peer

Quality: each page goes through `webfold.convert(html, url=gt_url, select=mode)` for
mode in main, precision and all, and its Markdown is scored with the benchmark's rule
(`scripts/wcxb.py`). For main and precision each page is scored by the fold model that
did not train on it (written by `scripts/train_selector.py final` under
`FOLD_DIR` of `scripts/selector_work.py`); `--committed` uses the committed model instead (which saw
every dev page: optimistic). Reported: mean F1, precision, recall overall and per page
type, and the rates of `with` snippets found and `without` snippets avoided.
`--main-only` scores select="main" alone, without Trafilatura: about two minutes on
this machine, where the full run took most of an hour (Trafilatura spends seconds on
some pages).

`--pages FILE` also writes one JSON line per page (file id, type, URL, and per mode
F1, precision and recall), to find the pages a mode loses most on.

Trafilatura 2.3.1 (`trafilatura.extract(html, url=url)`, default settings; the
`bench` extra) is scored and timed on the same pages in the same run.

Speed: on the same pages, one process, after a warm-up: median and p90 ms/page of
select="main" (committed model), select="all", Trafilatura, and bare parsing,
interleaved page by page so all three see the same machine load; and, inside
select="main", the feature matrix (`block_features`) and the ONNX run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

import wcxb
import webfold
from selector_work import FOLD_DIR
from webfold import selector
from webfold.selector import model as selector_model

MODES = ("main", "precision", "all")
PEER = "trafilatura"  # Trafilatura 2.3.1 (the `bench` extra), default settings, same pages


def _fold_models() -> tuple[dict[str, int], list[selector_model.SelectorModel]]:
    fold_map = json.loads((FOLD_DIR / "folds.json").read_text("utf-8"))
    n_folds = max(fold_map.values()) + 1
    return fold_map, [selector_model.SelectorModel(FOLD_DIR / f"fold{k}") for k in range(n_folds)]


def _convert(page: wcxb.Page, mode: str, model: selector_model.SelectorModel | None) -> str:
    if model is None:
        return webfold.convert(page.html, url=page.url or None, select=mode).markdown
    with selector_model.using(model):
        return webfold.convert(page.html, url=page.url or None, select=mode).markdown


def quality(ids: list[str], committed: bool, modes: tuple[str, ...], pages_out=None
            ) -> dict[str, dict]:
    """Per mode (of MODES and PEER): mean F1/P/R overall and per type, snippet rates.
    Prints a table; with `pages_out` (a text file), writes one JSON line per page to it."""
    fold_map, models = ({}, []) if committed else _fold_models()
    rows: dict[str, list[tuple]] = defaultdict(list)
    for page in wcxb.iter_pages(ids):
        model = None if committed else models[fold_map[page.file_id]]
        line = {"id": page.file_id, "type": page.page_type, "url": page.url}
        for mode in modes:
            if mode == PEER:
                markdown = _peer_text(page.html, page.url or None)
            else:
                markdown = _convert(page, mode, None if mode == "all" else model)
            score = wcxb.score_markdown(markdown, page.main_content)
            text = wcxb.markdown_to_text(markdown)
            found = [wcxb.snippet_found(s, text) for s in page.with_snippets]
            leaked = [wcxb.snippet_found(s, text) for s in page.without_snippets]
            rows[mode].append((page.page_type, score, found, leaked))
            line[mode] = {"f1": score.f1, "precision": score.precision, "recall": score.recall}
        if pages_out is not None:
            pages_out.write(json.dumps(line) + "\n")
    return {mode: _summarise(mode, rows[mode]) for mode in modes}


def _peer_text(html: bytes, url: str | None) -> str:
    import trafilatura

    return trafilatura.extract(html, url=url) or ""


def _summarise(mode: str, rows: list[tuple]) -> dict:
    def mean(values: list[float]) -> float:
        return sum(values) / len(values) if values else float("nan")

    out = {
        "pages": len(rows),
        "f1": mean([r[1].f1 for r in rows]),
        "precision": mean([r[1].precision for r in rows]),
        "recall": mean([r[1].recall for r in rows]),
        "with_found": mean([x for r in rows for x in r[2]]),
        "without_avoided": mean([not x for r in rows for x in r[3]]),
    }
    for page_type in wcxb.PAGE_TYPES:
        out[f"f1_{page_type}"] = mean([r[1].f1 for r in rows if r[0] == page_type])
    types = " ".join(f"{t} {out[f'f1_{t}']:.3f}" for t in wcxb.PAGE_TYPES)
    print(f"select={mode:<9} F1 {out['f1']:.4f}  P {out['precision']:.4f}  R {out['recall']:.4f}"
          f"  with {out['with_found']:.3f}  without {out['without_avoided']:.3f} | {types}")
    return out


def _timed(function, seconds: dict[str, float], key: str):
    """`function`, adding the seconds each call takes to `seconds[key]`."""
    def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            seconds[key] += time.perf_counter() - start
    return timed


def speed(ids: list[str]) -> dict[str, float]:
    """Median and p90 ms/page of main, all and bare parsing, interleaved per page, and of
    the feature matrix and ONNX run inside main."""
    from selectolax.lexbor import LexborHTMLParser

    pages = [(p.html, p.url or None) for p in wcxb.iter_pages(ids)]
    for html, url in pages[:20]:  # warm-up: imports, sessions, caches
        webfold.convert(html, url=url, select="main")
        _peer_text(html, url)
    stages = {"features": 0.0, "onnx": 0.0}
    session = selector_model.default_model().session
    session.run = _timed(session.run, stages, "onnx")
    selector.block_features = _timed(selector.block_features, stages, "features")
    times: dict[str, list[float]] = defaultdict(list)
    clock = time.perf_counter
    for html, url in pages:
        start = clock()
        LexborHTMLParser(html.decode("utf-8", "replace"))
        times["parse"].append(clock() - start)
        for mode in ("all", "main"):
            stages.update(features=0.0, onnx=0.0)
            start = clock()
            webfold.convert(html, url=url, select=mode)
            times[mode].append(clock() - start)
        start = clock()
        _peer_text(html, url)
        times[PEER].append(clock() - start)
        times["features"].append(stages["features"])
        times["onnx"].append(stages["onnx"])
    out = {}
    for name, values in times.items():
        values.sort()
        out[f"{name}_median_ms"] = statistics.median(values) * 1000
        out[f"{name}_p90_ms"] = values[int(0.9 * (len(values) - 1))] * 1000
    out["main_over_all"] = out["main_median_ms"] / out["all_median_ms"]
    out["main_over_parse"] = out["main_median_ms"] / out["parse_median_ms"]
    out["peer_over_main"] = out[f"{PEER}_median_ms"] / out["main_median_ms"]
    print(f"ms/page median (p90): parse {out['parse_median_ms']:.2f} ({out['parse_p90_ms']:.2f})"
          f"  all {out['all_median_ms']:.2f} ({out['all_p90_ms']:.2f})"
          f"  main {out['main_median_ms']:.2f} ({out['main_p90_ms']:.2f})"
          f"  main/all {out['main_over_all']:.2f}  main/parse {out['main_over_parse']:.1f}"
          f" | in main: features {out['features_median_ms']:.2f} ({out['features_p90_ms']:.2f})"
          f"  onnx {out['onnx_median_ms']:.2f} ({out['onnx_p90_ms']:.2f})"
          f" | {PEER} {out[f'{PEER}_median_ms']:.2f} ({out[f'{PEER}_p90_ms']:.2f}),"
          f" {out['peer_over_main']:.1f}x main")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quality", action="store_true", help="quality only")
    parser.add_argument("--speed", action="store_true", help="speed only")
    parser.add_argument("--committed", action="store_true",
                        help="score with the committed model, not the out-of-fold ones")
    parser.add_argument("--main-only", action="store_true",
                        help='quality of select="main" only, without the peer')
    parser.add_argument("--limit", type=int, default=None, help="first N pages only")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    parser.add_argument("--pages", type=Path, default=None,
                        help="also write one JSON line per page here (quality)")
    args = parser.parse_args()
    if not wcxb.DATA_DIR.exists():
        print(f"no dev data at {wcxb.DATA_DIR}", file=sys.stderr)
        return 2
    ids = wcxb.page_ids()[:args.limit]
    figures: dict[str, object] = {}
    if not args.speed:
        modes = ("main",) if args.main_only else (*MODES, PEER)
        if args.pages:
            with args.pages.open("w", encoding="utf-8") as pages_out:
                figures["quality"] = quality(ids, args.committed, modes, pages_out)
        else:
            figures["quality"] = quality(ids, args.committed, modes)
    if not args.quality:
        figures["speed"] = speed(ids)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
