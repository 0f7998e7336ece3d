// A stand-in for CanvasRenderingContext2D that keeps what is drawn, in drawing order, instead of
// painting it: the table component's drawing code (war_widget/views/component/src/, bundled into table.js) runs on
// it under node, and tests read the record (tests/views/test_drawing_pips.py, test_colours.py).
//
// Each op: {op: "fill", fill, alpha, box} (a filled path or rectangle: its style, the global
// alpha, its bounding box cut to the clip) or {op: "text", text, x, y, px, weight, fill, alpha,
// align, baseline, halo} (halo: the stroke drawn round that text just before it, if any).
// A fill style is a colour string or a gradient {kind, args, stops}. Text is measured 0.6 em a
// character. translate, scale, rotate and setTransform are followed: points, boxes and text
// positions are recorded in canvas px, a text's px scaled by the transform's vertical scale, and
// a rotated text carries its `angle` (radians; 0 for upright text), a squeezed one its `sx`
// (the horizontal scale: 1 for a text drawn as it is).

const STATE = ["fillStyle", "strokeStyle", "font", "textAlign", "textBaseline", "lineWidth", "lineJoin", "globalAlpha",
  "clipBox", "matrix"];

export class RecordingContext {
  constructor() {
    Object.assign(this, { fillStyle: "#000000", strokeStyle: "#000000", font: "10px sans-serif", textAlign: "start",
      textBaseline: "alphabetic", lineWidth: 1, globalAlpha: 1, lineCap: "butt", lineJoin: "miter", shadowColor: "",
      shadowBlur: 0, shadowOffsetY: 0, clipBox: null, matrix: [1, 0, 0, 1, 0, 0] });
    this.ops = [];
    this.path = [];
    this.saved = [];
    this.lastHalo = null;
  }
  save() { this.saved.push(Object.fromEntries(STATE.map((k) => [k, this[k]]))); }
  restore() { Object.assign(this, this.saved.pop() || {}); }
  beginPath() { this.path = []; }
  moveTo(x, y) { this.path.push(this.at(x, y)); }
  lineTo(x, y) { this.path.push(this.at(x, y)); }
  quadraticCurveTo(cx, cy, x, y) { this.path.push(this.at(cx, cy), this.at(x, y)); }
  bezierCurveTo(ax, ay, bx, by, x, y) { this.path.push(this.at(ax, ay), this.at(bx, by), this.at(x, y)); }
  arcTo(x1, y1, x2, y2) { this.path.push(this.at(x1, y1), this.at(x2, y2)); }
  arc(x, y, r) { this.path.push(this.at(x - r, y - r), this.at(x + r, y + r), this.at(x - r, y + r), this.at(x + r, y - r)); }
  rect(x, y, w, h) { this.path.push(this.at(x, y), this.at(x + w, y + h), this.at(x, y + h), this.at(x + w, y)); }
  /** (x, y) through the current transform. */
  at(x, y) {
    const [a, b, c, d, e, f] = this.matrix;
    return [a * x + c * y + e, b * x + d * y + f];
  }
  transform(a2, b2, c2, d2, e2, f2) {
    const [a, b, c, d, e, f] = this.matrix;
    this.matrix = [a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e,
      b * e2 + d * f2 + f];
  }
  closePath() {}
  clip() { this.clipBox = cut(box(this.path), this.clipBox); }
  stroke() {}
  setLineDash() {}
  translate(x, y) { this.transform(1, 0, 0, 1, x, y); }
  scale(x, y) { this.transform(x, 0, 0, y, 0, 0); }
  rotate(r) { this.transform(Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0); }
  setTransform(a, b, c, d, e, f) { this.matrix = [a ?? 1, b ?? 0, c ?? 0, d ?? 1, e ?? 0, f ?? 0]; }
  resetTransform() { this.matrix = [1, 0, 0, 1, 0, 0]; }
  clearRect() {}
  createLinearGradient(...args) { return gradient("linear", args); }
  createRadialGradient(...args) { return gradient("radial", args); }
  fill() { this.record(box(this.path)); }
  fillRect(x, y, w, h) { this.record(box([this.at(x, y), this.at(x + w, y + h), this.at(x, y + h), this.at(x + w, y)])); }
  record(b) {
    if (b) this.ops.push({ op: "fill", fill: style(this.fillStyle), alpha: this.globalAlpha, box: cut(b, this.clipBox) });
  }
  measureText(text) { return { width: String(text).length * px(this.font) * 0.6 }; }
  strokeText(text, x, y) {
    this.lastHalo = { text, x, y, stroke: this.strokeStyle, width: this.lineWidth, join: this.lineJoin };
  }
  fillText(text, x, y) {
    const h = this.lastHalo;
    const halo = h && h.text === text && h.x === x && h.y === y ? { stroke: h.stroke, width: h.width, join: h.join }
      : null;
    this.lastHalo = null;
    const [a, b, c, d] = this.matrix;
    const [tx, ty] = this.at(x, y);
    const angle = Math.round(Math.atan2(b, a) * 1e6) / 1e6;
    this.ops.push({ op: "text", text: String(text), x: tx, y: ty, px: px(this.font) * Math.hypot(c, d),
      sx: Math.hypot(a, b), weight: weight(this.font), fill: style(this.fillStyle), alpha: this.globalAlpha, align: this.textAlign,
      baseline: this.textBaseline, angle, halo });
  }
  texts() { return this.ops.filter((o) => o.op === "text"); }
  fills() { return this.ops.filter((o) => o.op === "fill"); }
}

function gradient(kind, args) {
  const stops = [];
  return { kind, args, stops, addColorStop: (at, colour) => stops.push([at, colour]) };
}

function style(s) {
  return typeof s === "string" ? s : { kind: s.kind, args: s.args, stops: s.stops };
}

function px(font) {
  const m = /(\d+(?:\.\d+)?)px/.exec(font);
  return m ? Number(m[1]) : 0;
}

function weight(font) {
  const m = /^(\d{3})\s/.exec(font);
  return m ? Number(m[1]) : 400;
}

function box(points) {
  if (!points.length) return null;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function cut(b, clip) {
  if (!b || !clip) return b;
  return [Math.max(b[0], clip[0]), Math.max(b[1], clip[1]), Math.min(b[2], clip[2]), Math.min(b[3], clip[3])];
}
