"""Three and four players: who fights a war, dropping out, round limits, teams, and the drunkard
goals of P'yanitsa."""
from __future__ import annotations

import pytest

from war_widget import Card, Game, Rules, Termination
from war_widget.game.events import FaceDownLaid, PlayerOut, WarDeclared

C = Card.parse


def rules(players=3, **changes) -> Rules:
    base = dict(players=players, capture="bottom", gather="played", round_limit=None, face_down=1,
                shortage="last_card_up", zero="reuse")
    base.update(changes)
    return Rules(**base)


def first_war(record) -> WarDeclared:
    return next(e for e in record.events if isinstance(e, WarDeclared))


def laid_by(record) -> set[int]:
    return {p for e in record.events if isinstance(e, FaceDownLaid) for p, _ in e.cards}


HANDS3 = [["KS", "2C", "QS", "9C"], ["KH", "3C", "10H", "9H"], ["5D", "4D", "AD", "9D"]]


def test_three_players_tied_only_the_tied_fight():
    game = Game.from_hands(rules(war_players="tied"), HANDS3)
    record = game.play_round()
    assert record.battles[0] == ((0, C("KS")), (1, C("KH")), (2, C("5D")))
    assert first_war(record).players == (0, 1) and laid_by(record) == {0, 1}
    assert record.battles[1] == ((0, C("QS")), (1, C("10H")))
    assert record.winner == 0 and len(record.cards_moved) == 7 and C("5D") in record.cards_moved
    assert game.counts == (8, 1, 3)


def test_three_players_all_everyone_fights():
    game = Game.from_hands(rules(war_players="all"), HANDS3)
    record = game.play_round()
    assert first_war(record).players == (0, 1, 2) and laid_by(record) == {0, 1, 2}
    assert record.battles[1] == ((0, C("QS")), (1, C("10H")), (2, C("AD")))
    assert record.winner == 2 and len(record.cards_moved) == 9 and game.counts == (1, 1, 10)


def test_three_way_tie():
    game = Game.from_hands(rules(war_players="tied"), [["KS", "2C", "QS"], ["KH", "3C", "AH"], ["KD", "4D", "JD"]])
    record = game.play_round()
    assert first_war(record).players == (0, 1, 2) and record.winner == 1 and len(record.cards_moved) == 9


def test_four_players_tied():
    hands = [["KS", "2C", "AS", "9C"], ["7H", "3H", "JH", "9H"], ["KD", "3C", "QD", "9D"], ["5C", "4H", "AH", "9S"]]
    record = Game.from_hands(rules(players=4, war_players="tied"), hands).play_round()
    assert first_war(record).players == (0, 2) and laid_by(record) == {0, 2}
    assert record.winner == 0 and len(record.cards_moved) == 8          # 4 + 2 x (1 down + 1 up)


def test_four_players_all():
    # the same cards, but everyone fights: A's ace now meets D's ace, and a second war follows
    hands = [["KS", "2C", "AS", "9C", "5S"], ["7H", "3H", "JH", "9H", "6H"],
             ["KD", "3C", "QD", "9D", "7D"], ["5C", "4H", "AH", "9S", "10S"]]
    game = Game.from_hands(rules(players=4, war_players="all"), hands)
    record = game.play_round()
    wars = [e for e in record.events if isinstance(e, WarDeclared)]
    assert [w.players for w in wars] == [(0, 1, 2, 3), (0, 1, 2, 3)] and laid_by(record) == {0, 1, 2, 3}
    assert record.battles[1] == ((0, C("AS")), (1, C("JH")), (2, C("QD")), (3, C("AH")))
    assert record.winner == 3 and len(record.cards_moved) == 20 and game.counts == (0, 0, 0, 20)
    assert game.outcome.winner == 3


def test_a_player_drops_out_and_the_others_play_on():
    game = Game.from_hands(rules(), [["KS", "2S"], ["QS", "3H"], ["JS"]])
    record = game.play_round()
    assert any(isinstance(e, PlayerOut) and e.player == 2 for e in record.events)
    assert game.out == [False, False, True] and not game.is_over
    record = game.play_round()
    assert [p for p, _ in record.battles[0]] == [0, 1]           # the player out turns no card
    outcome = game.play_to_end()
    assert outcome.reason is Termination.ALL_CARDS and outcome.winner == 0 and game.counts == (5, 0, 0)


def test_three_players_round_limit_most_cards_wins():
    game = Game.from_hands(rules(round_limit=1), [["KS", "2C"], ["QS", "3C"], ["JS", "4C", "5C", "6C"]])
    outcome = game.play_to_end()
    assert outcome.reason is Termination.ROUND_LIMIT and outcome.winner == 0 and outcome.counts == (4, 1, 3)


def test_three_players_round_limit_tie_for_most_is_a_draw_between_them():
    game = Game.from_hands(rules(round_limit=1),
                           [["KS", "9C"], ["2S", "3C", "4C", "5C"], ["3S", "6C", "7C", "8C", "10C"]])
    outcome = game.play_to_end()
    assert outcome.counts == (4, 3, 4) and outcome.is_draw and outcome.drawn == (0, 2)


def test_three_player_lose_shortage_the_short_player_is_out():
    r = rules(shortage="lose")
    game = Game.from_hands(r, [["KS", "2C", "AS", "9C"], ["KH", "3H"], ["5D", "6D"]])
    record = game.play_round()
    war = first_war(record)
    assert war.short == (1,) and war.face_down == ()
    assert record.winner == 0 and set(record.cards_moved) == {C("KS"), C("KH"), C("5D"), C("3H")}
    assert game.out == [False, True, False] and not game.is_over and game.counts == (7, 0, 1)


def test_three_player_zero_lose_in_an_all_war():
    r = rules(war_players="all", zero="lose")
    game = Game.from_hands(r, [["KS", "2C", "AS", "9C"], ["KH", "3C", "QH", "9H"], ["5D"]])
    record = game.play_round()
    war = first_war(record)
    assert war.players == (0, 1, 2) and war.short == (2,) and war.face_down == ((0, 1), (1, 1))
    assert record.winner == 0 and len(record.cards_moved) == 7 and game.out == [False, False, True]


# --- docs/rules.md "Three or four players": fighters who all run out drop out, the others play on ---
def test_three_players_reusing_fighters_drop_out_and_the_holder_takes_the_table():
    game = Game.from_hands(rules(), [["9S"], ["9H"], ["2D", "3D", "4D", "5D"]])
    record = game.play_round()
    war = first_war(record)
    assert war.players == (0, 1) and war.dropped == (0, 1) and war.short == () and war.face_down == ()
    assert record.winner == 2 and set(record.cards_moved) == {C("9S"), C("9H"), C("2D")}
    assert game.counts == (0, 0, 6) and game.out == [True, True, False]
    assert game.outcome.winner == 2 and game.outcome.reason is Termination.SHORTAGE


@pytest.mark.parametrize("shortage", ["last_card_up", "fewest"])
def test_three_players_zero_lose_fighters_with_nothing_drop_out(shortage):
    game = Game.from_hands(rules(zero="lose", shortage=shortage), [["9S"], ["9H"], ["2D", "3D", "4D"]])
    record = game.play_round()
    assert first_war(record).dropped == (0, 1) and record.winner == 2
    assert game.outcome.winner == 2 and game.outcome.drawn == () and game.counts == (0, 0, 5)


def test_three_players_lose_fighters_who_cannot_complete_drop_out_with_their_cards():
    # both fighters hold one card, a war needs two: neither can complete it, player 3 plays on
    game = Game.from_hands(rules(shortage="lose"), [["9S", "AS"], ["9H", "2H"], ["2D", "3D", "4D"]])
    record = game.play_round()
    assert first_war(record).dropped == (0, 1)
    assert record.winner == 2 and len(record.cards_moved) == 5 and C("AS") in record.cards_moved
    assert game.outcome.winner == 2 and game.counts == (0, 0, 7)


def test_two_holders_outside_the_war_compare_their_cards():
    # 4 players, only the tied fight; both run out: players 3 and 4 still hold cards, and the
    # higher of the cards they turned up this round (7 against 5) takes the table
    hands = [["9S"], ["9H"], ["7D", "3D"], ["5C", "4C"]]
    game = Game.from_hands(rules(players=4, zero="lose"), hands)
    record = game.play_round()
    assert first_war(record).dropped == (0, 1) and record.winner == 2 and len(record.cards_moved) == 4
    assert game.out == [True, True, False, False] and not game.is_over and game.counts == (0, 0, 5, 1)


def test_two_holders_outside_the_war_who_tie_fight_their_own_war():
    hands = [["9S"], ["9H"], ["7D", "3D", "KD"], ["7C", "4C", "QC"]]
    game = Game.from_hands(rules(players=4, zero="lose"), hands)
    record = game.play_round()
    wars = [e for e in record.events if isinstance(e, WarDeclared)]
    assert [w.players for w in wars] == [(0, 1), (2, 3)] and wars[1].face_down == ((2, 1), (3, 1))
    assert record.winner == 2 and len(record.cards_moved) == 8 and game.counts == (0, 0, 8, 0)
    assert game.outcome.winner == 2


def test_void_round_only_when_every_card_is_on_the_table():
    # the third player laid its last card in the first battle: nobody holds a card
    game = Game.from_hands(rules(zero="lose"), [["9S"], ["9H"], ["2D"]])
    game.play_to_end()
    assert game.outcome.reason is Termination.VOID_ROUND and game.counts == (1, 1, 1)


# --- teams ---------------------------------------------------------------------------------------
def test_team_wins_when_both_opponents_are_out():
    game = Game.from_hands(rules(players=4, teams=True), [["KS", "5C"], ["2S"], ["3S", "6C"], ["4S"]])
    outcome = game.play_to_end()
    assert game.round_number == 1 and outcome.reason is Termination.ALL_CARDS
    assert outcome.winning_team == 0 and outcome.winner is None and not outcome.is_draw
    assert game.team_counts == (6, 0)


def test_team_round_limit_uses_team_counts():
    r = rules(players=4, teams=True, round_limit=1)
    game = Game.from_hands(r, [["2S", "5C", "6C"], ["KS"], ["3S", "7C", "8C", "9C"], ["4S"]])
    outcome = game.play_to_end()
    assert game.counts == (2, 4, 3, 0) and game.team_counts == (5, 4) and outcome.winning_team == 0
    game = Game.from_hands(r, [["2S", "5C", "6C"], ["KS"], ["3S", "7C", "8C"], ["4S"]])
    assert game.play_to_end().is_draw and game.team_counts == (4, 4) and game.outcome.drawn == (0, 1, 2, 3)


def test_teammates_can_fight_a_war():
    game = Game.from_hands(rules(players=4, teams=True), [["KS", "2C", "AS"], ["5H"], ["KD", "3C", "QD"], ["6H"]])
    record = game.play_round()
    assert first_war(record).players == (0, 2) and record.winner == 0


# --- P'yanitsa: the drunkard goals -------------------------------------------------------------
def pj(goal, players=2, **changes):
    return Rules.preset("pjanitsa").replace(goal=goal, players=players, gather="played", **changes)


def test_loser_all_two_players():
    game = Game.from_hands(pj("loser_all"), [["KS"], ["QS"]])
    outcome = game.play_to_end()
    assert outcome.reason is Termination.DRUNKARD_LOSER and outcome.loser == 0 and outcome.winner == 1


def test_loser_first_out_two_players():
    game = Game.from_hands(pj("loser_first_out"), [["KS"], ["QS"]])
    outcome = game.play_to_end()
    assert outcome.reason is Termination.DRUNKARD_LOSER and outcome.loser == 1 and outcome.winner == 0


def test_loser_first_out_three_players_ends_at_the_first_out():
    game = Game.from_hands(pj("loser_first_out", 3), [["KS", "7C"], ["QS"], ["JS", "8C"]])
    outcome = game.play_to_end()
    assert game.round_number == 1 and outcome.loser == 1 and outcome.winner is None and not outcome.is_draw


def test_loser_first_out_two_out_together_share_the_loss():
    game = Game.from_hands(pj("loser_first_out", 3), [["KS"], ["QS"], ["JS"]])
    outcome = game.play_to_end()
    assert outcome.loser is None and outcome.drawn == (1, 2)


def test_loser_all_three_players_the_one_left_with_everything_loses():
    # r1 K Q J: A wins, B is out (safe).  r2 7 v 8: C.  r3 K v 7: A.  r4 Q v 8: A holds all 5.
    game = Game.from_hands(pj("loser_all", 3), [["KS", "7C"], ["QS"], ["JS", "8C"]])
    outcome = game.play_to_end()
    assert game.round_number == 4 and outcome.loser == 0 and outcome.winner is None
    assert game.counts == (5, 0, 0)


@pytest.mark.parametrize("goal,loser", [("loser_all", 0), ("loser_first_out", 1)])
def test_drunkard_goals_with_a_round_limit(goal, loser):
    game = Game.from_hands(pj(goal, round_limit=1), [["KS", "7C"], ["QS", "8C", "9C"]])
    outcome = game.play_to_end()
    assert outcome.reason is Termination.ROUND_LIMIT and game.counts == (3, 2)
    assert outcome.loser == loser and outcome.winner == 1 - loser


def test_pjanitsa_six_over_ace_with_four_players():
    game = Game.from_hands(Rules.preset("pjanitsa").replace(players=4),
                           [["AS", "7C"], ["KH", "8C"], ["6D", "9C"], ["QC", "10C"]])
    assert game.play_round().winner == 2


def test_a_drop_out_is_narrated_as_one():
    from war_widget.text.narration import narrate
    game = Game.from_hands(rules(players=4, zero="lose"), [["9S"], ["9H"], ["7D", "3D"], ["5C", "4C"]])
    war = first_war(game.play_round())
    text = narrate(war, "en", game.rules)
    assert "drop out" in text and "whoever still holds cards" in text and "nobody wins" not in text
    assert "抜けます" in narrate(war, "ja", game.rules) and "だれも" not in narrate(war, "ja", game.rules)
