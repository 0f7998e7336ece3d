// The table component's pure logic (war_widget/views/component/src/, bundled into table.js), run with node:test.
import assert from "node:assert/strict";
import { test } from "node:test";

import { chartFont, chartFrame, CHART_STACK_BELOW, chartSeries } from "../../war_widget/views/component/src/chart.js";
import { SEAT_COLOURS } from "../../war_widget/views/component/src/colours.js";
import { faceGeometry, fitPx, usePips } from "../../war_widget/views/component/src/faces.js";
import { AUTOPLAY_GAP_MS, answerWords, beatTiming, keyAction, mergeBeats, ownsKey, pageLang, parseCard, RANK_MIN_PX, spacePlays, WAR_SPEED, wantsTick, wantsTickAhead } from "../../war_widget/views/component/src/helpers.js";
import { cardSpots, drawOrder, probeX, flights, layout, LINE_MIN_PX, NAME_ROOM, SIDE_MAX, tableSize } from "../../war_widget/views/component/src/layout.js";
import { lineMarks, markSpot, paint } from "../../war_widget/views/component/src/paint.js";
import { RecordingContext } from "./recording_context.js";

// the pip table Python sends (views/cards.PIPS), for the tests that draw number cards
const PIPS = {
  2: [[0.5, 0], [0.5, 1]], 3: [[0.5, 0], [0.5, 0.5], [0.5, 1]], 4: [[0, 0], [1, 0], [0, 1], [1, 1]],
  5: [[0, 0], [1, 0], [0.5, 0.5], [0, 1], [1, 1]], 6: [[0, 0], [1, 0], [0, 0.5], [1, 0.5], [0, 1], [1, 1]],
  7: [[0, 0], [1, 0], [0.5, 0.25], [0, 0.5], [1, 0.5], [0, 1], [1, 1]],
  8: [[0, 0], [1, 0], [0.5, 0.25], [0, 0.5], [1, 0.5], [0.5, 0.75], [0, 1], [1, 1]],
  9: [[0, 0], [1, 0], [0, 1 / 3], [1, 1 / 3], [0.5, 0.5], [0, 2 / 3], [1, 2 / 3], [0, 1], [1, 1]],
  10: [[0, 0], [1, 0], [0.5, 1 / 6], [0, 1 / 3], [1, 1 / 3], [0, 2 / 3], [1, 2 / 3], [0.5, 5 / 6], [0, 1], [1, 1]],
};
const measure = (text, px) => String(text).length * px * 0.6;
const PHONE = tableSize(370, 390, 844, 330, 40);
const PROJECTOR = tableSize(1880, 1920, 1080, 260, 120);

test("card codes read as rank, suit and colour; jokers as a star", () => {
  assert.deepEqual(
    [parseCard("14S").glyph, parseCard("10H").glyph, parseCard("12D").red, parseCard("2C").red],
    ["A", "10", true, false]);
  assert.equal(parseCard("15R").joker, true);
  assert.equal(parseCard("15R").glyph, "\u2605");
  assert.throws(() => parseCard("1X"), /not a card code/);
});

test("projector screens give a landscape table that leaves room for the controls", () => {
  for (const [vw, vh] of [[1920, 1080], [1366, 768]]) {
    const chrome = 260;
    const s = tableSize(vw - 40, vw, vh, chrome, 120);
    assert.equal(s.portrait, false);
    assert.ok(s.height + chrome + 120 <= vh, `${vw}x${vh}: table ${s.height} + controls fit`);
    assert.ok(s.width <= vw - 40 && s.width >= s.height, "wider than tall, within the page");
  }
});

test("an upright phone gets a portrait table, rank glyphs >= 34 px", () => {
  const s = tableSize(370, 390, 844, 330, 40);
  assert.equal(s.portrait, true);
  assert.ok(s.height > s.width, `portrait ${s.width}x${s.height}`);
  const L = layout(s.width, s.height, 2);
  assert.ok(L.rankPx >= RANK_MIN_PX);
  assert.ok(L.cw > 60, `cards ${L.cw} px wide`);
});

test("the piles and the middle cards never overlap, for 2, 3 and 4 players, with and without the number line", () => {
  for (const [w, h] of [[1500, 760], [354, 420], [800, 500], [PHONE.width, PHONE.height], [748, 652], [636, 318],
    [934, 523], [1356, 678]]) {
    for (const [n, line] of [[2, false], [2, true], [3, false], [4, false]]) {
      const L = layout(w, h, n, { line });
      const boxes = L.piles.map((p) => [p.x, p.y, p.x + L.pw, p.y + L.ph]);
      // a war: each seat's three newest cards
      const table = [];
      for (let b = 0; b < 3; b++) L.piles.forEach((_, seat) => table.push([seat, "10H", 1, b + 1]));
      for (const s of cardSpots(table, L)) if (s.x === Math.max(...cardSpots(table, L).filter((o) => o.seat === s.seat).map((o) => o.x))) {
        boxes.push([s.x, s.y, s.x + L.cw, s.y + L.ch]);
      }
      if (L.line) boxes.push([L.line.x0, L.line.top, L.line.x1, L.line.bottom]);
      for (let i = 0; i < boxes.length; i++) {
        const [x0, y0, x1, y1] = boxes[i];
        assert.ok(x0 >= 0 && y0 >= L.top - 1 && x1 <= L.bar.x && y1 <= h, `${w}x${h} n=${n}: box ${i} on the felt`);
        for (let j = i + 1; j < boxes.length; j++) {
          const [a0, b0, a1, b1] = boxes[j];
          const overlap = Math.min(x1, a1) - Math.max(x0, a0) > 1 && Math.min(y1, b1) - Math.max(y0, b0) > 1;
          assert.ok(!overlap, `${w}x${h} n=${n}: boxes ${i} and ${j} overlap`);
        }
      }
    }
  }
});

test("a war stacks at most three slots per side; older cards lie under the newer", () => {
  const L = layout(1200, 700, 2);
  const table = [];
  for (let b = 1; b <= 3; b++) {
    table.push([0, `${b + 2}H`, 1, b], [1, `${b + 2}S`, 1, b]);
    if (b < 3) table.push([0, `${b + 6}C`, 0, b + 1], [1, `${b + 6}D`, 0, b + 1]);
  }
  const mine = cardSpots(table, L).filter((s) => s.seat === 0);
  assert.equal(mine.length, 5);
  assert.equal(new Set(mine.map((s) => s.x)).size, 3, "three slots side by side");
  assert.deepEqual(mine.map((s) => s.older), [true, true, false, false, false]);
});

test("flights: a flip flies from the pile to the middle and turns; a collect flies to the winner", () => {
  const L = layout(1200, 700, 2);
  const dealt = { table: [], winner: null };
  const flipped = { table: [[0, "13S", 1, 1], [1, "7H", 1, 1]], winner: null };
  const up = flights("flip", dealt, flipped, L);
  assert.equal(up.length, 2);
  for (const m of up) {
    assert.equal(m.turn, true);
    assert.deepEqual(m.from, { x: L.piles[up.indexOf(m)].x, y: L.piles[up.indexOf(m)].y });
  }
  const collected = { table: [], winner: 1 };
  const away = flights("collect", flipped, collected, L);
  assert.equal(away.length, 2);
  for (const m of away) assert.deepEqual(m.to, { x: L.piles[1].x, y: L.piles[1].y });
  assert.deepEqual(flights("compare", flipped, flipped, L), []);
});

test("timing: each beat moves, then rests; fast is faster than slow; a cut beat has no motion", () => {
  const slow = beatTiming("collect", "slow");
  const fast = beatTiming("collect", "fast");
  assert.ok(fast.move < slow.move && fast.rest < slow.rest);
  assert.deepEqual(beatTiming("back", "normal"), { move: 0, rest: 0 });
});

test("keys: Space flips, Backspace goes back, > = < answer; fields and buttons keep their keys", () => {
  assert.deepEqual(keyAction(" ", "CANVAS"), { do: "flip" });
  assert.deepEqual(keyAction("Backspace", "DIV"), { do: "back" });
  assert.deepEqual(keyAction("=", "CANVAS"), { do: "answer", symbol: "=" });
  assert.equal(keyAction(" ", "BUTTON"), null);
  assert.equal(keyAction("Backspace", "INPUT"), null);
  assert.equal(keyAction("a", "CANVAS"), null);
});

test("the beat queue: new beats appended once, a cut beat drops what was waiting", () => {
  const b = (id, cut = false) => ({ id, cut });
  let q = mergeBeats([], [b(1), b(2)], 0);
  assert.deepEqual(q.map((x) => x.id), [1, 2]);
  q = mergeBeats(q, [b(2), b(3)], 2);
  assert.deepEqual(q.map((x) => x.id), [1, 2, 3]);
  q = mergeBeats(q, [b(3), b(4, true), b(5)], 3);
  assert.deepEqual(q.map((x) => x.id), [4, 5]);
});

test("a long text shrinks until it fits", () => {
  const measure = (text, px) => text.length * px * 0.6;
  const px = fitPx(measure, "= the same, and that is a long sentence", 40, 300);
  assert.ok(measure("= the same, and that is a long sentence", px) <= 300);
  assert.equal(fitPx(measure, "WAR!", 40, 300), 40);
});

test("the chart's series: head and tail of one game joined, cut at the round on screen", () => {
  const head = { game: 3, counts: [[26, 26], [27, 25]], wars: [1] };
  const tail = { game: 3, start: 2, counts: [[25, 27], [24, 28], [30, 22]], wars: [3] };
  const s = chartSeries(head, tail, 3);
  assert.deepEqual(s.x, [0, 1, 2, 3]);
  assert.deepEqual(s.ys, [[26, 27, 25, 24], [26, 25, 27, 28]]);
  assert.deepEqual(s.wars, { x: [1, 3], y: [27, 24] });
  // a head of another game (not yet replaced) is not joined to this tail
  assert.deepEqual(chartSeries({ game: 2, counts: [[1, 1]] }, { game: 3, counts: [[26, 26]], wars: [] }, 9).x, [0]);
  assert.ok(chartFont(390) >= 13 && chartFont(1900) <= 22);
});

test("a number card's pips: as many as its number, never dropped, clear of both corner indices", () => {
  for (const [w, h] of [[98, 174], [160, 228], [300, 430], [60, 84]]) {
    for (let rank = 2; rank <= 10; rank++) {
      const g = faceGeometry(`${rank}S`, w, h, 34, measure, PIPS);
      assert.equal(g.pips.length, rank, `${w}x${h}: the ${rank}`);
      for (const p of g.pips) assert.ok(p.x > 0 && p.x < w && p.y > 0 && p.y < h && p.size >= 2);
    }
    assert.equal(faceGeometry("12S", w, h, 34, measure, PIPS).pips, undefined, "a court card has no pips");
    assert.ok(faceGeometry("14S", w, h, 34, measure, PIPS).ace.size > faceGeometry("5S", w, h, 34, measure, PIPS).pips[0].size);
  }
  assert.throws(() => faceGeometry("7S", 100, 140, 34, measure, {}), /no pip layout for rank 7/);
});

test("on an upright phone the cards are tall enough for a 34 px corner rank and pips bigger than its suit", () => {
  const L = layout(PHONE.width, PHONE.height, 2);
  assert.ok(L.rankPx >= RANK_MIN_PX && L.ch / L.cw > 1.6, `${L.cw}x${L.ch}`);
  const g = faceGeometry("10H", L.cw, L.ch, L.rankPx, measure, PIPS);
  assert.ok(g.pips[0].size > g.index.suitPx, `pips ${g.pips[0].size} px, index suit ${g.index.suitPx} px`);
  const P = layout(PROJECTOR.width, PROJECTOR.height, 2);
  assert.ok(P.ch / P.cw < 1.45 && P.cw > L.cw, "a projector's cards keep a printed card's shape");
});

test("the tick or cross sits between the two cards it grades, never over the computer's pile", () => {
  for (const [w, h] of [[1500, 760], [PHONE.width, PHONE.height], [800, 500]]) {
    for (const line of [false, true]) {
      const L = layout(w, h, 2, { line });
      const m = markSpot(L);
      const spots = cardSpots([[0, "7H", 1, 1], [1, "3S", 1, 1]], L);
      const left = spots.find((s) => s.seat === 1);
      const right = spots.find((s) => s.seat === 0);
      assert.ok(m.x - m.r >= left.x + L.cw * 0.98 && m.x + m.r <= right.x + L.cw * 0.02, `${w}x${h}: between the cards`);
      assert.ok(m.y - m.r >= Math.min(left.y, right.y) && m.y + m.r <= Math.max(left.y, right.y) + L.ch, "level with them");
      const pile = L.piles[1];
      const overPile = m.x + m.r > pile.x && m.x - m.r < pile.x + L.pw && m.y + m.r > pile.y && m.y - m.r < pile.y + L.ph;
      assert.ok(!overPile, `${w}x${h}: over the computer's pile`);
      assert.ok(m.r >= 14, "a mark a child sees");
    }
  }
});

test("the number line marks each card at its number, in its seat's colour, under the cards", () => {
  for (const [w, h] of [[PROJECTOR.width, PROJECTOR.height], [PHONE.width, PHONE.height]]) {
    const L = layout(w, h, 2, { line: true });
    assert.ok(L.line && L.line.px >= LINE_MIN_PX);
    assert.ok(L.line.top >= L.cy + L.ch * 0.56, "under the middle cards");
    const line = { low: 0, high: 13 };
    const marks = lineMarks(L, line, [[0, 7], [1, 3]]);
    const step = (L.line.x1 - L.line.x0) / 13;
    assert.deepEqual(marks.map((m) => Math.round((m.x - L.line.x0) / step)), [7, 3]);
    assert.ok(marks[1].y < L.line.y && marks[0].y > L.line.y, "the top seat's mark above the line, yours under it");
    // the picture: every number 0-13 written once under its tick, and the marks in the seat colours
    usePips(PIPS);
    const ctx = new RecordingContext();
    const view = { hands: [20, 30], won: [0, 0], table: [[0, "7H", 1, 1], [1, "3S", 1, 1]], out: [0, 0], progress: 0,
      progress_text: "", waiting: [], aid: "7 > 3", banner: null, winner: null, feedback: null, numbers: [[0, 7], [1, 3]] };
    paint(ctx, L, { names: ["You", "Computer"], number_line: line }, view, [], 1, "flip");
    const labels = ctx.texts().filter((t) => t.y > L.line.y && t.y < L.line.bottom && /^\d+$/.test(t.text)
      && t.baseline === "top");
    assert.deepEqual(labels.map((t) => Number(t.text)), [...Array(14).keys()]);
    assert.ok(labels.every((t) => t.px >= LINE_MIN_PX));
    const fills = ctx.fills().map((f) => f.fill);
    assert.ok(fills.includes(SEAT_COLOURS[0]) && fills.includes(SEAT_COLOURS[1]));
    const inMarks = ctx.texts().filter((t) => (t.text === "7" || t.text === "3") && t.baseline === "middle"
      && Math.abs(t.y - L.line.y) < L.line.px * 2.5);
    assert.deepEqual(inMarks.map((t) => t.text).sort(), ["3", "7"], "each mark writes its card's number");
    const aid = ctx.texts().find((t) => t.text === "7 > 3");
    assert.ok(aid.y > L.cy + L.ch * 0.5 && aid.y < L.line.y, "the aid between the cards and the line");
    // a number outside the line (none given) or another deck's range draws no mark
    assert.deepEqual(lineMarks(L, { low: 0, high: 10 }, [[0, 12]]), []);
    assert.deepEqual(lineMarks(layout(w, h, 2), line, [[0, 7]]), [], "no line, no marks");
  }
});

test("the answer buttons say the number mode's words, or the table's when no question waits", () => {
  const words = { guess_bigger: "bigger", guess_same: "the same", guess_smaller: "smaller" };
  assert.deepEqual(answerWords(words, null), ["bigger", "the same", "smaller"]);
  const q = { text: "Which is bigger: K or 7?", buttons: { ">": "K is bigger", "=": "the same", "<": "7 is bigger" } };
  assert.deepEqual(answerWords(words, q), ["K is bigger", "the same", "7 is bigger"]);
});

test("autoplay asks for a round only when the table is idle and nothing blocks it", () => {
  const current = { view: { over: false, asking: false } };
  assert.equal(wantsTick({ autoplay: true }, current, false, false, "cpu"), true);
  assert.equal(wantsTick({ autoplay: false }, current, false, false, "cpu"), false);
  assert.equal(wantsTick({ autoplay: true }, current, true, false, "cpu"), false, "a beat still moving");
  assert.equal(wantsTick({ autoplay: true }, current, false, true, "cpu"), false, "one asked already");
  assert.equal(wantsTick({ autoplay: true }, { view: { over: true } }, false, false, "cpu"), false);
  assert.equal(wantsTick({ autoplay: true }, { view: { asking: true } }, false, false, "cpu"), false);
  assert.equal(wantsTick({ autoplay: true }, current, false, false), true, "two players: autoplay plays their rounds");
});

test("the table keeps every key but Tab and Shift+Tab from the notebook around it", () => {
  const keys = ["x", "d", "m", "M", "a", "b", "v", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter",
    "Escape", " ", "Backspace", "z", "c", "Delete"];
  for (const key of keys) {
    for (const mods of [{}, { shiftKey: true }, { ctrlKey: true }, { metaKey: true }, { altKey: true }]) {
      assert.equal(ownsKey({ key, ...mods }), true, `${key} ${JSON.stringify(mods)}`);
    }
  }
  assert.equal(ownsKey({ key: "Tab" }), false);
  assert.equal(ownsKey({ key: "Tab", shiftKey: true }), false);
  assert.equal(ownsKey({ key: "Tab", ctrlKey: true }), true, "Ctrl+Tab is not focus moving");
});

test("a Japanese table is marked ja, in both registers; English en", () => {
  assert.deepEqual(["ja", "ja_kids", "en", undefined].map(pageLang), ["ja", "ja", "en", "en"]);
});

test("Space plays Deal / Flip on Casino War and Steal War, but not on a focused control", () => {
  assert.equal(spacePlays(" ", "CANVAS"), true);
  assert.equal(spacePlays(" ", "DIV"), true);
  for (const tag of ["BUTTON", "INPUT", "SELECT", "TEXTAREA"]) assert.equal(spacePlays(" ", tag), false, tag);
  assert.equal(spacePlays("x", "CANVAS"), false);
});

test("a long game's chart comes in three parts: head, mid and tail of one game", () => {
  const head = { game: 4, counts: [[26, 26], [27, 25]], wars: [1] };
  const mid = { game: 4, counts: [[28, 24]], wars: [] };
  const tail = { game: 4, counts: [[30, 22], [29, 23]], wars: [4] };
  const s = chartSeries(head, tail, 10, mid);
  assert.deepEqual(s.x, [0, 1, 2, 3, 4]);
  assert.deepEqual(s.ys[0], [26, 27, 28, 30, 29]);
  assert.deepEqual(s.wars, { x: [1, 4], y: [27, 29] });
  assert.deepEqual(chartSeries(head, tail, 10, { game: 3, counts: [[1, 1]], wars: [] }).x, [0, 1, 2, 3],
    "a mid of an older game is left out");
});

test("a narrow chart stacks its title over its legend; a wide one sets them side by side", () => {
  for (const width of [280, 390, CHART_STACK_BELOW - 1]) {
    const f = chartFrame(width, 13);
    assert.equal(f.stacked, true, `${width}`);
    assert.equal(f.title.yref, "container", "the title at the top of the chart's box");
    assert.equal(f.legend.yanchor, "bottom", "the legend right above the plot, under the title");
    assert.ok(f.margin.t >= 13 * 3, `${width}: room for the title and the legend: ${f.margin.t}`);
  }
  for (const width of [CHART_STACK_BELOW, 1366, 1920]) {
    const f = chartFrame(width, 20);
    assert.equal(f.stacked, false);
    assert.equal(f.legend.xanchor, "right");
    assert.equal(f.extraHeight, 0);
  }
});

test("fast autoplay plays a 240-round game in about a minute", () => {
  const round = ["flip", "compare", "collect"].map((k) => beatTiming(k, "fast"))
    .reduce((sum, t) => sum + t.move + t.rest, 0) + AUTOPLAY_GAP_MS * WAR_SPEED.fast;
  assert.ok(round * 240 <= 55_000, `a round takes ${round} ms: 240 rounds ${(round * 240 / 1000).toFixed(0)} s`);
  const normal = ["flip", "compare", "collect"].map((k) => beatTiming(k, "normal"))
    .reduce((sum, t) => sum + t.move + t.rest, 0);
  assert.ok(normal >= 1500, "normal stays a pace a class can follow");
});

test("fast autoplay asks for the next round while the last beat still moves, and only then", () => {
  const moving = { view: { over: false, asking: false } };
  const on = { autoplay: true, speed: "fast" };
  assert.equal(wantsTickAhead(on, moving, 0, false), true);
  assert.equal(wantsTickAhead({ autoplay: true, speed: "normal" }, moving, 0, false), false, "normal waits");
  assert.equal(wantsTickAhead(on, moving, 1, false), false, "beats still queued");
  assert.equal(wantsTickAhead(on, moving, 0, true), false, "one asked already");
  assert.equal(wantsTickAhead(on, { view: { over: true } }, 0, false), false, "the game's end");
  assert.equal(wantsTickAhead(on, { view: { asking: true } }, 0, false), false, "a question waits");
  assert.equal(wantsTickAhead({ autoplay: false, speed: "fast" }, moving, 0, false), false);
});

test("a war's face-down cards are painted under the tied cards, later face-up cards over earlier ones", () => {
  const L = layout(1280, 700, 2);
  const table = [[0, "7S", 1, 1], [0, "2C", 0, 2], [0, "9D", 1, 2], [1, "7H", 1, 1], [1, "3C", 0, 2], [1, "KD", 1, 2]];
  const order = drawOrder(cardSpots(table, L)).map((s) => s.code);
  assert.deepEqual(order.slice(0, 2).sort(), ["2C", "3C"], "face-down first");
  assert.ok(order.indexOf("7S") < order.indexOf("9D") && order.indexOf("7H") < order.indexOf("KD"));
  assert.equal(order.length, 6);
});

test("a face-down card under the tied card is probed where it shows", () => {
  const L = layout(1280, 700, 2);
  const spots = cardSpots([[0, "7S", 1, 1], [0, "2C", 0, 2], [1, "7H", 1, 1], [1, "3C", 0, 2]], L);
  for (const down of spots.filter((s) => !s.up)) {
    const x = probeX(down, spots, L);
    assert.ok(x >= down.x && x <= down.x + L.cw, "inside its own card");
    for (const up of spots.filter((s) => s.up)) assert.ok(x < up.x || x > up.x + L.cw, `not under ${up.code}`);
  }
});


test("the cards grow with a wide felt: two players' piles beside the middle row, cards as tall as the felt allows", () => {
  // Lab at 1366x768 gave a 636x318 felt with 73x104 px cards, the piles above and below them
  for (const [w, h, least] of [[636, 318, 100], [934, 523, 170], [1356, 678, 265]]) {
    const L = layout(w, h, 2);
    const usableH = h - L.top - 10;
    assert.ok(L.side && L.cw >= least, `${w}x${h}: cards ${L.cw.toFixed(0)}x${L.ch.toFixed(0)}`);
    const [you, them] = L.piles;
    const spare = L.bar.x - (you.x + L.pw * 1.85) - 3.3 * L.cw;    // width the middle row leaves unused
    assert.ok((L.ch >= usableH / 1.55 || spare < 40) && L.ch / L.cw < 1.45,
      `${w}x${h}: as tall as the felt allows or as wide, a card's shape (${spare.toFixed(0)} px spare)`);
    assert.ok(L.rankPx >= RANK_MIN_PX);
    assert.ok(them.y < you.y && you.x === them.x && you.x >= NAME_ROOM, "the top seat's pile above yours, room for names");
    // every card of a war, and the won piles beside the piles, clear of each other
    const spots = cardSpots([[0, "9H", 1, 1], [1, "9S", 1, 1], [0, "2C", 0, 2], [1, "3C", 0, 2], [0, "KH", 1, 2],
      [1, "QS", 1, 2]], L);
    const leftmost = Math.min(...spots.map((s) => s.x));
    assert.ok(leftmost > you.x + L.pw * 1.82, `${w}x${h}: the war's cards clear of the won piles`);
    assert.ok(Math.max(...spots.map((s) => s.x + L.cw)) <= L.bar.x, "clear of the count bar");
    assert.ok(L.aidY + Math.max(18, L.ch * 0.14) / 2 <= h, "the aid under the cards on the felt");
  }
  // an upright phone and the number line keep the piles above and below
  assert.equal(layout(370, 536, 2).side, false);
  assert.equal(layout(934, 523, 2, { line: true }).side, false);
  // a landscape table may be as wide as SIDE_MAX heights, no wider
  const s = tableSize(1800, 1920, 700, 200, 0);
  assert.ok(s.width <= Math.floor(s.height * SIDE_MAX) && s.width > s.height * 2, `${s.width}x${s.height}`);
});
