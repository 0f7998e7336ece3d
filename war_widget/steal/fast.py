"""Old path of war_widget.sim.steal (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.sim import steal as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.sim.steal import *  # noqa: F403

sys.modules[__name__] = _module
