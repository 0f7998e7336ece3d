// GENERATED FILE, do not edit: the War table component (anywidget `_esm`), bundled by esbuild
// 0.28.2 from the source modules war_widget/views/component/src/*.js (entry src/index.js).
// Edit the modules there and rebuild with `npm run build` (tools/build_table.mjs); CI fails
// when this file and the sources disagree (tests/js/test_bundle.py).

// war_widget/views/component/src/helpers.js
var SPEED_FACTOR = { slow: 1.8, normal: 1, fast: 0.35 };
var WAR_SPEED = { slow: 1.8, normal: 1, fast: 0.08 };
var BEAT_MS = {
  flip: [420, 380],
  compare: [120, 520],
  war: [260, 640],
  face_down: [380, 200],
  collect: [620, 240],
  return: [520, 240],
  shuffle: [620, 200],
  out: [200, 500],
  game_over: [300, 800],
  waiting: [120, 0],
  notice: [0, 0],
  deal: [0, 0],
  back: [0, 0],
  goto: [0, 0],
  fast_forward: [0, 0],
  clock: [0, 0]
};
var AUTOPLAY_GAP_MS = 350;
var RANK_MIN_PX = 34;
var TOUCH_MIN_PX = 44;
var SUIT_GLYPH = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
var RANK_NAME = { 11: "J", 12: "Q", 13: "K", 14: "A", 15: "\u2605" };
function parseCard(code) {
  const m = /^(\d+)([SHDCRB])$/.exec(code);
  if (!m) throw new Error(`not a card code: ${code}`);
  const rank = Number(m[1]);
  const suit = m[2];
  const joker = rank === 15;
  const red = suit === "H" || suit === "D" || suit === "R";
  return {
    rank,
    suit,
    red,
    joker,
    glyph: RANK_NAME[rank] || String(rank),
    suitGlyph: joker ? "JOKER" : SUIT_GLYPH[suit]
  };
}
function beatTiming(kind, speed) {
  const [move, rest] = BEAT_MS[kind] || [200, 300];
  const k = WAR_SPEED[speed] ?? 1;
  return { move: move * k, rest: rest * k };
}
var lerp = (a, b, t) => a + (b - a) * t;
var ease = (t) => t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2;
function keyAction(key, targetTag) {
  const tag = (targetTag || "").toUpperCase();
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return null;
  if ((key === " " || key === "Enter") && tag === "BUTTON") return null;
  if (key === " " || key === "Spacebar") return { do: "flip" };
  if (key === "Backspace") return { do: "back" };
  if (key === ">" || key === "=" || key === "<") return { do: "answer", symbol: key };
  return null;
}
function ownsKey(event) {
  return !(event.key === "Tab" && !event.ctrlKey && !event.altKey && !event.metaKey);
}
function keepsDefault(event, targetTag, editable = false) {
  const tag = (targetTag || "").toUpperCase();
  if (editable || tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return true;
  const key = event.key || "";
  if ((tag === "BUTTON" || tag === "SUMMARY") && (key === " " || key === "Enter" || key === "Spacebar")) return true;
  if ((event.ctrlKey || event.metaKey) && key.length === 1) return true;
  return /^F\d{1,2}$/.test(key);
}
var KEY_OWNERS = /* @__PURE__ */ new WeakMap();
var keysGuarded = false;
function keepKeys(root, handler) {
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  KEY_OWNERS.set(root, handler);
  if (keysGuarded || typeof window === "undefined") return;
  keysGuarded = true;
  window.addEventListener("keydown", (e) => {
    if (!ownsKey(e)) return;
    const path = typeof e.composedPath === "function" ? e.composedPath() : [];
    const owner = path.find((node) => KEY_OWNERS.has(node));
    if (!owner) return;
    e.stopImmediatePropagation();
    const target = (
      /** @type {HTMLElement | null} */
      path[0] || e.target
    );
    if (!keepsDefault(e, target && target.tagName, Boolean(target && target.isContentEditable))) e.preventDefault();
    KEY_OWNERS.get(owner)(e, target);
  }, true);
}
function pageLang(register) {
  return String(register || "en").startsWith("ja") ? "ja" : "en";
}
function markLanguage(root, register) {
  root.lang = pageLang(register);
  root.dataset.register = register || "en";
}
function spacePlays(key, targetTag) {
  const tag = (targetTag || "").toUpperCase();
  return (key === " " || key === "Spacebar") && !["INPUT", "SELECT", "TEXTAREA", "BUTTON"].includes(tag);
}
function mergeBeats(queue, incoming, lastId) {
  let out = queue.slice();
  for (const b of incoming) {
    if (b.id <= lastId || out.some((q) => q.id === b.id)) continue;
    if (b.cut) out = [];
    out.push(b);
  }
  return out;
}
function newest(incoming) {
  return incoming.length ? incoming[incoming.length - 1].id : 0;
}
function answerWords(words, question) {
  const w = words || {};
  const fallback = { ">": w.guess_bigger, "=": w.guess_same, "<": w.guess_smaller };
  const given = question && question.buttons || {};
  return [">", "=", "<"].map((sym) => given[sym] || fallback[sym] || "");
}
function wantsTick(state, current, busy, requested) {
  return Boolean(state && state.autoplay && current && !busy && !requested && !current.view.over && !current.view.asking);
}
function wantsTickAhead(state, moving, queued, requested) {
  return Boolean(state && state.autoplay && state.speed === "fast" && moving && !queued && !requested && !moving.view.over && !moving.view.asking);
}
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}
function whenIdle(fn) {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(fn, { timeout: 1500 });
  else setTimeout(fn, 300);
}
function follow(model, handlers) {
  const events = (
    /** @type {[string, () => void][]} */
    Object.entries(handlers).map(([trait, handler]) => [`change:${trait}`, handler])
  );
  for (const [event, handler] of events) model.on(event, handler);
  return () => {
    for (const [event, handler] of events) model.off(event, handler);
  };
}

// war_widget/views/component/src/layout.js
function tableSize(width, viewportW, viewportH, chrome, top) {
  const w = Math.max(160, Math.floor(width));
  const room = Math.max(240, Math.floor(viewportH - chrome - Math.max(0, Math.min(top, 180)) - 12));
  const portrait = viewportH > viewportW * 1.15;
  const ideal = portrait ? w * 1.45 : w * 0.56;
  const h = Math.max(240, Math.floor(Math.min(ideal, room)));
  const tw = portrait ? w : Math.min(w, Math.max(Math.floor(h * SIDE_MAX), 160));
  return { width: tw, height: h, portrait };
}
var SIDE_MAX = 2.15;
var NAME_ROOM = 140;
function screenRoom(node, viewportH) {
  let top = 0;
  let bottom = viewportH;
  let p = node.parentElement || node.getRootNode && /** @type {Partial<ShadowRoot>} */
  node.getRootNode().host || null;
  while (p && p !== document.body && p !== document.documentElement) {
    const oy = getComputedStyle(p).overflowY;
    if ((oy === "auto" || oy === "scroll") && p.scrollHeight > p.clientHeight + 1) {
      const box = p.getBoundingClientRect();
      if (box.height > 0) {
        top = Math.max(top, box.top);
        bottom = Math.min(bottom, box.bottom);
      }
    }
    p = p.parentElement || p.getRootNode && /** @type {Partial<ShadowRoot>} */
    p.getRootNode().host || null;
  }
  const height = bottom - top > 100 ? bottom - top : viewportH;
  return { height, top: node.getBoundingClientRect().top - top };
}
var LINE_MIN_PX = 16;
var linePx = (ch) => Math.max(LINE_MIN_PX, Math.round(ch * 0.1));
function layout(w, h, players, opts = {}) {
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
  let k = 1;
  let lineH = 0;
  let lpx = 0;
  let grid = false;
  let side = false;
  if (players > 2) {
    const side2 = 2 * (0.7 * 0.6) + 0.3;
    const rowH = usableH / (1 + 2 * 0.6 + 0.4);
    const rowW = Math.min(rowH * 0.7, (usableW - side2 * rowH) / (players * 1.3 + (players - 1) * 0.12));
    const rowCh = Math.min(rowH, rowW / 0.7);
    const gridH = (usableH - 22) / (2 + 2 * 0.26 + 0.3);
    const gridW = Math.min(gridH * 0.7, usableW / (2 * 1.3 + 0.15));
    const gridCh = Math.min(gridH, gridW / (portrait ? 0.56 : 0.7));
    grid = gridW * gridCh > rowW * rowCh;
    [k, cw, ch] = grid ? [0.26, gridW, gridCh] : [0.6, rowW, rowCh];
  } else {
    k = portrait ? 0.42 : lineOn ? 0.5 : 0.62;
    const rows = 1 + 2 * k + 0.3;
    let byH = usableH / rows;
    if (lineOn) {
      lpx = linePx(byH);
      byH = (usableH - lpx * 4.7) / rows;
      lpx = linePx(byH);
      lineH = lpx * 4.7;
      byH = (usableH - lineH) / rows;
    }
    cw = Math.min(byH * 0.7, usableW / 3.3);
    ch = Math.min(byH, cw / (portrait ? 0.56 : 0.7));
    if (!portrait && !lineOn) {
      const sideCh = usableH / 1.5;
      const sideK = Math.min(0.5, (usableH - 24) / (2 * sideCh));
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
  const rankPx = Math.max(RANK_MIN_PX, Math.round(cw * 0.2));
  const colW = side ? NAME_ROOM + 16 + pw * 1.85 : 0;
  const midW = usableW - colW;
  const cx = 12 + colW + midW / 2;
  const mid = top + usableH / 2;
  const cy = mid - lineH / 2;
  const piles = [];
  const seatsAt = players === 2 ? [[0, 1], [0, -1]] : players === 3 ? [[0, 1], [-1, 0], [1, 0]] : [[0, 1], [-1, 0], [0, -1], [1, 0]];
  for (const [dx, dy] of seatsAt) {
    let px = cx + dx * (usableW / 2 - pw * 0.9) - pw / 2;
    let py = mid + dy * (usableH / 2 - ph * 0.55) - ph / 2;
    if (grid && dy <= 0) {
      const slots = players === 3 ? 2 : 3;
      const at = players === 3 ? (dx + 1) / 2 : dx + 1;
      px = 12 + usableW / slots * (at + 0.5) - pw / 2;
      py = top + 22;
    }
    if (side) {
      px = 12 + NAME_ROOM;
      py = dy < 0 ? top + 4 : top + usableH - ph - 4;
    }
    piles.push({ x: px, y: py, dx, dy });
  }
  const gap = players === 2 ? cw * (midW >= 3.7 * cw ? 0.4 : 0.25) : 0;
  const slot = players === 2 ? Math.max(0, Math.min(cw * 0.36, Math.max(44, cw * 0.2), (midW - 2 * cw - 2 * gap) / 4 - 1)) : cw * 0.15;
  const L = {
    w,
    h,
    players,
    cw,
    ch,
    pw,
    ph,
    rankPx,
    cx,
    cy,
    top,
    piles,
    bar,
    progress,
    gap,
    slot,
    portrait: h > w,
    aidY: cy + ch * (side ? 0.58 : 0.62),
    namesAbove: grid,
    side
  };
  if (players > 2) {
    const cellW = cw + 2 * slot;
    const order = piles.map((p, seat) => [p.dx * 10 + p.dy, seat]).sort((a, b) => a[0] - b[0]).map(([, seat]) => seat);
    const rows = grid ? players === 3 ? [[order[0], order[2]], [order[1]]] : [order.slice(0, 2), order.slice(2)] : [order];
    const rowGap = ch * 0.12;
    const cells = [];
    L.cells = cells;
    rows.forEach((row, r) => {
      const total = row.length * cellW + (row.length - 1) * cw * 0.12;
      const y = cy - (rows.length * ch + (rows.length - 1) * rowGap) / 2 + r * (ch + rowGap);
      row.forEach((seat, i) => {
        cells[seat] = { x: cx - total / 2 + i * (cellW + cw * 0.12), y };
      });
    });
    L.aidY = cy + (rows.length * ch + (rows.length - 1) * rowGap) / 2 + ch * 0.1;
  }
  if (lineOn) {
    const px = lpx;
    const y0 = cy + ch * 0.56 + 2;
    L.line = {
      x0: 12 + usableW * 0.06,
      x1: 12 + usableW * 0.94,
      px,
      top: y0,
      aidY: y0 + px * 0.8,
      y: y0 + px * 3.15,
      r: px * 0.75,
      bottom: y0 + lineH
    };
  }
  return L;
}
function cardSpots(table, L) {
  const bySeat = /* @__PURE__ */ new Map();
  for (const [seat, code, up, battle] of table) {
    if (!bySeat.has(seat)) bySeat.set(seat, []);
    bySeat.get(seat).push({ seat, code, up: Boolean(up), battle });
  }
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
        const dir = pile.dy > 0 ? 1 : -1;
        const base = L.cx + dir * L.gap + (dir > 0 ? 0 : -L.cw);
        x = base + dir * slot * L.slot;
        y = L.cy - L.ch / 2 + (pile.dy > 0 ? L.ch * 0.06 : -L.ch * 0.06);
      } else {
        const cell = (
          /** @type {{x: number, y: number}[]} */
          L.cells[seat]
        );
        x = cell.x + (slot + 3 - shown) * L.slot;
        y = cell.y;
      }
      spots.push({ ...c, x, y, older: i < n - shown });
    });
  }
  return spots;
}
function drawOrder(spots) {
  return [...spots.filter((s) => !s.up), ...spots.filter((s) => s.up)];
}
function probeX(spot, spots, L) {
  const over = spots.filter((o) => o.up && !spot.up && o !== spot);
  const inside = (x) => over.some((o) => x >= o.x - 1 && x <= o.x + L.cw + 1);
  const candidates = [spot.x + L.cw * 0.15, spot.x + L.cw - L.slot / 2, spot.x + L.slot / 2];
  return candidates.find((x) => !inside(x)) ?? candidates[0];
}
function flights(kind, prev, next, L) {
  if (!prev) return [];
  const before = cardSpots(prev.table, L);
  const after = cardSpots(next.table, L);
  const moves = [];
  if (kind === "collect" || kind === "return") {
    for (const s of before) {
      const owner = kind === "collect" && next.winner !== null && next.winner !== void 0 ? next.winner : s.seat;
      const pile = L.piles[owner] || L.piles[0];
      moves.push({
        code: s.code,
        up: s.up,
        from: { x: s.x, y: s.y },
        to: { x: pile.x, y: pile.y },
        turn: false,
        toPile: true
      });
    }
    return moves;
  }
  const old = new Set(before.map((s) => `${s.seat}:${s.code}`));
  for (const s of after) {
    if (old.has(`${s.seat}:${s.code}`)) continue;
    const pile = L.piles[s.seat];
    moves.push({
      code: s.code,
      up: s.up,
      from: { x: pile.x, y: pile.y },
      to: { x: s.x, y: s.y },
      turn: s.up,
      fromPile: true
    });
  }
  return moves;
}

// war_widget/views/component/src/chart.js
function chartSeries(head, tail, upTo, mid = null) {
  const parts = (
    /** @type {ChartPart[]} */
    [head, mid].filter((p) => p && tail && p.game === tail.game)
  );
  if (tail) parts.push(tail);
  const counts = [];
  const allWars = [];
  for (const p of parts) {
    counts.push(...p.counts || []);
    allWars.push(...p.wars || []);
  }
  const n = Math.min(counts.length, upTo + 1);
  const x = [];
  const ys = [];
  for (let r = 0; r < n; r++) {
    x.push(r);
    counts[r].forEach((c, seat) => {
      if (!ys[seat]) ys[seat] = [];
      ys[seat].push(c);
    });
  }
  const wars = allWars.filter((r) => r < n);
  return { x, ys, wars: { x: wars, y: wars.map((r) => counts[r][0]) } };
}
var CHART_CAP = 300;
var CHART_MARKERS = 80;
var CHART_WARS_CAP = 120;
var CHART_GAP_MS = 150;
function chartIndices(n, cap2 = CHART_CAP) {
  if (n <= cap2) return Array.from({ length: n }, (_, i) => i);
  let k = 2;
  while (Math.ceil((n - 1) / k) + 1 > cap2) k *= 2;
  const out = [];
  for (let i = 0; i < n - 1; i += k) out.push(i);
  out.push(n - 1);
  return out;
}
function drawnSeries(series, cap2 = CHART_CAP, warsCap = CHART_WARS_CAP) {
  const idx = chartIndices(series.x.length, cap2);
  const wi = chartIndices(series.wars.x.length, warsCap);
  return {
    x: idx.map((i) => series.x[i]),
    ys: series.ys.map((y) => idx.map((i) => y[i])),
    wars: { x: wi.map((i) => series.wars.x[i]), y: wi.map((i) => series.wars.y[i]) },
    rounds: series.x.length
  };
}
function chartXMax(lastRound, limit) {
  if (limit) return limit;
  if (lastRound < 40) return 40;
  for (let p = 100; ; p *= 10) for (const m of [1, 2, 5]) if (m * p > lastRound) return m * p;
}
function chartFont(width) {
  return Math.round(Math.max(13, Math.min(22, width / 55)));
}
var CHART_STACK_BELOW = 600;
function chartFrame(width, font) {
  const stacked = width < CHART_STACK_BELOW;
  const lines = stacked ? 3.2 : 1.8;
  return {
    stacked,
    margin: { l: font * 3.2, r: 12, t: Math.round(font * (lines + 0.6)), b: font * 3.2 },
    title: stacked ? { x: 0, xanchor: "left", xref: "paper", y: 1, yref: "container", yanchor: "top", pad: { t: 4 } } : { x: 0, xanchor: "left", xref: "paper" },
    legend: stacked ? { orientation: "h", x: 0, xanchor: "left", y: 1, yanchor: "bottom" } : { orientation: "h", x: 1, xanchor: "right", y: 1.02, yanchor: "bottom" },
    extraHeight: stacked ? Math.round(font * 1.4) : 0
  };
}
function loadPlotly(model) {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  if (!window.__warWidgetPlotly) {
    const pending = new Promise((resolve, reject) => {
      const onMessage = (content) => {
        const msg = (
          /** @type {Partial<PlotlyMessage> | null | undefined} */
          content
        );
        if (!msg || typeof msg.plotly_js !== "string") return;
        model.off("msg:custom", onMessage);
        const url = URL.createObjectURL(new Blob([msg.plotly_js], { type: "text/javascript" }));
        const script = document.createElement("script");
        script.dataset.warPlotly = "1";
        const define = window.define;
        window.define = void 0;
        script.onload = () => {
          window.define = define;
          URL.revokeObjectURL(url);
          resolve(
            /** @type {WarPlotly} */
            window.Plotly
          );
        };
        script.onerror = (e) => {
          window.define = define;
          reject(e);
        };
        script.src = url;
        document.head.append(script);
      };
      model.on("msg:custom", onMessage);
      model.send({ do: "plotly_js" });
      setTimeout(() => {
        model.off("msg:custom", onMessage);
        reject(new Error("no plotly.js came"));
      }, 6e4);
    });
    window.__warWidgetPlotly = pending;
    pending.catch(() => {
      if (window.__warWidgetPlotly === pending) window.__warWidgetPlotly = null;
    });
  }
  return window.__warWidgetPlotly;
}

// war_widget/views/component/src/colours.js
var INK = "#1d2230";
var RED = "#c8102e";
var GOLD = "#ffcf40";
var SEAT_COLOURS = ["#2a6fd0", "#c84818", "#8a5cd6", "#c48800"];
var SEAT_TEXT = ["#ffffff", "#ffffff", "#ffffff", INK];
var SEAT_DASH = ["solid", "solid", "dash", "dash"];
var FELT = { stops: [[0, "#278552"], [0.65, "#1d6b41"], [1, "#0f4429"]], inner: 10, outer: 0.7 };
var WAR_MARKER = { fill: GOLD, line: INK };
var CHART_BG = "rgba(255,255,255,0.6)";
var BANKROLL = { line: "#1f77b4", tie: "#d62728" };

// war_widget/views/component/src/sprites.js
var SPRITES = /* @__PURE__ */ new Map();
var SPRITES_MAX = 48;
var OWN = /* @__PURE__ */ new WeakSet();
var warming = null;
function warmSprites(paintAll, budget) {
  warming = { budget, made: 0 };
  try {
    paintAll();
    return warming.made;
  } finally {
    warming = null;
  }
}
function clearSprites() {
  SPRITES.clear();
}
if (typeof document !== "undefined" && document.fonts && document.fonts.addEventListener) {
  document.fonts.addEventListener("loadingdone", clearSprites);
}
function newCanvas(w, h) {
  if (typeof OffscreenCanvas === "function") return new OffscreenCanvas(w, h);
  if (typeof document === "undefined") return null;
  const c = document.createElement("canvas");
  c.width = w;
  c.height = h;
  return c;
}
function fromSprite(ctx, key, x, y, w, h, pad, paintIt) {
  if (OWN.has(ctx) || typeof ctx.getTransform !== "function" || typeof ctx.drawImage !== "function") return false;
  if (!(w > 0 && h > 0)) return false;
  const m = ctx.getTransform();
  const s = Math.max(Math.hypot(m.a, m.b), Math.hypot(m.c, m.d));
  if (!(s > 0) || s > 8) return false;
  const r = Math.max(1, Math.ceil(s * 4 - 1e-6) / 4);
  const name = `${key} ${w.toFixed(2)} ${h.toFixed(2)} ${r}`;
  let sprite = SPRITES.get(name);
  if (sprite) {
    SPRITES.delete(name);
    SPRITES.set(name, sprite);
  } else {
    if (warming && warming.made >= warming.budget) return true;
    pad = Math.ceil(pad);
    const cw = Math.ceil((w + 2 * pad) * r);
    const chh = Math.ceil((h + 2 * pad) * r);
    let c = null;
    while (SPRITES.size >= SPRITES_MAX) {
      const first = SPRITES.entries().next().value;
      if (!first) break;
      const [oldest, old] = first;
      SPRITES.delete(oldest);
      if (!c && old.canvas.width === cw && old.canvas.height === chh) c = old.canvas;
    }
    c = c || newCanvas(cw, chh);
    const sctx = c && /** @type {CanvasRenderingContext2D | null} */
    c.getContext("2d");
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
      sctx.getImageData(0, 0, 1, 1);
      return true;
    }
  }
  if (warming) return true;
  const { canvas, pad: p } = sprite;
  if (m.b === 0 && m.c === 0 && Math.abs(m.a - r) < 1e-9 && Math.abs(m.d - r) < 1e-9) {
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(canvas, Math.round(m.a * (x - p) + m.e), Math.round(m.d * (y - p) + m.f));
    ctx.restore();
  } else {
    ctx.drawImage(canvas, x - p, y - p, canvas.width / r, canvas.height / r);
  }
  return true;
}

// war_widget/views/component/src/faces.js
var PIP_TABLE = null;
function usePips(pips) {
  if (pips && pips !== PIP_TABLE) clearSprites();
  PIP_TABLE = pips || PIP_TABLE;
}
var INDEX_SUIT = 0.3;
var PIP_BOX = 0.4;
var PIP_APART = 0.86;
var PIP_MAX = 0.26;
var FACE_CACHE = /* @__PURE__ */ new Map();
function boxesMeet(a, b, gap = 0) {
  return a[0] < b[2] + gap && b[0] < a[2] + gap && a[1] < b[3] + gap && b[1] < a[3] + gap;
}
function cornerIndex(glyph, w, h, rankPx, measure, suit = true) {
  const m = Math.max(3, Math.round(w * 0.045));
  const suitPx = Math.round(rankPx * INDEX_SUIT);
  const full = measure(glyph, rankPx, true);
  const squeeze = Math.min(1, rankPx * 0.95 / Math.max(1, full));
  const rw = full * squeeze;
  const sw = suit ? measure("\u2665", suitPx, false) : 0;
  const iw = Math.max(rw, sw);
  const cx = m + iw / 2;
  const suitY = m + rankPx * 0.98;
  const rankBox = [cx - rw / 2, m, cx + rw / 2, m + rankPx];
  const suitBox = suit ? [cx - sw / 2, suitY, cx + sw / 2, suitY + suitPx] : null;
  const box = [m, m, m + iw, suit ? suitY + suitPx : m + rankPx];
  return { m, rankPx, suitPx, squeeze, cx, rankY: m, suitY, rankBox, suitBox, box, gap: Math.max(2, w * 0.025) };
}
var turned = (b, w, h) => [w - b[2], h - b[3], w - b[0], h - b[1]];
function pipsAt(spec, frame, w, h) {
  const { ax, ay } = frame;
  return spec.map(([col, row]) => ({ x: ax + (w - 2 * ax) * col, y: ay + (h - 2 * ay) * row }));
}
function pipsFit(spots, P, w, h, idx) {
  const half = P * PIP_BOX;
  const clear = [idx.box, turned(idx.box, w, h)];
  for (const s of spots) {
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
function pipFrame(pips, w, h, rankPx, measure) {
  const idx10 = cornerIndex("10", w, h, rankPx, measure);
  const hardest = [pips["10"], pips["9"], pips["8"]].filter(Boolean);
  const tries = (P) => {
    const half = P * PIP_BOX;
    const steps = 24;
    for (let j = 0; j <= steps; j++) {
      const ay = half + idx10.m * 0.6 + (h / 2 - half) * (j / steps) * 0.9;
      for (let i = 0; i <= steps; i++) {
        const ax = half + idx10.m * 0.6 + (w / 2 - half) * (i / steps) * 0.9;
        const frame = { P, ax, ay };
        if (w - 2 * ax < 1.7 * P) break;
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
    if (f) {
      best = f;
      lo = mid;
    } else hi = mid;
  }
  const top = tries(hi);
  return top || best;
}
function faceGeometry(code, w, h, rankPx, measure, pips = PIP_TABLE) {
  const c = parseCard(code);
  const key = `${c.rank}|${c.joker ? "j" : ""}|${w.toFixed(2)}|${h.toFixed(2)}|${rankPx}`;
  const hit = (
    /** @type {FaceGeometry | undefined} */
    FACE_CACHE.get(key)
  );
  if (hit) return hit;
  const idx = cornerIndex(c.glyph, w, h, rankPx, measure, !c.joker);
  const out = { rank: c.rank, index: idx };
  const corners = [idx.box, turned(idx.box, w, h)];
  const middle = (ix = idx) => {
    const beside = { x0: ix.box[2] + ix.gap, y0: ix.m, x1: w - ix.box[2] - ix.gap, y1: h - ix.m };
    const below = { x0: ix.m, y0: ix.box[3] + ix.gap, x1: w - ix.m, y1: h - ix.box[3] - ix.gap };
    const area = (b) => Math.min(b.x1 - b.x0, (b.y1 - b.y0) * 0.72);
    return area(beside) >= area(below) ? beside : below;
  };
  if (c.joker) {
    const b = middle();
    const bw = b.x1 - b.x0;
    const bh = b.y1 - b.y0;
    const wordPx = Math.max(10, Math.min(bw / (measure("JOKER", 1, true) * 1.08), bh * 0.2, w * 0.2));
    const star = Math.min(bw * 1.1, (bh - wordPx * 1.2) * 1.05, w * 0.6);
    out.joker = {
      star: { x: w / 2, y: b.y0 + (bh - wordPx * 1.2) / 2, size: star },
      word: { x: w / 2, y: b.y1 - wordPx * 0.6, size: wordPx }
    };
  } else if (c.rank > 10 && c.rank < 14) {
    const widest = ["J", "Q", "K"].map((g) => cornerIndex(g, w, h, rankPx, measure)).sort((a, b) => b.box[2] - a.box[2])[0];
    out.panel = middle(widest);
  } else if (c.rank === 14) {
    let size = Math.min(w * 0.62, (w - 2 * idx.m) / (2 * PIP_BOX));
    while (size > 6 && corners.some((k) => boxesMeet([
      w / 2 - size * PIP_BOX,
      h / 2 - size * PIP_BOX,
      w / 2 + size * PIP_BOX,
      h / 2 + size * PIP_BOX
    ], k, idx.gap))) size -= 1;
    out.ace = { x: w / 2, y: h / 2, size };
  } else {
    const spec = pips && pips[String(c.rank)];
    if (!spec) throw new Error(`no pip layout for rank ${c.rank}: the setup's pip table is missing`);
    const fkey = `frame|${w.toFixed(2)}|${h.toFixed(2)}|${rankPx}`;
    let frame = (
      /** @type {PipFrame | undefined} */
      FACE_CACHE.get(fkey)
    );
    if (!frame) {
      frame = pipFrame(pips, w, h, rankPx, measure);
      FACE_CACHE.set(fkey, frame);
    }
    out.pips = pipsAt(spec, frame, w, h).map((s) => ({ ...s, size: frame.P }));
  }
  if (FACE_CACHE.size > 4e3) FACE_CACHE.clear();
  FACE_CACHE.set(key, out);
  return out;
}
function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  if (!(w > 0 && h > 0)) return;
  r = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}
function drawFelt(ctx, L) {
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
function drawBack(ctx, x, y, w, h) {
  if (fromSprite(ctx, "back", x, y, w, h, w * 0.2 + 2, (c, sx, sy) => drawBack(c, sx, sy, w, h))) return;
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
var RANK_FONT = (px) => `700 ${px}px "Noto Sans", "Helvetica Neue", Arial, sans-serif`;
var SUIT_FONT = (px) => `${px}px "Noto Sans Symbols 2", "DejaVu Sans", sans-serif`;
var COURT_FONT = (px) => `700 ${px}px "Noto Serif", "DejaVu Serif", Georgia, serif`;
var COURT_PANEL = "#f8ecc4";
var AID_VALUE = "#1b6b3a";
function measurer(ctx) {
  return (text, px, bold) => {
    ctx.font = bold ? RANK_FONT(px) : SUIT_FONT(px);
    return ctx.measureText(text).width;
  };
}
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
    const half = (idx.rankBox[2] - idx.rankBox[0]) * 0.42;
    ctx.fillRect(idx.cx - half, idx.rankY + idx.rankPx * 0.95, 2 * half, Math.max(1.5, idx.rankPx * 0.06));
  }
  if (idx.suitBox) {
    ctx.font = SUIT_FONT(idx.suitPx);
    ctx.fillText(c.suitGlyph, idx.cx, idx.suitY);
  }
}
function crown(ctx, x, y, w, h, points, ink) {
  ctx.beginPath();
  ctx.moveTo(x, y + h);
  ctx.lineTo(x, y + h * 0.3);
  for (let i = 0; i < points; i++) {
    const a = x + w * (i + 0.5) / points;
    const b = x + w * (i + 1) / points;
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
function cap(ctx, x, y, w, h, ink) {
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
  const valuePx = value !== void 0 ? Math.max(14, Math.round(Math.min(ph * 0.16, pw * 0.22))) : 0;
  const ix0 = b.x0 + inset * 1.6;
  const iy0 = b.y0 + inset * 1.6;
  const iw = pw - inset * 3.2;
  const ih = ph - inset * 3.2 - (valuePx ? valuePx * 1.1 : 0);
  const figure = (fx, fy, fw, fh) => {
    if (c.rank === 11) cap(ctx, fx, fy, fw, fh, ink);
    else crown(ctx, fx, fy, fw, fh, c.rank === 13 ? 3 : 5, ink);
  };
  ctx.font = COURT_FONT(100);
  const em = ctx.measureText(c.glyph).width / 100;
  let letterPx;
  if (ih >= iw * 0.95) {
    const fh = Math.min(ih * 0.28, iw * 0.42);
    letterPx = Math.min((ih - fh) * 0.9, iw * 0.9 / em);
    const total = fh + letterPx * 0.95;
    const top = iy0 + (ih - total) / 2;
    figure(b.x0 + pw / 2 - fh * 0.8, top, fh * 1.6, fh);
    ctx.fillStyle = ink;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.font = COURT_FONT(letterPx);
    ctx.fillText(c.glyph, b.x0 + pw / 2, top + fh + letterPx * 0.5);
  } else {
    const fh = Math.min(ih * 0.62, iw * 0.28);
    letterPx = Math.min(ih * 0.95, (iw - fh * 1.9) / em);
    const total = fh * 1.6 + fh * 0.3 + letterPx * em;
    const left = ix0 + (iw - total) / 2;
    figure(left, iy0 + (ih - fh) / 2, fh * 1.6, fh);
    ctx.fillStyle = ink;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.font = COURT_FONT(letterPx);
    ctx.fillText(c.glyph, left + fh * 1.9 + letterPx * em / 2, iy0 + ih / 2);
  }
  if (valuePx) {
    ctx.font = `700 ${valuePx}px sans-serif`;
    ctx.fillStyle = AID_VALUE;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(`=${value}`, b.x0 + pw / 2, b.y1 - inset * 1.6 - valuePx * 0.55);
  }
}
function starPath(ctx, x, y, r) {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + i * Math.PI / 5;
    const rr = i % 2 ? r * 0.42 : r;
    if (i) ctx.lineTo(x + rr * Math.cos(a), y + rr * Math.sin(a));
    else ctx.moveTo(x + rr * Math.cos(a), y + rr * Math.sin(a));
  }
  ctx.closePath();
}
function drawFace(ctx, code, x, y, w, h, opts) {
  if (fromSprite(
    ctx,
    `face ${code} ${opts.rankPx} ${opts.highlight ? 1 : 0} ${opts.value ?? ""}`,
    x,
    y,
    w,
    h,
    w * (opts.highlight ? 0.4 : 0.2) + 4,
    (c2, sx, sy) => drawFace(c2, code, sx, sy, w, h, opts)
  )) return;
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
  if (opts.value !== void 0 && !geo.panel) {
    const px = Math.max(14, Math.round(w * 0.14));
    ctx.font = `700 ${px}px sans-serif`;
    ctx.fillStyle = AID_VALUE;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(`=${opts.value}`, w / 2, h - geo.index.box[3] * 0.5 - geo.index.m);
  }
  ctx.restore();
}
function drawCard(ctx, code, up, x, y, w, h, opts, turn) {
  if (turn !== void 0 && turn > 0 && turn < 1) {
    const k = Math.abs(Math.cos(turn * Math.PI));
    ctx.save();
    ctx.translate(x + w / 2, 0);
    ctx.scale(Math.max(0.02, k), 1);
    ctx.translate(-(x + w / 2), 0);
    if (turn < 0.5) drawBack(ctx, x, y, w, h);
    else drawFace(
      ctx,
      /** @type {string} */
      code,
      x,
      y,
      w,
      h,
      opts
    );
    ctx.restore();
    return;
  }
  if (up) drawFace(
    ctx,
    /** @type {string} */
    code,
    x,
    y,
    w,
    h,
    opts
  );
  else drawBack(ctx, x, y, w, h);
}
function pill(ctx, text, x, y, px, fill, ink) {
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
function fitPx(measure, text, px, maxW) {
  let size = px;
  while (size > 10 && measure(text, size) > maxW) size -= 1;
  return size;
}

// war_widget/views/component/src/wrap.js
var NO_LINE_START = /[ー\u3041\u3043\u3045\u3047\u3049\u3063\u3083\u3085\u3087\u308e\u3095\u3096\u30a1\u30a3\u30a5\u30a7\u30a9\u30c3\u30e3\u30e5\u30e7\u30ee\u30f5\u30f6\u31f0-\u31ff\u3005\u309d\u309e\u30fd\u30fe、。，．！？：；）」』】〕〉》”’・…―!?,.:;)\]}]/u;
var NO_LINE_END = /[（「『【〔〈《“‘([{]/u;
var ENDS_PHRASE = /[、。！？：；）」』】〕〉》／・!?]/u;
var SPACE = /[ \u3000]/u;
function charClass(ch) {
  if (/[\u30a0-\u30ff\u31f0-\u31ff]/u.test(ch)) return "katakana";
  if (/[0-9０-９]/u.test(ch)) return "digit";
  if (/[A-Za-z]/u.test(ch)) return "latin";
  return "other";
}
function breakPoints(text, wordsApart) {
  const chars = Array.from(text);
  const spaced = wordsApart ?? chars.some((c) => SPACE.test(c));
  const points = [];
  for (let i = 1; i < chars.length; i++) {
    const before = chars[i - 1];
    const ch = chars[i];
    if (SPACE.test(ch) || NO_LINE_START.test(ch) || NO_LINE_END.test(before)) continue;
    let ok = SPACE.test(before) || ENDS_PHRASE.test(before) || NO_LINE_END.test(ch);
    if (!ok && !spaced) {
      const a = charClass(before);
      const b = charClass(ch);
      ok = !(a === b && a !== "other") && ![a, b].some((c) => c === "digit" || c === "latin");
    }
    if (ok) points.push(i);
  }
  return points;
}
function wrapText(text, maxW, measure, wordsApart) {
  const chars = Array.from(text);
  const cuts = [0, ...breakPoints(text, wordsApart), chars.length];
  const lines = [];
  let line = "";
  for (let k = 0; k + 1 < cuts.length; k++) {
    const piece = chars.slice(cuts[k], cuts[k + 1]).join("");
    const next = line + piece;
    if (line && measure(next.trimEnd()) > maxW) {
      lines.push(line.trimEnd());
      line = piece.trimStart();
    } else {
      line = next;
    }
  }
  if (line.trimEnd() || !lines.length) lines.push(line.trimEnd());
  return lines;
}
function keepWords(text, wordsApart) {
  const chars = Array.from(text);
  const points = new Set(breakPoints(text, wordsApart));
  return chars.map((c, i) => i > 0 && !points.has(i) && !SPACE.test(c) && !SPACE.test(chars[i - 1]) ? `\u2060${c}` : c).join("");
}

// war_widget/views/component/src/paint.js
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
    const bx = Math.max(8 + pillW / 2, p.x - 12 - pillW / 2);
    const colour = SEAT_COLOURS[seat % SEAT_COLOURS.length];
    pill(
      ctx,
      String(total),
      bx,
      p.y + L.ph * 0.62,
      badgePx,
      view.winner === seat ? GOLD : colour,
      view.winner === seat ? INK : SEAT_TEXT[seat % SEAT_TEXT.length]
    );
    ctx.font = `600 ${Math.max(14, badgePx * 0.8)}px sans-serif`;
    ctx.fillStyle = "#ffffff";
    const name = (names[seat] || "") + (waiting ? " \u2713" : "");
    if (L.namesAbove && p.dy <= 0) {
      const half = ctx.measureText(name).width / 2;
      ctx.textAlign = "center";
      ctx.textBaseline = "bottom";
      ctx.fillText(name, Math.min(Math.max(p.x + L.pw / 2, 10 + half), L.bar.x - 6 - half), p.y - 4);
    } else if (ctx.measureText(name).width > p.x - 20) {
      ctx.textAlign = "left";
      ctx.textBaseline = "bottom";
      ctx.fillText(name, p.x, p.y - 10);
    } else {
      const namePx = Math.max(14, badgePx * 0.8);
      ctx.textAlign = "right";
      ctx.textBaseline = "middle";
      ctx.fillText(name, p.x - 12, Math.min(p.y + L.ph * 0.3, p.y + L.ph * 0.62 - badgePx * 0.75 - namePx * 0.6 - 2));
    }
  });
}
function drawBar(ctx, L, view, setup) {
  const counts = view.hands.map((n, i) => n + (view.won[i] || 0));
  const total = counts.reduce((a, b) => a + b, 0) + view.table.length || 1;
  const { x, y, w, h } = L.bar;
  ctx.fillStyle = "rgba(0,0,0,0.35)";
  roundRect(ctx, x, y, w, h, w / 2);
  ctx.fill();
  let at = y + h;
  counts.forEach((n, seat) => {
    const part = n / total * h;
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
function drawProgress(ctx, L, view) {
  const { x, y, w, h } = L.progress;
  ctx.fillStyle = "rgba(0,0,0,0.35)";
  roundRect(ctx, x, y, w, h, h / 2);
  ctx.fill();
  if (view.progress !== null && view.progress !== void 0) {
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
  ctx.lineJoin = "round";
  ctx.strokeText(view.progress_text, x + w / 2, y + h / 2 + 1);
  ctx.lineJoin = "miter";
  ctx.fillText(view.progress_text, x + w / 2, y + h / 2 + 1);
}
function drawMiddle(ctx, L, view, setup, skip) {
  const spots = drawOrder(cardSpots(view.table, L));
  const values = setup.values || {};
  for (const s of spots) {
    if (skip && skip.has(`${s.seat}:${s.code}`)) continue;
    const c = parseCard(s.code);
    const hl = view.winner === s.seat && s.up && !s.older;
    drawCard(
      ctx,
      s.code,
      s.up,
      s.x,
      s.y,
      L.cw,
      L.ch,
      { rankPx: L.rankPx, highlight: hl, value: values[String(c.rank)] }
    );
  }
}
function markSpot(L) {
  if (L.players === 2) {
    const r2 = Math.min(L.gap * 0.95, L.ch * 0.2);
    return { x: L.cx, y: L.cy + L.ch * 0.5 - r2, r: r2 };
  }
  const r = Math.min(L.cw, L.ch) * 0.3;
  return { x: L.cx, y: L.cy, r };
}
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
function drawAid(ctx, L, text, measure) {
  if (!text) return;
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
var LINE_INK = "#ffffff";
var LINE_BAND = "rgba(8,30,18,0.55)";
function lineMarks(L, line, numbers) {
  if (!L.line || !line) return [];
  const { x0, x1, y, px, r } = L.line;
  const at = (n) => x0 + (n - line.low) / Math.max(1, line.high - line.low) * (x1 - x0);
  return (numbers || []).filter(([, n]) => n >= line.low && n <= line.high).map(([seat, n]) => {
    const top = (L.piles[seat] || { dy: 0 }).dy < 0;
    return { seat, n, x: at(n), y: top ? y - r - 1 : y + px * 0.15 + r, r };
  });
}
function drawNumberLine(ctx, L, line, numbers) {
  if (!L.line || !line) return;
  const { x0, x1, y, px, r } = L.line;
  const at = (n) => x0 + (n - line.low) / Math.max(1, line.high - line.low) * (x1 - x0);
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
function paint(ctx, L, setup, view, moves, t, kind) {
  ctx.clearRect(0, 0, L.w, L.h);
  const measure = (text, px) => {
    ctx.font = `800 ${px}px sans-serif`;
    return ctx.measureText(text).width;
  };
  drawFelt(ctx, L);
  drawProgress(ctx, L, view);
  drawBar(ctx, L, view, setup);
  const moving = new Set(moves.filter((m) => m.turn !== void 0).map((m) => m.code));
  const tableSkip = /* @__PURE__ */ new Set();
  for (const s of cardSpots(view.table, L)) if (moving.has(s.code)) tableSkip.add(`${s.seat}:${s.code}`);
  drawPiles(ctx, L, view, setup, false);
  if (kind === "shuffle" && t < 1) {
    for (const p of L.piles) {
      const a = Math.sin(t * Math.PI) * L.pw * 0.5;
      for (let i = 0; i < 4; i++) drawBack(ctx, p.x + (i - 1.5) * a * 0.4, p.y - Math.abs(i - 1.5) * a * 0.1, L.pw, L.ph);
    }
  }
  drawMiddle(ctx, L, view, setup, tableSkip);
  const e = ease(Math.min(1, t));
  for (const m of moves) {
    const k = m.toPile ? lerp(1, L.ph / L.ch, e) : m.fromPile ? lerp(L.ph / L.ch, 1, e) : 1;
    ctx.save();
    ctx.translate(lerp(m.from.x, m.to.x, e), lerp(m.from.y, m.to.y, e));
    ctx.scale(k, k);
    drawCard(ctx, m.code, m.up, 0, 0, L.cw, L.ch, { rankPx: L.rankPx }, m.turn ? Math.min(1, t * 1.25) : void 0);
    ctx.restore();
  }
  drawNumberLine(ctx, L, setup.number_line, view.numbers);
  drawAid(ctx, L, view.aid, measure);
  drawBanner(ctx, L, view.banner, t, measure);
  drawFeedback(ctx, L, view, t);
}

// war_widget/views/component/src/clock.js
var CLOCK_MS = 1e3;
function pageClock(send, given = {}) {
  const now = given.now || (() => performance.now());
  const visible = given.visible || (() => document.visibilityState === "visible");
  const view = given.view || Math.random().toString(36).slice(2, 10);
  let timer = null;
  let since = null;
  function second() {
    const t = now();
    if (!visible()) {
      since = null;
      return;
    }
    if (since !== null) send({ do: "clock", ms: Math.max(0, Math.round(t - since)), view });
    since = t;
  }
  function follow2(on) {
    if (on && timer === null) {
      since = visible() ? now() : null;
      timer = setInterval(second, CLOCK_MS);
    } else if (!on && timer !== null) {
      clearInterval(timer);
      timer = null;
      since = null;
    }
  }
  return { view, second, follow: follow2, running: () => timer !== null };
}

// war_widget/views/component/src/casino.js
var DEAL_MS = { gap: 170, fly: 300, turn: 200 };
function freshItems(prev, next) {
  const items = [...next.cards, ...next.backs];
  if (!prev || prev.hand !== next.hand) return new Set(items.map((it) => it.order));
  const had = new Set([...prev.cards, ...prev.backs].map((it) => it.order));
  return new Set(items.filter((it) => !had.has(it.order)).map((it) => it.order));
}
function dealTiming(items, speed, fresh) {
  const k = SPEED_FACTOR[speed] ?? 1;
  const gap = DEAL_MS.gap * k;
  const fly = DEAL_MS.fly * k;
  const turn = DEAL_MS.turn * k;
  let n = 0;
  const times = items.map((it) => {
    if (fresh && !fresh.has(it.order)) return { start: 0, land: 0, done: 0 };
    const start = n++ * gap;
    return { start, land: start + fly, done: start + fly + (it.code ? turn : 0) };
  });
  const total = times.reduce((m, t) => Math.max(m, t.done), 0);
  return { times, total };
}
function dealtAt(item, time, shoe, ms) {
  if (ms < time.start) return { hidden: true, x: shoe.x, y: shoe.y, turn: 0 };
  if (ms < time.land) {
    const e = ease((ms - time.start) / Math.max(1, time.land - time.start));
    return { hidden: false, x: lerp(shoe.x, item.x, e), y: lerp(shoe.y, item.y, e), turn: 0 };
  }
  const turn = time.done > time.land ? Math.min(1, (ms - time.land) / (time.done - time.land)) : 1;
  return { hidden: false, x: item.x, y: item.y, turn };
}
function casinoSize(width, table, natural, roomH = Infinity) {
  const byH = Math.floor(Math.max(160, roomH) * table.w / table.h);
  const w = Math.max(200, Math.min(Math.floor(width), Math.round(natural * 1.5), byH));
  const scale = w / table.w;
  return { width: w, height: Math.round(table.h * scale), scale };
}
function pictureRoom(root, parts) {
  const room = screenRoom(root, window.innerHeight);
  const chrome = parts.reduce((h, part) => h + (part.hidden ? 0 : part.getBoundingClientRect().height), 0);
  return room.height - chrome - Math.max(0, Math.min(room.top, 180)) - 28;
}
function feltWithSlots(ctx, L, slots, [cw, ch], colour) {
  drawFelt(ctx, L);
  ctx.save();
  ctx.setLineDash([12, 10]);
  ctx.strokeStyle = colour;
  ctx.lineWidth = 3;
  for (const s of slots) {
    roundRect(ctx, s.x, s.y, cw, ch, cw * 0.08);
    ctx.stroke();
  }
  ctx.restore();
}
function paintCasino(ctx, T, ms, timing, speedShoe) {
  const L = { w: T.w, h: T.h, cx: T.w / 2, cy: T.h / 2, top: 18, bar: { w: 0 } };
  const [cw, ch] = T.card;
  feltWithSlots(ctx, L, T.slots, T.card, "#7fbf98");
  const items = [...T.cards, ...T.backs].sort((a, b) => a.order - b.order);
  let complete = true;
  items.forEach((it, i) => {
    const at = timing ? dealtAt(it, timing.times[i], speedShoe, ms) : { hidden: false, x: it.x, y: it.y, turn: 1 };
    if (at.hidden) {
      complete = false;
      return;
    }
    if (!it.code) drawBack(ctx, at.x, at.y, cw, ch);
    else drawCard(ctx, it.code, at.turn >= 1, at.x, at.y, cw, ch, { rankPx: T.rank_px }, at.turn);
    if (at.turn < 1 && it.code) complete = false;
  });
  if (!complete) return false;
  for (const t of T.text) {
    if (t.role === "verdict" && t.text) {
      pill(ctx, t.text, t.x, t.y, t.px, "rgba(16,20,32,0.55)", t.colour);
      continue;
    }
    ctx.font = `700 ${t.px}px sans-serif`;
    ctx.fillStyle = t.colour;
    ctx.textAlign = t.align;
    ctx.textBaseline = "middle";
    ctx.fillText(t.text, t.x, t.y);
  }
  return true;
}
function renderCasino({ model, el: host }) {
  const root = el("div", { class: "wt-root wt-casino", "data-casino-table": "1" });
  const rules = el("div", { class: "wt-rules", "data-role": "rules" });
  const stage = el("div", { class: "wt-stage" });
  const canvas = el("canvas", { class: "wt-canvas", role: "img", tabindex: "0" });
  stage.append(canvas);
  const say = el("div", { class: "wt-say", "data-role": "sentence", role: "log", "aria-live": "polite" });
  const betLine = el("div", { class: "wt-status", "data-role": "bet" });
  const chipRow = el("div", { class: "wt-row", role: "group" });
  const playRow = el("div", { class: "wt-row" });
  const chartBox = el("div", { class: "wt-chart", "data-role": "chart" });
  root.append(rules, stage, say, betLine, chipRow, playRow, chartBox);
  host.append(root);
  const send = (msg) => model.send(msg);
  let setup = model.get("setup");
  markLanguage(root, setup.lang);
  const words = () => setup.words || {};
  const betLabel = el("span", { class: "wt-label" });
  chipRow.append(betLabel);
  const chips = {};
  for (const a of setup.chips || []) {
    const b = el("button", { type: "button", class: "wt-btn wt-chip", "data-action": `chip${a}` });
    b.addEventListener("click", () => send({ do: "chip", amount: a }));
    chipRow.append(b);
    chips[a] = b;
  }
  const buttons = {};
  const button = (name, row, cls) => {
    const b = el("button", { type: "button", class: `wt-btn ${cls || ""}`, "data-action": name });
    b.addEventListener("click", () => send(name === "tie" ? { do: "tie", on: b.getAttribute("aria-pressed") !== "true" } : name === "deal" ? dealMessage() : { do: name }));
    row.append(b);
    buttons[name] = b;
    return b;
  };
  button("clear", chipRow);
  button("tie", chipRow).setAttribute("aria-pressed", "false");
  button("deal", playRow, "wt-primary");
  button("war", playRow);
  button("surrender", playRow);
  button("new", playRow);
  let dpr = 1;
  let size = null;
  let table = model.get("table");
  let deal = null;
  const dealMessage = () => ({ do: "deal", on: table.id });
  let frame = 0;
  let destroyed = false;
  let shownId = 0;
  usePips(setup.pips);
  function label() {
    const w = words();
    betLabel.textContent = w.bet_row || "";
    for (const [a, b] of Object.entries(chips)) {
      b.textContent = (w.chip || "+${n}").replace("{n}", a);
      b.title = (w.chip_tip || "").replace("{n}", a);
    }
    for (const name of ["clear", "tie", "deal", "war", "surrender", "new"]) {
      buttons[name].textContent = w[name] || name;
      buttons[name].title = w[`${name}_tip`] || "";
    }
  }
  function controls() {
    const c = (
      /** @type {Partial<CasinoControls>} */
      model.get("controls") || {}
    );
    for (const [a, b] of Object.entries(chips)) b.disabled = !(c.chips || {})[a];
    for (
      const name of
      /** @type {const} */
      ["clear", "deal", "war", "surrender", "new"]
    ) buttons[name].disabled = !c[name];
    buttons.tie.disabled = Boolean(c.tie_locked);
    buttons.tie.setAttribute("aria-pressed", c.tie ? "true" : "false");
    buttons.tie.classList.toggle("wt-on", Boolean(c.tie));
  }
  function text() {
    rules.innerHTML = model.get("rules");
    betLine.innerHTML = model.get("bet_line");
  }
  function finish() {
    say.textContent = model.get("status");
    root.dataset.hand = String(table.hand ?? "");
    root.dataset.cards = String(table.cards.length);
    canvas.setAttribute("aria-label", model.get("status"));
    if (table.id !== shownId) {
      shownId = table.id;
      model.set("shown", table.id);
      model.save_changes();
    }
  }
  function resize() {
    if (destroyed) return;
    size = casinoSize(
      root.clientWidth || host.clientWidth || 640,
      table,
      setup.width || 640,
      pictureRoom(root, [rules, say, betLine, chipRow, playRow])
    );
    dpr = window.devicePixelRatio || 1;
    canvas.style.width = `${size.width}px`;
    canvas.style.height = `${size.height}px`;
    canvas.width = Math.round(size.width * dpr);
    canvas.height = Math.round(size.height * dpr);
    draw(performance.now());
    chart();
  }
  function draw(now) {
    if (!size) return true;
    const ctx = (
      /** @type {CanvasRenderingContext2D} */
      canvas.getContext("2d")
    );
    ctx.setTransform(dpr * size.scale, 0, 0, dpr * size.scale, 0, 0);
    ctx.clearRect(0, 0, table.w, table.h);
    const shoe = { x: table.w - table.card[0] - 30, y: -table.card[1] };
    const done = paintCasino(ctx, table, deal ? now - deal.start : 0, deal ? deal.timing : null, shoe);
    return done;
  }
  function tick(now) {
    frame = 0;
    if (destroyed) return;
    const done = draw(now);
    if (deal && (done || now - deal.start > deal.timing.total + 50)) {
      deal = null;
      draw(now);
      finish();
      return;
    }
    if (deal) frame = requestAnimationFrame(tick);
  }
  function onTable() {
    const next = model.get("table");
    const fresh = next.id !== table.id ? freshItems(table, next) : /* @__PURE__ */ new Set();
    table = next;
    if (fresh.size) {
      const items = [...table.cards, ...table.backs].sort((a, b) => a.order - b.order);
      deal = { start: performance.now(), timing: dealTiming(items, "normal", fresh) };
      if (!frame) frame = requestAnimationFrame(tick);
    } else if (!deal) {
      draw(performance.now());
      finish();
    }
  }
  let plotly = null;
  function chart() {
    if (!plotly || destroyed) return;
    const c = model.get("chart") || {};
    const w = words();
    const width = Math.max(280, Math.min(root.clientWidth || 640, 960));
    const font = 14;
    const frame2 = chartFrame(width, font);
    plotly.react(chartBox, [
      {
        x: c.x || [],
        y: c.y || [],
        mode: "lines+markers",
        name: w.trace_bankroll,
        marker: { size: 4 },
        line: { color: BANKROLL.line }
      },
      {
        x: c.tie_x || [],
        y: c.tie_y || [],
        mode: "markers",
        name: w.trace_ties,
        marker: { size: 9, symbol: "diamond", color: BANKROLL.tie }
      }
    ], {
      width,
      height: 260 + frame2.extraHeight,
      margin: { ...frame2.margin, l: 56 },
      font: { size: font },
      title: { text: w.chart_title, ...frame2.title, font: { size: font } },
      xaxis: { title: { text: w.chart_x } },
      yaxis: { title: { text: w.chart_y } },
      legend: { ...frame2.legend },
      shapes: [{
        type: "line",
        xref: "paper",
        x0: 0,
        x1: 1,
        y0: c.start,
        y1: c.start,
        line: { dash: "dot", color: "grey" }
      }]
    }, { displayModeBar: false, responsive: false });
  }
  whenIdle(() => loadPlotly(model).then((P) => {
    if (!destroyed) {
      plotly = P;
      chart();
    }
  }));
  const onSetup = () => {
    setup = model.get("setup");
    markLanguage(root, setup.lang);
    usePips(setup.pips);
    label();
    resize();
  };
  keepKeys(root, (e, target) => {
    if (!spacePlays(e.key, target && target.tagName)) return;
    e.preventDefault();
    if (!buttons.deal.disabled) send(dealMessage());
  });
  const onResize = () => resize();
  const observer = new ResizeObserver(onResize);
  observer.observe(root);
  const onStatus = () => {
    if (!deal && /** @type {Partial<CasinoTable>} */
    (model.get("table") || {}).id === table.id) finish();
  };
  const unfollow = follow(model, {
    setup: onSetup,
    table: onTable,
    controls,
    rules: text,
    bet_line: text,
    chart,
    status: onStatus
  });
  label();
  controls();
  text();
  resize();
  finish();
  return () => {
    destroyed = true;
    if (frame) cancelAnimationFrame(frame);
    observer.disconnect();
    unfollow();
  };
}

// war_widget/views/component/src/steal.js
var STEAL_MS = { fly: 420, rest: 260 };
function stealTiming(beat, speed) {
  const k = SPEED_FACTOR[speed] ?? 1;
  return { fly: (beat.moves && beat.moves.length ? STEAL_MS.fly : 0) * k, rest: STEAL_MS.rest * k };
}
function flightAt(move, t) {
  const e = ease(Math.max(0, Math.min(1, t)));
  return { x: lerp(move.from[0], move.to[0], e), y: lerp(move.from[1], move.to[1], e) };
}
function hitAt(hits, x, y) {
  return (hits || []).find((h) => x >= h.x && x <= h.x + h.w && y >= h.y && y <= h.y + h.h) || null;
}
function faceUp(card) {
  return typeof card.code === "string" && card.code.length > 0;
}
function paintSteal(ctx, P, moves, t) {
  const L = { w: P.w, h: P.h, cx: P.w / 2, cy: P.h / 2, top: 270, bar: { w: 0 } };
  const [cw, ch] = P.card;
  feltWithSlots(ctx, L, P.slots, P.card, "#cfe8d8");
  for (const c of P.cards) drawCard(ctx, c.code, faceUp(c), c.x, c.y, cw, ch, { rankPx: P.rank_px, highlight: c.highlight });
  ctx.save();
  ctx.strokeStyle = GOLD;
  ctx.lineWidth = 10;
  for (const r of P.rings) {
    roundRect(ctx, r.x, r.y, r.w, r.h, 18);
    ctx.stroke();
  }
  ctx.restore();
  for (const b of P.badges) pill(ctx, String(b.n), b.x, b.y, 34, b.colour, "#ffffff");
  for (const tx of P.text) {
    ctx.font = `700 ${tx.px}px sans-serif`;
    ctx.fillStyle = tx.colour;
    ctx.textAlign = tx.align;
    ctx.textBaseline = "middle";
    ctx.fillText(tx.text, tx.x, tx.y);
  }
  for (const m of moves) {
    const at = flightAt(m, t);
    for (let j = Math.min(m.size, 3) - 1; j > 0; j--) drawBack(ctx, at.x + 6 * j, at.y - 6 * j, cw, ch);
    drawCard(ctx, m.code, faceUp(m), at.x, at.y, cw, ch, { rankPx: P.rank_px });
  }
}
function renderSteal({ model, el: host }) {
  const root = el("div", { class: "wt-root wt-steal", "data-steal-table": "1" });
  const rules = el("div", { class: "wt-rules", "data-role": "rules" });
  const stage = el("div", { class: "wt-stage" });
  const canvas = el("canvas", { class: "wt-canvas", role: "img", tabindex: "0" });
  stage.append(canvas);
  const say = el("div", { class: "wt-say", "data-role": "sentence", role: "log", "aria-live": "polite" });
  const playRow = el("div", { class: "wt-row" });
  const topRow = el("div", { class: "wt-row", role: "group", "data-role": "tops" });
  const optRow = el("div", { class: "wt-row" });
  root.append(rules, stage, say, playRow, topRow, optRow);
  host.append(root);
  const send = (msg) => model.send(msg);
  let setup = model.get("setup");
  markLanguage(root, setup.lang);
  const buttons = {};
  for (
    const name of
    /** @type {const} */
    ["flip", "steal", "step", "back", "new"]
  ) {
    const b = el("button", { type: "button", class: `wt-btn ${name === "flip" ? "wt-primary" : ""}`, "data-action": name });
    b.addEventListener("click", () => send({ do: name }));
    playRow.append(b);
    buttons[name] = b;
  }
  const codeBox = el("input", { class: "wt-code", type: "text", "data-action": "code", spellcheck: "false" });
  const replay = el("button", { type: "button", class: "wt-btn", "data-action": "replay" });
  replay.addEventListener("click", () => send({ do: "replay", code: codeBox.value }));
  playRow.append(codeBox, replay);
  const oppLabel = el("label", { class: "wt-label" });
  const oppText = el("span", {});
  const opponent = el("select", { class: "wt-select", "data-action": "opponent" });
  opponent.addEventListener("change", () => send({ do: "opponent", name: opponent.value }));
  oppLabel.append(oppText, opponent);
  const autoLabel = el("label", { class: "wt-label" });
  const autoTop = el("input", { type: "checkbox", "data-action": "auto_top" });
  autoTop.addEventListener("change", () => send({ do: "auto_top", on: autoTop.checked }));
  const autoText = el("span", {});
  autoLabel.append(autoTop, autoText);
  optRow.append(oppLabel, autoLabel);
  let dpr = 1;
  let size = null;
  let queue = [];
  let current = null;
  let anim = null;
  let frame = 0;
  let destroyed = false;
  let lastId = 0;
  usePips(setup.pips);
  function label() {
    const w = setup.words || {};
    buttons.step.textContent = w.step || "Step";
    buttons.steal.textContent = w.steal || "Steal";
    buttons.new.textContent = w.new || "New game";
    buttons.back.textContent = w.back || "Back";
    buttons.back.title = w.back_tip || "";
    oppText.textContent = `${w.opponent || ""} `;
    opponent.replaceChildren(...(setup.opponents || []).map((o) => el("option", { value: o, text: w[`opp_${o}`] || o })));
    autoText.textContent = ` ${w.auto_top || ""}`;
    codeBox.setAttribute("aria-label", w.game_number || "");
    codeBox.placeholder = w.game_number || "";
    replay.textContent = w.replay || "";
    if (
      /** @type {Partial<DocumentOrShadowRoot>} */
      root.getRootNode().activeElement !== codeBox
    ) codeBox.value = setup.code || "";
  }
  function controls() {
    const c = (
      /** @type {Partial<StealControls>} */
      model.get("controls") || {}
    );
    buttons.flip.textContent = c.flip_word || "";
    for (
      const name of
      /** @type {const} */
      ["flip", "steal", "step", "back", "new"]
    ) buttons[name].disabled = !c[name];
    opponent.value = c.opponent || "greedy";
    autoTop.checked = Boolean(c.auto_top);
    const tops = (c.tops || []).map((t) => {
      const b = el("button", { type: "button", class: "wt-btn", "data-action": `top${t.code}`, title: t.tip, text: t.name });
      b.addEventListener("click", () => send({ do: "choose", card: t.code }));
      return b;
    });
    topRow.replaceChildren(...tops.length ? [el("span", { class: "wt-label", text: (setup.words || {}).top_prompt || "" }), ...tops] : []);
    topRow.hidden = !tops.length;
  }
  function resize() {
    if (destroyed) return;
    const P = (current || {}).picture || { w: 1600, h: 1040 };
    size = casinoSize(
      root.clientWidth || host.clientWidth || 800,
      P,
      setup.width || 800,
      pictureRoom(root, [rules, say, playRow, topRow, optRow])
    );
    dpr = window.devicePixelRatio || 1;
    canvas.style.width = `${size.width}px`;
    canvas.style.height = `${size.height}px`;
    canvas.width = Math.round(size.width * dpr);
    canvas.height = Math.round(size.height * dpr);
    draw(performance.now());
  }
  function draw(now) {
    if (!size || !current) return;
    const ctx = (
      /** @type {CanvasRenderingContext2D} */
      canvas.getContext("2d")
    );
    ctx.setTransform(dpr * size.scale, 0, 0, dpr * size.scale, 0, 0);
    const P = current.picture;
    ctx.clearRect(0, 0, P.w, P.h);
    if (anim && anim.fly > 0 && now - anim.start < anim.fly) {
      paintSteal(ctx, anim.beat.base || P, anim.beat.moves, (now - anim.start) / anim.fly);
    } else {
      paintSteal(ctx, P, [], 1);
    }
  }
  function shown(beat) {
    say.textContent = beat.sentence || "";
    canvas.setAttribute("aria-label", beat.sentence || "");
    root.dataset.beat = String(beat.id);
    root.dataset.hand = String(beat.picture.badges.filter((b) => b.tag === "hand-count:0").map((b) => b.n)[0] ?? "");
  }
  function tick(now) {
    frame = 0;
    if (destroyed) return;
    if (!anim && queue.length) {
      const beat = (
        /** @type {StealBeat} */
        queue.shift()
      );
      current = beat;
      anim = { beat, start: now, ...stealTiming(beat, "normal") };
    }
    draw(now);
    if (anim && now - anim.start >= anim.fly) {
      if (!anim.told) {
        anim.told = true;
        shown(anim.beat);
      }
      if (now - anim.start >= anim.fly + anim.rest || !queue.length) {
        const done = anim.beat;
        anim = null;
        if (!queue.length && done.id !== model.get("shown")) {
          model.set("shown", done.id);
          model.save_changes();
        }
      }
    }
    if (anim || queue.length) frame = requestAnimationFrame(tick);
  }
  function onBeats() {
    const beats = model.get("beats") || [];
    const fresh = beats.filter((b) => b.id > lastId);
    if (fresh.some((b) => b.cut)) queue = [];
    if (!current && beats.length) {
      current = beats[beats.length - 1];
      lastId = current.id;
      shown(current);
      resize();
      return;
    }
    if (fresh.length) {
      lastId = fresh[fresh.length - 1].id;
      queue.push(...fresh);
      if (!frame) frame = requestAnimationFrame(tick);
    }
  }
  canvas.addEventListener("click", (e) => {
    if (!current || !size) return;
    const r = canvas.getBoundingClientRect();
    const hit = hitAt(current.picture.hits, (e.clientX - r.left) / size.scale, (e.clientY - r.top) / size.scale);
    if (hit && hit.do === "steal") send({ do: "steal", victim: hit.victim });
    else if (hit && hit.do === "choose") send({ do: "choose", card: hit.card });
    else if (hit) send({ do: hit.do });
  });
  const onSetup = () => {
    setup = model.get("setup");
    markLanguage(root, setup.lang);
    usePips(setup.pips);
    label();
    controls();
    resize();
  };
  keepKeys(root, (e, target) => {
    if (target === codeBox) {
      if (e.key === "Enter") send({ do: "replay", code: codeBox.value });
      return;
    }
    if (!spacePlays(e.key, target && target.tagName)) return;
    e.preventDefault();
    if (!buttons.flip.disabled) send({ do: "flip" });
  });
  const onRules = () => {
    rules.innerHTML = model.get("rules");
  };
  const onResize = () => resize();
  const observer = new ResizeObserver(onResize);
  observer.observe(root);
  const unfollow = follow(model, { setup: onSetup, beats: onBeats, controls, rules: onRules });
  label();
  controls();
  onRules();
  onBeats();
  resize();
  return () => {
    destroyed = true;
    if (frame) cancelAnimationFrame(frame);
    observer.disconnect();
    unfollow();
  };
}

// war_widget/views/component/src/speech.js
function speechLang(register) {
  return String(register || "en").startsWith("ja") ? "ja-JP" : "en-US";
}
function readable(beat) {
  return Boolean(beat && typeof beat.say === "string" && beat.say.trim() && beat.kind !== "clock");
}
function createReader(synth, Utterance, register, on = false) {
  let enabled = Boolean(on);
  let lang = speechLang(register);
  let last = null;
  const can = Boolean(synth && typeof synth.speak === "function" && typeof Utterance === "function");
  return {
    get on() {
      return enabled;
    },
    get lang() {
      return lang;
    },
    available: can,
    setOn(flag) {
      enabled = Boolean(flag);
      if (!enabled && can) synth.cancel();
    },
    setLang(reg) {
      lang = speechLang(reg);
    },
    say(beat) {
      if (!enabled || !can || !readable(beat) || beat.id === last) return null;
      last = beat.id;
      const speaker = (
        /** @type {Pick<SpeechSynthesis, "speak" | "cancel">} */
        synth
      );
      if (beat.cut) speaker.cancel();
      const u = new /** @type {typeof SpeechSynthesisUtterance} */
      Utterance(beat.say);
      u.lang = lang;
      speaker.speak(u);
      return u;
    }
  };
}
function pageReader(register, on) {
  const w = typeof window === "undefined" ? (
    /** @type {Partial<typeof window>} */
    {}
  ) : window;
  return createReader(w.speechSynthesis, w.SpeechSynthesisUtterance, register, on);
}

// war_widget/views/component/src/war.js
function render({ model: anyModel, el: host }) {
  const kind = anyModel.get("game_kind");
  if (kind === "casino") return renderCasino({ model: (
    /** @type {CasinoModel} */
    anyModel
  ), el: host });
  if (kind === "steal") return renderSteal({ model: (
    /** @type {StealModel} */
    anyModel
  ), el: host });
  const model = (
    /** @type {WarModel} */
    anyModel
  );
  const root = el("div", { class: "wt-root", "data-war-table": "1" });
  const rules = el("div", { class: "wt-rules" });
  const topRow = el("div", { class: "wt-row wt-top" });
  const stage = el("div", { class: "wt-stage" });
  const canvas = el("canvas", { class: "war-table wt-canvas", role: "img", tabindex: "0" });
  stage.append(canvas);
  const status = el("div", { class: "wt-status" });
  const roundLine = el("span", { class: "wt-round", "data-role": "round" });
  const countsLine = el("span", { class: "wt-counts", "data-role": "counts" });
  const scoreLine = el("span", { class: "wt-score", "data-role": "score" });
  status.append(roundLine, countsLine, scoreLine);
  const say = el("div", { class: "wt-say", "data-role": "sentence", "aria-hidden": "true" });
  const log = el("div", { class: "wt-log", role: "log", "aria-live": "polite", "aria-label": "Narration" });
  const playRow = el("div", { class: "wt-row wt-play" });
  const guessRow = el("div", { class: "wt-row wt-guess", role: "group" });
  const moreRow = el("div", { class: "wt-row wt-more" });
  const chartBox = el("div", { class: "wt-chart", "data-role": "chart" });
  const notice = el("div", { class: "wt-notice", role: "alert", "data-role": "notice" });
  const panelBox = el("details", { class: "wt-panel", "data-role": "settings" });
  const panelTitle = el("summary", { class: "wt-panel-title", "data-action": "settings" });
  const panelRows = el("div", { class: "wt-panel-rows" });
  const moreBox = el("details", { class: "wt-more-rules", "data-role": "more-rules" });
  const moreTitle = el("summary", { class: "wt-panel-title", "data-action": "more_rules" });
  const moreRows = el("div", { class: "wt-panel-rows" });
  moreBox.append(moreTitle, moreRows);
  panelBox.append(panelTitle, panelRows, moreBox);
  const resultsBox = el("div", { class: "wt-results", role: "status", "data-role": "results" });
  root.append(
    rules,
    topRow,
    stage,
    say,
    status,
    guessRow,
    playRow,
    moreRow,
    notice,
    log,
    chartBox,
    panelBox,
    resultsBox
  );
  host.append(root);
  const buttons = {};
  const button = (name, row, cls) => {
    const b = el("button", { type: "button", class: `wt-btn ${cls || ""}`, "data-action": name });
    row.append(b);
    buttons[name] = b;
    return b;
  };
  const send = (msg) => model.send(msg);
  const flipTop = button("press1", topRow, "wt-flip");
  const flip = button("flip", playRow, "wt-flip wt-primary");
  const step = button("step", playRow);
  const back = button("back", playRow);
  const auto = button("autoplay", playRow);
  auto.setAttribute("aria-pressed", "false");
  const speed = el("select", { class: "wt-select", "data-action": "speed" });
  for (const s of ["slow", "normal", "fast"]) speed.append(el("option", { value: s }));
  playRow.append(speed);
  const ff = button("fast_forward", playRow);
  const readBtn = button("read_aloud", playRow, "wt-read");
  const answers = (
    /** @type {const} */
    [">", "=", "<"].map((sym) => {
      const b = button(`answer${sym}`, guessRow, "wt-answer");
      b.addEventListener("click", () => send({ do: "answer", symbol: sym }));
      return b;
    })
  );
  const newGame = button("new_game", moreRow);
  const codeBox = el("input", { class: "wt-code", type: "text", "data-action": "code", spellcheck: "false" });
  moreRow.append(codeBox);
  const replay = button("replay", moreRow);
  const full = button("fullscreen", moreRow);
  const resume = button("resume", moreRow);
  resume.hidden = true;
  let setup = model.get("setup");
  markLanguage(root, setup.lang);
  let queue = [];
  let lastQueued = 0;
  let current = null;
  let anim = null;
  let frame = 0;
  let L = null;
  let dpr = 1;
  let idleSince = performance.now();
  let requested = false;
  let destroyed = false;
  let state = model.get("state") || {};
  const reader = pageReader(setup.lang, model.get("read_aloud"));
  const clock = pageClock(send);
  usePips(setup.pips);
  const words = () => setup.words || {};
  const isFull = () => (
    /** @type {Partial<DocumentOrShadowRoot>} */
    (root.getRootNode().fullscreenElement || document.fullscreenElement) === root
  );
  function label() {
    const w = words();
    const two = setup.mode === "two_player";
    const names = setup.names || [];
    flip.textContent = two ? `${w.flip} \xB7 ${names[0] || ""}` : w.flip;
    flipTop.textContent = `${w.flip} \xB7 ${names[1] || ""}`;
    topRow.hidden = !two;
    step.textContent = w.step;
    back.textContent = w.back;
    auto.textContent = w.autoplay;
    speed.setAttribute("aria-label", w.speed);
    for (const o of speed.options) o.textContent = w[o.value];
    ff.textContent = w.fast_forward;
    readBtn.textContent = w.read_aloud || "Read aloud";
    readBtn.hidden = !reader.available;
    readBtn.setAttribute("aria-pressed", String(reader.on));
    readBtn.classList.toggle("wt-on", reader.on);
    newGame.textContent = w.new_game;
    replay.textContent = w.replay;
    codeBox.setAttribute("aria-label", w.game_number);
    codeBox.placeholder = w.game_number;
    full.textContent = isFull() ? w.exit_fullscreen : w.fullscreen;
    labelAnswers(current && current.question);
    guessRow.setAttribute("aria-label", w.guess_title);
    rules.textContent = setup.rules_line;
    guessRow.hidden = !setup.guess;
    resume.textContent = w.resume;
    panelTitle.textContent = w.rules;
    moreTitle.textContent = w.more_rules || "";
    panelBox.hidden = !setup.panel;
    resultsBox.hidden = !setup.panel;
    if (document.activeElement !== codeBox) codeBox.value = setup.code || "";
  }
  let answersKey = "";
  function labelAnswers(question) {
    const words3 = answerWords(words(), question);
    const key = words3.join("\n");
    if (key === answersKey) return;
    answersKey = key;
    answers.forEach((b, i) => {
      const sym = [">", "=", "<"][i];
      b.textContent = "";
      b.append(el("span", { class: "wt-sym", text: sym }), el("span", { class: "wt-word", text: words3[i] }));
      b.setAttribute("aria-label", `${sym} ${words3[i]}`);
      b.title = words3[i];
    });
  }
  function onState() {
    state = model.get("state") || {};
    speed.value = state.speed || "normal";
    const on = Boolean(state.autoplay);
    auto.setAttribute("aria-pressed", String(on));
    auto.classList.toggle("wt-on", on);
    notice.textContent = state.notice || "";
    notice.hidden = !state.notice;
    resume.hidden = !state.resume;
    back.disabled = state.back === false;
    clock.follow(Boolean(state.clock));
    requested = false;
    idleSince = performance.now();
    wake();
  }
  function onSettings() {
    const rows = model.get("settings") || [];
    const focused = (
      /** @type {{activeElement?: (Element & Partial<HTMLOrSVGElement>) | null}} */
      root.getRootNode().activeElement
    );
    const focusName = focused && focused.dataset ? focused.dataset.setting : null;
    panelRows.replaceChildren(moreBox);
    moreRows.textContent = "";
    for (const row of rows) {
      const line = el("label", { class: "wt-setting" });
      let control;
      if (row.kind === "select") {
        control = el("select", { class: "wt-select", "data-setting": row.name });
        (row.options || []).forEach((text, i) => control.append(el("option", { value: String(i), text })));
        control.value = String(row.index);
        control.addEventListener("change", () => send({ do: "set", name: row.name, index: Number(control.value) }));
        line.append(el("span", { class: "wt-setting-name", text: row.label }), control);
      } else if (row.kind === "check") {
        control = el("input", { type: "checkbox", class: "wt-check", "data-setting": row.name });
        control.checked = Boolean(row.on);
        control.addEventListener("change", () => send({ do: "set", name: row.name, on: (
          /** @type {HTMLInputElement} */
          control.checked
        ) }));
        line.append(control, el("span", { class: "wt-setting-name", text: row.label }));
      } else {
        control = el("button", { type: "button", class: "wt-btn", "data-setting": row.name, text: row.label });
        control.addEventListener("click", () => send({ do: "set", name: row.name }));
        line.append(control);
      }
      if (row.group === "more") moreRows.append(line);
      else panelRows.insertBefore(line, moreBox);
      if (row.name === focusName) control.focus();
    }
  }
  function onResults() {
    resultsBox.innerHTML = model.get("results") || "";
  }
  function chromeHeight() {
    let h = 0;
    for (const part of [rules, topRow, say, status, guessRow, playRow, moreRow, notice]) {
      if (!part.hidden) h += part.getBoundingClientRect().height;
    }
    return h + 28;
  }
  let laidOut = "";
  let chartWidth = -1;
  function resize(force = false) {
    if (destroyed) return;
    const width = root.clientWidth || host.clientWidth || 800;
    const full2 = isFull();
    const room = full2 ? { height: window.innerHeight, top: 0 } : screenRoom(root, window.innerHeight);
    const size = tableSize(width, window.innerWidth, room.height, chromeHeight(), room.top);
    const ratio = window.devicePixelRatio || 1;
    const key = `${size.width}x${size.height}@${ratio} ${size.portrait}`;
    if (force || key !== laidOut || !L) {
      laidOut = key;
      dpr = ratio;
      canvas.style.width = `${size.width}px`;
      canvas.style.height = `${size.height}px`;
      canvas.width = Math.round(size.width * dpr);
      canvas.height = Math.round(size.height * dpr);
      root.classList.toggle("wt-portrait", size.portrait);
      L = layout(size.width, size.height, setup.players || 2, { line: Boolean(setup.number_line) });
      root.dataset.rankPx = String(L.rankPx);
      root.dataset.cardPx = `${Math.round(L.cw)}x${Math.round(L.ch)}`;
      places(current && current.view);
      draw(performance.now());
    }
    const boxWidth = chartBox.clientWidth;
    if (plot && plotly && (force || boxWidth !== chartWidth)) {
      chartWhole = true;
      updateChart(false);
    }
    chartWidth = boxWidth;
  }
  let drawn = { beat: (
    /** @type {WarBeat | null} */
    null
  ), t: -1, L: (
    /** @type {Layout | null} */
    null
  ) };
  function draw(now) {
    if (!L || !current) return;
    const beat = anim ? anim.beat : current;
    const t = anim && anim.move > 0 ? Math.min(1, (now - anim.start) / anim.move) : 1;
    if (drawn.beat === beat && drawn.t === t && drawn.L === L && t === 1) return;
    drawn = { beat, t, L };
    const ctx = (
      /** @type {CanvasRenderingContext2D} */
      canvas.getContext("2d")
    );
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (anim) {
      const view = t < 1 && anim.base ? anim.base : anim.beat.view;
      paint(ctx, L, setup, view, t < 1 ? anim.moves : [], t, anim.beat.kind);
    } else {
      paint(ctx, L, setup, current.view, [], 1, current.kind);
    }
  }
  let plot = null;
  let plotly = null;
  let series = null;
  let chartWhole = true;
  let chartFrameKey = "";
  let chartTimer = 0;
  let chartBusy = 0;
  let chartAgain = false;
  const CHART_CONFIG = { displayModeBar: false, responsive: false };
  const CHART_MOVE = { transition: { duration: 0 }, frame: { duration: 0, redraw: false }, mode: "immediate" };
  function chartLayout(drawn2) {
    const width = Math.max(280, chartBox.clientWidth || root.clientWidth || 600);
    const font = chartFont(width);
    const frame2 = chartFrame(width, font);
    const w = words();
    const last = drawn2 && drawn2.x.length ? drawn2.x[drawn2.x.length - 1] : 0;
    return {
      width,
      height: Math.round(Math.max(220, Math.min(360, width * 0.32))) + frame2.extraHeight,
      autosize: false,
      margin: frame2.margin,
      font: { size: font },
      title: { text: w.chart_title || "", ...frame2.title, font: { size: font * 1.1 } },
      xaxis: { title: { text: w.chart_round || "" }, range: [0, chartXMax(last, setup.limit)], tickformat: "d" },
      yaxis: { rangemode: "tozero", range: [0, setup.total || 52] },
      legend: { ...frame2.legend, font: { size: font } },
      paper_bgcolor: "rgba(0,0,0,0)",
      plot_bgcolor: CHART_BG,
      showlegend: true
    };
  }
  function chartData(drawn2) {
    const names = setup.names || [];
    const dotted = drawn2.x.length <= CHART_MARKERS;
    const lines = drawn2.ys.map((y, seat) => ({
      type: "scatter",
      mode: "lines",
      name: names[seat] || "",
      legendgroup: `seat${seat}`,
      x: drawn2.x,
      y,
      line: { color: SEAT_COLOURS[seat % 4], width: 3, dash: SEAT_DASH[seat % 4] }
    }));
    const dots = drawn2.ys.map((y, seat) => ({
      type: "scatter",
      mode: "markers",
      name: names[seat] || "",
      legendgroup: `seat${seat}`,
      showlegend: false,
      x: dotted ? drawn2.x : [null],
      y: dotted ? y : [null],
      marker: { size: 5, color: SEAT_COLOURS[seat % 4] }
    }));
    const wars = {
      type: "scatter",
      mode: "markers",
      name: words().chart_war || "War",
      x: drawn2.wars.x,
      y: drawn2.wars.y,
      marker: { symbol: "star", size: 14, color: WAR_MARKER.fill, line: { color: WAR_MARKER.line, width: 1 } }
    };
    return [...lines, ...dots, wars];
  }
  function chartMoves(drawn2) {
    return chartData(drawn2).map(({ x, y }) => ({ x, y }));
  }
  function drawChart(light = false) {
    chartTimer = 0;
    if (!setup.chart || !plotly || destroyed || !series) return;
    const t0 = performance.now();
    if (chartBusy && t0 - chartBusy < 1e3) {
      chartAgain = true;
      return;
    }
    chartBusy = 0;
    const drawn2 = drawnSeries(series);
    const last = drawn2.x.length ? drawn2.x[drawn2.x.length - 1] : 0;
    const xMax = chartXMax(last, setup.limit);
    const key = `${xMax} ${drawn2.ys.length}`;
    if (plot && light && !chartWhole && key !== chartFrameKey && key.split(" ")[1] === chartFrameKey.split(" ")[1]) {
      chartFrameKey = key;
      plotly.relayout(plot, { "xaxis.range": [0, xMax] });
      performance.measure("war:chart", { start: t0 });
      performance.clearMeasures("war:chart");
      chartTimer = setTimeout(() => drawChart(true), 0);
      return;
    }
    if (!plot || chartWhole || key !== chartFrameKey || !light) {
      const layout2 = chartLayout(drawn2);
      plotly.react(chartBox, chartData(drawn2), layout2, CHART_CONFIG);
      chartWhole = false;
      chartFrameKey = key;
      if (!plot) {
        plot = /** @type {WarPlotlyDiv} */
        chartBox;
        plot.on("plotly_click", (d) => {
          const p = d && d.points && d.points[0];
          if (!p || !Number.isFinite(p.x)) return;
          const war = p.curveNumber === 2 * (setup.names || []).length;
          send(war ? { do: "goto", round: Math.round(p.x) - 1, war: Math.round(p.x) } : { do: "goto", round: Math.round(p.x) });
        });
      }
    } else {
      const data = chartMoves(drawn2);
      chartBusy = t0;
      const done = () => {
        chartBusy = 0;
        performance.measure("war:chart", { start: t0 });
        performance.clearMeasures("war:chart");
        if (chartAgain) {
          chartAgain = false;
          updateChart(true);
        }
      };
      plotly.animate(plot, { data, traces: data.map((_, i) => i) }, CHART_MOVE).then(done, done);
      return;
    }
    performance.measure("war:chart-whole", { start: t0 });
    performance.clearMeasures("war:chart-whole");
  }
  function updateChart(later) {
    if (!later) {
      if (chartTimer) clearTimeout(chartTimer);
      drawChart();
    } else if (!chartTimer) chartTimer = setTimeout(() => drawChart(true), CHART_GAP_MS);
  }
  function redrawChart(upTo, later = false) {
    if (!setup.chart) return;
    series = chartSeries(model.get("chart_head"), model.get("chart_tail"), upTo, model.get("chart_mid"));
    root.dataset.chartPoints = String(series.x.length);
    chartWhole = true;
    updateChart(later);
  }
  function extendChart(beat, later) {
    const all = (
      /** @type {ChartSeries} */
      series
    );
    const [r, ...counts] = (
      /** @type {number[]} */
      beat.point
    );
    all.x.push(r);
    counts.forEach((c, seat) => all.ys[seat].push(c));
    if (beat.war) {
      all.wars.x.push(r);
      all.wars.y.push(counts[0]);
    }
    root.dataset.chartPoints = String(all.x.length);
    updateChart(later);
  }
  if (setup.chart) {
    whenIdle(() => loadPlotly(model).then((P) => {
      if (destroyed) return;
      plotly = P;
      redrawChart(current ? current.round : 0);
    }));
  }
  function places(v) {
    if (!L || !v) return;
    const top = /* @__PURE__ */ new Map();
    for (const sp of cardSpots(v.table, L)) top.set(sp.seat, sp);
    const spots = [...top.values()];
    const all = cardSpots(v.table, L);
    const lay = L;
    root.dataset.spots = JSON.stringify(spots.map((sp) => [
      sp.seat,
      sp.up ? 1 : 0,
      Math.round(probeX(sp, all, lay)),
      Math.round(sp.y + lay.ch * 0.88)
    ]));
    const mark = markSpot(L);
    root.dataset.feedbackAt = `${Math.round(mark.x)},${Math.round(mark.y - mark.r * 0.7)}`;
    root.dataset.line = JSON.stringify(lineMarks(L, setup.number_line, v.numbers).map((m) => [m.seat, m.n, Math.round(m.x), Math.round(m.y), Math.round(m.r)]));
    root.dataset.rankPx = String(L.rankPx);
  }
  function show(beat) {
    current = beat;
    say.textContent = beat.say;
    reader.say(beat);
    roundLine.textContent = beat.round_text;
    const names = setup.names || [];
    countsLine.textContent = beat.counts.map((n, i) => `${names[i] || ""} ${n}`).join(" \xB7 ");
    scoreLine.textContent = setup.guess ? `\u2713 ${beat.score[0]} / ${beat.score[1]}` : "";
    canvas.setAttribute("aria-label", beat.label);
    if (beat.say && beat.kind !== "clock") {
      const line = el("p", { class: "wt-line", text: beat.say });
      log.append(line);
      while (log.childNodes.length > 40) log.removeChild(
        /** @type {ChildNode} */
        log.firstChild
      );
      log.scrollTop = log.scrollHeight;
    }
    const v = beat.view;
    const asking = Boolean(v.asking);
    labelAnswers(beat.question);
    answers.forEach((b) => {
      b.disabled = !asking;
    });
    root.classList.toggle("wt-asking", asking);
    root.dataset.shown = String(beat.id);
    root.dataset.round = String(beat.round);
    root.dataset.counts = beat.counts.join(",");
    root.dataset.feedback = v.feedback || "";
    root.dataset.tableCards = String(v.table.length);
    root.dataset.over = v.over ? "1" : "";
    places(v);
    if (model.get("shown") !== beat.id) {
      model.set("shown", beat.id);
      model.save_changes();
    }
    if (plotly) {
      const later = Boolean(state.autoplay);
      const have = series ? series.x.length : 0;
      if (beat.cut || !series) redrawChart(beat.round, later);
      else if (beat.point && beat.point[0] === have) extendChart(beat, later);
      else if (beat.point) redrawChart(beat.round, later);
    }
    const ev = new CustomEvent("war-beat", { bubbles: true, composed: true, detail: {
      id: beat.id,
      point: beat.point,
      round: beat.round,
      counts: beat.counts,
      war: beat.war
    } });
    root.dispatchEvent(ev);
  }
  function startNext(now) {
    const beat = (
      /** @type {WarBeat} */
      queue.shift()
    );
    const timing = beatTiming(beat.kind, state.speed);
    const prev = current ? current.view : null;
    const instant = beat.cut || !prev || !L || setup.animate === false;
    const moves = instant ? [] : flights(
      beat.kind,
      prev,
      beat.view,
      /** @type {Layout} */
      L
    );
    const base = instant || !prev ? null : beat.kind === "collect" || beat.kind === "return" ? { ...beat.view, hands: prev.hands, won: prev.won, table: [], winner: beat.view.winner } : beat.view;
    anim = {
      beat,
      moves,
      base,
      start: now,
      move: instant ? 0 : timing.move,
      rest: instant ? 0 : timing.rest,
      arrived: false
    };
  }
  function tick(now) {
    const t0 = performance.now();
    frameWork(now);
    performance.measure("war:frame", { start: t0 });
    performance.clearMeasures("war:frame");
  }
  function frameWork(now) {
    frame = 0;
    if (destroyed) return;
    if (!anim && queue.length) startNext(now);
    if (anim) {
      draw(now);
      if (!anim.arrived && now - anim.start >= anim.move) {
        anim.arrived = true;
        show(anim.beat);
        draw(now);
      }
      if (anim.arrived && now - anim.start >= anim.move + anim.rest) {
        anim = null;
        idleSince = now;
        if (queue.length) startNext(now);
      }
    }
    const idle = anim || queue.length ? "" : "1";
    if (root.dataset.idle !== idle) root.dataset.idle = idle;
    if (anim && wantsTickAhead(state, anim.beat, queue.length, requested)) {
      requested = true;
      send({ do: "tick" });
    } else if (wantsTick(state, current, Boolean(anim || queue.length), requested)) {
      const gap = AUTOPLAY_GAP_MS * (WAR_SPEED[state.speed] ?? 1);
      if (now - idleSince >= gap) {
        requested = true;
        send({ do: "tick" });
      }
    }
    if (anim || queue.length || state.autoplay && !requested) frame = requestAnimationFrame(tick);
  }
  function wake() {
    if (!frame && !destroyed) frame = requestAnimationFrame(tick);
  }
  let warmTimer = 0;
  const warmCanvas = typeof OffscreenCanvas === "function" ? new OffscreenCanvas(1, 1) : null;
  function warm() {
    warmTimer = 0;
    const wctx = warmCanvas && /** @type {CanvasRenderingContext2D | null} */
    /** @type {unknown} */
    warmCanvas.getContext("2d");
    const ahead = [...anim && !anim.arrived ? [anim.beat] : [], ...queue.slice(0, 3)];
    if (destroyed || !L || !wctx || !ahead.length) return;
    const lay = L;
    wctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const made = warmSprites(() => {
      for (const b of ahead) {
        paint(wctx, lay, setup, { ...b.view, winner: null }, [], 1, b.kind);
        paint(wctx, lay, setup, b.view, [], 1, b.kind);
      }
    }, 1);
    warmCanvas.width = 1;
    if (made) warmTimer = setTimeout(warm, 0);
  }
  function onBeats() {
    const incoming = model.get("beats") || [];
    const before = queue.length;
    queue = mergeBeats(queue, incoming, lastQueued);
    if (queue.length && queue.some((b) => b.cut)) anim = null;
    if (incoming.length) lastQueued = Math.max(lastQueued, newest(incoming));
    if (queue.length !== before || queue.length) requested = false;
    if (warmTimer) clearTimeout(warmTimer);
    warm();
    wake();
  }
  function onSetup() {
    setup = model.get("setup");
    markLanguage(root, setup.lang);
    reader.setLang(setup.lang);
    usePips(setup.pips);
    label();
    resize(true);
  }
  label();
  const initial = model.get("beats") || [];
  if (initial.length) {
    const last = initial[initial.length - 1];
    lastQueued = last.id;
    show(last);
  }
  root.dataset.idle = "1";
  onState();
  onSettings();
  onResults();
  flip.addEventListener("click", () => send(setup.mode === "two_player" ? { do: "press", seat: 0 } : { do: "flip" }));
  flipTop.addEventListener("click", () => send({ do: "press", seat: 1 }));
  step.addEventListener("click", () => send({ do: "step" }));
  back.addEventListener("click", () => send({ do: "back" }));
  ff.addEventListener("click", () => send({ do: "fast_forward" }));
  newGame.addEventListener("click", () => send({ do: "new_game" }));
  replay.addEventListener("click", () => send({ do: "replay", code: codeBox.value }));
  auto.addEventListener("click", () => send({ do: "autoplay", on: !state.autoplay }));
  speed.addEventListener("change", () => send({ do: "speed", speed: speed.value }));
  resume.addEventListener("click", () => send({ do: "resume" }));
  const onReadAloud = () => {
    reader.setOn(model.get("read_aloud"));
    label();
  };
  readBtn.addEventListener("click", () => {
    model.set("read_aloud", !reader.on);
    model.save_changes();
    onReadAloud();
  });
  full.addEventListener("click", () => {
    if (isFull()) document.exitFullscreen();
    else if (root.requestFullscreen) root.requestFullscreen();
  });
  canvas.addEventListener("click", (e) => {
    if (!L) return;
    const r = canvas.getBoundingClientRect();
    const x = e.clientX - r.left;
    const y = e.clientY - r.top;
    const { pw, ph } = L;
    L.piles.forEach((p, seat) => {
      if (x >= p.x && x <= p.x + pw && y >= p.y && y <= p.y + ph) {
        if (setup.mode === "two_player") send({ do: "press", seat });
        else if (seat === 0) send({ do: "flip" });
      }
    });
  });
  keepKeys(root, (e, target) => {
    if (target === codeBox) {
      if (e.key === "Enter") send({ do: "replay", code: codeBox.value });
      return;
    }
    const action = keyAction(e.key, target && target.tagName);
    if (!action) return;
    e.preventDefault();
    if (action.do === "flip" && setup.mode === "two_player") send({ do: "press", seat: 0 });
    else send(action);
  });
  const onResize = () => resize();
  const observer = new ResizeObserver(onResize);
  observer.observe(root);
  window.addEventListener("resize", onResize);
  const onFull = () => {
    label();
    resize(true);
  };
  document.addEventListener("fullscreenchange", onFull);
  const unfollow = follow(model, {
    beats: onBeats,
    setup: onSetup,
    state: onState,
    settings: onSettings,
    results: onResults,
    read_aloud: onReadAloud
  });
  resize();
  return () => {
    destroyed = true;
    clock.follow(false);
    if (frame) cancelAnimationFrame(frame);
    if (chartTimer) clearTimeout(chartTimer);
    if (warmTimer) clearTimeout(warmTimer);
    observer.disconnect();
    window.removeEventListener("resize", onResize);
    document.removeEventListener("fullscreenchange", onFull);
    unfollow();
    if (reader.on) reader.setOn(false);
  };
}

// war_widget/views/component/src/index.js
var index_default = { render };
export {
  AID_VALUE,
  AUTOPLAY_GAP_MS,
  BANKROLL,
  BEAT_MS,
  CHART_BG,
  CHART_CAP,
  CHART_GAP_MS,
  CHART_MARKERS,
  CHART_STACK_BELOW,
  CHART_WARS_CAP,
  CLOCK_MS,
  COURT_PANEL,
  DEAL_MS,
  FELT,
  GOLD,
  INDEX_SUIT,
  INK,
  LINE_BAND,
  LINE_INK,
  LINE_MIN_PX,
  PIP_BOX,
  RANK_MIN_PX,
  RANK_NAME,
  RED,
  SEAT_COLOURS,
  SEAT_DASH,
  SEAT_TEXT,
  SPEED_FACTOR,
  STEAL_MS,
  SUIT_GLYPH,
  TOUCH_MIN_PX,
  WAR_MARKER,
  WAR_SPEED,
  answerWords,
  beatTiming,
  breakPoints,
  cardSpots,
  casinoSize,
  chartFont,
  chartFrame,
  chartIndices,
  chartSeries,
  chartXMax,
  cornerIndex,
  dealTiming,
  dealtAt,
  index_default as default,
  drawCard,
  drawOrder,
  drawnSeries,
  ease,
  faceGeometry,
  faceUp,
  fitPx,
  flightAt,
  flights,
  freshItems,
  hitAt,
  keepWords,
  keepsDefault,
  keyAction,
  layout,
  lerp,
  lineMarks,
  linePx,
  markSpot,
  measurer,
  mergeBeats,
  newest,
  ownsKey,
  pageClock,
  pageLang,
  paint,
  paintCasino,
  paintSteal,
  parseCard,
  probeX,
  spacePlays,
  stealTiming,
  tableSize,
  turned,
  usePips,
  wantsTick,
  wantsTickAhead,
  wrapText
};
