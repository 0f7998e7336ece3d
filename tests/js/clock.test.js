// The time limit's clock is the page's (issue 30, item 7): what a page says once a second.
import assert from "node:assert/strict";
import test from "node:test";

import { CLOCK_MS, pageClock } from "../../war_widget/views/component/src/clock.js";

function fakePage() {
  const page = { t: 0, shown: true, sent: [] };
  const clock = pageClock((msg) => page.sent.push(msg), { now: () => page.t, visible: () => page.shown, view: "v1" });
  return { page, clock };
}

test("a page says the time it showed the table since its last word, under its own name", () => {
  const { page, clock } = fakePage();
  clock.follow(true);
  for (const dt of [1000, 1004, 996]) {
    page.t += dt;
    clock.second();
  }
  assert.deepEqual(page.sent.map((m) => m.ms), [1000, 1004, 996]);
  assert.ok(page.sent.every((m) => m.do === "clock" && m.view === "v1"));
  clock.follow(false);
  assert.equal(clock.running(), false);
});

test("a hidden tab says nothing, and the time it was hidden is in no word", () => {
  const { page, clock } = fakePage();
  clock.follow(true);
  page.t += CLOCK_MS;
  clock.second();
  page.shown = false;
  for (let i = 0; i < 600; i += 1) {       // ten minutes in another tab (or a sleeping laptop's page)
    page.t += CLOCK_MS;
    clock.second();
  }
  assert.equal(page.sent.length, 1);
  page.shown = true;
  page.t += CLOCK_MS;
  clock.second();                           // the first second shown again only starts the count
  page.t += CLOCK_MS;
  clock.second();
  assert.deepEqual(page.sent.map((m) => m.ms), [1000, 1000]);
  clock.follow(false);
});

test("stopped (the game over, not started, or no limit), it says nothing; started again, it counts anew", () => {
  const { page, clock } = fakePage();
  clock.follow(true);
  clock.follow(true);                       // state told twice: one timer
  page.t += 700;
  clock.follow(false);
  page.t += 5000;
  clock.second();                           // a second already on its way when it stopped
  assert.equal(page.sent.length, 0);
  clock.follow(true);
  page.t += 1000;
  clock.second();
  assert.deepEqual(page.sent.map((m) => m.ms), [1000]);
  clock.follow(false);
});

test("two pages are two views: each names itself", () => {
  const a = pageClock(() => {}, { now: () => 0, visible: () => true });
  const b = pageClock(() => {}, { now: () => 0, visible: () => true });
  assert.notEqual(a.view, b.view);
  assert.match(a.view, /^[0-9a-z]+$/);
});
