"""The markup of a pack's catalogs (i18n/markup.py), checked where it is written.

A fault (a bold never closed, a bracket that names no icon of the layouts) is an error at the
catalog's file, line and key, in its language. A translation that drops an icon or a bold word
the English has is a warning: the card would say less than the English one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

from ..errors import Finding, InputError
from ..i18n import catalogs as i18n
from ..i18n import markup
from ..render.layout import Design
from ..render.resolve import unknown_icon
from ..source import yamlsrc
from .load import Pack


def marks(text: str) -> str:
    """What a translator must keep of a text's markup, in its own syntax: its icons and bold words."""
    parsed = markup.parse(text)
    return " ".join([f"[{name}]" for name in parsed.icons] + [f"**{word}**" for word in parsed.bold])


def dropped(english: str, text: str) -> str:
    """What the translation `text` leaves out of the English's icons and bold words ("" if nothing)."""
    if not (markup.has_marks(english) and not markup.parse(english).is_plain(english)):
        return ""
    want, have = markup.parse(english), markup.parse(text)
    lost = Counter(want.icons) - Counter(have.icons)
    out = [f"[{name}]" for name in sorted(lost.elements())]
    missing_bold = len(want.bold) - len(have.bold)
    if missing_bold > 0:
        words = ", ".join(f"**{w}**" for w in want.bold)
        out.append(f"{missing_bold} of the bold words ({words})")
    return " and ".join(out)


def icon_known(design: Design, name: str) -> bool:
    icon = name if "/" in name else design.icons.get(name)
    if not icon:
        return False
    try:
        design.icon_file(icon)
    except InputError:
        return False
    return True


def check(pack: Pack, design: Design) -> list[Finding]:
    """Every catalog text's markup faults (errors) and what each translation drops (warnings)."""
    root = pack.files.root / "i18n"
    english = pack.catalogs.get(i18n.FALLBACK, {})
    out: list[Finding] = []
    for lang, catalog in sorted(pack.catalogs.items()):
        file = root / f"{lang}.yaml"
        line = _lines(file)
        for key, text in catalog.items():
            if markup.has_marks(text):
                parsed = markup.parse(text)
                unknown = [name for name in dict.fromkeys(parsed.icons) if not icon_known(design, name)]
                messages = [*parsed.faults, *(unknown_icon(design, name) for name in unknown)]
                out += [Finding(file, line(key), key, f"{m} [{lang}]") for m in messages]
            lost = dropped(english.get(key, ""), text) if lang != i18n.FALLBACK and text.strip() else ""
            if lost:
                message = f"the English shows {marks(english[key])}; this translation drops {lost} [{lang}]"
                out.append(Finding(file, line(key), key, message, "warning"))
    return out


def _lines(file: Path) -> Callable[[str], int | None]:
    """The line of a dotted catalog key in its file (a leaf may itself hold dots); the file is read
    again only for a catalog that has a finding."""
    src: yamlsrc.Located | None = None

    def line(key: str) -> int | None:
        nonlocal src
        if src is None:
            try:
                src = yamlsrc.read(file)
            except InputError:
                return None
        return _line(src, key)

    return line


def _line(src: yamlsrc.Located, key: str) -> int | None:
    parts = key.split(".")
    for cut in range(len(parts), 0, -1):
        path = (*parts[: cut - 1], ".".join(parts[cut - 1 :]))
        if path in src.lines:
            return src.lines[path]
    return src.line(tuple(parts))
