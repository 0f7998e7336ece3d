"""Old path of war_widget.variants.steal.persistence (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.variants.steal import persistence as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.variants.steal.persistence import FORMAT, VERSION, steal_from_json, steal_to_json
    __all__ = ["FORMAT", "steal_from_json", "steal_to_json", "VERSION"]

sys.modules[__name__] = _module
