"""Image exports read back with PIL and json: exact pixel sizes, file names by key, Tabletop
Simulator sheets within their limits and matching their saved objects, cell by cell."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image, ImageChops, ImageStat
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.export.images import export_tts
from estoril_pnp.export.tts import MAX_CARDS, grid, split
from estoril_pnp.export.ttsdecks import Deck
from tests.conftest import PACK, SHIPPED, replace_once
from tests.synthetic import pieces

runner = CliRunner()
TINY = Path(__file__).parent / "fixtures" / "tiny_game"
COLOURS = ("red", "green", "blue", "yellow")


def _export(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["export", *args])
    return result.exit_code, result.stdout, result.stderr


def _png(out: Path, name: str, lang: str = "en") -> Image.Image:
    with Image.open(out / lang / "png" / f"{name}.png") as image:
        return image.convert("RGB")


def _files(folder: Path, suffix: str = ".png") -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob(f"*{suffix}")}


def _error(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel, 0–255."""
    assert a.size == b.size
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def _px(mm: float, dpi: int) -> int:
    return int(mm / 25.4 * dpi + 0.5)


# --- PNG ------------------------------------------------------------------------------------


def test_a_character_at_300_dpi_is_exactly_827_px_and_898_with_bleed(tmp_path: Path) -> None:
    code, _, err = _export("png", "--only", "characters/lucky_luciano", "--out", str(tmp_path / "trim"))
    assert code == 0, err
    assert _png(tmp_path / "trim", "characters/lucky_luciano").size == (827, 827)
    assert _png(tmp_path / "trim", "characters/back").size == (827, 827)
    code, _, err = _export("png", "--only", "characters/lucky_luciano", "--bleed", "--out", str(tmp_path / "bleed"))
    assert code == 0, err
    assert _png(tmp_path / "bleed", "characters/lucky_luciano").size == (898, 898)
    with Image.open(tmp_path / "bleed" / "en" / "png" / "characters" / "lucky_luciano.png") as image:
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)  # a print program opens it at 70 + 6 mm


def test_without_bleed_the_image_is_the_trim_box_of_the_bleed_image(tmp_path: Path) -> None:
    # 127 dpi is 5 px per mm: the 3 mm bleed is exactly 15 px on every side
    for flag in ("", "--bleed"):
        args = ["png", "--dpi", "127", "--only", "missions/strongest", "--out", str(tmp_path / (flag or "trim"))]
        assert _export(*args, *([flag] if flag else []))[0] == 0
    trim, bleed = _png(tmp_path / "trim", "missions/strongest"), _png(tmp_path / "--bleed", "missions/strongest")
    assert (trim.size, bleed.size) == ((350, 350), (380, 380))
    assert _error(bleed.crop((15, 15, 365, 365)), trim) < 1.5
    # the background reaches into the bleed: its outermost pixels are the card's paper, not white
    assert bleed.getpixel((1, 190)) == bleed.getpixel((20, 190)) != (255, 255, 255)


def test_every_piece_has_a_file_named_by_its_key_at_its_size(tmp_path: Path) -> None:
    dpi = 20  # small: this test reads sizes and names, not pictures
    code, _, err = _export("png", "--dpi", str(dpi), "--out", str(tmp_path))
    assert code == 0, err
    files = _files(tmp_path / "en" / "png")
    reward = {f"characters/{c.id}.png" for c in PACK.reward}
    starting = {f"characters/{c.id}/{colour}.png" for c in PACK.starting for colour in COLOURS}
    missions = {f"missions/{m.id}.png" for m in PACK.missions}
    locations = {f"locations/{place.number}.png" for place in PACK.locations}
    backs = {f"{group}/back.png" for group in ("characters", "missions", "locations", "first_player", "enigma")}
    # one image for the 4 copies: the first card and its own reverse, the second and the back it shares
    aids = {"player_aids/aid.png", "player_aids/aid-reverse.png", "player_aids/locations.png", "player_aids/back.png"}
    markers = {f"markers/{c}.png" for c in ("red", "green", "blue", "yellow", "white")}  # both sides alike: no reverse
    assert files == reward | starting | missions | locations | backs | aids | markers | {
        "first_player/card.png",
        "enigma/card.png",
    }
    sizes = {"characters": (70, 70), "locations": (166, 166), "player_aids": (100, 148), "markers": (16, 16)}
    for name in files:
        width, height = sizes.get(name.split("/")[0], (70, 120) if name.startswith("first_player") else (70, 70))
        with Image.open(tmp_path / "en" / "png" / name) as image:
            assert image.size == (_px(width, dpi), _px(height, dpi)), name


def test_the_reverse_is_the_aids_other_side_and_a_colour_is_its_own_card(tmp_path: Path) -> None:
    code, _, _ = _export("png", "--dpi", "40", "--only", "player_aids,characters/hans_r/*", "--out", str(tmp_path))
    assert code == 0
    assert _files(tmp_path / "en" / "png") == {
        "player_aids/aid.png",
        "player_aids/aid-reverse.png",
        "player_aids/locations.png",
        "player_aids/back.png",
        "characters/back.png",
        *(f"characters/hans_r/{c}.png" for c in COLOURS),
    }
    assert _error(_png(tmp_path, "player_aids/aid"), _png(tmp_path, "player_aids/aid-reverse")) > 5
    red, blue = _png(tmp_path, "characters/hans_r/red"), _png(tmp_path, "characters/hans_r/blue")
    assert 0 < _error(red, blue) < 5  # the same card but for its colour's mark


def test_every_language_gets_its_own_folder_with_its_own_text(tmp_path: Path) -> None:
    only = ["--only", "missions/strongest"]
    code, _, err = _export("png", "--lang", "all", "--dpi", "60", *only, "--out", str(tmp_path))
    assert code == 0, err
    assert {p.name for p in tmp_path.iterdir()} == set(SHIPPED.languages)
    assert _error(_png(tmp_path, "missions/strongest", "en"), _png(tmp_path, "missions/strongest", "de")) > 0.5


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["--dpi", "0"], "--dpi"),
        (["--dpi", "5000"], "--dpi"),
        (["--lang", "xx"], "--lang"),
        (["--only", "nothing"], "--only"),
        (["--only", "characters/no_such_card"], "--only"),
    ],
)
def test_bad_options_stop_with_one_line_and_write_nothing(tmp_path: Path, args: list[str], names: str) -> None:
    code, _, err = _export("png", *args, "--out", str(tmp_path / "out"))
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {names}"), err
    assert not (tmp_path / "out").exists()


# --- Tabletop Simulator ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def tts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One export of the shipped pack, read by every test below."""
    out = tmp_path_factory.mktemp("tts")
    code, _, err = _export("tts", "--out", str(out))
    assert code == 0, err
    return out / "en" / "tts"


def _deck(folder: Path, name: str) -> dict:
    [state] = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))["ObjectStates"]
    return state


def _local(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file"
    return Path(unquote(parsed.path))


def _cell(sheet: Image.Image, entry: dict, slot: int) -> Image.Image:
    cols, rows = entry["NumWidth"], entry["NumHeight"]
    w, h = sheet.width // cols, sheet.height // rows
    x, y = slot % cols * w, slot // cols * h
    return sheet.crop((x, y, x + w, y + h))


def _expected_decks() -> dict[str, list[str]]:
    t = SHIPPED.texts("en")
    decks = {"reward": [c.name for c in PACK.reward], "missions": [t(f"mission.{m.id}.title") for m in PACK.missions]}
    decks |= {f"starting_{colour}": [c.name for c in PACK.starting] for colour in COLOURS}
    return decks


@pytest.mark.slow
def test_tts_decks_hold_their_cards_in_order_with_their_names(tts: Path) -> None:
    decks = _expected_decks()
    assert _files(tts, ".json") == {f"{name}.json" for name in decks}
    seen_ids: set[str] = set()
    for name, names in decks.items():
        deck = _deck(tts, name)
        assert deck["Name"] == "DeckCustom"
        [(deck_id, entry)] = deck["CustomDeck"].items()
        assert deck_id not in seen_ids  # every deck can share one table
        seen_ids.add(deck_id)
        cards = deck["ContainedObjects"]
        assert [c["Name"] for c in cards] == ["Card"] * len(names)
        assert [c["Nickname"] for c in cards] == names
        ids = [int(deck_id) * 100 + i for i in range(len(names))]
        assert [c["CardID"] for c in cards] == ids == deck["DeckIDs"]
        assert all(c["CustomDeck"] == {deck_id: entry} for c in cards)
        assert entry["BackIsHidden"] is True and entry["UniqueBack"] is False
        assert len(names) < entry["NumWidth"] * entry["NumHeight"]  # room for the hidden card


@pytest.mark.slow
def test_tts_sheets_keep_the_limits_and_match_their_grid(tts: Path) -> None:
    for name in _expected_decks():
        [entry] = _deck(tts, name)["CustomDeck"].values()
        assert entry["NumWidth"] <= 10 and entry["NumHeight"] <= 7
        with Image.open(_local(entry["FaceURL"])) as sheet:
            assert max(sheet.size) <= 4096
            assert sheet.mode == "RGB"  # Tabletop Simulator takes no other
            assert sheet.width % entry["NumWidth"] == 0 and sheet.height % entry["NumHeight"] == 0
            cell = (sheet.width // entry["NumWidth"], sheet.height // entry["NumHeight"])
            assert cell[0] == cell[1] and cell[0] >= 400  # square cards, and sharp enough to read
            with Image.open(_local(entry["BackURL"])) as back:
                assert back.size == cell
                last = entry["NumWidth"] * entry["NumHeight"] - 1
                assert _error(_cell(sheet.convert("RGB"), entry, last), back.convert("RGB")) < 0.5


def test_a_sheet_cell_is_that_cards_own_picture(tts: Path, tmp_path: Path) -> None:
    deck = _deck(tts, "reward")
    [entry] = deck["CustomDeck"].values()
    names = [c["Nickname"] for c in deck["ContainedObjects"]]
    assert _export("png", "--only", "characters/garbo", "--out", str(tmp_path))[0] == 0
    with Image.open(_local(entry["FaceURL"])) as sheet:
        sheet = sheet.convert("RGB")
        garbo, pires = _cell(sheet, entry, names.index("Garbo")), _cell(sheet, entry, names.index("Pires"))
    own = _png(tmp_path, "characters/garbo").resize(garbo.size, Image.Resampling.LANCZOS)
    same, other = _error(garbo, own), _error(pires, own)
    assert same < 2.5, same
    assert other > 5 and other > 3 * same, (same, other)


def test_tts_singles_are_the_tiles_and_aids_with_their_backs(tts: Path) -> None:
    singles = _files(tts) - {p for p in _files(tts) if "/" not in p}
    assert {f"locations/{place.number}.png" for place in PACK.locations} | {
        "locations/back.png",
        "player_aids/aid.png",
        "player_aids/aid-reverse.png",
        "player_aids/locations.png",
        "player_aids/back.png",
    } <= singles
    with Image.open(tts / "locations" / "1.png") as tile:
        assert tile.size == (1961, 1961)  # 166 mm at 300 dpi


def test_a_deck_larger_than_a_sheet_spreads_over_sheets_with_their_own_ids(tmp_path: Path) -> None:
    cards = pieces(MAX_CARDS + 2, 20, 20, group="cards")
    deck = Deck("big", "Big deck", tuple(cards), tuple(c.key for c in cards), cards[0].back)
    files = export_tts([deck], [], tmp_path, tmp_path, "https://example.org/pnp/", lambda n: None)
    state = _deck(tmp_path, "big")
    assert list(state["CustomDeck"]) == ["1", "2"]
    assert split(MAX_CARDS + 2) == [36, 35]  # evenly, not 69 and 2
    ids = [c["CardID"] for c in state["ContainedObjects"]]
    assert ids == [100 + i for i in range(36)] + [200 + i for i in range(35)]
    assert [c["Nickname"] for c in state["ContainedObjects"]] == [c.key for c in cards]
    for n, entry in enumerate(state["CustomDeck"].values(), 1):
        assert entry["FaceURL"] == f"https://example.org/pnp/big-faces-{n}.png"
        assert entry["BackURL"] == "https://example.org/pnp/big-back.png"
    assert {p.name for p in files.images} == {"big-faces-1.png", "big-faces-2.png", "big-back.png"}


@pytest.mark.parametrize("card", [(827, 827), (827, 1417), (1961, 1961), (189, 189)])
def test_every_grid_holds_its_cards_and_the_hidden_one_within_the_limits(card: tuple[int, int]) -> None:
    for count in range(1, MAX_CARDS + 1):
        layout = grid(count, card)
        assert count + 1 <= layout.slots and layout.cols <= 10 and layout.rows <= 7, count
        assert max(layout.size) <= 4096, count
        assert layout.cell[0] <= card[0] and layout.cell[1] <= card[1], count
        assert abs(layout.cell[0] / layout.cell[1] - card[0] / card[1]) < 0.01, count
    assert grid(6, (827, 827)).cell == (827, 827)  # a small deck keeps the full 300 dpi


def test_a_pack_without_tts_yaml_gets_a_deck_per_group_sharing_a_back(tmp_path: Path) -> None:
    code, _, err = _export("tts", "--pack", str(TINY), "--out", str(tmp_path))
    assert code == 0, err
    folder = tmp_path / "en" / "tts"
    assert _files(folder, ".json") == {"cards.json"}  # the board has no back, the aids their own reverses
    assert [c["Nickname"] for c in _deck(folder, "cards")["ContainedObjects"]] == ["Beacon", "Fog Bank", "Gull"]
    assert {"boards/north.png", "aids/turn.png", "aids/turn-reverse.png"} <= _files(folder)


def test_a_pattern_that_matches_nothing_is_a_finding_with_its_line(pack_copy: Path, tmp_path: Path) -> None:
    line = replace_once(pack_copy / "tts.yaml", '["characters/*/red"]', '["characters/*/purple"]')
    code, _, err = _export("tts", "--pack", str(pack_copy), "--out", str(tmp_path / "out"))
    assert code == 2
    assert err.strip() == (
        f"error: {pack_copy / 'tts.yaml'}:{line}: decks.starting_red.cards[0]: 'characters/*/purple' matches no piece"
    )
    assert not (tmp_path / "out").exists()


def test_validate_finds_a_tts_yaml_fault_too(pack_copy: Path) -> None:
    line = replace_once(pack_copy / "tts.yaml", "singles: [locations,", "singles: [location,")
    result = runner.invoke(app, ["validate", "--pack", str(pack_copy)])
    assert result.exit_code == 1
    assert f"error: {pack_copy / 'tts.yaml'}:{line}: singles[0]: 'location' matches no piece" in result.stdout


def test_a_deck_of_cards_with_different_backs_is_refused(pack_copy: Path, tmp_path: Path) -> None:
    replace_once(pack_copy / "tts.yaml", "cards: [missions]", "cards: [missions, enigma]")
    code, _, err = _export("tts", "--pack", str(pack_copy), "--out", str(tmp_path / "out"))
    assert code == 2
    assert "decks.missions: 'enigma/card' has another back than 'missions/most_assassin'" in err
    assert not (tmp_path / "out").exists()


def test_a_bad_base_url_is_refused(tmp_path: Path) -> None:
    code, _, err = _export("tts", "--base-url", "example.org/pnp", "--out", str(tmp_path / "out"))
    assert code == 2
    [line] = err.strip().splitlines()
    assert line.startswith("error: --base-url: expected an http(s):// or file:/// URL")
    assert not (tmp_path / "out").exists()
