"""``WarSession``: one game of War as a table plays it, with no widget library.

Everything the War widget decides lives here, each value with one owner: the action queue, the
mode (you against the computer, two players with their waiting seats, watch), the opponent,
the speed, the language and the teaching aids, the time limit on an injected clock, "Which is
bigger?" (``guess.py``), Back and jumps (``history.py``), the narration, the results, the record
and the saved game (``keeping.py``).  Every action calls the engine (``play_round``, ``step``,
``play_to_end``, ``end_now``) and hands what to show, beat by beat, to its subscribers as a
``Shown`` (``beat.py``); no rule is decided here.

>>> s = WarSession(seed=7)
>>> shown = []
>>> _ = s.subscribe(shown.append)
>>> s.flip()
>>> s.game.round_number, sum(s.game.counts), shown[-1].beats[0].event.kind
(1, 52, 'flip')
"""
from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..game.engine import Game, as_rules
from ..game.events import Event
from ..game.rules import Rules
from ..game.stats import RunningStats
from ..text.i18n import (
    check_war_lang,
    counts_text,
    describe_rules,
    join_names,
    label,
    notice_text,
    player_names,
    register,
    start_line,
)
from ..text.naming import check_name, named_label, renamed
from ..text.narration import narrate
from ..text.number_mode import aid_values, guess_setting, place_value_values
from .beat import Beat, ChartPoint, Listeners, Shown
from .clock import TimeLimit, check_clock, check_time_limit, check_time_used
from .guess import Guess, check_answer
from .highlights import Highlights, end_banner
from .history import Extra, History
from .keeping import Keeping, RecordStore, intact
from .options import (
    FF_CAP,
    INTERVAL,
    KIDS_PRESETS,
    LENGTH_LIMIT,
    LENGTHS,
    MODES,
    OPPONENTS,
    RULE_OPTIONS,
    SPEEDS,
    TIME_LIMIT,
    check_choice,
    check_flag,
)
from .view import TableView

__all__ = ["WarSession", "MemoryStore"]

Listener = Callable[[Shown], None]


class MemoryStore:
    """A records store kept in memory (nothing written): the default of a session."""

    def __init__(self) -> None:
        self.path: Path | None = None
        self.corrupt_backup: Path | None = None
        self._record = {"games": 0, "wins": 0, "losses": 0, "draws": 0, "current_streak": 0, "best_streak": 0}
        self._game: dict[str, Any] | None = None

    @property
    def record(self) -> dict[str, int]:
        return dict(self._record)

    def add_result(self, result: str) -> dict[str, int]:
        r = self._record
        r["games"] += 1
        r[{"win": "wins", "loss": "losses", "draw": "draws"}[result]] += 1
        r["current_streak"] = r["current_streak"] + 1 if result == "win" else 0
        r["best_streak"] = max(r["best_streak"], r["current_streak"])
        return self.record

    def reset_record(self) -> None:
        self._record = dict.fromkeys(self._record, 0)

    @property
    def saved_game(self) -> dict[str, Any] | None:
        return dict(self._game) if self._game else None

    def save_game(self, payload: dict[str, Any]) -> None:
        self._game = dict(payload)

    def clear_game(self) -> None:
        self._game = None


def _plain(rules: Rules) -> Rules:
    """The rules as the panel shows them: one gather order for everyone."""
    if isinstance(rules.gather, tuple):
        return rules.replace(gather=rules.gather_for(0))
    return rules


class WarSession:
    """War as a table plays it.  Arguments as ``WarWidget``'s (``records`` is a records store,
    or None to keep the record in memory; ``recording`` whether to use it)."""

    def __init__(self, rules: Rules | str = "classic", seed: int | None = None, code: str | None = None,
                 mode: str = "cpu", speed: str = "normal", lang: str = "en", *,
                 records: RecordStore | None = None, recording: bool = True,
                 opponent: str = "easy", aids: bool | None = None, time_limit: float | None = None,
                 game: Game | None = None, clock: Callable[[], float] | None = None, guess: bool | str = False,
                 open_store: Callable[[], RecordStore | None] | None = None, name: str | None = None) -> None:
        guess_setting(guess)   # True, False, or a number mode ("number", "to10": A-10 only, "rules")
        self.name = check_name(name)   # the game's name on the page: no "war" a child reads (issue 18)
        check_choice("mode", mode, MODES)
        check_choice("speed", speed, SPEEDS)
        check_choice("opponent", opponent, ("easy", "strong"))
        if aids is not None:
            check_flag("aids", aids)
        if sum(x is not None for x in (seed, code, game)) > 1:
            raise ValueError("give at most one of seed, code (a game number) or game (a Game to show)")
        if game is not None and not isinstance(game, Game):
            raise ValueError(f"game must be a war_widget Game (e.g. Game.from_hands(...)); got {game!r}")
        self.lang = check_war_lang(lang)   # "en", "ja" or "ja_kana" (the first-grade register)
        self.mode, self.opponent, self.speed = mode, opponent, speed
        self.clock = TimeLimit(check_clock(clock), check_time_limit(time_limit))
        self._listeners: Listeners[Shown] = Listeners()
        self._queue: deque[tuple[str, Callable[..., Any], tuple[Any, ...]]] = deque()
        self._running = False
        self._beats: list[Beat] | None = None       # the beats of the action running
        self._deferred: list[Shown] | None = None   # what the action running shows, told after it
        self._last_round = 0
        self.waiting: set[int] = set()              # two players: seats whose card waits face down
        self.highlights = Highlights()
        self.narration_log: list[str] = []
        self.notice = ""
        self.autoplay_on = False
        self.autoplay_task: asyncio.Task[None] | None = None
        # True when a view keeps the autoplay clock (the browser asks for each tick when its
        # table has shown the last beat): autoplay then starts no task of its own
        self.view_ticks = False
        self._clock_task: asyncio.Task[None] | None = None
        self._open_store = open_store
        self.keeping = Keeping(records if records is not None else MemoryStore(), recording, self._store_failed)
        self.history = History(self._on_event)
        self.guess = Guess(self, guess)
        self.stats = RunningStats((26, 26))

        if game is None and code is not None:
            game = Game.from_code(code)
        base = game.rules if game is not None else as_rules(rules)
        self.base_rules = _plain(base)
        self.kids = self.base_rules.preset_name in KIDS_PRESETS   # the children's register and aids, kept
        self.aids_explicit = aids is not None
        self.aids = bool(aids) if aids is not None else self.kids
        self.game: Game = game if game is not None else Game(self._effective(self.base_rules), seed)
        self._install(self.game, fresh=True)

    # ------------------------------------------------------------------ what is shown
    @property
    def reg(self) -> str:
        """The register of every word: children's Japanese ("ja_kids") in the kids presets (and
        whatever option changes after) and whenever the teaching aids are on in Japanese."""
        return register(self.lang, self.aids or self.kids)

    def words(self, text: str) -> str:
        """A line as the table says it: under a ``name`` with no word of war (text.naming)."""
        return renamed(text, self.reg) if self.name is not None else text

    def label(self, key: str, **fields: object) -> str:
        """The label ``key`` in the session's register, under its ``name`` when one is set (the
        views' words around the table: ``session.label("table_name", counts=..., progress=...)``)."""
        return named_label(key, self.reg, self.name, **fields)

    def rules_line(self) -> str:
        """The rules in force in one line, in the session's words (under its ``name``: no war)."""
        return self.words(describe_rules(self.game.rules, self.reg))

    @property
    def title(self) -> str:
        """The game's name as the page shows it: the teacher's ``name``, else War in the register."""
        return self.name if self.name is not None else label("title", self.reg)

    @property
    def names(self) -> list[str]:
        """What each seat is called on the table and in the narration."""
        return player_names(self.mode, self.game.rules.players, self.lang)

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def time_limit(self) -> float | None:
        return self.clock.limit

    @property
    def time_left(self) -> float | None:
        return self.clock.left()

    @property
    def recording(self) -> bool:
        return self.keeping.on

    @property
    def record(self) -> dict[str, int] | None:
        """The lifetime record (None when record keeping is off)."""
        return self.keeping.store.record if self.keeping.on else None

    @property
    def guess_score(self) -> tuple[int, int]:
        return self.guess.score

    @property
    def can_go_back(self) -> bool:
        return self.history.can_go_back

    @property
    def length(self) -> str:
        """The game length as the length picker names it ("40", "none", "3min", or "<n>")."""
        if self.clock.limit is not None:
            return "3min"
        limit = self.base_rules.round_limit
        return "none" if limit is None else str(limit)

    def progress(self) -> tuple[float | None, str]:
        """How far the game is, 0..1 of its limit (None without one), and the progress line."""
        n, reg = self.game.round_number, self.reg
        if self.clock.limit is not None:
            left = self.clock.left() or 0.0
            secs = int(left + 0.999)
            return 1 - left / self.clock.limit, label("time_left", reg, m=secs // 60, s=secs % 60, n=n)
        limit = self.game.rules.round_limit
        if limit is not None:
            return n / limit, label("rounds_of", reg, n=n, limit=limit)
        return None, label("round_n", reg, n=n)

    def values(self) -> dict[int, int]:
        """The face-card values the teaching aids write on the cards (rank -> value): J Q K
        11-13, and A 1 only where it counts 1: never a made-up A 14 or 2 15 (issue 18)."""
        if not self.aids:
            return place_value_values(self.game.rules)   # a 10 is 0 under place value: the rule, not an aid
        return aid_values(self.game.rules)

    def view(self) -> TableView:
        """What the table shows now."""
        g, h = self.game, self.highlights
        progress, text = self.progress()
        w = self.words
        return TableView(names=tuple(self.names), hands=tuple(len(x) for x in g.hands),
                         won=tuple(len(pile) for pile in g.won), table=g.table, out=tuple(g.out),
                         capture=g.rules.capture, total=sum(len(x) for x in g.dealt), progress=progress,
                         progress_text=w(text), waiting=tuple(sorted(self.waiting)),
                         aid=None if h.aid is None else w(h.aid), banner=None if h.banner is None else w(h.banner),
                         winner=h.winner, values=self.values())

    def end_banner(self) -> str | None:
        return end_banner(self.game.outcome, self.mode, self.names, self.reg)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(shown)`` after every action; returns a function that unsubscribes."""
        return self._listeners.add(listener)

    # --- the host of the guess --------------------------------------------------------------------
    def say(self, line: str) -> None:
        """Add a line to the narration."""
        self.narration_log.append(self.words(line))

    def notify(self, text: str) -> None:
        """The notice line (a refusal, a problem, a hint)."""
        self.notice = self.words(text)

    def set_aid(self, text: str | None) -> None:
        self.highlights.aid = text

    # ------------------------------------------------------------------ the action queue
    def act(self, name: str, fn: Callable[..., Any], *args: Any) -> Any:
        """Run one action now, or queue it behind the action running (in arrival order).  An
        action interrupted (the notebook's stop button) leaves the game where it was if the
        interrupt broke it: the session goes back to the last good position and says so."""
        if self._running:
            self._queue.append((name, fn, args))
            return None
        self._running = True
        error: BaseException | None = None
        try:
            result = self._run(fn, *args)
            while self._queue:
                _name, f, a = self._queue.popleft()
                try:
                    self._run(f, *a)
                except Exception as exc:  # keep draining: no queued click is lost
                    error = error or exc
        finally:
            self._running = False
            self._queue.clear()
        if error is not None:
            raise error
        return result

    def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """One action; if it changed the position, Back returns to where it started."""
        history = self.history
        before, extra, game = history.beats, self._extra(), self.game
        self._deferred = []
        try:
            result = fn(*args)
        except BaseException as exc:
            self._beats = None
            self._deferred = None
            # an interrupt may land inside a beat: go back to the position before the action
            if self.game is game and (not isinstance(exc, Exception) or not intact(game)):
                self._recover(before, extra)
            raise
        if self.game is game and (history.beats != before or self._extra() != extra):
            history.push(before, extra)
            history.after_action(game, clean=not game.in_round)
        deferred, self._deferred = self._deferred, None
        for shown in deferred or ():      # told once Back knows the action
            self._tell(shown)
        return result

    def _recover(self, beats: int, extra: Extra) -> None:
        """An interrupt broke the game: replay the position before the action."""
        game = self.history.replay(beats)
        self._put(game, extra)
        self.notify(label("notice_interrupted", self.reg, round=game.round_number))
        self._emit("recover", (), animate=False, restart=True)

    def _extra(self) -> Extra:
        return Extra(tuple(sorted(self.waiting)), self.guess.capture())

    # ------------------------------------------------------------------ beats
    def _on_event(self, event: Event) -> None:
        """Every beat the engine plays: one sentence, what the table shows next, the stats."""
        g = self.game
        sentence = self.words(narrate(event, self.reg, g.rules, self.names, values=self.aids))
        self.narration_log.append(sentence)
        self.highlights.on_event(event, self.aids, self.reg,
                                 self.end_banner() if event.kind == "game_over" else None, g.rules)
        point = None
        if g.round_number != self._last_round:
            self.stats.catch_up(g.history)
            self._last_round = g.round_number
            winner, wars, counts = g.history[-1]
            point = ChartPoint(g.round_number, counts, bool(wars))
        if self._beats is not None:
            view = self.view()
            self._beats.append(Beat(event, view, sentence, len(self.narration_log), view.progress_text,
                                    g.round_number, g.counts, point))

    def _play(self, play: Callable[[], Any]) -> tuple[Beat, ...]:
        """Run ``play`` (engine calls), collecting the beats it emits."""
        self._beats = []
        try:
            play()
        finally:
            beats, self._beats = self._beats, None
        return tuple(beats)

    def _after(self, action: str, beats: tuple[Beat, ...], animate: bool) -> None:
        """After an action: record and save, then tell every view what to show."""
        g = self.game
        if g.is_over:
            self.keeping.count_result(g, self.mode)
        self.keeping.save(g, self._settings())
        self._emit(action, beats, animate=animate)

    def _settings(self) -> dict[str, Any]:
        return {"mode": self.mode, "opponent": self.opponent, "time_limit": self.clock.limit,
                "time_used": self.clock.used_now()}

    def _emit(self, action: str, beats: tuple[Beat, ...] = (), animate: bool = False,
              restart: bool = False) -> None:
        shown = Shown(action, beats, self.view(), animate, restart)
        if self._deferred is not None:
            self._deferred.append(shown)
        else:
            self._tell(shown)

    def _tell(self, shown: Shown) -> None:
        self._listeners.tell(shown)

    def refresh(self, action: str = "text") -> None:
        """Tell the views to show the state again (words, aids, a notice)."""
        self._emit(action)

    # ------------------------------------------------------------------ public actions
    def flip(self) -> None:
        """Flip: play the next round (or the rest of the current one)."""
        self.act("flip", self._flip)

    def press(self, player: int) -> None:
        """A player's own button (or pile); see ``WarWidget.press``."""
        n = self.game.rules.players
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise ValueError(f"player must be a seat number from 0 to {n - 1}; got {player!r}")
        if self.mode != "two_player" and player != 0:
            raise ValueError(f"in {self.mode!r} mode only player 0 (you) presses; "
                             "use mode='two_player' for one button per player")
        self.act("press", self._press, player)

    def step(self) -> Event | None:
        """Advance one beat (flip, compare, war, face-down, collect, shuffle ...), one sentence."""
        result: Event | None = self.act("step", self._step)
        return result

    def answer(self, symbol: str) -> bool | None:
        """"Which is bigger?": the answer ">", "=" or "<"; True if right, None if not asked."""
        symbol = check_answer(symbol)
        result: bool | None = self.act("answer", self._answer, symbol)
        return result

    def set_guess(self, on: bool | str = True) -> None:
        guess_setting(on)
        self.act("guess", self._set_guess, on)

    def tick(self) -> None:
        """What autoplay does at each tick (one round)."""
        self.act("tick", self._tick)

    def ticks(self, n: int) -> None:
        """``n`` autoplay ticks in a row."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"autoplay_ticks(n): n must be a whole number of ticks >= 0 (an int, e.g. 3); "
                             f"got {n!r:.60}")
        for _ in range(n):
            self.tick()

    def fast_forward(self) -> None:
        """Play to the end of the game at once (at most ``FF_CAP`` rounds)."""
        self.act("fast_forward", self._fast_forward)

    def autoplay(self, on: bool = True) -> None:
        """Start (or stop) playing rounds by themselves at the chosen speed (an asyncio task in
        the running event loop)."""
        check_flag("autoplay(on)", on)
        self.act("autoplay", self._set_autoplay, on)

    def set_speed(self, speed: str) -> None:
        check_choice("speed", speed, SPEEDS)
        self.act("speed", self._set_speed, speed)

    def new_game(self, code: str | None = None, rules: Rules | str | None = None) -> None:
        """A new deal: game number ``code``, or new ``rules``, or the same rules, a fresh seed."""
        if code is not None and rules is not None:
            raise ValueError("give either a game number (code) or rules, not both")
        if code is not None:
            game = Game.from_code(code)
            self.act("new_game", self._new_game, game, game.rules)
            return
        base = _plain(as_rules(rules)) if rules is not None else self.base_rules
        self.act("new_game", self._new_game, None, base, rules is not None)

    def replay(self, code: str) -> bool:
        """Start the game number ``code``; one that is not a game number is said in the notice."""
        try:
            self.new_game(code=code)
        except ValueError as exc:
            self.notify(notice_text("code", exc, self.reg))
            self.refresh("notice")
            return False
        return True

    def resume(self, saved: dict[str, Any] | None = None) -> bool:
        """Continue the game saved in the records (or ``saved``); False if there is none."""
        return bool(self.act("resume", self._resume, saved))

    def set_option(self, name: str, value: object) -> bool:
        """Change one rule option (a new game); a combination the engine rejects is said in the
        notice and nothing changes.  True if it changed."""
        if name not in RULE_OPTIONS:
            raise ValueError(f"option must be one of {', '.join(RULE_OPTIONS)}; got {name!r}")
        return bool(self.act("option", self._set_option, name, value))

    def set_length(self, length: str) -> None:
        """"40", "240", "none", "50", "3min", or a number of rounds as text."""
        if not isinstance(length, str) or (length not in LENGTHS and not (length.isascii() and length.isdigit()
                                                                          and int(length) > 0)):
            raise ValueError(f"length must be one of {', '.join(map(repr, LENGTHS))} or a number of rounds "
                             f"such as '100'; got {length!r}")
        self.act("length", self._set_length, length)

    def set_opponent(self, opponent: str) -> None:
        check_choice("opponent", opponent, OPPONENTS)
        self.act("opponent", self._set_opponent, opponent)

    def set_aids(self, on: bool = True) -> None:
        check_flag("set_aids(on)", on)
        self.act("aids", self._set_aids, on)

    def set_lang(self, lang: str) -> None:
        check_war_lang(lang)
        self.act("lang", self._set_lang, lang)

    def set_records(self, on: bool = True) -> None:
        check_flag("set_records(on)", on)
        self.act("records", self._set_records, on)

    def reset_records(self) -> None:
        self.act("records", self._reset_records)

    def back(self) -> bool:
        """Undo the last action; playing on replays the same future.  False if nothing to undo."""
        return bool(self.act("back", self._back))

    def goto_round(self, n: int) -> None:
        """Show the position after round ``n`` of this game (0: the deal)."""
        self.act("goto", self._goto_round, n)

    def close(self) -> None:
        """Stop autoplay and the clock; leave the game."""
        self._cancel_tasks()
        self.history.detach()
        self._listeners.clear()

    # ------------------------------------------------------------------ the actions
    def _flip(self) -> None:
        if self._time_up() or self._over_notice():
            return
        self._start_clock()
        self.waiting.clear()
        self._after("flip", self._play(self.guess.play_round), animate=True)

    def _press(self, player: int) -> None:
        if self.mode != "two_player":
            self._flip()
            return
        g = self.game
        if self._time_up() or self._over_notice() or g.out[player] or player in self.waiting or self.guess.blocks():
            self.refresh("press")
            return
        self._start_clock()
        self.waiting.add(player)
        active = [p for p in range(g.rules.players) if not g.out[p]]
        if all(p in self.waiting for p in active):
            self.waiting.clear()
            self._after("flip", self._play(self.guess.play_round), animate=True)
            return
        others = [self.names[p] for p in active if p not in self.waiting]
        self.say(label("waiting", self.reg, name=self.names[player], others=join_names(others, self.reg)))
        self._after("press", (), animate=False)

    def _step(self) -> Event | None:
        if self._time_up() or self.guess.blocks():
            self.refresh("step")
            return None
        self._start_clock()
        self.waiting.clear()
        result: list[Event | None] = []
        beats = self._play(lambda: result.append(self.game.step()))
        self.guess.after_step(result[0])
        if result[0] is None:  # nothing left to play
            self.notify(label("game_is_over", self.reg))
        self._after("step", beats, animate=True)
        return result[0]

    def _answer(self, symbol: str) -> bool | None:
        if not self.guess.asking:
            self.notify(label("guess_none", self.reg))
            self.refresh("answer")
            return None
        if self.notice in {self.words(label(key, self.reg)) for key in ("guess_wait", "guess_wait_strong")}:
            self.notice = ""      # "First say which is bigger / stronger": said, so the notice goes
        result: list[bool] = []
        beats = self._play(lambda: result.append(self.guess.answer(symbol)))
        self._after("answer", beats, animate=True)
        return result[0] if result else None

    def _set_guess(self, on: bool | str) -> None:
        self.guess.set(on)
        self._emit("guess")

    def _over_notice(self) -> bool:
        """If the game is over: show its last beats, if any, and say so.  True if over."""
        if not self.game.is_over:
            return False
        beats = self._play(lambda: list(iter(self.game.step, None)))
        self.notify(label("game_is_over", self.reg))
        self._after("over", beats, animate=False)
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
        self.waiting.clear()
        start = self.game.round_number
        self.game.play_to_end(max_rounds=FF_CAP)
        if not self.game.is_over:
            self.say(label("ff_capped", self.reg, n=self.game.round_number - start))
        self.history.note_rounds(self.game)
        g = self.game
        if g.is_over:
            self.keeping.count_result(g, self.mode)
        self.keeping.save(g, self._settings())
        self._emit("fast_forward", (), animate=False)

    def _new_game(self, game: Game | None, base: Rules, chosen: bool = False) -> None:
        self.base_rules = _plain(base)
        if chosen or game is not None:   # a preset picked (or a game number): its register and aids
            self.kids = self.base_rules.preset_name in KIDS_PRESETS
        if game is None:
            game = Game(self._effective(self.base_rules))
        elif isinstance(game.rules.gather, tuple) and self.mode == "cpu":
            self.opponent = "strong" if any(g == "strong" for g in game.rules.gather[1:]) else self.opponent
        if not self.aids_explicit:
            self.aids = self.kids
        self.clock.reset(self.clock.limit)
        self._install(game, fresh=True)

    def _resume(self, saved: dict[str, Any] | None) -> bool:
        if saved is None:
            saved = self.keeping.store.saved_game if self.keeping.on else None
        if not saved:
            return False
        game = Game.from_json(saved["game"])
        if not intact(game):
            raise ValueError("the saved game is not a possible position (cards missing or doubled)")
        mode, opponent = saved.get("mode"), saved.get("opponent")
        self.mode = mode if isinstance(mode, str) and mode in MODES else self.mode
        self.opponent = opponent if isinstance(opponent, str) and opponent in ("easy", "strong") else self.opponent
        limit = saved.get("time_limit")
        try:
            limit = check_time_limit(limit)
        except ValueError:
            limit = None
        self.clock.reset(limit, check_time_used(saved.get("time_used", 0.0) or 0.0))
        self.base_rules = _plain(game.rules)
        self.kids = self.base_rules.preset_name in KIDS_PRESETS
        if not self.aids_explicit:
            self.aids = self.kids
        self._install(game, fresh=False)
        self.notify(label("notice_resumed", self.reg, code=game.code or "-", round=game.round_number))
        self._emit("resume", restart=True)
        return True

    def saved_offer(self) -> Game | None:
        """The saved game a view may offer to resume (None: none, or it is over or unreadable)."""
        saved = self.keeping.store.saved_game if self.keeping.on else None
        if not saved:
            return None
        try:
            game = Game.from_json(saved["game"])
        except (ValueError, KeyError, TypeError, RecursionError):
            return None
        return None if game.is_over or not intact(game) else game

    def _set_autoplay(self, on: bool) -> None:
        if on and self.game.is_over:
            on = False
        self.autoplay_on = on
        if not on:
            task = self.autoplay_task
            if task is not None and not task.done() and task is not _current_task():
                task.cancel()
            self.autoplay_task = None
            self._emit("autoplay")
            return
        loop = _running_loop()
        if self.view_ticks:
            pass
        elif loop is None:
            self.notify(label("notice_no_loop", self.reg))
        elif self.autoplay_task is None or self.autoplay_task.done():
            self.autoplay_task = loop.create_task(self._autoplay_loop())
        self._emit("autoplay")

    async def _autoplay_loop(self) -> None:
        me = _current_task()
        try:
            while self.autoplay_on and self.autoplay_task is me:
                self.tick()
                if not self.autoplay_on:
                    break
                await asyncio.sleep(INTERVAL[self.speed])
        except asyncio.CancelledError:
            pass
        except Exception as exc:  # never die silently in the background: stop and say why
            self.autoplay_on = False
            self.notify(notice_text("autoplay", exc, self.reg))
            self._emit("autoplay")

    def _set_speed(self, speed: str) -> None:
        if speed != self.speed:
            self.speed = speed
            self._emit("speed")

    def _set_option(self, name: str, value: object) -> bool:
        if getattr(self.base_rules, name) == value and type(getattr(self.base_rules, name)) is type(value):
            return False
        try:
            rules = self.base_rules.replace(**{name: value})
            self._effective(rules)
        except ValueError as exc:
            self.notify(notice_text("rules", exc, self.reg))
            self._emit("option")
            return False
        self._new_game(None, rules)
        return True

    def _set_length(self, length: str) -> None:
        limit = int(length) if length.isdigit() else LENGTH_LIMIT[length]
        self.clock.reset(TIME_LIMIT if length == "3min" else None)
        self._new_game(None, self.base_rules.replace(round_limit=limit))

    def _set_opponent(self, opponent: str) -> None:
        if opponent in ("two_player", "watch"):
            self.mode = opponent
        else:
            self.mode, self.opponent = "cpu", opponent
        self._new_game(None, self.base_rules)

    def _set_aids(self, on: bool) -> None:
        self.aids, self.aids_explicit = on, True
        if self.game.is_over:            # the aids change the register: the end banner says it in the new one
            self.highlights.banner = self.end_banner()
        self._emit("aids")

    def _set_lang(self, lang: str) -> None:
        changed, self.lang = lang != self.lang, lang
        if changed and self.game.beats == 0 and len(self.narration_log) <= 1:   # nothing played: the first line anew
            self.narration_log = [self.words(start_line(self.mode, self.names, self.reg))]
        elif changed and self.narration_log:  # the lines above stay in the old language: say where the new one starts
            self.say(label("lang_switched", self.reg))
        g = self.game
        if g.is_over:
            self.highlights.banner = self.end_banner()
        self._emit("lang")

    def _set_records(self, on: bool) -> None:
        if on and self.keeping.store.path is None and self._open_store is not None:
            store = self._open_store()
            if store is not None:
                self.keeping.store = store
        self.keeping.on = on
        self._emit("records")

    def _reset_records(self) -> None:
        self.keeping.safely(self.keeping.store.reset_record)
        self.notify(label("notice_records_reset", self.reg))
        self._emit("records")

    def _store_failed(self, exc: OSError) -> None:
        self.notify(notice_text("records", exc, self.reg))

    # --- back and jump ------------------------------------------------------------------------------
    def _back(self) -> bool:
        history = self.history
        if not history.can_go_back:
            self.notify(label("nothing_to_undo", self.reg))
            self._emit("back")
            return False
        beats, extra = history.pop()
        game = history.replay(beats)
        self._put(game, extra)
        counts = counts_text(self.names, game.counts, self.reg)
        n = game.round_number
        if game.in_round:
            line = label("back_mid_line", self.reg, n=n + 1, counts=counts)
        else:
            line = label("back_deal_line" if n == 0 else "back_line", self.reg, n=n, counts=counts)
        self.say(line)
        self._emit("back", restart=True)
        return True

    def _goto_round(self, n: int) -> None:
        history = self.history
        if isinstance(n, bool) or not isinstance(n, int):
            raise ValueError(f"round must be a whole number from 0 to {history.furthest}; got {n!r}")
        if not 0 <= n <= history.furthest:
            raise ValueError(f"round must be from 0 (the deal) to {history.furthest} (the furthest round this game "
                             f"has reached); got {n}")
        here, extra, old = history.beats, self._extra(), self.game
        game = history.replay_to_round(n, self._code_deal)
        if game is None:
            history.attach(old)
            raise ValueError(f"round {n} is before this game's saved position (round {history.start_round}) "
                             "and a scripted deal has no game number to replay it from")
        here += history.rebased
        if history.beats == here and not old.in_round:
            history.attach(old)            # already there: nothing to show, nothing to undo
            return
        history.push(here, extra)
        self._put(game, None)
        counts = counts_text(self.names, game.counts, self.reg)
        self.say(label("goto_deal_line" if n == 0 else "goto_line", self.reg, n=n, counts=counts))
        self._emit("goto", restart=True)

    def _code_deal(self) -> Game | None:
        code = self.game.code
        if code is None:
            return None
        deal = Game.from_code(code)
        return deal if deal.dealt == self.game.dealt else None

    def _put(self, game: Game, extra: Extra | None) -> None:
        """Show ``game`` as it was (no new-game reset: the narration, the record and the score go on)."""
        if self.autoplay_on:
            self.autoplay_on = False
            task = self.autoplay_task
            if task is not None and not task.done() and task is not _current_task():
                task.cancel()
            self.autoplay_task = None
        self.game = game
        self._last_round = game.round_number
        self.stats = RunningStats(tuple(len(h) for h in game.dealt))
        self.stats.catch_up(game.history)
        self.highlights.clear()
        if extra is None:
            self.waiting = set()
            self.guess.drop_question()
        else:
            self.waiting = set(extra.waiting)
            self.guess.restore(extra.guess)
        if game.is_over:
            self.highlights.banner = self.end_banner()
        self.keeping.saved_round = None
        self.keeping.save(game, self._settings())

    # ------------------------------------------------------------------ a new game
    def _effective(self, base: Rules) -> Rules:
        """The rules the engine plays: a strong computer orders what it wins by its own policy."""
        if self.mode == "cpu" and self.opponent == "strong":
            return base.replace(gather=tuple(base.gather_for(0) if p == 0 else "strong"
                                             for p in range(base.players)))
        return base

    def _install(self, game: Game, fresh: bool) -> None:
        self.game = game
        self.history.install(game)
        self._last_round = game.round_number
        self.stats = RunningStats(tuple(len(h) for h in game.dealt))
        self.stats.catch_up(game.history)
        self.waiting.clear()
        self.highlights.clear()
        self.guess.reset()
        self.keeping.new_game(game, fresh)
        # the first line a child reads: whose turn, what to press (the game number is in its box)
        first = start_line(self.mode, self.names, self.reg) if not game.beats else (
            label("new_game_line", self.reg, code=game.code, counts=counts_text(self.names, game.counts, self.reg))
            if game.code else label("deal_line", self.reg, counts=counts_text(self.names, game.counts, self.reg)))
        self.narration_log = [self.words(first)]
        if game.is_over:
            self.highlights.banner = self.end_banner()
        self.notice = ""  # a notice is about the game it was given in
        self._cancel_clock()
        self._emit("new_game", restart=True)

    # ------------------------------------------------------------------ the time limit
    def _time_up(self) -> bool:
        """Under a time limit with no time left: end the game now (the engine's end_now)."""
        if self.clock.limit is None or self.game.is_over or not self.clock.is_up():
            return False
        self.say(label("time_up", self.reg))
        self._after("time_up", self._play(self.game.end_now), animate=False)
        return True

    def _start_clock(self) -> None:
        """The first action starts the time limit, ticked once a second in the running event loop."""
        self.clock.start()
        if self.clock.limit is not None and (self._clock_task is None or self._clock_task.done()):
            loop = _running_loop()
            if loop is not None:
                self._clock_task = loop.create_task(self._clock_loop())

    async def _clock_loop(self) -> None:
        try:
            while self.clock.limit is not None and not self.game.is_over:
                await asyncio.sleep(1.0)
                self.act("clock", self._clock_tick)
        except asyncio.CancelledError:
            pass
        except Exception as exc:
            self.notify(notice_text("clock", exc, self.reg))
            self._emit("clock")

    def _clock_tick(self) -> None:
        if not self._time_up():
            self._emit("clock")

    def _cancel_clock(self) -> None:
        task = self._clock_task
        if task is not None and not task.done() and task is not _current_task():
            task.cancel()
        self._clock_task = None

    def _cancel_tasks(self) -> None:
        self.autoplay_on = False
        task = self.autoplay_task
        if task is not None and not task.done():
            task.cancel()
        self.autoplay_task = None
        self._cancel_clock()

    def __repr__(self) -> str:
        where = f"code={self.game.code!r}" if self.game.code else "game=<scripted deal>"
        return (f"<WarSession {where} mode={self.mode!r} round {self.game.round_number} "
                f"counts {self.game.counts}{' over' if self.game.is_over else ''}>")


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _current_task() -> asyncio.Task[Any] | None:
    try:
        return asyncio.current_task()
    except RuntimeError:
        return None

