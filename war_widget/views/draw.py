"""Painting layout operations on ipycanvas layers, batched.

Callers wrap a whole update (or a whole animation, frames separated by ``canvas.sleep``) in
one ``hold_canvas()`` so the browser gets one message.  To keep that message small and cheap to
build: shapes are painted in order, consecutive shapes of one style as one ``fill_polygons`` /
``stroke_polygons`` call; texts come after the shapes (the layout never covers a text with a
shape), grouped by font and colour; a style attribute is sent only when it changes within the
batch, as a raw ``set`` command (going through the Canvas traits costs ~0.1 ms per attribute
and would send nothing more).
"""
from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import numpy as np
from ipycanvas import hold_canvas
from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS, Canvas

from .ops import Circle, Line, Op, Shape, Text

__all__ = ["Painter", "rounded_rect", "FONT_FAMILY", "held"]

FONT_FAMILY = "'Noto Sans', 'Noto Sans CJK JP', 'Hiragino Sans', 'Segoe UI', sans-serif"
_CORNER_STEPS = 2
_SET = COMMANDS["set"]
_OUTLINES: dict[tuple[float, float, float], np.ndarray] = {}


def _outline(w: float, h: float, r: float) -> np.ndarray:
    key = (w, h, r)
    pts = _OUTLINES.get(key)
    if pts is None:
        if r <= 0:
            pts = np.array([[0, 0], [w, 0], [w, h], [0, h]], dtype=np.int16)
        else:
            r = min(r, w / 2, h / 2)
            corners = []
            for cx, cy, start in ((w - r, r, -90), (w - r, h - r, 0), (r, h - r, 90), (r, r, 180)):
                for i in range(_CORNER_STEPS + 1):
                    a = math.radians(start + 90 * i / _CORNER_STEPS)
                    corners.append((round(cx + r * math.cos(a)), round(cy + r * math.sin(a))))
            pts = np.array(corners, dtype=np.int16)
        _OUTLINES[key] = pts
    return pts


@contextmanager
def held() -> Iterator[None]:
    """``hold_canvas()`` (everything drawn inside goes as one message) that also recovers when
    drawing fails: ipycanvas's version would leave every canvas holding its commands forever."""
    try:
        with hold_canvas():
            yield
    except BaseException:
        _CANVAS_MANAGER._caching = False
        _CANVAS_MANAGER._commands_cache = []
        _CANVAS_MANAGER._buffers_cache = []
        raise


def rounded_rect(x: float, y: float, w: float, h: float, r: float) -> np.ndarray:
    """The outline of a rounded rectangle as an (n, 2) array of whole canvas pixels (int16: half
    the bytes of float32, and the canvas is drawn at twice its CSS size anyway)."""
    return _outline(w, h, r) + np.array([round(x), round(y)], dtype=np.int16)


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
            self.canvas._canvas_manager.send_command(self.canvas, [_SET, [Canvas.ATTRS[name], value]])
            self._style[name] = value

    def clear(self) -> None:
        self.canvas.clear()

    def paint(self, ops: Sequence[Op]) -> None:
        """Paint the shapes of ``ops`` in order, then the texts grouped by style."""
        texts: list[Text] = []
        run: list[Shape] = []
        key = None
        for op in ops:
            if isinstance(op, Text):
                texts.append(op)
                continue
            if isinstance(op, Shape):
                style = (op.fill, op.stroke, op.line, op.dash)
                if run and style != key:
                    self._shapes(run)
                    run = []
                run.append(op)
                key = style
                continue
            if run:
                self._shapes(run)
                run = []
            if isinstance(op, Line):
                self._line(op)
            elif isinstance(op, Circle):
                self._set("fill_style", op.fill)
                self.canvas.fill_circle(op.x, op.y, op.r)
        if run:
            self._shapes(run)
        texts.sort(key=lambda t: (t.size, t.bold, t.color, t.align))
        for text in texts:
            self._text(text)

    def _shapes(self, shapes: Sequence[Shape]) -> None:
        first = shapes[0]
        plain = len(shapes) == 1 and first.radius <= 0  # one square rectangle: plain JSON, no buffers
        polys = [] if plain else [rounded_rect(s.x, s.y, s.w, s.h, s.radius) for s in shapes]
        if first.fill:
            self._set("fill_style", first.fill)
            if plain:
                self.canvas.fill_rect(first.x, first.y, first.w, first.h)
            else:
                self.canvas.fill_polygons(polys)
        if first.stroke and first.line:
            self._set("stroke_style", first.stroke)
            self._set("line_width", first.line)
            self._dash(first.dash)
            if plain:
                self.canvas.stroke_rect(first.x, first.y, first.w, first.h)
            else:
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
