"""The per-page cut (`selector.decide`) and the repeat rule (`selector.drop_repeats`)."""

import itertools

import numpy as np
import pytest

import webfold
from webfold.document import Block
from webfold.selector import BETA, decide, drop_repeats, keep_title, repeat_groups


def _expected_f(scores, words, kept, beta):
    b2 = beta * beta
    return (1 + b2) * (scores * words)[kept].sum() / (words[kept].sum()
                                                      + b2 * (scores * words).sum())


@pytest.mark.parametrize("beta", [BETA["main"], BETA["precision"]])
def test_the_cut_is_the_best_of_every_score_threshold(beta):
    rng = np.random.default_rng(7)
    for _ in range(200):
        n = int(rng.integers(1, 12))
        scores = rng.random(n)
        words = rng.integers(0, 60, n).astype(np.float64)
        if not words.any():
            continue
        kept, nothing = decide(scores, words, 0.0, beta)
        assert not nothing
        best = max(_expected_f(scores, words, scores >= c, beta) for c in scores)
        assert _expected_f(scores, words, kept, beta) == pytest.approx(best)
        assert kept.any() and kept[np.argmax(scores)]
        # a cut is a threshold: nothing kept scores below something dropped
        if (~kept).any():
            assert scores[kept].min() > scores[~kept].max()


def test_unsure_page_keeps_its_long_likely_blocks_and_drops_short_unlikely_ones():
    scores = np.array([0.9, 0.35, 0.8, 0.3, 0.7])
    words = np.array([120.0, 4.0, 200.0, 6.0, 80.0])
    kept, _ = decide(scores, words, 0.1, BETA["main"])
    assert kept.tolist() == [True, False, True, False, True]


def test_precision_never_keeps_more_than_main():
    rng = np.random.default_rng(11)
    for _ in range(200):
        n = int(rng.integers(1, 15))
        scores, words = rng.random(n), rng.integers(1, 80, n).astype(np.float64)
        main, _ = decide(scores, words, 0.2, BETA["main"])
        strict, _ = decide(scores, words, 0.2, BETA["precision"])
        assert not (strict & ~main).any()


def test_blocks_under_the_floor_are_never_kept_and_none_passing_is_reported():
    scores = np.array([0.05, 0.3, 0.6])
    words = np.array([500.0, 10.0, 10.0])
    kept, nothing = decide(scores, words, 0.25, BETA["main"])
    assert not kept[0] and not nothing
    kept, nothing = decide(scores, words, 0.95, BETA["main"])
    assert nothing and not kept.any()


def test_candidates_without_words_are_all_kept():
    for scores in itertools.permutations([0.9, 0.5, 0.2]):
        kept, nothing = decide(np.array(scores), np.zeros(3), 0.3, BETA["main"])
        assert not nothing
        assert kept.tolist() == [s >= 0.3 for s in scores]


def _block(text: str, kind: str = "paragraph") -> Block:
    return Block(kind=kind, markdown=text, text=text)


def test_only_the_first_kept_copy_of_repeated_words_stays():
    blocks = [_block("Add to basket now"), _block("Reply"), _block("add to BASKET now"),
              _block("Reply"), _block("print(total_price)", "code"),
              _block("print(total_price)", "code"), _block("Add to basket now")]
    words = np.array([len(b.text.split()) for b in blocks])
    groups = repeat_groups(blocks, words)
    assert groups.tolist() == [0, -1, 0, -1, -1, -1, 0]
    kept = np.array([False, True, True, True, True, True, True])
    # the first copy was not kept, so the second copy is the one shown; short blocks and
    # code are never treated as repeats
    assert drop_repeats(kept, groups).tolist() == [False, True, True, True, True, True, False]


def test_repeats_are_found_across_a_dotted_capital_i_and_only_it_changes_a_length():
    # `repeat_groups` lowercases only texts whose lowercase is as long as another's,
    # counting U+0130 twice: the one character whose lowercase is two.
    assert [c for c in range(0x110000) if len(chr(c).lower()) != 1] == [0x130]
    blocks = [_block("Istanbul ferry times today"), _block("\u0130STANBUL FERRY TIMES TODAY"),
              _block("i\u0307stanbul ferry times today"), _block("Istanbul ferry times")]
    words = np.array([len(b.text.split()) for b in blocks])
    assert repeat_groups(blocks, words).tolist() == [0, 1, 1, 3]


def test_a_forum_post_quoted_in_a_reply_is_shown_once():
    post = ("Citric acid works well, one sachet in a full tank, run half through the group "
            "and half through the wand.")
    page = (f"<main><article><p>{post}</p></article><article><blockquote><p>{post}</p>"
            "</blockquote><p>Thanks, that fixed the weak flow on my machine.</p>"
            "</article></main>")
    doc = webfold.convert(page, url="https://forum.example.com/t/x/1", select="main")
    assert doc.markdown.count("Citric acid works well") == 1
    assert webfold.convert(page, select="all").markdown.count("Citric acid works well") == 2


def test_a_title_heading_just_above_the_content_is_kept():
    is_title = np.array([False, True, False, False, False, True])
    kept = np.array([False, False, False, True, True, False])
    # the H1 two blocks above the first kept block (a byline between) heads the content
    assert keep_title(kept, is_title).tolist() == [False, True, False, True, True, False]
    far = np.array([True, False, False, False, False, False])
    assert keep_title(np.array([False] * 5 + [True]), far).tolist() == [False] * 5 + [True]


def test_no_title_is_added_over_a_kept_title_heading():
    # A linked site name in an H1 over the page's own title heading, which opens the content.
    is_title = np.array([True, False, True, False])
    kept = np.array([False, False, True, True])
    assert keep_title(kept, is_title).tolist() == [False, False, True, True]
