"""Old path of war_widget.game.rng (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.game import rng as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.game.rng import _GOLDEN, MASK64, SplitMix64, T, _word, new_seed
    __all__ = ["_GOLDEN", "_word", "MASK64", "new_seed", "SplitMix64", "T"]

sys.modules[__name__] = _module
