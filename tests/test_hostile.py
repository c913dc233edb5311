"""A catalog of hostile inputs, one per distinct case, each run through the real CLI.

Every case must end as a result (0), findings (1, validate) or our own `error:` lines (2),
within seconds, without a raw control character in the output. The catalog uses nothing
but the CLI, so it can also be replayed against older code to count what used to crash.
"""

from __future__ import annotations

import errno
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

import pytest
from conftest import assert_clean_outcome
from fuzzing import ALIAS_BOMB, time_limit
from typer.testing import CliRunner, Result

from estoril_pnp.cli import app
from estoril_pnp.files.resources import default_pack
from estoril_pnp.pieces.lay_out import MAX_PIECES

runner = CliRunner()
WIDE = {"COLUMNS": "300"}  # table cells unwrapped, so a name can be found whole
RAW_CONTROLS = ("\x1b", "\x07", "\x9b", "\u202e", "\r", "\x00")
RECORD = """\
players:
  - colour: red
    name: Ana
    hand: [hans_r, elizabeth, araujo, garbo, clark_g, e_windsor]
    discards: 7
  - colour: yellow
    name: Bea
    hand: [j_bourbon, s_smith, zsa_zsa_g]
    discards: [otto_m, nora_s]
missions: [strongest, most_diplomat, most_assassin, most_seducer]
"""
ANSWERS = ["2", "", "red", "Ana", "hans r, elizabeth, araujo, garbo, clark, windsor", "7"]
ANSWERS += ["yellow", "Bea", "bourbon, smith, zsa", "otto, nora", "strongest, diplomats, assassins, seducers", ""]


@dataclass(frozen=True)
class Case:
    kind: str  # the class of bad input, for the tally
    name: str
    args: tuple[str, ...]  # {record}, {pack} and {tmp} are filled in
    record: bytes | None = None  # written to {record}
    stdin: bytes | None = None
    pack: tuple[str, str, str] | None = None  # in a copy at {pack}: file, old text, its replacement
    setup: Callable[[Path], None] | None = None
    fault: tuple[str, int] | None = None  # this function raises OSError(errno) during the run
    codes: tuple[int, ...] = (2,)
    says: str = ""  # must be in the output
    after: Callable[[Path], bool] | None = None  # must hold for the temporary folder afterwards


def rec(text: str) -> bytes:
    return text.encode("utf-8")


def edit(old: str, new: str, text: str = RECORD) -> bytes:
    assert old in text, old
    return text.replace(old, new, 1).encode("utf-8")


def name(value: str) -> bytes:
    return edit("name: Ana", f'name: "{value}"')


def score(record: bytes, says: str = "", codes: tuple[int, ...] = (2,), kind: str = "record") -> dict:
    return {"kind": kind, "args": ("score", "{record}"), "record": record, "says": says, "codes": codes}


def pack(file: str, old: str, new: str, says: str = "", command: str = "validate", kind: str = "pack") -> dict:
    """`validate` (findings: exit 1), or `list COMMAND` (exit 2 for a broken pack, 0 for markup cases)."""
    if command == "validate":
        return {
            "kind": kind,
            "args": ("validate", "--pack", "{pack}"),
            "pack": (file, old, new),
            "says": says,
            "codes": (1,),
        }
    codes = (2,) if kind in ("pack", "limits") else (0,)
    return {
        "kind": kind,
        "args": ("list", command, "--pack", "{pack}"),
        "pack": (file, old, new),
        "says": says,
        "codes": codes,
    }


def answers(*typed: str) -> bytes:
    return "".join(f"{a}\n" for a in typed).encode("utf-8")


def interactive(typed: bytes, says: str = "", codes: tuple[int, ...] = (0,), **more: object) -> dict:
    return {
        "kind": "interactive entry",
        "args": ("score", "--interactive"),
        "stdin": typed,
        "says": says,
        "codes": codes,
        **more,
    }


def with_(answer_list: list[str], index: int, *replacement: str) -> list[str]:
    return [*answer_list[:index], *replacement, *answer_list[index + 1 :]]


def mkfifo(tmp: Path) -> None:
    os.mkfifo(tmp / "fifo.yaml")


def plain_file(tmp: Path) -> None:
    (tmp / "plain").write_text("x")


def precious(tmp: Path) -> None:
    (tmp / "kept.yaml").write_text("precious\n")


BOMB = ALIAS_BOMB
DEEP = "[" * 100_000
SPEC: dict[str, dict] = {
    # --- record faults: impossible games, wrong types, broken YAML, encodings, control characters
    "discards 100": score(edit("discards: 7", "discards: 100"), "(0 to 33)"),
    "discards 10**30": score(edit("discards: 7", f"discards: {10**30}")),
    "discards of 4000 digits": score(edit("discards: 7", f"discards: {'9' * 4000}")),
    "discards of 5000 digits": score(edit("discards: 7", f"discards: {'9' * 5000}"), "as int"),
    "hand + discards beyond 33": score(edit("discards: 7", "discards: 30"), "at most 33"),
    "discards of 3 players beyond the deck": score(
        rec(
            "players:\n"
            + "".join(f"  - {{colour: {c}, hand: [], discards: 20}}\n" for c in ("red", "green", "blue"))
            + "missions: [strongest, most_diplomat, most_assassin, most_seducer, most_women]\n"
            + "variants: [secret_missions]\n"
        ),
        "only 45",
    ),
    "discards .inf": score(edit("discards: 7", "discards: .inf")),
    "discards .nan": score(edit("discards: 7", "discards: .nan")),
    "discards true": score(edit("discards: 7", "discards: true")),
    "discards -1": score(edit("discards: 7", "discards: -1")),
    "discards 7.5": score(edit("discards: 7", "discards: 7.5")),
    "discards 0b_": score(edit("discards: 7", "discards: 0b_")),
    "100 players": score(rec("players:\n" + "  - {colour: red, hand: [], discards: 0}\n" * 100 + "missions: []\n")),
    "hand of 70": score(edit("hand: [hans_r,", "hand: [" + "garbo, " * 69 + "hans_r,")),
    "40 missions": score(edit("missions: [", "missions: [" + "strongest, " * 36)),
    "empty file": score(b""),
    "a list at the top": score(b"- players\n"),
    "a number at the top": score(b"42\n"),
    "players as a mapping": score(rec("players: {}\nmissions: []\n")),
    "hand of numbers": score(edit("hand: [j_bourbon, s_smith, zsa_zsa_g]", "hand: [1, 2]")),
    "name an impossible date": score(edit("name: Ana", "name: !!timestamp 2016-13-45")),
    "name a list": score(edit("name: Ana", "name: [Ana]")),
    "name of 200 characters": score(edit("name: Ana", f"name: {'A' * 200}")),
    "colour a number": score(edit("colour: red", "colour: 5")),
    "enigma a list": score(rec(RECORD + "enigma: [red]\n")),
    "bad option": score(rec(RECORD + "options: {rounding: sideways}\n")),
    "key given twice": score(edit("name: Ana", "name: Ana\n    name: Eve")),
    "two documents": score(rec(RECORD + "---\nplayers: []\n")),
    "python tag": score(edit("name: Ana", "name: !!python/object/apply:os.system ['true']")),
    "bad binary": score(edit("name: Ana", "name: !!binary 'zz'")),
    "a list as a key": score(rec("? [a]\n: 1\n" + RECORD)),
    "null key": score(rec("~: 1\n" + RECORD)),
    "secret missions with 2 players": score(
        rec(RECORD.replace("most_seducer]", "most_seducer, most_women]") + "variants: [secret_missions]\n")
    ),
    "recruitment without the variant": score(edit("name: Ana", "name: Ana\n    recruitment: most_women")),
    "JSON with a trailing comma": score(
        b'{"players": [{"colour": "red", "hand": [], "discards": 1},], "missions": []}'
    ),
    "bell in a name": score(edit("name: Ana", "name: An\x07a")),
    "NUL byte": score(edit("name: Ana", "name: An\x00a"), "U+0000"),
    "raw escape character": score(edit("name: Ana", "name: \x1b[31mAna")),
    "DEL character": score(edit("name: Ana", "name: An\x7fa")),
    "UTF-16 with BOM": score(RECORD.encode("utf-16"), "UTF-16"),
    "UTF-32 with BOM": score(RECORD.encode("utf-32"), "UTF-32"),
    "Latin-1 accents": score(edit("Bea", "Béa").decode().encode("latin-1"), "not UTF-8"),
    "a stray 0xFF byte": score(edit("name: Ana", "name: An").replace(b"An", b"An\xff", 1), "not UTF-8"),
    "UTF-8 with BOM is fine": score(b"\xef\xbb\xbf" + rec(RECORD), codes=(0,)),
    "lone surrogate escape": score(edit("name: Ana", 'name: "\\uD800"')),
    "stdin: NUL": {"kind": "record", "args": ("score", "-"), "stdin": b"\x00"},
    "stdin: UTF-16": {"kind": "record", "args": ("score", "-"), "stdin": RECORD.encode("utf-16")},
    "stdin: not UTF-8": {"kind": "record", "args": ("score", "-"), "stdin": b"players: [\xff]\n"},
    "stdin: empty": {"kind": "record", "args": ("score", "-"), "stdin": b""},
    # --- limits: size, depth, aliases, lengths, endless inputs
    "alias bomb (342 bytes)": score(rec(BOMB), "not allowed", kind="limits"),
    "one alias in a record": score(rec(RECORD + "x: &a 1\ny: *a\n"), "not allowed", kind="limits"),
    "merge key in a record": score(rec("base: &b {discards: 0}\n" + RECORD), kind="limits"),
    "100,000 open brackets": score(rec(DEEP), "nested more than 32", kind="limits"),
    "200 levels of indentation": score(rec("".join(" " * i + "a:\n" for i in range(200))), kind="limits"),
    "an alias inside its anchor": score(rec("a: &a [*a]\n"), kind="limits"),
    "3 MiB file": score(rec(RECORD + "#" * 3_000_000 + "\n"), "larger than 2 MiB", kind="limits"),
    "20,000-character name": score(edit("name: Ana", f"name: {'A' * 20_000}"), "at most 10000", kind="limits"),
    "100,000-character key": score(rec(RECORD + f"{'k' * 100_000}: 1\n"), kind="limits"),
    "200,000 hand entries": score(edit("hand: [hans_r,", "hand: [" + "a," * 200_000 + "hans_r,"), kind="limits"),
    "/dev/zero as the record": {"kind": "limits", "args": ("score", "/dev/zero"), "says": "not a regular file"},
    "a FIFO as the record": {"kind": "limits", "args": ("score", "{tmp}/fifo.yaml"), "setup": mkfifo},
    "3 MiB on stdin": {"kind": "limits", "args": ("score", "-"), "stdin": rec(RECORD + "#" * 3_000_000)},
    "alias bomb in game.yaml": pack("game.yaml", "rounds: 4", "rounds: 4\n" + BOMB, "more than 100000", kind="limits"),
    "deep nesting in characters.yaml": pack("characters.yaml", "starting:", DEEP + "\nstarting:", kind="limits"),
    "3 MiB missions.yaml": pack("missions.yaml", "missions:", "#" * 3_000_000 + "\nmissions:", kind="limits"),
    "150,000-character catalog text": pack(
        "i18n/en.yaml", "  name: English", f"  name: {'E' * 150_000}", kind="limits"
    ),
    "alias bomb in a catalog": pack("i18n/en.yaml", "language:", BOMB + "language:", kind="limits"),
    # --- pack faults: numbers beyond sense, impossible combinations, broken files
    "rounds 1000000": pack("game.yaml", "rounds: 4", "rounds: 1000000", "at most 99"),
    "hand limit 10**30": pack("game.yaml", "hand_limit: 6", f"hand_limit: {10**30}"),
    "markers per colour 10**6": pack("components.yaml", "copies: 6}", "copies: 1000000}"),
    "a billion players": pack("game.yaml", "players: {min: 2, max: 4}", "players: {min: 2, max: 1000000000}"),
    "min players above max": pack("game.yaml", "players: {min: 2, max: 4}", "players: {min: 4, max: 2}"),
    "5 players, 4 colours": pack(
        "game.yaml", "players: {min: 2, max: 4}", "players: {min: 2, max: 5}", "need 5 colours"
    ),
    "piece width .inf": pack("components.yaml", "size: [16, 16]", "size: [.inf, 16]"),
    "piece width .nan": pack("components.yaml", "size: [16, 16]", "size: [.nan, 16]"),
    "piece width 0.0001 mm": pack("components.yaml", "size: [16, 16]", "size: [0.0001, 16]"),
    "piece width 100 m": pack("components.yaml", "size: [16, 16]", "size: [100000, 16]"),
    "mission VP 10**30": pack("game.yaml", "mission: 6", f"mission: {10**30}"),
    "year an impossible date": pack("game.yaml", "year: 2016", "year: 2016-13-45"),
    "five action spaces": pack(
        "locations.yaml",
        "{numeral: IV,  at: BL, top_secret: true,  peek: any}",
        "{numeral: IV,  at: BL, top_secret: true,  peek: any}\n"
        "      - {numeral: IV, at: C, top_secret: true, peek: any}",
        "at most 4",
    ),
    "13 missions in play": pack("game.yaml", "missions_in_play: 4", "missions_in_play: 13"),
    "9 secret missions face up": pack("game.yaml", "{face_up: 1,", "{face_up: 9,"),
    "strength 10**6": pack("characters.yaml", "strength: 5,", "strength: 1000000,"),
    "60 flags": pack("missions.yaml", "flags: [ES, FR, IT, HU, SU, YU]", "flags: [" + "ES, " * 59 + "ES]"),
    "tie-break listed 100 times": pack(
        "scoring.yaml",
        "  tiebreaks:\n",
        "  tiebreaks:\n" + "    - {id: hand_vp, figure: hand, label: score.total, why: score.total}\n" * 99,
        "listed twice",
    ),
    "markers for 10**30 players": pack("game.yaml", "{2: 6, 3: 4, 4: 3}", f"{{2: 6, 3: 4, 4: 3, {10**30}: 1}}"),
    "a 5000-character card name": pack(
        "characters.yaml", 'name: "Garbo"', f'name: "{"Garbo " * 1000}"', "does not fit"
    ),
    "control character in characters.yaml": pack("characters.yaml", 'name: "Garbo"', 'name: "Gar\x07bo"'),
    "NUL in locations.yaml": pack("locations.yaml", "rules:", "rules:\x00"),
    "python tag in game.yaml": pack("game.yaml", "rounds: 4", "rounds: !!python/object/apply:os.system ['true']"),
    "key twice in game.yaml": pack("game.yaml", "rounds: 4", "rounds: 4\nrounds: 5"),
    "missions.yaml a list of lists": pack("missions.yaml", "missions:", "- [1]\n- missions:"),
    "English catalog lacks a key list needs": pack(
        "i18n/en.yaml", "  characters: Characters\n", "", "missing", "characters"
    ),
    "list from a pack with a billion players": pack(
        "game.yaml", "players: {min: 2, max: 4}", "players: {min: 2, max: 1000000000}", command="locations"
    ),
    "game.yaml a folder": {
        "kind": "pack",
        "args": ("validate", "--pack", "{pack}"),
        "pack": ("game.yaml", "", ""),
        "codes": (1,),
        "says": "is a folder",
    },
    # --- file-system faults
    "build --out is a file": {"kind": "file system", "args": ("build", "--out", "{tmp}/plain"), "setup": plain_file},
    "build --out below a file": {
        "kind": "file system",
        "args": ("build", "--out", "{tmp}/plain/sub"),
        "setup": plain_file,
    },
    "calibrate --out is a folder": {"kind": "file system", "args": ("calibrate", "--out", "{tmp}")},
    "calibrate --out below a file": {
        "kind": "file system",
        "args": ("calibrate", "--out", "{tmp}/plain/c.pdf"),
        "setup": plain_file,
    },
    "calibrate: disk full": {
        "kind": "file system",
        "args": ("calibrate", "--out", "{tmp}/c.pdf"),
        "fault": ("reportlab.pdfgen.canvas.Canvas.save", errno.ENOSPC),
    },
    "calibrate: read-only": {
        "kind": "file system",
        "args": ("calibrate", "--out", "{tmp}/c.pdf"),
        "fault": ("tempfile.mkstemp", errno.EROFS),
    },
    "calibrate: permission denied": {
        "kind": "file system",
        "args": ("calibrate", "--out", "{tmp}/c.pdf"),
        "fault": ("tempfile.mkstemp", errno.EACCES),
    },
    "calibrate: quota": {
        "kind": "file system",
        "args": ("calibrate", "--out", "{tmp}/c.pdf"),
        "fault": ("reportlab.pdfgen.canvas.Canvas.save", errno.EDQUOT),
    },
    "calibrate: I/O error": {
        "kind": "file system",
        "args": ("calibrate", "--out", "{tmp}/c.pdf"),
        "fault": ("reportlab.pdfgen.canvas.Canvas.save", errno.EIO),
    },
    "build: permission denied": {
        "kind": "file system",
        "args": ("build", "--out", "{tmp}/out"),
        "fault": ("tempfile.mkstemp", errno.EACCES),
    },
    "build: disk full": {
        "kind": "file system",
        "args": ("build", "--out", "{tmp}/out"),
        "fault": ("tempfile.mkstemp", errno.ENOSPC),
    },
    "record is a folder": {"kind": "file system", "args": ("score", "{tmp}")},
    "record below a file": {"kind": "file system", "args": ("score", "{tmp}/plain/game.yaml"), "setup": plain_file},
    "validate --pack a file": {
        "kind": "file system",
        "args": ("validate", "--pack", "{tmp}/plain"),
        "setup": plain_file,
    },
    "list --pack a file": {
        "kind": "file system",
        "args": ("list", "missions", "--pack", "{tmp}/plain"),
        "setup": plain_file,
    },
    "score --pack a file": {
        "kind": "file system",
        "args": ("score", "-", "--pack", "{tmp}/plain"),
        "setup": plain_file,
        "stdin": b"",
    },
    "calibrate --pack a file": {
        "kind": "file system",
        "args": ("calibrate", "--pack", "{tmp}/plain"),
        "setup": plain_file,
    },
    "build --pack a file": {"kind": "file system", "args": ("build", "--pack", "{tmp}/plain"), "setup": plain_file},
    # --- markup and terminal escapes, from records, packs, catalogs, paths and options
    **{
        f"player name {shown}": score(name(written), shown, (0,), kind="markup / escapes")
        for written, shown in [
            ("[/bold]", "[/bold]"),
            ("[bold red]Ana[/]", "[bold red]Ana[/]"),
            ("[link=https://example.com]Ana[/link]", "[link=https://example.com]Ana[/link]"),
            (":smile: Ana", ":smile: Ana"),
            ("\\e[2J\\e[HAna", "\\x1b[2J\\x1b[HAna"),
            ("\\e]0;pwned\\a", "\\x1b]0;pwned\\x07"),
            ("\\x9b31mAna", "\\x9b31mAna"),
            ("Ana\\u202eanA", "Ana\\u202eanA"),
            ("Ana\\rBea", "Ana\\rBea"),
            ("Ana\\nerror: forged", "Ana\\nerror: forged"),
        ]
    },
    "player name [/bold] as JSON": {
        **score(name("[/bold] \\e[2J"), "[/bold] \\u001b[2J", (0,), kind="markup / escapes"),
        "args": ("score", "--json", "{record}"),
    },
    "card name [/bold] in list": pack(
        "characters.yaml", 'name: "Garbo"', 'name: "[/bold]"', "[/bold]", "characters", "markup / escapes"
    ),
    "card name with a screen clear in list": pack(
        "characters.yaml", 'name: "Garbo"', 'name: "\\e[2J"', "\\x1b[2J", "characters", "markup / escapes"
    ),
    "location name with an override in list": pack(
        "locations.yaml",
        'name: "Hotel Palácio"',
        'name: "\\u202eHotel"',
        "\\u202eHotel",
        "locations",
        "markup / escapes",
    ),
    "catalog title as markup": pack(
        "i18n/en.yaml",
        "  characters: Characters\n",
        '  characters: "[red]Cards[/]"\n',
        "[red]Cards[/]",
        "characters",
        "markup / escapes",
    ),
    "escape in an unknown key": score(rec(RECORD + '"\\e[2Jx": 1\n'), "\\x1b[2Jx", kind="markup / escapes"),
    "escape in an unknown character": score(edit("garbo", '"\\e[31mgarbo"'), "\\x1b[31mgarbo", kind="markup / escapes"),
    "escape in --lang": {"kind": "markup / escapes", "args": ("list", "missions", "--lang", "\x1b]0;x\x07")},
    "escape in --paper": {"kind": "markup / escapes", "args": ("build", "--paper", "\x1b[2J", "--out", "{tmp}/o")},
    # --- catalog placeholders
    "{names.__class__} in score.winner": pack(
        "i18n/en.yaml",
        'winner: "Winner: {names}"',
        'winner: "Winner: {names.__class__}"',
        "malformed placeholder",
        kind="placeholders",
    ),
    "{rounds.real}": pack(
        "i18n/en.yaml",
        "after round {rounds}.",
        "after round {rounds.real}.",
        "malformed placeholder",
        kind="placeholders",
    ),
    "{round}, unknown": pack(
        "i18n/en.yaml", "after round {rounds}.", "after round {round}.", "unknown placeholder", kind="placeholders"
    ),
    "a lone {": pack("i18n/en.yaml", "after round {rounds}.", "after round {rounds.", "a lone", kind="placeholders"),
    "a lone }": pack("i18n/en.yaml", "after round {rounds}.", "after round rounds}.", "a lone", kind="placeholders"),
    "{0}": pack(
        "i18n/en.yaml", "after round {rounds}.", "after round {0}.", "malformed placeholder", kind="placeholders"
    ),
    "{}": pack(
        "i18n/en.yaml", "after round {rounds}.", "after round {}.", "malformed placeholder", kind="placeholders"
    ),
    "{rounds!r}": pack(
        "i18n/en.yaml", "after round {rounds}.", "after round {rounds!r}.", "malformed placeholder", kind="placeholders"
    ),
    "score with {names.__class__}": {
        "kind": "placeholders",
        "args": ("score", "--pack", "{pack}", "{record}"),
        "record": rec(RECORD),
        "codes": (0,),
        "pack": ("i18n/en.yaml", 'winner: "Winner: {names}"', 'winner: "Winner: {names.__class__}"'),
        "says": "Winner: {names.__class__}",
    },
    "score with {names[0]}": {
        "kind": "placeholders",
        "args": ("score", "--pack", "{pack}", "{record}"),
        "record": rec(RECORD),
        "codes": (0,),
        "pack": ("i18n/en.yaml", 'winner: "Winner: {names}"', 'winner: "Winner: {names[0]}"'),
        "says": "Winner: {names[0]}",
    },
    "score with a lone { in the title": {
        "kind": "placeholders",
        "args": ("score", "--pack", "{pack}", "{record}"),
        "record": rec(RECORD),
        "codes": (0,),
        "pack": ("i18n/en.yaml", "  title: Final score", "  title: Final {score"),
        "says": "Final {score",
    },
    "calibrate with {paper.__class__.__init__.__globals__}": {
        "kind": "placeholders",
        "args": ("calibrate", "--pack", "{pack}", "--out", "{tmp}/c.pdf"),
        "codes": (0,),
        "pack": ("i18n/en.yaml", '"Front · {paper}', '"Front · {paper.__class__.__init__.__globals__}'),
    },
    "list with {colours[0]}": pack(
        "i18n/en.yaml",
        "starting ×{colours}",
        "starting ×{colours[0]}",
        "starting ×{colours[0]}",
        "characters",
        "placeholders",
    ),
    "list with a lone {": pack(
        "i18n/en.yaml", "starting ×{colours}", "starting ×{colours", "starting ×{colours", "characters", "placeholders"
    ),
    "validate English {hand_limit.__class__}": pack(
        "i18n/en.yaml",
        "more than {hand_limit} characters discards",
        "more than {hand_limit.__class__} characters discards",
        "malformed placeholder",
        kind="placeholders",
    ),
    # --- interactive entry
    **{
        f"end of input after {n} answers": interactive(answers(*ANSWERS[:n]), "input ended", (2,))
        for n in range(len(ANSWERS) + 1)
    },
    "typed: secret missions with 2 players": interactive(
        answers(*with_(ANSWERS, 1, "secret missions", ""), ""), "needs at least 3 players"
    ),
    "typed: discards 100": interactive(answers(*with_(ANSWERS, 5, "100", "7"), ""), "Discards: at most 27"),
    "save to a folder": interactive(answers(*ANSWERS, "{tmp}", ""), "is a folder"),
    "save with a missing parent": interactive(answers(*ANSWERS, "{tmp}/nope/game.yaml", ""), "There is no folder"),
    "save below a file": interactive(
        answers(*ANSWERS, "{tmp}/plain/game.yaml", ""), "There is no folder", setup=plain_file
    ),
    "save over a file, answer no": interactive(
        answers(*ANSWERS, "{tmp}/kept.yaml", "n", ""),
        "exists",
        setup=precious,
        after=lambda tmp: (tmp / "kept.yaml").read_text() == "precious\n",
    ),
    "save to /dev/null": interactive(answers(*ANSWERS, "/dev/null", ""), "not a regular file"),
    "an arrow key typed": interactive(answers(*with_(ANSWERS, 2, "\x1b[A", "red"), ""), "control characters"),
    "a 5000-character paste": interactive(answers(*with_(ANSWERS, 3, "x" * 5000, "Ana"), ""), "at most 1000"),
    "a name with markup": interactive(answers(*with_(ANSWERS, 3, "[/bold] Ana"), ""), "([/bold] Ana)"),
    "input not UTF-8": interactive(b"2\n\n\xff\xfe\n", "not UTF-8", (2,)),
}
CASES = [Case(name=key, **value) for key, value in SPEC.items()]


def run_case(case: Case, tmp: Path) -> Result:
    """Sets the case up in `tmp` and runs it through the CLI."""
    fill = {"{tmp}": str(tmp), "{record}": str(tmp / "game.yaml"), "{pack}": str(tmp / "pack")}
    if case.record is not None:
        (tmp / "game.yaml").write_bytes(case.record)
    if case.pack is not None:
        shutil.copytree(default_pack(), tmp / "pack")
        file, old, new = case.pack
        target = tmp / "pack" / file
        if not old:  # the file becomes a folder
            target.unlink()
            target.mkdir()
        else:
            text = target.read_text(encoding="utf-8")
            assert text.count(old) == 1, (file, old)
            target.write_bytes(text.replace(old, new).encode("utf-8", "surrogatepass"))
    if case.setup is not None:
        case.setup(tmp)
    args = [next((arg.replace(k, v) for k, v in fill.items() if k in arg), arg) for arg in case.args]
    stdin = case.stdin.replace(b"{tmp}", str(tmp).encode()) if case.stdin is not None else None
    if case.fault is None:
        return runner.invoke(app, args, input=stdin, env=WIDE)
    with mock.patch(case.fault[0], side_effect=OSError(case.fault[1], os.strerror(case.fault[1]))):
        return runner.invoke(app, args, input=stdin, env=WIDE)


@pytest.mark.parametrize("case", CASES, ids=[f"{c.kind}: {c.name}" for c in CASES])
def test_hostile_input_ends_cleanly(tmp_path: Path, case: Case) -> None:
    with time_limit(60):
        result = run_case(case, tmp_path)
    assert_clean_outcome(result, *case.codes)
    assert case.says in result.output, result.output[-2000:]
    ours = result.output if case.stdin is None or case.kind != "interactive entry" else result.stderr
    assert not any(ch in ours for ch in RAW_CONTROLS), repr(ours[-500:])
    if case.after is not None:
        assert case.after(tmp_path)


def test_the_catalog_covers_every_class() -> None:
    kinds = {c.kind for c in CASES}
    assert kinds == {"record", "limits", "pack", "file system", "markup / escapes", "placeholders", "interactive entry"}


def test_a_pack_of_countless_pieces_is_refused_before_it_is_laid_out(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(Path(__file__).parent / "fixtures" / "tiny_game", pack)
    kinds = "".join(
        f"  coast{n}: {{size: [180, 120], group: boards, items: boards.yaml, face: coast, copies: 1000}}\n"
        for n in range(MAX_PIECES // 1000 + 1)
    )
    (pack / "components.yaml").write_text("pieces:\n" + kinds, encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", "--pack", str(pack)])
    assert result.exit_code == 1, result.output
    at = f"components.yaml:{MAX_PIECES // 1000 + 2}: pieces.coast{MAX_PIECES // 1000}"  # located at its kind
    assert f"{at}: more than {MAX_PIECES:,} pieces in all" in result.stdout
    built = CliRunner().invoke(app, ["build", "--pack", str(pack), "--out", str(tmp_path / "out")])
    assert built.exit_code == 2 and "more than" in built.stderr and not (tmp_path / "out").exists()


def test_copies_of_a_character_still_make_the_rulebooks_pictures(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(default_pack(), pack)
    components = pack / "components.yaml"
    text = components.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.lstrip().startswith("character:"))
    components.write_text(text.replace(line, line.rstrip().removesuffix("}") + ", copies: 2}"), encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["build", "--pack", str(pack), "--lang", "en", "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    assert (out / "en" / "a4" / "rulebook.pdf").stat().st_size > 0


REFUSED = [c for c in CASES if c.args[0] == "validate" and c.codes == (1,)]


@pytest.mark.parametrize("case", REFUSED, ids=[f"{c.kind}: {c.name}" for c in REFUSED])
def test_build_refuses_every_pack_validate_refuses(tmp_path: Path, case: Case) -> None:
    """validate = build: the same errors, one `error:` line each, exit 2, and no output folder."""
    with time_limit(60):
        checked = run_case(case, tmp_path)
        out = tmp_path / "out"
        built = runner.invoke(app, ["build", "--pack", str(tmp_path / "pack"), "--lang", "all", "--out", str(out)])
    assert checked.exit_code == 1
    assert_clean_outcome(built, 2)
    found = [line for line in checked.stdout.splitlines() if line.startswith("error: ")]
    assert built.stderr.splitlines() == found
    assert not out.exists()


def test_a_pack_printing_only_characters_is_refused_by_build_as_validate_reports_it(tmp_path: Path) -> None:
    """The issue's example: a copy of data/ whose components.yaml keeps only the character kind."""
    pack = tmp_path / "pack"
    shutil.copytree(default_pack(), pack)
    components = pack / "components.yaml"
    character = next(x for x in components.read_text(encoding="utf-8").splitlines() if x.startswith("  character:"))
    components.write_text(f"pieces:\n{character}\n", encoding="utf-8")
    checked = runner.invoke(app, ["validate", "--pack", str(pack)])
    found = [line for line in checked.stdout.splitlines() if line.startswith("error: ")]
    assert checked.exit_code == 1 and "no piece kind prints the game's 'missions'" in checked.stdout
    assert not any("could not be laid out" in line for line in found), found  # said as the check says it
    out = tmp_path / "out"
    built = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(out)])
    assert_clean_outcome(built, 2)
    assert built.stderr.splitlines() == found
    assert not out.exists()


def test_a_chain_of_squares_is_refused_at_its_line_before_anything_is_scored(tmp_path: Path) -> None:
    """The issue's squaring chain (each figure the product of the one before with itself): validate
    proves it leaves ±2⁵³ at the first figure that can, and score and build refuse it with exit 2."""
    pack = tmp_path / "squares"
    shutil.copytree(Path(__file__).parent / "fixtures" / "sheets" / "teams", pack)
    sheet = (pack / "scoring.yaml").read_text(encoding="utf-8")
    chain = "figures:\n  f0: {value: penalty}\n" + "".join(
        f"  f{i}: {{times: [{{figure: f{i - 1}}}, {{figure: f{i - 1}}}]}}\n" for i in range(1, 30)
    )
    sheet = sheet.replace("figures:\n  tricks: {value: tricks}\n", chain + "  tricks: {value: tricks}\n")
    (pack / "scoring.yaml").write_text(sheet, encoding="utf-8")
    line = 1 + sheet.split("\n").index("  f3: {times: [{figure: f2}, {figure: f2}]}")
    with time_limit(20):
        found = runner.invoke(app, ["validate", "--pack", str(pack)])
        scored = runner.invoke(app, ["score", "-", "--pack", str(pack)], input="players: []\n")
        built = runner.invoke(app, ["build", "--pack", str(pack), "--out", str(tmp_path / "out"), "--quiet"])
    assert found.exit_code == 1 and f"scoring.yaml:{line}: figures.f3: can reach" in found.output, found.output
    assert found.output.count("beyond ±2⁵³") == 1  # what reads f3 is not said again
    for result in (scored, built):
        assert result.exit_code == 2 and "figures.f3" in result.output and "Traceback" not in result.output
