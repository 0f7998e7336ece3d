"""Back and jump: undo the last action, go to the position after any round.

Nothing here plays War.  A position is *replayed* by the engine itself from the game as it was
installed (the deal, or a given or resumed position): positions are numbers of beats played
since then (python-chess keeps its move stack the same way), so the undo stack holds a few
bytes an action.  To replay quickly, *checkpoints* keep a copy of the engine now and then; a
checkpoint does not copy the round history (it is restored from the one history the session
keeps, whose entries never change), so a checkpoint costs the same at round 5,000 as at round 1.

This object also owns the subscription to the game shown: every beat the engine emits is
counted, then handed to the session (``on_event``).
"""
from __future__ import annotations

import copy
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from ..game.engine import Game
from ..game.events import Event
from ..text.i18n import counts_text, label
from .guess import GuessState

__all__ = ["CHECKPOINT_BEATS", "CHECKPOINT_ROUNDS", "Extra", "History", "back_line", "goto_line", "check_round",
           "code_deal"]

CHECKPOINT_BEATS = 2400    # after an action: a new checkpoint once this many beats passed (~14 B a round)
CHECKPOINT_ROUNDS = 100    # during a replay by rounds: a checkpoint every this many rounds

Round = tuple[int | None, int, tuple[int, ...]]


def back_line(game: Game, names: list[str], reg: str) -> str:
    """What the narration says after Back: where the game is now, and the counts."""
    return where_line("back", game, names, reg)


def where_line(kind: Literal["back", "now"], game: Game, names: list[str], reg: str) -> str:
    """Where ``game`` is (inside a round, at the deal or after round n) and the counts, in the
    words of ``kind``: "back" (after Back) or "now" (after a change of language)."""
    counts = counts_text(names, game.counts, reg)
    n = game.round_number
    if game.in_round:
        return label(f"{kind}_mid_line", reg, n=n + 1, counts=counts)
    return label(f"{kind}_deal_line" if n == 0 else f"{kind}_line", reg, n=n, counts=counts)


def goto_line(game: Game, n: int, names: list[str], reg: str) -> str:
    """What the narration says after a jump to the position after round ``n``."""
    return label("goto_deal_line" if n == 0 else "goto_line", reg, n=n, counts=counts_text(names, game.counts, reg))


def check_round(n: object, furthest: int) -> int:
    """A round to jump to: a whole number from 0 (the deal) to ``furthest``, else a ValueError."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise ValueError(f"round must be a whole number from 0 to {furthest}; got {n!r}")
    if not 0 <= n <= furthest:
        raise ValueError(f"round must be from 0 (the deal) to {furthest} (the furthest round this game "
                         f"has reached); got {n}")
    return n


def code_deal(game: Game) -> Game | None:
    """The deal of ``game`` replayed from its game number (None: a scripted deal has none)."""
    if game.code is None:
        return None
    deal = Game.from_code(game.code)
    return deal if deal.dealt == game.dealt else None


@dataclass(frozen=True)
class Extra:
    """What a position shows beyond the engine's: cards waiting face down, a question."""

    waiting: tuple[int, ...] = ()
    guess: GuessState | None = None


@dataclass(frozen=True)
class _Checkpoint:
    beats: int             # beats since the start when taken
    round: int             # game.round_number when taken
    game: Game             # a copy of the engine, its history left empty (restored from History.rounds)
    clean: bool            # exactly "after round `round`" (no beat of the next round or after-beat due)


class History:
    """The undo stack and checkpoints of the game a session shows."""

    def __init__(self, on_event: Callable[[Event], None]) -> None:
        self._on_event = on_event
        self._unsubscribe: Callable[[], None] | None = None
        self.game: Game | None = None
        self.rounds: list[Round] = []       # the longest round history known of this game
        self.seen: dict[bytes, int] | None = None   # the positions a cycle-detecting game has seen
        self._checkpoints: list[_Checkpoint] = []
        self._undo = array("q")             # beats of each undoable position
        self._extras: dict[int, Extra] = {}  # index in _undo -> what it showed beyond the game
        self.beats = 0                      # beats played since the start
        self.furthest = 0                   # the furthest round this game has reached
        self.start_round = 0
        self.rebased = 0                    # beats the positions moved at the last jump (see replay_to_round)

    # --- the game shown --------------------------------------------------------------------------
    def install(self, game: Game) -> None:
        """A new game is shown: forget the old one's positions, checkpoint this one."""
        self.attach(game)
        self._undo = array("q")
        self._extras = {}
        self.rounds = list(game.history)
        self.seen = dict(game.seen_positions)
        self.beats = 0
        self.furthest = self.start_round = game.round_number
        self._checkpoints = [self._snapshot(game, clean=not game.in_round)]

    def attach(self, game: Game) -> None:
        """Subscribe to ``game`` (and only to it)."""
        self.detach()
        self.game = game
        self._unsubscribe = game.subscribe(self._count)

    def detach(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def _count(self, event: Event) -> None:
        self.beats += 1
        self._on_event(event)

    # --- the undo stack --------------------------------------------------------------------------
    @property
    def can_go_back(self) -> bool:
        return bool(self._undo)

    @property
    def undo_depth(self) -> int:
        return len(self._undo)

    def push(self, beats: int, extra: Extra) -> None:
        """Remember a position Back returns to."""
        if extra != Extra():
            self._extras[len(self._undo)] = extra
        self._undo.append(beats)

    def pop(self) -> tuple[int, Extra]:
        """The last position remembered (removed from the stack)."""
        i = len(self._undo) - 1
        return self._undo.pop(), self._extras.pop(i, Extra())

    def after_action(self, game: Game, clean: bool) -> None:
        """After an action that changed the position: the rounds reached, a checkpoint if due."""
        self.note_rounds(game)
        if self.beats - self._checkpoints[-1].beats >= CHECKPOINT_BEATS or (game.is_over and not self._at_checkpoint()):
            self._checkpoints.append(self._snapshot(game, clean))

    def note_rounds(self, game: Game) -> None:
        n = game.round_number
        self.furthest = max(self.furthest, n)
        if n > len(self.rounds):
            self.rounds.extend(game.history[len(self.rounds):])
            seen, known = game.seen_positions, self.seen
            if known is not None:
                new = []
                for key in reversed(seen):          # only the positions added since: newest first
                    if key in known:
                        break
                    new.append(key)
                for key in reversed(new):
                    known[key] = seen[key]

    def _at_checkpoint(self) -> bool:
        return any(cp.beats == self.beats for cp in self._checkpoints[-1:])

    # --- replay ------------------------------------------------------------------------------------
    def replay(self, beats: int) -> Game:
        """The game ``beats`` beats after the start (a fresh object, attached)."""
        cp = max((c for c in self._checkpoints if c.beats <= beats), key=lambda c: c.beats)
        game = self._restore(cp)
        self.detach()
        for _ in range(beats - cp.beats):
            if game.step() is None:
                break
        self.attach(game)
        self.beats = beats
        return game

    def replay_to_round(self, n: int, code_deal: Callable[[], Game | None]) -> Game | None:
        """The game after round ``n`` (attached), or None if ``n`` is before the start and the
        deal cannot be replayed from a game number (``code_deal`` gives that deal, if any).
        ``rebased`` then says by how many beats the positions moved (the start became the deal)."""
        self.rebased = 0
        if n < self._checkpoints[0].round or (n == self._checkpoints[0].round and not self._checkpoints[0].clean):
            if not self._rebase(code_deal()):
                return None
        best = None
        for cp in self._checkpoints:
            if (cp.round < n or (cp.round == n and cp.clean)) and (best is None or cp.beats >= best.beats):
                best = cp
        assert best is not None
        game = self._restore(best)
        counted = [0]
        unsubscribe = game.subscribe(lambda _e: counted.__setitem__(0, counted[0] + 1))
        base, since = best.beats, game.round_number
        try:
            while game.round_number < n:
                if game.play_round() is None:
                    break
                if game.round_number - since >= CHECKPOINT_ROUNDS and game.round_number < n:
                    unsubscribe()
                    self._insert(self._snapshot(game, clean=True, beats=base + counted[0]))
                    unsubscribe = game.subscribe(lambda _e: counted.__setitem__(0, counted[0] + 1))
                    since = game.round_number
        finally:
            unsubscribe()
        self.attach(game)
        self.beats = base + counted[0]
        return game

    def _rebase(self, deal: Game | None) -> bool:
        """Make ``deal`` (round 0 of this game, from its number) the start: every position
        remembered moves by the beats from that deal to the old start."""
        first = self._checkpoints[0]
        if deal is None or deal.round_number != 0 or first.game.in_round:
            return False
        counted = [0]
        probe = copy.deepcopy(deal)
        unsubscribe = probe.subscribe(lambda _e: counted.__setitem__(0, counted[0] + 1))
        while probe.round_number < first.round and probe.play_round() is not None:
            pass
        unsubscribe()
        if probe.round_number != first.round or probe.counts != first.game.counts or probe.in_round:
            return False
        offset = counted[0]
        self._checkpoints = [_Checkpoint(0, 0, self._bare(deal), True)] + [
            _Checkpoint(c.beats + offset, c.round, c.game, c.clean) for c in self._checkpoints]
        self._undo = array("q", (b + offset for b in self._undo))
        self.beats += offset
        self.rebased = offset
        self.start_round = 0
        return True

    # --- checkpoints -----------------------------------------------------------------------------
    def _insert(self, cp: _Checkpoint) -> None:
        self._checkpoints.append(cp)
        self._checkpoints.sort(key=lambda c: c.beats)

    def _bare(self, game: Game) -> Game:
        """A copy of ``game`` without its round history (and without subscribers: call it while
        nobody listens to ``game``)."""
        memo: dict[int, Any] = {id(game.history): []}
        memo[id(game.seen_positions)] = {}
        return copy.deepcopy(game, memo)

    def _snapshot(self, game: Game, clean: bool, beats: int | None = None) -> _Checkpoint:
        attached = self.game is game and self._unsubscribe is not None
        if attached:
            self.detach()
        try:
            cp = _Checkpoint(self.beats if beats is None else beats, game.round_number, self._bare(game), clean)
        finally:
            if attached:
                self.attach(game)
        return cp

    def _restore(self, cp: _Checkpoint) -> Game:
        memo: dict[int, Any] = {id(cp.game.history): list(self.rounds[:cp.round])}
        if self.seen is not None:
            memo[id(cp.game.seen_positions)] = {k: v for k, v in self.seen.items() if v <= cp.round}
        return copy.deepcopy(cp.game, memo)

    @property
    def checkpoint_count(self) -> int:
        return len(self._checkpoints)

