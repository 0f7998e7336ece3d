"""The War table in Jupyter and marimo: ``WarWidget`` (one anywidget component over a
``WarSession``) and its results.  Imported lazily by ``war_widget.WarWidget`` so the engine
never pulls in the widget libraries; ``WarWidget`` itself is imported on first use."""
from __future__ import annotations

from typing import Any

__all__ = ["WarWidget"]


def __getattr__(name: str) -> Any:
    if name == "WarWidget":
        from .app import WarWidget

        return WarWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
