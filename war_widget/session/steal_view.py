"""What a Steal War table shows, beat by beat: the typed values every view draws.

``StealView`` is the table at one moment, taken from the engine's public state; a ``StealBeat`` is
one engine event with the table right after it and the piles that fly (``Move``); a
``StealShown`` is one action's whole update (the ``Update`` shape of every session);
``StealControls`` is what a player may press now.  Owned by ``session/steal.py``; drawn by
``views/steal/`` (or a test, or a script)."""
from __future__ import annotations

from dataclasses import dataclass

from ..game.cards import Card
from ..game.engine_state import TableCard
from ..game.events import Event
from .beat import Update

__all__ = ["StealView", "Move", "StealBeat", "StealShown", "StealControls"]


@dataclass(frozen=True)
class StealView:
    """Everything the Steal War table shows, taken from the engine's public state."""

    names: tuple[str, ...]
    hands: tuple[int, ...]
    piles: tuple[tuple[Card, ...], ...]
    table: tuple[TableCard, ...] = ()
    next_card: Card | None = None          # your next card, which you may look at
    targets: tuple[int, ...] = ()          # piles you may steal now (highlighted)
    protected: tuple[int, ...] = ()
    choosing: tuple[Card, ...] = ()        # won cards you may put on top (highlighted)
    winner: int | None = None
    banner: str | None = None
    lang: str = "en"
    hidden: tuple[int, ...] = ()           # piles not drawn (in flight during an animation)

    @property
    def counts(self) -> tuple[int, ...]:
        return tuple(h + len(w) for h, w in zip(self.hands, self.piles, strict=True))


@dataclass(frozen=True)
class Move:
    """Cards flying onto ``to``'s capture pile: ``size`` cards, ``card`` face up on top, from
    ``seat``'s battle row (a collect, ``origin`` "battle") or ``seat``'s pile (a steal, "pile")."""

    origin: str
    seat: int
    to: int
    card: Card | None
    size: int


@dataclass(frozen=True)
class StealBeat:
    """One beat the engine played, as the table shows it right after."""

    event: Event
    view: StealView
    sentence: str                      # this beat's line of the narration
    log_end: int                       # len(narration) once this beat is told
    round: int                         # rounds completed
    counts: tuple[int, ...]
    moves: tuple[Move, ...] = ()       # piles that fly to their new owner in this beat


@dataclass(frozen=True)
class StealShown(Update[StealBeat, StealView]):
    """What one action of a Steal War session shows."""


@dataclass(frozen=True)
class StealControls:
    """What a player may press now, as the engine allows it."""

    flip_word: str                     # "flip", or "play" while a steal is yours to decline
    can_flip: bool
    can_steal: bool
    can_step: bool
    tops: tuple[Card, ...] = ()        # won cards you may put on top (one button each)
