"""Writing a file so that readers see the old file or the whole new one, never half of it."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .safepath import inside


@contextmanager
def atomic_path(target: Path, within: Path | None = None) -> Iterator[Path]:
    """Yields a temporary path beside `target`; renames it onto `target` only if the block succeeds.

    InputError, before anything is made, if `target` is not inside `within` (by default its own
    folder) once every link is followed.
    """
    inside(target.parent if within is None else within, target)
    target.parent.mkdir(parents=True, exist_ok=True)
    # Same directory, so os.replace is a rename on one file system and therefore atomic.
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    os.close(fd)
    temp = Path(name)
    try:
        yield temp
        # mkstemp makes the file private (0600); a built PDF is an ordinary file (umask)
        umask = os.umask(0)
        os.umask(umask)
        temp.chmod(0o666 & ~umask)
        os.replace(temp, target)
    finally:
        temp.unlink(missing_ok=True)
