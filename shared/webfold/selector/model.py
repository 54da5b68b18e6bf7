"""The committed selector model: one ONNX session, created lazily once per process.

`default_model()` returns the process-wide `SelectorModel` for the files in
`webfold/models/`; its onnxruntime session is created on first use, with one thread,
and reused for every page. Scoring a page is one `run` on the page's feature matrix.
Floor thresholds live beside the model in `selector.json` (written by
`scripts/train_selector.py`, tuned by cross-validation).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from webfold.selector.features import BLOCK_FEATURES

MODEL_DIR = Path(__file__).resolve().parents[1] / "models"
MODEL_FILE = "selector.onnx"
CONFIG_FILE = "selector.json"


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Floor scores under the per-page cut (`webfold.selector.decide`), tuned on OOF
    scores: `main` for mean page F1, `precision` for mean page F0.5."""

    main: float
    precision: float


class SelectorModel:
    """One trained selector (ONNX model plus thresholds), loaded from a directory."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        config = json.loads((self.directory / CONFIG_FILE).read_text("utf-8"))
        if tuple(config["features"]) != BLOCK_FEATURES:
            raise ValueError(f"{directory}: the model was trained on other features")
        self.thresholds = Thresholds(**config["thresholds"])
        self._session = None
        self._input_name = ""

    @property
    def session(self):
        """The onnxruntime session, created on first use (one thread, CPU)."""
        if self._session is None:
            import onnxruntime as ort

            options = ort.SessionOptions()
            options.intra_op_num_threads = 1
            options.inter_op_num_threads = 1
            self._session = ort.InferenceSession(str(self.directory / MODEL_FILE), options,
                                                 providers=["CPUExecutionProvider"])
            self._input_name = self._session.get_inputs()[0].name
        return self._session

    def score(self, matrix: np.ndarray) -> np.ndarray:
        """Main-content probabilities, one per block, from one `run` over the page.

        In: the page's feature matrix (`features.block_features`). Out: float64 scores
        in [0, 1]. Raises only if the model file is missing or broken (a packaging fault).
        """
        if len(matrix) == 0:
            return np.zeros(0)
        session = self.session
        probabilities = session.run(None, {self._input_name: matrix})[1]
        return np.asarray(probabilities, dtype=np.float64)[:, 1]


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
