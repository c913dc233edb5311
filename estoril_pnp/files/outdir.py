"""Writing a whole output folder all or nothing, and one writer at a time.

    with output_folder(out / lang / paper, forbidden=[pack_dir, package_dir]) as staging:
        ...write every file under `staging`...

The files go to a staging folder beside the target. When the block succeeds, the target is
renamed aside, the staging folder renamed in, and the old set renamed to a trash name and
deleted. Renames within one folder are atomic, so a kill at any moment leaves the target
holding the whole previous set or the whole new set; the next run puts an old set back if
a kill came between the two renames, and deletes every leftover. An exclusive lock beside
the target stops a second writer, instead of mixing two sets.
"""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import Finding, InputError

MARK = ".estoril-pnp-output"  # in every set we write: a folder without it is not ours to replace


def _no_pause(step: str) -> None:
    """Called at each step of the swap; tests replace it to kill the process right there."""


_step: Callable[[str], None] = _no_pause


def _names(target: Path) -> dict[str, Path]:
    """The hidden names beside `target`: all in its parent, so every rename stays on one file system."""
    parent, name = target.parent, target.name
    return {
        "lock": parent / f".{name}.lock",
        "staging": parent / f".{name}.staging",
        "aside": parent / f".{name}.aside",
        "trash": parent / f".{name}.trash",
    }


@contextmanager
def output_folder(target: Path, forbidden: Iterable[Path] = ()) -> Iterator[Path]:
    """An empty staging folder; on success the files written there become `target`, all at once.

    InputError if `target` is inside (or holds) a forbidden folder, is a file, is a folder
    of something else, or another process is writing it.
    """
    target = target.resolve()
    refuse_inside(target, forbidden)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError([Finding(target, None, "", f"cannot create the folder: {exc.strerror or exc}")]) from None
    with _locked(target):
        recover(target)
        _refuse_foreign(target)
        staging = _names(target)["staging"]
        staging.mkdir()
        try:
            _step("staged")
            yield staging
            (staging / MARK).write_text("written by estoril-pnp; the whole folder is replaced by the next build\n")
            _step("written")
            _swap(staging, target)
        finally:
            shutil.rmtree(staging, ignore_errors=True)  # only left if the block failed


def _swap(staging: Path, target: Path) -> None:
    names = _names(target)
    if target.exists():
        os.rename(target, names["aside"])
        _step("aside")
    os.rename(staging, target)
    _step("swapped")
    if names["aside"].exists():
        # renamed before it is deleted: a half-deleted old set never goes by a name recover() restores
        os.rename(names["aside"], names["trash"])
        _step("trashed")
        shutil.rmtree(names["trash"])
    _step("done")


def recover(target: Path) -> None:
    """After a kill: the old set back if the new one never arrived, and every leftover deleted."""
    names = _names(target)
    if not target.exists() and names["aside"].is_dir():
        os.rename(names["aside"], target)
    for leftover in ("staging", "aside", "trash"):
        if names[leftover].is_dir():
            shutil.rmtree(names[leftover])
    if target.is_dir():
        for temp in target.rglob(".*.tmp"):  # half-written files of atomic_path, from older builds
            temp.unlink(missing_ok=True)


def refuse_inside(target: Path, forbidden: Iterable[Path]) -> None:
    """InputError if `target` is a forbidden folder, lies inside one, or holds one (replacing it would delete it)."""
    target = target.resolve()
    for folder in (f.resolve() for f in forbidden):
        if target == folder or folder in target.parents or target in folder.parents:
            raise InputError([Finding(target, None, "", f"cannot write output here: it would overlap {folder}")])


def _refuse_foreign(target: Path) -> None:
    """Only a set we wrote, or a folder of PDFs from an older build, is ever replaced (and so deleted)."""
    if not target.exists():
        return
    if not target.is_dir():
        raise InputError([Finding(target, None, "", "is a file; the output must be a folder")])
    entries = list(target.iterdir())
    ours = any(e.name == MARK for e in entries) or all(e.is_file() and e.suffix == ".pdf" for e in entries)
    if not ours:
        message = "holds files estoril-pnp did not write; choose an empty or new folder (the whole folder is replaced)"
        raise InputError([Finding(target, None, "", message)])


@contextmanager
def _locked(target: Path) -> Iterator[None]:
    """An exclusive lock on a file beside `target`; the kernel drops it when the process ends, however."""
    path = _names(target)["lock"]
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise InputError([Finding(path, None, "", f"cannot create the lock file: {exc.strerror or exc}")]) from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            message = f"another build is writing {target}; wait for it to finish, or choose another --out"
            raise InputError([Finding(target, None, "", message)]) from None
        yield
    finally:
        os.close(fd)  # closing releases the lock; the file stays, so a waiting writer locks the same file
