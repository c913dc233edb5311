"""What any pack's rulebook template may state, as plain data: the pack's title and numbers,
what it prints and how many, and the items of its item files as written (in the language).

Only mappings, lists, texts and numbers reach the template (it is untrusted input), so
nothing it is given leads back into the program.
"""

from __future__ import annotations

from typing import Any

from ..pack.load import Pack


def facts(pack: Pack, lang: str) -> dict[str, Any]:
    components, items = [], {}
    for name, kind in pack.manifest.pieces.items():
        own = pack.items.get(kind.items)  # None: the model makes this kind's items
        if own is not None:
            shown = [i.in_language(lang) for i in own]  # a spreadsheet's NAME@LANG columns
            items[name] = [{"id": i.id, "face": i.face, "reverse": i.reverse} for i in shown]
        count = len(own) if own is not None else None
        components.append(
            {
                "id": name,
                "group": kind.group,
                "width": kind.width,
                "height": kind.height,
                "copies": kind.copies,
                "items": count,
                "count": None if count is None else count * kind.copies,
            }
        )
    return {
        "lang": lang,
        "title": pack.info.title,
        "numbers": pack.numbers(),
        "components": components,
        "items": items,
    }
