"""The score page's script in the shape of the Python it mirrors (issue 37): no function over 80
lines in templates/scorepage/, and its interpreter knows exactly the forms of the score sheet
(scoring/forms.py's `FORMS`), measured in a real headless Chromium."""

from __future__ import annotations

from typing import Any

import pytest
from jsfunctions import functions

from estoril_pnp.export.scorepage import INTERPRETER, SCRIPTS, script, template_dir
from estoril_pnp.scoring.forms import FORMS

MOST_LINES = 80


def test_no_function_of_the_page_is_over_80_lines() -> None:
    files = sorted(template_dir().rglob("*.js"))
    assert {str(p.relative_to(template_dir())) for p in files} == set(SCRIPTS)  # every file is on the page
    long = [
        f"{p.name}:{f.line} {f.name}: {f.lines} lines"
        for p in files
        for f in functions(p.read_text(encoding="utf-8"))
        if f.lines > MOST_LINES and not f.module
    ]
    assert long == []


def test_the_measure_of_a_function_counts_its_body_whatever_it_holds() -> None:
    """The scanner is not fooled by braces in strings, templates, regexes or comments, and tells a
    block (`if`, an object) from a function."""
    body = "\n".join(f"    x += {i};" for i in range(MOST_LINES))
    text = f"""const M = (() => {{
  function long(a) {{
    const s = "{{", t = `${{a}} }}`, r = /[{{]/g; // {{
    /* }} */ if (a) {{ x(); }}
{body}
  }}
  const o = {{ short(b) {{ return b; }}, arrow: (c) => {{ return {{ c }}; }} }};
  return {{ long, o }};
}})();
"""
    found = {f.name: f for f in functions(text)}
    assert found["long"].lines == MOST_LINES + 4 and found["long"].line == 2
    assert found["short"].lines == 1 and not found["short"].module
    assert found["=>"].module and found["=>"].lines == text.count("\n")
    assert sorted(f.name for f in functions(text)) == ["=>", "=>", "long", "short"]


@pytest.mark.slow  # a real Chromium
def test_the_page_knows_exactly_the_python_forms(browser: Any) -> None:
    page = browser.new_page()
    page.set_content(f"<script>{script(INTERPRETER)}</script>")
    dispatched = page.evaluate("Object.keys(Scoring.calc.FORMS)")
    page.close()
    assert sorted(dispatched) == sorted(FORMS)
