"""One term per concept: a language's term list, and the catalog texts that use a word it forbids.

A term list (`i18n/terms/<lang>.yaml` in a pack) names, per concept, the term the catalogs use
and the words they must not use for it:

    reward_card:
      term: Belohnungstafel
      avoid: [Belohnungscharakter, Belohnungskarte]
      allow: [Drucke diese Seite]        # optional: phrases where an avoided word means something else

Every word of a form is a stem, matched case-insensitively at the start of a word (after a
space, a hyphen or punctuation): "Belohnungscharakter" also finds "Belohnungscharaktere",
Polish "zabójc" finds zabójca, zabójcy, zabójcą, and Hungarian "jutalomkárty" finds
jutalomkártya, jutalomkártyát. So one stem covers a word's inflected forms; a stem is written
short enough to take every ending and long enough to hit no other word.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..errors import Finding, InputError
from ..source.yamlsrc import read


@dataclass(frozen=True)
class Term:
    concept: str
    term: str
    avoid: tuple[str, ...]
    allow: tuple[str, ...] = ()


@dataclass(frozen=True)
class Misuse:
    key: str
    concept: str
    term: str
    found: str


_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*[|}]")


def stem_pattern(form: str) -> re.Pattern[str]:
    """`form` as stems: each word begins a word of the text, the words in order, any endings."""
    words = [re.escape(w) + r"[\w-]*" for w in form.split()]
    return re.compile(r"(?<![\w])" + r"\s+".join(words), re.IGNORECASE)


def load(path: Path) -> list[Term]:
    src = read(path)
    if not isinstance(src.data, dict):
        raise InputError([Finding(path, None, "", "a term list must map concepts to a term and its avoided words")])
    out = []
    for concept, entry in src.data.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("term"), str):
            raise InputError([src.finding((concept,), "needs a term (text) and an avoid list")])
        out.append(
            Term(
                str(concept),
                entry["term"],
                tuple(str(w) for w in entry.get("avoid") or ()),
                tuple(str(w) for w in entry.get("allow") or ()),
            )
        )
    return out


def misuses(catalog: Mapping[str, str], terms: list[Term]) -> list[Misuse]:
    """Every catalog text that says an avoided word for a concept, outside the allowed phrases."""
    found = []
    for key, text in catalog.items():
        said = _PLACEHOLDER.sub(" ", text)  # "{vp_enigma}" is no word; a plural selector's forms are
        for term in terms:
            spared = said
            for phrase in term.allow:
                spared = re.sub(re.escape(phrase), " ", spared, flags=re.IGNORECASE)
            for form in term.avoid:
                match = stem_pattern(form).search(spared)
                if match:
                    found.append(Misuse(key, term.concept, term.term, match.group()))
    return found


def unused(catalog: Mapping[str, str], terms: list[Term]) -> list[Term]:
    """Terms no catalog text uses: a term list that names a word the catalogs never say is out of date."""
    every = "\n".join(catalog.values())
    return [t for t in terms if not stem_pattern(t.term).search(every)]
