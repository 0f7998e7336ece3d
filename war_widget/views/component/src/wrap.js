// @ts-check
// Japanese line breaking, between words.
// Part of the table component: bundled into ../table.js by `npm run build` (esbuild).

// --- Japanese line breaking: between words, never inside one ----------------------------------
// The children's registers write words apart (分かち書き): a line breaks at those spaces, or after
// a mark that ends a phrase (、。！？：／ and closing brackets), never inside a word (never
// 「コンピュータ|ー」), never before ー, a small kana or a closing mark, never after an opening one.
// A text with no spaces (everyday Japanese) may also break between two characters, except inside a
// katakana word, a number (with its counter and the name it follows: コンピューター3、26枚) or a
// Latin word.
const NO_LINE_START = /[ー\u3041\u3043\u3045\u3047\u3049\u3063\u3083\u3085\u3087\u308e\u3095\u3096\u30a1\u30a3\u30a5\u30a7\u30a9\u30c3\u30e3\u30e5\u30e7\u30ee\u30f5\u30f6\u31f0-\u31ff\u3005\u309d\u309e\u30fd\u30fe、。，．！？：；）」』】〕〉》”’・…―!?,.:;)\]}]/u;
const NO_LINE_END = /[（「『【〔〈《“‘([{]/u;
const ENDS_PHRASE = /[、。！？：；）」』】〕〉》／・!?]/u;
const SPACE = /[ \u3000]/u;

/** @param {string} ch
 * @returns {"katakana" | "digit" | "latin" | "other"} */
function charClass(ch) {
  if (/[\u30a0-\u30ff\u31f0-\u31ff]/u.test(ch)) return "katakana";
  if (/[0-9０-９]/u.test(ch)) return "digit";
  if (/[A-Za-z]/u.test(ch)) return "latin";
  return "other";
}

/** The places a line of `text` may start (indices into the text, > 0), for the wrap.
 * `wordsApart`: the text is written words apart (the children's registers: lang "ja_kids" or
 * "ja_kana"), so it breaks only at spaces and marks; by default, when it holds a space.
 * @param {string} text
 * @param {boolean} [wordsApart]
 * @returns {number[]} */
export function breakPoints(text, wordsApart) {
  const chars = Array.from(text);
  const spaced = wordsApart ?? chars.some((c) => SPACE.test(c));
  const points = [];
  for (let i = 1; i < chars.length; i++) {
    const before = chars[i - 1];
    const ch = chars[i];
    if (SPACE.test(ch) || NO_LINE_START.test(ch) || NO_LINE_END.test(before)) continue;
    let ok = SPACE.test(before) || ENDS_PHRASE.test(before) || NO_LINE_END.test(ch);
    if (!ok && !spaced) {
      const a = charClass(before);
      const b = charClass(ch);
      ok = !(a === b && a !== "other") && ![a, b].some((c) => c === "digit" || c === "latin");
    }
    if (ok) points.push(i);
  }
  return points;
}

/** Wrap `text` into lines no wider than `maxW` (`measure(line)` gives a width), breaking only at
 * `breakPoints` (`wordsApart` as there); a word wider than the line stays whole on its own line.
 * Spaces at a break go.
 * @param {string} text
 * @param {number} maxW
 * @param {(line: string) => number} measure
 * @param {boolean} [wordsApart]
 * @returns {string[]} */
export function wrapText(text, maxW, measure, wordsApart) {
  const chars = Array.from(text);
  const cuts = [0, ...breakPoints(text, wordsApart), chars.length];
  const lines = [];
  let line = "";
  for (let k = 0; k + 1 < cuts.length; k++) {
    const piece = chars.slice(cuts[k], cuts[k + 1]).join("");
    const next = line + piece;
    if (line && measure(next.trimEnd()) > maxW) {
      lines.push(line.trimEnd());
      line = piece.trimStart();
    } else {
      line = next;
    }
  }
  if (line.trimEnd() || !lines.length) lines.push(line.trimEnd());
  return lines;
}

/** `text` for an HTML element that the browser wraps: a word joiner (U+2060) between the
 * characters of each word, so the browser too breaks only at `breakPoints`.
 * @param {string} text
 * @param {boolean} [wordsApart]
 * @returns {string} */
export function keepWords(text, wordsApart) {
  const chars = Array.from(text);
  const points = new Set(breakPoints(text, wordsApart));
  return chars.map((c, i) => (i > 0 && !points.has(i) && !SPACE.test(c) && !SPACE.test(chars[i - 1])
    ? `\u2060${c}` : c)).join("");
}
