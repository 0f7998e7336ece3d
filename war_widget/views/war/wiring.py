"""The War widget's wiring: buttons and pickers call the session; after every action the
controls show the session's values again (``show_controls``).  A picker's observer acts only
when its value differs from the session's, so showing a value never starts an action: one owner
of each value, no flag to silence observers.  Also the rows of buttons and clicks and keys on
the canvas."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import ipywidgets as widgets

from . import classroom
from . import layout as L
from .controls import LENGTHS, RELABELLING, RULE_OPTIONS


def _when_changed(current: Callable[[], Any], act: Callable[[Any], Any]) -> Callable[[dict], None]:
    """An observer that acts only on a value the session does not hold already."""
    def handler(change: dict) -> None:
        new = change["new"]
        if id(change["owner"]) in RELABELLING or new is None or (new == current() and type(new) is type(current())):
            return
        act(new)
    return handler


def _refusal_noticed(w: Any, fn: Callable[[], Any]) -> None:
    """A button's action; a ValueError (a saved game that cannot be read) is said in the notice."""
    try:
        fn()
    except ValueError as exc:
        w.session.notify(str(exc))
        w.session.refresh("notice")


def getattr_of(s: Any, name: str) -> Any:
    return getattr(s.base_rules, name)


def wire(w: Any) -> None:
    s, c = w.session, w.controls
    c.flip_button.on_click(lambda _b: w.flip())
    c.step_button.on_click(lambda _b: w.step())
    c.fast_forward_button.on_click(lambda _b: w.fast_forward())
    c.new_game_button.on_click(lambda _b: w.new_game())
    c.replay_button.on_click(lambda _b: w.replay())
    c.resume_button.on_click(lambda _b: _refusal_noticed(w, w.resume))
    c.reset_records_button.on_click(lambda _b: w.reset_records())
    c.autoplay_toggle.observe(_when_changed(lambda: s.autoplay_on, w.autoplay), "value")
    c.speed_picker.observe(_when_changed(lambda: s.speed, w.set_speed), "value")
    c.preset.observe(_when_changed(lambda: s.base_rules.preset_name, w.set_rules), "value")
    for name, dropdown in c.options.items():
        dropdown.observe(_when_changed(partial(getattr_of, s, name), partial(w.set_option, name)), "value")
    c.length.observe(_when_changed(lambda: s.length, w.set_length), "value")
    c.opponent.observe(_when_changed(lambda: s.opponent if s.mode == "cpu" else s.mode, w.set_opponent), "value")
    c.aids.observe(_when_changed(lambda: s.aids, w.set_aids), "value")
    c.language.observe(_when_changed(lambda: s.lang, w.set_lang), "value")
    c.records.observe(_when_changed(lambda: s.recording, w.set_records), "value")
    c.game_number.continuous_update = False  # a pasted number counts on Enter (or leaving the box)
    c.game_number.observe(lambda ch: ch["new"].strip() and ch["new"].strip() != (s.game.code or "")
                          and w.replay(ch["new"].strip()), "value")


def show_controls(w: Any) -> None:
    """Every control shows the session's value (observers see no difference, so do nothing).
    A control is written only when it shows something else (a picker validates every write)."""
    s, c = w.session, w.controls
    base = s.base_rules

    def put(control: Any, value: Any) -> None:
        if control.value != value or type(control.value) is not type(value):
            control.value = value

    put(c.preset, base.preset_name)
    for name, dropdown in c.options.items():
        value = getattr(base, name)
        if value in RULE_OPTIONS[name]:
            put(dropdown, value)
    length = s.length
    put(c.length, length if length in LENGTHS else c.add_length(base.round_limit, s.reg))
    put(c.opponent, s.opponent if s.mode == "cpu" else s.mode)
    put(c.aids, s.aids)
    put(c.language, s.lang)
    put(c.records, s.recording)
    put(c.speed_picker, s.speed)
    put(c.autoplay_toggle, s.autoplay_on)
    put(c.game_number, s.game.code or "")


def build_children(w: Any) -> None:
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


def on_mouse_down(w: Any, x: float, y: float) -> None:
    view = w.table.shown_view or w.session.view()
    x, y = w.table.to_layout(x, y)
    for p in range(view.players):
        px, py, pw, ph = L.pile_at(view, p)
        if px - 20 <= x <= px + pw + 20 and py - 20 <= y <= py + ph + 20:
            if w.mode == "two_player":
                w.press(p)
            elif w.mode == "watch" or p == 0:
                w.flip()
            return


def on_key_down(w: Any, key: str) -> None:
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
