"""Issue 28, "Saves and messages": a short tampered save made the loader replay 5,000,000 beats
(155 s of CPU) before refusing it.  What a save claims (its beats, its round) is bounded by what
the game could honestly hold before anything is replayed, and the replay stops as soon as it
passes the round the save claims: each attack is refused within a second."""
from __future__ import annotations

import json
import time
from typing import Any

import pytest

from war_widget import Game, Rules, StealWarGame
from war_widget.game.save_check import MAX_ROUNDS, beats_per_round


def save(preset: str, round_limit: int | None = -1, **changes: Any) -> str:
    rules = Rules.preset(preset) if round_limit == -1 else Rules.preset(preset).replace(round_limit=round_limit)
    game = Game(rules, seed=11)
    for _ in range(5):
        game.play_round()
    state = json.loads(game.to_json())
    check = dict(state["check"], **changes.pop("check", {}))
    return json.dumps(dict(state, check=check, **changes))


ATTACKS = {
    "5,000,000 beats in 5 rounds (classic)": save("classic", beats=5_000_000),
    "5,000,000 beats in round 40 (classic, 40 rounds at most)": save("classic", beats=5_000_000, check={"round": 40}),
    "round 1,600,000 with no round limit": save("pagat", beats=5_000_000, check={"round": 1_600_000}),
    "5,000,000 beats claimed in round 19,999 with no round limit": save("pagat", beats=5_000_000,
                                                                        check={"round": MAX_ROUNDS - 1}),
    # a game that loops for ever (bicycle: no shuffle) under a huge round limit (no cycle check):
    # the save, 5,000,000 beats in the round they reach; then the same beats claimed early
    "a looping game: 5,000,000 beats in round 1,428,572": save("bicycle", 10**9, beats=5_000_000,
                                                               check={"round": 1_428_572}),
    "a looping game: 3,000,000 beats claimed by round 19,999": save("bicycle", 10**9, beats=3_000_000,
                                                                    check={"round": MAX_ROUNDS - 1}),
    "a looping game: 1,000,000 beats claimed by round 19,999": save("bicycle", 10**9, beats=1_000_000,
                                                                    check={"round": MAX_ROUNDS - 1}),
    "round 41 of a 40-round game": save("classic", beats=200, check={"round": 41}),
}


@pytest.mark.parametrize("name", sorted(ATTACKS))
def test_a_tampered_short_save_is_refused_within_a_second(name: str) -> None:
    text = ATTACKS[name]
    assert len(text) < 1200
    started = time.process_time()
    with pytest.raises(ValueError, match=r"not a valid saved game: .*(round|beats)"):
        Game.from_json(text)
    assert time.process_time() - started < 1.0, name


def test_honest_saves_still_load_long_games_included() -> None:
    for preset in ("classic", "pagat", "kids", "tod_und_leben", "place_value"):
        game = Game(preset, seed=3)
        game.play_to_end(max_rounds=3000)
        for text in (game.to_json(),):
            back = Game.from_json(text)
            assert back.counts == game.counts and back.round_number == game.round_number
        assert game.beats <= (game.round_number + 1) * beats_per_round(54, 2)
    looping = Game(Rules.preset("bicycle").replace(round_limit=10**9), seed=0)
    looping.play_to_end(max_rounds=MAX_ROUNDS)            # the longest game a save holds: loads
    assert Game.from_json(looping.to_json()).round_number == MAX_ROUNDS
    looping.play_round()
    with pytest.raises(ValueError, match="cannot be saved"):
        looping.to_json()


def test_a_tampered_steal_war_log_is_refused_within_a_second() -> None:
    game = StealWarGame(2, 5)
    for _ in range(20):
        if game.to_act is not None:
            game.apply(game.legal_actions()[0])
        else:
            game.step()
    state = json.loads(game.to_json())
    for log, check_round in (([5_000_000], state["check"]["round"]), ([5_000_000], MAX_ROUNDS - 1),
                             ([1_000] * 5_000, 3)):
        started = time.process_time()
        with pytest.raises(ValueError, match="not a valid saved Steal War game"):
            StealWarGame.from_json(json.dumps(dict(state, log=log, check=dict(state["check"], round=check_round))))
        assert time.process_time() - started < 1.0, (len(log), check_round)
    assert StealWarGame.from_json(game.to_json()).counts == game.counts
