"""The score page: one self-contained HTML file per language where players at the table tap
the cards in their hands and read the score. It computes from the pack's resolved score sheet
(`scoresheet.resolved`), embedded as JSON, with the small interpreter in
`templates/scorepage/sheet.js`; its card pictures are the pieces' own drawings, rasterised.
No network: scripts, styles and pictures are all inside the file.
"""

from __future__ import annotations

import base64
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .atomic import atomic_path
from .export import images
from .i18n import MissingText, Texts, plural_category
from .pictures import Picture
from .raster import PageBox
from .render.piece import Piece
from .resources import resource_dir

NAME = "score.html"
PICTURE_PX = 200  # a card's longer side: sharp at twice the ~100 CSS px it is shown at
PLURALS_UP_TO = 200  # plural categories computed here (as the command line's Babel does), beyond: the browser's
SCRIPTS = ("record.js", "sheet.js", "ui.js")  # in this order: ui.js uses the other two
KEYS = "scorepage."  # the catalogs' section of the page's own words

# The page's own words (placeholders it fills besides the game numbers), catalog keys under `scorepage.`.
WORDS: Mapping[str, frozenset[str]] = {
    "title": frozenset(),
    "rules": frozenset(),
    "link": frozenset(),
    "players": frozenset(),
    "players.hint": frozenset({"min", "max"}),
    "name": frozenset(),
    "variants": frozenset(),
    "from_players": frozenset({"n"}),
    "hands": frozenset(),
    "chosen": frozenset({"n", "most"}),
    "search": frozenset(),
    "remove": frozenset({"name"}),
    "nobody": frozenset(),
    "missing": frozenset(),
    "record": frozenset(),
    "record.hint": frozenset(),
    "record.text": frozenset(),
    "save": frozenset(),
    "load": frozenset(),
    "load.file": frozenset(),
    "new": frozenset(),
    "new.confirm": frozenset(),
    "refuse.record": frozenset(),
    "refuse.line": frozenset({"line", "message"}),
    "refuse.shape": frozenset(),
    "refuse.key": frozenset(),
    "refuse.type": frozenset({"what"}),
    "refuse.unknown": frozenset({"what", "text"}),
    "refuse.ambiguous": frozenset({"what", "text"}),
    "refuse.missing": frozenset({"what"}),
    "refuse.off": frozenset({"what"}),
    "refuse.players": frozenset({"n", "min", "max"}),
    "refuse.switch_players": frozenset({"what", "min", "max"}),
    "refuse.twice": frozenset({"card", "where"}),
    "refuse.most": frozenset({"most", "what"}),
    "refuse.count": frozenset({"what", "n", "count"}),
    "refuse.too_many": frozenset({"n"}),
    "refuse.holder": frozenset({"what", "text"}),
    "refuse.list_needed": frozenset(),
    "refuse.except": frozenset({"card"}),
    "refuse.number": frozenset({"what", "min", "max"}),
}
CALL_VALUES: Mapping[str, frozenset[str]] = {KEYS + key: values for key, values in WORDS.items()}


@dataclass(frozen=True)
class Look:
    """The page's colours: the pieces' design's ink and paper, checked for contrast in the browser test."""

    ink: str = "#1f1a17"
    paper: str = "#f3ead3"
    accent: str = "#1c2a43"
    stamp: str = "#9e1b1b"


def template_dir() -> Path:
    return resource_dir("templates") / "scorepage"


def page_pictures(resolved: Mapping[str, Any], pieces: Sequence[Piece]) -> tuple[dict[str, str], dict[str, float]]:
    """A small WebP data URI of each piece the sheet names that the build draws, keyed by the
    piece's id (or `id/colour` for a piece each colour has its own copy of); and each
    collection's width / height, so the page can lay out its grid before the pictures decode."""
    by_key = {p.key.split("/", 1)[1]: p for p in pieces if "/" in p.key}
    wanted: dict[str, Piece] = {}
    aspects: dict[str, float] = {}
    colours = [c["id"] for c in resolved["pieces"]["colours"]["items"]]
    for cid, collection in resolved["pieces"].items():
        if cid == "colours":
            continue
        for item in collection["items"]:
            found = {item["id"]: by_key.get(item["id"])} | {f"{item['id']}/{c}": by_key.get(f"{item['id']}/{c}") for c in colours}
            for key, piece in found.items():
                if piece is not None:
                    wanted[key] = piece
                    aspects.setdefault(cid, round(piece.width / piece.height, 4))
    pictures = [Picture(key, p.group, p.width, p.height, p.front) for key, p in wanted.items()]
    sizes = [_size(p.width, p.height) for p in pictures]
    out = {"": _blank()}
    for picture, image in images(pictures, sizes, PageBox.trim):
        buffer = io.BytesIO()
        image.save(buffer, "WEBP", quality=82, method=6)
        out[picture.name] = "data:image/webp;base64," + base64.b64encode(buffer.getvalue()).decode()
    return out, aspects


def _size(width: float, height: float) -> tuple[int, int]:
    scale = PICTURE_PX / max(width, height)
    return max(1, round(width * scale)), max(1, round(height * scale))


def _blank() -> str:
    """A piece the build does not draw (a sheet's own items) is shown as a plain card."""
    svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" rx="1" fill="#fffdf6" stroke="#1f1a17" stroke-width=".4"/></svg>'
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def page_data(
    resolved: Mapping[str, Any],
    t: Texts,
    pictures: Mapping[str, str],
    aspects: Mapping[str, float],
    store: str,
) -> dict[str, Any]:
    """Everything the page's script reads: the resolved sheet, the words in `t`'s language
    (the sheet's and the page's own), plural categories and the pictures."""
    lang = t.lang
    sheet_texts = resolved["texts"].get(lang) or resolved["texts"]["en"]
    texts = {k: v for k, v in sheet_texts.items() if isinstance(v, str)}
    plurals = {k: v for k, v in sheet_texts.items() if isinstance(v, dict)}
    texts |= {KEYS + key: t.raw(KEYS + key) for key in WORDS}
    groups = {}
    for cid, collection in resolved["pieces"].items():
        try:
            groups[cid] = t.raw(f"{KEYS}group.{cid}")
        except MissingText:
            groups[cid] = collection["what"]
    return {
        "lang": lang,
        "store": store,
        "sheet": resolved,
        "texts": texts,
        "plurals": plurals,
        "plural": [plural_category(lang, n) for n in range(PLURALS_UP_TO + 1)],
        "numbers": resolved["numbers"],
        "pictures": dict(pictures),
        "aspects": dict(aspects),
        "groupTitles": groups,
    }


def _script_json(data: Mapping[str, Any]) -> str:
    """JSON that cannot end its <script> element early, whatever the pack's texts hold."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for raw, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(raw, escaped)
    return text


def render(data: Mapping[str, Any], title: str, rulebook: str | None, look: Look = Look()) -> str:
    """The page as one string; `rulebook` is the file name of the rulebook page beside it, if any."""
    folder = template_dir()
    words = data["texts"]
    colours = f":root{{--ink:{look.ink};--paper:{look.paper};--accent:{look.accent};--stamp:{look.stamp};--rule:#b9a67a;--head:#e2d3ae}}"
    link = f'<a class="button" href="{_e(rulebook)}">{_e(words[KEYS + "rules"])}</a>' if rulebook else ""
    scripts = "\n".join((folder / name).read_text(encoding="utf-8") for name in SCRIPTS)
    return (
        (folder / "page.html")
        .read_text(encoding="utf-8")
        .replace("{{lang}}", _e(data["lang"]))
        .replace("{{title}}", _e(f"{words[KEYS + 'title']} · {title}"))
        .replace("{{heading}}", _e(words[KEYS + "title"]))
        .replace("{{game}}", _e(title))
        .replace("{{rulebook}}", link)
        .replace("{{style}}", colours + (folder / "page.css").read_text(encoding="utf-8"))
        .replace("{{data}}", _script_json(data))
        .replace("{{script}}", scripts.replace("</", "<\\/"))
    )


def _e(text: str) -> str:
    import html

    return html.escape(text, quote=True)


def write(target: Path, text: str) -> None:
    with atomic_path(target) as temp:
        temp.write_text(text, encoding="utf-8")
