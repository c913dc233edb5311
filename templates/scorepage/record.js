// A game record on the page: read from the YAML (or JSON) that `score` reads, written back as
// such YAML, and checked as the command line checks it, each fault in the page's own words.
"use strict";

const RecordIO = (() => {
  // ---- a small YAML reader: the subset a record uses (block and flow mappings and lists,
  // plain and quoted scalars, comments); anything else is refused with its line and why, as
  // `code`: the catalog's `scorepage.file.<code>` says it to a player (never the parser's words).
  class YamlError extends Error {
    constructor(line, code) { super(`line ${line}: ${code}`); this.line = line; this.code = code; }
  }

  // the line each key or list item was read from, by the mapping or list holding it, so a fault
  // in a record can say where in the file it is
  const LINES = new WeakMap();
  function mark(holder, key, line) {
    if (holder === null || typeof holder !== "object") return;
    if (!LINES.has(holder)) LINES.set(holder, new Map());
    if (!LINES.get(holder).has(String(key))) LINES.get(holder).set(String(key), line);
  }
  // the line of `path` (keys and indices, from the top) in `data` as parseYaml read it; null if unknown
  function lineOf(data, path) {
    let node = data;
    let line = null;
    for (const key of path) {
      if (node === null || typeof node !== "object") break;
      const at = LINES.get(node);
      if (!at || !at.has(String(key))) break;
      line = at.get(String(key));
      node = node[key];
    }
    return line;
  }

  function scalar(text, line) {
    const t = text.trim();
    if (t === "" || t === "~" || t === "null" || t === "Null" || t === "NULL") return null;
    if (/^(true|True|TRUE)$/.test(t)) return true;
    if (/^(false|False|FALSE)$/.test(t)) return false;
    // YAML 1.2's core schema, as estoril_pnp/source/yamlparse.py reads it: yes, no, on, off are text
    if (/^[-+]?[0-9]+$/.test(t)) return Number(t);
    if (/^0o[0-7]+$/.test(t)) return parseInt(t.slice(2), 8);
    if (/^0x[0-9a-fA-F]+$/.test(t)) return parseInt(t.slice(2), 16);
    if (t[0] === '"' || t[0] === "'") {
      const [value, rest] = quoted(t, 0, line);
      if (t.slice(rest).trim() !== "") throw new YamlError(line, "after_quote");
      return value;
    }
    if (/^[&*!|>%@`]/.test(t)) throw new YamlError(line, "signs");
    return t;
  }

  function quoted(t, i, line) {
    const q = t[i];
    let out = "";
    for (let j = i + 1; j < t.length; j++) {
      const ch = t[j];
      if (q === "'" && ch === "'") {
        if (t[j + 1] === "'") { out += "'"; j++; continue; }
        return [out, j + 1];
      }
      if (q === '"' && ch === '"') return [out, j + 1];
      if (q === '"' && ch === "\\") {
        const e = t[++j];
        const simple = { n: "\n", t: "\t", r: "\r", '"': '"', "\\": "\\", "/": "/", "0": "\0", b: "\b", f: "\f", e: "\x1b", " ": " " };
        if (e in simple) out += simple[e];
        else if (e === "x" || e === "u" || e === "U") {
          const n = { x: 2, u: 4, U: 8 }[e];
          const hex = t.slice(j + 1, j + 1 + n);
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== n) throw new YamlError(line, "escape");
          out += String.fromCodePoint(parseInt(hex, 16));
          j += n;
        } else throw new YamlError(line, "escape");
        continue;
      }
      out += ch;
    }
    throw new YamlError(line, "quote");
  }

  // a flow value ([a, b], {k: v}, or a scalar) starting at t[i]; returns [value, next index]
  function flow(t, i, line) {
    while (t[i] === " ") i++;
    if (t[i] === "[" || t[i] === "{") {
      const list = t[i] === "[";
      const close = list ? "]" : "}";
      const out = list ? [] : {};
      i++;
      for (;;) {
        while (t[i] === " ") i++;
        if (t[i] === close) return [out, i + 1];
        let key, value;
        [value, i] = flow(t, i, line);
        while (t[i] === " ") i++;
        if (!list) {
          if (t[i] !== ":") throw new YamlError(line, "brackets");
          key = value;
          [value, i] = flow(t, i + 1, line);
          while (t[i] === " ") i++;
          out[String(key)] = value;
          mark(out, key, line);
        } else { mark(out, out.length, line); out.push(value); }
        if (t[i] === ",") { i++; continue; }
        if (t[i] === close) return [out, i + 1];
        throw new YamlError(line, "brackets");
      }
    }
    if (t[i] === '"' || t[i] === "'") return quoted(t, i, line);
    let j = i;
    while (j < t.length && !",]}".includes(t[j]) && !(t[j] === ":" && (t[j + 1] === " " || j + 1 === t.length || ",]}".includes(t[j + 1])))) j++;
    return [scalar(t.slice(i, j), line), j];
  }

  function stripComment(text) {
    let q = null;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (q) { if (ch === q) q = null; else if (ch === "\\" && q === '"') i++; continue; }
      if ((ch === '"' || ch === "'") && /[\s:[{,-]/.test(text[i - 1] || " ")) q = ch;
      else if (ch === "#" && (i === 0 || text[i - 1] === " ")) return text.slice(0, i);
    }
    return text;
  }

  function depth(text) {
    let d = 0;
    let q = null;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (q) { if (ch === q) q = null; else if (ch === "\\" && q === '"') i++; continue; }
      if (ch === '"' || ch === "'") { if (d > 0 || /[\s:[{,-]/.test(text[i - 1] || " ")) q = ch; }
      else if (ch === "[" || ch === "{") d++;
      else if (ch === "]" || ch === "}") d--;
    }
    return d;
  }

  function value(text, line) {
    const t = text.trim();
    if (t[0] === "[" || t[0] === "{") {
      const [v, end] = flow(t, 0, line);
      if (t.slice(end).trim() !== "") throw new YamlError(line, "after_bracket");
      return v;
    }
    return scalar(t, line);
  }

  // "key: rest" -> [key, rest] or null
  function keyOf(t, line) {
    let key, i;
    if (t[0] === '"' || t[0] === "'") [key, i] = quoted(t, 0, line);
    else {
      const m = /^([^:#[\]{},]+?)\s*:(\s|$)/.exec(t);
      if (!m) return null;
      key = m[1]; i = m[1].length;
    }
    while (t[i] === " ") i++;
    if (t[i] !== ":") return null;
    return [String(key), t.slice(i + 1)];
  }

  function parseYaml(source) {
    if (source.length > 2 * 1024 * 1024) throw new YamlError(1, "large");
    const lines = [];
    source.replace(/^\uFEFF/, "").split(/\r?\n/).forEach((raw, n) => {
      if (raw.includes("\t") && /^\s*\t/.test(raw)) throw new YamlError(n + 1, "tab");
      const text = stripComment(raw).replace(/\s+$/, "");
      if (text.trim() === "" || text === "---") return;
      if (text === "...") return;
      lines.push({ n: n + 1, indent: text.length - text.trimStart().length, text: text.trim() });
    });
    // a flow list or mapping may go on over the next lines: join them until its brackets close
    for (let i = 0; i < lines.length; i++) {
      while (depth(lines[i].text) > 0 && i + 1 < lines.length) {
        lines[i].text += " " + lines[i + 1].text;
        lines.splice(i + 1, 1);
      }
    }
    let pos = 0;
    function block(indent) {
      const first = lines[pos];
      if (first.text.startsWith("- ") || first.text === "-") {
        const out = [];
        while (pos < lines.length && lines[pos].indent === indent && (lines[pos].text.startsWith("- ") || lines[pos].text === "-")) {
          const line = lines[pos];
          const rest = line.text.slice(1).trimStart();
          mark(out, out.length, line.n);
          if (rest === "") {
            pos++;
            out.push(pos < lines.length && lines[pos].indent > indent ? block(lines[pos].indent) : null);
          } else if (keyOf(rest, line.n)) {
            // "- key: value" opens a mapping whose keys sit at the dash's indent + 2
            const inner = indent + (line.text.length - rest.length);
            lines[pos] = { n: line.n, indent: inner, text: rest };
            out.push(block(inner));
          } else {
            out.push(value(rest, line.n));
            pos++;
          }
        }
        return out;
      }
      const out = {};
      while (pos < lines.length && lines[pos].indent === indent) {
        const line = lines[pos];
        const kv = keyOf(line.text, line.n);
        if (!kv) throw new YamlError(line.n, "layout");
        const [key, rest] = kv;
        if (Object.prototype.hasOwnProperty.call(out, key)) throw new YamlError(line.n, "twice");
        mark(out, key, line.n);
        pos++;
        if (rest.trim() !== "") out[key] = value(rest, line.n);
        else if (pos < lines.length && (lines[pos].indent > indent || (lines[pos].indent === indent && lines[pos].text.startsWith("-")))) out[key] = block(lines[pos].indent);
        else out[key] = null;
      }
      return out;
    }
    if (lines.length === 0) return null;
    if (lines.length && (lines[0].text[0] === "{" || lines[0].text[0] === "[")) {
      const whole = lines.map((l) => l.text).join(" ");
      const [v, end] = flow(whole, 0, lines[0].n);
      if (whole.slice(end).trim() !== "") throw new YamlError(lines[0].n, "after_bracket");
      return v;
    }
    const top = block(lines[0].indent);
    if (pos < lines.length) throw new YamlError(lines[pos].n, "indentation");
    return top;
  }

  // ---- writing: block mappings, flow lists of ids, every text quoted as JSON (valid YAML)
  const plain = (s) => (/^[a-z_][a-z0-9_]*$/.test(s) && !["null", "true", "false", "yes", "no", "on", "off", "y", "n"].includes(s) ? s : JSON.stringify(s));
  const listOf = (xs) => "[" + xs.map(plain).join(", ") + "]";

  // `entries`: the sheet's, in its order; every value the record holds is written, nothing else
  function dumpYaml(record, entries) {
    // a holders entry is a flow mapping {piece: colour}
    const mapping = (m) => "{" + Object.entries(m).map(([k, v]) => `${plain(k)}: ${plain(v)}`).join(", ") + "}";
    const scalar = (v) => (Array.isArray(v) ? listOf(v) : typeof v === "string" ? plain(v) : v !== null && typeof v === "object" ? mapping(v) : String(v));
    const out = ["players:"];
    for (const p of record.players) {
      out.push(`  - colour: ${plain(p.colour)}`);
      if (p.name != null) out.push(`    name: ${JSON.stringify(p.name)}`);
      if (p.members) out.push(`    members: [${p.members.map((m) => JSON.stringify(m)).join(", ")}]`);
      for (const e of entries.filter((x) => x.per === "player")) if (p[e.id] != null) out.push(`    ${plain(e.id)}: ${scalar(p[e.id])}`);
    }
    for (const e of entries.filter((x) => x.per === "game")) if (record[e.id] != null) out.push(`${plain(e.id)}: ${scalar(record[e.id])}`);
    if (record.variants.length) out.push(`variants: ${listOf(record.variants)}`);
    const options = Object.entries(record.options || {});
    if (options.length) {
      out.push("options:");
      for (const [k, v] of options) out.push(`  ${plain(k)}: ${scalar(v)}`);
    }
    return out.join("\n") + "\n";
  }

  return { parseYaml, dumpYaml, lineOf, YamlError };
})();
