"""What the table component shows, beat by beat: a small play driver over the engine.

Each action (flip, step, back, ...) returns a list of *beats*: JSON-ready dicts that say what the
table shows after one engine event (the piles, the cards in the middle, the banner), the sentence
of that beat, the round line and the counts, and the chart point when a round ended.  The
browser shows them one after another on its own clock.  The engine decides every rule: this
module only asks ``Game.step()`` for the next beat and describes the result.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...game.cards import Card
from ...game.engine import Game, TableCard
from ...game.events import Collected, Compared, Event, Flipped, GameOver, Returned, WarDeclared
from ...game.rules import Rules
from ...text.i18n import describe_rules, label, player_names, register
from ...text.narration import narrate
from ...text.number_mode import aid_values
from ..war.layout import compare_text

__all__ = ["TablePlay", "card_code", "ANSWERS", "MODES"]

Beat = dict[str, Any]
ANSWERS = (">", "=", "<")
MODES = ("cpu", "two_player")


def card_code(card: Card) -> str:
    """A card as the browser draws it: rank number and suit letter ("14S" is the ace of spades,
    "15R" the red joker)."""
    return f"{card.rank}{card.suit}"


def _table_json(table: tuple[TableCard, ...]) -> list[list[Any]]:
    return [[t.player, card_code(t.card), 1 if t.face_up else 0, t.battle] for t in table]


class TablePlay:
    """One game on one table: the engine, the actions a person takes and what each shows.

    ``mode`` is ``"cpu"`` (you against the computer) or ``"two_player"`` (each seat presses its
    own button; the round is played once both have pressed).  ``guess`` asks "Which is bigger?"
    after each flip and waits for :meth:`answer`."""

    def __init__(self, rules: Rules | str = "classic", code: str | None = None, mode: str = "cpu",
                 guess: bool = False, aids: bool | None = None, lang: str = "en") -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}; got {mode!r}")
        self.mode = mode
        self.guess = bool(guess)
        self.reg = register(lang, kids=False)
        self._aids_arg = aids
        self.score = [0, 0]            # right, asked
        self._start(rules, code)

    # --- the game ---------------------------------------------------------------------------
    def _start(self, rules: Rules | str, code: str | None) -> None:
        self.game = Game.from_code(code) if code else Game(rules)
        r = self.game.rules
        self.aids = self._aids_arg if self._aids_arg is not None else r.preset_name == "kids"
        self.names = player_names("cpu" if self.mode == "cpu" else "two", len(self.game.hands), self.reg)
        self.marks: list[int] = []     # engine beats played before each undoable action
        self.steps = 0                 # engine beats played since the deal
        self.pressed: set[int] = set()
        self.asking = False            # "Which is bigger?" waits for an answer
        self.feedback: str | None = None   # "right" / "wrong" of the last answer, shown on the table
        self.points: list[list[int]] = [[0, *self.game.counts]]
        self.wars: list[int] = []
        self._aid: str | None = None
        self._banner: str | None = None
        self._winner: int | None = None
        self._compared: Compared | None = None
        self._sink: list[Beat] | None = None     # the beats of the action being played
        self.game.subscribe(self._on_publish)

    @property
    def code(self) -> str:
        return self.game.code or ""

    @property
    def rules_line(self) -> str:
        """The rules in force in one line, in the table's language."""
        return describe_rules(self.game.rules, self.reg)

    def values(self) -> dict[str, int]:
        """The teaching aid's numbers on face cards (rank -> value), empty when the aids are off."""
        if not self.aids:
            return {}
        # J Q K 11-13, and the ace 1 only where it counts 1: never a made-up "A 14" or "2 15" (issue 18)
        return {str(rank): value for rank, value in aid_values(self.game.rules).items()}

    def _replay(self, steps: int) -> None:
        """The position after ``steps`` engine beats from the deal (the engine replays it)."""
        marks, score = self.marks, self.score
        self._start(self.game.rules, self.game.code)
        self.marks, self.score = marks, score
        for _ in range(steps):
            self.game.step()

    # --- what the table shows ---------------------------------------------------------------
    def _progress(self) -> str:
        n = self.game.round_number
        limit = self.game.rules.round_limit
        return label("rounds_of", self.reg, n=n, limit=limit) if limit is not None else label("round_n", self.reg, n=n)

    def _end_banner(self) -> str | None:
        o = self.game.outcome
        if o is None:
            return None
        if o.winning_team is not None:
            return label("banner_team", self.reg, n=o.winning_team + 1)
        if o.winner is not None:
            if self.mode == "cpu" and o.winner == 0:
                return label("banner_you", self.reg)
            return label("banner_win", self.reg, name=self.names[o.winner])
        if o.loser is not None:
            return label("banner_loser", self.reg, name=self.names[o.loser])
        return label("banner_draw", self.reg)

    def counts_text(self) -> str:
        parts = [label("table_count_1" if n == 1 else "table_count", self.reg, name=name, n=n)
                 for name, n in zip(self.names, self.game.counts, strict=True)]
        return label("table_vs", self.reg).join(parts)

    def view(self) -> dict[str, Any]:
        """Everything the table shows now, as the browser draws it."""
        g = self.game
        limit = g.rules.round_limit
        return {"hands": [len(h) for h in g.hands], "won": [len(p) for p in g.won],
                "table": _table_json(g.table), "out": [1 if o else 0 for o in g.out],
                "progress": (g.round_number / limit) if limit else None, "progress_text": self._progress(),
                "waiting": sorted(self.pressed), "aid": self._aid, "banner": self._banner,
                "winner": self._winner, "asking": self.asking, "feedback": self.feedback,
                "over": g.is_over}

    def beat(self, kind: str, say: str, point: list[int] | None = None, cut: bool = False) -> Beat:
        """One beat: the picture, its sentence, the round line and counts (and a chart point)."""
        return {"kind": kind, "view": self.view(), "say": say, "round": self.game.round_number,
                "round_text": self._progress(), "counts": list(self.game.counts),
                "label": label("table_name", self.reg, counts=self.counts_text(), progress=self._progress()),
                "point": point, "war": bool(point and self.wars and self.wars[-1] == point[0]), "cut": cut,
                "score": list(self.score), "code": self.code}

    def _on_publish(self, event: Event) -> None:
        """Every beat the engine plays (subscribed): update what the table shows, keep the beat."""
        self.steps += 1
        say, point = self._on_event(event)
        if self._sink is not None:
            self._sink.append(self.beat(event.kind, say, point))

    def _on_event(self, event: Event) -> tuple[str, list[int] | None]:
        point = None
        if isinstance(event, Flipped) and event.battle == 1:
            self._aid = self._banner = self._winner = None
            self.feedback = None
        elif isinstance(event, Compared):
            if self.aids:
                self._aid = compare_text(event.cards, event.winner, event.tied, label("war_bang", self.reg))
            if event.winner is not None:
                self._winner, self._banner = event.winner, None
            if self._compared is None:        # the first comparison is the one the child answered
                self._compared = event
        elif isinstance(event, WarDeclared):
            self._banner = None if self.aids else label("war_bang", self.reg)
            if not self.wars or self.wars[-1] != event.round:
                self.wars.append(event.round)
        elif isinstance(event, Collected | Returned):
            self._winner = event.winner if isinstance(event, Collected) else None
            self._banner = None
            point = [event.round, *self.game.counts]
            self.points.append(point)
        elif isinstance(event, GameOver):
            self._banner = self._end_banner()
        if self._sink is None:
            return "", point
        return narrate(event, self.reg, self.game.rules, self.names, values=self.aids), point

    def _run(self, play: Callable[[], object]) -> list[Beat]:
        """Run ``play`` (engine calls) and return the beats it emitted."""
        self._sink = []
        try:
            play()
            return self._sink
        finally:
            self._sink = None

    def _round_beats(self) -> list[Beat]:
        """The rest of the current round (or a whole new one), beat by beat; with "Which is
        bigger?" only up to the round's first flip, which then waits for the answer."""
        if not (self.guess and len(self.names) == 2):
            return self._run(self.game.play_round)

        def to_flip() -> None:
            while (event := self.game.step()) is not None:
                if isinstance(event, Flipped) and event.battle == 1:
                    self.asking = True
                    return
        beats = self._run(to_flip)
        if self.asking and beats:
            beats[-1] = self.beat("flip", beats[-1]["say"] + " " + self._ask_text())
        return beats

    # --- actions ------------------------------------------------------------------------------
    def _over_beat(self) -> list[Beat]:
        return [self.beat("notice", label("game_is_over", self.reg))]

    def _mark(self) -> None:
        self.marks.append(self.steps)

    def flip(self) -> list[Beat]:
        """Play a round (in guess mode: up to the flip, then wait for the answer)."""
        if self.asking:
            return [self.beat("notice", label("guess_wait", self.reg))]
        if self.game.is_over and not self.game.in_round:
            return self._over_beat()
        self._mark()
        self.pressed.clear()
        return self._round_beats()

    def press(self, seat: int) -> list[Beat]:
        """Two players: ``seat`` presses its button; the round is played once every seat has."""
        if self.mode != "two_player":
            return self.flip()
        if not isinstance(seat, int) or not 0 <= seat < len(self.names):
            raise ValueError(f"seat must be a seat number 0..{len(self.names) - 1}; got {seat!r}")
        if self.asking or (self.game.is_over and not self.game.in_round):
            return self.flip()
        self.pressed.add(seat)
        live = [p for p in range(len(self.names)) if not self.game.out[p]]
        if all(p in self.pressed for p in live):
            return self.flip()
        others = ", ".join(self.names[p] for p in live if p not in self.pressed)
        return [self.beat("waiting", label("waiting", self.reg, name=self.names[seat], others=others))]

    def step(self) -> list[Beat]:
        """One beat of the round."""
        if self.asking:
            return [self.beat("notice", label("guess_wait", self.reg))]
        if self.game.is_over and not self.game.in_round and self.game.phase == "over":
            return self._over_beat()
        self._mark()
        beats = self._run(self.game.step)
        if not beats:
            self.marks.pop()
            return self._over_beat()
        return beats

    def _ask_text(self) -> str:
        cards = {t.player: t.card for t in self.game.table if t.face_up}
        return label("guess_ask", self.reg, a=cards.get(0), b=cards.get(1))

    def answer(self, symbol: object) -> list[Beat]:
        """Say how the bottom card (yours) compares with the top one: ">", "=" or "<"."""
        if not isinstance(symbol, str) or symbol.strip() not in ANSWERS:
            raise ValueError(f"answer must be one of '>', '=' or '<' (is the first card bigger, the same or "
                             f"smaller?); got {symbol!r}")
        if not self.asking:
            return [self.beat("notice", label("guess_none", self.reg))]
        self.asking = False
        self._compared = None
        beats = self._run(self.game.play_round)      # the engine compares, then the round goes on
        compared = self._compared
        assert compared is not None and beats, "a flipped round goes on with its comparison"
        right = "=" if compared.tied else (">" if compared.winner == 0 else "<")
        self.score[1] += 1
        if symbol.strip() == right:
            self.score[0] += 1
            self.feedback = "right"
            say = label("guess_right", self.reg)
        else:
            self.feedback = "wrong"
            word = {">": "guess_bigger", "=": "guess_same", "<": "guess_smaller"}[right]
            say = label("guess_wrong", self.reg, text=label(word, self.reg))
        # the comparison beat shows the tick or the cross; the beats after it keep the score
        first = beats[0]
        first["say"] = f"{say} {first['say']}"
        first["view"]["feedback"] = self.feedback
        first["answer"] = {"given": symbol.strip(), "right": right}
        for b in beats:                 # the tick or cross stays on the table until the next flip
            b["score"] = list(self.score)
            b["view"]["feedback"] = self.feedback
        return beats

    def back(self) -> list[Beat]:
        """Undo the last action (a round after Flip, a beat after Step)."""
        if not self.marks:
            return [self.beat("notice", label("nothing_to_undo", self.reg), cut=True)]
        self._replay(self.marks.pop())
        n, counts = self.game.round_number, self.counts_text()
        if self.game.in_round:
            line = label("back_mid_line", self.reg, n=n + 1, counts=counts)
        else:
            line = label("back_deal_line" if n == 0 else "back_line", self.reg, n=n, counts=counts)
        return [self.beat("back", line, cut=True)]

    def goto_round(self, n: int) -> list[Beat]:
        """The position after round ``n`` (0 = the deal), replayed by the engine."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"goto_round needs a round number >= 0; got {n!r}")
        self._mark()
        marks, score = self.marks, self.score
        self._start(self.game.rules, self.game.code)
        self.marks, self.score = marks, score
        while self.game.round_number < n and self.game.play_round() is not None:
            pass
        n = self.game.round_number
        line = label("goto_deal_line" if n == 0 else "goto_line", self.reg, n=n, counts=self.counts_text())
        return [self.beat("goto", line, cut=True)]

    def fast_forward(self) -> list[Beat]:
        """Play to the end of the game; show only where it ended."""
        if self.game.is_over and not self.game.in_round:
            return self._over_beat()
        self._mark()
        self.asking = False
        self.pressed.clear()
        self.game.play_to_end()
        return [self.beat("fast_forward", self._end_banner() or label("game_is_over", self.reg), cut=True)]

    def new_game(self, code: str | None = None, rules: Rules | str | None = None) -> list[Beat]:
        """A new deal (``code`` replays that game number; ``rules`` changes the rules)."""
        self._start(rules if rules is not None else self.game.rules, code)
        self.score = [0, 0]
        line = label("new_game_line", self.reg, code=self.code, counts=self.counts_text())
        return [self.beat("deal", line, cut=True)]
