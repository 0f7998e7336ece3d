"""The live chart: each player's count after every round (round 0 = the deal), and a marker on
every round that had a war.  A Plotly ``FigureWidget`` (an anywidget); points are appended inside
one ``batch_update`` per sync, so a round costs one message and a fast-forward also one."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from copy import deepcopy

import numpy as np
import plotly.graph_objects as go

from .layout import SEAT_COLOURS, WAR_MARKER

__all__ = ["CountChart"]


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
