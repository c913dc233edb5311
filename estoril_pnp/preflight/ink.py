"""Total area coverage: the most ink (C+M+Y+K) any spot of a CMYK page takes, and where."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL import Image

STEP = 2  # an 8-bit separation rounds each of four channels: within this of the limit is on it


@dataclass(frozen=True)
class Ink:
    most: float  # percent
    at: tuple[int, int]  # pixel of the most, from the top-left
    over: tuple[int, int, int, int] | None  # pixel box of everything over the limit


def total_ink(image: Image.Image, limit: int) -> Ink:
    """The page's total ink; `over`, the box of the pixels over `limit` percent."""
    from PIL import ImageMath

    c, m, y, k = image.split()
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
    most = total.getextrema()[1]
    peak = ImageMath.lambda_eval(lambda a: a["t"] == most, t=total).convert("L").point(lambda v: 255 if v else 0)
    at = peak.getbbox() or (0, 0, 0, 0)
    threshold = limit * 255 / 100 + STEP
    over = ImageMath.lambda_eval(lambda a: a["t"] > threshold, t=total).convert("L").point(lambda v: 255 if v else 0)
    return Ink(most * 100 / 255, (at[0], at[1]), over.getbbox())
