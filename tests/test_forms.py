"""The expression forms: one table (scoring/forms/), which the sheet's reader, the bounds, the
Python scorer and the score page all follow."""

from __future__ import annotations

import re

from estoril_pnp.files.resources import resource_dir
from estoril_pnp.scoring import forms
from estoril_pnp.scoring.forms import FORMS, TABLE

OPERANDS = {"pieces", "entry", "step", "list", "pair", "div", "if", "table"}


def test_every_form_is_declared_once_with_its_check_bound_and_evaluation() -> None:
    assert FORMS == tuple(TABLE) and len(set(FORMS)) == len(FORMS)
    for name, form in TABLE.items():
        assert form.name == name and form.operands in OPERANDS, name
        assert callable(form.check) and callable(form.bound) and callable(form.evaluate), name
        assert form.keys and next(iter(form.keys)) == name and form.keys[name], name  # its own key first, required
        assert (form.reads is not None) == (form.operands == "entry"), name
        assert (form.pieces is not None) == (form.operands == "pieces"), name
        assert form.pieces is None or form.keys[form.pieces], name  # the entries it reads are required
    assert forms.PIECE_KEYS == {"count", "of"}


def _page_scripts() -> str:
    folder = resource_dir("templates") / "scorepage"
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("**/*.js")))


def _object_keys(js: str, name: str) -> set[str]:
    found = re.search(rf"\b{name}\s*=\s*\{{(.*?)\}};", js, re.S)
    assert found, f"the page defines no object {name}"
    return set(re.findall(r"(?:^|[{,])\s*(\w+)\s*:", "{" + found[1]))


def page_forms(js: str) -> set[str]:
    """The forms the page's interpreter knows: its `FORMS` list (names written out, and the keys of
    the tables spread into it), each with a branch of its dispatch."""
    found = re.search(r"\bFORMS\s*=\s*\[(.*?)\];", js, re.S)
    assert found, "the page's interpreter has no FORMS list: update page_forms() to read its dispatch"
    names = set(re.findall(r'"(\w+)"', found[1]))
    spread = re.findall(r"\.\.\.Object\.keys\((\w+)\)", found[1])
    tables = {t: _object_keys(js, t) for t in spread}
    for t in tables.values():
        names |= t
    in_a_table = {n for t in tables.values() for n in t}
    for name in names - in_a_table:  # a form written out has its own branch
        assert re.search(rf'case\s+"{name}"\s*:', js), f"the page lists {name!r} but has no case for it"
    return names


def test_the_page_interpreter_knows_exactly_the_tables_forms() -> None:
    assert page_forms(_page_scripts()) == set(FORMS)


def test_the_page_check_sees_a_form_the_page_lacks_or_adds() -> None:
    """The parse reads the page, not a copy of the table: a form dropped from it or added is seen."""
    js = _page_scripts()
    assert "won" not in page_forms(js.replace('"won", ', ""))
    added = js.replace('"won", ', '"won", "abs", ').replace('case "won":', 'case "abs": case "won":')
    assert "abs" in page_forms(added)
