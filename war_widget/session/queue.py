"""The action queue of a session: one action at a time, the others in arrival order.

A click that arrives while an action runs (a view told mid-action clicks again, a second hand's
tick) is queued and run right after it, never dropped and never run inside it."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

__all__ = ["ActionQueue"]

Run = Callable[..., Any]


class ActionQueue:
    """Runs actions through ``run(fn, *args)`` (the session's: it keeps Back and tells the views)."""

    def __init__(self, run: Callable[..., Any]) -> None:
        self._run = run
        self._waiting: deque[tuple[Run, tuple[Any, ...]]] = deque()
        self.running = False

    def act(self, fn: Run, *args: Any) -> Any:
        """Run ``fn(*args)`` now and return its result, or queue it behind the action running
        (None).  An error in a queued action is raised once the queue is drained: no queued
        click is lost."""
        if self.running:
            self._waiting.append((fn, args))
            return None
        self.running = True
        error: BaseException | None = None
        try:
            result = self._run(fn, *args)
            while self._waiting:
                f, a = self._waiting.popleft()
                try:
                    self._run(f, *a)
                except Exception as exc:  # keep draining: no queued click is lost
                    error = error or exc
        finally:
            self.running = False
            self._waiting.clear()
        if error is not None:
            raise error
        return result
