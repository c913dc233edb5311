// A checked record scored by the sheet: as estoril_pnp/scoring/calc.py, seat by seat, in the sheet's
// typed steps (R.steps), every figure of every seat computed once, after everything it reads.
// docs/score-sheet.md defines every number computed here.
"use strict";

Scoring.calc = (() => {
  const { IT, TOTAL, formOf } = Scoring.forms;
  const { has, given } = Scoring.sheet;
  const { inPlay } = Scoring.rules;
  const { perRound, roundValues } = Scoring.rounds;
  const PIECE_KINDS = ["pieces", "choice", "choices", "holders"];

  // each entry's value as pieces, from the entry's own collections (calc.py's `_as_pieces`);
  // a bare count (a `count_ok` entry given as a number) stays a number, the one encoding of it
  function asPieces(S, entries, values) {
    const out = {};
    for (const e of entries) {
      const v = values[e.id];
      const table = S.lookup[e.id];
      if (Array.isArray(v)) out[e.id] = v.map((id) => table[id]);
      else if (typeof v === "string") out[e.id] = [table[v]];
      else if (typeof v === "number") out[e.id] = v;
      else out[e.id] = []; // nothing, or a holders entry: each seat's own pieces, set by envs()
    }
    return out;
  }

  // one env per seat (calc.py's `_Env`): its values, its pieces, the game's values, every seat's pieces
  function envs(S, rec, sw, seats) {
    const { entries } = Scoring.sheet.apply(S, sw, rec.players.length);
    const held = entries.filter((e) => PIECE_KINDS.includes(e.kind));
    const game = {};
    for (const e of entries.filter((x) => x.per === "game")) if (has(rec, e.id)) game[e.id] = rec[e.id];
    const gamePieces = asPieces(S, held.filter((e) => e.per === "game"), game);
    const out = seats.map((seat) => {
      const pieces = { ...asPieces(S, held.filter((e) => e.per === "player"), seat.values), ...gamePieces };
      for (const e of held.filter((x) => x.kind === "holders")) {
        pieces[e.id] = Object.entries(game[e.id] || {}).filter(([, c]) => c === seat.id).map(([p]) => S.lookup[e.id][p]);
      }
      const own = Object.fromEntries(entries.filter((e) => e.per === "player" && has(seat.values, e.id)).map((e) => [e.id, seat.values[e.id]]));
      return { S, seat, n: rec.players.length, game, values: { ...game, ...own }, pieces, figs: {}, won: {}, seats: null, round: 0, byRound: {} };
    });
    const everyone = out.map((e) => e.pieces);
    for (const e of out) e.seats = everyone;
    return out;
  }

  // how many pieces; a bare count is that number
  const size = (v) => (typeof v === "number" ? v : v.reduce((a, p) => a + (typeof p === "number" ? p : 1), 0));

  // a piece list's value (`it`: a measure's pieces): its pieces, a bare count kept as a number among them
  function pieces(names, except, e, it) {
    const out = [];
    for (const name of names) {
      const part = name === IT ? it : e.pieces[name];
      if (typeof part === "number") out.push(part);
      else out.push(...part);
    }
    return except && except.length ? out.filter((p) => typeof p === "number" || !except.includes(p.collection)) : out;
  }

  function count(x, e, it) {
    let ps = pieces(x.count, x.except, e, it);
    if (given(x, "also")) { // the pieces that also stand in another entry's value of some seats
      const seats = x.whose === "any" ? e.seats : e.seats.filter((s) => (s === e.pieces) === (x.whose === "mine"));
      const there = new Set(seats.filter((s) => typeof s[x.also] !== "number").flatMap((s) => s[x.also].map((p) => p.id)));
      ps = ps.filter((p) => typeof p !== "number" && there.has(p.id));
    }
    if (x.mine) return ps.filter((p) => p.fields[x.field] === e.seat.id).length;
    if (given(x, "symbol")) return ps.reduce((a, p) => a + p.symbols.filter((s) => s === x.symbol).length, 0);
    if (given(x, "field")) {
      const wanted = given(x, "in") ? x.in : [x.is];
      return ps.filter((p) => wanted.includes(p.fields[x.field])).length;
    }
    return size(ps);
  }

  // value / by rounded down, up, or to the nearest (a half up)
  const divide = (v, b, rounding) => (rounding === "nearest" ? Math.floor((2 * v + b) / (2 * b)) : rounding === "up" ? Math.ceil(v / b) : Math.floor(v / b));
  const pair = (op) => (x, e, it, form) => op(expr(x[form][0], e, it), expr(x[form][1], e, it));
  const list = (combine) => (x, e, it, form) => combine(x[form].map((y) => expr(y, e, it)));

  // every form of docs/score-sheet.md -> how it is evaluated (calc.py's `_FORMS`, forms.FORMS)
  const FORMS = {
    sum: (x, e, it) => pieces(x.of, x.except, e, it).reduce((a, p) => a + p.fields[x.sum], 0),
    count,
    distinct(x, e, it) {
      const values = new Set(pieces(x.of, x.except, e, it).map((p) => p.fields[x.distinct]));
      return x.among ? x.among.filter((v) => values.has(v)).length : values.size;
    },
    measure(x, e, it) { // 0 when nothing is chosen: an entry not in play holds nothing (record.js, record.py)
      const chosen = e.values[x.measure];
      return chosen === null || chosen === undefined ? 0 : expr(e.S.R.measures[chosen], e, pieces(x.of, x.except, e, it));
    },
    holds: (x, e) => (e.game[x.holds] === e.seat.id ? 1 : 0),
    yes: (x, e) => (e.values[x.yes] ? 1 : 0),
    value: (x, e) => e.values[x.value],
    figure: (x, e) => e.figs[x.figure],
    won: (x, e) => e.won[x.won] || 0,
    table(x, e, it) { const v = expr(x.table, e, it); return x.points[Math.min(Math.max(v, 0), x.points.length - 1)]; },
    div: (x, e, it) => divide(expr(x.div, e, it), expr(x.by, e, it), x.round),
    if: (x, e, it) => (expr(x.if, e, it) !== 0 ? expr(x.then, e, it) : expr(x.else, e, it)),
    plus: list((vs) => vs.reduce((a, v) => a + v, 0)),
    times: list((vs) => vs.reduce((a, v) => a * v, 1)),
    least: list((vs) => Math.min(...vs)),
    most: list((vs) => Math.max(...vs)),
    minus: pair((a, b) => a - b),
    at_least: pair((a, b) => (a >= b ? 1 : 0)),
    at_most: pair((a, b) => (a <= b ? 1 : 0)),
    equal: pair((a, b) => (a === b ? 1 : 0)),
    abs: (x, e, it) => Math.abs(expr(x.abs, e, it)),
    member(x, e, it) { // 1 if the piece (an id, or the one chosen in a `choice` entry) is among the pieces
      const wanted = x.entry ? e.values[x.member] : x.member;
      return pieces(x.of, x.except, e, it).some((p) => typeof p !== "number" && p.id === wanted) ? 1 : 0;
    },
  };

  // an expression's value for a seat (its env) and `it`
  function expr(x, e, it) {
    if (typeof x === "number" || typeof x === "string" || Array.isArray(x)) return e.S.num(x, e.n, e.round);
    const form = formOf(x, FORMS);
    return FORMS[form](x, e, it, form);
  }

  // how one contest is decided (docs/score-sheet.md, "Deciding one contest"): measures by seat and the
  // seats that entered (null: those measuring > 0, or all with `zero_wins`) -> (prizes by seat; its first place)
  function award(S, contest, measures, seats, n, entered) {
    const prizes = contest.prizes.map((p) => S.num(p, n));
    const contenders = seats.filter((s) => (entered ? entered.includes(s.id) : measures[s.id] > 0 || contest.zero_wins));
    const levels = [...new Set(contenders.map((s) => measures[s.id]))].sort((a, b) => b - a);
    const points = {};
    let place = 0;
    for (const level of levels) {
      if (place >= prizes.length) break;
      const group = contenders.filter((s) => measures[s.id] === level);
      let share;
      if (group.length === 1 || contest.tie === "full") share = prizes[place];
      else if (contest.tie === "none") share = 0;
      else if (contest.tie === "split_place") share = divide(prizes[place], group.length, contest.rounding);
      else share = divide(prizes.slice(place, place + group.length).reduce((a, p) => a + p, 0), group.length, contest.rounding);
      if (share) for (const s of group) points[s.id] = share;
      place += group.length;
    }
    const first = levels.length ? contenders.filter((s) => measures[s.id] === levels[0]).map((s) => s.id) : [];
    return { points, first };
  }

  // a contest category run over the seats: its contests, each seat's prizes and firsts as the category's figure and `won`
  function contest(S, c, all, game) {
    const k = c.contest;
    const subjects = k.each ? [].concat(game[k.each] ?? []) : [c.id];
    const seats = all.map((e) => e.seat);
    const entered = given(k, "enters") ? all.filter((e) => expr(k.enters, e, null) !== 0).map((e) => e.seat.id) : null;
    const list = subjects.map((subject) => {
      const measures = {};
      for (const e of all) measures[e.seat.id] = k.each ? expr(S.R.measures[subject], e, pieces(k.of, [], e, null)) : expr(k.over, e, null);
      return { id: subject, counts: measures, entered, ...award(S, k, measures, seats, all.length ? all[0].n : 0, entered) };
    });
    for (const e of all) {
      e.figs[c.id] = list.reduce((a, x) => a + (x.points[e.seat.id] || 0), 0);
      e.won[c.id] = list.filter((x) => x.first.includes(e.seat.id)).length;
    }
    return list;
  }

  // the outcome from the ends each seat meets: the first end condition some seat meets, else `otherwise`;
  // the seats meeting it come first (result: win) or last (result: lose, an instant loss)
  function outcome(S, all) {
    const O = S.R.outcome;
    let result = { rank: "ranked", unfinished: "unfinished", win: "won", lose: "lost" }[O.otherwise.result];
    for (const end of O.ends) {
      const meeting = all.filter((e) => e.ended.includes(end.id));
      if (!meeting.length) continue;
      if (O.together) result = end.result === "win" ? "won" : "lost";
      else if (end.result === "rank") result = "ranked";
      else {
        const seats = new Set(meeting.map((e) => e.seat.id));
        return { outcome: "ended", end: end.id, first: end.result === "win" ? seats : new Set(), last: end.result === "lose" ? seats : new Set() };
      }
      return { outcome: result, end: end.id, first: new Set(), last: new Set() };
    }
    return { outcome: result, end: null, first: new Set(), last: new Set() };
  }

  // the first tie-break that leaves one leader, "shared" if none does, null if the total did
  function decider(S, ranked) {
    let leaders = ranked.filter((p) => p.total === ranked[0].total);
    if (leaders.length === 1) return null;
    for (const [i, tb] of S.R.ranking.tiebreaks.entries()) {
      const best = Math.max(...leaders.map((p) => p.key[i + 2]));
      leaders = leaders.filter((p) => p.key[i + 2] === best);
      if (leaders.length === 1) return tb.id;
    }
    return "shared";
  }

  // every seat's figures, in the sheet's steps
  function steps(S, all, sw, categories, game) {
    const byId = Object.fromEntries(categories.map((c) => [c.id, c]));
    const shown = categories.filter((c) => inPlay(c, sw));
    const contests = {};
    const STEPS = {
      category(id) { for (const e of all) e.figs[id] = inPlay(byId[id], sw) ? perRound(S, byId[id], e, (x) => expr(byId[id].points, x, null)) : 0; },
      contest(id) { if (inPlay(byId[id], sw)) contests[id] = contest(S, byId[id], all, game); else for (const e of all) e.figs[id] = 0; },
      figure(id) { for (const e of all) e.figs[id] = expr(S.R.figures[id], e, null); },
      total() { for (const e of all) e.figs[TOTAL] = shown.reduce((a, c) => a + e.figs[c.id], 0); },
    };
    for (const step of S.R.steps) {
      if (!has(STEPS, step.step)) throw new Error(`unknown step '${step.step}'`);
      STEPS[step.step](step.id);
    }
    return contests;
  }

  // every seat's points, figures and rank; `rec` must be legal (record.js checks it)
  function score(S, rec) {
    const sw = Scoring.sheet.switches(S, rec);
    const { categories } = Scoring.sheet.apply(S, sw, rec.players.length);
    const inPlayNow = categories.filter((c) => inPlay(c, sw));
    const all = envs(S, rec, sw, Scoring.seats.seats(S, rec));
    const contests = steps(S, all, sw, categories, all.length ? all[0].game : {});
    for (const e of all) e.ended = S.R.outcome.ends.filter((end) => expr(end.met, e, null) !== 0).map((end) => end.id);
    const { outcome: result, end, first, last } = outcome(S, all);
    const ranking = S.R.ranking;
    const signed = (e) => [ranking.lowest ? -e.figs.total : e.figs.total, ...ranking.tiebreaks.map((tb) => (tb.lowest ? -1 : 1) * e.figs[tb.figure])];
    const tallies = S.R.tallies.filter((x) => x.figure !== TOTAL).map((x) => x.figure);
    const scored = all.map((e) => ({
      seat: e.seat, total: e.figs.total, ended: e.ended,
      breakdown: Object.fromEntries(categories.map((c) => [c.id, e.figs[c.id]])), rounds: e.byRound,
      tallies: Object.fromEntries(tallies.map((f) => [f, e.figs[f]])),
      key: [first.has(e.seat.id) ? 1 : last.has(e.seat.id) ? -1 : 0, ...signed(e)],
    }));
    const greater = (a, b) => { for (let i = 0; i < a.length; i++) { if (a[i] !== b[i]) return a[i] > b[i]; } return false; };
    for (const p of scored) p.rank = 1 + scored.filter((q) => greater(q.key, p.key)).length;
    const ranked = [...scored].sort((a, b) => a.rank - b.rank);
    const tiebreak = result === "ranked" ? decider(S, ranked) : null;
    const checks = Object.fromEntries(S.R.checks.map((c) => [c.id, all.map((e) => roundValues(S, c, e, (x) => expr(c.each ?? c.all ?? c.seats, x, null)))]));
    const lostAll = last.size === all.length; // a lost seat never wins
    const winners = result === "unfinished" || result === "lost" || lostAll ? [] : ranked.filter((p) => p.rank === 1).map((p) => p.seat.id);
    const contestRows = inPlayNow.filter((c) => c.contest).map((c) => ({ category: c, key: c.contest.each || c.id, list: contests[c.id] }));
    return { categories: inPlayNow, players: ranked, contests: contestRows, winners, tiebreak, outcome: result, end, checks };
  }

  // entries read as pieces (not only counted) by what is in play: a bare count cannot stand for them
  function needsPieces(S, sw, n) {
    const { categories } = Scoring.sheet.apply(S, sw, n);
    const found = new Set();
    const walk = (x) => {
      if (Array.isArray(x)) { x.forEach(walk); return; }
      if (x === null || typeof x !== "object") return;
      if (has(x, "count") && !given(x, "field") && !given(x, "symbol")) return;
      for (const key of ["of", "count"]) if (Array.isArray(x[key])) for (const name of x[key]) if (name !== IT) found.add(name);
      Object.values(x).forEach(walk);
    };
    for (const c of categories.filter((c) => inPlay(c, sw))) { walk(c.points); walk(c.contest); }
    Object.values(S.R.figures).forEach(walk);
    return found;
  }

  return { FORMS, expr, divide, score, needsPieces };
})();
