"""Fonts for tests: the shipped fonts/ if present, else DejaVu standing in under the same names."""

from __future__ import annotations

from pathlib import Path

import pytest

from estoril_pnp.render.fonts import FONTS, register_fonts
from estoril_pnp.resources import resource_dir

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")


def shipped_fonts() -> Path | None:
    try:
        return resource_dir("fonts")
    except FileNotFoundError:
        return None


@pytest.fixture(scope="session", autouse=True)
def fonts(tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = shipped_fonts()
    if folder is None:
        if not DEJAVU.is_dir():
            pytest.skip("neither fonts/ nor DejaVu stand-ins are available")
        folder = tmp_path_factory.mktemp("fonts")
        for name, file in FONTS.items():
            (folder / file).symlink_to(DEJAVU / ("DejaVuSans-Bold.ttf" if "Bold" in name else "DejaVuSans.ttf"))
    register_fonts(folder)
