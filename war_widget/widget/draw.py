"""Painting layout operations on ipycanvas layers, batched.

Callers wrap a whole update (or a whole animation, frames separated by ``canvas.sleep``) in
one ``hold_canvas()`` so the browser gets one message.  Consecutive shapes of the same style are
sent as one ``fill_polygons`` / ``stroke_polygons`` call, and a style attribute is only sent
when it changes within the batch.
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from .layout import Circle, Line, Op, Shape, Text

__all__ = ["Painter", "rounded_rect", "FONT_FAMILY"]

FONT_FAMILY = "'Noto Sans', 'Noto Sans CJK JP', 'Hiragino Sans', 'Segoe UI', sans-serif"
_CORNER_STEPS = 3


def rounded_rect(x: float, y: float, w: float, h: float, r: float) -> np.ndarray:
    """The outline of a rounded rectangle as an (n, 2) array of points."""
    if r <= 0:
        return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], dtype=np.float32)
    r = min(r, w / 2, h / 2)
    pts = []
    for cx, cy, start in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90),
                          (x + r, y + r, 180)):
        for i in range(_CORNER_STEPS + 1):
            a = math.radians(start + 90 * i / _CORNER_STEPS)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return np.array(pts, dtype=np.float32)


class Painter:
    """Paints operations on one canvas layer; remembers the style sent within one batch."""

    def __init__(self, canvas) -> None:
        self.canvas = canvas
        self._style: dict[str, object] = {}

    def begin(self) -> None:
        """Forget the remembered style (call at the start of every held batch)."""
        self._style = {}

    def _set(self, name: str, value: object) -> None:
        if self._style.get(name) != value:
            setattr(self.canvas, name, value)
            self._style[name] = value

    def clear(self) -> None:
        self.canvas.clear()

    def paint(self, ops: Sequence[Op]) -> None:
        """Paint ``ops`` in order (consecutive shapes with the same style in one call)."""
        i = 0
        n = len(ops)
        while i < n:
            op = ops[i]
            if isinstance(op, Shape):
                j = i + 1
                key = (op.fill, op.stroke, op.line, op.dash)
                while j < n and isinstance(ops[j], Shape) and (ops[j].fill, ops[j].stroke, ops[j].line,
                                                               ops[j].dash) == key:
                    j += 1
                self._shapes(ops[i:j])
                i = j
                continue
            if isinstance(op, Text):
                self._text(op)
            elif isinstance(op, Line):
                self._line(op)
            elif isinstance(op, Circle):
                self._set("fill_style", op.fill)
                self.canvas.fill_circle(op.x, op.y, op.r)
            i += 1

    def _shapes(self, shapes: Sequence[Shape]) -> None:
        first = shapes[0]
        polys = [rounded_rect(s.x, s.y, s.w, s.h, s.radius) for s in shapes]
        if first.fill:
            self._set("fill_style", first.fill)
            if len(polys) == 1 and first.radius <= 0:
                self.canvas.fill_rect(first.x, first.y, first.w, first.h)
            else:
                self.canvas.fill_polygons(polys)
        if first.stroke and first.line:
            self._set("stroke_style", first.stroke)
            self._set("line_width", first.line)
            self._dash(first.dash)
            self.canvas.stroke_polygons(polys)

    def _dash(self, dash: tuple[float, ...]) -> None:
        if self._style.get("dash") != tuple(dash):
            self.canvas.set_line_dash(list(dash))
            self._style["dash"] = tuple(dash)

    def _text(self, op: Text) -> None:
        self._set("font", f"{'bold ' if op.bold else ''}{op.size}px {FONT_FAMILY}")
        self._set("fill_style", op.color)
        self._set("text_align", op.align)
        self._set("text_baseline", "middle")
        self.canvas.fill_text(op.text, op.x, op.y)

    def _line(self, op: Line) -> None:
        self._set("stroke_style", op.color)
        self._set("line_width", op.width)
        self._dash(op.dash)
        self.canvas.stroke_lines(list(op.points))
