"""Experiment (not the production path): a second selector stage over the first stage's
out-of-fold scores in context.

    WEBFOLD_SELECTOR_WORK=/tmp/x .venv/bin/python scripts/selector_stack.py [VARIANT ...]

Reads the cache and the out-of-fold scores of `train_selector.py cv`, builds the context
columns of every page (below), fits a second stage fold by fold (fold k's on the other
folds' out-of-fold scores, blocks of pages with more than `FEW_BLOCKS` blocks) and
reports WCXB mean F1 per type and Trafilatura-dev F through `selector.choose` at floors
0.25 and 0.3; pages of `FEW_BLOCKS` blocks or fewer keep their first-stage scores.
A VARIANT is `dDxT` (LightGBM, depth D, 2**D leaves, T trees) with an optional
` blend` (the mean of its log-odds and the first stage's) and `:col,col` (a subset of
`CONTEXT_COLUMNS`); default: the variant the model card reports.

Context columns, per block: its log-odds (scores clipped to +-6), the mean log-odds of
the blocks with its tag/path/class signature and of those under its grandparent
element (its own without one), and the page's highest log-odds. The runtime version
(the same columns from the arrays `block_features` builds, the trees in numpy) was
written and timed but not merged; the model card has the figures and why.
"""

from __future__ import annotations

import sys

import numpy as np

from selector_work import OOF_FILE
from train_selector import LGB_PARAMS, N_FOLDS, Corpus, report, select
from webfold.selector import BETA, FEW_BLOCKS

CONTEXT_COLUMNS = ("z", "signature_z", "grandparent_z", "page_max_z")
MAX_LOG_ODDS = 6.0
DEFAULT_VARIANT = "d3x30 blend"


def page_context(blocks, scores: np.ndarray) -> np.ndarray:
    """The context columns of one page's blocks, from their first-stage scores."""
    p = np.clip(scores, 1 / (1 + np.exp(MAX_LOG_ODDS)), 1 / (1 + np.exp(-MAX_LOG_ODDS)))
    z = np.log(p / (1 - p))
    signature = np.fromiter(
        map({}.setdefault, ((b.tag, b.path, b.tokens) for b in blocks), range(len(blocks))),
        dtype=np.int64, count=len(blocks))
    grandparent = np.array([b.ancestors[-3] + 1 if len(b.ancestors) > 2 else 0
                            for b in blocks], dtype=np.int64)
    grandparent = np.unique(grandparent, return_inverse=True)[1].reshape(-1)
    has_grandparent = np.array([len(b.ancestors) > 2 for b in blocks])
    out = np.empty((len(z), len(CONTEXT_COLUMNS)))
    out[:, 0] = z
    out[:, 1] = (np.bincount(signature, weights=z) / np.bincount(signature).clip(1))[signature]
    out[:, 2] = np.where(has_grandparent, (np.bincount(grandparent, weights=z)
                                           / np.bincount(grandparent))[grandparent], z)
    out[:, 3] = z.max()
    return out


def corpus_context(corpus: Corpus, scores: np.ndarray) -> np.ndarray:
    out = np.zeros((len(scores), len(CONTEXT_COLUMNS)))
    for k, rows in corpus.pages():
        blocks = corpus.pages_data[k]["blocks"]
        if blocks:
            out[rows] = page_context(blocks, scores[rows])
    return out


def fit_trees(C: np.ndarray, y: np.ndarray, w: np.ndarray, depth: int, trees: int):
    import lightgbm as lgb

    params = LGB_PARAMS | {"num_leaves": 2 ** depth, "max_depth": depth,
                           "min_data_in_leaf": 100, "feature_fraction": 1.0,
                           "bagging_fraction": 0.7, "num_threads": 1}
    return lgb.train(params, lgb.Dataset(C, label=y, weight=w * len(w) / w.sum()),
                     num_boost_round=trees)


def stacked(corpus: Corpus, folds: np.ndarray, C: np.ndarray, stage1: np.ndarray,
            depth: int, trees: int, blend: bool) -> np.ndarray:
    """Second-stage scores out of fold (first-stage scores on short pages)."""
    row_fold = folds[corpus.row_page]
    big = corpus.n_blocks[corpus.row_page] > FEW_BLOCKS
    out = stage1.copy()
    for k in range(N_FOLDS):
        train = (row_fold != k) & big & (corpus.w > 0)
        test = (row_fold == k) & big
        booster = fit_trees(C[train], corpus.y[train], corpus.w[train], depth, trees)
        z2 = booster.predict(C[test], raw_score=True)
        z = (C[test, 0] + z2) / 2 if blend else z2
        out[test] = 1 / (1 + np.exp(-z))
    return out


def main() -> int:
    corpus = Corpus()
    oof = np.load(OOF_FILE)
    stage1, folds = oof["scores"], oof["folds"]
    C = corpus_context(corpus, stage1)
    for floor in (0.25, 0.3):
        report(corpus, select(corpus, stage1, floor, BETA["main"]), f"stage 1 @{floor}")
    for variant in sys.argv[1:] or [DEFAULT_VARIANT]:
        spec, _, columns = variant.partition(":")
        model, _, blend = spec.partition(" ")
        depth, trees = map(int, model[1:].split("x"))
        chosen = [CONTEXT_COLUMNS.index(c) for c in columns.split(",")] if columns else None
        scores = stacked(corpus, folds, C if chosen is None else C[:, chosen], stage1,
                         depth, trees, blend == "blend")
        for floor in (0.25, 0.3):
            report(corpus, select(corpus, scores, floor, BETA["main"]), f"{variant} @{floor}")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
