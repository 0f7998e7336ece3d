// @ts-check
// The named colours of every table and chart.
// Part of the table component: bundled into ../table.js by `npm run build` (esbuild).

// --- drawing ---------------------------------------------------------------------------------
// The colours, named so that tests/views/test_colours.py can check them: text at WCAG AA
// against what it is drawn on, badges apart from the felt and from each other under
// protanopia and deuteranopia, war markers unlike any seat's line.
export const INK = "#1d2230";
export const RED = "#c8102e";
export const GOLD = "#ffcf40";
export const SEAT_COLOURS = ["#2a6fd0", "#c84818", "#8a5cd6", "#c48800"];   // badges, count bar, chart lines
export const SEAT_TEXT = ["#ffffff", "#ffffff", "#ffffff", INK];            // the count on each seat's badge
// the chart lines' dashes: seats 3 and 4 look like seats 1 and 2 to a protanope or deuteranope
export const SEAT_DASH = ["solid", "solid", "dash", "dash"];
/** @type {{stops: [number, string][], inner: number, outer: number}} the felt's radial gradient */
export const FELT = { stops: [[0, "#278552"], [0.65, "#1d6b41"], [1, "#0f4429"]], inner: 10, outer: 0.7 };
export const WAR_MARKER = { fill: GOLD, line: INK };                       // the chart's war markers
export const CHART_BG = "rgba(255,255,255,0.6)";                           // behind the chart's lines
export const BANKROLL = { line: "#1f77b4", tie: "#d62728" };                // Casino War's chart: bankroll, ties
