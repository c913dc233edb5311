// A small interpreter of the score sheet's vocabulary (docs/score-sheet.md), over the resolved
// sheet the page embeds: the record checked as the command line checks it, then scored as the
// Python scorer scores it. Nothing here knows a particular game.
"use strict";

const Game = (() => {
  const has = (o, k) => o !== null && typeof o === "object" && Object.prototype.hasOwnProperty.call(o, k);
  const given = (o, k) => has(o, k) && o[k] !== null; // the resolved sheet writes every optional key, null when unused
  const clone = (x) => JSON.parse(JSON.stringify(x));
  const TEAM = "team"; // the one seat of a co-operative game
  // a typed name as it meets others, in estoril_pnp/i18n/folding.py's steps: NFKD, lower case,
  // ß as ss and ς as σ, letters and digits only
  const fold = (text) => String(text).normalize("NFKD").toLowerCase().replace(/ß/g, "ss").replace(/ς/g, "σ").replace(/[^\p{L}\p{N}]/gu, "");

  // difflib's SequenceMatcher(None, a, b).ratio() (no junk: names are short): twice the letters of
  // the matching blocks, found longest first as difflib finds them, over both lengths
  function ratio(a, b) {
    const where = new Map();
    [...b].forEach((ch, j) => { if (!where.has(ch)) where.set(ch, []); where.get(ch).push(j); });
    const longest = (alo, ahi, blo, bhi) => {
      let [bi, bj, size] = [alo, blo, 0];
      let lens = new Map();
      for (let i = alo; i < ahi; i++) {
        const next = new Map();
        for (const j of where.get(a[i]) || []) {
          if (j < blo) continue;
          if (j >= bhi) break;
          const k = (lens.get(j - 1) || 0) + 1;
          next.set(j, k);
          if (k > size) [bi, bj, size] = [i - k + 1, j - k + 1, k];
        }
        lens = next;
      }
      return [bi, bj, size];
    };
    let matched = 0;
    const queue = [[0, a.length, 0, b.length]];
    while (queue.length) {
      const [alo, ahi, blo, bhi] = queue.pop();
      const [i, j, k] = longest(alo, ahi, blo, bhi);
      if (!k) continue;
      matched += k;
      if (alo < i && blo < j) queue.push([alo, i, blo, j]);
      if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
    }
    return a.length + b.length ? (2 * matched) / (a.length + b.length) : 1;
  }
  // what `word` may be a slip for, as estoril_pnp/i18n/folding.py's `near`: the choice most alike
  // (difflib's get_close_matches, cutoff 0.6), if it is about as long; else null
  function near(word, choices) {
    if (word.length > NEAR_MOST) return null;
    const scored = choices.filter((c) => c.length <= NEAR_MOST).map((c) => [ratio(c, word), c]).filter(([r]) => r >= 0.6);
    scored.sort((x, y) => y[0] - x[0] || (x[1] < y[1] ? 1 : x[1] > y[1] ? -1 : 0));
    const best = scored.length ? scored[0][1] : null;
    return best !== null && 3 * Math.min(best.length, word.length) >= 2 * Math.max(best.length, word.length) ? best : null;
  }
  const NEAR_MOST = 100; // longer words get no suggestion (difflib treats long texts its own way)

  function of(D) {
    const R = D.sheet;
    const lang = D.lang;
    const nameIn = (item) => (typeof item.name === "string" ? item.name : item.name[lang] ?? item.name.en ?? item.id);
    const collections = {};
    const pieceById = {};
    const collectionOf = {};
    for (const [cid, c] of Object.entries(R.pieces)) {
      collections[cid] = c.items.map((item) => ({ ...item, name: nameIn(item), names: item.name, collection: cid, aspect: D.aspects[cid] || 1 }));
      if (cid === "colours") continue;
      for (const p of collections[cid]) if (!has(pieceById, p.id)) { pieceById[p.id] = p; collectionOf[p.id] = cid; }
    }
    const colours = collections.colours.map((c) => ({ id: c.id, name: c.name, names: c.names, shape: c.fields.shape, rgb: c.fields.rgb }));
    const colourOrder = colours.map((c) => c.id);
    const switches = R.switches.map((s) => ({ ...s, players: s.players || { min: null, max: null } }));
    const entryById = Object.fromEntries(R.entries.map((e) => [e.id, e]));

    // ---- numbers and switches
    function num(v, n) {
      if (Array.isArray(v)) return v.reduce((a, x) => a + num(x, n), 0);
      if (v === "players") return n;
      if (typeof v === "string") return D.sheet.numbers[v];
      return v;
    }
    function switchValues(record) {
      const out = {};
      for (const s of switches) {
        if (s.kind === "variant") out[s.id] = record.variants.includes(s.id);
        else if (s.values && s.values.length) out[s.id] = has(record.options, s.id) ? record.options[s.id] : s.values[0];
        else out[s.id] = has(record.options, s.id) ? record.options[s.id] === true : false;
      }
      return out;
    }
    const on = (sw, id) => id === null || id === undefined || sw[id] === true;

    // ---- the rules of a record, each in one place (as estoril_pnp/scoring/rules.py)
    const hasEntry = (e, seat) => !e.only || e.only.includes(seat); // `only` names the seats that have it
    const range = (e, n) => [num(e.min ?? 0, n), num(e.max, n)]; // a number entry's bounds
    const defaultOf = (e, n) => (e.default === null || e.default === undefined ? null : num(e.default, n));
    const mostOf = (e, n) => (e.most === null || e.most === undefined ? null : num(e.most, n)); // a pieces entry's own limit
    // how many pieces of these collections one seat can hold, and all seats together
    const room = (cols, seats) => [
      cols.reduce((a, c) => a + collections[c].length, 0),
      cols.reduce((a, c) => a + collections[c].length * (R.pieces[c].once === "player" ? seats : 1), 0),
    ];
    // where a piece may stand only once: "game", "player", or "any" (as often as wished; the colours are seats)
    const onceOf = (id) => (has(collectionOf, id) ? R.pieces[collectionOf[id]].once : "any");
    const CONTEST_KEYS = ["each", "of", "over", "prizes", "rounding", "zero_wins"];
    // the categories and entries as the switches leave them (changes applied in order)
    function effective(sw) {
      const categories = clone(R.categories);
      const entries = clone(R.entries);
      for (const change of R.changes) {
        if (!Object.entries(change.when).every(([k, v]) => sw[k] === v)) continue;
        for (const [id, keys] of Object.entries(change.entries || {})) Object.assign(entries.find((e) => e.id === id), clone(keys));
        for (const [id, keys] of Object.entries(change.categories || {})) {
          const category = categories.find((c) => c.id === id);
          for (const [k, v] of Object.entries(clone(keys))) {
            if (category.contest && CONTEST_KEYS.includes(k)) category.contest[k] = v;
            else category[k] = v;
          }
        }
      }
      return { categories, entries };
    }

    // the words of the game's seats, each in one place: a team game counts and names teams where another counts players
    const SEAT_KEYS = R.teams
      ? { word: "scorepage.teams", hint: "scorepage.teams.hint", exact: "scorepage.teams_exact", each: "scorepage.each_team", refuse: "scorepage.refuse.teams" }
      : { word: "scorepage.players", hint: "scorepage.players.hint", exact: "scorepage.players_exact", each: "scorepage.each", refuse: "scorepage.refuse.players" };
    const SEAT_WORD = SEAT_KEYS.word;

    // ---- what the page asks
    const entries = R.entries.map((e) => ({ ...e, label: e.label || e.ask }));
    const variantIds = (vs) => vs;
    function swFor(n, variants) { return switchValues({ variants: variantIds(variants), options: {} }); }
    const G = {
      titleKey: R.title,
      legendKey: R.legend,
      players: R.players,
      colours,
      switches,
      entries,
      colour: (id) => colours.find((c) => c.id === id),
      entry: (id) => entries.find((e) => e.id === id),
      piece: (id) => pieceById[id],
      group: (cid) => collections[cid],
      bound: (v, n) => num(v, n),
      hasEntry, range, most: mostOf,
      seat: seatOf, label: seatLabel,
      seatKeys: SEAT_KEYS,
      seatsRefusal,
      allowed: (s, n) => (s.players.min === null || n >= num(s.players.min, n) || n === 0) && (s.players.max === null || n <= num(s.players.max, n)),
      active: (e, variants) => on(swFor(0, variants), e.when),
      count(entry, n, variants) {
        const e = effective(swFor(n, variants)).entries.find((x) => x.id === entry.id);
        return e.count === null || e.count === undefined ? null : num(e.count, n);
      },
      choices: (entry) => [].concat(entry.of).flatMap((c) => collections[c]).filter((p) => !(entry.except || []).includes(p.id)),
      picture(piece, colour) {
        const pics = D.pictures;
        return pics[`${piece.id}/${colour}`] || pics[piece.id] || pics[""];
      },
      // the collections of a pieces entry, the big ones in sections by first letter; a single
      // small collection needs no heading (the entry's label names it)
      pickable(entry, colour) {
        const out = [];
        for (const cid of entry.of) {
          const pieces = collections[cid];
          const title = D.groupTitles[cid] || cid;
          if (pieces.length <= 12) { out.push({ title: entry.of.length > 1 ? title : null, pieces }); continue; }
          const sorted = [...pieces].sort((a, b) => a.name.localeCompare(b.name, lang));
          const size = Math.ceil(sorted.length / Math.ceil(sorted.length / 9));
          for (let i = 0; i < sorted.length; i += size) {
            const part = sorted.slice(i, i + size);
            const first = part[0].name[0].toUpperCase();
            const last = part[part.length - 1].name[0].toUpperCase();
            out.push({ title: `${title}: ${first === last ? first : first + "–" + last}`, pieces: part });
          }
        }
        return out;
      },
      newPlayer(colour) {
        const p = { colour, name: null, entries: {} };
        for (const e of entries) if (e.per === "player") p.entries[e.id] = blank(e);
        return p;
      },
      // the state after a change of players or switches: entries switched off are emptied,
      // a count entry becomes a list where a category in play needs the pieces themselves
      tidy(S, variants) {
        const sw = swFor(S.players.length, variants);
        for (const s of switches) if (s.kind === "variant" && !G.allowed(s, S.players.length)) S.switches[s.id] = false;
        for (const p of S.players) {
          for (const e of entries.filter((x) => x.per === "player")) {
            if (!on(sw, e.when)) p.entries[e.id] = blank(e);
            else if (e.kind === "pieces" && typeof p.entries[e.id] === "number" && listNeeded(e.id, sw)) p.entries[e.id] = [];
            else if (p.entries[e.id] === undefined) p.entries[e.id] = blank(e);
          }
        }
        for (const e of entries.filter((x) => x.per === "game")) {
          if (!on(sw, e.when)) delete S.game[e.id];
          else if (e.kind === "holder" && !S.players.some((p) => p.colour === S.game[e.id])) S.game[e.id] = null; // held by someone who left
        }
      },
      // an option's value when the record does not set it: the sheet's default
      optionDefault: (s) => (s.values && s.values.length ? s.values[0] : false),
      outcome: R.outcome,
      whereIs, tooMany, record, check, resolve, state, score, rows, json,
      why: (decider) => (decider === null ? R.ranking.why : decider === "shared" ? R.ranking.shared.why : R.ranking.tiebreaks.find((t) => t.id === decider).why),
    };

    // the value of an entry a seat does not have (`only`): nothing done, nothing held
    function empty(e, n) {
      if (e.kind === "yesno") return false;
      if (e.kind === "number") return num(e.min, n);
      return e.kind === "choice" ? null : [];
    }

    function blank(e) {
      if (e.kind === "pieces") return e.count_ok ? 0 : [];
      if (e.kind === "number") return defaultOf(e, 0);
      if (e.kind === "yesno") return false;
      return null;
    }

    // does any category in play read entry `id` other than by counting it?
    function listNeeded(id, sw) {
      const { categories } = effective(sw);
      const reads = (x, counting) => {
        if (Array.isArray(x)) return x.some((y) => reads(y, counting));
        if (x === null || typeof x !== "object") return !counting && x === id;
        return Object.entries(x).some(([k, v]) => {
          if (k === "count") return given(x, "symbol") || given(x, "field") ? reads(v, false) : false; // a bare count reads a number too
          if (["of", "measure", "sum", "distinct"].includes(k)) return reads(v, false);
          return typeof v === "object" && reads(v, counting);
        });
      };
      const inPlay = categories.filter((c) => on(sw, c.when));
      return inPlay.some((c) => reads(c.points ?? c.contest, true)) || Object.values(R.figures).some((f) => reads(f, true));
    }

    // ---- where a piece already is: another player's entry, or a game entry
    function whereIs(players, player, id, game = {}, skip = null) {
      const once = onceOf(id);
      if (once === "any") return null;
      for (const p of players) {
        if (once === "player" && p !== player) continue;
        for (const e of entries.filter((x) => x.per === "player")) {
          if (p === player && e.id === skip) continue;
          const v = p.entries[e.id];
          if (v === id || (Array.isArray(v) && v.includes(id))) return { player: p, entry: e.id };
        }
      }
      if (once === "game") {
        for (const e of entries.filter((x) => x.per === "game")) {
          const v = game[e.id];
          if (v === id || (Array.isArray(v) && v.includes(id))) return { player: null, entry: e.id };
        }
      }
      return null;
    }

    // more pieces held (or counted) than exist: the number that exist, else 0
    function tooMany(players) {
      const pieceEntries = entries.filter((e) => e.per === "player" && e.kind === "pieces");
      const groups = new Map();
      for (const e of pieceEntries) groups.set(e.of.join(","), e.of);
      for (const cols of groups.values()) {
        const mine = (p) => pieceEntries.filter((e) => e.of.join(",") === cols.join(",")).reduce((a, e) => a + size(p.entries[e.id]), 0);
        const [perPlayer, all] = room(cols, players.length);
        for (const p of players) if (mine(p) > perPlayer) return perPlayer;
        if (players.reduce((a, p) => a + mine(p), 0) > all) return all;
      }
      return 0;
    }
    const size = (v) => (typeof v === "number" ? v : Array.isArray(v) ? v.length : 0);

    // ---- records
    function record(players, game, variants, options) {
      const out = { players: [], variants: [...variants], options: { ...options } };
      for (const p of players) {
        const r = { colour: p.colour, name: p.name ?? null, ...(R.teams ? { members: p.members || [] } : {}) };
        for (const e of entries.filter((x) => x.per === "player" && hasEntry(x, p.colour))) if (on(switchValues(out), e.when)) r[e.id] = p.entries[e.id];
        out.players.push(r);
      }
      for (const e of entries.filter((x) => x.per === "game")) {
        if (!on(switchValues(out), e.when)) continue;
        out[e.id] = game[e.id] ?? (e.kind === "number" ? defaultOf(e, players.length) : e.kind === "choices" ? [] : null); // a number not entered: its default for this many players, if it has one
      }
      return out;
    }

    function state(rec) {
      const S = { players: [], switches: {}, game: {}, options: { ...rec.options }, tab: null };
      for (const v of rec.variants) S.switches[v] = true;
      for (const r of rec.players) {
        const p = G.newPlayer(r.colour);
        p.name = r.name ?? null;
        if (R.teams) p.members = r.members || [];
        for (const e of entries.filter((x) => x.per === "player")) if (has(r, e.id)) p.entries[e.id] = r[e.id];
        S.players.push(p);
      }
      for (const e of entries.filter((x) => x.per === "game")) if (has(rec, e.id)) S.game[e.id] = rec[e.id];
      S.tab = S.players[0] ? S.players[0].colour : null;
      return S;
    }

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
    const allNames = (names) => (typeof names === "string" ? [names] : Object.values(names || {}));
    const matchColour = matcher(colours.map((c) => [c.id, allNames(c.names)]));
    const matchSwitch = matcher(switches.map((s) => [s.id, Object.values(D.sheet.texts).map((tx) => tx[s.label]).filter((x) => typeof x === "string")]));
    const matchPiece = {};
    for (const cid of Object.keys(collections)) matchPiece[cid] = matcher(collections[cid].map((p) => [p.id, allNames(p.names)]));

    // raw data (as read from YAML) -> a record of ids, or faults; types and names only
    function resolve(data, t) {
      const faults = [];
      const fault = (path, key, values = {}) => faults.push(`${path}: ${t(key, values)}`);
      const one = (match, text, path, what) => {
        if (typeof text !== "string") { fault(path, "scorepage.refuse.type", { what }); return null; }
        const found = match(text);
        if (found.length === 1) return found[0];
        fault(path, found.length ? "scorepage.refuse.ambiguous" : "scorepage.refuse.unknown", { what, text });
        return null;
      };
      if (data === null || typeof data !== "object" || Array.isArray(data) || !Array.isArray(data.players)) {
        return { faults: [t("scorepage.refuse.shape")], record: null };
      }
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
      const known = new Set(["players", "variants", "options", ...entries.filter((e) => e.per === "game").map((e) => e.id)]);
      const meantTop = unknownKeys(data, known, "");
      const rec = { players: [], variants: [], options: {} };
      (Array.isArray(data.variants) ? data.variants : data.variants == null ? [] : [null]).forEach((v, i) => {
        const id = one(matchSwitch, v, `variants.${i}`, t("scorepage.variants"));
        if (id && switches.find((s) => s.id === id).kind !== "variant") fault(`variants.${i}`, "scorepage.refuse.unknown", { what: t("scorepage.variants"), text: v });
        else if (id && !rec.variants.includes(id)) rec.variants.push(id);
      });
      if (data.options != null && (typeof data.options !== "object" || Array.isArray(data.options))) fault("options", "scorepage.refuse.shape");
      for (const [k, v] of Object.entries(data.options || {})) {
        const s = switches.find((x) => x.id === k && x.kind === "option");
        if (!s || (s.values && s.values.length ? !s.values.includes(v) : typeof v !== "boolean")) fault(`options.${k}`, "scorepage.refuse.unknown", { what: t("scorepage.options"), text: `${k}: ${v}` });
        else rec.options[k] = v;
      }
      const sw = switchValues(rec);
      const pieceList = (e, v, path) => {
        const cols = Array.isArray(e.of) ? e.of : [e.of];
        const find = (text) => cols.flatMap((c) => matchPiece[c](text));
        return v.map((x, j) => one(find, x, `${path}.${j}`, t(e.label)) ?? "");
      };
      const value = (e, v, path) => {
        if (e.kind === "pieces") {
          if (e.count_ok && Number.isInteger(v) && v >= 0) return v;
          if (Array.isArray(v)) return pieceList(e, v, path);
          fault(path, "scorepage.refuse.type", { what: t(e.label) });
          return [];
        }
        if (e.kind === "choice") return one((x) => [].concat(e.of).flatMap((c) => matchPiece[c](x)), v, path, t(e.label));
        if (e.kind === "choices") {
          if (!Array.isArray(v)) { fault(path, "scorepage.refuse.type", { what: t(e.label) }); return []; }
          return pieceList(e, v, path);
        }
        if (e.kind === "holder") return v == null ? null : one(matchColour, v, path, t(e.label));
        if (e.kind === "holders") {
          if (typeof v !== "object" || Array.isArray(v)) { fault(path, "scorepage.refuse.type", { what: t(e.label) }); return {}; }
          const out = {};
          for (const [text, holder] of Object.entries(v)) {
            if (holder === null) continue;
            const piece = one((x) => matchPiece[e.of[0]](x), text, `${path}.${text}`, t(e.label));
            const seat = one(matchColour, holder, `${path}.${text}`, t(SEAT_WORD));
            if (piece && has(out, piece)) fault(`${path}.${text}`, "scorepage.refuse.twice", { card: pieceById[piece].name, where: path });
            else if (piece && seat) out[piece] = seat;
          }
          return out;
        }
        if (e.kind === "number") { if (!Number.isInteger(v)) fault(path, "scorepage.refuse.type", { what: t(e.label) }); return v; }
        if (e.kind === "yesno") {
          // true/false, or a yes or no word of the pack's languages (i18n/answers.py: record_words)
          const meaning = typeof v === "string" ? (D.answers || {})[fold(v)] : v;
          if (typeof meaning !== "boolean") fault(path, "scorepage.refuse.type", { what: t(e.label) });
          return meaning === true;
        }
        return v;
      };
      data.players.forEach((raw, i) => {
        const path = `players.${i}`;
        if (raw === null || typeof raw !== "object" || Array.isArray(raw)) { fault(path, "scorepage.refuse.shape"); return; }
        const mine = new Set(["colour", "name", ...(R.teams ? ["members"] : []), ...entries.filter((x) => x.per === "player").map((x) => x.id)]);
        const meant = unknownKeys(raw, mine, path);
        const colour = !has(raw, "colour") && meant.has("colour") ? "" : one(matchColour, raw.colour, `${path}.colour`, t(SEAT_WORD));
        const p = { colour: colour ?? String(raw.colour), name: null };
        if (raw.name != null) {
          if (typeof raw.name !== "string" || raw.name.length > 100) fault(`${path}.name`, "scorepage.refuse.type", { what: t("scorepage.name") });
          else p.name = raw.name;
        }
        if (R.teams) {
          if (!has(raw, "members") && meant.has("members")) p.members = [];
          else if (!Array.isArray(raw.members) || raw.members.some((m) => typeof m !== "string" || m.length > 100)) fault(`${path}.members`, "scorepage.refuse.type", { what: t("scorepage.members") });
          else p.members = raw.members;
        }
        for (const e of entries.filter((x) => x.per === "player")) {
          if (!hasEntry(e, p.colour)) {
            if (has(raw, e.id)) fault(`${path}.${e.id}`, "scorepage.refuse.only", { what: t(e.label) });
            if (on(sw, e.when)) p[e.id] = empty(e, data.players.length);
            continue;
          }
          const fallback = e.kind === "number" ? defaultOf(e, data.players.length) : null;
          // null is no value: a number or yes/no given as null is not given (as record.py reads it)
          const given = has(raw, e.id) && !(raw[e.id] === null && (e.kind === "number" || e.kind === "yesno"));
          if (!given && on(sw, e.when) && fallback !== null) { p[e.id] = fallback; continue; }
          if (!given) { if (on(sw, e.when) && e.kind !== "yesno" && !meant.has(e.id)) fault(path, "scorepage.refuse.missing", { what: t(e.label) }); continue; }
          if (!on(sw, e.when)) { fault(`${path}.${e.id}`, "scorepage.refuse.off", { what: t(e.label) }); continue; }
          p[e.id] = value(e, raw[e.id], `${path}.${e.id}`);
        }
        rec.players.push(p);
      });
      for (const e of entries.filter((x) => x.per === "game")) {
        if (!has(data, e.id) || data[e.id] === null) {
          const said = meantTop.has(e.id); // a misspelling of it is the one fault
          if ((e.kind === "choices" || e.kind === "choice") && on(sw, e.when) && !said) fault(e.id, "scorepage.refuse.missing", { what: t(e.label) });
          if (e.kind === "number" && e.default !== null && on(sw, e.when)) rec[e.id] = defaultOf(e, data.players.length);
          else if (e.kind === "number" && on(sw, e.when) && !said) fault(e.id, "scorepage.refuse.missing", { what: t(e.label) });
          else rec[e.id] = e.kind === "choices" ? [] : e.kind === "holders" ? {} : null;
          continue;
        }
        if (!on(sw, e.when)) { fault(e.id, "scorepage.refuse.off", { what: t(e.label) }); continue; }
        rec[e.id] = value(e, data[e.id], e.id);
      }
      return { faults, record: faults.length ? null : rec };
    }

    // `n` seats refused, in the words of the game's seats (players or teams), "exactly" when their number is fixed
    function seatsRefusal(n, t) {
      const [min, max] = [num(R.players.min, n), num(R.players.max, n)];
      return t(`${SEAT_KEYS.refuse}${min === max ? "_exact" : ""}`, { n, min, max });
    }

    // a record of ids -> its faults as the command line finds them (in the page's words)
    function check(rec, t) {
      const faults = [];
      const fault = (path, key, values = {}) => faults.push(path ? `${path}: ${t(key, values)}` : t(key, values));
      const n = rec.players.length;
      const sw = switchValues(rec);
      const eff = effective(sw);
      if (n < num(R.players.min, n) || n > num(R.players.max, n)) faults.push(seatsRefusal(n, t));
      for (const s of switches) {
        if (!(sw[s.id] === true || (s.values && s.values.length && has(rec.options, s.id)))) continue;
        if (!G.allowed(s, n) || (n === 0 && s.players.min !== null)) fault("", "scorepage.refuse.switch_players", { what: t(s.label), min: s.players.min ?? "", max: s.players.max ?? "" });
      }
      const playing = (id) => rec.players.some((p) => p.colour === id); // only a seat in the game holds anything
      const seen = new Map();
      rec.players.forEach((p, i) => {
        if (!colourOrder.includes(p.colour)) fault(`players.${i}.colour`, "scorepage.refuse.unknown", { what: t(SEAT_WORD), text: p.colour });
        if (seen.has(p.colour)) fault(`players.${i}.colour`, "scorepage.refuse.twice", { card: colourName(p.colour), where: `players.${seen.get(p.colour)}` });
        seen.set(p.colour, i);
      });
      // pieces named more often than their collection allows
      const places = { game: new Map() };
      const once = (id, path, player) => {
        if (!id) return;
        const where = onceOf(id);
        if (where === "any") return;
        const scope = where === "player" ? (places[player] = places[player] || new Map()) : places.game;
        if (scope.has(id)) fault(path, "scorepage.refuse.twice", { card: pieceById[id].name, where: scope.get(id) });
        else scope.set(id, path);
      };
      const nameOfPlace = (path) => path;
      for (const e of eff.entries.filter((x) => x.per === "game" && on(sw, x.when))) {
        const v = rec[e.id];
        if (e.kind === "choices") {
          const want = e.count === null || e.count === undefined ? null : num(e.count, n);
          if (want !== null && v.length !== want) fault("", "scorepage.refuse.count", { what: t(e.label), n: v.length, count: want });
          v.forEach((id, j) => once(id, nameOfPlace(`${e.id}.${j}`), null));
        } else if ((e.kind === "choice" || e.kind === "number") && (v === null || v === undefined)) fault("", "scorepage.refuse.missing", { what: t(e.label) });
        else if (e.kind === "choice") once(v, e.id, null);
        else if (e.kind === "number") {
          const [lo, hi] = range(e, n);
          if (v < lo || v > hi) fault("", "scorepage.refuse.number", { what: t(e.label), min: lo, max: hi });
        }
        else if (e.kind === "holder" && v !== null && !playing(v)) fault(e.id, "scorepage.refuse.holder", { what: t(e.label), text: colourName(v) });
        else if (e.kind === "holders") {
          for (const [piece, seat] of Object.entries(v || {})) {
            if (!playing(seat)) fault(`${e.id}.${piece}`, "scorepage.refuse.holder", { what: t(e.label), text: colourName(seat) });
          }
        }
      }
      rec.players.forEach((p, i) => {
        const who = seatLabel(seatOf(p), t);
        if (R.teams && (p.members || []).length < R.teams.min || R.teams && (p.members || []).length > R.teams.max) {
          fault(who, R.teams.min === R.teams.max ? "scorepage.refuse.members_exact" : "scorepage.refuse.members", { n: (p.members || []).length, min: R.teams.min, max: R.teams.max });
        }
        for (const e of eff.entries.filter((x) => x.per === "player" && on(sw, x.when) && hasEntry(x, p.colour))) {
          const v = p[e.id];
          const at = `${who}: ${t(e.label)}`;
          if (e.kind === "pieces") {
            if (typeof v === "number") {
              if (listNeeded(e.id, sw)) fault(at, "scorepage.refuse.list_needed");
            } else {
              const most = mostOf(e, n);
              if (most !== null && v.length > most) fault(at, "scorepage.refuse.most", { most, what: t(e.label) });
              v.forEach((id, j) => once(id, `${who}: ${t(e.label)} ${j + 1}`, p.colour));
            }
          } else if (e.kind === "choice") {
            if (v === null || v === undefined) fault(who, "scorepage.refuse.missing", { what: t(e.label) });
            else if ((e.except || []).includes(v)) fault(at, "scorepage.refuse.except", { card: pieceById[v].name });
            else once(v, at, p.colour);
          } else if (e.kind === "number") {
            const [lo, hi] = range(e, n);
            if (v === null || v === undefined) fault(who, "scorepage.refuse.missing", { what: t(e.label) });
            else if (v < lo || v > hi) fault(who, "scorepage.refuse.number", { what: t(e.label), min: lo, max: hi });
          }
        }
      });
      const most = tooMany(rec.players.map((p) => ({ entries: p })));
      if (most) fault("", "scorepage.refuse.too_many", { n: most });
      const result = faults.length ? null : sheetChecks(rec, fault);
      // the result, where the sheet's checks scored it already: a caller need not score it again
      return { faults, record: faults.length ? null : rec, result: faults.length ? null : result };
    }

    // the sheet's own checks (`checks:`) on the scored record, as scoring/record.py makes them
    function sheetChecks(rec, fault) {
      if (!R.checks.length) return null;
      const n = rec.players.length;
      const result = score(rec);
      const seats = seatsOf(rec);
      for (const c of R.checks) {
        const values = result.checks[c.id];
        const low = c.least === null ? null : num(c.least, n);
        const high = c.most === null ? null : num(c.most, n);
        const found = c.each !== null ? values.map((v, i) => [seats[i], v]) : [[null, c.all !== null ? values.reduce((a, v) => a + v, 0) : values.filter((v) => v !== 0).length]];
        const bad = found.find(([, v]) => (low !== null && v < low) || (high !== null && v > high));
        if (bad) {
          const who = bad[0] && bad[0].at !== null ? seatLabel(bad[0], t) : "";
          fault(who, c.message, { value: bad[1], least: low ?? "", most: high ?? "" });
        }
      }
      return result;
    }
    const colourName = (id) => (G.colour(id) ? G.colour(id).name : String(id));

    // ---- scoring: the sheet's typed steps (R.steps) in their order, as scoring/calc.py runs them;
    // every figure of every seat is computed once, after everything it reads
    const divide = (v, b, rounding) => (rounding === "nearest" ? Math.floor((2 * v + b) / (2 * b)) : rounding === "up" ? Math.ceil(v / b) : Math.floor(v / b));
    const PAIRS = { minus: (a, b) => a - b, at_least: (a, b) => (a >= b ? 1 : 0), at_most: (a, b) => (a <= b ? 1 : 0), equal: (a, b) => (a === b ? 1 : 0) };
    const LISTS = { plus: (vs) => vs.reduce((a, v) => a + v, 0), times: (vs) => vs.reduce((a, v) => a * v, 1), least: (vs) => Math.min(...vs), most: (vs) => Math.max(...vs) };
    const FORMS = ["sum", "count", "distinct", "measure", "holds", "yes", "value", "figure", "won", "table", "div", "if", ...Object.keys(PAIRS), ...Object.keys(LISTS)];
    // an expression's one form, as forms.form_of: a key of no form (or of two) is named, never taken for the last branch
    const formOf = (x) => {
      const found = Object.keys(x).filter((k) => FORMS.includes(k) && given(x, k));
      if (found.length !== 1) throw new Error(`unknown form ${(found.length ? found : Object.keys(x)).map((k) => `'${k}'`).join(", ") || "none"}`);
      return found[0];
    };

    // ---- seats: who has a column, built here only (as estoril_pnp/scoring/seats.py). A record's
    // player is a seat: a player, or in a team game a team; in a co-operative game the players are
    // the members of the one seat, the team. `at`: the seat's place in the record (null: all of them).
    function seatOf(p, at = null) {
      return { id: p.colour, name: p.name ?? null, members: p.members || [], at, values: p };
    }
    function seatsOf(rec) {
      const seats = rec.players.map(seatOf).sort((a, b) => colourOrder.indexOf(a.id) - colourOrder.indexOf(b.id));
      if (R.outcome.together) return [{ id: TEAM, name: null, members: seats.map((s) => s.name || s.id), at: null, values: {} }];
      return seats;
    }
    // a seat's heading: its colour (or the team) and its players' names, as the command line's table;
    // a co-operative team's member without a name by their colour's name (never its id)
    function seatLabel(seat, t) {
      const name = seat.id === TEAM ? t("score.team.name") : colourName(seat.id);
      const members = seat.members.map((m) => (seat.id === TEAM && G.colour(m) ? colourName(m) : m));
      const who = members.length ? members.join(", ") : seat.name;
      return who ? `${name} (${who})` : name;
    }

    function score(rec) {
      const n = rec.players.length;
      const sw = switchValues(rec);
      const { categories } = effective(sw);
      const inPlay = categories.filter((c) => on(sw, c.when));
      const seats = seatsOf(rec).map((s) => ({ ...s, figs: {}, won: {} }));
      // a seat's pieces of an entry: its own value, the game's, or (holders) the pieces it holds
      const held = (id, seat) => {
        const e = entryById[id];
        if (e.kind === "holders") return Object.entries(rec[id] || {}).filter(([, c]) => c === seat.id).map(([p]) => p);
        const v = e.per === "player" ? seat.values[id] : rec[id];
        if (v === null || v === undefined || typeof v === "number") return [];
        return Array.isArray(v) ? v : [v];
      };
      const bareCount = (id, seat) => {
        const e = entryById[id];
        const v = e && e.per === "player" ? seat.values[id] : undefined;
        return typeof v === "number" ? v : 0;
      };
      const listOf = (ids, seat, it) => ids.flatMap((id) => (id === "it" ? it : held(id, seat)));
      const pieces = (x, ids, seat, it) => {
        const except = x.except || [];
        return listOf(ids, seat, it).filter((id) => !except.includes(collectionOf[id])).map((id) => pieceById[id]);
      };
      function count(x, seat, it) {
        let ps = pieces(x, x.count, seat, it);
        if (given(x, "also")) {
          const there = new Set(seats.filter((s) => (x.whose === "any" ? true : (s === seat) === (x.whose === "mine"))).flatMap((s) => held(x.also, s)));
          ps = ps.filter((p) => there.has(p.id));
        }
        if (x.mine) return ps.filter((p) => p.fields[x.field] === seat.id).length;
        if (given(x, "symbol")) return ps.reduce((a, p) => a + p.symbols.filter((s) => s === x.symbol).length, 0);
        if (given(x, "is")) return ps.filter((p) => p.fields[x.field] === x.is).length;
        if (given(x, "in")) return ps.filter((p) => x.in.includes(p.fields[x.field])).length;
        // a bare count of a count_ok entry given as a number is that number
        return ps.length + (given(x, "also") ? 0 : x.count.reduce((a, id) => a + (id === "it" ? 0 : bareCount(id, seat)), 0));
      }
      function expr(x, seat, it) {
        if (typeof x === "number" || typeof x === "string" || Array.isArray(x)) return num(x, n);
        const form = formOf(x);
        switch (form) {
          case "sum": return pieces(x, x.of, seat, it).reduce((a, p) => a + p.fields[x.sum], 0);
          case "count": return count(x, seat, it);
          case "distinct": {
            const values = new Set(pieces(x, x.of, seat, it).map((p) => p.fields[x.distinct]));
            return x.among ? x.among.filter((v) => values.has(v)).length : values.size;
          }
          case "measure": {
            const e = entryById[x.measure];
            if (!on(sw, e.when)) return 0;
            const chosen = e.per === "player" ? seat.values[x.measure] : rec[x.measure];
            return chosen ? expr(R.measures[chosen], seat, pieces(x, x.of, seat, it).map((p) => p.id)) : 0;
          }
          case "holds": return rec[x.holds] === seat.id ? 1 : 0;
          case "yes": return (seat.values[x.yes] ?? rec[x.yes]) === true ? 1 : 0; // a game's yes/no too, as Python reads it
          case "value": return seat.values[x.value] ?? rec[x.value];
          case "figure": return seat.figs[x.figure];
          case "won": return seat.won[x.won] || 0;
          case "table": { const v = expr(x.table, seat, it); return x.points[Math.min(Math.max(v, 0), x.points.length - 1)]; }
          case "div": return divide(expr(x.div, seat, it), num(x.by, n), x.round);
          case "if": return expr(x.if, seat, it) !== 0 ? expr(x.then, seat, it) : expr(x.else, seat, it);
          default: // formOf named the form: a pair or a list
            if (has(PAIRS, form)) return PAIRS[form](expr(x[form][0], seat, it), expr(x[form][1], seat, it));
            return LISTS[form](x[form].map((y) => expr(y, seat, it)));
        }
      }
      function decide(contest, measures) {
        const prizes = contest.prizes.map((p) => num(p, n));
        const contenders = seats.filter((s) => measures[s.id] > 0 || contest.zero_wins);
        const levels = [...new Set(contenders.map((s) => measures[s.id]))].sort((a, b) => b - a);
        const points = {};
        let place = 0;
        for (const level of levels) {
          if (place >= prizes.length) break;
          const group = contenders.filter((s) => measures[s.id] === level);
          let share;
          if (group.length === 1 || contest.tie === "full") share = prizes[place];
          else if (contest.tie === "none") share = 0;
          else share = divide(prizes.slice(place, place + group.length).reduce((a, p) => a + p, 0), group.length, contest.rounding);
          if (share) for (const s of group) points[s.id] = share;
          place += group.length;
        }
        const first = levels.length ? contenders.filter((s) => measures[s.id] === levels[0]).map((s) => s.id) : [];
        return { points, first };
      }
      const contests = {};
      function runContests(c) {
        const k = c.contest;
        const subjects = k.each ? [].concat(rec[k.each] ?? []) : [c.id];
        contests[c.id] = subjects.map((subject) => {
          const measures = {};
          for (const s of seats) measures[s.id] = k.each ? expr(R.measures[subject], s, listOf(k.of, s, [])) : expr(k.over, s, []);
          return { id: subject, counts: measures, ...decide(k, measures) };
        });
        for (const s of seats) {
          s.figs[c.id] = contests[c.id].reduce((a, x) => a + (x.points[s.id] || 0), 0);
          s.won[c.id] = contests[c.id].filter((x) => x.first.includes(s.id)).length;
        }
      }
      const categoryById = Object.fromEntries(categories.map((c) => [c.id, c]));
      const STEPS = {
        category(id) { const c = categoryById[id]; for (const s of seats) s.figs[id] = on(sw, c.when) ? expr(c.points, s, []) : 0; },
        contest(id) { const c = categoryById[id]; if (on(sw, c.when)) runContests(c); else for (const s of seats) s.figs[id] = 0; },
        figure(id) { for (const s of seats) s.figs[id] = expr(R.figures[id], s, []); },
        total() { for (const s of seats) s.figs.total = inPlay.reduce((a, c) => a + s.figs[c.id], 0); },
      };
      for (const step of R.steps) {
        if (!has(STEPS, step.step)) throw new Error(`unknown step '${step.step}'`);
        STEPS[step.step](step.id);
      }
      // the outcome: the first end condition some seat meets, else `otherwise`
      for (const s of seats) s.ended = R.outcome.ends.filter((e) => expr(e.met, s, []) !== 0).map((e) => e.id);
      let outcome = { rank: "ranked", unfinished: "unfinished", win: "won", lose: "lost" }[R.outcome.otherwise.result];
      let end = null;
      let first = new Set();
      for (const e of R.outcome.ends) {
        const meeting = seats.filter((s) => s.ended.includes(e.id));
        if (!meeting.length) continue;
        end = e.id;
        if (R.outcome.together) outcome = e.result === "win" ? "won" : "lost";
        else if (e.result === "rank") outcome = "ranked";
        else { outcome = "ended"; first = new Set(meeting.map((s) => s.id)); }
        break;
      }
      const ranking = R.ranking;
      const signed = (s) => [ranking.lowest ? -s.figs.total : s.figs.total, ...ranking.tiebreaks.map((tb) => (tb.lowest ? -1 : 1) * s.figs[tb.figure])];
      const tallies = R.tallies.filter((x) => x.figure !== "total").map((x) => x.figure);
      const scored = seats.map((s) => ({
        seat: s, total: s.figs.total, ended: s.ended,
        breakdown: Object.fromEntries(categories.map((c) => [c.id, s.figs[c.id]])),
        tallies: Object.fromEntries(tallies.map((f) => [f, s.figs[f]])),
        key: [first.has(s.id) ? 1 : 0, ...signed(s)],
      }));
      const greater = (a, b) => { for (let i = 0; i < a.length; i++) { if (a[i] !== b[i]) return a[i] > b[i]; } return false; };
      for (const p of scored) p.rank = 1 + scored.filter((q) => greater(q.key, p.key)).length;
      const ranked = [...scored].sort((a, b) => a.rank - b.rank);
      let decider = null;
      let leaders = ranked.filter((p) => p.total === ranked[0].total);
      if (outcome === "ranked" && leaders.length > 1) {
        decider = "shared";
        for (const [i, tb] of ranking.tiebreaks.entries()) {
          const best = Math.max(...leaders.map((p) => p.key[i + 2]));
          leaders = leaders.filter((p) => p.key[i + 2] === best);
          if (leaders.length === 1) { decider = tb.id; break; }
        }
      }
      const checks = Object.fromEntries(R.checks.map((c) => [c.id, seats.map((s) => expr(c.each ?? c.all ?? c.seats, s, []))]));
      const winners = outcome === "unfinished" || outcome === "lost" ? [] : ranked.filter((p) => p.rank === 1).map((p) => p.seat.id);
      const contestRows = inPlay.filter((c) => c.contest).map((c) => ({ category: c, key: c.contest.each || c.id, list: contests[c.id] }));
      return { categories: inPlay, players: ranked, contests: contestRows, winners, tiebreak: decider, outcome, end, checks };
    }

    // the score table's rows: a contest category has one row per contest
    // `t`: the page's words, filled with the pack's numbers
    function rows(result, t) {
      const lines = [];
      for (const c of result.categories) {
        if (c.contest) {
          for (const x of result.contests.find((r) => r.category === c).list) {
            const name = c.contest.each ? pieceById[x.id].name : t(c.label);
            lines.push({ label: name, cells: result.players.map((p) => `${x.points[p.seat.id] || 0} (${x.counts[p.seat.id]})`) });
          }
        } else lines.push({ label: t(c.label), cells: result.players.map((p) => String(p.breakdown[c.id])) });
      }
      for (const tally of R.tallies) {
        const v = (p) => (tally.figure === "total" ? p.total : p.tallies[tally.figure]);
        lines.push({ label: t(tally.label), strong: tally.strong, cells: result.players.map((p) => String(v(p))) });
      }
      for (const end of R.outcome.ends) lines.push({ label: t(end.label), cells: result.players.map((p) => (p.ended.includes(end.id) ? "✓" : "")) });
      return lines;
    }

    // the result in the shape of `score --json`
    function json(result) {
      const out = {
        categories: result.categories.map((c) => c.id),
        players: result.players.map((p) => ({
          colour: p.seat.id, name: p.seat.name, ...(R.teams || R.outcome.together ? { members: p.seat.members } : {}),
          total: p.total, breakdown: p.breakdown, ...p.tallies, rank: result.winners.length ? p.rank : null, ...(R.outcome.ends.length ? { ended: p.ended } : {}),
        })),
      };
      for (const r of result.contests) {
        out[r.key] = r.list.map((x) => ({
          id: x.id,
          counts: Object.fromEntries(result.players.map((p) => p.seat.id).sort((a, b) => colourOrder.indexOf(a) - colourOrder.indexOf(b)).map((c) => [c, x.counts[c]])),
          points: Object.fromEntries(Object.entries(x.points).filter(([, v]) => v !== 0)),
        }));
      }
      out.winners = result.winners;
      out.tiebreak = result.tiebreak;
      if (R.outcome.ends.length || R.outcome.otherwise.result !== "rank") Object.assign(out, { outcome: result.outcome, end: result.end });
      return out;
    }

    return G;
  }

  return { of, fold, near };
})();
