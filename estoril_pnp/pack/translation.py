"""The state of each translation against the English reference: what is done, what is left,
and a template for a new language. `validate`, `i18n status` and `i18n check` read it.

A plural is a group of keys `name.one`, `name.other`, …: each language gives exactly the
CLDR categories it has (Babel), each with the placeholders of the English `other`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..i18n import catalogs as i18n
from ..render.layout import Design
from ..scoring.sheet import shown_keys
from .load import Pack, shipped_catalogs
from .markup import dropped, marks

# Keys the code itself reads: the tables of `list`, the score table and prompts, the
# calibration page, the language's own name, the rulebook (its template names its keys; a
# test renders it and checks that it uses every one). Every other key is used by a layout or named
# by the game model; a test checks that each literal key in the code is covered.
CODE_PREFIXES = ("document.", "language.", "list.", "score.", "scorepage.", "sheets.", "rulebook.", "answer.")


@dataclass(frozen=True)
class Problem:
    key: str
    kind: str  # missing | unused | placeholders | plural form missing | markup (an icon or bold word dropped)
    english: str  # the English text beside it, for the translator
    detail: str = ""


@dataclass(frozen=True)
class State:
    lang: str
    total: int  # keys to translate (a plural counts once per category of the language)
    problems: tuple[Problem, ...] = field(default_factory=tuple)

    def count(self, kind: str) -> int:
        return sum(p.kind == kind for p in self.problems)

    @property
    def translated(self) -> int:
        return self.total - self.count("missing") - self.count("plural form missing")


def plural_stems(english: Mapping[str, str]) -> set[str]:
    return {key.rpartition(".")[0] for key in english if key.endswith(".other")}


def wanted_keys(english: Mapping[str, str], lang: str) -> list[str]:
    """Every key a complete catalog of `lang` has, plurals in the language's own categories."""
    stems = plural_stems(english)
    out: list[str] = []
    for key in english:  # a plural's forms stay where the English has it, so a template never reopens a section
        stem = key.rpartition(".")[0]
        if stem not in stems:
            out.append(key)
        elif f"{stem}.{sorted(i18n.plural_categories(lang))[0]}" not in out:
            out += [f"{stem}.{form}" for form in sorted(i18n.plural_categories(lang))]
    return out


def used_keys(pack: Pack, design: Design) -> set[str]:
    """Keys some layout, item file or the game model uses (the code's own prefixes aside)."""
    keys = {str(el.style["key"]) for layout in design.layouts.values() for el in layout.elements if "key" in el.style}
    for items in pack.items.values():
        keys |= {key for item in items for key in _keys_in((item.face, item.reverse, dict(item.translated)))}
    keys |= set(shown_keys(pack.sheet) if pack.sheet else ())
    return keys | set(pack.model.required_keys() if pack.model else ())


def _keys_in(node: object) -> set[str]:
    """Every `key:` an item's values name, however deep."""
    if isinstance(node, dict):
        own = {node["key"]} if isinstance(node.get("key"), str) else set()
        return own.union(*(_keys_in(v) for v in node.values()))
    if isinstance(node, list | tuple):
        return set().union(*(_keys_in(v) for v in node))
    return set()


def state(pack: Pack, lang: str, used: Iterable[str] | None = None) -> State:
    """What `lang` still lacks against English; for English itself, what nothing uses."""
    english = pack.catalogs[i18n.FALLBACK]
    catalog = {k: v for k, v in pack.catalogs.get(lang, {}).items() if v.strip()}  # "" is not translated yet
    stems = plural_stems(english)
    wanted = wanted_keys(english, lang)
    problems: list[Problem] = []

    def reference(key: str) -> str:
        stem = key.rpartition(".")[0]
        return english.get(key) or (english[f"{stem}.other"] if stem in stems else "")

    for key in wanted:
        if key not in catalog:
            kind = "plural form missing" if key.rpartition(".")[0] in stems else "missing"
            problems.append(Problem(key, kind, reference(key)))
        elif i18n.fields(catalog[key]) != i18n.fields(reference(key)) | _count(key, stems):
            want, has = sorted(i18n.fields(reference(key)) | _count(key, stems)), sorted(i18n.fields(catalog[key]))
            problems.append(Problem(key, "placeholders", reference(key), f"wants {want}, has {has}"))
        elif lang != i18n.FALLBACK and (lost := dropped(reference(key), catalog[key])):
            problems.append(Problem(key, "markup", reference(key), f"keep {marks(reference(key))}; it drops {lost}"))
    # the engine's own words (i18n.ENGINE_WORDS): a pack may give them in a language its English
    # catalog leaves to the shipped catalogs
    engine = shipped_catalogs().get(i18n.FALLBACK, {})
    known = set(wanted) | {key for key in engine if key.startswith(i18n.ENGINE_WORDS)}
    problems += [Problem(key, "unused", "", "not a key of the English catalog") for key in catalog if key not in known]
    if lang == i18n.FALLBACK and used is not None:
        needed = set(used)
        problems += [
            Problem(key, "unused", text, "no layout, model or code uses it")
            for key, text in english.items()
            if key not in needed and not key.startswith(CODE_PREFIXES) and key.rpartition(".")[0] not in stems
        ]
    return State(lang, len(wanted), tuple(problems))


def _count(key: str, stems: set[str]) -> set[str]:
    """A plural form may always say its number."""
    return {"count"} if key.rpartition(".")[0] in stems else set()


def template(english: Mapping[str, str], lang: str) -> str:
    """A catalog for a new language: every key empty, the English text as a comment above it."""
    lines = [
        f"# Catalog for '{lang}': translate each empty text; the English is in the comment above it.",
        "# Keep every {placeholder} as it is. An empty text falls back to English.",
        "# Check what is left with: estoril-pnp i18n check " + lang,
    ]
    if any(marks(text) for text in english.values()):
        lines.insert(2, "# Keep the markup: each [icon] as it is, **bold** around your own words (see '# keep:').")
    stems = plural_stems(english)
    open_path: list[str] = []
    keys = _grouped(wanted_keys(english, lang))
    texts = set(keys)
    for key in keys:
        parts = key.split(".")
        # a key that is also the start of another ("scorepage.players", "scorepage.players.hint")
        # cannot be a mapping and a text at once: the longer one keeps the rest as one dotted name
        cut = next((i - 1 for i in range(1, len(parts)) if ".".join(parts[:i]) in texts), len(parts) - 1)
        path, leaf = parts[:cut], ".".join(parts[cut:])
        common = 0
        while common < min(len(path), len(open_path)) and path[common] == open_path[common]:
            common += 1
        for depth in range(common, len(path)):
            lines.append(f"{'  ' * depth}{_yaml_key(path[depth])}:")
        open_path = path
        stem = key.rpartition(".")[0]
        source = english.get(key) or english[f"{stem}.other"]
        indent = "  " * len(path)
        label = f"plural '{leaf}' of: " if stem in stems else ""
        lines += [f"{indent}# {label}{line}" for line in source.splitlines() or [""]]
        if kept := marks(source):  # the translator keeps the icons and marks the bold words too
            lines.append(f"{indent}# keep: {kept}")
        lines.append(f'{indent}{_yaml_key(leaf)}: ""')
    return "\n".join(lines) + "\n"


def _grouped(keys: list[str]) -> list[str]:
    """The keys in their catalog's order, but each dotted group whole: a key written after its
    group was closed ("scorepage.refuse.part" after "scorepage.colour") joins it, since a YAML
    mapping cannot be given twice."""
    first: dict[tuple[str, ...], int] = {}
    for i, key in enumerate(keys):
        parts = tuple(key.split("."))
        for j in range(1, len(parts) + 1):
            first.setdefault(parts[:j], i)

    def place(key: str) -> tuple[int, ...]:
        parts = tuple(key.split("."))
        return tuple(first[parts[:j]] for j in range(1, len(parts) + 1))

    return sorted(keys, key=place)


YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}  # YAML would read these as values


def _yaml_key(key: str) -> str:
    plain = key.replace("_", "").isalnum() and not key[0].isdigit() and key.lower() not in YAML_WORDS
    return key if plain else json.dumps(key)
