// @ts-check
// The Casino War renderer and its pure parts.
// Part of the table component: bundled into ../table.js by `npm run build` (esbuild).

import { chartFrame, loadPlotly } from "./chart.js";
import { BANKROLL } from "./colours.js";
import { drawBack, drawCard, drawFelt, pill, roundRect, usePips } from "./faces.js";
import { SPEED_FACTOR, ease, el, follow, keepKeys, lerp, markLanguage, spacePlays, whenIdle } from "./helpers.js";
import { screenRoom } from "./layout.js";

// --- Casino War: its own picture, the War table's card faces, felt and badges ----------------
// Python sends the picture as a display list in table units (views/casino.casino_table: cards
// with their codes and spots in the order dealt, burnt backs, empty slots, words); this part
// scales it to the width it is given, deals the new hand's cards on requestAnimationFrame and
// prints the hand's sentence once the last card has turned.

export const DEAL_MS = { gap: 170, fly: 300, turn: 200 };   // per card at normal speed

/** @typedef {import("./types.js").CasinoTable} CasinoTable */
/** @typedef {import("./types.js").Spot} Spot */
/** @typedef {import("./types.js").CasinoControls} CasinoControls */
/** @typedef {import("./faces.js").FeltFrame} FeltFrame */

/** A card or burnt back of the deal (CasinoCard, CasinoBack): its place in the order dealt, its
 * code (a back has none) and spot.
 * @typedef {{order: number, code?: string, x: number, y: number}} Dealt */
/** When a dealt card starts, lands and has turned (ms from the deal's start).
 * @typedef {{start: number, land: number, done: number}} DealTime */
/** A deal's times, in the order of its items, and when the picture is complete.
 * @typedef {{times: DealTime[], total: number}} DealTiming */

/** The cards of `next` to deal: those not on the table `prev` showed (same hand, same place in
 * the order dealt); a new hand deals all. Keys are the items' `order`.
 * @param {CasinoTable | null} prev
 * @param {CasinoTable} next
 * @returns {Set<number>} */
export function freshItems(prev, next) {
  const items = [...next.cards, ...next.backs];
  if (!prev || prev.hand !== next.hand) return new Set(items.map((it) => it.order));
  const had = new Set([...prev.cards, ...prev.backs].map((it) => it.order));
  return new Set(items.filter((it) => !had.has(it.order)).map((it) => it.order));
}

/** When each card of a deal starts, lands and has turned (ms from the deal's start); cards not
 * in `fresh` are already there (all times 0); `total` is when the picture is complete. The new
 * cards and backs go one after another in the order dealt.
 * @param {Dealt[]} items
 * @param {import("./types.js").Speed} speed
 * @param {Set<number> | null} [fresh]
 * @returns {DealTiming} */
export function dealTiming(items, speed, fresh) {
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

/** Where a dealt card is at `ms` into the deal: flying from the shoe (x, y), then turning
 * (`turn` 0..1, face-up from 0.5), or `hidden` before it starts.
 * @param {Spot} item
 * @param {DealTime} time
 * @param {Spot} shoe
 * @param {number} ms
 * @returns {{hidden: boolean, x: number, y: number, turn: number}} */
export function dealtAt(item, time, shoe, ms) {
  if (ms < time.start) return { hidden: true, x: shoe.x, y: shoe.y, turn: 0 };
  if (ms < time.land) {
    const e = ease((ms - time.start) / Math.max(1, time.land - time.start));
    return { hidden: false, x: lerp(shoe.x, item.x, e), y: lerp(shoe.y, item.y, e), turn: 0 };
  }
  const turn = time.done > time.land ? Math.min(1, (ms - time.land) / (time.done - time.land)) : 1;
  return { hidden: false, x: item.x, y: item.y, turn };
}

/** A picture's CSS size and its scale from table units. @typedef {{width: number, height: number, scale: number}} PictureSize */

/** The table's CSS size for a container `width`: its natural width (`natural` CSS px) or less,
 * never more than 1.5 times it, and no taller than `roomH` CSS px (War's layout rule: the
 * picture, the sentence and the buttons on one screen); the scale from table units to CSS px.
 * @param {number} width
 * @param {{w: number, h: number}} table
 * @param {number} natural
 * @param {number} [roomH]
 * @returns {PictureSize} */
export function casinoSize(width, table, natural, roomH = Infinity) {
  const byH = Math.floor(Math.max(160, roomH) * table.w / table.h);
  const w = Math.max(200, Math.min(Math.floor(width), Math.round(natural * 1.5), byH));
  const scale = w / table.w;
  return { width: w, height: Math.round(table.h * scale), scale };
}

/** The height a Casino War or Steal War picture may take: what the page shows (`screenRoom`)
 * less the `parts` under and over it and the table's top in it (at most 180 px, as War's).
 * @param {HTMLElement} root
 * @param {HTMLElement[]} parts
 * @returns {number} */
export function pictureRoom(root, parts) {
  const room = screenRoom(root, window.innerHeight);
  const chrome = parts.reduce((/** @type {number} */ h, part) => h + (part.hidden ? 0 : part.getBoundingClientRect().height), 0);
  return room.height - chrome - Math.max(0, Math.min(room.top, 180)) - 28;
}

/** The felt of a Casino War or Steal War table, with a dashed outline (`colour`) where each empty
 * slot's card goes.
 * @param {CanvasRenderingContext2D} ctx
 * @param {FeltFrame} L
 * @param {Spot[]} slots
 * @param {[number, number]} card  the cards' width and height
 * @param {string} colour */
export function feltWithSlots(ctx, L, slots, [cw, ch], colour) {
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

/** Casino War's picture `ms` into its deal (`timing`; none: all dealt), the cards coming from the
 * shoe at `speedShoe`: whether it is complete (every card dealt and turned; then its words too).
 * @param {CanvasRenderingContext2D} ctx
 * @param {CasinoTable} T
 * @param {number} ms
 * @param {DealTiming | null} timing
 * @param {Spot} speedShoe
 * @returns {boolean} */
export function paintCasino(ctx, T, ms, timing, speedShoe) {
  const L = { w: T.w, h: T.h, cx: T.w / 2, cy: T.h / 2, top: 18, bar: { w: 0 } };
  const [cw, ch] = T.card;
  feltWithSlots(ctx, L, T.slots, T.card, "#7fbf98");
  /** @type {Dealt[]} */
  const items = [...T.cards, ...T.backs].sort((a, b) => a.order - b.order);
  let complete = true;
  items.forEach((it, i) => {
    const at = timing ? dealtAt(it, timing.times[i], speedShoe, ms) : { hidden: false, x: it.x, y: it.y, turn: 1 };
    if (at.hidden) { complete = false; return; }
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

/**
 * Casino War's table (`game_kind == "casino"`).
 * @param {{model: import("./types.js").CasinoModel, el: HTMLElement}} args
 */
export function renderCasino({ model, el: host }) {
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
  /** @param {import("./types.js").CasinoMessage} msg */
  const send = (msg) => model.send(msg);
  let setup = model.get("setup");
  markLanguage(root, setup.lang);
  const words = () => setup.words || {};
  const betLabel = el("span", { class: "wt-label" });
  chipRow.append(betLabel);
  /** @type {Record<string, HTMLButtonElement>} the chips' buttons by amount */
  const chips = {};
  for (const a of setup.chips || []) {
    const b = el("button", { type: "button", class: "wt-btn wt-chip", "data-action": `chip${a}` });
    b.addEventListener("click", () => send({ do: "chip", amount: a }));
    chipRow.append(b);
    chips[a] = b;
  }
  /** @type {Record<string, HTMLButtonElement>} */
  const buttons = {};
  /**
   * @param {"clear" | "tie" | "deal" | "war" | "surrender" | "new"} name
   * @param {HTMLElement} row
   * @param {string} [cls]
   */
  const button = (name, row, cls) => {
    const b = el("button", { type: "button", class: `wt-btn ${cls || ""}`, "data-action": name });
    b.addEventListener("click", () => send(name === "tie" ? { do: "tie", on: b.getAttribute("aria-pressed") !== "true" }
      : name === "deal" ? dealMessage() : { do: name }));
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
  /** @type {PictureSize | null} */
  let size = null;
  /** @type {CasinoTable} */
  let table = model.get("table");
  /** @type {{start: number, timing: DealTiming} | null} */
  let deal = null;          // {start, timing} while the newest hand is dealt
  // Deal names the picture it was pressed on: a double click (or Space held down) sends two, and
  // the second, pressed on the picture the first replaced, is dropped by Python (one hand a press)
  /** @returns {import("./types.js").DealMessage} */
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
    const c = /** @type {Partial<CasinoControls>} */ (model.get("controls") || {});
    for (const [a, b] of Object.entries(chips)) b.disabled = !(c.chips || {})[a];
    for (const name of /** @type {const} */ (["clear", "deal", "war", "surrender", "new"])) buttons[name].disabled = !c[name];
    buttons.tie.disabled = Boolean(c.tie_locked);
    buttons.tie.setAttribute("aria-pressed", c.tie ? "true" : "false");
    buttons.tie.classList.toggle("wt-on", Boolean(c.tie));
  }
  function text() {
    rules.innerHTML = model.get("rules");     // the session's own words (HTML it escapes)
    betLine.innerHTML = model.get("bet_line");
  }
  function finish() {
    say.textContent = model.get("status");
    root.dataset.hand = String(table.hand ?? "");       // the hand whose picture is complete
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
    size = casinoSize(root.clientWidth || host.clientWidth || 640, table, setup.width || 640,
      pictureRoom(root, [rules, say, betLine, chipRow, playRow]));
    dpr = window.devicePixelRatio || 1;
    canvas.style.width = `${size.width}px`;
    canvas.style.height = `${size.height}px`;
    canvas.width = Math.round(size.width * dpr);
    canvas.height = Math.round(size.height * dpr);
    draw(performance.now());
    chart();              // the bankroll chart follows the page's width too
  }
  /** @param {number} now
   * @returns {boolean} the picture is complete */
  function draw(now) {
    if (!size) return true;
    const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));   // (a canvas's 2d context)
    ctx.setTransform(dpr * size.scale, 0, 0, dpr * size.scale, 0, 0);
    ctx.clearRect(0, 0, table.w, table.h);
    const shoe = { x: table.w - table.card[0] - 30, y: -table.card[1] };
    const done = paintCasino(ctx, table, deal ? now - deal.start : 0, deal ? deal.timing : null, shoe);
    return done;
  }
  /** @param {number} now */
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
    /** @type {Set<number>} */
    const fresh = next.id !== table.id ? freshItems(table, next) : new Set();
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

  // --- the bankroll chart: Plotly's own plotly.js ---------------------------------------------
  /** @type {WarPlotly | null} */
  let plotly = null;
  function chart() {
    if (!plotly || destroyed) return;
    const c = model.get("chart") || {};
    const w = words();
    const width = Math.max(280, Math.min(root.clientWidth || 640, 960));
    const font = 14;
    const frame = chartFrame(width, font);
    plotly.react(chartBox, [
      { x: c.x || [], y: c.y || [], mode: "lines+markers", name: w.trace_bankroll, marker: { size: 4 },
        line: { color: BANKROLL.line } },
      { x: c.tie_x || [], y: c.tie_y || [], mode: "markers", name: w.trace_ties,
        marker: { size: 9, symbol: "diamond", color: BANKROLL.tie } },
    ], {
      width, height: 260 + frame.extraHeight, margin: { ...frame.margin, l: 56 }, font: { size: font },
      title: { text: w.chart_title, ...frame.title, font: { size: font } },
      xaxis: { title: { text: w.chart_x } }, yaxis: { title: { text: w.chart_y } },
      legend: { ...frame.legend },
      shapes: [{ type: "line", xref: "paper", x0: 0, x1: 1, y0: c.start, y1: c.start,
        line: { dash: "dot", color: "grey" } }],
    }, { displayModeBar: false, responsive: false });
  }
  whenIdle(() => loadPlotly(model).then((P) => { if (!destroyed) { plotly = P; chart(); } }));

  const onSetup = () => { setup = model.get("setup"); markLanguage(root, setup.lang); usePips(setup.pips); label(); resize(); };
  keepKeys(root, (e, target) => {
    if (!spacePlays(e.key, target && target.tagName)) return;
    e.preventDefault();
    if (!buttons.deal.disabled) send(dealMessage());
  });
  const onResize = () => resize();
  const observer = new ResizeObserver(onResize);
  observer.observe(root);
  // a sentence that comes with a new picture waits for it (its change may be told first)
  const onStatus = () => { if (!deal && /** @type {Partial<CasinoTable>} */ (model.get("table") || {}).id === table.id) finish(); };
  const unfollow = follow(model, { setup: onSetup, table: onTable, controls, rules: text, bet_line: text,
    chart, status: onStatus });
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
