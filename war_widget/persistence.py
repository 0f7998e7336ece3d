"""Old path of war_widget.game.persistence (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.game import persistence as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.game.persistence import FORMAT, VERSION, game_from_json, game_to_json
    __all__ = ["FORMAT", "game_from_json", "game_to_json", "VERSION"]

sys.modules[__name__] = _module
