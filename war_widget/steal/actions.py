"""Old path of war_widget.variants.steal.actions (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.variants.steal import actions as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.variants.steal.actions import PLAY, Action, ChooseTop, Play, Steal
    __all__ = ["Action", "ChooseTop", "PLAY", "Play", "Steal"]

sys.modules[__name__] = _module
