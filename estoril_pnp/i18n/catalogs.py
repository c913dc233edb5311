"""Translated text: a language's catalog with English as fallback, numbers from the game.

Placeholders are plain `{name}` fields filled from an allowed set of values. A catalog is
untrusted input, so this is not `str.format`, which would let `{x.__class__}` reach into
the objects passed in. `{{` and `}}` write a brace.

A noun that follows a number takes the language's plural form for it (CLDR, through Babel):
`{name|one:mission|other:missions}` writes the form for the value of `name`, so a pack that
changes the number never reads "2 mission". Lists of names are joined the language's way.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache

from ..errors import Finding, InputError

FALLBACK = "en"

Catalogs = Mapping[str, Mapping[str, str]]  # language -> dotted key -> text

# The values the code passes with a key, beyond the game numbers every text may use.
# A catalog text may use these and nothing else; `validate` holds every catalog to it.
# (A plural form may always use {count}.)
CALL_VALUES: Mapping[str, frozenset[str]] = {
    "document.subject": frozenset({"publisher"}),  # pack/about.py: what a PDF says it is
    "sheets.calibration.front": frozenset({"paper", "backs", "x", "y"}),
    "sheets.calibration.back": frozenset({"paper", "backs", "x", "y"}),
    "score.winner": frozenset({"names"}),
    "score.winners": frozenset({"names"}),
    "score.instant.wins": frozenset({"names", "n"}),  # who is left to win after an instant loss; n: how many
    "score.saved": frozenset({"path"}),
    "score.mission": frozenset({"n"}),
    "score.ask.variants": frozenset({"variants"}),
    "score.ask.colour": frozenset({"n", "free"}),
    "score.ask.team": frozenset({"n", "free"}),
    "score.ask.teams": frozenset({"players_min", "players_max"}),
    "score.ask.members": frozenset({"min", "max"}),
    "score.ask.members_exact": frozenset({"n"}),
    "score.ask.missions": frozenset({"n"}),
    "score.ask.overwrite": frozenset({"path"}),
    # an answer `score --interactive` cannot use (scoring/ask.py)
    "score.answer.number": frozenset({"min", "max"}),
    "score.answer.name_long": frozenset({"n"}),
    "score.answer.members": frozenset({"n", "min", "max"}),
    "score.answer.members_exact": frozenset({"n", "count"}),
    "score.answer.too_long": frozenset({"length", "n"}),
    "score.answer.unknown": frozenset({"what", "text"}),
    "score.answer.did_you_mean": frozenset({"names"}),
    "score.answer.ambiguous": frozenset({"what", "text", "names"}),
    "score.answer.one": frozenset({"what", "names"}),
    "score.answer.choices": frozenset({"what", "n", "names"}),
    "score.answer.choices_between": frozenset({"what", "least", "most", "names"}),
    "score.answer.taken": frozenset({"names"}),
    "score.answer.players_min": frozenset({"variant", "n", "players"}),
    "score.answer.players_max": frozenset({"variant", "n", "players"}),
    "score.answer.names_needed": frozenset({"entry"}),
    "score.answer.most": frozenset({"entry", "n"}),
    "score.answer.no_more": frozenset({"entry", "n"}),
    "score.answer.folder": frozenset({"path"}),
    "score.answer.no_folder": frozenset({"path"}),
    "score.answer.not_file": frozenset({"path"}),
    "score.answer.cannot_write": frozenset({"path", "reason"}),
    "answer.again": frozenset({"yes", "no"}),
    # the phone's score page (export/scorepage.py) fills these
    "scorepage.players.hint": frozenset({"min", "max"}),
    "scorepage.want.rounds": frozenset({"count"}),
    "score.round": frozenset({"label", "round"}),  # a round's row, question and input (scoring/rounds.py)
    "scorepage.players_exact": frozenset({"n"}),
    "scorepage.missing.seats": frozenset({"what"}),  # the players' (or teams') section, none tapped yet
    "scorepage.teams.hint": frozenset({"min", "max"}),
    "scorepage.teams_exact": frozenset({"n"}),
    "scorepage.from_players": frozenset({"n"}),
    "scorepage.chosen": frozenset({"n", "most"}),
    "scorepage.remove": frozenset({"name"}),
    "scorepage.refuse.line": frozenset({"line", "message"}),
    "scorepage.refuse.key_meant": frozenset({"key"}),
    "scorepage.refuse.type": frozenset({"what", "expected"}),
    "scorepage.refuse.unknown": frozenset({"what", "text"}),
    "scorepage.refuse.ambiguous": frozenset({"what", "text"}),
    "scorepage.refuse.missing": frozenset({"what"}),
    "scorepage.refuse.off": frozenset({"what"}),
    "scorepage.refuse.players": frozenset({"n", "min", "max"}),
    "scorepage.refuse.players_exact": frozenset({"n", "min", "max"}),
    "scorepage.refuse.teams": frozenset({"n", "min", "max"}),
    "scorepage.refuse.teams_exact": frozenset({"n", "min", "max"}),
    "scorepage.refuse.switch_players": frozenset({"what", "min", "max"}),
    "scorepage.refuse.twice": frozenset({"card", "where"}),
    "scorepage.refuse.most": frozenset({"most", "what"}),
    "scorepage.refuse.count": frozenset({"what", "n", "count"}),
    "scorepage.refuse.too_many": frozenset({"n"}),
    "scorepage.refuse.holder": frozenset({"what", "text"}),
    "scorepage.refuse.except": frozenset({"card"}),
    "scorepage.refuse.number": frozenset({"what", "min", "max"}),
    "scorepage.refuse.only": frozenset({"what"}),
    "scorepage.refuse.members": frozenset({"n", "min", "max"}),
    "scorepage.refuse.members_exact": frozenset({"n", "min", "max"}),
    "scorepage.at.line": frozenset({"line"}),
    "scorepage.at.player": frozenset({"colour"}),
    "scorepage.at.team": frozenset({"colour"}),
    "scorepage.at.nth_player": frozenset({"n"}),
    "scorepage.at.nth_team": frozenset({"n"}),
    "scorepage.fault": frozenset({"place", "message"}),
}

# `{{` and `}}`, a field `{...}`, or a lone brace. Only a field holding a plain name is
# filled: str.format would also follow `{x.attr}` and `{x[0]}` into the values' internals.
_BRACES = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# The catalogs' own variety where CLDR's default differs: European Portuguese says "0 pontos".
PLURAL_LOCALE = {"pt": "pt_PT"}


class MissingText(InputError):
    """A key no catalog has: the pack's English catalog lost a text the pieces or the code need."""

    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__([Finding(f"i18n/{FALLBACK}.yaml", None, key, "missing in the English catalog")])


# The engine's own screens (the scorer's questions and answers, the phone's score page, the words
# every score table and pad has) are not a game's words: a pack that does not write them gets
# the shipped catalogs' (Texts.shipped).
ENGINE_WORDS = (
    "answer.",
    "score.answer.",
    "score.noun.",  # what the questions name: a colour, a variant …
    "colour.",  # the common colours' names (red, blue …)
    "score.rank",
    "score.winner",  # and score.winners
    "score.points.",
    "score.team.",
    "score.ask.variants",
    "score.pad.name",
    "score.pad.ties",
    "score.pad.variants",
    "score.pad.shaded",
    "score.ask.players",
    "score.ask.colour",
    "score.ask.team",
    "score.ask.name",
    "score.ask.members",
    "score.ask.save",
    "score.ask.overwrite",
    "score.saved",
    "score.pad.members",  # the pad's own words for how a game ends and who wins (scoring/pad.py)
    "score.pad.ends",
    "score.pad.tick",
    "score.pad.lowest",
    "score.pad.together",
    "score.pad.out",  # and out_rule: a contest only some seats enter (`enters`)
    "scorepage.",
    "score.instant.",  # an instant loss (scoring/table.py's `lost`) and the pad's rule for it
    "score.pad.loses",
    "score.round",  # a round's row, question and input ("Bid, round 3")
)


@dataclass(frozen=True)
class Texts:
    """Looks up catalog keys in one language, filling placeholders from the game's numbers."""

    catalogs: Catalogs
    lang: str = FALLBACK
    numbers: Mapping[str, object] = field(default_factory=dict)
    shipped: Callable[[], Catalogs] | None = None  # where ENGINE_WORDS the pack lacks come from
    # the last resort: words for the keys a score sheet's writer may leave out (Sheet.unwritten)
    defaults: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, key: str, **values: object) -> str:
        return fill(self.raw(key), {**dict(self.numbers), **values}, self.lang)

    def list(self, items: Iterable[str], style: str = "standard") -> str:
        """Names joined as the language joins them: "A, B und C", "A, B i C"; style "or": "A, B oder C"."""
        return join_list(self.lang, items, style)

    def raw(self, key: str) -> str:
        """The language's text, else the English one; an empty text is not translated yet."""
        text = next((c[key] for c in self._sources(key) if c.get(key)), self.defaults.get(key))
        if text is None:
            raise MissingText(key)
        return text

    def _sources(self, key: str) -> Iterator[Mapping[str, str]]:
        """The catalogs `key` is looked up in, in order: this language, English, then the shipped
        ones for the engine's own words."""
        yield self.catalogs.get(self.lang, {})
        yield self.catalogs.get(FALLBACK, {})
        if self.shipped is not None and key.startswith(ENGINE_WORDS):
            shipped = self.shipped()
            yield from (shipped.get(lang, {}) for lang in (self.lang, FALLBACK))

    def forms(self, key: str) -> dict[str, str]:
        """The plural forms of `key` (`key.one`, `key.other` …) from the first catalog that has any."""
        for catalog in self._sources(f"{key}."):
            found = {k.rpartition(".")[2]: v for k, v in catalog.items() if k.startswith(f"{key}.") and v}
            if found:
                return found
        return {}

    def plural(self, key: str, count: int, **values: object) -> str:
        """The form of `key` for `count` in this language's CLDR plural category ({count} filled)."""
        category = plural_category(self.lang, count)
        for catalog in self._sources(f"{key}."):
            text = catalog.get(f"{key}.{category}") or catalog.get(f"{key}.other")
            if text:
                return fill(text, {**dict(self.numbers), **values, "count": count}, self.lang)
        raise MissingText(f"{key}.other")


def fill(text: str, values: Mapping[str, object], lang: str = FALLBACK) -> str:
    """`text` with each `{name}` of `values` filled in, and each `{name|one:…|other:…}` with the
    form for its number in `lang`; anything else is left as written, never an error."""
    if "{" not in text and "}" not in text:
        return text

    def one(match: re.Match[str]) -> str:
        token, inside = match.group(), match.group(1)
        if token in ("{{", "}}"):
            return token[0]
        name, forms = _selector(inside)
        if name not in values:
            return token
        if forms is None:
            return str(values[name])
        value = values[name]
        category = plural_category(lang, value) if isinstance(value, int) else "other"
        return forms.get(category, forms.get("other", token))

    return _BRACES.sub(one, text)


def _selector(inside: str | None) -> tuple[str | None, dict[str, str] | None]:
    """`name` -> (name, None); `name|one:a|other:b` -> (name, {one: a, other: b}); else (None, None)."""
    if inside is None:
        return None, None
    name, bar, rest = inside.partition("|")
    if not bar:
        return inside, None
    forms = {}
    for part in rest.split("|"):
        category, colon, form = part.partition(":")
        if not colon:
            return None, None
        forms[category.strip()] = form
    return name.strip(), forms


def join_list(lang: str, items: Iterable[str], style: str = "standard") -> str:
    words = list(items)
    if not words:
        return ""
    from babel import UnknownLocaleError
    from babel.lists import format_list

    try:
        return str(format_list(words, style=style, locale=PLURAL_LOCALE.get(lang, lang)))
    except (UnknownLocaleError, ValueError, TypeError):
        return ", ".join(words)


def plural_forms(text: str) -> list[dict[str, str]]:
    """Every `{name|…}` selector's forms in a text (for checks and tests)."""
    found = []
    for match in _BRACES.finditer(text):
        _, forms = _selector(match.group(1))
        if forms:
            found.append(forms)
    return found


def fields(text: str) -> set[str]:
    """The placeholder names in a text (a plural selector's too); a malformed one or a lone brace counts as '{'."""
    names = set()
    for match in _BRACES.finditer(text):
        token = match.group()
        if token not in ("{{", "}}"):
            name, _ = _selector(match.group(1))
            names.add(name if name is not None and _NAME.fullmatch(name) else "{")
    return names


def placeholder_problems(text: str, allowed: Collection[str] | None, lang: str | None = None) -> list[str]:
    """What `fill` would leave unfilled in `text`: unknown names, malformed braces, and plural
    selectors without an `other` form or with a category `lang` does not have.

    `allowed` None: the names that will be filled are not known, so none is called unknown."""
    problems = []
    for match in _BRACES.finditer(text):
        token, inside = match.group(), match.group(1)
        if token in ("{{", "}}"):
            continue
        name, forms = _selector(inside)
        if inside is None:
            problems.append(f"a lone {token!r} (write {token * 2} for a brace)")
        elif name is None or not _NAME.fullmatch(name):
            problems.append(f"malformed placeholder {token!r}: only {{name}} or {{name|one:…|other:…}} is allowed")
        elif allowed is not None and name not in allowed:
            problems.append(f"unknown placeholder {token!r}")
        elif forms is not None and "other" not in forms:
            problems.append(f"plural selector {token!r} has no 'other' form")
        elif forms is not None and lang is not None and set(forms) - plural_categories(lang):
            wrong = sorted(set(forms) - plural_categories(lang))
            problems.append(f"plural selector {token!r}: {lang} has no plural form {', '.join(wrong)}")
    return problems


@cache
def plural_category(lang: str, count: int) -> str:
    from babel import Locale, UnknownLocaleError  # CLDR's data loads when a plural is first asked for

    try:
        return Locale.parse(PLURAL_LOCALE.get(lang, lang)).plural_form(count)
    except (UnknownLocaleError, ValueError, TypeError):
        return "one" if count == 1 else "other"


@cache
def plural_categories(lang: str) -> frozenset[str]:
    from babel import Locale, UnknownLocaleError

    try:
        return frozenset(Locale.parse(PLURAL_LOCALE.get(lang, lang)).plural_form.tags) | {"other"}
    except (UnknownLocaleError, ValueError, TypeError):
        return frozenset({"one", "other"})
