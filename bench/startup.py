"""The command line as a user meets it, timed from the shell: `build --lang all` with nothing
changed (warm), the same into a fresh folder (cold), and `score` of the worked example.

Two checkouts run in paired, alternating turns (A B, B A, …) so a machine busy with other
work slows both alike; each figure is the median of its runs, wall time and CPU time (user +
system) of the child process. Each checkout is copied to a temporary folder and compiled
to bytecode first, as `pip install` leaves a package (this environment sets
PYTHONDONTWRITEBYTECODE, which would otherwise make every run compile the sources again).

    python bench/startup.py --before DIR [--after DIR] [--runs N] [--cold-runs N] [--importtime]

Each side keeps its own cache of parsed YAML, in the temporary folder (`ESTORIL_PNP_CACHE= python
bench/startup.py …` times both without one).

`--before` is the checkout to compare with (say `git worktree add ../before <commit>`);
`--after` defaults to this checkout. `--importtime` also prints each side's ten costliest imports (python -X importtime)
for the warm build.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def run(checkout: Path, args: Sequence[str], extra: Sequence[str] = ()) -> tuple[float, float, str]:
    """One run of `python -m estoril_pnp ARGS` in `checkout`: wall seconds, CPU seconds, stderr."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, *extra, "-m", "estoril_pnp", *args],
        cwd=checkout,
        env={
            **os.environ,
            "PYTHONPATH": str(checkout),
            "PYTHONDONTWRITEBYTECODE": "1",
            # each side keeps its own cache of parsed YAML (sides whose entries differ would replace
            # each other's, and every read would be a first one); ESTORIL_PNP_CACHE= times none
            "ESTORIL_PNP_CACHE": "" if os.environ.get("ESTORIL_PNP_CACHE") == "" else f"{checkout}-yaml-cache",
        },
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{checkout}: {' '.join(args)} failed:\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stderr


def paired(
    sides: dict[str, Path], runs: int, args: Callable[[str, int], Sequence[str]]
) -> dict[str, tuple[list[float], list[float]]]:
    """Each side `runs` times, alternating which goes first; wall and CPU seconds per side."""
    out: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in sides}
    for n in range(runs):
        order = list(sides) if n % 2 == 0 else list(reversed(sides))
        for name in order:
            wall, cpu, _ = run(sides[name], args(name, n))
            out[name][0].append(wall)
            out[name][1].append(cpu)
    return out


def report(what: str, results: dict[str, tuple[list[float], list[float]]]) -> None:
    cells = [
        f"{name} {statistics.median(wall):.3f} s wall, {statistics.median(cpu):.3f} s CPU"
        for name, (wall, cpu) in results.items()
    ]
    print(f"{what:<34} " + " | ".join(cells) + f"  ({len(next(iter(results.values()))[0])} runs each)")


def top_imports(checkout: Path, args: Sequence[str], count: int = 10) -> list[str]:
    _, _, err = run(checkout, args, ["-X", "importtime"])
    rows = []  # (cumulative µs, depth, module) of the top-level imports and theirs
    for line in err.splitlines():
        match = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|( +)(\S+)", line)
        if match and len(match.group(3)) <= 3:
            rows.append((int(match.group(2)), len(match.group(3)) // 2, match.group(4)))
    total = sum(us for us, depth, _ in rows if depth == 0)
    lines = [f"{us / 1000:7.1f} ms  {'  ' * depth}{name}" for us, depth, name in sorted(rows, reverse=True)[:count]]
    return [f"{total / 1000:7.1f} ms  (all imports)", *lines]


def installed(checkout: Path, target: Path) -> Path:
    """The checkout's package, pack, templates and fonts copied to `target` and compiled to bytecode."""
    for part in ("estoril_pnp", "data", "templates", "fonts"):
        shutil.copytree(checkout / part, target / part, ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(target / "estoril_pnp")], check=True)
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the checkout to compare with (a git worktree)")
    parser.add_argument("--after", type=Path, default=HERE)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--cold-runs", type=int, default=3)
    parser.add_argument("--importtime", action="store_true")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="estoril-bench-") as tmp:
        sides = {
            name: installed(folder, Path(tmp) / name)
            for name, folder in (("before", options.before), ("after", options.after))
        }
        warm = {name: Path(tmp) / f"warm-{name}" for name in sides}
        for name, checkout in sides.items():  # the first build, that the timed ones find unchanged
            run(checkout, ["build", "--lang", "all", "--quiet", "--out", str(warm[name])])
        report(
            "build --lang all, nothing changed",
            paired(
                sides, options.runs, lambda name, _: ["build", "--lang", "all", "--quiet", "--out", str(warm[name])]
            ),
        )
        report(
            "score data/examples/scoring.yaml",
            paired(sides, options.runs, lambda name, _: ["score", "data/examples/scoring.yaml"]),
        )

        def cold(name: str, n: int) -> list[str]:
            folder = Path(tmp) / f"cold-{name}-{n}"
            shutil.rmtree(folder, ignore_errors=True)
            return ["build", "--lang", "all", "--quiet", "--out", str(folder)]

        report("build --lang all into a new folder", paired(sides, options.cold_runs, cold))
        if options.importtime:
            for name, checkout in sides.items():
                print(f"\nimports of the warm build, {name}:")
                args = ["build", "--lang", "all", "--quiet", "--out", str(warm[name])]
                print("\n".join(top_imports(checkout, args)))


if __name__ == "__main__":
    main()
