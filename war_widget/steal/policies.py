"""Old path of war_widget.variants.steal.policies (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.variants.steal import policies as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.variants.steal.policies import (
        _COPIES,
        _DECK_SIZE,
        POLICIES,
        _biggest,
        always_steal,
        card_win_chance,
        greedy,
        least_matchable_top,
        never_steal,
        random_policy,
        steal_threshold,
        winning_card_top,
    )
    __all__ = ["_biggest", "_COPIES", "_DECK_SIZE", "always_steal", "card_win_chance", "greedy",
               "least_matchable_top", "never_steal", "POLICIES", "random_policy", "steal_threshold",
               "winning_card_top"]

sys.modules[__name__] = _module
