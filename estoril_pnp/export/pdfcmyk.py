"""What a `--cmyk` PDF still paints in RGB after ReportLab wrote it, separated in the file itself
(pikepdf): the pieces' own colours are CMYK already (export/cmyk.py), but a multicolour icon (a
flag) and a picture are drawn in their own colours, an SVG's as RGB operators and a PNG's, WebP's or
JPEG's as an RGB image. Both go through the same profile and rules as the pieces' colours.

- Colour operators (`rg`, `RG`, and `sc`/`scn` in an RGB space), on pages and in forms: each colour
  through `export/cmyk.py`'s converter, near-black as black ink alone, every other within the limit.
- Images in RGB: their pixels through the profile (perceptual, as the colours), then each pixel's
  cyan, magenta and yellow scaled down together where its total ink is over the limit, black kept,
  as `capped` does; written losslessly (Flate) as DeviceCMYK. A soft mask (the PNG's alpha) is
  grey, and is kept as it is, so a transparent picture still shows the card through.

Same input, same bytes: the transform and zlib are deterministic.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from decimal import Decimal

import pikepdf
from PIL import Image, ImageCms, ImageMath

from ..render.paint import K_ONLY
from .cmyk import Separation, _converter, capped, near_black

RGB_SPACES = {"/DeviceRGB", "/RGB", "/CalRGB"}
FILL_OPS = {"rg": "k", "RG": "K"}


def separate_pdf(pdf: pikepdf.Pdf, separation: Separation) -> None:
    """Every RGB colour and image in `pdf` (pages, forms, their images) in the separation's CMYK."""
    paint = _paint(separation)
    transform = _transform(separation.profile)
    images: set[tuple[int, int]] = set()
    for owner in resource_owners(pdf):
        resources = owner.get("/Resources")
        if isinstance(owner, pikepdf.Stream) or "/Contents" in owner:
            _recolour_stream(pdf, owner, resources, paint)
        group = owner.get("/Group")  # a transparency group blends in its own space: CMYK too
        if group is not None and _rgb(group.get("/CS"), resources):
            group.CS = pikepdf.Name.DeviceCMYK
        if resources is None:
            continue
        for _, xobject in resources.get("/XObject", {}).items():
            if xobject.get("/Subtype") == pikepdf.Name.Image and xobject.objgen not in images:
                images.add(xobject.objgen)
                if not xobject.get("/ImageMask", False) and _rgb(xobject.get("/ColorSpace"), resources):
                    _separate_image(xobject, transform, separation.limit)


def resource_owners(pdf: pikepdf.Pdf) -> list[pikepdf.Object]:
    """Every page and every form XObject, once (an icon is a form, drawn in its own resources)."""
    owners: list[pikepdf.Object] = []
    seen: set[tuple[int, int]] = set()
    stack: list[pikepdf.Object] = [page.obj for page in pdf.pages]
    while stack:
        owner = stack.pop()
        if owner.is_indirect:
            if owner.objgen in seen:
                continue
            seen.add(owner.objgen)
        owners.append(owner)
        for _, xobject in owner.get("/Resources", {}).get("/XObject", {}).items():
            if xobject.get("/Subtype") == pikepdf.Name.Form:
                stack.append(xobject)
    return owners


def _paint(separation: Separation) -> Callable[[tuple[float, float, float]], list[Decimal]]:
    """An sRGB colour (0–1 each) as CMYK operands, by export/cmyk.py's rules for a colour drawn in
    its own colours: near-black as black ink alone, every other within the limit."""
    convert = _converter(separation.profile)

    def paint(rgb: tuple[float, float, float]) -> list[Decimal]:
        value = "#" + "".join(f"{round(min(max(v, 0.0), 1.0) * 255):02x}" for v in rgb)
        cmyk = K_ONLY if near_black(value) else capped(convert(value), separation.limit)
        return [Decimal(v.strip()) for v in cmyk.removeprefix("cmyk(").rstrip(")").split(",")]

    return paint


def _rgb(space: pikepdf.Object | None, resources: pikepdf.Object | None) -> bool:
    """Whether a colour space (a name, a named resource, or an array) is RGB."""
    if space is None:
        return False
    if isinstance(space, pikepdf.Name):
        if str(space) in RGB_SPACES:
            return True
        named = resources.get("/ColorSpace", {}).get(str(space)) if resources is not None else None
        return named is not None and _rgb(named, None)
    if isinstance(space, pikepdf.Array) and len(space) > 0:
        kind = str(space[0])
        if kind == "/ICCBased":
            return int(space[1].get("/N", 0)) == 3
        if kind in ("/Indexed", "/I"):  # a palette of RGB colours: its pixels read as RGB below
            return _rgb(space[1], resources)
        return kind == "/CalRGB"
    return False


def _recolour_stream(
    pdf: pikepdf.Pdf,
    owner: pikepdf.Object,
    resources: pikepdf.Object | None,
    paint: Callable[[tuple[float, float, float]], list[Decimal]],
) -> None:
    """The content stream of a page or form with every RGB colour operator written in CMYK."""
    operations = pikepdf.parse_content_stream(owner)
    out: list[pikepdf.ContentStreamInstruction] = []
    rgb_fill = rgb_stroke = False
    stack: list[tuple[bool, bool]] = []
    changed = False
    for operands, operator in operations:
        name = str(operator)
        if name == "q":
            stack.append((rgb_fill, rgb_stroke))
        elif name == "Q" and stack:
            rgb_fill, rgb_stroke = stack.pop()
        if name in ("rg", "k", "g"):  # each sets the fill's space as well as its colour
            rgb_fill = name == "rg"
        elif name in ("RG", "K", "G"):
            rgb_stroke = name == "RG"
        if name in FILL_OPS and len(operands) == 3:
            operands, operator, changed = paint(_floats(operands)), pikepdf.Operator(FILL_OPS[name]), True
        elif name in ("cs", "CS") and operands:
            rgb = _rgb(operands[0], resources)
            if name == "cs":
                rgb_fill = rgb
            else:
                rgb_stroke = rgb
            if rgb:
                operands, changed = [pikepdf.Name.DeviceCMYK], True
        elif name in ("sc", "scn", "SC", "SCN") and len(operands) == 3 and (rgb_fill if name.islower() else rgb_stroke):
            operands, changed = paint(_floats(operands)), True
        out.append(pikepdf.ContentStreamInstruction(operands, operator))
    if changed:
        data = pikepdf.unparse_content_stream(out)
        if isinstance(owner, pikepdf.Stream):
            owner.write(zlib.compress(data, 9), filter=pikepdf.Name.FlateDecode)
        else:  # a page: its contents as one stream
            owner.Contents = pdf.make_stream(zlib.compress(data, 9), Filter=pikepdf.Name.FlateDecode)


def _floats(operands: object) -> tuple[float, float, float]:
    r, g, b = (float(v) for v in operands)  # type: ignore[attr-defined]
    return (r, g, b)


def _transform(profile: ImageCms.ImageCmsProfile) -> ImageCms.ImageCmsTransform:
    return ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), profile, "RGB", "CMYK", renderingIntent=ImageCms.Intent.PERCEPTUAL
    )


def capped_pixels(image: Image.Image, limit: float) -> Image.Image:
    """A CMYK image whose every pixel's total ink is at most `limit` percent: as `capped` does, its
    cyan, magenta and yellow scaled down together, its black kept."""
    c, m, y, k = image.split()
    most = limit * 255 / 100

    def scaled(a: dict) -> object:
        room = a["max"](a["most"] - a["k"], 0.0)
        chroma = a["c"] + a["m"] + a["y"]
        return a["min"](room / a["max"](chroma, 1.0), 1.0)

    scale = ImageMath.lambda_eval(scaled, c=c, m=m, y=y, k=k, most=most)
    if scale.getextrema()[0] >= 1.0:
        return image
    bands = [ImageMath.lambda_eval(lambda a: a["v"] * a["s"], v=v, s=scale).convert("L") for v in (c, m, y)]
    return Image.merge("CMYK", (*bands, k))


def _separate_image(xobject: pikepdf.Stream, transform: ImageCms.ImageCmsTransform, limit: float) -> None:
    """An RGB image XObject rewritten as DeviceCMYK through the profile, within the ink limit."""
    pixels = pikepdf.PdfImage(xobject).as_pil_image().convert("RGB")
    if isinstance(xobject.get("/Mask"), pikepdf.Array):  # a colour key names RGB values: never ours
        raise ValueError("an RGB image with a colour-key mask; render/picture.py gives it a soft mask")
    separated = ImageCms.applyTransform(pixels, transform)
    assert separated is not None  # a new image unless asked to work in place
    separated = capped_pixels(separated, limit)
    xobject.write(zlib.compress(separated.tobytes(), 9), filter=pikepdf.Name.FlateDecode)
    xobject.ColorSpace = pikepdf.Name.DeviceCMYK
    xobject.BitsPerComponent = 8
    for key in ("/Decode", "/DecodeParms"):
        if key in xobject:
            del xobject[key]
