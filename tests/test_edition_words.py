"""Words an editor checks across a whole book: a variant has one name wherever it is named, a
translation's names are written the language's way (no English title case, no English words),
and a rule's wording says plainly who loses what."""

from __future__ import annotations

import re

import pytest
from conftest import SHIPPED

from estoril_pnp.i18n.catalogs import Texts

LANGS = SHIPPED.languages
TRANSLATIONS = [lang for lang in LANGS if lang != "en"]

# Each variant as the score page, the score pad and the rulebook name it.
VARIANT_NAMES = {
    "secret_missions": ("score.variant.secret_missions.name", "rulebook.variants.secret_title"),
    "secret_recruitment": (
        "score.variant.secret_recruitment.name",
        "rulebook.variants.recruit_title",
        "score.recruitment",
    ),
    "important_second_place": ("score.variant.important_second_place.name", "rulebook.variants.second_title"),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", sorted(VARIANT_NAMES))
def test_a_variant_has_one_name_everywhere_it_is_named(lang: str, variant: str) -> None:
    t = Texts(SHIPPED.catalogs, lang)
    names = {key: t(key) for key in VARIANT_NAMES[variant]}
    assert len(set(names.values())) == 1, names


def test_the_english_variant_names_are_the_published_ones() -> None:
    t = Texts(SHIPPED.catalogs, "en")  # glossary.md: the English names of the editions' variants
    assert t("rulebook.variants.secret_title") == "Secret Missions"
    assert t("rulebook.variants.recruit_title") == "Secret Recruitment Office"
    assert t("rulebook.variants.second_title") == "Important Second Place"


# German capitalises every noun; the other translations write a name as a sentence.
SENTENCE_CASE = [lang for lang in TRANSLATIONS if lang != "de"]


@pytest.mark.parametrize("lang", SENTENCE_CASE)
def test_names_in_a_translation_are_not_in_english_title_case(lang: str) -> None:
    catalog = SHIPPED.catalogs[lang]
    names = {
        key: text
        for key, text in catalog.items()
        if re.fullmatch(r"score\.variant\.\w+\.name|rulebook\.variants\.\w+_title|mission\.\w+\.title", key)
    }
    assert names
    title_case = {key: text for key, text in names.items() if len(text.split()) > 1 and text.split()[1][0].isupper()}
    assert not title_case


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_translation_says_print_and_play_in_its_own_words(lang: str) -> None:
    catalog = SHIPPED.catalogs[lang]
    english = {key: text for key, text in catalog.items() if re.search(r"print[- ]and[- ]play", text, re.IGNORECASE)}
    assert not english


def test_the_boca_do_inferno_tile_says_who_loses_and_what() -> None:
    # "the highest numeral loses" left open whether a numeral or a player loses, and what
    t = Texts(SHIPPED.catalogs, "en")
    tie = t("rule.weakest_loses_character").split(". ")[-1]
    assert "lowest-numbered space" in tie and "highest number" in tie and "numeral" not in tie
    assert "removes one of their characters" in t("rule.weakest_loses_character")
