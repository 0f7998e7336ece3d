"""Simulate many games of War and summarise them (lengths, outcomes, wars, win shares).

Game ``i`` of a simulation with seed ``s`` is dealt from a seed derived from ``(s, i)``, so any
single game of a simulation can be replayed on its own."""
from __future__ import annotations

from dataclasses import dataclass
from statistics import median
from typing import Sequence

from .engine import Game, as_rules
from .events import Termination
from .rng import SplitMix64
from .rules import Rules

__all__ = ["simulate", "SimulationResult", "game_seed"]

NATURAL_ENDS = (Termination.ALL_CARDS, Termination.SHORTAGE, Termination.DRUNKARD_LOSER, Termination.HANDS_EMPTY)


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` in a simulation seeded with ``seed``."""
    gen = SplitMix64((seed * 0x9E3779B97F4A7C15 + index) & ((1 << 64) - 1))
    return gen.next64() >> 1


@dataclass(frozen=True)
class SimulationResult:
    """Per-game lengths (rounds), outcomes (winner seat, -1 for none) and war counts, with a summary."""

    rules: Rules
    seed: int
    lengths: Sequence[int]
    winners: Sequence[int]
    reasons: Sequence[str]
    wars: Sequence[int]

    @property
    def games(self) -> int:
        return len(self.lengths)

    def summary(self) -> dict:
        """Fraction ending before the limit, mean / median / 90th percentile length, wars per
        game, and each player's win share."""
        n = self.games
        lengths = sorted(self.lengths)
        natural = sum(1 for r in self.reasons if r in {t.name for t in NATURAL_ENDS})
        p90 = lengths[min(n - 1, int(0.9 * n))] if n else 0
        shares = [sum(1 for w in self.winners if w == p) / n for p in range(self.rules.players)]
        return {"games": n, "natural_end_fraction": natural / n, "mean_length": sum(lengths) / n,
                "median_length": median(lengths), "p90_length": p90, "wars_per_game": sum(self.wars) / n,
                "win_share": shares, "draw_share": sum(1 for w in self.winners if w < 0) / n}

    def __str__(self) -> str:
        s = self.summary()
        name = self.rules.preset_name or "custom rules"
        share = ", ".join(f"player {p + 1} {x:.1%}" for p, x in enumerate(s["win_share"]))
        return (f"{s['games']} games of {name} (seed {self.seed})\n"
                f"  ended before the limit: {s['natural_end_fraction']:.1%}\n"
                f"  length in rounds: mean {s['mean_length']:.1f}, median {s['median_length']:g}, "
                f"90th percentile {s['p90_length']}\n"
                f"  wars per game: {s['wars_per_game']:.2f}\n"
                f"  wins: {share}, draws {s['draw_share']:.1%}")


def simulate(rules: Rules | str, games: int, seed: int = 0, *, max_rounds: int | None = 100_000) -> SimulationResult:
    """Play ``games`` games under ``rules`` and return per-game results and a summary.

    ``max_rounds`` caps a game that would run on (it then counts as a round-limit end)."""
    rules = as_rules(rules)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive whole number; got {games!r}")
    lengths, winners, reasons, wars = [], [], [], []
    for i in range(games):
        game = Game(rules, game_seed(seed, i))
        game.play_to_end(max_rounds=max_rounds)
        if not game.is_over:
            game.end_now()
        outcome = game.outcome
        lengths.append(game.round_number)
        winners.append(outcome.winner if outcome.winner is not None else -1)
        reasons.append(outcome.reason.name)
        wars.append(sum(1 for _, w, _ in game.history if w))
    return SimulationResult(rules, seed, lengths, winners, reasons, wars)
