"""The table canvas: five ipycanvas layers, repainted only when what they show changes, and
every action drawn as ONE held batch (frames separated by ``canvas.sleep``).

Layers: 0 felt, 1 pile stacks and names, 2 counts (badges, progress bar, count bar), 3 the
cards on the table, 4 cards in flight (the top layer, which receives mouse and key events).
The canvas keeps no history, so ``redraw`` paints everything from a ``TableView``.

Every beat ends with a *mark*: its number written into a 1x1 sentinel canvas (never displayed)
just before the beat's pause, and every batch ends with one; the browser reports the marks it
reaches (``frontend.FrontEnd``), so the widget shows a beat's text with its picture
(``sync.BeatSync``) and knows how far behind the picture is.

The layout draws in a 1600 x 1000 coordinate space; ``resize(px)`` gives the canvas ``px``
pixels across (as many as the screen shows) and scales the drawing to them.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets
from ipycanvas import Canvas, MultiCanvas
from ipycanvas.canvas import COMMANDS

from ...game.events import Collected, Event, Shuffled
from ..draw import Painter, held
from . import layout as L

__all__ = ["TableCanvas", "BEAT_MS", "FRAMES", "FRAME_MS", "FAR_BEHIND"]

BEAT_MS = {"slow": 900, "normal": 480, "fast": 150}  # pause after a beat (flip, compare, war ...)
FRAMES = {"slow": 10, "normal": 6, "fast": 4}        # frames of a flight of cards
FRAME_MS = {"slow": 40, "normal": 34, "fast": 26}
FAR_BEHIND = 1.5                                     # seconds of queued animation: skip animating
MARKS_KEPT = 1024                                    # unconfirmed beat marks remembered (oldest dropped)
FELT, PILES, COUNTS, CARDS, MOTION = range(5)
_SET, _FILL_STYLE = COMMANDS["set"], Canvas.ATTRS["fill_style"]


@dataclass(frozen=True)
class Timing:
    beat: int
    frames: int
    frame: int


class TableCanvas:
    """Draws table views on a high-DPI MultiCanvas (at least twice its 800 CSS px base size, and
    as many pixels as the screen shows once the browser has reported its size)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.canvas = MultiCanvas(5, width=L.WIDTH, height=L.HEIGHT,
                                  layout=widgets.Layout(width=f"{L.CSS_WIDTH}px", height=f"{L.CSS_HEIGHT}px"))
        self.canvas.add_class("war-table")
        self.sentinel = Canvas(width=1, height=1)
        self._painters = [Painter(self.canvas[i]) for i in range(5)]
        self.scale = 1.0                    # canvas pixels per layout pixel (the layout is 1600 wide)
        self.seq = 0                        # the last beat mark sent
        self._sent_ms = 0                   # animation time sent so far, and at each unconfirmed mark
        self._mark_ms: dict[int, int] = {}
        self._confirmed_ms = 0
        self.confirmed: int | None = None   # the last mark the browser reported shown
        self._now = clock
        self._keys: dict[int, tuple] = {}
        self._dirty: list[int] = []
        self._anim_ms = 0
        self._motion_dirty = True
        self.busy_until = 0.0               # when the browser will have played every batch sent
        self.shown_view: L.TableView | None = None

    # --- public ---------------------------------------------------------------------------
    def redraw(self, view: L.TableView) -> int:
        """Paint every layer from ``view`` (a new front end starts from a blank canvas); returns
        the batch's mark."""
        with held():
            self._begin()
            self._painters[FELT].clear()
            self._painters[FELT].paint([op for op in L.base_ops(view) if op.tag == "felt"])
            self._rest(view, force=True)
            return self._sleep(0, mark=True)

    def resize(self, px: int) -> bool:
        """Give the canvas ``px`` pixels across (height in proportion); True if it changed.
        The caller redraws (a resized canvas is blank)."""
        px = int(px)
        if px < 1 or px == self.canvas.width:
            return False
        self.scale = px / L.WIDTH
        with self.canvas.hold_trait_notifications():
            self.canvas.width = px
            self.canvas.height = round(L.HEIGHT * self.scale)
        self._keys.clear()
        self._motion_dirty = True
        return True

    def to_layout(self, x: float, y: float) -> tuple[float, float]:
        """Canvas pixels of a mouse event as layout coordinates."""
        return x / self.scale, y / self.scale

    def confirm(self, seq: int) -> None:
        """The browser shows mark ``seq``."""
        if self.confirmed is None or seq > self.confirmed:
            self.confirmed = seq
        if seq in self._mark_ms:
            self._confirmed_ms = self._mark_ms[seq]
        for old in [s for s in self._mark_ms if s <= seq]:
            del self._mark_ms[old]

    def behind(self) -> float:
        """Seconds of animation the browser has still to play: measured from the marks it
        reports when it does, else estimated from the kernel's clock."""
        if self.confirmed is not None:
            if self.confirmed >= self.seq:
                return 0.0
            return max(self._sent_ms - self._confirmed_ms, 0) / 1000
        return self.busy_until - self._now()

    def render(self, frames: Sequence[tuple[Event, L.TableView]], view: L.TableView, speed: str,
               animate: bool) -> tuple[list[int], float]:
        """Draw the beats of one action (each event with the view right after it), animated at
        ``speed``, then ``view``: all in one held batch.  Returns each frame's mark (the last
        one for all when not animated) and the batch's animation time in seconds."""
        timing = self._timing(speed) if animate and frames else None
        marks: list[int] = []
        with held():
            self._begin()
            if timing is not None:
                prev = self.shown_view or frames[0][1]
                for event, after in frames:
                    marks.append(self._beat(prev, event, after, timing))
                    prev = after
            self._rest(view)
            final = self._sleep(0, mark=True)
        self.busy_until = max(self.busy_until, self._now()) + self._anim_ms / 1000
        return (marks if timing is not None else [final] * len(frames)), self._anim_ms / 1000

    def refresh_counts(self, view: L.TableView) -> None:
        """Repaint what a ticking clock changes (the progress bar), if anything."""
        with held():
            self._begin()
            self._piles(view)

    # --- layers ---------------------------------------------------------------------------
    def _begin(self) -> None:
        for i, painter in enumerate(self._painters):
            painter.begin()
            if self.scale != 1.0:  # a resized canvas starts with a plain transform: scale the layout
                self.canvas[i].set_transform(self.scale, 0, 0, self.scale, 0, 0)
        self._dirty = []
        self._anim_ms = 0

    def _timing(self, speed: str) -> Timing | None:
        behind = self.behind()
        if behind > FAR_BEHIND:
            return None          # far behind: show the result at once, the picture catches up
        if behind > 0.05:
            speed = "fast"       # still playing the last batch: shorter pauses
        return Timing(BEAT_MS[speed], FRAMES[speed], FRAME_MS[speed])

    def _layer(self, layer: int, key: tuple, ops: Callable[[], list], force: bool = False) -> None:
        """Repaint a layer unless it already shows exactly ``key`` (layers keep their pixels)."""
        if self._keys.get(layer) == key and not force:
            return
        self._keys[layer] = key
        self._painters[layer].clear()
        self._painters[layer].paint(ops())
        self._mark(layer)

    def _piles(self, view: L.TableView, force: bool = False) -> None:
        looks = (tuple(map(L.stack_level, view.hands)), tuple(map(L.stack_level, view.won)))
        self._layer(PILES, (view.names, looks, view.out, L.highlighted_pile(view), view.capture),
                    lambda: L.pile_ops(view), force)
        self._layer(COUNTS, (view.hands, view.won, view.progress, view.progress_text, view.capture),
                    lambda: L.count_ops(view), force)

    def _cards(self, view: L.TableView, force: bool = False) -> None:
        key = (view.names, view.table, view.waiting, view.aid, view.banner, view.winner,
               tuple(view.values.items()))
        self._layer(CARDS, key, lambda: L.table_ops(view), force)

    def _rest(self, view: L.TableView, force: bool = False) -> None:
        self._piles(view, force)
        self._cards(view, force)
        if self._motion_dirty or force:
            self._painters[MOTION].clear()
            self._motion_dirty = False
        self.shown_view = view

    def _mark(self, layer: int) -> None:
        if layer not in self._dirty:
            self._dirty.append(layer)

    def _sleep(self, ms: int, mark: bool = False) -> int:
        """Show what was drawn, then pause.  The browser copies a layer to the screen only when
        that layer sleeps, so every layer touched since the last pause sleeps 0 first.  With
        ``mark`` the pause is taken on the sentinel, after writing the beat's number into it;
        returns the mark (or the last one)."""
        if mark:
            for layer in self._dirty:
                self.canvas[layer].sleep(0)
            self.seq += 1
            self._mark_ms[self.seq] = self._sent_ms
            if len(self._mark_ms) > MARKS_KEPT:   # no browser confirms (a script, a closed page): keep the newest
                del self._mark_ms[next(iter(self._mark_ms))]
            beat = f"#{self.seq & 0xFFFFFF:06x}"   # the beat's number, as a colour the browser reads back
            self.sentinel._canvas_manager.send_command(self.sentinel, [_SET, [_FILL_STYLE, beat]])
            self.sentinel.sleep(ms)
        else:
            for layer in self._dirty[:-1]:
                self.canvas[layer].sleep(0)
            self.canvas[self._dirty[-1] if self._dirty else MOTION].sleep(ms)
        self._dirty = []
        self._anim_ms += ms
        self._sent_ms += ms
        return self.seq

    def _fly(self, frames: list[list[L.Op]], ms: int) -> None:
        motion = self._painters[MOTION]
        for frame in frames:
            motion.clear()
            motion.paint(frame)
            self._mark(MOTION)
            self._sleep(ms)
        motion.clear()
        self._mark(MOTION)
        self._motion_dirty = False

    def _beat(self, prev: L.TableView, event: Event, view: L.TableView, t: Timing) -> int:
        """Draw one beat; returns its mark."""
        kind = event.kind
        if kind in ("collect", "return"):
            # the table's cards fly from where they lay to the winner's pile (or back home)
            self._layer(CARDS, ("flying",), list)
            dest: Any
            if isinstance(event, Collected):
                dest = L.target_of(view, event.winner)
            else:
                dest = {p: L.target_of(view, p) for p in range(view.players)}
            self._fly(L.flight_frames(prev, dest, t.frames), t.frame)
            self._piles(view)
            self._cards(view)
            return self._sleep(t.beat // 2, mark=True)
        if isinstance(event, Shuffled):
            self._piles(view)
            self._fly(L.shuffle_frames(view, event.player, event.cards, max(4, t.frames // 2 * 2)), t.frame)
            return self._sleep(0, mark=True)
        self._piles(view)
        self._cards(view)
        return self._sleep(t.beat if kind != "game_over" else 0, mark=True)
