"""The score page: one self-contained HTML file per language where players at the table tap
the cards in their hands and read the score. It computes from the pack's resolved score sheet
(`scoresheet.resolved`), embedded as JSON, with the small interpreter in
`templates/scorepage/scoring/`; its card pictures are the pieces' own drawings, rasterised.
No network: scripts, styles and pictures are all inside the file.
"""

from __future__ import annotations

import base64
import hashlib
import html
import io
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..files.atomic import atomic_path
from ..files.resources import resource_dir
from ..i18n import markup
from ..i18n.answers import record_words
from ..i18n.catalogs import MissingText, Texts, plural_category
from ..pack.load import Pack
from ..pieces.selection import Picture
from ..render.options import DEFAULT_BLEED
from ..render.piece import Piece
from .images import images
from .raster import PageBox

NAME = "score.html"
PICTURE_PX = 200  # a card's longer side: sharp at twice the ~100 CSS px it is shown at
PLURALS_UP_TO = 200  # plural categories computed here (as the command line's Babel does), beyond: the browser's
# The sheet's interpreter: each file named after the Python module it mirrors, each using only
# those before it.
INTERPRETER = (
    "scoring/forms.js",
    "i18n/folding.js",
    "scoring/sheet.js",
    "scoring/rules.js",
    "scoring/seats.js",
    "scoring/rounds.js",
    "scoring/calc.js",
    "scoring/table.js",
    "scoring/record.js",
    "scoring/ask.js",
)
SCRIPTS = ("record.js", *INTERPRETER, "ui.js")  # the page's script, joined in this order
KEYS = "scorepage."  # the catalogs' section of the page's own words

# The page's own words: catalog keys under `scorepage.` (their placeholders: i18n.CALL_VALUES).
WORDS = (
    "title",
    "rules",
    "link",
    "players",
    "players.hint",
    "players_exact",
    "teams",
    "teams.hint",
    "teams_exact",
    "each_team",
    "name",
    "variants",
    "from_players",
    "hands",
    "each",
    "options",
    "options.hint",
    "chosen",
    "search",
    "remove",
    "nobody",
    "missing",
    "missing.seats",
    "record",
    "record.hint",
    "record.text",
    "record.explain",
    "save",
    "load",
    "load.file",
    "new",
    "new.confirm",
    "refuse.record",
    "refuse.line",
    "refuse.shape",
    "refuse.key",
    "refuse.key_meant",
    "refuse.type",
    "want.number",
    "want.yesno",
    "want.names",
    "want.count",
    "want.name",
    "want.holders",
    "refuse.unknown",
    "refuse.ambiguous",
    "refuse.missing",
    "refuse.off",
    "refuse.players",
    "refuse.players_exact",
    "refuse.teams",
    "refuse.teams_exact",
    "refuse.switch_players",
    "refuse.twice",
    "refuse.most",
    "refuse.count",
    "refuse.too_many",
    "refuse.holder",
    "refuse.list_needed",
    "refuse.except",
    "refuse.number",
    "refuse.only",
    "refuse.members",
    "refuse.members_exact",
    "members",
    "game",
    "lowest",
    "colour",
    # a loaded record's faults: where they are (line, seat) and why a line cannot be read
    "refuse.part",
    "at.line",
    "at.player",
    "at.team",
    "at.nth_player",
    "at.nth_team",
    "fault",
    *(
        f"file.{why}"
        for why in (
            "tab",
            "layout",
            "twice",
            "indentation",
            "quote",
            "after_quote",
            "escape",
            "brackets",
            "after_bracket",
            "signs",
            "large",
        )
    ),
)

ROUND_WORDS = ("want.rounds",)  # the page's words for a sheet with rounds (docs/score-sheet.md, Rounds)


@dataclass(frozen=True)
class Look:
    """The page's colours: the pieces' design's ink and paper, checked for contrast in the browser test."""

    ink: str = "#1f1a17"
    paper: str = "#f3ead3"
    accent: str = "#1c2a43"
    stamp: str = "#9e1b1b"


def template_dir() -> Path:
    return resource_dir("templates") / "scorepage"


def script(names: Sequence[str] = SCRIPTS) -> str:
    """The page's script files joined in one, as the page holds them."""
    return "\n".join((template_dir() / name).read_text(encoding="utf-8") for name in names)


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
            for key in (item["id"], *(f"{item['id']}/{c}" for c in colours)):
                piece = by_key.get(key)
                if piece is not None:
                    wanted[key] = piece
                    aspects.setdefault(cid, round(piece.width / piece.height, 4))
    pictures = [Picture(key, p.group, p.width, p.height, p.front) for key, p in wanted.items()]
    sizes = [_size(p.width, p.height) for p in pictures]
    out = {"": _blank()}
    for picture, image in images(pictures, sizes, PageBox.trim, DEFAULT_BLEED):
        buffer = io.BytesIO()
        # method 2: half the time of the default 4, for pictures some 3 % larger (6: 1.7× the time, 1 % smaller)
        image.save(buffer, "WEBP", quality=82, method=2)
        out[picture.name] = "data:image/webp;base64," + base64.b64encode(buffer.getvalue()).decode()
    return out, aspects


def _size(width: float, height: float) -> tuple[int, int]:
    scale = PICTURE_PX / max(width, height)
    return max(1, round(width * scale)), max(1, round(height * scale))


def _blank() -> str:
    """A piece the build does not draw (a sheet's own items) is shown as a plain card."""
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<rect width="10" height="10" rx="1" fill="#fffdf6" stroke="#1f1a17" stroke-width=".4"/></svg>'
    )
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
    resolved = {**resolved, "texts": _letters(resolved["texts"])}
    sheet_texts = resolved["texts"].get(lang) or resolved["texts"]["en"]
    texts = {k: v for k, v in sheet_texts.items() if isinstance(v, str)}
    plurals = {k: v for k, v in sheet_texts.items() if isinstance(v, dict)}
    texts |= {KEYS + key: _letters(t.raw(KEYS + key)) for key in WORDS}
    if "rounds" in resolved:  # only a sheet with rounds: every other page stays as it was
        texts |= {KEYS + key: _letters(t.raw(KEYS + key)) for key in ROUND_WORDS}
    groups = {}
    own = Texts(t.catalogs, lang)  # a collection's title is the pack's word, never the shipped game's
    for cid, collection in resolved["pieces"].items():
        try:
            groups[cid] = own.raw(f"{KEYS}group.{cid}")
        except MissingText:
            groups[cid] = collection["what"]
    # the words a record may answer a yes/no entry with, as `score` reads them (record.py); only a
    # sheet with such an entry needs them
    yesno = any(e["kind"] == "yesno" for e in resolved["entries"])
    return {
        "lang": lang,
        "store": store,
        "sheet": resolved,
        **({"answers": record_words(t.catalogs)} if yesno else {}),
        "texts": texts,
        "plurals": plurals,
        "plural": [plural_category(lang, n) for n in range(PLURALS_UP_TO + 1)],
        # every number a text may name: the pack's (pack.yaml, the model's) and the sheet's own
        "numbers": {k: v for k, v in {**t.numbers, **resolved["numbers"]}.items() if isinstance(v, int)},
        "pictures": dict(pictures),
        "aspects": dict(aspects),
        "groupTitles": groups,
    }


def _letters(node: Any) -> Any:
    """Texts as the page shows them: a marked text's letters (i18n/markup.py), its bold and italic
    plain and an icon said by its name, so no mark reaches the page and a typed name still meets
    the words it matches; a plain text is left as it is."""
    if isinstance(node, dict):
        return {k: _letters(v) for k, v in node.items()}
    if not isinstance(node, str) or not markup.has_marks(node) or markup.parse(node).is_plain(node):
        return node
    said = (
        s.text if isinstance(s, markup.Run) else "\n" if isinstance(s, markup.Break) else _icon_word(s.name)
        for s in markup.parse(node).spans
    )
    return "".join(said)


def _icon_word(name: str) -> str:
    return name.rpartition("/")[2].rpartition(".")[2].replace("_", " ").replace("-", " ")


def _script_json(data: Mapping[str, Any]) -> str:
    """JSON that cannot end its <script> element early, whatever the pack's texts hold."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for raw in "<>&\u2028\u2029":
        text = text.replace(raw, f"\\u{ord(raw):04x}")
    return text


def render(data: Mapping[str, Any], title: str, rulebook: str | None, look: Look = Look()) -> str:
    """The page as one string; `rulebook` is the file name of the rulebook page beside it, if any."""
    folder = template_dir()
    words = data["texts"]
    palette = f"--ink:{look.ink};--paper:{look.paper};--accent:{look.accent};--stamp:{look.stamp};--rule:#b9a67a"
    link = f'<a class="button" href="{_e(rulebook)}">{_e(words[KEYS + "rules"])}</a>' if rulebook else ""
    scripts = script()
    fills = {
        "lang": _e(data["lang"]),
        "title": _e(f"{words[KEYS + 'title']} · {title}"),
        "heading": _e(words[KEYS + "title"]),
        "game": _e(title),
        "rulebook": link,
        "style": f":root{{{palette};--head:#e2d3ae}}" + (folder / "page.css").read_text(encoding="utf-8"),
        "data": _script_json(data),
        "script": scripts.replace("</", "<\\/"),
    }
    # one pass, so nothing filled in (a pack's text holding "{{script}}") is filled again
    return re.sub(r"\{\{(\w+)\}\}", lambda m: fills[m.group(1)], (folder / "page.html").read_text(encoding="utf-8"))


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def write(target: Path, text: str) -> None:
    with atomic_path(target) as temp:
        temp.write_text(text, encoding="utf-8")


def resolved_sheet(pack: Pack) -> dict[str, Any] | None:
    """The pack's score sheet resolved for a client (docs/score-sheet.md); None if it has none."""
    from ..scoring import sheet as scoresheet

    return None if pack.sheet is None else scoresheet.resolved(pack.sheet, pack.catalogs, pack.shipped())


def make_page(pack: Pack, resolved: Mapping[str, Any], pieces: Sequence[Piece], lang: str, rulebook: str | None) -> str:
    """The whole page of `lang`, its pictures drawn from `pieces` (that language's)."""
    pictures, aspects = page_pictures(resolved, pieces)
    data = page_data(resolved, pack.texts(lang), pictures, aspects, store=store_key(pack, resolved))
    return render(data, pack.info.title, rulebook)


def store_key(pack: Pack, resolved: Mapping[str, Any]) -> str:
    """Where the page keeps its game in the phone: the pack (its folder's name and its sheet), not its
    title, so two packs of one title never share a game and a changed sheet never reads an old one."""
    game = {k: v for k, v in resolved.items() if k not in ("texts", "languages")}
    text = json.dumps([pack.files.root.name, pack.info.title, game], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]
