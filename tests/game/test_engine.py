"""The engine on scripted positions: the worked examples of docs/rules.md, beats, capture modes,
gather orders, rank orders in play, jokers, deals, Razboi, Tod und Leben and cycles."""
from __future__ import annotations

from collections import Counter

import pytest

from war_widget import Card, Game, Rules, Termination
from war_widget.game.events import Collected, Compared, FaceDownLaid, Flipped, GameOver, Shuffled, WarDeclared
from war_widget.game.rng import SplitMix64

C = Card.parse


def full_hands(tops: list[list[str]], rules: Rules | str = "classic", size: int | None = None) -> list[list[str]]:
    """Each player's given top cards, then the rest of the deck in a fixed order, dealt in turn,
    until every hand has ``size`` cards (default: the rules' cards per player)."""
    rules = Rules.preset(rules) if isinstance(rules, str) else rules
    size = size or rules.cards_per_player
    used = {C(c) for top in tops for c in top}
    assert len(used) == sum(len(t) for t in tops), "duplicate card in the script"
    rest = iter(c.code for c in rules.deck_cards if c not in used)
    hands = [list(t) for t in tops]
    while any(len(h) < size for h in hands):
        for h in hands:
            if len(h) < size:
                h.append(next(rest))
    return hands


def table_codes(game: Game) -> list[str]:
    return [t.card.code for t in game.table]


def check_conservation(game: Game) -> None:
    held = [c for h in game.hands for c in h] + [c for w in game.won for c in w] + [t.card for t in game.table]
    assert Counter(held) == Counter(c for h in game.dealt for c in h)


# --- worked examples of docs/rules.md ----------------------------------------------------------------
def test_worked_example_000_first_six_rounds():
    # You: K, 4, 9 (war: 1 down, A), a card below Q, 6 (war: 1 down, 2), 5.
    # Opponent: 7, J, 9 (war: 1 down, 10), Q, 6 (war: 1 down, K), 3.
    you = ["KS", "4H", "9S", "2C", "AH", "8C", "6S", "3S", "2D", "5H"]
    opp = ["7D", "JC", "9H", "4D", "10S", "QH", "6H", "7C", "KC", "3D"]
    game = Game.from_hands("classic", full_hands([you, opp]))
    assert game.counts == (26, 26)
    records = [game.play_round() for _ in range(6)]
    assert [r.counts for r in records] == [(27, 25), (26, 26), (29, 23), (28, 24), (25, 27), (26, 26)]
    assert [r.winner for r in records] == [0, 1, 0, 1, 1, 0]
    assert [len(r.cards_moved) for r in records] == [2, 2, 6, 2, 6, 2]
    assert [r.wars for r in records] == [0, 0, 1, 0, 1, 0]
    assert set(records[2].cards_moved) == {C(c) for c in ("9S", "2C", "AH", "9H", "4D", "10S")}
    assert records[2].battles == (((0, C("9S")), (1, C("9H"))), ((0, C("AH")), (1, C("10S"))))
    assert records[4].battles[-1] == ((0, C("2D")), (1, C("KC")))
    assert all(sum(r.counts) == 52 for r in records)
    assert game.round_number == 6 and not game.is_over


def test_worked_example_004_double_war_moves_ten():
    a = ["8S", "2C", "KS", "3C", "4S"]
    b = ["8H", "2D", "KH", "3D", "AH"]
    game = Game.from_hands("bicycle", full_hands([a, b], "bicycle"))
    record = game.play_round()
    assert record.wars == 2 and record.winner == 1
    assert len(record.cards_moved) == 10 and record.counts == (21, 31)
    # gather="played": battle by battle, player 1's cards (down, then up) before player 2's.
    assert [c.code for c in record.cards_moved] == ["8S", "8H", "2C", "KS", "2D", "KH", "3C", "4S", "3D", "AH"]
    assert [c.code for c in list(game.hands[1])[-10:]] == [c.code for c in record.cards_moved]


def test_worked_example_003_three_down_war_moves_ten():
    a = ["9S", "2C", "3C", "4C", "5S"]
    b = ["9H", "2D", "3D", "4D", "JH"]
    game = Game.from_hands("three_down", full_hands([a, b], "three_down"))
    beats = [game.step() for _ in range(6)]
    assert [e.kind for e in beats] == ["flip", "compare", "war", "face_down", "flip", "compare"]
    assert beats[2].face_down == ((0, 3), (1, 3))
    assert beats[3].cards == ((0, (C("2C"), C("3C"), C("4C"))), (1, (C("2D"), C("3D"), C("4D"))))
    assert len(game.table) == 10 and sum(not t.face_up for t in game.table) == 6
    collected = game.step()
    assert isinstance(collected, Collected) and collected.winner == 1 and len(collected.cards) == 10
    assert game.counts == (21, 31)


# --- beats, rounds, subscribers ----------------------------------------------------------------
def test_a_war_walked_beat_by_beat():
    game = Game.from_hands("classic", [["9S", "2C", "AH", "3S"], ["9H", "4D", "10S", "3D"]])
    seen = []
    unsubscribe = game.subscribe(seen.append)
    flip = game.step()
    assert isinstance(flip, Flipped) and flip.cards == ((0, C("9S")), (1, C("9H"))) and flip.round == 1
    assert game.in_round and table_codes(game) == ["9S", "9H"] and game.counts == (3, 3)
    compare = game.step()
    assert isinstance(compare, Compared) and compare.winner is None and compare.tied == (0, 1)
    war = game.step()
    assert isinstance(war, WarDeclared) and war.players == (0, 1) and war.face_down == ((0, 1), (1, 1))
    down = game.step()
    assert isinstance(down, FaceDownLaid) and down.cards == ((0, (C("2C"),)), (1, (C("4D"),)))
    assert [t.face_up for t in game.table] == [True, True, False, False]
    assert [t.battle for t in game.table] == [1, 1, 2, 2]
    flip2 = game.step()
    assert flip2.battle == 2 and flip2.cards == ((0, C("AH")), (1, C("10S")))
    compare2 = game.step()
    assert compare2.winner == 0 and compare2.battle == 2
    collect = game.step()
    assert isinstance(collect, Collected) and collect.counts == (7, 1) and collect.wars == 1
    assert not game.in_round and game.round_number == 1 and game.table == ()
    assert seen == [flip, compare, war, down, flip2, compare2, collect]
    unsubscribe()
    game.step()
    assert len(seen) == 7
    assert game.history == [(0, 1, (7, 1))]


def test_play_round_mid_round_finishes_that_round():
    game = Game.from_hands("classic", full_hands([["9S", "2C", "AH"], ["9H", "4D", "10S"]]))
    first = [game.step(), game.step(), game.step()]           # flip, compare, war
    record = game.play_round()
    assert record.number == 1 and record.events[:3] == tuple(first)
    assert record.wars == 1 and record.winner == 0 and record.counts == (29, 23)
    nxt = game.play_round()
    assert nxt.number == 2 and nxt.events[0].round == 2 and len(nxt.battles) >= 1


def test_play_to_end_with_a_cap_and_the_end():
    game = Game("kids", seed=5)
    assert game.play_to_end(max_rounds=10) is None and game.round_number == 10 and not game.in_round
    outcome = game.play_to_end()
    assert outcome is game.outcome and game.step() is None and game.play_round() is None
    assert isinstance(game.history, list) and len(game.history) == game.round_number


def test_end_now_between_rounds_decides_by_counts():
    game = Game.from_hands("classic", full_hands([["KS"], ["7D"]]))
    game.play_round()
    events = []
    game.subscribe(events.append)
    outcome = game.end_now()
    assert outcome.reason is Termination.TIME and outcome.winner == 0 and outcome.counts == (27, 25)
    assert isinstance(events[-1], GameOver) and game.step() is None and game.end_now() is outcome


def test_end_now_mid_war_gives_the_table_back():
    game = Game.from_hands("kids", [["9S", "AH", "2C"], ["9H", "10S"]])
    events = []
    game.subscribe(events.append)
    game.step(), game.step()                                   # 9 v 9 on the table
    outcome = game.end_now()
    assert [e.kind for e in events[-2:]] == ["return", "game_over"]
    assert events[-2].cards == ((0, (C("9S"),)), (1, (C("9H"),)))
    assert outcome.counts == (3, 2) and outcome.winner == 0 and game.table == ()
    assert game.round_number == 0                              # the abandoned round is not counted
    check_conservation(game)


def test_end_now_draw():
    game = Game.from_hands("kids", [["KS", "2C"], ["KH", "2D"]])
    assert game.end_now().is_draw and game.outcome.drawn == (0, 1)


# --- capture modes ------------------------------------------------------------------------
def test_capture_bottom_goes_under_the_hand_at_once():
    game = Game.from_hands(Rules(capture="bottom", gather="played", round_limit=None), [["KS", "2C"], ["7D", "3D"]])
    game.play_round()
    assert list(game.hands[0]) == [C("2C"), C("KS"), C("7D")] and not game.won[0]


@pytest.mark.parametrize("shuffle", [True, False])
def test_capture_won_pile_becomes_the_hand(shuffle):
    rules = Rules(capture="won_pile", gather="played", shuffle_won_pile=shuffle, round_limit=None)
    game = Game.from_hands(rules, [["KS", "QS", "5C"], ["7D", "3D", "4D", "8D"]], seed=77)
    for _ in range(2):
        game.play_round()
    assert list(game.won[0]) == [C("KS"), C("7D"), C("QS"), C("3D")] and game.counts == (5, 2)
    record = game.play_round()                  # 5 v 4: player 1 wins, hand now empty
    assert not game.hands[0] and len(game.won[0]) == 6
    record = game.play_round()                  # the won pile becomes the hand first
    shuffled = record.events[0]
    assert isinstance(shuffled, Shuffled) and (shuffled.player, shuffled.cards, shuffled.shuffled) == (0, 6, shuffle)
    pile = [C(c) for c in ("KS", "7D", "QS", "3D", "5C", "4D")]
    if shuffle:
        SplitMix64(77).shuffle(pile)            # the first draw of the game's generator
    assert record.battles[0][0] == (0, pile[0])


def test_capture_aside_cards_never_come_back():
    game = Game.from_hands("kids_aside", [["KS", "2C", "9S"], ["7D", "3D", "4D"]])
    game.play_to_end()
    assert [list(w) for w in game.won] == [[C("KS"), C("7D"), C("9S"), C("4D")], [C("2C"), C("3D")]]
    assert game.outcome.reason is Termination.HANDS_EMPTY and game.outcome.winner == 0
    assert game.round_number == 3 and game.outcome.counts == (4, 2)


def test_capture_aside_draw():
    game = Game.from_hands("kids_aside", [["KS", "2C"], ["7D", "3D"]])
    assert game.play_to_end().is_draw and game.outcome.counts == (2, 2)


# --- gather orders ------------------------------------------------------------------------
def war_round(gather, winner_cards=("9S", "2C", "AH"), loser_cards=("9H", "4D", "10S")):
    rules = Rules(capture="bottom", gather=gather, round_limit=None)
    game = Game.from_hands(rules, [list(winner_cards) + ["KC"], list(loser_cards) + ["QC"]], seed=3)
    return game, game.play_round()


def test_gather_played():
    _, r = war_round("played")
    assert [c.code for c in r.cards_moved] == ["9S", "9H", "2C", "AH", "4D", "10S"]


def test_gather_winner_first():
    _, r = war_round("winner_first")
    assert [c.code for c in r.cards_moved] == ["9S", "2C", "AH", "9H", "4D", "10S"]


def test_gather_high_and_low_first():
    _, r = war_round("high_first")
    assert [c.rank for c in r.cards_moved] == [14, 10, 9, 9, 4, 2]
    _, r = war_round("low_first")
    assert [c.rank for c in r.cards_moved] == [2, 4, 9, 9, 10, 14]


def test_gather_shuffle_is_the_generators_shuffle_of_the_played_order():
    game, r = war_round("shuffle")
    expected = [C(c) for c in ["9S", "9H", "2C", "AH", "4D", "10S"]]
    SplitMix64(3).shuffle(expected)
    assert list(r.cards_moved) == expected and list(game.hands[0])[-6:] == expected


def test_gather_policy_per_player():
    calls = []

    def reverse(cards, player):
        calls.append((tuple(cards), player))
        return list(reversed(cards))

    rules = Rules(capture="bottom", gather=(reverse, "played"), round_limit=None)
    game = Game.from_hands(rules, [["9S", "2C", "AH", "2S"], ["9H", "4D", "10S", "KH"]])
    r = game.play_round()
    assert [c.code for c in r.cards_moved] == ["10S", "4D", "AH", "2C", "9H", "9S"]
    assert calls == [(tuple(C(c) for c in ["9S", "9H", "2C", "AH", "4D", "10S"]), 0)]
    r = game.play_round()                      # 2 v K: player 2 gathers in played order
    assert [c.code for c in r.cards_moved] == ["2S", "KH"] and len(calls) == 1


@pytest.mark.parametrize("bad", [lambda cards, p: list(cards)[:-1], lambda cards, p: list(cards) + [C("AS")],
                                 lambda cards, p: [C("AS")] * len(cards), lambda cards, p: None])
def test_gather_policy_must_return_the_same_cards(bad):
    rules = Rules(capture="bottom", gather=bad, round_limit=None)
    game = Game.from_hands(rules, [["KS", "2C"], ["7D", "3D"]])
    game.step(), game.step()
    before = game.table
    with pytest.raises(ValueError, match=r"gather policy of player 1 must return the cards it was given, reordered "
                                         r"\(2 cards: KS 7D\)"):
        game.step()
    assert game.table == before and game.counts == (1, 1)   # nothing moved


# --- rank orders in play --------------------------------------------------------------------
@pytest.mark.parametrize("order,a,b,winner", [
    ("ace_high", "AS", "KS", 0), ("ace_low", "AS", "KS", 1), ("ace_low", "AS", "2S", 1),
    ("two_high", "2S", "AS", 0), ("two_high", "3S", "4S", 1), ("low_beats_ace", "2S", "AS", 0),
    ("low_beats_ace", "2S", "3S", 1),
])
def test_rank_order_in_play(order, a, b, winner):
    game = Game.from_hands(Rules(rank_order=order), [[a, "5C"], [b, "6C"]])
    assert game.play_round().winner == winner


def test_six_beats_ace_in_pjanitsa_and_is_highest_with_three_players():
    game = Game.from_hands("pjanitsa", [["6S", "7C"], ["AH", "8C"]])
    assert game.play_round().winner == 0
    rules = Rules.preset("pjanitsa").replace(players=3)
    game = Game.from_hands(rules, [["AS", "7C"], ["6H", "8C"], ["KD", "9C"]])
    r = game.play_round()
    assert r.winner == 1 and set(r.cards_moved) == {C("AS"), C("6H"), C("KD")}
    game = Game.from_hands(rules, [["6S", "7C"], ["QH", "8C"], ["KD", "9C"]])
    assert game.play_round().winner == 2                         # no ace: the six is lowest


def test_jokers_in_play():
    rules = Rules(jokers=2, capture="bottom", gather="played", round_limit=None)
    game = Game.from_hands(rules, [["RJ", "BJ", "5C", "9C"], ["AS", "JH", "2C", "10C"]])
    assert game.play_round().winner == 0                          # joker over ace
    game = Game.from_hands(rules, [["RJ", "5C", "9C"], ["BJ", "2C", "10C"]])
    r = game.play_round()                                         # two jokers tie: a war
    assert r.wars == 1 and r.winner == 1


# --- deals ------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,per,unused", [(2, 26, 0), (3, 17, 1), (4, 13, 0)])
def test_deal_sizes(players, per, unused):
    game = Game(Rules(players=players), seed=11)
    assert [len(h) for h in game.dealt] == [per] * players and len(game.unused) == unused
    assert Counter([c for h in game.dealt for c in h] + game.unused) == Counter(Rules().deck_cards)


def test_deal_is_one_card_at_a_time_from_the_shuffled_deck():
    deck = Rules(players=3).deck_cards
    SplitMix64(8).shuffle(deck)
    game = Game(Rules(players=3), seed=8)
    assert [list(h) for h in game.dealt] == [deck[0:51:3], deck[1:51:3], deck[2:51:3]] and game.unused == deck[51:]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_split_jokers_never_go_to_one_player(players):
    rules = Rules(players=players, jokers=2, joker_deal="split")
    holders_seen = Counter()
    for seed in range(150):
        game = Game(rules, seed=seed)
        holders = [p for p, h in enumerate(game.dealt) for c in h if c.is_joker]
        assert len(holders) == 2 and holders[0] != holders[1]
        holders_seen.update(holders)
        per = 54 // players
        assert [len(h) for h in game.dealt] == [per] * players and len(game.unused) == 54 - per * players
        check_conservation(game)
    assert set(holders_seen) == set(range(players))               # every seat can get one


def test_random_jokers_sometimes_go_to_one_player():
    both = sum(1 for seed in range(200)
               if any(sum(c.is_joker for c in h) == 2 for h in Game(Rules(jokers=2), seed=seed).dealt))
    assert 60 < both < 140                                       # P = 25/53, about 94 of 200


def test_deal_by_color():
    for seed in range(5):
        game = Game(Rules.preset("tod_und_leben").replace(deal="by_color"), seed=seed)
        assert all(not c.is_red for c in game.dealt[0]) and all(c.is_red for c in game.dealt[1])
        assert [len(h) for h in game.dealt] == [16, 16]
    assert Game(Rules(deal="by_color"), seed=1).dealt != Game(Rules(deal="by_color"), seed=2).dealt


# --- Razboi -------------------------------------------------------------------------------------
@pytest.mark.parametrize("rank,cards", [("5", 5), ("9", 9), ("10", 10), ("J", 10), ("K", 10), ("A", 11)])
def test_razboi_war_cards(rank, cards):
    hands = full_hands([[rank + "S"], [rank + "H"]], "razboi")
    game = Game.from_hands("razboi", hands)
    game.step(), game.step()
    war = game.step()
    assert war.face_down == ((0, cards - 1), (1, cards - 1))
    down = game.step()
    assert [len(cs) for _, cs in down.cards] == [cards - 1, cards - 1]
    game.step()
    assert len(game.table) == 2 + 2 * cards
    assert game.counts == (26 - 1 - cards, 26 - 1 - cards)


def test_by_rank_with_last_card_up_plays_the_last_card_up():
    rules = Rules.preset("razboi").replace(shortage="last_card_up", zero="reuse")
    game = Game.from_hands(rules, [["8S", "2C", "3C", "KS"], ["8H"] + [f"{r}D" for r in range(2, 11)]])
    game.step(), game.step()
    war = game.step()
    assert war.face_down == ((0, 2), (1, 7))                       # 3 left: 2 down, the last up
    game.play_round()
    check_conservation(game)


# --- Tod und Leben ------------------------------------------------------------------------------
def test_tod_und_leben_tie_turns_the_next_card():
    game = Game.from_hands("tod_und_leben", [["9S", "7S", "AS"], ["9H", "8H", "KH"]])
    r = game.play_round()
    assert r.wars == 1 and r.winner == 1 and len(r.cards_moved) == 4 and not any(
        isinstance(e, FaceDownLaid) for e in r.events)
    assert list(game.won[1]) == [C("9S"), C("9H"), C("7S"), C("8H")]


def test_tod_und_leben_tie_on_the_last_cards_each_takes_one():
    game = Game.from_hands("tod_und_leben", [["KS", "8S"], ["QH", "8H"]])
    game.play_round()
    r = game.play_round()
    assert r.winner is None and r.cards_moved == ()
    assert [e.kind for e in r.events] == ["flip", "compare", "war", "return", "game_over"]
    assert r.events[3].cards == ((0, (C("8S"),)), (1, (C("8H"),)))
    assert list(game.won[0]) == [C("KS"), C("QH"), C("8S")] and list(game.won[1]) == [C("8H")]
    assert game.outcome.reason is Termination.HANDS_EMPTY and game.outcome.winner == 0


def test_tod_und_leben_chain_of_ties_to_the_end_is_split_back():
    game = Game.from_hands("tod_und_leben", [["10S", "8S"], ["10H", "8H"]])
    r = game.play_round()
    assert r.wars == 2 and r.events[-2].cards == ((0, (C("10S"), C("8S"))), (1, (C("10H"), C("8H"))))
    assert game.outcome.is_draw and game.outcome.counts == (2, 2)


def test_tod_und_leben_full_deal_ends_after_the_hands():
    game = Game("tod_und_leben", seed=4)
    game.play_to_end()
    assert game.round_number <= 16 and not any(game.hands) and sum(game.counts) == 32
    assert game.outcome.reason is Termination.HANDS_EMPTY


# --- cycles ---------------------------------------------------------------------------------------
def test_cycle_from_the_deal():
    # Bicycle rules (bottom, gather "played", no shuffling anywhere).  By hand:
    #   deal  A [K♠ 2♠]       B [3♥ Q♥]
    #   r1 K♠ v 3♥: A [2♠ K♠ 3♥]   B [Q♥]
    #   r2 2♠ v Q♥: A [K♠ 3♥]      B [2♠ Q♥]
    #   r3 K♠ v 2♠: A [3♥ K♠ 2♠]   B [Q♥]
    #   r4 3♥ v Q♥: A [K♠ 2♠]      B [3♥ Q♥]   = the deal: the cycle starts at 0, period 4.
    game = Game.from_hands("bicycle", [["KS", "2S"], ["3H", "QH"]])
    outcome = game.play_to_end()
    assert outcome.reason is Termination.CYCLE and (outcome.cycle_start, outcome.cycle_period) == (0, 4)
    assert game.round_number == 4 and outcome.is_draw and outcome.counts == (2, 2)


def test_cycle_after_a_lead_in():
    # deal A [K♠] B [2♠ 3♥ Q♥]; r1 K♠ v 2♠ -> A [K♠ 2♠] B [3♥ Q♥], the deal of the test above:
    # that position recurs 4 rounds later, at round 5.
    game = Game.from_hands("bicycle", [["KS"], ["2S", "3H", "QH"]])
    outcome = game.play_to_end()
    assert (outcome.reason, outcome.cycle_start, outcome.cycle_period, game.round_number) == (
        Termination.CYCLE, 1, 4, 5)


def test_cycle_with_an_unshuffled_won_pile():
    # won_pile, not shuffled, gather "played".  deal A [K♠] B [2♠]... too short to cycle; use
    #   A [K♠ 2♠] B [3♥ Q♥]: r1 A wins K♠ 3♥ -> A hand [2♠] won [K♠ 3♥]; r2 B wins 2♠ Q♥ -> A hand []
    #   won [K♠ 3♥], B hand [] won [2♠ Q♥]; r3 both turn over: A [K♠ 3♥] v B [2♠ Q♥]: A wins K♠ 2♠
    #   -> A [3♥] won [K♠ 2♠], B [Q♥]; r4 B wins 3♥ Q♥ -> A [] won [K♠ 2♠], B [] won [3♥ Q♥]
    #   r5 turn over: A [K♠ 2♠] B [3♥ Q♥] -> K♠ v 3♥ as in r1: A [2♠] won [K♠ 3♥], B [Q♥] = after r1.
    rules = Rules(capture="won_pile", gather="played", shuffle_won_pile=False, round_limit=None)
    game = Game.from_hands(rules, [["KS", "2S"], ["3H", "QH"]])
    outcome = game.play_to_end()
    assert (outcome.reason, outcome.cycle_start, outcome.cycle_period) == (Termination.CYCLE, 1, 4)


def test_no_cycle_detection_with_a_round_limit_or_shuffles():
    game = Game.from_hands(Rules.preset("bicycle").replace(round_limit=30), [["KS", "2S"], ["3H", "QH"]])
    assert game.play_to_end().reason is Termination.ROUND_LIMIT and game.round_number == 30
    game = Game.from_hands(Rules.preset("bicycle").replace(gather="shuffle"), [["KS", "2S"], ["3H", "QH"]], seed=1)
    game.play_to_end(max_rounds=200)
    assert game.outcome is None or game.outcome.reason is not Termination.CYCLE


# --- bad input --------------------------------------------------------------------------------
@pytest.mark.parametrize("hands,message", [
    ([["KS"], ["KS"]], r"KS appears twice in the hands; every card must be distinct"),
    ([["KS", "ZZ"], ["7H"]], r"not a card: 'ZZ'.*ranks 2-10 J Q K A"),
    ([["KS"], ["RJ"]], r"RJ is not in this deck \(52 cards, no jokers, ranks 2 to A\)"),
    ([["KS"]], r"from_hands needs one hand per player \(2 for these rules\); got 1 hands"),
    ([["KS"], ["7H"], ["8H"]], r"needs one hand per player \(2 for these rules\); got 3 hands"),
    ("KS 7H", r"from_hands needs one hand per player"),
    ([["KS"], "7H"], r"hand 2 must be a list of card strings like \['KS', '7H'\]"),
    ([["KS"], []], r"at least two hands must hold cards"),
    ([[], []], r"at least two hands must hold cards"),
])
def test_bad_hands(hands, message):
    with pytest.raises(ValueError, match=message):
        Game.from_hands("classic", hands)


def test_card_not_in_a_short_deck():
    with pytest.raises(ValueError, match=r"5H is not in this deck \(36 cards, no jokers, ranks 6 to A\)"):
        Game.from_hands("pjanitsa", [["5H"], ["7H"]])


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "3", True])
def test_bad_seed(seed):
    with pytest.raises(ValueError, match=r"seed must be a whole number from 0 to 2\*\*64-1"):
        Game("classic", seed=seed)
    with pytest.raises(ValueError, match=r"seed must be a whole number"):
        Game.from_hands("classic", [["KS"], ["7H"]], seed=seed)


@pytest.mark.parametrize("rules", [None, 3, Rules])
def test_bad_rules_argument(rules):
    with pytest.raises(ValueError, match=r"rules must be a Rules value or a preset name \(classic, classic_long"):
        Game(rules, seed=1)


def test_unknown_preset_name():
    with pytest.raises(ValueError, match=r"unknown preset 'klassic'; presets are: classic"):
        Game("klassic", seed=1)


def test_code_and_repr():
    game = Game("pagat", seed=99)
    assert game.code == "pagat-99" and Game.from_code(game.code).dealt == game.dealt
    assert Game.from_hands("pagat", [["KS"], ["7H"]]).code is None
    assert repr(game) == "<Game pagat round 0 counts (26, 26)>"


def test_phase_names_the_next_beat():
    game = Game.from_hands("classic", [["9S", "2C", "AH"], ["9H", "4D", "10S"]])
    phases = []
    while not game.is_over and len(phases) < 8:
        phases.append(game.phase)
        game.step()
    assert phases[:7] == ["start", "compare", "war", "lay", "flip", "compare", "collect"]


def test_play_round_finishes_the_after_beats_of_a_round():
    rules = Rules(players=3, capture="bottom", round_limit=None)
    game = Game.from_hands(rules, [["KS", "2S"], ["QS", "3H"], ["JS"]])
    assert [game.step().kind for _ in range(3)] == ["flip", "compare", "collect"]
    assert not game.in_round and game.round_number == 1
    record = game.play_round()                     # only "player 3 out" was still due
    assert record.number == 1 and [e.kind for e in record.events] == ["flip", "compare", "collect", "out"]
    assert game.play_round().number == 2


def test_rounds_with_a_shuffle_start_with_it():
    game = Game.from_hands("classic", [["KS"], ["7D", "3D"]], seed=1)
    game.play_round()                              # K v 7: player 1's hand is empty, 2 cards won
    record = game.play_round()
    assert [e.kind for e in record.events][:3] == ["shuffle", "flip", "compare"]
    assert record.events[0].round == 2


def test_subscribers_see_every_beat_once_in_order():
    game = Game("pagat", seed=3)
    seen, stepped = [], []
    game.subscribe(seen.append)
    while (event := game.step()) is not None:
        stepped.append(event)
    assert seen == stepped and isinstance(seen[-1], GameOver)


def test_a_fast_game_is_fast():
    import time
    game = Game("classic_long", seed=7)
    start = time.perf_counter()
    game.play_to_end()
    elapsed = time.perf_counter() - start
    assert game.is_over and elapsed < 0.2     # about 5-10 ms on a laptop; generous for busy CI


def test_aside_leftover_hand_card_counts_for_its_holder():
    # 9 v 9: player 1 has no card left and reuses 9S; player 2 turns 5H and loses the war.
    # Player 2's 2C can never be played (player 1 has no hand): the game ends, 2C counts for 2.
    game = Game.from_hands("kids_aside", [["9S"], ["9H", "5H", "2C"]])
    outcome = game.play_to_end()
    assert list(game.hands[1]) == [C("2C")] and game.counts == (3, 1)
    assert outcome.reason is Termination.HANDS_EMPTY and outcome.winner == 0


def test_aside_reuse_tie_on_the_last_cards_goes_back_and_the_piles_decide():
    # K v 2 to player 1 (aside), then 9 v 9 with both hands empty: both reuse tied cards.
    game = Game.from_hands("kids_aside", [["KS", "9S"], ["2H", "9H"]])
    outcome = game.play_to_end()
    assert outcome.reason is Termination.REUSE_TIE and outcome.winner == 0
    assert [list(w) for w in game.won] == [[C("KS"), C("2H"), C("9S")], [C("9H")]]
