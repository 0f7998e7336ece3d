"""The table component draws what the session's TableView lists (issue 18): under a school preset
its beats carry every seat's two or three face-up cards, the sentence with both values and the
aid, exactly as the session made them.  Python side only (tests/browser draws them)."""
from __future__ import annotations

import pytest

from war_widget.game.events import Compared
from war_widget.session.beat import Shown
from war_widget.views.component import TableComponent


@pytest.mark.parametrize("preset, k", [("addition", 2), ("subtraction", 2), ("multiplication", 2),
                                       ("place_value", 3)])
def test_the_components_beats_carry_k_cards_a_seat_and_both_values(preset: str, k: int) -> None:
    table = TableComponent(preset, seed=3, aids=True, chart=False)
    shown: list[Shown] = []
    table.play.session.subscribe(shown.append)
    table.flip()
    flip, compare = (next(b for b in table.beats if b["kind"] == kind) for kind in ("flip", "compare"))
    up = [seat for seat, _code, face_up, battle in flip["view"]["table"] if face_up and battle == 1]
    assert up == [0] * k + [1] * k
    session_beat = next(b for s in shown for b in s.beats if isinstance(b.event, Compared))
    event = session_beat.event
    assert isinstance(event, Compared) and len(event.values) == 2
    assert compare["say"] == session_beat.sentence and compare["view"]["aid"] == session_beat.view.aid
    for _, value in event.values:                 # the sentence and the aid state both values
        assert str(value) in compare["say"] and str(value) in compare["view"]["aid"]
    assert [c for _, c, _, _ in flip["view"]["table"]] == [c.code for _, c in event.cards]
    assert any(b["kind"] == "collect" for b in table.beats)
