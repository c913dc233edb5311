"""Reading a game record: names as players write them, the options field, saving and reading back."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from estoril_pnp import yamlsrc
from estoril_pnp.errors import InputError
from estoril_pnp.games.estoril.model import Estoril
from estoril_pnp.games.estoril.record import Options, Vocabulary, dump, parse
from estoril_pnp.games.estoril.sample import random_record

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


def hand_of(pack: Estoril, *names: str) -> tuple[str, ...]:
    text = BASE.format(hand=", ".join(names), missions="most_assassin, strongest, other_nations, most_women")
    return parse(pack, yamlsrc.parse(text, "game.yaml")).players[0].hand


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
def test_characters_are_found_by_id_printed_name_or_an_unambiguous_part(
    pack: Estoril, written: str, meant: str
) -> None:
    assert hand_of(pack, written) == (meant,)


def test_missions_and_colours_by_printed_title(pack: Estoril) -> None:
    text = BASE.format(hand="", missions="Assassins, STRENGTH, other nations, women").replace("blue", "Yellow")
    record = parse(pack, yamlsrc.parse(text, "game.yaml"))
    assert record.missions == ("most_assassin", "strongest", "other_nations", "most_women")
    assert [p.colour for p in record.players] == ["red", "yellow"]


def test_an_ambiguous_name_lists_the_candidates(pack: Estoril) -> None:
    with pytest.raises(ValueError) as caught:
        Vocabulary.of(pack).characters.resolve("ro")
    assert str(caught.value) == "character 'ro' is ambiguous: Roque, C. Rosa, A. Ferro, A. Monteiro"


def test_an_unknown_name_suggests_the_closest(pack: Estoril) -> None:
    with pytest.raises(ValueError, match=r"unknown character 'Garbbo'; did you mean Garbo\?"):
        Vocabulary.of(pack).characters.resolve("Garbbo")
    with pytest.raises(ValueError, match="did you mean Assassins"):
        Vocabulary.of(pack).missions.resolve("most_asassin")


def test_a_json_record_is_read_with_its_lines(pack: Estoril) -> None:
    text = (
        '{"players": [{"colour": "red", "hand": [], "discards": 1},\n'
        '{"colour": "teal", "hand": [], "discards": 1}],\n"missions": []}'
    )
    with pytest.raises(InputError) as caught:
        parse(pack, yamlsrc.parse(text, "game.json"))
    messages = [str(f) for f in caught.value.findings]
    assert any(m.startswith("game.json:2: players[1].colour: unknown colour 'teal'") for m in messages)


def test_options_field_sets_the_documented_decisions(pack: Estoril) -> None:
    text = BASE.format(hand="", missions="most_assassin, strongest, other_nations, most_women")
    default = parse(pack, yamlsrc.parse(text, "game.yaml"))
    assert default.options == Options(zero_wins=False, rounding="down", recruit_starting=False)
    text += "options: {zero_wins: true, rounding: up, recruit_starting: true}\n"
    assert parse(pack, yamlsrc.parse(text, "game.yaml")).options == Options(
        zero_wins=True, rounding="up", recruit_starting=True
    )


def test_a_saved_record_reads_back_unchanged(pack: Estoril) -> None:
    rng = random.Random(7)
    for _ in range(200):
        record = random_record(pack, rng)
        record = replace(record, options=Options(rounding="up"))
        assert parse(pack, yamlsrc.parse(dump(record), "saved.yaml")) == record
