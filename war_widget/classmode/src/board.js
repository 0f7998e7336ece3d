// The teacher's board (war_widget/classmode/board.py), for the projector: the children's address
// and its QR code, every seat's round and cards, the teacher's buttons (deal to everyone, pause,
// the question's tally and Reveal, the results as CSV, new class) and the class's totals as a
// chart.  Everything shown comes from the synced "view"; the browser polls once a second (src/link.js).
import { kernelLink } from "./link.js";

export { POLL_MS } from "./link.js";
const SVG = "http://www.w3.org/2000/svg";

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function fill(template, fields) {
  return String(template || "").replace(/\{(\w+)\}/g, (_m, k) => (k in fields ? String(fields[k]) : ""));
}

/** The bars of the totals chart: one a seat that played, its wars, scaled to the tallest. */
export function bars(seats, width, height) {
  const top = Math.max(1, ...seats.map((s) => s[1]));
  const w = seats.length ? width / seats.length : width;
  return seats.map(([seat, wars], i) => {
    const h = Math.round((wars / top) * (height - 40));
    return { seat, wars, x: Math.round(i * w + w * 0.15), w: Math.max(2, Math.round(w * 0.7)), y: height - 24 - h, h };
  });
}

/** The CSV file a download makes: a byte-order mark first (spreadsheets then read Japanese). */
export function csvBlobParts(text) {
  return ["\ufeff", text];
}

function render({ model, el: host }) {
  const root = el("div", "ww-board");
  host.appendChild(root);
  let ctl = null;              // the controls, made once (a redraw never takes the teacher's typing away)
  let pauseBtn = null;
  const link = kernelLink(model);
  const send = link.send;

  function draw() {
    const v = model.get("view") || {};
    const w = v.words || {};
    root.replaceChildren();
    root.lang = v.lang || "en";
    if (!ctl) ctl = controls(v, w);
    pauseBtn.textContent = v.paused ? w.resume : w.pause;
    root.append(header(v, w), ctl);
    const main = el("div", "ww-board-main");
    main.append(seatGrid(v, w), side(v, w));
    root.appendChild(main);
    if (v.error) root.appendChild(el("p", "ww-board-error", v.error));
    for (const p of v.problems || []) root.appendChild(el("p", "ww-board-error", p));
  }

  function header(v, w) {
    const h = el("div", "ww-board-head");
    const left = el("div", "ww-board-titles");
    left.appendChild(el("h1", "ww-board-title", w.title));
    left.appendChild(el("div", "ww-board-joined", fill(w.joined, { n: v.joined || 0, size: v.size || 0 })));
    const deal = v.deal ? fill(w.dealt, { game: `${v.deal_name} · ${v.deal.code}` }) : w.not_dealt;
    left.appendChild(el("div", "ww-board-deal", deal));
    if (v.paused) left.appendChild(el("div", "ww-board-paused", w.paused));
    h.appendChild(left);
    if (v.address) {
      const addr = el("div", "ww-board-address");
      addr.appendChild(el("div", "ww-board-open", w.address));
      addr.appendChild(el("div", "ww-board-url", v.address));
      h.appendChild(addr);
      if (v.qr) {
        const svg = document.createElementNS(SVG, "svg");
        svg.setAttribute("viewBox", `0 0 ${v.qr.size} ${v.qr.size}`);
        svg.setAttribute("class", "ww-board-qr");
        svg.setAttribute("shape-rendering", "crispEdges");
        svg.setAttribute("role", "img");
        svg.setAttribute("aria-label", v.address);
        const bg = document.createElementNS(SVG, "rect");
        bg.setAttribute("width", "100%");
        bg.setAttribute("height", "100%");
        bg.setAttribute("fill", "#fff");
        const path = document.createElementNS(SVG, "path");
        path.setAttribute("d", v.qr.d);
        path.setAttribute("fill", "#000");
        svg.append(bg, path);
        h.appendChild(svg);
      }
    }
    return h;
  }

  function select(name, options, chosen) {
    const s = el("select", "ww-board-select");
    s.name = name;
    for (const [value, text] of options) {
      const o = el("option", "", text);
      o.value = value;
      if (value === chosen) o.selected = true;
      s.appendChild(o);
    }
    return s;
  }

  function controls(v, w) {
    const c = el("div", "ww-board-controls");
    const preset = select("preset", v.presets || [], v.deal ? v.deal.preset : "number_lesson");
    const guess = select("guess", v.guesses || [], "number");
    const code = el("input", "ww-board-code");
    code.name = "code";
    code.placeholder = w.game_number;
    const labelled = (text, input) => {
      const l = el("label", "ww-board-label");
      l.append(el("span", "", text), input);
      return l;
    };
    const deal = el("button", "ww-board-btn ww-board-dealbtn", w.deal);
    deal.dataset.do = "deal";
    deal.addEventListener("click", () => {
      send({ do: "deal", preset: preset.value, guess: guess.value, code: code.value });
      code.value = "";
    });
    const pause = el("button", "ww-board-btn", w.pause);
    pause.dataset.do = "pause";
    pause.addEventListener("click", () => send({ do: "pause", on: !(model.get("view") || {}).paused }));
    pauseBtn = pause;
    const exp = el("button", "ww-board-btn", w.export);
    exp.dataset.do = "export";
    exp.addEventListener("click", () => send({ do: "export" }));
    c.append(labelled(w.preset, preset), labelled(w.guess, guess), labelled(w.game_number, code), deal, pause, exp);
    const box = el("span", "ww-board-confirm");
    const yes = el("button", "ww-board-btn ww-board-danger", w.yes);
    yes.dataset.do = "new_class_yes";
    const no = el("button", "ww-board-btn", w.no);
    box.append(el("span", "", w.new_class_confirm), yes, no);
    const fresh = el("button", "ww-board-btn ww-board-danger", w.new_class);
    fresh.dataset.do = "new_class";
    const ask = (on) => {
      box.hidden = !on;
      fresh.hidden = on;
    };
    fresh.addEventListener("click", () => ask(true));
    no.addEventListener("click", () => ask(false));
    yes.addEventListener("click", () => { ask(false); send({ do: "new_class" }); });
    ask(false);
    c.append(fresh, box);
    return c;
  }

  function seatGrid(v, w) {
    const g = el("div", "ww-board-seats");
    for (const s of v.seats || []) {
      const tile = el("div", `ww-board-seat ww-${s.status}`);
      tile.dataset.seat = String(s.seat);
      tile.dataset.status = s.status;
      tile.appendChild(el("div", "ww-board-seatno", String(s.seat)));
      if (s.status !== "absent") {
        if (s.counts && s.counts.length) {
          tile.appendChild(el("div", "ww-board-round", `${w.round} ${s.round}`));
          const mine = s.counts[s.player || 0];
          const others = s.counts.filter((_c, i) => i !== (s.player || 0));
          tile.appendChild(el("div", "ww-board-counts", `${mine} : ${others.join(" : ")}`));
        }
        tile.appendChild(el("div", "ww-board-status", w[s.status] || ""));
        if (s.pair) tile.appendChild(el("div", "ww-board-pair", fill(w.pair, { n: s.pair })));
      }
      g.appendChild(tile);
    }
    return g;
  }

  function side(v, w) {
    const s = el("div", "ww-board-side");
    s.append(questionPanel(v, w), totalsPanel(v, w));
    return s;
  }

  function questionPanel(v, w) {
    const q = v.question || {};
    const p = el("div", "ww-board-question");
    if (!q.key) {
      p.appendChild(el("div", "ww-board-qtitle", w.no_question));
      return p;
    }
    p.appendChild(el("div", "ww-board-qtitle", fill(w.question, { n: q.n, of: q.of })));
    p.appendChild(el("div", "ww-board-asked", q.asked));
    p.appendChild(el("div", "ww-board-answers", fill(w.answers, { n: q.answers })));
    if (q.revealed && q.counts) {
      const t = el("div", "ww-board-tally");
      const top = Math.max(1, ...Object.values(q.counts));
      for (const sym of [">", "=", "<"]) {
        const row = el("div", "ww-board-trow");
        row.dataset.symbol = sym;
        row.appendChild(el("span", "ww-board-sym", sym));
        const bar = el("span", "ww-board-bar");
        bar.style.width = `${Math.round((q.counts[sym] / top) * 100)}%`;
        row.append(bar, el("span", "ww-board-tnum", String(q.counts[sym])));
        t.appendChild(row);
      }
      const right = el("div", "ww-board-right", `${w.right}: ${q.right} / ${q.answers}`);
      t.appendChild(right);
      p.appendChild(t);
    }
    const nav = el("div", "ww-board-qnav");
    const prev = el("button", "ww-board-btn", w.prev);
    prev.addEventListener("click", () => send({ do: "question", step: -1 }));
    const reveal = el("button", "ww-board-btn ww-board-reveal", q.revealed ? w.hide : w.reveal);
    reveal.dataset.do = "reveal";
    reveal.addEventListener("click", () => send({ do: "reveal", on: !q.revealed }));
    const next = el("button", "ww-board-btn", w.next);
    next.addEventListener("click", () => send({ do: "question", step: 1 }));
    nav.append(prev, reveal, next);
    p.appendChild(nav);
    return p;
  }

  function totalsPanel(v, w) {
    const t = v.totals || {};
    const p = el("div", "ww-board-totals");
    p.appendChild(el("div", "ww-board-qtitle", w.totals));
    const line = (name, value) => {
      const d = el("div", "ww-board-total");
      d.append(el("span", "", name), el("strong", "", value));
      p.appendChild(d);
    };
    line(w.wars, String(t.wars || 0));
    line(w.longest_war, t.longest_war ? `${fill(w.wars_n, { n: t.longest_war[0] })} (${fill(w.seat_n, { n: t.longest_war[1] })})` : w.none);
    line(w.comeback, t.comeback ? `${fill(w.cards_n, { n: t.comeback[0] })} (${fill(w.seat_n, { n: t.comeback[1] })})` : w.none);
    const seats = (t.seats || []).filter((s) => s[4] > 0);
    if (seats.length) {
      const width = 520;
      const height = 200;
      const svg = document.createElementNS(SVG, "svg");
      svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
      svg.setAttribute("class", "ww-board-chart");
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", w.wars);
      for (const b of bars(seats, width, height)) {
        const r = document.createElementNS(SVG, "rect");
        r.setAttribute("x", b.x);
        r.setAttribute("y", b.y);
        r.setAttribute("width", b.w);
        r.setAttribute("height", Math.max(0, b.h));
        r.setAttribute("fill", "#2f5d8a");
        const label = document.createElementNS(SVG, "text");
        label.setAttribute("x", b.x + b.w / 2);
        label.setAttribute("y", height - 6);
        label.setAttribute("text-anchor", "middle");
        label.setAttribute("font-size", "16");
        label.textContent = String(b.seat);
        const n = document.createElementNS(SVG, "text");
        n.setAttribute("x", b.x + b.w / 2);
        n.setAttribute("y", b.y - 4);
        n.setAttribute("text-anchor", "middle");
        n.setAttribute("font-size", "16");
        n.textContent = String(b.wars);
        svg.append(r, label, n);
      }
      p.appendChild(svg);
    }
    return p;
  }

  function onMsg(msg) {
    if (!msg || msg.do !== "csv") return;
    const blob = new Blob(csvBlobParts(msg.text), { type: "text/csv;charset=utf-8" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = msg.name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }

  model.on("change:view", draw);
  model.on("msg:custom", onMsg);
  draw();
  return () => {
    link.close();
    model.off("change:view", draw);
    model.off("msg:custom", onMsg);
  };
}

export default { render };
