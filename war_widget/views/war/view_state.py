"""What the War table shows: the snapshot the canvas draws (``view``), the progress line, the
face-card values of the teaching aids, and how each beat the engine emits changes the picture
(``on_event``: the sentence for the narration, the highlighted winner, the WAR! banner)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...game.events import Collected, Compared, Event, Flipped, GameOver, Returned, WarDeclared
from ...text.i18n import label
from ...text.narration import narrate
from ...text.number_mode import aid_values
from . import layout as L

if TYPE_CHECKING:
    from .app import WarWidget


def on_event(w: WarWidget, event: Event) -> None:
    """Every beat the engine plays: one sentence, and what the table shows next."""
    w.narration_log.append(narrate(event, w._reg, w.game.rules, w.names, values=w.aids))
    if isinstance(event, Flipped) and event.battle == 1:
        w._aid = w._banner = w._winner = None
    elif isinstance(event, Compared):
        if w.aids:
            w._aid = L.compare_text(event.cards, event.winner, event.tied, label("war_bang", w._reg))
        if event.winner is not None:
            w._winner, w._banner = event.winner, None
    elif isinstance(event, WarDeclared):
        # "WAR!" in big letters, unless the teaching aid already says "Q = Q  WAR!"
        w._banner = None if w.aids else label("war_bang", w._reg)
    elif isinstance(event, Collected):
        w._winner, w._banner = event.winner, None
    elif isinstance(event, Returned):
        w._winner, w._banner = None, None
    elif isinstance(event, GameOver):
        w._banner = w._end_banner()
    if w._frames is not None:
        w._frames.append((event, w._view()))


def progress(w: WarWidget) -> tuple[float | None, str]:
    n = w.game.round_number
    if w._time_limit is not None:
        left = w.time_left or 0.0
        secs = int(left + 0.999)
        return 1 - left / w._time_limit, label("time_left", w._reg, m=secs // 60, s=secs % 60, n=n)
    limit = w.game.rules.round_limit
    if limit is not None:
        return n / limit, label("rounds_of", w._reg, n=n, limit=limit)
    return None, label("round_n", w._reg, n=n)


def values(w: WarWidget) -> dict[int, int]:
    if not w.aids:
        return {}
    return aid_values(w.game.rules)   # J Q K 11-13, A 1 only where it counts 1: never A 14 or 2 15


def view(w: WarWidget) -> L.TableView:
    g = w.game
    progress, text = w._progress()
    return L.TableView(names=tuple(w.names), hands=tuple(len(h) for h in g.hands),
                       won=tuple(len(pile) for pile in g.won), table=g.table, out=tuple(g.out),
                       capture=g.rules.capture, total=sum(len(h) for h in g.dealt), progress=progress,
                       progress_text=text, waiting=tuple(sorted(w._pressed)), aid=w._aid,
                       banner=w._banner, winner=w._winner, values=w._values())


def render(w: WarWidget, frames: list[tuple[Event, L.TableView]], animate: bool) -> None:
    """Draw an action (its recorded beats, then the state now) in one held batch."""
    w.table.render(frames, w._view(), w.speed, animate)
