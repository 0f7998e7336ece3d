"""Running short during a war: every shortage rule of docs/rules.md on scripted positions."""
from __future__ import annotations

from collections import Counter

from war_widget import Card, Game, Rules, Termination
from war_widget.game.events import Returned, WarDeclared

C = Card.parse


def kinds(record):
    return [e.kind for e in record.events]


def wars(record):
    return [e for e in record.events if isinstance(e, WarDeclared)]


def table_per_player(game):
    return Counter(t.player for t in game.table)


# --- last_card_up, zero="lose" [000] ------------------------------------------------------
def test_last_card_up_plays_the_last_card_face_up():
    # Player 1 has one card after the tie: no face-down card, it is turned up; player 2 lays 1 + 1.
    game = Game.from_hands("classic", [["9S", "AS"], ["9H", "3H", "5H", "2D"]])
    events = [game.step() for _ in range(5)]
    war = events[2]
    assert isinstance(war, WarDeclared) and war.face_down == ((0, 0), (1, 1)) and war.short == ()
    assert events[3].kind == "face_down" and events[3].cards == ((1, (C("3H"),)),)
    assert events[4].cards == ((0, C("AS")), (1, C("5H")))
    assert table_per_player(game) == {0: 2, 1: 3}                  # uneven piles are normal
    record = game.play_round()
    assert record.winner == 0 and game.counts == (5, 1)


def test_last_card_up_with_won_pile_cards_counts_them():
    # The holding is hand + won pile: the won pile is turned over to supply the war.
    game = Game.from_hands("classic", [["KS", "9S", "4C", "AS"], ["2H", "9H", "3H", "5H", "2D"]], seed=5)
    game.play_round()                                              # K v 2: won pile [KS 2H]
    record = game.play_round()                                     # 9 v 9: 3 playable, 2 in the hand
    assert record.wars == 1 and record.winner == 0
    assert wars(record)[0].face_down == ((0, 1), (1, 1))


def test_zero_lose_player_with_no_card_loses_at_once():
    game = Game.from_hands("classic", [["9S"], ["9H", "3H", "5H"]])
    record = game.play_round()
    war = wars(record)[0]
    assert war.short == (0,) and war.face_down == ()
    assert record.winner == 1 and len(record.cards_moved) == 2     # the opponent takes the table
    assert game.outcome.winner == 1 and game.outcome.reason is Termination.SHORTAGE
    assert game.counts == (0, 4)


def test_zero_lose_both_empty_is_a_void_round_decided_by_counts():
    # 9 v 9; war: player 1 lays 2C down and 5S up (its last), player 2 turns 5H (its last): tie.
    # Now both hold nothing: every card is on the table, the round is void, each takes back.
    game = Game.from_hands("classic", [["9S", "2C", "5S"], ["9H", "5H"]])
    record = game.play_round()
    assert kinds(record)[-3:] == ["war", "return", "game_over"]
    last_war = wars(record)[-1]
    assert last_war.short == (0, 1) and last_war.face_down == ()
    returned = next(e for e in record.events if isinstance(e, Returned))
    assert returned.cards == ((0, (C("9S"), C("2C"), C("5S"))), (1, (C("9H"), C("5H"))))
    assert record.winner is None and game.counts == (3, 2)
    assert game.outcome.reason is Termination.VOID_ROUND and game.outcome.winner == 0


def test_void_round_with_equal_counts_is_a_draw():
    game = Game.from_hands("classic", [["9S"], ["9H"]])
    game.play_to_end()
    assert game.outcome.reason is Termination.VOID_ROUND and game.outcome.is_draw
    assert game.outcome.drawn == (0, 1) and game.counts == (1, 1)


# --- last_card_up, zero="reuse" [001, 003] -------------------------------------------------
def test_reuse_the_last_face_up_card_and_lose():
    game = Game.from_hands("pagat_last_card", [["9S"], ["9H", "3H", "KH"]])
    record = game.play_round()
    war = wars(record)[0]
    assert war.reusing == (0,) and war.short == () and war.face_down == ((0, 0), (1, 1))
    flips = [e for e in record.events if e.kind == "flip"]
    assert flips[1].reused == (0,) and flips[1].cards == ((1, C("KH")),)
    assert record.battles[1] == ((0, C("9S")), (1, C("KH")))
    assert record.winner == 1 and game.outcome.winner == 1 and game.counts == (0, 4)


def test_reused_card_can_win():
    game = Game.from_hands("pagat_last_card", [["9S"], ["9H", "3H", "5H", "2D"]])
    record = game.play_round()
    assert record.winner == 0 and game.counts == (4, 1) and not game.is_over and game.reusing == frozenset()


def test_pagat_example_reused_queen_wins_seven_cards():
    # [003]: both play 7; A plays one down, B has only one card and turns it up: a queen.  A turns
    # up a queen too.  The war goes on: A plays one down and one up, B's queen is used again and
    # wins all 7 cards (5 of A's and 2 of B's).
    game = Game.from_hands("pagat_last_card", [["7S", "2C", "QS", "3C", "4C", "5C"], ["7H", "QH"]])
    record = game.play_round()
    assert record.wars == 2 and record.winner == 1 and len(record.cards_moved) == 7
    assert Counter(c in {C("7S"), C("2C"), C("QS"), C("3C"), C("4C")} for c in record.cards_moved) == {
        True: 5, False: 2}
    assert game.counts == (1, 7)


def test_both_reusing_and_tied_is_a_draw():
    # 9 v 9; player 1 has no card left and reuses 9S; player 2 lays 3H down and turns 9D: tie
    # again, and now player 2 has nothing either: both reuse tied cards, the game is a draw [003].
    game = Game.from_hands("pagat_last_card", [["9S"], ["9H", "3H", "9D"]])
    record = game.play_round()
    last_war = wars(record)[-1]
    assert last_war.reusing == (0, 1)
    assert kinds(record)[-2:] == ["return", "game_over"]
    outcome = game.outcome
    assert outcome.reason is Termination.REUSE_TIE and outcome.is_draw and outcome.drawn == (0, 1)
    assert sum(game.counts) == 4 and game.table == ()


def test_both_reusing_after_running_out_together():
    # 9 v 9; war: player 1 lays 4C, turns 7S (last); player 2 turns 7H (last): tie, both reuse.
    game = Game.from_hands("pagat_last_card", [["9S", "4C", "7S"], ["9H", "7H"]])
    game.play_to_end()
    assert game.outcome.reason is Termination.REUSE_TIE and game.outcome.drawn == (0, 1)
    assert game.counts == (3, 2)                       # each took back what they laid


# --- shortage="lose" [004, 003 option 1] ----------------------------------------------------
def test_lose_one_short_loses_the_game():
    # [004]: after 7 v 7, A holds 4 cards and B only 1: B cannot complete the war and loses.
    game = Game.from_hands("pagat", [["7S", "2C", "3C", "4C", "5C"], ["7H", "KH"]])
    record = game.play_round()
    war = wars(record)[0]
    assert war.short == (1,) and war.face_down == ()
    assert record.winner == 0 and game.counts == (7, 0)
    assert game.outcome.winner == 0 and game.outcome.reason is Termination.SHORTAGE
    assert C("KH") in record.cards_moved                 # the loser's holding goes too


def test_lose_both_short_fewer_loses():
    game = Game.from_hands("pagat", [["7S", "2C"], ["7H"]])          # need 2 each: A has 1, B 0
    game.play_to_end()
    assert game.outcome.winner == 0 and game.outcome.reason is Termination.SHORTAGE and game.counts == (3, 0)


def test_lose_both_short_equal_is_a_draw():
    game = Game.from_hands("pagat", [["7S", "2C"], ["7H", "KH"]])    # both hold 1 < 2
    record = game.play_round()
    war = wars(record)[0]
    assert war.short == (0, 1) and kinds(record)[-2:] == ["return", "game_over"]
    assert game.outcome.reason is Termination.SHORTAGE and game.outcome.is_draw and game.outcome.drawn == (0, 1)
    assert game.counts == (2, 2)


def test_lose_counts_the_face_down_cards_needed():
    # three face-down cards: a war needs 4 cards; 3 is short.
    rules = Rules.preset("pagat").replace(face_down=3)
    game = Game.from_hands(rules, [["7S", "2C", "3C", "4C"], ["7H", "2D", "3D", "4D", "5D"]])
    game.play_to_end()
    assert game.outcome.winner == 1 and game.counts == (0, 9)


def test_lose_in_a_second_war():
    # the first war completes, the second cannot: the short player loses.
    game = Game.from_hands("bicycle", [["8S", "2C", "KS", "3C"], ["8H", "2D", "KH", "3D", "AH", "4D"]])
    record = game.play_round()
    assert record.wars == 2 and wars(record)[1].short == (0,) and game.outcome.winner == 1


# --- shortage="split" (Tod und Leben) ---------------------------------------------------------
def test_split_gives_the_table_back_and_play_goes_on():
    # Tod und Leben's rule with won cards under the hand: 8 v 8 and player 2 has nothing to turn:
    # each takes back their 8, nobody wins the round, and the game goes on (K v 8 then ends it).
    rules = Rules.preset("tod_und_leben").replace(capture="bottom", gather="played")
    game = Game.from_hands(rules, [["8S", "KS", "9S"], ["8H"]])
    record = game.play_round()
    assert record.winner is None and kinds(record) == ["flip", "compare", "war", "return"]
    assert wars(record)[0].short == (1,) and not game.is_over and game.counts == (3, 1)
    assert list(game.hands[0]) == [C("KS"), C("9S"), C("8S")] and list(game.hands[1]) == [C("8H")]
    record = game.play_round()
    assert record.winner == 0 and game.outcome.reason is Termination.ALL_CARDS


def test_split_with_a_face_down_card():
    # split with face_down=1: a war needs 2 cards; player 2 has 1, so the war is split back.
    rules = Rules.preset("tod_und_leben").replace(face_down=1)
    game = Game.from_hands(rules, [["8S", "KS", "9S"], ["8H", "10H"]])
    record = game.play_round()
    assert record.winner is None and record.events[-1].kind in ("return", "game_over")
    assert list(game.won[0]) == [C("8S")] and list(game.won[1]) == [C("8H")]


# --- fewest [003 Războiul] -----------------------------------------------------------------------
def test_razboi_everyone_plays_as_many_as_the_fewest():
    # the deal: 7 v 7 asks for 7 cards each, player 2 holds 3: both play 3, the last up
    game = Game.from_hands("razboi", [["7S", "2C", "3C", "2H", "4C", "5C", "6C", "AC", "8C"],
                                      ["7H", "3D", "4D", "KD"]])
    record = game.play_round()
    war = wars(record)[0]
    assert war.face_down == ((0, 2), (1, 2)) and war.short == ()
    assert record.battles[1] == ((0, C("2H")), (1, C("KD")))
    assert record.winner == 1 and len(record.cards_moved) == 8 and game.counts == (5, 8)


def test_razboi_fewest_counts_only_the_fighters_holding_cards_left():
    game = Game.from_hands("razboi", [["5S", "2C", "3C", "4C", "6C", "KC", "8C"], ["5H", "3D", "4D", "6D", "2D", "QD"]])
    record = game.play_round()                                     # 5 v 5: 5 each, both hold 5 or more
    assert wars(record)[0].face_down == ((0, 4), (1, 4)) and record.winner == 0


def test_razboi_fighter_with_no_card_loses_at_once():
    game = Game.from_hands("razboi", [["7S", "2C", "3C"], ["7H"]])
    record = game.play_round()
    war = wars(record)[0]
    assert war.short == (1,) and war.face_down == ()
    assert record.winner == 0 and game.outcome.winner == 0 and game.outcome.reason is Termination.SHORTAGE


def test_fewest_with_reuse_the_empty_fighter_reuses_its_card():
    rules = Rules.preset("razboi").replace(zero="reuse")
    game = Game.from_hands(rules, [["7S", "2C", "3C", "AC"], ["7H"]])
    record = game.play_round()
    war = wars(record)[0]
    assert war.reusing == (1,) and war.face_down == ((0, 2), (1, 0))   # 3 of the 7 asked for: all it has
    assert record.battles[1] == ((0, C("AC")), (1, C("7H"))) and record.winner == 0


def test_fewest_with_one_card_left_plays_it_face_up():
    game = Game.from_hands("razboi", [["4S", "2C", "3C", "5C", "6C"], ["4H", "KD"]])
    record = game.play_round()
    assert wars(record)[0].face_down == ((0, 0), (1, 0))
    assert record.battles[1] == ((0, C("2C")), (1, C("KD"))) and record.winner == 1
