// Every card face (52 cards and two jokers) drawn by the table component's own drawCard
// (war_widget/views/component/src/, bundled into table.js) at the card size of a phone (390x844) and of a projector
// (1920x1080), on one canvas, in a real browser: tests/views/test_card_gallery.py opens
// gallery.html, screenshots the canvas into docs/_static/card_faces.png and reads back
// `window.galleryCards`: each card's place on the canvas and its face geometry as laid out with
// the browser's own fonts.
import { drawCard, faceGeometry, measurer, usePips } from "../../war_widget/views/component/src/faces.js";
import { layout, tableSize } from "../../war_widget/views/component/src/layout.js";

const SCREENS = [["phone 390x844", [390, 844], 330, 40], ["projector 1920x1080", [1920, 1080], 260, 120]];
const CODES = [];
for (const suit of ["S", "H", "D", "C"]) for (let rank = 14; rank >= 2; rank--) CODES.push(`${rank === 14 ? 14 : rank}${suit}`);
CODES.push("15R", "15B");

async function main() {
  const pips = await (await fetch("pips.json")).json();
  usePips(pips);
  if (document.fonts && document.fonts.ready) await document.fonts.ready;
  const canvas = document.getElementById("gallery");
  const sizes = SCREENS.map(([name, [vw, vh], chrome, top]) => {
    const s = tableSize(vw - 20, vw, vh, chrome, top);
    return { name, L: layout(s.width, s.height, 2) };
  });
  const pad = 12;
  const head = 34;
  const perRow = 14;
  let height = pad;
  let width = 0;
  for (const { L } of sizes) {
    height += head + 4 * (L.ch + pad);
    width = Math.max(width, pad + perRow * (L.cw + pad));
  }
  canvas.width = Math.ceil(width);
  canvas.height = Math.ceil(height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#1d6b41";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const cards = [];
  let y = pad;
  for (const { name, L } of sizes) {
    ctx.fillStyle = "#ffffff";
    ctx.font = "700 22px sans-serif";
    ctx.textAlign = "left";
    ctx.textBaseline = "top";
    ctx.fillText(`${name}: cards ${Math.round(L.cw)} x ${Math.round(L.ch)} px, corner rank ${L.rankPx} px`, pad, y + 4);
    y += head;
    CODES.forEach((code, i) => {
      const row = code === "15R" ? 1 : code === "15B" ? 2 : Math.floor(i / 13);
      const col = code.startsWith("15") ? 13 : i % 13;
      const x = pad + col * (L.cw + pad);
      const cy = y + row * (L.ch + pad);
      drawCard(ctx, code, true, x, cy, L.cw, L.ch, { rankPx: L.rankPx });
      const geo = faceGeometry(code, L.cw, L.ch, L.rankPx, measurer(ctx));
      cards.push({ screen: name, code, x, y: cy, w: L.cw, h: L.ch, geo });
    });
    y += 4 * (L.ch + pad);
  }
  window.galleryCards = cards;
  window.gallerySize = [canvas.width, canvas.height];
  // how many dark (ink) pixels lie round each [x, y, size] (a pip's centre): painted or not
  window.galleryInks = (probes) => probes.map(([x, y, size]) => {
    const r = Math.max(1, Math.round(size * 0.12));
    const d = ctx.getImageData(Math.round(x) - r, Math.round(y) - r, 2 * r + 1, 2 * r + 1).data;
    let ink = 0;
    for (let i = 0; i < d.length; i += 4) if (Math.min(d[i], d[i + 1], d[i + 2]) < 150) ink++;
    return ink;
  });
  document.body.dataset.ready = "1";
}

main();
