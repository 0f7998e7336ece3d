"""The War table as one anywidget component: the browser draws and times, Python plays.

Python's play session (``WarSession``, the one owner of the play) says what happens, turned into
a list of beat dicts per action by :mod:`.play`; the browser animates them
on ``requestAnimationFrame`` and writes back in the synced trait ``shown`` which beat its table
shows, so the sentence, round and counts it prints are the ones of the picture on screen.  The
traits are the whole state: a view that connects late (Voila, a reload, a second view) draws the
last beat from them.  Buttons send their action as a custom message (a moment, not state).
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ...game.rules import Rules
from ...session.keeping import RecordStore
from ...text.i18n import label
from .play import ANSWERS, SessionPlay

__all__ = ["TableComponent", "SPEEDS", "BACKLOG"]

HERE = Path(__file__).parent
SPEEDS = ("slow", "normal", "fast")
CHART_BLOCK = 64    # rounds of the chart's series resent together (the tail stays under ~0.6 KB)
BACKLOG = 16   # unshown beats kept for the browser; beyond, only where the game stands is sent

_WORDS = ("flip", "step", "back", "autoplay", "slow", "normal", "fast", "fast_forward", "new_game", "replay",
          "game_number", "fullscreen", "exit_fullscreen", "guess_title", "guess_bigger", "guess_same",
          "guess_smaller", "speed", "rules", "chart_title", "chart_war", "chart_round")


class TableComponent(anywidget.AnyWidget):
    """The whole War game in one widget: table, controls, narration (``WarTable()`` in marimo
    is ``mo.ui.anywidget(TableComponent())``)."""

    _esm = HERE / "table.js"
    _css = HERE / "table.css"

    setup = traitlets.Dict().tag(sync=True)         # names, mode, words, rules line: per game
    beats: Any = traitlets.List().tag(sync=True)        # the beats the browser has not shown yet (+ the last)
    shown = traitlets.Int(0).tag(sync=True)         # written by the browser: the beat on screen
    # the count chart: Plotly's own plotly.js (sent once, run by the browser), the series up to the
    # last block of CHART_BLOCK rounds (changes once a block) and the rounds since (small)
    plotly_js = traitlets.Unicode("").tag(sync=True)
    chart_head: Any = traitlets.Dict().tag(sync=True)
    chart_tail: Any = traitlets.Dict().tag(sync=True)
    autoplay = traitlets.Bool(False).tag(sync=True)
    speed = traitlets.Unicode("normal").tag(sync=True)

    def __init__(self, rules: Rules | str = "classic", code: str | None = None, mode: str = "cpu",
                 guess: bool = False, aids: bool | None = None, lang: str = "en", speed: str = "normal",
                 chart: bool = True, *, seed: int | None = None, opponent: str = "easy",
                 records: RecordStore | None = None, recording: bool | None = None, **kwargs: Any) -> None:
        if speed not in SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}; got {speed!r}")
        self.play = SessionPlay(rules, code=code, mode=mode, guess=guess, aids=aids, lang=lang, seed=seed,
                                opponent=opponent, records=records, recording=recording)
        self._next_id = 0
        self._chart_game = 0
        self.listeners: list[Callable[[list[dict[str, Any]]], None]] = []
        self.chart = bool(chart)
        if self.chart:
            from plotly.offline import get_plotlyjs  # public: the plotly.js bundle the package ships
            kwargs["plotly_js"] = get_plotlyjs()
        super().__init__(speed=speed, **kwargs)
        self._push(self.play.current(), cut=True)
        self.on_msg(self._on_action)

    # --- what the browser is told --------------------------------------------------------------
    def _setup(self) -> dict[str, Any]:
        p = self.play
        return {"names": p.names, "mode": p.mode, "guess": p.guess, "players": len(p.names),
                "rules_line": p.rules_line, "lang": p.reg, "values": p.values(), "code": p.code,
                "total": p.session.view().total, "words": {w: label(w, p.reg) for w in _WORDS},
                "limit": p.game.rules.round_limit, "chart": self.chart}

    def _push(self, new: list[dict[str, Any]], cut: bool = False) -> None:
        """Send ``new`` beats: appended to those not yet shown, or (``cut``) replacing them all."""
        cut = cut or any(b["cut"] for b in new)
        for b in new:
            self._next_id += 1
            b["id"] = self._next_id
        setup = self._setup()
        if setup != self.setup:
            self.setup = setup
        keep = [] if cut else [b for b in self.beats if b["id"] >= self.shown]
        beats = keep + new
        if len(beats) > BACKLOG:           # no browser keeps up (or none is there): show where it stands
            last = dict(beats[-1], cut=True)
            beats = [last]
        self._chart(cut)
        self.beats = beats
        for listener in self.listeners:
            listener(new)

    def _chart(self, cut: bool) -> None:
        """The chart's series in two traits: the head changes once a block (or at a cut: a new
        game, Back, a jump), the tail each round; ``game`` tells a view which series go together."""
        if not self.chart:
            return
        points, wars = self.play.points, self.play.wars
        split = (len(points) - 1) // CHART_BLOCK * CHART_BLOCK
        if cut:
            self._chart_game += 1
        if cut or len(self.chart_head.get("counts", ())) != split:
            self.chart_head = {"game": self._chart_game, "start": 0, "counts": [p[1:] for p in points[:split]],
                               "wars": [r for r in wars if r < split]}
        self.chart_tail = {"game": self._chart_game, "start": split, "counts": [p[1:] for p in points[split:]],
                           "wars": [r for r in wars if r >= split]}

    def _on_action(self, _widget: object, content: dict[str, Any], _buffers: object) -> None:
        do = content.get("do") if isinstance(content, dict) else None
        if do == "flip":
            self.flip()
        elif do == "press":
            self.press(int(content.get("seat", 0)))
        elif do == "step":
            self.step()
        elif do == "back":
            self.back()
        elif do == "fast_forward":
            self.fast_forward()
        elif do == "new_game":
            self.new_game()
        elif do == "replay":
            self._push(self.play.replay(str(content.get("code", "")).strip()))
        elif do == "answer" and content.get("symbol") in ANSWERS:
            self.answer(str(content["symbol"]))
        elif do == "goto":
            self.goto_round(int(content.get("round", 0)))

    # --- the actions (each is also a button) ------------------------------------------------------
    @property
    def narration_log(self) -> list[str]:
        return [b["say"] for b in self.beats]

    def flip(self) -> None:
        self._push(self.play.flip())

    def press(self, seat: int) -> None:
        self._push(self.play.press(seat))

    def step(self) -> None:
        self._push(self.play.step())

    def back(self) -> None:
        self._push(self.play.back(), cut=True)

    def goto_round(self, n: int) -> None:
        self._push(self.play.goto_round(n), cut=True)

    def answer(self, symbol: str) -> None:
        self._push(self.play.answer(symbol))

    def fast_forward(self) -> None:
        self._push(self.play.fast_forward(), cut=True)

    def new_game(self, code: str | None = None, rules: Rules | str | None = None) -> None:
        self._push(self.play.new_game(code=code, rules=rules), cut=True)

    def replay(self, code: str) -> None:
        """The game number ``code`` (one that is not a game number is said as a notice)."""
        self._push(self.play.replay(code))

    def set_speed(self, speed: str) -> None:
        if speed not in SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}; got {speed!r}")
        self.speed = speed
