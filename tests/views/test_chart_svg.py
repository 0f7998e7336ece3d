"""The chart a served page (Voila) shows: SVG in an HTML widget, fed by the same history as the
Plotly chart of a notebook (Plotly's anywidget applies no update on Voila pages: chart.py)."""
from __future__ import annotations

import re

import ipywidgets as widgets
import plotly.graph_objects as go

from war_widget.views.war import WarWidget
from war_widget.views.war.chart import SvgCountChart
from war_widget.views.war.layout import SEAT_COLOURS, WAR_MARKER


def attribute(name: str, tag: str) -> str:
    """The value of attribute ``name`` of an SVG element (it must have it)."""
    found = re.search(rf' {name}="([^"]*)"', tag)
    assert found is not None, f"{name} missing in {tag}"
    return found.group(1)


def drawn(svg: str) -> dict[str, tuple[list[int], list[int], int]]:
    """name -> (x, y, number of drawn points) for each line, "wars" for the war markers."""
    out = {}
    for tag in re.findall(r"<(?:polyline|path) class=\"war-chart-[a-z]+\"[^>]*>", svg):
        name = "wars" if "war-chart-wars" in tag else attribute("data-name", tag)
        x = [int(v) for v in attribute("data-x", tag).split()]
        y = [int(v) for v in attribute("data-y", tag).split()]
        points = re.search(r'points="([^"]*)"', tag)
        n = len(points.group(1).split()) if points else attribute("d", tag).count("M")
        out[name] = (x, y, n)
    return out


def test_a_served_page_gets_the_svg_chart_and_it_follows_new_games_and_replays(monkeypatch):
    monkeypatch.setenv("VOILA_KERNEL_ID", "a-visitor")
    w = WarWidget(seed=3, records=False)
    assert isinstance(w.chart, widgets.HTML) and isinstance(w.chart_view, SvgCountChart)
    for _ in range(5):
        w.flip()
    lines = drawn(w.chart.value)
    assert lines["You"][:2] == ([0, 1, 2, 3, 4, 5], [26] + [c[0] for _, _, c in w.game.history])
    assert lines["You"][2] == 6 and lines["Computer"][2] == 6
    w.fast_forward()
    wars = [i + 1 for i, h in enumerate(w.game.history) if h[1]]
    assert drawn(w.chart.value)["wars"][0] == wars and drawn(w.chart.value)["wars"][2] == len(wars)
    w.new_game()
    w.flip()
    w.flip()
    lines = drawn(w.chart.value)
    assert lines["You"][0] == [0, 1, 2] and lines["You"][1][-1] == w.game.counts[0]
    w.replay(w.game.code)
    w.flip()
    assert drawn(w.chart.value)["Computer"] == ([0, 1], [26, w.game.counts[1]], 2)
    assert w.chart in w.children


def test_a_notebook_keeps_the_plotly_chart(monkeypatch):
    for name in ("VOILA_KERNEL_ID", "VOILA_BASE_URL", "VOILA_SERVER_URL", "VOILA_APP_PORT", "VOILA_REQUEST_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
    assert isinstance(WarWidget(seed=3, records=False).chart, go.FigureWidget)


def test_long_games_are_thinned_and_colours_and_words_follow():
    c = SvgCountChart(["A", "B"], title="T", war_label="war", round_label="round")
    c.reset(["A", "B"], [26, 26])
    history = [(0, int(i % 7 == 0), (26 + i % 3, 26 - i % 3)) for i in range(1, 2001)]
    assert c.sync(history) == 2000 and c.sync(history) == 0
    lines = drawn(c.figure.value)
    assert lines["A"][2] <= SvgCountChart.MAX_POINTS and lines["A"][0][0] == 0 and lines["A"][0][-1] == 2000
    assert len(c.figure.value) < 60_000, len(c.figure.value)
    assert c.series["x"] == list(range(2001)) and len(c.series["wars"]) == 2000 // 7
    assert f'stroke="{SEAT_COLOURS[0]}"' in c.figure.value and f'fill="{WAR_MARKER}"' in c.figure.value
    c.relabel(["あなた", "コンピューター"], "めくるたびの手札", "せんそう", "回")
    assert "めくるたびの手札" in c.figure.value and 'data-name="あなた"' in c.figure.value
    # round ticks are whole rounds, about eight of them
    ticks = [int(t) for t in re.findall(r'text-anchor="middle" fill="#444">(\d+)<', c.figure.value)]
    assert ticks == list(range(0, 2001, 250))
