// @ts-check
// The time limit's clock is the page's (session/clock.py): while a time-limited game runs
// (`state.clock`), the page says once a second how long it has shown the table since its last
// word, `{do: "clock", ms, view}`. A hidden tab says nothing, and the time it was hidden is in
// no word (the first second after it shows again only starts the count). Two views of one
// table each say theirs, each under its own `view` name: Python counts one view's only.
// Part of the table component: bundled into ../table.js by `npm run build` (esbuild).

/** @typedef {import("./types.js").ClockMessage} ClockMessage */

/** How often the page says its time, in ms. */
export const CLOCK_MS = 1000;

/**
 * A page's clock: `follow(on)` runs or stops it (the `state.clock` Python sends), `second()` is
 * what it does once a second (for tests). `now`, `visible` and `view` are the page's unless given.
 * @param {(msg: ClockMessage) => void} send
 * @param {{now?: () => number, visible?: () => boolean, view?: string}} [given]
 */
export function pageClock(send, given = {}) {
  const now = given.now || (() => performance.now());
  const visible = given.visible || (() => document.visibilityState === "visible");
  const view = given.view || Math.random().toString(36).slice(2, 10);
  /** @type {ReturnType<typeof setInterval> | null} */
  let timer = null;
  /** @type {number | null} */
  let since = null;              // when the time not yet said began (null: not counting)
  function second() {
    const t = now();
    if (!visible()) {
      since = null;
      return;
    }
    if (since !== null) send({ do: "clock", ms: Math.max(0, Math.round(t - since)), view });
    since = t;
  }
  /** @param {boolean} on */
  function follow(on) {
    if (on && timer === null) {
      since = visible() ? now() : null;
      timer = setInterval(second, CLOCK_MS);
    } else if (!on && timer !== null) {
      clearInterval(timer);
      timer = null;
      since = null;
    }
  }
  return { view, second, follow, running: () => timer !== null };
}
