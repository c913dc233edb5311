"""One term per concept: every catalog uses its language's terms (data/i18n/terms/) and none of their synonyms."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SHIPPED, replace_once

from estoril_pnp.i18n import terms
from estoril_pnp.pack.load import load_pack

LANGS = SHIPPED.languages


def term_list(pack_root: Path, lang: str) -> list[terms.Term]:
    return terms.load(pack_root / "i18n" / "terms" / f"{lang}.yaml")


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_says_each_concept_with_its_one_term(lang: str) -> None:
    listed = term_list(SHIPPED.files.root, lang)
    assert len(listed) >= 8, lang
    found = terms.misuses(SHIPPED.catalogs[lang], listed)
    assert not found, [f"{m.key}: {m.found!r} for {m.concept}; say {m.term!r}" for m in found]
    assert not terms.unused(SHIPPED.catalogs[lang], listed), lang  # the list names the words the catalogs say


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_each_avoided_word_is_caught_when_planted_even_inflected(lang: str) -> None:
    listed = term_list(SHIPPED.files.root, lang)
    for term in listed:
        for form in term.avoid:
            inflected = " ".join(word + "ami" for word in form.split())  # an ending the stem must take
            for planted in (form, inflected, form.upper()):
                catalog = {**SHIPPED.catalogs[lang], "planted.key": f"Then take the {planted}, face up."}
                hits = [m for m in terms.misuses(catalog, listed) if m.key == "planted.key"]
                assert any(m.concept == term.concept for m in hits), (lang, term.concept, planted)


def test_a_stem_matches_only_where_a_word_begins_and_allowed_phrases_are_spared() -> None:
    listed = term_list(SHIPPED.files.root, "de")
    assert not terms.misuses({"k": "Die Rückseite zeigt nichts. Drucke diese Seite erneut."}, listed)
    assert [m.concept for m in terms.misuses({"k": "Sie haben eine gemeinsame Seite."}, listed)] == ["edge"]
    assert not terms.misuses({"k": "{vp_enigma} SP bei Spielende"}, term_list(SHIPPED.files.root, "de"))


def test_a_synonym_planted_in_a_catalog_file_is_found(pack_copy: Path) -> None:
    replace_once(
        pack_copy / "i18n" / "de.yaml",
        '    reward: "Belohnungstafeln"',
        "    reward: Belohnungscharaktere",
    )
    changed = load_pack(pack_copy)
    found = terms.misuses(changed.catalogs["de"], term_list(pack_copy, "de"))
    assert [(m.key, m.concept, m.found) for m in found] == [
        ("rulebook.components.reward", "reward_card", "Belohnungscharaktere")
    ]
