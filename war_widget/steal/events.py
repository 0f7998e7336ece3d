"""Old path of war_widget.variants.steal.events (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.variants.steal import events as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.variants.steal.events import STEAL_EVENT_KINDS, Protected, StealDeclined, Stolen, Swapped, TopChosen
    __all__ = ["Protected", "STEAL_EVENT_KINDS", "StealDeclined", "Stolen", "Swapped", "TopChosen"]

sys.modules[__name__] = _module
