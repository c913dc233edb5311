"""Reading a sheet, stage 1: `pieces:`, its collections of pieces, written out or taken from the
game model; and the checks of a name of a collection or of a piece that later stages make."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import written
from ...source.yamlsrc import Located, Path_
from .checks import Checks, as_words
from .keys import MAX_ITEMS, ONCE, RGB, SHAPES
from .model import Collection, Piece


class PiecesReader(Checks):
    """The sheet's collections (`collections`), read first: everything else names them."""

    def __init__(self, src: Located, numbers: Mapping[str, int], pieces: Mapping[str, tuple[Piece, ...]] | None):
        super().__init__(src, numbers)
        self.model_pieces = pieces
        self.collections: dict[str, Collection] = {}

    def read_pieces(self, value: Any) -> None:
        if not isinstance(value, dict):
            self.fault(("pieces",), "must be a mapping of collection names to collections")
            return
        for name, raw in value.items():
            at: Path_ = ("pieces", name)
            if not self.ident(name, at):
                continue
            allowed = {"from": False, "items": False, "once": False, "what": False, "many": False}
            spec = self.keys(raw, at, allowed, "a collection")
            if spec is None:
                self.refused(name)
                continue
            once = spec.get("once", "game")
            if once not in ONCE:
                self.fault((*at, "once"), f"must be one of {', '.join(ONCE)} (got {written(once)})")
            what = spec.get("what", name.removesuffix("s").replace("_", " "))
            if not isinstance(what, str) or not 0 < len(what) <= 60:
                self.fault((*at, "what"), f"must be a short noun (got {written(what)})")
            many = self.words(spec.get("many", f"{what}s"), (*at, "many"))
            if ("from" in spec) == ("items" in spec):
                self.fault(at, "give either 'from: model' or 'items:'")
                self.refused(name)
                continue
            if "from" in spec:
                items = self.model_collection(name, spec["from"], (*at, "from"))
            else:
                items = self.items(name, spec["items"], (*at, "items"))
            if items is not None:
                self.collections[name] = Collection(name, once, str(what), items, many)
            else:
                self.refused(name)
        colours = self.collections.get("colours")
        for i, piece in enumerate(colours.items if colours else ()):
            if piece.fields.get("shape") not in SHAPES or not RGB.fullmatch(str(piece.fields.get("rgb"))):
                where = (
                    ("pieces", "colours", "items", i) if "items" in value.get("colours", {}) else ("pieces", "colours")
                )
                self.fault(where, f"colour {piece.id!r} needs fields shape ({', '.join(SHAPES)}) and rgb (#rrggbb)")

    def model_collection(self, name: str, source: Any, at: Path_) -> tuple[Piece, ...] | None:
        if source != "model":
            self.fault(at, f"must be 'model' (got {written(source)})")
            return None
        if self.model_pieces is None:
            self.fault(at, "this pack has no game model to take pieces from; write them as items")
            return None
        if name not in self.model_pieces:
            self.fault(at, f"the game model has no pieces called {name!r}; it has {', '.join(self.model_pieces)}")
            return None
        return self.model_pieces[name]

    def items(self, collection: str, value: Any, at: Path_) -> tuple[Piece, ...] | None:
        raw = self.listed(value, at, "pieces")
        if not self.short(raw, at, "pieces", MAX_ITEMS):
            return None
        out: list[Piece] = []
        names: set[str] | None = None
        allowed = {"id": True, "name": False, "fields": False, "symbols": False}
        for i, item in enumerate(raw):
            spec = self.keys(item, (*at, i), allowed, "a piece")
            if spec is None:
                continue
            ident = self.ident(spec["id"], (*at, i, "id"))
            name, key = self.piece_name(spec.get("name"), (*at, i, "name"))
            fields = spec.get("fields", {})
            if not isinstance(fields, dict) or not all(
                self.ident(k, (*at, i, "fields", k))
                and (isinstance(v, str) or self.field_number(v, (*at, i, "fields", k)) is not None)
                for k, v in fields.items()
            ):
                if not isinstance(fields, dict):
                    self.fault((*at, i, "fields"), "must be a mapping of field names to numbers or texts")
                continue
            if names is not None and set(fields) != names:
                self.fault((*at, i, "fields"), f"every piece of {collection!r} needs the same fields: {sorted(names)}")
            names = set(fields) if names is None else names
            symbols = self.listed(spec.get("symbols", []), (*at, i, "symbols"), "symbols")
            if ident and all(self.ident(s, (*at, i, "symbols", j)) for j, s in enumerate(symbols)):
                if collection == "colours":  # named by the engine's words for it, else by its id
                    key = f"colour.{ident}"
                    self.unwritten[key] = as_words(ident)
                out.append(Piece(ident, collection, name or ident, key, dict(fields), tuple(symbols)))
        seen: set[str] = set()
        for i, piece in enumerate(out):
            if piece.id in seen:
                self.fault((*at, i, "id"), f"piece {piece.id!r} is listed twice")
            seen.add(piece.id)
        return tuple(out)

    def piece_name(self, value: Any, at: Path_) -> tuple[str | None, str | None]:
        if value is None:
            return None, None
        if isinstance(value, str) and 0 < len(value) <= 100:
            return value, None
        if isinstance(value, dict) and set(value) == {"key"}:
            return None, self.key(value["key"], (*at, "key"))
        self.fault(at, f"must be a printed name or {{key: catalog key}} (got {written(value)})")
        return None, None

    def collection(self, name: Any, at: Path_) -> bool:
        if isinstance(name, str) and name in self.collections:
            return True
        known = ", ".join(self.collections)
        self.dangling(at, name, f"unknown collection {written(name)}; the sheet's pieces: {known}")
        return False

    def piece(self, collections: list[str], ident: Any, at: Path_) -> bool:
        if isinstance(ident, str) and any(ident in self.collections[c].by_id for c in collections):
            return True
        if collections:  # else the collection named is unknown, a fault already
            self.fault(at, f"unknown piece {written(ident)} in {', '.join(collections)}")
        return False
