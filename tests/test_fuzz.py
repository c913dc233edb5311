"""Fuzzing through the real CLI: mutated records and pack files give a result or our own error, never
a traceback or a hang.

A few hundred examples by default (well under a minute together); more with, for example,
ESTORIL_FUZZ_EXAMPLES=5000 (examples per test). ESTORIL_FUZZ_REPORT=file.json writes the
outcome counts there. `build` is not fuzzed: one build takes seconds, so `validate` (which
lays out every piece) and `list` stand in for it.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest
from conftest import PACK, SHIPPED
from fuzzing import mutate, run_judged
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from records import dump
from test_score_cli import EXAMPLE
from typer.testing import CliRunner, Result

from estoril_pnp import cli
from estoril_pnp.files.resources import default_pack
from estoril_pnp.games.estoril.sample import random_record
from estoril_pnp.pack import load as pack_module  # the commands look load_pack up here as they run
from estoril_pnp.pack.load import load_pack

pytestmark = pytest.mark.slow  # seconds each: left out of the quick loop

EXAMPLES = int(os.environ.get("ESTORIL_FUZZ_EXAMPLES", "0"))
runner = CliRunner()
TALLY: dict[str, Counter[str]] = {}
SECONDS: Counter[str] = Counter()


def fuzz_settings(default: int) -> settings:
    return settings(
        max_examples=EXAMPLES or default,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        database=None,  # fresh cases each run; a failure prints its reproduction
    )


# A seed, not hypothesis' own choices: mutations then spread evenly, and a failure names the seed
# that replays it (random.Random(seed) through fuzzing.mutate).
SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
RECORDS = [EXAMPLE, *(dump(random_record(PACK, random.Random(seed))) for seed in range(12))]
PACK_FILES = ["game.yaml", "characters.yaml", "missions.yaml", "locations.yaml", "components.yaml", "i18n/en.yaml"]


def legal_or(base: str, rng: random.Random) -> str:
    """Half the time a fresh legal record (every variant and size), so scoring sees many shapes."""
    return dump(random_record(PACK, rng)) if rng.random() < 0.5 else base


@pytest.fixture(scope="module", autouse=True)
def report() -> Iterator[None]:
    yield
    target = os.environ.get("ESTORIL_FUZZ_REPORT")
    if target:
        counts = {name: dict(tally) for name, tally in TALLY.items()}
        Path(target).write_text(json.dumps({"counts": counts, "seconds": dict(SECONDS)}, indent=2))


def shipped_pack_once(directory: Path) -> object:
    """The shipped pack is loaded once for all examples; a mutated copy is read every time."""
    return SHIPPED if directory == default_pack() else load_pack(directory)


def record(name: str, outcome: str, started: float | None) -> None:
    TALLY.setdefault(name, Counter())[outcome.split(":")[0]] += 1
    if started is not None:
        SECONDS[name.split(":")[0]] += time.monotonic() - started
    assert outcome in ("ok", "findings", "findings, the layout code raised", "refused"), outcome


@fuzz_settings(250)
@given(seed=SEEDS, base=st.sampled_from(RECORDS), json_out=st.booleans())
def test_mutated_records_are_scored_or_refused(seed: int, base: str, json_out: bool) -> None:
    started, rng = time.monotonic(), random.Random(seed)
    with tempfile.TemporaryDirectory() as folder, mock.patch.object(pack_module, "load_pack", shipped_pack_once):
        path = Path(folder) / rng.choice(["game.yaml", "game.json"])
        legal = rng.random() < 0.2  # a fresh legal record as it is: the scoring itself is fuzzed
        path.write_bytes(dump(random_record(PACK, rng)).encode() if legal else mutate(legal_or(base, rng), rng))
        args = ["score", *(["--json"] if json_out else []), str(path)]
        outcome = run_judged(lambda: runner.invoke(cli.app, args), (0, 2))
    record("records (legal, not mutated)" if legal else "records", outcome, started)


@fuzz_settings(60)
@given(seed=SEEDS, base=st.sampled_from(RECORDS))
def test_mutated_records_on_standard_input(seed: int, base: str) -> None:
    started, rng = time.monotonic(), random.Random(seed)
    with mock.patch.object(pack_module, "load_pack", shipped_pack_once):
        data = mutate(legal_or(base, rng), rng)
        outcome = run_judged(lambda: runner.invoke(cli.app, ["score", "-"], input=data), (0, 2))
    record("records on stdin", outcome, started)


@pytest.fixture(scope="module")
def pack_copy_for_fuzzing() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="estoril-fuzz-"))
    shutil.copytree(default_pack(), folder / "pack")
    yield folder / "pack"
    shutil.rmtree(folder)


@fuzz_settings(50)
@given(seed=SEEDS, file=st.sampled_from(PACK_FILES))
def test_mutated_pack_files_are_validated_or_refused(pack_copy_for_fuzzing: Path, seed: int, file: str) -> None:
    started, rng = time.monotonic(), random.Random(seed)
    target = pack_copy_for_fuzzing / file
    original = (default_pack() / file).read_text(encoding="utf-8")
    target.write_bytes(mutate(original, rng))
    try:
        pack, results = str(pack_copy_for_fuzzing), []
        checked = run_judged(lambda: keep(results, ["validate", "--pack", pack]), (0, 1, 2))
        if checked == "findings" and "the pieces could not be laid out" in results[-1].output:
            checked = "findings, the layout code raised"  # not a crash, but worth telling the layout's authors
        what = rng.choice(["characters", "missions", "locations"])
        listed = run_judged(lambda: runner.invoke(cli.app, ["list", what, "--pack", pack]), (0, 2))
    finally:
        target.write_text(original, encoding="utf-8")
    record(f"pack {file}: list", listed, None)
    record(f"pack {file}: validate", checked, started)


def keep(results: list[Result], args: list[str]) -> Result:
    results.append(runner.invoke(cli.app, args))
    return results[-1]
