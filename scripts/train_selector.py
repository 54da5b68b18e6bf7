"""Train the main-content block selector on the WCXB development split.

    .venv/bin/python scripts/train_selector.py extract   # parse pages, cache features + labels
    .venv/bin/python scripts/train_selector.py cv        # 5-fold CV grouped by domain, report
    .venv/bin/python scripts/train_selector.py final     # CV, then fit on all pages, export ONNX

Features come from `webfold.selector.features` (the code path inference uses), labels
from `webfold.selector.labels` (rule B). Folds: StratifiedGroupKFold, groups = registered
domain, strata = page type, seed `SEED`. One LightGBM model on the block features
(a second stage fed with out-of-fold first-stage scores in context was tried and scored
no better: 0.854 vs 0.855 mean F1, so it was dropped to keep one ONNX run per page).
Each page is cut at its own score by `webfold.selector.decide` (the expected-F1 cut for
main, F0.5 for precision); the floor thresholds under the cut are tuned on the
out-of-fold scores by mean page F1 (the metric) and mean page F0.5.
`final` also writes the fold models under `FOLD_DIR` so `scripts/eval_wcxb.py` can score
each page with a model that never saw it. Training packages: the `train` extra.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
from scipy import sparse

import wcxb
from webfold.selector.features import BLOCK_FEATURES
from webfold.selector.labels import label_blocks

SEED = 20260
N_FOLDS = 5
CACHE = Path("/tmp/webfold_selector_cache.npz")
FOLD_DIR = Path("/tmp/webfold_selector_folds")
OOF_FILE = Path("/tmp/webfold_selector_oof.npz")  # out-of-fold scores, for experiments
MODEL_DIR = Path(__file__).resolve().parents[1] / "shared" / "webfold" / "models"
DATA_COMMIT = "c039d5e"
MAX_BLOCK_WEIGHT = 200  # tokens; a block's sample weight is min(tokens, this) / page tokens
LGB_PARAMS = {
    "objective": "binary", "learning_rate": 0.1, "num_leaves": 63, "min_data_in_leaf": 40,
    "feature_fraction": 0.5, "bagging_fraction": 0.5, "bagging_freq": 1, "lambda_l2": 1.0,
    "num_threads": 2, "verbose": -1, "seed": SEED, "max_bin": 63,
}
N_TREES = 100


# ---------------------------------------------------------------- extraction and cache


def page_blocks(html: bytes, url: str):
    """The blocks and PageContext the converter hands the selector for this page.

    Runs the real conversion path (`webfold.convert` with select="main") and records
    the arguments of its `selector.apply` call, so training sees exactly what inference
    sees; the recorded call then selects "all", so no model is needed.
    """
    import webfold
    from webfold import selector

    seen: list[tuple] = []
    real_apply = selector.apply

    def recording_apply(blocks, page, mode):
        seen.append((blocks, page))
        return real_apply(blocks, page, "all")

    selector.apply = recording_apply
    try:
        webfold.convert(html, url=url or None, select="main")
    finally:
        selector.apply = real_apply
    if not seen:
        return [], selector.PageContext(url=url or None)
    return seen[0]


def _page_arrays(page: wcxb.Page) -> dict[str, object]:
    from webfold.selector import block_words, repeat_groups
    from webfold.selector.features import block_features

    blocks, context = page_blocks(page.html, page.url)
    matrix = block_features(blocks, context)
    block_tokens = [wcxb.tokens(wcxb.markdown_to_text(b.markdown)) for b in blocks]
    labels = label_blocks([" ".join(t) for t in block_tokens], page.main_content)
    counts = np.fromiter(map(len, block_tokens), dtype=np.float64, count=len(blocks))
    weights = np.minimum(counts, MAX_BLOCK_WEIGHT) / max(counts.sum(), 1.0)
    words = block_words(matrix)
    return {"X": matrix, "y": np.asarray(labels, dtype=np.int8), "w": weights, "words": words,
            "repeats": repeat_groups(blocks, words),
            "block_tokens": block_tokens,
            "ref_tokens": wcxb.tokens(page.main_content)}


def extract(limit: int | None) -> None:
    """Parse every dev page once; cache features, labels and token counts."""
    ids = wcxb.page_ids()[:limit]
    parts: dict[str, list] = {k: [] for k in ("X", "y", "w", "words", "repeats")}
    rows, cols, vals, ref_cols, ref_vals, col_page = [], [], [], [], [], []
    meta = {"id": [], "type": [], "domain": [], "n_blocks": []}
    n_rows = n_cols = 0
    started = time.perf_counter()
    for k, page in enumerate(wcxb.iter_pages(ids)):
        arrays = _page_arrays(page)
        for key in parts:
            parts[key].append(arrays[key])
        vocab: dict[str, int] = {}
        for i, toks in enumerate(arrays["block_tokens"]):
            for tok, c in Counter(toks).items():
                rows.append(n_rows + i)
                cols.append(n_cols + vocab.setdefault(tok, len(vocab)))
                vals.append(c)
        for tok, c in Counter(arrays["ref_tokens"]).items():
            ref_cols.append(n_cols + vocab.setdefault(tok, len(vocab)))
            ref_vals.append(c)
        col_page.extend([k] * len(vocab))
        n_rows += len(arrays["y"])
        n_cols += len(vocab)
        meta["id"].append(page.file_id)
        meta["type"].append(page.page_type)
        meta["domain"].append(page.domain)
        meta["n_blocks"].append(len(arrays["y"]))
        if k % 100 == 0:
            print(f"{k} pages, {n_rows} blocks, {time.perf_counter() - started:.0f}s",
                  file=sys.stderr)
    tokens = sparse.csr_matrix((vals, (rows, cols)), shape=(n_rows, n_cols), dtype=np.float32)
    ref = np.zeros(n_cols, dtype=np.float32)
    np.add.at(ref, np.asarray(ref_cols, dtype=np.int64), np.asarray(ref_vals, dtype=np.float32))
    np.savez(CACHE, **{k: np.concatenate(v) for k, v in parts.items()},
             ref=ref, col_page=np.asarray(col_page, dtype=np.int64),
             **{f"meta_{k}": np.asarray(v) for k, v in meta.items()})
    sparse.save_npz(CACHE.with_suffix(".tokens.npz"), tokens)
    print(f"cached {len(ids)} pages, {n_rows} blocks in {time.perf_counter() - started:.0f}s")


# ---------------------------------------------------------------- corpus and scoring


class Corpus:
    """The cached dev split: block rows, labels, weights and token counts."""

    def __init__(self) -> None:
        data = np.load(CACHE)
        self.X = data["X"]
        self.y = data["y"].astype(np.float64)
        self.w = data["w"]
        self.words = data["words"]  # `selector.block_words`, as `selector.apply` counts
        self.repeats = data["repeats"]  # `selector.repeat_groups`, page-local block indices
        self.ref, self.col_page = data["ref"], data["col_page"]
        self.ids, self.types = data["meta_id"], data["meta_type"]
        self.domains, self.n_blocks = data["meta_domain"], data["meta_n_blocks"]
        self.tokens = sparse.load_npz(CACHE.with_suffix(".tokens.npz")).tocsr()
        self.start = np.concatenate([[0], np.cumsum(self.n_blocks)])
        self.row_page = np.repeat(np.arange(len(self.ids)), self.n_blocks)
        self.block_token_count = np.asarray(self.tokens.sum(axis=1)).ravel()
        self.ref_total = np.bincount(self.col_page, weights=self.ref, minlength=len(self.ids))

    def pages(self):
        for k in range(len(self.ids)):
            yield k, slice(self.start[k], self.start[k + 1])

    def score(self, kept: np.ndarray) -> dict[str, np.ndarray]:
        """Per-page precision, recall and F1 of keeping the rows where `kept` is true."""
        n_pages = len(self.ids)
        kept_counts = self.tokens.T @ kept.astype(np.float32)
        overlap = np.bincount(self.col_page, weights=np.minimum(kept_counts, self.ref),
                              minlength=n_pages)
        predicted = np.bincount(self.row_page, weights=self.block_token_count * kept,
                                minlength=n_pages)
        precision = np.where(predicted > 0, overlap / np.maximum(predicted, 1), 0.0)
        recall = np.where(self.ref_total > 0, overlap / np.maximum(self.ref_total, 1), 0.0)
        f1 = np.where(overlap > 0, 2 * precision * recall / np.maximum(precision + recall, 1e-9),
                      0.0)
        empty_ref = self.ref_total == 0
        for arr in (precision, recall, f1):
            arr[empty_ref] = (predicted[empty_ref] == 0).astype(np.float64)
        return {"precision": precision, "recall": recall, "f1": f1}


def select(corpus: Corpus, scores: np.ndarray, threshold: float, beta: float) -> np.ndarray:
    """Kept rows for a floor threshold, with the runtime rule (`selector.decide`, then
    `drop_repeats` and `keep_title`; no block reaching the floor keeps the whole page)."""
    from webfold.selector import decide, drop_repeats, keep_title, title_headings

    kept = np.zeros(len(scores), dtype=bool)
    is_title = title_headings(corpus.X)
    for _, rows in corpus.pages():
        chosen, nothing = decide(scores[rows], corpus.words[rows], threshold, beta)
        if nothing:
            kept[rows] = True
        else:
            kept[rows] = keep_title(drop_repeats(chosen, corpus.repeats[rows]), is_title[rows])
    return kept


def report(corpus: Corpus, kept: np.ndarray, title: str) -> dict[str, float]:
    s = corpus.score(kept)
    out = {"f1": float(s["f1"].mean()), "precision": float(s["precision"].mean()),
           "recall": float(s["recall"].mean())}
    by_type = {t: float(s["f1"][corpus.types == t].mean()) for t in wcxb.PAGE_TYPES}
    print(f"{title}: F1 {out['f1']:.4f} P {out['precision']:.4f} R {out['recall']:.4f} | "
          + " ".join(f"{t[:4]} {v:.3f}" for t, v in by_type.items()))
    return out | {f"f1_{t}": v for t, v in by_type.items()}


# ---------------------------------------------------------------- training


def page_folds(corpus: Corpus) -> np.ndarray:
    """Fold number of each page: StratifiedGroupKFold by registered domain and type."""
    from sklearn.model_selection import StratifiedGroupKFold

    folds = np.zeros(len(corpus.ids), dtype=np.int64)
    splitter = StratifiedGroupKFold(n_splits=N_FOLDS, shuffle=True, random_state=SEED)
    for k, (_, test) in enumerate(splitter.split(corpus.ids, corpus.types, corpus.domains)):
        folds[test] = k
    return folds


def fit(X: np.ndarray, y: np.ndarray, w: np.ndarray):
    import lightgbm as lgb

    weights = w * (len(w) / max(w.sum(), 1e-9))  # mean 1, so leaf size limits mean something
    data = lgb.Dataset(X, label=y, weight=weights, free_raw_data=True)
    return lgb.train(LGB_PARAMS, data, num_boost_round=N_TREES)


def cross_validate(corpus: Corpus, folds: np.ndarray):
    """Out-of-fold scores of every block, and the five fold models."""
    row_fold = folds[corpus.row_page]
    scores = np.zeros(len(corpus.y))
    models = []
    for k in range(N_FOLDS):
        train, test = row_fold != k, row_fold == k
        model = fit(corpus.X[train], corpus.y[train], corpus.w[train])
        scores[test] = model.predict(corpus.X[test])
        model.save_model(str(FOLD_DIR / f"fold{k}.lgb.txt"))
        models.append(model)
        print(f"fold {k} done", file=sys.stderr)
    return scores, models


def tune_thresholds(corpus: Corpus, scores: np.ndarray) -> dict[str, float]:
    """The floors under the per-page cut. Main: the highest floor within 0.0005 of the
    best mean F1 (a higher floor keeps less junk on pages the model is unsure of);
    precision: the floor, at or above main's, with the best mean F0.5."""
    from webfold.selector import BETA

    grid = np.round(np.arange(0.05, 0.81, 0.05), 2)
    main_f1 = [corpus.score(select(corpus, scores, t, BETA["main"]))["f1"].mean()
               for t in grid]
    main = max(t for t, f in zip(grid, main_f1, strict=True) if f >= max(main_f1) - 0.0005)
    f05 = {}
    for t in grid[grid >= main]:
        s = corpus.score(select(corpus, scores, t, BETA["precision"]))
        p, r = s["precision"], s["recall"]
        f05[t] = np.where(p + r > 0, 1.25 * p * r / np.maximum(0.25 * p + r, 1e-9), 0.0).mean()
    print("main floors: " + " ".join(f"{t:.2f}:{f:.4f}" for t, f in zip(grid, main_f1,
                                                                         strict=True)))
    return {"main": float(main), "precision": float(max(f05, key=f05.get))}


# ---------------------------------------------------------------- export


def to_onnx(booster, width: int) -> bytes:
    """A LightGBM booster as ONNX bytes: input "input" (n, width) float32, outputs
    label and probabilities (n, 2), no ZipMap (a plain tensor is what inference reads)."""
    import onnxmltools
    from onnxmltools.convert.common.data_types import FloatTensorType

    model = onnxmltools.convert_lightgbm(
        booster, initial_types=[("input", FloatTensorType([None, width]))], zipmap=False,
        target_opset=15)
    return batch_outputs(model).SerializeToString()


def batch_outputs(model):
    """Declare every output's first dimension as the batch size. The converter declares
    the label output as shape (1,), and onnxruntime then warns on every multi-row run."""
    for output in model.graph.output:
        dim = output.type.tensor_type.shape.dim[0]
        dim.ClearField("dim_value")
        dim.dim_param = "N"
    return model


def write_model(directory: Path, booster, thresholds: dict, extra: dict) -> None:
    from webfold.selector.model import CONFIG_FILE, MODEL_FILE

    directory.mkdir(parents=True, exist_ok=True)
    (directory / MODEL_FILE).write_bytes(to_onnx(booster, len(BLOCK_FEATURES)))
    config = {"thresholds": thresholds, "features": list(BLOCK_FEATURES)} | extra
    (directory / CONFIG_FILE).write_text(json.dumps(config, indent=1) + "\n", "utf-8")


def export(corpus: Corpus, folds: np.ndarray, models: list, thresholds: dict,
           cv: dict) -> None:
    """Write each fold's model and the page->fold map under FOLD_DIR, then fit on every
    page and write the committed model."""
    for k, booster in enumerate(models):
        write_model(FOLD_DIR / f"fold{k}", booster, thresholds, {"fold": k})
    fold_map = {str(i): int(f) for i, f in zip(corpus.ids, folds, strict=True)}
    (FOLD_DIR / "folds.json").write_text(json.dumps(fold_map), "utf-8")
    booster = fit(corpus.X, corpus.y, corpus.w)
    booster.save_model(str(FOLD_DIR / "all.lgb.txt"))
    extra = {"data_commit": DATA_COMMIT, "seed": SEED, "folds": N_FOLDS,
             "lightgbm": LGB_PARAMS, "trees": N_TREES, "cv": cv}
    write_model(MODEL_DIR, booster, thresholds, extra)
    check_export(booster, corpus.X[:5000])
    print(f"wrote {MODEL_DIR} and fold models under {FOLD_DIR}")


def check_export(booster, sample: np.ndarray) -> None:
    """The committed ONNX model must reproduce the booster's probabilities."""
    from webfold.selector.model import SelectorModel

    session = SelectorModel(MODEL_DIR).session
    onnx_p = session.run(None, {session.get_inputs()[0].name: sample})[1][:, 1]
    gap = float(np.max(np.abs(onnx_p - booster.predict(sample))))
    print(f"ONNX vs LightGBM: max |difference| {gap:.2e} on {len(sample)} blocks")
    if gap > 1e-4:
        raise SystemExit("the exported model does not match the trained one")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("step", choices=("extract", "cv", "final"))
    parser.add_argument("--limit", type=int, default=None, help="extract: first N pages only")
    args = parser.parse_args()
    if args.step == "extract":
        extract(args.limit)
        return 0
    from webfold.selector import BETA

    corpus = Corpus()
    folds = page_folds(corpus)
    FOLD_DIR.mkdir(parents=True, exist_ok=True)
    scores, models = cross_validate(corpus, folds)
    np.savez(OOF_FILE, scores=scores, folds=folds)
    report(corpus, np.ones(len(corpus.y), dtype=bool), "all blocks")
    report(corpus, corpus.y > 0, "oracle labels")
    thresholds = tune_thresholds(corpus, scores)
    cv = report(corpus, select(corpus, scores, thresholds["main"], BETA["main"]),
                f"main @{thresholds['main']}")
    report(corpus, select(corpus, scores, thresholds["precision"], BETA["precision"]),
           f"precision @{thresholds['precision']}")
    if args.step == "final":
        export(corpus, folds, models, thresholds, cv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
