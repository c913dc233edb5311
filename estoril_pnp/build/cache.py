"""Content keys that let a rebuild skip what has not changed.

Two levels, both cheap next to drawing: a key over every input file of a language's build
(the pack, the layouts, icons and fonts it may use, the options, the tool's version) lets an
unchanged build skip even the layout step; past that, a key per output over the pieces it
holds (their drawing operations already carry every text, value and layout, plus the bytes
of each icon, picture and font they name) redraws only the PDFs whose pieces changed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__
from ..files.resources import resource_dir
from ..render.ops import IconOp, ImageOp, TextIcon, TextOp
from ..render.piece import Piece

STAMP = ".estoril-pnp-build.json"  # in each output folder: the keys of what it holds


@dataclass(frozen=True)
class Stamp:
    inputs: str = ""
    outputs: dict[str, str] = field(default_factory=dict)  # file name -> its content key


def _files(folder: Path) -> Iterable[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith("."))


def files_key(pack_root: Path) -> str:
    """Every file that can reach a build: any change to one gives another key."""
    h = hashlib.sha256()
    shipped = resource_dir("data")
    folders = [pack_root, resource_dir("templates"), resource_dir("fonts")]
    if pack_root.resolve() != shipped.resolve():  # the shipped pack's own folder holds these already
        # its icons, and its catalogs: a pack without its own words for the score pad and page takes theirs
        folders += [shipped / "icons", shipped / "i18n"]
    for folder in folders:
        for file in _files(folder):
            h.update(str(file.relative_to(folder)).encode() + b"\0" + _digest(file).encode())
    return h.hexdigest()


def inputs_key(files: str, *parts: object) -> str:
    """The key of a language's build: its input files (`files_key`), the options, the tool's version."""
    return value_key(files, *parts)


def output_key(pieces: Sequence[Piece], *parts: object, digests: dict[Path, str] | None = None) -> str:
    """What decides one PDF: its pieces' operations and the files those name. `digests`: the named
    files' hashes already taken in this run, for a caller keying many outputs at once (watch)."""
    from ..render.fonts import font_file  # ReportLab's font registry: loaded only when pieces are drawn

    h = hashlib.sha256(f"{__version__}|{parts!r}".encode())
    named: set[Path] = set()
    for piece in pieces:
        h.update(repr(piece).encode())
        for ops in (piece.front, piece.back or ()):
            named |= {Path(op.icon) for op in ops if isinstance(op, IconOp)}
            named |= {Path(op.image) for op in ops if isinstance(op, ImageOp)}
            named |= {font_file(f) for op in ops if isinstance(op, TextOp) for f in op.faces()}
            named |= {
                Path(s.icon)
                for op in ops
                if isinstance(op, TextOp)
                for line in op.spans
                for s in line
                if isinstance(s, TextIcon)
            }
    known = {} if digests is None else digests
    for file in sorted(named):
        if file not in known:
            known[file] = _digest(file)
        h.update(known[file].encode())
    return h.hexdigest()


def value_key(*parts: object) -> str:
    """The key of an output drawn from plain values alone (their repr is their content)."""
    return hashlib.sha256(f"{__version__}|{parts!r}".encode()).hexdigest()


def _digest(file: Path) -> str:
    return hashlib.sha256(file.read_bytes()).hexdigest()


def _stamp(folder: Path) -> Stamp:
    try:
        data = json.loads((folder / STAMP).read_text(encoding="utf-8"))
        return Stamp(str(data["inputs"]), {str(k): str(v) for k, v in data["outputs"].items()})
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return Stamp()


def read_stamp(folder: Path) -> Stamp:
    """The keys of what a folder holds; an unreadable or foreign stamp means: rebuild."""
    stamp = _stamp(folder)
    # a stamp is only believed for files that are still there
    return Stamp(stamp.inputs, {name: key for name, key in stamp.outputs.items() if (folder / name).is_file()})


def whole(folder: Path) -> Stamp | None:
    """A folder's stamp when every file it lists is still there; else None."""
    stamp = _stamp(folder)
    return stamp if stamp.outputs and all((folder / name).is_file() for name in stamp.outputs) else None


def stamp_text(stamp: Stamp) -> str:
    return json.dumps({"inputs": stamp.inputs, "outputs": stamp.outputs}, indent=1, sort_keys=True)
