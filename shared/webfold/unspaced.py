"""Scripts written without spaces between words, as regex character-class ranges.

OCR joins the words Tesseract reads in them without a space (`pdf.ocr`); the selector's
rules count a run of them by its characters, not by whitespace (`selector.rules`).
"""

from __future__ import annotations

# Chinese and Japanese: CJK punctuation, kana, ideographs (extension A, unified,
# compatibility) and full-width forms.
CJK_RANGES = "\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
# Thai: its letters, vowel and tone marks and digits.
THAI_RANGES = "\u0e00-\u0e7f"
