from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from conftest import replace_once
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.errors import InputError
from estoril_pnp.games.estoril.model import Estoril
from estoril_pnp.pack.load import load_pack

runner = CliRunner()


def test_shipped_pack_holds_the_whole_game(pack: Estoril) -> None:
    assert len(pack.reward) == 27
    assert len(pack.starting) == 6
    assert len(pack.game.colours) == 4
    assert len(pack.missions) == 12
    assert [p.number for p in pack.locations] == list(range(1, 9))
    luciano = pack.characters["lucky_luciano"]
    assert (luciano.name, luciano.strength, luciano.vp, luciano.nationality) == ("C. Lucky Luciano", 5, 1, "IT")


def test_double_symbols_and_women_are_counted(pack: Estoril) -> None:
    assert pack.characters["j_bourbon"].symbols.count("diplomat") == 2
    assert pack.characters["zsa_zsa_g"].symbols == ("seducer", "seducer", "woman")


def test_museum_has_four_spaces_and_a_centre_reward(pack: Estoril) -> None:
    museum = pack.locations[-1]
    assert [s.numeral for s in museum.spaces] == ["I", "II", "III", "IV"]
    assert museum.reward.at == "C"
    assert [s.peek for s in museum.spaces][-1] == "any"


def test_the_model_is_immutable(pack: Estoril) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        pack.characters["garbo"].strength = 9  # type: ignore[misc]


def only_finding(pack_dir: Path) -> str:
    with pytest.raises(InputError) as caught:
        load_pack(pack_dir)
    assert len(caught.value.findings) == 1, caught.value.findings
    return str(caught.value.findings[0])


FAULTS = [
    # (file, old text, new text, key path in the message, words in the message)
    ("characters.yaml", 'name: "Garbo",', 'name: "Garbo"', "", "YAML syntax"),
    ("characters.yaml", "id: s_smith,", "id: garbo,", "reward[11].id", "duplicate id 'garbo'"),
    (
        "characters.yaml",
        "abilities: [nationalist, nationalist]",
        "abilities: [nationalist, sniper]",
        "reward[21].abilities[1]",
        "unknown symbol 'sniper'",
    ),
    ("characters.yaml", "strength: 5,", 'strength: "five",', "reward[26].strength", "a whole number"),
    (
        "characters.yaml",
        "vp: 4, abilities: [nationalist], woman: false}",
        "vp: 4, abilities: [nationalist], woman: false, colour: red}",
        "reward[7].colour",
        "unknown key",
    ),
    ("characters.yaml", "nationality: HU,", "nationality: AT,", "reward[25].nationality", "unknown nationality 'AT'"),
    ("missions.yaml", "symbol: woman}", "symbol: women}", "missions[5].symbol", "unknown symbol 'women'"),
    ("missions.yaml", "kind: strength}", "kind: power}", "missions[11]", "unknown kind 'power'"),
    (
        "locations.yaml",
        "{numeral: IV,  at: BL",
        "{numeral: III, at: BL",
        "locations[7].spaces[3].numeral",
        "I, II, III, IV in order",
    ),
    ("locations.yaml", "rule: casino_dice\n", "rule: roulette\n", "locations[5].rule", "unknown rule 'roulette'"),
    ("game.yaml", "hand_limit: 6", "hand_limit: -6", "hand_limit", "more than 0"),
    # numbers that would turn into endless work are bounded
    ("game.yaml", "rounds: 4", "rounds: 1000000", "rounds", "at most 99 (got 1000000)"),
    ("game.yaml", "hand_limit: 6", f"hand_limit: {10**400}", "hand_limit", "at most 99 (got 1000000"),
    # a date-like year is a text in YAML 1.2
    ("game.yaml", "year: 2016", "year: 2016-13-45", "year", "must be a whole number (got '2016-13-45')"),
    ("game.yaml", "dice: 2 ", "dice: 100 ", "dice", "at most 99"),
    ("components.yaml", "copies: 6}", "copies: 5000000}", "pieces.marker.copies", "at most 1000"),
    ("missions.yaml", "flags: [ES, FR, IT, HU, SU, YU]", f"flags: {['ES'] * 60}", "missions[10].flags", "at most 50"),
    ("game.yaml", "missions_in_play: 4", "missions_in_play: 13", "missions_in_play", "13 in play, but only 12"),
    # numbers a pack accepts but no game could be played with
    (
        "game.yaml",
        "grid: {rows: 2, cols: 3}",
        "grid: {rows: 3, cols: 3}",
        "grid",
        "3 × 3 locations a round, but the pack has 8",
    ),
    (
        "game.yaml",
        "secret_missions: {face_up: 1, min_players: 3}",
        "secret_missions: {face_up: 1, min_players: 5}",
        "secret_missions.min_players",
        "5 players, but the game takes at most 4: the variant could never be played",
    ),
    ("missions.yaml", "flags: [ES, FR, IT, HU, SU, YU]", "flags: []", "missions[10].flags", "at least 1 item"),
    (
        "pack.yaml",
        'title: "City of Spies: Estoril 1942"',
        "title: ''",
        "title",
        "must be at least 1 character long",
    ),
    (
        "game.yaml",
        "secret_missions: {face_up: 1, min_players: 3}",
        "secret_missions: {face_up: 9, min_players: 3}",
        "secret_missions.face_up",
        "9 face up + 1 for each of 4 players is more than the 12 missions",
    ),
    (
        "game.yaml",
        "seducer:     {reach: neighbours}",
        "seducer:     {reach: next}",
        "abilities.seducer.reach",
        "unknown reach 'next'",
    ),
    (
        "locations.yaml",
        "{numeral: IV,  at: BL, top_secret: true,  peek: any}",
        "{numeral: IV,  at: BL, top_secret: true,  peek: far}",
        "locations[7].spaces[3].peek",
        "unknown peek 'far'",
    ),
    (
        "locations.yaml",
        "{numeral: II,  at: TL, top_secret: false, peek: none}",
        "{numeral: II,  at: TL, top_secret: true, peek: none}",
        "locations[2].spaces[1].top_secret",
        "lays every card here face up",
    ),
    (
        "locations.yaml",
        "{id: no_assassin, blocks: assassin}",
        "{id: no_assassin, blocks: woman}",
        "rules[0].blocks",
        "'woman' is not an ability",
    ),
    (
        "characters.yaml",
        "strength: 2, vp: 4, abilities: [diplomat]",
        "strength: 2, abilities: [diplomat]",
        "reward[24]",
        "missing key 'vp'",
    ),
]


@pytest.mark.parametrize(("file", "old", "new", "key", "words"), FAULTS, ids=[f[4] for f in FAULTS])
def test_each_fault_names_file_line_and_key(
    pack_copy: Path, file: str, old: str, new: str, key: str, words: str
) -> None:
    line = replace_once(pack_copy / file, old, new)
    message = only_finding(pack_copy)
    assert message.startswith(f"{pack_copy / file}:")
    reported_line = int(message.split(":")[1])
    # a syntax error is reported where the parser noticed it, at or after the fault
    assert reported_line == line if key else reported_line >= line
    assert key in message
    assert words in message


def test_missing_file_is_named(pack_copy: Path) -> None:
    (pack_copy / "missions.yaml").unlink()
    assert only_finding(pack_copy) == f"{pack_copy / 'missions.yaml'}: file not found"


def test_yaml_tags_that_run_code_are_refused(pack_copy: Path) -> None:
    replace_once(pack_copy / "game.yaml", "rounds: 4", "rounds: !!python/object/apply:os.system ['true']")
    assert only_finding(pack_copy).endswith(
        "game.yaml:7: rounds: unsupported YAML tag tag:yaml.org,2002:python/object/apply:os.system"
    )


def test_all_faults_of_a_file_are_reported_together(pack_copy: Path) -> None:
    replace_once(pack_copy / "characters.yaml", "strength: 5,", 'strength: "five",')
    replace_once(
        pack_copy / "characters.yaml", "vp: 4, abilities: [seducer], woman: true}", "abilities: [seducer], woman: true}"
    )
    with pytest.raises(InputError) as caught:
        load_pack(pack_copy)
    messages = [str(f) for f in caught.value.findings]
    assert len(messages) == 2
    assert any("missing key 'vp'" in m for m in messages)


def test_player_counts_need_colours_and_order(pack_copy: Path) -> None:
    replace_once(pack_copy / "game.yaml", "players: {min: 2, max: 4}", "players: {min: 5, max: 5}")
    replace_once(pack_copy / "game.yaml", "markers_per_player: {2: 6, 3: 4, 4: 3}", "markers_per_player: {5: 2}")
    with pytest.raises(InputError) as caught:
        load_pack(pack_copy)
    messages = [str(f).split(": ", 1)[1] for f in caught.value.findings]
    assert messages == ["players.max: 5 players need 5 colours; 4 given"]
    replace_once(pack_copy / "game.yaml", "players: {min: 5, max: 5}", "players: {min: 4, max: 3}")
    with pytest.raises(InputError) as caught:
        load_pack(pack_copy)
    assert "players: min 4 is more than max 3" in str(caught.value)


def test_a_fifth_action_space_is_refused_at_the_spaces_key(pack_copy: Path) -> None:
    fourth = "{numeral: IV,  at: BL, top_secret: true,  peek: any}"
    fifth = "{numeral: IV, at: C, top_secret: true, peek: any}"
    text = (pack_copy / "locations.yaml").read_text(encoding="utf-8")
    line = text[: text.index("    spaces:", text.index('name: "Museu'))].count("\n") + 1  # the Museum's spaces key
    replace_once(pack_copy / "locations.yaml", fourth, f"{fourth}\n      - {fifth}")
    message = only_finding(pack_copy)
    where = f"{pack_copy / 'locations.yaml'}:{line}: locations[7].spaces"
    assert message.startswith(f"{where}: must hold at most 4 items")


HOTEL_SPACES = (
    "    spaces:\n"
    "      - {numeral: I,   at: BR, top_secret: true,  peek: none}\n"
    "      - {numeral: II,  at: BL, top_secret: true,  peek: this}\n"
    "      - {numeral: III, at: TL, top_secret: true,  peek: adjacent}\n"
)


@pytest.mark.parametrize(
    ("spaces", "count"),
    [("    spaces: []\n", 0), ("    spaces:\n      - {numeral: I,   at: BR, top_secret: true,  peek: none}\n", 1)],
)
def test_a_location_with_fewer_than_three_spaces_is_one_finding_and_builds_nothing(
    pack_copy: Path, tmp_path: Path, spaces: str, count: int
) -> None:
    line = replace_once(pack_copy / "locations.yaml", HOTEL_SPACES, spaces)
    where = f"{pack_copy / 'locations.yaml'}:{line}: locations[1].spaces"
    checked = runner.invoke(app, ["validate", "--pack", str(pack_copy)])
    assert checked.exit_code == 1
    assert [x for x in checked.output.splitlines() if x.startswith("error:")] == [
        f"error: {where}: {count} action spaces; a location has at least 3 (game.yaml: min_action_spaces)"
    ]
    built = runner.invoke(app, ["build", "--pack", str(pack_copy), "--out", str(tmp_path / "out"), "-q"])
    assert built.exit_code == 2
    assert where in built.output
    assert not list(tmp_path.glob("out/**/*.pdf"))
