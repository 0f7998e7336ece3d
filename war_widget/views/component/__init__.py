"""The War table as one anywidget component (``TableComponent``): drawn and timed in the browser."""
from __future__ import annotations

from .widget import TableComponent

__all__ = ["TableComponent"]
