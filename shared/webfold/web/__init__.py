"""The web edge: fetching URLs (transport), rendering them in a browser, scraping
(fetch, convert, render when needed) and crawling a site. Converters never import it;
it knows nothing of AWS."""
