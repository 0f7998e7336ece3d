// @ts-check
// The Steal War renderer and its pure parts.
// Part of the table component: bundled into ../table.js by `npm run build` (esbuild).

import { casinoSize, feltWithSlots, pictureRoom } from "./casino.js";
import { GOLD } from "./colours.js";
import { drawBack, drawCard, pill, roundRect, usePips } from "./faces.js";
import { SPEED_FACTOR, ease, el, follow, keepKeys, lerp, markLanguage, spacePlays } from "./helpers.js";

// --- Steal War: its own picture, the War table's card faces, felt and badges -----------------
// Python sends each action's beats (views/steal/table.steal_beat: the picture in table units,
// the sentence, the piles that fly over a picture whose destination piles are hidden); this part
// plays them one after another on requestAnimationFrame and prints a beat's sentence when its
// picture is complete; clicks on the table act on the spots the picture names (`hits`).

export const STEAL_MS = { fly: 420, rest: 260 };   // a beat at normal speed: piles flying, then a pause

/** How long a Steal War beat flies (0 without moves) and then rests, in ms. */
export function stealTiming(beat, speed) {
  const k = SPEED_FACTOR[speed] ?? 1;
  return { fly: (beat.moves && beat.moves.length ? STEAL_MS.fly : 0) * k, rest: STEAL_MS.rest * k };
}

/** Where a flying pile is at `t` (0..1) of its flight. */
export function flightAt(move, t) {
  const e = ease(Math.max(0, Math.min(1, t)));
  return { x: lerp(move.from[0], move.to[0], e), y: lerp(move.from[1], move.to[1], e) };
}

/** The spot of the picture a click at (x, y) (table units) acts on: the first that holds it. */
export function hitAt(hits, x, y) {
  return (hits || []).find((h) => x >= h.x && x <= h.x + h.w && y >= h.y && y <= h.y + h.h) || null;
}

/** Whether a card of a Steal War picture is drawn face up: it has a code. */
export function faceUp(card) {
  return typeof card.code === "string" && card.code.length > 0;
}

export function paintSteal(ctx, P, moves, t) {
  const L = { w: P.w, h: P.h, cx: P.w / 2, cy: P.h / 2, top: 270, bar: { w: 0 } };
  const [cw, ch] = P.card;
  feltWithSlots(ctx, L, P.slots, P.card, "#cfe8d8");
  // a face-down card has no code: null from a server's kernel, undefined from JupyterLite's (Pyodide
  // sends Python's None as undefined)
  for (const c of P.cards) drawCard(ctx, c.code, faceUp(c), c.x, c.y, cw, ch, { rankPx: P.rank_px, highlight: c.highlight });
  ctx.save();
  ctx.strokeStyle = GOLD;
  ctx.lineWidth = 10;
  for (const r of P.rings) {
    roundRect(ctx, r.x, r.y, r.w, r.h, 18);
    ctx.stroke();
  }
  ctx.restore();
  for (const b of P.badges) pill(ctx, String(b.n), b.x, b.y, 34, b.colour, "#ffffff");
  for (const tx of P.text) {
    ctx.font = `700 ${tx.px}px sans-serif`;
    ctx.fillStyle = tx.colour;
    ctx.textAlign = tx.align;
    ctx.textBaseline = "middle";
    ctx.fillText(tx.text, tx.x, tx.y);
  }
  for (const m of moves) {
    const at = flightAt(m, t);
    for (let j = Math.min(m.size, 3) - 1; j > 0; j--) drawBack(ctx, at.x + 6 * j, at.y - 6 * j, cw, ch);
    drawCard(ctx, m.code, faceUp(m), at.x, at.y, cw, ch, { rankPx: P.rank_px });
  }
}

/** @typedef {import("./types.js").StealBeat} StealBeat */

/**
 * Steal War's table (`game_kind == "steal"`).
 * @param {{model: import("./types.js").StealModel, el: HTMLElement}} args
 */
export function renderSteal({ model, el: host }) {
  const root = el("div", { class: "wt-root wt-steal", "data-steal-table": "1" });
  const rules = el("div", { class: "wt-rules", "data-role": "rules" });
  const stage = el("div", { class: "wt-stage" });
  const canvas = el("canvas", { class: "wt-canvas", role: "img", tabindex: "0" });
  stage.append(canvas);
  const say = el("div", { class: "wt-say", "data-role": "sentence", role: "log", "aria-live": "polite" });
  const playRow = el("div", { class: "wt-row" });
  const topRow = el("div", { class: "wt-row", role: "group", "data-role": "tops" });
  const optRow = el("div", { class: "wt-row" });
  root.append(rules, stage, say, playRow, topRow, optRow);
  host.append(root);
  /** @param {import("./types.js").StealMessage} msg */
  const send = (msg) => model.send(msg);
  let setup = model.get("setup");
  markLanguage(root, setup.lang);
  const buttons = {};
  for (const name of /** @type {const} */ (["flip", "steal", "step", "back", "new"])) {
    const b = el("button", { type: "button", class: `wt-btn ${name === "flip" ? "wt-primary" : ""}`, "data-action": name });
    b.addEventListener("click", () => send({ do: name }));
    playRow.append(b);
    buttons[name] = b;
  }
  // the game number in its box beside New game, and Replay, as War's table has them
  const codeBox = el("input", { class: "wt-code", type: "text", "data-action": "code", spellcheck: "false" });
  const replay = el("button", { type: "button", class: "wt-btn", "data-action": "replay" });
  replay.addEventListener("click", () => send({ do: "replay", code: codeBox.value }));
  playRow.append(codeBox, replay);
  const oppLabel = el("label", { class: "wt-label" });
  const oppText = el("span", {});
  const opponent = el("select", { class: "wt-select", "data-action": "opponent" });
  opponent.addEventListener("change", () => send({ do: "opponent", name: opponent.value }));
  oppLabel.append(oppText, opponent);
  const autoLabel = el("label", { class: "wt-label" });
  const autoTop = el("input", { type: "checkbox", "data-action": "auto_top" });
  autoTop.addEventListener("change", () => send({ do: "auto_top", on: autoTop.checked }));
  const autoText = el("span", {});
  autoLabel.append(autoTop, autoText);
  optRow.append(oppLabel, autoLabel);

  let dpr = 1;
  let size = null;
  /** @type {StealBeat[]} */
  let queue = [];
  /** @type {StealBeat | null} */
  let current = null;
  /** @type {{beat: StealBeat, start: number, fly: number, rest: number, told?: boolean} | null} */
  let anim = null;
  let frame = 0;
  let destroyed = false;
  let lastId = 0;
  usePips(setup.pips);

  function label() {
    const w = setup.words || {};
    buttons.step.textContent = w.step || "Step";
    buttons.steal.textContent = w.steal || "Steal";
    buttons.new.textContent = w.new || "New game";
    buttons.back.textContent = w.back || "Back";
    buttons.back.title = w.back_tip || "";
    oppText.textContent = `${w.opponent || ""} `;
    opponent.replaceChildren(...(setup.opponents || []).map((o) => el("option", { value: o, text: w[`opp_${o}`] || o })));
    autoText.textContent = ` ${w.auto_top || ""}`;
    codeBox.setAttribute("aria-label", w.game_number || "");
    codeBox.placeholder = w.game_number || "";
    replay.textContent = w.replay || "";
    if (root.getRootNode().activeElement !== codeBox) codeBox.value = setup.code || "";
  }
  function controls() {
    const c = model.get("controls") || {};
    buttons.flip.textContent = c.flip_word || "";
    for (const name of ["flip", "steal", "step", "back", "new"]) buttons[name].disabled = !c[name];
    opponent.value = c.opponent || "greedy";
    autoTop.checked = Boolean(c.auto_top);
    const tops = (c.tops || []).map((t) => {
      const b = el("button", { type: "button", class: "wt-btn", "data-action": `top${t.code}`, title: t.tip, text: t.name });
      b.addEventListener("click", () => send({ do: "choose", card: t.code }));
      return b;
    });
    topRow.replaceChildren(...(tops.length ? [el("span", { class: "wt-label", text: (setup.words || {}).top_prompt || "" }), ...tops] : []));
    topRow.hidden = !tops.length;
  }
  function resize() {
    if (destroyed) return;
    const P = (current || {}).picture || { w: 1600, h: 1040 };
    size = casinoSize(root.clientWidth || host.clientWidth || 800, P, setup.width || 800,
      pictureRoom(root, [rules, say, playRow, topRow, optRow]));
    dpr = window.devicePixelRatio || 1;
    canvas.style.width = `${size.width}px`;
    canvas.style.height = `${size.height}px`;
    canvas.width = Math.round(size.width * dpr);
    canvas.height = Math.round(size.height * dpr);
    draw(performance.now());
  }
  function draw(now) {
    if (!size || !current) return;
    const ctx = canvas.getContext("2d");
    ctx.setTransform(dpr * size.scale, 0, 0, dpr * size.scale, 0, 0);
    const P = current.picture;
    ctx.clearRect(0, 0, P.w, P.h);
    if (anim && anim.fly > 0 && now - anim.start < anim.fly) {
      paintSteal(ctx, anim.beat.base || P, anim.beat.moves, (now - anim.start) / anim.fly);
    } else {
      paintSteal(ctx, P, [], 1);
    }
  }
  /** @param {StealBeat} beat */
  function shown(beat) {
    say.textContent = beat.sentence || "";
    canvas.setAttribute("aria-label", beat.sentence || "");
    root.dataset.beat = String(beat.id);
    root.dataset.hand = String(beat.picture.badges.filter((b) => b.tag === "hand-count:0").map((b) => b.n)[0] ?? "");
  }
  function tick(now) {
    frame = 0;
    if (destroyed) return;
    if (!anim && queue.length) {
      const beat = /** @type {StealBeat} */ (queue.shift());
      current = beat;
      anim = { beat, start: now, ...stealTiming(beat, "normal") };
    }
    draw(now);
    if (anim && now - anim.start >= anim.fly) {
      if (!anim.told) { anim.told = true; shown(anim.beat); }
      if (now - anim.start >= anim.fly + anim.rest || !queue.length) {
        const done = anim.beat;
        anim = null;
        if (!queue.length && done.id !== model.get("shown")) {
          model.set("shown", done.id);
          model.save_changes();
        }
      }
    }
    if (anim || queue.length) frame = requestAnimationFrame(tick);
  }
  function onBeats() {
    const beats = model.get("beats") || [];
    const fresh = beats.filter((b) => b.id > lastId);
    if (fresh.some((b) => b.cut)) queue = [];          // a new game or Back: what was queued is gone
    if (!current && beats.length) {      // a view that connects draws the last beat at once
      current = beats[beats.length - 1];
      lastId = current.id;
      shown(current);
      resize();
      return;
    }
    if (fresh.length) {
      lastId = fresh[fresh.length - 1].id;
      queue.push(...fresh);
      if (!frame) frame = requestAnimationFrame(tick);
    }
  }
  canvas.addEventListener("click", (e) => {
    if (!current || !size) return;
    const r = canvas.getBoundingClientRect();
    const hit = hitAt(current.picture.hits, (e.clientX - r.left) / size.scale, (e.clientY - r.top) / size.scale);
    if (hit && hit.do === "steal") send({ do: "steal", victim: hit.victim });
    else if (hit && hit.do === "choose") send({ do: "choose", card: hit.card });
    else if (hit) send({ do: hit.do });
  });

  const onSetup = () => {
    setup = model.get("setup"); markLanguage(root, setup.lang); usePips(setup.pips); label(); controls(); resize();
  };
  keepKeys(root, (e, target) => {
    if (target === codeBox) {
      if (e.key === "Enter") send({ do: "replay", code: codeBox.value });
      return;
    }
    if (!spacePlays(e.key, target && target.tagName)) return;
    e.preventDefault();
    if (!buttons.flip.disabled) send({ do: "flip" });
  });
  const onRules = () => { rules.innerHTML = model.get("rules"); };   // the text module's own HTML
  const onResize = () => resize();
  const observer = new ResizeObserver(onResize);
  observer.observe(root);
  const unfollow = follow(model, { setup: onSetup, beats: onBeats, controls, rules: onRules });
  label();
  controls();
  onRules();
  onBeats();
  resize();

  return () => {
    destroyed = true;
    if (frame) cancelAnimationFrame(frame);
    observer.disconnect();
    unfollow();
  };
}
