"""Rules: the preset table of docs/rules.md, validation of every option and combination, rank orders."""
from __future__ import annotations

import pytest

from war_widget import Card, Rules
from war_widget.game.rules import SCHOOL_PRESETS

C = Card.parse

# The preset table of docs/rules.md, column by column (deck, face_down, capture, gather, shortage, zero, limit).
TABLE = {
    "classic": (52, 1, "won_pile", "shuffle", "last_card_up", "lose", 40),
    "classic_long": (52, 1, "won_pile", "shuffle", "last_card_up", "lose", 240),
    "kids": (52, 0, "bottom", "shuffle", "last_card_up", "reuse", None),
    "kids_aside": (52, 0, "aside", None, "last_card_up", "reuse", None),
    "bicycle": (52, 1, "bottom", "played", "lose", None, None),
    "pagat": (52, 1, "bottom", "shuffle", "lose", None, None),
    "pagat_last_card": (52, 1, "bottom", "shuffle", "last_card_up", "reuse", None),
    "three_down": (52, 3, "bottom", "shuffle", "last_card_up", "reuse", None),
    "razboi": (52, "by_rank", "bottom", "shuffle", "fewest", "lose", None),
    "pjanitsa": (36, 0, "bottom", "shuffle", "last_card_up", "reuse", None),
    "tod_und_leben": (32, 0, "aside", None, "split", None, None),
    # the number lessons (issue 27): the kids' rules, A = 1 ... K = 13 in the battle itself
    "number_lesson": (52, 0, "bottom", "shuffle", "last_card_up", "reuse", None),
    "number_lesson_10": (40, 0, "bottom", "shuffle", "last_card_up", "reuse", None),
}


def test_presets_are_the_table():
    assert Rules.presets() == list(TABLE) + list(SCHOOL_PRESETS)   # the school variants: test_school_variants.py


@pytest.mark.parametrize("name", list(TABLE))
def test_preset_matches_rules_md(name):
    deck, down, capture, gather, shortage, zero, limit = TABLE[name]
    r = Rules.preset(name)
    assert (r.deck, r.face_down, r.capture, r.shortage, r.round_limit) == (deck, down, capture, shortage, limit)
    if gather is not None:
        assert r.gather == gather
    if zero is not None:
        assert r.zero == zero
    assert r.players == 2 and r.jokers == 0 and r.goal == "collect"
    assert r.rank_order == ("low_beats_ace" if name == "pjanitsa" else "ace_low" if name.startswith("number_lesson")
                            else "ace_high")
    assert r.preset_name == name
    assert r.cards_per_player == {52: 26, 36: 18, 32: 16, 40: 20}[deck]
    if capture == "won_pile":
        assert r.shuffle_won_pile


def test_replace_validates_and_keeps_the_rest():
    r = Rules.preset("classic").replace(face_down=3)
    assert r.face_down == 3 and r.round_limit == 40 and r.preset_name is None
    with pytest.raises(ValueError, match=r"face_down must be 0, 1, 2, 3 or 'by_rank'; got 4"):
        r.replace(face_down=4)
    with pytest.raises(ValueError, match="unknown rule option.*colour.*options are: battle_cards, battle_value, cap"):
        r.replace(colour="red")


@pytest.mark.parametrize("changes,message", [
    (dict(deck=44), r"deck must be one of 52, 36, 32, 40, 'A9'; got 44"),
    (dict(deck=52.0), r"deck must be one of 52, 36, 32, 40, 'A9'; got 52.0"),
    (dict(players=2.0), r"players must be 2, 3 or 4; got 2.0"),
    (dict(face_down=1.0), r"face_down must be 0, 1, 2, 3 or 'by_rank'; got 1.0"),
    (dict(jokers=1), r"jokers must be 0 or 2; got 1"),
    (dict(jokers=True), r"jokers must be 0 or 2"),
    (dict(joker_deal="each"), r"joker_deal must be one of 'random', 'split'"),
    (dict(rank_order="suit"), r"rank_order must be one of 'ace_high', 'ace_low', 'two_high', 'low_beats_ace'"),
    (dict(players=5), r"players must be 2, 3 or 4; got 5"),
    (dict(players=1), r"players must be 2, 3 or 4"),
    (dict(face_down=-1), r"face_down must be 0, 1, 2, 3 or 'by_rank'; got -1"),
    (dict(face_down="rank"), r"face_down must be 0, 1, 2, 3 or 'by_rank'"),
    (dict(face_down=True), r"face_down must be 0, 1, 2, 3 or 'by_rank'"),
    (dict(capture="top"), r"capture must be one of 'bottom', 'won_pile', 'aside'; got 'top'"),
    (dict(gather="random"), r"gather must be one of 'shuffle', 'played', .* or a callable policy"),
    (dict(gather=("played", "nope")), r"gather must be one of .*got 'nope'"),
    (dict(shuffle_won_pile="yes"), r"shuffle_won_pile must be True or False"),
    (dict(shortage="borrow"), r"shortage must be one of 'last_card_up', 'lose', 'split'"),
    (dict(zero="draw"), r"zero must be one of 'lose', 'reuse'"),
    (dict(war_players="some"), r"war_players must be one of 'tied', 'all'"),
    (dict(teams=1), r"teams must be True or False"),
    (dict(round_limit=0), r"round_limit must be None or a positive whole number of rounds; got 0"),
    (dict(round_limit=40.0), r"round_limit must be None or a positive whole number"),
    (dict(round_limit=True), r"round_limit must be None or a positive whole number"),
    (dict(goal="win"), r"goal must be one of 'collect', 'loser_all', 'loser_first_out'"),
    (dict(deal="deck"), r"deal must be one of 'alternate', 'by_color'"),
])
def test_invalid_options(changes, message):
    with pytest.raises(ValueError, match=message):
        Rules(**changes)


@pytest.mark.parametrize("changes,message", [
    (dict(joker_deal="split"), r"joker_deal='split' .* needs jokers=2"),
    (dict(teams=True), r"teams \(two against two\) needs players=4; got players=2"),
    (dict(teams=True, players=3), r"needs players=4; got players=3"),
    (dict(teams=True, players=4, goal="loser_all"), r"drunkard goals .* are for players, not teams"),
    (dict(deal="by_color", players=3), r"deal='by_color' .* needs players=2 and jokers=0"),
    (dict(deal="by_color", jokers=2), r"deal='by_color' .* needs players=2 and jokers=0"),
    (dict(gather=("played", "shuffle", "played")), r"gather as a tuple needs one order per player \(2\); got 3"),
    (dict(players=3, gather=("played", "shuffle")), r"one order per player \(3\); got 2"),
])
def test_invalid_combinations(changes, message):
    with pytest.raises(ValueError, match=message):
        Rules(**changes)


def test_unknown_preset():
    with pytest.raises(ValueError, match=r"unknown preset 'steal_war'; presets are: classic, classic_long"):
        Rules.preset("steal_war")


def test_gather_per_player_and_callable():
    policy = lambda cards, player: sorted(cards)  # noqa: E731
    r = Rules(gather=("played", policy))
    assert r.gather_for(0) == "played" and r.gather_for(1) is policy
    assert Rules(gather=["played", "shuffle"]).gather == ("played", "shuffle")   # a list reads as the tuple
    with pytest.raises(ValueError, match="callable gather policy cannot be saved"):
        r.to_dict()


def test_dict_round_trip_and_unknown_keys():
    for name in Rules.presets():
        r = Rules.preset(name)
        assert Rules.from_dict(r.to_dict()) == r
    r = Rules(players=3, gather=("played", "shuffle", "winner_first"), round_limit=50)
    assert Rules.from_dict(r.to_dict()) == r
    with pytest.raises(ValueError, match="unknown rule option"):
        Rules.from_dict({"decks": 2})
    with pytest.raises(ValueError, match="rules must be a JSON object of options; got list"):
        Rules.from_dict([1, 2])


@pytest.mark.parametrize("order,high,low", [
    ("ace_high", "AS", "KS"), ("ace_high", "3S", "2S"),
    ("ace_low", "KS", "QS"), ("ace_low", "2S", "AS"),
    ("two_high", "2S", "AS"), ("two_high", "4S", "3S"),
    ("low_beats_ace", "2S", "AS"), ("low_beats_ace", "3S", "2S"), ("low_beats_ace", "AS", "KS"),
])
def test_rank_orders_two_cards(order, high, low):
    r = Rules(rank_order=order)
    assert r.best([C(high), C(low)]) == [0]
    assert r.best([C(low), C(high)]) == [1]


def test_rank_order_extremes():
    deck = [c for c in Rules().deck_cards]
    lowest = {"ace_high": 2, "ace_low": 14, "two_high": 3}
    highest = {"ace_high": 14, "ace_low": 13, "two_high": 2}
    for order in lowest:
        r = Rules(rank_order=order)
        ranked = sorted(deck, key=r.strength)
        assert ranked[0].rank == lowest[order] and ranked[-1].rank == highest[order]


def test_low_beats_ace_with_three_cards_and_36_deck():
    r = Rules(deck=36, rank_order="low_beats_ace", players=3)
    assert r.best([C("AS"), C("6H"), C("KD")]) == [1]        # six highest when an ace is out
    assert r.best([C("6H"), C("KD"), C("7C")]) == [1]        # otherwise lowest
    assert r.best([C("AS"), C("6H"), C("6D")]) == [1, 2]     # two sixes over an ace tie
    assert r.best([C("2S"), C("AS")]) == [1]                 # 2 is not in this deck's role


def test_jokers_are_highest_and_tie():
    for order in ("ace_high", "ace_low", "two_high", "low_beats_ace"):
        r = Rules(rank_order=order, jokers=2)
        assert r.best([C("AS"), C("RJ"), C("2S")]) == [1]
        assert r.best([C("BJ"), C("RJ")]) == [0, 1]


def test_equal_ranks_tie_whatever_the_suits():
    assert Rules().best([C("5H"), C("5S")]) == [0, 1]


def test_display_values():
    assert Rules().display_value(C("AS")) == 14 and Rules().display_value(C("QS")) == 12
    assert Rules(rank_order="ace_low").display_value(C("AS")) == 1
    assert Rules(rank_order="two_high").display_value(C("2S")) == 15
    assert Rules(jokers=2).display_value(C("RJ")) is None


def test_war_cards():
    assert [Rules(face_down=k).war_cards(9) for k in range(4)] == [1, 2, 3, 4]
    r = Rules.preset("razboi")
    assert [r.war_cards(k) for k in range(2, 15)] == [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11]


def test_has_randomness_after_deal():
    assert Rules.preset("classic").has_randomness_after_deal
    assert not Rules.preset("bicycle").has_randomness_after_deal
    assert not Rules.preset("kids_aside").has_randomness_after_deal
    assert not Rules.preset("tod_und_leben").has_randomness_after_deal
    assert Rules(capture="won_pile", gather="played", shuffle_won_pile=True).has_randomness_after_deal
    assert not Rules(capture="won_pile", gather="played", shuffle_won_pile=False).has_randomness_after_deal
    assert Rules(capture="bottom", gather=("played", "shuffle")).has_randomness_after_deal


def test_describe():
    assert Rules.preset("classic").describe() == "A high · war: 1 down + 1 up · short: last card up (0 cards loses)"
    assert "6 beats A" in Rules.preset("pjanitsa").describe()
    assert "cards by rank" in Rules.preset("razboi").describe()
    assert "can't finish a war loses" in Rules.preset("bicycle").describe()
