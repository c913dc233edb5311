"""The score sheet's closed vocabulary (docs/score-sheet.md): the keys each part of a sheet
takes, the values some of them take, and the limits of what one sheet may hold."""

from __future__ import annotations

import re

LIMIT = 1_000_000  # |a literal number|: every result stays far inside 2**53
MAX_DEPTH = 20  # nesting of one expression
MAX_FORMS = 2_000  # expression forms in a whole sheet: the work of scoring one seat
MAX_ITEMS = 500  # pieces of one collection written in a sheet
SHAPES = ("circle", "triangle", "square", "diamond", "star")
ONCE = ("game", "player", "any")

ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")
KEY = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}")
RGB = re.compile(r"#[0-9a-fA-F]{6}")

TOP = {
    "sheet": True, "title": True, "legend": False, "players": True, "numbers": False, "pieces": True,
    "measures": False, "entries": True, "switches": False, "categories": True, "changes": False,
    "figures": False, "tallies": True, "ranking": False, "teams": False, "outcome": False, "checks": False,
    "points": False, "rounds": False,
}  # fmt: skip
DEFAULT_POINTS = "score.points"  # the engine's word for a total ("{count} points")
NO_POINTS = "none"  # `points: none`: the verdict shows no total
ENTRY_KINDS: dict[str, dict[str, bool]] = {  # kind -> its own keys (True: required)
    "number": {"min": False, "max": True, "default": False},
    "yesno": {},
    "pieces": {
        "of": True,
        "most": False,
        "count_ok": False,
        "noun": False,
        "where": False,
        "counted": False,
        "listed": False,
    },
    "choice": {"of": True, "except": False, "except_why": False, "noun": False, "mine": False},
    "choices": {"of": True, "count": False, "expected": False, "noun": False, "least": False, "most": False},
    "holder": {"noun": False},
    "holders": {"of": True, "noun": False},
}
# Keys a change cannot set: what an entry is made of, and the words naming it in messages.
FIXED = ("of", "except", "except_why", "noun", "where", "counted", "listed", "mine")
ENTRY_COMMON = {
    "id": True, "per": True, "kind": True, "when": False, "ask": False, "label": False, "only": False, "round": False,
}  # fmt: skip
GAME_ONLY = ("holder", "holders")  # kinds only `per: game`
CONTEST = {
    "each": False, "of": False, "over": False, "prizes": True, "rounding": False, "zero_wins": False, "tie": False,
    "enters": False,
}  # fmt: skip
TIES = ("split", "full", "none", "split_place")
PIECE_KINDS = ("pieces", "choice", "choices", "holders")  # entries a piece list may name
ROUND_KEYS = {"count": True}  # `rounds:`: how many rounds a game has
MAX_ROUNDS = 50
