// @ts-check
// The War renderer (`render`; it hands Casino War and Steal War to their own renderers).
// Part of the table component: bundled into ../table.js by `npm run build` (esbuild).

import { renderCasino } from "./casino.js";
import { pageClock } from "./clock.js";
import { CHART_GAP_MS, CHART_MARKERS, chartFont, chartFrame, chartSeries, chartXMax, drawnSeries, loadPlotly } from "./chart.js";
import { CHART_BG, SEAT_COLOURS, SEAT_DASH, WAR_MARKER } from "./colours.js";
import { usePips } from "./faces.js";
import { AUTOPLAY_GAP_MS, WAR_SPEED, answerWords, beatTiming, el, follow, keepKeys, keyAction, markLanguage, mergeBeats, newest, wantsTick, wantsTickAhead, whenIdle } from "./helpers.js";
import { cardSpots, flights, layout, probeX, screenRoom, tableSize } from "./layout.js";
import { lineMarks, markSpot, paint } from "./paint.js";
import { pageReader } from "./speech.js";
import { renderSteal } from "./steal.js";
import { warmSprites } from "./sprites.js";

/** @typedef {import("./types.js").WarModel} WarModel */
/** @typedef {import("./types.js").CasinoModel} CasinoModel */
/** @typedef {import("./types.js").StealModel} StealModel */
/** @typedef {import("./types.js").WarBeat} WarBeat */
/** @typedef {import("./types.js").WarSetup} WarSetup */
/** @typedef {import("./types.js").WarState} WarState */
/** @typedef {import("./types.js").WarMessage} WarMessage */
/** @typedef {import("./types.js").BeatView} BeatView */
/** @typedef {import("./types.js").SettingRow} SettingRow */
/** @typedef {import("./layout.js").Layout} Layout */
/** @typedef {import("./layout.js").Flight} Flight */
/** @typedef {import("./chart.js").ChartSeries} ChartSeries */
/** @typedef {import("./chart.js").DrawnSeries} DrawnSeries */

/**
 * anywidget's `render`: the widget's `game_kind` says which table it is (none: War).
 * @param {{model: import("./types.js").TableModel, el: HTMLElement}} args
 */
export function render({ model: anyModel, el: host }) {
  const kind = anyModel.get("game_kind");      // Casino War and Steal War: their own pictures, the same cards
  if (kind === "casino") return renderCasino({ model: /** @type {CasinoModel} */ (anyModel), el: host });
  if (kind === "steal") return renderSteal({ model: /** @type {StealModel} */ (anyModel), el: host });
  const model = /** @type {WarModel} */ (anyModel);
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
  // the engine's options under "More rules", closed until a teacher opens it (panel.py's groups)
  const moreBox = el("details", { class: "wt-more-rules", "data-role": "more-rules" });
  const moreTitle = el("summary", { class: "wt-panel-title", "data-action": "more_rules" });
  const moreRows = el("div", { class: "wt-panel-rows" });
  moreBox.append(moreTitle, moreRows);
  panelBox.append(panelTitle, panelRows, moreBox);
  const resultsBox = el("div", { class: "wt-results", role: "status", "data-role": "results" });
  root.append(rules, topRow, stage, say, status, guessRow, playRow, moreRow, notice, log, chartBox, panelBox,
    resultsBox);
  host.append(root);

  /** @type {Record<string, HTMLButtonElement>} */
  const buttons = {};
  /** @type {(name: string, row: HTMLElement, cls?: string) => HTMLButtonElement} */
  const button = (name, row, cls) => {
    const b = el("button", { type: "button", class: `wt-btn ${cls || ""}`, "data-action": name });
    row.append(b);
    buttons[name] = b;
    return b;
  };
  /** @param {WarMessage} msg */
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
  const readBtn = button("read_aloud", playRow, "wt-read");    // read-aloud (speech.js): off unless turned on
  const answers = /** @type {const} */ ([">", "=", "<"]).map((sym) => {
    const b = button(`answer${sym}`, guessRow, "wt-answer");
    b.addEventListener("click", () => send({ do: "answer", symbol: sym }));
    return b;
  });
  const newGame = button("new_game", moreRow);
  const codeBox = el("input", { class: "wt-code", type: "text", "data-action": "code", spellcheck: "false" });
  moreRow.append(codeBox);
  const replay = button("replay", moreRow);
  const full = button("fullscreen", moreRow);
  const resume = button("resume", moreRow);
  resume.hidden = true;

  /** @type {WarSetup} */
  let setup = model.get("setup");
  markLanguage(root, setup.lang);
  /** @type {WarBeat[]} */
  let queue = [];
  let lastQueued = 0;
  /** @type {WarBeat | null} */
  let current = null;       // the view on screen (its beat)
  /** @type {{beat: WarBeat, moves: Flight[], base: BeatView | null, start: number, move: number, rest: number, arrived: boolean} | null} */
  let anim = null;
  let frame = 0;
  /** @type {Layout | null} */
  let L = null;
  let dpr = 1;
  let idleSince = performance.now();
  let requested = false;
  let destroyed = false;
  /** @type {WarState} */
  let state = model.get("state") || {};
  const reader = pageReader(setup.lang, model.get("read_aloud"));
  const clock = pageClock(send);     // the time limit's clock (clock.js): runs while state.clock
  usePips(setup.pips);

  const words = () => setup.words || {};
  // in a shadow root (marimo) the document names the host; the root node names our element
  const isFull = () => (/** @type {Partial<DocumentOrShadowRoot>} */ (root.getRootNode()).fullscreenElement || document.fullscreenElement) === root;
  function label() {
    const w = words();
    const two = setup.mode === "two_player";
    const names = setup.names || [];
    flip.textContent = two ? `${w.flip} \u00b7 ${names[0] || ""}` : w.flip;
    flipTop.textContent = `${w.flip} \u00b7 ${names[1] || ""}`;
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
  /** @param {import("./types.js").Question | null | undefined} question */
  function labelAnswers(question) {
    const words3 = answerWords(words(), question);
    // (every beat asks this: the same words leave the buttons as they are, no new elements)
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
    // the settings panel: one row per setting (a select, a check box or a button), from Python
    const rows = model.get("settings") || [];
    const focused = /** @type {{activeElement?: (Element & Partial<HTMLOrSVGElement>) | null}} */ (root.getRootNode()).activeElement;
    const focusName = focused && focused.dataset ? focused.dataset.setting : null;
    panelRows.replaceChildren(moreBox);
    moreRows.textContent = "";
    for (const row of rows) {
      const line = el("label", { class: "wt-setting" });
      /** @type {HTMLSelectElement | HTMLInputElement | HTMLButtonElement} */
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
        control.addEventListener("change", () => send({ do: "set", name: row.name, on: /** @type {HTMLInputElement} */ (control).checked }));
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
    // HTML built and escaped by Python (views/war/results.py)
    resultsBox.innerHTML = model.get("results") || "";
  }

  function chromeHeight() {
    // what must share the screen with the table; the log of earlier lines may go below the fold
    // (the sentence shows the newest line)
    let h = 0;
    for (const part of [rules, topRow, say, status, guessRow, playRow, moreRow, notice]) {
      if (!part.hidden) h += part.getBoundingClientRect().height;
    }
    return h + 28;
  }

  // what the last resize laid out: the canvas's size and the chart's width (a ResizeObserver
  // callback that finds both unchanged, as when a line of the log or the sentence changes the
  // root's height, draws nothing again: no new canvas, no whole chart)
  let laidOut = "";
  let chartWidth = -1;
  /** @param {boolean} [force]  lay out and draw again even at the same size (new rules or words) */
  function resize(force = false) {
    if (destroyed) return;
    const width = root.clientWidth || host.clientWidth || 800;
    const full = isFull();
    // the height of what the page shows (JupyterLab: the notebook panel), the table's top in it
    const room = full ? { height: window.innerHeight, top: 0 } : screenRoom(root, window.innerHeight);
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
      chartWhole = true;    // the new width, and the words of a new language
      updateChart(false);
    }
    chartWidth = boxWidth;
  }

  // what the canvas shows (a beat, at a time of its move: 1 once it arrived): a frame that would
  // draw the same picture draws nothing (in a canvas drawn in software, a frame drawn costs the
  // page's main thread its raster; the rest of a beat is the picture it arrived at)
  let drawn = { beat: /** @type {WarBeat | null} */ (null), t: -1, L: /** @type {Layout | null} */ (null) };
  /** @param {number} now */
  function draw(now) {
    if (!L || !current) return;
    const beat = anim ? anim.beat : current;
    const t = anim && anim.move > 0 ? Math.min(1, (now - anim.start) / anim.move) : 1;
    if (drawn.beat === beat && drawn.t === t && drawn.L === L && t === 1) return;
    drawn = { beat, t, L };
    const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));   // (a canvas's 2d context)
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    if (anim) {
      const view = t < 1 && anim.base ? anim.base : anim.beat.view;
      paint(ctx, L, setup, view, t < 1 ? anim.moves : [], t, anim.beat.kind);
    } else {
      paint(ctx, L, setup, current.view, [], 1, current.kind);
    }
  }

  // --- the count chart: Plotly's own plotly.js, one chart per table -------------------------
  // The game's whole series is kept here (a cut reads it from the traits, a round adds its
  // point); the chart draws `drawnSeries` of it. While autoplay plays, the update is a task of
  // its own after the frame that showed the round, at most one per CHART_GAP_MS, and moves the
  // lines only (Plotly.animate without a redraw: about a third of a whole redraw), unless the
  // chart's frame changed (a cut, a new size or language, the
  // round axis growing). A flip, Back or a jump draws the chart whole at once (Plotly.react:
  // the chart shows the round with the picture).
  /** @type {WarPlotlyDiv | null} */
  let plot = null;          // the Plotly graph div once drawn
  /** @type {WarPlotly | null} */
  let plotly = null;
  /** @type {ChartSeries | null} */
  let series = null;
  let chartWhole = true;    // the next update draws the whole chart
  let chartFrameKey = "";   // what the whole chart was drawn for: the round axis, the seats
  let chartTimer = 0;       // a deferred update is queued
  let chartBusy = 0;        // when the running Plotly.animate began (0: none)
  let chartAgain = false;   // a change came while it ran
  const CHART_CONFIG = { displayModeBar: false, responsive: false };
  const CHART_MOVE = { transition: { duration: 0 }, frame: { duration: 0, redraw: false }, mode: "immediate" };
  /** @param {DrawnSeries} drawn */
  function chartLayout(drawn) {
    const width = Math.max(280, chartBox.clientWidth || root.clientWidth || 600);
    const font = chartFont(width);
    const frame = chartFrame(width, font);
    const w = words();
    const last = drawn && drawn.x.length ? drawn.x[drawn.x.length - 1] : 0;
    return { width, height: Math.round(Math.max(220, Math.min(360, width * 0.32))) + frame.extraHeight, autosize: false,
      margin: frame.margin,
      font: { size: font }, title: { text: w.chart_title || "", ...frame.title, font: { size: font * 1.1 } },
      xaxis: { title: { text: w.chart_round || "" }, range: [0, chartXMax(last, setup.limit)], tickformat: "d" },
      yaxis: { rangemode: "tozero", range: [0, setup.total || 52] },
      legend: { ...frame.legend, font: { size: font } },
      paper_bgcolor: "rgba(0,0,0,0)", plot_bgcolor: CHART_BG, showlegend: true };
  }
  /** The chart's traces: a line per seat, its dots (a trace of their own: up to CHART_MARKERS
   * rounds a dot per round, past that one point that is not drawn, so the dots giving way to the line is a change of
   * data that Plotly.animate moves, not a new mode and a whole redraw), and the war markers.
   * @param {DrawnSeries} drawn */
  function chartData(drawn) {
    const names = setup.names || [];
    const dotted = drawn.x.length <= CHART_MARKERS;
    const lines = drawn.ys.map((y, seat) => ({ type: "scatter", mode: "lines", name: names[seat] || "",
      legendgroup: `seat${seat}`, x: drawn.x, y, line: { color: SEAT_COLOURS[seat % 4], width: 3, dash: SEAT_DASH[seat % 4] } }));
    const dots = drawn.ys.map((y, seat) => ({ type: "scatter", mode: "markers", name: names[seat] || "",
      legendgroup: `seat${seat}`, showlegend: false, x: dotted ? drawn.x : [null], y: dotted ? y : [null],
      marker: { size: 5, color: SEAT_COLOURS[seat % 4] } }));
    const wars = { type: "scatter", mode: "markers", name: words().chart_war || "War", x: drawn.wars.x,
      y: drawn.wars.y, marker: { symbol: "star", size: 14, color: WAR_MARKER.fill, line: { color: WAR_MARKER.line, width: 1 } } };
    return [...lines, ...dots, wars];
  }
  /** What Plotly.animate moves for `drawn`: chartData's x and y, trace by trace (past
   * CHART_MARKERS the dots' one point that is not drawn: Plotly.animate leaves the old dots drawn
   * on an empty trace).
   * @param {DrawnSeries} drawn */
  function chartMoves(drawn) {
    return chartData(drawn).map(({ x, y }) => ({ x, y }));
  }
  function drawChart(light = false) {
    chartTimer = 0;
    if (!setup.chart || !plotly || destroyed || !series) return;
    const t0 = performance.now();
    if (chartBusy && t0 - chartBusy < 1000) {
      chartAgain = true;
      return;
    }
    chartBusy = 0;
    const drawn = drawnSeries(series);
    const last = drawn.x.length ? drawn.x[drawn.x.length - 1] : 0;
    const xMax = chartXMax(last, setup.limit);
    const key = `${xMax} ${drawn.ys.length}`;
    // while autoplay plays, the round axis growing (40 -> 100 -> 200 ...) moves that axis alone
    // (Plotly.relayout of its range: its ticks), and the lines in a task of their own after it: a
    // whole redraw there took one task of 47-50 ms (marimo, 30 s of fast autoplay, 2 cores)
    if (plot && light && !chartWhole && key !== chartFrameKey && key.split(" ")[1] === chartFrameKey.split(" ")[1]) {
      chartFrameKey = key;
      plotly.relayout(plot, { "xaxis.range": [0, xMax] });
      performance.measure("war:chart", { start: t0 });
      performance.clearMeasures("war:chart");
      chartTimer = setTimeout(() => drawChart(true), 0);
      return;
    }
    if (!plot || chartWhole || key !== chartFrameKey || !light) {
      const layout = chartLayout(drawn);
      plotly.react(chartBox, chartData(drawn), layout, CHART_CONFIG);
      chartWhole = false;
      chartFrameKey = key;
      if (!plot) {
        plot = /** @type {WarPlotlyDiv} */ (chartBox);   // (Plotly drew it: it tells clicks)
        plot.on("plotly_click", (d) => {
          const p = d && d.points && d.points[0];
          if (!p || !Number.isFinite(p.x)) return;
          // a war marker jumps to just before its round, so Step walks through the war
          const war = p.curveNumber === 2 * (setup.names || []).length;
          send(war ? { do: "goto", round: Math.round(p.x) - 1, war: Math.round(p.x) } : { do: "goto", round: Math.round(p.x) });
        });
      }
    } else {
      // the lines move, nothing else: no axis, legend or title drawn again
      const data = chartMoves(drawn);
      chartBusy = t0;
      const done = () => {
        chartBusy = 0;
        performance.measure("war:chart", { start: t0 });   // (until the lines stand where they go)
        performance.clearMeasures("war:chart");
        if (chartAgain) {
          chartAgain = false;
          updateChart(true);
        }
      };
      plotly.animate(plot, { data, traces: data.map((_, i) => i) }, CHART_MOVE).then(done, done);
      return;
    }
    // (for the Performance panel and tests: a whole redraw has a name of its own, and autoplay
    // draws none but at its start, a cut or a new size)
    performance.measure("war:chart-whole", { start: t0 });
    performance.clearMeasures("war:chart-whole");
  }
  /** Draw the chart's new state now, or (`later`: autoplay) in a task of its own after this
   * frame: a frame never waits for Plotly, and rounds that come faster are drawn together.
   * @param {boolean} later */
  function updateChart(later) {
    if (!later) {
      if (chartTimer) clearTimeout(chartTimer);
      drawChart();
    } else if (!chartTimer) chartTimer = setTimeout(() => drawChart(true), CHART_GAP_MS);
  }
  /** @param {number} upTo  the round the chart ends at
   * @param {boolean} [later] */
  function redrawChart(upTo, later = false) {
    if (!setup.chart) return;
    series = chartSeries(model.get("chart_head"), model.get("chart_tail"), upTo, model.get("chart_mid"));
    root.dataset.chartPoints = String(series.x.length);
    chartWhole = true;
    updateChart(later);
  }
  /** The series grows by `beat`'s point (show: a beat with a point that follows the series').
   * @param {WarBeat} beat
   * @param {boolean} later */
  function extendChart(beat, later) {
    const all = /** @type {ChartSeries} */ (series);
    const [r, ...counts] = /** @type {number[]} */ (beat.point);
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

  // where the newest card of each seat lies, the mark and the number line's marks (CSS px of the
  // canvas), for the view `v` on screen: tests read the pixels there (again after a resize)
  /** @param {BeatView | null | undefined} v */
  function places(v) {
    if (!L || !v) return;
    const top = new Map();
    for (const sp of cardSpots(v.table, L)) top.set(sp.seat, sp);   // the newest card of each seat
    const spots = [...top.values()];
    const all = cardSpots(v.table, L);
    const lay = L;
    root.dataset.spots = JSON.stringify(spots.map((sp) => [sp.seat, sp.up ? 1 : 0,
      Math.round(probeX(sp, all, lay)), Math.round(sp.y + lay.ch * 0.88)]));
    // a point inside the tick's or cross's disc, off its white strokes
    const mark = markSpot(L);
    root.dataset.feedbackAt = `${Math.round(mark.x)},${Math.round(mark.y - mark.r * 0.7)}`;
    // the number line's marks: [seat, number, x, y, r] (a point at y - r * 0.6 is the seat's colour)
    root.dataset.line = JSON.stringify(lineMarks(L, setup.number_line, v.numbers)
      .map((m) => [m.seat, m.n, Math.round(m.x), Math.round(m.y), Math.round(m.r)]));
    root.dataset.rankPx = String(L.rankPx);
  }

  /** @param {WarBeat} beat */
  function show(beat) {
    // the picture of `beat` is complete on screen: its words now, and tell Python
    current = beat;
    say.textContent = beat.say;
    reader.say(beat);
    roundLine.textContent = beat.round_text;
    const names = setup.names || [];
    countsLine.textContent = beat.counts.map((n, i) => `${names[i] || ""} ${n}`).join(" \u00b7 ");
    scoreLine.textContent = setup.guess ? `\u2713 ${beat.score[0]} / ${beat.score[1]}` : "";
    canvas.setAttribute("aria-label", beat.label);
    if (beat.say && beat.kind !== "clock") {   // a clock beat says the time left, not a new line
      const line = el("p", { class: "wt-line", text: beat.say });
      log.append(line);
      while (log.childNodes.length > 40) log.removeChild(/** @type {ChildNode} */ (log.firstChild));
      log.scrollTop = log.scrollHeight;
    }
    const v = beat.view;
    const asking = Boolean(v.asking);
    labelAnswers(beat.question);
    answers.forEach((b) => { b.disabled = !asking; });
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
    const ev = new CustomEvent("war-beat", { bubbles: true, composed: true, detail: { id: beat.id, point: beat.point,
      round: beat.round, counts: beat.counts, war: beat.war } });
    root.dispatchEvent(ev);
  }

  /** @param {number} now */
  function startNext(now) {
    const beat = /** @type {WarBeat} */ (queue.shift());     // called with a beat queued
    const timing = beatTiming(beat.kind, state.speed);
    const prev = current ? current.view : null;
    const instant = beat.cut || !prev || !L || setup.animate === false;
    const moves = instant ? [] : flights(beat.kind, prev, beat.view, /** @type {Layout} */ (L));   // (not instant: a layout)
    // while cards fly to a pile, the piles keep the counts from before; flying to the middle,
    // the new table without the cards in flight
    // (none when nothing was shown before: a first beat that collects is drawn at once)
    const base = instant || !prev ? null : beat.kind === "collect" || beat.kind === "return"
      ? { ...beat.view, hands: prev.hands, won: prev.won, table: [], winner: beat.view.winner } : beat.view;
    anim = { beat, moves, base, start: now, move: instant ? 0 : timing.move,
      rest: instant ? 0 : timing.rest, arrived: false };
  }

  /** @param {number} now */
  function tick(now) {
    const t0 = performance.now();
    frameWork(now);
    performance.measure("war:frame", { start: t0 });   // (for the Performance panel and tests)
    performance.clearMeasures("war:frame");             // (kept by no one: nothing grows)
  }
  /** @param {number} now */
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
    if (root.dataset.idle !== idle) root.dataset.idle = idle;   // (an attribute written is a style to check)
    if (anim && wantsTickAhead(state, anim.beat, queue.length, requested)) {
      requested = true;
      send({ do: "tick" });
    } else if (wantsTick(state, current, Boolean(anim || queue.length), requested)) {
      const gap = AUTOPLAY_GAP_MS * (WAR_SPEED[state.speed] ?? 1);
      if (now - idleSince >= gap) {
        requested = true;
        send({ do: "tick" });     // autoplay's clock is the browser's: the next round, now
      }
    }
    if (anim || queue.length || (state.autoplay && !requested)) frame = requestAnimationFrame(tick);
  }

  function wake() {
    if (!frame && !destroyed) frame = requestAnimationFrame(tick);
  }

  // the sprites of the beats queued, drawn ahead in tasks of their own (one new sprite a task:
  // sprites.js warmSprites), so the frame that shows a new card copies its face
  let warmTimer = 0;
  const warmCanvas = typeof OffscreenCanvas === "function" ? new OffscreenCanvas(1, 1) : null;
  function warm() {
    warmTimer = 0;
    const wctx = warmCanvas && /** @type {CanvasRenderingContext2D | null} */ (/** @type {unknown} */ (warmCanvas.getContext("2d")));
    // the beat in flight (its cards may still turn up) and the next ones queued
    const ahead = [...(anim && !anim.arrived ? [anim.beat] : []), ...queue.slice(0, 3)];
    if (destroyed || !L || !wctx || !ahead.length) return;
    const lay = L;
    wctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    // each view as it will rest, and its cards as they fly there (unmarked: no winner yet)
    const made = warmSprites(() => {
      for (const b of ahead) {
        paint(wctx, lay, setup, { ...b.view, winner: null }, [], 1, b.kind);
        paint(wctx, lay, setup, b.view, [], 1, b.kind);
      }
    }, 1);
    /** @type {OffscreenCanvas} */ (warmCanvas).width = 1;   // (what the pass drew there is dropped)
    if (made) warmTimer = setTimeout(warm, 0);
  }

  function onBeats() {
    const incoming = model.get("beats") || [];
    const before = queue.length;
    queue = mergeBeats(queue, incoming, lastQueued);
    if (queue.length && queue.some((b) => b.cut)) anim = null;
    if (incoming.length) lastQueued = Math.max(lastQueued, newest(incoming));
    if (queue.length !== before || queue.length) requested = false;
    // the first new face now, in this message's task (a frame may come before a timer), the
    // rest in timer tasks after it
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


  // a view that connects late draws where the game stands, with no animation
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
  const onReadAloud = () => { reader.setOn(model.get("read_aloud")); label(); };
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
    // tapping your own pile flips (in two-player mode, each seat its own pile)
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
  const onFull = () => { label(); resize(true); };
  document.addEventListener("fullscreenchange", onFull);
  const unfollow = follow(model, { beats: onBeats, setup: onSetup, state: onState, settings: onSettings,
    results: onResults, read_aloud: onReadAloud });
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
