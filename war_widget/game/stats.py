"""Per-game statistics, computed from a game's round history (winner, wars, counts per round).

Kept apart from the engine so the widget's results panel, the notebooks and ``simulate`` read
the same numbers."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["GameStats", "RunningStats", "Leads", "Lead", "leader"]


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


class RunningStats:
    """The statistics of a game kept up to date round by round (``catch_up`` reads only the
    rounds not seen yet), so a flip at round 5,000 costs what a flip at round 1 does.  Equal to
    ``GameStats.from_history`` on the same rounds (tests/game/test_stats.py proves it)."""

    def __init__(self, start: tuple[int, ...]) -> None:
        players = len(start)
        self.start = tuple(start)
        self.rounds = 0
        self.war_rounds: list[int] = []
        self.war_battles = 0
        self.wars_won = [0] * players
        self.rounds_won = [0] * players
        self.longest_streak = [0] * players
        self.largest_lead = [0] * players
        self._last: int | None = None
        self._run = 0
        self.leads = Leads(self.start)
        self._lead(self.start)

    @property
    def wars(self) -> int:
        return len(self.war_rounds)

    def _lead(self, counts: Sequence[int]) -> None:
        n = len(counts)
        if n == 2:
            a, b = counts
            lead = self.largest_lead
            if a - b > lead[0]:
                lead[0] = a - b
            if b - a > lead[1]:
                lead[1] = b - a
            return
        for p in range(n):
            others = max((counts[q] for q in range(n) if q != p), default=0)
            self.largest_lead[p] = max(self.largest_lead[p], counts[p] - others)

    def add(self, winner: int | None, wars: int, counts: Sequence[int]) -> None:
        """One more round: its winner (None: nobody), its wars, the counts after it."""
        self.rounds += 1
        if wars:
            self.war_rounds.append(self.rounds)
            self.war_battles += wars
        if winner is None:
            self._last, self._run = None, 0
        else:
            self.rounds_won[winner] += 1
            if wars:
                self.wars_won[winner] += 1
            self._run = self._run + 1 if winner == self._last else 1
            self._last = winner
            if self._run > self.longest_streak[winner]:
                self.longest_streak[winner] = self._run
        self._lead(counts)
        self.leads.add(wars, counts)

    def catch_up(self, history: Sequence[tuple[int | None, int, tuple[int, ...]]]) -> None:
        """Add the rounds of ``history`` (a game's whole history) not counted yet."""
        for i in range(self.rounds, len(history)):
            winner, wars, counts = history[i]
            self.add(winner, wars, counts)


def leader(counts: Sequence[int]) -> int | None:
    """The one player holding the most cards (None when two or more hold the most)."""
    top = max(counts)
    best = [p for p, v in enumerate(counts) if v == top]
    return best[0] if len(best) == 1 else None


@dataclass(frozen=True)
class Lead:
    """The longest stretch one player was ahead (from the deal, round 0), as the results'
    story tells it: ``first`` round, ``length`` positions, ``who``; and, if it ended, what
    ended it (``ended_wars`` of round ``first + length``, ``next_leader`` then)."""

    length: int
    first: int
    who: int
    ended_wars: int | None = None
    next_leader: int | None = None


class Leads:
    """Who is ahead after each round, kept round by round: the longest stretch (ties: the
    earliest), the leader now.  The same answer as reading the whole count history."""

    def __init__(self, start: Sequence[int]) -> None:
        self.positions = 1
        self.now = leader(start)
        self._run_start = 0
        self._best: Lead | None = None

    def add(self, wars: int, counts: Sequence[int]) -> None:
        r = self.positions
        new = leader(counts)
        if new != self.now:
            length = r - self._run_start
            if self.now is not None and (self._best is None or length > self._best.length):
                self._best = Lead(length, self._run_start, self.now, wars, new)
            self._run_start = r
            self.now = new
        self.positions += 1

    @property
    def best(self) -> Lead | None:
        length = self.positions - self._run_start
        if self.now is not None and (self._best is None or length > self._best.length):
            return Lead(length, self._run_start, self.now)
        return self._best
