"""The Casino War session with no widget and no browser: the chips and the shoe's cards are kept
over many hands and sessions in a row, what it shows agrees with the engine at every beat, the
same seed and actions give the same hands, a refused click is said and changes nothing, bad
input is a clear ValueError."""
from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from war_widget.session.casino import CHIPS, CasinoSession, CasinoShown
from war_widget.variants.casino import CasinoWar, Outcome, rank_name


def sign(a: int, b: int) -> str:
    return ">" if a > b else "<" if a < b else "="


def check_beat(s: CasinoSession, shown: CasinoShown) -> None:
    """The update agrees with the engine now; a finished hand is the engine's last hand."""
    g = s.game
    assert shown.view == s.view()
    for beat in shown.beats:
        hand = beat.hand
        assert s.narration[beat.log_end - 1] == beat.sentence
        assert beat.view.hand == hand
        first = f"{rank_name(hand.player)} {sign(hand.player, hand.dealer)} {rank_name(hand.dealer)}"
        assert beat.view.comparisons[0] == first                    # the engine's outcome, checked by ranks
        if hand.went_to_war:
            assert hand.war_player is not None and hand.war_dealer is not None
            war = f"{rank_name(hand.war_player)} {sign(hand.war_player, hand.war_dealer)} {rank_name(hand.war_dealer)}"
            assert beat.view.comparisons[1] == war and len(hand.burns) == 3
        if hand.is_pending:
            assert beat.point is None and g.pending == hand
        else:
            assert g.history[-1] == hand and beat.point is not None
            assert (beat.point.hand, beat.point.bankroll) == (hand.number, g.bankroll_history[hand.number])
            assert beat.point.tie == (hand.player == hand.dealer)
            assert beat.view.tone == ("good" if hand.net > 0 else "bad")
    legal = g.legal_actions()
    can = s.controls()
    assert (can.can_deal, can.can_war, can.can_surrender) == ("deal" in legal, "war" in legal, "surrender" in legal)
    assert can.tie_locked == (g.pending is not None)
    assert f"${g.current_bet}" in shown.view.bet_line and f"Hands: {len(g.history)}" in shown.view.bet_line


def test_chips_and_cards_are_kept_over_many_hands_and_sessions():
    s = CasinoSession(decks=1, bankroll=5000, seed=3)
    told: list[CasinoShown] = []
    s.subscribe(told.append)
    sessions = 0
    for seed in (3, 4, 5):
        s.new_session(seed)
        assert s.game.bankroll == 5000 and s.points == [] and told[-1].restart
        s.chip(25)
        s.chip(5)
        left, shuffles, ties = s.game.cards_left, s.game.shuffles, 0
        while len(s.game.history) < 150:
            shown = s.surrender() if s.game.pending and ties % 3 == 0 else s.war() if s.game.pending else s.deal()
            assert told[-1] is shown
            check_beat(s, shown)
            hand = shown.beats[0].hand
            used = 2 if shown.action == "deal" else 5 if shown.action == "war" else 0
            if s.game.shuffles != shuffles:                     # a fresh shoe before this hand
                shuffles, left = s.game.shuffles, 52
            assert s.game.cards_left == left - used             # every card dealt comes out of the shoe once
            left = s.game.cards_left
            if hand.is_pending:
                ties += 1
        g = s.game
        assert g.bankroll == g.bankroll_history[0] + sum(h.net for h in g.history)   # no chip made or lost
        assert g.bankroll_history == [5000] + [h.bankroll for h in g.history]
        assert [(p.hand, p.bankroll) for p in s.points] == [(h.number, h.bankroll) for h in g.history]
        assert ties > 5
        sessions += 1
    assert sessions == 3


def test_the_same_seed_and_the_same_choices_give_the_same_hands_as_the_engine():
    s = CasinoSession(seed=12, bankroll=10_000)
    s.chip(25)
    ties = 0
    while len(s.game.history) < 60:
        s.deal()
        if s.game.pending is not None:
            ties += 1
            s.war() if ties % 2 else s.surrender()
    engine = CasinoWar(seed=12, bankroll=10_000)
    for hand in s.game.history:
        assert engine.play_hand(25, "surrender" if hand.outcome is Outcome.SURRENDER else "war") == hand
    assert sum(p.tie for p in s.points) == ties


def test_the_bet_stays_on_the_table_and_running_out_is_said():
    s = CasinoSession(game=CasinoWar.from_shoe(["K", "7", "2", "K"], bankroll=10))
    s.chip(10)
    s.deal()
    assert s.game.current_bet == 10 and s.controls().can_deal
    s.deal()
    assert s.game.bankroll == 10 and s.game.current_bet == 10
    s2 = CasinoSession(game=CasinoWar.from_shoe(["2", "K"], bankroll=10))
    s2.chip(10)
    s2.deal()
    assert s2.game.bankroll == 0 and s2.narration[-1] == "You are out of chips. Press New session to play again."
    can = s2.controls()
    assert not any(ok for _, ok in can.chips) and not can.can_deal
    s2.new_session()
    assert s2.game.bankroll == 10 and s2.game.history == [] and all(ok for _, ok in s2.controls().chips[:2])


def test_the_tie_bet_follows_the_bet_and_a_pending_tie_locks_it():
    s = CasinoSession(game=CasinoWar.from_shoe(["8", "8", "K", "7"]))
    s.chip(10)
    s.set_tie_bet(True)
    assert s.game.current_tie_bet == 10 and "tie bet $10" in s.view().bet_line
    assert dict(s.controls().chips)[100] is False or s.game.bankroll >= 220
    s.deal()
    assert s.game.bankroll == 1100 and s.controls().tie_locked
    with pytest.raises(ValueError, match="a tie is pending"):
        s.set_tie_bet(False)
    s.surrender()
    assert s.game.bankroll == 1095 and not s.controls().tie_locked


@pytest.mark.parametrize("tie_bet", [False, True])
def test_the_chips_offered_are_the_bets_the_engine_accepts(tie_bet):
    """``CasinoWar.can_bet`` is ``bet()`` without placing: the session enables a chip by it."""
    for amount in (1, 5, 49, 50, 51, 99, 100, 101, 200):
        table = CasinoWar.from_shoe(["9", "9", "2", "3", "4", "5", "6"], bankroll=100, tie_bet=tie_bet)
        try:
            table.bet(amount)
            accepted = True
        except ValueError:
            accepted = False
        assert CasinoWar.from_shoe(["2"], bankroll=100, tie_bet=tie_bet).can_bet(amount) is accepted, amount
    s = CasinoSession(game=CasinoWar.from_shoe(["9", "9", "2", "3", "4", "5", "6"], bankroll=100, tie_bet=tie_bet))
    assert dict(s.controls().chips) == {5: True, 10: True, 25: True, 100: not tie_bet}
    s.chip(25)
    assert dict(s.controls().chips) == {5: True, 10: True, 25: True, 100: False}   # 50 (+ 50) of 100
    s.deal()                                            # a tie is pending: no bet may change
    assert not any(ok for _, ok in s.controls().chips) and not s.game.can_bet(5)


def test_a_refused_click_is_said_and_changes_nothing():
    s = CasinoSession(seed=3)
    before = (s.game.bankroll, s.game.cards_left, s.game.current_bet)
    assert s.attempt(s.war) is None and s.narration[-1].startswith("Not now: no tie is pending")
    assert s.attempt(s.deal) is None and s.narration[-1].startswith("Not now: no bet placed")
    assert (s.game.bankroll, s.game.cards_left, s.game.current_bet) == before
    ja = CasinoSession(seed=3, lang="ja")
    ja.attempt(ja.deal)
    assert ja.narration[-1] == "今はできません。まだ賭けていません。チップで賭けてから「配る」を押してください。"


@pytest.mark.parametrize(("call", "message"), [
    (lambda s: s.chip(-5), "a chip must be positive"),
    (lambda s: s.chip(True), "a chip must be a whole number of chips"),
    (lambda s: s.chip(2.5), "a chip must be a whole number of chips"),
    (lambda s: s.chip(5000), "more than the bankroll of 1000"),
    (lambda s: s.set_tie_bet("yes"), "the tie bet \\(on\\) must be True or False"),
    (lambda s: s.war(), "no tie is pending"),
    (lambda s: s.surrender(), "no tie is pending"),
    (lambda s: s.deal(), "no bet placed"),
    (lambda s: s.new_session("x"), "seed must be an int or None"),
])
def test_bad_input_is_a_clear_value_error(call, message):
    s = CasinoSession(seed=1)
    before = (s.game.bankroll, s.game.current_bet, s.game.tie_bet, len(s.narration))
    with pytest.raises(ValueError, match=message):
        call(s)
    assert (s.game.bankroll, s.game.current_bet, s.game.tie_bet, len(s.narration)) == before


def test_bad_arguments_are_clear_value_errors():
    with pytest.raises(ValueError, match="decks must be from 1 to 8"):
        CasinoSession(decks=10)
    with pytest.raises(ValueError, match="lang must be"):
        CasinoSession(lang="fr")
    with pytest.raises(ValueError, match="game must be a CasinoWar"):
        CasinoSession(game="casino")  # type: ignore[arg-type]


class CasinoMachine(RuleBasedStateMachine):
    """Any order of clicks: no chip made or lost, the controls are the engine's legal actions, the
    last update showed the table as it is."""

    def __init__(self) -> None:
        super().__init__()
        self.s = CasinoSession(decks=1, bankroll=300, seed=8)
        self.last: CasinoShown | None = None
        self.s.subscribe(self._told)

    def _told(self, shown: CasinoShown) -> None:
        self.last = shown

    @rule(amount=st.sampled_from(CHIPS))
    def chip(self, amount: int) -> None:
        self.s.attempt(self.s.chip, amount)

    @rule()
    def clear(self) -> None:
        self.s.attempt(self.s.clear_bet)

    @rule()
    def deal(self) -> None:
        self.s.attempt(self.s.deal)

    @rule()
    def war(self) -> None:
        self.s.attempt(self.s.war)

    @rule()
    def surrender(self) -> None:
        self.s.attempt(self.s.surrender)

    @rule(on=st.booleans())
    def tie_bet(self, on: bool) -> None:
        self.s.attempt(self.s.set_tie_bet, on)

    @rule()
    def new_session(self) -> None:
        self.s.new_session(8)

    @invariant()
    def chips_kept_and_controls_follow_the_engine(self) -> None:
        g = self.s.game
        pending = g.pending.net if g.pending is not None else 0          # a tie bet is paid at the deal
        assert g.bankroll == g.bankroll_history[0] + sum(h.net for h in g.history) + pending
        legal = g.legal_actions()
        can = self.s.controls()
        assert (can.can_deal, can.can_war, can.can_surrender) == ("deal" in legal, "war" in legal, "surrender" in legal)
        factor = 2 if g.tie_bet else 1
        assert dict(can.chips) == {a: "bet" in legal and (g.current_bet + a) * factor <= g.bankroll for a in CHIPS}
        assert len(self.s.points) == len(g.history)
        if self.last is not None:
            assert self.last.view == self.s.view()


CasinoMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=30, deadline=None)
test_casino_state_machine = CasinoMachine.TestCase


def test_the_docstring_example_runs():
    import doctest

    import war_widget.session.casino as module
    result = doctest.testmod(module)
    assert result.attempted >= 4 and result.failed == 0
