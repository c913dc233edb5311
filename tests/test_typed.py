"""The typed reader: what a pack's YAML may hold, refused where it stands, in the words users know."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, field
from typing import Annotated, Literal

import pytest

from estoril_pnp.errors import InputError
from estoril_pnp.source import typed, yamlsrc
from estoril_pnp.source.names import Name
from estoril_pnp.source.typed import Limits, Record, Tag


class Leaf(Record):
    kind: Literal["leaf"]
    colour: Annotated[str, Limits(pattern=r"^#[0-9a-f]{6}$")]


class Stone(Record):
    kind: Literal["stone"]
    weight: Annotated[float, Limits(ge=5, le=1000)]


class Garden(Record):
    name: Name
    beds: Annotated[int, Limits(gt=0, le=99)]
    open: bool = False
    size: tuple[float, float] = (10, 10)
    things: Annotated[tuple[Annotated[Leaf | Stone, Tag("kind")], ...], Limits(max_length=3)] = ()
    counts: dict[int, Annotated[int, Limits(ge=0)]] = field(default_factory=dict)
    note: str | None = None

    def __post_init__(self) -> None:
        if self.open and not self.things:
            raise ValueError("an open garden shows something")


def messages(text: str) -> list[str]:
    with pytest.raises(InputError) as caught:
        typed.load(Garden, yamlsrc.parse(text, "g.yaml"))
    return [str(f) for f in caught.value.findings]


def test_a_good_document_reads_into_frozen_records() -> None:
    text = "name: rose\nbeds: 3\nopen: true\nsize: [5, 7.5]\nthings:\n  - {kind: leaf, colour: '#00ff00'}\n"
    text += "  - {kind: stone, weight: 12}\ncounts: {2: 4}\n"
    garden = typed.load(Garden, yamlsrc.parse(text, "g.yaml"))
    assert garden == Garden(
        name="rose",
        beds=3,
        open=True,
        size=(5, 7.5),
        things=(Leaf(kind="leaf", colour="#00ff00"), Stone(kind="stone", weight=12)),
        counts={2: 4},
    )
    with pytest.raises(FrozenInstanceError):
        garden.beds = 4  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("name: rose\nbeds: '3'\n", "g.yaml:2: beds: must be a whole number (got '3')"),
        ("name: rose\nbeds: true\n", "g.yaml:2: beds: must be a whole number (got true)"),
        ("name: rose\nbeds: 0\n", "g.yaml:2: beds: must be more than 0 (got 0)"),
        ("name: rose\nbeds: 1000\n", "g.yaml:2: beds: must be at most 99 (got 1000)"),
        ("name: rose\nbeds: 1\nopen: 'yes'\n", "g.yaml:3: open: must be true or false (got 'yes')"),
        ("name: Rose\nbeds: 1\n", "g.yaml:1: name: 'Rose' is not an id"),
        ("name: rose\n", "g.yaml:1: beds: missing key 'beds'"),
        ("name: rose\nbeds: 1\nweeds: 3\n", "g.yaml:3: weeds: unknown key"),
        ("name: rose\nbeds: 1\nsize: [1, 2, 3]\n", "g.yaml:3: size: must hold exactly 2 items (got [1, 2, 3])"),
        ("name: rose\nbeds: 1\nsize: [1, x]\n", "g.yaml:3: size[1]: must be a number (got 'x')"),
        ("name: rose\nbeds: 1\nsize: 4\n", "g.yaml:3: size: must be a list (got 4)"),
        (
            "name: rose\nbeds: 1\nthings: [{kind: tree}]\n",
            "g.yaml:3: things[0].kind: unknown kind 'tree'; expected 'leaf'",
        ),
        ("name: rose\nbeds: 1\nthings: [{colour: red}]\n", "g.yaml:3: things[0].kind: missing key 'kind'"),
        (
            "name: rose\nbeds: 1\nthings:\n- {kind: leaf, colour: '#00FF00'}\n",
            "g.yaml:4: things[0].colour: must match the pattern ^#[0-9a-f]{6}$ (got '#00FF00')",
        ),
        (
            "name: rose\nbeds: 1\nthings: [{kind: stone, weight: .nan}]\n",
            "g.yaml:3: things[0].weight: must be at least 5 (got .nan)",
        ),
        ("name: rose\nbeds: 1\ncounts: {x: 1}\n", "g.yaml:3: counts.x: must be a whole number (got 'x')"),
        ("name: rose\nbeds: 1\ncounts: {1: -1}\n", "g.yaml:3: counts[1]: must be at least 0"),
        ("name: rose\nbeds: 1\nnote: [a]\n", "g.yaml:3: note: must be a text (got [a])"),
        ("name: rose\nbeds: 1\nopen: true\n", "g.yaml:1: an open garden shows something"),
        ("[1, 2]\n", "g.yaml:1: expected a mapping of keys to values (got [1, 2])"),
    ],
)
def test_a_misfit_is_one_finding_at_its_own_line(text: str, expected: str) -> None:
    found = messages(text)
    assert len(found) == 1, found
    assert found[0].startswith(expected), found


def test_every_misfit_of_a_document_is_reported() -> None:
    found = messages("name: Rose\nbeds: x\nweeds: 1\n")
    assert [f.split(":")[1] for f in found] == ["3", "1", "2"]  # the unknown key first, then in field order


def test_a_long_list_is_refused_by_its_length_before_its_items_are_read() -> None:
    items = ", ".join(["{kind: tree}"] * 500)
    found = messages(f"name: rose\nbeds: 1\nthings: [{items}]\n")
    assert len(found) == 1
    assert found[0].startswith("g.yaml:3: things: must hold at most 3 items (it holds 500) (got ")
