"""Saved games: versioned JSON that continues exactly, mid-war included; anything else is a
ValueError naming the problem (checked by hand and by fuzzing)."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from war_widget import Game, Rules
from war_widget.game.persistence import FORMAT, VERSION


def future(game: Game, beats: int = 10**6) -> list:
    out = []
    for _ in range(beats):
        event = game.step()
        if event is None:
            break
        out.append(event)
    return out


@pytest.mark.parametrize("preset", Rules.presets())
def test_round_trip_at_every_beat_of_a_stretch(preset):
    game = Game(preset, seed=31)
    for _ in range(60):
        saved = game.to_json()
        clone = Game.from_json(saved)
        assert clone.to_json() == saved
        assert (clone.counts, clone.table, clone.round_number, clone.in_round, clone.phase) == (
            game.counts, game.table, game.round_number, game.in_round, game.phase)
        assert future(clone, 40) == future(Game.from_json(saved), 40)
        if game.step() is None:
            break


def test_mid_war_save_continues_the_same_way():
    # 9 v 9 in the classic game: save after the war is declared and after the face-down cards.
    hands = [["9S", "2C", "AH", "KS", "3S"], ["9H", "4D", "10S", "QS", "4S"]]
    for beats in (3, 4, 5):
        game = Game.from_hands("classic", hands, seed=9)
        for _ in range(beats):
            game.step()
        assert game.in_round and game.table
        clone = Game.from_json(game.to_json())
        assert future(clone) == future(game)
        assert clone.outcome == game.outcome and clone.history == game.history


def test_round_record_after_loading_mid_round_is_whole():
    game = Game.from_hands("classic", [["9S", "2C", "AH", "KS"], ["9H", "4D", "10S", "QS"]])
    for _ in range(4):
        game.step()                                  # flip, compare, war, face-down
    record = Game.from_json(game.to_json()).play_round()
    assert record == game.play_round()
    assert record.wars == 1 and len(record.battles) == 2 and record.events[0].kind == "flip"


def test_save_keeps_the_generator_state():
    game = Game("classic", seed=5)
    game.play_to_end(max_rounds=30)                 # some won piles have been shuffled by now
    clone = Game.from_json(game.to_json())
    assert clone._rng.state == game._rng.state and clone.seed == 5 and clone.code == "classic-5"
    assert future(clone) == future(game)


def test_scripted_game_stays_scripted():
    game = Game.from_hands("kids", [["KS", "2C"], ["7D", "3D"]], seed=4)
    clone = Game.from_json(game.to_json())
    assert clone.code is None and clone.dealt == game.dealt


def test_finished_game_round_trips():
    game = Game("kids_aside", seed=2)
    game.play_to_end()
    clone = Game.from_json(game.to_json())
    assert clone.is_over and clone.outcome == game.outcome and clone.step() is None
    assert clone.stats == game.stats


def test_cycle_detection_survives_a_save():
    game = Game.from_hands("bicycle", [["KS", "2S"], ["3H", "QH"]])
    game.play_round(), game.play_round()
    clone = Game.from_json(game.to_json())
    outcome = clone.play_to_end()
    assert (outcome.cycle_start, outcome.cycle_period, clone.round_number) == (0, 4, 4)


def test_pending_after_beats_survive_a_save():
    game = Game.from_hands(Rules(players=3, capture="bottom", round_limit=None), [["KS", "2S"], ["QS", "3H"], ["JS"]])
    for _ in range(3):
        game.step()                                  # flip, compare, collect: "player out" is still due
    clone = Game.from_json(game.to_json())
    assert clone.step().kind == "out" and game.step().kind == "out"


def test_callable_policy_cannot_be_saved():
    game = Game(Rules(gather=lambda cards, p: cards), seed=1)
    with pytest.raises(ValueError, match=r"callable gather policy cannot be saved; use a named order"):
        game.to_json()


VALID = Game.from_hands("classic", [["9S", "2C", "AH"], ["9H", "4D", "10S"]]).to_json()
_war = Game.from_hands("classic", [["9S", "2C", "AH"], ["9H", "4D", "10S"]])
for _ in range(3):
    _war.step()
VALID_WAR = _war.to_json()          # a war declared, the face-down cards not yet laid


def edit(base: str = VALID, **changes) -> str:
    state = json.loads(base)
    for key, value in changes.items():
        if value is KeyError:
            del state[key]
        else:
            state[key] = value
    return json.dumps(state)


BAD_SAVES = [
    ("", r"not a saved game: the text is not valid JSON \(Expecting value at position 0\)"),
    ("{", r"not a saved game: the text is not valid JSON"),
    ("[1, 2]", r"not a saved game: expected a JSON object with \"format\": 'war_widget.game'"),
    ('{"format": "other"}', r"expected a JSON object with \"format\""),
    (edit(version=2), r"saved game version 2 is not supported; this version reads 1"),
    (edit(rules={"deck": 40}), r"not a valid saved game: rules: deck must be one of 52, 36, 32; got 40"),
    (edit(rules=[]), r"rules: rules must be a JSON object of options"),
    (edit(hands=KeyError), r"not a valid saved game: the field 'hands' is missing"),
    (edit(hands=[["9S", "9S"], ["4D", "10S"]]), r"9S is in the save 2 times"),
    (edit(hands=[["2C", "AH", "KS"], ["4D", "10S"]]), r"the cards held and on the table are not the cards dealt"),
    (edit(hands=[["2C", "XX"], ["4D", "10S"]]), r"hands: not a card: 'XX'"),
    (edit(hands=[["2C", "AH"]]), r"hands must be a list of 2 items"),
    (edit(dealt=[["9S", "RJ", "AH"], ["9H", "4D", "10S"]]),
     r"the cards dealt must be distinct cards of the rules' deck"),
    (edit(phase="dance"), r"phase must be one of start, flip, compare, war, lay, collect, over; got 'dance'"),
    (edit(phase="collect"), r"a round in progress needs fighters among the players in the round, and cards on"),
    (edit(VALID_WAR, phase="collect"), r"the round has a winner exactly in the phase 'collect'"),
    (edit(VALID_WAR, phase="collect", winner=1, fighters=[0], in_round=[0, 1]), r"the winner of the table must be a "),
    (edit(VALID_WAR, faceup=[], phase="war"), r"every fighter needs a face-up card"),
    (edit(VALID_WAR, tied=[], phase="war"), r"a war needs at least two tied fighters"),
    (edit(phase="over"), r"a game has an outcome exactly when its phase is 'over'"),
    (edit(seed=-1), r"seed must be a whole number from 0 to 18446744073709551615; got -1"),
    (edit(rng="12"), r"rng must be a whole number"),
    (edit(round_number=3), r"history has 0 rounds but round_number is 3"),
    (edit(fighters=[0, 7]), r"fighters must be a whole number from 0 to 1; got 7"),
    (edit(fighters=[0, 0]), r"fighters names a player twice"),
    (edit(VALID_WAR, plan=[[0, 5]]), r"the war plan must give every fighter 0 to 1 face-down cards"),
    (edit(table=[[0, "9S", True]]), r"a table card must be a list of 4 items"),
    (edit(pending=[{"type": "Exploded", "round": 1}]),
     r"pending beats and round events must be events of the types Shuffled"),
    (edit(pending=[{"type": "PlayerOut", "round": 1}]),
     r"a pending PlayerOut must have exactly the fields player, round"),
    (edit(pending=[{"type": "PlayerOut", "round": 1, "player": 9}]),
     r"PlayerOut.player must be a whole number from 0 to 1"),
    (edit(outcome={"reason": "NOPE"}), r"outcome is not an outcome"),
    (edit(scripted="yes"), r"scripted must be true or false"),
]


@pytest.mark.parametrize("text,message", BAD_SAVES, ids=[m[:40] for _, m in BAD_SAVES])
def test_bad_saves(text, message):
    with pytest.raises(ValueError, match=message):
        Game.from_json(text)


@pytest.mark.parametrize("value", [None, 12, {"format": FORMAT}])
def test_from_json_needs_text(value):
    with pytest.raises(ValueError, match=r"from_json needs the JSON text of a saved game"):
        Game.from_json(value)


def test_bytes_are_read_too():
    assert Game.from_json(VALID.encode()).to_json() == VALID
    with pytest.raises(ValueError, match="cannot be read as JSON"):
        Game.from_json(b"\xff\xfe\x00")


def test_format_header():
    state = json.loads(VALID)
    assert state["format"] == FORMAT and state["version"] == VERSION == 1


# --- fuzzing: nothing but ValueError escapes ---------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**65) | st.floats(allow_nan=True) | st.text(max_size=6)
    | st.sampled_from(["#KS", "#XX", "9S", "start", "war", "over", "PlayerOut"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12)

SAVES = [VALID, Game("classic", seed=3).to_json()]
g = Game("pagat", seed=8)
for _ in range(7):
    g.step()
SAVES.append(g.to_json())


@st.composite
def mutated_save(draw) -> str:
    state = json.loads(draw(st.sampled_from(SAVES)))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(sorted(state)))
        action = draw(st.sampled_from(["replace", "delete", "nested"]))
        if action == "delete":
            del state[key]
        elif action == "nested" and isinstance(state[key], list) and state[key]:
            i = draw(st.integers(0, len(state[key]) - 1))
            state[key][i] = draw(json_values)
        else:
            state[key] = draw(json_values)
    return json.dumps(state)


@st.composite
def cut_save(draw) -> str:
    text = draw(st.sampled_from(SAVES))
    i = draw(st.integers(0, len(text) - 1))
    j = draw(st.integers(i, min(len(text), i + 8)))
    return text[:i] + draw(st.text(max_size=3)) + text[j:]


def load_or_value_error(text) -> None:
    try:
        game = Game.from_json(text)
    except ValueError as exc:
        assert str(exc)
        return
    # if it loads, it must be playable for a while without other errors
    for _ in range(200):
        if game.step() is None:
            break


@settings(max_examples=300)
@given(st.one_of(st.text(max_size=40), json_values.map(json.dumps), mutated_save(), cut_save()))
def test_fuzz_from_json_raises_only_value_error(text):
    load_or_value_error(text)


@settings(max_examples=100)
@given(st.binary(max_size=40))
def test_fuzz_from_json_bytes(data):
    load_or_value_error(data)
