"""Benchmark: the batch simulator against a plain loop playing the same rules.

Run ``python benchmarks/bench_simulate.py``.  For ``pagat`` and ``classic_long`` it times

* the baseline: a plain Python loop, one game at a time, a deque per player, no events,
  written here from RULES.md and drawing from the project's SplitMix64 exactly as the engine
  does (so it plays the very same games, which the benchmark checks), and
* ``fastsim.simulate_range`` (numpy, all games of a batch advanced together),

and prints both throughputs in rounds per second, as medians of repeated runs, and their ratio.
Both are measured in the same run, interleaved, so they see the same machine load.  Rounds are
counted on each side (the batch plays many more games than the baseline in the same time).
Then it simulates 1,000,000 games and prints the peak memory (``tracemalloc``, and the
process's maximum resident size).
"""
from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
import tracemalloc
from collections import deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from war_widget.fastsim import simulate_range  # noqa: E402
from war_widget.rng import SplitMix64  # noqa: E402
from war_widget.simulation import game_seed, simulate  # noqa: E402


# The engine's deck order is 2S 2H 2D 2C 3S ...; a shuffle moves positions, not values, so
# shuffling the ranks in that order deals exactly the engine's ranks (suits never matter here).
DECK_RANKS = [card // 4 + 2 for card in range(52)]


def baseline_pagat(seed: int) -> int:
    """One game of ``pagat``: one face-down card per war, won cards shuffled to the bottom of
    the hand, a player who cannot finish a war loses.  Returns the number of rounds."""
    rng = SplitMix64(seed)
    deck = DECK_RANKS[:]
    rng.shuffle(deck)
    h0, h1 = deque(deck[0:52:2]), deque(deck[1:52:2])
    rounds = 0
    while True:
        rounds += 1
        a, b = h0.popleft(), h1.popleft()
        table = [a, b]
        while a == b:
            if len(h0) < 2 or len(h1) < 2:   # cannot finish the war: the game is over
                return rounds
            f0, a = h0.popleft(), h0.popleft()
            f1, b = h1.popleft(), h1.popleft()
            table += (f0, a, f1, b)
        rng.shuffle(table)
        (h0 if a > b else h1).extend(table)
        if not h0 or not h1:
            return rounds


def baseline_classic_long(seed: int) -> int:
    """One game of ``classic_long``: one face-down card per war, won cards onto a won pile
    that is shuffled into a new hand when the hand runs out, the last card always face up,
    no card at all loses, 240 rounds at most.  Returns the number of rounds."""
    rng = SplitMix64(seed)
    deck = DECK_RANKS[:]
    rng.shuffle(deck)
    hands = [deque(deck[0:52:2]), deque(deck[1:52:2])]
    won: list[list[int]] = [[], []]

    def refill(p: int, need: int) -> None:
        if len(hands[p]) < need and won[p]:
            pile = won[p]
            won[p] = []
            rng.shuffle(pile)
            hands[p].extend(pile)

    rounds = 0
    while rounds < 240:
        rounds += 1
        refill(0, 1)
        refill(1, 1)
        a, b = hands[0].popleft(), hands[1].popleft()
        table = [a, b]
        winner = -1
        while a == b:
            have = (len(hands[0]) + len(won[0]), len(hands[1]) + len(won[1]))
            if have[0] == 0 or have[1] == 0:
                if have[0] == have[1]:    # every card on the table: a void round, decided by counts
                    return rounds
                winner = 0 if have[0] else 1
                break
            plan = (min(1, have[0] - 1), min(1, have[1] - 1))
            refill(0, plan[0] + 1)
            refill(1, plan[1] + 1)
            laid = [[hands[p].popleft() for _ in range(plan[p] + 1)] for p in (0, 1)]
            a, b = laid[0][-1], laid[1][-1]
            table += laid[0] + laid[1]
        if winner < 0:
            winner = 0 if a > b else 1
        rng.shuffle(table)
        won[winner].extend(table)
        if not (hands[1 - winner] or won[1 - winner]):
            return rounds
    return rounds


BASELINES = {"pagat": baseline_pagat, "classic_long": baseline_classic_long}


def run_baseline(preset: str, seed: int, games: int) -> tuple[float, int]:
    play = BASELINES[preset]
    start = time.perf_counter()
    rounds = sum(play(game_seed(seed, i)) for i in range(games))
    return time.perf_counter() - start, rounds


def run_batch(preset: str, seed: int, games: int) -> tuple[float, int]:
    start = time.perf_counter()
    lengths = simulate_range(preset, seed, 0, games)[0]
    return time.perf_counter() - start, int(lengths.sum())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--baseline-games", type=int, default=300)
    parser.add_argument("--batch-games", type=int, default=50_000)
    parser.add_argument("--million", type=int, default=1_000_000, help="games for the memory check (0 to skip)")
    args = parser.parse_args(argv)
    for preset in BASELINES:
        # The baseline must play the same games as the batch simulator (same seeds, same rules).
        check = 200
        _, base_rounds = run_baseline(preset, 99, check)
        _, batch_rounds = run_batch(preset, 99, check)
        assert base_rounds == batch_rounds, f"{preset}: baseline {base_rounds} rounds, batch {batch_rounds}"
        base_rates, batch_rates, ratios = [], [], []
        for r in range(args.repeats):          # interleaved, so both sides see the same machine load
            dt, rounds = run_baseline(preset, r, args.baseline_games)
            base_rates.append(rounds / dt)
            dt, rounds = run_batch(preset, r, args.batch_games)
            batch_rates.append(rounds / dt)
            ratios.append(batch_rates[-1] / base_rates[-1])
        b, f = statistics.median(base_rates), statistics.median(batch_rates)
        print(f"{preset:13s} plain loop {b:12,.0f} rounds/s   batch {f:12,.0f} rounds/s   "
              f"ratio of medians {f / b:5.1f}x   median ratio {statistics.median(ratios):5.1f}x   "
              f"(medians of {args.repeats} runs; same games checked on {check} deals)", flush=True)
    if args.million:
        tracemalloc.start()
        start = time.perf_counter()
        result = simulate("pagat", args.million, seed=1, progress=False)
        dt = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024     # kB on Linux
        print(f"{args.million:,} games of pagat in {dt:.0f} s: peak traced memory {peak / 2**20:.0f} MB "
              f"(whole process, interpreter and libraries included: max RSS {rss:.0f} MB), "
              f"mean length {result.summary()['mean_length']:.1f} rounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
