"""Build the converter Lambda layer zip without Docker, for x86_64 or arm64.

    .venv/bin/python layers/converter/build.py --arch arm64      # -> build/layers/

Steps: pip installs the pinned wheels for the Lambda Python (manylinux tags, binary only,
no bytecode), the `webfold` package is copied in without its training code, tests,
headers and foreign bytecode are trimmed, then a Python 3.12 interpreter compiles the
bytecode (`/opt` is read-only on Lambda, so modules without it are compiled again on
every cold start). Prints the unzipped size and the largest packages.
"""

from __future__ import annotations

import argparse
import fnmatch
import glob
import os
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
REQUIREMENTS = HERE / "requirements.txt"
WEBFOLD_SOURCE = REPO / "shared" / "webfold"
DEFAULT_OUT = REPO / "build" / "layers"

PYTHON_VERSION = "3.12"  # the Lambda runtime the layer is built for
# Lambda's Python 3.12 runtime (Amazon Linux 2023) has glibc 2.34.
MANYLINUX_TAGS = ("manylinux2014", "manylinux_2_27", "manylinux_2_28", "manylinux_2_34")
ARCH_TO_MACHINE = {"x86_64": "x86_64", "arm64": "aarch64"}

# Never in the layer: container-image packages and training code.
FORBIDDEN_TOP_LEVEL = ("pytesseract", "PIL", "playwright", "lightgbm", "sklearn", "onnxmltools")
WEBFOLD_EXCLUDES = ("__pycache__", "*.pyc", "train*.py", "training", "*.egg-info")
# Training-only modules of the package (relative to shared/webfold), never imported when
# converting.
WEBFOLD_TRAINING_ONLY = ("selector/labels.py",)
TRIM_DIRS = ("tests", "__pycache__", "include", "*-stubs")
# Offline model tooling inside onnxruntime (quantisation, transformer export); the
# runtime path (onnxruntime.capi) never imports them.
TRIM_PATHS = ("onnxruntime/transformers", "onnxruntime/quantization", "onnxruntime/tools", "bin")
TRIM_FILES = ("*.h", "*.hpp", "*.pyx", "*.pxd", "*.pyi", "*.c", "*.cpp")


@dataclass(frozen=True, slots=True)
class LayerBuild:
    arch: str
    layer_dir: Path  # contains python/
    zip_path: Path
    unzipped_bytes: int
    zipped_bytes: int


def pip_install(arch: str, target: Path) -> None:
    """Install the pinned wheels for `arch` into `target`; raises CalledProcessError."""
    machine = ARCH_TO_MACHINE[arch]
    platforms = [arg for tag in MANYLINUX_TAGS for arg in ("--platform", f"{tag}_{machine}")]
    cmd = [
        sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
        "--target", str(target), "--only-binary=:all:", "--no-deps", "--no-compile",
        "--python-version", PYTHON_VERSION, "--implementation", "cp",
        *platforms, "-r", str(REQUIREMENTS),
    ]  # fmt: skip
    # Captured so a caller can tell "registry unreachable" from a real resolution error.
    subprocess.run(cmd, check=True, capture_output=True, text=True)


def copy_webfold(target: Path) -> None:
    """Copy the converter package in, minus training code and bytecode."""
    by_name = shutil.ignore_patterns(*WEBFOLD_EXCLUDES)

    def ignore(directory: str, names: list[str]) -> set[str]:
        relative = Path(directory).relative_to(WEBFOLD_SOURCE)
        training = {n for n in names if (relative / n).as_posix() in WEBFOLD_TRAINING_ONLY}
        return set(by_name(directory, names)) | training

    shutil.copytree(WEBFOLD_SOURCE, target / "webfold", ignore=ignore)


def trim(target: Path) -> None:
    """Drop what never runs on Lambda: tests, headers, C sources, stubs, offline tools."""
    for root, dirs, files in os.walk(target, topdown=True):
        for name in [d for d in dirs if any(fnmatch.fnmatch(d, p) for p in TRIM_DIRS)]:
            shutil.rmtree(Path(root) / name)
            dirs.remove(name)
        for name in files:
            if any(fnmatch.fnmatch(name, pattern) for pattern in TRIM_FILES):
                (Path(root) / name).unlink()
    for relative in TRIM_PATHS:  # bin/: console scripts with the build machine's shebang
        if (target / relative).exists():
            shutil.rmtree(target / relative)


def compile_bytecode(python312: str, target: Path) -> None:
    """Write 3.12 bytecode beside every module.

    `unchecked-hash` pycs are used without comparing source timestamps, which zip
    archives round to two seconds and would otherwise invalidate.
    """
    cmd = [
        python312, "-m", "compileall", "-q", "-j", "0",
        "--invalidation-mode", "unchecked-hash", str(target),
    ]  # fmt: skip
    subprocess.run(cmd, check=True)


def find_python312() -> str:
    """A Python 3.12 interpreter: $WEBFOLD_PYTHON312, pyenv, or PATH; raises if none."""
    candidates = [os.environ.get("WEBFOLD_PYTHON312", "")]
    candidates += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.12*/bin/python3.12")))
    candidates.append(shutil.which("python3.12") or "")
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise FileNotFoundError("no Python 3.12 interpreter (set WEBFOLD_PYTHON312)")


def forbidden_packages(python_dir: Path) -> list[str]:
    """Top-level names in the layer that must not be there."""
    return [name for name in FORBIDDEN_TOP_LEVEL if (python_dir / name).exists()]


def tree_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def write_zip(layer_dir: Path, zip_path: Path) -> None:
    with zipfile.ZipFile(zip_path, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for path in sorted(layer_dir.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(layer_dir).as_posix())


def build(arch: str, out_dir: Path, python312: str) -> LayerBuild:
    """Build `out_dir/converter-<arch>/python/` and its zip.

    Raises CalledProcessError when pip or compileall fail (pip needs the package
    registry or a warm cache), ValueError when a forbidden package got in.
    """
    layer_dir = out_dir / f"converter-{arch}"
    python_dir = layer_dir / "python"
    if layer_dir.exists():
        shutil.rmtree(layer_dir)
    python_dir.mkdir(parents=True)
    pip_install(arch, python_dir)
    copy_webfold(python_dir)
    trim(python_dir)
    bad = forbidden_packages(python_dir)
    if bad:
        raise ValueError(f"packages that must not be in the layer: {bad}")
    compile_bytecode(python312, python_dir)
    zip_path = out_dir / f"converter-{arch}.zip"
    write_zip(layer_dir, zip_path)
    return LayerBuild(arch, layer_dir, zip_path, tree_size(layer_dir), zip_path.stat().st_size)


def package_sizes(python_dir: Path) -> list[tuple[str, int]]:
    """(top-level entry, bytes), largest first."""
    sizes = [
        (p.name, tree_size(p) if p.is_dir() else p.stat().st_size)
        for p in python_dir.iterdir()
        if not p.name.endswith(".dist-info")
    ]
    return sorted(sizes, key=lambda item: -item[1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arch", choices=sorted(ARCH_TO_MACHINE), default="arm64")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--python312", help="Python 3.12 interpreter for the bytecode")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    try:
        result = build(args.arch, args.out.resolve(), args.python312 or find_python312())
    except subprocess.CalledProcessError as error:
        print(f"{error.cmd[:4]} failed:\n{error.stdout or ''}{error.stderr or ''}", file=sys.stderr)
        return 1
    mb = 1024 * 1024
    print(f"layer {result.arch}: {result.zip_path}")
    unzipped, zipped = result.unzipped_bytes / mb, result.zipped_bytes / mb
    print(f"  unzipped {unzipped:.1f} MiB, zipped {zipped:.1f} MiB")
    for name, size in package_sizes(result.layer_dir / "python")[:8]:
        print(f"  {name:<44} {size / mb:7.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
