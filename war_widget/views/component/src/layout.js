// @ts-check
// The layout: the table's size, where everything goes, the middle's card spots and the flights of a beat.
// Part of the table component: bundled into ../table.js by `npm run build` (esbuild).

import { RANK_MIN_PX } from "./helpers.js";

/** @typedef {import("./types.js").BeatView} BeatView */
/** @typedef {import("./types.js").TableItem} TableItem */

/** A seat's pile: its top-left corner and the side of the table it is on (dx, dy in -1, 0, 1).
 * @typedef {{x: number, y: number, dx: number, dy: number}} Pile */

/**
 * Where everything of War's table goes (`layout`), in CSS px of the canvas.
 * @typedef {object} Layout
 * @property {number} w
 * @property {number} h
 * @property {number} players
 * @property {number} cw  the middle cards' width
 * @property {number} ch  and height
 * @property {number} pw  the piles' width
 * @property {number} ph  and height
 * @property {number} rankPx  the corner rank's px
 * @property {number} cx  the middle row's centre
 * @property {number} cy
 * @property {number} top  the top of the play area (under the progress strip)
 * @property {Pile[]} piles  by seat
 * @property {{x: number, y: number, w: number, h: number}} bar  the count bar
 * @property {{x: number, y: number, w: number, h: number}} progress  the progress strip
 * @property {number} gap  half the room between the two middle cards (two players)
 * @property {number} slot  how far apart a seat's cards of a war lie
 * @property {boolean} portrait
 * @property {number} aidY  the aid's line
 * @property {boolean} namesAbove  two rows of cards: the top row's names over their piles
 * @property {boolean} side  two players on a wide felt: the piles beside the middle row
 * @property {{x: number, y: number}[]} [cells]  three or four players: each seat's cell in the middle
 * @property {NumberLineFrame} [line]  the number line's strip (the number lesson)
 */

/**
 * The number line's strip: its ends, label px, top, the aid's row, the line's y, the marks'
 * radius and the strip's bottom.
 * @typedef {{x0: number, x1: number, px: number, top: number, aidY: number, y: number, r: number, bottom: number}} NumberLineFrame
 */

/** A card in the middle (cardSpots): its seat, code, face, battle and top-left corner; `older`:
 * under the newer cards of its seat.
 * @typedef {{seat: number, code: string, up: boolean, battle: number, x: number, y: number, older: boolean}} CardSpot */

/** A card moving during a beat (flights): from a pile to the middle or back, turning face up on
 * the way (`turn`).
 * @typedef {object} Flight
 * @property {string} code
 * @property {boolean} up
 * @property {{x: number, y: number}} from
 * @property {{x: number, y: number}} to
 * @property {boolean} turn
 * @property {boolean} [toPile]
 * @property {boolean} [fromPile]
 */

/** The size of the table in CSS px: the container's width, and a height that leaves room for the
 * controls (`chrome` px) under it on the screen (`top` px are above it). Upright narrow screens
 * get a portrait table.
 * @param {number} width
 * @param {number} viewportW
 * @param {number} viewportH
 * @param {number} chrome
 * @param {number} top
 * @returns {{width: number, height: number, portrait: boolean}} */
export function tableSize(width, viewportW, viewportH, chrome, top) {
  const w = Math.max(160, Math.floor(width));   // never wider than the page gives it
  const room = Math.max(240, Math.floor(viewportH - chrome - Math.max(0, Math.min(top, 180)) - 12));
  const portrait = viewportH > viewportW * 1.15;   // an upright phone or tablet
  const ideal = portrait ? w * 1.45 : w * 0.56;
  const h = Math.max(240, Math.floor(Math.min(ideal, room)));
  // a landscape table no wider than its cards can use (the piles beside the middle row, SIDE_MAX)
  const tw = portrait ? w : Math.min(w, Math.max(Math.floor(h * SIDE_MAX), 160));
  return { width: tw, height: h, portrait };
}

/** The widest felt a landscape table takes, in table heights: two players' piles in a column
 * left of the middle row, the middle cards as tall as the felt allows (`layout`). */
export const SIDE_MAX = 2.15;
// the column left of the piles for each seat's name and count badge, in CSS px
export const NAME_ROOM = 140;

/** The room a table has on the screen: the height of what its page shows (JupyterLab's notebook
 * panel between its toolbar and status bar, or the window) and how far below the top of that
 * the table starts. `node` is the component's root.
 * @param {HTMLElement} node
 * @param {number} viewportH
 * @returns {{height: number, top: number}} */
export function screenRoom(node, viewportH) {
  // the band the window and every ancestor that scrolls its content (JupyterLab's notebook panel)
  // let through; an output area (overflow auto, as tall as its content) clips nothing
  let top = 0;
  let bottom = viewportH;
  // (the root node is the document, or a shadow root with its host: marimo)
  /** @type {Element | null} */
  let p = node.parentElement || (node.getRootNode && /** @type {Partial<ShadowRoot>} */ (node.getRootNode()).host) || null;
  while (p && p !== document.body && p !== document.documentElement) {
    const oy = getComputedStyle(p).overflowY;
    if ((oy === "auto" || oy === "scroll") && p.scrollHeight > p.clientHeight + 1) {
      const box = p.getBoundingClientRect();
      if (box.height > 0) {
        top = Math.max(top, box.top);
        bottom = Math.min(bottom, box.bottom);
      }
    }
    p = p.parentElement || (p.getRootNode && /** @type {Partial<ShadowRoot>} */ (p.getRootNode()).host) || null;
  }
  const height = bottom - top > 100 ? bottom - top : viewportH;
  return { height, top: node.getBoundingClientRect().top - top };
}

/** The number line's label size on a table whose middle cards are `ch` px tall: never under the
 * page's own smallest text (16 px), bigger on a projector. */
export const LINE_MIN_PX = 16;
/** @type {(ch: number) => number} */
export const linePx = (ch) => Math.max(LINE_MIN_PX, Math.round(ch * 0.1));

/** Where everything goes on a w x h table for n players: the size of the cards in the middle
 * (cw x ch: the faces) and of the piles (pw x ph: backs only, smaller when two players share the
 * screen), the piles, the middle row (its centre cx, cy), the progress strip on top, the count
 * bar at the right edge, and with `opts.line` (the number lesson) the number line's strip under
 * the middle row. On an upright phone the cards are taller than a printed card's shape: the
 * width is what two cards side by side leave, and the height lets the corner rank (34 px) and
 * the pips fit.
 * @param {number} w
 * @param {number} h
 * @param {number} players
 * @param {{line?: boolean}} [opts]
 * @returns {Layout} */
export function layout(w, h, players, opts = {}) {
  const barW = Math.max(12, Math.round(w * 0.018));
  const progress = { x: 16, y: 10, h: Math.max(22, Math.round(h * 0.045)), w: w - 32 - barW - 12 };
  const top = progress.y + progress.h + 12;
  const right = w - barW - 24;
  const bar = { w: barW, x: right + 10, y: top, h: h - top - 14 };
  const usableH = h - top - 10;
  const usableW = right - 12;
  const portrait = h > w * 1.1;
  const lineOn = Boolean(opts.line) && players === 2;
  let cw;
  let ch;
  let k = 1;                       // the piles' size, in middle cards
  let lineH = 0;
  let lpx = 0;
  let grid = false;
  let side = false;                // two players on a wide felt: the piles beside the middle row
  if (players > 2) {
    // the middle cards side by side in one row, or in two rows with every pile above or below
    // them (whichever gives bigger cards), none over another; the piles smaller than the cards
    const side = 2 * (0.7 * 0.6) + 0.3;          // the two side piles and their badges, in card heights
    const rowH = usableH / (1 + 2 * 0.6 + 0.4);
    const rowW = Math.min(rowH * 0.7, (usableW - side * rowH) / (players * 1.3 + (players - 1) * 0.12));
    const rowCh = Math.min(rowH, rowW / 0.7);
    const gridH = (usableH - 22) / (2 + 2 * 0.26 + 0.3);   // 22: the top row's names above their piles
    const gridW = Math.min(gridH * 0.7, usableW / (2 * 1.3 + 0.15));
    const gridCh = Math.min(gridH, gridW / (portrait ? 0.56 : 0.7));
    grid = gridW * gridCh > rowW * rowCh;
    [k, cw, ch] = grid ? [0.26, gridW, gridCh] : [0.6, rowW, rowCh];
  } else {
    k = portrait ? 0.42 : lineOn ? 0.5 : 0.62;
    const rows = 1 + 2 * k + 0.3;
    let byH = usableH / rows;
    if (lineOn) {
      // the aid's row, then the line: ticks, numbers under them, the cards' marks on it
      lpx = linePx(byH);
      byH = (usableH - lpx * 4.7) / rows;
      lpx = linePx(byH);
      lineH = lpx * 4.7;
      byH = (usableH - lineH) / rows;
    }
    cw = Math.min(byH * 0.7, usableW / 3.3);   // two cards, the gap for the mark, the war slots
    ch = Math.min(byH, cw / (portrait ? 0.56 : 0.7));
    if (!portrait && !lineOn) {
      // a wide felt: the piles in a column left of the middle row (the top seat's above, yours
      // below), the middle cards as tall as the felt allows with the aid under them; taken when
      // it gives bigger cards
      const sideCh = usableH / 1.5;
      const sideK = Math.min(0.5, (usableH - 24) / (2 * sideCh));
      // the middle row 3.3 cards wide; the piles' column NAME_ROOM + 16 + a pile (sideK cards) and
      // its won pile beside it (paint: 1.85 piles in all)
      const sideCw = Math.min(sideCh * 0.7, (usableW - NAME_ROOM - 16) / (3.3 + 1.85 * sideK));
      if (sideCw > cw * 1.02) {
        side = true;
        k = sideK;
        cw = sideCw;
        ch = sideCw / 0.7;
      }
    }
  }
  const ph = ch * k;
  const pw = Math.min(cw, ph * 0.7);
  // the corner rank never gets smaller than a child reads on an upright phone [000]
  const rankPx = Math.max(RANK_MIN_PX, Math.round(cw * 0.2));
  const colW = side ? NAME_ROOM + 16 + pw * 1.85 : 0;     // the piles' column (with the won piles)
  const midW = usableW - colW;
  const cx = 12 + colW + midW / 2;
  const mid = top + usableH / 2;
  const cy = mid - lineH / 2;      // the middle row, above the number line
  const piles = [];
  const seatsAt = players === 2 ? [[0, 1], [0, -1]]
    : players === 3 ? [[0, 1], [-1, 0], [1, 0]] : [[0, 1], [-1, 0], [0, -1], [1, 0]];
  for (const [dx, dy] of seatsAt) {
    let px = cx + dx * (usableW / 2 - pw * 0.9) - pw / 2;
    let py = mid + dy * (usableH / 2 - ph * 0.55) - ph / 2;
    if (grid && dy <= 0) {
      // two rows of cards: the side seats' piles in the top row, left and right of the top seat's,
      // each seat's name above its pile
      const slots = players === 3 ? 2 : 3;
      const at = players === 3 ? (dx + 1) / 2 : dx + 1;
      px = 12 + (usableW / slots) * (at + 0.5) - pw / 2;
      py = top + 22;
    }
    if (side) {
      px = 12 + NAME_ROOM;
      py = dy < 0 ? top + 4 : top + usableH - ph - 4;
    }
    piles.push({ x: px, y: py, dx, dy });
  }
  // half the room between the two middle cards (where the tick or cross goes): more when the
  // table is wide enough for it beside the war slots
  const gap = players === 2 ? cw * (midW >= 3.7 * cw ? 0.4 : 0.25) : 0;
  // a war's slots: a face-down card shows a strip of its back (wider with big cards, past its border)
  const slot = players === 2 ? Math.max(0, Math.min(cw * 0.36, Math.max(44, cw * 0.2), (midW - 2 * cw - 2 * gap) / 4 - 1))
    : cw * 0.15;
  /** @type {Layout} */
  const L = { w, h, players, cw, ch, pw, ph, rankPx, cx, cy, top, piles, bar, progress, gap, slot, portrait: h > w,
    aidY: cy + ch * (side ? 0.58 : 0.62), namesAbove: grid, side };
  if (players > 2) {
    // each seat's cell in the middle (its newest card at the cell's right, older ones under it)
    const cellW = cw + 2 * slot;
    const order = piles.map((p, seat) => [p.dx * 10 + p.dy, seat]).sort((a, b) => a[0] - b[0]).map(([, seat]) => seat);
    const rows = grid ? (players === 3 ? [[order[0], order[2]], [order[1]]] : [order.slice(0, 2), order.slice(2)])
      : [order];
    const rowGap = ch * 0.12;
    /** @type {{x: number, y: number}[]} */
    const cells = [];
    L.cells = cells;
    rows.forEach((row, r) => {
      const total = row.length * cellW + (row.length - 1) * cw * 0.12;
      const y = cy - (rows.length * ch + (rows.length - 1) * rowGap) / 2 + r * (ch + rowGap);
      row.forEach((seat, i) => { cells[seat] = { x: cx - total / 2 + i * (cellW + cw * 0.12), y }; });
    });
    L.aidY = cy + (rows.length * ch + (rows.length - 1) * rowGap) / 2 + ch * 0.1;
  }
  if (lineOn) {
    const px = lpx;
    const y0 = cy + ch * 0.56 + 2;
    L.line = { x0: 12 + usableW * 0.06, x1: 12 + usableW * 0.94, px, top: y0, aidY: y0 + px * 0.8,
      y: y0 + px * 3.15, r: px * 0.75, bottom: y0 + lineH };
  }
  return L;
}

/** The spots of the cards in the middle: per seat at most three slots side by side, older
 * cards under the newer ones. `table` is Python's [[seat, code, faceUp, battle], ...].
 * @param {TableItem[]} table
 * @param {Layout} L
 * @returns {CardSpot[]} */
export function cardSpots(table, L) {
  /** @type {Map<number, {seat: number, code: string, up: boolean, battle: number}[]>} */
  const bySeat = new Map();
  for (const [seat, code, up, battle] of table) {
    if (!bySeat.has(seat)) bySeat.set(seat, []);
    /** @type {{seat: number, code: string, up: boolean, battle: number}[]} */ (bySeat.get(seat)).push({ seat, code, up: Boolean(up), battle });
  }
  /** @type {CardSpot[]} */
  const spots = [];
  for (const [seat, cards] of bySeat) {
    const pile = L.piles[seat];
    if (!pile) continue;
    const n = cards.length;
    const shown = Math.min(n, 3);
    cards.forEach((c, i) => {
      const slot = Math.max(0, Math.min(shown - 1, i - (n - shown)));
      let x;
      let y;
      if (L.players === 2) {
        // both sides in the middle row: the bottom seat right of centre, the top seat left
        const dir = pile.dy > 0 ? 1 : -1;
        const base = L.cx + dir * L.gap + (dir > 0 ? 0 : -L.cw);
        x = base + dir * slot * L.slot;
        y = L.cy - L.ch / 2 + (pile.dy > 0 ? L.ch * 0.06 : -L.ch * 0.06);
      } else {
        const cell = /** @type {{x: number, y: number}[]} */ (L.cells)[seat];   // (three or four players)
        x = cell.x + (slot + 3 - shown) * L.slot;
        y = cell.y;
      }
      spots.push({ ...c, x, y, older: i < n - shown });
    });
  }
  return spots;
}

/** The middle's cards in the order they are painted: the face-down cards of a war first, then
 * the face-up ones in the order they came, so a war's face-down cards never cover the tied cards
 * a class is looking at (a later face-up card still lies over an earlier one).
 * @param {CardSpot[]} spots
 * @returns {CardSpot[]} */
export function drawOrder(spots) {
  return [...spots.filter((s) => !s.up), ...spots.filter((s) => s.up)];
}

/** An x inside the card at `spot` where it shows (for tests that read its pixels): a face-down
 * card lies under the face-up cards of a war (`drawOrder`), so the point is taken in the part of
 * it no face-up card covers.
 * @param {CardSpot} spot
 * @param {CardSpot[]} spots
 * @param {Layout} L
 * @returns {number} */
export function probeX(spot, spots, L) {
  const over = spots.filter((o) => o.up && !spot.up && o !== spot);
  const inside = (/** @type {number} */ x) => over.some((o) => x >= o.x - 1 && x <= o.x + L.cw + 1);
  const candidates = [spot.x + L.cw * 0.15, spot.x + L.cw - L.slot / 2, spot.x + L.slot / 2];
  return candidates.find((x) => !inside(x)) ?? candidates[0];
}

/** Cards that move during the beat from `prev` to `next` view: [{code, up, from:{x,y}, to:{x,y},
 * turn}] (turn: the card turns face up on the way).
 * @param {string} kind  the beat's kind
 * @param {BeatView | null} prev
 * @param {BeatView} next
 * @param {Layout} L
 * @returns {Flight[]} */
export function flights(kind, prev, next, L) {
  if (!prev) return [];
  const before = cardSpots(prev.table, L);
  const after = cardSpots(next.table, L);
  /** @type {Flight[]} */
  const moves = [];
  if (kind === "collect" || kind === "return") {
    for (const s of before) {
      const owner = kind === "collect" && next.winner !== null && next.winner !== undefined ? next.winner : s.seat;
      const pile = L.piles[owner] || L.piles[0];
      moves.push({ code: s.code, up: s.up, from: { x: s.x, y: s.y }, to: { x: pile.x, y: pile.y }, turn: false,
        toPile: true });
    }
    return moves;
  }
  const old = new Set(before.map((s) => `${s.seat}:${s.code}`));
  for (const s of after) {
    if (old.has(`${s.seat}:${s.code}`)) continue;
    const pile = L.piles[s.seat];
    moves.push({ code: s.code, up: s.up, from: { x: pile.x, y: pile.y }, to: { x: s.x, y: s.y }, turn: s.up,
      fromPile: true });
  }
  return moves;
}
