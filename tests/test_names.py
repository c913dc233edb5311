"""A pack's ids are names, never paths: a hostile id planted in every place a pack gives one is
refused by every command with a located line, and nothing appears outside the output folder.
Past the id check, every writer still refuses a target outside its own folder."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest
from conftest import assert_clean_outcome
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.errors import InputError
from estoril_pnp.export.images import export_tts
from estoril_pnp.export.ttsdecks import Deck
from estoril_pnp.files.atomic import atomic_path
from estoril_pnp.files.resources import default_pack
from estoril_pnp.pack.load import load_pack
from estoril_pnp.pieces.lay_out import lay_out
from estoril_pnp.pieces.selection import one_of_each
from estoril_pnp.render.layout import load_design
from estoril_pnp.rulebook import book
from estoril_pnp.source import names

runner = CliRunner()
TINY = Path(__file__).parent / "fixtures" / "tiny_game"
# the output folder sits this deep in the temporary folder, so a climbing id that escapes it
# still lands inside the tree the test lists
DEEP = ("a", "b", "c", "d", "e", "f", "g", "h")

BAD = {
    "climbs": "../../../../../../escaped",
    "absolute": "{tmp}/escaped/x",
    "slash": "sub/dir",
    "backslash": "back\\slash",
    "nul": "nul\0byte",
    "dots": "..",
    "long": "x" * 300,
}
# (pack, file, the text that holds an id, the same with {bad} in the id's place, other files to change alike)
PLACES = {
    "tiny item (cards.yaml)": ("tiny", "cards.yaml", "- id: beacon", "- id: {bad}", ()),
    "tiny item (boards.yaml)": ("tiny", "boards.yaml", "- id: north", "- id: {bad}", ()),
    "tiny item (aids.yaml)": ("tiny", "aids.yaml", "- id: turn", "- id: {bad}", ()),
    "tiny layout name": (
        "tiny",
        "layouts/tiny.yaml",
        "  lamp_card:\n",
        "  {bad}:\n",
        (("components.yaml", "face: lamp_card", "face: {bad}"),),
    ),
    "starting character": ("data", "characters.yaml", "{id: hans_r,", "{id: {bad},", ()),
    "reward character": ("data", "characters.yaml", "{id: garbo,", "{id: {bad},", ()),
    "mission": ("data", "missions.yaml", "{id: strongest,", "{id: {bad},", ()),
    "colour (markers)": ("data", "game.yaml", "{id: red,", "{id: {bad},", ()),
    "piece kind": ("data", "components.yaml", "  enigma:  ", "  {bad}:  ", ()),
    "group": ("data", "components.yaml", "group: enigma,", "group: {bad},", ()),
    "deck (tts.yaml)": ("data", "tts.yaml", "  reward:", "  {bad}:", ()),
}
COMMANDS = {
    "validate": (["validate"], 1),
    "build": (["build", "--out", "{out}", "--quiet"], 2),
    "build single": (["build", "--out", "{out}", "--quiet", "--layout", "single"], 2),
    "export png": (["export", "png", "--out", "{out}"], 2),
    "export tts": (["export", "tts", "--out", "{out}"], 2),
    "scorepad": (["scorepad", "--out", "{out}/scorepad.pdf"], 2),
    "i18n new": (["i18n", "new", "it"], 2),
}


def tree(root: Path) -> set[str]:
    """Every file, folder and link under `root`, as relative paths."""
    return {str(p.relative_to(root)) for p in root.rglob("*")}


def copy_of(which: str, tmp: Path) -> Path:
    target = tmp / "pack"
    shutil.copytree(TINY if which == "tiny" else default_pack(), target)
    return target


def plant(file: Path, old: str, new: str) -> int:
    text = file.read_text(encoding="utf-8")
    assert text.count(old) == 1, (file, old)
    file.write_text(text.replace(old, new), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def run_all(pack: Path, tmp: Path, says: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command refuses the pack with a line naming `says`; nothing is written anywhere."""
    out = tmp.joinpath(*DEEP, "out")
    out.mkdir(parents=True)
    monkeypatch.chdir(out)
    before = tree(tmp)
    for name, (args, code) in COMMANDS.items():
        argv = [a.format(out=out) for a in args] + ["--pack", str(pack)]
        result = runner.invoke(app, argv)
        assert_clean_outcome(result, code)
        assert re.search(says, result.output), (name, says, result.output)
        assert tree(tmp) == before, (name, tree(tmp) - before)


@pytest.mark.slow
@pytest.mark.parametrize("bad", BAD, ids=list(BAD))
@pytest.mark.parametrize("place", PLACES, ids=list(PLACES))
def test_a_hostile_id_is_refused_by_every_command_and_nothing_is_written(
    place: str, bad: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    which, file, old, new, alike = PLACES[place]
    pack = copy_of(which, tmp_path)
    value = json.dumps(BAD[bad].format(tmp=tmp_path))  # a YAML double-quoted string: the NUL as \u0000
    where = [(pack / file, plant(pack / file, old, new.replace("{bad}", value)))]
    where += [(pack / f, plant(pack / f, o, n.replace("{bad}", value))) for f, o, n in alike]
    at = "|".join(f"{re.escape(str(f))}:{line}" for f, line in where)  # the first place the command reads
    run_all(pack, tmp_path, rf"({at}): \S.*is not an id", monkeypatch)


@pytest.mark.parametrize("code", ["..", "...", "back\\slash", "EN", "x" * 250])
def test_a_language_file_whose_name_is_not_a_code_is_refused(
    code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = copy_of("tiny", tmp_path)
    shutil.copy(pack / "i18n" / "en.yaml", pack / "i18n" / f"{code}.yaml")
    file = pack / "i18n" / f"{code}.yaml"
    # a backslash is refused sooner: the pack's file names are checked before they are read
    says = rf"{re.escape(str(file))}: .*(the language code .*is not an id|is not a file name)"
    run_all(pack, tmp_path, says, monkeypatch)


def test_every_shipped_id_is_a_name() -> None:
    pack = load_pack(default_pack())
    design = load_design(pack.files)
    assert all(names.is_name(lang) for lang in pack.languages)
    assert all(names.is_name(name) for name in design.layouts)
    for lang in pack.languages:
        pieces, _ = lay_out(pack, design, lang)
        assert pieces
        assert all(names.is_name(part) for piece in pieces for part in piece.key.split("/"))
    assert pack.tts is not None and all(names.is_name(deck) for deck in pack.tts[0].decks)


@pytest.mark.parametrize("value", ["", "-a", "_a", "A", "a b", "a.b", "a/b", "a\\b", "é", "a\n", "x" * 65, 7, None])
def test_the_rule_refuses_what_is_not_a_plain_name(value: object) -> None:
    assert not names.is_name(value)
    assert "is not an id" in (names.problem(value) or "")


@pytest.mark.parametrize("value", ["a", "7", "hans_r", "most-women", "x" * 64])
def test_the_rule_accepts_plain_names(value: str) -> None:
    assert names.is_name(value) and names.problem(value) is None


# --- the writers' own guard, whatever the id check let through ------------------------------


def test_a_writer_refuses_a_target_outside_its_folder(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    for target in (folder / ".." / "x.png", folder / "a" / ".." / ".." / "x.png", tmp_path / "x.png", folder / ".."):
        with pytest.raises(InputError, match="outside"), atomic_path(target, folder) as temp:
            temp.write_text("never")
    assert tree(tmp_path) == set()


def test_a_link_inside_the_output_folder_that_leads_out_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere, out = tmp_path / "elsewhere", tmp_path / "out"
    elsewhere.mkdir()
    (out / "en" / "png").mkdir(parents=True)
    os.symlink(elsewhere, out / "en" / "png" / "cards")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["export", "png", "--pack", str(TINY), "--out", str(out), "--dpi", "20"])
    assert_clean_outcome(result, 2)
    assert "would be written outside" in result.stderr
    assert list(elsewhere.iterdir()) == []
    # a language's folder that is a link out of the output folder (Dutch: its plural forms are English's)
    os.symlink(elsewhere, out / "nl")
    pack = tmp_path / "pack"
    shutil.copytree(TINY, pack)
    shutil.copy(TINY / "i18n" / "en.yaml", pack / "i18n" / "nl.yaml")
    result = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out), "--lang", "nl", "--quiet"])
    assert_clean_outcome(result, 2)
    assert "would be written outside" in result.stderr
    assert list(elsewhere.iterdir()) == []


def test_tts_urls_and_json_carry_names_as_data(tmp_path: Path) -> None:
    """A deck whose name were not a name (the check bypassed) still makes one file in the folder,
    a percent-encoded URL, and JSON that reads back to the same names."""
    pack = one_of_each(load_pack(TINY))
    pieces, _ = lay_out(pack, load_design(pack.files), "en")
    cards = tuple(p for p in pieces if p.group == "cards")
    title = 'Deck "quoted" </script><b>&'
    deck = Deck("a b#c?d", title, cards, tuple(f'{p.key} "x"\n\\' for p in cards), cards[0].back or ())
    out = tmp_path / "out"
    files = export_tts([deck], [], out / "en" / "tts", out, "https://example.org/up", lambda _: None)
    saved = json.loads(files.decks[0].read_text(encoding="utf-8"))
    state = saved["ObjectStates"][0]
    assert state["Nickname"] == title
    assert [c["Nickname"] for c in state["ContainedObjects"]] == list(deck.names)
    custom = next(iter(state["CustomDeck"].values()))
    assert custom["FaceURL"] == "https://example.org/up/en/tts/a%20b%23c%3Fd-faces.png"
    assert tree(out) <= {"en", "en/tts", *(f"en/tts/a b#c?d{s}" for s in ("-faces.png", "-back.png", ".json"))}
    with pytest.raises(InputError, match="outside"):
        export_tts([Deck("../x", title, cards, deck.names, deck.back)], [], out / "en" / "tts", out, None, print)
    assert not (out / "en" / "x.json").exists()


def test_the_rulebook_page_shows_a_pack_s_name_as_text(tmp_path: Path) -> None:
    """A printed name full of markup reaches the phone page escaped: shown, never read as HTML."""
    pack_dir = copy_of("data", tmp_path)
    hostile = 'Igreja <script>alert("x")</script> & <blink>co'
    plant(pack_dir / "locations.yaml", '"Igreja de Santo António do Estoril"', json.dumps(hostile))
    pack = load_pack(pack_dir)
    design = load_design(pack.files)
    pieces, _ = lay_out(pack, design, "en")
    doc, _ = book.make_document(pack, design, pieces, "en")
    page = tmp_path / "rulebook.html"
    book.write_html_to(doc, design, page)
    text = page.read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;blink&gt;co" in text
    assert "<script>" not in text and "<blink>" not in text
