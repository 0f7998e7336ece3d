"""``WarWidget``: the card game War on an ipycanvas table, with buttons, a live chart, results,
records and resume.

A thin view and controller over ``war_widget.engine.Game``: it calls engine methods
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

>>> w = WarWidget(seed=7, records=False)
>>> w.flip(); w.flip()
>>> w.game.round_number, sum(w.game.counts)
(2, 52)
"""
from __future__ import annotations

import asyncio
import html
import os
import time
from collections import deque
from functools import partial
from typing import Any, Callable

import ipywidgets as widgets

from ..cards import Card
from ..engine import Game, as_rules
from ..events import Event
from ..i18n import check_lang, counts_text, describe_rules, join_names, label, notice_text, player_names, register
from ..narration import narrate
from ..records import Records
from ..rules import Rules
from . import layout as L
from .chart import CountChart, SvgCountChart
from .guess import Guess, check_answer
from .history import History
from .a11y import name_table
from .controls import LENGTHS, OPPONENTS, RULE_OPTIONS, SPEEDS, Controls
from .results import ResultsPanel
from .table import TableCanvas
from . import classroom
from .sync import narration_html
from .visitors import records_path, served_page

__all__ = ["WarWidget", "MODES"]

MODES = ("cpu", "two_player", "watch")
TIME_LIMIT = 180.0                                   # the "3 minutes" game length, in seconds
INTERVAL = {"slow": 2.6, "normal": 1.5, "fast": 0.55}  # autoplay: seconds between rounds
FF_CAP = 5000                                        # fast-forward plays at most this many rounds
LOG_LINES = 8
_LENGTH_LIMIT = {"40": 40, "240": 240, "none": None, "50": 50, "3min": None}
KIDS_PRESETS = ("kids", "kids_aside")


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
        self._time_limit = float(time_limit) if time_limit is not None else None
        self._time_used, self._started_at = 0.0, None
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
        self._records_problem: str | None = None
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
            self._notify(self._records_problem)
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
        if getattr(self, "_unsubscribe", None):
            self._unsubscribe()
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

    # ------------------------------------------------------------------ the action queue
    def _act(self, fn: Callable, *args: Any) -> Any:
        """Run one action now, or queue it behind the action running (in arrival order)."""
        if self._running:
            self._queue.append((fn, args))
            return None
        self._running = True
        error = None
        try:
            result = self.history.run(fn, *args)
            while self._queue:
                f, a = self._queue.popleft()
                try:
                    self.history.run(f, *a)
                except Exception as exc:  # keep draining: no queued click is lost
                    error = error or exc
        finally:
            self._running = False
        if error is not None:
            raise error
        return result

    # ------------------------------------------------------------------ actions
    def _flip(self) -> None:
        if self._time_up() or self._over_notice():
            return
        self._start_clock()
        self._pressed.clear()
        frames = self._record(self.guess.play_round)
        self._after(frames, animate=True)

    def _press(self, player: int) -> None:
        if self.mode != "two_player":
            self._flip()
            return
        if self._time_up() or self._over_notice() or self.game.out[player] or player in self._pressed \
                or self.guess.blocks():
            return
        self._start_clock()
        self._pressed.add(player)
        active = [p for p in range(self.game.rules.players) if not self.game.out[p]]
        if all(p in self._pressed for p in active):
            self._pressed.clear()
            frames = self._record(self.guess.play_round)
            self._after(frames, animate=True)
            return
        others = [self.names[p] for p in active if p not in self._pressed]
        self.narration_log.append(label("waiting", self._reg, name=self.names[player],
                                        others=join_names(others, self._reg)))
        self._after([], animate=False)

    def _step(self) -> Event | None:
        if self._time_up() or self.guess.blocks():
            return None
        self._start_clock()
        self._pressed.clear()
        result: list[Event | None] = []
        frames = self._record(lambda: result.append(self.game.step()))
        self.guess.after_step(result[0])
        if result[0] is None:  # nothing left to play
            self._notify(label("game_is_over", self._reg))
        self._after(frames, animate=True)
        return result[0]

    def _over_notice(self) -> bool:
        """If the game is over: show its last beats, if any, and say so.  True if over."""
        if not self.game.is_over:
            return False
        frames = self._record(lambda: list(iter(self.game.step, None)))
        if frames:
            self._after(frames, animate=False)
        self._notify(label("game_is_over", self._reg))
        return True

    def _tick(self) -> None:
        if self.game.is_over:
            self._set_autoplay(False)
            return
        self._flip()
        if self.game.is_over:
            self._set_autoplay(False)

    def _fast_forward(self) -> None:
        if self._time_up() or self._over_notice():
            return
        self._start_clock()
        self._pressed.clear()
        start = self.game.round_number
        self.game.play_to_end(max_rounds=FF_CAP)
        if not self.game.is_over:
            self.narration_log.append(label("ff_capped", self._reg, n=self.game.round_number - start))
        self._after([], animate=False)

    def _new_game(self, game: Game | None, base: Rules) -> None:
        self._base_rules = self._plain(base)
        if game is None:
            game = Game(self._effective(self._base_rules))
        elif isinstance(game.rules.gather, tuple) and self.mode == "cpu":
            self.opponent = "strong" if any(g == "strong" for g in game.rules.gather[1:]) else self.opponent
        if not self._aids_explicit:
            self.aids = self._base_rules.preset_name in KIDS_PRESETS
        self._time_used, self._started_at = 0.0, None
        self._install(game, fresh=True)

    def _resume(self) -> bool:
        saved = self._records.saved_game if self._recording else None
        if not saved:
            return False
        game = Game.from_json(saved["game"])
        self.mode = saved.get("mode", self.mode) if saved.get("mode") in MODES else self.mode
        self.opponent = saved.get("opponent", self.opponent) if saved.get("opponent") in ("easy", "strong") \
            else self.opponent
        limit = saved.get("time_limit")
        self._time_limit = float(limit) if isinstance(limit, (int, float)) and limit > 0 else None
        self._time_used, self._started_at = float(saved.get("time_used", 0.0) or 0.0), None
        self._base_rules = self._plain(game.rules)
        self._install(game, fresh=False)
        self.resume_button.layout.display = "none"
        self._notify(label("notice_resumed", self._reg, code=game.code or "-", round=game.round_number))
        return True

    def _set_autoplay(self, on: bool) -> None:
        if on and self.game.is_over:
            on = False
        self._autoplay_on = on
        self._sync(lambda: setattr(self.autoplay_toggle, "value", on))
        if not on:
            if self.autoplay_task is not None and not self.autoplay_task.done():
                if self.autoplay_task is not _current_task():
                    self.autoplay_task.cancel()
            self.autoplay_task = None
            return
        loop = _running_loop()
        if loop is None:
            self._notify(label("notice_no_loop", self._reg))
            return
        if self.autoplay_task is None or self.autoplay_task.done():
            self.autoplay_task = loop.create_task(self._autoplay_loop())

    async def _autoplay_loop(self) -> None:
        me = _current_task()
        try:
            while self._autoplay_on and self.autoplay_task is me:
                self.autoplay_tick()
                if not self._autoplay_on:
                    break
                await asyncio.sleep(INTERVAL[self.speed])
        except asyncio.CancelledError:
            pass
        except Exception as exc:  # never die silently in the background: stop and say why
            self._autoplay_on = False
            self._sync(lambda: setattr(self.autoplay_toggle, "value", False))
            self._notify(notice_text("autoplay", exc, self._reg))

    def _set_speed(self, speed: str) -> None:
        self.speed = speed
        self._sync(lambda: setattr(self.speed_picker, "value", speed))

    def _set_option(self, name: str, value: Any) -> bool:
        try:
            rules = self._base_rules.replace(**{name: value})
            self._effective(rules)
        except ValueError as exc:
            self._notify(notice_text("rules", exc, self._reg))
            self._sync_controls()
            return False
        self._new_game(None, rules)
        return True

    def _set_length(self, length: str) -> None:
        limit = int(length) if length.isdigit() else _LENGTH_LIMIT[length]
        self._time_limit = TIME_LIMIT if length == "3min" else None
        self._new_game(None, self._base_rules.replace(round_limit=limit))

    def _set_opponent(self, opponent: str) -> None:
        if opponent in ("two_player", "watch"):
            self.mode = opponent
        else:
            self.mode, self.opponent = "cpu", opponent
        self._new_game(None, self._base_rules)

    def _set_aids(self, on: bool) -> None:
        self.aids, self._aids_explicit = on, True
        self._sync(lambda: setattr(self.controls.aids, "value", on))
        self._update_text()  # in Japanese the aids switch the children's register on or off
        self.redraw()

    def _set_lang(self, lang: str) -> None:
        self.lang = lang
        self._labelled = reg = self._reg
        self._sync(lambda: self.controls.relabel(reg))
        self.chart_view.relabel(self.names, label("chart_title", reg), label("chart_war", reg),
                                label("chart_round", reg))
        for button, name in zip(self.player_buttons, self.names):
            button.description = name
        if self.game.is_over:
            self._banner = self._end_banner()
        self._sync_controls()
        self._update_text()
        self.redraw()

    def _set_records(self, on: bool) -> None:
        if on and self._records_path is None and records_path(True) is not None:
            self._records_path = records_path(True)
            self._records = self._open_records(self._records_path)
        self._recording = on
        self._sync(lambda: setattr(self.controls.records, "value", on))
        self._update_text()

    def _reset_records(self) -> None:
        self._safely(self._records.reset_record)
        self._notify(label("notice_records_reset", self._reg))
        self._update_text()

    # ------------------------------------------------------------------ game plumbing
    def _plain(self, rules: Rules) -> Rules:
        """The rules as the panel shows them: one gather order for everyone."""
        if isinstance(rules.gather, tuple):
            return rules.replace(gather=rules.gather_for(0))
        return rules

    def _effective(self, base: Rules) -> Rules:
        """The rules the engine plays: a strong computer orders what it wins by its own policy."""
        if self.mode == "cpu" and self.opponent == "strong":
            return base.replace(gather=tuple(base.gather_for(0) if p == 0 else "strong"
                                             for p in range(base.players)))
        return base

    def _install(self, game: Game, fresh: bool) -> None:
        if self._unsubscribe:
            self._unsubscribe()
        self.game = game
        self._unsubscribe = game.subscribe(self._on_event)
        self._pressed.clear()
        self._aid = self._banner = self._winner = None
        self.history.install(game)
        self.guess.reset()
        self._recorded = game.is_over
        self._saved_round = game.round_number if fresh else -1
        counts = counts_text(self.names, game.counts, self._reg)
        self.narration_log = [label("new_game_line", self._reg, code=game.code, counts=counts) if game.code
                              else label("deal_line", self._reg, counts=counts)]
        self._shown_log = -1
        if game.is_over:
            self._banner = self._end_banner()
        self.notice.value = ""  # a notice is about the game it was given in
        self._build_children()
        self.chart_view.reset(self.names, [len(h) for h in game.dealt], label("chart_title", self._reg),
                              label("chart_war", self._reg), label("chart_round", self._reg))
        self.chart_view.sync(game.history)
        self._sync_controls()
        self._cancel_clock()
        self.beats.stage(self.table.redraw(self._view()), 0.0, self._update_text)

    def _on_event(self, event: Event) -> None:
        """Every beat the engine plays: one sentence, and what the table shows next."""
        self.narration_log.append(narrate(event, self._reg, self.game.rules, self.names, values=self.aids))
        kind = event.kind
        if kind == "flip" and event.battle == 1:
            self._aid = self._banner = self._winner = None
        elif kind == "compare":
            if self.aids:
                self._aid = L.compare_text(event.cards, event.winner, event.tied, label("war_bang", self._reg))
            if event.winner is not None:
                self._winner, self._banner = event.winner, None
        elif kind == "war":
            # "WAR!" in big letters, unless the teaching aid already says "Q = Q  WAR!"
            self._banner = None if self.aids else label("war_bang", self._reg)
        elif kind == "collect":
            self._winner, self._banner = event.winner, None
        elif kind == "return":
            self._winner, self._banner = None, None
        elif kind == "game_over":
            self._banner = self._end_banner()
        if self._frames is not None:
            self._frames.append((event, self._view()))

    def _record(self, play: Callable[[], Any]) -> list[tuple[Event, L.TableView]]:
        self._frames = []
        try:
            play()
        finally:
            frames, self._frames = self._frames, None
        return frames

    def _after(self, frames: list[tuple[Event, L.TableView]], animate: bool) -> None:
        """After an action: draw it, record and save; the chart, labels and narration follow the
        picture beat by beat (classroom.stage_action)."""
        marks, seconds = self.table.render(frames, self._view(), self.speed, animate and self.animations)
        if self.game.is_over and not self._recorded:
            self._recorded = True
            self._count_result()
        self._save()
        classroom.stage_action(self, frames, marks, self.table.seq, seconds)

    def _count_result(self) -> None:
        if self.mode != "cpu" or not self._recording:
            return
        o = self.game.outcome
        if o.winning_team is not None:
            result = "win" if o.winning_team == 0 else "loss"
        elif o.winner is not None:
            result = "win" if o.winner == 0 else "loss"
        elif o.loser is not None:
            result = "loss" if o.loser == 0 else "win"
        else:
            result = "draw"
        self._safely(self._records.add_result, result)

    def _save(self) -> None:
        if not self._recording or self._records.path is None:
            return
        if self.game.is_over:
            if self._saved_round != -2:
                self._safely(self._records.clear_game)
                self._saved_round = -2
            return
        if self.game.round_number == self._saved_round:
            return
        try:
            text = self.game.to_json()
        except ValueError:  # rules with a callable policy cannot be saved
            return
        used = self._time_used + (self._now() - self._started_at if self._started_at is not None else 0.0)
        self._safely(self._records.save_game, {"game": text, "mode": self.mode, "opponent": self.opponent,
                                               "time_limit": self._time_limit, "time_used": used})
        self._saved_round = self.game.round_number
        self.resume_button.layout.display = "none"  # the saved game is now this one

    def _open_records(self, path) -> Records:
        """The records file, or records kept in memory if the file cannot be used at all."""
        try:
            return Records(path)
        except (ValueError, OSError) as exc:
            self._records_problem = notice_text("records", exc, self._reg)
            self._recording = False
            return Records(None)

    def _safely(self, fn: Callable, *args: Any) -> None:
        """Write the records file; if the disk refuses, keep playing, stop recording, say so."""
        try:
            fn(*args)
        except OSError as exc:
            self._recording = False
            self._sync(lambda: setattr(self.controls.records, "value", False))
            self._notify(notice_text("records", exc, self._reg))

    def _offer_resume(self, saved: dict) -> None:
        try:
            game = Game.from_json(saved["game"])
        except ValueError:
            return
        if game.is_over:
            return
        self.resume_button.layout.display = None
        self._notify(label("notice_resume", self._reg, code=game.code or "-", round=game.round_number))

    def _end_banner(self) -> str | None:
        o = self.game.outcome
        if o is None:
            return None
        if o.winning_team is not None:
            return label("banner_team", self._reg, n=o.winning_team + 1)
        if o.winner is not None:
            if self.mode == "cpu" and o.winner == 0:
                return label("banner_you", self._reg)
            return label("banner_win", self._reg, name=self.names[o.winner])
        if o.loser is not None:
            return label("banner_loser", self._reg, name=self.names[o.loser])
        return label("banner_draw", self._reg)

    # ------------------------------------------------------------------ time limit
    def _start_clock(self) -> None:
        if self._started_at is None:
            self._started_at = self._now()
        if self._time_limit is not None and (self._clock_task is None or self._clock_task.done()):
            loop = _running_loop()
            if loop is not None:
                self._clock_task = loop.create_task(self._clock_loop())

    def _time_up(self) -> bool:
        """Under a time limit with no time left: end the game now (the engine's end_now)."""
        if self._time_limit is None or self.game.is_over or self.time_left > 0:
            return False
        self.narration_log.append(label("time_up", self._reg))
        frames = self._record(self.game.end_now)
        self._after(frames, animate=False)
        return True

    async def _clock_loop(self) -> None:
        try:
            while self._time_limit is not None and not self.game.is_over:
                await asyncio.sleep(1.0)
                self._act(self._clock_tick)
        except asyncio.CancelledError:
            pass
        except Exception as exc:
            self._notify(notice_text("clock", exc, self._reg))

    def _clock_tick(self) -> None:
        if not self._time_up():
            self._update_text()
            self.table.refresh_counts(self._view())

    def _cancel_clock(self) -> None:
        if self._clock_task is not None and not self._clock_task.done() and self._clock_task is not _current_task():
            self._clock_task.cancel()
        self._clock_task = None

    def _cancel_tasks(self) -> None:
        self._autoplay_on = False
        if self.autoplay_task is not None and not self.autoplay_task.done():
            self.autoplay_task.cancel()
        self.autoplay_task = None
        self._cancel_clock()

    # ------------------------------------------------------------------ what is shown
    def _progress(self) -> tuple[float | None, str]:
        n = self.game.round_number
        if self._time_limit is not None:
            left = self.time_left or 0.0
            secs = int(left + 0.999)
            return 1 - left / self._time_limit, label("time_left", self._reg, m=secs // 60, s=secs % 60, n=n)
        limit = self.game.rules.round_limit
        if limit is not None:
            return n / limit, label("rounds_of", self._reg, n=n, limit=limit)
        return None, label("round_n", self._reg, n=n)

    def _values(self) -> dict[int, int]:
        if not self.aids:
            return {}
        rules = self.game.rules
        out = {}
        for rank in range(2, 15):
            value = rules.display_value(Card(rank, "S"))
            if rank > 10 or value != rank:
                out[rank] = value
        return out

    def _view(self) -> L.TableView:
        g = self.game
        progress, text = self._progress()
        return L.TableView(names=tuple(self.names), hands=tuple(len(h) for h in g.hands),
                           won=tuple(len(w) for w in g.won), table=g.table, out=tuple(g.out),
                           capture=g.rules.capture, total=sum(len(h) for h in g.dealt), progress=progress,
                           progress_text=text, waiting=tuple(sorted(self._pressed)), aid=self._aid,
                           banner=self._banner, winner=self._winner, values=self._values())

    def _notify(self, text: str) -> None:
        self.notice.value = f"<span role='alert'>{html.escape(text)}</span>"

    def _update_text(self) -> None:
        reg = self._reg
        if reg != self._labelled:  # the aids or the preset changed the register
            self._labelled = reg
            self._sync(lambda: self.controls.relabel(reg))
            self.chart_view.relabel(self.names, label("chart_title", reg), label("chart_war", reg),
                                    label("chart_round", reg))
        self.rules_line.value = f"<b>{html.escape(describe_rules(self.game.rules, self._reg))}</b>"
        if self.beats.busy:  # the picture has not reached the last beat: its text comes with it
            return
        self.progress_label.value = self._progress()[1]
        if len(self.narration_log) != self._shown_log:
            self.narration_box.value = narration_html(self.narration_log[-LOG_LINES:])
            self._shown_log = len(self.narration_log)
        self.results.update(self.game, self.names, self._reg, 0 if self.mode == "cpu" else None, self.record)
        self.guess.refresh()                     # the answer buttons, the score on the results
        self.history.refresh()                   # the Back button
        name_table(self)                         # the canvas's accessible name says the counts

    # ------------------------------------------------------------------ drawing (table.py)
    def _render(self, frames: list[tuple[Event, L.TableView]], animate: bool) -> None:
        """Draw an action (its recorded beats, then the state now) in one held batch."""
        self.table.render(frames, self._view(), self.speed, animate)

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

    # ------------------------------------------------------------------ wiring
    def _wire(self) -> None:
        c = self.controls
        c.flip_button.on_click(lambda _b: self.flip())
        c.step_button.on_click(lambda _b: self.step())
        c.fast_forward_button.on_click(lambda _b: self.fast_forward())
        c.new_game_button.on_click(lambda _b: self.new_game())
        c.replay_button.on_click(lambda _b: self.replay())
        c.resume_button.on_click(lambda _b: self.resume())
        c.reset_records_button.on_click(lambda _b: self.reset_records())
        c.autoplay_toggle.observe(self._observed(lambda v: self.autoplay(v)), "value")
        c.speed_picker.observe(self._observed(self.set_speed), "value")
        c.preset.observe(self._observed(lambda v: v is not None and self.set_rules(v)), "value")
        for name, dropdown in c.options.items():
            dropdown.observe(self._observed(partial(self.set_option, name)), "value")
        c.length.observe(self._observed(self.set_length), "value")
        c.opponent.observe(self._observed(self.set_opponent), "value")
        c.aids.observe(self._observed(self.set_aids), "value")
        c.language.observe(self._observed(self.set_lang), "value")
        c.records.observe(self._observed(self.set_records), "value")
        c.game_number.continuous_update = False  # a pasted number counts on Enter (or leaving the box)
        c.game_number.observe(self._observed(lambda v: v.strip() and v.strip() != (self.game.code or "")
                                             and self.replay(v.strip())), "value")

    def _observed(self, fn: Callable[[Any], Any]) -> Callable[[dict], None]:
        def handler(change: dict) -> None:
            if not self._syncing:
                fn(change["new"])
        return handler

    def _sync(self, fn: Callable[[], Any]) -> None:
        """Change controls to match the state without their observers acting."""
        old, self._syncing = self._syncing, True
        try:
            fn()
        finally:
            self._syncing = old

    def _sync_controls(self) -> None:
        c = self.controls
        base = self._base_rules

        def apply() -> None:
            c.preset.value = base.preset_name
            for name, dropdown in c.options.items():
                value = getattr(base, name)
                if value in RULE_OPTIONS[name]:
                    dropdown.value = value
            if self._time_limit is not None:
                c.length.value = "3min" if self._time_limit == TIME_LIMIT else c.length.value
            elif base.round_limit is None:
                c.length.value = "none"
            elif str(base.round_limit) in LENGTHS:
                c.length.value = str(base.round_limit)
            else:
                c.length.value = c.add_length(base.round_limit, self._reg)
            c.opponent.value = self.opponent if self.mode == "cpu" else self.mode
            c.aids.value = self.aids
            c.language.value = self.lang
            c.records.value = self._recording
            c.speed_picker.value = self.speed
            c.autoplay_toggle.value = self._autoplay_on
            c.game_number.value = self.game.code or ""
        self._sync(apply)

    def _build_children(self) -> None:
        c = self.controls
        two = self.mode == "two_player"
        names = self.names
        if two:
            if [b.description for b in self.player_buttons] != names:
                for b in self.player_buttons:
                    b.close()
                self.player_buttons = c.make_player_buttons(names)
                for p, b in enumerate(self.player_buttons):
                    b.on_click(lambda _b, p=p: self.press(p))
        else:
            for b in self.player_buttons:
                b.close()
            self.player_buttons = []
        above: list[widgets.Widget] = []
        below: list[widgets.Widget] = []
        if two and len(self.player_buttons) == 2:
            above, below = [self.player_buttons[1]], [self.player_buttons[0]]
        elif two:
            below = [widgets.HBox(self.player_buttons)]
        else:
            below = [c.flip_button]
        below = [*below, self.history.row]     # Back, and the answers of "Which is bigger?"
        classroom.arrange(self, above, below)  # built once: no child's view is destroyed and rebuilt

    # ------------------------------------------------------------------ canvas events
    def _on_mouse_down(self, x: float, y: float) -> None:
        view = getattr(self, "_shown_view", None) or self._view()
        x, y = self.table.to_layout(x, y)
        for p in range(view.players):
            px, py, w, h = L.pile_at(view, p)
            if px - 20 <= x <= px + w + 20 and py - 20 <= y <= py + h + 20:
                if self.mode == "two_player":
                    self.press(p)
                elif self.mode == "watch" or p == 0:
                    self.flip()
                return

    def _on_key_down(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        if self.guess.key(key):                # > = < answer "Which is bigger?"
            return
        if key == "Backspace":
            self.history.clicked()
            return
        if key in (" ", "Spacebar", "Enter"):
            if self.mode != "two_player":
                self.flip()
        elif self.mode == "two_player" and key.isdigit() and 1 <= int(key) <= self.game.rules.players:
            self.press(int(key) - 1)


def _check_speed(speed: str) -> None:
    if speed not in SPEEDS:
        raise ValueError(f"speed must be one of {', '.join(map(repr, SPEEDS))}; got {speed!r}")


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _current_task() -> asyncio.Task | None:
    try:
        return asyncio.current_task()
    except RuntimeError:
        return None
