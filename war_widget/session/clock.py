"""The time limit of a session ("3 minutes"), on an injected clock (tests pass a fake one), and
its second hand (``SecondHand``).

Autoplay has no clock here: the browser keeps it (it asks for each round once its table has shown
the last one).  The time limit keeps one, because it must end the game when the time is up even if
nobody presses anything, and show the time left meanwhile: while it runs, once a second in the
running asyncio loop (Jupyter's, Voila's), ``SecondHand`` calls its ``tick``.  With no running loop
(a script, a test) there are no ticks, and every action checks the time itself."""
from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable
from typing import Any

from ..text.i18n import label

__all__ = ["TimeLimit", "SecondHand", "check_clock", "check_time_limit", "check_time_used"]


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


class SecondHand:
    """Calls ``tick()`` once a second while ``running()`` says the limit still runs, in the running
    asyncio loop; an exception from a tick stops it and goes to ``problem``."""

    def __init__(self, tick: Callable[[], None], running: Callable[[], bool],
                 problem: Callable[[Exception], None]) -> None:
        self._tick, self._running, self._problem = tick, running, problem
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start ticking, if not already, when a loop runs here (else nothing: no loop, no ticks)."""
        if self._task is not None and not self._task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._task = loop.create_task(self._run())

    async def _run(self) -> None:
        try:
            while self._running():
                await asyncio.sleep(1.0)
                self._tick()
        except asyncio.CancelledError:
            pass
        except Exception as exc:
            self._problem(exc)

    def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None and not task.done() and task is not _current_task():
            task.cancel()


def _current_task() -> asyncio.Task[Any] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:
        return None
