"""Template removal: the pure core on built blocks, then on a folder of real pages."""

from __future__ import annotations

from site_pages import COOKIE, FOOTER, RELATED, TOPICS, site_files

from webfold import convert
from webfold.contract import ConvertOptions
from webfold.document import Block, Document
from webfold.settings import Settings
from webfold.web.crawl import block_key, crawl_folder, remove_template

ALL = ConvertOptions(select="all")


def doc(*texts: str, kind: str = "paragraph") -> Document:
    blocks = [Block(kind=kind, markdown=t, text=t, index=i) for i, t in enumerate(texts)]
    return Document(type="html", blocks=blocks, markdown="\n\n".join(texts))


def test_blocks_on_half_the_pages_and_three_pages_are_dropped():
    pages = [doc("Menu", f"Story {i}", "Footer  text") for i in range(5)]
    pages.append(doc("Story 5", "footer TEXT"))
    report = remove_template(pages, min_share=0.5, min_pages=3)
    assert (report.pages, report.recurring, report.blocks_dropped) == (6, 2, 11)
    assert pages[0].markdown == "Story 0\n"
    assert pages[5].markdown == "Story 5\n"
    assert pages[0].template_blocks_dropped == 2


def test_blocks_below_either_threshold_stay():
    few = [doc("Menu", f"Story {i}") for i in range(2)]
    assert remove_template(few, min_share=0.5, min_pages=3).blocks_dropped == 0
    many = [doc(f"Story {i}", "Menu" if i < 4 else f"Other {i}") for i in range(10)]
    assert remove_template(many, min_share=0.5, min_pages=3).blocks_dropped == 0
    assert all("Menu" in d.markdown for d in many[:4])


def test_a_page_made_only_of_template_keeps_its_blocks():
    pages = [doc("Menu", f"Story {i}") for i in range(4)] + [doc("Menu")]
    remove_template(pages, min_share=0.5, min_pages=3)
    assert pages[4].blocks[0].kept and pages[4].warnings
    assert "Menu" not in pages[0].markdown


def test_failed_and_already_dropped_blocks_are_not_counted():
    pages = [doc("Menu", f"Story {i}") for i in range(4)]
    for page in pages[:3]:
        page.blocks[0].kept = False
    assert remove_template(pages, min_share=0.5, min_pages=3).blocks_dropped == 0


def test_block_key_ignores_case_and_spacing_and_join_keeps_lists_tight():
    assert block_key(Block(kind="paragraph", markdown="x", text=" A\n  b ")) == "paragraph:a b"
    logo = Block(kind="image", markdown="![logo](/l.png)", text="")
    assert block_key(logo) == "image:![logo](/l.png)"
    assert block_key(Block(kind="rule", markdown=" ", text="")) is None
    pages = [convert(f"<main><p>Menu</p><ul><li>{x}</li><li>{x}{x}</li></ul><p>End {x}.</p></main>",
                     select="all") for x in ("a", "c")]
    remove_template(pages, min_share=1.0, min_pages=2)  # "Menu" recurs
    assert [p.markdown for p in pages] == ["- a\n- aa\n\nEnd a.\n", "- c\n- cc\n\nEnd c.\n"]


def test_folder_of_pages_loses_its_template_and_keeps_each_story(tmp_path):
    for name, html in site_files().items():
        (tmp_path / name).write_text(html, encoding="utf-8")
    (tmp_path / "style.css").write_text("body { color: red }")
    result = crawl_folder(tmp_path, options=ALL)
    assert [d.source for d in result.documents] == sorted(site_files())
    assert result.failed == 0
    assert result.template.blocks_dropped >= 6 * 2  # cookie notice and footer at least
    for document, (slug, _title, body) in zip(result.documents,
                                              sorted(TOPICS, key=lambda t: t[0]), strict=True):
        assert document.source == f"{slug}.html"
        assert body in document.markdown
        assert COOKIE not in document.markdown
        assert FOOTER not in document.markdown
        assert "About the Gazette" not in document.markdown
    kept_related = [d for d in result.documents if RELATED in d.markdown]
    assert len(kept_related) == 2  # on 2 of 6 pages: content, not template


def test_folder_budget_counts_the_rest_as_skipped(tmp_path):
    for name, html in site_files().items():
        (tmp_path / name).write_text(html, encoding="utf-8")
    options = ConvertOptions(select="all", settings=Settings(crawl_max_pages=4))
    result = crawl_folder(tmp_path, options=options)
    assert len(result.documents) == 4
    assert result.skipped == {"over page budget": 2}
    assert "4 pages: 4 converted, 0 failed" in result.summary()
