"""The War widget's words around the table, shown from the session's values: the notice line,
the rules line, the progress label, the narration box (which follows the picture, not the game:
classroom.py stages it), the results panel."""
from __future__ import annotations

import html
from typing import Any

from ...text.i18n import describe_rules, label
from .a11y import name_table
from .sync import narration_html

LOG_LINES = 8


def show_notice(w: Any) -> None:
    text = w.session.notice
    value = f"<span role='alert'>{html.escape(text)}</span>" if text else ""
    if w.notice.value != value:
        w.notice.value = value


def update_text(w: Any) -> None:
    """Everything the words show for the game as it stands (once the picture shows it)."""
    s = w.session
    reg = s.reg
    if reg != w._labelled:  # the aids or the preset changed the register
        w._labelled = reg
        w.controls.relabel(reg)
        w.chart_view.relabel(s.names, label("chart_title", reg), label("chart_war", reg), label("chart_round", reg))
    w.rules_line.value = f"<b>{html.escape(describe_rules(s.game.rules, reg))}</b>"
    show_notice(w)
    if w.beats.busy:  # the picture has not reached the last beat: its text comes with it
        return
    w.progress_label.value = s.progress()[1]
    w.narration_box.value = narration_html(s.narration_log[-LOG_LINES:])
    w.results.update(s, 0 if s.mode == "cpu" else None)
    w.guess.refresh()                     # the answer buttons, the score on the results
    w.history.refresh()                   # the Back button
    name_table(w)                         # the canvas's accessible name says the counts
