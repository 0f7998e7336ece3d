"""Steal War speed, and the full policy table (10,000 games per pairing).

    python benchmarks/bench_steal.py                    # speed only: medians, ratios to the baseline
    python benchmarks/bench_steal.py --table --write    # also the policy table -> war_widget/sim/steal_policy_table.txt

The policy table: never, always and greedy against each other, 20,000 games per pairing
(10,000 deals, each played with the seats both ways), then each policy against itself on
10,000 independent deals to measure the first seat's advantage.

The baseline, measured in the same run, is the plain War engine (``Game("pagat")``) playing
whole games: the ratio says what the decisions, the capture piles and the steal windows cost.
Numbers are per game, medians of several repeats.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from war_widget import Game  # noqa: E402
from war_widget.sim.simulation import game_seed  # noqa: E402
from war_widget.sim.steal import fast_game, format_table, policy_table, seat_bias  # noqa: E402
from war_widget.variants.steal.game import StealWarGame  # noqa: E402
from war_widget.variants.steal.policies import always_steal, greedy, never_steal  # noqa: E402
from war_widget.variants.steal.state import Policy  # noqa: E402

# package data: lesson 08 reads it with importlib.resources, in the browser too
TABLE_FILE = Path(__file__).resolve().parent.parent / "war_widget" / "sim" / "steal_policy_table.txt"
TABLE_SEED = 2024


def per_game(run: Callable[[int], object], games: int, repeats: int) -> float:
    times = []
    for r in range(repeats):
        start = time.perf_counter()
        for i in range(games):
            run(game_seed(r, i))
        times.append((time.perf_counter() - start) / games)
    return statistics.median(times)


def war_game(seed: int) -> None:
    Game("pagat", seed).play_to_end(max_rounds=5000)


def steal_game(policies: tuple[Policy, Policy]) -> Callable[[int], None]:
    def run(seed: int) -> None:
        StealWarGame(2, seed, policies).play_to_end(max_rounds=5000)
    return run


def fast_replica(policy0: str, policy1: str) -> Callable[[int], object]:
    """One game of the fast replica with the two named policies, by seed."""
    return lambda seed: fast_game(seed, policy0, policy1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per timing repeat")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--table", action="store_true", help="also compute the 10,000-game policy table")
    parser.add_argument("--table-games", type=int, default=20_000, help="games per pairing (even)")
    parser.add_argument("--write", action="store_true", help=f"write the table to {TABLE_FILE.name}")
    args = parser.parse_args(argv)

    base = per_game(war_game, args.games, args.repeats)
    print(f"baseline War (pagat) game: median {base * 1e3:.2f} ms")
    for name, policies in (("never vs never", (never_steal, never_steal)),
                           ("always vs always", (always_steal, always_steal)),
                           ("greedy vs greedy", (greedy, greedy))):
        t = per_game(steal_game(policies), args.games, args.repeats)
        first, _, second = name.partition(" vs ")
        f = per_game(fast_replica(first, second), args.games, args.repeats)
        print(f"Steal War {name:<17} engine {t * 1e3:6.2f} ms ({t / base:.2f}x baseline)   "
              f"fast replica {f * 1e3:5.2f} ms ({f / base:.2f}x baseline, {t / f:.1f}x faster)")
    if args.table:
        start = time.perf_counter()
        results = policy_table(args.table_games, seed=TABLE_SEED)
        bias = [seat_bias(name, args.table_games // 2, seed=TABLE_SEED) for name in ("never", "always", "greedy")]
        elapsed = time.perf_counter() - start
        text = (f"Steal War policy table (python benchmarks/bench_steal.py --table --write; seed {TABLE_SEED})\n"
                f"{args.table_games} games per pairing: {args.table_games // 2} deals, each played with the seats "
                "both ways; 95% intervals from per-deal scores, widened to the Wilson interval\n\n"
                + format_table(results) + "\n\n" + "\n".join(str(b) for b in bias) + "\n")
        print()
        print(text)
        print(f"{len(results)} pairings x {args.table_games} games + {len(bias)} x {args.table_games // 2} "
              f"self-play games in {elapsed:.0f} s")
        if args.write:
            tmp = TABLE_FILE.with_suffix(".tmp")
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, TABLE_FILE)
            print(f"wrote {TABLE_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
