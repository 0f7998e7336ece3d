"""The time limit of a session ("3 minutes"): the time used, counted from the clock messages of
the page that shows the table (``TimeLimit.passed``).  No timer and no event loop here.

The contract (ARCHITECTURE.md, "session/"): while a time-limited game runs (from its first action
until it is over), the table says about once a second how long this page has shown it since its
last word (``{"do": "clock", "ms": ..., "view": ...}``, src/clock.js: the page's own time,
nothing while its tab is hidden).  The session adds that time, at most ``STEP_MAX`` seconds a
message, and ends the game when the limit is used up (the engine's ``end_now``).  So:

* no page shown (a closed notebook, a hidden tab, a script): no time counts (a script says the
  time that passed itself: ``WarSession.keep_time``);
* a page that slept says only the time it was shown, and one message at most ``STEP_MAX``;
* a busy kernel reads the page's messages late, all of them: none is lost, none counts twice;
* two views of one table (or two tables over one session): one view keeps the time and the
  others' messages count nothing, so the time never runs faster; when the keeper has said
  nothing for ``HANDOVER`` seconds of the kernel's clock (its page closed or hidden), the next
  view that speaks keeps it;
* a restored save goes on from its ``time_used``, and the time runs again from its first action.

The kernel's clock (``now``: ``time.monotonic``, or a fake one in tests) only decides that hand-over."""
from __future__ import annotations

import math
import time
from collections.abc import Callable

from ..text.i18n import label

__all__ = ["TimeLimit", "STEP_MAX", "HANDOVER", "check_clock", "check_seconds", "check_time_limit",
           "check_time_used"]

STEP_MAX = 2.0     # seconds one clock message counts at most (the page sends one a second)
HANDOVER = 3.0     # seconds of the keeper's silence after which another view keeps the time


def check_time_limit(limit: object) -> float | None:
    """A positive, finite number of seconds (or None), else a ValueError saying so."""
    if limit is None:
        return None
    if isinstance(limit, bool) or not isinstance(limit, (int, float)):
        raise ValueError(f"time_limit must be a positive number of seconds or None; got {limit!r}")
    try:
        value = float(limit)
    except OverflowError:
        value = math.inf
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"time_limit must be a positive, finite number of seconds (e.g. 180) or None; "
                         f"got {limit!r:.60}")
    return value


def check_time_used(used: object) -> float:
    """Seconds already used: a finite number >= 0, else a ValueError."""
    if isinstance(used, int) and not isinstance(used, bool) and used > 1 << 53:
        used = math.inf                    # 10**400 as a JSON integer: float() would overflow
    if isinstance(used, bool) or not isinstance(used, (int, float)) or not math.isfinite(float(used)) or used < 0:
        raise ValueError(f"the saved game's time_used must be a finite number of seconds >= 0; got {used!r:.60}")
    return float(used)


def check_seconds(seconds: object) -> float:
    """Seconds a page says passed: a finite number >= 0, else a ValueError saying so."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise ValueError(f"keep_time(seconds): seconds must be a number of seconds >= 0 (e.g. 1.0); "
                         f"got {seconds!r:.60}")
    try:
        value = float(seconds)
    except OverflowError:
        value = math.inf
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"keep_time(seconds): seconds must be a finite number >= 0 (e.g. 1.0); got {seconds!r:.60}")
    return value


def check_clock(clock: Callable[[], float] | None) -> Callable[[], float]:
    """A function of no arguments returning seconds (like ``time.monotonic``); tried once."""
    if clock is None:
        return time.monotonic
    if not callable(clock):
        raise ValueError(f"clock must be a function returning seconds, like time.monotonic; got {clock!r}")
    try:
        now = clock()
    except Exception as exc:
        raise ValueError(f"clock must be a function of no arguments returning seconds; calling it failed: "
                         f"{exc}") from None
    if isinstance(now, bool) or not isinstance(now, (int, float)) or not math.isfinite(float(now)):
        raise ValueError(f"clock must return a finite number of seconds; it returned {now!r}")
    return clock


class TimeLimit:
    """The limit in force (seconds, or None), the time used of it, whether it runs (from the
    game's first action, ``start``), and which view keeps the time (``passed``)."""

    def __init__(self, now: Callable[[], float], limit: float | None = None) -> None:
        self.now = now
        self.limit = limit
        self.used = 0.0
        self.running = False
        self.keeper: str | None = None      # the view whose messages count
        self.heard = 0.0                    # the kernel's time of the keeper's last message

    def reset(self, limit: float | None, used: float = 0.0) -> None:
        """A new game (or a saved one, ``used`` seconds into it): the limit waits for its first action."""
        self.limit, self.used, self.running, self.keeper = limit, used, False, None

    def start(self) -> None:
        self.running = True

    def passed(self, seconds: float, view: str = "") -> bool:
        """The page ``view`` has shown the table ``seconds`` since its last clock message: counted
        (at most ``STEP_MAX``) if the limit runs and ``view`` keeps the time.  True if counted."""
        if self.limit is None or not self.running:
            return False
        now = self.now()
        if self.keeper is not None and view != self.keeper and now - self.heard < HANDOVER:
            return False                    # another view keeps the time
        self.keeper, self.heard = view, now
        self.used += min(seconds, STEP_MAX)
        return True

    def left(self) -> float | None:
        if self.limit is None:
            return None
        return max(self.limit - self.used, 0.0)

    def is_up(self) -> bool:
        return self.limit is not None and self.used >= self.limit

    def progress(self, n: int, round_limit: int | None, reg: str) -> tuple[float | None, str]:
        """How far a game at round ``n`` is, 0..1 of the limit in force (None without one: then
        the round limit's), and its progress line in the register ``reg``."""
        if self.limit is not None:
            left = self.left() or 0.0
            secs = int(left + 0.999)
            return 1 - left / self.limit, label("time_left", reg, m=secs // 60, s=secs % 60, n=n)
        if round_limit is not None:
            return n / round_limit, label("rounds_of", reg, n=n, limit=round_limit)
        return None, label("round_n", reg, n=n)
