// A typed name as it meets others, and what a word may be a slip for: as estoril_pnp/i18n/folding.py.
"use strict";

Scoring.folding = (() => {
  // folding.py's steps: NFKD, lower case, ß as ss and ς as σ, letters and digits only
  const fold = (text) => String(text).normalize("NFKD").toLowerCase().replace(/ß/g, "ss").replace(/ς/g, "σ").replace(/[^\p{L}\p{N}]/gu, "");
  const NEAR_MOST = 100; // longer words get no suggestion (difflib treats long texts its own way)

  // the longest matching block of a[alo:ahi] and b[blo:bhi], found as difflib finds it
  function longest(a, where, alo, ahi, blo, bhi) {
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
  }

  // difflib's SequenceMatcher(None, a, b).ratio() (no junk: names are short): twice the letters of
  // the matching blocks, found longest first as difflib finds them, over both lengths
  function ratio(a, b) {
    const where = new Map();
    [...b].forEach((ch, j) => { if (!where.has(ch)) where.set(ch, []); where.get(ch).push(j); });
    let matched = 0;
    const queue = [[0, a.length, 0, b.length]];
    while (queue.length) {
      const [alo, ahi, blo, bhi] = queue.pop();
      const [i, j, k] = longest(a, where, alo, ahi, blo, bhi);
      if (!k) continue;
      matched += k;
      if (alo < i && blo < j) queue.push([alo, i, blo, j]);
      if (i + k < ahi && j + k < bhi) queue.push([i + k, ahi, j + k, bhi]);
    }
    return a.length + b.length ? (2 * matched) / (a.length + b.length) : 1;
  }

  // what `word` may be a slip for, as folding.py's `near`: the choice most alike
  // (difflib's get_close_matches, cutoff 0.6), if it is about as long; else null
  function near(word, choices) {
    if (word.length > NEAR_MOST) return null;
    const scored = choices.filter((c) => c.length <= NEAR_MOST).map((c) => [ratio(c, word), c]).filter(([r]) => r >= 0.6);
    scored.sort((x, y) => y[0] - x[0] || (x[1] < y[1] ? 1 : x[1] > y[1] ? -1 : 0));
    const best = scored.length ? scored[0][1] : null;
    return best !== null && 3 * Math.min(best.length, word.length) >= 2 * Math.max(best.length, word.length) ? best : null;
  }

  return { fold, near };
})();
