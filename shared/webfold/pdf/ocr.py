"""OCR for PDF pages: one small engine interface, a local Tesseract engine, page -> lines.

The converter reaches OCR only through `OcrEngine.recognize(image, lang=, timeout_s=)`:
locally `TesseractEngine` runs the tesseract binary (through pytesseract); in Lambda an
engine that invokes the OCR container function implements the same protocol.
`ocr_page` renders a page, asks the engine, and maps the word boxes back to PDF points
as `Line`s, so OCR text goes through the same layout and structure code as native text.

Failures are values: `OcrPage.error` / the `ConversionError` returned by `ocr_page`
(`ocr_failed` when tesseract or a language is missing or it breaks, `timeout` when a
page takes longer than its budget). Nothing here raises for a bad page.
"""

from __future__ import annotations

import io
import os
import re
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from webfold.errors import ConversionError
from webfold.function_words import function_word_shares
from webfold.pdf.layout import is_rtl
from webfold.pdf.model import BBox, Line, PageLines, Span
from webfold.settings import Settings
from webfold.unspaced import CJK_RANGES

if TYPE_CHECKING:
    import numpy as np

OCR_DPI = 300  # render resolution before the `ocr_max_dim` bound; Tesseract's sweet spot
MIN_RENDER_DPI = 100  # below this a page is not worth reading; over budget there: timeout
PROBE_ZOOM = 0.25  # a page is first rendered this small to predict the full render's time
# One OpenMP thread per tesseract process: measured on 2 cores, a page takes 0.57 s with
# one thread and 2.5 s with the default (threads fight each other and other work).
OMP_THREADS = "1"
# psm 1: automatic page segmentation with orientation detection (OSD) in the same pass,
# so pages turned 90/180/270 degrees are read upright at no extra call.
TESSERACT_CONFIG = "--psm 1"
# Grainy pages (`grain` over this many grey levels) are read, OSD passes included, with
# Sauvola's local threshold instead of Tesseract's global (Otsu) one: Otsu turns the grain
# of a scan on grey paper into specks and finds no text at all (a letter of 2 or 8 lines,
# grain 5.2: 0 words, upright or turned); Sauvola reads it at confidence 95. Rendered
# pages have grain 0, the grainiest scan Otsu still read 3.2. Not for every page: on
# screenshots of web pages Sauvola reads more of the photos as letters ("vvvvew").
LOCAL_THRESHOLD_GRAIN = 2.5
LOCAL_THRESHOLD = "-c thresholding_method=2"
# Lines Tesseract reads at under this mean confidence are textures, rules and photos
# taken for letters ("(Ooh S| <<} SIX)" averages 23 on a pdf.js fax test); real text,
# even on the noisy generated scan, reads at 90+.
MIN_LINE_CONFIDENCE = 30.0
# The language setting that lets each page's script choose: an OSD pass first, then the
# reading with that script's pack (and `FALLBACK_LANG`), or `FALLBACK_LANG` alone.
AUTO_LANG = "auto"
FALLBACK_LANG = "eng"
# A page read with `FALLBACK_LANG` alone (a Latin script, or none OSD could name) is read
# again with another installed pack of `function_words.FUNCTION_WORDS` when that
# language's function words make up at least this share of the first reading's words
# and twice English's. A language's own prose runs about 0.3-0.5 of its words (the French
# pangram scan read as English: 0.48 French, 0.06 English; three English scans 0.28-0.30
# English, at most 0.05 of any other's); a language without a row reaches 0.18 on the
# words it shares with one (a Dutch recipe scan: "de", "en" count as French and Spanish).
LANGUAGE_MIN_SHARE = 0.25
# Pages read in languages the user named at under this mean word confidence get a
# script check (an OSD pass).
SCRIPT_CHECK_BELOW_CONFIDENCE = 60.0
# Pages read at under this mean word confidence are read again turned
# 180 degrees: OSD is unsure on short text and leaves such pages upside down, where
# Tesseract reads "Short note." as "'g]0U YOUS" at confidence 18.
TURN_CHECK_BELOW_CONFIDENCE = 50.0
# So are pages whose OSD pass (when one ran) found too few letters to tell the way up:
# upside down, large short text reads as words at good confidence ("Kodak Capture" as
# "einjdey yepoy" at 40 pt, 200 dpi). OSD's own orientation confidence is no guide past
# that: 2-5 on whole generated Arabic and Chinese pages read the right way up.
# Script names Tesseract's OSD reports -> the language pack read for them when installed.
SCRIPT_LANGUAGES = {"Cyrillic": "rus", "Arabic": "ara", "Han": "chi_sim", "Greek": "ell",
                    "Hebrew": "heb", "Devanagari": "hin", "Hangul": "kor", "Japanese": "jpn",
                    "Katakana": "jpn", "Hiragana": "jpn", "Thai": "tha", "Armenian": "hye",
                    "Georgian": "kat", "Bengali": "ben", "Tamil": "tam"}
DESKEW_MAX_DEG = 10.0  # skew searched in [-10, 10] degrees
DESKEW_MIN_DEG = 0.3  # smaller skews are left alone (Tesseract copes; rotating blurs)
DESKEW_MIN_GAIN = 1.1  # the levelled profile must be this much sharper than the page as is
# Share of the font size a word's ink covers, by (reaches the ascender/cap height, reaches
# below the baseline); measured on Tesseract word boxes of 12 and 18 pt Helvetica scans.
_EM_SHARE = {(True, True): 0.93, (True, False): 0.73, (False, True): 0.73, (False, False): 0.53}
_ASCENDING = frozenset("bdfhiklt")
_DESCENDING = frozenset("gjpqy")
_CJK = re.compile(f"[{CJK_RANGES}]")
_LANG = re.compile(r"^[A-Za-z0-9_]+(\+[A-Za-z0-9_]+)*$")


@dataclass(frozen=True, slots=True)
class OcrWord:
    """One recognised word; `box` in pixels of the image as sent (x0, y0, x1, y1)."""

    text: str
    box: tuple[int, int, int, int]
    confidence: float  # 0..100
    block: int
    paragraph: int
    line: int


@dataclass(slots=True)
class OcrPage:
    """What an engine read from one page image, in reading order."""

    width: int  # pixels of the image as sent
    height: int
    words: list[OcrWord] = field(default_factory=list)
    rotation: int = 0  # degrees the content is turned counter-clockwise: 0, 90, 180, 270
    skew: float = 0.0  # degrees the engine turned the image back (ccw) before reading it
    error: ConversionError | None = None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (what the OCR Lambda function returns); see `from_dict`."""
        return {"width": self.width, "height": self.height, "rotation": self.rotation,
                "skew": self.skew, "error": self.error.to_dict() if self.error else None,
                "words": [[w.text, list(w.box), w.confidence, w.block, w.paragraph, w.line]
                          for w in self.words]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> OcrPage:
        """The inverse of `to_dict`; raises KeyError/TypeError/ValueError on a bad payload."""
        err = data.get("error")
        words = [OcrWord(str(t), (int(box[0]), int(box[1]), int(box[2]), int(box[3])), float(c),
                         int(b), int(p), int(n)) for t, box, c, b, p, n in data.get("words", ())]
        return cls(width=int(data["width"]), height=int(data["height"]), words=words,
                   rotation=int(data.get("rotation", 0)), skew=float(data.get("skew", 0.0)),
                   error=ConversionError(err["code"], err["message"]) if err else None)


class OcrEngine(Protocol):
    def recognize(self, image: bytes, *, lang: str, timeout_s: float) -> OcrPage:
        """Read the text of one page image (PNG bytes) in languages `lang` ("eng+deu",
        or "auto": those of the script on the page).

        Returns the words with their boxes in image pixels; failures in `OcrPage.error`.
        """
        ...


class TesseractEngine:
    """Local OCR: the tesseract binary through pytesseract, one process per page."""

    def __init__(self) -> None:
        self._languages: set[str] | None = None
        self.processes = 0  # tesseract processes started (language listing included)

    def recognize(self, image: bytes, *, lang: str, timeout_s: float) -> OcrPage:
        """Run tesseract (psm 1, OSD included) on PNG bytes; see `OcrEngine.recognize`.

        With `lang` "auto" (`AUTO_LANG`) an OSD pass names the page's script first and
        the page is read once with that script's installed pack (Cyrillic -> rus,
        Arabic -> ara, Han -> chi_sim, ...) plus eng, or with eng alone; a page read with
        eng alone whose words are mostly another installed Latin language's function
        words (French, German, ...) is read again with that pack added and the surer
        reading wins. With named
        languages, a page read at low confidence is checked for its script; when an
        installed language fits it better, the page is read again with it added and the
        surer reading wins. A page read unsure, or whose OSD pass found too few letters,
        is read again turned 180 degrees and the surer reading wins.
        """
        import pytesseract

        os.environ.setdefault("OMP_THREAD_LIMIT", OMP_THREADS)
        deadline = time.monotonic() + timeout_s
        try:
            auto = lang == AUTO_LANG
            missing = self._missing_languages(FALLBACK_LANG if auto else lang)
            if missing:
                return _failed("ocr_failed", f"tesseract has no language data for {missing}")
            with tempfile.NamedTemporaryFile(suffix=".img") as tmp:  # PNG or PGM inside
                width, height, skew, grainy, dpi = _write_levelled(image, tmp)
                # Every pass is told the resolution of the image as sent: the deskewed and
                # turned copies are PGM, which has none, and left to guess one from the
                # letters (1703 dpi for two handwritten lines) Tesseract read the same
                # pixels otherwise ("= kK oO dak Capture", "Ke dak Capture" from the PNG).
                page = _PageImage(tmp.name, f"--dpi {dpi} {LOCAL_THRESHOLD if grainy else ''}")
                osd = None  # what OSD said, once a pass has run ({}: it found nothing)
                if auto:
                    osd = self._osd(page, deadline)
                    extra = self._script_language(osd)
                    lang = f"{extra}+{FALLBACK_LANG}" if extra else FALLBACK_LANG
                words = self._read(page, lang, deadline)
                by_words = auto and lang == FALLBACK_LANG  # its language told by its words
                if by_words:
                    words = self._read_again_with(page, self._text_language(words), lang,
                                                  deadline, words)
                if (words and not auto
                        and _mean_confidence(words) < SCRIPT_CHECK_BELOW_CONFIDENCE):
                    osd = self._osd(page, deadline)
                    words = self._read_again_with(page, self._script_language(osd), lang,
                                                  deadline, words)
                if words and (_mean_confidence(words) < TURN_CHECK_BELOW_CONFIDENCE
                              or osd == {}):
                    words = self._read_turned(page, lang, deadline, words, width, height,
                                              by_words)
        except pytesseract.TesseractNotFoundError:
            return _failed("ocr_failed", "tesseract is not installed or not on PATH "
                           "(install tesseract-ocr, or run with --no-ocr)")
        except RuntimeError as exc:  # pytesseract's timeout
            if "timeout" not in str(exc).lower():
                return _failed("ocr_failed", f"tesseract failed: {exc}")
            return _failed("timeout", f"OCR took longer than {timeout_s:g} s for one page")
        except (pytesseract.TesseractError, OSError, ValueError) as exc:
            return _failed("ocr_failed", f"tesseract failed: {str(exc).strip()[:300]}")
        return OcrPage(width=width, height=height, words=words, rotation=reading_rotation(words),
                       skew=skew)

    def _read(self, page: _PageImage, lang: str, deadline: float) -> list[OcrWord]:
        import pytesseract

        self.processes += 1
        data = pytesseract.image_to_data(page.path, lang=lang,
                                         config=f"{TESSERACT_CONFIG} {page.options}",
                                         timeout=_remaining(deadline),
                                         output_type=pytesseract.Output.DICT)
        return tesseract_words(data)

    def _osd(self, page: _PageImage, deadline: float) -> dict[str, Any]:
        """What OSD says of the image (orientation, script, their confidences); {} when it
        finds too few letters or runs out of time."""
        import pytesseract

        try:
            self.processes += 1
            return dict(pytesseract.image_to_osd(page.path, config=f"--psm 0 {page.options}",
                                                 timeout=_remaining(deadline),
                                                 output_type=pytesseract.Output.DICT))
        except (pytesseract.TesseractError, RuntimeError):
            return {}

    def _script_language(self, osd: dict[str, Any]) -> str | None:
        """The installed language pack for the script OSD saw, or None (Latin, an unknown
        script, a pack not installed, no OSD reading)."""
        extra = SCRIPT_LANGUAGES.get(str(osd.get("script")))
        return extra if extra in (self._languages or ()) else None

    def _text_language(self, words: list[OcrWord]) -> str | None:
        """The installed Latin language pack whose function words make up most of `words`
        (at least `LANGUAGE_MIN_SHARE` and twice English's), or None."""
        shares = function_word_shares(w.text for w in words)
        english = shares.pop(FALLBACK_LANG)
        installed = [lang for lang in shares if lang in (self._languages or ())]
        best = max(installed, key=shares.__getitem__, default=None)
        if best is None or shares[best] < max(LANGUAGE_MIN_SHARE, 2 * english):
            return None
        return best

    def _read_again_with(self, page: _PageImage, extra: str | None, lang: str,
                         deadline: float, words: list[OcrWord]) -> list[OcrWord]:
        """`words`, or a surer reading with language pack `extra` added to `lang`."""
        import pytesseract

        if not extra or extra in lang.split("+"):
            return words
        try:
            again = self._read(page, f"{extra}+{lang}", deadline)
        except (pytesseract.TesseractError, RuntimeError):  # out of time: keep the first
            return words
        return again if _mean_confidence(again) > _mean_confidence(words) else words

    def _read_turned(self, page: _PageImage, lang: str, deadline: float, words: list[OcrWord],
                     width: int, height: int, by_words: bool) -> list[OcrWord]:
        """`words`, or the reading of the image turned 180 degrees when it is surer (boxes
        mapped back into the image as sent, so `reading_rotation` sees the turn). With
        `by_words`, the turned reading gets the language check an upright one gets: upside
        down, a French line's words are no words of any language."""
        from PIL import Image

        with tempfile.NamedTemporaryFile(suffix=".img") as turned:
            with Image.open(page.path) as img:
                img.rotate(180).save(turned, format="PPM")
            turned.flush()
            turned_page = _PageImage(turned.name, page.options)
            try:
                again = self._read(turned_page, lang, deadline)
            except RuntimeError:  # out of time: keep the first reading
                return words
            if by_words:
                again = self._read_again_with(turned_page, self._text_language(again), lang,
                                              deadline, again)
        if _mean_confidence(again) <= _mean_confidence(words):
            return words
        return [OcrWord(w.text, (width - w.box[2], height - w.box[3], width - w.box[0],
                                 height - w.box[1]), w.confidence, w.block, w.paragraph, w.line)
                for w in again]

    def _missing_languages(self, lang: str) -> str | None:
        if not _LANG.match(lang):
            return repr(lang)
        if self._languages is None:
            import pytesseract

            self.processes += 1
            self._languages = set(pytesseract.get_languages(config=""))
        missing = [code for code in lang.split("+") if code not in self._languages]
        return "+".join(missing) or None


@dataclass(frozen=True, slots=True)
class _PageImage:
    """A page image written for tesseract and the options to read it with (its resolution,
    the threshold)."""

    path: str
    options: str


def _write_levelled(image: bytes, out: Any) -> tuple[int, int, float, bool, int]:
    """Write the page image to `out`, deskewed when its lines slope; (width, height, skew,
    whether it is grainy: `grain` over `LOCAL_THRESHOLD_GRAIN`, the resolution the image
    declares, `OCR_DPI` when it declares none)."""
    import numpy as np
    from PIL import Image

    with Image.open(io.BytesIO(image)) as img:
        gray = img.convert("L")
        dpi = round(img.info.get("dpi", (OCR_DPI,))[0])
    skew = deskew_angle(gray)
    if skew:  # same size after turning, so word boxes stay in the frame the caller sent
        fill = int(np.median(np.asarray(gray)[::8, ::8]))
        # Uncompressed PGM: leptonica reads it by its header; PNG would cost 150+ ms here.
        gray.rotate(skew, resample=Image.BILINEAR, fillcolor=fill).save(out, format="PPM")
    else:
        out.write(image)
    out.flush()
    return gray.width, gray.height, skew, grain(gray) > LOCAL_THRESHOLD_GRAIN, dpi


def grain(image: Any) -> float:
    """The pixel noise of a grey page image in grey levels (a standard deviation): the
    median magnitude of the 3x3 Laplacian of a copy downscaled to about 1000 pixels
    (Immerkaer's estimate; the median keeps the text's edges out). 0 for a rendered page."""
    import numpy as np

    pixels = np.asarray(image.convert("L"))
    step = max(1, max(pixels.shape) // 1000)
    a = pixels[::step, ::step].astype(np.int32)
    laplacian = (a[:-2, :-2] + a[:-2, 2:] + a[2:, :-2] + a[2:, 2:] + 4 * a[1:-1, 1:-1]
                 - 2 * (a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:]))
    # The kernel's weights square to 36: noise of deviation s gives a Laplacian of 6 s,
    # whose median magnitude is 0.6745 of that.
    return float(np.median(np.abs(laplacian))) / (6 * 0.6745)


def deskew_angle(image: Any) -> float:
    """The angle (degrees, counter-clockwise) that levels the text lines of a page image.

    Projection profiles of the dark pixels of a downscaled copy: the angle whose row
    histogram is sharpest wins (coarse 0.5 degree steps, then 0.1). Returns 0.0 for
    blank pages, skews under `DESKEW_MIN_DEG` and pages with no clear line direction
    (a page turned 90 degrees, a photo), so those are never turned by mistake.
    """
    import numpy as np

    pixels = np.asarray(image.convert("L"))
    step = max(1, max(pixels.shape) // 1000)
    pixels = pixels[::step, ::step]
    ys, xs = np.nonzero(pixels < np.median(pixels) - 60)
    if len(xs) < 200:
        return 0.0
    if len(xs) > 60_000:
        keep = np.random.default_rng(0).choice(len(xs), 60_000, replace=False)
        ys, xs = ys[keep], xs[keep]
    coarse = np.arange(-DESKEW_MAX_DEG, DESKEW_MAX_DEG + 1e-9, 0.5)
    best = coarse[_profile_sharpness(ys, xs, coarse).argmax()]
    fine = np.arange(best - 0.5, best + 0.5 + 1e-9, 0.1)
    sharpness = _profile_sharpness(ys, xs, fine)
    angle = float(fine[sharpness.argmax()])
    level = _profile_sharpness(ys, xs, np.array([0.0]))[0]
    if abs(angle) < DESKEW_MIN_DEG or sharpness.max() < DESKEW_MIN_GAIN * level:
        return 0.0
    return round(angle, 1)


def _profile_sharpness(ys: np.ndarray, xs: np.ndarray, angles: np.ndarray) -> np.ndarray:
    import numpy as np

    rad = np.deg2rad(angles)[:, None]
    rows = (ys[None, :] * np.cos(rad) - xs[None, :] * np.sin(rad)).astype(np.int64)
    rows -= rows.min(axis=1, keepdims=True)
    return np.array([float((np.bincount(r).astype(np.float64) ** 2).sum()) for r in rows])


def _remaining(deadline: float) -> float:
    # pytesseract reads a timeout of 0 as "none": never hand it one.
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise RuntimeError("Tesseract process timeout")
    return remaining


def _mean_confidence(words: list[OcrWord]) -> float:
    return statistics.fmean(w.confidence for w in words) if words else 0.0


def _failed(code: str, message: str) -> OcrPage:
    return OcrPage(width=0, height=0, error=ConversionError(code, message))


def tesseract_words(data: dict[str, list[Any]]) -> list[OcrWord]:
    """The words of a `pytesseract.image_to_data` dict (empty and unread boxes left out)."""
    words = []
    for i, text in enumerate(data.get("text", ())):
        conf = float(data["conf"][i])
        if conf < 0 or not str(text).strip():
            continue
        x, y = int(data["left"][i]), int(data["top"][i])
        box = (x, y, x + int(data["width"][i]), y + int(data["height"][i]))
        words.append(OcrWord(str(text).strip(), box, conf, int(data["block_num"][i]),
                             int(data["par_num"][i]), int(data["line_num"][i])))
    return words


def reading_rotation(words: list[OcrWord]) -> int:
    """How far the text is turned counter-clockwise (0/90/180/270), from word progression.

    Tesseract with OSD reads turned pages upright but reports boxes in the image as
    sent; the direction from each line's first word to its last says which way it runs
    (leftwards on an upright page for Arabic and Hebrew).
    """
    votes = {0: 0, 90: 0, 180: 0, 270: 0}
    for line in _group_lines(words):
        if len(line) < 2:
            continue
        (ax0, ay0, ax1, ay1), (bx0, by0, bx1, by1) = line[0].box, line[-1].box
        dx = (bx0 + bx1 - ax0 - ax1) / 2
        dy = (by0 + by1 - ay0 - ay1) / 2
        if is_rtl(" ".join(w.text for w in line)):  # read right to left when upright
            dx, dy = -dx, -dy
        if abs(dx) >= abs(dy):
            votes[0 if dx > 0 else 180] += 1
        else:
            votes[90 if dy < 0 else 270] += 1
    return max(votes, key=lambda k: (votes[k], k == 0))


def _group_lines(words: list[OcrWord]) -> list[list[OcrWord]]:
    lines: dict[tuple[int, int, int], list[OcrWord]] = {}
    for word in words:
        lines.setdefault((word.block, word.paragraph, word.line), []).append(word)
    return list(lines.values())


_local_engine: TesseractEngine | None = None


def local_engine() -> TesseractEngine:
    """The process-wide local Tesseract engine (it caches the installed language list)."""
    global _local_engine
    if _local_engine is None:
        _local_engine = TesseractEngine()
    return _local_engine


def ocr_page(page: Any, *, settings: Settings, engine: OcrEngine | None = None,
             render_budget_s: float | None = None) -> PageLines | ConversionError:
    """OCR one `pymupdf.Page` into `PageLines` in PDF points.

    Renders the page at `OCR_DPI` with its longest side bounded by `settings.ocr_max_dim`
    pixels (and, given `render_budget_s`, at a resolution a quick probe says fits in it),
    sends it to `engine` (None: the local Tesseract engine) with
    `settings.ocr_lang` and `settings.ocr_timeout_s`, and groups the words into lines
    by Tesseract's block/paragraph/line numbers. A page whose text is turned is laid out
    upright: width and height are those of the upright page. Returns the engine's
    `ConversionError` (`ocr_failed`, `timeout`) instead of lines when OCR fails, and a
    `timeout` when even `MIN_RENDER_DPI` would not render within the budget.
    """
    rect = page.rect
    zoom = min(OCR_DPI / 72.0, settings.ocr_max_dim / max(rect.width, rect.height, 1.0))
    try:
        import pymupdf  # Pillow stays out: this runs in the converter layer, which has none

        display = page.get_displaylist()
        if render_budget_s is not None:
            zoom = _zoom_within(display, zoom, render_budget_s)
            if zoom is None:
                return ConversionError("timeout", "rendering the page for OCR would take "
                                       f"longer than the {render_budget_s:.1f} s left")
        pix = display.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), colorspace=pymupdf.csGRAY,
                                 alpha=False)
        # The PNG says how fine it is (PyMuPDF would write 96 dpi whatever the zoom), and
        # Tesseract reads by it: two handwritten lines at 300 dpi read at CER 0.115 told
        # 300, 0.154 told 96.
        pix.set_dpi(round(zoom * 72), round(zoom * 72))
        png = pix.tobytes("png")
    except Exception as exc:  # a page that cannot be rendered cannot be read either
        return ConversionError("ocr_failed", f"page could not be rendered: {exc}")
    result = (engine or local_engine()).recognize(png, lang=settings.ocr_lang,
                                                  timeout_s=settings.ocr_timeout_s)
    if result.error is not None:
        return result.error
    return page_lines(result, number=page.number + 1, points_per_pixel=1.0 / zoom)


def _zoom_within(display: Any, zoom: float, budget_s: float) -> float | None:
    """`zoom`, or a lower one whose render a probe at `PROBE_ZOOM` predicts to fit in
    `budget_s`; None when not even `MIN_RENDER_DPI` fits. Ordinary pages probe in
    milliseconds and keep their zoom.

    The probe is drawn twice: the first pays for decoding the page's images, which the
    full render reuses from MuPDF's store; the second is rasterising alone, the part that
    grows with the pixel count (operator_list_cycle.pdf: 0.11 s at 0.25, 12 s at 300 dpi).
    """
    import pymupdf

    probe = min(zoom, PROBE_ZOOM)
    started = time.perf_counter()
    for _ in range(2):
        drawn = time.perf_counter()
        display.get_pixmap(matrix=pymupdf.Matrix(probe, probe), colorspace=pymupdf.csGRAY,
                           alpha=False)
    per_zoom2 = max(time.perf_counter() - drawn, 1e-6) / probe**2
    affordable = (max(budget_s - (time.perf_counter() - started), 0.0) / per_zoom2) ** 0.5
    if affordable >= zoom:
        return zoom
    return affordable if affordable >= MIN_RENDER_DPI / 72.0 else None


def page_lines(result: OcrPage, *, number: int, points_per_pixel: float) -> PageLines:
    """Engine words -> upright `PageLines` in points (one `Span` per word).

    Lines under `MIN_LINE_CONFIDENCE` are dropped as noise read from pictures.
    """
    width, height = result.width, result.height
    if result.rotation in (90, 270):
        width, height = height, width
    lines = []
    for words in _group_lines(result.words):
        confidence = statistics.fmean(w.confidence for w in words)
        if confidence < MIN_LINE_CONFIDENCE:
            continue
        spans = []
        for i, word in enumerate(words):
            box = _scaled(_upright(word.box, result), points_per_pixel)
            last = i == len(words) - 1
            text = word.text if last or _cjk_joint(word.text, words[i + 1].text) else \
                word.text + " "
            spans.append(Span(text=text, bbox=box, size=0.0))
        estimates = [est for span in spans if (est := font_size(span.text, span.bbox)) is not None]
        size = round(statistics.median(estimates), 1) if estimates else round(
            max(s.bbox[3] - s.bbox[1] for s in spans), 1)
        for span in spans:
            span.size = size
        x0 = min(s.bbox[0] for s in spans)
        y0 = min(s.bbox[1] for s in spans)
        x1 = max(s.bbox[2] for s in spans)
        y1 = max(s.bbox[3] for s in spans)
        lines.append(Line(spans=spans, bbox=(x0, y0, x1, y1), source="ocr",
                          confidence=round(confidence, 1), origin=(x0, y1)))
    return PageLines(number=number, width=width * points_per_pixel,
                     height=height * points_per_pixel, lines=lines)


def font_size(word: str, box: BBox) -> float | None:
    """The font size (points) a word box of height `box` implies, from the letters' extent.

    A word box spans only the ink: "noon" is x-height tall, "Letter" cap height, "quickly"
    ascender to descender. Dividing by the share of the em the letters reach makes titles
    without descenders and body lines with them comparable. None for punctuation only.
    """
    letters = [ch for ch in word if ch.isalnum()]
    if not letters:
        return None
    tall = any(ch in _ASCENDING or not ch.islower() or not ch.isascii() for ch in letters)
    deep = any(ch in _DESCENDING for ch in letters)
    share = _EM_SHARE[(tall, deep)]
    return (box[3] - box[1]) / share


def _cjk_joint(left: str, right: str) -> bool:
    """True when two words meet between CJK characters, which take no space between them."""
    return bool(_CJK.match(left[-1:]) and _CJK.match(right[:1]))


def _upright(box: tuple[int, int, int, int], result: OcrPage) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    w, h = result.width, result.height
    if result.rotation == 180:
        return (w - x1, h - y1, w - x0, h - y0)
    if result.rotation == 90:  # text runs upwards: turn the page clockwise
        return (h - y1, x0, h - y0, x1)
    if result.rotation == 270:  # text runs downwards: turn the page counter-clockwise
        return (y0, w - x1, y1, w - x0)
    return box


def _scaled(box: tuple[int, int, int, int], factor: float) -> BBox:
    return (box[0] * factor, box[1] * factor, box[2] * factor, box[3] * factor)
