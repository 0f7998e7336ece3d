"""What the table component shows, beat by beat: the play session's ``Shown`` as the browser's dicts.

``SessionPlay`` is a converter and nothing else: it subscribes to a
:class:`~war_widget.session.war.WarSession` (the one owner of the play: rules, modes and waiting
seats, "Which is bigger?", Back and jumps, banners, aids, progress, narration) and turns each
``Shown`` it tells into a list of *beats*: JSON-ready dicts with what the table shows after one
engine event, the sentence of that beat, the round line and the counts, and the chart point when
a round ended, handed to its listeners (the component).  The browser shows them one after
another on its own clock.  Nothing here plays, decides a rule or what to say.

``TablePlay`` drives a session and returns the beats each action showed: the site's tests play
the same game in CPython and compare the page with it.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...game.cards import Card
from ...game.engine import Game, TableCard
from ...game.rules import Rules
from ...session.beat import Shown
from ...session.keeping import RecordStore
from ...session.view import TableView
from ...session.war import WarSession
from ...text.i18n import label
from ...text.narration import card_text
from ...text.number_mode import number_value

__all__ = ["SessionPlay", "TablePlay", "card_code", "ANSWERS", "MODES"]

Beat = dict[str, Any]
ANSWERS = (">", "=", "<")
MODES = ("cpu", "two_player", "watch")
# the kind of the one beat an action without engine beats shows (the browser times it by kind)
_QUIET = ("autoplay", "speed")
_KINDS = {"clock": "clock", "new_game": "deal", "resume": "deal", "press": "waiting", "goto": "goto",
          "fast_forward": "fast_forward"}


def card_code(card: Card) -> str:
    """A card as the browser draws it: rank number and suit letter ("14S" is the ace of spades,
    "15R" the red joker)."""
    return f"{card.rank}{card.suit}"


def _table_json(table: tuple[TableCard, ...]) -> list[list[Any]]:
    return [[t.player, card_code(t.card), 1 if t.face_up else 0, t.battle] for t in table]


def _points(game: Game) -> tuple[list[list[int]], list[int]]:
    """The chart's points (round, counts...) from the deal, and the rounds with a war."""
    points = [[0, *(len(h) for h in game.dealt)]]
    wars = []
    for n, (_winner, war, counts) in enumerate(game.history, start=1):
        points.append([n, *counts])
        if war:
            wars.append(n)
    return points, wars


class SessionPlay:
    """The beats of one ``WarSession``'s actions, whoever started them (a method, a button,
    autoplay): each ``Shown`` the session tells, as beat dicts, to every listener (``listen``)."""

    def __init__(self, session: WarSession) -> None:
        self.session = session
        self._log: list[str] = session.narration
        self._told = len(self._log)            # narration lines already in a beat
        self.feedback: str | None = None       # "right" / "wrong": the tick or cross on the table
        self._right = session.guess.right      # the score before an answer: was it right?
        self.points, self.wars = _points(session.game)
        self.given: str | None = None          # the answer being given (the component's answer())
        self._said = ""                        # the sentence of the last beat
        self.listeners: list[Callable[[list[Beat]], None]] = []
        self.unsubscribe = session.subscribe(self._on_shown)

    def listen(self, listener: Callable[[list[Beat]], None]) -> None:
        """Call ``listener`` with the beats of every ``Shown`` the session reports."""
        self.listeners.append(listener)

    @property
    def score(self) -> list[int]:
        """"Which is bigger?": [right, asked] in this game."""
        return list(self.session.guess_score)

    def number_line(self) -> dict[str, int] | None:
        """The number line under the cards, ``{"low": 0, "high": 13}`` (10 for the A-10 deck or the
        "to10" question), in the number lesson: two players, one card each, and the numbers on the
        cards deciding (``rank_order="ace_low"``, A = 1 ... K = 13) or asked about (the number
        mode of "Which is bigger?"); None otherwise."""
        rules, guess = self.session.game.rules, self.session.guess
        if rules.players != 2 or rules.battle_value != "card":
            return None
        asked = guess.on and guess.mode in ("number", "to10")
        if rules.rank_order != "ace_low" and not asked:
            return None
        ten = rules.deck == 40 or (asked and guess.mode == "to10")
        return {"low": 0, "high": 10 if ten else 13}

    def card_numbers(self, v: TableView) -> list[list[int]]:
        """The number line's marks: each seat's newest face-up card and its number (the rules' own
        ``display_value`` when the numbers decide, the number mode's ``number_value`` when they are
        asked about: A = 1 in both); none for a joker or with no number line."""
        line = self.number_line()
        if line is None:
            return []
        rules = self.session.game.rules
        newest = {t.player: t.card for t in v.table if t.face_up}
        out = []
        for seat, card in sorted(newest.items()):
            n = rules.display_value(card) if rules.rank_order == "ace_low" else number_value(card, "number")
            if n is not None and line["low"] <= n <= line["high"]:
                out.append([seat, n])
        return out

    def values(self) -> dict[str, int]:
        """The teaching aid's numbers on face cards (rank -> value), empty when the aids are off."""
        return {str(rank): value for rank, value in self.session.values().items()}

    def table_name(self, view: TableView, counts: tuple[int, ...] | list[int]) -> str:
        """The table's accessible name (the canvas is ``role=img``): "War table. You 30 cards,
        Computer 22 cards. 12 / 40 rounds. On the table: 9♥ against 7♣." """
        reg = self.session.reg
        parts = label("sep", reg).join(label("table_count_1" if n == 1 else "table_count", reg, name=name, n=n)
                                      for name, n in zip(view.names, counts, strict=True))
        name = self.session.label("table_name", counts=parts, progress=view.progress_text)
        last = {t.player: t.card for t in view.table if t.face_up}
        if last:
            cards = label("table_vs", reg).join(card_text(c, reg) for _, c in sorted(last.items()))
            name += " " + label("table_cards", reg, cards=cards) + ("." if reg == "en" else "。")
        return name

    # --- the session's values as beat dicts --------------------------------------------------------
    def _view(self, v: TableView, asking: bool, over: bool) -> dict[str, Any]:
        return {"hands": list(v.hands), "won": list(v.won), "table": _table_json(v.table),
                "out": [1 if o else 0 for o in v.out], "progress": v.progress, "progress_text": v.progress_text,
                "waiting": list(v.waiting), "aid": v.aid, "banner": v.banner, "winner": v.winner,
                "asking": asking, "feedback": self.feedback, "over": over, "numbers": self.card_numbers(v)}

    def _beat(self, kind: str, view: TableView, say: str, rnd: int, counts: tuple[int, ...],
              asking: bool = False, over: bool = False, point: list[int] | None = None, war: bool = False,
              cut: bool = False) -> Beat:
        self._said = say
        q = self.session.guess.current() if asking else None   # the number mode's words (text/number_mode)
        return {"kind": kind, "view": self._view(view, asking, over), "say": say, "round": rnd,
                "question": None if q is None else {"text": q.text, "buttons": dict(q.buttons)},
                "round_text": view.progress_text, "counts": list(counts),
                "label": self.table_name(view, counts),
                "point": point, "war": war, "cut": cut, "score": self.score, "code": self.session.game.code or ""}

    def current(self, kind: str = "deal", cut: bool = True) -> list[Beat]:
        """One beat of where the game stands now (its last sentence)."""
        s = self.session
        self._told = len(s.narration)
        say = s.narration[-1] if s.narration else ""
        return [self._beat(kind, s.view(), say, s.game.round_number, s.game.counts, s.guess.asking,
                           s.game.is_over, cut=cut)]

    def _on_shown(self, shown: Shown) -> None:
        if shown.action in _QUIET:             # autoplay on/off, the speed: no beat (the state says it)
            beats: list[Beat] = []
        else:
            beats = self._convert(shown)
            if shown.action == "answer":
                self._graded(beats)
        for listener in list(self.listeners):
            listener(beats)

    def _graded(self, beats: list[Beat]) -> None:
        """An answer's beats: the tick or cross, the session's words for it said first."""
        g = self.session.guess
        right, self._right = g.right > self._right, g.right
        if not beats:
            return
        self.feedback = "right" if right else "wrong"
        said = g.feedback
        for b in beats:
            b["view"]["feedback"] = self.feedback
            if said and said in b["say"]:
                b["say"] = b["say"].replace(said, "", 1).strip()
        beats[0]["say"] = f"{said} {beats[0]['say']}".strip()
        beats[0]["answer"] = {"right": right}   # the session graded it
        if self.given is not None:
            beats[0]["answer"]["given"] = self.given
            self.given = None

    def _lines(self, end: int) -> list[str]:
        lines = self._log[self._told:end]
        self._told = max(self._told, end)
        return lines

    def _convert(self, shown: Shown) -> list[Beat]:
        s = self.session
        if s.narration is not self._log:           # a new game starts a new narration
            self._log, self._told = s.narration, 0
        if shown.restart:
            self.feedback = None
            self._right = s.guess.right
        if shown.restart or not shown.beats:
            if shown.restart or self.points[-1][0] != s.game.round_number:
                self.points, self.wars = _points(s.game)
            new = self._lines(len(self._log))
            kind = "back" if shown.action == "back" and shown.restart else _KINDS.get(shown.action, "notice")
            if kind == "clock" and not new:    # the time limit's clock: the same sentence, the time left
                say = self._said
            else:
                say = new[-1] if new else (s.notice or shown.view.banner or "")
            cut = shown.restart or shown.action == "fast_forward"
            return [self._beat(kind, shown.view, say, s.game.round_number, s.game.counts, s.guess.asking,
                               s.game.is_over, cut=cut)]
        if shown.action in ("flip", "step", "press") and self.feedback is not None:
            self.feedback = None               # the tick or cross stays until the next flip
        out: list[Beat] = []
        over = False
        last = len(shown.beats) - 1
        for i, b in enumerate(shown.beats):
            over = over or b.event.kind == "game_over"
            lines = self._lines(b.log_end)
            if i == last:
                lines += self._lines(len(self._log))     # said after the last beat (a question)
            point = war = None
            if b.point is not None:
                point, war = [b.point.round, *b.point.counts], b.point.war
                self.points.append(point)
                if war:
                    self.wars.append(b.point.round)
            out.append(self._beat(b.event.kind, b.view, " ".join(lines) or b.sentence, b.round, b.counts,
                                  asking=i == last and s.guess.asking, over=over or (i == last and s.game.is_over),
                                  point=point, war=bool(war)))
        return out



class TablePlay:
    """A ``WarSession`` (arguments as its own; no record kept unless ``records`` is given) whose
    actions return the beats they showed, as ``SessionPlay`` gives them to the table."""

    def __init__(self, rules: Rules | str = "classic", code: str | None = None, mode: str = "cpu",
                 guess: bool | str = False, aids: bool | None = None, lang: str = "en", *, seed: int | None = None,
                 opponent: str = "easy", records: RecordStore | None = None) -> None:
        self.session = WarSession(rules, seed=seed, code=code, mode=mode, lang=lang, guess=guess, aids=aids,
                                  opponent=opponent, records=records, recording=records is not None)
        self.converter = SessionPlay(self.session)
        self._beats: list[Beat] = []
        self.converter.listen(self._beats.extend)

    @property
    def game(self) -> Game:
        return self.session.game

    def _do(self, action: Callable[[], object]) -> list[Beat]:
        """Run one session action; the beats of what it showed (where the game stands, if none)."""
        self._beats.clear()
        action()
        return list(self._beats) or self.converter.current("notice", cut=False)

    def flip(self) -> list[Beat]:
        return self._do(self.session.flip)

    def step(self) -> list[Beat]:
        return self._do(self.session.step)

    def answer(self, symbol: str) -> list[Beat]:
        self.converter.given = symbol.strip() if isinstance(symbol, str) else None
        try:
            return self._do(lambda: self.session.answer(symbol))
        finally:
            self.converter.given = None

    def fast_forward(self) -> list[Beat]:
        return self._do(self.session.fast_forward)

    def new_game(self, code: str | None = None, rules: Rules | str | None = None) -> list[Beat]:
        return self._do(lambda: self.session.new_game(code=code, rules=rules))
