// Draws cards with the table component's own drawing code (war_widget/views/component/table.js)
// on a recording 2D context and prints what was drawn, for tests/views/test_drawing_pips.py.
//
// stdin: {"pips": <the setup's pip table>, "cards": [{"code", "width", "height", "players", "value"?}]}
// (the table's CSS size and number of players: the card size and corner rank come from the
// component's own `layout`). stdout: {"cards": one entry per card, {"w", "h", "rankPx", "texts",
// "fills"}: every fillText (text, x, y, px, fill, align, baseline) and every filled path (fill,
// bounding box); "ink", "red": the card inks; "rankMinPx": the smallest corner rank}.
import { drawCard, INK, layout, RANK_MIN_PX, RED, usePips } from "../../war_widget/views/component/table.js";
import { RecordingContext } from "./recording_context.js";

function drawAll(request) {
  usePips(request.pips);
  const cards = request.cards.map((card) => {
    const L = layout(card.width, card.height, card.players);
    const ctx = new RecordingContext();
    drawCard(ctx, card.code, true, 0, 0, L.cw, L.ch, { rankPx: L.rankPx, value: card.value });
    return { w: L.cw, h: L.ch, rankPx: L.rankPx, texts: ctx.texts(), fills: ctx.fills() };
  });
  return { cards, ink: INK, red: RED, rankMinPx: RANK_MIN_PX };
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => { process.stdout.write(JSON.stringify(drawAll(JSON.parse(input)))); });
