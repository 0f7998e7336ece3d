"""Old path of war_widget.game.save_check (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.game import save_check as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.game.save_check import (
        SaveError,
        _check_between_rounds,
        _check_cards,
        _check_history,
        _check_out,
        _check_outcome,
        _check_pending,
        _check_round,
        _check_tie,
        _codes,
        _round_start_counts,
        check_game,
    )
    __all__ = ["_check_between_rounds", "_check_cards", "_check_history", "_check_out",
               "_check_outcome", "_check_pending", "_check_round", "_check_tie", "_codes",
               "_round_start_counts", "check_game", "SaveError"]

sys.modules[__name__] = _module
