"""Old path of war_widget.text.steal (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.text import steal as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.text.steal import _names, describe_event
    __all__ = ["_names", "describe_event"]

sys.modules[__name__] = _module
