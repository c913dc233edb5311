"""Where the shipped pack, templates and fonts are, installed or in a source checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]


def resource_dir(name: str) -> Path:
    """`data`, `templates` or `fonts`: inside the installed package, else at the repo root."""
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {name}/ folder is missing from the installation ({_PACKAGE})")


def default_pack() -> Path:
    return resource_dir("data")


def package_dir() -> Path:
    """The installed package (or the checkout's package folder): never a place for output."""
    return _PACKAGE
