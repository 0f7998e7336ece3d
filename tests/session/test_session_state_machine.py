"""Random sequences of what people do at a table, played on a ``WarSession`` with no widget and no
browser (issue 16): flips, presses of two players, steps, answers to "Which is bigger?", Back,
jumps to a round, fast-forward, new games and rule changes, in every mode.

A *shadow* engine, driven only through the engine's public API, plays alongside: each beat a
session action shows must be the shadow's next beat (``Game.step``), with the table, the counts,
the round, the progress line and the chart point the shadow has at that beat.  Back and jumps are
checked against positions the shadow replays from the deal itself (no checkpoints), so the
session's undo stack, checkpoints and rebasing are tested against the plainest replay there is.
Always: no card lost or doubled; Back then the same action gives the same game.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from war_widget.game.engine import Game
from war_widget.game.events import Compared, Event
from war_widget.session.beat import Beat, ChartPoint, Shown
from war_widget.session.options import FF_CAP
from war_widget.session.war import WarSession
from war_widget.text.i18n import label

PRESETS = ["classic", "kids", "pagat", "three_down", "razboi", "pjanitsa", "bicycle", "tod_und_leben", "classic_long"]
# options that keep games short enough to play many of them (players: two-player presses of 3-4 seats)
OPTIONS = [("players", 3), ("players", 4), ("face_down", 0), ("face_down", 3), ("jokers", 2), ("players", 2)]


def position(g: Game) -> tuple[Any, ...]:
    """Everything the engine says about where a game stands (its public state)."""
    return (tuple(map(tuple, g.hands)), tuple(map(tuple, g.won)), g.table, g.round_number, tuple(g.history),
            tuple(g.out), g.outcome, g.in_round, g.phase, g.is_over, g.rules)


def conserved(g: Game) -> bool:
    cards = [c for h in g.hands for c in h] + [c for w in g.won for c in w] + [t.card for t in g.table] + list(g.unused)
    return len(cards) == g.rules.deck_size + g.rules.jokers and len(set(cards)) == len(cards)


@dataclass
class Snap:
    """The shadow engine at one beat."""

    event: Event
    hands: tuple[int, ...]
    won: tuple[int, ...]
    table: tuple[Any, ...]
    out: tuple[bool, ...]
    round: int
    counts: tuple[int, ...]
    limit: int | None
    history_last: Any


@dataclass
class Undo:
    """A position Back returns to: beats from the deal, waiting seats, and the action that left it."""

    beats: int
    waiting: frozenset[int]
    redo: Callable[[], Any]
    name: str


@dataclass
class Shadow:
    """The model: the same deal, stepped by the test alone."""

    code: str
    game: Game = field(init=False)
    beats: int = 0
    snaps: list[Snap] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.game = self.fresh()

    def fresh(self) -> Game:
        game = Game.from_code(self.code)
        game.subscribe(self._on)
        self.beats, self.snaps = 0, []
        return game

    def _on(self, event: Event) -> None:
        g = self.game
        self.beats += 1
        self.snaps.append(Snap(event, tuple(len(h) for h in g.hands), tuple(len(w) for w in g.won), g.table,
                               tuple(g.out), g.round_number, g.counts, g.rules.round_limit,
                               g.history[-1] if g.history else None))

    def replay(self, beats: int) -> None:
        """The position ``beats`` beats after the deal, replayed from the deal."""
        self.game = self.fresh()
        while self.beats < beats:
            assert self.game.step() is not None, "the shadow ran out of beats"
        self.snaps = []

    def after_round(self, n: int) -> None:
        self.game = self.fresh()
        while self.game.round_number < n and self.game.play_round() is not None:
            pass
        self.snaps = []


class SessionMachine(RuleBasedStateMachine):
    """One session, one shadow, and the undo stack the test keeps itself."""

    def __init__(self) -> None:
        super().__init__()
        self.session: WarSession | None = None

    @initialize(preset=st.sampled_from(PRESETS), mode=st.sampled_from(["cpu", "two_player", "watch"]),
                opponent=st.sampled_from(["easy", "strong"]), guess=st.booleans(), seed=st.integers(0, 10**6),
                lang=st.sampled_from(["en", "ja"]))
    def start(self, preset: str, mode: str, opponent: str, guess: bool, seed: int, lang: str) -> None:
        self.session = WarSession(preset, seed=seed, mode=mode, opponent=opponent, guess=guess, lang=lang,
                                  speed="fast")
        self.shown: list[Shown] = []
        self.session.subscribe(self.shown.append)
        self._new_shadow()

    def _new_shadow(self) -> None:
        s = self.s
        assert s.game.code is not None
        self.shadow = Shadow(s.game.code)
        assert self.shadow.game.dealt == s.game.dealt and self.shadow.game.rules == s.game.rules
        self.undo: list[Undo] = []
        self.waiting: frozenset[int] = frozenset()
        self.furthest = 0

    @property
    def s(self) -> WarSession:
        assert self.session is not None
        return self.session

    def teardown(self) -> None:
        if self.session is not None:
            self.session.close()

    # --- one action, checked beat by beat against the shadow ------------------------------------------
    def act(self, name: str, do: Callable[[], Any], redo: Callable[[], Any] | None = None) -> Any:
        """Run a session action; every beat it shows must be the shadow's next beat (kept in
        ``last_beats``).  ``redo`` does the same again (the machine's rule, model included): what
        Back then the same action runs."""
        s, shadow = self.s, self.shadow
        before = (shadow.beats, self.waiting)
        round_before = shadow.game.round_number
        self.shown.clear()
        log_before = len(s.narration_log)
        result = do()
        beats = [b for shown in self.shown for b in shown.beats]
        shadow.snaps = []
        for beat in beats:
            event = shadow.game.step()
            assert event is not None, f"{name}: the session showed a beat the engine does not have: {beat.event}"
        assert len(shadow.snaps) == len(beats)
        self.check_beats(name, beats, shadow.snaps, log_before, round_before)
        self.last_beats = beats
        self.waiting = frozenset(s.waiting)
        if (shadow.beats, self.waiting) != before and redo is not None:
            self.undo.append(Undo(before[0], before[1], redo, name))
        self.furthest = max(self.furthest, shadow.game.round_number)
        assert self.shown, f"{name}: the session told its views nothing"
        assert self.shown[-1].view == s.view()
        return result

    def check_beats(self, name: str, beats: list[Beat], snaps: list[Snap], log_before: int,
                    previous_round: int) -> None:
        s = self.s
        ends = [b.log_end for b in beats]
        assert ends == sorted(set(ends)) and all(log_before < e <= len(s.narration_log) for e in ends), name
        for beat, snap in zip(beats, snaps, strict=True):
            assert beat.event == snap.event, name
            view = beat.view
            assert (view.hands, view.won, view.table, view.out) == (snap.hands, snap.won, snap.table, snap.out), name
            assert beat.counts == view.counts == snap.counts and beat.round == snap.round, name
            assert sum(view.hands) + sum(view.won) + len(view.table) <= view.total
            assert s.narration_log[beat.log_end - 1] == beat.sentence and beat.sentence, name
            if s.time_limit is None:
                text = (label("round_n", s.reg, n=snap.round) if snap.limit is None
                        else label("rounds_of", s.reg, n=snap.round, limit=snap.limit))
                assert beat.progress == view.progress_text == text, (name, beat.progress, text)
            if snap.round != previous_round:
                winner, wars, counts = snap.history_last
                assert beat.point == ChartPoint(snap.round, counts, bool(wars)), name
            else:
                assert beat.point is None, name
            if beat.event.kind == "game_over":
                assert view.banner == s.end_banner() and view.banner, name
            previous_round = snap.round

    # --- actions ------------------------------------------------------------------------------------------
    @rule()
    def flip(self) -> None:
        g = self.shadow.game
        rounds, over, asking = g.round_number, g.is_over, self.s.guess.asking
        self.act("flip", self.s.flip, redo=self.flip)
        g = self.shadow.game
        if not over and not self.s.guess.on:
            assert g.round_number == rounds + 1 or g.is_over            # one round, never lost nor doubled
        if over:
            assert g.round_number == rounds
        if not asking:
            assert self.waiting == frozenset()

    @rule()
    def double_flip(self) -> None:
        rounds, over = self.shadow.game.round_number, self.shadow.game.is_over
        self.act("flip", self.s.flip, redo=self.flip)
        self.act("flip", self.s.flip, redo=self.flip)
        g = self.shadow.game
        if not self.s.guess.on and not over and not g.is_over:
            assert g.round_number == rounds + 2

    @rule(player=st.integers(0, 3))
    def press(self, player: int) -> None:
        s = self.s
        seat = player % s.rules.players if s.mode == "two_player" else 0
        g = self.shadow.game
        before, asking = set(self.waiting), s.guess.asking
        out, over = list(g.out), g.is_over          # (before the press: the press may put a seat out)
        active = {p for p in range(g.rules.players) if not out[p]}
        self.act("press", lambda: s.press(seat), redo=lambda: self.press(player))
        if s.mode != "two_player":
            return
        if asking or over or seat in before or out[seat]:
            assert self.last_beats == [] or g.is_over, "a press that may do nothing played"
            assert self.waiting == before
        elif active <= before | {seat}:
            assert self.waiting == frozenset() and self.last_beats, "everyone pressed: the round is played"
        else:
            assert self.waiting == before | {seat} and self.last_beats == []
            assert self.s.view().waiting == tuple(sorted(before | {seat}))

    @rule(n=st.integers(1, 4))
    def step(self, n: int) -> None:
        for _ in range(n):
            self.one_step()

    def one_step(self) -> None:
        asking = self.s.guess.asking
        event = self.act("step", self.s.step, redo=self.one_step)
        if asking:
            assert event is None and self.last_beats == []
        else:
            assert len(self.last_beats) == (0 if event is None else 1)
            assert event is None or event == self.last_beats[0].event

    @rule(symbol=st.sampled_from([">", "=", "<"]))
    def answer(self, symbol: str) -> None:
        asking = self.s.guess.asking
        score = self.s.guess_score
        right = self.act("answer", lambda: self.s.answer(symbol), redo=lambda: self.answer(symbol))
        if not asking:
            assert right is None and self.last_beats == []
            return
        compared = self.last_beats[0].event
        assert isinstance(compared, Compared)               # the engine compares; its result is the truth
        truth = "=" if compared.tied else (">" if compared.winner == compared.cards[0][0] else "<")
        assert right == (symbol == truth)
        assert self.s.guess_score == (score[0] + right, score[1] + 1) or self.s.guess_score[1] == score[1] + 1

    @rule(symbol=st.sampled_from([">", "=", "<"]))
    def flip_then_answer(self, symbol: str) -> None:
        """What a child does with "Which is bigger?" on: Flip, then answer the question."""
        self.flip()
        if self.s.guess.asking:
            self.answer(symbol)

    @rule(seats=st.permutations(range(4)))
    def everyone_presses(self, seats: list[int]) -> None:
        """Two players (or more) each press their button, in any order: one round."""
        for seat in seats:
            self.press(seat)

    @rule()
    def back(self) -> None:
        s = self.s
        here = position(s.game)
        self.shown.clear()
        went = s.back()
        if not self.undo:
            assert went is False and position(s.game) == here
            return
        assert went is True
        target = self.undo.pop()
        self.shadow.replay(target.beats)
        self.waiting = target.waiting
        assert frozenset(s.waiting) == target.waiting
        assert self.shown and self.shown[-1].restart and self.shown[-1].beats == ()

    @precondition(lambda self: self.session is not None and bool(self.undo))
    @rule()
    def back_then_the_same_again(self) -> None:
        """Back, then the same action: the same game as before Back."""
        here, waiting = position(self.s.game), self.waiting
        redo = self.undo[-1].redo
        self.back()
        redo()
        assert position(self.s.game) == here and self.waiting == waiting

    @rule(n=st.integers(0, 10**6))
    def goto_round(self, n: int) -> None:
        assert self.s.history.furthest == self.furthest
        self.goto(n % (self.furthest + 1))

    def goto(self, n: int) -> None:
        s = self.s
        here, was_in_round = self.shadow.beats, self.shadow.game.in_round
        waiting = self.waiting
        probe = Shadow(self.shadow.code)
        probe.after_round(n)
        self.shown.clear()
        s.goto_round(n)
        assert s.game.round_number == n or s.game.is_over
        if probe.beats == here and not was_in_round:
            assert position(s.game) == position(self.shadow.game)   # already there: nothing remembered
            return
        self.shadow = probe
        self.undo.append(Undo(here, waiting, lambda: self.goto(n), "goto"))
        self.waiting = frozenset()
        assert self.shown[-1].restart

    @rule()
    def goto_beyond_the_furthest_round_is_refused(self) -> None:
        here = position(self.s.game)
        try:
            self.s.goto_round(self.furthest + 1)
        except ValueError as exc:
            assert f"to {self.furthest}" in str(exc)
        else:
            raise AssertionError("goto_round beyond the furthest round reached was accepted")
        assert position(self.s.game) == here

    @precondition(lambda self: self.session is not None
                  and (self.s.rules.round_limit is not None or self.s.rules.players == 2))
    @rule()
    def fast_forward(self) -> None:
        s, shadow = self.s, self.shadow
        before, start = shadow.beats, shadow.game.round_number
        self.shown.clear()
        s.fast_forward()
        if not shadow.game.is_over:
            shadow.game.play_to_end(max_rounds=FF_CAP)
        elif self.shown and self.shown[-1].beats:       # over: its last beats are shown
            for _ in self.shown[-1].beats:
                shadow.game.step()
        assert shadow.game.is_over or shadow.game.round_number - start == FF_CAP
        self.furthest = max(self.furthest, shadow.game.round_number)
        if shadow.beats != before:
            self.undo.append(Undo(before, self.waiting, self.fast_forward, "fast_forward"))
        self.waiting = frozenset(s.waiting)
        assert self.shown and self.shown[-1].view == s.view()

    @rule(same=st.booleans(), preset=st.sampled_from(PRESETS))
    def new_game(self, same: bool, preset: str) -> None:
        s = self.s
        rules = s.base_rules
        s.new_game() if same else s.new_game(rules=preset)
        self._new_shadow()
        assert s.game.round_number == 0 and not s.can_go_back
        if same:
            assert s.base_rules == rules
        assert s.back() is False

    @rule(code=st.integers(0, 10**6))
    def replay_a_game_number(self, code: int) -> None:
        s = self.s
        number = Game(s.base_rules, code).code
        assert number is not None and s.replay(number)
        self._new_shadow()
        assert s.game.code == number and s.game.round_number == 0

    @rule(option=st.sampled_from(OPTIONS))
    def change_rule(self, option: tuple[str, object]) -> None:
        s = self.s
        old = s.game
        changed = s.set_option(*option)
        if changed:
            self._new_shadow()
            assert getattr(s.base_rules, option[0]) == option[1]
        else:
            assert s.game is old

    @rule(lang=st.sampled_from(["en", "ja"]), aids=st.booleans())
    def words(self, lang: str, aids: bool) -> None:
        here = position(self.s.game)
        self.s.set_lang(lang)
        self.s.set_aids(aids)
        assert position(self.s.game) == here                  # words change, the game does not

    # --- what must always hold ----------------------------------------------------------------------------
    @invariant()
    def the_session_and_the_shadow_stand_at_the_same_position(self) -> None:
        if self.session is None:
            return
        s, g = self.s, self.s.game
        assert position(g) == position(self.shadow.game)
        assert conserved(g)
        assert s.can_go_back == bool(self.undo)
        assert frozenset(s.waiting) == self.waiting

    @invariant()
    def what_the_session_shows_is_the_engine(self) -> None:
        if self.session is None:
            return
        s, g = self.s, self.s.game
        view = s.view()
        assert view.hands == tuple(len(h) for h in g.hands) and view.won == tuple(len(w) for w in g.won)
        assert view.table == g.table and view.counts == g.counts and view.out == tuple(g.out)
        assert sum(view.counts) + len(view.table) + len(g.unused) == g.rules.deck_size + g.rules.jokers
        if g.is_over:       # (None while the engine's last beats wait to be shown: a Step at a time)
            assert view.banner in (None, s.end_banner())


# derandomize: the same 60 runs every time, so CI says the same of the same code (random runs found
# a Flip that played no round after Step left a player's out beat due, now
# tests/session/test_flip_after_out.py, and this rule's press reading the seats out after the press;
# explore with --hypothesis-seed)
SessionMachine.TestCase.settings = settings(max_examples=60, stateful_step_count=30, deadline=None,
                                            derandomize=True)
TestSessionStateMachine = SessionMachine.TestCase
