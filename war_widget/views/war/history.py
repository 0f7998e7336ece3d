"""Back and jump in the widget: the Back button, clicks on the chart, and the row under the
table.  Undo and the jumps themselves are the session's (``war_widget.session.history``)."""
from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ...text.i18n import label
from .a11y import TableName

__all__ = ["BackView"]


class BackView:
    """The Back button of one widget (and the chart's clicks)."""

    def __init__(self, widget: Any) -> None:
        self.w = widget
        reg = widget.session.reg
        self.button = widgets.Button(description=label("back", reg), tooltip=label("back_tip", reg),
                                     disabled=True, layout=widgets.Layout(width="120px"))
        self.button.on_click(lambda _b: self.clicked())
        self.labeller = TableName()                                # the canvas's role and name
        self.row = widgets.HBox([self.button, widget.guess.box, self.labeller])   # under the table
        self._lang = reg
        pick = getattr(widget.chart_view, "on_pick", None)
        if pick is not None:
            pick(self.picked)

    @property
    def furthest(self) -> int:
        return int(self.w.session.history.furthest)

    @property
    def _checkpoints(self) -> list[Any]:
        return list(self.w.session.history._checkpoints)

    def refresh(self) -> None:
        """The Back button: usable when there is something to undo; in the widget's language."""
        can = self.w.session.can_go_back
        if self.button.disabled == can:
            self.button.disabled = not can
        reg = self.w.session.reg
        if self._lang != reg:
            self._lang = reg
            self.button.description = label("back", reg)
            self.button.tooltip = label("back_tip", reg)

    def clicked(self) -> None:
        """The Back button (and the Backspace key): as ``back()``, a refusal shown as a notice."""
        try:
            self.w.back()
        except ValueError as exc:
            self.w.session.notify(str(exc))
            self.w.session.refresh("notice")

    def picked(self, round_number: int, war: bool) -> None:
        """A click on the chart: a point jumps to the end of its round; a war marker to just
        before that round, so Step walks through the war beat by beat."""
        s = self.w.session
        n = max(0, min(round_number - 1 if war else round_number, self.furthest))
        try:
            self.w.goto_round(n)
        except ValueError as exc:              # a scripted deal's rounds before its saved position
            s.notify(str(exc))
            s.refresh("notice")
            return
        if war:
            s.notify(label("goto_war_hint", s.reg, n=round_number))
            s.refresh("notice")
