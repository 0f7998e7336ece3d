// @ts-check
// Sprites: a card's back, a face or the felt drawn once into a canvas of its own, at the scale the
// table draws it, and copied from there on (drawImage). In a canvas the browser draws in software
// (no GPU: a school laptop, headless Chromium in CI) every draw call is rasterised on the page's
// main thread when the frame is committed: a back afresh (its shadow, gradient and lattice) costs
// about 3 ms there, a face as much, the felt 6 ms, a whole frame of War 25 ms; a copy costs a few
// hundredths of a millisecond (issue 30: no main-thread task over 50 ms while autoplay plays).
// Part of the table component: bundled into ../table.js by `npm run build` (esbuild).

/** @typedef {(ctx: CanvasRenderingContext2D, x: number, y: number) => void} SpritePainter */

const SPRITES = new Map();      // key -> {canvas, pad}, the least recently used first
const SPRITES_MAX = 48;         // a face at a projector's size is about 0.6 MB: some 30 MB at most
/** @type {WeakSet<object>} */
const OWN = new WeakSet();      // the sprites' own contexts: what is drawn there is drawn afresh

// a warm-up pass (warmSprites): sprites are drawn and rasterised, nothing is copied, and at most
// `budget` new sprites are drawn in the pass (the rest are left for the next pass)
/** @type {{budget: number, made: number} | null} */
let warming = null;

/**
 * Run `paintAll` (a table's paint of a view it will show) as a warm-up: the sprites it needs are
 * drawn and rasterised now, at most `budget` of them, and nothing is drawn on its context. So a
 * new card's face costs a task of its own before the frame that shows it, not that frame (a face
 * drawn afresh is 3-7 ms of the main thread on two cores, a flip shows two to four).
 * @param {() => void} paintAll
 * @param {number} budget
 * @returns {number} how many sprites were drawn (`budget`: there may be more to draw)
 */
export function warmSprites(paintAll, budget) {
  warming = { budget, made: 0 };
  try {
    paintAll();
    return warming.made;
  } finally {
    warming = null;
  }
}

/** Forget every sprite (new pip table, a font that arrived after they were drawn). */
export function clearSprites() {
  SPRITES.clear();
}

if (typeof document !== "undefined" && document.fonts && document.fonts.addEventListener) {
  document.fonts.addEventListener("loadingdone", clearSprites);
}

/** A canvas of `w` x `h` device pixels off the page, or null where there is none (node's tests).
 * @param {number} w
 * @param {number} h
 * @returns {HTMLCanvasElement | OffscreenCanvas | null} */
function newCanvas(w, h) {
  if (typeof OffscreenCanvas === "function") return new OffscreenCanvas(w, h);
  if (typeof document === "undefined") return null;
  const c = document.createElement("canvas");
  c.width = w;
  c.height = h;
  return c;
}

/**
 * Draw what `paintIt` draws at (x, y) in a w x h box (and up to `pad` around it: a shadow, a
 * stroke) from the sprite named `key`, drawing that first if there is none yet. The sprite is
 * drawn at the context's scale rounded up to a quarter (at least 1), copied at whole device
 * pixels when that is the scale. False when `ctx` cannot take a sprite
 * (not a browser's canvas, or a sprite's own context): then the caller draws as before.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} key  everything the picture depends on besides w and h
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {number} pad  CSS px around the box that the picture may reach
 * @param {SpritePainter} paintIt  draws the picture with its box at (x, y) on the context it is given
 * @returns {boolean}
 */
export function fromSprite(ctx, key, x, y, w, h, pad, paintIt) {
  if (OWN.has(ctx) || typeof ctx.getTransform !== "function" || typeof ctx.drawImage !== "function") return false;
  if (!(w > 0 && h > 0)) return false;
  const m = ctx.getTransform();
  const s = Math.max(Math.hypot(m.a, m.b), Math.hypot(m.c, m.d));
  if (!(s > 0) || s > 8) return false;
  // (never under 1: a card shrinking in flight is copied smaller from the one sprite)
  const r = Math.max(1, Math.ceil(s * 4 - 1e-6) / 4);
  const name = `${key} ${w.toFixed(2)} ${h.toFixed(2)} ${r}`;
  let sprite = SPRITES.get(name);
  if (sprite) {
    SPRITES.delete(name);       // the most recently used last
    SPRITES.set(name, sprite);
  } else {
    if (warming && warming.made >= warming.budget) return true;   // (left for the next pass)
    pad = Math.ceil(pad);
    const cw = Math.ceil((w + 2 * pad) * r);
    const chh = Math.ceil((h + 2 * pad) * r);
    // the cache full: the least recently used goes, and its canvas is drawn over when it is the
    // same size (a new face each round would otherwise be a new half megabyte of canvas for the
    // garbage collector: major GCs went from 1-2 to 4-5 in 30 s of fast autoplay)
    let c = null;
    while (SPRITES.size >= SPRITES_MAX) {
      const first = SPRITES.entries().next().value;
      if (!first) break;
      const [oldest, old] = first;
      SPRITES.delete(oldest);
      if (!c && old.canvas.width === cw && old.canvas.height === chh) c = old.canvas;
    }
    c = c || newCanvas(cw, chh);
    const sctx = c && /** @type {CanvasRenderingContext2D | null} */ (c.getContext("2d"));
    if (!c || !sctx) return false;
    OWN.add(sctx);
    sctx.setTransform(1, 0, 0, 1, 0, 0);
    sctx.clearRect(0, 0, cw, chh);
    sctx.setTransform(r, 0, 0, r, 0, 0);
    paintIt(sctx, pad, pad);
    sprite = { canvas: c, pad };
    SPRITES.set(name, sprite);
    if (warming) {
      warming.made += 1;
      sctx.getImageData(0, 0, 1, 1);   // (rasterised now: its draw calls are only recorded until read)
      return true;
    }
  }
  if (warming) return true;
  const { canvas, pad: p } = sprite;
  if (m.b === 0 && m.c === 0 && Math.abs(m.a - r) < 1e-9 && Math.abs(m.d - r) < 1e-9) {
    // drawn at this very scale: copied pixel for pixel, at whole pixels (as crisp as drawn)
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(canvas, Math.round(m.a * (x - p) + m.e), Math.round(m.d * (y - p) + m.f));
    ctx.restore();
  } else {
    ctx.drawImage(canvas, x - p, y - p, canvas.width / r, canvas.height / r);
  }
  return true;
}
