"""The OCR route on real generated scans with the real tesseract binary: upright, turned
and degraded scans read back at low CER, failures come back as typed errors, and
--no-ocr never starts tesseract. Each tesseract run costs about half a second, so the
scans read here are few."""

from __future__ import annotations

import io
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pymupdf
import pytest
from PIL import Image

from webfold import convert
from webfold.errors import ConversionError
from webfold.function_words import function_word_shares
from webfold.pdf.model import PageLines
from webfold.pdf.ocr import (
    OcrPage,
    OcrWord,
    TesseractEngine,
    deskew_angle,
    font_size,
    ocr_page,
    page_lines,
)
from webfold.settings import Settings

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))
from pdf_corpus import Case, build_corpus, paragraphs, scan_image  # noqa: E402
from pdf_scores import cer  # noqa: E402

REFERENCE = REPO / ".." / "shared" / "data" / "pdf-dev" / "reference"
needs_tesseract = pytest.mark.skipif(shutil.which("tesseract") is None,
                                     reason="the tesseract binary is not installed")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Case]:
    return {c.name: c for c in build_corpus(tmp_path_factory.mktemp("corpus"))}


def read_last_page(path: Path, engine: TesseractEngine, **settings: object) -> PageLines:
    with pymupdf.open(path) as doc:
        result = ocr_page(doc[-1], settings=Settings(**settings), engine=engine)
    assert isinstance(result, PageLines), result
    return result


def text_of(lines: PageLines) -> str:
    return "\n".join(line.text for line in lines.lines)


@needs_tesseract
@pytest.mark.parametrize("name", ["scan_clean", "scan_noisy", "scan_rot90", "scan_rot180"])
def test_scans_read_back_at_low_cer(corpus: dict[str, Case], name: str) -> None:
    lines = read_last_page(corpus[name].path, TesseractEngine())
    assert cer(corpus[name].text, text_of(lines)) <= 0.03
    assert lines.width < lines.height  # turned scans come back as the upright portrait page
    assert all(line.source == "ocr" and line.confidence is not None for line in lines.lines)
    for line in lines.lines:
        x0, y0, x1, y1 = line.bbox
        assert 0 <= x0 < x1 <= lines.width and 0 <= y0 < y1 <= lines.height
    title, body = lines.lines[0], lines.lines[1]
    assert title.text == "Report of the Harbour Office"
    assert title.spans[0].size > body.spans[0].size * 1.2  # the 18 pt title stands out
    assert 9 <= body.spans[0].size <= 14  # 12 pt body text


@needs_tesseract
def test_mixed_file_scanned_page_with_two_languages(corpus: dict[str, Case]) -> None:
    lines = read_last_page(corpus["mixed"].path, TesseractEngine(), ocr_lang="eng+deu")
    expected = corpus["mixed"].text.split("\n\n")[3:]
    assert cer("\n\n".join(expected), text_of(lines)) <= 0.03


@needs_tesseract
@pytest.mark.skipif(not REFERENCE.is_dir(), reason="../shared/data/pdf-dev is not present")
@pytest.mark.parametrize("name", ["ocr_test", "ocr_test_rotated_90"])
def test_reference_ocr_sentences_come_out(name: str) -> None:
    sentence = (REFERENCE / f"{name}.txt").read_text(encoding="utf-8").strip()
    lines = read_last_page(REFERENCE / f"{name}.pdf", TesseractEngine())
    assert " ".join(text_of(lines).split()) == sentence


def test_missing_tesseract_is_a_typed_error(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path, corpus: dict[str, Case]) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty directory: no tesseract anywhere
    with pymupdf.open(corpus["scan_clean"].path) as doc:
        error = ocr_page(doc[0], settings=Settings(), engine=TesseractEngine())
    assert not isinstance(error, PageLines)
    assert error.code == "ocr_failed" and error.retryable
    assert "tesseract is not installed" in error.message


@needs_tesseract
def test_unknown_language_is_a_typed_error(corpus: dict[str, Case]) -> None:
    engine = TesseractEngine()
    with pymupdf.open(corpus["scan_clean"].path) as doc:
        error = ocr_page(doc[0], settings=Settings(ocr_lang="eng+xxq"), engine=engine)
    assert not isinstance(error, PageLines)
    assert error.code == "ocr_failed" and "xxq" in error.message
    assert engine.processes == 1  # the language list only; no page was sent


@needs_tesseract
def test_page_over_its_ocr_timeout_is_a_timeout_error(corpus: dict[str, Case]) -> None:
    with pymupdf.open(corpus["scan_clean"].path) as doc:
        error = ocr_page(doc[0], settings=Settings(ocr_timeout_s=0.001), engine=TesseractEngine())
    assert not isinstance(error, PageLines)
    assert error.code == "timeout" and error.retryable


def test_rendering_is_bounded_by_ocr_max_dim(corpus: dict[str, Case]) -> None:
    class Sizes:  # an engine that only records the image size it was given
        def recognize(self, image: bytes, *, lang: str, timeout_s: float) -> OcrPage:
            with Image.open(io.BytesIO(image)) as img:
                self.size = img.size
            return OcrPage(width=int(self.size[0]), height=int(self.size[1]))

    engine = Sizes()
    with pymupdf.open(corpus["scan_clean"].path) as doc:
        lines = ocr_page(doc[0], settings=Settings(ocr_max_dim=1000), engine=engine)
    assert max(engine.size) == 1000
    assert isinstance(lines, PageLines) and lines.height == pytest.approx(842, abs=1)


def test_word_boxes_of_turned_pages_are_laid_out_upright() -> None:
    # "Hello world" read upwards on a 200 x 400 px image turned 90 degrees ccw.
    words = [OcrWord("Hello", (10, 300, 30, 380), 95, 1, 1, 1),
             OcrWord("world", (10, 200, 30, 290), 93, 1, 1, 1)]
    lines = page_lines(OcrPage(width=200, height=400, words=words, rotation=90),
                       number=3, points_per_pixel=0.5)
    assert (lines.width, lines.height, lines.number) == (200, 100, 3)
    [line] = lines.lines
    assert line.text == "Hello world" and line.confidence == 94
    assert line.spans[0].bbox == (10, 5, 50, 15) and line.spans[1].bbox == (55, 5, 100, 15)


def test_no_ocr_never_starts_tesseract(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                       corpus: dict[str, Case]) -> None:
    from webfold.contract import ConvertOptions
    from webfold.convert import convert

    monkeypatch.setenv("PATH", str(tmp_path))  # a tesseract start would fail loudly
    engine = TesseractEngine()
    path = corpus["mixed"].path
    doc = convert(path.read_bytes(), filename=path.name,
                  options=ConvertOptions(settings=Settings(ocr=False), ocr=engine))
    assert engine.processes == 0
    assert [p.route for p in doc.pages] == ["native", "skipped"]
    assert not any("tesseract" in w for w in doc.warnings)


@pytest.fixture(scope="module")
def page_image() -> Image.Image:
    return scan_image("Report of the Harbour Office", paragraphs(71, 3, 2))


@pytest.mark.parametrize("skew", [-7.0, -2.5, 1.0, 6.0])
def test_deskew_finds_the_angle_that_levels_the_lines(page_image: Image.Image,
                                                       skew: float) -> None:
    turned = page_image.rotate(skew, resample=Image.BICUBIC, fillcolor=255)
    assert deskew_angle(turned) == pytest.approx(-skew, abs=0.25)


def test_deskew_leaves_level_turned_and_blank_pages_alone(page_image: Image.Image) -> None:
    assert deskew_angle(page_image) == 0.0
    assert deskew_angle(page_image.transpose(Image.Transpose.ROTATE_90)) == 0.0
    assert deskew_angle(Image.new("L", (800, 1100), 255)) == 0.0


def test_ocr_page_survives_the_json_trip_to_the_lambda_function_and_back() -> None:
    import json

    page = OcrPage(width=200, height=400, rotation=90, skew=-1.5,
                   words=[OcrWord("Hello", (10, 300, 30, 380), 95.5, 1, 1, 1)])
    assert OcrPage.from_dict(json.loads(json.dumps(page.to_dict()))) == page
    failed = OcrPage(width=0, height=0, error=ConversionError("timeout", "too slow"))
    assert OcrPage.from_dict(json.loads(json.dumps(failed.to_dict()))) == failed


def test_missing_tesseract_skips_the_scanned_page_with_a_warning(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, corpus: dict[str, Case]) -> None:
    from webfold.contract import ConvertOptions
    from webfold.convert import convert

    monkeypatch.setenv("PATH", str(tmp_path))
    path = corpus["mixed"].path
    doc = convert(path.read_bytes(), filename=path.name,
                  options=ConvertOptions(ocr=TesseractEngine()))
    assert doc.ok and "Part One: The Survey" in doc.markdown
    assert [p.route for p in doc.pages] == ["native", "skipped"]
    assert any("tesseract is not installed" in w for w in doc.warnings)


@needs_tesseract
def test_convert_reads_the_mixed_file_page_by_page(corpus: dict[str, Case]) -> None:
    from webfold.contract import ConvertOptions
    from webfold.convert import convert

    engine = TesseractEngine()
    path = corpus["mixed"].path
    doc = convert(path.read_bytes(), filename=path.name, options=ConvertOptions(ocr=engine))
    assert [p.route for p in doc.pages] == ["native", "ocr"]
    assert engine.processes == 3  # the language list, OSD, then the one scanned page
    assert cer(corpus["mixed"].text, doc.markdown) <= 0.03


def test_font_size_from_word_boxes_ignores_which_letters_a_word_has() -> None:
    # Heights (pt) Tesseract reports for 12 pt Helvetica words on a 300 dpi render.
    body = [font_size(w, (0, 0, 10, h)) for w, h in
            [("noon", 6.7), ("The", 9.0), ("slowly", 11.2), ("river", 9.0), ("2026", 9.0)]]
    assert all(est is not None and 11.5 <= est <= 13 for est in body)
    assert 17 <= (font_size("Letter", (0, 0, 10, 13.8)) or 0) <= 20  # an 18 pt title
    assert font_size("--", (0, 0, 10, 2)) is None


def test_ocr_page_needs_neither_pillow_nor_pytesseract(corpus: dict[str, Case]) -> None:
    # The converter layer ships without them; only the OCR engine's image has them.
    import subprocess

    code = (
        "import sys; sys.modules['PIL'] = None; sys.modules['pytesseract'] = None\n"
        "import pymupdf\n"
        "from webfold.pdf.ocr import OcrPage, OcrWord, ocr_page\n"
        "from webfold.settings import Settings\n"
        "class Engine:\n"
        "    def recognize(self, image, *, lang, timeout_s):\n"
        "        assert image.startswith(b'\\x89PNG')\n"
        "        return OcrPage(width=100, height=100,\n"
        "                       words=[OcrWord('Hi', (10, 10, 30, 20), 90.0, 1, 1, 1)])\n"
        f"page = pymupdf.open({str(corpus['scan_clean'].path)!r})[0]\n"
        "print(ocr_page(page, settings=Settings(), engine=Engine()).lines[0].text)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "Hi"


@needs_tesseract
def test_two_column_scan_reads_column_by_column(corpus: dict[str, Case]) -> None:
    # OCR lines take the same layout path as native ones, gutter detection included.
    from webfold.convert import convert

    case = corpus["two_column_scrambled"]
    with pymupdf.open(case.path) as src:
        pix = src[0].get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
    buf = io.BytesIO()
    Image.frombytes("L", (pix.width, pix.height), pix.samples).save(buf, format="PNG")
    scan = pymupdf.open()
    page = scan.new_page(width=595, height=842)
    page.insert_image(page.rect, stream=buf.getvalue())
    doc = convert(scan.tobytes(), filename="two_column_scan.pdf")
    assert [p.route for p in doc.pages] == ["ocr"]
    assert cer(case.text, doc.markdown) <= 0.03


def test_lines_read_from_picture_noise_are_dropped() -> None:
    words = [OcrWord("Field", (10, 10, 60, 30), 96, 1, 1, 1),
             OcrWord("Notes", (70, 10, 130, 30), 95, 1, 1, 1),
             OcrWord("(Ooh", (10, 50, 60, 70), 6, 2, 1, 1),
             OcrWord("SIX)", (70, 50, 130, 70), 14, 2, 1, 1),
             OcrWord("|", (140, 50, 150, 70), 69, 2, 1, 1)]
    lines = page_lines(OcrPage(width=200, height=100, words=words), number=1,
                       points_per_pixel=1.0)
    assert [line.text for line in lines.lines] == ["Field Notes"]


@needs_tesseract
@pytest.mark.parametrize("name", ["arabic", "chinese"])
def test_non_latin_scan_is_read_in_its_script_without_being_told(corpus: dict[str, Case],
                                                                  name: str) -> None:
    # The page says nothing about its language; OSD names the script, and the installed
    # pack for it (ara, chi_sim) reads the page in logical order.
    with pymupdf.open(corpus[name].path) as src:
        pix = src[0].get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
    buf = io.BytesIO()
    Image.frombytes("L", (pix.width, pix.height), pix.samples).save(buf, format="PNG")
    scan = pymupdf.open()
    page = scan.new_page(width=595, height=842)
    page.insert_image(page.rect, stream=buf.getvalue())
    engine = TesseractEngine()
    lines = ocr_page(page, settings=Settings(ocr_lang="eng"), engine=engine)
    assert isinstance(lines, PageLines)
    if {"arabic": "ara", "chinese": "chi_sim"}[name] not in (engine._languages or ()):
        pytest.skip("the language pack for this script is not installed")
    assert cer(corpus[name].text, text_of(lines)) <= 0.03
    first = lines.lines[0].bbox
    assert first[1] < 150  # at the top: not laid out upside down (Arabic reads leftwards)
    if name == "arabic":
        assert first[2] > 450  # right-aligned, as printed


def _scanned(path: Path) -> pymupdf.Document:
    """The first page of `path` as a 200 dpi grey picture on an otherwise empty page."""
    with pymupdf.open(path) as src:
        pix = src[0].get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
    buf = io.BytesIO()
    Image.frombytes("L", (pix.width, pix.height), pix.samples).save(buf, format="PNG")
    scan = pymupdf.open()
    scan.new_page(width=595, height=842).insert_image(scan[0].rect, stream=buf.getvalue())
    return scan


@needs_tesseract
@pytest.mark.parametrize(("name", "pack"), [("arabic", "ara"), ("cyrillic", "rus"),
                                            ("chinese", "chi_sim"), ("scan_clean", None)])
def test_the_script_chooses_the_language_before_the_first_reading(
        corpus: dict[str, Case], name: str, pack: str | None) -> None:
    # No language named: OSD names the script and the page is read once, with that
    # script's pack; a Latin page is read with eng.
    import pytesseract

    if pack is not None and pack not in pytesseract.get_languages(config=""):
        pytest.skip(f"tesseract has no {pack} data (tesseract --list-langs; "
                    f"scripts/setup_system.sh installs it)")
    engine = TesseractEngine()
    with _scanned(corpus[name].path) as scan:
        lines = ocr_page(scan[0], settings=Settings(), engine=engine)
    assert isinstance(lines, PageLines), lines
    assert engine.processes == 3  # the language list, OSD, one reading
    assert cer(corpus[name].text, text_of(lines)) <= 0.03


def test_cjk_words_join_without_spaces() -> None:
    words = [OcrWord("河水", (10, 10, 50, 30), 90, 1, 1, 1),
             OcrWord("在", (52, 10, 70, 30), 90, 1, 1, 1),
             OcrWord("Python", (75, 10, 130, 30), 90, 1, 1, 1),
             OcrWord("夜里。", (135, 10, 180, 30), 90, 1, 1, 1)]
    lines = page_lines(OcrPage(width=200, height=100, words=words), number=1,
                       points_per_pixel=1.0)
    assert lines.lines[0].text == "河水在 Python 夜里。"


@needs_tesseract
def test_short_text_turned_180_degrees_is_read_upright() -> None:
    # OSD is unsure on a few words and reads them upside down at low confidence; the
    # page is read again turned and the surer reading wins.
    page = pymupdf.open().new_page(width=595, height=842)
    page.insert_text((72, 120), "Please sign here and return the form.", fontsize=14)
    pix = page.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
    turned = Image.open(io.BytesIO(pix.tobytes("png"))).rotate(180)
    scan = pymupdf.open()
    buf = io.BytesIO()
    turned.save(buf, "PNG")
    scan.new_page(width=595, height=842).insert_image(pymupdf.Rect(0, 0, 595, 842),
                                                      stream=buf.getvalue())
    doc = convert(scan.tobytes())
    assert doc.pages[0].route == "ocr"
    assert doc.markdown == "Please sign here and return the form.\n"


def _one_line_scan(text: str, fontsize: float, dpi: int, turn: int) -> bytes:
    """One line of `text` printed large on a small page, scanned at `dpi` and turned
    `turn` degrees counter-clockwise, as the only content of a PDF page."""
    page = pymupdf.open().new_page(width=400, height=200)
    page.insert_text((30, 80), text, fontsize=fontsize)
    pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    buf = io.BytesIO()
    Image.open(io.BytesIO(pix.tobytes("png"))).rotate(turn, expand=True).save(buf, "PNG")
    scan = pymupdf.open()
    scan.new_page(width=400, height=200).insert_image(pymupdf.Rect(0, 0, 400, 200),
                                                      stream=buf.getvalue())
    return scan.tobytes()


@needs_tesseract
def test_large_short_text_turned_180_degrees_is_read_upright() -> None:
    # Upside down, "Kodak Capture" reads as "einjdey yepoy" at a confidence that passes
    # for words, so only OSD's doubt (too few letters) says to try the other way up.
    doc = convert(_one_line_scan("Kodak Capture", 40, 200, 180))
    assert doc.pages[0].route == "ocr"
    assert doc.markdown == "Kodak Capture\n"


@needs_tesseract
def test_every_tesseract_pass_is_told_the_resolution_of_the_image_as_sent(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The turned copy read in the 180-degree check is PGM, which carries no resolution;
    # left to guess one, Tesseract read two handwritten lines of a real scan otherwise
    # than the same pixels as PNG ("= kK oO dak Capture" against "Ke dak Capture").
    import pytesseract

    configs: list[str] = []
    for name in ("image_to_data", "image_to_osd"):
        real = getattr(pytesseract, name)

        def spy(*args: object, _real: Any = real, **kwargs: Any) -> Any:
            configs.append(kwargs["config"])
            return _real(*args, **kwargs)

        monkeypatch.setattr(pytesseract, name, spy)
    page = pymupdf.open(stream=_one_line_scan("Please sign here and return the form.", 14,
                                              200, 180))[0]
    lines = ocr_page(page, settings=Settings(), engine=TesseractEngine())
    assert isinstance(lines, PageLines), lines
    assert len(configs) == 3  # OSD, the reading, the reading turned 180 degrees
    resolutions = {re.search(r"--dpi \d+", c).group() if "--dpi" in c else None
                   for c in configs}
    assert len(resolutions) == 1 and None not in resolutions, configs


def test_the_page_image_declares_the_resolution_it_was_rendered_at() -> None:
    class Keeper:
        images: list[bytes] = []

        def recognize(self, image: bytes, *, lang: str, timeout_s: float) -> OcrPage:
            self.images.append(image)
            return OcrPage(width=1, height=1)

    engine = Keeper()
    page = pymupdf.open().new_page(width=400, height=500)  # 300 dpi fits in 3000 px
    ocr_page(page, settings=Settings(), engine=engine)
    small = pymupdf.open().new_page(width=2000, height=1000)  # bounded: 3000 px across
    ocr_page(small, settings=Settings(), engine=engine)
    dpis = [Image.open(io.BytesIO(png)).info["dpi"] for png in engine.images]
    assert [round(d[0]) for d in dpis] == [300, 108]


LETTER = ["Dear Mrs Hartley,",
          "Thank you for your letter of 3 March about the rain gauge",
          "at the upper valley station. We checked the readings for",
          "February and found that two days were entered twice.",
          "The corrected figures are in the table we sent today.",
          "Please sign the enclosed form and return it by Friday.",
          "Yours sincerely,",
          "Anna Keller, Survey Office"]


def _degraded_scan(lines: list[str], turn: int) -> bytes:
    """`lines` as a real office scan: printed at 150 dpi on grey paper, 1.2 degrees
    askew, blurred, grainy (18 grey levels), JPEG q35, turned `turn` degrees
    counter-clockwise, as the only content of a PDF page."""
    import numpy as np
    from PIL import ImageFilter

    page = pymupdf.open().new_page(width=595, height=842)
    for i, line in enumerate(lines):
        page.insert_text((72, 110 + 18 * i), line, fontsize=11, fontname="tiro")
    pix = page.get_pixmap(dpi=150, colorspace=pymupdf.csGRAY)
    paper = 205
    grey = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width) * (paper / 255)
    img = Image.fromarray(grey.astype(np.uint8)).rotate(1.2, resample=Image.BICUBIC,
                                                        fillcolor=paper)
    img = img.filter(ImageFilter.GaussianBlur(0.8))
    noise = np.random.default_rng(7).normal(0, 18, (img.height, img.width))
    img = Image.fromarray((np.asarray(img) + noise).clip(0, 255).astype(np.uint8))
    buf = io.BytesIO()
    img.rotate(turn, expand=True).save(buf, "JPEG", quality=35)
    width, height = (595, 842) if turn in (0, 180) else (842, 595)
    scan = pymupdf.open()
    scan.new_page(width=width, height=height).insert_image(pymupdf.Rect(0, 0, width, height),
                                                           stream=buf.getvalue())
    return scan.tobytes()


def _has_tesseract_data(*packs: str) -> bool:
    import pytesseract

    return shutil.which("tesseract") is not None and set(packs) <= set(
        pytesseract.get_languages(config=""))


@pytest.mark.skipif(not _has_tesseract_data("eng", "osd"),
                    reason="tesseract or its eng/osd data is not installed")
@pytest.mark.parametrize(("turn", "lines"), [(180, 8), (180, 2), (90, 8), (270, 8)])
def test_degraded_letter_scan_is_read_upright_whichever_way_it_is_turned(turn: int,
                                                                         lines: int) -> None:
    # Tesseract's default global threshold makes the paper's grain specks and finds no
    # word at all, upright or turned; its local (Sauvola) threshold, which grainy pages
    # are read with, reads the letter.
    doc = convert(_degraded_scan(LETTER[:lines], turn), filename="letter.pdf")
    assert [p.route for p in doc.pages] == ["ocr"]
    assert cer("\n".join(LETTER[:lines]), doc.markdown) <= 0.03


HARBOUR_REPORT = {
    "fra": ["Le rapport de la capitainerie montre que les navires",
            "ne sont pas sortis en hiver. La mer était très agitée",
            "et le pont a été fermé à la circulation pendant trois jours."],
    "deu": ["Der Bericht des Hafenamtes zeigt, dass die Schiffe im",
            "Winter nicht auslaufen konnten. Über die Brücke fuhren",
            "größere Wagen, und die Straße am Fluss wurde gesperrt."],
    "eng": ["The report of the harbour office shows that the ships",
            "did not sail in the winter. The sea was very rough and",
            "the bridge was closed to traffic for three days."],
}


def test_function_words_tell_the_latin_languages_apart() -> None:
    # Spanish too, which the OCR Lambda image ships though the test machine may not.
    # Languages share words ("la", "de", "que"), so French text is 0.28 Spanish words:
    # the largest share tells, and English is far behind in every other language.
    spanish = ["El informe de la oficina del puerto muestra que los barcos no pudieron",
               "salir en invierno, y que el puente fue cerrado por las autoridades."]
    for lang, text in [*HARBOUR_REPORT.items(), ("spa", spanish)]:
        shares = function_word_shares(text)
        assert max(shares, key=shares.__getitem__) == lang, shares
        assert shares[lang] >= 0.25, shares
        assert lang == "eng" or shares["eng"] <= 0.05, shares


@pytest.mark.parametrize(("lang", "accented", "processes"), [
    ("fra", ["très", "été fermé à la"], 4),
    ("deu", ["Über die Brücke", "größere", "Straße"], 4),
    ("eng", [], 3),
])
def test_a_latin_page_is_read_in_the_language_its_words_are_in(
        tmp_path: Path, lang: str, accented: list[str], processes: int) -> None:
    # No language named and OSD says only "Latin": the first reading is English ("trés",
    # "a la", "Uber die Briicke", "StraBe"); its function words tell French or German
    # apart, and the page is read again with that pack. An English page is read once:
    # the language list, OSD, one reading.
    if not _has_tesseract_data("eng", "osd", lang):
        pytest.skip(f"tesseract or its eng/osd/{lang} data is not installed "
                    f"(scripts/setup_system.sh installs them)")
    page = pymupdf.open().new_page(width=595, height=842)
    for i, line in enumerate(HARBOUR_REPORT[lang]):
        page.insert_text((72, 110 + 18 * i), line, fontsize=12)
    page.parent.save(tmp_path / "report.pdf")
    engine = TesseractEngine()
    with _scanned(tmp_path / "report.pdf") as scan:
        lines = ocr_page(scan[0], settings=Settings(), engine=engine)
    assert isinstance(lines, PageLines), lines
    text = text_of(lines)
    assert cer("\n".join(HARBOUR_REPORT[lang]), text) <= 0.01
    assert all(words in text for words in accented), text
    assert engine.processes == processes


def test_a_latin_line_read_turned_is_read_in_the_language_its_words_are_in() -> None:
    # Too few letters for OSD, so the line is read again turned 180 degrees; upside down
    # its words are no language's, so only the turned reading can tell it is French.
    if not _has_tesseract_data("eng", "osd", "fra"):
        pytest.skip("tesseract or its eng/osd/fra data is not installed "
                    "(scripts/setup_system.sh installs them)")
    doc = convert(_one_line_scan("Le café de la gare est fermé", 30, 200, 180))
    assert doc.pages[0].route == "ocr"
    assert doc.markdown == "Le café de la gare est fermé\n"
