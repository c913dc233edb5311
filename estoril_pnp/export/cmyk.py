"""Pieces separated for a CMYK press: every colour their operations paint converted from sRGB
through the printer's ICC output profile (Pillow's ImageCms, perceptual intent), then drawn as
ReportLab CMYK colours. An icon drawn in its own colours (a flag) and a picture are drawn in RGB,
and separated by the same converter and rules in the written PDF (export/pdfcmyk.py).

Two rules of prepress follow the conversion. Near-black type, icons and thin lines (under 2 pt)
become black ink alone, 0/0/0/100, which overprints (render/paint.py): four plates cannot register
on a 9 pt letter. Every other colour keeps its total ink (C+M+Y+K) within the shop's limit: its
cyan, magenta and yellow scaled down together, black kept, so a large dark fill stays a rich black.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from PIL import Image, ImageCms
from reportlab.lib.colors import HexColor

from ..errors import Finding, InputError
from ..render.ops import GridOp, IconOp, LineOp, Op, RectOp, ShapeOp, TextOp, recoloured
from ..render.paint import CMYK, K_ONLY, cmyk
from ..render.piece import Piece


@dataclass(frozen=True)
class Separation:
    """How a build's colours go to CMYK: the output profile (its file, embedded as the PDF's output
    intent) and the limit on total ink, percent."""

    path: Path
    profile: ImageCms.ImageCmsProfile
    limit: float

    @property
    def description(self) -> str:
        return (self.profile.profile.profile_description or self.path.name).strip()


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


# Near-black: no sRGB channel above 20 % (0x33) and the three within 0x10 of each other, a grey
# or a warm or cool black (the shipped palettes' `ink`, #1f1a17) but no dark colour (`navy`, #1c2a43).
NEAR_BLACK = 0x33
NEUTRAL = 0x10
THIN = 2 * 25.4 / 72  # mm: a line under 2 pt is a hairline to a press, printed in one ink
INK_LIMITS = (100, 400)  # percent: under 100 no solid black prints; 400 is every plate solid, no limit


def near_black(value: str) -> bool:
    """Whether an sRGB colour (#rrggbb) is black to a reader (see NEAR_BLACK)."""
    rgb = [round(v * 255) for v in HexColor(value).rgb()]
    return max(rgb) <= NEAR_BLACK and max(rgb) - min(rgb) <= NEUTRAL


def check_ink_limit(limit: float) -> list[Finding]:
    low, high = INK_LIMITS
    if low <= limit <= high:
        return []
    return [Finding("--ink-limit", None, "", f"must be between {low} and {high} % (got {limit:g})")]


def capped(value: str, limit: float) -> str:
    """A CMYK colour (render/paint.py) whose total ink is at most `limit` percent: its cyan, magenta
    and yellow scaled down together, its black kept."""
    c, m, y, k = (float(v) for v in value.removeprefix(CMYK).rstrip(")").split(","))
    room, chroma = limit / 100 - k, c + m + y
    if chroma <= room + 1e-9:
        return value
    scale = max(room, 0.0) / chroma
    return cmyk(c * scale, m * scale, y * scale, min(k, limit / 100))


def separated(pieces: Sequence[Piece], profile: ImageCms.ImageCmsProfile, limit: float) -> list[Piece]:
    """The pieces with every painted colour in the profile's CMYK: near-black type, icons and thin
    lines in black ink alone, every other colour within `limit` percent of total ink."""
    convert = _converter(profile)

    def rich(value: str) -> str:
        return capped(convert(value), limit)

    def ink(value: str) -> str:
        return K_ONLY if near_black(value) else rich(value)

    def opt(paint: Callable[[str], str], value: str | None) -> str | None:
        return None if value is None else paint(value)

    def one(op: Op) -> Op:
        if isinstance(op, TextOp | IconOp):
            return recoloured(op, ink)
        if isinstance(op, LineOp):
            return recoloured(op, ink if op.width < THIN else rich)
        if isinstance(op, RectOp | ShapeOp | GridOp):
            stroke = ink if op.width < THIN else rich
            fill = ink if isinstance(op, RectOp) and min(op.box.width, op.box.height) < THIN else rich
            return replace(op, fill=opt(fill, op.fill), stroke=opt(stroke, op.stroke))  # type: ignore[arg-type]
        return recoloured(op, rich)

    def side(ops: tuple | None) -> tuple | None:
        return None if ops is None else tuple(one(op) for op in ops)

    return [replace(p, front=side(p.front) or (), back=side(p.back)) for p in pieces]
