"""Old path of war_widget.variants.casino (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.variants import casino as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.variants.casino import *  # noqa: F403

sys.modules[__name__] = _module
