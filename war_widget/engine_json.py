"""Old path of war_widget.game.engine_json (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.game import engine_json as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.game.engine_json import (
        _EVENT_CLASSES,
        FORMAT,
        VERSION,
        G,
        _Bad,
        _bool,
        _card,
        _cards,
        _codes,
        _dec,
        _event,
        _int,
        _list,
        _load,
        _outcome,
        _seat,
        _seats,
        dumps,
        encode_value,
        event_to_dict,
        loads,
    )
    __all__ = ["_Bad", "_bool", "_card", "_cards", "_codes", "_dec", "_event", "_EVENT_CLASSES", "_int",
               "_list", "_load", "_outcome", "_seat", "_seats", "dumps", "encode_value",
               "event_to_dict", "FORMAT", "G", "loads", "VERSION"]

sys.modules[__name__] = _module
