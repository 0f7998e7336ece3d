"""Steal War's state: hands, capture piles, table, round and steal-window state, and what anyone
may read about them (counts, tops, fighters, the game number).

``StealState`` is the base of ``StealWarGame`` (``steal/game.py``); ``steal/decisions.py`` adds the
steal windows and decisions, ``steal/turns.py`` the beats of a turn.  The game number and the
checks of the constructor's arguments are here too.
"""
from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from ...game.cards import Card
from ...game.engine_state import TableCard
from ...game.events import Event, Outcome, Shuffled
from ...game.rng import SplitMix64
from ...game.stats import GameStats
from .actions import Action

__all__ = ["StealState", "Policy", "FACE_DOWN", "WAR_NEED", "PRESET", "encode_steal_code", "decode_steal_code"]

Policy = Callable[[Any, list[Action]], Action]
FACE_DOWN = 3          # face-down cards in a war [003]
WAR_NEED = FACE_DOWN + 1
PRESET = "steal_war"
_SEED_MAX = (1 << 64) - 1


def _check_players(players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3, 4):
        raise ValueError(f"players must be 2, 3 or 4; got {players!r}")
    return players


class StealState:
    """A Steal War position and the round state around it (no beats, no decisions)."""

    seed: int
    _rng: SplitMix64
    _scripted: bool
    policies: tuple[Policy | None, ...]

    def _setup(self, n: int, hands: list[list[Card]], piles: list[list[Card]], unused: list[Card]) -> None:
        self.players = n
        self.hands: list[deque[Card]] = [deque(h) for h in hands]
        self.piles: list[list[Card]] = [list(w) for w in piles]
        self.unused = list(unused)
        self.dealt = tuple(tuple(h) for h in hands)
        self.dealt_piles = tuple(tuple(w) for w in piles)
        self._table: list[TableCard] = []
        self.round_number = 0
        self.out = [not (h or w) for h, w in zip(hands, piles, strict=True)]
        self.outcome: Outcome | None = None
        self.history: list[tuple[int | None, int, tuple[int, ...]]] = []
        self.steal_history: list[tuple[int, int, int, int]] = []  # (round, thief, victim, cards moved)
        self._subscribers: list[Callable[[Event], None]] = []
        self._queue: deque[Event] = deque()
        self._round_events: list[Event] = []
        self._phase = "start"
        self._log: list[int | list[Any]] = []      # the moves since the deal: beats (a count) and decisions
        self._ended_now = False
        self._from_v1 = False                      # loaded from a version-1 save: no history to write
        self._reset_round()

    def _log_beat(self) -> None:
        log = self._log
        if log and isinstance(log[-1], int):
            log[-1] += 1
        else:
            log.append(1)

    def _reset_round(self) -> None:
        self._fighters: list[int] = []
        self._faceup: dict[int, Card] = {}
        self._battle = 0
        self._wars = 0
        self._winner: int | None = None
        self._short_end = False
        self._top: Card | None = None
        self._choosing = False
        self._reset_window()

    def _reset_window(self) -> None:
        self._look_cache: tuple[dict[int, tuple[int, ...]], tuple[int, ...]] | None = None
        self._decisions: dict[int, Action] = {}
        self._declined: dict[int, set[tuple[int, int, Card]]] = {}
        self._announced: set[tuple[int, Card]] = set()

    # --- public state ----------------------------------------------------------------------
    @property
    def code(self) -> str | None:
        """The game number, e.g. ``steal_war-12345`` (None for a scripted position)."""
        return None if self._scripted else encode_steal_code(self.players, self.seed)

    @property
    def counts(self) -> tuple[int, ...]:
        """Each player's holding: hand plus capture pile (cards on the table belong to nobody)."""
        return tuple(len(h) + len(w) for h, w in zip(self.hands, self.piles, strict=True))

    @property
    def table(self) -> tuple[TableCard, ...]:
        """The cards on the table, in the order they were laid."""
        return tuple(self._table)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def in_round(self) -> bool:
        """True while cards of the current round are on the table (from the first flip to the
        collect); the steal window before the first flip is not yet in the round."""
        return bool(self._table) and not self.is_over

    @property
    def beats_waiting(self) -> int:
        """Beats already decided that the next ``step()`` calls show, in order (0: the next
        ``step()`` plays on).  A view stops after a round once none is left."""
        return len(self._queue)

    @property
    def log_position(self) -> tuple[int, int | None] | None:
        """Where the game's history stands: the entries of its log so far and the beat count of the
        last one (None when it is a decision); None for a game with no history (loaded from a
        version-1 save).  ``to_json``'s log cut there, with this position's round, counts and
        phase as its check, loads as this position (a session's Back)."""
        if self._from_v1:
            return None
        log = self._log
        last = log[-1] if log and isinstance(log[-1], int) else None
        return len(log), last

    @property
    def phase(self) -> str:
        """Where the round stands: start, open/look (a steal window), flip, compare, war, lay,
        choose, collect, over."""
        return self._phase

    @property
    def fighters(self) -> tuple[int, ...]:
        """The players about to play a face-up card (everyone in a battle, the tied in a war)."""
        return tuple(self._fighters)

    def top(self, player: int) -> Card | None:
        """The face-up top card of ``player``'s capture pile (None if the pile is empty)."""
        pile = self.piles[player]
        return pile[-1] if pile else None

    @property
    def start_counts(self) -> tuple[int, ...]:
        return tuple(len(h) + len(w) for h, w in zip(self.dealt, self.dealt_piles, strict=True))

    @property
    def stats(self) -> GameStats:
        """Rounds, wars, streaks and leads, as for every War game (steals are in ``steal_history``)."""
        return GameStats.from_history(self.history, self.start_counts)

    def subscribe(self, callback: Callable[[Event], None]) -> Callable[[], None]:
        """Call ``callback(event)`` for every beat from now on; returns an unsubscribe function."""
        self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback) if callback in self._subscribers else None

    def _emit(self, event: Event) -> None:
        for callback in list(self._subscribers):
            callback(event)

    @property
    def _current_round(self) -> int:
        return self.round_number + (0 if self._phase in ("start", "over") else 1)

    def _refill(self, p: int) -> None:
        """Timing choice 5: an empty hand takes the pile at once, turned over and shuffled."""
        if not self.hands[p] and self.piles[p]:
            pile = self.piles[p]
            self.piles[p] = []
            self._rng.shuffle(pile)
            self.hands[p].extend(pile)
            self._queue.append(Shuffled(self._current_round, p, len(pile), True))

    def _signature(self, victim: int) -> tuple[int, int, Card]:
        pile = self.piles[victim]
        return (victim, len(pile), pile[-1])

    def position(self) -> str:
        """A canonical one-line text of the position (hands top first | piles bottom first)."""
        hands = " / ".join(" ".join(c.code for c in h) for h in self.hands)
        piles = " / ".join(" ".join(c.code for c in w) for w in self.piles)
        table = " ".join(t.card.code + ("" if t.face_up else "*") for t in self._table)
        return f"hands [{hands}] piles [{piles}] table [{table}]"

    def __repr__(self) -> str:
        return (f"<StealWarGame {self.players} players round {self.round_number} counts {self.counts}"
                f"{' over' if self.is_over else ''}>")


def _check_policies(policies: Iterable[Policy | None] | None, n: int) -> tuple[Policy | None, ...]:
    if policies is None:
        return (None,) * n
    if isinstance(policies, (str, bytes)) or not isinstance(policies, (list, tuple)):
        raise ValueError(f"policies must be a tuple with one policy (or None) per player; got {policies!r}")
    if len(policies) != n:
        raise ValueError(f"policies needs one entry per player ({n}); got {len(policies)}")
    for i, pol in enumerate(policies):
        if pol is not None and not callable(pol):
            raise ValueError(f"policy {i + 1} must be callable(game, legal_actions) -> action or None; got {pol!r}")
    return tuple(policies)


def encode_steal_code(players: int, seed: int) -> str:
    """``steal_war-SEED`` for two players, ``steal_war+players=N-SEED`` for three or four."""
    return f"{PRESET}-{seed}" if players == 2 else f"{PRESET}+players={players}-{seed}"


def decode_steal_code(code: str) -> tuple[int, int]:
    """The players and seed of a Steal War game number; a clear ValueError if it is not one."""
    if not isinstance(code, str):
        raise ValueError(f"a Steal War game number is text like 'steal_war-12345'; got {type(code).__name__}")
    shown = repr(code) if len(code) <= 60 else f"{code[:40]!r}... ({len(code)} characters)"
    if code != code.strip():
        raise ValueError(f"a Steal War game number has no spaces or line breaks around it; got {shown}")
    match = re.fullmatch(r"steal_war(?:\+players=([234]))?-([0-9]{1,20})", code, flags=re.ASCII)
    if not match:
        raise ValueError(f"not a Steal War game number: {shown}; it looks like 'steal_war-12345' or "
                         "'steal_war+players=3-12345' (ASCII letters and digits only)")
    seed = int(match.group(2))
    if seed > _SEED_MAX:
        raise ValueError(f"the seed in {code!r} is too large (at most {_SEED_MAX})")
    return int(match.group(1) or 2), seed
