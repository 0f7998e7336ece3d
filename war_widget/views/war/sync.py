"""Text and picture tell the same moment.

The table's animation of an action is sent as one held batch that the browser replays over the
next second or two, while Python is already done.  Showing the narration, the round and the
results at once would tell the winner while the cards are still face up.  So each beat's text
is *staged* under the number of the beat in the canvas batch (``TableCanvas`` marks every beat
on a sentinel canvas) and shown when the browser reports that the table shows that beat
(``FrontEnd`` sends ``{"shown": n}``).

Without a browser (scripts, tests, nbval) nothing would ever report, so until a front end has
said hello everything is shown at once; and if reports stop (the page was closed) staged text
is shown after its beat's time plus ``GRACE`` seconds.
"""
from __future__ import annotations

import asyncio
import html
from collections import deque
from collections.abc import Callable, Sequence

__all__ = ["BeatSync", "narration_html", "GRACE", "LOG_LINES"]

GRACE = 3.0      # seconds after a beat was due before its text is shown anyway
LOG_LINES = 8    # narration lines shown


def narration_html(lines: Sequence[str]) -> str:
    """The narration box: the last lines, a live log for screen readers, scaled with the table."""
    shown = list(lines)[-LOG_LINES:]
    return ("<div role='log' aria-live='polite' style='font-size:calc(15px * var(--war-scale, 1))'>"
            + "<br>".join(html.escape(s) for s in shown) + "</div>")


class BeatSync:
    """Runs staged text updates when the picture reaches their beat."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._now = clock
        self.live = False            # a browser reports which beat it shows
        self.shown = -1              # the last beat reported shown
        self._pending: deque[tuple[int, float, Callable[[], None]]] = deque()
        self._timer: asyncio.TimerHandle | None = None

    @property
    def busy(self) -> bool:
        """True while staged text waits for the picture."""
        return bool(self._pending)

    def stage(self, seq: int, due_in: float, show: Callable[[], None]) -> None:
        """Run ``show`` when beat ``seq`` is on the screen (at once without a browser)."""
        if not self.live or seq <= self.shown:
            if not self._pending:
                show()
                return
        self._pending.append((seq, self._now() + due_in + GRACE, show))
        self._arm()

    def hello(self) -> None:
        """A browser view is ready and will report beats."""
        self.live = True

    def ack(self, seq: int) -> None:
        """The browser shows beat ``seq``: run everything staged up to it."""
        self.live = True
        if seq > self.shown:
            self.shown = seq
        self._run(lambda s, _due: s <= self.shown)

    def flush(self) -> None:
        """Show everything staged now."""
        self._run(lambda _s, _due: True)

    def _run(self, ready: Callable[[int, float], bool]) -> None:
        while self._pending and ready(*self._pending[0][:2]):
            _, _, show = self._pending.popleft()
            show()

    def _arm(self) -> None:
        if self._timer is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._timer = loop.call_later(1.0, self._expire)

    def _expire(self) -> None:
        self._timer = None
        now = self._now()
        self._run(lambda _s, due: due <= now)
        if self._pending:
            self._arm()
