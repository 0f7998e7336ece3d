"""Old path of war_widget.game.rules (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.game import rules as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.game.rules import (
        _BASE,
        _PRESET_RULES,
        CAPTURES,
        DEALS,
        DECKS,
        GATHER_ORDERS,
        GOALS,
        JOKER_DEALS,
        PRESETS,
        RANK_ORDERS,
        SHORTAGES,
        SUIT_STRENGTH,
        TIEBREAKS,
        WAR_PLAYERS,
        ZEROS,
        GatherPolicy,
        GatherSpec,
        Rules,
        _check_policy_signature,
        _choice,
        _is_one_of,
    )
    __all__ = ["_BASE", "_check_policy_signature", "_choice", "_is_one_of", "_PRESET_RULES", "CAPTURES",
               "DEALS", "DECKS", "GATHER_ORDERS", "GatherPolicy", "GatherSpec", "GOALS", "JOKER_DEALS",
               "PRESETS", "RANK_ORDERS", "Rules", "SHORTAGES", "SUIT_STRENGTH", "TIEBREAKS",
               "WAR_PLAYERS", "ZEROS"]

sys.modules[__name__] = _module
