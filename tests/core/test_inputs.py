"""What `webfold.convert` accepts: bytes, text, paths and binary file objects; a str
that names a file is refused with a pointer to `pathlib.Path`, never opened."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

import webfold
from webfold import convert
from webfold.outputs import SOURCE_SUFFIXES, UNSUPPORTED_FORMATS

PAGE = "<html><head><title>Weir</title></head><body><h1>Weir</h1><p>Low water.</p></body></html>"


@pytest.fixture
def page(tmp_path: Path) -> Path:
    path = tmp_path / "weir.html"
    path.write_text(PAGE, encoding="utf-8")
    return path


def test_a_path_is_read_and_named_in_the_record(page: Path) -> None:
    doc = convert(page, select="all")
    assert doc.ok and doc.markdown.startswith("# Weir") and doc.source == str(page)
    assert doc.record()["source"] == str(page)


def test_a_binary_file_object_is_read_and_named(page: Path) -> None:
    with page.open("rb") as handle:
        doc = convert(handle, select="all")
    assert doc.ok and "Low water." in doc.markdown and doc.source == str(page)
    unnamed = convert(io.BytesIO(PAGE.encode()), select="all")
    assert unnamed.ok and unnamed.source is None


def test_a_text_mode_file_object_is_bad_input(page: Path) -> None:
    with page.open(encoding="utf-8") as handle:
        doc = convert(handle)
    assert doc.error is not None and doc.error.code == "bad_input" and "'rb'" in doc.error.message


def test_a_missing_path_is_bad_input(tmp_path: Path) -> None:
    doc = convert(tmp_path / "gone.pdf")
    assert doc.error is not None and doc.error.code == "bad_input"
    assert "No such file" in doc.error.message and doc.source == str(tmp_path / "gone.pdf")


def test_a_str_naming_a_file_is_refused_not_opened(page: Path) -> None:
    doc = convert(str(page))
    assert doc.error is not None and doc.error.code == "bad_input"
    assert "pathlib.Path(" in doc.error.message and doc.markdown == ""


def test_a_str_is_text_even_when_it_reads_like_a_path() -> None:
    missing = convert("/no/such/report.pdf", select="all")  # no file: converted as text
    assert missing.ok and missing.type == "html" and "/no/such/report.pdf" in missing.markdown
    markup = convert(f"<p>{Path(__file__)}</p>", select="all")  # markup: never a path
    assert markup.ok and Path(__file__).name in markup.markdown


def test_a_lone_surrogate_in_a_str_is_a_replacement_character() -> None:
    # Half a UTF-16 pair (text cut from JavaScript or a Windows API) is no character and
    # cannot be encoded; a browser's string conversion makes it U+FFFD.
    doc = convert("<p>Low water \ud83c at the weir.</p>", select="all")
    assert doc.ok and doc.markdown == "Low water \ufffd at the weir.\n"
    doc.markdown.encode("utf-8")


@pytest.mark.parametrize("extension", sorted(set(UNSUPPORTED_FORMATS) - set(SOURCE_SUFFIXES)))
def test_known_unsupported_formats_are_named(extension: str) -> None:
    doc = convert(b"PK\x03\x04\x14\x00\x00\x00binary\x00body", filename=f"a{extension}")
    assert doc.error is not None and doc.error.code == "unsupported_type"
    assert doc.error.message == f"{extension} is {UNSUPPORTED_FORMATS[extension]}"


def test_package_ships_py_typed() -> None:
    assert (Path(webfold.__file__).parent / "py.typed").is_file()
    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    assert '"py.typed"' in pyproject.read_text(encoding="utf-8")


def test_scrape_is_exported_and_the_web_edge_loads_lazily() -> None:
    code = ("import sys, webfold; assert callable(webfold.scrape); "
            "print(sorted(m for m in sys.modules if m.startswith('webfold.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "webfold.web" not in out  # no web module until scrape is called
