"""The War widget's wiring: buttons and pickers to the public methods, controls kept in step
with the state without their observers firing (``sync``), the rows of buttons, and clicks and
keys on the canvas."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from . import classroom
from . import layout as L
from .controller import TIME_LIMIT
from .controls import LENGTHS, RULE_OPTIONS

if TYPE_CHECKING:
    from .app import WarWidget


def wire(w: WarWidget) -> None:
    c = w.controls
    c.flip_button.on_click(lambda _b: w.flip())
    c.step_button.on_click(lambda _b: w.step())
    c.fast_forward_button.on_click(lambda _b: w.fast_forward())
    c.new_game_button.on_click(lambda _b: w.new_game())
    c.replay_button.on_click(lambda _b: w.replay())
    c.resume_button.on_click(lambda _b: w.resume())
    c.reset_records_button.on_click(lambda _b: w.reset_records())
    c.autoplay_toggle.observe(w._observed(lambda v: w.autoplay(v)), "value")
    c.speed_picker.observe(w._observed(w.set_speed), "value")
    c.preset.observe(w._observed(lambda v: None if v is None else w.set_rules(v)), "value")
    for name, dropdown in c.options.items():
        dropdown.observe(w._observed(partial(w.set_option, name)), "value")
    c.length.observe(w._observed(w.set_length), "value")
    c.opponent.observe(w._observed(w.set_opponent), "value")
    c.aids.observe(w._observed(w.set_aids), "value")
    c.language.observe(w._observed(w.set_lang), "value")
    c.records.observe(w._observed(w.set_records), "value")
    c.game_number.continuous_update = False  # a pasted number counts on Enter (or leaving the box)
    c.game_number.observe(w._observed(lambda v: v.strip() and v.strip() != (w.game.code or "")
                                      and w.replay(v.strip())), "value")


def observed(w: WarWidget, fn: Callable[[Any], Any]) -> Callable[[dict], None]:
    def handler(change: dict) -> None:
        if not w._syncing:
            fn(change["new"])
    return handler


def sync(w: WarWidget, fn: Callable[[], Any]) -> None:
    """Change controls to match the state without their observers acting."""
    old, w._syncing = w._syncing, True
    try:
        fn()
    finally:
        w._syncing = old


def sync_controls(w: WarWidget) -> None:
    c = w.controls
    base = w._base_rules

    def apply() -> None:
        c.preset.value = base.preset_name
        for name, dropdown in c.options.items():
            value = getattr(base, name)
            if value in RULE_OPTIONS[name]:
                dropdown.value = value
        if w._time_limit is not None:
            c.length.value = "3min" if w._time_limit == TIME_LIMIT else c.length.value
        elif base.round_limit is None:
            c.length.value = "none"
        elif str(base.round_limit) in LENGTHS:
            c.length.value = str(base.round_limit)
        else:
            c.length.value = c.add_length(base.round_limit, w._reg)
        c.opponent.value = w.opponent if w.mode == "cpu" else w.mode
        c.aids.value = w.aids
        c.language.value = w.lang
        c.records.value = w._recording
        c.speed_picker.value = w.speed
        c.autoplay_toggle.value = w._autoplay_on
        c.game_number.value = w.game.code or ""
    w._sync(apply)


def build_children(w: WarWidget) -> None:
    c = w.controls
    two = w.mode == "two_player"
    names = w.names
    if two:
        if [b.description for b in w.player_buttons] != names:
            for b in w.player_buttons:
                b.close()
            w.player_buttons = c.make_player_buttons(names)
            for p, b in enumerate(w.player_buttons):
                b.on_click(lambda _b, p=p: w.press(p))
    else:
        for b in w.player_buttons:
            b.close()
        w.player_buttons = []
    above: list[widgets.Widget] = []
    below: list[widgets.Widget] = []
    if two and len(w.player_buttons) == 2:
        above, below = [w.player_buttons[1]], [w.player_buttons[0]]
    elif two:
        below = [widgets.HBox(w.player_buttons)]
    else:
        below = [c.flip_button]
    below = [*below, w.history.row]     # Back, and the answers of "Which is bigger?"
    classroom.arrange(w, above, below)  # built once: no child's view is destroyed and rebuilt


def on_mouse_down(w: WarWidget, x: float, y: float) -> None:
    view = getattr(w, "_shown_view", None) or w._view()
    x, y = w.table.to_layout(x, y)
    for p in range(view.players):
        px, py, pw, ph = L.pile_at(view, p)
        if px - 20 <= x <= px + pw + 20 and py - 20 <= y <= py + ph + 20:
            if w.mode == "two_player":
                w.press(p)
            elif w.mode == "watch" or p == 0:
                w.flip()
            return


def on_key_down(w: WarWidget, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
    if w.guess.key(key):                # > = < answer "Which is bigger?"
        return
    if key == "Backspace":
        w.history.clicked()
        return
    if key in (" ", "Spacebar", "Enter"):
        if w.mode != "two_player":
            w.flip()
    elif w.mode == "two_player" and key.isdigit() and 1 <= int(key) <= w.game.rules.players:
        w.press(int(key) - 1)
