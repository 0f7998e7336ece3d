"""Old path of war_widget.text.casino (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.text import casino as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.text.casino import (
        _ERRORS,
        _VERDICT,
        SUIT_SYMBOLS,
        TEXT,
        casino_error,
        describe_hand,
        display_suits,
        money,
        signed,
        verdict_key,
    )
    __all__ = ["_ERRORS", "_VERDICT", "casino_error", "describe_hand", "display_suits", "money",
               "signed", "SUIT_SYMBOLS", "TEXT", "verdict_key"]

sys.modules[__name__] = _module
