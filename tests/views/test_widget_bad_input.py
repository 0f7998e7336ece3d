"""Bad arguments to the War widget (issue 19): each a clear ValueError naming what is allowed,
never a traceback from deep inside, a hang, or a value accepted that breaks the first flip."""
from __future__ import annotations

import math
import os
import threading

import pytest

from war_widget import StealWarWidget
from war_widget.views.war import WarWidget


@pytest.mark.parametrize("records", [1, 3.5, b"x.json", None, ["a.json"], ""])
def test_records_must_be_true_false_or_a_path(records):
    with pytest.raises(ValueError, match="records must be"):
        WarWidget(records=records)


def test_a_fifo_as_records_file_is_refused_at_once_not_waited_on(tmp_path):
    fifo = tmp_path / "records.json"
    os.mkfifo(fifo)
    result: list[BaseException | None] = []

    def make() -> None:
        try:
            WarWidget(records=fifo)
            result.append(None)
        except BaseException as exc:  # noqa: BLE001 - the test reports what it got
            result.append(exc)
    thread = threading.Thread(target=make, daemon=True)
    thread.start()
    thread.join(20)
    assert result, "WarWidget(records=<a FIFO>) blocked"
    assert isinstance(result[0], ValueError) and "regular file" in str(result[0])


def test_a_deeply_nested_records_file_is_set_aside_and_play_goes_on(tmp_path):
    path = tmp_path / "records.json"
    path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    w = WarWidget(seed=3, records=path)
    w.flip()
    assert w.game.round_number == 1 and w.notice      # said, not a RecursionError
    assert w.record is None or w.record["games"] == 0


@pytest.mark.parametrize("limit", [math.inf, -math.inf, math.nan, 0, -5, 10 ** 400, True, "180"])
def test_time_limit_must_be_a_positive_finite_number(limit):
    with pytest.raises(ValueError, match="time_limit must be a positive"):
        WarWidget(records=False, time_limit=limit)


@pytest.mark.parametrize("clock", ["x", 5, lambda: "soon", lambda: math.nan, lambda x: 1.0])
def test_clock_must_be_a_function_returning_seconds(clock):
    with pytest.raises(ValueError, match="clock must"):
        WarWidget(records=False, clock=clock)


def test_resume_with_a_bad_time_used_is_a_clear_error_and_the_button_says_so(tmp_path):
    path = tmp_path / "records.json"
    first = WarWidget(seed=5, records=path)
    first.flip()
    store = first.session.keeping.store
    saved = store.saved_game
    for bad in ("x", math.nan, -1, math.inf):
        with pytest.raises(ValueError, match="time_used"):
            first.session.resume({**saved, "time_used": bad})
    store.save_game({**saved, "time_used": "x"})
    w = WarWidget(records=path)
    w.click("resume")                  # the button: a notice, not a traceback
    assert "time_used" in w.notice and w.game.round_number == 0


@pytest.mark.parametrize("n", ["3", 2.5, -1, None, True])
def test_autoplay_ticks_wants_a_whole_number(n):
    w = WarWidget(seed=1, records=False)
    with pytest.raises(ValueError, match="whole number"):
        w.autoplay_ticks(n)
    assert w.game.round_number == 0


@pytest.mark.parametrize("method", ["autoplay", "set_records", "set_aids", "set_guess"])
@pytest.mark.parametrize("value", ["no", "yes", 0, 1, None])
def test_switches_take_true_or_false_only(method, value):
    w = WarWidget(seed=1, records=False)
    with pytest.raises(ValueError, match="must be True or False"):
        getattr(w, method)(value)
    assert not w.autoplaying and w.record is None


def test_steal_war_widget_game_must_be_a_steal_war_game():
    for bad in (5, "game", object()):
        with pytest.raises(ValueError, match="StealWarGame"):
            StealWarWidget(game=bad)


@pytest.mark.parametrize("kwargs", [{"mode": "solo"}, {"speed": 3}, {"lang": "fr"}, {"opponent": "hard"},
                                    {"aids": "no"}, {"guess": 1}, {"seed": 1, "code": "classic-1"},
                                    {"game": "classic"}])
def test_other_arguments_are_checked_too(kwargs):
    with pytest.raises(ValueError):
        WarWidget(records=False, **kwargs)
