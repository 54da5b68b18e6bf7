"""Hostile and broken Office files end in typed errors, within the caps and the budget:
ZIP bombs, entity expansion, encrypted packages, truncated archives."""

from __future__ import annotations

import io
import zipfile

import pytest

from webfold import Settings, convert

KINDS = ["docx", "pptx", "xlsx", "ods", "epub"]
LAUGHS = (b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
          + b"".join(b'<!ENTITY lol%d "%s">' % (i, (b"&lol%d;" % (i - 1) if i > 1 else b"&lol;")
                                               * 10) for i in range(1, 10))
          + b"]><root>&lol9;</root>")
# The part each reader parses first, for the entity-expansion case.
MAIN_PART = {"docx": "word/document.xml", "pptx": "ppt/presentation.xml",
             "xlsx": "xl/workbook.xml", "ods": "content.xml", "epub": "META-INF/container.xml"}


def rebuilt(data: bytes, replace: dict[str, bytes] | None = None,
            add: dict[str, bytes] | None = None) -> bytes:
    """The same package with some members replaced or added (the first one stays first)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            body = (replace or {}).get(item.filename, src.read(item.filename))
            dst.writestr(item, body)
        for name, body in (add or {}).items():
            dst.writestr(name, body)
    return out.getvalue()


@pytest.mark.parametrize("kind", KINDS)
def test_zip_bomb_is_refused_by_the_unpacked_size_cap(kind, samples):
    bomb = rebuilt(samples[kind].path.read_bytes(), add={"bomb.bin": bytes(3_000_000)})
    assert len(bomb) < 100_000  # three megabytes of zeros pack to a few kilobytes
    doc = convert(bomb, settings=Settings(office_max_unzipped_bytes=2_000_000))
    assert doc.error is not None and doc.error.code == "too_large", doc.error
    assert doc.type == kind


def test_too_many_archive_entries_is_refused(samples):
    crowd = rebuilt(samples["docx"].path.read_bytes(),
                    add={f"junk/{i}.txt": b"" for i in range(60)})
    doc = convert(crowd, settings=Settings(office_max_members=50))
    assert doc.error is not None and doc.error.code == "too_large"


@pytest.mark.parametrize("kind", KINDS)
def test_entity_expansion_is_refused_not_expanded(kind, samples):
    hostile = rebuilt(samples[kind].path.read_bytes(), replace={MAIN_PART[kind]: LAUGHS})
    doc = convert(hostile)
    assert doc.error is not None and doc.error.code == "damaged", doc.error
    assert "lollol" not in doc.markdown


@pytest.mark.parametrize("kind", KINDS)
def test_truncated_archive_is_damaged(kind, samples):
    data = samples[kind].path.read_bytes()
    cut = data[: len(data) * 6 // 10]
    for doc in (convert(cut, filename=f"cut.{kind}"), convert(cut)):
        assert doc.error is not None, kind
        assert doc.error.code in ("damaged", "unsupported_type"), doc.error
    named = convert(cut, filename=f"cut.{kind}")
    assert named.error.code == "damaged" and named.type == kind


def test_truncated_docx_is_known_by_its_part_names_without_a_file_name(samples):
    data = samples["docx"].path.read_bytes()
    doc = convert(data[: len(data) * 6 // 10])
    assert doc.type == "docx" and doc.error.code == "damaged"


def _compound_file(streams: list[str]) -> bytes:
    """The head of an OLE compound file with directory entries named `streams` (what an
    encrypted OOXML package or a legacy .doc looks like to a sniffer)."""
    header = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504)
    entries = b"".join(name.encode("utf-16-le").ljust(64, b"\0") + bytes(64) for name in streams)
    return header + entries + bytes(2048)


def test_encrypted_office_file_is_encrypted():
    data = _compound_file(["Root Entry", "EncryptionInfo", "EncryptedPackage"])
    doc = convert(data, filename="budget.xlsx")
    assert doc.error is not None and doc.error.code == "encrypted"
    assert doc.type == "xlsx"
    assert convert(data).error.code == "encrypted"  # by content, without a name


def test_legacy_binary_office_file_is_unsupported():
    doc = convert(_compound_file(["Root Entry", "WordDocument"]), filename="old.doc")
    assert doc.error is not None and doc.error.code == "unsupported_type"


def test_zip_level_password_is_encrypted(samples):
    data = bytearray(samples["docx"].path.read_bytes())
    at = data.find(b"PK\x01\x02")
    while at != -1:  # set the "encrypted" flag bit on every central directory entry
        data[at + 8] |= 0x1
        at = data.find(b"PK\x01\x02", at + 4)
    doc = convert(bytes(data))
    assert doc.error is not None and doc.error.code == "encrypted"


def test_a_zip_that_is_no_office_file_is_unsupported():
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("notes.txt", "just a zip")
    assert convert(out.getvalue()).error.code == "unsupported_type"


def test_spent_budget_keeps_the_first_slide_sheet_and_chapter(samples):
    for kind, unit in (("pptx", "slides"), ("xlsx", "sheets"), ("epub", "chapters")):
        doc = convert(samples[kind].path.read_bytes(), settings=Settings(office_budget_s=0.0))
        assert doc.ok, (kind, doc.error)
        assert any("time budget" in w and unit in w for w in doc.warnings), (kind, doc.warnings)
        assert doc.markdown.strip()


def test_sheet_cell_cap_cuts_with_a_warning(samples):
    doc = convert(samples["xlsx"].path.read_bytes(), settings=Settings(sheet_max_cells=12))
    assert doc.ok
    assert any("cell cap" in w for w in doc.warnings)
    first = doc.markdown.split("## Notes")[0]
    assert first.count("\n|") <= 4  # header, rule and one row of four cells: 12 cells


def test_csv_with_a_binary_body_is_not_read_as_csv():
    doc = convert(b"\x00\x01\x02\x03" * 100, filename="data.csv")
    assert doc.error is not None and doc.error.code == "unsupported_type"
