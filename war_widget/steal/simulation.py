"""Pit two Steal War policies against each other over many deals, seats swapped.

Games come in pairs: both games of pair ``j`` are dealt from the same seed
(``war_widget.simulation.game_seed(seed, j)``), policy A in seat 1 in the first and in seat 2 in
the second, so neither the deal nor the seat favours a policy.  Because the two games of a pair
are not independent, the 95% interval is computed from the per-pair scores (a cluster-robust
normal interval), not as if all games were independent.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

from ..simulation import game_seed
from .fast import fast_game
from .game import StealWarGame
from .policies import POLICIES

__all__ = ["simulate_steal", "StealSimulation", "policy_table", "format_table", "PAIRINGS"]

PAIRINGS = (("never", "always"), ("never", "greedy"), ("always", "greedy"),
            ("never", "never"), ("always", "always"), ("greedy", "greedy"))


def _policy(policy: str | Callable, which: str) -> tuple[str, Callable]:
    if isinstance(policy, str):
        if policy not in POLICIES:
            raise ValueError(f"policy {which} must be one of {', '.join(POLICIES)} or a callable; got {policy!r}")
        return policy, POLICIES[policy]
    if not callable(policy):
        raise ValueError(f"policy {which} must be a name ({', '.join(POLICIES)}) or a callable; got {policy!r}")
    return getattr(policy, "__name__", "policy"), policy


@dataclass(frozen=True)
class StealSimulation:
    """Per-game results of A against B: ``winners`` as 'A', 'B' or 'draw', lengths in rounds,
    steals per game, and whether the game hit the round cap."""

    a: str
    b: str
    seed: int
    winners: tuple[str, ...]
    lengths: tuple[int, ...]
    steals: tuple[int, ...]
    capped: tuple[bool, ...]
    seat0_wins: int

    @property
    def games(self) -> int:
        return len(self.winners)

    def share(self, who: str) -> float:
        return self.winners.count(who) / self.games

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The 95% interval of A's win share, from the per-pair scores."""
        scores = []
        for j in range(0, self.games, 2):
            pair = self.winners[j:j + 2]
            scores.append(sum(w == "A" for w in pair) / len(pair))
        m = len(scores)
        mean = self.share("A")
        if m < 2:
            return (0.0, 1.0)
        avg = sum(scores) / m
        var = sum((s - avg) ** 2 for s in scores) / (m - 1)
        half = z * math.sqrt(var / m)
        return (max(0.0, mean - half), min(1.0, mean + half))

    def summary(self) -> dict:
        low, high = self.interval()
        return {"A": self.a, "B": self.b, "games": self.games, "A_wins": self.share("A"), "A_low": low,
                "A_high": high, "B_wins": self.share("B"), "draws": self.share("draw"),
                "mean_rounds": sum(self.lengths) / self.games, "steals_per_game": sum(self.steals) / self.games,
                "capped": sum(self.capped), "seat1_wins": self.seat0_wins / self.games}

    def __str__(self) -> str:
        s = self.summary()
        return (f"{s['A']} vs {s['B']}: {s['games']} games, {s['A']} wins {s['A_wins']:.1%} "
                f"[{s['A_low']:.1%}, {s['A_high']:.1%}], {s['B']} wins {s['B_wins']:.1%}, draws {s['draws']:.1%}; "
                f"{s['mean_rounds']:.0f} rounds and {s['steals_per_game']:.1f} steals a game")


def simulate_steal(policy_a: str | Callable, policy_b: str | Callable, games: int, seed: int = 0, *,
                   max_rounds: int = 5000, engine: str = "auto") -> StealSimulation:
    """Play ``games`` two-player games of A against B (seats swapped in pairs on the same deal).

    A policy is a name (never, always, greedy) or a callable ``policy(game, legal_actions)``; it
    should not keep state between games.  A game still going after ``max_rounds`` rounds is
    ended by counts (``end_now``) and counted in ``capped``.  ``engine``: "full" plays every
    game on ``StealWarGame``; "fast" on the verified replica ``fast.fast_game`` (built-in
    policies only); "auto" picks fast when it can.  Both give identical results.

    >>> print(simulate_steal("always", "never", 20, seed=1).share("A") > 0.5)
    True
    """
    name_a, pa = _policy(policy_a, "A")
    name_b, pb = _policy(policy_b, "B")
    if engine not in ("auto", "fast", "full"):
        raise ValueError(f"engine must be 'auto', 'fast' or 'full'; got {engine!r}")
    builtin = {v: k for k, v in POLICIES.items()}
    fast_ok = pa in builtin and pb in builtin
    if engine == "fast" and not fast_ok:
        raise ValueError("engine='fast' plays only the built-in policies (never, always, greedy)")
    use_fast = fast_ok and engine != "full"
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive whole number; got {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative whole number; got {seed!r}")
    if isinstance(max_rounds, bool) or not isinstance(max_rounds, int) or max_rounds < 1:
        raise ValueError(f"max_rounds must be a positive whole number; got {max_rounds!r}")
    winners, lengths, steals, capped = [], [], [], []
    seat0 = 0
    for i in range(games):
        a_seat = i % 2
        deal = game_seed(seed, i // 2)
        if use_fast:
            names = (builtin[pa], builtin[pb]) if a_seat == 0 else (builtin[pb], builtin[pa])
            w, length, stolen, cap, _ = fast_game(deal, names[0], names[1], max_rounds)
            w = None if w < 0 else w
        else:
            policies = (pa, pb) if a_seat == 0 else (pb, pa)
            game = StealWarGame(2, deal, policies)
            game.play_to_end(max_rounds=max_rounds)
            cap = not game.is_over
            w = (game.outcome if game.is_over else game.end_now()).winner
            length, stolen = game.round_number, len(game.steal_history)
        capped.append(cap)
        if w is None:
            winners.append("draw")
        else:
            winners.append("A" if w == a_seat else "B")
            seat0 += w == 0
        lengths.append(length)
        steals.append(stolen)
    return StealSimulation(name_a, name_b, seed, tuple(winners), tuple(lengths), tuple(steals), tuple(capped), seat0)


def policy_table(games: int, seed: int = 0, pairings: Sequence[tuple[str, str]] = PAIRINGS,
                 max_rounds: int = 5000, engine: str = "auto") -> list[StealSimulation]:
    """One simulation per pairing (the three matches between never, always and greedy, then
    each against itself as a check of the seat swap)."""
    return [simulate_steal(a, b, games, seed, max_rounds=max_rounds, engine=engine) for a, b in pairings]


def format_table(results: Sequence[StealSimulation]) -> str:
    """A fixed-width text table of A's win share with its 95% interval."""
    lines = [f"{'A':<7} {'B':<7} {'games':>6}  {'A wins':>7}  {'95% interval':<16} {'B wins':>7} {'draws':>6} "
             f"{'rounds':>7} {'steals':>7}"]
    for r in results:
        s = r.summary()
        lines.append(f"{s['A']:<7} {s['B']:<7} {s['games']:>6}  {s['A_wins']:>7.1%}  "
                     f"[{s['A_low']:.1%}, {s['A_high']:.1%}]{'':<1} {s['B_wins']:>7.1%} {s['draws']:>6.1%} "
                     f"{s['mean_rounds']:>7.1f} {s['steals_per_game']:>7.1f}")
    return "\n".join(lines)
