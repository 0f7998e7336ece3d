"""Old path of war_widget.game.stats (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.game import stats as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.game.stats import GameStats, _check_history, _whole
    __all__ = ["_check_history", "_whole", "GameStats"]

sys.modules[__name__] = _module
