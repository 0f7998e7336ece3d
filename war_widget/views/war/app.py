"""``WarWidget``: the card game War on an ipycanvas table, with buttons, a live chart, results,
records and resume.

A thin view over ``war_widget.session.war.WarSession``, which owns every value of the game being
played (the game, the mode, the speed, the language, the aids, the clock, the guess, Back, the
record and the saved game) and decides everything a button does.  The widget subscribes to the
session and shows each ``Shown`` it reports: the beats drawn on the canvas as ONE held batch
(``table.TableCanvas``), the text staged to appear with its beat (``classroom.py``), the chart,
the results.  The controls call the session; after every action they show the session's values
again (``wiring.show_controls``): no value is kept twice.  Every button is also a method doing
exactly what the button does (``flip``, ``press``, ``step``, ``autoplay``, ``fast_forward``,
``new_game`` ...), so tests and scripts drive the widget without a browser (or use the session
alone).

>>> w = WarWidget(seed=7, records=False)
>>> w.flip(); w.flip()
>>> w.game.round_number, sum(w.game.counts)
(2, 52)
"""
from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ...game.engine import Game
from ...game.events import Event
from ...game.rules import Rules
from ...session.beat import Shown
from ...session.keeping import RecordStore, check_records
from ...session.options import FF_CAP, INTERVAL, KIDS_PRESETS, MODES, TIME_LIMIT, check_flag
from ...session.view import TableView
from ...session.war import MemoryStore, WarSession
from ...text.i18n import check_lang, label, notice_text
from . import classroom, labels, wiring
from .chart import CountChart, SvgCountChart
from .controls import LENGTHS, OPPONENTS, RULE_OPTIONS, Controls
from .guess import GuessView
from .history import BackView
from .results import ResultsPanel
from .table import TableCanvas
from .visitors import records_path, served_page

__all__ = ["WarWidget", "MODES", "KIDS_PRESETS", "INTERVAL", "TIME_LIMIT", "FF_CAP"]


def _open_store(path: Any) -> tuple[RecordStore, str | None]:
    """The records file, or records kept in memory (and why) if the file cannot be used."""
    from ..records import Records

    try:
        return Records(path), None
    except (ValueError, OSError, RecursionError, UnicodeError) as exc:
        if isinstance(exc, RecursionError):
            exc = ValueError("the records file is nested too deeply to be a records file")
        return MemoryStore(), str(exc)


class WarWidget(widgets.VBox):
    """War in a notebook: ``WarWidget()`` deals the ``classic`` preset, you against the computer.

    Arguments: ``rules`` (a ``Rules`` or preset name), ``seed`` or ``code`` (a game number to
    replay), ``mode`` ("cpu", "two_player", "watch"), ``speed`` ("slow", "normal", "fast"),
    ``lang`` ("en", "ja"), ``records`` (True: the file under the user's data folder; False: keep
    nothing; a path: that file).  Keyword-only: ``opponent`` ("easy" shuffles what it wins,
    "strong" orders it by its own policy), ``aids`` (teaching aids; default on in the kids
    presets), ``time_limit`` (seconds, e.g. 180 for the 3-minute game), ``animations`` (False:
    draw only the state after each action), ``game`` (show this ``Game``, e.g. a lesson's
    ``Game.from_hands(...)`` position), ``clock`` (the time source of the time limit), ``guess``
    ("Which is bigger?": each flip waits for ``answer(">" | "=" | "<")``)."""

    def __init__(self, rules: Rules | str = "classic", seed: int | None = None, code: str | None = None,
                 mode: str = "cpu", speed: str = "normal", lang: str = "en",
                 records: bool | str | os.PathLike = True, *, opponent: str = "easy", aids: bool | None = None,
                 time_limit: float | None = None, animations: bool = True, game: Game | None = None,
                 clock: Callable[[], float] | None = None, guess: bool | str = False) -> None:
        records = check_records(records)
        check_lang(lang)
        self.animations = bool(animations)
        path = records_path(records)  # a served page (Voila): this visitor's own, in memory
        store, problem = _open_store(path)
        self.session = s = WarSession(rules, seed, code, mode, speed, lang, records=store,
                                      recording=records is not False and problem is None,
                                      opponent=opponent, aids=aids, time_limit=time_limit, game=game,
                                      clock=clock, guess=guess, open_store=self._open_default)
        given = seed is not None or code is not None or game is not None

        # the view
        self.controls = c = Controls(s.reg)
        self._labelled = s.reg  # the register the controls and the chart are labelled in
        self.table = TableCanvas(s.clock.now)
        classroom.attach(self)  # the browser helper (fit, full screen, Tab, beats shown) and text staging
        self.canvas = self.table.canvas
        self.canvas.on_client_ready(self.redraw)
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.canvas.on_touch_start(self._on_touch_start)
        self.canvas.on_key_down(self._on_key_down)
        self.flip_button, self.step_button = c.flip_button, c.step_button
        self.autoplay_toggle, self.speed_picker = c.autoplay_toggle, c.speed_picker
        self.fast_forward_button, self.new_game_button = c.fast_forward_button, c.new_game_button
        self.game_number, self.replay_button, self.resume_button = c.game_number, c.replay_button, c.resume_button
        self.progress_label, self.rules_line, self.notice = c.progress_label, c.rules_line, c.notice
        self.narration_box, self.settings = c.narration_box, c.panel
        self.player_buttons: list[widgets.Button] = []
        self.table_name = ""
        # a served page (Voila) draws the chart as SVG: Plotly's widget applies no update there (chart.py)
        self.chart_view = (SvgCountChart if served_page() else CountChart)(
            s.names, label("chart_title", s.reg), label("chart_war", s.reg), label("chart_round", s.reg))
        self.chart = self.chart_view.figure
        self.results = ResultsPanel()
        self.guess = GuessView(self)          # the answer buttons of "Which is bigger?"
        self.history = BackView(self)         # Back, the chart's clicks, the table's name
        wiring.wire(self)
        super().__init__(layout=widgets.Layout(width="100%"))
        self._unsubscribe = s.subscribe(self._show)
        self._show(Shown("new_game", (), s.view(), False, True))

        if problem is not None:
            s.notify(notice_text("records", problem, s.reg))
        elif store.corrupt_backup is not None:
            s.notify(label("notice_corrupt", s.reg, name=store.corrupt_backup.name))
        offer = s.saved_offer() if not given else None
        if offer is not None:
            self.resume_button.layout.display = None
            s.notify(label("notice_resume", s.reg, code=offer.code or "-", round=offer.round_number))
        if s.notice:
            labels.show_notice(self)

    def _open_default(self) -> RecordStore | None:
        path = records_path(True)
        if path is None:
            return None
        store, problem = _open_store(path)
        if problem is not None:
            self.session.notify(notice_text("records", problem, self.session.reg))
            return None
        return store

    # ------------------------------------------------------------------ the session's values
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def mode(self) -> str:
        return self.session.mode

    @property
    def opponent(self) -> str:
        return self.session.opponent

    @property
    def speed(self) -> str:
        return self.session.speed

    @property
    def lang(self) -> str:
        return self.session.lang

    @property
    def aids(self) -> bool:
        return self.session.aids

    @property
    def narration_log(self) -> list[str]:
        return self.session.narration_log

    @property
    def names(self) -> list[str]:
        """What each seat is called on the table and in the narration."""
        return self.session.names

    @property
    def _reg(self) -> str:
        return self.session.reg

    @property
    def _pressed(self) -> set[int]:
        return self.session.waiting

    @property
    def _time_limit(self) -> float | None:
        return self.session.time_limit

    @property
    def _records(self) -> RecordStore:
        return self.session.keeping.store

    @property
    def _recording(self) -> bool:
        return self.session.recording

    @property
    def rules(self) -> Rules:
        """The rules in force (as the engine plays them)."""
        return self.session.rules

    @property
    def autoplaying(self) -> bool:
        return self.session.autoplay_on

    @property
    def autoplay_task(self) -> asyncio.Task | None:
        return self.session.autoplay_task

    @property
    def time_left(self) -> float | None:
        """Seconds left under a time limit (None without one)."""
        return self.session.time_left

    @property
    def record(self) -> dict[str, int] | None:
        """The lifetime record (None when record keeping is off)."""
        return self.session.record

    @property
    def guess_score(self) -> tuple[int, int]:
        """"Which is bigger?" in this game: (right, asked)."""
        return self.session.guess_score

    def _view(self) -> TableView:
        return self.session.view()

    def _progress(self) -> tuple[float | None, str]:
        return self.session.progress()

    @property
    def _shown_view(self) -> TableView | None:
        """What the canvas shows once the browser has played every batch sent."""
        return self.table.shown_view

    @property
    def _busy_until(self) -> float:
        return self.table.busy_until

    @_busy_until.setter
    def _busy_until(self, value: float) -> None:
        self.table.busy_until = value

    # ------------------------------------------------------------------ public actions
    def flip(self) -> None:
        """Flip: play the next round (or the rest of the current one), animated."""
        self.session.flip()

    def press(self, player: int) -> None:
        """A player's own button (or pile).  With two players on one device the first press lays
        that card face down, waiting; the round is played only when every player has pressed.
        In the other modes, player 1's press is a flip."""
        self.session.press(player)

    def step(self) -> Event | None:
        """Advance one beat (flip, compare, war, face-down, collect, shuffle ...), one sentence."""
        return self.session.step()

    def autoplay(self, on: bool = True) -> None:
        """Start (or stop) playing rounds by themselves at the chosen speed (an asyncio task in
        the running event loop that calls the same flip as the button)."""
        self.session.autoplay(check_flag("autoplay(on)", on))

    def autoplay_tick(self) -> None:
        """What autoplay does at each tick (one round); tests call it without an event loop."""
        self.session.tick()

    def autoplay_ticks(self, n: int) -> None:
        """``n`` autoplay ticks in a row."""
        self.session.ticks(n)

    def set_speed(self, speed: str) -> None:
        """Animation and autoplay speed: "slow", "normal" or "fast"."""
        self.session.set_speed(speed)

    def fast_forward(self) -> None:
        """Play to the end of the game at once (at most 5000 rounds), then draw the result."""
        self.session.fast_forward()

    def new_game(self, code: str | None = None, rules: Rules | str | None = None) -> None:
        """A new deal: the game with number ``code`` (replayed exactly), or new ``rules``, or
        the same rules with a fresh seed.  A bad code or rules raise ValueError."""
        self.session.new_game(code, rules)

    def replay(self, code: str | None = None) -> bool:
        """The Replay button: start the game whose number is in the box (or ``code``); a number
        that is not one is reported in the notice line.  True if a game was started."""
        return self.session.replay(code if code is not None else self.game_number.value)

    def resume(self) -> bool:
        """Continue the game in progress saved in the records file; False if there is none."""
        return self.session.resume()

    def set_rules(self, rules: Rules | str) -> None:
        """Play under other rules (a new game)."""
        self.new_game(rules=rules)

    def set_option(self, name: str, value: Any) -> bool:
        """Change one rule option of the rules panel (a new game); a combination the engine
        rejects is reported in the notice line and nothing changes.  True if it changed."""
        return self.session.set_option(name, value)

    def set_length(self, length: str) -> None:
        """Game length: "40", "240" (rounds), "none" (to the end), "50" (rounds), "3min"."""
        self.session.set_length(length)

    def set_opponent(self, opponent: str) -> None:
        """"easy" or "strong" computer, "two_player" (one button each) or "watch" (a new game)."""
        self.session.set_opponent(opponent)

    def set_aids(self, on: bool = True) -> None:
        """Teaching aids: the comparison written between the cards, face-card values."""
        self.session.set_aids(check_flag("set_aids(on)", on))

    def set_lang(self, lang: str) -> None:
        """Switch every label, the narration and the results to "en" or "ja"."""
        self.session.set_lang(lang)

    def set_records(self, on: bool = True) -> None:
        """Keep (or stop keeping) the lifetime record and the game in progress."""
        self.session.set_records(check_flag("set_records(on)", on))

    def reset_records(self) -> None:
        """Set the lifetime record back to zero."""
        self.session.reset_records()

    def answer(self, symbol: str) -> bool | None:
        """"Which is bigger?": how the first card (you, or player 1) compares with the other,
        ">", "=" or "<".  True if right, False if not, None if no question was waiting."""
        return self.session.answer(symbol)

    def set_guess(self, on: bool | str = True) -> None:
        """Turn "Which is bigger?" on or off."""
        self.session.set_guess(on)   # True, False or a number mode (text/number_mode.guess_setting checks)

    def back(self) -> bool:
        """Undo the last action (after Flip the round, after Step the beat); playing on replays
        the same future.  False if there is nothing to undo."""
        return self.session.back()

    def goto_round(self, n: int) -> None:
        """Show the position after round ``n`` of this game (0: the deal), e.g. to step through
        the war of round ``n + 1`` again.  ``n`` from 0 to the furthest round reached."""
        self.session.goto_round(n)

    def redraw(self) -> None:
        """Draw the whole table from the game's state (a new view, Voila, a reloaded page)."""
        self.table.redraw(self.session.view())

    def close(self) -> None:
        """Stop autoplay and the clock, leave the game, close the widget and its children."""
        if hasattr(self, "session"):
            self.session.close()
        for name in ("canvas", "chart", "results"):
            if hasattr(self, name):
                getattr(self, name).close()
        for button in getattr(self, "player_buttons", []):
            button.close()
        super().close()

    def __repr__(self) -> str:
        return repr(self.session).replace("WarSession", "WarWidget", 1)

    # ------------------------------------------------------------------ showing what the session says
    def _show(self, shown: Shown) -> None:
        """Show one action: draw its beats as one batch, then stage the text to follow them."""
        s = self.session
        if shown.restart:
            self.chart_view.reset(s.names, [len(h) for h in s.game.dealt], label("chart_title", s.reg),
                                  label("chart_war", s.reg), label("chart_round", s.reg))
            wiring.build_children(self)
            wiring.show_controls(self)
            if shown.action in ("new_game", "resume"):
                self.resume_button.layout.display = "none" if shown.action == "resume" else \
                    self.resume_button.layout.display
            self.beats.stage(self.table.redraw(shown.view), 0.0, lambda: classroom.show_state(self))
            return
        frames = [(b.event, b.view) for b in shown.beats]
        marks, seconds = self.table.render(frames, shown.view, s.speed, shown.animate and self.animations)
        wiring.show_controls(self)
        if shown.action in ("guess", "lang"):
            wiring.build_children(self)
        if shown.action == "lang":
            self.chart_view.relabel(s.names, label("chart_title", s.reg), label("chart_war", s.reg),
                                    label("chart_round", s.reg))
        if s.keeping.saved_round is not None and s.game.round_number:
            self.resume_button.layout.display = "none"  # the saved game is now this one
        classroom.stage_action(self, frames, marks, self.table.seq, seconds)

    def _on_mouse_down(self, x: float, y: float) -> None:
        wiring.on_mouse_down(self, x, y)

    def _on_touch_start(self, touches: list) -> None:
        if touches:
            self._on_mouse_down(*touches[0][:2])

    def _on_key_down(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        wiring.on_key_down(self, key)


__all__ += ["LENGTHS", "OPPONENTS", "RULE_OPTIONS"]
