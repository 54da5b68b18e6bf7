"""The Trafilatura evaluation rule (`scripts/trafdev.py`): segments as substrings of the
projected text, counts summed over pages."""

import trafdev


def _page(with_segments, without_segments):
    return trafdev.Page(key="k", url="", domain="", html=b"", with_segments=with_segments,
                        without_segments=without_segments)


def test_markup_is_dropped_before_matching_and_whitespace_collapsed():
    markdown = ("Die **Kunsthalle** in [Emden](https://example.de/emden) wurde\n1986 "
                "eröffnet.\n\n| Erwachsene | 3 € |\n|---|---|\n| Kinder | frei |")
    page = _page(("Die Kunsthalle in Emden wurde 1986 eröffnet.", "Erwachsene 3 €"),
                 ("Newsletter abonnieren",))
    counts = trafdev.score_markdown(markdown, page)
    assert (counts.tp, counts.fn, counts.fp, counts.tn) == (2, 0, 0, 1)


def test_counts_sum_over_pages_into_f():
    total = trafdev.Counts()
    total.add(trafdev.score_text("alpha beta", _page(("alpha",), ("beta",))))
    total.add(trafdev.score_text("", _page(("gamma",), ("delta",))))
    assert (total.tp, total.fn, total.fp, total.tn) == (1, 1, 1, 1)
    assert total.f == 0.5
    assert total.precision == 0.5 and total.recall == 0.5 and total.accuracy == 0.5
