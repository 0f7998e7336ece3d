"""The batch simulator: many two-player games of War at once, in numpy arrays.

It plays the engine's rules exactly, game for game: game ``i`` of a simulation is dealt and
shuffled from ``simulation.game_seed(seed, i)`` with the same SplitMix64 draws the engine makes
(vectorised in ``_rng``), so ``Game(rules, game_seed(seed, i))`` replays any game it played.
``simulation.simulate`` uses it whenever :func:`supports` says so (two players, named gather
orders); the tests compare it with the engine deal by deal.

>>> from war_widget import Game
>>> from war_widget.simulation import game_seed
>>> lengths, winners, reasons, wars = simulate_range("pagat", seed=1, start=0, stop=2)
>>> game = Game("pagat", game_seed(1, 1))
>>> outcome = game.play_to_end()
>>> int(lengths[1]) == game.round_number and int(winners[1]) == outcome.winner
True
"""
from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

from ..engine import as_rules
from ..rules import Rules
from ._plan import REASON_CODES, Plan, unsupported_reason
from ._runner import Results, run_games
from ._source import DealSource, SeedSource

__all__ = ["supports", "unsupported_reason", "simulate_range", "play_deals", "REASON_CODES"]


def supports(rules: Rules | str) -> bool:
    """Whether the batch simulator can play these rules."""
    return unsupported_reason(as_rules(rules)) is None


def simulate_range(rules: Rules | str, seed: int, start: int, stop: int, max_rounds: int | None = 100_000, *,
                   progress: Callable[[int], None] | None = None) -> Results:
    """Play games ``start .. stop-1`` of the simulation seeded ``seed``: per game its length in
    rounds (int32), winner (int8, -1 for none), reason (int8 index of ``Termination``) and the
    number of rounds that had a war (int32)."""
    plan = Plan.compile(as_rules(rules))
    return run_games(plan, SeedSource(plan, seed), np.arange(start, stop, dtype=np.int64), max_rounds,
                     progress=progress)


def play_deals(rules: Rules | str, deals: Sequence, states: Sequence[int] | None = None,
               max_rounds: int | None = 100_000) -> Results:
    """Play given deals (e.g. ``Game.dealt`` of engine games): one pair of hands per game, top
    card first, with the generator state each game continues from (default 0)."""
    plan = Plan.compile(as_rules(rules))
    source = DealSource(plan, deals, states)
    return run_games(plan, source, np.arange(len(source), dtype=np.int64), max_rounds)
