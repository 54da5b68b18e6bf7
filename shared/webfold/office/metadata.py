"""Document properties into `Metadata`: OOXML `docProps/core.xml` (Dublin Core)."""

from __future__ import annotations

import zipfile

from webfold.document import Metadata
from webfold.office.archive import has, read_xml

DC = "{http://purl.org/dc/elements/1.1/}"
DCTERMS = "{http://purl.org/dc/terms/}"
CORE_PART = "docProps/core.xml"


def core_properties(archive: zipfile.ZipFile) -> Metadata:
    """Title, author, language, date and description from the core properties part
    (empty `Metadata` when the package has none); raises `ArchiveError` for bad XML."""
    if not has(archive, CORE_PART):
        return Metadata()
    root = read_xml(archive, CORE_PART)

    def text(tag: str) -> str | None:
        node = root.find(tag)
        value = (node.text or "").strip() if node is not None else ""
        return value or None

    date = text(f"{DCTERMS}modified") or text(f"{DCTERMS}created")
    return Metadata(title=text(f"{DC}title"), author=text(f"{DC}creator"),
                    language=text(f"{DC}language"), date=date,
                    description=text(f"{DC}description") or text(f"{DC}subject"))
