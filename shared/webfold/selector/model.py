"""The committed two-stage selector model: ONNX sessions, created lazily once per process.

`default_model()` returns the process-wide `SelectorModel` for the files in
`webfold/models/`; its onnxruntime sessions are created on first use, with one thread
each, and reused for every page. Scoring a page is one `run` per stage: stage one on
the block features, stage two on the same features plus stage one's scores in context.
Thresholds live beside the models in `selector.json` (written by
`scripts/train_selector.py`, tuned by cross-validation).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from webfold.document import Block
from webfold.selector.features import BLOCK_FEATURES, block_features, context_features

MODEL_DIR = Path(__file__).resolve().parents[1] / "models"
STAGE1_FILE = "selector_stage1.onnx"
STAGE2_FILE = "selector_stage2.onnx"
CONFIG_FILE = "selector.json"


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Score cut-offs: `main` maximises mean page F1 on OOF; `precision` mean F0.5."""

    main: float
    precision: float


class SelectorModel:
    """Both stages of one trained selector, loaded from a directory."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        config = json.loads((self.directory / CONFIG_FILE).read_text("utf-8"))
        if tuple(config["features"]) != BLOCK_FEATURES:
            raise ValueError(f"{directory}: the model was trained on other features")
        self.thresholds = Thresholds(**config["thresholds"])
        self._sessions: dict[str, object] = {}

    def session(self, filename: str):
        """The onnxruntime session for one stage, created on first use (one thread)."""
        sess = self._sessions.get(filename)
        if sess is None:
            import onnxruntime as ort

            options = ort.SessionOptions()
            options.intra_op_num_threads = 1
            options.inter_op_num_threads = 1
            sess = ort.InferenceSession(str(self.directory / filename), options,
                                        providers=["CPUExecutionProvider"])
            self._sessions[filename] = sess
        return sess

    def _run(self, filename: str, matrix: np.ndarray) -> np.ndarray:
        sess = self.session(filename)
        name = sess.get_inputs()[0].name
        probabilities = sess.run(None, {name: matrix})[1]
        return np.asarray(probabilities, dtype=np.float64)[:, 1]

    def score(self, blocks: list[Block], page) -> tuple[np.ndarray, object]:
        """Stage-two probabilities (one per block) and the page's `PageGroups`.

        In: a page's blocks and its `PageContext`. Out: float64 scores in [0, 1].
        Raises only if the model files are missing or broken (a packaging fault).
        """
        base, groups = block_features(blocks, page)
        if len(blocks) == 0:
            return np.zeros(0), groups
        first = self._run(STAGE1_FILE, base)
        return self._run(STAGE2_FILE, context_features(base, first, groups)), groups


_default: SelectorModel | None = None


def default_model() -> SelectorModel:
    """The process-wide model from `webfold/models/`, loaded on first call."""
    global _default
    if _default is None:
        _default = SelectorModel(MODEL_DIR)
    return _default


@contextlib.contextmanager
def using(model: SelectorModel) -> Iterator[SelectorModel]:
    """Make `model` the process-wide model inside the block (evaluation of fold models)."""
    global _default
    previous, _default = _default, model
    try:
        yield model
    finally:
        _default = previous
