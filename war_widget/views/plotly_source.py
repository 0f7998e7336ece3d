"""plotly.js for the tables' charts, sent once per page on the browser's request.

A table does not carry plotly.js in a synced trait (4.9 MB in every table's state and in every
saved notebook, parsed again by each table): the first table on a page that needs a chart sends
``{"do": "plotly_js"}``, and the widget answers with one custom message holding Plotly's own
bundle (``plotly.offline.get_plotlyjs``, public); the page runs it once and every table of the
page shares it (``loadPlotly`` in ``table.js``).
"""
from __future__ import annotations

from functools import cache
from typing import Any

__all__ = ["PLOTLY_REQUEST", "answer", "plotly_js"]

PLOTLY_REQUEST = "plotly_js"


@cache
def plotly_js() -> str:
    """The plotly.js bundle the installed plotly package ships (read once per process)."""
    from plotly.offline import get_plotlyjs  # public: the bundle the package ships

    return str(get_plotlyjs())


def answer(widget: Any, content: object) -> bool:
    """Send plotly.js to ``widget``'s views if ``content`` asks for it; whether it did."""
    if not isinstance(content, dict) or content.get("do") != PLOTLY_REQUEST:
        return False
    widget.send({PLOTLY_REQUEST: plotly_js()})
    return True
