"""The beats that only Steal War has.  Every other beat reuses ``war_widget.game.events``
(Flipped, Compared, WarDeclared, FaceDownLaid, Collected, Shuffled, Returned, PlayerOut, GameOver).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...game.cards import Card
from ...game.events import Event

__all__ = ["Stolen", "Swapped", "StealDeclined", "Protected", "TopChosen", "STEAL_EVENT_KINDS"]


@dataclass(frozen=True)
class Stolen(Event):
    """``player`` put ``card`` on ``victim``'s capture pile of ``pile_size`` cards and moved the
    whole pile, order kept, onto their own; ``counts`` after."""

    kind: ClassVar[str] = "steal"
    player: int = 0
    victim: int = 0
    card: Card | None = None
    pile_size: int = 0
    counts: tuple[int, ...] = ()


@dataclass(frozen=True)
class Swapped(Event):
    """Two players could steal each other's pile and both did: each put their card on the
    other's pile and took it, so each now holds the other's old pile with their own stealing
    card on top.  ``sizes`` are the two piles' sizes before, in the order of ``players``."""

    kind: ClassVar[str] = "swap"
    players: tuple[int, int] = (0, 1)
    cards: tuple[tuple[int, Card], ...] = ()
    sizes: tuple[int, int] = (0, 0)
    counts: tuple[int, ...] = ()


@dataclass(frozen=True)
class StealDeclined(Event):
    """``player`` could steal from ``victims`` with ``card`` and chose to play it instead."""

    kind: ClassVar[str] = "decline"
    player: int = 0
    card: Card | None = None
    victims: tuple[int, ...] = ()


@dataclass(frozen=True)
class Protected(Event):
    """``player`` is about to play ``card``, which matches the top of their own pile, so
    ``thieves`` (who hold the same rank) cannot steal that pile this turn."""

    kind: ClassVar[str] = "protect"
    player: int = 0
    card: Card | None = None
    thieves: tuple[int, ...] = ()


@dataclass(frozen=True)
class TopChosen(Event):
    """The winner of a battle chose which won card lies face up on top of their pile."""

    kind: ClassVar[str] = "top"
    player: int = 0
    card: Card | None = None


STEAL_EVENT_KINDS = tuple(c.kind for c in (Stolen, Swapped, StealDeclined, Protected, TopChosen))
