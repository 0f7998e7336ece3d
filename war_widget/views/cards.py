"""What the three tables (War, Steal War, Casino War) share on the Python side: the pip layout
of number cards and text sized to fit.  The cards themselves are drawn in the browser by
``views/component/table.js``; Python sends it ``PIPS`` in each table's setup.

Card faces a child can count: a number card 2-10 shows as many suit signs ("pips") as its
number, placed as on a printed card (two columns and a middle one: the 7 has 3 + 1 + 3, the 10
has 4 + 2 + 4), so "the 7♥ has seven hearts, count them" works on the screen too.
"""
from __future__ import annotations

__all__ = ["PIPS", "fit_size", "text_ems", "STEAL_COLOURS", "STEAL_GOLD", "STEAL_WHITE"]

_L, _C, _R = 0.0, 0.5, 1.0
# (column, row) of each pip in a unit box: the usual layout of a printed card
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_C, 0), (_C, 1)),
    3: ((_C, 0), (_C, 0.5), (_C, 1)),
    4: ((_L, 0), (_R, 0), (_L, 1), (_R, 1)),
    5: ((_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)),
    6: ((_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    7: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    8: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)),
    9: ((_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_C, 0.5), (_L, 2 / 3), (_R, 2 / 3), (_L, 1), (_R, 1)),
    10: ((_L, 0), (_R, 0), (_C, 1 / 6), (_L, 1 / 3), (_R, 1 / 3), (_L, 2 / 3), (_R, 2 / 3), (_C, 5 / 6),
         (_L, 1), (_R, 1)),
}

# The colours Steal War's display list names (views/steal/table.py): the two seats' count
# badges (the War table's first two SEAT_COLOURS in table.js; tests/views/test_colours.py holds
# them equal and checks them), the gold of "steal here" and the banner, white text.
STEAL_COLOURS = ("#2a6fd0", "#c84818")
STEAL_GOLD, STEAL_WHITE = "#ffd54f", "#ffffff"


def text_ems(text: str) -> float:
    """Rough width of ``text`` in ems: kana, kanji and full-width signs 1, other characters 0.6."""
    return sum(1.0 if ord(ch) >= 0x2E80 else 0.6 for ch in text)


def fit_size(text: str, size: int, width: float) -> int:
    """``size``, or smaller (not under 28 px) so ``text`` fits in ``width`` canvas px: a Japanese
    banner ("コンピューターの かち！") is twice as wide as its English ("Computer wins!")."""
    return max(28, min(size, int(width / max(text_ems(text), 0.1))))
