"""The most common function words of the Latin-script languages Webfold reads.

One table, keyed by Tesseract's language codes: the selector counts the English ones as
a feature of prose (`selector.features`), and OCR tells a Latin page's language from
the shares of each language's words in a first, English reading (`pdf.ocr`). A
language's words may be another's too ("a", "de", "la"): each list is that language's
own most frequent words, and the language whose words make up the largest share wins.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

FUNCTION_WORDS: dict[str, frozenset[str]] = {
    # The selector's stopword feature: the trained model counts exactly these.
    "eng": frozenset(("the", "a", "an", "and", "of", "to", "in", "is", "it", "for", "on",
                      "with", "that", "this", "as", "are", "was", "be", "by", "at", "or",
                      "from", "you", "we", "your", "our", "have", "has", "not", "but",
                      "can", "will", "they", "their", "its", "if")),
    "deu": frozenset(("der", "die", "und", "in", "den", "von", "zu", "das", "mit", "sich",
                      "des", "auf", "für", "ist", "im", "dem", "nicht", "ein", "eine",
                      "als", "auch", "es", "an", "werden", "aus", "er", "hat", "dass",
                      "sie", "nach", "wird", "bei", "einer", "um", "sind", "noch", "wie",
                      "über", "zum", "zur")),
    "fra": frozenset(("de", "la", "le", "et", "les", "des", "en", "un", "du", "une", "que",
                      "est", "pour", "qui", "dans", "a", "par", "plus", "pas", "au", "sur",
                      "ne", "se", "ce", "il", "sont", "avec", "ou", "où", "son", "aux",
                      "elle", "nous", "mais", "été", "être")),
    "spa": frozenset(("de", "la", "que", "el", "en", "y", "a", "los", "del", "se", "las",
                      "por", "un", "para", "con", "no", "una", "su", "al", "lo", "es",
                      "como", "más", "pero", "sus", "le", "ya", "o", "este", "fue", "ha")),
}
_WORD = re.compile(r"[^\W\d_]+")  # runs of letters: "l'âme," -> "l", "âme"


def function_word_shares(texts: Iterable[str]) -> dict[str, float]:
    """Per language of `FUNCTION_WORDS`, the share of the words in `texts` that are its
    function words (0.0 for every language when there are no words)."""
    words = [w for text in texts for w in _WORD.findall(text.lower())]
    return {lang: sum(w in common for w in words) / max(len(words), 1)
            for lang, common in FUNCTION_WORDS.items()}
