"""Flip always turns cards while the game goes on (found by the session state machine with a
random seed: with 3-4 players, Step through the collect of a round in which a player runs out,
then Flip: the flip showed only "Player 2 has no cards left and is out." and no round)."""
from __future__ import annotations

from typing import Any

import pytest

from war_widget.game.engine import Game
from war_widget.game.events import Event
from war_widget.session.war import WarSession


def _events(game: Game) -> list[Event]:
    seen: list[Event] = []
    game.subscribe(seen.append)
    game.play_to_end(max_rounds=2000)
    return seen


@pytest.mark.parametrize("preset", ["three_down", "razboi", "classic"])
@pytest.mark.parametrize("mode", ["cpu", "two_player"])
def test_flip_after_a_stepped_collect_plays_the_out_beat_and_the_next_round(preset: str, mode: str) -> None:
    for seed in range(40):
        session = WarSession(preset, seed=seed, mode=mode, speed="fast")
        session.set_option("players", 4)
        probe = Game.from_code(session.game.code or "")
        events = _events(probe)
        out_rounds = [e.round for e in events if e.kind == "out"]
        if not out_rounds or probe.outcome is None or out_rounds[0] == probe.round_number:
            continue        # a game whose first player out is not in its last round
        round_of_out = out_rounds[0]
        # Step to the collect of that round: its out beat is due, no round is
        while True:
            event = session.step()
            assert event is not None
            if event.kind == "collect" and session.game.round_number == round_of_out:
                break
        shown: list[Any] = []
        session.subscribe(shown.append)
        if mode == "two_player":
            for seat in range(4):
                session.press(seat)
        else:
            session.flip()
        kinds = [b.event.kind for s in shown for b in s.beats]
        assert kinds[0] == "out" and "flip" in kinds, kinds
        assert session.game.round_number == round_of_out + 1 or session.game.is_over
        return
    raise AssertionError(f"no {preset} game of 4 players in 40 seeds has a player out before its end")
