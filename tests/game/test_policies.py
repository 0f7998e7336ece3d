"""Gather orders and the strong computer: what the orders do, and the stated strength figures."""
from __future__ import annotations

import math
import re

import numpy as np
import pytest

from war_widget import Card, Game, Rules
from war_widget.game import policies
from war_widget.game.policies import (
    STRONG_FIGURES,
    STRONG_GAMES,
    STRONG_SEED,
    named_order,
    strength_index,
    strong_keys,
    strong_order,
)
from war_widget.sim.policy_study import PolicyFigure, measure_policy


def _cards(*codes: str) -> list[Card]:
    return [Card.parse(c) for c in codes]


def _codes(cards) -> list[str]:
    return [c.code for c in cards]


def test_named_orders():
    rules = Rules.preset("pagat")
    table = _cards("9S", "9H", "2D", "KC", "3S", "QH")      # a war: down, up for each player
    assert _codes(named_order("played", table, rules)) == ["9S", "9H", "2D", "KC", "3S", "QH"]
    assert _codes(named_order("high_first", table, rules)) == ["KC", "QH", "9S", "9H", "3S", "2D"]
    assert _codes(named_order("low_first", table, rules)) == ["2D", "3S", "9S", "9H", "QH", "KC"]
    with pytest.raises(ValueError, match="unknown gather order"):
        named_order("sideways", table, rules)


def test_strong_returns_the_highest_first_under_each_rank_order():
    table = _cards("AS", "5H", "2D", "KC")
    assert _codes(strong_order(table, Rules.preset("kids"))) == ["AS", "KC", "5H", "2D"]
    assert _codes(strong_order(table, Rules.preset("kids").replace(rank_order="ace_low"))) == ["KC", "5H", "2D", "AS"]
    assert _codes(strong_order(table, Rules.preset("kids").replace(rank_order="two_high"))) == ["2D", "AS", "KC", "5H"]
    assert _codes(strong_order(_cards("7S", "7H"), Rules.preset("kids"))) == ["7S", "7H"]   # ties keep played order
    assert strong_order(_cards("7S"), Rules.preset("kids")) == _cards("7S")


def test_strong_order_and_the_batch_keys_agree_on_random_tables():
    rules = Rules.preset("three_down").replace(jokers=2)
    deck = rules.deck_cards
    rng = np.random.default_rng(3)
    for _ in range(200):
        size = int(rng.integers(2, 20))
        table = [deck[i] for i in rng.choice(len(deck), size, replace=False)]
        s = np.array([strength_index(table, rules)])
        keys = strong_keys(s, np.array([size]))[0]
        by_keys = [table[i] for i in np.argsort(keys, kind="stable")]
        assert strong_order(table, rules) == by_keys == named_order("high_first", table, rules)


def test_the_engine_uses_the_strong_order():
    game = Game.from_hands(Rules.preset("kids").replace(gather="strong"), [["4S", "QD"], ["KH", "2C"]])
    game.play_round()                                    # K beats 4: player 2 puts K, then 4, under
    assert _codes(game.hands[1]) == ["2C", "KH", "4S"]


def test_measuring_lives_in_the_simulator_not_in_the_game():
    # the measuring plays the simulator, so it lives above it (war_widget.sim.policy_study) and the
    # game module does not hand it out
    assert measure_policy.__module__ == "war_widget.sim.policy_study"
    for name in ("measure_policy", "PolicyFigure", "simulate"):
        assert not hasattr(policies, name), name


def test_measure_policy_plays_half_the_games_in_each_seat():
    figure = measure_policy("kids", "low_first", "shuffle", games=400, seed=5)
    assert isinstance(figure, PolicyFigure) and figure.games == 400
    assert 0 <= figure.wins <= 400 and figure.draws == 0
    low, high = figure.interval
    assert low < figure.rate < high
    assert "kids: low_first against shuffle wins" in str(figure)
    with pytest.raises(ValueError, match="even"):
        measure_policy("kids", games=401)


def test_the_docstring_table_states_the_recorded_figures():
    rows = re.findall(r"^(\w+)\s+(\d+\.\d+)%\s+\((\d+\.\d+)% to (\d+\.\d+)%\)$", policies.__doc__, re.M)
    assert {r[0] for r in rows} == set(STRONG_FIGURES)
    for preset, rate, low, high in rows:
        wins, games = STRONG_FIGURES[preset]
        assert games >= 200_000
        p = wins / games
        half = 1.96 * math.sqrt(p * (1 - p) / games)
        assert (rate, low, high) == (f"{100 * p:.2f}", f"{100 * (p - half):.2f}", f"{100 * (p + half):.2f}")


@pytest.mark.parametrize("preset", sorted(STRONG_FIGURES))
def test_strong_beats_shuffling_as_stated_on_a_fresh_sample(preset):
    """20,000 new games (other seeds) agree with the recorded 200,000-game figure within three
    standard errors of the difference, and the recorded interval lies above one half."""
    wins, games = STRONG_FIGURES[preset]
    stated = wins / games
    assert stated - 1.96 * math.sqrt(stated * (1 - stated) / games) > 0.5
    fresh = measure_policy(preset, games=20_000, seed=STRONG_SEED + 1000)
    se = math.sqrt(stated * (1 - stated) / games + fresh.rate * (1 - fresh.rate) / fresh.games)
    assert abs(fresh.rate - stated) < 3 * se, (preset, fresh.rate, stated)


@pytest.mark.slow
def test_the_recorded_pagat_figure_is_reproduced_exactly():
    figure = measure_policy("pagat", games=STRONG_GAMES, seed=STRONG_SEED)
    assert (figure.wins, figure.games) == STRONG_FIGURES["pagat"]


def test_order_is_irrelevant_when_won_piles_are_shuffled_again():
    """classic: the won pile is shuffled before it is played, so 'strong' cannot help."""
    figure = measure_policy("classic_long", games=20_000, seed=3)
    decided = figure.games - figure.draws
    p = figure.wins / decided
    assert abs(p - 0.5) < 3 * math.sqrt(0.25 / decided)
