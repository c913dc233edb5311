"""The one detector of program words in text a player reads: words that belong to the program or
its files, never to the game. Shared by every test of player-facing text (the score page, its
messages about a loaded record, `score -i`'s prompts, the PDFs' text), so each holds the same bar.

`program_words(text)` returns each offending word found in `text`, in order (empty: clean):

- a key path: `players.0.colour`, `options.foo`, `scorepage.title` (lowercase words joined by dots,
  or a word and an index);
- an identifier in snake case: `most_conspirator`, `secret_missions`;
- a record's or pack's key written as a file writes it: `players:`, `- colour: red`, `hand: []` (a
  known key, or a lowercase word opening a line, followed by a colon and a file's kind of value:
  nothing, a bracket, or one id or number);
- a file name or folder: `scoring.yaml`, `.json`, `data/`;
- the word YAML (or JSON);
- a command-line flag: `--zero-wins`, `-i`.

Prose that resembles these is left alone: "e.g.", "1.5", "Tied? More VP.", a capitalized label
before a colon ("Hand: …"), a word and a colon before a phrase ("with 3 or more players: 1 mission
face up"), hyphens and en/em dashes.
"""

from __future__ import annotations

import re

# The keys a game record or a pack file uses, as they would be written in a file.
RECORD_KEYS = (
    "players",
    "colour",
    "color",
    "hand",
    "discards",
    "missions",
    "options",
    "variants",
    "members",
    "name",
    "side",
    "scenario",
)

KEY_PATH = re.compile(r"(?<![\w.])[a-z][a-z0-9_]*(?:\.(?:[a-z][a-z0-9_]*|\d+))+(?![\w])(?!\.\w)")
SNAKE_CASE = re.compile(r"(?<![\w])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?!\w)")
_VALUE = r"(?=[ \t]*$|[ \t]+[\[{]|[ \t]+[\w-]+[ \t]*(?:$|[,\]}]))"  # what follows a key's colon in a file
# a key as a file writes it: its value an id, a number, a list or nothing ("hand: []", "colour: red");
# prose that ends a word with a colon ("With 3 or more players: 1 mission face up") is not one
KEY = re.compile(r"(?m)(?<![\w-])(?:" + "|".join(RECORD_KEYS) + r"):" + _VALUE)
YAML_LINE = re.compile(r"(?m)^[ \t]*(?:- )?[a-z][a-z0-9_]*:" + _VALUE)
FILE = re.compile(
    r"(?<![\w])[\w-]*\.(?:ya?ml|json|md|py|j2|ttf|otf|svg|csv|html?|js|css)(?!\w)"
    r"|(?<![\w])(?:data|fonts|icons|i18n|layouts|packs|templates)/"
)
FORMAT = re.compile(r"(?<![\w.])(?:YAML|JSON)(?!\w)", re.IGNORECASE)
FLAG = re.compile(r"(?<![\w-])--?[A-Za-z][\w-]*(?=[\s,.;:)\]'\"]|$)")
_ABBREVIATIONS = re.compile(r"^(?:[a-z]\.){2,}$")  # e.g., i.e.


def program_words(text: str) -> list[str]:
    """Every program word in `text` (see the module's docstring), in the order found; [] if none."""
    found: list[tuple[int, int, str]] = []
    for pattern in (KEY_PATH, SNAKE_CASE, KEY, YAML_LINE, FILE, FORMAT):
        for hit in pattern.finditer(text):
            if pattern is KEY_PATH and _ABBREVIATIONS.match(hit.group(0) + "."):
                continue
            found.append((hit.start(), -hit.end(), hit.group(0).strip()))
    for hit in FLAG.finditer(text):
        if hit.group(0).startswith("--") or _single_dash_flag(text, hit.start()):
            found.append((hit.start(), -hit.end(), hit.group(0)))
    out: list[str] = []
    reach = -1  # a hit inside an earlier, longer one is the same word
    for _start, end, word in sorted(found):
        if -end > reach:
            out.append(word)
            reach = -end
    return out


def _single_dash_flag(text: str, start: int) -> bool:
    """`-i` is a flag when it stands alone as a word of one or two letters (a hyphen before a word,
    as in a list's "- item" or "well-known", is not)."""
    m = re.match(r"-([A-Za-z]{1,2})(?!\w)", text[start:])
    return bool(m) and (start == 0 or text[start - 1] in " (\"'")
