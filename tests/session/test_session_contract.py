"""The War session on the contract of the Steal War and Casino War sessions (``told.Told``):
the narration, ``subscribe``, a ``beat.Update`` after every action, ``attempt``; autoplay as a
flag the view ticks (no asyncio task of its own); the time limit counted from the page's clock
messages (``keep_time``: one view at a time, no time while no page is shown);
the record kept in the records store in memory when no records are given."""
from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from war_widget.game.engine import Game
from war_widget.session import records as records_module
from war_widget.session.beat import Shown, Update
from war_widget.session.casino import CasinoSession
from war_widget.session.clock import STEP_MAX
from war_widget.session.records import Records
from war_widget.session.steal import StealSession
from war_widget.session.store import RecordsStore
from war_widget.session.told import Told
from war_widget.session.war import WarSession

SESSION_DIR = Path(__file__).resolve().parents[2] / "war_widget" / "session"


@pytest.mark.parametrize("make", [lambda: WarSession(seed=4), lambda: StealSession(seed=4),
                                  lambda: CasinoSession(seed=4)], ids=["war", "steal", "casino"])
def test_the_three_sessions_tell_their_views_the_same_way(make):
    s = make()
    assert isinstance(s, Told)
    told: list[Update] = []
    unsubscribe = s.subscribe(told.append)
    act = s.flip if not isinstance(s, CasinoSession) else s.deal
    shown = s.attempt(act)
    assert told and all(isinstance(u, s.shown_type) and isinstance(u, Update) for u in told)
    assert shown is None or shown is told[-1]
    assert s.narration and isinstance(s.narration[-1], str)
    unsubscribe()
    count = len(told)
    s.attempt(act)
    assert len(told) == count                     # unsubscribed: told nothing more


def test_war_returns_the_shown_it_tells_and_refuses_a_move_in_the_narration():
    s = WarSession(seed=4)
    told: list[Shown] = []
    s.subscribe(told.append)
    s.flip()
    assert told[-1].action == "flip" and told[-1].beats and told[-1].animate
    assert told[-1].beats[-1].log_end == len(s.narration) == len(s.narration_log)
    lines = len(s.narration)
    assert s.attempt(s.press, 9) is None          # not a seat: said, never raised
    assert told[-1].action == "refused" and len(s.narration) == lines + 1
    assert "player must be a seat number" in s.narration[-1]


def test_autoplay_is_a_flag_the_view_ticks_and_starts_no_task_in_a_running_loop():
    async def main() -> tuple[set[asyncio.Task[object]], int, int, bool]:
        s = WarSession(seed=5, speed="fast")
        s.autoplay(True)
        tasks = asyncio.all_tasks() - {asyncio.current_task()}
        await asyncio.sleep(0.05)    # the loop runs: a task would play (there is none)
        alone = s.game.round_number
        s.ticks(3)
        return tasks, alone, s.game.round_number, s.autoplay_on

    tasks, alone, played, on = asyncio.run(main())
    assert tasks == set() and alone == 0 and played == 3 and on
    assert not hasattr(WarSession, "_autoplay_loop") and not hasattr(WarSession(seed=5), "autoplay_task")


def test_autoplay_stops_at_the_end_of_the_game():
    s = WarSession(seed=6, rules="classic")
    s.autoplay(True)
    s.ticks(2)
    assert s.game.round_number == 2 and s.autoplay_on
    s.autoplay(False)
    assert not s.autoplay_on and s.game.round_number == 2
    s.autoplay(True)
    while not s.game.is_over:
        s.tick()
    assert not s.autoplay_on
    s.autoplay(True)                              # a game that is over does not autoplay
    assert not s.autoplay_on


def _timed(limit: float = 5, **kwargs: object) -> tuple[WarSession, list[str], list[float]]:
    """A time-limited session on a fake kernel clock, and the actions it tells its views."""
    now = [0.0]
    s = WarSession(seed=3, time_limit=limit, clock=lambda: now[0], **kwargs)  # type: ignore[arg-type]
    actions: list[str] = []
    s.subscribe(lambda shown: actions.append(shown.action))
    return s, actions, now


def test_the_time_limit_counts_the_pages_clock_messages_and_ends_the_game_on_time():
    s, actions, now = _timed(5)
    s.keep_time(1.0)                              # not started: the first action starts the limit
    assert s.time_left == 5 and not s.time_running
    s.flip()
    assert s.time_running
    now[0] += 600                                 # the kernel's time alone (no page shown) counts nothing
    s.flip()
    assert s.time_left == 5 and not s.game.is_over
    for second in range(1, 5):
        now[0] += 1
        s.keep_time(1.0, "page")
        assert s.time_left == pytest.approx(5 - second) and actions[-1] == "clock"
        assert f"0:0{5 - second} left" in s.progress()[1]
    s.keep_time(1.0, "page")                      # nobody presses anything: the time is up
    o = s.game.outcome
    assert s.game.is_over and o is not None and o.reason.name == "TIME" and actions[-1] == "time_up"
    assert "Time is up." in s.narration and not s.time_running
    told = len(actions)
    s.keep_time(1.0, "page")                      # over: counts nothing, tells nothing
    assert len(actions) == told and s.time_left == 0


def test_two_views_of_one_table_do_not_run_the_clock_twice_as_fast():
    s, _, now = _timed(60)
    s.flip()
    for _ in range(10):                           # two pages, each saying its second, half a second apart
        now[0] += 0.5
        s.keep_time(1.0, "a")
        now[0] += 0.5
        s.keep_time(1.0, "b")
    assert s.time_left == pytest.approx(50)       # 10 s, not 20
    for _ in range(3):                            # "a" closed: "b" keeps the time after clock.HANDOVER
        now[0] += 1
        s.keep_time(1.0, "b")
    assert s.clock.keeper == "b" and s.time_left == pytest.approx(49)
    now[0] += 1
    s.keep_time(1.0, "b")
    assert s.time_left == pytest.approx(48)


def test_a_page_that_slept_a_new_game_and_a_resumed_save_count_only_the_time_shown():
    s, _, now = _timed(60)
    s.flip()
    s.keep_time(3600.0, "page")                   # a message after a night: at most clock.STEP_MAX
    assert s.time_left == pytest.approx(60 - STEP_MAX)
    saved = s._settings()
    s.new_game()                                  # a new game: the full time, waiting for its first action
    s.keep_time(1.0, "page")
    assert s.time_left == 60 and not s.time_running
    assert s.resume({"game": Game("classic", seed=3).to_json(), **saved})
    s.keep_time(1.0, "page")                      # resumed: its time used, and no time until it is played
    assert s.time_left == pytest.approx(60 - STEP_MAX)
    s.flip()
    now[0] += 1
    s.keep_time(1.0, "other")                     # a view of the resumed game: it keeps the time
    assert s.time_left == pytest.approx(59 - STEP_MAX)


@pytest.mark.parametrize("seconds", [-1, float("nan"), float("inf"), "1", True, None, 10**400],
                         ids=["negative", "nan", "inf", "text", "bool", "none", "huge"])
def test_a_clock_message_that_is_not_a_number_of_seconds_is_refused(seconds):
    s, _, _ = _timed(60)
    s.flip()
    with pytest.raises(ValueError, match=r"keep_time\(seconds\): seconds must be"):
        s.keep_time(seconds)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"keep_time\(view\)"):
        s.keep_time(1.0, 7)  # type: ignore[arg-type]
    assert s.time_left == 60


def test_no_event_loop_timer_or_thread_in_the_sessions():
    """The browser owns both clocks (autoplay's and the time limit's): no code of session/ runs by
    itself."""
    found = [f"{path.name}:{n}: {line.strip()}" for path in sorted(SESSION_DIR.glob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\basyncio\b|call_later|call_soon|get_running_loop|create_task|threading|Timer\(", line)]
    assert found == [], found
    assert not hasattr(WarSession(seed=1), "second_hand")


def test_no_records_given_the_record_is_kept_in_the_records_store_in_memory():
    s = WarSession(seed=8, rules="classic")
    store = s.keeping.store
    assert isinstance(store, Records) and isinstance(store.store, RecordsStore) and store.path is None
    assert s.record == {"games": 0, "wins": 0, "losses": 0, "draws": 0, "current_streak": 0, "best_streak": 0}
    s.fast_forward()
    assert s.game.is_over and s.record is not None and s.record["games"] == 1
    s.new_game()
    s.fast_forward()
    assert s.record["games"] == 2 and s.record["wins"] + s.record["losses"] + s.record["draws"] == 2
    assert s.saved_offer() is None                # in memory no game in progress is kept to resume
    s.reset_records()
    assert s.record["games"] == 0


def test_a_python_without_sqlite3_plays_on_with_no_record(monkeypatch):
    def no_store(path: object) -> Records:
        raise OSError("the records store needs Python's sqlite3 module, which this Python lacks")

    monkeypatch.setattr(records_module, "Records", no_store)
    assert records_module.in_memory() is None
    s = WarSession(seed=8, rules="classic")
    assert s.keeping.store is None and s.record is None and not s.recording
    s.fast_forward()
    s.set_records(True)
    s.reset_records()
    assert s.game.is_over and s.record is None


def test_records_in_memory_are_the_store_with_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = WarSession(game=Game.from_hands("classic", [["KS"], ["7H"]]))
    s.flip()
    s.fast_forward()
    assert list(tmp_path.iterdir()) == []         # nothing written anywhere
