// The class mode's kernel link (war_widget/classmode/src/link.js): the cookie that lets Voila's own
// unload request shut the page's kernel down (the server compares it with the request's _xsrf).
import { test } from "node:test";
import assert from "node:assert/strict";
import { XSRF_COOKIE, xsrfCookie } from "../../war_widget/classmode/src/link.js";

const bytes = Uint8Array.from({ length: 16 }, (_, i) => i * 17);

test("a page without the cookie sets one: 32 hex digits, for the whole site, not sent cross-site", () => {
  const cookie = xsrfCookie("username-127-0-0-1-8866=abc", bytes);
  assert.equal(cookie, `${XSRF_COOKIE}=00112233445566778899aabbccddeeff; path=/; SameSite=Strict`);
  assert.notEqual(xsrfCookie("", Uint8Array.from({ length: 16 }, () => 7)), cookie);   // its own random value
});

test("a page that has one (Jupyter's, or set before) keeps it", () => {
  assert.equal(xsrfCookie("_xsrf=2|abc|def|123", bytes), null);
  assert.equal(xsrfCookie("a=1; _xsrf=00ff", bytes), null);
  assert.notEqual(xsrfCookie("not_xsrf=1; my_xsrf=2", bytes), null);      // another cookie's name is not it
  assert.notEqual(xsrfCookie("_xsrf=", bytes), null);                      // an empty one is refused by the server
});
