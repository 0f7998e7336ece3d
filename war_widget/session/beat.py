"""What one action of a session shows, beat by beat: the typed values every view draws.

A ``Beat`` is one engine event with everything shown at that moment (the table, the sentence,
the progress line, the counts, the chart's new point when a round ended).  A ``Shown`` is one
action's whole update: its beats in order, then the state after it.  The session hands each
``Shown`` to its subscribers (``WarSession.subscribe``), so the notebook widget, a component,
a test or a script show the same thing.

Steal War and Casino War have the same shape with their own beats and pictures: an ``Update``
of their beat and view types (``session/steal_view.py``, ``session/casino.py``), told through
``Listeners``."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from ..game.events import Event
from .view import TableView

__all__ = ["ChartPoint", "Beat", "Shown", "Update", "Listeners"]

B = TypeVar("B")
V = TypeVar("V")
T = TypeVar("T")


@dataclass(frozen=True)
class ChartPoint:
    """A round that ended: its number, the counts after it, whether it had a war."""

    round: int
    counts: tuple[int, ...]
    war: bool


@dataclass(frozen=True)
class Beat:
    """One beat the engine played, as the table shows it right after."""

    event: Event
    view: TableView
    sentence: str                      # this beat's line of the narration
    log_end: int                       # len(narration_log) once this beat is told
    progress: str                      # the progress line ("Round 12 of 40")
    round: int                         # rounds completed
    counts: tuple[int, ...]
    point: ChartPoint | None = None    # set on the beat that completed a round


@dataclass(frozen=True)
class Update(Generic[B, V]):
    """What one action shows: its beats (animated when ``animate``), then ``view``.

    ``restart`` is set when the picture and the chart start again from the game as it stands
    (a new game, Back, a jump, a resume): draw ``view`` and the whole chart."""

    action: str
    beats: tuple[B, ...]
    view: V
    animate: bool = True
    restart: bool = False


@dataclass(frozen=True)
class Shown(Update[Beat, TableView]):
    """What one action of a War session shows (an ``Update`` of War's beats and table)."""


class Listeners(Generic[T]):
    """The views told after every action of a session (each called once per action, in order)."""

    def __init__(self) -> None:
        self._calls: list[Callable[[T], None]] = []

    def add(self, listener: Callable[[T], None]) -> Callable[[], None]:
        """Call ``listener(update)`` after every action; returns a function that unsubscribes."""
        self._calls.append(listener)

        def unsubscribe() -> None:
            if listener in self._calls:
                self._calls.remove(listener)
        return unsubscribe

    def tell(self, update: T) -> None:
        for listener in list(self._calls):
            listener(update)

    def clear(self) -> None:
        self._calls.clear()
