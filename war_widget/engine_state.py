"""Old path of war_widget.game.engine_state (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.game import engine_state as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.game.engine_state import (
        COLLECT,
        COMPARE,
        FLIP,
        LAY,
        OVER,
        PHASES,
        START,
        WAR,
        GameState,
        RoundRecord,
        TableCard,
        as_rules,
        deal,
    )
    __all__ = ["as_rules", "COLLECT", "COMPARE", "deal", "FLIP", "GameState", "LAY", "OVER", "PHASES",
               "RoundRecord", "START", "TableCard", "WAR"]

sys.modules[__name__] = _module
