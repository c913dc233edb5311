"""Reading a game record: names as players write them, the options field, saving and reading back."""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import SHIPPED
from records import dump

from estoril_pnp.errors import InputError
from estoril_pnp.games.estoril.model import Estoril
from estoril_pnp.games.estoril.sample import random_record
from estoril_pnp.scoring import record as scorerecord
from estoril_pnp.scoring.calc import Played
from estoril_pnp.source import yamlsrc
from estoril_pnp.source.yamlsrc import Located

BASE = """\
players:
  - colour: red
    hand: [{hand}]
    discards: 2
  - colour: blue
    hand: []
    discards: 0
missions: [{missions}]
"""


def parse(src: Located) -> Played:
    return scorerecord.parse(SHIPPED.sheet, src, {}, SHIPPED.catalogs)


def names(collections: list[str], what: str) -> scorerecord.Names:
    return scorerecord.names(SHIPPED.sheet, collections, SHIPPED.catalogs, what)


def hand_of(*names: str) -> Any:
    text = BASE.format(hand=", ".join(names), missions="most_assassin, strongest, other_nations, most_women")
    return parse(yamlsrc.parse(text, "game.yaml")).players[0].values["hand"]


@pytest.mark.parametrize(
    ("written", "meant"),
    [
        ("lucky_luciano", "lucky_luciano"),  # id
        ("C. Lucky Luciano", "lucky_luciano"),  # printed name
        ("c. lucky LUCIANO", "lucky_luciano"),  # any case
        ("luciano", "lucky_luciano"),  # an unambiguous part
        ("Araujo", "araujo"),  # without the accent
        ("ARAÚJO", "araujo"),
        ("zsa zsa", "zsa_zsa_g"),
    ],
)
def test_characters_are_found_by_id_printed_name_or_an_unambiguous_part(written: str, meant: str) -> None:
    assert hand_of(written) == (meant,)


def test_missions_and_colours_by_printed_title() -> None:
    text = BASE.format(hand="", missions="Assassins, STRENGTH, other nations, women").replace("blue", "Yellow")
    record = parse(yamlsrc.parse(text, "game.yaml"))
    assert record.values["missions"] == ("most_assassin", "strongest", "other_nations", "most_women")
    assert [p.id for p in record.players] == ["red", "yellow"]


def test_an_ambiguous_name_lists_the_candidates() -> None:
    with pytest.raises(ValueError) as caught:
        names(["starting", "reward"], "character").resolve("ro")
    assert str(caught.value) == "character 'ro' is ambiguous: Roque, C. Rosa, A. Ferro, A. Monteiro"


def test_an_unknown_name_suggests_the_closest() -> None:
    with pytest.raises(ValueError, match=r"unknown character 'Garbbo'; did you mean Garbo\?"):
        names(["starting", "reward"], "character").resolve("Garbbo")
    with pytest.raises(ValueError, match="did you mean Assassins"):
        names(["missions"], "mission").resolve("most_asassin")


def test_a_json_record_is_read_with_its_lines() -> None:
    text = (
        '{"players": [{"colour": "red", "hand": [], "discards": 1},\n'
        '{"colour": "teal", "hand": [], "discards": 1}],\n"missions": []}'
    )
    with pytest.raises(InputError) as caught:
        parse(yamlsrc.parse(text, "game.json"))
    messages = [str(f) for f in caught.value.findings]
    assert any(m.startswith("game.json:2: players[1].colour: unknown colour 'teal'") for m in messages)


def test_options_field_sets_the_documented_decisions() -> None:
    text = BASE.format(hand="", missions="most_assassin, strongest, other_nations, most_women")
    options = ("zero_wins", "rounding", "recruit_starting")
    default = parse(yamlsrc.parse(text, "game.yaml"))
    assert [default.switches[o] for o in options] == [False, "down", False]
    text += "options: {zero_wins: true, rounding: up, recruit_starting: true}\n"
    assert [parse(yamlsrc.parse(text, "game.yaml")).switches[o] for o in options] == [True, "up", True]


def test_a_saved_random_record_is_legal_and_reads_back_unchanged(pack: Estoril) -> None:
    rng = random.Random(7)
    for _ in range(200):
        record = {**random_record(pack, rng), "options": {"rounding": "up"}}
        assert parse(yamlsrc.parse(dump(record), "saved.yaml")) == parse(Located("record", record))
