"""Per-block feature matrices: the one feature code path for training and inference.

`block_features(blocks, page)` turns one page's `Block` list into a float32 matrix
(one row per block, columns named by `BLOCK_FEATURES`) for the model. Each row holds the
block's own text statistics, its neighbours' (+-3 blocks), its enclosing elements'
(parent, grandparent, the densest container), its tag path and class/id keywords, its
repeated-structure counts, and facts of the whole page (JSON-LD types, og:type, URL).
Work is per page and vectorised with numpy; the Python-level loops touch each block
once (attribute reads) and each distinct class/id token or tag path once.
"""

from __future__ import annotations

import re
import zlib
from functools import reduce
from itertools import chain
from operator import or_
from typing import TYPE_CHECKING

import numpy as np

from webfold.document import Block

if TYPE_CHECKING:
    from webfold.selector import PageContext

KINDS = ("heading", "paragraph", "list_item", "code", "table", "quote", "image", "rule",
         "definition", "caption")
TAGS = ("p", "li", "div", "td", "span", "pre", "table", "dd", "dt", "blockquote", "figcaption",
        "section", "article", "a", "h1", "h2", "h3", "h4")
PATH_TAGS = ("div", "section", "article", "main", "ul", "ol", "li", "table", "td", "span", "a",
             "header", "footer", "nav", "aside", "form", "p", "dl", "figure", "noscript")
N_FLAGS = 18  # BlockFlag bits looked at (0..17)
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
STOPWORDS = ("the", "a", "an", "and", "of", "to", "in", "is", "it", "for", "on", "with", "that",
             "this", "as", "are", "was", "be", "by", "at", "or", "from", "you", "we", "your",
             "our", "have", "has", "not", "but", "can", "will", "they", "their", "its", "if")
_STOPSET = frozenset(STOPWORDS)
_URL_WORD_RE = re.compile(r"[a-z]+")
_NEIGHBOUR_OFFSETS = (-3, -2, -1, 1, 2, 3)
_NEIGHBOUR_COLUMNS = ("log_chars", "link_ratio", "is_heading", "stop_ratio", "same_parent")


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
    names += ["page_log_blocks", "page_log_chars", "page_link_ratio", "page_main_share",
              "page_article_share", "page_heading_share", "page_list_share", "page_stop_ratio",
              "page_log_max_sig"]
    names += [f"jsonld_{t}" for t in JSONLD_TYPES] + [f"og_{t}" for t in OG_TYPES]
    names += [f"url_{w}" for w in URL_WORDS] + ["url_depth", "url_has_digits"]
    return names


BLOCK_FEATURES: tuple[str, ...] = tuple(_base_names())
_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
_TAG_INDEX = {t: i for i, t in enumerate(TAGS)}
_PATH_INDEX = {t: i for i, t in enumerate(PATH_TAGS)}
_KEYWORD_WORDS = sorted({w for words in KEYWORDS.values() for w in words}, key=len, reverse=True)
_KEYWORD_RE = re.compile("|".join(map(re.escape, _KEYWORD_WORDS)))
# A matched keyword sets the bit of every group with a keyword inside it ("navbar": nav, header).
_KEYWORD_MASKS = {k: sum(1 << g for g, words in enumerate(KEYWORDS.values())
                         if any(w in k for w in words)) for k in _KEYWORD_WORDS}
_token_cache: dict[str, int] = {}  # class/id token -> bit code (see _code_new_tokens)
_path_cache: dict[tuple[str, ...], np.ndarray] = {}
_TOKEN_CACHE_MAX = 200_000


def _code_new_tokens(tokens: list[str]) -> None:
    """Cache each token's code: keyword-group bits, then one bit for its hash bin.

    All of a page's unseen tokens are matched together, one regex pass per group."""
    if len(_token_cache) > _TOKEN_CACHE_MAX:
        _token_cache.clear()
    codes = [1 << (len(KEYWORDS) + zlib.crc32(t.encode("utf-8")) % N_HASH_BINS) for t in tokens]
    joined = "\n".join(tokens)
    starts = np.cumsum([0] + [len(t) + 1 for t in tokens])
    found = [(m.start(), _KEYWORD_MASKS[m.group()]) for m in _KEYWORD_RE.finditer(joined)]
    if found:
        owners = np.searchsorted(starts, [f[0] for f in found], side="right") - 1
        for i, (_, mask) in zip(owners.tolist(), found, strict=True):
            codes[i] |= mask
    _token_cache.update(zip(tokens, codes, strict=True))


def _token_rows(token_tuples: list[tuple[str, ...]]) -> np.ndarray:
    """Keyword bits and hashed bins per block, computed once per distinct token tuple."""
    # The walk shares one tuple object per element, so identity finds the distinct ones.
    seen: dict[int, int] = {}
    distinct: list[tuple[str, ...]] = []
    index = []
    for toks in token_tuples:
        j = seen.get(id(toks))
        if j is None:
            j = seen[id(toks)] = len(distinct)
            distinct.append(toks)
        index.append(j)
    new = {t for toks in distinct for t in toks if t not in _token_cache}
    if new:
        _code_new_tokens(sorted(new))
    get = _token_cache.__getitem__
    masks = np.fromiter((reduce(or_, map(get, toks), 0) for toks in distinct),
                        dtype=np.uint64, count=len(distinct))
    bits = (masks[:, None] >> np.arange(len(KEYWORDS) + N_HASH_BINS, dtype=np.uint64)) & 1
    return bits.astype(np.float32)[np.asarray(index, dtype=np.int64)]


def _path_rows(paths: list[tuple[str, ...]]) -> np.ndarray:
    out = np.empty((len(paths), len(PATH_TAGS)), dtype=np.float32)
    for i, path in enumerate(paths):
        row = _path_cache.get(path)
        if row is None:
            row = np.zeros(len(PATH_TAGS), dtype=np.float32)
            for tag in path:
                j = _PATH_INDEX.get(tag)
                if j is not None:
                    row[j] += 1.0
            if len(_path_cache) > _TOKEN_CACHE_MAX:
                _path_cache.clear()
            _path_cache[path] = row
        out[i] = row
    return out


def _compact(ids: np.ndarray) -> np.ndarray:
    return np.unique(ids, return_inverse=True)[1].reshape(-1)


def _shift(values: np.ndarray, offset: int, fill: float) -> np.ndarray:
    out = np.full_like(values, fill)
    if offset > 0:
        out[:-offset] = values[offset:]
    elif offset < 0:
        out[-offset:] = values[:offset]
    return out


def _smooth(values: np.ndarray, sigma: float = 1.5) -> np.ndarray:
    radius = 3
    kernel = np.exp(-0.5 * (np.arange(-radius, radius + 1) / sigma) ** 2)
    return _convolve_mean(values, kernel)


def _convolve_mean(values: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    """Weighted moving average of `values` (edges use the weights that exist)."""
    radius, n = len(kernel) // 2, len(values)
    total = np.convolve(values, kernel, mode="full")[radius:radius + n]
    weight = np.convolve(np.ones(n), kernel, mode="full")[radius:radius + n]
    return total / weight


def _ancestor_facts(blocks: list[Block], chars: np.ndarray, links: np.ndarray) -> np.ndarray:
    """Text share and link ratio of the enclosing elements, and the dense-container flag.

    Columns: parent, grandparent, great-grandparent text share; parent and grandparent
    link ratio; inside the deepest element holding half the page text; that element's share.
    """
    n = len(blocks)
    out = np.zeros((n, 7), dtype=np.float64)
    ancestors = [b.ancestors for b in blocks]
    lens = np.fromiter(map(len, ancestors), dtype=np.int64, count=n)
    if n == 0 or lens.sum() == 0:
        return out
    flat = _compact(np.fromiter(chain.from_iterable(ancestors), dtype=np.int64,
                                count=int(lens.sum())))
    owner = np.repeat(np.arange(n), lens)
    ends = np.cumsum(lens)
    depth = np.arange(len(flat)) - np.repeat(ends - lens, lens)
    node_chars = np.bincount(flat, weights=chars[owner])
    node_links = np.bincount(flat, weights=links[owner])
    total = max(chars.sum(), 1.0)
    for col, back in enumerate((2, 3, 4)):  # ancestors[-1] is the block's own element
        has = lens >= back
        node = flat[ends[has] - back]
        out[has, col] = node_chars[node] / total
        if col < 2:
            out[has, 3 + col] = node_links[node] / np.maximum(node_chars[node], 1.0)
    node_depth = np.zeros(len(node_chars), dtype=np.int64)
    np.maximum.at(node_depth, flat, depth)
    dense = np.flatnonzero(node_chars / total >= 0.5)
    if len(dense):
        chosen = dense[np.argmax(node_depth[dense])]
        out[:, 5] = np.bincount(owner[flat == chosen], minlength=n) > 0
        out[:, 6] = node_chars[chosen] / total
    return out


def _groups(blocks: list[Block]) -> tuple[np.ndarray, np.ndarray]:
    """Per block: its parent's group id and its signature (tag, path, tokens) group id."""
    # ancestors[-1] is the element that made the block (a p, li, or the div of a text run)
    parents = [b.ancestors[-2] if len(b.ancestors) > 1 else -1 for b in blocks]
    signatures: dict[tuple, int] = {}
    sig = [signatures.setdefault((b.tag, b.path, b.tokens), len(signatures)) for b in blocks]
    return (_compact(np.asarray(parents, dtype=np.int64)), np.asarray(sig, dtype=np.int64))


def _text_stats(texts: list[str], chars: np.ndarray, links: np.ndarray) -> np.ndarray:
    """log chars, log words, link ratio, stopword ratio, punctuation ratio, ends with
    punctuation, mean word length."""
    n = len(texts)
    splits = [t.lower().split() for t in texts]
    words = np.fromiter(map(len, splits), dtype=np.float64, count=n)
    is_stop = _STOPSET.__contains__
    stops = np.fromiter((sum(map(is_stop, s)) for s in splits), dtype=np.float64, count=n)
    punct = np.fromiter((t.count(".") + t.count(",") for t in texts), dtype=np.float64, count=n)
    ends = np.fromiter((t[-1:] in ".!?:;" and t != "" for t in texts), dtype=np.float64, count=n)
    safe_words = np.maximum(words, 1.0)
    return np.column_stack([
        np.log1p(chars), np.log1p(words), np.minimum(links / np.maximum(chars, 1.0), 1.0),
        stops / safe_words, punct / safe_words, ends, chars / safe_words,
    ])


def _headings(blocks: list[Block], kinds: np.ndarray, levels: np.ndarray,
              page: PageContext) -> np.ndarray:
    """Distance to and level of the previous heading, signed distance to the H1, and
    whether a heading repeats the page title."""
    n = len(blocks)
    idx = np.arange(n)
    is_heading = kinds == _KIND_INDEX["heading"]
    last = np.maximum.accumulate(np.where(is_heading, idx, -1)) if n else idx
    prev_last = np.concatenate([[-1], last[:-1]]) if n else last
    dist_prev = np.where(prev_last >= 0, np.minimum(idx - prev_last, 50), 50)
    prev_level = np.where(prev_last >= 0, levels[np.maximum(prev_last, 0)], 0)
    h1 = np.flatnonzero(is_heading & (levels == 1))
    anchor = h1[0] if len(h1) else (np.flatnonzero(is_heading)[:1].tolist() or [0])[0]
    dist_h1 = np.clip(idx - anchor, -50, 50)
    title = " ".join((page.metadata.title or "").lower().split())
    match = np.zeros(n)
    if title:
        for i in np.flatnonzero(is_heading):
            text = " ".join(blocks[i].text.lower().split())
            match[i] = bool(text) and (text == title or text in title)
    return np.column_stack([dist_prev, prev_level, dist_h1, match])


def _page_facts(page: PageContext, n: int, chars: np.ndarray, links: np.ndarray,
                flag_bits: np.ndarray, kinds: np.ndarray, stops: float,
                sig_counts: np.ndarray) -> np.ndarray:
    total = max(chars.sum(), 1.0)
    values = [
        np.log1p(n), np.log1p(total), links.sum() / total,
        (chars * flag_bits[:, 0]).sum() / total, (chars * flag_bits[:, 1]).sum() / total,
        np.mean(kinds == _KIND_INDEX["heading"]) if n else 0.0,
        np.mean(kinds == _KIND_INDEX["list_item"]) if n else 0.0,
        stops, np.log1p(sig_counts.max()) if n else 0.0,
    ]
    types = {t.lower().rsplit("/", 1)[-1] for t in page.jsonld_types}
    values += [float(t in types) for t in JSONLD_TYPES]
    og = (page.og_type or "").lower()
    values += [float(t in og) for t in OG_TYPES]
    url = (page.url or "").lower()
    path = url.split("://", 1)[-1].partition("/")[2].split("?")[0]
    words = set(_URL_WORD_RE.findall(path))
    values += [float(w in words) for w in URL_WORDS]
    values += [float(len([s for s in path.split("/") if s])),
               float(any(c.isdigit() for c in path))]
    return np.asarray(values, dtype=np.float64)


def block_features(blocks: list[Block], page: PageContext) -> np.ndarray:
    """The feature matrix of one page.

    In: the page's blocks in document order and its `PageContext`. Out: a float32 array
    of shape (len(blocks), len(BLOCK_FEATURES)). Pure; never raises for any block list
    (an empty list gives a (0, F) matrix).
    """
    n = len(blocks)
    if n == 0:
        return np.zeros((0, len(BLOCK_FEATURES)), dtype=np.float32)
    texts = [b.text for b in blocks]
    chars = np.fromiter(map(len, texts), dtype=np.float64, count=n)
    links = np.fromiter((b.link_chars for b in blocks), dtype=np.float64, count=n)
    kinds = np.fromiter((_KIND_INDEX.get(b.kind, -1) for b in blocks), dtype=np.int64, count=n)
    tags = np.fromiter((_TAG_INDEX.get(b.tag, -1) for b in blocks), dtype=np.int64, count=n)
    levels = np.fromiter((b.heading_level for b in blocks), dtype=np.float64, count=n)
    flags = np.fromiter((b.flags for b in blocks), dtype=np.int64, count=n)
    paths = [b.path for b in blocks]
    depth = np.fromiter(map(len, paths), dtype=np.float64, count=n)
    parent, signature = _groups(blocks)
    text = _text_stats(texts, chars, links)
    total = max(chars.sum(), 1.0)
    dup_counts: dict[str, int] = {}
    for t in texts:
        dup_counts[t] = dup_counts.get(t, 0) + 1
    dup = np.fromiter((dup_counts[t] for t in texts), dtype=np.float64, count=n)
    sig_counts = np.bincount(signature, minlength=1).astype(np.float64)
    sig_chars = np.bincount(signature, weights=chars, minlength=1)
    parent_counts = np.bincount(parent, minlength=1).astype(np.float64)
    is_heading = (kinds == _KIND_INDEX["heading"]).astype(np.float64)
    same_parent = np.concatenate([[0.0], parent[1:] == parent[:-1]]) if n else chars
    smooth_chars = _smooth(text[:, 0]) if n else chars
    structured = page.structured_text
    in_structured = np.fromiter(
        (len(t) >= 30 and t[:80] in structured for t in texts), dtype=np.float64, count=n)
    flag_bits = ((flags[:, None] >> np.arange(N_FLAGS)) & 1).astype(np.float64)
    columns = [
        text, levels, depth, np.arange(n) / max(n, 1), (np.cumsum(chars) - chars) / total,
        np.log(np.maximum(dup, 1.0)), np.log(sig_counts[signature]),
        sig_chars[signature] / total, np.log(parent_counts[parent]),
        _ancestor_facts(blocks, chars, links), _headings(blocks, kinds, levels, page),
        in_structured, smooth_chars, _smooth(text[:, 2]) if n else chars,
        text[:, 0] - smooth_chars, is_heading, same_parent,
        np.eye(len(KINDS) + 1)[kinds][:, :-1], np.eye(len(TAGS) + 1)[tags][:, :-1],
        flag_bits, _path_rows(paths), _token_rows([b.tokens for b in blocks]),
    ]
    neighbour_source = np.column_stack([text[:, 0], text[:, 2], is_heading, text[:, 3]])
    for offset in _NEIGHBOUR_OFFSETS:
        columns.append(np.column_stack([
            _shift(neighbour_source, offset, -1.0),
            _shift(parent, offset, -1) == parent,
        ]))
    page_row = _page_facts(page, n, chars, links, flag_bits, kinds,
                           float(text[:, 3].mean()) if n else 0.0, sig_counts)
    columns.append(np.broadcast_to(page_row, (n, len(page_row))))
    matrix = np.column_stack([np.asarray(c, dtype=np.float64).reshape(n, -1) for c in columns])
    return matrix.astype(np.float32)
