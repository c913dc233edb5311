"""Yes/no questions in the player's language: "t/n" in Polish, "j/n" in German.

The words are catalog texts (`answer.yes_word`, `answer.yes_letter`, `answer.no_word`,
`answer.no_letter`). Any language's words are understood, whatever the question's language,
folded as names are (i18n/folding.py: case, accents and punctuation aside), so a player who
types "yes" in a Polish session is not refused.

A record answers a yes/no entry with `true`/`false`, or with a yes or no word of any of the pack's
languages (`record_words`): YAML 1.2 reads `yes` as text (source/yamlparse.py), and the score page
(templates/scorepage/sheet.js) reads a record's words from the same table.
"""

from __future__ import annotations

from collections.abc import Mapping

import typer

from ..errors import Finding, InputError
from ..terminal import clean
from .catalogs import Texts
from .folding import fold

WORDS = ("answer.yes_word", "answer.yes_letter", "answer.no_word", "answer.no_letter")


def understood(t: Texts) -> dict[str, bool]:
    """Every catalog's yes and no words, folded, with what they mean."""
    out: dict[str, bool] = {}
    for lang in sorted(t.catalogs, key=lambda lang: lang != t.lang):  # the asked language wins a clash
        words = Texts(t.catalogs, lang, shipped=t.shipped)
        for key in WORDS:
            word = fold(words(key))
            if word:
                out.setdefault(word, key.startswith("answer.yes"))
    return out


def record_words(catalogs: Mapping[str, Mapping[str, str]]) -> dict[str, bool]:
    """The words a record may answer a yes/no entry with, folded, and what they mean: YAML's
    true and false, English's yes and no, and every catalog's `answer.yes_word` and `answer.no_word`
    (English's meaning wins a clash, then the languages in alphabetical order)."""
    out = {"true": True, "false": False, "yes": True, "no": False}
    for lang in sorted(catalogs, key=lambda lang: (lang != "en", lang)):
        for key, meaning in (("answer.yes_word", True), ("answer.no_word", False)):
            word = fold(catalogs[lang].get(key) or "")
            if word:
                out.setdefault(word, meaning)
    return out


def parse(answer: str, t: Texts) -> bool | None:
    """True for a yes, False for a no, None for anything else."""
    return understood(t).get(fold(answer))


def confirm(question: str, t: Texts, default: bool = False) -> bool:
    """Asks until a yes or a no in any catalog's language; the choices are shown in the asked one."""
    yes, no = t("answer.yes_letter"), t("answer.no_letter")
    shown = f"{yes.upper()}/{no}" if default else f"{yes}/{no.upper()}"
    while True:
        try:
            answer = typer.prompt(f"{clean(question)} [{clean(shown)}]", default="", show_default=False)
        except UnicodeDecodeError:  # the terminal or pipe sent bytes that are not UTF-8
            raise InputError([Finding("<stdin>", None, "", "not UTF-8 text")]) from None
        if not answer.strip():
            return default
        meaning = parse(answer, t)
        if meaning is not None:
            return meaning
        again = t("answer.again", yes=t("answer.yes_word"), no=t("answer.no_word"))
        typer.echo(f"  {clean(again)}")
