"""Main-content selection: decides which blocks of a page are kept.

`apply` is the one entry the HTML converter calls. "all" keeps every visible block; "main"
and "precision" score the blocks with the trained model (`webfold.selector.model`,
gradient-boosted trees in ONNX) and then cut each page at its own score: `decide` keeps
the blocks scoring at least the cut that maximises the page's expected F1 ("main") or F0.5
("precision"), reading the scores as probabilities and weighting blocks by their words.
The mode's threshold is a floor: blocks below it are kept only by the structure rules.
`choose` then applies the structure rules of `webfold.selector.rules` (code, tables,
definitions, figures, math, footnotes and admonitions in the content region kept, and its
headings over a kept block; on a short page of `rules.SHORT_PAGE` blocks or fewer whatever
their score and with its lists whole, on a page of FEW_BLOCKS blocks or fewer with every
figure caption; on a page declared neither an article nor a thread,
the fields a grid's cards mostly keep kept in all of them; teaser lists, dated card grids
beside an article (after the text of a page declared nothing), bylines above it (under
the title of a page declared no article), the next stories an endless scroll stacks under
it, what trails its body outside the body's container, its table of contents (with the
label over it), related-post boxes after it, disclosure notices in it, a paywall's notice
and the offer after it, calls to action after it, its photo captions (on a short page
and on other pages that are no thread, or are declared an article, those with a picture
credit), customer reviews (by their containers' names and under a review heading) and
other products on a product page, sign-up notices, forum signatures, ad and credit
labels, a site's notes under the content of a page that is no thread (a row of edit
links, a funder's credit, delivery terms, a dialog's lines) and the short lines in the
other cells of a layout table's row beside the story's cell, trailing labels over dropped
chrome and, unless
`include_comments`, reader comments under an article (or a page declared nothing whose
address names a story) dropped; on a thread page the prose
of the region outside comment containers kept (inside
them too where they hold half the kept words and the opening post stands outside them), on
a page of FEW_BLOCKS blocks or fewer prose beside kept text in the same element, and on a
short page a sentence between kept blocks of its element kept and its sidebars and menus
dropped). Of kept blocks with the same text only the first stays (`drop_repeats`), unless
a copy is inside the region under another section heading or, a short line, in another
card of a grid: responsive duplicates, quoted posts and repeated teasers would otherwise
appear twice. A page title heading (an H1, or a heading repeating `<title>`) just before
the first kept block is kept as the content's first heading (`keep_title`). When no block
reaches the threshold the whole page is kept and a warning says so. The result
(`Selection`) also carries the name in a byline the rules dropped from a page that
declares no author, which the HTML converter makes the page's author. The selector sees the
visible blocks only (a collapsed accordion or tab panel counts as visible): offered
hidden-subtree and `<noscript>` blocks as well, a model trained on them scored lower out
of fold (0.8631 against 0.8659 mean F1; product pages 0.640 against 0.673), and walking
them costs time.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from webfold.document import Block, BlockFlag, Metadata
from webfold.selector import rules
from webfold.selector.features import BLOCK_FEATURES, block_features, flag_column

NOTHING_SELECTED = "selector: no block reached the {mode} threshold; kept the whole page"
_LOG_WORDS = BLOCK_FEATURES.index("log_words")  # log1p of a block's whitespace words
_HEADING_LEVEL = BLOCK_FEATURES.index("heading_level")
_LINK_RATIO = BLOCK_FEATURES.index("link_ratio")
_TITLE_MATCH = BLOCK_FEATURES.index("title_match")  # a heading repeating the page title
_IN_TABLE = BLOCK_FEATURES.index(flag_column(BlockFlag.IN_TABLE))
TITLE_REACH = 3  # blocks before the first kept one a title heading may stand
FEW_BLOCKS = 12  # a page with this few blocks gets a recall-first cut: keep more
FEW_BLOCKS_BETA = 2.0
FEW_BLOCKS_LINKS = 0.5  # link-text share above which a block is never added that way
MIN_REPEAT_WORDS = 3  # shorter blocks ("Reply", "Share") may repeat; they are never dropped


@dataclass(slots=True)
class PageContext:
    """Page-level facts the selector may use, gathered by the HTML converter."""

    url: str | None = None
    metadata: Metadata = field(default_factory=Metadata)
    jsonld_types: tuple[str, ...] = ()  # every JSON-LD @type on the page
    og_type: str | None = None
    structured_text: str = ""  # JSON-LD articleBody/text/description, joined


@dataclass(frozen=True, slots=True)
class Choice:
    """The selection of one page (`choose`): the kept mask, whether no block reached the
    threshold (the mask is then all False and the caller keeps the whole page), and, on a
    page whose metadata declares no author, the name in a byline the rules dropped above
    the body (`rules.byline_author`), which the text no longer shows."""

    kept: np.ndarray
    nothing: bool
    byline_author: str | None = None


@dataclass(frozen=True, slots=True)
class Selection:
    """What `apply` says of a page beside the blocks' `kept` flags: warnings (nothing
    passed the threshold and the whole page was kept) and `Choice.byline_author`."""

    warnings: tuple[str, ...] = ()
    byline_author: str | None = None


# The F-measure each mode maximises per page: F1 for main, F0.5 (precision first) otherwise.
BETA = {"main": 1.0, "precision": 0.5}


def block_words(matrix: np.ndarray) -> np.ndarray:
    """Each block's whitespace words, read back from the feature matrix (log1p column).
    Shared by `apply` and the training script."""
    return np.rint(np.expm1(matrix[:, _LOG_WORDS].astype(np.float64)))


def decide(scores: np.ndarray, words: np.ndarray, threshold: float,
           beta: float) -> tuple[np.ndarray, bool]:
    """Which blocks to keep from their scores: (kept mask, whether nothing passed).

    In: the page's block scores (probabilities), the blocks' word counts, the mode's
    floor `threshold` and `beta`. Keeping the blocks scoring at least a cut c gives an
    expected F-beta of (1 + b2) * sum(p * w, kept) / (sum(w, kept) + b2 * sum(p * w))
    with b2 = beta**2 (expected overlap over kept words plus expected main-content
    words); the cut is the candidate score that maximises it, never below `threshold`.
    Shared by `apply` and the training script so tuning sees the runtime rule. When no
    block reaches `threshold` the mask is all False and the flag True.
    """
    candidates = (scores >= threshold).nonzero()[0]
    if len(candidates) == 0:
        return np.zeros(len(scores), dtype=bool), True
    order = candidates[(-scores[candidates]).argsort(kind="stable")]
    gain = (scores[order] * words[order]).cumsum()
    if gain[-1] <= 0:  # no candidate has words: nothing to weigh, keep them all
        return scores >= threshold, False
    b2 = beta * beta
    expected = (1 + b2) * gain / (words[order].cumsum() + b2 * float(scores @ words))
    return scores >= scores[order[int(expected.argmax())]], False


def repeat_groups(blocks: list[Block], words: np.ndarray) -> np.ndarray:
    """Per block, the index of the first of `blocks` with the same text (case ignored),
    or -1 for code and for blocks under MIN_REPEAT_WORDS words (`words`: each block's
    whitespace words), which are never treated as repeats (code examples legitimately
    repeat)."""
    first: dict[str, int] = {}
    groups = [-1] * len(blocks)  # a list: numpy item assignment costs more per block
    at = [i for i in (words >= MIN_REPEAT_WORDS).nonzero()[0].tolist()
          if blocks[i].kind != "code"]
    texts = [blocks[i].text for i in at]
    # Only a text whose lowercase is as long as another's can repeat it, so the others
    # are not lowercased. Lowercasing keeps a text's length but for the dotted capital I
    # (U+0130), whose lowercase is two characters (tests/selector pins that).
    lengths = [len(text) + text.count("\u0130") for text in texts]
    shared = {length for length, count in Counter(lengths).items() if count > 1}
    for i, text, length in zip(at, texts, lengths, strict=True):
        groups[i] = first.setdefault(text.lower(), i) if length in shared else i
    return np.array(groups, dtype=np.int64)


def drop_repeats(kept: np.ndarray, groups: np.ndarray,
                 may_repeat: np.ndarray | None = None) -> np.ndarray:
    """`kept` without the kept blocks whose group (`repeat_groups`) an earlier kept
    block already shows, except where `may_repeat` is true (repeats inside the content
    region). Shared by `apply` and the training script."""
    out = kept.copy()
    shown: set[int] = set()
    group_of = groups.tolist()
    for i in (kept & (groups >= 0)).nonzero()[0].tolist():
        if group_of[i] in shown:
            out[i] = may_repeat is not None and bool(may_repeat[i])
        else:
            shown.add(group_of[i])
    return out


def title_headings(matrix: np.ndarray) -> np.ndarray:
    """Which blocks are page title headings (an H1, or a heading repeating the page
    title), from the feature matrix. Shared by `apply` and the training script."""
    return (matrix[:, _HEADING_LEVEL] == 1) | (matrix[:, _TITLE_MATCH] > 0)


def keep_title(kept: np.ndarray, is_title: np.ndarray) -> np.ndarray:
    """`kept` plus the nearest title heading among the TITLE_REACH blocks before the
    first kept block: the title heads the content it stands over. When the first kept
    block is a title heading itself, one above it is the site's name (a linked H1 in a
    site header), and nothing is added."""
    out = kept.copy()
    first = int(kept.argmax()) if kept.any() else 0
    if kept.any() and is_title[first]:
        return out
    for i in range(first - 1, max(first - 1 - TITLE_REACH, -1), -1):
        if is_title[i]:
            out[i] = True
            break
    return out


def choose(blocks: list[Block], page: PageContext, matrix: np.ndarray, scores: np.ndarray,
           threshold: float, beta: float, *, include_comments: bool = False,
           ) -> Choice:
    """The selection of one page from its block scores: the model's cut, then the rules
    of `webfold.selector.rules`, repeats and the title (`Choice`). Shared by `apply` and
    the training script, so tuning sees the runtime rule."""
    words = block_words(matrix)
    kept, nothing = decide(scores, words, threshold, beta)
    if nothing:
        return Choice(kept, True)
    if len(blocks) <= FEW_BLOCKS:  # a short page: what a recall-first cut adds, but links
        kept |= (decide(scores, words, threshold, FEW_BLOCKS_BETA)[0]
                 & (matrix[:, _LINK_RATIO] < FEW_BLOCKS_LINKS))
    # The rules count a script written without spaces by its characters; the cut above
    # weighs the model's words, as the training script tuned it.
    words = rules.reading_words(blocks, words)
    kinds = rules.BlockKinds.from_features(matrix, words)
    plain_words = words * (1.0 - matrix[:, _LINK_RATIO])  # words outside links
    region = rules.content_region(blocks, kept, plain_words)
    passed = scores >= threshold
    short = len(blocks) <= rules.SHORT_PAGE  # the region's structure kept whole, any score
    # A page of few blocks keeps its figures whole: a caption that reads as a label ("The
    # reading room after the renovation") too; on longer articles WCXB leaves those out.
    structure = kinds.structure | kinds.caption if len(blocks) <= FEW_BLOCKS else kinds.structure
    kept = rules.keep_structure(blocks, kept, region, passed | short, structure)
    kept = rules.keep_marked(blocks, kept, region)
    kept = rules.section_headings(blocks, kept, region, passed & (matrix[:, _HEADING_LEVEL] > 0))
    if short:
        kept = rules.whole_lists(blocks, kept, region, passed)
    types = frozenset(t.lower().rsplit("/", 1)[-1] for t in page.jsonld_types)
    thread = rules.is_thread_page(types, page.url)
    says_article = rules.is_article_page(types, page.og_type)
    says_thread = bool(types & rules.THREAD_TYPES)
    # A page that declares nothing (no og:type, no JSON-LD type) under a story's address
    # or in a CMS's single-post view is an article too: a blog or a paper without metadata.
    article = not thread and (says_article or not (types or page.og_type) and (
        rules.is_story_url(page.url) or rules.is_post_view(blocks)))
    if short and not article:  # an article's own paragraphs are rows the cut ends
        kept = rules.sibling_rows(blocks, kept, words, region, kinds)
    if not (says_article or thread):  # an article's grid is teasers, a thread's posts
        kept |= rules.card_fields(blocks, kept, words, region)
    declared = article or says_thread  # its body comes first
    # A thread by its address alone may be an article's page.
    if thread and (says_thread or not says_article):
        kept |= rules.thread_posts(blocks, kept, words, kinds, region)
        kept |= rules.comment_posts(blocks, kept, words, kinds, region)
    if len(blocks) <= FEW_BLOCKS:  # replayed over the dev pages' out-of-fold scores this
        # changes none of them; on SHORT_PAGE pages 7 were better and 5 worse, -0.00002
        kept |= rules.sibling_prose(blocks, kept, words, kinds)
    if short:
        kept |= rules.gap_blocks(blocks, kept, words, kinds)
    kept &= ~rules.teaser_blocks(blocks, kept, words, kinds, declared)
    # Below, the rules only drop kept blocks; those naming boxes read the tokens once.
    names = rules.ContainerNames(blocks, kept)
    title = title_headings(matrix)
    bylines = np.zeros(len(blocks), dtype=bool)
    if article:
        kept &= ~rules.stacked_stories(blocks, kept, matrix[:, _HEADING_LEVEL] == 1,
                                       matrix[:, _TITLE_MATCH] > 0)
        kept &= ~rules.card_grid_blocks(blocks, kept, words, kinds)
        kept &= ~rules.cards_before_title(blocks, kept, kinds, title)
        reach = rules.byline_reach(blocks, kept, words, kinds, title, page.metadata.author)
        bylines = rules.lead_metadata(blocks, reach, words, kinds, page.metadata.author)
        kept &= ~bylines
        kept &= ~rules.quote_cards(blocks, kept, words, kinds)
        kept &= ~rules.after_body(blocks, kept, words, kinds, plain_words)
        kept &= ~rules.contents_lists(blocks, kept, kinds, page.url)
        kept &= ~rules.disclosures(blocks, names, kept, words)
    elif not thread:
        kept &= ~rules.card_grid_blocks(blocks, kept, words, kinds, headed=True)
        reach = rules.byline_reach(blocks, kept, words, kinds, title, page.metadata.author)
        bylines = rules.address_bylines(blocks, reach, words, kinds, title,
                                        page.metadata.author)
        kept &= ~bylines
    if not thread:
        kept &= ~rules.orphan_excerpts(blocks, kept, words, kinds, article)
    # A page declared an article under a thread's address alone ("/topics/camping/...")
    # is a guide or a forum whose software says "article": teaser boxes and credited
    # photo captions are neither's posts.
    if not thread or says_article:
        kept &= ~rules.named_teasers(names, kept, words, article)
        # A short page keeps its figures whole, but for a press photo's credit.
        kept &= ~rules.picture_captions(blocks, kept, words, kinds, short or not article,
                                        names)
    if not says_article and rules.is_product_page(types, page.og_type):
        kept &= ~rules.customer_reviews(blocks, names, kept, words, kinds)
        kept &= ~rules.product_teasers(blocks, kept, words, kinds)
    elif not (says_article or thread):
        kept &= ~rules.customer_reviews(blocks, names, kept, words, kinds, declared=False)
    if short:
        kept &= ~rules.named_chrome_blocks(blocks, names, kept, words, region)
        kept &= ~rules.link_menus(blocks, kept, words, plain_words)
    # A page that declares itself a service's, a product's or a site's own may hold its
    # offer in a "sidebar"; an article, or a page that declares nothing, its chrome.
    if article or not (types or page.og_type or thread):
        kept &= ~rules.named_sidebars(blocks, names, kept, region)
    kept &= ~rules.promo_blocks(names, kept, words)
    kept &= ~rules.consent_notices(blocks, names, kept, words)
    kept &= ~rules.signatures(names, kept, words)
    kept &= ~rules.chrome_labels(blocks, kept, words, kinds)
    kept &= ~rules.share_lists(blocks, kept, kinds)
    kept &= ~rules.stray_menu_items(blocks, kept, kinds, region)
    kept &= ~rules.before_title(blocks, kept, words, matrix[:, _HEADING_LEVEL] == 1, region,
                                title, kinds)
    # A page declared nothing whose address names a story is an article with comments.
    comments = rules.comment_blocks(blocks, kept, words, kinds, article or not (
        says_article or thread) and rules.is_story_url(page.url), thread)
    if include_comments:
        kept |= comments & (words > 0)
    else:
        kept &= ~comments
    if article:  # after the comments, which would stand as the story's last prose
        kept &= ~rules.paywall_tails(blocks, kept, words, kinds)
        kept &= ~rules.calls_to_action(blocks, kept, words, kinds)
        kept &= ~rules.closing_notes(blocks, kept, words, kinds)
        kept &= ~rules.boxed_headings(blocks, kept, words, kinds)
    if not thread:  # a thread's last post may be a short line, its poster's cell too
        kept &= ~rules.trailing_notes(blocks, kept, words, kinds)
        kept &= ~rules.side_cells(blocks, kept, words, matrix[:, _IN_TABLE] > 0)
    if article or thread:
        kept &= ~rules.trailing_headings(blocks, kept, words)
    chosen = kept.nonzero()[0]
    groups = repeat_groups([blocks[i] for i in chosen], words[chosen])
    copies = (groups >= 0) & (groups != np.arange(len(chosen)))
    may_repeat = np.zeros(len(chosen), dtype=bool)
    if copies.any():
        shown = np.zeros(len(blocks), dtype=np.int64)  # kept blocks showing each text
        grouped = groups >= 0
        shown[chosen[grouped]] = np.bincount(groups[grouped])[groups[grouped]]
        may_repeat[copies] = rules.legitimate_repeats(
            blocks, matrix, region, chosen[copies], chosen[groups[copies]], shown)
    kept[chosen] = drop_repeats(kept[chosen], groups, may_repeat)
    kept = keep_title(kept, title)
    if page.metadata.author:  # declared: the metadata's author wins
        return Choice(kept, False)
    author = next((name for i in (bylines & ~kept).nonzero()[0].tolist()
                   if (name := rules.byline_author(blocks[i].text))), None)
    return Choice(kept, False, author)


def apply(blocks: list[Block], page: PageContext, mode: str, *,
          include_comments: bool = False) -> Selection:
    """Set `Block.kept` (and `Block.score`) for `mode` in main|precision|all.

    `include_comments` keeps the reader comments under an article, which are dropped
    by default (forum and Q&A posts are kept either way). Returns the `Selection`:
    warnings (e.g. that nothing passed the threshold and the whole page was kept) and
    the name in a byline the rules dropped ("all" drops none). Raises ValueError for an
    unknown mode; model files missing from the package raise too (a packaging fault,
    not bad input).
    """
    if mode not in ("all", "main", "precision"):
        raise ValueError(f"unknown selection mode {mode!r}")
    if mode == "all" or not blocks:
        for block in blocks:
            block.kept = True
        return Selection()
    from webfold.selector.model import default_model

    model = default_model()
    threshold = model.thresholds.main if mode == "main" else model.thresholds.precision
    matrix = block_features(blocks, page)
    scores = model.score(matrix)
    choice = choose(blocks, page, matrix, scores, threshold, BETA[mode],
                    include_comments=include_comments)
    for block, score, keep in zip(blocks, scores.tolist(), choice.kept.tolist(), strict=True):
        block.score = score
        block.kept = choice.nothing or keep
    if choice.nothing:
        return Selection((NOTHING_SELECTED.format(mode=mode),))
    return Selection(byline_author=choice.byline_author)
