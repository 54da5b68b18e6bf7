"""What a fetched HTML page is: the page itself, a bot wall, or an empty app shell.

Pure: bytes in, a `PageVerdict` out. A page is `blocked` when it is a challenge or
captcha interstitial (known bot-wall markers on a small page), `empty` when it is an
app shell (next to no visible text, but script bundles that would build it), else `ok`.
Blocked and empty pages are the ones worth a headless browser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from selectolax.lexbor import LexborHTMLParser

# Interstitials are small: a long page that merely mentions "captcha" is not one.
MAX_INTERSTITIAL_TEXT = 2_000
# Vendor script tags also sit on ordinary protected pages; only a near-empty page
# carrying one is taken for a challenge.
MAX_WIDGET_PAGE_TEXT = 300
# An app shell shows less than this much text before its scripts run.
MAX_SHELL_TEXT = 200


def _markers(*pairs: tuple[str, bytes]) -> tuple[tuple[str, re.Pattern[bytes]], ...]:
    return tuple((vendor, re.compile(pattern, re.IGNORECASE)) for vendor, pattern in pairs)


# (vendor, pattern) that only challenge and block pages carry.
INTERSTITIAL_MARKERS = _markers(
    ("cloudflare", rb"<title>\s*(just a moment|attention required|one more step)"),
    ("cloudflare", rb"_cf_chl_opt|cf-chl-|cf-browser-verification|cf_captcha_kind"),
    ("datadome", rb"(geo|interstitial)\.captcha-delivery\.com"),
    ("perimeterx", rb"px-captcha|_pxcaptcha"),
    ("akamai", rb"errors\.edgesuite\.net|bm-verify"),
    ("imperva", rb"_incapsula_resource|incapsula incident id"),
    ("aws-waf", rb"gokuprops"),
    ("sucuri", rb"sucuri website firewall"),
    ("captcha", rb"verify (that )?you are (a )?human|are you a robot|unusual traffic from your"),
)
# (vendor, pattern) of bot-management and captcha scripts, also used on normal pages.
WIDGET_MARKERS = _markers(
    ("datadome", rb"datadome|captcha-delivery\.com"),
    ("perimeterx", rb"perimeterx|pxappid|/_px\d?/"),
    ("kasada", rb"kpsdk"),
    ("aws-waf", rb"awswaf|aws-waf-token"),
    ("cloudflare", rb"challenges\.cloudflare\.com/turnstile|cf-turnstile"),
    ("captcha", rb"g-recaptcha|recaptcha/api\.js|h-captcha|hcaptcha\.com/1/api"),
)
_SHELL_ROOT = re.compile(rb"<div[^>]+id=[\"']?(root|app|__next|__nuxt|q-app|svelte)\b",
                         re.IGNORECASE)
_SCRIPT_SRC = re.compile(rb"<script\b[^>]*\bsrc=", re.IGNORECASE)
_INLINE_SCRIPT = re.compile(rb"<script\b[^>]*>(.{2000,}?)</script>", re.IGNORECASE | re.DOTALL)
_INVISIBLE = "script, style, noscript, template, svg, head"


@dataclass(frozen=True, slots=True)
class PageVerdict:
    kind: str  # ok | blocked | empty
    reason: str  # one line: the marker found, or the text and script counts
    visible_chars: int


def visible_text(html: bytes) -> str:
    """The text a reader sees before any script runs, whitespace collapsed."""
    tree = LexborHTMLParser(html)
    for node in tree.css(_INVISIBLE):
        node.decompose()
    root = tree.body or tree.root
    return " ".join((root.text(separator=" ") if root else "").split())


def classify_html(html: bytes) -> PageVerdict:
    """Classify fetched HTML bytes as ok, blocked (bot wall) or empty (app shell)."""
    text = visible_text(html)
    chars = len(text)
    for limit, markers in ((MAX_INTERSTITIAL_TEXT, INTERSTITIAL_MARKERS),
                           (MAX_WIDGET_PAGE_TEXT, WIDGET_MARKERS)):
        if chars > limit:
            continue
        for vendor, pattern in markers:
            found = pattern.search(html)
            if found:
                marker = found.group(0).decode("ascii", "replace")[:60]
                return PageVerdict("blocked", f"{vendor} interstitial ({marker!r})", chars)
    if chars < MAX_SHELL_TEXT:
        bundles = len(_SCRIPT_SRC.findall(html)) + len(_INLINE_SCRIPT.findall(html))
        if bundles and (_SHELL_ROOT.search(html) or chars < MAX_SHELL_TEXT // 4):
            return PageVerdict("empty", f"app shell: {chars} visible characters, "
                                        f"{bundles} script bundle(s)", chars)
    return PageVerdict("ok", f"{chars} visible characters", chars)
