"""The live chart: each player's count after every round (round 0 = the deal), and a marker on
every round that had a war.  A Plotly ``FigureWidget`` (an anywidget); points are appended inside
one ``batch_update`` per sync, so a round costs one message and a fast-forward also one.
Served pages (Voila) get ``SvgCountChart``, the same chart as SVG in an HTML widget (why: its
docstring)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from copy import deepcopy

import numpy as np
import plotly.graph_objects as go

from .layout import SEAT_COLOURS, WAR_MARKER

__all__ = ["CountChart", "SvgCountChart", "svg_chart"]


class CountChart:
    """Keeps ``figure`` in step with a game's ``history``: ``sync(game)`` appends what is new."""

    def __init__(self, names: Sequence[str], title: str = "Cards held after each round",
                 war_label: str = "war", round_label: str = "round", width: int | None = None,
                 height: int = 280) -> None:
        self.figure = go.FigureWidget(layout=go.Layout(
            width=width, height=height, margin={"l": 50, "r": 10, "t": 36, "b": 40},
            title={"text": title, "font": {"size": 14}},
            xaxis={"title": {"text": round_label}, "tick0": 0, "dtick": 1, "tickformat": "d"},
            yaxis={"title": {"text": ""}, "rangemode": "tozero"},
            legend={"orientation": "h", "y": 1.02, "x": 1, "xanchor": "right", "yanchor": "bottom"}))
        self._names = list(names)
        self._war_label = war_label
        self._x: list[int] = []
        self._y: list[list[int]] = []
        self._war_x: list[int] = []
        self._war_y: list[int] = []
        self._pick: Callable[[int, bool], None] | None = None
        self._build_traces()

    def _build_traces(self) -> None:
        traces = [go.Scatter(x=[], y=[], mode="lines", name=name, line={"color": SEAT_COLOURS[p], "width": 2})
                  for p, name in enumerate(self._names)]
        traces.append(go.Scatter(x=[], y=[], mode="markers", name=self._war_label,
                                 marker={"symbol": "diamond", "size": 10, "color": WAR_MARKER,
                                         "line": {"color": "#ffffff", "width": 1}}))
        with self.figure.batch_update():
            self.figure.data = []
            self.figure.add_traces(traces)
        for trace in self.figure.data:
            trace.on_click(self._clicked)

    def on_pick(self, callback: Callable[[int, bool], None]) -> None:
        """Call ``callback(round, war)`` when a point (war=False) or a war marker (war=True) of
        the chart is clicked in the browser."""
        self._pick = callback

    def _clicked(self, trace, points, _state=None) -> None:
        if self._pick is None or not points.xs:
            return
        self._pick(int(points.xs[0]), trace is self.figure.data[-1])

    @property
    def rounds_shown(self) -> int:
        """Rounds drawn so far (the deal is round 0 and is not counted)."""
        return max(len(self._x) - 1, 0)

    def reset(self, names: Sequence[str], dealt: Sequence[int], title: str | None = None,
              war_label: str | None = None, round_label: str | None = None) -> None:
        """Start over for a new game: one point per player at round 0 (the deal)."""
        if war_label is not None:
            self._war_label = war_label
        if list(names) != self._names or len(self.figure.data) != len(names) + 1:
            self._names = list(names)
            self._build_traces()
        self._x, self._y = [0], [[c] for c in dealt]
        self._war_x, self._war_y = [], []
        with self.figure.batch_update():
            self._push()
            self._ticks()
            if title is not None:
                self.figure.layout.title.text = title
            if round_label is not None:
                self.figure.layout.xaxis.title.text = round_label
            self.figure.data[-1].name = self._war_label
        self._keep_state(layout=True)

    def sync(self, history: Sequence[tuple[int | None, int, tuple[int, ...]]]) -> int:
        """Append the rounds of ``history`` not shown yet (one message); returns how many."""
        new = history[self.rounds_shown:]
        if not new:
            return 0
        start = self.rounds_shown
        for i, (_, wars, counts) in enumerate(new, start=start + 1):
            self._x.append(i)
            for p, c in enumerate(counts):
                self._y[p].append(c)
            if wars:
                self._war_x.append(i)
                self._war_y.append(counts[0])
        with self.figure.batch_update():
            self._push()
            changed = self._ticks()
        self._keep_state(layout=changed)
        return len(new)

    def _ticks(self) -> bool:
        """Whole-round ticks, about eight of them (plotly would put ticks at 0.2, 0.4 ... early
        in a game); True if the spacing changed (one small layout update when it does)."""
        rounds = max(self.rounds_shown, 1)
        step = next(d for d in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10 ** 9)
                    if rounds / d <= 8)
        if self.figure.layout.xaxis.dtick == step:
            return False
        self.figure.layout.xaxis.dtick = step
        return True

    def _keep_state(self, layout: bool = False) -> None:
        """Keep the figure's synced state current without sending it again.

        FigureWidget sends updates as one-off messages and refreshes its ``_widget_data`` state
        only when displayed on its own; inside a VBox a front end that connects later (Voila, a
        reloaded page) would build the chart from the stale state.  Writing the value quietly
        means a new view asks for the current data, while a live view still gets one small
        update message per round."""
        values = self.figure._trait_values
        values["_widget_data"] = [dict(trace) for trace in self.figure._data]  # arrays are replaced, never mutated
        if layout:
            values["_widget_layout"] = deepcopy(self.figure._layout_obj._props)

    def _push(self) -> None:
        # numpy arrays: plotly validates them ~7x faster than lists and sends them as binary
        x = np.asarray(self._x, dtype=np.int32)
        for p in range(len(self._names)):
            self.figure.data[p].x = x
            self.figure.data[p].y = np.asarray(self._y[p], dtype=np.int32)
        self.figure.data[-1].x = np.asarray(self._war_x, dtype=np.int32)
        self.figure.data[-1].y = np.asarray(self._war_y, dtype=np.int32)

    def relabel(self, names: Sequence[str], title: str, war_label: str, round_label: str) -> None:
        """New words (a language change) without touching the points."""
        with self.figure.batch_update():
            for p, name in enumerate(names):
                self.figure.data[p].name = name
            self._names = list(names)
            self._war_label = war_label
            self.figure.data[-1].name = war_label
            self.figure.layout.title.text = title
            self.figure.layout.xaxis.title.text = round_label
        self._keep_state(layout=True)


class SvgCountChart:
    """The same chart as :class:`CountChart`, drawn as SVG in a plain ``ipywidgets.HTML``: what
    served pages (Voila) show.

    Why: Plotly's FigureWidget is an anywidget whose front end is a 5 MB ES module carried in
    every figure's state.  A Voila page builds every widget model of the notebook at once when it
    connects, so the browser imports one 5 MB module per figure together; anywidget gives a model
    2 s to load its module and, past that, awaits the rejected start-up for every later message
    (``_handle_comm_msg`` awaits ``runtime.ready``): the page logs ``[anywidget] Failed to
    initialize model`` and the chart never applies an update.  An HTML widget has no module to
    load.  Each sync sends the whole picture (a few kB; long games are thinned to at most
    ``MAX_POINTS`` points per line); the full series stay in ``series`` for scripts and tests."""

    MAX_POINTS = 400
    W, H = 800, 280                      # viewBox units; the SVG scales to the output's width
    L, R, T, B = 50, 10, 36, 40          # margins, as the Plotly chart's

    def __init__(self, names: Sequence[str], title: str = "Cards held after each round",
                 war_label: str = "war", round_label: str = "round", width: int | None = None,
                 height: int = 280) -> None:
        import ipywidgets as widgets

        self.figure = widgets.HTML(layout=widgets.Layout(width="100%" if width is None else f"{width}px"))
        self.figure.add_class("war-chart-box")
        self._names = list(names)
        self._title, self._war_label, self._round_label = title, war_label, round_label
        self._x: list[int] = []
        self._y: list[list[int]] = [[] for _ in self._names]
        self._war_x: list[int] = []
        self._war_y: list[int] = []
        self._draw()

    def on_pick(self, callback: Callable[[int, bool], None]) -> None:
        """Clicking a point needs Plotly: the SVG chart shows, it does not pick (kept for the API)."""

    @property
    def rounds_shown(self) -> int:
        return max(len(self._x) - 1, 0)

    @property
    def series(self) -> dict[str, list[int]]:
        """Every point drawn so far: rounds, each player's counts, the war rounds."""
        lines = {n: list(y) for n, y in zip(self._names, self._y, strict=True)}
        return {"x": list(self._x), **lines, "wars": list(self._war_x)}

    def reset(self, names: Sequence[str], dealt: Sequence[int], title: str | None = None,
              war_label: str | None = None, round_label: str | None = None) -> None:
        self._names = list(names)
        self._title = title if title is not None else self._title
        self._war_label = war_label if war_label is not None else self._war_label
        self._round_label = round_label if round_label is not None else self._round_label
        self._x, self._y = [0], [[c] for c in dealt]
        self._war_x, self._war_y = [], []
        self._draw()

    def sync(self, history: Sequence[tuple[int | None, int, tuple[int, ...]]]) -> int:
        new = history[self.rounds_shown:]
        if not new:
            return 0
        if not self._x:       # synced before any reset: the deal is unknown, start from the first round
            self._x, self._y = [0], [[c] for c in new[0][2]]
        for i, (_, wars, counts) in enumerate(new, start=self.rounds_shown + 1):
            self._x.append(i)
            for p, c in enumerate(counts):
                self._y[p].append(c)
            if wars:
                self._war_x.append(i)
                self._war_y.append(counts[0])
        self._draw()
        return len(new)

    def relabel(self, names: Sequence[str], title: str, war_label: str, round_label: str) -> None:
        self._names = list(names)
        self._title, self._war_label, self._round_label = title, war_label, round_label
        self._draw()

    def _draw(self) -> None:
        self.figure.value = svg_chart(self._names, self._x, self._y, self._war_x, self._war_y, self._title,
                                      self._war_label, self._round_label, self.MAX_POINTS)


def _thin(n: int, most: int) -> list[int]:
    """Indices of at most ``most`` of ``n`` points, evenly spread, the first and last kept."""
    if n <= most:
        return list(range(n))
    step = (n - 1) / (most - 1)
    return sorted({round(i * step) for i in range(most)})


def svg_chart(names: Sequence[str], x: Sequence[int], ys: Sequence[Sequence[int]], war_x: Sequence[int],
              war_y: Sequence[int], title: str, war_label: str, round_label: str, most: int = 400) -> str:
    """The count chart as an SVG string (viewBox 800 x 280): one line per player, a diamond on
    every war round, whole-round ticks, a legend; ``data-x``/``data-y`` on each line and the
    markers say exactly what is drawn (for assistive tech the figure has a one-line summary)."""
    from html import escape

    k = SvgCountChart
    W, H, L, R, T, B = k.W, k.H, k.L, k.R, k.T, k.B
    rounds = max((x[-1] if x else 0), 1)
    top = max([max(y) for y in ys if y] + [1])
    step_y = next(d for d in (1, 2, 5, 10, 20, 25, 50, 100) if top / d <= 6)
    top = -(-top // step_y) * step_y
    step_x = next(d for d in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10 ** 9)
                  if rounds / d <= 8)

    def px(r: float) -> float:
        return round(L + (W - L - R) * r / rounds, 1)

    def py(c: float) -> float:
        return round(H - B - (H - T - B) * c / top, 1)

    out = [f'<svg class="war-chart" viewBox="0 0 {W} {H}" width="100%" role="img" '
           f'preserveAspectRatio="xMidYMid meet" style="max-width:100%;height:auto;font-family:sans-serif">']
    summary = ", ".join(f"{n} {y[-1]}" for n, y in zip(names, ys, strict=True) if y)
    out.append(f"<title>{escape(title)}: {escape(summary)} ({escape(round_label)} {rounds if x else 0})</title>")
    out.append(f'<text x="{L}" y="20" font-size="14" fill="#222">{escape(title)}</text>')
    for c in range(0, top + 1, step_y):
        out.append(f'<line x1="{L}" x2="{W - R}" y1="{py(c)}" y2="{py(c)}" stroke="#e3e3e3"/>'
                   f'<text x="{L - 6}" y="{py(c) + 4}" font-size="11" text-anchor="end" fill="#444">{c}</text>')
    for r in range(0, rounds + 1, step_x):
        out.append(f'<text x="{px(r)}" y="{H - B + 16}" font-size="11" text-anchor="middle" fill="#444">{r}</text>')
    out.append(f'<line x1="{L}" x2="{W - R}" y1="{H - B}" y2="{H - B}" stroke="#888"/>'
               f'<text x="{(L + W - R) / 2}" y="{H - 6}" font-size="12" text-anchor="middle" fill="#222">'
               f'{escape(round_label)}</text>')
    keep = _thin(len(x), most)
    for p, (name, y) in enumerate(zip(names, ys, strict=True)):
        xs, vs = [x[i] for i in keep if i < len(y)], [y[i] for i in keep if i < len(y)]
        points = " ".join(f"{px(a)},{py(b)}" for a, b in zip(xs, vs, strict=True))
        out.append(f'<polyline class="war-chart-line" data-name="{escape(name)}" data-x="{" ".join(map(str, xs))}" '
                   f'data-y="{" ".join(map(str, vs))}" points="{points}" fill="none" '
                   f'stroke="{SEAT_COLOURS[p]}" stroke-width="2" stroke-linejoin="round"/>')
    marks = _thin(len(war_x), most)
    wx, wy = [war_x[i] for i in marks], [war_y[i] for i in marks]
    diamonds = "".join(f"M{px(a)},{py(b) - 6}l6,6l-6,6l-6,-6z" for a, b in zip(wx, wy, strict=True))
    out.append(f'<path class="war-chart-wars" data-name="{escape(war_label)}" data-x="{" ".join(map(str, wx))}" '
               f'data-y="{" ".join(map(str, wy))}" d="{diamonds}" fill="{WAR_MARKER}" stroke="#ffffff"/>')
    lx = W - R
    for label_text, colour, diamond in reversed([*((n, SEAT_COLOURS[p], False) for p, n in enumerate(names)),
                                                 (war_label, WAR_MARKER, True)]):
        width = 24 + 7 * len(label_text)
        lx -= width
        mark = (f'<path d="M{lx + 8},{18}l5,5l-5,5l-5,-5z" fill="{colour}"/>' if diamond else
                f'<line x1="{lx}" x2="{lx + 16}" y1="23" y2="23" stroke="{colour}" stroke-width="2"/>')
        out.append(f'{mark}<text x="{lx + 20}" y="27" font-size="12" fill="#222">{escape(label_text)}</text>')
    out.append("</svg>")
    return "".join(out)
