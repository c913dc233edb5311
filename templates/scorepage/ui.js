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
let notice = "";

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

const playerOf = (colour) => S.players.find((p) => p.colour === colour);
const colourName = (id) => G.colour(id).name;
// a seat's name: a player's colour and name, a team's colour and members, or the co-operative team
const label = (p) => {
  const who = p.colour === "team" ? t("score.team.name") : colourName(p.colour);
  if (p.members && p.members.length) return `${who} (${p.members.join(", ")})`;
  return p.name ? `${who} (${p.name})` : who;
};
const variants = () => G.switches.filter((s) => s.kind === "variant" && S.switches[s.id]).map((s) => s.id);

function record() {
  return G.record(S.players, S.game, variants(), S.options);
}

// ---- changing the game; a refused change says why and leaves the state as it was
function change(apply) {
  const before = JSON.stringify(S);
  const why = apply();
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
      return null;
    }
    if (S.players.length >= G.players.max) return t("scorepage.refuse.players", { n: S.players.length + 1, min: G.players.min, max: G.players.max });
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
    if (entry.most !== null && list.length >= entry.most) return t("scorepage.refuse.most", { most: entry.most, what: t(entry.label) });
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

function draw() {
  const focused = document.activeElement && document.activeElement.id;
  const main = document.getElementById("main");
  const parts = [
    el("div", { id: "notice", role: "alert", text: notice }),
    drawPlayers(),
    drawSwitches(),
    drawOptions(),
    ...G.entries.filter((e) => e.per === "game" && !["holder", "holders"].includes(e.kind)).map(drawGameEntry),
    drawHands(),
    ...G.entries.filter((e) => e.per === "game" && ["holder", "holders"].includes(e.kind)).map(drawGameEntry),
    drawResult(),
    drawRecord(),
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
  const names = S.players.map((p) =>
    el("div", {},
      el("label", { for: `name-${p.colour}`, text: `${colourName(p.colour)}: ${t("scorepage.name")}` }),
      el("input", {
        type: "text", id: `name-${p.colour}`, value: p.name || "", maxlength: 100, autocomplete: "off",
        on: { change: (e) => change(() => { p.name = e.target.value.trim() || null; return null; }) },
      })),
  );
  const [min, max] = [G.bound(G.players.min, 0), G.bound(G.players.max, 0)];
  const hint = min === max ? t("scorepage.players_exact", { n: min }) : t("scorepage.players.hint", { min, max });
  return el("section", { "aria-labelledby": "h-players" },
    el("h2", { id: "h-players", text: t("scorepage.players") }),
    el("p", { text: hint }),
    el("div", { class: "row colours", role: "group", "aria-labelledby": "h-players" }, buttons),
    names);
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

function drawGameEntry(entry) {
  const id = `entry-${entry.id}`;
  const heading = el("h2", { id: `h-${id}`, text: t(entry.label) });
  if (entry.kind === "number" || entry.kind === "yesno") {
    return el("section", { "aria-labelledby": `h-${id}` }, heading, drawPlayerEntry({ colour: "game", entries: S.game }, entry));
  }
  if (entry.kind === "holders") { // a holder per piece: nobody or one of the players
    const held = S.game[entry.id] || {};
    const rows = G.group(entry.of[0]).map((piece) => el("div", { role: "group", "aria-label": piece.name },
      el("h4", { text: piece.name }),
      el("div", { class: "row" }, [null, ...S.players.map((p) => p.colour)].map((c) =>
        pressed(`${id}-${piece.id}-${c || "none"}`, (held[piece.id] ?? null) === c, { on: { click: () => change(() => {
          const next = { ...(S.game[entry.id] || {}) };
          if (c === null) delete next[piece.id]; else next[piece.id] = c;
          S.game[entry.id] = next;
          return null;
        }) } }, c ? shape(c) : null, el("span", { text: c ? label(playerOf(c)) : t("scorepage.nobody") }))))));
    return el("section", { "aria-labelledby": `h-${id}` }, heading, rows);
  }
  if (entry.kind === "holder") {
    const choices = [null, ...S.players.map((p) => p.colour)].map((c) =>
      pressed(`${id}-${c || "none"}`, (S.game[entry.id] ?? null) === c, { on: { click: () => change(() => { S.game[entry.id] = c; return null; }) } },
        c ? shape(c) : null, el("span", { text: c ? label(playerOf(c)) : t("scorepage.nobody") })));
    return el("section", { "aria-labelledby": `h-${id}` }, heading, el("div", { class: "row", role: "group", "aria-labelledby": `h-${id}` }, choices));
  }
  // choices: pieces of one group, so many of them; a choice: one of them
  const single = entry.kind === "choice";
  const chosen = single ? [S.game[entry.id]].filter(Boolean) : S.game[entry.id] || [];
  const want = single ? 1 : G.count(entry, S.players.length, variants());
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
  return el("section", { "aria-labelledby": `h-${id}` }, heading,
    el("p", { class: "status", text: t("scorepage.chosen", { n: chosen.length, most: want ?? "–" }) }),
    el("div", { class: "grid" }, cards));
}

function pieceButton(id, piece, colour, on, where, click) {
  return pressed(id, on, { class: "card", on: { click }, "aria-label": where ? `${piece.name} — ${placeName(where)}` : piece.name },
    el("img", { src: G.picture(piece, colour), alt: "", width: 120, height: Math.round(120 / piece.aspect), style: `--aspect:${piece.aspect}` }),
    el("span", { text: piece.name }),
    where ? el("span", { class: "held", text: where.player ? label(where.player) : t(G.entry(where.entry).label) }) : null);
}

function drawHands() {
  if (!S.players.length) return null;
  const current = playerOf(S.tab) || S.players[0];
  const tabs = S.players.map((p) =>
    pressed(`tab-${p.colour}`, p === current, { on: { click: () => { S.tab = p.colour; save(); draw(); } } }, shape(p.colour), el("span", { text: label(p) })));
  const mine = (e) => e.per === "player" && G.active(e, variants()) && (!e.only || e.only.includes(current.colour));
  const parts = G.entries.filter(mine).map((e) => drawPlayerEntry(current, e));
  const heading = t(G.entries.some((e) => e.per === "player" && e.kind === "pieces") ? "scorepage.hands" : "scorepage.each");
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
    const options = [el("option", { value: "", text: "—" }), ...G.choices(entry).map((piece) => el("option", { value: piece.id, selected: value === piece.id, text: piece.name }))];
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
  if (entry.kind === "yesno") {
    return el("div", { class: "switch" },
      el("input", { type: "checkbox", id, checked: value === true, on: { change: (e) => change(() => { p.entries[entry.id] = e.target.checked; return null; }) } }),
      el("label", { for: id, text: t(entry.label) }));
  }
  if (entry.kind === "number") {
    const lo = G.bound(entry.min ?? 0, S.players.length);
    const hi = G.bound(entry.max, S.players.length);
    const set = (n) => change(() => (n < lo || n > hi ? t("scorepage.refuse.number", { what: t(entry.label), min: lo, max: hi }) : ((p.entries[entry.id] = n), null)));
    return el("div", { role: "group", "aria-labelledby": `${id}-label` },
      el("h4", { id: `${id}-label`, text: t(entry.label) }),
      el("div", { class: "stepper" },
        el("button", { type: "button", id: `${id}-less`, "aria-label": `${t(entry.label)} −1`, on: { click: () => set((value ?? lo) - 1) } }, "−"),
        el("output", { id: `${id}-count`, "aria-live": "polite", text: value === null ? "–" : String(value) }),
        el("button", { type: "button", id: `${id}-more`, "aria-label": `${t(entry.label)} +1`, on: { click: () => set(value === null ? lo : value + 1) } }, "+")));
  }
  if (typeof value === "number") {
    return el("div", { role: "group", "aria-labelledby": `${id}-label` },
      el("h4", { id: `${id}-label`, text: t(entry.label) }),
      el("div", { class: "stepper" },
        el("button", { type: "button", id: `${id}-less`, "aria-label": `${t(entry.label)} −1`, on: { click: () => setCount(p, entry, value - 1) } }, "−"),
        el("output", { id: `${id}-count`, "aria-live": "polite", text: String(value) }),
        el("button", { type: "button", id: `${id}-more`, "aria-label": `${t(entry.label)} +1`, on: { click: () => setCount(p, entry, value + 1) } }, "+")));
  }
  const chips = value.map((pid) => el("li", {}, el("button", {
    type: "button", id: `${id}-chip-${pid}`, "aria-label": t("scorepage.remove", { name: G.piece(pid).name }),
    on: { click: () => tapPiece(p, entry, pid) } }, el("span", { text: G.piece(pid).name }), el("span", { "aria-hidden": "true", text: "×" }))));
  const needle = fold(search);
  const groups = G.pickable(entry, p.colour).map(({ title, pieces }) => {
    const shown = pieces.filter((piece) => !needle || fold(piece.name).includes(needle) || fold(piece.id).includes(needle));
    if (!shown.length) return null;
    return el("div", { class: "group" }, title ? el("h4", { text: title }) : null, el("div", { class: "grid" }, shown.map((piece) => {
      const on = value.includes(piece.id);
      return pieceButton(`${id}-${piece.id}`, piece, p.colour, on, on ? null : G.whereIs(S.players, p, piece.id, S.game), () => tapPiece(p, entry, piece.id));
    })));
  });
  return el("div", { role: "group", "aria-labelledby": `${id}-label` },
    el("h4", { id: `${id}-label`, text: `${t(entry.label)} · ${entry.most === null ? value.length : t("scorepage.chosen", { n: value.length, most: entry.most })}` }),
    el("ul", { class: "chosen", "aria-label": t(entry.label) }, chips),
    el("label", { for: `${id}-search`, text: t("scorepage.search") }),
    el("input", { type: "search", id: `${id}-search`, value: search, autocomplete: "off", on: { input: (e) => { search = e.target.value; draw(); } } }),
    groups);
}

function fold(text) {
  return text.normalize("NFKD").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

function drawResult() {
  const heading = el("h2", { id: "h-result", text: t(G.titleKey) });
  const checked = G.check(record(), t, D);
  if (checked.faults.length) {
    return el("section", { "aria-labelledby": "h-result", id: "result" }, heading,
      el("p", { text: t("scorepage.missing") }),
      el("ul", { class: "missing" }, checked.faults.map((f) => el("li", { text: f }))));
  }
  const result = G.score(checked.record);
  const players = result.players;
  const head = el("tr", {}, el("th", { scope: "col", text: "" }), players.map((p) =>
    el("th", { scope: "col" }, p.colour === "team" ? null : shape(p.colour), p.colour === "team" ? null : el("br"), el("span", { text: label(p) }))));
  const rows = G.rows(result, t).map((row) => el("tr", { class: row.strong ? "strong" : null },
    el("th", { scope: "row", text: row.label }), row.cells.map((c) => el("td", { text: c }))));
  if (!G.outcome.together) rows.push(el("tr", {}, el("th", { scope: "row", text: t("score.rank") }), players.map((p) => el("td", { text: String(p.rank) }))));
  return el("section", { "aria-labelledby": "h-result", id: "result" }, heading,
    el("div", { class: "table", tabindex: "0", role: "region", "aria-labelledby": "h-result" }, el("table", {}, el("thead", {}, head), el("tbody", {}, rows))),
    G.legendKey ? el("p", { class: "small", text: t(G.legendKey) }) : null,
    el("p", { class: "verdict", id: "verdict", text: verdict(result) }));
}

// who won and why; no winner yet; or a team's win or loss: as the command line says it
function verdict(result) {
  const end = G.outcome.ends.find((e) => e.id === result.end);
  const why = t(end ? end.why : G.outcome.otherwise.why);
  if (result.outcome === "unfinished") return `${t(G.outcome.otherwise.label)} — ${why}`;
  if (result.outcome === "won" || result.outcome === "lost") return `${t("score.team." + result.outcome)} · ${plural("score.points", result.players[0].total)} — ${why}`;
  const best = result.players.filter((p) => p.rank === 1);
  const names = best.map(label).join(", ");
  const who = t(best.length > 1 ? "score.winners" : "score.winner", { names });
  const reason = result.outcome === "ended" || (end && result.tiebreak === null) ? end.why : G.why(result.tiebreak);
  return `${who} · ${plural("score.points", best[0].total)} — ${t(reason)}`;
}

function drawRecord() {
  const text = el("textarea", { id: "record-text", "aria-labelledby": "h-record", spellcheck: "false" });
  const file = el("input", { type: "file", id: "record-file", accept: ".yaml,.yml,.json,text/yaml,application/json", class: "small" });
  file.addEventListener("change", () => {
    const f = file.files && file.files[0];
    if (f) f.text().then(loadRecord);
  });
  const checked = G.check(record(), t, D);
  return el("section", { "aria-labelledby": "h-record" },
    el("h2", { id: "h-record", text: t("scorepage.record") }),
    el("p", { class: "small", text: t("scorepage.record.hint") }),
    el("div", { class: "row" },
      el("button", { type: "button", id: "save", disabled: checked.faults.length > 0, on: { click: () => saveRecord(checked.record, text) } }, t("scorepage.save")),
      el("button", { type: "button", id: "load", on: { click: () => loadRecord(text.value) } }, t("scorepage.load")),
      el("button", { type: "button", id: "new-game", on: { click: () => { if (confirm(t("scorepage.new.confirm"))) { S = fresh(); notice = ""; save(); draw(); } } } }, t("scorepage.new"))),
    el("label", { for: "record-file", text: t("scorepage.load.file") }), file,
    el("label", { for: "record-text", text: t("scorepage.record.text") }), text);
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
    notice = t("scorepage.refuse.record") + " " + outcome.faults.join(" · ");
  } else {
    S = G.state(outcome.record);
    notice = "";
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
    return { faults: [e instanceof RecordIO.YamlError ? t("scorepage.refuse.line", { line: e.line, message: e.message }) : String(e)] };
  }
  const raw = G.resolve(data, t);
  if (raw.faults.length) return raw;
  return G.check(raw.record, t, D);
}

// For tests and for anyone with a console: a record's text in, the page's verdict out.
window.scorePage = {
  score(text) {
    const outcome = readRecord(text);
    return outcome.faults.length ? { faults: outcome.faults } : G.json(G.score(outcome.record));
  },
  scoreAll(texts) { return texts.map((x) => this.score(x)); },
};

draw();
