"""The `image` verb: a pack's pictures (PNG, JPEG, WebP, SVG) checked once, fitted into a box, drawn.

A picture is checked when the pack is laid out, before anything is written: it must be a whole
picture of the kind its name says, within Pillow's limit on pixels (a larger one is refused, not
warned about), and an SVG must draw from its own content alone (no script, no file or address
it would fetch). A CMYK JPEG is refused (the pieces' colours are RGB until `--cmyk` converts them
all through one profile); a 16-bit PNG is converted to 8 bits per channel; a WebP is converted
losslessly. Each picture becomes one form per PDF, placed by reference however many cards show
it; a JPEG inside it is the file's own bytes, never decoded and encoded again. Art keeps its
colours: tinting is for single-colour icons.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from ..errors import Finding, InputError, shown
from ..files.digests import Digests
from ..source import names
from .geometry import Box
from .ops import ImageOp

Locate = Callable[[str], Finding]

EXTENSIONS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG", ".webp": "WEBP", ".svg": "SVG"}
FITS = ("contain", "cover", "stretch")
ANGLES = (0, 90, 180, 270)
# the focal point kept in view, as fractions of the picture from its top-left corner
ANCHORS = {
    "center": (0.5, 0.5),
    "top": (0.5, 0.0),
    "bottom": (0.5, 1.0),
    "left": (0.0, 0.5),
    "right": (1.0, 0.5),
    "top-left": (0.0, 0.0),
    "top-right": (1.0, 0.0),
    "bottom-left": (0.0, 1.0),
    "bottom-right": (1.0, 1.0),
}
PRINT_PPI = 300  # under it, a picture prints softer than the text beside it
COARSE_PPI = 150  # under it, pixels show
MAX_BYTES = 64 * 1024 * 1024  # a card's art is a few megabytes at most
MAX_SVG_BYTES = 8 * 1024 * 1024
MAX_SVG_DRAWN = 50_000  # elements an SVG draws once every <use> is expanded: a small file can ask for billions
MM_PER_INCH = 25.4


@dataclass(frozen=True)
class Info:
    """What a checked picture is: its size (pixels, or an SVG's own units) and how it is embedded."""

    size: tuple[float, float]  # upright, as its EXIF orientation says it is seen
    raster: bool  # False: an SVG, drawn as vectors
    stamp: tuple[int, int]  # the file's mtime and size when checked: a changed file is checked again


_checked: dict[Path, Info] = {}


def kind_problem(name: object) -> str | None:
    """Why `name` cannot name a picture: not a file name, or not of a kind this renderer draws."""
    if not isinstance(name, str):
        return f"a picture is a file name under images/ such as ships/galleon.jpg (got {shown(name)})"
    if PurePosixPath(name).suffix.lower() not in EXTENSIONS:
        return f"{shown(name)}: a picture is a .png, .jpg, .jpeg, .webp or .svg file"
    return None


def name_problem(name: str) -> str | None:
    """Why a picture's name inside images/ is not names joined by `/` (ships/galleon.jpg)."""
    pure = PurePosixPath(name)
    parts = [*pure.parts[:-1], pure.name[: -len(pure.suffix)]]
    bad = next((p for part in parts if (p := names.problem(part))), None)
    return f"the picture name {bad}" if bad else None


def climbs(name: str) -> bool:
    """Whether a name reaches out of the pack: the look-up refuses it in its own words."""
    pure = PurePosixPath(name)
    return pure.is_absolute() or ".." in pure.parts or name.startswith("~") or "\\" in name


def anchor(value: object) -> tuple[float, float] | None:
    """The anchor as fractions; None when it is neither a name nor [fx, fy] in 0–1."""
    if isinstance(value, str):
        return ANCHORS.get(value)
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 1 for v in value)
    ):
        return float(value[0]), float(value[1])
    return None


ANCHOR_RULE = f"an anchor is [fx, fy], fractions 0–1 from the picture's top-left, or one of {', '.join(ANCHORS)}"


def check(path: Path, locate: Locate) -> Info:
    """The picture's size, once it is known to be one this renderer can embed; InputError otherwise."""
    try:
        stat = path.stat()
    except OSError as exc:
        raise InputError([locate(f"{path.name}: cannot be read ({exc.strerror})")]) from None
    stamp = (stat.st_mtime_ns, stat.st_size)
    known = _checked.get(path)
    if known is not None and known.stamp == stamp:
        return known
    kind = EXTENSIONS[path.suffix.lower()]
    try:
        info = _svg(path, stamp) if kind == "SVG" else _raster(path, kind, stamp)
    except _Refused as exc:
        raise InputError([locate(f"{path.name}: {exc}")]) from None
    except OSError as exc:  # a folder where the picture should be, a file gone since
        raise InputError([locate(f"{path.name}: cannot be read ({exc.strerror or type(exc).__name__})")]) from None
    _checked[path] = info
    return info


class _Refused(Exception):
    """Why a picture cannot be used, in the user's words."""


def _raster(path: Path, kind: str, stamp: tuple[int, int]) -> Info:
    from PIL import Image, UnidentifiedImageError

    if stamp[1] > MAX_BYTES:
        raise _Refused(f"larger than {MAX_BYTES >> 20} MiB; a card's picture needs far less")
    with warnings.catch_warnings():
        # Pillow only warns between its limit and twice it: here a picture over the limit is refused
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            with Image.open(path) as image:
                if image.format != kind:
                    raise _Refused(f"holds {_kind(image.format)}, not {_kind(kind)}: name it for what it is")
                if image.mode == "CMYK":
                    raise _Refused("a CMYK JPEG; save it as RGB (sRGB): --cmyk converts a whole build's colours")
                size = image.size
                if _orientation(image) in (5, 6, 7, 8):  # a camera's picture stored on its side
                    size = size[::-1]
                if kind == "JPEG":  # decoded at an eighth of its size: enough to find a cut-off file
                    image.draft("RGB", (max(1, size[0] // 8), max(1, size[1] // 8)))
                image.load()
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            limit = Image.MAX_IMAGE_PIXELS or 0
            raise _Refused(f"more pixels than Pillow opens safely ({limit:,}): a decompression bomb?") from None
        except UnidentifiedImageError:
            raise _Refused(f"not a picture (expected {_kind(kind)})") from None
        except _Refused:
            raise
        except Exception as exc:  # Pillow raises many kinds on a cut-off or damaged file
            raise _Refused(f"unreadable or cut off ({_reason(exc)})") from None
    return Info((float(size[0]), float(size[1])), True, stamp)


def _orientation(image: Any) -> int:
    """The EXIF orientation (1: upright as stored; 3, 6, 8: turned; 2, 4, 5, 7: mirrored too)."""
    try:
        value = image.getexif().get(0x0112, 1)
    except Exception:  # a damaged EXIF block is no reason to refuse the picture
        return 1
    return value if value in range(1, 9) else 1


# EXIF orientation -> the counter-clockwise turn that shows the stored picture upright
UPRIGHT = {1: 0, 3: 180, 6: 270, 8: 90}


def _kind(fmt: str | None) -> str:
    return {"JPEG": "a JPEG", "PNG": "a PNG", "WEBP": "a WebP", "SVG": "an SVG"}.get(fmt or "", f"a {fmt} picture")


def _reason(exc: Exception) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:120]


_EXTERNAL = re.compile(r"url\(\s*['\"]?\s*(?!#)[^)]|@import", re.IGNORECASE)


def _svg(path: Path, stamp: tuple[int, int]) -> Info:
    """An SVG drawn from its own content alone: no script, no handler, no file or address it fetches."""
    if stamp[1] > MAX_SVG_BYTES:
        raise _Refused(f"larger than {MAX_SVG_BYTES >> 20} MiB; draw it simpler or use a PNG")
    _vet_svg(path.read_bytes())
    drawing = _drawing(path, stamp)
    return Info((float(drawing.width), float(drawing.height)), False, stamp)


def svg_fault(data: bytes) -> str | None:
    """Why an SVG (a picture or an icon) cannot be drawn from its own content alone, or None."""
    try:
        _vet_svg(data)
    except _Refused as exc:
        return str(exc)
    return None


def _vet_svg(data: bytes) -> None:
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        root = etree.fromstring(data, parser)
    except (etree.XMLSyntaxError, ValueError) as exc:
        raise _Refused(f"not a readable SVG ({_reason(exc)})") from None
    if root is None or etree.QName(root).localname != "svg":
        raise _Refused("not an SVG (its first element is not <svg>)")
    if b"<!ENTITY" in data:
        raise _Refused("declares entities; an SVG is drawn from its own content alone")
    for node in root.iter():
        if not isinstance(node.tag, str):
            continue  # comments, processing instructions
        if etree.QName(node).localname in ("script", "foreignObject"):
            raise _Refused(f"holds a <{etree.QName(node).localname}>: an SVG with scripts is refused")
        if etree.QName(node).localname == "style" and _EXTERNAL.search(node.text or ""):
            raise _Refused("its style fetches a file or an address: an SVG is drawn from its own content alone")
        for attribute, value in node.attrib.items():
            name = etree.QName(attribute).localname
            if name.lower().startswith("on"):
                raise _Refused(f"has a script handler ({name}): an SVG with scripts is refused")
            if name == "href" and not value.startswith(("#", "data:image/")):
                raise _Refused(f"links to {shown(value)}: an SVG is drawn from its own content alone")
            if _EXTERNAL.search(value):
                raise _Refused(f"{name} fetches a file or an address: an SVG is drawn from its own content alone")
    _expanded(root)


def _expanded(root: Any) -> None:
    """Refuses an SVG whose <use> elements draw more than MAX_SVG_DRAWN elements (ten uses of ten uses of
    … a rectangle, no entity needed) or refer to themselves: svglib would work for minutes, then warn
    and draw part of it."""
    from lxml import etree

    alive = [node for node in root.iter() if isinstance(node.tag, str)]  # lxml keeps one proxy per node while held
    ids = {node.get("id"): node for node in alive if node.get("id")}
    counts: dict[int, int] = {}  # by id(): stable while `alive` holds every proxy
    open_: set[int] = set()

    def drawn(node: Any) -> int:
        key = id(node)
        if key in counts:
            return counts[key]
        if key in open_:
            raise _Refused("a <use> that leads back to itself")
        open_.add(key)
        total = 1
        for child in node:
            if isinstance(child.tag, str):
                total += drawn(child)
        if etree.QName(node).localname == "use":
            href = next((v for a, v in node.attrib.items() if etree.QName(a).localname == "href"), "")
            target = ids.get(href[1:]) if href.startswith("#") else None
            if target is not None:
                total += drawn(target)
        open_.discard(key)
        counts[key] = total = min(total, MAX_SVG_DRAWN + 1)
        return total

    try:
        if drawn(root) > MAX_SVG_DRAWN:
            raise _Refused(f"draws more than {MAX_SVG_DRAWN:,} elements once its <use>s are expanded")
    except RecursionError:
        raise _Refused("nested too deep to draw") from None


_drawings: dict[Path, tuple[tuple[int, int], Any]] = {}


def _drawing(path: Path, stamp: tuple[int, int]) -> Any:
    from svglib.svglib import svg2rlg

    from .fonts import DEFAULT_FONT

    known = _drawings.get(path)
    if known is not None and known[0] == stamp:
        return known[1]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            drawing = svg2rlg(str(path))
    except Exception as exc:  # svglib and lxml raise many kinds on a broken file
        raise _Refused(f"not a readable SVG ({_reason(exc)})") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise _Refused("not a readable SVG (no size)")
    drawing.initialFontName = DEFAULT_FONT  # no unembedded Helvetica for a drawing without text
    _drawings[path] = (stamp, drawing)
    return drawing


def image_op(path: Path, info: Info, box: Box, style: dict[str, Any]) -> ImageOp:
    """The drawing operation of a checked picture in its element's box."""
    return ImageOp(
        str(path),
        box,
        str(style.get("fit", "contain")),
        anchor(style.get("anchor", "center")) or ANCHORS["center"],
        bool(style.get("bleed", False)),
        int(style.get("angle", 0)),
        info.size,
        info.raster,
    )


def placed(op: ImageOp, box: Box) -> Box:
    """Where the whole picture, turned as drawn, lands for `box`: beyond it where `cover` crops."""
    w, h = op.size if op.angle in (0, 180) else op.size[::-1]
    if op.fit == "stretch":
        return box
    scale = (max if op.fit == "cover" else min)(box.width / w, box.height / h)
    dw, dh = w * scale, h * scale
    ax, ay = turned_anchor(op.anchor, op.angle)
    x = box.x + (box.width - dw) * ax  # the focal point sits as far across the box as across the picture
    top = box.top - (box.height - dh) * ay
    return Box(x, top - dh, dw, dh)


def turned_anchor(at: tuple[float, float], angle: int) -> tuple[float, float]:
    """The anchor, given on the picture as its file holds it, on the picture turned by `angle` (counter-clockwise)."""
    fx, fy = at
    return {0: (fx, fy), 90: (fy, 1 - fx), 180: (1 - fx, 1 - fy), 270: (1 - fy, fx)}[angle]


def resolution(op: ImageOp, bleed: float) -> tuple[float, Box] | None:
    """A raster picture's pixels per inch as printed with `bleed` (mm), and the part of its box it
    shows; None for vectors."""
    if not op.raster:
        return None
    whole = placed(op, op.box.inset(-bleed) if op.bleed else op.box)
    w, h = op.size if op.angle in (0, 180) else op.size[::-1]
    ppi = min(w / (whole.width / MM_PER_INCH), h / (whole.height / MM_PER_INCH))
    return ppi, whole.overlap(op.box) or op.box


def coarse(op: ImageOp, shown_as: str, where: str, bleed: float) -> Finding | None:
    """A warning for a picture printed under PRINT_PPI: `shown_as` names its file, `where` the piece and element."""
    found = resolution(op, bleed)
    if found is None or found[0] >= PRINT_PPI:
        return None
    ppi, visible = found
    floor = PRINT_PPI if ppi >= COARSE_PPI else COARSE_PPI
    pixels = f"{op.size[0]:.0f} × {op.size[1]:.0f} px"
    message = f"{ppi:.0f} ppi at {visible.width:.3g} × {visible.height:.3g} mm, under {floor} ({pixels})"
    return Finding(shown_as, None, where, message, "warning")


def unprintable(finding: Finding) -> bool:
    """Whether a finding of `coarse` is a picture under COARSE_PPI: what `build --strict` refuses."""
    return finding.message.split(" (", 1)[0].endswith(f", under {COARSE_PPI}")


# --- drawing ------------------------------------------------------------------------------


def place(canvas: Any, op: ImageOp, box: Box) -> None:
    """Draws the picture into `box` (mm, the canvas scaled to mm), cropped to it; its form defined once a PDF."""
    name = _form(canvas, Path(op.image))
    whole = placed(op, box)
    w, h = (whole.width, whole.height) if op.angle in (0, 180) else (whole.height, whole.width)
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(box.x, box.y, box.width, box.height)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.translate(whole.cx, whole.cy)
    if op.angle:
        canvas.rotate(op.angle)
    canvas.translate(-w / 2, -h / 2)
    canvas.scale(w, h)
    canvas.doForm(name)
    canvas.restoreState()


def _form(canvas: Any, path: Path) -> str:
    """The picture's form in this PDF, named by its bytes: defined on its first use, then referred to."""
    digest = _digest(path)
    name = f"Picture_{digest[:16]}"
    defined: set[str] = canvas.__dict__.setdefault("_estoril_forms", set())
    if name in defined:
        return name
    kind = EXTENSIONS[path.suffix.lower()]
    try:
        stamp = (path.stat().st_mtime_ns, path.stat().st_size)
        canvas.beginForm(name, lowerx=0, lowery=0, upperx=1, uppery=1)
        if kind == "SVG":
            from reportlab.graphics import renderPDF

            _svg(path, stamp)  # checked again if it changed since: svglib would follow its links
            drawing = _drawing(path, stamp)
            canvas.scale(1 / drawing.width, 1 / drawing.height)
            renderPDF.draw(drawing, canvas, 0, 0)
        else:
            turn = UPRIGHT.get(_stored_orientation(path)) if kind == "JPEG" else None
            with _binary():
                if turn is not None:  # ReportLab copies a JPEG file's bytes as they are; turned here if need be
                    _turn_unit_square(canvas, turn)
                    canvas.drawImage(_jpeg(path, digest), 0, 0, 1, 1)
                else:  # pixels: a PNG, a WebP, or a JPEG its camera stored mirrored
                    canvas.drawImage(_pixels(path), 0, 0, 1, 1, mask="auto")
        canvas.endForm()
    except Exception as exc:  # the file changed since it was checked, and Pillow or svglib says so its own way
        if isinstance(exc, InputError):
            raise
        raise InputError([Finding(path, None, "", f"{path.name}: cannot be drawn ({_reason(exc)})")]) from None
    defined.add(name)
    return name


def _jpeg(path: Path, digest: str) -> Any:
    """A JPEG file for ReportLab to copy as it is, its image named by its bytes: named by its path (as
    ReportLab names a file), a PDF's bytes would change with the pack's folder."""
    from reportlab.lib.utils import ImageReader

    class Passed(ImageReader):  # type: ignore[misc]
        def getRGBData(self) -> bytes:  # what ReportLab names the image by; a JPEG's pixels are never read
            self._dataA = None
            return digest.encode()

    return Passed(str(path))


def _stored_orientation(path: Path) -> int:
    from PIL import Image

    with Image.open(path) as image:
        return _orientation(image)


def _turn_unit_square(canvas: Any, turn: int) -> None:
    """Turns the unit square onto itself by `turn` degrees counter-clockwise."""
    if turn:
        canvas.translate(*{90: (1, 0), 180: (1, 1), 270: (0, 1)}[turn])
        canvas.rotate(turn)


@contextmanager
def _binary() -> Iterator[None]:
    """A picture's stream stored as binary: ReportLab's default wraps it in ASCII85, a quarter larger."""
    from reportlab import rl_config

    was = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = was


def _pixels(path: Path) -> Any:
    """A PNG or WebP as ReportLab embeds it: 8 bits a channel, its transparency kept as a soft mask."""
    from PIL import Image, ImageOps
    from reportlab.lib.utils import ImageReader

    with Image.open(path) as opened:
        image = ImageOps.exif_transpose(opened)  # upright, as its camera said
        if image.mode in ("I", "I;16", "I;16B", "I;16L", "F"):  # 16-bit grey: scaled, not clipped, to 8 bits
            image = image.convert("I").point(lambda v: v / 257).convert("L")
        if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
            image = image.convert("RGBA")
        elif image.mode not in ("RGB", "L"):
            image = image.convert("RGB")
        return ImageReader(image)


# a picture named by its bytes: read again only when its stamp changes (files/digests.py)
_digest = Digests()
