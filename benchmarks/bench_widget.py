"""How fast the War widget draws and how much it sends to the browser.

Plain script: ``python benchmarks/bench_widget.py``.  Prints medians, each beside a baseline
measured in the same run and the ratio, and the project's targets:

* Python time to render one round (the held canvas batch with its animation): <= 5 ms;
  also the whole Flip click (engine, narration, drawing, chart, labels, results);
  baseline: the engine alone playing the same rounds.
* Bytes sent to the front end per round (every comm message of every widget: canvas batch,
  chart update, labels, narration, results, buffers included): <= 20 KB;
  baseline: one static full redraw of the table.
* Fast-forwarding a 240-round game including the chart: <= 1 s; baseline: the engine alone.

Times are CPU time of this process (``time.process_time``): the machines this runs on are
shared, and wall-clock medians there measure the neighbours as much as the widget.  The wall
clock medians are printed too.
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ipywidgets  # noqa: E402

from war_widget import Game  # noqa: E402
from war_widget.views.war import WarWidget  # noqa: E402

ROUNDS = 30
SEEDS = range(1, 8)


class CommMeter:
    """Counts the bytes every widget sends (JSON message plus binary buffers)."""

    def __init__(self) -> None:
        self.bytes = 0
        self.messages = 0
        self._orig = ipywidgets.Widget._send

    def __enter__(self) -> CommMeter:
        meter = self
        orig = self._orig

        def _send(widget: Any, msg: Any, buffers: Any = None) -> Any:
            meter.messages += 1
            meter.bytes += len(json.dumps(msg, default=str)) + sum(len(memoryview(b).cast("B")) for b in buffers or [])
            return orig(widget, msg, buffers)

        ipywidgets.Widget._send = _send
        return self

    def __exit__(self, *exc: object) -> None:
        ipywidgets.Widget._send = self._orig

    def take(self) -> tuple[int, int]:
        out = (self.bytes, self.messages)
        self.bytes = self.messages = 0
        return out


def ms(values: list[float]) -> float:
    return statistics.median(values) * 1000


class Timer:
    """CPU and wall time of a block."""

    def __enter__(self) -> Timer:
        self.cpu, self.wall = time.process_time(), time.perf_counter()
        return self

    def __exit__(self, *exc: object) -> None:
        self.cpu = time.process_time() - self.cpu
        self.wall = time.perf_counter() - self.wall


def bench_rounds() -> dict[str, float]:
    render, click, engine, sent, msgs, redraw, render_wall, click_wall = [], [], [], [], [], [], [], []
    with CommMeter() as meter:
        for seed in SEEDS:
            w = WarWidget(seed=seed, records=False)
            g = Game("classic", seed)
            meter.take()
            for _ in range(ROUNDS):
                if w.game.is_over:
                    break
                w._busy_until = 0.0           # the browser has caught up: draw the full animation
                with Timer() as t:
                    w.flip()
                click.append(t.cpu)
                click_wall.append(t.wall)
                b, m = meter.take()
                sent.append(b)
                msgs.append(m)
                with Timer() as t:
                    g.play_round()
                engine.append(t.cpu)
            # the drawing alone, for the recorded beats of one more round
            for _ in range(10):
                if w.game.is_over:
                    break
                beats = w.session._play(w.game.play_round)     # the beats of one round, not shown yet
                frames = [(b.event, b.view) for b in beats]
                w._busy_until = 0.0
                with Timer() as t:
                    w.table.render(frames, w.session.view(), w.speed, True)
                render.append(t.cpu)
                render_wall.append(t.wall)
            meter.take()
            w.redraw()
            redraw.append(meter.take()[0])
            w.close()
    return {"render_ms": ms(render), "click_ms": ms(click), "engine_ms": ms(engine),
            "render_wall_ms": ms(render_wall), "click_wall_ms": ms(click_wall),
            "bytes": statistics.median(sent), "messages": statistics.median(msgs),
            "redraw_bytes": statistics.median(redraw), "bytes_max": max(sent)}


def bench_fast_forward() -> dict[str, float]:
    widget_times, engine_times = [], []
    for seed in SEEDS:
        w = WarWidget("classic_long", seed=seed, records=False)
        with Timer() as t:
            w.fast_forward()
        widget_times.append(t.cpu)
        rounds = w.game.round_number
        assert len(w.chart.data[0].x) == rounds + 1
        w.close()
        g = Game("classic_long", seed)
        with Timer() as t:
            g.play_to_end()
        engine_times.append(t.cpu)
    return {"ff_s": statistics.median(widget_times), "engine_s": statistics.median(engine_times)}


def bench_component() -> dict[str, float]:
    """The table component (views/component): bytes of synced state a flip changes, early in a
    game and from round 5,000 of a long game (bicycle, no round limit, seed 31), and widget models a
    table makes (the component is one model: table, controls, narration and chart)."""
    from war_widget.views.component import TableComponent

    created = 0
    orig_init = ipywidgets.Widget.__init__

    def counting_init(self: Any, *args: Any, **kwargs: Any) -> None:
        nonlocal created
        created += 1
        orig_init(self, *args, **kwargs)

    ipywidgets.Widget.__init__ = counting_init  # type: ignore[method-assign]
    try:
        w = TableComponent(code="classic-42")
    finally:
        ipywidgets.Widget.__init__ = orig_init  # type: ignore[method-assign]
    models = created

    def flips(w: TableComponent, n: int) -> list[int]:
        sizes: list[int] = []
        for _ in range(n):
            size = 0

            def count(change: dict[str, Any]) -> None:
                nonlocal size
                size += len(json.dumps(change["new"]))

            names = ["beats", "chart_head", "chart_tail", "setup"]
            w.observe(count, names=names)
            w.flip()
            w.unobserve(count, names=names)
            w.shown = w.beats[-1]["id"]        # the browser showed them
            sizes.append(size)
        return sizes

    early = flips(w, 30)
    # a long game: bicycle rules with no round limit, seed 31, plays more than 5,000 rounds
    long_code = Game(Game("bicycle").rules.replace(round_limit=None), 31).code or ""
    late_w = TableComponent(code=long_code)
    late_w.fast_forward()           # the session plays at most 5,000 rounds at once, then jumps back
    late_w.goto_round(5000)
    late_w.shown = late_w.beats[-1]["id"]
    assert late_w.play.game.round_number == 5000, "the long game ended before round 5,000"
    late = flips(late_w, 70)        # crosses one 64-round block of the chart: its head is resent once
    return {"models": models, "early": statistics.median(early), "late": statistics.median(late),
            "late_max": max(late), "late_mean": statistics.mean(late), "late_round": 5000}


LONG_RULES = Game("bicycle").rules.replace(round_limit=None)   # seed 31 plays more than 5,000 rounds
LONG_SEED = 31
AT = (100, 1000, 5000)


def bench_long_game() -> dict[str, float]:
    """The Python time of one flip at rounds 100, 1,000 and 5,000 of a long game (the session
    alone and the whole widget), the memory of Back's checkpoints and undo stack per round, and
    the records writes per round (with a records file)."""
    import tempfile
    import tracemalloc

    from war_widget.session.war import WarSession
    from war_widget.views.records import Records

    out: dict[str, float] = {}
    for name, make in (("session", lambda: WarSession(LONG_RULES, LONG_SEED)),
                       ("widget", lambda: WarWidget(LONG_RULES, LONG_SEED, records=False))):
        table = make()
        times: dict[int, list[float]] = {n: [] for n in AT}
        while table.game.round_number < AT[-1] + 10:
            n = table.game.round_number
            near = next((a for a in AT if a <= n < a + 10), None)
            with Timer() as t:
                table.flip()
            if near is not None:
                times[near].append(t.cpu)
        for n in AT:
            out[f"{name}_{n}"] = ms(times[n])
        table.close()
    tracemalloc.start()
    s = WarSession(LONG_RULES, LONG_SEED)
    before = tracemalloc.take_snapshot()
    for _ in range(AT[-1]):
        s.flip()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    held = sum(d.size_diff for d in after.compare_to(before, "filename")
               if d.traceback[0].filename.endswith(("copy.py", "session/history.py", "array.py")))
    out["checkpoint_bytes_per_round"] = held / AT[-1]
    out["checkpoints"] = s.history.checkpoint_count
    with tempfile.TemporaryDirectory() as folder:
        store = Records(Path(folder) / "records.json")
        s = WarSession(LONG_RULES, LONG_SEED, records=store)
        for _ in range(500):
            s.flip()
        out["writes_per_round"] = s.keeping.writes / s.game.round_number
        out["save_bytes"] = sum(f.stat().st_size for f in Path(folder).iterdir() if f.is_file())
    return out


def main() -> None:
    WarWidget(seed=0, records=False).close()  # imports and first-use costs out of the way
    r = bench_rounds()
    f = bench_fast_forward()

    def line(name: str, value: float, unit: str, baseline: float, base_name: str, target: float | None = None) -> None:
        ratio = value / baseline if baseline else float("inf")
        verdict = "" if target is None else ("  OK" if value <= target else "  OVER TARGET")
        goal = "" if target is None else f"  (target <= {target:g} {unit})"
        print(f"{name:<44}{value:10.2f} {unit:<3}| {base_name} {baseline:9.2f} {unit:<3}| x{ratio:7.1f}{goal}{verdict}")

    print(f"War widget benchmark: medians over {len(SEEDS)} seeded classic games ({ROUNDS} clicked rounds + "
          "drawing-only rounds); CPU time")
    line("render one round (held batch + animation)", r["render_ms"], "ms", r["engine_ms"], "engine round", 5)
    line("whole Flip click (engine..results)", r["click_ms"], "ms", r["engine_ms"], "engine round")
    print(f"{'  (wall clock: render, whole click)':<44}{r['render_wall_ms']:10.2f} ms  {r['click_wall_ms']:.2f} ms")
    line("bytes sent per round", r["bytes"] / 1024, "KB", r["redraw_bytes"] / 1024, "full redraw", 20)
    print(f"{'  (messages per round, largest round)':<44}{r['messages']:10.0f}     "
          f"| largest {r['bytes_max'] / 1024:.2f} KB")
    line("fast-forward a 240-round game + chart", f["ff_s"], "s", f["engine_s"], "engine game", 1)
    c = bench_component()
    print("Table component (views/component), state a flip changes (JSON of the synced traits):")
    line("component bytes per flip, rounds 1-30", c["early"] / 1024, "KB", r["bytes"] / 1024, "WarWidget", 4)
    line(f"component bytes per flip, from round {c['late_round']:.0f}", c["late"] / 1024, "KB", c["early"] / 1024,
         "rounds 1-30", 4)
    print(f"{'  (late: mean, largest = a chart block)':<44}{c['late_mean'] / 1024:10.2f} KB"
          f"  | largest {c['late_max'] / 1024:.2f} KB (the series up to the block, once per 64 rounds)")
    print(f"{'widget models per table (component)':<44}{c['models']:10.0f}     (target <= 30)")
    g = bench_long_game()
    print(f"A long game (bicycle, no round limit, seed {LONG_SEED}): one flip, CPU ms (median of 10 flips)")
    for who in ("session", "widget"):
        base = g[f"{who}_100"]
        for n in AT:
            line(f"  {who}: flip at round {n}", g[f"{who}_{n}"], "ms", base, "round 100",
                 1.5 * base if n == AT[-1] else None)
    print(f"{'Back checkpoints + undo stack per round':<44}{g['checkpoint_bytes_per_round']:10.1f} B   "
          f"| {g['checkpoints']:.0f} checkpoints over {AT[-1]} rounds")
    print(f"{'records writes per round (records file)':<44}{g['writes_per_round']:10.2f}     "
          f"| the store's files {g['save_bytes'] / 1024:.1f} KB at round 500")


if __name__ == "__main__":
    main()
