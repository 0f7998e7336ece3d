"""Benchmark: the engine's atomic beat and its replayed saves, against baselines in the same run.

Run ``python benchmarks/bench_engine.py``.  Interleaved, as medians of repeated runs (so every
variant sees the same machine load):

* ``play_to_end`` of game 41 of bicycle seed 11 (2,403 rounds, 7,270 beats, ends in a cycle) with
  ``Game.step`` (a beat committed by one statement, undone by a replay if interrupted), against
  the same game stepped by the step of before (the beat function and the bookkeeping, nothing to
  commit): the ratio is the price of the atomic beat;
* the 200 first games of classic, both ways;
* ``Game.from_json`` of the finished bicycle game (a replay of its 7,270 beats) against playing it;
* the size of a save: the history (version 2) against the dump of every field (version 1).
"""
from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from war_widget.game.engine import _BEATS, Game  # noqa: E402
from war_widget.game.engine_json_v1 import v1_state  # noqa: E402
from war_widget.game.engine_state import OVER  # noqa: E402
from war_widget.sim.simulation import game_seed  # noqa: E402

REPEATS = 7


def old_step(game: Game) -> object:
    """The step of before the atomic beat: the beat, the round's events, the subscribers."""
    if game._pending:
        event = game._pending.popleft()
    elif game._phase == OVER:
        return None
    else:
        event = _BEATS[game._phase](game)
    events = game._round_events
    if events and events[-1].round != event.round:
        events.clear()
    events.append(event)
    game._publish(event)
    return event


def play_new(make: Callable[[], Game]) -> Game:
    game = make()
    game.play_to_end()
    return game


def play_old(make: Callable[[], Game]) -> Game:
    game = make()
    while old_step(game) is not None:
        pass
    return game


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> None:
    seed = game_seed(11, 41)

    def bicycle() -> Game:
        return Game("bicycle", seed)

    def classics() -> None:
        for s in range(200):
            Game("classic", s).play_to_end()

    def classics_old() -> None:
        for s in range(200):
            play_old(lambda s=s: Game("classic", s))

    done = play_new(bicycle)
    assert done.round_number == 2403 and play_old(bicycle).history == done.history   # the same game
    text = done.to_json()
    times: dict[str, list[float]] = {k: [] for k in ("new", "old", "classic new", "classic old", "replay")}
    for _ in range(REPEATS):
        times["new"].append(timed(lambda: play_new(bicycle)))
        times["old"].append(timed(lambda: play_old(bicycle)))
        times["classic new"].append(timed(classics))
        times["classic old"].append(timed(classics_old))
        times["replay"].append(timed(lambda: Game.from_json(text)))
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"bicycle game 41 (2,403 rounds, {done.beats} beats), medians of {REPEATS}:")
    print(f"  play_to_end, atomic beat     {med['new'] * 1000:8.1f} ms")
    print(f"  the step of before           {med['old'] * 1000:8.1f} ms   "
          f"ratio atomic/before {med['new'] / med['old']:.3f}")
    print(f"  from_json (replay)           {med['replay'] * 1000:8.1f} ms   "
          f"ratio replay/play {med['replay'] / med['new']:.3f}")
    print("200 classic games:")
    print(f"  atomic beat {med['classic new'] * 1000:8.1f} ms, before {med['classic old'] * 1000:8.1f} ms, "
          f"ratio {med['classic new'] / med['classic old']:.3f}")
    import json
    print(f"save size: history (v2) {len(text)} bytes, field dump (v1) {len(json.dumps(v1_state(done)))} bytes")


if __name__ == "__main__":
    main()
