"""Numbers with nouns, and lists of names, read back from what a changed pack builds in every language.

A pack whose numbers are 2 or 5 (rounds, hand limit, missions in play, face-up Secret
Missions, dice, starting characters, locations, the grid) must never print "2 mission" or
"5 runda": after a number other than 1, no noun stands in its singular form. The singular
forms looked for are every `one:` form of the catalog's plural selectors, plus the nouns
below, so a catalog that states a number with a bare singular noun is caught too.
Hungarian nouns stay singular after every numeral ("5 forduló"), so it has no list here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
import yaml
from conftest import SHIPPED
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.i18n.catalogs import Texts, plural_forms
from estoril_pnp.pack.load import load_pack

runner = CliRunner()
SINGULAR_NOUNS = {
    "en": "round player character mission tile row die card",
    "pl": "runda gracz postać misja miejsce plansza rząd kość karta kolumna",
    "de": "Runde Charakter Mission Schauplatz Reihe Tafel Belohnungstafel Startcharakter",
    "pt": "Fase jogador personagem missão Local fila peça dado carta",
    "es": "ronda jugador personaje misión Ubicación fila tablero dado loseta",
    "hu": "",
}
READ = ("rulebook.pdf", "player_aids-single.pdf", "scorepad.pdf", "locations-single.pdf", "missions-single.pdf")


def _set(file: Path, pattern: str, value: str) -> None:
    text = file.read_text(encoding="utf-8")
    assert re.search(pattern, text, re.M), pattern
    file.write_text(re.sub(pattern, value, text, count=1, flags=re.M), encoding="utf-8")


def numbered_pack(pack: Path, n: int) -> None:
    """Every number a text states with a noun set to `n`, as far as a playable pack allows."""
    game = pack / "game.yaml"
    _set(game, r"^rounds: \d+", f"rounds: {n}")
    _set(game, r"^hand_limit: \d+", f"hand_limit: {n}")
    _set(game, r"^missions_in_play: \d+", f"missions_in_play: {n}")
    players_max = SHIPPED.model.data.game.players.max
    _set(
        game,
        r"secret_missions: \{face_up: \d+, min_players: \d+\}",
        f"secret_missions: {{face_up: {n}, min_players: {min(n, players_max)}}}",
    )
    _set(game, r"^dice: \d+", f"dice: {n}")
    _set(game, r"starting_characters: \d+", f"starting_characters: {n}")
    _set(game, r"grid: \{rows: \d+, cols: \d+\}", "grid: {rows: 2, cols: 2}")
    _set(pack / "locations.yaml", r"\{id: casino_dice, dice: \d+\}", f"{{id: casino_dice, dice: {n}}}")
    if n >= 4:  # enough tiles for the 2 x 2 grid: the pack keeps tiles 1 to n
        _set(game, r"^  locations: \d+", f"  locations: {n}")
        head, _, body = (pack / "locations.yaml").read_text(encoding="utf-8").partition("\nlocations:\n")
        tiles = re.split(r"\n(?=  - number: )", body)
        kept = [t for t in tiles if int(re.match(r"\s*- number: (\d+)", t).group(1)) <= n]  # type: ignore[union-attr]
        (pack / "locations.yaml").write_text(head + "\nlocations:\n" + "\n".join(kept) + "\n", encoding="utf-8")
    lines = (pack / "characters.yaml").read_text(encoding="utf-8").split("\n")
    first = lines.index("starting:") + 1
    last = next(i for i in range(first, len(lines)) if not lines[i].startswith("  - "))
    del lines[first + n : last]  # n starting characters
    (pack / "characters.yaml").write_text("\n".join(lines), encoding="utf-8")
    # the worked example must fit the new numbers: two players, n cards each, n missions
    reward = [c["id"] for c in yaml.safe_load((pack / "characters.yaml").read_text(encoding="utf-8"))["reward"]]
    missions = [m["id"] for m in yaml.safe_load((pack / "missions.yaml").read_text(encoding="utf-8"))["missions"]]
    record = {
        "players": [
            {"colour": "red", "hand": reward[:n], "discards": 1},
            {"colour": "yellow", "hand": reward[n : 2 * n], "discards": n},
        ],
        "missions": missions[:n],
    }
    (pack / "examples" / "scoring.yaml").write_text(yaml.safe_dump(record, sort_keys=False), encoding="utf-8")


def singular_forms(catalog: dict[str, str], lang: str) -> set[str]:
    forms = set(SINGULAR_NOUNS[lang].split())
    for text in catalog.values():
        for selector in plural_forms(text):
            one = selector.get("one", "")
            if len(one) > 2 and one != selector.get("other"):  # not a one-letter article ("a", "el")
                forms.add(one)
    return forms


def text_of(pdf: Path) -> str:
    with pdfplumber.open(pdf) as doc:
        return " ".join(" ".join((page.extract_text() or "").split()) for page in doc.pages)


def singular_after(text: str, n: int, nouns: set[str]) -> list[str]:
    hits = []
    for noun in nouns:
        for m in re.finditer(rf"(?<![\d.,]){n}\s+{re.escape(noun)}(?!\w)", text):
            hits.append(text[max(0, m.start() - 30) : m.end() + 10])
    return hits


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 5])
def test_no_singular_noun_after_a_number_other_than_one_in_any_language(
    pack_copy: Path, tmp_path: Path, n: int
) -> None:
    numbered_pack(pack_copy, n)
    out = tmp_path / "out"
    result = runner.invoke(
        app,
        [
            "build",
            "--pack",
            str(pack_copy),
            "--lang",
            "all",
            "--layout",
            "single",
            "--backs",
            "none",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    changed = load_pack(pack_copy)
    for lang in SHIPPED.languages:
        nouns = singular_forms(SHIPPED.catalogs[lang], lang)
        for name in READ:
            assert not singular_after(text_of(out / lang / "a4" / name), n, nouns), (lang, name)
        # and the sentence is there, in the form the language gives n: "The game lasts 5 rounds."
        rounds = changed.texts(lang)("rulebook.round.intro").split(". ")[0]
        assert f"{n} " in rounds and rounds in text_of(out / lang / "a4" / "rulebook.pdf"), (lang, rounds)


def test_the_check_finds_a_planted_singular(pack_copy: Path) -> None:
    nouns = singular_forms(SHIPPED.catalogs["pl"], "pl")
    assert singular_after("Gra trwa 5 runda.", 5, nouns)
    assert not singular_after("Gra trwa 5 rund.", 5, nouns)
    assert not singular_after("Gra trwa 15 rund, runda 5 runda", 2, nouns)
    assert singular_after("Lay 2 mission face up", 2, singular_forms(SHIPPED.catalogs["en"], "en"))


@pytest.fixture(scope="module")
def rulebooks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("rulebooks")
    built = runner.invoke(app, ["build", "--lang", "all", "--out", str(out)])
    assert built.exit_code == 0, built.output
    return out


@pytest.mark.slow
@pytest.mark.parametrize("lang", SHIPPED.languages)
def test_names_are_joined_with_the_languages_own_conjunction(rulebooks: Path, tmp_path: Path, lang: str) -> None:
    t = Texts(SHIPPED.catalogs, lang)
    conjunction = t.list(["A", "B"]).split()[1]  # "and", "i", "és", "e", "und", "y"
    # two players with the same starting cards: every tie-break ties, the victory is shared
    record = tmp_path / "tie.yaml"
    missions = ["most_assassin", "most_conspirator", "most_seducer", "strongest"]
    players = [{"colour": c, "hand": ["hans_r", "elizabeth"], "discards": 3} for c in ("red", "yellow")]
    record.write_text(yaml.safe_dump({"players": players, "missions": missions}), encoding="utf-8")
    result = runner.invoke(app, ["score", str(record), "--lang", lang], terminal_width=200)
    assert result.exit_code == 0, result.output
    both = t.list([t("colour.red"), t("colour.yellow")])
    assert f" {conjunction} " in both and both in result.stdout, (lang, result.stdout)
    rulebook = text_of(rulebooks / lang / "a4" / "rulebook.pdf")
    designers = t.list(SHIPPED.model.data.game.designers)
    assert f" {conjunction} " in designers and designers in rulebook, lang
    assert ", ".join(SHIPPED.model.data.game.designers) not in rulebook, lang
    example = SHIPPED.model.data
    cards = t.list(example.characters[c].name for c in ("zarah_l", "anne_d", "garbo", "otto_m", "g_rene", "hans_r"))
    assert cards in rulebook, lang  # Red's hand in the worked example
