// Casino War's and Steal War's pictures in the shared table module (war_widget/views/component/src/, bundled into table.js): which
// cards a beat deals, when each flies and turns, where it is meanwhile, the table's size.
import assert from "node:assert/strict";
import { test } from "node:test";

import { casinoSize, dealTiming, dealtAt, DEAL_MS, freshItems } from "../../war_widget/views/component/src/casino.js";
import { SPEED_FACTOR } from "../../war_widget/views/component/src/helpers.js";
import { faceUp, flightAt, hitAt, STEAL_MS, stealTiming } from "../../war_widget/views/component/src/steal.js";

const tie = {
  hand: 1, w: 1280, h: 600, card: [150, 210], backs: [],
  cards: [{ slot: "player", code: "9H", x: 190, y: 350, order: 0 }, { slot: "dealer", code: "9D", x: 190, y: 40, order: 1 }],
};
const war = {
  ...tie,
  cards: [...tie.cards, { slot: "war_player", code: "12C", x: 690, y: 350, order: 5 },
    { slot: "war_dealer", code: "11S", x: 690, y: 40, order: 6 }],
  backs: [2, 3, 4].map((order, i) => ({ x: 420 + 36 * i, y: 40, order })),
};
const items = (t) => [...t.cards, ...t.backs].sort((a, b) => a.order - b.order);

test("a new hand deals every card; going to war deals only the burns and the war pair", () => {
  assert.deepEqual([...freshItems(null, tie)].sort(), [0, 1]);
  assert.deepEqual([...freshItems({ ...war, hand: 0 }, tie)].sort(), [0, 1]);
  assert.deepEqual([...freshItems(tie, war)].sort((a, b) => a - b), [2, 3, 4, 5, 6]);
  assert.equal(freshItems(war, war).size, 0);
});

test("dealt cards go one after another in the order dealt; cards already there do not move", () => {
  const { times, total } = dealTiming(items(war), "normal", freshItems(tie, war));
  assert.deepEqual(times.slice(0, 2), [{ start: 0, land: 0, done: 0 }, { start: 0, land: 0, done: 0 }]);
  const starts = times.slice(2).map((t) => t.start);
  assert.deepEqual(starts, [0, 1, 2, 3, 4].map((i) => i * DEAL_MS.gap));
  for (const t of times.slice(2, 5)) assert.equal(t.done, t.land, "a burnt card stays face down");
  for (const t of times.slice(5)) assert.equal(t.done - t.land, DEAL_MS.turn, "a face-up card turns");
  assert.equal(total, 4 * DEAL_MS.gap + DEAL_MS.fly + DEAL_MS.turn);
});

test("speed scales a deal", () => {
  const normal = dealTiming(items(tie), "normal").total;
  for (const speed of ["slow", "fast"]) {
    assert.ok(Math.abs(dealTiming(items(tie), speed).total - normal * SPEED_FACTOR[speed]) < 1e-9);
  }
});

test("a dealt card is hidden, then flies from the shoe, then turns, then rests face up", () => {
  const it = war.cards[2];
  const shoe = { x: 1100, y: -210 };
  const time = { start: 100, land: 400, done: 600 };
  assert.equal(dealtAt(it, time, shoe, 50).hidden, true);
  const half = dealtAt(it, time, shoe, 250);
  assert.equal(half.hidden, false);
  assert.ok(half.x < shoe.x && half.x > it.x && half.y > shoe.y && half.y < it.y, "on its way");
  assert.equal(half.turn, 0);
  const turning = dealtAt(it, time, shoe, 500);
  assert.deepEqual([turning.x, turning.y, turning.turn], [it.x, it.y, 0.5]);
  assert.deepEqual(dealtAt(it, time, shoe, 900), { hidden: false, x: it.x, y: it.y, turn: 1 });
  assert.equal(dealtAt(it, { start: 0, land: 0, done: 0 }, shoe, 0).turn, 1, "already on the table");
});

test("the table keeps its proportions at any width, up to 1.5 times its natural width", () => {
  for (const width of [390, 640, 800, 2000]) {
    const s = casinoSize(width, tie, 640);
    assert.ok(s.width <= Math.max(width, 200) && s.width <= 960);
    assert.ok(Math.abs(s.height / s.width - 600 / 1280) < 0.01);
    assert.ok(Math.abs(s.scale * 1280 - s.width) < 1e-9);
  }
  assert.equal(casinoSize(640, tie, 640).scale, 0.5);
});

// --- Steal War --------------------------------------------------------------------------------
test("a Steal War beat whose piles fly waits for them; a quiet beat only rests", () => {
  const flying = { moves: [{ code: "9S", size: 3, from: [1290, 790], to: [1290, 40] }] };
  assert.deepEqual(stealTiming(flying, "normal"), { fly: STEAL_MS.fly, rest: STEAL_MS.rest });
  assert.deepEqual(stealTiming({ moves: [] }, "normal"), { fly: 0, rest: STEAL_MS.rest });
  assert.ok(stealTiming(flying, "fast").fly < stealTiming(flying, "slow").fly);
});

test("a flying pile leaves its start, passes the middle and lands on its thief's pile", () => {
  const m = { from: [1290, 790], to: [1290, 40] };
  assert.deepEqual(flightAt(m, 0), { x: 1290, y: 790 });
  assert.deepEqual(flightAt(m, 0.5), { x: 1290, y: 415 });
  assert.deepEqual(flightAt(m, 1), { x: 1290, y: 40 });
  assert.deepEqual(flightAt(m, 7), { x: 1290, y: 40 }, "never past the pile");
  const ys = [0.1, 0.3, 0.6, 0.9].map((t) => flightAt(m, t).y);
  assert.deepEqual([...ys].sort((a, b) => b - a), ys, "always towards the pile");
});

test("a click acts on the spot of the picture under it", () => {
  const hits = [{ x: 1290, y: 40, w: 150, h: 210, do: "steal", victim: 1 },
    { x: 470, y: 530, w: 150, h: 210, do: "choose", card: "KS" }, { x: 70, y: 790, w: 150, h: 210, do: "flip" }];
  assert.equal(hitAt(hits, 1300, 50).victim, 1);
  assert.equal(hitAt(hits, 620, 740).card, "KS");
  assert.equal(hitAt(hits, 100, 900).do, "flip");
  assert.equal(hitAt(hits, 900, 100), null);
  assert.equal(hitAt(undefined, 1, 1), null);
});

test("a Steal War card without a code is face down, whether the kernel sent null or (JupyterLite) undefined", () => {
  assert.equal(faceUp({ code: "9H" }), true);
  assert.equal(faceUp({ code: null }), false);
  assert.equal(faceUp({ code: undefined }), false);
  assert.equal(faceUp({}), false);
});
