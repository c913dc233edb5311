"""Who has a column is written in one place (scoring/seats.py): a record's player is a seat, a
team in a partnership game, and a co-operative game's players are the members of its one seat;
the JSON keys a seat by its colour id (or `team`) whatever order the record lists it in, and a
finding about a seat points at its place in the record."""

from __future__ import annotations

from conftest import ROOT, gallery_packs

from estoril_pnp.errors import InputError
from estoril_pnp.i18n.catalogs import Texts
from estoril_pnp.pack.load import Pack, load_pack
from estoril_pnp.scoring import calc, record, table
from estoril_pnp.scoring.seats import Seat, label, place, seats
from estoril_pnp.scoring.sheet import TEAM

GALLERY = ROOT / "examples" / "sheets"


def played(game: str, name: str) -> tuple[Pack, calc.Played]:
    pack = load_pack(GALLERY / game)
    return pack, record.read(pack.sheet, str(GALLERY / game / "records" / f"{name}.yaml"), {}, pack.catalogs)


def test_a_team_is_a_seat_with_its_members_at_its_place_in_the_record() -> None:
    pack, game = played("spades", "ns_wins")
    turned = calc.Played(game.players[::-1], game.values, game.switches)
    seated = seats(pack.sheet, turned.players)
    assert [(s.id, s.members, place(turned.players, s)) for s in seated] == [
        ("north_south", ("Ana", "Bo"), 1),  # the colours' order, pointing back into the record
        ("east_west", ("Cy", "Di"), 0),
    ]
    t = Texts(pack.catalogs, "en")
    assert label(pack.sheet, seated[0], t) == f"{t('colour.north_south')} (Ana, Bo)"
    same = table.to_json(pack.sheet, calc.score(pack.sheet, game))
    assert table.to_json(pack.sheet, calc.score(pack.sheet, turned)) == same
    assert [(p["colour"], p["members"]) for p in same["players"]] == [
        ("north_south", ["Ana", "Bo"]),
        ("east_west", ["Cy", "Di"]),
    ]


def test_a_co_operative_game_has_one_seat_the_team_whose_members_are_the_players() -> None:
    pack, game = played("pandemic", "lost_cards")
    named = calc.Played((Seat("blue", "Ana", {}), *game.players[:1]), game.values, game.switches)
    (team,) = seats(pack.sheet, named.players)
    assert (team.id, team.members, place(named.players, team)) == (TEAM, ("red", "Ana"), None)
    t = Texts(pack.catalogs, "en")
    assert label(pack.sheet, team, t) == f"{t('score.team.name')} ({t('colour.red')}, Ana)"  # a colour, not its id
    result = table.to_json(pack.sheet, calc.score(pack.sheet, named))
    assert [(p["colour"], p["members"]) for p in result["players"]] == [(TEAM, ["red", "Ana"])]
    assert result["winners"] == [] and result["outcome"] == "lost"


def test_every_gallery_record_seats_each_of_its_players_once() -> None:
    for folder in gallery_packs():
        pack = load_pack(folder)
        for path in sorted((folder / "records").glob("*.yaml")):
            try:
                game = record.read(pack.sheet, str(path), {}, pack.catalogs)
            except InputError:  # the impossible record of each game: refused before it is seated
                continue
            seated = seats(pack.sheet, game.players)
            if pack.sheet.together:
                assert len(seated) == 1 and len(seated[0].members) == len(game.players), path
            else:
                assert sorted(place(game.players, s) for s in seated) == list(range(len(game.players))), path
