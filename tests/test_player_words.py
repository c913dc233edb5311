"""What players read names no part of the program: no rulebook, aid, piece or score pad of any
pack, in any of its languages, prints a command-line flag, a record's or pack file's key, or a
file or folder name. The words are read back from what `build` writes: every PDF (pypdf) and the
rulebook's HTML (its text, not its markup)."""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import pytest
from conftest import pack_id, pack_languages
from pypdf import PdfReader
from typer.testing import CliRunner

from estoril_pnp.cli import app
from estoril_pnp.pack.load import load_pack
from estoril_pnp.rulebook import book

FLAG = re.compile(r"(?<![\w-])--[A-Za-z][\w-]*")
SNAKE_CASE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")  # zero_wins, recruit_starting, vp_mission
FILE = re.compile(
    r"\b[\w-]+\.(?:ya?ml|md|py|j2|ttf|otf|json|svg)\b"  # ATTRIBUTION.md, scoring.yaml
    r"|\b(?:data|fonts|icons|i18n|layouts|packs|templates)/"  # data/icons/
)


def key_form(pack: Path) -> re.Pattern[str]:
    """`options:`, `variants:` and the pack's own switches written as a record's keys (`rounding: up`)."""
    sheet = load_pack(pack).sheet
    keys = {"options", "variants", *(s["id"] for s in (sheet.switches if sheet else ()))}
    return re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, keys))) + r"):(?!\w)")


class _Text(HTMLParser):
    """A page's text as a reader sees it: no markup, no style sheet or script."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._hidden += tag in ("style", "script")

    def handle_endtag(self, tag: str) -> None:
        self._hidden -= tag in ("style", "script")

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def printed(out: Path, lang: str) -> dict[str, str]:
    """Every text a player of `lang` reads, by file: the pieces, the score pad, the rulebook (PDF and HTML)."""
    texts = {
        pdf.name: "\n".join(page.extract_text() or "" for page in PdfReader(pdf).pages)
        for pdf in sorted((out / lang).glob("*/*.pdf"))
    }
    html = out / lang / "rulebook.html"
    if html.exists():
        reader = _Text()
        reader.feed(html.read_text(encoding="utf-8"))
        texts[html.name] = " ".join(reader.parts)
    return texts


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Callable[[Path], Path]:
    """Each pack built once, in all its languages, the first time a test asks for it."""
    outputs: dict[Path, Path] = {}

    def build(pack: Path) -> Path:
        if pack not in outputs:
            out = tmp_path_factory.mktemp(pack.name)
            args = ["build", "--pack", str(pack), "--lang", "all", "--out", str(out), "--quiet"]
            result = CliRunner().invoke(app, args)
            assert result.exit_code == 0, result.output
            outputs[pack] = out
        return outputs[pack]

    return build


@pytest.mark.slow
@pytest.mark.parametrize(("pack", "lang"), pack_languages(), ids=pack_id)
def test_no_printed_text_names_a_flag_a_key_or_a_file(built: Callable[[Path], Path], pack: Path, lang: str) -> None:
    texts = printed(built(pack), lang)
    loaded = load_pack(pack)
    wanted = ({"scorepad.pdf"} if loaded.sheet else set()) | (
        {"rulebook.pdf", "rulebook.html"} if book.has_rulebook(loaded) else set()
    )  # a pack without a score sheet (examples/harbour) has no score pad
    assert wanted <= texts.keys()
    assert len(texts) > len(wanted) or not loaded.manifest.pieces  # and a file of pieces, where the pack prints any
    patterns = {"flag": FLAG, "key": SNAKE_CASE, "record key": key_form(pack), "file": FILE}
    found = [
        f"{name}: {what} {hit.group(0)!r} in …{text[max(hit.start() - 40, 0) : hit.end() + 20]!r}…"
        for name, text in texts.items()
        for what, pattern in patterns.items()
        for hit in pattern.finditer(text)
    ]
    assert not found, "\n".join(found)


def test_each_kind_of_program_word_is_caught() -> None:
    """The patterns find what the old rulebook printed, and not the prose that resembles it."""
    shipped = Path(__file__).parent.parent / "data"
    old = (
        "give the scorer --zero-wins, or write zero_wins: true under options: in the game record. "
        "The list of icons is in data/icons/ATTRIBUTION.md. To round up, write rounding: up."
    )
    assert FLAG.findall(old) == ["--zero-wins"]
    assert SNAKE_CASE.findall(old) == ["zero_wins"]
    assert key_form(shipped).findall(old) == ["zero_wins:", "options:", "rounding:"]
    assert FILE.findall(old) == ["data/", "icons/", "ATTRIBUTION.md"]
    prose = "Tied? More missions completed – then more VP. Each player adds up: discards, hand; the round-track."
    assert not any(p.search(prose) for p in (FLAG, SNAKE_CASE, key_form(shipped), FILE))
