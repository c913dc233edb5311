"""A spreadsheet's cells typed by the layout that shows them: what a text, an icon, a row of icons,
a grid or a style key needs, each fault put at its cell.

A cell is kept as written until here (`pack/items.py`), because only the layout knows what it is:
- a `text` element takes the text as written ("3", never "3.0"); `key:name` a catalog text;
- an `icon` or a `shape` a name; `icons` names split on `|`; a `grid` filled cells `column row`
  split on `|` (`0 0|2 1`);
- a style key (`name.colour`, `frame.width`) a number where the layout takes a number (a whole one
  for a grid's `cols` and `rows`), yes or no for `upper`, `wrap`, `bleed`, `hang` and `flow`, numbers split on `|`
  for `dash`, two colours split on `|` for `colours`, else the name as written;
- a column that names no element of the layout, or a style key it does not take, is named once by
  `validate` (pack/unused.py).
The values that come out are the ones a YAML file of items would give, so everything after is one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..errors import Finding, InputError, written
from ..render.layout import ACCEPTS, CHOICES, NUMBERS, Design, Layout, check_style
from ..render.resolve import CONTENT
from .items import Item, Values

YES = {"yes", "y", "true", "1", "x"}
NO = {"no", "n", "false", "0", ""}
WHOLE = {"cols", "rows"}
BOOLEANS = {"upper", "wrap", "bleed", "hang", "flow"}
TAKES_NO_CELL = {"rect", "stripes", "place"}  # their content is a layout's or a list of sub-layouts


def typed(item: Item, face: Layout | None, reverse: Layout | None, design: Design, lang: str) -> Item:
    """The item in `lang` with every value its layouts show typed; InputError with each cell's fault."""
    if not item.as_written:
        return item.in_language(lang)
    shown = item.in_language(lang)
    problems: list[Finding] = []
    sides: dict[str, Values] = {}
    for side, layout, values in (("face", face, shown.face), ("reverse", reverse, shown.reverse)):
        sides[side] = _side(item, side, layout, values, design, lang, problems)
    if problems:
        raise InputError(problems)
    return replace(shown, face=sides["face"], reverse=sides["reverse"], translated={})


def _side(
    item: Item, side: str, layout: Layout | None, values: Values, design: Design, lang: str, problems: list[Finding]
) -> Values:
    elements = {el.name: el for el in layout.elements} if layout else {}
    out: Values = {}
    styles: dict[str, dict[str, Any]] = {}
    for name, value in values.items():
        element, _, key = name.partition(".")
        el = elements.get(element)
        if el is None:
            continue  # no element of this layout: validate names the column

        def fault(message: str, name: str = name) -> None:
            problems.append(replace(item.at(side, name, lang), message=message))

        if key:
            if key not in ACCEPTS[el.verb]:
                continue  # validate names the column once (pack/unused.py)
            styled = _style(key, value, fault)
            if styled is None:
                continue
            # a colour the palette lacks, a font role, a choice: checked as a layout's key is, at this cell
            at = item.at(side, name, lang)
            found = check_style(el.verb, {key: styled}, design, lambda _, message, at=at: replace(at, message=message))
            if found:
                problems.extend(found)
            else:
                styles.setdefault(element, {})[key] = styled
            continue
        content = _content(el.verb, value, fault)
        if content is not None and el.verb in ("icon", "icons"):
            content = _icons(content, design, item.at(side, name, lang), problems)
        if content is not None:
            out[element] = content
    for element, style in styles.items():
        el = elements[element]
        content = out.get(element)
        base = (
            dict(content) if isinstance(content, dict) else {CONTENT[el.verb]: content} if content is not None else {}
        )
        out[element] = {**base, **style}
    return out


def _content(verb: str, value: Any, fault: Callable[[str], None]) -> Any:
    """What fills an element, from its cell."""
    if isinstance(value, dict):  # key:…, a catalog text
        if verb != "text":
            fault(f"a catalog key fills a text; a {verb} takes {_wants(verb)}")
            return None
        return value
    if verb == "text":
        return value
    if verb in TAKES_NO_CELL:
        fault(f"a {verb} takes no value from a cell; a column such as NAME.{sorted(ACCEPTS[verb])[0]} restyles it")
        return None
    if verb == "icon":
        return value
    if verb == "shape":
        if value not in CHOICES["shape"]:
            fault(f"must be a shape: {', '.join(CHOICES['shape'])} (got {written(value)})")
            return None
        return value
    if verb == "icons":
        names = [part.strip() for part in value.split("|")]
        if not all(names):
            fault(f"must be icon names split by | (got {written(value)})")
            return None
        return names
    if verb == "grid":
        cells = []
        for part in value.split("|"):
            pair = part.split()
            if len(pair) != 2 or not all(p.isdigit() for p in pair):
                fault(f"must be filled cells as 'column row' whole numbers split by | (got {written(value)})")
                return None
            cells.append([int(p) for p in pair])
        return cells
    return value


def _icons(content: str | list[str], design: Design, at: Finding, problems: list[Finding]) -> str | list[str] | None:
    """The icon names, each found in the pack or the shipped icons; None if one is not."""
    before = len(problems)
    for name in [content] if isinstance(content, str) else content:
        try:
            design.icon_file(name, at)
        except InputError as exc:
            problems += exc.findings
    return content if len(problems) == before else None


def _wants(verb: str) -> str:
    return {
        "icon": "an icon name",
        "shape": "a shape name",
        "icons": "icon names split by |",
        "grid": "filled cells 'column row' split by |",
    }.get(verb, "no value from a cell")


def _style(key: str, value: Any, fault: Callable[[str], None]) -> Any:
    """A style key's value from its cell, as a layout would write it."""
    if isinstance(value, dict):
        fault("a catalog key fills a text, not a style key")
        return None
    if key in WHOLE:
        if not value.isdigit():
            fault(f"must be a whole number (got {written(value)})")
            return None
        return int(value)
    if key in NUMBERS:
        number = _number(value)
        if number is None:
            fault(f"must be a number (got {written(value)})")
        return number
    if key in BOOLEANS:
        if value.lower() in YES:
            return True
        if value.lower() in NO:
            return False
        fault(f"must be yes or no (got {written(value)})")
        return None
    if key in ("dash", "colours"):
        parts = [part.strip() for part in value.split("|")]
        if key == "colours":
            return parts
        numbers = [_number(p) for p in parts]
        if any(n is None for n in numbers):
            fault(f"must be lengths in mm split by | (got {written(value)})")
            return None
        return numbers
    return value


def _number(text: str) -> float | int | None:
    """A number as a spreadsheet's user writes it: a decimal point or comma."""
    try:
        number = float(text.replace(",", "."))
    except ValueError:
        return None
    if number != number or abs(number) >= 1e6:
        return None
    return int(number) if number.is_integer() else number
