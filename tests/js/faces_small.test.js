// A court card drawn very small (mid-flight in a two-player table on a tablet): nothing throws.
// Chromium's arcTo throws on a negative radius, which stopped the table's animation for good
// (found by tests/browser/test_class_browser.py: a queen flying to the middle at 1024x768).
import assert from "node:assert/strict";
import { test } from "node:test";

import { drawCard, roundRect } from "../../war_widget/views/component/src/faces.js";
import { RecordingContext } from "./recording_context.js";

class StrictContext extends RecordingContext {
  arcTo(x1, y1, x2, y2, r) {
    if (r < 0) throw new RangeError(`Failed to execute 'arcTo': The radius provided (${r}) is negative.`);
    super.arcTo(x1, y1, x2, y2, r);
  }
}

test("roundRect of no size draws nothing and never a negative radius", () => {
  const ctx = new StrictContext(100, 100);
  for (const [w, h, r] of [[10, -30, -1.5], [-4, 10, 2], [0, 0, 1], [6, 6, 9], [20, 30, 2]]) {
    assert.doesNotThrow(() => roundRect(ctx, 5, 5, w, h, r), `${w}x${h} r ${r}`);
  }
});

test("every court card face up at every small size", () => {
  const ctx = new StrictContext(400, 400);
  for (const code of ["12S", "13H", "11D", "12C"]) {
    for (let w = 2; w <= 40; w += 3) {
      for (const h of [w * 0.4, w * 1.4, w * 3]) {
        assert.doesNotThrow(() => drawCard(ctx, code, true, 10, 10, w, h, {}, 0), `${code} ${w}x${h}`);
      }
    }
  }
});
