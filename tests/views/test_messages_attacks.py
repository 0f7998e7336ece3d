"""Issue 28, "Saves and messages": a browser message's numbers (``round``, ``war``, ``seat``) of
infinity, NaN or a huge value raised OverflowError out of the component's handler (the click was
lost, nothing said); a save's ``time_used`` of 10**400 raised OverflowError on resume.  Now each
is answered with a notice naming the field and the game is unchanged; a bad ``time_used`` is a
clear ValueError (the Resume button says it)."""
from __future__ import annotations

import math
import sqlite3
from pathlib import Path

import pytest

from war_widget import WarWidget

BAD = [math.inf, -math.inf, math.nan, 1e308, 10**400, "inf", [], {"x": 1}, True]


@pytest.mark.parametrize("value", BAD, ids=repr)
@pytest.mark.parametrize("field", ["round", "war"])
def test_a_goto_message_with_a_bad_number_is_answered_with_a_notice(field: str, value: object) -> None:
    w = WarWidget(records=False, seed=4)
    for _ in range(3):
        w.flip()
    before = w.session.game.to_json()
    message = {"round": 1, "war": 0, field: value}
    w.click("goto", **message)                        # no OverflowError escapes
    assert field in w.session.notice and "whole number" in w.session.notice
    assert w.session.game.to_json() == before
    w.click("goto", round=1.0)                        # a whole float is a number: the jump is made
    assert w.session.game.round_number == 1


@pytest.mark.parametrize("value", BAD, ids=repr)
def test_a_press_message_with_a_bad_seat_is_answered_with_a_notice(value: object) -> None:
    w = WarWidget(records=False, seed=4, mode="two_player")
    w.click("press", seat=value)
    assert "seat" in w.session.notice and w.session.game.round_number == 0
    w.click("press", seat=0)
    w.click("press", seat=1)
    assert w.session.game.round_number == 1           # the next clicks play


@pytest.mark.parametrize("text", ["1e400", "-1e400", "NaN", "1" + "0" * 400, '"soon"', "-5"])
def test_a_saved_time_used_that_is_not_a_number_of_seconds_is_refused_clearly(tmp_path: Path, text: str) -> None:
    """Resume refuses it with a ValueError naming ``time_used`` (10**400 raised OverflowError);
    the Resume button says so in the notice, and the table stays at its own game."""
    path = tmp_path / "records.json"
    w = WarWidget(records=path, seed=8, time_limit=180)
    for _ in range(3):
        w.flip()
    db = sqlite3.connect(tmp_path / "records.sqlite3")
    row = db.execute("SELECT data FROM games").fetchone()[0]
    assert '"time_used":' in row
    start = row.index('"time_used":') + len('"time_used":')
    end = min(i for i in (row.find(",", start), row.find("}", start)) if i >= 0)
    db.execute("UPDATE games SET data = ?", (row[:start] + text + row[end:],))
    db.commit()
    db.close()
    table = WarWidget(records=path)
    assert table.session.saved_offer() is not None
    with pytest.raises(ValueError, match="time_used must be a finite number of seconds"):
        table.session.resume()
    table.click("resume")                             # the button: a notice, never a traceback
    assert "time_used" in table.session.notice and table.session.game.round_number == 0
