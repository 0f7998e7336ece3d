"""Saved games: versioned JSON (the rules, the deal and the beats, replayed on load) that continues
exactly, mid-war included; anything else is a ValueError naming the problem (checked by hand and
by fuzzing).  Version-1 saves (dumps of the engine's fields) are read once, by replay: see
tests/game/test_bad_input.py for tampered ones."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from war_widget import Game, Rules
from war_widget.game.engine_json_v1 import v1_state
from war_widget.game.persistence import FORMAT, VERSION
from war_widget.game.save_check import ADDED_OPTIONS, RULE_OPTIONS


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
NUMBERED = Game("bicycle", seed=3)
for _ in range(20):
    NUMBERED.step()
VALID_NUMBERED = NUMBERED.to_json()


def edit(base: str = VALID, **changes) -> str:
    state = json.loads(base)
    for key, value in changes.items():
        if value is KeyError:
            del state[key]
        else:
            state[key] = value
    return json.dumps(state)


def rules_without(option: str) -> dict:
    rules = Rules.preset("bicycle").to_dict()
    del rules[option]
    return rules


BAD_SAVES = [
    ("", r"not a saved game: the text is not valid JSON \(Expecting value at position 0\)"),
    ("{", r"not a saved game: the text is not valid JSON"),
    ("[1, 2]", r"not a saved game: expected a JSON object with \"format\": 'war_widget.game'"),
    ('{"format": "other"}', r"expected a JSON object with \"format\""),
    (edit(version=3), r"saved game version 3 is not supported; this version reads 1 and 2 \(the save is from a newer"),
    (edit(version="2"), r"saved game version 2 is not supported"),
    (edit(rules={}), r"rules: the options deck, jokers, .*tiebreak are missing \(a save writes every option out\)"),
    (edit(VALID_NUMBERED, rules=rules_without("round_limit")),
     r"rules: the option round_limit is missing \(a save writes every option out\)"),
    (edit(rules=dict(Rules().to_dict(), deck=44)),
     r"not a valid saved game: rules: deck must be one of 52, 36, 32, 40, 'A9'; got 44"),
    (edit(rules=dict(Rules().to_dict(), colour=1)), r"rules: unknown rule option\(s\) colour"),
    (edit(rules=[]), r"rules must be a JSON object with every option"),
    (edit(beats=KeyError), r"not a valid saved game: the field beats is missing"),
    (edit(hands=[["9S"], ["4D"]]), r"unknown field 'hands'"),
    (edit(beats=-1), r"beats must be a whole number from 0 to 5000000; got -1"),
    (edit(beats=2.0), r"beats must be a whole number .*; got 2\.0"),
    (edit(beats=True), r"beats must be a whole number .*; got True"),
    (edit(beats=10**9), r"beats must be a whole number from 0 to 5000000"),
    (edit(beats=99), r"the game ends after \d+ beats; the save says 99|the replay passes round 0 after \d+ beats"),
    (edit(ended_now="no"), r"ended_now must be true or false; got 'no'"),
    (edit(deal={"seed": -5}), r"deal.seed must be a whole number from 0 to 18446744073709551615; got -5"),
    (edit(deal={"seed": 1.9}), r"deal.seed must be a whole number .*; got 1\.9"),
    (edit(deal={"hands": []}), r"deal must be \{\"seed\": n\}"),
    (edit(deal={"seed": 0, "hands": [["9S", "9S"], ["4D"]]}), r"deal: 9S appears twice in the hands"),
    (edit(deal={"seed": 0, "hands": [["9S", "XX"], ["4D"]]}), r"deal: .*XX"),
    (edit(deal={"seed": 0, "hands": [["9S"]]}), r"deal: from_hands needs one hand per player"),
    (edit(deal={"seed": 0, "hands": "9S"}), r"deal.hands must be one list of card codes per player"),
    (edit(check={"round": 0, "counts": [3, 3], "phase": "over"}),
     r"the replay reaches round 0, counts \[3, 3\], phase 'start'; the save says .*phase 'over'"),
    (edit(VALID_NUMBERED, check=dict(json.loads(VALID_NUMBERED)["check"], counts=[52, 0])),
     r"the replay reaches round \d+, counts .*; the save says round \d+, counts \[52, 0\]"),
    (edit(check={"round": 0}), r"check must be \{\"round\": n"),
]


@pytest.mark.parametrize("text,message", BAD_SAVES, ids=[m[:40] for _, m in BAD_SAVES])
def test_bad_saves(text, message):
    with pytest.raises(ValueError, match=message):
        Game.from_json(text)


def test_every_option_is_written_out_and_nothing_else():
    for preset in Rules.presets():
        state = json.loads(Game(preset, seed=1).to_json())
        assert tuple(state["rules"]) == RULE_OPTIONS
        assert set(state) == {"format", "version", "rules", "deal", "beats", "ended_now", "check"}
        assert state["deal"] == {"seed": 1} and state["beats"] == 0


def test_a_bicycle_save_does_not_resume_as_classic():
    """The issue's case: a save whose rules lack an option was silently the default."""
    state = json.loads(VALID_NUMBERED)
    assert Game.from_json(VALID_NUMBERED).rules == Rules.preset("bicycle")
    for option in RULE_OPTIONS:
        if option in ADDED_OPTIONS:          # added later: a save from before reads as the play of then
            continue
        broken = dict(state, rules={k: v for k, v in state["rules"].items() if k != option})
        with pytest.raises(ValueError, match=rf"the option {option} is missing"):
            Game.from_json(json.dumps(broken))


def test_a_save_from_before_the_school_variants_still_loads():
    """A version-2 save written before battle_cards/battle_value existed has neither option:
    it loads, plays one card a battle, and its next save writes them out."""
    game = Game("pagat", seed=11)
    for _ in range(30):
        game.step()
    state = json.loads(game.to_json())
    old = dict(state, rules={k: v for k, v in state["rules"].items() if k not in ADDED_OPTIONS})
    loaded = Game.from_json(json.dumps(old))
    assert loaded.rules == Rules.preset("pagat") and loaded.beats == 30 and loaded.counts == game.counts
    assert json.loads(loaded.to_json())["rules"]["battle_value"] == "card"
    other = dict(old, rules=dict(old["rules"], battle_value="sum"))      # half the new options: no
    with pytest.raises(ValueError, match="battle_cards must be 2 or 3 with battle_value='sum'"):
        Game.from_json(json.dumps(other))


def test_the_save_is_the_history_not_the_position():
    """Everything but the rules, the deal and the beat count is replayed: the save has no
    field a position could contradict."""
    game = Game("classic", seed=77)
    game.play_to_end()
    state = json.loads(game.to_json())
    assert state["beats"] == game.beats and state["check"]["phase"] == "over"
    assert len(game.to_json()) < 700


def test_a_long_game_replays_quickly():
    """The issue's measure: game 41 of bicycle seed 11 ends in a cycle at round 2403."""
    import time

    from war_widget.sim.simulation import game_seed

    game = Game("bicycle", game_seed(11, 41))
    start = time.perf_counter()
    game.play_to_end()
    played = time.perf_counter() - start
    text = game.to_json()
    start = time.perf_counter()
    again = Game.from_json(text)
    replayed = time.perf_counter() - start
    assert (again.round_number, again.outcome, again.history) == (2403, game.outcome, game.history)
    assert replayed < 3 * played + 0.05          # a replay costs what playing cost


@pytest.mark.parametrize("value", [None, 12, {"format": FORMAT}])
def test_from_json_needs_text(value):
    with pytest.raises(ValueError, match=r"from_json needs the JSON text of a saved game"):
        Game.from_json(value)


def test_bytes_are_read_too():
    assert Game.from_json(VALID.encode()).to_json() == VALID
    with pytest.raises(ValueError, match="cannot be read as JSON"):
        Game.from_json(b"\xff\xfe\x00")


def test_nested_json_and_huge_texts_are_clear_errors():
    with pytest.raises(ValueError, match=r"cannot be read as JSON \(RecursionError\)"):
        Game.from_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ValueError, match=r"far more than a save holds") as info:
        Game.from_json("x" * 2_000_000)
    assert len(str(info.value)) < 200


def test_format_header():
    state = json.loads(VALID)
    assert state["format"] == FORMAT and state["version"] == VERSION == 2


# --- version 1: read once ----------------------------------------------------------------------
def test_version_1_saves_still_load_at_the_same_position_and_are_written_anew():
    for preset in ("classic", "bicycle", "pagat", "kids_aside", "tod_und_leben"):
        game = Game(preset, seed=12)
        for beats in range(0, 90, 7):
            while game.beats < beats and game.step() is not None:
                pass
            old = json.dumps(v1_state(game))
            loaded = Game.from_json(old)
            assert v1_state(loaded) == v1_state(game) and loaded.beats == game.beats
            assert json.loads(loaded.to_json())["version"] == 2
            assert future(loaded, 30) == future(Game.from_json(game.to_json()), 30)


def test_a_version_1_save_without_round_events_or_last_winner_loads():
    """Early saves had neither field."""
    game = Game("classic", seed=4)
    for _ in range(10):
        game.step()
    state = v1_state(game)
    del state["round_events"], state["last_winner"]
    assert Game.from_json(json.dumps(state)).beats == game.beats


def test_a_version_1_time_end_loads():
    game = Game("classic", seed=4)
    for _ in range(11):
        game.step()
    game.end_now()
    loaded = Game.from_json(json.dumps(v1_state(game)))
    assert loaded.outcome == game.outcome and loaded.counts == game.counts


# --- fuzzing: nothing but ValueError escapes ---------------------------------------------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**65) | st.floats(allow_nan=True) | st.text(max_size=6)
    | st.sampled_from(["#KS", "#XX", "9S", "start", "war", "over", "PlayerOut"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12)

SAVES = [VALID, VALID_NUMBERED, Game("classic", seed=3).to_json()]
g = Game("pagat", seed=8)
for _ in range(7):
    g.step()
SAVES += [g.to_json(), json.dumps(v1_state(g))]


@st.composite
def mutated_save(draw) -> str:
    state = json.loads(draw(st.sampled_from(SAVES)))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(sorted(state)))
        action = draw(st.sampled_from(["replace", "delete", "nested"]))
        if action == "delete":
            del state[key]
        elif action == "nested" and isinstance(state[key], (list, dict)) and state[key]:
            if isinstance(state[key], dict):
                state[key][draw(st.sampled_from(sorted(state[key])))] = draw(json_values)
            else:
                state[key][draw(st.integers(0, len(state[key]) - 1))] = draw(json_values)
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


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=40), json_values.map(json.dumps), mutated_save(), cut_save()))
def test_fuzz_from_json_raises_only_value_error(text):
    load_or_value_error(text)


@settings(max_examples=100)
@given(st.binary(max_size=40))
def test_fuzz_from_json_bytes(data):
    load_or_value_error(data)
