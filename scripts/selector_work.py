"""Where the selector's offline work lives: feature cache, fold models, out-of-fold scores.

`WEBFOLD_SELECTOR_WORK` names the folder (default `/tmp`), so two experiments on one
machine do not overwrite each other's fold models.
"""

from __future__ import annotations

import os
from pathlib import Path

WORK_DIR = Path(os.environ.get("WEBFOLD_SELECTOR_WORK", "/tmp"))
CACHE = WORK_DIR / "webfold_selector_cache.npz"
FOLD_DIR = WORK_DIR / "webfold_selector_folds"
OOF_FILE = WORK_DIR / "webfold_selector_oof.npz"  # out-of-fold scores, for experiments
