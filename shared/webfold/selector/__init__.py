"""Main-content selection: decides which blocks of a page are kept.

`apply` is the one entry the HTML converter calls. Until the trained selector lands,
"main" and "precision" keep every block (the documented pre-selector behaviour).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from webfold.document import Block, Metadata


@dataclass(slots=True)
class PageContext:
    """Page-level facts the selector may use, gathered by the HTML converter."""

    url: str | None = None
    metadata: Metadata = field(default_factory=Metadata)
    jsonld_types: tuple[str, ...] = ()  # every JSON-LD @type on the page
    og_type: str | None = None
    structured_text: str = ""  # JSON-LD articleBody/text/description, joined


def apply(blocks: list[Block], page: PageContext, mode: str) -> list[str]:
    """Set `Block.kept` (and `Block.score`) for `mode` in main|precision|all.

    Returns warnings (e.g. that nothing passed the threshold and the whole page was kept).
    """
    for block in blocks:
        block.kept = True
    return []
