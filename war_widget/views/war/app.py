"""``WarWidget``: the card game War on an ipycanvas table, with buttons, a live chart, results,
records and resume.

A thin view and controller over ``war_widget.game.engine.Game``: it calls engine methods
(``play_round``, ``step``, ``play_to_end``, ``end_now``) and renders the events the game emits to
its subscribers; it never decides who wins.  Every button is also a method doing exactly what the
button does (``flip``, ``press``, ``step``, ``autoplay``, ``fast_forward``, ``new_game`` ...), so
tests and scripts drive the widget without a browser.

Animation never blocks the kernel: one action (say a flip) is rendered by ``table.TableCanvas``
as ONE ``hold_canvas`` batch whose frames are separated by ``canvas.sleep(ms)``; the browser
replays it while Python is already free.  Actions run one at a time in arrival order (an action
triggered while another runs is queued), and when the browser is still animating an earlier batch
the next one is drawn with shorter pauses, or without animation if far behind, so the picture
catches up with the game.

The class holds the state and the public API; its parts, by responsibility, are functions of
the widget bound as its private methods: ``controller.py`` (the action queue, the actions,
autoplay, the time limit), ``view_state.py`` (what the table shows, beat by beat), ``labels.py``
(the words around the table), ``keeping.py`` (the records file and the saved game) and
``wiring.py`` (controls and canvas events to the public methods).

>>> w = WarWidget(seed=7, records=False)
>>> w.flip(); w.flip()
>>> w.game.round_number, sum(w.game.counts)
(2, 52)
"""
from __future__ import annotations

import asyncio
import os
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ...game.engine import Game, as_rules
from ...game.events import Event
from ...game.rules import Rules
from ...text.i18n import check_lang, label, notice_text, player_names, register
from . import classroom, controller, keeping, labels, view_state, wiring
from . import layout as L
from .chart import CountChart, SvgCountChart
from .controller import FF_CAP, INTERVAL, KIDS_PRESETS, MODES, TIME_LIMIT
from .controller import check_speed as _check_speed
from .controls import LENGTHS, OPPONENTS, RULE_OPTIONS, Controls
from .guess import Guess, check_answer
from .history import History
from .results import ResultsPanel
from .table import TableCanvas
from .visitors import records_path, served_page

__all__ = ["WarWidget", "MODES", "KIDS_PRESETS", "INTERVAL", "TIME_LIMIT", "FF_CAP"]


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
    ("Which is bigger?": each flip waits for ``answer(">" | "=" | "<")``, see ``guess.py``)."""

    def __init__(self, rules: Rules | str = "classic", seed: int | None = None, code: str | None = None,
                 mode: str = "cpu", speed: str = "normal", lang: str = "en",
                 records: bool | str | os.PathLike = True, *, opponent: str = "easy", aids: bool | None = None,
                 time_limit: float | None = None, animations: bool = True, game: Game | None = None,
                 clock: Callable[[], float] | None = None, guess: bool = False) -> None:
        if not isinstance(guess, bool):
            raise ValueError(f"guess must be True or False; got {guess!r}")
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(map(repr, MODES))}; got {mode!r}")
        _check_speed(speed)
        self.lang = check_lang(lang)
        if opponent not in ("easy", "strong"):
            raise ValueError(f"opponent must be 'easy' or 'strong'; got {opponent!r}")
        if sum(x is not None for x in (seed, code, game)) > 1:
            raise ValueError("give at most one of seed, code (a game number) or game (a Game to show)")
        if game is not None and not isinstance(game, Game):
            raise ValueError(f"game must be a war_widget Game (e.g. Game.from_hands(...)); got {game!r}")
        if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))
                                       or time_limit <= 0):
            raise ValueError(f"time_limit must be a positive number of seconds or None; got {time_limit!r}")
        self.mode, self.opponent, self.speed = mode, opponent, speed
        given_game = game is not None
        self.animations = bool(animations)
        self._now = clock or time.monotonic
        self._time_limit: float | None = float(time_limit) if time_limit is not None else None
        self._time_used = 0.0
        self._started_at: float | None = None
        self._queue: deque = deque()
        self._running = False
        self._syncing = False
        self._frames: list[tuple[Event, L.TableView]] | None = None
        self._pressed: set[int] = set()
        self._aid: str | None = None
        self._banner: str | None = None
        self._winner: int | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._saved_round = -1
        self._recorded = False
        self.autoplay_task: asyncio.Task | None = None
        self._clock_task: asyncio.Task | None = None
        self._autoplay_on = False
        self.narration_log: list[str] = []
        self._shown_log = -1

        # records and a saved game
        self._records_path = records_path(records)  # a served page (Voila): this visitor's own, in memory
        self._recording = records is not False
        self._records_problem: BaseException | None = None
        self._records = self._open_records(self._records_path)

        # the game
        if game is not None:
            base = game.rules
        elif code is not None:
            game = Game.from_code(code)
            base = game.rules
        else:
            base = as_rules(rules)
            game = None
        self._base_rules = self._plain(base)
        if game is None:
            game = Game(self._effective(self._base_rules), seed)
        self.aids = bool(aids) if aids is not None else self._base_rules.preset_name in KIDS_PRESETS
        self._aids_explicit = aids is not None
        self.game: Game = game

        # the view
        self.controls = c = Controls(self._reg)
        self._labelled = self._reg  # the register the controls and the chart are labelled in
        self.table = TableCanvas(self._now)
        classroom.attach(self)  # the browser helper (fit, full screen, Tab, beats shown) and text staging
        self.canvas = self.table.canvas
        self.canvas.on_client_ready(self.redraw)
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.canvas.on_touch_start(lambda touches: touches and self._on_mouse_down(*touches[0][:2]))
        self.canvas.on_key_down(self._on_key_down)
        self.flip_button, self.step_button = c.flip_button, c.step_button
        self.autoplay_toggle, self.speed_picker = c.autoplay_toggle, c.speed_picker
        self.fast_forward_button, self.new_game_button = c.fast_forward_button, c.new_game_button
        self.game_number, self.replay_button, self.resume_button = c.game_number, c.replay_button, c.resume_button
        self.progress_label, self.rules_line, self.notice = c.progress_label, c.rules_line, c.notice
        self.narration_box, self.settings = c.narration_box, c.panel
        self.player_buttons: list[widgets.Button] = []
        # a served page (Voila) draws the chart as SVG: Plotly's widget applies no update there (chart.py)
        self.chart_view = (SvgCountChart if served_page() else CountChart)(
            self.names, label("chart_title", self._reg), label("chart_war", self._reg), label("chart_round", self._reg))
        self.chart = self.chart_view.figure
        self.results = ResultsPanel()
        self.guess = Guess(self, guess)          # lesson features: guess.py, history.py
        self.history = History(self)
        self._wire()
        super().__init__(layout=widgets.Layout(width="100%"))
        self._install(game, fresh=True)

        if self._records.corrupt_backup is not None:
            self._notify(label("notice_corrupt", self._reg, name=self._records.corrupt_backup.name))
        elif self._records_problem:
            self._notify(notice_text("records", self._records_problem, self._reg))
        saved = self._records.saved_game if self._recording else None
        if saved and seed is None and code is None and not given_game:
            self._offer_resume(saved)

    # ------------------------------------------------------------------ properties
    @property
    def names(self) -> list[str]:
        """What each seat is called on the table and in the narration."""
        return player_names(self.mode, self.game.rules.players if hasattr(self, "game") else
                            self._base_rules.players, self.lang)

    @property
    def _reg(self) -> str:
        """The register of every word shown: children's Japanese ("ja_kids") in the kids presets
        and whenever the teaching aids are on in Japanese; else the language."""
        base = getattr(self, "_base_rules", None)
        kids = getattr(self, "aids", False) or (base is not None and base.preset_name in KIDS_PRESETS)
        return register(self.lang, kids)

    @property
    def rules(self) -> Rules:
        """The rules in force (as the engine plays them)."""
        return self.game.rules

    @property
    def autoplaying(self) -> bool:
        return self._autoplay_on

    @property
    def time_left(self) -> float | None:
        """Seconds left under a time limit (None without one)."""
        if self._time_limit is None:
            return None
        used = self._time_used + (self._now() - self._started_at if self._started_at is not None else 0.0)
        return max(self._time_limit - used, 0.0)

    # ------------------------------------------------------------------ public actions
    def flip(self) -> None:
        """Flip: play the next round (or the rest of the current one), animated."""
        self._act(self._flip)

    def press(self, player: int) -> None:
        """A player's own button (or pile).  With two players on one device the first press lays
        that card face down, waiting; the round is played only when every player has pressed.
        In the other modes, player 1's press is a flip."""
        n = self.game.rules.players
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise ValueError(f"player must be a seat number from 0 to {n - 1}; got {player!r}")
        if self.mode != "two_player" and player != 0:
            raise ValueError(f"in {self.mode!r} mode only player 0 (you) presses; "
                             "use mode='two_player' for one button per player")
        self._act(self._press, player)

    def step(self) -> Event | None:
        """Advance one beat (flip, compare, war, face-down, collect, shuffle ...), one sentence."""
        return self._act(self._step)

    def autoplay(self, on: bool = True) -> None:
        """Start (or stop) playing rounds by themselves at the chosen speed (an asyncio task in
        the running event loop that calls the same flip as the button)."""
        self._act(self._set_autoplay, bool(on))

    def autoplay_tick(self) -> None:
        """What autoplay does at each tick (one round); tests call it without an event loop."""
        self._act(self._tick)

    def autoplay_ticks(self, n: int) -> None:
        """``n`` autoplay ticks in a row."""
        for _ in range(n):
            self.autoplay_tick()

    def set_speed(self, speed: str) -> None:
        """Animation and autoplay speed: "slow", "normal" or "fast"."""
        _check_speed(speed)
        self._act(self._set_speed, speed)

    def fast_forward(self) -> None:
        """Play to the end of the game at once (at most 5000 rounds), then draw the result."""
        self._act(self._fast_forward)

    def new_game(self, code: str | None = None, rules: Rules | str | None = None) -> None:
        """A new deal: the game with number ``code`` (replayed exactly), or new ``rules``, or
        the same rules with a fresh seed.  A bad code or rules raise ValueError."""
        if code is not None and rules is not None:
            raise ValueError("give either a game number (code) or rules, not both")
        if code is not None:
            game = Game.from_code(code)
            self._act(self._new_game, game, game.rules)
            return
        base = self._plain(as_rules(rules)) if rules is not None else self._base_rules
        self._act(self._new_game, None, base)

    def replay(self, code: str | None = None) -> bool:
        """The Replay button: start the game whose number is in the box (or ``code``); a number
        that is not one is reported in the notice line.  True if a game was started."""
        text = code if code is not None else self.game_number.value
        try:
            self.new_game(code=text)
        except ValueError as exc:
            self._notify(notice_text("code", exc, self._reg))
            return False
        return True

    def resume(self) -> bool:
        """Continue the game in progress saved in the records file; False if there is none."""
        return bool(self._act(self._resume))

    def set_rules(self, rules: Rules | str) -> None:
        """Play under other rules (a new game)."""
        self.new_game(rules=rules)

    def set_option(self, name: str, value: Any) -> bool:
        """Change one rule option of the rules panel (a new game); a combination the engine
        rejects is reported in the notice line and nothing changes.  True if it changed."""
        if name not in RULE_OPTIONS:
            raise ValueError(f"option must be one of {', '.join(RULE_OPTIONS)}; got {name!r}")
        return bool(self._act(self._set_option, name, value))

    def set_length(self, length: str) -> None:
        """Game length: "40", "240" (rounds), "none" (to the end), "50" (rounds), "3min"."""
        if length not in LENGTHS and not (isinstance(length, str) and length.isdigit()):
            raise ValueError(f"length must be one of {', '.join(map(repr, LENGTHS))}; got {length!r}")
        self._act(self._set_length, length)

    def set_opponent(self, opponent: str) -> None:
        """"easy" or "strong" computer, "two_player" (one button each) or "watch" (a new game)."""
        if opponent not in OPPONENTS:
            raise ValueError(f"opponent must be one of {', '.join(map(repr, OPPONENTS))}; got {opponent!r}")
        self._act(self._set_opponent, opponent)

    def set_aids(self, on: bool = True) -> None:
        """Teaching aids: the comparison written between the cards, face-card values."""
        self._act(self._set_aids, bool(on))

    def set_lang(self, lang: str) -> None:
        """Switch every label, the narration and the results to "en" or "ja"."""
        check_lang(lang)
        self._act(self._set_lang, lang)

    def set_records(self, on: bool = True) -> None:
        """Keep (or stop keeping) the lifetime record and the game in progress."""
        self._act(self._set_records, bool(on))

    def reset_records(self) -> None:
        """Set the lifetime record back to zero."""
        self._act(self._reset_records)

    def answer(self, symbol: str) -> bool | None:
        """"Which is bigger?": how the first card (you, or player 1) compares with the other,
        ">", "=" or "<".  True if right, False if not, None if no question was waiting."""
        symbol = check_answer(symbol)
        return self._act(self.guess.answer, symbol)

    def set_guess(self, on: bool = True) -> None:
        """Turn "Which is bigger?" on or off."""
        self._act(self.guess.set, bool(on))

    @property
    def guess_score(self) -> tuple[int, int]:
        """"Which is bigger?" in this game: (right, asked)."""
        return self.guess.score

    def back(self) -> bool:
        """Undo the last action (after Flip the round, after Step the beat); playing on replays
        the same future.  False if there is nothing to undo."""
        return bool(self._act(self.history.back))

    def goto_round(self, n: int) -> None:
        """Show the position after round ``n`` of this game (0: the deal), e.g. to step through
        the war of round ``n + 1`` again.  ``n`` from 0 to the furthest round reached."""
        self._act(self.history.goto_round, n)

    def redraw(self) -> None:
        """Draw the whole table from the game's state (a new view, Voila, a reloaded page)."""
        self.table.redraw(self._view())

    @property
    def record(self) -> dict[str, int] | None:
        """The lifetime record (None when record keeping is off)."""
        return self._records.record if self._recording else None

    def close(self) -> None:
        """Stop autoplay and the clock, leave the game, close the widget and its children."""
        if hasattr(self, "autoplay_task"):
            self._cancel_tasks()
        unsubscribe = getattr(self, "_unsubscribe", None)
        if unsubscribe:
            unsubscribe()
        for name in ("canvas", "chart", "results"):
            if hasattr(self, name):
                getattr(self, name).close()
        for button in getattr(self, "player_buttons", []):
            button.close()
        super().close()

    def __repr__(self) -> str:
        where = f"code={self.game.code!r}" if self.game.code else "game=<scripted deal>"
        return (f"<WarWidget {where} mode={self.mode!r} round {self.game.round_number} "
                f"counts {self.game.counts}{' over' if self.game.is_over else ''}>")

    # ------------------------------------------------------------------ the parts, by responsibility
    # the controller (controller.py): the action queue, the actions, autoplay, the time limit
    _act, _flip, _press, _step = controller.act, controller.flip, controller.press, controller.step
    _over_notice, _tick, _fast_forward = controller.over_notice, controller.tick, controller.fast_forward
    _new_game, _resume, _set_autoplay = controller.new_game, controller.resume, controller.set_autoplay
    _autoplay_loop, _set_speed, _set_option = controller.autoplay_loop, controller.set_speed, controller.set_option
    _set_length, _set_opponent, _set_aids = controller.set_length, controller.set_opponent, controller.set_aids
    _set_lang, _set_records, _reset_records = controller.set_lang, controller.set_records, controller.reset_records
    _plain, _effective, _install = controller.plain, controller.effective, controller.install
    _record, _after = controller.record, controller.after
    _start_clock, _time_up, _clock_loop = controller.start_clock, controller.time_up, controller.clock_loop
    _clock_tick, _cancel_clock, _cancel_tasks = controller.clock_tick, controller.cancel_clock, controller.cancel_tasks
    # the records file and the saved game (keeping.py)
    _count_result, _save, _open_records = keeping.count_result, keeping.save, keeping.open_records
    _safely, _offer_resume = keeping.safely, keeping.offer_resume
    # what the table shows (view_state.py) and the words around it (labels.py)
    _on_event, _progress, _values = view_state.on_event, view_state.progress, view_state.values
    _view, _render = view_state.view, view_state.render
    _notify, _update_text, _end_banner = labels.notify, labels.update_text, labels.end_banner
    # the controls and the canvas wired to the actions (wiring.py)
    _wire, _observed, _sync, _sync_controls = wiring.wire, wiring.observed, wiring.sync, wiring.sync_controls
    _build_children, _on_mouse_down, _on_key_down = wiring.build_children, wiring.on_mouse_down, wiring.on_key_down

    @property
    def _shown_view(self) -> L.TableView | None:
        """What the canvas shows once the browser has played every batch sent."""
        return self.table.shown_view

    @property
    def _busy_until(self) -> float:
        return self.table.busy_until

    @_busy_until.setter
    def _busy_until(self, value: float) -> None:
        self.table.busy_until = value
