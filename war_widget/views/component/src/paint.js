// @ts-check
// War's picture: piles, count bar, progress, the middle, marks, banners, the number line, a whole frame.
// Part of the table component: bundled into ../table.js by `npm run build` (esbuild).

import { GOLD, INK, SEAT_COLOURS, SEAT_TEXT } from "./colours.js";
import { drawBack, drawCard, drawFelt, fitPx, pill, roundRect } from "./faces.js";
import { ease, lerp, parseCard } from "./helpers.js";
import { cardSpots, drawOrder } from "./layout.js";

/** @typedef {import("./types.js").BeatView} BeatView */
/** @typedef {import("./types.js").WarSetup} WarSetup */
/** @typedef {import("./types.js").NumberLine} NumberLine */
/** @typedef {import("./layout.js").Layout} Layout */
/** @typedef {import("./layout.js").Flight} Flight */
/** @typedef {import("./faces.js").Measure} Measure */

/** Each seat's pile, won pile, count badge and name.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Layout} L
 * @param {BeatView} view
 * @param {WarSetup} setup
 * @param {boolean} hide  the won piles not drawn */
function drawPiles(ctx, L, view, setup, hide) {
  const names = setup.names || [];
  view.hands.forEach((n, seat) => {
    const p = L.piles[seat];
    if (!p) return;
    const total = n + (view.won[seat] || 0);
    const layers = Math.min(5, Math.ceil(n / 6));
    const out = view.out[seat];
    ctx.globalAlpha = out ? 0.35 : 1;
    if (n > 0) {
      for (let i = layers - 1; i >= 0; i--) drawBack(ctx, p.x - i * 1.6, p.y - i * 1.6, L.pw, L.ph);
    } else {
      ctx.strokeStyle = "rgba(255,255,255,0.35)";
      ctx.setLineDash([6, 6]);
      ctx.lineWidth = 2;
      roundRect(ctx, p.x, p.y, L.pw, L.ph, L.pw * 0.08);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    const won = view.won[seat] || 0;
    if (won > 0 && !hide) {
      const wx = p.x + L.pw * 1.12;
      const wl = Math.min(4, Math.ceil(won / 6));
      for (let i = wl - 1; i >= 0; i--) drawBack(ctx, wx - i * 1.4, p.y + L.ph * 0.18 - i * 1.4, L.pw * 0.7, L.ph * 0.7);
    }
    ctx.globalAlpha = 1;
    const waiting = (view.waiting || []).includes(seat);
    const badgePx = Math.max(16, Math.round(L.ph * 0.13));
    ctx.font = `700 ${badgePx}px sans-serif`;
    const pillW = ctx.measureText(String(total)).width + badgePx * 1.1;
    const bx = Math.max(8 + pillW / 2, p.x - 12 - pillW / 2);   // on the table, also for a left seat
    const colour = SEAT_COLOURS[seat % SEAT_COLOURS.length];
    pill(ctx, String(total), bx, p.y + L.ph * 0.62, badgePx, view.winner === seat ? GOLD : colour,
      view.winner === seat ? INK : SEAT_TEXT[seat % SEAT_TEXT.length]);
    ctx.font = `600 ${Math.max(14, badgePx * 0.8)}px sans-serif`;
    ctx.fillStyle = "#ffffff";
    const name = (names[seat] || "") + (waiting ? " \u2713" : "");
    if (L.namesAbove && p.dy <= 0) {
      // the top row of a table with two rows of cards: the name over its pile
      const half = ctx.measureText(name).width / 2;
      ctx.textAlign = "center";
      ctx.textBaseline = "bottom";
      ctx.fillText(name, Math.min(Math.max(p.x + L.pw / 2, 10 + half), L.bar.x - 6 - half), p.y - 4);
    } else if (ctx.measureText(name).width > p.x - 20) {
      // no room left of the pile (the left seat of 3 or 4): above it
      ctx.textAlign = "left";
      ctx.textBaseline = "bottom";
      ctx.fillText(name, p.x, p.y - 10);
    } else {
      // beside the pile, clear above its badge (a small pile has them close)
      const namePx = Math.max(14, badgePx * 0.8);
      ctx.textAlign = "right";
      ctx.textBaseline = "middle";
      ctx.fillText(name, p.x - 12, Math.min(p.y + L.ph * 0.3, p.y + L.ph * 0.62 - badgePx * 0.75 - namePx * 0.6 - 2));
    }
  });
}

/** The count bar: each seat's share of the cards.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Layout} L
 * @param {BeatView} view
 * @param {WarSetup} setup */
function drawBar(ctx, L, view, setup) {
  const counts = view.hands.map((n, i) => n + (view.won[i] || 0));
  const total = counts.reduce((a, b) => a + b, 0) + view.table.length || 1;
  const { x, y, w, h } = L.bar;
  ctx.fillStyle = "rgba(0,0,0,0.35)";
  roundRect(ctx, x, y, w, h, w / 2);
  ctx.fill();
  // the bottom seat from the bottom up, the others stacked above it
  let at = y + h;
  counts.forEach((n, seat) => {
    const part = (n / total) * h;
    ctx.fillStyle = SEAT_COLOURS[seat % SEAT_COLOURS.length];
    ctx.fillRect(x + 2, at - part, w - 4, part);
    at -= part;
  });
  ctx.strokeStyle = "#ffffff";
  ctx.setLineDash([4, 4]);
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x - 4, y + h / 2);
  ctx.lineTo(x + w + 4, y + h / 2);
  ctx.stroke();
  ctx.setLineDash([]);
  void setup;
}

/** The progress strip on top.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Layout} L
 * @param {BeatView} view */
function drawProgress(ctx, L, view) {
  const { x, y, w, h } = L.progress;
  ctx.fillStyle = "rgba(0,0,0,0.35)";
  roundRect(ctx, x, y, w, h, h / 2);
  ctx.fill();
  if (view.progress !== null && view.progress !== undefined) {
    ctx.fillStyle = "rgba(255,207,64,0.85)";
    roundRect(ctx, x, y, Math.max(h, w * Math.min(1, view.progress)), h, h / 2);
    ctx.fill();
  }
  ctx.fillStyle = "#ffffff";
  ctx.font = `700 ${Math.round(h * 0.68)}px sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.strokeStyle = "rgba(0,0,0,0.55)";
  ctx.lineWidth = 3;
  ctx.lineJoin = "round";          // a mitred outline draws a spike off the sharp ends of "/"
  ctx.strokeText(view.progress_text, x + w / 2, y + h / 2 + 1);
  ctx.lineJoin = "miter";
  ctx.fillText(view.progress_text, x + w / 2, y + h / 2 + 1);
}

/** The middle's cards (but those in `skip`: "seat:code" of the cards in flight).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Layout} L
 * @param {BeatView} view
 * @param {WarSetup} setup
 * @param {Set<string> | null} skip */
function drawMiddle(ctx, L, view, setup, skip) {
  const spots = drawOrder(cardSpots(view.table, L));
  const values = setup.values || {};
  for (const s of spots) {
    if (skip && skip.has(`${s.seat}:${s.code}`)) continue;
    const c = parseCard(s.code);
    const hl = view.winner === s.seat && s.up && !s.older;
    drawCard(ctx, s.code, s.up, s.x, s.y, L.cw, L.ch,
      { rankPx: L.rankPx, highlight: hl, value: values[String(c.rank)] });
  }
}

/** Where the tick or cross of an answer goes: between the two cards it grades, low in the gap
 * of the middle row (two players), or beside the middle (three or four): never over a pile.
 * @param {Layout} L
 * @returns {{x: number, y: number, r: number}} */
export function markSpot(L) {
  if (L.players === 2) {
    const r = Math.min(L.gap * 0.95, L.ch * 0.2);
    return { x: L.cx, y: L.cy + L.ch * 0.5 - r, r };
  }
  const r = Math.min(L.cw, L.ch) * 0.3;
  return { x: L.cx, y: L.cy, r };
}

/** The tick or cross of an answer, growing in at the beat's start (`t` 0..1).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Layout} L
 * @param {BeatView} view
 * @param {number} t */
function drawFeedback(ctx, L, view, t) {
  if (!view.feedback) return;
  const right = view.feedback === "right";
  const spot = markSpot(L);
  const r = spot.r * Math.min(1, 0.4 + t);
  const { x, y } = spot;
  ctx.fillStyle = right ? "#1e9e4a" : "#d1342f";
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = "#ffffff";
  ctx.lineWidth = Math.max(4, r * 0.18);
  ctx.lineCap = "round";
  ctx.beginPath();
  if (right) {
    ctx.moveTo(x - r * 0.45, y + r * 0.02);
    ctx.lineTo(x - r * 0.1, y + r * 0.38);
    ctx.lineTo(x + r * 0.5, y - r * 0.35);
  } else {
    ctx.moveTo(x - r * 0.38, y - r * 0.38);
    ctx.lineTo(x + r * 0.38, y + r * 0.38);
    ctx.moveTo(x + r * 0.38, y - r * 0.38);
    ctx.lineTo(x - r * 0.38, y + r * 0.38);
  }
  ctx.stroke();
  ctx.lineCap = "butt";
}

/** A banner over the middle ("WAR!"), growing in (`t` 0..1).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Layout} L
 * @param {string | null} text
 * @param {number} t
 * @param {Measure} measure */
function drawBanner(ctx, L, text, t, measure) {
  if (!text) return;
  const scale = 0.7 + 0.3 * Math.min(1, t * 2);
  const maxW = (L.w - L.bar.w - 60) * 0.9;
  const px = fitPx(measure, text, Math.round(L.ch * 0.36 * scale), maxW);
  ctx.font = `800 ${px}px sans-serif`;
  const w = ctx.measureText(text).width + px;
  ctx.fillStyle = "rgba(15,20,30,0.72)";
  roundRect(ctx, L.cx - w / 2, L.cy - px * 0.8, w, px * 1.6, px * 0.4);
  ctx.fill();
  ctx.fillStyle = GOLD;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, L.cx, L.cy + 2);
}

/** The aid's line (what the cards are worth) under the cards.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Layout} L
 * @param {string | null} text
 * @param {Measure} measure */
function drawAid(ctx, L, text, measure) {
  if (!text) return;
  // under the cards; with the number line, in its own row above the line
  const y = L.line ? L.line.aidY : L.aidY;
  const px = fitPx(measure, text, L.line ? L.line.px : Math.max(18, Math.round(L.ch * 0.14)), L.w * 0.7);
  ctx.font = `700 ${px}px sans-serif`;
  const w = ctx.measureText(text).width + px;
  ctx.fillStyle = "rgba(255,255,255,0.92)";
  roundRect(ctx, L.cx - w / 2, y - px * 0.75, w, px * 1.5, px * 0.5);
  ctx.fill();
  ctx.fillStyle = INK;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, L.cx, y + 1);
}

export const LINE_INK = "#ffffff";             // the number line, its ticks and numbers
export const LINE_BAND = "rgba(8,30,18,0.55)";   // the band behind it, on the felt

/** Where the number line puts `n` (CSS px) and each mark: the cards' numbers the view sends
 * ([[seat, number], ...], the numbers Python worked out), the top seat's mark above the line,
 * the bottom seat's on its number under the line.
 * @param {Layout} L
 * @param {NumberLine | null | undefined} line
 * @param {number[][] | null | undefined} numbers
 * @returns {{seat: number, n: number, x: number, y: number, r: number}[]} */
export function lineMarks(L, line, numbers) {
  if (!L.line || !line) return [];
  const { x0, x1, y, px, r } = L.line;
  const at = (/** @type {number} */ n) => x0 + ((n - line.low) / Math.max(1, line.high - line.low)) * (x1 - x0);
  return (numbers || []).filter(([, n]) => n >= line.low && n <= line.high).map(([seat, n]) => {
    const top = (L.piles[seat] || { dy: 0 }).dy < 0;
    return { seat, n, x: at(n), y: top ? y - r - 1 : y + px * 0.15 + r, r };
  });
}

/** The number line (the number lesson): its band, ticks, numbers and each card's mark.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Layout} L
 * @param {NumberLine | null | undefined} line
 * @param {number[][]} numbers */
function drawNumberLine(ctx, L, line, numbers) {
  if (!L.line || !line) return;
  const { x0, x1, y, px, r } = L.line;
  const at = (/** @type {number} */ n) => x0 + ((n - line.low) / Math.max(1, line.high - line.low)) * (x1 - x0);
  ctx.fillStyle = LINE_BAND;
  roundRect(ctx, x0 - px, y - r * 2 - 3, x1 - x0 + 2 * px, r * 4 + px * 0.3 + 6, px * 0.6);
  ctx.fill();
  ctx.strokeStyle = LINE_INK;
  ctx.lineWidth = Math.max(2, px * 0.14);
  ctx.beginPath();
  ctx.moveTo(x0 - px * 0.4, y);
  ctx.lineTo(x1 + px * 0.4, y);
  ctx.stroke();
  ctx.fillStyle = LINE_INK;
  ctx.font = `700 ${px}px sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  for (let n = line.low; n <= line.high; n++) {
    ctx.beginPath();
    ctx.moveTo(at(n), y - px * 0.3);
    ctx.lineTo(at(n), y + px * 0.3);
    ctx.stroke();
    ctx.fillText(String(n), at(n), y + px * 0.35);
  }
  // each card's number, in its seat's colour
  for (const m of lineMarks(L, line, numbers)) {
    ctx.fillStyle = SEAT_COLOURS[m.seat % SEAT_COLOURS.length];
    ctx.beginPath();
    ctx.arc(m.x, m.y, m.r, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = LINE_INK;
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.fillStyle = SEAT_TEXT[m.seat % SEAT_TEXT.length];
    ctx.font = `700 ${Math.round(px * (m.n > 9 ? 0.9 : 1))}px sans-serif`;
    ctx.textBaseline = "middle";
    ctx.fillText(String(m.n), m.x, m.y + 1);
  }
}

/** Paint a whole frame: the view, with the moving cards of the beat at time `t` (0..1).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Layout} L
 * @param {WarSetup} setup
 * @param {BeatView} view
 * @param {Flight[]} moves
 * @param {number} t
 * @param {string} kind */
export function paint(ctx, L, setup, view, moves, t, kind) {
  ctx.clearRect(0, 0, L.w, L.h);
  /** @type {Measure} */
  const measure = (text, px) => {
    ctx.font = `800 ${px}px sans-serif`;
    return ctx.measureText(text).width;
  };
  drawFelt(ctx, L);
  drawProgress(ctx, L, view);
  drawBar(ctx, L, view, setup);
  const moving = new Set(moves.filter((m) => m.turn !== undefined).map((m) => m.code));
  /** @type {Set<string>} */
  const tableSkip = new Set();
  for (const s of cardSpots(view.table, L)) if (moving.has(s.code)) tableSkip.add(`${s.seat}:${s.code}`);
  drawPiles(ctx, L, view, setup, false);
  if (kind === "shuffle" && t < 1) {
    // a shuffled pile: its top cards fan out and close again
    for (const p of L.piles) {
      const a = Math.sin(t * Math.PI) * L.pw * 0.5;
      for (let i = 0; i < 4; i++) drawBack(ctx, p.x + (i - 1.5) * a * 0.4, p.y - Math.abs(i - 1.5) * a * 0.1, L.pw, L.ph);
    }
  }
  drawMiddle(ctx, L, view, setup, tableSkip);
  const e = ease(Math.min(1, t));
  for (const m of moves) {
    // a card grows from a pile's size to the middle's on its way there, and shrinks going back
    const k = m.toPile ? lerp(1, L.ph / L.ch, e) : m.fromPile ? lerp(L.ph / L.ch, 1, e) : 1;
    // (scaled as a whole: the face is laid out once, at the middle's size)
    ctx.save();
    ctx.translate(lerp(m.from.x, m.to.x, e), lerp(m.from.y, m.to.y, e));
    ctx.scale(k, k);
    drawCard(ctx, m.code, m.up, 0, 0, L.cw, L.ch, { rankPx: L.rankPx }, m.turn ? Math.min(1, t * 1.25) : undefined);
    ctx.restore();
  }
  drawNumberLine(ctx, L, setup.number_line, view.numbers);
  drawAid(ctx, L, view.aid, measure);
  drawBanner(ctx, L, view.banner, t, measure);
  drawFeedback(ctx, L, view, t);
}
