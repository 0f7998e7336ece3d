"""What the Steal War and Casino War sessions share: the narration, the views told after each
action (``Listeners``), and a click the engine refuses said as "Not now: ..." (``attempt``)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from .beat import Listeners, Update

__all__ = ["Told"]

U = TypeVar("U", bound=Update[Any, Any])


class Told(Generic[U]):
    """A session that tells its views an ``Update`` (of type ``shown_type``) after every action.

    Subclasses give ``view()`` (the picture now) and ``refusal(error)`` (the "Not now" line)."""

    shown_type: type[U]

    def __init__(self) -> None:
        self.narration: list[str] = []
        self._listeners: Listeners[U] = Listeners()

    def subscribe(self, listener: Callable[[U], None]) -> Callable[[], None]:
        """Call ``listener(shown)`` after every action; returns a function that unsubscribes."""
        return self._listeners.add(listener)

    def view(self) -> Any:
        raise NotImplementedError

    def refusal(self, error: ValueError) -> str:
        """The narration's line for a move the engine (or the session) refused."""
        raise NotImplementedError

    def attempt(self, action: Callable[..., object], *args: object) -> U | None:
        """Run an action as a click does: a move that is not allowed now is explained in the
        narration ("Not now: ..."), never raised.  The update shown, or None if refused."""
        try:
            shown = action(*args)
        except ValueError as error:
            self._said("refused", self.refusal(error))
            return None
        return shown if isinstance(shown, self.shown_type) else None

    def _said(self, action: str, line: str) -> U:
        self.narration.append(line)
        return self._emit(action, ())

    def _emit(self, action: str, beats: tuple[Any, ...], restart: bool = False) -> U:
        shown = self.shown_type(action, beats, self.view(), bool(beats), restart)
        self._listeners.tell(shown)
        return shown
