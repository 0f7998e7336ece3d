"""Per-game statistics, computed from a game's round history (winner, wars, counts per round).

Kept apart from the engine so the widget's results panel, the notebooks and ``simulate`` read
the same numbers."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["GameStats"]


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _check_history(history: object, start: object) -> None:
    """A clear ValueError for anything that is not a ``Game.history`` and its dealt counts."""
    if not isinstance(start, (tuple, list)) or not 2 <= len(start) <= 4 or not all(map(_whole, start)):
        raise ValueError(f"start must be the dealt counts, 2 to 4 whole numbers; got {start!r}")
    if not isinstance(history, (list, tuple)):
        raise ValueError(f"history must be a list of (winner, wars, counts) rounds; got {history!r}")
    for i, entry in enumerate(history, start=1):
        ok = isinstance(entry, (tuple, list)) and len(entry) == 3
        if ok:
            winner, wars, counts = entry
            ok = ((winner is None or (_whole(winner) and winner < len(start))) and _whole(wars)
                  and isinstance(counts, (tuple, list)) and len(counts) == len(start) and all(map(_whole, counts)))
        if not ok:
            raise ValueError(f"history round {i} must be (winner seat or None, wars >= 0, one count per player); "
                             f"got {entry!r}")


@dataclass(frozen=True)
class GameStats:
    """Count history per round (round 0 = the deal), war rounds, streaks and leads.

    ``wars`` counts rounds that had at least one war (a double war is one war, won by the
    round's winner); ``war_battles`` counts every tie, so a double war adds 2."""

    rounds: int
    count_history: tuple[tuple[int, ...], ...]
    war_rounds: tuple[int, ...]
    wars: int
    war_battles: int
    wars_won: tuple[int, ...]
    rounds_won: tuple[int, ...]
    longest_streak: tuple[int, ...]
    largest_lead: tuple[int, ...]

    @classmethod
    def from_history(cls, history: Sequence[tuple[int | None, int, tuple[int, ...]]],
                     start: tuple[int, ...]) -> GameStats:
        """Build the statistics of a game from its ``Game.history`` and the dealt counts."""
        _check_history(history, start)
        players = len(start)
        counts = [tuple(start)] + [tuple(c) for _, _, c in history]
        wars_won = [0] * players
        rounds_won = [0] * players
        best = [0] * players
        war_rounds = []
        last = None
        run = 0
        for i, (winner, wars, _) in enumerate(history, start=1):
            if wars:
                war_rounds.append(i)
            if winner is None:
                last, run = None, 0
                continue
            rounds_won[winner] += 1
            if wars:
                wars_won[winner] += 1
            run = run + 1 if winner == last else 1
            last = winner
            best[winner] = max(best[winner], run)
        lead = [0] * players
        for c in counts:
            for p in range(players):
                others = max((c[q] for q in range(players) if q != p), default=0)
                lead[p] = max(lead[p], c[p] - others)
        return cls(len(history), tuple(counts), tuple(war_rounds), len(war_rounds),
                   sum(w for _, w, _ in history), tuple(wars_won), tuple(rounds_won), tuple(best), tuple(lead))
