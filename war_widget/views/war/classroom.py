"""The classroom glue of ``WarWidget``: the browser helper, staged text, the layout of the parts.

Kept out of ``app.py`` so the widget's controller stays small.  ``attach(w)`` creates the
front-end helper and the beat sync and wires them to the widget; ``stage_action`` shows an
action's text beat by beat as the table shows the beats; ``arrange`` builds the widget's
children ONCE with stable containers, so that a new game, a replay or a mode change never
destroys and rebuilds a child's view (Plotly's FigureWidget view froze when rebuilt: the old,
detached view kept listening and threw on every update, so the new one never got it).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ...game.events import Event
from ...text.i18n import label
from . import labels
from . import layout as L
from .frontend import FrontEnd
from .sync import BeatSync, narration_html

__all__ = ["attach", "stage_action", "arrange", "show_state"]

def attach(w: Any) -> None:
    """Give ``w`` its front-end helper (``w.frontend``) and beat sync (``w.beats``)."""
    w.beats = BeatSync(w.session.clock.now)
    w.frontend = FrontEnd(w.table.sentinel.model_id)
    relabel(w)

    def shown(seq: int) -> None:
        w.table.confirm(seq)
        w.beats.ack(seq)

    def resized(_width: float, _ratio: float, px: int) -> None:
        if w.table.resize(px):
            w.redraw()

    w.frontend.on_hello(w.beats.hello)
    w.frontend.on_shown(shown)
    w.frontend.on_resize(resized)
    w.controls.language.observe(lambda _change: relabel(w), "value")   # set to the language by the widget
    w.add_class("war-widget")
    c = w.controls
    c.progress_label.add_class("war-sr-only")   # the table's progress bar shows the round; once
    for part in (c.rules_line, c.notice, c.narration_box, c.flip_button):
        part.add_class("war-wide")
    c.flip_button.add_class("war-flip")


def relabel(w: Any) -> None:
    """The helper's words in the widget's language (and register)."""
    reg = w.session.reg
    w.frontend.fullscreen_label = label("fullscreen", reg)
    w.frontend.exit_label = label("exit_fullscreen", reg)


def show_state(w: Any) -> None:
    """Everything the text shows for the game as it is now (chart, labels, narration, results)."""
    w.chart_view.sync(w.game.history)
    labels.update_text(w)
    relabel(w)


def stage_action(w: Any, frames: Sequence[tuple[Event, L.TableView]], marks: Sequence[int],
                 final: int, seconds: float) -> None:
    """Show an action's text as the table shows it: each beat's sentence and round with the
    beat's mark, the whole state (chart, results) with the batch's last mark."""
    log = w.narration_log
    n, k = len(log), len(frames)
    for i, ((_event, view), seq) in enumerate(zip(frames, marks, strict=True)):
        if seq == final or not w.beats.live:
            break  # not animated, or the last beat: the final state covers it
        lines = log[:n - (k - 1 - i)][-8:]
        w.beats.stage(seq, seconds, lambda lines=lines, text=view.progress_text: _show_beat(w, lines, text))
    w.beats.stage(final, seconds, lambda: show_state(w))


def _show_beat(w: Any, lines: list[str], progress: str) -> None:
    w.narration_box.value = narration_html(lines)
    w.progress_label.value = progress


def arrange(w: Any, above: list[widgets.Widget], below: list[widgets.Widget]) -> None:
    """Put the parts in place: built once; later calls change only what sits above and below
    the table (player buttons or Flip), inside containers that stay."""
    c = w.controls
    if getattr(w, "_above_box", None) is None:
        w._above_box = widgets.VBox()
        w._below_box = widgets.VBox()
        row = widgets.HBox([c.step_button, c.autoplay_toggle, c.speed_picker, c.fast_forward_button,
                            c.new_game_button, w.frontend])
        number = widgets.HBox([c.game_number, c.replay_button, c.resume_button])
        row.add_class("war-row")
        number.add_class("war-row")
        w.children = [widgets.HBox([c.rules_line]), c.progress_label, w._above_box, w.canvas, w._below_box,
                      row, number, c.notice, c.narration_box, c.panel, w.chart, w.results]
    if list(w._above_box.children) != list(above):
        w._above_box.children = above
    if list(w._below_box.children) != list(below):
        w._below_box.children = below
