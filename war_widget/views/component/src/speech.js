// @ts-check
// Read-aloud (issue 31, item 5): each beat's sentence spoken by the browser's speech synthesis,
// in the table's language, for children who cannot read yet. Off unless the table's `read_aloud`
// trait (Python's `read_aloud=True`, or the table's "Read aloud" button) turns it on.
// Part of the table component: bundled into ../table.js by `npm run build` (esbuild).

/** The speech language of a table's register: Japanese (every Japanese register, the kana one
 * too) reads as ja-JP, English as en-US. */
export function speechLang(register) {
  return String(register || "en").startsWith("ja") ? "ja-JP" : "en-US";
}

/** Whether a beat has a sentence to read: a new line of the narration (a clock beat says the time
 * left, not a new line; the table prints no line for it either). */
export function readable(beat) {
  return Boolean(beat && typeof beat.say === "string" && beat.say.trim() && beat.kind !== "clock");
}

/** A reader over `synth` (a SpeechSynthesis) and `Utterance` (the SpeechSynthesisUtterance
 * constructor): `say(beat)` speaks the beat's sentence once (a beat shown again, after a resize
 * or a redraw, is not read twice), in `lang`'s language, only while on. The sentences queue in
 * the synthesiser (a battle's result and the cards taken are both read); turning it off, or a
 * cut (a new game, a jump), stops what is being read. No synthesiser (an old browser, a test
 * page): it does nothing. */
export function createReader(synth, Utterance, register, on = false) {
  let enabled = Boolean(on);
  let lang = speechLang(register);
  let last = null;
  const can = Boolean(synth && typeof synth.speak === "function" && typeof Utterance === "function");
  return {
    get on() { return enabled; },
    get lang() { return lang; },
    available: can,
    setOn(flag) {
      enabled = Boolean(flag);
      if (!enabled && can) synth.cancel();
    },
    setLang(reg) { lang = speechLang(reg); },
    say(beat) {
      if (!enabled || !can || !readable(beat) || beat.id === last) return null;
      last = beat.id;
      if (beat.cut) synth.cancel();
      const u = new Utterance(beat.say);
      u.lang = lang;
      synth.speak(u);
      return u;
    },
  };
}

/** The page's reader (window.speechSynthesis), or one that does nothing where there is none. */
export function pageReader(register, on) {
  const w = typeof window === "undefined" ? {} : window;
  return createReader(w.speechSynthesis, w.SpeechSynthesisUtterance, register, on);
}
