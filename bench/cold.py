"""A cold `build --lang all` (into a new folder) from the shell, on 1, 2 and every core:
the median wall time of a few runs, the CPU time of the build and its workers, and the peak
memory of its largest process (the parent or one worker).

    python bench/cold.py [--runs N] [--checkout DIR] [--lang all|en|…]

`--lang en` times one language: its sheets, rulebook and score page drawn at once.

`--checkout` times another checkout (say `git worktree add ../before <commit>`; one without
`--jobs` is timed once, as it builds on one core whatever is asked).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from estoril_pnp.build.parallel import cores

HERE = Path(__file__).resolve().parents[1]


def cold(checkout: Path, lang: str, jobs: int | None, out: Path) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak MB of one cold build."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    args = ["build", "--lang", lang, "--quiet", "--out", str(out)] + ([] if jobs is None else ["--jobs", str(jobs)])
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    subprocess.run([sys.executable, "-m", "estoril_pnp", *args], cwd=checkout, env=env, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss / 1024  # the largest child so far: the figures only grow with the cores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--checkout", type=Path, default=HERE)
    parser.add_argument("--lang", default="all")
    options = parser.parse_args()
    parallel = "--jobs" in (options.checkout / "estoril_pnp" / "cli.py").read_text(encoding="utf-8")
    every = cores()
    load = os.getloadavg()[0]
    print(f"{options.checkout}: {every} cores, load average {load:.1f} (a shared machine: figures vary)")
    with tempfile.TemporaryDirectory(prefix="estoril-cold-") as tmp:
        for jobs in sorted({1, 2, every}) if parallel else [None]:
            runs = [cold(options.checkout, options.lang, jobs, Path(tmp) / f"{jobs}-{n}") for n in range(options.runs)]
            wall, cpu = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
            label = "one core (no --jobs)" if jobs is None else f"--jobs {jobs}"
            peak = max(r[2] for r in runs)
            print(f"{label:<22} {wall:5.2f} s wall, {cpu:5.2f} s CPU, peak {peak:.0f} MB per process")


if __name__ == "__main__":
    main()
