"""docs/new-pack.md, followed literally: each file block written (or appended), each command
run through the CLI, in the guide's order, from an empty folder; then what it promises is
read back from the PDFs."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image
from typer.testing import CliRunner

from estoril_pnp.cli import app

pytestmark = pytest.mark.slow  # seconds each: left out of the quick loop

runner = CliRunner()
GUIDE = Path(__file__).parent.parent / "docs" / "new-pack.md"
BLOCK = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```$", re.S | re.M)


def steps(text: str) -> list[tuple[str, str, str]]:
    """(kind, target, body): ("file", path, text), ("append", path, text), ("replace", path, text)
    or ("run", "", command)."""
    out: list[tuple[str, str, str]] = []
    for lang, info, body in BLOCK.findall(text):
        words = dict(w.split("=", 1) if "=" in w else (w, "") for w in info.split())
        if "file" in words:
            kind = next((k for k in ("append", "replace") if k in words), "file")
            out.append((kind, words["file"], body))
        elif lang == "sh":
            out += [("run", "", line) for line in body.splitlines() if line.strip() and not line.startswith("#")]
    return out


def text_of(pdf: Path) -> str:
    with pdfplumber.open(pdf) as doc:
        return " ".join(" ".join((page.extract_text() or "").split()) for page in doc.pages)


@pytest.fixture(scope="module")
def followed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The folder the guide was followed in, and each command's output."""
    folder = tmp_path_factory.mktemp("guide")
    said: dict[str, str] = {}
    done = steps(GUIDE.read_text(encoding="utf-8"))
    kinds = [kind for kind, _, _ in done]
    assert kinds.count("file") >= 6 and kinds.count("run") >= 2  # the guide still has its steps
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(folder)
        for kind, target, body in done:
            if kind == "run":
                [command, *args] = shlex.split(body)
                if command == "python":  # a script the guide wrote, run as the reader runs it
                    done_script = subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=60)
                    assert done_script.returncode == 0, (body, done_script.stderr)
                    said[body] = done_script.stdout
                    continue
                assert command == "estoril-pnp", body
                result = runner.invoke(app, args, terminal_width=200)
                assert result.exit_code == 0, (body, result.output)
                said[body] = result.output
                continue
            path = folder / target
            assert folder in path.resolve().parents  # the guide writes only inside its folder
            path.parent.mkdir(parents=True, exist_ok=True)
            if kind == "file":
                assert not path.exists(), f"the guide writes {target} twice; later blocks append or replace"
            if kind == "replace":
                assert path.exists(), f"the guide replaces {target} before writing it"
                path.unlink()
            with path.open("a", encoding="utf-8") as out:
                out.write(body)
    return folder, said


def test_the_guide_starts_from_an_empty_folder() -> None:
    first = steps(GUIDE.read_text(encoding="utf-8"))[0]
    assert first[:2] == ("file", "night_market/pack.yaml")


def test_the_guide_prints_the_reference_card(followed: tuple[Path, dict[str, str]]) -> None:
    followed, _ = followed
    cards = text_of(followed / "printed" / "en" / "a4" / "reference.pdf")
    assert cards.count("YOUR TURN") == 5 and cards.count("SCORING") == 5  # five cards, each with its back
    assert "After 6 rounds the market closes." in cards and "Each open stall scores 2." in cards  # numbers filled in
    stalls = text_of(followed / "printed" / "en" / "a4" / "stalls.pdf")
    for words in ("Lanterns", "Spices", "Silk", "NIGHT MARKET"):
        assert words in stalls or words[::-1] in stalls  # cards laid across the paper read back to front


def test_the_guide_marks_a_word_and_sets_an_icon_in_a_card_text(followed: tuple[Path, dict[str, str]]) -> None:
    folder, _ = followed
    pdf = folder / "printed" / "en" / "a4" / "stalls.pdf"
    words = " ".join(
        subprocess.run(["pdftotext", "-raw", str(pdf), "-"], capture_output=True, text=True).stdout.split()
    )
    assert "When you trade, every neighbour pays you 1" in words  # the marks are gone
    assert "*" not in words and "[" not in words and "coin]" not in words
    with pdfplumber.open(pdf) as doc:
        chars = [c for page in doc.pages for c in page.chars]
    said = "".join(c["text"] for c in chars)
    start = said.index("trade,")
    trade, comma, before = chars[start : start + 5], chars[start + 5], chars[start - 2]
    assert {c["fontname"].split("+")[-1] for c in trade} == {"Bold"} or all("Bold" in c["fontname"] for c in trade)
    assert "Bold" not in comma["fontname"] and "Bold" not in before["fontname"]  # only the marked word
    one = chars[said.index("1", start)]  # the medal is drawn beside it (the card may lie across the page)

    def gap(c: dict) -> float:
        return max(one["x0"] - c["x1"], c["x0"] - one["x1"], one["top"] - c["bottom"], c["top"] - one["bottom"])

    with pdfplumber.open(pdf) as doc:
        page = doc.pages[one["page_number"] - 1]
        beside = [c for c in page.curves if gap(c) < 6 and c["x1"] - c["x0"] < 12 and c["bottom"] - c["top"] < 12]
    assert len(beside) >= 3, "no icon drawn beside 'pays you 1'"  # the medal's own paths


def test_the_guide_shows_its_picture_on_the_stall_cards(followed: tuple[Path, dict[str, str]]) -> None:
    folder, _ = followed
    picture = folder / "night_market" / "images" / "lantern.png"
    assert picture.is_file()  # drawn by the guide's script
    listed = subprocess.run(
        ["pdfimages", "-list", str(folder / "printed" / "en" / "a4" / "stalls.pdf")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()[2:]
    sizes = [(int(line.split()[3]), int(line.split()[4])) for line in listed]
    assert (300, 400) in sizes  # the lantern itself, at its own pixels (its alpha as an smask beside it)


def test_the_guide_prints_its_rules_summary(followed: tuple[Path, dict[str, str]]) -> None:
    followed, _ = followed
    book = text_of(followed / "printed" / "en" / "a4" / "rulebook.pdf")
    assert "{" not in book and "}" not in book
    for words in ("Night Market", "Rules summary", "Reference cards 5", "Stall cards 3", "After 6 rounds"):
        assert words in book, words
    assert "Lanterns" in book and "YOUR TURN" in book  # the figure: the pack's own pieces, drawn
    assert (followed / "printed" / "en" / "rulebook.html").is_file()


def test_the_guide_prints_a_score_pad_and_scores_a_game(followed: tuple[Path, dict[str, str]]) -> None:
    folder, said = followed
    pad = text_of(folder / "printed" / "en" / "a4" / "scorepad.pdf")
    for words in ("End of the night", "Coins", "Open stalls", "Most lanterns", "Total", "Red", "White"):
        assert words in pad, words
    scored = said["estoril-pnp score last_night.yaml --pack night_market"]
    assert "Winner: Red (Ana) · 22 points — most points." in scored  # as the guide says it prints
    guide = " ".join(GUIDE.read_text(encoding="utf-8").split())
    assert "`Winner: Red (Ana) · 22 points — most points.`" in guide


def test_the_guide_ends_a_game_by_a_condition_in_a_scenario(followed: tuple[Path, dict[str, str]]) -> None:
    folder, said = followed
    pad = text_of(folder / "printed" / "en" / "a4" / "scorepad.pdf")
    assert "Crowned (all stalls open)" in pad and "Festival lanterns" in pad
    scored = " ".join(said["estoril-pnp score festival_night.yaml --pack night_market"].split())
    verdict = "Winner: Blue (Ben) · 22 points — crowned at once with every stall of the night open."
    assert verdict in scored and "28" in scored  # Ana's points are more, and they lose
    guide = " ".join(GUIDE.read_text(encoding="utf-8").split())
    assert f"`{verdict}`" in guide
    record = folder / "festival_night.yaml"
    record.write_text(record.read_text(encoding="utf-8").replace("lanterns: 2}", "lanterns: 4}"), encoding="utf-8")
    refused = runner.invoke(app, ["score", str(record), "--pack", str(folder / "night_market")])
    assert refused.exit_code == 2
    assert refused.stderr == (
        f"error: {record}:3: players[0]: 1 more lanterns than open stalls; a lantern hangs on an open stall\n"
    )


def test_the_guide_rounds_its_stall_cards_corners_and_cuts_round_coins(followed: tuple[Path, dict[str, str]]) -> None:
    folder, _ = followed
    with Image.open(folder / "printed" / "en" / "png" / "stalls" / "silk.png") as card:
        assert card.mode == "RGBA" and card.size == (744, 1039)  # 63 x 88 mm at 300 dpi
        alpha = card.getchannel("A")
        assert alpha.getpixel((0, 0)) == 0 and alpha.getpixel((743, 1038)) == 0  # the corners cut away
        assert alpha.getpixel((40, 0)) == 255 and alpha.getpixel((372, 520)) == 255  # past the 3 mm round: the card
    with Image.open(folder / "printed" / "en" / "png" / "coins" / "coin.png") as coin:
        assert coin.size == (295, 295)  # 25 mm at 300 dpi
        alpha = coin.getchannel("A")
        assert alpha.getpixel((25, 25)) == 0  # inside a rounded square's corner, outside the circle
        assert alpha.getpixel((147, 2)) == 255 and alpha.getpixel((147, 147)) == 255
    assert "Coins 20" in text_of(folder / "printed" / "en" / "a4" / "rulebook.pdf")
    assert (folder / "printed" / "en" / "a4" / "coins.pdf").is_file()
