"""Benchmark: simulate()'s pure-Python path (the engine's quiet mode) against the plain Python loop
a user would write for the same games.

Run ``python benchmarks/bench_pure_python.py [GAMES]``.  Where no compiled kernel is there (the
browser's Pyodide, an sdist installed without a compiler; here forced with ``method="engine"``)
``simulate()`` plays every game with the engine's own beats in the quiet mode
(``Game.play_quietly``: no event objects, no narration, no strings).  The baseline is the loop of
pagat's rules a user writes with two deques (``plain_game``): turn up, compare, a war lays one card
face down and one up, a player who cannot lay both loses (both short: fewer cards loses, as many is
a draw), the winner takes the pile in shuffled order to the bottom of the hand.  It plays the same
rules with Python's ``random`` instead of our SplitMix64 (the loop a user writes), so its games are
other games of the same rules: the benchmark checks that its mean length matches the engine's
(within a few %, with the standard error of the difference).

Both play ``GAMES`` games (default 300) a repeat, interleaved, ``REPEATS`` times; the figures are
medians of CPU seconds (``time.process_time``: the machine may be shared) as rounds per second,
and the ratio engine / plain loop (issue 29's goal: at least 1/3).  ``measure()`` returns them as a
dict (``benchmarks/bench_simulate.py`` prints it).
"""
from __future__ import annotations

import math
import os
import random
import statistics
import sys
import time
from collections import deque
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from war_widget.sim.simulation import simulate  # noqa: E402

GAMES = 300
REPEATS = 5
LENGTH_GAMES = 4_000          # games of each for the mean-length check
MAX_ROUNDS = 100_000          # simulate()'s default cap, the loop's too
SEED = 2026


def plain_game(seed: int, max_rounds: int = MAX_ROUNDS) -> int:
    """One game of pagat's War as a user writes it (two deques of ranks 2..14); its rounds."""
    rng = random.Random(seed)
    deck = [rank for rank in range(2, 15) for _ in range(4)]
    rng.shuffle(deck)
    a, b = deque(deck[0::2]), deque(deck[1::2])
    rounds = 0
    while a and b and rounds < max_rounds:
        rounds += 1
        pile = []
        while True:
            x, y = a.popleft(), b.popleft()
            pile.append(x)
            pile.append(y)
            if x != y:
                winner = a if x > y else b
                break
            if len(a) < 2 or len(b) < 2:          # a war needs one down and one up: short loses
                if len(a) == len(b):
                    winner = None                   # both as short: a draw
                else:                               # the loser's last cards go to the winner
                    winner, loser = (a, b) if len(a) > len(b) else (b, a)
                    pile.extend(loser)
                    loser.clear()
                break
            pile.append(a.popleft())                # one card face down each
            pile.append(b.popleft())
        if winner is None:
            break
        rng.shuffle(pile)
        winner.extend(pile)
    return rounds


def _plain(games: int, first: int) -> list[int]:
    return [plain_game(first + i) for i in range(games)]


def _engine(games: int, seed: int) -> list[int]:
    result = simulate("pagat", games, seed=seed, method="engine", progress=False, max_rounds=MAX_ROUNDS)
    return [int(x) for x in result.lengths]


def _cpu(fn: Any, *args: Any) -> tuple[float, list[int]]:
    start = time.process_time()
    out = fn(*args)
    return time.process_time() - start, out


def _mean_sd(xs: list[int]) -> tuple[float, float]:
    return statistics.fmean(xs), statistics.stdev(xs)


def measure(games: int = GAMES, repeats: int = REPEATS, length_games: int = LENGTH_GAMES) -> dict[str, Any]:
    """Rounds per second of the plain loop and of simulate()'s engine path on ``games`` games each
    (medians of ``repeats`` interleaved runs, CPU time), their ratio, and both mean game lengths."""
    plain_rates, engine_rates = [], []
    loads = [os.getloadavg()[0]]
    for r in range(repeats):
        seed = SEED + r
        t_plain, plain = _cpu(_plain, games, seed * 1_000_003)
        t_engine, engine = _cpu(_engine, games, seed)
        plain_rates.append(sum(plain) / t_plain)
        engine_rates.append(sum(engine) / t_engine)
        loads.append(os.getloadavg()[0])
    plain_lengths = _plain(length_games, 10 ** 9)
    try:       # the engine's lengths from the compiled kernel (the same games, fast) where there is one
        engine_lengths = [int(x) for x in simulate("pagat", length_games, seed=SEED, progress=False).lengths]
    except Exception:  # noqa: BLE001 - no kernel here: the engine itself, on fewer games
        engine_lengths = _engine(min(length_games, 4 * games), SEED)
    (pm, ps), (em, es) = _mean_sd(plain_lengths), _mean_sd(engine_lengths)
    plain_rate, engine_rate = statistics.median(plain_rates), statistics.median(engine_rates)
    return {"games": games, "repeats": repeats, "plain_rounds_per_s": plain_rate,
            "engine_rounds_per_s": engine_rate, "ratio": engine_rate / plain_rate,
            "plain_mean_length": pm, "engine_mean_length": em,
            "length_difference": pm / em - 1,
            "length_difference_se": math.sqrt(ps ** 2 / len(plain_lengths) + es ** 2 / len(engine_lengths)) / em,
            "length_games": (len(plain_lengths), len(engine_lengths)),
            "ratios": [e / p for e, p in zip(engine_rates, plain_rates, strict=True)], "load": (min(loads), max(loads))}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else GAMES
    m = measure(games)
    print(f"pagat, {m['games']} games a repeat, medians of {m['repeats']} (CPU time; the 1-minute load average "
          f"{m['load'][0]:.1f} to {m['load'][1]:.1f} on {os.cpu_count()} cores)")
    print(f"  plain Python deque loop:           {m['plain_rounds_per_s']:>10,.0f} rounds/s")
    print(f"  simulate(), engine's quiet mode:   {m['engine_rounds_per_s']:>10,.0f} rounds/s")
    print(f"  ratio engine / plain loop:         {m['ratio']:10.3f}  (1/{1 / m['ratio']:.1f}; goal >= 0.333; "
          "each run's: " + " ".join(f"{x:.3f}" for x in m["ratios"]) + ")")
    print(f"  mean game length: plain loop {m['plain_mean_length']:.1f}, engine {m['engine_mean_length']:.1f} "
          f"rounds ({m['length_games'][0]:,} and {m['length_games'][1]:,} games): "
          f"{m['length_difference']:+.1%} (standard error {m['length_difference_se']:.1%})")


if __name__ == "__main__":
    main()
