"""A breadth-first crawl of a tiny site served over real HTTP on 127.0.0.1."""

from __future__ import annotations

from site_pages import COOKIE, FOOTER, TOPICS

from webfold.contract import ConvertOptions
from webfold.settings import Settings
from webfold.web.crawl import crawl_site, page_links


def options(**changes) -> ConvertOptions:
    return ConvertOptions(select="all", settings=Settings(allow_loopback=True, **changes))


def test_crawl_follows_same_origin_links_within_robots_and_drops_the_template(site):
    base, hits = site
    result = crawl_site(base + "/", options=options())
    sources = [d.source for d in result.documents]
    assert sources[0] == base + "/"
    slugs = ["about", "contact"] + [slug for slug, _, _ in TOPICS]
    assert sources[1:] == [f"{base}/{slug}.html" for slug in slugs]  # breadth-first order
    assert result.failed == 0
    assert result.skipped == {"robots_disallowed": 1}
    assert "/private/draft.html" not in hits and "/logo.png" not in hits
    assert hits.count("/robots.txt") == 1
    assert result.template.blocks_dropped >= 9 * 2
    flood = next(d for d in result.documents if d.source.endswith("/flood.html"))
    assert "hand's depth of brown water" in flood.markdown
    assert COOKIE not in flood.markdown and FOOTER not in flood.markdown
    assert flood.http is not None and flood.http.status == 200
    record = flood.record()
    assert record["http"]["status"] == 200 and record["template_blocks_dropped"] >= 2
    assert "route" not in record  # crawled, not scraped: no scrape facts
    about = next(d for d in result.documents if d.source.endswith("/about.html"))
    assert "About the Gazette" in about.markdown  # its heading, though the menu says it too


def test_the_page_budget_stops_the_crawl(site):
    base, hits = site
    result = crawl_site(base + "/", options=options(crawl_max_pages=3))
    assert [d.source for d in result.documents] == [
        f"{base}/", f"{base}/about.html", f"{base}/contact.html"]
    assert result.skipped["over page budget"] == len(TOPICS) + 1  # the topics and /private/
    assert [h for h in hits if h != "/robots.txt"] == ["/", "/about.html", "/contact.html"]


def test_loopback_is_refused_unless_allowed(site):
    base, hits = site
    result = crawl_site(base + "/", options=ConvertOptions(select="all"))
    assert [d.error.code for d in result.documents] == ["forbidden_address"]
    assert hits == []


def test_a_start_that_is_not_a_url_fails_as_bad_url():
    result = crawl_site("ftp://example.com/", options=options())
    assert result.documents[0].error.code == "bad_url"


def test_page_links_resolves_filters_and_dedupes():
    html = (b"<base href='http://site.test/dir/'><a href='a.html#x'>1</a><a href='a.html'>2</a>"
            b"<a href='mailto:x@y'>m</a><a href='/img.JPG'>i</a><a rel='nofollow' href='n'>n</a>"
            b"<a href='http://[bad'>b</a><a href='https://other.test/p?q=1'>o</a>")
    assert page_links(html, "http://ignored.test/") == [
        "http://site.test/dir/a.html", "https://other.test/p?q=1"]
