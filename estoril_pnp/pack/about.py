"""What each PDF of a pack says of itself, in the language it is written in: the game's name and
the part it holds as its title, the game's designers as its author, what this edition is as its
subject (render/docinfo.py). Every word comes from the pack: `pack.yaml`'s designers and
publisher, and its catalogs' `document.` keys:

    document.game          the game's name in this language (else pack.yaml's title)
    document.subject       what this edition is; may name {publisher}
    document.part.<name>   the name of a part: a component group, `rulebook`, `scorepad`, `calibration`

A part the catalogs do not name is titled with the game's name alone, never with a file name.
"""

from __future__ import annotations

from ..i18n.catalogs import MissingText, Texts
from ..render.docinfo import DocInfo
from .load import Pack

PREFIX = "document."
PARTS = ("rulebook", "scorepad", "calibration")  # a part that is not a component group


def about(pack: Pack, lang: str, part: str) -> DocInfo:
    """The document info of `part` (a component group or one of PARTS) in `lang`."""
    t = pack.texts(lang)
    game = _said(t, PREFIX + "game") or pack.info.title
    name = _said(t, f"{PREFIX}part.{part}")
    subject = _said(t, PREFIX + "subject", publisher=pack.info.publisher or "")
    return DocInfo(f"{game} — {name}" if name else game, lang, tuple(pack.info.designers), subject)


def _said(t: Texts, key: str, **values: object) -> str:
    try:
        return t(key, **values)
    except MissingText:
        return ""
