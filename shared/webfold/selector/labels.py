"""The training label rule: which blocks of a page are main content.

Rule B of the selector notes, multiset consumption in document order:

1. The reference (ground-truth plain text) is tokenised as the benchmark does
   (lowercased `\\w+`) into a multiset of token counts.
2. Blocks are visited in page order. Each block takes, token by token, what is still
   left of the multiset; the share of its tokens it could take is its coverage.
3. A block is content (1) when its coverage is at least `MIN_COVERAGE` (0.85); a short
   block (fewer than `SHORT_BLOCK_TOKENS` = 4 tokens) must be fully covered. Measured
   on the WCXB dev split (label oracle / out-of-fold mean F1 of a model trained on the
   labels, two seeds): 0.5: 0.949 / 0.8668; 0.65: 0.956 / 0.8688; 0.75: 0.957 / 0.8695;
   0.85: 0.956 / 0.8700; 0.95: 0.940 / 0.8702; 1.0: 0.885 / 0.861. Half-matching
   blocks (a teaser that shares words with the text, a caption) are mostly not content.
4. Only a content block keeps what it took; a non-content block gives its tokens back,
   so a menu item "Home" above the article does not starve a later "home" in the text.
   A second copy of a content block finds its tokens used up and is labelled 0, as the
   metric counts duplicated text against precision.
5. A block without tokens (an image, a rule) is labelled 0: it cannot change the score.

Training only; never imported at conversion time.
"""

from __future__ import annotations

import re
from collections import Counter

MIN_COVERAGE = 0.85
SHORT_BLOCK_TOKENS = 4
_TOKEN = re.compile(r"\w+")


def label_blocks(block_texts: list[str], reference: str) -> list[int]:
    """Labels (1 = main content) for block texts in page order against the reference.

    In: the blocks' plain texts in document order and the page's reference text.
    Out: one 0/1 label per block. Never raises; an empty reference labels all 0.
    """
    left = Counter(_TOKEN.findall(reference.lower()))
    labels = []
    for text in block_texts:
        toks = _TOKEN.findall(text.lower())
        taken: list[str] = []
        for tok in toks:
            if left[tok] > 0:
                left[tok] -= 1
                taken.append(tok)
        needed = len(toks) if len(toks) < SHORT_BLOCK_TOKENS else MIN_COVERAGE * len(toks)
        is_content = bool(toks) and len(taken) >= needed
        if not is_content:
            left.update(taken)
        labels.append(int(is_content))
    return labels


SEGMENT_EDGE = 30  # characters of a segment's start or end that place it in a block
MIN_INSIDE = 20  # a block this long lying wholly inside a `with` segment is content


def segment_labels(block_texts: list[str], with_segments: tuple[str, ...],
                   without_segments: tuple[str, ...]) -> tuple[list[int], list[bool]]:
    """Labels from Trafilatura-style segments, and which blocks they label.

    In: the blocks' plain texts (whitespace collapsed) and the page's segments (the same).
    A block is content (1) when it holds a `with` segment, its first or last
    `SEGMENT_EDGE` characters (a segment running over several blocks), or lies inside
    one (`MIN_INSIDE` characters or more); boilerplate (0) when it holds a `without`
    segment; other blocks are unlabelled (False in the second list). Never raises.
    """
    edges = [(s, s[:SEGMENT_EDGE], s[-SEGMENT_EDGE:]) for s in with_segments if s]
    labels, labelled = [], []
    for text in block_texts:
        positive = any(s in text or head in text and len(s) > SEGMENT_EDGE
                       or tail in text and len(s) > SEGMENT_EDGE
                       or len(text) >= MIN_INSIDE and text in s for s, head, tail in edges)
        negative = not positive and any(s and s in text for s in without_segments)
        labels.append(int(positive))
        labelled.append(positive or negative)
    return labels, labelled
