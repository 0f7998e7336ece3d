// @ts-check
// The card faces (drawing): the pip table, corner indices, pips, court cards, backs, the felt.
// Part of the table component: bundled into ../table.js by `npm run build` (esbuild).

import { FELT, GOLD, INK, RED } from "./colours.js";
import { parseCard } from "./helpers.js";
import { clearSprites, fromSprite } from "./sprites.js";

/** @typedef {import("./types.js").Pips} Pips */
/** @typedef {import("./helpers.js").ParsedCard} ParsedCard */

/** A box in card coordinates: [x0, y0, x1, y1]. @typedef {[number, number, number, number]} Box */
/** A spot and a glyph's font px there. @typedef {{x: number, y: number, size: number}} Glyph */
/** A box by its edges (the court cards' panel, the middle of a card). @typedef {{x0: number, y0: number, x1: number, y1: number}} Edges */

/**
 * The width of `text` at `px` (`bold`: the index's font; else the suit signs').
 * @callback Measure
 * @param {string} text
 * @param {number} px
 * @param {boolean} [bold]
 * @returns {number}
 */

/**
 * A card's corner index (cornerIndex): its margin, the rank's and the suit sign's px, the rank's
 * horizontal squeeze, where each is drawn and the boxes they cover, the gap kept round them.
 * @typedef {object} CornerIndex
 * @property {number} m
 * @property {number} rankPx
 * @property {number} suitPx
 * @property {number} squeeze
 * @property {number} cx
 * @property {number} rankY
 * @property {number} suitY
 * @property {Box} rankBox
 * @property {Box | null} suitBox
 * @property {Box} box
 * @property {number} gap
 */

/** The pips' font px and the top-left pip's centre (pipFrame). @typedef {{P: number, ax: number, ay: number}} PipFrame */

/**
 * Where a face puts what (faceGeometry): the index, and one of pips, ace, panel or joker.
 * @typedef {object} FaceGeometry
 * @property {number} rank
 * @property {CornerIndex} index
 * @property {Glyph[]} [pips]
 * @property {Glyph} [ace]
 * @property {Edges} [panel]
 * @property {{star: Glyph, word: Glyph}} [joker]
 */

/** How a face is drawn: the corner rank's px, a glow (`highlight`), the aids' value (`=11`).
 * @typedef {{rankPx: number, highlight?: boolean, value?: number}} CardOpts */

/** What the felt is drawn to: the table's size and centre, the top of its play area and the
 * width of the count bar at its right (War's layout; Casino War's and Steal War's pictures).
 * @typedef {{w: number, h: number, cx: number, cy: number, top: number, bar: {w: number}}} FeltFrame */

/** @type {Pips | null} */
let PIP_TABLE = null;   // views/cards.PIPS, from the setup

/** Use the pip table of a setup (views/cards.PIPS); a setup without one keeps the last.
 * @param {Pips | null | undefined} pips */
export function usePips(pips) {
  if (pips && pips !== PIP_TABLE) clearSprites();   // (faces drawn with another table)
  PIP_TABLE = pips || PIP_TABLE;
}

// --- card faces ------------------------------------------------------------------------------
// A face as a printed card has it: small corner indices top-left and bottom-right (rank over
// suit, the lower one turned half a turn), the number cards' pips in the usual layout (the pip
// table Python sends, views/cards.PIPS), an ace's one big pip, a framed court panel for J Q K, a
// joker's star. The corner rank is never under `rankPx` (34 px on a phone [000]); the index's
// suit sign is smaller than the pips, so that no one counts it; the pips are as big as the card
// leaves them once clear of both indices, the same size on every number card of one size, and
// never dropped (the layout gives a card that needs it more height).

export const INDEX_SUIT = 0.3;      // the index's suit sign, in rank heights
export const PIP_BOX = 0.4;          // half the side of the box a pip glyph covers, in font px
const PIP_APART = 0.86;              // pips at least this far apart (font px), box to box
const PIP_MAX = 0.26;                // pips never larger than this share of the card's width
/** @type {Map<string, FaceGeometry | PipFrame>} faces by card and size; pip frames by size ("frame|...") */
const FACE_CACHE = new Map();

/** @param {Box} a
 * @param {Box} b
 * @param {number} [gap] */
function boxesMeet(a, b, gap = 0) {
  return a[0] < b[2] + gap && b[0] < a[2] + gap && a[1] < b[3] + gap && b[1] < a[3] + gap;
}

/** The corner index of a w x h card (card coordinates, top-left one; the bottom-right one is
 * it turned about the card's centre): the rank's and the suit sign's px, where each is drawn
 * (centre x, top y) and the boxes they cover. `measure(text, px, bold)` is the text's width.
 * @param {string} glyph
 * @param {number} w
 * @param {number} h
 * @param {number} rankPx
 * @param {Measure} measure
 * @param {boolean} [suit]
 * @returns {CornerIndex} */
export function cornerIndex(glyph, w, h, rankPx, measure, suit = true) {
  const m = Math.max(3, Math.round(w * 0.045));
  const suitPx = Math.round(rankPx * INDEX_SUIT);
  // a two-figure rank ("10") is drawn narrower, as printed cards do: no wider than its height
  const full = measure(glyph, rankPx, true);
  const squeeze = Math.min(1, (rankPx * 0.95) / Math.max(1, full));
  const rw = full * squeeze;
  const sw = suit ? measure("\u2665", suitPx, false) : 0;
  const iw = Math.max(rw, sw);
  const cx = m + iw / 2;
  const suitY = m + rankPx * 0.98;
  /** @type {Box} */
  const rankBox = [cx - rw / 2, m, cx + rw / 2, m + rankPx];
  /** @type {Box | null} */
  const suitBox = suit ? [cx - sw / 2, suitY, cx + sw / 2, suitY + suitPx] : null;
  /** @type {Box} */
  const box = [m, m, m + iw, suit ? suitY + suitPx : m + rankPx];
  return { m, rankPx, suitPx, squeeze, cx, rankY: m, suitY, rankBox, suitBox, box, gap: Math.max(2, w * 0.025) };
}

/** A box of the top-left index turned to the bottom-right corner.
 * @type {(b: Box, w: number, h: number) => Box} */
export const turned = (b, w, h) => [w - b[2], h - b[3], w - b[0], h - b[1]];

/** @param {number[][]} spec  the pips' [column, row] in 0..1 (the pip table's)
 * @param {{ax: number, ay: number}} frame
 * @param {number} w
 * @param {number} h
 * @returns {{x: number, y: number}[]} */
function pipsAt(spec, frame, w, h) {
  const { ax, ay } = frame;
  return spec.map(([col, row]) => ({ x: ax + (w - 2 * ax) * col, y: ay + (h - 2 * ay) * row }));
}

/** Whether pips of font px `P` at `spots` lie inside the card, clear of both indices and apart.
 * @param {{x: number, y: number}[]} spots
 * @param {number} P
 * @param {number} w
 * @param {number} h
 * @param {CornerIndex} idx */
function pipsFit(spots, P, w, h, idx) {
  const half = P * PIP_BOX;
  const clear = [idx.box, turned(idx.box, w, h)];
  for (const s of spots) {
    /** @type {Box} */
    const b = [s.x - half, s.y - half, s.x + half, s.y + half];
    if (b[0] < idx.m * 0.6 || b[1] < idx.m * 0.6 || b[2] > w - idx.m * 0.6 || b[3] > h - idx.m * 0.6) return false;
    if (clear.some((c) => boxesMeet(b, c, idx.gap))) return false;
  }
  for (let i = 0; i < spots.length; i++) {
    for (let j = i + 1; j < spots.length; j++) {
      if (Math.max(Math.abs(spots[i].x - spots[j].x), Math.abs(spots[i].y - spots[j].y)) < PIP_APART * P) return false;
    }
  }
  return true;
}

/** The pip frame of a card size: the pips' font px and where the outer columns and rows lie
 * (ax, ay: the top-left pip's centre; the layout is symmetric about the card's centre), the
 * biggest that fits the 9 and the 10 (the fullest layouts, the 10 with the widest index).
 * @param {Pips} pips
 * @param {number} w
 * @param {number} h
 * @param {number} rankPx
 * @param {Measure} measure
 * @returns {PipFrame} */
function pipFrame(pips, w, h, rankPx, measure) {
  const idx10 = cornerIndex("10", w, h, rankPx, measure);
  const hardest = [pips["10"], pips["9"], pips["8"]].filter(Boolean);
  /** @type {(P: number) => PipFrame | null} */
  const tries = (P) => {
    const half = P * PIP_BOX;
    const steps = 24;
    for (let j = 0; j <= steps; j++) {
      const ay = half + idx10.m * 0.6 + (h / 2 - half) * (j / steps) * 0.9;
      for (let i = 0; i <= steps; i++) {
        const ax = half + idx10.m * 0.6 + (w / 2 - half) * (i / steps) * 0.9;
        const frame = { P, ax, ay };
        if ((w - 2 * ax) < 1.7 * P) break;           // the columns keep apart
        if (hardest.every((spec) => pipsFit(pipsAt(spec, frame, w, h), P, w, h, idx10))) return frame;
      }
    }
    return null;
  };
  let lo = 2;
  let hi = Math.max(lo, w * PIP_MAX);
  let best = tries(lo) || { P: lo, ax: w * 0.25, ay: h * 0.2 };
  for (let k = 0; k < 12; k++) {
    const mid = (lo + hi) / 2;
    const f = tries(mid);
    if (f) { best = f; lo = mid; } else hi = mid;
  }
  const top = tries(hi);
  return top || best;
}

/** Everything a face of `code` at size w x h puts where (card coordinates): the corner index,
 * and `pips` (number cards: [{x, y, size}], as many as the rank), `ace` ({x, y, size}), `panel`
 * (court cards: the framed box) or `joker` ({star, word}). Cached per card size.
 * @param {string} code
 * @param {number} w
 * @param {number} h
 * @param {number} rankPx
 * @param {Measure} measure
 * @param {Pips | null} [pips]
 * @returns {FaceGeometry} */
export function faceGeometry(code, w, h, rankPx, measure, pips = PIP_TABLE) {
  const c = parseCard(code);
  const key = `${c.rank}|${c.joker ? "j" : ""}|${w.toFixed(2)}|${h.toFixed(2)}|${rankPx}`;
  const hit = /** @type {FaceGeometry | undefined} */ (FACE_CACHE.get(key));
  if (hit) return hit;
  const idx = cornerIndex(c.glyph, w, h, rankPx, measure, !c.joker);
  /** @type {FaceGeometry} */
  const out = { rank: c.rank, index: idx };
  const corners = [idx.box, turned(idx.box, w, h)];
  // the biggest centred box clear of both indices, in the card's middle
  /** @type {(ix?: CornerIndex) => Edges} */
  const middle = (ix = idx) => {
    const beside = { x0: ix.box[2] + ix.gap, y0: ix.m, x1: w - ix.box[2] - ix.gap, y1: h - ix.m };
    const below = { x0: ix.m, y0: ix.box[3] + ix.gap, x1: w - ix.m, y1: h - ix.box[3] - ix.gap };
    const area = (/** @type {Edges} */ b) => Math.min(b.x1 - b.x0, (b.y1 - b.y0) * 0.72);
    return area(beside) >= area(below) ? beside : below;
  };
  if (c.joker) {
    const b = middle();
    const bw = b.x1 - b.x0;
    const bh = b.y1 - b.y0;
    const wordPx = Math.max(10, Math.min(bw / (measure("JOKER", 1, true) * 1.08), bh * 0.2, w * 0.2));
    const star = Math.min(bw * 1.1, (bh - wordPx * 1.2) * 1.05, w * 0.6);
    out.joker = { star: { x: w / 2, y: b.y0 + (bh - wordPx * 1.2) / 2, size: star },
      word: { x: w / 2, y: b.y1 - wordPx * 0.6, size: wordPx } };
  } else if (c.rank > 10 && c.rank < 14) {
    // one panel for J, Q and K of a size: clear of the widest of their indices
    const widest = ["J", "Q", "K"].map((g) => cornerIndex(g, w, h, rankPx, measure)).sort((a, b) => b.box[2] - a.box[2])[0];
    out.panel = middle(widest);
  } else if (c.rank === 14) {
    // one large pip, as big as the middle leaves it
    let size = Math.min(w * 0.62, (w - 2 * idx.m) / (2 * PIP_BOX));
    while (size > 6 && corners.some((k) => boxesMeet([w / 2 - size * PIP_BOX, h / 2 - size * PIP_BOX,
      w / 2 + size * PIP_BOX, h / 2 + size * PIP_BOX], k, idx.gap))) size -= 1;
    out.ace = { x: w / 2, y: h / 2, size };
  } else {
    const spec = pips && pips[String(c.rank)];
    if (!spec) throw new Error(`no pip layout for rank ${c.rank}: the setup's pip table is missing`);
    const fkey = `frame|${w.toFixed(2)}|${h.toFixed(2)}|${rankPx}`;
    let frame = /** @type {PipFrame | undefined} */ (FACE_CACHE.get(fkey));
    if (!frame) {
      frame = pipFrame(pips, w, h, rankPx, measure);
      FACE_CACHE.set(fkey, frame);
    }
    out.pips = pipsAt(spec, frame, w, h).map((s) => ({ ...s, size: frame.P }));
  }
  if (FACE_CACHE.size > 4000) FACE_CACHE.clear();
  FACE_CACHE.set(key, out);
  return out;
}

/** A rounded rectangle's path (not drawn: fill or stroke it).
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {number} r  the corners' radius */
export function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  // a panel squeezed to nothing (a court card drawn small, mid-flight) draws nothing: a negative
  // radius would throw in the browser and stop the table's animation
  if (!(w > 0 && h > 0)) return;
  r = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** The felt: its wooden rim, the green and the play area's outline.
 * @param {CanvasRenderingContext2D} ctx
 * @param {FeltFrame} L */
export function drawFelt(ctx, L) {
  if (fromSprite(ctx, `felt ${L.top} ${L.bar.w} ${L.cx} ${L.cy}`, 0, 0, L.w, L.h, 0, (c) => drawFelt(c, L))) return;
  const g = ctx.createRadialGradient(L.cx, L.cy, FELT.inner, L.cx, L.cy, Math.max(L.w, L.h) * FELT.outer);
  for (const [at, colour] of FELT.stops) g.addColorStop(at, colour);
  ctx.fillStyle = "#3a2414";
  roundRect(ctx, 0, 0, L.w, L.h, 22);
  ctx.fill();
  ctx.fillStyle = g;
  roundRect(ctx, 6, 6, L.w - 12, L.h - 12, 18);
  ctx.fill();
  ctx.strokeStyle = "rgba(255,230,160,0.35)";
  ctx.lineWidth = 2;
  roundRect(ctx, 14, L.top - 4, L.w - 28 - L.bar.w - 10, L.h - L.top - 8, 14);
  ctx.stroke();
}

/** A card's back at (x, y), w x h.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h */
export function drawBack(ctx, x, y, w, h) {
  if (fromSprite(ctx, "back", x, y, w, h, w * 0.2 + 2, (c, sx, sy) => drawBack(c, sx, sy, w, h))) return;   // (sprites.js)
  const r = w * 0.08;
  ctx.save();
  ctx.shadowColor = "rgba(0,0,0,0.35)";
  ctx.shadowBlur = w * 0.06;
  ctx.shadowOffsetY = w * 0.02;
  ctx.fillStyle = "#fdfbf5";
  roundRect(ctx, x, y, w, h, r);
  ctx.fill();
  ctx.restore();
  const m = w * 0.07;
  ctx.save();
  roundRect(ctx, x + m, y + m, w - 2 * m, h - 2 * m, r * 0.6);
  ctx.clip();
  const g = ctx.createLinearGradient(x, y, x + w, y + h);
  g.addColorStop(0, "#1f3f8f");
  g.addColorStop(1, "#122a66");
  ctx.fillStyle = g;
  ctx.fillRect(x, y, w, h);
  ctx.strokeStyle = "rgba(255,255,255,0.22)";
  ctx.lineWidth = Math.max(1, w * 0.012);
  const step = w / 7;
  for (let i = -h; i < w + h; i += step) {
    ctx.beginPath();
    ctx.moveTo(x + i, y);
    ctx.lineTo(x + i + h, y + h);
    ctx.moveTo(x + i + h, y);
    ctx.lineTo(x + i, y + h);
    ctx.stroke();
  }
  ctx.fillStyle = GOLD;
  ctx.beginPath();
  const cx = x + w / 2;
  const cy = y + h / 2;
  const d = w * 0.16;
  ctx.moveTo(cx, cy - d);
  ctx.lineTo(cx + d * 0.7, cy);
  ctx.lineTo(cx, cy + d);
  ctx.lineTo(cx - d * 0.7, cy);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/** @typedef {(px: number) => string} Font */
/** @type {Font} */
const RANK_FONT = (px) => `700 ${px}px "Noto Sans", "Helvetica Neue", Arial, sans-serif`;
/** @type {Font} */
const SUIT_FONT = (px) => `${px}px "Noto Sans Symbols 2", "DejaVu Sans", sans-serif`;
/** @type {Font} */
const COURT_FONT = (px) => `700 ${px}px "Noto Serif", "DejaVu Serif", Georgia, serif`;
export const COURT_PANEL = "#f8ecc4";     // the court cards' framed panel
export const AID_VALUE = "#1b6b3a";       // the aids' "=11" on a court card

/** The width of `text` at `px` in the index's font (bold) or the suit signs' font.
 * @param {CanvasRenderingContext2D} ctx
 * @returns {Measure} */
export function measurer(ctx) {
  return (text, px, bold) => {
    ctx.font = bold ? RANK_FONT(px) : SUIT_FONT(px);
    return ctx.measureText(text).width;
  };
}

/** @param {CanvasRenderingContext2D} ctx
 * @param {ParsedCard} c
 * @param {CornerIndex} idx
 * @param {string} ink */
function drawIndex(ctx, c, idx, ink) {
  ctx.fillStyle = ink;
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  ctx.font = RANK_FONT(idx.rankPx);
  if (idx.squeeze < 1) {
    ctx.save();
    ctx.translate(idx.cx, idx.rankY);
    ctx.scale(idx.squeeze, 1);
    ctx.fillText(c.glyph, 0, 0);
    ctx.restore();
  } else {
    ctx.fillText(c.glyph, idx.cx, idx.rankY);
  }
  if (c.rank === 6 || c.rank === 9) {
    // a bar under the 6 and the 9, so that the turned index of a 9 is not read as a 6
    const half = (idx.rankBox[2] - idx.rankBox[0]) * 0.42;
    ctx.fillRect(idx.cx - half, idx.rankY + idx.rankPx * 0.95, 2 * half, Math.max(1.5, idx.rankPx * 0.06));
  }
  if (idx.suitBox) {
    ctx.font = SUIT_FONT(idx.suitPx);
    ctx.fillText(c.suitGlyph, idx.cx, idx.suitY);
  }
}

/** @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {number} points
 * @param {string} ink */
function crown(ctx, x, y, w, h, points, ink) {
  // a crown: a band and `points` spikes (K 3, Q 5), gold with the suit's ink round it
  ctx.beginPath();
  ctx.moveTo(x, y + h);
  ctx.lineTo(x, y + h * 0.3);
  for (let i = 0; i < points; i++) {
    const a = x + (w * (i + 0.5)) / points;
    const b = x + (w * (i + 1)) / points;
    ctx.lineTo(a, y);
    ctx.lineTo(b, y + h * (i === points - 1 ? 0.3 : 0.55));
  }
  ctx.lineTo(x + w, y + h);
  ctx.closePath();
  ctx.fillStyle = GOLD;
  ctx.fill();
  ctx.strokeStyle = ink;
  ctx.lineWidth = Math.max(1, w * 0.05);
  ctx.stroke();
}

/** @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {string} ink */
function cap(ctx, x, y, w, h, ink) {
  // the jack's cap: a dome with a feather
  ctx.beginPath();
  ctx.moveTo(x, y + h);
  ctx.quadraticCurveTo(x + w * 0.5, y - h * 0.35, x + w, y + h);
  ctx.closePath();
  ctx.fillStyle = GOLD;
  ctx.fill();
  ctx.strokeStyle = ink;
  ctx.lineWidth = Math.max(1, w * 0.05);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x + w * 0.55, y + h * 0.3);
  ctx.quadraticCurveTo(x + w * 1.05, y - h * 0.2, x + w * 0.95, y + h * 0.35);
  ctx.stroke();
}

/** @param {CanvasRenderingContext2D} ctx
 * @param {ParsedCard} c
 * @param {Edges} b  the panel
 * @param {string} ink
 * @param {number} [value]  the aids' value (drawn under the letter) */
function drawCourt(ctx, c, b, ink, value) {
  const pw = b.x1 - b.x0;
  const ph = b.y1 - b.y0;
  ctx.fillStyle = COURT_PANEL;
  roundRect(ctx, b.x0, b.y0, pw, ph, Math.min(pw, ph) * 0.08);
  ctx.fill();
  ctx.strokeStyle = ink;
  ctx.lineWidth = Math.max(1.5, pw * 0.025);
  ctx.stroke();
  const inset = Math.max(2.5, Math.min(pw, ph) * 0.06);
  ctx.lineWidth = Math.max(1, pw * 0.01);
  roundRect(ctx, b.x0 + inset, b.y0 + inset, pw - 2 * inset, ph - 2 * inset, Math.min(pw, ph) * 0.05);
  ctx.stroke();
  const valuePx = value !== undefined ? Math.max(14, Math.round(Math.min(ph * 0.16, pw * 0.22))) : 0;
  const ix0 = b.x0 + inset * 1.6;
  const iy0 = b.y0 + inset * 1.6;
  const iw = pw - inset * 3.2;
  const ih = ph - inset * 3.2 - (valuePx ? valuePx * 1.1 : 0);
  /** @type {(fx: number, fy: number, fw: number, fh: number) => void} */
  const figure = (fx, fy, fw, fh) => {
    if (c.rank === 11) cap(ctx, fx, fy, fw, fh, ink);
    else crown(ctx, fx, fy, fw, fh, c.rank === 13 ? 3 : 5, ink);
  };
  ctx.font = COURT_FONT(100);
  const em = ctx.measureText(c.glyph).width / 100;
  let letterPx;
  if (ih >= iw * 0.95) {                      // tall panel: the crown over the letter
    const fh = Math.min(ih * 0.28, iw * 0.42);
    letterPx = Math.min((ih - fh) * 0.9, (iw * 0.9) / em);
    const total = fh + letterPx * 0.95;
    const top = iy0 + (ih - total) / 2;
    figure(b.x0 + pw / 2 - fh * 0.8, top, fh * 1.6, fh);
    ctx.fillStyle = ink;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.font = COURT_FONT(letterPx);
    ctx.fillText(c.glyph, b.x0 + pw / 2, top + fh + letterPx * 0.5);
  } else {                                    // wide panel: the crown beside the letter
    const fh = Math.min(ih * 0.62, iw * 0.28);
    letterPx = Math.min(ih * 0.95, (iw - fh * 1.9) / em);
    const total = fh * 1.6 + fh * 0.3 + letterPx * em;
    const left = ix0 + (iw - total) / 2;
    figure(left, iy0 + (ih - fh) / 2, fh * 1.6, fh);
    ctx.fillStyle = ink;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.font = COURT_FONT(letterPx);
    ctx.fillText(c.glyph, left + fh * 1.9 + (letterPx * em) / 2, iy0 + ih / 2);
  }
  if (valuePx) {
    ctx.font = `700 ${valuePx}px sans-serif`;
    ctx.fillStyle = AID_VALUE;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(`=${value}`, b.x0 + pw / 2, b.y1 - inset * 1.6 - valuePx * 0.55);
  }
}

/** @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} r */
function starPath(ctx, x, y, r) {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.42 : r;
    if (i) ctx.lineTo(x + rr * Math.cos(a), y + rr * Math.sin(a));
    else ctx.moveTo(x + rr * Math.cos(a), y + rr * Math.sin(a));
  }
  ctx.closePath();
}

/** @param {CanvasRenderingContext2D} ctx
 * @param {string} code
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {CardOpts} opts */
function drawFace(ctx, code, x, y, w, h, opts) {
  if (fromSprite(ctx, `face ${code} ${opts.rankPx} ${opts.highlight ? 1 : 0} ${opts.value ?? ""}`, x, y, w, h,
    w * (opts.highlight ? 0.4 : 0.2) + 4, (c, sx, sy) => drawFace(c, code, sx, sy, w, h, opts))) return;
  const c = parseCard(code);
  const r = w * 0.08;
  ctx.save();
  ctx.shadowColor = opts.highlight ? "rgba(255,207,64,0.95)" : "rgba(0,0,0,0.35)";
  ctx.shadowBlur = opts.highlight ? w * 0.22 : w * 0.06;
  ctx.shadowOffsetY = opts.highlight ? 0 : w * 0.02;
  const g = ctx.createLinearGradient(x, y, x, y + h);
  g.addColorStop(0, "#ffffff");
  g.addColorStop(1, "#f3eee2");
  ctx.fillStyle = g;
  roundRect(ctx, x, y, w, h, r);
  ctx.fill();
  ctx.restore();
  ctx.strokeStyle = opts.highlight ? GOLD : "rgba(0,0,0,0.25)";
  ctx.lineWidth = opts.highlight ? Math.max(3, w * 0.04) : 1;
  roundRect(ctx, x, y, w, h, r);
  ctx.stroke();
  const ink = c.red ? RED : INK;
  const geo = faceGeometry(code, w, h, opts.rankPx, measurer(ctx));
  ctx.save();
  ctx.translate(x, y);
  // the two corner indices: top-left, and bottom-right turned half a turn
  drawIndex(ctx, c, geo.index, ink);
  ctx.save();
  ctx.translate(w, h);
  ctx.rotate(Math.PI);
  drawIndex(ctx, c, geo.index, ink);
  ctx.restore();
  ctx.fillStyle = ink;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  if (geo.pips) {
    ctx.font = SUIT_FONT(geo.pips[0].size);
    for (const sp of geo.pips) {
      // the lower half's pips stand upside down, as printed
      if (sp.y > h / 2 + 0.5) {
        ctx.save();
        ctx.translate(sp.x, sp.y);
        ctx.rotate(Math.PI);
        ctx.fillText(c.suitGlyph, 0, 0);
        ctx.restore();
      } else {
        ctx.fillText(c.suitGlyph, sp.x, sp.y);
      }
    }
  } else if (geo.ace) {
    ctx.font = SUIT_FONT(geo.ace.size);
    ctx.fillText(c.suitGlyph, geo.ace.x, geo.ace.y);
  } else if (geo.panel) {
    drawCourt(ctx, c, geo.panel, ink, opts.value);
  } else if (geo.joker) {
    const { star, word } = geo.joker;
    starPath(ctx, star.x, star.y, star.size * 0.45);
    ctx.fill();
    ctx.font = RANK_FONT(word.size);
    ctx.fillText("JOKER", word.x, word.y);
  }
  if (opts.value !== undefined && !geo.panel) {
    const px = Math.max(14, Math.round(w * 0.14));
    ctx.font = `700 ${px}px sans-serif`;
    ctx.fillStyle = AID_VALUE;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(`=${opts.value}`, w / 2, h - geo.index.box[3] * 0.5 - geo.index.m);
  }
  ctx.restore();
}

/** One card at (x, y, w, h): its face (`up`) or its back; `opts` {rankPx, highlight, value}.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string | null} code  (none: a card only ever drawn face down, Steal War's)
 * @param {boolean} up
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {CardOpts} opts
 * @param {number} [turn] */
export function drawCard(ctx, code, up, x, y, w, h, opts, turn) {
  // `turn` in 0..1 narrows the card to its edge and back: a card turning over
  if (turn !== undefined && turn > 0 && turn < 1) {
    const k = Math.abs(Math.cos(turn * Math.PI));
    ctx.save();
    ctx.translate(x + w / 2, 0);
    ctx.scale(Math.max(0.02, k), 1);
    ctx.translate(-(x + w / 2), 0);
    if (turn < 0.5) drawBack(ctx, x, y, w, h);
    else drawFace(ctx, /** @type {string} */ (code), x, y, w, h, opts);   // (a card turning up has a code)
    ctx.restore();
    return;
  }
  if (up) drawFace(ctx, /** @type {string} */ (code), x, y, w, h, opts);   // (a face-up card has a code)
  else drawBack(ctx, x, y, w, h);
}

/** A pill-shaped badge with `text` centred at (x, y): the box it covers.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} text
 * @param {number} x
 * @param {number} y
 * @param {number} px
 * @param {string} fill
 * @param {string} ink
 * @returns {{x: number, y: number, w: number, h: number}} */
export function pill(ctx, text, x, y, px, fill, ink) {
  ctx.font = `700 ${px}px sans-serif`;
  const tw = ctx.measureText(text).width;
  const w = tw + px * 1.1;
  const h = px * 1.5;
  ctx.fillStyle = fill;
  roundRect(ctx, x - w / 2, y - h / 2, w, h, h / 2);
  ctx.fill();
  ctx.strokeStyle = "rgba(255,255,255,0.85)";
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.fillStyle = ink;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x, y + 1);
  return { x: x - w / 2, y: y - h / 2, w, h };
}

/** Fit a text into width `maxW` starting at `px`: the size to use.
 * @param {Measure} measure
 * @param {string} text
 * @param {number} px
 * @param {number} maxW
 * @returns {number} */
export function fitPx(measure, text, px, maxW) {
  let size = px;
  while (size > 10 && measure(text, size) > maxW) size -= 1;
  return size;
}
