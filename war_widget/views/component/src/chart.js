// @ts-check
// The chart: its series, text size and frame, and plotly.js loaded once per page.
// Part of the table component: bundled into ../table.js by `npm run build` (esbuild).

/** @typedef {import("./types.js").ChartPart} ChartPart */
/** @typedef {import("./types.js").PlotlyMessage} PlotlyMessage */

/** The chart's series (chartSeries): the rounds, each seat's counts, the war markers' rounds and
 * counts (seat 0's line).
 * @typedef {{x: number[], ys: number[][], wars: {x: number[], y: number[]}}} ChartSeries */

/** The part of a series the chart draws (drawnSeries) and how many rounds the whole holds.
 * @typedef {ChartSeries & {rounds: number}} DrawnSeries */

/** The chart's series from its traits (head: the first big blocks, mid: the small blocks since,
 * tail: the rounds since; parts of another game than the tail's are left out), up to round
 * `upTo`: x (rounds), one y list per seat, and the war markers on seat 0's line.
 * @param {ChartPart | null | undefined} head
 * @param {ChartPart | null | undefined} tail
 * @param {number} upTo
 * @param {ChartPart | null | undefined} [mid]
 * @returns {ChartSeries} */
export function chartSeries(head, tail, upTo, mid = null) {
  const parts = /** @type {ChartPart[]} */ ([head, mid].filter((p) => p && tail && p.game === tail.game));
  if (tail) parts.push(tail);
  /** @type {number[][]} */
  const counts = [];
  /** @type {number[]} */
  const allWars = [];
  for (const p of parts) {
    counts.push(...(p.counts || []));
    allWars.push(...(p.wars || []));
  }
  const n = Math.min(counts.length, upTo + 1);
  /** @type {number[]} */
  const x = [];
  /** @type {number[][]} */
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

/** A line of the chart draws at most `CHART_CAP` points and the chart at most `CHART_WARS_CAP`
 * war markers, so an update costs the same at round 5 and at round 5,000 (Plotly redraws every
 * point it holds at each update: with a point and a marker per round that was 1.4 s a round at
 * round 5,000, and 2 page elements more a round). Up to `CHART_MARKERS` points a line shows a
 * dot per round (a child clicks one to jump there); past that the line alone. */
export const CHART_CAP = 300;
export const CHART_MARKERS = 80;
export const CHART_WARS_CAP = 120;
export const CHART_GAP_MS = 150;   // while autoplay plays, the chart is drawn at most this often

/** Which of `n` points a line draws: all of them up to `cap`, else every k-th and the last (k a
 * power of two: the points drawn stay where they were as the game grows; they halve now and then).
 * @param {number} n
 * @param {number} [cap]
 * @returns {number[]} */
export function chartIndices(n, cap = CHART_CAP) {
  if (n <= cap) return Array.from({ length: n }, (_, i) => i);
  let k = 2;
  while (Math.ceil((n - 1) / k) + 1 > cap) k *= 2;
  const out = [];
  for (let i = 0; i < n - 1; i += k) out.push(i);
  out.push(n - 1);
  return out;
}

/** The part of `series` (chartSeries' shape) the chart draws: `chartIndices` of its rounds and
 * of its war markers; `rounds`: how many rounds the series holds.
 * @param {ChartSeries} series
 * @param {number} [cap]
 * @param {number} [warsCap]
 * @returns {DrawnSeries} */
export function drawnSeries(series, cap = CHART_CAP, warsCap = CHART_WARS_CAP) {
  const idx = chartIndices(series.x.length, cap);
  const wi = chartIndices(series.wars.x.length, warsCap);
  return { x: idx.map((i) => series.x[i]), ys: series.ys.map((y) => idx.map((i) => y[i])),
    wars: { x: wi.map((i) => series.wars.x[i]), y: wi.map((i) => series.wars.y[i]) }, rounds: series.x.length };
}

/** The round axis' right end: the round limit, else the first of 40, 100, 200, 500, 1,000 ... past
 * the last round, so the axis (and the whole chart with it) is redrawn a handful of times in a
 * game, not at every round.
 * @param {number} lastRound
 * @param {number | null | undefined} limit
 * @returns {number} */
export function chartXMax(lastRound, limit) {
  if (limit) return limit;
  if (lastRound < 40) return 40;
  for (let p = 100; ; p *= 10) for (const m of [1, 2, 5]) if (m * p > lastRound) return m * p;
}

/** Chart text size for a chart `width` px wide: readable on a phone, not tiny on a projector.
 * @param {number} width
 * @returns {number} */
export function chartFont(width) {
  return Math.round(Math.max(13, Math.min(22, width / 55)));
}

/** Where a chart's title and legend go at `width` CSS px (font `font`): side by side above the
 * plot when there is room, else stacked (the title on the first line, the legend under it), so
 * they never overlap on a phone. `lines`: how many text lines the top margin holds. */
export const CHART_STACK_BELOW = 600;
/**
 * @param {number} width
 * @param {number} font
 * @returns {{stacked: boolean, margin: {l: number, r: number, t: number, b: number}, title: object, legend: object, extraHeight: number}} */
export function chartFrame(width, font) {
  const stacked = width < CHART_STACK_BELOW;
  const lines = stacked ? 3.2 : 1.8;
  return {
    stacked,
    margin: { l: font * 3.2, r: 12, t: Math.round(font * (lines + 0.6)), b: font * 3.2 },
    title: stacked ? { x: 0, xanchor: "left", xref: "paper", y: 1, yref: "container", yanchor: "top", pad: { t: 4 } }
      : { x: 0, xanchor: "left", xref: "paper" },
    legend: stacked ? { orientation: "h", x: 0, xanchor: "left", y: 1.0, yanchor: "bottom" }
      : { orientation: "h", x: 1, xanchor: "right", y: 1.02, yanchor: "bottom" },
    extraHeight: stacked ? Math.round(font * 1.4) : 0,
  };
}

/** plotly.js (the bundle of the plotly package), once per page: the first table that needs it asks
 * its widget (`{do: "plotly_js"}`, answered by one custom message: views/plotly_source.py) and runs
 * it as a classic script; every other table of the page waits for the same promise. An AMD loader
 * on the page (RequireJS) is hidden meanwhile so plotly.js sets window.Plotly. If the asking view
 * goes before the answer comes, the next table asks again.
 * @param {import("./types.js").PlotlyAsker} model
 * @returns {Promise<WarPlotly>} */
export function loadPlotly(model) {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  if (!window.__warWidgetPlotly) {
    /** @type {Promise<WarPlotly>} */
    const pending = new Promise((resolve, reject) => {
      /** @param {unknown} content  a custom message of the widget: plotly.js's is {plotly_js} */
      const onMessage = (content) => {
        const msg = /** @type {Partial<PlotlyMessage> | null | undefined} */ (content);
        if (!msg || typeof msg.plotly_js !== "string") return;
        model.off("msg:custom", onMessage);
        const url = URL.createObjectURL(new Blob([msg.plotly_js], { type: "text/javascript" }));
        const script = document.createElement("script");
        script.dataset.warPlotly = "1";
        const define = window.define;
        window.define = undefined;
        script.onload = () => { window.define = define; URL.revokeObjectURL(url); resolve(/** @type {WarPlotly} */ (window.Plotly)); };   // (plotly.js set it)
        script.onerror = (e) => { window.define = define; reject(e); };
        script.src = url;
        document.head.append(script);
      };
      model.on("msg:custom", onMessage);
      model.send({ do: "plotly_js" });
      setTimeout(() => { model.off("msg:custom", onMessage); reject(new Error("no plotly.js came")); }, 60000);
    });
    window.__warWidgetPlotly = pending;
    pending.catch(() => { if (window.__warWidgetPlotly === pending) window.__warWidgetPlotly = null; });
  }
  return window.__warWidgetPlotly;
}
