"""The web edge: fetching URLs (transport), rendering them in a browser, scraping
(fetch, convert, render when needed) and crawling a site. Converters never import it;
it knows nothing of AWS."""

# How a scrape may use the browser; the URL queue's messages are checked against it too.
RENDER_MODES = ("auto", "always", "never")
