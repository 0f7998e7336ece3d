"""Old path of war_widget.sim.steal (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.sim import steal as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.sim.steal import (
        _CHANCE,
        _COPIES_OF,
        _DECK,
        _RANK,
        FAST_POLICIES,
        PAIRINGS,
        SeatBias,
        StealSimulation,
        _check_count,
        _engine,
        _play,
        _policy,
        fast_game,
        format_table,
        policy_table,
        seat_bias,
        simulate_steal,
        wilson,
    )
    __all__ = ["_CHANCE", "_check_count", "_COPIES_OF", "_DECK", "_engine", "_play", "_policy", "_RANK",
               "fast_game", "FAST_POLICIES", "format_table", "PAIRINGS", "policy_table", "seat_bias",
               "SeatBias", "simulate_steal", "StealSimulation", "wilson"]

sys.modules[__name__] = _module
