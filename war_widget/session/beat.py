"""What one action of a session shows, beat by beat: the typed values every view draws.

A ``Beat`` is one engine event with everything shown at that moment (the table, the sentence,
the progress line, the counts, the chart's new point when a round ended).  A ``Shown`` is one
action's whole update: its beats in order, then the state after it.  The session hands each
``Shown`` to its subscribers (``WarSession.subscribe``), so the notebook widget, a component,
a test or a script show the same thing."""
from __future__ import annotations

from dataclasses import dataclass

from ..game.events import Event
from .view import TableView

__all__ = ["ChartPoint", "Beat", "Shown"]


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
class Shown:
    """What one action shows: its beats (animated when ``animate``), then ``view``.

    ``restart`` is set when the picture and the chart start again from the game as it stands
    (a new game, Back, a jump, a resume): draw ``view`` and the whole chart."""

    action: str
    beats: tuple[Beat, ...]
    view: TableView
    animate: bool = True
    restart: bool = False
