"""The War table in Jupyter: ``WarWidget`` and its parts (layout, drawing, controls, chart,
results).  Imported lazily by ``war_widget.WarWidget`` so the engine never pulls in ipywidgets."""
from __future__ import annotations

from .app import WarWidget

__all__ = ["WarWidget"]
