"""war_widget: the card game War in Jupyter.

The engine (cards, rules, engine, events, simulation) is pure Python and imports no widget
library; ``WarWidget`` and the other views are imported lazily on first use.
"""
from __future__ import annotations

from typing import Any

from .game.cards import Card
from .game.engine import Game, RoundRecord, TableCard
from .game.events import Outcome, Termination
from .game.rules import Rules
from .game.stats import GameStats

__all__ = ["Card", "Game", "GameStats", "Outcome", "RoundRecord", "Rules", "TableCard", "Termination",
           "simulate", "WarWidget", "CasinoWar", "CasinoWarWidget", "StealWarGame", "StealWarWidget"]
__version__ = "0.2.0"

_LAZY = {
    "simulate": ("war_widget.sim.simulation", "simulate"),
    "WarWidget": ("war_widget.views.war", "WarWidget"),
    "CasinoWar": ("war_widget.variants.casino.game", "CasinoWar"),
    "CasinoWarWidget": ("war_widget.views.casino", "CasinoWarWidget"),
    "StealWarGame": ("war_widget.variants.steal", "StealWarGame"),
    "StealWarWidget": ("war_widget.views.steal.widget", "StealWarWidget"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        module, attr = _LAZY[name]
        return getattr(importlib.import_module(module), attr)
    raise AttributeError(f"module 'war_widget' has no attribute {name!r}")
