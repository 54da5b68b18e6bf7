"""The PPTX reader on what python-pptx cannot write: a SmartArt diagram, whose text lives
in its own data part, joined to a slide made by python-pptx."""

from __future__ import annotations

import io
import zipfile

import pptx

from webfold import convert

DGM_NS = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
DATA_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/diagramData"


def point(model_id: str, text: str | None, kind: str = "") -> str:
    attr = f' type="{kind}"' if kind else ""
    body = (f"<dgm:t><a:bodyPr/><a:p><a:r><a:t>{text}</a:t></a:r></a:p></dgm:t>"
            if text is not None else "")
    return f'<dgm:pt modelId="{model_id}"{attr}>{body}</dgm:pt>'


def link(parent: str, child: str, order: int, kind: str = "") -> str:
    attr = f' type="{kind}"' if kind else ""
    return (f'<dgm:cxn modelId="c{parent}{child}" srcId="{parent}" destId="{child}" '
            f'srcOrd="{order}" destOrd="0"{attr}/>')


# A process diagram: three steps, the second with two sub-points, written in an order
# other than the diagram's (the connections' srcOrd give the order), plus a presentation
# point and a sibling transition that hold no reader text.
DATA = (f'<dgm:dataModel xmlns:dgm="{DGM_NS}" xmlns:a="{A_NS}"><dgm:ptLst>'
        + point("0", None, "doc") + point("3", "Ship the release") + point("1", "Plan the sprint")
        + point("2", "Build and test") + point("21", "unit tests") + point("22", "load tests")
        + point("9", "ignored layout text", "pres") + point("8", None, "sibTrans")
        + "</dgm:ptLst><dgm:cxnLst>"
        + link("0", "3", 2) + link("0", "1", 0) + link("0", "2", 1) + link("2", "22", 1)
        + link("2", "21", 0) + link("0", "9", 0, "presOf")
        + "</dgm:cxnLst></dgm:dataModel>")
FRAME = (f'<p:graphicFrame xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"'
         f' xmlns:a="{A_NS}" xmlns:r="{R_NS}"><p:nvGraphicFramePr><p:cNvPr id="99" '
         'name="Diagram 1"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>'
         '<p:xfrm><a:off x="0" y="2000000"/><a:ext cx="8000000" cy="3000000"/></p:xfrm>'
         f'<a:graphic><a:graphicData uri="{DGM_NS}"><dgm:relIds xmlns:dgm="{DGM_NS}" '
         'r:dm="rIdDiagram" r:lo="rIdNone" r:qs="rIdNone" r:cs="rIdNone"/></a:graphicData>'
         "</a:graphic></p:graphicFrame>")


def deck_with_smartart() -> bytes:
    deck = pptx.Presentation()
    slide = deck.slides.add_slide(deck.slide_layouts[5])  # title only
    slide.shapes.title.text = "Release process"
    made = io.BytesIO()
    deck.save(made)
    src = zipfile.ZipFile(io.BytesIO(made.getvalue()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            body = src.read(item.filename)
            if item.filename == "ppt/slides/slide1.xml":
                body = body.replace(b"</p:spTree>", FRAME.encode() + b"</p:spTree>")
            elif item.filename == "ppt/slides/_rels/slide1.xml.rels":
                body = body.replace(b"</Relationships>", (
                    f'<Relationship Id="rIdDiagram" Type="{DATA_REL}" '
                    'Target="../diagrams/data1.xml"/></Relationships>').encode())
            dst.writestr(item, body)
        dst.writestr("ppt/diagrams/data1.xml", DATA)
    return out.getvalue()


def test_smartart_text_comes_out_as_a_nested_list_in_diagram_order():
    doc = convert(deck_with_smartart())
    assert doc.error is None, doc.error
    assert doc.markdown == ("## Slide 1: Release process\n\n- Plan the sprint\n- Build and test\n"
                         "  - unit tests\n  - load tests\n- Ship the release\n")
    assert "ignored layout text" not in doc.markdown
