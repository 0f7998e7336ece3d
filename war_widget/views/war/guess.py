""""Which is bigger?" in the widget: the three answer buttons and the feedback line.  The
question, the answers and the score are the session's (``war_widget.session.guess``)."""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ...session.guess import ANSWERS, KEYS, check_answer
from ...text.i18n import label

__all__ = ["ANSWERS", "GuessView", "check_answer"]

_WORD = {">": "guess_bigger", "=": "guess_same", "<": "guess_smaller"}


class GuessView:
    """The answer row of one widget."""

    def __init__(self, widget: Any) -> None:
        self.w = widget
        self.buttons = {a: widgets.Button(description=a, layout=widgets.Layout(width="190px", height="64px"),
                                          button_style="warning") for a in ANSWERS}
        for a, button in self.buttons.items():
            button.style.font_size = "28px"
            button.style.font_weight = "bold"
            button.on_click(lambda _b, a=a: self.w.answer(a))
        self.feedback_line = widgets.HTML(layout=widgets.Layout(width="200px"))
        widget.results.extras.append(self.results_line)
        self.box = widgets.HBox([*self.buttons.values(), self.feedback_line],
                                layout=widgets.Layout(display=None if self.on else "none"))

    @property
    def _guess(self) -> Any:
        return self.w.session.guess

    @property
    def on(self) -> bool:
        return bool(self._guess.on)

    @property
    def mode(self) -> str:
        """The number mode asked in ("number", "to10", or "rules": the game's own order)."""
        return str(self._guess.mode)

    @property
    def asking(self) -> bool:
        return bool(self._guess.asking)

    @property
    def feedback(self) -> str:
        return str(self._guess.feedback)

    @property
    def score(self) -> tuple[int, int]:
        return self._guess.score

    def key(self, key: str) -> bool:
        """A key on the table: > = < (or . ,) answer.  True if it was one of them."""
        if not self.on or key not in KEYS:
            return False
        if self.asking:
            self.w.answer(KEYS[key])
        return True

    def results_line(self, lang: str) -> tuple[str, dict[str, Any]]:
        """The score as a line of the results panel, and ``numbers["guess"]`` (when guessing)."""
        g = self._guess
        if not g.on and not g.asked:
            return "", {}
        row = (f"<p>{html.escape(label('res_guess', lang))} "
               f"<b>{html.escape(label('res_guess_value', lang, right=g.right, asked=g.asked))}</b></p>")
        return row, {"guess": g.score}

    def widgets(self) -> list[widgets.Widget]:
        return [self.box] if self.on else []

    def refresh(self) -> None:
        """Buttons usable only while a question waits; words in the widget's language."""
        display = None if self.on else "none"
        if self.box.layout.display != display:
            self.box.layout.display = display
        if not self.on:
            return
        lang = self.w.session.reg
        asking = self.asking
        q = self._guess.current()                  # a question waiting: its words ("Kの ほうが 大きい")
        for a, button in self.buttons.items():
            words = q.buttons[a] if q is not None else label(_WORD[a], lang)
            if button.description != f"{a}  {words}":
                button.description = f"{a}  {words}"
                button.tooltip = words
        for button in self.buttons.values():
            if button.disabled == asking:
                button.disabled = not asking
        value = (f"<div role='status' aria-live='polite' style='font-size:24px;font-weight:bold'>"
                 f"{html.escape(self.feedback)}</div>")
        if self.feedback_line.value != value:
            self.feedback_line.value = value
