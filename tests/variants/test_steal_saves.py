"""Issue 19: a Steal War save is its history (the deal, then every beat and decision), replayed on
load, so it cannot hold an impossible game; version-1 saves (dumps of the fields) are still read,
every field checked, and the issue's bad ones are clear ValueErrors."""
from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from war_widget.variants.steal import Steal, StealWarGame, always_steal, greedy
from war_widget.variants.steal.game_json import _dumps_v1


def played(seed: int = 3, beats: int = 60) -> StealWarGame:
    game = StealWarGame(2, seed, (greedy, always_steal))
    for _ in range(beats):
        if game.step() is None:
            break
    return game


def future(game: StealWarGame, n: int = 300) -> list[Any]:
    return [game.step() for _ in range(n)]


def test_a_save_is_the_history_and_replays_the_same_future() -> None:
    game = played()
    state = json.loads(game.to_json())
    assert set(state) == {"format", "version", "players", "deal", "log", "ended_now", "check"}
    assert state["version"] == 2 and state["deal"] == {"seed": 3}
    assert any(isinstance(m, list) for m in state["log"])            # the policies' decisions are in it
    copy = StealWarGame.from_json(game.to_json(), (greedy, always_steal))
    assert copy.to_json() == game.to_json() and copy.counts == game.counts and copy.piles == game.piles
    assert future(copy) == future(game)


def test_a_decision_in_progress_and_a_scripted_deal_round_trip() -> None:
    game = StealWarGame.from_hands([["9S", "2C"], ["4D", "3D"]], piles=[["4C"], ["9H"]])
    game.apply(Steal(1))
    copy = StealWarGame.from_json(game.to_json())
    assert copy.to_act == 1 and copy.legal_actions() == game.legal_actions() and copy.code is None
    game.apply(Steal(0))
    copy.apply(Steal(0))
    assert game.step() == copy.step() and game.piles == copy.piles


def test_an_ended_game_round_trips() -> None:
    game = played(beats=20)
    outcome = game.end_now()
    copy = StealWarGame.from_json(game.to_json())
    assert copy.outcome == outcome and copy.counts == game.counts and copy.step() is None


def edit(game: StealWarGame, **changes: Any) -> str:
    return json.dumps(dict(json.loads(game.to_json()), **changes))


def test_a_tampered_history_is_rejected() -> None:
    game = played()
    state = json.loads(game.to_json())
    decision = next(i for i, m in enumerate(state["log"]) if isinstance(m, list))
    cases = [
        (dict(log=state["log"] + [10**6]), r"the log plays beats after the game is over|a decision is due|"
                                            r"more than \d+ rounds can hold"),
        (dict(log=[*state["log"][:decision], [state["log"][decision][0], ["steal", 3]]]), r"not a legal action|seat"),
        (dict(log=[["x"]]), r"the log holds beat counts and \[seat, decision\] pairs"),
        (dict(log=[True]), r"the log holds beat counts"),
        (dict(check=dict(state["check"], counts=[54, 0])), r"the replay reaches .* \(a tampered save\)"),
        (dict(deal={"seed": -5}), r"deal.seed must be a whole number from 0 to 18446744073709551615; got -5"),
        (dict(deal={"seed": 1.9}), r"deal.seed must be a whole number .*; got 1\.9"),
        (dict(deal={"seed": 0, "hands": [["KS", "KS"], ["QS"]]}), r"deal: KS appears twice"),
        (dict(players=True), r"players must be a whole number from 2 to 4; got True"),
        (dict(ended_now="no"), r"ended_now must be true or false"),
        (dict(extra=1), r"a save has exactly the fields"),
    ]
    for change, message in cases:
        with pytest.raises(ValueError, match=message):
            StealWarGame.from_json(edit(game, **change))


def v1(game: StealWarGame, **changes: Any) -> str:
    return json.dumps(dict(json.loads(_dumps_v1(game)), **changes))


def test_version_1_saves_are_refused_naming_their_deal() -> None:
    """Issue 28: a version-1 save holds no decisions, so no replay can check it; it is refused,
    every field as it is (the issue's bad ones included: see tests/variants/test_steal_v1_refused.py)."""
    game = played()
    with pytest.raises(ValueError, match=r"version 1 .*no longer loads.*StealWarGame\(2, seed="):
        StealWarGame.from_json(_dumps_v1(game), (greedy, always_steal))
    cases = [
        ("[" * 100_000 + "]" * 100_000, r"cannot be read as JSON \(RecursionError\)"),
        (json.dumps({"format": "war_widget.steal_war", "version": 2, "deal": [[[[]]]] * 3}), r"exactly the fields"),
        (v1(game, winner="x"), r"version 1"),
        (v1(game, seed=-5, phase="dance"), r"version 1 .*decisions a replay would check it by$"),
    ]
    for text, message in cases:
        with pytest.raises(ValueError, match=message):
            StealWarGame.from_json(text)


# --- fuzzing: nothing but ValueError escapes, and what loads plays on with every card -------------
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**65) | st.floats(allow_nan=True) | st.text(max_size=5)
    | st.sampled_from(["#KS", "KS", "play", "steal", "look", "over", "Stolen"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=10)
_GAME = played(beats=40)
SAVES = [_GAME.to_json(), _dumps_v1(_GAME), StealWarGame(3, 4).to_json()]


@st.composite
def mutated(draw: st.DrawFn) -> str:
    state = json.loads(draw(st.sampled_from(SAVES)))
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(sorted(state)))
        value = state[key]
        if isinstance(value, list) and value and draw(st.booleans()):
            value[draw(st.integers(0, len(value) - 1))] = draw(json_values)
        elif draw(st.booleans()):
            del state[key]
        else:
            state[key] = draw(json_values)
    return json.dumps(state)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(mutated(), json_values.map(json.dumps)))
def test_fuzz_from_json_raises_only_value_error(text: str) -> None:
    try:
        players = StealWarGame.from_json(text).players
    except ValueError as exc:
        assert str(exc) and len(str(exc)) < 600
        return
    game = StealWarGame.from_json(text, (greedy, always_steal, greedy, greedy)[:players])
    total = sum(game.counts) + len(game.table)
    for _ in range(300):
        if game.step() is None:
            break
        assert sum(game.counts) + len(game.table) == total
