"""Names are folded alike by the command line (estoril_pnp/i18n/folding.py) and the score page
(`Game.fold`, templates/scorepage/i18n/folding.js, in a real headless Chromium): every character
Python knows, and random and tricky names, fold to the same text on both sides, so a name one
side matches the other matches too."""

from __future__ import annotations

import random
import sys
import unicodedata
from typing import Any

import pytest

from estoril_pnp.export.scorepage import INTERPRETER, script
from estoril_pnp.i18n.folding import fold
from estoril_pnp.scoring.record import Names

TRICKY = [  # German ß, Turkish İ and ı, Greek final sigma, ligatures, accents, Polish, Hungarian, Czech
    *("Straße", "STRASSE", "ẞ", "İstanbul", "ıi", "ΟΔΥΣΣΕΥΣ", "Οδυσσεύς", "ς σ Σ", "ﬁnale", "ﬀ ﬃ ﬆ"),
    *("Łódź", "Źdźbło", "Gęś", "Árvíztűrő tükörfúrógép", "ŐŰőű", "Příliš žluťoučký kůň", "ĎŤŇďťň"),
    *("Araújo", "São Tomé", "Ñandú", "Ǆemal ǅ ǆ", "Ĳsselmeer", "ŉ", "Ꭰꭰ", "ᾳ ᾼ ΐ", "Ａｂｃ１２３", "x²"),
    *("Ⅻ", "Å Å", "µ μ", "ſ", "K K", "Ǳ", "İ̇", "Ω Ω", "e\u0301", "a\u200db", "tab\tnew\nline"),
]


@pytest.fixture(scope="module")
def page_fold(browser: Any) -> Any:
    page = browser.new_page()
    page.set_content(f"<script>{script(INTERPRETER)}</script>")
    yield lambda texts: page.evaluate("texts => texts.map(Game.fold)", texts)
    page.close()


def assigned() -> list[str]:
    """Every character of Python's Unicode database but the surrogates, which no str of a file holds."""
    return [chr(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) not in ("Cn", "Cs")]


def test_names_a_player_writes_either_way_are_one_name() -> None:
    assert fold("Straße") == fold("STRASSE") == fold("strasse")
    assert fold("ΟΔΥΣΣΕΥΣ") == fold("Οδυσσεύς") == fold("οδυσσευσ")  # a final sigma is a sigma
    assert fold("İstanbul") == fold("ISTANBUL")
    assert fold("ﬁnale") == fold("Finale")
    assert fold("Árvíztűrő tükörfúrógép") == "arvizturotukorfurogep"
    assert fold("Příliš žluťoučký kůň") == "priliszlutouckykun"
    assert fold("Ａｂｃ１２３") == "abc123"
    assert fold("Łódź") == "łodz"  # ł is a letter of its own, not an l with a mark
    street = Names.of("street", [("strasse", "Straße", [])])
    assert street.resolve("STRASSE") == street.resolve("straße") == "strasse"


def test_every_character_folds_alike_on_both_sides(page_fold: Any) -> None:
    chars = assigned()
    got = page_fold(chars)
    differ = [(f"U+{ord(c):04X}", fold(c), g) for c, g in zip(chars, got, strict=True) if fold(c) != g]
    assert differ == [], differ[:20]


def test_random_and_tricky_names_fold_alike_on_both_sides(page_fold: Any) -> None:
    rng = random.Random(1942)
    chars = assigned()
    letters = "".join(TRICKY) + " -.'"
    names = list(TRICKY)
    for _ in range(3000):
        pool = letters if rng.random() < 0.5 else chars
        names.append("".join(rng.choice(pool) for _ in range(rng.randint(1, 16))))
    got = page_fold(names)
    differ = [(n, fold(n), g) for n, g in zip(names, got, strict=True) if fold(n) != g]
    assert differ == [], differ[:20]
