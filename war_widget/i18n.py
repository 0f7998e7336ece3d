"""Old path of war_widget.text.i18n (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.text import i18n as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.text.i18n import (
        _JA_ADDED,
        _OPTIONS,
        _PRESET_NAMES_EN,
        _REASONS,
        LABELS,
        LANGS,
        REGISTERS,
        _check_register,
        check_lang,
        counts_text,
        describe_rules,
        error_text,
        join_names,
        label,
        notice_text,
        option_text,
        player_names,
        preset_text,
        reason_text,
        register,
        value_text,
    )
    __all__ = ["_check_register", "_JA_ADDED", "_OPTIONS", "_PRESET_NAMES_EN", "_REASONS", "check_lang",
               "counts_text", "describe_rules", "error_text", "join_names", "label", "LABELS", "LANGS",
               "notice_text", "option_text", "player_names", "preset_text", "reason_text", "register",
               "REGISTERS", "value_text"]

sys.modules[__name__] = _module
