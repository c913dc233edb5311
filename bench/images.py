"""An art-heavy deck: 300 cards, each with its own 750 × 1050 px JPEG (the `image` verb), in three
groups of 100 on a sheet layout, with one shared back picture. Measured in one run:

- a cold `build --lang en` against a raw-ReportLab script drawing the same JPEGs in the same
  3 × 3 grid, fronts and backs (target: within 1.5×), the build on every core as by default,
  then on one;
- the sheets' size against the pictures they show (each once per PDF) × 1.05 + 1 MB;
- the build's peak memory, its largest process (target: under 400 MB);
- a rebuild with nothing changed (target: 0.2 s or less; the best of three, with its CPU time,
  user + system, which a busy machine blurs less), and what it spends looking at the pack's
  files (by the hashes the last build kept; hashing every byte again is shown beside it) and
  starting the command;
- with one picture replaced, which PDFs are drawn again (target: only the one that shows it).

    python bench/images.py [--cards 300] [--keep DIR]

`--keep` leaves the generated pack and outputs in DIR to look at.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

from estoril_pnp.build.cache import files_key, known_files, read_stamp

HERE = Path(__file__).resolve().parents[1]
GROUPS = ("harbour", "market", "voyage")
CARD = (63, 88)  # mm
PICTURE = (750, 1050)  # px
TARGETS = {"ratio": 1.5, "peak_mb": 400, "noop_s": 0.2}

# The raw script: the same pictures in the same grid, straight through ReportLab (JPEGs are
# passed through by drawImage), one page of backs after each page of fronts, mirrored.
RAW = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    pack, out = Path(sys.argv[1]), Path(sys.argv[2])
    W, H, BLEED = 63 * mm, 88 * mm, 3 * mm
    PAGE = (210 * mm, 297 * mm)
    cw, ch = W + 2 * BLEED, H + 2 * BLEED
    x0, y0 = (PAGE[0] - 3 * cw) / 2, (PAGE[1] - 3 * ch) / 2
    back = str(pack / "images" / "back.jpg")
    for group in sys.argv[3:]:
        files = sorted((pack / "images" / group).glob("*.jpg"))
        canvas = Canvas(str(out / f"{group}.pdf"), pagesize=PAGE)
        for start in range(0, len(files), 9):
            page = files[start : start + 9]
            for i, file in enumerate(page):
                col, row = i % 3, i // 3
                canvas.drawImage(str(file), x0 + col * cw, y0 + (2 - row) * ch, cw, ch)
            canvas.showPage()
            for i in range(len(page)):
                col, row = 2 - i % 3, i // 3
                canvas.drawImage(back, x0 + col * cw, y0 + (2 - row) * ch, cw, ch)
            canvas.showPage()
        canvas.save()
    """
)

# Runs a command and prints the peak resident size of its largest process (itself or a worker),
# so figures from earlier children never mix in.
PEAK = textwrap.dedent(
    """
    import resource, subprocess, sys, time
    start = time.perf_counter()
    done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
    wall = time.perf_counter() - start
    sys.stderr.write(done.stderr)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"{wall} {used.ru_maxrss} {done.returncode} {used.ru_utime + used.ru_stime}")
    print(done.stdout, end="")
    """
)


@dataclass(frozen=True)
class Run:
    wall: float  # s
    peak_mb: float
    stdout: str
    cpu: float  # s, user + system, of the command and its workers


def measured(args: list[str], cwd: Path) -> Run:
    env = {**os.environ, "PYTHONPATH": str(HERE), "ESTORIL_PNP_CACHE": ""}
    done = subprocess.run(
        [sys.executable, "-c", PEAK, *args], cwd=cwd, env=env, capture_output=True, text=True, check=True
    )
    first, _, rest = done.stdout.partition("\n")
    wall, peak_kb, code, cpu = first.split()
    if code != "0":
        sys.exit(f"{' '.join(args)} failed ({code}):\n{done.stderr}{rest}")
    return Run(float(wall), int(peak_kb) / 1024, rest, float(cpu))


def picture(seed: int, target: Path) -> None:
    """A card's picture that does not compress away: shapes over a gradient, grain over all."""
    rng = random.Random(seed)
    base = [rng.randrange(256) for _ in range(6)]
    image = Image.linear_gradient("L").resize(PICTURE).convert("RGB")
    image = Image.merge(
        "RGB",
        [ch.point(lambda v, a=base[i], b=base[i + 3]: a + (b - a) * v // 255) for i, ch in enumerate(image.split())],
    )
    draw = ImageDraw.Draw(image)
    for _ in range(40):
        x, y = rng.randrange(PICTURE[0]), rng.randrange(PICTURE[1])
        r = rng.randrange(20, 220)
        colour = tuple(rng.randrange(256) for _ in range(3))
        (draw.ellipse if rng.random() < 0.5 else draw.rectangle)([x - r, y - r, x + r, y + r], fill=colour)
    image = image.filter(ImageFilter.GaussianBlur(2))
    grain = Image.effect_noise(PICTURE, 40).convert("RGB")
    Image.blend(image, grain, 0.18).save(target, "JPEG", quality=85)


def make_pack(root: Path, cards: int) -> None:
    per = -(-cards // len(GROUPS))
    (root / "i18n").mkdir(parents=True)
    (root / "layouts").mkdir()
    (root / "pack.yaml").write_text('title: "Picture benchmark"\n', encoding="utf-8")
    (root / "i18n" / "en.yaml").write_text("back: Back\n", encoding="utf-8")
    kinds = "\n".join(
        f"  {g}: {{size: [{CARD[0]}, {CARD[1]}], group: {g}, items: {g}.yaml, face: bench_card, back: bench_back}}"
        for g in GROUPS
    )
    (root / "components.yaml").write_text(f"pieces:\n{kinds}\n", encoding="utf-8")
    (root / "layouts" / "bench.yaml").write_text(
        textwrap.dedent(
            f"""\
            layouts:
              bench_card:
                size: [{CARD[0]}, {CARD[1]}]
                elements:
                  art: {{verb: image, box: [0, 0, {CARD[0]}, {CARD[1]}], fit: cover, bleed: true}}
              bench_back:
                size: [{CARD[0]}, {CARD[1]}]
                elements:
                  art: {{verb: image, box: [0, 0, {CARD[0]}, {CARD[1]}], image: back.jpg, fit: cover, bleed: true}}
            """
        ),
        encoding="utf-8",
    )
    (root / "images").mkdir()
    picture(0, root / "images" / "back.jpg")
    n = 0
    for group in GROUPS:
        folder = root / "images" / group
        folder.mkdir()
        lines = []
        for _ in range(min(per, cards - n)):
            n += 1
            picture(n, folder / f"c{n:03}.jpg")
            lines.append(f"- {{id: c{n:03}, face: {{art: {group}/c{n:03}.jpg}}}}")
        (root / f"{group}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=300)
    parser.add_argument("--keep", type=Path)
    options = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="estoril-images-")) if options.keep is None else options.keep
    if options.keep is not None:
        shutil.rmtree(work, ignore_errors=True)
    try:
        pack, out, raw = work / "pack", work / "out", work / "raw"
        start = time.perf_counter()
        make_pack(pack, options.cards)
        raw.mkdir()
        print(f"{options.cards} pictures of {PICTURE[0]} × {PICTURE[1]} px made in {time.perf_counter() - start:.1f} s")
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (a shared machine: times vary)")
        build = [sys.executable, "-m", "estoril_pnp", "build", "--pack", str(pack), "--lang", "en", "--out", str(out)]

        ours = measured(build, HERE)
        theirs = measured([sys.executable, "-c", RAW, str(pack), str(raw), *GROUPS], HERE)
        ratio = ours.wall / theirs.wall
        print(
            f"cold build --lang en    {ours.wall:6.2f} s   raw ReportLab {theirs.wall:6.2f} s   ×{ratio:.2f}"
            f"   (≤ ×{TARGETS['ratio']}: {verdict(ratio <= TARGETS['ratio'])})"
        )
        serial = measured([*build[:-1], str(work / "serial"), "--jobs", "1"], HERE)
        print(f"  the same on one core (--jobs 1): {serial.wall:.2f} s, ×{serial.wall / theirs.wall:.2f}")

        sheets = sorted((out / "en" / "a4").glob("*.pdf"))
        size = sum(p.stat().st_size for p in sheets)
        back = (pack / "images" / "back.jpg").stat().st_size
        shown = sum(p.stat().st_size for g in GROUPS for p in (pack / "images" / g).glob("*.jpg"))
        shown += back * len(GROUPS)  # the back once in each group's PDF
        allowed = 1.05 * shown + 1e6
        raw_size = sum(p.stat().st_size for p in raw.glob("*.pdf"))
        print(
            f"sheets {size / 1e6:7.1f} MB   pictures {shown / 1e6:.1f} MB   allowed {allowed / 1e6:.1f} MB"
            f"   raw ReportLab {raw_size / 1e6:.1f} MB   ({verdict(size <= allowed)})"
        )
        print(
            f"peak memory {ours.peak_mb:6.0f} MB   raw ReportLab {theirs.peak_mb:.0f} MB"
            f"   (< {TARGETS['peak_mb']} MB: {verdict(ours.peak_mb < TARGETS['peak_mb'])})"
        )

        noop = min((measured(build, HERE) for _ in range(3)), key=lambda r: r.wall)  # the best of 3: a shared machine
        start = time.perf_counter()
        files_key(pack, known_files([read_stamp(out / "en" / "a4")]))
        looking = time.perf_counter() - start
        start = time.perf_counter()
        files_key(pack)
        hashing = time.perf_counter() - start
        idle = min(
            (measured([sys.executable, "-m", "estoril_pnp", "--version"], HERE) for _ in range(3)), key=lambda r: r.wall
        )
        print(
            f"no-op rebuild {noop.wall:6.2f} s   (≤ {TARGETS['noop_s']} s: {verdict(noop.wall <= TARGETS['noop_s'])})"
            f"   CPU {noop.cpu:.2f} s   of which looking at the pack's files {looking:.3f} s (hashing them all:"
            f" {hashing:.2f} s), starting the command {idle.wall:.2f} s (CPU {idle.cpu:.2f} s)"
        )

        changed = sorted((pack / "images" / GROUPS[1]).glob("*.jpg"))[len(GROUPS) // 2]
        picture(10_000, changed)
        again = measured(build, HERE)
        drawn = sorted(Path(line).name for line in again.stdout.splitlines() if line.strip().endswith(".pdf"))
        want = [f"{GROUPS[1]}.pdf"]
        print(
            f"{changed.relative_to(pack)} replaced: drawn again {', '.join(drawn) or 'nothing'} in {again.wall:.2f} s"
            f"   (only {want[0]}: {verdict(drawn == want)})"
        )
    finally:
        if options.keep is None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
