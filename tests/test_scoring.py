"""The scoring rules, each variant and option, the tie-breaks, and properties of random games."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from conftest import PACK, SHIPPED
from hypothesis import given, settings
from hypothesis import strategies as st
from records import Options, PlayerRecord, Record, Variant, from_data, score

from estoril_pnp.games.estoril.sample import random_record
from estoril_pnp.scoring import bounds
from estoril_pnp.scoring import sheet as scoresheet
from estoril_pnp.scoring.calc import ContestResult, Result, SeatScore, compile_expr
from estoril_pnp.scoring.sheet import Sheet

SHEET = SHIPPED.sheet


def player(colour: str, hand: list[str], discards: int | list[str] = 0, **more: str) -> PlayerRecord:
    return PlayerRecord(colour, tuple(hand), discards if isinstance(discards, int) else tuple(discards), **more)


def play(
    *players: PlayerRecord,
    missions: list[str],
    variants: tuple[Variant, ...] = (),
    enigma: str | None = None,
    options: Options | None = None,
    sheet: Sheet = SHEET,
) -> Result:
    record = Record(tuple(players), tuple(missions), enigma, frozenset(variants))
    return score(sheet, record, options or Options())


def by_colour(result: Result) -> dict:
    return {p.seat.id: p for p in result.players}


def missions(result: Result) -> tuple[ContestResult, ...]:
    return result.contests.get("missions", ())


def mission_points(result: Result) -> dict[str, dict[str, int]]:
    return {m.id: dict(m.points) for m in missions(result)}


def points(p: SeatScore, category: str) -> int:
    return p.figures[category]


def completed(p: SeatScore) -> int:
    return p.figures["missions_completed"]


def measure(mission: str, cards: list[str]) -> int:
    """What the sheet's measure of `mission` counts among `cards`."""
    pieces = [next(c.by_id[i] for c in SHEET.collections.values() if i in c.by_id) for i in cards]
    return compile_expr(SHEET.measures[mission])(None, pieces)  # type: ignore[arg-type]  # a measure reads no player


RED_EXAMPLE = ["hans_r", "elizabeth", "araujo", "garbo", "clark_g", "e_windsor"]  # 13 printed VP
YELLOW_EXAMPLE = ["j_bourbon", "s_smith", "zsa_zsa_g"]
EXAMPLE_MISSIONS = ["strongest", "most_diplomat", "most_assassin", "most_seducer"]


@pytest.mark.parametrize("x", [{"xyz": [1, 2]}, {"plus": [1, {"xyz": 2, "of": ["it"]}]}], ids=["alone", "nested"])
def test_an_expression_of_no_known_form_is_named_not_taken_for_another(x: dict) -> None:
    # `validate` refuses such a sheet; this is the interpreters' own guard, on a sheet changed by hand
    with pytest.raises(ValueError, match="unknown form 'xyz'"):
        compile_expr(x)
    broken = replace(SHEET, measures={**SHEET.measures, "most_women": x}, plans={})
    with pytest.raises(ValueError, match="unknown form 'xyz'"):
        list(bounds.beyond(broken))
    with pytest.raises(ValueError, match="unknown form 'xyz'"):
        play(player("red", RED_EXAMPLE), player("yellow", YELLOW_EXAMPLE), missions=EXAMPLE_MISSIONS, sheet=broken)


def test_rulebook_worked_example_scores_29_for_red() -> None:
    result = play(player("red", RED_EXAMPLE, 7), player("yellow", YELLOW_EXAMPLE, 2), missions=EXAMPLE_MISSIONS)
    red = by_colour(result)["red"]
    assert (points(red, "discards"), points(red, "hand"), points(red, "missions")) == (7, 13, 9)
    assert red.total == 29
    assert mission_points(result)["strongest"] == {"red": 6}  # red alone
    assert mission_points(result)["most_diplomat"] == {"red": 3, "yellow": 3}  # shared with yellow
    assert completed(red) == 2


def test_symbol_missions_count_every_symbol_and_double_symbols_twice() -> None:
    cards = list(("j_bourbon", "clark_g", "garbo"))
    assert measure("most_diplomat", cards) == 3


def test_woman_mission_counts_women() -> None:
    cards = list(("elizabeth", "zsa_zsa_g", "garbo"))
    assert measure("most_women", cards) == 2


def test_nationality_mission_counts_characters() -> None:
    cards = list(("araujo", "pires", "salazar", "garbo"))
    assert measure("most_portuguese", cards) == 3


def test_six_flag_mission_counts_distinct_flags_a_second_french_character_adds_nothing() -> None:
    cards = list(("antoine_s_e", "g_rene", "garbo", "hans_r"))
    assert measure("other_nations", cards) == 2  # FR once, ES; DE is not on the card


def test_strength_mission_sums_strength_as_in_the_rulebook() -> None:
    cards = list(("lucky_luciano", "garbo", "c_rosa", "g_rene", "pires", "otto_m"))
    assert [PACK.characters[c].strength for c in cards] == [5, 3, 2, 0, 4, 2]
    assert measure("strongest", cards) == 16


def test_discards_never_count_for_missions() -> None:
    result = play(player("red", [], ["s_smith", "c_rosa"]), player("blue", ["nora_s"]), missions=["most_assassin"])
    assert mission_points(result)["most_assassin"] == {"blue": 6}


def test_ties_split_the_mission_rounded_down() -> None:
    three = play(
        player("red", ["s_smith"]), player("blue", ["c_rosa"]), player("green", ["nora_s"]), missions=["most_assassin"]
    )
    assert mission_points(three)["most_assassin"] == {"red": 2, "blue": 2, "green": 2}
    four = play(
        player("red", ["s_smith"]),
        player("blue", ["c_rosa"]),
        player("green", ["nora_s"]),
        player("yellow", ["g_rene"]),
        missions=["most_assassin"],
    )
    assert mission_points(four)["most_assassin"] == {"red": 1, "blue": 1, "green": 1, "yellow": 1}  # 6 // 4
    assert all(completed(p) == 1 for p in four.players)


def test_nobody_wins_a_mission_with_none_of_it_by_default() -> None:
    result = play(player("red", ["garbo"]), player("blue", ["clark_g"]), missions=["most_assassin"])
    assert mission_points(result)["most_assassin"] == {}
    assert all(completed(p) == 0 for p in result.players)
    lone = play(player("red", ["garbo"]), player("blue", ["s_smith"]), missions=["most_assassin"])
    assert mission_points(lone)["most_assassin"] == {"blue": 6}


def test_option_zero_wins_lets_players_with_none_share_a_mission() -> None:
    result = play(
        player("red", ["garbo"]),
        player("blue", ["clark_g"]),
        missions=["most_assassin"],
        options=Options(zero_wins=True),
    )
    assert mission_points(result)["most_assassin"] == {"red": 3, "blue": 3}
    assert all(completed(p) == 1 for p in result.players)


ISP: tuple[Variant, ...] = ("important_second_place",)


def test_important_second_place_gives_the_runner_up_3() -> None:
    result = play(
        player("red", ["i_shouwaloff", "s_smith"]),
        player("blue", ["c_rosa"]),
        player("green", ["garbo"]),
        missions=["most_assassin"],
        variants=ISP,
    )
    assert mission_points(result)["most_assassin"] == {"red": 6, "blue": 3}  # green has none: no third prize
    assert completed(by_colour(result)["blue"]) == 0  # second place is not completing


def test_important_second_place_tie_for_first_splits_9_and_gives_no_second() -> None:
    result = play(
        player("red", ["i_shouwaloff"]),
        player("blue", ["c_rosa", "s_smith"]),
        player("green", ["nora_s"]),
        missions=["most_assassin"],
        variants=ISP,
    )
    assert mission_points(result)["most_assassin"] == {"red": 4, "blue": 4}  # 9 // 2, green gets nothing


def test_important_second_place_tie_for_second_splits_3() -> None:
    result = play(
        player("red", ["i_shouwaloff"]),
        player("blue", ["c_rosa"]),
        player("green", ["nora_s"]),
        missions=["most_assassin"],
        variants=ISP,
    )
    assert mission_points(result)["most_assassin"] == {"red": 6, "blue": 1, "green": 1}


def test_important_second_place_runner_up_needs_at_least_one() -> None:
    result = play(player("red", ["s_smith"]), player("blue", ["garbo"]), missions=["most_assassin"], variants=ISP)
    assert mission_points(result)["most_assassin"] == {"red": 6}


def test_option_rounding_up_applies_to_important_second_place_splits() -> None:
    up = Options(rounding="up")
    second = play(
        player("red", ["i_shouwaloff"]),
        player("blue", ["c_rosa"]),
        player("green", ["nora_s"]),
        missions=["most_assassin"],
        variants=ISP,
        options=up,
    )
    assert mission_points(second)["most_assassin"] == {"red": 6, "blue": 2, "green": 2}
    first = play(
        player("red", ["s_smith"]), player("blue", ["c_rosa"]), missions=["most_assassin"], variants=ISP, options=up
    )
    assert mission_points(first)["most_assassin"] == {"red": 5, "blue": 5}


def test_base_game_splits_round_down_whatever_the_rounding_option() -> None:
    result = play(
        player("red", ["s_smith"]),
        player("blue", ["c_rosa"]),
        player("green", ["nora_s"]),
        player("yellow", ["g_rene"]),
        missions=["most_assassin"],
        options=Options(rounding="up"),
    )
    assert mission_points(result)["most_assassin"] == {"red": 1, "blue": 1, "green": 1, "yellow": 1}


def test_secret_missions_scores_every_mission_for_everyone() -> None:
    result = play(
        player("red", ["s_smith"]),
        player("blue", ["otto_m"]),
        player("green", ["salazar"]),
        missions=["most_assassin", "most_conspirator", "most_nationalist", "most_seducer"],
        variants=("secret_missions",),
    )
    assert mission_points(result) == {
        "most_assassin": {"red": 6},
        "most_conspirator": {"blue": 6},
        "most_nationalist": {"green": 6},
        "most_seducer": {},
    }


RECRUIT: tuple[Variant, ...] = ("secret_recruitment",)


def test_secret_recruitment_counts_symbols_in_hand_and_discards_but_not_starting_characters() -> None:
    red = player("red", ["zsa_zsa_g"], ["amelia", "elizabeth"], recruitment="most_seducer")
    blue = player("blue", [], [], recruitment="most_assassin")
    result = play(red, blue, missions=["strongest"], variants=RECRUIT)
    assert by_colour(result)["red"].figures["recruitment"] == 3  # 2 on Zsa Zsa G., 1 on Amélia; not Elizabeth
    assert by_colour(result)["blue"].figures["recruitment"] == 0
    counted = play(red, blue, missions=["strongest"], variants=RECRUIT, options=Options(recruit_starting=True))
    assert by_colour(counted)["red"].figures["recruitment"] == 4


def test_secret_recruitment_nationality_counts_characters_and_flags_count_kinds() -> None:
    red = player("red", ["pires"], ["a_ferro", "araujo"], recruitment="most_portuguese")
    blue = player("blue", ["antoine_s_e"], ["g_rene", "garbo"], recruitment="other_nations")
    result = by_colour(play(red, blue, missions=["strongest"], variants=RECRUIT))
    assert result["red"].figures["recruitment"] == 2  # Araújo is a starting character
    assert result["blue"].figures["recruitment"] == 2  # France once, Spain


def test_enigma_gives_2_to_its_holder_only() -> None:
    result = by_colour(play(player("red", []), player("blue", []), missions=["strongest"], enigma="blue"))
    assert (result["red"].figures["enigma"], result["blue"].figures["enigma"]) == (0, 2)


TIE_MISSIONS = ["most_assassin", "most_conspirator", "most_nationalist", "most_seducer"]


def test_most_vp_wins_without_tie_break() -> None:
    result = play(player("red", ["s_smith"], 5), player("blue", ["otto_m"]), missions=TIE_MISSIONS)
    assert (result.winners, result.tiebreak) == (("red",), None)
    assert [(p.seat.id, p.rank) for p in result.players] == [("red", 1), ("blue", 2)]


def test_tie_on_vp_goes_to_more_missions_completed() -> None:
    red = player("red", ["s_smith", "otto_m"])  # 6 printed VP, 2 missions: 18
    blue = player("blue", ["salazar"], 11)  # 1 printed VP, 1 mission, 11 discards: 18
    result = play(red, blue, missions=TIE_MISSIONS)
    assert [p.total for p in result.players] == [18, 18]
    assert (result.winners, result.tiebreak) == (("red",), "missions_completed")
    assert [p.rank for p in result.players] == [1, 2]


def test_then_to_more_printed_vp_in_hand() -> None:
    red = player("red", ["s_smith"])  # 3 + 6
    blue = player("blue", ["salazar"], 2)  # 1 + 6 + 2
    result = play(red, blue, missions=TIE_MISSIONS)
    assert (result.winners, result.tiebreak) == (("red",), "hand_vp")


def test_else_the_victory_is_shared_and_both_rank_first() -> None:
    result = play(player("red", ["s_smith"]), player("blue", ["otto_m"]), missions=TIE_MISSIONS)
    assert (result.winners, result.tiebreak) == (("red", "blue"), "shared")
    assert [p.rank for p in result.players] == [1, 1]


def test_tie_break_order_comes_from_the_sheet() -> None:
    red = player("red", ["s_smith", "otto_m"])  # 18: 2 missions, 6 in hand
    blue = player("blue", ["garbo", "clark_g"], 10)  # 18: no mission, 8 in hand
    assert play(red, blue, missions=TIE_MISSIONS).winners == ("red",)
    ranking = {**SHEET.ranking, "tiebreaks": SHEET.ranking["tiebreaks"][::-1]}
    result = play(red, blue, missions=TIE_MISSIONS, sheet=replace(SHEET, ranking=ranking, plans={}))
    assert (result.winners, result.tiebreak) == (("blue",), "hand_vp")


def test_vp_values_come_from_the_pack() -> None:
    model = SHIPPED.model
    numbers = {**model.numbers(), "vp_discard": 2, "vp_mission": 10, "vp_enigma": 5}
    doubled = scoresheet.load(SHIPPED.files.path("scoring.yaml"), numbers, model.score_pieces())
    result = play(
        player("red", ["s_smith"], 3), player("blue", []), missions=["most_assassin"], enigma="red", sheet=doubled
    )
    red = by_colour(result)["red"]
    assert (points(red, "discards"), points(red, "missions"), points(red, "enigma")) == (6, 10, 5)


# Properties of random legal games ------------------------------------------------------------------

records = st.randoms(use_true_random=False).map(lambda rng: from_data(random_record(PACK, rng)))
options = st.builds(
    Options, zero_wins=st.booleans(), rounding=st.sampled_from(["down", "up"]), recruit_starting=st.booleans()
)


@given(records, options)
def test_total_is_the_sum_of_a_breakdown_that_matches_the_record(record: Record, opts: Options) -> None:
    result = score(SHEET, record, opts)
    vp = PACK.game.vp
    for p in record.players:
        s = by_colour(result)[p.colour]
        b = s.figures
        assert s.total == b["discards"] + b["hand"] + b["missions"] + b["enigma"] + b["recruitment"]
        assert b["discards"] == p.discard_count * vp.discard
        assert b["hand"] == sum(PACK.characters[c].vp for c in p.hand)
        assert b["missions"] == sum(m.points.get(p.colour, 0) for m in missions(result))
        assert b["enigma"] == (vp.enigma if record.enigma == p.colour else 0)


@given(records)
def test_a_mission_never_hands_out_more_than_its_prizes(record: Record) -> None:
    vp = PACK.game.vp
    cap = vp.mission + (vp.second_place if "important_second_place" in record.variants else 0)
    for m in missions(score(SHEET, record, record.options)):
        assert sum(m.points.values()) <= cap


@given(records, st.randoms(use_true_random=False))
def test_the_order_of_players_in_the_record_does_not_matter(record: Record, rng: random.Random) -> None:
    shuffled = replace(record, players=tuple(rng.sample(record.players, len(record.players))))
    assert score(SHEET, shuffled, record.options) == score(SHEET, record, record.options)


@pytest.mark.slow
@given(records, st.lists(st.text(max_size=12), min_size=4, max_size=4))
def test_renaming_players_changes_only_the_names(record: Record, names: list[str]) -> None:
    renamed = replace(record, players=tuple(replace(p, name=n) for p, n in zip(record.players, names, strict=False)))
    before, after = score(SHEET, record, record.options), score(SHEET, renamed, record.options)
    unnamed = [replace(p, seat=replace(p.seat, name=None)) for p in after.players]
    assert unnamed == [replace(p, seat=replace(p.seat, name=None)) for p in before.players]
    assert (after.contests, after.winners, after.tiebreak) == (before.contests, before.winners, before.tiebreak)
    assert {p.seat.id: p.seat.name for p in after.players} == {p.colour: p.name for p in renamed.players}


@settings(max_examples=50)
@given(records)
def test_every_winner_ranks_first_and_only_winners_do(record: Record) -> None:
    result = score(SHEET, record, record.options)
    assert {p.seat.id for p in result.players if p.rank == 1} == set(result.winners)
    assert result.players[0].total == max(p.total for p in result.players)
    assert (result.tiebreak is None) == (sum(p.total == result.players[0].total for p in result.players) == 1)
