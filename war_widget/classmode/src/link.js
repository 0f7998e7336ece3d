// @ts-check
// What the class mode's two pages (the child's seat, src/seat.js; the teacher's board, src/board.js)
// do the same way with their kernel: send a message unless the page is going, poll once a second
// (and at once when the tablet wakes), and keep the cookie Voila's own unload request needs.
// Bundled into each page's one module (tools/build_table.mjs: war_widget/classmode/seat.js, board.js).

export const POLL_MS = 1000;
export const XSRF_COOKIE = "_xsrf";

/**
 * The cookie to set so that Voila's page can shut its kernel down when it goes, or null if the
 * page has one.  Voila 0.5's page sends its shutdown request (a beacon on `beforeunload`) with
 * the `_xsrf` cookie's value as the form's `_xsrf`, but its page never sets that cookie, so the
 * server refused it (403) and the kernel stayed until culled.  The server's check (tornado's
 * double-submit cookie) compares the two: any random value the page itself sets matches, and a
 * page of another site can neither set nor read it.
 * @param {string} cookies document.cookie
 * @param {Uint8Array} random 16 random bytes (crypto.getRandomValues)
 * @returns {string | null}
 */
export function xsrfCookie(cookies, random) {
  if (new RegExp(`(^|;\\s*)${XSRF_COOKIE}=[^;]+`).test(cookies)) return null;
  const hex = Array.from(random, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${XSRF_COOKIE}=${hex}; path=/; SameSite=Strict`;
}

/** The `_xsrf` cookie set if the page has none (a page that keeps no cookie: nothing to do). */
function keepXsrfCookie() {
  let cookie = null;
  try {
    cookie = xsrfCookie(document.cookie, crypto.getRandomValues(new Uint8Array(16)));
  } catch {
    cookie = null;     // cookies off: Voila's shutdown is refused and the server culls the kernel when idle
  }
  if (cookie) document.cookie = cookie;
}

/**
 * @typedef {{ send(msg: object): void }} Model   the widget's model (anywidget's), as used here
 * @typedef {{ send(msg: object): void, close(): void }} Link
 */

/**
 * The page's link to its kernel: `send` (nothing once the page is going: a reload, a closed tab,
 * and again when it comes back from the back-forward cache), a `{do: "poll"}` every `POLL_MS` and
 * when the page becomes visible again; `close()` stops it all.
 * @param {Model} model
 * @returns {Link}
 */
export function kernelLink(model) {
  let gone = false;
  /** @param {object} msg */
  const send = (msg) => {
    if (gone) return;
    try {
      model.send(msg);
    } catch {
      return;          // the kernel's connection is closing: the next page (or the next poll after a wake) says it again
    }
  };
  const leaving = () => { gone = true; };
  const back = () => { gone = false; };
  const onVisible = () => {
    if (document.visibilityState === "visible") send({ do: "poll" });
  };
  window.addEventListener("pagehide", leaving);
  window.addEventListener("pageshow", back);
  document.addEventListener("visibilitychange", onVisible);
  const timer = setInterval(() => send({ do: "poll" }), POLL_MS);
  keepXsrfCookie();
  return {
    send,
    close() {
      clearInterval(timer);
      window.removeEventListener("pagehide", leaving);
      window.removeEventListener("pageshow", back);
      document.removeEventListener("visibilitychange", onVisible);
    },
  };
}
