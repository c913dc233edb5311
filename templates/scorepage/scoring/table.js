// A scored game shown: the score table's rows, why the winner won, and the JSON of `score --json`;
// as estoril_pnp/scoring/table.py.
"use strict";

Scoring.table = (() => {
  const { TOTAL } = Scoring.forms;

  // the score table's rows: a contest category has one row per contest ('points (measure)'), then the
  // tallies, the end conditions and the places; `t`: the page's words, filled with the pack's numbers
  function rows(S, result, t) {
    const lines = [];
    for (const c of result.categories) {
      if (c.contest) {
        for (const x of result.contests.find((r) => r.category === c).list) {
          const name = c.contest.each ? S.pieceById[x.id].name : t(c.label);
          const cell = (id) => (x.entered && !x.entered.includes(id) ? "—" : `${x.points[id] || 0} (${x.counts[id]})`); // a dash: did not enter
          lines.push({ label: name, cells: result.players.map((p) => cell(p.seat.id)) });
        }
      } else {
        for (let r = 1; c.round && r <= Scoring.rounds.count(S); r++) { // a row per round, before the round category's total
          lines.push({ label: t("score.round", { label: t(c.label), round: r }), cells: result.players.map((p) => String(p.rounds[c.id][r - 1])) });
        }
        lines.push({ label: t(c.label), cells: result.players.map((p) => String(p.breakdown[c.id])) });
      }
    }
    for (const tally of S.R.tallies) {
      const v = (p) => (tally.figure === TOTAL ? p.total : p.tallies[tally.figure]);
      lines.push({ label: t(tally.label), strong: tally.strong, cells: result.players.map((p) => String(v(p))) });
    }
    for (const end of S.R.outcome.ends) lines.push({ label: t(end.label), cells: result.players.map((p) => (p.ended.includes(end.id) ? "✓" : "")) });
    if (placed(S, result)) lines.push({ label: t("score.rank"), cells: result.players.map((p) => String(p.rank)) });
    return lines;
  }

  // places by the ranking alone: none in a game still going or lost by all, none by points where a
  // condition won it (its row is ticked above); after an instant loss, the places of those left
  function placed(S, result) {
    const lostAtOnce = result.outcome === "ended" && S.R.outcome.ends.some((e) => e.id === result.end && e.result === "lose");
    return !S.R.outcome.together && result.winners.length > 0 && (result.outcome === "ranked" || lostAtOnce);
  }

  // the words saying which rule decided: the deciding tie-break's, the shared win's, or the ranking's own
  function why(S, decider) {
    const ranking = S.R.ranking;
    if (decider === null) return ranking.why;
    return decider === "shared" ? ranking.shared.why : ranking.tiebreaks.find((tb) => tb.id === decider).why;
  }

  // the result in the shape of `score --json` (table.py's `to_json`)
  function toJson(S, result) {
    const R = S.R;
    const out = {
      categories: result.categories.map((c) => c.id),
      players: result.players.map((p) => ({
        colour: p.seat.id, name: p.seat.name, ...(R.teams || R.outcome.together ? { members: p.seat.members } : {}),
        total: p.total, breakdown: p.breakdown, ...(Scoring.rounds.roundCategories(S).length ? { rounds: Scoring.rounds.byRound(S, p.rounds) } : {}), ...p.tallies, rank: result.winners.length ? p.rank : null, ...(R.outcome.ends.length ? { ended: p.ended } : {}),
      })),
    };
    for (const r of result.contests) {
      out[r.key] = r.list.map((x) => ({
        id: x.id,
        counts: Object.fromEntries(result.players.map((p) => p.seat.id).sort((a, b) => S.colourOrder.indexOf(a) - S.colourOrder.indexOf(b)).map((c) => [c, x.counts[c]])),
        points: Object.fromEntries(Object.entries(x.points).filter(([, v]) => v !== 0)),
        ...(x.entered ? { entered: x.entered } : {}),
      }));
    }
    out.winners = result.winners;
    out.tiebreak = result.tiebreak;
    if (R.outcome.ends.length || R.outcome.otherwise.result !== "rank") Object.assign(out, { outcome: result.outcome, end: result.end });
    return out;
  }

  return { rows, why, toJson };
})();
