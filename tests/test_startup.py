"""What a quick answer must not load: a rebuild with nothing changed and one score run
without the drawing, PDF, image, template or font libraries (their cost is most of a
start-up; `bench/startup.py` times it). Counted in a fresh interpreter, as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # seconds each: left out of the quick loop

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("reportlab", "jinja2", "PIL", "pypdfium2", "fontTools", "svglib", "cssselect2", "babel")
RUN = """
import json, sys
from estoril_pnp.cli import app
code = 0
try:
    app(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
print(json.dumps({"code": code, "loaded": sorted({m.split(".")[0] for m in sys.modules} & set(HEAVY))}))
""".replace("HEAVY", repr(HEAVY))


def loaded(*args: str) -> tuple[int, list[str], str]:
    done = subprocess.run([sys.executable, "-c", RUN, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    last = json.loads(done.stdout.strip().splitlines()[-1])
    return last["code"], last["loaded"], done.stdout


@pytest.mark.parametrize("lang", ["en", "all"])
def test_a_rebuild_with_nothing_changed_loads_no_drawing_library(tmp_path: Path, lang: str) -> None:
    out = str(tmp_path / "out")
    code, first, _ = loaded("build", "--lang", lang, "--quiet", "--out", out)
    assert code in (0, None) and "reportlab" in first  # the first build draws
    code, again, said = loaded("build", "--lang", lang, "--quiet", "--out", out)
    assert code in (0, None) and "Nothing changed" in said
    assert again == []


def test_a_rebuild_after_a_change_draws_again(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    subprocess.run(["cp", "-r", str(ROOT / "data"), str(pack)], check=True)
    out = str(tmp_path / "out")
    loaded("build", "--pack", str(pack), "--quiet", "--out", out)
    (pack / "characters.yaml").write_text(
        (pack / "characters.yaml").read_text(encoding="utf-8").replace('"Garbo"', '"Garbo Jr."'), encoding="utf-8"
    )
    code, again, said = loaded("build", "--pack", str(pack), "--out", out)
    assert code in (0, None) and "characters.pdf" in said and "reportlab" in again
    (tmp_path / "out" / "en" / "a4" / "missions.pdf").unlink()
    code, _, said = loaded("build", "--pack", str(pack), "--out", out)
    assert "missions.pdf" in said and "Nothing changed" not in said


def test_scoring_a_record_loads_no_drawing_library() -> None:
    code, mods, said = loaded("score", "data/examples/scoring.yaml")
    assert code in (0, None) and "Winner" in said
    assert set(mods) <= {"babel"}  # plural forms come from CLDR
