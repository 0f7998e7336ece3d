"""Casino War engine: payouts on scripted shoes, errors, sessions and exact odds.

The exact house edges are checked against a vectorised numpy Monte Carlo that
deals every card of a hand (burns included) from a fresh shoe, so it also
tests the argument that unseen burn cards do not change the odds.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from war_widget.variants.casino import (
    CasinoWar,
    Outcome,
    SplitMix64,
    expected_loss_given_tie,
    house_edge,
    house_edge_percent,
    odds_table,
    parse_rank,
    rank_name,
    tie_bet_edge,
    tie_bet_edge_percent,
    tie_probability,
    war_odds,
)

BURNS = ["2", "3", "4"]


def reference_net(cards: tuple[int, ...], bet: int, tie_stake: int, tie_bonus: bool) -> float:
    """Payout written out independently of the engine, from the hand's cards."""
    player, dealer = cards[:2]
    tie_net = (10 * tie_stake if player == dealer else -tie_stake) if tie_stake else 0
    if player != dealer:
        return tie_net + (bet if player > dealer else -bet)
    if len(cards) == 2:  # surrendered
        return tie_net - bet / 2
    wp, wd = cards[5], cards[6]
    if wp > wd:
        return tie_net + bet
    if wp < wd:
        return tie_net - 2 * bet
    return tie_net + (2 * bet if tie_bonus else bet)


# ------------------------------------------------------------ payout paths


@pytest.mark.parametrize(
    "shoe, choice, bonus, outcome, net",
    [
        (["K", "7"], "war", False, Outcome.WIN, 10),
        (["4", "J"], "war", False, Outcome.LOSE, -10),
        (["A", "K"], "war", False, Outcome.WIN, 10),  # ace high
        (["2", "A"], "war", False, Outcome.LOSE, -10),
        (["9", "9"], "surrender", False, Outcome.SURRENDER, -5),
        (["9", "9", *BURNS, "Q", "J"], "war", False, Outcome.WAR_WIN, 10),
        (["9", "9", *BURNS, "5", "J"], "war", False, Outcome.WAR_LOSE, -20),
        (["9", "9", *BURNS, "7", "7"], "war", False, Outcome.WAR_TIE, 10),
        (["9", "9", *BURNS, "7", "7"], "war", True, Outcome.WAR_TIE_BONUS, 20),
        (["9", "9", *BURNS, "5", "J"], "war", True, Outcome.WAR_LOSE, -20),
    ],
)
def test_payout_paths(shoe, choice, bonus, outcome, net):
    table = CasinoWar.from_shoe(shoe, tie_bonus=bonus, bankroll=100)
    hand = table.play_hand(10, choice=choice)
    assert hand.outcome == outcome and hand.outcome == outcome.value
    assert hand.net == net
    assert table.bankroll == hand.bankroll == 100 + net
    assert table.bankroll_history == [100, 100 + net]
    assert table.history == [hand]
    assert hand.cards == tuple(parse_rank(c) for c in shoe)


def test_war_records_burns_and_war_cards():
    table = CasinoWar.from_shoe(["9", "9", "2", "3", "4", "Q", "J"])
    table.bet(10)
    pending = table.deal()
    assert pending.outcome is Outcome.TIE and pending.is_pending and table.pending == pending
    assert table.history == [] and table.bankroll_history == [1000]
    hand = table.go_to_war()
    assert (hand.burns, hand.war_player, hand.war_dealer) == ((2, 3, 4), 12, 11)
    assert hand.went_to_war and not hand.is_pending and table.pending is None
    assert "war" in hand.describe() and "Q vs dealer J" in hand.describe()


def test_surrender_of_odd_bet_costs_half_a_chip():
    table = CasinoWar.from_shoe(["5", "5"])
    assert table.play_hand(5, choice="surrender").net == -2.5
    assert table.bankroll == 997.5


@pytest.mark.parametrize(
    "shoe, choice, net, tie_net",
    [
        (["8", "8"], "surrender", 50 - 5, 50),  # tie bet 5 wins 10:1
        (["8", "8", *BURNS, "K", "3"], "war", 50 + 10, 50),
        (["8", "8", *BURNS, "3", "K"], "war", 50 - 20, 50),
        (["K", "7"], "war", 10 - 5, -5),  # tie bet lost, main bet won
        (["7", "K"], "war", -10 - 5, -5),
    ],
)
def test_tie_bet(shoe, choice, net, tie_net):
    table = CasinoWar.from_shoe(shoe)
    hand = table.play_hand(10, choice=choice, tie_bet=5)
    assert (hand.net, hand.tie_bet_net, hand.tie_bet) == (net, tie_net, 5)
    assert table.bankroll == 1000 + net


def test_tie_bet_is_settled_at_the_deal():
    table = CasinoWar.from_shoe(["8", "8", *BURNS, "K", "3"])
    table.bet(10, tie_bet=5)
    assert table.deal().net == 50 and table.bankroll == 1050
    assert table.go_to_war().net == 60 and table.bankroll == 1060


def test_table_tie_bet_setting_matches_main_bet():
    table = CasinoWar.from_shoe(["8", "8", "K", "7"], tie_bet=True)
    assert table.play_hand(10, "surrender").net == 100 - 5
    assert table.play_hand(10, tie_bet=0).net == 10  # explicit amount overrides the setting


def test_legal_actions_follow_the_hand():
    table = CasinoWar.from_shoe(["9", "9", *BURNS, "Q", "J"])
    assert table.legal_actions() == ["bet"]
    table.bet(10)
    assert table.legal_actions() == ["bet", "deal"] and table.current_bet == 10
    table.deal()
    assert table.legal_actions() == ["war", "surrender"]
    table.go_to_war()
    assert table.legal_actions() == ["bet"] and table.current_bet == 0


def test_war_needs_money_for_the_raise():
    table = CasinoWar.from_shoe(["9", "9", "9", "9"], bankroll=15)
    table.bet(10)
    table.deal()
    assert table.legal_actions() == ["surrender"]
    with pytest.raises(ValueError, match=r"going to war risks 20 but the bankroll is 15; only surrender"):
        table.go_to_war()
    assert table.surrender().net == -5
    # play_hand falls back to the only legal move
    assert table.play_hand(10, choice="war").outcome is Outcome.SURRENDER


def test_broke_table_allows_nothing():
    table = CasinoWar.from_shoe(["2", "K"], bankroll=10)
    table.play_hand(10)
    assert table.bankroll == 0 and table.legal_actions() == []
    assert table.play_hands(5, 10) == []


# ------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "amount, message",
    [
        (0, r"bet must be positive \(1 or more\), got 0"),
        (-5, r"bet must be positive \(1 or more\), got -5"),
        (2.5, r"bet must be a whole number of chips, got 2.5"),
        (True, r"bet must be a whole number of chips, got True"),
        ("10", r"bet must be a whole number of chips, got '10'"),
        (1001, r"bet of 1001 is more than the bankroll of 1000; bets may total at most 1000"),
    ],
)
def test_bad_bets(amount, message):
    with pytest.raises(ValueError, match=message):
        CasinoWar(seed=1).bet(amount)


def test_bad_tie_bets():
    table = CasinoWar(seed=1, bankroll=100)
    with pytest.raises(ValueError, match=r"tie bet must be zero or more, got -1"):
        table.bet(10, tie_bet=-1)
    with pytest.raises(ValueError, match=r"bet of 90 \+ tie bet 20 is more than the bankroll of 100"):
        table.bet(90, tie_bet=20)
    with pytest.raises(ValueError, match=r"bet of 60 \+ tie bet 60 is more than the bankroll"):
        CasinoWar(seed=1, bankroll=100, tie_bet=True).bet(60)


@pytest.mark.parametrize(
    "decks, message",
    [
        (0, r"decks must be from 1 to 8 \(6 is the casino standard\), got 0"),
        (9, r"decks must be from 1 to 8 \(6 is the casino standard\), got 9"),
        (6.0, r"decks must be a whole number from 1 to 8, got 6.0"),
        ("6", r"decks must be a whole number from 1 to 8, got '6'"),
        (True, r"decks must be a whole number from 1 to 8, got True"),
    ],
)
def test_bad_decks(decks, message):
    with pytest.raises(ValueError, match=message):
        CasinoWar(decks=decks)
    with pytest.raises(ValueError, match=message):
        house_edge(decks)
    with pytest.raises(ValueError, match=message):
        tie_bet_edge(decks)


def test_bad_session_settings():
    with pytest.raises(ValueError, match=r"bankroll must be a number of chips from 1 to .*; got 0"):
        CasinoWar(bankroll=0)
    with pytest.raises(ValueError, match=r"seed must be an int or None, got 'x'"):
        CasinoWar(seed="x")
    with pytest.raises(ValueError, match=r"card 'X' is not a rank: use 2..14"):
        CasinoWar.from_shoe(["K", "X"])
    with pytest.raises(ValueError, match=r"card 15 is not a rank"):
        CasinoWar.from_shoe([15])


def test_actions_at_the_wrong_time():
    table = CasinoWar.from_shoe(["9", "9", *BURNS, "Q", "J"])
    with pytest.raises(ValueError, match=r"no bet placed: call bet\(amount\) before deal\(\)"):
        table.deal()
    with pytest.raises(ValueError, match=r"no tie is pending: go_to_war\(\) is only allowed after a deal that ties; "
                                         r"legal actions now: \['bet'\]"):
        table.go_to_war()
    with pytest.raises(ValueError, match=r"no tie is pending: surrender\(\) is only allowed"):
        table.surrender()
    with pytest.raises(ValueError, match=r"choice must be 'war' or 'surrender', got 'run'"):
        table.play_hand(10, choice="run")
    table.bet(10)
    table.deal()
    with pytest.raises(ValueError, match=r"a tie is pending: call go_to_war\(\) or surrender\(\), not deal\(\)"):
        table.deal()
    with pytest.raises(ValueError, match=r"a tie is pending: choose go_to_war\(\) or surrender\(\) before betting"):
        table.bet(5)
    with pytest.raises(ValueError, match=r"a tie is pending"):
        table.clear_bet()
    assert table.go_to_war().outcome is Outcome.WAR_WIN


def test_scripted_shoe_running_out_changes_nothing():
    table = CasinoWar.from_shoe(["9", "9", "2"])
    table.bet(10)
    table.deal()
    with pytest.raises(ValueError, match=r"the scripted shoe has 1 cards left but 5 are needed"):
        table.go_to_war()
    assert table.legal_actions() == ["war", "surrender"] and table.bankroll == 1000
    assert table.surrender().net == -5


def test_clear_bet():
    table = CasinoWar(seed=3)
    table.bet(25, tie_bet=5)
    table.clear_bet()
    assert (table.current_bet, table.current_tie_bet, table.legal_actions()) == (0, 0, ["bet"])


# --------------------------------------------------------------- sessions


def test_bankroll_history_is_the_running_sum_of_nets():
    table = CasinoWar(decks=2, seed=7, tie_bet=True, bankroll=5000)
    hands = table.play_hands(400, 5)
    assert len(hands) == 400 and len(table.bankroll_history) == 401
    assert table.bankroll_history[0] == 5000
    running = [5000.0]
    for hand in hands:
        running.append(running[-1] + hand.net)
    assert table.bankroll_history == running
    assert [h.bankroll for h in hands] == table.bankroll_history[1:]
    assert [h.number for h in hands] == list(range(1, 401))


def test_engine_pays_what_the_rules_say_on_random_shoes():
    for bonus in (False, True):
        for choice in ("war", "surrender"):
            table = CasinoWar(decks=1, seed=11, tie_bonus=bonus, bankroll=10**9)
            for hand in table.play_hands(3000, 10, choice, tie_bet=2):
                assert len(hand.cards) == (7 if hand.went_to_war else 2)
                assert hand.net == reference_net(hand.cards, 10, 2, bonus)


def test_same_seed_same_session_and_repr_replays():
    a, b = CasinoWar(seed=42), CasinoWar(seed=42)
    assert a.play_hands(500, 10) == b.play_hands(500, 10)
    assert a.bankroll_history == b.bankroll_history
    assert CasinoWar(seed=43).play_hands(500, 10) != CasinoWar(seed=42).play_hands(500, 10)
    fresh = CasinoWar()  # seed=None draws a seed, kept so the session can be replayed
    assert isinstance(fresh.seed, int) and 0 <= fresh.seed < 2**63
    replay = eval(repr(fresh))
    assert fresh.play_hands(200, 1) == replay.play_hands(200, 1)


def test_repr_of_scripted_shoe_rebuilds_it():
    table = CasinoWar.from_shoe(["10", "K", 14], tie_bet=True, bankroll=50)
    assert repr(table) == "CasinoWar.from_shoe(['10', 'K', 'A'], tie_bet=True, tie_bonus=False, bankroll=50)"
    assert repr(eval(repr(table))) == repr(table)
    assert repr(Outcome.WAR_WIN) == "Outcome.WAR_WIN" and str(Outcome.WAR_WIN) == "war_win"


@pytest.mark.parametrize("decks", [1, 8])
def test_shoe_holds_every_card_and_reshuffles_below_a_quarter(decks):
    table = CasinoWar(decks=decks, seed=5, bankroll=10**9)
    assert sorted(table._shoe) == sorted(list(range(2, 15)) * 4 * decks)
    assert table.cards_left == 52 * decks and table.shuffles == 1
    for _ in range(300 * decks):
        before, shuffles = table.cards_left, table.shuffles
        table.play_hand(1)
        reshuffled = table.shuffles == shuffles + 1
        assert reshuffled == (before < 13 * decks)
        assert table.cards_left >= 13 * decks - 7
    assert table.shuffles > 1


def test_splitmix64_reference_values():
    # Published outputs of Vigna's splitmix64.c
    assert SplitMix64(0).next64() == 0xE220A8397B1DCDAF
    rng = SplitMix64(1234567)
    assert [rng.next64() for _ in range(3)] == [6457827717110365317, 3203168211198807973, 9817491932198370423]
    rng = SplitMix64(9)
    draws = [rng.below(6) for _ in range(6000)]
    assert set(draws) == set(range(6)) and all(800 < draws.count(k) < 1200 for k in range(6))
    items = list(range(52))
    rng.shuffle(items)
    assert sorted(items) == list(range(52)) and items != list(range(52))
    with pytest.raises(ValueError, match="below"):
        rng.below(0)


def test_rank_names():
    assert [parse_rank(c) for c in ["2", "10", "t", "j", "Q", " K ", "A", 7]] == [2, 10, 10, 11, 12, 13, 14, 7]
    assert [rank_name(r) for r in (2, 10, 11, 12, 13, 14)] == ["2", "10", "J", "Q", "K", "A"]


@settings(max_examples=60, deadline=None)
@given(cards=st.lists(st.integers(2, 14), min_size=2, max_size=60),
       choice=st.sampled_from(["war", "surrender"]), bonus=st.booleans())
def test_any_scripted_shoe_pays_by_the_rules(cards, choice, bonus):
    table = CasinoWar.from_shoe(cards, tie_bonus=bonus, bankroll=10**6)
    while table.cards_left >= 7:
        hand = table.play_hand(4, choice, tie_bet=1)
        assert hand.net == reference_net(hand.cards, 4, 1, bonus)
    assert sum(h.net for h in table.history) == table.bankroll - 10**6
    assert [c for h in table.history for c in h.cards] == cards[:len(cards) - table.cards_left]


# ------------------------------------------------------------- exact odds


def test_exact_figures():
    assert house_edge(1, "war") == Fraction(503, 20825)
    assert house_edge(6, "war") == Fraction(142853, 4965115)
    assert house_edge(1, "surrender") == Fraction(1, 34)
    assert house_edge(6, "surrender") == Fraction(23, 622)
    assert tie_bet_edge(6) == Fraction(58, 311)
    assert tie_bet_edge(1) == Fraction(6, 17)
    # the published figures for the six-deck game
    assert round(house_edge_percent(6, "war"), 2) == 2.88
    assert round(house_edge_percent(6, "surrender"), 2) == 3.70
    assert round(tie_bet_edge_percent(6), 2) == 18.65
    assert round(house_edge_percent(6, "war", tie_bonus=True), 2) == 2.33


@pytest.mark.parametrize("decks", range(1, 9))
def test_odds_identities(decks):
    n, m = 52 * decks, 4 * decks
    assert tie_probability(decks) == Fraction(m - 1, n - 1)
    win, tie, lose = war_odds(decks)
    assert win == lose and win + tie + lose == 1
    # after the tied pair the tied rank has m - 2 cards, the other twelve m each
    assert tie == Fraction((m - 2) * (m - 3) + 12 * m * (m - 1), (n - 2) * (n - 3))
    assert expected_loss_given_tie(decks, "war") == 3 * lose - 1
    assert expected_loss_given_tie(decks, "surrender") == Fraction(1, 2)
    assert house_edge(decks, "war") < house_edge(decks, "surrender")
    assert house_edge(decks, "war", tie_bonus=True) == house_edge(decks, "war") - tie_probability(decks) * tie
    assert tie_bet_edge(decks, pays=10) == 1 - 11 * tie_probability(decks)


def test_odds_table_rows():
    rows = odds_table()
    assert [r.decks for r in rows] == [1, 2, 4, 6, 8]
    six = rows[3]
    assert (six.war, six.surrender, six.tie_bet) == (house_edge(6), house_edge(6, "surrender"), tie_bet_edge(6))
    assert six.percents() == pytest.approx({"war": 2.8771, "surrender": 3.6977, "tie_bet": 18.6495}, abs=1e-4)
    # more decks: ties are likelier, so every edge but the tie bet's grows
    assert [r.war for r in rows] == sorted(r.war for r in rows)
    with pytest.raises(ValueError, match=r"choice must be 'war' or 'surrender', got 'fold'"):
        house_edge(6, "fold")


# ------------------------------------------------------------- Monte Carlo

HANDS = 2_000_000


def _simulate(decks: int, hands: int, seed: int) -> dict[str, np.ndarray]:
    """Net per original bet of each hand, every card drawn from a fresh shoe of `decks` decks."""
    rng = np.random.default_rng(seed)
    m, n = 4 * decks, 52 * decks
    player = rng.integers(0, 13, hands)  # every rank has m cards, so the first card's rank is uniform
    j = rng.integers(0, n - 1, hands)  # the dealer's card among the n - 1 left
    tie = j < m - 1  # the first m - 1 of them share the player's rank
    other = (j - (m - 1)) // m  # else one of the other 12 ranks, m cards each
    dealer = np.where(tie, player, other + (other >= player))
    first = np.sign(player - dealer).astype(float)

    # Tied hands: deal 3 burns and the war pair one card at a time from what is left.
    k = int(tie.sum())
    counts = np.full((k, 13), m, dtype=np.int32)
    rows = np.arange(k)
    counts[rows, player[tie]] -= 2
    drawn = []
    for _ in range(5):
        left = counts.sum(axis=1)
        u = rng.integers(0, left)
        rank = (counts.cumsum(axis=1) <= u[:, None]).sum(axis=1)
        counts[rows, rank] -= 1
        drawn.append(rank)
    wp, wd = drawn[3], drawn[4]
    war = np.where(wp > wd, 1.0, np.where(wp < wd, -2.0, 1.0))
    war_bonus = np.where(wp == wd, 2.0, war)

    def with_ties(values) -> np.ndarray:
        out = first.copy()
        out[tie] = values
        return out

    return {
        "war": with_ties(war),
        "war_bonus": with_ties(war_bonus),
        "surrender": with_ties(-0.5),
        "tie_bet": np.where(tie, 10.0, -1.0),
    }


@pytest.mark.parametrize("decks", [1, 6])
def test_exact_edges_match_two_million_simulated_hands(decks):
    nets = _simulate(decks, HANDS, seed=2024 + decks)
    exact = {
        "war": house_edge(decks, "war"),
        "war_bonus": house_edge(decks, "war", tie_bonus=True),
        "surrender": house_edge(decks, "surrender"),
        "tie_bet": tie_bet_edge(decks),
    }
    for key, net in nets.items():
        assert net.size == HANDS
        edge = -net.mean()
        se = net.std(ddof=1) / math.sqrt(HANDS)
        assert abs(edge - float(exact[key])) < 3 * se, (key, edge, float(exact[key]), se)


def test_engine_imports_no_widget_library():
    import subprocess
    import sys

    code = ("import sys, war_widget.variants.casino; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'ipycanvas', 'plotly')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
