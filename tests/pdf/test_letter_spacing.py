"""Letter-spaced text keeps its words: MuPDF puts a space into every letter gap wider than
its threshold ("S p e c i f i e s", or "Speci fies th at" when the gaps of justified type
straddle it); the native read drops those from the glyph positions, and real word gaps
(spaces, justified word spacing, one-letter words) stay."""

from __future__ import annotations

import random

import pymupdf

from webfold.convert import convert

SENTENCE = "Specifies that the value of the field is used"


def _pdf(lines: list[str], leading: float = 20) -> bytes:
    """A one-page PDF whose content stream is `lines` of text operators (Helvetica 11,
    one `BT ... ET` each, baselines 20 pt apart unless `leading` says otherwise)."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "x", fontname="helv", fontsize=11)  # the font resource
    font = page.get_fonts()[0][4]
    stream = "".join(f"BT /{font} 11 Tf 72 {700 - leading * i} Td {ops} ET\n"
                     for i, ops in enumerate(lines))
    doc.update_stream(page.get_contents()[0], stream.encode())
    data = doc.tobytes()
    doc.close()
    return data


def _markdown_lines(data: bytes) -> list[str]:
    doc = convert(data, filename="spaced.pdf")
    assert doc.error is None
    return [line for line in doc.markdown.split("\n") if line]


def _kerned(text: str, rng: random.Random) -> str:
    """`text` as one TJ array: each letter pushed apart by 60-180 thousandths of an em
    (0.7-2 pt at 11 pt, around MuPDF's space threshold), word spaces as space glyphs."""
    parts = []
    for ch in text:
        parts.append(f"({ch})")
        parts.append(str(-rng.randint(60, 180)))
    return "[" + " ".join(parts[:-1]) + "] TJ"


def test_character_spacing_does_not_split_words() -> None:
    spacings = (1.8, 2.4, 3.0)
    data = _pdf([f"{tc} Tc ({SENTENCE}) Tj" for tc in spacings])
    assert pymupdf.open(stream=data).load_page(0).get_text().startswith("S p e c i f i e s")
    assert _markdown_lines(data) == [SENTENCE] * len(spacings)


def test_gaps_around_the_threshold_do_not_split_words() -> None:
    rng = random.Random(7)
    texts = [SENTENCE, "when the option is set for a whole document", "and read again later"]
    data = _pdf([_kerned(t, rng) for t in texts])
    raw = pymupdf.open(stream=data).load_page(0).get_text()
    assert any(w not in " ".join(texts).split() for w in raw.split())  # MuPDF cut words
    assert _markdown_lines(data) == texts


def test_tracked_capitals_join() -> None:
    data = _pdf(["2 Tc (ORDER NOW) Tj", "1.9 Tc (LOGIN) Tj"])
    assert _markdown_lines(data) == ["ORDER NOW", "LOGIN"]


def test_justified_word_spacing_keeps_its_spaces() -> None:
    lines = ["2.5 Tw (justified words are spread out wide so) Tj",
             "3.5 Tw (that each line of the paragraph ends) Tj",
             "0.5 Tc 1.5 Tw (flush with the right margin too) Tj"]
    assert _markdown_lines(_pdf(lines, leading=13)) == [
        "justified words are spread out wide so that each line of the paragraph ends "
        "flush with the right margin too"]


def test_one_letter_words_keep_their_spaces() -> None:
    lines = ["(a b c d e f) Tj", "1 Tc (x y z is a list of letters) Tj", f"({SENTENCE}) Tj"]
    assert _markdown_lines(_pdf(lines)) == ["a b c d e f", "x y z is a list of letters",
                                            SENTENCE]
