"""Issue 11, item 4: every public entry answers bad input with a clear ValueError; issue 19: a
saved game of the old format (version 1, a dump of the engine's fields) is read by replaying its
deal, so a tampered one cannot lie (hand-made cases and hypothesis-made tampering of real saves)."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from war_widget import Card, Game, Outcome, Rules, Termination
from war_widget.game.cards import make_deck
from war_widget.game.codes import decode_code
from war_widget.game.engine_json_v1 import v1_state
from war_widget.game.rng import SplitMix64
from war_widget.game.rules import GATHER_ORDERS, SHORTAGES
from war_widget.game.stats import GameStats

C = Card.parse


def two_card_game(**rules) -> Game:
    return Game.from_hands(Rules(capture="bottom", round_limit=None, **rules), [["KS", "9S"], ["QS", "9H"]])


def policy_with_a_bug(cards, player):
    return sorted(cards, key=lambda c: c.rank) + None


def policy_that_divides_by_zero(cards, player):
    return list(cards)[::1 // 0]


BAD_CALLS = [
    ("Card(14.0, 'S')", lambda: Card(14.0, "S"), r"no such card: rank 14\.0.*whole number 2\.\.14"),
    ("Card([14], 'S')", lambda: Card([14], "S"), r"no such card: rank \[14\]"),
    ("Card(14, None)", lambda: Card(14, None), r"no such card: rank 14, suit None"),
    ("play_to_end(max_rounds='5')", lambda: Game("classic", 1).play_to_end(max_rounds="5"),
     r"max_rounds must be None \(play to the end\) or a whole number of rounds >= 0; got '5'"),
    ("play_to_end(max_rounds=-1)", lambda: Game("classic", 1).play_to_end(max_rounds=-1),
     r"max_rounds must be None .* got -1"),
    ("play_to_end(max_rounds=2.5)", lambda: Game("classic", 1).play_to_end(max_rounds=2.5), r"got 2\.5"),
    ("subscribe(None)", lambda: Game("classic", 1).subscribe(None),
     r"subscribe needs a function to call with each event, callback\(event\); got None"),
    ("subscribe('print')", lambda: Game("classic", 1).subscribe("print"), r"subscribe needs a function"),
    ("a policy raising TypeError", lambda: two_card_game(gather=policy_with_a_bug).play_to_end(),
     r"the gather policy of player 1 raised TypeError: .*must return the same cards, reordered"),
    ("a policy raising ZeroDivisionError", lambda: two_card_game(gather=policy_that_divides_by_zero).play_to_end(),
     r"the gather policy of player 1 raised ZeroDivisionError"),
    ("a policy of one argument", lambda: Rules(gather=lambda cards: cards),
     r"a gather policy is called as policy\(cards, player\) -> cards; .* cannot take those two arguments"),
    ("non-ASCII digits", lambda: decode_code("classic-١٢٣"), r"ASCII letters and digits only"),
    ("full-width digits", lambda: Game.from_code("classic-４２"), r"ASCII letters and digits only"),
    ("a trailing newline", lambda: Game.from_code("classic-42\n"), r"no spaces or line breaks around it"),
    ("a 5000-digit option", lambda: Game.from_code("classic+round_limit=" + "7" * 5000 + "-1"),
     r"a value of round_limit in a game number is 5000 characters long; no option value is longer than 40"),
    ("Rules.best([])", lambda: Rules().best([]), r"best needs a non-empty list of Card values"),
    ("Rules.best(['KS'])", lambda: Rules().best(["KS"]), r"best needs a non-empty list of Card values"),
    ("Rules.strength('KS')", lambda: Rules().strength("KS"), r"strength needs a Card value"),
    ("Rules.war_cards('9')", lambda: Rules().war_cards("9"), r"tie_rank must be a card rank 2\.\.15"),
    ("tiebreak='colour'", lambda: Rules(tiebreak="colour"), r"tiebreak must be one of 'none', 'suits'; got 'colour'"),
    ("shortage='least'", lambda: Rules(shortage="least"), r"shortage must be one of .*'fewest'"),
    ("SplitMix64(2**64)", lambda: SplitMix64(2**64), r"seed must be a whole number from 0 to 2\*\*64-1"),
    ("Game(seed=2**64)", lambda: Game("classic", 2**64), r"seed must be a whole number from 0 to 2\*\*64-1"),
    ("Outcome.from_dict({})", lambda: Outcome.from_dict({}), r"an outcome is an object with exactly the keys"),
    ("Outcome.from_dict(bad reason)", lambda: Outcome.from_dict(dict(Outcome(Termination.TIME).to_dict(), reason="X")),
     r"an outcome's reason must be one of ALL_CARDS"),
    ("GameStats.from_history(None)", lambda: GameStats.from_history(None, (26, 26)), r"history must be a list"),
    ("GameStats.from_history(seat 5)", lambda: GameStats.from_history([(5, 0, (27, 25))], (26, 26)),
     r"history round 1 must be \(winner seat or None"),
    ("make_deck(52, 3)", lambda: make_deck(52, 3), r"jokers must be 0, 1 or 2; got 3"),
    ("display_value('KS')", lambda: Rules().display_value("KS"), r"display_value needs a Card value"),
]


@pytest.mark.parametrize("call,message", [(c, m) for _, c, m in BAD_CALLS], ids=[name for name, _, _ in BAD_CALLS])
def test_bad_input_is_a_clear_value_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_a_failing_policy_leaves_the_game_as_it_was():
    game = two_card_game(gather=policy_with_a_bug)
    game.step(), game.step()                      # flip, compare: the next beat gathers
    before = (game.counts, game.table, game.phase)
    with pytest.raises(ValueError):
        game.step()
    assert (game.counts, game.table, game.phase) == before


# --- version-1 saves (dumps of the engine's fields): read by replay, so none can lie --------------
NO_POSITION = r"not a valid saved game: no position of this game is the saved one"


def real_save(preset: str | Rules = "classic", seed: int = 8, beats: int = 0) -> dict:
    game = Game(preset, seed=seed)
    for _ in range(beats):
        game.step()
    return v1_state(game)


def mid_war_save() -> dict:
    game = Game.from_hands("classic", [["9S", "2C", "AH", "5C"], ["9H", "4D", "10S", "6C"]])
    for _ in range(3):
        game.step()                               # flip, compare (a tie), war declared: phase 'lay'
    assert game.phase == "lay"
    return v1_state(game)


def load(state: dict) -> Game:
    return Game.from_json(json.dumps(state))


def test_the_unchanged_version_1_saves_load():
    for state in (real_save(), mid_war_save(), real_save("pagat", beats=30)):
        assert v1_state(load(state)) == state


def test_out_flags_that_contradict_the_holdings():
    state = real_save()
    state["out"] = [True, False]
    with pytest.raises(ValueError, match=NO_POSITION):
        load(state)
    three = real_save(Rules.preset("pagat").replace(players=3), beats=0)
    three["out"] = [False, False, True]
    with pytest.raises(ValueError, match=NO_POSITION):
        load(three)


def test_unused_holding_a_dealt_card_or_a_foreign_joker():
    state = real_save(Rules.preset("pagat").replace(players=3))
    assert len(state["unused"]) == 1
    state["unused"] = [state["hands"][0][0]]
    with pytest.raises(ValueError, match=NO_POSITION):
        load(state)
    state = real_save(Rules.preset("pagat").replace(players=3))
    state["unused"] = state["unused"] + ["RJ"]
    with pytest.raises(ValueError, match=NO_POSITION):
        load(state)
    scripted = v1_state(Game.from_hands("classic", [["KS"], ["QS"]]))
    scripted["unused"] = ["RJ"]
    with pytest.raises(ValueError, match=NO_POSITION):
        load(scripted)


def test_a_card_in_two_places():
    state = real_save()
    state["won"][1] = [state["hands"][0][0]]
    with pytest.raises(ValueError, match=NO_POSITION):
        load(state)
    scripted = v1_state(Game.from_hands("classic", [["KS"], ["QS"]]))
    scripted["dealt"] = [["KS", "KS"], ["QS"]]
    with pytest.raises(ValueError, match=r"dealt: KS appears twice in the hands"):
        load(scripted)


def test_a_war_plan_with_tie_rank_zero():
    state = mid_war_save()
    state["tie_rank"] = 0
    with pytest.raises(ValueError, match=NO_POSITION):
        load(state)
    state = mid_war_save()
    state["tie_rank"], state["phase"] = 0, "war"
    with pytest.raises(ValueError, match=NO_POSITION):
        load(state)


@pytest.mark.parametrize("change", [
    dict(reason="ALL_CARDS", winner=7), dict(winner=None, drawn=[]), dict(drawn=[0, 1]), dict(counts=[52, 0]),
    dict(reason="CYCLE"), dict(reason="HANDS_EMPTY"), dict(winning_team=1), dict(reason="EXPLODED"),
    dict(winner=1), dict(reason="VOID_ROUND"),
])
def test_an_impossible_end_state(change):
    """The issue's cases: a winner that contradicts the holdings, VOID_ROUND on a plain finish."""
    game = Game("classic", seed=4)
    game.play_to_end()
    state = v1_state(game)
    assert state["outcome"]["reason"] == "ROUND_LIMIT" and state["outcome"]["winner"] == 0
    state["outcome"].update(change)
    with pytest.raises(ValueError, match=NO_POSITION):
        load(state)


def test_fake_history_and_fake_pending_events():
    """Seven wars in a round that had none; a pending Returned / Collected that never happened
    (AS twice, counts 99)."""
    state = real_save(beats=12)
    assert state["history"] and state["history"][0][1] == 0
    state["history"][0][1] = 7
    with pytest.raises(ValueError, match=NO_POSITION):
        load(state)
    for fake in ({"type": "Returned", "round": 1, "cards": [[0, ["#AS", "#AS"]]], "counts": [99, 0]},
                 {"type": "Collected", "round": 1, "winner": 0, "cards": ["#AS", "#AS"], "counts": [99, 0],
                  "wars": 0}):
        state = real_save(beats=12)
        state["pending"] = [fake]
        with pytest.raises(ValueError, match=NO_POSITION):
            load(state)


def test_rules_with_a_missing_option_are_not_the_default():
    state = real_save("bicycle", beats=5)
    del state["rules"]["round_limit"]
    with pytest.raises(ValueError, match=r"rules: the option round_limit is missing"):
        load(state)
    state["rules"] = {}
    with pytest.raises(ValueError, match=r"rules: the options deck, .* are missing"):
        load(state)


def test_a_deal_that_is_not_the_seeds_deal():
    state = real_save()
    state["dealt"][0][0], state["dealt"][1][0] = state["dealt"][1][0], state["dealt"][0][0]
    with pytest.raises(ValueError, match=NO_POSITION):
        load(state)


def test_a_deterministic_game_must_be_where_its_deal_leads():
    game = Game.from_hands("bicycle", [["KS", "9S", "2C", "7D"], ["QS", "8H", "3C", "6D"]])
    game.play_round()
    state = v1_state(game)
    state["hands"][0][0], state["hands"][1][0] = state["hands"][1][0], state["hands"][0][0]
    with pytest.raises(ValueError, match=NO_POSITION):
        load(state)


# --- real saves load; tampered ones are rejected or stay playable ----------------------------------
def random_rules(rng: random.Random) -> Rules:
    while True:
        try:
            return Rules(players=rng.choice([2, 2, 3, 4]), face_down=rng.choice([0, 1, 3, "by_rank"]),
                         capture=rng.choice(["bottom", "won_pile", "aside"]), gather=rng.choice(GATHER_ORDERS),
                         shuffle_won_pile=rng.random() < 0.5, shortage=rng.choice(SHORTAGES),
                         zero=rng.choice(["lose", "reuse"]), war_players=rng.choice(["tied", "all"]),
                         round_limit=rng.choice([None, 30]), goal=rng.choice(["collect", "loser_all"]),
                         tiebreak=rng.choice(["none", "suits"]), deck=rng.choice([52, 36]))
        except ValueError:
            continue


def saves_of(rules: Rules, seed: int, rng: random.Random, scripted: bool = False) -> list[str]:
    if scripted:
        deck = rules.deck_cards
        rng.shuffle(deck)
        game = Game.from_hands(rules, [deck[i * 3:i * 3 + 3] for i in range(rules.players)], seed=seed)
    else:
        game = Game(rules, seed=seed)
    out = []
    for _ in range(150):
        if rng.random() < 0.25:
            out.append(json.dumps(v1_state(game)))
        if game.step() is None:
            out.append(json.dumps(v1_state(game)))
            break
    return out


def _pool() -> list[str]:
    rng = random.Random(2026)
    pool = []
    for preset in Rules.presets():
        pool += saves_of(Rules.preset(preset), 3, rng)[:4]
    for i in range(12):
        pool += saves_of(random_rules(rng), i, rng, scripted=i % 3 == 0)[:4]
    return pool


POOL = _pool()


def test_real_saves_of_many_rule_sets_all_load_and_continue_the_same_way():
    assert len(POOL) > 60
    for text in POOL:
        game = Game.from_json(text)
        assert json.dumps(v1_state(game)) == text
        assert Game.from_json(game.to_json()).to_json() == game.to_json()
        a, b = Game.from_json(text), Game.from_json(game.to_json())
        assert [a.step() for _ in range(15)] == [b.step() for _ in range(15)]


def _cards_in(state: dict) -> list[tuple[str, int, int]]:
    """Where each card of a save lies: (field, player, index)."""
    places = []
    for field in ("hands", "won"):
        for p, pile in enumerate(state[field]):
            places += [(field, p, i) for i in range(len(pile))]
    return places


def _tamper(state: dict, kind: str, data) -> bool:
    """Change the save; True if the change can never be a real state."""
    n = len(state["hands"])
    places = _cards_in(state)
    if kind == "duplicate" and places:
        field, p, i = data.draw(st.sampled_from(places))
        to_field, q = data.draw(st.sampled_from(["hands", "won", "unused"])), data.draw(st.integers(0, n - 1))
        card = state[field][p][i]
        (state["unused"] if to_field == "unused" else state[to_field][q]).append(card)
        return True
    if kind == "remove" and places:
        field, p, i = data.draw(st.sampled_from(places))
        del state[field][p][i]
        return True
    if kind == "out":
        p = data.draw(st.integers(0, n - 1))
        state["out"][p] = not state["out"][p]
        return True
    if kind == "phase":
        state["phase"] = data.draw(st.sampled_from(["start", "flip", "compare", "war", "lay", "collect", "over"]))
        return False
    if kind == "number":
        field = data.draw(st.sampled_from(["tie_rank", "battle", "wars", "round_number", "last_winner"]))
        state[field] = data.draw(st.integers(-3, 60))
        return False
    if kind == "any":
        field = data.draw(st.sampled_from(sorted(state)))
        state[field] = data.draw(st.recursive(st.none() | st.booleans() | st.integers(-5, 60) | st.sampled_from(
            ["", "KS", "start", "over", "#AS", "shuffle"]), lambda inner: st.lists(inner, max_size=4), max_leaves=8))
        return False
    if kind == "move" and places:
        field, p, i = data.draw(st.sampled_from(places))
        card = state[field][p].pop(i)
        q = data.draw(st.integers(0, n - 1))
        state["hands"][q].insert(data.draw(st.integers(0, len(state["hands"][q]))), card)
        return False
    return False


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_tampered_saves_are_rejected_or_play_on_soundly(data):
    """A tampered real save is a ValueError, never another exception; when it loads, it plays
    on with every card conserved.  A tampering that cannot be a real state is always rejected."""
    text = data.draw(st.sampled_from(POOL))
    state = json.loads(text)
    kind = data.draw(st.sampled_from(["duplicate", "remove", "out", "phase", "number", "any", "move"]))
    must_fail = _tamper(state, kind, data)
    try:
        game = Game.from_json(json.dumps(state))
    except ValueError as exc:
        assert str(exc).startswith(("not a valid saved game", "not a saved game", "saved game version"))
        return
    assert not must_fail, f"a {kind} tampering was accepted"
    assert v1_state(game) == json.loads(json.dumps(state))     # only a real position loads
    dealt = Counter(c for h in game.dealt for c in h)
    for _ in range(200):
        if game.step() is None:
            break
        held = Counter([c for h in game.hands for c in h] + [c for w in game.won for c in w]
                       + [t.card for t in game.table])
        assert held == dealt
