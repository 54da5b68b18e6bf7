"""Main-content selection: decides which blocks of a page are kept.

`apply` is the one entry the HTML converter calls. "all" keeps every visible block;
"main" and "precision" score the blocks with the trained model
(`webfold.selector.model`, gradient-boosted trees in ONNX) and keep those at or above
the mode's threshold.
Blocks the walk offers from hidden subtrees or `<noscript>` (flagged HIDDEN/NOSCRIPT)
are kept only when the model selects them; "all" never keeps them. When no block
reaches the threshold the whole visible page is kept and a warning says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from webfold.document import Block, BlockFlag, Metadata

# The walk offers hidden-subtree and <noscript> blocks (flagged) so the model can keep
# product tabs and Discourse posts the benchmark counts as content (see the walk module).
WANTS_HIDDEN_BLOCKS = True
NOTHING_SELECTED = "selector: no block reached the {mode} threshold; kept the whole page"


@dataclass(slots=True)
class PageContext:
    """Page-level facts the selector may use, gathered by the HTML converter."""

    url: str | None = None
    metadata: Metadata = field(default_factory=Metadata)
    jsonld_types: tuple[str, ...] = ()  # every JSON-LD @type on the page
    og_type: str | None = None
    structured_text: str = ""  # JSON-LD articleBody/text/description, joined


def decide(scores: np.ndarray, threshold: float) -> tuple[np.ndarray, bool]:
    """Which blocks to keep from their scores: (kept mask, whether nothing passed).

    Shared by `apply` and the training script so tuning sees the runtime rule. When no
    block reaches `threshold` the mask is all False and the flag True.
    """
    kept = scores >= threshold
    return kept, not kept.any()


def apply(blocks: list[Block], page: PageContext, mode: str) -> list[str]:
    """Set `Block.kept` (and `Block.score`) for `mode` in main|precision|all.

    Returns warnings (e.g. that nothing passed the threshold and the whole page was kept).
    Raises ValueError for an unknown mode; model files missing from the package raise
    too (a packaging fault, not bad input).
    """
    if mode not in ("all", "main", "precision"):
        raise ValueError(f"unknown selection mode {mode!r}")
    visible = [not b.flags & BlockFlag.UNSEEN for b in blocks]
    if mode == "all" or not blocks:
        for block, keep in zip(blocks, visible, strict=True):
            block.kept = keep
        return []
    from webfold.selector.model import default_model

    model = default_model()
    threshold = model.thresholds.main if mode == "main" else model.thresholds.precision
    scores = model.score(blocks, page)
    kept, nothing = decide(scores, threshold)
    for block, score, keep, seen in zip(blocks, scores.tolist(), kept.tolist(), visible,
                                        strict=True):
        block.score = score
        block.kept = seen if nothing else keep
    return [NOTHING_SELECTED.format(mode=mode)] if nothing else []
