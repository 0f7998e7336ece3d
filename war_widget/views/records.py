"""The widget's records: ``war_widget.session.records`` (the records store's one interface), under
the name the views and their tests have always imported."""
from __future__ import annotations

from ..session.records import FORMAT, VERSION, Records, default_path, game_slot, in_memory, store_path

__all__ = ["Records", "in_memory", "default_path", "store_path", "game_slot", "FORMAT", "VERSION"]
