"""`PdfConverter`: PDF bytes to a `Document`, page by page, never raising for bad input.

Per page: one native read (`native.read_page`), a route decision (`route.page_route`:
native text or OCR), then furniture removal across pages, reading order per page
(`layout`) with tables and images placed in it, and structure over the whole document
(`structure`). Robustness first: header check, empty-password decryption, a page cap,
a check for decompression-bomb content streams, a warning per unreadable page and a
per-page time budget after which the expensive extras (tables, OCR) are skipped.
"""

from __future__ import annotations

import contextlib
import functools
import re
import time
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pymupdf

from webfold.contract import ConvertOptions
from webfold.document import Document, Metadata, PageInfo, failed
from webfold.errors import ConversionError
from webfold.markdown import join_blocks
from webfold.pdf import route
from webfold.pdf.aligned import Drawn, find_aligned_tables
from webfold.pdf.drawings import mark_boxed_labels, page_paths
from webfold.pdf.furniture import (
    TOP_SHARE,
    mark_footer_row,
    strip_furniture,
    strip_watermarks,
)
from webfold.pdf.images import page_images
from webfold.pdf.layout import Item, order_page
from webfold.pdf.model import BBox, Line, PageBudget, PageLines, Span, centre_in
from webfold.pdf.native import (
    drawn_bullets,
    drawn_checkboxes,
    drop_caps,
    drop_undecodable,
    image_infos,
    read_page,
    symbol_glyphs,
)
from webfold.pdf.structure import build_blocks, document_styles
from webfold.pdf.tables import (
    find_tables,
    horizontal_rules,
    shape_boxes,
    table_block,
)
from webfold.settings import Settings
from webfold.sniff import StreamInfo

MAX_CONTENT_BYTES = 64_000_000  # decompressed content stream size over which a page is skipped
BOMB_CHECK_MIN_RAW = 60_000  # raw streams smaller than this cannot inflate past the cap
MAX_BAD_PAGES_IN_A_ROW = 50  # then the rest of the page tree is taken as broken
MAX_SLOW_PAGES = 3  # pages over budget before extras are switched off for the rest
# Lines over which a page's tables are not looked for: the finders compare lines with
# lines and columns with lines, so a page of 40,000 one-letter lines (tiny spans) took
# 200 s past the page's budget, which is checked only between steps.
MAX_TABLE_PAGE_LINES = 5_000
GARBLED_LINE_PAD = 2.0  # points an OCR word's centre may lie off a garbled line's box

pymupdf.TOOLS.mupdf_display_errors(False)
pymupdf.TOOLS.mupdf_display_warnings(False)


@dataclass(slots=True)
class _Page:
    info: PageInfo
    budget: PageBudget
    lines: PageLines | None = None
    placed: list[tuple[BBox, Any]] = field(default_factory=list)


@dataclass(slots=True)
class _Run:
    """State of one conversion: settings, counters and what was collected."""

    settings: Settings
    options: ConvertOptions
    warnings: list[str] = field(default_factory=list)
    ocr_pages: int = 0
    ocr_skipped: list[int] = field(default_factory=list)  # pages that needed OCR, not read
    slow_pages: int = 0
    watermarks: dict[str, list[int]] = field(default_factory=dict)  # text -> pages it was on
    unknown_glyphs: dict[str, list[int]] = field(default_factory=dict)  # font -> its pages
    written: dict[int, str] = field(default_factory=dict)
    font_cache: route.FontCache = field(default_factory=route.FontCache)


class PdfConverter:
    """PDF -> Markdown blocks in reading order, with the route of every page."""

    def convert(self, data: bytes, info: StreamInfo, options: ConvertOptions) -> Document:
        """Convert PDF `data`. Errors (not_pdf, too_large, encrypted, damaged, empty) come
        back in `Document.error`; unreadable pages become warnings and `skipped` pages."""
        settings = options.settings
        if len(data) > settings.max_bytes:
            return failed("pdf", "too_large", f"{len(data)} bytes is over the cap")
        if b"%PDF-" not in data[:1024]:
            return failed("pdf", "not_pdf", "no %PDF- header in the first 1024 bytes")
        doc, error = _open(data)
        if error is not None:
            return error
        try:
            with _quad_corrections():
                return _convert_open(doc, _Run(settings=settings, options=options))
        finally:
            doc.close()


@contextlib.contextmanager
def _quad_corrections() -> Iterator[None]:
    """PyMuPDF's glyph boxes fitted to each font's ascender and descender, as every
    measure here assumes, for one conversion. The switch is process-wide: a library run
    before in the same process may have turned it off (pymupdf4llm does), and the table
    finder's characters then stand a whole font box tall, overlap the line above and are
    read out of order ("2.00" -> "200 .", "FIX TYPE" -> "FIXTYPE"). Put back afterwards."""
    before = pymupdf.TOOLS.unset_quad_corrections()
    pymupdf.TOOLS.unset_quad_corrections(False)
    try:
        yield
    finally:
        pymupdf.TOOLS.unset_quad_corrections(before)


def _open(data: bytes) -> tuple[Any, Document | None]:
    try:
        doc = pymupdf.open(stream=data, filetype="pdf")
    except Exception as exc:
        return None, failed("pdf", "damaged", f"the file cannot be opened: {exc}")
    if doc.needs_pass and not doc.authenticate(""):
        doc.close()
        return None, failed("pdf", "encrypted", "the PDF needs a password")
    try:
        count = doc.page_count
    except Exception as exc:  # no page tree even after MuPDF's repair: cut short or broken
        doc.close()
        return None, failed("pdf", "damaged", f"the PDF's pages cannot be found: {exc}")
    if count == 0:
        doc.close()
        return None, failed("pdf", "empty", "the PDF has no pages")
    _drop_cyclic_structure_tree(doc)
    return doc, None


def _drop_cyclic_structure_tree(doc: Any) -> None:
    """Take a tagged structure tree that loops out of the open file (never saved). MuPDF
    walks the tree whenever it draws a page (the table finder's header colours, OCR's
    render), and on a PowerPoint export among PyMuPDF's test files, whose table element is
    its own row's child, that walk never ended. A sound tree stays: MuPDF reads the text
    of tagged elements (ActualText) from it."""
    try:
        catalog = doc.pdf_catalog()
        kind, root = doc.xref_get_key(catalog, "StructTreeRoot")
        if kind == "xref" and _structure_loops(doc, int(root.split()[0])):
            doc.xref_set_key(catalog, "StructTreeRoot", "null")
    except Exception:  # a catalog too damaged to read has no tree MuPDF could walk either
        return


_REFERENCE = re.compile(r"(\d+) \d+ R")


def _structure_loops(doc: Any, root: int) -> bool:
    """Whether an element under `root` is reached again below itself, following `/K`
    (depth first, each element read once)."""

    def kids(xref: int) -> Iterator[int]:
        kind, value = doc.xref_get_key(xref, "K")
        return iter([int(n) for n in _REFERENCE.findall(value)]
                    if kind in ("xref", "array", "dict") else [])

    on_path, done = {root}, set()
    stack = [(root, kids(root))]
    while stack:
        xref, pending = stack[-1]
        for kid in pending:
            if kid in on_path:
                return True
            if kid not in done:
                on_path.add(kid)
                stack.append((kid, kids(kid)))
                break
        else:
            on_path.discard(xref)
            done.add(xref)
            stack.pop()
    return False


def _convert_open(doc: Any, run: _Run) -> Document:
    numbers = _page_numbers(doc.page_count, run)
    if not numbers:
        return failed("pdf", "bad_input", f"{_span(run.options.pages or ())} asked for, but "
                      f"the PDF has {doc.page_count} pages")
    pages: list[_Page] = []
    bad_in_a_row = 0
    progress = run.options.progress
    for done, n in enumerate(numbers):
        if progress is not None:
            progress(done, len(numbers), f"pages, {run.ocr_pages} by OCR")
        if bad_in_a_row >= MAX_BAD_PAGES_IN_A_ROW:
            pages.append(_Page(PageInfo(number=n, route="skipped", reason="page tree broken"),
                               PageBudget()))
            continue
        page = _read(doc, n, run)
        bad_in_a_row = bad_in_a_row + 1 if page.lines is None else 0
        pages.append(page)
    if bad_in_a_row >= MAX_BAD_PAGES_IN_A_ROW:
        run.warnings.append(f"stopped reading after {MAX_BAD_PAGES_IN_A_ROW} unreadable pages "
                            "in a row")
    if doc.is_repaired:
        run.warnings.append("the file was damaged; its cross-reference table was rebuilt")
    read = [p for p in pages if p.lines is not None]
    strip_furniture([p.lines for p in read if p.info.route == "native"])
    ordered = [(p.info.number, _order(p)) for p in read]
    _warn_over_budget(pages, run)
    styles = document_styles([items for _, items in ordered], _outline(doc))
    styles.page_widths = {p.info.number: p.lines.width for p in read}
    if len(read) == 1 and read[0].info.route == "native":
        styles.header_band = TOP_SHARE * read[0].lines.height
    blocks = build_blocks(ordered, styles)
    _warn_ocr_skipped(run)
    _warn_watermarks(run)
    _warn_unknown_glyphs(run)
    markdown = join_blocks(blocks)
    result = Document(type="pdf", markdown=markdown, blocks=blocks,
                      metadata=_metadata(doc, blocks), warnings=run.warnings,
                      pages=[p.info for p in pages])
    if not markdown and not any(p.info.route == "skipped" for p in pages):
        result.warnings.append("no text found on any page")
    return result


def _page_numbers(count: int, run: _Run) -> list[int]:
    wanted = run.options.pages or range(1, count + 1)
    numbers = sorted({n for n in wanted if 1 <= n <= count})
    past = [n for n in wanted if n > count]
    if past and numbers:
        run.warnings.append(f"{_span(past)} asked for, but the PDF has {count} pages")
    cap = run.settings.pdf_max_pages
    if len(numbers) > cap:
        run.warnings.append(f"only the first {cap} of {len(numbers)} pages were read")
        numbers = numbers[:cap]
    return numbers


def _span(numbers: tuple[int, ...] | list[int]) -> str:
    return f"page {numbers[0]}" if len(numbers) == 1 else f"pages {numbers[0]}-{numbers[-1]}"


def _read(doc: Any, number: int, run: _Run) -> _Page:
    """One page: native read, route, OCR when needed, tables and images; never raises."""
    started = time.perf_counter()
    page_data = _Page(PageInfo(number=number, route="native"),
                      PageBudget(run.settings.pdf_page_budget_s))
    with page_data.budget.running():
        _read_into(doc, page_data, run)
    page_data.info.elapsed_ms = round((time.perf_counter() - started) * 1000, 3)
    if page_data.lines is not None:
        page_data.info.chars = sum(len(line.text) for line in page_data.lines.lines)
    if page_data.budget.left_s() < 0:
        run.slow_pages += 1
    return page_data


def _read_into(doc: Any, page_data: _Page, run: _Run) -> None:
    info, budget, number = page_data.info, page_data.budget, page_data.info.number
    try:
        page = doc.load_page(number - 1)
        if _has_bomb(doc, page):
            run.warnings.append(f"page {number}: content stream inflates past "
                                f"{MAX_CONTENT_BYTES} bytes; skipped")
            info.route, info.reason = "skipped", "content stream too large"
            return
        # The page's drawings, listed once for the tables and the reading order's rules.
        paths = functools.cache(lambda: page_paths(page))
        lines = read_page(page, number, paths)
        # Listing images decodes them (a JPEG 2000 photo: 50 ms), so only writing them,
        # a sparse page's scan check and a grid's figure check list them.
        images = image_infos(page, xrefs=True) if run.options.image_dir else None
        boxes = functools.cache(lambda: [tuple(img["bbox"]) for img in (
            images if images is not None else image_infos(page, xrefs=False))])
        decision = route.page_route(page, lines, run.font_cache, boxes)
        info.route, info.reason = decision.route, decision.reason
        unknown = _unknown_glyphs(page, lines, run) if decision.garbled else None
        readable = route.readable_parts(lines) if decision.garbled else None
        if readable is not None:  # OCR reads the rest
            lines.lines = readable.lines
        if unknown is not None:  # OCR would read wrong glyphs
            info.reason = f"{info.reason}; {unknown}"
            if readable is None or not readable.lines:
                info.route = "skipped"
                return
            info.route, readable = "native", None
        if (info.route == "native" or readable is not None) and (
                undecodable := drop_undecodable(lines)):
            plural = "" if undecodable == 1 else "s"
            run.warnings.append(f"page {number}: {undecodable} character{plural} could not be "
                                "decoded")
        if info.route == "native" or readable is not None:
            symbol_glyphs(lines)
            drop_caps(lines, budget)
            for text in strip_watermarks(lines):
                run.watermarks.setdefault(text, []).append(number)
            mark_footer_row(lines)
        if info.route == "ocr":
            read = _ocr(page, lines, info, run, budget)
            lines = _with_readable(lines, read, readable, info, run) if readable is not None \
                else read
        if lines is not None and info.route == "native" and run.slow_pages < MAX_SLOW_PAGES:
            _place_extras(page, lines, paths, images or [], boxes, page_data, run)
        page_data.lines = lines
        if lines is not None:  # MuPDF's text page serves this page's tables alone: kept
            lines.textpage = None  # for all 2,000 pages it was 130 KB a page of memory
    except Exception as exc:  # MuPDF raises on broken pages; the rest of the file may be fine
        run.warnings.append(f"page {number}: unreadable ({type(exc).__name__}: {exc})")
        info.route, info.reason = "skipped", "unreadable"


def _unknown_glyphs(page: Any, lines: PageLines, run: _Run) -> str | None:
    """Of a garbled page, note the fonts whose glyphs cannot be known
    (`route.unknown_glyph_fonts`) for the document's warning; when most of its text is
    in them, why OCR is no help (it would read the substitute's glyphs drawn for them:
    "$QG QH[W" for "And next"). A clean page in such fonts says nothing: MuPDF's
    reading of them (Arial's and Times's in two forms of the corpora) is right there."""
    unknown = route.unknown_glyph_fonts(page, lines, run.font_cache)
    if not unknown:
        return None
    for name in unknown:
        run.unknown_glyphs.setdefault(name, []).append(lines.number)
    spans = [span for line in lines.lines for span in line.spans]
    inside = sum(len(s.text) for s in spans if s.font.split("+", 1)[-1] in unknown
                 or not s.font)  # MuPDF names no font it could not load
    if inside < route.UNMAPPED_FONT_MIN_SHARE * max(sum(len(s.text) for s in spans), 1):
        return None
    return f"text in fonts whose glyphs cannot be known ({', '.join(unknown)}), not OCR'd"


def _order(page: _Page) -> list[Item]:
    """The page's reading order, on the clock of the page's budget. An OCR page's is
    whole: its time went mostly to the engine (bounded by `ocr_timeout_s`), and its
    words are few (bounded by the render's size, `ocr_max_dim`)."""
    with page.budget.running():
        return order_page(page.lines, page.placed,
                          page.budget if page.info.route == "native" else None)


def _warn_over_budget(pages: list[_Page], run: _Run) -> None:
    """One warning per page over its budget, naming the steps left out for it."""
    for page in pages:
        if page.budget.left_s() < 0:
            left_out = page.budget.left_out
            run.warnings.append(f"page {page.info.number}: over the "
                                f"{run.settings.pdf_page_budget_s}s budget" + (
                                    f"; left out: {', '.join(left_out)}" if left_out else ""))


def _place_extras(page: Any, lines: PageLines, paths: Callable[[], list[dict[str, Any]]],
                  images: list[dict[str, Any]], image_boxes: Callable[[], list[BBox]],
                  out: _Page, run: _Run) -> None:
    """List bullets and boxes to tick drawn as paths go before their lines; tables
    (ruled, then aligned text) replace their lines; images get markers. A step that
    raises is left out (`_contained`), as is one the page's budget has no time left for:
    the page keeps its lines as text."""
    if not out.budget.spent("drawn bullets"):
        with _contained("drawn bullets", out, run):
            drawn_bullets(lines, paths())
            drawn_checkboxes(lines, paths())
    if len(lines.lines) > MAX_TABLE_PAGE_LINES:
        run.warnings.append(f"page {out.info.number}: {len(lines.lines)} lines, over "
                            f"{MAX_TABLE_PAGE_LINES}; read as text without looking for tables")
    else:
        _place_tables(page, lines, paths, image_boxes, out, run)
    if not page.rotation:  # the rules as stored: a turned page's lines are as shown
        with _contained("boxed labels", out, run):
            mark_boxed_labels(lines, paths(), tuple(page.rect))
    with _contained("images", out, run):
        placed, warnings = page_images(page, lines.number, images, run.options.image_dir,
                                       run.written)
        out.placed += [(img.bbox, img.block) for img in placed]
        run.warnings += warnings


def _place_tables(page: Any, lines: PageLines, paths: Callable[[], list[dict[str, Any]]],
                  image_boxes: Callable[[], list[BBox]], out: _Page, run: _Run) -> None:
    """Ruled tables, then tables of aligned text, in place of their lines; the page's
    footer row (`Line.footer`) is no table's."""

    def body() -> list[Line]:
        return [ln for ln in lines.lines if not ln.footer]

    if not out.budget.spent("ruled tables"):
        with _contained("ruled tables", out, run):
            for table in find_tables(page, paths(), body(), image_boxes):
                lines.lines = [ln for ln in lines.lines
                               if not centre_in(ln.bbox, table.bbox, pad=1.0)]
                out.placed.append((table.bbox, table.block))
    if out.budget.spent("aligned tables"):
        return
    with _contained("aligned tables", out, run):
        turn = page.rotation_matrix if page.rotation else None  # drawings as the page is shown
        drawn = Drawn(functools.cache(lambda: horizontal_rules(paths(), turn)),
                      functools.cache(lambda: shape_boxes(paths(), turn)),
                      list if page.rotation else lines.vertical_rules)
        for aligned in find_aligned_tables(body(), lines.textpage, drawn, page):
            used = {id(ln) for ln in aligned.lines}
            lines.lines = [ln for ln in lines.lines if id(ln) not in used] + aligned.rest
            if aligned.rows:  # else a contents list, its entries in `rest`
                out.placed.append((aligned.bbox, table_block(aligned.rows)))


@contextlib.contextmanager
def _contained(step: str, out: _Page, run: _Run) -> Iterator[None]:
    """Run one extra step of a native page; an exception in it (a PyMuPDF error on odd
    vector content, a bug) becomes a warning naming the page and the step, and the page's
    reason in the record, instead of losing the page. Each step finds everything before
    it changes the page, so a failed step has changed nothing."""
    try:
        yield
    except Exception as exc:
        why = f"{step} failed ({type(exc).__name__}: {exc})"
        run.warnings.append(f"page {out.info.number}: {why}; its text is kept without them")
        out.info.reason = why if out.info.reason is None else f"{out.info.reason}; {why}"


def _ocr(page: Any, lines: PageLines, info: PageInfo, run: _Run,
         budget: PageBudget) -> PageLines | None:
    """OCR lines for a page routed to OCR, or None (route `skipped`) when OCR is off,
    over its page cap, past the page's budget or failing."""
    settings = run.settings
    why = None
    if not settings.ocr:
        why = "OCR off"
    elif run.ocr_pages >= settings.ocr_max_pages:
        why = f"over the {settings.ocr_max_pages}-page OCR cap"
    elif budget.left_s() < 0:
        why = "page time budget spent"
    if why is None:
        try:
            from webfold.pdf import ocr
        except ImportError:
            why = "OCR not available"
    if why is not None:
        info.route, info.reason = "skipped", f"{info.reason}; {why}"
        run.ocr_skipped.append(info.number)
        return None
    run.ocr_pages += 1
    try:
        result = ocr.ocr_page(page, settings=settings, engine=run.options.ocr,
                              render_budget_s=budget.left_s())
    except Exception as exc:  # a crashed engine: the page is skipped, the rest goes on
        result = ConversionError("ocr_failed", f"{type(exc).__name__}: {exc}")
    if isinstance(result, ConversionError):
        info.route, info.reason = "skipped", f"{info.reason}; OCR failed ({result.code})"
        run.warnings.append(f"page {info.number}: OCR failed: {result.message}")
        run.ocr_skipped.append(info.number)
        return None
    return result


def _with_readable(native: PageLines, read: PageLines | None, readable: route.Readable,
                   info: PageInfo, run: _Run) -> PageLines:
    """A page whose layer is garbled in places (`route.readable_parts`): its readable
    `native` lines and, of OCR's page `read`, the words on the garbled lines and in the
    gaps of the readable ones: a garbled line's words a line each, set on that line's
    baseline in its size (OCR runs a line on across a gutter, and its sizes are guesses),
    a gap's words in its place. A picture's lettering stays out, as on a native page.
    Without OCR the readable lines alone: the page is read natively, and a warning counts
    the garbled lines and gaps left out. OCR's page is taken whole when it was turned
    upright."""
    garbled = readable.garbled
    gaps = [gap for _, gap in readable.gaps]
    if read is None:
        run.ocr_skipped.remove(info.number)
        info.route = "native"
        unread = " and ".join(f"{n} {noun if n == 1 else plural}" for n, noun, plural in (
            (len(garbled), "garbled line", "garbled lines"),
            (len(gaps), "garbled run in a readable line", "garbled runs in readable lines"))
            if n)
        run.warnings.append(f"page {info.number}: {unread} not read "
                            f"({info.reason.rsplit('; ', 1)[-1]})")
        return native
    if abs(read.width - native.width) > 1.0 or abs(read.height - native.height) > 1.0:
        return read
    gapped, gap_ids = {id(line) for line, _ in readable.gaps}, {id(gap) for gap in gaps}
    kept = [box for line in native.lines for box in (
        [s.bbox for s in line.spans if id(s) not in gap_ids] if id(line) in gapped
        else [line.bbox])]
    targets = [line.bbox for line in garbled] + [gap.bbox for gap in gaps]
    pieces: dict[tuple[int, int], list[Span]] = {}  # (OCR line, target) -> its words
    for k, line in enumerate(read.lines):
        for span in line.spans:
            at = next((t for t, box in enumerate(targets)
                       if centre_in(span.bbox, box, pad=GARBLED_LINE_PAD)), None)
            if at is not None and not any(centre_in(span.bbox, box) for box in kept):
                pieces.setdefault((k, at), []).append(span)
    in_gaps: dict[int, list[Span]] = {}  # gap -> its words, in OCR's order
    for (_, at), words in pieces.items():
        if at >= len(garbled):
            in_gaps.setdefault(at - len(garbled), []).extend(words)
    for at, words in in_gaps.items():
        _fill_gap(*readable.gaps[at], words)
    read.lines = native.lines + [_in_place_of(garbled[at], spans, read.lines[k].confidence)
                                 for (k, at), spans in pieces.items() if at < len(garbled)]
    info.reason = f"{info.reason}; {len(native.lines)} readable lines kept from the text layer"
    return read


def _fill_gap(line: Line, gap: Span, words: list[Span]) -> None:
    """OCR's `words` read in the `gap` of a readable native `line`, after the gap's blank
    (which parts them from the text before)."""
    for word in words:
        word.size = gap.size
    words[-1].text = words[-1].text.rstrip() + " "
    at = next(n for n, span in enumerate(line.spans) if span is gap)
    line.spans[at + 1:at + 1] = words


def _in_place_of(garbled: Line, words: list[Span], confidence: float | None) -> Line:
    """OCR's `words` read off the `garbled` native line, as a line on its baseline."""
    size = max(span.size for span in garbled.spans)
    for word in words:
        word.size = size
    x0, x1 = min(w.bbox[0] for w in words), max(w.bbox[2] for w in words)
    return Line(spans=words, bbox=(x0, garbled.bbox[1], x1, garbled.bbox[3]), source="ocr",
                confidence=confidence, origin=(x0, garbled.baseline))


def _has_bomb(doc: Any, page: Any) -> bool:
    """True when a page content stream inflates past `MAX_CONTENT_BYTES` (checked only
    for raw streams big enough to do so)."""
    for xref in page.get_contents():
        raw = doc.xref_stream_raw(xref)
        if raw is None or len(raw) < BOMB_CHECK_MIN_RAW:
            continue
        if "FlateDecode" not in (doc.xref_get_key(xref, "Filter")[1] or ""):
            continue
        inflater = zlib.decompressobj()
        try:
            inflater.decompress(raw, MAX_CONTENT_BYTES)
        except zlib.error:
            continue  # MuPDF reads what it can of a broken stream
        if inflater.unconsumed_tail:
            return True
    return False


def _warn_ocr_skipped(run: _Run) -> None:
    """One warning naming every page that needed OCR and was not read, whatever the cause."""
    skipped = sorted(run.ocr_skipped)
    if skipped:
        listed = ", ".join(map(str, skipped[:50])) + (" ..." if len(skipped) > 50 else "")
        run.warnings.append(f"pages not read (need OCR): {listed}")


def _warn_watermarks(run: _Run) -> None:
    """One warning per watermark text left out, with the pages it was on."""
    for text, pages in run.watermarks.items():
        listed = ", ".join(map(str, pages[:20])) + (" ..." if len(pages) > 20 else "")
        run.warnings.append(f'watermark "{text}" left out (pages {listed})')


def _warn_unknown_glyphs(run: _Run) -> None:
    """One warning per font whose glyphs cannot be known, with the pages it was on."""
    for name, pages in run.unknown_glyphs.items():
        listed = ", ".join(map(str, pages[:20])) + (" ..." if len(pages) > 20 else "")
        run.warnings.append(f'font "{name}" (pages {listed}): a CID font neither embedded '
                            "nor mapped to Unicode; its glyphs cannot be known, so its text "
                            "cannot be read (OCR would read a substitute's glyphs)")


def _outline(doc: Any) -> list[tuple[int, str]]:
    try:
        return [(entry[0], entry[1]) for entry in doc.get_toc(simple=True)[:500]]
    except Exception:
        return []


def _metadata(doc: Any, blocks: list) -> Metadata:
    meta = doc.metadata or {}
    title = (meta.get("title") or "").strip() or None
    if title is None:
        title = next((b.text for b in blocks if b.kind == "heading"), None)
    raw_date = meta.get("creationDate") or ""
    date = None
    if raw_date.startswith("D:") and len(raw_date) >= 10 and raw_date[2:10].isdigit():
        date = f"{raw_date[2:6]}-{raw_date[6:8]}-{raw_date[8:10]}"
    return Metadata(title=title, author=(meta.get("author") or "").strip() or None, date=date,
                    language=_language(doc))


def _language(doc: Any) -> str | None:
    try:
        kind, value = doc.xref_get_key(doc.pdf_catalog(), "Lang")
    except Exception:
        return None
    return (value.strip("()") or None) if kind == "string" else None
