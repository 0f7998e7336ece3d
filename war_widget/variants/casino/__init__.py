"""Casino War: the player against the dealer from a shoe, with exact odds.

The same shape as every variant: the game (``game``: the session, bet, deal, war or surrender,
built on ``hands``: ranks, outcomes, the record of a hand) and its policies, which here are the two
fixed choices on a tie, with their exact costs (``odds``).  A session has no save module: it is
replayed from its seed.  Its text is ``war_widget.text.casino``, its view ``war_widget.views.casino``.

>>> table = CasinoWar.from_shoe(["K", "7", "9", "9", "2", "3", "4", "Q", "J"])
>>> table.play_hand(10).outcome
Outcome.WIN
>>> house_edge(6, "war")
Fraction(142853, 4965115)
"""
from __future__ import annotations

from ...game.rng import SplitMix64
from .game import CasinoWar
from .hands import HandResult, Outcome, parse_rank, rank_name
from .odds import (
                   OddsRow,
                   expected_loss_given_tie,
                   house_edge,
                   house_edge_percent,
                   odds_table,
                   tie_bet_edge,
                   tie_bet_edge_percent,
                   tie_probability,
                   war_odds,
)

__all__ = [
    "CasinoWar", "HandResult", "Outcome", "OddsRow", "SplitMix64",
    "house_edge", "house_edge_percent", "tie_bet_edge", "tie_bet_edge_percent",
    "tie_probability", "war_odds", "expected_loss_given_tie", "odds_table",
    "parse_rank", "rank_name",
]
