"""What every PNG we write says of its colours: its pixels are sRGB (pdfium renders in sRGB), told
by the PNG's own `sRGB` chunk, with the `gAMA` and `cHRM` chunks the PNG specification asks to go
with it for readers that know only those. A chunk, not an embedded ICC profile: LittleCMS stamps
its profiles with the time they are made, and our files keep reproducible bytes."""

from __future__ import annotations

import struct

from PIL.PngImagePlugin import PngInfo

PERCEPTUAL = 0  # the sRGB chunk's rendering intent
GAMMA = 45455  # 1/2.2 × 100 000, the PNG specification's value to go with sRGB
# white point, then red, green and blue, as x, y × 100 000: sRGB's primaries (PNG specification, 11.3.3.5)
CHROMATICITIES = (31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)


def srgb() -> PngInfo:
    """The chunks to pass as Pillow's `pnginfo` when saving a PNG."""
    info = PngInfo()
    info.add(b"sRGB", bytes([PERCEPTUAL]))
    info.add(b"gAMA", struct.pack(">I", GAMMA))
    info.add(b"cHRM", struct.pack(">8I", *CHROMATICITIES))
    return info
