// Shared helpers: speeds and beat timing, card codes, easing, the keys the table owns, its language, the beat queue, page elements, and `follow` (listeners that stop together).
// Part of the table component: bundled into ../table.js by `npm run build` (esbuild).


export const SPEED_FACTOR = { slow: 1.8, normal: 1, fast: 0.35 };   // Casino War's and Steal War's moves
// War's beats: "fast" is the top speed of autoplay, a 240-round game in about a minute (a round's
// flip, compare and collect and the gap to the next: about 210 ms, and the reply from Python)
export const WAR_SPEED = { slow: 1.8, normal: 1, fast: 0.08 };
// milliseconds at normal speed: motion, then the time the finished picture stays before the next beat
export const BEAT_MS = {
  flip: [420, 380], compare: [120, 520], war: [260, 640], face_down: [380, 200], collect: [620, 240],
  return: [520, 240], shuffle: [620, 200], out: [200, 500], game_over: [300, 800], waiting: [120, 0],
  notice: [0, 0], deal: [0, 0], back: [0, 0], goto: [0, 0], fast_forward: [0, 0], clock: [0, 0],
};
export const AUTOPLAY_GAP_MS = 350;   // between rounds at normal speed
export const RANK_MIN_PX = 34;        // the rank glyph on an upright phone [000]
export const TOUCH_MIN_PX = 44;
export const SUIT_GLYPH = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
export const RANK_NAME = { 11: "J", 12: "Q", 13: "K", 14: "A", 15: "\u2605" };

/** A card code from Python ("14S", "10H", "15R") as {rank, suit, red, joker, glyph, suitGlyph}. */
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

/** How long a beat moves and then rests, in ms, at a speed. */
export function beatTiming(kind, speed) {
  const [move, rest] = BEAT_MS[kind] || [200, 300];
  const k = WAR_SPEED[speed] ?? 1;
  return { move: move * k, rest: rest * k };
}

/** Linear interpolation and an ease for motion. */
export const lerp = (a, b, t) => a + (b - a) * t;
export const ease = (t) => (t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2);

/** What a key does when the table has focus (null: not ours). Keys typed into a field or pressed
 * on a button (Space, Enter) belong to that control. */
export function keyAction(key, targetTag) {
  const tag = (targetTag || "").toUpperCase();
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return null;
  if ((key === " " || key === "Enter") && tag === "BUTTON") return null;
  if (key === " " || key === "Spacebar") return { do: "flip" };
  if (key === "Backspace") return { do: "back" };
  if (key === ">" || key === "=" || key === "<") return { do: "answer", symbol: key };
  return null;
}

/** Whether a key pressed on the table stays there: every key but Tab and Shift+Tab (focus moves
 * on), so a notebook's shortcuts (x, d d, m, a, b, the arrows, Shift+Enter ...) never cut, convert
 * or re-run the cell the table is in while a child plays. */
export function ownsKey(event) {
  return !(event.key === "Tab" && !event.ctrlKey && !event.altKey && !event.metaKey);
}

const KEY_OWNERS = new WeakMap();   // a table's root -> what its keys do
let keysGuarded = false;

/** The table owns its keys: a key pressed inside `root` (but Tab / Shift+Tab) goes to `handler`
 * and nowhere else. Notebook 7 reads shortcuts on the document in the capture phase, JupyterLab
 * in the bubbling one, marimo inside a shadow root: one listener on the window, in the capture
 * phase, runs before all of them, finds the table in the event's composed path and stops the
 * event there (a button's Space/Enter and typing into a field are default actions: they stay).
 * `data-lm-suppress-shortcuts` tells Lumino's command registry the same. */
export function keepKeys(root, handler) {
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  KEY_OWNERS.set(root, handler);
  if (keysGuarded || typeof window === "undefined") return;
  keysGuarded = true;
  window.addEventListener("keydown", (e) => {
    if (!ownsKey(e)) return;
    const path = typeof e.composedPath === "function" ? e.composedPath() : [];
    const owner = path.find((node) => KEY_OWNERS.has(node));
    if (!owner) return;
    e.stopImmediatePropagation();
    KEY_OWNERS.get(owner)(e, path[0] || e.target);
  }, true);
}

/** The page language of a register ("en", "ja", "ja_kids"), for `lang` on the table's root, so a
 * screen reader reads a Japanese table with a Japanese voice. */
export function pageLang(register) {
  return String(register || "en").startsWith("ja") ? "ja" : "en";
}

/** Mark a table's root with its language (`lang`, for screen readers and the CSS `:lang(ja)`
 * line breaking) and its register (`data-register`: the children's registers keep words whole). */
export function markLanguage(root, register) {
  root.lang = pageLang(register);
  root.dataset.register = register || "en";
}

/** Whether Space plays the table's primary button (Deal, Flip) of Casino War and Steal War:
 * not when a control has focus (a button's own Space clicks it; a field takes the character). */
export function spacePlays(key, targetTag) {
  const tag = (targetTag || "").toUpperCase();
  return (key === " " || key === "Spacebar") && !["INPUT", "SELECT", "TEXTAREA", "BUTTON"].includes(tag);
}

/** The beats still to show: the queue plus the beats of `incoming` newer than `lastId`; a beat
 * marked `cut` drops everything before it (Back, a jump, a new game, fast-forward). */
export function mergeBeats(queue, incoming, lastId) {
  let out = queue.slice();
  for (const b of incoming) {
    if (b.id <= lastId || out.some((q) => q.id === b.id)) continue;
    if (b.cut) out = [];
    out.push(b);
  }
  return out;
}

/** The ids of the beats `incoming` brings that the view has not queued (for tests and render). */
export function newest(incoming) {
  return incoming.length ? incoming[incoming.length - 1].id : 0;
}

/** The three answer buttons' words: the question's own (the number mode's "K is bigger" /
 * "the same" / "7 is bigger", sent by Python with the beat) or, with no question waiting, the
 * table's words for "bigger", "the same", "smaller". */
export function answerWords(words, question) {
  const w = words || {};
  const fallback = { ">": w.guess_bigger, "=": w.guess_same, "<": w.guess_smaller };
  const given = (question && question.buttons) || {};
  return [">", "=", "<"].map((sym) => given[sym] || fallback[sym] || "");
}

/** Whether autoplay may ask Python for the next round now: on, nothing queued or moving, the
 * game not over, no question waiting, no request pending (two players too: autoplay plays their
 * rounds for them until it is turned off). */
export function wantsTick(state, current, busy, requested) {
  return Boolean(state && state.autoplay && current && !busy && !requested && !current.view.over
    && !current.view.asking);
}

/** Whether fast autoplay asks Python for the next round already while the last beat it has is
 * still moving (the reply comes while that beat ends, so Python's time does not add to each round's):
 * only at "fast", with nothing else queued, no request pending, and the moving beat neither the
 * game's end nor a question. */
export function wantsTickAhead(state, moving, queued, requested) {
  return Boolean(state && state.autoplay && state.speed === "fast" && moving && !queued && !requested
    && !moving.view.over && !moving.view.asking);
}

// --- the page --------------------------------------------------------------------------------
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
 * plotly.js never stands between a child and the first Flip. */
export function whenIdle(fn) {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(fn, { timeout: 1500 });
  else setTimeout(fn, 300);
}

/** Call each handler when its trait changes (``{trait: handler}``); the returned function stops them all. */
export function follow(model, handlers) {
  const events = Object.entries(handlers).map(([trait, handler]) => [`change:${trait}`, handler]);
  for (const [event, handler] of events) model.on(event, handler);
  return () => { for (const [event, handler] of events) model.off(event, handler); };
}
