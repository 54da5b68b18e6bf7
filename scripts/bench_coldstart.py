"""Cold import time of the zip handlers on the converter layer (target: under 600 ms).

    .venv/bin/python scripts/bench_coldstart.py [--runs 7]

Each run is a fresh Python 3.12 process laid out like a Lambda sandbox: the function's
folder, then the layer's `python/` (its bytecode built for 3.12), then a folder holding
what the Lambda runtime itself supplies (boto3 and friends), with the environment the
stack sets (tracing on). `-B` keeps the handler folders read-only, as /var/task is.
Prints the median import time per handler and, from `-X importtime`, which imports
dominate. The layer is rebuilt first (for this machine's architecture, into
build/layers/) so the measured `webfold` is the current one.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "layers" / "converter"))

from build import DEFAULT_OUT, build, find_python312  # noqa: E402
from webfold.pipeline import resources  # noqa: E402

TARGET_MS = 600
HANDLERS = ("convert_object", "ingest_url", "rescrape")
# What the Lambda Python 3.12 runtime provides in /var/runtime (versions as in .venv).
RUNTIME_PACKAGES = ("boto3==1.44.8", "botocore==1.44.8", "s3transfer==0.19.3",
                    "python-dateutil==2.9.0.post0", "urllib3==2.8.0")  # fmt: skip
CONVERTERS = ("webfold.html.converter", "webfold.pdf.converter", "webfold.warc")
HEAVY = ("numpy", "onnxruntime", "pymupdf", "fitz", "selectolax", "warcio", "httpx",
         "aws_xray_sdk")  # fmt: skip
PROBE = """
import sys, time
sys.path[:0] = {paths!r}
wall, cpu = time.perf_counter(), time.process_time()
import {module}
print((time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000)
"""


def runtime_dir(python312: str) -> Path:
    """A folder with the runtime's own packages, installed once with the 3.12 pip."""
    target = REPO / "build" / "bench" / "lambda-runtime-py312"
    if not target.exists():
        cmd = [python312, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
               "--no-deps", "--target", str(target), *RUNTIME_PACKAGES]  # fmt: skip
        subprocess.run(cmd, check=True)
    return target


def lambda_environment(name: str) -> dict[str, str]:
    """What a deployed function sees: names from the stack, Powertools, tracing on."""
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "AWS_LAMBDA_FUNCTION_NAME": name,  # Powertools' Tracer is on only inside Lambda
        "AWS_REGION": "us-east-1",
        "AWS_DEFAULT_REGION": "us-east-1",
        "POWERTOOLS_SERVICE_NAME": name,
        "POWERTOOLS_METRICS_NAMESPACE": "Webfold",
        resources.ENV_BUCKET: "bench-bucket",
        resources.ENV_IDEMPOTENCY_TABLE: "bench-idempotency",
        resources.ENV_URL_STATE_TABLE: "bench-url-state",
        resources.ENV_URLS_QUEUE: "https://sqs.us-east-1.amazonaws.com/000000000000/bench",
        resources.ENV_OCR_FUNCTION: "bench-ocr",
        resources.ENV_RENDER_FUNCTION: "bench-render",
    }


def import_once(
    python312: str, module: str, paths: list[str], function: str, *, importtime: bool
) -> tuple[float, float, str]:
    """(wall ms, CPU ms, stderr) of one fresh import; raises RuntimeError if it fails."""
    flags = ["-X", "importtime"] if importtime else []
    cmd = [python312, "-I", "-B", *flags, "-c", PROBE.format(paths=paths, module=module)]
    done = subprocess.run(cmd, env=lambda_environment(function), capture_output=True,
                          text=True, cwd="/")  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(f"importing {module} for {function} failed:\n{done.stderr[-2000:]}")
    wall_ms, cpu_ms = (float(v) for v in done.stdout.strip().splitlines()[-1].split())
    return wall_ms, cpu_ms, done.stderr


def dominant_imports(importtime_log: str, top: int) -> tuple[list[tuple[str, int]], list[str]]:
    """(root packages by their own import time in µs, the heavy packages imported)."""
    by_root: Counter[str] = Counter()
    for line in importtime_log.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        self_us, _, name = (part.strip() for part in line[12:].split("|"))
        by_root[name.split(".")[0]] += int(self_us)
    return by_root.most_common(top), [pkg for pkg in HEAVY if pkg in by_root]


def bench(name: str, python312: str, layer_python: Path, runtime: Path, runs: int) -> float:
    paths = [str(REPO / "functions" / name), str(layer_python), str(runtime)]
    samples = [
        import_once(python312, "handler", paths, name, importtime=False) for _ in range(runs)
    ]
    walls = [wall for wall, _, _ in samples]
    median = statistics.median(walls)
    cpu = statistics.median(cpu for _, cpu, _ in samples)
    verdict = "ok" if median < TARGET_MS else f"OVER the {TARGET_MS} ms target"
    # CPU time is what the import costs without other processes competing for the cores.
    print(f"{name:<16} median {median:6.0f} ms wall, {cpu:4.0f} ms CPU  (wall min "
          f"{min(walls):.0f}, max {max(walls):.0f}, {runs} runs)  {verdict}")  # fmt: skip
    _, _, log = import_once(python312, "handler", paths, name, importtime=True)
    roots, heavy = dominant_imports(log, top=8)
    print("    own time by package (`handler` = its module-level code): "
          + ", ".join(f"{root} {us / 1000:.0f} ms" for root, us in roots))  # fmt: skip
    print(f"    heavy packages imported at cold start: {', '.join(heavy) or 'none'}")
    return median


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    arch = "arm64" if platform.machine() in ("aarch64", "arm64") else "x86_64"
    python312 = find_python312()
    layer = build(arch, DEFAULT_OUT, python312)
    layer_python = layer.layer_dir / "python"
    runtime = runtime_dir(python312)
    print(f"cold import with {layer.layer_dir.name} on {python312} (target {TARGET_MS} ms)")
    medians = [bench(n, python312, layer_python, runtime, args.runs) for n in HANDLERS]
    print("first document of a type (converter imported on first use, not at cold start):")
    for module in CONVERTERS:
        samples = [
            import_once(python312, module, [str(layer_python), str(runtime)], "convert_object",
                        importtime=False)
            for _ in range(args.runs)
        ]  # fmt: skip
        wall = statistics.median(w for w, _, _ in samples)
        cpu = statistics.median(c for _, c, _ in samples)
        print(f"    {module:<26} median {wall:6.0f} ms wall, {cpu:4.0f} ms CPU")
    return 0 if max(medians) < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
