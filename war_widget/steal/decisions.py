"""Old path of war_widget.variants.steal.decisions (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.variants.steal import decisions as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.variants.steal.decisions import StealDecisions
    __all__ = ["StealDecisions"]

sys.modules[__name__] = _module
