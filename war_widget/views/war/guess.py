""""Which is bigger?": the guessing mode of ``WarWidget(..., guess=True)``.

After a flip the round waits, both cards face up (the engine has played the flip beat, so
``game.table`` holds them), until the child says how the first card (the bottom seat: you, or
player 1) compares with the other: ``answer(">")``, ``"="`` or ``"<"`` (three big buttons, or
the keys > = <).  The engine then plays its compare beat, and the answer is checked against the
engine's own result (its winner, or the tie): "Right!", or the comparison written out ("9 > 7").
Then the round goes on; each new pair of a war is asked again.  ``score`` is (right, asked).

The round is advanced only with ``Game.step`` and ``Game.play_round`` (no rule is evaluated
here): beats are stepped up to the next two-card flip, and the rest of a decided round is left to
``play_round``.
"""
from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ...game.events import Compared, Event, Flipped
from ...text.i18n import label

if TYPE_CHECKING:
    from ...game.engine import Game
    from .app import WarWidget

__all__ = ["ANSWERS", "Guess", "check_answer"]

ANSWERS = (">", "=", "<")
_KEYS = {">": ">", "=": "=", "<": "<", ".": ">", ",": "<"}   # also the unshifted keys of > and <
_WORD = {">": "guess_bigger", "=": "guess_same", "<": "guess_smaller"}


def _glyph(card) -> str:
    return "JOKER" if card.is_joker else card.rank_name


class Guess:
    """The question state of one widget, its buttons and the feedback line."""

    def __init__(self, widget: WarWidget, on: bool = False) -> None:
        self.w = widget
        self.on = bool(on)
        self.question: Flipped | None = None  # the flip being asked about
        self.by_step = False                  # asked after a Step: the answer plays one beat
        self.right = 0
        self.asked = 0
        self.feedback = ""
        self._prompted = False
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
        self._lang: str | None = None

    # --- state -------------------------------------------------------------------------------
    @property
    def score(self) -> tuple[int, int]:
        """(right, asked) in this game."""
        return (self.right, self.asked)

    @property
    def asking(self) -> bool:
        """A question waits for its answer (dropped if the game moved on, e.g. fast-forward)."""
        q = self.question
        game = self.w.game
        if q is not None and (game.phase != "compare" or q.round != game.round_number + 1):
            self.question = None
        return self.question is not None

    def set(self, on: bool) -> None:
        """Turn the questions on or off (a question waiting is dropped: Flip finishes the round)."""
        self.on = on
        self.box.layout.display = None if on else "none"
        if not on and self.question is not None:
            self.question, self.feedback = None, ""
            self.w._aid = None
            self.w.redraw()
        self.w._update_text()                    # the buttons, the score line on the results

    def reset(self) -> None:
        """A new game: no question, score 0 of 0."""
        self.question, self.by_step, self.right, self.asked, self.feedback = None, False, 0, 0, ""
        self._prompted = False

    def capture(self) -> Any:
        """The state Back restores."""
        return (self.question if self.asking else None, self.by_step, self.right, self.asked, self.feedback)

    def restore(self, state: Any) -> None:
        if state is None:
            self.question, self.by_step, self.feedback = None, False, ""
        else:
            self.question, self.by_step, self.right, self.asked, self.feedback = state
        self._prompted = False
        if self.question is not None:
            self.w._aid = self._ask_text(self.question)

    # --- hooks for the widget's actions ----------------------------------------------------------
    def play_round(self) -> Any:
        """What Flip plays: the whole round, or (guessing) up to the next question."""
        game = self.w.game
        if not self.on:
            return game.play_round()
        if self.asking:
            self._prompt()
            return None
        self._advance(game, by_step=False)
        return None

    def blocks(self) -> bool:
        """Step (and two players' presses) wait for the answer too (True: say so, play nothing)."""
        if self.on and self.asking:
            self._prompt()
            return True
        return False

    def after_step(self, event: Event | None) -> None:
        """A Step that turned up two cards asks about them."""
        if self.on and isinstance(event, Flipped) and self._askable(event):
            self._ask(event, by_step=True)

    def key(self, key: str) -> bool:
        """A key on the table: > = < (or . ,) answer.  True if it was one of them."""
        if not self.on or key not in _KEYS:
            return False
        if self.asking:
            self.w.answer(_KEYS[key])
        return True

    def answer(self, symbol: str) -> bool | None:
        """The child's answer (the widget's ``answer``, inside its action queue)."""
        w = self.w
        if not self.asking:
            w._notify(label("guess_none", w._reg))
            return None
        result: list[bool] = []
        frames = w._record(lambda: result.append(self._answer(w.game, symbol)))
        w._after(frames, animate=True)
        return result[0] if result else None

    # --- internals ---------------------------------------------------------------------------------
    def _askable(self, event: Event) -> bool:
        return isinstance(event, Flipped) and len(event.cards) == 2 and not event.reused

    def _ask_text(self, event: Flipped) -> str:
        (_, a), (_, b) = event.cards
        return f"{_glyph(a)} ? {_glyph(b)}"

    def _ask(self, event: Flipped, by_step: bool) -> None:
        self.question, self.by_step, self._prompted = event, by_step, False
        self.w._aid = self._ask_text(event)
        self.w.narration_log.append(label("guess_ask", self.w._reg, a=_glyph(event.cards[0][1]),
                                         b=_glyph(event.cards[1][1])))

    def _prompt(self) -> None:
        if not self._prompted:
            self._prompted = True
            self.w._notify(label("guess_wait", self.w._reg))

    def _advance(self, game: Game, by_step: bool) -> None:
        """Step beats up to the next two-card flip (a question), or to the end of the round."""
        while True:
            if game.phase == "collect":          # decided: the engine plays the rest of the round
                game.play_round()
                return
            event = game.step()
            if event is None or event.kind == "game_over":
                return
            if isinstance(event, Flipped) and self._askable(event):
                self._ask(event, by_step)
                return
            if event.kind == "war" and not game.in_round:   # the war settled the round: its beats are due
                game.play_round()
                return

    def _answer(self, game: Game, symbol: str) -> bool:
        w = self.w
        by_step = self.by_step
        self.question = None
        w._aid = None
        compared = game.step()                   # the engine compares; its result is the truth
        assert isinstance(compared, Compared), compared
        if compared.tied:
            truth = "="
        else:
            truth = ">" if compared.winner == compared.cards[0][0] else "<"
        right = symbol == truth
        self.asked += 1
        self.right += right
        (_, a), (_, b) = compared.cards
        written = f"{_glyph(a)} {truth} {_glyph(b)}"
        self.feedback = label("guess_right", w._reg) if right else label("guess_wrong", w._reg, text=written)
        w.narration_log.append(self.feedback)
        if not by_step:
            self._advance(game, by_step=False)
        return right

    def results_line(self, lang: str) -> tuple[str, dict[str, Any]]:
        """The score as a line of the results panel, and ``numbers["guess"]`` (when guessing)."""
        if not self.on and not self.asked:
            return "", {}
        row = (f"<p>{html.escape(label('res_guess', lang))} "
               f"<b>{html.escape(label('res_guess_value', lang, right=self.right, asked=self.asked))}</b></p>")
        return row, {"guess": self.score}

    # --- view ------------------------------------------------------------------------------------------
    def widgets(self) -> list[widgets.Widget]:
        """The answer row, in the widget's children when guessing."""
        return [self.box] if self.on else []

    def refresh(self) -> None:
        """Buttons usable only while a question waits; words in the widget's language."""
        if not self.on:
            return
        lang = self.w._reg
        asking = self.asking
        if lang != self._lang:
            self._lang = lang
            for a, button in self.buttons.items():
                button.description = f"{a}  {label(_WORD[a], lang)}"
                button.tooltip = label(_WORD[a], lang)
        for button in self.buttons.values():
            if button.disabled == asking:
                button.disabled = not asking
        value = (f"<div role='status' aria-live='polite' style='font-size:24px;font-weight:bold'>"
                 f"{html.escape(self.feedback)}</div>")
        if self.feedback_line.value != value:
            self.feedback_line.value = value


def check_answer(symbol: object) -> str:
    """``symbol`` if it is one of > = <, else a ValueError saying what is allowed."""
    if not isinstance(symbol, str) or symbol.strip() not in ANSWERS:
        raise ValueError(f"answer must be one of '>', '=' or '<' (is the first card bigger, the same or "
                         f"smaller?); got {symbol!r}")
    return symbol.strip()

