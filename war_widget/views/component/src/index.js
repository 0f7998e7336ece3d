// @ts-check
// The War table component (anywidget): draws the table on a canvas and owns the animation clock.
//
// Python sends the beats of each action (trait `beats`: what the table shows after one engine
// event, its sentence, round and counts). This module animates them one after another on
// requestAnimationFrame; when a beat's picture is complete it prints that beat's sentence, round
// and counts and writes the beat's id into the trait `shown`, so text and picture never disagree.
// The pure parts (sizes, layout, card spots, flights, timing, keys, the beat queue) are named
// exports tested with node:test; `render` is the only part that touches the page.
//
// The source modules are in this folder; `npm run build` bundles them (esbuild) into ../table.js,
// the one ES module the package ships. This module exports what that file exports.

export { AUTOPLAY_GAP_MS, BEAT_MS, RANK_MIN_PX, RANK_NAME, SPEED_FACTOR, SUIT_GLYPH, TOUCH_MIN_PX, WAR_SPEED, answerWords, beatTiming, ease, keepsDefault, keyAction, lerp, mergeBeats, newest, ownsKey, pageLang, parseCard, spacePlays, wantsTick, wantsTickAhead } from "./helpers.js";
export { LINE_MIN_PX, cardSpots, drawOrder, flights, layout, linePx, probeX, tableSize } from "./layout.js";
export { CHART_CAP, CHART_GAP_MS, CHART_MARKERS, CHART_STACK_BELOW, CHART_WARS_CAP, chartFont, chartFrame, chartIndices, chartSeries, chartXMax, drawnSeries } from "./chart.js";
export { BANKROLL, CHART_BG, FELT, GOLD, INK, RED, SEAT_COLOURS, SEAT_DASH, SEAT_TEXT, WAR_MARKER } from "./colours.js";
export { AID_VALUE, COURT_PANEL, INDEX_SUIT, PIP_BOX, cornerIndex, drawCard, faceGeometry, fitPx, measurer, turned, usePips } from "./faces.js";
export { breakPoints, keepWords, wrapText } from "./wrap.js";
export { LINE_BAND, LINE_INK, lineMarks, markSpot, paint } from "./paint.js";
export { CLOCK_MS, pageClock } from "./clock.js";
export { DEAL_MS, casinoSize, dealTiming, dealtAt, freshItems, paintCasino } from "./casino.js";
export { STEAL_MS, faceUp, flightAt, hitAt, paintSteal, stealTiming } from "./steal.js";
import { render } from "./war.js";

export default { render };
