"""The school variants (issue 18; docs/rules.md, "School variants"): each player turns up two or
three cards and the battle value is their sum, difference, product or the largest number their
digits make.  The engine emits every card turned up and the values it compared, a tie is a war
under the same value rule, and the options round-trip through game numbers and saves."""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from war_widget import Card, Game, Rules
from war_widget.game.events import Compared, Flipped
from war_widget.game.rules import SCHOOL_PRESETS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_atomic import fast_forward_everywhere, interrupt_everywhere  # noqa: E402

SCHOOL = list(SCHOOL_PRESETS)


def cards(*codes: str) -> list[Card]:
    return [Card.parse(c) for c in codes]


def events(game: Game) -> list[Any]:
    seen: list[Any] = []
    game.subscribe(seen.append)
    game.play_round()
    return seen


@pytest.mark.parametrize("preset, codes, value", [
    ("addition", ("7S", "5H"), 12), ("addition", ("AS", "10H"), 11),
    ("subtraction", ("3S", "9H"), 6), ("subtraction", ("9S", "3H"), 6), ("subtraction", ("4S", "4H"), 0),
    ("multiplication", ("7S", "8H"), 56), ("multiplication", ("AS", "9H"), 9), ("multiplication", ("9S", "9H"), 81),
    ("place_value", ("3S", "9H", "5D"), 953), ("place_value", ("10S", "2H", "AD"), 210),
    ("place_value", ("10S", "10H", "10D"), 0),
    ("addition", ("7S",), 7), ("subtraction", ("7S",), 7), ("multiplication", ("7S",), 7), ("place_value", ("7S",), 7),
])
def test_the_battle_value_of_each_variant(preset: str, codes: tuple[str, ...], value: int) -> None:
    assert Rules.preset(preset).value(cards(*codes)) == value


def test_multiplication_is_the_times_tables_of_grade_2() -> None:
    """九九: every product of the multiplication preset's deck is one of 1 × 1 ... 9 × 9 (no 10 × n),
    and a 10 is not in its deck."""
    rules = Rules.preset("multiplication")
    kuku = {a * b for a in range(1, 10) for b in range(1, 10)}
    products = {rules.value([a, b]) for a in rules.deck_cards for b in rules.deck_cards if a != b}
    assert products <= kuku and max(products) == 81 and 10 not in {rules.number(c) for c in rules.deck_cards}
    with pytest.raises(ValueError, match=r"10S is not in this deck \(36 cards, no jokers, ranks A to 9\)"):
        Game.from_hands("multiplication", [["10S"], ["2H"]])
    assert Game(rules, seed=5).play_to_end().reason is not None
    assert Rules.preset("place_value").replace(deck="A9").value(cards("9S", "AH", "5D")) == 951


def test_pictures_count_11_12_13_where_the_deck_has_them() -> None:
    rules = Rules.preset("multiplication").replace(deck=52)
    assert rules.value(cards("KS", "QH")) == 156 and rules.value(cards("JS", "AH")) == 11
    assert Rules.preset("addition").replace(battle_cards=3).value(cards("AS", "2H", "10D")) == 13


@pytest.mark.parametrize("preset", SCHOOL)
def test_the_presets_deal_the_number_cards_and_turn_up_k_each(preset: str) -> None:
    rules = Rules.preset(preset)
    top = 9 if preset == "multiplication" else 10         # 九九: A-9, 36 cards; the others A-10, 40
    assert rules.deck == ("A9" if top == 9 else 40) and {c.rank for c in rules.deck_cards} == {*range(2, top + 1), 14}
    assert len(rules.deck_cards) == rules.deck_size == 4 * top
    game = Game(preset, seed=9)
    flip = game.step()
    assert isinstance(flip, Flipped)
    k = rules.battle_cards
    assert [p for p, _ in flip.cards] == [0] * k + [1] * k
    assert flip.values == tuple((p, rules.value([c for q, c in flip.cards if q == p])) for p in (0, 1))
    compare = game.step()
    assert isinstance(compare, Compared) and compare.cards == flip.cards and compare.values == flip.values
    top = max(v for _, v in compare.values)
    assert (compare.winner is None) == (sum(v == top for _, v in compare.values) > 1)
    if compare.winner is not None:
        assert dict(compare.values)[compare.winner] == top


def test_the_value_decides_not_the_highest_card() -> None:
    """10 + A = 11 against 6 + 6 = 12: the second player wins though the first has the 10."""
    game = Game.from_hands("addition", [["10S", "AS", "2C"], ["6H", "6D", "3C"]])
    record = game.play_round()
    assert record.winner == 1 and record.counts == (1, 5)
    assert record.battles == (tuple((p, Card.parse(c)) for p, c in ((0, "10S"), (0, "AS"), (1, "6H"), (1, "6D"))),)


def test_a_tie_is_a_war_under_the_same_value_rule() -> None:
    """7 + 5 = 12 and 9 + 3 = 12 tie: each lays one card down, then turns up two more,
    compared by their sums again: 2 + 8 = 10 beats 4 + 4 = 8; the round moves 10 cards."""
    game = Game.from_hands("addition", [["7S", "5S", "10S", "2S", "8S", "AC"],
                                        ["9H", "3H", "10H", "4H", "4D", "2C"]])
    seen = events(game)
    kinds = [e.kind for e in seen]
    assert kinds == ["flip", "compare", "war", "face_down", "flip", "compare", "collect"]
    war = seen[2]
    assert war.face_down == ((0, 1), (1, 1))
    second = seen[5]
    assert isinstance(second, Compared) and second.values == ((0, 10), (1, 8)) and second.winner == 0
    assert game.counts == (11, 1) and game.history[-1] == (0, 1, (11, 1))


def test_subtraction_and_place_value_wars() -> None:
    sub = Game.from_hands("subtraction", [["9S", "4S", "AS", "10S", "2S"], ["3H", "8H", "AH", "5H", "6H"]])
    record = sub.play_round()           # 9 - 4 = 5 = 8 - 3; then 10 - 2 = 8 beats 6 - 5 = 1
    assert record.wars == 1 and record.winner == 0 and len(record.cards_moved) == 10
    pv = Game.from_hands("place_value", [["3S", "5S", "AS", "2S", "9S", "10S", "4S"],
                                         ["5H", "AH", "3H", "2H", "9H", "8H", "7H"]])
    record = pv.play_round()            # 531 = 531; then 9, 10 (= 0), 4: 940 against 987
    assert record.wars == 1 and record.winner == 1 and len(record.cards_moved) == 14
    assert [e.values for e in record.events if isinstance(e, Compared)] == [((0, 531), (1, 531)), ((0, 940), (1, 987))]


def test_a_player_short_of_cards_turns_up_what_is_held() -> None:
    """One card left against two: the lone card is worth its own number (here 9 > 2 + 3)."""
    game = Game.from_hands("addition", [["9S"], ["2H", "3H", "4H"]])
    seen = events(game)
    assert seen[0].cards == ((0, Card.parse("9S")), (1, Card.parse("2H")), (1, Card.parse("3H")))
    assert seen[1].values == ((0, 9), (1, 5)) and seen[1].winner == 0
    assert game.counts == (3, 1)


def test_a_short_war_keeps_the_last_cards_to_turn_up() -> None:
    """A tie when the first player holds two cards more: no card goes down, both are turned up."""
    game = Game.from_hands("addition", [["7S", "5S", "2S", "AS"], ["9H", "3H", "10H", "4H", "4D", "2C"]])
    seen = events(game)
    war = next(e for e in seen if e.kind == "war")
    assert dict(war.face_down) == {0: 0, 1: 1}
    last = [e for e in seen if isinstance(e, Compared)][-1]
    assert last.values == ((0, 3), (1, 8)) and last.winner == 1


def test_a_won_pile_goes_under_the_hand_before_k_cards_are_turned() -> None:
    rules = Rules.preset("addition").replace(capture="won_pile", shuffle_won_pile=False)
    game = Game.from_hands(rules, [["9S", "8S", "7S"], ["2H", "3H", "4H", "5H", "6H"]])
    game.play_round()                    # 17 > 5: the first player has 1 card in hand and 4 won
    kinds = [e.kind for e in events(game)]
    assert kinds[0] == "shuffle"         # the won pile turned over first, so two cards come up
    assert len(game.history) == 2


@pytest.mark.parametrize("rules", [
    Rules.preset("addition").replace(zero="reuse"), Rules.preset("subtraction").replace(shortage="lose"),
    Rules.preset("multiplication").replace(players=3, face_down=0), Rules.preset("place_value").replace(players=4),
    Rules.preset("addition").replace(shortage="split", capture="aside"),
    Rules.preset("addition").replace(deck=52, battle_cards=3, round_limit=None, war_players="all", players=3),
])
def test_variations_play_to_the_end_with_every_card_kept(rules: Rules) -> None:
    for seed in range(25):
        game = Game(rules, seed=seed)
        dealt = Counter(c for h in game.dealt for c in h)
        while game.step() is not None:
            held = Counter([c for h in game.hands for c in h] + [c for w in game.won for c in w]
                           + [t.card for t in game.table])
            assert held == dealt
        assert game.outcome is not None


@pytest.mark.parametrize("preset", SCHOOL)
def test_game_numbers_and_saves_round_trip(preset: str) -> None:
    game = Game(preset, seed=31)
    for _ in range(23):
        game.step()
    text = game.to_json()
    rules = json.loads(text)["rules"]
    assert (rules["battle_cards"], rules["battle_value"]) == (SCHOOL_PRESETS[preset]["battle_cards"],
                                                              SCHOOL_PRESETS[preset]["battle_value"])
    loaded = Game.from_json(text)
    assert loaded.rules == game.rules and loaded.counts == game.counts and loaded.table == game.table
    assert loaded.play_to_end() == game.play_to_end()
    assert game.code == f"{preset}-31" and Game.from_code(game.code).dealt == game.dealt
    varied = Rules.preset(preset).replace(round_limit=None, battle_cards=2)
    code = Game(varied, seed=4).code
    assert Game.from_code(code).rules == varied


@pytest.mark.parametrize("changes, message", [
    (dict(battle_value="division"), r"battle_value must be one of 'card', 'sum', 'difference', 'product', "
                                    r"'place_value'; got 'division'"),
    (dict(battle_cards=3, battle_value="difference"), r"battle_cards must be 2 with battle_value='difference'; got 3"),
    (dict(battle_cards=True), r"battle_cards must be 2 or 3 with battle_value='sum'; got True"),
    (dict(battle_value="card"), r"battle_cards must be 1 with battle_value='card'; got 2"),
    (dict(rank_order="ace_high"), r"needs rank_order='ace_low'; got 'ace_high'"),
    (dict(jokers=2, deck=52), r"a joker has no number, so it needs jokers=0"),
    (dict(tiebreak="suits"), r"needs tiebreak='none'"),
    (dict(face_down="by_rank"), r"face_down must be 0, 1, 2 or 3, not 'by_rank'"),
    (dict(shortage="fewest"), r"shortage must be 'last_card_up', 'lose' or 'split'; got 'fewest'"),
])
def test_bad_school_options_say_what_is_allowed(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Rules.preset("addition").replace(**changes)


def test_place_value_needs_the_number_cards() -> None:
    with pytest.raises(ValueError, match=r"needs the number cards only, deck=40 \(A = 1 ... 9, 10 = 0\) or "
                                         r"deck='A9'; got deck=52"):
        Rules.preset("place_value").replace(deck=52)
    with pytest.raises(ValueError, match="battle_cards must be 1 with battle_value='card'; got 2"):
        Rules(battle_cards=2)
    with pytest.raises(ValueError, match="value is the battle value of the school variants"):
        Rules().value(cards("7S"))
    with pytest.raises(ValueError, match="non-empty list"):
        Rules.preset("addition").value([])
    with pytest.raises(ValueError, match=r"KS is not in this deck \(40 cards, no jokers, ranks A to 10\)"):
        Game.from_hands("addition", [["KS"], ["2H"]])


def test_a_school_beat_is_all_or_nothing() -> None:
    """Interrupted at every line: a flip of two cards each, a war, a short last battle."""
    def make() -> Game:
        return Game.from_hands("addition", [["7S", "5S", "2S", "AS", "9C"], ["9H", "3H", "10H", "4H", "4D"]], seed=2)
    for before in range(0, 6):
        assert interrupt_everywhere(make, before, lambda g: g.step()) > 3
    assert fast_forward_everywhere(make) > 300
