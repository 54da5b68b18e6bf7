"""Math as TeX: a MathML `<math>` element or a MathJax v2 script in, `$…$` or `$$…$$` out.

The TeX a page carries wins: a MathML `<annotation encoding="application/x-tex">`
(Wikipedia, arXiv, KaTeX's hidden `.katex-mathml`), else the `alttext` attribute. MathML
without TeX is written in a faithful linear form (`a + b`, `x^2`, `\\frac{a}{b}`,
`\\sqrt{x}`), never one block per token. KaTeX's visual `.katex-html` twin is hidden
(`aria-hidden`) and dropped by the walk like any hidden subtree.
"""

from __future__ import annotations

import re

from selectolax.lexbor import LexborNode

_TEX_ENCODINGS = frozenset({"application/x-tex", "application/x-latex", "tex", "latex",
                            "text/x-tex", "text/latex"})
_FENCE_SPACE = re.compile(r"([(\[]) | ([)\]])")  # "( x )" -> "(x)" in the linear form
_EQUATION_NUMBER = re.compile(r"\(([^()]{1,12})\)")
MAX_MATH_DEPTH = 60  # MathML nested deeper than this is written as its plain text
_TOKENS = frozenset({"mi", "mn", "mo", "mtext", "ms", "mspace"})
# Class tokens of a visual rendering beside the TeX or MathML the walk reads: MathJax v2's
# output and preview (its TeX is in the <script type="math/tex"> after them), KaTeX's HTML.
# "mathjax" alone also marks content for MathJax to typeset (arXiv's titles and
# abstracts): it is the output only on MathJax's own frame (`is_twin`).
TWIN_TOKENS = frozenset({"mathjax", "mathjax_display", "mathjax_preview", "mathjax_svg",
                         "mathjax_svg_display", "mathjax_chtml", "katex-html"})
_OUTPUT_ID = "MathJax-Element-"  # MathJax v2 output frames: id="MathJax-Element-3-Frame"
# Class tokens of an element holding one formula as MathML beside a fallback image, the
# MathML itself hidden from sight (Wikipedia): the walk reads the MathML inside.
HOLDER_TOKENS = frozenset({"mwe-math-element"})
# Class tokens of an element whose text is TeX between MathJax's delimiters, typeset by a
# script (Sphinx `span.math`, pymdownx `arithmatex`); GitHub writes <math-renderer>.
TEX_TEXT_TOKENS = frozenset({"math", "arithmatex"})
_DELIMITED = re.compile(r"\\\((?P<inline>(?:(?!\\\)).)+)\\\)|\\\[(?P<display>(?:(?!\\\]).)+)\\\]"
                        r"|\$\$(?P<display2>[^$]+)\$\$|\$(?P<inline2>[^$]+)\$", re.DOTALL)
_OPERATOR_TEX = {"∑": "\\sum", "∏": "\\prod", "∫": "\\int", "∞": "\\infty", "→": "\\to",
                 "≤": "\\le", "≥": "\\ge", "≠": "\\ne", "×": "\\times", "·": "\\cdot",
                 "±": "\\pm", "∈": "\\in", "−": "-", "\u2061": "", "\u2062": "", "\u2063": ""}


def is_twin(tokens: tuple[str, ...], attrs: dict) -> bool:
    """Whether an element with `TWIN_TOKENS` among its class tokens is a visual twin."""
    if not TWIN_TOKENS.isdisjoint(t for t in tokens if t != "mathjax"):
        return True
    return (attrs.get("id") or "").startswith(_OUTPUT_ID)


def math_tex(node: LexborNode) -> tuple[str, bool]:
    """The TeX of a `<math>` element and whether it is display math ('' when it is empty).

    Display: `display="block"` on the element. Never raises for odd markup.
    """
    attrs = node.attributes
    display = (attrs.get("display") or "").strip().lower() == "block"
    for annotation in node.css("annotation"):
        encoding = (annotation.attributes.get("encoding") or "").strip().lower()
        if encoding in _TEX_ENCODINGS:
            tex = (annotation.text() or "").strip()
            if tex:
                return _tidy(tex, display), display
    alttext = (attrs.get("alttext") or "").strip()
    if alttext:
        return _tidy(alttext, display), display
    return _tidy(_FENCE_SPACE.sub(r"\1\2", _linear(node, 0)), display), display


def script_tex(node: LexborNode, script_type: str) -> tuple[str, bool]:
    """The TeX of a MathJax v2 `<script type="math/tex">` (`; mode=display`: display)."""
    display = "mode=display" in script_type.replace(" ", "")
    return _tidy(node.text() or "", display), display


def delimited_tex(text: str) -> tuple[str, bool] | None:
    """The TeX of a text that is one formula in MathJax delimiters (`\\(…\\)`, `\\[…\\]`,
    `$…$`, `$$…$$`) and whether it is display math; None for any other text."""
    match = _DELIMITED.fullmatch(text.strip())
    if match is None:
        return None
    display = match["display"] is not None or match["display2"] is not None
    tex = next(group for group in match.groups() if group is not None)
    return _tidy(tex, display), display


def element_tex(node: LexborNode) -> tuple[str, bool] | None:
    """`delimited_tex` of an element's text, else of its own text nodes with a Sphinx
    equation number (`<span class="eqno">(1)</span>\\[…\\]`) written as `\\tag{1}`."""
    found = delimited_tex(node.text() or "")
    if found is not None:
        return found
    own = []
    child = node.first_child
    while child is not None:
        if child.tag == "-text":
            own.append(child.text_content or "")
        child = child.next
    found = delimited_tex("".join(own))
    number = node.css_first(".eqno")
    if found is None or number is None:
        return found
    label = _EQUATION_NUMBER.search(number.text() or "")
    return (f"{found[0]} \\tag{{{label[1]}}}", found[1]) if label else found


def _tidy(tex: str, display: bool) -> str:
    """Trim TeX; inline math on one line, display math without blank lines (which would
    end the `$$` block)."""
    tex = tex.strip()
    if tex.startswith("{\\displaystyle") and _closes_at_end(tex):  # Wikipedia wraps its TeX
        tex = tex[1:-1].strip()
    if tex.startswith("\\displaystyle"):
        tex = tex.removeprefix("\\displaystyle").strip()
    if not display:
        return " ".join(tex.split())
    return "\n".join(line.strip() for line in tex.splitlines() if line.strip())


def _closes_at_end(tex: str) -> bool:
    """Whether the brace opening `tex` is the one closing it."""
    depth = 0
    for i, ch in enumerate(tex):
        if ch == "{" and tex[i - 1:i] != "\\":
            depth += 1
        elif ch == "}" and tex[i - 1:i] != "\\":
            depth -= 1
            if depth == 0:
                return i == len(tex) - 1
    return False


def _linear(node: LexborNode, depth: int) -> str:
    """MathML written as linear TeX, children joined by spaces."""
    tag = node.tag or ""
    if depth > MAX_MATH_DEPTH:
        return " ".join((node.text() or "").split())
    if tag in _TOKENS:
        text = " ".join((node.text() or "").split())
        return _OPERATOR_TEX.get(text, text) if tag == "mo" else text
    parts = [_linear(child, depth + 1) for child in _elements(node)]
    if tag == "semantics":
        return parts[0] if parts else ""
    if tag in ("annotation", "annotation-xml", "none", "mprescripts"):
        return ""
    if tag == "mfrac" and len(parts) == 2:
        return f"\\frac{{{parts[0]}}}{{{parts[1]}}}"
    if tag == "msqrt":
        return f"\\sqrt{{{' '.join(parts)}}}"
    if tag == "mroot" and len(parts) == 2:
        return f"\\sqrt[{parts[1]}]{{{parts[0]}}}"
    if tag in ("msup", "mover") and len(parts) == 2:
        return f"{_group(parts[0])}^{_group(parts[1])}"
    if tag in ("msub", "munder") and len(parts) == 2:
        return f"{_group(parts[0])}_{_group(parts[1])}"
    if tag in ("msubsup", "munderover") and len(parts) == 3:
        return f"{_group(parts[0])}_{_group(parts[1])}^{_group(parts[2])}"
    if tag == "mfenced":
        attrs = node.attributes
        return f"{attrs.get('open', '(')}{', '.join(parts)}{attrs.get('close', ')')}"
    if tag == "mtable":
        return "\\begin{matrix} " + " \\\\ ".join(parts) + " \\end{matrix}"
    if tag == "mtr":
        return " & ".join(parts)
    return " ".join(p for p in parts if p)


def _elements(node: LexborNode) -> list[LexborNode]:
    out = []
    child = node.first_child
    while child is not None:
        if child.tag and child.tag[0] not in "-!_":
            out.append(child)
        child = child.next
    return out


def _group(tex: str) -> str:
    """A sub/superscript operand: braces unless it is one character or one command."""
    if len(tex) == 1 or (tex.startswith("\\") and tex[1:].isalpha()):
        return tex
    return "{" + tex + "}"
