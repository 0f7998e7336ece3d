"""The War table in Jupyter: ``WarWidget`` and its parts (layout, drawing, controls, chart,
results).  Imported lazily by ``war_widget.WarWidget`` so the engine never pulls in ipywidgets;
``WarWidget`` itself is imported on first use, so a part (``layout``) imports without the canvas
libraries (the browser site's Pyodide has no ipycanvas)."""
from __future__ import annotations

from typing import Any

__all__ = ["WarWidget"]


def __getattr__(name: str) -> Any:
    if name == "WarWidget":
        from .app import WarWidget

        return WarWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
