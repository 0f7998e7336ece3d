"""Steal War speed, and the full policy table (10,000 games per pairing).

    python benchmarks/bench_steal.py            # speed only: medians, ratios to the baseline
    python benchmarks/bench_steal.py --table    # also the 6 x 10,000-game policy table

The baseline, measured in the same run, is the plain War engine (``Game("pagat")``) playing
whole games: the ratio says what the decisions, the capture piles and the steal windows cost.
Numbers are per game, medians of several repeats.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from war_widget import Game  # noqa: E402
from war_widget.simulation import game_seed  # noqa: E402
from war_widget.steal import StealWarGame, always_steal, greedy, never_steal  # noqa: E402
from war_widget.steal.simulation import format_table, policy_table  # noqa: E402


def per_game(run, games: int, repeats: int) -> float:
    times = []
    for r in range(repeats):
        start = time.perf_counter()
        for i in range(games):
            run(game_seed(r, i))
        times.append((time.perf_counter() - start) / games)
    return statistics.median(times)


def war_game(seed: int) -> None:
    Game("pagat", seed).play_to_end(max_rounds=5000)


def steal_game(policies):
    def run(seed: int) -> None:
        StealWarGame(2, seed, policies).play_to_end(max_rounds=5000)
    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per timing repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--table", action="store_true", help="also compute the 10,000-game policy table")
    parser.add_argument("--table-games", type=int, default=10_000)
    args = parser.parse_args(argv)

    base = per_game(war_game, args.games, args.repeats)
    print(f"baseline War (pagat) game: median {base * 1e3:.2f} ms")
    for name, policies in (("never vs never", (never_steal, never_steal)),
                           ("always vs always", (always_steal, always_steal)),
                           ("greedy vs greedy", (greedy, greedy))):
        t = per_game(steal_game(policies), args.games, args.repeats)
        print(f"Steal War {name:<17} median {t * 1e3:.2f} ms   ratio {t / base:.2f}x baseline   "
              f"{1 / t:.0f} games/s")
    if args.table:
        start = time.perf_counter()
        results = policy_table(args.table_games, seed=2024)
        elapsed = time.perf_counter() - start
        print()
        print(format_table(results))
        print(f"\n{len(results)} pairings x {args.table_games} games in {elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
