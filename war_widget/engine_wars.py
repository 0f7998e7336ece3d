"""Old path of war_widget.game.engine_wars (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.game import engine_wars as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.game.engine_wars import WarEngine
    __all__ = ["WarEngine"]

sys.modules[__name__] = _module
