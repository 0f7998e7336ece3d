"""Back and jump for ``WarWidget``: undo the last action, go to the position after any round.

Nothing here plays War.  A position is *replayed* by the engine itself: a saved state
(``Game.to_json``, a *checkpoint*) is loaded with ``Game.from_json`` and stepped forward a known
number of beats with ``Game.step`` (or whole rounds with ``Game.play_round``).  The engine is
deterministic (its generator's state is part of the saved state), so the position reached is
exactly the one the game had, and playing on from it replays the same future.

Every position is written as ``(checkpoint, beats)``: the beats the engine played since that
checkpoint.  A checkpoint is taken at the deal, whenever 150 beats have passed since the last one
(after an action), when the game ends, and every 25 rounds of a long replay, so going back costs
at most a few milliseconds.  Positions before a resumed game's first round come from its game
number (``Game.from_code``).

The widget calls three hooks: ``install(game)`` for every new game, ``run(fn, *args)`` around
every action (the action queue), and ``back()`` / ``goto_round(n)`` (its public methods).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ...game.engine import Game
from ...game.events import Event
from ...text.i18n import counts_text, label

if TYPE_CHECKING:
    from .app import WarWidget

__all__ = ["CHECKPOINT_BEATS", "CHECKPOINT_ROUNDS", "History"]

CHECKPOINT_BEATS = 150     # after an action: a new checkpoint once this many beats passed
CHECKPOINT_ROUNDS = 25     # during a replay by rounds: a checkpoint every this many rounds


@dataclass(frozen=True)
class _Checkpoint:
    state: str             # Game.to_json()
    round: int             # game.round_number when taken
    clean: bool            # exactly "after round `round`" (no beat of the next round or after-beat due)


@dataclass(frozen=True)
class _Position:
    checkpoint: int        # index into History._checkpoints
    beats: int             # beats played since that checkpoint
    extra: Any             # what the widget shows beyond the game (cards waiting, a question)


class History:
    """The undo stack and checkpoints of the game a ``WarWidget`` shows."""

    def __init__(self, widget: WarWidget) -> None:
        self.w = widget
        self._checkpoints: list[_Checkpoint] = []
        self._undo: list[_Position] = []
        self._cp = 0
        self._beats = 0
        self._epoch = 0            # changes when the game is replaced (new game, back)
        self._unsubscribe: Callable[[], None] | None = None
        self.furthest = 0          # the furthest round this game has reached
        self.problem: str | None = None   # why this game cannot be replayed (a callable policy)
        self._deal_from_code: bool = False
        self.button = widgets.Button(description=label("back", widget._reg), tooltip=label("back_tip", widget._reg),
                                     disabled=True, layout=widgets.Layout(width="120px"))
        self.button.on_click(lambda _b: self.clicked())
        from .a11y import TableName
        self.labeller = TableName()                                # the canvas's role and name
        self.row = widgets.HBox([self.button, widget.guess.box, self.labeller])   # under the table
        self._lang = widget._reg
        pick = getattr(widget.chart_view, "on_pick", None)
        if pick is not None:
            pick(self.picked)

    # --- hooks ----------------------------------------------------------------------------
    def install(self, game: Game) -> None:
        """A new game is shown: forget the old one's positions, checkpoint this one."""
        self._epoch += 1
        self._undo.clear()
        self._checkpoints = []
        self._deal_from_code = False
        self.problem = None
        self.furthest = game.round_number
        self._attach(game)
        try:
            state = game.to_json()
        except ValueError as exc:   # rules with a callable gather policy cannot be saved
            self.problem = str(exc)
            return
        self._checkpoints.append(_Checkpoint(state, game.round_number, game.round_number == 0 and not game.in_round))
        self._cp, self._beats = 0, 0

    def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run one widget action; if it changed the position, remember where it started."""
        before, epoch = self._here(), self._epoch
        result = fn(*args)
        if epoch != self._epoch or self.problem is not None:
            return result                        # a new game, or a jump back: nothing to remember
        after = self._here()
        if after != before:
            self._undo.append(before)
            game = self.w.game
            self.furthest = max(self.furthest, game.round_number)
            if self._beats >= CHECKPOINT_BEATS or (game.is_over and self._beats):
                self._checkpoint(game, clean=False)
            self.refresh()
        return result

    @property
    def can_go_back(self) -> bool:
        return bool(self._undo)

    def refresh(self) -> None:
        """The Back button: usable when there is something to undo; in the widget's language."""
        if self.button.disabled == self.can_go_back:
            self.button.disabled = not self.can_go_back
        if self._lang != self.w._reg:
            self._lang = self.w._reg
            self.button.description = label("back", self._lang)
            self.button.tooltip = label("back_tip", self._lang)

    def clicked(self) -> None:
        """The Back button (and the Backspace key): as ``back()``, a refusal shown as a notice."""
        try:
            self.w.back()
        except ValueError as exc:
            self.w._notify(str(exc))

    def picked(self, round_number: int, war: bool) -> None:
        """A click on the chart: a point jumps to the end of its round; a war marker to just
        before that round, so Step walks through the war beat by beat."""
        n = round_number - 1 if war else round_number
        n = max(0, min(n, self.furthest))
        try:
            self.w.goto_round(n)
        except ValueError as exc:              # a scripted deal's rounds before its saved position
            self.w._notify(str(exc))
            return
        if war:
            self.w._notify(label("goto_war_hint", self.w._reg, n=round_number))

    # --- back and jump ---------------------------------------------------------------------
    def back(self) -> bool:
        """Undo the last action (a flip: the round; a step: the beat).  False if there is none."""
        self._check()
        if not self._undo:
            self.w._notify(label("nothing_to_undo", self.w._reg))
            return False
        target = self._undo.pop()
        game = self._replay(target)
        self._epoch += 1
        self._show(game, target.extra, "back")
        return True

    def goto_round(self, n: int) -> None:
        """Show the position after round ``n`` of this game (0: the deal)."""
        if isinstance(n, bool) or not isinstance(n, int):
            raise ValueError(f"round must be a whole number from 0 to {self.furthest}; got {n!r}")
        if not 0 <= n <= self.furthest:
            raise ValueError(f"round must be from 0 (the deal) to {self.furthest} (the furthest round this game "
                             f"has reached); got {n}")
        self._check()
        cp = self._start_for(n)
        if cp is None:
            raise ValueError(f"round {n} is before this game's saved position (round {self._checkpoints[0].round}) "
                             "and a scripted deal has no game number to replay it from")
        game, beats = self._load(cp)
        count = [0]
        game.subscribe(lambda _e: count.__setitem__(0, count[0] + 1))
        since = game.round_number
        while game.round_number < n:
            if game.play_round() is None:
                break
            if game.round_number - since >= CHECKPOINT_ROUNDS and game.round_number < n:
                cp = self._add(game, clean=True)
                count[0], beats, since = 0, 0, game.round_number
        if _same_position(game, self.w.game):
            return                               # already there: nothing to show, nothing to undo
        self._attach(game)
        self._cp, self._beats = cp, beats + count[0]
        self._show(game, None, "goto")

    # --- internals ----------------------------------------------------------------------------
    def _check(self) -> None:
        if self.problem is not None:
            raise ValueError(label("cannot_replay", "en", error=self.problem))

    def _here(self) -> _Position:
        return _Position(self._cp, self._beats, _extra(self.w))

    def _count(self, _event: Event) -> None:
        self._beats += 1

    def _attach(self, game: Game) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._unsubscribe = game.subscribe(self._count)

    def _add(self, game: Game, clean: bool) -> int:
        self._checkpoints.append(_Checkpoint(game.to_json(), game.round_number, clean))
        return len(self._checkpoints) - 1

    def _checkpoint(self, game: Game, clean: bool) -> None:
        self._cp, self._beats = self._add(game, clean), 0

    def _load(self, cp: int) -> tuple[Game, int]:
        """The game at checkpoint ``cp`` (a fresh object: the widget's game is never changed)."""
        return Game.from_json(self._checkpoints[cp].state), 0

    def _replay(self, target: _Position) -> Game:
        game, _ = self._load(target.checkpoint)
        for _ in range(target.beats):
            if game.step() is None:
                break
        self._attach(game)
        self._cp, self._beats = target.checkpoint, target.beats
        return game

    def _start_for(self, n: int) -> int | None:
        """The latest checkpoint from which playing whole rounds reaches "after round n"."""
        best = None
        for i, cp in enumerate(self._checkpoints):
            if (cp.round < n or (cp.round == n and cp.clean)) and (
                    best is None or cp.round >= self._checkpoints[best].round):
                best = i
        if best is None and not self._deal_from_code:
            self._deal_from_code = True
            code = self.w.game.code
            first = Game.from_json(self._checkpoints[0].state)
            if code is not None:
                deal = Game.from_code(code)
                if deal.dealt == first.dealt:        # the same game, from its number
                    best = self._add(deal, clean=True)
        return best

    def _show(self, game: Game, extra: Any, how: str) -> None:
        """Put ``game`` on the widget (the widget's own plumbing, without a new-game reset)."""
        w, lang = self.w, self.w._reg
        _put(w, game, extra)
        counts = counts_text(w.names, game.counts, lang)
        n = game.round_number
        if how == "goto":
            line = label("goto_deal_line" if n == 0 else "goto_line", lang, n=n, counts=counts)
        elif game.in_round:
            line = label("back_mid_line", lang, n=n + 1, counts=counts)
        else:
            line = label("back_deal_line" if n == 0 else "back_line", lang, n=n, counts=counts)
        w.narration_log.append(line)


def _same_position(a: Game, b: Game) -> bool:
    """Whether two games stand at the same position (a jump there would change nothing, so Back
    must not remember it: Back undoes what changed the table)."""
    if a.round_number != b.round_number or a.in_round != b.in_round or a.counts != b.counts:
        return False
    try:
        return a.to_json() == b.to_json()
    except ValueError:                           # rules that cannot be saved: compare nothing more
        return False


def _extra(w: WarWidget) -> Any:
    """What the widget shows beyond the engine's position: cards waiting face down (two players
    on one device) and the question of "Which is bigger?"."""
    return (tuple(sorted(w._pressed)), w.guess.capture())


def _put(w: WarWidget, game: Game, extra: Any) -> None:
    """Show ``game`` in the widget as it was (no new-game reset: the narration, the record and
    the question score go on), redrawing the table and the chart from the game's own history."""
    w._set_autoplay(False)
    if w._unsubscribe:
        w._unsubscribe()
    w.game = game
    w._unsubscribe = game.subscribe(w._on_event)
    pressed, question = extra if extra is not None else ((), None)
    w._pressed = set(pressed)
    w._aid = w._banner = w._winner = None
    w.guess.restore(question)
    if game.is_over:
        w._banner = w._end_banner()
    w.chart_view.reset(w.names, [len(h) for h in game.dealt])
    w.chart_view.sync(game.history)
    w._save()
    w._update_text()
    w.redraw()
