"""The time limit of a session ("3 minutes"), on an injected clock (tests pass a fake one)."""
from __future__ import annotations

import math
import time
from collections.abc import Callable

__all__ = ["TimeLimit", "check_clock", "check_time_limit", "check_time_used"]


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
    """Seconds left of the limit in force: the time used by earlier play plus the running time
    since the first action (``start``)."""

    def __init__(self, now: Callable[[], float], limit: float | None = None) -> None:
        self.now = now
        self.limit = limit
        self.used = 0.0
        self.started_at: float | None = None

    def reset(self, limit: float | None, used: float = 0.0) -> None:
        self.limit, self.used, self.started_at = limit, used, None

    def start(self) -> None:
        if self.started_at is None:
            self.started_at = self.now()

    def used_now(self) -> float:
        return self.used + (self.now() - self.started_at if self.started_at is not None else 0.0)

    def left(self) -> float | None:
        if self.limit is None:
            return None
        return max(self.limit - self.used_now(), 0.0)

    def is_up(self) -> bool:
        return self.limit is not None and (self.left() or 0.0) <= 0
