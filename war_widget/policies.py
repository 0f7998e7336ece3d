"""Old path of war_widget.game.policies (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.game import policies as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.game.policies import (
        STRONG_FIGURES,
        STRONG_GAMES,
        STRONG_SEED,
        named_order,
        strength_index,
        strong_keys,
        strong_order,
    )
    __all__ = ["named_order", "strength_index", "STRONG_FIGURES", "STRONG_GAMES", "strong_keys",
               "strong_order", "STRONG_SEED"]

sys.modules[__name__] = _module
