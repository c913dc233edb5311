// The rules of a game record, each written once: as estoril_pnp/scoring/rules.py (which entries and
// categories are in play, which seat has an entry, an entry's bounds, how many pieces exist, where a
// piece may stand only once, the player counts a switch allows, which pieces a seat may choose).
"use strict";

Scoring.rules = (() => {
  // whether an entry or category counts in this game: it names no switch, or its switch is on
  const inPlay = (item, sw) => item.when === null || item.when === undefined || sw[item.when] === true;
  // whether a seat has a `per: player` entry at all (`only` names the seats that do)
  const hasEntry = (e, seat) => !e.only || e.only.includes(seat);
  // a number entry's lowest and highest value for this many players (in round r, for a round entry)
  const bounds = (S, e, n, r = 0) => [S.num(e.min ?? 0, n, r), S.num(e.max, n, r)];
  // a number entry's value when a record leaves it out, or null if it must be given
  const defaultOf = (S, e, n, r = 0) => (e.default === null || e.default === undefined ? null : S.num(e.default, n, r));
  // the most pieces a `pieces` entry may list for this many players, or null for no limit of its own
  const most = (S, e, n) => (e.most === null || e.most === undefined ? null : S.num(e.most, n));
  // how many pieces a `choices` entry takes for this many players, [least, most]: exactly its `count`,
  // else from its `least` (default none) to its `most` (default every piece of its collection)
  function choosable(S, e, n) {
    if (e.count !== null && e.count !== undefined) return [S.num(e.count, n), S.num(e.count, n)];
    const every = [].concat(e.of).reduce((a, c) => a + S.collections[c].length, 0);
    // all different: never more than there are, whatever `most` says (rules.py: choosable)
    return [e.least === null || e.least === undefined ? 0 : S.num(e.least, n), e.most === null || e.most === undefined ? every : Math.min(S.num(e.most, n), every)];
  }
  // how many pieces of these collections one seat can hold, and all seats together
  const room = (S, cols, seats) => [
    cols.reduce((a, c) => a + S.collections[c].length, 0),
    cols.reduce((a, c) => a + S.collections[c].length * (S.R.pieces[c].once === "player" ? seats : 1), 0),
  ];
  // where a piece may stand only once (its first collection's `once`): "game", "player", or "any"
  // (as often as wished; the colours are seats)
  const once = (S, id) => (Object.prototype.hasOwnProperty.call(S.owners, id) ? S.R.pieces[S.owners[id]].once : "any");
  // whether a switch allows this many players (0: none chosen yet, any switch may be set)
  const allowed = (S, s, n) => (s.players.min === null || n >= S.num(s.players.min, n) || n === 0) && (s.players.max === null || n <= S.num(s.players.max, n));

  // whether a seat may choose a piece for a choice entry: any, or with `mine: FIELD` one whose FIELD is the seat's colour id
  const mayChoose = (S, e, id, seat) => !e.mine || (Object.prototype.hasOwnProperty.call(S.pieceById, id) && S.pieceById[id].fields[e.mine] === seat);

  return { inPlay, hasEntry, bounds, defaultOf, most, room, once, allowed, choosable, mayChoose };
})();
