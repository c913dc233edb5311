// Rounds (`rounds:`): what is given, scored and checked once per round, as
// estoril_pnp/scoring/rounds.py. A round entry's value is a list, one number per round; a round
// category's points are its expression's summed over the rounds, each evaluated with `round` the
// round's index and every round entry read as that round's number; a round check is made in every round.
"use strict";

Scoring.rounds = (() => {
  // the ids of the entries given round by round
  const roundEntries = (S) => S.R.entries.filter((e) => e.round).map((e) => e.id);
  const count = (S) => (S.R.rounds ? S.R.rounds.count : 0);

  // `fn` for seat env `e` in round `r` (from 1): `round` is r and each round entry that round's number
  function inRound(e, r, entries, fn) {
    const values = e.values;
    e.round = r;
    e.values = { ...values };
    for (const id of entries) if (Object.prototype.hasOwnProperty.call(values, id)) e.values[id] = values[id][r - 1];
    try {
      return fn(e);
    } finally {
      e.values = values;
      e.round = 0;
    }
  }

  // a category's points for a seat: for a round category, its expression's summed over the rounds
  // (each round's points kept in `e.byRound`, as the table and the JSON show them)
  function perRound(S, c, e, fn) {
    if (!c.round) return fn(e);
    const entries = roundEntries(S);
    const points = [];
    for (let r = 1; r <= count(S); r++) points.push(inRound(e, r, entries, fn));
    e.byRound[c.id] = points;
    return points.reduce((a, v) => a + v, 0);
  }

  // the ids of the categories scored round by round
  const roundCategories = (S) => S.R.categories.filter((c) => c.round).map((c) => c.id);

  // each round category's points per round (every round 0 for one not in play), as table.py's `by_round`
  const byRound = (S, rounds) => Object.fromEntries(roundCategories(S).map((c) => [c, rounds[c] || Array(count(S)).fill(0)]));

  // a check's value for a seat; a round check's is a list, its value in each round
  function roundValues(S, c, e, fn) {
    if (!c.round) return fn(e);
    const entries = roundEntries(S);
    const out = [];
    for (let r = 1; r <= count(S); r++) out.push(inRound(e, r, entries, fn));
    return out;
  }

  return { roundEntries, roundCategories, count, inRound, perRound, roundValues, byRound };
})();
