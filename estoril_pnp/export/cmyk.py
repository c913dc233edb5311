"""Pieces separated for a CMYK press: every colour their operations paint converted from sRGB
through the printer's ICC output profile (Pillow's ImageCms, perceptual intent), then drawn as
ReportLab CMYK colours. An icon drawn in its own colours (a flag) keeps them (README: "Print shops")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path

from PIL import Image, ImageCms
from reportlab.lib.colors import HexColor

from ..errors import Finding, InputError
from ..render.ops import recoloured
from ..render.paint import cmyk
from ..render.piece import Piece


def load_profile(path: Path) -> ImageCms.ImageCmsProfile:
    """The ICC profile at `path`; InputError unless it is a readable CMYK output profile that converts."""
    if not path.is_file():  # a folder is no profile; a FIFO or a device would be read forever
        raise InputError([Finding(path, None, "", "not a file; give an ICC profile (.icc)")])
    try:
        profile = ImageCms.getOpenProfile(str(path))
    except (OSError, ImageCms.PyCMSError) as exc:
        raise InputError([Finding(path, None, "", f"not a readable ICC profile: {exc}")]) from None
    space = profile.profile.xcolor_space.strip()
    if space != "CMYK":
        raise InputError([Finding(path, None, "", f"a {space} profile; --cmyk needs a CMYK output profile")])
    try:  # some profiles load and then fail at their first colour (Ghostscript's gray_to_k.icc)
        _converter(profile)("#000000")
    except (OSError, ImageCms.PyCMSError) as exc:
        raise InputError([Finding(path, None, "", f"cannot convert colours through it: {exc}")]) from None
    return profile


@cache  # one transform per profile, whatever the number of languages
def _converter(profile: ImageCms.ImageCmsProfile) -> Callable[[str], str]:
    """A colour (#rrggbb, sRGB) as the profile's CMYK (ReportLab's colour text)."""
    transform = ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), profile, "RGB", "CMYK", renderingIntent=ImageCms.Intent.PERCEPTUAL
    )

    def convert(value: str) -> str:
        rgb = tuple(round(v * 255) for v in HexColor(value).rgb())
        pixel = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), transform)
        assert pixel is not None  # applyTransform returns a new image unless asked to work in place
        return cmyk(*(v / 255 for v in pixel.getpixel((0, 0))))  # type: ignore[union-attr]

    return cache(convert)  # a set paints a few colours many times


def separated(pieces: Sequence[Piece], profile: ImageCms.ImageCmsProfile) -> list[Piece]:
    """The pieces with every painted colour in the profile's CMYK."""
    convert = _converter(profile)

    def side(ops: tuple | None) -> tuple | None:
        return None if ops is None else tuple(recoloured(op, convert) for op in ops)

    return [replace(p, front=side(p.front) or (), back=side(p.back)) for p in pieces]
