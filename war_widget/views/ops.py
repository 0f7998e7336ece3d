"""The drawing vocabulary of the tables: sizes, colours and the four draw operations.

Shared by every table: where things go (``war.layout``, ``steal.table``), the faces of the cards
(``cards``) and the painter (``draw``), so that none of them imports another for a colour.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SCALE", "CSS_WIDTH", "CSS_HEIGHT", "WIDTH", "HEIGHT", "RANK_PX", "FELT", "FELT_DARK", "INK",
           "RED", "BACK", "BACK_EDGE", "GOLD", "WHITE", "SEAT_COLOURS", "BAR_X", "BAR_W", "BAR_TOP",
           "BAR_BOTTOM", "WAR_MARKER", "Shape", "Text", "Line", "Circle", "Op"]

SCALE = 2
CSS_WIDTH, CSS_HEIGHT = 800, 500
WIDTH, HEIGHT = CSS_WIDTH * SCALE, CSS_HEIGHT * SCALE
RANK_PX = 76            # the rank glyph: 38 CSS px, above the 34 px the classroom needs
FELT, FELT_DARK, INK, RED = "#17693f", "#0f4d2d", "#1b1b1b", "#c62828"
BACK, BACK_EDGE, GOLD, WHITE = "#1d4f91", "#9ec1f0", "#ffd54f", "#ffffff"
# Seat colours: badges, count bar, chart lines.  Seats 1 and 2 carry white count text at WCAG AA
# (>= 4.5:1: 5.1 and 6.1) and stay apart from the felt and from each other under protanopia
# (a raspberry, not an orange-red, which a protanope sees as the felt's olive).
SEAT_COLOURS = ("#1f6fbf", "#b4266e", "#f2b01e", "#8e5bd6")
BAR_X, BAR_W, BAR_TOP, BAR_BOTTOM = 1530, 40, 90, 960
WAR_MARKER = "#1b1b1b"  # the chart's war markers: ink, unlike any seat's line


# --- draw operations ------------------------------------------------------------------------
@dataclass(frozen=True)
class Shape:
    """A rectangle with rounded corners (``radius``), filled and/or outlined."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    line: float = 0
    radius: float = 0
    dash: tuple[float, ...] = ()
    tag: str = ""


@dataclass(frozen=True)
class Text:
    """Text centred (or aligned) at ``(x, y)``; ``size`` in canvas pixels."""

    x: float
    y: float
    text: str
    size: int
    color: str = INK
    align: str = "center"
    bold: bool = True
    tag: str = ""


@dataclass(frozen=True)
class Line:
    points: tuple[tuple[float, float], ...]
    color: str
    width: float = 2
    dash: tuple[float, ...] = ()
    tag: str = ""


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float
    fill: str
    tag: str = ""


Op = Shape | Text | Line | Circle
