"""The buttons, pickers and the rules panel of the War widget (ipywidgets), with their labels
in English or Japanese.  No game logic here: ``app.WarWidget`` wires every control to a method."""
from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

from ...game.rules import Rules
from ...session.options import LENGTHS, OPPONENTS, RULE_OPTIONS, SPEEDS
from ...text.i18n import label, option_text, preset_text

__all__ = ["Controls", "SPEEDS", "LENGTHS", "OPPONENTS", "RULE_OPTIONS"]

_OPPONENT_LABEL = {"easy": "opp_easy", "strong": "opp_strong", "two_player": "opp_two", "watch": "opp_watch"}

WIDTH = "100%"   # of the widget; classroom CSS keeps the wide parts as wide as the table


def _pairs(values, lang: str, name: str | None = None) -> list[tuple[str, object]]:
    return [(option_text(v, lang, name), v) for v in values]


class Controls:
    """Every control widget, created once; ``relabel(lang)`` changes the words only."""

    def __init__(self, lang: str) -> None:
        wide = widgets.Layout(width=WIDTH, height="48px")
        self.flip_button = widgets.Button(button_style="primary", layout=wide, icon="clone")
        self.flip_button.style.font_size = "20px"
        self.player_buttons: list[widgets.Button] = []
        self.step_button = widgets.Button(icon="step-forward", layout=widgets.Layout(width="110px"))
        self.autoplay_toggle = widgets.ToggleButton(value=False, icon="play", layout=widgets.Layout(width="120px"))
        self.speed_picker = widgets.ToggleButtons(options=[(s, s) for s in SPEEDS], value="normal",
                                                  style={"button_width": "80px"})
        self.fast_forward_button = widgets.Button(icon="fast-forward", layout=widgets.Layout(width="130px"))
        self.new_game_button = widgets.Button(icon="refresh", layout=widgets.Layout(width="140px"))
        self.game_number = widgets.Text(layout=widgets.Layout(width="360px"))
        self.replay_button = widgets.Button(layout=widgets.Layout(width="100px"))
        self.resume_button = widgets.Button(button_style="info", layout=widgets.Layout(width="140px", display="none"))
        self.progress_label = widgets.Label()
        self.rules_line = widgets.HTML(layout=widgets.Layout(width=WIDTH))
        self.notice = widgets.HTML(layout=widgets.Layout(width=WIDTH))
        self.narration_box = widgets.HTML(layout=widgets.Layout(width=WIDTH, min_height="7em"))
        # the rules panel
        self.preset = widgets.Dropdown(options=Rules.presets())
        self.options = {name: widgets.Dropdown(options=values) for name, values in RULE_OPTIONS.items()}
        self.length = widgets.Dropdown(options=LENGTHS)
        self.opponent = widgets.Dropdown(options=OPPONENTS)
        self.aids = widgets.Checkbox(value=False, indent=False)
        self.language = widgets.Dropdown(options=[("English", "en"), ("日本語", "ja")], value=lang[:2])
        self.records = widgets.Checkbox(value=True, indent=False)
        self.reset_records_button = widgets.Button(layout=widgets.Layout(width="160px"))
        self._labels: dict[str, widgets.Label] = {}
        rows = []
        for key, control in [("preset", self.preset), *[(k, v) for k, v in self.options.items()],
                             ("length", self.length), ("opponent", self.opponent), ("aids", self.aids),
                             ("language", self.language), ("records", self.records)]:
            text = widgets.Label(layout=widgets.Layout(width="200px"))
            self._labels[key] = text
            rows.append(widgets.HBox([text, control]))
        rows.append(self.reset_records_button)
        self.panel = widgets.Accordion(children=[widgets.VBox(rows)], selected_index=None,
                                       layout=widgets.Layout(width=WIDTH))
        self.relabel(lang)

    def make_player_buttons(self, names: list[str]) -> list[widgets.Button]:
        """One wide button per player (two players on one device)."""
        self.player_buttons = [widgets.Button(description=n, button_style="primary",
                                              layout=widgets.Layout(width=WIDTH if len(names) == 2 else "195px",
                                                                    height="44px"))
                               for n in names]
        return self.player_buttons

    def relabel(self, lang: str) -> None:
        """Set every visible word in ``lang`` (a register: "ja_kids" too; values stay as they are)."""
        self.flip_button.description = label("flip", lang)
        self.step_button.description = label("step", lang)
        self.autoplay_toggle.description = label("autoplay", lang)
        self.fast_forward_button.description = label("fast_forward", lang)
        self.new_game_button.description = label("new_game", lang)
        self.replay_button.description = label("replay", lang)
        self.resume_button.description = label("resume", lang)
        self.reset_records_button.description = label("reset_records", lang)
        for button in (self.flip_button, self.step_button, self.autoplay_toggle, self.fast_forward_button,
                       self.new_game_button, self.replay_button, self.resume_button, self.reset_records_button):
            button.tooltip = button.description  # never unset: a ToggleButton shows None as "null"
        self.game_number.description = label("game_number", lang)
        self.game_number.style.description_width = "initial"
        for key, text in self._labels.items():
            text.value = label(key, lang)
        self.panel.set_title(0, label("rules", lang))
        _relabel(self.speed_picker, [(label(s, lang), s) for s in SPEEDS])
        _relabel(self.length, [(label(f"len_{v}", lang), v) for v in LENGTHS]
                 + [(label("len_n", lang, n=v), v) for _, v in _custom(self.length)])
        _relabel(self.opponent, [(label(_OPPONENT_LABEL[v], lang), v) for v in OPPONENTS])
        for name, values in RULE_OPTIONS.items():
            _relabel(self.options[name], _pairs(values, lang, name))
        presets = [(preset_text(p, lang), p) for p in Rules.presets()]
        _relabel(self.preset, presets + [(preset_text(None, lang), None)])

    def add_length(self, rounds: int, lang: str) -> str:
        """A length option for a round limit not in the list (from a pasted game number)."""
        key = str(rounds)
        if key not in [v for _, v in self.length.options]:
            text = label("len_n", lang, n=rounds)
            _relabel(self.length, list(self.length.options) + [(text, key)])
        return key


def _custom(dropdown: widgets.Dropdown) -> list[tuple[str, str]]:
    return [(t, v) for t, v in dropdown.options if v not in LENGTHS] if dropdown.options and \
        isinstance(dropdown.options[0], tuple) else []


def _relabel(picker, options: Sequence[tuple[str, object]]) -> None:
    """Replace a picker's options keeping its value (ipywidgets resets it otherwise)."""
    value = picker.value
    RELABELLING.add(id(picker))      # the value passes through the first option: no one acts on it
    try:
        with picker.hold_trait_notifications():
            picker.options = options
        # Set after the hold: inside it, the options' own reset to the first value lands last.
        if value in [v for _, v in options] and picker.value != value:
            picker.value = value
    finally:
        RELABELLING.discard(id(picker))


RELABELLING: set[int] = set()   # pickers whose options are being replaced (their value changes are not choices)
