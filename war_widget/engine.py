"""Old path of war_widget.game.engine (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.game import engine as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.game.engine import _BEATS, PHASES, Game, RoundRecord, TableCard, Termination, _deal, as_rules
    __all__ = ["_BEATS", "_deal", "as_rules", "Game", "PHASES", "RoundRecord", "TableCard",
               "Termination"]

sys.modules[__name__] = _module
