"""A child's page in the class: the seat picker (出席番号, big buttons), then the War table playing
the game the teacher dealt, reporting to the class store and following the teacher's pause.

``ClassSeat(store)`` is one ipywidgets box: the picker (``SeatPicker``, drawn by ``seat.js``)
and, once a game is dealt, the table (``SeatTable``: the usual ``TableComponent`` over its own
``WarSession``, in two-player mode for a pair).  The browser owns the clock: the picker sends
``poll`` about once a second, and the kernel asks the store one cheap question
(``ClassStore.poll``): has the class changed (a deal, a pause, a new class), and is this tablet
still at its seats.  No thread, no timer in the kernel.

The seat's secret lives in the tablet's localStorage (with the seats and the class's id), so a
page that reloads, or a tablet that slept, sits again at its seat and goes on with its game
(the game's JSON is in the seat's reported play).  Every write for a seat goes through this
kernel, with that secret; the table plays only forward (no Back, jump, new game or settings:
the CSV holds what was played).

>>> import tempfile, pathlib
>>> from war_widget.classmode.store import ClassStore
>>> store = ClassStore(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3", size=30)
>>> seat = ClassSeat(store)
>>> seat.choose([5])                     # the child taps 5, then Start
>>> seat.phase, seat.seats
('joined', (5,))
>>> _ = store.deal("number_lesson-7", "number_lesson", "number"); seat.poll()
>>> seat.table.session.game.code
'number_lesson-7'
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import ipywidgets
import traitlets

from ..game.engine import Game
from ..session.beat import Shown
from ..session.guess import glyph
from ..session.war import WarSession
from ..text.classmode import check_seat_lang, seat_words
from ..views.component.widget import TableComponent
from .store import ClassStore, Deal, SeatInUse, SeatTaken, check_seats

__all__ = ["ClassSeat", "SeatPicker", "SeatTable", "PLAY_ACTIONS"]

HERE = Path(__file__).parent
PLAY_ACTIONS = ("flip", "press", "step", "answer", "tick", "autoplay", "speed")   # what a seat's table may do


class SeatPicker(anywidget.AnyWidget):
    """The seat numbers as big buttons (1..size), the "two on one tablet" switch, the choice when a
    seat is in use, and the bar above the table (the seat, the teacher's pause)."""

    _esm = HERE / "seat.js"
    _css = HERE / "seat.css"

    state: Any = traitlets.Dict().tag(sync=True)     # phase, seats, size, words, paused, ...


class SeatTable(TableComponent):
    """A seat's War table: only the play goes forward (``PLAY_ACTIONS``), nothing while paused; it
    tells its ``ClassSeat`` every answer (the question as every tablet of this deal asks it).
    ``shown`` (the browser's beat on screen) is not echoed back: a seat's kernel has one view,
    whose own value it is (one message fewer a beat, of thirty tablets' traffic through one server)."""

    shown = traitlets.Int(0).tag(sync=True, echo_update=False)

    def __init__(self, owner: ClassSeat, session: WarSession, read_aloud: bool = False) -> None:
        self.owner = owner
        super().__init__(session=session, panel=False, read_aloud=read_aloud)

    def _on_action(self, widget: object, content: dict[str, Any], buffers: object) -> None:
        if isinstance(content, dict) and "do" in content:
            if content.get("do") not in PLAY_ACTIONS:
                return
            if self.owner.paused:
                if self.session.autoplay_on:
                    self.session.autoplay(False)
                return
        super()._on_action(widget, content, buffers)

    def answer(self, symbol: str) -> bool | None:
        s = self.session
        q = s.guess.question if s.guess.asking else None
        asked = s.guess.ask_text(q) if q is not None else ""
        right = super().answer(symbol)
        if q is not None and right is not None:
            (_, a), (_, b) = q.cards[:2]
            key = f"{q.round}.{q.battle}:{glyph(a)}?{glyph(b)}"
            self.owner.answered(key, asked, symbol.strip(), right, s.guess.kind)
        return right


class ClassSeat(ipywidgets.VBox):  # type: ignore[misc]  # ipywidgets has no type information
    """A child's page: the seat picker, then the table of the dealt game (see the module).
    ``read_aloud`` (the teacher's choice for the class, ``serve --read-aloud``): the table reads
    each beat's sentence aloud (the browser's speech synthesis, in the page's language)."""

    def __init__(self, store: ClassStore | str | Path, lang: str = "en", *, read_aloud: bool = False,
                 **kwargs: Any) -> None:
        self.lang = check_seat_lang(lang)
        if not isinstance(read_aloud, bool):
            raise ValueError(f"read_aloud must be True (read each beat aloud) or False; got {read_aloud!r}")
        self.read_aloud = read_aloud
        self.store = store if isinstance(store, ClassStore) else ClassStore(store)
        self.picker = SeatPicker()
        self.table: SeatTable | None = None
        self.phase = "choose"           # choose, in_use, joined, taken
        self.seats: tuple[int, ...] = ()
        self.secret: str | None = None
        self.in_use: int | None = None
        self.wanted: tuple[int, ...] = ()
        self.paused = False
        self.deal: Deal | None = None
        self._version = -1
        self._class_id = self.store.class_id
        self._wars = self._longest = self._war_run = 0
        self._lowest: list[int] = []
        self._asked = self._right = 0
        super().__init__(children=[self.picker], **kwargs)
        self.picker.on_msg(self._on_msg)
        self._show()

    # --- the child's taps (each is also a method, for tests and scripts) --------------------------
    def choose(self, seats: list[int] | tuple[int, ...] | int, take_over: bool = False) -> None:
        """Sit at ``seats`` (one, or two for a pair); a seat in use asks first (``phase`` "in_use")."""
        seats = check_seats(seats, self.store.size)
        try:
            secret = self.store.join(seats, take_over=take_over)
        except SeatInUse as exc:
            self.phase, self.in_use, self.wanted = "in_use", exc.seat, seats
            self._show()
            return
        self._sit(seats, secret)
        self.picker.send({"do": "remember", "class_id": self._class_id, "seats": list(seats), "secret": secret})

    def take_over(self) -> None:
        """"It is mine": take the seat in use over (the other tablet is told on its next poll)."""
        if self.phase == "in_use" and self.wanted:
            self.choose(self.wanted, take_over=True)

    def choose_other(self) -> None:
        """Back to the seat numbers."""
        self.phase, self.in_use, self.wanted = "choose", None, ()
        self._show()

    def rejoin(self, seats: Any, secret: Any, class_id: Any = None) -> bool:
        """A page that reloaded (or a tablet back from sleep) with what its localStorage kept:
        True if it sits at its seats again (and goes on with its game)."""
        if class_id != self._class_id or not isinstance(secret, str):
            return False
        try:
            seats = check_seats(list(seats) if isinstance(seats, (list, tuple)) else seats, self.store.size)
        except ValueError:
            return False
        if not self.store.rejoin(seats, secret):
            return False
        self._sit(seats, secret)
        return True

    def leave(self) -> None:
        """"Change seat": free the seats (what was played is kept) and show the numbers."""
        if self.secret is not None:
            try:
                self.store.leave(self.seats, self.secret)
            except (SeatTaken, ValueError):
                pass
        self._stand()
        self.picker.send({"do": "forget"})

    def poll(self) -> None:
        """What the browser asks once a second: follow a deal, a pause, a new class, a take-over."""
        if self.phase != "joined":
            version, _ = self.store.poll()
            if version != self._version:
                self._version = version
                self._class_id = self.store.class_id
                self._show()
            return
        assert self.secret is not None
        version, mine = self.store.poll(self.seats, self.secret)
        if not mine:                 # another tablet took the seat over, or the teacher began a new class
            self._stand()
            class_id = self.store.class_id
            self.phase = "taken" if class_id == self._class_id else "choose"
            self._class_id = class_id
            self.picker.send({"do": "forget"})
            self._show()
            return
        if version != self._version:
            self._version = version
            self._follow()

    # --- inside ----------------------------------------------------------------------------------
    def _on_msg(self, _widget: object, content: Any, _buffers: object) -> None:
        if not isinstance(content, dict):
            return
        do = content.get("do")
        try:
            if do == "poll":
                self.poll()
            elif do == "hello":
                saved = content.get("saved")
                if isinstance(saved, dict) and self.phase == "choose":
                    if not self.rejoin(saved.get("seats"), saved.get("secret"), saved.get("class_id")):
                        self.picker.send({"do": "forget"})
                self._show()
            elif do == "choose":
                self.choose(content.get("seats"))  # type: ignore[arg-type]
            elif do == "take_over":
                self.take_over()
            elif do == "choose_other":
                self.choose_other()
            elif do == "leave":
                self.leave()
        except (ValueError, OSError) as exc:          # a bad message, a busy store: said, not raised
            self.picker.state = {**self.picker.state, "error": str(exc)[:200]}

    def _sit(self, seats: tuple[int, ...], secret: str) -> None:
        self.seats, self.secret, self.phase, self.in_use, self.wanted = seats, secret, "joined", None, ()
        self._version = -1
        self.deal = None
        self.poll()
        self._show()

    def _stand(self) -> None:
        self.seats, self.secret, self.phase, self.deal = (), None, "choose", None
        self._drop_table()
        self._show()

    def _drop_table(self) -> None:
        if self.table is not None:
            self.table.close()
            self.table = None
        self.children = [self.picker]

    def _follow(self) -> None:
        """The class changed: the pause, and a new deal starts this tablet's game of it."""
        self.paused = self.store.paused
        deal = self.store.current_deal
        if self.table is not None and self.paused and self.table.session.autoplay_on:
            self.table.session.autoplay(False)
        if deal is not None and (self.deal is None or deal.id != self.deal.id):
            self._start(deal)
        self._show()

    def _start(self, deal: Deal) -> None:
        """Sit down to ``deal``: the game as this seat left it (a reload), else its first deal."""
        self._drop_table()
        self.deal = deal
        mine = {p.seat: p for p in self.store.plays(deal.id) if p.seat in self.seats}
        first = mine.get(self.seats[0])
        game = None
        if first is not None and first.game:
            try:
                game = Game.from_json(first.game)
            except ValueError:
                game = None
        mode = "two_player" if len(self.seats) == 2 else "cpu"
        lang = "ja_kana" if self.lang == "ja_kana" else self.lang
        session = WarSession(code=None if game is not None else deal.code, game=game, mode=mode, lang=lang,
                             guess=deal.guess, recording=False, aids=None)
        n = len(session.game.counts)
        self._wars = first.wars if first else 0
        self._longest = first.longest_war if first else 0
        self._asked = first.asked if first else 0     # before this sitting (a reload goes on from them)
        self._right = first.right if first else 0
        self._lowest = [mine[s].lowest if s in mine else session.game.counts[i] for i, s in enumerate(self.seats)]
        self._lowest += [0] * (n - len(self._lowest))
        self._war_run = 0
        self.table = SeatTable(self, session, read_aloud=self.read_aloud)
        session.subscribe(self._played)
        self.children = [self.picker, self.table]
        if first is None:
            self._report()

    def _played(self, shown: Shown) -> None:
        """After each action of the table: count the wars, then tell the store where it stands."""
        for beat in shown.beats:
            if beat.event.kind == "war":
                self._war_run += 1
            if beat.point is not None:
                self._wars += beat.point.war
                self._longest = max(self._longest, self._war_run)
                self._war_run = 0
            for i in range(len(self.seats)):
                self._lowest[i] = min(self._lowest[i], beat.counts[i])
        if shown.beats:
            self._report()

    def _report(self) -> None:
        if self.table is None or self.deal is None or self.secret is None:
            return
        g = self.table.session.game
        winner = g.outcome.winner if g.outcome is not None else None
        score = self.table.session.guess.score        # this sitting's (right, asked), after the earlier ones
        try:
            for i, seat in enumerate(self.seats):
                self.store.report(seat, self.secret, self.deal.id, player=i, round=g.round_number,
                                  counts=list(g.counts), over=g.is_over,
                                  won=None if winner is None else winner == i, wars=self._wars,
                                  longest_war=self._longest, lowest=self._lowest[i], asked=self._asked + score[1],
                                  right=self._right + score[0], kind=self.table.session.guess.kind, game=g.to_json())
        except SeatTaken:
            self.poll()

    def answered(self, question: str, asked: str, symbol: str, right: bool, kind: str) -> None:
        """The table's answer to a question of the deal: kept for each seat at this tablet."""
        if self.deal is None or self.secret is None:
            return
        try:
            for seat in self.seats:
                self.store.answer(seat, self.secret, self.deal.id, question, asked, symbol, right, kind)
        except SeatTaken:
            self.poll()

    def _show(self) -> None:
        """The picker's state as the browser draws it."""
        taken = sorted({r.seat for r in self.store.seats()} - set(self.seats)) if self.phase != "joined" else []
        g = self.table.session.game if self.table is not None else None
        status = "wait_deal" if g is None else ("game_over" if g.is_over else "playing")
        state = {"phase": self.phase, "seats": list(self.seats), "size": self.store.size, "taken": taken,
                 "in_use": self.in_use, "paused": self.paused and self.phase == "joined", "status": status,
                 "words": seat_words(self.lang), "lang": self.lang, "class_id": self._class_id}
        if state != self.picker.state:
            self.picker.state = state


def seat_page() -> ClassSeat:
    """The child's page as the class's seat notebook shows it: the class store, language and
    read-aloud the command that started the class named (``config``)."""
    from .config import read_aloud, seat_lang, store_path

    return ClassSeat(ClassStore(store_path()), lang=seat_lang(), read_aloud=read_aloud())
