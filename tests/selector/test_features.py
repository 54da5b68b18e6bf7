"""`block_features` details its speed work relies on, on inline blocks."""

import dataclasses
import re

import numpy as np
from selectolax.lexbor import LexborHTMLParser

from webfold.document import Block, Metadata
from webfold.function_words import FUNCTION_WORDS
from webfold.html.walk import MAX_TOKENS, walk
from webfold.selector import PageContext, features
from webfold.selector.features import BLOCK_FEATURES, block_features

PAGE = PageContext(url="https://example.com/blog/2024/post", metadata=Metadata(title="A post"))


def _block(text: str, path: tuple[str, ...], tokens: tuple[str, ...],
           ancestors: tuple[int, ...], kind: str = "paragraph") -> Block:
    return Block(kind, text, text, 0, path[-1] if path else "", 0, path, tokens, ancestors, 0, 0)


def test_keyword_trie_matches_like_the_longest_first_alternation():
    flat = re.compile("|".join(map(re.escape, features._KEYWORD_WORDS)))
    tokens = ["navbar", "contentsidebar", "adslot-ads", "crosssell", "cross-sell", "tab-toc",
              "table-of-contents", "nav\nmenu", "x", "", "readmore", "post-12345", "ütf-main"]
    joined = "\n".join(tokens)
    found = [(m.start(), m.group()) for m in features._KEYWORD_RE.finditer(joined)]
    assert found == [(m.start(), m.group()) for m in flat.finditer(joined)]


def test_equal_tuples_give_equal_rows_whether_shared_or_copied():
    path = ("html", "body", "div", "p")
    tokens = ("content", "entry")
    shared = [_block("First paragraph of text.", path, tokens, (1, 2, 3, 4)),
              _block("Second paragraph of text.", path, tokens, (1, 2, 3, 5))]
    copied = [_block("First paragraph of text.", tuple(list(path)), tuple(list(tokens)),
                     (1, 2, 3, 4)),
              _block("Second paragraph of text.", tuple(list(path)), tuple(list(tokens)),
                     (1, 2, 3, 5))]
    np.testing.assert_array_equal(block_features(shared, PAGE), block_features(copied, PAGE))


def test_odd_ancestor_ids_and_empty_tuples_are_fine():
    blocks = [_block("Recovered text", (), (), ()),
              _block("Negative ids", ("div",), ("x",), (-7, -3)),
              _block("Huge ids", ("div", "p"), (), (10**12, 10**12 + 1)),
              _block("Heading", ("h1",), ("title",), (2,), kind="heading")]
    matrix = block_features(blocks, PAGE)
    assert matrix.shape == (len(blocks), len(BLOCK_FEATURES))
    assert matrix.dtype == np.float32 and np.isfinite(matrix).all()
    renumbered = [_block(b.text, b.path, b.tokens, tuple(i + 100 for i in b.ancestors), b.kind)
                  for b in blocks[1:]]
    np.testing.assert_array_equal(block_features(blocks[1:], PAGE),
                                  block_features(renumbered, PAGE))


def test_stopwords_are_counted_whatever_their_case():
    texts = ["THE cat And the DOG", "İt İs the Kelvin sign: \u212aelvin, tHe end", "The,  of; From",
             "nothing here at all", "ſo the long s stays"]
    blocks = [_block(t, ("p",), (), (i,)) for i, t in enumerate(texts)]
    matrix = block_features(blocks, PAGE)
    stops = [sum(w in FUNCTION_WORDS["eng"] for w in t.lower().split()) for t in texts]
    words = [len(t.split()) for t in texts]
    expected = np.array([s / w for s, w in zip(stops, words, strict=True)], dtype=np.float32)
    np.testing.assert_array_equal(matrix[:, BLOCK_FEATURES.index("stop_ratio")], expected)


def test_the_walks_token_codes_are_those_of_the_tokens_even_past_the_cap():
    # Nested boxes with class and id tokens, deep enough that the tokens are capped at
    # MAX_TOKENS: the code the walk carries down equals the code of the capped tuple.
    depth = MAX_TOKENS // 2 + 20
    html = ("<html><body>"
            + "".join(f'<div class="box-{i} sidebar" id="Nav{i}"><p>Text at {i}.</p>'
                      for i in range(depth))
            + "</div>" * depth + '<footer class="legal"><p>Fine print.</p></footer>'
            "<p>No tokens at all.</p></body></html>")
    blocks = walk(LexborHTMLParser(html).root, None).blocks
    assert len(blocks) == depth + 1
    assert len(blocks[-2].tokens) == MAX_TOKENS and blocks[-1].tokens == ()
    assert [b.token_code for b in blocks] == [features.tokens_code(b.tokens) for b in blocks]
    unknown = [dataclasses.replace(b, token_code=-1) for b in blocks]
    np.testing.assert_array_equal(block_features(blocks, PAGE), block_features(unknown, PAGE))
