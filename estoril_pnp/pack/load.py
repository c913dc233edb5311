"""Reads a pack directory: what it is (pack.yaml), what it prints (components.yaml), its
catalogs (i18n/), and, through the game model it names, the game's own files.

Every fault names file, line and key; nothing here knows any particular game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import Finding, InputError, written
from ..files.resources import default_pack
from ..i18n.catalogs import Catalogs, Texts
from ..scoring import sheet as scoresheet
from ..scoring.sheet import Sheet
from ..source import names, typed, yamlsrc
from ..source.packfiles import PackFiles
from .items import Column, Item, ItemFile, read_item_files
from .manifest import Manifest, PackInfo
from .model import GameModel, load_model
from .ttsspec import TtsSpec, read_spec


@dataclass(frozen=True)
class Pack:
    files: PackFiles
    info: PackInfo
    manifest: Manifest
    manifest_src: yamlsrc.Located  # where each key of components.yaml is, to locate a finding
    catalogs: Catalogs
    model: GameModel | None  # the game's typed data, or None for a pack of plain data
    items: Mapping[str, list[Item]]  # the pack's own items files, by name
    tts: tuple[TtsSpec, yamlsrc.Located] | None  # tts.yaml, if the pack has one
    sheet: Sheet | None = None  # how a finished game is scored (scoring.yaml), if the pack says
    sheet_findings: tuple[Finding, ...] = ()  # its faults, kept only when asked to (validate reports them)
    columns: Mapping[str, tuple[Column, ...]] = field(default_factory=dict)  # a spreadsheet items file's, by name

    def texts(self, lang: str) -> Texts:
        defaults = self.sheet.unwritten if self.sheet is not None else {}
        return Texts(self.catalogs, lang, self.numbers(), self.shipped(), defaults)

    def shipped(self) -> Callable[[], Catalogs] | None:
        """Where the engine's own words this pack does not write come from (none for the shipped pack)."""
        return None if self.files.root.resolve() == default_pack().resolve() else shipped_catalogs

    def numbers(self) -> dict[str, int]:
        """The numbers every catalog text may use: pack.yaml's, the model's, then the score sheet's own."""
        out = {**self.info.numbers, **(self.model.numbers() if self.model else {})}
        if self.sheet is not None:
            out = {"players_min": self.sheet.players[0], "players_max": self.sheet.players[1], **out}
            out |= self.sheet.numbers
        return out

    @property
    def languages(self) -> list[str]:
        return sorted(self.catalogs)


def load_pack(directory: Path, keep_sheet_faults: bool = False) -> Pack:
    """The pack in `directory`, or InputError listing every fault found.

    `keep_sheet_faults`: a faulty score sheet leaves `sheet` None and its findings in the pack,
    so that `validate` still checks everything else.
    """
    if not directory.is_dir():
        raise InputError([Finding(directory, None, "", "no such pack directory")])
    files = PackFiles(directory)
    findings: list[Finding] = []
    info, info_src = _read(files, "pack.yaml", PackInfo, findings)
    manifest, manifest_src = _manifest(files, findings)
    catalogs = _load_catalogs(files, findings)
    read: dict[str, ItemFile] = {}
    if manifest is not None:
        read, faults = read_item_files(files, manifest, manifest_src)
        findings += faults
    items: dict[str, list[Item]] = {name: file.items for name, file in read.items()}
    columns = {name: file.columns for name, file in read.items() if file.columns}
    tts = None
    try:  # read with the rest, so a deck's name that is not a name stops every command
        tts = read_spec(files)
    except InputError as exc:
        findings += exc.findings
    if findings:
        raise InputError(findings)
    assert info is not None and manifest is not None and info_src is not None and manifest_src is not None
    model = None
    if info.model:
        model = load_model(info.model, files, catalogs, info_src.finding(("model",), ""))
    try:
        sheet, faults = load_sheet(files, model, info.numbers), ()
    except InputError as exc:
        if not keep_sheet_faults:
            raise
        sheet, faults = None, tuple(exc.findings)
    return Pack(files, info, manifest, manifest_src, catalogs, model, items, tts, sheet, faults, columns)


def load_sheet(files: PackFiles, model: GameModel | None, numbers: Mapping[str, int]) -> Sheet | None:
    """The pack's score sheet, checked against the pack's numbers (pack.yaml's, then the model's)
    and the model's pieces; None if it has none."""
    path = files.path(scoresheet.SHEET)
    if not path.exists():
        return None
    if model is None:
        return scoresheet.load(path, dict(numbers), None)
    return scoresheet.load(path, {**numbers, **model.numbers()}, model.score_pieces())


def _manifest(files: PackFiles, findings: list[Finding]) -> tuple[Manifest | None, yamlsrc.Located | None]:
    """components.yaml; a score-only pack (a scoring.yaml and nothing to print) may leave it out,
    and is read as `pieces: {}`."""
    name = "components.yaml"
    if not files.path(name).exists() and files.path(scoresheet.SHEET).exists():
        return Manifest(pieces={}), yamlsrc.Located(files.path(name), {"pieces": {}}, {})
    return _read(files, name, Manifest, findings)


def _read(
    files: PackFiles, name: str, model: type[typed.Record], findings: list[Finding]
) -> tuple[Any, yamlsrc.Located | None]:
    """The file as `model`, and where each of its keys is; (None, …) with the faults in `findings`."""
    src = None
    try:
        src = yamlsrc.read(files.path(name))
        return typed.load(model, src), src
    except InputError as exc:
        findings += exc.findings
    return None, src


# a catalog's name: a code CLDR's plural rules are looked up by (as `i18n new` takes it)
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}([_-][a-z0-9]{2,8})?")


def is_catalog(file: Path) -> bool:
    """Whether a file of i18n/ is a language's catalog, LANG.yaml; `validate` names one that is not (pack/unused.py)."""
    return file.suffix == ".yaml" and bool(LANGUAGE_CODE.fullmatch(file.stem))


@cache
def shipped_catalogs() -> Catalogs:
    """The shipped pack's catalogs: the engine's own words for a pack that does not write them."""
    return _load_catalogs(PackFiles(default_pack()), [])


def _load_catalogs(files: PackFiles, findings: list[Finding]) -> dict[str, dict[str, str]]:
    catalogs: dict[str, dict[str, str]] = {}
    for file in files.listing("i18n"):
        if names.is_name(file.stem) and not is_catalog(file):
            continue  # notes.yaml: no language, never read as one
        try:
            src = yamlsrc.read(file)
        except InputError as exc:
            findings += exc.findings
            continue
        if not isinstance(src.data, dict):
            findings.append(src.finding((), "a catalog must be a mapping of keys to texts"))
            continue
        flat: dict[str, str] = {}
        for path, value in _leaves(src.data, ()):
            if isinstance(value, str):
                flat[".".join(map(str, path))] = value
            else:
                findings.append(src.finding(path, f"a translation must be text (got {written(value)})"))
        bad_code = names.problem(file.stem)
        if bad_code:  # the code names output folders and is typed as --lang
            findings.append(Finding(file, None, "", f"the language code {bad_code}"))
            continue
        catalogs[file.stem] = flat
    english = files.root / "i18n" / "en.yaml"
    if "en" not in catalogs and not english.exists():  # a broken one is already reported
        findings.append(Finding(english, None, "", "the English catalog is required"))
    return catalogs


def _leaves(node: Any, path: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, (*path, key))
    else:
        yield path, node
