"""DOCX written by another producer: WCXB pages saved as DOCX by LibreOffice, read back.

    python scripts/office_libreoffice_check.py [--pages 20] [--out out/office-lo]

LibreOffice Writer (`soffice`, headless, its own profile folder) opens the first
`--pages` pages of ../shared/data/wcxb-dev and saves each as DOCX, then saves each DOCX
as plain text: its own reading of the document, the reference. Webfold and MarkItDown
convert the DOCX files; the table gives word recall and precision against the reference
(multisets of lowercased words) and the headings and tables found against the Heading
paragraphs and tables in the DOCX. Needs `soffice` and the data; exits 2 without them.
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time
import zipfile
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "shared"))
WCXB = REPO.parent / "shared" / "data" / "wcxb-dev" / "html"
SOFFICE_TIMEOUT_S = 90  # per file: LibreOffice lays some long pages out for minutes
_WORD = re.compile(r"\w+")
_TARGET = re.compile(r"\]\([^)\s]*(?:\s+\"[^\"]*\")?\)")
_HEADING_STYLE = re.compile(rb'<w:pStyle w:val="Heading[1-6]"/>')


def soffice(out: Path, target: str, files: list[Path]) -> None:
    """Convert each of `files` into `out` with LibreOffice; a file over the timeout is
    skipped (its process group killed: `soffice` is a script that starts soffice.bin)."""
    profile = out / "profile"
    suffix = "." + target.split(":", 1)[0]
    for file in files:
        if (out / (file.stem + suffix)).exists():
            continue  # converted by an earlier run
        cmd = ["soffice", "--headless", "--norestore",
               f"-env:UserInstallation=file://{profile}", "--convert-to", target,
               "--outdir", str(out), str(file)]
        process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True)
        try:
            process.wait(timeout=SOFFICE_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            print(f"skipped {file.name}: over {SOFFICE_TIMEOUT_S} s in LibreOffice",
                  file=sys.stderr)


def words(text: str) -> Counter[str]:
    """Lowercased words; Markdown link and image targets are not text."""
    return Counter(w.lower() for w in _WORD.findall(_TARGET.sub("]", text)))


def overlap(found: Counter[str], reference: Counter[str]) -> tuple[float, float]:
    common = sum((found & reference).values())
    return common / max(sum(reference.values()), 1), common / max(sum(found.values()), 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=20)
    parser.add_argument("--out", type=Path, default=REPO / "out" / "office-lo")
    args = parser.parse_args(argv)
    if shutil.which("soffice") is None or not WCXB.is_dir():
        print("needs soffice (LibreOffice) and ../shared/data/wcxb-dev", file=sys.stderr)
        return 2
    from markitdown import MarkItDown

    from webfold import convert

    html_dir, docx_dir, text_dir = (args.out / name for name in ("html", "docx", "txt"))
    for folder in (html_dir, docx_dir, text_dir):
        folder.mkdir(parents=True, exist_ok=True)
    pages = sorted(WCXB.glob("*.html.gz"))[: args.pages]
    for page in pages:
        (html_dir / page.name[:-3]).write_bytes(gzip.decompress(page.read_bytes()))
    started = time.monotonic()  # LibreOffice converts what an earlier run did not
    soffice(docx_dir, "docx:MS Word 2007 XML", sorted(html_dir.glob("*.html")))
    written = sorted(docx_dir.glob("*.docx"))
    if not written:
        print("LibreOffice wrote no DOCX", file=sys.stderr)
        return 1
    soffice(text_dir, "txt:Text (encoded):UTF8", written)
    print(f"LibreOffice: {len(pages)} pages to DOCX and text in "
          f"{time.monotonic() - started:.0f} s\n")
    markitdown = MarkItDown(enable_plugins=False)
    rows: dict[str, list[tuple[float, ...]]] = {"webfold": [], "markitdown": []}
    for docx in sorted(docx_dir.glob("*.docx")):
        text = text_dir / (docx.stem + ".txt")
        if not text.exists():
            continue
        reference = words(text.read_text(errors="replace"))
        document = zipfile.ZipFile(docx).read("word/document.xml")
        headings = len(_HEADING_STYLE.findall(document))
        tables = document.count(b"<w:tbl>")
        for name in rows:
            t0 = time.perf_counter()
            if name == "webfold":
                markdown = convert(docx.read_bytes(), filename=docx.name).markdown
            else:
                markdown = markitdown.convert(str(docx)).text_content
            ms = (time.perf_counter() - t0) * 1000
            recall, precision = overlap(words(markdown), reference)
            lines = markdown.splitlines()
            found_headings = sum(1 for line in lines if re.match(r"#{1,6} ", line))
            found_tables = sum(1 for a, b in zip(lines, lines[1:], strict=False)
                               if a.startswith("|") and b.startswith("|---"))
            rows[name].append((recall, precision,
                               min(found_headings, headings) / headings if headings else 1.0,
                               min(found_tables, tables) / tables if tables else 1.0, ms))
    print(f"{'converter':<11} {'recall':>7} {'precision':>9} {'headings':>9} {'tables':>7} "
          f"{'median ms':>10}   ({len(rows['webfold'])} DOCX files)")
    for name, values in rows.items():
        means = [statistics.mean(v[i] for v in values) for i in range(4)]
        ms = statistics.median(v[4] for v in values)
        print(f"{name:<11} {means[0]:>7.3f} {means[1]:>9.3f} {means[2]:>9.3f} {means[3]:>7.3f} "
              f"{ms:>10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
