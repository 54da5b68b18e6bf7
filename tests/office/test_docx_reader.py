"""The DOCX reader on hand-written WordprocessingML: what Word writes that python-docx
cannot generate (fields, content controls, tracked changes, text boxes, comments)."""

from __future__ import annotations

import io
import zipfile

from webfold import convert

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/'
    'package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.wordprocessingml.document.main+xml"/></Types>')


def docx(body: str, numbering: str = "", footnotes: str = "",
         parts: dict[str, str] | None = None) -> bytes:
    document = (f'<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="{W_NS}" '
                'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/'
                'wordprocessingDrawing" xmlns:wps="http://schemas.microsoft.com/office/word/'
                '2010/wordprocessingShape" xmlns:mc="http://schemas.openxmlformats.org/markup-'
                f'compatibility/2006"><w:body>{body}</w:body></w:document>')
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("[Content_Types].xml", CONTENT_TYPES)
        archive.writestr("word/document.xml", document)
        if numbering:
            archive.writestr("word/numbering.xml", f'<?xml version="1.0" encoding="UTF-8"?>'
                                                   f'<w:numbering xmlns:w="{W_NS}">{numbering}'
                                                   "</w:numbering>")
        if footnotes:
            archive.writestr("word/footnotes.xml", f'<?xml version="1.0" encoding="UTF-8"?>'
                                                   f'<w:footnotes xmlns:w="{W_NS}">{footnotes}'
                                                   "</w:footnotes>")
        for name, xml in (parts or {}).items():
            archive.writestr(name, xml)
    return out.getvalue()


def p(text: str, props: str = "") -> str:
    return f"<w:p><w:pPr>{props}</w:pPr><w:r><w:t xml:space=\"preserve\">{text}</w:t></w:r></w:p>"


def test_hyperlink_field_becomes_a_link():
    body = ('<w:p><w:r><w:t xml:space="preserve">See </w:t></w:r>'
            '<w:r><w:fldChar w:fldCharType="begin"/></w:r>'
            '<w:r><w:instrText> HYPERLINK "https://example.org/tides" </w:instrText></w:r>'
            '<w:r><w:fldChar w:fldCharType="separate"/></w:r>'
            '<w:r><w:t>the tide table</w:t></w:r>'
            '<w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t>.</w:t></w:r></w:p>')
    assert convert(docx(body)).markdown == "See [the tide table](https://example.org/tides).\n"


def test_deleted_text_and_comments_are_left_out_inserted_text_kept():
    body = ('<w:p><w:r><w:t xml:space="preserve">Kept </w:t></w:r>'
            '<w:del><w:r><w:delText>REMOVED</w:delText></w:r></w:del>'
            '<w:ins><w:r><w:t>added</w:t></w:r></w:ins>'
            '<w:commentRangeStart w:id="0"/><w:r><w:commentReference w:id="0"/></w:r></w:p>')
    assert convert(docx(body)).markdown == "Kept added\n"


def test_table_of_contents_control_is_left_out_and_content_controls_read():
    toc = ('<w:sdt><w:sdtPr><w:docPartObj><w:docPartGallery w:val="Table of Contents"/>'
           f'</w:docPartObj></w:sdtPr><w:sdtContent>{p("Contents entry 1")}</w:sdtContent>'
           '</w:sdt>')
    control = f'<w:sdt><w:sdtPr/><w:sdtContent>{p("Inside a control")}</w:sdtContent></w:sdt>'
    assert convert(docx(toc + control)).markdown == "Inside a control\n"


def test_outline_level_makes_a_heading_and_bold_runs_merge():
    body = (p("Chapter one", '<w:outlineLvl w:val="1"/>')
            + '<w:p><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">bo</w:t></w:r>'
              '<w:r><w:rPr><w:b/></w:rPr><w:t>ld</w:t></w:r>'
              '<w:r><w:rPr><w:b w:val="0"/></w:rPr><w:t xml:space="preserve"> plain</w:t></w:r>'
              '</w:p>')
    assert convert(docx(body)).markdown == "## Chapter one\n\n**bold** plain\n"


def test_text_box_text_follows_its_paragraph():
    box = ('<w:p><w:r><w:t>Anchor text</w:t></w:r><w:r><mc:AlternateContent><mc:Choice '
           'Requires="wps"><w:drawing><wp:anchor><wp:docPr id="1" name="Text Box 1"/>'
           '<wps:wsp><wps:txbx><w:txbxContent>' + p("Boxed note") + '</w:txbxContent>'
           '</wps:txbx></wps:wsp></wp:anchor></w:drawing></mc:Choice><mc:Fallback/>'
           '</mc:AlternateContent></w:r></w:p>')
    assert convert(docx(box)).markdown == "Anchor text\n\nBoxed note\n"


def test_vertically_merged_cells_stay_empty_and_nested_tables_flatten():
    def cell(text: str, props: str = "") -> str:
        return f"<w:tc><w:tcPr>{props}</w:tcPr>{p(text)}</w:tc>"

    nested = f"<w:tbl><w:tr>{cell('inner a')}{cell('inner b')}</w:tr></w:tbl>"
    restart, cont = '<w:vMerge w:val="restart"/>', "<w:vMerge/>"
    body = ("<w:tbl>"
            f"<w:tr>{cell('Name')}{cell('Place')}</w:tr>"
            f"<w:tr>{cell('Ada', restart)}{cell('Quay')}</w:tr>"
            f"<w:tr>{cell('', cont)}<w:tc>{p('Dock')}{nested}</w:tc></w:tr>"
            "</w:tbl>")
    assert convert(docx(body)).markdown == (
        "| Name | Place |\n|---|---|\n| Ada | Quay |\n|  | Dock inner a inner b |\n")


def item(text: str, num_id: int, ilvl: int = 0) -> str:
    return p(text, f'<w:numPr><w:ilvl w:val="{ilvl}"/><w:numId w:val="{num_id}"/></w:numPr>')


def test_numbered_lists_count_on_across_paragraphs_and_restart_where_word_does():
    numbering = (
        '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/>'
        '<w:numFmt w:val="decimal"/></w:lvl><w:lvl w:ilvl="1"><w:start w:val="1"/>'
        '<w:numFmt w:val="decimal"/></w:lvl></w:abstractNum>'
        '<w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:start w:val="5"/>'
        '<w:numFmt w:val="decimal"/></w:lvl></w:abstractNum>'
        '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>'
        '<w:num w:numId="2"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0">'
        '<w:startOverride w:val="1"/></w:lvlOverride></w:num>'
        '<w:num w:numId="3"><w:abstractNumId w:val="1"/></w:num>')
    body = (item("Download", 1) + item("Unpack", 1) + item("check the size", 1, 1)
            + p("Then read the notes.") + item("Run the setup", 1)
            + item("answer the prompts", 1, 1) + p("A new list, restarted.")
            + item("Open the tool", 2) + p("A list that starts at five.")
            + item("Fifth step", 3))
    assert convert(docx(body, numbering)).markdown == (
        "1. Download\n2. Unpack\n   1. check the size\n\nThen read the notes.\n\n"
        "3. Run the setup\n   1. answer the prompts\n\nA new list, restarted.\n\n"
        "1. Open the tool\n\nA list that starts at five.\n\n5. Fifth step\n")


def test_a_footnote_of_two_paragraphs_is_one_markdown_footnote_of_two():
    body = ('<w:p><w:r><w:t>The gauge read four metres.</w:t></w:r>'
            '<w:r><w:footnoteReference w:id="2"/></w:r></w:p>')
    notes = ('<w:footnote w:id="2">' + p("Read at the old bridge.")
             + p("It was recalibrated in 2019.") + "</w:footnote>")
    assert convert(docx(body, footnotes=notes)).markdown == (
        "The gauge read four metres.[^1]\n\n[^1]: Read at the old bridge.\n\n"
        "    It was recalibrated in 2019.\n")


def test_smartart_in_a_paragraph_is_a_list_after_it():
    dgm = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
    a = "http://schemas.openxmlformats.org/drawingml/2006/main"
    data = (f'<dgm:dataModel xmlns:dgm="{dgm}" xmlns:a="{a}"><dgm:ptLst>'
            '<dgm:pt modelId="0" type="doc"/>'
            '<dgm:pt modelId="2"><dgm:t><a:p><a:r><a:t>Review</a:t></a:r></a:p></dgm:t></dgm:pt>'
            '<dgm:pt modelId="1"><dgm:t><a:p><a:r><a:t>Draft</a:t></a:r></a:p></dgm:t></dgm:pt>'
            '</dgm:ptLst><dgm:cxnLst><dgm:cxn modelId="a" srcId="0" destId="2" srcOrd="1"/>'
            '<dgm:cxn modelId="b" srcId="0" destId="1" srcOrd="0"/></dgm:cxnLst></dgm:dataModel>')
    rels = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.'
            'openxmlformats.org/package/2006/relationships"><Relationship Id="rId9" Type="'
            'http://schemas.openxmlformats.org/officeDocument/2006/relationships/diagramData" '
            'Target="diagrams/data1.xml"/></Relationships>')
    body = ('<w:p><w:r><w:t>Our writing process:</w:t></w:r><w:r><w:drawing><wp:inline>'
            '<wp:docPr id="1" name="Diagram 1"/><a:graphic xmlns:a="' + a + '">'
            f'<a:graphicData uri="{dgm}"><dgm:relIds xmlns:dgm="{dgm}" xmlns:r="http://schemas.'
            'openxmlformats.org/officeDocument/2006/relationships" r:dm="rId9" r:lo="x" '
            'r:qs="x" r:cs="x"/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>'
            + p("Then it ships."))
    doc = convert(docx(body, parts={"word/_rels/document.xml.rels": rels,
                                    "word/diagrams/data1.xml": data}))
    assert doc.markdown == "Our writing process:\n\n- Draft\n- Review\n\nThen it ships.\n"
