"""Old path of war_widget.variants.casino (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.variants import casino as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.variants.casino import (
        CasinoWar,
        HandResult,
        OddsRow,
        Outcome,
        SplitMix64,
        expected_loss_given_tie,
        house_edge,
        house_edge_percent,
        odds_table,
        parse_rank,
        rank_name,
        tie_bet_edge,
        tie_bet_edge_percent,
        tie_probability,
        war_odds,
    )
    __all__ = ["CasinoWar", "expected_loss_given_tie", "HandResult", "house_edge", "house_edge_percent",
               "odds_table", "OddsRow", "Outcome", "parse_rank", "rank_name", "SplitMix64",
               "tie_bet_edge", "tie_bet_edge_percent", "tie_probability", "war_odds"]

sys.modules[__name__] = _module
