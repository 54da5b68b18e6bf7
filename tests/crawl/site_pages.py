"""Pages of one made-up site that share a template: nav, cookie notice, footer."""

from __future__ import annotations

TOPICS = [
    ("flood", "Flood season", "The river rose slowly through the night and covered the "
              "lower fields with a hand's depth of brown water."),
    ("ferry", "Ferry timetable", "The ferry leaves the north landing every forty minutes "
              "and stops running when the current is too strong."),
    ("mill", "The old mill", "Built in 1790, the mill ground grain for four villages until "
             "the weir was breached in a winter storm."),
    ("market", "Saturday market", "Stalls open at seven; the cheese seller from the hills "
              "usually sells out before ten."),
    ("bridge", "Bridge repairs", "Engineers found cracks in two of the stone arches and "
              "closed the bridge to lorries for the summer."),
    ("school", "School garden", "Pupils planted beans, squash and sunflowers along the "
              "south wall where the soil stays warm."),
]
COOKIE = "We use cookies to improve your experience on this site. Accept all cookies?"
FOOTER = "River Valley Gazette, 12 Quay Street. All rights reserved."
RELATED = "Related reading: the spring floods of last year and what they taught us."


def page(slug: str, title: str, body: str, *, related: bool = False,
         links: tuple[str, ...] = ()) -> str:
    """One page of the site; `links` are extra hrefs placed in the article."""
    extra = "".join(f'<p><a href="{href}">More: {href}</a></p>' for href in links)
    return (
        f"<!doctype html><html><head><title>{title}</title></head><body>"
        "<header><ul><li><a href='/'>Home</a></li><li><a href='/about.html'>About the "
        "Gazette</a></li><li><a href='/contact.html'>Contact the newsroom</a></li></ul></header>"
        f"<div class='notice'><p>{COOKIE}</p></div>"
        f"<main><article><h1>{title}</h1><p>{body}</p>"
        f"<p>Reported for the {slug} desk. {body.split(',')[0].rstrip('.')}.</p>"
        f"{f'<p>{RELATED}</p>' if related else ''}{extra}</article></main>"
        f"<div><p>{FOOTER}</p></div></body></html>"  # an old-style footer: no <footer>
    )


def site_files() -> dict[str, str]:
    """File name -> HTML for six pages; two of them carry the RELATED line."""
    return {f"{slug}.html": page(slug, title, body, related=i < 2)
            for i, (slug, title, body) in enumerate(TOPICS)}
