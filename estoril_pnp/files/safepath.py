"""The last guard before a file is written: its place, with every link followed, lies inside the
folder its writer writes to. Ids are checked where a pack is read (source/names.py); this holds
whatever that check let through, for every writer alike."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import Finding, InputError


def inside(folder: Path, target: Path) -> Path:
    """`target`, or InputError unless it lies inside `folder` once `..` and every link are followed.

    The last part is not followed: a file is written by renaming onto it, which replaces a
    link rather than writing through it.
    """
    top = Path(os.path.realpath(folder))
    where = Path(os.path.realpath(target.parent)) / target.name
    if target.name in ("", ".", "..") or top not in where.parents:
        raise InputError([Finding(target, None, "", f"refused: it would be written outside {folder}")])
    return target
