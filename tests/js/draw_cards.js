// Draws cards with the table component's own drawing code (war_widget/views/component/table.js)
// on a recording 2D context and prints what was drawn, for tests/views/test_drawing_pips.py.
//
// stdin: {"pips": <the setup's pip table>, "cards": [{"code", "width", "height", "players", "value"?}]}
// (the table's CSS size and number of players: the card size and corner rank come from the
// component's own `layout`). stdout: {"cards": one entry per card, {"w", "h", "rankPx", "texts",
// "fills"}: every fillText (text, x, y, px, fill, align, baseline) and every filled path (fill,
// bounding box); "ink", "red": the card inks; "rankMinPx": the smallest corner rank}.
import { drawCard, INK, layout, RANK_MIN_PX, RED, usePips } from "../../war_widget/views/component/table.js";

/** A stand-in for CanvasRenderingContext2D that keeps what is drawn instead of painting it. */
export class RecordingContext {
  constructor() {
    Object.assign(this, { fillStyle: "#000000", strokeStyle: "#000000", font: "10px sans-serif", textAlign: "start",
      textBaseline: "alphabetic", lineWidth: 1, globalAlpha: 1, lineCap: "butt", shadowColor: "", shadowBlur: 0,
      shadowOffsetY: 0 });
    this.texts = [];
    this.fills = [];
    this.path = [];
    this.saved = [];
  }
  save() { this.saved.push({ fillStyle: this.fillStyle, font: this.font, textAlign: this.textAlign }); }
  restore() { Object.assign(this, this.saved.pop() || {}); }
  beginPath() { this.path = []; }
  moveTo(x, y) { this.path.push([x, y]); }
  lineTo(x, y) { this.path.push([x, y]); }
  arcTo(x1, y1, x2, y2) { this.path.push([x1, y1], [x2, y2]); }
  arc(x, y, r) { this.path.push([x - r, y - r], [x + r, y + r]); }
  closePath() {}
  clip() {}
  stroke() {}
  setLineDash() {}
  translate() {}
  scale() {}
  setTransform() {}
  clearRect() {}
  createLinearGradient() { return this.gradient("linear"); }
  createRadialGradient() { return this.gradient("radial"); }
  gradient(kind) {
    const stops = [];
    return { kind, stops, addColorStop: (at, colour) => stops.push([at, colour]) };
  }
  fill() { this.fills.push({ fill: this.fillStyle, box: box(this.path) }); }
  fillRect(x, y, w, h) { this.fills.push({ fill: this.fillStyle, box: [x, y, x + w, y + h] }); }
  measureText(text) { return { width: String(text).length * px(this.font) * 0.6 }; }
  strokeText() {}
  fillText(text, x, y) {
    this.texts.push({ text, x, y, px: px(this.font), fill: this.fillStyle, align: this.textAlign,
      baseline: this.textBaseline });
  }
}

function px(font) {
  const m = /(\d+(?:\.\d+)?)px/.exec(font);
  return m ? Number(m[1]) : 0;
}

function box(points) {
  if (!points.length) return null;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function drawAll(request) {
  usePips(request.pips);
  const cards = request.cards.map((card) => {
    const L = layout(card.width, card.height, card.players);
    const ctx = new RecordingContext();
    drawCard(ctx, card.code, true, 0, 0, L.cw, L.ch, { rankPx: L.rankPx, value: card.value });
    return { w: L.cw, h: L.ch, rankPx: L.rankPx, texts: ctx.texts, fills: ctx.fills };
  });
  return { cards, ink: INK, red: RED, rankMinPx: RANK_MIN_PX };
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => { process.stdout.write(JSON.stringify(drawAll(JSON.parse(input)))); });
