"""Items: one thing to print each, with its id and the values of its sides; and a pack's own
YAML files of items, read once when the pack is read, so a bad id stops every command."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import Finding, InputError
from ..source import names, yamlsrc
from ..source.packfiles import PackFiles
from .manifest import Manifest

Values = dict[str, Any]  # layout element name -> its value for one piece
ITEM_FILES = (".yaml", ".yml")


@dataclass(frozen=True)
class Item:
    """One thing to print: its id, the values of its face and of its own second side."""

    id: str
    face: Values
    reverse: Values = field(default_factory=dict)
    # where the item is written (its file and place in it), for findings about its values
    src: yamlsrc.Located | None = field(default=None, compare=False, repr=False)
    index: int = field(default=0, compare=False, repr=False)

    def where(self, side: str, element: str) -> Finding | None:
        """The file, line and key of one of its values (`face`'s `art`), for a finding about it."""
        return None if self.src is None else self.src.finding((self.index, side, element), "")


def read_item_files(files: PackFiles, manifest: Manifest) -> tuple[dict[str, list[Item]], list[Finding]]:
    """Every items file the manifest names, by its name; and every fault in them."""
    out: dict[str, list[Item]] = {}
    findings: list[Finding] = []
    for source in dict.fromkeys(kind.items for kind in manifest.pieces.values()):
        if source.endswith(ITEM_FILES):
            try:
                out[source] = read_items(files, source)
            except InputError as exc:
                findings += exc.findings
    return out, findings


def read_items(files: PackFiles, name: str) -> list[Item]:
    """A pack's own list of items: each `{id, face: {element: value}, reverse: {…}}`."""
    src = yamlsrc.read(files.path(name))
    if not isinstance(src.data, list):
        raise InputError([src.finding((), "an items file is a list of items")])
    items, problems = [], []
    for i, entry in enumerate(src.data):
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str | int):
            problems.append(src.finding((i,), "an item is a mapping with an id"))
            continue
        bad_id = names.problem(str(entry["id"]))
        if bad_id:
            problems.append(src.finding((i, "id"), bad_id))
        unknown = set(entry) - {"id", "face", "reverse"}
        for key in sorted(unknown):
            problems.append(src.finding((i, key), "unknown key; an item has id, face and reverse"))
        sides = {side: entry.get(side) or {} for side in ("face", "reverse")}
        for side, values in sides.items():
            if not isinstance(values, dict):
                problems.append(src.finding((i, side), "expected a mapping of element names to values"))
        if not unknown and not bad_id and all(isinstance(v, dict) for v in sides.values()):
            items.append(Item(str(entry["id"]), sides["face"], sides["reverse"], src, i))
    if problems:
        raise InputError(problems)
    return items
