// @ts-check
// Shared helpers: speeds and beat timing, card codes, easing, the keys the table owns, its language, the beat queue, page elements, and `follow` (listeners that stop together).
// Part of the table component: bundled into ../table.js by `npm run build` (esbuild).

/** @typedef {import("./types.js").Speed} Speed */
/** @typedef {import("./types.js").WarAction} WarAction */

/** @type {Record<Speed, number>} */
export const SPEED_FACTOR = { slow: 1.8, normal: 1, fast: 0.35 };   // Casino War's and Steal War's moves
// War's beats: "fast" is the top speed of autoplay, a 240-round game in about a minute (a round's
// flip, compare and collect and the gap to the next: about 210 ms, and the reply from Python)
/** @type {Record<Speed, number>} */
export const WAR_SPEED = { slow: 1.8, normal: 1, fast: 0.08 };
// milliseconds at normal speed: motion, then the time the finished picture stays before the next beat
/** @type {Record<string, [number, number]>} a beat's kind -> [move, rest] */
export const BEAT_MS = {
  flip: [420, 380], compare: [120, 520], war: [260, 640], face_down: [380, 200], collect: [620, 240],
  return: [520, 240], shuffle: [620, 200], out: [200, 500], game_over: [300, 800], waiting: [120, 0],
  notice: [0, 0], deal: [0, 0], back: [0, 0], goto: [0, 0], fast_forward: [0, 0], clock: [0, 0],
};
export const AUTOPLAY_GAP_MS = 350;   // between rounds at normal speed
export const RANK_MIN_PX = 34;        // the rank glyph on an upright phone [000]
export const TOUCH_MIN_PX = 44;
/** @type {Record<string, string>} */
export const SUIT_GLYPH = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
/** @type {Record<number, string>} */
export const RANK_NAME = { 11: "J", 12: "Q", 13: "K", 14: "A", 15: "\u2605" };

/**
 * A card read from its code: rank 2..14 (15: a joker), suit letter, its ink, the corner's glyph
 * and the suit's sign ("JOKER" for a joker).
 * @typedef {object} ParsedCard
 * @property {number} rank
 * @property {string} suit
 * @property {boolean} red
 * @property {boolean} joker
 * @property {string} glyph
 * @property {string} suitGlyph
 */

/** A card code from Python ("14S", "10H", "15R") as {rank, suit, red, joker, glyph, suitGlyph}.
 * @param {string} code
 * @returns {ParsedCard} */
export function parseCard(code) {
  const m = /^(\d+)([SHDCRB])$/.exec(code);
  if (!m) throw new Error(`not a card code: ${code}`);
  const rank = Number(m[1]);
  const suit = m[2];
  const joker = rank === 15;
  const red = suit === "H" || suit === "D" || suit === "R";
  return { rank, suit, red, joker, glyph: RANK_NAME[rank] || String(rank),
    suitGlyph: joker ? "JOKER" : SUIT_GLYPH[suit] };
}

/** How long a beat moves and then rests, in ms, at a speed.
 * @param {string} kind  the beat's kind (BEAT_MS; another moves 200 ms, rests 300)
 * @param {Speed} speed
 * @returns {{move: number, rest: number}} */
export function beatTiming(kind, speed) {
  const [move, rest] = BEAT_MS[kind] || [200, 300];
  const k = WAR_SPEED[speed] ?? 1;
  return { move: move * k, rest: rest * k };
}

/** Linear interpolation and an ease for motion.
 * @type {(a: number, b: number, t: number) => number} */
export const lerp = (a, b, t) => a + (b - a) * t;
/** @type {(t: number) => number} */
export const ease = (t) => (t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2);

/** What a key does when the table has focus (null: not ours). Keys typed into a field or pressed
 * on a button (Space, Enter) belong to that control.
 * @param {string} key
 * @param {string | null | undefined} targetTag
 * @returns {import("./types.js").WarAction | null} */
export function keyAction(key, targetTag) {
  const tag = (targetTag || "").toUpperCase();
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return null;
  if ((key === " " || key === "Enter") && tag === "BUTTON") return null;
  if (key === " " || key === "Spacebar") return { do: "flip" };
  if (key === "Backspace") return { do: "back" };
  if (key === ">" || key === "=" || key === "<") return { do: "answer", symbol: key };
  return null;
}

/** What of a key event the key rules read (a KeyboardEvent; the node tests pass plain objects).
 * @typedef {Pick<KeyboardEvent, "key" | "ctrlKey" | "altKey" | "metaKey">} KeyLike */

/** Whether a key pressed on the table stays there: every key but Tab and Shift+Tab (focus moves
 * on), so a notebook's shortcuts (x, d d, m, a, b, the arrows, Shift+Enter ...) never cut, convert
 * or re-run the cell the table is in while a child plays.
 * @param {KeyLike} event
 * @returns {boolean} */
export function ownsKey(event) {
  return !(event.key === "Tab" && !event.ctrlKey && !event.altKey && !event.metaKey);
}

/** Whether a key the table owns keeps its default action (else the table prevents it, so no key
 * scrolls or navigates the page around it: the arrows, Page Up/Down, Home/End, Space, Alt+Left).
 * Kept: what a control does with its key (typing and moving in a field, choosing in a select, a
 * button's or a summary's Space and Enter) and the browser's own shortcuts (Ctrl/Cmd with a
 * character: copy, find, zoom, reload; the F keys). `editable`: the target is content-editable.
 * @param {KeyLike} event
 * @param {string | null | undefined} targetTag
 * @param {boolean} [editable]
 * @returns {boolean} */
export function keepsDefault(event, targetTag, editable = false) {
  const tag = (targetTag || "").toUpperCase();
  if (editable || tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return true;
  const key = event.key || "";
  if ((tag === "BUTTON" || tag === "SUMMARY") && (key === " " || key === "Enter" || key === "Spacebar")) return true;
  if ((event.ctrlKey || event.metaKey) && key.length === 1) return true;
  return /^F\d{1,2}$/.test(key);
}

/** What a table does with a key it owns: the event and its target (the element that has focus).
 * @callback KeyHandler
 * @param {KeyboardEvent} event
 * @param {HTMLElement | null} target
 * @returns {void} */

/** @type {WeakMap<EventTarget, KeyHandler>} */
const KEY_OWNERS = new WeakMap();   // a table's root -> what its keys do
let keysGuarded = false;

/** The table owns its keys: a key pressed inside `root` (but Tab / Shift+Tab) goes to `handler`
 * and nowhere else. Notebook 7 reads shortcuts on the document in the capture phase, JupyterLab
 * in the bubbling one, marimo inside a shadow root: one listener on the window, in the capture
 * phase, runs before all of them, finds the table in the event's composed path and stops the
 * event there, and prevents its default action unless `keepsDefault` (a page with no cells,
 * Voila, marimo, the static site, would scroll or go back). `data-lm-suppress-shortcuts` tells
 * Lumino's command registry the same.
 * @param {HTMLElement} root
 * @param {KeyHandler} handler */
export function keepKeys(root, handler) {
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  KEY_OWNERS.set(root, handler);
  if (keysGuarded || typeof window === "undefined") return;
  keysGuarded = true;
  window.addEventListener("keydown", (e) => {
    if (!ownsKey(e)) return;
    const path = typeof e.composedPath === "function" ? e.composedPath() : [];   // nodes of any kind
    const owner = path.find((node) => KEY_OWNERS.has(node));
    if (!owner) return;
    e.stopImmediatePropagation();
    // a key's target is the element that has focus (or the page's body)
    const target = /** @type {HTMLElement | null} */ (path[0] || e.target);
    if (!keepsDefault(e, target && target.tagName, Boolean(target && target.isContentEditable))) e.preventDefault();
    /** @type {KeyHandler} */ (KEY_OWNERS.get(owner))(e, target);
  }, true);
}

/** The page language of a register ("en", "ja", "ja_kids"), for `lang` on the table's root, so a
 * screen reader reads a Japanese table with a Japanese voice.
 * @param {string | null | undefined} register
 * @returns {"ja" | "en"} */
export function pageLang(register) {
  return String(register || "en").startsWith("ja") ? "ja" : "en";
}

/** Mark a table's root with its language (`lang`, for screen readers and the CSS `:lang(ja)`
 * line breaking) and its register (`data-register`: the children's registers keep words whole).
 * @param {HTMLElement} root
 * @param {string | null | undefined} register */
export function markLanguage(root, register) {
  root.lang = pageLang(register);
  root.dataset.register = register || "en";
}

/** Whether Space plays the table's primary button (Deal, Flip) of Casino War and Steal War:
 * not when a control has focus (a button's own Space clicks it; a field takes the character).
 * @param {string} key
 * @param {string | null | undefined} targetTag
 * @returns {boolean} */
export function spacePlays(key, targetTag) {
  const tag = (targetTag || "").toUpperCase();
  return (key === " " || key === "Spacebar") && !["INPUT", "SELECT", "TEXTAREA", "BUTTON"].includes(tag);
}

/** The beats still to show: the queue plus the beats of `incoming` newer than `lastId`; a beat
 * marked `cut` drops everything before it (Back, a jump, a new game, fast-forward).
 * @template {{id: number, cut?: boolean}} B
 * @param {B[]} queue
 * @param {B[]} incoming
 * @param {number} lastId
 * @returns {B[]} */
export function mergeBeats(queue, incoming, lastId) {
  let out = queue.slice();
  for (const b of incoming) {
    if (b.id <= lastId || out.some((q) => q.id === b.id)) continue;
    if (b.cut) out = [];
    out.push(b);
  }
  return out;
}

/** The ids of the beats `incoming` brings that the view has not queued (for tests and render).
 * @param {{id: number}[]} incoming
 * @returns {number} */
export function newest(incoming) {
  return incoming.length ? incoming[incoming.length - 1].id : 0;
}

/** The three answer buttons' words: the question's own (the number mode's "K is bigger" /
 * "the same" / "7 is bigger", sent by Python with the beat) or, with no question waiting, the
 * table's words for "bigger", "the same", "smaller".
 * @param {Record<string, string> | null | undefined} words
 * @param {import("./types.js").Question | null | undefined} question
 * @returns {string[]} */
export function answerWords(words, question) {
  const w = words || {};
  /** @type {Record<string, string | undefined>} */
  const fallback = { ">": w.guess_bigger, "=": w.guess_same, "<": w.guess_smaller };
  const given = (question && question.buttons) || {};
  return [">", "=", "<"].map((sym) => given[sym] || fallback[sym] || "");
}

/** What of a beat autoplay reads: whether its picture ends the game or asks a question.
 * @typedef {{view: Pick<import("./types.js").BeatView, "over" | "asking">}} BeatShown */

/** Whether autoplay may ask Python for the next round now: on, nothing queued or moving, the
 * game not over, no question waiting, no request pending (two players too: autoplay plays their
 * rounds for them until it is turned off).
 * @param {Pick<import("./types.js").WarState, "autoplay"> | null | undefined} state
 * @param {BeatShown | null | undefined} current  the beat on screen
 * @param {boolean} busy  a beat queued or moving
 * @param {boolean} requested
 * @returns {boolean} */
export function wantsTick(state, current, busy, requested) {
  return Boolean(state && state.autoplay && current && !busy && !requested && !current.view.over
    && !current.view.asking);
}

/** Whether fast autoplay asks Python for the next round already while the last beat it has is
 * still moving (the reply comes while that beat ends, so Python's time does not add to each round's):
 * only at "fast", with nothing else queued, no request pending, and the moving beat neither the
 * game's end nor a question.
 * @param {Pick<import("./types.js").WarState, "autoplay" | "speed"> | null | undefined} state
 * @param {BeatShown | null | undefined} moving  the beat moving on screen
 * @param {number} queued  how many beats are queued after it
 * @param {boolean} requested
 * @returns {boolean} */
export function wantsTickAhead(state, moving, queued, requested) {
  return Boolean(state && state.autoplay && state.speed === "fast" && moving && !queued && !requested
    && !moving.view.over && !moving.view.asking);
}

// --- the page --------------------------------------------------------------------------------
/** A new element `tag` with attributes (`class`: its class name, `text`: its text) and children.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string> | null} [attrs]
 * @param {...(Node | string)} children
 * @returns {HTMLElementTagNameMap[K]} */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

/** Run `fn` when the page is idle (after the table's first paint and the first tap's work), so
 * plotly.js never stands between a child and the first Flip.
 * @param {() => void} fn */
export function whenIdle(fn) {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(fn, { timeout: 1500 });
  else setTimeout(fn, 300);
}

/** Call each handler when its trait changes (``{trait: handler}``: a name not among the model's
 * traits is a type error); the returned function stops them all.
 * @template {object} T
 * @param {import("./types.js").Model<T, never>} model
 * @param {{[K in keyof T]?: () => void}} handlers
 * @returns {() => void} */
export function follow(model, handlers) {
  const events = /** @type {[string, () => void][]} */ (Object.entries(handlers).map(([trait, handler]) => [`change:${trait}`, handler]));
  for (const [event, handler] of events) model.on(event, handler);
  return () => { for (const [event, handler] of events) model.off(event, handler); };
}
