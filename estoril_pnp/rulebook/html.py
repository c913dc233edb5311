"""The rulebook as one self-contained HTML page for a phone at the table: no network, no
files beside it. Icons are inline SVG data, pictures are PNG data rendered from a one-page
PDF of the same drawing the printed rulebook shows (pypdfium2), the headings' font is embedded.
"""

from __future__ import annotations

import base64
import html
import io
import re
from functools import cache
from pathlib import Path

import pypdfium2
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..render.fonts import DEFAULT_FONT
from ..render.srgb import srgb
from .document import Block, Break, Document, Figure, Items, Para, Picture, Run, Section, Text
from .document import Table as TableBlock
from .pdf import Look
from .pictures import draw_picture

PIXELS_PER_MM = 5.0  # a full-width picture (170 mm) is 850 px: sharp on a phone's dense screen


def write_html(
    doc: Document, target: Path, look: Look, heading_font: Path | None, score_page: tuple[str, str] | None = None
) -> None:
    """The page into `target` (the caller writes it atomically)."""
    target.write_text(page(doc, look, heading_font, score_page), encoding="utf-8")


def page(doc: Document, look: Look, heading_font: Path | None, score_page: tuple[str, str] | None = None) -> str:
    """`score_page`: (file name, link text) of the phone's score page beside this one, if any."""
    font = ""
    if heading_font is not None:
        data = base64.b64encode(heading_font.read_bytes()).decode()
        font = f"@font-face{{font-family:Heading;src:url(data:font/ttf;base64,{data}) format('truetype');}}"
    body = "\n".join(_section(doc, s, look) for s in doc.sections)
    toc = "\n".join(
        f'<li class="l{s.level}"><a href="#{_e(s.id)}">{_e(s.title)}</a></li>' for s in doc.sections if s.in_contents
    )
    return f"""<!DOCTYPE html>
<html lang="{_e(doc.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_e(doc.title)} · {_e(doc.subtitle)}</title>
<style>{font}{_css(look)}</style>
</head>
<body>
<header>
<h1>{_e(doc.title)}</h1>
<p class="subtitle">{_e(doc.subtitle)}</p>
<p class="edition">{_e(doc.edition)}</p>
{f'<p class="score"><a href="{_e(score_page[0])}">{_e(score_page[1])}</a></p>' if score_page else ""}
</header>
<nav id="contents"><h2>{_e(doc.contents_title)}</h2><ol>
{toc}
</ol></nav>
<main>
{body}
</main>
</body>
</html>
"""


def _css(look: Look) -> str:
    return f"""
*{{box-sizing:border-box}}
html{{-webkit-text-size-adjust:100%}}
body{{margin:0 auto;max-width:46rem;padding:0 1rem 3rem;font:17px/1.5 Georgia,'Times New Roman',serif;
color:{look.ink};background:{look.paper}}}
h1,h2,h3,.subtitle{{font-family:Heading,'Arial Narrow',sans-serif;color:{look.accent};line-height:1.2}}
header{{text-align:center;padding:1.5rem 0 .5rem}}
h1{{font-size:2rem;margin:0}}
.subtitle{{font-size:1.3rem;margin:.3rem 0}}
.edition{{font-style:italic;margin:.3rem 0 1rem}}
.score a{{display:inline-block;padding:.6rem 1rem;border:2px solid {look.accent};border-radius:8px;color:{look.accent};
font-weight:bold;text-decoration:none}}
h2{{font-size:1.55rem;margin:2rem 0 .6rem;border-bottom:2px solid {look.accent}}}
h3{{font-size:1.2rem;margin:1.4rem 0 .4rem}}
nav ol{{list-style:none;padding:0;margin:0}}
nav li.l1{{font-weight:bold;margin-top:.35rem}}
nav li.l2{{padding-left:1rem;font-size:.95rem}}
nav a{{color:{look.ink};text-decoration:none}}
p{{margin:.5rem 0}}
p.lead{{font-style:italic;font-size:1.06rem}}
p.small{{font-size:.95rem;margin:.3rem 0}}
p.example{{background:#efe6cc;padding:.4rem .6rem;border-radius:4px}}
p.decision{{border:1.5px solid {look.stamp};padding:.4rem .6rem;border-radius:4px}}
img.icon{{height:1.15em;width:1.15em;vertical-align:-.22em}}
ol,ul{{padding-left:1.4rem}}
li{{margin:.25rem 0}}
figure{{margin:1rem 0;text-align:center}}
figure img.picture{{max-width:100%;height:auto}}
figure.narrow img.picture{{max-width:min(100%,26rem)}}
figcaption{{font-style:italic;font-size:.92rem}}
figure ol{{text-align:left;font-size:.95rem}}
.table{{overflow-x:auto}}
table{{border-collapse:collapse;width:100%;font-size:.93rem}}
th{{background:#e2d3ae;text-align:left}}
th,td{{padding:.3rem .4rem;border-bottom:1px solid #b9a67a;vertical-align:top;overflow-wrap:break-word;hyphens:auto}}
td.n,th.n{{text-align:right;white-space:nowrap}}
"""


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _section(doc: Document, section: Section, look: Look) -> str:
    tag = "h2" if section.level == 1 else "h3"
    icon = _inline((section.icon,), look) + " " if section.icon else ""
    blocks = "\n".join(_block(doc, b, look) for b in section.blocks)
    return f'<section id="{_e(section.id)}"><{tag}>{icon}{_e(section.title)}</{tag}>\n{blocks}</section>'


def _block(doc: Document, block: Block, look: Look) -> str:
    if isinstance(block, Para):
        return f'<p class="{_e(block.kind)}">{_inline(block.text, look)}</p>'
    if isinstance(block, Items):
        tag = "ol" if block.ordered else "ul"
        items = "".join(f"<li>{_inline(item, look)}</li>" for item in block.items)
        return f"<{tag}>{items}</{tag}>"
    if isinstance(block, TableBlock):
        return _table(block, look)
    assert isinstance(block, Figure)
    return _figure(doc, block, look)


def _table(block: TableBlock, look: Look) -> str:
    def cls(i: int) -> str:
        return ' class="n"' if i < len(block.numeric) and block.numeric[i] else ""

    head = "".join(f"<th{cls(i)}>{_inline(c, look)}</th>" for i, c in enumerate(block.header))
    rows = "".join(
        "<tr>" + "".join(f"<td{cls(i)}>{_inline(c, look)}</td>" for i, c in enumerate(r)) + "</tr>" for r in block.rows
    )
    thead = f"<thead><tr>{head}</tr></thead>" if head else ""
    return f'<div class="table"><table>{thead}<tbody>{rows}</tbody></table></div>'


def _figure(doc: Document, fig: Figure, look: Look) -> str:
    png = base64.b64encode(picture_png(fig.picture)).decode()
    label = _e(doc.figure_name(fig.number))
    legend = "".join(f"<li>{_inline(item, look)}</li>" for item in fig.legend)
    width = round(fig.picture.width * (4.0 if fig.size == "wide" else 3.2))
    return (
        f'<figure class="{_e(fig.size)}"><img class="picture" src="data:image/png;base64,{png}" width="{width}" '
        f'height="{round(width * fig.picture.height / fig.picture.width)}" alt="{label}">'
        f"<figcaption><b>{label}.</b> {_inline(fig.caption, look)}</figcaption>"
        f"{f'<ol>{legend}</ol>' if legend else ''}</figure>"
    )


def _inline(text: Text, look: Look) -> str:
    out = []
    for part in text:
        if isinstance(part, Run):
            body = f"<i>{_e(part.text)}</i>" if part.italic else _e(part.text)
            out.append(f"<b>{body}</b>" if part.bold else body)
        elif isinstance(part, Break):
            out.append("<br>")
        else:
            out.append(f'<img class="icon" src="{_svg_uri(part.path, part.colour)}" alt="">')
    return "".join(out)


@cache
def _svg_uri(path: str, colour: str | None) -> str:
    svg = Path(path).read_text(encoding="utf-8")
    if colour is not None:  # game icons are drawn in plain black: paint them the ink colour
        svg = re.sub(r'fill="#0{3}(?:0{3})?"', f'fill="{colour}"', svg)
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def picture_png(picture: Picture) -> bytes:
    """The picture drawn into a one-page PDF, as the printed rulebook draws it, then rasterised."""
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer, pagesize=(picture.width * mm, picture.height * mm), invariant=1, initialFontName=DEFAULT_FONT
    )
    draw_picture(canvas, picture)
    canvas.showPage()
    canvas.save()
    pdf = pypdfium2.PdfDocument(buffer.getvalue())
    try:
        bitmap = pdf[0].render(scale=PIXELS_PER_MM * 25.4 / 72, fill_color=(255, 255, 255, 0))
        out = io.BytesIO()
        # zlib level 3: half the time of the default 6, for pictures 2.5 % larger (`optimize`: 3 % smaller, 3× the time)
        bitmap.to_pil().save(out, "PNG", compress_level=3, pnginfo=srgb())
        return out.getvalue()
    finally:
        pdf.close()
