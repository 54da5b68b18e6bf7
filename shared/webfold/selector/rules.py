"""Structure-level rules applied after the model's cut: what a reader needs is kept, what
a reader never came for is dropped, whatever single block scores say.

They work from the content region: the deepest element holding at least
`REGION_SHARE` of the kept words outside links and two kept blocks or more (a block's
own element does not count, nor a wrapper around one paragraph: a product's description
in its tab panel beside the spec table's; WCXB forum +0.004 replayed, one page 0.167 ->
0.617, collection one page better, none worse, Trafilatura-dev unchanged), widened to an
enclosing `<article>`. Then:

- `keep_structure`: code blocks, data tables (not link tables), definition lists and
  figures (images, and captions that read as a sentence: a picture credit is no
  structure) inside the region are kept when they pass the mode's floor, whatever the
  page's cut; `keep_marked`: math, footnote definitions and admonitions (callouts that
  name their kind, role=note) inside it are kept whatever their score;
  `section_headings`: a heading inside it that passes the floor is kept over a kept block.
- On a short page (`SHORT_PAGE` blocks or fewer: a test page, a note, a small doc) the
  region's structure is kept whatever its score (a figure's caption with its image), and
  its lists whole: `whole_lists` keeps the items that pass the floor of a list with an
  item kept (a table of contents whose last entry alone passed the cut). A short page
  has few blocks to tell the model what is around them, and what it drops there is what
  the reader came for. Since 2026-12-07, on a short page not an article's, `sibling_rows`
  keeps rows of one shape (paragraphs of FIELD_WORDS words or fewer sharing parent, tag
  and class tokens, MIN_CARDS or more) of which the cut kept half: a product's spec rows
  set as `<div>`s, whose last row scored like the buy button after it (fold models of
  that morning: no WCXB or Trafilatura-dev page and no short page moved; without the
  word cap, or on articles too, lines the cut had dropped among a story's paragraphs came
  back: Trafilatura-dev fp +1, two articles -0.012 and -0.005).
- `card_fields` (pages declared neither an article nor a thread): in a grid of cards
  inside the region (an element with MIN_CARDS or more children of 2 to CARD_BLOCKS
  blocks), a field of FIELD_WORDS words or fewer (a title, date, author, price) that the
  cut kept in at least half the cards that have it is kept in every card, whatever its
  score: a listing's items share one template. Replayed on the out-of-fold scores of
  2026-12-03: WCXB 0.8784 -> 0.8790, listing 0.7518 -> 0.7534 (19 pages better, 13
  worse), collection 0.7152 -> 0.7193 (27/15), service +0.0005, documentation +0.0004,
  product +0.0004 (10/12), article +0.0001, forum unchanged; Trafilatura-dev 0.9438 ->
  0.9442. Left out: fields of any length (product -0.0014: buyers' reviews in cards),
  under the floor only (listing +0.0001 at 8-12 words), only in cards with a kept block
  (listing +0.0011), on article pages too (Trafilatura-dev 0.9410), on thread pages
  (forum -0.0006: posts are no listing), single-block children as cards (a short page's
  "Back to ..." link joined its paragraphs).
- `teaser_blocks`: a heading (or a short label) naming a teaser list ("Most popular",
  "More from ...", "Trending", "You may also like", in English, German, French,
  Spanish, Polish) after an article body starts a section that is dropped
  (`section_after`: the blocks after it inside the deepest element holding it and the
  next block, or, when that element holds the article too, up to the next heading of
  its level or the story's next paragraph standing in it: a list set into the text).
  On a page declared neither an article nor a thread, only after TEASER_AFTER_WORDS kept
  words and when the section holds fewer kept words than come before it (a blog index's
  "Latest articles" under its featured row: WCXB listing +0.0022 replayed, 2 pages changed),
  or anywhere when a kept paragraph of prose stands right before the label and right
  after the section (`_teasers_inside_text`: a "Zobacz także" box between a news story's
  lead and its body; fold models of 2026-12-06: one Trafilatura-dev page, fp -1, no WCXB
  page moved; the two paragraphs in one element was too strict for that page).
  An author's or reviewer's box under its heading ("About the author", "Über die
  Autorin", "O autorze") goes the same way (replayed on the out-of-fold scores of
  2026-12-03: WCXB article 0.9532 -> 0.9534, 3 pages better, 1 worse: 4503 0.115 -> 0.066,
  whose reference is another text; product one page -0.002, Amazon's "About the Author"
  of a book; Trafilatura-dev unchanged; with "About the expert" a car guide's expert
  panel, which WCXB keeps, went too).
  On a page declared a thread the same goes for "Suggested topics", "Similar threads",
  "Hot Network Questions". A short block led by "À lire aussi »",
  "Lesen Sie auch:", "Dowiedz się więcej:", "Siehe auch" over a line break and the like
  and mostly link text (a link to another story inside the text) is dropped too; with
  "You might also like:", "Don't miss:", "Recommended:", "Related stories:" and "Read
  next:" since 2026-12-06 (fold models of that morning: WCXB article +0.0055 summed, 3
  pages better, none worse; Trafilatura-dev unchanged). Since that evening the lead may
  stand as a label of its own ending with its mark ("Weiterlesen:") over a short linked
  block, not a list item ("See also:" over a list of links is a document's or an
  answer's references: one WCXB forum page lost 0.005 with it); both go (same fold
  models: one Trafilatura-dev page, fp -1; no WCXB page moved). Since 2026-12-07
  (html-quality16) also "More in ...", "Im Trend", "Meistgelesene", "Tendances",
  "Dernières actualités", "Más noticias", "Tendencias", "Najczęściej czytane", "Więcej
  z ...", "猜你喜欢", "相关推荐", "الأكثر مشاهدة": undated cards of a headline and a
  one-sentence excerpt after a short story, holding more words than it, are no grid
  `card_grid_blocks` may take (m14's fold models: WCXB listing one page better, a news
  list's "More in this category" 0.722 -> 0.743; "Up next" as well cost an article 0.014).
- `card_grid_blocks` (pages declared an article): an element with three or more
  children each holding a date stamp ("20 April 2026", "3h ago", "vor 2 Stunden"),
  all after the other kept text or all before it, holding under half of the kept
  words: teaser cards without a teaser heading, a slider of headlines above the story.
  Until 2026-12-06 the grid was the element shared by three stamps in a row, each pair
  of neighbours having it as their deepest common element, so cards set in rows of two,
  or an undated partner card between dated ones, made no grid; with the fold models of
  2026-12-06, WCXB article 0.9536 -> 0.9540 (one page, 0.671 -> 0.990: a travel
  magazine's "Read this next" cards), every other type and Trafilatura-dev unchanged.
  Since the night of 2026-12-07 also on pages declared nothing (neither an article nor a
  thread: `headed`), the grid after the kept text only, when its dated cards each hold
  a linked headline, one stamp at most stands outside it, fewer than three linked
  headings are kept outside it and the other kept text has an element of its own
  (fold models B0: one WCXB page better, a
  research institute's story over its dated news cards 0.991 -> 0.996, none worse; the
  grid's shape alone cost two BBC section pages 0.256 and 0.065 and a home page's
  "Latest posts" 0.003). Since 2026-12-07 (html-quality13) a card there may hold its
  excerpt (a paragraph of prose) instead of a date: a linked headline and its excerpt
  (fold models B0: WCXB one page better, a Rust API page's trait cards 0.726 -> 0.749,
  none worse; Trafilatura-dev the same).
- `cards_before_title` (pages declared an article; since 2026-12-07, html-quality16): an
  element before the first kept title heading, not holding it, with MIN_CARDS or more
  children that each hold a kept linked heading: other stories' cards above the story
  (a carousel of headlines and excerpts, undated, holding more words than a short
  story, so `before_title`'s share and `card_grid_blocks`' stamps leave it). m14's fold
  models: no WCXB or Trafilatura-dev page moved.
- `stacked_stories` (pages declared an article; since 2026-12-07, html-quality13): an
  endless scroll's next stories under the page's own, each in an element of the same
  template (H1s of one tag path and of the same class and id tokens but for digits:
  "article-0", "article-1") whose H1 does not repeat `<title>` while the first does:
  every kept block in those elements goes (fold models B0: Trafilatura-dev 0.9545 ->
  0.9548, fp 88 -> 87, a Paraguayan paper's page that kept three more whole stories; no
  WCXB page moved).
- `lead_metadata` (pages declared an article): bylines and date lines above the body
  ("By Ann Lee", "Published on 3 May 2026", "4 min read"); the lead paragraph stays.
  Since 2026-12-06 a date before a byline too ("April 4, 2026 by Ines Carvalho"), and
  a reading or listening time without "read" ("4 min" beside a "Listen" button; no WCXB
  or Trafilatura-dev page moved by either), and a count standing alone ("31", "1.2K":
  a story's responses and claps; one WCXB page +0.0019, Trafilatura-dev the same).
  Since the afternoon of 2026-12-06 an author's job title set under the name ("Staff
  Engineer", "Senior Reporter, The Ledger"; no WCXB or Trafilatura-dev page moved).
  Since the evening of 2026-12-06 a line of such parts split by a separator ("By Ann Lee |
  3 May 2026 | 5 min read", "February 4 2026 - Average reading time: 12 min"), a byline
  whose name a theme runs into "By" ("ByKathy Owen ...") and a date with a comma after
  its month ("15 Dec, 2025"; fold models of that morning: WCXB article 4 pages better,
  none worse; Trafilatura-dev the same). Since later that evening the page's declared
  author (its metadata's, `PageContext.metadata.author`) is a byline without "By" ("Tomasz
  Reilly · 3 March 2026" over a blog post: a new short page 0.977 -> 1.000; one WCXB
  article +0.0003, no other dev page moved, 619 of the 1,964 declaring an author).
  Since late that evening the author's note above the body goes too: paragraphs of
  AUTHOR_BIO_WORDS words or fewer, before the first other kept paragraph of prose, led
  by the declared author's name or first name and a verb ("Ines is a technology writer
  who has covered ..."; a tech site's header). Since 2026-12-07, on pages declared no
  article, those set in an `<address>` (`address_bylines`); and a job title after a
  name and a comma ("Sam Whitlow, Local Democracy Reporter"; no dev page moved).
  Since the night of 2026-12-07, on pages declared no article, also paragraphs right
  under the page's title heading (an H1 or a heading repeating `<title>`), before its
  first kept paragraph of prose and the next heading (not an index of days in a list,
  an event's date in a definition list, a blog index's first card); "Words by",
  "Illustrations by" lead a byline, and the declared author with a date line after a
  space ("Felix Moreau 3 min read") is one (fold models B0: WCXB 14 pages better by
  0.0001-0.0073, none worse; Trafilatura-dev the same; two new short pages 0.973 and
  0.978 -> 1.000). Since 2026-12-07 (html-byline11) the name in a byline these two drop
  (`byline_author`: "By Alan Pryce | 3 May 2026" -> "Alan Pryce") is the author of a
  page that declares none (`Choice.byline_author`), and on such a page they also read
  the short paragraphs under the title the cut dropped (`byline_reach`), for the name
  only: the text does not change (WCXB: Markdown identical on all 1,497 pages, 40 more
  with an author).
  Since 2026-12-07 (html-quality13) the lead runs past a standfirst to the byline under
  it: when the first kept paragraph of prose is followed by a byline, the lead ends at
  the second (`_lead_end`; "Follow these steps ..." over "By Amelie ... 5 min read").
  Fold models B0: WCXB 0.88364 -> 0.88365 (6 articles better by 0.0007-0.0114, none
  worse), Trafilatura-dev 0.9535 -> 0.9538 (fp 91 -> 90).
- `after_body` (pages declared an article): kept blocks after the body container's
  last paragraph of prose that lie outside it (the body container: the element holding
  most of the prose outside comment containers, found as the content region is), when
  that container holds most of the kept words: headlines without a teaser heading, "Got
  a story?" lines, form notes, and prose too (a plea for money or a subscription, a
  teaser card's excerpt, an author box, a site's privacy notice). Until 2026-12-06 the
  tail began after the page's last kept paragraph of prose, so prose after the story
  kept everything before it; replayed on the out-of-fold scores of 2026-12-06,
  Trafilatura-dev 0.9436 -> 0.9456 (4 pages better, none worse: fp -6, tp unchanged),
  WCXB 0.8781 -> 0.8782 (article 0.9533 -> 0.9536, 8 pages better, 3 worse: buying
  guides whose FAQ or method section follows the body's element; service one page
  worse, a contact paragraph under an og:article page; product one better). The body
  found at half or 60% of the prose instead of 75% cut articles split over sibling
  elements (article 0.9529, 11 pages worse). The body container is the deepest such
  element, not widened to an enclosing `<article>` as the content region is: a theme
  that sets its author box, sign-up box and "Keep reading" cards inside the post's
  `<article>`, after the `<div>` of its text, had its author's bio kept (no WCXB or
  Trafilatura-dev page moved, fold models of 2026-12-06).
- `quote_cards` (pages declared an article, before `after_body`): a run of QUOTE_CARDS
  or more sibling cards of one shape, each paragraphs only, a sentence and under it a
  name of QUOTE_NAME_WORDS words or fewer ("Dana R."), standing after the page's last kept
  paragraph of prose outside it: patients' testimonials under a clinic's article,
  which outweigh the story, so `after_body` finds no body container without them (fold
  models of 2026-12-06: WCXB one article 0.627 -> 0.998, no other page moved;
  Trafilatura-dev the same). Cards of any block kinds made a buying guide's items a
  run (its intro before them): four articles and a collection lost 0.2 to 0.9.
- `calls_to_action` (pages declared an article): short kept paragraphs after the story's
  last paragraph of prose that ask the reader to subscribe, sign up, follow or get an
  app. Kept text uses the same words (the reason they are not dropped anywhere else):
  with the fold models of 2026-12-03 07:45 UTC on the cached pages, Trafilatura-dev
  0.9444 -> 0.9460 (fp -6, tp -1), WCXB article 0.9522 -> 0.9523 (9 pages better, 2
  worse), listing 0.7449 -> 0.7453, product 0.6825 -> 0.6821 (one page: "Interested in
  joining us? ... sign up!"), every other type unchanged. Asks to join ("Join our ...",
  "Únete", "Rejoignez", "Werden Sie Mitglied", "Unterstütze", "Dołącz") too, replayed on
  the out-of-fold scores of 2026-12-03: Trafilatura-dev 0.9472 -> 0.9475 (one page),
  no WCXB page changed; with "WhatsApp" and "Telegram" WCXB article lost a press
  release's contact line (0392 0.979 -> 0.946). Since 2026-12-06 a heading that asks
  ("Join the newsletter") goes with its section when that holds only blocks of
  CALL_WORDS words or fewer (a sign-up box's sentence can be longer than a byline), and
  the rule runs after reader comments are dropped, which had stood as the story's last
  prose in front of the calls above them (fold models of that morning: WCXB article one
  page better, 4633 0.930 -> 0.942, a "Follow me on Instagram" line; none worse;
  Trafilatura-dev unchanged). A linked newsletter plug between the story's paragraphs
  ("Sign up for The Ledger Daily: ... in your inbox. Sign up here.") goes too (no dev
  page moved; without naming a newsletter, an inbox or e-mail a podcast's "Subscribe &
  download the episode: Apple Podcasts | Spotify", which WCXB keeps, went: -0.0018).
- `paywall_tails` (pages declared an article, before the calls to action): a kept
  paragraph of PAYWALL_WORDS words or fewer led by a paywall's notice ("To view the full
  story, please subscribe ...", "Um den ganzen Artikel zu lesen ...", "Pour lire la
  suite ...", "Para seguir leyendo ...", "Aby przeczytać cały artykuł ...") after over
  BODY_WORDS kept words and before OFFER_BLOCKS kept blocks or fewer, and every kept
  block after it: the story stops there, and the offer that follows can be longer than
  any call (fold models of 2026-12-06 evening: Trafilatura-dev 0.9496 -> 0.9500, fp 98
  -> 97; no WCXB page moved).
- `closing_notes` (pages declared an article, after the calls to action): a tag line, the
  label and its links in one paragraph ("Tags: plumbing, kitchen"; no dev page moved),
  and an author's note set wholly in italics as the story's last paragraph of prose,
  opening with a name and who that is ("*Manoj Jain is adjunct faculty at ...*"; fold
  models of 2026-12-06: WCXB article 0.95878 -> 0.95886, 3 pages better, none worse:
  0039 0.966 -> 0.991, 0120 0.963 -> 0.971, 0471 0.953 -> 0.983; Trafilatura-dev the
  same). `boxed_headings`: a heading that asks or names a podcast ("Sign up and try
  ... free!", "Listen: ..."), kept between two paragraphs of the story, in a box whose
  other blocks were all dropped (same fold models: one WCXB article 0.969 -> 0.971,
  none worse; Trafilatura-dev the same). Every such heading in a box of dropped blocks
  was tried: 45 WCXB pages moved, listing -0.0010 (headlines and product names over
  dropped cards of pages declared articles), service -0.00003.
- `picture_captions` (pages declared an article, longer than `SHORT_PAGE` blocks): kept
  figure captions, unless they number their figure ("Figure 2.") or hold half the kept
  words (a gallery). A press photo's caption and credit are not the story: with the fold
  models of 2026-12-03 07:45 UTC, WCXB article 0.9516 -> 0.9522 on the cached pages (43
  better, 4 worse; every other type unchanged), Trafilatura-dev 0.9441 -> 0.9444 through
  `eval_trafilatura.py`'s conversion. On pages of any length Trafilatura-dev would reach
  0.9454, but Readability-style short pages count their captions as content, and a short
  page keeps its figures whole; there, and on pages not declared an article that are no
  thread, only captions ending with a picture credit go ("... (Foto: dpa)", "... Photo:
  Mark Ellery", "...© Bundesregierung"): replayed on the out-of-fold scores of 2026-12-03,
  Trafilatura-dev 0.9442 -> 0.9452, WCXB article +0.0001 (2 pages better, none worse),
  every other type unchanged. Since the evening of 2026-12-06, on every page that is no
  thread, a caption set as a paragraph of CREDIT_LINE_WORDS words or fewer straight under
  its picture (no `<figcaption>`) goes when it ends with a credit, but not with a source
  ("Source: ..." under a chart is cited: two WCXB pages lost 0.001 with it) nor with a
  credit in brackets ("... is bad. (Foto: Volkswagen)": Trafilatura-dev's annotators keep
  such a caption on one page and not on another, and the quality gate's sample fell under
  its floor), and "Photo by ...", "Bild via ..." are credits too (fold models of that
  morning through `eval_wcxb.py` and `eval_trafilatura.py`: WCXB article 7 pages better,
  2 worse whose references keep "Image by John Goreham" and "Photo via Pexels", +0.00009
  summed over the type; Trafilatura-dev fp -3, tp the same). Since the night of
  2026-12-06 a caption set in an element named for it (`_NAMED_CAPTION`: "wp-caption-text",
  "figure__caption", "legend") counts as a `<figcaption>` (images inside stay): WCXB
  0.88526 -> 0.88531 (8 pages better, none worse: 7 articles, article 0.95991 -> 0.95994,
  and a section page declared an article, listing 0.75729 -> 0.75775), Trafilatura-dev
  0.9486 -> 0.9496 (fp 101 -> 98, tp the same). "legende", "bildunterschrift" and
  "didascalia" moved no page more.
- `named_teasers` (pages declared an article): kept blocks inside an element whose class
  or id token names a box of related or next posts ("related-posts", "wp_rp",
  "yarpp-related", "nextstory"), after over BODY_WORDS kept words: a blog plugin's
  headlines and excerpts under a short post, with no heading the teaser rules know (they
  hold most of the kept words there, so a share does not guard them). Replayed on the
  out-of-fold scores of 2026-12-03: Trafilatura-dev 0.9452 -> 0.9472 (4 pages, fp -6, tp
  unchanged), no WCXB page changed (nor on pages not declared an article). Since
  2026-12-06 (night) also boxes named "teaser" or "teasers" (`_TEASER_BOX`, the whole
  token) when the kept words before the first outweigh those inside them: a Drupal
  blog's cards of other posts (author, headline, subline, excerpt) in the story's own
  region; a news site's section page declared an article, whose list is such cards after a
  short intro, keeps them (0.835 -> 0.567 with the token alone). Through the fold
  models of 2026-12-06 evening: Trafilatura-dev 0.9480 -> 0.9486 (fp 103 -> 101, one
  page), every WCXB page the same. And boxes of other stories by a news site's names for
  them ("most-read", "trending", "latest-news", "you-may-like", "outbrain"): WCXB 0.88531
  -> 0.88536 (a school's "in the news" page 0.899 -> 0.979, listing 0.75775 -> 0.75855;
  an ergonomic-mice review +0.0001; none worse), Trafilatura-dev the same. Since
  2026-12-07 on every page that is no thread, where not declared an article only when
  the kept words before the box outweigh it (a blog without an SEO plugin: a theme's
  "ast-related-post" cards under the post); a page that declares nothing at all (no
  og:type, no JSON-LD type) under a story's address (`is_story_url`) counts as an
  article for every article rule (fold models of that morning: WCXB 0.88353 -> 0.88355,
  6 pages better, 3 worse, article 0.96019 -> 0.96024, listing -0.00001 (techcrunch.com
  0.658 -> 0.657), every other type the same; Trafilatura-dev fp 96 -> 94). Boxes named
  a teaser stay an article's rule: AEM calls a service page's own cards "cmp-teaser"
  (service -0.0005, collection -0.0005 on every page). So does such a page in a CMS's
  single-post view (`is_post_view`: a class of `POST_VIEW_TOKENS`, WordPress's
  "single-post", Ghost's "post-template", Drupal's "node-type-article", on an element
  around the first and the last block): Trafilatura-dev 0.9524 -> 0.9535 (fp 94 -> 91,
  two WordPress blogs), WCXB 0.88358 -> 0.88354 (one Drupal article, 0.876 -> 0.819,
  its FAQ's answers after the body going with `after_body` as on a declared article).
- `orphan_excerpts` (article pages): a kept paragraph of INLINE_TEASER_WORDS words or
  fewer, not quoted, that is the only kept block of its holding element, which holds
  CARD_SIBLINGS blocks or fewer besides, a dropped linked headline before it: the
  excerpt of a teaser card set into the story ("Related" / headline / dek) left alone
  once the cut dropped the card's headline (2026-12-07, fold models of that morning:
  WCXB 0.88357 -> 0.88358, 2 pages better, none worse; Trafilatura-dev and the short
  pages the same).
- `disclosures` (pages declared an article): kept blocks, not headings, inside an
  element whose class or id token names a disclaimer or disclosure ("aawp-disclaimer",
  "editorial-disclosure", "affiliate-disclosure"), unless those hold half the kept
  words: a buying guide's affiliate notice, a transcript's copyright line. Replayed on
  the out-of-fold scores of 2026-12-03: Trafilatura-dev 0.9475 -> 0.9482 (2 pages), WCXB
  article 0.9531 -> 0.9532 (11 pages better, none worse), every other type unchanged. On
  every page but threads: service -0.0006 (2 pages worse), product +0.0010, collection
  -0.0001. Short kept blocks (NOTICE_WORDS) in which the site says its links pay it ("we
  may earn a commission", "As an Amazon Associate I earn from qualifying purchases",
  "This post contains affiliate links", "We are a reader-supported website") go too, in
  any container (English only: no such leak was seen on the German, French or Polish
  pages); with the fold models of 2026-12-06, WCXB article 0.95445 -> 0.95466 (22 pages
  better, 7 worse: references that keep the blogger's note), every other type and
  Trafilatura-dev unchanged. The subject must be the site ("we", "I", "us"): "how you
  may be compensated" in a salary guide, "streamers earn a commission" stay.
- `signatures`: kept blocks inside forum signatures ("signature", "post-signature",
  "signaturecontainer"), on any page, unless they hold 80% of the kept words (2026-12-06,
  replayed on that morning's out-of-fold scores: forum 0.8012 -> 0.8061, 7 pages
  better, none worse; at a 50% share one short thread whose signatures outweigh its
  posts kept them; every other type and Trafilatura-dev the same).
- `promo_blocks`: short runs of kept blocks inside newsletter, subscription, paywall
  or author-box containers; `chrome_labels`: labels naming an ad slot, a loading
  notice, a picture credit or a share button ("Anzeige", "Wird geladen", "Foto: dpa",
  "Share this article"), or a share line naming where to ("Share: Facebook | X |
  Email"; 2026-12-06, no WCXB or Trafilatura-dev page moved), where a story resumes
  after an ad ("Story continues below advertisement", "Weiterlesen nach der Anzeige";
  2026-12-06, no dev page moved), and a blog theme's post
  footer ("This entry was posted in News. Bookmark the permalink."), and since the
  evening of 2026-12-06 the small print under a sign-up box's field ("By signing up, you
  agree to receive recurring automated text messages ...", "Mit der Anmeldung stimmen
  Sie ... zu"; fold models of that morning: WCXB article 0.95928 -> 0.95938, two pages
  better, none worse: 0477 0.870 -> 0.940; Trafilatura-dev the same); `share_lists`: a
  list whose every item names where to share ("Facebook", "Share on X"; 2026-12-06:
  one WCXB article +0.0002, Trafilatura-dev the same, a short page with share lists
  above and under its story 0.924 -> 1.000).
- `consent_notices`: kept blocks inside elements whose class or id token names a
  cookie or consent banner together with its box ("spicy-consent-bar",
  "customer-cookie-container", "gdpr-banner__text"), unless they hold half the kept
  words: a shop's or publisher's own banner, which the walk's exact consent-platform
  tokens miss (2026-12-06, fold models of that morning: WCXB 0.88349 -> 0.88360, 5
  pages better, none worse: listing 0.7567 -> 0.7572, product 0.7100 -> 0.7106, service
  +0.0002, article +0.00003; Trafilatura-dev the same). A token naming cookies alone
  is a section's: Flask's documentation page lost its "Cookies" section to it. Since
  the evening of 2026-12-06 they go too when they hold more, if they all come after the
  other kept blocks and those hold BODY_WORDS words or more: a banner set at the end of
  the page whose settings panel ("The technical storage or access is strictly necessary
  ...", one paragraph per kind of cookie) outweighs a short service page's text (fold
  models of that morning: WCXB service 0.85560 -> 0.85786, one page 0.602 -> 0.988, no
  other page moved; Trafilatura-dev and the short pages the same).
  Since 2026-12-06, late, a dialog box (a class or id token with "modal", "dialog",
  "popup" or "overlay" as a part) whose paragraphs of over LABEL_WORDS words mostly name
  cookies is such a container too, on the same terms, whatever else the page's tokens
  say: a cookie settings panel whose names do not say consent, kept under a watch
  shop's guide (WCXB collection one page 0.839 -> 1.000, no other page moved;
  Trafilatura-dev the same).
- `stray_menu_items`: kept list items, at least half link text, outside the content
  region, in a menu (the element holding their list, so a mega menu of lists side by
  side is one) of MENU_ITEMS such items or more of which the cut kept STRAY_SHARE or
  fewer: a dozen of a site menu's 150 entries under a story, each scored by its few
  words (evening of 2026-12-06, fold models of that morning: WCXB 0.88423 -> 0.88428,
  10 pages better, one worse: article 0.95896 -> 0.95906 (0192 0.867 -> 0.944), listing
  +0.00007, product and documentation +0.00002, service -0.00008 (a council's FAQ list
  of which the cut had kept one question, which WCXB keeps whole); Trafilatura-dev and
  the short pages the same).
- `before_title`: kept blocks before the page's first kept H1 that lie outside the
  content region, when they hold under TITLE_SHARE of the kept words: a promotion, an
  alert or a login box above the title, a forum's notices over the thread (evening of
  2026-12-06, fold models of that morning: WCXB 0.88454 -> 0.88482, 29 pages better, 3
  worse: article 0.95906 -> 0.95928, forum 0.81553 -> 0.81660 (2797 0.879 -> 0.995; a
  Q&A page whose question stands above its H1 outside the answers' element, 0.972 ->
  0.950), product 0.71621 -> 0.71715, collection, listing, documentation +0.00002 to
  +0.00007, service the same; Trafilatura-dev one leak fewer (fp 104 -> 103); short pages
  0.9941 -> 0.9944 over the first 50, `div_ids_layout` 0.988 -> 1.000). At a share of
  0.35 a shop's grid above its category's H1 went (collection -0.0011), at 0.15 a
  forum's notices stayed (forum -0.0010); every heading taken for
  the page's title (`title_headings`: an H1 or a heading repeating the title) lost two
  Trafilatura-dev segments and product -0.0004. Since the night of 2026-12-07 a first
  H1 that is one link to a site's home page is the site's name (a blog theme's header,
  kept or not): the title is then the first kept heading after it repeating `<title>`
  (fold models B0: 4 WCXB pages better by 0.0003-0.0012, none worse; a Blogger post's
  site name and description over its H3 title, short page 0.964 -> 1.000).
- `customer_reviews` (pages declared a product and not an article): kept blocks inside
  review or testimonial containers, unless they hold half the kept words (WCXB's
  product references leave out what buyers wrote: product +0.0088 replayed, 13 pages
  better, 1 worse), and the section a review heading opens ("Reviews", "Ratings &
  Reviews", "Customer reviews of ...") up to the next heading of its level that names
  no reviews or ratings, whatever the containers are named (2026-12-06, on the out-of-fold
  scores of that morning: product 0.6996 -> 0.7086, 4 pages better, two REI-like pages
  0.37 -> 0.91 and 0.36 -> 0.88, 2 worse by 0.009 and 0.0005 where the reference keeps
  the heading's product name or the heading; every other type and Trafilatura-dev the
  same); since 2026-12-06 a review heading may count them ("8 Reviews", "Reviews (12)",
  "10 Customer ratings"; fold models of that morning: product 0.70773 -> 0.71000, one
  page, Thomann's 0.197 -> 0.467; every other type and Trafilatura-dev the same); on
  pages declared neither a product, an article nor a thread, the sections of headings
  and the containers that name customers' reviews ("Customer reviews",
  "customer_review-r140hie3"): Amazon's product pages declare nothing (fold models of
  2026-12-06: WCXB 0.88360 -> 0.88413, product 0.7106 -> 0.7162, collection 0.7197 ->
  0.7208, three pages better (0613 0.41 -> 0.94), none worse; Trafilatura-dev the same;
  every review container and heading on those pages: WCXB 0.8822, service -0.013,
  testimonials and "Reviews" sections being a service page's text);
  `product_teasers` (the same pages): sections under a heading over
  other products ("Similar items", "Customers also bought", "People who viewed this
  item also viewed"), before the product or after it (product +0.0028, collection
  +0.0002 replayed, 9 pages better, none worse).
- `trailing_headings` (article and thread pages): a kept heading after the last kept
  text whose own section was dropped ("Who is online" over a forum's statistics).
- `comment_blocks`: reader comments under an article: blocks inside comment
  containers (`BlockFlag.COMMENT`) after the article body, and sections opened by a
  comment heading ("12 Comments", "Leave a reply", "Kommentare"). Forum and Q&A pages
  (`is_thread_page`: JSON-LD `DiscussionForumPosting`/`QAPage`, forum hosts and paths)
  keep them, and pages not declared an article whose kept comment-container words
  outweigh the rest keep those containers (there the posts may be the content), but
  not a section under a comment heading. Until 2026-12-06 such pages kept that section
  too, so one long comment under a short blog post declared nothing stayed; with the
  fold models of 2026-12-06, WCXB article 0.9540 -> 0.9544 (one page, 0.648 -> 1.000),
  every other type and Trafilatura-dev unchanged. Since late on 2026-12-06 a page
  declared nothing whose address names a story (`is_story_url`: "/story/26/03/14/...",
  "/2026/03/slug/", "/news/slug") counts as an article here, and comment containers
  holding PAGE_WIDE of the page's words are comments, not a wrapper's class, when no
  block before the story's last paragraph outside them is in one
  (`_story_then_comments`): a Slashdot story with its comment tree (fold models of
  2026-12-06 evening: WCXB article 0.95994 -> 0.96100, 0396 0.148 -> 0.985; forum
  0.81660 -> 0.81223, 0570 0.631 -> 0.137, another Slashdot story of the same markup
  whose reference keeps the comments; Trafilatura-dev the same). Since 2026-12-07, on
  an article, a thread in containers that name no comments counts as comment
  containers (`reply_threads`): an element whose children each hold a "Reply" action
  line, or whose children are entries signed with a name and a stamp, one holding a
  reply signed the same way or a comment heading after them ("Leave a comment" over
  the form), after the story's last paragraph (a magazine's "What readers are saying";
  fold models of html-quality9: no WCXB page moved; dated cards and a review page's
  user reviews have no such line, hold no reply and no form follows them, and a stamp
  read as a card's cost WCXB -0.00015).
  Since the night of 2026-12-07 also entries signed on two lines (a name alone beside a
  stamp alone: "Marta Okafor", "13 April 2026") and, with no reply, nesting or form,
  under a heading right over their element that names or counts responses
  (`_RESPONSES`: "Responses", "4 Reactions", "What readers said"); two-line names count
  for no nesting (a story's "byClemson News" over its date and a teaser's byline lower
  down read as a reply: 0345 0.965 -> 0.098 before that). No WCXB or Trafilatura-dev
  page moved. Since 2026-12-07 (html-quality13) also, under any heading ("From the
  mailbag"), an element whose children are all signed entries each holding a paragraph
  of prose, none a linked block longer than a name (`_letters`); not in containers named
  for reviews, whose users' reviews a VPN review's reference keeps (0.995 -> 0.911
  without that). No WCXB or Trafilatura-dev page moved. Since 2026-12-07
  (html-quality16) also a list whose items hold their text two elements deep or deeper
  and one of which nests a list of items of the same shape (`_nested_entries`): a reply
  tree whose bylines and actions sit in `<header>`s and `<footer>`s the walk drops (fold
  models of html-model14: no WCXB or Trafilatura-dev page moved).
- `thread_posts` (thread pages, unless only the address says thread and the page declares
  itself an article: "/topic/" pages of encyclopedias and buying guides): prose
  paragraphs of the region outside comment containers are kept whatever their score.
  The replies are the content and read like comments to the model; the comments under
  a Q&A answer stay out (WCXB forum pages 0.7939 to 0.7989 through `eval_wcxb.py`'s
  conversion with the fold models of 2026-12-02 08:17 UTC, every other type unchanged;
  Trafilatura-dev unchanged).
- `comment_posts` (thread pages, as `thread_posts`): when comment containers hold half
  the kept words or more and over BODY_WORDS kept words stand outside them, the opening
  post is outside and the forum names its replies comments (Drupal's
  "field-name-comment-body"), and the region's prose in them that the cut dropped is
  kept too, but not an author panel's `<aside>` (a member's system specs). Where every
  post sits in comment containers (Invision's "ipsComment"), WCXB's references often
  stop after the first replies, and the cut is left alone. Replayed on the out-of-fold
  scores of 2026-12-03: WCXB forum 0.8009 -> 0.8042 (2201 0.615 -> 0.984, 0548 0.834 ->
  0.832), every other type and Trafilatura-dev unchanged. Without the outside-text
  condition (measured on the rules before the short-page ones) forum gained 0.0027, not
  0.0032 (3 pages better, 4 worse: 0579 -0.115, 0547 -0.04) and the quality gate's forum
  sample fell to 0.823 (floor 0.826) with the committed model. Since 2026-12-07
  (html-quality14) also under that share when they hold replies to one opening post
  (`replies_follow`): every kept prose block of the region outside comment containers
  stands before the first prose block in them, and the deepest element holding those
  kept blocks does not hold it (a Q&A page's comments sit in their post's element, or
  come before a kept answer). The cut of the fold models B0 kept 2 of 2201's 40 replies:
  WCXB forum 0.81058 -> 0.81614 (2201 0.463 -> 0.984, a Vanilla thread 0559 0.876 ->
  0.984), no other page moved; Trafilatura-dev and the short pages unchanged. Without
  the two tests (the share condition alone dropped) forum fell to 0.81011 (a Stack
  Exchange page 0.649 -> 0.481 and five others worse).
- `sibling_prose` (pages of `FEW_BLOCKS` blocks or fewer): a prose paragraph the cut
  dropped that shares its holding element (not `<body>`) with kept text is kept: loose
  text before a `<p>`, filler words of a test page. No dev page changes (out-of-fold
  replay); a cookie notice in its own box stays out.
- `gap_blocks` (pages of `SHORT_PAGE` blocks or fewer): a sentence the cut dropped
  between two kept blocks, sharing its holding element with one of them, is kept: a
  one-line paragraph of a story ("Nobody was hurt."). Replayed over the dev pages'
  out-of-fold scores (fold models of 2026-12-03): WCXB documentation +0.00003, listing
  +0.00015, article -0.00001 (3 pages better, 1 worse: a form's prompt), Trafilatura-dev
  unchanged. With labels too (a price, "Perspectives", a date line) article -0.00002 and
  service -0.00002 (5 better, 8 worse).
- `named_chrome_blocks` (pages of `SHORT_PAGE` blocks or fewer): kept blocks inside an
  element whose class or id token names a sidebar, a widget or a menu ("sidebar",
  "left-sidebar", "widget", "menu", "main-nav") go, unless those hold half the kept
  words: a blog's "About me", a council's quick links, a menu of links the model kept
  above a column of loose text, a theme's site description in a "site-header" div (the
  walk drops `<header>` elements, not divs). Replayed: sidebars and widgets alone, WCXB product
  +0.0005 (one page better, none worse); menus too, documentation +0.0001, collection
  +0.00005, service +0.0002 (4 pages better, 1 worse); site headers and footers too, no
  dev page changes; every other type and
  Trafilatura-dev unchanged. Sidebars on pages of any length: service -0.0005,
  Trafilatura-dev -0.0001 (two-column layouts naming the product's or the features'
  column a sidebar). `named_sidebars` (since 2026-12-07, html-quality13; articles and
  pages that declare nothing, of any length): kept blocks outside the content region
  inside an element named a sidebar (`_SIDEBAR`) whose token none of the region's
  enclosing elements has (a wrapper's "content-sidebar-wrap", `<body>`'s "has-sidebar"
  name the layout and hold the text): fold models B0, WCXB 0.88365 -> 0.88366 (12 pages
  better, 2 worse: a recipe section page declared an article keeps its cards in
  "mntl-sidebar", 0.862 -> 0.838, and a blog post's sticky table of contents, 0.944 ->
  0.942; documentation +0.00014, article +0.00002, listing -0.00007), Trafilatura-dev
  0.9538 -> 0.9545 (fp 90 -> 88). On every page that is no thread: service -0.0005 and
  product -0.0005 (a home page's "n-sidebar-left" features, a shop's product column).
  Since then both read a token the first and the last kept block of the region share as
  the layout's, not a box's (`region_tokens`): `<body class="has-sidebar">` had made every
  block of a short page "inside a sidebar", so none was a minority (fold models B0: WCXB
  0.88366 -> 0.88368, two short pages better, an article 0.942 -> 0.954 and a doc page
  0.968 -> 0.974, none worse; Trafilatura-dev and the short pages the same).
- `legitimate_repeats`: a repeated block inside the region stays when it stands under
  another section heading than its first copy (a plan repeating "Meal 1" under each
  day), or when a short line stands in another card than its first copy, each card
  holding a text the other lacks, and in fewer than half the cards (a spec line shared
  by two products of a grid: WCXB collection +0.0024, listing +0.0004, product and
  forum -0.0001 replayed, 31 pages better, 13 worse); repeats outside it (menus, share
  bars), quoted in posts, link text, under the same heading in like cards (a card shown
  twice for two screen sizes) or in most cards (a template's "Add to cart") are dropped.
  Since 2026-12-07 a block that is no heading stays under a heading of the same text as
  its first copy's when only text said once stands between it and the copy before it
  (`_refrain`: a song's chorus under "Chorus" after each verse; fold models of that
  morning: WCXB 0.88355 -> 0.88357, 9 pages better, 1 worse by 0.0003; Trafilatura-dev
  and the short pages the same). Any text said once between the copies kept whole
  articles shown twice (one page 0.994 -> 0.590; WCXB -0.0012), and headings too kept
  a template's heading over each item ("Ways to Save", -0.00005).

Measured on the cached dev pages (`scripts/train_selector.py replay`; see the model
card). Tried and left out: dropping kept link lists outside the region (a docs
sidebar; WCXB collection and listing pages lost 0.01 each); card grids on every page
(listing pages are dated cards: listing -0.013) or wherever they stand on an article
page (kept text after them is the listing they are part of); dropping every heading
over a dropped section (-0.0016; card titles over dropped excerpts are content) and
trailing headings on every page (service -0.002); keeping all prose paragraphs of the
region on pages of 30 blocks or fewer (-0.00004, two pages worse, none better).
Also left out (2026-12-02): keeping every prose paragraph of the region on pages of 20
to 60 blocks, with or without a score floor (WCXB within 0.0001, Trafilatura-dev up to
-0.001); every figure caption of the region whatever its score (-0.0002 / -0.001);
dropping blocks of an article page outside its body container before the body (the lead
and standfirst go), or link-dense and short ones anywhere outside it (listing pages
declared articles: listing -0.018); JSON-LD `articleBody` as a content list (on the 70
dev pages with one, kept blocks it does not hold are content three times as often as
not); comments of an undeclared story whose text sits in one `<article>` (WCXB labels
two such pages of one site in opposite ways: forum -0.005). Beside the short-page rules
(2026-12-02): lists kept whole on every page (documentation, forum and product -0.001:
a list on a long page is often half teaser); captions of kept figures on every page
(-0.0002: WCXB's articles leave captions out); SHORT_PAGE 40 or 50 (listing -0.0001,
where 60 gains +0.0005); bylines and date lines dropped on short pages not declared an
article (listing -0.0007: a listing's dates are content). Evening of 2026-12-02: "Photo
credit:" as a chrome label (a WCXB roundup keeps its credits: 4452 0.933 -> 0.908);
call-to-action sentences ("subscribe", "sign up", "newsletter", "download our app") as
chrome: kept WCXB content uses those words about as often as chrome does. 2026-12-03:
trailing headings on short pages too ("Related posts" over a dropped list: service
-0.0012, collection -0.0007).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from operator import attrgetter, itemgetter
from urllib.parse import urlsplit

import numpy as np

from webfold.document import Block, BlockFlag
from webfold.selector.features import BLOCK_FEATURES, flag_column
from webfold.sniff import url_path
from webfold.unspaced import CJK_RANGES, THAI_RANGES

_COLUMN = {name: i for i, name in enumerate(BLOCK_FEATURES)}

SHORT_PAGE = 60  # a page with this few blocks keeps its region's structure whole
REGION_SHARE = 0.75  # the content region holds at least this share of the kept words
REGION_KINDS = frozenset({"math", "footnote"})  # kept inside the region, whatever their score
REGION_FLAGS = BlockFlag.MATH | BlockFlag.ADMONITION  # blocks with these bits too
MAX_LINK_TABLE = 0.5  # a table with more link text than this is navigation, not data
LABEL_WORDS = 8  # a block this short may be a section label ("Most popular")
PAGE_WIDE = 0.9  # a comment flag on this share of the page's words marks a wrapper
BODY_WORDS = 40  # kept words before a comment section for it to follow an article body
TEASER_AFTER_WORDS = 150  # kept words before a teaser label, on a page not declared an article
# Scripts written without spaces between words (Chinese, Japanese kana and kanji, Thai),
# with their punctuation and full-width forms: whitespace sees a Chinese story of 300
# characters as a handful of "words", so a rule that means a story of some length (BODY_WORDS)
# or a short label (LABEL_WORDS) would read it wrong. A run of them counts as its
# characters / UNSPACED_CHARS_PER_WORD words (a Chinese or Japanese word is one to three
# characters), a Thai run / THAI_CHARS_PER_WORD (its vowels and tones are characters too).
_UNSPACED_CHAR = re.compile(f"[{THAI_RANGES}{CJK_RANGES}]")
_THAI = re.compile(f"[{THAI_RANGES}]")
_UNSPACED = re.compile(_UNSPACED_CHAR.pattern + "+")
# Every byte but the UTF-8 lead bytes of `_UNSPACED_CHAR`'s characters (Thai's 0xE0, the
# others' 0xE3-0xEF): deleting these from a page's encoded text leaves nothing when it
# holds none of those characters (bytes left may be another script's, sharing the lead).
_NOT_UNSPACED_LEADS = bytes(b for b in range(256) if b != 0xE0 and not 0xE3 <= b <= 0xEF)
UNSPACED_CHARS_PER_WORD = 2
THAI_CHARS_PER_WORD = 4


def text_words(text: str) -> int:
    """The words of `text` as the rules count them: whitespace words, and a run of a
    script written without spaces (`_UNSPACED`) as its characters / UNSPACED_CHARS_PER_WORD
    (one at least, rounded up): "3 条评论" is three words, not two."""
    if _UNSPACED_CHAR.search(text) is None:  # see reading_words
        return len(text.split())
    runs = _UNSPACED.findall(text)
    spaced = len(_UNSPACED.sub(" ", text).split())
    return spaced + sum(-(-len(run) // (THAI_CHARS_PER_WORD if _THAI.match(run)
                                        else UNSPACED_CHARS_PER_WORD)) for run in runs)


def reading_words(blocks: list[Block], words: np.ndarray) -> np.ndarray:
    """Each block's words for the rules (`text_words`), from `words`, the whitespace words
    of the model's feature (which stays as the model was trained): only the blocks holding
    a script written without spaces are counted again, and a page without one is `words`.
    The searches look for one character of the set (`_UNSPACED_CHAR`), which the regex
    engine skips to in one tight loop; before `_UNSPACED`'s repeat it starts a match at
    every position of the page's text, three times the instructions. The page's text is
    first encoded and stripped of all but those characters' lead bytes, a third of the
    search's instructions: most pages keep none (but a Korean one, say)."""
    text = "".join(block.text for block in blocks)
    if not text.encode("utf-8", "surrogatepass").translate(None, _NOT_UNSPACED_LEADS) \
            or _UNSPACED_CHAR.search(text) is None:
        return words
    out = words.copy()
    for i, block in enumerate(blocks):
        if _UNSPACED_CHAR.search(block.text) is not None:
            out[i] = text_words(block.text)
    return out


ARTICLE_TYPES = frozenset({"article", "newsarticle", "blogposting", "reportagearticle",
                           "opinionnewsarticle", "analysisnewsarticle", "techarticle",
                           "scholarlyarticle", "liveblogposting", "posting"})
PRODUCT_TYPES = frozenset({"product", "productgroup", "individualproduct", "productmodel"})
THREAD_TYPES = frozenset({"discussionforumposting", "qapage", "question",
                          "socialmediaposting"})
THREAD_HOST = re.compile(r"forum|community|discuss")
THREAD_URL = re.compile(r"/(?:forums?|threads?|topics?|t|community|communities|discuss"
                        r"|discussions?|questions?|q|answers|boards?|viewtopic)(?:[/.?_-]|$)")
# A story's address: a path through a stories or news folder, or dated ("/story/25/12/19/",
# "/2026/05/03/", "/news/"), where a page declared nothing still says it is an article.
STORY_URL = re.compile(r"/(?:story|stories|articles?|news|blogs?|posts?|\d{2,4}/\d{1,2})/[\w-]")
_TAIL = r"(?:\s+\S+){0,3}"  # a teaser label may name its source: "More from The Gazette"
_TEASER = re.compile(
    r"(?:most (?:popular|read|viewed|shared|commented)|more (?:from|in|stories|news|articles"
    r"|posts|like this|to read)|trending(?: now| stories| articles)?"
    r"|latest (?:news|stories|posts|articles)|recent (?:posts|articles|stories|news)"
    r"|related (?:posts|articles|stories|content|news|reading|links)"
    r"|you (?:may|might|could) (?:also )?(?:like|enjoy|be interested)"
    r"|recommended (?:for you|stories|articles|reading)|read next|also read"
    r"|popular (?:posts|stories|articles|now)|top stories|editor'?s picks"
    r"|similar (?:posts|articles|threads|topics|questions)|other (?:articles|stories|posts)"
    r"|suggested (?:topics|threads)|related (?:topics|threads|questions)|linked questions"
    r"|hot network questions|ähnliche themen|sujets similaires"
    r"|next (?:article|post|story)|previous (?:article|post|story)"
    r"|(?:vorschau auf den )?nächsten? (?:artikel|beitrag)|vorherige[rn]? (?:artikel|beitrag)"
    r"|meistgelesen(?:en?)?|meist gelesen|im trend|beliebte (?:artikel|beiträge)"
    r"|das könnte (?:sie|dich)"
    r" auch interessieren|auch interessant|weitere (?:artikel|beiträge|news|nachrichten)"
    r"|ähnliche (?:artikel|beiträge)|verwandte (?:artikel|beiträge)|neu(?:e)?ste (?:artikel"
    r"|beiträge|nachrichten)|aktuelle (?:artikel|beiträge)|letzte (?:artikel|beiträge)"
    r"|mehr (?:zum thema|zu[mr]?|aus|von)|lesen sie auch|auch lesenswert|zum weiterlesen"
    r"|weitere beiträge zu|entdecke(?:n sie)? (?:weitere|mehr)"
    r"|lust auf mehr|related coverage|more coverage"
    r"|(?:à |a )?lire aussi|articles (?:similaires|récents|liés)|les plus (?:lus|populaires)"
    r"|derniers articles|sur le même sujet|vous aimerez aussi|tendances?"
    r"|dernières (?:actualités|infos|nouvelles)|dans la même rubrique|plus d'articles"
    r"|(?:lo )?más (?:leíd[oa]s?|visto)|noticias relacionadas|artículos relacionados"
    r"|te puede interesar|también te puede interesar|últimas noticias|más noticias"
    r"|tendencias|otras noticias"
    r"|czytaj (?:także|też)|zobacz (?:także|też)|najpopularniejsze|podobne artykuły"
    r"|najczęściej (?:czytane|komentowane)|najnowsze (?:artykuły|wiadomości)|więcej z"
    r"|leggi anche|potrebbe interessarti|articoli correlati|(?:i )?più letti|ultime notizie"
    r"|altri articoli|leia também|veja também|(?:as )?mais lidas|notícias relacionadas"
    r"|últimas notícias|você também pode gostar|lees ook|meer nieuws|meest gelezen"
    r"|gerelateerde artikelen|ook interessant|lue (?:myös|aiheesta lisää)|läs också"
    r"|læs også|les også|相关文章|相关阅读|延伸阅读|推荐阅读|热门文章|猜你喜欢|热门推荐"
    r"|相关推荐|最新文章"
    r"|相關文章|延伸閱讀|熱門文章|اقرأ أيضا|اقرأ أيضاً|مقالات ذات صلة|الأكثر (?:قراءة|مشاهدة)"
    r"|about the (?:author|reviewer|writer)s?|über (?:den autor|die autorin)"
    r"|(?:zum|zur) autor(?:in)?|à propos de l'auteur|sobre el autor|o autorze"
    r")" + _TAIL)
# A link to another story inside the text, led by a label: "À lire aussi » ...", and a
# mail archive's links to the messages around one ("Next message (by thread): ...",
# "Messages sorted by: [ date ] [ thread ]", Mailman's and hypermail's wording).
_INLINE_TEASER = re.compile(
    r"(?:(?:à |a )?lire aussi|lesen sie (?:auch|mehr|hier)|read (?:also|more)|also read"
    r"|see also|siehe auch|related(?: (?:stories|story|articles?|posts?|reading|coverage))?"
    r"|(?:previous|next) message(?: \(by (?:thread|date)\))?|messages sorted by"
    r"|you (?:may|might) also like|recommended(?: reading)?|don['’]t miss|read next"
    r"|zobacz (?:także|też)|czytaj (?:także|też)"
    r"|dowiedz się więcej|puedes ver|lee también|te puede interesar|mehr zum thema"
    r"|weiterlesen|auch interessant|leggi anche|leia também|veja também|lees ook"
    r"|相关阅读|延伸阅读|اقرأ أيضا|اقرأ أيضاً)[^\S\n]*[:：»›|>\-–—\n]")
INLINE_TEASER_WORDS = 40  # longer blocks with such a lead are text that links a lot
_LEAD_MARKS = (":", "：", "»", "›", "|", ">", "-", "–", "—")  # what ends such a lead
# A comment section's heading: the word in the plural or with its count, or a set phrase.
# The singular alone ("Kommentar", "Komentarz", "Comment") labels an opinion piece or an
# analyst's commentary, which is the content. A count of reactions heads a French or
# German blog's comments too ("4 réactions", "3 Reaktionen"). The count may lead the
# thread's own controls in one line ("4 Comments Login Sort by Best").
_COMMENTS = re.compile(
    r"(?:\d+\s+)?(?:comments|(?:leser|nutzer)?kommentare|commentaires|comentarios|komentarze"
    r"|komentarzy)(?:\s*\(\d+\))?"
    r"|\d+\s+(?:comment|kommentar|commentaire|comentario|komentarz)\w*(?:\s.*)?"
    r"|(?:comment|(?:leser|nutzer)?kommentar|commentaire|comentario|komentarz)\s*\(\d+\)"
    r"|\d+\s+(?:responses?|replies|r[eé]actions|reaktionen)(?: to\b.*)?"
    r"|(?:\d+|one|two|three) thoughts? on\b.*|leave a (?:reply|comment)|post a comment"
    r"|add a comment|join the (?:discussion|conversation)|(?:reader|user|visitor) comments"
    r"|kommentar (?:schreiben|verfassen)|schreibe einen kommentar|diskutieren sie mit"
    r"|laisser un commentaire|deja un comentario|dodaj komentarz")
_LABEL_EDGES = " \t:.…-–—»›>|#*\u00a0"
# A picture credit: "Foto: dpa", "Photo: Reuters", "(Quelle: Unsplash)", "Fot. Jan Nowak",
# "© Reuters", "Crédit photo : AFP", "Photo by Ann Lee/Reuters", "Bild via Instagram"; from
# its label to the end of the text. ("Bild von", "photo de" also name what a picture shows.)
_CREDIT = (r"(?:(?:foto|fotos|bild|bilder|photo|photos|image|images|credit|quelle|source|crédit)s?"
           r"\s*:.*|\(?(?:foto|photo|quelle|bild|image)\s*:.*|fot\.\s.*|©.*"
           r"|crédits? photos?\s*:.*"
           r"|(?:photo|foto|bild|image|picture)s?\s+(?:by|via|courtesy)\b.*)")
# Where a share button sends a page: "Share: Facebook | X | Email".
_SHARE_NETWORKS = (r"(?:facebook|twitter|x|linkedin|pinterest|whatsapp|e-?mail|reddit|telegram"
                   r"|print|copy link|messenger|threads|bluesky|mastodon|flipboard|tumblr"
                   r"|hacker news|sms|xing)")
# A label that is never what a reader came for: an ad slot's caption, a loading notice, a
# picture credit (`_CREDIT`), a share, like or print button's text.
_CHROME_LABEL = re.compile(
    r"advertisement|advertising|sponsored(?: content)?|anzeige|werbung|publicité|publicidad"
    r"|reklama|pubblicità|loading|wird geladen|chargement|cargando|bild anzeigen"
    r"|empfohlener redaktioneller inhalt"
    r"|share(?: this)?(?: article| post| story| page)?(?: on \w+)?|teilen|artikel teilen"
    r"|partager(?: cet article)?|compartir|udostępnij|print|drucken|imprimer"
    r"|(?:share|teilen|partager|compartir|udostępnij)(?: this(?: article| post| story| page)?)?"
    r"\s*[:|]?(?:\s*[|,·•/]?\s*" + _SHARE_NETWORKS + r")+"
    r"|follow us(?: on \w+)?|folgen sie uns(?: auf \w+)?|suivez-nous"
    r"|(?:the )?(?:story|article|text|content) continues (?:below|after)(?: (?:this|the))?"
    r" (?:advertisement|ad)|continue reading (?:below|after (?:the|this) (?:advertisement|ad))"
    r"|(?:advertisement\W+)?scroll to continue(?: with content)?"
    r"|weiterlesen nach der anzeige|(?:der )?artikel wird nach der anzeige fortgesetzt"
    r"|la suite après (?:la|cette) publicité|(?:la )?noticia continúa tras la publicidad"
    r"|" + _CREDIT +
    r"|(?:gefällt mir|like|j'aime)\s+(?:wird geladen|loading|chargement)")
_MONTHS = (r"jan(?:uary|uar|vier|\.)?|feb(?:ruary|ruar|\.)?|févr(?:ier|\.)?|mar(?:ch|\.)?|märz"
           r"|mars|apr(?:il|\.)?|avr(?:il|\.)?|may|mai|jun(?:e|i|\.)?|juin|jul(?:y|i|\.)?"
           r"|juil(?:let|\.)?|aug(?:ust|\.)?|août|sep(?:t(?:ember|embre)?)?\.?|oct(?:ober|obre|\.)?"
           r"|okt(?:ober|\.)?|nov(?:ember|embre|\.)?|dec(?:ember|\.)?|dez(?:ember|\.)?"
           r"|déc(?:embre|\.)?|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre"
           r"|octubre|noviembre|diciembre"
           # Polish: a date's month in the genitive ("30 sierpnia 2026"), a month's name
           r"|stycz(?:nia|eń)|lut(?:ego|y)|mar(?:ca|zec)|kwie(?:tnia|cień)|maja?"
           r"|czerw(?:ca|iec)|lip(?:ca|iec)|sierp(?:nia|ień)|wrze(?:śnia|sień)"
           r"|października?|listopada?|grud(?:nia|zień)"
           # Italian and Dutch, where the forms above do not cover them
           r"|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre"
           r"|januari|februari|maart|mei|augustus")
# The stamps without a digit; every other form of `_STAMP` has one.
_UNDATED_STAMPS = ("yesterday", "today", "gestern", "heute", "hier")
# A date or relative time standing alone ("20 April 2026", "Apr 28, 2026 · 4 min read",
# "3h ago", "vor 2 Stunden"): the stamp of a teaser card, a post or a comment.
_STAMP = re.compile(
    r"(?:(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?"
    r"(?:\d{1,2}(?:st|nd|rd|th)?\.?\s*(?:de\s+)?(?:" + _MONTHS + r"),?\s*(?:de\s+)?\d{4}"
    r"|(?:" + _MONTHS + r")\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}"
    r"|\d{4}-\d{2}-\d{2}|\d{4}[./]\d{1,2}[./]\d{1,2}|\d{1,2}[./]\d{1,2}[./]\d{2,4})"
    r"(?:,?\s*(?:at\s+|um\s+|à\s+)?\d{1,2}[:.h]\d{2}\s*(?:am|pm|uhr)?)?"
    r"|\d+\s*(?:min(?:ute)?s?|h(?:ours?|rs?)?|days?|weeks?|months?)\s+ago"
    r"|vor\s+\d+\s+(?:minuten|stunden|tagen|wochen)"
    r"|il y a\s+\d+\s+(?:minutes?|heures?|jours?)|hace\s+\d+\s+(?:minutos?|horas?|días?)"
    r"|" + "|".join(_UNDATED_STAMPS) + ")"
    r"(?:\s*[·|•-]?\s*\d+\s*min(?:ute)?s?\s+read)?")
_STAMP_TAIL = re.compile(r"(?:^|\s)(?:" + _STAMP.pattern + r")$")
_DIGIT = re.compile(r"\d")  # as `_STAMP` reads one
STAMP_WORDS = 20  # a linked block this short ending with a stamp is a dated headline
MIN_CARDS = 3  # dated siblings that make a card grid
GRID_SHARE = 0.5  # a grid holding less than this share of the kept words is not the content


@dataclass(frozen=True, slots=True)
class BlockKinds:
    """Per-block masks the rules need, read from the feature matrix (no per-block Python):
    `structure` (code, definitions, data tables that are not link tables, figure images,
    and figure captions that read as a sentence: ending with punctuation or over
    LABEL_WORDS words, not a picture credit such as "Reuters files"), `caption` (every
    figure caption, which a page of few blocks keeps with its picture), `comment` (inside
    a comment container), `label` (a heading or paragraph of 1 to LABEL_WORDS words,
    which may name a section), `linked` (at least half link text), `links` (any link
    text), `heading`, `paragraph` and `list_item` (the block's kind)."""

    structure: np.ndarray
    caption: np.ndarray
    comment: np.ndarray
    label: np.ndarray
    linked: np.ndarray
    links: np.ndarray
    heading: np.ndarray
    paragraph: np.ndarray
    list_item: np.ndarray
    image: np.ndarray

    @classmethod
    def from_features(cls, matrix: np.ndarray, words: np.ndarray) -> BlockKinds:
        # One gather and one comparison for all the columns read: a page pays each numpy
        # call's fixed cost, which a column at a time repeated a dozen times.
        values = matrix.T[_KIND_SOURCES]
        positive = dict(zip(_KIND_SOURCE_NAMES, values > 0, strict=True))
        link_ratio = values[-1]
        figure = positive[flag_column(BlockFlag.IN_FIGURE)]
        image = positive["kind_image"]
        caption = figure & positive["kind_caption"]
        structure = (positive["kind_code"] | positive["kind_definition"]
                     | positive["kind_table"] & (link_ratio <= MAX_LINK_TABLE)
                     | figure & image
                     | caption & (positive["ends_punct"] | (words > LABEL_WORDS)))
        heading, paragraph = positive["kind_heading"], positive["kind_paragraph"]
        label = (heading | paragraph) & (words > 0) & (words <= LABEL_WORDS)
        return cls(structure, caption, positive[flag_column(BlockFlag.COMMENT)], label,
                   link_ratio >= 0.5, positive["link_ratio"], heading, paragraph,
                   positive["kind_list_item"], image)


# The feature columns `BlockKinds.from_features` reads, "link_ratio" last.
_KIND_SOURCE_NAMES = (flag_column(BlockFlag.IN_FIGURE),
                      flag_column(BlockFlag.COMMENT), "kind_image", "kind_code",
                      "kind_definition", "kind_table", "kind_caption", "ends_punct",
                      "kind_heading", "kind_paragraph", "kind_list_item", "link_ratio")
_KIND_SOURCES = [_COLUMN[name] for name in _KIND_SOURCE_NAMES]


def content_region(blocks: list[Block], kept: np.ndarray, words: np.ndarray) -> int:
    """The walk id of the content region for the kept blocks, or -1 when none is kept:
    the deepest element holding REGION_SHARE of their words and two of them (one, when
    one is kept), or the nearest `<article>` around it. `words`: each block's words
    outside links (link text does not make a region)."""
    region = deepest_region(blocks, kept, words)
    if region < 0:
        return region
    return _enclosing_article(blocks[int((kept & (words > 0)).argmax())], region)


def deepest_region(blocks: list[Block], kept: np.ndarray, words: np.ndarray) -> int:
    """The deepest element holding REGION_SHARE of the kept blocks' `words` and two of
    them (one, when one is kept), or -1: `content_region` before it widens to an
    `<article>`."""
    chosen = (kept & (words > 0)).nonzero()[0]
    if len(chosen) == 0:
        return -1
    lineages = [blocks[i].ancestors for i in chosen.tolist()]
    lens = np.fromiter(map(len, lineages), dtype=np.intp, count=len(lineages))
    flat = np.fromiter(chain.from_iterable(lineages), dtype=np.int64, count=int(lens.sum()))
    if len(flat) == 0 or flat.min() < 0:
        return -1
    ends = lens.cumsum()
    weights = words[chosen].repeat(lens)
    weights[ends - 1] = 0.0  # a block's own element is no region
    share = np.bincount(flat, weights=weights)
    depth = np.zeros(len(share), dtype=np.int64)
    depth[flat] = np.arange(len(flat)) - (ends - lens).repeat(lens)  # fixed per element
    ones = np.ones(len(flat))
    ones[ends - 1] = 0.0
    held = np.bincount(flat, weights=ones)
    enough = ((share >= REGION_SHARE * float(words[chosen].sum()))
              & (held >= min(2, len(chosen)))).nonzero()[0]
    if len(enough) == 0:
        return -1
    return int(enough[depth[enough].argmax()])


def _enclosing_article(block: Block, region: int) -> int:
    """`region`, or the nearest `<article>` around it on `block`'s lineage."""
    lineage = block.ancestors
    if region not in lineage:
        return region
    at = lineage.index(region)
    offset = len(block.path) - len(lineage)
    for i in range(at, -1, -1):
        if block.path[i + offset] == "article":
            return lineage[i]
    return region


_TEXT_TAGS = frozenset({"p", "li", "dd", "dt", "blockquote", "pre", "figcaption", "h1", "h2",
                        "h3", "h4", "h5", "h6"})


def _container(block: Block) -> tuple[int, str]:
    """The walk id and tag of the element holding `block`: a paragraph's parent, or the
    element whose loose text the block is (text between `<br>`s straight in a `<div>`)."""
    at = -2 if block.path[-1] in _TEXT_TAGS and len(block.ancestors) > 1 else -1
    offset = len(block.path) - len(block.ancestors)
    return block.ancestors[at], block.path[len(block.ancestors) + at + offset]


def sibling_prose(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                  kinds: BlockKinds) -> np.ndarray:
    """Prose blocks the cut dropped whose holding element (`_container`, not `<body>`)
    holds a kept block that has words, as its sibling or deeper (a closing paragraph
    straight in the wrapper whose inner boxes hold the others): paragraphs of over
    BYLINE_WORDS words,
    not mostly links, outside comment containers. `choose` adds them on a page of few
    blocks, where loose text before a `<p>` or text in a language
    the features do not know (a test page of filler words) scores low beside its kept
    siblings; a cookie notice in a container of its own stays out."""
    around = set(chain.from_iterable(blocks[i].ancestors
                                     for i in (kept & (words > 0)).nonzero()[0].tolist()))
    at = (~kept & (words > BYLINE_WORDS) & ~kinds.linked & ~kinds.comment).nonzero()[0]
    out = np.zeros(len(blocks), dtype=bool)
    for i in at.tolist():
        if blocks[i].ancestors:
            holder, tag = _container(blocks[i])
            out[i] = holder in around and tag not in ("body", "html")
    return out


CARD_SIBLINGS = 3  # a teaser card holds at most this many blocks besides its excerpt
MIN_ORPHANS = 2  # excerpts left alone in their cards that make a list of teasers


def orphan_excerpts(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                    kinds: BlockKinds, article: bool = True) -> np.ndarray:
    """Kept paragraphs of INLINE_TEASER_WORDS words or fewer, not quoted, that are the
    only kept block of their holding element (`_container`), which holds CARD_SIBLINGS
    blocks or fewer besides, a dropped headline (a block with words, mostly links)
    among those before the paragraph: the excerpt of a teaser card set into an
    article ("Related" / a linked headline / its dek) or under it, left alone once the
    cut dropped the card's headline and label. A paragraph of the story beside it stands
    in the story's own element, which holds more. On a page not declared an `article`,
    only MIN_ORPHANS or more: a list of such cards; one alone may be the text's closing
    line ("Learn more about ...") under a linked heading."""
    out = np.zeros(len(blocks), dtype=bool)
    quoted = BlockFlag.IN_QUOTE
    at = kept & kinds.paragraph & ~kinds.linked & (words > 0) & (words <= INLINE_TEASER_WORDS)
    # Only a paragraph with a dropped headline among the CARD_SIBLINGS blocks before it
    # can be one (most of a story's paragraphs have none): the lineages are read for those.
    headline = ~kept & kinds.linked & (words > 0)
    near = np.zeros(len(blocks), dtype=bool)
    for gap in range(1, CARD_SIBLINGS + 1):
        near[gap:] |= headline[:-gap]
    for i in (at & near).nonzero()[0].tolist():
        block = blocks[i]
        if not block.ancestors or block.flags & quoted:
            continue
        holder = _container(block)[0]
        lo = i
        while lo > 0 and i - lo <= CARD_SIBLINGS and holder in blocks[lo - 1].ancestors:
            lo -= 1
        hi = i
        while hi + 1 < len(blocks) and hi - lo <= CARD_SIBLINGS \
                and holder in blocks[hi + 1].ancestors:
            hi += 1
        if hi - lo > CARD_SIBLINGS or kept[lo:hi + 1].sum() > 1:
            continue
        out[i] = bool((kinds.linked[lo:i] & (words[lo:i] > 0)).any())
    if not article and np.count_nonzero(out) < MIN_ORPHANS:
        out[:] = False
    return out


_SENTENCE_ENDS = (".", "!", "?", "…", "。", "؟")
_QUOTE_ENDS = (*_SENTENCE_ENDS, '"', "”", "»", "“", "«", "’")  # a quotation's last mark


def gap_blocks(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
               kinds: BlockKinds) -> np.ndarray:
    """Blocks with words the cut dropped between two kept blocks: the nearest blocks with
    words before and after are kept and one of them shares the block's holding element
    (`_container`, not `<body>`); sentences (ending with one of `_SENTENCE_ENDS`, or over
    LABEL_WORDS words), not mostly links, outside comment containers. A one-line
    paragraph of a story scores low for its length, but text standing inside kept text
    is read with it; a label there ("Perspectives", "Video - December 19, 2025") is not."""
    out = np.zeros(len(blocks), dtype=bool)
    at = (words > 0).nonzero()[0]
    for k in range(1, len(at) - 1):
        i = int(at[k])
        if kept[i] or not (kept[at[k - 1]] and kept[at[k + 1]]) or kinds.linked[i] \
                or kinds.comment[i] or not blocks[i].ancestors or not (
                    words[i] > LABEL_WORDS or blocks[i].text.rstrip().endswith(_SENTENCE_ENDS)):
            continue
        held, tag = _container(blocks[i])
        out[i] = tag not in ("body", "html") and any(
            blocks[j].ancestors and _container(blocks[j])[0] == held
            for j in (int(at[k - 1]), int(at[k + 1])))
    return out


MENU_LINKS = 0.8  # a block with this share of link text or more is a menu
MENU_LINES = 3  # ... when it has at least this many lines


def link_menus(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
               plain_words: np.ndarray) -> np.ndarray:
    """Kept menus standing apart from the text: blocks of MENU_LINES lines or more,
    nearly all link text, whose holding element (`_container`) holds no other kept block
    with words, while the kept blocks outside them hold BODY_WORDS words outside links
    (`plain_words`): "Home / Walks / Maps" down a layout table's left column beside the
    story, which on a short page the model scores by its neighbours' words."""
    out = np.zeros(len(blocks), dtype=bool)
    menus = kept & (words >= MENU_LINES) & (plain_words <= (1.0 - MENU_LINKS) * words)
    for i in np.flatnonzero(menus).tolist():
        menus[i] = bool(blocks[i].ancestors) and blocks[i].text.count("\n") + 1 >= MENU_LINES
    others = np.flatnonzero(kept & ~menus & (words > 0))
    if not menus.any() or float(plain_words[others].sum()) < BODY_WORDS:
        return out
    held = {_container(blocks[i])[0] for i in others.tolist() if blocks[i].ancestors}
    for i in np.flatnonzero(menus).tolist():
        out[i] = _container(blocks[i])[0] not in held
    return out


MENU_ITEMS = 6  # a list of this many linked items or more may be a menu
STRAY_SHARE = 0.25  # ... whose kept items are at most this share of them stray from it


def stray_menu_items(blocks: list[Block], kept: np.ndarray, kinds: BlockKinds,
                     region: int) -> np.ndarray:
    """Kept links of a menu the cut mostly dropped: list items, at least half link text,
    outside the content region, whose menu (the element holding their list, so a menu of
    several lists side by side is one) holds MENU_ITEMS such items or more of which the
    cut kept STRAY_SHARE or fewer ("Certification and Licensure" and a dozen more kept
    of a site menu's 150 entries under the story, each scored by its few words). The
    dropped siblings say what the list is; the few kept were scored alone."""
    out = np.zeros(len(blocks), dtype=bool)
    items = kinds.list_item & kinds.linked
    candidates = np.flatnonzero(kept & items)
    if len(candidates) == 0:
        return out
    candidates = candidates[~inside(blocks, region, candidates)]
    if len(candidates) == 0:
        return out
    menus = {_menu(blocks[i]) for i in candidates.tolist()}
    total: dict[int, int] = {}
    held: dict[int, int] = {}
    for i in np.flatnonzero(items).tolist():
        at = _menu(blocks[i])
        if at in menus:
            total[at] = total.get(at, 0) + 1
            held[at] = held.get(at, 0) + int(kept[i])
    for i in candidates.tolist():
        at = _menu(blocks[i])
        out[i] = at >= 0 and total[at] >= MENU_ITEMS and held[at] <= STRAY_SHARE * total[at]
    return out


def _menu(block: Block) -> int:
    """The walk id of the element holding a list item's list, or -1."""
    return block.ancestors[-3] if len(block.ancestors) >= 3 else -1


TITLE_SHARE = 0.25  # kept words before the title outside the region under this share go


def before_title(blocks: list[Block], kept: np.ndarray, words: np.ndarray, title: np.ndarray,
                 region: int, named: np.ndarray, kinds: BlockKinds) -> np.ndarray:
    """Kept blocks before the page's first kept H1 (`title`: the H1s) that lie outside the
    content region, or are menu entries (list items, at least half link text: a site
    menu the region around a page of boxes takes in), when they hold under TITLE_SHARE
    of the kept words: a promotion, an alert or
    a login box set above the page's title ("Download the patient portal app ..."), a
    forum's notices above the thread. More, and they are part of what the page shows (a
    shop's grid above its category's name). When the page's first H1 is a link to a
    site's home page it is the site's name (a blog theme's header, kept or not): the
    title is then the first kept heading after it that repeats `<title>` (`named`). A
    paragraph (`kinds`) of BYLINE_WORDS words or fewer that is one link, before the
    title, goes wherever it stands: a way back ("Back to the residents' association",
    "← All posts")."""
    out = np.zeros(len(blocks), dtype=bool)
    first = np.flatnonzero(title)[:1]
    if len(first) and _home_link(blocks[int(first[0])]):  # kept or not
        titles = np.flatnonzero(kept & named)
        titles = titles[titles > first[0]]
    else:
        titles = np.flatnonzero(kept & title)
    if len(titles) == 0 or region < 0:
        return out
    at = np.flatnonzero(kept[:int(titles[0])])
    for i in at[kinds.paragraph[at] & (words[at] <= BYLINE_WORDS)].tolist():
        out[i] = _one_link(blocks[i])  # a link back, in the region or not
    if len(at):
        at = at[~inside(blocks, region, at) | (kinds.list_item[at] & kinds.linked[at])]
        if float(words[at].sum()) < TITLE_SHARE * float(words[kept].sum()):
            out[at] = True
    return out


_LINK_TARGET = re.compile(r"\]\((\S+?)\)$")  # a block's Markdown ending with a link


def _home_link(block: Block) -> bool:
    """Whether the whole text of `block` is one link to a site's home page (its path
    "/" or empty, no query): "[Allotment Diary](https://example.com/)"."""
    target = _LINK_TARGET.search(block.markdown)
    if target is None or not _one_link(block):
        return False
    parts = urlsplit(target.group(1))
    return bool(parts.netloc) and parts.path in ("", "/") and not parts.query


def _one_link(block: Block) -> bool:
    """Whether the whole text of `block` is one link."""
    return block.link_chars >= len(block.text) and block.markdown.count("](") == 1


_ancestors = attrgetter("ancestors")
_text = attrgetter("text")


def inside(blocks: list[Block], region: int, which: np.ndarray) -> np.ndarray:
    """Of the blocks at indices `which`, those inside the element `region` (a mask)."""
    if region < 0:
        return np.zeros(len(which), dtype=bool)
    # `region in lineage[:-1]`, without copying the lineage (an element is on it once)
    lineages = map(_ancestors, map(blocks.__getitem__, which.tolist()))
    return np.fromiter((region in lineage and lineage[-1] != region for lineage in lineages),
                       dtype=bool, count=len(which))


def legitimate_repeats(blocks: list[Block], matrix: np.ndarray, region: int,
                       copies: np.ndarray, firsts: np.ndarray, shown: np.ndarray) -> np.ndarray:
    """Which repeated blocks (`copies`, each with the index of its first copy in
    `firsts`) stay: inside the region, not quoted, not mostly link text, and under
    another section heading than the first copy ("Meal 1" under "Plan A" and "Plan B"),
    or, not a heading itself, under another heading of the same text with only text said
    once between the two copies (`_refrain`: a song's chorus after each verse; a heading
    said over and over is the template's), or, for a line of LABEL_WORDS words or fewer,
    in another card (`distinct_cards`: "Screen size: up to 43 in" under two product
    names); a card or menu shown twice for two screen sizes repeats under the same
    heading and in a card of the same texts. `shown`: per block, how many kept blocks
    show its text (0 for blocks never taken for repeats)."""
    heading = matrix[:, _COLUMN["kind_heading"]] > 0
    section = np.maximum.accumulate(np.where(heading, np.arange(len(blocks)), -1))
    out = inside(blocks, region, copies)
    out &= matrix[copies, _COLUMN["link_ratio"]] < MAX_LINK_TABLE
    out &= matrix[copies, _COLUMN[flag_column(BlockFlag.IN_QUOTE)]] == 0
    for k in out.nonzero()[0].tolist():
        mine, theirs = section[copies[k]], section[firsts[k]]
        out[k] = (mine != theirs and (mine < 0 or theirs < 0 or blocks[mine].text.lower()
                                      != blocks[theirs].text.lower()
                                      or not heading[copies[k]]
                                      and _refrain(blocks, shown, int(copies[k])))
                  or text_words(blocks[copies[k]].text) <= LABEL_WORDS
                  and distinct_cards(blocks, int(copies[k]), int(firsts[k])))
    return out


def _refrain(blocks: list[Block], shown: np.ndarray, copy: int) -> bool:
    """Whether the kept blocks between block `copy` and the copy of its text before it
    (`shown`: how many kept blocks show each one's text, as `legitimate_repeats` takes
    it) hold text said once and none said twice: a chorus between verses. A page shown
    twice over (an article and its copy for another screen) repeats what stands between
    its copies too."""
    text = blocks[copy].text.lower()
    start = next(j for j in range(copy - 1, -1, -1)
                 if shown[j] > 1 and blocks[j].text.lower() == text)
    between = shown[start + 1:copy]
    return bool((between == 1).any() and not (between > 1).any())


CARD_BLOCKS = 12  # a card holds at most this many blocks


def _card(blocks: list[Block], at: int, card: int) -> set[str] | None:
    """The lowercased texts of the blocks around block `at` inside element `card`, or
    None when it holds over CARD_BLOCKS blocks (a page section, not a card)."""
    lo = at
    while lo > 0 and card in blocks[lo - 1].ancestors:
        lo -= 1
        if at - lo >= CARD_BLOCKS:
            return None
    hi = at
    while hi + 1 < len(blocks) and card in blocks[hi + 1].ancestors:
        hi += 1
        if hi - lo >= CARD_BLOCKS:
            return None
    return {blocks[i].text.lower() for i in range(lo, hi + 1)}


def shared_depth(mine: tuple[int, ...], theirs: tuple[int, ...]) -> int:
    """How many elements two lineages (walk ids, root first) share from the root: their
    deepest common element is `mine[depth - 1]`."""
    depth = 0
    for x, y in zip(mine, theirs):  # noqa: B905 - lineages differ in length
        if x != y:
            break
        depth += 1
    return depth


def distinct_cards(blocks: list[Block], copy: int, first: int) -> bool:
    """Whether block `copy` and its first copy `first` stand in two different cards: the
    children of their deepest common element that hold them each hold a text the other
    does not ("Screen size: up to 43 in" under two product names), and the text stands
    in fewer than half the cards of that element. A card shown twice for two screen
    sizes holds the same texts both times, or one copy a part of the other's; a line in
    most cards is the template's ("Available for shipping", "Error rating book")."""
    mine, theirs = blocks[copy].ancestors[:-1], blocks[first].ancestors[:-1]
    depth = shared_depth(mine, theirs)
    if depth == 0 or depth >= len(mine) or depth >= len(theirs):
        return False  # no common element, or one holds the other: no two cards
    a, b = _card(blocks, copy, mine[depth]), _card(blocks, first, theirs[depth])
    if a is None or b is None or not (a - b and b - a):
        return False
    common = mine[depth - 1]
    text = blocks[copy].text.lower()
    size = len(text)
    cards, copies = set(), 0
    for block in blocks:
        lineage = block.ancestors
        if len(lineage) > depth + 1 and lineage[depth - 1] == common:
            cards.add(lineage[depth])
            # Lowercasing shortens no text: a longer one is not lowercased to be compared.
            copies += len(block.text) <= size and block.text.lower() == text
    return 2 * copies < len(cards)  # a line in most cards is the template's ("Add to cart")


_NO_DIGITS = str.maketrans("", "", "0123456789")
FIELD_WORDS = 25  # a longer block of a card is its text, not one of its fields


def _cards(blocks: list[Block], words: np.ndarray, region: int) -> dict[int, dict[int, list[int]]]:
    """Per element inside the region, its children of two blocks with words or more
    (child walk id to block indices), for the elements with MIN_CARDS such children or
    more, of CARD_BLOCKS blocks or fewer each: grids of cards (a run of single paragraphs
    is no grid)."""
    children: dict[int, dict[int, list[int]]] = {}
    # Holders with a child of more than CARD_BLOCKS blocks: no grid, and neither is any
    # element above one (its child holding that one is bigger still). A block's lineage
    # is walked innermost first and left at the first such holder, so the elements near
    # the root, which hold most blocks, are not counted for every block.
    too_big: set[int] = set()
    for i in (words > 0).nonzero()[0].tolist():
        lineage = blocks[i].ancestors
        try:
            top = lineage.index(region, 0, len(lineage) - 1)  # above the block's own element
        except ValueError:
            continue
        for d in range(len(lineage) - 2, top - 1, -1):
            holder = lineage[d]
            if holder in too_big:
                break
            members = children.setdefault(holder, {}).setdefault(lineage[d + 1], [])
            members.append(i)
            if len(members) > CARD_BLOCKS:
                too_big.update(lineage[top:d + 1])
                break
    grids = {}
    for holder, cards in children.items():
        if holder in too_big:
            continue
        cards = {card: members for card, members in cards.items() if len(members) > 1}
        if len(cards) >= MIN_CARDS:
            grids[holder] = cards
    return grids


def _below(block: Block, depth: int) -> tuple[str, ...]:
    """The tags of `block`'s lineage from entry `depth` down (paths may hold more tags)."""
    return block.path[depth + len(block.path) - len(block.ancestors):]


def card_fields(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                region: int) -> np.ndarray:
    """Fields of a grid's cards that the cut dropped where it kept them in most others,
    whatever their score: blocks of FIELD_WORDS words or fewer, in a card (`_cards`,
    inside the region), whose part in their card (a title, a date, an author, a price, a
    subject line: the tags from the card down, the kind and the innermost class tokens
    without digits, as a card's own id "post-4821" is no part of its template) is kept
    in at least half of the MIN_CARDS or more cards that have it. A listing's items
    share one template, and the model keeps a field in one item and drops it in the
    next, or drops a later item whole; a part kept in fewer cards (a card's "Sponsored"
    label) stays as the cut left it."""
    out = np.zeros(len(blocks), dtype=bool)
    if region < 0:
        return out
    grids = _cards(blocks, words, region)
    marks = {i: (blocks[i].kind, tuple(t.translate(_NO_DIGITS) for t in blocks[i].tokens[-2:]))
             for i in {i for cards in grids.values() for m in cards.values() for i in m}}
    for holder, cards in grids.items():
        depth = blocks[next(iter(cards.values()))[0]].ancestors.index(holder) + 1
        shown: dict[tuple, list[int]] = {}  # role: [cards keeping it, cards having it]
        roles = {card: [(_below(blocks[i], depth), marks[i]) for i in members]
                 for card, members in cards.items()}
        for card, members in cards.items():
            seen: dict[tuple, bool] = {}
            for i, part in zip(members, roles[card], strict=True):
                seen[part] = seen.get(part, False) or bool(kept[i])
            for part, any_kept in seen.items():
                counts = shown.setdefault(part, [0, 0])
                counts[0] += any_kept
                counts[1] += 1
        for card, members in cards.items():
            for i, part in zip(members, roles[card], strict=True):
                keeping, having = shown[part]
                if not kept[i] and words[i] <= FIELD_WORDS and having >= MIN_CARDS \
                        and 2 * keeping >= having:
                    out[i] = True
    return out


def keep_structure(blocks: list[Block], kept: np.ndarray, region: int, passed: np.ndarray,
                   structure: np.ndarray) -> np.ndarray:
    """`kept` plus the `structure` blocks (`BlockKinds`) in the region among the blocks
    that `passed` the mode's floor, whatever the page's cut (below the floor the model is
    sure: a league table beside the article, a sign-up grid; `choose` passes every block
    of a page of SHORT_PAGE blocks or fewer)."""
    candidates = (~kept & passed & structure).nonzero()[0]
    out = kept.copy()
    out[candidates[inside(blocks, region, candidates)]] = True
    return out


def keep_marked(blocks: list[Block], kept: np.ndarray, region: int) -> np.ndarray:
    """`kept` plus the math, footnote definition and admonition blocks (REGION_KINDS,
    REGION_FLAGS) inside the region, whatever their score."""
    if region < 0:
        return kept
    kinds = map(attrgetter("kind"), blocks)
    flags = np.fromiter(map(attrgetter("flags"), blocks), dtype=np.int64, count=len(blocks))
    marked = np.fromiter(map(REGION_KINDS.__contains__, kinds), dtype=bool, count=len(blocks))
    candidates = (~kept & (marked | (flags & REGION_FLAGS != 0))).nonzero()[0]
    out = kept.copy()
    out[candidates[inside(blocks, region, candidates)]] = True
    return out


def section_headings(blocks: list[Block], kept: np.ndarray, region: int,
                     headings: np.ndarray) -> np.ndarray:
    """`kept` plus the `headings` (those that passed the mode's floor) whose next block is
    kept, inside the region or, outside it, in an element that holds that block too and
    not the region (a box beside it): a kept section's heading, which the cut drops more
    often than its text because it is short (a live page's "Key points" over its summary
    list, in a box above the entries that make the region)."""
    following = np.zeros(len(kept), dtype=bool)
    following[:-1] = kept[1:]
    candidates = (headings & ~kept & following).nonzero()[0]
    out = kept.copy()
    held = inside(blocks, region, candidates)
    out[candidates[held]] = True
    if held.all():
        return out
    chosen = kept.nonzero()[0]
    inner = chosen[inside(blocks, region, chosen)]
    around = set(blocks[int(inner[0])].ancestors) if len(inner) else set()
    for i in candidates[~held].tolist():  # outside it: over its own box's kept text
        holder = _container(blocks[i])[0]
        out[i] = holder in blocks[i + 1].ancestors and holder not in around
    return out


def whole_lists(blocks: list[Block], kept: np.ndarray, region: int,
                passed: np.ndarray) -> np.ndarray:
    """`kept` plus the items that `passed` the mode's floor of the lists inside the
    region with an item kept: a list is kept whole (a table of contents whose last
    entry alone passed the cut)."""
    out = kept.copy()
    if region < 0:
        return out
    shown = {blocks[i].lists[-1] for i in kept.nonzero()[0].tolist()
             if blocks[i].kind == "list_item" and blocks[i].lists}
    if not shown:
        return out
    for i in (~kept & passed).nonzero()[0].tolist():
        block = blocks[i]
        if (block.kind == "list_item" and block.lists and block.lists[-1] in shown
                and region in block.ancestors):
            out[i] = True
    return out


def sibling_rows(blocks: list[Block], kept: np.ndarray, words: np.ndarray, region: int,
                 kinds: BlockKinds) -> np.ndarray:
    """`kept` plus the rows of the region, paragraphs of FIELD_WORDS words or fewer, that
    share their parent, tag and class tokens with MIN_CARDS siblings or more of which the
    cut kept half or more, whatever their score: a short product page's spec rows set as
    `<div>`s ("Care / Dishwasher safe" after "Material / Stoneware"), whose last row
    scores like the buy button after it. Siblings with a longer paragraph are a text's,
    whose lines the cut dropped for a reason (a date and category line among a story's
    paragraphs); mostly-link rows are a menu's; list items are `whole_lists`'."""
    out = kept.copy()
    if region < 0:
        return out
    rows: dict[tuple, list[int]] = defaultdict(list)
    for i in (kinds.paragraph & ~kinds.linked).nonzero()[0].tolist():
        block = blocks[i]
        if len(block.ancestors) > 1 and region in block.ancestors[:-1]:
            rows[block.ancestors[-2], block.path[-1], block.tokens].append(i)
    for members in rows.values():
        if (len(members) >= MIN_CARDS and 2 * kept[members].sum() >= len(members)
                and words[members].max() <= FIELD_WORDS):
            out[members] = True
    return out


# A CMS's class for the view of one post, on the element that holds the whole page
# (WordPress's "single-post" body, Ghost's "post-template", Drupal's
# "page-node-type-article"): a post's page, whatever its metadata leaves out.
POST_VIEW_TOKENS = frozenset({"single-post", "post-template", "page-node-type-article",
                              "node-type-article"})


def is_post_view(blocks: list[Block]) -> bool:
    """Whether an element around both the first and the last block carries a class of a
    CMS's single-post view (`POST_VIEW_TOKENS`)."""
    return bool(blocks) and not POST_VIEW_TOKENS.isdisjoint(
        set(blocks[0].tokens) & set(blocks[-1].tokens))


def is_story_url(url: str | None) -> bool:
    """Whether a page's address names a story below a stories, news or blog folder, or a
    dated path (`STORY_URL`): a name follows the folder."""
    return STORY_URL.search("/" + url_path((url or "").lower())) is not None


def is_thread_page(page_types: frozenset[str], url: str | None) -> bool:
    """A forum or Q&A page by its JSON-LD types (lowercased, no schema prefix), host
    name (forum.example.com, warriorforum.com) or path (/forum/, /t/, /questions/)."""
    if page_types & THREAD_TYPES:
        return True
    host, _, path = (url or "").lower().split("://", 1)[-1].partition("/")
    return bool(THREAD_HOST.search(host) or THREAD_URL.search("/" + path))


def section_after(blocks: list[Block], start: int, kept: np.ndarray, words: np.ndarray,
                  kinds: BlockKinds) -> np.ndarray:
    """The blocks of the section that block `start` (a heading or label) opens: itself
    and the following blocks inside the deepest element holding it and the next block;
    when that element holds over BODY_WORDS kept words before `start` (the article goes
    on around the section), only up to the next heading of the same or a higher level or
    the next paragraph of prose (over BYLINE_WORDS words, not mostly links) standing
    directly in that element, past the block after `start`: the story resumes after a
    teaser list set into it."""
    n = len(blocks)
    out = np.zeros(n, dtype=bool)
    out[start] = True
    if start + 1 >= n:
        return out
    here = blocks[start].ancestors[:-1]
    after = set(blocks[start + 1].ancestors)
    common = [a for a in here if a in after]
    if not common:
        return out
    holder = common[-1]
    before = sum(float(words[i]) for i in kept[:start].nonzero()[0].tolist()
                 if holder in blocks[i].ancestors)
    level = blocks[start].heading_level or 7
    bounded = before > BODY_WORDS
    for j in range(start + 1, n):
        block = blocks[j]
        if holder not in block.ancestors:
            break
        if bounded and (block.kind == "heading" and block.heading_level <= level
                        or j > start + 1 and words[j] > BYLINE_WORDS and not kinds.linked[j]
                        and block.ancestors[-2:-1] == (holder,)):
            break
        out[j] = True
    return out


# An icon font's ligature before a label's words: Material Icons draws "filter_none",
# "keyboard_arrow_right" as a glyph, and the text keeps the name ("filter_none WEITERE
# BEITRÄGE ZU DIESEM ARTIKEL").
_ICON_LIGATURE = re.compile(r"(?:[a-z0-9]+(?:_[a-z0-9]+)+\s+)+")


def label_text(text: str) -> str:
    """A label's text as the label patterns read it: lowercased, without its edge marks
    (`_LABEL_EDGES`) and a leading icon ligature (`_ICON_LIGATURE`)."""
    text = text.lower().strip(_LABEL_EDGES)
    if "_" in text:  # most labels: no ligature can lead them
        ligature = _ICON_LIGATURE.match(text)
        if ligature:
            text = text[ligature.end():]
    return text


def label_matches(blocks: list[Block], label: np.ndarray, pattern: re.Pattern) -> list[int]:
    """Indices of the `label` blocks (`BlockKinds`) whose whole text (`label_text`)
    `pattern` matches."""
    return [i for i in label.nonzero()[0].tolist()
            if pattern.fullmatch(label_text(blocks[i].text))]


# The post footer a blog theme writes under every post, in WordPress's words: "This entry
# was posted in News. Bookmark the permalink.", "Dieser Beitrag wurde unter Allgemein
# veröffentlicht.", "Der Beitrag wurde am 3. Mai 2026 veröffentlicht und wurde unter ...";
# and the terms under a sign-up box's field: "By signing up, you agree to receive ...",
# "By clicking Subscribe, you confirm ...", "En vous inscrivant, vous acceptez ...", "Mit
# der Anmeldung stimmen Sie ... zu", "Al suscribirte aceptas ...", a form's small print.
# One pattern, so a block is matched once.
_POST_FOOTER_OR_SIGN_UP_TERMS = re.compile(
    r"(?:this entry was posted|(?:der|dieser) (?:beitrag|eintrag) wurde)"
    r"\b.*(?:permalink|veröffentlicht|abgelegt)"
    r"|by (?:signing up|subscribing|registering|clicking|submitting|entering|providing"
    r"|creating)\b[^.!?]{0,80}?\byou (?:agree|consent|accept|acknowledge|confirm)"
    r"|en vous (?:inscrivant|abonnant)[^.!?]{0,80}?vous acceptez"
    r"|al (?:suscribirte|suscribirse|registrarte|registrarse)[^.!?]{0,80}?acept"
    r"|mit (?:der|ihrer|deiner) (?:anmeldung|registrierung)[^.!?]{0,80}?"
    r"(?:stimm|akzeptier|erklär)", re.DOTALL | re.IGNORECASE)
POST_FOOTER_WORDS = 60  # a longer block with such a start is text


def chrome_labels(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                  kinds: BlockKinds) -> np.ndarray:
    """Kept labels (`BlockKinds`, LABEL_WORDS words at most) that name an ad slot, a
    loading notice, a picture credit or a share or print button ("Advertisement",
    "Anzeige", "Wird geladen ...", "Foto: dpa", "Share this article", "Share: Facebook |
    Email"), and kept post footers of a blog theme and the terms under a sign-up box's
    field (`_POST_FOOTER_OR_SIGN_UP_TERMS`, POST_FOOTER_WORDS words at most: "This entry
    was posted in News.", "By signing up, you agree to receive ...")."""
    out = np.zeros(len(blocks), dtype=bool)
    out[label_matches(blocks, kinds.label & kept, _CHROME_LABEL)] = True
    for i in (kept & (words <= POST_FOOTER_WORDS)).nonzero()[0].tolist():
        if _POST_FOOTER_OR_SIGN_UP_TERMS.match(blocks[i].text):
            out[i] = True
    return out


# A share button's text in a list of them: "Facebook", "Share on X", "Share via e-mail".
_SHARE_ITEM = re.compile(r"(?:(?:share|teilen|partager|compartir)(?: (?:on|via|auf|sur|en))?\s*)?"
                         + _SHARE_NETWORKS)


def share_lists(blocks: list[Block], kept: np.ndarray, kinds: BlockKinds) -> np.ndarray:
    """Kept items of lists of two items or more that each name where to share the page
    (`_SHARE_ITEM`: "Facebook", "Share on Twitter"): a share bar set as a list, whose
    items are too short and too few words to be labels; one item naming anything else
    (a "Follow us" list with a street address) keeps the list."""
    out = np.zeros(len(blocks), dtype=bool)
    # One kept item of each list is read, as every item must name a network: a menu's
    # other items are passed over.
    kept_item: dict[int, Block] = {}
    for i in (kept & kinds.list_item).nonzero()[0].tolist():
        if blocks[i].lists:
            kept_item.setdefault(blocks[i].lists[-1], blocks[i])
    lists = {key for key, block in kept_item.items()
             if _SHARE_ITEM.fullmatch(block.text.lower().strip(_LABEL_EDGES))}
    if not lists:  # most pages
        return out
    items: dict[int, list[int]] = {}
    for i in kinds.list_item.nonzero()[0].tolist():
        if blocks[i].lists and blocks[i].lists[-1] in lists:
            items.setdefault(blocks[i].lists[-1], []).append(i)
    for at in items.values():
        if len(at) >= 2 and all(_SHARE_ITEM.fullmatch(blocks[i].text.lower().strip(_LABEL_EDGES))
                                for i in at):
            out[at] = True
    return out


def teaser_blocks(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                  kinds: BlockKinds, article: bool) -> np.ndarray:
    """Blocks of teaser-list sections after an article body: on a page declared an
    article or a thread (`article`; JSON-LD or og:type), after its first kept block; else after
    TEASER_AFTER_WORDS kept words, and only when the section holds fewer kept words than
    come before it: a listing page's "Latest articles" is its content, whether it opens
    the page or follows a featured row."""
    out = np.zeros(len(blocks), dtype=bool)
    if not kept.any():
        return out
    before = np.where(kept, words, 0.0).cumsum() - np.where(kept, words, 0.0)
    first = int(kept.argmax())
    # Only the labels that may open a section are matched (the pattern costs more than
    # the test): after the first kept block, or after TEASER_AFTER_WORDS kept words.
    opens = np.arange(len(blocks)) > first if article else before >= TEASER_AFTER_WORDS
    for i in label_matches(blocks, kinds.label & opens, _TEASER):
        if out[i]:
            continue
        section = section_after(blocks, i, kept, words, kinds)
        if article or float(words[section & kept].sum()) < before[i]:
            out |= section
    if not article:
        out |= _teasers_inside_text(blocks, kept, words, kinds, opens | out)
    teasers = kept & kinds.linked & (words <= INLINE_TEASER_WORDS)
    for i in teasers.nonzero()[0].tolist():
        if _INLINE_TEASER.match(blocks[i].text.lower()):
            out[i] = True
    # The lead as a label of its own over the link ("Weiterlesen:" / "Queer history: an
    # interview ..."): only a label ending with the lead's mark is matched. A list of
    # links under "See also:" is a reference list of a document or an answer, and stays.
    leads = kept & kinds.label & ~kinds.linked
    leads[:-1] &= teasers[1:] & ~kinds.list_item[1:]
    leads[-1] = False
    for i in leads.nonzero()[0].tolist():
        text = blocks[i].text.rstrip()
        if text.endswith(_LEAD_MARKS) and _INLINE_TEASER.fullmatch(text.lower()):
            out[i] = out[i + 1] = True
    return out


def _teasers_inside_text(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                         kinds: BlockKinds, done: np.ndarray) -> np.ndarray:
    """The teaser sections (`section_after`) set into a story on a page declared nothing,
    wherever they stand (`teaser_blocks` looks after TEASER_AFTER_WORDS kept words only):
    a teaser label (not in `done`) right after a kept paragraph of prose and right before
    a block that is mostly links (a headline), whose section is followed by a kept
    paragraph of prose ("Zobacz także" and one linked headline between a news story's
    lead and its second paragraph): the story resumes after it. A listing's "Latest
    news" follows no prose, or runs to the page's end."""
    out = np.zeros(len(blocks), dtype=bool)
    prose = kept & (words > BYLINE_WORDS) & ~kinds.linked
    wordy = (words > 0).nonzero()[0]
    labels = np.zeros(len(blocks), dtype=bool)
    labels[wordy[1:-1]] = prose[wordy[:-2]] & kinds.linked[wordy[2:]]
    labels &= kinds.label & ~done
    if not labels.any():  # most pages: no label between prose and a headline
        return out
    for i in label_matches(blocks, labels, _TEASER):
        section = section_after(blocks, i, kept, words, kinds)
        end = int(section.nonzero()[0][-1])
        resumed = wordy[wordy > end]
        if len(resumed) and prose[resumed[0]]:
            out |= section
    return out


def comment_blocks(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                   kinds: BlockKinds, article: bool, thread: bool) -> np.ndarray:
    """Reader comments under an article: blocks inside comment containers after
    BODY_WORDS kept words outside them, and comment sections. Empty on a thread page;
    on a page declared neither (`article`, `thread`) whose kept comment words outweigh
    the rest (the posts may be the page) only the sections under a comment heading."""
    n = len(blocks)
    out = np.zeros(n, dtype=bool)
    if thread:
        return out
    flagged = kinds.comment.copy()
    if article:
        flagged |= reply_threads(blocks, kept, words, kinds)
    if words[flagged].sum() >= PAGE_WIDE * words.sum() and not _story_then_comments(
            kept, words, kinds):  # a page-wide class ("comments-open")
        flagged[:] = False
    body = np.where(kept & ~flagged, words, 0.0).cumsum()
    if body[-1] <= BODY_WORDS:  # no prose outside comment containers: the posts are the page
        return out
    if article or words[kept & flagged].sum() <= body[-1]:
        out |= flagged & (body > BODY_WORDS)
    for i in label_matches(blocks, kinds.label & (body > BODY_WORDS), _COMMENTS):
        if not out[i]:
            out |= section_after(blocks, i, kept, words, kinds)
    return out


# An action under a reader's comment, alone or among others ("Reply", "Reply Link",
# "Like Reply Report", "Antworten", "Répondre"): what a comment thread has under each
# entry and a grid of dated cards or a review page's user reviews has not.
_REPLY = re.compile(r"\b(?:reply|antworten|r[ée]pondre|responder|rispondi|odpowiedz)\b")
# A part of each of `_REPLY`'s words, looked for first (`may_hold_lowered`).
_REPLY_PARTS = (b"reply", b"antworten", b"pondre", b"responder", b"rispond", b"odpowiedz")
REPLY_WORDS = 6  # an action line this short or shorter


def reply_threads(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                  kinds: BlockKinds) -> np.ndarray:
    """Blocks of comment threads in containers that name no comments ("reader-notes",
    "stack"), standing after the last kept paragraph of prose (over BYLINE_WORDS words,
    not mostly links): an element with two children or more that each hold an action
    line naming a reply (`_REPLY`, REPLY_WORDS words or fewer), or an element of entries
    signed with a name and a stamp (`_signed_entries`) one of which holds a reply signed
    the same way, or which a comment heading follows ("Leave a comment" over the form),
    or a list of entries one of which nests a list of entries of its shape
    (`_nested_entries`: a reply tree whose bylines sit in dropped `<header>`s).
    A story's own paragraphs are outside such an element, or it would stand before them."""
    out = np.zeros(len(blocks), dtype=bool)
    short = ((words > 0) & (words <= REPLY_WORDS)).nonzero()[0]
    texts = [blocks[i].text for i in short.tolist()]
    actions = []
    if may_hold_lowered("\n".join(texts), _REPLY_PARTS):  # most pages have no action line
        texts = [text.lower() for text in texts]
        # One search over them all, each match mapped back to its line by its offset.
        starts = np.cumsum([0] + [len(text) + 1 for text in texts])
        actions = sorted({int(short[np.searchsorted(starts, match.start(), "right") - 1])
                          for match in _REPLY.finditer("\n".join(texts))})
    entries = _children_holding(blocks, actions)  # element -> its children holding one
    # element -> (its last action, whether its entries are replies: here, they are, and
    # its children that are signed entries: none needed)
    holders = {holder: (i, True, set()) for i in actions for holder in blocks[i].ancestors
               if len(entries.get(holder, ())) >= 2}
    holders.update(_signed_entries(blocks, words))
    holders.update(_nested_entries(blocks, words, kinds))
    prose = (kept & (words > BYLINE_WORDS) & ~kinds.linked).nonzero()[0].tolist()
    if not holders or not prose:
        return out
    first = blocks[prose[0]].ancestors
    wordy = (words > 0).nonzero()[0]
    # The outermost first: an element inside one taken is taken with it.
    for holder, (at, replies, signed) in sorted(
            holders.items(), key=lambda item: blocks[item[1][0]].ancestors.index(item[0])):
        if out[at] or holder in first:  # or it holds the story's first paragraph
            continue
        # An element's blocks run on in page order: it stands after the last paragraph
        # outside it when its last entry (`at`) does.
        before = next(j for j in reversed(prose) if holder not in blocks[j].ancestors)
        if before > at:
            continue
        inner = _held_by(blocks, holder)
        after = wordy[wordy > inner.nonzero()[0][-1]].tolist()[:1]
        if replies or after and kinds.label[after[0]] and _COMMENTS.fullmatch(
                blocks[after[0]].text.lower().strip(_LABEL_EDGES)) or _responses_heading(
                blocks, words, kinds, inner) or _letters(blocks, words, kinds, inner,
                                                         holder, signed):
            out |= inner
    return out


ENTRY_BODY_DEPTH = 2  # elements from a list's item down to its text: an entry's boxes


def _nested_entries(blocks: list[Block], words: np.ndarray, kinds: BlockKinds
                    ) -> dict[int, tuple[int, bool, set[int]]]:
    """Lists whose items hold their text ENTRY_BODY_DEPTH elements deep or deeper and
    nest a list of items of that shape (the tags from an item down to its text the same):
    a reply tree ("li > div.post > div.body > p" holding "ul > li > div.post > div.body >
    p") whose names and bylines say nothing of comments. Each with the index of its last
    block, as `_signed_entries` gives them. An article's nested list holds its text in
    the items or one paragraph down."""
    shapes: dict[int, dict[int, set[tuple[str, ...]]]] = defaultdict(lambda: defaultdict(set))
    last: dict[int, int] = {}
    for i in (kinds.list_item & (words > 0)).nonzero()[0].tolist():
        block = blocks[i]
        path = block.path
        if not block.lists or "li" not in path:
            continue
        shape = path[len(path) - path[::-1].index("li"):]  # below the nearest item
        if len(shape) >= ENTRY_BODY_DEPTH:
            shapes[block.lists[0]][len(block.lists)].add(shape)
            last[block.lists[0]] = i
    out = {}
    for holder, by_depth in shapes.items():
        top = by_depth[min(by_depth)]
        if any(top & deeper for depth, deeper in by_depth.items() if depth > min(by_depth)):
            out[holder] = (last[holder], True, set())
    return out


def _letters(blocks: list[Block], words: np.ndarray, kinds: BlockKinds, inner: np.ndarray,
             holder: int, signed: set[int]) -> bool:
    """Whether the element `holder` (its blocks `inner`) is all readers' letters: every
    child is a signed entry (`signed`, `_signed_entries`) holding a paragraph of prose
    (over BYLINE_WORDS words, not mostly links), and none holds a linked block longer
    than a name, a teaser card's headline: a name, a date and what the reader wrote,
    under a heading that names neither comments nor responses ("From the mailbag").
    Users' reviews of what the page reviews are signed so too, in containers named for
    reviews (`_REVIEWS`: "user-review-content"), and a page's reference keeps them."""
    if any(_REVIEWS.search(token) for token in blocks[int(inner.argmax())].tokens):
        return False
    prose: set[int] = set()
    for i in inner.nonzero()[0].tolist():
        if not words[i]:
            continue
        lineage = blocks[i].ancestors
        child = lineage[lineage.index(holder) + 1] if lineage[-1] != holder else -1
        if child not in signed or kinds.linked[i] and words[i] > SIGNATURE_NAME_WORDS:
            return False
        if words[i] > BYLINE_WORDS and not kinds.linked[i]:
            prose.add(child)
    return prose == signed


# A heading that names readers' responses or counts them, over a thread of signed entries
# ("Responses", "4 Reactions", "What readers said", "Ihre Meinung"). Dated teaser cards
# ("More from the blog") and user reviews ("User reviews") are signed too, under other
# headings; `_COMMENTS` reads the forms that head a section on their own. Plurals: the
# singular ("Comment", "Response") heads an opinion piece or a reply to a story.
_RESPONSES = re.compile(
    r"\b(?:comments|responses|replies|reactions|discussion|conversation|thoughts"
    r"|what (?:our )?readers (?:say|said|think|are saying)|kommentare|reaktionen|antworten"
    r"|ihre meinung|leserstimmen|commentaires|réactions|réponses|comentarios|respuestas"
    r"|komentarze|odpowiedzi)\b")


def _responses_heading(blocks: list[Block], words: np.ndarray, kinds: BlockKinds,
                       inner: np.ndarray) -> bool:
    """Whether a heading naming responses (`_RESPONSES`) stands over the element whose
    blocks `inner` marks: its own first block, or the last block with words before it."""
    first = int(inner.argmax())
    if not (kinds.heading[first] and words[first] > 0):
        before = (words[:first] > 0).nonzero()[0]
        if not len(before):
            return False
        first = int(before[-1])
    return bool(kinds.heading[first] and kinds.label[first]
                and _RESPONSES.search(blocks[first].text.lower()))


SIGNATURE_NAME_WORDS = 4  # the name before the stamp in an entry's name line


def _signed_entries(blocks: list[Block], words: np.ndarray
                    ) -> dict[int, tuple[int, bool, set[int]]]:
    """Elements with two children or more that each hold a name line (a name of
    SIGNATURE_NAME_WORDS words or fewer ending with a stamp: "Harold Penn 3 days ago", or
    a stamp alone beside such a name, `_name_beside`),
    each with the index of its last name line, whether a child holds one-line name
    lines at two depths (an entry with a reply set inside it) and the children holding
    one (the entries). Dated cards and user reviews are signed too, but none holds
    another. Two-line names count for the elements but not for nesting: a story's
    "byClemson News" over its date and a teaser's byline lower in the same column read as
    an entry holding a reply."""
    children: dict[int, set[int]] = defaultdict(set)
    depths: dict[int, dict[int, set[int]]] = defaultdict(lambda: defaultdict(set))
    last: dict[int, int] = {}
    for i in ((words > 1) & (words <= LABEL_WORDS)).nonzero()[0].tolist():
        text = _stamp_text(blocks[i].text)
        if text is None:
            continue
        stamp = _STAMP_TAIL.search(text)
        if stamp is None:
            continue
        name = text_words(text[:stamp.start()])
        one_line = 0 < name <= SIGNATURE_NAME_WORDS
        if not (one_line or name == 0 and _name_beside(blocks, words, i)):
            continue
        lineage = blocks[i].ancestors
        for parent, child in zip(lineage, lineage[1:]):  # noqa: B905 - pairs
            children[parent].add(child)
            if one_line:  # see above: two-line names are no test of nesting
                depths[parent][child].add(len(lineage))
            last[parent] = i
    return {holder: (last[holder], any(len(d) > 1 for d in depths[holder].values()), held)
            for holder, held in children.items() if len(held) >= 2}


def _name_beside(blocks: list[Block], words: np.ndarray, stamp: int) -> bool:
    """Whether the block before or after the stamp line `stamp`, in the same element,
    is a name alone (SIGNATURE_NAME_WORDS words or fewer, no digit, no sentence's end):
    an entry signed on two lines ("Marta Okafor", "13 April 2026")."""
    parent = blocks[stamp].ancestors[:-1]
    for j in (stamp - 1, stamp + 1):
        if 0 <= j < len(blocks) and 0 < words[j] <= SIGNATURE_NAME_WORDS \
                and blocks[j].ancestors[:-1] == parent:
            text = blocks[j].text.strip()
            if _DIGIT.search(text) is None and not text.endswith(_SENTENCE_ENDS):
                return True
    return False


def _story_then_comments(kept: np.ndarray, words: np.ndarray, kinds: BlockKinds) -> bool:
    """Whether kept paragraphs of prose outside comment containers (over BYLINE_WORDS
    words, not mostly links) hold over BODY_WORDS words and no block before the last of
    them is in one: a story with its comments after it, however many, and not a page
    wrapped in an element whose class names comments, which would hold the story too."""
    story = (kept & ~kinds.comment & (words > BYLINE_WORDS) & ~kinds.linked).nonzero()[0]
    return (len(story) > 0 and float(words[story].sum()) > BODY_WORDS
            and not kinds.comment[:story[-1]].any())


def _stamped(blocks: list[Block], words: np.ndarray, kinds: BlockKinds) -> list[int]:
    """Indices of the blocks that are a date stamp, or a short linked headline ending
    with one ("Storm warning lifted 2 hours ago")."""
    out = []
    short = (words > 0) & (words <= STAMP_WORDS) & (kinds.linked | (words <= LABEL_WORDS))
    for i in short.nonzero()[0].tolist():
        text = _stamp_text(blocks[i].text)
        if text is None:
            continue
        if _STAMP.fullmatch(text) or kinds.linked[i] and _STAMP_TAIL.search(text):
            out.append(i)
    return out


@lru_cache(maxsize=4096)
def _stamp_text(text: str) -> str | None:
    """A short block's text as the stamp patterns read it (lowercased, without its edge
    marks), or None when no stamp can match it (no digit, no undated stamp at its end:
    the regexes cost more than this test). Cached: on an article `_stamped` and
    `_signed_entries` read the same short blocks, and a text is lowercased once."""
    text = text.lower().strip(_LABEL_EDGES)
    if _DIGIT.search(text) is None and not text.endswith(_UNDATED_STAMPS):
        return None
    return text


def _children_holding(blocks: list[Block], at: list[int]) -> dict[int, set[int]]:
    """Each element above the blocks at indices `at` -> those of its children that hold
    one of them."""
    out: dict[int, set[int]] = defaultdict(set)
    for i in at:
        lineage = blocks[i].ancestors
        for parent, child in zip(lineage, lineage[1:]):  # noqa: B905 - pairs
            out[parent].add(child)
    return out


def _held_by(blocks: list[Block], element: int) -> np.ndarray:
    """The blocks inside the element `element` (a mask)."""
    return np.fromiter((element in block.ancestors for block in blocks), dtype=bool,
                       count=len(blocks))


def card_grid_blocks(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                     kinds: BlockKinds, headed: bool = False) -> np.ndarray:
    """Kept blocks of teaser card grids: an element with MIN_CARDS or more children that
    each hold a date stamp ("20 April 2026", "3h ago"), holding under GRID_SHARE of the
    kept words while over BODY_WORDS kept words lie outside it, all before it or all
    after it: dated headlines and excerpts after the content or above it ("Latest news"
    without its heading, a slider of headlines, "Read next" cards). The children may be
    rows of cards, and cards without a stamp (a sponsored one) may stand between dated
    ones. On a listing page the dated cards hold most of the kept words, or kept text
    follows them, and they stay. `headed` (a page that declares nothing): only a grid
    after the kept text whose MIN_CARDS children each hold a linked heading and a date
    or an excerpt (prose over BYLINE_WORDS words, not mostly links), the shape of other
    stories' cards (a headline, its excerpt, its date, one of the two), with one
    stamp at most outside it (the story's own date), fewer than MIN_CARDS kept linked
    headings (a section page has other grids, dated or not), and the other kept text
    in an element of its own (`deepest_region` not holding the grid: a home page's
    "Latest posts" stand among its sections)."""
    out = np.zeros(len(blocks), dtype=bool)
    stamps = _stamped(blocks, words, kinds)
    if headed:
        titled = {grid: children for grid, children in _children_holding(
            blocks, (kinds.heading & kinds.linked).nonzero()[0].tolist()).items()
                  if len(children) >= MIN_CARDS}
        if not titled:  # most pages
            return out
        # A card's linked heading comes with its date or its excerpt (prose not in links).
        excerpts = (kinds.paragraph & (words > BYLINE_WORDS) & ~kinds.linked).nonzero()[0]
        marked = _children_holding(blocks, stamps + excerpts.tolist())
        dated = {grid: children & marked.get(grid, set()) for grid, children in titled.items()}
    elif len(stamps) < MIN_CARDS:
        return out
    else:
        dated = _children_holding(blocks, stamps)  # element -> its children holding a stamp
    total = float(words[kept].sum())
    for grid, children in dated.items():
        if len(children) < MIN_CARDS:
            continue
        inner = _held_by(blocks, grid)
        if headed and (sum(not inner[i] for i in stamps) > 1 or np.count_nonzero(
                kept & ~inner & kinds.heading & kinds.linked) >= MIN_CARDS
                or deepest_region(blocks, kept & ~inner, words) in blocks[
                    int(inner.argmax())].ancestors):
            continue  # cards elsewhere too, or text all around: not a story's teasers
        held = float(words[kept & inner].sum())
        body = (kept & ~inner).nonzero()[0]
        inside_at = inner.nonzero()[0]
        beside = len(body) > 0 and (inside_at[0] > body[-1] or not headed
                                    and inside_at[-1] < body[0])
        if beside and held < GRID_SHARE * total and total - held > BODY_WORDS:
            out |= kept & inner
    return out


def cards_before_title(blocks: list[Block], kept: np.ndarray, kinds: BlockKinds,
                       title: np.ndarray) -> np.ndarray:
    """Kept blocks of an element before the page's first kept title heading (`title`)
    that holds MIN_CARDS or more children each with a kept linked heading, and not the
    title: other stories' cards above a story (a carousel of headlines and excerpts),
    whatever share of the words they hold (`before_title` leaves a large one, which on
    other pages is the grid the page shows). `choose` asks it on articles only."""
    out = np.zeros(len(blocks), dtype=bool)
    titles = np.flatnonzero(kept & title)
    if len(titles) == 0:
        return out
    first = int(titles[0])
    headlines = np.flatnonzero((kept & kinds.heading & kinds.linked)[:first])
    if len(headlines) < MIN_CARDS:
        return out
    for grid, children in _children_holding(blocks, headlines.tolist()).items():
        if len(children) >= MIN_CARDS and grid not in blocks[first].ancestors:
            out |= kept & _held_by(blocks, grid)
    return out


def stacked_stories(blocks: list[Block], kept: np.ndarray, h1: np.ndarray,
                    repeats_title: np.ndarray) -> np.ndarray:
    """Kept blocks of the stories an endless scroll stacks under the page's own: when the
    page's first H1 (`h1`) repeats its `<title>` (`repeats_title`), a later H1 that does
    not, set by the same template (the same tag path, and the same class and id tokens
    but for their digits: "article-0", "article-1") in another element, opens the next
    story, and every kept block inside that element goes. An H1 inside the story's own
    element, or a section's H1 under a title set elsewhere, has another path."""
    out = np.zeros(len(blocks), dtype=bool)
    at = h1.nonzero()[0].tolist()
    if len(at) < 2 or not repeats_title[at[0]]:  # most pages have one H1
        return out
    story = blocks[at[0]]
    template = tuple(t.translate(_NO_DIGITS) for t in story.tokens)
    for i in at[1:]:
        block = blocks[i]
        if repeats_title[i] or block.path != story.path or tuple(
                t.translate(_NO_DIGITS) for t in block.tokens) != template:
            continue
        # The same path: lineages of one length, apart from the element holding both.
        pairs = zip(story.ancestors, block.ancestors, strict=True)
        depth = next((d for d, (a, b) in enumerate(pairs) if a != b), len(block.ancestors))
        if depth < len(block.ancestors) - 1:  # the H1's own element is no story's
            out |= kept & _held_by(blocks, block.ancestors[depth])
    return out


# A newsletter, subscription, paywall or author box's class or id token. The author box's
# names share one branch: `re` tries every branch at each letter that may start one, and
# eight "author..." branches made a token's search twice as long (0.79 against 0.42 us).
_PROMO = re.compile(r"newsletter|subscri|sign-?up|paywall|regwall|opt-?in"
                    r"|author(?:-?(?:bio|box|info|details|card|desc)|_?_?about|popover)"
                    r"|about-?the-?author|autoren?box|saboxplugin")
# A word each of `_PROMO`'s names holds (`ContainerNames.inside` looks for them first).
_PROMO_WORDS = ("newsletter", "subscri", "sign", "paywall", "regwall", "opt", "author",
                "autor", "saboxplugin")
PROMO_WORDS = 60  # a longer run in such containers is text, not a notice


_tokens = attrgetter("tokens")


class ContainerNames:
    """Which of the blocks `among` (a mask) stand inside an element whose class or id
    token matches a container name (a newsletter box, a review list). Their tokens are
    gathered once, not once for each name asked about: `choose` makes one over the
    kept blocks before the rules that only drop kept blocks, and those on promo boxes,
    signatures, related posts, disclosures, reviews and sidebars ask it about theirs."""

    __slots__ = ("_among", "_at", "_lineages", "_distinct", "_tokens", "_lines")

    def __init__(self, blocks: list[Block], among: np.ndarray) -> None:
        self._among = among.copy()
        self._at = among.nonzero()[0]
        self._lineages = list(map(_tokens, map(blocks.__getitem__, self._at.tolist())))
        # Blocks of one element share its token tuple: each distinct tuple is read once.
        self._distinct = dict(zip(map(id, self._lineages), self._lineages, strict=True))
        self._tokens = set(chain.from_iterable(self._distinct.values()))
        self._lines = "\n".join(self._tokens)

    def mention(self, words: tuple[str, ...]) -> bool:
        """Whether a token holds one of `words`: a substring test over all the tokens at
        once, far cheaper than a pattern searched in each, before a pattern that needs
        one of them."""
        return any(word in self._lines for word in words)

    def inside(self, pattern: re.Pattern, which: np.ndarray,
               besides: tuple[str, ...] = (), needs: tuple[str, ...] = ()) -> np.ndarray:
        """Of the blocks `which` (a mask), those inside an element whose class or id token
        matches `pattern` and is none of `besides`. `needs`: words of which every token
        `pattern` matches holds one, looked for first (`mention`; a whole-token pattern
        costs 0.2-0.7 us a token). Raises ValueError when `which` holds a block not
        `among`."""
        if (which & ~self._among).any():
            raise ValueError("asked about blocks the container names were not gathered for")
        found = np.zeros(len(which), dtype=bool)
        if needs and not self.mention(needs):  # most pages, for most names
            return found
        names = set(filter(pattern.search, self._tokens)).difference(besides)
        if names:  # most pages have no such container
            named = {key for key, tokens in self._distinct.items()
                     if not names.isdisjoint(tokens)}
            found[self._at] = np.fromiter(map(named.__contains__, map(id, self._lineages)),
                                          dtype=bool, count=len(self._at))
        return found & which


def _named_minority(names: ContainerNames, kept: np.ndarray, words: np.ndarray,
                    pattern: re.Pattern, share: float, besides: tuple[str, ...] = (),
                    needs: tuple[str, ...] = ()) -> np.ndarray:
    """The kept blocks inside elements whose class or id token matches `pattern` and is
    none of `besides`, when those hold under `share` of the kept words (more, and they
    are the page's text). `needs` as `ContainerNames.inside` takes it."""
    at = names.inside(pattern, kept, besides, needs)
    if at.any() and words[at].sum() < share * words[kept].sum():
        return at
    return np.zeros(len(kept), dtype=bool)


# A sidebar, one of its widgets, a menu or the site's header or footer, by a class or id
# token of its own ("sidebar", "left-sidebar", "widget", "menu", "main-nav", "breadcrumbs",
# "site-header", "masthead"); "elementor-widget-container" wraps a page builder's content,
# and "entry-header" holds a post's title.
_SIDEBAR_WORDS = r"sidebar|side-bar|widget-area"  # a sidebar's own names (`_SIDEBAR`)
_NAMED_CHROME = re.compile(rf"^(?:(?:\w+[-_])?(?:{_SIDEBAR_WORDS}|menu|nav"
                           r"|navigation|navbar|breadcrumbs?)(?:[-_]\w+)?|widget|site-header"
                           r"|site-footer|masthead)$")  # the whole token
NAMED_CHROME_SHARE = 0.5  # such containers holding this share of the kept words are the text


def named_chrome_blocks(blocks: list[Block], names: ContainerNames, kept: np.ndarray,
                        words: np.ndarray, region: int) -> np.ndarray:
    """Kept blocks inside elements whose class or id token names a sidebar, a widget, a
    menu or the site's header or footer (`_NAMED_CHROME`, the whole token), when those
    hold under NAMED_CHROME_SHARE of the kept words: a blog's "About me", a council's
    quick links beside the page's text, a menu of links above loose text, a theme's
    site description under the site's name. A token the content region's (`region`)
    blocks carry too names the layout, not a box (`region_tokens`: `<body>`'s
    "has-sidebar"), or every block would be inside it and none a minority."""
    return _named_minority(names, kept, words, _NAMED_CHROME, NAMED_CHROME_SHARE,
                           region_tokens(blocks, kept, region))


def region_tokens(blocks: list[Block], kept: np.ndarray, region: int) -> tuple[str, ...]:
    """The class and id tokens the first and the last kept block inside the content
    region (`region`) share: those of the elements enclosing the region, which give them
    to all its blocks (a box inside the region gives its own to some); () when none is
    kept there."""
    if region < 0:
        return ()
    at = kept.nonzero()[0]
    held = at[inside(blocks, region, at)]
    if not len(held):
        return ()
    return tuple(set(blocks[int(held[0])].tokens).intersection(blocks[int(held[-1])].tokens))


# A sidebar by a class or id token of its own: "sidebar", "region-sidebar-second",
# "giz-sidebar1", "sidebarright", "widget-area" (the whole token, one word before at most).
_SIDEBAR = re.compile(rf"^(?:\w+[-_])?(?:{_SIDEBAR_WORDS})(?:[-_]?\w+)?$")


def named_sidebars(blocks: list[Block], names: ContainerNames, kept: np.ndarray,
                   region: int) -> np.ndarray:
    """Kept blocks outside the content region (`region`) inside an element whose class or
    id token names a sidebar (`_SIDEBAR`) that none of the region's own enclosing
    elements has: a blog's recent posts and text widgets, a CMS's second column beside
    the story. A page's wrapper often names its layout ("content-sidebar-wrap",
    "one-sidebar", "has-sidebar" on `<body>`) and holds the text too; its token is on
    the region's blocks, and so is no box of its own."""
    out = np.zeros(len(blocks), dtype=bool)
    if region < 0 or not names.mention(("sidebar", "side-bar", "widget-area")):
        return out
    at = kept.nonzero()[0]
    held = inside(blocks, region, at)
    if held.all() or not held.any():
        return out
    outside = np.zeros(len(blocks), dtype=bool)
    outside[at[~held]] = True
    return names.inside(_SIDEBAR, outside, besides=region_tokens(blocks, kept, region))


# A cookie or consent banner by a class or id token of its own that names both, in that
# order ("spicy-consent-bar", "customer-cookie-container", "gdpr-banner__text"; a pattern
# led by its three words alone is searched fast in every token): the walk drops
# the consent platforms' exact tokens, and a site's own banner is named anyhow. A token
# naming cookies alone is a documentation section's ("cookies", "setting-cookies").
_CONSENT_BOX = (r"(?:banner|bar|notice|hint|popup|modal|overlay|layer|dialog|container|wrapper"
                r"|box|message|window|prompt)")
_CONSENT_WORDS = ("cookie", "consent", "gdpr")
_CONSENT = re.compile(f"(?:{'|'.join(_CONSENT_WORDS)})" + r"[\w-]*" + _CONSENT_BOX)
CONSENT_SHARE = 0.5  # such containers holding this share of the kept words are the text
# A dialog box by a class or id token: "modal_frame", "cookie-dialog", "popup", "overlay".
_DIALOG_WORDS = ("modal", "dialog", "popup", "overlay")
_DIALOG = re.compile(r"(?:^|[-_])(?:" + "|".join(_DIALOG_WORDS) + r")(?:$|[-_])")


def consent_notices(blocks: list[Block], names: ContainerNames, kept: np.ndarray,
                    words: np.ndarray) -> np.ndarray:
    """Kept blocks inside elements whose class or id token names a cookie or consent
    banner (`_CONSENT`), or a dialog box (`_DIALOG`) whose paragraphs of over LABEL_WORDS
    words mostly name cookies (a settings panel whose names do not say consent), when
    those hold under CONSENT_SHARE of the kept words (a cookie policy's page is its
    text), or when they all come after the other kept blocks, which hold BODY_WORDS
    words or more: a banner set at the end of the page, whose settings panel ("The
    technical storage or access is strictly necessary ...") can outweigh a short page's
    text."""
    out = np.zeros(len(kept), dtype=bool)
    if names.mention(_CONSENT_WORDS):
        out |= _notice(names.inside(_CONSENT, kept), kept, words)
    if names.mention(_DIALOG_WORDS):  # each on its own: a page-wide consent token holds all
        box = names.inside(_DIALOG, kept)
        prose = (box & (words > LABEL_WORDS)).nonzero()[0]
        if len(prose) and 2 * sum("cookie" in blocks[i].text.lower() for i in prose.tolist()) \
                >= len(prose):
            out |= _notice(box, kept, words)
    return out


def _notice(at: np.ndarray, kept: np.ndarray, words: np.ndarray) -> np.ndarray:
    """`at` (kept blocks of a notice's containers) when they hold under CONSENT_SHARE of
    the kept words or all come after the other kept blocks, which hold BODY_WORDS words
    or more; else none."""
    if not at.any():
        return at
    total, inner = float(words[kept].sum()), float(words[at].sum())
    first = int(at.argmax())
    trailing = not (kept[first:] & ~at[first:]).any()
    if inner < CONSENT_SHARE * total or (
            trailing and float(words[:first][kept[:first]].sum()) >= BODY_WORDS):
        return at
    return np.zeros(len(kept), dtype=bool)


# A related-posts box by a class or id token of its own: "related-posts", "relatedposts",
# "related_post", "yarpp-related", "jp-relatedposts", "wp_rp", "crp_related",
# "related-articles", "related_links", "nextstory", "next-post"; a news site's lists of
# other stories: "most-read", "mostpopular", "popular-posts", "trending", "recirc",
# "recommended-stories", "you-may-like", "more-from", "latest-news", and the boxes of the
# two recommendation networks, "outbrain" and "taboola" (the whole token).
_NAMED_TEASERS = re.compile(r"^(?:\w+[-_])?(?:related[-_]?(?:posts?|articles?|stories|links"
                            r"|content|entries|reads?)|relevant[-_]posts?|yarpp[-_]related"
                            r"|wp_rp|crp[-_]related|next[-_]?(?:post|story|article)s?"
                            r"|read[-_]?next|more[-_](?:stories|articles|posts)"
                            r"|most[-_]?(?:popular|read|viewed|shared)"
                            r"|popular[-_]?(?:posts?|stories|articles)"
                            r"|trending(?:[-_]?(?:stories|posts|articles|now))?|recirc(?:ulation)?"
                            r"|recommended[-_]?(?:posts?|stories|articles|reads?)"
                            r"|you[-_]?may[-_]?(?:also[-_]?)?like|also[-_]?like|more[-_]?from"
                            r"|latest[-_]?(?:news|posts|stories|articles)|outbrain|taboola)$")
# A word each of `_NAMED_TEASERS`' names holds (`ContainerNames.inside` looks for them first).
_NAMED_TEASER_WORDS = ("related", "relevant", "wp_rp", "next", "more", "most", "popular",
                       "trending", "recirc", "recommended", "like", "latest", "outbrain",
                       "taboola")


# A box of teasers by a class or id token of its own: "teaser", "article-teaser",
# "teasers" (the whole token). A section page declared an article sets its list in
# such cards, and a German story its standfirst, so it goes only after a story that
# outweighs it (`named_teasers`).
_TEASER_BOX = re.compile(r"^(?:\w+[-_])?teasers?$")


def named_teasers(names: ContainerNames, kept: np.ndarray, words: np.ndarray,
                  article: bool) -> np.ndarray:
    """Kept blocks inside elements whose class or id token names a box of related or
    next posts (`_NAMED_TEASERS`, the whole token), when over BODY_WORDS kept words come
    before the first of them: the headlines and excerpts of other stories that a blog's
    plugin sets under the post ("wp_rp", "yarpp-related", "nextstory"), without a
    heading the teaser rules know. Under a short post declared an article (`article`)
    they hold most of the kept words, so no share of them protects a box; the story
    before it does (a page whose text sits in such a box has none before it). On a page
    not declared an article (a blog without an SEO plugin) they go only when the kept
    words before them outweigh them. A box named a teaser (`_TEASER_BOX`) goes on those
    terms on an article's page alone: a section page's list is set in such cards under
    a short intro, and a service page's cards of its own offers are "cmp-teaser"s."""
    at = names.inside(_NAMED_TEASERS, kept, needs=_NAMED_TEASER_WORDS)
    if at.any():
        first = int(at.argmax())
        before = float(words[:first][kept[:first]].sum())
        if before <= BODY_WORDS or not article and before <= words[at].sum():
            at[:] = False
    boxes = (names.inside(_TEASER_BOX, kept) if article and names.mention(("teaser",))
             else np.zeros(len(kept), dtype=bool))
    if boxes.any():
        first = int(boxes.argmax())
        if words[:first][kept[:first]].sum() > words[boxes].sum():
            at |= boxes
    return at


# A disclosure box by a class or id token of its own: "disclaimer", "aawp-disclaimer",
# "editorial-disclosure", "advertising-disclosure", "affiliate-disclosure-box" (the whole
# token, one word before and after at most).
_DISCLOSURE_WORDS = ("disclaimer", "disclosure")
_DISCLOSURE = re.compile(r"^(?:\w+[-_])?(?:" + "|".join(_DISCLOSURE_WORDS) + r")(?:[-_]\w+)?$")
DISCLOSURE_SHARE = 0.5  # such containers holding this share of the kept words are the text
# The site telling the reader that its links pay it (English): "We may earn a commission",
# "As an Amazon Associate I earn from qualifying purchases", "This post contains
# affiliate links", "We are a reader-supported website", "Buying through links on our
# site supports our work". The subject is the site ("we", "I", "us"), so a story about
# streamers who earn a commission is not one.
_AFFILIATE_NOTICE = re.compile(
    r"(?:\b(?:we|i|us)\b[^.!?]{0,40}?\b(?:earn|receive|get|collect)s?\b[^.!?]{0,20}?"
    r"\b(?:commissions?|compensation)\b|\b(?:we|i) (?:may|might) be compensated"
    r"|qualifying purchases|reader-supported|contains? affiliate links"
    r"|buying through (?:the )?links|chosen independently by our editors)", re.IGNORECASE)
NOTICE_WORDS = 80  # a longer block naming such links is text about them
# A word every `_AFFILIATE_NOTICE` match holds: most pages have none in their short kept
# blocks, found by one look over their joined text, and skip the pattern; on the others
# only the blocks holding one are searched (the pattern costs about 10 us a block).
_AFFILIATE_WORDS = ("commission", "compensat", "qualifying", "reader-supported",
                    "affiliate", "buying through", "chosen independently")
_AFFILIATE_BYTES = tuple(word.encode() for word in _AFFILIATE_WORDS)  # `may_hold_lowered`


def disclosures(blocks: list[Block], names: ContainerNames, kept: np.ndarray,
                words: np.ndarray) -> np.ndarray:
    """Kept blocks of an article page, not headings, inside elements whose class or id
    token names a disclaimer or disclosure (`_DISCLOSURE`), when those hold under
    DISCLOSURE_SHARE of the kept words: the affiliate notice over a buying guide ("We may
    earn a commission"), a transcript's copyright line, a price box's "Letzte
    Aktualisierung ... Affiliate Links". A heading there is the story's title set in the
    same wrapper. Kept blocks of NOTICE_WORDS words or fewer that say the site's links
    pay it (`_AFFILIATE_NOTICE`) go too, in whatever container."""
    out = _named_minority(names, kept, words, _DISCLOSURE, DISCLOSURE_SHARE,
                          needs=_DISCLOSURE_WORDS)
    for i in out.nonzero()[0].tolist():
        out[i] = blocks[i].kind != "heading"
    notes = (kept & (words > 0) & (words <= NOTICE_WORDS)).nonzero()[0].tolist()
    texts = [blocks[i].text for i in notes]
    joined = "\n".join(texts)
    if not may_hold_lowered(joined, _AFFILIATE_BYTES):  # most pages
        return out
    joined = joined.lower()
    hits = [at for word in _AFFILIATE_WORDS for at in _offsets(joined, word)]
    if not hits:
        return out
    # Each word found mapped back to its note by its offset in the joined text: lowercasing
    # keeps a text's length but for the dotted capital I (U+0130), whose lowercase is two
    # characters (`webfold.selector.repeat_groups`).
    starts = np.cumsum([0] + [len(text) + text.count("\u0130") + 1 for text in texts])
    for k in set(np.searchsorted(starts, hits, "right").tolist()):
        i = notes[k - 1]
        if blocks[i].kind != "heading" and _AFFILIATE_NOTICE.search(texts[k - 1].lower()):
            out[i] = True
    return out


def may_hold_lowered(text: str, words: tuple[bytes, ...]) -> bool:
    """Whether the lowercase of `text` may hold one of `words` (lowercase ASCII words
    holding no "k" and not ending in "i"), without lowercasing `text`: they are looked
    for in its ASCII characters lowercased as bytes, several times cheaper than
    lowercasing a text holding any other character (a curly quote), which reads it
    character by character. Beyond ASCII only the Kelvin sign lowercases to an ASCII
    letter ("k"), and the dotted capital I to one and a combining dot ("i"), so a text
    whose lowercase holds one of those words holds it in these bytes too (dropping the
    other characters may join two parts into a word: a false alarm, which the exact look
    after it settles)."""
    ascii_lowered = text.encode("ascii", "ignore").lower()
    return any(map(ascii_lowered.__contains__, words))


def _offsets(text: str, word: str) -> Iterator[int]:
    """Where `word` starts in `text`, each place once, left to right."""
    at = text.find(word)
    while at >= 0:
        yield at
        at = text.find(word, at + 1)


# A forum signature under each post, by a class or id token of its own ("signature",
# "post-signature", "message-signature", vBulletin's "signaturecontainer").
_SIGNATURE_WORD = "signature"
_SIGNATURE = re.compile(rf"^(?:\w+[-_])?{_SIGNATURE_WORD}(?:s|container|[-_]\w+)?$")
SIGNATURE_SHARE = 0.8  # signature containers holding this share of the kept words are the text


def signatures(names: ContainerNames, kept: np.ndarray, words: np.ndarray) -> np.ndarray:
    """Kept blocks inside forum signatures (`_SIGNATURE`): the poster's tagline under
    every post, which no reader came for and no WCXB thread reference keeps. Unless those
    hold SIGNATURE_SHARE of the kept words (a page whose text the name wraps); on a short
    thread long signatures can outweigh the posts, so the share is high."""
    return _named_minority(names, kept, words, _SIGNATURE, SIGNATURE_SHARE,
                           needs=(_SIGNATURE_WORD,))


def promo_blocks(names: ContainerNames, kept: np.ndarray, words: np.ndarray) -> np.ndarray:
    """Kept notices of sign-up and author boxes: a run of consecutive kept blocks inside
    elements whose class or id names a newsletter, subscription, paywall or author box,
    of at most PROMO_WORDS words together (a longer run is text the name wraps)."""
    out = np.zeros(len(kept), dtype=bool)
    chosen = kept.nonzero()[0]
    named = names.inside(_PROMO, kept, needs=_PROMO_WORDS)[chosen].tolist()
    if not any(named):
        return out
    chosen = chosen.tolist()
    start = 0
    while start < len(chosen):  # runs of consecutive kept blocks in such containers
        end = start
        while end < len(chosen) and named[end]:
            end += 1
        run = chosen[start:end]
        if run and words[run].sum() <= PROMO_WORDS:
            out[run] = True
        start = end + 1
    return out


def trailing_headings(blocks: list[Block], kept: np.ndarray, words: np.ndarray) -> np.ndarray:
    """Kept headings after the last kept block with words that is not a heading, whose
    own section has words but none of them kept: a label over dropped chrome after the
    content ("Who is online" over a forum's statistics)."""
    out = np.zeros(len(blocks), dtype=bool)
    chosen = (kept & (words > 0)).nonzero()[0].tolist()
    text = [i for i in chosen if blocks[i].kind != "heading"]
    if not text:
        return out
    for i in (i for i in chosen if i > text[-1]):
        level = blocks[i].heading_level
        for j in range(i + 1, len(blocks)):
            if blocks[j].kind == "heading" and blocks[j].heading_level <= level:
                break
            if words[j] > 0:
                out[i] = True
                break
    return out


def side_cells(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
               in_table: np.ndarray) -> np.ndarray:
    """Kept blocks of BYLINE_WORDS words or fewer in the other cells of the table row
    whose cell (`<td>`, the nearest around each kept block `in_table`) holds REGION_SHARE
    of the kept words: a layout table's side column beside the story's cell (the
    weather, a line of notices), which the story does not go on in."""
    out = np.zeros(len(blocks), dtype=bool)
    tabled = (kept & in_table & (words > 0)).nonzero()[0].tolist()
    if not tabled:  # most pages: no layout table
        return out
    chosen = (kept & (words > 0)).nonzero()[0]
    cells: dict[tuple[int, int], float] = defaultdict(float)  # (cell, row): kept words
    for i in tabled:
        block = blocks[i]
        offset = len(block.path) - len(block.ancestors)
        for depth in range(len(block.ancestors) - 1, 0, -1):
            if block.path[depth + offset] == "td":
                cells[block.ancestors[depth], block.ancestors[depth - 1]] += float(words[i])
                break
    if not cells:
        return out
    (cell, row), held = max(cells.items(), key=itemgetter(1))
    if held < REGION_SHARE * float(words[chosen].sum()):
        return out
    for i in chosen[words[chosen] <= BYLINE_WORDS].tolist():
        lineage = blocks[i].ancestors
        out[i] = row in lineage and cell not in lineage
    return out


# A site's note under a page's content: an edit link, who funded the page, a shop's
# delivery terms, a docs page's feedback question ("Edit this page", "Supported by the
# Arts Lottery", "Free delivery on orders over £50", "Was this page helpful?"). When the
# page last changed is left out: references keep that line ("Last updated: Nov 4, 2025"
# under a guide) about as often as not.
_SITE_NOTE = re.compile(
    r"edit (?:this|on)\b|(?:supported|funded|sponsored) by\b|free (?:delivery|shipping)\b"
    r"|gefördert (?:von|durch)|(?:soutenu|financé) par|(?:patrocinado|financiado) por"
    r"|(?:was|is) this (?:page|article|information) (?:helpful|useful)|was this helpful"
    r"|war diese seite hilfreich|cette page (?:vous )?a-t-elle été utile"
    r"|(?:te|le) (?:ha )?result(?:ó|ado) útil|czy ta strona była pomocna",
    re.IGNORECASE)


NOTE_BLOCKS = 3  # a site's notes under the content: this many kept blocks or fewer


def trailing_notes(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                   kinds: BlockKinds) -> np.ndarray:
    """Kept paragraphs of BYLINE_WORDS words or fewer after the page's last kept block of
    content (prose over BYLINE_WORDS words and not mostly links, or a `structure` block:
    code, a data table), when NOTE_BLOCKS kept blocks or fewer follow it (more are
    content: a grid of cards under an intro), that are a row of links (two or more,
    MENU_LINKS of their text or more: "Edit this page Create an issue"; one link may be
    the text's source), a site's note (`_SITE_NOTE`: "Supported by the Arts
    Lottery") or inside a dialog box that does not hold the content (`_DIALOG`: a
    price form's "What is your address?"): what the site sets under every page, which
    the text ends before."""
    out = np.zeros(len(blocks), dtype=bool)
    content = kept & (words > BYLINE_WORDS) & ~kinds.linked | kept & kinds.structure
    at = content.nonzero()[0]
    if len(at) == 0:
        return out
    end = int(at[-1]) + 1
    if np.count_nonzero(kept[end:]) > NOTE_BLOCKS:
        return out
    content_tokens = set(blocks[end - 1].tokens)  # a page-wide "dialog-off-canvas" wrapper
    for i in (kept[end:] & kinds.paragraph[end:] & (words[end:] <= BYLINE_WORDS)
              ).nonzero()[0].tolist():
        block = blocks[i + end]
        out[i + end] = block.link_chars >= MENU_LINKS * len(block.text) \
            and block.markdown.count("](") > 1 or _SITE_NOTE.search(block.text) is not None \
            or not set(filter(_DIALOG.search, block.tokens)).issubset(content_tokens)
    return out


# A byline names a person: "By Ann Lee", "Von Jana Roth", "Door Sanne de Vries", "di Giulia
# Marchetti" ("By 2030, ..." and "Von der Stadt ..." are sentences).
_BYLINE = re.compile(r"(?i:by|von|par|por|przez|door|di|(?:written|posted|words|text|story"
                     r"|illustrations?|drawings?) by|autor|author)\s*:?\s*[^\W\d_]")
# A date line: the label with a date ("Published on 3 May 2026", "Posted: 22 March 2026",
# "Updated: Jan 31"), or alone; a reading time; "Written by" over the name.
_DATE_LINE = re.compile(
    r"(?:posted(?: on)?|published(?: on)?|updated(?: on)?|last updated(?: on)?|veröffentlicht"
    r"(?: am)?|aktualisiert(?: am)?|publié(?: le)?|mis à jour(?: le)?|publicado(?: el)?"
    r"|actualizado(?: el)?|opublikowano|입력|수정)(?:\s*:?\s*(?=.*\d).*)?"
    r"|\d+\s*(?:min(?:ute)?s?\.?|minuten)(?:\s+(?:read|lesezeit|de lecture))?"
    r"|(?:(?:average |estimated )?reading time|lesezeit|leestijd|tempo di lettura).*"
    r"|(?:written|posted) by")
# A reporter's name before the title, as Korean, Japanese and Chinese bylines set it:
# "김하늘 기자", "山本彩 記者".
_TITLED_NAME = re.compile(r"[^\W\d_]{2,4}\s*(?:기자|특파원|記者|记者)")
BYLINE_WORDS = 12  # a longer block before the body is a lead or a standfirst
AUTHOR_BIO_WORDS = 100  # a longer paragraph led by the author's name is the story's
# A count standing alone: "31", "1.2K", "2,318" (claps, responses, shares above a story).
_COUNT = re.compile(r"\d[\d.,]*\s*[kKmM]?")
_MONTH_YEAR = re.compile(r"(?:" + _MONTHS + r")\s+\d{4}")  # "March 2026": a post's month
# An author's job title under the name of a byline: up to three words before a writer's
# or a maker's title, and where ("Staff Engineer", "Senior Reporter, The Ledger",
# "Redakteurin"), read lowercased.
_JOB_TITLE = re.compile(
    r"(?:[^\W\d_][\w'’&.-]*\s+){0,3}(?:engineer|correspondent|editor|reporter|writer"
    r"|contributor|columnist|journalist|designer|developer|analyst|producer|photographer"
    r"|researcher|scientist|founder|co-founder|redakteur|korrespondent|journaliste"
    r"|rédacteur|rédactrice|correspondant|correspondante|periodista|redactor|redactora"
    r"|dziennikarz|dziennikarka|redaktor|redaktorka)(?:s|in|innen)?"
    r"(?:\s*(?:,|at|for|bei|à|en)\s+[^,.!?]{1,40})?")
JOB_TITLE_WORDS = 6  # a longer block before the body is no job title


# Between the parts of a metadata line: "By Ann Lee | 3 May 2026 | 5 min read".
_META_SEPARATOR = re.compile(r"\s+[-–—|·•/]\s+|\s*[·•|]\s*")


def _is_byline(text: str, author: str = "") -> bool:
    """Whether `text` (a short block) is a byline (the name's capital may follow "By"
    with no space between, as a theme's markup runs them together: "ByKathy Owen"), the
    page's declared author's name (`author`, lowercased: "Tomasz Reilly" over the
    story), a date stamp or a date line, a date stamp before a byline ("April 4, 2026 by
    Ines Carvalho", a blog theme's post line), or parts that each are one of those split
    by `_META_SEPARATOR` ("February 4 2026 - Reading time: 12 min", "Tomasz Reilly · 3
    March 2026"), or the declared author's name and a date line after a space ("Felix
    Moreau 3 min read": an avatar, the name and the reading time in one row)."""
    if _after_by(text) is not None:
        return True
    lowered = text.lower().strip(_LABEL_EDGES)
    if _STAMP.fullmatch(lowered) or _DATE_LINE.fullmatch(lowered) \
            or _MONTH_YEAR.fullmatch(lowered) or _TITLED_NAME.fullmatch(lowered) \
            or (author and lowered == author):
        return True
    if author and lowered.startswith(author + " "):  # "Felix Moreau 3 min read"
        rest = lowered[len(author):].strip()
        if _STAMP.fullmatch(rest) or _DATE_LINE.fullmatch(rest):
            return True
    return _is_meta_line(text, author) or _after_by(_after_stamp(text)) is not None


def _is_meta_line(text: str, author: str = "") -> bool:
    """Whether `text` is parts split by `_META_SEPARATOR` that each are a byline
    (`_is_byline`): "Tomasz Reilly · 3 March 2026 · 4 min read"."""
    parts = _META_SEPARATOR.split(text)
    return len(parts) > 1 and all(part and _is_byline(part, author) for part in parts)


def _after_by(text: str) -> str | None:
    """What follows "By", "Von", "Written by" ... in a byline, from the name's capital
    (`_BYLINE`: "Ann Lee | 3 May 2026" of "By Ann Lee | 3 May 2026"), or None when
    `text` is no byline ("By 2030, ...", "Von der Stadt ...")."""
    byline = _BYLINE.match(text)
    if byline is None or not text[byline.end() - 1].isupper():
        return None
    return text[byline.end() - 1:]


def _after_stamp(text: str) -> str:
    """`text` after a leading date stamp ("by Ines Carvalho" of "April 4, 2026 by Ines
    Carvalho", a blog theme's post line), or "" when it does not start with one."""
    stamp = _STAMP.match(text.lower())
    if stamp is None or len(text.lower()) != len(text):
        return ""
    return text[stamp.end():].strip(_LABEL_EDGES + ",·•")


# The words of a name in a byline, and those that join names ("Ana Ruiz and Tom Berg")
# or stand lowercased inside one ("Jan van der Berg", "Ana de la Cruz").
_NAME_WORD = re.compile(r"[^\W\d_][\w'’.-]*")
_NAME_JOINS = frozenset(("and", "&", "und", "et", "y", "e", "i", "oraz"))
_NAME_PARTICLES = frozenset(("van", "von", "der", "den", "de", "du", "da", "di", "del", "della",
                             "la", "le", "ten", "ter", "bin", "ibn", "al", "dos", "das"))
NAME_MAX_WORDS = 4  # capitalised words in one name ("María José García López")
_BYLINE_TOKEN = re.compile(r"[^\s,;()]+|[,;()]")
# A date that ends a byline, read lowercased: "on 3 May 2026", "am 3. Mai 2026", "5 min
# read", "Published: 3 May 2026".
_DATE_TAIL = re.compile(r"(?:^|\s)(?:(?:on|am|le|el)\s+)?(?:" + _STAMP.pattern + "|"
                        + _DATE_LINE.pattern + r")$")


def byline_author(text: str) -> str | None:
    """The name a byline gives (a block `lead_metadata` reads as one): the words after
    "By", "Von", "Written by" ... up to a date, a comma or a separator ("By Alan Pryce |
    3 May 2026" -> "Alan Pryce"; "Words by Ana Ruiz and Tom Berg" -> "Ana Ruiz and Tom
    Berg", names as written). None when the block names no one: a date line, "By 2030,
    ...", or a name followed by other words ("By Tuesday the vote is held")."""
    for part in _META_SEPARATOR.split(text.strip(_LABEL_EDGES)):
        after = _after_by(part) or _after_by(_after_stamp(part))
        name = _leading_name(after) if after else None
        if name:
            return name
    return None


def _date_start(text: str) -> int:
    """Where the date that ends a byline starts (`_DATE_TAIL`), or len(text) when none
    does; also a date run into the name with no space, at a capital or a digit after a
    lowercase letter ("Korin MillerPublished: Jan 29, 2025": a theme's spans side by
    side), which a name never has there but "McDonald" and a date after a space."""
    lowered = text.lower()
    if len(lowered) != len(text):  # offsets in the lowercase would not be the text's
        return len(text)
    tail = _DATE_TAIL.search(lowered)
    end = tail.start() if tail else len(text)
    for at in range(1, end):
        if (text[at].isupper() or text[at].isdigit()) and text[at - 1].islower() \
                and _DATE_TAIL.match(lowered[at:]):
            return at
    return end


def _leading_name(text: str) -> str | None:
    """The longest run of name words (`_is_name`) at the start of `text` that ends it, or
    is followed by a comma, a bracket or a date ("on 3 May 2026", "5 min read", a date
    run into the name: `_date_start`)."""
    date = _date_start(text)
    words = list(_BYLINE_TOKEN.finditer(text, 0, date))
    for last in range(len(words) - 1, -1, -1):
        rest = text[words[last].end():date].strip()
        if rest[:1] in ("", ",", ";", "(") and _is_name([w.group() for w in words[:last + 1]]):
            return text[:words[last].end()]
    return None


def _is_name(words: list[str]) -> bool:
    """Whether `words` (commas as words) are names: capitalised words, particles inside
    ("van der"), joins between names, commas only in a list a join closes ("Ana Ruiz,
    Tom Berg and Li Wei"), each of NAME_MAX_WORDS capitalised words or fewer (a longer
    run goes on into other text: "A. Neal View In Digital Edition", a link's words)."""
    if not (_is_name_word(words[0]) and _is_name_word(words[-1])):
        return False
    joins = [i for i, word in enumerate(words) if word.lower() in _NAME_JOINS]
    run = 0  # capitalised words of the name at hand
    for i, word in enumerate(words):
        if word == "," or i in joins:
            if word == "," and (not joins or joins[-1] < i):
                return False
            run = 0
        elif _is_name_word(word):
            run += 1
            if run > NAME_MAX_WORDS:
                return False
        elif word.lower() not in _NAME_PARTICLES:
            return False
    return True


def _is_name_word(word: str) -> bool:
    return _NAME_WORD.fullmatch(word) is not None and word[0].isupper()


def lead_metadata(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                  kinds: BlockKinds, author: str | None = None) -> np.ndarray:
    """Kept bylines and date lines above an article's body: blocks of BYLINE_WORDS words
    or fewer, not headings, before the first kept paragraph of prose (over BYLINE_WORDS
    words, little link text), that are a byline (a name after "By", "Von", "Par": "By
    Ann Lee", not "By 2030 ..."), a date stamp or a date line ("Published on 3 May 2026",
    "5 min read"), a count alone ("31" responses), or an author's job title of
    JOB_TITLE_WORDS words or fewer (`_JOB_TITLE`: "Staff Engineer", "Senior Reporter,
    The Ledger"), set under a name the cut dropped. The page's declared `author` (its
    metadata's) is a byline without "By": "Tomasz Reilly · 3 March 2026". A metadata line
    of such parts (`_is_meta_line`) of up to twice BYLINE_WORDS words before the story's
    first paragraph goes too: its separators count as words."""
    out = np.zeros(len(blocks), dtype=bool)
    prose = (kept & (words > BYLINE_WORDS) & ~kinds.linked).nonzero()[0]
    if len(prose) == 0:
        return out
    name = (author or "").lower().strip(_LABEL_EDGES)
    if name:  # the author's note above the body: "Ann is a reporter who has covered ..."
        for i in prose[:-1].tolist():
            if blocks[i].kind == "heading":
                continue
            if words[i] > AUTHOR_BIO_WORDS or not _led_by(blocks[i].text.lower(), name):
                break
            out[i] = True
        prose = prose[~out[prose]]
    # A metadata line of a name, a date and a reading time can pass BYLINE_WORDS with its
    # separators ("Door Sanne de Vries · 27 nov. 2026, 16:20 · Leestijd 2 minuten"): it
    # is no paragraph of the story, which follows it.
    while len(prose) > 1 and words[prose[0]] <= 2 * BYLINE_WORDS and blocks[prose[0]].kind \
            != "heading" and _is_meta_line(blocks[prose[0]].text.strip(_LABEL_EDGES), name):
        out[prose[0]] = True
        prose = prose[1:]
    lead = (kept & (words > 0) & (words <= BYLINE_WORDS)).nonzero()[0]
    for i in lead[lead < _lead_end(blocks, words, kinds, prose, name)].tolist():
        if blocks[i].kind == "heading":
            continue
        text = blocks[i].text.strip(_LABEL_EDGES)
        if _is_byline(text, name) or _COUNT.fullmatch(text) or _is_job_title(text):
            out[i] = True
    return out


def _lead_end(blocks: list[Block], words: np.ndarray, kinds: BlockKinds, prose: np.ndarray,
              author: str = "") -> int:
    """Where the lead above a story's body ends: at its first paragraph of prose
    (`prose`: kept, over BYLINE_WORDS words, not mostly links), or at the second when the
    next block with words after the first is a byline (`_is_byline`, BYLINE_WORDS words
    or fewer): the first is a standfirst between the title and the byline ("Follow these
    steps to ..." over "By Ann Lee Feb 8, 2020 5 min read")."""
    first = int(prose[0])
    if len(prose) < 2:
        return first
    following = first + 1 + int((words[first + 1:] > 0).argmax())
    if following < prose[1] and words[following] <= BYLINE_WORDS \
            and not kinds.heading[following] \
            and _is_byline(blocks[following].text.strip(_LABEL_EDGES), author):
        return int(prose[1])
    return first


JOB_TITLE_NAME_WORDS = 4  # a name before a job title ("Sam Whitlow, Local Democracy Reporter")


def _is_job_title(text: str) -> bool:
    """Whether `text` (a short block) is an author's job title of JOB_TITLE_WORDS words
    or fewer (`_JOB_TITLE`, capitalised: "Staff Engineer"), alone or after a name of two
    to JOB_TITLE_NAME_WORDS capitalised words and a comma ("Sam Whitlow, Local Democracy
    Reporter")."""
    named, comma, title = text.partition(", ")
    if comma and 2 <= len(named.split()) <= JOB_TITLE_NAME_WORDS and all(
            word[:1].isupper() for word in named.split()):
        text = title
    return (len(text.split()) <= JOB_TITLE_WORDS and text[:1].isupper()
            and _JOB_TITLE.fullmatch(text.lower()) is not None)


def address_bylines(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                    kinds: BlockKinds, title: np.ndarray, author: str | None) -> np.ndarray:
    """The bylines and date lines of `lead_metadata` set in an `<address>`, HTML's
    element for an author's line ("by Tomas Reyes, 20 March 2026" under a post's
    title), or paragraphs right under the page's title heading (`title`: an H1 or a
    heading repeating `<title>`), before its first kept paragraph of prose and the next
    heading ("Words by Ruth Adeyemi", the declared `author` with "3 min read"): on a
    page declared no article, where `lead_metadata` does not run, the element or the
    place says what the line is. Paragraphs only: a list of dates under a title is an
    index of days, a `<dd>` an event's date; a date under the next heading a card's."""
    at = np.fromiter((block.tag == "address" for block in blocks), dtype=bool,
                     count=len(blocks)) | under_title(blocks, kept, words, kinds, title)
    if not (kept & at).any():  # most pages
        return np.zeros(len(blocks), dtype=bool)
    return lead_metadata(blocks, kept, words, kinds, author) & at


def byline_reach(blocks: list[Block], kept: np.ndarray, words: np.ndarray, kinds: BlockKinds,
                 title: np.ndarray, author: str | None) -> np.ndarray:
    """The blocks `lead_metadata` and `address_bylines` read: `kept`, and on a page that
    declares no `author` the paragraphs of BYLINE_WORDS words or fewer `under_title` that
    the cut dropped, so a byline the model scored low still names the author
    (`byline_author`). Those blocks are dropped either way and the kept prose the rules
    measure from is the same: the text does not change."""
    if author:
        return kept
    return kept | (under_title(blocks, kept, words, kinds, title) & (words <= BYLINE_WORDS))


def under_title(blocks: list[Block], kept: np.ndarray, words: np.ndarray, kinds: BlockKinds,
                title: np.ndarray) -> np.ndarray:
    """The paragraphs right under the page's title heading (`title`: an H1 or a heading
    repeating `<title>`), before the end of its lead (`_lead_end`: its first kept
    paragraph of prose, over BYLINE_WORDS words and not mostly links, or past a
    standfirst over a byline) and the next heading: where a byline stands."""
    out = np.zeros(len(kept), dtype=bool)
    prose = (kept & (words > BYLINE_WORDS) & ~kinds.linked).nonzero()[0]
    if not len(prose):
        return out
    lead_end = _lead_end(blocks, words, kinds, prose)
    heads = title[:lead_end].nonzero()[0]
    if len(heads):
        start = int(heads[-1]) + 1
        below = kinds.heading[start:lead_end].nonzero()[0]
        end = start + int(below[0]) if len(below) else lead_end
        out[start:end] = kinds.paragraph[start:end]
    return out


# A call to action: subscribe, sign up, follow, join, get the app ("Subscribe to get the
# latest posts sent to your email.", "Lass dir die besten Storys ... in deinen Posteingang
# liefern.", "Suivez-nous", "Únete desde tu celular", "Werden Sie Mitglied"; not a
# messenger's name, which a press release gives as a contact). Kept text uses these words
# too; after a story's last paragraph they ask the reader for something.
_CALL_TO_ACTION = re.compile(
    r"subscri|suscri|subskryb|abonn|newsletter|sign(?:ing)? up|sign-up|inbox|posteingang"
    r"|download (?:our|the)|(?:our|the)(?:\s+\w+){0,3}\s+apps?\b|follow (?:us|me|@)"
    r"|follow \w+ on|folgen sie|suivez|síguenos|obserwuj|zapisz się|anmelden|registrieren"
    r"|inscrivez|únete|rejoignez|join (?:us|our|now)\b|werden sie mitglied"
    r"|unterstütze|support (?:us|our)\b|dołącz", re.IGNORECASE)
CALL_WORDS = 25  # a longer paragraph with such words is text about them
# A newsletter's plug set between a story's paragraphs, led by its call and a colon or
# dash and linked: "Sign up for The Ledger Daily: our best stories in your inbox ...",
# "Subscribe to First Edition – every weekday at 7am".
_NEWSLETTER_PLUG = re.compile(r"\W*(?:sign up|subscribe)\b[^.:!?\n]{0,60}[:–—]", re.IGNORECASE)
_NEWSLETTER_WORDS = re.compile(r"newsletter|inbox|e-?mail", re.IGNORECASE)


def calls_to_action(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                    kinds: BlockKinds) -> np.ndarray:
    """Kept paragraphs of CALL_WORDS words or fewer that ask the reader to subscribe, sign
    up, follow or get an app (`_CALL_TO_ACTION`), after the last kept paragraph of prose
    that does not (over BYLINE_WORDS words, not mostly links): the site's requests under
    a story ("Like this article? Subscribe to our blog", "download the apps for iOS and
    Android"), or the paywall notice in place of its end. A heading that asks goes with
    its section when that holds short blocks only ("Join the newsletter" over "One guide
    every Sunday. We never share your address."). Between the story's paragraphs too: a
    linked newsletter plug led by its call (`_NEWSLETTER_PLUG`, naming a newsletter, an
    inbox or e-mail: "Sign up for The Ledger Daily: our best stories in your inbox")."""
    asks = np.zeros(len(blocks), dtype=bool)
    short = kept & (words > 0) & (words <= CALL_WORDS)
    prose = kept & (words > BYLINE_WORDS) & ~kinds.linked
    asking_sections = np.zeros(len(blocks), dtype=bool)
    # A section of short blocks only starts after the last longer paragraph of prose.
    long_prose = (prose & (words > CALL_WORDS)).nonzero()[0]
    after = int(long_prose[-1]) + 1 if len(long_prose) else 0
    at = (kept[after:] & (words[after:] > 0)).nonzero()[0] + after
    for k in (short[at] & kinds.heading[at]).nonzero()[0].tolist():
        if _CALL_TO_ACTION.search(blocks[int(at[k])].text) is not None:
            ends = kinds.heading[at[k + 1:]].nonzero()[0]
            section = at[k:k + 1 + (int(ends[0]) if len(ends) else len(at))]
            if short[section].all():
                asking_sections[section] = True
    # Inside the text too: a newsletter's plug, which holds a link.
    for i in (short & kinds.paragraph & kinds.links).nonzero()[0].tolist():
        text = blocks[i].text
        asks[i] = _NEWSLETTER_PLUG.match(text) is not None \
            and _NEWSLETTER_WORDS.search(text) is not None
    prose &= ~asks
    # From the page's end back to its last prose block that asks nothing: only the
    # blocks after that one can be calls, so the pattern is searched in those alone.
    for i in (short | prose).nonzero()[0][::-1].tolist():
        block = blocks[i]
        ask = bool(asking_sections[i]) or bool(short[i]) and block.kind == "paragraph" \
            and _CALL_TO_ACTION.search(block.text) is not None
        if prose[i] and not ask:
            return asks
        asks[i] |= ask
    return np.zeros(len(blocks), dtype=bool)  # no story to follow


# A paywall's notice where the story stops, at the start of its paragraph: "To view the
# full story, please subscribe ...", "Subscribe to continue reading", "Um den ganzen
# Artikel zu lesen ...", "Dieser Artikel ist nur für Abonnenten", "Pour lire la suite
# ...", "La suite est réservée aux abonnés", "Para seguir leyendo ...", "Aby przeczytać
# cały artykuł ...", "Per continuare a leggere ...".
_PAYWALL = re.compile(
    r"(?:(?:to|please \w+ in to|subscribe to|log in to|sign in to|register to) (?:view|read"
    r"|continue reading|keep reading|access|unlock)(?: the| this)?(?: full| entire| complete"
    r"| rest of th(?:e|is))? (?:story|article|post|piece|content)"
    r"|(?:subscribe|log in|sign in|register) to (?:continue|keep) reading"
    r"|this (?:story|article|content|post) is (?:only |exclusively )?(?:available |reserved )?"
    r"(?:to|for) (?:subscribers|members|premium)"
    r"|um (?:den|diesen) (?:ganzen |vollständigen |kompletten |gesamten |restlichen )?"
    r"(?:artikel|beitrag|text) (?:weiter |vollständig )?zu lesen"
    r"|(?:dieser|der) (?:artikel|beitrag|inhalt) ist (?:nur |exklusiv )?(?:für|exklusiv für)"
    r" (?:abonnent|abonnierende|mitglieder|plus|premium)"
    r"|pour (?:lire|continuer à lire|consulter)"
    r" (?:la suite|l'intégralité|l’intégralité|cet article)"
    r"|(?:la suite de cet article|cet article|la suite) est réservée? aux abonnés"
    r"|para (?:seguir|continuar) leyendo|(?:este|el) (?:contenido|artículo) es exclusivo para"
    r"|aby (?:przeczytać|czytać) (?:cały|całość|dalszą część|dalej)"
    r"|per (?:continuare a leggere|leggere (?:l'articolo completo|tutto))"
    r"|questo (?:articolo|contenuto) è riservato agli abbonati)", re.IGNORECASE)


PAYWALL_WORDS = 60  # a longer paragraph with such a start is text
OFFER_BLOCKS = 12  # an offer after a paywall's notice holds at most this many kept blocks


def paywall_tails(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                  kinds: BlockKinds) -> np.ndarray:
    """The kept blocks from a paywall's notice on (`_PAYWALL`, at the start of a kept
    paragraph of PAYWALL_WORDS words or fewer, followed by OFFER_BLOCKS kept blocks or
    fewer, after over BODY_WORDS kept words: "To view the full story, please subscribe
    to ...") to the page's end: where the story stops for the reader, and what follows
    is the offer ("When you join ..., you'll get unlimited digital access"), however
    long its paragraphs."""
    out = np.zeros(len(blocks), dtype=bool)
    # Only the page's last kept blocks are read: the pattern costs more than the test.
    for i in kept.nonzero()[0][-OFFER_BLOCKS - 1:].tolist():
        if kinds.paragraph[i] and words[i] <= PAYWALL_WORDS \
                and _PAYWALL.match(blocks[i].text) is not None \
                and float(words[:i][kept[:i]].sum()) > BODY_WORDS:
            out[i:] = kept[i:]
            break
    return out


# A podcast's or an audio player's title: "Listen: The Riverside Podcast", "Jetzt anhören".
_LISTEN = re.compile(r"listen|podcast|episode|anhören|hören sie|écouter|escuchar|posłuchaj",
                     re.IGNORECASE)


BOX_BLOCKS = 8  # an embed's box holds this many blocks or fewer on each side of its title


def boxed_headings(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                   kinds: BlockKinds) -> np.ndarray:
    """Kept headings between an article's kept paragraphs of prose (over BYLINE_WORDS
    words, not mostly links) that ask the reader for something or to listen
    (`_CALL_TO_ACTION`, `_LISTEN`: "Listen: The Riverside Podcast", "Sign up and try it
    free") and stand in a box of their own (the element holding the heading,
    `_container`, at most BOX_BLOCKS blocks on either side of it) whose other blocks
    have words and are short lines (BYLINE_WORDS words or fewer) or were dropped, with
    the box's kept lines: a podcast's or a newsletter's embed set into the story, its
    title and a line or two ("Episode 112: ...") between two paragraphs."""
    out = np.zeros(len(blocks), dtype=bool)
    prose = (kept & (words > BYLINE_WORDS) & ~kinds.linked).nonzero()[0]
    if len(prose) < 2:
        return out
    # A boxed heading's next block is a short line or was dropped: most of a story's
    # headings stand over a paragraph of it and are passed over without a search.
    between = (kept[:-1] & kinds.heading[:-1]
               & (~kept[1:] | (words[1:] <= BYLINE_WORDS))).nonzero()[0]
    between = between[(between > prose[0]) & (between < prose[-1])]
    at = np.searchsorted(prose, between)  # the kept prose below each, and above at - 1
    for i, above, below in zip(between.tolist(), prose[at - 1].tolist(), prose[at].tolist(),
                               strict=True):
        holder = _container(blocks[i])[0]
        if holder in blocks[above].ancestors or holder in blocks[below].ancestors \
                or holder not in blocks[i - 1].ancestors + blocks[i + 1].ancestors:
            continue  # the story's own element, a section of it or the heading's own box
        text = blocks[i].text  # few headings ask: the box is read for those alone
        if _CALL_TO_ACTION.search(text) is None and _LISTEN.search(text) is None:
            continue
        box = [i]  # the holder's blocks, while none of them is kept prose
        for step in (-1, 1):
            j = i + step
            while 0 <= j < len(blocks) and abs(j - i) <= BOX_BLOCKS \
                    and holder in blocks[j].ancestors \
                    and not (kept[j] and (words[j] > BYLINE_WORDS or kinds.heading[j])):
                box.append(j)
                j += step
            if 0 <= j < len(blocks) and holder in blocks[j].ancestors:  # text, or too many
                box = []
                break
        if len(box) > 1 and words[box].sum() > words[i]:
            out[box] = kept[box]
    return out


# An author's note closing a story: a name of two to four words, then who the author is
# or what they do ("Colm Darragh is a retired plumber who writes about ...", "Jana Roth
# lebt in Leipzig").
_AUTHOR_VERBS = (r"(?:is|was|writes|has|lives|covers|works|teaches|ist|lebt|schreibt|arbeitet"
                 r"|est|vit|écrit|es|vive|escribe|jest)\b")
_AUTHOR_NOTE = re.compile(r"(?:[^\W\d_][\w'’.-]*\s+){2,4}" + _AUTHOR_VERBS)
_AUTHOR_VERB = re.compile(r"\s+" + _AUTHOR_VERBS)
AUTHOR_NOTE_WORDS = 60  # a longer closing paragraph is the story's


def _led_by(text: str, name: str) -> bool:
    """Whether lowercased `text` opens with the author's `name` (lowercased) or its first
    word, then a verb of `_AUTHOR_VERBS`: "ann lee is a reporter ...", "ann has ..."."""
    for lead in (name, name.split()[0]):
        if text.startswith(lead) and _AUTHOR_VERB.match(text, len(lead)) is not None:
            return True
    return False


# A line of the story's tags, led by its label: "Tags: plumbing, kitchen", "Filed under:".
_TAG_LINE = re.compile(r"\W*(?:tags|tagged(?: with| as| in)?|filed under|schlagwörter|schlagworte"
                       r"|stichwörter|étiquettes|mots-clés|etiquetas|tagi)\s*:", re.IGNORECASE)
TAG_LINE_WORDS = 40  # a longer block with such a lead is text


def closing_notes(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                  kinds: BlockKinds) -> np.ndarray:
    """An article's kept tag lines and author's note. A tag line: a paragraph of
    TAG_LINE_WORDS words or fewer, mostly link text, led by a tag label (`_TAG_LINE`:
    "Tags: plumbing, kitchen, DIY"); such a label standing alone over its links was tried
    before and left out (the dev pages' tags are seldom labelled so), but the label and
    its links in one block name nothing else. An author's note: the last kept paragraph
    of prose (over BYLINE_WORDS words, not mostly links) after another, of
    AUTHOR_NOTE_WORDS words or fewer, set wholly in italics and opening with a name and
    who that is (`_AUTHOR_NOTE`: "*Colm Darragh is a retired plumber who writes ...*"):
    the bio a blog or an opinion page sets under the story in place of an author box."""
    out = np.zeros(len(blocks), dtype=bool)
    tag_lines = kept & kinds.paragraph & kinds.linked & (words <= TAG_LINE_WORDS)
    for i in tag_lines.nonzero()[0].tolist():
        out[i] = _TAG_LINE.match(blocks[i].text) is not None
    at = (kept & (words > BYLINE_WORDS) & ~kinds.linked & ~out).nonzero()[0]
    if len(at) < 2 or words[at[-1]] > AUTHOR_NOTE_WORDS:
        return out
    last = blocks[int(at[-1])]
    markdown = last.markdown
    if last.kind != "paragraph" or len(markdown) < 3 or markdown[0] not in "*_" \
            or markdown[-1] != markdown[0] or markdown[0] in markdown[1:-1]:
        return out
    note = _AUTHOR_NOTE.match(last.text)
    if note is not None and all(word[0].isupper() for word in note.group().split()[:-1]):
        out[int(at[-1])] = True
    return out


# A caption ending with a picture credit: "... (Foto: dpa)", "... festlegt© Bundesregierung".
_CAPTION_CREDIT = re.compile(r"(?:(?<!\w)|(?=©))" + _CREDIT + "$")
CAPTION_SHARE = 0.5  # captions holding this share of the kept words are the page's text
CREDIT_LINE_WORDS = 30  # a longer paragraph under a picture is text, whatever its end
# How the credit of a caption that stays begins: a chart's source ("Source: ...") is cited,
# not credited; a credit in brackets closes a caption written as a sentence about the
# story ("VW's chief: the mood in Wolfsburg is bad. (Foto: Volkswagen)"), which
# references count as the story's text about as often as not.
_KEPT_CREDITS = ("(", "source", "quelle")
_CREDIT_MARKS = (":", "©", "fot.", " by", " via", "courtesy")  # one is in every `_CREDIT`
# A numbered figure of a report or a paper ("Figure 2.", "Abb. 3", "Rys. 1"): the text refers
# to it by its number, so it is part of the text.
_NUMBERED_FIGURE = re.compile(r"(?:figure|fig\.|abbildung|abb\.|rys\.|ryc\.|table|tabelle"
                              r"|tableau|tabla|tab\.)\s*\d", re.IGNORECASE)


# A caption set in an element named for it rather than a `<figcaption>`: "wp-caption-text",
# "image-caption", "figure__caption", "caption__small", "legend" (the whole token, its
# parts split by "-" or "_").
_NAMED_CAPTION = re.compile(r"^(?:\w+?[-_]{1,2})?(?:caption|legend)(?:[-_]{1,2}\w+)?$")


def picture_captions(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                     kinds: BlockKinds, credited_only: bool,
                     names: ContainerNames) -> np.ndarray:
    """Kept figure captions (`<figcaption>`), unless they hold CAPTION_SHARE of the kept
    words or more (a gallery, whose captions are its text) or number their figure
    ("Figure 2. Gas used per block"); with `credited_only`, only those that end with a
    picture credit ("... (Foto: dpa)", "... Credit: Jane Doe", "...© Reuters"). A press
    photo's caption describes the picture and credits its agency; the story is told
    without it. `choose` drops every such caption of an article page longer than
    SHORT_PAGE blocks, and the credited ones of other pages that are no thread. A caption
    set as a paragraph straight under its picture (no `<figcaption>`) of CREDIT_LINE_WORDS
    words or fewer goes on every page that is no thread when it ends with a credit
    ("Roman Prymula, photo: Government archive", "... Photo by Ann Lee/Reuters"), but not
    with a source or a credit in brackets (`_KEPT_CREDITS`: "Source: Annual survey,
    2025" under a chart, which the text cites; "... is bad. (Foto: Volkswagen)"). Text
    blocks inside an element named for a caption (`_NAMED_CAPTION`, read from `names`)
    count as `<figcaption>`s."""
    out = np.fromiter((b.kind == "caption" for b in blocks), dtype=bool, count=len(blocks))
    out &= kept
    if names.mention(("caption", "legend")):
        out |= names.inside(_NAMED_CAPTION, kept) & ~kinds.image
    if float(words[out].sum()) >= CAPTION_SHARE * float(words[kept].sum()):
        return np.zeros(len(blocks), dtype=bool)
    for i in out.nonzero()[0].tolist():
        text = blocks[i].text
        out[i] = _NUMBERED_FIGURE.match(text.lstrip()) is None and (
            not credited_only or _CAPTION_CREDIT.search(text.lower()) is not None)
    under_picture = np.zeros(len(blocks), dtype=bool)
    under_picture[1:] = kinds.image[:-1]
    for i in (kept & kinds.paragraph & under_picture & (words <= CREDIT_LINE_WORDS)
              ).nonzero()[0].tolist():
        text = blocks[i].text.lower()
        if not any(mark in text for mark in _CREDIT_MARKS):  # most lines: no search
            continue
        credit = _CAPTION_CREDIT.search(text)
        out[i] = credit is not None and not (text[:credit.start()].endswith("(")
                                             or credit.group().startswith(_KEPT_CREDITS))
    return out


BODY_SHARE = 0.6  # the body container holds at least this share of the kept words


def after_body(blocks: list[Block], kept: np.ndarray, words: np.ndarray, kinds: BlockKinds,
               plain_words: np.ndarray) -> np.ndarray:
    """Kept blocks trailing an article's body outside it: after the last paragraph of
    prose (over BYLINE_WORDS words, not mostly links) inside the body container
    (`deepest_region` of the prose blocks outside comment containers, `plain_words`
    their words outside links) and outside that container, when it holds BODY_SHARE of
    the kept words or more (on a listing the prose is spread over cards and no
    container holds it). What follows the story outside its element is the page's, not
    the story's, prose or not: headlines without a teaser heading, "Got a story?", a
    plea for money, a teaser card's excerpt. Reader comments do not make the body, so
    they cannot widen it over what follows (unless the comment flag covers PAGE_WIDE of
    the page: a wrapper's class such as "comments-open"); `include_comments` adds them
    back."""
    out = np.zeros(len(blocks), dtype=bool)
    prose = kept & (words > BYLINE_WORDS) & ~kinds.linked
    if words[kinds.comment].sum() < PAGE_WIDE * words.sum():  # not a page-wide class
        prose &= ~kinds.comment
    at = prose.nonzero()[0]
    if len(at) == 0:
        return out
    body = deepest_region(blocks, prose, plain_words)
    held_at = at[inside(blocks, body, at)]
    end = int(held_at[-1]) if len(held_at) else int(at[-1])
    tail = kept[end + 1:].nonzero()[0] + end + 1
    if len(tail) == 0:
        return out
    tail = tail[~inside(blocks, body, tail)]
    if len(tail) == 0:
        return out
    chosen = kept.nonzero()[0]
    held = float(words[chosen[inside(blocks, body, chosen)]].sum())
    if held >= BODY_SHARE * float(words[chosen].sum()):
        out[tail] = True
    return out


CONTENTS_ITEMS = 3  # a list of this many links to places on the page is its contents


def _page_link(block: Block, page: str) -> bool:
    """Whether the whole text of `block` is one link to a place on the page at address
    `page` (no fragment): "[How we tested](#how-we-tested)", or the page's own address
    with a fragment, as the converter resolves it."""
    target = _LINK_TARGET.search(block.markdown)
    if target is None or not _one_link(block):
        return False
    address, _, fragment = target.group(1).partition("#")
    return bool(fragment) and address.rstrip("/") in ("", page)


def contents_lists(blocks: list[Block], kept: np.ndarray, kinds: BlockKinds,
                   url: str | None) -> np.ndarray:
    """Kept items of an article's table of contents, and the label right before it
    ("Table of contents", "In this article"; not an H1, the story's title): a list (its
    outermost list, so with its sublists) of CONTENTS_ITEMS items or more, each one link
    to a place on the page itself (`_page_link`). The contents repeat the section
    headings the body shows; a list linking elsewhere (sources, further reading) is not
    one."""
    out = np.zeros(len(blocks), dtype=bool)
    page = (url or "").partition("#")[0].rstrip("/")
    lists: dict[int, list[int]] = defaultdict(list)
    for i in (kinds.list_item & kinds.linked).nonzero()[0].tolist():
        if blocks[i].lists:
            lists[blocks[i].lists[0]].append(i)
    for items in lists.values():
        if len(items) >= CONTENTS_ITEMS and kept[items].any() and all(
                _page_link(blocks[i], page) for i in items):
            out[items] = kept[items]
            label = items[0] - 1
            out[label] = (label >= 0 and kept[label] and kinds.label[label]
                          and blocks[label].heading_level != 1)
    return out

QUOTE_CARDS = 5  # sibling cards of a quote and a name that make a run of testimonials
QUOTE_NAME_WORDS = 4  # a card's last block this short, after a sentence, is who said it


def _quote_card(blocks: list[Block], words: np.ndarray, name: int, card: int) -> bool:
    """Whether element `card` holds paragraphs only (CARD_BLOCKS or fewer), ending with
    block `name`: a quote and who said it, no title, no list."""
    lo = name
    while lo > 0 and card in blocks[lo - 1].ancestors:
        lo -= 1
        if name - lo >= CARD_BLOCKS:
            return False
    if name + 1 < len(blocks) and card in blocks[name + 1].ancestors and words[name + 1] > 0:
        return False
    return all(blocks[i].kind == "paragraph" or not words[i] for i in range(lo, name))


def quote_cards(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                kinds: BlockKinds) -> np.ndarray:
    """Kept blocks of a run of quote cards after an article's body: an element with
    QUOTE_CARDS or more children of the same shape, each a sentence (a paragraph ending
    with a sentence's end or a quotation mark) and under it, in the same card, a short
    paragraph of QUOTE_NAME_WORDS words or fewer without links (who said it: "Dana R."), the
    element standing after the page's last kept paragraph of prose outside it. Readers'
    or patients' testimonials under a clinic's article outweigh the story, so the body
    container `after_body` looks for holds both; a list of quotes that is the article
    has its text around it in the same element, or after it."""
    out = np.zeros(len(blocks), dtype=bool)
    short = (words > 0) & (words <= QUOTE_NAME_WORDS)
    names = (short & kinds.paragraph & ~kinds.links).nonzero()[0]
    said = [i for i in names[names > 0].tolist() if blocks[i - 1].kind == "paragraph"
            and blocks[i - 1].text.rstrip().endswith(_QUOTE_ENDS)]
    if len(said) < QUOTE_CARDS:  # most pages: no run
        return out
    runs: dict[tuple[int, tuple[str, ...]], dict[int, int]] = defaultdict(dict)
    for i in said:
        lineage = blocks[i].ancestors
        depth = 0
        for x, y in zip(lineage, blocks[i - 1].ancestors):  # noqa: B905 - lengths differ
            if x != y:
                break
            depth += 1
        for d in range(depth - 2, -1, -1):  # the elements above the card's own
            card = lineage[d + 1]
            if not _quote_card(blocks, words, i, card):
                break
            runs[lineage[d], _below(blocks[i], d + 1)][card] = i
    found = {holder: next(iter(cards.values())) for (holder, _), cards in runs.items()
             if len(cards) >= QUOTE_CARDS}
    # The deepest of them: an element above a run holds it too.
    above = {h for g, i in found.items()
             for h in blocks[i].ancestors[:blocks[i].ancestors.index(g)] if h in found}
    prose = (kept & (words > BYLINE_WORDS) & ~kinds.linked).nonzero()[0]
    for holder in found.keys() - above:
        inner = _held_by(blocks, holder)
        before = prose[~inner[prose]]
        at = inner.nonzero()[0]
        if len(before) and before[-1] < at[0] and words[before].sum() > BODY_WORDS:
            out |= kept & inner
    return out


def thread_posts(blocks: list[Block], kept: np.ndarray, words: np.ndarray, kinds: BlockKinds,
                 region: int) -> np.ndarray:
    """Prose blocks of a thread page's content region that the cut dropped: paragraphs of
    over BYLINE_WORDS words, not mostly links, outside comment containers. On a thread
    the posts are the content, and a reply scores lower than the opening post because it
    reads like a comment; the comments under a Q&A answer ("Thanks, that worked") sit in
    comment containers and stay out."""
    at = (~kept & (words > BYLINE_WORDS) & ~kinds.linked & ~kinds.comment).nonzero()[0]
    out = np.zeros(len(blocks), dtype=bool)
    out[at[inside(blocks, region, at)]] = True
    return out


POSTS_SHARE = 0.5  # kept comment-container words at this share of the kept words: posts


def comment_posts(blocks: list[Block], kept: np.ndarray, words: np.ndarray, kinds: BlockKinds,
                  region: int) -> np.ndarray:
    """Prose blocks of a thread page's content region inside comment containers that the
    cut dropped, when comment containers hold POSTS_SHARE of the kept words or more, or
    hold replies to one opening post (`replies_follow`: the model kept the opening post and
    few replies), and over BODY_WORDS kept words stand outside them: the opening post is
    outside, and the forum software names its replies comments ("field-name-comment-body");
    they are the thread like the ones the model kept. An `<aside>` in them is the author's panel
    (signature, system specs). Where the kept posts stand outside comment containers
    (a Q&A page), the comments under them stay out; where every post is inside, nothing
    tells the replies from what a thread's page shows after them."""
    out = np.zeros(len(blocks), dtype=bool)
    inner, total = float(words[kept & kinds.comment].sum()), float(words[kept].sum())
    if total - inner <= BODY_WORDS:
        return out
    prose = (words > BYLINE_WORDS) & ~kinds.linked
    if inner < POSTS_SHARE * total and not replies_follow(blocks, kept, prose, kinds, region):
        return out
    at = (~kept & prose & kinds.comment).nonzero()[0]
    at = at[[not blocks[i].flags & BlockFlag.ASIDE for i in at.tolist()]]
    out[at[inside(blocks, region, at)]] = True
    return out


def replies_follow(blocks: list[Block], kept: np.ndarray, prose: np.ndarray,
                   kinds: BlockKinds, region: int) -> bool:
    """Whether the region's `prose` in comment containers are replies to one opening post:
    every kept prose block of the region outside comment containers stands before the
    first of them, and the deepest element holding those kept blocks (the opening post)
    does not hold it. Comments under a Q&A page's posts fail either test: an answer kept
    after them, or the post's own element around them."""
    posts = (kept & prose & ~kinds.comment).nonzero()[0]
    posts = posts[inside(blocks, region, posts)]
    replies = (prose & kinds.comment).nonzero()[0]
    replies = replies[inside(blocks, region, replies)]
    if len(posts) == 0 or len(replies) == 0 or posts[-1] > replies[0]:
        return False
    # The last post's own element is no holder: one kept paragraph's post is its parent.
    last = blocks[int(posts[-1])].ancestors[:-1]
    depth = shared_depth(blocks[int(posts[0])].ancestors, last)
    return depth > 0 and last[depth - 1] not in blocks[int(replies[0])].ancestors


def _declared(page_types: frozenset[str], og_type: str | None, types: frozenset[str],
              og_word: str) -> bool:
    """Whether the page's JSON-LD types (lowercased) meet `types` or its og:type names
    `og_word`."""
    return bool(page_types & types) or og_word in (og_type or "").lower()


def is_article_page(page_types: frozenset[str], og_type: str | None) -> bool:
    """A page declared an article (JSON-LD types, lowercased, or og:type)."""
    return _declared(page_types, og_type, ARTICLE_TYPES, "article")


_REVIEWS = re.compile(r"review|testimonial")
REVIEW_SHARE = 0.5  # review containers holding this share of the kept words are the page


def is_product_page(page_types: frozenset[str], og_type: str | None) -> bool:
    """A page declared a product (JSON-LD types, lowercased, or og:type)."""
    return _declared(page_types, og_type, PRODUCT_TYPES, "product")


# A heading over other products on a product page: "Similar items", "Customers also
# bought", "People who viewed this item also viewed", "Frequently bought together".
_PRODUCT_TEASER = re.compile(
    r"(?:similar|related|recommended|sponsored|featured|popular|other|more) (?:items|products)"
    r"|(?:customers|people|shoppers) (?:who (?:bought|viewed) this (?:item|product) )?also"
    r" (?:bought|viewed|liked|purchased)"
    r"|frequently bought together|recently viewed(?: items| products)?|complete the look"
    r"|more from this (?:seller|brand|shop)|you (?:may|might) also (?:like|need)"
    r"|ähnliche (?:artikel|produkte)|kunden kauften auch|produits similaires"
    r"|productos similares|podobne produkty")


def product_teasers(blocks: list[Block], kept: np.ndarray, words: np.ndarray,
                    kinds: BlockKinds) -> np.ndarray:
    """Sections of a product page over other products, wherever they stand: a heading
    or short label matching `_PRODUCT_TEASER` ("Similar items", "Customers also bought")
    opens a section (`section_after`) that is dropped."""
    out = np.zeros(len(blocks), dtype=bool)
    for i in label_matches(blocks, kinds.label, _PRODUCT_TEASER):
        if not out[i]:
            out |= section_after(blocks, i, kept, words, kinds)
    return out


# A heading over what buyers wrote: "Reviews", "Customer reviews", "Ratings & reviews",
# "Customer reviews of the <product>", "Kundenbewertungen", "Avis clients".
_REVIEW_WORDS = re.compile(r"review|rating|testimonial|bewertung|rezension|avis|opini|recensi")
_REVIEW_LABEL = re.compile(
    r"(?:\d[\d.,]* )?(?:customer |product |user |guest )?(?:reviews|ratings (?:and|&) reviews"
    r"|reviews (?:and|&) ratings|(?<=\d )ratings|(?<=customer )ratings)(?: \(\d[\d.,]*\))?"
    r"(?: (?:of|for|on) .*)?|(?:kunden)?bewertungen|rezensionen"
    r"|avis (?:clients|des clients|client)|opiniones(?: de (?:clientes|usuarios))?"
    r"|recensioni(?: dei clienti)?|opinie(?: klientów)?")


# The same, named for buyers: "Customer reviews", "1,204 customer ratings", and containers
# "customer_review-r140hie3", "customerReviews" (lowercased).
_BUYER = "customer"  # what both name: a fast test before them
_BUYER_REVIEW_LABEL = re.compile(rf"(?:\d[\d.,]* )?{_BUYER} (?:reviews|ratings)(?: \(\d[\d.,]*\))?")
_BUYER_REVIEWS = re.compile(rf"{_BUYER}[-_]?reviews?")


def customer_reviews(blocks: list[Block], names: ContainerNames, kept: np.ndarray,
                     words: np.ndarray, kinds: BlockKinds, *, declared: bool = True
                     ) -> np.ndarray:
    """Kept blocks of a product page inside elements whose class or id names reviews or
    testimonials ("pipf-seo-reviews", "review_box"), unless those hold REVIEW_SHARE of
    the kept words or more (a page that is a review), and the sections a review heading
    (`_REVIEW_LABEL`) opens (`section_after`). WCXB's product references hold the
    product's title, description, specifications and price, not what buyers wrote.
    On a page not `declared` a product (Amazon's declare nothing) only headings and
    containers that name customers' reviews (`_BUYER_REVIEW_LABEL`, `_BUYER_REVIEWS`):
    a service page's "Reviews", testimonials and rating widget are its text."""
    label, containers = ((_REVIEW_LABEL, _REVIEWS) if declared
                         else (_BUYER_REVIEW_LABEL, _BUYER_REVIEWS))
    sections = np.zeros(len(blocks), dtype=bool)
    # A heading opens its section whether the cut kept it or not ("Customer reviews" over
    # a rating summary the cut kept); a label paragraph only when kept.
    labels = kinds.label & (kept | kinds.heading)
    if not declared and _BUYER not in "\n".join(
            map(_text, map(blocks.__getitem__, labels.nonzero()[0].tolist()))).lower():
        labels[:] = False  # most such pages: no label names customers
    for i in label_matches(blocks, labels, label):
        if sections[i]:
            continue
        if blocks[i].kind == "heading":
            sections |= review_section(blocks, i)
        elif declared:
            sections |= section_after(blocks, i, kept, words, kinds)
    if not (declared or names.mention((_BUYER,))):
        return sections
    return sections | _named_minority(names, kept, words, containers, REVIEW_SHARE)


def review_section(blocks: list[Block], start: int) -> np.ndarray:
    """The review heading `start` and the blocks up to the next heading of its level or a
    higher one that does not name reviews or ratings ("159 reviews, 4.4 out of 5" under
    "Reviews" goes on with it): its section in the page's outline, across the elements it
    spans (reviews set in cards after the heading's own wrapper)."""
    out = np.zeros(len(blocks), dtype=bool)
    level = blocks[start].heading_level
    end = next((j for j in range(start + 1, len(blocks))
                if blocks[j].kind == "heading" and blocks[j].heading_level <= level
                and not _REVIEW_WORDS.search(blocks[j].text.lower())), len(blocks))
    out[start:end] = True
    return out

