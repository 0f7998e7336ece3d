"""Old path of war_widget.text.kanji_grades (moved); removed in the final sweep."""
import sys
from typing import TYPE_CHECKING

from war_widget.text import kanji_grades as _module

if TYPE_CHECKING:  # type checkers see the moved module's names here
    from war_widget.text.kanji_grades import GRADE1, GRADE2, UP_TO_GRADE2, beyond_grade2, is_kanji
    __all__ = ["beyond_grade2", "GRADE1", "GRADE2", "is_kanji", "UP_TO_GRADE2"]

sys.modules[__name__] = _module
