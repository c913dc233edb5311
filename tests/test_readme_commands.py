"""Every concrete command the README shows runs as written, in its order, from a fresh folder:
a reader who copies one gets what the text beside it says (exit 0, the files it names)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
# a synopsis ([--lang en|all]) or a placeholder (mypack, game.yaml) is a form to fill, not a command
FORM = re.compile(r"[\[|<]|mypack|game\.(yaml|json)|--interactive|PROFILE")
LINE = re.compile(r"(?:^(?: {4})?|&& )(estoril-pnp [^#\n]*?)\s*(?:#.*)?$", re.M)
COMMANDS = [m.group(1) for m in LINE.finditer(README) if not FORM.search(m.group(1))]


def test_the_readme_shows_commands_to_run() -> None:
    assert len(COMMANDS) >= 10, COMMANDS
    assert any(c.startswith("estoril-pnp preflight ") for c in COMMANDS)


@pytest.mark.slow  # whole builds, exports and a showcase
def test_every_readme_command_runs_as_written(tmp_path: Path) -> None:
    for folder in ("tests", "examples", "data"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for command in COMMANDS:
        args = command.split()[1:]
        args = [a.strip("'") for a in args]
        done = subprocess.run(
            [sys.executable, "-m", "estoril_pnp", *args], cwd=tmp_path, env=env, capture_output=True, text=True,
            timeout=600,
        )  # fmt: skip
        assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
    assert (tmp_path / "output" / "en" / "png" / "characters" / "lucky_luciano.png").is_file()
    assert (tmp_path / "output" / "en" / "showcase-hand.png").is_file()
