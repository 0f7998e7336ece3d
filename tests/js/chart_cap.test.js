// The chart's cost stays the same over a long game (issue 30): what it draws of the series.
import assert from "node:assert/strict";
import test from "node:test";

import { CHART_CAP, CHART_WARS_CAP, chartIndices, chartXMax, drawnSeries } from "../../war_widget/views/component/src/chart.js";

test("a line draws every round up to the cap, then every k-th round and the last, never more than the cap", () => {
  assert.deepEqual(chartIndices(5), [0, 1, 2, 3, 4]);
  assert.equal(chartIndices(CHART_CAP).length, CHART_CAP);
  for (const n of [CHART_CAP + 1, 301, 599, 600, 1000, 5001, 20000, 100000]) {
    const idx = chartIndices(n);
    assert.ok(idx.length <= CHART_CAP && idx.length >= CHART_CAP / 2 - 1, `${n}: ${idx.length} points`);
    assert.equal(idx[0], 0);
    assert.equal(idx[idx.length - 1], n - 1, "the newest round is always drawn");
    const k = idx[1] - idx[0];
    assert.equal(k & (k - 1), 0, "a power-of-two step: the points drawn stay put as the game grows");
    for (let i = 1; i < idx.length - 1; i++) assert.equal(idx[i] - idx[i - 1], k);
  }
  // one round more moves no point drawn but the newest (until the step doubles)
  const a = chartIndices(1001), b = chartIndices(1002);
  assert.deepEqual(a.slice(0, -1).filter((i) => i < 1000), b.slice(0, -1).filter((i) => i < 1000));
});

test("the drawn part of a 5,000-round series: a bounded number of points and war markers, the last ones true", () => {
  const n = 5001;
  const x = Array.from({ length: n }, (_, i) => i);
  const ys = [x.map((i) => 26 + (i % 7)), x.map((i) => 26 - (i % 7))];
  const wars = x.filter((i) => i % 9 === 4);
  const series = { x, ys, wars: { x: wars, y: wars.map((r) => ys[0][r]) } };
  const d = drawnSeries(series);
  assert.equal(d.rounds, n);
  assert.ok(d.x.length <= CHART_CAP && d.ys.every((y) => y.length === d.x.length));
  assert.equal(d.x[d.x.length - 1], n - 1);
  assert.equal(d.ys[0][d.ys[0].length - 1], ys[0][n - 1]);
  assert.ok(d.wars.x.length <= CHART_WARS_CAP);
  d.wars.x.forEach((r, i) => assert.equal(d.wars.y[i], ys[0][r], "a war marker sits on its round's count"));
  // a short game is drawn whole
  const short = { x: [0, 1, 2], ys: [[26, 27, 25], [26, 25, 27]], wars: { x: [2], y: [25] } };
  assert.deepEqual(drawnSeries(short), { ...short, rounds: 3 });
});

test("the round axis ends at the round limit, else grows in a few steps, not every round", () => {
  assert.equal(chartXMax(3, 40), 40);
  assert.equal(chartXMax(239, 240), 240);
  const ends = new Set();
  for (let r = 0; r <= 5000; r++) {
    const end = chartXMax(r, null);
    assert.ok(end > r, `round ${r} lies inside the axis (${end})`);
    ends.add(end);
  }
  assert.deepEqual([...ends], [40, 100, 200, 500, 1000, 2000, 5000, 10000]);
});
