"""Parsed YAML kept between runs, by content: a file read again with the same bytes is not parsed
again (a pack's catalogs alone cost `score` some 25 ms to parse; an entry loads in a tenth of that).

An entry holds the very bytes it was parsed from and the reader that parsed them, and is used only
when both are those of the read at hand, so no change to a file or to this package can make it
serve stale data. Only a parse that succeeded is kept: every fault is still found by a real parse.
A cache that cannot be read or written only makes reading slower.

Entries live in $ESTORIL_PNP_CACHE (empty: no cache), else $XDG_CACHE_HOME/estoril-pnp/yaml, else
~/.cache/estoril-pnp/yaml; at most MAX_ENTRIES of them, the oldest removed first.

The cache can never change a result, nor touch a file it did not make:
- the folder is made 0700, and is used only if it is a real folder (not a link) of this user that
  no one else can write, holding our CACHEDIR.TAG (written only into a new, empty folder); any
  other folder leaves the cache off, silently, as it is only an optimisation. Every later step
  goes through the folder opened once, so it cannot be swapped for a link after the check;
- an entry is opened without following a link and without blocking, read only if it is a regular
  file of at most MAX_ENTRY bytes;
- an entry starts with a keyed digest (BLAKE2b) of the rest, under a random key kept in the folder
  (0600): an entry this program did not write, forged or damaged, is refused before it is decoded
  (marshal must never decode bytes of unknown origin), and the read is parsed afresh;
- pruning deletes only regular files named as entries are, in a folder holding our tag.
"""

from __future__ import annotations

import marshal
import os
import re
import stat
import sys
import zlib
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

MAX_ENTRIES = 256  # some 25 MiB at most: an entry is a file's bytes and its parse, about twice the file
MAX_ENTRY = 64 * 1024 * 1024  # bytes of one entry; a parse within the limits (document.py) makes some 20 MiB at most
TAG = "CACHEDIR.TAG"
SIGNATURE = b"Signature: 8a477f597d28d172789f06886806bc55"  # https://bford.info/cachedir/
TAG_TEXT = SIGNATURE + b"\n# This folder is a cache of parsed YAML made by estoril-pnp; deleting it is safe.\n"
KEY = "key"
KEY_BYTES = 32
DIGEST_BYTES = 32

# names as patterns, compiled at their first use by re's own cache: a read from the cache needs none
_ENTRY = r"[0-9a-f]{8}-[0-9a-f]{1,6}"  # zlib.crc32 of the bytes, and their length (at most 2 MiB)
_TEMP = r"\.(?:[0-9a-f]{8}-[0-9a-f]{1,6}|key|CACHEDIR\.TAG)\.[0-9a-f]{8}\.tmp"  # ours, half-written
_OPEN = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
# every step is relative to the opened folder, without following links; where the system cannot,
# there is no cache
_SUPPORTED = (
    hasattr(os, "O_NOFOLLOW")
    and hasattr(os, "O_DIRECTORY")
    and hasattr(os, "getuid")
    and {os.open, os.stat, os.link, os.rename, os.unlink} <= os.supports_dir_fd
    and os.listdir in os.supports_fd
)

_opened: dict[Path, tuple[int, bytes]] = {}  # the folders in use by this process: descriptor and key


@cache
def _reader() -> tuple[Any, ...] | None:
    """What a parse depends on besides the bytes: our parser, PyYAML (its version is in its
    __init__; libyaml is there or not), the marshal format. Found without importing PyYAML, which a
    cached read never needs. None, and no cache, where a source cannot be read."""
    spec = find_spec("yaml")  # a top-level package: found, not imported
    if spec is None or spec.origin is None:
        return None
    try:
        ours = Path(__file__).with_name("yamlparse.py").read_bytes()
        theirs = Path(spec.origin)
        version = theirs.read_bytes()
        libyaml = sorted(p.name for p in theirs.parent.glob("_yaml*"))
    except OSError:
        return None
    return (zlib.crc32(ours), len(ours), zlib.crc32(version), tuple(libyaml), sys.version_info[:2])


def folder() -> Path | None:
    given = os.environ.get("ESTORIL_PNP_CACHE")
    if given is not None:
        return Path(given) if given else None
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "estoril-pnp" / "yaml"


def entry_name(raw: bytes) -> str:
    # the name only finds the entry; what it holds decides whether it is used
    return f"{zlib.crc32(raw):08x}-{len(raw):x}"


def get(raw: bytes, aliases: bool) -> tuple[Any, dict[Any, int]] | None:
    """The data and lines parsed from exactly `raw` by this reader, if kept; else None."""
    opened = _open(make=False)
    if opened is None:
        return None
    where, key = opened
    blob = _read(where, entry_name(raw), MAX_ENTRY)
    if blob is None or len(blob) <= DIGEST_BYTES or blob[:DIGEST_BYTES] != _digest(key, blob[DIGEST_BYTES:]):
        # none yet, or not one this program wrote: never decoded. A plain comparison: its time
        # tells nothing to anyone who could use it, since only this user can plant an entry
        return None
    try:
        reader, allowed, source, data, lines = marshal.loads(blob[DIGEST_BYTES:])
    except (EOFError, ValueError, TypeError):  # written by another marshal format
        return None
    if reader != _reader() or allowed != aliases or source != raw:
        return None
    return data, lines


def put(raw: bytes, aliases: bool, data: Any, lines: dict[Any, int]) -> None:
    """Keep the parse of `raw`; quietly nothing if it cannot be kept."""
    opened = _open(make=True)
    if opened is None:
        return
    where, key = opened
    try:
        body = marshal.dumps((_reader(), aliases, raw, data, lines))
    except ValueError:  # a value marshal cannot hold (a YAML date): that file is parsed each time
        return
    if DIGEST_BYTES + len(body) > MAX_ENTRY:
        return
    try:
        _write(where, entry_name(raw), _digest(key, body) + body, replace=True)
        _prune(where)
    except OSError:  # the folder may be gone (deleted under `watch`): looked for anew next time
        for path, (fd, _) in list(_opened.items()):
            if fd == where:
                del _opened[path]
                os.close(fd)


def _digest(key: bytes, body: bytes) -> bytes:
    try:
        # hashlib's own BLAKE2b, without hashlib's import of OpenSSL (3 to 9 ms, more than a
        # cached read of every file of `score` takes)
        from _blake2 import blake2b
    except ImportError:  # a Python without that module
        from hashlib import blake2b

    return blake2b(body, key=key, digest_size=DIGEST_BYTES).digest()


def _open(make: bool) -> tuple[int, bytes] | None:
    """The cache folder, opened, and its key; None if there is no cache, or none we may use. With
    `make`, the folder, its tag and its key are made where missing."""
    try:
        where = folder()
    except RuntimeError:  # no home folder to be found
        return None
    if where is None or not _SUPPORTED or _reader() is None:
        return None
    if where in _opened:
        return _opened[where]
    try:
        fd = _own_folder(where, make)
    except OSError:
        return None
    if fd is None:
        return None
    try:
        key = _key(fd, make)
    except OSError:
        key = None
    if key is None:
        os.close(fd)
        return None
    _opened[where] = (fd, key)
    return fd, key


def _own_folder(where: Path, make: bool) -> int | None:
    """The folder opened without following a link, if it is ours to use; else None."""
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        fd = os.open(where, flags)
    except FileNotFoundError:
        if not make:
            return None
        where.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.mkdir(where, 0o700)
        except FileExistsError:  # made by another process meanwhile: checked as any other
            pass
        fd = os.open(where, flags)
    try:
        info = os.fstat(fd)
        if info.st_uid == os.getuid() and not info.st_mode & 0o022 and _tagged(fd, make):
            return fd
    except OSError:
        pass
    os.close(fd)
    return None


def _tagged(where: int, make: bool) -> bool:
    """Whether the folder holds our CACHEDIR.TAG (the standard signature and our own words: a
    folder another program tagged is not ours either). With `make`, it is written into a folder
    that holds nothing yet (but files half-written by another process making it too)."""
    tag = _read(where, TAG, len(TAG_TEXT))
    if tag is None and make and _only_ours(where):
        _write(where, TAG, TAG_TEXT, replace=False)
        tag = _read(where, TAG, len(TAG_TEXT))
    return tag == TAG_TEXT


def _only_ours(where: int) -> bool:
    return all(re.fullmatch(_TEMP, n) for n in _names(where))


def _key(where: int, make: bool) -> bytes | None:
    """The folder's secret key: a private file of this user, of its exact size; else None."""
    key = _read(where, KEY, KEY_BYTES, private=True)
    if key is None and make:
        try:
            os.stat(KEY, dir_fd=where, follow_symlinks=False)
        except FileNotFoundError:  # none yet: made; but an odd file there is refused, never replaced
            _write(where, KEY, os.urandom(KEY_BYTES), replace=False)
            key = _read(where, KEY, KEY_BYTES, private=True)
    return key if key is not None and len(key) == KEY_BYTES else None


def _read(where: int, name: str, limit: int, private: bool = False) -> bytes | None:
    """A regular file's bytes, if it has at most `limit` of them: a link, a pipe or a device is
    never opened for reading (a FIFO would block, /dev/zero never end). None if it is not there."""
    try:
        fd = os.open(name, _OPEN, dir_fd=where)
    except OSError:  # none; or a link (ELOOP)
        return None
    with open(fd, "rb") as stream:
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
                return None
            if private and (info.st_uid != os.getuid() or info.st_mode & 0o077):
                return None
            data = stream.read(limit + 1)
        except OSError:
            return None
    return data if len(data) <= limit else None


def _write(where: int, name: str, data: bytes, replace: bool) -> None:
    """`name` written whole, never seen half-written: a new private file renamed onto it, or with
    `replace=False` linked to it, so that a file another process made first is kept."""
    temp = f".{name}.{os.urandom(4).hex()}.tmp"
    fd = os.open(temp, _CREATE, 0o600, dir_fd=where)
    try:
        with open(fd, "wb") as stream:
            stream.write(data)
        if replace:
            os.replace(temp, name, src_dir_fd=where, dst_dir_fd=where)
        else:
            try:
                os.link(temp, name, src_dir_fd=where, dst_dir_fd=where, follow_symlinks=False)
            except FileExistsError:
                pass
    finally:
        try:
            os.unlink(temp, dir_fd=where)
        except FileNotFoundError:
            pass


def _names(where: int) -> list[str]:
    # a descriptor of its own: one shared with forked processes would share its position too
    fd = os.open(".", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC, dir_fd=where)
    try:
        return os.listdir(fd)
    finally:
        os.close(fd)


def _prune(where: int) -> None:
    """The oldest entries removed past MAX_ENTRIES: only regular files named as entries are, in a
    folder holding our tag; nothing else is ever deleted."""
    if not _tagged(where, make=False):
        return
    entries = []
    for name in _names(where):
        if re.fullmatch(_ENTRY, name):
            try:
                info = os.stat(name, dir_fd=where, follow_symlinks=False)
            except FileNotFoundError:
                continue
            if stat.S_ISREG(info.st_mode):
                entries.append((info.st_mtime_ns, name))
    entries.sort()
    for _, name in entries[: max(0, len(entries) - MAX_ENTRIES)]:
        try:
            os.unlink(name, dir_fd=where)
        except FileNotFoundError:
            pass
