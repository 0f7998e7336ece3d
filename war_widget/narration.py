"""Old path of war_widget.text.narration (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.text import narration as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.text.narration import (
        _HANDLERS,
        _WAR_WORD_EN,
        _YOU,
        _count_list,
        _en_collect,
        _en_compare,
        _en_face_down,
        _en_flip,
        _en_game_over,
        _en_out,
        _en_return,
        _en_shuffle,
        _en_war,
        _ja_card,
        _ja_collect,
        _ja_compare,
        _ja_counts,
        _ja_face_down,
        _ja_flip,
        _ja_game_over,
        _ja_laying,
        _ja_out,
        _ja_return,
        _ja_shuffle,
        _ja_war,
        _kid_card,
        _kid_collect,
        _kid_compare,
        _kid_counts,
        _kid_face_down,
        _kid_flip,
        _kid_game_over,
        _kid_laying,
        _kid_out,
        _kid_return,
        _kid_shuffle,
        _kid_war,
        _low_beats_ace_note,
        _players,
        _v,
        _war_word,
        card_text,
        default_names,
        narrate,
    )
    __all__ = ["_count_list", "_en_collect", "_en_compare", "_en_face_down", "_en_flip",
               "_en_game_over", "_en_out", "_en_return", "_en_shuffle", "_en_war", "_HANDLERS",
               "_ja_card", "_ja_collect", "_ja_compare", "_ja_counts", "_ja_face_down", "_ja_flip",
               "_ja_game_over", "_ja_laying", "_ja_out", "_ja_return", "_ja_shuffle", "_ja_war",
               "_kid_card", "_kid_collect", "_kid_compare", "_kid_counts", "_kid_face_down",
               "_kid_flip", "_kid_game_over", "_kid_laying", "_kid_out", "_kid_return", "_kid_shuffle",
               "_kid_war", "_low_beats_ace_note", "_players", "_v", "_war_word", "_WAR_WORD_EN", "_YOU",
               "card_text", "default_names", "narrate"]

sys.modules[__name__] = _module
