// Read-aloud (war_widget/views/component/src/speech.js) with a fake speechSynthesis, run with node:test.
import assert from "node:assert/strict";
import { test } from "node:test";

import { createReader, readable, speechLang } from "../../war_widget/views/component/src/speech.js";

/** A speechSynthesis that records what it is asked to speak (and each cancel). */
function fakeSynth() {
  const synth = { spoken: [], cancels: 0, speak(u) { this.spoken.push({ text: u.text, lang: u.lang }); }, cancel() { this.cancels += 1; } };
  class Utterance { constructor(text) { this.text = text; this.lang = ""; } }
  return { synth, Utterance };
}

// the beats of one flip and its answer, as Python sends them (views/component/play.py), then a clock beat
const BEATS = [
  { id: 2, kind: "flip", say: "Round 1: You turn up 7♠; Computer turns up 4♥. Which is bigger: 7 or 4?" },
  { id: 3, kind: "compare", say: "Right: 7 is bigger. 7 > 4." },
  { id: 4, kind: "collect", say: "You take 2 cards (You 27, Computer 25)." },
  { id: 5, kind: "clock", say: "2:59 left" },
];

test("each beat's sentence is spoken once, in the table's language, when read-aloud is on", () => {
  for (const [register, lang] of [["en", "en-US"], ["ja", "ja-JP"], ["ja_kids", "ja-JP"], ["ja_kana", "ja-JP"]]) {
    const { synth, Utterance } = fakeSynth();
    const reader = createReader(synth, Utterance, register, true);
    for (const beat of BEATS) reader.say(beat);
    reader.say(BEATS[2]);                        // the same beat shown again (a resize, a redraw): not read again
    assert.deepEqual(synth.spoken, BEATS.slice(0, 3).map((b) => ({ text: b.say, lang })), register);
  }
});

test("nothing is spoken while read-aloud is off (the default), and turning it off stops the reading", () => {
  const { synth, Utterance } = fakeSynth();
  const reader = createReader(synth, Utterance, "ja");
  assert.equal(reader.on, false);
  for (const beat of BEATS) reader.say(beat);
  assert.deepEqual(synth.spoken, []);
  reader.setOn(true);
  reader.say({ id: 6, kind: "flip", say: "2回目：あなたは5、コンピューターは9を出しました。" });
  reader.setOn(false);
  reader.say({ id: 7, kind: "compare", say: "コンピューターの勝ちです。" });
  assert.deepEqual(synth.spoken, [{ text: "2回目：あなたは5、コンピューターは9を出しました。", lang: "ja-JP" }]);
  assert.equal(synth.cancels, 1);
});

test("the language follows the table's; no synthesiser: nothing happens and no button is offered", () => {
  const { synth, Utterance } = fakeSynth();
  const reader = createReader(synth, Utterance, "en", true);
  reader.setLang("ja_kana");
  reader.say({ id: 1, kind: "deal", say: "カードを くばったよ。" });
  assert.deepEqual(synth.spoken, [{ text: "カードを くばったよ。", lang: "ja-JP" }]);
  const none = createReader(undefined, undefined, "en", true);
  assert.equal(none.available, false);
  assert.equal(none.say({ id: 1, kind: "deal", say: "Dealt." }), null);
  assert.deepEqual([speechLang("en"), speechLang(undefined), speechLang("ja_kids")], ["en-US", "en-US", "ja-JP"]);
  assert.deepEqual([readable({ say: " " }), readable({ say: "x", kind: "clock" }), readable(null)], [false, false, false]);
});
