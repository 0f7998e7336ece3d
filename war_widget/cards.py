"""Old path of war_widget.game.cards (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.game import cards as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.game.cards import (
        _JOKER_NAMES,
        _RANK_FROM_TEXT,
        _SYMBOL_TO_SUIT,
        JOKER,
        JOKER_COLOURS,
        RANK_NAMES,
        SUIT_SYMBOLS,
        SUITS,
        Card,
        make_deck,
    )
    __all__ = ["_JOKER_NAMES", "_RANK_FROM_TEXT", "_SYMBOL_TO_SUIT", "Card", "JOKER", "JOKER_COLOURS",
               "make_deck", "RANK_NAMES", "SUIT_SYMBOLS", "SUITS"]

sys.modules[__name__] = _module
