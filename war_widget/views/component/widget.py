"""The War table as one anywidget component: the browser draws and times, Python plays.

Python's play session (``WarSession``, the one owner of the play) says what happens; the
component follows it (``session.subscribe``, through :mod:`.play`), so an action started by a
Python method, a button in the browser or autoplay is shown the same way: a list of beat dicts
the browser animates on ``requestAnimationFrame``.  The browser writes back in the synced trait
``shown`` which beat its table shows, so the sentence, round and counts it prints are the ones
of the picture on screen.  Autoplay's clock is the browser's: while autoplay is on it asks for
the next round (``tick``) once its table has shown the last beat.  So is the time limit's: while
``state["clock"]`` says it runs, each page says once a second how long it has shown the table
(``clock``, counted by ``WarSession.keep_time``: one view at a time).  The traits are the whole
state: a view that connects late (Voila, a reload, a second view) draws the last beat from them.
Buttons send their action as a custom message (a moment, not state).
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import anywidget
import traitlets

from ...game.rules import Rules
from ...session.keeping import RecordStore
from ...session.options import SPEEDS
from ...session.war import WarSession
from ...text.i18n import label
from .. import plotly_source
from ..cards import PIPS
from ..war.results import ResultsPanel, guess_line
from . import panel
from .messages import ChartPart, WarBeat, WarSetup, WarState
from .play import ANSWERS, SessionPlay

__all__ = ["TableComponent", "SPEEDS", "BACKLOG"]

HERE = Path(__file__).parent
CHART_BLOCK = 64    # rounds of the chart's series resent together (the tail stays under ~0.6 KB)
HEAD_BLOCK = 1024   # the head changes once in this many rounds; the blocks since are the mid
BACKLOG = 16   # unshown beats kept for the browser; beyond, only where the game stands is sent

_WORDS = ("flip", "step", "back", "autoplay", "slow", "normal", "fast", "fast_forward", "new_game", "replay",
          "game_number", "fullscreen", "exit_fullscreen", "guess_title", "guess_bigger", "guess_same",
          "guess_smaller", "speed", "rules", "more_rules", "chart_title", "chart_war", "chart_round", "resume",
          "res_title", "read_aloud")


_PIPS = {str(rank): [list(spot) for spot in spots] for rank, spots in PIPS.items()}   # the usual layout


def _int(value: object, name: str, default: int = 0) -> int:
    """A whole number from a browser message (JSON: an int, or a float with nothing after the
    point); missing: ``default``.  Infinity, NaN, a huge number or text is a ValueError naming the
    field, which the handler says in the notice (``int(inf)`` raised OverflowError out of it)."""
    if value is None:
        return default
    if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value) <= 12:
        value = int(value)
    if isinstance(value, float) and value.is_integer() and abs(value) <= 1 << 31:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 1 << 31:
        raise ValueError(f"the table's message gave {name} = {str(value)[:40]}; {name} must be a whole number")
    return value


def _said(settings: Any, session: WarSession) -> Any:
    """The settings panel's words as the session says them (under a teacher's name: no war);
    the option names and kinds are identifiers and stay as they are."""
    if session.name is None:
        return settings
    if isinstance(settings, list):
        return [_said(x, session) for x in settings]
    if isinstance(settings, dict):
        said: dict[str, Any] = {}
        for k, v in settings.items():
            if k == "label" and isinstance(v, str):
                said[k] = session.words(v)
            elif k == "options" and isinstance(v, list):
                said[k] = [session.words(o) if isinstance(o, str) else o for o in v]
            else:
                said[k] = _said(v, session)
        return said
    return settings


class TableComponent(anywidget.AnyWidget):
    """The whole War game in one widget: table, controls, narration, chart (in marimo:
    ``mo.ui.anywidget(TableComponent())``).

    Arguments are the session's; ``session`` shows (and plays) an existing ``WarSession``
    instead; ``panel`` adds the settings panel (rules, length, opponent, language, aids,
    records, "Which is bigger?") and the results under the table; ``read_aloud`` reads each
    beat's sentence aloud on the page (the browser's speech synthesis; also a button)."""

    _esm = HERE / "table.js"
    _css = HERE / "table.css"

    setup: Any = traitlets.Dict().tag(sync=True)    # names, mode, words, rules line: per game
    beats: Any = traitlets.List().tag(sync=True)        # the beats the browser has not shown yet (+ the last)
    shown = traitlets.Int(0).tag(sync=True)         # written by the browser: the beat on screen
    # the count chart (plotly.js comes once per page on the browser's request: views/plotly_source):
    # the series up to the last block of CHART_BLOCK rounds (changes once a block) and the rounds since
    chart_head: Any = traitlets.Dict().tag(sync=True)
    chart_mid: Any = traitlets.Dict().tag(sync=True)
    chart_tail: Any = traitlets.Dict().tag(sync=True)
    # the session's values the controls show: autoplay, speed, the notice line, Resume, Back
    state: Any = traitlets.Dict().tag(sync=True)
    settings: Any = traitlets.List().tag(sync=True)     # the settings panel's rows (panel.settings)
    results = traitlets.Unicode("").tag(sync=True)      # the results (HTML escaped here)
    # each beat's sentence read aloud by the browser's speech synthesis (src/speech.js), in the
    # table's language; off by default, turned on here or by the table's "Read aloud" button
    read_aloud = traitlets.Bool(False).tag(sync=True)

    def __init__(self, rules: Rules | str = "classic", code: str | None = None, mode: str = "cpu",
                 guess: bool | str = False, aids: bool | None = None, lang: str = "en", speed: str = "normal",
                 chart: bool = True, *, seed: int | None = None, opponent: str = "easy",
                 records: RecordStore | None = None, recording: bool | None = None,
                 session: WarSession | None = None, panel: bool = False, animations: bool = True,
                 read_aloud: bool = False, **kwargs: Any) -> None:
        if speed not in SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}; got {speed!r}")
        if session is None:
            session = WarSession(rules, seed=seed, code=code, mode=mode, speed=speed, lang=lang, guess=guess,
                                 aids=aids, opponent=opponent, records=records,
                                 recording=records is not None if recording is None else recording)
        self.session = session
        self.play = SessionPlay(session)
        self.panel = bool(panel)
        self.animations = bool(animations)
        self.resume_offered = False        # a saved game can be resumed (Resume shown)
        self.results_view = ResultsPanel()
        self._next_id = 0
        self._chart_game = 0
        self._setup_key: tuple[object, ...] | None = None
        self._settings_key: tuple[object, ...] | None = None
        self.listeners: list[Callable[[list[WarBeat]], None]] = []
        self.chart = bool(chart)
        # the browser's messages: each `do` (src/types.js WarMessage, messages.py) and what answers it
        self.actions: dict[str, Callable[[dict[str, Any]], object]] = {
            "flip": lambda _: self.flip(),
            "press": lambda c: self.press(_int(c.get("seat"), "seat", -1)),
            "step": lambda _: self.step(),
            "back": lambda _: self.session.back(),
            "fast_forward": lambda _: self.fast_forward(),
            "new_game": lambda _: self.new_game(),
            "replay": lambda c: self.session.replay(str(c.get("code", "")).strip()),
            "answer": self._answer_message,
            "goto": self._goto_message,
            "tick": self._tick_message,
            "clock": self._clock_message,
            "autoplay": lambda c: self.session.autoplay(bool(c.get("on"))),
            "speed": self._speed_message,
            "resume": lambda _: self.resume(),
            "set": self._set_message,
            plotly_source.PLOTLY_REQUEST: lambda c: plotly_source.answer(self, c),
        }
        super().__init__(read_aloud=bool(read_aloud), **kwargs)
        self._push(self.play.current(), cut=True)
        self.play.listen(self._push)
        self.on_msg(self._on_action)

    # --- what the browser is told --------------------------------------------------------------
    def _setup(self) -> WarSetup:
        p, s = self.play, self.session
        key = (s.reg, s.mode, s.guess.on, s.game.rules, s.game.code, s.aids, s.clock.limit)
        if key == self._setup_key:
            return cast(WarSetup, dict(self.setup))
        self._setup_key = key
        names = s.names
        return {"names": names, "mode": s.mode, "guess": s.guess.on, "players": len(names),
                "rules_line": s.rules_line(), "lang": s.reg, "values": p.values(), "code": s.game.code or "",
                "total": s.view().total, "words": self._words(),
                "limit": s.game.rules.round_limit, "chart": self.chart, "panel": self.panel,
                "animate": self.animations, "pips": _PIPS, "number_line": p.number_line()}

    def _words(self) -> dict[str, str]:
        """The table's words; the questions' title names the question these rules ask ("Which is
        stronger?" where the battle is not played in the numbers)."""
        s = self.session
        words = {w: s.label(w) for w in _WORDS}
        if s.guess.kind != "bigger":
            words["guess_title"] = s.label("guess_title_strong")
        return words

    def _state(self) -> WarState:
        s = self.session
        if self.resume_offered and s.keeping.saved_round is not None and s.game.round_number:
            self.resume_offered = False    # the saved game is now this one
        return {"autoplay": s.autoplay_on, "speed": s.speed, "notice": s.notice,
                "resume": self.resume_offered, "back": s.can_go_back, "clock": s.time_running}

    def _push(self, new: list[WarBeat], cut: bool = False) -> None:
        """Send ``new`` beats: appended to those not yet shown, or (``cut``) replacing them all;
        then the session's values (state, settings, results) as they stand."""
        cut = cut or any(b["cut"] for b in new)
        for b in new:
            self._next_id += 1
            b["id"] = self._next_id
        with self.hold_sync():
            setup = self._setup()
            if setup != self.setup:
                self.setup = setup
            if new:
                keep = [] if cut else [b for b in self.beats if b["id"] >= self.shown]
                beats = keep + new
                if len(beats) > BACKLOG:       # no browser keeps up (or none is there): show where it stands
                    beats = [{**beats[-1], "cut": True}]
                    cut = True
                self._chart(cut)
                self.beats = beats
            state = self._state()
            if state != self.state:
                self.state = state
            if self.panel:
                self._panel()
        for listener in self.listeners:
            listener(new)

    def _panel(self) -> None:
        s = self.session
        key = panel.settings_key(s)
        if key != self._settings_key:
            self._settings_key = key
            self.settings = _said(panel.settings(s), s)
        r = self.results_view
        r.update(s, 0 if s.mode == "cpu" else None)
        g = s.guess
        if g.on or g.asked:
            r.numbers["guess"] = g.score
            r.value += guess_line(g.kind, g.right, g.asked, s.reg)   # under the questions' own name
        value = s.words(r.value)   # under a teacher's name, no word of war in the results either
        if value != self.results:
            self.results = value

    def _chart(self, cut: bool) -> None:
        """The chart's series in three traits, so a round late in a long game sends little: the
        head (whole blocks of HEAD_BLOCK rounds) changes once in HEAD_BLOCK rounds, the mid (the
        blocks of CHART_BLOCK rounds since) once a block, the tail each round; all are resent at
        a cut (a new game, Back, a jump); ``game`` tells a view which series go together."""
        if not self.chart:
            return
        points, wars = self.play.points, self.play.wars
        split = (len(points) - 1) // CHART_BLOCK * CHART_BLOCK
        big = split // HEAD_BLOCK * HEAD_BLOCK
        if cut:
            self._chart_game += 1

        def part(start: int, end: int | None) -> ChartPart:
            stop = len(points) if end is None else end
            return {"game": self._chart_game, "start": start, "counts": [p[1:] for p in points[start:stop]],
                    "wars": [r for r in wars if start <= r < stop]}

        if cut or len(self.chart_head.get("counts", ())) != big:
            self.chart_head = part(0, big)
        if cut or self.chart_mid.get("start") != big or len(self.chart_mid.get("counts", ())) != split - big:
            self.chart_mid = part(big, split)
        self.chart_tail = part(split, None)

    def chart_series(self) -> tuple[list[int], list[list[int]], list[int]]:
        """What the chart plots now: the rounds, each seat's counts, the rounds with a war."""
        points = self.play.points
        seats = len(points[0]) - 1
        return [p[0] for p in points], [[p[1 + i] for p in points] for i in range(seats)], list(self.play.wars)

    def _on_action(self, _widget: object, content: dict[str, Any], _buffers: object) -> None:
        """A button in the browser: the same method a script calls (``self.actions[do]``); an
        action the table does not know is said in the notice, naming the ones it knows."""
        if not isinstance(content, dict):
            return
        s = self.session
        try:
            do = content.get("do")
            act = self.actions.get(do) if isinstance(do, str) else None
            if act is None:
                raise ValueError(f"the table's message asked for {str(do)[:40]!r}; "
                                 f"the actions are {', '.join(self.actions)}")
            act(content)
        except ValueError as exc:          # a refusal (e.g. a saved game that cannot be read) is said
            s.notify(str(exc))
            s.refresh("notice")

    def _answer_message(self, content: dict[str, Any]) -> None:
        """``{"do": "answer", "symbol": ">"}``: graded if a question waits (another sign: nothing)."""
        if content.get("symbol") in ANSWERS and self.session.guess.asking:
            self.answer(str(content["symbol"]))

    def _goto_message(self, content: dict[str, Any]) -> None:
        """A click on the chart: the position after ``round`` (clamped to the rounds played); a
        war marker (``war``) says how to walk through its war."""
        s = self.session
        round_, war = _int(content.get("round"), "round"), _int(content.get("war"), "war")
        s.goto_round(max(0, min(round_, s.history.furthest)))
        if war > 0:
            s.notify(label("goto_war_hint", s.reg, n=war))
            s.refresh("notice")

    def _set_message(self, content: dict[str, Any]) -> None:
        """The settings panel: a select's ``index``, a check box's ``on``, or a button (panel.choose)."""
        panel.choose(self.session, str(content.get("name", "")), content)

    def _tick_message(self, _content: dict[str, Any]) -> None:
        """Autoplay's clock (the browser's): the next round, if autoplay is still on."""
        if self.session.autoplay_on:
            self.session.tick()

    def _clock_message(self, content: dict[str, Any]) -> None:
        """``{"do": "clock", "ms": 1000, "view": "k3x9q"}``: the page ``view`` has shown the table
        ``ms`` milliseconds since its last clock message (the time limit's clock is the page's)."""
        ms = _int(content.get("ms"), "ms")
        if ms < 0:
            raise ValueError(f"the table's message gave ms = {ms}; ms must be a number of milliseconds >= 0")
        self.session.keep_time(ms / 1000, str(content.get("view", ""))[:40])

    def _speed_message(self, content: dict[str, Any]) -> None:
        """The speed select (a speed that is not one: nothing)."""
        if content.get("speed") in SPEEDS:
            self.session.set_speed(str(content["speed"]))

    # --- the controls as the browser uses them ------------------------------------------------------
    def click(self, action: str, **content: Any) -> None:
        """Do what a control of the table in the browser does: send its message (``"flip"``,
        ``"press"`` with ``seat``, ``"replay"`` with ``code``, ``"autoplay"`` with ``on``,
        ``"set"`` with ``name`` and ``index`` or ``on`` ...).  For scripts and tests."""
        self._on_action(self, {"do": action, **content}, None)

    def choose(self, name: str, value: object) -> None:
        """Pick ``value`` in the settings panel's select ``name`` (as a person picks its words)."""
        values = panel.values(self.session, name)
        index = next((i for i, v in enumerate(values) if v == value and type(v) is type(value)), None)
        if index is None:
            raise ValueError(f"{name} offers {', '.join(map(repr, values))}; got {value!r}")
        self.click("set", name=name, index=index)

    def setting(self, name: str) -> dict[str, Any]:
        """The settings panel's row ``name`` as the browser shows it (its words, its choice)."""
        row = next((r for r in self.settings if r["name"] == name), None)
        if row is None:
            raise ValueError(f"no setting {name!r}; the settings are {', '.join(r['name'] for r in self.settings)}")
        return dict(row)

    # --- the actions (each is also a button) ------------------------------------------------------
    @property
    def narration_log(self) -> list[str]:
        return self.session.narration

    def flip(self) -> None:
        """Flip: play the next round (or the rest of the current one)."""
        self.session.flip()

    def press(self, seat: int) -> None:
        """Two players: ``seat`` presses its button; the round is played once every seat has."""
        self.session.press(seat)

    def step(self) -> Any:
        """One beat of the round (flip, compare, war, face-down, collect, shuffle ...)."""
        return self.session.step()

    def back(self) -> bool:
        """Undo the last action (a round after Flip, a beat after Step); False if nothing to undo."""
        return self.session.back()

    def goto_round(self, n: int) -> None:
        """The position after round ``n`` (0 = the deal), up to the furthest round reached."""
        self.session.goto_round(n)

    def answer(self, symbol: str) -> bool | None:
        """"Which is bigger?": ">", "=" or "<"; True if right, None if no question waited."""
        self.play.given = symbol.strip() if isinstance(symbol, str) else None
        try:
            return self.session.answer(symbol)
        finally:
            self.play.given = None

    def fast_forward(self) -> None:
        """Play to the end of the game at once; show where it ended."""
        self.session.fast_forward()

    def new_game(self, code: str | None = None, rules: Rules | str | None = None) -> None:
        """A new deal: game number ``code``, or new ``rules``, or the same rules, a fresh seed."""
        self.session.new_game(code, rules)

    def replay(self, code: str) -> bool:
        """The game number ``code`` (one that is not a game number is said as a notice)."""
        return self.session.replay(code)

    def resume(self) -> bool:
        """Continue the saved game in progress; False if there is none."""
        done = self.session.resume()
        if done:
            self.resume_offered = False
            self._push([])
        return done

    def set_speed(self, speed: str) -> None:
        """Animation and autoplay speed: "slow", "normal" or "fast"."""
        if speed not in SPEEDS:
            raise ValueError(f"speed must be one of {', '.join(SPEEDS)}; got {speed!r}")
        self.session.set_speed(speed)

    def close(self) -> None:
        """Stop autoplay and the clock, leave the game, close the widget."""
        if hasattr(self, "session"):
            self.session.close()
        super().close()
