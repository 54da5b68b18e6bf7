"""The structure rules after the model's cut (`webfold.selector.rules`), on walked HTML."""

import dataclasses
from pathlib import Path

import numpy as np
import pytest
from selectolax.lexbor import LexborHTMLParser

from webfold.document import Block, BlockFlag
from webfold.html.walk import walk
from webfold.selector import PageContext, block_words, choose, rules
from webfold.selector.features import block_features


def _blocks(html: str):
    blocks = walk(LexborHTMLParser(html).root, None).blocks
    matrix = block_features(blocks, PageContext())
    words = block_words(matrix)
    return blocks, words, rules.BlockKinds.from_features(matrix, words)


ARTICLE = ("<p>" + "The river rose through the night and the market square flooded. " * 4
           + "</p>")


def test_region_is_the_element_holding_the_kept_text():
    blocks, words, kinds = _blocks(f"<div id=a><ul><li><a href=/>Home</a></li></ul></div>"
                            f"<div id=b>{ARTICLE}{ARTICLE}<pre>x = 1</pre></div>")
    kept = np.array([False, True, True, False])
    region = rules.content_region(blocks, kept, words)
    assert region == blocks[1].ancestors[-2]
    passed = np.array([False, True, True, True])
    assert kinds.structure.tolist() == [False, False, False, True]
    assert rules.keep_structure(blocks, kept, region, passed, kinds.structure).tolist() == [
        False, True, True, True]
    assert not rules.keep_structure(blocks, kept, region, passed & kept, kinds.structure)[3]


def test_a_heading_over_a_kept_block_in_the_region_is_kept():
    blocks, words, kinds = _blocks(f"<div id=a><h2>Elsewhere</h2><p>Menu</p></div><div id=b>"
                                   f"{ARTICLE}<h2>After the flood</h2>{ARTICLE}<h2>Photos</h2>"
                                   "<p>Gallery</p></div>")
    kept = np.array([False, False, True, False, True, False, False])
    region = rules.content_region(blocks, kept, words)
    headings = np.array([True, False, False, True, False, True, False])
    assert rules.section_headings(blocks, kept, region, headings).tolist() == [
        False, False, True, True, True, False, False]
    assert not rules.section_headings(blocks, kept, region, headings & False)[3]


def test_a_german_teaser_heading_after_the_article_opens_a_dropped_section():
    blocks, words, kinds = _blocks(f"<article>{ARTICLE}</article><div class=box><h3>Das könnte Sie "
                            "auch interessieren</h3><ul><li><a href=/1>Neue Brücke eröffnet"
                            "</a></li><li><a href=/2>Stadtfest verschoben</a></li></ul></div>"
                            "<p>Impressum und Datenschutz</p>")
    kept = np.ones(len(blocks), dtype=bool)
    assert rules.teaser_blocks(blocks, kept, words, kinds, article=True).tolist() == [
        False, True, True, True, False]


def test_a_teaser_list_set_into_the_text_ends_where_the_story_resumes():
    resumed = ("<p>Nach der Pause geht die Führung durch den Hafen weiter, vorbei an den alten"
               " Speichern und dem Zollhaus.</p>")
    blocks, words, kinds = _blocks(f"<article><div class=text>{ARTICLE}<h4>Auch interessant"
                                   "</h4><ul><li><a href=/1>Neue Fähre getauft</a></li><li>"
                                   f"<a href=/2>Hafenfest verschoben</a></li></ul>{resumed}"
                                   "</div></article>")
    kept = np.ones(len(blocks), dtype=bool)
    assert rules.teaser_blocks(blocks, kept, words, kinds, article=True).tolist() == [
        False, True, True, True, False]


def test_a_link_to_another_story_led_by_a_label_inside_the_text_is_dropped():
    leads = ("<p>Lesen Sie hier: <a href=/1>Neue Fähre auf der Elbe getauft</a></p>",
             "<p>Dowiedz się więcej: <a href=/2>Kto jak głosował w sprawie budżetu</a></p>",
             "<p>Siehe auch<br><a href=/3>Die Brücke bleibt gesperrt</a><br>"
             "<a href=/4>Das Hafenfest fällt aus</a></p>")
    blocks, words, kinds = _blocks(ARTICLE + "".join(leads) + "<p>Lesen Sie hier weiter, was"
                                   " der Rat beschlossen hat: <a href=/5>mehr</a></p>")
    kept = np.ones(len(blocks), dtype=bool)
    assert rules.teaser_blocks(blocks, kept, words, kinds, article=True).tolist() == [
        False, True, True, True, False]


def test_more_on_a_topic_or_from_a_show_opens_a_teaser_section():
    for label in ("Mehr zu Strom und Solar", "Mehr aus der Sendung", "Entdecke weitere Rezepte"):
        blocks, words, kinds = _blocks(f"<article>{ARTICLE}</article><div><h2>{label}</h2>"
                                       "<p><a href=/1>Dynamische Stromtarife im Test</a></p>"
                                       "</div>")
        kept = np.ones(len(blocks), dtype=bool)
        assert rules.teaser_blocks(blocks, kept, words, kinds, article=True).tolist() == [
            False, True, True], label


def test_comments_under_an_article_but_not_on_a_thread_page():
    blocks, words, kinds = _blocks(f"<article>{ARTICLE}</article><div id=comments><h2>2 Kommentare"
                            "</h2><div class=comment><p>Bei uns stand das Wasser auch im Keller."
                            "</p></div></div>")
    kept = np.ones(len(blocks), dtype=bool)
    comments = rules.comment_blocks(blocks, kept, words, kinds, article=True, thread=False)
    assert comments.tolist() == [False, True, True]
    assert not rules.comment_blocks(blocks, kept, words, kinds, article=True, thread=True).any()


def _reply_tree(item: str) -> str:
    """A list of three entries after the article, the first nesting a reply, each entry's
    text set inside `item` (a format string around the text)."""
    texts = ["We had the same flood in the cellar last spring.",
             "Ours came up through the drain, not the door.",
             "Did the council ever pay for the pumps?", "They paid half of it in the end."]
    entries = [item.format(text) for text in texts]
    return (f"<article>{ARTICLE}</article><ul><li>{entries[0]}<ul><li>{entries[1]}</li></ul>"
            f"</li><li>{entries[2]}</li><li>{entries[3]}</li></ul>")


def test_a_reply_tree_of_nested_lists_under_an_article_is_comments_a_nested_list_is_not():
    blocks, words, kinds = _blocks(_reply_tree("<div class=m><div class=t><p>{}</p></div></div>"))
    kept = np.ones(len(blocks), dtype=bool)
    comments = rules.comment_blocks(blocks, kept, words, kinds, article=True, thread=False)
    assert comments.tolist() == [False, True, True, True, True]
    # An article's own nested list holds its text in its items or one paragraph down.
    for item in ("{}", "<p>{}</p>"):
        blocks, words, kinds = _blocks(_reply_tree(item))
        kept = np.ones(len(blocks), dtype=bool)
        assert not rules.comment_blocks(blocks, kept, words, kinds, article=True,
                                        thread=False).any()


def _carousel_page(cards: int) -> str:
    slides = "".join(f"<div class=slide><a href=/s{i}><h2>Other headline {i}</h2></a><p>A "
                     f"sentence about the other story number {i} and its town.</p></div>"
                     for i in range(cards))
    return f"<div class=carousel>{slides}</div><div class=story><h1>Title</h1>{ARTICLE}</div>"


def test_cards_of_other_stories_above_the_title_are_dropped_whatever_their_share():
    blocks, words, kinds = _blocks(_carousel_page(3))
    kept = np.ones(len(blocks), dtype=bool)
    title = np.array([block.heading_level == 1 for block in blocks])
    dropped = rules.cards_before_title(blocks, kept, kinds, title)
    assert dropped.tolist() == [True] * 6 + [False, False]
    blocks, words, kinds = _blocks(_carousel_page(2))  # two cards are no grid
    title = np.array([block.heading_level == 1 for block in blocks])
    assert not rules.cards_before_title(blocks, np.ones(len(blocks), dtype=bool), kinds,
                                        title).any()


def test_a_commentary_heading_in_the_singular_is_the_analysis_not_reader_comments():
    analysis = ("<p>Die Regierung legte am Montag den Haushaltsentwurf für das kommende Jahr vor"
                " und kündigte Einsparungen bei den Förderprogrammen an.</p>")
    blocks, words, kinds = _blocks(f"<article>{ARTICLE}<h3>Kommentar</h3>{analysis}</article>"
                                   f"<div><h3>3 Kommentare</h3><p>Endlich sagt es mal jemand."
                                   "</p></div>")
    kept = np.ones(len(blocks), dtype=bool)
    comments = rules.comment_blocks(blocks, kept, words, kinds, article=True, thread=False)
    assert comments.tolist() == [False, False, False, True, True]


def test_picture_credits_and_button_texts_are_chrome_labels():
    labels = ("Fot. Anna Kowal / Agencja Nord", "© Jan Lis/Foto Press", "Foto: dpa",
              "Crédits photos : Studio Marne", "Gefällt mir Wird geladen …", "Like Loading...",
              "Empfohlener redaktioneller Inhalt")
    text = ("Die Brücke bleibt bis Mai gesperrt", "Fotografie ist ihr Beruf seit zehn Jahren")
    blocks, words, kinds = _blocks("".join(f"<p>{t}</p>" for t in labels + text))
    kept = np.ones(len(blocks), dtype=bool)
    assert rules.chrome_labels(blocks, kept, words, kinds).tolist() == [True] * 7 + [False] * 2


def test_a_blog_themes_post_footer_is_chrome_but_a_sentence_about_a_post_is_not():
    texts = ("This entry was posted in Garden, Tools. Bookmark the permalink.",
             "Dieser Beitrag wurde unter Allgemein veröffentlicht. Setze ein Lesezeichen auf "
             "den Permalink.",
             "Der Beitrag wurde am Mittwoch, den 4. März 2026 um 10:15 Uhr veröffentlicht und "
             "wurde unter Termine abgelegt.",
             "This entry was written on a train between two cities and finished at home.",
             "Der Beitrag wurde von vielen Lesern geteilt, die selbst einen Garten haben.")
    blocks, words, kinds = _blocks(ARTICLE + "".join(f"<p>{t}</p>" for t in texts))
    kept = np.ones(len(blocks), dtype=bool)
    assert rules.chrome_labels(blocks, kept, words, kinds).tolist() == [
        False, True, True, True, False, False]


def test_thread_pages_by_structured_data_or_address():
    assert rules.is_thread_page(frozenset({"qapage"}), "https://example.com/x")
    assert rules.is_thread_page(frozenset(), "https://example.com/forum/viewtopic.php?t=4")
    assert rules.is_thread_page(frozenset({"article"}), "https://www.warriorforum.com/a/1-b.html")
    assert not rules.is_thread_page(frozenset({"blogposting"}), "https://example.com/2026/post")


def test_a_read_also_link_inside_the_text_is_dropped():
    blocks, words, kinds = _blocks(f"<article>{ARTICLE}<p>À lire aussi » <a href=/x>Les ponts "
                                   f"de Paris fermés</a></p>{ARTICLE}</article>")
    kept = np.ones(len(blocks), dtype=bool)
    assert rules.teaser_blocks(blocks, kept, words, kinds, article=True).tolist() == [
        False, True, False]


def test_a_sentence_caption_is_structure_and_a_picture_credit_is_not():
    blocks, _, kinds = _blocks("<figure><img src=a.jpg alt=x><figcaption>The flooded square at "
                               "dawn.</figcaption></figure><figure><img src=b.jpg alt=y>"
                               "<figcaption>Reuters files</figcaption></figure>")
    assert [b.kind for b in blocks] == ["image", "caption", "image", "caption"]
    assert kinds.structure.tolist() == [True, True, True, False]


def test_calls_to_action_after_the_story_are_dropped_but_not_inside_it():
    blocks, words, kinds = _blocks(
        f"<article>{ARTICLE}<p>Sign up for the council's flood alerts before the winter.</p>"
        f"{ARTICLE}<p>Like this story? Subscribe to our newsletter.</p>"
        "<p>Lass dir die besten Geschichten jede Woche in deinen Posteingang liefern.</p>"
        "<p>The clean-up starts on Monday.</p></article>")
    kept = np.ones(len(blocks), dtype=bool)
    assert rules.calls_to_action(blocks, kept, words, kinds).tolist() == [
        False, False, False, True, True, False]
    blocks, words, kinds = _blocks(
        f"<article>{ARTICLE}<p>Join our readers' panel and tell us what to cover.</p>"
        "<p>Werden Sie Mitglied und lesen Sie ohne Werbung.</p>"
        "<p>Únete a nuestro canal desde tu celular.</p>"
        "<p>Further information: 1784 5348469 (WhatsApp).</p></article>")
    assert rules.calls_to_action(blocks, np.ones(len(blocks), dtype=bool), words,
                                 kinds).tolist() == [False, True, True, True, False]
    notice, words, kinds = _blocks("<p>Sign up for the flood alerts.</p>")
    assert not rules.calls_to_action(notice, np.ones(1, dtype=bool), words, kinds).any()


def _all_kept(blocks: list[Block]) -> tuple[rules.ContainerNames, np.ndarray]:
    """The container names of `blocks`, all of them kept, and that mask."""
    kept = np.ones(len(blocks), dtype=bool)
    return rules.ContainerNames(blocks, kept), kept


def test_short_runs_in_author_and_sign_up_boxes_are_dropped():
    bio = "Ann Lee is a freelance writer who has covered the coast for twelve years."
    blocks, words, _ = _blocks(
        f"<article class=post>{ARTICLE}<div class=author-details><p>{bio}</p></div>{ARTICLE}"
        f"<div class=saboxplugin-wrap><div class=saboxplugin-desc><p>{bio}</p></div></div>"
        f"{ARTICLE}<div class=newsletter-signup><p>Get the weekly tide tables.</p></div>"
        f"{ARTICLE}<div class=author-card>{ARTICLE}{ARTICLE}</div></article>")
    names, kept = _all_kept(blocks)
    assert rules.promo_blocks(names, kept, words).tolist() == [
        False, True, False, True, False, True, False, False, False]


@pytest.mark.parametrize("name", [
    "newsletter-box", "subscribe", "signup", "sign-up-form", "paywall", "regwall", "optin",
    "opt-in", "author-bio", "authorbio", "about-the-author", "aboutthe-author", "author-box",
    "autorenbox", "author-info", "author-details", "authorcard", "author-desc",
    "author__about", "author_about", "authorabout", "authorpopover", "saboxplugin-wrap"])
def test_every_name_of_a_sign_up_or_author_box_marks_its_short_run(name):
    blocks, words, _ = _blocks(f"{ARTICLE}<div class={name}><p>Get the tide tables.</p></div>")
    assert rules.promo_blocks(*_all_kept(blocks), words).tolist() == [False, True]


def test_container_names_refuse_blocks_they_were_not_gathered_for():
    blocks, words, _ = _blocks(f"{ARTICLE}<div class=newsletter-signup><p>Get the tide tables."
                               "</p></div>")
    kept = np.ones(len(blocks), dtype=bool)
    names = rules.ContainerNames(blocks, kept & (words > 20))  # the article paragraph only
    with pytest.raises(ValueError):
        rules.promo_blocks(names, kept, words)


def test_a_related_posts_box_after_the_story_is_dropped_but_not_one_holding_the_text():
    box = ("<div class=yarpp-related><h3>From the archive</h3><ul><li><a href=/1>Bridge "
           "reopens</a> The bridge reopened after six weeks of repairs.</li></ul></div>")
    blocks, words, _ = _blocks(f"<article>{ARTICLE}{ARTICLE}</article>{box}"
                               "<div class=related-posts-footer><p>Other posts</p></div>")
    names, kept = _all_kept(blocks)
    assert rules.named_teasers(names, kept, words, True).tolist() == [
        False, False, True, True, False]
    blocks, words, _ = _blocks(f"<div class=related-posts>{ARTICLE}{ARTICLE}</div>")
    assert not rules.named_teasers(*_all_kept(blocks), words, True).any()


def test_a_page_declared_nothing_drops_a_related_box_only_under_more_text_than_it_holds():
    card = ("<div class=ast-related-post><h3><a href=/1>Bridge reopens</a></h3><p>The bridge "
            "reopened after six weeks of repairs to its deck and railings.</p></div>")
    blocks, words, _ = _blocks(f"<article>{ARTICLE}{ARTICLE}</article>{card}{card}")
    assert rules.named_teasers(*_all_kept(blocks), words, False).tolist() == [
        False, False, True, True, True, True]
    blocks, words, _ = _blocks(f"<article>{ARTICLE}</article>{card * 4}")
    assert not rules.named_teasers(*_all_kept(blocks), words, False).any()
    assert rules.named_teasers(*_all_kept(blocks), words, True).sum() == 8


def _names_outside_groups(source: str) -> list[str]:
    """A pattern's top-level alternatives, each without the groups inside it (and their
    quantifiers): what the alternative always holds, but for a character a `?` after it
    makes optional."""
    names, name, depth, escaped, closed = [], "", 0, False, False
    for char in source:
        after_group, closed = closed, False
        if escaped:
            escaped = False
            name += "\\" + char if depth == 0 else ""
        elif char == "\\":
            escaped = True
        elif char in "()":
            depth += 1 if char == "(" else -1
            closed = depth == 0
        elif depth == 0 and char == "|":
            names, name = [*names, name], ""
        elif depth == 0 and not (after_group and char in "?*"):
            name += char
    return [*names, name]


@pytest.mark.parametrize(("names", "words", "count"), [
    (rules._PROMO.pattern, rules._PROMO_WORDS, 10),
    (rules._NAMED_TEASERS.pattern.removeprefix(r"^(?:\w+[-_])?(?:").removesuffix(")$"),
     rules._NAMED_TEASER_WORDS, 19),
    (rules._REPLY.pattern.removeprefix(r"\b(?:").removesuffix(r")\b"),
     tuple(part.decode() for part in rules._REPLY_PARTS), 6)])
def test_every_name_a_pattern_finds_holds_a_word_looked_for_first(names, words, count):
    # The pattern is searched only when the tokens or texts hold one of the words
    # (`ContainerNames.inside`'s `needs`, `may_hold_lowered`): a name holding none would
    # never be found.
    alternatives = _names_outside_groups(names)
    assert len(alternatives) == count
    for name in alternatives:
        assert any(word in name and not name.partition(word)[2].startswith("?")
                   for word in words), name


@pytest.mark.parametrize("words", [rules._AFFILIATE_BYTES, rules._REPLY_PARTS])
def test_words_looked_for_in_ascii_bytes_are_found_whatever_the_case(words):
    for word in words:
        assert word == word.lower() and word.isascii() and b"k" not in word
        assert not word.endswith(b"i")  # a dotted capital I lowercases to "i" and a dot
        text = word.decode()
        for written in (text.upper(), f"\u201c{text.title()}\u201d", text.upper() + "\u0130",
                        text.upper().replace("I", "\u0130")):
            assert rules.may_hold_lowered(written, words) == (text in written.lower())
    assert not rules.may_hold_lowered("\u201cNothing here\u201d", words)


def test_disclosure_notices_are_dropped_but_not_a_title_or_a_page_that_is_one():
    blocks, words, _ = _blocks(
        "<div class=editorial-disclosure><h1>Best rain jackets</h1><p>We may earn a "
        f"commission when you buy through our links.</p></div>{ARTICLE}{ARTICLE}"
        "<p class=aawp-disclaimer>Last updated on 2 May / affiliate links</p>")
    assert rules.disclosures(blocks, *_all_kept(blocks), words).tolist() == [
        False, True, False, False, True]
    blocks, words, _ = _blocks(f"<div class=legal-disclaimer>{ARTICLE}{ARTICLE}</div>")
    assert not rules.disclosures(blocks, *_all_kept(blocks), words).any()


def test_an_affiliate_notice_is_found_after_texts_whose_lowercase_is_longer():
    # Each dotted capital I lowercases to two characters: twelve of them shift the notice's
    # last word past its block's end unless the lengths count them.
    towns = ("\u0130STANBUL \u0130ZM\u0130R \u0130NEG\u00d6L \u0130SKELE \u0130\u011eDIR "
             "\u0130ZN\u0130K \u0130NC\u0130 \u0130L\u0130\u00c7")
    blocks, words, _ = _blocks(f"<p>{towns}</p><p>Ferry "
                               "times</p><p>When you book through our links we earn a "
                               "commission</p><p>Ferries run hourly.</p>")
    assert sum(block.text.count("\u0130") for block in blocks) > len("commission")
    assert rules.disclosures(blocks, *_all_kept(blocks), words).tolist() == [
        False, False, True, False]


def _figure(caption: str) -> str:
    return f"<figure><img src=p.jpg alt=x><figcaption>{caption}</figcaption></figure>"


def test_photo_captions_of_a_story_are_dropped_but_numbered_figures_stay():
    blocks, words, kinds = _blocks(ARTICLE + _figure("Volunteers fill sandbags on Mill Lane. "
                                                     "(Photo: dpa)") + ARTICLE
                                   + _figure("Figure 2. River level at the bridge, in metres."))
    names, kept = _all_kept(blocks)
    assert rules.picture_captions(blocks, kept, words, kinds, False, names).tolist() == [
        False, False, True, False, False, False]


def test_captions_ending_with_a_picture_credit_are_dropped_where_others_stay():
    blocks, words, kinds = _blocks(ARTICLE + _figure("Sandbags on Mill Lane. (Foto: dpa)")
                                   + ARTICLE + _figure("The bridge at noon.© Stadt Auenfeld")
                                   + _figure("Volunteers at the bridge, filmed by the crew.")
                                   + _figure("Photo booths in the square: a credit to the fair.")
                                   + _figure("The weir at dusk. Photo by Ann Lee/Reuters"))
    names, kept = _all_kept(blocks)
    assert rules.picture_captions(blocks, kept, words, kinds, True, names).tolist() == [
        False, False, True, False, False, True, False, False, False, False, False, True]


def test_a_credited_paragraph_under_a_picture_is_a_caption():
    picture = "<div><img src=p.jpg alt=x></div>"
    blocks, words, kinds = _blocks(
        ARTICLE + picture + "<p>The weir at dusk. Photo: Ann Lee/Reuters</p>"
        + picture + "<p>Levels since 1990. Source: River Authority</p>"
        + picture + "<p>The weir at dusk, when the gates open.</p>"
        + picture + "<p>The mayor says the weir is safe. (Photo: Ann Lee)</p>"
        + "<p>The mayor spoke at noon. Photo: the council's own pictures of the day.</p>")
    names, kept = _all_kept(blocks)
    assert [blocks[i].text[:9] for i in rules.picture_captions(
        blocks, kept, words, kinds, True, names).nonzero()[0]] == ["The weir "]


def test_captions_in_elements_named_for_them_are_dropped_as_figcaptions_are():
    blocks, words, kinds = _blocks(
        ARTICLE + "<div class=wp-caption><img src=p.jpg alt=x><p class=wp-caption-text>"
        "Volunteers fill sandbags on Mill Lane.</p></div>" + ARTICLE
        + "<div class=legend><div class=content>The weir at dusk, when the gates open."
        "</div></div><p class=captioned>The river fell by noon.</p>")
    names, kept = _all_kept(blocks)
    assert rules.picture_captions(blocks, kept, words, kinds, False, names).tolist() == [
        False, False, True, False, True, False]


def test_a_gallery_whose_captions_are_its_text_keeps_them():
    slides = "".join(_figure(f"Costume {i}: a red jumper, a white collar and a black headband "
                             "make the look in ten minutes.") for i in range(4))
    blocks, words, kinds = _blocks("<p>Cheap costumes for the party.</p>" + slides)
    names, kept = _all_kept(blocks)
    assert not rules.picture_captions(blocks, kept, words, kinds, False, names).any()


def _caption_kept(html: str, page: PageContext) -> bool:
    blocks = walk(LexborHTMLParser(html).root, None).blocks
    matrix = block_features(blocks, page)
    scores = np.where([b.kind in ("paragraph", "caption") for b in blocks], 0.9, 0.01)
    choice = choose(blocks, page, matrix, scores, 0.25, 1.0)
    assert not choice.nothing
    return bool(choice.kept[[b.kind for b in blocks].index("caption")])


def test_an_article_page_drops_photo_captions_and_a_short_page_keeps_its_figures():
    story = (f"<article>{ARTICLE}{_figure('Volunteers fill sandbags on Mill Lane.')}{ARTICLE}"
             "</article>")
    menu = "".join(f"<li><a href=/{i}>Section {i}</a></li>" for i in range(rules.SHORT_PAGE))
    long_page = f"<ul id=menu>{menu}</ul>{story}"
    article = PageContext(og_type="article")
    assert not _caption_kept(long_page, article)
    assert _caption_kept(long_page, PageContext())
    assert _caption_kept(story, article)


def test_an_article_page_drops_a_caption_in_an_element_named_for_it():
    story = (f"<article>{ARTICLE}<div class=wp-caption><img src=p.jpg alt=x>"
             f"<p class=wp-caption-text>Volunteers fill sandbags on Mill Lane.</p></div>"
             f"{ARTICLE}</article>")
    menu = "".join(f"<li><a href=/{i}>Section {i}</a></li>" for i in range(rules.SHORT_PAGE))
    blocks = walk(LexborHTMLParser(f"<ul id=menu>{menu}</ul>{story}").root, None).blocks
    caption = next(i for i, b in enumerate(blocks) if b.text.startswith("Volunteers"))
    scores = np.where([b.kind == "paragraph" for b in blocks], 0.9, 0.01)
    for page, kept_caption in ((PageContext(og_type="article"), False), (PageContext(), True)):
        choice = choose(blocks, page, block_features(blocks, page), scores, 0.25, 1.0)
        assert choice.kept[caption] == kept_caption


def test_bylines_and_date_lines_above_the_body_are_dropped_but_not_the_lead():
    blocks, words, kinds = _blocks("<h1>Flood in the square</h1><p>By Ann Lee</p>"
                                   "<p>Published on 3 May 2026</p><p>4 min read</p>"
                                   "<p>By 2030 the square gets a flood wall.</p>"
                                   "<p>The lead: water stood knee-deep in the market square for a "
                                   f"whole day.</p>{ARTICLE}<p>By the evening it was gone.</p>")
    kept = np.ones(len(blocks), dtype=bool)
    assert rules.lead_metadata(blocks, kept, words, kinds).tolist() == [
        False, True, True, True, False, False, False, False]


def test_metadata_lines_of_several_parts_and_run_together_bylines_are_dropped():
    blocks, words, kinds = _blocks("<h1>Flood in the square</h1><p><b>By</b><a href=/a>Ann "
                                   "Lee</a></p><p>3 May, 2026</p><p>By Ann Lee | 3 May 2026 | "
                                   "5 min read</p><p>May 3 2026 - Average reading time: 4 min</p>"
                                   "<p>Bylaws | Minutes</p><p>ByteDance and the square</p>"
                                   f"{ARTICLE}")
    kept = np.ones(len(blocks), dtype=bool)
    assert rules.lead_metadata(blocks, kept, words, kinds).tolist() == [
        False, True, True, True, True, False, False, False]


def test_a_metadata_line_longer_than_a_byline_with_its_separators_is_dropped():
    # Thirteen whitespace words with the dots; a sentence led by "By" of that length is
    # the story's and stays, and a metadata line with no story after it is left alone.
    line = "<p>Door Sanne de Vries · 27 nov. 2026, 16:20 · Leestijd 2 minuten</p>"
    sentence = ("<p>By Friday the council had voted to keep the old ferry running for two "
                "more winters.</p>")
    blocks, words, kinds = _blocks(f"<h1>Brug open</h1>{line}{sentence}{ARTICLE}")
    kept = np.ones(len(blocks), dtype=bool)
    assert words[1] > rules.BYLINE_WORDS
    assert rules.lead_metadata(blocks, kept, words, kinds).tolist() == [
        False, True, False, False]
    blocks, words, kinds = _blocks(f"<h1>Brug open</h1>{line}")
    assert not rules.lead_metadata(blocks, np.ones(2, dtype=bool), words, kinds).any()


def test_the_declared_authors_name_over_the_body_is_a_byline_without_by():
    blocks, words, kinds = _blocks("<h1>Flood in the square</h1><p>Ann Lee · 3 May 2026</p>"
                                   "<p>Ann Lee</p><p>Tom Reyes · 3 May 2026</p>"
                                   f"{ARTICLE}")
    kept = np.ones(len(blocks), dtype=bool)
    assert rules.lead_metadata(blocks, kept, words, kinds, "Ann Lee").tolist() == [
        False, True, True, False, False]
    assert not rules.lead_metadata(blocks, kept, words, kinds).any()
    # A month and its year alone are a post's date ("March 2026"); a place is not.
    blocks, words, kinds = _blocks("<h1>Flood in the square</h1><p>Ann Lee · March 2026</p>"
                                   f"<p>March 2026</p><p>Ann Lee · Bergen</p>{ARTICLE}")
    assert rules.lead_metadata(blocks, kept, words, kinds, "Ann Lee").tolist() == [
        False, True, True, False, False]


def _after_body(html: str) -> list[bool]:
    blocks, words, kinds = _blocks(html)
    kept = np.ones(len(blocks), dtype=bool)
    return rules.after_body(blocks, kept, words, kinds, words).tolist()


def test_short_blocks_after_the_body_outside_its_container_are_dropped():
    assert _after_body(f"<div id=story>{ARTICLE}{ARTICLE}<p>Short line in the story.</p></div>"
                       "<div id=more><h3>Bridge reopens …</h3><p>Got a story? Write to us.</p>"
                       "</div>") == [False, False, False, True, True]


def test_prose_after_the_body_outside_its_container_is_dropped():
    plea = ("<p>Local reporting takes time and money; if you value what we publish, please "
            "consider a small monthly contribution to keep it going.</p>")
    assert _after_body(f"<div id=story>{ARTICLE * 4}</div><div id=more>{plea}</div>") == [
        False, False, False, False, True]


def test_a_page_wide_comment_class_does_not_hide_the_body():
    plea = ("<p>Local reporting takes time and money; if you value what we publish, please "
            "consider a small monthly contribution to keep it going.</p>")
    assert _after_body(f"<div class=comments-open><div id=story>{ARTICLE * 4}</div>"
                       f"<div id=more>{plea}</div></div>") == [False, False, False, False, True]


def test_an_article_split_over_two_sibling_elements_keeps_its_second_half():
    assert not any(_after_body(f"<div id=page><div id=a>{ARTICLE * 2}</div>"
                               f"<div id=b>{ARTICLE * 2}</div></div>"))


def test_a_listing_whose_prose_no_container_holds_keeps_its_tail():
    cards = "".join(f"<div class=card>{ARTICLE}</div>" for _ in range(3))
    assert not any(_after_body(f"<div id=a>{cards}</div><div id=b>{ARTICLE}{ARTICLE}</div>"
                               "<p>Page 2</p>"))


def test_a_list_with_a_kept_item_inside_the_region_is_kept_whole():
    blocks, words, _ = _blocks(
        "<div id=side><ul><li><a href=/a>Archive</a></li><li><a href=/b>Tags</a></li></ul></div>"
        f"<div id=story><ol><li><a href=#a>Flatten the back</a></li><li><a href=#b>Grind the "
        f"bevel</a></li><li><a href=#c>Hone the edge</a></li></ol>{ARTICLE}{ARTICLE}</div>")
    kept = np.array([True, False, False, False, True, True, True])
    region = rules.content_region(blocks, kept, words)
    passed = np.array([True, True, True, False, True, True, True])
    assert rules.whole_lists(blocks, kept, region, passed).tolist() == [
        True, False, True, False, True, True, True]


def _code_kept(html: str) -> bool:
    blocks = walk(LexborHTMLParser(html).root, None).blocks
    matrix = block_features(blocks, PageContext())
    scores = np.where([b.kind == "code" for b in blocks], 0.1,
                      np.where([b.kind == "paragraph" for b in blocks], 0.9, 0.01))
    choice = choose(blocks, PageContext(), matrix, scores, 0.25, 1.0)
    assert not choice.nothing
    return bool(choice.kept[[b.kind for b in blocks].index("code")])


def test_a_short_page_keeps_the_structure_of_its_region_whatever_its_score():
    story = f"<div id=story>{ARTICLE}<pre>total = sum(rows)</pre>{ARTICLE}</div>"
    assert _code_kept(story)
    menu = "".join(f"<li><a href=/{i}>Section {i}</a></li>" for i in range(rules.SHORT_PAGE))
    assert not _code_kept(f"<ul id=menu>{menu}</ul>{story}")


def test_a_thread_keeps_the_replies_of_its_region_but_not_comments_on_them():
    reply = "Pour the liquid off, keep two spoonfuls and feed it twice a day for a week."
    blocks, words, kinds = _blocks(
        f"<div class=thread>{ARTICLE}<div class=answer><p>{reply}</p>"
        f"<ul class=comments><li>Moved the jar to the hallway last night and it calmed down a lot"
        f"</li></ul></div><p><a href=/q/1>Why does my bread spread flat on the tray</a></p>"
        "</div><div class=sidebar><p>Bakers who answer here get a badge after ten accepted "
        "answers.</p></div>")
    kept = np.array([True, False, False, False, False])
    region = rules.content_region(blocks, kept, words)
    assert region == blocks[0].ancestors[-2]
    assert rules.thread_posts(blocks, kept, words, kinds, region).tolist() == [
        False, True, False, False, False]


def test_prose_beside_kept_text_joins_but_a_notice_in_its_own_box_does_not():
    loose = "Lorem ipsum dolor sit amet, the ferry left at dawn and crossed the sound in an hour."
    notice = "We use cookies to improve your experience on this site. Accept all cookies now?"
    blocks, words, kinds = _blocks(
        f"<body><div class=notice><p>{notice}</p></div><div>{loose}<br><br>{ARTICLE}</div>"
        f"<p>{loose}</p></body>")
    kept = np.array([False, False, True, False])
    assert rules.sibling_prose(blocks, kept, words, kinds).tolist() == [
        False, True, False, False]
    # A closing paragraph straight in the wrapper whose inner boxes hold the kept text.
    closing = "The open day is on the first Saturday of June, and everyone is welcome to come."
    blocks, words, kinds = _blocks(
        f"<body><div id=wrap><div class=intro>{ARTICLE}</div><div class=body>"
        f"<div class=inner>{ARTICLE}</div></div><p>{closing}</p></div>"
        f"<div class=notice><p>{closing}</p></div></body>")
    kept = np.array([True, True, False, False])
    assert rules.sibling_prose(blocks, kept, words, kinds).tolist() == [
        False, False, True, False]


def test_a_sentence_between_kept_blocks_of_its_element_is_kept_a_label_is_not():
    blocks, words, kinds = _blocks(f"<div id=story>{ARTICLE}<p>Nobody was hurt.</p>{ARTICLE}"
                                   f"<p>Perspectives</p>{ARTICLE}</div><div id=menu>{ARTICLE}"
                                   "</div><p>Sign up for the morning briefing today.</p>"
                                   f"<div id=end>{ARTICLE}</div>")
    kept = np.array([True, False, True, False, True, True, False, True])
    assert rules.gap_blocks(blocks, kept, words, kinds).tolist() == [
        False, True, False, False, False, False, False, False]


def _named_chrome(blocks: list[Block], words: np.ndarray) -> np.ndarray:
    names, kept = _all_kept(blocks)
    region = rules.content_region(blocks, kept, words)
    return rules.named_chrome_blocks(blocks, names, kept, words, region)


def test_kept_blocks_of_a_sidebar_or_menu_go_unless_they_hold_the_text():
    widget = ("<div class=widget><p>I am a nurse who bakes on her days off and has kept a "
              "starter alive since 2019.</p></div>")
    blocks, words, kinds = _blocks(f"<div id=content>{ARTICLE}{ARTICLE}</div>"
                                   f"<div id=sidebar>{widget}</div>")
    assert _named_chrome(blocks, words).tolist() == [False, False, True]
    blocks, words, kinds = _blocks(f"<div class=has-sidebar><div id=content>{ARTICLE}</div>"
                                   f"<div class=sidebar-left>{ARTICLE}{ARTICLE}</div></div>")
    assert not _named_chrome(blocks, words).any()
    # A wrapper naming the layout holds the text too: its class is the region's, no box.
    blocks, words, kinds = _blocks(f"<div class=has-sidebar><div id=content>{ARTICLE}"
                                   f"{ARTICLE}{ARTICLE}</div><div class=sidebar-left>{widget}"
                                   "</div></div>")
    assert _named_chrome(blocks, words).tolist() == [False, False, False, True]
    blocks, words, kinds = _blocks("<div class=menu><ul><li><a href=/a>Rivers</a></li><li>"
                                   f"<a href=/b>Lakes</a></li></ul></div><div>{ARTICLE}</div>")
    assert _named_chrome(blocks, words).tolist() == [True, True, False]
    blocks, words, kinds = _blocks("<div class=site-header><p>A weaver's notebook from the "
                                   "Welsh borders.</p></div><div class=entry-header><h1>Notes"
                                   f" on a borrowed loom</h1></div><div>{ARTICLE}</div>")
    assert _named_chrome(blocks, words).tolist() == [True, False, False]


STARTER = "My starter has smelled of nail polish since I moved it beside the radiator last week."
FEED = "That smell is a hungry culture; feed it twice a day and keep it somewhere cooler."
THANKS = "Moved the jar to the hallway last night and it calmed down a lot, thank you."


def _post(body: str, specs: str = "") -> str:
    panel = f"<aside class=author-panel><p>{specs}</p></aside>" if specs else ""
    return (f"<div class='post comment-entry'>{panel}<div class=comment-body><p>{body}</p>"
            "</div></div>")


def test_a_thread_whose_replies_are_named_comments_keeps_the_dropped_ones():
    opening = f"<div class=topic-body><p>{STARTER * 3}</p></div>"
    replies = "".join(_post(f"{FEED} Reply {n}.") for n in range(4))
    specs = "Oven: Rofco B40 | Flour: Shipton Mill No. 4 | Starter: rye, since 2019 | Tin: cane"
    last = _post("Same happened to mine in the summer, and a week of feeding sorted it.", specs)
    blocks, words, kinds = _blocks(f"<main class=topic>{opening}{replies}{last}</main>")
    kept = np.array([True] * 5 + [False, False])
    region = rules.content_region(blocks, kept, words)
    assert kinds.comment.tolist() == [False] + [True] * 6
    assert rules.comment_posts(blocks, kept, words, kinds, region).tolist() == [
        False] * 6 + [True]  # the last reply; its author panel's specs stay out
    assert not rules.thread_posts(blocks, kept, words, kinds, region).any()
    # Every post in comment containers, the opening one too (the forum wraps them all):
    # which replies the thread's reference holds is left to the cut.
    blocks, words, kinds = _blocks(f"<main class=topic>{_post(STARTER * 3)}{replies}{last}</main>")
    region = rules.content_region(blocks, kept, words)
    assert not rules.comment_posts(blocks, kept, words, kinds, region).any()


def test_replies_after_one_opening_post_are_kept_when_the_cut_kept_few():
    # The opening post outside comment containers, then the replies in them; the cut
    # kept two replies, so comment containers hold under half of the kept words.
    opening = f"<div class=field-name-body><p>{STARTER * 2}</p><p>{STARTER * 2}</p></div>"
    replies = "".join(_post(f"{FEED} Reply {n}.") for n in range(4))
    blocks, words, kinds = _blocks(f"<main class=topic>{opening}<section class=replies>"
                                   f"{replies}</section></main>")
    kept = np.array([True, True, True, True, False, False])
    region = rules.content_region(blocks, kept, words)
    assert rules.comment_posts(blocks, kept, words, kinds, region).tolist() == [
        False] * 4 + [True, True]
    # A Q&A page: the comments under the kept answer sit in the answer's own element, or
    # come before an answer kept after them, outside comment containers.
    answer = f"<div class=answer><p>{FEED} {FEED}</p>"
    comments = _post(THANKS) + _post(f"{THANKS} Mine too.")
    question = f"<div class=question><p>{STARTER * 3}</p>"
    for page, kept in ((f"{question}</div>{answer}{comments}</div>", [True] * 3 + [False]),
                       (f"{question}{comments}</div>{answer}</div>", [True, True, False, True])):
        blocks, words, kinds = _blocks(f"<div class=topic>{page}</div>")
        kept = np.array(kept)
        region = rules.content_region(blocks, kept, words)
        assert not rules.comment_posts(blocks, kept, words, kinds, region).any()


def test_comments_under_kept_posts_outside_comment_containers_stay_out():
    blocks, words, kinds = _blocks(
        f"<div class=topic><div class=question><p>{STARTER}</p></div><div class=answer>"
        f"<p>{FEED}</p>{_post(THANKS)}</div></div>")
    kept = np.array([True, True, False])
    region = rules.content_region(blocks, kept, words)
    assert not rules.comment_posts(blocks, kept, words, kinds, region).any()


def _card(n: int, author: str, text: str = "") -> str:
    return (f"<div class=card id=card-{n}><h3>Evening walk number {n} along the old canal</h3>"
            f"<p class=date>{n} May 2026</p><p class=byline>{author}</p>{text}</div>")


def test_a_field_kept_in_most_cards_of_a_grid_is_kept_in_all():
    blocks, words, kinds = _blocks(
        "<main><div class=grid>" + "".join(_card(n, f"Walker {n}") for n in range(1, 5))
        + "</div></main>")
    kept = np.zeros(len(blocks), dtype=bool)
    kept[[0, 3, 6, 9, 1, 4, 7, 2]] = True  # titles 1-4, dates 1-3, the first byline
    region = rules.content_region(blocks, kept, words)
    assert rules.card_fields(blocks, kept, words, region).tolist() == [
        False] * 10 + [True, False]  # the fourth date; bylines (1 of 4 kept) stay out


def test_a_grid_below_an_element_too_big_for_one_is_still_a_grid():
    # main holds a story of more than CARD_BLOCKS paragraphs before the grid: main is no
    # grid, and the lineage walk stops there, but the grid inside it is counted whole.
    story = "<div class=story>" + "<p>The canal path reopened after the winter works.</p>" * (
        rules.CARD_BLOCKS + 2) + "</div>"
    blocks, words, kinds = _blocks(
        f"<main>{story}<div class=grid>" + "".join(_card(n, f"Walker {n}") for n in range(1, 5))
        + "</div></main>")
    first = rules.CARD_BLOCKS + 2
    kept = np.zeros(len(blocks), dtype=bool)
    kept[:first] = True
    kept[[first + i for i in (0, 3, 6, 9, 1, 4, 7, 2)]] = True
    region = rules.content_region(blocks, kept, words)
    assert rules.card_fields(blocks, kept, words, region).tolist() == [False] * (first + 10) + [
        True, False]  # the fourth date, as in a grid alone


def test_a_cards_long_text_and_a_grid_of_two_are_left_to_the_cut():
    excerpt = "<p class=excerpt>" + "The towpath was dry and the herons stood still. " * 4 + "</p>"
    blocks, words, kinds = _blocks(
        "<main><div class=grid>" + "".join(_card(n, "Walker", excerpt) for n in range(1, 4))
        + "</div></main>")
    kept = np.ones(len(blocks), dtype=bool)
    kept[[9, 11]] = False  # the third date and the third excerpt
    region = rules.content_region(blocks, kept, words)
    assert rules.card_fields(blocks, kept, words, region).tolist() == [False] * 9 + [
        True, False, False]
    blocks, words, kinds = _blocks(
        "<main><div class=grid>" + _card(1, "Ann") + _card(2, "Bo") + "</div></main>")
    kept = np.array([True, True, True, True, False, True])
    region = rules.content_region(blocks, kept, words)
    assert not rules.card_fields(blocks, kept, words, region).any()


def _dates_kept(page: PageContext) -> list[bool]:
    html = ("<main><div class=grid>" + "".join(_card(n, f"Walker {n}") for n in range(1, 5))
            + "</div></main>")
    blocks = walk(LexborHTMLParser(html).root, None).blocks
    matrix = block_features(blocks, page)
    scores = np.array([0.9, 0.8, 0.01] * 3 + [0.9, 0.01, 0.01])  # the fourth date dropped
    choice = choose(blocks, page, matrix, scores, 0.25, 1.0)
    assert not choice.nothing
    return choice.kept[1::3].tolist()


def test_a_listing_keeps_every_cards_date_but_an_article_page_leaves_its_grid_to_the_cut():
    assert _dates_kept(PageContext(url="https://towpath.example.org/walks/")) == [True] * 4
    article = PageContext(url="https://towpath.example.org/walks/", jsonld_types=("Article",))
    assert _dates_kept(article) == [True] * 3 + [False]


def test_the_few_kept_entries_of_a_menu_the_cut_mostly_dropped_are_dropped():
    # The cut kept the story, its reading list and three long entries of the footer's menu
    # of three lists (18 entries): those go, the reading list inside the region stays.
    html = (Path(__file__).resolve().parents[1] / "fixtures" / "selector"
            / "society_blog_mega_footer.html").read_text("utf-8")
    blocks, words, kinds = _blocks(html)
    texts = [b.text for b in blocks]
    story = [i for i, t in enumerate(texts) if i >= texts.index(
        "What new research means for hearing clinics") and i <= texts.index(
        next(t for t in texts if t.startswith("Marsh, L.")))]
    strays = [i for i, t in enumerate(texts) if t.startswith(
        ("Certification and continuing", "The national registry", "Governance meetings"))]
    kept = np.zeros(len(blocks), dtype=bool)
    kept[story + strays] = True
    region = rules.content_region(blocks, kept, words)
    assert rules.stray_menu_items(blocks, kept, kinds, region).nonzero()[0].tolist() == strays
    kept[[i for i, t in enumerate(texts) if t in ("Staff", "Ethics", "Podcasts", "Press",
                                                   "Telehealth")]] = True
    assert not rules.stray_menu_items(blocks, kept, kinds, region).any()  # 8 of 18: a list


def _contents(html: str, url: str | None = None) -> list[bool]:
    blocks, _, kinds = _blocks(html)
    return rules.contents_lists(blocks, np.ones(len(blocks), dtype=bool), kinds, url).tolist()


def test_a_table_of_contents_and_its_label_are_dropped_but_not_other_link_lists():
    items = "".join(f"<li><a href='#part-{n}'>Part {n} of the flood story</a></li>"
                    for n in range(1, 4))
    assert _contents(f"<p>In this article</p><ol>{items}</ol>{ARTICLE}") == [
        True, True, True, True, False]
    # the page's own address with a fragment, as a resolved link reads
    own = "".join(f"<li><a href='https://ex.example/flood/#p{n}'>Part {n}</a></li>"
                  for n in range(1, 4))
    assert _contents(f"{ARTICLE}<ul>{own}</ul>", "https://ex.example/flood/") == [
        False, True, True, True]
    assert not any(_contents(f"{ARTICLE}<ul>{own}</ul>", "https://ex.example/drought/"))
    # the story's title over its contents stays
    assert _contents(f"<h1>The flood</h1><ol>{items}</ol>") == [False, True, True, True]
    # too short a list, links to other pages, or text beside each link: not contents
    two = "".join(f"<li><a href='#part-{n}'>Part {n}</a></li>" for n in range(1, 3))
    assert not any(_contents(f"<p>Contents</p><ol>{two}</ol>"))
    elsewhere = "".join(f"<li><a href='/reports/{n}'>Report {n}</a></li>" for n in range(3))
    assert not any(_contents(f"<p>Sources</p><ul>{elsewhere}</ul>"))
    picks = "".join(f"<li><b>Best for towns:</b> <a href='#pick-{n}'>Pick {n}</a></li>"
                    for n in range(3))
    assert not any(_contents(f"<p>Our picks</p><ul>{picks}</ul>"))
def test_a_sites_notes_under_the_content_are_dropped_but_not_a_grid_of_cards():
    # A docs page: its text and code, then the edit links and who funded it;
    # a single link under the text may be its source.
    blocks, words, kinds = _blocks(
        f"<main>{ARTICLE}<pre>keys rotate --grace 24h</pre>"
        "<div><a href=/edit>Edit this page</a> <a href=/issue>Create an issue</a></div>"
        "<div>Supported by the Harbour Trust</div>"
        "<p><a href=https://tides.example.org>https://tides.example.org</a></p></main>")
    kept = np.ones(len(blocks), dtype=bool)
    assert rules.trailing_notes(blocks, kept, words, kinds).tolist() == [
        False, False, True, True, False]
    # A shop's intro over four linked cards: the cards are the content.
    cards = "".join(f"<div class=card><a href=/p{n}>Oak shelf number {n}</a></div>"
                    for n in range(4))
    blocks, words, kinds = _blocks(f"<main>{ARTICLE}{cards}</main>")
    assert not rules.trailing_notes(blocks, np.ones(len(blocks), dtype=bool), words,
                                    kinds).any()


def test_a_podcast_box_between_the_paragraphs_goes_with_its_short_lines():
    blocks, words, kinds = _blocks(
        f"<article>{ARTICLE}<div class=embed><h3>Listen: The Harbour Podcast</h3>"
        "<p>Episode 40: the people who mend the nets.</p><div><a href=/play>Play</a></div>"
        f"</div>{ARTICLE}</article>")
    kept = np.array([True, True, True, False, True])
    assert rules.boxed_headings(blocks, kept, words, kinds).tolist() == [
        False, True, True, False, False]
    # A section of the story titled so, whose paragraph is prose, stays.
    blocks, words, kinds = _blocks(f"<article>{ARTICLE}<div><h3>Listen to the sea</h3>"
                                   f"{ARTICLE}</div>{ARTICLE}</article>")
    assert not rules.boxed_headings(blocks, np.ones(len(blocks), dtype=bool), words,
                                    kinds).any()


def test_a_heading_outside_the_region_over_its_own_kept_box_is_kept():
    # A live page: "Key points" over its summary list, in a box above the entries.
    blocks, words, kinds = _blocks(
        "<main><div class=summary><h2>Key points</h2><ul><li>Ferries cancelled today</li>"
        "<li>Schools closed on the islands</li></ul></div><h2>Elsewhere</h2>"
        f"<div class=entries>{ARTICLE}{ARTICLE}{ARTICLE}</div></main>")
    kept = np.array([False, True, True, False, True, True, True])
    region = rules.content_region(blocks, kept, words)
    assert region == blocks[4].ancestors[-2]
    headings = kinds.heading.copy()
    assert rules.section_headings(blocks, kept, region, headings).tolist() == [
        True, True, True, False, True, True, True]


def test_a_customer_review_heading_the_cut_dropped_still_opens_its_section():
    blocks, words, kinds = _blocks(
        "<main><h1>Pour-over kettle</h1><p>A kettle with a narrow spout for a slow pour.</p>"
        "<h2>Customer reviews</h2><p>4.5 out of 5</p><p>2,318 global ratings</p>"
        "<h2>Delivery</h2><p>Ships in two days.</p></main>")
    kept = np.array([True, True, False, True, True, True, True])
    names = rules.ContainerNames(blocks, kept)
    assert rules.customer_reviews(blocks, names, kept, words, kinds,
                                  declared=False).tolist() == [
        False, False, True, True, True, False, False]


def test_a_link_back_and_menu_entries_above_the_title_go_even_inside_the_region():
    # No element but <body> holds the text, so the region holds the link and the menu too.
    menu = "".join(f"<li><a href=/m{n}>Entry {n}</a></li>" for n in range(3))
    blocks, words, kinds = _blocks(
        f"<body><p><a href=/>Back to the association</a></p><ul>{menu}</ul>"
        f"<p>Two words</p><h1>Minutes of the April meeting</h1>{ARTICLE}{ARTICLE}</body>")
    kept = np.ones(len(blocks), dtype=bool)
    title = np.array([b.heading_level == 1 for b in blocks])
    region = rules.content_region(blocks, kept, words)
    assert rules.before_title(blocks, kept, words, title, region, title, kinds).tolist() == [
        True, True, True, True, False, False, False, False]


def _in_table(blocks: list[Block]) -> np.ndarray:
    return np.array([bool(b.flags & BlockFlag.IN_TABLE) for b in blocks])


def test_a_story_cells_side_column_in_a_layout_table_goes():
    blocks, words, kinds = _blocks(
        f"<table><tr><td class=story>{ARTICLE}{ARTICLE}</td><td class=side><b>Weather</b><br>"
        "Showers, wind south-west.</td></tr></table>")
    kept = np.ones(len(blocks), dtype=bool)
    assert rules.side_cells(blocks, kept, words, _in_table(blocks)).tolist() == [False, False, True]
    # The story as loose text straight in its cell, split by <br>s.
    text = ARTICLE[3:-4]
    blocks, words, kinds = _blocks(
        f"<table><tr><td>{text}<br><br>{text.upper()}</td><td>Showers, wind south-west.</td>"
        "</tr></table>")
    assert rules.side_cells(blocks, kept, words, _in_table(blocks)).tolist() == [False, False, True]
    blocks, words, kinds = _blocks(f"<div class=story>{ARTICLE}{ARTICLE}</div>"
                                   "<div class=side>Showers, wind south-west.</div>")
    assert not rules.side_cells(blocks, kept, words, _in_table(blocks)).any()


def test_a_dialogs_lines_under_the_content_go():
    blocks, words, kinds = _blocks(
        f"<main>{ARTICLE}</main><div class=pricing-modal-inner><h3>Your price</h3>"
        "<p>What is your address?</p></div><p>Three short words</p>")
    kept = np.ones(len(blocks), dtype=bool)
    assert rules.trailing_notes(blocks, kept, words, kinds).tolist() == [
        False, False, True, False]
    # A CMS's page-wide wrapper named for dialogs holds the content too.
    blocks, words, kinds = _blocks(
        f"<div class=dialog-off-canvas-main-canvas><main>{ARTICLE}</main>"
        "<p>Learn more about the river.</p></div>")
    assert not rules.trailing_notes(blocks, np.ones(2, dtype=bool), words, kinds).any()


def test_teaser_cards_excerpts_go_on_a_page_declared_nothing_too():
    excerpt = "What changed when I left the bike at home for a whole winter, and what I kept."
    cards = "".join(f"<div class=more-item><a href=/p{n}>Walking to work, part {n}</a>"
                    f"<p>{excerpt}</p></div>" for n in range(2))
    second = ARTICLE.replace("river", "canal")  # a repeat would go as one
    html = (f"<div class=post><h1>On keeping a weather diary</h1>{ARTICLE}{second}</div>"
            f"<div class=more><h3>Also on Small Hours</h3>{cards}</div>")
    blocks = walk(LexborHTMLParser(html).root, None).blocks
    page = PageContext(url="https://smallhours.example.net/weather-diary/")
    matrix = block_features(blocks, page)
    scores = np.array([0.9, 0.9, 0.9, 0.1, 0.1, 0.8, 0.1, 0.8])
    assert choose(blocks, page, matrix, scores, 0.25, 1.0).kept.tolist() == [
        True, True, True, False, False, False, False, False]
    # One such card alone may be the text's closing line under a linked heading.
    blocks = blocks[:6]
    assert choose(blocks, page, matrix[:6], scores[:6], 0.25, 1.0).kept.tolist() == [
        True, True, True, False, False, True]


@pytest.mark.parametrize("question", ["Was this page helpful?", "Is this article useful?",
                                      "War diese Seite hilfreich?",
                                      "Cette page vous a-t-elle été utile ?",
                                      "¿Te ha resultado útil?", "Czy ta strona była pomocna?"])
def test_a_docs_pages_feedback_question_under_the_code_goes(question):
    blocks, words, kinds = _blocks(f"<main>{ARTICLE}<pre>client = Client(timeout=5)</pre>"
                                   f"<div class=feedback><p>{question}</p><button>Yes</button>"
                                   "</div></main>")
    kept = np.ones(len(blocks), dtype=bool)
    assert rules.trailing_notes(blocks, kept, words, kinds).tolist() == [False, False, True]


@pytest.mark.parametrize(("text", "count"), [
    ("3 条评论", 3),  # a count and a run of three characters, rounded up
    ("东门菜市场于本周一重新开门迎客。", 8),  # sixteen characters with the full stop
    ("コメント（3件）", 5),  # full-width brackets are of the runs the digit splits
    ("ตลาดเปิดใหม่แล้ว", 4),  # Thai: sixteen characters with its vowel marks
    ("Read 4 comments", 3),  # a spaced script is whitespace words
])
def test_a_script_without_spaces_counts_by_its_characters(text, count):
    assert rules.text_words(text) == count


def test_a_chinese_pages_rule_words_read_its_characters():
    story = "<p>" + "市场管理处表示摊位租金在三年内保持不变原有摊主全部优先回迁。" * 3 + "</p>"
    blocks, words, _ = _blocks(f"<div>{story}<p>3 条评论</p></div>")
    assert words.tolist() == [1, 2]  # the model's feature: whitespace words
    assert rules.reading_words(blocks, words).tolist() == [45, 3]
    latin, latin_words, _ = _blocks(f"<div>{ARTICLE}</div>")
    assert rules.reading_words(latin, latin_words) is latin_words


# The first and last characters of each range written without spaces, and characters just
# outside them or sharing their UTF-8 lead byte (Devanagari, Lao, Hangul, an emoji, a lone
# surrogate), each in a page of Latin prose with typographic quotes and dashes.
@pytest.mark.parametrize("char", [
    "\u0e00", "\u0e7f", "\u3000", "\u30ff", "\u3400", "\u4dbf", "\u4e00", "\u9fff",
    "\uf900", "\ufaff", "\uff00", "\uffef"])
def test_a_page_holding_one_unspaced_character_is_counted_again(char):
    blocks, words, _ = _blocks(f"<div>{ARTICLE}<p>Read “this” — now</p></div>")
    blocks[1] = dataclasses.replace(blocks[1], text=f"Read “this” — now{char}")
    assert rules.reading_words(blocks, words).tolist() == [words[0], 5]


@pytest.mark.parametrize("char", [
    "\u0dff", "\u0900", "\u0e80", "\u2fff", "\u3100", "\uac00", "\ud800", "\uf8ff", "\ufff0",
    "\U0001f600"])
def test_a_page_without_unspaced_characters_keeps_its_words(char):
    blocks, words, _ = _blocks(f"<div>{ARTICLE}<p>Read “this” — now</p></div>")
    blocks[1] = dataclasses.replace(blocks[1], text=f"Read “this” — now{char}")
    assert rules.reading_words(blocks, words) is words
