"""Old path of war_widget.variants.steal.state (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.variants.steal import state as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.variants.steal.state import (
        _SEED_MAX,
        FACE_DOWN,
        PRESET,
        WAR_NEED,
        Policy,
        StealState,
        _check_players,
        _check_policies,
        decode_steal_code,
        encode_steal_code,
    )
    __all__ = ["_check_players", "_check_policies", "_SEED_MAX", "decode_steal_code",
               "encode_steal_code", "FACE_DOWN", "Policy", "PRESET", "StealState", "WAR_NEED"]

sys.modules[__name__] = _module
