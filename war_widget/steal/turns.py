"""Old path of war_widget.variants.steal.turns (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.variants.steal import turns as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.variants.steal.turns import StealTurns
    __all__ = ["StealTurns"]

sys.modules[__name__] = _module
