"""Which elements are page furniture or hidden, decided from one element's own facts.

The walk asks these questions once per element with the attributes it already holds;
nothing here looks at the tree. Context rules (a header inside main or article is
content) are applied by the walk, which knows its ancestors.
"""

from __future__ import annotations

import re

# Dropped with their whole subtree, wherever they are.
FURNITURE_TAGS = frozenset({
    "script", "style", "noscript", "svg", "head", "nav", "header", "footer", "aside",
    "form", "button", "iframe", "template", "dialog", "select", "option",
    "object", "embed", "canvas", "audio", "video", "input", "textarea", "datalist",
    "map", "link", "meta", "title", "base",
    # ruby annotations (furigana over kanji) and their fallback parentheses: inline they
    # would run into the base text ("子こども"), which is the text
    "rt", "rp",
    # GitHub's dropdown menu element (a filter's list of choices; it takes role=menu
    # only once its script runs)
    "details-menu",
})
# ARIA roles that make an element what a furniture tag is: a menu or menu bar is a
# <select>'s options in other markup (a dropdown of 200 spoken languages, a site's menu
# bar), navigation a <nav>, contentinfo a <footer>. Not "listbox": a shop's category
# facets with their counts ("Adhesives 704"), which WCXB keeps on a collection page, sit
# in one.
FURNITURE_ROLES = frozenset({"menu", "menubar", "navigation", "contentinfo"})
# Furniture that is content when it sits inside these containers.
KEPT_INSIDE = {
    "header": ("main", "article"),
    "aside": ("main",),
}

# Exact class or id tokens (lowercased) of consent banners, ad slots and overlay chrome.
CHROME_TOKENS = frozenset({
    # consent management platforms and cookie banners
    "cookie-banner", "cookie-consent", "cookie-notice", "cookie-bar", "cookie-law-info-bar",
    "cookiebanner", "cookieconsent", "cookienotice", "cookie-policy-banner", "cookies-banner",
    "cc-banner", "cc-window", "cookie_banner", "cookie_notice", "gdpr-banner", "gdpr-consent",
    "gdpr", "consent-banner", "consent-modal", "cmpbox", "qc-cmp2-container",
    "onetrust-banner-sdk", "onetrust-consent-sdk", "ot-sdk-container", "cybotcookiebotdialog",
    "truste_overlay", "truste-consent-track", "sp_message_container", "didomi-host",
    "usercentrics-root", "osano-cm-window", "cky-consent-container", "moove_gdpr_cookie_info_bar",
    "cookie-law-info-again", "eu-cookie-compliance", "sliding-popup",
    # advertising slots
    "ad", "ads", "adsbygoogle", "advert", "adverts", "advertisement", "advertising",
    "ad-slot", "ad-container", "ad-wrapper", "ad-banner", "ad-unit", "adslot", "adunit",
    "adbox", "adcontainer", "ad-placeholder", "dfp-ad", "gpt-ad", "google-ad", "sponsored-ad",
    "taboola", "outbrain", "ob-widget", "trc_related_container",
    # overlays, skip links, screen-reader-only text
    "modal-backdrop", "newsletter-popup", "popup-overlay", "skip-link", "skip-to-content",
    "skiplink", "sr-only", "screen-reader-text", "visually-hidden", "visuallyhidden",
    # MediaWiki's "[edit]" links in headings and its skip links ("noprint" would go too
    # far: ArchWiki's "accuracy disputed" notes, which readers and WCXB keep, carry it)
    "mw-editsection", "mw-jump-link",
})


def has_furniture_role(attrs: dict[str, str | None]) -> bool:
    """Whether the element's ARIA role makes it furniture (`FURNITURE_ROLES`)."""
    role = attrs.get("role")
    return role is not None and role.strip().lower() in FURNITURE_ROLES


def is_hidden(attrs: dict[str, str | None]) -> bool:
    """True when the element's own attributes hide it from a reader.

    `hidden`, `aria-hidden="true"` (but not on a link: a card's second link to the
    same story, its excerpt, is kept out of screen readers and is on screen),
    `type=hidden`, inline `display:none` or `visibility:hidden`, unless the element is
    a collapsed disclosure panel (`is_disclosure_panel`), which the reader opens with a
    click. The caller skips this for `<html>` and `<body>`, whose own style never hides
    the page, and checks `CHROME_TOKENS` against the class and id tokens it already
    holds.
    """
    return _hides(attrs) and not is_disclosure_panel(attrs)


def _hides(attrs: dict[str, str | None]) -> bool:
    if "hidden" in attrs:
        return True
    aria = attrs.get("aria-hidden")
    if aria is not None and aria.strip().lower() == "true" and "href" not in attrs:
        return True
    style = attrs.get("style")
    if style and _style_hides(style):
        return True
    kind = attrs.get("type")
    return kind is not None and kind.strip().lower() == "hidden"


# Class or id words of accordion, collapse and tab panels ("accordion__content",
# "collapse", "tab-pane", "tabpanel", "expandable"): a product's description and
# specifications, a service's FAQ answers, a collection's buying guide sit in them,
# shut until the reader opens them.
_DISCLOSURE = re.compile(r"accordion|collaps|tab-?pane|tabpanel|tab-content|disclosure|expand")
_DISCLOSURE_ROLES = frozenset({"tabpanel", "region"})


def is_disclosure_panel(attrs: dict[str, str | None]) -> bool:
    """Whether the element is an accordion, collapse or tab panel (by its role or its
    class and id words): shut or not, its text is the page's, one click away."""
    role = attrs.get("role")
    if role is not None and role.strip().lower() in _DISCLOSURE_ROLES:
        return True
    names = " ".join(v for v in (attrs.get("class"), attrs.get("id")) if v)
    return bool(names) and _DISCLOSURE.search(names.lower()) is not None


def _style_hides(style: str) -> bool:
    compact = style.lower().replace(" ", "").replace("\t", "").replace("\n", "")
    return "display:none" in compact or "visibility:hidden" in compact
