"""Translated text: a language's catalog with English as fallback, numbers from the game.

Placeholders are plain `{name}` fields filled from an allowed set of values. A catalog is
untrusted input, so this is not `str.format`, which would let `{x.__class__}` reach into
the objects passed in.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache

from babel import Locale, UnknownLocaleError

FALLBACK = "en"
FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
BRACES = re.compile(r"[{}]")

Catalogs = Mapping[str, Mapping[str, str]]  # language -> dotted key -> text


class MissingText(KeyError):
    """A key no catalog has: a fault of the pack or the code, reported with the key."""


@dataclass(frozen=True)
class Texts:
    """Looks up catalog keys in one language, filling placeholders from the game's numbers."""

    catalogs: Catalogs
    lang: str = FALLBACK
    numbers: Mapping[str, object] = field(default_factory=dict)

    def __call__(self, key: str, **values: object) -> str:
        return fill(self.raw(key), {**dict(self.numbers), **values})

    def raw(self, key: str) -> str:
        """The language's text, else the English one; an empty text is not translated yet."""
        text = self.catalogs.get(self.lang, {}).get(key) or self.catalogs.get(FALLBACK, {}).get(key)
        if text is None:
            raise MissingText(key)
        return text

    def plural(self, key: str, count: int, **values: object) -> str:
        """The form of `key` for `count` in this language's CLDR plural category ({count} filled)."""
        category = plural_category(self.lang, count)
        for lang in (self.lang, FALLBACK):
            catalog = self.catalogs.get(lang, {})
            for form in (category, "other"):
                if catalog.get(f"{key}.{form}"):
                    return fill(catalog[f"{key}.{form}"], {**dict(self.numbers), **values, "count": count})
        raise MissingText(f"{key}.other")


def fill(text: str, values: Mapping[str, object]) -> str:
    """Each `{name}` replaced by its value; an unknown name is left as written (validate reports it)."""
    if "{" not in text:
        return text
    return FIELD.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), text)


def fields(text: str) -> set[str]:
    """The placeholder names in a text; a stray brace counts as a malformed placeholder."""
    names = set(FIELD.findall(text))
    if BRACES.search(FIELD.sub("", text)):
        names.add("{")
    return names


# The catalogs' own variety where CLDR's default differs: European Portuguese says "0 pontos".
PLURAL_LOCALE = {"pt": "pt_PT"}


@cache
def plural_category(lang: str, count: int) -> str:
    try:
        return Locale.parse(PLURAL_LOCALE.get(lang, lang)).plural_form(count)
    except (UnknownLocaleError, ValueError, TypeError):
        return "one" if count == 1 else "other"


@cache
def plural_categories(lang: str) -> frozenset[str]:
    try:
        return frozenset(Locale.parse(PLURAL_LOCALE.get(lang, lang)).plural_form.tags) | {"other"}
    except (UnknownLocaleError, ValueError, TypeError):
        return frozenset({"one", "other"})
