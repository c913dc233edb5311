"""Prints the pieces-per-page table (Markdown, for the README) for the shipped piece sizes."""

from __future__ import annotations

import sys

from estoril_pnp.files.resources import default_pack
from estoril_pnp.pack.load import load_pack
from estoril_pnp.render.capacity import markdown, pieces_per_page
from estoril_pnp.render.imposition import Backs


def main() -> None:
    bleed = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    sizes = {k: (s.width, s.height) for k, s in load_pack(default_pack()).manifest.pieces.items()}
    for backs in (Backs.none, Backs.fold):
        print(f"\n{bleed:g} mm bleed, backs {backs.value}:\n")
        print(markdown(sizes, pieces_per_page(sizes, bleed, backs)))


if __name__ == "__main__":
    main()
