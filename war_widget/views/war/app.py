"""``WarWidget``: the card game War in a notebook, as one anywidget component.

A thin view over ``war_widget.session.war.WarSession``, which owns every value of the game being
played (the game, the mode, the speed, the language, the aids, the clock, the guess, Back, the
record and the saved game) and decides everything a button does.  The widget IS the table
component (``views/component``): the table, the play controls, the narration, the Plotly chart,
the settings panel and the results are drawn by its ES module in the browser, and it follows
its session (``session.subscribe``), so an action started by a method here, by a button or by
autoplay is shown the same way.  Every button is also a method (``flip``, ``press``, ``step``,
``autoplay``, ``fast_forward``, ``new_game`` ...), so tests and scripts drive the widget
without a browser (or use the session alone).  In marimo: ``mo.ui.anywidget(WarWidget())``.

>>> w = WarWidget(seed=7, records=False)
>>> w.flip(); w.flip()
>>> w.game.round_number, sum(w.game.counts)
(2, 52)
"""
from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from ...game.engine import Game
from ...game.events import Event
from ...game.rules import Rules
from ...session.keeping import RecordStore, check_records
from ...session.options import (
    FF_CAP,
    INTERVAL,
    KIDS_PRESETS,
    LENGTHS,
    MODES,
    OPPONENTS,
    RULE_OPTIONS,
    TIME_LIMIT,
    check_flag,
)
from ...session.records import Records, in_memory
from ...session.view import TableView
from ...session.war import WarSession
from ...text.i18n import check_war_lang, label, notice_text
from ..component.widget import TableComponent
from .visitors import records_path

__all__ = ["WarWidget", "MODES", "KIDS_PRESETS", "INTERVAL", "TIME_LIMIT", "FF_CAP", "LENGTHS", "OPPONENTS",
           "RULE_OPTIONS"]


def _open_store(path: Any) -> tuple[RecordStore | None, str | None]:
    """The records file, or records kept in memory (and why) if the file cannot be used."""
    try:
        return Records(path), None
    except (ValueError, OSError, RecursionError, UnicodeError) as exc:
        if isinstance(exc, RecursionError):
            exc = ValueError("the records file is nested too deeply to be a records file")
        return in_memory(), str(exc)


class WarWidget(TableComponent):
    """War in a notebook: ``WarWidget()`` deals the ``classic`` preset, you against the computer.

    Arguments: ``rules`` (a ``Rules`` or preset name), ``seed`` or ``code`` (a game number to
    replay), ``mode`` ("cpu", "two_player", "watch"), ``speed`` ("slow", "normal", "fast"),
    ``lang`` ("en", "ja"), ``records`` (True: the file under the user's data folder; False: keep
    nothing; a path: that file).  Keyword-only: ``opponent`` ("easy" shuffles what it wins,
    "strong" orders it by its own policy), ``aids`` (teaching aids; default on in the kids
    presets), ``time_limit`` (seconds, e.g. 180 for the 3-minute game), ``animations`` (False:
    draw only the state after each action), ``game`` (show this ``Game``, e.g. a lesson's
    ``Game.from_hands(...)`` position), ``clock`` (the time source of the time limit), ``guess``
    (each flip waits for ``answer(">" | "=" | "<")``; the question follows the battle: "Which is
    bigger?" in the number lessons, ``WarWidget("number_lesson", guess="number")``, where A = 1
    in the battle too, "Which is stronger?" under any other rules; "to10" asks about A-10 only),
    ``name`` (the game's name on the page, e.g. "Compare" or 「かずくらべ」, where "war" is
    unwelcome: then no word on the table says war; text/naming.py)."""

    def __init__(self, rules: Rules | str = "classic", seed: int | None = None, code: str | None = None,
                 mode: str = "cpu", speed: str = "normal", lang: str = "en",
                 records: bool | str | os.PathLike[str] = True, *, opponent: str = "easy",
                 aids: bool | None = None, time_limit: float | None = None, animations: bool = True,
                 game: Game | None = None, clock: Callable[[], float] | None = None,
                 guess: bool | str = False, name: str | None = None) -> None:
        records = check_records(records)
        check_war_lang(lang)
        path = records_path(records)  # a served page (Voila): this visitor's own, in memory
        store, problem = _open_store(path)
        s = WarSession(rules, seed, code, mode, speed, lang, records=store,
                       recording=records is not False and problem is None,
                       opponent=opponent, aids=aids, time_limit=time_limit, game=game,
                       clock=clock, guess=guess, open_store=self._open_default, name=name)
        given = seed is not None or code is not None or game is not None
        super().__init__(session=s, panel=True, animations=animations)

        if problem is not None:
            s.notify(notice_text("records", problem, s.reg))
        elif (backup := getattr(store, "corrupt_backup", None)) is not None:
            s.notify(label("notice_corrupt", s.reg, name=backup.name))
        offer = s.saved_offer() if not given else None
        if offer is not None:
            self.resume_offered = True
            s.notify(label("notice_resume", s.reg, code=offer.code or "-", round=offer.round_number))
        self._push([])

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
    def names(self) -> list[str]:
        """What each seat is called on the table and in the narration."""
        return self.session.names

    @property
    def rules(self) -> Rules:
        """The rules in force (as the engine plays them)."""
        return self.session.rules

    @property
    def progress_text(self) -> str:
        """The progress line the table shows ("3 / 40 rounds", "1:59 left · round 2")."""
        return self.session.progress()[1]

    @property
    def notice(self) -> str:
        """The notice line (a refusal, the records' problem, the saved game offered)."""
        return self.session.notice

    @property
    def autoplaying(self) -> bool:
        return self.session.autoplay_on

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

    def view(self) -> TableView:
        """What the table shows now (the session's view)."""
        return self.session.view()

    # ------------------------------------------------------------------ public actions
    def press(self, player: int) -> None:
        """A player's own button (or pile).  With two players on one device the first press lays
        that card face down, waiting; the round is played only when every player has pressed.
        In the other modes, player 1's press is a flip."""
        self.session.press(player)

    def step(self) -> Event | None:
        """Advance one beat (flip, compare, war, face-down, collect, shuffle ...), one sentence."""
        return self.session.step()

    def autoplay(self, on: bool = True) -> None:
        """Start (or stop) playing rounds by themselves at the chosen speed: the table in the
        browser asks for each round once it has shown the last one (``autoplay_tick``)."""
        self.session.autoplay(check_flag("autoplay(on)", on))

    def autoplay_tick(self) -> None:
        """What autoplay does at each tick (one round); tests call it without a browser."""
        self.session.tick()

    def autoplay_ticks(self, n: int) -> None:
        """``n`` autoplay ticks in a row."""
        self.session.ticks(n)

    def fast_forward(self) -> None:
        """Play to the end of the game at once (at most 5000 rounds), then draw the result."""
        self.session.fast_forward()

    def replay(self, code: str | None = None) -> bool:
        """The Replay button: start the game whose number is ``code`` (default: this game's); a
        number that is not one is reported in the notice line.  True if a game was started."""
        return self.session.replay(code if code is not None else (self.game.code or ""))

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

    def set_guess(self, on: bool | str = True) -> None:
        """Turn "Which is bigger?" on or off (or pick a number mode: "number", "to10")."""
        self.session.set_guess(on)

    def __repr__(self) -> str:
        return repr(self.session).replace("WarSession", "WarWidget", 1)
