// The resolved score sheet the page embeds, read once into what the other files ask of it (its
// pieces, entries, switches and numbers), and its changes applied: as the `Sheet` of
// estoril_pnp/scoring/sheet.py. The resolved sheet writes every optional key, null when unused.
"use strict";

Scoring.sheet = (() => {
  const { has, evaluateNum } = Scoring.forms;
  const given = (o, k) => has(o, k) && o[k] !== null;
  const clone = (x) => JSON.parse(JSON.stringify(x));
  const TEAM = "team"; // the one seat of a co-operative game
  const CONTEST = ["each", "of", "over", "prizes", "rounding", "zero_wins", "tie", "enters"]; // a change's keys that are its contest's

  // the page's data (D) -> the sheet as read: pieces with their names in the page's language
  function read(D) {
    const R = D.sheet;
    const lang = D.lang;
    const nameIn = (item) => (typeof item.name === "string" ? item.name : item.name[lang] ?? item.name.en ?? item.id);
    const collections = {};
    const pieceById = {}; // the first collection's piece of each id, as rules.owners
    const owners = {};
    for (const [cid, c] of Object.entries(R.pieces)) {
      collections[cid] = c.items.map((item) => ({ ...item, name: nameIn(item), names: item.name, collection: cid, aspect: D.aspects[cid] || 1 }));
      if (cid === "colours") continue;
      for (const p of collections[cid]) if (!has(pieceById, p.id)) { pieceById[p.id] = p; owners[p.id] = cid; }
    }
    const colours = collections.colours.map((c) => ({ id: c.id, name: c.name, names: c.names, shape: c.fields.shape, rgb: c.fields.rgb }));
    const S = {
      D, R, lang, collections, pieceById, owners, colours,
      colourOrder: colours.map((c) => c.id),
      switches: R.switches.map((s) => ({ ...s, players: s.players || { min: null, max: null } })),
      entries: R.entries.map((e) => ({ ...e, label: e.label || e.ask })), // as the page asks them
      entryById: Object.fromEntries(R.entries.map((e) => [e.id, e])),
      num: (v, n, round = 0) => evaluateNum(v, n, R.numbers, round),
    };
    // each entry's pieces by id, from its own collections (calc.py's `lookup`): two collections may share an id
    S.lookup = Object.fromEntries(R.entries.filter((e) => e.of).map((e) => [e.id, Object.fromEntries([].concat(e.of).flatMap((c) => collections[c]).map((p) => [p.id, p]))]));
    return S;
  }

  // a record's switches, each with its value: a variant named, an option given, else the sheet's default
  function switches(S, record) {
    const out = {};
    for (const s of S.switches) {
      if (s.kind === "variant") out[s.id] = record.variants.includes(s.id);
      else if (s.values && s.values.length) out[s.id] = has(record.options, s.id) ? record.options[s.id] : s.values[0];
      else out[s.id] = has(record.options, s.id) ? record.options[s.id] === true : false;
    }
    return out;
  }

  // whether a change's `when` holds: every switch at its value, the player count `n` within its bounds
  // (never while the count is unknown) (model.py's `applies`)
  const holds = (when, sw, n) => Object.entries(when).every(([k, v]) => (k === "players"
    ? n !== undefined && n !== null && (v.min === null || n >= v.min) && (v.max === null || n <= v.max)
    : sw[k] === v));

  // the categories and entries once every change whose `when` holds for `sw` and `n` players is made, in order (Sheet.apply)
  function apply(S, sw, n) {
    const categories = clone(S.R.categories);
    const entries = clone(S.R.entries);
    for (const change of S.R.changes) {
      if (!holds(change.when, sw, n)) continue;
      for (const [id, keys] of Object.entries(change.entries || {})) Object.assign(entries.find((e) => e.id === id), clone(keys));
      for (const [id, keys] of Object.entries(change.categories || {})) {
        const category = categories.find((c) => c.id === id);
        for (const [k, v] of Object.entries(clone(keys))) {
          if (category.contest && CONTEST.includes(k)) category.contest[k] = v;
          else category[k] = v;
        }
      }
    }
    return { categories, entries };
  }

  return { TEAM, has, given, read, switches, apply };
})();
