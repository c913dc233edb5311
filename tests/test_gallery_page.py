"""The gallery's phone pages in a real headless Chromium at a phone's width: every record scores on
the page as `score --json` scores it, the impossible one is refused for the sheet's reason, and
games tapped in say what the command line says: a co-operative loss, no winner yet with the
lowest winning, a holder per piece, a team's members."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import gallery_packs
from test_score_page import CHROMIUM, PHONE, Watched
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.export import scorepage
from estoril_pnp.pack.load import load_pack

playwright = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (.ci/run installs it)")
runner = CliRunner()
PACKS = {p.name: p for p in gallery_packs()}


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("gallery")
    for name, pack in PACKS.items():
        result = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out / name), "--quiet"])
        assert result.exit_code == 0, result.output
    return out


def opened(browser: Any, pages: Path, name: str) -> Watched:
    return Watched(browser, (pages / name / "en" / scorepage.NAME).as_uri())


def cli(pack: Path, record: Path) -> dict[str, Any]:
    result = runner.invoke(app, ["score", str(record), "--pack", str(pack), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def saved(page: Any, tmp_path: Path) -> Path:
    """The record the page saves (its "Save the record" button), as a file."""
    with page.expect_download() as download:
        page.click("#save")
    path = tmp_path / "record.yaml"
    download.value.save_as(path)
    return path


def taps(page: Any, selector: str, n: int) -> None:
    for _ in range(n):
        page.click(selector)


@pytest.mark.parametrize("name", sorted(PACKS))
def test_every_gallery_record_scores_on_the_page_as_on_the_command_line(pages: Path, browser: Any, name: str) -> None:
    pack = PACKS[name]
    expected = yaml.safe_load((pack / "expected.yaml").read_text(encoding="utf-8"))
    paths = [pack / "records" / f"{record}.yaml" for record in expected]
    watched = opened(browser, pages, name)
    got = watched.page.evaluate("texts => scorePage.scoreAll(texts)", [p.read_text(encoding="utf-8") for p in paths])
    for path, want, page_says in zip(paths, expected.values(), got, strict=True):
        if "refused" in want:
            assert len(page_says["faults"]) == 1 and want["refused"] in page_says["faults"][0], (path.name, page_says)
        else:
            assert page_says == cli(pack, path), path.name
    assert watched.errors == [] and watched.requests == []
    watched.close()


def test_a_co_operative_loss_tapped_in(pages: Path, browser: Any, tmp_path: Path) -> None:
    watched = opened(browser, pages, "hanabi")
    page = watched.page
    page.click("#colour-red")
    page.click("#colour-blue")
    for colour, height in (("white", 3), ("yellow", 2), ("green", 4), ("blue", 1), ("red", 0)):
        taps(page, f"#game-{colour}-more", height + 1)  # the first tap enters 0
    taps(page, "#game-misfires-more", 4)
    assert page.input_value("#game-misfires-count") == "3"
    heads = [th.inner_text().strip() for th in page.query_selector_all("#result thead th")][1:]
    assert heads == ["Team (Red, Blue)"]  # one column: the team, its unnamed members by their colours' names
    assert page.query_selector("#verdict.lost") is not None
    assert page.inner_text("#verdict") == "The fireworks exploded · 0 points — the third misfire; the team scores 0."
    assert "Rank" not in page.inner_text("#result")
    want = cli(PACKS["hanabi"], saved(page, tmp_path))
    assert (want["outcome"], want["players"][0]["total"]) == ("lost", 0)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert watched.errors == []
    watched.close()


def test_a_game_not_over_says_so_and_that_the_lowest_wins(pages: Path, browser: Any, tmp_path: Path) -> None:
    watched = opened(browser, pages, "hearts")
    page = watched.page
    for seat, before, hearts in (("north", 60, 5), ("east", 0, 3), ("south", 0, 4), ("west", 0, 1)):
        page.click(f"#colour-{seat}")
        page.click(f"#tab-{seat}")
        page.fill(f"#{seat}-before-count", str(before))  # a score is typed, not tapped 60 times
        page.press(f"#{seat}-before-count", "Tab")
        taps(page, f"#{seat}-hearts-more", hearts + 1)  # the first tap enters 0
    page.click("#entry-queen-north")
    assert page.inner_text("#lowest") == "Lowest wins: the smallest total is best."
    assert page.query_selector("#verdict.unfinished") is not None
    assert page.inner_text("#verdict") == "The game goes on — nobody has reached 100 yet; deal another hand."
    want = cli(PACKS["hearts"], saved(page, tmp_path))
    assert (want["outcome"], want["winners"]) == ("unfinished", [])
    assert {p["colour"]: p["total"] for p in want["players"]} == {"north": 78, "east": 3, "south": 4, "west": 1}
    assert watched.errors == []
    watched.close()


def test_a_team_game_keeps_each_teams_members(pages: Path, browser: Any, tmp_path: Path) -> None:
    watched = opened(browser, pages, "spades")
    page = watched.page
    record = PACKS["spades"] / "records" / "ns_wins.yaml"
    page.click("#record-details summary")  # the game as text: shown on request
    page.fill("#record-text", record.read_text(encoding="utf-8"))
    page.click("#load")
    assert page.input_value("#name-north_south") == "Ana, Bo"
    page.fill("#name-east_west", "Cy, Di, Ed")  # three members: a team has two
    page.press("#name-east_west", "Enter")
    assert "a team has 2" not in page.inner_text("#result")  # the page's own words, not the CLI's
    assert "3 members: a team has exactly 2." in page.inner_text("#result")
    page.fill("#name-east_west", "Cy, Di")
    page.press("#name-east_west", "Enter")
    again = saved(page, tmp_path)
    assert 'members: ["Cy", "Di"]' in again.read_text(encoding="utf-8")
    assert cli(PACKS["spades"], again) == cli(PACKS["spades"], record)
    assert page.inner_text("#verdict").startswith("Winner: North & South (Ana, Bo) · 511 points")
    assert watched.errors == []
    watched.close()


def test_a_team_game_counts_teams_not_players(pages: Path, browser: Any) -> None:
    watched = opened(browser, pages, "spades")
    page = watched.page
    players = page.inner_text("section[aria-labelledby=h-players]")
    assert players.startswith("Teams\n") and "Tap the colour of each of the 2 teams at the table." in players
    # what is still to enter names the teams' section (its hint is said once, under it): teams, not players
    assert page.eval_on_selector_all("#result li", "items => items.map((i) => i.textContent)") == ["Teams: none chosen yet."]
    page.click("#colour-north_south")
    assert page.inner_text("#h-hands") == "Each team's results"
    assert "1 team: the game takes exactly 2." in page.inner_text("#result")
    assert "player" not in page.inner_text("#main").replace("players' bids", "")  # the sheet's own hint aside
    record = (PACKS["spades"] / "records" / "ns_wins.yaml").read_text(encoding="utf-8")
    refused = page.evaluate("text => scorePage.score(text)", record.replace("colour: east_west", "colour: purple"))
    assert refused == {"faults": ["Line 5, Team 2 in the file — Colour: “purple” is not one of the game's names."]}
    assert watched.errors == []
    watched.close()


def test_a_co_operative_game_entered_halfway(pages: Path, browser: Any) -> None:
    watched = opened(browser, pages, "pandemic")
    page = watched.page
    for tap in ("#colour-red", "#colour-blue", "#entry-roles-medic", "#entry-roles-dispatcher"):
        page.click(tap)
    for disease in ("blue", "yellow", "black", "red"):
        page.click(f"#entry-cured-{disease}")
    assert page.inner_text("#h-entry-cured") == "Diseases cured"  # the sheet's question as a heading: capitalised
    cured = page.inner_text("section[aria-labelledby=h-entry-cured]")
    assert "4\n" in cured and "–" not in cured  # as many as were tapped: a list with no upper bound
    assert "outbreaks is not entered yet." in page.inner_text("#result")  # not a table with "null" in it
    page.click("#game-outbreaks-more")  # the first tap enters 0
    heads = [th.inner_text().strip() for th in page.query_selector_all("#result thead th")][1:]
    assert heads == ["Team (Red, Blue)"]
    assert "null" not in page.inner_text("#result")
    assert page.inner_text("#verdict") == "The team won · 4 cures — every disease is cured."
    assert watched.errors == []
    watched.close()


FORTS = Path(__file__).parent / "fixtures" / "forts"  # a small pack whose one entry is a holder per piece


def test_a_holder_per_piece_is_tapped_in(browser: Any, tmp_path: Path) -> None:
    result = runner.invoke(app, ["build", "--pack", str(FORTS), "--out", str(tmp_path / "out"), "--quiet"])
    assert result.exit_code == 0, result.output
    watched = Watched(browser, (tmp_path / "out" / "en" / scorepage.NAME).as_uri())
    page = watched.page
    for colour in ("red", "blue", "green"):
        page.click(f"#colour-{colour}")
    page.click("#entry-held-north-blue")
    page.click("#entry-held-south-green")
    page.click("#entry-held-west-blue")
    page.click("#colour-green")  # green leaves the game: the south fort is held by nobody again
    assert page.get_attribute("#entry-held-south-none", "aria-pressed") == "true"
    record = saved(page, tmp_path)
    assert "held: {north: blue, west: blue}" in record.read_text(encoding="utf-8")
    want = cli(FORTS, record)
    assert {p["colour"]: p["total"] for p in want["players"]} == {"blue": 2, "red": 0}
    assert page.inner_text("#verdict").startswith("Winner: Blue · 2 points")
    assert watched.errors == []
    watched.close()


@pytest.mark.parametrize(
    ("broken", "said"), [(None, "scored"), ("form", "unknown form 'xyz'"), ("step", "unknown step 'xyz'")]
)
def test_the_page_names_an_unknown_form(browser: Any, tmp_path: Path, broken: str | None, said: str) -> None:
    """`validate` refuses such a sheet; this is the interpreter's own guard, never a fall into its last branch."""
    pack = load_pack(PACKS["azul"])
    resolved = scorepage.resolved_sheet(pack)
    assert resolved is not None
    page = tmp_path / scorepage.NAME
    page.write_text(scorepage.make_page(pack, resolved, [], "en", None), encoding="utf-8")
    watched = Watched(browser, page.as_uri())
    text = (PACKS["azul"] / "records" / "rows_decide.yaml").read_text(encoding="utf-8")
    message = watched.page.evaluate(
        """([text, broken]) => {
          const data = JSON.parse(document.getElementById("page-data").textContent);
          if (broken === "form") data.sheet.categories.find((c) => c.id === "rows").points = { xyz: [1] };
          if (broken === "step") data.sheet.steps.push({ step: "xyz", id: null });
          const game = Game.of(data);
          const record = game.resolve(RecordIO.parseYaml(text), (key) => key).record;
          try { game.score(record); return "scored"; } catch (e) { return e.message; }
        }""",
        [text, broken],
    )
    assert message == said
    watched.close()


def test_up_to_three_scoring_colours_tapped_in(pages: Path, browser: Any, tmp_path: Path) -> None:
    watched = opened(browser, pages, "coloretto")
    page = watched.page
    for seat, counts in (("red", {"orange": 3, "blue": 2, "brown": 1, "grey": 1}), ("white", {"grey": 4})):
        page.click(f"#colour-{seat}")
        page.click(f"#tab-{seat}")
        for hue, n in counts.items():
            page.fill(f"#{seat}-{hue}-count", str(n))
            page.press(f"#{seat}-{hue}-count", "Tab")
    page.click("#tab-red")
    for hue in ("orange", "blue", "brown"):
        page.click(f"#red-scored-{hue}")
    page.click("#red-scored-grey")  # a fourth: the page says so and keeps three
    assert page.inner_text("#notice") == "Colours that score: at most 3."
    assert page.inner_text("#red-scored-label") == "Colours that score · 3 of 3"
    page.click("#tab-white")
    page.click("#white-scored-grey")  # one colour collected: one named
    assert page.inner_text("#white-scored-label") == "Colours that score · 1 of 3"
    want = cli(PACKS["coloretto"], saved(page, tmp_path))
    # red: orange 3 → 6, blue 2 → 3, brown 1 → 1 named; grey 1 → −1: 9; white: grey 4 → 10
    assert {p["colour"]: p["total"] for p in want["players"]} == {"red": 9, "white": 10}
    assert "Winner: White · 10 points" in page.inner_text("#verdict")


def test_an_instant_loss_tapped_in(pages: Path, browser: Any, tmp_path: Path) -> None:
    """Codenames: a team that reveals the assassin loses at once, though it was ahead; the other wins."""
    watched = opened(browser, pages, "codenames")
    page = watched.page
    for team, members, found in (("red", "Ana, Bo", 5), ("blue", "Cy, Di", 6)):
        page.click(f"#colour-{team}")
        page.click(f"#tab-{team}")
        page.fill(f"#name-{team}", members)
        page.press(f"#name-{team}", "Enter")
        taps(page, f"#{team}-found-more", found + 1)  # the first tap enters 0
    page.click("#entry-first-red")
    assert (
        page.inner_text("#verdict")
        == "The game goes on — neither team has found all its agents, and the assassin is still hidden."
    )
    page.click("#blue-assassin")
    assert page.query_selector("#verdict.ended") is not None
    assert page.inner_text("#verdict") == "Blue (Cy, Di) revealed the assassin and lost — Red (Ana, Bo) wins"
    want = cli(PACKS["codenames"], saved(page, tmp_path))
    assert (want["outcome"], want["end"], want["winners"]) == ("ended", "assassin", ["red"])
    assert [(p["colour"], p["rank"]) for p in want["players"]] == [("red", 1), ("blue", 2)]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert watched.errors == []
    watched.close()
