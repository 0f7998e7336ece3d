// @ts-check
// Read-aloud (issue 31, item 5): each beat's sentence spoken by the browser's speech synthesis,
// in the table's language, for children who cannot read yet. Off unless the table's `read_aloud`
// trait (Python's `read_aloud=True`, or the table's "Read aloud" button) turns it on.
// Part of the table component: bundled into ../table.js by `npm run build` (esbuild).

/** What of a beat is read: its sentence, its kind (a clock beat is not read), its id (read once)
 * and whether it cuts what came before (a new game, a jump: what is being read stops).
 * @typedef {Pick<import("./types.js").WarBeat, "say" | "kind" | "id"> & {cut?: boolean}} ReadBeat */

/**
 * A table's reader (createReader): `say(beat)` speaks a beat's sentence once while `on`.
 * @typedef {object} Reader
 * @property {boolean} on
 * @property {string} lang
 * @property {boolean} available  there is a speech synthesiser
 * @property {(flag: boolean) => void} setOn
 * @property {(register: string | null | undefined) => void} setLang
 * @property {(beat: ReadBeat) => SpeechSynthesisUtterance | null} say  (the utterance spoken, if any)
 */

/** The speech language of a table's register: Japanese (every Japanese register, the kana one
 * too) reads as ja-JP, English as en-US.
 * @param {string | null | undefined} register
 * @returns {"ja-JP" | "en-US"} */
export function speechLang(register) {
  return String(register || "en").startsWith("ja") ? "ja-JP" : "en-US";
}

/** Whether a beat has a sentence to read: a new line of the narration (a clock beat says the time
 * left, not a new line; the table prints no line for it either).
 * @param {ReadBeat | null | undefined} beat
 * @returns {boolean} */
export function readable(beat) {
  return Boolean(beat && typeof beat.say === "string" && beat.say.trim() && beat.kind !== "clock");
}

/** A reader over `synth` (a SpeechSynthesis) and `Utterance` (the SpeechSynthesisUtterance
 * constructor): `say(beat)` speaks the beat's sentence once (a beat shown again, after a resize
 * or a redraw, is not read twice), in `lang`'s language, only while on. The sentences queue in
 * the synthesiser (a battle's result and the cards taken are both read); turning it off, or a
 * cut (a new game, a jump), stops what is being read. No synthesiser (an old browser, a test
 * page): it does nothing.
 * @param {Pick<SpeechSynthesis, "speak" | "cancel"> | null | undefined} synth
 * @param {typeof SpeechSynthesisUtterance | null | undefined} Utterance
 * @param {string | null | undefined} register
 * @param {boolean} [on]
 * @returns {Reader} */
export function createReader(synth, Utterance, register, on = false) {
  let enabled = Boolean(on);
  let lang = speechLang(register);
  /** @type {number | null} */
  let last = null;   // the id of the beat read last
  const can = Boolean(synth && typeof synth.speak === "function" && typeof Utterance === "function");
  return {
    get on() { return enabled; },
    get lang() { return lang; },
    available: can,
    setOn(flag) {
      enabled = Boolean(flag);
      if (!enabled && can) /** @type {Pick<SpeechSynthesis, "cancel">} */ (synth).cancel();
    },
    setLang(reg) { lang = speechLang(reg); },
    say(beat) {
      if (!enabled || !can || !readable(beat) || beat.id === last) return null;
      last = beat.id;
      const speaker = /** @type {Pick<SpeechSynthesis, "speak" | "cancel">} */ (synth);   // (`can`: there is one)
      if (beat.cut) speaker.cancel();
      const u = new /** @type {typeof SpeechSynthesisUtterance} */ (Utterance)(beat.say);
      u.lang = lang;
      speaker.speak(u);
      return u;
    },
  };
}

/** The page's reader (window.speechSynthesis), or one that does nothing where there is none.
 * @param {string | null | undefined} register
 * @param {boolean} [on]
 * @returns {Reader} */
export function pageReader(register, on) {
  const w = typeof window === "undefined" ? /** @type {Partial<typeof window>} */ ({}) : window;
  return createReader(w.speechSynthesis, w.SpeechSynthesisUtterance, register, on);
}
