"""The converter layer, built for arm64 as `cdk deploy` uses it: size, contents, bytecode.

Builds once per session into a temp dir (about 10 s with pip's cache, which pip fills
from the package registry on first use).
"""

from __future__ import annotations

import ast
import importlib.util
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from webfold_infra import constants

REPO = Path(__file__).resolve().parents[2]
LAMBDA_UNZIPPED_LIMIT = 250 * 1024 * 1024  # function plus all its layers
ELF_MACHINE_AARCH64 = 0xB7
NETWORK_ERRORS = ("NewConnectionError", "Failed to establish", "Temporary failure in name")


def _load_build_module():
    spec = importlib.util.spec_from_file_location("layer_build", REPO / "layers/converter/build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["layer_build"] = module  # dataclasses need the module registered
    spec.loader.exec_module(module)
    return module


build = _load_build_module()


@pytest.fixture(scope="session")
def layer(tmp_path_factory):
    try:
        python312 = build.find_python312()
    except FileNotFoundError as error:
        pytest.skip(f"cannot compile the layer's bytecode: {error}")
    out = tmp_path_factory.mktemp("layer")
    try:
        return build.build("arm64", out, python312)
    except subprocess.CalledProcessError as error:
        log = f"{error.stdout or ''}{error.stderr or ''}"
        if any(marker in log for marker in NETWORK_ERRORS):
            pytest.skip("pip cannot reach the package registry to fetch the layer's wheels")
        raise


def tree_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def test_function_plus_layer_fit_lambdas_unzipped_limit(layer):
    largest_function = max(
        tree_size(constants.FUNCTIONS_DIR / spec.name) for spec in constants.ZIP_FUNCTIONS
    )
    total = layer.unzipped_bytes + largest_function
    print(f"layer {layer.unzipped_bytes / 2**20:.1f} MiB + function {largest_function} B")
    assert total < LAMBDA_UNZIPPED_LIMIT


def test_layer_carries_the_converter_and_not_what_belongs_elsewhere(layer):
    python = layer.layer_dir / "python"
    for needed in ("webfold", "selectolax", "onnxruntime", "pymupdf", "numpy", "warcio",
                   "httpx", "aws_lambda_powertools", "aws_xray_sdk", "openpyxl"):  # fmt: skip
        assert (python / needed).is_dir(), needed
    for unwanted in ("pytesseract", "PIL", "playwright", "lightgbm", "sklearn", "onnxmltools",
                     "boto3", "botocore", "lxml", "docx", "pptx"):  # fmt: skip
        assert not (python / unwanted).exists(), unwanted
    assert not list((python / "webfold").rglob("train*.py"))
    assert not (python / "webfold" / "selector" / "labels.py").exists()  # training only
    assert (python / "webfold" / "selector" / "features.py").exists()


def test_tests_headers_and_stubs_are_trimmed(layer):
    python = layer.layer_dir / "python"
    assert not [p for p in python.rglob("tests") if p.is_dir()]
    assert not list(python.rglob("*.h"))
    assert not list(python.rglob("*.pyi"))


def test_every_module_has_python_312_bytecode_and_no_other(layer):
    python = layer.layer_dir / "python"
    sources = list(python.rglob("*.py"))
    assert len(sources) > 500
    for source in sources:
        pyc = source.parent / "__pycache__" / f"{source.stem}.cpython-312.pyc"
        assert pyc.exists(), source
    foreign = [p for p in python.rglob("*.pyc") if ".cpython-312." not in p.name]
    assert foreign == []


def test_native_code_is_built_for_arm64(layer):
    python = layer.layer_dir / "python"
    libraries = [p for p in python.rglob("*.so*") if p.is_file()]
    assert libraries
    for library in libraries:
        header = library.read_bytes()[:20]
        assert header[:4] == b"\x7fELF", library
        (machine,) = struct.unpack("<H", header[18:20])
        assert machine == ELF_MACHINE_AARCH64, library


def test_zip_holds_the_python_folder(layer):
    with zipfile.ZipFile(layer.zip_path) as archive:
        names = archive.namelist()
    assert names and all(name.startswith("python/") for name in names)
    assert "python/webfold/__init__.py" in names


def imports_of(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_no_module_of_webfold_in_the_layer_imports_moto_or_the_dev_stack(layer):
    python = layer.layer_dir / "python"
    modules = list((python / "webfold").rglob("*.py"))
    assert (python / "webfold" / "pipeline" / "s3io.py") in modules
    assert [m for m in modules if imports_of(m) & {"moto", "devstack"}] == []
    assert not (python / "devstack").exists() and not (python / "moto").exists()


def test_the_copied_package_carries_no_moto_even_without_a_layer_build(tmp_path):
    build.copy_webfold(tmp_path)
    modules = list((tmp_path / "webfold").rglob("*.py"))
    assert (tmp_path / "webfold" / "pipeline" / "records.py") in modules
    assert [m for m in modules if imports_of(m) & {"moto", "devstack"}] == []
