"""The typed reader against hostile packs: every odd value in every kind of field is refused at
its own line, in the words users know, by validate, build and score alike; none is let through.

The seeded mutations change a value to one of a type no field of its place accepts (every
field is strict and of one type), so each must be refused; odd values of the right type
(huge, NaN, empty) must end as a result or a located finding, never a traceback.
"""

from __future__ import annotations

import copy
import random
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import ROOT, assert_clean_outcome
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.errors import InputError
from estoril_pnp.files.resources import default_pack
from estoril_pnp.games.estoril.load import FILES
from estoril_pnp.pack.manifest import Manifest, PackInfo
from estoril_pnp.pack.ttsspec import TtsSpec
from estoril_pnp.source import typed, yamlsrc

runner = CliRunner()
TINY = ROOT / "tests" / "fixtures" / "tiny_game"
RECORD = str(default_pack() / "examples" / "scoring.yaml")
LOCATED = re.compile(r"^error: (?P<file>\S+\.yaml):(?P<line>\d+): (?P<key>[^:\s][^:]*): \S")
MODELS: dict[str, type[typed.Record]] = {
    "pack.yaml": PackInfo,
    "components.yaml": Manifest,
    "tts.yaml": TtsSpec,
    **{file: model for file, model in FILES.values()},
}


def findings(model: type[typed.Record], text: str) -> list[str]:
    with pytest.raises(InputError) as caught:
        typed.load(model, yamlsrc.parse(text, "f.yaml"))
    return [str(f) for f in caught.value.findings]


# -- a value of the wrong shape under a length limit is named by its type, not its length


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("decks: {a: {title: [], cards: [x]}}", "decks.a.title: must be a text (got [])"),
        ("decks: {a: {title: {}, cards: [x]}}", "decks.a.title: must be a text (got {})"),
        ("decks: {a: {title: [a, b], cards: [x]}}", "decks.a.title: must be a text (got [a, b])"),
        ("decks: {a: {title: x, cards: {}}}", "decks.a.cards: must be a list (got {})"),
        ("singles: {}\ndecks: {a: {title: x, cards: [x]}}", "singles: must be a list (got {})"),
        ("decks: {a: {title: x, cards: [[x]]}}", "decks.a.cards[0]: must be a text (got [x])"),
    ],
)
def test_a_misshapen_value_is_named_by_its_type(text: str, expected: str) -> None:
    assert findings(TtsSpec, text) == [f"f.yaml:1: {expected}"]


def test_a_mapping_where_a_bounded_list_stands_is_not_a_long_list() -> None:
    colours = ", ".join(f"c{i}: 1" for i in range(11))  # 11 entries, over the 10 colours allowed
    found = findings(FILES["game"][1], f"colours: {{{colours}}}\n")
    mine = [f for f in found if f.startswith("f.yaml:1: colours:")]
    assert len(mine) == 1 and mine[0].startswith("f.yaml:1: colours: must be a list (got {c0: 1, "), found
    numbers = ", ".join(f"n{i}" for i in range(300))
    assert findings(PackInfo, f"title: x\nnumbers: [{numbers}]\n")[0].startswith(
        "f.yaml:2: numbers: expected a mapping of keys to values (got [n0, "
    )


def test_a_long_list_is_still_refused_by_its_length() -> None:
    flags = ", ".join(["DE"] * 51)
    assert findings(FILES["missions"][1], f"missions: [{{id: a, kind: flags, flags: [{flags}]}}]\n")[0].startswith(
        "f.yaml:1: missions[0].flags: must hold at most 50 items (it holds 51)"
    )


# -- a mission's kind


@pytest.mark.parametrize("kind", ["potato", "[symbol]", "{symbol: 1}", "null", "1", "true", "'symbol\\n'"])
def test_an_odd_kind_is_refused_at_the_kind_line(kind: str) -> None:
    text = f"missions:\n  - id: a\n    symbol: woman\n    kind: {kind}\n"
    found = findings(FILES["missions"][1], text)
    assert len(found) == 1, found
    assert found[0].startswith("f.yaml:4: missions[0].kind: unknown kind ")
    assert found[0].endswith("expected 'symbol', 'nationality', 'flags' or 'strength'")


def test_a_missing_kind_is_named() -> None:
    assert findings(FILES["missions"][1], "missions:\n  - id: a\n    symbol: woman\n") == [
        "f.yaml:2: missions[0].kind: missing key 'kind'"
    ]


# -- through the real commands, on copies of the shipped pack and of the model-less fixture


def planted(tmp_path: Path, source: Path, file: str, old: str, new: str) -> Path:
    pack = tmp_path / "pack"
    shutil.copytree(source, pack)
    text = (pack / file).read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    (pack / file).write_text(text.replace(old, new), encoding="utf-8")
    return pack


def assert_located(output: str, file: str, key: str, words: str) -> None:
    lines = [line for line in output.splitlines() if line.startswith("error: ")]
    assert lines, output
    for line in lines:
        assert LOCATED.match(line), line
    assert any(f"/{file}:" in line and f" {key}: " in line and words in line for line in lines), output


def short(value: object) -> str:
    return value.name if isinstance(value, Path) else str(value)[:30]


HOSTILE = [
    # (pack, file, old, new, key, words)
    (default_pack(), "game.yaml", "year: 2016", "year: 0x" + "f" * 9000, "year", "a number of more than"),
    (
        default_pack(),
        "game.yaml",
        "publisher: MEBO Games",
        "publisher: 0o" + "7" * 5000,  # YAML 1.2 reads 59:59 as text; octal still writes a huge number short
        "publisher",
        "a number of",
    ),
    (default_pack(), "game.yaml", "rounds: 4", "rounds: .nan", "rounds", "a whole number (got .nan)"),
    (default_pack(), "game.yaml", "rounds: 4", "rounds: [4]", "rounds", "a whole number (got [4])"),
    (
        default_pack(),
        "game.yaml",
        "players: {min: 2, max: 4}",
        "players: {min: 2, max: 4, 3: 1}",
        "players[3]",
        "unknown key",
    ),
    (
        default_pack(),
        "game.yaml",
        "{id: red,    shape: circle",
        '{id: "red\\n",    shape: circle',
        "colours[0].id",
        '"red\\n" is not an id',
    ),
    (default_pack(), "missions.yaml", "kind: strength}", "kind: [strength]}", "missions[11].kind", "unknown kind"),
    (default_pack(), "components.yaml", "copies: 6}", "copies: 0}", "pieces.marker.copies", "at least"),
    (
        default_pack(),
        "components.yaml",
        "{size: [16, 16]",
        "{size: [16, 16, 16]",
        "pieces.marker.size",
        "must hold exactly 2 items",
    ),
    (default_pack(), "tts.yaml", "{title: Missions,", "{title: [],", "decks.missions.title", "a text (got [])"),
    (default_pack(), "pack.yaml", "model: estoril", "model: {estoril: 1}", "model", "a text"),
    (TINY, "pack.yaml", "lamps: 5}", "lamps: 0x" + "f" * 9000 + "}", "numbers.lamps", "a number of more than"),
    (TINY, "pack.yaml", "lamps: 5}", "lamps: -0.0}", "numbers.lamps", "a whole number (got -0.0)"),
    (TINY, "components.yaml", "copies: 2}", "copies: 1000000000}", "pieces.aid.copies", "at most 1000"),
    (
        TINY,
        "components.yaml",
        "back: lamp_back}",
        "back: lamp_back, reverse: lamp_back}",
        "pieces.lamp_card",
        "not both",
    ),
    (TINY, "components.yaml", "size: [63, 88]", "size: [true, .inf]", "pieces.lamp_card.size[0]", "a number"),
]


@pytest.mark.parametrize(("source", "file", "old", "new", "key", "words"), HOSTILE, ids=short)
def test_validate_names_each_hostile_value(
    tmp_path: Path, source: Path, file: str, old: str, new: str, key: str, words: str
) -> None:
    pack = planted(tmp_path, source, file, old, new)
    result = runner.invoke(app, ["validate", "--pack", str(pack)], env={"COLUMNS": "300"})
    assert_clean_outcome(result, 1)
    assert_located(result.output, file, key, words)


@pytest.mark.parametrize(
    ("source", "file", "old", "new", "key", "words"), [h for h in HOSTILE if "0x" in h[3]], ids=short
)
def test_build_and_score_refuse_a_huge_number_and_write_nothing(
    tmp_path: Path, source: Path, file: str, old: str, new: str, key: str, words: str
) -> None:
    pack = planted(tmp_path, source, file, old, new)
    out = tmp_path / "out"
    for args in (["build", "--pack", str(pack), "--out", str(out)], ["score", "--pack", str(pack), RECORD]):
        result = runner.invoke(app, args, env={"COLUMNS": "300"})
        assert_clean_outcome(result, 2)
        assert_located(result.stderr, file, key, words)
    assert not out.exists() or not any(out.iterdir())


# -- seeded mutations of every file the typed reader reads


def paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document: each value, by its path."""
    out = [path] if path else []
    if isinstance(data, dict):
        for key, value in data.items():
            out += paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += paths(value, (*path, i))
    return out


def foreign(value: Any, rng: random.Random) -> Any:
    """A value of a type no field that holds `value` accepts: every field is strict and of one
    type (a number field takes any number; `X | None` is why None is left out)."""
    kinds: list[Any] = ["ten", "", "a\n", 7, 10**400, -(10**400), True, [1, "x"], [], {"k": 1}, {}, [None]]
    numbers = (int, float)
    family = numbers if type(value) in numbers else (type(value),)
    return rng.choice([k for k in kinds if type(k) not in family])


def odd(rng: random.Random) -> Any:
    return rng.choice([0, -1, 10**400, float("inf"), float("-inf"), float("nan"), -0.0, 99, 100, "", "x" * 300, None])


def get(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def put(data: Any, path: tuple[Any, ...], value: Any) -> None:
    get(data, path[:-1])[path[-1]] = value


SEEDS = range(60)
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


@pytest.mark.parametrize("file", sorted(MODELS))
def test_seeded_mutations_are_refused_at_their_line(file: str) -> None:
    refused = 0
    for folder in [default_pack(), *([TINY] if (TINY / file).is_file() else [])]:
        shipped = yaml.load((folder / file).read_text(encoding="utf-8"), Loader=LOADER)
        places = paths(shipped)
        mappings = [p for p in [(), *places] if isinstance(get(shipped, p), dict)]
        for seed in SEEDS:
            rng = random.Random(f"{file}:{seed}")
            data = copy.deepcopy(shipped)
            if seed % 3 == 2:  # a key no record names, and no mapping of ids or of numbers takes
                where = rng.choice(mappings)
                get(data, where)[True] = 1
            else:
                where = rng.choice(places)
                put(data, where, foreign(get(data, where), rng) if seed % 3 == 0 else odd(rng))
            try:
                src = yamlsrc.parse(yaml.dump(data, Dumper=DUMPER, sort_keys=False), file)
                typed.load(MODELS[file], src)
            except InputError as exc:
                refused += 1
                for finding in exc.findings:
                    assert finding.line is not None and finding.key, (where, finding)
                    assert re.match(r"^\S+:\d+: [^:\s][^:]*: \S", str(finding)), str(finding)
            else:
                assert seed % 3 == 1, f"{file} {where}: a value of the wrong type was accepted (seed {seed})"
    assert refused >= len(SEEDS) * 2 // 3  # the mutations reach the reader
