"""How much the War widget costs per round: Python time and what it sends to the browser.

Plain script: ``python benchmarks/bench_widget.py``.  Prints medians, each beside a baseline
measured in the same run and the ratio, and the project's targets (issues 16 and 17):

* bytes sent per round (the JSON of every synced trait a flip changes: beats, chart, state,
  results, settings), early in a game and from round 5,000 of a long game: <= 4 KB each;
  baseline: the bytes of the one beat that shows where the game stands.
* widget models per table (every ipywidgets model a ``WarWidget()`` creates): <= 30.
* Python time of a flip at rounds 100, 1,000 and 5,000 of a long game (bicycle rules, no round
  limit, seed 31), the session alone and the whole widget: round 5,000 <= 1.5 x round 100;
  baseline: the session alone at the same round.
* Back's checkpoints (bytes per round) and the records writes per round with a records file.

Times are CPU time of this process (``time.process_time``): the machines this runs on are
shared, and wall-clock medians there measure the neighbours as much as the widget.
The time to the first table and the first flip in a real browser is bench_component_browser.py.
"""
from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ipywidgets  # noqa: E402

from war_widget import Game  # noqa: E402
from war_widget.session.war import WarSession  # noqa: E402
from war_widget.views.war import WarWidget  # noqa: E402

LONG_RULES = Game("bicycle").rules.replace(round_limit=None)   # seed 31 plays more than 5,000 rounds
LONG_SEED = 31
AT = (100, 1000, 5000)
SYNCED = ("setup", "beats", "chart_head", "chart_mid", "chart_tail", "state", "settings", "results")


def ms(values: list[float]) -> float:
    return statistics.median(values) * 1000


class Timer:
    """CPU time of a block."""

    def __enter__(self) -> Timer:
        self.cpu = time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.cpu = time.process_time() - self.cpu


def sent_by(w: WarWidget, action: Callable[[], object]) -> int:
    """Bytes of synced state ``action`` changes (what the kernel sends the browser); the browser
    then shows every beat (``shown``), as a page does."""
    size = 0

    def count(change: dict[str, Any]) -> None:
        nonlocal size
        size += len(json.dumps(change["new"], ensure_ascii=False).encode())

    w.observe(count, names=list(SYNCED))
    try:
        action()
    finally:
        w.unobserve(count, names=list(SYNCED))
    if w.beats:
        w.shown = w.beats[-1]["id"]
    return size


def models_per_table() -> int:
    created = 0
    orig = ipywidgets.Widget.__init__

    def counting(self: Any, *args: Any, **kwargs: Any) -> None:
        nonlocal created
        created += 1
        orig(self, *args, **kwargs)

    ipywidgets.Widget.__init__ = counting  # type: ignore[method-assign]
    try:
        w = WarWidget(code="classic-42", records=False)
        w.flip()
        w.new_game()
        w.set_opponent("two_player")
    finally:
        ipywidgets.Widget.__init__ = orig  # type: ignore[method-assign]
    w.close()
    return created


def bench_bytes() -> dict[str, float]:
    early = []
    for seed in range(1, 8):
        w = WarWidget(seed=seed, records=False)
        for _ in range(30):
            if w.game.is_over:
                break
            early.append(sent_by(w, w.flip))
        w.close()
    one_beat = len(json.dumps(w.beats[-1], ensure_ascii=False).encode())
    late_w = WarWidget(LONG_RULES, LONG_SEED, records=False)
    late_w.fast_forward()          # the session plays at most 5,000 rounds at once
    late_w.goto_round(5000)
    late_w.shown = late_w.beats[-1]["id"]
    assert late_w.game.round_number == 5000, "the long game ended before round 5,000"
    late = [sent_by(late_w, late_w.flip) for _ in range(70)]   # crosses a 64-round block of the chart
    late_w.close()
    return {"early": statistics.median(early), "late": statistics.median(late), "late_max": max(late),
            "late_mean": statistics.mean(late), "one_beat": one_beat}


def bench_long_game() -> dict[str, float]:
    """The Python time of one flip at rounds 100, 1,000 and 5,000 of a long game (the session
    alone and the whole widget), Back's checkpoints, the records writes per round."""
    import tempfile
    import tracemalloc


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
            if isinstance(table, WarWidget) and table.beats:
                table.shown = table.beats[-1]["id"]       # a browser shows the beats
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
    grown = {d.traceback[0].filename: d.size_diff for d in after.compare_to(before, "filename")}
    part = lambda *ends: sum(v for f, v in grown.items() if f.endswith(ends))  # noqa: E731
    out["checkpoint_bytes_per_round"] = part("copy.py", "copyreg.py") / AT[-1]   # the engine copies
    out["undo_bytes_per_round"] = part("array.py", "session/history.py") / AT[-1]  # undo stack + rounds kept
    out["checkpoints"] = s.history.checkpoint_count
    with tempfile.TemporaryDirectory() as folder:
        w = WarWidget(LONG_RULES, LONG_SEED, records=Path(folder) / "records.json")
        for _ in range(500):
            w.flip()
        out["writes_per_round"] = w.session.keeping.writes / w.game.round_number
        out["save_bytes"] = sum(f.stat().st_size for f in Path(folder).iterdir() if f.is_file())
        w.close()
    return out


def line(name: str, value: float, unit: str, baseline: float, base_name: str, target: float | None = None) -> None:
    ratio = value / baseline if baseline else float("inf")
    verdict = "" if target is None else ("  OK" if value <= target else "  OVER TARGET")
    goal = "" if target is None else f"  (target <= {target:g} {unit})"
    print(f"{name:<44}{value:10.2f} {unit:<3}| {base_name} {baseline:9.2f} {unit:<3}| x{ratio:7.2f}{goal}{verdict}")


def main() -> None:
    WarWidget(seed=0, records=False).close()  # imports and first-use costs out of the way
    b = bench_bytes()
    print("WarWidget (one anywidget component over a WarSession): bytes of synced state a flip sends")
    line("bytes per flip, rounds 1-30 (7 games)", b["early"] / 1024, "KB", b["one_beat"] / 1024, "one beat", 4)
    line("bytes per flip, from round 5,000 (long game)", b["late"] / 1024, "KB", b["early"] / 1024, "rounds 1-30", 4)
    print(f"{'  (late: mean, largest = a chart block)':<44}{b['late_mean'] / 1024:10.2f} KB"
          f"  | largest {b['late_max'] / 1024:.2f} KB (the series since round 4,096, once per 64 rounds)")
    print(f"{'widget models per table':<44}{models_per_table():10.0f}     (target <= 30)")
    g = bench_long_game()
    print(f"A long game (bicycle, no round limit, seed {LONG_SEED}): one flip, CPU ms (median of 10 flips)")
    for n in AT:
        line(f"  session: flip at round {n}", g[f"session_{n}"], "ms", g["session_100"], "round 100",
             1.5 * g["session_100"] if n == AT[-1] else None)
    for n in AT:
        line(f"  widget: flip at round {n}", g[f"widget_{n}"], "ms", g["widget_100"], "round 100",
             1.5 * g["widget_100"] if n == AT[-1] else None)
    for n in AT:
        line(f"  widget / session at round {n}", g[f"widget_{n}"], "ms", g[f"session_{n}"], "session")
    print(f"{'Back checkpoints per round':<44}{g['checkpoint_bytes_per_round']:10.1f} B   "
          f"| {g['checkpoints']:.0f} checkpoints over {AT[-1]} rounds (goal: a few bytes a round)")
    print(f"{'undo stack + the round history per round':<44}{g['undo_bytes_per_round']:10.1f} B")
    print(f"{'records writes per round (records file)':<44}{g['writes_per_round']:10.2f}     "
          f"| the store's files {g['save_bytes'] / 1024:.1f} KB at round 500")


if __name__ == "__main__":
    main()
