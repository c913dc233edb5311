"""The two other spy games as packs with no model and no code (packs/stawka, packs/espionage_1762):
each validates strictly, builds every piece, the rules summary (PDF and HTML) and the score pad
in both its languages, on every paper and with every back mode, and reads back with its own
letters and the words of each card; the score sheets name the right winner."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml
from fontTools.ttLib import TTFont
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.pack.load import load_pack
from estoril_pnp.source.packfiles import PackFiles

runner = CliRunner()
ROOT = Path(__file__).parent.parent
STAWKA = ROOT / "packs" / "stawka"
ESPIONAGE = ROOT / "packs" / "espionage_1762"
BROKEN = re.compile("[\ufffd\u25a1\u25af\u2610]")  # replacement character and the boxes of a missing glyph

# what each pack prints, per language: file -> words a reader looks for on it (case ignored)
WORDS = {
    (STAWKA, "pl"): {
        "reference.pdf": [
            "Gracz PL",
            "Gracz DE",
            "Przebieg etapu",
            "Koszty w punktach akcji",
            "Nie są akcjami",
            "Przekupienie wrogiego agenta (0 PA)",
            "Rozmowa (1 PA)",
            "Przeszukanie lokacji (2 PA)",
            "Wygrywasz natychmiast",
            "Tylko dla DE",
            "Klossem",
        ],
        "scenarios.pdf": ["Wybór scenariusza", "Standardowy", "Rozszerzony", "Zaawansowany", "Swobodny"],
        "tracks.pdf": ["Punkty zwycięstwa (wygrana przy 13)", "Żółty", "Bordowy", "Morski", "Czarny", "10+"],
        "rulebook.pdf": ["Streszczenie zasad", "Przygotowanie", "Koniec gry", "Czego nasze źródło nie mówi"],
        "scorepad.pdf": [
            "Stawka · koniec gry",
            "Osiągnięte 13 punktów zwycięstwa",
            "Misje łatwe",
            "Dowody",
        ],
    },
    (STAWKA, "en"): {
        "reference.pdf": [
            "PL player",
            "DE player",
            "Each stage, in order",
            "Costs in action points",
            "Actions · one per activation, even at 0 AP",
            "Bribing an enemy agent (0 AP)",
            "Conversation (1 AP)",
            "Searching a location (2 AP)",
            "You win at once when",
        ],
        "scenarios.pdf": ["Choosing a scenario", "Standard", "Extended", "Advanced", "Free"],
        "tracks.pdf": ["Victory points (13 wins)", "Yellow", "Maroon", "Sea blue", "Black"],
        "rulebook.pdf": ["A rules summary", "Setting up", "End of the game", "Where our source is silent"],
        "scorepad.pdf": [
            "Stawka · end of the game",
            "13 victory points reached",
            "Easy missions",
            "Evidence",
        ],
    },
    (ESPIONAGE, "cs"): {
        "reference.pdf": [
            "Východní frakce",
            "Západní frakce",
            "Tvůj tah",
            "Tři způsoby, jak zahrát kartu",
            "Blokování",
            "Zajištění státu",
            "Okamžitě vyhráváš",
            "Špionský vynález",
        ],
        "tracks.pdf": ["Počítadla vlivu", "Polsko", "Maďarsko", "SSSR", "USA", "Anglie", "Francie"],
        "rulebook.pdf": ["Shrnutí pravidel", "Příprava hry", "O čem náš zdroj mlčí", "Rebel Forces"],
        "scorepad.pdf": [
            "kdo vyhrál?",
            "3 zajištěné státy",
            "Zajištěný hlavní stát soupeře",
        ],
    },
    (ESPIONAGE, "en"): {
        "reference.pdf": [
            "East faction",
            "West faction",
            "Your turn",
            "Three ways to play a card",
            "Blocking",
            "Securing a state",
            "You win at once",
            "Gadget",
        ],
        "tracks.pdf": ["Influence tracks", "Poland", "Hungary", "USSR", "USA", "England", "France"],
        "rulebook.pdf": ["A rules summary", "Setting up", "Where our source is silent", "Rebel Forces"],
        "scorepad.pdf": [
            "who has won?",
            "3 states secured",
            "The opponent's main state secured",
        ],
    },
}
LETTERS = {"pl": "łżąę", "cs": "ěšřů"}


def text_of(pdf: Path) -> str:
    """Every page's text in drawing order (pdfium reads a piece turned on its sheet the right way round)."""
    doc = pdfium.PdfDocument(pdf)
    try:
        return " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in doc)
    finally:
        doc.close()


def html_text(html: Path) -> str:
    body = re.sub(r"<(style|script)>.*?</\1>", "", html.read_text(encoding="utf-8"), flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", body)).split())


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[Path, Path]:
    out = {}
    for pack in (STAWKA, ESPIONAGE):
        folder = tmp_path_factory.mktemp(pack.name)
        result = runner.invoke(app, ["build", "--pack", str(pack), "--lang", "all", "--out", str(folder)])
        assert result.exit_code == 0, result.output
        out[pack] = folder
    return out


@pytest.mark.parametrize("pack", [STAWKA, ESPIONAGE], ids=lambda p: p.name)
def test_each_pack_validates_strictly_with_no_model(pack: Path) -> None:
    result = runner.invoke(app, ["validate", "--strict", "--pack", str(pack)])
    assert result.exit_code == 0, result.output
    assert load_pack(pack).info.model is None
    assert not list(pack.rglob("*.py"))


@pytest.mark.slow
@pytest.mark.parametrize(("pack", "lang"), list(WORDS), ids=lambda v: v.name if isinstance(v, Path) else v)
def test_every_output_is_written_and_reads_back_with_its_words_and_letters(
    built: dict[Path, Path], pack: Path, lang: str
) -> None:
    folder = built[pack] / lang / "a4"
    assert sorted(p.name for p in folder.glob("*.pdf")) == sorted(WORDS[pack, lang])
    everything = ""
    for name, words in WORDS[pack, lang].items():
        text = text_of(folder / name)
        assert not BROKEN.search(text), f"{name}: {BROKEN.findall(text)}"
        for word in words:
            assert word.casefold() in text.casefold(), f"{lang}/{name}: {word!r} not found"
        everything += text
    for letter in LETTERS.get(lang, ""):
        assert letter in everything, f"{pack.name} [{lang}]: no {letter!r} read back"
    html = html_text(built[pack] / lang / "rulebook.html")
    assert not BROKEN.search(html)
    # the phone page has the summary's headings (the first entry, the subtitle, is set apart there)
    assert all(word.casefold() in html.casefold() for word in WORDS[pack, lang]["rulebook.pdf"][1:])


def test_the_summaries_picture_the_packs_own_pieces(built: dict[Path, Path]) -> None:
    """The figures are the printed pieces themselves: their words are in the summary."""
    book = text_of(built[STAWKA] / "pl" / "a4" / "rulebook.pdf")
    assert "Gracz PL · ściąga" in book and "Wybór scenariusza".upper() in book
    book = text_of(built[ESPIONAGE] / "cs" / "a4" / "rulebook.pdf")
    assert "Počítadla vlivu".upper() in book and "Východní frakce".upper() in book


# what only the program's users should read: a command-line flag, a file name, YAML, the program's name
PROGRAM_WORDS = re.compile(r"(?<!\w)--\w|\b\w+\.(?:ya?ml|md|py|json|svg|ttf)\b|\byaml\b|estoril-pnp|\bscorer\b", re.I)


@pytest.mark.parametrize(("pack", "lang"), list(WORDS), ids=lambda v: v.name if isinstance(v, Path) else v)
def test_no_printed_page_talks_to_players_about_the_program(built: dict[Path, Path], pack: Path, lang: str) -> None:
    """The summary, the cards and the pad are for players: no flag, key, file name or talk of the program."""
    for pdf in sorted((built[pack] / lang / "a4").glob("*.pdf")):
        found = PROGRAM_WORDS.findall(text_of(pdf))
        assert not found, f"{pack.name} [{lang}] {pdf.name}: {found}"
    found = PROGRAM_WORDS.findall(html_text(built[pack] / lang / "rulebook.html"))
    assert not found, f"{pack.name} [{lang}] rulebook.html: {found}"


def test_the_summaries_say_where_the_source_is_silent(built: dict[Path, Path]) -> None:
    book = text_of(built[ESPIONAGE] / "en" / "a4" / "rulebook.pdf")
    assert "How many spaces each influence track has" in book
    book = text_of(built[STAWKA] / "en" / "a4" / "rulebook.pdf")
    assert "a heading for scoring with nothing under it" in book
    card = text_of(built[ESPIONAGE] / "en" / "a4" / "reference.pdf")
    assert "does not say how far a spy moves" in card


# issue 35: what each pad says about the end of the game and ties, in the sources' terms: the game
# ends the moment the first condition is met (the page refuses two winners), so no row "decides"
# among ticked ones and no tie is shared; the Ties note says so in words of its own, not those of
# the Game end note above it
PAD_END = {
    (STAWKA, "en"): "None: only one player can be the first to meet a condition.",
    (STAWKA, "pl"): "Nie ma remisów: tylko jeden gracz może jako pierwszy spełnić warunek.",
    (ESPIONAGE, "en"): "None: only one player can be the first to meet a condition.",
    (ESPIONAGE, "cs"): "Nejsou: podmínku může jako první splnit jen jeden hráč.",
}
PAD_INVENTED = re.compile(
    r"decides the game|highest of those rows"
    r"|decyduje|licząc od góry|rozhoduje|shora|Wynik wspólny|Při shodě|Nerozhodně",
    re.I,
)


@pytest.mark.parametrize(("pack", "lang"), list(PAD_END), ids=lambda v: v.name if isinstance(v, Path) else v)
def test_the_pads_end_the_game_at_the_first_condition_met_with_no_tie(
    built: dict[Path, Path], pack: Path, lang: str
) -> None:
    pad = " ".join(text_of(built[pack] / lang / "a4" / "scorepad.pdf").replace("\u00a0", " ").split())
    assert PAD_INVENTED.findall(pad) == []
    assert PAD_END[pack, lang] in pad
    assert re.search(r"(only one player ever has a box ticked|tylko u jednego gracza|má vždy jen jeden hráč)", pad)
    # no clause of five words or more is printed twice (the Ties note once repeated Game end's)
    clauses = [c.strip().casefold() for c in re.split(r"[.,:;–]", pad)]
    long = [c for c in clauses if len(c.split()) >= 5]
    assert sorted({c for c in long if long.count(c) > 1}) == []


# the choices this edition makes where Stawka's source is silent, each marked as the edition's
STAWKA_NOTES = {
    "en": (
        "Edition note. The source gives 2 and 4 victory points as the default reward of the free scenario (S) only",
        "Edition note. The source does not say whose moves are limited after a failed arrest",
        "Edition note. The source asks for 1, 2 or 3 secrets “on an officer”",
    ),
    "pl": (
        "Nota redakcyjna. Źródło podaje 2 i 4 punkty zwycięstwa jako domyślną nagrodę tylko dla scenariusza swobodnego",
        "Nota redakcyjna. Źródło nie mówi, czyj ruch ogranicza nieudane aresztowanie",
        "Nota redakcyjna. Źródło wymaga 1, 2 lub 3 sekretów „na oficera”",
    ),
}


@pytest.mark.parametrize("lang", list(STAWKA_NOTES))
def test_stawka_marks_its_own_readings_as_the_editions(built: dict[Path, Path], lang: str) -> None:
    book = text_of(built[STAWKA] / lang / "a4" / "rulebook.pdf").replace("\u00a0", " ")
    for note in STAWKA_NOTES[lang]:
        assert note in book, note
    card = text_of(built[STAWKA] / lang / "a4" / "reference.pdf").replace("\u00a0", " ")
    assert ("(this edition's reading)" if lang == "en" else "(interpretacja tego wydania)") in card


def test_stawka_speaks_a_publishers_english_and_one_meaning_per_polish_word(built: dict[Path, Path]) -> None:
    english = " ".join(text_of(pdf) for pdf in sorted((built[STAWKA] / "en" / "a4").glob("*.pdf")))
    assert re.findall(r"divided city|document box|hiding place", english, re.I) == []
    assert "strongbox" in english and "stash" in english
    # "Źródło" is the rules' source in the Polish book: the table of victory points heads its column otherwise
    book = text_of(built[STAWKA] / "pl" / "a4" / "rulebook.pdf")
    assert "Punkty zwycięstwa dają misje i dowody: Za co Punkty zwycięstwa" in book.replace("\u00a0", " ")
    assert "Źródło Punkty zwycięstwa" not in book


@pytest.mark.parametrize(
    "options",
    [
        ["--paper", "letter"],
        ["--backs", "duplex-short"],
        ["--backs", "fold"],
        ["--backs", "none"],
        ["--layout", "single"],
        ["--paper", "letter", "--backs", "fold"],
    ],
    ids=" ".join,
)
@pytest.mark.slow
def test_every_paper_and_back_mode_builds(tmp_path: Path, options: list[str]) -> None:
    for pack in (STAWKA, ESPIONAGE):
        out = tmp_path / pack.name
        result = runner.invoke(app, ["build", "--pack", str(pack), "--lang", "all", "--out", str(out), *options])
        assert result.exit_code == 0, result.output
        pdfs = list(out.rglob("*.pdf"))
        assert pdfs and not [p.name for p in pdfs if BROKEN.search(text_of(p))]


def score(pack: Path, record: str, *extra: str) -> dict:
    result = runner.invoke(app, ["score", "-", "--json", "--pack", str(pack), *extra], input=record)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def stawka(pl: str, de: str, scenario: str = "scenario: extended\nsecrets_to_win: 2") -> str:
    return f"{scenario}\nplayers:\n  - {{colour: pl, {pl}}}\n  - {{colour: de, {de}}}\n"


def test_stawka_names_the_player_who_ended_the_game_even_with_fewer_points() -> None:
    record = stawka("easy: 2, hard: 1, tens: 1, secrets: 2, goal: false", "easy: 3, hard: 1, tens: 2, secrets: 1")
    result = score(STAWKA, record)
    by = {p["colour"]: p for p in result["players"]}
    assert (by["pl"]["total"], by["de"]["total"]) == (2 * 2 + 4 + 1, 3 * 2 + 4 + 2)
    assert result["winners"] == ["pl"] and (result["outcome"], result["end"]) == ("ended", "secrets")


def test_stawka_counts_thirteen_points_as_a_win() -> None:
    record = stawka("easy: 1, hard: 1, tens: 0, secrets: 0", "easy: 2, hard: 2, tens: 1, secrets: 0")
    result = score(STAWKA, record)
    assert result["winners"] == ["de"] and result["end"] == "points"
    assert [(p["colour"], p["total"], p["ended"]) for p in result["players"]] == [
        ("de", 2 * 2 + 2 * 4 + 1, ["points"]),
        ("pl", 2 + 4, []),
    ]


def test_a_stawka_game_nobody_has_won_yet_says_so() -> None:
    record = stawka("easy: 1, hard: 0, tens: 3, secrets: 1", "easy: 2, hard: 1, tens: 1, secrets: 0")
    result = score(STAWKA, record)
    assert (result["winners"], result["outcome"], result["end"]) == ([], "unfinished", None)
    shown = runner.invoke(app, ["score", "-", "--pack", str(STAWKA)], input=record)
    assert shown.exit_code == 0 and "No winner yet" in shown.output and "Winner" not in shown.output


def test_a_stawka_scenarios_values_score() -> None:
    free = "scenario: free\nsecrets_to_win: 3\neasy_worth: 3\nhard_worth: 5"
    result = score(
        STAWKA, stawka("easy: 2, hard: 1, tens: 0, secrets: 0", "easy: 0, hard: 0, tens: 1, secrets: 2", free)
    )
    by = {p["colour"]: p for p in result["players"]}
    assert by["pl"]["breakdown"] == {"vp_easy": 2 * 3, "vp_hard": 5, "vp_evidence": 0}
    assert result["outcome"] == "unfinished"  # 2 secrets do not win where the scenario asks 3


@pytest.mark.parametrize(
    ("record", "line"),
    [
        (stawka("easy: 0, hard: 0, tens: 0, secrets: 0, arrests: true", "easy: 0, hard: 0, tens: 0, secrets: 0"), 4),
        # both ended: a fault of the whole game, no one line of it
        (stawka("easy: 0, hard: 0, tens: 0, secrets: 2", "easy: 0, hard: 0, tens: 0, secrets: 0, goal: true"), None),
        (
            stawka(
                "easy: 1, hard: 0, tens: 0, secrets: 0",
                "easy: 0, hard: 0, tens: 0, secrets: 0",
                "scenario: standard\nsecrets_to_win: 1",
            ),
            4,
        ),
    ],
    ids=["pl-arrests", "both-ended", "standard-missions"],
)
def test_an_impossible_stawka_record_is_refused_with_one_located_line(record: str, line: int | None) -> None:
    result = runner.invoke(app, ["score", "-", "--pack", str(STAWKA)], input=record)
    assert result.exit_code == 2, result.output
    errors = [x for x in result.output.splitlines() if x.startswith("error:")]
    where = "error: <stdin>:" if line is None else f"error: <stdin>:{line}:"
    assert len(errors) == 1 and errors[0].startswith(f"{where} "), result.output
    assert "one_winner" not in result.output


def test_a_two_player_game_is_scored_by_questions_without_asking_how_many_play() -> None:
    # PL: no name, missions 2 easy and 1 hard, evidence once, 2 secrets, no goal (and no question on arrests);
    # DE: Ada, …, no arrests; then the scenario, the secrets it asks, its mission values as they stand
    answers = "pl\n\n2\n1\n1\n2\nn\nde\nAda\n3\n1\n2\n1\nn\nn\nextended\n2\n\n\n\n"
    result = runner.invoke(app, ["score", "-i", "--pack", str(STAWKA)], input=answers)
    assert result.exit_code == 0, result.output
    asked = load_pack(STAWKA).texts("en")("score.ask.players", players_min=2, players_max=2)
    assert asked not in result.output
    assert re.search(r"Winner: PL · 9 victory points", result.output), result.output
    assert "arrested every PL agent" not in result.output.split("DE (Ada)")[0].split("Player 2")[0]
    assert "DE (Ada)" in result.output


def spies1762(secured: str, east: str = "hu", west: str = "fr") -> str:
    return f"players:\n  - {{colour: east, main: {east}}}\n  - {{colour: west, main: {west}}}\nsecured: {{{secured}}}\n"


def test_1762_names_the_winner_by_three_states_or_the_main_state() -> None:
    three = score(ESPIONAGE, spies1762("pl: east, us: west, gb: west, su: west"))
    assert three["winners"] == ["west"] and three["end"] == "three_states"
    main = score(ESPIONAGE, spies1762("fr: east, us: west, gb: west"))
    assert main["winners"] == ["east"] and main["end"] == "main_state"


def test_a_1762_game_nobody_has_won_yet_says_so() -> None:
    result = score(ESPIONAGE, spies1762("pl: east, us: west"))
    assert (result["winners"], result["outcome"]) == ([], "unfinished")
    shown = runner.invoke(app, ["score", "-", "--pack", str(ESPIONAGE), "--lang", "cs"], input=spies1762("us: west"))
    assert shown.exit_code == 0 and "Zatím bez vítěze" in shown.output


@pytest.mark.parametrize(
    ("record", "line"),
    [
        (spies1762("pl: east", east="us"), 2),  # a main state of the other faction
        (spies1762("pl: east, hu: east, su: east, fr: west, us: west, gb: west"), None),  # both won: the whole game
        (spies1762("pl: east, Polska: west"), 4),  # one state, two holders
        (spies1762("pl: north"), 4),  # a holder who does not play
    ],
    ids=["other-faction", "both-won", "two-holders", "no-such-holder"],
)
def test_an_impossible_1762_record_is_refused_with_one_located_line(record: str, line: int | None) -> None:
    result = runner.invoke(app, ["score", "-", "--pack", str(ESPIONAGE)], input=record)
    assert result.exit_code == 2, result.output
    errors = [x for x in result.output.splitlines() if x.startswith("error:")]
    where = "error: <stdin>:" if line is None else f"error: <stdin>:{line}:"
    assert len(errors) == 1 and errors[0].startswith(f"{where} "), result.output
    assert "Traceback" not in result.output


def test_score_interactive_asks_each_1762_faction_for_one_of_its_own_states() -> None:
    answers = "east\n\nus\nhu\nwest\n\nfr\n" + "\n" * 8
    result = runner.invoke(app, ["score", "-i", "--pack", str(ESPIONAGE)], input=answers)
    assert result.exit_code == 0, result.output
    assert "Main state: one of Poland, Hungary, or USSR, please." in result.output


def test_the_engine_names_neither_game() -> None:
    names = re.compile(r"stawka|kloss|espionage|1762", re.I)
    hits = [f for f in (ROOT / "estoril_pnp").rglob("*") if f.is_file() and names.search(f.read_text(errors="replace"))]
    assert hits == []


@pytest.mark.parametrize(
    ("pack", "letters"),
    [(ESPIONAGE, "ěščřžýáíéůúťďňĚŠČŘŽÝÁÍÉŮÚŤĎŇ"), (STAWKA, "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ")],
    ids=lambda v: v.name if isinstance(v, Path) else "letters",
)
def test_every_font_the_pack_can_use_has_its_languages_letters(pack: Path, letters: str) -> None:
    """Beyond the letters today's texts use (validate checks those): every letter of the language,
    in every font role the layouts name, so a later text cannot print a box."""
    files = PackFiles(pack)
    roles: dict[str, str] = {}
    for layout_file in files.layout_files():
        roles |= yaml.safe_load(layout_file.read_text(encoding="utf-8")).get("fonts") or {}
    assert roles
    for role, name in roles.items():
        cmap = TTFont(files.find("font", name)).getBestCmap()
        assert [c for c in letters if ord(c) not in cmap] == [], f"{role} ({name})"
