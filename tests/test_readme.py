"""The README's score examples work when copied: every record block scores, every command runs."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from test_score_cli import EXAMPLE_ANSWERS

pytestmark = pytest.mark.slow  # seconds each: left out of the quick loop

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
SCORE_START = README.index("### Score a finished game")
SCORE_SECTION = README[SCORE_START : README.index("\n#", SCORE_START + 1)]


def indented_blocks(text: str) -> list[str]:
    """Markdown's indented code blocks, without their indentation."""
    blocks = re.findall(r"(?:^|\n\n)((?:    .*\n|\n)+)", text)
    return ["\n".join(line[4:] for line in block.rstrip().splitlines()) + "\n" for block in blocks]


RECORDS = [block for block in indented_blocks(README) if block.startswith("players:")]
COMMANDS = [
    line.split("  #")[0].strip()
    for block in indented_blocks(SCORE_SECTION)
    for line in block.splitlines()
    if re.match(r"^(estoril-pnp |.*\| estoril-pnp )", line)
]


def test_the_readme_has_the_examples_this_file_runs() -> None:
    assert len(RECORDS) >= 2
    assert len(COMMANDS) == 4


def run(command: str, folder: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """`command` as a user would type it, with estoril-pnp being this checkout."""
    here = f"{shlex.quote(sys.executable)} -m estoril_pnp"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    return subprocess.run(
        ["bash", "-c", command.replace("estoril-pnp", here)],
        cwd=folder,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("record", RECORDS, ids=[f"record{i}" for i in range(len(RECORDS))])
def test_each_record_block_scores(tmp_path: Path, record: str) -> None:
    (tmp_path / "game.yaml").write_text(record, encoding="utf-8")
    result = run("estoril-pnp score --json game.yaml", tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["winners"]


@pytest.mark.parametrize("command", COMMANDS)
def test_each_score_command_runs_as_written(tmp_path: Path, command: str) -> None:
    # the commands name game.yaml and game.json: the README's first record, in both forms
    (tmp_path / "game.yaml").write_text(RECORDS[0], encoding="utf-8")
    (tmp_path / "game.json").write_text(json.dumps(yaml.safe_load(RECORDS[0])), encoding="utf-8")
    answers = "".join(f"{a}\n" for a in [*EXAMPLE_ANSWERS, ""]) if "--interactive" in command else None
    result = run(command, tmp_path, answers)
    assert result.returncode == 0, result.stderr
    assert "Winner: Red (Ana)" in result.stdout or '"winners": [' in result.stdout
    assert result.stderr == ""


def _section(title: str) -> str:
    start = README.index(title)
    return README[start : README.index("\n#", start + 1)]


# The examples of the Languages and Packs sections, in the order they are given
OTHER_COMMANDS = [
    line.split("  #")[0].strip()
    for title in ("## Languages", "## Packs")
    for block in indented_blocks(_section(title))
    for line in block.splitlines()
    if line.startswith("estoril-pnp ")
]


def test_the_languages_and_packs_examples_run_as_written(tmp_path: Path) -> None:
    import shutil

    assert len(OTHER_COMMANDS) == 4
    shutil.copytree(ROOT / "data", tmp_path / "mypack")  # the pack the examples call mypack
    shutil.copytree(ROOT / "tests" / "fixtures", tmp_path / "tests" / "fixtures")
    for command in OTHER_COMMANDS:
        done = run(command, tmp_path)
        # `i18n check` of a new, empty language has work to list: exit 1, as documented
        assert done.returncode in ((1,) if " check " in command else (0,)), (command, done.stderr)
        assert "Traceback" not in done.stderr
    assert (tmp_path / "mypack" / "i18n" / "it.yaml").is_file()
    assert (tmp_path / "output" / "tiny" / "en" / "a4" / "cards.pdf").is_file()
