// What the page asks of the players, and the record their answers make: as
// estoril_pnp/scoring/ask.py (`score --interactive`) asks at a terminal. `Game.of(D)` is all that
// ui.js knows of the sheet; nothing here knows a particular game.
"use strict";

const Game = (() => {
  const { has } = Scoring.sheet;
  const { inPlay, hasEntry, bounds, defaultOf, most, allowed, choosable } = Scoring.rules;

  // an entry's value before anything is entered
  function blank(S, e) {
    if (e.kind === "pieces") return e.count_ok ? 0 : [];
    if (e.round) return Array.from({ length: Scoring.rounds.count(S) }, (_, i) => defaultOf(S, e, 0, i + 1)); // one per round
    if (e.kind === "choices") return [];
    if (e.kind === "number") return defaultOf(S, e, 0);
    if (e.kind === "yesno") return false;
    return null;
  }

  const newPlayer = (S, colour) => {
    const p = { colour, name: null, entries: {} };
    for (const e of S.entries) if (e.per === "player") p.entries[e.id] = blank(S, e);
    return p;
  };

  // the state after a change of players or switches: entries switched off are emptied,
  // a count entry becomes a list where a category in play needs the pieces themselves
  function tidy(S, state, variants) {
    const sw = Scoring.sheet.switches(S, { variants, options: {} });
    const needed = Scoring.calc.needsPieces(S, sw, state.players.length);
    for (const s of S.switches) if (s.kind === "variant" && !allowed(S, s, state.players.length)) state.switches[s.id] = false;
    for (const p of state.players) {
      for (const e of S.entries.filter((x) => x.per === "player")) {
        if (!inPlay(e, sw)) p.entries[e.id] = blank(S, e);
        else if (e.kind === "pieces" && typeof p.entries[e.id] === "number" && needed.has(e.id)) p.entries[e.id] = [];
        else if (p.entries[e.id] === undefined) p.entries[e.id] = blank(S, e);
      }
    }
    for (const e of S.entries.filter((x) => x.per === "game")) {
      if (!inPlay(e, sw)) delete state.game[e.id];
      else if (e.kind === "holder" && !state.players.some((p) => p.colour === state.game[e.id])) state.game[e.id] = null; // held by someone who left
    }
  }

  // where a piece already is: another player's entry, or a game entry
  function whereIs(S, players, player, id, game = {}, skip = null) {
    const where = Scoring.rules.once(S, id);
    if (where === "any") return null;
    const holds = (v) => v === id || (Array.isArray(v) && v.includes(id));
    for (const p of players) {
      if (where === "player" && p !== player) continue;
      for (const e of S.entries.filter((x) => x.per === "player")) {
        if (p === player && e.id === skip) continue;
        if (holds(p.entries[e.id])) return { player: p, entry: e.id };
      }
    }
    if (where === "game") {
      for (const e of S.entries.filter((x) => x.per === "game")) if (holds(game[e.id])) return { player: null, entry: e.id };
    }
    return null;
  }

  // the page's answers -> a record, as a record file holds it
  function record(S, players, game, variants, options) {
    const out = { players: [], variants: [...variants], options: { ...options } };
    for (const p of players) {
      const r = { colour: p.colour, name: p.name ?? null, ...(S.R.teams ? { members: p.members || [] } : {}) };
      for (const e of S.entries.filter((x) => x.per === "player" && hasEntry(x, p.colour))) if (inPlay(e, Scoring.sheet.switches(S, out))) r[e.id] = p.entries[e.id];
      out.players.push(r);
    }
    for (const e of S.entries.filter((x) => x.per === "game")) {
      if (!inPlay(e, Scoring.sheet.switches(S, out))) continue;
      // a number not entered: its default for this many players, if it has one
      out[e.id] = game[e.id] ?? (e.kind === "number" ? defaultOf(S, e, players.length) : e.kind === "choices" ? [] : null);
    }
    return out;
  }

  // a record -> the page's answers
  function state(S, rec) {
    const out = { players: [], switches: {}, game: {}, options: { ...rec.options }, tab: null };
    for (const v of rec.variants) out.switches[v] = true;
    for (const r of rec.players) {
      const p = newPlayer(S, r.colour);
      p.name = r.name ?? null;
      if (S.R.teams) p.members = r.members || [];
      for (const e of S.entries.filter((x) => x.per === "player")) if (has(r, e.id)) p.entries[e.id] = r[e.id];
      out.players.push(p);
    }
    for (const e of S.entries.filter((x) => x.per === "game")) if (has(rec, e.id)) out.game[e.id] = rec[e.id];
    out.tab = out.players[0] ? out.players[0].colour : null;
    return out;
  }

  // the collections of a pieces entry, the big ones in sections by first letter; a single
  // small collection needs no heading (the entry's label names it)
  function pickable(S, entry) {
    const out = [];
    for (const cid of entry.of) {
      const pieces = S.collections[cid];
      const title = S.D.groupTitles[cid] || cid;
      if (pieces.length <= 12) { out.push({ title: entry.of.length > 1 ? title : null, pieces }); continue; }
      const sorted = [...pieces].sort((a, b) => a.name.localeCompare(b.name, S.lang));
      const size = Math.ceil(sorted.length / Math.ceil(sorted.length / 9));
      for (let i = 0; i < sorted.length; i += size) {
        const part = sorted.slice(i, i + size);
        const first = part[0].name[0].toUpperCase();
        const last = part[part.length - 1].name[0].toUpperCase();
        out.push({ title: `${title}: ${first === last ? first : first + "–" + last}`, pieces: part });
      }
    }
    return out;
  }

  // the words of the game's seats, each in one place: a team game counts and names teams where another counts players
  const seatKeys = (R) => (R.teams
    ? { word: "scorepage.teams", hint: "scorepage.teams.hint", exact: "scorepage.teams_exact", each: "scorepage.each_team", refuse: "scorepage.refuse.teams" }
    : { word: "scorepage.players", hint: "scorepage.players.hint", exact: "scorepage.players_exact", each: "scorepage.each", refuse: "scorepage.refuse.players" });

  function of(D) {
    const S = Scoring.sheet.read(D);
    const R = S.R;
    const sw = (variants) => Scoring.sheet.switches(S, { variants, options: {} });
    // an entry as the changes leave it for these variants and this many players (a change may set its bounds)
    const now = (e, n, variants) => (variants ? Scoring.sheet.apply(S, sw(variants), n).entries.find((x) => x.id === e.id) : e);
    return {
      titleKey: R.title,
      legendKey: R.legend,
      pointsKey: R.points,
      players: R.players,
      colours: S.colours,
      switches: S.switches,
      entries: S.entries,
      outcome: R.outcome,
      seatKeys: seatKeys(R),
      colour: (id) => S.colours.find((c) => c.id === id),
      entry: (id) => S.entries.find((e) => e.id === id),
      piece: (id) => S.pieceById[id],
      group: (cid) => S.collections[cid],
      bound: (v, n) => S.num(v, n),
      hasEntry,
      bounds: (e, n, variants, round = 0) => bounds(S, now(e, n, variants), n, round),
      rounds: () => Scoring.rounds.count(S),
      most(e, n, variants) {
        const x = now(e, n, variants);
        return x.kind === "choices" ? choosable(S, x, n)[1] : most(S, x, n);
      },
      seat: Scoring.seats.seat,
      label: (seat, t) => Scoring.seats.label(S, seat, t),
      seatsRefusal: (n, t) => Scoring.record.seatsRefusal(S, n, t),
      allowed: (s, n) => allowed(S, s, n),
      active: (e, variants) => inPlay(e, sw(variants)),
      count(entry, n, variants) {
        const e = Scoring.sheet.apply(S, sw(variants), n).entries.find((x) => x.id === entry.id);
        return choosable(S, e, n)[1];
      },
      // what a seat may choose for a choice entry (`seat`: its colour; null, the game's)
      choices: (entry, seat = null) => [].concat(entry.of).flatMap((c) => S.collections[c]).filter((p) => !(entry.except || []).includes(p.id) && (seat === null || Scoring.rules.mayChoose(S, entry, p.id, seat))),
      picture: (piece, colour) => D.pictures[`${piece.id}/${colour}`] || D.pictures[piece.id] || D.pictures[""],
      pickable: (entry) => pickable(S, entry),
      newPlayer: (colour) => newPlayer(S, colour),
      tidy: (state, variants) => tidy(S, state, variants),
      // an option's value when the record does not set it: the sheet's default
      optionDefault: (s) => (s.values && s.values.length ? s.values[0] : false),
      whereIs: (...args) => whereIs(S, ...args),
      tooMany: (players) => Scoring.record.tooMany(S, players),
      record: (...args) => record(S, ...args),
      check: (rec, t) => Scoring.record.check(S, rec, t),
      resolve: (data, t) => Scoring.record.resolve(S, data, t),
      state: (rec) => state(S, rec),
      score: (rec) => Scoring.calc.score(S, rec),
      rows: (result, t) => Scoring.table.rows(S, result, t),
      toJson: (result) => Scoring.table.toJson(S, result),
      why: (decider) => Scoring.table.why(S, decider),
    };
  }

  return { of, fold: Scoring.folding.fold, near: Scoring.folding.near };
})();
