"""Hostile tests of the score-sheet constructs of issue 37 (rounds, an instant loss, changes by the
player count, contests' `enters` and `tie: split_place`, `abs`, `member`, choices of up to N, a
choice's `mine`): each misuse of a sheet is one located finding, and a record one side refuses the
other refuses too (the command line and the phone page, the same record)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, assert_clean_outcome, replace_once
from test_hostile_sheets import copied, findings, refused
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.export import scorepage
from estoril_pnp.pack.load import load_pack

runner = CliRunner()
FORMS = Path(__file__).parent / "fixtures" / "sheets" / "forms"
COLORETTO = ROOT / "examples" / "sheets" / "coloretto"
OH_HELL = ROOT / "examples" / "sheets" / "oh_hell"


def page_faults(browser: Any, tmp_path: Path, pack_dir: Path, texts: list[str]) -> list[list[str]]:
    """The phone page's faults for each record text (an empty list: the page scores it)."""
    from test_score_page import CHROMIUM, Watched

    if CHROMIUM is None:
        pytest.skip("chromium is not installed (.ci/run installs it)")
    pack = load_pack(pack_dir)
    page = tmp_path / "page" / scorepage.NAME
    page.parent.mkdir()
    page.write_text(scorepage.make_page(pack, scorepage.resolved_sheet(pack), [], "en", None), encoding="utf-8")
    watched = Watched(browser, page.as_uri())
    got = watched.page.evaluate("texts => scorePage.scoreAll(texts)", texts)
    assert watched.errors == []
    watched.close()
    return [x.get("faults", []) for x in got]


# ---- records: the command line and the page refuse the same ----------------------------------

PORTENTS_TWICE = (
    "players:\n  - {colour: red, coins: 26, route: 3, main: alba, omens: [sun]}\n"
    "  - {colour: blue, coins: 12, route: 5, main: cora, omens: [comet]}\nscenario: short\nportents: [sun, sun]\n"
)


def test_a_games_choices_naming_one_piece_twice_is_refused(tmp_path: Path) -> None:
    # `portents` is the game's, over a collection each player has a copy of (`once: player`): its
    # pieces are all different all the same, as the page has always said
    record = tmp_path / "game.yaml"
    record.write_text(PORTENTS_TWICE, encoding="utf-8")
    assert refused(FORMS, record) == [f"error: {record}:5: portents[1]: omen 'sun' appears twice (also at portents[0])"]


@pytest.mark.slow  # a real Chromium
def test_the_page_refuses_a_games_choices_naming_one_piece_twice(browser: Any, tmp_path: Path) -> None:
    (faults,) = page_faults(browser, tmp_path, FORMS, [PORTENTS_TWICE])
    assert faults == ["Line 5 — sun is already taken: Line 5, portents."]


# ---- sheets: a bound no record can meet is one located finding ---------------------------------

SCORED = "{id: scored, per: player, kind: choices, of: hues, most: scoring_colours, label: score.label.scored}"
BEFORE_CATEGORIES = "\ncategories:\n"


def change(when: str, entries: str) -> str:
    return f"\nchanges:\n  - when: {when}\n    entries: {entries}\ncategories:\n"


@pytest.mark.parametrize(
    ("was", "now", "at", "says"),
    [
        (
            SCORED,
            SCORED.replace("most: scoring_colours", "count: -2"),
            "entries[8].count",
            "must be from 0 to 1000000 (got -2)",
        ),
        (
            SCORED,
            SCORED.replace("most: scoring_colours", "count: 9"),
            "entries[8].count",
            "must be at most 7, the pieces of 'hues' (got 9)",
        ),
        (
            SCORED,
            SCORED.replace("most: scoring_colours", "least: 8"),
            "entries[8].least",
            "must be at most 7, the pieces of 'hues' (got 8)",
        ),
        (
            SCORED,
            SCORED.replace("most: scoring_colours", "least: [players, 2], most: 5"),
            "entries[8].least",
            "must be at most 'most' (5); got 6 with 4 players",
        ),
        (
            BEFORE_CATEGORIES,
            change("{players: 3}", "{scored: {least: 5}}"),
            "changes[0].entries.scored.least",
            "must be at most 'most' (3); got 5",
        ),
        (
            BEFORE_CATEGORIES,
            change("{players: {min: 4}}", "{scored: {least: [players, -1]}}"),
            "changes[0].entries.scored.least",
            "must be at most 'most' (3); got 4 with 5 players",
        ),
        (
            BEFORE_CATEGORIES,
            change("{players: 2}", "{scored: {count: 8}}"),
            "changes[0].entries.scored.count",
            "must be at most 7, the pieces of 'hues' (got 8)",
        ),
        (
            BEFORE_CATEGORIES,
            change("{players: 2}", "{scored: {count: -1}}"),
            "changes[0].entries.scored.count",
            "must be from 0 to 1000000 (got -1)",
        ),
        (
            BEFORE_CATEGORIES,
            change("{players: 6}", "{scored: {most: 2}}"),
            "changes[0].when.players",
            "is never met: the sheet allows 2 to 5 players (got 6)",
        ),
        (
            BEFORE_CATEGORIES,
            change("{players: {min: 6}}", "{scored: {most: 2}}"),
            "changes[0].when.players",
            "is never met: the sheet allows 2 to 5 players (got {min: 6})",
        ),
    ],
    ids=[
        "negative count",
        "count above the pieces",
        "least above the pieces",
        "least above most with 4 players",
        "least above most by a change",
        "least above most by a change for 5 players",
        "count above the pieces by a change",
        "negative count by a change",
        "a player count the sheet never allows",
        "player counts the sheet never allows",
    ],
)
def test_a_choices_bound_no_record_can_meet_is_one_located_finding(
    tmp_path: Path, was: str, now: str, at: str, says: str
) -> None:
    pack = copied(tmp_path, COLORETTO)
    line = replace_once(pack / "scoring.yaml", was, now)
    if at.startswith("changes"):  # the line of the change's `when:` or `entries:`
        lines = (pack / "scoring.yaml").read_text(encoding="utf-8").splitlines()
        line = 1 + next(
            i for i, x in enumerate(lines) if x.startswith("    entries:" if ".entries." in at else "  - when:")
        )
    assert findings(pack) == [f"error: {pack / 'scoring.yaml'}:{line}: {at}: {says}"]
    assert refused(pack, pack / "records" / "three_players.yaml") == [
        f"error: {pack / 'scoring.yaml'}:{line}: {at}: {says}"
    ]


MAIN = "{id: main, per: player, kind: choice, of: states}"
MINE = "{id: main, per: player, kind: choice, of: states, mine: side}"
ALL_SEATS = "seats 'red', 'blue', 'green' could choose nothing:"
OWN_SIDE = " no piece of 'states' has the seat's colour id as its 'side'"
SIDES = {"alba": "red", "bria": "red", "cora": "blue", "dune": "blue", "esta": "green", "fala": "green"}


def sides(given: dict[str, str]) -> list[tuple[str, str]]:
    return [
        (f"{{id: {s}, fields: {{side: {SIDES[s]}}}}}", f"{{id: {s}, fields: {{side: {v}}}}}") for s, v in given.items()
    ]


@pytest.mark.parametrize(
    ("edits", "says"),
    [
        (
            sides({s: f"x{c}" for s, c in SIDES.items()}),
            ALL_SEATS + OWN_SIDE,
        ),
        (
            sides({s: str(i) for i, s in enumerate(SIDES)}),
            ALL_SEATS + OWN_SIDE,
        ),
        (
            sides({"alba": "blue", "bria": "blue"}),
            "seat 'red' could choose nothing:" + OWN_SIDE,
        ),
        (
            [(MINE, MINE.replace("mine: side", "mine: side, except: [alba, bria]"))],
            "seat 'red' could choose nothing: no piece of 'states' left by 'except'"
            + OWN_SIDE[len(" no piece of 'states'") :],
        ),
    ],
    ids=["texts that are no colour", "numbers", "no piece for one seat", "every own piece excepted"],
)
def test_a_mine_choice_some_seat_could_never_make_is_one_located_finding(
    tmp_path: Path, edits: list[tuple[str, str]], says: str
) -> None:
    # every record that seat plays in would be refused, each blaming "another seat's" piece
    pack = copied(tmp_path, FORMS)
    line = replace_once(pack / "scoring.yaml", MAIN, MINE)
    for was, now in edits:
        replace_once(pack / "scoring.yaml", was, now)
    record = tmp_path / "game.yaml"
    record.write_text(PORTENTS_TWICE.replace("[sun, sun]", "[]"), encoding="utf-8")
    assert findings(pack) == [f"error: {pack / 'scoring.yaml'}:{line}: entries[5].mine: {says}"]
    assert refused(pack, record) == [f"error: {pack / 'scoring.yaml'}:{line}: entries[5].mine: {says}"]


BID = "{id: bid, per: player, kind: number, max: round, round: true, label: score.label.bid}"
PLUS_TWO = "{id: plus_two, per: player, kind: number, max: plus_two_cards, default: 0}"


@pytest.mark.parametrize(
    ("pack", "was", "now", "at", "says"),
    [
        (
            OH_HELL,
            BID,
            BID.replace("max: round", "min: [round, 1], max: round"),
            "entries[0].min",
            "must be at most 'max' (1); got 2 in round 1",
        ),
        (
            OH_HELL,
            BID,
            BID.replace("max: round", "max: [round, -3]"),
            "entries[0].min",
            "must be at most 'max' (-2); got 0 in round 1",
        ),
        (
            OH_HELL,
            BID,
            BID.replace("max: round", "max: round, default: 3"),
            "entries[0].default",
            "must be from 0 to 1; got 3 in round 1",
        ),
        (
            OH_HELL,
            "\ncategories:\n",
            "\nchanges:\n  - when: {players: 5}\n    entries: {bid: {max: [round, -5]}}\ncategories:\n",
            "changes[0].entries.bid.max",
            "must be at least 'min' (0); got -4 in round 1",
        ),
        (
            COLORETTO,
            PLUS_TWO,
            PLUS_TWO.replace("max:", "min: 11, max:"),
            "entries[7].min",
            "must be at most 'max' (10); got 11",
        ),
        (
            COLORETTO,
            PLUS_TWO,
            PLUS_TWO.replace("default: 0", "default: 11"),
            "entries[7].default",
            "must be from 0 to 10; got 11",
        ),
        (
            COLORETTO,
            "\ncategories:\n",
            "\nchanges:\n  - when: {players: {max: 3}}\n    entries: {plus_two: {max: [players, -3]}}\ncategories:\n",
            "changes[0].entries.plus_two.max",
            "must be at least 'min' (0); got -1 with 2 players",
        ),
    ],
    ids=[
        "min above max",
        "max below 0",
        "default above max",
        "a change's min",
        "plain min",
        "plain default",
        "a change's max",
    ],
)
def test_a_number_bound_no_record_can_meet_is_one_located_finding(
    tmp_path: Path, pack: Path, was: str, now: str, at: str, says: str
) -> None:
    pack = copied(tmp_path, pack)
    line = replace_once(pack / "scoring.yaml", was, now)
    if at.startswith("changes"):
        line += 3  # the change's `entries:`
    assert findings(pack) == [f"error: {pack / 'scoring.yaml'}:{line}: {at}: {says}"]


# ---- score --interactive ------------------------------------------------------------------------


def test_an_empty_answer_names_none_where_a_choices_entry_allows_none() -> None:
    # white collected no colour: nothing scores for them, which an empty answer says (it used to
    # ask again and again, with no way out but typing commas)
    white = "white\n\n" + "0\n" * 8 + "\n"
    answers = "2\nred\n\n4\n4\n1\n0\n0\n0\n0\n0\norange, blue, brown\n" + white + "\n"
    result = runner.invoke(app, ["score", "-i", "--json", "--pack", str(COLORETTO)], input=answers)
    assert_clean_outcome(result, 0)
    played = json.loads(result.stdout[result.stdout.index("{") :])
    assert [(p["colour"], p["total"]) for p in played["players"]] == [("red", 21), ("white", 0)]


# ---- the page: a round's number out of its bounds is said at its line ---------------------------


@pytest.mark.slow  # a real Chromium
def test_the_page_says_a_rounds_number_out_of_bounds_at_its_line_once(browser: Any, tmp_path: Path) -> None:
    text = (OH_HELL / "records" / "red_wins.yaml").read_text(encoding="utf-8")
    bad = text.replace("bid: [0, 1, 1, 2,", "bid: [0, 3, 1, 9,")  # red's bids in rounds 2 and 4
    record = tmp_path / "game.yaml"
    record.write_text(bad, encoding="utf-8")
    line = 1 + bad.splitlines().index(next(x for x in bad.splitlines() if "bid: [0, 3" in x))
    assert refused(OH_HELL, record) == [
        f"error: {record}:{line}: players[0].bid[1]: round 2: must be a whole number from 0 to 2 (got 3)",
        f"error: {record}:{line}: players[0].bid[3]: round 4: must be a whole number from 0 to 4 (got 9)",
    ]
    (faults,) = page_faults(browser, tmp_path, OH_HELL, [bad])
    assert faults == [
        f"Line {line}, Red player — Bid, round 2: from 0 to 2.",
        f"Line {line}, Red player — Bid, round 4: from 0 to 4.",
    ]


# ---- a `most` above the pieces: no more rows, picks or names than there are pieces --------------

MISSIONS = "kind: choices, of: missions, count: missions_in_play, expected: in play,"


@pytest.mark.slow  # writes a score pad
def test_the_pad_writes_no_more_contest_rows_than_pieces_whatever_most_says(tmp_path: Path) -> None:
    # 12 missions; `most: 20` wrote 20 mission rows (and a `most` of a million never finished)
    from pdfread import read

    pack = copied(tmp_path, ROOT / "data")
    replace_once(pack / "scoring.yaml", MISSIONS, "kind: choices, of: missions, most: 20,")
    assert_clean_outcome(runner.invoke(app, ["validate", "--pack", str(pack)]), 0)
    out = tmp_path / "pad.pdf"
    result = runner.invoke(app, ["scorepad", "--pack", str(pack), "--out", str(out)])
    assert_clean_outcome(result, 0)
    words = [w for page in read(out) for w, _, _ in page.words]
    numbers = [int(words[i + 1]) for i, w in enumerate(words[:-1]) if w == "Mission" and words[i + 1].isdigit()]
    assert numbers == list(range(1, 13))


@pytest.mark.slow  # a real Chromium
def test_the_page_offers_no_more_picks_than_pieces_whatever_most_says(browser: Any, tmp_path: Path) -> None:
    from test_score_page import CHROMIUM, Watched

    if CHROMIUM is None:
        pytest.skip("chromium is not installed (.ci/run installs it)")
    pack_dir = copied(tmp_path, COLORETTO)
    replace_once(pack_dir / "scoring.yaml", "of: hues, most: scoring_colours,", "of: hues, most: 1000000,")
    pack = load_pack(pack_dir)
    page = tmp_path / scorepage.NAME
    page.write_text(scorepage.make_page(pack, scorepage.resolved_sheet(pack), [], "en", None), encoding="utf-8")
    watched = Watched(browser, page.as_uri())
    watched.page.click("#colour-red")
    watched.page.click("#colour-white")
    assert "Colours that score · 0 of 7" in watched.page.inner_text("body")  # 7 hues, not "0 of 1000000"
    assert watched.errors == []
    watched.close()


SUSHI_GO = ROOT / "examples" / "sheets" / "sushi_go"
FEWEST = "      pudding_fewest: {prizes: []}"


@pytest.mark.parametrize(
    "now", ["{prizes: [], enters: {value: puddings}}", "{enters: {minus: [players, 2]}}"], ids=["enters", "players"]
)
def test_a_change_that_gives_a_zero_wins_contest_enters_is_one_located_finding(tmp_path: Path, now: str) -> None:
    # the contest may not say both, and neither may a change make it say both
    pack = copied(tmp_path, SUSHI_GO)
    line = replace_once(pack / "scoring.yaml", FEWEST, FEWEST.replace("{prizes: []}", now))
    says = (
        f"error: {pack / 'scoring.yaml'}:{line}: changes[0].categories.pudding_fewest.enters: give either "
        "'zero_wins' (every seat enters) or 'enters' (who enters): with this change the contest has both"
    )
    assert findings(pack) == [says]
    assert refused(pack, pack / "records" / "four_players.yaml") == [says]


def test_a_change_to_an_entry_whose_own_bounds_are_refused_is_not_blamed_again(tmp_path: Path) -> None:
    pack = copied(tmp_path, COLORETTO)
    line = replace_once(pack / "scoring.yaml", SCORED, SCORED.replace("most:", "least: 4, most:"))
    replace_once(pack / "scoring.yaml", BEFORE_CATEGORIES, change("{players: 3}", "{scored: {most: 2}}"))
    assert findings(pack) == [
        f"error: {pack / 'scoring.yaml'}:{line}: entries[8].least: must be at most 'most' (3); got 4"
    ]
