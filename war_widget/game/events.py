"""The beats of a game of War, as plain immutable values.

The engine emits one event per beat (``Game.step``); the widget, the chart, the narration and
the statistics consume them.  Cards are grouped per player as ``(player, cards)`` pairs.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .cards import Card

__all__ = ["Termination", "Outcome", "Event", "Shuffled", "Flipped", "Compared", "WarDeclared",
           "FaceDownLaid", "Collected", "Returned", "PlayerOut", "GameOver", "EVENT_KINDS"]


class Termination(enum.Enum):
    """Why a game ended."""

    ALL_CARDS = "all cards"            # one player (or team) holds every card
    ROUND_LIMIT = "round limit"
    TIME = "time"                      # end_now(): a time limit ran out
    CYCLE = "cycle"                    # no randomness left and a position repeated
    VOID_ROUND = "void round"          # every card on the table, nobody can turn one up
    DRUNKARD_LOSER = "drunkard loser"  # P'yanitsa: the loser is decided
    HANDS_EMPTY = "hands empty"        # captured cards set aside and the hands used up
    SHORTAGE = "could not finish a war"  # shortage="lose", or zero="lose" with no card to turn
    REUSE_TIE = "reused cards tie"     # zero="reuse": both reuse and tie again


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``winner`` is a seat (or ``None`` for a draw or a drunkard game with more than two players);
    ``loser`` is set by the drunkard goals; with teams, ``winning_team`` is 0 (seats 0 and 2) or
    1 (seats 1 and 3).  ``drawn`` names the players tied at the end (for the win, or for the loss
    under the drunkard goals).  With a cycle, the position after round ``cycle_start`` (0 = the
    deal) came back after round ``cycle_start + cycle_period``, where the game stopped."""

    reason: Termination
    winner: int | None = None
    loser: int | None = None
    drawn: tuple[int, ...] = ()
    winning_team: int | None = None
    counts: tuple[int, ...] = ()
    cycle_start: int | None = None
    cycle_period: int | None = None

    @property
    def is_draw(self) -> bool:
        return self.winner is None and self.loser is None and self.winning_team is None

    def to_dict(self) -> dict[str, Any]:
        return {"reason": self.reason.name, "winner": self.winner, "loser": self.loser,
                "drawn": list(self.drawn), "winning_team": self.winning_team, "counts": list(self.counts),
                "cycle_start": self.cycle_start, "cycle_period": self.cycle_period}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Outcome:
        """Read :meth:`to_dict`'s form back; a ValueError says what is missing or wrong."""
        keys = ("reason", "winner", "loser", "drawn", "winning_team", "counts", "cycle_start", "cycle_period")
        if not isinstance(d, dict) or set(d) != set(keys):
            raise ValueError(f"an outcome is an object with exactly the keys {', '.join(keys)}; got {d!r}"[:300])
        if d["reason"] not in Termination.__members__:
            raise ValueError(f"an outcome's reason must be one of {', '.join(Termination.__members__)}; "
                             f"got {d['reason']!r}")
        for key in ("winner", "loser", "winning_team", "cycle_start", "cycle_period"):
            if d[key] is not None and (isinstance(d[key], bool) or not isinstance(d[key], int)):
                raise ValueError(f"an outcome's {key} must be a whole number or null; got {d[key]!r}")
        for key in ("drawn", "counts"):
            if not isinstance(d[key], (list, tuple)) or not all(
                    isinstance(x, int) and not isinstance(x, bool) for x in d[key]):
                raise ValueError(f"an outcome's {key} must be a list of whole numbers; got {d[key]!r}")
        return cls(Termination[d["reason"]], d["winner"], d["loser"], tuple(d["drawn"]), d["winning_team"],
                   tuple(d["counts"]), d["cycle_start"], d["cycle_period"])


PlayerCards = tuple[tuple[int, tuple[Card, ...]], ...]


@dataclass(frozen=True)
class Event:
    """Base of every beat.  ``round`` is the round the beat belongs to (1-based)."""

    kind: ClassVar[str] = "event"
    round: int


@dataclass(frozen=True)
class Shuffled(Event):
    """A player's won pile became the hand (shuffled first, or turned over as won)."""

    kind: ClassVar[str] = "shuffle"
    player: int = 0
    cards: int = 0
    shuffled: bool = True


@dataclass(frozen=True)
class Flipped(Event):
    """Cards turned face up for a battle, one ``(player, card)`` pair a card (the school
    variants turn up two or three a player, in order).  ``reused``: players whose last face-up
    card(s) stay.  ``values``: under the school variants each fighter's battle value, ``(player,
    value)`` (the sum, the difference, ...; empty under the card rule)."""

    kind: ClassVar[str] = "flip"
    battle: int = 1
    cards: tuple[tuple[int, Card], ...] = ()
    reused: tuple[int, ...] = ()
    values: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Compared(Event):
    """The face-up cards of a battle compared: one winner, or ``tied`` players (a war).
    ``cards`` and ``values`` as in ``Flipped``: under the school variants the values decide."""

    kind: ClassVar[str] = "compare"
    battle: int = 1
    cards: tuple[tuple[int, Card], ...] = ()
    winner: int | None = None
    tied: tuple[int, ...] = ()
    values: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class WarDeclared(Event):
    """A war: ``players`` fight it, each laying ``face_down`` cards (per player) then one up.

    ``short``: players who cannot play and leave the war (their cards stay on the table);
    ``reusing``: players whose last face-up card is used again; ``dropped``: fighters who have all
    run out while another player still holds cards (three or four players): they drop out, their
    holdings go on the table, and the table goes to the players still holding cards."""

    kind: ClassVar[str] = "war"
    war: int = 1
    players: tuple[int, ...] = ()
    face_down: tuple[tuple[int, int], ...] = ()
    short: tuple[int, ...] = ()
    reusing: tuple[int, ...] = ()
    dropped: tuple[int, ...] = ()


@dataclass(frozen=True)
class FaceDownLaid(Event):
    """Face-down war cards laid on the table."""

    kind: ClassVar[str] = "face_down"
    cards: PlayerCards = ()


@dataclass(frozen=True)
class Collected(Event):
    """The winner takes the table, in the order the cards go to its pile."""

    kind: ClassVar[str] = "collect"
    winner: int = 0
    cards: tuple[Card, ...] = ()
    counts: tuple[int, ...] = ()
    wars: int = 0


@dataclass(frozen=True)
class Returned(Event):
    """Each player takes back the cards they put on the table (void round, split tie, draw)."""

    kind: ClassVar[str] = "return"
    cards: PlayerCards = ()
    counts: tuple[int, ...] = ()


@dataclass(frozen=True)
class PlayerOut(Event):
    """A player holds no cards and drops out."""

    kind: ClassVar[str] = "out"
    player: int = 0


@dataclass(frozen=True)
class GameOver(Event):
    """The game has ended."""

    kind: ClassVar[str] = "game_over"
    outcome: Outcome = field(default_factory=lambda: Outcome(Termination.ALL_CARDS))


EVENT_KINDS = tuple(c.kind for c in (Shuffled, Flipped, Compared, WarDeclared, FaceDownLaid, Collected,
                                     Returned, PlayerOut, GameOver))
