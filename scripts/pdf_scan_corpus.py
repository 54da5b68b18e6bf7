r"""Real scans: the scanned test pages of OCRmyPDF, one case per page, with what they say.

The PDFs come from the source distribution of ocrmypdf 17.13.0 on the package index
(`tests/resources/`, fetched and checked against the index's sha256 by
`pdf_public_tables.fetch_sdist`). What each file is and its licence, from the sdist's
`tests/resources/README.rst` and `REUSE.toml`:

- `linn.pdf`: a 1985 LinnSequencer brochure page scanned at 300 dpi, two columns
  (Wikimedia; (C) 1985 Forat Electronics, GFDL-1.2-or-later or CC-BY-SA-3.0). Made from
  the same scan, same licence: `cardinal.pdf` (four pages, the scan turned 0, 90, 180
  and 270 degrees into the pixels, no /Rotate), `skew.pdf` (skewed by the image
  matrix), `rotated_skew.pdf` (skewed and stored sideways under /Rotate 90),
  `ccitt.pdf` (CCITT G4 bilevel) and `jbig2.pdf` (JBIG2 bilevel).
- `c03-29.pdf`: page 29 of Adventures of Huckleberry Finn, an old print with
  illustrations (Project Gutenberg, public domain).
- `epson.pdf`: a printout of the Wikipedia article "Optical character recognition"
  scanned by an Epson printer (CC-BY-SA-3.0).
- `2400dpi.pdf`: a typewritten recipe at 2400 dpi ((C) 2005 Ellywa, GFDL or CC-BY-SA).
- `francais.pdf`: one French pangram with accents (synthetic, (C) James R. Barlow,
  CC-BY-SA-4.0); `kcs.pdf`: two handwritten lines through Kodak Capture Desktop; and
  `aspect.pdf`: one line in a 200 x 100 dpi image (both synthetic, CC-BY-SA-4.0).
- `3small.pdf` page 2: crom.png, one line of type (synthetic, CC-BY-SA-4.0).
- `palette.pdf`: a map of Bayonne with place names, palette image ((C) 2014
  Euskaldunaa, CC-BY-SA-4.0); `lichtenstein.pdf`: a photo without text, JPEG 2000
  ((C) 2001 Andreas Tille, 2007 Alessio Damato, GFDL or CC-BY-SA-3.0).

References, by `reference` kind: `linn.txt` (the sdist's text of linn.png, itself a
Tesseract reading: a peer's output with its own errors, such as its bullets read as "0"
and hyphens as dashes, so a right reading does not score 0 against it); `transcribed`
(the few lines of a short scan typed from the image for this corpus); `no-text` (a
photo: any text is wrong); `none` (no reference: times and orientation only). `upright`
names the case whose reading a turned or skewed copy of the same scan should repeat.
`turned` is how far the page's text is turned counter-clockwise as rendered
(0/90/180/270: what a reader must undo). Besides the sdist's own turned pages
(cardinal), the short scans (francais, kcs, aspect, crom) are also written turned 90
and 180 degrees with /Rotate (the scan's image is unchanged, the page shows it turned;
its render may differ from the upright page's by a pixel's phase): short text is where
orientation detection is unsure. `lang` is the Tesseract language of the text.

Files go to an ignored folder (default `.pdf-scan-corpus/`) with a `cases.json`
manifest; a later run reuses them unless `--rebuild`.

    python scripts/pdf_scan_corpus.py [--out DIR] [--rebuild]
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

import pymupdf

from pdf_engine_corpus import manifest_cases
from pdf_public_tables import fetch_sdist, save_file, sdist_member

REPO = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO / ".pdf-scan-corpus"
SDIST = ("ocrmypdf", "17.13.0")
RESOURCES = "tests/resources/"
_LINN = "GFDL-1.2-or-later or CC-BY-SA-3.0 (C) 1985 Forat Electronics"
_SYNTHETIC = "CC-BY-SA-4.0 (C) James R. Barlow"
# Texts typed from the images of the short scans.
TRANSCRIBED = {
    "francais": "Portez ce vieux whisky au juge blond qui fume sur son île intérieure, à côté "
                "de l'alcôve ovoïde, où les bûches se consument dans l'âtre, ce qui lui permet "
                "de penser à la cænogénèse de l'être dont il est question dans la cause "
                "ambiguë entendue à Moÿ, dans un capharnaüm qui, pense-t-il, diminue çà et là "
                "la qualité de son œuvre.",
    "kcs": "Kodak Capture\nDesktop Test",
    "aspect": "This should be a perfect circle.",
    "crom": "Covfefe is a perfectly cromulent word.",
}


@dataclass(slots=True)
class ScanCase:
    """One scanned page: `path` (relative to the corpus folder) page `page` (1-based)."""

    name: str
    path: str
    page: int
    turned: int  # degrees the text is turned counter-clockwise as rendered
    text: str | None  # the reference text; None: unknown
    reference: str  # how `text` is known: linn.txt, transcribed, no-text, none
    upright: str  # the case whose reading this one should repeat ("" for none)
    lang: str  # Tesseract language of the text
    licence: str
    note: str


def _turned_copy(out: Path, source: str, page: int, rotate: int) -> str:
    """A one-page copy of `source` page `page` shown turned by /Rotate `rotate` more."""
    with pymupdf.open(out / source) as doc:
        doc.select([page - 1])
        doc[0].set_rotation((doc[0].rotation + rotate) % 360)
        data = doc.tobytes(garbage=3, deflate=True)
    return save_file(out, "turned", f"{Path(source).stem}-p{page}-rotate{rotate}.pdf", data)


def ocrmypdf_cases(out: Path) -> list[ScanCase]:
    archive = fetch_sdist(*SDIST, out)

    def save(name: str) -> str:
        return save_file(out, "ocrmypdf", name, sdist_member(archive, RESOURCES + name))

    linn = sdist_member(archive, RESOURCES + "linn.txt").decode("utf-8")
    cases = [ScanCase("linn", save("linn.pdf"), 1, 0, linn, "linn.txt", "", "eng", _LINN,
                      "brochure page, two columns, 300 dpi")]
    cardinal = save("cardinal.pdf")
    for page, turned in ((1, 0), (2, 270), (3, 180), (4, 90)):
        cases.append(ScanCase(f"cardinal-{page}", cardinal, page, turned, linn, "linn.txt",
                              "linn", "eng", _LINN, f"linn turned {turned} in the pixels"))
    for name, note in (("skew", "linn skewed by the image matrix"),
                       ("rotated_skew", "linn skewed, stored sideways under /Rotate 90"),
                       ("ccitt", "linn as CCITT G4 bilevel"), ("jbig2", "linn as JBIG2")):
        cases.append(ScanCase(name, save(f"{name}.pdf"), 1, 0, linn, "linn.txt", "linn",
                              "eng", _LINN, note))
    for name, licence, note in (
            ("c03-29", "public domain", "old print with illustrations"),
            ("epson", "CC-BY-SA-3.0 Wikipedia contributors", "printed article, Epson scan"),
            ("2400dpi", "GFDL or CC-BY-SA (C) 2005 Ellywa", "typewriter, 2400 dpi"),
            ("palette", "CC-BY-SA-4.0 (C) 2014 Euskaldunaa", "map with place names")):
        cases.append(ScanCase(name, save(f"{name}.pdf"), 1, 0, None, "none", "", "eng",
                              licence, note))
    cases.append(ScanCase("lichtenstein", save("lichtenstein.pdf"), 1, 0, "", "no-text", "",
                          "eng", "GFDL or CC-BY-SA-3.0 (C) 2001 A. Tille, 2007 A. Damato",
                          "photo, JPEG 2000"))
    short = (("francais", "francais.pdf", 1, "fra", "French pangram with accents"),
             ("kcs", "kcs.pdf", 1, "eng", "two handwritten lines"),
             ("aspect", "aspect.pdf", 1, "eng", "one line, 200 x 100 dpi"),
             ("crom", "3small.pdf", 2, "eng", "one line of type"))
    for name, source, page, lang, note in short:
        path = save(source)
        cases.append(ScanCase(name, path, page, 0, TRANSCRIBED[name], "transcribed", "", lang,
                              _SYNTHETIC, note))
        for rotate in (90, 180):
            turned = (360 - rotate) % 360
            cases.append(ScanCase(f"{name}-turned{turned}", _turned_copy(out, path, page, rotate),
                                  1, turned, TRANSCRIBED[name], "transcribed", name, lang,
                                  _SYNTHETIC, f"{note}, turned {turned} by /Rotate {rotate}"))
    return cases


def build(out: Path = DEFAULT_OUT, rebuild: bool = False) -> list[ScanCase]:
    """The corpus in `out`: read from its manifest, or made (and the manifest written)."""
    return manifest_cases(out, ScanCase, lambda: ocrmypdf_cases(out), rebuild)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args(argv)
    cases = build(args.out, args.rebuild)
    for case in cases:
        print(f"{case.name:22} {case.path:42} p{case.page} turned {case.turned:>3}  "
              f"{case.reference:11} {case.lang}  {case.note}")
    print(f"{len(cases)} pages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
