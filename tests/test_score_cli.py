"""`estoril-pnp score` as a player uses it: files, stdin, JSON, options, errors, interactive."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from estoril_pnp.cli import app

runner = CliRunner()

EXAMPLE = """\
# The rulebook's worked example: Red ends with 7 discards and 13 printed VP in hand.
players:
  - colour: red
    name: Ana
    hand: [Hans R., elizabeth, Araújo, garbo, clark g, windsor]
    discards: 7
  - colour: yellow
    name: Bea
    hand: [j_bourbon, s_smith, zsa zsa]
    discards: [otto_m, nora_s]
missions: [strongest, most_diplomat, most_assassin, most_seducer]
"""


def write(tmp_path: Path, text: str, name: str = "game.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_worked_example_as_json(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", "--json", str(write(tmp_path, EXAMPLE))])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["players"][0] == {
        "colour": "red",
        "name": "Ana",
        "total": 29,
        "breakdown": {"discards": 7, "hand": 13, "missions": 9, "enigma": 0, "recruitment": 0},
        "missions_completed": 2,
        "rank": 1,
    }
    assert data["missions"][1] == {
        "id": "most_diplomat",
        "counts": {"red": 2, "yellow": 2},
        "points": {"red": 3, "yellow": 3},
    }
    assert (data["winners"], data["tiebreak"]) == (["red"], None)
    assert data["categories"] == ["discards", "hand", "missions", "enigma"]  # no variant: no recruitment
    assert set(data) == {"categories", "players", "missions", "winners", "tiebreak"}


def test_table_shows_the_breakdown_and_the_winner(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", str(write(tmp_path, EXAMPLE))])
    assert result.exit_code == 0, result.output
    rows = {line.split("│")[1].strip(): line.split("│")[2:4] for line in result.stdout.splitlines() if "│" in line}
    assert [cell.strip() for cell in rows["Total"]] == ["29", "26"]
    assert [cell.strip() for cell in rows["Strength"]] == ["6 (13)", "0 (4)"]
    assert [cell.strip() for cell in rows["Diplomats"]] == ["3 (2)", "3 (2)"]
    assert "Winner: Red (Ana) · 29 VP — the highest total." in result.stdout


def test_reads_standard_input() -> None:
    result = runner.invoke(app, ["score", "--json", "-"], input=EXAMPLE)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"][0]["total"] == 29


def test_shared_victory_is_explained(tmp_path: Path) -> None:
    record = """\
players:
  - {colour: red, name: Ana, hand: [s_smith], discards: 0}
  - {colour: yellow, name: Bea, hand: [otto_m], discards: 0}
missions: [most_assassin, most_conspirator, most_nationalist, most_seducer]
"""
    result = runner.invoke(app, ["score", str(write(tmp_path, record))])
    assert result.exit_code == 0, result.output
    assert "Shared victory: Red (Ana) and Yellow (Bea) · 9 VP — tied on VP and on every tie-break." in result.stdout


def test_tie_break_is_explained(tmp_path: Path) -> None:
    record = """\
players:
  - {colour: red, hand: [s_smith, otto_m], discards: 0}
  - {colour: yellow, hand: [salazar], discards: 11}
missions: [most_assassin, most_conspirator, most_nationalist, most_seducer]
"""
    result = runner.invoke(app, ["score", str(write(tmp_path, record))])
    assert "Winner: Red · 18 VP — tied on VP, decided by more missions completed." in result.stdout
    data = json.loads(runner.invoke(app, ["score", "--json", str(write(tmp_path, record))]).stdout)
    assert (data["winners"], data["tiebreak"]) == (["red"], "missions_completed")


def test_command_line_options_override_the_record(tmp_path: Path) -> None:
    path = write(tmp_path, EXAMPLE + "variants: [important_second_place]\noptions: {rounding: up}\n")

    def points(*options: str) -> list[dict[str, int]]:
        result = runner.invoke(app, ["score", "--json", *options, str(path)])
        assert result.exit_code == 0, result.output
        return [m["points"] for m in json.loads(result.stdout)["missions"]]

    assert points()[1] == {"red": 5, "yellow": 5}  # the tie for first splits 9, rounded up as the record says
    assert points("--option", "rounding=down")[1] == {"red": 4, "yellow": 4}
    assert points()[2] == {"yellow": 6}  # red has no assassin
    assert points("--option", "zero_wins=yes")[2] == {"yellow": 6, "red": 3}


def test_needs_a_record_or_interactive() -> None:
    result = runner.invoke(app, ["score"])
    assert result.exit_code == 2
    assert "--interactive" in result.output


# Bad records: edits to EXAMPLE, then the key, a text on the reported line, and the message.
ADD_BLUE = ("  - colour: yellow", "  - {colour: blue, hand: [], discards: 0}\n  - colour: yellow")
RECRUITING = ("most_seducer]", "most_seducer]\nvariants: [secret_recruitment]")
RED_RECRUITS = ("name: Ana", "name: Ana\n    recruitment: most_women")
YELLOW_RECRUITS = ("name: Bea", "name: Bea\n    recruitment: strength")
BAD: dict[str, tuple[list[tuple[str, str]], str, str, str]] = {
    "unknown character": (
        [("windsor]", "windsor, garbbo]")],
        "players[0].hand[6]",
        "garbbo",
        "unknown character 'garbbo'; did you mean Garbo?",
    ),
    "unknown mission": (
        [("most_seducer]", "most_seductres]")],
        "missions[3]",
        "most_seductres",
        "unknown mission 'most_seductres'; did you mean Seducers (most_seducer)?",
    ),
    "reward card held twice": (
        [("[otto_m, nora_s]", "[otto_m, garbo]")],
        "players[1].discards[1]",
        "otto_m, garbo",
        "reward card 'garbo' appears twice (also at players[0].hand[3])",
    ),
    "starting character twice for one player": (
        [("[otto_m, nora_s]", "[hans_r, hans_r]")],
        "players[1].discards[1]",
        "hans_r, hans_r",
        "this player's starting character 'hans_r' appears twice (also at players[1].discards[0])",
    ),
    "more than 6 in hand": (
        [("windsor]", "windsor, otto_m]")],
        "players[0].hand",
        "windsor, otto_m",
        "7 characters in hand; the hand limit is 6",
    ),
    "wrong number of missions": (
        [("most_assassin, most_seducer]", "most_assassin]")],
        "missions",
        "missions:",
        "3 missions given; 4 expected (in play)",
    ),
    "wrong number of secret missions": (
        [ADD_BLUE, ("most_assassin, most_seducer]", "most_assassin]\nvariants: [secret_missions]")],
        "missions",
        "missions:",
        "3 missions given; 4 expected (secret_missions: 1 face up + 1 per player)",
    ),
    "secret missions with 2 players": (
        [("most_seducer]", "most_seducer, most_women]\nvariants: [secret_missions]")],
        "variants[0]",
        "variants:",
        "secret_missions needs at least 3 players",
    ),
    "duplicate colour": (
        [("colour: yellow", "colour: Red")],
        "players[1].colour",
        "colour: Red",
        "colour 'red' appears twice",
    ),
    "one player": (
        [
            (
                "  - colour: yellow\n    name: Bea\n    hand: [j_bourbon, s_smith, zsa zsa]\n"
                "    discards: [otto_m, nora_s]\n",
                "",
            )
        ],
        "players",
        "players:",
        "1 player; the game takes 2 to 4",
    ),
    "five players": (
        [ADD_BLUE, ADD_BLUE, ADD_BLUE],
        "players",
        "players:",
        "5 players; the game takes 2 to 4",
    ),
    "unknown colour": (
        [("colour: yellow", "colour: purple")],
        "players[1].colour",
        "purple",
        "unknown colour 'purple'",
    ),
    "enigma holder not playing": (
        [("most_seducer]", "most_seducer]\nenigma: blue")],
        "enigma",
        "enigma:",
        "the Enigma holder 'blue' is not playing",
    ),
    "recruitment without discard lists": (
        [RECRUITING, RED_RECRUITS],
        "players[0].discards",
        "discards: 7",
        "secret_recruitment needs the discarded characters as a list, not a number",
    ),
    "recruitment with the strength mission": (
        [RECRUITING, YELLOW_RECRUITS, ("strongest, ", "")],
        "players[1].recruitment",
        "recruitment: strength",
        "'strongest' cannot be recruited for: the strength mission is replaced",
    ),
    "recruitment without the variant": (
        [RED_RECRUITS],
        "players[0].recruitment",
        "recruitment:",
        "a recruitment mission needs the secret_recruitment variant",
    ),
    "recruitment missing in the variant": (
        [RECRUITING],
        "players[0]",
        "colour: red",
        "missing key 'recruitment' (the secret_recruitment variant is on)",
    ),
    "mission card twice": (
        [("most_assassin,", "most_seducer,")],
        "missions[3]",
        "missions:",
        "mission card 'most_seducer' appears twice (also at missions[2])",
    ),
    "bad YAML": ([("zsa zsa]", "zsa zsa]]")], "", "zsa zsa]]", "YAML syntax"),
    "unknown key": ([("name: Ana", "name: Ana\n    score: 12")], "players[0].score", "score: 12", "unknown key"),
    "missing key": ([("    discards: 7\n", "")], "players[0].discards", "colour: red", "missing key 'discards'"),
    "discards of a wrong type": (
        [("discards: 7", "discards: seven")],
        "players[0].discards",
        "seven",
        "must be a number of cards (0 to 33) or a list of the discarded characters (got 'seven')",
    ),
    "negative discards": (
        [("discards: 7", "discards: -1")],
        "players[0].discards",
        "discards: -1",
        "must be a number of cards (0 to 33) or a list of the discarded characters (got -1)",
    ),
    "more discards than cards exist": (
        [("discards: 7", "discards: 100")],
        "players[0].discards",
        "discards: 100",
        "must be a number of cards (0 to 33) or a list of the discarded characters (got 100)",
    ),
    "hand and discards beyond the cards a player can have": (
        [("discards: 7", "discards: 30")],
        "players[0].discards",
        "discards: 30",
        "36 characters in hand and discarded; a player can have at most 33 (6 own starting characters and 27 reward",
    ),
    "hand of a wrong type": (
        [("hand: [j_bourbon, s_smith, zsa zsa]", "hand: 3")],
        "players[1].hand",
        "hand: 3",
        "must be a list (got 3)",
    ),
    "name of a wrong type": (
        [("name: Bea", "name: [Bea]")],
        "players[1].name",
        "name: [Bea]",
        "must be a text (got [Bea])",
    ),
    "unknown variant": (
        [("most_seducer]", "most_seducer]\nvariants: [secret_mision]")],
        "variants[0]",
        "secret_mision",
        "unknown variant 'secret_mision'; did you mean Secret Missions?",
    ),
    "bad option": (
        [("most_seducer]", "most_seducer]\noptions: {rounding: sideways}")],
        "options.rounding",
        "sideways",
        "must be 'down' or 'up' (got 'sideways')",
    ),
    "unknown option": (
        [("most_seducer]", "most_seducer]\noptions: {round_up: true}")],
        "options.round_up",
        "round_up",
        "unknown key",
    ),
}


@pytest.mark.parametrize("case", BAD.values(), ids=BAD.keys())
def test_a_bad_record_is_refused_with_file_line_and_key(tmp_path: Path, case: tuple) -> None:
    edits, key, on_line, message = case
    text = EXAMPLE
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    path = write(tmp_path, text)
    result = runner.invoke(app, ["score", str(path)])
    assert result.exit_code == 2
    assert result.stdout == ""  # no score at all
    line = text[: text.index(on_line)].count("\n") + 1
    expected = f"error: {path}:{line}:" + (f" {key}: " if key else " ") + message
    assert any(e.startswith(expected) for e in result.stderr.splitlines()), (expected, result.stderr)


def test_a_bad_json_record_is_refused_with_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, '{"players": [\n  {"colour": "red", "hand": [], "discards": 1},\n  }\n]}', "game.json")
    result = runner.invoke(app, ["score", str(path)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {path}:3: YAML syntax")


def test_a_missing_record_file_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["score", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 2
    assert result.stderr == f"error: {tmp_path / 'nope.yaml'}: file not found\n"


def test_recruitment_in_the_secret_recruitment_variant_scores(tmp_path: Path) -> None:
    text = (
        EXAMPLE.replace("discards: 7", "discards: [amelia, linda_x]")
        .replace("name: Ana", "name: Ana\n    recruitment: women")
        .replace("name: Bea", "name: Bea\n    recruitment: most_germans")
        + "variants: [secret_recruitment]\n"
    )
    path = write(tmp_path, text)

    def recruited(*options: str) -> dict[str, int]:
        data = json.loads(runner.invoke(app, ["score", "--json", *options, str(path)]).stdout)
        return {p["colour"]: p["breakdown"]["recruitment"] for p in data["players"]}

    assert recruited() == {"red": 1, "yellow": 2}  # Amélia (Linda X. is a starting character); Otto M., Nora S.
    assert recruited("--option", "recruit_starting=yes") == {"red": 3, "yellow": 2}  # and Linda X., Elizabeth in hand
    table = runner.invoke(app, ["score", str(path)]).stdout
    assert "Secret Recruitment" in table
    assert "Secret Recruitment" not in runner.invoke(app, ["score", str(write(tmp_path, EXAMPLE, "plain.yaml"))]).stdout


# Interactive scoring, driven through standard input as a terminal user would type it.
EXAMPLE_ANSWERS = [
    "2",  # players
    "",  # no variant
    "red",
    "Ana",
    "hans r, elizabeth, araujo, garbo, clark, windsor",
    "7",
    "yel",  # a unique part of the colour is enough
    "Bea",
    "bourbon, smith, zsa",
    "otto, nora",
    "strongest, diplomats, assassins, seducers",
    "",  # nobody holds the Enigma
]


def interactive(tmp_path: Path, answers: list[str], *options: str) -> tuple[Result, str | None]:
    """Runs a session; the answer "SAVE" stands for a file in tmp_path, returned as text."""
    file = tmp_path / "saved.yaml"
    typed = [str(file) if a == "SAVE" else a for a in answers]
    result = runner.invoke(app, ["score", "--interactive", *options], input="\n".join(typed) + "\n")
    return result, file.read_text(encoding="utf-8") if file.exists() else None


def test_interactive_scores_the_worked_example_and_saves_a_record_that_scores_again(tmp_path: Path) -> None:
    result, saved = interactive(tmp_path, [*EXAMPLE_ANSWERS, "SAVE"])
    assert result.exit_code == 0, result.output
    assert "Winner: Red (Ana) · 29 VP — the highest total." in result.stdout
    assert "→ Hans R., Elizabeth, Araújo, Garbo, Clark G., and E. Windsor" in result.stdout
    again = runner.invoke(app, ["score", "--json", "-"], input=saved)
    assert json.loads(again.stdout)["players"][0]["total"] == 29


def test_interactive_without_saving(tmp_path: Path) -> None:
    result, saved = interactive(tmp_path, [*EXAMPLE_ANSWERS, ""])
    assert result.exit_code == 0, result.output
    assert saved is None


def test_interactive_asks_again_listing_candidates_and_accepts_a_close_spelling(tmp_path: Path) -> None:
    answers = list(EXAMPLE_ANSWERS)
    hand = answers.index("hans r, elizabeth, araujo, garbo, clark, windsor")
    answers[hand : hand + 1] = ["ro", "xyzzy", "hans r, elizabeth, araujo, garbbo, clark, windsor"]
    yellow_hand = answers.index("bourbon, smith, zsa")
    answers[yellow_hand : yellow_hand + 1] = ["garbo", "bourbon, smith, zsa"]
    result, _ = interactive(tmp_path, [*answers, ""])
    assert result.exit_code == 0, result.output
    assert "Character: “ro” could be Roque, C. Rosa, A. Ferro, or A. Monteiro" in result.stdout
    assert "Character: there is no “xyzzy”." in result.stdout
    assert "→ Hans R., Elizabeth, Araújo, Garbo, Clark G., and E. Windsor" in result.stdout  # garbbo taken as Garbo
    assert "Already taken: Garbo" in result.stdout  # yellow cannot hold red's Garbo
    assert "Winner: Red (Ana)" in result.stdout


def test_interactive_takes_a_close_spelling_only_of_a_name_in_its_own_language(tmp_path: Path) -> None:
    # "roxo" is Portuguese for purple: one letter from Spanish "rojo" (red), which must not make it red
    answers = list(EXAMPLE_ANSWERS)
    answers[answers.index("red") : answers.index("red") + 1] = ["roxo", "vermelhoo"]
    result, _ = interactive(tmp_path, [*answers, ""], "--lang", "pt")
    assert result.exit_code == 0, result.output
    assert "Cor: «roxo» não é um nome que o jogo conheça." in result.stdout
    assert "→ Vermelho" in result.stdout  # "vermelhoo": a typo of the Portuguese name is still taken
    assert "→ Rojo" in runner.invoke(app, ["score", "-i", "--lang", "es"], input="2\n\nrojo\n").stdout


def test_interactive_secret_recruitment_asks_for_discarded_characters_and_own_mission(tmp_path: Path) -> None:
    answers = list(EXAMPLE_ANSWERS)
    answers[1] = "recruitment, second place"
    answers.insert(answers.index("7") + 1, "amelia, linda")  # "7" is refused: the variant needs names
    answers.insert(answers.index("amelia, linda") + 1, "strength")  # refused: it cannot be recruited for
    answers.insert(answers.index("strength") + 1, "women")
    answers.insert(answers.index("otto, nora") + 1, "germans")
    result, saved = interactive(tmp_path, [*answers, "SAVE"], "--option", "recruit_starting=yes")
    assert result.exit_code == 0, result.output
    assert "Discards: the score needs their names; name them, please." in result.stdout
    assert "Mission: one of Assassins, Conspirators," in result.stdout
    assert "options: {recruit_starting: true}" in saved
    data = json.loads(runner.invoke(app, ["score", "--json", "-"], input=saved).stdout)
    assert {p["colour"]: p["breakdown"]["recruitment"] for p in data["players"]} == {"red": 3, "yellow": 2}
