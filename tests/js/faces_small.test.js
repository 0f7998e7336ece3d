// A court card drawn very small (a short landscape page) draws, and throws nothing (issue 30:
// Chromium threw "The radius provided (-0.93) is negative" from arcTo in Voila at 1366x500).
import assert from "node:assert/strict";
import test from "node:test";

import { roundRect } from "../../war_widget/views/component/src/faces.js";

test("a rounded box whose radius comes out negative is drawn with square corners", () => {
  const radii = [];
  const ctx = { beginPath() {}, moveTo() {}, closePath() {},
    arcTo(_a, _b, _c, _d, r) { if (r < 0) throw new RangeError(`The radius provided (${r}) is negative.`); radii.push(r); } };
  assert.doesNotThrow(() => roundRect(ctx, 0, 0, -2, -2, -0.93));
  assert.deepEqual(radii, [0, 0, 0, 0]);
  roundRect(ctx, 0, 0, 40, 20, 10);
  assert.deepEqual(radii.slice(4), [10, 10, 10, 10], "a positive radius is kept as it was");
});
