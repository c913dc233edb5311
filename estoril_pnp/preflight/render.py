"""Pages as CMYK pixels, rendered by Ghostscript (the one renderer at hand that separates into
CMYK, as a press does): the ink checks read them."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from .document import bad

if TYPE_CHECKING:
    from PIL import Image

DPI = 300  # a shop's own: a sliver of a quarter millimetre at the bleed is a pixel and a half
MOST_PIXELS = 6000  # the longest side of a rendered page; a poster is rendered coarser
TIMEOUT = 60.0  # seconds, and 2 more per page


def resolution(largest_side_pt: float) -> float:
    return max(18.0, min(DPI, MOST_PIXELS * 72 / max(largest_side_pt, 1.0)))


@contextmanager
def cmyk_pages(path: Path, shown: str, pages: int, dpi: float) -> Iterator[list[Path]]:
    """Each page of the PDF as a CMYK TIFF (its MediaBox at `dpi`), in a folder removed afterwards;
    InputError if Ghostscript is missing, fails or takes too long."""
    gs = shutil.which("gs")
    if gs is None:
        raise bad(shown, "the ink and bleed checks need Ghostscript (gs); install it (Debian: apt install ghostscript)")
    with tempfile.TemporaryDirectory(prefix="preflight-") as folder:
        command = [gs, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiff32nc", f"-r{dpi:.3f}"]
        command += [f"-sOutputFile={Path(folder) / 'page-%06d.tif'}", "-f", str(path.resolve())]
        try:
            done = subprocess.run(command, capture_output=True, timeout=TIMEOUT + 2 * pages, check=False)
        except subprocess.TimeoutExpired:
            raise bad(shown, f"Ghostscript took over {TIMEOUT + 2 * pages:.0f} s to render it; not checked") from None
        rendered = sorted(Path(folder).glob("page-*.tif"))
        if done.returncode != 0 or len(rendered) != pages:
            said = (done.stderr or done.stdout).decode("utf-8", "replace").strip().splitlines()
            reason = said[0] if said else f"exit status {done.returncode}"
            raise bad(shown, f"Ghostscript cannot render it ({reason})")
        yield rendered


def ink_of(image: Image.Image) -> Image.Image:
    """An L image of how inked each pixel is, 0 for bare paper: CMYK's strongest separation, or
    how far an RGB(A) pixel (over white paper) is from white in its darkest channel."""
    from PIL import Image, ImageChops

    if image.mode == "CMYK":
        c, m, y, k = image.split()
        return ImageChops.lighter(ImageChops.lighter(c, m), ImageChops.lighter(y, k))
    paper = Image.new("RGBA", image.size, (255, 255, 255, 255))
    rgb = Image.alpha_composite(paper, image.convert("RGBA")).convert("RGB")
    r, g, b = rgb.split()
    return ImageChops.invert(ImageChops.darker(ImageChops.darker(r, g), b))
