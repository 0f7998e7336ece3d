/* global process, console */
// Wraps every sentence of a JSON file (argv[2]: a list of strings) at phone widths with table.js's
// wrapText and prints, as JSON, every line break that falls inside a word (tests/text/test_wrap_ja.py).
import { readFileSync } from "node:fs";

import { wrapText } from "../../war_widget/views/component/src/wrap.js";

const WORD = /[\u3040-\u309f\u30a0-\u30fa\u30fc-\u30ff\u4e00-\u9fff0-9A-Za-z]/u;   // kana, katakana and ー (not ・), kanji, digits, letters
const NO_START = /[ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮ、。！？）」』：]/u;
const SPACE = /[ \u3000]/u;
const sentences = JSON.parse(readFileSync(process.argv[2], "utf8"));
const widths = JSON.parse(process.argv[3] || "[300, 340, 220]");
const PX = 18;                                         // the sentence line on a phone: 16 px x 1.15, bold
const measure = (t) => Array.from(t).reduce((w, c) => w + (/[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]/u.test(c) ? PX : PX * 0.55), 0);
const bad = [];
let lines = 0;
for (const text of sentences) {
  const chars = Array.from(text);
  for (const width of widths) {
    const wrapped = wrapText(text, width, measure, true);   // the children's registers: words apart
    lines += wrapped.length;
    let at = 0;
    wrapped.forEach((line, k) => {
      while (at < chars.length && SPACE.test(chars[at]) && k > 0) at++;
      const start = at;
      if (chars.slice(at, at + Array.from(line).length).join("") !== line) bad.push({ text, width, line, why: "lost text" });
      at += Array.from(line).length;
      if (k === 0) return;
      const before = chars[start - 1];
      const first = chars[start];
      if (!SPACE.test(before) && WORD.test(before) && WORD.test(first)) bad.push({ text, width, line, why: "inside a word" });
      if (NO_START.test(first)) bad.push({ text, width, line, why: "starts with a mark that cannot start a line" });
      if (measure(line) > width && SPACE.test(line)) bad.push({ text, width, line, why: "too wide though it has a space" });
    });
  }
}
console.log(JSON.stringify({ sentences: sentences.length, lines, bad: bad.slice(0, 50), count: bad.length }));
