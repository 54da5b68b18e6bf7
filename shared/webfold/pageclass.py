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

# Interstitials are small; a long article that merely mentions "captcha" is not one.
MAX_INTERSTITIAL_TEXT = 2_000
# An app shell shows less than this much text before its scripts run.
MAX_SHELL_TEXT = 200

# (vendor, pattern) found in the raw HTML of challenge and captcha interstitials.
BOT_WALL_MARKERS: tuple[tuple[str, re.Pattern[bytes]], ...] = tuple(
    (vendor, re.compile(pattern, re.IGNORECASE)) for vendor, pattern in (
        ("cloudflare", rb"<title>\s*(just a moment|attention required|one more step)"),
        ("cloudflare", rb"cf-chl|_cf_chl_opt|cf-browser-verification|cf_captcha_kind"),
        ("cloudflare", rb"challenges\.cloudflare\.com/turnstile|class=\"cf-turnstile"),
        ("datadome", rb"captcha-delivery\.com|datadome"),
        ("perimeterx", rb"px-captcha|_pxcaptcha|perimeterx|/_px\d?/|pxappid"),
        ("akamai", rb"errors\.edgesuite\.net|akamai bot manager|bm-verify"),
        ("imperva", rb"_incapsula_resource|incapsula incident id"),
        ("aws-waf", rb"awswaf|aws-waf-token|gokuprops"),
        ("sucuri", rb"sucuri website firewall|sucuri_cloudproxy"),
        ("kasada", rb"kpsdk"),
        ("captcha", rb"g-recaptcha|recaptcha/api\.js|h-captcha|hcaptcha\.com/1/api"),
        ("captcha", rb"verify (that )?you are (a )?human|are you a robot|unusual traffic"),
    )
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
    if chars <= MAX_INTERSTITIAL_TEXT:
        for vendor, pattern in BOT_WALL_MARKERS:
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
