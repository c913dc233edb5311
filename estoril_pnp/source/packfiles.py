"""A pack's files: looked up in the pack first and in the shipped defaults second.

A pack is untrusted input, so no name in it may reach outside its folder: a relative name
with `..`, an absolute path, or a link that leaves the pack is a finding, never a read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ..errors import Finding, InputError
from ..files.resources import resource_dir

# kind of file -> (folder in a pack, shipped folder it falls back to)
# turns a message into a finding at the place that named the file (file, line, key)
Locate = Callable[[str], Finding]

KINDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "icon": ("icons", ("data", "icons")),
    "image": ("images", ()),  # a game's own art: nothing shipped to fall back on
    "layouts": ("layouts", ("templates", "layouts")),
    "font": ("fonts", ("fonts",)),
}


@dataclass(frozen=True)
class PackFiles:
    root: Path  # the pack directory

    def path(self, name: str) -> Path:
        """A file the pack itself holds (e.g. `game.yaml`), checked to stay inside it."""
        return _inside(self.root, name, self._at(name))

    def find(self, kind: str, name: str, locate: Locate | None = None) -> Path:
        """An icon, picture, layout file or font: the pack's own if it has one, else the shipped one."""
        folder, shipped = KINDS[kind]
        locate = locate or self._at(name)
        _inside(self.root, name, locate)  # the name itself must not climb out or be absolute
        own = _inside(self.root, f"{folder}/{name}", locate)
        if own.exists():
            return own
        if not shipped:
            raise InputError([locate(f"{kind} file '{name}' not found in the pack's {folder}/ folder")])
        fallback = resource_dir(shipped[0]).joinpath(*shipped[1:], name)
        if ".." not in PurePosixPath(name).parts and fallback.is_file():
            return fallback
        raise InputError([locate(f"{kind} file '{name}' not found in the pack or the shipped defaults")])

    def _at(self, name: str) -> Locate:
        return lambda message: Finding(self.root / name, None, "", message)

    def layout_files(self) -> list[Path]:
        """The shipped layout files, then the pack's own: a pack's layout replaces the shipped one of its name."""
        shipped = sorted(resource_dir("templates").joinpath("layouts").glob("*.yaml"))
        return shipped + self.listing("layouts")

    def listing(self, folder: str) -> list[Path]:
        """The pack's own `*.yaml` files in a folder, each checked to stay inside the pack."""
        own = self.path(folder)
        names = sorted(p.name for p in own.glob("*.yaml")) if own.is_dir() else []
        return [self.path(f"{folder}/{name}") for name in names]


def _inside(root: Path, name: str, locate: Locate) -> Path:
    """root/name, refused unless it stays inside root once every link is followed."""

    def refuse(why: str) -> InputError:
        return InputError([locate(f"'{name}' {why}: a pack may only use its own files")])

    if not isinstance(name, str) or not name or "\\" in name or "\0" in name:
        raise refuse("is not a file name")
    pure = PurePosixPath(name)
    if pure.is_absolute() or name.startswith("~"):
        raise refuse("is an absolute path")
    if ".." in pure.parts:
        raise refuse("climbs out of the pack with '..'")
    path = root.joinpath(*pure.parts)
    try:
        real, top = path.resolve(), root.resolve()
    except (OSError, RuntimeError):  # a link loop
        raise refuse("is a broken or looping link") from None
    if real != top and top not in real.parents:
        # the fault is the link itself, however many places name it
        raise InputError([Finding(path, None, "", "is a link that leaves the pack: a pack may only use its own files")])
    return path
