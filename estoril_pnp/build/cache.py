"""Content keys that let a rebuild skip what has not changed.

Two levels, both cheap next to drawing: a key over every input file of a language's build
(the pack, the layouts, icons and fonts it may use, the options, the tool's version) lets an
unchanged build skip even the layout step; past that, a key per output over the pieces it
holds (their drawing operations already carry every text, value and layout, plus the bytes
of each icon, picture and font they name) redraws only the PDFs whose pieces changed.
Both take each file's hash from `Digests`, which the stamp keeps by file stat: a rebuild reads
only the files that changed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .. import __version__
from ..files.digests import Digests, Entry, entries
from ..files.resources import resource_dir

if TYPE_CHECKING:  # a build with nothing to do keys no output: it loads no drawing operation
    from ..render.piece import Piece

STAMP = ".estoril-pnp-build.json"  # in each output folder: the keys of what it holds


@dataclass(frozen=True)
class Stamp:
    inputs: str = ""
    outputs: dict[str, str] = field(default_factory=dict)  # file name -> its content key
    files: dict[str, Entry] = field(default_factory=dict)  # the input files' hashes by stat (`Digests`)


def _files(folder: Path) -> Iterable[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith("."))


def files_key(pack_root: Path, digests: Digests | None = None) -> str:
    """Every file that can reach a build: any change to one gives another key. `digests`: the
    hashes known from the last build, and where this run's are kept."""
    digest = Digests() if digests is None else digests
    h = hashlib.sha256()
    shipped = resource_dir("data")
    folders = [pack_root, resource_dir("templates"), resource_dir("fonts")]
    if pack_root.resolve() != shipped.resolve():  # the shipped pack's own folder holds these already
        # its icons, and its catalogs: a pack without its own words for the score pad and page takes theirs
        folders += [shipped / "icons", shipped / "i18n"]
    for folder in folders:
        for file in _files(folder):
            h.update(str(file.relative_to(folder)).encode() + b"\0" + digest(file).encode())
    return h.hexdigest()


def inputs_key(files: str, *parts: object) -> str:
    """The key of a language's build: its input files (`files_key`), the options, the tool's version."""
    return value_key(files, *parts)


def output_key(pieces: Sequence[Piece], *parts: object, digests: Digests | None = None) -> str:
    """What decides one PDF: its pieces' operations and the files those name. `digests`: the named
    files' hashes known from the last build or already taken in this run (`files_key`)."""
    from ..render.fonts import font_file  # ReportLab's font registry: loaded only when pieces are drawn
    from ..render.ops import IconOp, ImageOp, TextIcon, TextOp

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
    digest = Digests() if digests is None else digests
    for file in sorted(named):
        h.update(digest(file).encode())
    return h.hexdigest()


def value_key(*parts: object) -> str:
    """The key of an output drawn from plain values alone (their repr is their content)."""
    return hashlib.sha256(f"{__version__}|{parts!r}".encode()).hexdigest()


def shown_key(*parts: object, digests: Digests | None = None) -> str:
    """The key of an output drawn from plain values that show files by their path (a rulebook's
    figures show pieces, with their icons, pictures and fonts): the values, and those files' bytes."""
    h = hashlib.sha256(value_key(*parts).encode())
    digest = Digests() if digests is None else digests
    for file in sorted(_named(parts)):
        h.update(digest(file).encode())
    return h.hexdigest()


def _named(value: object) -> set[Path]:
    """Every icon, picture and font file named anywhere within a value of plain data."""
    from ..render.fonts import font_file
    from ..render.ops import IconOp, ImageOp, TextIcon, TextOp
    from ..rulebook.document import Icon

    out: set[Path] = set()
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, IconOp | TextIcon):
            out.add(Path(item.icon))
        elif isinstance(item, ImageOp):
            out.add(Path(item.image))
        elif isinstance(item, Icon):
            out.add(Path(item.path))
        elif isinstance(item, TextOp):
            out |= {font_file(f) for f in item.faces()}
        if isinstance(item, tuple | list | frozenset | set):
            todo.extend(item)
        elif isinstance(item, dict):
            todo.extend(item.values())
        elif is_dataclass(item) and not isinstance(item, type):
            todo.extend(getattr(item, f.name) for f in fields(item))
    return out


def _stamp(folder: Path) -> Stamp:
    try:
        data = json.loads((folder / STAMP).read_text(encoding="utf-8"))
        outputs = {str(k): str(v) for k, v in data["outputs"].items()}
        return Stamp(str(data["inputs"]), outputs, entries(data.get("files")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return Stamp()


def read_stamp(folder: Path) -> Stamp:
    """The keys of what a folder holds; an unreadable or foreign stamp means: rebuild."""
    stamp = _stamp(folder)
    # a stamp is only believed for files that are still there
    kept = {name: key for name, key in stamp.outputs.items() if (folder / name).is_file()}
    return Stamp(stamp.inputs, kept, stamp.files)


def whole(folder: Path) -> Stamp | None:
    """A folder's stamp when every file it lists is still there; else None."""
    stamp = _stamp(folder)
    return stamp if stamp.outputs and all((folder / name).is_file() for name in stamp.outputs) else None


def stamp_text(stamp: Stamp) -> str:
    files = {name: list(entry) for name, entry in stamp.files.items()}
    return json.dumps({"inputs": stamp.inputs, "outputs": stamp.outputs, "files": files}, indent=1, sort_keys=True)


def known_files(stamps: Iterable[Stamp | None]) -> Digests:
    """The file hashes the stamps of a build's folders keep, for this run to start from."""
    known: dict[str, Entry] = {}
    for stamp in stamps:
        if stamp is not None:
            known |= stamp.files
    return Digests(known)
