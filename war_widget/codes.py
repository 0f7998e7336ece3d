"""Old path of war_widget.game.codes (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.game import codes as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.game.codes import (
        _CODE,
        _SEED_MAX,
        _VALUE_MAX,
        _format_value,
        _parse_value,
        decode_code,
        encode_code,
    )
    __all__ = ["_CODE", "_format_value", "_parse_value", "_SEED_MAX", "_VALUE_MAX", "decode_code",
               "encode_code"]

sys.modules[__name__] = _module
