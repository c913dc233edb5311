// A game record checked against the sheet, every refusal in the page's words: as
// estoril_pnp/scoring/record.py. `resolve` reads the raw data (as read from YAML) into a record of
// ids (types, names, each value on its own); `check` finds what the command line refuses in it.
"use strict";

Scoring.record = (() => {
  const { has } = Scoring.sheet;
  const { fold, near } = Scoring.folding;
  const R_ = Scoring.rules;
  const rounds = (S) => Array.from({ length: Scoring.rounds.count(S) }, (_, i) => i + 1); // 1 … count

  // names as the command line matches them (fold); a part of a name if it fits one thing only
  function matcher(things) {
    const aliases = new Map();
    for (const [id, names] of things) {
      for (const a of [id, ...names]) {
        const k = fold(a);
        if (!k) continue;
        if (!aliases.has(k)) aliases.set(k, new Set());
        aliases.get(k).add(id);
      }
    }
    const order = things.map(([id]) => id);
    return (text) => {
      const k = fold(text);
      let found = aliases.get(k);
      if (!found) {
        found = new Set();
        if (k) for (const [a, ids] of aliases) if (a.includes(k)) ids.forEach((i) => found.add(i));
      }
      return [...found].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    };
  }

  // the sheet's matchers of colours, switches and each collection's pieces, made once per sheet
  function matchers(S) {
    if (S.match) return S.match;
    const allNames = (names) => (typeof names === "string" ? [names] : Object.values(names || {}));
    const piece = {};
    for (const cid of Object.keys(S.collections)) piece[cid] = matcher(S.collections[cid].map((p) => [p.id, allNames(p.names)]));
    S.match = {
      colour: matcher(S.colours.map((c) => [c.id, allNames(c.names)])),
      switch: matcher(S.switches.map((s) => [s.id, Object.values(S.R.texts).map((tx) => tx[s.label]).filter((x) => typeof x === "string")])),
      piece,
    };
    return S.match;
  }

  // the value of an entry a seat does not have (`only`): nothing done, nothing held
  function empty(S, e, n) {
    if (e.kind === "yesno") return false;
    if (e.round) return rounds(S).map((r) => S.num(e.min, n, r));
    if (e.kind === "number") return S.num(e.min, n);
    return e.kind === "choice" ? null : [];
  }

  // one reading of raw data: its faults, and how a name or a key is read
  function reading(S, t) {
    const faults = [];
    const fault = (path, key, values = {}) => faults.push(`${path}: ${t(key, values)}`);
    const one = (match, text, path, what) => {
      if (typeof text !== "string") { fault(path, "scorepage.refuse.type", { what, expected: t("scorepage.want.name") }); return null; }
      const found = match(text);
      if (found.length === 1) return found[0];
      fault(path, found.length ? "scorepage.refuse.ambiguous" : "scorepage.refuse.unknown", { what, text });
      return null;
    };
    // a key not in `allowed`: said with the key it may have meant, which is then not also missing
    const unknownKeys = (raw, allowed, at) => {
      const absent = [...allowed].filter((k) => !has(raw, k)).sort();
      const meant = new Set();
      for (const k of Object.keys(raw)) {
        if (allowed.has(k)) continue;
        const close = near(k, absent);
        if (close !== null) meant.add(close);
        fault(at ? `${at}.${k}` : k, close !== null ? "scorepage.refuse.key_meant" : "scorepage.refuse.key", { key: close });
      }
      return meant;
    };
    return { S, t, faults, fault, one, unknownKeys, match: matchers(S) };
  }

  // a record's variants and options, read into `rec`
  function readSwitches(r, data, rec) {
    const { S, t, fault, one } = r;
    (Array.isArray(data.variants) ? data.variants : data.variants == null ? [] : [null]).forEach((v, i) => {
      const id = one(r.match.switch, v, `variants.${i}`, t("scorepage.variants"));
      if (id && S.switches.find((s) => s.id === id).kind !== "variant") fault(`variants.${i}`, "scorepage.refuse.unknown", { what: t("scorepage.variants"), text: v });
      else if (id && !rec.variants.includes(id)) rec.variants.push(id);
    });
    if (data.options != null && (typeof data.options !== "object" || Array.isArray(data.options))) fault("options", "scorepage.refuse.shape");
    for (const [k, v] of Object.entries(data.options || {})) {
      const s = S.switches.find((x) => x.id === k && x.kind === "option");
      if (!s || (s.values && s.values.length ? !s.values.includes(v) : typeof v !== "boolean")) fault(`options.${k}`, "scorepage.refuse.unknown", { what: t("scorepage.options"), text: `${k}: ${v}` });
      else rec.options[k] = v;
    }
  }

  function pieceList(r, e, v, path) {
    const cols = Array.isArray(e.of) ? e.of : [e.of];
    const find = (text) => cols.flatMap((c) => r.match.piece[c](text));
    return v.map((x, j) => r.one(find, x, `${path}.${j}`, r.t(e.label)) ?? "");
  }

  function readHolders(r, e, v, path) {
    const { S, t, fault, one } = r;
    if (typeof v !== "object" || Array.isArray(v)) { fault(path, "scorepage.refuse.type", { what: t(e.label), expected: t("scorepage.want.holders") }); return {}; }
    const out = {};
    for (const [text, holder] of Object.entries(v)) {
      if (holder === null) continue;
      const piece = one((x) => r.match.piece[e.of[0]](x), text, `${path}.${text}`, t(e.label));
      const seat = one(r.match.colour, holder, `${path}.${text}`, t(S.R.teams ? "scorepage.teams" : "scorepage.players"));
      if (piece && has(out, piece)) fault(`${path}.${text}`, "scorepage.refuse.twice", { card: S.pieceById[piece].name, where: path });
      else if (piece && seat) out[piece] = seat;
    }
    return out;
  }

  // an entry's raw value read as the entry's kind, with the faults of that value on its own (its
  // bounds, its limit, a piece it may not name), listed with the record's other faults, not after
  // they are mended, as record.py's `value` finds them; `seat`, the colour of the seat it is for
  function readValue(r, e, v, path, seat = null) {
    const before = r.faults.length;
    const value = readKind(r, e, v, path);
    if (r.faults.length > before) return value; // a value not read says its one fault
    const { S, t, n } = r;
    // what `check` finds again in a record read whole (a seat's list and choice, the game's count,
    // every number) leaves the record to it; any other refuses the record here
    const again = e.kind === "number" || (e.per === "player") === (e.kind !== "choices");
    const fault = (...args) => { if (again) r.own += 1; r.fault(...args); };
    const own = r.eff.entries.find((x) => x.id === e.id); // as the switches change it
    if (e.kind === "number" && e.round) { // each round's number at its place in the list, as record.py says it
      for (const x of rounds(S)) {
        const [lo, hi] = R_.bounds(S, own, n, x);
        const y = value[x - 1];
        if (y < lo || y > hi) fault(`${path}.${x - 1}`, "scorepage.refuse.number", { what: t("score.round", { label: t(e.label), round: x }), min: lo, max: hi });
      }
    } else if (e.kind === "number") {
      const [lo, hi] = R_.bounds(S, own, n);
      if (value < lo || value > hi) fault(path, "scorepage.refuse.number", { what: t(e.label), min: lo, max: hi });
    } else if (e.kind === "pieces" && Array.isArray(value)) {
      const most = R_.most(S, own, n);
      if (most !== null && value.length > most) fault(path, "scorepage.refuse.most", { most, what: t(e.label) });
    } else if (e.kind === "choices" && own.count !== null && own.count !== undefined && value.length !== S.num(own.count, n)) {
      fault(path, "scorepage.refuse.count", { what: t(e.label), n: value.length, count: S.num(own.count, n) });
    } else if (e.kind === "choice" && value !== null && (e.except || []).includes(value)) {
      fault(path, "scorepage.refuse.except", { card: S.pieceById[value].name });
    } else if (e.kind === "choice" && value !== null && seat !== null && S.colourOrder.includes(seat) && !R_.mayChoose(S, e, value, seat)) {
      fault(path, "scorepage.refuse.except", { card: S.pieceById[value].name }); // another seat's (`mine`)
    }
    return value;
  }

  function readKind(r, e, v, path) {
    const { t, fault, one } = r;
    if (e.kind === "pieces") {
      if (e.count_ok && Number.isInteger(v) && v >= 0) return v;
      if (Array.isArray(v)) return pieceList(r, e, v, path);
      fault(path, "scorepage.refuse.type", { what: t(e.label), expected: t(e.count_ok ? "scorepage.want.count" : "scorepage.want.names") });
      return [];
    }
    if (e.kind === "choice") return one((x) => [].concat(e.of).flatMap((c) => r.match.piece[c](x)), v, path, t(e.label));
    if (e.kind === "choices") {
      if (!Array.isArray(v)) { fault(path, "scorepage.refuse.type", { what: t(e.label), expected: t("scorepage.want.names") }); return []; }
      return pieceList(r, e, v, path);
    }
    if (e.kind === "holder") return v == null ? null : one(r.match.colour, v, path, t(e.label));
    if (e.kind === "holders") return readHolders(r, e, v, path);
    if (e.round) { // a list, one whole number per round
      if (!Array.isArray(v) || v.length !== Scoring.rounds.count(r.S) || !v.every(Number.isInteger)) fault(path, "scorepage.refuse.type", { what: t(e.label), expected: t("scorepage.want.rounds", { count: Scoring.rounds.count(r.S) }) });
      return v;
    }
    if (e.kind === "number") { if (!Number.isInteger(v)) fault(path, "scorepage.refuse.type", { what: t(e.label), expected: t("scorepage.want.number") }); return v; }
    if (e.kind === "yesno") {
      // true/false, or a yes or no word of the pack's languages (i18n/answers.py: record_words)
      const meaning = typeof v === "string" ? (r.S.D.answers || {})[fold(v)] : v;
      if (typeof meaning !== "boolean") fault(path, "scorepage.refuse.type", { what: t(e.label), expected: t("scorepage.want.yesno") });
      return meaning === true;
    }
    return v;
  }

  // one raw player (or team) read into a record's player
  function readPlayer(r, raw, i, n, sw) {
    const { S, t, fault } = r;
    const path = `players.${i}`;
    if (raw === null || typeof raw !== "object" || Array.isArray(raw)) { fault(path, "scorepage.refuse.shape"); return null; }
    const mine = S.entries.filter((x) => x.per === "player");
    const meant = r.unknownKeys(raw, new Set(["colour", "name", ...(S.R.teams ? ["members"] : []), ...mine.map((x) => x.id)]), path);
    const colour = !has(raw, "colour") && meant.has("colour") ? "" : r.one(r.match.colour, raw.colour, `${path}.colour`, t(S.R.teams ? "scorepage.teams" : "scorepage.players"));
    const p = { colour: colour ?? String(raw.colour), name: null };
    if (raw.name != null) {
      if (typeof raw.name !== "string" || raw.name.length > 100) fault(`${path}.name`, "scorepage.refuse.type", { what: t("scorepage.name"), expected: t("scorepage.want.name") });
      else p.name = raw.name;
    }
    if (S.R.teams) {
      if (!has(raw, "members") && meant.has("members")) p.members = [];
      else if (!Array.isArray(raw.members) || raw.members.some((m) => typeof m !== "string" || m.length > 100)) fault(`${path}.members`, "scorepage.refuse.type", { what: t("scorepage.members"), expected: t("scorepage.want.names") });
      else p.members = raw.members;
    }
    for (const e of mine) {
      const on = R_.inPlay(e, sw);
      if (!R_.hasEntry(e, p.colour)) {
        // a seat the file names wrongly is said once: whose row this is cannot be known
        if (has(raw, e.id) && colour !== null) fault(`${path}.${e.id}`, "scorepage.refuse.only", { what: t(e.label) });
        if (on) p[e.id] = empty(S, e, n);
        continue;
      }
      const fallback = e.kind !== "number" || R_.defaultOf(S, e, n) === null ? null : e.round ? rounds(S).map((x) => R_.defaultOf(S, e, n, x)) : R_.defaultOf(S, e, n);
      // null is no value: a number or yes/no given as null is not given (as record.py reads it)
      const given = has(raw, e.id) && !(raw[e.id] === null && (e.kind === "number" || e.kind === "yesno"));
      if (!given && on && fallback !== null) { p[e.id] = fallback; continue; }
      if (!given) { if (on && e.kind !== "yesno" && !meant.has(e.id)) fault(path, "scorepage.refuse.missing", { what: t(e.label) }); continue; }
      if (!on) { fault(`${path}.${e.id}`, "scorepage.refuse.off", { what: t(e.label) }); continue; }
      p[e.id] = readValue(r, e, raw[e.id], `${path}.${e.id}`, p.colour);
    }
    return p;
  }

  // the game's own entries read into `rec`
  function readGame(r, data, rec, meantTop, sw) {
    const { S, t, fault } = r;
    const n = data.players.length;
    for (const e of S.entries.filter((x) => x.per === "game")) {
      const on = R_.inPlay(e, sw);
      if (!has(data, e.id) || data[e.id] === null) {
        const said = meantTop.has(e.id); // a misspelling of it is the one fault
        if ((e.kind === "choices" || e.kind === "choice") && on && !said) fault(e.id, "scorepage.refuse.missing", { what: t(e.label) });
        if (e.kind === "number" && e.default !== null && on) rec[e.id] = R_.defaultOf(S, e, n);
        else if (e.kind === "number" && on && !said) fault(e.id, "scorepage.refuse.missing", { what: t(e.label) });
        else rec[e.id] = e.kind === "choices" ? [] : e.kind === "holders" ? {} : null;
        continue;
      }
      if (!on) { fault(e.id, "scorepage.refuse.off", { what: t(e.label) }); continue; }
      rec[e.id] = readValue(r, e, data[e.id], e.id);
    }
  }

  // raw data (as read from YAML) -> a record of ids, or faults: types, names, and each value's own
  // bounds and the number of seats, said with them; where every name and type is read, the record
  // too, for `check` to find those again with what needs the whole record (a piece named twice)
  function resolve(S, data, t) {
    const r = reading(S, t);
    if (data === null || typeof data !== "object" || Array.isArray(data) || !Array.isArray(data.players)) {
      return { faults: [t("scorepage.refuse.shape")], record: null };
    }
    // how many seats the game takes, said with the values' faults: it needs no value read
    const n = data.players.length;
    r.own = 0; // faults `check` finds again in a record whose names and types are read
    if (n < S.num(S.R.players.min, n) || n > S.num(S.R.players.max, n)) {
      r.faults.push(seatsRefusal(S, n, t));
      r.own += 1;
    }
    const known = new Set(["players", "variants", "options", ...S.entries.filter((e) => e.per === "game").map((e) => e.id)]);
    const meantTop = r.unknownKeys(data, known, "");
    const rec = { players: [], variants: [], options: {} };
    readSwitches(r, data, rec);
    const sw = Scoring.sheet.switches(S, rec);
    r.n = n;
    r.eff = Scoring.sheet.apply(S, sw, n);
    data.players.forEach((raw, i) => {
      const p = readPlayer(r, raw, i, data.players.length, sw);
      if (p !== null) rec.players.push(p);
    });
    readGame(r, data, rec, meantTop, sw);
    // a record read whole goes on to `check`, which says its values' faults with the rest
    return { faults: r.faults, record: r.faults.length > r.own ? null : rec };
  }

  // `n` seats refused, in the words of the game's seats (players or teams), "exactly" when their number is fixed
  function seatsRefusal(S, n, t) {
    const [min, max] = [S.num(S.R.players.min, n), S.num(S.R.players.max, n)];
    const seats = S.R.teams ? "scorepage.teams" : "scorepage.players";
    if (n === 0) return t("scorepage.missing.seats", { what: t(seats) }); // nothing tapped yet: the section's own hint says how
    return t(`${S.R.teams ? "scorepage.refuse.teams" : "scorepage.refuse.players"}${min === max ? "_exact" : ""}`, { n, min, max });
  }

  // the record's seats, switches and game entries checked
  function checkGame(c, rec) {
    const { S, t, fault, n, sw, eff } = c;
    if (n < S.num(S.R.players.min, n) || n > S.num(S.R.players.max, n)) c.faults.push(seatsRefusal(S, n, t));
    for (const s of S.switches) {
      if (!(sw[s.id] === true || (s.values && s.values.length && has(rec.options, s.id)))) continue;
      if (!R_.allowed(S, s, n) || (n === 0 && s.players.min !== null)) fault("", "scorepage.refuse.switch_players", { what: t(s.label), min: s.players.min ?? "", max: s.players.max ?? "" });
    }
    const playing = (id) => rec.players.some((p) => p.colour === id); // only a seat in the game holds anything
    const seen = new Map();
    rec.players.forEach((p, i) => {
      if (!S.colourOrder.includes(p.colour)) fault(`players.${i}.colour`, "scorepage.refuse.unknown", { what: t(S.R.teams ? "scorepage.teams" : "scorepage.players"), text: p.colour });
      if (seen.has(p.colour)) fault(`players.${i}.colour`, "scorepage.refuse.twice", { card: Scoring.seats.colourName(S, p.colour), where: `players.${seen.get(p.colour)}` });
      seen.set(p.colour, i);
    });
    for (const e of eff.entries.filter((x) => x.per === "game" && R_.inPlay(x, sw))) {
      const v = rec[e.id];
      if (e.kind === "choices") {
        chosen(c, e, v, "");
        v.forEach((id, j) => c.once(id, `${e.id}.${j}`, null));
      } else if ((e.kind === "choice" || e.kind === "number") && (v === null || v === undefined)) fault("", "scorepage.refuse.missing", { what: t(e.label) });
      else if (e.kind === "choice") c.once(v, e.id, null);
      else if (e.kind === "number") {
        const [lo, hi] = R_.bounds(S, e, n);
        if (v < lo || v > hi) fault("", "scorepage.refuse.number", { what: t(e.label), min: lo, max: hi });
      } else if (e.kind === "holder" && v !== null && !playing(v)) fault(e.id, "scorepage.refuse.holder", { what: t(e.label), text: Scoring.seats.colourName(S, v) });
      else if (e.kind === "holders") {
        for (const [piece, seat] of Object.entries(v || {})) {
          if (!playing(seat)) fault(`${e.id}.${piece}`, "scorepage.refuse.holder", { what: t(e.label), text: Scoring.seats.colourName(S, seat) });
        }
      }
    }
  }

  // a `choices` entry's pieces, as many as it takes (rules.js: choosable)
  function chosen(c, e, v, at) {
    const [low, high] = R_.choosable(c.S, e, c.n);
    if (v.length < low || (low === high && v.length !== low)) c.fault(at, "scorepage.refuse.count", { what: c.t(e.label), n: v.length, count: low });
    else if (v.length > high) c.fault(at, "scorepage.refuse.most", { most: high, what: c.t(e.label) });
  }

  // one seat's members and entries checked
  function checkPlayer(c, p) {
    const { S, t, fault, n, sw, eff } = c;
    const teams = S.R.teams;
    const who = Scoring.seats.label(S, Scoring.seats.seat(p), t);
    const members = (p.members || []).length;
    if (teams && (members < teams.min || members > teams.max)) {
      fault(who, teams.min === teams.max ? "scorepage.refuse.members_exact" : "scorepage.refuse.members", { n: members, min: teams.min, max: teams.max });
    }
    for (const e of eff.entries.filter((x) => x.per === "player" && R_.inPlay(x, sw) && R_.hasEntry(x, p.colour))) {
      const v = p[e.id];
      const at = `${who}: ${t(e.label)}`;
      if (e.kind === "pieces") {
        if (typeof v === "number") {
          if (c.needed.has(e.id)) fault(at, "scorepage.refuse.list_needed");
        } else {
          const most = R_.most(S, e, n);
          if (most !== null && v.length > most) fault(at, "scorepage.refuse.most", { most, what: t(e.label) });
          v.forEach((id, j) => c.once(id, `${who}: ${t(e.label)} ${j + 1}`, p.colour));
        }
      } else if (e.kind === "choices") {
        chosen(c, e, v, at);
        v.forEach((id, j) => c.once(id, `${at} ${j + 1}`, p.colour));
      } else if (e.kind === "choice") {
        if (v === null || v === undefined) fault(who, "scorepage.refuse.missing", { what: t(e.label) });
        else if ((e.except || []).includes(v) || !R_.mayChoose(S, e, v, p.colour)) fault(at, "scorepage.refuse.except", { card: S.pieceById[v].name });
        else c.once(v, at, p.colour);
      } else if (e.kind === "number" && e.round) { // each round within that round's bounds
        for (const r of rounds(S)) {
          const [lo, hi] = R_.bounds(S, e, n, r);
          const what = t("score.round", { label: t(e.label), round: r });
          const x = (v || [])[r - 1];
          if (x === null || x === undefined) fault(who, "scorepage.refuse.missing", { what });
          else if (x < lo || x > hi) fault(who, "scorepage.refuse.number", { what, min: lo, max: hi });
        }
      } else if (e.kind === "number") {
        const [lo, hi] = R_.bounds(S, e, n);
        if (v === null || v === undefined) fault(who, "scorepage.refuse.missing", { what: t(e.label) });
        else if (v < lo || v > hi) fault(who, "scorepage.refuse.number", { what: t(e.label), min: lo, max: hi });
      }
    }
  }

  // more pieces held (or counted) than exist: the number that exist, else 0
  function tooMany(S, players) {
    const size = (v) => (typeof v === "number" ? v : Array.isArray(v) ? v.length : 0);
    const pieceEntries = S.entries.filter((e) => e.per === "player" && e.kind === "pieces");
    const groups = new Map();
    for (const e of pieceEntries) groups.set(e.of.join(","), e.of);
    for (const cols of groups.values()) {
      const mine = (p) => pieceEntries.filter((e) => e.of.join(",") === cols.join(",")).reduce((a, e) => a + size(p.entries[e.id]), 0);
      const [perPlayer, all] = R_.room(S, cols, players.length);
      for (const p of players) if (mine(p) > perPlayer) return perPlayer;
      if (players.reduce((a, p) => a + mine(p), 0) > all) return all;
    }
    return 0;
  }

  // a record of ids -> its faults as the command line finds them (in the page's words)
  function check(S, rec, t) {
    const faults = [];
    const fault = (path, key, values = {}) => faults.push(path ? `${path}: ${t(key, values)}` : t(key, values));
    const sw = Scoring.sheet.switches(S, rec);
    // pieces named more often than their collection allows
    const places = { game: new Map() };
    const once = (id, path, player) => {
      if (!id) return;
      const where = R_.once(S, id);
      if (where === "any") return;
      const scope = where === "player" ? (places[player] = places[player] || new Map()) : places.game;
      if (scope.has(id)) fault(path, "scorepage.refuse.twice", { card: S.pieceById[id].name, where: scope.get(id) });
      else scope.set(id, path);
    };
    const c = { S, t, faults, fault, once, n: rec.players.length, sw, eff: Scoring.sheet.apply(S, sw, rec.players.length), needed: Scoring.calc.needsPieces(S, sw, rec.players.length) };
    checkGame(c, rec);
    rec.players.forEach((p) => checkPlayer(c, p));
    const most = tooMany(S, rec.players.map((p) => ({ entries: p })));
    if (most) fault("", "scorepage.refuse.too_many", { n: most });
    const result = faults.length ? null : sheetChecks(S, rec, fault, t);
    // the result, where the sheet's checks scored it already: a caller need not score it again
    return { faults, record: faults.length ? null : rec, result: faults.length ? null : result };
  }

  // the sheet's own checks (`checks:`) on the scored record, as record.py makes them
  function sheetChecks(S, rec, fault, t) {
    if (!S.R.checks.length) return null;
    const n = rec.players.length;
    const result = Scoring.calc.score(S, rec);
    const seats = Scoring.seats.seats(S, rec);
    for (const c of S.R.checks) {
      const values = result.checks[c.id];
      if (c.round) rounds(S).forEach((r) => checkOne(S, c, values.map((v) => v[r - 1]), seats, n, r, fault, t));
      else checkOne(S, c, values, seats, n, 0, fault, t);
    }
    return result;
  }

  // one check in one round (0: a check not made round by round): the first fault it finds
  function checkOne(S, c, values, seats, n, r, fault, t) {
    const low = c.least === null ? null : S.num(c.least, n, r);
    const high = c.most === null ? null : S.num(c.most, n, r);
    const found = c.each !== null ? values.map((v, i) => [seats[i], v]) : [[null, c.all !== null ? values.reduce((a, v) => a + v, 0) : values.filter((v) => v !== 0).length]];
    const bad = found.find(([, v]) => (low !== null && v < low) || (high !== null && v > high));
    if (bad) {
      const who = bad[0] && bad[0].at !== null ? Scoring.seats.label(S, bad[0], t) : "";
      fault(who, c.message, { value: bad[1], least: low ?? "", most: high ?? "", ...(r ? { round: r } : {}) });
    }
  }

  return { resolve, check, seatsRefusal, tooMany };
})();
