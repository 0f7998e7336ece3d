"""The class mode: a whole class plays at once, each child on a tablet, the teacher's board on the
projector (issue 31).  ``store`` (the class store the kernels share), ``seat`` (a child's page),
``board`` (the teacher's board), ``export`` (the results as CSV), ``qr`` (the address as a QR
code), ``serve`` (``python -m war_widget.classmode serve``: start a class).  See README.md here.

The widgets load only when first used, so ``import war_widget.classmode`` needs no Jupyter."""
from __future__ import annotations

from typing import Any

__all__ = ["ClassStore", "ClassSeat", "ClassBoard", "results_csv", "default_path"]


def __getattr__(name: str) -> Any:
    if name == "ClassStore":
        from .store import ClassStore
        return ClassStore
    if name == "ClassSeat":
        from .seat import ClassSeat
        return ClassSeat
    if name == "ClassBoard":
        from .board import ClassBoard
        return ClassBoard
    if name == "results_csv":
        from .export import results_csv
        return results_csv
    if name == "default_path":
        from .config import default_path
        return default_path
    raise AttributeError(f"module 'war_widget.classmode' has no attribute {name!r}")
