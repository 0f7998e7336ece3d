"""Scripted Steal War positions (from_hands), one or more per rule of docs/rules.md "Steal War" and
per timing choice documented in war_widget/variants/steal/game.py."""
from __future__ import annotations

import pytest

from war_widget import Card, Termination
from war_widget.game.events import Compared, FaceDownLaid, Flipped, GameOver, Shuffled, WarDeclared
from war_widget.text.steal import describe_event
from war_widget.variants.steal import (
    ChooseTop,
    Play,
    Protected,
    Steal,
    StealDeclined,
    StealWarGame,
    Stolen,
    Swapped,
    TopChosen,
    always_steal,
    decode_steal_code,
    encode_steal_code,
    greedy,
    never_steal,
)
from war_widget.variants.steal.policies import card_win_chance, least_matchable_top, steal_threshold


def C(text: str) -> Card:
    return Card.parse(text)


def cards(*texts: str) -> list[Card]:
    return [C(t) for t in texts]


def run_to_decision(game: StealWarGame, limit: int = 200) -> list:
    """Step until a decision is pending (or the game ends); the events seen."""
    seen = []
    for _ in range(limit):
        if game.to_act is not None:
            return seen
        event = game.step()
        if event is None:
            return seen
        seen.append(event)
    raise AssertionError("no decision within the limit")


def run_until(game: StealWarGame, kind: str, limit: int = 200) -> list:
    """Step (the game's policies deciding) until an event of ``kind``; the events seen."""
    seen = []
    for _ in range(limit):
        event = game.step()
        assert event is not None, f"game ended before a {kind!r} event: {[e.kind for e in seen]}"
        seen.append(event)
        if event.kind == kind:
            return seen
    raise AssertionError(f"no {kind!r} event within the limit")


# --- the deal and the basic battle ----------------------------------------------------------

def test_deal_is_54_cards_27_each_with_both_jokers():
    game = StealWarGame(seed=11)
    assert game.counts == (27, 27)
    everything = [c for h in game.hands for c in h]
    assert len(set(everything)) == 54
    assert sum(c.is_joker for c in everything) == 2
    assert game.piles == [[], []] and game.unused == []


@pytest.mark.parametrize("players, each, unused", [(3, 18, 0), (4, 13, 2)])
def test_three_and_four_players_get_equal_hands(players, each, unused):
    game = StealWarGame(players, seed=5)
    assert game.counts == (each,) * players
    assert len(game.unused) == unused
    assert len({c for h in game.hands for c in h} | set(game.unused)) == 54


def test_joker_is_highest_and_won_cards_go_face_up_on_the_winners_pile():
    game = StealWarGame.from_hands([["RJ", "2C"], ["AS", "3C"]], policies=(never_steal, never_steal))
    events = run_until(game, "collect")
    compared = next(e for e in events if isinstance(e, Compared))
    assert compared.winner == 0
    assert sorted(game.piles[0]) == sorted(cards("RJ", "AS"))
    assert game.hands[0] == __import__("collections").deque(cards("2C"))
    assert game.counts == (3, 1)


def test_winner_chooses_which_won_card_lies_on_top():
    for choice in ("RJ", "AS"):
        game = StealWarGame.from_hands([["RJ", "2C"], ["AS", "3C"]])
        run_to_decision(game)
        assert game.to_act == 0 and game.phase == "choose"
        assert game.legal_actions() == [ChooseTop(C("RJ")), ChooseTop(C("AS"))]
        game.apply(ChooseTop(C(choice)))
        events = run_until(game, "collect")
        assert isinstance(events[0], TopChosen) and events[0].card == C(choice)
        assert game.top(0) == C(choice)
        assert events[-1].cards[-1] == C(choice)


def test_the_others_go_under_the_chosen_top_in_the_order_played():
    # a war: the table is 7S 7H (battle 1), 3 + 3 face down, then QS vs 2H; the winner puts a
    # face-down card on top, which is allowed: any won card.
    p0 = ["7S", "3C", "4C", "5C", "QS", "9C"]
    p1 = ["7H", "3D", "4D", "5D", "2H", "9D"]
    game = StealWarGame.from_hands([p0, p1])
    run_to_decision(game)
    assert game.to_act == 0 and len(game.legal_actions()) == 10
    game.apply(ChooseTop(C("4D")))
    run_until(game, "collect")
    played = cards("7S", "7H", "3C", "4C", "5C", "3D", "4D", "5D", "QS", "2H")
    played.remove(C("4D"))
    assert game.piles[0] == played + [C("4D")]


# --- stealing by matching rank --------------------------------------------------------------

def test_steal_by_matching_rank_moves_the_whole_pile_in_order_onto_the_thiefs_pile():
    game = StealWarGame.from_hands([["9S", "2C"], ["KH", "3D"]], piles=[["4S"], ["4C", "8D", "9H"]])
    run_to_decision(game)
    assert game.to_act == 0
    assert game.looking_at(0) == C("9S")
    assert game.legal_actions() == [Play(), Steal(1)]
    game.apply(Steal(1))
    event = game.step()
    assert isinstance(event, Stolen)
    assert (event.player, event.victim, event.card, event.pile_size) == (0, 1, C("9S"), 3)
    # the card goes on the victim's pile, then the whole pile, order kept, on top of the thief's
    assert game.piles[0] == cards("4S", "4C", "8D", "9H", "9S")
    assert game.piles[1] == []
    assert game.counts == (6, 2) == event.counts
    # then the thief looks at the next card and plays it
    flipped = run_until(game, "flip")[-1]
    assert flipped.cards == ((0, C("2C")), (1, C("KH")))


def test_no_match_no_decision():
    game = StealWarGame.from_hands([["9S", "2C"], ["KH", "3D"]], piles=[["4S"], ["8D"]])
    assert game.step().kind == "flip"


def test_step_without_a_policy_explains_the_pending_decision():
    game = StealWarGame.from_hands([["9S", "2C"], ["KH", "3D"]], piles=[[], ["9H"]])
    with pytest.raises(ValueError, match=r"player 1 must decide.*legal_actions\(\).*apply"):
        game.step()
    with pytest.raises(ValueError, match="not a legal action for player 1.*legal: Play\\(\\), Steal\\(victim=1\\)"):
        game.apply(Steal(0))
    with pytest.raises(ValueError, match="not a legal action"):
        game.apply(ChooseTop(C("9S")))


def test_apply_with_nothing_pending_is_an_error():
    game = StealWarGame.from_hands([["9S", "2C"], ["KH", "3D"]])
    assert game.legal_actions() == [] and game.to_act is None
    with pytest.raises(ValueError, match="no decision is pending"):
        game.apply(Play())


def test_declining_a_steal_plays_the_card_and_is_told():
    game = StealWarGame.from_hands([["9S", "2C"], ["KH", "3D"]], piles=[[], ["4C", "9H"]])
    run_to_decision(game)
    game.apply(Play())
    declined = game.step()
    assert isinstance(declined, StealDeclined) and declined.victims == (1,) and declined.card == C("9S")
    flipped = game.step()
    assert flipped.cards == ((0, C("9S")), (1, C("KH")))
    assert game.piles[1] == cards("4C", "9H")


def test_chain_of_steals_the_thief_looks_at_the_next_card_again():
    # three players: P1's 9 takes P2's pile, then P1's next card, a 5, takes P3's pile.
    hands = [["9S", "5D", "2C"], ["KH", "3D"], ["QC", "4H"]]
    piles = [["6S"], ["8D", "9H"], ["7D", "5C"]]
    game = StealWarGame.from_hands(hands, piles, policies=(always_steal, never_steal, never_steal))
    first = run_until(game, "steal")[-1]
    assert (first.player, first.victim, first.card) == (0, 1, C("9S"))
    second = game.step()
    assert isinstance(second, Stolen) and (second.player, second.victim, second.card) == (0, 2, C("5D"))
    assert game.piles[0] == cards("6S", "8D", "9H", "9S", "7D", "5C", "5D")
    assert game.piles[1] == [] and game.piles[2] == []
    flipped = game.step()
    assert flipped.cards == ((0, C("2C")), (1, C("KH")), (2, C("QC")))


def test_with_two_players_the_victim_cannot_steal_back_in_the_same_window():
    # To steal back, P2 would need a 9 (P1's pile now shows the 9S that stole), but a 9 in P2's
    # hand matches P2's own pile (9H) and protects it: so P1 could not have stolen at all.
    game = StealWarGame.from_hands([["9S", "2C"], ["9D", "3D"]], piles=[["4S"], ["8D", "9H"]],
                                   policies=(always_steal, always_steal))
    events = run_until(game, "flip")
    assert [e.kind for e in events] == ["protect", "flip"]
    assert events[0] == Protected(1, 1, C("9D"), (0,))


def test_stealing_with_the_last_card_turns_the_loot_into_a_new_hand():
    game = StealWarGame.from_hands([["9S"], ["KH", "3D"]], piles=[["2C"], ["8D", "9H"]],
                                   policies=(always_steal, never_steal))
    stolen = run_until(game, "steal")[-1]
    assert stolen.counts == (4, 2)
    shuffled = game.step()
    assert isinstance(shuffled, Shuffled) and shuffled.player == 0 and shuffled.cards == 4
    assert sorted(game.hands[0]) == sorted(cards("2C", "8D", "9H", "9S")) and game.piles[0] == []


# --- the swap --------------------------------------------------------------------------------

def test_two_players_who_can_steal_from_each_other_swap_piles():
    game = StealWarGame.from_hands([["9S", "2C"], ["4D", "3D"]], piles=[["KS", "4C"], ["8D", "9H", "JC"][:2]],
                                   policies=(always_steal, always_steal))
    # P1 sees 9S and P2's pile shows 9H; P2 sees 4D and P1's pile shows 4C
    swapped = run_until(game, "swap")[-1]
    assert isinstance(swapped, Swapped)
    assert swapped.players == (0, 1) and swapped.sizes == (2, 2)
    assert swapped.cards == ((0, C("9S")), (1, C("4D")))
    assert game.piles[0] == cards("8D", "9H", "9S")
    assert game.piles[1] == cards("KS", "4C", "4D")
    assert game.counts == (4, 4)
    assert game.step().cards == ((0, C("2C")), (1, C("3D")))


def test_decisions_in_a_look_are_sealed_so_the_order_of_asking_does_not_matter():
    game = StealWarGame.from_hands([["9S", "2C"], ["4D", "3D"]], piles=[["4C"], ["9H"]])
    run_to_decision(game)
    assert game.to_act == 0 and game.legal_actions() == [Play(), Steal(1)]
    game.apply(Steal(1))
    # P1's steal waits: P2 is asked in the same look, with P1's pile still showing 4C
    assert game.to_act == 1 and game.legal_actions() == [Play(), Steal(0)]
    assert game.piles[0] == cards("4C")
    game.apply(Steal(0))
    assert isinstance(game.step(), Swapped)


def test_only_one_of_two_mutual_thieves_stealing_is_an_ordinary_steal():
    game = StealWarGame.from_hands([["9S", "2C"], ["4D", "3D"]], piles=[["4C"], ["9H"]],
                                   policies=(never_steal, always_steal))
    events = run_until(game, "steal")
    assert any(isinstance(e, StealDeclined) and e.player == 0 for e in events)
    stolen = events[-1]
    assert (stolen.player, stolen.victim) == (1, 0)
    assert game.piles[1] == cards("9H", "4C", "4D") and game.piles[0] == []


# --- protection -------------------------------------------------------------------------------

def test_a_card_matching_your_own_pile_protects_it_this_turn():
    # Pagat's example: A's pile shows 9 and both A and B are about to play a 9.
    game = StealWarGame.from_hands([["9S", "2C"], ["9D", "3D"]], piles=[["5C", "9H"], []])
    assert game.step() == Protected(1, 0, C("9S"), (1,))
    assert game.legal_actions() == [] and game.to_act is None
    assert game.protected == (0,)
    flipped = game.step()
    assert flipped.cards == ((0, C("9S")), (1, C("9D")))
    # "B can usually only play the 9 in the war"
    assert game.step().tied == (0, 1)


def test_protection_lasts_only_for_the_look():
    # P1 protects with 9S but steals with it from P3; P1's next card does not match, so in the
    # next look P2's 9 may take P1's pile (now topped by 9S).
    hands = [["9S", "2C"], ["9D", "3D"], ["KH", "4H"]]
    piles = [["9H"], ["6C"], ["9C"]]
    game = StealWarGame.from_hands(hands, piles)
    events = run_to_decision(game)
    assert events == [Protected(1, 0, C("9S"), (1,))]
    assert game.to_act == 0 and game.legal_actions() == [Play(), Steal(2)]  # P3's 9C is not protected
    game.apply(Steal(2))
    # P2 cannot steal P1's protected pile, but could steal P3's: it is asked too
    assert game.to_act == 1 and game.legal_actions() == [Play(), Steal(2)]
    game.apply(Play())
    events = run_to_decision(game)
    assert isinstance(events[-1], Stolen) and events[-1].victim == 2
    assert game.to_act == 1 and game.legal_actions() == [Play(), Steal(0)]
    assert game.protected == ()


# --- decisions stand ------------------------------------------------------------------------------

def test_a_decision_to_play_stands_until_a_new_chance_appears():
    # P1 declines P2's pile; P3 then takes P1's pile. P1's chance is unchanged: not asked again.
    hands = [["9S", "2C"], ["KH", "3D"], ["5D", "4H"]]
    piles = [["5C"], ["9H"], ["QD"]]
    game = StealWarGame.from_hands(hands, piles)
    run_to_decision(game)
    assert game.to_act == 0
    game.apply(Play())
    assert game.to_act == 2 and game.legal_actions() == [Play(), Steal(0)]
    game.apply(Steal(0))
    events = run_to_decision(game)
    assert [e.kind for e in events][:3] == ["decline", "steal", "flip"]
    assert events[2].cards[0] == (0, C("9S"))


def test_a_new_chance_asks_again():
    # P1 declines P2's pile (9H); P3's 9D then takes P2's pile, so P3's pile shows 9D: new.
    hands = [["9S", "2C"], ["KH", "3D"], ["9D", "4H"]]
    piles = [["5C"], ["9H"], ["QD"]]
    game = StealWarGame.from_hands(hands, piles)
    run_to_decision(game)
    game.apply(Play())
    game.apply(Steal(1))
    events = run_to_decision(game)
    assert [e.kind for e in events] == ["decline", "steal"]
    assert game.to_act == 0 and game.legal_actions() == [Play(), Steal(2)]


def test_a_steal_that_lapses_in_the_same_look():
    # P1 and P3 both steal P2's pile in one look: seat order, P1 first; P3's steal lapses and
    # P3 is asked again in the next look (P1's pile now shows the 9S).
    hands = [["9S", "2C"], ["KH", "3D"], ["9D", "4H"]]
    piles = [["5C"], ["9H"], ["QD"]]
    game = StealWarGame.from_hands(hands, piles)
    run_to_decision(game)
    game.apply(Steal(1))
    game.apply(Steal(1))
    events = run_to_decision(game)
    assert [(e.kind, e.player) for e in events] == [("steal", 0)]
    assert game.hands[2][0] == C("9D")
    assert game.to_act == 2 and game.legal_actions() == [Play(), Steal(0)]


# --- wars -------------------------------------------------------------------------------------

def test_face_down_war_cards_cannot_steal():
    # P1's face-down cards include a 2, matching P2's pile (2H on top); no decision is offered
    # while laying them; the 4th card (JS) does not match, so the war is fought.
    p0 = ["7S", "2C", "2D", "2S", "JS", "KC"]
    p1 = ["7H", "3D", "4D", "5D", "8H", "KD"]
    game = StealWarGame.from_hands([p0, p1], piles=[[], ["QH", "2H"]], policies=(always_steal, always_steal))
    events = run_until(game, "collect")
    assert not any(e.kind in ("steal", "swap", "decline") for e in events)
    laid = next(e for e in events if isinstance(e, FaceDownLaid))
    assert laid.cards[0] == (0, tuple(cards("2C", "2D", "2S")))
    assert [e.cards for e in events if isinstance(e, Flipped)][1] == ((0, C("JS")), (1, C("8H")))


def test_the_face_up_war_card_may_steal_instead_of_fighting():
    # After the face-down cards P1 looks at 2S, which matches P2's pile: it steals, then plays the
    # next card (JS) as its war card.
    p0 = ["7S", "3C", "4C", "5C", "2S", "JS", "KC"]
    p1 = ["7H", "3D", "4D", "6D", "8H", "KD"]
    game = StealWarGame.from_hands([p0, p1], piles=[[], ["QH", "2H"]])
    run_to_decision(game)
    assert game.phase == "look" and game.fighters == (0, 1)
    assert len(game.table) == 8
    assert game.looking_at(0) == C("2S") and game.legal_actions() == [Play(), Steal(1)]
    game.apply(Steal(1))
    stolen = game.step()
    assert isinstance(stolen, Stolen) and stolen.card == C("2S")
    flipped = game.step()
    assert flipped.battle == 2 and flipped.cards == ((0, C("JS")), (1, C("8H")))
    assert C("2S") not in [t.card for t in game.table]


def test_a_war_with_three_down_moves_ten_cards():
    p0 = ["7S", "3C", "4C", "5C", "QS", "9C"]
    p1 = ["7H", "3D", "4D", "5D", "2H", "9D"]
    game = StealWarGame.from_hands([p0, p1], policies=(never_steal, never_steal))
    events = run_until(game, "collect")
    war = next(e for e in events if isinstance(e, WarDeclared))
    assert war.face_down == ((0, 3), (1, 3)) and war.short == ()
    assert len(events[-1].cards) == 10 and events[-1].wars == 1
    assert game.counts == (11, 1)


def test_running_out_in_a_war_loses_at_once():
    # P2 has only 3 cards left (hand + pile) when the war needs 4 (3 down, 1 up).
    game = StealWarGame.from_hands([["7S", "2C", "3C", "4C", "5C", "6C"], ["7H", "2D"]], piles=[[], ["3D", "4D"]],
                                   policies=(never_steal, never_steal))
    events = []
    while (e := game.step()) is not None:
        events.append(e)
    war = next(e for e in events if isinstance(e, WarDeclared))
    assert war.short == (1,)
    assert not any(isinstance(e, FaceDownLaid) for e in events)
    over = events[-1]
    assert isinstance(over, GameOver)
    assert over.outcome.reason is Termination.SHORTAGE and over.outcome.winner == 0
    assert game.counts == (10, 0) and game.is_over


def test_four_cards_from_hand_and_pile_are_enough_for_a_war():
    # P2 holds 1 card in hand and 3 in the pile: lays the hand card, the pile becomes the hand.
    game = StealWarGame.from_hands([["7S", "2C", "3C", "4C", "KC", "6C"], ["7H", "2D"]],
                                   piles=[[], ["3D", "4D", "5D"]], policies=(never_steal, never_steal))
    events = run_until(game, "collect")
    kinds = [e.kind for e in events]
    assert "out" not in kinds and events[kinds.index("war")].short == ()
    # right after the 7H is turned up P2's hand holds only 2D; after laying it the pile refills
    assert sum(isinstance(e, Shuffled) and e.player == 1 for e in events) == 1
    assert events[-1].winner == 0 and len(events[-1].cards) == 10


def test_both_short_in_a_war_the_one_with_more_plays_on():
    game = StealWarGame.from_hands([["7S", "2C", "3C"], ["7H", "2D"]], policies=(never_steal, never_steal))
    while game.step() is not None:
        pass
    assert game.outcome.reason is Termination.SHORTAGE and game.outcome.winner == 0
    assert game.counts == (5, 0)


def test_both_equally_short_in_a_war_is_a_draw():
    game = StealWarGame.from_hands([["7S", "2C"], ["7H", "2D"]], policies=(never_steal, never_steal))
    events = []
    while (e := game.step()) is not None:
        events.append(e)
    assert [e.kind for e in events][-3:] == ["war", "return", "game_over"]
    assert game.outcome.is_draw and game.outcome.drawn == (0, 1)
    assert game.counts == (2, 2)


# --- the pile becomes the hand ------------------------------------------------------------------

def test_an_empty_hand_takes_the_pile_at_once_turned_over_and_shuffled():
    game = StealWarGame.from_hands([["KS"], ["5D", "6D"]], piles=[["2C", "3C", "4C"], []],
                                   policies=(never_steal, never_steal))
    events = run_until(game, "collect")
    kinds = [e.kind for e in events]
    # the refill comes right after the flip that emptied the hand, before the comparison
    assert kinds[:3] == ["flip", "shuffle", "compare"]
    assert events[1].player == 0 and events[1].cards == 3 and events[1].shuffled
    assert sorted(game.hands[0]) == sorted(cards("2C", "3C", "4C"))
    assert game.piles[0] == cards("5D", "KS")  # the won cards start a new pile


def test_a_pile_that_became_a_hand_cannot_be_stolen():
    # P1's last hand card is played; its pile (top 9H) becomes its hand at once, so P2's 9D finds
    # nothing to steal in the next round.
    game = StealWarGame.from_hands([["KS"], ["2D", "9D"]], piles=[["3C", "9H"], []],
                                   policies=(always_steal, always_steal))
    run_until(game, "collect")
    # P1 won 2D + KS; its pile shows KS (the winning card), not 9H
    assert game.top(0) == C("KS")
    assert not any(e.kind == "steal" for e in run_until(game, "flip"))


def test_a_player_with_no_cards_left_is_out_and_the_other_wins_all():
    game = StealWarGame.from_hands([["KS"], ["5D"]], policies=(never_steal, never_steal))
    events = []
    while (e := game.step()) is not None:
        events.append(e)
    assert [e.kind for e in events] == ["flip", "compare", "collect", "out", "game_over"]
    assert game.outcome.reason is Termination.ALL_CARDS and game.outcome.winner == 0
    assert game.legal_actions() == []  # the last collect needs no top choice


# --- game numbers, API ------------------------------------------------------------------------------

def test_game_number_round_trip():
    assert encode_steal_code(2, 42) == "steal_war-42"
    assert decode_steal_code("steal_war+players=3-7") == (3, 7)
    game = StealWarGame(seed=42)
    assert game.code == "steal_war-42"
    again = StealWarGame.from_code(game.code)
    assert again.hands == game.hands
    assert StealWarGame.from_code("steal_war+players=4-9").players == 4
    assert StealWarGame.from_hands([["2C"], ["3C"]]).code is None


@pytest.mark.parametrize("code", ["steal_war", "classic-1", "steal_war+players=5-1", "steal_war-x", 12,
                                  f"steal_war-{1 << 64}"])
def test_bad_game_numbers(code):
    with pytest.raises(ValueError, match="game number|too large"):
        StealWarGame.from_code(code)


@pytest.mark.parametrize("kwargs, message", [
    (dict(players=1), "players must be 2, 3 or 4"),
    (dict(players=5), "players must be 2, 3 or 4"),
    (dict(players=True), "players must be 2, 3 or 4"),
    (dict(seed=-1), "seed must be"),
    (dict(seed="x"), "seed must be"),
    (dict(policies=(greedy,)), "one entry per player"),
    (dict(policies=(greedy, 3)), "policy 2 must be callable"),
    (dict(policies="greedy"), "policies must be a tuple"),
])
def test_bad_constructor_input(kwargs, message):
    with pytest.raises(ValueError, match=message):
        StealWarGame(**kwargs)


@pytest.mark.parametrize("hands, piles, message", [
    ([["2C"], ["2C"]], None, "2C appears twice"),
    ([["2C"], ["3C"]], [["3C"], []], "3C appears twice"),
    ([["2C"], []], None, "at least two players"),
    ([["2C"]], None, "players must be 2, 3 or 4"),
    ([["ZZ"], ["3C"]], None, "not a card"),
    ([["2C"], "3C"], None, "hand 2 must be a list"),
    ([["2C"], ["3C"]], [[]], "piles needs one list per player"),
])
def test_bad_scripted_positions(hands, piles, message):
    with pytest.raises(ValueError, match=message):
        StealWarGame.from_hands(hands, piles)


def test_bad_max_rounds():
    with pytest.raises(ValueError, match="max_rounds"):
        StealWarGame(seed=1).play_to_end(max_rounds=-1)


def test_a_policy_returning_an_illegal_action_is_refused():
    game = StealWarGame.from_hands([["9S", "2C"], ["KH", "3D"]], piles=[[], ["9H"]],
                                   policies=(lambda g, legal: Steal(0), None))
    with pytest.raises(ValueError, match="not a legal action for player 1"):
        game.step()


def test_play_round_and_records():
    game = StealWarGame.from_hands([["9S", "2C"], ["KH", "3D"]], piles=[["4S"], ["8D", "9H"]],
                                   policies=(always_steal, greedy))
    record = game.play_round()
    assert record.number == 1 and record.winner == 1 and record.wars == 0
    assert [e.kind for e in record.events][:2] == ["steal", "flip"]
    assert game.round_number == 1 and game.history[0] == (1, 0, game.counts)
    assert game.steal_history == [(1, 0, 1, 2)]


def test_end_now_returns_the_table_and_decides_by_counts():
    game = StealWarGame.from_hands([["7S", "2C", "3C", "4C", "5C", "KC"], ["7H", "2D", "3D", "4D", "5D", "2H"]],
                                   policies=(never_steal, never_steal))
    run_until(game, "face_down")
    assert len(game.table) == 8
    outcome = game.end_now()
    assert outcome.reason is Termination.TIME and outcome.is_draw and game.counts == (6, 6)
    assert game.table == () and game.step() is None and game.end_now() is outcome


def test_subscribe_sees_every_beat_and_can_unsubscribe():
    game = StealWarGame(seed=3, policies=(greedy, greedy))
    seen = []
    stop = game.subscribe(seen.append)
    record = game.play_round()
    assert seen == list(record.events)
    stop()
    game.play_round()
    assert len(seen) == len(record.events)


def test_stats_come_from_the_history():
    game = StealWarGame(seed=8, policies=(greedy, always_steal))
    game.play_to_end()
    stats = game.stats
    assert stats.rounds == game.round_number
    assert stats.count_history[0] == (27, 27) and stats.count_history[-1] == game.outcome.counts
    assert stats.wars == sum(1 for _, w, _ in game.history if w)


def test_describe_event_reads_each_kind():
    game = StealWarGame.from_hands([["9S", "2C"], ["KH", "3D"]], piles=[["4S"], ["8D", "9H"]],
                                   policies=(always_steal, greedy))
    lines = [describe_event(e) for e in game.play_round().events]
    assert lines[0] == "r1 steal: P1 plays 9S on P2's pile of 2 and takes it (counts 5-2)"
    assert lines[1] == "r1 flip: battle 1: P1 2C, P2 KH"


# --- the policies ---------------------------------------------------------------------------

def test_card_win_chance():
    assert card_win_chance(C("RJ")) == pytest.approx((52 + 0.5) / 53)
    assert card_win_chance(C("2C")) == pytest.approx(1.5 / 53)
    assert card_win_chance(C("8C")) == pytest.approx(25.5 / 53)


def test_greedy_steals_with_a_low_card_but_keeps_a_joker_for_a_big_war():
    # battle 1, a 2 in hand, a pile of 2 to steal: steal.
    game = StealWarGame.from_hands([["2S", "KC"], ["KH", "3D"]], piles=[[], ["8D", "2H"]])
    run_to_decision(game)
    assert greedy(game, game.legal_actions()) == Steal(1)
    # a war with 8 cards on the table and a joker in hand; the pile to steal has 2 cards
    p0 = ["7S", "3C", "4C", "5C", "RJ", "9C"]
    p1 = ["7H", "3D", "4D", "5D", "2H", "9D"]
    game = StealWarGame.from_hands([p0, p1], piles=[[], ["8D", "JH"]][:1] + [["8D", "BJ"]])
    run_to_decision(game)
    assert game.looking_at(0) == C("RJ") and len(game.table) == 8
    threshold = steal_threshold(game, C("RJ"))
    assert threshold == pytest.approx((52.5 / 53 - 0.5) * 10)
    assert greedy(game, game.legal_actions()) == Play()
    assert always_steal(game, game.legal_actions()) == Steal(1)
    assert never_steal(game, game.legal_actions()) == Play()


def test_greedy_steals_the_biggest_pile():
    hands = [["9S", "2C"], ["KH", "3D"], ["QC", "4H"]]
    piles = [[], ["9H"], ["2S", "3S", "9C"]]
    game = StealWarGame.from_hands(hands, piles)
    run_to_decision(game)
    assert game.legal_actions() == [Play(), Steal(1), Steal(2)]
    assert greedy(game, game.legal_actions()) == Steal(2)
    assert always_steal(game, game.legal_actions()) == Steal(2)


def test_top_choices():
    # P1 wins 5C, RJ and BJ... both jokers won: no joker is left anywhere to match one.
    p0 = ["7S", "RJ", "4C", "5C", "KS", "9C"]
    p1 = ["7H", "BJ", "4D", "5D", "2H", "9D"]
    game = StealWarGame.from_hands([p0, p1])
    run_to_decision(game)
    legal = game.legal_actions()
    assert least_matchable_top(game, legal) == ChooseTop(C("RJ"))   # 0 unseen jokers, the higher "rank"
    assert never_steal(game, legal) == ChooseTop(C("KS"))            # the winning card
    assert greedy(game, legal) == ChooseTop(C("RJ"))


# --- play_to_end(max_rounds) ----------------------------------------------------------------

def test_play_to_end_stops_at_a_round_boundary():
    game = StealWarGame(seed=3, policies=(never_steal, never_steal))
    assert game.play_to_end(max_rounds=10) is None
    assert game.round_number == 10 and game.table == () and not game.is_over
    game.play_to_end(max_rounds=5)
    assert game.round_number == 15


# --- simulation --------------------------------------------------------------------------------

from war_widget.sim.simulation import game_seed  # noqa: E402
from war_widget.sim.steal import (  # noqa: E402
    StealSimulation,
    fast_game,
    format_table,
    policy_table,
    seat_bias,
    simulate_steal,
    wilson,
)
from war_widget.variants.steal import POLICIES  # noqa: E402


@pytest.mark.parametrize("a", ["never", "always", "greedy"])
@pytest.mark.parametrize("b", ["never", "always", "greedy"])
def test_the_fast_replica_plays_exactly_the_engines_games(a, b):
    for i in range(25):
        seed = game_seed(77, i)
        game = StealWarGame(2, seed, (POLICIES[a], POLICIES[b]))
        game.play_to_end(max_rounds=5000)
        outcome = game.outcome
        engine = (-1 if outcome.winner is None else outcome.winner, game.round_number,
                  len(game.steal_history), False, game.counts)
        assert fast_game(seed, a, b) == engine, (a, b, i)


def test_the_fast_replica_stops_at_the_round_cap_like_the_engine():
    for i in range(5):
        seed = game_seed(3, i)
        game = StealWarGame(2, seed, (never_steal, never_steal))
        game.play_to_end(max_rounds=30)
        outcome = game.end_now()
        fast = fast_game(seed, "never", "never", max_rounds=30)
        assert fast == (-1 if outcome.winner is None else outcome.winner, 30, 0, True, game.counts)


def test_simulate_steal_fast_and_full_agree():
    fast = simulate_steal("greedy", "always", 16, seed=4, engine="fast")
    full = simulate_steal("greedy", "always", 16, seed=4, engine="full")
    assert fast == full


def test_seats_are_swapped_in_pairs_on_the_same_deal():
    games: list = []
    seats: list[set[int]] = []

    def spy(game, legal):
        if not games or games[-1] is not game:
            games.append(game)
            seats.append(set())
        seats[-1].add(game.to_act)
        return never_steal(game, legal)

    simulate_steal(spy, "never", 4, seed=9)
    assert seats == [{0}, {1}, {0}, {1}]
    assert [g.dealt for g in games[0:2]] == [games[0].dealt] * 2 and games[2].dealt != games[0].dealt
    assert games[0].dealt == StealWarGame(2, game_seed(9, 0)).dealt


def test_a_policy_against_itself_is_exactly_even():
    # the two games of a pair are the same game with the names swapped
    result = simulate_steal("greedy", "greedy", 40, seed=2)
    assert result.share("A") == result.share("B") == 0.5 or result.share("draw") > 0


def test_stealing_beats_never_stealing():
    # a steal moves a whole pile to the thief for free; a player who never steals only ever
    # wins battles, so it should lose most games.
    result = simulate_steal("never", "always", 200, seed=1)
    assert result.share("A") < 0.1
    low, high = result.interval()
    assert low <= result.share("A") <= high


def test_interval_from_pair_scores():
    split = StealSimulation("x", "y", 0, ("A", "B") * 50, (1,) * 100, (0,) * 100, (False,) * 100, 50)
    # every pair is 1/2: no spread between pairs, so only the Wilson part remains
    assert split.interval() == pytest.approx(wilson(50, 100))
    lumpy = StealSimulation("x", "y", 0, ("A", "A", "B", "B") * 25, (1,) * 100, (0,) * 100, (False,) * 100, 50)
    half = 1.96 * (50 * 0.25 / 49 / 50) ** 0.5
    assert lumpy.interval() == pytest.approx((0.5 - half, 0.5 + half))


def test_wilson():
    low, high = wilson(0, 100)
    assert low == 0 and high == pytest.approx(0.037, abs=0.001)
    with pytest.raises(ValueError, match="at least one trial"):
        wilson(0, 0)


def test_seat_bias_and_table_format():
    bias = seat_bias("always", 20, seed=1)
    assert bias.games == 20 and 0 <= bias.share <= 1 and "seat 1 wins" in str(bias)
    assert bias.mean_rounds > 0 and "rounds a game" in str(bias)
    table = policy_table(6, seed=1, pairings=(("never", "always"),))
    text = format_table(table)
    assert text.splitlines()[0].split()[:3] == ["A", "B", "games"]
    assert text.splitlines()[1].split()[:3] == ["never", "always", "6"]


@pytest.mark.parametrize("kwargs, message", [
    (dict(policy_a="sneaky", policy_b="never", games=2), "policy A must be one of never, always, greedy"),
    (dict(policy_a="never", policy_b=3, games=2), "policy B must be a name"),
    (dict(policy_a="never", policy_b="never", games=0), "games must be a whole number >= 1"),
    (dict(policy_a="never", policy_b="never", games=2, seed=-1), "seed must be"),
    (dict(policy_a="never", policy_b="never", games=2, max_rounds=0), "max_rounds must be"),
    (dict(policy_a="never", policy_b="never", games=2, engine="gpu"), "engine must be"),
    (dict(policy_a=lambda g, legal: legal[0], policy_b="never", games=2, engine="fast"), "built-in policies"),
])
def test_bad_simulation_input(kwargs, message):
    with pytest.raises(ValueError, match=message):
        simulate_steal(**kwargs)


def test_share_of_an_unknown_side():
    with pytest.raises(ValueError, match="who must be"):
        simulate_steal("never", "never", 2).share("C")


def test_doctests_of_the_steal_modules():
    import doctest

    import war_widget.sim.steal as simulation_module
    import war_widget.variants.steal.game as game_module
    for module in (game_module, simulation_module):
        failures, tried = doctest.testmod(module)
        assert tried > 0 and failures == 0, module.__name__


# --- the golden playthrough -------------------------------------------------------------------

import os  # noqa: E402
import re  # noqa: E402
from pathlib import Path  # noqa: E402

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "steal_war.txt"
GOLDEN_SEED = 226  # a short game with a steal, a swap, a protection, wars, shuffles and a shortage


def golden_text() -> str:
    game = StealWarGame(2, GOLDEN_SEED, (greedy, always_steal))
    lines = [f"# Steal War golden playthrough: StealWarGame(2, seed={GOLDEN_SEED}, policies=(greedy, always_steal))",
             f"# game number {game.code}; regenerate: STEAL_GOLDEN=regen pytest tests/test_steal.py -k golden",
             *(f"# dealt P{p + 1}: {' '.join(c.code for c in hand)}" for p, hand in enumerate(game.dealt))]
    while (event := game.step()) is not None:
        lines.append(describe_event(event))
    return "\n".join(lines) + "\n"


def test_golden_playthrough():
    text = golden_text()
    if os.environ.get("STEAL_GOLDEN") == "regen":
        tmp = GOLDEN.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, GOLDEN)
    assert GOLDEN.read_text(encoding="utf-8") == text


def test_golden_file_is_consistent_on_its_own():
    """Checks that do not trust the engine: the deal is 27 + 27 distinct cards, counts after
    every collect add up to 54 (nothing on the table), steals and swaps keep the total too,
    and every round's first face-up card comes from the top of a hand."""
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    dealt = [line.split(": ", 1)[1].split() for line in lines if line.startswith("# dealt")]
    assert [len(d) for d in dealt] == [27, 27] and len(set(dealt[0] + dealt[1])) == 54
    kinds = set()
    for line in lines:
        if line.startswith("#"):
            continue
        kind = re.match(r"r\d+ (\w+):", line).group(1)
        kinds.add(kind)
        counts = re.search(r"counts (\d+)-(\d+)", line)
        if counts:
            total = int(counts.group(1)) + int(counts.group(2))
            # after a collect the table is empty; a steal may happen with a war on the table
            assert total == 54 if kind in ("collect", "game_over") else total <= 54, line
    assert {"steal", "swap", "protect", "war", "face_down", "shuffle", "top", "game_over"} <= kinds
    first_flip = next(line for line in lines if " flip: " in line)
    assert first_flip == f"r1 flip: battle 1: P1 {dealt[0][0]}, P2 {dealt[1][0]}"
