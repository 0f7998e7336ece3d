""""Which is bigger?" / "Which is stronger?": the guessing mode of a session (``guess=True``).

The question follows the battle (text/number_mode.py): "which is bigger?" where the battle's
order is the numbers (the number lessons, the school variants), "which is stronger?" otherwise,
so the answer graded right is always the engine's battle result.

After a flip the round waits, both cards face up (the engine has played the flip beat, so
``game.table`` holds them), until the child says how the first card (the bottom seat: you, or
player 1) compares with the other: ``answer(">")``, ``"="`` or ``"<"``.  The engine then plays
its compare beat, and the answer is checked against the engine's own result (its winner, or the
tie): "Right!", or the comparison written out ("9 > 7").  Then the round goes on; each new pair
of a war is asked again.  ``score`` is (right, asked).

The round is advanced only with ``Game.step`` and ``Game.play_round`` (no rule is evaluated
here): beats are stepped up to the next two-card flip, and the rest of a decided round is left
to ``play_round``.  The lessons' number mode plugs in here (``GuessHost`` is what it may use).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..game.cards import Card
from ..game.engine import Game
from ..game.events import Compared, Event, Flipped
from ..text.i18n import label
from ..text.number_mode import (
    Question,
    feedback,
    guess_setting,
    question,
    question_kind,
    truth_of,
    value_feedback,
    value_question,
)
from ..text.numbers import card_glyph
from ..text.school import by_seat, expression, term

__all__ = ["ANSWERS", "KEYS", "Guess", "GuessHost", "GuessState", "check_answer", "glyph"]

ANSWERS = (">", "=", "<")
KEYS = {">": ">", "=": "=", "<": "<", ".": ">", ",": "<"}   # also the unshifted keys of > and <


def glyph(card: Card, lang: str = "en") -> str:
    """A card in a question or on the table's aid: its rank, a joker by name (never JOKER)."""
    return card_glyph(card, lang)


def check_answer(symbol: object) -> str:
    """``symbol`` if it is one of > = <, else a ValueError saying what is allowed."""
    if not isinstance(symbol, str) or symbol.strip() not in ANSWERS:
        raise ValueError(f"answer must be one of '>', '=' or '<' (is the first card bigger, the same or "
                         f"smaller?); got {symbol!r}")
    return symbol.strip()


class GuessHost(Protocol):
    """What the guess needs from its session."""

    @property
    def game(self) -> Game: ...
    @property
    def reg(self) -> str: ...
    @property
    def names(self) -> list[str]: ...
    def say(self, line: str) -> None: ...
    def notify(self, text: str) -> None: ...
    def set_aid(self, text: str | None) -> None: ...


@dataclass(frozen=True)
class GuessState:
    """What Back restores: the question waiting (if any) and the score."""

    question: Flipped | None
    by_step: bool
    right: int
    asked: int
    feedback: str


class Guess:
    """The question state of one session."""

    def __init__(self, host: GuessHost, on: bool | str = False) -> None:
        self.host = host
        self.on, self.mode = guess_setting(on)   # the lessons' number mode: text/number_mode.py
        self.question: Flipped | None = None  # the flip being asked about
        self.by_step = False                  # asked after a Step: the answer plays one beat
        self.right = 0
        self.asked = 0
        self.feedback = ""
        self._prompted = False

    # --- state -------------------------------------------------------------------------------
    @property
    def score(self) -> tuple[int, int]:
        """(right, asked) in this game."""
        return (self.right, self.asked)

    @property
    def asking(self) -> bool:
        """A question waits for its answer (dropped if the game moved on, e.g. fast-forward)."""
        q = self.question
        game = self.host.game
        if q is not None and (game.phase != "compare" or q.round != game.round_number + 1):
            self.question = None
        return self.question is not None

    def set(self, on: bool | str) -> bool:
        """Turn the questions on or off, or choose the number mode ("number", "to10", "rules");
        True if a waiting question was dropped."""
        self.on, self.mode = guess_setting(on)
        if not on and self.question is not None:
            self.question, self.feedback = None, ""
            self.host.set_aid(None)
            return True
        return False

    def reset(self) -> None:
        """A new game: no question, score 0 of 0."""
        self.question, self.by_step, self.right, self.asked, self.feedback = None, False, 0, 0, ""
        self._prompted = False

    def capture(self) -> GuessState | None:
        """The state Back restores (None: nothing beyond a new game's)."""
        question = self.question if self.asking else None
        if question is None and not self.asked and not self.feedback:
            return None
        return GuessState(question, self.by_step, self.right, self.asked, self.feedback)

    def restore(self, state: GuessState | None) -> None:
        """Back: the question and score as captured (None: none waiting, score 0 of 0)."""
        if state is None:
            self.reset()
        else:
            self.question, self.by_step = state.question, state.by_step
            self.right, self.asked, self.feedback = state.right, state.asked, state.feedback
        self._prompted = False
        if self.question is not None:
            self.host.set_aid(self.ask_text(self.question))

    def drop_question(self) -> None:
        """A jump: no question waits at the new position (the score goes on)."""
        self.question, self.by_step, self.feedback, self._prompted = None, False, "", False

    # --- hooks for the session's actions -----------------------------------------------------------
    def play_round(self) -> None:
        """What Flip plays: the whole round, or (guessing) up to the next question."""
        game = self.host.game
        if not self.on:
            before = game.round_number
            game.play_round()
            if game.round_number == before and not game.is_over:
                # only the last round's after-beats were due (a player out, left by Step): Flip
                # always turns cards while the game goes on, so the next round follows them
                game.play_round()
            return
        if self.asking:
            self._prompt()
            return
        self._advance(game, by_step=False)

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

    def answer(self, symbol: str) -> bool:
        """The child's answer to the question waiting (the session checks one waits)."""
        host, game = self.host, self.host.game
        by_step = self.by_step
        q = self.current()
        self.question = None
        host.set_aid(None)
        compared = game.step()                   # the engine compares; its result is the truth
        if not isinstance(compared, Compared):
            raise RuntimeError(f"the engine's beat after a flip was not a comparison: {compared!r}")
        if compared.tied:
            truth = "="
        else:
            truth = ">" if compared.winner == compared.cards[0][0] else "<"
        if q is None:
            raise RuntimeError("an answer with no question waiting")
        if compared.values:                      # the school variants: the engine's values decide
            right = symbol == truth
            (_, x), (_, y) = compared.values
            seats = by_seat(compared.cards)
            ea, eb = (expression(seats[s], v, game.rules) for s, v in compared.values)
            text = value_feedback(q, ea, eb, x, y, truth, right, host.reg)
        else:
            (_, a), (_, b) = compared.cards
            truth = truth_of(q, a, b, truth)     # a number question: the numbers (A = 1), not the battle
            right = symbol == truth
            text = feedback(q, a, b, truth, right, host.reg)
        self.asked += 1
        self.right += right
        self.feedback = text
        host.say(self.feedback)
        if not by_step:
            self._advance(game, by_step=False)
        return right

    def ask_text(self, event: Flipped) -> str:
        if event.values:
            ta, tb = self._terms(event)
            return f"{ta} ? {tb}"
        (_, a), (_, b) = event.cards
        return f"{glyph(a, self.host.reg)} ? {glyph(b, self.host.reg)}"

    def _terms(self, event: Flipped) -> tuple[str, str]:
        """The school variants: the two players' cards as a child works them out ("7 + 5")."""
        seats = by_seat(event.cards)
        rules = self.host.game.rules
        (p, _), (q, _) = event.values
        return term(seats[p], rules), term(seats[q], rules)

    def current(self, event: Flipped | None = None) -> Question | None:
        """The question about ``event`` (default: the one waiting), in the session's words now
        (so a language switch while it waits changes its words too)."""
        event = event if event is not None else (self.question if self.asking else None)
        if event is None:
            return None
        if event.values:                         # the school variants: which value is bigger
            ta, tb = self._terms(event)
            return value_question(ta, tb, self.host.reg, self.host.names[:2])
        (_, a), (_, b) = event.cards
        return question(a, b, self.host.game.rules, self.mode, self.host.reg, self.host.names[:2])

    # --- internals ---------------------------------------------------------------------------------
    def _askable(self, event: Event) -> bool:
        if not isinstance(event, Flipped) or event.reused:
            return False
        if event.values:                         # the school variants: two players' values
            return len(event.values) == 2
        return len(event.cards) == 2

    def _ask(self, event: Flipped, by_step: bool) -> bool:
        """Ask about ``event``; False when the mode asks nothing about these cards (a picture card
        in "to10", a joker in a number mode)."""
        q = self.current(event)
        if q is None:
            return False
        self.question, self.by_step, self._prompted = event, by_step, False
        self.host.set_aid(self.ask_text(event))
        self.host.say(q.text)
        return True

    @property
    def kind(self) -> str:
        """The kind of question this game asks: "bigger" where the battle's order is the numbers
        (the number lessons, the school variants), else "stronger" (text/number_mode.py)."""
        return question_kind(self.host.game.rules)

    def _prompt(self) -> None:
        if not self._prompted:
            self._prompted = True
            self.host.notify(label("guess_wait" if self.kind == "bigger" else "guess_wait_strong", self.host.reg))

    def _advance(self, game: Game, by_step: bool) -> None:
        """Step beats up to the next two-card flip (a question), or to the end of the round."""
        while True:
            if game.phase == "collect":          # decided: the engine plays the rest of the round
                game.play_round()
                return
            event = game.step()
            if event is None or event.kind == "game_over":
                return
            if isinstance(event, Flipped) and self._askable(event) and self._ask(event, by_step):
                return
            if event.kind == "war" and not game.in_round:   # the war settled the round: its beats are due
                game.play_round()
                return
