"""Old path of war_widget.variants.steal.game_json (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.variants.steal import game_json as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.variants.steal.game_json import (
        _EVENTS,
        _PHASES,
        FORMAT,
        VERSION,
        G,
        _action_from_json,
        _action_to_json,
        _codes,
        _dec,
        _event_from_dict,
        dumps,
        loads,
    )
    __all__ = ["_action_from_json", "_action_to_json", "_codes", "_dec", "_event_from_dict", "_EVENTS",
               "_PHASES", "dumps", "FORMAT", "G", "loads", "VERSION"]

sys.modules[__name__] = _module
