"""The Steal War session with no widget and no browser: every beat it shows is the engine's beat
with the engine's position, every card is kept over many games in a row, the same actions give
the same game, a refused click is said and changes nothing, bad input is a clear ValueError."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from war_widget.game.cards import Card, make_deck
from war_widget.game.events import Collected, GameOver
from war_widget.session.steal import OPPONENTS, StealSession
from war_widget.session.steal_view import StealShown
from war_widget.text.i18n import label
from war_widget.variants.steal import ChooseTop, Steal, StealWarGame, always_steal, greedy, never_steal
from war_widget.variants.steal.events import Stolen, Swapped
from war_widget.variants.steal.game_json import _dumps_v1

DECK = sorted(make_deck(52, 2))


def every_card(game: StealWarGame) -> list[Card]:
    return sorted([c for h in game.hands for c in h] + [c for p in game.piles for c in p]
                  + [t.card for t in game.table] + list(game.unused))


class Recorder:
    """Subscribes to the session and watches its game's ``step()``: the position the engine has
    right after each beat (the public state once ``step()`` returns)."""

    def __init__(self, session: StealSession) -> None:
        self.session = session
        self.shown: list[StealShown] = []
        self.positions: list[dict] = []
        self._game: StealWarGame | None = None
        session.subscribe(self.shown.append)
        self.watch()

    def watch(self) -> None:
        game = self.session.game
        if game is not self._game:
            self._game = game
            step = game.step

            def watched():
                event = step()
                if event is not None:
                    self.positions.append(self.position(game, event))
                return event
            game.step = watched

    @staticmethod
    def position(game: StealWarGame, event) -> dict:
        return {"event": event, "hands": tuple(len(h) for h in game.hands),
                "piles": tuple(tuple(p) for p in game.piles), "table": game.table, "counts": game.counts,
                "round": game.round_number, "cards": every_card(game),
                "protected": game.protected, "next": game.looking_at(0)}


def play_one_click(s: StealSession, turn: int) -> StealShown:
    """A player who varies: steals when it can on even turns, chooses the first, the least matchable
    or the last won card on top."""
    can = s.controls()
    if can.tops:
        return s.choose_top((can.tops[0], None, can.tops[-1])[turn % 3])
    if can.can_steal and turn % 2 == 0:
        return s.steal()
    if turn % 5 == 4 and can.can_step:
        return s.step()
    return s.flip()


def test_every_beat_shown_is_the_engines_beat_and_every_card_is_kept_over_many_games():
    s = StealSession(seed=1)
    rec = Recorder(s)
    games = 0
    for seed, opponent in ((1, "greedy"), (2, "always"), (3, "never"), (226, "greedy"), (8, "always")):
        s.set_opponent(opponent)
        s.new_game(seed)
        rec.watch()
        for turn in range(2000):
            if s.game.is_over:
                break
            play_one_click(s, turn)
        assert s.game.is_over, seed
        assert every_card(s.game) == DECK and sum(s.game.counts) == 54
        assert s.view().banner in ("You win!", "Computer wins", "Draw")
        games += 1
    assert games == 5
    beats = [b for sh in rec.shown for b in sh.beats]
    assert len(beats) == len(rec.positions) > 500
    for beat, at in zip(beats, rec.positions, strict=True):
        assert beat.event is at["event"]
        assert at["cards"] == DECK                              # no card lost or doubled at any beat
        assert beat.view.hands == at["hands"] and beat.view.piles == at["piles"]
        assert beat.view.table == at["table"] and beat.view.protected == at["protected"]
        assert beat.counts == at["counts"] == beat.view.counts and beat.round == at["round"]
        assert beat.view.next_card == at["next"]
        if isinstance(beat.event, Collected):
            assert [m.to for m in beat.moves] == [beat.event.winner] and beat.moves[0].size == len(beat.event.cards)
        elif isinstance(beat.event, Stolen):
            assert [(m.seat, m.to) for m in beat.moves] == [(beat.event.victim, beat.event.player)]
        elif isinstance(beat.event, Swapped):
            assert len(beat.moves) == 2
        else:
            assert beat.moves == ()
        if isinstance(beat.event, GameOver):
            assert beat.view.banner is not None
    assert any(isinstance(b.event, Stolen) for b in beats)


def test_the_sentence_of_each_beat_is_its_line_of_the_narration_and_the_update_is_told_once():
    s = StealSession(seed=5, opponent="never")
    told: list[StealShown] = []
    unsubscribe = s.subscribe(told.append)
    shown = s.flip()
    assert told == [shown] and shown.animate and shown.beats
    for beat in shown.beats:
        assert s.narration[beat.log_end - 1] == beat.sentence
    assert shown.view == s.view()
    unsubscribe()
    s.choose_top()
    assert told == [shown]


def test_the_same_actions_give_the_same_game():
    def play(s: StealSession) -> list[str]:
        for turn in range(300):
            if s.game.is_over:
                break
            play_one_click(s, turn)
        return [s.game.to_json(), *s.narration]

    first = StealSession(seed=44)
    a = play(first)
    first.new_game(44)
    assert play(first) == a
    assert play(StealSession(seed=44)) == a


def test_your_decisions_are_the_engines_legal_actions():
    game = StealWarGame.from_hands([["9S", "2C"], ["KH", "3D"]], [[], ["4C", "9H"]], policies=(None, never_steal))
    s = StealSession(game=game)
    assert s.game.legal_actions() == [s.game.legal_actions()[0], Steal(1)]
    can = s.controls()
    assert can.can_steal and can.flip_word == "play" and s.view().targets == (1,)
    assert "matches the top of Computer's pile (2 cards)" in s.narration[-1]
    s.steal()
    assert "You put 9♠ on Computer's pile and take all 3 cards!" in s.narration
    assert not s.controls().can_steal


def test_choosing_the_top_and_auto_top():
    s = StealSession(game=StealWarGame.from_hands([["KS", "2C"], ["5D", "3D"]], policies=(None, never_steal)))
    s.flip()
    can = s.controls()
    assert can.tops == (Card.parse("KS"), Card.parse("5D")) and not can.can_flip and not can.can_step
    assert s.view().choosing == can.tops
    assert [a for a in s.game.legal_actions() if isinstance(a, ChooseTop)] == [ChooseTop(c) for c in can.tops]
    shown = s.set_auto_top(True)                             # a choice waiting now is made at once
    assert s.game.top(0) == Card.parse("KS") and s.game.to_act is None
    assert shown.beats[0].event.kind == "top"


def test_a_refused_click_is_said_and_changes_nothing():
    s = StealSession(game=StealWarGame.from_hands([["KS", "2C"], ["5D", "3D"]], policies=(None, never_steal)))
    s.flip()
    before = s.game.to_json()
    assert s.attempt(s.flip) is None
    assert s.narration[-1] == "Not now: Choose your top card first."
    assert s.attempt(s.steal) is None and s.narration[-1].startswith("Not now: you cannot steal now")
    assert s.game.to_json() == before
    ja = StealSession(game=StealWarGame.from_hands([["KS", "2C"], ["5D", "3D"]], policies=(None, never_steal)),
                      lang="ja")
    ja.attempt(ja.choose_top, "KS")
    assert ja.narration[-1].startswith("今はできません。") and "Not now" not in ja.narration[-1]


def test_a_finished_game_says_so():
    s = StealSession(seed=9, auto_top=True, opponent="always")
    for _ in range(3000):
        if s.game.is_over:
            break
        s.steal() if s.controls().can_steal else s.flip()
    assert s.game.is_over
    shown = s.flip()
    assert shown.beats == () and s.narration[-1] == "The game is over: press New game to play again."
    assert not s.controls().can_flip and not s.controls().can_step


@pytest.mark.parametrize(("call", "message"), [
    (lambda s: s.steal("1"), "victim must be the seat of the pile to steal"),
    (lambda s: s.steal(True), "victim must be the seat"),
    (lambda s: s.steal(0), "victim must be the seat"),
    (lambda s: s.steal(7), "victim must be the seat"),
    (lambda s: s.set_opponent("sneaky"), "opponent must be one of greedy, always, never"),
    (lambda s: s.set_auto_top("yes"), "auto_top must be True or False"),
    (lambda s: s.new_game(-1), "seed must be a whole number"),
    (lambda s: s.choose_top("KS"), "no top card to choose now"),
])
def test_bad_input_is_a_clear_value_error(call, message):
    s = StealSession(seed=2)
    before = s.game.to_json()
    with pytest.raises(ValueError, match=message):
        call(s)
    assert s.game.to_json() == before


def test_bad_arguments_are_clear_value_errors():
    with pytest.raises(ValueError, match="opponent must be one of greedy, always, never"):
        StealSession(opponent="x")
    with pytest.raises(ValueError, match="lang must be"):
        StealSession(lang="fr")
    with pytest.raises(ValueError, match="game must be a StealWarGame"):
        StealSession(game="steal_war-1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="two players"):
        StealSession(game=StealWarGame(3, seed=1))
    s = StealSession(game=StealWarGame.from_hands([["KS", "2C"], ["5D", "3D"]], policies=(None, never_steal)))
    s.flip()
    with pytest.raises(ValueError, match="card must be a Card, a card code"):
        s.choose_top(42)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="2♣ is not one of the cards you won; choose one of K♠, 5♦"):
        s.choose_top("2C")


def test_the_given_games_computer_policy_is_kept_and_the_opponent_changes_it():
    s = StealSession(game=StealWarGame.from_hands([["9S"], ["4D"]], [["4C"], ["9H"]], policies=(None, always_steal)))
    assert s.game.policies[1] is always_steal
    s.set_opponent("never")
    assert s.game.policies[1] is never_steal and s.opponent == "never"
    assert set(OPPONENTS) == {"greedy", "always", "never"}


def test_the_session_runs_with_no_widget_library():
    """Import and play with ipywidgets, ipycanvas, plotly, anywidget and traitlets made unimportable."""
    code = """
import json, sys
for name in ("ipywidgets", "ipycanvas", "plotly", "anywidget", "traitlets"):
    sys.modules[name] = None
from war_widget.session.steal import StealSession
from war_widget.session.casino import CasinoSession
s = StealSession(seed=3)
for _ in range(400):
    if s.game.is_over:
        break
    s.choose_top() if s.controls().tops else s.flip()
c = CasinoSession(seed=4)
c.chip(10)
while len(c.game.history) < 20:
    c.surrender() if c.game.pending else c.deal()
print(json.dumps([s.game.is_over, sum(s.game.counts), len(c.game.history),
                  sorted(m for m, mod in sys.modules.items() if mod is not None
                         and m.split(".")[0] in ("ipywidgets", "ipycanvas", "plotly", "anywidget", "traitlets"))]))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == [True, 54, 20, []]


# --- Back -------------------------------------------------------------------------------------
def test_back_then_the_same_actions_give_the_same_game():
    s = StealSession(seed=226, opponent="always")
    after = [s.game.to_json()]
    for turn in range(60):
        if s.game.is_over:
            break
        play_one_click(s, turn)
        after.append(s.game.to_json())
    played = len(after) - 1
    assert played >= 20 and len(s.marks) == played
    for k in (1, 3, 7):
        for _ in range(k):
            s.back()
        assert s.game.to_json() == after[played - k]
        assert s.view().counts == s.game.counts and every_card(s.game) == DECK
        for turn in range(played - k, played):
            play_one_click(s, turn)
        assert s.game.to_json() == after[played]
    while s.can_go_back:
        s.back()
    assert s.game.to_json() == after[0] and s.game.round_number == 0
    assert s.narration[-1] == "Back to the deal: You 27, Computer 27."
    shown = s.back()
    assert shown.beats == () and s.narration[-1] == label("nothing_to_undo", "en") and s.game.to_json() == after[0]


def test_back_says_where_it_returns_and_restores_your_decision():
    game = StealWarGame.from_hands([["KS", "9S", "2C", "4H"], ["5D", "3D", "6C", "7C"]], [[], ["4C", "9H"]],
                                   policies=(None, never_steal))
    s = StealSession(game=game)
    s.flip()                                        # K beats 5: your top card to choose
    s.choose_top("KS")
    assert s.controls().can_steal                   # 9S matches the computer's 9H
    before = (s.view(), s.controls())
    s.flip()                                        # play it instead of stealing
    shown = s.back()
    assert shown.restart and (s.view(), s.controls()) == before
    assert s.narration[-2] == "Back to the end of round 1: You 5, Computer 5."
    assert s.narration[-1].startswith("Your next card 9♠ matches the top of Computer's pile")   # asked again
    s.back()
    assert s.controls().tops == (Card.parse("KS"), Card.parse("5D"))
    assert s.narration[-2].startswith("Back into round 1") and "choose which of the 2 cards" in s.narration[-1]


def test_nothing_to_undo_is_said_and_new_game_starts_without_a_past():
    s = StealSession(seed=4)
    shown = s.back()
    assert shown.beats == () and s.narration[-1] == label("nothing_to_undo", "en") and not s.can_go_back
    s.flip()
    assert s.can_go_back
    s.new_game(5)
    assert not s.can_go_back
    before = s.game.to_json()
    s.attempt(s.steal)                              # a refused move leaves no mark
    assert not s.can_go_back and s.game.to_json() == before


def test_back_keeps_a_few_numbers_per_move_even_in_a_long_game():
    s = StealSession(seed=5, opponent="never", auto_top=True)
    moves = 0
    while not s.game.is_over:
        s.flip()
        moves += 1
    assert moves > 1000 and len(s.marks) == moves
    assert all(m.text is None and len(m.check) == 3 for m in s.marks)  # no copy of the game in a mark
    end = s.game.to_json()
    for _ in range(12):                             # each Back replays the game from its deal
        s.back()
    assert len(s.marks) == moves - 12 and not s.game.is_over and every_card(s.game) == DECK
    for _ in range(12):
        s.flip()
    assert s.game.to_json() == end


def test_an_interrupted_move_is_all_or_nothing():
    """The notebook's stop button lands inside a beat: the game is where the move began, and the
    same move then plays the same game as a session never interrupted."""
    plain, s = StealSession(seed=226, opponent="always"), StealSession(seed=226, opponent="always")
    for turn in range(10):
        play_one_click(plain, turn)
        play_one_click(s, turn)
    before = s.game.to_json()
    seen = []

    def stop(event):
        seen.append(event)
        if len(seen) == 3:
            raise KeyboardInterrupt

    unsubscribe = s.game.subscribe(stop)
    with pytest.raises(KeyboardInterrupt):
        play_one_click(s, 10)                       # a flip of four beats (a war)
    unsubscribe()
    assert len(seen) == 3 and s.game.to_json() == before and every_card(s.game) == DECK
    assert s.narration[-1].startswith("Interrupted in the middle of a move: back to the last good position")
    for turn in range(10, 40):
        play_one_click(plain, turn)
        play_one_click(s, turn)
    assert s.game.to_json() == plain.game.to_json()


def test_a_version_1_save_is_refused_naming_its_deal():
    """Version-1 Steal War saves (field dumps, no decisions) are refused (issue 28): the session
    never holds a game without a history for Back to cut."""
    game = StealWarGame(2, 33)
    game.policies = (greedy, greedy)
    for _ in range(40):
        game.step()
    with pytest.raises(ValueError, match=r"version 1 .*StealWarGame\(2, seed=33\)"):
        StealSession(game=StealWarGame.from_json(_dumps_v1(game), (None, greedy)))


class StealMachine(RuleBasedStateMachine):
    """Any order of clicks: the cards are kept, the controls are the engine's legal actions, and
    what the last update showed is the table now."""

    def __init__(self) -> None:
        super().__init__()
        self.s = StealSession(seed=17)
        self.last: StealShown | None = None
        self.s.subscribe(self._told)

    def _told(self, shown: StealShown) -> None:
        self.last = shown

    @rule()
    def flip(self) -> None:
        self.s.attempt(self.s.flip)

    @rule()
    def steal(self) -> None:
        self.s.attempt(self.s.steal)

    @rule(which=st.integers(0, 8))
    def choose(self, which: int) -> None:
        tops = self.s.controls().tops
        self.s.attempt(self.s.choose_top, tops[which % len(tops)] if tops and which < 8 else None)

    @rule()
    def step(self) -> None:
        self.s.attempt(self.s.step)

    @rule()
    def back(self) -> None:
        self.s.back()

    @rule(seed=st.integers(0, 50))
    def new_game(self, seed: int) -> None:
        self.s.new_game(seed)

    @rule(opponent=st.sampled_from(OPPONENTS))
    def opponent(self, opponent: str) -> None:
        self.s.set_opponent(opponent)

    @rule(on=st.booleans())
    def auto_top(self, on: bool) -> None:
        self.s.set_auto_top(on)

    @invariant()
    def cards_kept_and_controls_follow_the_engine(self) -> None:
        game = self.s.game
        assert every_card(game) == DECK
        legal = game.legal_actions() if game.to_act == 0 else []
        can = self.s.controls()
        assert can.can_steal == any(isinstance(a, Steal) for a in legal)
        assert can.tops == tuple(a.card for a in legal if isinstance(a, ChooseTop))
        assert not (self.s.auto_top and can.tops)           # auto top never leaves a choice waiting
        if self.last is not None:
            assert self.last.view == self.s.view()


StealMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=30, deadline=None)
test_steal_state_machine = StealMachine.TestCase


def test_the_docstring_example_runs():
    import doctest

    import war_widget.session.steal as module
    result = doctest.testmod(module)
    assert result.attempted >= 3 and result.failed == 0
