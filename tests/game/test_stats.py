"""Per-game statistics from the round history: counts per round, war rounds, wars won, streaks
and leads, checked on the worked example of [000] and on hand-made histories."""
from __future__ import annotations

from test_engine import full_hands

from war_widget import Game, GameStats


def example_game() -> Game:
    you = ["KS", "4H", "9S", "2C", "AH", "8C", "6S", "3S", "2D", "5H"]
    opp = ["7D", "JC", "9H", "4D", "10S", "QH", "6H", "7C", "KC", "3D"]
    game = Game.from_hands("classic", full_hands([you, opp]))
    for _ in range(6):
        game.play_round()
    return game


def test_stats_of_the_worked_example():
    stats = example_game().stats
    assert stats.rounds == 6
    assert stats.count_history == ((26, 26), (27, 25), (26, 26), (29, 23), (28, 24), (25, 27), (26, 26))
    assert stats.war_rounds == (3, 5) and stats.wars == 2 and stats.war_battles == 2
    assert stats.wars_won == (1, 1)                  # round 3 to you, round 5 to the opponent
    assert stats.rounds_won == (3, 3)
    assert stats.longest_streak == (1, 2)            # winners: you, opp, you, opp, opp, you
    assert stats.largest_lead == (6, 2)              # 29-23 for you, 27-25 for the opponent


def test_a_double_war_is_one_war_round_and_two_war_battles():
    history = [(1, 2, (21, 31)), (0, 0, (22, 30))]
    stats = GameStats.from_history(history, (26, 26))
    assert (stats.wars, stats.war_battles, stats.war_rounds, stats.wars_won) == (1, 2, (1,), (0, 1))


def test_a_round_without_a_winner_breaks_a_streak():
    history = [(0, 0, (3, 1)), (None, 1, (3, 1)), (0, 0, (4, 0))]
    stats = GameStats.from_history(history, (2, 2))
    assert stats.longest_streak == (1, 0) and stats.rounds_won == (2, 0) and stats.wars_won == (0, 0)
    assert stats.largest_lead == (4, 0)


def test_three_players_lead_is_over_the_best_other():
    history = [(2, 0, (4, 4, 9))]
    stats = GameStats.from_history(history, (6, 6, 5))
    assert stats.largest_lead == (0, 0, 5) and stats.longest_streak == (0, 0, 1)


def test_stats_follow_a_whole_game():
    game = Game("classic_long", seed=12)
    game.play_to_end()
    stats = game.stats
    assert stats.rounds == game.round_number == len(stats.count_history) - 1
    assert stats.count_history[-1] == game.counts and stats.count_history[0] == (26, 26)
    assert sum(stats.rounds_won) == sum(1 for w, _, _ in game.history if w is not None)
    assert stats.wars == sum(1 for _, w, _ in game.history if w) and sum(stats.wars_won) <= stats.wars
    assert all(sum(c) == 52 for c in stats.count_history)
