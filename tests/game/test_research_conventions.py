"""The conventions of War's mathematical literature (docs/rules.md "Research conventions"): suits
breaking ties, Spivey's explicit cycle, and the MathOverflow return order
(``previous_winner_first``) with the last winner part of the position; and ``loser_first``."""
from __future__ import annotations

import random
from collections import deque

import pytest

from war_widget import Card, Game, Rules, Termination
from war_widget.game.codes import decode_code

C = Card.parse

# Spivey, "Cycles in War" (Integers 10, 2010): card k is the k-th strongest, top of each hand first
SPIVEY_1 = "26 46 1 7 8 27 9 28 29 47 2 10 11 30 12 31 32 48 3 13 14 33 15 34 35 49"
SPIVEY_2 = "16 36 17 37 38 50 4 18 19 39 20 40 41 51 5 21 22 42 23 43 44 52 6 24 25 45"
SPIVEY_RULES = Rules(capture="bottom", gather="winner_first", tiebreak="suits", round_limit=None)


def strongest_first(rules: Rules) -> list[Card]:
    return sorted(rules.deck_cards, key=rules.strength, reverse=True)


def spivey_hands() -> list[list[Card]]:
    order = strongest_first(SPIVEY_RULES)
    return [[order[int(k) - 1] for k in hand.split()] for hand in (SPIVEY_1, SPIVEY_2)]


def reference_cycle(hands, strength, previous_winner_first: bool, with_last_winner: bool = True):
    """A plain deque loop of two-player War with no face-down cards (a tie: both turn the next
    card; a player with none left loses the table): (start, period) of the first repeated
    position, or None when the game ends."""
    a, b = deque(hands[0]), deque(hands[1])
    last, seen, n = 0, {}, 0
    while True:
        key = (tuple(a), tuple(b), last if with_last_winner else None)
        if key in seen:
            return seen[key], n - seen[key]
        seen[key] = n
        if not a or not b:
            return None
        battles = []
        while True:
            x, y = a.popleft(), b.popleft()
            battles.append((x, y))
            if strength(x) != strength(y):
                winner = 0 if strength(x) > strength(y) else 1
                break
            if not a or not b:
                assert a or b, "a void round: not in these tests"
                winner = 0 if a else 1
                break
        first = last if previous_winner_first else winner
        won = [c for x, y in battles for c in ((x, y) if first == 0 else (y, x))]
        if not previous_winner_first:
            won = [x if winner == 0 else y for x, y in battles] + [y if winner == 0 else x for x, y in battles]
        (a if winner == 0 else b).extend(won)
        last, n = winner, n + 1


# --- tiebreak="suits" ----------------------------------------------------------------------
def test_suits_give_52_distinct_strengths_clubs_lowest():
    rules = Rules(tiebreak="suits")
    assert len({rules.strength(c) for c in rules.deck_cards}) == 52
    assert [c.code for c in strongest_first(rules)[:5]] == ["AS", "AH", "AD", "AC", "KS"]
    assert strongest_first(rules)[-1] == C("2C")
    assert Rules().best([C("9S"), C("9C")]) == [0, 1]                 # default: suits never matter
    assert rules.best([C("9C"), C("9D")]) == [1]


def test_suits_mean_no_war_ever():
    rules = Rules(tiebreak="suits", capture="bottom", gather="shuffle", round_limit=300)
    for seed in range(5):
        game = Game(rules, seed=seed)
        game.play_to_end()
        assert all(wars == 0 for _, wars, _ in game.history)


def test_suits_with_low_beats_ace_keep_the_six_over_the_ace():
    rules = Rules.preset("pjanitsa").replace(tiebreak="suits")
    assert rules.best([C("AS"), C("6C"), C("6H")]) == [2]


# --- Spivey's cycle ---------------------------------------------------------------------------
def test_spivey_deal_is_a_cycle_from_the_deal_with_over_30000_battles():
    game = Game.from_hands(SPIVEY_RULES, spivey_hands())
    outcome = game.play_to_end()
    assert outcome.reason is Termination.CYCLE and outcome.cycle_start == 0
    assert outcome.cycle_period > 30_000 and game.round_number == outcome.cycle_period
    assert outcome.drawn == (0, 1) and outcome.counts == (26, 26)
    # an independent deque loop finds the same cycle, and the deal is back in the hands
    assert reference_cycle(spivey_hands(), SPIVEY_RULES.strength, False, with_last_winner=False) == \
        (0, outcome.cycle_period)
    assert [list(h) for h in game.hands] == spivey_hands()


def test_spivey_deal_without_suits_is_not_his_cycle():
    # with suits ignored the same deal has wars, and is no longer the cycle
    game = Game.from_hands(SPIVEY_RULES.replace(tiebreak="none"), spivey_hands())
    outcome = game.play_to_end()
    assert any(wars for _, wars, _ in game.history)
    assert (outcome.reason, outcome.cycle_start, outcome.cycle_period) != (Termination.CYCLE, 0, 31920)


# --- previous_winner_first (MathOverflow "Does War have infinite expected length?") ---------
PWF = Rules(capture="bottom", gather="previous_winner_first", round_limit=None)


def test_previous_winner_first_orders_each_battle_by_the_last_winner():
    game = Game.from_hands(PWF, [["2S", "KS", "9S", "3S", "AS"], ["3H", "4H", "9H", "4D", "5D"]])
    r1 = game.play_round()                        # round 1: player 1 counts as the previous winner
    assert r1.winner == 1 and r1.cards_moved == (C("2S"), C("3H"))
    r2 = game.play_round()                        # player 2 won round 1: its card first
    assert r2.winner == 0 and r2.cards_moved == (C("4H"), C("KS"))
    r3 = game.play_round()                        # 9 v 9, war: battle by battle, player 1 first
    assert r3.wars == 1 and r3.winner == 0
    assert r3.cards_moved == (C("9S"), C("9H"), C("3S"), C("AS"), C("4D"), C("5D"))
    assert game.last_winner == 0


def test_loser_first_puts_the_losers_cards_first_each_in_played_order():
    rules = Rules(capture="bottom", gather="loser_first", round_limit=None)
    game = Game.from_hands(rules, [["9S", "3S", "AS"], ["9H", "4D", "5D"]])
    record = game.play_round()
    assert record.winner == 0 and record.cards_moved == (C("9H"), C("4D"), C("5D"), C("9S"), C("3S"), C("AS"))


def random_hands(rng: random.Random, size: int) -> list[list[Card]]:
    deck = Rules().deck_cards
    rng.shuffle(deck)
    return [deck[:size], deck[size:2 * size]]


def test_previous_winner_first_cycles_include_the_last_winner():
    """The engine's cycles match a reference that keeps the last winner in the position, on
    random short deals with ties; a reference that forgets it disagrees on some of them."""
    rules = PWF.replace(face_down=0)
    rng = random.Random(11)
    disagreements = 0
    for _ in range(400):
        hands = random_hands(rng, rng.randint(2, 6))
        game = Game.from_hands(rules, hands)
        outcome = game.play_to_end()
        if outcome.reason is Termination.VOID_ROUND:
            continue
        expected = reference_cycle(hands, rules.strength, True)
        if expected is None:
            assert outcome.reason in (Termination.ALL_CARDS, Termination.SHORTAGE)
        else:
            assert outcome.reason is Termination.CYCLE
            assert (outcome.cycle_start, outcome.cycle_period) == expected
        if expected != reference_cycle(hands, rules.strength, True, with_last_winner=False):
            disagreements += 1
    assert disagreements > 0


def test_a_false_cycle_without_the_last_winner():
    # the hands after round 20 come back after round 27, but with the other player as last winner
    hands = [[C(c) for c in ("2H", "9H", "10C")], [C(c) for c in ("KD", "4S", "4C")]]
    outcome = Game.from_hands(PWF.replace(face_down=0), hands).play_to_end()
    assert (outcome.cycle_start, outcome.cycle_period) == (1, 40)
    assert reference_cycle(hands, Rules().strength, True, with_last_winner=False) == (20, 7)


def test_new_options_in_game_numbers_and_saves():
    rules = Rules.preset("pagat").replace(gather="previous_winner_first", tiebreak="suits", shortage="fewest")
    game = Game(rules, seed=77)
    assert "+gather=previous_winner_first" in game.code and "+tiebreak=suits" in game.code
    assert decode_code(game.code) == (rules, 77)
    for _ in range(7):
        game.play_round()
    for _ in range(2):
        game.step()
    loaded = Game.from_json(game.to_json())
    assert loaded.last_winner == game.last_winner
    game.play_to_end(max_rounds=200)
    loaded.play_to_end(max_rounds=200)
    assert loaded.history == game.history and loaded.outcome == game.outcome


@pytest.mark.parametrize("gather", ["previous_winner_first", "loser_first"])
def test_deterministic_new_orders_save_mid_game_and_keep_cycle_detection(gather):
    rules = Rules(capture="bottom", gather=gather, round_limit=None, tiebreak="suits")
    hands = random_hands(random.Random(3), 5)
    whole = Game.from_hands(rules, hands)
    whole.play_to_end()
    game = Game.from_hands(rules, hands)
    for _ in range(min(3, whole.round_number - 1)):
        game.play_round()
    loaded = Game.from_json(game.to_json())
    assert loaded.play_to_end() == whole.outcome


# --- the widget's rules panel offers the new options (EN and JA) -----------------------------------
def test_the_widget_offers_fewest_tiebreak_and_the_new_gather_orders():
    from war_widget import WarWidget
    from war_widget.session.options import RULE_OPTIONS
    from war_widget.text.i18n import label, option_text

    assert "fewest" in RULE_OPTIONS["shortage"] and RULE_OPTIONS["tiebreak"] == ("none", "suits")
    assert {"previous_winner_first", "loser_first"} <= set(RULE_OPTIONS["gather"])
    w = WarWidget(seed=3, records=False, mode="two_player")
    for name, value in [("tiebreak", "suits"), ("gather", "previous_winner_first"), ("shortage", "fewest")]:
        assert w.set_option(name, value) and getattr(w.game.rules, name) == value
        row = w.setting(name)                      # the rules panel shows it chosen
        assert row["options"][row["index"]] == option_text(value, "en", name)
    assert w.game.rules.tiebreak == "suits" and w.game.rules.gather == "previous_winner_first"
    for lang in ("en", "ja"):
        for name in ("tiebreak", "gather"):
            assert label(name, lang) != name
            texts = [option_text(v, lang, name) for v in RULE_OPTIONS[name]]
            assert len(set(texts)) == len(texts) and not set(texts) & set(RULE_OPTIONS[name])
        assert option_text("fewest", lang, "shortage") != "fewest"
    assert "マーク" in option_text("suits", "ja", "tiebreak") and "枚" in option_text("fewest", "ja", "shortage")
