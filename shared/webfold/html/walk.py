"""The single DOM walk: a parsed page in, its `Block`s out, in one iterative pass.

One block per paragraph-level element (p, h1-h6, li, dt, dd, figcaption, pre, a data
table, hr, an image standing alone) and one per text run directly inside a container
(div, td of a layout table, blockquote ...), split at `<br><br>` and at every block
boundary, never inside a sentence; an inline element whose style attribute makes it a
box (`display:block`, `flex`, `grid` ...) is such a container, as a browser lays it out,
and the inline children of a flex or grid box are set apart by a space.
Nested list items are their own blocks, their
Markdown already indented for their level; blocks inside a blockquote carry the `> `.

The walk keeps an explicit stack of open elements (no recursion, so 10,000 nested
elements are fine) and fills every `Block` field from it: `path` (tag names, root
first, ending with the block's own element; the innermost `MAX_PATH` when deeper),
`tokens` (class and id tokens of those elements), `ancestors` (their walk ids),
`flags` (`BlockFlag` bits of the containers), `link_chars`.

Furniture (script, style, nav, header, footer, aside, form, select, GitHub's
details-menu ...; see `furniture.py`) and elements whose ARIA role makes them furniture
(menu and menu bar: a dropdown's choices; navigation; contentinfo, a footer) are always
dropped with their subtree, except a header inside main/article, an aside inside main,
a form that wraps the page (holds main, article or h1: ASP.NET) and a header, aside or
role that does (holds main or an article's h1: a header left open swallows the page).

The hidden-content switch, for thin pages: `walk(..., include_hidden=False)` is the
default and drops hidden subtrees (`hidden`, `aria-hidden="true"`, inline
`display:none`/`visibility:hidden`, consent/ad chrome) and `<noscript>`; a collapsed
accordion, collapse or tab panel is no hidden subtree (`furniture.is_disclosure_panel`).
With `include_hidden=True` those subtrees are walked like any other and every block
from them carries `BlockFlag.HIDDEN` (hidden by attributes) and/or `BlockFlag.NOSCRIPT`
(inside `<noscript>`); whoever asks for them decides per block whether to keep them.
Scripts inside such subtrees are never offered as app payloads either way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from selectolax.lexbor import LexborNode

from webfold import markdown as md
from webfold.document import Block, BlockFlag
from webfold.html import callouts, footnotes, mathml, urls
from webfold.html.furniture import (
    CHROME_TOKENS,
    FURNITURE_TAGS,
    KEPT_INSIDE,
    has_furniture_role,
    is_hidden,
)
from webfold.selector.features import tokens_code

MAX_PATH = 64  # path/ancestors keep the innermost elements beyond this depth
MAX_TOKENS = 256  # tokens keep the innermost class/id tokens beyond this many
MAX_SPAN = 200  # colspan/rowspan above this are treated as this (hostile tables)
SWALLOWED_CHARS = 1000  # an iframe's text longer than this, with end tags, is markup
_SELF_CLOSED_IFRAME = re.compile(r"(<iframe\b[^>]*?)\s*/>", re.IGNORECASE)
_SELF_CLOSED_IFRAME_BYTES = re.compile(_SELF_CLOSED_IFRAME.pattern.encode(), re.IGNORECASE)

INLINE_TAGS = frozenset({
    "a", "abbr", "b", "bdi", "bdo", "big", "cite", "code", "data", "del", "dfn", "em",
    "font", "i", "ins", "kbd", "label", "mark", "nobr", "q", "ruby", "s",
    "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var",
    "picture", "source", "output", "meter", "progress", "blink", "acronym", "math",
    "mjx-container", "math-renderer",
})
_WRAP = {"strong": "**", "b": "**", "em": "*", "i": "*", "del": "~~", "s": "~~",
         "strike": "~~", "sup": "<sup>", "sub": "<sub>"}
_CLOSE = {"<sup>": "</sup>", "<sub>": "</sub>"}
_UNSEEN = BlockFlag.UNSEEN  # bound once for the per-element loop
# Furniture holding these wraps the page, it is not furniture to drop: an ASP.NET
# WebForms <form>; a <header> or an announcement <aside> left unclosed, which the parser
# makes hold the whole page (a site header holds an h1 logo, or article cards, but not
# main or an article's title).
_WRAPS_PAGE = {"form": "main, article, h1", "header": "main, article h1",
               "aside": "main, article h1", "role": "main, article h1"}
# A <form> with nothing to fill in or press (hidden inputs at most) is a wrapper, not a
# form: forum software sets a thread's posts in a moderation form (SMF), old Reddit each
# comment's text in one.
_FORM_CONTROLS = "textarea, select, button, input:not([type=hidden])"
_HIDING_KEYS = frozenset({"style", "hidden", "aria-hidden", "type"})
# The box a style attribute lays an element out as, read once an element (in the
# lowercased style: a case-blind search tries every position, 3x slower). Without
# "inline-" ("display:block", "display:flex") an inline element is a box of its own: a
# browser breaks the line before and after it, so its text is not run into its
# neighbours' ("Title hereExcerpt here"); it is walked as a div (a link stays a link, code
# and math are rendered whole). With "flex" or "grid" (or "inline-flex", "inline-grid")
# its children are flex or grid items: a browser sets each apart ("Material" and
# "Stoneware" in a row, a card's date and title), so its inline children get a space on
# either side instead of running together. A space, not a block each: a label and its
# value stay one line of the Markdown, as a row reads.
_DISPLAY = re.compile(r"display\s*:\s*(inline-)?"
                      r"(block|flex|grid|list-item|table-row|table-cell|table|flow-root)(?![\w-])")
_ITEMS_BOXES = frozenset({"flex", "grid"})
# The text of a permalink beside a heading or paragraph (Sphinx and MkDocs "¶", "#",
# Docusaurus's zero-width space, "§", "🔗"): a link to the page's own anchor that says
# nothing to a reader of the Markdown.
_PERMALINK_MARKS = frozenset({"", "¶", "§", "#", "🔗", "⚓", "⚓\ufe0e", "⚓\ufe0f"})
_ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff"
_CODE_TAGS = frozenset({"code", "kbd", "samp", "tt"})
# MathJax v3 wraps its MathML in <mjx-container>; GitHub writes delimited TeX in the last.
_MATH_TAGS = frozenset({"math", "mjx-container", "math-renderer"})
_ATOMIC_TAGS = _CODE_TAGS | _MATH_TAGS  # inline elements rendered whole, not walked
_BOX_TAGS = INLINE_TAGS - _ATOMIC_TAGS - {"a"}  # those `_DISPLAY` may make a box
_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_LEAF_KIND = {"p": "paragraph", "li": "list_item", "dt": "definition", "dd": "definition",
              "figcaption": "caption", **{h: "heading" for h in _HEADINGS}}
_LIST_TAGS = frozenset({"ul", "ol", "menu", "dir"})
_SPECIAL_BLOCKS = frozenset({"br", "img", "wbr", "hr", "pre", "table", "blockquote",
                             *_LEAF_KIND, *_LIST_TAGS})
_CONTAINER_FLAG = {
    "main": BlockFlag.MAIN, "article": BlockFlag.ARTICLE, "nav": BlockFlag.NAV,
    "aside": BlockFlag.ASIDE, "header": BlockFlag.HEADER, "footer": BlockFlag.FOOTER,
    "form": BlockFlag.FORM, "section": BlockFlag.SECTION, "figure": BlockFlag.IN_FIGURE,
    "blockquote": BlockFlag.IN_QUOTE, "ul": BlockFlag.IN_LIST, "ol": BlockFlag.IN_LIST,
    "dl": BlockFlag.IN_LIST, "table": BlockFlag.IN_TABLE, "menu": BlockFlag.IN_LIST,
}
_CONTENT_ITEMPROPS = frozenset({"articlebody", "text", "description", "reviewbody"})
# Block elements inside cells make a table a layout grid ("tr x": never the table itself).
_BLOCKY = ", ".join(f"tr {tag}" for tag in (
    "table", "div", "p", "ul", "ol", "dl", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote",
    "pre", "article", "section", "nav", "header", "footer", "form"))

_TEXT_NODE = 2  # Lexbor's tag id of text nodes (tag name "-text")
_COMMENT_NODE = 4  # and of comments ("-comment")
# Frame roles
_CONTAINER, _LEAF, _LIST, _INLINE, _QUOTE, _CALLOUT = range(6)
# What a class attribute marks an element as (`_class_facts`); one test in the walk
# when none applies.
_MARK_COMMENT, _MARK_CALLOUT, _MARK_NOTES, _MARK_MATH_TWIN, _MARK_MATH_HOLDER = 1, 2, 4, 8, 16
_MARK_INLINE_NOTE, _MARK_TEX_TEXT = 32, 64
# Exact class tokens that make an element chrome or mark it (callouts also by substrings:
# `callouts.may_be_callout`).
_NOTABLE_TOKENS = (CHROME_TOKENS | callouts.KIND_TOKENS | footnotes.NOTES_TOKENS
                   | mathml.TWIN_TOKENS | mathml.HOLDER_TOKENS | mathml.TEX_TEXT_TOKENS
                   | {footnotes.INLINE_NOTE_TOKEN})


class _Frame:
    # path/tokens/ancestors (and the code of those tokens) are cumulative from the root
    # (capped) and built lazily, only for elements that end up holding a block (`_lineage`).
    __slots__ = ("tag", "flags", "parent", "eid", "own", "path", "tokens", "ancestors",
                 "token_code", "role", "kind", "prefix", "cont", "emitted", "counter", "ordered",
                 "indent", "md_start", "text_start", "href", "wrap", "quote", "list_ids",
                 "items")


_new_frame = _new_block = object.__new__
# A block is made as `_new_block(Block)` and `_init_block(block, ...)`: calling the class
# runs its `__init__` in an interpreter loop entered again from C (`_frame` says more),
# calling the function does not (one block a paragraph: 0.1 M instructions a WCXB page).
_init_block = Block.__init__


def _frame(tag: str, flags: int, parent: _Frame | None, eid: int, own: tuple[str, ...],
           role: int) -> _Frame:
    """A new frame. A function, not `_Frame.__init__`: in CPython 3.11 calling a class
    runs its `__init__` in an interpreter loop entered again from C, calling a function
    does not (one frame per element entered: 0.1 M instructions a WCXB page)."""
    frame = _new_frame(_Frame)
    frame.tag = tag
    frame.flags = flags
    frame.parent = parent
    frame.eid = eid
    frame.own = own
    frame.path = None
    frame.role = role
    frame.items = False  # whether its children are flex or grid items (`_DISPLAY`)
    return frame


def _lineage(frame: _Frame) -> _Frame:
    """Fill `path`, `tokens`, their code and `ancestors` of `frame` and of its unfilled
    ancestors. The code of an element's tokens is its parent's and its own tokens' codes
    together (all of them again only when the cap dropped some)."""
    chain = []
    while frame.path is None:
        chain.append(frame)
        frame = frame.parent
    for child in reversed(chain):
        path, tokens, ancestors = frame.path, frame.tokens, frame.ancestors
        code = frame.token_code
        if len(path) >= MAX_PATH:
            path, ancestors = path[1:], ancestors[1:]
        child.path = path + (child.tag,)
        child.ancestors = ancestors + (child.eid,)
        if child.own:
            tokens = tokens + child.own
            if len(tokens) > MAX_TOKENS:
                tokens = tokens[-MAX_TOKENS:]
                code = tokens_code(tokens)
            else:  # pages repeat an element's class attribute: its code is looked up
                own_code = _OWN_CODES.get(child.own)
                code |= own_code if own_code is not None else _own_code(child.own)
        child.tokens = tokens
        child.token_code = code
        frame = child
    return frame


_ROOT = _frame("", 0, None, 0, (), 0)
_ROOT.path, _ROOT.tokens, _ROOT.ancestors, _ROOT.token_code = (), (), (), 0


@dataclass(slots=True)
class WalkResult:
    """The blocks of a page plus what the walk saw on the way."""

    blocks: list[Block] = field(default_factory=list)
    scripts: list[LexborNode] = field(default_factory=list)  # visible <script>s, for payloads
    # A `<noscript><iframe .../>` whose iframe took the rest of the page as its text:
    # the caller parses the page again with it closed (`close_iframes`).
    open_iframe: bool = False

    def has_words(self, count: int) -> bool:
        """Whether the visible blocks hold at least `count` words (stops counting there)."""
        seen = 0
        for block in self.blocks:
            if not block.flags & _UNSEEN:
                seen += block.text.count(" ") + 1
            if seen >= count:
                return True
        return False


def _element_name(tag: str | None) -> str:
    """`tag` for an element the walk enters, "" for any other node."""
    return "" if tag is None or tag[0] in "-!_" else tag


def _swallows_page(node: LexborNode | None) -> bool:
    """Whether `node` (a noscript's last child) is an iframe holding page markup as its
    text: `<iframe .../>` is no void element, so the parser, which does not run
    scripts, reads the rest of the page as the iframe's text."""
    if node is None or node.tag != "iframe" or node.first_child is None:
        return False
    raw = node.first_child.text_content or ""
    return len(raw) > SWALLOWED_CHARS and "</" in raw


def close_iframes(markup: str | bytes) -> str | bytes:
    """`markup` with every `<iframe ... />` closed as `<iframe ...></iframe>`, as a
    browser running scripts reads it inside `<noscript>` (where pages put one)."""
    if isinstance(markup, bytes):
        return _SELF_CLOSED_IFRAME_BYTES.sub(rb"\1></iframe>", markup)
    return _SELF_CLOSED_IFRAME.sub(r"\1></iframe>", markup)


def walk(root: LexborNode, base: str | None, *, include_hidden: bool = False) -> WalkResult:
    """Walk the tree under `root` (normally the <html> element) once and return its blocks.

    `base` resolves relative links and images (None leaves them as written). See the
    module docstring for `include_hidden`. Never raises for odd markup; very deep trees
    only shorten `Block.path`.
    """
    walker = _Walker(base, include_hidden=include_hidden, flat=False)
    walker.run(root)
    if walker.notes:
        page = (urls.safe_url("#", base) or "").removesuffix("#")  # as in-page links resolve
        footnotes.link_references(walker.blocks, walker.notes, page, walker.note_labels)
    return WalkResult(blocks=walker.blocks, scripts=walker.scripts,
                      open_iframe=walker.open_iframe)


def inline_markdown(node: LexborNode, base: str | None) -> tuple[str, str, int]:
    """The Markdown, plain text and link characters of a subtree flattened to one line."""
    walker = _Walker(base, include_hidden=False, flat=True)
    walker.run(node)
    text = md.collapse("".join(walker.text)).strip()
    return md.collapse("".join(walker.md)).strip(), text, walker.link_chars


class _Walker:
    def __init__(self, base: str | None, *, include_hidden: bool, flat: bool):
        self.base = base
        self.include_hidden = include_hidden
        self.flat = flat  # render everything as one inline run (table cells)
        self.stack: list[_Frame] = [_ROOT]
        self.owners: list[_Frame] = []  # open leaf-block frames (p, li, h2 ...)
        self.lists: list[_Frame] = []
        self.inlines: list[_Frame] = []  # open inline frames that wrap their content
        self.quote_depth = 0  # open blockquotes
        self.quote = ""  # the line prefix of the open blockquotes and callouts
        self.quote_ids: tuple[int, ...] = ()  # and their walk ids, outermost first
        # A quote inside a list item carries the item's indent in its prefix ("  > "): the
        # list items and lists open when the innermost quote opened indent nothing more.
        self.quote_owners = 0  # len(self.owners) then
        self.quote_lists = 0  # len(self.lists) then
        self.quote_first: str | None = None  # "- > ": the prefix of a quote opening an item
        self.alert: str | None = None  # the "> [!NOTE]" line of a callout before its first block
        self.callouts = 0  # open callouts (a callout inside one is not another)
        self.run_flags = 0  # BlockFlag bits the current inline run adds (MATH)
        self.notes: dict[str, Block] = {}  # footnote definitions by element id
        self.note_labels: set[str] = set()  # labels given to notes written inline
        self.md: list[str] = []
        self.text: list[str] = []
        self.link_chars = 0
        self.link_depth = 0
        self.last_br = False
        self.open_iframe = False
        self.eid = 0
        self.own: tuple[str, ...] = ()
        self.blocks: list[Block] = []
        self.scripts: list[LexborNode] = []

    # -- traversal -------------------------------------------------------------------
    def run(self, start: LexborNode) -> None:
        node: LexborNode | None = start
        parents: list[LexborNode] = []  # the open elements: cheaper than `node.parent`
        enter, leave, add_text, flush = self.enter, self.leave, self.add_text, self.flush
        stack, md_pieces, text_pieces, flat = self.stack, self.md, self.text, self.flat
        # Tag names by tag id, read once per name: within one document an id stands for
        # one name (unknown tags get their own ids, numbered per document). A node that
        # is no element to walk (a doctype, a processing instruction) is named "".
        names: dict[int, str] = {}
        while node is not None:
            tag_id = node.tag_id  # the id costs less than the name
            if tag_id == _TEXT_NODE:
                if not node.is_empty_text_node:  # tested in C without making a str
                    raw = node.text_content
                    if raw and not raw.isspace():
                        add_text(raw)
                    elif raw and md_pieces and md_pieces[-1] != " ":
                        md_pieces.append(" ")
                        text_pieces.append(" ")
                elif md_pieces and md_pieces[-1] != " " and node.text_content:  # whitespace
                    md_pieces.append(" ")
                    text_pieces.append(" ")
            elif tag_id != _COMMENT_NODE:
                tag = names.get(tag_id)
                if tag is None:
                    tag = names[tag_id] = _element_name(node.tag)
                entered = tag and enter(node, tag)
                if entered:
                    # the common elements hand back the first child they already fetched
                    child = node.first_child if entered is True else entered
                    if child is not None:
                        parents.append(node)
                        node = child
                        continue
                    leave()
            while parents:
                nxt = node.next
                if nxt is not None:
                    node = nxt
                    break
                node = parents.pop()
                if stack[-1].role == _CONTAINER and not flat:  # `leave` of a div, inlined
                    if md_pieces:
                        flush()
                    stack.pop()
                else:
                    leave()
            else:
                node = None
        if not flat:
            flush()

    def enter(self, node: LexborNode, tag: str) -> bool | LexborNode:
        """Handle an opening element; truthy when a frame was pushed and children follow:
        True, or the element's first child when it was fetched here already."""
        parent = self.stack[-1]
        flags = parent.flags
        if tag in FURNITURE_TAGS:
            if tag == "script":
                if not flags & _UNSEEN:
                    self.scripts.append(node)
                    script_type = node.attributes.get("type")
                    if script_type and script_type.startswith("math/tex"):
                        self.add_math(*mathml.script_tex(node, script_type), flags)
                return False
            if tag == "input":
                if self.owners:
                    self.add_checkbox(node.attributes)
                return False
            if tag == "noscript":
                self.open_iframe = self.open_iframe or _swallows_page(node.last_child)
                if not self.include_hidden:
                    return False
                flags |= BlockFlag.NOSCRIPT
            elif (tag == "aside" and not _inside(flags, KEPT_INSIDE[tag])
                  and node.css_first(_WRAPS_PAGE[tag]) is None):
                if not self.flat:  # flat: a footnote written as an aside, being rendered
                    return self.enter_aside(node, flags)
            elif not (tag in KEPT_INSIDE and _inside(flags, KEPT_INSIDE[tag])
                      or tag in _WRAPS_PAGE and node.css_first(_WRAPS_PAGE[tag]) is not None
                      or tag == "form" and node.css_first(_FORM_CONTROLS) is None):
                return False
        attrs = node.attributes
        own: tuple[str, ...] = ()  # the element's class and id tokens, lowercased
        items = box = False  # children flex or grid items; an inline element a box (`_DISPLAY`)
        if attrs:
            if ("role" in attrs and has_furniture_role(attrs)
                    and node.css_first(_WRAPS_PAGE["role"]) is None):
                return False  # a menu's choices, as a <select>'s options; a nav; a footer
            classes = attrs.get("class")
            element_id = attrs.get("id")
            chrome = False
            marks = 0
            if classes:
                known = _CLASS_FACTS.get(classes)
                if known is None:
                    known = _class_facts(classes)
                own, chrome, marks = known
            if element_id:
                lowered = element_id.strip().lower()
                own = own + (lowered,)
                chrome = chrome or lowered in CHROME_TOKENS
                if "comment" in lowered:
                    marks |= _MARK_COMMENT
            hiding = not _HIDING_KEYS.isdisjoint(attrs)  # style among them
            if (chrome or hiding and is_hidden(attrs)) \
                    and tag != "body" and tag != "html":  # most elements fail the first test
                if not self.include_hidden:
                    return False
                flags |= BlockFlag.HIDDEN
            if hiding and "style" in attrs:
                display = _DISPLAY.search((attrs["style"] or "").lower())
                if display is not None:
                    items, box = display[2] in _ITEMS_BOXES, display[1] is None
            if "itemprop" in attrs and (attrs["itemprop"] or "").lower() in _CONTENT_ITEMPROPS:
                flags |= BlockFlag.ITEMPROP_CONTENT
            if marks:
                if marks & _MARK_COMMENT:
                    flags |= BlockFlag.COMMENT
                if marks & _MARK_MATH_TWIN and tag != "mjx-container" \
                        and mathml.is_twin(own, attrs):
                    return False  # the visual twin of math the page also gives as TeX
                if marks & _MARK_MATH_HOLDER:
                    math = node.css_first("math")
                    if math is not None:
                        self.add_math_element(math, flags)
                        return False
                if marks & _MARK_TEX_TEXT:
                    found = mathml.element_tex(node)
                    if found is not None:
                        self.add_math(*found, flags)
                        return False
                if marks & _MARK_INLINE_NOTE and not self.flat:
                    self.own = own
                    if self.add_inline_note(node, flags):
                        return False
                if marks & (_MARK_CALLOUT | _MARK_NOTES) and tag not in INLINE_TAGS \
                        and not self.flat:
                    self.own = own
                    entered = self.enter_marked(node, tag, flags, marks)
                    if entered is not None:
                        return entered
        self.own = own
        if tag in INLINE_TAGS and not (box and tag in _BOX_TAGS):
            if parent.items:
                entered = self.enter_item(node, tag, attrs, flags)
            else:
                entered = self.enter_inline(node, tag, attrs, flags)
            if items and entered:  # an inline-flex box, walked: its frame is on top
                self.stack[-1].items = True
            return entered
        if tag in _SPECIAL_BLOCKS or self.flat:
            entered = self.enter_block(node, tag, attrs, flags)
            if items and entered:  # a flex or grid li, ul ...: its frame is on top
                self.stack[-1].items = True
            return entered
        if self.md:  # div, section, td ...: the common case, kept short
            self.flush()
        self.eid += 1
        child = node.first_child
        if child is None:  # an empty container: no block, so no frame
            return False
        self.stack.append(_frame(tag, flags | _CONTAINER_FLAG.get(tag, 0), parent, self.eid,
                                 own, _CONTAINER))
        if items:  # a flex or grid div
            self.stack[-1].items = True
        if child.tag_id != _TEXT_NODE or child.next is not None:
            return child
        raw = child.text_content  # hot path: <div>text</div>, finished here
        if raw and not raw.isspace():
            self.add_text(raw)
        self.leave()
        return False

    def leave(self) -> None:
        frame = self.stack[-1]
        role = frame.role
        if role == _CONTAINER and not self.flat:
            if self.md:
                self.flush()
            self.stack.pop()
            return
        if role == _INLINE:
            self.close_inline(frame)
            if frame.parent.items:  # a flex or grid item: set apart from what follows
                self.add_space()
        else:
            if not self.flat:
                if self.md:
                    self.flush()
            elif self.md and self.md[-1] != " ":
                self.md.append(" ")
                self.text.append(" ")
            if role == _LEAF and self.owners and self.owners[-1] is frame:
                self.owners.pop()
            elif role == _LIST:
                self.lists.pop()
            elif role == _QUOTE:
                self.quote_depth -= 1
                self.close_quote(frame)
            elif role == _CALLOUT:
                self.callouts -= 1
                self.close_quote(frame)
                self.alert = None
        self.stack.pop()

    def push(self, tag: str, flags: int, role: int) -> _Frame:
        self.eid += 1
        frame = _frame(tag, flags | _CONTAINER_FLAG.get(tag, 0), self.stack[-1], self.eid,
                       self.own, role)  # `own` was set by `enter` for this same element
        self.stack.append(frame)
        return frame

    # -- inline content --------------------------------------------------------------
    def add_space(self) -> None:
        if self.md and self.md[-1] != " ":
            self.md.append(" ")
            self.text.append(" ")

    def add_text(self, raw: str) -> None:
        """Append a text node's text; `raw` holds more than whitespace."""
        raw = md.collapse(raw)
        self.last_br = False
        self.md.append(md.escape(raw))
        self.text.append(raw)

    def enter_item(self, node: LexborNode, tag: str, attrs: dict,
                   flags: int) -> bool | LexborNode:
        """Enter an inline element that is a flex or grid item: a space before it, and
        after it when it is rendered whole here (`leave` adds it after a walked one)."""
        self.add_space()
        entered = self.enter_inline(node, tag, attrs, flags)
        if not entered:
            self.add_space()
        return entered

    def enter_inline(self, node: LexborNode, tag: str, attrs: dict,
                     flags: int) -> bool | LexborNode:
        if tag in _ATOMIC_TAGS:
            if tag in _MATH_TAGS:
                self.add_math_element(node, flags)
                return False
            code = _inline_code_text(node)
            span = md.code_span(code)
            if span:
                self.last_br = False
                self.md.append(span)
                self.text.append(md.collapse(code))
            return False
        child = node.first_child
        if child is not None and child.tag_id == _TEXT_NODE and child.next is None:
            self.add_lone_text(tag, attrs, child.text_content or "")  # hot path: <a>x</a>
            return False
        frame = self.push(tag, flags, _INLINE)
        frame.wrap = None
        if tag == "a":
            frame.href = (urls.safe_url(attrs.get("href"), self.base) if self.link_depth == 0
                          else None)
            frame.wrap = "a"
            self.link_depth += 1
        elif tag in _WRAP and not any(f.wrap == _WRAP[tag] for f in self.inlines):
            frame.wrap = _WRAP[tag]
        if frame.wrap is not None:
            frame.md_start = len(self.md)
            frame.text_start = len(self.text)
            self.inlines.append(frame)
        return True if child is None else child

    def close_inline(self, frame: _Frame) -> None:
        if frame.wrap is None:
            return
        self.wrap_inline(frame)
        self.inlines.pop()
        if frame.wrap == "a":
            self.link_depth -= 1

    def wrap_inline(self, frame: _Frame) -> None:
        """Replace the pieces collected since `frame` opened by their wrapped form."""
        href = frame.href if frame.wrap == "a" else None
        self.wrap_pieces(frame.wrap, href, frame.md_start, frame.text_start)

    def wrap_pieces(self, wrap: str, href: str | None, md_start: int, text_start: int) -> None:
        pieces = self.md[md_start:]
        if wrap == "a":
            self.link_chars += sum(map(len, self.text[text_start:]))
        if not pieces:
            return
        wrapped = _wrapped("".join(pieces), wrap, href)
        if wrapped is not None:
            self.md[md_start:] = [wrapped]

    def add_lone_text(self, tag: str, attrs: dict, raw: str) -> None:
        """An inline element whose only child is text, rendered without a frame: its one
        piece is wrapped as it is appended (`wrap_pieces` would re-join a slice of one)."""
        if not raw or raw.isspace():  # nothing to wrap; a link still counts its space
            before = len(self.text)
            if raw:
                self.add_space()
            if tag == "a" and self.link_depth == 0:
                self.link_chars += len(self.text) - before
            return
        if tag == "a" and (attrs.get("href") or "").startswith("#") \
                and raw.strip().strip(_ZERO_WIDTH) in _PERMALINK_MARKS:
            return
        text = md.collapse(raw)
        rendered = md.escape(text)
        if tag == "a":
            if self.link_depth == 0:
                self.link_chars += len(text)
                rendered = _wrapped(rendered, "a", urls.safe_url(attrs.get("href"), self.base))
        elif tag in _WRAP:
            wrap = _WRAP[tag]
            if not any(f.wrap == wrap for f in self.inlines):
                rendered = _wrapped(rendered, wrap, None)
        self.last_br = False
        self.md.append(rendered)
        self.text.append(text)

    def add_image(self, attrs: dict) -> None:
        url = urls.safe_url(urls.image_source(attrs), self.base, image=True)
        alt = attrs.get("alt") or ""
        rendered = md.image(alt, url)
        if rendered:
            self.last_br = False
            self.md.append(rendered)

    def add_math_element(self, node: LexborNode, flags: int) -> None:
        """A MathML `<math>` (or MathJax v3's `<mjx-container>` around one, or GitHub's
        `<math-renderer>` around delimited TeX) as TeX."""
        if node.tag == "math-renderer":
            text = node.text() or ""
            found = mathml.delimited_tex(text)
            if found is not None:
                self.add_math(*found, flags)
            elif text.strip():
                self.add_text(text)
        elif node.tag == "mjx-container":
            display = (node.attributes.get("display") or "").lower() == "true"
            node = node.css_first("math")
            if node is None:
                return
            tex, block = mathml.math_tex(node)
            self.add_math(tex, display or block, flags)
        else:
            self.add_math(*mathml.math_tex(node), flags)

    def add_math(self, tex: str, display: bool, flags: int) -> None:
        """Inline math into the run; display math as its own `math` block."""
        if not tex:
            return
        if not display or self.flat:
            self.last_br = False
            self.md.append(md.math(tex, False))
            self.text.append(tex)
            self.run_flags |= BlockFlag.MATH
            return
        if self.md:
            self.flush()
        frame = self.push("math", flags | BlockFlag.MATH, _CONTAINER)
        self.emit("math", md.math(tex, True), tex, "math", frame.flags, escaped=True)
        self.stack.pop()
        if self.owners and self.owners[-1].tag == "dd":  # a <dd> only indents the formula
            self.blocks[-1].markdown = _prefix_lines(md.math(tex, True), self.quote,
                                                     self.quote, "", "", True)

    def add_checkbox(self, attrs: dict) -> None:
        """A checkbox opening a list item: the item is a task, `[x]` done or `[ ]` open."""
        owner = self.owners[-1]
        if owner.tag != "li" or owner.emitted or (attrs.get("type") or "").lower() != "checkbox":
            return
        if any(not piece.isspace() for piece in self.md):
            return
        self.md.append(md.task_marker("checked" in attrs))

    def enter_aside(self, node: LexborNode, flags: int) -> bool:
        """An `<aside>` outside main: furniture, unless it is a note the reader is meant to
        read (`role="note"`, a callout class) or a footnote (Sphinx writes them as asides)."""
        attrs = node.attributes
        role = (attrs.get("role") or "").lower()
        classes = attrs.get("class")
        own, _, marks = _class_facts(classes) if classes else ((), False, 0)
        if role == "doc-footnote" or marks & _MARK_NOTES:
            marks = _MARK_NOTES
        elif role == "note" or marks & _MARK_CALLOUT:
            marks = _MARK_CALLOUT
            if role == "note":
                flags |= BlockFlag.ADMONITION  # the role names the kind
        else:
            return False
        if is_hidden(attrs) and not self.include_hidden:
            return False
        if self.md:
            self.flush()
        self.own = own
        entered = self.enter_marked(node, "aside", flags, marks)
        if entered is None:  # an empty note: nothing to walk
            return False
        return entered

    def enter_marked(self, node: LexborNode, tag: str, flags: int, marks: int) -> bool | None:
        """A footnote container or a callout; None when it turns out to be neither (then
        the element is walked as usual). `self.own` holds the element's tokens."""
        if marks & _MARK_NOTES:
            found = _definitions(node)
            if found:
                self.emit_notes(tag, flags, found)
                return False
        if marks & _MARK_CALLOUT and not self.callouts and tag in callouts.CALLOUT_TAGS:
            if self.md:
                self.flush()
            kind = callouts.callout_kind(self.own)
            named = BlockFlag.ADMONITION if callouts.is_admonition(self.own) else 0
            frame = self.push(tag, flags | BlockFlag.CALLOUT | named, _CALLOUT)
            self.open_quote(frame)
            self.alert = (self.quote_first or self.quote) + md.alert_line(kind or "NOTE")
            self.quote_first = None
            self.callouts += 1
            return True
        return None

    def emit_notes(self, tag: str, flags: int, found: list[tuple[str, LexborNode]]) -> None:
        """One `footnote` block per definition (id, content element), back-links removed;
        `footnotes.link_references` adds the labels once the whole page is walked."""
        if self.md:
            self.flush()
        frame = self.push(tag, flags, _CONTAINER)
        for element_id, content in found:
            if element_id in self.notes:
                continue
            footnotes.drop_backlinks(content)
            body, text, link_chars = _note_body(content, self.base)
            if not text:
                continue
            self.emit("footnote", body, text, content.tag or tag, frame.flags, link_chars,
                      escaped=True)
            block = self.blocks[-1]
            block.markdown = body  # no list or quote prefix: a definition stands alone
            self.notes[element_id] = block
        self.stack.pop()

    def add_inline_note(self, node: LexborNode, flags: int) -> bool:
        """A note written where it is referenced (LaTeXML): `[^label]` into the run and a
        `footnote` block with its text. False when the note has no content element."""
        content = node.css_first(footnotes.INLINE_NOTE_CONTENT)
        if content is None:
            return False
        mark = node.css_first(footnotes.INLINE_NOTE_MARK)
        mark_text = (mark.text() or "").strip() if mark is not None else ""
        for extra in content.css(footnotes.INLINE_NOTE_MARK):
            extra.decompose()
        body, text, link_chars = inline_markdown(content, self.base)
        if not text:
            return False
        label = footnotes.note_label(mark_text, "", self.note_labels)
        top = _lineage(self.stack[-1])
        note = Block("footnote", md.footnote_definition(label, body), text, len(self.blocks),
                     node.tag or "span", 0, top.path, top.tokens, top.ancestors, link_chars, flags)
        note.token_code = top.token_code
        self.blocks.append(note)
        self.last_br = False
        self.md.append(md.footnote_ref(label))
        self.text.append(mark_text)
        return True

    def add_break(self) -> None:
        if self.flat:
            self.add_space()
            return
        if self.last_br and not self.owners:
            self.flush()  # <br><br> in a container ends the text run
            return
        if self.md:
            self.md.append("\n")
            self.text.append("\n")
            self.last_br = True

    # -- block structure -------------------------------------------------------------
    def enter_block(self, node: LexborNode, tag: str, attrs: dict,
                    flags: int) -> bool | LexborNode:
        kind = _LEAF_KIND.get(tag)
        if kind is not None and not self.flat:  # p, li, h2 ...: the most common, asked first
            if self.md:
                self.flush()
            child = node.first_child
            if child is None or child.tag_id != _TEXT_NODE or child.next is not None:
                self.enter_leaf(tag, attrs, flags, kind)
                return True if child is None else child
            self.enter_leaf(tag, attrs, flags, kind)  # hot path: <li>text</li>, done here
            raw = child.text_content
            if raw and not raw.isspace():
                self.add_text(raw)
            self.leave()
            return False
        if tag not in _SPECIAL_BLOCKS:  # flat mode (table cells): blocks become spaces
            if self.md and self.md[-1] != " ":
                self.add_space()
            self.push(tag, flags, _CONTAINER)
            return True
        if tag == "br":
            self.add_break()
            return False
        if tag == "img":
            self.add_image(attrs)
            return False
        if tag == "wbr":
            return False
        if self.flat:
            if self.md and self.md[-1] != " ":
                self.add_space()
            self.push(tag, flags, _CONTAINER)
            return True
        if self.md:
            self.flush()
        if tag == "hr":
            self.emit("rule", "---", "", "hr", flags, escaped=True)
            return False
        if tag == "pre":
            self.emit_code(node, attrs, flags)
            return False
        if tag == "table" and _is_data_table(node, attrs):
            self.emit_table(node, flags)
            return False
        if tag in _LIST_TAGS:
            frame = self.push(tag, flags, _LIST)
            frame.ordered = tag == "ol"
            frame.list_ids = (self.lists[-1].list_ids if self.lists else ()) + (frame.eid,)
            frame.counter = _int(attrs.get("start"), 1) if frame.ordered else 1
            owner = self.owners[-1] if len(self.owners) > self.quote_owners else None
            if owner is not None and owner.tag == "li":
                frame.indent = owner.cont
            else:
                frame.indent = (self.lists[-1].indent + "  "
                                if len(self.lists) > self.quote_lists else "")
            self.lists.append(frame)
            return True
        if tag == "blockquote":
            frame = self.push(tag, flags, _QUOTE)
            self.open_quote(frame)
            self.quote_depth += 1
            return True
        self.push(tag, flags, _CONTAINER)
        return True

    def open_quote(self, frame: _Frame) -> None:
        """Open a blockquote or callout: its lines get a `> `, its blocks its id. Inside a
        list item the `> ` comes after the item's indent (its marker, when the quote is
        the first thing in the item)."""
        frame.quote = (self.quote, self.quote_ids, self.quote_owners, self.quote_lists)
        lead = ""
        if len(self.owners) > self.quote_owners:
            owner = self.owners[-1]
            lead = owner.cont
            if owner.emitted == 0:
                self.quote_first = self.quote + owner.prefix + "> "
                owner.emitted = 1
        elif len(self.lists) > self.quote_lists:
            lead = self.lists[-1].indent
        self.quote += lead + "> "
        self.quote_ids += (frame.eid,)
        self.quote_owners, self.quote_lists = len(self.owners), len(self.lists)

    def close_quote(self, frame: _Frame) -> None:
        self.quote, self.quote_ids, self.quote_owners, self.quote_lists = frame.quote
        self.quote_first = None

    def enter_leaf(self, tag: str, attrs: dict, flags: int, kind: str) -> bool:
        owner = self.owners[-1] if self.owners else None
        if owner is not None and tag not in _HEADINGS and tag != "li":
            self.push(tag, flags, _CONTAINER)  # a <p> inside an <li> continues the item
            return True
        frame = self.push(tag, flags, _LEAF)
        frame.kind = kind
        frame.emitted = 0
        indent = self.lists[-1].indent if len(self.lists) > self.quote_lists else ""
        if tag == "li":
            lst = self.lists[-1] if self.lists else None
            if lst is not None and lst.ordered:
                number = _int(attrs.get("value"), lst.counter)
                lst.counter = number + 1
                marker = f"{number}. "
            else:
                marker = "- "
            frame.prefix = indent + marker
            frame.cont = indent + " " * len(marker)
        elif kind == "heading":
            frame.prefix = "#" * _HEADINGS[tag] + " "
            frame.cont = ""
        elif tag == "dd":
            frame.prefix = ": "
            frame.cont = "  "
        else:
            frame.prefix = frame.cont = ""
        self.owners.append(frame)
        return True

    def flush(self) -> None:
        """Turn the collected inline run into a block (nothing when it has no content)."""
        if not self.md:
            return
        inlines = self.inlines
        if inlines:
            for frame in reversed(inlines):
                self.wrap_inline(frame)
            for frame in inlines:
                frame.md_start = frame.text_start = 0
        raw_md = "".join(self.md)
        raw_text = "".join(self.text)
        link_chars = self.link_chars
        run_flags = self.run_flags
        self.md.clear()
        self.text.clear()
        self.link_chars = self.run_flags = 0
        self.last_br = False
        text = _lines(raw_text)
        if not text and "](" not in raw_md:
            return
        body = text if raw_md == raw_text else _lines(raw_md)  # plain text: same lines
        top = self.stack[-1]
        owner = self.owners[-1] if self.owners else None
        if owner is None:
            kind = "quote" if self.quote_depth else "paragraph"
            self.emit(kind if text else "image", body, text, top.tag, top.flags | run_flags,
                      link_chars)
            return
        kind = owner.kind if text else "image"
        if kind == "paragraph" and self.quote_depth:
            kind = "quote"
        level = _HEADINGS.get(owner.tag, 0)
        if level and "\n" in body:
            body = body.replace("\n", " ")
        self.emit(kind, body, text, top.tag, top.flags | run_flags, link_chars, level=level)

    def emit(self, kind: str, body: str, text: str, tag: str, flags: int, link_chars: int = 0,
             *, level: int = 0, escaped: bool = False) -> None:
        """Append a block, prefixing its lines for the open list item, quote and callout."""
        if self.alert is not None:  # the first block of a callout
            first_line, self.alert = self.alert, None
            if callouts.is_title(text):  # "Note" over a note: the alert line says it
                self.emit(kind, body, text, tag, flags, link_chars, level=level, escaped=escaped)
                self.blocks[-1].markdown = ""  # not written, but the selector sees the page
                self.alert = first_line  # as before: its blocks' features do not move
                return
            if body.startswith("**"):
                body = callouts.drop_title_lead(body)
            self.emit(kind, body, text, tag, flags, link_chars, level=level, escaped=escaped)
            block = self.blocks[-1]
            block.markdown = first_line + "\n" + block.markdown
            return
        owner = self.owners[-1] if self.owners else None
        if owner is not None:
            if len(self.owners) > self.quote_owners:
                first = owner.prefix if owner.emitted == 0 else owner.cont
                cont = owner.cont
            else:  # the item's indent is in the quote's prefix
                first = cont = ""
            owner.emitted += 1
        elif len(self.lists) > self.quote_lists and kind not in ("paragraph", "quote", "image"):
            first = cont = self.lists[-1].indent
        else:
            first = cont = ""
        quote = lead = self.quote
        if self.quote_first is not None:
            lead, self.quote_first = self.quote_first, None
        if "\n" not in body:  # the common case: one line
            markdown = lead + first + (body if escaped else md.escape_line_start(body))
        else:
            markdown = _prefix_lines(body, lead, quote, first, cont, escaped)
        if kind == "list_item" and link_chars >= 0.6 * max(len(text), 1):
            flags |= BlockFlag.LINK_LIST
        top = _lineage(self.stack[-1])
        # Positional: keyword construction of a slots dataclass costs 4x here (hot path).
        # Order: kind, markdown, text, index, tag, heading_level, path, tokens, ancestors,
        # link_chars, flags (tests/html/test_walk.py pins it).
        block = _new_block(Block)
        _init_block(block, kind, markdown, text, len(self.blocks), tag, level, top.path,
                    top.tokens, top.ancestors, link_chars, flags)
        block.token_code = top.token_code
        if kind == "list_item" and self.lists:
            lists = self.lists[-1].list_ids  # the open lists, outermost first
            if len(top.path) >= MAX_PATH:  # only those within the block's capped path
                lists = tuple(eid for eid in lists if eid >= top.ancestors[0])
            block.lists = lists
        if self.quote_ids:
            block.quotes = self.quote_ids
        self.blocks.append(block)

    def emit_code(self, node: LexborNode, attrs: dict, flags: int) -> None:
        parent = node.parent
        if _is_gutter(attrs.get("class")) or parent is not None and _is_gutter(
                parent.attributes.get("class")):
            return  # the line numbers beside a code listing (Hexo's td.gutter)
        code = _code_text(node)
        if not code.strip():
            return
        child = node.css_first("code")
        grand = parent.parent if parent is not None else None
        data_lang = attrs.get("data-lang")
        language = urls.code_language(
            attrs.get("class"), child.attributes.get("class") if child is not None else None,
            "lang-" + data_lang if data_lang else None,
            parent.attributes.get("class") if parent is not None else None,
            grand.attributes.get("class") if grand is not None else None)
        frame = self.push("pre", flags, _CONTAINER)
        self.emit("code", md.fence(code, language), code.strip("\n"), "pre", frame.flags,
                  escaped=True)
        self.stack.pop()

    def emit_table(self, node: LexborNode, flags: int) -> None:
        """A data table as a pipe table; its `<caption>` as a line above it."""
        frame = self.push("table", flags, _CONTAINER)
        rows, text, link_chars = _table_rows(node, self.base)
        if rows:
            table = md.pipe_table(rows)
            caption = next((c for c in node.iter() if c.tag == "caption"), None)
            if caption is not None:
                caption_md = inline_markdown(caption, self.base)[0]
                if caption_md:
                    table = f"{md.escape_line_start(caption_md)}\n\n{table}"
            self.emit("table", table, text, "table", frame.flags, link_chars, escaped=True)
        self.stack.pop()


# Class tokens of the line numbers highlighters set beside or inside code (Hexo and
# Jekyll "gutter", Rouge "rouge-gutter"/"lineno", Pygments "linenos", Prism's
# "line-numbers-rows", highlightjs-line-numbers "hljs-ln-numbers").
_GUTTER_TOKENS = frozenset({"gutter", "rouge-gutter", "lineno", "linenos", "line-number",
                            "line-numbers-rows", "hljs-ln-numbers"})
# What makes a `<pre>`'s text differ from Lexbor's `text()`: line breaks, gutters, browser code.
_BROWSER_CODE = ("script", "style")  # inside any element, what they hold is never shown
_INLINE_CODE_HIDDEN = ", ".join(_BROWSER_CODE)
_CODE_TEXT_SELECTOR = ", ".join(["br", *_BROWSER_CODE,
                                 *("." + token for token in sorted(_GUTTER_TOKENS))])


def _is_gutter(classes: str | None) -> bool:
    return bool(classes) and not _GUTTER_TOKENS.isdisjoint(classes.lower().split())


def _code_text(pre: LexborNode) -> str:
    """The text of a `<pre>` as a reader sees it: a `<br>` is a line break (Hexo writes
    one after every line); line-number gutters and scripts' and style sheets' code
    inside it are left out."""
    if pre.css_first(_CODE_TEXT_SELECTOR) is None:  # one scan; most listings
        return pre.text() or ""
    return _code_walk(pre.first_child, block=True)


def _inline_code_text(node: LexborNode) -> str:
    """The text of inline code (`<code>`, `<kbd>` ...) without the code of a script or
    style sheet inside it (CSS-in-JS writes a `<style>` into the element it styles)."""
    child = node.first_child
    if child is None or (child.next is None and child.tag_id == _TEXT_NODE) or node.css_first(
            _INLINE_CODE_HIDDEN) is None:
        return node.text() or ""
    return _code_walk(child, block=False)


def _code_walk(first: LexborNode | None, *, block: bool) -> str:
    """The text of `first`, its next siblings and what they hold, without the code of a
    script or style sheet; in a block (`<pre>`) a `<br>` is a line break and line-number
    gutters are left out."""
    parts: list[str] = []
    stack = [first]
    while stack:
        node = stack.pop()
        if node is None:
            continue
        stack.append(node.next)
        if node.tag_id == _TEXT_NODE:
            parts.append(node.text_content or "")
        elif block and node.tag == "br":
            parts.append("\n")
        elif node.tag not in _BROWSER_CODE and not (
                block and _is_gutter(node.attributes.get("class"))):
            stack.append(node.first_child)
    return "".join(parts)


def _wrapped(inner: str, wrap: str, href: str | None) -> str | None:
    """`inner` as a link (wrap "a") or inside emphasis marks, its edge spaces kept outside;
    None when it holds only whitespace."""
    core = inner.strip()
    if not core:
        return None
    lead = " " if inner[0] == " " else ""
    trail = " " if inner[-1] == " " else ""
    if wrap == "a":
        return lead + md.link(core, href) + trail
    return f"{lead}{wrap}{core}{_CLOSE.get(wrap, wrap)}{trail}"


def _prefix_lines(body: str, lead: str, quote: str, first: str, cont: str,
                  escaped: bool) -> str:
    """Prefix each line for its quote and list item (`lead`, `first` on the first line;
    `quote`, `cont` on the rest); a run's lines end in hard breaks."""
    lines = body.split("\n")
    last = len(lines) - 1
    out = []
    for i, line in enumerate(lines):
        if not escaped:  # a run: escape line-start syntax, mark <br> as a hard break
            line = md.escape_line_start(line) + ("\\" if i < last else "")
        if not line:
            out.append((lead if i == 0 else quote).rstrip())
        else:
            out.append((((lead + first) if i == 0 else (quote + cont)) + line).rstrip())
    return "\n".join(out)


# class attribute -> (lowercased tokens, any consent/ad chrome token, says "comment")
_CLASS_FACTS: dict[str, tuple[tuple[str, ...], bool, bool]] = {}
MAX_CLASS_FACTS = 50_000  # the cache is cleared when it grows past this
# an element's own class and id tokens -> their code (`tokens_code`), for `_lineage`
_OWN_CODES: dict[tuple[str, ...], int] = {}


def _own_code(own: tuple[str, ...]) -> int:
    """The code of an element's own tokens, cached (as the class facts are)."""
    if len(_OWN_CODES) >= MAX_CLASS_FACTS:
        _OWN_CODES.clear()
    code = _OWN_CODES[own] = tokens_code(own)
    return code


def _class_facts(classes: str) -> tuple[tuple[str, ...], bool, int]:
    """The facts of a class attribute, cached: pages repeat the same ones many times."""
    if len(_CLASS_FACTS) >= MAX_CLASS_FACTS:
        _CLASS_FACTS.clear()
    lowered = classes.lower()
    tokens = tuple(lowered.split())
    marks = _MARK_COMMENT if "comment" in lowered else 0
    chrome = False
    if not _NOTABLE_TOKENS.isdisjoint(tokens):  # rare: most class strings skip both
        chrome = not CHROME_TOKENS.isdisjoint(tokens)
        marks |= _marks(tokens)
    elif callouts.may_be_callout(lowered):
        marks |= _marks(tokens)
    known = (tokens, chrome, marks)
    _CLASS_FACTS[classes] = known
    return known


def _marks(tokens: tuple[str, ...]) -> int:
    """What class tokens mark an element as, beyond comments (`_MARK_*` bits)."""
    marks = _MARK_CALLOUT if callouts.is_callout(tokens) else 0
    if not footnotes.NOTES_TOKENS.isdisjoint(tokens):
        marks |= _MARK_NOTES
    if not mathml.TWIN_TOKENS.isdisjoint(tokens):
        marks |= _MARK_MATH_TWIN
    if not mathml.HOLDER_TOKENS.isdisjoint(tokens):
        marks |= _MARK_MATH_HOLDER
    if not mathml.TEX_TEXT_TOKENS.isdisjoint(tokens):
        marks |= _MARK_TEX_TEXT
    if footnotes.INLINE_NOTE_TOKEN in tokens:
        marks |= _MARK_INLINE_NOTE
    return marks


def _note_body(content: LexborNode, base: str | None) -> tuple[str, str, int]:
    """A footnote's Markdown, text and link characters: one line, or, when the note is
    paragraphs (two or more `<p>` and nothing else), its paragraphs with a blank line
    between them (`markdown.footnote_definition` indents them)."""
    children = [c for c in content.iter(include_text=True)
                if c.tag != "-text" or (c.text_content or "").strip()]
    if len(children) < 2 or any(c.tag != "p" for c in children):
        return inline_markdown(content, base)
    parts = [inline_markdown(c, base) for c in children]
    parts = [part for part in parts if part[1]]
    return ("\n\n".join(p[0] for p in parts), " ".join(p[1] for p in parts),
            sum(p[2] for p in parts))


def _definitions(container: LexborNode) -> list[tuple[str, LexborNode]]:
    """The footnote definitions in a container: (element id, the element holding the
    note's text), outermost only; a `<dt id>`'s text is in the `<dd>` after it."""
    found: list[tuple[str, LexborNode]] = []
    taken: set[int] = set()
    for element in container.css(footnotes.DEFINITIONS):
        parent, nested = element.parent, False
        while parent is not None and not nested:
            nested = parent.mem_id in taken
            parent = parent.parent if parent.mem_id != container.mem_id else None
        if nested:
            continue
        taken.add(element.mem_id)
        content = element
        if element.tag == "dt":
            content = element.next
            while content is not None and content.tag != "dd":
                content = content.next
            if content is None:
                continue
        found.append(((element.attributes.get("id") or "").strip(), content))
    return [(i, c) for i, c in found if i]


def _inside(flags: int, containers: tuple[str, ...]) -> bool:
    return any(flags & _CONTAINER_FLAG[c] for c in containers)


def _int(value: str | None, default: int) -> int:
    try:
        return int(value) if value is not None else default
    except ValueError:
        return default


def _lines(raw: str) -> str:
    """Collapse spaces, trim every line, and drop empty lines from a run."""
    if "\n" not in raw:  # pieces arrive collapsed; only their joins can double a space
        raw = raw.strip()
        return " ".join(raw.split()) if "  " in raw else raw
    lines = [" ".join(line.split()) for line in raw.split("\n")]
    return "\n".join(line for line in lines if line)


def _is_data_table(node: LexborNode, attrs: dict) -> bool:
    """A table of data (rendered as a pipe table) rather than a layout grid.

    Data: header cells or a caption of its own (nested tables are then flattened into
    their cells), or at least 2x2 plain cells with no block elements and no paragraph
    break (two `<br>`s with only blanks between: prose set in a cell) inside. A cell
    holding a table and a post's prose beside it (`_prose_beside_tables`) makes a layout
    grid whatever the headers: a forum topic's rows.
    """
    role = (attrs.get("role") or "").lower()
    if role in ("presentation", "none"):
        return False
    rows = _own_rows(node)
    if node.css_first("td table") is not None and _prose_beside_tables(rows):
        return False
    if any(child.tag in ("thead", "caption") for child in node.iter()):
        return True
    if any(cell.tag == "th" for row in rows[:3] for cell in row.iter()):
        return True
    if node.css_first(_BLOCKY) is not None or _breaks_paragraphs(node):
        return False
    widths = [sum(1 for cell in row.iter() if cell.tag == "td") for row in rows]
    return len(rows) >= 2 and max(widths) >= 2


POST_CELL_WORDS = 40  # a cell's own text this long beside a table in it is a post


def _prose_beside_tables(rows: list[LexborNode]) -> bool:
    """Whether a cell of `rows` holds a table of its own and, outside it, over
    POST_CELL_WORDS words: a forum's post laid out in a cell under its subject and date
    line, beside the poster's cell (phpBB's header row "Author | Message" makes no data)."""
    for row in rows:
        for cell in row.iter():
            if cell.tag != "td":
                continue
            inner = cell.css("table")
            if not inner:
                continue
            words = len(cell.text(deep=True).split()) - sum(
                len(table.text(deep=True).split()) for table in inner)
            if words > POST_CELL_WORDS:
                return True
    return False


def _breaks_paragraphs(table: LexborNode) -> bool:
    """Whether a `<br>` in `table` is followed by another with only blanks between: the
    paragraph break of prose laid out in a cell (an old news page's story column)."""
    for br in table.css("br"):
        after = br.next
        while after is not None and after.tag_id == _TEXT_NODE and not (
                after.text_content or "").strip():
            after = after.next
        if after is not None and after.tag == "br":
            return True
    return False


def _own_rows(table: LexborNode) -> list[LexborNode]:
    rows = []
    for child in table.iter():
        tag = child.tag
        if tag == "tr":
            rows.append(child)
        elif tag in ("thead", "tbody", "tfoot"):
            rows.extend(r for r in child.iter() if r.tag == "tr")
    return rows


def _table_rows(table: LexborNode, base: str | None) -> tuple[list[list[str]], str, int]:
    """Rendered cell rows with colspan/rowspan expanded to empty cells, so columns line up;
    nested tables flattened into their cell."""
    grid: list[list[str]] = []
    pending: dict[int, tuple[int, str]] = {}  # column -> (rows still to fill, cell text)
    texts: list[str] = []
    link_chars = 0
    for tr in _own_rows(table):
        row: list[str] = []
        col = 0
        for cell in tr.iter():
            if cell.tag not in ("td", "th"):
                continue
            col = _fill_spanned(row, col, pending)
            cell_md, cell_text, links = inline_markdown(cell, base)
            link_chars += links
            texts.append(cell_text)
            value = md.table_cell(cell_md)
            attrs = cell.attributes
            span = min(max(_int(attrs.get("colspan"), 1), 1), MAX_SPAN)
            down = min(max(_int(attrs.get("rowspan"), 1), 1), MAX_SPAN)
            for offset in range(span):  # spanned cells stay empty: no text is written twice
                row.append(value if offset == 0 else "")
                if down > 1:
                    pending[col] = (down - 1, "")
                col += 1
        _fill_spanned(row, col, pending)
        if row:
            grid.append(row)
    return grid, " ".join(t for t in texts if t), link_chars


def _fill_spanned(row: list[str], col: int, pending: dict[int, tuple[int, str]]) -> int:
    """Copy cells spanned down from rows above into `row` from `col`; the next free column."""
    while col in pending:
        left, value = pending[col]
        row.append(value)
        if left <= 1:
            del pending[col]
        else:
            pending[col] = (left - 1, value)
        col += 1
    return col
