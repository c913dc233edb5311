// The page: a game in progress as plain state, drawn again from it after every tap, kept in
// local storage. Every text from the pack or a player goes in as text, never as markup.
"use strict";

const D = JSON.parse(document.getElementById("page-data").textContent);
const G = Game.of(D); // the sheet's entries, pieces and switches, as the page asks for them
const STORE = "estoril-pnp-score:" + D.store;

// ---- words
const BRACES = /\{\{|\}\}|\{([^{}]*)\}|[{}]/g;
// As i18n.fill: `{name}`, and `{name|one:…|other:…}` with the form for the number's plural category.
function fill(text, values) {
  return text.replace(BRACES, (token, inside) => {
    if (token === "{{" || token === "}}") return token[0];
    if (inside === undefined) return token;
    const [name, ...parts] = inside.split("|");
    const key = parts.length ? name.trim() : name;
    if (!Object.prototype.hasOwnProperty.call(values, key)) return token;
    if (!parts.length) return String(values[key]);
    const forms = {};
    for (const part of parts) {
      const colon = part.indexOf(":");
      if (colon < 0) return token;
      forms[part.slice(0, colon).trim()] = part.slice(colon + 1);
    }
    const value = values[key];
    const category = Number.isInteger(value) ? categoryOf(value) : "other";
    return forms[category] ?? forms.other ?? token;
  });
}
const categoryOf = (count) => D.plural[count] ?? new Intl.PluralRules(D.lang).select(count);
const t = (key, values = {}) => fill(D.texts[key] ?? key, { ...D.numbers, ...values });
function plural(key, count, values = {}) {
  const category = categoryOf(count);
  const forms = D.plurals[key] || {};
  return fill(forms[category] ?? forms.other ?? key, { ...D.numbers, ...values, count });
}

// ---- state
function fresh() {
  return { players: [], switches: {}, game: {}, options: {}, tab: null };
}
let S = load() || fresh();
let search = "";
let notice = ""; // why the last change was refused, or why a game file was not loaded
let noticeFaults = []; // a refused game file's faults, one a line
let refusedText = null; // that file's text, kept in the box to be corrected
let textOpen = false; // whether the game as text is shown (kept over redraws)

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE) || "null");
    return saved && Array.isArray(saved.players) ? saved : null;
  } catch (e) {
    return null;
  }
}
function save() {
  try {
    localStorage.setItem(STORE, JSON.stringify(S));
  } catch (e) {
    /* private mode or full: the game still works, it only will not survive a reload */
  }
}

const TEAMS = D.sheet.teams; // a partnership game: each seat a team, its members named
const playerOf = (colour) => S.players.find((p) => p.colour === colour);
const colourName = (id) => G.colour(id).name;
const SEATS = G.seatKeys; // a team game counts and names teams where another counts players
const label = (p) => G.label(G.seat(p), t); // a player of the game being entered, headed as its seat
const variants = () => G.switches.filter((s) => s.kind === "variant" && S.switches[s.id]).map((s) => s.id);

function record() {
  return G.record(S.players, S.game, variants(), S.options);
}

// ---- changing the game; a refused change says why and leaves the state as it was
function change(apply) {
  const before = JSON.stringify(S);
  const why = apply();
  noticeFaults = [];
  refusedText = null;
  if (why) {
    S = JSON.parse(before);
    notice = why;
  } else {
    notice = "";
    G.tidy(S, variants());
    save();
  }
  draw();
}

function togglePlayer(colour) {
  change(() => {
    const at = S.players.findIndex((p) => p.colour === colour);
    if (at >= 0) {
      S.players.splice(at, 1);
      if (S.tab === colour) S.tab = S.players[0] ? S.players[0].colour : null;
      for (const e of G.entries.filter((x) => x.kind === "holders")) { // what the leaving seat held, nobody holds
        for (const [piece, holder] of Object.entries(S.game[e.id] || {})) if (holder === colour) delete S.game[e.id][piece];
      }
      return null;
    }
    if (S.players.length >= G.players.max) return G.seatsRefusal(S.players.length + 1, t);
    S.players.push(G.newPlayer(colour));
    if (!S.tab) S.tab = colour;
    return null;
  });
}

function tapPiece(player, entry, id) {
  change(() => {
    const list = player.entries[entry.id];
    const at = list.indexOf(id);
    if (at >= 0) {
      list.splice(at, 1);
      return null;
    }
    const where = G.whereIs(S.players, player, id);
    if (where) return t("scorepage.refuse.twice", { card: G.piece(id).name, where: placeName(where) });
    const most = G.most(entry, S.players.length, variants());
    if (most !== null && list.length >= most) return t("scorepage.refuse.most", { most, what: t(entry.label) });
    list.push(id);
    return G.tooMany(S.players, D) ? tooManyWords() : null;
  });
}

function placeName(where) {
  if (!where.player) return t(G.entry(where.entry).label);
  return `${label(where.player)}: ${t(G.entry(where.entry).label)}`;
}

function tooManyWords() {
  const most = G.tooMany(S.players, D);
  return t("scorepage.refuse.too_many", { n: most });
}

function setCount(player, entry, n) {
  change(() => {
    if (n < 0) return null;
    player.entries[entry.id] = n;
    return G.tooMany(S.players, D) ? tooManyWords() : null;
  });
}

// ---- drawing
const SVG = "http://www.w3.org/2000/svg";
const SHAPES = {
  circle: (s) => { const c = document.createElementNS(SVG, "circle"); c.setAttribute("cx", 12); c.setAttribute("cy", 12); c.setAttribute("r", 9); return c; },
  square: () => { const r = document.createElementNS(SVG, "rect"); for (const [k, v] of [["x", 3.5], ["y", 3.5], ["width", 17], ["height", 17]]) r.setAttribute(k, v); return r; },
  triangle: () => poly("12,2.5 22,20.5 2,20.5"),
  diamond: () => poly("12,1.5 22.5,12 12,22.5 1.5,12"),
  star: () => poly("12,1.5 14.6,8.8 22.4,8.9 16.2,13.7 18.4,21.2 12,16.8 5.6,21.2 7.8,13.7 1.6,8.9 9.4,8.8"),
};
function poly(points) { const p = document.createElementNS(SVG, "polygon"); p.setAttribute("points", points); return p; }
function shape(colour) {
  const c = G.colour(colour);
  if (!c) return null; // a co-operative game's team has no colour of its own
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "shape");
  svg.setAttribute("aria-hidden", "true");
  const s = (SHAPES[c.shape] || SHAPES.circle)();
  s.setAttribute("fill", c.rgb);
  s.setAttribute("stroke", "#1f1a17");
  s.setAttribute("stroke-width", "1.5");
  svg.append(s);
  return svg;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "on") for (const [event, f] of Object.entries(v)) node.addEventListener(event, f);
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

// what the whole game enters once: named pieces to pick first, numbers and yes/no together, who holds what last
const PICKED = ["choice", "choices", "pieces"];
const HELD = ["holder", "holders"];

function draw() {
  const focused = document.activeElement && document.activeElement.id;
  const main = document.getElementById("main");
  const game = G.entries.filter((e) => e.per === "game" && G.active(e, variants()));
  const checked = G.check(record(), t, D); // the result and the record box read one check of the record
  const parts = [
    el("div", { id: "notice", role: "alert", class: noticeFaults.length ? "faults" : null }, notice ? el("p", { text: sentence(notice) }) : null,
      noticeFaults.length ? el("ul", { class: "faults" }, noticeFaults.map((f) => el("li", { text: sentence(f) }))) : null),
    drawPlayers(),
    drawSwitches(),
    drawOptions(),
    ...game.filter((e) => PICKED.includes(e.kind)).map(drawGameEntry),
    drawGameValues(game.filter((e) => !PICKED.includes(e.kind) && !HELD.includes(e.kind))),
    drawHands(),
    ...game.filter((e) => HELD.includes(e.kind)).map(drawGameEntry),
    drawResult(checked),
    drawRecord(checked),
  ];
  // a part with nothing to show is null, which replaceChildren would print as the word "null"
  main.replaceChildren(...parts.filter((part) => part !== null && part !== undefined));
  const again = focused && document.getElementById(focused);
  if (again) again.focus({ preventScroll: true });
}

function pressed(id, on, attrs, ...children) {
  return el("button", { type: "button", id, "aria-pressed": on ? "true" : "false", ...attrs }, ...children);
}

function drawPlayers() {
  const buttons = G.colours.map((c) =>
    pressed(`colour-${c.id}`, !!playerOf(c.id), { on: { click: () => togglePlayer(c.id) } }, shape(c.id), el("span", { text: c.name }), el("span", { class: "mark", "aria-hidden": "true", text: "✓" })),
  );
  // a player's name, or a team's members (comma-separated)
  const names = S.players.map((p) =>
    el("div", {},
      el("label", { for: `name-${p.colour}`, text: `${colourName(p.colour)}: ${t(TEAMS ? "scorepage.members" : "scorepage.name")}` }),
      el("input", {
        type: "text", id: `name-${p.colour}`, value: TEAMS ? (p.members || []).join(", ") : p.name || "", maxlength: TEAMS ? 1000 : 100, autocomplete: "off",
        on: { change: (e) => change(() => {
          if (TEAMS) p.members = e.target.value.split(",").map((m) => m.trim()).filter(Boolean);
          else p.name = e.target.value.trim() || null;
          return null;
        }) },
      })),
  );
  return el("section", { "aria-labelledby": "h-players" },
    el("h2", { id: "h-players", text: t(SEATS.word) }),
    el("p", { text: seatsHint() }),
    el("div", { class: "row colours", role: "group", "aria-labelledby": "h-players" }, buttons),
    names);
}

// a message as a sentence, whatever case a catalog's text begins in (as the pad's notes: pad.py's `_sentence`)
function sentence(text) {
  return text.slice(0, 1).toLocaleUpperCase(D.lang) + text.slice(1);
}

// what the players' section asks: tap each seat at the table
function seatsHint() {
  const [min, max] = [G.bound(G.players.min, 0), G.bound(G.players.max, 0)];
  return min === max ? t(SEATS.exact, { n: min }) : t(SEATS.hint, { min, max });
}

function drawSwitches() {
  const items = G.switches.filter((s) => s.kind === "variant").map((s) => {
    const allowed = G.allowed(s, S.players.length);
    const id = `switch-${s.id}`;
    return el("div", { class: "switch" },
      el("input", {
        type: "checkbox", id, checked: !!S.switches[s.id] && allowed, disabled: !allowed, "aria-describedby": `${id}-rule`,
        on: { change: (e) => change(() => { S.switches[s.id] = e.target.checked; return null; }) },
      }),
      el("div", {},
        el("label", { for: id, text: t(s.label) }),
        el("p", { id: `${id}-rule`, text: t(s.rule) }),
        allowed ? null : el("p", { class: "why", text: t("scorepage.from_players", { n: s.players.min }) })));
  });
  if (!items.length) return null;
  return el("section", { "aria-labelledby": "h-variants" }, el("h2", { id: "h-variants", text: t("scorepage.variants") }), items);
}

// House rules: the sheet's options, each preselected at its default; only a changed one is kept
// (and written to the record), so a record says nothing of the rules it plays as the book does.
function drawOptions() {
  const options = G.switches.filter((s) => s.kind === "option");
  if (!options.length) return null;
  const value = (s) => (Object.prototype.hasOwnProperty.call(S.options, s.id) ? S.options[s.id] : G.optionDefault(s));
  const set = (s, v) => change(() => {
    if (v === G.optionDefault(s)) delete S.options[s.id];
    else S.options[s.id] = v;
    return null;
  });
  const name = (key, fallback) => (D.texts[key] === undefined ? fallback : t(key));
  const items = options.map((s) => {
    const id = `option-${s.id}`;
    const rule = D.texts[s.rule] === undefined ? null : el("p", { id: `${id}-rule`, text: t(s.rule) });
    if (!(s.values && s.values.length)) {
      return el("div", { class: "switch" },
        el("input", { type: "checkbox", id, checked: value(s) === true, "aria-describedby": rule ? `${id}-rule` : null, on: { change: (e) => set(s, e.target.checked) } }),
        el("div", {}, el("label", { for: id, text: name(s.label, s.id) }), rule));
    }
    return el("fieldset", { class: "choose", "aria-describedby": rule ? `${id}-rule` : null },
      el("legend", { text: name(s.label, s.id) }), rule,
      el("div", { class: "row" }, s.values.map((v) => el("label", { class: "pick" },
        el("input", { type: "radio", name: id, id: `${id}-${v}`, value: v, checked: value(s) === v, on: { change: () => set(s, v) } }),
        el("span", { text: name(`score.variant.${s.id}.value.${v}`, v) })))));
  });
  return el("section", { "aria-labelledby": "h-options" },
    el("h2", { id: "h-options", text: t("scorepage.options") }),
    el("p", { class: "small", text: t("scorepage.options.hint") }),
    items);
}

// a tap per seat, and one for nobody: who holds `held`; `hold(colour)` records a tap
function holderTaps(id, labelledBy, held, hold, name) {
  const taps = [null, ...S.players.map((p) => p.colour)].map((c) =>
    pressed(`${id}-${c || "none"}`, held === c, { on: { click: () => change(() => { hold(c); return null; }) } },
      c ? shape(c) : null, el("span", { text: c ? name(c) : t("scorepage.nobody") })));
  return el("div", { class: "row", role: "group", "aria-labelledby": labelledBy }, taps);
}

function drawGameEntry(entry) {
  const id = `entry-${entry.id}`;
  const heading = el("h2", { id: `h-${id}`, text: t(entry.label) });
  const section = (...children) => el("section", { "aria-labelledby": `h-${id}` }, heading, ...children);
  if (entry.kind === "holder") {
    return section(holderTaps(id, `h-${id}`, S.game[entry.id] ?? null, (c) => { S.game[entry.id] = c; }, (c) => label(playerOf(c))));
  }
  if (entry.kind === "holders") { // a holder per piece: a row of taps under each piece's name
    const held = () => (S.game[entry.id] = S.game[entry.id] || {});
    return section(...G.group(entry.of[0]).map((piece) => el("div", { class: "held-by" },
      el("h3", { id: `${id}-${piece.id}-name`, text: piece.name }),
      holderTaps(`${id}-${piece.id}`, `${id}-${piece.id}-name`, (S.game[entry.id] || {})[piece.id] ?? null,
        (c) => { if (c) held()[piece.id] = c; else delete held()[piece.id]; }, colourName))));
  }
  // choices: pieces of one group, so many of them; a choice: one of them; pieces: any of them, up to `most`
  const single = entry.kind === "choice";
  const chosen = single ? [S.game[entry.id]].filter(Boolean) : S.game[entry.id] || [];
  const most = entry.kind === "pieces" ? G.most(entry, S.players.length, variants()) : null;
  const want = single ? 1 : entry.kind === "choices" ? G.count(entry, S.players.length, variants()) : most;
  const cards = [].concat(entry.of).flatMap(G.group).map((piece) => {
    const where = chosen.includes(piece.id) ? null : G.whereIs(S.players, null, piece.id, S.game);
    return pieceButton(`${id}-${piece.id}`, piece, null, chosen.includes(piece.id), where, () =>
      change(() => {
        if (where) return t("scorepage.refuse.twice", { card: piece.name, where: placeName(where) });
        if (single) { S.game[entry.id] = S.game[entry.id] === piece.id ? null : piece.id; return null; }
        const list = (S.game[entry.id] = S.game[entry.id] || []);
        const at = list.indexOf(piece.id);
        if (at >= 0) { list.splice(at, 1); return null; }
        if (want !== null && list.length >= want) return t("scorepage.refuse.most", { most: want, what: t(entry.label) });
        list.push(piece.id);
        return null;
      }));
  });
  return section(
    // with no upper bound, how many were chosen alone (as a player's pieces show it)
    el("p", { class: "status", text: want === null ? String(chosen.length) : t("scorepage.chosen", { n: chosen.length, most: want }) }),
    el("div", { class: "grid" }, cards));
}

// the game's own numbers and yes/no answers, entered once for everyone
function drawGameValues(entries) {
  if (!entries.length) return null;
  const set = (entry) => (v) => { S.game[entry.id] = v; };
  return el("section", { "aria-labelledby": "h-game" },
    el("h2", { id: "h-game", text: t("scorepage.game") }),
    entries.map((e) => (e.kind === "yesno" ? yesnoField(`game-${e.id}`, e, S.game[e.id] === true, set(e)) : numberField(`game-${e.id}`, e, S.game[e.id] ?? null, set(e)))));
}

function yesnoField(id, entry, checked, assign) {
  return el("div", { class: "switch" },
    el("input", { type: "checkbox", id, checked, on: { change: (e) => change(() => { assign(e.target.checked); return null; }) } }),
    el("label", { for: id, text: t(entry.label) }));
}

function numberField(id, entry, value, assign, round = 0) {
  const [lo, hi] = G.bounds(entry, S.players.length, variants(), round);
  const what = round ? t("score.round", { label: t(entry.label), round }) : t(entry.label); // "Bid, round 3"
  const set = (n) => change(() => (n < lo || n > hi ? t("scorepage.refuse.number", { what, min: lo, max: hi }) : (assign(n), null)));
  return el("div", { role: "group", "aria-labelledby": `${id}-label` },
    el("h4", { id: `${id}-label`, text: what }),
    el("div", { class: "stepper" },
      el("button", { type: "button", id: `${id}-less`, "aria-label": `${what} −1`, on: { click: () => set((value ?? lo) - 1) } }, "−"),
      // typed as well as tapped: a score track's 60 is not sixty taps
      el("input", {
        type: "number", inputmode: "numeric", class: "count", id: `${id}-count`, min: lo, max: hi, value: value === null ? "" : String(value),
        "aria-labelledby": `${id}-label`, on: { change: (e) => (/^-?[0-9]+$/.test(e.target.value.trim()) ? set(Number(e.target.value)) : draw()) },
      }),
      el("button", { type: "button", id: `${id}-more`, "aria-label": `${what} +1`, on: { click: () => set(value === null ? lo : value + 1) } }, "+")));
}

// a player's round entries, round by round: in each round a stepper per entry, within that round's
// bounds ("Bid, round 3"; ids `<colour>-<entry>-r<round>`)
function roundFields(p, entries) {
  const list = (e) => (Array.isArray(p.entries[e.id]) ? p.entries[e.id] : Array(G.rounds()).fill(null));
  const put = (e, i) => (n) => { p.entries[e.id] = list(e).map((v, j) => (j === i ? n : v)); };
  const rounds = Array.from({ length: entries.length ? G.rounds() : 0 }, (_, i) => i);
  // side by side where they fit: in the page's script, so that a page without rounds is as it was
  return rounds.map((i) => el("div", { class: "round", style: "display:flex;flex-wrap:wrap;column-gap:1.5rem" },
    entries.map((e) => numberField(`${p.colour}-${e.id}-r${i + 1}`, e, list(e)[i] ?? null, put(e, i), i + 1))));
}

function pieceButton(id, piece, colour, on, where, click) {
  const plain = G.picture(piece, colour) === D.pictures[""]; // a piece without a picture is its name alone, set as a word tile
  return pressed(id, on, { class: plain ? "card words" : "card", on: { click }, "aria-label": where ? `${piece.name} — ${placeName(where)}` : piece.name },
    plain ? null : el("img", { src: G.picture(piece, colour), alt: "", width: 120, height: Math.round(120 / piece.aspect), style: `--aspect:${piece.aspect}` }),
    el("span", { text: piece.name }),
    where ? el("span", { class: "held", text: where.player ? label(where.player) : t(G.entry(where.entry).label) }) : null);
}

function drawHands() {
  // a co-operative game has no entry of a player's own: everything is the game's
  if (!S.players.length || !G.entries.some((e) => e.per === "player")) return null;
  const current = playerOf(S.tab) || S.players[0];
  const tabs = S.players.map((p) =>
    pressed(`tab-${p.colour}`, p === current, { on: { click: () => { S.tab = p.colour; save(); draw(); } } }, shape(p.colour), el("span", { text: label(p) })));
  const mine = (e) => e.per === "player" && G.active(e, variants()) && G.hasEntry(e, current.colour); // only the seats it names
  const parts = [...G.entries.filter((e) => mine(e) && !e.round).map((e) => drawPlayerEntry(current, e)), ...roundFields(current, G.entries.filter((e) => mine(e) && e.round))];
  const heading = t(G.entries.some((e) => e.per === "player" && e.kind === "pieces") ? "scorepage.hands" : SEATS.each);
  return el("section", { "aria-labelledby": "h-hands" },
    el("h2", { id: "h-hands", text: heading }),
    el("div", { class: "tabs", role: "group", "aria-label": heading }, tabs),
    el("h3", { class: "player" }, shape(current.colour), " ", el("span", { text: label(current) })),
    parts);
}

function drawPlayerEntry(p, entry) {
  const id = `${p.colour}-${entry.id}`;
  const value = p.entries[entry.id];
  if (entry.kind === "choice") {
    const options = [el("option", { value: "", text: "—" }), ...G.choices(entry, p.colour).map((piece) => el("option", { value: piece.id, selected: value === piece.id, text: piece.name }))];
    return el("div", {},
      el("label", { for: id, text: t(entry.label) }),
      el("select", { id, on: { change: (e) => change(() => {
        const choice = e.target.value || null;
        const where = choice && G.whereIs(S.players, p, choice, S.game, entry.id);
        if (where) return t("scorepage.refuse.twice", { card: G.piece(choice).name, where: placeName(where) });
        p.entries[entry.id] = choice;
        return null;
      }) } }, options));
  }
  const assign = (v) => { p.entries[entry.id] = v; };
  if (entry.kind === "yesno") return yesnoField(id, entry, value === true, assign);
  if (entry.kind === "number") return numberField(id, entry, value, assign);
  if (typeof value === "number") {
    return el("div", { role: "group", "aria-labelledby": `${id}-label` },
      el("h4", { id: `${id}-label`, text: t(entry.label) }),
      el("div", { class: "stepper" },
        el("button", { type: "button", id: `${id}-less`, "aria-label": `${t(entry.label)} −1`, on: { click: () => setCount(p, entry, value - 1) } }, "−"),
        el("output", { id: `${id}-count`, "aria-live": "polite", text: String(value) }),
        el("button", { type: "button", id: `${id}-more`, "aria-label": `${t(entry.label)} +1`, on: { click: () => setCount(p, entry, value + 1) } }, "+")));
  }
  const most = G.most(entry, S.players.length, variants());
  const chips = value.map((pid) => el("li", {}, el("button", {
    type: "button", id: `${id}-chip-${pid}`, "aria-label": t("scorepage.remove", { name: G.piece(pid).name }),
    on: { click: () => tapPiece(p, entry, pid) } }, el("span", { text: G.piece(pid).name }), el("span", { "aria-hidden": "true", text: "×" }))));
  const needle = Game.fold(search);
  const groups = G.pickable(entry, p.colour).map(({ title, pieces }) => {
    const shown = pieces.filter((piece) => !needle || Game.fold(piece.name).includes(needle) || Game.fold(piece.id).includes(needle));
    if (!shown.length) return null;
    return el("div", { class: "group" }, title ? el("h4", { text: title }) : null, el("div", { class: "grid" }, shown.map((piece) => {
      const on = value.includes(piece.id);
      return pieceButton(`${id}-${piece.id}`, piece, p.colour, on, on ? null : G.whereIs(S.players, p, piece.id, S.game), () => tapPiece(p, entry, piece.id));
    })));
  });
  return el("div", { role: "group", "aria-labelledby": `${id}-label` },
    el("h4", { id: `${id}-label`, text: `${t(entry.label)} · ${most === null ? value.length : t("scorepage.chosen", { n: value.length, most })}` }),
    el("ul", { class: "chosen", "aria-label": t(entry.label) }, chips),
    el("label", { for: `${id}-search`, text: t("scorepage.search") }),
    el("input", { type: "search", id: `${id}-search`, value: search, autocomplete: "off", on: { input: (e) => { search = e.target.value; draw(); } } }),
    groups);
}

function drawResult(checked) {
  const heading = el("h2", { id: "h-result", text: t(G.titleKey) });
  if (checked.faults.length) {
    const faults = checked.faults.map(sentence);
    return el("section", { "aria-labelledby": "h-result", id: "result" }, heading,
      el("p", { text: t("scorepage.missing") }),
      el("ul", { class: "missing" }, faults.map((f) => el("li", { text: f }))));
  }
  const result = checked.result || G.score(checked.record);
  const players = result.players;
  const head = el("tr", {}, el("th", { scope: "col", text: "" }), players.map((p) =>
    el("th", { scope: "col" }, shape(p.seat.id), p.seat.at === null ? null : el("br"), el("span", { text: G.label(p.seat, t) }))));
  const rows = G.rows(result, t).map((row) => el("tr", { class: row.strong ? "strong" : null },
    el("th", { scope: "row", text: row.label }), row.cells.map((c) => el("td", { text: c }))));
  // lower is better, said before the numbers; the verdict marked by how the game stands (won, lost, not over)
  const lowest = D.sheet.ranking && D.sheet.ranking.lowest && !G.outcome.together;
  return el("section", { "aria-labelledby": "h-result", id: "result" }, heading,
    lowest ? el("p", { class: "lowest", id: "lowest", text: t("scorepage.lowest") }) : null,
    el("div", { class: "table", tabindex: "0", role: "region", "aria-labelledby": "h-result" }, el("table", {}, el("thead", {}, head), el("tbody", {}, rows))),
    G.legendKey ? el("p", { class: "small", text: t(G.legendKey) }) : null,
    el("p", { class: `verdict ${result.outcome || "ranked"}`, id: "verdict", text: verdict(result) }));
}

// who won and why; no winner yet; or a team's win or loss: as the command line says it
function verdict(result) {
  const end = G.outcome.ends.find((e) => e.id === result.end);
  const why = t(end ? end.why : G.outcome.otherwise.why);
  if (result.outcome === "unfinished") return `${t(G.outcome.otherwise.label)} — ${why}`;
  if (result.outcome === "won" || result.outcome === "lost") return `${t("score.team." + result.outcome)}${total(result.players[0].total)} — ${why}`;
  if (end && end.result === "lose") return lost(result, end);
  const best = result.players.filter((p) => p.rank === 1);
  const names = best.map((p) => G.label(p.seat, t)).join(", ");
  const who = t(best.length > 1 ? "score.winners" : "score.winner", { names });
  const reason = result.outcome === "ended" || (end && result.tiebreak === null) ? end.why : G.why(result.tiebreak);
  return `${who}${total(best[0].total)} — ${t(reason, { names })}`;
}

// an instant loss: who lost and why, then who is left to win, or that nobody is (table.py's `lost`)
function lost(result, end) {
  const losers = result.players.filter((p) => p.ended.includes(end.id)).map((p) => G.label(p.seat, t)).join(", ");
  const best = result.players.filter((p) => p.rank === 1 && result.winners.includes(p.seat.id));
  if (!best.length) return `${t(end.why, { names: losers })} — ${t("score.instant.nobody")}`;
  const names = best.map((p) => G.label(p.seat, t)).join(", ");
  return `${t(end.why, { names: losers })} — ${t("score.instant.wins", { names, n: best.length })}${total(best[0].total)}`;
}

// the verdict's total ("· 33 VP"), in the sheet's word for it; nothing in a game without points (table.py's `total`)
function total(points) {
  return G.pointsKey ? ` · ${plural(G.pointsKey, points)}` : "";
}

// Saving and loading a game: a file to keep it, score it again or carry it to another device. The
// file is a record as `score` reads it; its text is shown only on request, with its English
// headings explained, since a player never needs to read or type them.
function drawRecord(checked) {
  const text = el("textarea", { id: "record-text", "aria-labelledby": "record-text-label", spellcheck: "false" });
  text.value = refusedText ?? (checked.record ? RecordIO.dumpYaml(checked.record, G.entries) : "");
  const file = el("input", { type: "file", id: "record-file", accept: ".yaml,.yml,.json,text/yaml,application/json", class: "file" });
  file.addEventListener("change", () => {
    const f = file.files && file.files[0];
    if (f) f.text().then(loadRecord);
  });
  const details = el("details", { id: "record-details", open: textOpen },
    el("summary", { id: "record-text-label", text: t("scorepage.record.text") }),
    el("p", { class: "small", text: t("scorepage.record.explain") }),
    text,
    el("div", { class: "row" }, el("button", { type: "button", id: "load", on: { click: () => loadRecord(text.value) } }, t("scorepage.load"))));
  details.addEventListener("toggle", () => { textOpen = details.open; });
  return el("section", { "aria-labelledby": "h-record" },
    el("h2", { id: "h-record", text: t("scorepage.record") }),
    el("p", { class: "small", text: t("scorepage.record.hint") }),
    el("div", { class: "row" },
      el("button", { type: "button", id: "save", disabled: checked.faults.length > 0, on: { click: () => saveRecord(checked.record, text) } }, t("scorepage.save")),
      el("button", { type: "button", id: "new-game", on: { click: () => { if (confirm(t("scorepage.new.confirm"))) { S = fresh(); notice = ""; noticeFaults = []; refusedText = null; save(); draw(); } } } }, t("scorepage.new"))),
    // the browser's own file button speaks the browser's language, not the page's: the label is the button
    el("div", { class: "row" }, file, el("label", { for: "record-file", class: "button", text: t("scorepage.load.file") })),
    details);
}

function saveRecord(rec, box) {
  const yaml = RecordIO.dumpYaml(rec, G.entries);
  box.value = yaml;
  const a = el("a", { href: URL.createObjectURL(new Blob([yaml], { type: "text/yaml" })), download: "record.yaml" });
  document.body.append(a);
  a.click();
  a.remove();
}

// A record read into the page; refused whole, with every reason, if the command line would refuse it.
function loadRecord(text) {
  const outcome = readRecord(text);
  if (outcome.faults.length) {
    notice = t("scorepage.refuse.record");
    noticeFaults = outcome.faults;
    refusedText = text;
  } else {
    S = G.state(outcome.record);
    notice = "";
    noticeFaults = [];
    refusedText = null;
    save();
  }
  draw();
  document.getElementById("notice").scrollIntoView({ block: "nearest" });
}

function readRecord(text) {
  let data;
  try {
    data = RecordIO.parseYaml(text);
  } catch (e) {
    if (!(e instanceof RecordIO.YamlError)) throw e;
    return { faults: [t("scorepage.refuse.line", { line: e.line, message: t(`scorepage.file.${e.code}`) })] };
  }
  const raw = located(data, (said) => G.resolve(data, said));
  if (raw.record === null) return raw;
  const checked = located(data, (said) => G.check(raw.record, said, D));
  // a value's own fault, found again by the check, is said once: where the reading placed it, at its line
  const again = new Set(raw.messages);
  const more = checked.faults.filter((_, i) => !again.has(checked.messages[i]));
  return { ...checked, faults: [...raw.faults, ...more], messages: [...raw.messages, ...more.map(() => null)] };
}

// ---- a loaded record's faults where a player finds them. sheet.js says where a fault is as a path
// in the record ("players.0.hand.2", "options.rounding"); a player reads the line of the file, the
// seat and the row as the page labels them ("Line 5, Red player, Characters in hand — …").
// `run(said)` runs a check with `said` as its words, which sees each message as it is made: a
// fault is "path: message" or the message alone, so the path is what stands before its message.
function located(data, run) {
  const made = [];
  const said = (key, values = {}) => {
    const text = t(key, values);
    made.push({ key, values, text });
    return text;
  };
  const outcome = run(said);
  let from = 0;
  const messages = []; // each fault's message without its place
  const faults = outcome.faults.map((fault) => {
    for (let i = from; i < made.length; i++) {
      const { key, values, text } = made[i];
      if (fault !== text && !fault.endsWith(`: ${text}`)) continue;
      from = i + 1;
      messages.push(text);
      const path = fault === text ? "" : fault.slice(0, fault.length - text.length - 2);
      return inWords(data, path, key, values) ?? unrepeated(path, text);
    }
    messages.push(fault);
    return fault;
  });
  return { ...outcome, faults, messages };
}

const has = (o, k) => o !== null && typeof o === "object" && Object.prototype.hasOwnProperty.call(o, k);
const rowWords = (id) => {
  const e = G.entry(id);
  if (e) return t(e.label);
  const own = { players: t(SEATS.word), variants: t("scorepage.variants"), options: t("scorepage.options"), colour: t("scorepage.colour"), name: t("scorepage.name"), members: t("scorepage.members") };
  return own[id] ?? null;
};

// "players.1": the seat as the page names it (its colour), else its place in the file
function seatWords(data, i) {
  const raw = Array.isArray(data.players) ? data.players[i] : null;
  const colour = has(raw, "colour") && typeof raw.colour === "string" ? G.colours.find((c) => Game.fold(c.id) === Game.fold(raw.colour) || Game.fold(c.name) === Game.fold(raw.colour)) : null;
  const team = !!D.sheet.teams;
  if (colour) return t(team ? "scorepage.at.team" : "scorepage.at.player", { colour: colour.name });
  return t(team ? "scorepage.at.nth_team" : "scorepage.at.nth_player", { n: i + 1 });
}

// a record path -> [its line, its place in words], or null where it is not a path of the record
function place(data, path) {
  if (path === "") return [null, []];
  const parts = path.split(".");
  const steps = parts.map((p) => (/^[0-9]+$/.test(p) ? Number(p) : p));
  if (parts[0] === "players" && /^[0-9]+$/.test(parts[1] || "")) {
    const words = [seatWords(data, Number(parts[1]))];
    const row = parts[2] && !["colour", "name", "members"].includes(parts[2]) ? rowWords(parts[2]) : null;
    if (parts[2] && G.entry(parts[2])) words.push(row);
    return [RecordIO.lineOf(data, steps), words];
  }
  if (parts[0] === "variants" || parts[0] === "options") return [RecordIO.lineOf(data, steps), [rowWords(parts[0])]];
  if (has(data, parts[0])) {
    // a game entry (and one of its items), or a key the record does not know
    const row = G.entry(parts[0]) ? t(G.entry(parts[0]).label) : null;
    return [RecordIO.lineOf(data, parts.length > 1 ? [parts[0], parts.slice(1).join(".")] : [parts[0]]), row ? [row] : []];
  }
  if (G.entry(parts[0])) return [null, [t(G.entry(parts[0]).label)]];
  return null; // already in the page's words: a seat's label (check's "Red: Characters in hand")
}

// a fault already placed in the page's words ("Red: Characters in hand"), its row not said twice
// where the message begins with it
function unrepeated(path, message) {
  const cut = path.lastIndexOf(": ");
  const last = path.slice(cut + 2);
  return `${message.startsWith(`${last}:`) && cut >= 0 ? path.slice(0, cut) : path}: ${message}`;
}

function inWords(data, path, key, values) {
  const where = place(data, path);
  if (where === null) return null;
  const [line, said] = where;
  const words = said.map((w) => (typeof w === "string" ? w.trim() : w));
  const v = { ...values };
  // a place named inside the message is said in words too
  if (typeof v.where === "string") {
    const other = place(data, v.where);
    if (other) v.where = [other[0] === null ? null : t("scorepage.at.line", { line: other[0] }), ...other[1]].filter(Boolean).join(", ") || v.where;
  }
  const parts = path.split(".");
  const colourOf = parts[0] === "players" && parts[2] === "colour";
  if (colourOf) v.what = t("scorepage.colour"); // a seat's colour, not the players
  if (colourOf && key === "scorepage.refuse.type" && !has((data.players || [])[Number(parts[1])], "colour")) key = "scorepage.refuse.missing";
  if (typeof v.key === "string") v.key = (rowWords(v.key) ?? v.key).trim();
  if (typeof v.what === "string") v.what = v.what.trim(); // a question indented for the terminal, said as a row
  let message = t(key, v);
  if (parts[0] === "options" && parts[1] !== undefined) {
    // a house rule as the page names it, or one this game does not have
    const s = G.switches.find((x) => x.id === parts[1] && x.kind === "option");
    const raw = (data.options || {})[parts[1]];
    if (!s) message = t("scorepage.refuse.key");
    else {
      const valueName = (x) => (D.texts[`score.variant.${s.id}.value.${x}`] === undefined ? String(x) : t(`score.variant.${s.id}.value.${x}`));
      message = t("scorepage.refuse.unknown", { what: D.texts[s.label] === undefined ? t("scorepage.options") : t(s.label), text: valueName(raw) });
    }
  }
  if (key === "scorepage.refuse.shape" && path !== "") message = t("scorepage.refuse.part");
  const shown = words.filter((w, i) => w && ((i === 0 && parts[0] === "players") || !message.includes(w))); // a row the message names is not said twice
  const at = [line === null ? null : t("scorepage.at.line", { line }), ...shown].filter(Boolean).join(", ");
  return at ? t("scorepage.fault", { place: at, message }) : message;
}

// For tests and for anyone with a console: a record's text in, the page's verdict out.
window.scorePage = {
  score(text) {
    const outcome = readRecord(text);
    return outcome.faults.length ? { faults: outcome.faults } : G.toJson(outcome.result || G.score(outcome.record));
  },
  scoreAll(texts) { return texts.map((x) => this.score(x)); },
};

draw();
