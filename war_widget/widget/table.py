"""The table canvas: five ipycanvas layers, repainted only when what they show changes, and
every action drawn as ONE held batch (frames separated by ``canvas.sleep``).

Layers: 0 felt, 1 pile stacks and names, 2 counts (badges, progress bar, count bar), 3 the
cards on the table, 4 cards in flight (the top layer, which receives mouse and key events).
The canvas keeps no history, so ``redraw`` paints everything from a ``TableView``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import ipywidgets as widgets
from ipycanvas import MultiCanvas

from ..events import Event
from . import layout as L
from .draw import Painter, held

__all__ = ["TableCanvas", "BEAT_MS", "FRAMES", "FRAME_MS", "FAR_BEHIND"]

BEAT_MS = {"slow": 900, "normal": 480, "fast": 150}  # pause after a beat (flip, compare, war ...)
FRAMES = {"slow": 10, "normal": 6, "fast": 4}        # frames of a flight of cards
FRAME_MS = {"slow": 40, "normal": 34, "fast": 26}
FAR_BEHIND = 1.5                                     # seconds of queued animation: skip animating
FELT, PILES, COUNTS, CARDS, MOTION = range(5)


@dataclass(frozen=True)
class Timing:
    beat: int
    frames: int
    frame: int


class TableCanvas:
    """Draws table views on a high-DPI MultiCanvas (canvas pixels twice its CSS size)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.canvas = MultiCanvas(5, width=L.WIDTH, height=L.HEIGHT,
                                  layout=widgets.Layout(width=f"{L.CSS_WIDTH}px", height=f"{L.CSS_HEIGHT}px"))
        self._painters = [Painter(self.canvas[i]) for i in range(5)]
        self._now = clock
        self._keys: dict[int, tuple] = {}
        self._dirty: list[int] = []
        self._anim_ms = 0
        self._motion_dirty = True
        self.busy_until = 0.0               # when the browser will have played every batch sent
        self.shown_view: L.TableView | None = None

    # --- public ---------------------------------------------------------------------------
    def redraw(self, view: L.TableView) -> None:
        """Paint every layer from ``view`` (a new front end starts from a blank canvas)."""
        with held():
            self._begin()
            self._painters[FELT].clear()
            self._painters[FELT].paint([op for op in L.base_ops(view) if op.tag == "felt"])
            self._rest(view, force=True)

    def render(self, frames: Sequence[tuple[Event, L.TableView]], view: L.TableView, speed: str,
               animate: bool) -> None:
        """Draw the beats of one action (each event with the view right after it), animated at
        ``speed``, then ``view``: all in one held batch."""
        timing = self._timing(speed) if animate and frames else None
        with held():
            self._begin()
            if timing is not None:
                prev = self.shown_view or frames[0][1]
                for event, after in frames:
                    self._beat(prev, event, after, timing)
                    prev = after
            self._rest(view)
        self.busy_until = max(self.busy_until, self._now()) + self._anim_ms / 1000

    def refresh_counts(self, view: L.TableView) -> None:
        """Repaint what a ticking clock changes (the progress bar), if anything."""
        with held():
            self._begin()
            self._piles(view)

    # --- layers ---------------------------------------------------------------------------
    def _begin(self) -> None:
        for painter in self._painters:
            painter.begin()
        self._dirty = []
        self._anim_ms = 0

    def _timing(self, speed: str) -> Timing | None:
        behind = self.busy_until - self._now()
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

    def _sleep(self, ms: int) -> None:
        """Show what was drawn, then pause.  The browser copies a layer to the screen only when
        that layer sleeps, so every layer touched since the last pause sleeps 0 first."""
        for layer in self._dirty[:-1]:
            self.canvas[layer].sleep(0)
        self.canvas[self._dirty[-1] if self._dirty else MOTION].sleep(ms)
        self._dirty = []
        self._anim_ms += ms

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

    def _beat(self, prev: L.TableView, event: Event, view: L.TableView, t: Timing) -> None:
        kind = event.kind
        if kind in ("collect", "return"):
            # the table's cards fly from where they lay to the winner's pile (or back home)
            self._layer(CARDS, ("flying",), list)
            dest: Any
            if kind == "collect":
                dest = L.target_of(view, event.winner)
            else:
                dest = {p: L.target_of(view, p) for p in range(view.players)}
            self._fly(L.flight_frames(prev, dest, t.frames), t.frame)
            self._piles(view)
            self._cards(view)
            self._sleep(t.beat // 2)
        elif kind == "shuffle":
            self._piles(view)
            self._fly(L.shuffle_frames(view, event.player, event.cards, max(4, t.frames // 2 * 2)), t.frame)
        else:
            self._piles(view)
            self._cards(view)
            if kind != "game_over":
                self._sleep(t.beat)
