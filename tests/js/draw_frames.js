// Paints whole frames of the three tables with the table component's own painters
// (war_widget/views/component/src/, bundled into table.js: paint, paintCasino, paintSteal) on a recording 2D
// context and prints what was drawn, with the component's named colours, for
// tests/views/test_colours.py.
//
// stdin: {"pips": <pip table>, "frames": [{"kind": "war", "width", "height", "setup", "view"} |
// {"kind": "casino", "table"} | {"kind": "steal", "picture"}]} (what Python sends each table).
// stdout: {"frames": [{"w", "h", "ops"}] (ops: see recording_context.js), "colours": {...}}.
import * as T from "../../war_widget/views/component/src/index.js";
import { RecordingContext } from "./recording_context.js";

function paintOne(frame) {
  const ctx = new RecordingContext();
  if (frame.kind === "war") {
    const L = T.layout(frame.width, frame.height, frame.setup.players || 2, { line: Boolean(frame.setup.number_line) });
    T.paint(ctx, L, frame.setup, frame.view, [], 1, frame.kind);
    return { w: L.w, h: L.h, ops: ctx.ops };
  }
  if (frame.kind === "casino") {
    T.paintCasino(ctx, frame.table, 0, null, null);
    return { w: frame.table.w, h: frame.table.h, ops: ctx.ops };
  }
  T.paintSteal(ctx, frame.picture, [], 1);
  return { w: frame.picture.w, h: frame.picture.h, ops: ctx.ops };
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const request = JSON.parse(input);
  T.usePips(request.pips);
  const colours = Object.fromEntries(["INK", "RED", "GOLD", "SEAT_COLOURS", "SEAT_TEXT", "FELT", "WAR_MARKER",
    "CHART_BG", "BANKROLL", "LINE_INK", "LINE_BAND", "COURT_PANEL", "LINE_MIN_PX",
    "SEAT_DASH"].map((name) => [name, T[name]]));
  process.stdout.write(JSON.stringify({ frames: request.frames.map(paintOne), colours }));
});
