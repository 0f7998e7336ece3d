"""Steal War's view: ``table`` (where things lie, the picture the browser draws, the flying
piles) and ``widget`` (``StealWarWidget``: the anywidget component over the session)."""
from __future__ import annotations

from .table import CARD_H, CARD_W, CSS_HEIGHT, CSS_WIDTH, StealView, card_code, pile_xy, steal_beat, steal_picture
from .widget import OPPONENTS, StealWarWidget

__all__ = ["StealWarWidget", "StealView", "steal_picture", "steal_beat", "card_code", "pile_xy", "OPPONENTS",
           "CSS_WIDTH", "CSS_HEIGHT", "CARD_W", "CARD_H"]
