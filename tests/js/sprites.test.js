// The sprites drawn ahead (sprites.js warmSprites, issue 30: no main-thread task over 50 ms): a
// warm-up pass draws at most its budget of new sprites, rasterises them (reads a pixel back) and
// copies nothing onto the table's context; the frame after it copies every face it warmed and
// draws none afresh.
import assert from "node:assert/strict";
import { test } from "node:test";

import { drawCard } from "../../war_widget/views/component/src/faces.js";
import { clearSprites, warmSprites } from "../../war_widget/views/component/src/sprites.js";
import { RecordingContext } from "./recording_context.js";

class CanvasContext extends RecordingContext {
  constructor() {
    super();
    this.copies = 0;
    this.reads = 0;
  }
  getTransform() {
    const [a, b, c, d, e, f] = this.matrix;
    return { a, b, c, d, e, f };
  }
  drawImage() { this.copies += 1; }
  getImageData() { this.reads += 1; return { data: [0, 0, 0, 0] }; }
  clearRect() {}
}

let made = [];
globalThis.OffscreenCanvas = class {
  constructor(w, h) {
    this.width = w;
    this.height = h;
    this.ctx = new CanvasContext();
    made.push(this);
  }
  getContext() { return this.ctx; }
};

const CARDS = ["14H", "12S", "13D"];
const drawAll = (ctx) => CARDS.forEach((code, i) => drawCard(ctx, code, true, 10 + i * 120, 10, 100, 140, { rankPx: 30 }));

test("a warm-up pass draws its budget of sprites, rasterised, and nothing on the table", () => {
  clearSprites();
  made = [];
  const table = new CanvasContext();
  assert.equal(warmSprites(() => drawAll(table), 1), 1);
  assert.equal(made.length, 1, "one sprite drawn in the pass");
  assert.ok(made[0].ctx.ops.length > 0, "the sprite's face was drawn");
  assert.equal(made[0].ctx.reads, 1, "and read back (rasterised now)");
  assert.equal(table.copies, 0, "nothing copied onto the table");
  assert.equal(table.ops.length, 0, "nothing drawn on the table");
  assert.equal(warmSprites(() => drawAll(table), 1), 1);
  assert.equal(warmSprites(() => drawAll(table), 1), 1);
  assert.equal(warmSprites(() => drawAll(table), 1), 0, "all three warm: the passes stop");
  assert.equal(made.length, 3);
});

test("the frame after the warm-up copies every face and draws none afresh", () => {
  clearSprites();
  made = [];
  const table = new CanvasContext();
  while (warmSprites(() => drawAll(table), 1)) { /* one sprite a pass */ }
  const before = made.length;
  drawAll(table);
  assert.equal(table.copies, CARDS.length, "each face copied from its sprite");
  assert.equal(made.length, before, "no sprite drawn in the frame");
  // without the warm-up the frame draws them itself
  clearSprites();
  made = [];
  drawAll(new CanvasContext());
  assert.equal(made.length, CARDS.length);
});
