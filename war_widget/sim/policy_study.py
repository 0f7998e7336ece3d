"""Measuring a gather policy: how often a player using one order beats a player using another.

This is a study with the simulator, so it lives above it (``war_widget.game.policies`` holds the orders
themselves, at the game layer, and imports no simulator).  ``STRONG_FIGURES`` in ``policies`` were
measured with :func:`measure_policy`; ``tests/game/test_policies.py`` re-measures them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..game.engine import as_rules
from ..game.policies import STRONG_SEED
from ..game.rules import Rules
from .simulation import simulate

__all__ = ["measure_policy", "PolicyFigure"]


@dataclass(frozen=True)
class PolicyFigure:
    """How often a player using ``policy`` beat one using ``against`` over ``games`` games
    (half of them in each seat), with a 95% interval (normal approximation)."""

    preset: str
    policy: str
    against: str
    games: int
    wins: int
    draws: int

    @property
    def rate(self) -> float:
        return self.wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        half = 1.96 * math.sqrt(self.rate * (1 - self.rate) / self.games)
        return self.rate - half, self.rate + half

    def __str__(self) -> str:
        low, high = self.interval
        return (f"{self.preset}: {self.policy} against {self.against} wins {self.rate:.2%} "
                f"(95% interval {low:.2%} to {high:.2%}) of {self.games:,} games")


def measure_policy(preset: str | Rules, policy: str = "strong", against: str = "shuffle", games: int = 20_000,
                   seed: int = STRONG_SEED, **simulate_options: Any) -> PolicyFigure:
    """Play ``games`` games (an even number: half with ``policy`` in seat 1, half in seat 2,
    dealt from seeds ``seed`` and ``seed + 1``) and count the wins of the ``policy`` player.
    ``simulate_options`` go to :func:`war_widget.sim.simulation.simulate` (workers, executor, ...)."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 2 or games % 2:
        raise ValueError(f"games must be an even whole number >= 2 (half in each seat); got {games!r}")
    rules = as_rules(preset)
    name = rules.preset_name or "custom rules"
    simulate_options.setdefault("progress", False)
    first = simulate(rules.replace(gather=(policy, against)), games // 2, seed, **simulate_options)
    second = simulate(rules.replace(gather=(against, policy)), games // 2, seed + 1, **simulate_options)
    wins = int(np.count_nonzero(first.winners == 0) + np.count_nonzero(second.winners == 1))
    draws = int(np.count_nonzero(first.winners < 0) + np.count_nonzero(second.winners < 0))
    return PolicyFigure(name, policy, against, games, wins, draws)
