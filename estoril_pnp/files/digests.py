"""Each input file's hash, kept with the stat stamp it was taken under, so that a rebuild reads
only the files that changed (as make and git do): 57 MB of pictures are not read again to find
that nothing changed.

A stamp is the file's size, mtime, inode and ctime, in nanoseconds. Any write to a file, and
any `os.utime` putting an old mtime back, sets its ctime to now, so a file replaced by one of
the same size within the same mtime tick still gets a new stamp. A file written so recently
that a later write could share its clock tick (as git's "racy" entries) is hashed again next
time rather than trusted.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Mapping
from pathlib import Path

Entry = tuple[int, int, int, int, str]  # size, mtime_ns, inode, ctime_ns; the file's sha256

# A file changed less than this before it was looked at is not kept: the coarsest clock a file
# system may stamp with (FAT's two seconds) cannot then give two writes the same stamp.
RACY_NS = 2_000_000_000


class Digests:
    """sha256 of files by path; `known` are the entries kept by the last build (`record`)."""

    def __init__(self, known: Mapping[str, Entry] | None = None) -> None:
        self._known = dict(known or {})
        self._seen: dict[str, Entry] = {}
        self._racy: set[str] = set()

    def __call__(self, file: Path) -> str:
        name = os.path.abspath(file)
        before = time.time_ns()
        st = os.stat(file)
        stamp = (st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns)
        for entry in (self._seen.get(name), self._known.get(name)):
            if entry is not None and entry[:4] == stamp:
                self._seen[name] = entry
                return entry[4]
        # stat before reading: a write during the read leaves a newer stamp than the one kept
        digest = hashlib.sha256(Path(file).read_bytes()).hexdigest()
        self._seen[name] = (*stamp, digest)
        if max(st.st_mtime_ns, st.st_ctime_ns) > before - RACY_NS:
            self._racy.add(name)
        else:
            self._racy.discard(name)
        return digest

    def record(self) -> dict[str, Entry]:
        """The entries to keep for the next build: every file looked at, but those changed just now."""
        return {name: entry for name, entry in sorted(self._seen.items()) if name not in self._racy}


def entries(data: object) -> dict[str, Entry]:
    """The entries of a stored record; anything malformed is left out (that file is hashed again)."""
    if not isinstance(data, dict):
        return {}
    out: dict[str, Entry] = {}
    for name, entry in data.items():
        if (
            isinstance(name, str)
            and isinstance(entry, list)
            and len(entry) == 5
            and all(type(n) is int for n in entry[:4])
            and isinstance(entry[4], str)
        ):
            out[name] = (entry[0], entry[1], entry[2], entry[3], entry[4])
    return out
