"""Train the main-content block selector on the WCXB and Trafilatura development pages.

    .venv/bin/python scripts/train_selector.py extract   # parse pages, cache features + labels
    .venv/bin/python scripts/train_selector.py cv        # 5-fold CV grouped by domain, report
    .venv/bin/python scripts/train_selector.py cv --booster-seed 20261  # same folds, other trees
    .venv/bin/python scripts/train_selector.py final     # CV, then fit on all pages, export ONNX
    .venv/bin/python scripts/train_selector.py replay    # the rules on saved OOF scores

Features come from `webfold.selector.features` (the code path inference uses). Labels:
WCXB pages by rule B (`webfold.selector.labels.label_blocks`, from the ground-truth
text); Trafilatura pages from their segments (`segment_labels`: blocks holding a `with`
segment are content, blocks holding a `without` segment are not, the rest are left out
with weight 0). Folds: StratifiedGroupKFold, groups = registered domain over both sets
(no site is in two folds), strata = page type ("traf" for the Trafilatura pages), seed
`SEED`. One LightGBM model on the block features (a second stage fed with out-of-fold
first-stage scores in context, nested out of fold, scored +0.0015 mean F1 but made
`select="main"` 4.7x Trafilatura against 4.9x in the same hour; the model card has the
figures). Each page is cut by
`webfold.selector.choose`, the runtime rule (the expected-F1 cut for main, F0.5 for
precision, then the structure rules); the floor thresholds under the cut are tuned on
the WCXB pages' out-of-fold scores by mean page F1 (the metric) and mean page F0.5.
Reported: WCXB mean F1 per type and the Trafilatura rule's F on the Trafilatura pages.
`cv` and `final` write the fold models under `FOLD_DIR` so `scripts/eval_wcxb.py` and
`scripts/eval_trafilatura.py` can score each page with a model that never saw it (`cv`
with the committed thresholds, `final` with the newly tuned ones).
Training packages: the `train` extra.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
from scipy import sparse

import trafdev
import wcxb
from selector_work import CACHE, FOLD_DIR, OOF_FILE
from webfold.selector.features import BLOCK_FEATURES
from webfold.selector.labels import label_blocks, segment_labels

SEED = 20260
N_FOLDS = 5
MODEL_DIR = Path(__file__).resolve().parents[1] / "shared" / "webfold" / "models"
DATA_COMMIT = "c039d5e"  # WCXB
TRAF_DATA_COMMIT = "e90b0ef51ab0"  # Trafilatura's evaluation corpus
MAX_BLOCK_WEIGHT = 200  # tokens; a block's sample weight is min(tokens, this) / page tokens
LGB_PARAMS = {
    "objective": "binary", "learning_rate": 0.1, "num_leaves": 63, "min_data_in_leaf": 40,
    "feature_fraction": 0.5, "bagging_fraction": 0.5, "bagging_freq": 1, "lambda_l2": 1.0,
    "num_threads": 2, "verbose": -1, "seed": SEED, "max_bin": 63,
}
N_TREES = 100
TRAF_TYPE = "traf"  # the page type (CV stratum) of the Trafilatura pages
TRAF_PREFIX = "traf:"  # their ids; `scripts/eval_trafilatura.py` reads the fold map by it
TRAF_WEIGHT = 1.0  # a Trafilatura page's total sample weight against a WCXB page's


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

    def recording_apply(blocks, page, mode, **options):
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


def _page_arrays(html: bytes, url: str) -> dict[str, object]:
    """Features, repeat groups, block tokens and plain texts of one page; labels later."""
    from webfold.selector import block_words, repeat_groups
    from webfold.selector.features import block_features

    blocks, context = page_blocks(html, url)
    matrix = block_features(blocks, context)
    plain = [trafdev.collapse(trafdev.markdown_to_plain(b.markdown)) for b in blocks]
    block_tokens = [wcxb.tokens(wcxb.markdown_to_text(b.markdown)) for b in blocks]
    counts = np.fromiter(map(len, block_tokens), dtype=np.float64, count=len(blocks))
    words = block_words(matrix)
    for block in blocks:
        block.markdown = ""  # only the selector's facts are kept for the rules
    return {"X": matrix, "words": words, "repeats": repeat_groups(blocks, words),
            "counts": counts, "block_tokens": block_tokens, "plain": plain,
            "blocks": blocks, "context": context}


def _sources(limit: int | None):
    """(id, type, domain, html, url, labels-from) of every training page: the WCXB dev
    pages, then the Trafilatura dev pages (type "traf", ids prefixed TRAF_PREFIX)."""
    for page in wcxb.iter_pages(wcxb.page_ids()[:limit]):
        yield page.file_id, page.page_type, page.domain, page.html, page.url, page
    for page in trafdev.iter_pages(trafdev.page_keys()[:limit]):
        yield TRAF_PREFIX + page.key, TRAF_TYPE, page.domain, page.html, page.url, page


def _labels(arrays: dict, source) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Labels, sample weights and the reference tokens of one page (see the module doc)."""
    counts = arrays["counts"]
    capped = np.minimum(counts, MAX_BLOCK_WEIGHT)
    if isinstance(source, wcxb.Page):
        labels = label_blocks([" ".join(t) for t in arrays["block_tokens"]], source.main_content)
        return (np.asarray(labels, dtype=np.int8), capped / max(counts.sum(), 1.0),
                wcxb.tokens(source.main_content))
    labels, labelled = segment_labels(arrays["plain"],
                                      tuple(map(trafdev.collapse, source.with_segments)),
                                      tuple(map(trafdev.collapse, source.without_segments)))
    mask = np.asarray(labelled, dtype=bool)
    weights = np.where(mask, capped, 0.0) / max(float(capped[mask].sum()), 1.0)
    return np.asarray(labels, dtype=np.int8), TRAF_WEIGHT * weights, []


def extract(limit: int | None) -> None:
    """Parse every training page once; cache features, labels, token counts, the blocks
    (for the rules) and the Trafilatura pages' plain block texts and segments."""
    parts: dict[str, list] = {k: [] for k in ("X", "y", "w", "words", "repeats")}
    rows, cols, vals, ref_cols, ref_vals, col_page = [], [], [], [], [], []
    meta = {"id": [], "type": [], "domain": [], "n_blocks": []}
    pages: list[dict] = []
    n_rows = n_cols = 0
    started = time.perf_counter()
    for k, (page_id, page_type, domain, html, url, source) in enumerate(_sources(limit)):
        arrays = _page_arrays(html, url)
        y, w, ref_tokens = _labels(arrays, source)
        arrays |= {"y": y, "w": w}
        for key in parts:
            parts[key].append(arrays[key])
        vocab: dict[str, int] = {}
        for i, toks in enumerate(arrays["block_tokens"]):
            for tok, c in Counter(toks).items():
                rows.append(n_rows + i)
                cols.append(n_cols + vocab.setdefault(tok, len(vocab)))
                vals.append(c)
        for tok, c in Counter(ref_tokens).items():
            ref_cols.append(n_cols + vocab.setdefault(tok, len(vocab)))
            ref_vals.append(c)
        col_page.extend([k] * len(vocab))
        n_rows += len(y)
        n_cols += len(vocab)
        for key, value in zip(meta, (page_id, page_type, domain, len(y)), strict=True):
            meta[key].append(value)
        is_traf = page_type == TRAF_TYPE
        pages.append({"blocks": arrays["blocks"], "context": arrays["context"],
                      "plain": arrays["plain"] if is_traf else None,
                      "with": source.with_segments if is_traf else (),
                      "without": source.without_segments if is_traf else ()})
        if k % 200 == 0:
            print(f"{k} pages, {n_rows} blocks, {time.perf_counter() - started:.0f}s",
                  file=sys.stderr)
    tokens = sparse.csr_matrix((vals, (rows, cols)), shape=(n_rows, n_cols), dtype=np.float32)
    ref = np.zeros(n_cols, dtype=np.float32)
    np.add.at(ref, np.asarray(ref_cols, dtype=np.int64), np.asarray(ref_vals, dtype=np.float32))
    np.savez(CACHE, **{k: np.concatenate(v) for k, v in parts.items()},
             ref=ref, col_page=np.asarray(col_page, dtype=np.int64),
             **{f"meta_{k}": np.asarray(v) for k, v in meta.items()})
    sparse.save_npz(CACHE.with_suffix(".tokens.npz"), tokens)
    with CACHE.with_suffix(".pages.pickle").open("wb") as f:
        pickle.dump(pages, f, protocol=pickle.HIGHEST_PROTOCOL)
    print(f"cached {len(pages)} pages, {n_rows} blocks in {time.perf_counter() - started:.0f}s")


# ---------------------------------------------------------------- corpus and scoring


class Corpus:
    """The cached pages: block rows, labels, weights, token counts, blocks, segments."""

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
        with CACHE.with_suffix(".pages.pickle").open("rb") as f:
            self.pages_data = pickle.load(f)
        self.start = np.concatenate([[0], np.cumsum(self.n_blocks)])
        self.row_page = np.repeat(np.arange(len(self.ids)), self.n_blocks)
        self.block_token_count = np.asarray(self.tokens.sum(axis=1)).ravel()
        self.ref_total = np.bincount(self.col_page, weights=self.ref, minlength=len(self.ids))
        self.is_traf = self.types == TRAF_TYPE

    def pages(self):
        for k in range(len(self.ids)):
            yield k, slice(self.start[k], self.start[k + 1])

    def score(self, kept: np.ndarray) -> dict[str, np.ndarray]:
        """Per-page precision, recall and F1 (WCXB rule) of keeping the rows where `kept`
        is true; meaningful for the WCXB pages only."""
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

    def traf_counts(self, kept: np.ndarray) -> trafdev.Counts:
        """The Trafilatura rule's summed counts over the Trafilatura pages."""
        total = trafdev.Counts()
        for k, rows in self.pages():
            if not self.is_traf[k]:
                continue
            data = self.pages_data[k]
            text = " ".join(t for t, keep in zip(data["plain"], kept[rows], strict=True)
                            if keep and t)
            page = trafdev.Page(key="", url="", domain="", html=b"",
                                with_segments=data["with"], without_segments=data["without"])
            total.add(trafdev.score_text(text, page))
        return total


def select(corpus: Corpus, scores: np.ndarray, threshold: float, beta: float) -> np.ndarray:
    """Kept rows for a floor threshold, with the runtime rule (`selector.choose`; no
    block reaching the floor keeps the whole page)."""
    from webfold.selector import choose

    kept = np.zeros(len(scores), dtype=bool)
    for k, rows in corpus.pages():
        data = corpus.pages_data[k]
        choice = choose(data["blocks"], data["context"], corpus.X[rows], scores[rows],
                        threshold, beta)
        kept[rows] = True if choice.nothing else choice.kept
    return kept


def report(corpus: Corpus, kept: np.ndarray, title: str) -> dict[str, float]:
    s = corpus.score(kept)
    wc = ~corpus.is_traf
    out = {"f1": float(s["f1"][wc].mean()), "precision": float(s["precision"][wc].mean()),
           "recall": float(s["recall"][wc].mean())}
    by_type = {t: float(s["f1"][corpus.types == t].mean()) for t in wcxb.PAGE_TYPES}
    traf = corpus.traf_counts(kept) if corpus.is_traf.any() else None
    traf_cell = f" | traf F {traf.f:.4f} P {traf.precision:.4f} R {traf.recall:.4f}" if traf else ""
    print(f"{title}: F1 {out['f1']:.4f} P {out['precision']:.4f} R {out['recall']:.4f} | "
          + " ".join(f"{t[:4]} {v:.3f}" for t, v in by_type.items()) + traf_cell)
    if traf:
        out |= {"traf_f": traf.f, "traf_precision": traf.precision, "traf_recall": traf.recall}
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


def fit(X: np.ndarray, y: np.ndarray, w: np.ndarray, seed: int = SEED):
    """A LightGBM booster; `seed` draws its bagging and feature subsets (not the folds)."""
    import lightgbm as lgb

    weights = w * (len(w) / max(w.sum(), 1e-9))  # mean 1, so leaf size limits mean something
    data = lgb.Dataset(X, label=y, weight=weights, free_raw_data=True)
    return lgb.train(LGB_PARAMS | {"seed": seed}, data, num_boost_round=N_TREES)


def cross_validate(corpus: Corpus, folds: np.ndarray, seed: int = SEED):
    """Out-of-fold scores of every block, and the five fold models."""
    row_fold = folds[corpus.row_page]
    scores = np.zeros(len(corpus.y))
    models = []
    for k in range(N_FOLDS):
        train, test = row_fold != k, row_fold == k
        model = fit(corpus.X[train], corpus.y[train], corpus.w[train], seed)
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
    wc = ~corpus.is_traf  # the floors are tuned on the WCXB pages' metric
    main_f1 = [corpus.score(select(corpus, scores, t, BETA["main"]))["f1"][wc].mean()
               for t in grid]
    main = max(t for t, f in zip(grid, main_f1, strict=True) if f >= max(main_f1) - 0.0005)
    f05 = {}
    for t in grid[grid >= main]:
        s = corpus.score(select(corpus, scores, t, BETA["precision"]))
        p, r = s["precision"][wc], s["recall"][wc]
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


def write_folds(corpus: Corpus, folds: np.ndarray, models: list) -> None:
    """`cv`: write each fold's model under FOLD_DIR with the committed model's thresholds,
    and the page->fold map, so the evaluation scripts score the runtime configuration out
    of fold without retraining the committed model."""
    from webfold.selector.model import CONFIG_FILE

    committed = json.loads((MODEL_DIR / CONFIG_FILE).read_text("utf-8"))["thresholds"]
    for k, booster in enumerate(models):
        write_model(FOLD_DIR / f"fold{k}", booster, committed, {"fold": k})
    fold_map = {str(i): int(f) for i, f in zip(corpus.ids, folds, strict=True)}
    (FOLD_DIR / "folds.json").write_text(json.dumps(fold_map), "utf-8")
    print(f"wrote fold models under {FOLD_DIR} (committed thresholds {committed})")


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
    extra = {"data_commit": DATA_COMMIT, "traf_data_commit": TRAF_DATA_COMMIT,
             "traf_weight": TRAF_WEIGHT, "seed": SEED, "folds": N_FOLDS,
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


def replay(corpus: Corpus) -> None:
    """The runtime rules on the saved out-of-fold scores, without training: report, tune
    the floors again, and write them into the committed and fold model configs."""
    from webfold.selector import BETA

    scores = np.load(OOF_FILE)["scores"]
    thresholds = tune_thresholds(corpus, scores)
    cv = report(corpus, select(corpus, scores, thresholds["main"], BETA["main"]),
                f"main @{thresholds['main']}")
    report(corpus, select(corpus, scores, thresholds["precision"], BETA["precision"]),
           f"precision @{thresholds['precision']}")
    for directory in [MODEL_DIR, *sorted(FOLD_DIR.glob("fold[0-9]"))]:
        path = directory / "selector.json"
        config = json.loads(path.read_text("utf-8"))
        config["thresholds"] = thresholds
        if directory == MODEL_DIR:
            config["cv"] = cv
        path.write_text(json.dumps(config, indent=1) + "\n", "utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("step", choices=("extract", "cv", "final", "replay"))
    parser.add_argument("--limit", type=int, default=None, help="extract: first N pages only")
    parser.add_argument("--booster-seed", type=int, default=SEED,
                        help="cv: LightGBM's seed (bagging, feature subsets); the folds keep SEED,"
                             " so a second seed tells a feature's gain from a refit's scatter")
    args = parser.parse_args()
    if args.booster_seed != SEED and args.step != "cv":
        parser.error("--booster-seed is for cv: the committed model and its folds keep SEED")
    if args.step == "extract":
        extract(args.limit)
        return 0
    from webfold.selector import BETA

    corpus = Corpus()
    if args.step == "replay":
        replay(corpus)
        return 0
    folds = page_folds(corpus)
    FOLD_DIR.mkdir(parents=True, exist_ok=True)
    scores, models = cross_validate(corpus, folds, args.booster_seed)
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
    else:
        write_folds(corpus, folds, models)
    return 0


if __name__ == "__main__":
    sys.exit(main())
