"""Steal War's view: ``table`` (what is shown, its draw operations, the flying piles) and
``widget`` (``StealWarWidget``: buttons and clicks to the game's actions)."""
from __future__ import annotations

from .table import CARD_H, CARD_W, CSS_HEIGHT, CSS_WIDTH, FRAMES, SCALE, StealView, flight_ops, pile_xy, steal_table_ops
from .widget import OPPONENTS, StealWarWidget

__all__ = ["StealWarWidget", "StealView", "steal_table_ops", "flight_ops", "pile_xy", "OPPONENTS", "SCALE",
           "CSS_WIDTH", "CSS_HEIGHT", "CARD_W", "CARD_H", "FRAMES"]
