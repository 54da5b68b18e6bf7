"""Quality gate: the committed model on a fixed sample of WCXB dev pages, pinned floors.

The committed model was trained on every dev page, so these figures are optimistic;
the gate catches regressions (features, walk, thresholds), it does not measure
generalisation (that is `scripts/eval_wcxb.py`). Floors only rise for the same model
size: the 400-tree model of 05:46 fitted these pages closer (0.954) than the 100-tree
model of 07:58 (0.924), which scores higher out of fold.
"""

import pytest

import wcxb
import webfold

SAMPLE = 60
F1_FLOOR = 0.91  # committed model on this sample: 0.924 (07:58); pinned below it
ALL_F1_FLOOR = 0.80  # select="all" on the same pages: 0.831


@pytest.fixture(scope="module")
def sample_pages():
    if not wcxb.DATA_DIR.exists():
        pytest.skip(f"WCXB dev data not found at {wcxb.DATA_DIR}")
    ids = wcxb.page_ids()
    step = max(len(ids) // SAMPLE, 1)
    return list(wcxb.iter_pages(ids[::step][:SAMPLE]))


def _mean_f1(pages, select: str) -> float:
    scores = [wcxb.score_markdown(webfold.convert(p.html, url=p.url or None, select=select)
                                  .markdown, p.main_content).f1 for p in pages]
    return sum(scores) / len(scores)


def test_main_selection_beats_its_floor_and_keeping_everything(sample_pages):
    main = _mean_f1(sample_pages, "main")
    everything = _mean_f1(sample_pages, "all")
    print(f"sample of {len(sample_pages)}: main F1 {main:.4f}, all F1 {everything:.4f}")
    assert main >= F1_FLOOR
    assert everything >= ALL_F1_FLOOR
    assert main > everything + 0.05
