// Who has a column, built here only: as estoril_pnp/scoring/seats.py. A record's player is a seat:
// a player, or in a team game a team; in a co-operative game the players are the members of the
// one seat, the team. `at`: the seat's place in the record (null: all of them).
"use strict";

Scoring.seats = (() => {
  const { TEAM } = Scoring.sheet;

  const seat = (p, at = null) => ({ id: p.colour, name: p.name ?? null, members: p.members || [], at, values: p });

  // a record's seats in the colours' order (which equal ranks keep), or a co-operative game's one team
  function seats(S, rec) {
    const placed = rec.players.map((p, i) => seat(p, i)).sort((a, b) => S.colourOrder.indexOf(a.id) - S.colourOrder.indexOf(b.id));
    if (S.R.outcome.together) return [{ id: TEAM, name: null, members: placed.map((s) => s.name || s.id), at: null, values: {} }];
    return placed;
  }

  const colourName = (S, id) => {
    const colour = S.colours.find((c) => c.id === id);
    return colour ? colour.name : String(id);
  };

  // a seat's heading: its colour (or the team) and its players' names, as the command line's table;
  // a co-operative team's member without a name by their colour's name (never its id)
  function label(S, s, t) {
    const name = s.id === TEAM ? t("score.team.name") : colourName(S, s.id);
    const members = s.members.map((m) => (s.id === TEAM && S.colours.some((c) => c.id === m) ? colourName(S, m) : m));
    const who = members.length ? members.join(", ") : s.name;
    return who ? `${name} (${who})` : name;
  }

  return { seat, seats, label, colourName };
})();
