// Draws cards with the table component's own drawing code (war_widget/views/component/src/, bundled into table.js)
// on a recording 2D context and prints what was drawn, for tests/views/test_drawing_pips.py.
//
// stdin: {"pips": <the setup's pip table>, "cards": [{"code", "players", "value"?, "line"?, and
// either "viewport": [w, h], "chrome", "top" (a screen: the table's size from the component's
// own `tableSize`) or "width", "height" (the table's CSS size)}]: the card size and corner rank
// come from the component's own `layout`. stdout: {"cards": one entry per card, {"w", "h",
// "rankPx", "table": [w, h], "texts", "fills"}: every fillText (text, x, y, px, sx, angle, fill,
// align, baseline) and every filled path (fill, bounding box); "ink", "red", "panel": the card
// inks and the court panel's colour; "rankMinPx": the smallest corner rank}.
import { INK, RED } from "../../war_widget/views/component/src/colours.js";
import { COURT_PANEL, drawCard, usePips } from "../../war_widget/views/component/src/faces.js";
import { RANK_MIN_PX } from "../../war_widget/views/component/src/helpers.js";
import { layout, tableSize } from "../../war_widget/views/component/src/layout.js";
import { RecordingContext } from "./recording_context.js";

function drawAll(request) {
  usePips(request.pips);
  const cards = request.cards.map((card) => {
    const size = card.viewport
      ? tableSize(card.viewport[0] - 20, card.viewport[0], card.viewport[1], card.chrome, card.top)
      : { width: card.width, height: card.height };
    const L = layout(size.width, size.height, card.players, { line: Boolean(card.line) });
    const ctx = new RecordingContext();
    drawCard(ctx, card.code, true, 0, 0, L.cw, L.ch, { rankPx: L.rankPx, value: card.value });
    return { w: L.cw, h: L.ch, rankPx: L.rankPx, table: [size.width, size.height], texts: ctx.texts(),
      fills: ctx.fills() };
  });
  return { cards, ink: INK, red: RED, panel: COURT_PANEL, rankMinPx: RANK_MIN_PX };
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => { process.stdout.write(JSON.stringify(drawAll(JSON.parse(input)))); });
