"""Random legal records of a sheet-driven pack, generic over its resolved score sheet's entries
(docs/score-sheet.md): player counts, colours, variants and options within their bounds, every
entry of every kind in play filled, and no piece named more often than its collection allows; a
`mine` choice is one of the seat's own pieces but one time in ten."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import yaml


def _num(value: Any, n: int, numbers: Mapping[str, int], round: int = 0) -> int:
    if isinstance(value, list):
        return sum(_num(v, n, numbers, round) for v in value)
    if value == "players":
        return n
    if value == "round":
        return round
    return numbers[value] if isinstance(value, str) else int(value)


def _how_many(entry: Mapping[str, Any], n: int, numbers: Mapping[str, int], free: int, rng: random.Random) -> int:
    """How many pieces a `choices` entry names: its `count`, else its `most` half the time (a player
    names all they may, mostly), else anything from its `least` up, and one outside them now and
    then (a record both interpreters must refuse alike)."""
    if entry["count"] is not None:
        return _num(entry["count"], n, numbers)
    low = 0 if entry["least"] is None else _num(entry["least"], n, numbers)
    high = free if entry["most"] is None else _num(entry["most"], n, numbers)
    if rng.random() < 0.05:
        return rng.choice([low - 1, high + 1]) if low > 0 else high + 1
    return high if rng.random() < 0.5 else rng.randint(low, max(low, high))


def _share(total: int, highs: list[int], rng: random.Random) -> list[int] | None:
    """`total` split at random among places each from 0 to its high, or None if it cannot be."""
    if not 0 <= total <= sum(highs):
        return None
    out = [0] * len(highs)
    for _ in range(total):
        out[rng.choice([i for i, h in enumerate(highs) if out[i] < h])] += 1
    return out


def _rounds_add_up(sheet: Mapping[str, Any], record: dict[str, Any], n: int, rng: random.Random) -> None:
    """Mostly, a round entry that a round check sums over all seats (`all: {value: E}`) is drawn to
    meet it in every round: blind draws would all break it (the tricks of a round add up to its cards)."""
    for check in sheet["checks"]:
        x = check.get("all")
        if not check.get("round") or not isinstance(x, dict) or set(x) != {"value"} or rng.random() < 0.2:
            continue
        entry = next(e for e in sheet["entries"] if e["id"] == x["value"])
        players = [p for p in record["players"] if entry["id"] in p]
        if not entry.get("round") or entry["min"] != 0 or not players:
            continue
        for r in range(1, sheet["rounds"]["count"] + 1):
            bound = [_num(check[k], n, sheet["numbers"], r) for k in ("least", "most") if check[k] is not None]
            high = _num(entry["max"], n, sheet["numbers"], r)
            split = _share(rng.randint(min(bound), max(bound)), [high] * len(players), rng)
            for p, v in zip(players, split or (), strict=False):
                p[entry["id"]][r - 1] = v


def random_record(sheet: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """One legal record, as the data a record's YAML holds. Switch `changes` to entries are not
    followed (none of the sheet-driven packs has them): an entry keeps its own bounds, unless a
    change made by the player count alone sets them."""
    numbers = sheet["numbers"]
    small = rng.choice([True, False, None])  # every number near its least, anywhere, or each by chance
    n = rng.randint(_num(sheet["players"]["min"], 0, numbers), _num(sheet["players"]["max"], 0, numbers))
    colours = rng.sample([c["id"] for c in sheet["pieces"]["colours"]["items"]], n)
    record: dict[str, Any] = {"players": [{"colour": c} for c in colours]}
    if sheet.get("teams"):
        low, high = sheet["teams"]["min"], sheet["teams"]["max"]
        for i, player in enumerate(record["players"]):
            player["members"] = [f"P{i}{j}" for j in range(rng.randint(low, high))]
    on: dict[str, Any] = {}
    for s in sheet["switches"]:
        lo, hi = s["players"]["min"], s["players"]["max"]
        if (lo is not None and n < _num(lo, n, numbers)) or (hi is not None and n > _num(hi, n, numbers)):
            continue
        if s["kind"] == "variant" and rng.random() < 0.5:
            record.setdefault("variants", []).append(s["id"])
            on[s["id"]] = True
        elif s["kind"] == "option":
            value = rng.choice(s["values"]) if s["values"] else rng.random() < 0.5
            record.setdefault("options", {})[s["id"]] = value
            on[s["id"]] = value is True or bool(s["values"])
    taken: dict[str, set[str]] = {"game": set()}  # pieces named once per game, and per player colour

    def free(collections: list[str], owner: str | None) -> list[str]:
        out = []
        for cid in collections:
            collection = sheet["pieces"][cid]
            scope = taken.setdefault(owner or "game", set()) if collection["once"] == "player" else taken["game"]
            out += [p["id"] for p in collection["items"] if collection["once"] == "any" or p["id"] not in scope]
        return out

    once = {p["id"]: c["once"] for cid, c in sheet["pieces"].items() if cid != "colours" for p in c["items"]}
    fields = {p["id"]: p["fields"] for cid, c in sheet["pieces"].items() if cid != "colours" for p in c["items"]}

    def take(ids: list[str], owner: str | None) -> None:
        for pid in ids:
            if once[pid] == "player" and owner:
                taken.setdefault(owner, set()).add(pid)
            elif once[pid] != "any":
                taken["game"].add(pid)

    def value(entry: Mapping[str, Any], owner: str | None) -> Any:
        kind = entry["kind"]
        if entry.get("round"):  # one number per round, each within that round's bounds
            rounds = range(1, sheet["rounds"]["count"] + 1)
            return [rng.randint(_num(entry["min"], n, numbers, r), _num(entry["max"], n, numbers, r)) for r in rounds]
        if kind == "number":  # near its least, often: the sums a sheet's checks bound (trains ≤ 45) are then met
            low, high = _num(entry["min"], n, numbers), _num(entry["max"], n, numbers)
            near = small if small is not None else rng.random() < 0.5
            return rng.randint(low, min(high, low + 3) if near else high)
        if kind == "yesno":
            return rng.random() < 0.5
        if kind == "holder":
            return rng.choice([None, *colours])
        if kind == "holders":  # each piece held by one player or by nobody
            held = {p: rng.choice([None, *colours]) for p in free(entry["of"], None)}
            return {p: c for p, c in held.items() if c is not None}
        pool = free(entry["of"], owner)
        pool = [p for p in pool if p not in entry.get("except", [])]
        if kind == "pieces":
            if entry["count_ok"] and rng.random() < 0.3:
                return rng.randint(0, 3)
            most = len(pool) if entry["most"] is None else min(len(pool), _num(entry["most"], n, numbers))
            chosen = rng.sample(pool, rng.randint(0, most))
        elif kind == "choice":
            # a `mine` choice among the seat's own pieces, but now and then another's, which both
            # interpreters must refuse alike
            own = [p for p in pool if entry.get("mine") is None or fields[p].get(entry["mine"]) == owner]
            chosen = rng.sample(own if own and rng.random() < 0.9 else pool, 1)
        else:
            chosen = rng.sample(pool, min(len(pool), _how_many(entry, n, numbers, len(pool), rng)))
        take(chosen, owner)
        return chosen[0] if kind == "choice" else chosen

    for entry in _by_count(sheet, n):
        if entry["when"] is not None and not on.get(entry["when"]):
            continue
        if entry["kind"] == "number" and entry["default"] is not None and rng.random() < 0.3:
            continue  # left out: its default counts
        if entry["per"] == "game":
            record[entry["id"]] = value(entry, None)
        else:
            for player in record["players"]:
                if entry.get("only") is None or player["colour"] in entry["only"]:
                    player[entry["id"]] = value(entry, player["colour"])
    _rounds_add_up(sheet, record, n, rng)
    return record


def _by_count(sheet: Mapping[str, Any], n: int) -> list[dict[str, Any]]:
    """The entries as the changes by the player count alone (`when: {players: …}`) leave them for `n` players."""
    entries = {e["id"]: dict(e) for e in sheet["entries"]}
    for change in sheet["changes"]:
        counts = change["when"].get("players")
        if set(change["when"]) != {"players"}:
            continue
        if (counts["min"] is None or n >= counts["min"]) and (counts["max"] is None or n <= counts["max"]):
            for ident, keys in change["entries"].items():
                entries[ident].update(keys)
    return list(entries.values())


def dump(record: Mapping[str, Any]) -> str:
    return yaml.safe_dump(dict(record), allow_unicode=True, sort_keys=False)
