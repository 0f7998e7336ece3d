"""The War widget's words around the table: the notice line, the rules line, the progress label,
the narration box (which follows the picture, not the game: classroom.py stages it), the results
panel, and the end-of-game banner."""
from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ...text.i18n import describe_rules, label
from .a11y import name_table
from .sync import narration_html

if TYPE_CHECKING:
    from .app import WarWidget

LOG_LINES = 8


def notify(w: WarWidget, text: str) -> None:
    w.notice.value = f"<span role='alert'>{html.escape(text)}</span>"


def update_text(w: WarWidget) -> None:
    reg = w._reg
    if reg != w._labelled:  # the aids or the preset changed the register
        w._labelled = reg
        w._sync(lambda: w.controls.relabel(reg))
        w.chart_view.relabel(w.names, label("chart_title", reg), label("chart_war", reg),
                             label("chart_round", reg))
    w.rules_line.value = f"<b>{html.escape(describe_rules(w.game.rules, w._reg))}</b>"
    if w.beats.busy:  # the picture has not reached the last beat: its text comes with it
        return
    w.progress_label.value = w._progress()[1]
    if len(w.narration_log) != w._shown_log:
        w.narration_box.value = narration_html(w.narration_log[-LOG_LINES:])
        w._shown_log = len(w.narration_log)
    w.results.update(w.game, w.names, w._reg, 0 if w.mode == "cpu" else None, w.record)
    w.guess.refresh()                     # the answer buttons, the score on the results
    w.history.refresh()                   # the Back button
    name_table(w)                         # the canvas's accessible name says the counts


def end_banner(w: WarWidget) -> str | None:
    o = w.game.outcome
    if o is None:
        return None
    if o.winning_team is not None:
        return label("banner_team", w._reg, n=o.winning_team + 1)
    if o.winner is not None:
        if w.mode == "cpu" and o.winner == 0:
            return label("banner_you", w._reg)
        return label("banner_win", w._reg, name=w.names[o.winner])
    if o.loser is not None:
        return label("banner_loser", w._reg, name=w.names[o.loser])
    return label("banner_draw", w._reg)
