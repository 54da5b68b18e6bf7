"""The web edge's layering, checked on what a fresh process really imports: the
transport (fetch, render, the guard proxy) loads no converter, and nothing in
`webfold.web` loads the pipeline or an AWS SDK."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import webfold

# `webfold/__init__.py` re-exports `convert` (the library facade), so importing any
# submodule normally loads the converter entry too. The probe stands in an empty
# `webfold` package to see what the named modules import themselves.
PROBE = """
import importlib, sys, types
package = types.ModuleType("webfold")
package.__path__ = [{path!r}]
sys.modules["webfold"] = package
for name in {modules!r}:
    importlib.import_module(name)
print("\\n".join(sorted(sys.modules)))
"""
CONVERTERS = ("webfold.convert", "webfold.html", "webfold.pdf", "webfold.selector",
              "webfold.warc")


def loaded_by(*modules: str) -> set[str]:
    code = PROBE.format(path=str(Path(webfold.__file__).parent), modules=list(modules))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=60)
    return set(done.stdout.split())


def test_the_transport_imports_no_converter() -> None:
    loaded = loaded_by("webfold.web.fetch", "webfold.web.render", "webfold.web.guardproxy")
    assert {"webfold.web.fetch", "httpx"} <= loaded
    assert sorted(m for m in loaded if m.startswith(CONVERTERS)) == []


def test_the_web_edge_knows_no_aws() -> None:
    loaded = loaded_by("webfold.web.scrape", "webfold.web.crawl", "webfold.web.render")
    assert "webfold.convert" in loaded  # the scrape converts: the probe sees real imports
    assert sorted(m for m in loaded
                  if m.startswith(("webfold.pipeline", "devstack", "boto3", "botocore"))) == []
