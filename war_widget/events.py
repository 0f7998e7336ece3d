"""Old path of war_widget.game.events (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.game import events as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.game.events import (
        EVENT_KINDS,
        Collected,
        Compared,
        Event,
        FaceDownLaid,
        Flipped,
        GameOver,
        Outcome,
        PlayerCards,
        PlayerOut,
        Returned,
        Shuffled,
        Termination,
        WarDeclared,
    )
    __all__ = ["Collected", "Compared", "Event", "EVENT_KINDS", "FaceDownLaid", "Flipped", "GameOver",
               "Outcome", "PlayerCards", "PlayerOut", "Returned", "Shuffled", "Termination",
               "WarDeclared"]

sys.modules[__name__] = _module
