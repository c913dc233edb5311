"""Hostile score sheets and records (issue 34, section 3), each through the real CLI: a list longer
than its limit is refused whole, never cut; a null is no value; a record that runs past the end of
its game is refused with one line in the sheet's words, by `score` and by the phone page; messages
quote what the user wrote as YAML, say what is expected, and suggest only what is close."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, assert_clean_outcome, replace_once
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.export import scorepage
from estoril_pnp.pack.load import load_pack

runner = CliRunner()
STAWKA = ROOT / "packs" / "stawka"
ESPIONAGE = ROOT / "packs" / "espionage_1762"
HEARTS = ROOT / "examples" / "sheets" / "hearts"
PYTHON_WORDS = ("True", "False", "None", "{'")  # a Python value in a message


def copied(tmp_path: Path, pack: Path) -> Path:
    out = tmp_path / pack.name
    shutil.copytree(pack, out)
    return out


def findings(pack: Path) -> list[str]:
    """`validate`'s error lines for `pack`, which must be refused."""
    result = runner.invoke(app, ["validate", "--pack", str(pack)])
    assert_clean_outcome(result, 1)
    return [x for x in result.output.splitlines() if x.startswith("error:")]


def refused(pack: Path, record: Path, *extra: str) -> list[str]:
    """`score`'s error lines for `record`, which must be refused."""
    result = runner.invoke(app, ["score", str(record), "--pack", str(pack), *extra])
    assert_clean_outcome(result, 2)
    return result.stderr.splitlines()


# ---- sheets ----------------------------------------------------------------------------------

VP_EASY = "points: {times: [{value: easy_worth}, {value: easy}]}"


@pytest.mark.parametrize("form", ["plus", "times", "least", "most"])
def test_a_list_form_of_51_expressions_is_refused_not_cut(tmp_path: Path, form: str) -> None:
    pack = copied(tmp_path, STAWKA)
    parts = ", ".join(["1"] * 50 + ["{value: easy}"])  # the 51st is the one that reads the entry
    line = replace_once(pack / "scoring.yaml", VP_EASY, f"points: {{{form}: [{parts}]}}")
    assert findings(pack) == [
        f"error: {pack / 'scoring.yaml'}:{line}: categories[0].points.{form}: at most 50 expressions (got 51)"
    ]


def test_50_expressions_are_all_honoured(tmp_path: Path) -> None:
    pack = copied(tmp_path, STAWKA)
    replace_once(pack / "scoring.yaml", VP_EASY, "points: {plus: [" + ", ".join(["0"] * 49 + ["{value: easy}"]) + "]}")
    record = stawka(tmp_path, "easy: 3, hard: 0, tens: 0, secrets: 0")
    result = runner.invoke(app, ["score", str(record), "--pack", str(pack), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"][0]["breakdown"]["vp_easy"] == 3  # the 50th is read


def test_a_number_of_51_values_is_refused_not_cut(tmp_path: Path) -> None:
    pack = copied(tmp_path, STAWKA)
    old = "{id: easy, per: player, kind: number, max: 20}"
    line = replace_once(pack / "scoring.yaml", old, old.replace("20", "[" + ", ".join(["0"] * 50 + ["20"]) + "]"))
    assert findings(pack) == [
        f"error: {pack / 'scoring.yaml'}:{line}: entries[4].max: at most 50 number values (got 51)"
    ]


@pytest.mark.parametrize(
    ("by", "says"),
    [
        ("-2000000", "must be from 1 to 1000000 (got -2000000)"),
        ("0", "must be from 1 to 1000000 (got 0)"),
        ("true", "must be a whole number, a number's name or a list of them (got true)"),
    ],
)
def test_a_divisor_is_said_to_be_at_least_1(tmp_path: Path, by: str, says: str) -> None:
    pack = copied(tmp_path, STAWKA)
    line = replace_once(pack / "scoring.yaml", VP_EASY, f"points: {{div: {{value: easy}}, by: {by}}}")
    assert findings(pack) == [f"error: {pack / 'scoring.yaml'}:{line}: categories[0].points.by: {says}"]


@pytest.mark.parametrize(
    ("value", "got"),
    [("{value: lamps}", "(got {value: lamps})"), ("true", "(got true)"), ("[1, null]", None)],
)
def test_a_sheet_message_quotes_yaml_not_python(tmp_path: Path, value: str, got: str | None) -> None:
    pack = copied(tmp_path, STAWKA)
    old = "{id: easy, per: player, kind: number, max: 20}"
    replace_once(pack / "scoring.yaml", old, old.replace("20", value))
    (error,) = findings(pack)
    assert not any(word in error for word in PYTHON_WORDS), error
    assert got is None or got in error, error


# ---- records ---------------------------------------------------------------------------------

STAWKA_RECORD = """\
scenario: {scenario}
secrets_to_win: 2
players:
  - {{colour: pl, {pl}, goal: false}}
  - {{colour: de, {de}, goal: false}}
"""
DE_NOTHING = "easy: 0, hard: 0, tens: 0, secrets: 0"


def stawka(tmp_path: Path, pl: str, de: str = DE_NOTHING, scenario: str = "extended") -> Path:
    record = tmp_path / "stawka.yaml"
    record.write_text(STAWKA_RECORD.format(pl=pl, de=de, scenario=scenario), encoding="utf-8")
    return record


def espionage(tmp_path: Path, secured: str) -> Path:
    record = tmp_path / "espionage.yaml"
    record.write_text(
        f"players:\n  - {{colour: east, main: pl}}\n  - {{colour: west, main: us}}\nsecured: {secured}\n",
        encoding="utf-8",
    )
    return record


def overshooting(tmp_path: Path) -> dict[str, tuple[Path, Path, str]]:
    """The three records that run past the end of their game: pack, record, what its one line says."""
    return {
        "40 VP": (
            STAWKA,
            stawka(tmp_path / "vp", "easy: 0, hard: 10, tens: 0, secrets: 0"),
            "players[0]: more victory points past 13 than one last action could bring, "
            "but the game ends the moment a player reaches 13",
        ),
        "3 secrets": (
            STAWKA,
            stawka(tmp_path / "secrets", "easy: 0, hard: 0, tens: 0, secrets: 3", scenario="standard"),
            "players[0]: more secrets on one officer than the scenario asks, but secrets come one at a time",
        ),
        "4 states": (
            ESPIONAGE,
            espionage(tmp_path / "states", "{pl: east, hu: east, su: east, gb: east}"),
            "players[0]: 4 secured states, but the game ends the moment a player secures 3",
        ),
    }


@pytest.mark.parametrize("case", ["40 VP", "3 secrets", "4 states"])
def test_a_record_past_the_end_of_its_game_is_refused_with_one_line(tmp_path: Path, case: str) -> None:
    for folder in ("vp", "secrets", "states"):
        (tmp_path / folder).mkdir()
    pack, record, says = overshooting(tmp_path)[case]
    (line,) = refused(pack, record)
    assert line.startswith(f"error: {record}:") and says in line, line


@pytest.mark.parametrize(
    ("pl", "total"),
    [
        ("easy: 0, hard: 4, tens: 0, secrets: 0", 16),  # 12, then a hard mission of 4
        ("easy: 6, hard: 0, tens: 1, secrets: 0", 13),  # the thirteenth point from evidence
        ("easy: 0, hard: 0, tens: 16, secrets: 0", 16),  # 12, then evidence on all 4 agents at once
        ("easy: 1, hard: 0, tens: 14, secrets: 0", 16),  # 10, then an easy mission and 4 evidence points
    ],
)
def test_the_last_step_may_carry_a_player_past_13_and_no_further(tmp_path: Path, pl: str, total: int) -> None:
    record = stawka(tmp_path, pl)
    result = runner.invoke(app, ["score", str(record), "--pack", str(STAWKA), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"][0]["total"] == total
    too_far = stawka(tmp_path, "easy: 0, hard: 0, tens: 17, secrets: 0", scenario="standard")
    (line,) = refused(STAWKA, too_far)
    assert "more victory points past 13 than one last action could bring" in line


def test_a_number_given_as_null_is_missing_as_if_left_out(tmp_path: Path) -> None:
    record = tmp_path / "hearts.yaml"
    body = "  - {colour: east, before: 35, hearts: 6}\n  - {colour: south, before: 10, hearts: 4}\n"
    body += "  - {colour: west, before: 40, hearts: 1}\nqueen: east\n"
    record.write_text("players:\n  - {colour: north, before: null, hearts: 2}\n" + body, encoding="utf-8")
    with_null = refused(HEARTS, record)
    record.write_text("players:\n  - {colour: north, hearts: 2}\n" + body, encoding="utf-8")
    assert with_null == refused(HEARTS, record) == [f"error: {record}:2: players[0].before: missing key 'before'"]


def test_a_number_with_a_default_given_as_null_takes_its_default(tmp_path: Path) -> None:
    record = stawka(tmp_path, "easy: 1, hard: 0, tens: 0, secrets: 0")
    record.write_text(record.read_text(encoding="utf-8") + "easy_worth: null\n", encoding="utf-8")
    result = runner.invoke(app, ["score", str(record), "--pack", str(STAWKA), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"][0]["breakdown"]["vp_easy"] == 2  # mission_easy


@pytest.mark.parametrize(
    ("pl", "says"),
    [
        ("easy: true, hard: 0, tens: 0, secrets: 0", "players[0].easy: must be a whole number from 0 to 20 (got true)"),
        (
            "easy: {value: lamps}, hard: 0, tens: 0, secrets: 0",
            "players[0].easy: must be a whole number from 0 to 20 (got {value: lamps})",
        ),
    ],
)
def test_a_record_message_quotes_yaml_not_python(tmp_path: Path, pl: str, says: str) -> None:
    record = stawka(tmp_path, pl)
    (line,) = refused(STAWKA, record)
    assert line.endswith(says), line


@pytest.mark.parametrize("word", ["on", "maybe", '"y"'])
def test_a_word_that_is_no_yes_or_no_is_refused(tmp_path: Path, word: str) -> None:
    # YAML 1.2: `on` is text, and no language's yes or no
    record = stawka(tmp_path, "easy: 0, hard: 0, tens: 0, secrets: 0")
    text = record.read_text(encoding="utf-8").replace(
        "goal: false}\n  - {colour: de", f"goal: {word}}}\n  - {{colour: de"
    )
    assert word in text, text
    record.write_text(text, encoding="utf-8")
    (line,) = refused(STAWKA, record)
    assert line.endswith(f"players[0].goal: must be yes or no (got '{word.strip(chr(34))}')"), line


def test_a_name_far_from_every_piece_gets_no_suggestion(tmp_path: Path) -> None:
    record = tmp_path / "r.yaml"
    record.write_text("players:\n  - {colour: east, main: prussia}\n  - {colour: west, main: us}\n", encoding="utf-8")
    (line,) = refused(ESPIONAGE, record)
    assert line.endswith("players[0].main: unknown main state 'prussia'"), line
    record.write_text("players:\n  - {colour: east, main: polnd}\n  - {colour: west, main: us}\n", encoding="utf-8")
    (line,) = refused(ESPIONAGE, record)
    assert line.endswith("did you mean Poland (pl)?"), line


def test_a_misspelt_key_is_one_line_with_the_key_it_meant(tmp_path: Path) -> None:
    record = stawka(tmp_path, "easy: 0, hrad: 0, tens: 0, secrets: 0")
    assert refused(STAWKA, record) == [f"error: {record}:4: players[0].hrad: unknown key 'hrad'; did you mean 'hard'?"]
    record = stawka(tmp_path, "easy: 0, hard: 0, tens: 0, secrets: 0, lamps: 1")
    assert refused(STAWKA, record) == [f"error: {record}:4: players[0].lamps: unknown key"]
    record.write_text(
        stawka(tmp_path, "easy: 0, hard: 0, tens: 0, secrets: 0").read_text().replace("scenario", "scenaro")
    )
    assert refused(STAWKA, record) == [f"error: {record}:1: scenaro: unknown key 'scenaro'; did you mean 'scenario'?"]


def test_a_holders_mapping_past_its_limit_is_refused_not_cut(tmp_path: Path) -> None:
    many = ", ".join(f"s{i}: east" for i in range(64)) + ", pl: east, hu: east, su: east, gb: east"
    record = espionage(tmp_path, "{" + many + "}")
    (line,) = refused(ESPIONAGE, record)
    assert line.endswith("secured: must hold at most 64 items (it holds 68)"), line


def test_a_game_with_no_winner_yet_ranks_nobody(tmp_path: Path) -> None:
    record = stawka(tmp_path, "easy: 0, hard: 0, tens: 1, secrets: 0", scenario="standard")
    result = runner.invoke(app, ["score", str(record), "--pack", str(STAWKA), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["outcome"] == "unfinished" and data["winners"] == []
    assert [p["rank"] for p in data["players"]] == [None, None]
    won = stawka(tmp_path, "easy: 0, hard: 0, tens: 0, secrets: 2", scenario="standard")
    data = json.loads(runner.invoke(app, ["score", str(won), "--pack", str(STAWKA), "--json"]).stdout)
    assert data["winners"] == ["pl"] and [p["rank"] for p in data["players"]] == [1, 2]


# ---- the phone page refuses what the command line refuses --------------------------------------


@pytest.mark.slow  # a real Chromium
def test_the_page_refuses_each_overshooting_record_with_one_line(browser: Any, tmp_path: Path) -> None:
    from test_score_page import CHROMIUM, Watched

    if CHROMIUM is None:
        pytest.skip("chromium is not installed (.ci/run installs it)")
    for folder in ("vp", "secrets", "states"):
        (tmp_path / folder).mkdir()
    cases = overshooting(tmp_path)
    for pack_dir in (STAWKA, ESPIONAGE):
        pack = load_pack(pack_dir)
        resolved = scorepage.resolved_sheet(pack)
        page = tmp_path / pack_dir.name / scorepage.NAME
        page.parent.mkdir()
        page.write_text(scorepage.make_page(pack, resolved, [], "en", None), encoding="utf-8")
        watched = Watched(browser, page.as_uri())
        mine = [(record, says) for p, record, says in cases.values() if p == pack_dir]
        got = watched.page.evaluate("texts => scorePage.scoreAll(texts)", [r.read_text() for r, _ in mine])
        for (_, says), verdict in zip(mine, got, strict=True):
            (fault,) = verdict["faults"]
            assert says.split(": ", 1)[1] in fault, fault  # the sheet's own words, after the seat's name
        watched.close()


@pytest.mark.slow  # a real Chromium
def test_the_page_suggests_what_the_command_line_suggests(browser: Any) -> None:
    """`Game.near` (the page) and `i18n.folding.near` agree on random slips and the known cases."""
    import random

    from estoril_pnp.export.scorepage import INTERPRETER, script
    from estoril_pnp.i18n.folding import near

    rng = random.Random(34)
    words = ["hrad", "prussia", "colur", "secrest", "tems", "x" * 101, ""]
    words += ["".join(rng.choice("abcdeh_") for _ in range(rng.randint(1, 9))) for _ in range(3000)]
    keys = ["colour", "name", "easy", "hard", "tens", "secrets", "arrests", "goal", "us", "usa", "abba", "bead"]
    keys += ["".join(rng.choice("abcdeh_") for _ in range(rng.randint(1, 9))) for _ in range(40)]
    cases = [(w, rng.sample(keys, rng.randint(1, 12))) for w in words]
    page = browser.new_page()
    page.set_content(f"<script>{script(INTERPRETER)}</script>")
    got = page.evaluate("cases => cases.map(([w, cs]) => Game.near(w, cs))", cases)
    page.close()
    want = [next(iter(near(w, cs)), None) for w, cs in cases]
    differ = [(c, w, g) for c, w, g in zip(cases, want, got, strict=True) if w != g]
    assert differ == [], differ[:3]
    assert sum(w is not None for w in want) > 200  # the slips suggest something often enough to compare


@pytest.mark.slow  # a real Chromium
def test_the_page_says_a_misspelt_key_once_with_the_key_it_meant(browser: Any, tmp_path: Path) -> None:
    from test_score_page import Watched

    pack = load_pack(STAWKA)
    page = tmp_path / scorepage.NAME
    page.write_text(scorepage.make_page(pack, scorepage.resolved_sheet(pack), [], "en", None), encoding="utf-8")
    watched = Watched(browser, page.as_uri())
    texts = [
        stawka(tmp_path, "easy: 0, hrad: 0, tens: 0, secrets: 0").read_text(encoding="utf-8"),
        stawka(tmp_path, "easy: 0, hard: 0, tens: 0, secrets: 0")
        .read_text(encoding="utf-8")
        .replace("scenario:", "scenaro:"),
        stawka(tmp_path, "easy: 0, hard: 0, tens: 0, secrets: 0, lamps: 1").read_text(encoding="utf-8"),
    ]
    got = watched.page.evaluate("texts => scorePage.scoreAll(texts)", texts)
    assert [g["faults"] for g in got] == [
        # in the page's words: the line, the seat, and the row it may have meant as the page labels it
        [
            "Line 4, PL player — the file has an entry here that this game does not use;"
            " is it meant to be “hard missions completed”?"
        ],
        ["Line 1 — the file has an entry here that this game does not use; is it meant to be “Scenario played”?"],
        ["Line 4, PL player — the file has an entry here that this game does not use."],
    ]
    assert watched.errors == []
    watched.close()


# ---- abs, member and choices of up to N: each misuse one located finding ----------------------

COLORETTO = ROOT / "examples" / "sheets" / "coloretto"
WIZARD = ROOT / "examples" / "sheets" / "wizard"
FORMS = Path(__file__).parent / "fixtures" / "sheets" / "forms"
SCORED = "{id: scored, per: player, kind: choices, of: hues, most: scoring_colours, label: score.label.scored}"


@pytest.mark.parametrize(
    ("pack", "was", "now", "says"),
    [
        (
            COLORETTO,
            "if: {member: orange, of: scored}",
            "if: {member: orang, of: scored}",
            "categories[0].points.if.member: must name a choice entry or a piece of hues (got 'orang')",
        ),
        (
            COLORETTO,
            SCORED,
            SCORED.replace("most: scoring_colours", "count: 3, most: scoring_colours"),
            "entries[8]: a choices entry takes either 'count' (exactly so many) or 'least'/'most' "
            "(got 'count' and 'most' together)",
        ),
        (
            COLORETTO,
            SCORED,
            SCORED.replace(", most: scoring_colours", ""),
            "entries[8]: a choices entry takes either 'count' (exactly so many) or 'least'/'most' (got neither)",
        ),
        (
            COLORETTO,
            SCORED,
            SCORED.replace("most: scoring_colours", "least: 4, most: scoring_colours"),
            "entries[8].least: must be at most 'most' (3); got 4",
        ),
        (
            WIZARD,
            "{abs: {minus: [{value: bid}, {value: tricks}]}}",
            "{abs: true}",
            "categories[1].points.else.minus[1].times[1].abs: must be a number or an expression (got true)",
        ),
        (
            FORMS,
            "{member: main, of: secured}",
            "{member: scenario, of: secured}",
            "categories[15].points.times[1].member: 'scenario' chooses from 'scenarios', which 'of' cannot hold",
        ),
    ],
    ids=["unknown piece", "count and most", "neither", "least above most", "abs of true", "choice not held"],
)
def test_a_misused_abs_member_or_up_to_n_is_one_located_finding(
    tmp_path: Path, pack: Path, was: str, now: str, says: str
) -> None:
    pack = copied(tmp_path, pack)
    line = replace_once(pack / "scoring.yaml", was, now)
    assert findings(pack) == [f"error: {pack / 'scoring.yaml'}:{line}: {says}"]


def test_fewer_choices_than_least_are_refused_in_one_line(tmp_path: Path) -> None:
    record = tmp_path / "game.yaml"
    record.write_text(
        "players:\n  - {colour: red, coins: 26, route: 3, main: alba, omens: []}\n"
        "  - {colour: blue, coins: 12, route: 5, main: cora, omens: [comet]}\nscenario: short\nportents: []\n",
        encoding="utf-8",
    )
    assert refused(FORMS, record) == [f"error: {record}:2: players[0].omens: 0 omens given; at least 1"]


# ---- an instant loss written wrongly (docs/score-sheet.md, Outcome) --------------------------------

CODENAMES = ROOT / "examples" / "sheets" / "codenames"
ASSASSIN_END = "{id: assassin, met: {yes: assassin}, result: lose,"
RESULT, OTHERWISE = "outcome.ends[0].result", "outcome.otherwise.result"


@pytest.mark.parametrize(
    ("old", "new", "key", "says"),
    [
        (ASSASSIN_END, ASSASSIN_END.replace("lose", "loose"), RESULT, "must be win, lose or rank (got 'loose')"),
        (ASSASSIN_END, ASSASSIN_END.replace("lose", "[lose]"), RESULT, "must be win, lose or rank (got [lose])"),
        (
            "otherwise: {result: unfinished,",
            "otherwise: {result: lose,",
            OTHERWISE,
            "must be rank or unfinished (got 'lose')",
        ),
    ],
)
def test_an_instant_loss_written_wrongly_is_one_located_finding(
    tmp_path: Path, old: str, new: str, key: str, says: str
) -> None:
    pack = copied(tmp_path, CODENAMES)
    line = replace_once(pack / "scoring.yaml", old, new)
    assert findings(pack) == [f"error: {pack / 'scoring.yaml'}:{line}: {key}: {says}"]
    assert refused(pack, pack / "records" / "assassin.yaml") == [
        f"error: {pack / 'scoring.yaml'}:{line}: {key}: {says}"
    ]


def test_an_instant_ends_reason_may_name_only_the_seats_that_meet_it(tmp_path: Path) -> None:
    pack = copied(tmp_path, CODENAMES)
    replace_once(pack / "i18n" / "en.yaml", "{names} revealed the assassin", "{loser} revealed the assassin")
    assert findings(pack) == [
        f"error: {pack / 'i18n' / 'en.yaml'}: score.why.assassin: unknown placeholder '{{loser}}'"
    ]


# ---- rounds (docs/score-sheet.md, Rounds): each misuse one located finding, never its echoes ------

OH_HELL = ROOT / "examples" / "sheets" / "oh_hell"
ROUND_CATEGORY = "    round: true\n"


@pytest.mark.parametrize(
    ("old", "new", "at", "says"),
    [
        ("rounds: {count: 10}", "rounds: {count: 0}", "rounds.count", "must be from 1 to 50 (got 0)"),
        ("rounds: {count: 10}", "rounds: {cuont: 10}", "rounds.cuont", "unknown key 'cuont'; did you mean 'count'?"),
        (ROUND_CATEGORY, "    round: yes\n", "categories[0].round", "must be true or false (got 'yes')"),
        (
            "numbers: {exact_bonus: 10}",
            "numbers: {exact_bonus: 10}\nfigures: {late: {times: [round, 2]}}",
            "figures.late.times[0]",
            "'round' is the index of a round: only a round entry, category or check reads it",
        ),
        (
            "\ntallies:",
            "\nfigures:\n  bids: {value: bid}\ntallies:",
            "figures.bids.value",
            "'bid' is given round by round: only a round category or check reads it",
        ),
        (
            "label: score.label.tricks}\n\ncategories:",
            "label: score.label.tricks}\n  - {id: trumps, per: game, kind: number, max: round, round: true}"
            "\n\ncategories:",
            "entries[2].round",
            "only a per-player number entry is given round by round",
        ),
        (
            "\ntallies:",
            "  - {id: most, label: score.rounds, round: true, contest: {over: 1, prizes: [1]}}\n\ntallies:",
            "categories[1].round",
            "only a category of points is scored round by round",
        ),
        (  # 10 tricks × 10¹⁴ fits in one round; summed over ten rounds it does not
            "- {value: tricks}\n",
            "- {times: [{value: tricks}, 1000000, 1000000, 100]}\n",
            "categories[0].points",
            "can reach 1e+16, beyond ±2⁵³: Python and the score page would differ",
        ),
    ],
    ids=["count", "key", "flag", "round-outside", "value-outside", "per-game", "contest", "summed-bound"],
)
def test_a_round_used_wrongly_is_one_located_finding(tmp_path: Path, old: str, new: str, at: str, says: str) -> None:
    pack = copied(tmp_path, OH_HELL)
    line = replace_once(pack / "scoring.yaml", old, new)
    [error] = findings(pack)
    assert error.startswith(f"error: {pack / 'scoring.yaml'}:") and error.endswith(f": {at}: {says}"), error
    written_at = int(error.split(":")[2])
    assert abs(written_at - line) <= 3, (line, error)  # where it is written, not elsewhere


def test_a_round_without_rounds_says_so_where_each_round_is_written(tmp_path: Path) -> None:
    pack = copied(tmp_path, OH_HELL)
    replace_once(pack / "scoring.yaml", "rounds: {count: 10}\n", "")
    said = [e.split(": ", 2)[2] for e in findings(pack)]  # after the file and line
    needs = "per round needs 'rounds: {count: N}' at the top of the sheet"
    assert said == [
        f"entries[0].round: an entry {needs}",
        f"entries[1].round: an entry {needs}",
        f"categories[0].round: a category {needs}",
        f"checks[0].round: a check {needs}",
    ]
