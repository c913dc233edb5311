"""The colours of the drawing operations as ReportLab colours: "#rrggbb", or a colour already
separated for print, "cmyk(c,m,y,k)" with each part from 0 to 1 (export/cmyk.py writes them).
Black ink alone (`K_ONLY`) overprints: type and hairlines in it are printed over what lies under
them, never cut out of it, so a plate that shifts leaves no white rim around a letter."""

from __future__ import annotations

from reportlab.lib.colors import CMYKColor, Color, HexColor

CMYK = "cmyk("


def colour(value: str) -> Color:
    if value.startswith(CMYK):
        c, m, y, k = (float(v) for v in value.removeprefix(CMYK).rstrip(")").split(","))
        return CMYKColor(c, m, y, k)
    return HexColor(value)


def cmyk(c: float, m: float, y: float, k: float) -> str:
    return f"{CMYK}{c:.4f},{m:.4f},{y:.4f},{k:.4f})"


K_ONLY = cmyk(0, 0, 0, 1)


def overprints(value: str | None) -> bool:
    return value == K_ONLY
