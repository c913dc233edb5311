"""Edit → seen: `estoril-pnp watch` on a copy of the shipped pack; one character's strength is
changed in its file, and the time is taken until the page's event stream announces the state
in which that card has a new picture (and the picture can be fetched). Prints each edit's
seconds and their median.

    python bench/watch.py [--edits N]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.request import urlopen

HERE = Path(__file__).resolve().parents[1]
CARD = "characters/lucky_luciano"
LINE = 'id: lucky_luciano, name: "C. Lucky Luciano",  nationality: IT, strength: 5'


def started(pack: Path, out: Path) -> tuple[subprocess.Popen[str], str]:
    """The watch process and its address, once its first look is done."""
    command = [sys.executable, "-m", "estoril_pnp", "watch", "--pack", str(pack), "--out", str(out), "--port", "0"]
    env = {**os.environ, "PYTHONPATH": str(HERE)}
    process = subprocess.Popen(command, cwd=HERE, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    url = line.split("http://", 1)[1].split("/", 1)[0]
    while not state(url)["links"]:  # the first build is done
        time.sleep(0.2)
    return process, f"http://{url}"


def state(url: str) -> dict:
    with urlopen(f"{url if url.startswith('http') else 'http://' + url}/state.json") as answer:
        return json.load(answer)


def picture(current: dict) -> str:
    return next(p["src"] for p in current["pictures"] if p["name"].startswith(CARD))


def seen(url: str, before: str, edit: float) -> float:
    """Seconds from `edit` until an event brings a state with a new picture of the card."""
    with urlopen(f"{url}/events") as events:
        for raw in events:
            if raw.startswith(b"data:"):
                src = picture(state(url))
                if src != before:
                    with urlopen(url + src) as image:
                        image.read()
                    return time.perf_counter() - edit
    raise RuntimeError("the event stream ended")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=5)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="estoril-watch-") as tmp:
        pack = Path(tmp) / "pack"
        shutil.copytree(HERE / "data", pack)
        process, url = started(pack, Path(tmp) / "out")
        try:
            characters = pack / "characters.yaml"
            times = []
            for n in range(options.edits):
                text = characters.read_text(encoding="utf-8")
                old, new = LINE, LINE.replace("strength: 5", "strength: 4")
                if n % 2:  # back again
                    old, new = new, old
                before = picture(state(url))
                time.sleep(3)  # the build that follows each look is done
                start = time.perf_counter()
                characters.write_text(text.replace(old, new, 1), encoding="utf-8")
                times.append(seen(url, before, start))
                print(f"edit {n + 1}: {times[-1]:.3f} s")
            load = os.getloadavg()[0]
            print(f"edit → seen: median {statistics.median(times):.3f} s of {len(times)} (load average {load:.1f})")
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(timeout=30)


if __name__ == "__main__":
    main()
