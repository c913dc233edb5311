"""A rulebook from a pack with no model: its own template, its catalogs, its numbers and its
pieces; read back from the PDF and HTML `build` writes. A pack's template is untrusted: each
hostile one is a located finding in validate and an error line in build, never obeyed."""

from __future__ import annotations

import re
import shutil
from html import unescape
from pathlib import Path

import pdfplumber
import pytest
from typer.testing import CliRunner

from estoril_pnp.cli import app

runner = CliRunner()
TINY = Path(__file__).parent / "fixtures" / "tiny_game"
BROKEN = re.compile("[\ufffd\u25a1\u25af\u2610]")  # replacement character and the boxes of a missing glyph


def pages(pdf: Path) -> list[str]:
    with pdfplumber.open(pdf) as doc:
        return [" ".join((page.extract_text() or "").split()) for page in doc.pages]


def page_text(html: Path) -> str:
    body = re.sub(r"<style>.*?</style>", "", html.read_text(encoding="utf-8"), flags=re.S)
    body = re.sub(r"<(?:p|li|h\d|td|th|figcaption)\b", r" \g<0>", body)  # blocks apart, inline tags not
    return " ".join(unescape(re.sub(r"<[^>]+>", "", body)).split())


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tiny")
    result = runner.invoke(app, ["build", "--pack", str(TINY), "--lang", "all", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_the_tiny_game_validates_with_its_rulebook() -> None:
    result = runner.invoke(app, ["validate", "--strict", "--pack", str(TINY)])
    assert result.exit_code == 0, result.output
    assert "0 error(s), 0 warning(s): ok" in result.stdout


@pytest.mark.parametrize(
    ("lang", "words", "letters"),
    [
        (
            "en",
            [
                "Rules summary",
                "For 2 to 4 keepers.",
                "to light 5 lamps wins.",
                "Beacon (3 points)",
                "Fog Bank (1 point)",
            ],
            "",
        ),
        (
            "cs",
            ["Stručná pravidla", "Pro 2 až 4 strážce.", "rozsvítí 5 lamp.", "Beacon (3 body)", "Gull (0 bodů)"],
            "ěšřů",
        ),
    ],
)
def test_a_pack_with_no_model_builds_its_rulebook_in_each_language(
    built: Path, lang: str, words: list[str], letters: str
) -> None:
    text = " ".join(pages(built / lang / "a4" / "rulebook.pdf"))
    html = page_text(built / lang / "rulebook.html")
    for said in (text, html):
        assert not BROKEN.search(said) and "{" not in said and "}" not in said
        for word in words:  # the catalog's words, the pack's numbers, the items' names, CLDR plurals
            assert word in said, (lang, word)
        for letter in letters:
            assert letter in said, (lang, letter)
    assert f'<html lang="{lang}">' in (built / lang / "rulebook.html").read_text(encoding="utf-8")
    assert "North Coast" in text and "Beacon" in text  # the figures are the pack's own pieces, drawn


def test_the_included_file_and_the_pictures_are_in_the_book(built: Path) -> None:
    text = pages(built / "en" / "a4" / "rulebook.pdf")
    assert any("Pass the horn to the next keeper." in page for page in text)  # from rulebook/turn.xml.j2
    assert any("Fig. 1. A lamp card, face and back." in page and "LAMP" in page for page in text)  # face and back


def test_an_unchanged_pack_draws_nothing_and_a_changed_template_only_the_rulebook(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(TINY, pack)
    out = tmp_path / "out"
    first = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out)])
    assert first.exit_code == 0, first.output
    again = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out)])
    assert "Nothing changed" in again.stdout
    turn = pack / "rulebook" / "turn.xml.j2"
    turn.write_text(turn.read_text(encoding="utf-8").replace('"light", ', ""), encoding="utf-8")
    third = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out)])
    assert third.exit_code == 0, third.output
    assert str(out / "en" / "a4" / "rulebook.pdf") in third.stdout and "cards.pdf" not in third.stdout
    assert "Light one lamp" not in " ".join(pages(out / "en" / "a4" / "rulebook.pdf"))


def test_a_pack_with_neither_model_nor_template_has_no_rulebook(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(TINY, pack)
    shutil.rmtree(pack / "rulebook")
    result = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert not list((tmp_path / "out").rglob("rulebook.*"))
    assert (tmp_path / "out" / "en" / "a4" / "cards.pdf").is_file()


def _with(pack: Path, body: str) -> None:
    """The pack's template with `body` in place of its first section."""
    template = pack / "rulebook" / "rulebook.xml.j2"
    text = template.read_text(encoding="utf-8")
    start, end = text.index('<section id="goal"'), text.index('<section id="components"')
    template.write_text(text[:start] + body + "\n" + text[end:], encoding="utf-8")


def _line(pack: Path, needle: str) -> int:
    lines = (pack / "rulebook" / "rulebook.xml.j2").read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if needle in line)


HOSTILE = {
    "attribute escape": ("{{ ''.__class__.__mro__ }}", "rulebook: refused by the sandbox: access to attribute"),
    "a method's object": ("{{ t.__self__.texts }}", "rulebook: refused by the sandbox"),
    "include outside the pack": ("{% include '../../etc/passwd' %}", "rulebook: cannot include:"),
    "include by absolute path": ("{% include '/etc/passwd' %}", "rulebook: cannot include:"),
    "import outside its folder": ("{% import '../pack.yaml' as m %}", "rulebook: cannot include:"),
    "syntax error": ("{% for x in %}{% endfor %}", "rulebook: template syntax:"),
    "undefined name": ("{{ secrets }}", "rulebook: undefined: 'secrets' is undefined"),
    "changing the pack's data": ("{{ items.lamp_card.append(1) }}", "rulebook: refused by the sandbox"),
    "padding by format": ("{{ '{:>999999999}'.format(1) }}", "rulebook: refused by the sandbox"),
    "a huge string": ("{{ 'x' * 1000000000 }}", "rulebook: the template asks for too much"),
    "a huge number": ("{{ 10 ** 10 ** 10 }}", "rulebook: the template asks for too much"),
    "nested loops": (
        "{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}",
        "rulebook: the template asks for too much: more than 100,000 loop steps",
    ),
    "a join that multiplies": (
        "{{ range(99999) | join('x' * 199999) }}",
        "rulebook: the template asks for too much: a text or list longer than 200,000",
    ),
    "a list of big texts": ("{{ ['x' * 199999] * 199999 }}", "rulebook: the template asks for too much"),
    "endless self-include": ("{% include 'rulebook.xml.j2' %}", "rulebook: the template calls itself without end"),
    "an unknown element": ("<script>x</script>", "script: unknown element in the rulebook template"),
    "an icon outside the pack": ("<p>{{ icon('../../../etc/passwd') }}</p>", "icon ../../../etc/passwd: '../../../etc"),
    "a piece the pack lacks": ('<figure><piece key="cards/kraken"/></figure>', "piece cards/kraken: no such piece"),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_a_hostile_template_is_a_located_finding_never_obeyed(tmp_path: Path, case: str) -> None:
    body, message = HOSTILE[case]
    pack = tmp_path / "pack"
    shutil.copytree(TINY, pack)
    _with(pack, f'<section id="x" title="x">\n{body}\n</section>')
    where = f"{pack / 'rulebook' / 'rulebook.xml.j2'}:{_line(pack, body)}: {message}"
    result = runner.invoke(app, ["validate", "--pack", str(pack)])
    assert result.exit_code == 1, result.output
    assert f"error: {where}" in result.stdout, result.stdout
    out = tmp_path / "out"
    built = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out)])
    assert built.exit_code == 2 and f"error: {where}" in built.stderr, built.output
    assert "Traceback" not in built.output and not out.exists()  # nothing written, not even the pieces


def test_an_include_through_a_link_that_leaves_the_pack_is_refused(tmp_path: Path) -> None:
    secret = tmp_path / "secret.xml.j2"
    secret.write_text("<p>the secret</p>", encoding="utf-8")
    pack = tmp_path / "pack"
    shutil.copytree(TINY, pack)
    (pack / "rulebook" / "more.xml.j2").symlink_to(secret)
    _with(pack, '<section id="x" title="x">\n{% include "more.xml.j2" %}\n</section>')
    result = runner.invoke(app, ["validate", "--pack", str(pack)])
    assert result.exit_code == 1
    line = _line(pack, "more.xml.j2")
    assert f"rulebook.xml.j2:{line}: rulebook: cannot include: 'more.xml.j2' is a link that leaves the pack" in (
        result.stdout
    )
    assert "the secret" not in result.stdout


def test_a_missing_text_names_the_key_and_the_template_line(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(TINY, pack)
    _with(pack, '<section id="x" title="{{ t(\'rulebook.nowhere\') }}"></section>')
    result = runner.invoke(app, ["validate", "--pack", str(pack)])
    line = _line(pack, "rulebook.nowhere")
    assert (
        f"i18n/en.yaml: rulebook.nowhere: no text for this key, which the rulebook uses (rulebook.xml.j2:{line})"
        in (result.stdout)
    )


def test_pack_numbers_are_placeholders_and_are_checked(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(TINY, pack)
    catalog = pack / "i18n" / "cs.yaml"
    catalog.write_text(catalog.read_text(encoding="utf-8").replace("{lamps}, vyhrává", "{lampy}, vyhrává"), "utf-8")
    pack_yaml = pack / "pack.yaml"
    pack_yaml.write_text(pack_yaml.read_text(encoding="utf-8").replace("lamps: 5", "lamps: -5"), encoding="utf-8")
    result = runner.invoke(app, ["validate", "--pack", str(pack)])
    assert result.exit_code == 1
    assert f"{pack / 'pack.yaml'}:3: numbers.lamps:" in result.stdout
    pack_yaml.write_text(pack_yaml.read_text(encoding="utf-8").replace("lamps: -5", "lamps: 5"), encoding="utf-8")
    result = runner.invoke(app, ["validate", "--pack", str(pack)])
    assert "aid.back: unknown placeholder '{lampy}'" in result.stdout


def test_a_letter_the_rulebook_fonts_lack_is_a_finding(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(TINY, pack)
    catalog = pack / "i18n" / "cs.yaml"
    catalog.write_text(catalog.read_text(encoding="utf-8").replace("title: Cíl hry", "title: Cíl hry 灯"), "utf-8")
    result = runner.invoke(app, ["validate", "--pack", str(pack)])
    assert result.exit_code == 1
    assert "error: rulebook [cs]: Oswald-Bold: no glyph for 灯 in 'Cíl hry 灯'" in result.stdout


def test_a_block_larger_than_a_page_is_a_finding_not_a_traceback(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(TINY, pack)
    cell = "{{ 'word ' * 6000 }}"  # a table's row is never split between pages
    _with(pack, f'<section id="x" title="x">\n<table><tr><td>{cell}</td><td>x</td></tr></table>\n</section>')
    out = tmp_path / "out"
    built = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out)])
    assert built.exit_code == 2, built.output
    assert "error: rulebook [en]: a table, picture or paragraph is larger than a page" in built.stderr
    assert "Traceback" not in built.output and not list(out.rglob("rulebook.pdf"))
