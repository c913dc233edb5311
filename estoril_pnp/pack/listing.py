"""What `list` shows of a pack: the tables its game model offers (City of Spies: characters,
missions, locations), else one table per items file, each item a row and each simple value of its
face a column. Every cell is shown as written, never as markup."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any

from .load import Pack

if TYPE_CHECKING:
    from rich.table import Table

    from ..i18n.catalogs import Texts
    from .items import Item

Listing = Callable[["Texts"], "Table"]


def listings(pack: Pack) -> dict[str, Listing]:
    """The pack's tables by name, in the order they are offered."""
    if pack.model is not None and (offered := pack.model.tables()):
        return dict(offered)
    tables: dict[str, Listing] = {}
    for file, items in pack.items.items():
        path, _, sheet = file.partition("#")
        name = path.rsplit(".", 1)[0] + (f"#{sheet}" if sheet else "")  # ships, or ships#Crew: a workbook's sheet
        tables[name] = partial(items_table, name, items)
    return tables


def items_table(name: str, items: list[Item], t: Texts) -> Table:
    from rich.table import Table

    from ..terminal import plain

    items = [item.in_language(t.lang) for item in items]
    columns = list(dict.fromkeys(key for item in items for key in item.face))
    table = Table(title=plain(name))
    for column in ["id", *columns]:
        table.add_column(plain(column))
    for item in items:
        table.add_row(plain(item.id), *(plain(_cell(item.face.get(c), t)) for c in columns))
    return table


def _cell(value: Any, t: Texts) -> str:
    """A value as a reader checks it: a catalog text in the asked language, a list joined, a block of rows counted."""
    if value is None:
        return ""
    if isinstance(value, Mapping):
        return t(value["key"]) if isinstance(value.get("key"), str) else "…"
    if isinstance(value, list):
        if all(isinstance(v, str | int | float) for v in value):
            return ", ".join(map(str, value))
        return f"{len(value)} ×"
    return str(value)
