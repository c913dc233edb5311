#!/usr/bin/env python3
"""Build the icon SVGs in data/icons/ from the npm packages they come from.

This is a one-off asset-preparation tool.  It is NOT part of the build: the
generated SVGs are committed, and nothing at build or run time needs npm.

Inputs (unpacked npm tarballs, see scripts/assets/README.md):
  --game-icons    path to icons.json of @iconify-json/game-icons
  --circle-flags  path to the flags/ directory of the circle-flags package
Output:
  --out           data/icons (default: <repo>/data/icons)
                  writes game/<name>.svg and flags/<code>.svg

Game icons: the iconify body is wrapped in a 512x512 <svg>, any full-square
background path is removed, every fill/stroke is forced to #000 and all
opacity attributes are dropped (the renderer recolours the glyph).

Flags: circle-flags cut the circle with <mask>, which svglib ignores.  The
mask is replaced by an equivalent <clipPath> circle (svglib honours
clip-path), <use> elements are expanded, and the Yugoslav flag is reduced to
the plain blue-white-red tricolour of the Kingdom of Yugoslavia (1942).
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)

# game-icons source name -> (game-icons.net author folder, what the game uses it for)
# Authors: the iconify package has no per-icon author, so they were taken from
# the game-icons/icons repository layout (<author>/<name>.svg); see ATTRIBUTION.md.
GAME_ICONS: dict[str, tuple[str, str]] = {
    "plain-dagger": ("lorc", "assassin"),
    "domino-mask": ("lorc", "conspirator"),
    "flying-flag": ("lorc", "nationalist"),
    "lips": ("lorc", "seducer"),
    "scroll-unfurled": ("lorc", "diplomat"),
    "female": ("delapouite", "woman"),
    "eyeball": ("lorc", "peek"),
    "fist": ("skoll", "strength"),
    "medal": ("lorc", "victory points"),
    "rolling-dices": ("delapouite", "dice"),
    "church": ("delapouite", "church (no-assassin rule)"),
    "beach-bucket": ("delapouite", "beach"),
    "expand": ("delapouite", "Muchaxo / all outer locations"),
    "sea-cliff": ("delapouite", "Boca do Inferno"),
    "greek-temple": ("delapouite", "museum"),
    "chess-king": ("skoll", "first player"),
    "cog": ("lorc", "Enigma (no typewriter icon exists)"),
    "spy": ("delapouite", "card back"),
    "target-shot": ("lorc", "mission"),
    "spyglass": ("lorc", "peek at any board"),
}

FLAGS = ["de", "es", "fr", "gb", "hu", "it", "pt", "su", "us", "yu"]

_BG_RE = re.compile(
    r'<path[^>]*\sd="M0 0h512v512H0[zZ]"[^>]*/>'  # iconify / game-icons background
    r'|<rect[^>]*width="512"[^>]*height="512"[^>]*/>'
)
_OPACITY_RE = re.compile(r'\s(?:fill-|stroke-)?opacity="[^"]*"')
_FILL_RE = re.compile(r'\s(fill|stroke)="(?!none")[^"]*"')


def make_game_icon(body: str, width: int, height: int) -> str:
    body = _BG_RE.sub("", body)
    body = _OPACITY_RE.sub("", body)
    body = _FILL_RE.sub(lambda m: f' {m.group(1)}="#000"', body)
    body = re.sub(r'style="[^"]*"', "", body)
    assert "512v512" not in body, "background square left in body"
    return f'<svg xmlns="{SVG_NS}" viewBox="0 0 {width} {height}" fill="#000">{body}</svg>\n'


def _q(tag: str) -> str:
    return f"{{{SVG_NS}}}{tag}"


def _expand_uses(root: ET.Element) -> None:
    ids = {el.get("id"): el for el in root.iter() if el.get("id")}
    changed = True
    while changed:
        changed = False
        for parent in root.iter():
            for i, child in enumerate(list(parent)):
                if child.tag != _q("use"):
                    continue
                ref = child.get("href") or child.get(f"{{{XLINK_NS}}}href")
                target = ids.get((ref or "").lstrip("#"))
                if target is None:
                    raise SystemExit(f"unresolved <use href={ref!r}>")
                g = ET.Element(_q("g"))
                x, y = child.get("x", "0"), child.get("y", "0")
                tf = child.get("transform", "")
                if x != "0" or y != "0":
                    tf = f"{tf} translate({x},{y})".strip()
                if tf:
                    g.set("transform", tf)
                for k, v in child.attrib.items():
                    if k not in ("x", "y", "transform", "href", f"{{{XLINK_NS}}}href", "width", "height"):
                        g.set(k, v)
                clone = copy.deepcopy(target)
                clone.attrib.pop("id", None)
                g.append(clone)
                parent.remove(child)
                parent.insert(i, g)
                changed = True


def make_flag(svg_text: str, code: str) -> str:
    root = ET.fromstring(svg_text)
    _expand_uses(root)
    # Drop <mask> definitions; turn mask="url(#..)" into a circular clip.
    masks = {}
    for parent in root.iter():
        for child in list(parent):
            if child.tag == _q("mask"):
                masks[child.get("id")] = child
                parent.remove(child)
    vb = [float(v) for v in root.get("viewBox", "0 0 512 512").split()]
    cx, cy, r = vb[0] + vb[2] / 2, vb[1] + vb[3] / 2, min(vb[2], vb[3]) / 2
    clip_id = f"clip-{code}"
    used_mask = False
    for el in root.iter():
        m = el.get("mask")
        if m:
            mid = m[m.find("#") + 1 : m.rfind(")")]
            mask = masks.get(mid)
            circles = [c for c in mask.iter(_q("circle"))] if mask is not None else []
            if len(circles) != 1:
                raise SystemExit(f"{code}: mask {mid!r} is not a single circle")
            c = circles[0]
            cx, cy, r = (float(c.get("cx")), float(c.get("cy")), float(c.get("r")))
            del el.attrib["mask"]
            el.set("clip-path", f"url(#{clip_id})")
            used_mask = True
    if not used_mask:  # no mask: clip the whole drawing
        g = ET.Element(_q("g"), {"clip-path": f"url(#{clip_id})"})
        for child in list(root):
            root.remove(child)
            g.append(child)
        root.append(g)
    defs = ET.Element(_q("defs"))
    cp = ET.SubElement(defs, _q("clipPath"), {"id": clip_id})
    ET.SubElement(cp, _q("circle"), {"cx": f"{cx:g}", "cy": f"{cy:g}", "r": f"{r:g}"})
    root.insert(0, defs)

    if code == "yu":
        # circle-flags draws the SFR Yugoslavia flag (red star with a yellow
        # border).  In 1942 Yugoslavia's flag was the plain tricolour: drop
        # the two star paths, which come after the three stripes.
        g = root.find(f"{_q('g')}[@clip-path]")
        paths = list(g)
        fills = [p.get("fill") for p in paths]
        assert fills[:3] == ["#eee", "#d80027", "#0052b4"], fills
        assert fills[3:] == ["#ffda44", "#d80027"], fills
        for p in paths[3:]:
            g.remove(p)
    for el in root.iter():
        for a in ("opacity", "fill-opacity"):
            el.attrib.pop(a, None)
    # keep the square size explicit and 512 based
    root.attrib.pop("width", None)
    root.attrib.pop("height", None)
    return ET.tostring(root, encoding="unicode") + "\n"


def main(argv: list[str] | None = None) -> int:
    here = Path(__file__).resolve()
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game-icons", required=True, type=Path, help="icons.json from @iconify-json/game-icons")
    ap.add_argument(
        "--circle-flags", required=True, type=Path, help="flags/ directory from the circle-flags npm package"
    )
    ap.add_argument("--out", type=Path, default=here.parents[2] / "data" / "icons")
    a = ap.parse_args(argv)

    data = json.loads(a.game_icons.read_text(encoding="utf-8"))
    icons, aliases = data["icons"], data.get("aliases", {})
    w, h = data.get("width", 512), data.get("height", 512)
    gdir = a.out / "game"
    gdir.mkdir(parents=True, exist_ok=True)
    for name in GAME_ICONS:
        src = name
        while src not in icons and src in aliases:
            src = aliases[src]["parent"]
        if src not in icons:
            raise SystemExit(f"game-icons: no icon named {name!r}")
        ic = icons[src]
        svg = make_game_icon(ic["body"], ic.get("width", w), ic.get("height", h))
        (gdir / f"{name}.svg").write_text(svg, encoding="utf-8")
    fdir = a.out / "flags"
    fdir.mkdir(parents=True, exist_ok=True)
    for code in FLAGS:
        text = (a.circle_flags / f"{code}.svg").read_text(encoding="utf-8")
        (fdir / f"{code}.svg").write_text(make_flag(text, code), encoding="utf-8")
    print(f"wrote {len(GAME_ICONS)} game icons to {gdir} and {len(FLAGS)} flags to {fdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
