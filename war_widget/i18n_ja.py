"""Old path of war_widget.text.i18n_ja (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.text import i18n_ja as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.text.i18n_ja import (
        _ERRORS,
        _FIELDS,
        JA,
        KIDS,
        OPTIONS,
        PRESET_NAMES,
        REASONS,
        describe_rules_ja,
        error_ja,
    )
    __all__ = ["_ERRORS", "_FIELDS", "describe_rules_ja", "error_ja", "JA", "KIDS", "OPTIONS",
               "PRESET_NAMES", "REASONS"]

sys.modules[__name__] = _module
