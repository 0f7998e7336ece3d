"""Old path of war_widget.variants.steal.game (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.variants.steal import game as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.variants.steal.game import (
        FACE_DOWN,
        PRESET,
        Policy,
        StealWarGame,
        decode_steal_code,
        encode_steal_code,
    )
    __all__ = ["decode_steal_code", "encode_steal_code", "FACE_DOWN", "Policy", "PRESET", "StealWarGame"]

sys.modules[__name__] = _module
