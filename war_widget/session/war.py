"""``WarSession``: one game of War as a table plays it, with no widget library.

The same contract as ``StealSession`` and ``CasinoSession`` (``told.py``): a narration, views
that ``subscribe``, and after every action one ``Shown`` (a ``beat.Update`` of War's beats and
table) told to each.  The session holds the game, the action queue and the beats; every other
value has its own part, with its own state:

* ``war_setup.Setup``: the rules as the panel shows them, the mode, the opponent, the speed;
* ``war_words.Voice``: the language, the register, the teaching aids, the teacher's name;
* ``clock.TimeLimit``: the time limit, counted from the page's clock messages (``keep_time``);
* ``guess.Guess``: "Which is bigger?"; ``history.History``: Back and jumps;
* ``highlights.Highlights``: the aid, the banner and the winner on the table;
* ``keeping.Keeping``: the record and the saved game, in a records store (``records.py``; with
  no store given, the same store in memory);
* ``queue.ActionQueue``: one action at a time.

Autoplay is a flag: the browser keeps its clock and asks for each round (``tick``); the time
limit's clock is the browser's too: the page says how long it has shown the table (``keep_time``,
see ``clock``).  No timer, no event loop, no thread here.  Every action
calls the engine (``play_round``, ``step``, ``play_to_end``, ``end_now``); no rule is decided here.

>>> s = WarSession(seed=7)
>>> shown = []
>>> _ = s.subscribe(shown.append)
>>> s.flip()
>>> s.game.round_number, sum(s.game.counts), shown[-1].beats[0].event.kind
(1, 52, 'flip')
"""
from __future__ import annotations

from collections.abc import Callable
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
    start_line,
)
from ..text.narration import narrate
from ..text.number_mode import aid_values, guess_setting, place_value_values
from .beat import Beat, ChartPoint, Shown
from .clock import TimeLimit, check_clock, check_seconds, check_time_limit, check_time_used
from .guess import Guess, check_answer
from .highlights import Highlights, end_banner
from .history import Extra, History, back_line, check_round, code_deal, goto_line, where_line
from .keeping import Keeping, RecordStore, intact, read_saved
from .options import (
    FF_CAP,
    KIDS_PRESETS,
    LENGTHS,
    OPPONENTS,
    RULE_OPTIONS,
    SPEEDS,
    TIME_LIMIT,
    check_choice,
    check_flag,
)
from .queue import ActionQueue
from .records import in_memory
from .told import Told
from .view import TableView
from .war_setup import Setup, plain
from .war_words import Voice

__all__ = ["WarSession"]


class WarSession(Told[Shown]):
    """War as a table plays it.  Arguments as ``WarWidget``'s (``records`` is a records store,
    or None to keep the record in memory: the records store on SQLite ":memory:"; ``recording``
    whether to use it)."""

    shown_type = Shown

    def __init__(self, rules: Rules | str = "classic", seed: int | None = None, code: str | None = None,
                 mode: str = "cpu", speed: str = "normal", lang: str = "en", *,
                 records: RecordStore | None = None, recording: bool = True,
                 opponent: str = "easy", aids: bool | None = None, time_limit: float | None = None,
                 game: Game | None = None, clock: Callable[[], float] | None = None, guess: bool | str = False,
                 open_store: Callable[[], RecordStore | None] | None = None, name: str | None = None) -> None:
        guess_setting(guess)   # True, False, or a number mode ("number", "to10": A-10 only, "rules")
        if sum(x is not None for x in (seed, code, game)) > 1:
            raise ValueError("give at most one of seed, code (a game number) or game (a Game to show)")
        if game is not None and not isinstance(game, Game):
            raise ValueError(f"game must be a war_widget Game (e.g. Game.from_hands(...)); got {game!r}")
        if game is None and code is not None:
            game = Game.from_code(code)
        self.setup = Setup(game.rules if game is not None else as_rules(rules), mode, opponent, speed)
        self.voice = Voice(lang, name, aids, self.setup.base.preset_name in KIDS_PRESETS)
        super().__init__()
        self.clock = TimeLimit(check_clock(clock), check_time_limit(time_limit))
        self.queue = ActionQueue(self._run)
        self._beats: list[Beat] | None = None       # the beats of the action running
        self._deferred: list[Shown] | None = None   # what the action running shows, told after it
        self._last_round = 0
        self.waiting: set[int] = set()              # two players: seats whose card waits face down
        self.highlights = Highlights()
        self.notice = ""
        self.autoplay_on = False                    # the browser asks for each round (tick) while on
        self._open_store = open_store
        self.keeping = Keeping(records if records is not None else in_memory(), recording, self._store_failed)
        self.history = History(self._on_event)
        self.guess = Guess(self, guess)
        self.stats = RunningStats((26, 26))
        self.game: Game = game if game is not None else Game(self.setup.effective(), seed)
        self._install(self.game, fresh=True)

    # ------------------------------------------------------------------ the parts' values
    @property
    def lang(self) -> str:
        return self.voice.lang

    @property
    def name(self) -> str | None:
        """The teacher's name for the game (None: War)."""
        return self.voice.name

    @property
    def aids(self) -> bool:
        return self.voice.aids

    @property
    def kids(self) -> bool:
        return self.voice.kids

    @property
    def reg(self) -> str:
        """The register of every word (``Voice.reg``)."""
        return self.voice.reg

    def words(self, text: str) -> str:
        """A line as the table says it: under a ``name`` with no word of war (text.naming)."""
        return self.voice.words(text)

    def label(self, key: str, **fields: object) -> str:
        """The label ``key`` in the session's register, under its ``name`` when one is set (the
        views' words around the table: ``session.label("table_name", counts=..., progress=...)``)."""
        return self.voice.label(key, **fields)

    @property
    def title(self) -> str:
        """The game's name as the page shows it: the teacher's ``name``, else War in the register."""
        return self.voice.title

    @property
    def mode(self) -> str:
        return self.setup.mode

    @property
    def opponent(self) -> str:
        return self.setup.opponent

    @property
    def speed(self) -> str:
        return self.setup.speed

    @property
    def base_rules(self) -> Rules:
        """The rules as the panel shows them (``rules`` is what the engine plays)."""
        return self.setup.base

    @property
    def length(self) -> str:
        """The game length as the length picker names it ("40", "none", "3min", or "<n>")."""
        return self.setup.length_name(self.clock.limit is not None)

    @property
    def narration_log(self) -> list[str]:
        """The narration (``Told.narration``): one list per game, a line per beat and per message."""
        return self.narration

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
    def time_running(self) -> bool:
        """Whether the time limit runs now (a limit, the game started and not over): while it does,
        the table sends its clock messages (``keep_time``)."""
        return self.clock.limit is not None and self.clock.running and not self.game.is_over

    @property
    def recording(self) -> bool:
        return self.keeping.on

    @property
    def record(self) -> dict[str, int] | None:
        """The lifetime record (None when record keeping is off)."""
        return self.keeping.record

    @property
    def guess_score(self) -> tuple[int, int]:
        return self.guess.score

    @property
    def can_go_back(self) -> bool:
        return self.history.can_go_back

    # ------------------------------------------------------------------ what is shown
    def rules_line(self) -> str:
        """The rules in force in one line, in the session's words (under its ``name``: no war)."""
        return self.words(describe_rules(self.game.rules, self.reg))

    def progress(self) -> tuple[float | None, str]:
        """How far the game is, 0..1 of its limit (None without one), and the progress line."""
        return self.clock.progress(self.game.round_number, self.game.rules.round_limit, self.reg)

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

    def refusal(self, error: ValueError) -> str:
        """A click the session refused (``Told.attempt``): what was wrong, in the session's words."""
        return self.words(str(error))

    # --- the host of the guess --------------------------------------------------------------------
    def say(self, line: str) -> None:
        """Add a line to the narration."""
        self.narration.append(self.words(line))

    def notify(self, text: str) -> None:
        """The notice line (a refusal, a problem, a hint)."""
        self.notice = self.words(text)

    def set_aid(self, text: str | None) -> None:
        self.highlights.aid = text

    # ------------------------------------------------------------------ actions and beats
    def act(self, name: str, fn: Callable[..., Any], *args: Any) -> Any:
        """Run the action ``name`` now, or queue it behind the action running (``ActionQueue``)."""
        return self.queue.act(fn, *args)

    def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """One action; if it changed the position, Back returns to where it started.  An action
        interrupted (the notebook's stop button) leaves the game where it was if the interrupt
        broke it: the session goes back to the last good position and says so."""
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
            self._listeners.tell(shown)
        return result

    def _recover(self, beats: int, extra: Extra) -> None:
        """An interrupt broke the game: replay the position before the action."""
        game = self.history.replay(beats)
        self._put(game, extra)
        self.notify(label("notice_interrupted", self.reg, round=game.round_number))
        self._emit("recover", restart=True)

    def _extra(self) -> Extra:
        return Extra(tuple(sorted(self.waiting)), self.guess.capture())

    def _on_event(self, event: Event) -> None:
        """Every beat the engine plays: one sentence, what the table shows next, the stats."""
        g = self.game
        sentence = self.words(narrate(event, self.reg, g.rules, self.names, values=self.aids))
        self.narration.append(sentence)
        self.highlights.on_event(event, self.aids, self.reg,
                                 self.end_banner() if event.kind == "game_over" else None, g.rules)
        point = None
        if g.round_number != self._last_round:
            self.stats.catch_up(g.history)
            self._last_round = g.round_number
            _winner, wars, counts = g.history[-1]
            point = ChartPoint(g.round_number, counts, bool(wars))
        if self._beats is not None:
            view = self.view()
            self._beats.append(Beat(event, view, sentence, len(self.narration), view.progress_text,
                                    g.round_number, g.counts, point))

    def _play(self, play: Callable[[], Any]) -> tuple[Beat, ...]:
        """Run ``play`` (engine calls), collecting the beats it emits."""
        self._beats = []
        try:
            play()
        finally:
            beats, self._beats = self._beats, None
        return tuple(beats)

    def _after(self, action: str, beats: tuple[Beat, ...], animate: bool | None = None) -> None:
        """After an action: record and save, then tell every view what to show."""
        g = self.game
        if g.is_over:
            self.keeping.count_result(g, self.mode)
        self.keeping.save(g, self._settings())
        self._emit(action, beats, animate=animate)

    def _settings(self) -> dict[str, Any]:
        return {**self.setup.saved(), "time_limit": self.clock.limit, "time_used": self.clock.used}

    def _emit(self, action: str, beats: tuple[Beat, ...] = (), restart: bool = False,
              animate: bool | None = None) -> Shown:
        """The ``Shown`` of this moment (``animate``: default, when it has beats), told to every
        view; during an action, told once the action is over (so Back knows it)."""
        shown = Shown(action, beats, self.view(), bool(beats) if animate is None else animate, restart)
        if self._deferred is not None:
            self._deferred.append(shown)
        else:
            self._listeners.tell(shown)
        return shown

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
        """What autoplay does at each tick (one round): the view asks for it while autoplay is on."""
        self.act("tick", self._tick)

    def ticks(self, n: int) -> None:
        """``n`` autoplay ticks in a row."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"autoplay_ticks(n): n must be a whole number of ticks >= 0 (an int, e.g. 3); "
                             f"got {n!r:.60}")
        for _ in range(n):
            self.tick()

    def keep_time(self, seconds: float, view: str = "") -> None:
        """The page ``view`` has shown the table ``seconds`` since its last clock message (the time
        limit's clock is the page's: ``clock``): the time used goes on (from one view at a time,
        at most ``clock.STEP_MAX`` a message) and the game ends when it is up.  A script or a
        test says the time that passed itself."""
        seconds = check_seconds(seconds)
        if not isinstance(view, str):
            raise ValueError(f"keep_time(view): view must be the text naming the page; got {view!r:.60}")
        self.act("clock", self._keep_time, seconds, view)

    def fast_forward(self) -> None:
        """Play to the end of the game at once (at most ``FF_CAP`` rounds)."""
        self.act("fast_forward", self._fast_forward)

    def autoplay(self, on: bool = True) -> None:
        """Start (or stop) playing rounds by themselves at the chosen speed: the view keeps the
        clock and asks for each round (``tick``) once it has shown the last one."""
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
        base = plain(as_rules(rules)) if rules is not None else self.base_rules
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

    def saved_offer(self) -> Game | None:
        """The saved game a view may offer to resume (None: none, or it is over or unreadable)."""
        return self.keeping.offer()

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
        """Stop autoplay; leave the game."""
        self.autoplay_on = False
        self.history.detach()
        self._listeners.clear()

    # ------------------------------------------------------------------ play
    def _flip(self) -> None:
        if self._time_up() or self._over_notice():
            return
        self._start_clock()
        self.waiting.clear()
        self._after("flip", self._play(self.guess.play_round))

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
            self._after("flip", self._play(self.guess.play_round))
            return
        others = [self.names[p] for p in active if p not in self.waiting]
        self.say(label("waiting", self.reg, name=self.names[player], others=join_names(others, self.reg)))
        self._after("press", ())

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
        self._after("step", beats)
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
        self._after("answer", beats)
        return result[0] if result else None

    def _over_notice(self) -> bool:
        """If the game is over: show its last beats, if any, and say so.  True if over."""
        if not self.game.is_over:
            return False
        beats = self._play(lambda: list(iter(self.game.step, None)))
        self.notify(label("game_is_over", self.reg))
        self._after("over", beats, animate=False)
        return True

    def _tick(self) -> None:
        if not self.game.is_over:
            self._flip()
        if self.game.is_over:
            self._set_autoplay(False)

    def _fast_forward(self) -> None:
        if self._time_up() or self._over_notice():
            return
        self._start_clock()
        self.waiting.clear()
        g, start = self.game, self.game.round_number
        g.play_to_end(max_rounds=FF_CAP)
        if not g.is_over:
            self.say(label("ff_capped", self.reg, n=g.round_number - start))
        self.history.note_rounds(g)
        if g.is_over:
            self.keeping.count_result(g, self.mode)
        self.keeping.save(g, self._settings())
        self._emit("fast_forward")

    # ------------------------------------------------------------------ settings
    def _set_guess(self, on: bool | str) -> None:
        self.guess.set(on)
        self._emit("guess")

    def _set_autoplay(self, on: bool) -> None:
        self.autoplay_on = on and not self.game.is_over
        self._emit("autoplay")

    def _set_speed(self, speed: str) -> None:
        if speed != self.speed:
            self.setup.speed = speed
            self._emit("speed")

    def _set_option(self, name: str, value: object) -> bool:
        try:
            rules = self.setup.option(name, value)
        except ValueError as exc:
            self.notify(notice_text("rules", exc, self.reg))
            self._emit("option")
            return False
        if rules is None:
            return False
        self._new_game(None, rules)
        return True

    def _set_length(self, length: str) -> None:
        self.clock.reset(TIME_LIMIT if length == "3min" else None)
        self._new_game(None, self.setup.length(length))

    def _set_opponent(self, opponent: str) -> None:
        self.setup.choose_opponent(opponent)
        self._new_game(None, self.base_rules)

    def _set_aids(self, on: bool) -> None:
        self.voice.set_aids(on)
        if self.game.is_over:            # the aids change the register: the end banner says it in the new one
            self.highlights.banner = self.end_banner()
        self._emit("aids")

    def _set_lang(self, lang: str) -> None:
        changed, self.voice.lang = lang != self.lang, lang
        if changed and self.game.beats == 0 and len(self.narration) <= 1:   # nothing played: the first line anew
            self.narration = [self.words(start_line(self.mode, self.names, self.reg))]
        elif changed and self.narration:  # the lines above stay in the old language: say where the new one
            self.say(label("lang_switched", self.reg))       # starts, and where the game is, in it
            self.say(where_line("now", self.game, self.names, self.reg))
        if self.game.is_over:
            self.highlights.banner = self.end_banner()
        self._emit("lang")

    # ------------------------------------------------------------------ a game installed
    def _new_game(self, game: Game | None, base: Rules, chosen: bool = False) -> None:
        self.setup.base = plain(base)
        if chosen or game is not None:   # a preset picked (or a game number): its register and aids
            self.voice.preset(self.base_rules.preset_name in KIDS_PRESETS)
        if game is None:
            game = Game(self.setup.effective())
        else:
            self.setup.follow(game)
        self.clock.reset(self.clock.limit)
        self._install(game, fresh=True)

    def _resume(self, saved: dict[str, Any] | None) -> bool:
        if saved is None:
            saved = self.keeping.saved_game
        if not saved:
            return False
        game = read_saved(saved)
        self.setup.adopt(saved)
        try:
            limit = check_time_limit(saved.get("time_limit"))
        except ValueError:
            limit = None
        self.clock.reset(limit, check_time_used(saved.get("time_used", 0.0) or 0.0))
        self.setup.base = plain(game.rules)
        self.voice.preset(self.base_rules.preset_name in KIDS_PRESETS)
        self._install(game, fresh=False)
        self.notify(label("notice_resumed", self.reg, code=game.code or "-", round=game.round_number))
        self._emit("resume", restart=True)
        return True

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
        # the first line a child reads: whose turn, what to press (the game number is in its box);
        # a game installed in progress is told by its counts
        counts = counts_text(self.names, game.counts, self.reg)
        first = start_line(self.mode, self.names, self.reg) if not game.beats else (
            label("new_game_line", self.reg, code=game.code, counts=counts) if game.code
            else label("deal_line", self.reg, counts=counts))
        self.narration = [self.words(first)]
        if game.is_over:
            self.highlights.banner = self.end_banner()
        self.notice = ""  # a notice is about the game it was given in
        self._emit("new_game", restart=True)

    def _put(self, game: Game, extra: Extra | None) -> None:
        """Show ``game`` as it was (no new-game reset: the narration, the record and the score go on)."""
        self.autoplay_on = False
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

    # ------------------------------------------------------------------ records
    def _set_records(self, on: bool) -> None:
        self.keeping.turn(on, self._open_store)
        self._emit("records")

    def _reset_records(self) -> None:
        if self.keeping.store is not None:
            self.keeping.safely(self.keeping.store.reset_record)
        self.notify(label("notice_records_reset", self.reg))
        self._emit("records")

    def _store_failed(self, exc: OSError) -> None:
        self.notify(notice_text("records", exc, self.reg))

    # ------------------------------------------------------------------ back and jump
    def _back(self) -> bool:
        history = self.history
        if not history.can_go_back:
            self.notify(label("nothing_to_undo", self.reg))
            self._emit("back")
            return False
        beats, extra = history.pop()
        game = history.replay(beats)
        self._put(game, extra)
        self.say(back_line(game, self.names, self.reg))
        self._emit("back", restart=True)
        return True

    def _goto_round(self, n: int) -> None:
        history = self.history
        n = check_round(n, history.furthest)
        here, extra, old = history.beats, self._extra(), self.game
        game = history.replay_to_round(n, lambda: code_deal(old))
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
        self.say(goto_line(game, n, self.names, self.reg))
        self._emit("goto", restart=True)

    # ------------------------------------------------------------------ the time limit
    def _time_up(self) -> bool:
        """Under a time limit with no time left: end the game now (the engine's end_now)."""
        if self.clock.limit is None or self.game.is_over or not self.clock.is_up():
            return False
        self.say(label("time_up", self.reg))
        self._after("time_up", self._play(self.game.end_now), animate=False)
        return True

    def _start_clock(self) -> None:
        """The first action starts the time limit (the page's clock messages count from then)."""
        self.clock.start()

    def _keep_time(self, seconds: float, view: str) -> None:
        shown = self.progress()[1]
        if self.game.is_over or not self.clock.passed(seconds, view):
            return
        if not self._time_up() and self.progress()[1] != shown:
            self._emit("clock")        # the time left, in whole seconds, as the table shows it

    def __repr__(self) -> str:
        where = f"code={self.game.code!r}" if self.game.code else "game=<scripted deal>"
        return (f"<WarSession {where} mode={self.mode!r} round {self.game.round_number} "
                f"counts {self.game.counts}{' over' if self.game.is_over else ''}>")
