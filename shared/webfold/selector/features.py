"""Per-block feature matrices: the one feature code path for training and inference.

`block_features(blocks, page)` turns one page's `Block` list into a float32 matrix
(one row per block, columns named by `BLOCK_FEATURES`) for the model. Each row holds the
block's own text statistics, its neighbours' (+-3 blocks), its enclosing elements'
(parent, grandparent, the densest container), its tag path and class/id keywords, its
repeated-structure counts, and facts of the whole page (JSON-LD types, og:type, URL).
Work is per page and vectorised with numpy: the columns are written into one
preallocated float32 matrix; Python-level work is C-level `map`s over the blocks'
attributes, one split of each text, and one code per class/id token never seen before.
"""

from __future__ import annotations

import re
import zlib
from collections import Counter
from collections.abc import Iterable
from itertools import chain, count, product, repeat
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING

import numpy as np

from webfold.document import Block, BlockFlag
from webfold.function_words import FUNCTION_WORDS
from webfold.sniff import url_path

if TYPE_CHECKING:
    from webfold.selector import PageContext

KINDS = ("heading", "paragraph", "list_item", "code", "table", "quote", "image", "rule",
         "definition", "caption")
TAGS = ("p", "li", "div", "td", "span", "pre", "table", "dd", "dt", "blockquote", "figcaption",
        "section", "article", "a", "h1", "h2", "h3", "h4")
PATH_TAGS = ("div", "section", "article", "main", "ul", "ol", "li", "table", "td", "span", "a",
             "header", "footer", "nav", "aside", "form", "p", "dl", "figure", "noscript")
N_FLAGS = 16  # BlockFlag bits looked at (0..15; HIDDEN and NOSCRIPT never reach the selector)
# Class/id keyword groups, matched as substrings of each lowercased token.
KEYWORDS: dict[str, tuple[str, ...]] = {
    "nav": ("nav", "menu", "breadcrumb", "crumb"),
    "header": ("header", "masthead", "topbar", "navbar"),
    "footer": ("footer", "copyright", "bottom", "legal"),
    "side": ("sidebar", "aside", "widget", "rail", "secondary"),
    "share": ("share", "social", "sharing", "follow"),
    "related": ("related", "recommend", "similar", "upsell", "cross-sell", "crosssell", "also"),
    "comment": ("comment", "disqus", "respond", "reply", "replies"),
    "overlay": ("cookie", "consent", "gdpr", "banner", "modal", "popup", "newsletter",
                "subscribe", "signup", "dialog", "overlay"),
    "ad": ("advert", "sponsor", "promo", "ads", "adslot", "dfp", "taboola", "outbrain"),
    "content": ("content", "main", "article", "entry", "story", "body", "prose", "markdown",
                "rte", "richtext", "text"),
    "post": ("post", "topic", "thread", "message", "forum", "discussion", "cooked", "answer",
             "question", "reply"),
    "product": ("product", "description", "detail", "spec", "feature", "tab", "accordion"),
    "commerce": ("price", "cart", "buy", "checkout", "shop", "offer", "basket", "sku"),
    "card": ("card", "tile", "item", "grid", "listing", "result", "teaser", "excerpt"),
    "doc": ("doc", "api", "reference", "manual", "sphinx", "highlight", "admonition"),
    "meta": ("author", "byline", "meta", "date", "time", "tag", "categor", "avatar", "user"),
    "pager": ("pagination", "pager", "paging", "next", "prev"),
    "review": ("review", "rating", "star", "testimonial"),
    "toc": ("toc", "table-of-contents", "contents", "index"),
    "hidden": ("hidden", "hide", "collapse", "sr-only", "visually", "offscreen"),
    "title": ("title", "headline", "heading", "name"),
}
JSONLD_TYPES = ("article", "newsarticle", "blogposting", "product", "discussionforumposting",
                "qapage", "itemlist", "collectionpage", "faqpage", "breadcrumblist",
                "techarticle", "webpage", "organization", "offer", "howto", "recipe", "event",
                "service", "localbusiness", "searchresultspage", "softwareapplication")
OG_TYPES = ("article", "product", "website", "blog", "profile")
URL_WORDS = ("blog", "news", "article", "product", "shop", "item", "forum", "thread", "topic",
             "community", "discuss", "question", "docs", "doc", "api", "guide", "reference",
             "category", "collection", "tag", "search", "list", "service", "pricing", "about",
             "help", "support", "wiki")
N_HASH_BINS = 32
# Every casing of every English function word: a word is one when its lowercase is one, and
# only ASCII letters lowercase to their letters (of other characters only the Kelvin sign
# lowercases to ASCII, "k", which none holds), so the texts need no lowercasing.
_CASED_STOPWORDS = frozenset(map("".join, chain.from_iterable(
    product(*((c, c.upper()) for c in word)) for word in FUNCTION_WORDS["eng"])))
_URL_WORD_RE = re.compile(r"[a-z]+")
_NEIGHBOUR_OFFSETS = (-3, -2, -1, 1, 2, 3)
_NEIGHBOUR_COLUMNS = ("log_chars", "link_ratio", "is_heading", "stop_ratio", "same_parent")
# The block against the rest of its page (see `_write_page_relative`).
_PAGE_RELATIVE = ("log_chars_below_max", "chars_rank", "link_ratio_vs_page",
                  "stop_ratio_vs_page", "smooth_chars_below_max", "depth_vs_long_blocks",
                  "dist_longest", "depth_vs_longest", "page_long_share", "page_log_long_blocks")
LONG_BLOCK_WORDS = 30  # a block this long is prose, not a label or a link


def flag_column(flag: BlockFlag) -> str:
    """The name of the feature column holding `flag` (one bit of `Block.flags`)."""
    return f"flag_{flag.bit_length() - 1}"


def _base_names() -> list[str]:
    names = ["log_chars", "log_words", "link_ratio", "stop_ratio", "punct_ratio",
             "ends_punct", "mean_word_len", "heading_level", "depth", "rel_pos", "rel_chars_pos",
             "log_dup", "log_sig_count", "sig_share", "log_parent_blocks", "parent_share",
             "gparent_share", "ggparent_share", "parent_link_ratio", "gparent_link_ratio",
             "in_dense_container", "dense_container_share", "dist_prev_heading",
             "prev_heading_level", "dist_h1", "title_match", "structured_match",
             "smooth_log_chars", "smooth_link_ratio", "smooth_diff", "is_heading",
             "same_parent"]
    names += [f"kind_{k}" for k in KINDS] + [f"tag_{t}" for t in TAGS]
    names += [f"flag_{i}" for i in range(N_FLAGS)] + [f"path_{t}" for t in PATH_TAGS]
    names += [f"kw_{k}" for k in KEYWORDS] + [f"hash_{i}" for i in range(N_HASH_BINS)]
    names += [f"nb{o:+d}_{c}" for o in _NEIGHBOUR_OFFSETS for c in _NEIGHBOUR_COLUMNS]
    names += list(_PAGE_RELATIVE)
    names += ["page_log_blocks", "page_log_chars", "page_link_ratio", "page_main_share",
              "page_article_share", "page_heading_share", "page_list_share", "page_stop_ratio",
              "page_log_max_sig"]
    names += [f"jsonld_{t}" for t in JSONLD_TYPES] + [f"og_{t}" for t in OG_TYPES]
    names += [f"url_{w}" for w in URL_WORDS] + ["url_depth", "url_has_digits"]
    return names


BLOCK_FEATURES: tuple[str, ...] = tuple(_base_names())
_COLUMN = {name: i for i, name in enumerate(BLOCK_FEATURES)}
_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
_TAG_INDEX = {t: i for i, t in enumerate(TAGS)}
_PATH_INDEX = {t: i for i, t in enumerate(PATH_TAGS)}
_HEADING = _KIND_INDEX["heading"]
# The block's own columns its neighbours' columns repeat (`_NEIGHBOUR_COLUMNS` but the last).
_NEIGHBOUR_SOURCES = [_COLUMN[c] for c in _NEIGHBOUR_COLUMNS[:-1]]
_KEYWORD_WORDS = sorted({w for words in KEYWORDS.values() for w in words}, key=len, reverse=True)


def _longest_first_pattern(words: list[str]) -> str:
    """A regex matching, at a position, the longest of `words` that starts there.

    Written as a trie (one branch per next character, the longer continuation tried
    first): the same matches as `"|".join(words)` sorted longest first, about 5x faster
    in `re`, which tries a flat alternation's words one by one at every position."""
    trie: dict = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}  # a word ends here

    def branch(node: dict) -> str:
        options = [re.escape(ch) + branch(child) for ch, child in sorted(node.items()) if ch]
        if not options:
            return ""
        either = options[0] if len(options) == 1 else "(?:" + "|".join(options) + ")"
        return f"(?:{either})?" if "" in node else either

    return branch(trie)


_KEYWORD_RE = re.compile(_longest_first_pattern(_KEYWORD_WORDS))
# A matched keyword sets the bit of every group with a keyword inside it ("navbar": nav, header).
_KEYWORD_MASKS = {k: sum(1 << g for g, words in enumerate(KEYWORDS.values())
                         if any(w in k for w in words)) for k in _KEYWORD_WORDS}
_CODE_WIDTH = len(KEYWORDS) + N_HASH_BINS  # bits of a token's code
_HASH_BITS = tuple(1 << (len(KEYWORDS) + b) for b in range(N_HASH_BINS))  # a hash bin's bit
_token_cache: dict[str, int] = {}  # class/id token -> bit code (see tokens_code)
_TOKEN_CACHE_MAX = 200_000
_SENTENCE_ENDS = frozenset(".!?:;")
_SMOOTH_RADIUS = 3
_SMOOTH_KERNEL = np.exp(-0.5 * (np.arange(-_SMOOTH_RADIUS, _SMOOTH_RADIUS + 1) / 1.5) ** 2)
_last_char = itemgetter(slice(-1, None))
_text, _kind, _tag, _path, _tokens, _ancestors = map(
    attrgetter, ("text", "kind", "tag", "path", "tokens", "ancestors"))
_link_chars, _heading_level, _flags, _token_code = map(
    attrgetter, ("link_chars", "heading_level", "flags", "token_code"))


def tokens_code(tokens: tuple[str, ...]) -> int:
    """The code of class/id tokens: the OR of each token's keyword-group bits and the bit of
    its hash bin (`_CODE_WIDTH` bits, the columns from `kw_nav`). Each token is coded once
    a process; the HTML walk calls this once per element for `Block.token_code`."""
    code = 0
    for token in tokens:
        known = _token_cache.get(token)
        if known is None:
            if len(_token_cache) > _TOKEN_CACHE_MAX:
                _token_cache.clear()
            known = _HASH_BITS[zlib.crc32(token.encode()) % N_HASH_BINS]
            for keyword in _KEYWORD_RE.findall(token):
                known |= _KEYWORD_MASKS[keyword]
            _token_cache[token] = known
        code |= known
    return code


def _distinct(items: list) -> tuple[list, np.ndarray]:
    """The distinct values of `items` (first-seen order) and each item's index among them.

    Each item is hashed once; path and token tuples are then coded once per distinct
    value, and signatures compare small ids instead of whole tuples."""
    first = np.fromiter(map({}.setdefault, items, count()), dtype=np.intp, count=len(items))
    is_first = first == np.arange(len(items))
    rank = is_first.cumsum() - 1
    return [items[i] for i in is_first.nonzero()[0].tolist()], rank[first]


def _write_token_bits(out: np.ndarray, column: int, blocks: list[Block]) -> None:
    """Keyword bits and hashed bins per block: `Block.token_code`, which the HTML walk
    fills once per element; blocks made elsewhere (-1) are coded from their tokens."""
    codes = np.fromiter(map(_token_code, blocks), dtype=np.int64, count=len(blocks))
    for i in (codes < 0).nonzero()[0].tolist():
        codes[i] = tokens_code(blocks[i].tokens)
    out[:, column:column + _CODE_WIDTH] = _low_bits(codes, _CODE_WIDTH)


def _low_bits(values: np.ndarray, width: int) -> np.ndarray:
    """The `width` lowest bits of each value (non-negative, 64 bits at most) as 0/1
    columns, lowest first: one unpacking of the values' little-endian bytes, which costs
    less than shifting every value once per bit."""
    octets = values.astype("<u8").view(np.uint8).reshape(len(values), 8)
    return np.unpackbits(octets, axis=1, count=width, bitorder="little")


def _positions(names: Iterable[str], index: dict[str, int], size: int) -> np.ndarray:
    """Each of the `size` names' position in `index`; names not in it get `len(index)`."""
    return np.fromiter(map(index.get, names, repeat(len(index))), dtype=np.intp, count=size)


def _write_path_counts(out: np.ndarray, column: int, distinct: list[tuple[str, ...]],
                       index: np.ndarray) -> None:
    """How often each of `PATH_TAGS` occurs in each block's tag path (`_distinct` paths)."""
    width = len(PATH_TAGS) + 1  # the last slot counts the tags not listed
    lens = np.fromiter(map(len, distinct), dtype=np.intp, count=len(distinct))
    slots = (np.arange(len(distinct)) * width).repeat(lens)
    slots += _positions(chain.from_iterable(distinct), _PATH_INDEX, len(slots))
    counts = np.bincount(slots, minlength=len(distinct) * width).reshape(-1, width)
    out[:, column:column + len(PATH_TAGS)] = counts[index, :-1]


def _write_one_hot(out: np.ndarray, column: int, positions: np.ndarray, width: int) -> None:
    listed = positions < width
    out[listed.nonzero()[0], column + positions[listed]] = 1.0


def _compact(ids: np.ndarray) -> np.ndarray:
    return np.unique(ids, return_inverse=True)[1].reshape(-1)


def _smooth(values: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """Gaussian moving average (sigma 1.5, radius 3); `weight` = `_smooth_weight(n)`."""
    r = _SMOOTH_RADIUS
    return np.convolve(values, _SMOOTH_KERNEL)[r:r + len(values)] / weight


def _smooth_weight(n: int) -> np.ndarray:
    """The kernel weight each position has (edges use the weights that exist)."""
    r = _SMOOTH_RADIUS
    return np.convolve(np.ones(n), _SMOOTH_KERNEL)[r:r + n]


def _ancestry(blocks: list[Block]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every block's ancestor ids end to end, each block's count of them, and where each
    block's run ends. Walk ids are small and dense enough to count by directly; other
    ids (sparse or negative) are renumbered, keeping their order."""
    ancestors = list(map(_ancestors, blocks))
    lens = np.fromiter(map(len, ancestors), dtype=np.intp, count=len(blocks))
    ends = lens.cumsum()
    flat = np.fromiter(chain.from_iterable(ancestors), dtype=np.int64, count=int(ends[-1]))
    if len(flat) and (flat.min() < 0 or flat.max() > 4 * len(flat)):
        flat = _compact(flat)
    return flat, lens, ends


def _write_ancestor_facts(out: np.ndarray, column: int, flat: np.ndarray, lens: np.ndarray,
                          ends: np.ndarray, chars: np.ndarray, links: np.ndarray,
                          total: float) -> None:
    """Text share and link ratio of the enclosing elements, and the dense-container flag.

    In: the `_ancestry` arrays. Columns: parent, grandparent, great-grandparent text share;
    parent and grandparent link ratio; inside the deepest element holding half the page
    text; that element's share.
    """
    n, size = len(lens), len(flat)
    if size == 0:
        return
    owner = np.arange(n).repeat(lens)
    node_chars = np.bincount(flat, weights=chars[owner])
    node_links = np.bincount(flat, weights=links[owner])
    back = np.array([2, 3, 4])  # ancestors[-1] is the block's own element
    has = lens[:, None] >= back  # (n, 3): parent, grandparent, great-grandparent
    node = flat[np.where(has, ends[:, None] - back, 0)]
    out[:, column:column + 3] = np.where(has, node_chars[node] / total, 0.0)
    near = node[:, :2]
    out[:, column + 3:column + 5] = np.where(
        has[:, :2], node_links[near] / np.maximum(node_chars[near], 1.0), 0.0)
    dense = (node_chars / total >= 0.5).nonzero()[0]
    if len(dense):
        depth = np.arange(size) - (ends - lens).repeat(lens)
        node_depth = np.zeros(len(node_chars), dtype=np.int64)
        np.maximum.at(node_depth, flat, depth)
        chosen = dense[node_depth[dense].argmax()]
        out[:, column + 5] = np.bincount(owner[flat == chosen], minlength=n) > 0
        out[:, column + 6] = node_chars[chosen] / total


def _write_text_stats(out: np.ndarray, texts: list[str], chars: np.ndarray,
                      log_chars: np.ndarray, link_ratio: np.ndarray,
                      ) -> np.ndarray:
    """log chars, log words, link ratio, stopword ratio, punctuation ratio, ends with
    punctuation, mean word length; returns the stopword ratios."""
    n = len(texts)
    splits = list(map(str.split, texts))  # lowercasing splits no word and joins none
    words = np.fromiter(map(len, splits), dtype=np.float64, count=n)
    stops = np.fromiter(map(sum, map(map, repeat(_CASED_STOPWORDS.__contains__), splits)),
                        dtype=np.float64, count=n)
    punct = (np.fromiter(map(str.count, texts, repeat(".")), dtype=np.float64, count=n)
             + np.fromiter(map(str.count, texts, repeat(",")), dtype=np.float64, count=n))
    safe_words = np.maximum(words, 1.0)
    stop_ratio = stops / safe_words
    at = _COLUMN["log_chars"]
    out[:, at] = log_chars
    out[:, at + 1] = np.log1p(words)
    out[:, at + 2] = link_ratio
    out[:, at + 3] = stop_ratio
    out[:, at + 4] = punct / safe_words
    out[:, at + 5] = np.fromiter(map(_SENTENCE_ENDS.__contains__, map(_last_char, texts)),
                                 dtype=np.bool_, count=n)
    out[:, at + 6] = chars / safe_words
    return stop_ratio


def _write_headings(out: np.ndarray, texts: list[str], is_heading: np.ndarray,
                    levels: np.ndarray, page: PageContext) -> None:
    """Distance to and level of the previous heading, signed distance to the H1, and
    whether a heading (its words, lowercased) repeats the page title."""
    n = len(texts)
    idx = np.arange(n)
    last = np.maximum.accumulate(np.where(is_heading, idx, -1))
    prev_last = np.concatenate([[-1], last[:-1]])
    at = _COLUMN["dist_prev_heading"]
    out[:, at] = np.where(prev_last >= 0, np.minimum(idx - prev_last, 50), 50)
    out[:, at + 1] = np.where(prev_last >= 0, levels[np.maximum(prev_last, 0)], 0)
    h1 = (is_heading & (levels == 1)).nonzero()[0]
    anchor = h1[0] if len(h1) else (is_heading.nonzero()[0][:1].tolist() or [0])[0]
    out[:, at + 2] = np.minimum(np.maximum(idx - anchor, -50), 50)
    title = " ".join((page.metadata.title or "").lower().split())
    if title:
        for i in is_heading.nonzero()[0].tolist():
            text = " ".join(texts[i].lower().split())
            out[i, at + 3] = bool(text) and (text == title or text in title)


def _write_repeats(out: np.ndarray, texts: list[str], chars: np.ndarray, total: float,
                   parent: np.ndarray, signature_keys: Iterable[tuple]) -> np.ndarray:
    """Duplicate-text, same-signature and same-parent counts; returns the signature counts."""
    # A signature's id is the block number of its first block (ids need not be dense).
    signature = np.fromiter(map({}.setdefault, signature_keys, count()), dtype=np.int64,
                            count=len(texts))
    dup_counts = Counter(texts)
    dup = np.fromiter(map(dup_counts.__getitem__, texts), dtype=np.float64, count=len(texts))
    sig_counts = np.bincount(signature, minlength=1).astype(np.float64)
    at = _COLUMN["log_dup"]
    out[:, at] = np.log(np.maximum(dup, 1.0))
    out[:, at + 1] = np.log(sig_counts[signature])
    out[:, at + 2] = np.bincount(signature, weights=chars, minlength=1)[signature] / total
    out[:, at + 3] = np.log(np.bincount(parent, minlength=1).astype(np.float64)[parent])
    return sig_counts


def _write_neighbours(out: np.ndarray, parent: np.ndarray) -> None:
    """Each neighbour's (+-3 blocks) log chars, link ratio, heading flag, stopword ratio
    (-1 past the page's ends) and whether it shares the block's parent."""
    n = len(parent)
    pad = max(map(abs, _NEIGHBOUR_OFFSETS))
    padded = np.full((n + 2 * pad, len(_NEIGHBOUR_SOURCES)), -1.0, dtype=np.float32)
    padded[pad:pad + n] = out[:, _NEIGHBOUR_SOURCES]
    padded_parent = np.full(n + 2 * pad, -1, dtype=parent.dtype)
    padded_parent[pad:pad + n] = parent
    at = np.arange(n)[:, None] + (pad + np.asarray(_NEIGHBOUR_OFFSETS))  # (n, offsets)
    rows = np.empty((n, len(_NEIGHBOUR_OFFSETS), len(_NEIGHBOUR_COLUMNS)), dtype=np.float32)
    rows[:, :, :-1] = padded[at]
    rows[:, :, -1] = padded_parent[at] == parent[:, None]
    first = _COLUMN[f"nb{_NEIGHBOUR_OFFSETS[0]:+d}_{_NEIGHBOUR_COLUMNS[0]}"]
    out[:, first:first + rows[0].size] = rows.reshape(n, -1)


def _write_page_relative(out: np.ndarray) -> None:
    """Columns `_PAGE_RELATIVE`, from columns already written: how far the block's length
    is below the page's longest (raw and smoothed) and its length rank; its link and
    stopword ratios against the page's word-weighted means; its depth against the
    median depth of the page's long blocks (`LONG_BLOCK_WORDS`) and against the longest
    block, and its distance in blocks from that block; the long blocks' share and count."""
    n = len(out)
    log_chars = out[:, _COLUMN["log_chars"]]
    depth = out[:, _COLUMN["depth"]]
    words = np.expm1(out[:, _COLUMN["log_words"]])
    weight = words + 1.0
    total_weight = weight.sum()
    longest = int(log_chars.argmax())
    long_blocks = words >= LONG_BLOCK_WORDS
    long_count = long_blocks.sum()
    smooth = out[:, _COLUMN["smooth_log_chars"]]
    at = _COLUMN[_PAGE_RELATIVE[0]]
    out[:, at] = log_chars - log_chars[longest]
    out[(-log_chars).argsort(kind="stable"), at + 1] = np.arange(n) / n
    for k, name in ((2, "link_ratio"), (3, "stop_ratio")):
        values = out[:, _COLUMN[name]]
        out[:, at + k] = values - (values * weight).sum() / total_weight
    out[:, at + 4] = smooth - smooth.max()
    ranked = np.sort(depth[long_blocks] if long_count else depth)
    middle = len(ranked) // 2
    out[:, at + 5] = depth - (ranked[middle - 1 + len(ranked) % 2] + ranked[middle]) / 2
    # np.minimum and np.maximum on the integers: np.clip's Python wrapper costs more.
    out[:, at + 6] = np.minimum(np.maximum(np.arange(n) - longest, -200), 200)
    out[:, at + 7] = depth - depth[longest]
    out[:, at + 8] = long_count / n
    out[:, at + 9] = np.log1p(long_count)


def _page_facts(page: PageContext, n: int, chars: np.ndarray, total: float, links: np.ndarray,
                flags: np.ndarray, kinds: np.ndarray, stops: float,
                sig_counts: np.ndarray) -> list[float | bool]:
    values: list[float | bool] = [
        np.log1p(n), np.log1p(total), links.sum() / total,
        (chars * (flags & 1)).sum() / total, (chars * ((flags >> 1) & 1)).sum() / total,
        np.count_nonzero(kinds == _HEADING) / n,
        np.count_nonzero(kinds == _KIND_INDEX["list_item"]) / n,
        stops, np.log1p(sig_counts.max()),
    ]
    types = {t.lower().rsplit("/", 1)[-1] for t in page.jsonld_types}
    values += map(types.__contains__, JSONLD_TYPES)
    og = (page.og_type or "").lower()
    values += map(og.__contains__, OG_TYPES)
    path = url_path((page.url or "").lower())
    values += map(set(_URL_WORD_RE.findall(path)).__contains__, URL_WORDS)
    values += [sum(map(bool, path.split("/"))), any(map(str.isdigit, path))]
    return values


def block_features(blocks: list[Block], page: PageContext) -> np.ndarray:
    """The feature matrix of one page.

    In: the page's blocks in document order and its `PageContext`. Out: a float32 array
    of shape (len(blocks), len(BLOCK_FEATURES)). Pure; never raises for any block list
    (an empty list gives a (0, F) matrix).
    """
    n = len(blocks)
    out = np.zeros((n, len(BLOCK_FEATURES)), dtype=np.float32)
    if n == 0:
        return out
    texts = list(map(_text, blocks))
    chars = np.fromiter(map(len, texts), dtype=np.float64, count=n)
    links = np.fromiter(map(_link_chars, blocks), dtype=np.float64, count=n)
    kinds = _positions(map(_kind, blocks), _KIND_INDEX, n)
    levels = np.fromiter(map(_heading_level, blocks), dtype=np.float64, count=n)
    flags = np.fromiter(map(_flags, blocks), dtype=np.int64, count=n)
    paths, path_ids = _distinct(list(map(_path, blocks)))
    token_ids = _distinct(list(map(_tokens, blocks)))[1]
    tags = list(map(_tag, blocks))
    total = max(chars.sum(), 1.0)
    log_chars = np.log1p(chars)
    link_ratio = np.minimum(links / np.maximum(chars, 1.0), 1.0)
    stop_ratio = _write_text_stats(out, texts, chars, log_chars, link_ratio)
    out[:, _COLUMN["heading_level"]] = levels
    out[:, _COLUMN["depth"]] = np.fromiter(map(len, paths), dtype=np.intp,
                                           count=len(paths))[path_ids]
    out[:, _COLUMN["rel_pos"]] = np.arange(n) / n
    out[:, _COLUMN["rel_chars_pos"]] = (chars.cumsum() - chars) / total
    flat, lens, ends = _ancestry(blocks)
    # ancestors[-1] is the element that made the block (a p, li, or the div of a text run)
    parent = np.zeros(n, dtype=np.int64)  # 0: no parent; else the parent's id + 1
    has_parent = lens > 1
    parent[has_parent] = flat[ends[has_parent] - 2] + 1
    signature_keys = zip(tags, path_ids.tolist(), token_ids.tolist(), strict=True)
    sig_counts = _write_repeats(out, texts, chars, total, parent, signature_keys)
    _write_ancestor_facts(out, _COLUMN["parent_share"], flat, lens, ends, chars, links, total)
    is_heading = kinds == _HEADING
    _write_headings(out, texts, is_heading, levels, page)
    structured = page.structured_text
    if structured:
        out[:, _COLUMN["structured_match"]] = np.fromiter(
            (len(t) >= 30 and t[:80] in structured for t in texts), dtype=np.bool_, count=n)
    weight = _smooth_weight(n)
    smooth_chars = _smooth(log_chars, weight)
    out[:, _COLUMN["smooth_log_chars"]] = smooth_chars
    out[:, _COLUMN["smooth_link_ratio"]] = _smooth(link_ratio, weight)
    out[:, _COLUMN["smooth_diff"]] = log_chars - smooth_chars
    out[:, _COLUMN["is_heading"]] = is_heading
    out[1:, _COLUMN["same_parent"]] = parent[1:] == parent[:-1]
    _write_one_hot(out, _COLUMN[f"kind_{KINDS[0]}"], kinds, len(KINDS))
    _write_one_hot(out, _COLUMN[f"tag_{TAGS[0]}"], _positions(tags, _TAG_INDEX, n), len(TAGS))
    at = _COLUMN["flag_0"]
    out[:, at:at + N_FLAGS] = _low_bits(flags, N_FLAGS)
    _write_path_counts(out, _COLUMN[f"path_{PATH_TAGS[0]}"], paths, path_ids)
    _write_token_bits(out, _COLUMN[f"kw_{next(iter(KEYWORDS))}"], blocks)
    _write_neighbours(out, parent)
    _write_page_relative(out)
    out[:, _COLUMN["page_log_blocks"]:] = _page_facts(
        page, n, chars, total, links, flags, kinds, float(stop_ratio.mean()), sig_counts)
    return out
