// The score sheet's reserved names and number values, and an expression's one form: as
// estoril_pnp/scoring/forms.py. The page's interpreter is one member of `Scoring` per file of
// templates/scorepage/scoring/ (and i18n/), each named after the Python module it mirrors; the
// page's export (estoril_pnp/export/scorepage.py) joins them in the order each needs the others.
"use strict";

const Scoring = {};

Scoring.forms = (() => {
  const PLAYERS = "players"; // the one number name that stays a name: the game's player count
  const ROUND = "round"; // inside a round, the other: the index of the round being scored, from 1
  const IT = "it"; // a measure's pieces
  const TOTAL = "total";
  const has = (o, k) => o !== null && typeof o === "object" && Object.prototype.hasOwnProperty.call(o, k);

  // a resolved number value for a game of `players` in round `round` (0: outside any round): an
  // integer, "players", "round", a sheet number's name, or a list of them (a sum)
  function evaluateNum(value, players, numbers, round = 0) {
    if (Array.isArray(value)) return value.reduce((a, v) => a + evaluateNum(v, players, numbers, round), 0);
    if (value === PLAYERS) return players;
    if (value === ROUND) return round;
    if (typeof value === "string") return numbers[value];
    return value;
  }

  // which of `forms` (an object keyed by form) a resolved expression is: its one key among them,
  // whatever that key's value, as form_of; a key of none of them (or of two) is named, never taken for another form
  function formOf(x, forms) {
    const found = Object.keys(x).filter((k) => has(forms, k));
    if (found.length !== 1) throw new Error(`unknown form ${(found.length ? found : Object.keys(x)).map((k) => `'${k}'`).join(", ") || "none"}`);
    return found[0];
  }

  return { PLAYERS, ROUND, IT, TOTAL, has, evaluateNum, formOf };
})();
