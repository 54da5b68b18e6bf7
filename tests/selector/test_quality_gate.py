"""Quality gate: the committed model on fixed samples of dev pages, pinned floors.

The committed model was trained on every WCXB and Trafilatura dev page, so these figures
are optimistic; the gate catches regressions (features, walk, rules, thresholds), it
does not measure generalisation (that is `scripts/eval_wcxb.py` and
`scripts/eval_trafilatura.py`, out of fold). Floors only rise for the same model size:
the 400-tree model of 05:46 fitted these pages closer (0.954) than the 100-tree model
of 07:58 (0.924), which scores higher out of fold.
"""

from collections import defaultdict

import pytest

import trafdev
import wcxb
import webfold

SAMPLE = 60
# committed model on this sample: 0.924 (2026-11-30 07:58), 0.9207 for the model trained
# on WCXB and Trafilatura pages with the structure rules (2026-12-01 20:16; it fits these
# pages less closely and scores higher out of fold); pinned below it. Same model, with the
# rules of 2026-12-06 evening: 0.9400 (select="all" 0.8450), pinned 0.005 below. The
# model refitted 2026-12-07 on that day's walk, with its rules: 0.9405 (all 0.8450)
F1_FLOOR = 0.935
ALL_F1_FLOOR = 0.84
TYPE_SAMPLE = 40  # pages of each WCXB page type
# committed model on each type's sample (2026-12-03 11:05 UTC): article 0.9837,
# collection 0.7906, documentation 0.9472, forum 0.8317, listing 0.8137, product 0.7258,
# service 0.8829; pinned 0.005 below, so no page type can fall while the mean rises.
# 2026-12-06 (same model; forms without controls walked, forum signatures and review
# headings' sections dropped): forum 0.8324 -> 0.8669, raised; product 0.7201 -> 0.7196,
# pinned 0.005 below: one page of the sample loses a "Customer Reviews of <product>"
# heading whose product name its reference holds (out of fold product rose 0.009)
# 2026-12-06, React's streamed segments put in place: product 0.7196 -> 0.7066, pinned
# 0.005 below: on two sample pages (0620, 0625) the late parts are other products and
# outfits the browser shows and the references leave out, a third (0589) gains (out of
# fold product -0.0018)
# 2026-12-06, menus, navigation and contentinfo roles dropped by the walk, segments of
# pages saved without scripts shown: collection 0.8093 -> 0.8097, documentation 0.9497 ->
# 0.9500, listing 0.8207 -> 0.8152 (Etsy's 4204 keeps its ad cards' prices once its sort
# menu is gone; out of fold listing rose 0.743 -> 0.757), product 0.7066 -> 0.7084,
# service 0.8838 -> 0.8843, forum 0.8669 -> 0.8664, article 0.9828; every floor that
# stood more than 0.005 under its figure raised to 0.005 under it
# 2026-12-06 evening (same model; boxes above the title, stray menu entries, consent
# panels, quote cards, sign-up small print, the author's byline and note): article 0.9831,
# collection 0.8097, documentation 0.9499, forum 0.8671, listing 0.8152, product 0.7088,
# service 0.8842; forum and product raised to 0.005 under their figures
# 2026-12-07, the model refitted on that day's walk (html-model14, with the rules for what
# trails or borders the content): article 0.9854, collection 0.8135, documentation
# 0.9455, forum 0.8814, listing 0.8179, product 0.7081, service 0.8791 (0.8765 with the
# rules before: agilecrm's mega menu above its title and terminix's price dialog were
# kept); article, collection, forum and listing raised to 0.005 under their figures
TYPE_F1_FLOORS = {"article": 0.980, "collection": 0.808, "documentation": 0.945,
                  "forum": 0.876, "listing": 0.812, "product": 0.704, "service": 0.879}
TRAF_SAMPLE = 80
# committed model, with/without segments, this sample: 0.9590 (2026-12-03); 0.9551 with the
# rules of 2026-12-06 (out of fold on all 467 pages the rules rose 0.9460 -> 0.9480); the
# model refitted 2026-12-07: 0.9651 (select="all" 0.7599), both pinned 0.005 below
TRAF_F_FLOOR = 0.960
TRAF_ALL_F_FLOOR = 0.754  # select="all" on the same pages: 0.7563, 0.7599 on 2026-12-07


def _every_nth(ids: list[str], count: int) -> list[str]:
    return ids[::max(len(ids) // count, 1)][:count]


@pytest.fixture(scope="module")
def sample_pages():
    if not wcxb.DATA_DIR.exists():
        pytest.skip(f"WCXB dev data not found at {wcxb.DATA_DIR}")
    return list(wcxb.iter_pages(_every_nth(wcxb.page_ids(), SAMPLE)))


@pytest.fixture(scope="module")
def pages_by_type():
    if not wcxb.DATA_DIR.exists():
        pytest.skip(f"WCXB dev data not found at {wcxb.DATA_DIR}")
    by_type = defaultdict(list)
    for page in wcxb.iter_pages():
        by_type[page.page_type].append(page)
    return {kind: [pages[i] for i in range(0, len(pages), max(len(pages) // TYPE_SAMPLE, 1))]
            [:TYPE_SAMPLE] for kind, pages in by_type.items()}


@pytest.fixture(scope="module")
def traf_pages():
    if not trafdev.DATA_DIR.exists():
        pytest.skip(f"Trafilatura dev data not found at {trafdev.DATA_DIR}")
    return list(trafdev.iter_pages(_every_nth(trafdev.page_keys(), TRAF_SAMPLE)))


def _mean_f1(pages, select: str) -> float:
    scores = [wcxb.score_markdown(webfold.convert(p.html, url=p.url or None, select=select)
                                  .markdown, p.main_content).f1 for p in pages]
    return sum(scores) / len(scores)


def _traf_f(pages, select: str) -> float:
    total = trafdev.Counts()
    for page in pages:
        doc = webfold.convert(page.html, url=page.url or None, select=select)
        total.add(trafdev.score_markdown("" if doc.error else doc.markdown, page))
    return total.f


def test_main_selection_beats_its_floor_and_keeping_everything(sample_pages):
    main = _mean_f1(sample_pages, "main")
    everything = _mean_f1(sample_pages, "all")
    print(f"sample of {len(sample_pages)}: main F1 {main:.4f}, all F1 {everything:.4f}")
    assert main >= F1_FLOOR
    assert everything >= ALL_F1_FLOOR
    assert main > everything + 0.05


def test_no_page_type_falls_below_its_floor(pages_by_type):
    figures = {kind: _mean_f1(pages, "main") for kind, pages in sorted(pages_by_type.items())}
    print(" ".join(f"{kind} {f1:.4f}" for kind, f1 in figures.items()))
    assert set(figures) == set(TYPE_F1_FLOORS)
    assert {kind: f1 for kind, f1 in figures.items() if f1 < TYPE_F1_FLOORS[kind]} == {}


def test_trafilatura_pages_beat_their_floor_and_keeping_everything(traf_pages):
    main = _traf_f(traf_pages, "main")
    everything = _traf_f(traf_pages, "all")
    print(f"sample of {len(traf_pages)}: main F {main:.4f}, all F {everything:.4f}")
    assert main >= TRAF_F_FLOOR
    assert everything >= TRAF_ALL_F_FLOOR
    assert main > everything + 0.05
