"""Golden Markdown for the generated sample of every Office format (scripts/office_corpus.py).

On a mismatch the test writes `<kind>.actual.md` beside the expected file and shows the
diff. Regenerate on purpose with `WEBFOLD_REGEN=1`.
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

import pytest

from webfold import convert

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "office"
KINDS = ["docx", "pptx", "xlsx", "ods", "csv", "epub"]


@pytest.mark.parametrize("kind", KINDS)
def test_golden_markdown(kind, samples):
    case = samples[kind]
    doc = convert(case.path.read_bytes(), filename=case.path.name)
    assert doc.ok, doc.error
    assert doc.type == kind
    expected_path = FIXTURES / f"{kind}.expected.md"
    actual_path = FIXTURES / f"{kind}.actual.md"
    if os.environ.get("WEBFOLD_REGEN") == "1" or not expected_path.exists():
        expected_path.write_text(doc.markdown, encoding="utf-8")
    expected = expected_path.read_text(encoding="utf-8")
    if doc.markdown != expected:
        actual_path.write_text(doc.markdown, encoding="utf-8")
        diff = "".join(difflib.unified_diff(expected.splitlines(True),
                                            doc.markdown.splitlines(True),
                                            str(expected_path), str(actual_path)))
        pytest.fail(f"Markdown differs from the golden file:\n{diff}")
    actual_path.unlink(missing_ok=True)


@pytest.mark.parametrize("kind", KINDS)
def test_every_generated_word_heading_table_and_item_comes_out(kind, samples):
    """Checked against what the generator wrote, not against the golden file."""
    case = samples[kind]
    doc = convert(case.path.read_bytes())  # no name: sniffed by content (CSV excepted)
    if kind == "csv":
        doc = convert(case.path.read_bytes(), filename="export.csv")
    assert doc.ok and doc.type == kind, doc.error
    words = re.findall(r"\d+\.\d+|\w+", doc.markdown.lower())
    for word in case.words:
        assert word.lower().strip(".") in words, word
    lines = doc.markdown.splitlines()
    for heading in case.headings:
        assert any(line.startswith("#") and line.endswith(heading) for line in lines), heading
    for header in case.tables:
        assert "| " + " | ".join(header) + " |" in lines, header
    for item in case.list_items:
        assert any(re.match(rf"\s*(?:-|\d+\.) {re.escape(item)}$", line) for line in lines), item
    for text in case.absent:
        assert text not in doc.markdown


def test_docx_structure(samples):
    doc = convert(samples["docx"].path.read_bytes())
    lines = doc.markdown.splitlines()
    assert lines[0].startswith("# ")  # the Title style
    assert any(line.startswith("  - ") for line in lines)  # a nested bullet
    assert any(line.startswith("   1. ") for line in lines)  # a nested numbered item
    assert "[^1]: " in doc.markdown and "[^2]: " in doc.markdown  # footnote and endnote
    assert re.search(r"\]\(https://example\.org/notes\)", doc.markdown)
    assert re.search(r"\*\*\w+ \w+\*\*", doc.markdown) and re.search(r" \*\w+ \w+\* ",
                                                                       doc.markdown)
    # No image folder: the alt text stands where the picture was, no marker points nowhere.
    assert re.search(r"\n\w+ \w+ \w+\n", doc.markdown) and "](#image" not in doc.markdown
    assert doc.metadata.title == "Field Notes 0" and doc.metadata.author == "Ada Reed"
    assert doc.metadata.language == "en-GB"


def test_merged_docx_cells_are_expanded_to_empty_cells(samples):
    doc = convert(samples["docx"].path.read_bytes())
    table = [line for line in doc.markdown.splitlines() if line.startswith("|")]
    widths = {line.count(" | ") for line in table if "---" not in line}
    assert widths == {2}  # every row has three cells
    assert table[3].startswith("|  | ")  # the cell under the two-row merge is empty


def test_pptx_sections_notes_chart_and_reading_order(samples):
    doc = convert(samples["pptx"].path.read_bytes())
    headings = [line for line in doc.markdown.splitlines() if line.startswith("## ")]
    assert [h.split(":")[0] for h in headings] == [f"## Slide {n}" for n in range(1, 5)]
    assert "### Notes" in doc.markdown
    assert "| Category |" in doc.markdown and "| 12.5 |" in doc.markdown
    slide3 = doc.markdown.split("## Slide 3")[1].split("## Slide 4")[0]
    # the text box added last but placed above the table comes first
    assert slide3.index("\n\n", 2) < slide3.index("|")
    assert doc.markdown.rstrip().endswith("\n\ntide kelp ivy")  # the picture's alt text


def test_xlsx_cached_formula_values_and_iso_dates(samples):
    doc = convert(samples["xlsx"].path.read_bytes())
    assert re.search(r"\| 20\d\d-\d\d-\d\d \|", doc.markdown)
    total = [line for line in doc.markdown.splitlines() if line.startswith("| Total |")]
    assert total and re.match(r"\| Total \| \d+ \|", total[0])
    assert [line for line in doc.markdown.splitlines() if line.startswith("## ")] == [
        "## Sites", "## Notes"]


def test_epub_metadata_and_spine_order(samples):
    case = samples["epub"]
    doc = convert(case.path.read_bytes())
    meta = doc.metadata
    assert (meta.title, meta.author, meta.language, meta.publisher) == (
        "The Book Of Harbour", "Mira Holt, Tom Vale", "en", "Northwind Press")
    headings = [line[2:] for line in doc.markdown.splitlines() if line.startswith("# ")]
    assert headings == case.headings  # spine order, which differs from the manifest's
    assert doc.record()["metadata"]["publisher"] == "Northwind Press"


def test_docx_pptx_and_epub_images_written_with_images_dir(tmp_path, samples, corpus_module):
    from webfold import ConvertOptions

    for kind in ("docx", "pptx"):
        out = tmp_path / kind
        doc = convert(samples[kind].path.read_bytes(), options=ConvertOptions(image_dir=str(out)))
        files = sorted(p.name for p in out.iterdir())
        assert len(files) == 1 and files[0].endswith(".png"), files
        assert f"]({(out / files[0]).as_posix()})" in doc.markdown  # resolves to the file
        assert (out / files[0]).read_bytes() == corpus_module.png()


def test_epub_images_are_written_by_their_package_path(tmp_path, samples, corpus_module):
    import io
    import zipfile

    from webfold import ConvertOptions

    src = zipfile.ZipFile(samples["epub"].path)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as book:
        for item in src.infolist():
            body = src.read(item.filename)
            if item.filename == "OEBPS/chapter2.xhtml":
                body = body.replace(b"</body>", b'<p><img src="images/map.png" alt="the map"/>'
                                                b"</p></body>")
            book.writestr(item, body)
        book.writestr("OEBPS/images/map.png", corpus_module.png())
    plain = convert(out.getvalue())
    assert "the map" in plain.markdown and "![" not in plain.markdown
    doc = convert(out.getvalue(), options=ConvertOptions(image_dir=str(tmp_path)))
    (written,) = [p.name for p in tmp_path.iterdir()]
    assert f"![the map]({(tmp_path / written).as_posix()})" in doc.markdown
