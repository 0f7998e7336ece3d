// Japanese line breaking in the table component (issue 27 item 5): between words, never inside one.
import assert from "node:assert/strict";
import { test } from "node:test";

import { breakPoints, keepWords, wrapText } from "../../war_widget/views/component/src/wrap.js";

// a bold sans-serif line of the sentence on a phone: full-width characters 1 em, others about half
const PX = 18;
const measure = (text) => Array.from(text).reduce(
  (w, c) => w + (/[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]/u.test(c) ? PX : PX * 0.55), 0);

test("a kids sentence breaks at its spaces, never inside コンピューター", () => {
  const text = "コンピューターの Kは 7より つよい！\u3000コンピューターの かち。";
  for (const width of [120, 160, 200, 260, 340]) {
    const lines = wrapText(text, width, measure);
    assert.equal(lines.join("").replace(/[ \u3000]/gu, ""), text.replace(/[ \u3000]/gu, ""));
    for (const line of lines) {
      assert.ok(!/^[ーぁぃぅぇぉっゃゅょァィゥェォッャュョ、。！）]/u.test(line), `${width}: ${line}`);
      assert.ok(!/ュ$|ータ$|コンピュ$/u.test(line), `${width}: ${line}`);
    }
  }
  // 200 px: 「コンピューターの Kは」 is 182 px and 「 7より」 would make it 238
  assert.deepEqual(wrapText(text, 200, measure), ["コンピューターの Kは", "7より つよい！", "コンピューターの", "かち。"]);
});

test("no line starts with ー, a small kana or a closing mark, in a text without spaces", () => {
  const text = "あなたが場の2枚を取ります（あなた28枚、コンピューター26枚）。ジャックとクイーン。";
  for (let width = 40; width <= 400; width += 7) {
    for (const line of wrapText(text, width, measure)) {
      assert.ok(!/^[ーぁぃぅぇぉっゃゅょァィゥェォッャュョ、。！）]/u.test(line), `${width}: ${line}`);
      assert.ok(!/[（「]$/u.test(line) && !/\d$/u.test(line), `${width}: ${line}`);
    }
  }
  assert.deepEqual(breakPoints("コンピューター"), [], "a katakana word stays whole");
  assert.deepEqual(breakPoints("コンピューター3：26枚"), [9], "a number stays with its name and its counter");
});

test("a children's line with no space still keeps its words whole", () => {
  const text = "あなた：0かい、コンピューター3：25かい";
  assert.deepEqual(wrapText(text, 120, measure, true), ["あなた：", "0かい、", "コンピューター3：", "25かい"]);
  assert.ok(wrapText(text, 120, measure).some((line) => /^[いか]/u.test(line)), "everyday text may part kana");
});

test("a word wider than the line stays whole on its own line", () => {
  assert.deepEqual(wrapText("もういっしょうぶ！ かち", 40, measure), ["もういっしょうぶ！", "かち"]);
});

test("keepWords joins the letters of each word for the browser's own wrap", () => {
  const kept = keepWords("コンピューターが 2まい");
  assert.equal(kept.replaceAll("\u2060", ""), "コンピューターが 2まい");
  assert.ok(kept.includes("タ\u2060ー") && kept.includes("が 2"));
});
