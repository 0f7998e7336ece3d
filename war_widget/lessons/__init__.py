"""Lessons a teacher can run without preparation: teacher's guides and printables (issue 18).

``build(folder)`` writes every guide (HTML and Markdown) and every printable (HTML) in English and
Japanese; ``python -m war_widget.lessons FOLDER`` does the same from a shell.
"""
from __future__ import annotations

from .build import build

__all__ = ["build"]
